/*
 * inclusion.c: whether every value of one type is a value of another
 * (A within B), as validation judges values in a mode (enabled or strict,
 * no coercion). The answer is one of three:
 *
 *   yes      proved, construct by construct (below);
 *   no       shown by a witness: a JSON value that the validator accepts
 *            for A and refuses for B, confirmed by running it;
 *   unknown  neither: a value of A may fall between two members of B, or
 *            bounds beyond what the search for a witness reaches.
 *
 * Values are split by JSON kind, and each part of A of one kind (a member
 * of a union, an optional's inner type) is compared with B's members of
 * that kind. "yes" needs one member of B that holds the whole part; enums
 * and booleans on the left are finite and checked value by value, so they
 * are exact. Where no member holds a part, witnesses are looked for: the
 * values pairs of part and member gave, and for scalars values made from
 * every bound in sight (each bound, one off, halfway, lengths around each
 * bound). A witness counts only once the validator has judged it.
 *
 * Every (A node, B node) pair is compared once (remembered in the one hash
 * table), so the work is in proportion to the product of the two trees,
 * and bounded by INCLUSION_STEPS besides: past it the answer is unknown.
 */
#include "internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Steps (comparisons of two nodes, validations of a candidate) one call
 * may take before it answers unknown. */
#define INCLUSION_STEPS 200000u
/* Longest string or list a witness or an example is built with. */
#define WITNESS_MAX_COUNT 4096u

typedef struct verdict {
    tsig_incl_verdict verdict;
    const char *path;    /* where A and B part, from this pair's place */
    size_t path_len;
    const char *why;     /* unknown: why it cannot be proved */
    size_t why_len;
    const char *witness; /* no: a JSON value of A that B refuses */
    size_t witness_len;
} verdict;

typedef struct memo_entry {
    const tsig_type *pair[2];
    const verdict *v;
} memo_entry;

typedef struct inclusion {
    tsig_arena arena;
    tsig_validate_options opts[2]; /* how values of A (0) and of B (1) are judged */
    size_t steps;
    int nomem;
    tsig_table memo;
    memo_entry *entries;
    size_t entry_count, entry_cap;
} inclusion;

/* The types :any stands for, one per JSON kind (null is told apart). */
static const tsig_type ANY_TYPE = {.kind = TSIG_ANY};
static const tsig_type EVERY_STRING = {.kind = TSIG_STRING};
static const tsig_type EVERY_NUMBER = {.kind = TSIG_FLOAT};
static const tsig_type EVERY_BOOL = {.kind = TSIG_BOOL};
static const tsig_type EVERY_MAP = {.kind = TSIG_MAP};
static const tsig_type EVERY_LIST = {.kind = TSIG_LIST, .elem = &ANY_TYPE};

static const verdict YES = {TSIG_INCL_YES, "", 0, "", 0, "", 0};
static const verdict NOMEM = {TSIG_INCL_UNKNOWN, "", 0, "out of memory", 13, "", 0};
/* Why a no could not be shown: no value of A was found to build it. */
static const char NO_EXAMPLE[] = "no value of the type was found to show it";
static const verdict TOO_LARGE = {TSIG_INCL_UNKNOWN, "", 0,
                                  "too large to compare", 20, "", 0};

static const verdict *includes(inclusion *c, const tsig_type *a, const tsig_type *b);
static size_t member_count(const tsig_type *t);

/* The answer out of memory: remembered, so the call answers TSIG_ERR_NOMEM. */
static const verdict *oom(inclusion *c)
{
    c->nomem = 1;
    return &NOMEM;
}

/* 1 when sb failed to grow (then the call is out of memory). */
static int failed(inclusion *c, const tsig_strbuf *sb)
{
    if (sb->failed) c->nomem = 1;
    return sb->failed;
}

/* ---- small pieces ------------------------------------------------------ */

/* A copy of sb's bytes in the arena (sb released); NULL when out of memory. */
static const char *keep(inclusion *c, tsig_strbuf *sb, size_t *len)
{
    const char *s = NULL;
    *len = 0;
    if (!sb->failed) {
        s = tsig_arena_strndup(&c->arena, sb->data ? sb->data : "", sb->len);
        *len = sb->len;
    }
    tsig_sb_release(sb);
    if (!s) c->nomem = 1;
    return s;
}

static const verdict *make(inclusion *c, tsig_incl_verdict kind, const char *path,
                           size_t path_len, const char *why, size_t why_len,
                           const char *witness, size_t witness_len)
{
    verdict *v = tsig_arena_alloc(&c->arena, sizeof *v);
    if (!v) {
        c->nomem = 1;
        return oom(c);
    }
    v->verdict = kind;
    v->path = path ? path : "";
    v->path_len = path ? path_len : 0;
    v->why = why ? why : "";
    v->why_len = why ? why_len : 0;
    v->witness = witness ? witness : "";
    v->witness_len = witness ? witness_len : 0;
    return v;
}

static const verdict *unknown(inclusion *c, const char *why)
{
    return make(c, TSIG_INCL_UNKNOWN, "", 0, why, strlen(why), NULL, 0);
}

/* No, with the witness in sb (released). */
static const verdict *refuted(inclusion *c, tsig_strbuf *sb)
{
    size_t len;
    const char *w = keep(c, sb, &len);
    return w ? make(c, TSIG_INCL_NO, "", 0, NULL, 0, w, len) : oom(c);
}

/* v seen from one step up: seg (".name", "[]") before its path; a no's
 * witness replaced by witness[0..len) (the value at this place). */
static const verdict *nested(inclusion *c, const verdict *v, const char *seg, size_t seg_len,
                             const char *witness, size_t witness_len)
{
    tsig_strbuf p = {0};
    tsig_sb_append(&p, seg, seg_len);
    tsig_sb_append(&p, v->path, v->path_len);
    size_t len;
    const char *path = keep(c, &p, &len);
    if (!path) return oom(c);
    return make(c, v->verdict, path, len, v->why, v->why_len,
                v->verdict == TSIG_INCL_NO ? witness : NULL, witness_len);
}

