/*
 * validate.c: JSON text checked against a type tree in one pass over the
 * text (SPEC §3, §4, §5, §10), with no intermediate JSON tree.
 *
 * The type tree drives the reader of json.c: each value is read where it
 * stands and judged by the type expected there; untyped parts (:any, :map,
 * extra fields, values of the wrong type) are read by the walker, which
 * still catches repeated keys and too-deep nesting. Recursion follows the
 * type tree only, so its depth is bounded by the signature (64 levels), not
 * by the data.
 *
 * Order of messages. Errors and warnings come depth-first in declaration
 * order. A typed map is read in data order ("streaming") as long as that
 * gives the same order of messages; when a member that produces messages
 * comes after one that belongs later (or a missing field belongs before
 * one that produced messages), the messages of the map are taken back and
 * the map is read again "located": its members' places found first, then
 * read in declaration order. A located map is remembered by its offset, so
 * enclosing maps read again never read it in data order twice.
 *
 * The value. Pass 1 judges and notes whether the value must change
 * (coercion, but not an int for :float when the host's numbers are
 * doubles; a key spelled otherwise than the signature, declared fields
 * not first in signature order, a byte-order mark). Only then (or when
 * asked) pass 2 reads the text again, trusted, and writes compact JSON:
 * declared fields first in signature order, then the others in data order.
 */
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
    struct field_index *indexes; /* fields of big typed maps by key, */
    size_t index_count, index_cap;
    tsig_table index_of;    /* found by type: entry = index in indexes */
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
    /* Values known to validate (tsig_known): the next one is known_next,
     * starting at known_at (SIZE_MAX when none is left ahead); their offsets
     * are known_base more than the text's (it starts inside theirs). */
    const tsig_known *known;
    size_t known_count, known_next, known_at, known_base;
    /* Last, as they need no clearing (validator_init clears what comes
     * before them): */
    tsig_json_path path;
    slot slot_small[64];
} validator;

/* ---- small helpers -----------------------------------------------------
 * Inline forms of json.c's stack operations for the hot path: the common
 * case is a few stores, the rare one (growth, too deep) calls json.c.
 */

static int nomem(validator *v)
{
    return tsig_json_fail_code(&v->j, TSIG_ERR_NOMEM, v->j.pos, "out of memory");
}

static int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* tsig_json_enter at the bracket at at, with the common case inline
 * (at comes in a register: j->pos is only stored, never read back). */
static int enter(tsig_json *j, size_t at)
{
    j->pos = at;
    if (j->depth >= j->max_depth) return tsig_json_enter(j);
    j->depth++;
    j->pos = at + 1;
    return 1;
}

/* tsig_json_path_push, with the common case inline. */
static int path_push(validator *v)
{
    tsig_json_path *p = &v->path;
    if (p->count == p->cap) return tsig_json_path_push(p);
    tsig_json_seg *s = &p->segs[p->count++];
    s->key = NULL;
    s->len = s->index = 0;
    s->escaped = 0;
    return 1;
}

/* A typed map's key frame (for keys outside the signature) is begun only
 * when such a key comes: start is NONE until then. */
static void keys_lazy(tsig_json_keyframe *kf)
{
    kf->start = NONE;
}

static void keys_end(validator *v, tsig_json_keyframe *kf)
{
    if (kf->start != NONE) tsig_json_keys_end(&v->keys, kf);
}

/* 1 iff a[0..n) equals b[0..n); for the short names of fields. */
static int same_bytes(const char *a, const char *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (a[i] != b[i]) return 0;
    return 1;
}

/* "expected <T>": a refined type is its base, an enum "one of a, b", a
 * union "A or B" (SPEC §4, §11.3). */
static void put_expected(tsig_strbuf *m, const tsig_type *t)
{
    tsig_sb_puts(m, "expected ");
    tsig_type_label(m, t);
}

static void set_key_step(validator *v, size_t step, const char *key, size_t len,
                         int escaped)
{
    tsig_json_seg *s = &v->path.segs[step];
    s->key = key;
    s->len = len;
    s->escaped = escaped;
}

/* ---- messages ----------------------------------------------------------
 *
 * A message goes to errors or warnings by its kind and the mode; each list
 * keeps max_errors entries and counts the rest (for "too many errors: M
 * more not shown"). Every message, kept or counted, bumps v->emitted: a map
 * compares it before and after each member to know whether that member
 * produced messages (see check_record). Strings of kept messages live in
 * the result's arena.
 */

/*
 * Starts a message of the given kind: returns the cleared message buffer
 * when it will be kept, NULL when it is only counted (its list is full) or
 * not reported at all (pass 2).
 */
static tsig_strbuf *issue_open(validator *v, int kind)
{
    if (v->writing) return NULL;
    if (kind != ISSUE_WARNING) v->errors_seen++;
    if (v->trial) return NULL;
    v->emitted++;
    int warning = kind == ISSUE_WARNING ||
                  (kind == ISSUE_ERROR && v->mode == TSIG_MODE_WARN_ONLY);
    store *st = v->st;
    if (warning ? st->warning_count >= v->max_errors : st->error_count >= v->max_errors) {
        if (warning) st->warnings_dropped++;
        else st->errors_dropped++;
        return NULL;
    }
    v->pending_warning = warning;
    v->msg.len = 0;
    if (v->msg.data) v->msg.data[0] = '\0';
    return &v->msg;
}

/* Appends an issue to a list, growing it. 0 when out of memory. */
static int issue_push(tsig_issue **items, size_t *count, size_t *cap,
                      const tsig_issue *issue)
{
    if (*count == *cap) {
        size_t n = *cap ? *cap * 2 : 8;
        tsig_issue *grown = realloc(*items, n * sizeof *grown);
        if (!grown) return 0;
        *items = grown;
        *cap = n;
    }
    (*items)[(*count)++] = *issue;
    return 1;
}

/* Keeps the message built since issue_open, at the first steps of the
 * path, in the result, with its code and the span [at, end) of what it is
 * about (in a text read from a string: the string's). 0 when out of
 * memory. */
static int issue_close(validator *v, size_t steps, tsig_issue_code code, size_t at,
                       size_t end)
{
    store *st = v->st;
    tsig_strbuf *path = &v->scratch;
    path->len = 0;
    tsig_sb_reserve(path, 0); /* a buffer even for the root */
    tsig_json_path_format(path, v->path.segs, steps);
    if (v->msg.failed || path->failed || !v->msg.data) return nomem(v);

    tsig_issue issue;
    char *message = tsig_arena_strndup(&st->arena, v->msg.data, v->msg.len);
    char *where = tsig_arena_strndup(&st->arena, path->data, path->len);
    tsig_segment *segs = steps ? tsig_arena_alloc(&st->arena, steps * sizeof *segs) : NULL;
    if (!message || !where || (steps && !segs)) return nomem(v);
    for (size_t i = 0; i < steps; i++) {
        const tsig_json_seg *s = &v->path.segs[i];
        segs[i].index = s->index;
        segs[i].key = NULL;
        segs[i].key_len = 0;
        if (!s->key) continue;
        char *key = tsig_arena_alloc(&st->arena, s->len + 1);
        if (!key) return nomem(v);
        segs[i].key_len = s->escaped ? tsig_json_unescape(s->key, s->len, key) : s->len;
        if (!s->escaped) memcpy(key, s->key, s->len);
        key[segs[i].key_len] = '\0';
        segs[i].key = key;
    }
    issue.path = where;
    issue.path_len = path->len;
    issue.segments = segs;
    issue.segment_count = steps;
    issue.message = message;
    issue.message_len = v->msg.len;
    if (v->text_id) {
        at = v->outer_at;
        end = v->outer_end;
    }
    issue.code = code;
    issue.offset = at;
    issue.length = end - at;
    int ok = v->pending_warning
                 ? issue_push(&st->warnings, &st->warning_count, &st->warning_cap, &issue)
                 : issue_push(&st->errors, &st->error_count, &st->error_cap, &issue);
    return ok ? 1 : nomem(v);
}

static int skip(validator *v);

/* Where the value at (or after whitespace at) at ends, read for its
 * syntax only; *start gets its first byte and j->pos is left there. 0 when
 * the text is bad. For the span of a message that comes before its value
 * is read: only kept messages ask, and their values do not overlap. */
static size_t value_end(validator *v, size_t at, size_t *start)
{
    tsig_json *j = &v->j;
    *start = j->pos = tsig_json_ws(j, at);
    if (!skip(v)) return 0;
    size_t end = j->pos;
    j->pos = *start;
    return end;
}

/* "unexpected field" (strict mode) for the member whose value is at at. */
static int unexpected(validator *v, size_t at)
{
    tsig_strbuf *m = issue_open(v, ISSUE_ERROR);
    if (!m) return 1;
    tsig_sb_puts(m, "unexpected field");
    size_t start, end = value_end(v, at, &start);
    return end && issue_close(v, v->path.count, TSIG_ISSUE_UNEXPECTED, start, end);
}

/* Where the lists stand now, to take back what a map produced when it is
 * read again located. */
static mark mark_now(const validator *v)
{
    mark m = {v->st->error_count, v->st->warning_count, v->st->errors_dropped,
              v->st->warnings_dropped, v->emitted};
    return m;
}

static void mark_restore(validator *v, const mark *m)
{
    v->st->error_count = m->errors;
    v->st->warning_count = m->warnings;
    v->st->errors_dropped = m->errors_dropped;
    v->st->warnings_dropped = m->warnings_dropped;
    v->emitted = m->emitted;
}

/* Appends a number's text as echoed: cut after TSIG_ECHO_MAX characters. */
static void echo_number(tsig_strbuf *m, const char *text, size_t len)
{
    if (len <= TSIG_ECHO_MAX) {
        tsig_sb_append(m, text, len);
    } else {
        tsig_sb_append(m, text, TSIG_ECHO_MAX);
        tsig_sb_puts(m, "\xE2\x80\xA6");
    }
}

/* Appends "string \"abc\"", "int 42", "bool true", "nil", ... for the
 * scalar token that starts at text[at] (its string content or number in s). */
static void describe_scalar(validator *v, tsig_strbuf *m, size_t at,
                            const tsig_json_span *s)
{
    const char *src = v->j.src;
    switch (src[at]) {
    case '"':
        tsig_sb_puts(m, "string ");
        tsig_json_echo(m, src + s->start, s->len, s->flag, TSIG_ECHO_MAX);
        break;
    case 't': tsig_sb_puts(m, "bool true"); break;
    case 'f': tsig_sb_puts(m, "bool false"); break;
    case 'n': tsig_sb_puts(m, "nil"); break;
    default:
        tsig_sb_puts(m, s->flag ? "int " : "float ");
        echo_number(m, src + s->start, s->len);
    }
}

/* The code of a value that is not a t: enum, union or type. */
static tsig_issue_code mismatch_code(const tsig_type *t)
{
    return t->kind == TSIG_ENUM ? TSIG_ISSUE_ENUM
           : t->kind == TSIG_UNION ? TSIG_ISSUE_UNION
                                   : TSIG_ISSUE_TYPE;
}

/* Appends the value whose first byte is at at as messages name it: "map",
 * "list", or the scalar as describe_scalar echoes it. Returns where the
 * value ends (j->pos is then at its start or its end), 0 on bad text. */
static size_t echo_value(validator *v, tsig_strbuf *m, size_t at)
{
    char c = v->j.src[at];
    if (c == '{' || c == '[') {
        tsig_sb_puts(m, c == '{' ? "map" : "list");
        size_t start;
        return value_end(v, at, &start);
    }
    tsig_json_span s = {0, 0, 0};
    v->j.pos = at;
    if (!tsig_json_scalar(&v->j, &s)) return 0;
    describe_scalar(v, m, at, &s);
    return v->j.pos;
}

