/*
 * test_report.c: the report text of a validation result (SPEC §4 "Report
 * text"), compared exactly.
 */
#include <stdlib.h>
#include <string.h>

#include "harness.h"

/* The report of validating json against sig (input or output). */
static char *report_of(const char *sig_text, int input, tsig_mode mode,
                       const char *json, const char *title)
{
    tsig_error err;
    tsig_signature *sig = tsig_parse(sig_text, strlen(sig_text), &err);
    tsig_validate_options o = {mode, 0, 0, 0};
    tsig_result r;
    if (input) tsig_validate_input_json(sig, json, strlen(json), &o, &r);
    else tsig_validate_json(sig, json, strlen(json), &o, &r);
    size_t len;
    char *text = tsig_report(&r, title, &len);
    if (text && strlen(text) != len) tsig_test_fail(__FILE__, __LINE__, "length %zu", len);
    tsig_result_free(&r);
    tsig_signature_free(sig);
    return text;
}

TEST(report_lists_errors_then_warnings_with_a_blank_line_between)
{
    char *text = report_of("(results [{customer {id :int}, amount :float}], limit :int) -> :any", 1,
                           TSIG_MODE_ENABLED,
                           "{\"results\":[{\"customer\":{\"id\":\"abc\"},\"amount\":1.5},"
                           "{\"customer\":{\"id\":2},\"amount\":null}],\"limit\":\"10\"}",
                           NULL);
    CHECK_STR(text, "Tool validation errors:\n"
                    "- results[0].customer.id: expected int, got string \"abc\"\n"
                    "- results[1].amount: expected float, got nil\n"
                    "\n"
                    "Tool validation warnings:\n"
                    "- limit: coerced string \"10\" to int");
    tsig_free(text);
}

TEST(report_title_is_the_callers_choice)
{
    char *text = report_of("{a :int}", 0, TSIG_MODE_ENABLED, "{\"a\":true}", "Return");
    CHECK_STR(text, "Return validation errors:\n- a: expected int, got bool true");
    tsig_free(text);
}

TEST(report_prints_root_entries_without_a_path)
{
    char *text = report_of("[:int]", 0, TSIG_MODE_ENABLED, "{}", "Return");
    CHECK_STR(text, "Return validation errors:\n- expected list, got map");
    tsig_free(text);
    text = report_of(":any", 0, TSIG_MODE_ENABLED, "[1,", "Return");
    CHECK_STR(text, "Return validation errors:\n- JSON error at 1:4: expected a JSON value, found end of input");
    tsig_free(text);
}

TEST(report_leaves_out_empty_sections)
{
    char *text = report_of("(a :int) -> :any", 1, TSIG_MODE_ENABLED, "{\"a\":\"1\"}", NULL);
    CHECK_STR(text, "Tool validation warnings:\n- a: coerced string \"1\" to int");
    tsig_free(text);
    text = report_of("{a :int, b :int}", 0, TSIG_MODE_WARN_ONLY, "{\"a\":\"x\"}", NULL);
    CHECK_STR(text, "Tool validation warnings:\n- a: expected int, got string \"x\"\n"
                    "- b: missing required field, expected int");
    tsig_free(text);
}

TEST(report_with_no_entries_is_empty)
{
    char *text = report_of("{a :int}", 0, TSIG_MODE_ENABLED, "{\"a\":1}", NULL);
    CHECK_STR(text, "");
    tsig_free(text);
    size_t len = 7;
    text = tsig_report(NULL, NULL, &len);
    CHECK_STR(text, "");
    CHECK_INT(len, 0);
    tsig_free(text);
}

TEST(report_includes_the_too_many_errors_entry)
{
    tsig_error err;
    tsig_signature *sig = tsig_parse("[:int]", 6, &err);
    tsig_validate_options o = {TSIG_MODE_ENABLED, 1, 0, 0};
    tsig_result r;
    tsig_validate_json(sig, "[\"a\",\"b\"]", 9, &o, &r);
    char *text = tsig_report(&r, "Return", NULL);
    CHECK_STR(text, "Return validation errors:\n- [0]: expected int, got string \"a\"\n"
                    "- too many errors: 1 more not shown");
    tsig_free(text);
    tsig_result_free(&r);
    tsig_signature_free(sig);
}

int main(void)
{
    RUN(report_lists_errors_then_warnings_with_a_blank_line_between);
    RUN(report_title_is_the_callers_choice);
    RUN(report_prints_root_entries_without_a_path);
    RUN(report_leaves_out_empty_sections);
    RUN(report_with_no_entries_is_empty);
    RUN(report_includes_the_too_many_errors_entry);
    return tsig_test_summary();
}
