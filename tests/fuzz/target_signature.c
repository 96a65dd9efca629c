/*
 * target_signature.c: signature text and the JSON validated against it
 * (targets.h: OPTIONS SIGNATURE [0xFF JSON]).
 *
 * What must hold for any bytes:
 *   - tsig_parse either fails with a well-formed error pointing into the
 *     text (tsig_fuzz_check_error), or gives a signature whose canonical
 *     form parses again to the same canonical form, also with firewalled
 *     fields hidden; tsig_api_check and tsig_api_parse answer JSON
 *     documents that agree with it on "ok";
 *   - validation (output, or input with coercion, in the mode and limits
 *     OPTIONS gives) returns TSIG_OK, TSIG_ERR_JSON or TSIG_ERR_TOO_DEEP;
 *     a JSON error is positioned in the JSON text; at most max_errors
 *     errors and as many warnings (and one entry saying how many more); paths and messages are valid UTF-8;
 *     the report text builds;
 *   - every issue has a code, and a span inside the text that holds what
 *     the path names (check_spans);
 *   - a value validation accepted and wrote out is JSON that validates
 *     again with no error, and, outside "disabled" mode, needs no second
 *     rewrite (validation is idempotent);
 *   - tsig_api_validate and tsig_api_validate_fast answer JSON documents
 *     that agree with tsig_validate_* on "ok" (and on every entry's code
 *     and span).
 */
#include "targets.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "jsonval.h"

/* The signature's canonical form, checked to be stable; freed by the caller
 * with tsig_free. */
static char *canonical_round_trip(const tsig_signature *sig, unsigned flags)
{
    size_t len;
    char *canonical = tsig_format(sig, flags, &len);
    if (!canonical) tsig_fuzz_fail("tsig_format", "NULL");
    if (flags) return canonical; /* a hidden field's absence is not a round trip */
    tsig_error err;
    tsig_signature *again = tsig_parse(canonical, len, &err);
    if (!again) {
        tsig_fuzz_check_error("canonical form", &err, canonical, len);
        tsig_fuzz_fail("the canonical form does not parse", canonical);
    }
    size_t len2;
    char *canonical2 = tsig_format(again, flags, &len2);
    if (!canonical2 || len2 != len || memcmp(canonical, canonical2, len) != 0)
        tsig_fuzz_fail("the canonical form is not stable", canonical);
    tsig_free(canonical2);
    tsig_signature_free(again);
    return canonical;
}

/* An issue list: n entries, each with a UTF-8 path and message. */
static void check_issues(const char *what, const tsig_issue *issues, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (!issues[i].path || !issues[i].message || issues[i].message_len == 0)
            tsig_fuzz_fail(what, "an issue without a path or a message");
        if (!jv_utf8_valid(issues[i].path, issues[i].path_len) ||
            !jv_utf8_valid(issues[i].message, issues[i].message_len))
            tsig_fuzz_fail(what, "an issue that is not UTF-8");
    }
}

/* 1 iff two keys are equal after '-' -> '_'. */
static int same_key(const char *a, size_t alen, const char *b, size_t blen)
{
    if (alen != blen) return 0;
    for (size_t i = 0; i < alen; i++) {
        char x = a[i] == '-' ? '_' : a[i], y = b[i] == '-' ? '_' : b[i];
        if (x != y) return 0;
    }
    return 1;
}

/*
 * 1 iff the value the path segs[0..n) names in v is want: a key matches any
 * member whose key is equal after '-' -> '_' (a declared field or a raw
 * spelling); index 0 at a value that is no list is the value itself
 * (wrapped in a list); a string reached with steps left held the JSON
 * they go into (its span is the string's). budget bounds the search.
 */
