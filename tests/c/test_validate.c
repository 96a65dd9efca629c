/*
 * test_validate.c: validation of JSON text against signatures, one test per
 * rule of SPEC §3 (values), §4 (validation, messages, paths, modes, the
 * returned value) and §10 (JSON text, limits, bad input).
 *
 * Most tests go through check(): it validates, then compares ok, the
 * errors and the warnings (each "path: message", or "message" at the root,
 * one per line) and value_json (NULL: none was written, the input text is
 * the value) exactly.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "harness.h"

enum { OUTPUT = 0, INPUT = 1 };

static tsig_signature *sig_of(const char *text)
{
    tsig_error err;
    tsig_signature *sig = tsig_parse(text, strlen(text), &err);
    if (!sig) printf("  signature %s: %s\n", text, err.message);
    return sig;
}

/* Validates json (len bytes) and fills *r; returns the code. */
static tsig_code run(const tsig_signature *sig, int input, const char *json,
                     size_t len, const tsig_validate_options *o, tsig_result *r)
{
    return input ? tsig_validate_input_json(sig, json, len, o, r)
                 : tsig_validate_json(sig, json, len, o, r);
}

static void check_at(int line, const char *sig_text, int input, tsig_mode mode,
                     const char *json, int want_ok, const char *want_errors,
                     const char *want_warnings, const char *want_value)
{
    tsig_signature *sig = sig_of(sig_text);
    if (!sig) {
        tsig_test_fail(__FILE__, line, "signature does not parse");
        return;
    }
    tsig_validate_options o = {mode, 0, 0, 0};
    tsig_result r;
    tsig_code code = run(sig, input, json, strlen(json), &o, &r);
    char *errors = tsig_test_issue_lines(r.errors, r.error_count);
    char *warnings = tsig_test_issue_lines(r.warnings, r.warning_count);
    if (r.ok != want_ok)
        tsig_test_fail(__FILE__, line, "ok: got %d, want %d (%s)", r.ok, want_ok, errors);
    if (want_ok && code != TSIG_OK)
        tsig_test_fail(__FILE__, line, "code %s", tsig_code_name(code));
    tsig_test_check_str(__FILE__, line, "errors", errors, want_errors);
    tsig_test_check_str(__FILE__, line, "warnings", warnings, want_warnings);
    tsig_test_check_str(__FILE__, line, "value_json", r.value_json, want_value);
    if (r.ok && r.changed != (r.value_json != NULL))
        tsig_test_fail(__FILE__, line, "changed is %d", r.changed);
    free(errors);
    free(warnings);
    tsig_result_free(&r);
    tsig_signature_free(sig);
}

#define check(...) check_at(__LINE__, __VA_ARGS__)

/* The one error of an unreadable text, checked with its position. */
static void check_json_error_at(int line, const char *json, size_t len,
                                const char *want)
{
    tsig_signature *sig = sig_of(":any");
    tsig_result r;
    tsig_code code = run(sig, OUTPUT, json, len, NULL, &r);
    if (code != TSIG_ERR_JSON && code != TSIG_ERR_TOO_DEEP)
        tsig_test_fail(__FILE__, line, "code %s", tsig_code_name(code));
    if (r.ok || r.error_count != 1) {
        tsig_test_fail(__FILE__, line, "want exactly one error");
    } else {
        tsig_test_check_str(__FILE__, line, "message", r.errors[0].message, want);
        tsig_test_check_str(__FILE__, line, "json_error", r.json_error.message, want);
        if (r.errors[0].path_len != 0) tsig_test_fail(__FILE__, line, "not at the root");
    }
    tsig_result_free(&r);
    tsig_signature_free(sig);
}

#define check_json_error(json, want) check_json_error_at(__LINE__, json, strlen(json), want)

/* ---- §3 values ---------------------------------------------------------- */

TEST(number_is_int_iff_no_dot_or_exponent)
{
    check(":int", OUTPUT, TSIG_MODE_ENABLED, "12345678901234567890", 1, "", "", NULL);
    check(":int", OUTPUT, TSIG_MODE_ENABLED, "-0", 1, "", "", NULL);
    check(":int", OUTPUT, TSIG_MODE_ENABLED, "1.0", 0, "expected int, got float 1.0", "", NULL);
    check(":int", OUTPUT, TSIG_MODE_ENABLED, "1e3", 0, "expected int, got float 1e3", "", NULL);
    check(":int", OUTPUT, TSIG_MODE_ENABLED, "1E-7", 0, "expected int, got float 1E-7", "", NULL);
    check(":int", OUTPUT, TSIG_MODE_ENABLED, "2.50", 0, "expected int, got float 2.50", "", NULL);
}

TEST(float_accepts_ints_and_floats)
{
    check(":float", OUTPUT, TSIG_MODE_ENABLED, "42", 1, "", "", NULL);
    check(":float", OUTPUT, TSIG_MODE_ENABLED, "-0.5e-3", 1, "", "", NULL);
    check(":float", OUTPUT, TSIG_MODE_ENABLED, "\"1.5\"", 0, "expected float, got string \"1.5\"", "", NULL);
}

TEST(any_accepts_everything_null_included)
{
    const char *values[] = {"null", "1", "1.5", "\"s\"", "true", "[]", "{\"a\":[1,{}]}"};
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++)
        check(":any", OUTPUT, TSIG_MODE_ENABLED, values[i], 1, "", "", NULL);
    check("[:any]", OUTPUT, TSIG_MODE_ENABLED, "[null,1,\"x\"]", 1, "", "", NULL);
}

TEST(keyword_is_a_string_of_keyword_characters)
{
    const char *good[] = {"\"pending\"", "\"a+b-c*d<e>f=g?h!i_j\"", "\"123\"", "\"\\u0061b\""};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++)
        check(":keyword", OUTPUT, TSIG_MODE_ENABLED, good[i], 1, "", "", NULL);
    check(":keyword", OUTPUT, TSIG_MODE_ENABLED, "\"hello world\"", 0,
          "expected keyword, got string \"hello world\"", "", NULL);
    check(":keyword", OUTPUT, TSIG_MODE_ENABLED, "\"\"", 0, "expected keyword, got string \"\"", "", NULL);
    check(":keyword", OUTPUT, TSIG_MODE_ENABLED, "\":a\"", 0, "expected keyword, got string \":a\"", "", NULL);
    check(":keyword", OUTPUT, TSIG_MODE_ENABLED, "\"a\\u0000\"", 0,
          "expected keyword, got string \"a\\u0000\"", "", NULL);
    check(":keyword", OUTPUT, TSIG_MODE_ENABLED, "1", 0, "expected keyword, got int 1", "", NULL);
}

TEST(datetime_is_rfc3339_with_offset)
{
    const char *good[] = {
        "\"2026-05-03T09:14:00Z\"", "\"2026-05-03t09:14:00z\"",
        "\"2026-05-03T09:14:00+02:00\"", "\"2026-05-03T09:14:00-05:30\"",
        "\"2026-05-03T09:14:00.1Z\"", "\"2026-05-03T09:14:00.123456789012Z\"",
        "\"2024-02-29T00:00:00Z\"", "\"2000-02-29T00:00:00Z\"",
        "\"2026-12-31T23:59:60Z\"", "\"2026-05-03T23:59:59+23:59\""};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++)
        check(":datetime", OUTPUT, TSIG_MODE_ENABLED, good[i], 1, "", "", NULL);
    const char *bad[] = {
        "2026-05-03", "2026-05-03T09:14Z", "2026-05-03T09:14:00",
        "2026-05-03 09:14:00Z", "2026-05-03T09:14:00+0200", "2026-05-03T09:14:00+24:00",
        "2026-05-03T09:14:00+02:60", "2026-05-03T24:00:00Z", "2026-05-03T09:60:00Z",
        "2026-05-03T09:14:61Z", "2026-13-03T09:14:00Z", "2026-00-03T09:14:00Z",
        "2026-04-31T09:14:00Z", "2026-02-29T09:14:00Z", "1900-02-29T00:00:00Z",
        "2026-05-03T09:14:00.Z", "2026-05-03T09:14:00ZZ", "20260503T091400Z",
        "yesterday", "+2026-05-03T09:14:00Z", "2026-5-03T09:14:00Z"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char json[64], want[128];
        snprintf(json, sizeof json, "\"%s\"", bad[i]);
        snprintf(want, sizeof want, "expected datetime, got string \"%s\"", bad[i]);
        check(":datetime", OUTPUT, TSIG_MODE_ENABLED, json, 0, want, "", NULL);
    }
    /* a datetime is a string returned unchanged, also as a parameter */
    check("(since :datetime) -> :any", INPUT, TSIG_MODE_ENABLED,
          "{\"since\":\"2026-05-03T09:14:00.5+01:00\"}", 1, "", "", NULL);
}

TEST(map_accepts_any_object_typed_map_checks_fields)
{
    check(":map", OUTPUT, TSIG_MODE_STRICT, "{\"x\":{\"y\":\"z\"}}", 1, "", "", NULL);
    check(":map", OUTPUT, TSIG_MODE_ENABLED, "[]", 0, "expected map, got list", "", NULL);
    check("{a :int}", OUTPUT, TSIG_MODE_ENABLED, "{\"a\":\"x\"}", 0, "a: expected int, got string \"x\"", "", NULL);
    check("{}", OUTPUT, TSIG_MODE_ENABLED, "{\"a\":1}", 1, "", "", NULL);
}

TEST(optional_accepts_null_and_absent)
{
    check(":int?", OUTPUT, TSIG_MODE_ENABLED, "null", 1, "", "", NULL);
    check(":int?", OUTPUT, TSIG_MODE_ENABLED, "\"x\"", 0, "expected int, got string \"x\"", "", NULL);
    check("{a :int?, b [:int]?, c {d :int}?}", OUTPUT, TSIG_MODE_ENABLED, "{}", 1, "", "", NULL);
    check("{a :int?, b [:int]?, c {d :int}?}", OUTPUT, TSIG_MODE_ENABLED,
          "{\"a\":null,\"b\":null,\"c\":null}", 1, "", "", NULL);
    check("[:int?]", OUTPUT, TSIG_MODE_ENABLED, "[1,null]", 1, "", "", NULL);
    check("{a :int}", OUTPUT, TSIG_MODE_ENABLED, "{\"a\":null}", 0, "a: expected int, got nil", "", NULL);
}

/* ---- §4 messages ---------------------------------------------------------- */

TEST(wrong_type_names_expected_and_got)
{
    check(":int", OUTPUT, TSIG_MODE_ENABLED, "\"abc\"", 0, "expected int, got string \"abc\"", "", NULL);
    check(":int", OUTPUT, TSIG_MODE_ENABLED, "1.5", 0, "expected int, got float 1.5", "", NULL);
    check(":string", OUTPUT, TSIG_MODE_ENABLED, "true", 0, "expected string, got bool true", "", NULL);
    check(":string", OUTPUT, TSIG_MODE_ENABLED, "false", 0, "expected string, got bool false", "", NULL);
    check(":float", OUTPUT, TSIG_MODE_ENABLED, "null", 0, "expected float, got nil", "", NULL);
    check("{a :int}", OUTPUT, TSIG_MODE_ENABLED, "[1]", 0, "expected map, got list", "", NULL);
    check("[:int]", OUTPUT, TSIG_MODE_ENABLED, "{}", 0, "expected list, got map", "", NULL);
    check(":bool", OUTPUT, TSIG_MODE_ENABLED, "0", 0, "expected bool, got int 0", "", NULL);
    check(":datetime", OUTPUT, TSIG_MODE_ENABLED, "[]", 0, "expected datetime, got list", "", NULL);
    check("[[:int]]", OUTPUT, TSIG_MODE_ENABLED, "[5]", 0, "[0]: expected list, got int 5", "", NULL);
}

