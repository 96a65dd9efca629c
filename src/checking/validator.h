/*
 * validator.h: the state of one validation and what the validator's files
 * share (other stages see internal.h only); functions are described where
 * they are defined.
 *
 *   validate.c          the traversal, the modes, the passes, the entries;
 *                       the hot path: scalars, lists, maps keyed as declared
 *   validate_map.c      the rest of typed maps: keys found, maps located,
 *                       extra fields, strict, ambiguous keys, defaults
 *   validate_union.c    unions (trials rolled back, choices remembered) and
 *                       the coercions into lists and maps that try values
 *   validate_message.c  messages, echoes of values, the result
 *   validate_stream.c   list elements validated as a stream makes them whole
 *   validate_feed.c     the validator fed in chunks: the push reader's steps
 *                       followed, the elements above, early errors judged
 *
 * What each value goes through (check_fast and the helpers below) is
 * static inline here, so every file that reads values inlines it.
 */
#ifndef TSIG_VALIDATOR_H
#define TSIG_VALIDATOR_H

#include "internal.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define NONE ((size_t)-1)

/* What SPEC §11 added (enums, unions, refinements, coercions into lists
 * and maps) stays out of the hot path's code (TSIG_COLD): v1 signatures
 * pay nothing. The hot path's shape: what each value goes through inline,
 * the rest called. */
#if defined(__GNUC__) && !defined(__OPTIMIZE_SIZE__)
#define NOINLINE TSIG_NOINLINE
#define HOT_INLINE TSIG_ALWAYS_INLINE
#else
#define NOINLINE
#define HOT_INLINE inline
#endif

enum issue_kind {
    ISSUE_ERROR,  /* a validation error: a warning in warn_only */
    ISSUE_HARD,   /* a repeated key: an error in every mode */
    ISSUE_WARNING /* a coercion */
};

/* What a result owns (tsig_result.internal_). */
typedef struct store {
    tsig_arena arena; /* messages, paths, segments */
    tsig_issue *errors;
    size_t error_count, error_cap, errors_dropped;
    tsig_issue *warnings;
    size_t warning_count, warning_cap, warnings_dropped;
    char *value;
} store;

/* One declared field of an open typed map. Streaming keeps where the
 * first key that named it starts (NONE: not yet named); located keeps the
 * chain of its members. */
typedef struct slot {
    size_t key_at;
    size_t first, last; /* located: member indexes, NONE when absent */
} slot;

enum member_status {
    MEMBER_FIRST,     /* first key of a declared field */
    MEMBER_DUPLICATE, /* the same key again */
    MEMBER_AMBIGUOUS, /* another spelling of a declared field */
    MEMBER_EXTRA,     /* not in the signature */
    MEMBER_EXTRA_DUPLICATE
};

/* One member of a typed map read located. */
typedef struct member {
    tsig_json_span key;
    size_t field; /* the declared field it names, NONE for none */
    size_t value_at;
    size_t next;  /* next member of the same field */
    size_t other; /* the member an ambiguous key competes with */
    int status;
} member;

/* Place of the messages of an open map, to take them back. */
typedef struct mark {
    size_t errors, warnings, errors_dropped, warnings_dropped, emitted;
} mark;

/* The member a union chose for the value at offset at of text number text
 * (0: the text validated; others: JSON read from strings, defaults), with
 * coercions or not: trials of enclosing unions read the same value again,
 * and would otherwise try its members again, 2^depth times. */
/* A union's choice (or a wrap's) for one value: its key is the union, the
 * text, the value's offset and whether arguments are read, as bytes (the
 * offsets come from the data, so they are found through hash.c's keyed
 * table like any other key). */
#define CHOICE_KEY (sizeof(void *) + 2 * sizeof(size_t) + 1)
typedef struct choice {
    char key[CHOICE_KEY];
    size_t member;
} choice;

