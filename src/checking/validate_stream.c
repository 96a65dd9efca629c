/*
 * validate_stream.c: what a stream (stream.c) asks of the validator (SPEC
 * §12.2): the elements of a list validated as they become whole. The
 * whole text is then validated with those runs (tsig_known) stepped over
 * instead of read again (tsig_validate_with_known, in validate.c with
 * the list reading that steps over them).
 */
#include "validator.h"

/* The validator a stream's list elements are read by, set up once for
 * the stream and made ready again for each reading (this runs once per
 * chunk of a stream, and setting up a validator costs what reading a
 * few elements does). */
struct tsig_elements {
    validator v;
    store st;
    tsig_error err;
    int ready; /* v was set up (tsig_validator_init) */
};

tsig_elements *tsig_elements_new(void)
{
    return calloc(1, sizeof(tsig_elements));
}

void tsig_elements_free(tsig_elements *e)
{
    if (!e) return;
    if (e->ready) tsig_validator_release(&e->v);
    tsig_store_release(&e->st);
    free(e);
}

/* e's validator, reading list elements from text[at..len), as at nesting
 * depth depth: quiet (a cut-short reading writes no error), stopping at
 * the first message. 0 when there is nothing to validate (too deep, or
 * validation disabled). */
static validator *element_validator(tsig_elements *e, int input, const char *text, size_t len,
                                    size_t at, size_t depth, const tsig_validate_options *opts)
{
    size_t max_depth = tsig_depth_limit(opts);
    if (depth >= max_depth || opts->mode == TSIG_MODE_DISABLED) return NULL;
    validator *v = &e->v;
    /* what a reading left in the store (a message: it stopped there) */
    if (e->st.arena.head || e->st.errors || e->st.warnings || e->st.value) {
        tsig_store_release(&e->st);
        memset(&e->st, 0, sizeof e->st);
    }
    e->err.code = TSIG_OK;
    /* read from the element: a failure's line and column cost the bytes
     * read, not the text's */
    if (!e->ready || v->input != input || !tsig_validator_again(v, text + at, len - at, max_depth - depth)) {
        if (e->ready) tsig_validator_release(v);
        tsig_validator_init(v, &e->st, text + at, len - at, max_depth - depth, &e->err, input, opts);
        e->ready = 1;
    }
    v->j.quiet = 1;
    v->max_errors = 1;
    return v;
}

size_t tsig_validate_elements(tsig_elements *e, const tsig_type *elem, int input, const char *text,
                              size_t len, size_t at, size_t depth,
                              const tsig_validate_options *opts, size_t *count, size_t *waits)
{
    *count = *waits = 0;
    validator *v = elem ? element_validator(e, input, text, len, at, depth, opts) : NULL;
    if (!v) return 0;
    const char *src = text + at;
    size_t n = len - at, last = 0, pos = 0;
    for (;;) {
        size_t end = check_fast(v, elem, pos);
        /* whole (a number or a literal at the end of what came may go
         * on), and nothing said or changed */
        if (!end || end >= n || v->emitted || v->changed) {
            /* cut short by the end of the text alone, nothing wrong in
             * it so far (a value of a kind its type never takes is wrong
             * at its first byte: the stream's reader judges it there) */
            if (!v->emitted && !v->changed && !v->wrong_kind &&
                (end >= n || (v->j.code == TSIG_ERR_JSON && v->j.pos >= n)))
                *waits = at + pos;
            break;
        }
        ++*count;
        last = end;
        pos = tsig_json_ws(&v->j, end);
        if (pos >= n || src[pos] != ',') break;
        pos = tsig_json_ws(&v->j, pos + 1);
        if (pos >= n) break;
    }
    return last ? at + last : 0;
}

int tsig_validate_element(tsig_elements *e, const tsig_type *elem, int input, const char *text,
                          size_t at, size_t end, size_t depth, const tsig_validate_options *opts,
                          const tsig_known *known, size_t known_count)
{
    validator *v = elem ? element_validator(e, input, text, end, at, depth, opts) : NULL;
    if (!v) return 0;
    tsig_validator_know(v, known, known_count);
    v->known.base = at;
    return tsig_check_value(v, elem, 0) == end - at && !v->emitted && !v->changed;
}