TEST(echoed_values_are_escaped_and_cut_after_40_code_points)
{
    check(":int", OUTPUT, TSIG_MODE_ENABLED, "\"a\\\"b\\\\c\\/d\\n\\t\\u0001\"", 0,
          "expected int, got string \"a\\\"b\\\\c/d\\n\\t\\u0001\"", "", NULL);
    check(":int", OUTPUT, TSIG_MODE_ENABLED, "\"\\u00e9\\ud83d\\ude00\"", 0,
          "expected int, got string \"\xC3\xA9\xF0\x9F\x98\x80\"", "", NULL);
    check(":int", OUTPUT, TSIG_MODE_ENABLED, "\"\\ud800x\"", 0,
          "expected int, got string \"\\ud800x\"", "", NULL);
    /* 40 code points echoed whole, 41 cut, counted before escaping */
    check(":int", OUTPUT, TSIG_MODE_ENABLED, "\"0123456789012345678901234567890123456789\"", 0,
          "expected int, got string \"0123456789012345678901234567890123456789\"", "", NULL);
    check(":int", OUTPUT, TSIG_MODE_ENABLED, "\"0123456789012345678901234567890123456789X\"", 0,
          "expected int, got string \"0123456789012345678901234567890123456789\xE2\x80\xA6\"", "", NULL);
    check(":int", OUTPUT, TSIG_MODE_ENABLED,
          "\"\\n\\n\\n\\n\\n\\n\\n\\n\\n\\n\\n\\n\\n\\n\\n\\n\\n\\n\\n\\n"
          "\\n\\n\\n\\n\\n\\n\\n\\n\\n\\n\\n\\n\\n\\n\\n\\n\\n\\n\\n\\nZ\"", 0,
          "expected int, got string \"\\n\\n\\n\\n\\n\\n\\n\\n\\n\\n\\n\\n\\n\\n\\n\\n\\n\\n\\n\\n"
          "\\n\\n\\n\\n\\n\\n\\n\\n\\n\\n\\n\\n\\n\\n\\n\\n\\n\\n\\n\\n\xE2\x80\xA6\"", "", NULL);
    check(":int", OUTPUT, TSIG_MODE_ENABLED,
          "\"\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9"
          "\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9"
          "\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9"
          "\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9!\"", 0,
          "expected int, got string \""
          "\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9"
          "\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9"
          "\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9"
          "\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9"
          "\xE2\x80\xA6\"", "", NULL);
    /* numbers as written, cut after 40 characters */
    check(":string", OUTPUT, TSIG_MODE_ENABLED, "1234567890123456789012345678901234567890", 0,
          "expected string, got int 1234567890123456789012345678901234567890", "", NULL);
    check(":string", OUTPUT, TSIG_MODE_ENABLED, "-1234567890123456789012345678901234567890", 0,
          "expected string, got int -123456789012345678901234567890123456789\xE2\x80\xA6", "", NULL);
    check(":string", OUTPUT, TSIG_MODE_ENABLED, "1.000E+00", 0, "expected string, got float 1.000E+00", "", NULL);
}

TEST(missing_required_field_names_its_type)
{
    check("{a :int, b :string, c :float, d :bool, e :keyword, f :datetime, g :any, h :map, "
          "i [:int], j {k :int}, l :int?}",
          OUTPUT, TSIG_MODE_ENABLED, "{}", 0,
          "a: missing required field, expected int\n"
          "b: missing required field, expected string\n"
          "c: missing required field, expected float\n"
          "d: missing required field, expected bool\n"
          "e: missing required field, expected keyword\n"
          "f: missing required field, expected datetime\n"
          "g: missing required field, expected any\n"
          "h: missing required field, expected map\n"
          "i: missing required field, expected list\n"
          "j: missing required field, expected map",
          "", NULL);
}

TEST(strict_reports_unexpected_fields_after_declared_ones_in_data_order)
{
    check("{a :int, b :int}", OUTPUT, TSIG_MODE_STRICT,
          "{\"z\":1,\"b\":\"x\",\"y\":2,\"a\":\"w\"}", 0,
          "a: expected int, got string \"w\"\n"
          "b: expected int, got string \"x\"\n"
          "z: unexpected field\n"
          "y: unexpected field",
          "", NULL);
    check("{a :int}", OUTPUT, TSIG_MODE_ENABLED, "{\"z\":1,\"a\":1}", 1, "", "", "{\"a\":1,\"z\":1}");
    check("{a {b :int}}", OUTPUT, TSIG_MODE_STRICT, "{\"a\":{\"b\":1,\"c\":2}}", 0,
          "a.c: unexpected field", "", NULL);
    check("{a :int}", OUTPUT, TSIG_MODE_WARN_ONLY, "{\"a\":1,\"b\":2}", 1, "", "", NULL);
}

TEST(two_keys_for_one_field_are_ambiguous)
{
    check("{order_count :int}", OUTPUT, TSIG_MODE_ENABLED,
          "{\"order-count\":1,\"order_count\":2}", 0,
          "order_count: ambiguous field: \"order-count\" and \"order_count\" both present", "", NULL);
    check("(order-count :int) -> :any", INPUT, TSIG_MODE_ENABLED,
          "{\"order_count\":1,\"x\":0,\"order-count\":\"y\"}", 0,
          "order-count: ambiguous field: \"order_count\" and \"order-count\" both present", "", NULL);
    /* a third key repeating the second is a duplicate, not a new ambiguity */
    check("{a_b :int}", OUTPUT, TSIG_MODE_ENABLED, "{\"a_b\":1,\"a-b\":2,\"a-b\":3}", 0,
          "a_b: ambiguous field: \"a_b\" and \"a-b\" both present\n"
          "a-b: duplicate key \"a-b\"",
          "", NULL);
}

TEST(errors_are_depth_first_in_declaration_order)
{
    check("{b {y :int, x :int}, a :int}", OUTPUT, TSIG_MODE_ENABLED,
          "{\"a\":\"1\",\"b\":{\"x\":\"2\",\"y\":\"3\"}}", 0,
          "b.y: expected int, got string \"3\"\n"
          "b.x: expected int, got string \"2\"\n"
          "a: expected int, got string \"1\"",
          "", NULL);
    /* a missing field comes before later fields' errors */
    check("{a :int, b :int}", OUTPUT, TSIG_MODE_ENABLED, "{\"b\":\"x\"}", 0,
          "a: missing required field, expected int\nb: expected int, got string \"x\"", "", NULL);
    /* a repeated key inside an extra comes after the declared fields */
    check("{a :int}", OUTPUT, TSIG_MODE_ENABLED, "{\"z\":{\"k\":1,\"k\":2},\"a\":\"x\"}", 0,
          "a: expected int, got string \"x\"\nz.k: duplicate key \"k\"", "", NULL);
    /* a repeated key belongs to its field, before later fields */
    check("{x :int, y :int}", OUTPUT, TSIG_MODE_ENABLED, "{\"x\":1,\"y\":\"b\",\"x\":2}", 0,
          "x: duplicate key \"x\"\ny: expected int, got string \"b\"", "", NULL);
    check("{x :int, y :int}", OUTPUT, TSIG_MODE_STRICT, "{\"x\":1,\"y\":\"b\",\"x-\":2,\"x\":3}", 0,
          "x: duplicate key \"x\"\ny: expected int, got string \"b\"\nx-: unexpected field", "", NULL);
    /* lists in index order */
    check("[{a :int, b :int}]", OUTPUT, TSIG_MODE_ENABLED,
          "[{\"b\":\"1\",\"a\":\"2\"},{\"b\":\"3\"}]", 0,
          "[0].a: expected int, got string \"2\"\n"
          "[0].b: expected int, got string \"1\"\n"
          "[1].a: missing required field, expected int\n"
          "[1].b: expected int, got string \"3\"",
          "", NULL);
}

/* Validates json with max_errors and returns the error lines. */
static char *errors_with_cap(const char *sig_text, const char *json, size_t cap)
{
    tsig_signature *sig = sig_of(sig_text);
    tsig_validate_options o = {TSIG_MODE_ENABLED, cap, 0, 0};
    tsig_result r;
    run(sig, OUTPUT, json, strlen(json), &o, &r);
    char *lines = tsig_test_issue_lines(r.errors, r.error_count);
    tsig_result_free(&r);
    tsig_signature_free(sig);
    return lines;
}

TEST(max_errors_keeps_the_first_n_and_counts_the_rest)
{
    char *e = errors_with_cap("[:int]", "[\"a\",\"b\",\"c\",\"d\"]", 2);
    CHECK_STR(e, "[0]: expected int, got string \"a\"\n[1]: expected int, got string \"b\"\n"
                 "too many errors: 2 more not shown");
    free(e);
    e = errors_with_cap("[:int]", "[\"a\",\"b\"]", 2);
    CHECK_STR(e, "[0]: expected int, got string \"a\"\n[1]: expected int, got string \"b\"");
    free(e);
    /* the first n in declaration order, whatever the data order */
    e = errors_with_cap("{b :int, a :int}", "{\"a\":\"x\",\"b\":\"y\"}", 1);
    CHECK_STR(e, "b: expected int, got string \"y\"\ntoo many errors: 1 more not shown");
    free(e);
    e = errors_with_cap("{a :int, b :int}", "{\"b\":\"x\"}", 1);
    CHECK_STR(e, "a: missing required field, expected int\ntoo many errors: 1 more not shown");
    free(e);
    /* default: 100 */
    char json[2000] = "[";
    for (int i = 0; i < 150; i++) strcat(json, i ? ",\"x\"" : "\"x\"");
    strcat(json, "]");
    tsig_signature *sig = sig_of("[:int]");
    tsig_result r;
    run(sig, OUTPUT, json, strlen(json), NULL, &r);
    CHECK_INT(r.error_count, 101);
    CHECK_STR(r.errors[100].message, "too many errors: 50 more not shown");
    CHECK_STR(r.errors[99].path, "[99]");
    tsig_result_free(&r);
    tsig_signature_free(sig);
}

TEST(paths_join_keys_with_dots_and_quote_non_identifiers)
{
    check("{results [{customer {id :int}}]}", OUTPUT, TSIG_MODE_ENABLED,
          "{\"results\":[{\"customer\":{\"id\":1}},{\"customer\":{\"id\":\"abc\"}}]}", 0,
          "results[1].customer.id: expected int, got string \"abc\"", "", NULL);
    check("{rows [:map]}", OUTPUT, TSIG_MODE_ENABLED,
          "{\"rows\":[{},{},{\"first name\":1,\"first name\":2}]}", 0,
          "rows[2][\"first name\"]: duplicate key \"first name\"", "", NULL);
    check("{a :int}", OUTPUT, TSIG_MODE_STRICT,
          "{\"a\":1,\"x-y\":0,\"_z\":0,\"1x\":0,\"\":0,\"b.c\":0,\"q\\\"\\n\":0,\"\\u00e9\":0}", 0,
          "x-y: unexpected field\n_z: unexpected field\n[\"1x\"]: unexpected field\n"
          "[\"\"]: unexpected field\n[\"b.c\"]: unexpected field\n"
          "[\"q\\\"\\n\"]: unexpected field\n[\"\xC3\xA9\"]: unexpected field",
          "", NULL);
    check("[[:int]]", OUTPUT, TSIG_MODE_ENABLED, "[[],[1,\"x\"]]", 0,
          "[1][1]: expected int, got string \"x\"", "", NULL);
}