/* One step of the budget; 0 when it is spent. */
static int step(inclusion *c)
{
    if (c->steps == 0) return 0;
    c->steps--;
    return 1;
}

/* 1 when the validator accepts json[0..len) for t as values of side
 * (0: A, 1: B) are judged, 0
 * when it refuses it, -1 when out of memory or past the budget. */
static int accepts(inclusion *c, int side, const tsig_type *t, const char *json, size_t len)
{
    if (t->kind == TSIG_ANY) return 1;
    /* a validation costs about its text and the members it may try */
    size_t cost = 1 + len / 64 + member_count(t);
    if (c->steps < cost) {
        c->steps = 0;
        return -1;
    }
    c->steps -= cost;
    tsig_result r;
    tsig_code code = tsig_validate_type_json(t, json, len, &c->opts[side], &r);
    int ok = r.ok;
    tsig_result_free(&r);
    if (code == TSIG_ERR_NOMEM) {
        c->nomem = 1;
        return -1;
    }
    return code == TSIG_OK && ok;
}

/* The members of t (t itself unless a union; an optional's inner type),
 * and :any as one type per JSON kind. */
static size_t member_count(const tsig_type *t)
{
    t = tsig_type_strip(t);
    return t->kind == TSIG_UNION ? t->member_count : 1;
}

static const tsig_type *member_of(const tsig_type *t, size_t i, tsig_json_kind k)
{
    t = tsig_type_strip(t);
    if (t->kind == TSIG_UNION) return t->members[i];
    if (t->kind != TSIG_ANY) return t;
    switch (k) {
    case TSIG_JSON_STRING: return &EVERY_STRING;
    case TSIG_JSON_NUMBER: return &EVERY_NUMBER;
    case TSIG_JSON_BOOL: return &EVERY_BOOL;
    case TSIG_JSON_OBJECT: return &EVERY_MAP;
    case TSIG_JSON_ARRAY: return &EVERY_LIST;
    case TSIG_JSON_NULL: return &ANY_TYPE;
    }
    return t;
}

/* ---- numbers ----------------------------------------------------------- */

/* Writes the double d (finite) as a JSON number: as an integer when as_int
 * (d whole and below 10^21, else nothing is written and 0 returned), else
 * with a fraction or an exponent, so it reads as a float. */
static int put_double(tsig_strbuf *sb, double d, int as_int)
{
    if (!isfinite(d)) return 0;
    if (as_int && (d != floor(d) || fabs(d) >= 1e21)) return 0;
    char digits[TSIG_DOUBLE_DIGITS];
    int point;
    size_t n = tsig_double_digits(d, digits, &point);
    if (d < 0) tsig_sb_putc(sb, '-');
    if (as_int) {
        if (d == 0 || point <= 0) {
            tsig_sb_putc(sb, '0');
            return 1;
        }
        for (int i = 0; i < point; i++) tsig_sb_putc(sb, (size_t)i < n ? digits[i] : '0');
        return 1;
    }
    if (point > 0 && point <= 21) {
        for (int i = 0; i < point; i++) tsig_sb_putc(sb, (size_t)i < n ? digits[i] : '0');
        tsig_sb_putc(sb, '.');
        if ((size_t)point >= n) tsig_sb_putc(sb, '0');
        else tsig_sb_append(sb, digits + point, n - (size_t)point);
        return 1;
    }
    if (point <= 0 && point > -6) {
        tsig_sb_puts(sb, "0.");
        for (int i = point; i < 0; i++) tsig_sb_putc(sb, '0');
        tsig_sb_append(sb, digits, n);
        return 1;
    }
    tsig_sb_putc(sb, digits[0]);
    tsig_sb_putc(sb, '.');
    if (n > 1) tsig_sb_append(sb, digits + 1, n - 1);
    else tsig_sb_putc(sb, '0');
    tsig_sb_printf(sb, "e%d", point - 1);
    return 1;
}

/* Adds, one per line, numbers around d: d, one off, halves and doubles,
 * as integers and as floats. */
static void numbers_around(tsig_strbuf *out, double d)
{
    const double near[] = {d, d - 1, d + 1, d - 0.5, d + 0.5, floor(d), ceil(d),
                           floor(d) - 1, ceil(d) + 1, d * 2 - 1, d * 2 + 1};
    for (size_t i = 0; i < sizeof near / sizeof near[0]; i++)
        for (int as_int = 1; as_int >= 0; as_int--)
            if (put_double(out, near[i], as_int)) tsig_sb_putc(out, '\n');
}

/* The numbers a witness of a number type is looked for among, one per
 * line: around 0, each bound of t and of every member of b, and halfway
 * between two bounds. */
static void number_candidates(tsig_strbuf *out, const tsig_type *t, const tsig_type *b)
{
    double bounds[16];
    size_t n = 0;
    bounds[n++] = 0;
    bounds[n++] = 1e30;
    bounds[n++] = -1e30;
    const tsig_type *sides[2] = {t, b};
    for (int s = 0; s < 2; s++) {
        if (!sides[s]) continue;
        for (size_t i = 0; i < member_count(sides[s]); i++) {
            const tsig_type *m = member_of(sides[s], i, TSIG_JSON_NUMBER);
            const tsig_bound *ends[2] = {&m->lower, &m->upper};
            if (m->kind != TSIG_INT && m->kind != TSIG_FLOAT) continue;
            for (int e = 0; e < 2; e++) {
                if (!ends[e]->num || n == sizeof bounds / sizeof bounds[0]) continue;
                tsig_sb_append(out, ends[e]->num, ends[e]->len);
                tsig_sb_putc(out, '\n');
                bounds[n++] = tsig_decimal_to_double(ends[e]->num, ends[e]->len);
            }
        }
    }
    for (size_t i = 0; i < n; i++) {
        numbers_around(out, bounds[i]);
        for (size_t j = i + 1; j < n; j++) numbers_around(out, (bounds[i] + bounds[j]) / 2);
    }
}

