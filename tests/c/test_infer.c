/*
 * test_infer.c: signatures written from samples (tsig_infer_*), one test
 * per rule of toolsig.h's section, then the flags, bad input and limits.
 * Every inference checks that each sample validates against what was
 * written (tsig_validate_json, mode enabled, no coercion): the property
 * the rules keep.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

/* 1 iff the JSON text json[0..len) is valid against sig as a return value. */
static int validates(const tsig_signature *sig, const char *json, size_t len)
{
    tsig_validate_options o = {TSIG_MODE_ENABLED, 0, 0, TSIG_VALUE_NEVER};
    tsig_result r;
    int ok = tsig_validate_json(sig, json, len, &o, &r) == TSIG_OK && r.ok;
    tsig_result_free(&r);
    return ok;
}

/* Checks that the text text validates against sig as enabled validation
 * sees it; reports the line otherwise. */
static void check_valid(int line, const tsig_signature *sig, const char *text)
{
    if (!validates(sig, text, strlen(text)))
        tsig_test_fail(__FILE__, line, "sample %s is not valid", text);
}

/*
 * Infers from samples[0..) (NULL-terminated, each added on its own with
 * no flag) with enums, checks the text is want, and that each sample
 * validates against it.
 */
static void inferred_at(int line, size_t enums, const char *const *samples, const char *want)
{
    tsig_inferrer *in = tsig_infer_new(enums);
    tsig_error err;
    for (size_t i = 0; samples[i]; i++) {
        if (tsig_infer_add(in, samples[i], strlen(samples[i]), 0, &err) != TSIG_OK)
            tsig_test_fail(__FILE__, line, "sample %zu: %s", i, err.message);
    }
    char *got = tsig_infer_end(in, &err);
    if (!got) tsig_test_fail(__FILE__, line, "no signature: %s", err.message);
    tsig_test_check_str(__FILE__, line, "signature", got, want);
    tsig_signature *sig = got ? tsig_parse(got, strlen(got), &err) : NULL;
    if (got && !sig) tsig_test_fail(__FILE__, line, "does not parse: %s", err.message);
    for (size_t i = 0; sig && samples[i]; i++) check_valid(line, sig, samples[i]);
    tsig_signature_free(sig);
    tsig_free(got);
    tsig_infer_free(in);
}

#define inferred(want, ...) \
    inferred_at(__LINE__, 0, (const char *const[]){__VA_ARGS__, NULL}, want)
#define inferred_enums(enums, want, ...) \
    inferred_at(__LINE__, enums, (const char *const[]){__VA_ARGS__, NULL}, want)

/* Infers from the one text json with flags; the signature, or NULL with
 * *err set. Freed with tsig_free. */
static char *infer_text(const char *json, size_t len, unsigned flags, size_t enums,
                        tsig_error *err)
{
    tsig_inferrer *in = tsig_infer_new(enums);
    char *got = NULL;
    if (tsig_infer_add(in, json, len, flags, err) == TSIG_OK) got = tsig_infer_end(in, err);
    tsig_infer_free(in);
    return got;
}

/* The text json with flags gives want. */
static void inferred_flags_at(int line, const char *json, unsigned flags, const char *want)
{
    tsig_error err;
    char *got = infer_text(json, strlen(json), flags, 0, &err);
    if (!got) tsig_test_fail(__FILE__, line, "no signature: %s", err.message);
    tsig_test_check_str(__FILE__, line, "signature", got, want);
    tsig_free(got);
}

/* The text json[0..len) with flags is refused with code, message and
 * line:column. */
static void refused_at(int line, const char *json, size_t len, unsigned flags, tsig_code code,
                       const char *message, size_t want_line, size_t want_column)
{
    tsig_error err;
    char *got = infer_text(json, len, flags, 0, &err);
    if (got) tsig_test_fail(__FILE__, line, "inferred %s", got);
    tsig_free(got);
    if (err.code != code)
        tsig_test_fail(__FILE__, line, "code %s, want %s", tsig_code_name(err.code),
                       tsig_code_name(code));
    tsig_test_check_str(__FILE__, line, "message", err.message, message);
    if (err.line != want_line || err.column != want_column)
        tsig_test_fail(__FILE__, line, "at %zu:%zu, want %zu:%zu", err.line, err.column,
                       want_line, want_column);
}

