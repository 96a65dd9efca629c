/*
 * test_repair.c: SPEC §12.1, JSON as models write it. One test per repair
 * class of the table (alone, then combined, each with its position in the
 * original text), one per refusal, and the defaults of the option.
 *
 * check() validates against a signature with repair switched on and
 * compares ok, the errors and the warnings (one per line) and the value.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "harness.h"
#include "internal.h"

/* want_value NULL: the input text is the value (nothing written). */
static void check_at(int line, const char *sig_text, int input, unsigned flags,
                     const char *json, int want_ok, const char *want_errors,
                     const char *want_warnings, const char *want_value)
{
    tsig_error err;
    tsig_signature *sig = tsig_parse(sig_text, strlen(sig_text), &err);
    if (!sig) {
        tsig_test_fail(__FILE__, line, "signature does not parse: %s", err.message);
        return;
    }
    tsig_validate_options o = {TSIG_MODE_ENABLED, 0, 0, flags};
    tsig_result r;
    tsig_code code = input ? tsig_validate_input_json(sig, json, strlen(json), &o, &r)
                           : tsig_validate_json(sig, json, strlen(json), &o, &r);
    char *errors = tsig_test_issue_lines(r.errors, r.error_count);
    char *warnings = tsig_test_issue_lines(r.warnings, r.warning_count);
    if (code != TSIG_OK && code != TSIG_ERR_JSON && code != TSIG_ERR_TOO_DEEP)
        tsig_test_fail(__FILE__, line, "code %s", tsig_code_name(code));
    if (r.ok != want_ok) tsig_test_fail(__FILE__, line, "ok: got %d, want %d", r.ok, want_ok);
    if (strcmp(errors, want_errors) != 0)
        tsig_test_fail(__FILE__, line, "errors:\n    got:  %s\n    want: %s", errors, want_errors);
    if (strcmp(warnings, want_warnings) != 0)
        tsig_test_fail(__FILE__, line, "warnings:\n    got:  %s\n    want: %s", warnings,
                       want_warnings);
    const char *value = r.value_json ? r.value_json : "(none)";
    if (want_value && strcmp(value, want_value) != 0)
        tsig_test_fail(__FILE__, line, "value:\n    got:  %s\n    want: %s", value, want_value);
    if (!want_value && r.value_json)
        tsig_test_fail(__FILE__, line, "value written: %s", r.value_json);
    free(errors);
    free(warnings);
    tsig_result_free(&r);
    tsig_signature_free(sig);
}
#define check(...) check_at(__LINE__, __VA_ARGS__)
#define OUT 0
#define IN 1
#define ON TSIG_REPAIR

TEST(valid_json_is_never_changed_and_gets_no_warning)
{
    check("{a :int}", OUT, ON, "{\"a\": 1}", 1, "", "", NULL);
    check("(a :int) -> :any", IN, 0, "{\"a\": 1}", 1, "", "", NULL);
}

TEST(a_code_fence_is_taken_away)
{
    check("{a :int}", OUT, ON, "```json\n{\"a\": 1}\n```", 1, "",
          "repaired JSON at 1:1: took the value out of a code fence", "{\"a\":1}");
    check("[:int]", OUT, ON, "  ```\n[1]\n```\n", 1, "",
          "repaired JSON at 1:3: took the value out of a code fence", "[1]");
}

TEST(prose_before_and_after_the_value_is_ignored)
{
    check("{a :int}", OUT, ON, "Here it is: {\"a\": 1}", 1, "",
          "repaired JSON at 1:1: ignored text before the value", "{\"a\":1}");
    check("[:int]", OUT, ON, "[1, 2]\nHope this helps!", 1, "",
          "repaired JSON at 2:1: ignored text after the value", "[1,2]");
    check("[:int]", OUT, ON, "Sure:\n```json\n[1]\n```\nDone.", 1, "",
          "repaired JSON at 1:1: ignored text before the value\n"
          "repaired JSON at 2:1: took the value out of a code fence\n"
          "repaired JSON at 5:1: ignored text after the value", "[1]");
}

/* SPEC §13.2: the prose rule is for one object or array; after a scalar,
 * text is the strict reader's error at its first non-blank byte. */
TEST(prose_after_a_scalar_is_a_json_error)
{
    check(":int", OUT, ON, "12 apples", 0, "JSON error at 1:4: expected end of input, found \"a\"",
          "", NULL);
    check(":float", OUT, ON, "1/5", 0, "JSON error at 1:2: expected end of input, found \"/\"", "",
          NULL);
    check(":bool", OUT, ON, "true or false", 0,
          "JSON error at 1:6: expected end of input, found \"o\"", "", NULL);
    check(":enum[ONE TWO]", OUT, ON, "\"TWO\" is the answer", 0,
          "JSON error at 1:7: expected end of input, found \"i\"", "", NULL);
    check(":string", OUT, ON, "\"hello\" + \" world\"", 0,
          "JSON error at 1:9: expected end of input, found \"+\"", "", NULL);
    check(":bool?", OUT, ON, "None of them", 0,
          "JSON error at 1:6: expected end of input, found \"o\"", "", NULL);
    check(":int", OUT, ON, "12\n\nThat is the count.", 0,
          "JSON error at 3:1: expected end of input, found \"T\"", "", NULL);
    /* inside a fence too: the fence delimits the scalar, not its prose */
    check(":int", OUT, ON, "```json\n12 apples\n```", 0,
          "JSON error at 2:4: expected end of input, found \"a\"", "", NULL);
    /* repair is on for arguments: the same error, not a map's */
    check("(n :int) -> :any", IN, 0, "12 apples", 0,
          "JSON error at 1:4: expected end of input, found \"a\"", "", NULL);
    /* a comment is no prose */
    check(":int", OUT, ON, "7 // seven", 1, "", "repaired JSON at 1:3: removed a comment", "7");
}