TEST(issue_segments_hold_unescaped_keys_and_indexes)
{
    tsig_signature *sig = sig_of("{rows [{id :int}]}");
    const char *json = "{\"rows\":[{\"id\":1},{\"id\":1,\"k\\u0000\":0,\"k\\u0000\":1}]}";
    tsig_result r;
    run(sig, OUTPUT, json, strlen(json), NULL, &r);
    CHECK_INT(r.error_count, 1);
    if (r.error_count == 1) {
        const tsig_issue *e = &r.errors[0];
        CHECK_STR(e->path, "rows[1][\"k\\u0000\"]");
        CHECK_INT(e->segment_count, 3);
        CHECK(e->segments[0].key && e->segments[0].key_len == 4 &&
              memcmp(e->segments[0].key, "rows", 4) == 0);
        CHECK(e->segments[1].key == NULL && e->segments[1].index == 1);
        CHECK(e->segments[2].key_len == 2 && memcmp(e->segments[2].key, "k\0", 2) == 0);
    }
    tsig_result_free(&r);
    tsig_signature_free(sig);
}

TEST(root_errors_have_the_empty_path)
{
    tsig_signature *sig = sig_of(":int");
    tsig_result r;
    run(sig, OUTPUT, "\"x\"", 3, NULL, &r);
    CHECK_INT(r.error_count, 1);
    CHECK_STR(r.errors[0].path, "");
    CHECK_INT(r.errors[0].segment_count, 0);
    tsig_result_free(&r);
    tsig_signature_free(sig);
}

/* ---- §4 validate_input ---------------------------------------------------- */

TEST(input_parameters_are_fields_of_the_arguments_object)
{
    check("(q :string, limit :int?) -> :any", INPUT, TSIG_MODE_ENABLED, "{\"q\":\"x\"}", 1, "", "", NULL);
    check("(q :string, limit :int?) -> :any", INPUT, TSIG_MODE_ENABLED, "{}", 0,
          "q: missing required field, expected string", "", NULL);
    check("(user {id :int}) -> :any", INPUT, TSIG_MODE_ENABLED, "{\"user\":{\"id\":\"x\"}}", 0,
          "user.id: expected int, got string \"x\"", "", NULL);
    check("() -> :any", INPUT, TSIG_MODE_ENABLED, "{\"x\":1}", 1, "", "", NULL);
    check("() -> :any", INPUT, TSIG_MODE_STRICT, "{\"x\":1}", 0, "x: unexpected field", "", NULL);
}

TEST(input_must_be_an_object)
{
    check("(a :int) -> :any", INPUT, TSIG_MODE_ENABLED, "[]", 0, "expected map, got list", "", NULL);
    check("(a :int) -> :any", INPUT, TSIG_MODE_ENABLED, "null", 0, "expected map, got nil", "", NULL);
    check("(a :int) -> :any", INPUT, TSIG_MODE_STRICT, "\"{}\"", 0, "expected map, got string \"{}\"", "", NULL);
    check("() -> :any", INPUT, TSIG_MODE_ENABLED, "5", 0, "expected map, got int 5", "", NULL);
}

TEST(keys_match_fields_after_hyphen_to_underscore)
{
    check("{user_id :int, a_b_c :int}", OUTPUT, TSIG_MODE_ENABLED,
          "{\"user-id\":1,\"a-b_c\":2}", 1, "", "", NULL);
    check("{user_id :int}", OUTPUT, TSIG_MODE_ENABLED, "{\"USER_ID\":1}", 0,
          "user_id: missing required field, expected int", "", NULL);
    check("{user-id :int}", OUTPUT, TSIG_MODE_ENABLED, "{\"user_id\":\"x\"}", 0,
          "user-id: expected int, got string \"x\"", "", NULL);
}

TEST(keys_are_compared_after_json_unescaping)
{
    check("{id :int}", OUTPUT, TSIG_MODE_ENABLED, "{\"\\u0069d\":\"x\"}", 0,
          "id: expected int, got string \"x\"", "", NULL);
    check("{id :int}", OUTPUT, TSIG_MODE_ENABLED, "{\"\\u0069d\":1}", 1, "", "", NULL);
    check("(id :int) -> :any", INPUT, TSIG_MODE_ENABLED, "{\"\\u0069d\":1}", 1, "", "", "{\"id\":1}");
    check("{a_b :int}", OUTPUT, TSIG_MODE_ENABLED, "{\"a\\u002db\":1}", 1, "", "", NULL);
}

TEST(input_value_uses_the_signature_spelling)
{
    check("(user_id :int, user-name :string) -> :any", INPUT, TSIG_MODE_ENABLED,
          "{\"user-id\":5,\"user_name\":\"n\"}", 1, "", "", "{\"user_id\":5,\"user-name\":\"n\"}");
    /* output validation keeps the data's spelling */
    check("{user_id :int}", OUTPUT, TSIG_MODE_ENABLED, "{\"user-id\":5}", 1, "", "", NULL);
    /* extra keys keep theirs, escapes included */
    check("(a :int) -> :any", INPUT, TSIG_MODE_ENABLED, "{\"x-y\\n\":1,\"a\":\"2\"}", 1, "",
          "a: coerced string \"2\" to int", "{\"a\":2,\"x-y\\n\":1}");
}

/* ---- §4 the returned value --------------------------------------------------- */

TEST(value_puts_declared_fields_first_in_signature_order_then_extras_in_data_order)
{
    check("{a :int, b :int, c :int?}", OUTPUT, TSIG_MODE_ENABLED,
          "{\"x\":0,\"b\":2,\"y\":[1, 2],\"a\":1}", 1, "", "",
          "{\"a\":1,\"b\":2,\"x\":0,\"y\":[1,2]}");
    check("[{b :int, a :int}]", OUTPUT, TSIG_MODE_ENABLED,
          "[{\"b\":1,\"a\":2},{\"a\":3,\"b\":4}]", 1, "", "", "[{\"b\":1,\"a\":2},{\"b\":4,\"a\":3}]");
    /* already in order: no value written, the input text is the value */
    check("{a :int, b :int}", OUTPUT, TSIG_MODE_ENABLED, "{ \"a\" : 1 , \"b\" : 2 , \"z\" : 3 }", 1, "", "", NULL);
    /* nested maps, each in its own order */
    check("(u {n :string, id :int}, k :int) -> :any", INPUT, TSIG_MODE_ENABLED,
          "{\"k\":1,\"u\":{\"id\":2,\"extra\":{\"q\":1},\"n\":\"x\"}}", 1, "", "",
          "{\"u\":{\"n\":\"x\",\"id\":2,\"extra\":{\"q\":1}},\"k\":1}");
}

TEST(value_is_given_only_when_ok)
{
    check("(a :int) -> :any", INPUT, TSIG_MODE_ENABLED, "{\"a\":\"1\",\"b\":[}", 0,
          "JSON error at 1:15: expected a JSON value, found \"}\"", "", NULL);
    check("(a :int, b :int) -> :any", INPUT, TSIG_MODE_ENABLED, "{\"a\":\"1\",\"b\":\"x\"}", 0,
          "b: expected int, got string \"x\"", "a: coerced string \"1\" to int", NULL);
}

TEST(value_flags_always_and_never)
{
    tsig_signature *sig = sig_of("{a :int, b :int}");
    const char *json = " { \"a\" : 1, \"b\" : 2 } ";
    tsig_validate_options o = {TSIG_MODE_ENABLED, 0, 0, TSIG_VALUE_ALWAYS};
    tsig_result r;
    run(sig, OUTPUT, json, strlen(json), &o, &r);
    CHECK(r.ok && !r.changed);
    CHECK_STR(r.value_json, "{\"a\":1,\"b\":2}");
    CHECK_INT(r.value_len, 13);
    tsig_result_free(&r);
    json = "{\"b\":2,\"a\":1}";
    o.flags = TSIG_VALUE_NEVER;
    run(sig, OUTPUT, json, strlen(json), &o, &r);
    CHECK(r.ok && r.changed && r.value_json == NULL);
    tsig_result_free(&r);
    tsig_signature_free(sig);
}

/* ---- §4 modes ---------------------------------------------------------------- */

TEST(enabled_mode_fails_on_errors_and_keeps_extra_fields)
{
    check("{a :int}", OUTPUT, TSIG_MODE_ENABLED, "{\"a\":1,\"b\":2}", 1, "", "", NULL);
    check("{a :int}", OUTPUT, TSIG_MODE_ENABLED, "{\"a\":\"1\"}", 0, "a: expected int, got string \"1\"", "", NULL);
}

TEST(warn_only_reports_errors_as_warnings_in_one_list)
{
    check("{a :int, b :string}", OUTPUT, TSIG_MODE_WARN_ONLY, "{\"b\":2,\"a\":\"x\"}", 1, "",
          "a: expected int, got string \"x\"\nb: expected string, got int 2",
          "{\"a\":\"x\",\"b\":2}");
    check("(a :int, b :int, c :int) -> :any", INPUT, TSIG_MODE_WARN_ONLY,
          "{\"a\":\"x\",\"b\":\"2\"}", 1, "",
          "a: expected int, got string \"x\"\nb: coerced string \"2\" to int\n"
          "c: missing required field, expected int",
          "{\"a\":\"x\",\"b\":2}");
    /* an ambiguous key: the field keeps the first key's value */
    check("(a_b :int) -> :any", INPUT, TSIG_MODE_WARN_ONLY, "{\"a-b\":1,\"a_b\":2}", 1, "",
          "a_b: ambiguous field: \"a-b\" and \"a_b\" both present", "{\"a_b\":1}");
    check("{a_b :int}", OUTPUT, TSIG_MODE_WARN_ONLY, "{\"x\":0,\"a-b\":1,\"a_b\":2}", 1, "",
          "a_b: ambiguous field: \"a-b\" and \"a_b\" both present", "{\"a-b\":1,\"x\":0,\"a_b\":2}");
}

TEST(disabled_mode_passes_the_value_through)
{
    check("{a :int}", OUTPUT, TSIG_MODE_DISABLED, "[\"anything\"]", 1, "", "", NULL);
    check("(a_b :int) -> :any", INPUT, TSIG_MODE_DISABLED, "{\"z\":0,\"a-b\":\"42\"}", 1, "", "", NULL);
    check("(a :int) -> :any", INPUT, TSIG_MODE_DISABLED, "7", 1, "", "", NULL);
    /* but the text is still read */
    check("(a :int) -> :any", INPUT, TSIG_MODE_DISABLED, "{\"a\":1 2}", 0,
          "JSON error at 1:8: expected \",\" or \"}\", found \"2\"", "", NULL);
}

TEST(strict_mode_fails_on_fields_not_in_the_signature)
{
    check("{a :int, m :map, x :any}", OUTPUT, TSIG_MODE_STRICT,
          "{\"a\":1,\"m\":{\"k\":1},\"x\":{\"k\":1}}", 1, "", "", NULL);
    check("[{a :int}]", OUTPUT, TSIG_MODE_STRICT, "[{\"a\":1,\"b\":2}]", 0, "[0].b: unexpected field", "", NULL);
    check("(a :int, b :float) -> :any", INPUT, TSIG_MODE_STRICT, "{\"a\":\"1\",\"b\":2}", 1, "",
          "a: coerced string \"1\" to int", "{\"a\":1,\"b\":2.0}");
}

