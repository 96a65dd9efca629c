/*
 * test_bad_input.c: SPEC §10 "no input may crash, hang, or leak", through
 * every entry point that reads text: tsig_parse, tsig_validate_json,
 * tsig_validate_input_json, tsig_normalize_keys, tsig_redact,
 * tsig_from_json_schema, tsig_tool_from_json and tsig_check_placeholders.
 *
 * The inputs are the ones §10 names: nesting 100 000 deep, numbers with
 * 10 000 digits, NUL bytes, invalid UTF-8, text cut at every byte, 10 MB
 * strings and identifiers, repeated keys. What is invalid must get a clear
 * error (a position for text, a path for values); what is valid must be
 * accepted and kept as written. After every bad call, ordinary calls must
 * still give their ordinary answers (still_works). Every message produced
 * must be valid UTF-8 and fit the error struct. No timing is asserted.
 */
#include "harness.h"
#include "jsonval.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TEN_MB ((size_t)10 << 20)

/* ---- building inputs -------------------------------------------------------- */

/* open repeated n times, then middle, then close repeated n times; a
 * NUL-terminated string freed with free(), its length in *len. */
static char *nest(const char *open, size_t n, const char *middle, const char *close,
                  size_t *len)
{
    size_t lo = strlen(open), lm = strlen(middle), lc = strlen(close);
    char *s = malloc(n * (lo + lc) + lm + 1);
    if (!s) return NULL;
    size_t k = 0;
    for (size_t i = 0; i < n; i++, k += lo) memcpy(s + k, open, lo);
    memcpy(s + k, middle, lm);
    k += lm;
    for (size_t i = 0; i < n; i++, k += lc) memcpy(s + k, close, lc);
    s[k] = '\0';
    *len = k;
    return s;
}

/* prefix, then unit repeated until count bytes, then suffix (freed with free()). */
static char *filled(const char *prefix, const char *unit, size_t count, const char *suffix,
                    size_t *len)
{
    size_t lp = strlen(prefix), lu = strlen(unit), ls = strlen(suffix);
    char *s = malloc(lp + count + ls + 1);
    if (!s) return NULL;
    memcpy(s, prefix, lp);
    for (size_t i = 0; i < count; i += lu) memcpy(s + lp + i, unit, count - i < lu ? count - i : lu);
    memcpy(s + lp + count, suffix, ls);
    s[lp + count + ls] = '\0';
    *len = lp + count + ls;
    return s;
}

static tsig_signature *sig_of(const char *text)
{
    tsig_error err;
    tsig_signature *sig = tsig_parse(text, strlen(text), &err);
    if (!sig) tsig_test_fail(__FILE__, __LINE__, "%s: %s", text, err.message);
    return sig;
}

/* ---- checking outcomes ---------------------------------------------------- */

/* Line and column (1-based, bytes, only "\n" starts a line) of an offset. */
static void line_column(const char *text, size_t offset, size_t *line, size_t *column)
{
    size_t l = 1, start = 0;
    for (size_t i = 0; i < offset; i++) {
        if (text[i] == '\n') {
            l++;
            start = i + 1;
        }
    }
    *line = l;
    *column = offset - start + 1;
}

/* A message fit to show: NUL-terminated within its buffer, valid UTF-8. */
static void check_message(int line, const char *label, const char *message, size_t max)
{
    const char *end = memchr(message, '\0', max);
    size_t n = end ? (size_t)(end - message) : max;
    if (!end) tsig_test_fail(__FILE__, line, "%s: message not terminated", label);
    else if (!jv_utf8_valid(message, n))
        tsig_test_fail(__FILE__, line, "%s: message is not UTF-8: %s", label, message);
}

/*
 * err must describe an error of code want at byte offset at of text, with
 * line and column that agree, and a message containing needle (NULL: any).
 * Errors in JSON text (json) must also start with "JSON error at L:C: ".
 */
static void check_error_in(int line, const char *label, tsig_code rc, const tsig_error *err,
                           tsig_code want, const char *text, size_t at, const char *needle,
                           int json)
{
    if (rc != want || err->code != want) {
        tsig_test_fail(__FILE__, line, "%s: returned %s (err.code %s), want %s: %s", label,
                       tsig_code_name(rc), tsig_code_name(err->code), tsig_code_name(want),
                       rc != TSIG_OK ? err->message : "");
        return;
    }
    check_message(line, label, err->message, TSIG_MESSAGE_MAX);
    check_message(line, label, err->hint, TSIG_HINT_MAX);
    size_t l, c;
    line_column(text, at, &l, &c);
    if (err->offset != at || err->line != l || err->column != c)
        tsig_test_fail(__FILE__, line, "%s: at offset %zu (%zu:%zu), want %zu (%zu:%zu): %s",
                       label, err->offset, err->line, err->column, at, l, c, err->message);
    if (needle && !strstr(err->message, needle))
        tsig_test_fail(__FILE__, line, "%s: \"%s\" does not contain \"%s\"", label,
                       err->message, needle);
    if (json) {
        char prefix[64];
        snprintf(prefix, sizeof prefix, "JSON error at %zu:%zu: ", l, c);
        if (strncmp(err->message, prefix, strlen(prefix)) != 0)
            tsig_test_fail(__FILE__, line, "%s: \"%s\" does not start with \"%s\"", label,
                           err->message, prefix);
    }
}

/* An error in JSON text; an error in signature text. */
#define check_error(line, label, rc, err, want, text, at, needle) \
    check_error_in(line, label, rc, err, want, text, at, needle, 1)
#define check_sig_error(line, label, rc, err, want, text, at, needle) \
    check_error_in(line, label, rc, err, want, text, at, needle, 0)

/*
 * A validation of unreadable text: returned want, one root error that is
 * json_error's message, no value, json_error at offset at (checked as
 * check_error does).
 */
static void check_json_result(int line, const char *label, tsig_code rc,
                              const tsig_result *res, tsig_code want, const char *text,
                              size_t at, const char *needle)
{
    check_error(line, label, rc, &res->json_error, want, text, at, needle);
    if (res->ok || res->value_json || res->error_count != 1 || res->warning_count != 0) {
        tsig_test_fail(__FILE__, line, "%s: ok %d, %zu errors, %zu warnings, value %s", label,
                       res->ok, res->error_count, res->warning_count,
                       res->value_json ? "set" : "none");
        return;
    }
    if (res->errors[0].path_len != 0 || strcmp(res->errors[0].message, res->json_error.message) != 0)
        tsig_test_fail(__FILE__, line, "%s: error \"%s\" at \"%s\", json_error \"%s\"", label,
                       res->errors[0].message, res->errors[0].path, res->json_error.message);
}

/* Every issue of a result has a UTF-8 message of the length it claims. */
static void check_issue_texts(int line, const char *label, const tsig_result *res)
{
    for (size_t i = 0; i < res->error_count + res->warning_count; i++) {
        const tsig_issue *is = i < res->error_count ? &res->errors[i]
                                                     : &res->warnings[i - res->error_count];
        if (strlen(is->message) != is->message_len || !jv_utf8_valid(is->message, is->message_len))
            tsig_test_fail(__FILE__, line, "%s: issue %zu message is not %zu bytes of UTF-8",
                           label, i, is->message_len);
    }
}

/* Validates text against sig (return type, or parameters when input). */
static tsig_code run(const tsig_signature *sig, int input, tsig_mode mode, unsigned flags,
                     const char *text, size_t len, tsig_result *res)
{
    tsig_validate_options opts = {mode, 0, 0, flags};
    return input ? tsig_validate_input_json(sig, text, len, &opts, res)
                 : tsig_validate_json(sig, text, len, &opts, res);
}

/* ---- the library still works ------------------------------------------------ */

/*
 * Ordinary calls of every entry point, with their ordinary answers: run
 * after each bad call to show that it left nothing behind.
 */