/* SPEC §12.1, §13.2: scalars outside code fences are never taken out of
 * prose. */
TEST(prose_before_a_scalar_never_makes_it_the_value)
{
    check(":int", OUT, ON, "The answer: 12", 0,
          "JSON error at 1:1: expected a JSON value, found \"The\"", "", NULL);
    check(":bool", OUT, ON, "Answer: true", 0,
          "JSON error at 1:1: expected a JSON value, found \"Answer\"", "", NULL);
    /* where the root takes any string, the whole text is one bare text
     * (SPEC §13.1 row 2): the string it is, not the scalar in it */
    check(":string", OUT, ON, "Name: \"Ada\"", 1, "", "repaired JSON at 1:1: read the text as a string",
          "\"Name: \\\"Ada\\\"\"");
}

/* SPEC §13.2: a fence delimits its content, so a fenced scalar is the
 * value, prose around the fence aside. */
TEST(a_scalar_alone_in_a_code_fence_is_the_value)
{
    check(":int", OUT, ON, "```json\n12\n```", 1, "",
          "repaired JSON at 1:1: took the value out of a code fence", "12");
    check(":int", OUT, ON, "The count:\n```\n12\n```\nDone.", 1, "",
          "repaired JSON at 1:1: ignored text before the value\n"
          "repaired JSON at 2:1: took the value out of a code fence\n"
          "repaired JSON at 5:1: ignored text after the value", "12");
    /* where the root takes any string, the whole text reads as one bare
     * text too: two readings (SPEC §13.2), at the fenced value */
    check(":string", OUT, ON, "The name:\n```\n\"Ada\"\n```\nDone.", 0,
          "JSON error at 3:1: a second value matches the type; the text is ambiguous", "", NULL);
}

TEST(a_trailing_comma_is_removed)
{
    check("[:int]", OUT, ON, "[1, 2,]", 1, "", "repaired JSON at 1:6: removed a trailing comma",
          "[1,2]");
    check("{a :int}", OUT, ON, "{\"a\": 1 , \n}", 1, "",
          "repaired JSON at 1:9: removed a trailing comma", "{\"a\":1}");
}

TEST(comments_are_removed)
{
    check("[:int]", OUT, ON, "[1, // one\n 2 /* two */]", 1, "",
          "repaired JSON at 1:5: removed a comment\nrepaired JSON at 2:4: removed a comment",
          "[1,2]");
    check(":int", OUT, ON, "/* lead */ 7", 1, "", "repaired JSON at 1:1: removed a comment", "7");
}

TEST(single_and_curly_quotes_become_json_strings)
{
    check("{a :string}", OUT, ON, "{'a': 'it\\'s \"x\"'}", 1, "",
          "repaired JSON at 1:2: replaced single quotes\n"
          "repaired JSON at 1:7: replaced single quotes",
          "{\"a\":\"it's \\\"x\\\"\"}");
    check("{a :string}", OUT, ON, "{\xE2\x80\x9C" "a\xE2\x80\x9D: \xE2\x80\x98" "b\xE2\x80\x99}", 1, "",
          "repaired JSON at 1:2: replaced curly quotes\n"
          "repaired JSON at 1:11: replaced curly quotes",
          "{\"a\":\"b\"}");
}

TEST(an_identifier_key_is_quoted)
{
    check("{user_id :int, order-no :int}", OUT, ON, "{user_id: 1, order-no : 2}", 1, "",
          "repaired JSON at 1:2: quoted the key user_id\n"
          "repaired JSON at 1:14: quoted the key order-no",
          "{\"user_id\":1,\"order-no\":2}");
}

TEST(a_bare_key_is_quoted_only_when_it_is_an_identifier)
{
    /* SPEC §12.1: an identifier (SPEC §1): a letter or "_", then letters,
     * digits, "_" and "-"; a "$" is none of them */
    check(":map", OUT, ON, "{_x: 1, a-b2: 2}", 1, "",
          "repaired JSON at 1:2: quoted the key _x\n"
          "repaired JSON at 1:9: quoted the key a-b2",
          "{\"_x\":1,\"a-b2\":2}");
    check(":map", OUT, ON, "{\"a\": 1, $b: 2}", 0,
          "JSON error at 1:10: expected a string key, found \"$\"", "", NULL);
    check(":map", OUT, ON, "{\"a\": 1, b$: 2}", 0,
          "JSON error at 1:10: expected a string key, found \"b\"", "", NULL);
    check(":map", OUT, ON, "{1a: 1}", 0,
          "JSON error at 1:2: expected a string key or \"}\", found \"1\"", "", NULL);
}

TEST(python_literals_become_json_literals)
{
    check("[:bool?]", OUT, ON, "[True, False, None]", 1, "",
          "repaired JSON at 1:2: replaced True with true\n"
          "repaired JSON at 1:8: replaced False with false\n"
          "repaired JSON at 1:15: replaced None with null",
          "[true,false,null]");
}

TEST(a_raw_newline_or_tab_in_a_string_is_escaped_once_per_string)
{
    check(":string", OUT, ON, "\"a\nb\tc\"", 1, "",
          "repaired JSON at 1:3: escaped a control character in a string", "\"a\\nb\\tc\"");
}

