/*
 * test_inclusion.c: type inclusion (tsig_includes): every value of A a
 * value of B. Hand-written cases for each construct and each "cannot
 * prove", then a property test: for random pairs of types and random
 * values, whenever inclusion says yes every value valid for A is valid for
 * B, and whenever it says no its witness is valid for A and not for B.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

static const char *verdict_name(tsig_incl_verdict v)
{
    return v == TSIG_INCL_YES ? "yes" : v == TSIG_INCL_NO ? "no" : "unknown";
}

static tsig_signature *parse_or_fail(int line, const char *text)
{
    tsig_error err;
    tsig_signature *sig = tsig_parse(text, strlen(text), &err);
    if (!sig) tsig_test_fail(__FILE__, line, "%s: %s", text, err.message);
    return sig;
}

/* Checks tsig_includes(a, b): its verdict, and for "no" its path, reason
 * (when want_why is given) and that the witness is valid for a, not b. */
static void included_at(int line, const char *a_text, const char *b_text, unsigned flags,
                        tsig_incl_verdict want, const char *want_path, const char *want_why)
{
    tsig_signature *a = parse_or_fail(line, a_text), *b = parse_or_fail(line, b_text);
    if (!a || !b) {
        tsig_signature_free(a);
        tsig_signature_free(b);
        return;
    }
    tsig_inclusion r;
    tsig_code code = tsig_includes(a, b, flags, &r);
    if (code != TSIG_OK) tsig_test_fail(__FILE__, line, "code %s", tsig_code_name(code));
    else if (r.verdict != want)
        tsig_test_fail(__FILE__, line, "%s within %s: %s, want %s (path %s, why %s, witness %s)",
                       a_text, b_text, verdict_name(r.verdict), verdict_name(want), r.path,
                       r.why, r.witness);
    else {
        if (want_path) tsig_test_check_str(__FILE__, line, "path", r.path, want_path);
        if (want_why) tsig_test_check_str(__FILE__, line, "why", r.why, want_why);
        if (want == TSIG_INCL_NO && (!tsig_test_valid_as(a, flags & ~TSIG_INCLUDE_PARAMS, 1, r.witness, r.witness_len) ||
                                     tsig_test_valid_as(b, flags & ~TSIG_INCLUDE_PARAMS, 0, r.witness, r.witness_len)))
            if (!(flags & TSIG_INCLUDE_PARAMS))
                tsig_test_fail(__FILE__, line, "witness %s does not show it", r.witness);
    }
    tsig_inclusion_free(&r);
    tsig_signature_free(a);
    tsig_signature_free(b);
}

#define YES_(a, b) included_at(__LINE__, a, b, 0, TSIG_INCL_YES, NULL, NULL)
#define NO_(a, b, path, why) included_at(__LINE__, a, b, 0, TSIG_INCL_NO, path, why)
#define UNKNOWN_(a, b) included_at(__LINE__, a, b, 0, TSIG_INCL_UNKNOWN, NULL, NULL)

TEST(scalars_within_themselves_and_wider_scalars)
{
    YES_(":int", ":int");
    YES_(":int", ":float");
    YES_(":keyword", ":string");
    YES_(":datetime", ":string");
    YES_(":bool", ":bool");
    YES_(":int", ":any");
    YES_(":any", ":any");
    NO_(":float", ":int", "", "expected int, got float 0.0");
    NO_(":string", ":keyword", "", "expected keyword, got string \"\"");
    NO_(":string", ":datetime", "", "expected datetime, got string \"\"");
    NO_(":keyword", ":datetime", "", NULL);
    NO_(":datetime", ":keyword", "", NULL);
    NO_(":string", ":int", "", "expected int, got string \"\"");
    NO_(":any", ":string", "", "expected string, got nil");
    NO_(":any", ":string?", "", NULL);
}

