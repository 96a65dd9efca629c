/*
 * test_hostile_schema.c: JSON Schemas written to make the importer work
 * far more than their size asks for (STYLE.md: hostile input is ordinary
 * input; outputs are bounded in proportion to inputs). Each schema is
 * generated here; each test asserts what the import built or refused and
 * the work it did (nodes counted against the budget, values or members
 * compared in full), never the time it took.
 */
#include "harness.h"
#include "internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- building texts ---------------------------------------------------- */

typedef struct text {
    char *data;
    size_t len, cap;
} text;

static void put(text *t, const char *fmt, ...)
{
    va_list ap;
    for (;;) {
        va_start(ap, fmt);
        int n = vsnprintf(t->data + t->len, t->cap - t->len, fmt, ap);
        va_end(ap);
        if (t->len + (size_t)n < t->cap) {
            t->len += (size_t)n;
            return;
        }
        t->cap = (t->cap + (size_t)n) * 2 + 64;
        t->data = realloc(t->data, t->cap);
        if (!t->data) abort();
    }
}

/* 5,000 $refs, each to one definition of 2,000 properties. */
static text refs_to_wide_definition(int refs, int width)
{
    text t = {0};
    put(&t, "{\"$defs\":{\"big\":{\"type\":\"object\",\"properties\":{");
    for (int i = 0; i < width; i++) put(&t, "%s\"p%d\":{\"type\":\"string\"}", i ? "," : "", i);
    put(&t, "}}},\"type\":\"object\",\"properties\":{");
    for (int i = 0; i < refs; i++) put(&t, "%s\"r%d\":{\"$ref\":\"#/$defs/big\"}", i ? "," : "", i);
    put(&t, "}}");
    return t;
}

/* d(i) holds two properties that both refer to d(i + 1); the last one is
 * an enum of `values` strings: 2^levels copies of it once inlined. */
static text diamond(int levels, int values)
{
    text t = {0};
    put(&t, "{\"$defs\":{");
    for (int i = 0; i < levels; i++)
        put(&t, "\"d%d\":{\"type\":\"object\",\"properties\":{\"a\":{\"$ref\":\"#/$defs/d%d\"},"
                "\"b\":{\"$ref\":\"#/$defs/d%d\"}}},",
            i, i + 1, i + 1);
    put(&t, "\"d%d\":{\"enum\":[", levels);
    for (int i = 0; i < values; i++) put(&t, "%s\"v%d\"", i ? "," : "", i);
    put(&t, "]}},\"$ref\":\"#/$defs/d0\"}");
    return t;
}

/* An enum of n strings, value i being v(i mod distinct). */
static text big_enum(int n, int distinct)
{
    text t = {0};
    put(&t, "{\"enum\":[");
    for (int i = 0; i < n; i++) put(&t, "%s\"v%d\"", i ? "," : "", i % distinct);
    put(&t, "]}");
    return t;
}

/* anyOf or oneOf of n consts, const i being c(i mod distinct). */
static text many_consts(const char *keyword, int n, int distinct)
{
    text t = {0};
    put(&t, "{\"%s\":[", keyword);
    for (int i = 0; i < n; i++) put(&t, "%s{\"const\":\"c%d\"}", i ? "," : "", i % distinct);
    put(&t, "]}");
    return t;
}

/* anyOf nested depth deep, level i adding the const c(i mod distinct). */
static text nested_any_of(int depth, int distinct)
{
    text t = {0};
    for (int i = depth - 1; i >= 0; i--) put(&t, "{\"anyOf\":[{\"const\":\"c%d\"},", i % distinct);
    put(&t, "{\"type\":\"integer\"}");
    for (int i = 0; i < depth; i++) put(&t, "]}");
    return t;
}

/* links definitions, each an anyOf nested wrap deep around a $ref to the
 * next: unions nest deeper through $refs than one text can. */