/*
 * One validation. Everything the reading needs lives here and is reused
 * across the whole text: the path of the value being read, the keys of
 * open objects, the declared fields of open typed maps (slots, a stack:
 * each open map pushes one per field), the members of maps read located
 * (also a stack), and the scratch buffers of messages. Small inputs never
 * allocate beyond the validator itself and the result.
 */
typedef struct validator {
    tsig_json j;
    int input;         /* validate_input: coercions, signature spelling */
    int doubles;       /* TSIG_NUMBERS_ARE_DOUBLES: int for :float kept */
    tsig_mode mode;
    size_t max_errors;
    int writing;       /* pass 2: write, report nothing */
    tsig_strbuf *out;
    int changed;
    size_t emitted;    /* messages produced (kept or counted) */
    int wrong_kind;    /* a value of a kind its type never takes was met
                        * (outside trials), whole or not */
    store *st;
    tsig_json_keys keys;
    tsig_json_walker walker;
    slot *slots;
    size_t slot_count, slot_cap;
    member *members;
    size_t member_count, member_cap;
    size_t *located;   /* offsets of maps read located, a set: */
    size_t located_count, located_cap;
    tsig_table located_set; /* begun with the first: entry = index in located */
    tsig_field_finder fields; /* fields of big typed maps by key */
    tsig_strbuf msg;   /* the message being built */
    tsig_strbuf scratch;
    int pending_warning; /* the message being built goes to warnings */
    /* Unions (SPEC §11.3): members are tried with messages counted, not
     * kept (trial > 0); errors_seen counts errors as they would be before
     * warn_only demotes them. */
    size_t trial;
    size_t errors_seen;
    tsig_strbuf text;    /* a coerced number, a discriminator's key */
    choice *choices;     /* the choices made, */
    size_t choice_count, choice_cap;
    tsig_table choice_set; /* found by key: entry = index in choices */
    size_t text_id, text_seq; /* the text being read; texts read so far */
    size_t outer_at, outer_end; /* text_id != 0: the string in the text
                                   validated that held it, every message's span */
    /* Values known to validate (tsig_known): runs[0..count), the next one
     * runs[next], starting at at (SIZE_MAX when none is left ahead); their
     * offsets are base more than the text's (it starts inside theirs);
     * values: some are record members' values (tsig_check_value looks for
     * them; lists look at each element). One unit: a text read inside
     * another (tsig_check_inner) sets it aside whole. */
    struct known_runs {
        const tsig_known *runs;
        size_t count, next, at, base;
        int values;
    } known;
    /* Last, as they need no clearing (tsig_validator_init clears what comes
     * before them): */
    tsig_json_path path;
    slot slot_small[64];
} validator;

/* Fields of a map read in data order whose first key is remembered in a
 * bit set (the others: in their slot's key_at, NONE until named). */
#define SEEN_BITS 64

/* The state of a typed map read in data order when tsig_check_record
 * hands it to tsig_check_record_rest. */
typedef struct map_read {
    mark m;
    size_t open_at, depth, out_mark, base, step, at;
    uint64_t seen;
    size_t hint, last, data_index, max_order;
    int have_order, wrote, ok, more;
} map_read;

/* ---- validate.c */
size_t tsig_check_value(validator *v, const tsig_type *t, size_t at);
size_t tsig_check_list(validator *v, const tsig_type *t, size_t open_at);
size_t tsig_check_mismatch(validator *v, const tsig_type *t);
int tsig_check_inner(validator *v, const tsig_type *t, const char *text, size_t len,
                     size_t max_depth);
int tsig_check_bound_count(validator *v, const tsig_type *t, size_t count, size_t at, size_t end);
void tsig_validator_init(validator *v, store *st, const char *json, size_t len, size_t max_depth,
                         tsig_error *err, int input, const tsig_validate_options *o);
/* v, set up by tsig_validator_init, ready to read json[0..len) with the
 * same options, what it allocated kept and what a reading left cleared:
 * 0 when it cannot be (it holds places in the text it read), and then
 * it must be released and set up anew. */