/* The lesser (upper: the greater) of two ends; on equal values the one
 * that leaves a value out. */
static tsig_bound tighter(tsig_bound x, tsig_bound y, int lower)
{
    if (!x.num) return y;
    if (!y.num) return x;
    int cmp = tsig_decimal_compare(x.num, x.len, y.num, y.len);
    if (cmp == 0) return x.exclusive ? x : y;
    return (cmp > 0) == lower ? x : y;
}

/* A bound's other side: the values it leaves out begin where it ends. */
static tsig_bound flipped(tsig_bound x)
{
    x.exclusive = !x.exclusive;
    return x;
}

/*
 * 1 when every number of a's range is within b's (ints: only the integers
 * of a's range count; lengths: a missing lower end is 0). Exact, over
 * decimal lexemes of any size.
 */
static int range_within(const tsig_type *a, const tsig_type *b, int ints, int lengths)
{
    tsig_bound alo = a->lower, ahi = a->upper;
    if (lengths && !alo.num) alo = (tsig_bound){"0", 1, 0};
    /* below b's lower end */
    if (b->lower.num) {
        if (!alo.num) return 0;
        if (ints) {
            tsig_bound up = tighter(ahi, flipped(b->lower), 0);
            if (!tsig_decimal_no_integer(alo.num, alo.len, alo.exclusive, up.num, up.len,
                                         up.exclusive))
                return 0;
        } else {
            int cmp = tsig_decimal_compare(alo.num, alo.len, b->lower.num, b->lower.len);
            if (cmp < 0 || (cmp == 0 && b->lower.exclusive && !alo.exclusive)) return 0;
        }
    }
    /* above b's upper end */
    if (b->upper.num) {
        if (!ahi.num) return 0;
        if (ints) {
            tsig_bound down = tighter(alo, flipped(b->upper), 1);
            if (!tsig_decimal_no_integer(down.num, down.len, down.exclusive, ahi.num, ahi.len,
                                         ahi.exclusive))
                return 0;
        } else {
            int cmp = tsig_decimal_compare(ahi.num, ahi.len, b->upper.num, b->upper.len);
            if (cmp > 0 || (cmp == 0 && b->upper.exclusive && !ahi.exclusive)) return 0;
        }
    }
    return 1;
}

/* ---- strings ----------------------------------------------------------- */

/* A length bound's value when it is a count a witness can be built with. */
static void add_count(size_t *counts, size_t *n, const tsig_bound *bound)
{
    if (!bound->num || bound->len > 6) return;
    size_t v = 0;
    for (size_t i = 0; i < bound->len; i++) {
        if (bound->num[i] < '0' || bound->num[i] > '9') return;
        v = v * 10 + (size_t)(bound->num[i] - '0');
    }
    const size_t near[] = {v, v + 1, v ? v - 1 : 0};
    for (size_t i = 0; i < 3; i++)
        if (near[i] <= WITNESS_MAX_COUNT && *n < 64) counts[(*n)++] = near[i];
}

/* The counts (string or list lengths) a witness is looked for among. */
static size_t count_candidates(size_t counts[64], const tsig_type *t, const tsig_type *b,
                               tsig_json_kind k)
{
    size_t n = 0;
    const size_t fixed[] = {0, 1, 2, 20, 22, 25};
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) counts[n++] = fixed[i];
    const tsig_type *sides[2] = {t, b};
    for (int s = 0; s < 2; s++)
        for (size_t i = 0; i < member_count(sides[s]); i++) {
            const tsig_type *m = member_of(sides[s], i, k);
            add_count(counts, &n, &m->lower);
            add_count(counts, &n, &m->upper);
        }
    return n;
}

/* Strings of the given length, one per line: spaces, letters, and a
 * date-time where one has that length. */
static void string_candidates(tsig_strbuf *out, size_t len)
{
    tsig_sb_putc(out, '"');
    for (size_t i = 0; i < len; i++) tsig_sb_putc(out, ' ');
    tsig_sb_puts(out, "\"\n\"");
    for (size_t i = 0; i < len; i++) tsig_sb_putc(out, 'a');
    tsig_sb_puts(out, "\"\n");
    if (len == 20) tsig_sb_puts(out, "\"2026-01-01T00:00:00Z\"\n");
    if (len >= 22) {
        tsig_sb_puts(out, "\"2026-01-01T00:00:00.");
        for (size_t i = 21; i < len; i++) tsig_sb_putc(out, '0');
        tsig_sb_puts(out, "Z\"\n");
    }
}

/* ---- examples: one value of a type ------------------------------------ */

static int example(inclusion *c, const tsig_type *t, tsig_strbuf *out);

/* The least count (string or list length) t's bounds allow, or SIZE_MAX
 * when none up to WITNESS_MAX_COUNT. */
static size_t least_count(const tsig_type *t)
{
    for (size_t n = 0; n <= WITNESS_MAX_COUNT; n++)
        if (tsig_bounds_hold_count(t, n)) return n;
    return (size_t)-1;
}

/* The first of the lines of cands that a accepts and b (when not NULL)
 * refuses, appended to out; 0 when none (or out of memory, or past the
 * budget). */
