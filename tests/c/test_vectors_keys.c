/*
 * test_vectors_keys.c: every record of vectors/key_normalize.json (SPEC §6,
 * §10), every field it holds, then the rules of §6 the records leave out:
 * key order is kept, the first collision in depth-first order is the one
 * reported, and its path names where it is.
 */
#include "harness.h"
#include "jsonval.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* s[0..len) for a message, cut after 240 bytes. */
static const char *shown(const char *s, size_t len, char *buf, size_t size)
{
    if (!s) return "NULL";
    size_t n = len < 240 ? len : 240;
    if (n > size - 40) n = size - 40;
    memcpy(buf, s, n);
    if (n < len) snprintf(buf + n, size - n, "... (%zu bytes)", len);
    else buf[n] = '\0';
    return buf;
}

static int contains(const char *hay, const char *needle, size_t nlen)
{
    size_t hlen = strlen(hay);
    for (size_t i = 0; i + nlen <= hlen; i++) {
        if (memcmp(hay + i, needle, nlen) == 0) return 1;
    }
    return nlen == 0;
}

/* Every check of one key_normalize.json record; returns the number of
 * failed checks. */
static int check_record(const jv_value *r)
{
    static const char *const known[] = {"id", "origin", "comment", "input", "json",
                                        "ok", "output", "output_json",
                                        "error_contains"};
    const char *id = jv_get_str(r, "id");
    int failures = 0;
    char gbuf[300], wbuf[300];
#define KFAIL(...)                                                            \
    do {                                                                      \
        char what_[2048];                                                     \
        snprintf(what_, sizeof what_, __VA_ARGS__);                           \
        tsig_test_fail(__FILE__, __LINE__, "%s: %s", id ? id : "?", what_);   \
        failures++;                                                           \
    } while (0)

    for (size_t k = 0; k < jv_len(r); k++) {
        const char *field = jv_key_at(r, k, NULL);
        size_t f = 0;
        while (f < sizeof known / sizeof known[0] && strcmp(known[f], field) != 0) f++;
        if (f == sizeof known / sizeof known[0]) KFAIL("unknown field \"%s\"", field);
    }
    if (jv_kind_of(jv_get(r, "ok")) != JV_BOOL) {
        KFAIL("record has no ok");
        return failures;
    }
    int want_ok = jv_bool(jv_get(r, "ok"));

    size_t len = 0;
    char *owned = NULL;
    const char *text = jv_str(jv_get(r, "json"), &len);
    if (!text) {
        if (!jv_has(r, "input")) {
            KFAIL("record has neither json nor input");
            return failures;
        }
        text = owned = jv_to_text_len(jv_get(r, "input"), &len);
    }

    char *out = (char *)"untouched";
    size_t out_len = 12345;
    tsig_error err;
    memset(&err, 0, sizeof err);
    tsig_code rc = tsig_normalize_keys(text, len, &out, &out_len, &err);

    if ((rc == TSIG_OK) != want_ok) {
        KFAIL("ok: got %s (%s), want %s", rc == TSIG_OK ? "true" : "false",
              rc == TSIG_OK ? "" : err.message, want_ok ? "true" : "false");
    }
    if (rc == TSIG_OK) {
        jv_value *got = out ? jv_parse(out, out_len) : NULL;
        if (!got) KFAIL("output is not JSON: %s", shown(out, out ? out_len : 0, gbuf, sizeof gbuf));
        if (out && strlen(out) != out_len) KFAIL("out_len %zu, strlen %zu", out_len, strlen(out));
        jv_value *parsed = NULL;
        const jv_value *want = NULL;
        size_t wlen = 0;
        const char *wj = jv_str(jv_get(r, "output_json"), &wlen);
        if (wj) {
            want = parsed = jv_parse(wj, wlen);
            if (!want) KFAIL("output_json of the record is not JSON");
            if (want && jv_has(r, "output") && !jv_equal(want, jv_get(r, "output")))
                KFAIL("the record's output and output_json differ");
        } else {
            want = jv_get(r, "output");
        }
        if (got && want && !jv_equal(got, want)) {
            char *wtext = jv_to_text(want);
            KFAIL("output:\n      got  %s\n      want %s",
                  shown(out, out_len, gbuf, sizeof gbuf),
                  shown(wtext, wtext ? strlen(wtext) : 0, wbuf, sizeof wbuf));
            free(wtext);
        }
        /* §6 renames keys and touches nothing else: key order stays. */
        if (got && want && jv_equal(got, want) && !wj && !jv_equal_ordered(got, want))
            KFAIL("key order changed: %s", shown(out, out_len, gbuf, sizeof gbuf));
        jv_free(parsed);
        jv_free(got);
        tsig_free(out);
    } else {
        if (out != NULL) KFAIL("*out is not NULL after an error");
        if (err.code != rc) KFAIL("err.code %s, returned %s", tsig_code_name(err.code),
                                  tsig_code_name(rc));
        const jv_value *list = jv_get(r, "error_contains");
        for (size_t i = 0; i < jv_len(list); i++) {
            size_t nlen = 0;
            const char *needle = jv_str(jv_at(list, i), &nlen);
            if (!needle || !contains(err.message, needle, nlen))
                KFAIL("error \"%s\" does not contain \"%s\"", err.message,
                      needle ? needle : "(not a string)");
        }
        if (jv_has(r, "error_contains") && jv_kind_of(list) != JV_LIST)
            KFAIL("error_contains is not a list");
    }
    free(owned);
#undef KFAIL
    return failures;
}

