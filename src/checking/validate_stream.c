/*
 * validate_stream.c: what a stream (stream.c) asks of the validator (SPEC
 * §12.2): the elements of a list validated as they become whole. The
 * whole text is then validated with those runs (tsig_known) stepped over
 * instead of read again (tsig_validate_with_known, in validate.c with
 * the list reading that steps over them).
 */
#include "validator.h"

/* A validator for list elements read alone from text[at..len), as at
 * nesting depth depth (tsig_validate_elements, tsig_validate_element):
 * quiet (a cut-short reading writes no error), stopping at the first
 * message, its store on the caller's stack (nothing set up that is not
 * needed: this runs once per chunk of a stream). 0 when there is nothing
 * to validate (too deep, or validation disabled). */
static TSIG_NOINLINE int element_validator(validator *v, store *st, tsig_error *err,
                                           const tsig_type *elem, int input, const char *text,
                                           size_t len, size_t at, size_t depth,
                                           const tsig_validate_options *opts)
{
    size_t max_depth = tsig_depth_limit(opts);
    if (!elem || depth >= max_depth || opts->mode == TSIG_MODE_DISABLED) return 0;
    err->code = TSIG_OK;
    /* read from the element: a failure's line and column cost the bytes
     * read, not the text's */
    tsig_validator_init(v, st, text + at, len - at, max_depth - depth, err, input, opts);
    v->j.quiet = 1;
    v->max_errors = 1;
    return 1;
}

size_t tsig_validate_elements(const tsig_type *elem, int input, const char *text, size_t len,
                              size_t at, size_t depth, const tsig_validate_options *opts,
                              size_t *count, size_t *waits)
{
    *count = *waits = 0;
    store st = {0};
    tsig_error err;
    validator state, *v = &state;
    if (!element_validator(v, &st, &err, elem, input, text, len, at, depth, opts)) return 0;
    const char *src = text + at;
    size_t n = len - at, last = 0, pos = 0;
    for (;;) {
        size_t end = tsig_check_value(v, elem, pos);
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
    tsig_validator_release(v);
    tsig_store_release(&st);
    return last ? at + last : 0;
}

int tsig_validate_element(const tsig_type *elem, int input, const char *text, size_t at,
                          size_t end, size_t depth, const tsig_validate_options *opts,
                          const tsig_known *known, size_t known_count)
{
    store st = {0};
    tsig_error err;
    validator state, *v = &state;
    if (!element_validator(v, &st, &err, elem, input, text, end, at, depth, opts)) return 0;
    if (known_count) {
        v->known = known;
        v->known_count = known_count;
        v->known_at = known[0].start;
        v->known_base = at;
    }
    int ok = tsig_check_value(v, elem, 0) == end - at && !v->emitted && !v->changed;
    tsig_validator_release(v);
    tsig_store_release(&st);
    return ok;
}