TEST(bad_arguments_are_refused)
{
    tsig_signature *sig = sig_of(":int");
    tsig_result r;
    CHECK_INT(tsig_validate_json(NULL, "1", 1, NULL, &r), TSIG_ERR_ARGUMENT);
    CHECK(!r.ok);
    tsig_result_free(&r);
    CHECK_INT(tsig_validate_json(sig, NULL, 1, NULL, &r), TSIG_ERR_ARGUMENT);
    tsig_result_free(&r);
    tsig_validate_options o = {(tsig_mode)9, 0, 0, 0};
    CHECK_INT(tsig_validate_json(sig, "1", 1, &o, &r), TSIG_ERR_ARGUMENT);
    tsig_result_free(&r);
    CHECK_INT(tsig_validate_json(sig, "1", 1, NULL, NULL), TSIG_ERR_ARGUMENT);
    /* (the text is never read when it is too large) */
    CHECK_INT(tsig_validate_json(sig, "1", TSIG_MAX_INPUT + 1, NULL, &r), TSIG_ERR_TOO_LARGE);
    CHECK(!r.ok && r.error_count == 1 && r.json_error.code == TSIG_ERR_TOO_LARGE);
    if (r.error_count == 1) CHECK_STR(r.errors[0].message, "JSON text larger than 1073741824 bytes");
    tsig_result_free(&r);
    tsig_result_free(NULL);
    tsig_signature_free(sig);
}

/* ---- §10 JSON text ----------------------------------------------------------- */

TEST(json_text_errors_name_position_expected_and_found)
{
    check_json_error("", "JSON error at 1:1: expected a JSON value, found end of input");
    check_json_error("  \n ", "JSON error at 2:2: expected a JSON value, found end of input");
    check_json_error("{\"a\": 1,}", "JSON error at 1:9: expected a string key, found \"}\"");
    check_json_error("{,}", "JSON error at 1:2: expected a string key or \"}\", found \",\"");
    check_json_error("[1,]", "JSON error at 1:4: expected a JSON value, found \"]\"");
    check_json_error("{\"a\":1}}", "JSON error at 1:8: expected end of input, found \"}\"");
    check_json_error("'x'", "JSON error at 1:1: expected a JSON value, found \"'\"");
    check_json_error("[1, 2", "JSON error at 1:6: expected \",\" or \"]\", found end of input");
    check_json_error("[\n  1,\n  2\n  3\n]", "JSON error at 4:3: expected \",\" or \"]\", found \"3\"");
    check_json_error("{\"a\" 1}", "JSON error at 1:6: expected \":\", found \"1\"");
    check_json_error("{\"a\":1 \"b\":2}", "JSON error at 1:8: expected \",\" or \"}\", found \"\\\"\"");
    check_json_error("{a:1}", "JSON error at 1:2: expected a string key or \"}\", found \"a\"");
    check_json_error("[+1]", "JSON error at 1:2: expected a JSON value, found \"+\"");
    check_json_error("[-]", "JSON error at 1:3: expected a digit, found \"]\"");
    check_json_error("[01]", "JSON error at 1:3: expected \",\" or \"]\", found \"1\"");
    check_json_error("[1.]", "JSON error at 1:4: expected a digit after \".\", found \"]\"");
    check_json_error("[1e+]", "JSON error at 1:5: expected a digit in the exponent, found \"]\"");
    check_json_error("[.5]", "JSON error at 1:2: expected a JSON value, found \".\"");
    check_json_error("\"abc", "JSON error at 1:5: expected a closing quote, found end of input");
    check_json_error("\"a\tb\"", "JSON error at 1:3: expected an escaped control character, found control character U+0009");
    check_json_error("\"\\x\"", "JSON error at 1:3: expected an escape after \"\\\\\" (one of \\\" \\\\ / b f n r t u), found \"x\"");
    check_json_error("\"\\u12G4\"", "JSON error at 1:6: expected 4 hex digits after \"\\\\u\", found \"G\"");
    check_json_error("tru", "JSON error at 1:4: expected \"true\", found end of input");
    check_json_error("nulL", "JSON error at 1:4: expected \"null\", found \"L\"");
    check_json_error("NaN", "JSON error at 1:1: expected a JSON value, found \"N\"");
    check_json_error("[Infinity]", "JSON error at 1:2: expected a JSON value, found \"I\"");
    check_json_error("1 2", "JSON error at 1:3: expected end of input, found \"2\"");
    check_json_error("{\"\xC3\xA9\": 1,}", "JSON error at 1:10: expected a string key, found \"}\"");
    check_json_error("[1]\x0b", "JSON error at 1:4: expected end of input, found control character U+000B");
}

TEST(json_errors_fail_in_every_mode_with_one_error_and_no_value)
{
    for (int mode = TSIG_MODE_ENABLED; mode <= TSIG_MODE_STRICT; mode++) {
        check("(a :int) -> :any", INPUT, (tsig_mode)mode, "{\"a\":\"1\",", 0,
              "JSON error at 1:10: expected a string key, found end of input", "", NULL);
        check(":any", OUTPUT, (tsig_mode)mode, "[1,", 0,
              "JSON error at 1:4: expected a JSON value, found end of input", "", NULL);
    }
    tsig_signature *sig = sig_of(":any");
    tsig_result r;
    CHECK_INT(run(sig, OUTPUT, "[", 1, NULL, &r), TSIG_ERR_JSON);
    CHECK_INT(r.json_error.code, TSIG_ERR_JSON);
    CHECK_INT(r.json_error.line, 1);
    CHECK_INT(r.json_error.column, 2);
    CHECK_INT(r.json_error.offset, 1);
    tsig_result_free(&r);
    CHECK_INT(run(sig, OUTPUT, "[1]", 3, NULL, &r), TSIG_OK);
    CHECK_INT(r.json_error.code, TSIG_OK);
    tsig_result_free(&r);
    tsig_signature_free(sig);
}

TEST(invalid_utf8_is_a_json_error)
{
    check_json_error_at(__LINE__, "\"a\xFF\"", 4, "JSON error at 1:3: expected UTF-8 text, found invalid UTF-8 byte 0xFF");
    check_json_error_at(__LINE__, "\"\xC3\x28\"", 4, "JSON error at 1:2: expected UTF-8 text, found invalid UTF-8 byte 0xC3");
    check_json_error_at(__LINE__, "\"\xC0\xAF\"", 4, "JSON error at 1:2: expected UTF-8 text, found invalid UTF-8 byte 0xC0");
    check_json_error_at(__LINE__, "\"\xED\xA0\x80\"", 5, "JSON error at 1:2: expected UTF-8 text, found invalid UTF-8 byte 0xED");
    check_json_error_at(__LINE__, "\"\xF4\x90\x80\x80\"", 6, "JSON error at 1:2: expected UTF-8 text, found invalid UTF-8 byte 0xF4");
    check_json_error_at(__LINE__, "\"\xE2\x82\"", 4, "JSON error at 1:2: expected UTF-8 text, found invalid UTF-8 byte 0xE2");
    check_json_error_at(__LINE__, "{\"k\xFE\":1}", 7, "JSON error at 1:4: expected UTF-8 text, found invalid UTF-8 byte 0xFE");
    check_json_error_at(__LINE__, "[\xE9]", 3, "JSON error at 1:2: expected a JSON value, found invalid UTF-8 byte 0xE9");
    check(":string", OUTPUT, TSIG_MODE_ENABLED, "\"\xF0\x9F\x98\x80 \xE2\x9C\x93\"", 1, "", "", NULL);
}

TEST(leading_byte_order_mark_is_ignored)
{
    check("{a :int}", OUTPUT, TSIG_MODE_ENABLED, "\xEF\xBB\xBF{\"a\":1}", 1, "", "", "{\"a\":1}");
    check_json_error("\xEF\xBB\xBF", "JSON error at 1:4: expected a JSON value, found end of input");
    check_json_error("\xEF\xBB\xBF\xEF\xBB\xBF{}", "JSON error at 1:4: expected a JSON value, found \"\xEF\xBB\xBF\"");
}

TEST(escaped_lone_surrogates_are_accepted)
{
    check(":string", OUTPUT, TSIG_MODE_ENABLED, "\"\\ud800\"", 1, "", "", NULL);
    check(":string", OUTPUT, TSIG_MODE_ENABLED, "\"\\udc00\\ud800\"", 1, "", "", NULL);
    check("{k :string}", OUTPUT, TSIG_MODE_ENABLED, "{\"k\":\"\\udfff\\ud800\\u0041\"}", 1, "", "", NULL);
}

TEST(whitespace_around_and_between_tokens_is_allowed)
{
    check("{a [:int]}", OUTPUT, TSIG_MODE_ENABLED, " \t\r\n{ \"a\" :\n[ 1 ,\t2 ] } \n", 1, "", "", NULL);
}

TEST(duplicate_keys_are_an_error_in_every_mode)
{
    for (int mode = TSIG_MODE_ENABLED; mode <= TSIG_MODE_STRICT; mode++) {
        check("{id :int}", OUTPUT, (tsig_mode)mode, "{\"id\":1,\"id\":2}", 0, "id: duplicate key \"id\"", "", NULL);
        check(":any", OUTPUT, (tsig_mode)mode, "{\"x\":{\"y\":1,\"y\":1}}", 0, "x.y: duplicate key \"y\"", "", NULL);
        check("(a :int) -> :any", INPUT, (tsig_mode)mode, "{\"a\":1,\"z\":1,\"z\":2}", 0,
              mode == TSIG_MODE_STRICT ? "z: unexpected field\nz: duplicate key \"z\""
                                       : "z: duplicate key \"z\"",
              "", NULL);
    }
    /* compared after unescaping */
    check(":map", OUTPUT, TSIG_MODE_ENABLED, "{\"id\":1,\"\\u0069d\":2}", 0, "id: duplicate key \"id\"", "", NULL);
    check("{a :int}", OUTPUT, TSIG_MODE_ENABLED, "{\"a\":1,\"\\u0061\":2}", 0, "a: duplicate key \"a\"", "", NULL);
    /* inside values of the wrong type, and in many keys */
    check(":int", OUTPUT, TSIG_MODE_ENABLED, "[{\"k\":1,\"k\":2}]", 0,
          "expected int, got list\n[0].k: duplicate key \"k\"", "", NULL);
    char json[4096] = "{";
    for (int i = 0; i < 300; i++) sprintf(json + strlen(json), "\"k%d\":%d,", i, i);
    strcat(json, "\"k7\":0}");
    check(":map", OUTPUT, TSIG_MODE_ENABLED, json, 0, "k7: duplicate key \"k7\"", "", NULL);
}

TEST(fields_past_the_sixty_fourth_are_told_named_missing_and_repeated)
{
    char sig[2048] = "{", json[2048] = "{";
    for (int i = 0; i < 70; i++) sprintf(sig + strlen(sig), "%sf%d :int", i ? ", " : "", i);
    strcat(sig, "}");
    for (int i = 0; i < 70; i++)
        if (i != 65) sprintf(json + strlen(json), "\"f%d\":%d,", i, i);
    strcat(json, "\"f3\":0,\"f67\":0}");
    check(sig, OUTPUT, TSIG_MODE_ENABLED, json, 0,
          "f3: duplicate key \"f3\"\nf65: missing required field, expected int\n"
          "f67: duplicate key \"f67\"",
          "", NULL);
}