TEST(optional_takes_null_besides_its_type)
{
    YES_(":int", ":int?");
    YES_(":int?", ":float?");
    NO_(":int?", ":int", "", "expected int, got nil");
    YES_(":int?", ":any");
}

TEST(numeric_ranges)
{
    YES_(":int[1..10]", ":int[0..100]");
    YES_(":int[>0]", ":int[>=1]");
    YES_(":int[>=1]", ":int[>0]");
    YES_(":int[>0.5]", ":int[>=1]");
    YES_(":int[1..10]", ":float[>0.5, <10.5]");
    YES_(":float[1..2]", ":float[>=1]");
    NO_(":float[>0]", ":float[>=0.001]", "", NULL);
    NO_(":int", ":int[>=0]", "", "expected int >= 0, got int -1");
    NO_(":int[0..100]", ":int[0..99]", "", "expected int in 0..99, got int 100");
    NO_(":float[0..1]", ":float[>=0, <1]", NULL, NULL);
    NO_(":float[<=1]", ":float[<1]", "", "expected float < 1, got int 1");
    NO_(":int", ":float[1..2]", "", NULL);
    YES_(":float[1.5..1.5]", ":float[1..2]");
}

TEST(string_lengths)
{
    YES_(":string[1..5]", ":string[..10]");
    YES_(":string[1..5]", ":string");
    YES_(":keyword", ":string[>=1]");
    YES_(":datetime", ":string[>=20]");
    NO_(":datetime", ":string[>=21]", "", NULL);
    NO_(":keyword", ":string[..50]", "", NULL);
    NO_(":string", ":string[>=1]", "", "expected string of length >= 1, got string of length 0");
    NO_(":string[..10]", ":string[..9]", "", NULL);
}

TEST(enums_are_judged_value_by_value)
{
    YES_(":enum[a b]", ":enum[a b c]");
    YES_(":enum[a b]", ":string");
    YES_(":enum[a b-c]", ":keyword");
    YES_(":enum[1 2]", ":float[1..2]");
    NO_(":enum[1 2]", ":int[1..2]", "", "expected int, got float 1.0");
    NO_(":enum[1]", ":int", "", "expected int, got float 1.0");
    YES_(":enum[1.0]", ":enum[1]");
    YES_(":enum[true]", ":bool");
    NO_(":enum[a b c]", ":enum[a b]", "", "expected one of a, b, got string \"c\"");
    NO_(":enum[1.5]", ":int", "", "expected int, got float 1.5");
    NO_(":enum[\"a b\"]", ":keyword", "", NULL);
    YES_(":bool", ":enum[true false]");
    NO_(":bool", ":enum[true]", "", "expected one of true, got bool false");
    UNKNOWN_(":int[1..1]", ":enum[1]");
}

TEST(lists_elements_then_lengths)
{
    YES_("[:int]", "[:float]");
    YES_("[:int][1..3]", "[:int]");
    YES_("[:int][1..3]", "[:int][..5]");
    NO_("[:float]", "[:int]", "[]", "[0]: expected int, got float 0.0");
    NO_("[:int]", "[:int][>=1]", "", "expected list of length >= 1, got list of length 0");
    NO_("[:int][..5]", "[:int][..4]", "", NULL);
    YES_("[:string][..0]", "[:int]");
    NO_("[:int]", ":map", "", NULL);
}

TEST(typed_maps_fields_required_optional_defaults)
{
    YES_("{a :int}", "{a :int}");
    YES_("{a :int}", "{a :int?}");
    YES_("{a :int, b :string}", "{a :int}");
    YES_("{a :int}", ":map");
    YES_("{a_b :int}", "{a-b :int}");
    NO_("{a :int?}", "{a :int}", ".a", "a: missing required field, expected int");
    NO_("{}", "{a :int}", ".a", "a: missing required field, expected int");
    NO_("{a :int = 1}", "{a :int}", ".a", "a: missing required field, expected int");
    NO_(":map", "{b :any}", ".b", "b: missing required field, expected any");
    YES_("{a :int}", "{a :int = 1}");
    NO_("{a :float}", "{a :int}", ".a", "a: expected int, got float 0.0");
    NO_("{a {b :float}}", "{a {b :int}}", ".a.b", "a.b: expected int, got float 0.0");
    NO_("[{id :float}]", "[{id :int}]", "[].id", "[0].id: expected int, got float 0.0");
}

