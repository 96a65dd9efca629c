/*
 * bench_readers.c: json.c's two readers of JSON syntax on the same whole
 * text, for what one-shot reading would pay on the reader of chunks. A
 * text of about 1 MB (10,000 records of six members: numbers, strings, a
 * list, literals) is read, best of 7 rounds of 50:
 *
 *   - by the walker (tsig_json_walk), as the validator reads an :any value
 *     and as trees are built: without key sets, then with them (repeated
 *     keys found, as validation asks);
 *   - by the push reader (tsig_json_push_read) in one chunk, its reader
 *     of values told each step and answering "go on", as a stream's is.
 *
 * Prints each time and the push reader's over the walker's. Built by
 * CMake (build/dev/bench_readers); see bench/RESULTS.md.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "internal.h"

#define ROUNDS 7
#define READS 50

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int go_on(void *ctx, int event, size_t at)
{
    (void)ctx;
    (void)event;
    (void)at;
    return TSIG_PUSH_GO;
}

/* One whole read of t by the walker (keys: with key sets). 1 when read. */
static int walk_once(const char *t, size_t n, int keys_checked)
{
    tsig_error err;
    tsig_json_walking k;
    tsig_json_walking_begin(&k, t, n, 64, &err);
    k.w.flags = keys_checked ? TSIG_WALK_KEYS : 0;
    int ok = tsig_json_walk(&k.w) && tsig_json_finish(&k.j);
    tsig_json_walking_release(&k);
    return ok;
}

/* One whole read of t by the push reader, in one chunk. */
static int push_once(const char *t, size_t n)
{
    tsig_json_push r;
    memset(&r, 0, sizeof r);
    tsig_json_push_begin(&r, 64);
    int ok = tsig_json_push_read(&r, t, n, go_on, NULL) != TSIG_PUSH_BAD &&
             tsig_json_push_done(&r);
    tsig_json_push_release(&r);
    return ok;
}

/* The best time of one read, in ms (which: 0 walker, 1 walker with key
 * sets, 2 push reader); -1 when a read failed. */
static double best_of(const char *t, size_t n, int which)
{
    double best = 1e9;
    for (int round = 0; round < ROUNDS; round++) {
        double start = now();
        for (int k = 0; k < READS; k++) {
            int ok = which == 2 ? push_once(t, n) : walk_once(t, n, which == 1);
            if (!ok) return -1;
        }
        double each = (now() - start) / READS;
        if (each < best) best = each;
    }
    return best * 1e3;
}

int main(void)
{
    tsig_strbuf sb = {0};
    tsig_sb_puts(&sb, "{\"items\": [");
    for (int i = 0; i < 10000; i++) {
        tsig_sb_printf(&sb,
                       "%s{\"id\": %d, \"name\": \"item number %d\", \"price\": %d.25, "
                       "\"tags\": [\"a\", \"b\"], \"ok\": true, \"note\": null}",
                       i ? ", " : "", i, i, i);
    }
    tsig_sb_puts(&sb, "]}");
    if (sb.failed) return 1;
    double walk = best_of(sb.data, sb.len, 0);
    double keyed = best_of(sb.data, sb.len, 1);
    double push = best_of(sb.data, sb.len, 2);
    if (walk < 0 || keyed < 0 || push < 0) {
        fprintf(stderr, "bench_readers: a read failed\n");
        return 1;
    }
    printf("a text of %zu bytes, best of %d rounds of %d reads\n", sb.len, ROUNDS, READS);
    printf("walker                     %7.3f ms\n", walk);
    printf("walker, repeated keys      %7.3f ms\n", keyed);
    printf("push reader, one chunk     %7.3f ms  (%.2fx the walker)\n", push, push / walk);
    tsig_sb_release(&sb);
    return 0;
}