static int first_accepted(inclusion *c, const tsig_type *a, const tsig_type *b,
                          const tsig_strbuf *cands, tsig_strbuf *out)
{
    if (failed(c, cands)) return 0;
    size_t at = 0;
    while (cands->data && at < cands->len) {
        const char *line = cands->data + at;
        const char *nl = memchr(line, '\n', cands->len - at);
        size_t len = nl ? (size_t)(nl - line) : cands->len - at;
        at += len + 1;
        int in_a = accepts(c, 0, a, line, len);
        int in_b = in_a > 0 && b ? accepts(c, 1, b, line, len) : 0;
        if (in_a < 0 || in_b < 0) return 0;
        if (in_a && !in_b) {
            tsig_sb_append(out, line, len);
            return 1;
        }
    }
    return 0;
}

/* Appends the JSON form of an enum value. */
static void put_enum_value(tsig_strbuf *out, const tsig_enum_value *v)
{
    if (v->kind == TSIG_VALUE_STRING) tsig_json_escape(out, v->text, v->len);
    else tsig_sb_append(out, v->text, v->len);
}

/*
 * Appends the fields of record t a value must have (each an example),
 * skipping those named like skip[0..skip_count) (after "-" -> "_"), then
 * the entries given (key and JSON value each), inside "{...}". 0 when a
 * field has no example.
 */
typedef struct entry {
    const char *key;
    size_t key_len;
    const char *value;
    size_t value_len;
} entry;

static int record_with(inclusion *c, const tsig_type *t, const entry *set, size_t set_count,
                       tsig_strbuf *out)
{
    tsig_sb_putc(out, '{');
    int first = 1;
    if (t->kind == TSIG_RECORD)
        for (size_t i = 0; i < t->field_count; i++) {
            const tsig_field *f = &t->fields[i];
            if (f->default_json || f->type->kind == TSIG_OPTIONAL) continue;
            int skipped = 0;
            for (size_t s = 0; s < set_count; s++)
                skipped |= tsig_names_match(f->name, f->name_len, set[s].key, set[s].key_len);
            if (skipped) continue;
            if (!first) tsig_sb_putc(out, ',');
            first = 0;
            tsig_json_escape(out, f->name, f->name_len);
            tsig_sb_putc(out, ':');
            if (!example(c, f->type, out)) return 0;
        }
    for (size_t s = 0; s < set_count; s++) {
        if (!first) tsig_sb_putc(out, ',');
        first = 0;
        tsig_json_escape(out, set[s].key, set[s].key_len);
        tsig_sb_putc(out, ':');
        tsig_sb_append(out, set[s].value, set[s].value_len);
    }
    tsig_sb_putc(out, '}');
    return 1;
}

/* Appends "[" first (when given) and examples of t's element up to t's
 * least length (count, when given: that many), "]". */
static int list_with(inclusion *c, const tsig_type *t, const char *first, size_t first_len,
                     size_t count, tsig_strbuf *out)
{
    tsig_sb_putc(out, '[');
    for (size_t i = 0; i < count; i++) {
        if (i) tsig_sb_putc(out, ',');
        if (i == 0 && first) tsig_sb_append(out, first, first_len);
        else if (!example(c, t->elem, out)) return 0;
    }
    tsig_sb_putc(out, ']');
    return 1;
}

/* Appends one value of t (JSON); 0 when none was found (bounds too far
 * for the values tried, or the budget spent). */
static int example(inclusion *c, const tsig_type *t, tsig_strbuf *out)
{
    switch (t->kind) {
    case TSIG_ANY:
    case TSIG_OPTIONAL:
        tsig_sb_puts(out, "null");
        return 1;
    case TSIG_BOOL:
        tsig_sb_puts(out, "true");
        return 1;
    case TSIG_KEYWORD:
        tsig_sb_puts(out, "\"a\"");
        return 1;
    case TSIG_DATETIME:
        tsig_sb_puts(out, "\"2026-01-01T00:00:00Z\"");
        return 1;
    case TSIG_MAP:
        tsig_sb_puts(out, "{}");
        return 1;
    case TSIG_ENUM:
        put_enum_value(out, &t->values[0]);
        return 1;
    case TSIG_UNION:
        return example(c, t->members[0], out);
    case TSIG_RECORD:
        return record_with(c, t, NULL, 0, out);
    case TSIG_LIST: {
        size_t n = least_count(t);
        return n != (size_t)-1 && list_with(c, t, NULL, 0, n, out);
    }
    case TSIG_STRING: {
        size_t n = least_count(t);
        if (n == (size_t)-1) return 0;
        tsig_sb_putc(out, '"');
        for (size_t i = 0; i < n; i++) tsig_sb_putc(out, 'a');
        tsig_sb_putc(out, '"');
        return 1;
    }
    case TSIG_INT:
    case TSIG_FLOAT: {
        tsig_strbuf cands = {0};
        number_candidates(&cands, t, NULL);
        int found = first_accepted(c, t, NULL, &cands, out);
        tsig_sb_release(&cands);
        return found;
    }
    }
    return 0;
}

/* ---- one part of A against the members of B of its kind --------------- */

/* A record's view for comparison: the fields, and whether and what keys
 * besides them a value may hold (:map: any key, any value; a typed map:
 * its "* T", or in enabled mode any key, any value). */
typedef struct record_view {
    const tsig_field *fields;
    size_t field_count;
    const tsig_type *extra; /* NULL: no other key */
} record_view;

static record_view view_of(const inclusion *c, int side, const tsig_type *t)
{
    record_view v = {NULL, 0, &ANY_TYPE};
    if (t->kind != TSIG_RECORD) return v;
    v.fields = t->fields;
    v.field_count = t->field_count;
    v.extra = t->extra ? t->extra : c->opts[side].mode == TSIG_MODE_STRICT ? NULL : &ANY_TYPE;
    return v;
}

static int may_be_absent(const tsig_field *f)
{
    return f->default_json || f->type->kind == TSIG_OPTIONAL;
}