#define inferred_flags(json, flags, want) inferred_flags_at(__LINE__, json, flags, want)
#define refused(json, flags, code, message, l, c) \
    refused_at(__LINE__, json, strlen(json), flags, code, message, l, c)

/* ---- scalars -------------------------------------------------------------- */

TEST(numbers_without_point_or_exponent_are_int)
{
    inferred(":int", "1", "-0", "12345678901234567890");
    inferred("[:int]", "[0, 7, -3]");
}

TEST(one_float_among_the_numbers_makes_them_float)
{
    inferred(":float", "1", "2.5");
    inferred(":float", "1.0");
    inferred(":float", "1e3", "4");
    inferred(":float", "2E-1");
    inferred("[:float]", "[1, 2, 3.25]");
}

TEST(strings_that_are_all_date_times_are_datetime)
{
    inferred(":datetime", "\"2026-05-03T09:14:00Z\"", "\"2024-02-29t23:59:60.5+02:00\"");
    inferred(":string", "\"2026-05-03T09:14:00Z\"", "\"yesterday\"");
    /* no offset, and a day the calendar lacks: strings */
    inferred(":string", "\"2026-05-03T09:14:00\"");
    inferred(":string", "\"2023-02-29T00:00:00Z\"");
}

TEST(strings_and_booleans)
{
    inferred(":string", "\"a\"", "\"\"");
    inferred(":bool", "true", "false");
}

/* ---- null and absence ------------------------------------------------------ */

TEST(null_among_values_makes_the_type_optional)
{
    inferred(":int?", "1", "null");
    inferred("[:string?]", "[\"a\", null]");
    inferred("{a :float?}", "{\"a\": null}", "{\"a\": 1.5}");
}

TEST(a_place_of_only_nulls_is_any)
{
    inferred(":any", "null");
    inferred("[:any]", "[null, null]");
    inferred("{a :any}", "{\"a\": null}", "{\"a\": null}");
}

TEST(a_field_missing_from_some_objects_is_optional)
{
    inferred("{id :int, name :string?}", "{\"id\": 1, \"name\": \"a\"}", "{\"id\": 2}");
    inferred("{id :int, tags [:int]?}", "{\"id\": 1}", "{\"id\": 2, \"tags\": [1]}");
    /* missing in one, null in another: one "?" */
    inferred("{a :int?}", "{\"a\": 1}", "{\"a\": null}", "{}");
}

TEST(a_field_only_null_or_missing_is_optional_any)
{
    inferred("{a :any?, b :int}", "{\"a\": null, \"b\": 1}", "{\"b\": 2}");
}

/* ---- unions ------------------------------------------------------------------ */

TEST(kinds_at_one_place_are_a_union_in_a_fixed_order)
{
    inferred(":string|:int", "1", "\"a\"");
    inferred(":string|:float|:bool|{a :int}|[:int]?",
             "[1]", "null", "{\"a\": 1}", "true", "2.5", "\"x\"");
    inferred(":datetime|:int", "\"2026-05-03T09:14:00Z\"", "3");
    inferred("[:string|:int?]", "[1, \"a\", null]");
}

/* ---- maps and lists ---------------------------------------------------------- */

TEST(objects_at_one_place_merge_into_one_map_in_first_seen_order)
{
    inferred("{b :int, a :string?, c :bool?}", "{\"b\": 1, \"a\": \"x\"}", "{\"c\": true, \"b\": 2}");
    inferred("[{id :int, name :string?}]", "[{\"id\": 1}, {\"name\": \"a\", \"id\": 2}]");
    inferred("{user {id :int, email :string?}}", "{\"user\": {\"id\": 1}}",
             "{\"user\": {\"id\": 2, \"email\": \"a@b\"}}");
}

TEST(lists_merge_their_elements)
{
    inferred("[[:float]]", "[[1], [2.5]]");
    inferred("[:string|[:int]]", "[\"a\", [1]]", "[[]]");
    inferred("[:int]", "[]", "[1]");
}

