/*
 * bench_validate.c: throughput of tsig_validate_json against cJSON reading
 * the same text (cJSON_ParseWithLength + cJSON_Delete), in one run.
 *
 * Two payloads of one shape, built here so every run measures the same
 * bytes:
 *
 *   {"count":100,"items":[{"id":1,"title":"Item number 0 about widgets",
 *    "score":0.5,"tags":["alpha","beta0","gamma"]}, ...]}
 *
 * with 100 items (about 10 KB) and 10 000 items (about 1 MB), values
 * varying with the index, validated against
 *
 *   {count :int, items [{id :int, title :string, score :float, tags [:string]}]}
 *
 * Streams of the 1 MB text are measured too (SPEC §12.2): their time
 * against one validation in 1 KB chunks, and what a stream that drops
 * what it validated keeps of the text (tsig_stream_kept, internal.h) and
 * what a push costs, in chunks from a byte to a KB.
 *
 * Each measurement runs a fixed number of iterations per round and keeps
 * the best of several rounds (rounds of the two libraries alternate, so a
 * slow spell of the machine hits both). Throughput is in MB/s, 1 MB being
 * 10^6 bytes of JSON text.
 *
 *   bench_validate [rounds]        (default 7)
 *
 * Build it in Release to measure: see bench/RESULTS.md.
 */
#define _POSIX_C_SOURCE 199309L

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h" /* tsig_stream_kept */
#include <time.h>

#include "cJSON.h"
#include "toolsig.h"

static const char SIGNATURE[] =
    "{count :int, items [{id :int, title :string, score :float, tags [:string]}]}";

/* ---- the payload ------------------------------------------------------------ */

typedef struct text {
    char *data;
    size_t len, cap;
} text;

/* Appends printf output; exits when memory runs out (a benchmark has no
 * better answer). */
static void append(text *t, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void append(text *t, const char *fmt, ...)
{
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(t->data + t->len, t->cap - t->len, fmt, ap);
        va_end(ap);
        if (n < 0) exit(1);
        if ((size_t)n < t->cap - t->len) {
            t->len += (size_t)n;
            return;
        }
        size_t cap = t->cap ? t->cap * 2 : 4096;
        while (cap - t->len <= (size_t)n) cap *= 2;
        char *grown = realloc(t->data, cap);
        if (!grown) {
            fprintf(stderr, "out of memory\n");
            exit(1);
        }
        t->data = grown;
        t->cap = cap;
    }
}

/* The payload with n items, compact JSON; freed with free(). */
static text payload(size_t n)
{
    text t = {NULL, 0, 0};
    append(&t, "{\"count\":%zu,\"items\":[", n);
    for (size_t i = 0; i < n; i++) {
        append(&t,
               "%s{\"id\":%zu,\"title\":\"Item number %zu about widgets\",\"score\":%zu.5,"
               "\"tags\":[\"alpha\",\"beta%zu\",\"gamma\"]}",
               i ? "," : "", i + 1, i, i % 100, i);
    }
    append(&t, "]}");
    return t;
}

/* ---- timing ------------------------------------------------------------------ */

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* What one round did, so the compiler cannot drop the work. */
static volatile size_t sink;

/* One round of iterations of tsig_validate_json; seconds taken. */
static double round_toolsig(const tsig_signature *sig, const text *t, size_t iterations,
                            unsigned flags)
{
    size_t ok = 0;
    tsig_validate_options opts = {TSIG_MODE_ENABLED, 0, 0, flags};
    double start = now_seconds();
    for (size_t i = 0; i < iterations; i++) {
        tsig_result res;
        tsig_validate_json(sig, t->data, t->len, flags ? &opts : NULL, &res);
        ok += (size_t)res.ok;
        tsig_result_free(&res);
    }
    double elapsed = now_seconds() - start;
    sink += ok;
    return elapsed;
}

/* One round of iterations of a stream fed chunk bytes at a time, then
 * ended; seconds taken. flags: the stream's (TSIG_CALLER_KEEPS_TEXT: it
 * drops what it validated). */