/* A key no field of a or b matches, for an extra entry of a witness. */
static void fresh_key(const record_view *a, const record_view *b, tsig_strbuf *key)
{
    for (unsigned n = 0;; n++) {
        key->len = 0;
        tsig_sb_printf(key, n ? "extra%u" : "extra", n);
        if (key->failed) return;
        if (!tsig_field_named(a->fields, a->field_count, key->data, key->len, 0) &&
            !tsig_field_named(b->fields, b->field_count, key->data, key->len, 0))
            return;
    }
}

/* The witness of a record: record_with the entries, as a no. */
static const verdict *record_refuted(inclusion *c, const tsig_type *a, const entry *set,
                                     size_t count, const verdict *inner, const char *seg,
                                     size_t seg_len)
{
    tsig_strbuf w = {0};
    if (!record_with(c, a, set, count, &w) || failed(c, &w)) {
        tsig_sb_release(&w);
        return c->nomem ? oom(c) : unknown(c, NO_EXAMPLE);
    }
    if (!inner) return refuted(c, &w);
    size_t len;
    const char *text = keep(c, &w, &len);
    return text ? nested(c, inner, seg, seg_len, text, len) : oom(c);
}

/* Field name f as a path segment ".name". */
static const verdict *record_nested(inclusion *c, const tsig_type *a, const char *name,
                                    size_t name_len, const verdict *inner)
{
    tsig_strbuf seg = {0};
    tsig_sb_putc(&seg, '.');
    tsig_sb_append(&seg, name, name_len);
    if (seg.failed) {
        tsig_sb_release(&seg);
        return oom(c);
    }
    const verdict *v;
    if (inner->verdict == TSIG_INCL_NO) {
        entry e = {name, name_len, inner->witness, inner->witness_len};
        v = record_refuted(c, a, &e, 1, inner, seg.data, seg.len);
    } else {
        v = nested(c, inner, seg.data, seg.len, NULL, 0);
    }
    tsig_sb_release(&seg);
    return v;
}

/* v (about the whole record) placed at field g, witness kept. */
static const verdict *at_field(inclusion *c, const tsig_field *g, const verdict *v)
{
    if (v == &NOMEM) return v;
    tsig_strbuf seg = {0};
    tsig_sb_putc(&seg, '.');
    tsig_sb_append(&seg, g->name, g->name_len);
    const verdict *out = seg.failed ? oom(c) : nested(c, v, seg.data, seg.len, v->witness, v->witness_len);
    tsig_sb_release(&seg);
    return out;
}

/* One value of t, kept in the arena (*len its length); NULL when none was
 * found (c->nomem says whether for want of memory). */
static const char *example_kept(inclusion *c, const tsig_type *t, size_t *len)
{
    tsig_strbuf ex = {0};
    if (!example(c, t, &ex) || failed(c, &ex)) {
        tsig_sb_release(&ex);
        return NULL;
    }
    return keep(c, &ex, len);
}

/* The answer for key name of a's values, whose values inner judged: a no
 * at once (at the key); an unknown kept in *open, the first only. NULL to
 * go on. */
static const verdict *key_verdict(inclusion *c, const tsig_type *a, const char *name,
                                  size_t name_len, const verdict *inner, const verdict **open)
{
    if (inner->verdict == TSIG_INCL_NO) return record_nested(c, a, name, name_len, inner);
    if (inner->verdict == TSIG_INCL_UNKNOWN && !*open)
        *open = record_nested(c, a, name, name_len, inner);
    return NULL;
}

/* Whether the objects of a (a typed map or :map) are all objects b takes. */
static const verdict *record_pair(inclusion *c, const tsig_type *a, const tsig_type *b)
{
    if (b->kind == TSIG_MAP) return &YES;
    record_view va = view_of(c, 0, a), vb = view_of(c, 1, b);
    const verdict *open = NULL, *v;
    /* b's fields */
    for (size_t i = 0; i < vb.field_count; i++) {
        const tsig_field *g = &vb.fields[i];
        const tsig_field *f = tsig_field_named(va.fields, va.field_count, g->name, g->name_len,
                                               i < va.field_count ? i : 0);
        if (f) {
            if (may_be_absent(f) && !may_be_absent(g))
                return at_field(c, g, record_refuted(c, a, NULL, 0, NULL, NULL, 0));
            v = key_verdict(c, a, f->name, f->name_len, includes(c, f->type, g->type), &open);
            if (v) return v;
            continue;
        }
        if (!may_be_absent(g)) return at_field(c, g, record_refuted(c, a, NULL, 0, NULL, NULL, 0));
        if (!va.extra) continue;
        /* a value of a may hold g's key as one of its other keys */
        v = key_verdict(c, a, g->name, g->name_len, includes(c, va.extra, g->type), &open);
        if (v) return v;
        /* and two spellings of it, which b finds ambiguous */
        char *other = tsig_arena_strndup(&c->arena, g->name, g->name_len);
        if (!other) return oom(c);
        int spelled = 0;
        for (size_t k = 0; k < g->name_len; k++)
            if (other[k] == '-' || other[k] == '_') {
                other[k] = other[k] == '-' ? '_' : '-';
                spelled = 1;
                break;
            }
        if (!spelled) continue;
        size_t ex_len;
        const char *ex_text = example_kept(c, va.extra, &ex_len);
        if (!ex_text) {
            if (c->nomem) return oom(c);
            if (!open) open = unknown(c, NO_EXAMPLE);
            continue;
        }
        entry two[2] = {{g->name, g->name_len, ex_text, ex_len}, {other, g->name_len, ex_text, ex_len}};
        return at_field(c, g, record_refuted(c, a, two, 2, NULL, NULL, 0));
    }
    /* a's fields b does not declare */
    for (size_t i = 0; i < va.field_count; i++) {
        const tsig_field *f = &va.fields[i];
        if (tsig_field_named(vb.fields, vb.field_count, f->name, f->name_len,
                             i < vb.field_count ? i : 0))
            continue;
        if (vb.extra) {
            v = key_verdict(c, a, f->name, f->name_len, includes(c, f->type, vb.extra), &open);
            if (v) return v;
            continue;
        }
        size_t ex_len;
        const char *ex_text = example_kept(c, f->type, &ex_len);
        if (!ex_text) {
            if (c->nomem) return oom(c);
            if (!open) open = unknown(c, NO_EXAMPLE);
            continue;
        }
        entry e = {f->name, f->name_len, ex_text, ex_len};
        return at_field(c, f, record_refuted(c, a, &e, 1, NULL, NULL, 0));
    }
    /* the other keys of a */
    if (va.extra) {
        tsig_strbuf key = {0};
        fresh_key(&va, &vb, &key);
        size_t key_len;
        const char *k = keep(c, &key, &key_len);
        if (!k) return oom(c);
        if (vb.extra) {
            v = key_verdict(c, a, k, key_len, includes(c, va.extra, vb.extra), &open);
            if (v) return v;
        } else {
            size_t ex_len;
            const char *ex_text = example_kept(c, va.extra, &ex_len);
            if (!ex_text) return c->nomem ? oom(c) : unknown(c, NO_EXAMPLE);
            entry e = {k, key_len, ex_text, ex_len};
            return record_refuted(c, a, &e, 1, NULL, NULL, 0);
        }
    }
    return open ? open : &YES;
}