static int holds(const jv_value *v, const tsig_segment *segs, size_t n, const jv_value *want,
                 int *budget)
{
    if (--*budget < 0) return 1; /* too many repeated spellings to try: give up */
    if (n == 0 || jv_kind_of(v) == JV_STRING) return jv_equal(v, want);
    if (!segs[0].key) {
        if (jv_kind_of(v) == JV_LIST && segs[0].index < jv_len(v) &&
            holds(jv_at(v, segs[0].index), segs + 1, n - 1, want, budget))
            return 1;
        return segs[0].index == 0 && holds(v, segs + 1, n - 1, want, budget);
    }
    if (jv_kind_of(v) != JV_MAP) return 0;
    for (size_t i = 0; i < jv_len(v); i++) {
        size_t klen;
        const char *key = jv_key_at(v, i, &klen);
        if (same_key(key, klen, segs[0].key, segs[0].key_len) &&
            holds(jv_at(v, i), segs + 1, n - 1, want, budget))
            return 1;
    }
    return 0;
}

/* Every issue's code and span (json/len the text, doc its value or NULL
 * when it repeats a key or has a byte-order mark). */
static void check_spans(const char *what, const char *json, size_t len, const jv_value *doc,
                        const tsig_result *r, const tsig_issue *issues, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const tsig_issue *is = &issues[i];
        tsig_issue_code code = is->code;
        if (!tsig_issue_code_name(code)[0]) tsig_fuzz_fail(what, "an issue without a code");
        if (is->offset > len || is->length > len - is->offset)
            tsig_fuzz_fail(what, "a span outside the text");
        if (code == TSIG_ISSUE_JSON_SYNTAX || code == TSIG_ISSUE_TOO_DEEP) {
            if (is->offset != r->json_error.offset || is->length != 0)
                tsig_fuzz_fail(what, "a JSON error's span is not its position");
            continue;
        }
        if (code == TSIG_ISSUE_TOO_MANY) {
            if (is->offset != 0 || is->length != len) tsig_fuzz_fail(what, "too_many is not the whole text");
            continue;
        }
        jv_value *want = jv_parse(json + is->offset, is->length);
        if (!want && !doc) continue; /* a value that repeats a key: no tree to compare */
        if (!want) {
            fprintf(stderr, "fuzz: %s: %.*s\n", is->message, (int)is->length, json + is->offset);
            tsig_fuzz_fail(what, "a span that is no JSON value");
        }
        int budget = 10000, ok;
        size_t steps = is->segment_count;
        if (code == TSIG_ISSUE_DUPLICATE_KEY || code == TSIG_ISSUE_AMBIGUOUS) {
            /* the key, or the string that held the JSON it is in */
            size_t klen;
            const char *key = jv_kind_of(want) == JV_STRING ? jv_str(want, &klen) : NULL;
            const tsig_segment *last = steps ? &is->segments[steps - 1] : NULL;
            ok = key && last && last->key && same_key(key, klen, last->key, last->key_len) &&
                 (code == TSIG_ISSUE_AMBIGUOUS ||
                  (klen == last->key_len && memcmp(key, last->key, klen) == 0));
            if (!ok && doc && steps) ok = holds(doc, is->segments, steps - 1, want, &budget);
            if (!ok && !doc) ok = jv_kind_of(want) == JV_STRING; /* inside a string */
        } else if (!doc) {
            ok = 1; /* the text repeats a key or has a byte-order mark: no tree to look in */
        } else if (code == TSIG_ISSUE_MISSING) {
            ok = steps && holds(doc, is->segments, steps - 1, want, &budget); /* the object */
        } else {
            ok = holds(doc, is->segments, steps, want, &budget);
        }
        if (!ok) {
            fprintf(stderr, "fuzz: %s at \"%s\": %.*s\n", is->message, is->path, (int)is->length,
                    json + is->offset);
            tsig_fuzz_fail(what, "a span that does not hold what the path names");
        }
        jv_free(want);
    }
}

static tsig_code validate(const tsig_signature *sig, int input, const char *json, size_t len,
                          const tsig_validate_options *opts, tsig_result *out)
{
    return input ? tsig_validate_input_json(sig, json, len, opts, out)
                 : tsig_validate_json(sig, json, len, opts, out);
}

/* Validates json as OPTIONS says and checks the result (see the file's
 * comment). */
