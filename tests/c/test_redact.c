/*
 * test_redact.c: firewalled fields removed or masked (SPEC §7 redact), one
 * test per rule. Results are compared as JSON text, exactly.
 */
#include <stdlib.h>
#include <string.h>

#include "harness.h"

static void redacted_at(int line, const char *sig_text, const char *json,
                        tsig_redact_mode mode, const char *want)
{
    tsig_error err;
    tsig_signature *sig = tsig_parse(sig_text, strlen(sig_text), &err);
    char *out = NULL;
    size_t len = 0;
    tsig_code code = tsig_redact(sig, json, strlen(json), mode, &out, &len, &err);
    if (code != TSIG_OK) tsig_test_fail(__FILE__, line, "%s: %s", tsig_code_name(code), err.message);
    tsig_test_check_str(__FILE__, line, "out", out, want);
    if (out && len != strlen(want)) tsig_test_fail(__FILE__, line, "len %zu", len);
    tsig_free(out);
    tsig_signature_free(sig);
}

#define strip(sig, json, want) redacted_at(__LINE__, sig, json, TSIG_REDACT_STRIP, want)
#define mask(sig, json, want) redacted_at(__LINE__, sig, json, TSIG_REDACT_MASK, want)

TEST(strip_removes_firewalled_members)
{
    strip("{summary :string, _raw [:map]}", "{\"summary\": \"s\", \"_raw\": [{\"x\": 1}]}",
          "{\"summary\":\"s\"}");
    strip("{_a :int, b :int, _c :int}", "{\"_a\":1,\"b\":2,\"_c\":3}", "{\"b\":2}");
    strip("{_a :int}", "{\"_a\":1}", "{}");
}

TEST(mask_replaces_the_whole_value)
{
    mask("{user {name :string, _token :string}}",
         "{\"user\":{\"name\":\"n\",\"_token\":{\"deep\":[1,2,{\"x\":null}]}}}",
         "{\"user\":{\"name\":\"n\",\"_token\":\"<Firewalled>\"}}");
    mask("[{id :int, _secret :string}]", "[{\"id\":1,\"_secret\":\"a\"},{\"id\":2,\"_secret\":\"b\"}]",
         "[{\"id\":1,\"_secret\":\"<Firewalled>\"},{\"id\":2,\"_secret\":\"<Firewalled>\"}]");
}

TEST(firewalled_keys_are_hidden_at_any_depth_declared_or_not)
{
    strip(":any", "[{\"id\":1,\"_s\":\"x\"},{\"o\":{\"_i\":1,\"ok\":[{\"_j\":2}]}}]",
          "[{\"id\":1},{\"o\":{\"ok\":[{}]}}]");
    strip(":map", "{\"a\":1,\"_b\":2}", "{\"a\":1}");
    mask("{a :int}", "{\"a\":1,\"_extra\":2}", "{\"a\":1,\"_extra\":\"<Firewalled>\"}");
    /* hiding does not depend on the data matching the signature */
    strip("{a :int}", "[\"x\",{\"_k\":1}]", "[\"x\",{}]");
}

TEST(a_leading_hyphen_counts_as_underscore)
{
    strip("{_raw :string}", "{\"-raw\":\"x\"}", "{}");
    mask("{_raw :string}", "{\"-raw\":\"x\"}", "{\"-raw\":\"<Firewalled>\"}");
    mask(":any", "{\"\\u005fk\":1,\"\\u002dk\":2}", "{\"\\u005fk\":\"<Firewalled>\",\"\\u002dk\":\"<Firewalled>\"}");
}

TEST(an_underscore_inside_a_name_does_not_firewall)
{
    strip("{a_b :int}", "{\"a_b\":1,\"a-_\":2}", "{\"a_b\":1,\"a-_\":2}");
    mask("{a_b :int}", "{\"a_b\":1}", "{\"a_b\":1}");
}