/* 1 when a list of t may hold an element (its upper bound is 1 or more). */
static int holds_an_element(const tsig_type *t)
{
    if (!t->upper.num) return 1;
    int cmp = tsig_decimal_compare(t->upper.num, t->upper.len, "1", 1);
    return cmp > 0 || (cmp == 0 && !t->upper.exclusive);
}

/* Whether the lists of a are all lists b takes: elements, then lengths. */
static const verdict *list_pair(inclusion *c, const tsig_type *a, const tsig_type *b)
{
    const verdict *open = NULL;
    size_t least = least_count(a);
    /* a list of a may hold an element only when its lengths allow one */
    if (holds_an_element(a)) {
        const verdict *inner = includes(c, a->elem, b->elem);
        if (inner->verdict == TSIG_INCL_NO) {
            tsig_strbuf w = {0};
            size_t n = least == 0 || least == (size_t)-1 ? 1 : least;
            if (least == (size_t)-1 || !tsig_bounds_hold_count(a, n) ||
                !list_with(c, a, inner->witness, inner->witness_len, n, &w) || failed(c, &w)) {
                tsig_sb_release(&w);
                return c->nomem ? oom(c) : nested(c, unknown(c, NO_EXAMPLE), "[]", 2, NULL, 0);
            }
            size_t len;
            const char *text = keep(c, &w, &len);
            return text ? nested(c, inner, "[]", 2, text, len) : oom(c);
        }
        if (inner->verdict == TSIG_INCL_UNKNOWN) open = nested(c, inner, "[]", 2, NULL, 0);
    }
    if (range_within(a, b, 1, 1)) return open ? open : &YES;
    size_t counts[64];
    size_t n = count_candidates(counts, a, b, TSIG_JSON_ARRAY);
    for (size_t i = 0; i < n; i++) {
        if (!tsig_bounds_hold_count(a, counts[i]) || tsig_bounds_hold_count(b, counts[i]))
            continue;
        tsig_strbuf w = {0};
        if (list_with(c, a, NULL, 0, counts[i], &w) && !failed(c, &w)) return refuted(c, &w);
        tsig_sb_release(&w);
        if (c->nomem) return oom(c);
    }
    return unknown(c, "no list of the type was found to show it");
}

/* Whether a's strings (a :string, :keyword or :datetime) are all strings
 * of the one member m of b, when that can be proved; unknown otherwise. */
static int string_within(const tsig_type *a, const tsig_type *m)
{
    if (m->kind == TSIG_KEYWORD || m->kind == TSIG_DATETIME) return a->kind == m->kind;
    if (m->kind != TSIG_STRING) return 0;
    if (a->kind == TSIG_STRING) return range_within(a, m, 1, 1);
    if (a->kind == TSIG_KEYWORD) /* lengths 1 and up */
        return !m->upper.num && tsig_bounds_hold_count(m, 1);
    /* a date-time is 20 code points long, or 22 and more */
    return a->kind == TSIG_DATETIME && !m->upper.num && tsig_bounds_hold_count(m, 20);
}

/* Whether a's numbers (an :int or a :float) are all numbers of m. */
static int number_within(const tsig_type *a, const tsig_type *m)
{
    if (m->kind == TSIG_FLOAT) return range_within(a, m, a->kind == TSIG_INT, 0);
    if (m->kind == TSIG_INT) return a->kind == TSIG_INT && range_within(a, m, 1, 0);
    return 0;
}

/* The witnesses tried for a scalar part a of JSON kind k, one per line. */
static void scalar_candidates(tsig_strbuf *out, const tsig_type *a, const tsig_type *b,
                              tsig_json_kind k)
{
    if (k == TSIG_JSON_NUMBER) {
        number_candidates(out, a, b);
        return;
    }
    if (k == TSIG_JSON_BOOL) {
        tsig_sb_puts(out, "true\nfalse\n");
        return;
    }
    size_t counts[64];
    size_t n = count_candidates(counts, a, b, TSIG_JSON_STRING);
    for (size_t i = 0; i < n; i++) string_candidates(out, counts[i]);
}

/*
 * Whether every value of JSON kind k of a (one member: no union, no
 * optional) is a value of b.
 */