static void check_validation(const tsig_signature *sig, unsigned options, const char *json,
                             size_t len)
{
    int input = (options >> 2) & 1;
    tsig_validate_options opts = {(tsig_mode)(options & 3u), (options >> 3) & 7u, 0,
                                  ((options >> 6) & 1u ? TSIG_VALUE_ALWAYS : 0u) |
                                      ((options >> 7) & 1u ? TSIG_NUMBERS_ARE_DOUBLES : 0u)};
    const char *what = input ? "tsig_validate_input_json" : "tsig_validate_json";
    tsig_result r;
    tsig_code code = validate(sig, input, json, len, &opts, &r);
    if (code == TSIG_ERR_JSON || code == TSIG_ERR_TOO_DEEP) {
        tsig_fuzz_check_error(what, &r.json_error, json, len);
        if (r.ok || r.error_count != 1) tsig_fuzz_fail(what, "a JSON error is not one root error");
    } else if (code != TSIG_OK) {
        tsig_fuzz_fail(what, tsig_code_name(code));
    }
    /* max_errors entries, and one "too many errors: M more not shown" */
    size_t cap = (opts.max_errors ? opts.max_errors : TSIG_DEFAULT_MAX_ERRORS) + 1;
    if (r.error_count > cap || r.warning_count > cap) tsig_fuzz_fail(what, "more issues than max_errors");
    if (r.ok != (r.error_count == 0)) tsig_fuzz_fail(what, "ok disagrees with the error count");
    check_issues(what, r.errors, r.error_count);
    check_issues(what, r.warnings, r.warning_count);
    if (opts.mode != TSIG_MODE_DISABLED || code != TSIG_OK) {
        jv_value *doc = code == TSIG_OK ? jv_parse(json, len) : NULL;
        check_spans(what, json, len, doc, &r, r.errors, r.error_count);
        check_spans(what, json, len, doc, &r, r.warnings, r.warning_count);
        jv_free(doc);
    }
    size_t report_len;
    char *report = tsig_report(&r, "Fuzz", &report_len);
    if (!report) tsig_fuzz_fail("tsig_report", "NULL");
    tsig_free(report);

    if (r.ok && r.value_json) {
        tsig_validate_options plain = {opts.mode, 0, 0, opts.flags & TSIG_NUMBERS_ARE_DOUBLES};
        tsig_result again;
        tsig_code code2 = validate(sig, input, r.value_json, r.value_len, &plain, &again);
        if (code2 != TSIG_OK || !again.ok) {
            fprintf(stderr, "fuzz: the value: %.*s\n", (int)r.value_len, r.value_json);
            tsig_fuzz_fail(what, "the value it wrote does not validate again");
        }
        if (opts.mode != TSIG_MODE_DISABLED && again.changed) {
            fprintf(stderr, "fuzz: the value: %.*s\nfuzz: rewritten: %.*s\n", (int)r.value_len,
                    r.value_json, (int)again.value_len, again.value_json ? again.value_json : "");
            tsig_fuzz_fail(what, "the value it wrote is rewritten again");
        }
        tsig_result_free(&again);
    }

    char *doc = tsig_api_validate(sig, input, json, len, &opts);
    if (!doc) tsig_fuzz_fail("tsig_api_validate", "NULL");
    jv_value *v = jv_parse(doc, strlen(doc));
    if (!v || jv_kind_of(jv_get(v, "ok")) != JV_BOOL) tsig_fuzz_fail("tsig_api_validate", doc);
    if (jv_bool(jv_get(v, "ok")) != r.ok) tsig_fuzz_fail("tsig_api_validate disagrees on ok", doc);
    /* its entries carry the result's codes and spans */
    const jv_value *lists[2] = {jv_get(v, "errors"), jv_get(v, "warnings")};
    const tsig_issue *issues[2] = {r.errors, r.warnings};
    size_t counts[2] = {r.error_count, r.warning_count};
    for (int l = 0; l < 2; l++) {
        if (jv_len(lists[l]) != counts[l]) tsig_fuzz_fail("tsig_api_validate: entries", doc);
        for (size_t i = 0; i < counts[l]; i++) {
            const jv_value *e = jv_at(lists[l], i);
            long long offset, length;
            const char *name = jv_get_str(e, "code");
            if (!name || strcmp(name, tsig_issue_code_name(issues[l][i].code)) != 0 ||
                !jv_int(jv_get(e, "offset"), &offset) || (size_t)offset != issues[l][i].offset ||
                !jv_int(jv_get(e, "length"), &length) || (size_t)length != issues[l][i].length)
                tsig_fuzz_fail("tsig_api_validate: an entry's code or span", doc);
        }
    }
    jv_free(v);
    tsig_free(doc);

    char *fast = NULL;
    int said = tsig_api_validate_fast(sig, input, json, len, (int)opts.mode, opts.max_errors, 0, &fast,
                                      opts.flags & TSIG_NUMBERS_ARE_DOUBLES);
    if (said == 1) {
        tsig_fuzz_check_doc("tsig_api_validate_fast", fast, 1);
    } else if (said != 0 || fast) {
        tsig_fuzz_fail("tsig_api_validate_fast", "neither 0 nor a document");
    } else if (!r.ok || r.warning_count) {
        tsig_fuzz_fail("tsig_api_validate_fast", "nothing to say about a value with issues");
    }
    tsig_result_free(&r);
}