TEST(extra_fields_follow_the_mode)
{
    /* enabled: a value may hold any other key, with any value */
    YES_("{a :int, b :int}", "{a :int}");
    NO_("{a :int}", "{a :int, b :int?}", ".b", "b: expected int, got string \"\"");
    NO_(":map", "{a :int?}", ".a", NULL);
    YES_(":map", "{}");
    /* strict: no key besides the fields (and "* T") */
    included_at(__LINE__, "{a :int, b :int}", "{a :int}", TSIG_INCLUDE_STRICT, TSIG_INCL_NO, ".b",
                "b: unexpected field");
    included_at(__LINE__, "{a :int}", "{a :int, b :int?}", TSIG_INCLUDE_STRICT, TSIG_INCL_YES,
                NULL, NULL);
    included_at(__LINE__, "{a :int, * :int}", "{a :int}", TSIG_INCLUDE_STRICT, TSIG_INCL_NO,
                NULL, NULL);
    included_at(__LINE__, "{* :int}", "{* :float}", TSIG_INCLUDE_STRICT, TSIG_INCL_YES, NULL,
                NULL);
    included_at(__LINE__, "{* :float}", "{* :int}", TSIG_INCLUDE_STRICT, TSIG_INCL_NO, NULL,
                NULL);
    included_at(__LINE__, "{a :int, b :string}", "{a :int, * :string}", TSIG_INCLUDE_STRICT,
                TSIG_INCL_YES, NULL, NULL);
    included_at(__LINE__, "{a :int, b :int}", "{a :int, * :string}", TSIG_INCLUDE_STRICT,
                TSIG_INCL_NO, ".b", NULL);
    /* A strict, B enabled: a field A drops is no longer sent; one it adds is an extra B keeps */
    included_at(__LINE__, "{a :int}", "{a :int, b :int?}", TSIG_INCLUDE_A_STRICT, TSIG_INCL_YES,
                NULL, NULL);
    included_at(__LINE__, "{a :int, b :int}", "{a :int}", TSIG_INCLUDE_A_STRICT, TSIG_INCL_YES,
                NULL, NULL);
    included_at(__LINE__, "{a :int}", "{a :int, b :int}", TSIG_INCLUDE_A_STRICT, TSIG_INCL_NO,
                ".b", "b: missing required field, expected int");
    /* two spellings of a key a value of A may hold are ambiguous for B */
    NO_("{}", "{a_b :any?}", ".a_b", "a_b: ambiguous field: \"a_b\" and \"a-b\" both present");
    YES_("{* :int}", "{* :any}");
}

TEST(unions_member_by_member)
{
    YES_(":int|:string", ":string|:int");
    YES_(":int", ":string|:int");
    YES_(":int|:string", ":float|:string|:bool");
    YES_(":enum[a b]|:int", ":string|:float");
    NO_(":int|:bool", ":int|:string", "", NULL);
    YES_("{kind :enum[a], x :int}|{kind :enum[b], y :string}",
         "{kind :enum[a], x :int}|{kind :enum[b], y :string}|{kind :enum[c]}");
    NO_("{kind :enum[a], x :float}|{kind :enum[b]}", "{kind :enum[a], x :int}|{kind :enum[b]}",
        NULL, NULL);
    YES_("{kind :enum[a], x :int}", "{kind :enum[a], x :int}|{kind :enum[b], y :string}");
}