TEST(values_and_scalars_are_kept_as_written)
{
    strip(":string", " \"x\" ", "\"x\"");
    strip(":any", "[1.50, -0, \"_x\", {\"k\": \"\\u005f\"}]", "[1.50,-0,\"_x\",{\"k\":\"\\u005f\"}]");
    mask(":any", "{}", "{}");
}

TEST(bad_text_repeated_keys_and_deep_nesting_are_errors)
{
    char *out = (char *)1;
    tsig_error err;
    CHECK_INT(tsig_redact(NULL, "{\"_a\":1,\"_a\":2}", 15, TSIG_REDACT_STRIP, &out, NULL, &err), TSIG_ERR_JSON);
    CHECK(out == NULL);
    CHECK_STR(err.message, "duplicate key \"_a\"");
    CHECK_INT(tsig_redact(NULL, "[{\"a\":{\"k\":1,\"k\":2}}]", 21, TSIG_REDACT_MASK, &out, NULL, &err), TSIG_ERR_JSON);
    CHECK_STR(err.message, "duplicate key \"k\" at [0].a");
    CHECK_INT(tsig_redact(NULL, "[1,]", 4, TSIG_REDACT_MASK, &out, NULL, &err), TSIG_ERR_JSON);
    CHECK_STR(err.message, "JSON error at 1:4: expected a JSON value, found \"]\"");
    char *deep = malloc(100000);
    memset(deep, '[', 100000);
    CHECK_INT(tsig_redact(NULL, deep, 100000, TSIG_REDACT_STRIP, &out, NULL, &err), TSIG_ERR_TOO_DEEP);
    CHECK_STR(err.message, "JSON error at 1:1001: nesting deeper than 1000");
    free(deep);
    CHECK_INT(tsig_redact(NULL, "1", 1, (tsig_redact_mode)5, &out, NULL, &err), TSIG_ERR_ARGUMENT);
    CHECK_INT(tsig_redact(NULL, "1", 1, TSIG_REDACT_MASK, NULL, NULL, &err), TSIG_ERR_ARGUMENT);
    /* the next call works */
    CHECK_INT(tsig_redact(NULL, "{\"_a\":1}", 8, TSIG_REDACT_MASK, &out, NULL, NULL), TSIG_OK);
    CHECK_STR(out, "{\"_a\":\"<Firewalled>\"}");
    tsig_free(out);
}

TEST(firewalled_extra_keys_of_a_star_entry_are_hidden)
{
    strip("{id :int, * :int}", "{\"id\":1,\"_tok\":2,\"x\":3}", "{\"id\":1,\"x\":3}");
    mask("{id :int, * :int}", "{\"id\":1,\"-tok\":2,\"x\":3}",
         "{\"id\":1,\"-tok\":\"<Firewalled>\",\"x\":3}");
    strip("{* {_p :int, q :int}}", "{\"a\":{\"_p\":1,\"q\":2},\"_b\":{\"q\":3}}",
          "{\"a\":{\"q\":2}}");
}

TEST(unions_and_enums_do_not_change_redaction)
{
    mask("{a :int, _b :int}|:string", "{\"a\":1,\"_b\":2}", "{\"a\":1,\"_b\":\"<Firewalled>\"}");
    strip("{a :int}|{c :int}", "{\"c\":1,\"_d\":2}", "{\"c\":1}");
    strip(":enum[a b]", "\"_a\"", "\"_a\"");
}

int main(void)
{
    RUN(strip_removes_firewalled_members);
    RUN(mask_replaces_the_whole_value);
    RUN(firewalled_keys_are_hidden_at_any_depth_declared_or_not);
    RUN(a_leading_hyphen_counts_as_underscore);
    RUN(an_underscore_inside_a_name_does_not_firewall);
    RUN(values_and_scalars_are_kept_as_written);
    RUN(bad_text_repeated_keys_and_deep_nesting_are_errors);
    RUN(firewalled_extra_keys_of_a_star_entry_are_hidden);
    RUN(unions_and_enums_do_not_change_redaction);
    return tsig_test_summary();
}