TEST(a_comma_missing_at_a_line_break_is_inserted)
{
    check("{a :int, b :int}", OUT, ON, "{\"a\": 1\n \"b\": 2}", 1, "",
          "repaired JSON at 2:2: inserted a missing comma", "{\"a\":1,\"b\":2}");
    check("[:int]", OUT, ON, "[1\n2]", 1, "", "repaired JSON at 2:1: inserted a missing comma",
          "[1,2]");
}

TEST(repairs_combine_each_reported_once_in_text_order)
{
    check("(q :string, n :int) -> :any", IN, 0,
          "Calling the tool:\n```json\n{q: 'cats', // what\n n: \"3\",}\n```", 1, "",
          "repaired JSON at 1:1: ignored text before the value\n"
          "repaired JSON at 2:1: took the value out of a code fence\n"
          "repaired JSON at 3:2: quoted the key q\n"
          "repaired JSON at 3:5: replaced single quotes\n"
          "repaired JSON at 3:13: removed a comment\n"
          "repaired JSON at 4:2: quoted the key n\n"
          "repaired JSON at 4:8: removed a trailing comma\n"
          "n: coerced string \"3\" to int",
          "{\"q\":\"cats\",\"n\":3}");
}

/* SPEC §13: repair warnings come first, and are kept when validation then
 * fails. */
TEST(validation_errors_of_repaired_text_are_reported_as_usual)
{
    check("{a :int}", OUT, ON, "{'a': 'x'}", 0, "a: expected int, got string \"x\"",
          "repaired JSON at 1:2: replaced single quotes\n"
          "repaired JSON at 1:7: replaced single quotes",
          NULL);
}

TEST(a_text_that_ends_early_is_never_completed)
{
    check("[:int]", OUT, ON, "[1, 2", 0, "JSON error at 1:6: expected \",\" or \"]\", found end of input", "", NULL);
    check("{a :int}", OUT, ON, "```json\n{'a': 1,", 0,
          "JSON error at 2:9: expected a string key, found end of input", "", NULL);
    check("[:int]", OUT, ON, "[1, /* open", 0, "JSON error at 1:5: expected a JSON value, found \"/\"", "", NULL);
}

/* SPEC §13.2 (replacing §12.1's refusal of two top-level values): values
 * among prose are candidates; two that the type takes are two readings,
 * and a scalar outside a fence is prose, never a candidate. */
TEST(two_top_level_values_are_refused)
{
    check(":any", OUT, ON, "{\"a\": 1} {\"b\": 2}", 0,
          "JSON error at 1:10: a second value matches the type; the text is ambiguous", "", NULL);
    check(":any", OUT, ON, "[1]\nand also [2]", 0,
          "JSON error at 2:10: a second value matches the type; the text is ambiguous", "", NULL);
    check(":any", OUT, ON, "[1] true", 1, "", "repaired JSON at 1:5: ignored text after the value", "[1]");
    check("{a :int}", OUT, ON, "{\"a\": \"x\"} then {\"a\": 2}", 1, "",
          "repaired JSON at 1:17: took the value at 1:17, the only one of 2 that matches the type",
          "{\"a\":2}");
}

TEST(nan_infinity_and_undefined_are_refused)
{
    check(":any", OUT, ON, "[1, NaN]", 0, "JSON error at 1:5: expected a JSON value, found \"NaN\"", "", NULL);
    check(":any", OUT, ON, "{'a': Infinity}", 0, "JSON error at 1:7: expected a JSON value, found \"Infinity\"", "", NULL);
    check(":any", OUT, ON, "[-Infinity]", 0, "JSON error at 1:3: expected a digit, found \"I\"", "", NULL);
    check(":any", OUT, ON, "undefined", 0, "JSON error at 1:1: expected a JSON value, found \"undefined\"", "", NULL);
}

/* Repair reads with the strict reader's states, so a byte no repair reads
 * is refused where the strict reading stops, whatever repair would do
 * after it: the error is the one of the text as written. */
TEST(a_number_broken_before_a_comma_is_refused_where_it_breaks)
{
    check(":any", OUT, ON, "[1., 2]", 0,
          "JSON error at 1:4: expected a digit after \".\", found \",\"", "", NULL);
    check(":any", OUT, ON, "[1., 'x',]", 0,
          "JSON error at 1:4: expected a digit after \".\", found \",\"", "", NULL);
    check(":any", OUT, ON, "{a: 1.e, b: True}", 0,
          "JSON error at 1:7: expected a digit after \".\", found \"e\"", "", NULL);
}

/* A reading that writes more than it replaces (a backtick string holding a
 * quote becomes "a\"b") ends where the replaced text ends: the canonical
 * position after it is the original one after it, before the text is
 * known to end too. */
TEST(the_place_after_a_longer_replacement_is_the_place_after_what_it_replaced)
{
    const char *text = "`a\"b`";
    size_t len = strlen(text);
    tsig_error err;
    tsig_signature *sig = tsig_parse(":string", 7, &err);
    tsig_repair rp;
    tsig_read_type rt;
    tsig_repair_init(&rp, 64);
    tsig_read_type_begin(&rt, &rp, tsig_returns(sig), 0);
    CHECK(tsig_repair_run(&rp, text, len, 0));
    CHECK(rp.out.len == 6 && memcmp(rp.out.data, "\"a\\\"b\"", 6) == 0);
    CHECK_INT(tsig_repair_original(&rp, 6), 5);
    tsig_read_type_release(&rt);
    tsig_repair_release(&rp);
    tsig_signature_free(sig);
}