TEST(cannot_prove_is_said_not_guessed)
{
    /* a value of A might fall between two members of B */
    UNKNOWN_(":int", ":int[<=0]|:int[>=1]");
    UNKNOWN_(":float[0..10]", ":float[0..5]|:float[5..10]");
    UNKNOWN_(":string", ":string[..5]|:string[>=3]");
    /* bounds beyond what a witness is built from */
    UNKNOWN_(":string[>=100000]", ":string[>=100001]");
}

TEST(parameters_as_argument_objects)
{
    included_at(__LINE__, "(q :string, limit :int?) -> :any", "(q :string, limit :int) -> :any",
                TSIG_INCLUDE_PARAMS, TSIG_INCL_NO, ".limit", NULL);
    included_at(__LINE__, "(q :string) -> :any", "(q :string, limit :int = 5) -> :any",
                TSIG_INCLUDE_PARAMS | TSIG_INCLUDE_STRICT, TSIG_INCL_YES, NULL, NULL);
    included_at(__LINE__, "(q :string, mode :enum[a b]) -> :any",
                "(q :string, mode :enum[a]) -> :any", TSIG_INCLUDE_PARAMS, TSIG_INCL_NO,
                ".mode", NULL);
}

TEST(bad_arguments)
{
    tsig_inclusion r;
    if (tsig_includes(NULL, NULL, 0, &r) != TSIG_ERR_ARGUMENT) tsig_test_fail(__FILE__, __LINE__, "NULL");
    if (tsig_includes(NULL, NULL, 0, NULL) != TSIG_ERR_ARGUMENT) tsig_test_fail(__FILE__, __LINE__, "NULL out");
    tsig_inclusion_free(NULL);
}

TEST(deep_and_wide_types_stay_bounded)
{
    /* nested unions of maps: every pair once, not once per path */
    char a[8192], b[8192];
    size_t n = 0, m = 0;
    for (int i = 0; i < 30; i++) {
        n += (size_t)snprintf(a + n, sizeof a - n, "{x :int, y ");
        m += (size_t)snprintf(b + m, sizeof b - m, "{x :float, y ");
    }
    n += (size_t)snprintf(a + n, sizeof a - n, ":string");
    m += (size_t)snprintf(b + m, sizeof b - m, ":string");
    for (int i = 0; i < 30; i++) {
        n += (size_t)snprintf(a + n, sizeof a - n, "}|{z :int}");
        m += (size_t)snprintf(b + m, sizeof b - m, "}|{z :float}");
    }
    included_at(__LINE__, a, b, 0, TSIG_INCL_YES, NULL, NULL);
}

/* ---- the property ------------------------------------------------------ */

static unsigned long long rng_state = 88172645463325252ull;

static unsigned rnd(unsigned n)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (unsigned)(rng_state % n);
}

/* A type of the test's own: enough to write its text and make values. */
typedef struct ty {
    int kind; /* 0 string 1 int 2 float 3 bool 4 keyword 5 datetime 6 any 7 map 8 enum 9 list
                 10 record 11 union */
    const char *lo, *hi; /* bounds as written, or NULL */
    int lo_ex, hi_ex;
    int optional;
    struct ty *elem;
    struct ty *members[3];
    int member_count;
    const char *names[3];
    struct ty *fields[3];
    int field_optional[3];
    int field_count;
    struct ty *extra;
    const char *values[3];
    int value_count;
} ty;

static const char *NAMES[] = {"a", "b", "c_d", "c-d", "e"};
static const char *ENUM_VALUES[] = {"a", "b", "c", "\"x y\"", "1", "2", "1.5", "true"};
static const char *NUM_BOUNDS[] = {"0", "1", "2", "5", "-1", "0.5", "10"};
static const char *LEN_BOUNDS[] = {"0", "1", "2", "3", "20"};

static ty *new_ty(void)
{
    ty *t = calloc(1, sizeof *t);
    if (!t) abort();
    return t;
}