/* Validates text against :any with max_depth and returns the code. */
static tsig_code depth_code(const char *sig_text, int input, const char *json, size_t len,
                            size_t max_depth, char *message, size_t size)
{
    tsig_signature *sig = sig_of(sig_text);
    tsig_validate_options o = {TSIG_MODE_ENABLED, 0, max_depth, 0};
    tsig_result r;
    tsig_code code = run(sig, input, json, len, &o, &r);
    snprintf(message, size, "%s", r.error_count ? r.errors[0].message : "");
    if (code == TSIG_OK && !r.ok) code = TSIG_ERR_ARGUMENT;
    tsig_result_free(&r);
    tsig_signature_free(sig);
    return code;
}

/* n opening brackets, then n closing ones. */
static char *nested(size_t n)
{
    char *s = malloc(2 * n + 1);
    memset(s, '[', n);
    memset(s + n, ']', n);
    s[2 * n] = '\0';
    return s;
}

TEST(nesting_is_bounded_by_max_depth)
{
    char msg[TSIG_MESSAGE_MAX];
    char *s = nested(1000);
    CHECK_INT(depth_code(":any", OUTPUT, s, 2000, 0, msg, sizeof msg), TSIG_OK);
    free(s);
    s = nested(1001);
    CHECK_INT(depth_code(":any", OUTPUT, s, 2002, 0, msg, sizeof msg), TSIG_ERR_TOO_DEEP);
    CHECK_STR(msg, "JSON error at 1:1001: nesting deeper than 1000");
    free(s);
    CHECK_INT(depth_code(":any", OUTPUT, "[[[1]]]", 7, 3, msg, sizeof msg), TSIG_OK);
    CHECK_INT(depth_code(":any", OUTPUT, "{\"a\":{\"b\":{\"c\":{}}}}", 20, 3, msg, sizeof msg), TSIG_ERR_TOO_DEEP);
    CHECK_STR(msg, "JSON error at 1:16: nesting deeper than 3");
    /* typed values count the same way */
    CHECK_INT(depth_code("[[[:int]]]", OUTPUT, "[[[1]]]", 7, 2, msg, sizeof msg), TSIG_ERR_TOO_DEEP);
    CHECK_STR(msg, "JSON error at 1:3: nesting deeper than 2");
    /* disabled mode too */
    tsig_signature *sig = sig_of(":any");
    tsig_validate_options o = {TSIG_MODE_DISABLED, 0, 1, 0};
    tsig_result r;
    CHECK_INT(run(sig, OUTPUT, "[[]]", 4, &o, &r), TSIG_ERR_TOO_DEEP);
    tsig_result_free(&r);
    tsig_signature_free(sig);
}

TEST(max_depth_is_clamped_to_the_limit)
{
    char msg[TSIG_MESSAGE_MAX];
    char *s = nested(TSIG_MAX_DEPTH_LIMIT);
    CHECK_INT(depth_code(":any", OUTPUT, s, 2 * TSIG_MAX_DEPTH_LIMIT, 100000, msg, sizeof msg), TSIG_OK);
    free(s);
    s = nested(TSIG_MAX_DEPTH_LIMIT + 1);
    CHECK_INT(depth_code(":any", OUTPUT, s, 2 * TSIG_MAX_DEPTH_LIMIT + 2, 100000, msg, sizeof msg),
              TSIG_ERR_TOO_DEEP);
    CHECK_STR(msg, "JSON error at 1:10001: nesting deeper than 10000");
    free(s);
}

TEST(arguments_object_is_the_first_level)
{
    char msg[TSIG_MESSAGE_MAX];
    char json[2100];
    strcpy(json, "{\"x\":");
    char *s = nested(999);
    strcat(json, s);
    strcat(json, "}");
    CHECK_INT(depth_code("(x :any) -> :any", INPUT, json, strlen(json), 0, msg, sizeof msg), TSIG_OK);
    free(s);
    strcpy(json, "{\"x\":");
    s = nested(1000);
    strcat(json, s);
    strcat(json, "}");
    CHECK_INT(depth_code("(x :any) -> :any", INPUT, json, strlen(json), 0, msg, sizeof msg), TSIG_ERR_TOO_DEEP);
    CHECK_STR(msg, "JSON error at 1:1005: nesting deeper than 1000");
    free(s);
}

TEST(nesting_100000_deep_is_an_error_not_a_crash)
{
    char msg[TSIG_MESSAGE_MAX];
    size_t n = 100000;
    char *s = malloc(n + 1);
    for (size_t i = 0; i < n; i++) s[i] = i % 2 ? '[' : '{';
    s[n] = '\0';
    CHECK_INT(depth_code(":any", OUTPUT, s, n, 0, msg, sizeof msg), TSIG_ERR_JSON);
    CHECK_STR(msg, "JSON error at 1:2: expected a string key or \"}\", found \"[\"");
    memset(s, '[', n);
    CHECK_INT(depth_code("[:any]", OUTPUT, s, n, 0, msg, sizeof msg), TSIG_ERR_TOO_DEEP);
    CHECK_STR(msg, "JSON error at 1:1001: nesting deeper than 1000");
    CHECK_INT(depth_code(":any", OUTPUT, s, n, 100000, msg, sizeof msg), TSIG_ERR_TOO_DEEP);
    CHECK_STR(msg, "JSON error at 1:10001: nesting deeper than 10000");
    free(s);
}

TEST(integers_keep_every_digit)
{
    char *json = malloc(10000 + 16);
    strcpy(json, "{\"n\":");
    memset(json + 5, '7', 10000);
    strcpy(json + 10005, ",\"s\":1}");
    tsig_signature *sig = sig_of("(s :float, n :int) -> :any");
    tsig_result r;
    run(sig, INPUT, json, strlen(json), NULL, &r);
    CHECK(r.ok);
    CHECK(r.value_json && r.value_len == 13 + 10000 + 1);
    if (r.value_json) {
        CHECK(memcmp(r.value_json, "{\"s\":1.0,\"n\":7777", 17) == 0);
        CHECK(memcmp(r.value_json + 13, json + 5, 10000) == 0);
    }
    tsig_result_free(&r);
    tsig_signature_free(sig);
    free(json);
    check(":int", OUTPUT, TSIG_MODE_ENABLED, "123456789012345678901234567890", 1, "", "", NULL);
}

TEST(nul_bytes_escaped_are_data_raw_are_errors)
{
    check(":string", OUTPUT, TSIG_MODE_ENABLED, "\"a\\u0000b\"", 1, "", "", NULL);
    check(":int", OUTPUT, TSIG_MODE_ENABLED, "\"a\\u0000b\"", 0, "expected int, got string \"a\\u0000b\"", "", NULL);
    check_json_error_at(__LINE__, "\"a\0b\"", 5, "JSON error at 1:3: expected an escaped control character, found a NUL byte");
    check_json_error_at(__LINE__, "[1,\0]", 5, "JSON error at 1:4: expected a JSON value, found a NUL byte");
    check_json_error_at(__LINE__, "1\0", 2, "JSON error at 1:2: expected end of input, found a NUL byte");
}

TEST(long_strings_are_accepted)
{
    size_t n = 10 * 1024 * 1024;
    char *json = malloc(n + 3);
    json[0] = '"';
    for (size_t i = 1; i <= n; i++) json[i] = (char)('a' + i % 26);
    json[n + 1] = '"';
    json[n + 2] = '\0';
    tsig_signature *sig = sig_of("(s :string, t :int?) -> :any");
    tsig_result r;
    run(sig, OUTPUT, json, n + 2, NULL, &r);
    CHECK(r.ok);
    tsig_result_free(&r);
    /* rewritten: copied whole */
    char *args = malloc(n + 32);
    memcpy(args, "{\"t\":\"1\",\"s\":", 13);
    memcpy(args + 13, json, n + 2);
    memcpy(args + 13 + n + 2, "}", 2);
    run(sig, INPUT, args, strlen(args), NULL, &r);
    CHECK(r.ok && r.value_json && r.value_len == n + 2 + 12);
    if (r.value_json) CHECK(memcmp(r.value_json + 5, json, n + 2) == 0);
    tsig_result_free(&r);
    /* as an error echo: cut */
    tsig_signature *isig = sig_of(":int");
    run(isig, OUTPUT, json, n + 2, NULL, &r);
    CHECK(!r.ok && r.error_count == 1);
    CHECK_STR(r.errors[0].message,
              "expected int, got string \"bcdefghijklmnopqrstuvwxyzabcdefghijklmno\xE2\x80\xA6\"");
    tsig_result_free(&r);
    tsig_signature_free(isig);
    tsig_signature_free(sig);
    free(args);
    free(json);
}

TEST(truncated_text_is_always_an_error_and_the_next_call_works)
{
    const char *doc = "{\"a\": [1, -2.5e+3, \"x\\u00e9\\n\", true, false, null], "
                      "\"b\": {\"c\": {}, \"d\": []}, \"\\u0065\": \"\xC3\xA9\"}";
    size_t len = strlen(doc);
    const char *sigs[] = {":any", "{a [:any], b {c :map, d [:int]}, e :string}", "[:int]"};
    for (size_t k = 0; k < 3; k++) {
        tsig_signature *sig = sig_of(sigs[k]);
        for (size_t cut = 0; cut < len; cut++) {
            tsig_result r;
            tsig_code code = run(sig, OUTPUT, doc, cut, NULL, &r);
            if (code != TSIG_ERR_JSON || r.ok || r.error_count != 1) {
                tsig_test_fail(__FILE__, __LINE__, "prefix %zu of %s: %s", cut, sigs[k], tsig_code_name(code));
            }
            tsig_result_free(&r);
        }
        tsig_result r;
        run(sig, OUTPUT, doc, len, NULL, &r);
        CHECK(r.ok == (k < 2));
        tsig_result_free(&r);
        tsig_signature_free(sig);
    }
}


/* ---- §11.3 enums, refinements, unions, defaults; §11.6 * T ------------ */

#define E TSIG_MODE_ENABLED

TEST(enum_values_compare_by_value)
{
    check(":enum[pending active closed]", OUTPUT, E, "\"active\"", 1, "", "", NULL);
    check(":enum[pending active closed]", OUTPUT, E, "\"done\"", 0,
          "expected one of pending, active, closed, got string \"done\"", "", NULL);
    check(":enum[1 2]", OUTPUT, E, "2.0", 1, "", "", NULL);
    check(":enum[1 2]", OUTPUT, E, "\"1\"", 0, "expected one of 1, 2, got string \"1\"", "", NULL);
    check(":enum[true]", OUTPUT, E, "1", 0, "expected one of true, got int 1", "", NULL);
    check(":enum[a b]", OUTPUT, E, "null", 0, "expected one of a, b, got nil", "", NULL);
    check(":enum[a b]?", OUTPUT, E, "null", 1, "", "", NULL);
    check("{s :enum[a b]}", OUTPUT, E, "{}", 0, "s: missing required field, expected one of a, b", "",
          NULL);
}

/* SPEC §11.1, §11.3: numbers compare by exact decimal value, however long
 * their exponents; :int ranges are empty exactly when no integer fits. */