/* SPEC §13.2, §13.4: with repair on, a value that comes later could be
 * the reading (the one among several that matches the type), so a stream
 * that repairs tells its error by end() alone: incomplete until then, and
 * then the one-shot error. */
TEST(a_repairing_stream_tells_its_errors_at_the_end)
{
    static const char *const cases[] = {"1./x", "[1.,25]", "{'a': -x}", "{\"a\": 1} {\"b\": 2}"};
    tsig_error err;
    tsig_signature *sig = tsig_parse(":any", 4, &err);
    tsig_validate_options o = {TSIG_MODE_ENABLED, 0, 0, TSIG_REPAIR};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        tsig_stream *s = tsig_stream_new(sig, 0, &o);
        size_t len = strlen(cases[k]);
        tsig_stream_state st = TSIG_STREAM_INCOMPLETE;
        for (size_t at = 0; at < len; at++) {
            CHECK_INT(tsig_stream_push(s, cases[k] + at, 1, &st), TSIG_OK);
            if (st == TSIG_STREAM_INVALID)
                tsig_test_fail(__FILE__, __LINE__, "%s: invalid at byte %zu", cases[k], at);
        }
        tsig_result end, one;
        CHECK_INT(tsig_stream_end(s, &end), TSIG_ERR_JSON);
        tsig_validate_json(sig, cases[k], len, &o, &one);
        CHECK(!end.ok && end.error_count == 1 && one.error_count == 1);
        if (end.error_count == 1 && one.error_count == 1)
            CHECK_STR(end.errors[0].message, one.errors[0].message);
        tsig_result_free(&end);
        tsig_result_free(&one);
        tsig_stream_free(s);
    }
    tsig_signature_free(sig);
}

/* SPEC §13.1: a quote that cannot end a string (text going on on both
 * sides) is part of it when a later quote ends the string; a quotation
 * opened inside must be closed, and a raw line end keeps the rule away. */
TEST(a_quote_that_cannot_end_a_string_is_part_of_it)
{
    check(":string", OUT, ON, "\"The TV has a 24\" screen\"", 1, "",
          "repaired JSON at 1:17: escaped a quote inside a string", "\"The TV has a 24\\\" screen\"");
    check("{q :string}", OUT, ON, "{\"q\": \"the \"best\" one\"}", 1, "",
          "repaired JSON at 1:12: escaped a quote inside a string\n"
          "repaired JSON at 1:17: escaped a quote inside a string",
          "{\"q\":\"the \\\"best\\\" one\"}");
    /* a quotation left open: the quote that opened it ends the string */
    check("{q :string, n :int}", OUT, ON, "{\"q\": \"said \"hi\", \"n\": 1}", 0,
          "JSON error at 1:14: expected \",\" or \"}\", found \"h\"", "", NULL);
    /* no later quote ends the string, or a line ends first */
    check(":enum[ONE TWO]", OUT, ON, "\"TWO\" is it", 0,
          "JSON error at 1:7: expected end of input, found \"i\"", "", NULL);
    check("[:string]", OUT, ON, "[\"a \"b\nc\"]", 0,
          "JSON error at 1:6: expected \",\" or \"]\", found \"b\"", "", NULL);
    /* what may follow a string is no text going on */
    check("[:string]", OUT, ON, "[\"a\" \"b\"]", 0,
          "JSON error at 1:6: expected \",\" or \"]\", found \"\\\"\"", "", NULL);
}

/* SPEC §13.1: where the type admits a string, a bare member value or list
 * element, a triple-quoted string and a backtick-quoted one (or a fence)
 * are read; where it does not, or where the text is JSON whatever the type,
 * they are not. */