static text chained_any_of(int links, int wrap)
{
    text t = {0};
    put(&t, "{\"$defs\":{");
    for (int i = 0; i < links; i++) {
        put(&t, "%s\"l%d\":", i ? "," : "", i);
        for (int k = 0; k < wrap; k++) put(&t, "{\"anyOf\":[{\"const\":\"l%dc%d\"},", i, k);
        if (i + 1 < links) put(&t, "{\"$ref\":\"#/$defs/l%d\"}", i + 1);
        else put(&t, "{\"type\":\"integer\"}");
        for (int k = 0; k < wrap; k++) put(&t, "]}");
    }
    put(&t, "},\"$ref\":\"#/$defs/l0\"}");
    return t;
}

/* refs $refs into the last 100 of defs definitions. */
static text refs_into_many_definitions(int refs, int defs)
{
    text t = {0};
    put(&t, "{\"$defs\":{");
    for (int i = 0; i < defs; i++) put(&t, "%s\"d%d\":{\"type\":\"string\"}", i ? "," : "", i);
    put(&t, "},\"type\":\"object\",\"properties\":{");
    for (int i = 0; i < refs; i++)
        put(&t, "%s\"r%d\":{\"$ref\":\"#/$defs/d%d\"}", i ? "," : "", i, defs - 1 - i % 100);
    put(&t, "}}");
    return t;
}

/* ---- importing --------------------------------------------------------- */

typedef struct outcome {
    tsig_signature *sig;
    tsig_error err;
    tsig_messages warnings;
    tsig_import_work work;
} outcome;

static outcome import(const text *t, unsigned flags, int tool)
{
    outcome o;
    o.sig = tsig_import_measured(t->data, t->len, flags, tool, &o.warnings, &o.err, &o.work);
    return o;
}

static void outcome_free(outcome *o, text *t)
{
    tsig_signature_free(o->sig);
    tsig_messages_free(&o->warnings);
    free(t->data);
}

/* The budget of a text of len bytes: 4 nodes a byte and 2^20 more. */
static size_t budget_of(size_t len)
{
    return 4 * len + ((size_t)1 << 20);
}

/* 1 when s matches pattern, where "%d" stands for one or more digits and
 * "%c" for any one byte. */
static int matches(const char *s, const char *pattern)
{
    for (; *pattern; pattern++) {
        if (pattern[0] == '%' && pattern[1] == 'd') {
            if (*s < '0' || *s > '9') return 0;
            while (*s >= '0' && *s <= '9') s++;
            pattern++;
        } else if (pattern[0] == '%' && pattern[1] == 'c') {
            if (!*s++) return 0;
            pattern++;
        } else if (*s++ != *pattern) {
            return 0;
        }
    }
    return *s == '\0';
}

/* The import was refused with TSIG_ERR_SCHEMA "<place>: the schema expands
 * past <budget> nodes", place matching the pattern (see matches). */
static void refused_at(int line, const outcome *o, const char *place, size_t budget)
{
    char want[256];
    snprintf(want, sizeof want, "%s: the schema expands past %zu nodes", place, budget);
    if (o->sig) tsig_test_fail(__FILE__, line, "accepted, want %s", want);
    else if (o->err.code != TSIG_ERR_SCHEMA || !matches(o->err.message, want))
        tsig_test_fail(__FILE__, line, "refused with \"%s\" (%s), want %s", o->err.message,
                       tsig_code_name(o->err.code), want);
}
#define REFUSED_AT(o, place, budget) refused_at(__LINE__, o, place, budget)

/* ======================================================================
 * The budget: 4 nodes per byte of text and 2^20 more
 * =================================================================== */

TEST(many_refs_to_a_large_definition_are_refused_at_the_ref_that_passes_the_budget)
{
    text t = refs_to_wide_definition(5000, 2000);
    outcome o = import(&t, 0, 0);
    CHECK_INT(o.work.budget, budget_of(t.len));
    REFUSED_AT(&o, "#/properties/r%d/$ref", o.work.budget);
    CHECK(o.work.nodes <= o.work.budget);
    CHECK(strstr(o.err.hint, "every $ref is inlined where it stands") != NULL);
    /* lossy widens what toolsig cannot say; a schema too large is neither */
    outcome lossy = import(&t, TSIG_SCHEMA_LOSSY, 0);
    REFUSED_AT(&lossy, "#/properties/r%d/$ref", o.work.budget);
    CHECK_INT(lossy.warnings.count, 0);
    tsig_signature_free(lossy.sig);
    outcome_free(&o, &t);
}