TEST(only_empty_lists_are_lists_of_any_and_only_empty_objects_empty_maps)
{
    inferred("[:any]", "[]", "[]");
    inferred("{}", "{}");
    inferred("[{}]", "[{}, {}]");
    inferred("{a [:any]}", "{\"a\": []}");
}

TEST(field_names_are_the_keys_as_written)
{
    inferred("{user-name :string, _raw :int, id :int}",
             "{\"user-name\": \"a\", \"_raw\": 1, \"\\u0069d\": 2}");
    inferred("{Id :int, id :int}", "{\"Id\": 1, \"id\": 2}");
}

/* ---- records ---------------------------------------------------------------- */

TEST(a_key_that_is_no_identifier_makes_a_record)
{
    inferred("{* :int}", "{\"a b\": 1, \"c\": 2}");
    inferred("{* :string|:int}", "{\"1\": 1, \"c\": \"x\"}");
    inferred("{* :int}", "{\"\": 1}");
    inferred("{* :int}", "{\"-x\": 1}");
    inferred("{* :bool}", "{\"\\u0000\": true}");
    inferred("{* :int?}", "{\"é\": null}", "{\"a\": 1}");
    inferred("{* :any}", "{\"a b\": null}");
}

TEST(keys_that_match_after_hyphen_to_underscore_make_a_record)
{
    inferred("{* :int}", "{\"a-b\": 1, \"a_b\": 2}");
    inferred("{* :string|:int}", "{\"a-b\": 1}", "{\"a_b\": \"x\"}");
}

TEST(more_than_twenty_keys_of_one_type_make_a_record)
{
    char twenty[512], more[512], mixed[512];
    int n = 0, m = 0, x = 0;
    for (int i = 0; i < 21; i++) {
        if (i < 20) n += snprintf(twenty + n, sizeof twenty - (size_t)n, "%s\"k%d\": %d", i ? ", " : "{", i, i);
        m += snprintf(more + m, sizeof more - (size_t)m, "%s\"k%d\": {\"v\": %d}", i ? ", " : "{", i, i);
        x += snprintf(mixed + x, sizeof mixed - (size_t)x, "%s\"k%d\": %s", i ? ", " : "{", i,
                      i == 7 ? "\"s\"" : "1");
    }
    snprintf(twenty + n, sizeof twenty - (size_t)n, "}");
    snprintf(more + m, sizeof more - (size_t)m, "}");
    snprintf(mixed + x, sizeof mixed - (size_t)x, "}");
    inferred("{k0 :int, k1 :int, k2 :int, k3 :int, k4 :int, k5 :int, k6 :int, k7 :int, k8 :int, "
             "k9 :int, k10 :int, k11 :int, k12 :int, k13 :int, k14 :int, k15 :int, k16 :int, "
             "k17 :int, k18 :int, k19 :int}", twenty);
    inferred("{* {v :int}}", more);
    /* values of two kinds: a union, so the fields stay */
    inferred("{k0 :int, k1 :int, k2 :int, k3 :int, k4 :int, k5 :int, k6 :int, k7 :string, "
             "k8 :int, k9 :int, k10 :int, k11 :int, k12 :int, k13 :int, k14 :int, k15 :int, "
             "k16 :int, k17 :int, k18 :int, k19 :int, k20 :int}", mixed);
    /* keys counted over every object at the place */
    inferred("{* :int}", twenty, "{\"k20\": 5}");
}

/* ---- enums ------------------------------------------------------------------- */

TEST(enums_only_when_asked)
{
    inferred("{s :string}", "{\"s\": \"open\"}", "{\"s\": \"open\"}");
    inferred_enums(3, "{s :enum[open closed]}", "{\"s\": \"open\"}", "{\"s\": \"closed\"}",
                   "{\"s\": \"open\"}");
}

TEST(an_enum_needs_a_repeated_value_from_two_samples)
{
    /* no value seen twice */
    inferred_enums(5, "{s :string}", "{\"s\": \"a\"}", "{\"s\": \"b\"}");
    /* repeated, but within one sample */
    inferred_enums(5, "[:string]", "[\"a\", \"a\", \"b\"]");
    inferred_enums(5, "[:enum[a b]]", "[\"a\", \"a\"]", "[\"b\"]");
}

