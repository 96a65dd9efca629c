/*
 * test_coerce.c: the lenient coercions of validate_input, one test per rule
 * of SPEC §5, checked through tsig_validate_input_json: the coerced value
 * (compact JSON text, exactly), the warning, or the error when a value is
 * not coerced.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "internal.h"

/*
 * Validates {"x": <arg>} against (x <type>) and checks the outcome: when
 * want_value is not NULL, ok with value_json {"x":<want_value>} and the
 * given warning ("" for none); otherwise not ok with that error message.
 */
static void coerce_at(int line, const char *type, const char *arg,
                      const char *want_value, const char *want_message)
{
    char sig_text[128], json[1024];
    snprintf(sig_text, sizeof sig_text, "(x %s) -> :any", type);
    snprintf(json, sizeof json, "{\"x\":%s}", arg);
    tsig_error err;
    tsig_signature *sig = tsig_parse(sig_text, strlen(sig_text), &err);
    if (!sig) {
        tsig_test_fail(__FILE__, line, "signature %s: %s", sig_text, err.message);
        return;
    }
    tsig_validate_options o = {TSIG_MODE_ENABLED, 0, 0, TSIG_VALUE_ALWAYS};
    tsig_result r;
    tsig_validate_input_json(sig, json, strlen(json), &o, &r);
    if (want_value) {
        char want[1024];
        snprintf(want, sizeof want, "{\"x\":%s}", want_value);
        if (!r.ok) tsig_test_fail(__FILE__, line, "not ok: %s", r.error_count ? r.errors[0].message : "?");
        tsig_test_check_str(__FILE__, line, "value_json", r.value_json, want);
        tsig_test_check_str(__FILE__, line, "warning",
                            r.warning_count ? r.warnings[0].message : "", want_message);
        if (r.warning_count > 1) tsig_test_fail(__FILE__, line, "more than one warning");
        if (r.warning_count && strcmp(r.warnings[0].path, "x") != 0)
            tsig_test_fail(__FILE__, line, "warning path %s", r.warnings[0].path);
    } else {
        if (r.ok) tsig_test_fail(__FILE__, line, "coerced to %s", r.value_json ? r.value_json : "?");
        tsig_test_check_str(__FILE__, line, "error",
                            r.error_count ? r.errors[0].message : "", want_message);
        if (r.warning_count) tsig_test_fail(__FILE__, line, "a warning: %s", r.warnings[0].message);
    }
    tsig_result_free(&r);
    tsig_signature_free(sig);
}

#define coerced(type, arg, value, warning) coerce_at(__LINE__, type, arg, value, warning)
#define refused(type, arg, error) coerce_at(__LINE__, type, arg, NULL, error)

TEST(integer_string_to_int)
{
    coerced(":int", "\"42\"", "42", "coerced string \"42\" to int");
    coerced(":int", "\"-7\"", "-7", "coerced string \"-7\" to int");
    coerced(":int", "\"007\"", "7", "coerced string \"007\" to int");
    coerced(":int", "\"-0\"", "0", "coerced string \"-0\" to int");
    coerced(":int", "\"000\"", "0", "coerced string \"000\" to int");
    coerced(":int", "\"12345678901234567890123\"", "12345678901234567890123",
            "coerced string \"12345678901234567890123\" to int");
    coerced(":int", "\"\\u0034\\u0032\"", "42", "coerced string \"42\" to int");
    refused(":int", "\"+42\"", "expected int, got string \"+42\"");
    refused(":int", "\"1.0\"", "expected int, got string \"1.0\"");
    refused(":int", "\"1e3\"", "expected int, got string \"1e3\"");
    refused(":int", "\"0x1A\"", "expected int, got string \"0x1A\"");
    refused(":int", "\"- 1\"", "expected int, got string \"- 1\"");
    refused(":int", "\"-\"", "expected int, got string \"-\"");
    refused(":int", "\"\"", "expected int, got string \"\"");
    refused(":int", "\"   \"", "expected int, got string \"   \"");
    refused(":int", "\"\xD9\xA3\"", "expected int, got string \"\xD9\xA3\"");
}