TEST(enum_values_and_bounds_compare_exactly_at_any_exponent)
{
    check(":enum[1e1000000000000000]", OUTPUT, E, "1e10000000000000000", 0,
          "expected one of 1e1000000000000000, got float 1e10000000000000000", "", NULL);
    check(":enum[10e1000000000000000]", OUTPUT, E, "1e1000000000000001", 1, "", "", NULL);
    check(":enum[1e1000000000000000 1e10000000000000000]", OUTPUT, E, "1e10000000000000000", 1, "",
          "", NULL);
    check(":float[>1e1000000000000000, <1e10000000000000000]", OUTPUT, E, "1e1000000000000001", 1,
          "", "", NULL);
    tsig_error err;
    const char *empty[] = {":int[100000000000000001..100000000000000000]", ":int[1e400..1e399]",
                           ":int[>1e400, <10e399]", ":int[>1e10000000000000000, <1e1000000000000000]",
                           ":enum[10e1000000000000000 1e1000000000000001]"};
    for (size_t i = 0; i < sizeof empty / sizeof empty[0]; i++) {
        tsig_signature *sig = tsig_parse(empty[i], strlen(empty[i]), &err);
        if (sig) tsig_test_fail(__FILE__, __LINE__, "%s parsed", empty[i]);
        tsig_signature_free(sig);
    }
    tsig_signature *sig = sig_of(":int[100000000000000000..100000000000000000]");
    CHECK(sig != NULL);
    tsig_signature_free(sig);
}


/* ---- cost: lookups in enums and unions that data cannot steer ----------
 * Each test validates crafted data and ordinary data of one size, against
 * one signature or signatures of one size, and compares processor times
 * (the best of 5): a ratio, never a duration. */

/* Text built by appends (aborts the test run when out of memory). */
typedef struct text {
    char *data;
    size_t len, cap;
} text;

static void put(text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char piece[256];
    int n = vsnprintf(piece, sizeof piece, fmt, ap);
    va_end(ap);
    if (t->len + (size_t)n + 1 > t->cap) {
        t->cap = (t->len + (size_t)n + 1) * 2;
        t->data = realloc(t->data, t->cap);
        if (!t->data) abort();
    }
    memcpy(t->data + t->len, piece, (size_t)n + 1);
    t->len += (size_t)n;
}

/* Best of 5 processor times of validating json against sig; *ok its verdict. */
static double validate_time(const tsig_signature *sig, int input, const text *json, int *ok)
{
    double best = 1e9;
    for (int r = 0; r < 5; r++) {
        tsig_result res;
        clock_t t0 = clock();
        run(sig, input, json->data, json->len, NULL, &res);
        double t = (double)(clock() - t0) / CLOCKS_PER_SEC;
        *ok = res.ok;
        tsig_result_free(&res);
        if (t < best) best = t;
    }
    return best;
}

static void cost_at(int line, const char *what, const text *crafted_sig, const text *crafted,
                    const text *ordinary_sig, const text *ordinary, int input, int want_ok,
                    double bound)
{
    tsig_error err;
    tsig_signature *cs = tsig_parse(crafted_sig->data, crafted_sig->len, &err);
    tsig_signature *os = tsig_parse(ordinary_sig->data, ordinary_sig->len, &err);
    if (!cs || !os) {
        tsig_test_fail(__FILE__, line, "%s: signature does not parse", what);
    } else {
        int cok = 0, ook = 0;
        double c = validate_time(cs, input, crafted, &cok);
        double o = validate_time(os, input, ordinary, &ook);
        if (cok != want_ok || ook != want_ok)
            tsig_test_fail(__FILE__, line, "%s: ok %d and %d, want %d", what, cok, ook, want_ok);
        if (o < 1e-3) o = 1e-3; /* below the clock's grain */
        if (getenv("TSIG_TEST_VERBOSE"))
            printf("  %s: crafted %.2f ms, ordinary %.2f ms\n", what, c * 1e3, o * 1e3);
        if (c > bound * o)
            tsig_test_fail(__FILE__, line, "%s: crafted %.2f ms, ordinary %.2f ms (%.1fx)", what,
                           c * 1e3, o * 1e3, c / o);
    }
    tsig_signature_free(cs);
    tsig_signature_free(os);
}
#define COST(what, cs, c, os, o, input, ok, bound) \
    cost_at(__LINE__, what, cs, c, os, o, input, ok, bound)

static void release(text *t)
{
    free(t->data);
    t->data = NULL;
    t->len = t->cap = 0;
}

/* [:enum[v0 ... v{n-1}]] (or its parameter form) */
static void enum_list(text *t, size_t n, int param)
{
    put(t, param ? "(a [:enum[" : "[:enum[");
    for (size_t i = 0; i < n; i++) put(t, i ? " v%zu" : "v%zu", i);
    put(t, param ? "]]) -> :any" : "]]");
}

/* a list of n copies of item, as the argument a when param */
static void repeated(text *t, size_t n, const char *item, int param)
{
    put(t, param ? "{\"a\":[" : "[");
    for (size_t i = 0; i < n; i++) put(t, i ? ",%s" : "%s", item);
    put(t, param ? "]}" : "]");
}

TEST(enum_values_are_found_in_time_data_cannot_steer)
{
    enum { VALUES = 50000, ITEMS = 50000 };
    text big = {0}, small = {0}, last = {0}, first = {0};
    /* the last value costs what the first costs */
    enum_list(&big, VALUES, 0);
    repeated(&last, ITEMS, "\"v49999\"", 0);
    repeated(&first, ITEMS, "\"v0\"", 0);
    COST("last value vs first", &big, &last, &big, &first, OUTPUT, 1, 3);
    release(&last);
    release(&first);
    release(&big);
    /* ignoring case (one value matches), and a number read from a string,
     * among 50,000 values: a few times what they cost among 2 (a search of
     * 16 steps against 1; a scan would cost thousands of times more) */
    enum_list(&big, VALUES, 1);
    enum_list(&small, 2, 1);
    repeated(&last, ITEMS, "\"V49999\"", 1);
    repeated(&first, ITEMS, "\"V1\"", 1);
    COST("folded among 50,000 vs among 2", &big, &last, &small, &first, INPUT, 1, 12);
    release(&big);
    release(&small);
    release(&last);
    release(&first);
    put(&big, "(a [:enum[");
    for (size_t i = 0; i < VALUES; i++) put(&big, i ? " %zu" : "%zu", i);
    put(&big, "]]) -> :any");
    put(&small, "(a [:enum[0 1]]) -> :any");
    repeated(&last, ITEMS, "\"49999.0\"", 1);
    repeated(&first, ITEMS, "\"1.00000\"", 1);
    COST("numeric string among 50,000 vs among 2", &big, &last, &small, &first, INPUT, 1, 12);
    release(&big);
    release(&small);
    release(&last);
    release(&first);
}

TEST(enum_lookups_keep_their_answers)
{
    /* one folded match is coerced, two are not (SPEC §11.4) */
    check("(e :enum[Ab aB c]) -> :any", INPUT, E, "{\"e\":\"AB\"}", 0,
          "e: expected one of Ab, aB, c, got string \"AB\"", "", NULL);
    check("(e :enum[Ab c aBc]) -> :any", INPUT, E, "{\"e\":\"AB\"}", 1, "",
          "e: coerced string \"AB\" to \"Ab\"", "{\"e\":\"Ab\"}");
    check("(e :enum[Ab c aBc]) -> :any", INPUT, E, "{\"e\":\"abc\"}", 1, "",
          "e: coerced string \"abc\" to \"aBc\"", "{\"e\":\"aBc\"}");
    check("(e :enum[b a 10 2.5 true]) -> :any", INPUT, E, "{\"e\":\"25e-1\"}", 1, "",
          "e: coerced string \"25e-1\" to float", "{\"e\":2.5}");
    check("(e :enum[b a 10 2.5 true]) -> :any", INPUT, E, "{\"e\":\"true\"}", 1, "",
          "e: coerced string \"true\" to bool", "{\"e\":true}");
    check(":enum[b a 10 2.5 true]", OUTPUT, E, "1e1", 1, "", "", NULL);
    check(":enum[b a 10 2.5 true]", OUTPUT, E, "\"A\"", 0,
          "expected one of b, a, 10, 2.5, true, got string \"A\"", "", NULL);
}

/* {t :enum[p0 ... p{n-1}]} for each prefix */
static void tagged_union(text *t, const char *prefixes, size_t n)
{
    for (const char *p = prefixes; *p; p++) {
        put(t, p == prefixes ? "{t :enum[" : "|{t :enum[");
        for (size_t i = 0; i < n; i++) put(t, i ? " %c%zu" : "%c%zu", *p, i);
        put(t, "]}");
    }
}

TEST(discriminators_are_found_once_with_the_union)
{
    /* two members of 40,000 values each, against two of one value: the
     * same object, validated 200 times */
    text big = {0}, small = {0}, json = {0};
    put(&big, "[");
    tagged_union(&big, "ab", 40000);
    put(&big, "]");
    put(&small, "[");
    tagged_union(&small, "ab", 1);
    put(&small, "]");
    repeated(&json, 200, "{\"t\":\"a0\"}", 0);
    COST("discriminator of 80,000 values vs 2", &big, &json, &small, &json, OUTPUT, 1, 3);
    release(&big);
    release(&small);
    release(&json);
    /* 20,000 members of one value each, against 2 */
    put(&big, "[");
    put(&small, "[{t :enum[v0]}|{t :enum[v1]}]");
    for (size_t i = 0; i < 20000; i++) put(&big, i ? "|{t :enum[v%zu]}" : "{t :enum[v%zu]}", i);
    put(&big, "]");
    text last = {0}, first = {0};
    repeated(&last, 2000, "{\"t\":\"v19999\"}", 0);
    repeated(&first, 2000, "{\"t\":\"v1\"}", 0);
    COST("discriminator of 20,000 members vs 2", &big, &last, &small, &first, OUTPUT, 1, 3);
    release(&big);
    release(&small);
    release(&last);
    release(&first);
}

TEST(every_union_keeps_its_discriminator_however_many_there_are)
{
    /* 40 discriminated unions of 300 values a member: objects of the
     * 40th cost what objects of the first cost */
    text sig = {0}, first = {0}, last = {0};
    put(&sig, "[{");
    for (int u = 0; u < 40; u++) {
        put(&sig, u ? ", u%d " : "u%d ", u);
        tagged_union(&sig, "ab", 300);
        put(&sig, "?");
    }
    put(&sig, "}]");
    repeated(&first, 5000, "{\"u0\":{\"t\":\"b299\"}}", 0);
    repeated(&last, 5000, "{\"u39\":{\"t\":\"b299\"}}", 0);
    COST("40th union vs 1st", &sig, &last, &sig, &first, OUTPUT, 1, 3);
    release(&sig);
    release(&first);
    release(&last);
}

TEST(union_members_of_other_kinds_cost_nothing)
{
    /* SPEC §11.3: only members of the value's JSON kind are tried; 20,000
     * string members before :int are not looked at for an int */
    text sig = {0}, ints = {0}, strings = {0};
    put(&sig, "[");
    for (size_t i = 0; i < 20000; i++) put(&sig, "%s:string[%zu..%zu]", i ? "|" : "", i, i);
    put(&sig, "|:int]");
    repeated(&ints, 20000, "7", 0);
    repeated(&strings, 20000, "\"\"", 0);
    COST("int after 20,000 string members vs a string", &sig, &ints, &sig, &strings, OUTPUT, 1, 3);
    release(&sig);
    release(&ints);
    release(&strings);
}