static void still_works(int line)
{
#define WORKS(cond) \
    do { if (!(cond)) tsig_test_fail(__FILE__, line, "still_works: %s", #cond); } while (0)
    tsig_error err;
    const char *text = "(q :string, limit :int) -> {count :int, items [{id :int}]}";
    tsig_signature *sig = tsig_parse(text, strlen(text), &err);
    WORKS(sig != NULL);
    if (!sig) return;
    tsig_result res;
    const char *args = "{\"limit\":\"10\",\"q\":\"x\"}";
    WORKS(tsig_validate_input_json(sig, args, strlen(args), NULL, &res) == TSIG_OK);
    WORKS(res.ok && res.warning_count == 1 && res.value_json &&
          strcmp(res.value_json, "{\"q\":\"x\",\"limit\":10}") == 0);
    WORKS(res.warning_count == 1 &&
          strcmp(res.warnings[0].message, "coerced string \"10\" to int") == 0);
    tsig_result_free(&res);
    const char *value = "{\"count\":1,\"items\":[{\"id\":1}]}";
    WORKS(tsig_validate_json(sig, value, strlen(value), NULL, &res) == TSIG_OK);
    WORKS(res.ok && !res.changed && res.error_count == 0);
    tsig_result_free(&res);
    const char *bad = "{\"count\":\"1\",\"items\":[]}";
    WORKS(tsig_validate_json(sig, bad, strlen(bad), NULL, &res) == TSIG_OK);
    WORKS(!res.ok && res.error_count == 1 &&
          strcmp(res.errors[0].path, "count") == 0 &&
          strcmp(res.errors[0].message, "expected int, got string \"1\"") == 0);
    tsig_result_free(&res);

    char *out = NULL;
    size_t out_len = 0;
    WORKS(tsig_normalize_keys("{\"a-b\":1}", 9, &out, &out_len, &err) == TSIG_OK);
    WORKS(out && strcmp(out, "{\"a_b\":1}") == 0);
    tsig_free(out);
    out = NULL;
    WORKS(tsig_redact(sig, "{\"_x\":1,\"y\":2}", 14, TSIG_REDACT_MASK, &out, &out_len, &err) ==
          TSIG_OK);
    WORKS(out && strcmp(out, "{\"_x\":\"<Firewalled>\",\"y\":2}") == 0);
    tsig_free(out);

    tsig_signature *imported = tsig_from_json_schema("{\"type\":\"integer\"}", 18, 0, NULL, &err);
    char *canonical = imported ? tsig_format(imported, 0, NULL) : NULL;
    WORKS(canonical && strcmp(canonical, ":int") == 0);
    tsig_free(canonical);
    tsig_signature_free(imported);

    tsig_placeholders ph;
    WORKS(tsig_check_placeholders("Find {{q}}", 10, sig, &ph) == TSIG_OK);
    WORKS(ph.ok && ph.name_count == 1 && strcmp(ph.names[0], "q") == 0);
    tsig_placeholders_free(&ph);
    tsig_signature_free(sig);
#undef WORKS
}

#define STILL_WORKS() still_works(__LINE__)

/* ---- 100 000 levels of nesting ---------------------------------------------- */

#define DEEP 100000

TEST(json_nested_100000_deep_is_a_positioned_error_in_every_reader)
{
    static const struct {
        const char *open, *middle, *close;
        size_t level_bytes; /* bytes of one level */
    } shapes[] = {
        {"[", "1", "]", 1},
        {"{\"a\":", "1", "}", 5},
        {"[{\"k\":", "{}", "}]", 6},
        {"[", "", "", 1}, /* only openings */
    };
    tsig_signature *any = sig_of(":any");
    tsig_signature *list = sig_of("[[:any]]");
    tsig_signature *params = sig_of("(a :any) -> :any");
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        size_t len;
        char *text = nest(shapes[s].open, DEEP, shapes[s].middle, shapes[s].close, &len);
        /* The first byte past 1000 levels: the opening of level 1001. */
        size_t at = 1000 * shapes[s].level_bytes;
        if (shapes[s].level_bytes == 6) at = 500 * 6; /* two levels per unit */
        for (int mode = 0; mode < 4; mode++) {
            tsig_result res;
            tsig_code rc = run(any, 0, (tsig_mode)mode, 0, text, len, &res);
            check_json_result(__LINE__, shapes[s].open, rc, &res, TSIG_ERR_TOO_DEEP, text, at,
                              "nesting deeper than 1000");
            tsig_result_free(&res);
        }
        /* A typed list reads as deep, matching or not. */
        tsig_result res;
        tsig_code rc = run(list, 0, TSIG_MODE_ENABLED, 0, text, len, &res);
        check_json_result(__LINE__, "[[:any]]", rc, &res, TSIG_ERR_TOO_DEEP, text, at,
                          "nesting deeper than 1000");
        tsig_result_free(&res);

        char *out = NULL;
        size_t out_len;
        tsig_error err;
        rc = tsig_normalize_keys(text, len, &out, &out_len, &err);
        check_error(__LINE__, "normalize_keys", rc, &err, TSIG_ERR_TOO_DEEP, text, at,
                    "nesting deeper than 1000");
        CHECK(out == NULL);
        rc = tsig_redact(any, text, len, TSIG_REDACT_STRIP, &out, &out_len, &err);
        check_error(__LINE__, "redact", rc, &err, TSIG_ERR_TOO_DEEP, text, at,
                    "nesting deeper than 1000");
        CHECK(out == NULL);
        tsig_signature *imported = tsig_from_json_schema(text, len, 0, NULL, &err);
        check_error(__LINE__, "from_json_schema", imported ? TSIG_OK : err.code, &err,
                    TSIG_ERR_TOO_DEEP, text, at, "nesting deeper than 1000");
        tsig_signature_free(imported);
        free(text);
        STILL_WORKS();
    }

    /* validate_input: the arguments object is the first level. */
    size_t len;
    char *text = nest("[", DEEP, "", "", &len);
    char *args = malloc(len + 6);
    memcpy(args, "{\"a\":", 5);
    memcpy(args + 5, text, len);
    tsig_result res;
    tsig_code rc = run(params, 1, TSIG_MODE_ENABLED, 0, args, len + 5, &res);
    check_json_result(__LINE__, "validate_input", rc, &res, TSIG_ERR_TOO_DEEP, args, 5 + 999,
                      "nesting deeper than 1000");
    tsig_result_free(&res);
    free(args);

    /* max_depth is clamped to TSIG_MAX_DEPTH_LIMIT. */
    tsig_validate_options opts = {TSIG_MODE_ENABLED, 0, (size_t)DEEP * 10, 0};
    rc = tsig_validate_json(any, text, len, &opts, &res);
    check_json_result(__LINE__, "max_depth", rc, &res, TSIG_ERR_TOO_DEEP, text,
                      TSIG_MAX_DEPTH_LIMIT, "nesting deeper than 10000");
    tsig_result_free(&res);
    free(text);
    STILL_WORKS();

    tsig_signature_free(any);
    tsig_signature_free(list);
    tsig_signature_free(params);
}

TEST(json_schemas_nested_100000_deep_are_errors)
{
    size_t len;
    tsig_error err;
    char *text = nest("{\"type\":\"array\",\"items\":", DEEP, "{}", "}", &len);
    tsig_signature *sig = tsig_from_json_schema(text, len, 0, NULL, &err);
    CHECK(sig == NULL);
    check_error(__LINE__, "deep schema", err.code, &err, TSIG_ERR_TOO_DEEP, text, 1000 * 24,
                "nesting deeper than 1000");
    tsig_signature_free(sig);
    free(text);

    /* Within the JSON limit, past the 64 levels a signature may have. */
    text = nest("{\"type\":\"array\",\"items\":", 100, "{}", "}", &len);
    sig = tsig_from_json_schema(text, len, 0, NULL, &err);
    CHECK(sig == NULL);
    CHECK_INT(err.code, TSIG_ERR_SCHEMA);
    check_message(__LINE__, "schema 100", err.message, TSIG_MESSAGE_MAX);
    CHECK(strncmp(err.message, "#/items/items/", 14) == 0);
    size_t mlen = strlen(err.message);
    CHECK(mlen > 24 && strcmp(err.message + mlen - 24, ": nesting deeper than 64") == 0);
    tsig_signature_free(sig);
    free(text);

    char *inner = nest("{\"type\":\"array\",\"items\":", DEEP, "{}", "}", &len);
    char *tool = malloc(len + 64);
    int n = snprintf(tool, len + 64, "{\"name\":\"t\",\"inputSchema\":%s}", inner);
    sig = tsig_tool_from_json(tool, (size_t)n, 0, NULL, &err);
    CHECK(sig == NULL);
    CHECK_INT(err.code, TSIG_ERR_TOO_DEEP);
    check_message(__LINE__, "deep tool", err.message, TSIG_MESSAGE_MAX);
    free(inner);
    free(tool);
    STILL_WORKS();
}

TEST(signatures_nested_100000_deep_are_errors)
{
    static const struct {
        const char *open, *middle, *close;
        size_t at; /* offset of the 65th opening */
    } shapes[] = {
        {"[", ":int", "]", 64},
        {"{a ", ":int", "}", 64 * 3},
        {"[{a ", ":int", "}]", 32 * 4},
        {"[", "", "", 64},
        {"{a ", "", "", 64 * 3},
    };
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        size_t len;
        char *text = nest(shapes[s].open, DEEP, shapes[s].middle, shapes[s].close, &len);
        tsig_error err;
        tsig_signature *sig = tsig_parse(text, len, &err);
        CHECK(sig == NULL);
        check_sig_error(__LINE__, shapes[s].open, sig ? TSIG_OK : err.code, &err, TSIG_ERR_TOO_DEEP,
                    text, shapes[s].at, "nesting deeper than 64");
        tsig_signature_free(sig);
        /* As a parameter type too. */
        char *param = malloc(len + 16);
        memcpy(param, "(p ", 3);
        memcpy(param + 3, text, len);
        memcpy(param + 3 + len, ") -> :int", 9);
        sig = tsig_parse(param, len + 12, &err);
        CHECK(sig == NULL);
        check_sig_error(__LINE__, "param", sig ? TSIG_OK : err.code, &err, TSIG_ERR_TOO_DEEP, param,
                    3 + shapes[s].at, "nesting deeper than 64");
        tsig_signature_free(sig);
        free(param);
        free(text);
        STILL_WORKS();
    }
}