static const verdict *part_within(inclusion *c, const tsig_type *a, const tsig_type *b,
                                  tsig_json_kind k)
{
    /* enums are finite: each value is judged */
    if (a->kind == TSIG_ENUM) {
        for (size_t i = 0; i < a->value_count; i++) {
            const tsig_enum_value *v = &a->values[i];
            static const tsig_json_kind by_value[] = {TSIG_JSON_STRING, TSIG_JSON_NUMBER,
                                                      TSIG_JSON_NUMBER, TSIG_JSON_BOOL};
            if (by_value[v->kind] != k) continue;
            tsig_strbuf w = {0};
            put_enum_value(&w, v);
            /* a number of the enum is every lexeme of its value (1, 1.0,
             * 1e0): one written as a float is the one a member of b may
             * refuse (an :int), and a member that takes it (a :float, an
             * enum) takes every other */
            if (v->kind == TSIG_VALUE_INT) tsig_sb_puts(&w, ".0");
            int r = failed(c, &w) ? -1 : accepts(c, 1, b, w.data, w.len);
            if (r == 0) return refuted(c, &w);
            tsig_sb_release(&w);
            if (r < 0) return c->nomem ? oom(c) : &TOO_LARGE;
        }
        return &YES;
    }
    /* booleans are two: each is judged */
    if (k == TSIG_JSON_BOOL) {
        static const char *const both[] = {"true", "false"};
        for (int i = 0; i < 2; i++) {
            int r = accepts(c, 1, b, both[i], strlen(both[i]));
            if (r < 0) return c->nomem ? oom(c) : &TOO_LARGE;
            if (r) continue;
            tsig_strbuf w = {0};
            tsig_sb_puts(&w, both[i]);
            return refuted(c, &w);
        }
        return &YES;
    }
    /* one member of b that holds the whole part */
    const verdict *pair_no = NULL, *pair_open = NULL;
    size_t takers = 0;
    for (size_t i = 0; i < member_count(b); i++) {
        const tsig_type *m = member_of(b, i, k);
        if (!step(c)) return &TOO_LARGE;
        if (!tsig_type_takes(m, k)) continue;
        takers++;
        if (m->kind == TSIG_ANY) return &YES;
        int within = 0;
        const verdict *v = NULL;
        switch (k) {
        case TSIG_JSON_STRING: within = string_within(a, m); break;
        case TSIG_JSON_NUMBER: within = number_within(a, m); break;
        case TSIG_JSON_BOOL:
            within = m->kind == TSIG_BOOL;
            break;
        case TSIG_JSON_OBJECT:
            v = m->kind == TSIG_ENUM ? NULL : record_pair(c, a, m);
            break;
        case TSIG_JSON_ARRAY:
            v = m->kind == TSIG_LIST ? list_pair(c, a, m) : NULL;
            break;
        case TSIG_JSON_NULL:
            within = 1;
            break;
        }
        if (within || (v && v->verdict == TSIG_INCL_YES)) return &YES;
        if (c->nomem) return oom(c);
        if (v && v->verdict == TSIG_INCL_NO && !pair_no) pair_no = v;
        if (v && v->verdict == TSIG_INCL_UNKNOWN && !pair_open) pair_open = v;
    }
    /* a witness the validator confirms */
    if (takers == 0) {
        tsig_strbuf w = {0};
        if (example(c, a, &w) && !failed(c, &w)) return refuted(c, &w);
        tsig_sb_release(&w);
        return c->nomem ? oom(c) : unknown(c, NO_EXAMPLE);
    }
    if (pair_no) {
        int in_b = accepts(c, 1, b, pair_no->witness, pair_no->witness_len);
        if (in_b < 0) return c->nomem ? oom(c) : &TOO_LARGE;
        if (!in_b) return pair_no;
    }
    if (k != TSIG_JSON_OBJECT && k != TSIG_JSON_ARRAY) {
        tsig_strbuf cands = {0}, w = {0};
        scalar_candidates(&cands, a, b, k);
        int found = first_accepted(c, a, b, &cands, &w);
        tsig_sb_release(&cands);
        if (found) return refuted(c, &w);
        tsig_sb_release(&w);
        if (c->nomem) return oom(c);
    }
    if (takers == 1 && pair_open) return pair_open;
    return unknown(c, takers > 1 ? "a value may fall between the members of the union"
                                 : "no value was found that shows it, and no proof");
}

/* ---- the pairs --------------------------------------------------------- */

static const char *memo_key(const void *ctx, size_t at, size_t *len)
{
    const inclusion *c = ctx;
    *len = sizeof c->entries[at].pair;
    return (const char *)c->entries[at].pair;
}

/* Remembers v for the pair (a, b); v itself either way. */
static const verdict *remember(inclusion *c, const tsig_type *a, const tsig_type *b,
                               const verdict *v)
{
    if (c->entry_count == c->entry_cap) {
        size_t cap = c->entry_cap ? c->entry_cap * 2 : 64;
        memo_entry *grown = tsig_arena_alloc(&c->arena, cap * sizeof *grown);
        if (!grown) {
            c->nomem = 1;
            return v;
        }
        if (c->entry_count) memcpy(grown, c->entries, c->entry_count * sizeof *grown);
        c->entries = grown;
        c->entry_cap = cap;
    }
    memo_entry *e = &c->entries[c->entry_count];
    e->pair[0] = a;
    e->pair[1] = b;
    e->v = v;
    size_t at = tsig_table_add(&c->memo, (const char *)e->pair, sizeof e->pair,
                               tsig_table_hash(&c->memo, (const char *)e->pair, sizeof e->pair),
                               c->entry_count);
    if (at == TSIG_TABLE_NOMEM) c->nomem = 1;
    else if (at == TSIG_TABLE_NONE) c->entry_count++;
    return v;
}