TEST(union_cost_is_linear_in_the_data)
{
    /* the first member that accepts is searched for each value (SPEC
     * §11.3): (members of its kind) x (its size) for a value, so twice the
     * values cost twice as much */
    text sig = {0}, once = {0}, twice = {0};
    put(&sig, "[");
    for (size_t i = 0; i < 1000; i++) put(&sig, "%s:int[%zu..%zu]", i ? "|" : "", i, i);
    put(&sig, "]");
    repeated(&once, 2000, "999", 0);
    repeated(&twice, 4000, "999", 0);
    COST("4,000 values vs 2,000", &sig, &twice, &sig, &once, OUTPUT, 1, 3);
    release(&sig);
    release(&once);
    release(&twice);
}

TEST(refinement_checks_the_base_then_the_bound)
{
    check(":int[>=1]", OUTPUT, E, "0", 0, "expected int >= 1, got int 0", "", NULL);
    check(":int[1..100]", OUTPUT, E, "150", 0, "expected int in 1..100, got int 150", "", NULL);
    check(":int[>=1]", OUTPUT, E, "\"x\"", 0, "expected int, got string \"x\"", "", NULL);
    check(":float[>0, <=1]", OUTPUT, E, "1.5", 0, "expected float > 0 and <= 1, got float 1.5", "", NULL);
    check(":string[..2]", OUTPUT, E, "\"\\u00e9\\u00e9\"", 1, "", "", NULL);
    check(":string[..2]", OUTPUT, E, "\"abc\"", 0,
          "expected string of length <= 2, got string of length 3", "", NULL);
    check("[:int[>0]][2..]", OUTPUT, E, "[0]", 0,
          "[0]: expected int > 0, got int 0\nexpected list of length >= 2, got list of length 1", "",
          NULL);
}

TEST(refinement_in_input_coerces_first_and_never_clamps)
{
    check("(n :int[1..10]) -> :any", INPUT, E, "{\"n\":\"50\"}", 0, "n: expected int in 1..10, got int 50",
          "n: coerced string \"50\" to int", NULL);
    check("(p :float[<=1]) -> :any", INPUT, E, "{\"p\":2}", 0, "p: expected float <= 1, got float 2.0", "",
          NULL);
    check("(n :int[<=5]) -> :any", INPUT, E, "{\"n\":4.0}", 1, "", "n: coerced float 4.0 to int",
          "{\"n\":4}");
}

TEST(union_takes_the_first_member_that_accepts)
{
    check(":string|:int", OUTPUT, E, "5", 1, "", "", NULL);
    check(":string|:int", OUTPUT, E, "true", 0, "expected string or int, got bool true", "", NULL);
    check(":string|:int|:bool", OUTPUT, E, "{}", 0, "expected string, int or bool, got map", "", NULL);
    check("{a :int}|{b :string, c :int}", OUTPUT, E, "{\"b\":1,\"c\":\"x\"}", 0,
          "a: missing required field, expected int", "", NULL);
    check("{a :int, z :int}|{a :int}", OUTPUT, TSIG_MODE_STRICT, "{\"a\":1,\"z\":2,\"y\":3}", 0,
          "y: unexpected field", "", NULL);
    check(":string|:int", OUTPUT, TSIG_MODE_WARN_ONLY, "true", 1, "",
          "expected string or int, got bool true", NULL);
}

TEST(discriminated_union_reads_the_member_its_field_names)
{
    const char *shape = "{kind :enum[circle], r :float}|{kind :enum[square rect], side :float}";
    check(shape, OUTPUT, E, "{\"kind\":\"rect\",\"side\":2}", 1, "", "", NULL);
    check(shape, OUTPUT, E, "{\"r\":1}", 0,
          "kind: missing required field, expected one of circle, square, rect", "", NULL);
    check(shape, OUTPUT, E, "{\"kind\":\"oval\"}", 0,
          "kind: expected one of circle, square, rect, got string \"oval\"", "", NULL);
    check(shape, OUTPUT, E, "{\"kind\":\"circle\",\"side\":1}", 0,
          "r: missing required field, expected float", "", NULL);
}

/* SPEC §11.3 rule 1, §11.7: the first field of the first member that is,
 * in every member, a required enum of strings with no string in two
 * members; matched after "-" -> "_"; a field with a default cannot
 * discriminate. */
TEST(discriminator_is_the_first_field_that_qualifies)
{
    check("{k :enum[a], t :enum[x]}|{k :enum[a], t :enum[y]}", OUTPUT, E, "{\"k\":\"a\"}", 0,
          "t: missing required field, expected one of x, y", "", NULL);
    check("{t :enum[x], k :enum[p]}|{k :enum[q], t :enum[x]}", OUTPUT, E, "{}", 0,
          "k: missing required field, expected one of p, q", "", NULL);
    check("{a-b :enum[x], n :int}|{a_b :enum[y], s :string}", OUTPUT, E, "{\"a-b\":\"y\",\"s\":1}", 0,
          "s: expected string, got int 1", "", NULL);
    /* not discriminated: the first of the members with the fewest errors */
    check("{t :enum[x], n :int}|{t :enum[y 1], s :string}", OUTPUT, E, "{\"t\":\"z\"}", 0,
          "t: expected one of x, got string \"z\"\nn: missing required field, expected int", "", NULL);
    check("{t :enum[x], n :int}|{t :enum[y] = \"y\", s :string}", OUTPUT, E, "{\"t\":\"z\"}", 0,
          "t: expected one of x, got string \"z\"\nn: missing required field, expected int", "", NULL);
    check("{t :enum[x]}|{t :enum[y]?}", OUTPUT, E, "{\"t\":null}", 1, "", "", NULL);
    check("(s {t :enum[Ab], n :int}|{t :enum[aB], m :int}) -> :any", INPUT, E,
          "{\"s\":{\"t\":\"ab\"}}", 0, "s.t: expected one of Ab, aB, got string \"ab\"", "", NULL);
    check("(s {t :enum[Ab], n :int}|{t :enum[c], m :int}) -> :any", INPUT, E,
          "{\"s\":{\"t\":\"ab\",\"n\":1}}", 1, "", "s.t: coerced string \"ab\" to \"Ab\"",
          "{\"s\":{\"t\":\"Ab\",\"n\":1}}");
}

TEST(union_in_input_prefers_no_coercion_then_coercion)
{
    check("(v :int|:string) -> :any", INPUT, E, "{\"v\":\"5\"}", 1, "", "", NULL);
    check("(v :int|:bool) -> :any", INPUT, E, "{\"v\":\"true\"}", 1, "", "v: coerced string \"true\" to bool",
          "{\"v\":true}");
    check("(v :float|:int) -> :any", INPUT, E, "{\"v\":5}", 1, "", "", "{\"v\":5.0}");
    check("(v [:int]|:string) -> :any", INPUT, E, "{\"v\":3}", 1, "", "v: wrapped int 3 in a list",
          "{\"v\":[3]}");
    check("(s {kind :enum[a], x :int}|{kind :enum[b], y :int}) -> :any", INPUT, E,
          "{\"s\":{\"kind\":\"B\",\"y\":\"2\"}}", 1, "",
          "s.kind: coerced string \"B\" to \"b\"\ns.y: coerced string \"2\" to int",
          "{\"s\":{\"kind\":\"b\",\"y\":2}}");
}

TEST(defaults_fill_absent_and_null_arguments_in_input_only)
{
    check("(q :string, limit :int = 10) -> :any", INPUT, E, "{\"q\":\"x\"}", 1, "", "",
          "{\"q\":\"x\",\"limit\":10}");
    check("(limit :int = 10, q :string) -> :any", INPUT, E, "{\"q\":\"x\",\"limit\":null}", 1, "", "",
          "{\"limit\":10,\"q\":\"x\"}");
    check("(n :int? = 5) -> :any", INPUT, E, "{\"n\":null}", 1, "", "", NULL);
    check("(cfg {a :int = 1} = {}) -> :any", INPUT, E, "{}", 1, "", "", "{\"cfg\":{\"a\":1}}");
    check("{limit :int = 10}", OUTPUT, E, "{}", 1, "", "", NULL);
    check("{limit :int = 10}", OUTPUT, E, "{\"limit\":null}", 0, "limit: expected int, got nil", "", NULL);
}

TEST(a_null_argument_stays_null_where_the_type_takes_null)
{
    /* SPEC §11.3: T? and :any keep a null; a type that does not take null
     * has it replaced by the default, in parameters and in fields. */
    check("(a :any = 5) -> :any", INPUT, E, "{\"a\":null}", 1, "", "", NULL);
    check("(a :int? = 5) -> :any", INPUT, E, "{\"a\":null}", 1, "", "", NULL);
    check("(a :string|:int? = 5) -> :any", INPUT, E, "{\"a\":null}", 1, "", "", NULL);
    check("(a :enum[x y]? = \"x\") -> :any", INPUT, E, "{\"a\":null}", 1, "", "", NULL);
    check("(m {a :any = 5, b :int = 1, c :map = {}}) -> :any", INPUT, E,
          "{\"m\":{\"a\":null,\"b\":null,\"c\":null}}", 1, "", "",
          "{\"m\":{\"a\":null,\"b\":1,\"c\":{}}}");
    check("(m [{a :any = 5, b :int = 1}]) -> :any", INPUT, E,
          "{\"m\":[{\"b\":null,\"a\":null}]}", 1, "", "", "{\"m\":[{\"a\":null,\"b\":1}]}");
}

TEST(typed_extra_entries_check_every_other_key)
{
    check("{id :int, * :string}", OUTPUT, E, "{\"b\":1,\"id\":\"x\",\"a\":2}", 0,
          "id: expected int, got string \"x\"\nb: expected string, got int 1\n"
          "a: expected string, got int 2",
          "", NULL);
    check("{* :int}", OUTPUT, TSIG_MODE_STRICT, "{\"a\":1}", 1, "", "", NULL);
    check("(m {user_id :int, * :int}) -> :any", INPUT, E, "{\"m\":{\"user-id\":\"1\",\"x-y\":\"2\"}}", 1, "",
          "m.user_id: coerced string \"1\" to int\nm.x-y: coerced string \"2\" to int",
          "{\"m\":{\"user_id\":1,\"x-y\":2}}");
}

TEST(nested_unions_and_wrapped_lists_are_tried_once_per_value)
{
    /* each level would otherwise read its subtree twice: 2^40 reads */
    static char sig[2048], data[2048];
    strcpy(sig, ":int");
    strcpy(data, "1");
    for (int i = 0; i < 40; i++) {
        char *end = sig + strlen(sig);
        memmove(sig + 3, sig, (size_t)(end - sig) + 1);
        memcpy(sig, "{a ", 3);
        strcat(sig, ", c :int}|{b :int}");
        end = data + strlen(data);
        memmove(data + 5, data, (size_t)(end - data) + 1);
        memcpy(data, "{\"a\":", 5);
        strcat(data, ",\"c\":1}");
    }
    check(sig, OUTPUT, E, data, 1, "", "", NULL);
    char lists[128] = ":int", tmp[160];
    for (int i = 0; i < 40; i++) {
        size_t n = strlen(lists);
        memmove(lists + 1, lists, n + 1);
        lists[0] = '[';
        strcat(lists, "]");
    }
    snprintf(tmp, sizeof tmp, "(x %s) -> :any", lists);
    tsig_signature *s = sig_of(tmp);
    tsig_result r;
    tsig_validate_input_json(s, "{\"x\":1}", 7, NULL, &r);
    if (!r.ok || r.warning_count != 40) tsig_test_fail(__FILE__, __LINE__, "40 wraps");
    tsig_result_free(&r);
    tsig_signature_free(s);
}