static void free_ty(ty *t)
{
    if (!t) return;
    free_ty(t->elem);
    for (int i = 0; i < t->member_count; i++) free_ty(t->members[i]);
    for (int i = 0; i < t->field_count; i++) free_ty(t->fields[i]);
    free_ty(t->extra);
    free(t);
}

static void random_bounds(ty *t, const char **pool, unsigned n)
{
    if (rnd(3) == 0) return;
    unsigned shape = rnd(3);
    if (shape != 1) t->lo = pool[rnd(n)];
    if (shape != 0) t->hi = pool[rnd(n)];
    t->lo_ex = rnd(4) == 0;
    t->hi_ex = rnd(4) == 0;
}

static ty *random_ty(int depth, int in_union)
{
    ty *t = new_ty();
    unsigned pick = rnd(depth > 2 ? 9 : 12);
    t->kind = (int)pick;
    if (in_union && t->kind == 6) t->kind = 0; /* no :any in a union */
    switch (t->kind) {
    case 0: random_bounds(t, LEN_BOUNDS, 5); break;
    case 1:
    case 2: random_bounds(t, NUM_BOUNDS, 7); break;
    case 8:
        t->value_count = 1 + (int)rnd(3);
        for (int i = 0; i < t->value_count; i++) t->values[i] = ENUM_VALUES[rnd(8)];
        break;
    case 9:
        t->elem = random_ty(depth + 1, 0);
        if (rnd(3) == 0) random_bounds(t, LEN_BOUNDS, 5);
        break;
    case 10:
        t->field_count = (int)rnd(4);
        for (int i = 0; i < t->field_count; i++) {
            t->names[i] = NAMES[rnd(5)];
            t->fields[i] = random_ty(depth + 1, 0);
            t->field_optional[i] = rnd(3) == 0;
        }
        if (rnd(4) == 0) t->extra = random_ty(depth + 1, 0);
        break;
    case 11:
        if (in_union) {
            t->kind = 3;
            break;
        }
        t->member_count = 2 + (int)rnd(2);
        for (int i = 0; i < t->member_count; i++) t->members[i] = random_ty(depth + 1, 1);
        break;
    default: break;
    }
    if (!in_union && rnd(5) == 0 && t->kind != 6) t->optional = 1;
    return t;
}

/* A copy of t changed a little: how a published type changes. */
static ty *changed_ty(const ty *t, int depth);

static ty *copy_ty(const ty *t, int depth, int change)
{
    if (change && rnd(4) == 0) return changed_ty(t, depth);
    ty *c = new_ty();
    *c = *t;
    c->elem = t->elem ? copy_ty(t->elem, depth + 1, change) : NULL;
    for (int i = 0; i < t->member_count; i++) c->members[i] = copy_ty(t->members[i], depth + 1, change);
    for (int i = 0; i < t->field_count; i++) c->fields[i] = copy_ty(t->fields[i], depth + 1, change);
    c->extra = t->extra ? copy_ty(t->extra, depth + 1, change) : NULL;
    return c;
}

static ty *changed_ty(const ty *t, int depth)
{
    ty *c = copy_ty(t, depth, 0);
    switch (rnd(6)) {
    case 0: c->optional = !c->optional && c->kind != 6; break;
    case 1:
        if (c->kind == 0 || c->kind == 9) random_bounds(c, LEN_BOUNDS, 5);
        if (c->kind == 1 || c->kind == 2) random_bounds(c, NUM_BOUNDS, 7);
        if (c->kind == 1) c->kind = 2;
        else if (c->kind == 2) c->kind = 1;
        break;
    case 2:
        if (c->kind == 10 && c->field_count < 3) {
            c->names[c->field_count] = NAMES[rnd(5)];
            c->fields[c->field_count] = random_ty(depth + 1, 0);
            c->field_optional[c->field_count++] = (int)rnd(2);
        } else if (c->kind == 10 && c->field_count) {
            c->field_optional[0] = !c->field_optional[0];
        }
        break;
    case 3:
        if (c->kind == 8 && c->value_count < 3) c->values[c->value_count++] = ENUM_VALUES[rnd(8)];
        else if (c->kind == 8 && c->value_count > 1) c->value_count--;
        if (c->kind == 0) c->kind = 4;
        else if (c->kind == 4) c->kind = 0;
        break;
    case 4:
        if (c->kind == 10 && c->field_count) {
            free_ty(c->fields[c->field_count - 1]);
            c->field_count--;
        }
        if (c->kind == 10 && rnd(2)) {
            free_ty(c->extra);
            c->extra = rnd(2) ? random_ty(depth + 1, 0) : NULL;
        }
        break;
    default: {
        free_ty(c);
        return random_ty(depth, 0);
    }
    }
    return c;
}