TEST(json_number_string_to_float)
{
    coerced(":float", "\"3.14\"", "3.14", "coerced string \"3.14\" to float");
    coerced(":float", "\"42\"", "42.0", "coerced string \"42\" to float");
    coerced(":float", "\"0\"", "0.0", "coerced string \"0\" to float");
    coerced(":float", "\"-0\"", "-0.0", "coerced string \"-0\" to float");
    coerced(":float", "\"-2.5e-3\"", "-0.0025", "coerced string \"-2.5e-3\" to float");
    coerced(":float", "\"1E2\"", "100.0", "coerced string \"1E2\" to float");
    coerced(":float", "\"1e21\"", "1e+21", "coerced string \"1e21\" to float");
    coerced(":float", "\"1e-7\"", "1e-7", "coerced string \"1e-7\" to float");
    coerced(":float", "\"0.000001\"", "0.000001", "coerced string \"0.000001\" to float");
    coerced(":float", "\"0.1\"", "0.1", "coerced string \"0.1\" to float");
    coerced(":float", "\"123456789012345678901\"", "123456789012345680000.0",
            "coerced string \"123456789012345678901\" to float");
    coerced(":float", "\"1.7976931348623157e308\"", "1.7976931348623157e+308",
            "coerced string \"1.7976931348623157e308\" to float");
    refused(":float", "\"007\"", "expected float, got string \"007\"");
    refused(":float", "\".5\"", "expected float, got string \".5\"");
    refused(":float", "\"1.\"", "expected float, got string \"1.\"");
    refused(":float", "\"+1.5\"", "expected float, got string \"+1.5\"");
    refused(":float", "\"0x10\"", "expected float, got string \"0x10\"");
}

TEST(number_string_that_is_not_a_finite_double_is_not_coerced)
{
    refused(":float", "\"1e400\"", "expected float, got string \"1e400\"");
    refused(":float", "\"-1e309\"", "expected float, got string \"-1e309\"");
    refused(":float", "\"1.8e308\"", "expected float, got string \"1.8e308\"");
}

TEST(true_and_false_strings_to_bool_exactly)
{
    coerced(":bool", "\"true\"", "true", "coerced string \"true\" to bool");
    coerced(":bool", "\"false\"", "false", "coerced string \"false\" to bool");
    refused(":bool", "\"TRUE\"", "expected bool, got string \"TRUE\"");
    refused(":bool", "\"True\"", "expected bool, got string \"True\"");
    refused(":bool", "\" true\"", "expected bool, got string \" true\"");
    refused(":bool", "\"1\"", "expected bool, got string \"1\"");
    refused(":bool", "\"yes\"", "expected bool, got string \"yes\"");
    refused(":bool", "1", "expected bool, got int 1");
}

TEST(int_to_float_is_silent_and_keeps_every_digit)
{
    coerced(":float", "42", "42.0", "");
    coerced(":float", "-3", "-3.0", "");
    coerced(":float", "123456789012345678901234567890", "123456789012345678901234567890.0", "");
    /* a float stays as written */
    coerced(":float", "2.50", "2.50", "");
    coerced(":float", "1E3", "1E3", "");
}

TEST(float_with_zero_fraction_to_int_on_the_exact_decimal_value)
{
    coerced(":int", "42.0", "42", "coerced float 42.0 to int");
    coerced(":int", "-3.0", "-3", "coerced float -3.0 to int");
    coerced(":int", "0.0", "0", "coerced float 0.0 to int");
    coerced(":int", "-0.0", "0", "coerced float -0.0 to int");
    coerced(":int", "1e3", "1000", "coerced float 1e3 to int");
    coerced(":int", "4.20e1", "42", "coerced float 4.20e1 to int");
    coerced(":int", "1.50E1", "15", "coerced float 1.50E1 to int");
    coerced(":int", "1200e-2", "12", "coerced float 1200e-2 to int");
    refused(":int", "1250e-2", "expected int, got float 1250e-2");
    coerced(":int", "0.00e5", "0", "coerced float 0.00e5 to int");
    coerced(":int", "12345678901234567890.000", "12345678901234567890",
            "coerced float 12345678901234567890.000 to int");
    refused(":int", "1.5", "expected int, got float 1.5");
    refused(":int", "0.1", "expected int, got float 0.1");
    refused(":int", "1e-3", "expected int, got float 1e-3");
    refused(":int", "1.0000000000000000000001", "expected int, got float 1.0000000000000000000001");
    refused(":int", "4.21e1", "expected int, got float 4.21e1");
}