int tsig_validator_again(validator *v, const char *json, size_t len, size_t max_depth);
void tsig_validator_release(validator *v);
/* v steps over known[0..count) (sorted by start, not overlapping; none
 * when count is 0), their offsets those of v's text. */
void tsig_validator_know(validator *v, const tsig_known *known, size_t count);

size_t tsig_check_record(validator *v, const tsig_type *t, size_t open_at);

/* ---- validate_map.c */
size_t tsig_check_record_rest(validator *v, const tsig_type *t, const map_read *r);
size_t tsig_check_record_located(validator *v, const tsig_type *t);
/* 1 iff the map at offset is read located; -1 when out of memory. Inline
 * beside its caller: the map reader of validate.c asks it for every map,
 * and a call across files kept that reader from being laid out as fast. */
static inline int tsig_located_has(validator *v, size_t offset)
{
    if (!v->located_count) return 0;
    const char *key = (const char *)&offset;
    size_t at = tsig_table_find(&v->located_set, key, sizeof offset,
                                tsig_table_hash(&v->located_set, key, sizeof offset));
    return at == TSIG_TABLE_NOMEM ? -1 : at != TSIG_TABLE_NONE;
}
size_t tsig_check_field(validator *v, const tsig_field *field, size_t at);
int tsig_slots_grow(validator *v, size_t n);

/* ---- validate_union.c */
size_t tsig_check_union(validator *v, const tsig_type *u, size_t at);
size_t tsig_coerce_into(validator *v, const tsig_type *t, size_t at, char c);

/* ---- validate_message.c */
tsig_strbuf *tsig_issue_open(validator *v, int kind);
int tsig_issue_close(validator *v, size_t steps, tsig_issue_code code, size_t at, size_t end);
void tsig_put_expected(tsig_strbuf *m, const tsig_type *t);
void tsig_echo_number(tsig_strbuf *m, const char *text, size_t len);
size_t tsig_echo_value(validator *v, tsig_strbuf *m, size_t at);
int tsig_wrong_scalar(validator *v, const tsig_type *t, size_t at, size_t end,
                      const tsig_json_span *s);
int tsig_wrong_value(validator *v, const tsig_type *t, size_t at);
int tsig_report_unexpected(validator *v, size_t at);
int tsig_report_duplicate(validator *v, const tsig_json_span *key);
int tsig_report_ambiguous(validator *v, const tsig_json_span *first, const tsig_json_span *second);
int tsig_on_duplicate_key(void *ctx, size_t first, const char *key, size_t len, size_t offset);
void tsig_store_clear(store *st);
void tsig_store_release(store *st);
int tsig_store_overflow(store *st, int warnings, size_t len);
int tsig_store_json_error(store *st, const tsig_error *err);

/* ---- list elements as a stream makes them whole (validate_stream.c),
 * for the validator fed in chunks (validate_feed.c) ---------------------- */

/* The validator a stream reads list elements with, set up once for the
 * stream, with the stream's options: NULL when out of memory. */
typedef struct tsig_elements tsig_elements;
tsig_elements *tsig_elements_new(void);
void tsig_elements_free(tsig_elements *e);

/* Validates, by e, the elements of a list of elem from text[at] (an element's
 * first byte), one after the other, read as at nesting depth depth of a
 * text validated with opts, up to the first that is not whole or does not
 * validate with no message and no change (cut short, invalid, changed), or
 * the list's end. Returns the end of the last one that does and sets
 * *count to how many do; 0 when none: what tsig_known records. *waits is
 * the start of the element after them when the text ends in it (or just
 * after it) and nothing in it was wrong or changed so far: more text may
 * make it one more; else 0. */
size_t tsig_validate_elements(tsig_elements *e, const tsig_type *elem, int input, const char *text,
                              size_t len, size_t at, size_t depth,
                              const tsig_validate_options *opts, size_t *count, size_t *waits);