TEST(templates_with_100000_nested_sections_are_errors)
{
    tsig_signature *sig = sig_of("(a [:any], b :int) -> :any");
    size_t len;
    char *text = nest("{{#a}}", DEEP, "{{b}}", "{{/a}}", &len);
    tsig_placeholders res;
    CHECK_INT(tsig_check_placeholders(text, len, sig, &res), TSIG_OK);
    CHECK(!res.ok);
    CHECK(res.error_count >= 1);
    if (res.error_count >= 1) {
        CHECK_STR(res.errors[0].message, "{{#a}}: sections nested deeper than 64");
        CHECK_INT(res.errors[0].offset, 64 * 6);
    }
    tsig_placeholders_free(&res);
    free(text);
    /* 100 000 unclosed sections. */
    text = nest("{{#a}}", DEEP, "", "", &len);
    CHECK_INT(tsig_check_placeholders(text, len, sig, &res), TSIG_OK);
    CHECK(!res.ok);
    for (size_t i = 0; i < res.error_count; i++)
        CHECK(jv_utf8_valid(res.errors[i].message, strlen(res.errors[i].message)));
    tsig_placeholders_free(&res);
    free(text);
    tsig_signature_free(sig);
    STILL_WORKS();
}

/* ---- numbers with 10 000 digits ------------------------------------------------ */

TEST(ten_thousand_digit_numbers_are_accepted_and_kept_as_written)
{
    size_t dlen;
    char *digits = filled("", "1234567890", 10000, "", &dlen);
    size_t cap = 3 * dlen + 64;
    char *text = malloc(cap);
    tsig_result res;

    /* :int, output: accepted, unchanged; the value written is the text. */
    tsig_signature *int_sig = sig_of(":int");
    CHECK_INT(run(int_sig, 0, TSIG_MODE_ENABLED, 0, digits, dlen, &res), TSIG_OK);
    CHECK(res.ok && !res.changed && res.value_json == NULL);
    tsig_result_free(&res);
    CHECK_INT(run(int_sig, 0, TSIG_MODE_ENABLED, TSIG_VALUE_ALWAYS, digits, dlen, &res), TSIG_OK);
    CHECK(res.value_json && res.value_len == dlen && memcmp(res.value_json, digits, dlen) == 0);
    tsig_result_free(&res);
    snprintf(text, cap, "-%s", digits);
    CHECK_INT(run(int_sig, 0, TSIG_MODE_ENABLED, 0, text, dlen + 1, &res), TSIG_OK);
    CHECK(res.ok);
    tsig_result_free(&res);

    /* validate_input rewrites (fields reordered): every digit is kept. */
    tsig_signature *params = sig_of("(n :int, f :float, s :int) -> :any");
    int n = snprintf(text, cap, "{\"s\":1,\"n\":%s,\"f\":1}", digits);
    CHECK_INT(run(params, 1, TSIG_MODE_ENABLED, 0, text, (size_t)n, &res), TSIG_OK);
    CHECK(res.ok && res.changed && res.value_json);
    char *want = malloc(cap);
    int wn = snprintf(want, cap, "{\"n\":%s,\"f\":1.0,\"s\":1}", digits);
    CHECK(res.value_json && res.value_len == (size_t)wn && memcmp(res.value_json, want, res.value_len) == 0);
    tsig_result_free(&res);

    /* :float takes the int and keeps its digits; a string of 10 000 digits
     * is coerced to :int, the warning echoing only 40 characters. */
    n = snprintf(text, cap, "{\"n\":1,\"f\":%s,\"s\":\"%s\"}", digits, digits);
    CHECK_INT(run(params, 1, TSIG_MODE_ENABLED, 0, text, (size_t)n, &res), TSIG_OK);
    CHECK(res.ok && res.value_json);
    wn = snprintf(want, cap, "{\"n\":1,\"f\":%s.0,\"s\":%s}", digits, digits);
    (void)wn;
    CHECK(res.value_json && strcmp(res.value_json, want) == 0);
    CHECK_INT(res.warning_count, 1);
    if (res.warning_count == 1) {
        CHECK_STR(res.warnings[0].path, "s");
        CHECK_STR(res.warnings[0].message,
                  "coerced string \"1234567890123456789012345678901234567890\xE2\x80\xA6\" to int");
    }
    tsig_result_free(&res);

    /* Echoed in a message: cut after 40 characters. */
    tsig_signature *string_sig = sig_of(":string");
    CHECK_INT(run(string_sig, 0, TSIG_MODE_ENABLED, 0, digits, dlen, &res), TSIG_OK);
    CHECK(!res.ok && res.error_count == 1);
    if (res.error_count == 1)
        CHECK_STR(res.errors[0].message,
                  "expected string, got int 1234567890123456789012345678901234567890\xE2\x80\xA6");
    tsig_result_free(&res);

    /* A 10 000-digit fraction and exponent are floats, kept as written. */
    tsig_signature *float_sig = sig_of("[:float]");
    n = snprintf(text, cap, "[0.%s,1e%s,-1E-%s]", digits, digits, digits);
    CHECK_INT(run(float_sig, 0, TSIG_MODE_ENABLED, TSIG_VALUE_ALWAYS, text, (size_t)n, &res),
              TSIG_OK);
    CHECK(res.ok && res.value_json && strcmp(res.value_json, text) == 0);
    tsig_result_free(&res);
    CHECK_INT(run(int_sig, 0, TSIG_MODE_ENABLED, 0, text + 1, dlen + 2, &res), TSIG_OK);
    CHECK(!res.ok && res.error_count == 1);
    if (res.error_count == 1)
        CHECK_STR(res.errors[0].message,
                  "expected int, got float 0.12345678901234567890123456789012345678\xE2\x80\xA6");
    tsig_result_free(&res);

    /* normalize_keys and redact keep them too. */
    n = snprintf(text, cap, "{\"a-b\":%s,\"_c\":-%s}", digits, digits);
    char *out = NULL;
    size_t out_len;
    tsig_error err;
    CHECK_INT(tsig_normalize_keys(text, (size_t)n, &out, &out_len, &err), TSIG_OK);
    snprintf(want, cap, "{\"a_b\":%s,\"_c\":-%s}", digits, digits);
    CHECK(out && strcmp(out, want) == 0);
    tsig_free(out);
    CHECK_INT(tsig_redact(int_sig, text, (size_t)n, TSIG_REDACT_STRIP, &out, &out_len, &err),
              TSIG_OK);
    snprintf(want, cap, "{\"a-b\":%s}", digits);
    CHECK(out && strcmp(out, want) == 0);
    tsig_free(out);

    /* A JSON Schema carrying one (an ignored annotation). */
    n = snprintf(text, cap, "{\"type\":\"integer\",\"default\":%s}", digits);
    tsig_signature *imported = tsig_from_json_schema(text, (size_t)n, 0, NULL, &err);
    CHECK(imported != NULL);
    tsig_signature_free(imported);

    tsig_signature_free(int_sig);
    tsig_signature_free(params);
    tsig_signature_free(string_sig);
    tsig_signature_free(float_sig);
    free(want);
    free(text);
    free(digits);
    STILL_WORKS();
}