static void put(char **s, size_t *n, size_t *cap, const char *text)
{
    size_t len = strlen(text);
    while (*n + len + 1 > *cap) {
        *cap = *cap ? *cap * 2 : 256;
        *s = realloc(*s, *cap);
        if (!*s) abort();
    }
    memcpy(*s + *n, text, len + 1);
    *n += len;
}

static void write_ty(const ty *t, char **s, size_t *n, size_t *cap)
{
    static const char *const prim[] = {":string", ":int", ":float", ":bool", ":keyword",
                                       ":datetime", ":any", ":map"};
    if (t->kind <= 7) put(s, n, cap, prim[t->kind]);
    if (t->kind == 8) {
        put(s, n, cap, ":enum[");
        for (int i = 0; i < t->value_count; i++) {
            if (i) put(s, n, cap, " ");
            put(s, n, cap, t->values[i]);
        }
        put(s, n, cap, "]");
    }
    if (t->kind == 9) {
        put(s, n, cap, "[");
        write_ty(t->elem, s, n, cap);
        put(s, n, cap, "]");
    }
    if (t->kind == 10) {
        put(s, n, cap, "{");
        for (int i = 0; i < t->field_count; i++) {
            if (i) put(s, n, cap, ", ");
            put(s, n, cap, t->names[i]);
            put(s, n, cap, " ");
            write_ty(t->fields[i], s, n, cap);
            if (t->field_optional[i] && !t->fields[i]->optional && t->fields[i]->kind != 11 &&
                t->fields[i]->kind != 6)
                put(s, n, cap, "?");
        }
        if (t->extra) {
            put(s, n, cap, t->field_count ? ", * " : "* ");
            write_ty(t->extra, s, n, cap);
        }
        put(s, n, cap, "}");
    }
    if (t->kind == 11)
        for (int i = 0; i < t->member_count; i++) {
            if (i) put(s, n, cap, "|");
            write_ty(t->members[i], s, n, cap);
        }
    if ((t->kind == 0 || t->kind == 1 || t->kind == 2 || t->kind == 9) && (t->lo || t->hi)) {
        put(s, n, cap, "[");
        if (t->lo) {
            put(s, n, cap, t->lo_ex ? ">" : ">=");
            put(s, n, cap, t->lo);
        }
        if (t->hi) {
            put(s, n, cap, t->lo ? ", " : "");
            put(s, n, cap, t->hi_ex ? "<" : "<=");
            put(s, n, cap, t->hi);
        }
        put(s, n, cap, "]");
    }
    if (t->optional) put(s, n, cap, "?");
}

static const char *const ANY_VALUES[] = {
    "null", "0", "1", "-1", "2", "1.5", "2.0", "0.5", "10", "11", "\"\"", "\"a\"", "\"a b\"",
    "\"x y\"", "\"c\"", "\"ab\"", "\"abc\"", "\"2026-01-01T00:00:00Z\"", "true", "false",
    "{}", "[]", "[1]", "{\"a\":1}", "{\"e\":\"a\"}", "1e400", "20", "\"12345678901234567890\""};

