/*
 * test_keys.c: key normalization (SPEC §6, and §10 for bad input), one test
 * per rule. Results are compared as JSON text, exactly.
 */
#include <stdlib.h>
#include <string.h>

#include "harness.h"

static void normalized_at(int line, const char *json, size_t len, const char *want)
{
    char *out = (char *)1;
    size_t out_len = 99;
    tsig_error err;
    tsig_code code = tsig_normalize_keys(json, len, &out, &out_len, &err);
    if (code != TSIG_OK) tsig_test_fail(__FILE__, line, "%s: %s", tsig_code_name(code), err.message);
    tsig_test_check_str(__FILE__, line, "out", out, want);
    if (out && out_len != strlen(want)) tsig_test_fail(__FILE__, line, "out_len %zu", out_len);
    tsig_free(out);
}

static void refused_at(int line, const char *json, size_t len, tsig_code want_code,
                       const char *want_message, size_t want_line, size_t want_column)
{
    char *out = (char *)1;
    tsig_error err;
    tsig_code code = tsig_normalize_keys(json, len, &out, NULL, &err);
    if (code != want_code) tsig_test_fail(__FILE__, line, "code %s", tsig_code_name(code));
    if (out) tsig_test_fail(__FILE__, line, "out is not NULL");
    tsig_test_check_str(__FILE__, line, "message", err.message, want_message);
    if (err.code != want_code || err.line != want_line || err.column != want_column)
        tsig_test_fail(__FILE__, line, "error %s at %zu:%zu", tsig_code_name(err.code), err.line, err.column);
}

#define normalized(json, want) normalized_at(__LINE__, json, strlen(json), want)
#define refused(json, code, message, l, c) refused_at(__LINE__, json, strlen(json), code, message, l, c)

TEST(every_key_gets_hyphens_replaced_by_underscores)
{
    normalized("{\"was-improved\":true,\"a-b-c-d\":1,\"-x-\":2,\"--\":3,\"A-B\":4}",
               "{\"was_improved\":true,\"a_b_c_d\":1,\"_x_\":2,\"__\":3,\"A_B\":4}");
}

TEST(keys_are_normalized_at_any_depth_through_lists)
{
    normalized("[{\"list-item\":{\"in-ner\":[{\"deep-er\":null}]}}]",
               "[{\"list_item\":{\"in_ner\":[{\"deep_er\":null}]}}]");
}

TEST(values_are_untouched)
{
    normalized("{\"k-1\": \"v-1\", \"k-2\": [\"x-y\", 1.50, -0, 1E3, \"\\u002d\\n\"]}",
               "{\"k_1\":\"v-1\",\"k_2\":[\"x-y\",1.50,-0,1E3,\"\\u002d\\n\"]}");
    normalized(" \"not-a-map\" ", "\"not-a-map\"");
    normalized("42", "42");
    normalized("null", "null");
    normalized("{}", "{}");
    normalized("[[\"x-y\"]]", "[[\"x-y\"]]");
}

TEST(escaped_keys_are_normalized_after_unescaping)
{
    normalized("{\"a\\u002db\":1,\"q\\\"-\\n\":2}", "{\"a_b\":1,\"q\\\"_\\n\":2}");
    normalized("{\"a\\u0000-b\":1}", "{\"a\\u0000_b\":1}");
    normalized("{\"\\ud800-x\":1}", "{\"\\ud800_x\":1}");
}

TEST(colliding_keys_are_an_error_naming_both)
{
    refused("{\"a_b\": 1, \"a-b\": 2}", TSIG_ERR_KEY_COLLISION,
            "keys \"a_b\" and \"a-b\" both normalize to \"a_b\"", 1, 12);
    refused("{\"a-b_c\":1,\"a_b-c\":2}", TSIG_ERR_KEY_COLLISION,
            "keys \"a-b_c\" and \"a_b-c\" both normalize to \"a_b_c\"", 1, 12);
    refused("{\"rows\":[{\"ok\":1},{\"a-b\":1,\n\"a_b\":2}]}", TSIG_ERR_KEY_COLLISION,
            "keys \"a-b\" and \"a_b\" both normalize to \"a_b\" at rows[1]", 2, 1);
    refused("{\"a\\u002db\":1,\"a_b\":2}", TSIG_ERR_KEY_COLLISION,
            "keys \"a-b\" and \"a_b\" both normalize to \"a_b\"", 1, 15);
}

TEST(the_first_collision_in_depth_first_order_is_reported)
{
    refused("{\"x\":{\"p-q\":1,\"p_q\":2},\"a-b\":1,\"a_b\":2}", TSIG_ERR_KEY_COLLISION,
            "keys \"p-q\" and \"p_q\" both normalize to \"p_q\" at x", 1, 15);
    refused("{\"a-b\":1,\"x\":{\"p-q\":1,\"p_q\":2},\"a_b\":2}", TSIG_ERR_KEY_COLLISION,
            "keys \"p-q\" and \"p_q\" both normalize to \"p_q\" at x", 1, 23);
}

TEST(repeated_keys_are_an_error)
{
    refused("{\"a-b\": 1, \"a-b\": 2}", TSIG_ERR_JSON, "duplicate key \"a-b\"", 1, 12);
    refused("{\"x\": {\"k-1\": 1, \"k\\u002d1\": 2}}", TSIG_ERR_JSON, "duplicate key \"k-1\" at x", 1, 18);
}

TEST(bad_text_and_deep_nesting_are_errors)
{
    refused("{\"a\":}", TSIG_ERR_JSON, "JSON error at 1:6: expected a JSON value, found \"}\"", 1, 6);
    refused_at(__LINE__, "{\"\xFF\":1}", 6, TSIG_ERR_JSON,
               "JSON error at 1:3: expected UTF-8 text, found invalid UTF-8 byte 0xFF", 1, 3);
    char *deep = malloc(100001);
    memset(deep, '[', 100000);
    deep[100000] = '\0';
    refused(deep, TSIG_ERR_TOO_DEEP, "JSON error at 1:1001: nesting deeper than 1000", 1, 1001);
    memset(deep, '[', 1000);
    memset(deep + 1000, ']', 1000);
    deep[2000] = '\0';
    char *out;
    CHECK_INT(tsig_normalize_keys(deep, 2000, &out, NULL, NULL), TSIG_OK);
    CHECK(out && strcmp(out, deep) == 0);
    tsig_free(out);
    free(deep);
    CHECK_INT(tsig_normalize_keys(NULL, 1, &out, NULL, NULL), TSIG_ERR_ARGUMENT);
    CHECK_INT(tsig_normalize_keys("{}", 2, NULL, NULL, NULL), TSIG_ERR_ARGUMENT);
}

TEST(leading_byte_order_mark_is_dropped)
{
    normalized("\xEF\xBB\xBF{\"a-b\":1}", "{\"a_b\":1}");
}

int main(void)
{
    RUN(every_key_gets_hyphens_replaced_by_underscores);
    RUN(keys_are_normalized_at_any_depth_through_lists);
    RUN(values_are_untouched);
    RUN(escaped_keys_are_normalized_after_unescaping);
    RUN(colliding_keys_are_an_error_naming_both);
    RUN(the_first_collision_in_depth_first_order_is_reported);
    RUN(repeated_keys_are_an_error);
    RUN(bad_text_and_deep_nesting_are_errors);
    RUN(leading_byte_order_mark_is_dropped);
    return tsig_test_summary();
}