TEST(a_diamond_of_refs_is_refused_at_the_ref_that_passes_the_budget)
{
    text t = diamond(20, 1000);
    outcome o = import(&t, 0, 0);
    REFUSED_AT(&o, "#/$defs/d%d/properties/%c/$ref", budget_of(t.len));
    CHECK(o.work.nodes <= o.work.budget);
    outcome_free(&o, &t);
}

TEST(a_tool_is_refused_the_same_way_with_pointers_from_the_tool)
{
    text schema = refs_to_wide_definition(5000, 2000);
    text t = {0};
    put(&t, "{\"name\":\"wide\",\"inputSchema\":%s}", schema.data);
    free(schema.data);
    outcome o = import(&t, 0, 1);
    REFUSED_AT(&o, "#/inputSchema/properties/r%d/$ref", budget_of(t.len));
    outcome_free(&o, &t);
}

TEST(refs_within_the_budget_import_and_what_is_made_of_them_stays_in_proportion)
{
    /* 10 copies of 2,000 properties: within the budget of the text. */
    text t = refs_to_wide_definition(10, 2000);
    outcome o = import(&t, 0, 0);
    CHECK(o.sig != NULL);
    CHECK(o.work.nodes <= o.work.budget);
    if (o.sig) {
        CHECK_INT(tsig_type_field_count(tsig_returns(o.sig)), 10);
        /* The canonical form and the JSON Schema written back cost a few
         * bytes per node counted: the budget bounds them. */
        size_t canonical = 0, schema = 0;
        char *c = tsig_format(o.sig, 0, &canonical);
        char *s = tsig_to_json_schema(o.sig, 0, &schema);
        CHECK(c && s);
        CHECK(canonical > 10 * 2000 * 5 && canonical <= 2 * o.work.nodes);
        CHECK(schema > canonical && schema <= 4 * o.work.nodes);
        tsig_free(c);
        tsig_free(s);
    }
    outcome_free(&o, &t);
}

TEST(an_ordinary_large_schema_stays_well_within_the_budget)
{
    /* 35,000 properties, about 1 MB, no $ref */
    text t = {0};
    put(&t, "{\"type\":\"object\",\"properties\":{");
    for (int i = 0; i < 35000; i++)
        put(&t, "%s\"p%d\":{\"type\":\"string\",\"description\":\"field %d\"}", i ? "," : "", i, i);
    put(&t, "},\"required\":[\"p0\"]}");
    outcome o = import(&t, 0, 0);
    CHECK(o.sig != NULL);
    CHECK(o.work.nodes <= 2 * t.len);
    outcome_free(&o, &t);
}

TEST(a_default_checked_against_a_large_union_counts_each_reading)
{
    /* Checking the default tries each of 4,000 members on 120 KB. */
    text t = {0};
    put(&t, "{\"type\":\"object\",\"properties\":{\"p\":{\"anyOf\":[");
    for (int i = 0; i < 4000; i++)
        put(&t, "%s{\"type\":\"object\",\"properties\":{\"a%d\":{\"type\":\"integer\"}},"
                "\"required\":[\"a%d\"]}",
            i ? "," : "", i, i);
    put(&t, "],\"default\":{\"a0\":\"x\",\"pad\":[");
    for (int i = 0; i < 60000; i++) put(&t, "%s%d", i ? "," : "", i % 10);
    put(&t, "]}}}}");
    outcome o = import(&t, 0, 0);
    REFUSED_AT(&o, "#/properties/p/default", budget_of(t.len));
    CHECK(strstr(o.err.hint, "a few nodes for each byte") != NULL);
    outcome_free(&o, &t);
}

/* ======================================================================
 * Enum values: one hash-table lookup each
 * =================================================================== */

TEST(enum_values_are_compared_only_when_their_keys_match)
{
    text t = big_enum(100000, 100000);
    outcome o = import(&t, 0, 0);
    CHECK(o.sig != NULL);
    if (o.sig) CHECK_INT(tsig_returns(o.sig)->value_count, 100000);
    CHECK_INT(o.work.compared, 0);
    outcome_free(&o, &t);
}