TEST(the_type_reads_bare_values_and_text_blocks_where_it_admits_a_string)
{
    check("{s :string}", OUT, ON, "{\"s\": 12 apples  }", 1, "",
          "repaired JSON at 1:7: quoted the value \"12 apples\"", "{\"s\":\"12 apples\"}");
    check("[:keyword]", OUT, ON, "[alpha,\nbeta]", 1, "",
          "repaired JSON at 1:2: quoted the value \"alpha\"\n"
          "repaired JSON at 2:1: quoted the value \"beta\"",
          "[\"alpha\",\"beta\"]");
    /* a union: a member that takes any string reads the text as it is */
    check("{v :enum[a b] | :string}", OUT, ON, "{\"v\": A}", 1, "",
          "repaired JSON at 1:7: quoted the value \"A\"", "{\"v\":\"A\"}");
    /* input, no member that takes any string: the one value equal ignoring
     * case; two such values: not read */
    check("(m :enum[red green] | :int) -> :any", IN, 0, "{\"m\": GREEN}", 1, "",
          "repaired JSON at 1:7: quoted the value \"green\"", "{\"m\":\"green\"}");
    check("(m :enum[ab AB]) -> :any", IN, 0, "{\"m\": Ab}", 0,
          "JSON error at 1:7: expected a JSON value, found \"Ab\"", "", NULL);
    /* JSON whatever the type: numbers written another way, NaN, 0x */
    check("{s :string}", OUT, ON, "{\"s\": 1/5}", 0,
          "JSON error at 1:8: expected \",\" or \"}\", found \"/\"", "", NULL);
    check("{s :string}", OUT, ON, "{\"s\": 0x1F}", 0,
          "JSON error at 1:8: expected \",\" or \"}\", found \"x\"", "", NULL);
    check("{s :string}", OUT, ON, "{\"s\": NaN}", 0,
          "JSON error at 1:7: expected a JSON value, found \"NaN\"", "", NULL);
    /* a type that admits no string, :any, a key no field names */
    check("{n :int}", OUT, ON, "{\"n\": Paris}", 0,
          "JSON error at 1:7: expected a JSON value, found \"Paris\"", "", NULL);
    check("{a :any}", OUT, ON, "{\"a\": `x`}", 0,
          "JSON error at 1:7: expected a JSON value, found \"`\"", "", NULL);
    /* the root's whole text is its own reading (SPEC §13.1 rows 1-2) */
    check(":string", OUT, ON, "Paris", 1, "", "repaired JSON at 1:1: read the text as a string",
          "\"Paris\"");
    check(":enum[ONE TWO]", OUT, ON, "**TWO**\n", 1, "",
          "repaired JSON at 1:1: read the text as the enum value \"TWO\"", "\"TWO\"");
    check(":enum[ONE TWO]", OUT, ON, "TWO or ONE", 0,
          "JSON error at 1:1: expected a JSON value, found \"TWO\"", "", NULL);

    /* text blocks: tabs and CRLF, the common indentation only */
    check("{c :string}", OUT, ON, "{\"c\": \"\"\"\r\n\tif x:\r\n\t\ty()\r\n\t\"\"\"}", 1, "",
          "repaired JSON at 1:7: read a triple-quoted string", "{\"c\":\"if x:\\n\\ty()\"}");
    check("{c :string}", OUT, ON, "{\"c\": ```\n  a\n\n    b\n```}", 1, "",
          "repaired JSON at 1:7: read a backtick-quoted string", "{\"c\":\"a\\n\\n  b\"}");
    /* text that is no UTF-8 is never read (a string of it would be another text) */
    check("{s :string}", OUT, ON, "{\"s\": caf\xe9}", 0,
          "JSON error at 1:7: expected a JSON value, found \"caf\"", "", NULL);
    check("{s :string}", OUT, ON, "{\"s\": `caf\xe9`}", 0,
          "JSON error at 1:7: expected a JSON value, found \"`\"", "", NULL);
    /* a triple-quoted string that never closes is not read */
    check("{c :string}", OUT, ON, "{\"c\": \"\"\"abc}", 0,
          "JSON error at 1:9: expected \",\" or \"}\", found \"\\\"\"", "", NULL);
}

/* A reading by the type is the same whatever the chunks: each text streamed
 * a byte at a time ends as the one-shot call, incomplete while the value
 * read is still open. */
TEST(readings_by_the_type_are_the_same_in_a_stream)
{
    static const char *const cases[][2] = {
        {"{s :string, n :int}", "{s: cats and dogs, n: 2}"},
        {"{c :string}", "{\"c\": \"\"\"\n    a\n    \"\"\"}"},
        {"{c :string}", "{\"c\": ```py\nx\n```}"},
        {"[:enum[red green]]", "[red, green]"},
    };
    tsig_validate_options o = {TSIG_MODE_ENABLED, 0, 0, TSIG_REPAIR};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        tsig_error err;
        tsig_signature *sig = tsig_parse(cases[k][0], strlen(cases[k][0]), &err);
        const char *text = cases[k][1];
        size_t len = strlen(text);
        tsig_result one;
        tsig_validate_json(sig, text, len, &o, &one);
        CHECK(one.ok);
        tsig_stream *s = tsig_stream_new(sig, 0, &o);
        tsig_stream_state st = TSIG_STREAM_INCOMPLETE;
        for (size_t at = 0; at < len; at++) {
            tsig_stream_push(s, text + at, 1, &st);
            if (at + 1 < len && st != TSIG_STREAM_INCOMPLETE)
                tsig_test_fail(__FILE__, __LINE__, "%s: state %d after byte %zu", text, (int)st, at);
        }
        tsig_result end;
        CHECK_INT(tsig_stream_end(s, &end), TSIG_OK);
        CHECK(end.ok);
        CHECK_INT(end.warning_count, one.warning_count);
        for (size_t w = 0; w < end.warning_count && w < one.warning_count; w++)
            CHECK_STR(end.warnings[w].message, one.warnings[w].message);
        CHECK(end.value_json && one.value_json && strcmp(end.value_json, one.value_json) == 0);
        tsig_result_free(&end);
        tsig_result_free(&one);
        tsig_stream_free(s);
        tsig_signature_free(sig);
    }
}

/* A record of more fields than are searched one by one (tool arguments
 * of forty parameters) is read by the type as a small one: its keys name
 * their fields through the same lookup the validator makes, in one shot
 * and in a stream, spellings with '-' included. */