int tsig_fuzz_signature(const uint8_t *data, size_t size)
{
    if (size == 0) return 0;
    unsigned options = data[0];
    const char *text = (const char *)data + 1;
    const uint8_t *sep = memchr(data + 1, TSIG_FUZZ_SEP, size - 1);
    size_t text_len = sep ? (size_t)(sep - data) - 1 : size - 1;
    const char *json = sep ? (const char *)sep + 1 : "";
    size_t json_len = sep ? size - (size_t)(sep - data) - 1 : 0;

    tsig_error err;
    tsig_signature *sig = tsig_parse(text, text_len, &err);
    char *doc = NULL;
    tsig_signature *kept = tsig_api_parse(text, text_len, &doc);
    if ((sig == NULL) != (kept == NULL)) tsig_fuzz_fail("tsig_api_parse", "disagrees with tsig_parse");
    tsig_fuzz_check_doc("tsig_api_parse", doc, 1);
    tsig_signature_free(kept);
    tsig_fuzz_check_doc("tsig_api_check", tsig_api_check(text, text_len, options & 1u), 1);
    if (!sig) {
        tsig_fuzz_check_error("tsig_parse", &err, text, text_len);
        return 0;
    }
    tsig_free(canonical_round_trip(sig, 0));
    tsig_free(canonical_round_trip(sig, TSIG_FORMAT_HIDE_FIREWALLED));
    check_validation(sig, options, json, json_len);
    tsig_signature_free(sig);
    return 0;
}

/* ---- seeds ------------------------------------------------------------------ */

/* Emits OPTIONS SIG 0xFF JSON. */
static void emit_case(tsig_fuzz_emit emit, void *ctx, unsigned options, const char *sig,
                      const char *json)
{
    uint8_t prefix = (uint8_t)options;
    const char *parts[] = {sig, json};
    tsig_fuzz_emit_parts(emit, ctx, &prefix, 1, parts, 2);
}

struct seeds {
    tsig_fuzz_emit emit;
    void *ctx;
};

/* A record of the validate vectors: the host's numbers doubles for every
 * other one. */
static void vector_case(void *ctx, size_t i, unsigned options, const char *sig, const char *json)
{
    const struct seeds *s = ctx;
    emit_case(s->emit, s->ctx, options | (unsigned)(i % 2) << 7, sig, json);
}

size_t tsig_fuzz_signature_seeds(tsig_fuzz_emit emit, void *ctx)
{
    struct seeds seeds = {emit, ctx};
    size_t count = tsig_fuzz_each_validate_vector(vector_case, &seeds);
    if (!count) return 0;
    size_t len;
    char *text;
    jv_value *records;

    text = tsig_test_read_file(tsig_test_data_path("vectors/parse.json"), &len);
    records = text ? jv_parse(text, len) : NULL;
    free(text);
    if (!records) return 0;
    for (size_t i = 0; i < jv_len(records); i++) {
        const char *sig = jv_get_str(jv_at(records, i), "sig");
        if (sig) {
            emit_case(emit, ctx, (unsigned)i & 0x3fu, sig, "{}");
            count++;
        }
    }
    jv_free(records);
    return count;
}