/* Whether every value of a is a value of b. */
static const verdict *includes(inclusion *c, const tsig_type *a, const tsig_type *b)
{
    if (c->nomem) return oom(c);
    if (b->kind == TSIG_ANY || a == b) return &YES;
    const tsig_type *pair[2] = {a, b};
    size_t found = tsig_table_find(&c->memo, (const char *)pair, sizeof pair,
                                   tsig_table_hash(&c->memo, (const char *)pair, sizeof pair));
    if (found == TSIG_TABLE_NOMEM) {
        c->nomem = 1;
        return oom(c);
    }
    if (found != TSIG_TABLE_NONE) return c->entries[found].v;
    if (!step(c)) return &TOO_LARGE;

    const verdict *open = NULL;
    if (tsig_type_takes(a, TSIG_JSON_NULL) && !tsig_type_takes(b, TSIG_JSON_NULL)) {
        tsig_strbuf w = {0};
        tsig_sb_puts(&w, "null");
        return remember(c, a, b, refuted(c, &w));
    }
    static const tsig_json_kind kinds[] = {TSIG_JSON_STRING, TSIG_JSON_NUMBER, TSIG_JSON_BOOL,
                                           TSIG_JSON_OBJECT, TSIG_JSON_ARRAY};
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
        for (size_t i = 0; i < member_count(a); i++) {
            const tsig_type *m = member_of(a, i, kinds[k]);
            if (!tsig_type_takes(m, kinds[k])) continue;
            const verdict *v = part_within(c, m, b, kinds[k]);
            if (c->nomem) return oom(c);
            if (v->verdict == TSIG_INCL_NO) return remember(c, a, b, v);
            if (v->verdict == TSIG_INCL_UNKNOWN && !open) open = v;
        }
    return remember(c, a, b, open ? open : &YES);
}

/* ---- entry points ------------------------------------------------------ */

static int copy_out(char **dst, size_t *dst_len, const char *s, size_t len)
{
    *dst = malloc(len + 1);
    if (!*dst) return 0;
    memcpy(*dst, s, len);
    (*dst)[len] = '\0';
    *dst_len = len;
    return 1;
}

void tsig_inclusion_free(tsig_inclusion *r)
{
    if (!r) return;
    free(r->path);
    free(r->why);
    free(r->witness);
    memset(r, 0, sizeof *r);
}

tsig_code tsig_type_includes(const tsig_type *a, const tsig_type *b, int a_strict,
                             int b_strict, tsig_inclusion *out)
{
    memset(out, 0, sizeof *out);
    inclusion c;
    memset(&c, 0, sizeof c);
    for (int side = 0; side < 2; side++) {
        c.opts[side].mode = (side ? b_strict : a_strict) ? TSIG_MODE_STRICT : TSIG_MODE_ENABLED;
        c.opts[side].max_errors = 1;
        c.opts[side].flags = TSIG_VALUE_NEVER;
    }
    c.steps = INCLUSION_STEPS;
    tsig_table_init(&c.memo, 0, &c.arena, memo_key, &c);

    const verdict *v = includes(&c, a, b);
    tsig_incl_verdict kind = v->verdict;
    const char *why = v->why;
    size_t why_len = v->why_len;
    tsig_strbuf message = {0};
    if (!c.nomem && kind == TSIG_INCL_NO) {
        /* a witness counts once the validator has judged it: a takes it,
         * b does not (and b's first error says why) */
        tsig_result r;
        int in_a = accepts(&c, 0, a, v->witness, v->witness_len);
        tsig_code code = tsig_validate_type_json(b, v->witness, v->witness_len, &c.opts[1], &r);
        if (code == TSIG_ERR_NOMEM) c.nomem = 1;
        if (in_a == 1 && code == TSIG_OK && !r.ok && r.error_count) {
            const tsig_issue *e = &r.errors[0];
            if (e->path_len) {
                tsig_sb_append(&message, e->path, e->path_len);
                tsig_sb_puts(&message, ": ");
            }
            tsig_sb_append(&message, e->message, e->message_len);
            why = message.data;
            why_len = message.len;
        } else {
            kind = TSIG_INCL_UNKNOWN;
            why = "a value that shows it was found but not confirmed";
            why_len = strlen(why);
        }
        tsig_result_free(&r);
    }
    int ok = !c.nomem && !message.failed;
    if (ok) {
        out->verdict = kind;
        ok = copy_out(&out->path, &out->path_len, v->path, v->path_len) &&
             copy_out(&out->why, &out->why_len, why ? why : "", why ? why_len : 0) &&
             copy_out(&out->witness, &out->witness_len,
                      kind == TSIG_INCL_NO ? v->witness : "", kind == TSIG_INCL_NO ? v->witness_len : 0);
    }
    tsig_sb_release(&message);
    tsig_table_release(&c.memo);
    tsig_arena_release(&c.arena);
    if (ok) return TSIG_OK;
    tsig_inclusion_free(out);
    return TSIG_ERR_NOMEM;
}

tsig_code tsig_includes(const tsig_signature *a, const tsig_signature *b, unsigned flags,
                        tsig_inclusion *out)
{
    if (!out) return TSIG_ERR_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (!a || !b) return TSIG_ERR_ARGUMENT;
    int strict = (flags & TSIG_INCLUDE_STRICT) != 0;
    int a_strict = strict || (flags & TSIG_INCLUDE_A_STRICT);
    if (!(flags & TSIG_INCLUDE_PARAMS))
        return tsig_type_includes(a->returns, b->returns, a_strict, strict, out);
    /* the parameters are the fields of one typed map: the arguments */
    tsig_type args[2];
    memset(args, 0, sizeof args);
    const tsig_signature *sides[2] = {a, b};
    for (int i = 0; i < 2; i++) {
        args[i].kind = TSIG_RECORD;
        args[i].fields = sides[i]->params;
        args[i].field_count = sides[i]->param_count;
    }
    return tsig_type_includes(&args[0], &args[1], a_strict, strict, out);
}