TEST(float_to_int_only_up_to_21_digits)
{
    /* |v| < 10^21, where JavaScript too stops writing integers in full:
     * the output stays in proportion to the input */
    coerced(":int", "1e20", "100000000000000000000", "coerced float 1e20 to int");
    coerced(":int", "999999999999999999999.0", "999999999999999999999",
            "coerced float 999999999999999999999.0 to int");
    coerced(":int", "-9.99999999999999999999e20", "-999999999999999999999",
            "coerced float -9.99999999999999999999e20 to int");
    refused(":int", "1e21", "expected int, got float 1e21");
    refused(":int", "1.5e21", "expected int, got float 1.5e21");
    refused(":int", "1000000000000000000000.0", "expected int, got float 1000000000000000000000.0");
    refused(":int", "1e308", "expected int, got float 1e308");
    refused(":int", "1e309", "expected int, got float 1e309");
    refused(":int", "1e400", "expected int, got float 1e400");
    refused(":int", "-1e99999999999999999999", "expected int, got float -1e99999999999999999999");
}

TEST(partial_numbers_nan_and_infinity_are_not_coerced)
{
    refused(":int", "\"12abc\"", "expected int, got string \"12abc\"");
    refused(":float", "\"12abc\"", "expected float, got string \"12abc\"");
    refused(":float", "\"1,5\"", "expected float, got string \"1,5\"");
    refused(":float", "\"NaN\"", "expected float, got string \"NaN\"");
    refused(":float", "\"Infinity\"", "expected float, got string \"Infinity\"");
    refused(":float", "\"-Infinity\"", "expected float, got string \"-Infinity\"");
    refused(":int", "\"Infinity\"", "expected int, got string \"Infinity\"");
    refused(":float", "\"1.5.5\"", "expected float, got string \"1.5.5\"");
}

TEST(null_numbers_and_bools_are_not_coerced_to_string)
{
    refused(":string", "null", "expected string, got nil");
    refused(":string", "42", "expected string, got int 42");
    refused(":string", "1.5", "expected string, got float 1.5");
    refused(":string", "true", "expected string, got bool true");
    refused(":int", "null", "expected int, got nil");
    refused(":map", "\"null\"", "expected map, got string \"null\"");
    refused("[:int]", "\"null\"", "expected list, got string \"null\"");
}

TEST(ascii_whitespace_around_numeric_strings_is_ignored)
{
    coerced(":int", "\" 42 \"", "42", "coerced string \" 42 \" to int");
    coerced(":int", "\"\\t7\\n\"", "7", "coerced string \"\\t7\\n\" to int");
    coerced(":int", "\"\\r\\f\\u000b-5\"", "-5", "coerced string \"\\r\\f\\u000b-5\" to int");
    coerced(":float", "\" 1.5\\n\"", "1.5", "coerced string \" 1.5\\n\" to float");
    refused(":int", "\"4 2\"", "expected int, got string \"4 2\"");
    refused(":int", "\"\\u00a042\"", "expected int, got string \"\xC2\xA0" "42\"");
}

/* Validates {"x": arg} against (x type): the value and every warning as
 * "path: message" lines. */
static void recurse_at(int line, const char *type, const char *arg,
                       const char *want_value, const char *want_warnings)
{
    char sig_text[128], json[256], lines[1024] = "";
    snprintf(sig_text, sizeof sig_text, "(x %s) -> :any", type);
    snprintf(json, sizeof json, "{\"x\":%s}", arg);
    tsig_error err;
    tsig_signature *sig = tsig_parse(sig_text, strlen(sig_text), &err);
    tsig_result r;
    tsig_validate_input_json(sig, json, strlen(json), NULL, &r);
    for (size_t i = 0; i < r.warning_count; i++)
        snprintf(lines + strlen(lines), sizeof lines - strlen(lines), "%s%s: %s", i ? "\n" : "",
                 r.warnings[i].path, r.warnings[i].message);
    tsig_test_check_str(__FILE__, line, "value_json", r.value_json, want_value);
    tsig_test_check_str(__FILE__, line, "warnings", lines, want_warnings);
    tsig_result_free(&r);
    tsig_signature_free(sig);
}