TEST(an_enum_has_at_most_the_values_asked)
{
    inferred_enums(2, ":string", "\"a\"", "\"b\"", "\"c\"", "\"a\"");
    inferred_enums(3, ":enum[a b c]", "\"a\"", "\"b\"", "\"c\"", "\"a\"");
    inferred_enums(1, ":enum[a]", "\"a\"", "\"a\"");
}

TEST(enum_values_are_written_in_canonical_form)
{
    inferred_enums(9, ":enum[\"two words\" \"1\" \"true\" \"\" image/png \"\\u0000\" \"\\ud800\"]",
                   "\"two words\"", "\"1\"", "\"true\"", "\"\"", "\"image/png\"", "\"\\u0000\"",
                   "\"\\ud800\"", "\"1\"");
}

TEST(date_times_and_other_kinds_stay_out_of_enums)
{
    inferred_enums(3, ":datetime", "\"2026-05-03T09:14:00Z\"", "\"2026-05-03T09:14:00Z\"");
    inferred_enums(3, ":enum[a]|:int?", "\"a\"", "1", "\"a\"", "null");
}

/* ---- flags ------------------------------------------------------------------- */

TEST(each_reads_a_list_of_samples)
{
    inferred_flags("[{\"a\": 1}, {\"b\": \"x\"}]", TSIG_INFER_EACH, "{a :int?, b :string?}");
    inferred_flags("[1, null]", TSIG_INFER_EACH, ":int?");
    /* the list itself, without the flag */
    inferred_flags("[1, null]", 0, "[:int?]");
}

TEST(lines_reads_each_line_that_is_not_blank)
{
    inferred_flags("{\"a\": 1}\n\n  \r\n{\"a\": 2.5, \"b\": true}\r\n", TSIG_INFER_LINES,
                   "{a :float, b :bool?}");
    inferred_flags("[1, 2]\n[\"x\"]", TSIG_INFER_LINES | TSIG_INFER_EACH, ":string|:int");
}

TEST(no_sample_is_an_error)
{
    refused("[]", TSIG_INFER_EACH, TSIG_ERR_ARGUMENT, "no sample to infer from", 1, 1);
    refused("\n \n", TSIG_INFER_LINES, TSIG_ERR_ARGUMENT, "no sample to infer from", 1, 1);
}

/* ---- bad input ----------------------------------------------------------------- */

TEST(text_that_is_not_json_is_an_error_at_its_place)
{
    refused("{\"a\": 1,\n \"b\": }", 0, TSIG_ERR_JSON,
            "JSON error at 2:7: expected a JSON value, found \"}\"", 2, 7);
    refused("", 0, TSIG_ERR_JSON, "JSON error at 1:1: expected a JSON value, found end of input",
            1, 1);
    refused("{\"a\": 1, \"a\": 2}", 0, TSIG_ERR_JSON, "JSON error at 1:10: duplicate key \"a\"", 1,
            10);
    refused("\"\xff\"", 0, TSIG_ERR_JSON,
            "JSON error at 1:2: expected UTF-8 text, found invalid UTF-8 byte 0xFF", 1, 2);
    refused("[1] x", TSIG_INFER_EACH, TSIG_ERR_JSON,
            "JSON error at 1:5: expected end of input, found \"x\"", 1, 5);
}

TEST(a_line_that_is_not_json_is_an_error_at_its_place_in_the_whole_text)
{
    refused("{\"a\": 1}\n\n  {\"a\": }\n{}", TSIG_INFER_LINES, TSIG_ERR_JSON,
            "JSON error at 3:9: expected a JSON value, found \"}\"", 3, 9);
    refused("{\"a\": 1}\n{\"a\"", TSIG_INFER_LINES, TSIG_ERR_JSON,
            "JSON error at 2:5: expected \":\", found end of input", 2, 5);
}

TEST(each_wants_a_list)
{
    refused("  {\"a\": 1}", TSIG_INFER_EACH, TSIG_ERR_JSON,
            "JSON error at 1:3: expected a list of samples, found an object", 1, 3);
    refused("[1]\n\"x\"", TSIG_INFER_EACH | TSIG_INFER_LINES, TSIG_ERR_JSON,
            "JSON error at 2:1: expected a list of samples, found a string", 2, 1);
}