TEST(every_key_normalize_vector)
{
    size_t len = 0;
    char *text = tsig_test_read_file(tsig_test_data_path("vectors/key_normalize.json"), &len);
    CHECK(text != NULL);
    if (!text) return;
    jv_value *records = jv_parse(text, len);
    CHECK(jv_kind_of(records) == JV_LIST && jv_len(records) > 0);
    size_t failed = 0;
    for (size_t i = 0; i < jv_len(records); i++) {
        if (check_record(jv_at(records, i))) failed++;
    }
    printf("  key_normalize.json: %zu records, %zu passed, %zu failed\n",
           jv_len(records), jv_len(records) - failed, failed);
    jv_free(records);
    free(text);
}

/* ---- SPEC §6 beyond the records ------------------------------------------ */

/* normalize_keys(json) must succeed with exactly want (text, key order
 * included, compared as values with jv_equal_ordered). */
static void check_normalized(int line, const char *json, const char *want)
{
    char *out = NULL;
    size_t out_len = 0;
    tsig_error err;
    tsig_code rc = tsig_normalize_keys(json, strlen(json), &out, &out_len, &err);
    if (rc != TSIG_OK) {
        tsig_test_fail(__FILE__, line, "%s: %s", json, err.message);
        return;
    }
    jv_value *got = jv_parse(out, out_len), *w = jv_parse(want, strlen(want));
    if (!got || !jv_equal_ordered(got, w))
        tsig_test_fail(__FILE__, line, "%s:\n    got  %s\n    want %s", json, out, want);
    jv_free(got);
    jv_free(w);
    tsig_free(out);
}

/* normalize_keys(json) must fail with code and a message equal to want. */
static void check_refused(int line, const char *json, size_t len, tsig_code code,
                          const char *want)
{
    char *out = NULL;
    size_t out_len = 0;
    tsig_error err;
    tsig_code rc = tsig_normalize_keys(json, len, &out, &out_len, &err);
    if (rc != code || out != NULL || err.code != code)
        tsig_test_fail(__FILE__, line, "%s: returned %s (err.code %s), want %s", json,
                       tsig_code_name(rc), tsig_code_name(err.code), tsig_code_name(code));
    if (rc != TSIG_OK && want && strcmp(err.message, want) != 0)
        tsig_test_fail(__FILE__, line, "%s:\n    got  %s\n    want %s", json,
                       err.message, want);
    tsig_free(out);
}

#define NORMALIZED(json, want) check_normalized(__LINE__, json, want)
#define REFUSED(json, code, want) check_refused(__LINE__, json, strlen(json), code, want)

TEST(key_order_and_values_are_kept)
{
    NORMALIZED("{\"z-z\":1,\"a-a\":2,\"m\":3}", "{\"z_z\":1,\"a_a\":2,\"m\":3}");
    NORMALIZED("[{\"b-1\":{\"d-d\":1,\"c-c\":[2.50,1e3]}}]",
               "[{\"b_1\":{\"d_d\":1,\"c_c\":[2.50,1e3]}}]");
    NORMALIZED("{\"k\":\"\\ud800-\\u0000\"}", "{\"k\":\"\\ud800-\\u0000\"}");
    NORMALIZED("{\"k\":123456789012345678901234567890}",
               "{\"k\":123456789012345678901234567890}");
    NORMALIZED(" [ ] ", "[]");
}