/* "expected <T>, got <the scalar at [at, end)>" at the current path. */
static int wrong_scalar(validator *v, const tsig_type *t, size_t at, size_t end,
                        const tsig_json_span *s)
{
    tsig_strbuf *m = issue_open(v, ISSUE_ERROR);
    if (!m) return 1;
    put_expected(m, t);
    tsig_sb_puts(m, ", got ");
    describe_scalar(v, m, at, s);
    return issue_close(v, v->path.count, mismatch_code(t), at, end);
}

/* The walker's report of a repeated key: "duplicate key \"id\"" at the
 * key's path. */
static int duplicate_key(validator *v, const char *key, size_t len, size_t at, size_t end)
{
    tsig_strbuf *m = issue_open(v, ISSUE_HARD);
    if (!m) return 1;
    tsig_sb_puts(m, "duplicate key ");
    tsig_json_escape_cut(m, key, len, TSIG_ECHO_MAX);
    return issue_close(v, v->path.count, TSIG_ISSUE_DUPLICATE_KEY, at, end);
}

static int on_duplicate(void *ctx, size_t first, const char *key, size_t len,
                        size_t offset)
{
    validator *v = ctx;
    (void)first;
    /* the key's span: the walker stands at its value, after the ':' */
    const char *src = v->j.src;
    size_t end = v->j.pos;
    while (end > offset && src[end - 1] != '"') end--;
    return duplicate_key(v, key, len, offset, end);
}

/* ---- reading untyped values --------------------------------------------
 * :any, :map, extra members and values of the wrong type are read by the
 * walker: their syntax, depth and repeated keys are still checked.
 */

/* Reads the value at j->pos whatever it is: repeated keys reported in pass
 * 1, the value copied in pass 2 (when copy). */
static int walk(validator *v, int copy)
{
    tsig_json_walker *w = &v->walker;
    w->flags = v->writing ? 0 : TSIG_WALK_KEYS;
    w->out = copy ? v->out : NULL;
    return tsig_json_walk(w);
}

/* Reads the value at j->pos for its syntax only (its messages come later). */
static int skip(validator *v)
{
    tsig_json_walker *w = &v->walker;
    w->flags = 0;
    w->out = NULL;
    return tsig_json_walk(w);
}

/* The value at j->pos is not a t: reports it and reads it (pass 2 writes it
 * as it is). Returns the position after it, 0 when reading must stop. */
static size_t mismatch(validator *v, const tsig_type *t)
{
    tsig_json *j = &v->j;
    char c = j->src[j->pos];
    if (!v->trial) v->wrong_kind = 1;
    if (c == '{' || c == '[') {
        size_t at = j->pos;
        tsig_strbuf *m = issue_open(v, ISSUE_ERROR);
        if (m) {
            put_expected(m, t);
            tsig_sb_puts(m, ", got ");
            size_t end = echo_value(v, m, at);
            if (!end || !issue_close(v, v->path.count, mismatch_code(t), at, end)) return 0;
        }
        return walk(v, 1) ? j->pos : 0;
    }
    size_t at = j->pos;
    tsig_json_span s = {0, 0, 0};
    if (!tsig_json_scalar(j, &s) || !wrong_scalar(v, t, at, j->pos, &s)) return 0;
    if (v->out) tsig_sb_append(v->out, j->src + at, j->pos - at);
    return j->pos;
}

/* ---- scalars: the rules of coerce.c, and their messages ------------------ */

/* The flags of tsig_value_number for this pass. */
static inline unsigned number_rules(const validator *v)
{
    return (v->input ? TSIG_RULE_INPUT : 0u) | (v->doubles ? TSIG_RULE_DOUBLES : 0u);
}

/* The unescaped text of a string read at s (in place when plain). NULL when
 * out of memory (reported). */
static const char *string_text(validator *v, const tsig_json_span *s, size_t *len)
{
    const char *text = tsig_json_key_text(&v->keys, s, len);
    if (!text) nomem(v);
    return text;
}

/* "expected int >= 1, got int 0": a number out of t's bounds (SPEC
 * §11.3), echoed as it is in the value (a coerced one as coerced). */
static TSIG_COLD int check_bound_number(validator *v, const tsig_type *t, const char *num,
                                   size_t len, int is_int, size_t at, size_t end)
{
    if (tsig_bounds_hold_number(t, num, len)) return 1;
    tsig_strbuf *m = issue_open(v, ISSUE_ERROR);
    if (!m) return 1;
    tsig_sb_puts(m, "expected ");
    tsig_bound_label(m, t);
    tsig_sb_puts(m, is_int ? ", got int " : ", got float ");
    echo_number(m, num, len);
    return issue_close(v, v->path.count, TSIG_ISSUE_RANGE, at, end);
}

/* "expected string of length <= 50, got string of length 60", or of a
 * list (at [at, end)); at the current path. */
static TSIG_COLD int check_bound_count(validator *v, const tsig_type *t, size_t count, size_t at,
                                  size_t end)
{
    if (tsig_bounds_hold_count(t, count)) return 1;
    tsig_strbuf *m = issue_open(v, ISSUE_ERROR);
    if (!m) return 1;
    tsig_sb_puts(m, "expected ");
    tsig_bound_label(m, t);
    tsig_sb_printf(m, ", got %s of length %zu", tsig_kind_name(t->kind), count);
    return issue_close(v, v->path.count, TSIG_ISSUE_LENGTH, at, end);
}

/* Code points of a string read at s (a lone surrogate counts as one). 0
 * with j->code set when out of memory. */
static size_t code_points(validator *v, const tsig_json_span *s, int *ok)
{
    size_t len;
    const char *text = s->flag ? string_text(v, s, &len) : v->j.src + s->start;
    if (!s->flag) len = s->len;
    *ok = text != NULL;
    size_t n = 0;
    for (size_t i = 0; text && i < len; i++) n += ((unsigned char)text[i] & 0xC0) != 0x80;
    return n;
}

/* Reads a string for :string: its length checked against a refinement. */
static size_t check_plain_string(validator *v, const tsig_type *t, size_t at)
{
    tsig_json *j = &v->j;
    tsig_json_span s;
    size_t end = tsig_json_string_end(j, &s);
    if (!end) return 0;
    if (tsig_type_refined(t) && !v->writing) {
        int ok;
        size_t n = code_points(v, &s, &ok);
        if (!ok || !check_bound_count(v, t, n, at, end)) return 0;
        j->pos = end;
    }
    if (v->out) tsig_sb_append(v->out, j->src + at, end - at);
    return end;
}

/*
 * Reads a string for a t that may take one: :keyword and :datetime
 * checked, and in validate_input :int, :float and :bool coerced from it
 * when the string allows (SPEC §5), then a refinement's bounds checked on
 * the coerced number (SPEC §11.7: no clamping).
 */
static NOINLINE size_t check_string(validator *v, const tsig_type *t)
{
    tsig_json *j = &v->j;
    size_t at = j->pos;
    tsig_json_span s;
    size_t end = tsig_json_string_end(j, &s);
    if (!end) return 0;
    tsig_kind kind = t->kind;
    size_t len;
    const char *text = string_text(v, &s, &len);
    if (!text) return 0;
    int refined = tsig_type_refined(t);
    tsig_strbuf *num = refined ? &v->text : v->out;
    if (refined) v->text.len = 0;
    tsig_issue_code code;
    tsig_verdict verdict = tsig_value_string(t, v->input, text, len, num, &code);
    if (verdict == TSIG_VALUE_COERCE) {
        v->changed = 1;
        j->pos = end;
        if (refined) {
            if (v->text.failed) return (size_t)nomem(v);
            if (v->out) tsig_sb_append(v->out, v->text.data, v->text.len);
        }
        tsig_strbuf *m = issue_open(v, ISSUE_WARNING);
        if (m) {
            tsig_sb_puts(m, "coerced string ");
            tsig_json_echo(m, j->src + s.start, s.len, s.flag, TSIG_ECHO_MAX);
            tsig_sb_printf(m, " to %s", tsig_kind_name(kind));
            if (!issue_close(v, v->path.count, TSIG_ISSUE_COERCED, at, end)) return 0;
        }
        if (refined && !check_bound_number(v, t, v->text.data, v->text.len, kind == TSIG_INT,
                                           at, end))
            return 0;
        return end;
    }
    if (verdict == TSIG_VALUE_REJECT && !wrong_scalar(v, t, at, end, &s)) return 0;
    if (v->out) tsig_sb_append(v->out, j->src + at, end - at);
    return end;
}

/* check_number for a refined t: the value's text (coerced as validate_input
 * coerces it), then its bounds. */
static TSIG_COLD size_t check_refined_number(validator *v, const tsig_type *t, size_t at,
                                        const tsig_json_span *sp, size_t end)
{
    tsig_json_span s = *sp;
    const char *text = v->j.src + s.start;
    /* the value's text (coerced as validate_input coerces it), then its bounds */
    const char *value = text;
    size_t value_len = s.len;
    int is_int = s.flag != 0;
    tsig_issue_code code;
    v->text.len = 0;
    tsig_verdict verdict = tsig_value_number(t, number_rules(v), text, s.len, is_int, &v->text, &code);
    if (verdict == TSIG_VALUE_REJECT) {
        if (!wrong_scalar(v, t, at, end, &s)) return 0;
        if (v->out) tsig_sb_append(v->out, text, s.len);
        return end;
    }
    if (verdict != TSIG_VALUE_ACCEPT) {
        v->changed = 1;
        if (v->text.failed) return (size_t)nomem(v);
        value = v->text.data;
        value_len = v->text.len;
        is_int = t->kind == TSIG_INT;
    }
    if (v->out) tsig_sb_append(v->out, value, value_len);
    if (verdict == TSIG_VALUE_COERCE) {
        tsig_strbuf *m = issue_open(v, ISSUE_WARNING);
        if (m) {
            tsig_sb_puts(m, "coerced float ");
            echo_number(m, text, s.len);
            tsig_sb_puts(m, " to int");
            if (!issue_close(v, v->path.count, TSIG_ISSUE_COERCED, at, end)) return 0;
        }
    }
    return check_bound_number(v, t, value, value_len, is_int, at, end) ? end : 0;
}

/* Reads a number for :int or :float (tsig_value_number: an int is an int,
 * a float is not; validate_input: a float with a zero fraction becomes an
 * int, with a warning; an int for :float becomes a float, silently, unless
 * the host's numbers are doubles: then it is no change and stays as
 * written), then checked against a refinement. Returns the position after
 * it, 0 when reading must stop. */
static size_t check_number(validator *v, const tsig_type *t)
{
    tsig_json *j = &v->j;
    size_t at = j->pos;
    tsig_json_span s;
    size_t end = tsig_json_number_end(j, &s);
    if (!end) return 0;
    const char *text = j->src + s.start;
    if (tsig_type_refined(t)) return check_refined_number(v, t, at, &s, end);
    tsig_issue_code code;
    switch (tsig_value_number(t, number_rules(v), text, s.len, s.flag != 0, v->out, &code)) {
    case TSIG_VALUE_ACCEPT: break;
    case TSIG_VALUE_CONVERT: /* written by the rule */
        v->changed = 1;
        return end;
    case TSIG_VALUE_COERCE: {
        v->changed = 1;
        tsig_strbuf *m = issue_open(v, ISSUE_WARNING);
        if (!m) return end;
        tsig_sb_puts(m, "coerced float ");
        echo_number(m, text, s.len);
        tsig_sb_puts(m, " to int");
        return issue_close(v, v->path.count, TSIG_ISSUE_COERCED, at, end) ? end : 0;
    }
    case TSIG_VALUE_REJECT:
        if (!wrong_scalar(v, t, at, end, &s)) return 0;
        break;
    }
    if (v->out) tsig_sb_append(v->out, text, s.len);
    return end;
}