TEST(coercion_recurses_through_lists_maps_and_optionals)
{
    recurse_at(__LINE__, "[[:int?]]", "[[\"1\",null],[2.0]]", "{\"x\":[[1,null],[2]]}",
               "x[0][0]: coerced string \"1\" to int\nx[1][0]: coerced float 2.0 to int");
    recurse_at(__LINE__, "{a {b :bool}}", "{\"a\":{\"b\":\"true\"}}", "{\"x\":{\"a\":{\"b\":true}}}",
               "x.a.b: coerced string \"true\" to bool");
    recurse_at(__LINE__, ":float?", "\"2\"", "{\"x\":2.0}", "x: coerced string \"2\" to float");
    recurse_at(__LINE__, "{n :int, m {k :float}}?", "{\"m\":{\"k\":1},\"n\":\"3\"}",
               "{\"x\":{\"n\":3,\"m\":{\"k\":1.0}}}", "x.n: coerced string \"3\" to int");
}

TEST(no_coercion_inside_map_or_any)
{
    coerced(":map", "{\"n\":\"42\"}", "{\"n\":\"42\"}", "");
    coerced(":any", "\"42\"", "\"42\"", "");
    coerced("[:any]", "[\"1\",1.0]", "[\"1\",1.0]", "");
}

TEST(warnings_come_depth_first_with_paths)
{
    const char *sig_text = "(m [[:bool]], n :int) -> :any";
    const char *json = "{\"n\":\"1\",\"m\":[[\"true\"],[false,\"false\"]]}";
    tsig_error err;
    tsig_signature *sig = tsig_parse(sig_text, strlen(sig_text), &err);
    tsig_result r;
    tsig_validate_input_json(sig, json, strlen(json), NULL, &r);
    CHECK(r.ok);
    CHECK_INT(r.warning_count, 3);
    if (r.warning_count == 3) {
        CHECK_STR(r.warnings[0].path, "m[0][0]");
        CHECK_STR(r.warnings[1].path, "m[1][1]");
        CHECK_STR(r.warnings[1].message, "coerced string \"false\" to bool");
        CHECK_STR(r.warnings[2].path, "n");
    }
    CHECK_STR(r.value_json, "{\"m\":[[true],[false,false]],\"n\":1}");
    tsig_result_free(&r);
    tsig_signature_free(sig);
}

TEST(output_validation_never_coerces)
{
    const char *cases[][2] = {{":int", "\"42\""}, {":float", "\"1.5\""}, {":bool", "\"true\""},
                              {":int", "42.0"}};
    for (size_t i = 0; i < 4; i++) {
        tsig_error err;
        tsig_signature *sig = tsig_parse(cases[i][0], strlen(cases[i][0]), &err);
        tsig_result r;
        tsig_validate_json(sig, cases[i][1], strlen(cases[i][1]), NULL, &r);
        CHECK(!r.ok && r.warning_count == 0);
        tsig_result_free(&r);
        tsig_signature_free(sig);
    }
    /* an int for :float is accepted as it is */
    tsig_error err;
    tsig_signature *sig = tsig_parse(":float", 6, &err);
    tsig_result r;
    tsig_validate_json(sig, "42", 2, NULL, &r);
    CHECK(r.ok && !r.changed && r.value_json == NULL);
    tsig_result_free(&r);
    tsig_signature_free(sig);
}

TEST(warn_only_still_coerces)
{
    tsig_error err;
    const char *sig_text = "(a :int, b :int) -> :any";
    const char *json = "{\"a\":\"1\",\"b\":\"x\"}";
    tsig_signature *sig = tsig_parse(sig_text, strlen(sig_text), &err);
    tsig_validate_options o = {TSIG_MODE_WARN_ONLY, 0, 0, 0};
    tsig_result r;
    tsig_validate_input_json(sig, json, strlen(json), &o, &r);
    CHECK(r.ok);
    CHECK_STR(r.value_json, "{\"a\":1,\"b\":\"x\"}");
    CHECK_INT(r.warning_count, 2);
    tsig_result_free(&r);
    tsig_signature_free(sig);
}

TEST(ten_thousand_digit_integer_string_keeps_its_digits)
{
    size_t n = 10000;
    char *json = malloc(n + 16);
    strcpy(json, "{\"n\":\"");
    memset(json + 6, '9', n);
    strcpy(json + 6 + n, "\"}");
    tsig_error err;
    tsig_signature *sig = tsig_parse("(n :int) -> :any", 16, &err);
    tsig_result r;
    tsig_validate_input_json(sig, json, strlen(json), NULL, &r);
    CHECK(r.ok && r.value_json && r.value_len == n + 6);
    if (r.value_json) CHECK(memcmp(r.value_json + 5, json + 6, n) == 0);
    CHECK_INT(r.warning_count, 1);
    tsig_result_free(&r);
    tsig_signature_free(sig);
    free(json);
}