/* Text of depth levels of "[" with an int in the middle, inside an
 * extra list when outer; freed with free. */
static char *nested(size_t depth, int outer)
{
    size_t n = depth + (outer ? 1 : 0);
    char *s = malloc(2 * n + 2);
    memset(s, '[', n);
    s[n] = '1';
    memset(s + n + 1, ']', n);
    s[2 * n + 1] = '\0';
    return s;
}

TEST(samples_nest_as_deep_as_a_signature_can)
{
    char *deepest = nested(TSIG_SIGNATURE_MAX_DEPTH, 0);
    char *listed = nested(TSIG_SIGNATURE_MAX_DEPTH, 1);
    tsig_error err;
    char *got = infer_text(deepest, strlen(deepest), 0, 0, &err);
    CHECK(got != NULL);
    if (got) CHECK_INT(strlen(got), 2 * TSIG_SIGNATURE_MAX_DEPTH + 4); /* [[...:int...]] */
    tsig_free(got);
    got = infer_text(listed, strlen(listed), TSIG_INFER_EACH, 0, &err);
    CHECK(got != NULL);
    tsig_free(got);
    free(deepest);
    free(listed);
}

TEST(a_sample_deeper_than_a_signature_is_an_error)
{
    const char *message = "JSON error at 1:65: nesting deeper than 64 levels of \"[\" and \"{\", "
                          "more than a signature can hold";
    char *deeper = nested(TSIG_SIGNATURE_MAX_DEPTH + 1, 0);
    refused(deeper, 0, TSIG_ERR_TOO_DEEP, message, 1, 65);
    free(deeper);
    deeper = nested(TSIG_SIGNATURE_MAX_DEPTH + 1, 1);
    refused(deeper, TSIG_INFER_EACH, TSIG_ERR_TOO_DEEP,
            "JSON error at 1:66: nesting deeper than 64 levels of \"[\" and \"{\", more than a "
            "signature can hold", 1, 66);
    free(deeper);
    /* a hundred thousand deep is refused as early */
    size_t n = 100000;
    char *huge = malloc(n + 1);
    memset(huge, '[', n);
    huge[n] = '\0';
    refused(huge, 0, TSIG_ERR_TOO_DEEP, message, 1, 65);
    free(huge);
}

TEST(bad_arguments_are_errors)
{
    tsig_error err;
    tsig_inferrer *in = tsig_infer_new(0);
    CHECK_INT(tsig_infer_add(NULL, "1", 1, 0, &err), TSIG_ERR_ARGUMENT);
    CHECK_INT(tsig_infer_add(in, NULL, 1, 0, &err), TSIG_ERR_ARGUMENT);
    CHECK_INT(tsig_infer_add(in, "1", 1, 4, &err), TSIG_ERR_ARGUMENT);
    CHECK_STR(err.message, "unknown infer flags 0x4");
    CHECK_INT(tsig_infer_add(in, "1", TSIG_MAX_INPUT + 1, 0, &err), TSIG_ERR_TOO_LARGE);
    CHECK(tsig_infer_end(NULL, &err) == NULL);
    CHECK_INT(err.code, TSIG_ERR_ARGUMENT);
    tsig_infer_free(in);
    tsig_infer_free(NULL);
}

TEST(a_text_refused_leaves_the_inferrer_as_it_was)
{
    tsig_error err;
    tsig_inferrer *in = tsig_infer_new(0);
    CHECK_INT(tsig_infer_add(in, "{\"a\": 1}", 8, 0, &err), TSIG_OK);
    /* its first line would make a optional and add b: none of it counts */
    const char *lines = "{\"b\": \"x\"}\n{\"a\": ]";
    CHECK_INT(tsig_infer_add(in, lines, strlen(lines), TSIG_INFER_LINES, &err), TSIG_ERR_JSON);
    CHECK_INT(tsig_infer_add(in, "[{\"b\": 1}, {]", 13, TSIG_INFER_EACH, &err), TSIG_ERR_JSON);
    char *got = tsig_infer_end(in, &err);
    CHECK_STR(got, "{a :int}");
    tsig_free(got);
    /* and it goes on: more samples, asked again */
    CHECK_INT(tsig_infer_add(in, "{\"a\": 2, \"c\": null}", 19, 0, &err), TSIG_OK);
    got = tsig_infer_end(in, &err);
    CHECK_STR(got, "{a :int, c :any?}");
    tsig_free(got);
    tsig_infer_free(in);
}