/* ---- typed maps --------------------------------------------------------
 *
 * A member of a typed map is the first key of a declared field, a repeated
 * key (the same key again: an error in every mode), a competing spelling of
 * a declared field ("order-count" after "order_count": ambiguous), or an
 * extra member. Streaming keeps, per declared field, where its first key
 * starts (slots); extra keys and competing ones go to the map's key set,
 * which is only begun when the first of them comes.
 */

static size_t check_value(validator *v, const tsig_type *t, size_t at);
static int check_inner(validator *v, const tsig_type *t, const char *text, size_t len,
                       size_t max_depth);

static size_t check_record(validator *v, const tsig_type *t, size_t open_at);
static size_t check_list(validator *v, const tsig_type *t, size_t open_at);

/*
 * check_value for the values most texts are made of, inline where fields
 * and elements are read: a :string, an :int or a :float (not refined)
 * whose value stands at at and is of its type as written. Anything else,
 * including a value check_value would change or report, is read by
 * check_value from at (these reads have no effect but j->pos).
 */
static HOT_INLINE size_t check_fast(validator *v, const tsig_type *t, size_t at)
{
    tsig_json *j = &v->j;
    if (!TSIG_FAST_READERS || at >= j->len) return check_value(v, t, at);
    char c = j->src[at];
    tsig_json_span s;
    size_t end;
    switch (t->kind) {
    case TSIG_RECORD:
        if (c == '{') return check_record(v, t, at);
        break;
    case TSIG_LIST:
        if (c == '[') return check_list(v, t, at);
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
    return check_value(v, t, at);
}

/* Typed maps of more fields than this get an index of their fields for
 * keys that are not the expected next one (a scan of up to this many
 * names costs less than hashing the key). */

/* The fields of one typed map by normalized name (hash.c), built for one
 * validation the first time a key of that map needs it. */
typedef struct field_index {
    const tsig_type *type;
    tsig_table table; /* entry = field index */
} field_index;

/* tsig_table_key_of over a map's fields: a normalized name. */
static const char *field_norm(const void *ctx, size_t entry, size_t *len)
{
    const tsig_field *f = &((const tsig_type *)ctx)->fields[entry];
    *len = f->name_len;
    return f->norm;
}

/* tsig_table_key_of over the indexes: the bytes of the type pointer. */
static const char *index_type(const void *ctx, size_t entry, size_t *len)
{
    *len = sizeof(const tsig_type *);
    return (const char *)&((const validator *)ctx)->indexes[entry].type;
}

/* The index of t's fields, built when first asked for; NULL when out of
 * memory. */
static tsig_table *field_index_of(validator *v, const tsig_type *t)
{
    const char *key = (const char *)&t;
    if (!v->index_of.key_of) tsig_table_init(&v->index_of, 0, NULL, index_type, v);
    size_t hash = tsig_table_hash(&v->index_of, key, sizeof t);
    size_t at = tsig_table_find(&v->index_of, key, sizeof t, hash);
    if (at == TSIG_TABLE_NOMEM) return NULL;
    if (at != TSIG_TABLE_NONE) return &v->indexes[at].table;
    if (v->index_count == v->index_cap) {
        size_t cap = v->index_cap ? v->index_cap * 2 : 8;
        field_index *grown = realloc(v->indexes, cap * sizeof *grown);
        if (!grown) return NULL;
        v->indexes = grown;
        v->index_cap = cap;
    }
    field_index *ix = &v->indexes[v->index_count];
    ix->type = t;
    tsig_table_init(&ix->table, 1, NULL, field_norm, t);
    v->index_count++;
    for (size_t i = 0; i < t->field_count; i++) {
        const tsig_field *f = &t->fields[i];
        size_t h = tsig_table_hash(&ix->table, f->norm, f->name_len);
        if (tsig_table_add(&ix->table, f->norm, f->name_len, h, i) == TSIG_TABLE_NOMEM)
            return NULL;
    }
    if (tsig_table_add(&v->index_of, key, sizeof t, hash, v->index_count - 1) ==
        TSIG_TABLE_NOMEM)
        return NULL;
    return &ix->table;
}

/* The field of t a key names (equal after '-' -> '_'), trying hint first;
 * field_count when none, NONE when out of memory. A big map's fields are
 * found through its index, so keys in any order cost the same. */
static size_t find_field(validator *v, const tsig_type *t, const char *key,
                         size_t len, size_t hint)
{
    size_t n = t->field_count;
    if (n > TSIG_FIELDS_SCAN_MAX) {
        const tsig_field *f = hint < n ? &t->fields[hint] : NULL;
        if (f && f->name_len == len && tsig_names_match(f->name, len, key, len)) return hint;
        tsig_table *ix = field_index_of(v, t);
        if (!ix) return NONE;
        size_t at = tsig_table_find(ix, key, len, tsig_table_hash(ix, key, len));
        return at == TSIG_TABLE_NOMEM ? NONE : at == TSIG_TABLE_NONE ? n : at;
    }
    for (size_t k = 0; k < n; k++) {
        size_t i = hint + k < n ? hint + k : hint + k - n;
        const tsig_field *f = &t->fields[i];
        if (f->name_len == len && tsig_names_match(f->name, len, key, len)) return i;
    }
    return n;
}

/* Makes room for n more slots. 0 when out of memory. */
static int slots_grow(validator *v, size_t n)
{
    size_t cap = v->slot_cap * 2;
    while (cap - v->slot_count < n) cap *= 2;
    slot *grown;
    if (v->slots == v->slot_small) {
        grown = malloc(cap * sizeof *grown);
        if (grown) memcpy(grown, v->slot_small, v->slot_count * sizeof *grown);
    } else {
        grown = realloc(v->slots, cap * sizeof *grown);
    }
    if (!grown) return 0;
    v->slots = grown;
    v->slot_cap = cap;
    return 1;
}

/* Pushes n slots, those from the first on cleared; *base gets the
 * first. 0 when out of memory. */
static inline int slots_push(validator *v, size_t n, size_t first, size_t *base)
{
    if (n > v->slot_cap - v->slot_count && !slots_grow(v, n)) return 0;
    *base = v->slot_count;
    for (size_t i = first; i < n; i++) {
        slot *s = &v->slots[v->slot_count + i];
        s->key_at = s->first = s->last = NONE;
    }
    v->slot_count += n;
    return 1;
}

/* tsig_table_key_of over the located offsets: an offset's bytes. */
static const char *located_at(const void *ctx, size_t entry, size_t *len)
{
    *len = sizeof(size_t);
    return (const char *)&((const validator *)ctx)->located[entry];
}

/* 1 iff the map at offset is read located; -1 when out of memory. */
static int located_has(validator *v, size_t offset)
{
    if (!v->located_count) return 0;
    const char *key = (const char *)&offset;
    size_t at = tsig_table_find(&v->located_set, key, sizeof offset,
                                tsig_table_hash(&v->located_set, key, sizeof offset));
    return at == TSIG_TABLE_NOMEM ? -1 : at != TSIG_TABLE_NONE;
}

/* Remembers that the map at offset is read located. 0 when out of memory. */
static int located_add(validator *v, size_t offset)
{
    if (v->located_count == v->located_cap) {
        size_t cap = v->located_cap ? v->located_cap * 2 : 16;
        size_t *grown = realloc(v->located, cap * sizeof *grown);
        if (!grown) return 0;
        v->located = grown;
        v->located_cap = cap;
    }
    if (!v->located_set.key_of) tsig_table_init(&v->located_set, 0, NULL, located_at, v);
    const char *key = (const char *)&offset;
    size_t at = tsig_table_add(&v->located_set, key, sizeof offset,
                               tsig_table_hash(&v->located_set, key, sizeof offset),
                               v->located_count);
    if (at == TSIG_TABLE_NOMEM) return 0;
    if (at == TSIG_TABLE_NONE) v->located[v->located_count++] = offset;
    return 1;
}

/* Reads the key at (or after whitespace at) at, and its ':'. Returns the
 * position after the ':', 0 on bad text. */
static size_t read_key(validator *v, size_t at, tsig_json_span *key, int first)
{
    tsig_json *j = &v->j;
    j->pos = at = tsig_json_ws(j, at);
    if (at >= j->len || j->src[at] != '"')
        return (size_t)tsig_json_fail(j, at, first ? "a string key or \"}\"" : "a string key");
    at = tsig_json_string_end(j, key);
    if (!at) return 0;
    j->pos = at = tsig_json_ws(j, at);
    if (at >= j->len || j->src[at] != ':') return (size_t)tsig_json_fail(j, at, "\":\"");
    return j->pos = at + 1;
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

/* The same, called (where keys in another order are read). */
static NOINLINE size_t expected_key(validator *v, const tsig_type *t, size_t hint, size_t at,
                                    tsig_json_span *key)
{
    return expected_key_inline(v, t, hint, at, key);
}

/* After a member (whitespace allowed from at): 1 for "," (j->pos after
 * it), 2 for "}" (j->pos at it), 0 on bad text. */
static int after_member(tsig_json *j, size_t at)
{
    j->pos = at = tsig_json_ws(j, at);
    if (at < j->len && j->src[at] == ',') {
        j->pos = at + 1;
        return 1;
    }
    if (at < j->len && j->src[at] == '}') return 2;
    return tsig_json_fail(j, at, "\",\" or \"}\"");
}

/* Writes a member's key (and ':') in pass 2: the signature's spelling for
 * a declared field in validate_input, else as written. */
static void write_key(validator *v, int *wrote, const tsig_field *field,
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

/* "ambiguous field: \"a-b\" and \"a_b\" both present" at the current path. */
static int ambiguous(validator *v, const tsig_json_span *first,
                     const tsig_json_span *second)
{
    tsig_strbuf *m = issue_open(v, ISSUE_ERROR);
    if (!m) return 1;
    const char *src = v->j.src;
    tsig_sb_puts(m, "ambiguous field: ");
    tsig_json_echo(m, src + first->start, first->len, first->flag, TSIG_ECHO_MAX);
    tsig_sb_puts(m, " and ");
    tsig_json_echo(m, src + second->start, second->len, second->flag, TSIG_ECHO_MAX);
    tsig_sb_puts(m, " both present");
    return issue_close(v, v->path.count, TSIG_ISSUE_AMBIGUOUS, second->start - 1,
                       second->start + second->len + 1);
}

/* "duplicate key \"k\"" for the key at the last step of the path. */
static int duplicate(validator *v, const tsig_json_span *key)
{
    size_t len;
    const char *text = string_text(v, key, &len);
    if (!text) return 0;
    return duplicate_key(v, text, len, key->start - 1, key->start + key->len + 1);
}

/* 1 iff two keys read in the text are the same after unescaping. */
static int same_key(validator *v, const tsig_json_span *a, const tsig_json_span *b)
{
    const char *src = v->j.src;
    if (!a->flag && !b->flag)
        return a->len == b->len && memcmp(src + a->start, src + b->start, a->len) == 0;
    tsig_strbuf *sb = &v->scratch;
    sb->len = 0;
    if (!tsig_sb_reserve(sb, a->len + b->len)) return nomem(v) - 1;
    size_t la = tsig_json_unescape(src + a->start, a->len, sb->data);
    size_t lb = tsig_json_unescape(src + b->start, b->len, sb->data + la);
    return la == lb && memcmp(sb->data, sb->data + la, la) == 0;
}

/*
 * Classifies a member that is not the first key of a declared field:
 * field < t->field_count when it names a declared field already named
 * (the same key again, or another spelling), else an extra member. Adds
 * the key to the map's key set. Returns the member status, or -1 when out
 * of memory.
 */
static int classify_other(validator *v, tsig_json_keyframe *kf, size_t field,
                          size_t field_count, const tsig_json_span *first,
                          const tsig_json_span *key)
{
    if (field < field_count) {
        int same = same_key(v, first, key);
        if (same < 0) return -1;
        if (same) return MEMBER_DUPLICATE;
    }
    size_t len, found;
    const char *text = string_text(v, key, &len);
    if (!text) return -1;
    if (kf->start == NONE) tsig_json_keys_begin(&v->keys, kf);
    if (!tsig_json_keys_add(&v->keys, kf, text, len, !key->flag, &found)) {
        nomem(v);
        return -1;
    }
    if (field < field_count) return found == NONE ? MEMBER_AMBIGUOUS : MEMBER_DUPLICATE;
    return found == NONE ? MEMBER_EXTRA : MEMBER_EXTRA_DUPLICATE;
}

/*
 * Reports and reads (pass 2: writes) the value of a member that is not the
 * first key of a declared field, as classified. Messages about the key
 * itself are at the key's path, except an ambiguous key's, which is at its
 * field's (field); the value is read under the key.
 */
static int other_member(validator *v, size_t step, const tsig_type *extra,
                        const tsig_field *field, int status,
                        const tsig_json_span *first, const tsig_json_span *key,
                        int *wrote)
{
    const char *raw = v->j.src + key->start;
    int ok = 1;
    set_key_step(v, step, raw, key->len, key->flag);
    switch (status) {
    case MEMBER_DUPLICATE:
    case MEMBER_EXTRA_DUPLICATE: ok = duplicate(v, key); break;
    case MEMBER_AMBIGUOUS:
        set_key_step(v, step, field->name, field->name_len, 0);
        ok = ambiguous(v, first, key);
        set_key_step(v, step, raw, key->len, key->flag);
        break;
    case MEMBER_EXTRA:
        if (extra) {
            /* "* T": checked at its own path, allowed in strict mode */
            if (v->out) write_key(v, wrote, NULL, key);
            return check_value(v, extra, v->j.pos) != 0;
        }
        /* fall through */
    default:
        if (v->mode == TSIG_MODE_STRICT) ok = unexpected(v, v->j.pos);
    }
    if (!ok) return 0;
    /* validate_input drops a competing spelling (its field has one value) */
    int dropped = status == MEMBER_AMBIGUOUS && v->input;
    if (dropped) v->changed = 1;
    if (v->out && !dropped) write_key(v, wrote, NULL, key);
    return walk(v, !dropped);
}

static size_t check_record_located(validator *v, const tsig_type *t);

/* Defaults are canonical JSON of at most 64 levels (SPEC §11.1). */
#define DEFAULT_DEPTH 1000

/* validate_input: reads field's default (pass 2 writes it) as a value
 * given for it, so that its own fields' defaults are filled (SPEC §11.7).
 * 1, or 0 when reading must stop. */
static int fill_default(validator *v, const tsig_field *field)
{
    return check_inner(v, field->type, field->default_json, field->default_len, DEFAULT_DEPTH);
}

/*
 * Reads the value at at of a declared field. validate_input replaces a
 * null by the field's default when its type does not take null (not
 * optional, not :any; SPEC §11.3).
 */
static size_t check_field(validator *v, const tsig_field *field, size_t at)
{
    if (v->input && field->default_json && field->type->kind != TSIG_OPTIONAL &&
        field->type->kind != TSIG_ANY) {
        tsig_json *j = &v->j;
        j->pos = at = tsig_json_ws(j, at);
        if (at < j->len && j->src[at] == 'n') {
            if (!tsig_json_literal(j, "null", 4)) return 0;
            size_t end = j->pos;
            v->changed = 1;
            if (v->out && !fill_default(v, field)) return 0;
            return j->pos = end;
        }
    }
    return check_value(v, field->type, at);
}

/* Fields of a map read in data order whose first key is remembered in a
 * bit set (the others: in their slot's key_at, NONE until named). */
#define SEEN_BITS 64

/* 1 iff field f of the map whose slots start at base was named. */
static inline int named(const validator *v, size_t base, size_t f, uint64_t seen)
{
    return f < SEEN_BITS ? (int)(seen >> f & 1) : v->slots[base + f].key_at != NONE;
}

/* The state of a typed map read in data order when check_record hands it
 * to check_record_rest. */
typedef struct map_read {
    mark m;
    size_t open_at, depth, out_mark, base, step, at;
    uint64_t seen;
    size_t hint, last, data_index, max_order;
    int have_order, wrote, ok, more;
} map_read;

/* The rest of check_record, from the first member that is not the next
 * declared field's key as declared (or the end, when a field is missing). */
static NOINLINE size_t check_record_rest(validator *v, const tsig_type *t, const map_read *r)
{
    tsig_json *j = &v->j;
    size_t field_count = t->field_count;
    mark m = r->m;
    size_t open_at = r->open_at, depth = r->depth, out_mark = r->out_mark, base = r->base;
    size_t step = r->step, at = r->at, hint = r->hint, last = r->last;
    size_t data_index = r->data_index, max_order = r->max_order;
    uint64_t seen = r->seen;
    int saw_extra = 0, have_order = r->have_order, wrote = r->wrote, ok = r->ok;
    int relocate = 0, more = r->more;
    tsig_json_keyframe kf;
    keys_lazy(&kf);
    while (ok && more == 1) {
        tsig_json_span key;
        size_t len, f;
        const char *text;
        size_t value_at = expected_key(v, t, hint, at, &key);
        if (value_at) {
            f = hint;
            text = j->src + key.start;
            len = key.len;
        } else {
            value_at = read_key(v, at, &key, data_index == 0);
            if (!value_at) { ok = 0; break; }
            text = string_text(v, &key, &len);
            if (!text) { ok = 0; break; }
            f = find_field(v, t, text, len, hint);
            if (f == NONE) { ok = nomem(v); break; }
        }
        /*
         * order: where this member's messages belong (its field's index, or
         * after every field for an extra). Messages must come out with
         * order never decreasing; when a member with messages would break
         * that, the map is read again located.
         */
        size_t before = v->emitted, order;
        if (f < field_count && !named(v, base, f, seen)) {
            const tsig_field *field = &t->fields[f];
            v->slots[base + f].key_at = key.start - 1;
            if (f < SEEN_BITS) seen |= (uint64_t)1 << f;
            /* declared fields not first in signature order: the value
             * changes; pass 2 writes it located */
            if (saw_extra || (last != NONE && f < last)) {
                if (v->writing) { relocate = 1; break; }
                v->changed = 1;
            }
            if (v->input && (key.flag || len != field->name_len ||
                             memcmp(text, field->name, len) != 0))
                v->changed = 1;
            last = f;
            hint = f + 1;
            order = f;
            set_key_step(v, step, field->name, field->name_len, 0);
            if (v->out) write_key(v, &wrote, field, &key);
            at = check_field(v, field, value_at);
            if (!at) { ok = 0; break; }
        } else {
            tsig_json_span first_key, *first = NULL;
            if (f < field_count) {
                /* the first key of this field, read again (trusted: read once) */
                size_t pos = j->pos;
                int trusted = j->trusted;
                j->pos = v->slots[base + f].key_at;
                j->trusted = 1;
                tsig_json_string(j, &first_key);
                j->pos = pos;
                j->trusted = trusted;
                first = &first_key;
            }
            int status = classify_other(v, &kf, f, field_count, first, &key);
            if (status < 0) { ok = 0; break; }
            saw_extra = 1; /* written, if at all, with the extra members */
            order = f < field_count ? f : field_count + data_index;
            const tsig_field *field = f < field_count ? &t->fields[f] : NULL;
            if (!other_member(v, step, t->extra, field, status, first, &key, &wrote)) {
                ok = 0;
                break;
            }
            at = j->pos;
        }
        if (v->emitted != before) {
            if (have_order && order < max_order) { relocate = 1; break; }
            max_order = order;
            have_order = 1;
        }
        data_index++;
        more = after_member(j, at);
        if (!more) ok = 0;
        at = j->pos;
    }
    /* missing fields: their messages belong at their field's order */
    int all = field_count <= SEEN_BITS &&
              seen == (field_count == SEEN_BITS ? ~(uint64_t)0
                                                : ((uint64_t)1 << field_count) - 1);
    for (size_t f = 0; ok && !relocate && !all && f < field_count; f++) {
        const tsig_field *field = &t->fields[f];
        if (named(v, base, f, seen)) continue;
        if (field->default_json) {
            /* validate_input fills it: pass 2 writes it in its place */
            if (!v->input) continue;
            if (v->writing) { relocate = 1; break; }
            v->changed = 1;
            continue;
        }
        if (field->type->kind == TSIG_OPTIONAL || v->writing) continue;
        if (have_order && f < max_order) { relocate = 1; break; }
        tsig_strbuf *msg = issue_open(v, ISSUE_ERROR);
        if (!msg) continue;
        set_key_step(v, step, field->name, field->name_len, 0);
        tsig_sb_puts(msg, "missing required field, ");
        put_expected(msg, field->type);
        /* j->pos is at the map's '}' */
        if (!issue_close(v, step + 1, TSIG_ISSUE_MISSING, open_at, j->pos + 1)) ok = 0;
    }
    keys_end(v, &kf);
    v->path.count = step;
    v->slot_count = base;
    if (!ok) return 0;
    if (relocate) {
        /* take back this map's messages (or output) and read it located */
        mark_restore(v, &m);
        if (v->out) v->out->len = out_mark;
        j->pos = open_at;
        j->depth = depth;
        if (!located_add(v, open_at)) return (size_t)nomem(v);
        return check_record_located(v, t);
    }
    j->depth--;
    if (v->out) tsig_sb_putc(v->out, '}');
    return ++j->pos; /* after '}' */
}

/*
 * Reads a typed map in data order (see the top of the file). Falls back to
 * check_record_located when the order of messages (pass 1) or of the
 * written fields (pass 2) would differ from declaration order.
 */
static NOINLINE size_t check_record(validator *v, const tsig_type *t, size_t open_at)
{
    tsig_json *j = &v->j;
    size_t depth = j->depth;
    int located = located_has(v, open_at);
    if (located < 0) return (size_t)nomem(v);
    if (located) {
        j->pos = open_at;
        return check_record_located(v, t);
    }
    size_t field_count = t->field_count;
    mark m = mark_now(v);
    size_t out_mark = v->out ? v->out->len : 0;
    size_t base;
    if (!enter(j, open_at)) return 0;
    /* the first SEEN_BITS fields are told named or not by seen */
    if (!slots_push(v, field_count, SEEN_BITS, &base)) return (size_t)nomem(v);
    if (!path_push(v)) {
        v->slot_count = base;
        return (size_t)nomem(v);
    }
    size_t step = v->path.count - 1;
    uint64_t seen = 0;
    if (v->out) tsig_sb_putc(v->out, '{');

    size_t hint = 0, last = NONE, data_index = 0, max_order = 0;
    int have_order = 0, wrote = 0, ok = 1;
    size_t at = j->pos = tsig_json_ws(j, open_at + 1);
    int more = at < j->len && j->src[at] == '}' ? 2 : 1;
    /* at: where the next member (or whitespace) starts */
    /*
     * The common case first: each key the next declared field's, spelled
     * as declared. Its members are read as the loop below reads them, with
     * what that loop tests known: no field named yet from this one on, no
     * extra member, fields in signature order, and messages in order.
     */
    while (TSIG_FAST_READERS && more == 1 && hint < field_count) {
        tsig_json_span key;
        size_t value_at = expected_key_inline(v, t, hint, at, &key);
        if (!value_at) break;
        const tsig_field *field = &t->fields[hint];
        v->slots[base + hint].key_at = key.start - 1;
        if (hint < SEEN_BITS) seen |= (uint64_t)1 << hint;
        set_key_step(v, step, field->name, field->name_len, 0);
        if (v->out) write_key(v, &wrote, field, &key);
        size_t before = v->emitted;
        at = v->input && field->default_json ? check_field(v, field, value_at)
                                             : check_fast(v, field->type, value_at);
        if (!at) {
            ok = 0;
            break;
        }
        if (v->emitted != before) {
            max_order = hint;
            have_order = 1;
        }
        last = hint++;
        data_index++;
        more = after_member(j, at);
        if (!more) ok = 0;
        at = j->pos;
    }
    if (ok && more == 2 && hint == field_count) {
        /* every field named once, in order: nothing missing */
        v->path.count = step;
        v->slot_count = base;
        j->depth--;
        if (v->out) tsig_sb_putc(v->out, '}');
        return ++j->pos; /* after '}' */
    }
    map_read r = {m, open_at, depth, out_mark, base, step, at, seen, hint, last, data_index,
                  max_order, have_order, wrote, ok, more};
    return check_record_rest(v, t, &r);
}

/* Pushes a member; 0 when out of memory. */
static int member_push(validator *v, const member *mb)
{
    if (v->member_count == v->member_cap) {
        size_t cap = v->member_cap ? v->member_cap * 2 : 32;
        member *grown = realloc(v->members, cap * sizeof *grown);
        if (!grown) return nomem(v);
        v->members = grown;
        v->member_cap = cap;
    }
    v->members[v->member_count++] = *mb;
    return 1;
}

/* other_member for member k of a map read located. */
static int located_other(validator *v, const tsig_type *t, size_t step, size_t k,
                         int *wrote)
{
    member mb = v->members[k];
    tsig_json_span first = {0, 0, 0};
    if (mb.other != NONE) first = v->members[mb.other].key;
    v->j.pos = mb.value_at;
    return other_member(v, step, t->extra, mb.field != NONE ? &t->fields[mb.field] : NULL, mb.status,
                        &first, &mb.key, wrote);
}

/*
 * Reads a typed map located: first every member's key and place (values
 * read for their syntax only), then the declared fields in signature order
 * (each followed by its competing keys), then the other members in data
 * order. The messages and the written value come out in declaration order
 * whatever the data order.
 */
static size_t check_record_located(validator *v, const tsig_type *t)
{
    tsig_json *j = &v->j;
    size_t field_count = t->field_count, base, members = v->member_count;
    size_t open_at = j->pos;
    if (!enter(j, open_at)) return 0;
    if (!slots_push(v, field_count, 0, &base)) return (size_t)nomem(v);
    if (!path_push(v)) {
        v->slot_count = base;
        return (size_t)nomem(v);
    }
    size_t step = v->path.count - 1;
    tsig_json_keyframe kf;
    keys_lazy(&kf);
    int ok = 1;

    /* 1. where every member is */
    tsig_json_skip_ws(j);
    int more = j->pos < j->len && j->src[j->pos] == '}' ? 2 : 1;
    for (size_t i = 0; more == 1; i++) {
        member mb;
        mb.value_at = read_key(v, j->pos, &mb.key, i == 0);
        if (!mb.value_at) { ok = 0; break; }
        mb.next = mb.other = NONE;
        size_t len;
        const char *text = string_text(v, &mb.key, &len);
        if (!text) { ok = 0; break; }
        size_t f = find_field(v, t, text, len, 0);
        if (f == NONE) { ok = nomem(v); break; }
        size_t index = v->member_count;
        mb.field = f < field_count ? f : NONE;
        slot *s = f < field_count ? &v->slots[base + f] : NULL;
        if (s && s->first == NONE) {
            mb.status = MEMBER_FIRST;
            s->first = s->last = index;
        } else {
            const tsig_json_span *first = s ? &v->members[s->first].key : NULL;
            int status = classify_other(v, &kf, f, field_count, first, &mb.key);
            if (status < 0) { ok = 0; break; }
            mb.status = status;
            if (s) {
                mb.other = s->first;
                v->members[s->last].next = index;
                s->last = index;
            }
        }
        set_key_step(v, step, j->src + mb.key.start, mb.key.len, mb.key.flag);
        if (!member_push(v, &mb) || !skip(v)) { ok = 0; break; }
        more = after_member(j, j->pos);
        if (!more) ok = 0;
    }
    size_t close_at = j->pos;

    /* 2. declared fields in signature order */
    int wrote = 0;
    if (ok && v->out) tsig_sb_putc(v->out, '{');
    for (size_t f = 0; ok && f < field_count; f++) {
        const tsig_field *field = &t->fields[f];
        size_t index = v->slots[base + f].first;
        set_key_step(v, step, field->name, field->name_len, 0);
        if (index == NONE) {
            if (field->default_json) {
                if (!v->input) continue;
                v->changed = 1;
                if (v->out) {
                    write_key(v, &wrote, field, NULL);
                    if (!fill_default(v, field)) ok = 0;
                }
                continue;
            }
            if (field->type->kind == TSIG_OPTIONAL || v->writing) continue;
            tsig_strbuf *msg = issue_open(v, ISSUE_ERROR);
            if (!msg) continue;
            tsig_sb_puts(msg, "missing required field, ");
            put_expected(msg, field->type);
            if (!issue_close(v, step + 1, TSIG_ISSUE_MISSING, open_at, close_at + 1)) ok = 0;
            continue;
        }
        if (v->out) write_key(v, &wrote, field, &v->members[index].key);
        if (!check_field(v, field, v->members[index].value_at)) { ok = 0; break; }
        if (v->writing) continue; /* competing keys are written with the others */
        for (size_t k = v->members[index].next; ok && k != NONE; k = v->members[k].next)
            ok = located_other(v, t, step, k, &wrote);
    }

    /* 3. the other members in data order (pass 2: competing keys too) */
    for (size_t k = members; ok && k < v->member_count; k++) {
        int status = v->members[k].status;
        if (status == MEMBER_FIRST || (v->members[k].field != NONE && !v->writing)) continue;
        ok = located_other(v, t, step, k, &wrote);
    }

    keys_end(v, &kf);
    v->path.count = step;
    v->slot_count = base;
    v->member_count = members;
    if (!ok) return 0;
    j->depth--;
    if (v->out) tsig_sb_putc(v->out, '}');
    return j->pos = close_at + 1;
}

/* ---- lists and dispatch -------------------------------------------------- */

/* Reads a list of t's elements, then checks its length against t's
 * refinement (SPEC §11.3: elements first). Returns the position after it,
 * 0 when reading must stop. */
/* Element *i of type t at *at: 1 when a known run starts there (then *at
 * is after the run and *i its last element), 0 when it is to be read.
 * Known runs are mostly met in the order of the text (the next one is
 * known_at); one met again (a map read again located, a union's members
 * reading the same text) is found by its start: a stream that dropped
 * the run's text has only a placeholder there. */
static TSIG_COLD int known_skip(validator *v, const tsig_type *t, size_t *at, size_t *i)
{
    size_t start = tsig_json_ws(&v->j, *at) + v->known_base;
    if (start < v->known_at) {
        size_t lo = 0, hi = v->known_next;
        while (lo < hi) {
            size_t mid = lo + (hi - lo) / 2;
            if (v->known[mid].start < start) lo = mid + 1;
            else hi = mid;
        }
        if (lo == v->known_next || v->known[lo].start != start) return 0;
        v->known_next = lo;
    } else {
        while (v->known_next < v->known_count && v->known[v->known_next].start < start) v->known_next++;
        v->known_at = v->known_next < v->known_count ? v->known[v->known_next].start : SIZE_MAX;
        if (v->known_at != start) return 0;
    }
    const tsig_known *k = &v->known[v->known_next];
    if (k->type != t || k->input != v->input || v->out) return 0;
    v->known_next++;
    v->known_at = v->known_next < v->known_count ? v->known[v->known_next].start : SIZE_MAX;
    v->j.pos = *at = k->end - v->known_base;
    *i += k->count - 1;
    return 1;
}

static NOINLINE size_t check_list(validator *v, const tsig_type *t, size_t open_at)
{
    tsig_json *j = &v->j;
    const tsig_type *elem = t->elem;
    if (!enter(j, open_at)) return 0;
    if (!path_push(v)) return (size_t)nomem(v);
    size_t step = v->path.count - 1, count = 0;
    if (v->out) tsig_sb_putc(v->out, '[');
    size_t at = tsig_json_ws(j, j->pos);
    if (at < j->len && j->src[at] == ']') {
        at++;
    } else {
        for (size_t i = 0;; i++) {
            v->path.segs[step].index = i;
            if (i && v->out) tsig_sb_putc(v->out, ',');
            if (!v->known_count || !known_skip(v, elem, &at, &i)) {
                at = check_fast(v, elem, at);
                if (!at) return 0;
            }
            at = tsig_json_ws(j, at);
            if (at < j->len && j->src[at] == ',') {
                at++;
                continue;
            }
            if (at < j->len && j->src[at] == ']') {
                at++;
                count = i + 1;
                break;
            }
            return (size_t)tsig_json_fail(j, at, "\",\" or \"]\"");
        }
    }
    j->depth--;
    v->path.count = step;
    if (v->out) tsig_sb_putc(v->out, ']');
    j->pos = at;
    if (tsig_type_refined(t) && !check_bound_count(v, t, count, open_at, at)) return 0;
    return j->pos = at;
}

/* ---- enums (SPEC §11.3, §11.4) ------------------------------------------- */

/*
 * Reads a scalar for an enum: valid when equal to one of its values; in
 * validate_input a string is coerced to the one string value equal to it
 * ignoring ASCII case, else a numeric or boolean string to an equal value
 * (the enum's own text is written). Anything else is "expected one of a,
 * b, got ...".
 */
static TSIG_COLD size_t check_enum(validator *v, const tsig_type *t, size_t at)
{
    tsig_json *j = &v->j;
    char c = j->src[at];
    if (c == '{' || c == '[') return mismatch(v, t);
    if (!v->trial && !tsig_type_takes(t, tsig_json_kind_of(c))) v->wrong_kind = 1;
    tsig_json_span s = {0, 0, 0};
    if (!tsig_json_scalar(j, &s)) return 0;
    size_t end = j->pos, len;
    const char *text;
    tsig_value_kind kind;
    if (c == '"') {
        kind = TSIG_VALUE_STRING;
        text = string_text(v, &s, &len);
        if (!text) return 0;
    } else if (c == 't' || c == 'f') {
        kind = TSIG_VALUE_BOOL;
        text = c == 't' ? "true" : "false";
        len = c == 't' ? 4 : 5;
    } else if (c == 'n') {
        if (!wrong_scalar(v, t, at, end, &s)) return 0;
        if (v->out) tsig_sb_append(v->out, "null", 4);
        return j->pos = end;
    } else {
        kind = s.flag ? TSIG_VALUE_INT : TSIG_VALUE_FLOAT;
        text = j->src + s.start;
        len = s.len;
    }
    const tsig_enum_value *to = NULL;
    tsig_issue_code code;
    if (tsig_value_enum(t, v->input, kind, text, len, &to, &code) == TSIG_VALUE_ACCEPT) {
        if (v->out) tsig_sb_append(v->out, j->src + at, end - at);
        return end;
    }
    if (!to) {
        if (!wrong_scalar(v, t, at, end, &s)) return 0;
        if (v->out) tsig_sb_append(v->out, j->src + at, end - at);
        return j->pos = end;
    }
    v->changed = 1;
    if (v->out) {
        if (to->kind == TSIG_VALUE_STRING) tsig_json_escape(v->out, to->text, to->len);
        else tsig_sb_append(v->out, to->text, to->len);
    }
    tsig_strbuf *m = issue_open(v, ISSUE_WARNING);
    if (m) {
        tsig_sb_puts(m, "coerced string ");
        tsig_json_echo(m, j->src + s.start, s.len, s.flag, TSIG_ECHO_MAX);
        tsig_sb_puts(m, " to ");
        switch (to->kind) {
        case TSIG_VALUE_STRING: tsig_json_escape_cut(m, to->text, to->len, TSIG_ECHO_MAX); break;
        case TSIG_VALUE_INT: tsig_sb_puts(m, "int"); break;
        case TSIG_VALUE_FLOAT: tsig_sb_puts(m, "float"); break;
        case TSIG_VALUE_BOOL: tsig_sb_puts(m, "bool"); break;
        }
        if (!issue_close(v, v->path.count, TSIG_ISSUE_COERCED, at, end)) return 0;
    }
    return j->pos = end;
}

/* ---- other texts: JSON in strings, defaults ------------------------------ */

/*
 * Reads text[0..len) (JSON known to be valid: a default, or a string's
 * content checked by tsig_coerce_json_text) as a t, at the current path,
 * with nesting up to max_depth: the reader is swapped for one over the
 * text and back. Returns 1, or 0 when reading must stop (only when out of
 * memory).
 */
static int check_inner(validator *v, const tsig_type *t, const char *text, size_t len,
                       size_t max_depth)
{
    tsig_json saved = v->j;
    const char *keys_src = v->keys.src;
    size_t text_id = v->text_id;
    v->text_id = ++v->text_seq;
    tsig_error err;
    tsig_json_init(&v->j, text, len, max_depth, &err);
    v->j.trusted = saved.trusted;
    v->keys.src = v->j.src;
    int ok = check_value(v, t, v->j.pos) != 0 && tsig_json_finish(&v->j);
    v->j = saved;
    v->keys.src = keys_src;
    v->text_id = text_id;
    return ok ? 1 : nomem(v);
}

/* Nesting left for a value read in place of the one at the current depth. */
static size_t depth_left(const validator *v)
{
    return v->j.max_depth > v->j.depth ? v->j.max_depth - v->j.depth : 0;
}

/*
 * validate_input: the string at at holds a JSON array (open '[') or object
 * ('{') that is valid, has no repeated key and is not too deep (SPEC
 * §11.4): "coerced string \"[1]\" to list", then that JSON read as t.
 * Returns the position after the string; NONE (nothing read) when the
 * string holds no such JSON; 0 when reading must stop.
 */
static size_t coerce_json_string(validator *v, const tsig_type *t, size_t at, char open)
{
    tsig_json *j = &v->j;
    j->pos = at;
    tsig_json_span s;
    size_t end = tsig_json_string_end(j, &s);
    if (!end) return 0;
    size_t len;
    const char *text = string_text(v, &s, &len);
    if (!text) return 0;
    int good = tsig_coerce_json_text(text, len, depth_left(v), open);
    if (good < 0) return (size_t)nomem(v);
    if (!good) {
        j->pos = at;
        return NONE;
    }
    v->changed = 1;
    tsig_strbuf *m = issue_open(v, ISSUE_WARNING);
    if (m) {
        tsig_sb_puts(m, "coerced string ");
        tsig_json_echo(m, j->src + s.start, s.len, s.flag, TSIG_ECHO_MAX);
        tsig_sb_puts(m, open == '[' ? " to list" : " to map");
        if (!issue_close(v, v->path.count, TSIG_ISSUE_COERCED, at, end)) return 0;
    }
    /* a copy: key_text's buffer is reused while the text is read */
    char *copy = malloc(len ? len : 1);
    if (!copy) return (size_t)nomem(v);
    memcpy(copy, text, len);
    /* messages about what the string holds are about the string */
    size_t outer_at = v->outer_at, outer_end = v->outer_end;
    if (!v->text_id) {
        v->outer_at = at;
        v->outer_end = end;
    }
    int ok = check_inner(v, t, copy, len, depth_left(v));
    v->outer_at = outer_at;
    v->outer_end = outer_end;
    free(copy);
    return ok ? (j->pos = end) : 0;
}

static size_t trial(validator *v, const tsig_type *t, size_t at, int input);
static int choice_find(validator *v, const tsig_type *u, size_t at, size_t *chosen);
static int choice_add(validator *v, const tsig_type *u, size_t at, size_t chosen);

/*
 * validate_input: a single value that is not a list (nor null) for the
 * list type t, accepted by its element type with coercion: "wrapped
 * string \"a\" in a list", then read as the one element (SPEC §11.4).
 * Returns NONE (nothing read) when the element type does not accept it.
 */
static size_t wrap_in_list(validator *v, const tsig_type *t, size_t at)
{
    tsig_json *j = &v->j;
    size_t step = v->path.count, errors;
    int found = choice_find(v, t, at, &errors);
    if (found < 0) return (size_t)nomem(v);
    if (!found) {
        /* remembered as unions are: a list of lists would try 2^depth times */
        if (!path_push(v)) return (size_t)nomem(v);
        errors = trial(v, t->elem, at, 1);
        v->path.count = step;
        if (errors == NONE || !choice_add(v, t, at, errors)) return 0;
    }
    if (errors) {
        j->pos = at;
        return NONE;
    }
    v->changed = 1;
    tsig_strbuf *m = issue_open(v, ISSUE_WARNING);
    if (m) {
        tsig_sb_puts(m, "wrapped ");
        size_t end = echo_value(v, m, at);
        if (!end) return 0;
        tsig_sb_puts(m, " in a list");
        if (!issue_close(v, v->path.count, TSIG_ISSUE_WRAPPED, at, end)) return 0;
    }
    if (!path_push(v)) return (size_t)nomem(v);
    if (v->out) tsig_sb_putc(v->out, '[');
    size_t end = check_value(v, t->elem, at);
    v->path.count = step;
    if (!end) return 0;
    if (v->out) tsig_sb_putc(v->out, ']');
    if (tsig_type_refined(t) && !check_bound_count(v, t, 1, at, end)) return 0;
    return j->pos = end;
}

/*
 * The coercions of SPEC §11.4 into lists and maps, for a value (not null)
 * that is not of t's JSON kind: a string holding a JSON array or object,
 * or a single value wrapped in a list. Returns NONE when none applies.
 */
static TSIG_COLD size_t coerce_into(validator *v, const tsig_type *t, size_t at, char c)
{
    size_t end = NONE;
    if (t->kind == TSIG_LIST) {
        if (c == '"') end = coerce_json_string(v, t, at, '[');
        if (end == NONE) end = wrap_in_list(v, t, at);
    } else if (c == '"' && (t->kind == TSIG_MAP || t->kind == TSIG_RECORD)) {
        end = coerce_json_string(v, t, at, '{');
    }
    return end;
}

/* ---- unions (SPEC §11.3, §11.4, §11.7) ----------------------------------- */

/*
 * Reads the value at at as a t with messages counted, not kept (nor the
 * value written), input saying whether coercions apply. Returns the
 * number of errors it has (in every mode, as enabled would count them),
 * NONE when reading must stop.
 */
static size_t trial(validator *v, const tsig_type *t, size_t at, int input)
{
    int saved_input = v->input, changed = v->changed, writing = v->writing;
    tsig_strbuf *out = v->out;
    size_t errors = v->errors_seen;
    v->input = input;
    v->writing = 0;
    v->out = NULL;
    v->trial++;
    size_t end = check_value(v, t, at);
    v->trial--;
    v->input = saved_input;
    v->changed = changed;
    v->writing = writing;
    v->out = out;
    size_t found = v->errors_seen - errors;
    v->errors_seen = errors;
    v->j.pos = at;
    return end ? found : NONE;
}

/* Appends "one of a, b, c": the discriminator's values in every member, in
 * member order (", …" after 10, as enum labels). */
static void discriminator_label(tsig_strbuf *m, const tsig_type *u)
{
    size_t n = 0;
    tsig_sb_puts(m, "one of ");
    for (size_t i = 0; i < u->member_count; i++) {
        const tsig_type *e = u->index->disc[i]->type;
        for (size_t k = 0; k < e->value_count; k++, n++) {
            if (n == 10) {
                tsig_sb_puts(m, ", \xE2\x80\xA6");
                return;
            }
            if (n) tsig_sb_puts(m, ", ");
            tsig_enum_value_format(m, &e->values[k]);
        }
    }
}

/*
 * A discriminated union (SPEC §11.3 rule 1) for the object at at: the
 * discriminator's value names the member that reads it. Absent, or a
 * value of no member, is the one error, at the discriminator's path; the
 * object is then read untyped. In validate_input the value is matched
 * exactly first, then ignoring ASCII case (one value only). The values of
 * all members are found in the union's index (found with the union).
 */
static size_t check_discriminated(validator *v, const tsig_type *u, size_t at)
{
    const tsig_type_index *ix = u->index;
    const tsig_field *d = ix->disc[0];
    tsig_json *j = &v->j;
    j->pos = at;
    if (!skip(v)) return 0; /* the object's text is valid from here on */
    const char *src = j->src;
    size_t end = j->pos;
    int lost = 0;
    size_t found = tsig_json_member(src, end, at, d->name, d->name_len, 1, &lost);
    if (lost) return (size_t)nomem(v);
    const char *value = found == TSIG_JSON_NONE ? NULL : src + found;
    size_t chosen = NONE;
    if (value && *value == '"') {
        tsig_json_span s = {0, 0, 0};
        j->pos = found;
        if (!tsig_json_string(j, &s)) return 0;
        v->text.len = 0;
        if (!tsig_sb_reserve(&v->text, s.len + 1)) return (size_t)nomem(v);
        v->text.len = tsig_json_unescape(src + s.start, s.len, v->text.data);
        v->text.data[v->text.len] = '\0';
        const char *text = v->text.data;
        size_t len = v->text.len;
        const tsig_value_ref *hit =
            tsig_value_find(ix->disc_sorted, ix->disc_count, TSIG_VALUE_STRING, text, len);
        if (hit) chosen = hit->member;
        else if (v->input &&
                 tsig_value_find_folded(ix->disc_folded, ix->disc_count, text, len, &hit) == 1)
            chosen = hit->member;
    }
    if (chosen != NONE) return check_value(v, u->members[chosen], at);

    /* the one error, then the object read as it is */
    if (!path_push(v)) return (size_t)nomem(v);
    set_key_step(v, v->path.count - 1, d->name, d->name_len, 0);
    tsig_strbuf *m = issue_open(v, ISSUE_ERROR);
    if (m) {
        /* about the discriminator's value, or the object that lacks it */
        size_t span_at = at, span_end = end;
        tsig_sb_puts(m, value ? "expected " : "missing required field, expected ");
        discriminator_label(m, u);
        if (value) {
            tsig_sb_puts(m, ", got ");
            span_at = (size_t)(value - src);
            span_end = echo_value(v, m, span_at);
            if (!span_end) return 0;
        }
        if (!issue_close(v, v->path.count, value ? TSIG_ISSUE_UNION : TSIG_ISSUE_MISSING,
                         span_at, span_end))
            return 0;
    }
    v->path.count--;
    j->pos = at;
    return walk(v, 1) ? j->pos : 0;
}

/* The key of a choice: the bytes of u, the text, at and the mode. */
static void choice_key(const validator *v, const tsig_type *u, size_t at, char key[CHOICE_KEY])
{
    memcpy(key, &u, sizeof u);
    memcpy(key + sizeof u, &v->text_id, sizeof v->text_id);
    memcpy(key + sizeof u + sizeof v->text_id, &at, sizeof at);
    key[CHOICE_KEY - 1] = (char)v->input;
}

/* tsig_table_key_of over the choices: a choice's key. */
static const char *choice_key_of(const void *ctx, size_t entry, size_t *len)
{
    *len = CHOICE_KEY;
    return ((const validator *)ctx)->choices[entry].key;
}

/* 1 with *chosen the member chosen before for u at at in this text, 0 when
 * none was, -1 when out of memory. */
static int choice_find(validator *v, const tsig_type *u, size_t at, size_t *chosen)
{
    if (!v->choice_count) return 0;
    char key[CHOICE_KEY];
    choice_key(v, u, at, key);
    size_t i = tsig_table_find(&v->choice_set, key, CHOICE_KEY,
                               tsig_table_hash(&v->choice_set, key, CHOICE_KEY));
    if (i == TSIG_TABLE_NOMEM) return -1;
    if (i == TSIG_TABLE_NONE) return 0;
    *chosen = v->choices[i].member;
    return 1;
}

/* Remembers a choice. 0 when out of memory. */
static int choice_add(validator *v, const tsig_type *u, size_t at, size_t chosen)
{
    if (v->choice_count == v->choice_cap) {
        size_t cap = v->choice_cap ? v->choice_cap * 2 : 64;
        choice *grown = realloc(v->choices, cap * sizeof *grown);
        if (!grown) return nomem(v);
        v->choices = grown;
        v->choice_cap = cap;
    }
    if (!v->choice_set.key_of) tsig_table_init(&v->choice_set, 0, NULL, choice_key_of, v);
    choice *c = &v->choices[v->choice_count];
    choice_key(v, u, at, c->key);
    c->member = chosen;
    size_t i = tsig_table_add(&v->choice_set, c->key, CHOICE_KEY,
                              tsig_table_hash(&v->choice_set, c->key, CHOICE_KEY), v->choice_count);
    if (i == TSIG_TABLE_NOMEM) return nomem(v);
    if (i == TSIG_TABLE_NONE) v->choice_count++;
    else v->choices[i].member = chosen;
    return 1;
}

/*
 * Reads the value at at as the union u: the member that takes it is
 * chosen by trials (messages counted, not kept), then reads it for real,
 * in pass 2 too (the same trials choose the same member).
 *   validate: the first member that accepts it; else, among the members of
 *     its JSON kind, the one with the fewest errors (the first on a tie).
 *   validate_input: the first member that accepts it without coercion
 *     (validate would), else the first that accepts it with coercion, else
 *     as validate, with coercion.
 * No member of its kind is "expected string or int, got bool true".
 *
 * Cost: the members of the value's JSON kind come from the union's index
 * (others are not looked at), and each trial reads the value once, so a
 * value costs at most (members of its kind) x (its size), and in
 * validate_input at most (members) x (its size) more; the choice is
 * remembered (per union, text, offset and mode), so enclosing unions do not
 * multiply it. For a given signature the cost stays linear in the data.
 */
static TSIG_COLD size_t check_union(validator *v, const tsig_type *u, size_t at)
{
    char c = v->j.src[at];
    const tsig_type_index *ix = u->index;
    if (c == '{' && ix->disc) return check_discriminated(v, u, at);
    tsig_json_kind jk = tsig_json_kind_of(c);
    const size_t *takes = ix->takes + ix->takes_at[jk];
    size_t candidates = ix->takes_at[jk + 1] - ix->takes_at[jk];
    size_t chosen = candidates ? takes[0] : NONE, best = NONE, best_errors = 0;
    int found = candidates > 1 || v->input ? choice_find(v, u, at, &chosen) : 1;
    if (found < 0) return (size_t)nomem(v);
    if (!found) {
        chosen = NONE;
        for (int pass = 0; pass < 1 + v->input && chosen == NONE; pass++) {
            /* pass 0: as validate would, the members of its kind; pass 1:
             * with coercion, every member */
            int input = pass == 1;
            size_t count = input ? u->member_count : candidates, next = 0;
            best = NONE;
            for (size_t k = 0; k < count; k++) {
                size_t i = input ? k : takes[k];
                /* the members of its kind, in order, are takes[next...] */
                int candidate = next < candidates && takes[next] == i;
                next += (size_t)candidate;
                size_t errors = trial(v, u->members[i], at, input);
                if (errors == NONE) return 0;
                if (!errors) {
                    chosen = i;
                    break;
                }
                if (candidate && (best == NONE || errors < best_errors)) {
                    best = i;
                    best_errors = errors;
                }
            }
        }
        if (chosen == NONE) chosen = best;
        if (!choice_add(v, u, at, chosen)) return 0;
    }
    if (chosen == NONE) return mismatch(v, u);
    return check_value(v, u->members[chosen], at);
}

/*
 * Reads the value at (or after whitespace at) at as a t: judged in pass 1,
 * written in pass 2. Returns the position after it (j->pos too), 0 only
 * when reading must stop (j->code set). Positions travel in registers
 * through the hot loops; j->pos is kept equal for everything else.
 */
static size_t check_value(validator *v, const tsig_type *t, size_t at)
{
    tsig_json *j = &v->j;
    j->pos = at = tsig_json_ws(j, at);
    if (at >= j->len) return (size_t)tsig_json_fail(j, at, "a JSON value");
    char c = j->src[at];
    int optional = t->kind == TSIG_OPTIONAL;
    t = tsig_type_strip(t);
    if (c == 'n' && (optional || t->kind == TSIG_ANY)) {
        if (!tsig_json_literal(j, "null", 4)) return 0;
        if (v->out) tsig_sb_append(v->out, "null", 4);
        return j->pos;
    }
    switch (t->kind) {
    case TSIG_ANY:
        return walk(v, 1) ? j->pos : 0;
    case TSIG_MAP:
        if (c == '{') return walk(v, 1) ? j->pos : 0;
        break;
    case TSIG_RECORD:
        if (c == '{') return check_record(v, t, at);
        break;
    case TSIG_LIST:
        if (c == '[') return check_list(v, t, at);
        break;
    case TSIG_STRING:
        if (c == '"') return check_plain_string(v, t, at);
        break;
    case TSIG_KEYWORD:
    case TSIG_DATETIME:
        if (c == '"') return check_string(v, t);
        break;
    case TSIG_INT:
    case TSIG_FLOAT:
        if (c == '-' || is_digit(c)) return check_number(v, t);
        if (c == '"' && v->input) return check_string(v, t);
        break;
    case TSIG_BOOL:
        if (c == 't' || c == 'f') {
            if (!tsig_json_literal(j, c == 't' ? "true" : "false", c == 't' ? 4 : 5)) return 0;
            if (v->out) tsig_sb_append(v->out, j->src + at, j->pos - at);
            return j->pos;
        }
        if (c == '"' && v->input) return check_string(v, t);
        break;
    case TSIG_ENUM:
        return check_enum(v, t, at);
    case TSIG_UNION:
        return check_union(v, t, at);
    case TSIG_OPTIONAL: /* stripped above */
        break;
    }
    if (v->input && c != 'n') {
        size_t end = coerce_into(v, t, at, c);
        if (end != NONE) return end;
    }
    return mismatch(v, t);
}

/* ---- entry points ------------------------------------------------------
 * Both validations share validate(); validate_input sees the parameters as
 * the fields of one typed map (the arguments object).
 */

size_t tsig_depth_limit(const tsig_validate_options *o)
{
    size_t max_depth = o->max_depth ? o->max_depth : TSIG_DEFAULT_MAX_DEPTH;
    return max_depth > TSIG_MAX_DEPTH_LIMIT ? TSIG_MAX_DEPTH_LIMIT : max_depth;
}

/* A validator reading json[0..len) with what o says (max_depth given:
 * the caller's part of o's), as validate_input when input. */
static void validator_init(validator *v, store *st, const char *json, size_t len,
                           size_t max_depth, tsig_error *err, int input,
                           const tsig_validate_options *o)
{
    memset(v, 0, offsetof(validator, path));
    v->st = st;
    tsig_json_init(&v->j, json, len, max_depth, err);
    tsig_json_path_init(&v->path);
    v->slots = v->slot_small;
    v->slot_cap = sizeof v->slot_small / sizeof v->slot_small[0];
    v->keys.src = v->j.src;
    v->walker.j = &v->j;
    v->walker.path = &v->path;
    v->walker.keys = &v->keys;
    v->walker.on_duplicate = on_duplicate;
    v->walker.ctx = v;
    v->known_at = SIZE_MAX;
    v->input = input;
    v->doubles = (o->flags & TSIG_NUMBERS_ARE_DOUBLES) != 0;
    v->mode = o->mode;
    v->max_errors = o->max_errors ? o->max_errors : TSIG_DEFAULT_MAX_ERRORS;
}

static void validator_release(validator *v)
{
    tsig_json_path_release(&v->path);
    tsig_json_keys_release(&v->keys);
    tsig_json_walker_release(&v->walker);
    if (v->slots != v->slot_small) free(v->slots);
    free(v->members);
    free(v->located);
    if (v->located_set.key_of) tsig_table_release(&v->located_set);
    for (size_t i = 0; i < v->index_count; i++) tsig_table_release(&v->indexes[i].table);
    free(v->indexes);
    if (v->index_of.key_of) tsig_table_release(&v->index_of);
    tsig_sb_release(&v->msg);
    tsig_sb_release(&v->scratch);
    tsig_sb_release(&v->text);
    free(v->choices);
    if (v->choice_set.key_of) tsig_table_release(&v->choice_set);
}

/* Reads the whole text once: as root in pass 1 (validated) or pass 2
 * (written), or walked when validation is disabled. */
static int run_pass(validator *v, const tsig_type *root)
{
    if (v->mode == TSIG_MODE_DISABLED) return walk(v, 1) && tsig_json_finish(&v->j);
    /* the arguments of validate_input are an object, never coerced to one */
    int input = v->input;
    size_t at = tsig_json_ws(&v->j, v->j.pos);
    if (input && root->kind == TSIG_RECORD && (at >= v->j.len || v->j.src[at] != '{'))
        v->input = 0;
    int ok = check_value(v, root, at) != 0;
    v->input = input;
    return ok && tsig_json_finish(&v->j);
}

/* Adds "too many errors: M more not shown" (or warnings) to a list: about
 * the whole text, len bytes. */
static int add_overflow(store *st, int warnings, size_t len)
{
    size_t dropped = warnings ? st->warnings_dropped : st->errors_dropped;
    if (!dropped) return 1;
    char text[96];
    int n = tsig_snprintf(text, sizeof text, "too many %s: %zu more not shown",
                          warnings ? "warnings" : "errors", dropped);
    tsig_issue issue = {"", 0, NULL, 0, NULL, (size_t)n, TSIG_ISSUE_TOO_MANY, 0, len};
    issue.message = tsig_arena_strndup(&st->arena, text, (size_t)n);
    if (!issue.message) return 0;
    return warnings ? issue_push(&st->warnings, &st->warning_count, &st->warning_cap, &issue)
                    : issue_push(&st->errors, &st->error_count, &st->error_cap, &issue);
}

/* Forgets every message of a store (the strings stay in the arena until
 * the result is freed). */
static void store_clear(store *st)
{
    st->error_count = st->warning_count = 0;
    st->errors_dropped = st->warnings_dropped = 0;
}

/* The spans of the issues found in repaired text, moved to the places in
 * the original text they came from (an issue's end maps like its start). */
static TSIG_COLD void repair_spans(store *st, const tsig_repair *rp, size_t original_len)
{
    tsig_issue *lists[2] = {st->errors, st->warnings};
    size_t counts[2] = {st->error_count, st->warning_count};
    for (int k = 0; k < 2; k++) {
        for (size_t i = 0; i < counts[k]; i++) {
            tsig_issue *is = &lists[k][i];
            size_t from = tsig_repair_original(rp, is->offset);
            size_t to = tsig_repair_original(rp, is->offset + is->length);
            if (from > original_len) from = original_len;
            if (to > original_len) to = original_len;
            is->offset = from;
            is->length = to > from ? to - from : 0;
        }
    }
}

/* A JSON error found in repaired text, moved to where it is in the
 * original: "JSON error at L:C: <what>" with L:C of the original. */
static TSIG_COLD void repair_position(const tsig_repair *rp, const char *src, size_t len,
                                 tsig_error *err)
{
    const char *what = tsig_json_error_reason(err->message);
    if (!what) return;
    char rest[TSIG_MESSAGE_MAX];
    tsig_snprintf(rest, sizeof rest, "%s", what);
    size_t offset = tsig_repair_original(rp, err->offset);
    if (offset > len) offset = len;
    size_t line, column;
    tsig_line_col(src, len, offset, &line, &column);
    tsig_error_set(err, err->code, src, len, offset, "JSON error at %zu:%zu: %s", line,
                   column, rest);
}

/* The repairs as root-level warnings, before the others, in text order,
 * counted against max_errors like any warning. */
static TSIG_COLD int repair_warnings(store *st, const tsig_repair *rp, const char *src,
                                size_t max)
{
    size_t keep = rp->note_count < max ? rp->note_count : max;
    size_t total = keep + st->warning_count;
    if (total > max) total = max;
    tsig_issue *list = malloc((total ? total : 1) * sizeof *list);
    if (!list) return 0;
    size_t from = 0, line = 1, column = 1;
    tsig_strbuf m = {0};
    for (size_t i = 0; i < keep; i++) {
        const tsig_repair_note *n = &rp->notes[i];
        tsig_repair_line_col(src, &from, &line, &column, n->at);
        m.len = 0;
        tsig_repair_message(n, src, line, column, &m);
        /* about the place in the original text where the repair happened */
        tsig_issue issue = {"", 0, NULL, 0, NULL, m.len, TSIG_ISSUE_REPAIRED, n->at,
                            n->len ? n->len : 1};
        issue.message = m.failed ? NULL : tsig_arena_strndup(&st->arena, m.data, m.len);
        if (!issue.message) {
            tsig_sb_release(&m);
            free(list);
            return 0;
        }
        list[i] = issue;
    }
    tsig_sb_release(&m);
    for (size_t i = keep; i < total; i++) list[i] = st->warnings[i - keep];
    st->warnings_dropped += rp->note_count - keep + (st->warning_count - (total - keep));
    free(st->warnings);
    st->warnings = list;
    st->warning_count = st->warning_cap = total;
    return 1;
}

/* The one error of unreadable text: "JSON error at L:C: ...", as the
 * reader wrote it, at its position. */
static int json_error_issue(store *st, const tsig_error *err)
{
    size_t n = strlen(err->message);
    tsig_issue_code code = err->code == TSIG_ERR_TOO_DEEP    ? TSIG_ISSUE_TOO_DEEP
                           : err->code == TSIG_ERR_TOO_LARGE ? TSIG_ISSUE_TOO_LARGE
                                                             : TSIG_ISSUE_JSON_SYNTAX;
    tsig_issue issue = {"", 0, NULL, 0, NULL, n, code, err->offset, 0};
    issue.message = tsig_arena_strndup(&st->arena, err->message, n);
    return issue.message && issue_push(&st->errors, &st->error_count, &st->error_cap, &issue);
}

/* What st holds (st itself is the caller's). */
static void store_release(store *st)
{
    tsig_arena_release(&st->arena);
    free(st->errors);
    free(st->warnings);
    free(st->value);
}

static void store_free(store *st)
{
    if (!st) return;
    store_release(st);
    free(st);
}

/*
 * Both entry points: reads json against root (the return type, or the
 * parameters as a typed map for validate_input) and fills *out.
 */
static tsig_code validate(const tsig_type *root, int input, const char *json,
                          size_t len, const tsig_validate_options *opts,
                          const tsig_known *known, size_t known_count, tsig_result *out)
{
    tsig_validate_options o = {TSIG_MODE_ENABLED, 0, 0, 0};
    if (opts) o = *opts;
    if ((unsigned)o.mode > TSIG_MODE_STRICT || (!json && len)) return TSIG_ERR_ARGUMENT;
    size_t max_depth = tsig_depth_limit(&o);

    /* the reading state lives on the stack: one allocation less a call */
    store *st = calloc(1, sizeof *st);
    validator state, *v = &state;
    if (!st) return TSIG_ERR_NOMEM;
    out->internal_ = st;
    if (len > TSIG_MAX_INPUT) {
        tsig_error_set(&out->json_error, TSIG_ERR_TOO_LARGE, "", 0, 0,
                       "JSON text larger than %zu bytes", (size_t)TSIG_MAX_INPUT);
        if (!json_error_issue(st, &out->json_error)) return TSIG_ERR_NOMEM;
        out->errors = st->errors;
        out->error_count = st->error_count;
        return TSIG_ERR_TOO_LARGE;
    }
    validator_init(v, st, json, len, max_depth, &out->json_error, input, &o);
    if (known_count) {
        v->known = known;
        v->known_count = known_count;
        v->known_at = known[0].start;
    }

    tsig_code code = TSIG_OK;
    int ok = run_pass(v, root);
    /* Repair (SPEC §12.1) only where the strict reading failed: valid JSON
     * never pays for it. The canonical text is then read instead, and
     * positions are turned back into the original's. */
    tsig_repair rp;
    int repaired = 0;
    const char *original = json;
    size_t original_len = len;
    if (!ok && v->j.code == TSIG_ERR_JSON &&
        (input ? !(o.flags & TSIG_NO_REPAIR) : (o.flags & TSIG_REPAIR) != 0)) {
        tsig_repair_init(&rp, max_depth);
        repaired = tsig_repair_run(&rp, json, len, 1) ? rp.note_count != 0 : -1;
        if (repaired == 1) {
            store_clear(st);
            validator_release(v);
            json = rp.out.data ? rp.out.data : "";
            len = rp.out.len;
            memset(&out->json_error, 0, sizeof out->json_error);
            validator_init(v, st, json, len, max_depth, &out->json_error, input, &o);
            ok = run_pass(v, root);
            if (!ok) repair_position(&rp, original, original_len, &out->json_error);
            else repair_spans(st, &rp, original_len);
        } else {
            if (repaired < 0) v->j.code = TSIG_ERR_NOMEM;
            tsig_repair_release(&rp);
            repaired = 0;
        }
    }
    if (!ok) {
        code = v->j.code;
        store_clear(st);
        if (code != TSIG_ERR_NOMEM && !json_error_issue(st, &out->json_error))
            code = TSIG_ERR_NOMEM;
    }
    out->ok = ok && st->error_count == 0 && st->errors_dropped == 0;
    if (out->ok && repaired && !repair_warnings(st, &rp, original, v->max_errors))
        code = TSIG_ERR_NOMEM;
    out->changed = out->ok && (v->changed || v->j.bom || repaired);
    if (out->ok && !(o.flags & TSIG_VALUE_NEVER) &&
        (out->changed || (o.flags & TSIG_VALUE_ALWAYS))) {
        /* pass 2: the same reading, trusted, writing the value */
        tsig_strbuf value = {0};
        tsig_json_init(&v->j, json, len, max_depth, &out->json_error);
        v->j.trusted = 1;
        v->writing = 1;
        v->out = &value;
        if (!run_pass(v, root) || value.failed) code = TSIG_ERR_NOMEM;
        st->value = tsig_sb_finish(&value, &out->value_len);
        if (!st->value) code = TSIG_ERR_NOMEM;
        out->value_json = st->value;
    }
    if (code == TSIG_OK &&
        (!add_overflow(st, 0, original_len) || !add_overflow(st, 1, original_len)))
        code = TSIG_ERR_NOMEM;
    validator_release(v);
    if (repaired) tsig_repair_release(&rp);
    if (code == TSIG_ERR_NOMEM) {
        store_clear(st);
        free(st->value);
        st->value = NULL;
        out->ok = out->changed = 0;
        out->value_json = NULL;
        out->value_len = 0;
        memset(&out->json_error, 0, sizeof out->json_error);
    }
    out->errors = st->errors;
    out->error_count = st->error_count;
    out->warnings = st->warnings;
    out->warning_count = st->warning_count;
    return code;
}

const char *tsig_mode_name(tsig_mode mode)
{
    switch (mode) {
    case TSIG_MODE_ENABLED: return "enabled";
    case TSIG_MODE_WARN_ONLY: return "warn_only";
    case TSIG_MODE_DISABLED: return "disabled";
    case TSIG_MODE_STRICT: return "strict";
    }
    return NULL;
}

tsig_code tsig_validate_json(const tsig_signature *sig, const char *json,
                             size_t len, const tsig_validate_options *opts,
                             tsig_result *out)
{
    if (!out) return TSIG_ERR_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (!sig) return TSIG_ERR_ARGUMENT;
    return validate(sig->returns, 0, json, len, opts, NULL, 0, out);
}

tsig_code tsig_validate_input_json(const tsig_signature *sig, const char *json,
                                   size_t len,
                                   const tsig_validate_options *opts,
                                   tsig_result *out)
{
    if (!out) return TSIG_ERR_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (!sig) return TSIG_ERR_ARGUMENT;
    /* the parameters are the fields of one typed map: the arguments */
    tsig_type args;
    memset(&args, 0, sizeof args);
    args.kind = TSIG_RECORD;
    args.fields = sig->params;
    args.field_count = sig->param_count;
    return validate(&args, 1, json, len, opts, NULL, 0, out);
}

/* The offsets of n issues moved by at. */
static void move_issues(const tsig_issue *list, size_t n, size_t (*at)(const void *ctx, size_t o),
                        const void *ctx)
{
    tsig_issue *e = (tsig_issue *)(uintptr_t)list;
    for (size_t i = 0; i < n; i++) {
        size_t end = at(ctx, e[i].offset + e[i].length);
        e[i].offset = at(ctx, e[i].offset);
        e[i].length = end - e[i].offset;
    }
}

int tsig_result_move(tsig_result *r, size_t (*at)(const void *ctx, size_t o),
                     void (*line_col)(const void *ctx, size_t o, size_t *line, size_t *column),
                     const void *ctx)
{
    store *st = r->internal_;
    move_issues(r->errors, r->error_count, at, ctx);
    move_issues(r->warnings, r->warning_count, at, ctx);
    if (r->json_error.code == TSIG_OK) return 1;
    tsig_error *err = &r->json_error;
    size_t o = err->offset;
    err->offset = at(ctx, o);
    line_col(ctx, o, &err->line, &err->column);
    const char *what = tsig_json_error_reason(err->message);
    if (!what) return 1;
    char rest[TSIG_MESSAGE_MAX];
    tsig_snprintf(rest, sizeof rest, "%s", what);
    tsig_snprintf(err->message, sizeof err->message, "JSON error at %zu:%zu: %s", err->line,
                  err->column, rest);
    /* the one error of unreadable text says it too */
    if (!st || r->error_count != 1) return 1;
    tsig_issue *e = (tsig_issue *)(uintptr_t)r->errors;
    size_t n = strlen(err->message);
    const char *m = tsig_arena_strndup(&st->arena, err->message, n);
    if (!m) return 0;
    e->message = m;
    e->message_len = n;
    return 1;
}

int tsig_result_set_message(tsig_result *r, size_t i, const char *message, size_t len)
{
    store *st = r->internal_;
    const char *m = st && i < r->error_count ? tsig_arena_strndup(&st->arena, message, len) : NULL;
    if (!m) return 0;
    tsig_issue *e = (tsig_issue *)(uintptr_t)r->errors;
    e[i].message = m;
    e[i].message_len = len;
    return 1;
}

void tsig_result_free(tsig_result *result)
{
    if (!result) return;
    store_free(result->internal_);
    memset(result, 0, sizeof *result);
}

tsig_code tsig_validate_type_json(const tsig_type *type, const char *json,
                                  size_t len, const tsig_validate_options *opts,
                                  tsig_result *out)
{
    if (!out) return TSIG_ERR_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (!type) return TSIG_ERR_ARGUMENT;
    return validate(type, 0, json, len, opts, NULL, 0, out);
}

tsig_code tsig_validate_with_known(const tsig_type *root, int input, const char *json,
                                   size_t len, const tsig_validate_options *opts,
                                   const tsig_known *known, size_t count, tsig_result *out)
{
    if (!out) return TSIG_ERR_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (!root) return TSIG_ERR_ARGUMENT;
    return validate(root, input, json, len, opts, known, count, out);
}

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
    validator_init(v, st, text + at, len - at, max_depth - depth, err, input, opts);
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
        size_t end = check_value(v, elem, pos);
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
    validator_release(v);
    store_release(&st);
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
    int ok = check_value(v, elem, 0) == end - at && !v->emitted && !v->changed;
    validator_release(v);
    store_release(&st);
    return ok;
}