static double round_stream(const tsig_signature *sig, const text *t, size_t iterations,
                           size_t chunk, unsigned flags)
{
    size_t ok = 0;
    tsig_validate_options opts = {TSIG_MODE_ENABLED, 0, 0, flags};
    double start = now_seconds();
    for (size_t i = 0; i < iterations; i++) {
        tsig_stream *s = tsig_stream_new(sig, 0, &opts);
        tsig_stream_state st = TSIG_STREAM_INCOMPLETE;
        for (size_t at = 0; at < t->len; at += chunk)
            tsig_stream_push(s, t->data + at, t->len - at < chunk ? t->len - at : chunk, &st);
        tsig_result res;
        tsig_stream_end(s, &res);
        ok += (size_t)res.ok + (st == TSIG_STREAM_COMPLETE);
        tsig_result_free(&res);
        tsig_stream_free(s);
    }
    double elapsed = now_seconds() - start;
    sink += ok;
    return elapsed;
}

/* One round of iterations of cJSON_ParseWithLength + cJSON_Delete. */
static double round_cjson(const text *t, size_t iterations)
{
    size_t parsed = 0;
    double start = now_seconds();
    for (size_t i = 0; i < iterations; i++) {
        cJSON *doc = cJSON_ParseWithLength(t->data, t->len);
        parsed += doc != NULL;
        cJSON_Delete(doc);
    }
    double elapsed = now_seconds() - start;
    sink += parsed;
    return elapsed;
}

/*
 * Measures one payload: checks that both libraries accept it, then the
 * best of rounds rounds of iterations each. Returns the ratio toolsig /
 * cJSON of the throughputs.
 */