/* ---- codes and spans ------------------------------------------------------
 * spans() lists every error, then every warning, as "code@offset:text",
 * text being the bytes [offset, offset + length) of the JSON text.
 */

static void span_lines(char *buf, size_t cap, const char *json, const tsig_issue *items,
                       size_t count)
{
    for (size_t i = 0; i < count; i++) {
        size_t used = strlen(buf);
        snprintf(buf + used, cap - used, "%s%s@%zu:%.*s", used ? "\n" : "",
                 tsig_issue_code_name(items[i].code), items[i].offset,
                 (int)items[i].length, json + items[i].offset);
    }
}

static void spans_at(int line, const char *sig_text, int input, tsig_mode mode,
                     size_t max_errors, const char *json, const char *want)
{
    tsig_signature *sig = sig_of(sig_text);
    if (!sig) {
        tsig_test_fail(__FILE__, line, "signature does not parse");
        return;
    }
    tsig_validate_options o = {mode, max_errors, 0, 0};
    tsig_result r;
    run(sig, input, json, strlen(json), &o, &r);
    char buf[1024] = "";
    span_lines(buf, sizeof buf, json, r.errors, r.error_count);
    span_lines(buf, sizeof buf, json, r.warnings, r.warning_count);
    tsig_test_check_str(__FILE__, line, "spans", buf, want);
    tsig_result_free(&r);
    tsig_signature_free(sig);
}

#define spans(...) spans_at(__LINE__, __VA_ARGS__)

TEST(type_errors_span_the_value_that_is_not_of_the_type)
{
    spans("{a :int, b [:int]}", OUTPUT, TSIG_MODE_ENABLED, 0, "{\"a\": \"abc\", \"b\": {\"x\": [1]}}",
          "type@6:\"abc\"\ntype@18:{\"x\": [1]}");
    spans(":int", OUTPUT, TSIG_MODE_ENABLED, 0, " true ", "type@1:true");
    spans("[:bool]", OUTPUT, TSIG_MODE_WARN_ONLY, 0, "[null, 1.5]", "type@1:null\ntype@7:1.5");
}

TEST(missing_fields_span_the_object_that_lacks_them)
{
    spans("{rows [{id :int, name :string}]}", OUTPUT, TSIG_MODE_ENABLED, 0,
          "{\"rows\": [{\"id\": 1}, { }]}",
          "missing@10:{\"id\": 1}\nmissing@21:{ }\nmissing@21:{ }");
}

TEST(unexpected_fields_span_their_value)
{
    spans("{a :int}", OUTPUT, TSIG_MODE_STRICT, 0, "{\"a\": 1, \"b\": [2, {}]}", "unexpected@14:[2, {}]");
}

TEST(repeated_and_competing_keys_span_the_second_key)
{
    spans("{a :int}", OUTPUT, TSIG_MODE_ENABLED, 0, "{\"a\": 1, \"a\": 2}", "duplicate_key@9:\"a\"");
    spans(":any", OUTPUT, TSIG_MODE_ENABLED, 0, "{\"k\": {\"x\": 1, \"\\u0078\": 2}}",
          "duplicate_key@15:\"\\u0078\"");
    spans("{order_count :int}", OUTPUT, TSIG_MODE_ENABLED, 0,
          "{\"order_count\": 1, \"order-count\": 2}", "ambiguous@19:\"order-count\"");
}

TEST(coercions_span_the_value_as_written)
{
    spans("(n :int, f :float, b :bool, c :int) -> :any", INPUT, TSIG_MODE_ENABLED, 0,
          "{\"n\": \"42\", \"f\": 2, \"b\": \"true\", \"c\": 3.0}",
          "coerced@6:\"42\"\ncoerced@25:\"true\"\ncoerced@38:3.0");
    spans("(e :enum[red green]) -> :any", INPUT, TSIG_MODE_ENABLED, 0, "{\"e\": \"RED\"}",
          "coerced@6:\"RED\"");
    spans("(xs [:int]) -> :any", INPUT, TSIG_MODE_ENABLED, 0, "{\"xs\": 7}", "wrapped@7:7");
}

TEST(values_read_from_a_string_of_json_span_the_string)
{
    spans("(xs [:int]) -> :any", INPUT, TSIG_MODE_ENABLED, 0, "{\"xs\": \"[1, \\\"x\\\"]\"}",
          "type@7:\"[1, \\\"x\\\"]\"\ncoerced@7:\"[1, \\\"x\\\"]\"");
}

TEST(enum_union_and_refinement_errors_have_their_own_codes)
{
    spans("{e :enum[a b], u :string|:int, n :int[1..9], s :string[..2], l [:int][1..]}",
          OUTPUT, TSIG_MODE_WARN_ONLY, 0,
          "{\"e\": \"c\", \"u\": true, \"n\": 10, \"s\": \"abc\", \"l\": []}",
          "enum@6:\"c\"\nunion@16:true\nrange@27:10\nlength@36:\"abc\"\nlength@48:[]");
}

TEST(messages_of_maps_read_again_in_declaration_order_keep_their_spans)
{
    /* b's error comes after a's missing field and c's error in data order */
    spans("{a :int, b :int, c :int}", OUTPUT, TSIG_MODE_ENABLED, 0, "{\"c\": \"x\", \"b\": \"y\"}",
          "missing@0:{\"c\": \"x\", \"b\": \"y\"}\ntype@16:\"y\"\ntype@6:\"x\"");
    spans(":string|{k :int}", OUTPUT, TSIG_MODE_ENABLED, 0, "{\"k\": false}", "type@6:false");
}

TEST(json_text_errors_are_at_their_position_and_too_many_at_the_whole_text)
{
    spans(":any", OUTPUT, TSIG_MODE_ENABLED, 0, "[1, }", "json_syntax@4:");
    tsig_signature *sig = sig_of(":any");
    tsig_validate_options o = {TSIG_MODE_ENABLED, 0, 2, 0};
    tsig_result r;
    CHECK_INT(tsig_validate_json(sig, "[[[1]]]", 7, &o, &r), TSIG_ERR_TOO_DEEP);
    CHECK_INT(r.error_count, 1);
    CHECK_STR(tsig_issue_code_name(r.errors[0].code), "too_deep");
    CHECK_INT(r.errors[0].offset, 2);
    CHECK_INT(r.errors[0].length, 0);
    tsig_result_free(&r);
    tsig_signature_free(sig);
    spans("[:int]", OUTPUT, TSIG_MODE_ENABLED, 2, "[\"a\", \"b\", \"c\"]",
          "type@1:\"a\"\ntype@6:\"b\"\ntoo_many@0:[\"a\", \"b\", \"c\"]");
}

int main(void)
{
    RUN(number_is_int_iff_no_dot_or_exponent);
    RUN(float_accepts_ints_and_floats);
    RUN(any_accepts_everything_null_included);
    RUN(keyword_is_a_string_of_keyword_characters);
    RUN(datetime_is_rfc3339_with_offset);
    RUN(map_accepts_any_object_typed_map_checks_fields);
    RUN(optional_accepts_null_and_absent);
    RUN(wrong_type_names_expected_and_got);
    RUN(echoed_values_are_escaped_and_cut_after_40_code_points);
    RUN(missing_required_field_names_its_type);
    RUN(strict_reports_unexpected_fields_after_declared_ones_in_data_order);
    RUN(two_keys_for_one_field_are_ambiguous);
    RUN(errors_are_depth_first_in_declaration_order);
    RUN(max_errors_keeps_the_first_n_and_counts_the_rest);
    RUN(paths_join_keys_with_dots_and_quote_non_identifiers);
    RUN(issue_segments_hold_unescaped_keys_and_indexes);
    RUN(root_errors_have_the_empty_path);
    RUN(input_parameters_are_fields_of_the_arguments_object);
    RUN(input_must_be_an_object);
    RUN(keys_match_fields_after_hyphen_to_underscore);
    RUN(keys_are_compared_after_json_unescaping);
    RUN(input_value_uses_the_signature_spelling);
    RUN(value_puts_declared_fields_first_in_signature_order_then_extras_in_data_order);
    RUN(value_is_given_only_when_ok);
    RUN(value_flags_always_and_never);
    RUN(enabled_mode_fails_on_errors_and_keeps_extra_fields);
    RUN(warn_only_reports_errors_as_warnings_in_one_list);
    RUN(disabled_mode_passes_the_value_through);
    RUN(strict_mode_fails_on_fields_not_in_the_signature);
    RUN(bad_arguments_are_refused);
    RUN(json_text_errors_name_position_expected_and_found);
    RUN(json_errors_fail_in_every_mode_with_one_error_and_no_value);
    RUN(invalid_utf8_is_a_json_error);
    RUN(leading_byte_order_mark_is_ignored);
    RUN(escaped_lone_surrogates_are_accepted);
    RUN(whitespace_around_and_between_tokens_is_allowed);
    RUN(duplicate_keys_are_an_error_in_every_mode);
    RUN(fields_past_the_sixty_fourth_are_told_named_missing_and_repeated);
    RUN(nesting_is_bounded_by_max_depth);
    RUN(max_depth_is_clamped_to_the_limit);
    RUN(arguments_object_is_the_first_level);
    RUN(nesting_100000_deep_is_an_error_not_a_crash);
    RUN(integers_keep_every_digit);
    RUN(nul_bytes_escaped_are_data_raw_are_errors);
    RUN(long_strings_are_accepted);
    RUN(truncated_text_is_always_an_error_and_the_next_call_works);
    RUN(enum_values_compare_by_value);
    RUN(enum_values_and_bounds_compare_exactly_at_any_exponent);
    RUN(enum_values_are_found_in_time_data_cannot_steer);
    RUN(enum_lookups_keep_their_answers);
    RUN(discriminators_are_found_once_with_the_union);
    RUN(every_union_keeps_its_discriminator_however_many_there_are);
    RUN(union_members_of_other_kinds_cost_nothing);
    RUN(union_cost_is_linear_in_the_data);
    RUN(refinement_checks_the_base_then_the_bound);
    RUN(refinement_in_input_coerces_first_and_never_clamps);
    RUN(union_takes_the_first_member_that_accepts);
    RUN(discriminated_union_reads_the_member_its_field_names);
    RUN(discriminator_is_the_first_field_that_qualifies);
    RUN(union_in_input_prefers_no_coercion_then_coercion);
    RUN(defaults_fill_absent_and_null_arguments_in_input_only);
    RUN(a_null_argument_stays_null_where_the_type_takes_null);
    RUN(typed_extra_entries_check_every_other_key);
    RUN(nested_unions_and_wrapped_lists_are_tried_once_per_value);
    RUN(type_errors_span_the_value_that_is_not_of_the_type);
    RUN(missing_fields_span_the_object_that_lacks_them);
    RUN(unexpected_fields_span_their_value);
    RUN(repeated_and_competing_keys_span_the_second_key);
    RUN(coercions_span_the_value_as_written);
    RUN(values_read_from_a_string_of_json_span_the_string);
    RUN(enum_union_and_refinement_errors_have_their_own_codes);
    RUN(messages_of_maps_read_again_in_declaration_order_keep_their_spans);
    RUN(json_text_errors_are_at_their_position_and_too_many_at_the_whole_text);
    return tsig_test_summary();
}