TEST(a_record_of_many_fields_is_read_by_the_type_as_a_small_one)
{
    tsig_strbuf sig_text = {0}, out_text = {0};
    tsig_sb_putc(&sig_text, '(');
    tsig_sb_putc(&out_text, '{');
    for (int i = 0; i < 40; i++) {
        tsig_sb_printf(&sig_text, "%sp_%d :string?", i ? ", " : "", i);
        tsig_sb_printf(&out_text, "%sp_%d :string?", i ? ", " : "", i);
    }
    tsig_sb_puts(&sig_text, ") -> :any");
    tsig_sb_putc(&out_text, '}');
    CHECK(!sig_text.failed && !out_text.failed);
    check(sig_text.data, IN, 0, "{\"p-31\": hello world, \"p_0\": \"x\"}", 1, "",
          "repaired JSON at 1:10: quoted the value \"hello world\"",
          "{\"p_0\":\"x\",\"p_31\":\"hello world\"}");
    check(out_text.data, OUT, ON, "{\"p_39\": \"\"\"\n  a\n  \"\"\", \"p_7\": b}", 1, "",
          "repaired JSON at 1:10: read a triple-quoted string\n"
          "repaired JSON at 3:15: quoted the value \"b\"",
          "{\"p_7\":\"b\",\"p_39\":\"a\"}");
    /* a key no field names admits nothing but JSON, as in a small record */
    check(out_text.data, OUT, ON, "{\"q\": b}", 0,
          "JSON error at 1:7: expected a JSON value, found \"b\"", "", NULL);
    /* the same a byte at a time */
    tsig_error err;
    tsig_signature *sig = tsig_parse(sig_text.data, sig_text.len, &err);
    const char *text = "{\"p-31\": hello world, \"p_0\": \"x\"}";
    tsig_validate_options o = {TSIG_MODE_ENABLED, 0, 0, 0};
    tsig_stream *s = tsig_stream_new(sig, 1, &o);
    for (const char *c = text; *c; c++) tsig_stream_push(s, c, 1, NULL);
    tsig_result end;
    CHECK_INT(tsig_stream_end(s, &end), TSIG_OK);
    CHECK(end.ok && end.warning_count == 1);
    if (end.warning_count)
        CHECK_STR(end.warnings[0].message, "repaired JSON at 1:10: quoted the value \"hello world\"");
    tsig_result_free(&end);
    tsig_stream_free(s);
    tsig_signature_free(sig);
    tsig_sb_release(&sig_text);
    tsig_sb_release(&out_text);
}

/* The partial value of a stream that pushed prefix: want. */
static void check_partial(const char *sig_text, const char *prefix, const char *want)
{
    tsig_error err;
    tsig_signature *sig = tsig_parse(sig_text, strlen(sig_text), &err);
    tsig_validate_options o = {TSIG_MODE_ENABLED, 0, 0, TSIG_REPAIR};
    tsig_stream *s = tsig_stream_new(sig, 0, &o);
    tsig_stream_state st;
    for (const char *p = prefix; *p; p++) tsig_stream_push(s, p, 1, &st);
    CHECK_INT(st, TSIG_STREAM_INCOMPLETE);
    size_t len;
    char *partial = tsig_stream_partial(s, &len);
    if (!partial || strcmp(partial, want) != 0)
        tsig_test_fail(__FILE__, __LINE__, "%s: partial %s, want %s", prefix, partial ? partial : "(none)", want);
    tsig_free(partial);
    tsig_stream_free(s);
    tsig_signature_free(sig);
}

TEST(a_reading_not_closed_yet_shows_its_text_in_the_partial_value)
{
    check_partial("{city :string, n :int}", "{\"city\": Par", "{\"city\": \"Par\"}");
    check_partial("[:enum[red green]]", "[red, gre", "[\"red\" ,\"gre\"]");
    check_partial("{code :string}", "{\"code\": \"\"\"def f():\n    ret", "{\"code\": \"def f():\\n    ret\"}");
    /* a closer begun is not text */
    check_partial("{code :string}", "{\"code\": \"\"\"x = 1\"\"", "{\"code\": \"x = 1\"}");
    check_partial("{cmd :string}", "{\"cmd\": `ls -l", "{\"cmd\": \"ls -l\"}");
    check_partial("{c :string}", "{\"c\": ```py\nprint(1", "{\"c\": \"print(1\"}");
    /* a character cut between chunks is left out until whole */
    check_partial("{s :string}", "{\"s\": caf\xc3", "{\"s\": \"caf\"}");
    /* where the type admits no string, nothing is read there */
    check_partial("{n :int}", "{\"n\": twe", "{}");
    /* nor what may end as another value or none: a literal, a number
     * written another way, a comment, a fence begun */
    check_partial("{s :string}", "{\"s\": tru", "{}");
    check_partial("{s :string}", "{\"s\": Non", "{}");
    check_partial("{s :string}", "{\"s\": Infin", "{}");
    check_partial("{s :string}", "{\"s\": foo // a note", "{}");
    check_partial("{s :string}", "{\"s\": ``", "{}");
    check_partial("{s :string}", "{\"s\": `a", "{\"s\": \"a\"}");
}

TEST(unbalanced_brackets_are_refused)
{
    check(":any", OUT, ON, "[1, 2}", 0, "JSON error at 1:6: expected \",\" or \"]\", found \"}\"", "", NULL);
    check(":any", OUT, ON, "[1]]", 0, "JSON error at 1:4: expected end of input, found \"]\"", "", NULL);
}

TEST(ambiguous_text_is_refused)
{
    /* two values on one line: a missing comma, or one value too many? */
    check(":any", OUT, ON, "[1 2]", 0, "JSON error at 1:4: expected \",\" or \"]\", found \"2\"", "", NULL);
    /* prose with no value at all */
    check(":any", OUT, ON, "I cannot help", 0, "JSON error at 1:1: expected a JSON value, found \"I\"", "", NULL);
    /* a second value in the prose after the first */
    check(":any", OUT, ON, "{\"a\": 1} or maybe {\"a\": 2}", 0,
          "JSON error at 1:19: a second value matches the type; the text is ambiguous", "", NULL);
    /* a key that is no identifier */
    check(":any", OUT, ON, "{1: 2}", 0, "JSON error at 1:2: expected a string key or \"}\", found \"1\"", "", NULL);
}