/* ---- hosts whose numbers are doubles (TSIG_NUMBERS_ARE_DOUBLES) ------ */

/* The warnings of r as "path: message" lines in buf (cut to size). */
static const char *warning_lines(const tsig_result *r, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < r->warning_count && used < size; i++)
        used += (size_t)snprintf(buf + used, size - used, "%s%s: %s", i ? "\n" : "",
                                 r->warnings[i].path, r->warnings[i].message);
    return buf;
}

/*
 * Validates json against the parameters of sig_text with the given flags
 * and checks the outcome: ok, whether it is changed, value_json (NULL for
 * none) and the warnings as "path: message" lines ("" for none).
 */
static void doubles_at(int line, const char *sig_text, const char *json, unsigned flags,
                       int want_changed, const char *want_value, const char *want_warnings)
{
    tsig_error err;
    tsig_signature *sig = tsig_parse(sig_text, strlen(sig_text), &err);
    if (!sig) {
        tsig_test_fail(__FILE__, line, "signature %s: %s", sig_text, err.message);
        return;
    }
    tsig_validate_options o = {TSIG_MODE_ENABLED, 0, 0, flags};
    tsig_result r;
    tsig_code code = tsig_validate_input_json(sig, json, strlen(json), &o, &r);
    if (code != TSIG_OK || !r.ok)
        tsig_test_fail(__FILE__, line, "not ok: %s", r.error_count ? r.errors[0].message : "?");
    if (r.changed != want_changed)
        tsig_test_fail(__FILE__, line, "changed: got %d, want %d", r.changed, want_changed);
    tsig_test_check_str(__FILE__, line, "value_json", r.value_json, want_value);
    char warnings[1024];
    tsig_test_check_str(__FILE__, line, "warnings",
                        warning_lines(&r, warnings, sizeof warnings), want_warnings);
    tsig_result_free(&r);
    tsig_signature_free(sig);
}

#define DOUBLES TSIG_NUMBERS_ARE_DOUBLES
#define doubles(...) doubles_at(__LINE__, __VA_ARGS__)

TEST(int_for_float_is_no_change_when_numbers_are_doubles)
{
    const char *x = "(x :float) -> :any";
    /* without the flag: 1 becomes 1.0, and the value is rewritten */
    doubles(x, "{\"x\":1}", 0, 1, "{\"x\":1.0}", "");
    /* with it: nothing to rewrite, nothing to report */
    doubles(x, "{\"x\":1}", DOUBLES, 0, NULL, "");
    doubles(x, "{\"x\":-0}", DOUBLES, 0, NULL, "");
    doubles(x, "{\"x\":123456789012345678901234567890}", DOUBLES, 0, NULL, "");
    doubles("(x :float?) -> :any", "{\"x\":7}", DOUBLES, 0, NULL, "");
    doubles("(xs [{s :float}], m {k :float}) -> :any",
            "{\"xs\":[{\"s\":1},{\"s\":2.5},{\"s\":3}],\"m\":{\"k\":4}}", DOUBLES, 0, NULL, "");
    /* a value written anyway keeps the int as it was */
    doubles(x, " {\"x\" : 1} ", DOUBLES | TSIG_VALUE_ALWAYS, 0, "{\"x\":1}", "");
    doubles(x, " {\"x\" : 1} ", TSIG_VALUE_ALWAYS, 1, "{\"x\":1.0}", "");
    /* return values are never coerced: the flag changes nothing there */
    tsig_error err;
    tsig_signature *sig = tsig_parse("{x :float}", 10, &err);
    tsig_validate_options o = {TSIG_MODE_ENABLED, 0, 0, DOUBLES};
    tsig_result r;
    tsig_validate_json(sig, "{\"x\":1}", 7, &o, &r);
    CHECK(r.ok && !r.changed && r.value_json == NULL && r.warning_count == 0);
    tsig_result_free(&r);
    tsig_signature_free(sig);
}

