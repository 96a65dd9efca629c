/*
 * test_jsonval.c: the tests' JSON reader keeps what the vectors need
 * (vectors/README.md "Comparing values"): number kinds and digits, exact
 * strings with lone surrogates, unordered and ordered map comparison.
 */
#include "harness.h"
#include "jsonval.h"

#include <stdlib.h>
#include <string.h>

static jv_value *parse(const char *text)
{
    return jv_parse(text, strlen(text));
}

/* 1 iff both texts read and compare equal (unordered maps). */
static int same(const char *a, const char *b)
{
    jv_value *va = parse(a), *vb = parse(b);
    int eq = va && vb && jv_equal(va, vb);
    jv_free(va);
    jv_free(vb);
    return eq;
}

static int same_ordered(const char *a, const char *b)
{
    jv_value *va = parse(a), *vb = parse(b);
    int eq = va && vb && jv_equal_ordered(va, vb);
    jv_free(va);
    jv_free(vb);
    return eq;
}

static int rejects(const char *text)
{
    jv_value *v = parse(text);
    jv_free(v);
    return v == NULL;
}

/* Writes v back as compact JSON and compares with want. */
static void check_text(const char *text, const char *want)
{
    jv_value *v = parse(text);
    char *got = jv_to_text(v);
    CHECK_STR(got, want);
    free(got);
    jv_free(v);
}

TEST(int_never_equals_float)
{
    CHECK(!same("1", "1.0"));
    CHECK(!same("1", "1e0"));
    CHECK(same("1.0", "1"  ".00"));
    CHECK(same("1.5e1", "15.0"));
    CHECK(!same("0", "false"));
    CHECK(!same("null", "0"));
    CHECK(!same("\"1\"", "1"));
}

TEST(ints_compare_by_digits)
{
    CHECK(same("12345678901234567890123", "12345678901234567890123"));
    CHECK(!same("12345678901234567890123", "12345678901234567890124"));
    CHECK(same("-0", "0"));
    CHECK(!same("-1", "1"));
    CHECK(same("-7", "-7"));
    /* Both round to the same double, yet differ as ints. */
    CHECK(!same("9007199254740993", "9007199254740992"));
    long long n = 0;
    jv_value *v = parse("-42");
    CHECK(jv_int(v, &n) && n == -42);
    CHECK_STR(jv_num_text(v), "-42");
    jv_free(v);
    v = parse("123456789012345678901234567890");
    CHECK(!jv_int(v, &n));
    CHECK(jv_kind_of(v) == JV_INT);
    jv_free(v);
}

TEST(floats_compare_as_doubles)
{
    CHECK(same("2.50", "2.5"));
    CHECK(same("1e400", "2e400"));
    CHECK(!same("0.1", "0.2"));
    jv_value *v = parse("2.50");
    CHECK_STR(jv_num_text(v), "2.50");
    CHECK(jv_double(v) == 2.5);
    jv_free(v);
}

TEST(strings_compare_after_unescaping)
{
    CHECK(same("\"\\u0069d\"", "\"id\""));
    CHECK(same("\"\\u00e9\"", "\"\xc3\xa9\""));
    CHECK(same("\"\\ud83d\\ude00\"", "\"\xf0\x9f\x98\x80\""));
    CHECK(!same("\"\\ud800\"", "\"\\udc00\""));
    CHECK(same("\"\\ud800\"", "\"\\uD800\""));
    CHECK(!same("\"a\"", "\"a \""));
    jv_value *v = parse("\"a\\u0000b\"");
    size_t len = 0;
    const char *s = jv_str(v, &len);
    CHECK(s && len == 3 && memcmp(s, "a\0b", 3) == 0);
    jv_free(v);
}

TEST(lone_surrogates_round_trip)
{
    check_text("\"\\ud800\"", "\"\\ud800\"");
    check_text("[\"x\\udfffy\"]", "[\"x\\udfffy\"]");
    check_text("\"\\ud800\\u0041\"", "\"\\ud800A\"");
    check_text("\"\\ud83d\\ude00\"", "\"\xf0\x9f\x98\x80\"");
}

TEST(lists_in_order_maps_unordered)
{
    CHECK(!same("[1,2]", "[2,1]"));
    CHECK(!same("[1]", "[1,1]"));
    CHECK(same("{\"a\":1,\"b\":[true]}", "{\"b\":[true],\"a\":1}"));
    CHECK(!same("{\"a\":1}", "{\"a\":1,\"b\":2}"));
    CHECK(!same("{\"a\":1}", "{\"b\":1}"));
    CHECK(same("{}", "{ }"));
    CHECK(!same("{}", "[]"));
}

TEST(ordered_comparison_checks_key_order)
{
    CHECK(same_ordered("{\"a\":1,\"b\":2}", "{\"a\":1,\"b\":2}"));
    CHECK(!same_ordered("{\"a\":1,\"b\":2}", "{\"b\":2,\"a\":1}"));
    CHECK(!same_ordered("[{\"x\":{\"a\":1,\"b\":2}}]", "[{\"x\":{\"b\":2,\"a\":1}}]"));
}

