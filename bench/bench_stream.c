/*
 * bench_stream.c: one stream of a 1 MB text, for counting its instructions
 * (valgrind --tool=callgrind) or timing it, against one call.
 *
 *   bench_stream CHUNK [repair | drop]
 *
 * Builds the 1 MB payload of bench_validate.c (10 000 items), or with
 * "repair" a 1 MB array of objects as models write them (single quotes,
 * bare keys, True and None, trailing commas, comments, in a code fence
 * with prose around), and validates it against its signature: fed in
 * chunks of CHUNK bytes to a stream, then ended; CHUNK 0 is one call of
 * tsig_validate_json instead; "drop" streams as a caller that keeps the
 * text does (TSIG_CALLER_KEEPS_TEXT: what is validated is dropped).
 * Prints the wall time and whether the value was valid. Building the
 * payload is the same in every run, so the difference between two runs'
 * counts is the validation's.
 */
#define _POSIX_C_SOURCE 199309L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "toolsig.h"

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The payload into buf (at least 1.1 MB); its length. */
static size_t payload(char *buf, int repair)
{
    size_t len = 0;
    if (!repair) {
        len += (size_t)sprintf(buf + len, "{\"count\":10000,\"items\":[");
        for (int i = 0; i < 10000; i++)
            len += (size_t)sprintf(buf + len,
                                   "%s{\"id\":%d,\"title\":\"Item number %d about widgets\","
                                   "\"score\":%d.5,\"tags\":[\"alpha\",\"beta%d\",\"gamma\"]}",
                                   i ? "," : "", i, i, i % 7, i % 10);
        len += (size_t)sprintf(buf + len, "]}");
        return len;
    }
    len += (size_t)sprintf(buf + len, "Here is the result:\n```json\n[\n");
    for (int i = 0; len < 1000000; i++)
        len += (size_t)sprintf(buf + len,
                               "  {'id': %d, ok: True, \"title\": 'Item %d about widgets', "
                               "tags: ['a', 'b',], // note\n   \"score\": None},\n",
                               i, i);
    len += (size_t)sprintf(buf + len, "]\n```\nDone.");
    return len;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: bench_stream CHUNK [repair | drop]\n");
        return 2;
    }
    size_t chunk = (size_t)strtoul(argv[1], NULL, 10);
    int repair = argc > 2 && strcmp(argv[2], "repair") == 0;
    int drop = argc > 2 && strcmp(argv[2], "drop") == 0;
    const char *sig_text =
        repair ? "[{id :int, ok :bool, title :string, tags [:string], score :float?}]"
               : "{count :int, items [{id :int, title :string, score :float, tags [:string]}]}";
    char *text = malloc(1200000);
    if (!text) return 1;
    size_t len = payload(text, repair);
    tsig_error err;
    tsig_signature *sig = tsig_parse(sig_text, strlen(sig_text), &err);
    if (!sig) return 1;
    tsig_validate_options opts = {TSIG_MODE_ENABLED, 0, 0,
                                  repair ? TSIG_REPAIR : drop ? TSIG_CALLER_KEEPS_TEXT : 0};
    tsig_result r;
    double t0 = now_seconds();
    if (chunk == 0) {
        tsig_validate_json(sig, text, len, &opts, &r);
    } else {
        tsig_stream *s = tsig_stream_new(sig, 0, &opts);
        for (size_t at = 0; s && at < len; at += chunk)
            tsig_stream_push(s, text + at, len - at < chunk ? len - at : chunk, NULL);
        tsig_stream_end(s, &r);
        tsig_stream_free(s);
    }
    double took = now_seconds() - t0;
    printf("%zu bytes%s, %s: %.2f ms, %s\n", len, repair ? " to repair" : "",
           chunk ? "streamed" : "one call", took * 1e3, r.ok ? "valid" : "NOT valid");
    tsig_result_free(&r);
    tsig_signature_free(sig);
    free(text);
    return 0;
}