static double measure(const char *name, const tsig_signature *sig, const text *t,
                      size_t iterations, int rounds)
{
    tsig_result res;
    tsig_validate_json(sig, t->data, t->len, NULL, &res);
    cJSON *doc = cJSON_ParseWithLength(t->data, t->len);
    if (!res.ok || res.changed || !doc) {
        fprintf(stderr, "%s: payload rejected (toolsig ok %d, cJSON %s)\n", name, res.ok,
                doc ? "ok" : "failed");
        exit(1);
    }
    cJSON_Delete(doc);
    tsig_result_free(&res);

    double best_toolsig = 1e30, best_cjson = 1e30, best_repair = 1e30;
    for (int r = 0; r < rounds; r++) {
        double a = round_toolsig(sig, t, iterations, 0);
        double b = round_cjson(t, iterations);
        /* repair on: valid JSON must cost the same (SPEC §12.1) */
        double c = round_toolsig(sig, t, iterations, TSIG_REPAIR);
        if (a < best_toolsig) best_toolsig = a;
        if (b < best_cjson) best_cjson = b;
        if (c < best_repair) best_repair = c;
    }
    double megabytes = (double)t->len * (double)iterations / 1e6;
    double toolsig_mbs = megabytes / best_toolsig;
    double cjson_mbs = megabytes / best_cjson;
    printf("%s: %zu bytes, %zu iterations x %d rounds (best round)\n", name, t->len,
           iterations, rounds);
    printf("  toolsig tsig_validate_json     %8.1f MB/s  (%.2f us per document)\n",
           toolsig_mbs, best_toolsig / (double)iterations * 1e6);
    printf("  toolsig with repair on         %8.1f MB/s  (%.2f us per document)\n",
           megabytes / best_repair, best_repair / (double)iterations * 1e6);
    printf("  cJSON parse + delete           %8.1f MB/s  (%.2f us per document)\n", cjson_mbs,
           best_cjson / (double)iterations * 1e6);
    printf("  ratio toolsig / cJSON          %8.2fx\n", toolsig_mbs / cjson_mbs);
    return toolsig_mbs / cjson_mbs;
}

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 7;
    if (rounds < 1) rounds = 1;
    tsig_error err;
    tsig_signature *sig = tsig_parse(SIGNATURE, sizeof SIGNATURE - 1, &err);
    if (!sig) {
        fprintf(stderr, "signature: %s\n", err.message);
        return 1;
    }
    printf("signature: %s\n", SIGNATURE);
    text small = payload(100), large = payload(10000);
    /* About 200 MB of text per round for each payload. */
    double ratio_small = measure("10 KB payload (100 items)", sig, &small, 20000, rounds);
    double ratio_large = measure("1 MB payload (10 000 items)", sig, &large, 200, rounds);
    /* streaming (SPEC §12.2): 1 MB in 1 KB chunks against one validation */
    double best_one = 1e30, best_stream = 1e30, best_lean = 1e30;
    for (int r = 0; r < rounds; r++) {
        double a = round_toolsig(sig, &large, 50, 0);
        double b = round_stream(sig, &large, 50, 1024, 0);
        double c = round_stream(sig, &large, 50, 1024, TSIG_CALLER_KEEPS_TEXT);
        if (a < best_one) best_one = a;
        if (b < best_stream) best_stream = b;
        if (c < best_lean) best_lean = c;
    }
    printf("streaming 1 MB in 1 KB chunks: %.2fx one tsig_validate_json, %.2fx dropping what it "
           "validated (budget 1.5x)\n",
           best_stream / best_one, best_lean / best_one);
    /* memory and a push's cost in small chunks, as models stream */
    static const size_t chunks[] = {1, 8, 64, 1024};
    tsig_validate_options lean = {TSIG_MODE_ENABLED, 0, 0, TSIG_CALLER_KEEPS_TEXT};
    for (size_t c = 0; c < sizeof chunks / sizeof chunks[0]; c++) {
        size_t most = 0, pushes = 0;
        double start = now_seconds();
        tsig_stream *s = tsig_stream_new(sig, 0, &lean);
        tsig_stream_state st = TSIG_STREAM_INCOMPLETE;
        for (size_t at = 0; at < large.len; at += chunks[c], pushes++) {
            size_t n = large.len - at < chunks[c] ? large.len - at : chunks[c];
            tsig_stream_push(s, large.data + at, n, &st);
            if (tsig_stream_kept(s) > most) most = tsig_stream_kept(s);
        }
        tsig_result r;
        tsig_stream_end(s, &r);
        double took = now_seconds() - start;
        printf("stream in %4zu-byte chunks: kept at most %zu of %zu bytes, %.2fx one "
               "tsig_validate_json, %.0f ns a push%s\n",
               chunks[c], most, large.len, took / (best_one / 50), took / (double)pushes * 1e9,
               r.ok ? "" : " (NOT valid)");
        tsig_result_free(&r);
        tsig_stream_free(s);
    }
    /* linear: in 16-byte chunks, a push at the end of 1 MB costs what one
     * near the start does (pushes 10 to 1,009 against the last 1,000;
     * the best of five streams each) */
    for (int keep = 0; keep < 2; keep++) {
        tsig_validate_options o = {TSIG_MODE_ENABLED, 0, 0, keep ? 0 : TSIG_CALLER_KEEPS_TEXT};
        size_t total = (large.len + 15) / 16;
        double early_best = 1e30, late_best = 1e30;
        for (int r = 0; r < 5; r++) {
            tsig_stream *s = tsig_stream_new(sig, 0, &o);
            double early_start = 0, late_start = 0, early = 0;
            for (size_t i = 0; i < total; i++) {
                if (i == 10) early_start = now_seconds();
                if (i == 1010) early = now_seconds() - early_start;
                if (i == total - 1000) late_start = now_seconds();
                size_t at = i * 16, n = large.len - at < 16 ? large.len - at : 16;
                tsig_stream_push(s, large.data + at, n, NULL);
            }
            double late = now_seconds() - late_start;
            if (early < early_best) early_best = early;
            if (late < late_best) late_best = late;
            tsig_stream_free(s);
        }
        printf("stream in 16-byte chunks%s: pushes 10-1,009 %.0f ns each, the last 1,000 %.0f ns each "
               "(%.2fx)\n",
               keep ? ", text kept" : "", early_best / 1000 * 1e9, late_best / 1000 * 1e9,
               late_best / early_best);
    }
    printf("target toolsig >= 3x cJSON: %s (10 KB %.2fx, 1 MB %.2fx)\n",
           ratio_small >= 3.0 && ratio_large >= 3.0 ? "met" : "NOT met", ratio_small,
           ratio_large);
    free(small.data);
    free(large.data);
    tsig_signature_free(sig);
    return 0;
}