static void random_value(const ty *t, char **s, size_t *n, size_t *cap, int depth)
{
    if (rnd(12) == 0 || depth > 6) {
        put(s, n, cap, ANY_VALUES[rnd(sizeof ANY_VALUES / sizeof ANY_VALUES[0])]);
        return;
    }
    if (t->optional && rnd(4) == 0) {
        put(s, n, cap, "null");
        return;
    }
    switch (t->kind) {
    case 1:
    case 2: {
        const char *pool[] = {"0", "1", "2", "5", "-1", "0.5", "10", "11", "3", "1.5", "0.0",
                              "-0.5", "4", "6", "9", "1e1", "100", "-2"};
        put(s, n, cap, pool[rnd(sizeof pool / sizeof pool[0])]);
        return;
    }
    case 0:
    case 4:
    case 5: {
        const char *pool[] = {"\"\"", "\"a\"", "\"ab\"", "\"abc\"", "\"a b\"", "\"a-b\"",
                              "\"2026-01-01T00:00:00Z\"", "\"x y\"", "\"c\"",
                              "\"aaaaaaaaaaaaaaaaaaaaaa\"", "\"2026-01-01T00:00:00.5+02:00\""};
        put(s, n, cap, pool[rnd(sizeof pool / sizeof pool[0])]);
        return;
    }
    case 8:
        if (t->values[0][0] == '"' || (t->values[0][0] >= '0' && t->values[0][0] <= '9') ||
            !strcmp(t->values[0], "true")) {
            const char *v = t->values[rnd((unsigned)t->value_count)];
            put(s, n, cap, v);
            /* a number of an enum is every lexeme of its value: 1.0 is 1 */
            if (v[0] >= '0' && v[0] <= '9' && !strchr(v, '.') && rnd(3) == 0) put(s, n, cap, ".0");
        } else {
            put(s, n, cap, "\"");
            put(s, n, cap, t->values[rnd((unsigned)t->value_count)]);
            put(s, n, cap, "\"");
        }
        return;
    case 9: {
        put(s, n, cap, "[");
        unsigned len = rnd(4);
        for (unsigned i = 0; i < len; i++) {
            if (i) put(s, n, cap, ",");
            random_value(t->elem, s, n, cap, depth + 1);
        }
        put(s, n, cap, "]");
        return;
    }
    case 10: {
        put(s, n, cap, "{");
        int first = 1;
        for (int i = 0; i < t->field_count; i++) {
            if (t->field_optional[i] && rnd(2)) continue;
            if (!first) put(s, n, cap, ",");
            first = 0;
            put(s, n, cap, "\"");
            put(s, n, cap, t->names[i]);
            put(s, n, cap, "\":");
            random_value(t->fields[i], s, n, cap, depth + 1);
        }
        unsigned extras = rnd(3);
        for (unsigned i = 0; i < extras; i++) {
            if (!first) put(s, n, cap, ",");
            first = 0;
            const char *keys[] = {"\"zz\":", "\"a\":", "\"c_d\":", "\"c-d\":", "\"e\":", "\"q\":"};
            put(s, n, cap, keys[rnd(6)]);
            if (t->extra) random_value(t->extra, s, n, cap, depth + 1);
            else put(s, n, cap, ANY_VALUES[rnd(sizeof ANY_VALUES / sizeof ANY_VALUES[0])]);
        }
        put(s, n, cap, "}");
        return;
    }
    case 11:
        random_value(t->members[rnd((unsigned)t->member_count)], s, n, cap, depth + 1);
        return;
    case 3: put(s, n, cap, rnd(2) ? "true" : "false"); return;
    case 7: put(s, n, cap, rnd(2) ? "{}" : "{\"k\":[1]}"); return;
    default: put(s, n, cap, ANY_VALUES[rnd(sizeof ANY_VALUES / sizeof ANY_VALUES[0])]); return;
    }
}