/* The element of a list of elem that is text[at..end), whole, read as
 * tsig_validate_elements reads one, the runs known[0..count) in it
 * (sorted, not overlapping, offsets in text) stepped over: 1 when it
 * validates with no message and no change. */
int tsig_validate_element(tsig_elements *e, const tsig_type *elem, int input, const char *text,
                          size_t at, size_t end, size_t depth, const tsig_validate_options *opts,
                          const tsig_known *known, size_t count);

/* ---- small helpers -----------------------------------------------------
 * Inline forms of json.c's stack operations for the hot path: the common
 * case is a few stores, the rare one (growth, too deep) calls json.c.
 */

static inline int nomem(validator *v)
{
    return tsig_json_fail_code(&v->j, TSIG_ERR_NOMEM, v->j.pos, "out of memory");
}

static inline int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* tsig_json_enter at the bracket at at, with the common case inline
 * (at comes in a register: j->pos is only stored, never read back). */
static inline int enter(tsig_json *j, size_t at)
{
    j->pos = at;
    if (j->depth >= j->max_depth) return tsig_json_enter(j);
    j->depth++;
    j->pos = at + 1;
    return 1;
}

/* tsig_json_path_push, with the common case inline. */
static inline int path_push(validator *v)
{
    tsig_json_path *p = &v->path;
    if (p->count == p->cap) return tsig_json_path_push(p);
    tsig_json_seg *s = &p->segs[p->count++];
    s->key = NULL;
    s->len = s->index = 0;
    s->escaped = 0;
    return 1;
}

static inline void set_key_step(validator *v, size_t step, const char *key, size_t len,
                                int escaped)
{
    tsig_json_seg *s = &v->path.segs[step];
    s->key = key;
    s->len = len;
    s->escaped = escaped;
}

/* The unescaped text of a string read at s (in place when plain). NULL when
 * out of memory (reported). */
static inline const char *string_text(validator *v, const tsig_json_span *s, size_t *len)
{
    const char *text = tsig_json_key_text(&v->keys, s, len);
    if (!text) nomem(v);
    return text;
}

/* Reads the value at j->pos whatever it is: repeated keys reported in pass
 * 1, the value copied in pass 2 (when copy). */
static inline int walk(validator *v, int copy)
{
    tsig_json_walker *w = &v->walker;
    w->flags = v->writing ? 0 : TSIG_WALK_KEYS;
    w->out = copy ? v->out : NULL;
    return tsig_json_walk(w);
}

/* Reads the value at j->pos for its syntax only (its messages come later). */
static inline int skip(validator *v)
{
    tsig_json_walker *w = &v->walker;
    w->flags = 0;
    w->out = NULL;
    return tsig_json_walk(w);
}

/* Where the lists stand now, to take back what a map produced when it is
 * read again located. */
static inline mark mark_now(const validator *v)
{
    mark m = {v->st->error_count, v->st->warning_count, v->st->errors_dropped,
              v->st->warnings_dropped, v->emitted};
    return m;
}

static inline void mark_restore(validator *v, const mark *m)
{
    v->st->error_count = m->errors;
    v->st->warning_count = m->warnings;
    v->st->errors_dropped = m->errors_dropped;
    v->st->warnings_dropped = m->warnings_dropped;
    v->emitted = m->emitted;
}

/* ---- typed maps read in data order (validate.c and validate_map.c) ---- */

/* 1 iff a[0..n) equals b[0..n); for the short names of fields. */
static inline int same_bytes(const char *a, const char *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (a[i] != b[i]) return 0;
    return 1;
}

/*
 * The common case of a typed map: the next key (at or after whitespace at
 * at) is the field expected next, spelled as declared. A name holds no '"'
 * or '\\' and is ASCII, so when the text has '"', the name and '"' the key
 * is exactly that. Reads it (and the ':') and returns the position after
 * the ':'; returns 0, reading nothing, otherwise.
 */