/* ---- NUL bytes ------------------------------------------------------------------ */

TEST(raw_nul_in_signature_text_is_a_positioned_error)
{
    static const struct {
        const char *text;
        size_t len, at;
        const char *message;
    } cases[] = {
        {"\0:int", 5, 0, "expected a type or \"(\", found a NUL byte"},
        {":int\0", 5, 4, "expected end of input after the return type, found a NUL byte"},
        {"(a\0b :int) -> :int", 18, 2, "expected a type after \"a\", found a NUL byte"},
        {"(a :int,\0 b :int) -> :int", 24, 8,
         "expected a parameter name after \",\", found a NUL byte"},
        {"(a :int)\0 -> :int", 17, 8, "expected \"->\" after the parameters, found a NUL byte"},
        {"{a :int, \0}", 11, 9, "expected a field name after \",\", found a NUL byte"},
        {"[\0:int]", 7, 1, "found a NUL byte"},
        /* a NUL inside a type name: the NUL is the error, with no guess
         * at the word before it (":in" is no type to correct) */
        {":in\0t", 5, 3, "expected a type name, found a NUL byte"},
        {"(a :in\0t) -> :int", 18, 6, "expected a type name, found a NUL byte"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tsig_error err;
        tsig_signature *sig = tsig_parse(cases[i].text, cases[i].len, &err);
        CHECK(sig == NULL);
        check_sig_error(__LINE__, cases[i].message, sig ? TSIG_OK : err.code, &err,
                    TSIG_ERR_SYNTAX, cases[i].text, cases[i].at, cases[i].message);
        tsig_signature_free(sig);
        STILL_WORKS();
    }
    tsig_error err;
    tsig_signature *sig = tsig_parse(":in\0t", 5, &err);
    CHECK(sig == NULL);
    CHECK_STR(err.hint, "");
    tsig_signature_free(sig);
    /* Text after a complete signature is never ignored, NUL or not. */
    sig = tsig_parse("(a :int) -> :int\0garbage", 24, &err);
    CHECK(sig == NULL);
    CHECK_INT(err.offset, 16);
    tsig_signature_free(sig);
}

TEST(raw_nul_in_json_is_a_json_error_escaped_nul_is_data)
{
    static const struct {
        const char *text;
        size_t len, at;
        const char *needle;
    } raw[] = {
        {"\"a\0b\"", 5, 2, "found a NUL byte"},
        {"\0", 1, 0, "expected a JSON value, found a NUL byte"},
        {"[1,\0]", 5, 3, "expected a JSON value, found a NUL byte"},
        {"{\"a\0\":1}", 8, 3, "found a NUL byte"},
        {"{\"a\":1}\0", 8, 7, "expected end of input, found a NUL byte"},
        {"[1\0]", 4, 2, "found a NUL byte"},
        {"\"\\\0\"", 4, 2, "found a NUL byte"},
    };
    tsig_signature *any = sig_of(":any");
    for (size_t i = 0; i < sizeof raw / sizeof raw[0]; i++) {
        for (int mode = 0; mode < 4; mode++) {
            tsig_result res;
            tsig_code rc = run(any, 0, (tsig_mode)mode, 0, raw[i].text, raw[i].len, &res);
            check_json_result(__LINE__, raw[i].needle, rc, &res, TSIG_ERR_JSON, raw[i].text,
                              raw[i].at, raw[i].needle);
            tsig_result_free(&res);
        }
        char *out = NULL;
        size_t out_len;
        tsig_error err;
        tsig_code rc = tsig_normalize_keys(raw[i].text, raw[i].len, &out, &out_len, &err);
        check_error(__LINE__, "normalize_keys", rc, &err, TSIG_ERR_JSON, raw[i].text, raw[i].at,
                    raw[i].needle);
        rc = tsig_redact(any, raw[i].text, raw[i].len, TSIG_REDACT_MASK, &out, &out_len, &err);
        check_error(__LINE__, "redact", rc, &err, TSIG_ERR_JSON, raw[i].text, raw[i].at,
                    raw[i].needle);
        tsig_signature *imported = tsig_from_json_schema(raw[i].text, raw[i].len, 0, NULL, &err);
        check_error(__LINE__, "from_json_schema", imported ? TSIG_OK : err.code, &err,
                    TSIG_ERR_JSON, raw[i].text, raw[i].at, "found a NUL byte");
        tsig_signature_free(imported);
        STILL_WORKS();
    }

    /* Escaped, U+0000 is an ordinary character: in values and in keys. */
    tsig_signature *typed = sig_of("{a :string}");
    const char *value = "{\"a\":\"x\\u0000y\",\"\\u0000\":\"\\u0000\"}";
    tsig_result res;
    CHECK_INT(run(typed, 0, TSIG_MODE_ENABLED, 0, value, strlen(value), &res), TSIG_OK);
    CHECK(res.ok && !res.changed);
    tsig_result_free(&res);
    CHECK_INT(run(typed, 0, TSIG_MODE_STRICT, 0, value, strlen(value), &res), TSIG_OK);
    CHECK(!res.ok && res.error_count == 1);
    if (res.error_count == 1) {
        CHECK_STR(res.errors[0].path, "[\"\\u0000\"]");
        CHECK_STR(res.errors[0].message, "unexpected field");
        CHECK(res.errors[0].segment_count == 1 && res.errors[0].segments[0].key_len == 1 &&
              res.errors[0].segments[0].key[0] == '\0');
    }
    tsig_result_free(&res);
    tsig_signature *keyword = sig_of(":keyword");
    CHECK_INT(run(keyword, 0, TSIG_MODE_ENABLED, 0, "\"a\\u0000\"", 9, &res), TSIG_OK);
    CHECK(!res.ok && res.error_count == 1);
    if (res.error_count == 1)
        CHECK_STR(res.errors[0].message, "expected keyword, got string \"a\\u0000\"");
    tsig_result_free(&res);

    char *out = NULL;
    size_t out_len;
    tsig_error err;
    const char *nul_key = "{\"a-\\u0000\":\"\\u0000\"}";
    CHECK_INT(tsig_normalize_keys(nul_key, strlen(nul_key), &out, &out_len, &err), TSIG_OK);
    CHECK_STR(out, "{\"a_\\u0000\":\"\\u0000\"}");
    tsig_free(out);
    const char *nul_keys = "{\"_\\u0000\":1,\"\\u0000\":2}";
    CHECK_INT(tsig_redact(any, nul_keys, strlen(nul_keys), TSIG_REDACT_STRIP, &out, &out_len,
                          &err), TSIG_OK);
    CHECK_STR(out, "{\"\\u0000\":2}");
    tsig_free(out);
    const char *nul_description = "{\"description\":\"a\\u0000b\"}";
    tsig_signature *imported =
        tsig_from_json_schema(nul_description, strlen(nul_description), 0, NULL, &err);
    CHECK(imported != NULL);
    tsig_signature_free(imported);
    /* A property name holding U+0000 is not an identifier: a schema error. */
    const char *schema = "{\"type\":\"object\",\"properties\":{\"a\\u0000\":{}}}";
    imported = tsig_from_json_schema(schema, strlen(schema), 0, NULL, &err);
    CHECK(imported == NULL);
    CHECK_INT(err.code, TSIG_ERR_SCHEMA);
    CHECK(strstr(err.message, "is not an identifier") != NULL);
    check_message(__LINE__, "schema NUL name", err.message, TSIG_MESSAGE_MAX);
    tsig_signature_free(imported);

    tsig_signature_free(any);
    tsig_signature_free(typed);
    tsig_signature_free(keyword);
    STILL_WORKS();
}

TEST(nul_bytes_in_templates)
{
    tsig_signature *sig = sig_of("(a [:int], b :int) -> :any");
    tsig_placeholders res;
    /* Plain text may hold NUL; placeholders after it are still found. */
    CHECK_INT(tsig_check_placeholders("x\0{{b}}\0{{#a}}\0{{.}}{{/a}}", 26, sig, &res), TSIG_OK);
    CHECK(res.ok && res.name_count == 2);
    tsig_placeholders_free(&res);
    /* Inside a placeholder it is named, escaped, in the message. */
    CHECK_INT(tsig_check_placeholders("{{b\0}} {{\0}}", 12, sig, &res), TSIG_OK);
    CHECK(!res.ok && res.error_count == 2);
    if (res.error_count == 2) {
        CHECK(strstr(res.errors[0].message, "found a NUL byte") != NULL);
        CHECK_STR(res.errors[1].message, "{{\\u0000}}: names must start with a letter");
        CHECK_INT(res.errors[0].offset, 0);
        CHECK_INT(res.errors[1].offset, 7);
    }
    tsig_placeholders_free(&res);
    tsig_signature_free(sig);
    STILL_WORKS();
}

/* ---- invalid UTF-8 ------------------------------------------------------------------ */

TEST(invalid_utf8_in_json_is_a_json_error_at_the_bad_byte)
{
    static const struct {
        const char *text;
        size_t at;
        const char *needle;
    } cases[] = {
        {"\"\xff\"", 1, "invalid UTF-8 byte 0xFF"},
        {"\"ab\xc3\"", 3, "invalid UTF-8 byte 0xC3"},            /* cut sequence */
        {"\"\xc0\xaf\"", 1, "invalid UTF-8 byte 0xC0"},          /* overlong "/" */
        {"\"\xed\xa0\x80\"", 1, "invalid UTF-8 byte 0xED"},      /* encoded surrogate */
        {"\"\xf4\x90\x80\x80\"", 1, "invalid UTF-8 byte 0xF4"},  /* above U+10FFFF */
        {"\"\x80\"", 1, "invalid UTF-8 byte 0x80"},              /* lone continuation */
        {"{\"a\":1,\"\xe9t\xe9\":2}", 8, "invalid UTF-8 byte 0xE9"}, /* Latin-1 key */
        {"[\"ok\",\n \"\xfe\"]", 9, "invalid UTF-8 byte 0xFE"},
        {"\xff", 0, "invalid UTF-8 byte 0xFF"},
        {"[1,\xc3\xa9]", 3, "found \"\xc3\xa9\""}, /* valid UTF-8, not JSON */
    };
    tsig_signature *any = sig_of(":any");
    tsig_signature *typed = sig_of("{a :int}");
    tsig_signature *params = sig_of("(a :int) -> :any");
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *text = cases[i].text;
        size_t len = strlen(text);
        const tsig_signature *sigs[] = {any, typed, params};
        for (int k = 0; k < 3; k++) {
            for (int mode = 0; mode < 4; mode++) {
                tsig_result res;
                tsig_code rc = run(sigs[k], k == 2, (tsig_mode)mode, 0, text, len, &res);
                check_json_result(__LINE__, cases[i].needle, rc, &res, TSIG_ERR_JSON, text,
                                  cases[i].at, cases[i].needle);
                tsig_result_free(&res);
            }
        }
        char *out = NULL;
        size_t out_len;
        tsig_error err;
        tsig_code rc = tsig_normalize_keys(text, len, &out, &out_len, &err);
        check_error(__LINE__, "normalize_keys", rc, &err, TSIG_ERR_JSON, text, cases[i].at,
                    cases[i].needle);
        rc = tsig_redact(any, text, len, TSIG_REDACT_MASK, &out, &out_len, &err);
        check_error(__LINE__, "redact", rc, &err, TSIG_ERR_JSON, text, cases[i].at,
                    cases[i].needle);
        tsig_signature *imported = tsig_from_json_schema(text, len, 0, NULL, &err);
        check_error(__LINE__, "from_json_schema", imported ? TSIG_OK : err.code, &err,
                    TSIG_ERR_JSON, text, cases[i].at, NULL);
        tsig_signature_free(imported);
        STILL_WORKS();
    }
    /* In a schema's strings and in a tool definition. */
    const char *schema = "{\"type\":\"object\",\"properties\":{\"a\xff\":{}}}";
    tsig_error err;
    tsig_signature *imported = tsig_from_json_schema(schema, strlen(schema), 0, NULL, &err);
    CHECK(imported == NULL);
    check_error(__LINE__, "schema key", err.code, &err, TSIG_ERR_JSON, schema, 33, "0xFF");
    const char *tool = "{\"name\":\"t\",\"description\":\"caf\xe9\"}";
    imported = tsig_tool_from_json(tool, strlen(tool), 0, NULL, &err);
    CHECK(imported == NULL);
    check_error(__LINE__, "tool", err.code, &err, TSIG_ERR_JSON, tool, 30, "0xE9");
    tsig_signature_free(any);
    tsig_signature_free(typed);
    tsig_signature_free(params);
    STILL_WORKS();
}