TEST(escaped_keys_are_compared_after_unescaping)
{
    /* "\u002d" is "-": the key is "a-b" and collides with "a_b". */
    REFUSED("{\"a\\u002db\":1,\"a_b\":2}", TSIG_ERR_KEY_COLLISION, NULL);
    char *out = NULL;
    size_t out_len = 0;
    tsig_error err;
    const char *json = "{\"a\\u002db\":1,\"a_b\":2}";
    tsig_normalize_keys(json, strlen(json), &out, &out_len, &err);
    CHECK(strstr(err.message, "both normalize to \"a_b\"") != NULL);
    tsig_free(out);
    NORMALIZED("{\"a\\u002db\":1}", "{\"a_b\":1}");
}

TEST(collision_names_both_keys_and_the_path)
{
    REFUSED("{\"rows\":[{\"ok\":1},{\"a-b\":1,\"a_b\":2}]}", TSIG_ERR_KEY_COLLISION,
            "keys \"a-b\" and \"a_b\" both normalize to \"a_b\" at rows[1]");
    REFUSED("{\"x y\":{\"k-1\":1,\"k_1\":2}}", TSIG_ERR_KEY_COLLISION,
            "keys \"k-1\" and \"k_1\" both normalize to \"k_1\" at [\"x y\"]");
    REFUSED("[[{\"-\":1,\"_\":2}]]", TSIG_ERR_KEY_COLLISION,
            "keys \"-\" and \"_\" both normalize to \"_\" at [0][0]");
}

TEST(first_collision_in_depth_first_order_is_reported)
{
    /* The nested collision under "a" comes before the one at the root. */
    REFUSED("{\"a\":{\"p-q\":1,\"p_q\":2},\"x-y\":1,\"x_y\":2}", TSIG_ERR_KEY_COLLISION,
            "keys \"p-q\" and \"p_q\" both normalize to \"p_q\" at a");
    REFUSED("[{\"m-n\":1,\"m_n\":2},{\"a-b\":1,\"a_b\":2}]", TSIG_ERR_KEY_COLLISION,
            "keys \"m-n\" and \"m_n\" both normalize to \"m_n\" at [0]");
}

TEST(bad_json_is_a_positioned_json_error)
{
    REFUSED("{\"a\":1,}", TSIG_ERR_JSON, NULL);
    REFUSED("", TSIG_ERR_JSON, NULL);
    check_refused(__LINE__, "[\"a\0\"]", 6, TSIG_ERR_JSON, NULL);
    check_refused(__LINE__, "{\"\xff\":1}", 7, TSIG_ERR_JSON, NULL);
    char *out = NULL;
    size_t out_len = 0;
    tsig_error err;
    CHECK_INT(tsig_normalize_keys("[1,\n  x]", 8, &out, &out_len, &err), TSIG_ERR_JSON);
    CHECK_INT(err.line, 2);
    CHECK_INT(err.column, 3);
    CHECK(strncmp(err.message, "JSON error at 2:3: ", 19) == 0);
    CHECK(out == NULL);
}

TEST(nesting_limit_is_the_default_max_depth)
{
    size_t n = TSIG_DEFAULT_MAX_DEPTH;
    char *text = malloc(2 * n + 2);
    memset(text, '[', n);
    memset(text + n, ']', n);
    char *out = NULL;
    size_t out_len = 0;
    tsig_error err;
    CHECK_INT(tsig_normalize_keys(text, 2 * n, &out, &out_len, &err), TSIG_OK);
    CHECK(out && out_len == 2 * n && memcmp(out, text, 2 * n) == 0);
    tsig_free(out);
    out = NULL;
    memmove(text + 1, text, 2 * n);
    text[0] = '[';
    text[2 * n + 1] = ']';
    CHECK_INT(tsig_normalize_keys(text, 2 * n + 2, &out, &out_len, &err),
              TSIG_ERR_TOO_DEEP);
    CHECK(out == NULL);
    CHECK_STR(err.message, "JSON error at 1:1001: nesting deeper than 1000");
    free(text);
}

int main(void)
{
    RUN(every_key_normalize_vector);
    RUN(key_order_and_values_are_kept);
    RUN(escaped_keys_are_compared_after_unescaping);
    RUN(collision_names_both_keys_and_the_path);
    RUN(first_collision_in_depth_first_order_is_reported);
    RUN(bad_json_is_a_positioned_json_error);
    RUN(nesting_limit_is_the_default_max_depth);
    return tsig_test_summary();
}