static tsig_signature *parse_ty(const ty *t, char **text)
{
    size_t n = 0, cap = 0;
    *text = NULL;
    write_ty(t, text, &n, &cap);
    tsig_error err;
    return tsig_parse(*text, n, &err);
}

TEST(whenever_inclusion_says_yes_every_value_of_a_is_a_value_of_b)
{
    const char *env = getenv("TSIG_INCLUSION_PAIRS");
    int pairs = env ? atoi(env) : 6000;
    int counted[3] = {0, 0, 0}, values_checked = 0;
    for (int p = 0; p < pairs; p++) {
        ty *a = random_ty(0, 0);
        ty *b = rnd(3) == 0 ? random_ty(0, 0) : copy_ty(a, 0, 1);
        if (rnd(2)) {
            ty *swap = a;
            a = b;
            b = swap;
        }
        char *at = NULL, *bt = NULL;
        tsig_signature *sa = parse_ty(a, &at), *sb = parse_ty(b, &bt);
        static const unsigned modes[] = {0, TSIG_INCLUDE_STRICT, TSIG_INCLUDE_A_STRICT};
        unsigned flags = modes[rnd(3)];
        if (sa && sb) {
            tsig_inclusion r;
            if (tsig_includes(sa, sb, flags, &r) != TSIG_OK) {
                tsig_test_fail(__FILE__, __LINE__, "out of memory");
            } else {
                counted[r.verdict]++;
                if (r.verdict == TSIG_INCL_NO &&
                    (!tsig_test_valid_as(sa, flags, 1, r.witness, r.witness_len) || tsig_test_valid_as(sb, flags, 0, r.witness, r.witness_len)))
                    tsig_test_fail(__FILE__, __LINE__, "%s within %s: witness %s does not show it",
                                   at, bt, r.witness);
                for (int v = 0; v < 40 && r.verdict == TSIG_INCL_YES; v++) {
                    char *value = NULL;
                    size_t n = 0, cap = 0;
                    random_value(rnd(4) ? a : b, &value, &n, &cap, 0);
                    if (tsig_test_valid_as(sa, flags, 1, value, n)) {
                        values_checked++;
                        if (!tsig_test_valid_as(sb, flags, 0, value, n)) {
                            tsig_test_fail(__FILE__, __LINE__,
                                           "%s within %s (%s) said yes, but %s is not valid for B",
                                           at, bt, flags == 0 ? "enabled" : flags == TSIG_INCLUDE_STRICT ? "strict" : "A strict", value);
                            free(value);
                            break;
                        }
                    }
                    free(value);
                }
                tsig_inclusion_free(&r);
            }
        }
        tsig_signature_free(sa);
        tsig_signature_free(sb);
        free(at);
        free(bt);
        free_ty(a);
        free_ty(b);
    }
    printf("  %d pairs: %d yes, %d no, %d unknown; %d values valid for A checked against B\n",
           pairs, counted[0], counted[1], counted[2], values_checked);
    if (counted[0] < pairs / 20 || counted[1] < pairs / 20)
        tsig_test_fail(__FILE__, __LINE__, "the pairs do not exercise both answers");
}

int main(void)
{
    RUN(scalars_within_themselves_and_wider_scalars);
    RUN(optional_takes_null_besides_its_type);
    RUN(numeric_ranges);
    RUN(string_lengths);
    RUN(enums_are_judged_value_by_value);
    RUN(lists_elements_then_lengths);
    RUN(typed_maps_fields_required_optional_defaults);
    RUN(extra_fields_follow_the_mode);
    RUN(unions_member_by_member);
    RUN(cannot_prove_is_said_not_guessed);
    RUN(parameters_as_argument_objects);
    RUN(bad_arguments);
    RUN(deep_and_wide_types_stay_bounded);
    RUN(whenever_inclusion_says_yes_every_value_of_a_is_a_value_of_b);
    return tsig_test_summary();
}