TEST(invalid_utf8_in_signatures_is_a_positioned_error)
{
    static const struct {
        const char *text;
        size_t at;
        const char *message;
    } cases[] = {
        {"\xc3(a :int) -> :int", 0, "expected a type or \"(\", found invalid UTF-8 byte 0xC3"},
        {"(a\xff :int) -> :int", 2, "expected a type after \"a\", found invalid UTF-8 byte 0xFF"},
        {"(a :int) -> \xff:int", 12, "expected a type after \"->\", found invalid UTF-8 byte 0xFF"},
        {"{a :int, \xe2\x82}", 9, "expected a field name after \",\", found invalid UTF-8 byte 0xE2"},
        {":int \xed\xa0\x80", 5, "found invalid UTF-8 byte 0xED"},
        /* valid UTF-8 that is not ASCII: identifiers are ASCII only */
        {"(caf\xc3\xa9 :int) -> :int", 4, "expected a type after \"caf\", found \"\xc3\xa9\""},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tsig_error err;
        const char *text = cases[i].text;
        tsig_signature *sig = tsig_parse(text, strlen(text), &err);
        CHECK(sig == NULL);
        check_sig_error(__LINE__, cases[i].message, sig ? TSIG_OK : err.code, &err, TSIG_ERR_SYNTAX,
                    text, cases[i].at, cases[i].message);
        /* The caret picture is valid UTF-8 too. */
        char *shown = tsig_error_format(&err, "signature", text, strlen(text));
        CHECK(shown && jv_utf8_valid(shown, strlen(shown)));
        tsig_free(shown);
        tsig_signature_free(sig);
        STILL_WORKS();
    }
}

TEST(invalid_utf8_in_templates_never_reaches_a_message)
{
    tsig_signature *sig = sig_of("(a :int) -> :any");
    tsig_placeholders res;
    const char *tpl = "\xff{{a}} \xc3 {{b\xff}} {{\xe9t\xe9}}";
    CHECK_INT(tsig_check_placeholders(tpl, strlen(tpl), sig, &res), TSIG_OK);
    CHECK(!res.ok && res.error_count == 2);
    for (size_t i = 0; i < res.error_count; i++) {
        CHECK(jv_utf8_valid(res.errors[i].message, strlen(res.errors[i].message)));
        CHECK(jv_utf8_valid(res.errors[i].placeholder, strlen(res.errors[i].placeholder)));
    }
    if (res.error_count == 2) {
        CHECK(strstr(res.errors[0].message, "found invalid UTF-8 byte 0xFF") != NULL);
        CHECK_INT(res.errors[0].offset, 9);
        CHECK_INT(res.errors[1].offset, 16);
    }
    for (size_t i = 0; i < res.name_count; i++)
        CHECK(jv_utf8_valid(res.names[i], strlen(res.names[i])));
    tsig_placeholders_free(&res);
    tsig_signature_free(sig);
    STILL_WORKS();
}

/* Template text is copied into the rendered prompt as it is, but a JSON
 * document must be UTF-8: tsig_api_render_template's "text" (and every
 * other JSON string the library writes) has U+FFFD for each maximal
 * subpart that is not UTF-8, as TextDecoder reads the same bytes. */