TEST(other_coercions_still_rewrite_when_numbers_are_doubles)
{
    doubles("(x :float) -> :any", "{\"x\":\"3\"}", DOUBLES, 1, "{\"x\":3.0}",
            "x: coerced string \"3\" to float");
    doubles("(x :int) -> :any", "{\"x\":42.0}", DOUBLES, 1, "{\"x\":42}",
            "x: coerced float 42.0 to int");
    doubles("(x :bool) -> :any", "{\"x\":\"true\"}", DOUBLES, 1, "{\"x\":true}",
            "x: coerced string \"true\" to bool");
    /* mixed with an int for :float: that one stays as written */
    doubles("(a :float, b :int) -> :any", "{\"a\":1,\"b\":\"2\"}", DOUBLES, 1,
            "{\"a\":1,\"b\":2}", "b: coerced string \"2\" to int");
    doubles("(a :float, b :int) -> :any", "{\"a\":1,\"b\":\"2\"}", 0, 1,
            "{\"a\":1.0,\"b\":2}", "b: coerced string \"2\" to int");
    /* key spelling and field order */
    doubles("(a_b :float) -> :any", "{\"a-b\":1}", DOUBLES, 1, "{\"a_b\":1}", "");
    doubles("(a :float, b :float) -> :any", "{\"b\":1,\"a\":2}", DOUBLES, 1,
            "{\"a\":2,\"b\":1}", "");
}


/* ---- §11.4 ------------------------------------------------------------- */

TEST(enum_string_matches_ignoring_ascii_case_when_one_value_does)
{
    coerced(":enum[pending active]", "\"Active\"", "\"active\"", "coerced string \"Active\" to \"active\"");
    refused(":enum[Active active]", "\"ACTIVE\"", "expected one of Active, active, got string \"ACTIVE\"");
    refused(":enum[\"CAF\xC3\x89\"]", "\"caf\xC3\xA9\"",
            "expected one of \"CAF\xC3\x89\", got string \"caf\xC3\xA9\"");
}

TEST(numeric_and_boolean_strings_match_enum_values)
{
    coerced(":enum[1 2]", "\" 2.0 \"", "2", "coerced string \" 2.0 \" to int");
    coerced(":enum[1.5]", "\"1.50\"", "1.5", "coerced string \"1.50\" to float");
    coerced(":enum[a 1]", "\"1\"", "1", "coerced string \"1\" to int");
    coerced(":enum[true]", "\"true\"", "true", "coerced string \"true\" to bool");
    refused(":enum[1e400]", "\"1e400\"", "expected one of 1e400, got string \"1e400\"");
    refused(":enum[\"1\"]", "1", "expected one of \"1\", got int 1");
}

TEST(string_holding_json_becomes_a_list_or_map)
{
    coerced("[:int]", "\"[1, 2]\"", "[1,2]", "coerced string \"[1, 2]\" to list");
    coerced(":map", "\" {\\\"k\\\": 1} \"", "{\"k\":1}", "coerced string \" {\\\"k\\\": 1} \" to map");
    coerced("{a :int}", "\"{\\\"a\\\": 1}\"", "{\"a\":1}", "coerced string \"{\\\"a\\\": 1}\" to map");
    /* bad JSON, repeated keys and the wrong kind are not parsed */
    refused(":map", "\"{\\\"a\\\": 1\"", "expected map, got string \"{\\\"a\\\": 1\"");
    refused(":map", "\"{\\\"a\\\": 1, \\\"a\\\": 2}\"",
            "expected map, got string \"{\\\"a\\\": 1, \\\"a\\\": 2}\"");
    refused("{a :int}", "\"[]\"", "expected map, got string \"[]\"");
}

TEST(single_value_is_wrapped_in_a_list)
{
    coerced("[:string]", "\"a\"", "[\"a\"]", "wrapped string \"a\" in a list");
    coerced("[:int][1..1]", "5", "[5]", "wrapped int 5 in a list");
    coerced("[{a :int}]", "{\"a\":1}", "[{\"a\":1}]", "wrapped map in a list");
    refused("[:int]", "null", "expected list, got nil");
    refused("[:int]", "\"x\"", "expected list, got string \"x\"");
}