TEST(repeated_enum_values_are_read_once_each_repeat_one_comparison)
{
    text t = big_enum(100000, 1000);
    outcome o = import(&t, 0, 0);
    CHECK(o.sig != NULL);
    if (o.sig) CHECK_INT(tsig_returns(o.sig)->value_count, 1000);
    CHECK_INT(o.work.compared, 99000);
    outcome_free(&o, &t);
}

TEST(enum_values_equal_by_exact_value_are_one_value)
{
    /* numbers by exact decimal value, whatever the exponent's length */
    const char *json = "{\"enum\":[1,1.0,10e-1,0.1e1,\"1\",true,\"true\",-0,0,0e9,"
                       "1e100000000000000000000,10e99999999999999999999,"
                       "1e-100000000000000000000,0.1e-99999999999999999999]}";
    tsig_error err;
    tsig_signature *sig = tsig_from_json_schema(json, strlen(json), 0, NULL, &err);
    CHECK(sig != NULL);
    char *got = sig ? tsig_format(sig, 0, NULL) : NULL;
    CHECK_STR(got, ":enum[1 \"1\" true \"true\" -0 1e100000000000000000000 "
                   "1e-100000000000000000000]");
    tsig_free(got);
    tsig_signature_free(sig);
}

/* ======================================================================
 * Union members: one key each, computed once per type
 * =================================================================== */

TEST(union_members_are_compared_only_when_their_keys_match)
{
    text t = many_consts("anyOf", 10000, 10000);
    outcome o = import(&t, 0, 0);
    CHECK(o.sig != NULL);
    if (o.sig) CHECK_INT(tsig_returns(o.sig)->member_count, 10000);
    CHECK_INT(o.work.compared, 0);
    outcome_free(&o, &t);
}

TEST(repeated_union_members_are_merged_each_repeat_one_comparison)
{
    text t = many_consts("anyOf", 10000, 100);
    outcome o = import(&t, 0, 0);
    CHECK(o.sig != NULL);
    if (o.sig) CHECK_INT(tsig_returns(o.sig)->member_count, 100);
    CHECK_INT(o.work.compared, 9900);
    outcome_free(&o, &t);
}

TEST(one_of_disjointness_is_judged_without_comparing_pairs)
{
    text t = many_consts("oneOf", 10000, 10000);
    outcome o = import(&t, 0, 0);
    CHECK(o.sig != NULL);
    if (o.sig) CHECK_INT(tsig_returns(o.sig)->member_count, 10000);
    CHECK_INT(o.work.compared, 0);
    outcome_free(&o, &t);
    /* the last member shares a value with the first: found by the table */
    text u = {0};
    put(&u, "{\"oneOf\":[{\"enum\":[\"a\",\"b\"]}");
    for (int i = 0; i < 10000; i++) put(&u, ",{\"const\":\"c%d\"}", i);
    put(&u, ",{\"enum\":[\"z\",\"b\"]}]}");
    outcome p = import(&u, 0, 0);
    CHECK(p.sig == NULL);
    CHECK_STR(p.err.message, "#/oneOf: oneOf members overlap");
    CHECK_INT(p.work.compared, 1);
    outcome_free(&p, &u);
}

TEST(nested_any_of_duplicates_cost_one_comparison_per_level)
{
    /* 300 levels, 10 consts: each level past the tenth repeats one */
    text t = nested_any_of(300, 10);
    outcome o = import(&t, 0, 0);
    CHECK(o.sig != NULL);
    if (o.sig) CHECK_INT(tsig_returns(o.sig)->member_count, 11);
    CHECK_INT(o.work.compared, 290);
    outcome_free(&o, &t);
}

TEST(schemas_nested_through_refs_deeper_than_512_are_refused)
{
    /* 60 definitions, each 300 anyOfs deep: 18,000 levels once inlined */
    text t = chained_any_of(60, 300);
    outcome o = import(&t, 0, 0);
    CHECK(o.sig == NULL);
    const char *m = o.err.message;
    const char *tail = ": schemas nested deeper than 512 through $refs";
    CHECK(strncmp(m, "#/$defs/l1/anyOf/1/", 19) == 0);
    CHECK(strlen(m) > strlen(tail) && strcmp(m + strlen(m) - strlen(tail), tail) == 0);
    outcome_free(&o, &t);
}

