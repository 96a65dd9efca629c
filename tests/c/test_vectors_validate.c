/*
 * test_vectors_validate.c: every record of vectors/validate.json, every
 * field it holds, checked by the rules of vectors/README.md; then the key
 * order SPEC §4 fixes for returned values, which the vectors leave out.
 *
 * A failing record prints its id and what was got against what was wanted;
 * the last line of the vector test counts the records that failed.
 */
#include "harness.h"
#include "jsonval.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- reporting ---------------------------------------------------------- */

/* The record being checked: its id, and how many of its checks failed. */
typedef struct vrec {
    const char *id;
    int failures;
    int pending; /* listed in tests/read-pending.txt: failures are expected */
} vrec;

#define REC_FAIL(rec, ...) rec_fail((rec), __LINE__, __VA_ARGS__)

static void rec_fail(vrec *rec, int line, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Marks the record failed and prints "<id>: <what>" with this file's line. */
static void rec_fail(vrec *rec, int line, const char *fmt, ...)
{
    char what[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    rec->failures++;
    if (!rec->pending) tsig_test_fail(__FILE__, line, "%s: %s", rec->id, what);
}

/* s[0..len) for a message: at most 240 bytes, then the total length. NUL
 * bytes show as "\0". Writes into buf (size >= 300) and returns it. */
static const char *shown(const char *s, size_t len, char *buf, size_t size)
{
    size_t n = 0;
    if (!s) return "NULL";
    for (size_t i = 0; i < len && n + 3 < size - 40; i++) {
        if (i == 240) {
            n += (size_t)snprintf(buf + n, size - n, "... (%zu bytes)", len);
            return buf;
        }
        if (s[i] == '\0') {
            buf[n++] = '\\';
            buf[n++] = '0';
        } else {
            buf[n++] = s[i];
        }
    }
    buf[n] = '\0';
    return buf;
}

/* jv_to_text of v, cut for a message like shown(). */
static const char *shown_value(const jv_value *v, char *buf, size_t size)
{
    size_t len = 0;
    char *text = jv_to_text_len(v, &len);
    shown(text, len, buf, size);
    free(text);
    return buf;
}

/* 1 iff needle[0..nlen) occurs in hay[0..hlen). */
static int contains(const char *hay, size_t hlen, const char *needle, size_t nlen)
{
    if (nlen == 0) return 1;
    for (size_t i = 0; i + nlen <= hlen; i++) {
        if (memcmp(hay + i, needle, nlen) == 0) return 1;
    }
    return 0;
}

static int starts_with(const char *s, size_t len, const char *prefix)
{
    size_t n = strlen(prefix);
    return len >= n && memcmp(s, prefix, n) == 0;
}

/* ---- paths from segments ----------------------------------------------- */

/* SPEC §4: a key is written bare when it is an identifier of §1. */
static int is_identifier(const char *s, size_t len)
{
    if (len == 0) return 0;
    for (size_t i = 0; i < len; i++) {
        char c = s[i];
        int letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
        int digit = c >= '0' && c <= '9';
        if (!(letter || (i > 0 && (digit || c == '-')))) return 0;
    }
    return 1;
}

/*
 * The path string SPEC §4 builds from an issue's segments: keys joined with
 * ".", indexes as "[i]", a key that is no identifier as ["key"]. Returns a
 * string freed with free(), or NULL when out of memory.
 */
static char *path_from_segments(const tsig_issue *issue)
{
    size_t cap = 64, len = 0;
    char *out = malloc(cap);
    if (!out) return NULL;
    out[0] = '\0';
    for (size_t i = 0; i < issue->segment_count; i++) {
        const tsig_segment *seg = &issue->segments[i];
        char index[32];
        char *quoted = NULL;
        const char *piece;
        size_t piece_len;
        int dot = 0;
        if (!seg->key) {
            snprintf(index, sizeof index, "[%zu]", seg->index);
            piece = index;
            piece_len = strlen(index);
        } else if (is_identifier(seg->key, seg->key_len)) {
            piece = seg->key;
            piece_len = seg->key_len;
            dot = i > 0;
        } else {
            char *q = jv_quote(seg->key, seg->key_len);
            size_t qlen = q ? strlen(q) : 0;
            quoted = malloc(qlen + 3);
            if (quoted && q) {
                quoted[0] = '[';
                memcpy(quoted + 1, q, qlen);
                quoted[qlen + 1] = ']';
                quoted[qlen + 2] = '\0';
            }
            free(q);
            if (!quoted || !q) {
                free(quoted);
                free(out);
                return NULL;
            }
            piece = quoted;
            piece_len = qlen + 2;
        }
        while (len + piece_len + 2 > cap) cap *= 2;
        char *bigger = realloc(out, cap);
        if (!bigger) {
            free(quoted);
            free(out);
            return NULL;
        }
        out = bigger;
        if (dot) out[len++] = '.';
        memcpy(out + len, piece, piece_len);
        len += piece_len;
        out[len] = '\0';
        free(quoted);
    }
    return out;
}

/* ---- issues -------------------------------------------------------------- */

/* Prints every issue of a list into one failure line. */
static void fail_listing(vrec *rec, const char *what, const tsig_issue *got,
                         size_t count, const jv_value *want)
{
    char text[3000];
    size_t n = 0;
    text[0] = '\0';
    for (size_t i = 0; i < count && n < sizeof text - 200; i++) {
        char buf[300];
        n += (size_t)snprintf(text + n, sizeof text - n, "\n      got  %s: %s",
                              got[i].path,
                              shown(got[i].message, got[i].message_len, buf, sizeof buf));
    }
    char wbuf[300];
    REC_FAIL(rec, "%s: got %zu entries, want %zu %s%s", what, count,
             jv_len(want), shown_value(want, wbuf, sizeof wbuf), text);
}

/* Checks one expected entry's string list field: every string (all = 1) or
 * at least one (all = 0) occurs in the message. */
static void check_contains(vrec *rec, const char *what, size_t i,
                           const tsig_issue *got, const jv_value *list,
                           const char *field, int all)
{
    if (!list) return;
    if (jv_kind_of(list) != JV_LIST) {
        REC_FAIL(rec, "%s[%zu].%s is not a list", what, i, field);
        return;
    }
    size_t found = 0;
    for (size_t k = 0; k < jv_len(list); k++) {
        size_t nlen = 0;
        const char *needle = jv_str(jv_at(list, k), &nlen);
        if (!needle) {
            REC_FAIL(rec, "%s[%zu].%s holds a non-string", what, i, field);
            return;
        }
        if (contains(got->message, got->message_len, needle, nlen)) {
            found++;
        } else if (all) {
            char buf[300];
            REC_FAIL(rec, "%s[%zu]: message \"%s\" does not contain \"%s\"",
                     what, i, shown(got->message, got->message_len, buf, sizeof buf),
                     needle);
        }
    }
    if (!all && found == 0 && jv_len(list) > 0) {
        char buf[300], wbuf[300];
        REC_FAIL(rec, "%s[%zu]: message \"%s\" contains none of %s", what, i,
                 shown(got->message, got->message_len, buf, sizeof buf),
                 shown_value(list, wbuf, sizeof wbuf));
    }
}

/*
 * errors / warnings (vectors/README.md "Comparing messages"): the same
 * number of entries in the same order; per entry, path equal, message
 * equal, message_contains all, message_contains_any one. Every issue's
 * segments must also spell its path.
 */
static void check_issues(vrec *rec, const char *what, const tsig_issue *got,
                         size_t count, const jv_value *want)
{
    for (size_t i = 0; i < count; i++) {
        char *built = path_from_segments(&got[i]);
        if (!built || strlen(got[i].path) != got[i].path_len ||
            strcmp(built, got[i].path) != 0) {
            REC_FAIL(rec, "%s[%zu]: segments spell \"%s\", path is \"%s\"", what,
                     i, built ? built : "(no memory)", got[i].path);
        }
        free(built);
        if (strlen(got[i].message) != got[i].message_len) {
            REC_FAIL(rec, "%s[%zu]: message_len %zu, strlen %zu", what, i,
                     got[i].message_len, strlen(got[i].message));
        }
    }
    if (!want) return;
    if (jv_kind_of(want) != JV_LIST) {
        REC_FAIL(rec, "%s is not a list", what);
        return;
    }
    if (jv_len(want) != count) {
        fail_listing(rec, what, got, count, want);
        return;
    }
    for (size_t i = 0; i < count; i++) {
        const jv_value *w = jv_at(want, i);
        for (size_t k = 0; k < jv_len(w); k++) {
            const char *field = jv_key_at(w, k, NULL);
            if (strcmp(field, "path") != 0 && strcmp(field, "message") != 0 &&
                strcmp(field, "message_contains") != 0 &&
                strcmp(field, "message_contains_any") != 0) {
                REC_FAIL(rec, "%s[%zu]: unknown field \"%s\"", what, i, field);
            }
        }
        size_t wlen = 0;
        const char *wpath = jv_str(jv_get(w, "path"), &wlen);
        if (wpath && (wlen != got[i].path_len ||
                      memcmp(wpath, got[i].path, wlen) != 0)) {
            REC_FAIL(rec, "%s[%zu].path: got \"%s\", want \"%s\"", what, i,
                     got[i].path, wpath);
        }
        const char *wmsg = jv_str(jv_get(w, "message"), &wlen);
        if (wmsg && (wlen != got[i].message_len ||
                     memcmp(wmsg, got[i].message, wlen) != 0)) {
            char gbuf[300], wbuf[300];
            REC_FAIL(rec, "%s[%zu].message:\n      got  \"%s\"\n      want \"%s\"",
                     what, i, shown(got[i].message, got[i].message_len, gbuf, sizeof gbuf),
                     shown(wmsg, wlen, wbuf, sizeof wbuf));
        }
        check_contains(rec, what, i, &got[i], jv_get(w, "message_contains"),
                       "message_contains", 1);
        check_contains(rec, what, i, &got[i], jv_get(w, "message_contains_any"),
                       "message_contains_any", 0);
    }
}

/* ---- one record ---------------------------------------------------------- */

static const char *const known_fields[] = {
    "id", "origin", "comment", "sig", "target", "mode", "data", "json",
    "options", "ok", "value", "value_json", "errors", "warnings", "report"};

static int parse_mode(const char *name, tsig_mode *mode)
{
    static const struct { const char *name; tsig_mode mode; } modes[] = {
        {"enabled", TSIG_MODE_ENABLED}, {"warn_only", TSIG_MODE_WARN_ONLY},
        {"disabled", TSIG_MODE_DISABLED}, {"strict", TSIG_MODE_STRICT}};
    for (size_t i = 0; name && i < sizeof modes / sizeof modes[0]; i++) {
        if (strcmp(name, modes[i].name) == 0) {
            *mode = modes[i].mode;
            return 1;
        }
    }
    return 0;
}

/* 1 iff text holds no JSON whitespace outside strings (compact JSON). */
static int is_compact(const char *text, size_t len)
{
    int in_string = 0;
    for (size_t i = 0; i < len; i++) {
        char c = text[i];
        if (in_string) {
            if (c == '\\') i++;
            else if (c == '"') in_string = 0;
        } else if (c == '"') {
            in_string = 1;
        } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            return 0;
        }
    }
    return 1;
}

/*
 * A JSON text error (SPEC §10, toolsig.h tsig_result): exactly one root
 * error "JSON error at L:C: ...", no value, json_error holding the same
 * position, and the function's return code equal to json_error.code. Any
 * other outcome leaves json_error.code TSIG_OK and returns TSIG_OK.
 */
static void check_json_error_shape(vrec *rec, tsig_code rc, const tsig_result *res)
{
    int text_error = 0;
    for (size_t i = 0; i < res->error_count; i++) {
        if (starts_with(res->errors[i].message, res->errors[i].message_len,
                        "JSON error")) {
            text_error = 1;
        }
    }
    if (!text_error) {
        if (rc != TSIG_OK || res->json_error.code != TSIG_OK) {
            REC_FAIL(rec, "no JSON text error, yet returned %s, json_error.code %s",
                     tsig_code_name(rc), tsig_code_name(res->json_error.code));
        }
        return;
    }
    if (res->error_count != 1 || res->warning_count != 0 || res->ok ||
        res->value_json) {
        REC_FAIL(rec, "a JSON text error must be the one error, no warnings, no value "
                      "(got %zu errors, %zu warnings, ok %d)",
                 res->error_count, res->warning_count, res->ok);
    }
    const tsig_issue *e = &res->errors[0];
    if (e->path_len != 0 || e->segment_count != 0) {
        REC_FAIL(rec, "a JSON text error is at the root, got path \"%s\"", e->path);
    }
    if (res->json_error.code != TSIG_ERR_JSON && res->json_error.code != TSIG_ERR_TOO_DEEP) {
        REC_FAIL(rec, "json_error.code is %s", tsig_code_name(res->json_error.code));
    }
    if (rc != res->json_error.code) {
        REC_FAIL(rec, "returned %s, json_error.code %s", tsig_code_name(rc),
                 tsig_code_name(res->json_error.code));
    }
    char want[64];
    snprintf(want, sizeof want, "JSON error at %zu:%zu: ", res->json_error.line,
             res->json_error.column);
    if (!starts_with(e->message, e->message_len, want)) {
        char buf[300];
        REC_FAIL(rec, "message \"%s\" does not start with json_error's \"%s\"",
                 shown(e->message, e->message_len, buf, sizeof buf), want);
    }
}

/* Runs one validation as the record asks, with the given value flags. */
static tsig_code run_validation(const tsig_signature *sig, int input,
                                const char *text, size_t len,
                                const tsig_validate_options *base,
                                unsigned flags, tsig_result *res)
{
    tsig_validate_options opts = *base;
    opts.flags = base->flags | flags;
    memset(res, 0, sizeof *res);
    return input ? tsig_validate_input_json(sig, text, len, &opts, res)
                 : tsig_validate_json(sig, text, len, &opts, res);
}

/* ---- streams end as the one-shot call (SPEC §12.2) ----------------------- */

/* NULL iff two results say the same (the value too, unless skip_value:
 * a stream that drops what it validated writes no changed value). */
static const char *results_differ(const tsig_result *a, const tsig_result *b, int skip_value)
{
    if (a->ok != b->ok) return "ok";
    if (a->json_error.code != b->json_error.code || a->json_error.offset != b->json_error.offset ||
        a->json_error.line != b->json_error.line || a->json_error.column != b->json_error.column)
        return "the JSON error";
    if (a->error_count != b->error_count || a->warning_count != b->warning_count)
        return "the issue counts";
    for (int w = 0; w < 2; w++) {
        const tsig_issue *x = w ? a->warnings : a->errors, *y = w ? b->warnings : b->errors;
        size_t n = w ? a->warning_count : a->error_count;
        for (size_t i = 0; i < n; i++)
            if (x[i].code != y[i].code || x[i].offset != y[i].offset || x[i].length != y[i].length ||
                x[i].path_len != y[i].path_len || memcmp(x[i].path, y[i].path, x[i].path_len) != 0 ||
                x[i].message_len != y[i].message_len ||
                memcmp(x[i].message, y[i].message, x[i].message_len) != 0)
                return w ? "a warning" : "an error";
    }
    if (skip_value) return NULL;
    if (a->changed != b->changed) return "changed";
    if ((a->value_json == NULL) != (b->value_json == NULL) ||
        (a->value_json && (a->value_len != b->value_len ||
                           memcmp(a->value_json, b->value_json, a->value_len) != 0)))
        return "the value";
    return NULL;
}

/* The text streamed in chunks of sizes drawn from 1..most (most 0: one
 * chunk; 1: a byte at a time) ends with the one-shot result, repair on and
 * off, and so does a stream that drops what it validated (without repair:
 * it keeps what repair may need). Said whether or not the record is
 * pending: a stream reads what the one-shot call reads, right or not. */
static void check_streams(const char *id, const tsig_signature *sig, int input, const char *text,
                          size_t len, const tsig_validate_options *base)
{
    static const size_t most[] = {0, 1, 3, 16, 64};
    unsigned seed = 2166136261u;
    for (const char *c = id; *c; c++) seed = (seed ^ (unsigned char)*c) * 16777619u;
    for (int repair = 0; repair < 2; repair++) {
        tsig_validate_options o = *base;
        o.flags &= ~(TSIG_REPAIR | TSIG_NO_REPAIR);
        o.flags |= repair ? TSIG_REPAIR : TSIG_NO_REPAIR;
        tsig_result one;
        if (run_validation(sig, input, text, len, &o, 0, &one) == TSIG_ERR_NOMEM) {
            tsig_test_fail(__FILE__, __LINE__, "%s: out of memory", id);
            return;
        }
        for (size_t m = 0; m < sizeof most / sizeof most[0]; m++) {
            for (int lean = 0; lean < 2 - repair; lean++) {
                tsig_validate_options so = o;
                if (lean) so.flags |= TSIG_CALLER_KEEPS_TEXT;
                tsig_stream *st = tsig_stream_new(sig, input, &so);
                tsig_code code = TSIG_OK;
                for (size_t at = 0; st && at < len && code == TSIG_OK;) {
                    seed = seed * 1103515245u + 12345u;
                    size_t n = most[m] ? 1 + (seed >> 8) % most[m] : len;
                    if (n > len - at) n = len - at;
                    code = tsig_stream_push(st, text + at, n, NULL);
                    at += n;
                }
                tsig_result end;
                memset(&end, 0, sizeof end);
                if (!st || code != TSIG_OK || (tsig_stream_end(st, &end) == TSIG_ERR_NOMEM)) {
                    tsig_test_fail(__FILE__, __LINE__, "%s: the stream failed (%s)", id,
                                   tsig_code_name(code));
                } else {
                    const char *d = results_differ(&end, &one, lean);
                    char how[48];
                    if (most[m]) snprintf(how, sizeof how, "in chunks of 1..%zu bytes", most[m]);
                    else snprintf(how, sizeof how, "in one push");
                    if (d)
                        tsig_test_fail(__FILE__, __LINE__,
                                       "%s: streamed %s%s, repair %s: %s differs from the one-shot "
                                       "call",
                                       id, how, lean ? ", dropping what it validated" : "",
                                       repair ? "on" : "off", d);
                }
                tsig_result_free(&end);
                tsig_stream_free(st);
            }
        }
        tsig_result_free(&one);
    }
}

/* Every check of one validate.json record. */
static void check_validate_record(vrec *rec, const jv_value *r)
{
    for (size_t k = 0; k < jv_len(r); k++) {
        const char *field = jv_key_at(r, k, NULL);
        size_t f = 0;
        while (f < sizeof known_fields / sizeof known_fields[0] &&
               strcmp(known_fields[f], field) != 0)
            f++;
        if (f == sizeof known_fields / sizeof known_fields[0])
            REC_FAIL(rec, "unknown field \"%s\"", field);
    }

    /* Inputs. */
    size_t sig_len = 0;
    const char *sig_text = jv_str(jv_get(r, "sig"), &sig_len);
    const char *target = jv_get_str(r, "target");
    tsig_validate_options opts = {TSIG_MODE_ENABLED, 0, 0, 0};
    if (!sig_text || !target ||
        (strcmp(target, "input") != 0 && strcmp(target, "output") != 0) ||
        !parse_mode(jv_get_str(r, "mode"), &opts.mode) ||
        jv_kind_of(jv_get(r, "ok")) != JV_BOOL) {
        REC_FAIL(rec, "record lacks sig, target, mode or ok");
        return;
    }
    int input = strcmp(target, "input") == 0;
    const jv_value *options = jv_get(r, "options");
    for (size_t k = 0; k < jv_len(options); k++) {
        const char *name = jv_key_at(options, k, NULL);
        long long n = 0;
        if (strcmp(name, "repair") == 0 && jv_kind_of(jv_at(options, k)) == JV_BOOL) {
            opts.flags |= jv_bool(jv_at(options, k)) ? TSIG_REPAIR : TSIG_NO_REPAIR;
        } else if (!jv_int(jv_at(options, k), &n) || n < 0) {
            REC_FAIL(rec, "options.%s is not a count", name);
        } else if (strcmp(name, "max_errors") == 0) {
            opts.max_errors = (size_t)n;
        } else if (strcmp(name, "max_depth") == 0) {
            opts.max_depth = (size_t)n;
        } else {
            REC_FAIL(rec, "unknown option \"%s\"", name);
        }
    }
    size_t text_len = 0;
    char *owned_text = NULL;
    const char *text = jv_str(jv_get(r, "json"), &text_len);
    if (!text) {
        if (!jv_has(r, "data")) {
            REC_FAIL(rec, "record has neither json nor data");
            return;
        }
        owned_text = jv_to_text_len(jv_get(r, "data"), &text_len);
        text = owned_text;
    }

    tsig_error perr;
    tsig_signature *sig = tsig_parse(sig_text, sig_len, &perr);
    if (!sig) {
        REC_FAIL(rec, "signature %s does not parse: %s", sig_text, perr.message);
        free(owned_text);
        return;
    }

    tsig_result res;
    tsig_code rc = run_validation(sig, input, text, text_len, &opts, 0, &res);
    int want_ok = jv_bool(jv_get(r, "ok"));
    char gbuf[300], wbuf[300];

    if (res.ok != want_ok) {
        REC_FAIL(rec, "ok: got %d, want %d (returned %s)", res.ok, want_ok,
                 tsig_code_name(rc));
    }
    check_json_error_shape(rec, rc, &res);

    /* The value: value_json when changed, else the input text itself. */
    if (!res.ok && res.value_json) REC_FAIL(rec, "a value was returned while not ok");
    if (res.value_json && !res.changed) REC_FAIL(rec, "value_json set but changed is 0");
    if (res.ok && res.changed && !res.value_json) REC_FAIL(rec, "changed but no value_json");
    if (res.value_json && opts.mode == TSIG_MODE_DISABLED)
        REC_FAIL(rec, "disabled mode passes the value through, yet it changed");
    if (res.value_json && !is_compact(res.value_json, res.value_len))
        REC_FAIL(rec, "value_json is not compact: %s",
                 shown(res.value_json, res.value_len, gbuf, sizeof gbuf));
    if (res.ok && want_ok) {
        const char *got_text = res.value_json ? res.value_json : text;
        size_t got_len = res.value_json ? res.value_len : text_len;
        jv_value *got = jv_parse(got_text, got_len);
        jv_value *want_parsed = NULL;
        const jv_value *want = NULL;
        size_t wj_len = 0;
        const char *wj = jv_str(jv_get(r, "value_json"), &wj_len);
        if (wj) {
            want = want_parsed = jv_parse(wj, wj_len);
            if (!want) REC_FAIL(rec, "value_json of the record is not JSON");
            /* Both present: they describe one result (vectors/README.md). */
            if (want && jv_has(r, "value") && !jv_equal(want, jv_get(r, "value")))
                REC_FAIL(rec, "the record's value and value_json differ");
        } else if (jv_has(r, "value")) {
            want = jv_get(r, "value");
        }
        if (!got) {
            REC_FAIL(rec, "the value is not JSON: %s",
                     shown(got_text, got_len, gbuf, sizeof gbuf));
        } else if (want && !jv_equal(got, want)) {
            REC_FAIL(rec, "value:\n      got  %s\n      want %s",
                     shown_value(got, gbuf, sizeof gbuf),
                     shown_value(want, wbuf, sizeof wbuf));
        }
        jv_free(got);
        jv_free(want_parsed);
    }

    check_issues(rec, "errors", res.errors, res.error_count, jv_get(r, "errors"));
    check_issues(rec, "warnings", res.warnings, res.warning_count, jv_get(r, "warnings"));

    size_t want_report_len = 0;
    const char *want_report = jv_str(jv_get(r, "report"), &want_report_len);
    if (want_report) {
        size_t got_len = 0;
        char *got = tsig_report(&res, input ? "Tool" : "Return", &got_len);
        if (!got || got_len != want_report_len ||
            memcmp(got, want_report, got_len) != 0) {
            REC_FAIL(rec, "report:\n      got  \"%s\"\n      want \"%s\"",
                     shown(got, got ? got_len : 0, gbuf, sizeof gbuf),
                     shown(want_report, want_report_len, wbuf, sizeof wbuf));
        }
        tsig_free(got);
    }

    /* The value flags change what is written, never the judgement. */
    tsig_result always, never;
    tsig_code rc_always = run_validation(sig, input, text, text_len, &opts,
                                         TSIG_VALUE_ALWAYS, &always);
    tsig_code rc_never = run_validation(sig, input, text, text_len, &opts,
                                        TSIG_VALUE_NEVER, &never);
    if (rc_always != rc || rc_never != rc || always.ok != res.ok ||
        never.ok != res.ok || always.error_count != res.error_count ||
        never.error_count != res.error_count ||
        always.warning_count != res.warning_count ||
        never.warning_count != res.warning_count) {
        REC_FAIL(rec, "TSIG_VALUE_ALWAYS / TSIG_VALUE_NEVER changed the outcome");
    }
    if (never.value_json) REC_FAIL(rec, "TSIG_VALUE_NEVER wrote a value");
    if (always.ok) {
        const char *want_text = res.value_json ? res.value_json : text;
        size_t want_len = res.value_json ? res.value_len : text_len;
        jv_value *a = always.value_json ? jv_parse(always.value_json, always.value_len) : NULL;
        jv_value *b = jv_parse(want_text, want_len);
        if (!a || !jv_equal_ordered(a, b)) {
            REC_FAIL(rec, "TSIG_VALUE_ALWAYS: got %s, want %s",
                     shown(always.value_json, always.value_json ? always.value_len : 0,
                           gbuf, sizeof gbuf),
                     shown(want_text, want_len, wbuf, sizeof wbuf));
        }
        jv_free(a);
        jv_free(b);
    }
    tsig_result_free(&always);
    tsig_result_free(&never);

    check_streams(rec->id, sig, input, text, text_len, &opts);

    tsig_result_free(&res);
    if (res.value_json || res.error_count || res.internal_)
        REC_FAIL(rec, "tsig_result_free did not zero the result");
    tsig_signature_free(sig);
    free(owned_text);
}

/* Whether id is a line of tests/read-pending.txt: the records of read.json
 * that the reader does not read yet. Each must still fail (a record that
 * passes comes off the list), every other record must pass. */
static int read_pending(const char *list, const char *id)
{
    size_t n = strlen(id);
    for (const char *p = list; p && *p;) {
        const char *end = strchr(p, '\n');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (len == n && memcmp(p, id, n) == 0) return 1;
        p = end ? end + 1 : NULL;
    }
    return 0;
}

/* Every record of one vector file of validate records (validate.json, and
 * read.json: validate records with repair on). */
static void every_record_of(const char *file, const char *pending)
{
    char rel[64];
    snprintf(rel, sizeof rel, "vectors/%s", file);
    size_t len = 0;
    char *text = tsig_test_read_file(tsig_test_data_path(rel), &len);
    CHECK(text != NULL);
    if (!text) return;
    jv_value *records = jv_parse(text, len);
    CHECK(jv_kind_of(records) == JV_LIST && jv_len(records) > 0);
    size_t failed = 0, waiting = 0;
    for (size_t i = 0; i < jv_len(records); i++) {
        const jv_value *r = jv_at(records, i);
        vrec rec = {jv_get_str(r, "id"), 0, 0};
        if (!rec.id) rec.id = "(record without id)";
        rec.pending = read_pending(pending, rec.id);
        check_validate_record(&rec, r);
        if (rec.pending) {
            waiting++;
            if (!rec.failures)
                tsig_test_fail(__FILE__, __LINE__, "%s passes: take it off tests/read-pending.txt", rec.id);
        } else if (rec.failures) {
            failed++;
        }
    }
    printf("  %s: %zu records, %zu passed, %zu failed, %zu pending (tests/read-pending.txt)\n", file,
           jv_len(records), jv_len(records) - failed - waiting, failed, waiting);
    jv_free(records);
    free(text);
}

TEST(every_validate_vector)
{
    every_record_of("validate.json", NULL);
}

TEST(every_read_vector)
{
    char *pending = tsig_test_read_file(tsig_test_data_path("read-pending.txt"), NULL);
    CHECK(pending != NULL);
    every_record_of("read.json", pending);
    free(pending);
}

/* ---- key order (SPEC §4) ------------------------------------------------ */

/*
 * Validates args against sig and checks the returned value, key order
 * included, against want (compact JSON); want NULL means "unchanged": ok,
 * no value_json, changed 0.
 */
static void check_order(int line, const char *sig_text, int input, tsig_mode mode,
                        const char *args, const char *want)
{
    tsig_error err;
    tsig_signature *sig = tsig_parse(sig_text, strlen(sig_text), &err);
    if (!sig) {
        tsig_test_fail(__FILE__, line, "%s does not parse: %s", sig_text, err.message);
        return;
    }
    tsig_validate_options opts = {mode, 0, 0, 0};
    tsig_result res;
    if (input) tsig_validate_input_json(sig, args, strlen(args), &opts, &res);
    else tsig_validate_json(sig, args, strlen(args), &opts, &res);
    if (!res.ok) {
        tsig_test_fail(__FILE__, line, "%s with %s: not ok (%s)", sig_text, args,
                       res.error_count ? res.errors[0].message : "no error");
    } else if (!want) {
        if (res.value_json || res.changed)
            tsig_test_fail(__FILE__, line, "%s with %s: want unchanged, got %s",
                           sig_text, args, res.value_json ? res.value_json : "changed");
    } else {
        jv_value *got = res.value_json ? jv_parse(res.value_json, res.value_len) : NULL;
        jv_value *w = jv_parse(want, strlen(want));
        if (!res.changed || !got || !jv_equal_ordered(got, w))
            tsig_test_fail(__FILE__, line, "%s with %s:\n    got  %s\n    want %s",
                           sig_text, args, res.value_json ? res.value_json : "(unchanged)",
                           want);
        jv_free(got);
        jv_free(w);
    }
    tsig_result_free(&res);
    tsig_signature_free(sig);
}

#define ORDER(sig, args, want) \
    check_order(__LINE__, sig, 1, TSIG_MODE_ENABLED, args, want)

TEST(input_declared_fields_come_first_in_signature_order)
{
    ORDER("(b :int, a :string) -> :any", "{\"a\":\"s\",\"b\":1}",
          "{\"b\":1,\"a\":\"s\"}");
    ORDER("(b :int, a :string, c :bool) -> :any", "{\"c\":true,\"a\":\"s\",\"b\":1}",
          "{\"b\":1,\"a\":\"s\",\"c\":true}");
    /* Already in order and nothing coerced: the input text is the value. */
    ORDER("(b :int, a :string) -> :any", "{\"b\":1,\"a\":\"s\"}", NULL);
    ORDER("(b :int, a :string) -> :any", "{ \"b\" : 1 , \"a\" : \"s\" }", NULL);
}

TEST(input_extra_keys_follow_in_data_order)
{
    ORDER("(b :int, a :string) -> :any",
          "{\"z\":0,\"a\":\"s\",\"y\":[1],\"b\":2,\"x\":{\"q\":1}}",
          "{\"b\":2,\"a\":\"s\",\"z\":0,\"y\":[1],\"x\":{\"q\":1}}");
    ORDER("(a :int) -> :any", "{\"a\":1,\"z\":0,\"y\":0}", NULL);
    ORDER("(a :int) -> :any", "{\"z\":0,\"a\":1,\"y\":0}", "{\"a\":1,\"z\":0,\"y\":0}");
}

TEST(input_absent_optional_fields_keep_the_order_of_the_rest)
{
    ORDER("(a :int?, b :int, c :int?) -> :any", "{\"c\":3,\"b\":2}",
          "{\"b\":2,\"c\":3}");
    ORDER("(a :int?, b :int) -> :any", "{\"b\":1}", NULL);
}

TEST(input_nested_maps_are_ordered_too)
{
    ORDER("(user {age :int, name :string}) -> :any",
          "{\"user\":{\"extra\":true,\"name\":\"n\",\"age\":3}}",
          "{\"user\":{\"age\":3,\"name\":\"n\",\"extra\":true}}");
    ORDER("(items [{id :int, name :string}]) -> :any",
          "{\"items\":[{\"id\":1,\"name\":\"x\"},{\"name\":\"y\",\"id\":2}]}",
          "{\"items\":[{\"id\":1,\"name\":\"x\"},{\"id\":2,\"name\":\"y\"}]}");
    ORDER("(o {b {d :int, c :int}?, a :int}) -> :any",
          "{\"o\":{\"a\":1,\"b\":{\"c\":2,\"d\":\"3\"}}}",
          "{\"o\":{\"b\":{\"d\":3,\"c\":2},\"a\":1}}");
}

TEST(input_keys_take_the_signature_spelling_in_place)
{
    ORDER("(user_name :string, max_count :int) -> :any",
          "{\"user-name\":\"u\",\"max-count\":2}",
          "{\"user_name\":\"u\",\"max_count\":2}");
    ORDER("(a_b :int, c :int) -> :any", "{\"c\":1,\"a-b\":2,\"x-y\":3}",
          "{\"a_b\":2,\"c\":1,\"x-y\":3}");
    ORDER("(q {first_name :string}) -> :any", "{\"q\":{\"first-name\":\"a\"}}",
          "{\"q\":{\"first_name\":\"a\"}}");
    ORDER("(a_b :int) -> :any", "{\"a_b\":1}", NULL);
}

TEST(input_coercion_keeps_the_order)
{
    ORDER("(a :int, b :float) -> :any", "{\"a\":\"1\",\"b\":2}",
          "{\"a\":1,\"b\":2.0}");
    ORDER("(a :int, b :float) -> :any", "{\"b\":\"2.5\",\"a\":\"1\"}",
          "{\"a\":1,\"b\":2.5}");
    check_order(__LINE__, "(a :int, b :int) -> :any", 1, TSIG_MODE_STRICT,
                "{\"b\":1,\"a\":2}", "{\"a\":2,\"b\":1}");
    /* warn_only: coerced where it can be, the rest kept as written */
    check_order(__LINE__, "(b :int, a :int) -> :any", 1, TSIG_MODE_WARN_ONLY,
                "{\"a\":\"x\",\"b\":\"2\"}", "{\"b\":2,\"a\":\"x\"}");
}

/*
 * validate (the return type) never coerces and keeps every key as written,
 * but the returned object is ordered as SPEC §4 says for every validation:
 * declared fields first in signature order, then the others in data order.
 */
TEST(output_values_are_ordered_but_keep_their_spelling)
{
    check_order(__LINE__, "{b :int, a :string}", 0, TSIG_MODE_ENABLED,
                "{\"a\":\"s\",\"z\":0,\"b\":1}", "{\"b\":1,\"a\":\"s\",\"z\":0}");
    check_order(__LINE__, "[{b :int, a :int}]", 0, TSIG_MODE_STRICT,
                "[{\"a\":1,\"b\":2},{\"b\":3,\"a\":4}]",
                "[{\"b\":2,\"a\":1},{\"b\":3,\"a\":4}]");
    check_order(__LINE__, "{b :int, a :int}", 0, TSIG_MODE_ENABLED,
                "{\"b\":1,\"a\":2,\"c\":3}", NULL);
    check_order(__LINE__, "{a_b :int}", 0, TSIG_MODE_ENABLED, "{\"a-b\":1}", NULL);
    check_order(__LINE__, "{a :float}", 0, TSIG_MODE_ENABLED, "{\"a\":1}", NULL);
    /* disabled passes the value through as it is */
    check_order(__LINE__, "{b :int, a :int}", 0, TSIG_MODE_DISABLED,
                "{\"a\":1,\"b\":2}", NULL);
    check_order(__LINE__, "(b :int, a :int) -> :any", 1, TSIG_MODE_DISABLED,
                "{\"a\":\"1\",\"b\":2}", NULL);
}

TEST(typed_maps_inside_map_and_any_are_left_as_they_are)
{
    /* Only typed maps order their keys: :map and :any values are data. */
    ORDER("(m :map, x :any) -> :any", "{\"m\":{\"b\":1,\"a\":2},\"x\":{\"d\":1,\"c\":2}}",
          NULL);
    ORDER("(x :any, m :map) -> :any", "{\"m\":{\"b\":1,\"a\":2},\"x\":{\"d\":1,\"c\":2}}",
          "{\"x\":{\"d\":1,\"c\":2},\"m\":{\"b\":1,\"a\":2}}");
}

int main(void)
{
    RUN(every_validate_vector);
    RUN(every_read_vector);
    RUN(input_declared_fields_come_first_in_signature_order);
    RUN(input_extra_keys_follow_in_data_order);
    RUN(input_absent_optional_fields_keep_the_order_of_the_rest);
    RUN(input_nested_maps_are_ordered_too);
    RUN(input_keys_take_the_signature_spelling_in_place);
    RUN(input_coercion_keeps_the_order);
    RUN(output_values_are_ordered_but_keep_their_spelling);
    RUN(typed_maps_inside_map_and_any_are_left_as_they_are);
    return tsig_test_summary();
}