TEST(writes_compact_json)
{
    check_text(" { \"a\" : [ 1 , 2.50 , -0 , true , null ] , \"b\" : \"q\\\"\\n\\u0001\" } ",
               "{\"a\":[1,2.50,-0,true,null],\"b\":\"q\\\"\\n\\u0001\"}");
    check_text("\"\\/\"", "\"/\"");
    char *none = jv_to_text(NULL);
    CHECK_STR(none, "(none)");
    free(none);
}

TEST(rejects_what_rfc8259_rejects)
{
    CHECK(rejects(""));
    CHECK(rejects("   "));
    CHECK(rejects("01"));
    CHECK(rejects("1."));
    CHECK(rejects(".5"));
    CHECK(rejects("+1"));
    CHECK(rejects("1e"));
    CHECK(rejects("[1,]"));
    CHECK(rejects("{\"a\":1,}"));
    CHECK(rejects("{\"a\" 1}"));
    CHECK(rejects("{a:1}"));
    CHECK(rejects("[1] x"));
    CHECK(rejects("\"tab\there\""));
    CHECK(rejects("\"\\x\""));
    CHECK(rejects("\"\\u12\""));
    CHECK(rejects("\"abc"));
    CHECK(rejects("\"\xc3\""));       /* truncated UTF-8 */
    CHECK(rejects("\"\xed\xa0\x80\"")); /* raw surrogate */
    CHECK(rejects("\"\xc0\xaf\""));   /* overlong */
    CHECK(rejects("tru"));
    CHECK(rejects("nul"));
    CHECK(rejects("{\"a\":1,\"a\":2}"));
    size_t at = 0;
    CHECK(jv_parse_at("[1, 2, x]", 9, &at) == NULL);
    CHECK_INT(at, 7);
}

TEST(nesting_is_bounded_without_recursion)
{
    size_t n = JV_MAX_DEPTH;
    char *text = malloc(2 * n + 2);
    memset(text, '[', n);
    memset(text + n, ']', n);
    jv_value *v = jv_parse(text, 2 * n);
    CHECK(v != NULL);
    CHECK(jv_equal(v, v));
    char *back = jv_to_text(v);
    CHECK(back && strlen(back) == 2 * n && memcmp(back, text, 2 * n) == 0);
    free(back);
    jv_free(v);
    /* One level more is refused, and so is 100 000. */
    memmove(text + 1, text, 2 * n);
    text[0] = '[';
    text[2 * n + 1] = ']';
    CHECK(jv_parse(text, 2 * n + 2) == NULL);
    free(text);
    size_t deep = 100000;
    text = malloc(deep);
    memset(text, '[', deep);
    CHECK(jv_parse(text, deep) == NULL);
    free(text);
}

TEST(accessors_walk_records)
{
    jv_value *v = parse("[{\"id\":\"x-1\",\"ok\":true,\"n\":{\"k\":[3]}}]");
    CHECK_INT(jv_len(v), 1);
    const jv_value *rec = jv_at(v, 0);
    CHECK(jv_kind_of(rec) == JV_MAP);
    CHECK_STR(jv_get_str(rec, "id"), "x-1");
    CHECK(jv_bool(jv_get(rec, "ok")));
    CHECK(jv_has(rec, "n"));
    CHECK(!jv_has(rec, "missing"));
    CHECK(jv_get(rec, "missing") == NULL);
    CHECK(jv_get_str(rec, "ok") == NULL);
    CHECK_STR(jv_key_at(rec, 2, NULL), "n");
    CHECK_STR(jv_num_text(jv_at(jv_get(jv_get(rec, "n"), "k"), 0)), "3");
    CHECK(jv_at(v, 1) == NULL);
    CHECK_STR(jv_kind_name(jv_kind_of(rec)), "map");
    jv_free(v);
}

TEST(reads_every_vector_file)
{
    static const char *const files[] = {
        "vectors/validate.json", "vectors/key_normalize.json",
        "vectors/parse.json", "vectors/json_schema.json",
        "vectors/from_json_schema.json", "vectors/from_tool.json",
        "vectors/placeholders.json", "vectors/render_tool.json",
        "vectors/firewall.json"};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        size_t len = 0;
        char *text = tsig_test_read_file(tsig_test_data_path(files[i]), &len);
        CHECK(text != NULL);
        if (!text) continue;
        jv_value *v = jv_parse(text, len);
        if (!v) tsig_test_fail(__FILE__, __LINE__, "cannot read %s", files[i]);
        CHECK(jv_kind_of(v) == JV_LIST && jv_len(v) > 0);
        /* Writing a file back and reading it again gives the same value. */
        size_t back_len = 0;
        char *back = jv_to_text_len(v, &back_len);
        jv_value *again = back ? jv_parse(back, back_len) : NULL;
        CHECK(jv_equal_ordered(v, again));
        jv_free(again);
        free(back);
        jv_free(v);
        free(text);
    }
}

int main(void)
{
    RUN(int_never_equals_float);
    RUN(ints_compare_by_digits);
    RUN(floats_compare_as_doubles);
    RUN(strings_compare_after_unescaping);
    RUN(lone_surrogates_round_trip);
    RUN(lists_in_order_maps_unordered);
    RUN(ordered_comparison_checks_key_order);
    RUN(writes_compact_json);
    RUN(rejects_what_rfc8259_rejects);
    RUN(nesting_is_bounded_without_recursion);
    RUN(accessors_walk_records);
    RUN(reads_every_vector_file);
    return tsig_test_summary();
}