TEST(an_example_that_matches_is_never_taken_over_the_answer_after_it)
{
    /* the only valid value is followed by one that is not: the later
     * one's errors, never the example */
    check("(q :string, limit :int) -> :any", IN, 0,
          "Like {\"q\": \"x\", \"limit\": 3}. My call: {\"q\": \"rome\", \"limit\": \"a few\"}", 0,
          "limit: expected int, got string \"a few\"", "", NULL);
    /* a list after an object answer (a citation) is no answer: the object */
    check("{city :string}", OUT, ON, "Here: {\"city\": \"Paris\"} (source [1]).", 1, "",
          "repaired JSON at 1:7: took the value at 1:7, the only one of 2 that matches the type",
          "{\"city\":\"Paris\"}");
    /* an invalid example, then the answer: the answer */
    check("{a :int}", OUT, ON, "e.g. {\"a\": \"x\"}, answer: {\"a\": 2}", 1, "",
          "repaired JSON at 1:26: took the value at 1:26, the only one of 2 that matches the type",
          "{\"a\":2}");
}

TEST(a_bare_value_that_closes_a_quote_is_not_read)
{
    /* Python's u'Ada': as text it would keep its quotes */
    check("{name :string}", OUT, ON, "{'name': u'Ada'}", 0,
          "JSON error at 1:10: expected a JSON value, found \"u\"", "", NULL);
    check("{name :string}", OUT, ON, "{name: O'Brien}", 1, "",
          "repaired JSON at 1:2: quoted the key name\nrepaired JSON at 1:8: quoted the value \"O'Brien\"",
          "{\"name\":\"O'Brien\"}");
}

TEST(a_fence_that_holds_no_value_is_refused_at_its_text)
{
    check(":enum[yes no]", OUT, ON, "Answer:\n```\nmaybe\n```", 0,
          "JSON error at 3:1: expected a JSON value, found \"maybe\"", "", NULL);
    check(":enum[yes no]", OUT, ON, "```\nmaybe\n```", 0,
          "JSON error at 2:1: expected a JSON value, found \"maybe\"", "", NULL);
    /* an empty fence, then a value outside it: the value, once, as prose's */
    check("{a :int}", OUT, ON, "```\n```\n{\"a\": 1}", 1, "",
          "repaired JSON at 1:1: ignored text before the value", "{\"a\":1}");
}

TEST(repair_is_off_by_default_for_outputs_and_on_for_inputs)
{
    check("[:int]", OUT, 0, "[1,]", 0, "JSON error at 1:4: expected a JSON value, found \"]\"", "", NULL);
    check("(a :int) -> :any", IN, 0, "{\"a\": 1,}", 1, "",
          "repaired JSON at 1:8: removed a trailing comma", "{\"a\":1}");
    check("(a :int) -> :any", IN, TSIG_NO_REPAIR, "{\"a\": 1,}", 0,
          "JSON error at 1:9: expected a string key, found \"}\"", "", NULL);
}

TEST(the_value_returned_is_the_repaired_one_even_when_the_value_is_not_asked_for_otherwise)
{
    check(":any", OUT, ON, "{'a': [True]}", 1, "",
          "repaired JSON at 1:2: replaced single quotes\nrepaired JSON at 1:8: replaced True with true",
          "{\"a\":[true]}");
}

TEST(repair_warnings_count_against_max_errors)
{
    tsig_error err;
    tsig_signature *sig = tsig_parse(":any", 4, &err);
    tsig_validate_options o = {TSIG_MODE_ENABLED, 2, 0, TSIG_REPAIR};
    tsig_result r;
    const char *json = "[True, True, True, True]";
    CHECK_INT(tsig_validate_json(sig, json, strlen(json), &o, &r), TSIG_OK);
    CHECK_INT(r.ok, 1);
    CHECK_INT(r.warning_count, 3);
    if (r.warning_count == 3) CHECK_STR(r.warnings[2].message, "too many warnings: 2 more not shown");
    tsig_result_free(&r);
    tsig_signature_free(sig);
}


/* Processor time of repairing text fed one byte more each call, as a
 * stream fed byte by byte feeds it (the best of 3). */
static double bytewise_time(const char *text, size_t len)
{
    double best = 1e9;
    for (int round = 0; round < 3; round++) {
        tsig_repair r;
        tsig_repair_init(&r, 64);
        clock_t t0 = clock();
        int ok = 1;
        for (size_t n = 1; n <= len && ok; n++) ok = tsig_repair_run(&r, text, n, 0);
        ok = ok && tsig_repair_run(&r, text, len, 1);
        double t = (double)(clock() - t0) / CLOCKS_PER_SEC;
        CHECK(ok);
        tsig_repair_release(&r);
        if (t < best) best = t;
    }
    return best < 1e-3 ? 1e-3 : best;
}

/* A word cut by the end of the text so far (a bare key, the blanks after
 * it, a word of prose before or after the value) is read on where it
 * stopped: fed byte by byte, 80 KB cost what the same bytes quoted cost. */
TEST(a_word_cut_between_chunks_is_read_on_not_again)
{
    enum { WORD = 80000 };
    const char *shapes[][2] = {
        {"{%s: 1}", "{\"%s\": 1}"},
        {"{a%s : 1}", "{\"a\"%s: 1}"},
        {"%s [1]", "\"%s\" [1]"},
        {"[1] %s", "[1] \"%s\""},
    };
    char *word = malloc(WORD + 1), *spaces = malloc(WORD + 1);
    char *a = malloc(WORD + 16), *b = malloc(WORD + 16);
    CHECK(word && spaces && a && b);
    if (!word || !spaces || !a || !b) return;
    memset(word, 'a', WORD);
    word[WORD] = '\0';
    memset(spaces, ' ', WORD);
    spaces[WORD] = '\0';
    for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
        const char *fill = k == 1 ? spaces : word;
        int na = snprintf(a, WORD + 16, shapes[k][0], fill);
        int nb = snprintf(b, WORD + 16, shapes[k][1], fill);
        double bare = bytewise_time(a, (size_t)na), quoted = bytewise_time(b, (size_t)nb);
        if (getenv("TSIG_TEST_VERBOSE"))
            printf("  %s: %.2f ms, quoted %.2f ms\n", shapes[k][0], bare * 1e3, quoted * 1e3);
        if (bare > 4 * quoted)
            tsig_test_fail(__FILE__, __LINE__, "%s: %.2f ms, quoted %.2f ms", shapes[k][0],
                           bare * 1e3, quoted * 1e3);
    }
    free(word);
    free(spaces);
    free(a);
    free(b);
}