TEST(json_text_helper_takes_one_valid_value_of_the_kind_asked)
{
    if (tsig_coerce_json_text(" [1] ", 5, 10, '[') != 1) tsig_test_fail(__FILE__, __LINE__, "array");
    if (tsig_coerce_json_text("[1]", 3, 10, '{') != 0) tsig_test_fail(__FILE__, __LINE__, "kind");
    if (tsig_coerce_json_text("[[1]]", 5, 1, '[') != 0) tsig_test_fail(__FILE__, __LINE__, "depth");
    if (tsig_coerce_json_text("[1] x", 5, 10, '[') != 0) tsig_test_fail(__FILE__, __LINE__, "trailing");
    if (tsig_coerce_json_text("{\"a\":1,\"a\":2}", 13, 10, '{') != 0)
        tsig_test_fail(__FILE__, __LINE__, "repeated key");
}

/* ---- the per-value rules, asked directly (as stream.c asks them) ------ */

/* The type of x in "(x <type>) -> :any", parsed into *sig. */
static const tsig_type *param_type(const char *type, tsig_signature **sig)
{
    char text[128];
    snprintf(text, sizeof text, "(x %s) -> :any", type);
    tsig_error err;
    *sig = tsig_parse(text, strlen(text), &err);
    return *sig ? tsig_type_strip(tsig_param_type(*sig, 0)) : NULL;
}

TEST(keyword_and_datetime_rules_accept_what_spec_3_allows)
{
    CHECK(tsig_is_keyword("a+b-c*<>=?!_9", 13));
    CHECK(!tsig_is_keyword("", 0));
    CHECK(!tsig_is_keyword("a b", 3));
    CHECK(tsig_is_datetime("2024-02-29T23:59:60.5Z", 22));
    CHECK(!tsig_is_datetime("2023-02-29T00:00:00Z", 20));
    CHECK(tsig_is_datetime("2024-01-01t00:00:00+05:30", 25));
    CHECK(!tsig_is_datetime("2024-01-01T00:00:00+24:00", 25));
}

TEST(string_rule_accepts_coerces_or_rejects_with_a_code)
{
    tsig_signature *sig;
    tsig_issue_code code = TSIG_ISSUE_MISSING;
    tsig_strbuf out = {0};
    const tsig_type *t = param_type(":int", &sig);
    CHECK(t && tsig_value_string(t, 1, " 007", 4, &out, &code) == TSIG_VALUE_COERCE);
    CHECK(out.len == 1 && out.data[0] == '7');
    CHECK(t && tsig_value_string(t, 0, "7", 1, NULL, &code) == TSIG_VALUE_REJECT);
    CHECK(code == TSIG_ISSUE_TYPE);
    tsig_signature_free(sig);
    t = param_type(":keyword", &sig);
    CHECK(t && tsig_value_string(t, 0, "ok", 2, NULL, &code) == TSIG_VALUE_ACCEPT);
    tsig_signature_free(sig);
    tsig_sb_release(&out);
}

TEST(number_rule_converts_ints_for_floats_and_coerces_whole_floats)
{
    tsig_signature *sig;
    tsig_issue_code code = TSIG_ISSUE_MISSING;
    tsig_strbuf out = {0};
    const tsig_type *t = param_type(":float", &sig);
    CHECK(t && tsig_value_number(t, TSIG_RULE_INPUT, "42", 2, 1, &out, &code) ==
                   TSIG_VALUE_CONVERT);
    CHECK(out.len == 4 && memcmp(out.data, "42.0", 4) == 0);
    CHECK(t && tsig_value_number(t, TSIG_RULE_INPUT | TSIG_RULE_DOUBLES, "42", 2, 1, NULL,
                                 &code) == TSIG_VALUE_ACCEPT);
    CHECK(t && tsig_value_number(t, 0, "42", 2, 1, NULL, &code) == TSIG_VALUE_ACCEPT);
    tsig_signature_free(sig);
    t = param_type(":int", &sig);
    out.len = 0;
    CHECK(t && tsig_value_number(t, TSIG_RULE_INPUT, "4.20e1", 6, 0, &out, &code) ==
                   TSIG_VALUE_COERCE);
    CHECK(out.len == 2 && memcmp(out.data, "42", 2) == 0);
    CHECK(t && tsig_value_number(t, 0, "4.2", 3, 0, NULL, &code) == TSIG_VALUE_REJECT);
    CHECK(code == TSIG_ISSUE_TYPE);
    tsig_signature_free(sig);
    tsig_sb_release(&out);
}