static HOT_INLINE size_t expected_key_inline(validator *v, const tsig_type *t, size_t hint,
                                         size_t at, tsig_json_span *key)
{
    const tsig_json *j = &v->j;
    if (hint >= t->field_count) return 0;
    const tsig_field *f = &t->fields[hint];
    size_t n = f->name_len;
    at = tsig_json_ws(j, at);
    if (j->len - at < n + 3 || j->src[at] != '"' || j->src[at + 1 + n] != '"' ||
        !same_bytes(j->src + at + 1, f->name, n))
        return 0;
    size_t colon = tsig_json_ws(j, at + n + 2);
    if (colon >= j->len || j->src[colon] != ':') return 0;
    key->start = at + 1;
    key->len = n;
    key->flag = 0;
    return v->j.pos = colon + 1;
}

/* Writes a member's key (and ':') in pass 2: the signature's spelling for
 * a declared field in validate_input, else as written. */
static inline void write_key(validator *v, int *wrote, const tsig_field *field,
                             const tsig_json_span *key)
{
    tsig_strbuf *out = v->out;
    if (*wrote) tsig_sb_putc(out, ',');
    *wrote = 1;
    tsig_sb_putc(out, '"');
    if (field && (v->input || !key)) tsig_sb_append(out, field->name, field->name_len);
    else tsig_sb_append(out, v->j.src + key->start, key->len);
    tsig_sb_append(out, "\":", 2);
}

/* Pushes n slots, those from the first on cleared; *base gets the
 * first. 0 when out of memory. */
static inline int slots_push(validator *v, size_t n, size_t first, size_t *base)
{
    if (n > v->slot_cap - v->slot_count && !tsig_slots_grow(v, n)) return 0;
    *base = v->slot_count;
    for (size_t i = first; i < n; i++) {
        slot *s = &v->slots[v->slot_count + i];
        s->key_at = s->first = s->last = NONE;
    }
    v->slot_count += n;
    return 1;
}

/*
 * tsig_check_value for the values most texts are made of, inline where
 * fields and elements are read: a :string, an :int or a :float (not
 * refined) whose value stands at at and is of its type as written.
 * Anything else, including a value tsig_check_value would change or
 * report, is read by tsig_check_value from at (these reads have no effect
 * but j->pos).
 */
static HOT_INLINE size_t check_fast(validator *v, const tsig_type *t, size_t at)
{
    tsig_json *j = &v->j;
    if (!TSIG_FAST_READERS || at >= j->len) return tsig_check_value(v, t, at);
    char c = j->src[at];
    tsig_json_span s;
    size_t end;
    switch (t->kind) {
    case TSIG_RECORD:
        if (c == '{') return tsig_check_record(v, t, at);
        break;
    case TSIG_LIST:
        if (c == '[') return tsig_check_list(v, t, at);
        break;
    case TSIG_STRING:
        if (c != '"' || tsig_type_refined(t)) break;
        j->pos = at;
        if (!(end = tsig_json_string_end_fast(j, &s))) return 0;
        if (v->out) tsig_sb_append(v->out, j->src + at, end - at);
        return end;
    case TSIG_INT:
    case TSIG_FLOAT:
        if ((c != '-' && !is_digit(c)) || tsig_type_refined(t)) break;
        j->pos = at;
        if (!(end = tsig_json_number_end_fast(j, &s))) return 0;
        /* an int for :float is converted in validate_input (unless the
         * host's numbers are doubles); a float for :int is not an int */
        if (s.flag ? t->kind == TSIG_FLOAT && v->input && !v->doubles : t->kind == TSIG_INT)
            break;
        if (v->out) tsig_sb_append(v->out, j->src + at, end - at);
        return end;
    case TSIG_BOOL:
    case TSIG_KEYWORD:
    case TSIG_ANY:
    case TSIG_MAP:
    case TSIG_DATETIME:
    case TSIG_OPTIONAL:
    case TSIG_ENUM:
    case TSIG_UNION:
        break;
    }
    return tsig_check_value(v, t, at);
}

#endif /* TSIG_VALIDATOR_H */