/* ======================================================================
 * $refs: found by a hash of their container and key
 * =================================================================== */

TEST(refs_into_large_containers_look_at_a_few_members_each)
{
    text t = refs_into_many_definitions(10000, 20000);
    outcome o = import(&t, 0, 0);
    CHECK(o.sig != NULL);
    if (o.sig) CHECK_INT(tsig_type_field_count(tsig_returns(o.sig)), 10000);
    /* "#/$defs/dN": two segments, at most 16 members looked at each */
    CHECK(o.work.scanned <= 10000 * 2 * 16);
    outcome_free(&o, &t);
    /* the index holds elements of arrays too */
    text u = {0};
    put(&u, "{\"$defs\":{\"l\":[");
    for (int i = 0; i < 100; i++) put(&u, "%s{\"const\":%d}", i ? "," : "", i);
    put(&u, "]},\"anyOf\":[{\"$ref\":\"#/$defs/l/7\"},{\"$ref\":\"#/$defs/l/99\"}]}");
    outcome p = import(&u, 0, 0);
    char *got = p.sig ? tsig_format(p.sig, 0, NULL) : NULL;
    CHECK_STR(got, ":enum[7]|:enum[99]");
    tsig_free(got);
    outcome_free(&p, &u);
    text v = {0};
    put(&v, "{\"$defs\":{\"l\":[");
    for (int i = 0; i < 100; i++) put(&v, "%s{}", i ? "," : "");
    put(&v, "]},\"$ref\":\"#/$defs/l/100\"}");
    outcome q = import(&v, 0, 0);
    CHECK_STR(q.err.message, "#/$ref: reference \"#/$defs/l/100\" not found");
    outcome_free(&q, &v);
}

/* ======================================================================
 * Lossy warnings: each text once, and counted
 * =================================================================== */

TEST(lossy_warnings_reached_through_many_refs_are_kept_once)
{
    text t = {0};
    put(&t, "{\"$defs\":{\"w\":{\"type\":\"string\"");
    for (int i = 0; i < 200; i++) put(&t, ",\"x%d\":0", i);
    put(&t, "}},\"type\":\"object\",\"properties\":{");
    for (int i = 0; i < 100; i++) put(&t, "%s\"r%d\":{\"$ref\":\"#/$defs/w\"}", i ? "," : "", i);
    put(&t, "}}");
    outcome o = import(&t, TSIG_SCHEMA_LOSSY, 0);
    CHECK(o.sig != NULL);
    CHECK_INT(o.warnings.count, 200);
    if (o.warnings.count == 200) {
        CHECK_STR(o.warnings.items[0], "#/$defs/w/x0: unsupported x0, dropped");
        CHECK_STR(o.warnings.items[199], "#/$defs/w/x199: unsupported x199, dropped");
    }
    outcome_free(&o, &t);
}

int main(void)
{
    RUN(many_refs_to_a_large_definition_are_refused_at_the_ref_that_passes_the_budget);
    RUN(a_diamond_of_refs_is_refused_at_the_ref_that_passes_the_budget);
    RUN(a_tool_is_refused_the_same_way_with_pointers_from_the_tool);
    RUN(refs_within_the_budget_import_and_what_is_made_of_them_stays_in_proportion);
    RUN(an_ordinary_large_schema_stays_well_within_the_budget);
    RUN(a_default_checked_against_a_large_union_counts_each_reading);
    RUN(enum_values_are_compared_only_when_their_keys_match);
    RUN(repeated_enum_values_are_read_once_each_repeat_one_comparison);
    RUN(enum_values_equal_by_exact_value_are_one_value);
    RUN(union_members_are_compared_only_when_their_keys_match);
    RUN(repeated_union_members_are_merged_each_repeat_one_comparison);
    RUN(one_of_disjointness_is_judged_without_comparing_pairs);
    RUN(nested_any_of_duplicates_cost_one_comparison_per_level);
    RUN(schemas_nested_through_refs_deeper_than_512_are_refused);
    RUN(refs_into_large_containers_look_at_a_few_members_each);
    RUN(lossy_warnings_reached_through_many_refs_are_kept_once);
    return tsig_test_summary();
}