TEST(enum_rule_matches_values_and_coerces_strings_in_input)
{
    tsig_signature *sig;
    tsig_issue_code code = TSIG_ISSUE_MISSING;
    const tsig_enum_value *to = NULL;
    const tsig_type *t = param_type(":enum[red green 2]", &sig);
    CHECK(t && tsig_value_enum(t, 0, TSIG_VALUE_STRING, "red", 3, &to, &code) ==
                   TSIG_VALUE_ACCEPT);
    CHECK(t && tsig_value_enum(t, 1, TSIG_VALUE_STRING, "RED", 3, &to, &code) ==
                   TSIG_VALUE_COERCE);
    CHECK(to && to->len == 3 && memcmp(to->text, "red", 3) == 0);
    CHECK(t && tsig_value_enum(t, 1, TSIG_VALUE_STRING, " 2.0", 4, &to, &code) ==
                   TSIG_VALUE_COERCE);
    CHECK(to && to->kind == TSIG_VALUE_INT);
    CHECK(t && tsig_value_enum(t, 0, TSIG_VALUE_STRING, "RED", 3, &to, &code) ==
                   TSIG_VALUE_REJECT);
    CHECK(code == TSIG_ISSUE_TYPE);
    tsig_signature_free(sig);
}

/* Streaming knows early that a string can no longer become a value. */
TEST(enum_prefix_rule_says_whether_a_string_can_still_match)
{
    tsig_signature *sig;
    const tsig_type *t = param_type(":enum[red green]", &sig);
    CHECK(t && tsig_enum_string_prefix(t, 0, "gr", 2));
    CHECK(t && tsig_enum_string_prefix(t, 0, "", 0));
    CHECK(t && !tsig_enum_string_prefix(t, 0, "GR", 2));
    CHECK(t && tsig_enum_string_prefix(t, 1, "GR", 2));
    CHECK(t && !tsig_enum_string_prefix(t, 1, "blue", 4));
    CHECK(t && !tsig_enum_string_prefix(t, 0, "reds", 4));
    tsig_signature_free(sig);
    t = param_type(":enum[a 1 true]", &sig);
    CHECK(t && tsig_enum_string_prefix(t, 1, " 1.", 3));
    CHECK(t && tsig_enum_string_prefix(t, 1, "tr", 2));
    CHECK(t && !tsig_enum_string_prefix(t, 0, " 1", 2));
    CHECK(t && !tsig_enum_string_prefix(t, 1, "x", 1));
    tsig_signature_free(sig);
}

int main(void)
{
    RUN(integer_string_to_int);
    RUN(json_number_string_to_float);
    RUN(number_string_that_is_not_a_finite_double_is_not_coerced);
    RUN(true_and_false_strings_to_bool_exactly);
    RUN(int_to_float_is_silent_and_keeps_every_digit);
    RUN(float_with_zero_fraction_to_int_on_the_exact_decimal_value);
    RUN(float_to_int_only_up_to_21_digits);
    RUN(partial_numbers_nan_and_infinity_are_not_coerced);
    RUN(null_numbers_and_bools_are_not_coerced_to_string);
    RUN(ascii_whitespace_around_numeric_strings_is_ignored);
    RUN(coercion_recurses_through_lists_maps_and_optionals);
    RUN(no_coercion_inside_map_or_any);
    RUN(warnings_come_depth_first_with_paths);
    RUN(output_validation_never_coerces);
    RUN(warn_only_still_coerces);
    RUN(ten_thousand_digit_integer_string_keeps_its_digits);
    RUN(int_for_float_is_no_change_when_numbers_are_doubles);
    RUN(other_coercions_still_rewrite_when_numbers_are_doubles);
    RUN(enum_string_matches_ignoring_ascii_case_when_one_value_does);
    RUN(numeric_and_boolean_strings_match_enum_values);
    RUN(string_holding_json_becomes_a_list_or_map);
    RUN(single_value_is_wrapped_in_a_list);
    RUN(json_text_helper_takes_one_valid_value_of_the_kind_asked);
    RUN(keyword_and_datetime_rules_accept_what_spec_3_allows);
    RUN(string_rule_accepts_coerces_or_rejects_with_a_code);
    RUN(number_rule_converts_ints_for_floats_and_coerces_whole_floats);
    RUN(enum_rule_matches_values_and_coerces_strings_in_input);
    RUN(enum_prefix_rule_says_whether_a_string_can_still_match);
    return tsig_test_summary();
}