TEST(invalid_utf8_in_rendered_templates_is_replaced_in_json_documents)
{
    tsig_signature *sig = sig_of("(name :string) -> :any");
    static const struct {
        const char *tpl, *text;
    } cases[] = {
        {"Ret\x87rn {{name}}", "Ret\xEF\xBF\xBDrn Ada"},
        {"a\xE2\x82" "b", "a\xEF\xBF\xBD" "b"},         /* a cut 3-byte sequence: one */
        {"\xF0\x9F\x98", "\xEF\xBF\xBD"},                /* a cut 4-byte sequence: one */
        {"\xC0\xAF!", "\xEF\xBF\xBD\xEF\xBF\xBD!"},      /* overlong: each byte */
        {"\xED\xA0\x80", "\\ud800"},                     /* a lone surrogate: its escape */
        {"\xF4\x90\x80\x80", "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *args = "{\"name\":\"Ada\"}";
        char *doc = tsig_api_render_template(cases[i].tpl, strlen(cases[i].tpl), sig, args, strlen(args), 0);
        CHECK(doc != NULL);
        if (!doc) continue;
        CHECK(jv_utf8_valid(doc, strlen(doc)));
        jv_value *v = jv_parse(doc, strlen(doc));
        CHECK(v != NULL);
        char want[128];
        snprintf(want, sizeof want, "{\"ok\":true,\"text\":\"%s\"}", cases[i].text);
        CHECK_STR(doc, want);
        jv_free(v);
        tsig_free(doc);
    }
    tsig_signature_free(sig);
    STILL_WORKS();
}

/* A byte order mark is skipped by every reader, whatever follows it: a
 * schema or tool of one byte after the mark is judged like any other (it
 * once read as "out of memory"). */
TEST(byte_order_mark_before_a_one_byte_document)
{
    static const char *const texts[] = {"\xEF\xBB\xBF" "3", "\xEF\xBB\xBF" "0", "\xEF\xBB\xBF" "3 "};
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        size_t len = strlen(texts[i]);
        tsig_error err;
        CHECK(tsig_from_json_schema(texts[i], len, 0, NULL, &err) == NULL);
        CHECK_INT(err.code, TSIG_ERR_SCHEMA);
        CHECK_INT(err.offset, 3);
        CHECK(tsig_tool_from_json(texts[i], len, 0, NULL, &err) == NULL);
        CHECK_INT(err.code, TSIG_ERR_SCHEMA);
        CHECK_INT(err.offset, 3);
        char *doc = tsig_api_from_schema(texts[i], len, 0);
        CHECK(doc && strstr(doc, "expected a schema object, found a number") != NULL);
        tsig_free(doc);
        doc = tsig_api_tool_from_json(texts[i], len, 0);
        CHECK(doc && strstr(doc, "expected a tool object, found a number") != NULL);
        tsig_free(doc);
    }
    tsig_error err;
    tsig_signature *sig = tsig_from_json_schema("\xEF\xBB\xBF{}", 5, 0, NULL, &err);
    CHECK(sig != NULL);
    tsig_signature_free(sig);
    STILL_WORKS();
}

/* ---- text cut at every byte --------------------------------------------------------- */

/* A document with every kind of token: escapes, a surrogate pair, 2-, 3-
 * and 4-byte UTF-8, numbers with fraction and exponent, literals, nesting,
 * several lines. */
static const char SAMPLE[] =
    "{\"query\": \"caf\\u00e9 \\ud83d\\ude00 \xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\",\n"
    " \"limit\": -12.5e+3, \"ok\": true, \"no\": false, \"nil\": null,\n"
    " \"items\": [{\"id\": 1, \"tags\": [\"a\", \"b\\n\"]}, {\"id\": 2e0, \"tags\": []}],"
    " \"m\": {}}";

/*
 * Where reading text[0..n) must stop, when text[0..n) is a proper prefix
 * of a valid document: at the end, or, when n cuts a UTF-8 sequence, at
 * that sequence's first byte (which is then invalid). *needle gets the
 * expected end of the message.
 */
static size_t cut_position(const char *text, size_t n, char *needle, size_t size)
{
    size_t p = n;
    while (p > 0 && ((unsigned char)text[p - 1] & 0xC0) == 0x80) p--;
    if (p > 0 && (unsigned char)text[p - 1] >= 0xC0) {
        unsigned char lead = (unsigned char)text[p - 1];
        size_t need = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
        if (n - (p - 1) < need) {
            snprintf(needle, size, "found invalid UTF-8 byte 0x%02X", lead);
            return p - 1;
        }
    }
    snprintf(needle, size, "found end of input");
    return n;
}

TEST(json_cut_at_every_byte_is_an_error_at_the_cut)
{
    size_t len = sizeof SAMPLE - 1;
    tsig_signature *any = sig_of(":any");
    tsig_signature *typed = sig_of(
        "{query :string, limit :float, ok :bool, no :bool, nil :any?,"
        " items [{id :float, tags [:string]}], m :map}");
    tsig_signature *params = sig_of(
        "(query :string, limit :float, ok :bool, no :bool, nil :any?,"
        " items [{id :float, tags [:string]}], m :map) -> :any");
    const tsig_signature *sigs[] = {any, typed, params};
    /* The whole document is fine for each. */
    for (int k = 0; k < 3; k++) {
        tsig_result res;
        CHECK_INT(run(sigs[k], k == 2, TSIG_MODE_STRICT, 0, SAMPLE, len, &res), TSIG_OK);
        CHECK(res.ok);
        tsig_result_free(&res);
    }
    for (size_t n = 0; n < len; n++) {
        char needle[64];
        size_t at = cut_position(SAMPLE, n, needle, sizeof needle);
        char label[64];
        snprintf(label, sizeof label, "cut at %zu", n);
        /* The cut text lives in its own buffer: nothing may read past it. */
        char *text = malloc(n ? n : 1);
        memcpy(text, SAMPLE, n);
        for (int k = 0; k < 3; k++) {
            tsig_result res;
            tsig_code rc = run(sigs[k], k == 2, TSIG_MODE_ENABLED, 0, text, n, &res);
            check_json_result(__LINE__, label, rc, &res, TSIG_ERR_JSON, SAMPLE, at, needle);
            tsig_result_free(&res);
        }
        char *out = NULL;
        size_t out_len;
        tsig_error err;
        tsig_code rc = tsig_normalize_keys(text, n, &out, &out_len, &err);
        check_error(__LINE__, label, rc, &err, TSIG_ERR_JSON, SAMPLE, at, needle);
        CHECK(out == NULL);
        rc = tsig_redact(typed, text, n, TSIG_REDACT_MASK, &out, &out_len, &err);
        check_error(__LINE__, label, rc, &err, TSIG_ERR_JSON, SAMPLE, at, needle);
        CHECK(out == NULL);
        free(text);
    }
    STILL_WORKS();
    tsig_signature_free(any);
    tsig_signature_free(typed);
    tsig_signature_free(params);
}

TEST(schemas_and_tools_cut_at_every_byte_are_errors)
{
    static const char schema[] =
        "{\"type\":\"object\",\"description\":\"prix en \xe2\x82\xac\",\"properties\":"
        "{\"q\":{\"type\":\"string\"},\"n\":{\"type\":[\"integer\",\"null\"]},"
        "\"t\":{\"type\":\"array\",\"items\":{\"type\":\"number\"}}},\"required\":[\"q\",\"t\"]}";
    static const char tool[] =
        "{\"name\":\"search\",\"description\":\"Find \\\"things\\\"\",\"inputSchema\":"
        "{\"type\":\"object\",\"properties\":{\"q\":{\"type\":\"string\"}}},"
        "\"outputSchema\":{\"type\":\"array\",\"items\":{}}}";
    tsig_error err;
    tsig_signature *whole = tsig_from_json_schema(schema, sizeof schema - 1, 0, NULL, &err);
    char *canonical = whole ? tsig_format(whole, 0, NULL) : NULL;
    CHECK_STR(canonical, "{q :string, n :int?, t [:float]}");
    tsig_free(canonical);
    tsig_signature_free(whole);
    whole = tsig_tool_from_json(tool, sizeof tool - 1, 0, NULL, &err);
    canonical = whole ? tsig_format(whole, 0, NULL) : NULL;
    CHECK_STR(canonical, "(q :string?) -> [:any]");
    tsig_free(canonical);
    tsig_signature_free(whole);
    for (size_t n = 0; n < sizeof schema - 1; n++) {
        char needle[64], label[32];
        size_t at = cut_position(schema, n, needle, sizeof needle);
        snprintf(label, sizeof label, "schema cut at %zu", n);
        char *text = malloc(n ? n : 1);
        memcpy(text, schema, n);
        tsig_messages warnings = {NULL, 0, NULL};
        tsig_signature *sig = tsig_from_json_schema(text, n, TSIG_SCHEMA_LOSSY, &warnings, &err);
        check_error(__LINE__, label, sig ? TSIG_OK : err.code, &err, TSIG_ERR_JSON, schema, at,
                    needle);
        tsig_signature_free(sig);
        tsig_messages_free(&warnings);
        free(text);
    }
    for (size_t n = 0; n < sizeof tool - 1; n++) {
        char needle[64], label[32];
        size_t at = cut_position(tool, n, needle, sizeof needle);
        snprintf(label, sizeof label, "tool cut at %zu", n);
        char *text = malloc(n ? n : 1);
        memcpy(text, tool, n);
        tsig_signature *sig = tsig_tool_from_json(text, n, 0, NULL, &err);
        check_error(__LINE__, label, sig ? TSIG_OK : err.code, &err, TSIG_ERR_JSON, tool, at,
                    needle);
        tsig_signature_free(sig);
        free(text);
    }
    STILL_WORKS();
}

TEST(signatures_cut_at_every_byte_are_errors)
{
    static const char text[] =
        "(query :string,\n items [{id :int, tags [:string]?}], m {a :int}?)\n"
        "  -> {count :int, _raw :any}";
    for (size_t n = 0; n < sizeof text - 1; n++) {
        char *cut = malloc(n ? n : 1);
        memcpy(cut, text, n);
        tsig_error err;
        tsig_signature *sig = tsig_parse(cut, n, &err);
        if (sig) {
            tsig_test_fail(__FILE__, __LINE__, "cut at %zu parses", n);
        } else {
            size_t l, c;
            line_column(text, err.offset, &l, &c);
            CHECK(err.code == TSIG_ERR_SYNTAX || err.code == TSIG_ERR_UNKNOWN_TYPE);
            CHECK(err.offset <= n && err.line == l && err.column == c);
            CHECK(err.message[0] != '\0');
            check_message(__LINE__, "cut", err.message, TSIG_MESSAGE_MAX);
            /* A syntax error at the cut says so. */
            if (err.code == TSIG_ERR_SYNTAX && err.offset == n)
                CHECK(strstr(err.message, "found end of input") != NULL);
        }
        tsig_signature_free(sig);
        free(cut);
    }
    STILL_WORKS();
}

TEST(templates_cut_at_every_byte_are_judged)
{
    static const char tpl[] =
        "Hi {{user.name}}, {{#items}}{{id}} {{.}}{{/items}}{{^items}}none{{/items}}"
        " {{! note }} caf\xc3\xa9";
    tsig_signature *sig = sig_of("(user {name :string}, items [{id :int}]) -> :any");
    for (size_t n = 0; n <= sizeof tpl - 1; n++) {
        char *cut = malloc(n ? n : 1);
        memcpy(cut, tpl, n);
        tsig_placeholders res;
        CHECK_INT(tsig_check_placeholders(cut, n, sig, &res), TSIG_OK);
        CHECK(res.ok == (res.error_count == 0));
        for (size_t i = 0; i < res.error_count; i++) {
            CHECK(res.errors[i].offset < n);
            CHECK(jv_utf8_valid(res.errors[i].message, strlen(res.errors[i].message)));
        }
        tsig_placeholders_free(&res);
        free(cut);
    }
    /* "{{.}}" inside a section over a list of maps is the one error of
     * the whole template. */
    tsig_placeholders res;
    CHECK_INT(tsig_check_placeholders(tpl, sizeof tpl - 1, sig, &res), TSIG_OK);
    CHECK_INT(res.error_count, 1);
    tsig_placeholders_free(&res);
    tsig_signature_free(sig);
    STILL_WORKS();
}

/* ---- 10 MB strings -------------------------------------------------------------- */

TEST(ten_megabyte_json_strings_are_accepted)
{
    size_t len;
    char *text = filled("\"", "x", TEN_MB, "\"", &len);
    tsig_signature *string_sig = sig_of(":string");
    tsig_signature *int_sig = sig_of(":int");
    tsig_result res;
    CHECK_INT(run(string_sig, 0, TSIG_MODE_ENABLED, 0, text, len, &res), TSIG_OK);
    CHECK(res.ok && !res.changed);
    tsig_result_free(&res);
    CHECK_INT(run(string_sig, 0, TSIG_MODE_ENABLED, TSIG_VALUE_ALWAYS, text, len, &res), TSIG_OK);
    CHECK(res.value_json && res.value_len == len && memcmp(res.value_json, text, len) == 0);
    tsig_result_free(&res);
    /* The wrong type echoes 40 characters, not 10 MB. */
    CHECK_INT(run(int_sig, 0, TSIG_MODE_ENABLED, 0, text, len, &res), TSIG_OK);
    CHECK(!res.ok && res.error_count == 1);
    if (res.error_count == 1)
        CHECK_STR(res.errors[0].message,
                  "expected int, got string \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\xE2\x80\xA6\"");
    tsig_result_free(&res);
    /* Unclosed: an error at the end. */
    CHECK_INT(run(string_sig, 0, TSIG_MODE_ENABLED, 0, text, len - 1, &res), TSIG_ERR_JSON);
    CHECK_INT(res.json_error.offset, len - 1);
    tsig_result_free(&res);
    free(text);

    /* Multi-byte characters are cut on a character, never inside one. */
    text = filled("\"", "\xc3\xa9", TEN_MB, "\"", &len);
    CHECK_INT(run(int_sig, 0, TSIG_MODE_ENABLED, 0, text, len, &res), TSIG_OK);
    CHECK(res.error_count == 1);
    check_issue_texts(__LINE__, "é", &res);
    tsig_result_free(&res);
    free(text);

    /* Escapes all the way. */
    text = filled("[\"", "\\n", TEN_MB, "\"]", &len);
    tsig_signature *list = sig_of("[:string]");
    CHECK_INT(run(list, 0, TSIG_MODE_ENABLED, 0, text, len, &res), TSIG_OK);
    CHECK(res.ok);
    tsig_result_free(&res);
    free(text);

    /* A 10 MB key: reported by its path in strict mode, renamed by
     * normalize_keys, masked by redact. */
    text = filled("{\"", "a-", TEN_MB, "\":1}", &len);
    tsig_signature *typed = sig_of("{b :int?}");
    CHECK_INT(run(typed, 0, TSIG_MODE_STRICT, 0, text, len, &res), TSIG_OK);
    CHECK(!res.ok && res.error_count == 1);
    if (res.error_count == 1) {
        CHECK_INT(res.errors[0].path_len, TEN_MB); /* an identifier: written bare */
        CHECK_STR(res.errors[0].message, "unexpected field");
    }
    tsig_result_free(&res);
    char *out = NULL;
    size_t out_len;
    tsig_error err;
    CHECK_INT(tsig_normalize_keys(text, len, &out, &out_len, &err), TSIG_OK);
    CHECK(out && out_len == len && strchr(out, '-') == NULL);
    tsig_free(out);
    text[2] = '_';
    CHECK_INT(tsig_redact(typed, text, len, TSIG_REDACT_MASK, &out, &out_len, &err), TSIG_OK);
    CHECK(out && out_len == len - 1 + strlen("\"<Firewalled>\"") &&
          strcmp(out + len - 2, "\"<Firewalled>\"}") == 0);
    tsig_free(out);
    free(text);

    /* A schema carrying a 10 MB description. */
    text = filled("{\"type\":\"string\",\"description\":\"", "d", TEN_MB, "\"}", &len);
    tsig_signature *imported = tsig_from_json_schema(text, len, 0, NULL, &err);
    CHECK(imported != NULL);
    tsig_signature_free(imported);
    free(text);

    tsig_signature_free(string_sig);
    tsig_signature_free(int_sig);
    tsig_signature_free(list);
    tsig_signature_free(typed);
    STILL_WORKS();
}

TEST(ten_megabyte_signature_identifiers_parse_or_fail_cleanly)
{
    size_t len;
    char *text = filled("(", "a", TEN_MB, " :int) -> :int", &len);
    tsig_error err;
    tsig_signature *sig = tsig_parse(text, len, &err);
    if (sig) {
        /* It parses: the name is whole, and it works as any name does. */
        size_t name_len = 0;
        CHECK(tsig_param_count(sig) == 1 && tsig_param_name(sig, 0, &name_len) != NULL);
        CHECK_INT(name_len, TEN_MB);
        size_t args_len;
        char *args = filled("{\"", "a", TEN_MB, "\":\"5\"}", &args_len);
        tsig_result res;
        CHECK_INT(tsig_validate_input_json(sig, args, args_len, NULL, &res), TSIG_OK);
        CHECK(res.ok && res.warning_count == 1 && res.value_json &&
              res.value_len == args_len - 2);
        tsig_result_free(&res);
        free(args);
        size_t formatted_len;
        char *formatted = tsig_format(sig, 0, &formatted_len);
        CHECK(formatted && formatted_len == len);
        tsig_free(formatted);
        tsig_signature_free(sig);
    } else {
        check_message(__LINE__, "10 MB name", err.message, TSIG_MESSAGE_MAX);
        CHECK(err.code != TSIG_OK);
    }
    STILL_WORKS();

    /* Errors after it are positioned and echo a cut name. */
    memcpy(text + 1 + TEN_MB, " :integer", 9);
    sig = tsig_parse(text, 1 + TEN_MB + 9, &err);
    CHECK(sig == NULL);
    check_sig_error(__LINE__, ":integer", sig ? TSIG_OK : err.code, &err, TSIG_ERR_UNKNOWN_TYPE, text,
                1 + TEN_MB + 1, "unknown type \":integer\"");
    tsig_signature_free(sig);
    sig = tsig_parse(text, 1 + TEN_MB, &err);
    CHECK(sig == NULL);
    check_sig_error(__LINE__, "cut", sig ? TSIG_OK : err.code, &err, TSIG_ERR_SYNTAX, text,
                1 + TEN_MB,
                "expected a type after \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\xE2\x80\xA6\", "
                "found end of input");
    tsig_signature_free(sig);
    free(text);

    /* A 10 MB type name after ":". */
    text = filled(":", "z", TEN_MB, "", &len);
    sig = tsig_parse(text, len, &err);
    CHECK(sig == NULL);
    check_sig_error(__LINE__, ":zzz", sig ? TSIG_OK : err.code, &err, TSIG_ERR_UNKNOWN_TYPE, text, 0,
                "unknown type");
    tsig_signature_free(sig);
    free(text);

    /* A 10 MB placeholder name: one error, its echo cut. */
    sig = sig_of("(a :int) -> :any");
    text = filled("{{", "b", TEN_MB, "}}", &len);
    tsig_placeholders res;
    CHECK_INT(tsig_check_placeholders(text, len, sig, &res), TSIG_OK);
    CHECK(!res.ok && res.error_count == 1);
    if (res.error_count == 1) {
        CHECK(strlen(res.errors[0].message) < 400);
        CHECK(strstr(res.errors[0].message, "no parameter") != NULL);
    }
    tsig_placeholders_free(&res);
    free(text);
    tsig_signature_free(sig);
    STILL_WORKS();
}

/* ---- repeated keys --------------------------------------------------------------- */

TEST(repeated_keys_are_an_error_at_their_path_in_every_reader)
{
    static const struct {
        const char *sig;
        int input;
        const char *json;
        const char *path;
        const char *key;
    } cases[] = {
        {":any", 0, "{\"a\":1,\"a\":2}", "a", "a"},
        {":map", 0, "{\"a\":1,\"a\":1}", "a", "a"},
        {"{a :int}", 0, "{\"a\":1,\"a\":2}", "a", "a"},
        {"{a :int}", 0, "{\"a\":1,\"b\":2,\"b\":3}", "b", "b"},
        {"[{a :int}]", 0, "[{\"a\":1},{\"a\":1,\"\\u0061\":1}]", "[1].a", "a"},
        {"{x {y :any}}", 0, "{\"x\":{\"y\":{\"k k\":1,\"k k\":2}}}", "x.y[\"k k\"]", "k k"},
        {"(q :string) -> :any", 1, "{\"q\":\"x\",\"q\":\"y\"}", "q", "q"},
        {"(q :int) -> :any", 1, "{\"q\":\"1\",\"z\":[{\"id\":1,\"id\":1}]}", "z[0].id", "id"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tsig_signature *sig = sig_of(cases[i].sig);
        for (int mode = 0; mode < 4 && sig; mode++) {
            tsig_result res;
            tsig_code rc = run(sig, cases[i].input, (tsig_mode)mode, 0, cases[i].json,
                               strlen(cases[i].json), &res);
            CHECK_INT(rc, TSIG_OK);
            CHECK(!res.ok && res.value_json == NULL);
            CHECK_INT(res.json_error.code, TSIG_OK);
            int found = 0;
            char want[64];
            snprintf(want, sizeof want, "duplicate key \"%s\"", cases[i].key);
            for (size_t k = 0; k < res.error_count; k++)
                if (strcmp(res.errors[k].path, cases[i].path) == 0 &&
                    strcmp(res.errors[k].message, want) == 0)
                    found = 1;
            if (!found)
                tsig_test_fail(__FILE__, __LINE__, "%s %s (mode %d): no %s at %s; first: %s",
                               cases[i].sig, cases[i].json, mode, want, cases[i].path,
                               res.error_count ? res.errors[0].message : "none");
            tsig_result_free(&res);
        }
        tsig_signature_free(sig);
        STILL_WORKS();
    }

    /* normalize_keys and redact: a JSON error at the second key, with the
     * path of its object. */
    static const struct {
        const char *json;
        size_t at;
        const char *message;
    } texts[] = {
        {"{\"a\":1,\"a\":2}", 7, "duplicate key \"a\""},
        {"{\"x\":[{\"a\":1,\"a\":2}]}", 13, "duplicate key \"a\" at x[0]"},
        {"{\"x\":\n {\"b\":1,\"a\":1,\"a\":2}}", 20, "duplicate key \"a\" at x"},
        {"[{\"a\\u002d\":1,\"a-\":2}]", 14, "duplicate key \"a-\" at [0]"},
    };
    tsig_signature *any = sig_of(":any");
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        const char *json = texts[i].json;
        char *out = NULL;
        size_t out_len;
        tsig_error err;
        tsig_code rc = tsig_normalize_keys(json, strlen(json), &out, &out_len, &err);
        CHECK(rc == TSIG_ERR_JSON && out == NULL);
        CHECK_STR(err.message, texts[i].message);
        size_t l, c;
        line_column(json, texts[i].at, &l, &c);
        CHECK(err.offset == texts[i].at && err.line == l && err.column == c);
        rc = tsig_redact(any, json, strlen(json), TSIG_REDACT_STRIP, &out, &out_len, &err);
        CHECK(rc == TSIG_ERR_JSON && out == NULL);
        CHECK_STR(err.message, texts[i].message);
        CHECK(err.offset == texts[i].at);
        STILL_WORKS();
    }
    tsig_signature_free(any);

    /* JSON Schema and tool definitions: a JSON error, as everywhere. */
    static const struct {
        const char *json;
        int tool;
        const char *message;
    } schemas[] = {
        {"{\"type\":\"string\",\"type\":\"integer\"}", 0, "duplicate key \"type\""},
        {"{\"type\":\"object\",\"properties\":{\"a\":{},\"a\":{}}}", 0,
         "duplicate key \"a\" at properties"},
        {"{\"name\":\"t\",\"name\":\"u\"}", 1, "duplicate key \"name\""},
    };
    for (size_t i = 0; i < sizeof schemas / sizeof schemas[0]; i++) {
        tsig_error err;
        const char *json = schemas[i].json;
        tsig_signature *sig = schemas[i].tool
                                  ? tsig_tool_from_json(json, strlen(json), 0, NULL, &err)
                                  : tsig_from_json_schema(json, strlen(json), TSIG_SCHEMA_LOSSY,
                                                          NULL, &err);
        CHECK(sig == NULL);
        CHECK_INT(err.code, TSIG_ERR_JSON);
        CHECK_STR(err.message, schemas[i].message);
        tsig_signature_free(sig);
        STILL_WORKS();
    }
}

int main(void)
{
    RUN(json_nested_100000_deep_is_a_positioned_error_in_every_reader);
    RUN(json_schemas_nested_100000_deep_are_errors);
    RUN(signatures_nested_100000_deep_are_errors);
    RUN(templates_with_100000_nested_sections_are_errors);
    RUN(ten_thousand_digit_numbers_are_accepted_and_kept_as_written);
    RUN(raw_nul_in_signature_text_is_a_positioned_error);
    RUN(raw_nul_in_json_is_a_json_error_escaped_nul_is_data);
    RUN(nul_bytes_in_templates);
    RUN(invalid_utf8_in_json_is_a_json_error_at_the_bad_byte);
    RUN(invalid_utf8_in_signatures_is_a_positioned_error);
    RUN(invalid_utf8_in_templates_never_reaches_a_message);
    RUN(invalid_utf8_in_rendered_templates_is_replaced_in_json_documents);
    RUN(byte_order_mark_before_a_one_byte_document);
    RUN(json_cut_at_every_byte_is_an_error_at_the_cut);
    RUN(schemas_and_tools_cut_at_every_byte_are_errors);
    RUN(signatures_cut_at_every_byte_are_errors);
    RUN(templates_cut_at_every_byte_are_judged);
    RUN(ten_megabyte_json_strings_are_accepted);
    RUN(ten_megabyte_signature_identifiers_parse_or_fail_cleanly);
    RUN(repeated_keys_are_an_error_at_their_path_in_every_reader);
    return tsig_test_summary();
}