TEST(text_with_nul_bytes_is_read_by_its_length)
{
    tsig_error err;
    char *got = infer_text("[\"a\\u0000b\", 1]\0junk", 15, 0, 0, &err);
    CHECK_STR(got, "[:string|:int]");
    tsig_free(got);
    refused_at(__LINE__, "[1]\0", 4, 0, TSIG_ERR_JSON,
               "JSON error at 1:4: expected end of input, found a NUL byte", 1, 4);
}

/* ---- every sample validates ---------------------------------------------------- */

TEST(a_realistic_api_response_gives_what_a_person_would_write)
{
    inferred_enums(
        5,
        "[{number :int, title :string, state :enum[open closed], labels [{name :string, "
        "color :string}], assignee {login :string}?, closed_at :datetime?, comments :int}]",
        "[{\"number\": 1, \"title\": \"Crash\", \"state\": \"open\", \"labels\": [{\"name\": "
        "\"bug\", \"color\": \"d73a4a\"}], \"assignee\": null, \"closed_at\": null, "
        "\"comments\": 0}]",
        "[{\"number\": 2, \"title\": \"Docs\", \"state\": \"closed\", \"labels\": [], "
        "\"assignee\": {\"login\": \"ada\"}, \"closed_at\": \"2026-01-05T10:00:00Z\", "
        "\"comments\": 3}, {\"number\": 3, \"title\": \"Slow\", \"state\": \"open\", "
        "\"labels\": [], \"comments\": 1}]");
}

int main(void)
{
    RUN(numbers_without_point_or_exponent_are_int);
    RUN(one_float_among_the_numbers_makes_them_float);
    RUN(strings_that_are_all_date_times_are_datetime);
    RUN(strings_and_booleans);
    RUN(null_among_values_makes_the_type_optional);
    RUN(a_place_of_only_nulls_is_any);
    RUN(a_field_missing_from_some_objects_is_optional);
    RUN(a_field_only_null_or_missing_is_optional_any);
    RUN(kinds_at_one_place_are_a_union_in_a_fixed_order);
    RUN(objects_at_one_place_merge_into_one_map_in_first_seen_order);
    RUN(lists_merge_their_elements);
    RUN(only_empty_lists_are_lists_of_any_and_only_empty_objects_empty_maps);
    RUN(field_names_are_the_keys_as_written);
    RUN(a_key_that_is_no_identifier_makes_a_record);
    RUN(keys_that_match_after_hyphen_to_underscore_make_a_record);
    RUN(more_than_twenty_keys_of_one_type_make_a_record);
    RUN(enums_only_when_asked);
    RUN(an_enum_needs_a_repeated_value_from_two_samples);
    RUN(an_enum_has_at_most_the_values_asked);
    RUN(enum_values_are_written_in_canonical_form);
    RUN(date_times_and_other_kinds_stay_out_of_enums);
    RUN(each_reads_a_list_of_samples);
    RUN(lines_reads_each_line_that_is_not_blank);
    RUN(no_sample_is_an_error);
    RUN(text_that_is_not_json_is_an_error_at_its_place);
    RUN(a_line_that_is_not_json_is_an_error_at_its_place_in_the_whole_text);
    RUN(each_wants_a_list);
    RUN(samples_nest_as_deep_as_a_signature_can);
    RUN(a_sample_deeper_than_a_signature_is_an_error);
    RUN(bad_arguments_are_errors);
    RUN(a_text_refused_leaves_the_inferrer_as_it_was);
    RUN(text_with_nul_bytes_is_read_by_its_length);
    RUN(a_realistic_api_response_gives_what_a_person_would_write);
    return tsig_test_summary();
}