/* Cut anywhere, a bare key comes out as in one piece. */
TEST(a_bare_key_cut_anywhere_is_quoted_as_in_one_piece)
{
    const char *text = "{ab-c  :1, de\t:[True]}";
    size_t len = strlen(text);
    tsig_repair whole;
    tsig_repair_init(&whole, 64);
    CHECK(tsig_repair_run(&whole, text, len, 1));
    for (size_t cut = 1; cut < len; cut++) {
        tsig_repair r;
        tsig_repair_init(&r, 64);
        CHECK(tsig_repair_run(&r, text, cut, 0));
        CHECK(tsig_repair_run(&r, text, len, 1));
        CHECK(r.out.len == whole.out.len && memcmp(r.out.data, whole.out.data, r.out.len) == 0);
        CHECK_INT(r.note_count, whole.note_count);
        tsig_repair_release(&r);
    }
    /* (a comma is withheld until what follows shows it is not trailing) */
    const char *want = "{\"ab-c\"  :1 ,\"de\"\t:[true]}";
    CHECK(whole.out.len == strlen(want) && memcmp(whole.out.data, want, whole.out.len) == 0);
    tsig_repair_release(&whole);
}

/* Issues found in repaired text point into the original: a raw tab made
 * the repaired text one byte longer, and the missing field's span is the
 * whole object as written. */
TEST(issue_spans_of_repaired_text_are_places_in_the_original)
{
    static const char sig_text[] = "(value :datetime) -> :any";
    static const char json[] = "{\"\talue\":42}";
    tsig_error err;
    tsig_signature *sig = tsig_parse(sig_text, sizeof sig_text - 1, &err);
    CHECK(sig != NULL);
    tsig_result r;
    tsig_validate_input_json(sig, json, sizeof json - 1, NULL, &r);
    CHECK_INT((long)r.error_count, 1);
    if (r.error_count == 1) {
        CHECK_INT((long)r.errors[0].offset, 0);
        CHECK_INT((long)r.errors[0].length, (long)(sizeof json - 1));
    }
    tsig_result_free(&r);
    tsig_signature_free(sig);
}

int main(void)
{
    RUN(valid_json_is_never_changed_and_gets_no_warning);
    RUN(a_code_fence_is_taken_away);
    RUN(prose_before_and_after_the_value_is_ignored);
    RUN(prose_after_a_scalar_is_a_json_error);
    RUN(prose_before_a_scalar_never_makes_it_the_value);
    RUN(a_scalar_alone_in_a_code_fence_is_the_value);
    RUN(a_trailing_comma_is_removed);
    RUN(comments_are_removed);
    RUN(single_and_curly_quotes_become_json_strings);
    RUN(an_identifier_key_is_quoted);
    RUN(a_bare_key_is_quoted_only_when_it_is_an_identifier);
    RUN(python_literals_become_json_literals);
    RUN(a_raw_newline_or_tab_in_a_string_is_escaped_once_per_string);
    RUN(a_comma_missing_at_a_line_break_is_inserted);
    RUN(repairs_combine_each_reported_once_in_text_order);
    RUN(validation_errors_of_repaired_text_are_reported_as_usual);
    RUN(a_text_that_ends_early_is_never_completed);
    RUN(two_top_level_values_are_refused);
    RUN(nan_infinity_and_undefined_are_refused);
    RUN(a_number_broken_before_a_comma_is_refused_where_it_breaks);
    RUN(a_repairing_stream_tells_its_errors_at_the_end);
    RUN(the_place_after_a_longer_replacement_is_the_place_after_what_it_replaced);
    RUN(a_quote_that_cannot_end_a_string_is_part_of_it);
    RUN(the_type_reads_bare_values_and_text_blocks_where_it_admits_a_string);
    RUN(readings_by_the_type_are_the_same_in_a_stream);
    RUN(a_record_of_many_fields_is_read_by_the_type_as_a_small_one);
    RUN(unbalanced_brackets_are_refused);
    RUN(ambiguous_text_is_refused);
    RUN(a_reading_not_closed_yet_shows_its_text_in_the_partial_value);
    RUN(an_example_that_matches_is_never_taken_over_the_answer_after_it);
    RUN(a_bare_value_that_closes_a_quote_is_not_read);
    RUN(a_fence_that_holds_no_value_is_refused_at_its_text);
    RUN(repair_is_off_by_default_for_outputs_and_on_for_inputs);
    RUN(the_value_returned_is_the_repaired_one_even_when_the_value_is_not_asked_for_otherwise);
    RUN(repair_warnings_count_against_max_errors);
    RUN(a_word_cut_between_chunks_is_read_on_not_again);
    RUN(a_bare_key_cut_anywhere_is_quoted_as_in_one_piece);
    RUN(issue_spans_of_repaired_text_are_places_in_the_original);
    return tsig_test_summary();
}
