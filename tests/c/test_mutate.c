/*
 * test_mutate.c: the fuzz targets of tests/fuzz/ (targets.h) on a fixed set
 * of inputs: every seed, built from the shared vectors, then mutations of
 * them. Run k of a target mutates a seed with a generator seeded by k
 * alone, so every run of this test checks the same inputs, and a failing
 * run can be written out by its number and replayed. A broken property
 * aborts in the target; this file then names the target and the run.
 *
 *   test_mutate                      every seed and each target's runs of
 *                                    mutations
 *   test_mutate --runs N             N mutations per target instead
 *   test_mutate --seeds DIR          writes the seeds to DIR/<target>/
 *                                    (libFuzzer's corpora)
 *   test_mutate --show TARGET K      writes run K's input of TARGET to stdout
 *   test_mutate TARGET FILE...       runs TARGET on each file (a reproducer)
 *
 * TARGET is "signature", "documents" or "stream". No timing is asserted.
 */
#define _POSIX_C_SOURCE 200809L

#include "harness.h"
#include "targets.h"

#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Mutations per target in the default run: a few seconds plain, under a
 * minute with the sanitizers. The stream target streams each text three
 * ways (a byte at a time among them) and validates it several times: it
 * gets fewer. */
#define RUNS 20000
#define STREAM_RUNS 4000
/* Mutated inputs are cut to this size. */
#define MAX_INPUT 4096

typedef struct target {
    const char *name;
    int (*run)(const uint8_t *data, size_t size);
    size_t (*seeds)(tsig_fuzz_emit emit, void *ctx);
    long runs; /* mutations in the default run */
} target;

static const target TARGETS[] = {
    {"signature", tsig_fuzz_signature, tsig_fuzz_signature_seeds, RUNS},
    {"documents", tsig_fuzz_documents, tsig_fuzz_documents_seeds, RUNS},
    {"stream", tsig_fuzz_stream, tsig_fuzz_stream_seeds, STREAM_RUNS},
};

/* ---- what runs now, for a crash report ----------------------------------- */

static const char *current_target = "";
static long current_run = -1; /* -1: a seed */
static size_t current_seed;

static void report_crash(int sig)
{
    /* Only async-signal-safe calls: the numbers are written by hand. */
    char buf[160];
    size_t n = 0;
    const char *parts[] = {"test_mutate: crashed in target ", current_target,
                           current_run < 0 ? ", seed " : ", run "};
    for (size_t i = 0; i < 3; i++)
        for (const char *p = parts[i]; *p && n < sizeof buf - 40; p++) buf[n++] = *p;
    unsigned long v = current_run < 0 ? (unsigned long)current_seed : (unsigned long)current_run;
    char digits[24];
    size_t d = 0;
    do {
        digits[d++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    while (d) buf[n++] = digits[--d];
    const char *tail = " (test_mutate --show <target> <run> writes its input)\n";
    for (const char *p = tail; *p && n < sizeof buf; p++) buf[n++] = *p;
    if (write(2, buf, n) < 0) { /* nothing more can be done */ }
    signal(sig, SIG_DFL);
    raise(sig);
}

/* ---- seeds ------------------------------------------------------------------ */

typedef struct input {
    uint8_t *data;
    size_t size;
} input;

typedef struct input_list {
    input *items;
    size_t count, cap;
} input_list;

static void keep_seed(void *ctx, const uint8_t *data, size_t size)
{
    input_list *list = ctx;
    if (list->count == list->cap) {
        list->cap = list->cap ? list->cap * 2 : 256;
        list->items = realloc(list->items, list->cap * sizeof *list->items);
        if (!list->items) abort();
    }
    uint8_t *copy = malloc(size ? size : 1);
    if (!copy) abort();
    memcpy(copy, data, size);
    list->items[list->count++] = (input){copy, size};
}

static void free_inputs(input_list *list)
{
    for (size_t i = 0; i < list->count; i++) free(list->items[i].data);
    free(list->items);
}

/* ---- mutations -------------------------------------------------------------- */

/* splitmix64: the generator of one run, from its number alone. */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

static size_t below(uint64_t *state, size_t n)
{
    return n ? (size_t)(next_random(state) % n) : 0;
}

/* Bytes and words that change how a signature, JSON, a schema or a
 * template reads. */
static const char INTERESTING_BYTES[] = "{}[]():,?\"\\-> _\n\t.eE+0123456789#/^!$";
static const char *const WORDS[] = {
    ":int", ":string", ":float", ":bool", ":boolean", ":any", ":map", ":keyword", ":datetime",
    ":list", ":integer", "->", "[{", "}]", "{:", "null", "true", "false", "-0", "1e400",
    "1.0", "18446744073709551616", "\"\\u0000\"", "\"\\ud800\"", "\"\xc3\xa9\"", "\"a-b\"",
    "\"_x\"", "{{", "}}", "{{#", "{{/", "{{^", "{{!", "{{.}}", "\"type\"", "\"object\"",
    "\"array\"", "\"items\"", "\"properties\"", "\"required\"", "\"anyOf\"", "\"$ref\"",
    "\"additionalProperties\"", "\"inputSchema\"", "\"outputSchema\"", "\"format\"",
    "\"date-time\"", "\"enum\"", "\"nullable\"", "\"errors\"", "\"path\"", "\"message\"",
};

/* Builds run k's input from the seeds into out (at least MAX_INPUT + 64
 * bytes); returns its size. */
static size_t mutate(const input_list *seeds, long k, uint8_t *out)
{
    uint64_t state = 0x746f6f6c736967u ^ (uint64_t)k * 0x2545F4914F6CDD1Du;
    const input *base = &seeds->items[below(&state, seeds->count)];
    size_t size = base->size < MAX_INPUT ? base->size : MAX_INPUT;
    memcpy(out, base->data, size);
    size_t steps = 1 + below(&state, 4);
    for (size_t s = 0; s < steps; s++) {
        size_t at = below(&state, size + 1);
        switch (below(&state, 7)) {
        case 0: /* flip a bit */
            if (size) out[below(&state, size)] ^= (uint8_t)(1u << below(&state, 8));
            break;
        case 1: /* replace a byte by an interesting one, or any byte */
            if (size)
                out[below(&state, size)] = below(&state, 4)
                    ? (uint8_t)INTERESTING_BYTES[below(&state, sizeof INTERESTING_BYTES - 1)]
                    : (uint8_t)below(&state, 256);
            break;
        case 2: { /* delete up to 8 bytes */
            size_t n = 1 + below(&state, 8);
            if (at + n > size) n = size - at;
            memmove(out + at, out + at + n, size - at - n);
            size -= n;
            break;
        }
        case 3: { /* insert a word */
            const char *w = WORDS[below(&state, sizeof WORDS / sizeof WORDS[0])];
            size_t n = strlen(w);
            if (size + n > MAX_INPUT) break;
            memmove(out + at + n, out + at, size - at);
            memcpy(out + at, w, n);
            size += n;
            break;
        }
        case 4: { /* duplicate a range somewhere else */
            if (!size) break;
            size_t from = below(&state, size), n = 1 + below(&state, 32);
            if (from + n > size) n = size - from;
            if (size + n > MAX_INPUT) break;
            uint8_t piece[32];
            memcpy(piece, out + from, n);
            memmove(out + at + n, out + at, size - at);
            memcpy(out + at, piece, n);
            size += n;
            break;
        }
        case 5: { /* splice: the tail of another seed replaces ours */
            const input *other = &seeds->items[below(&state, seeds->count)];
            size_t from = below(&state, other->size + 1), n = other->size - from;
            if (at + n > MAX_INPUT) n = MAX_INPUT - at;
            memcpy(out + at, other->data + from, n);
            size = at + n;
            break;
        }
        default: /* cut */
            size = at;
            break;
        }
    }
    return size;
}

/* ---- running ---------------------------------------------------------------- */

static int load_seeds(const target *t, input_list *seeds)
{
    memset(seeds, 0, sizeof *seeds);
    if (t->seeds(keep_seed, seeds) == 0 || seeds->count == 0) {
        fprintf(stderr, "test_mutate: no seeds for %s (are the shared vectors at %s?)\n", t->name,
                tsig_test_data_path("vectors"));
        return 0;
    }
    return 1;
}

/* Runs every seed, then runs mutations, of one target. */
static void run_target(const target *t, long runs)
{
    input_list seeds;
    if (!load_seeds(t, &seeds)) {
        tsig_test_fail(__FILE__, __LINE__, "%s: no seeds", t->name);
        return;
    }
    current_target = t->name;
    for (size_t i = 0; i < seeds.count; i++) {
        current_run = -1;
        current_seed = i;
        t->run(seeds.items[i].data, seeds.items[i].size);
    }
    static uint8_t buf[MAX_INPUT + 64];
    for (long k = 0; k < runs; k++) {
        current_run = k;
        size_t size = mutate(&seeds, k, buf);
        /* A copy of its own size, so reading past the end is caught. */
        uint8_t *exact = malloc(size ? size : 1);
        if (!exact) abort();
        memcpy(exact, buf, size);
        t->run(exact, size);
        free(exact);
    }
    printf("%s: %zu seeds and %ld mutations\n", t->name, seeds.count, runs);
    free_inputs(&seeds);
}

static long runs_per_target = -1; /* -1: each target's own */

static long runs_of(const target *t)
{
    return runs_per_target < 0 ? t->runs : runs_per_target;
}

TEST(signature_target_holds_on_seeds_and_mutations)
{
    run_target(&TARGETS[0], runs_of(&TARGETS[0]));
}

TEST(documents_target_holds_on_seeds_and_mutations)
{
    run_target(&TARGETS[1], runs_of(&TARGETS[1]));
}

TEST(stream_target_holds_on_seeds_and_mutations)
{
    run_target(&TARGETS[2], runs_of(&TARGETS[2]));
}

static const target *find_target(const char *name)
{
    for (size_t i = 0; i < sizeof TARGETS / sizeof TARGETS[0]; i++)
        if (strcmp(TARGETS[i].name, name) == 0) return &TARGETS[i];
    fprintf(stderr, "test_mutate: no target %s (signature, documents or stream)\n", name);
    return NULL;
}

/* --seeds DIR: each target's seeds as files DIR/<target>/seed-<n>. */
static int write_seeds(const char *dir)
{
    mkdir(dir, 0777);
    for (size_t i = 0; i < sizeof TARGETS / sizeof TARGETS[0]; i++) {
        input_list seeds;
        if (!load_seeds(&TARGETS[i], &seeds)) return 1;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, TARGETS[i].name);
        mkdir(path, 0777);
        for (size_t k = 0; k < seeds.count; k++) {
            snprintf(path, sizeof path, "%s/%s/seed-%zu", dir, TARGETS[i].name, k);
            FILE *f = fopen(path, "wb");
            if (!f || fwrite(seeds.items[k].data, 1, seeds.items[k].size, f) != seeds.items[k].size) {
                fprintf(stderr, "test_mutate: cannot write %s\n", path);
                if (f) fclose(f);
                free_inputs(&seeds);
                return 1;
            }
            fclose(f);
        }
        printf("%s/%s: %zu seeds\n", dir, TARGETS[i].name, seeds.count);
        free_inputs(&seeds);
    }
    return 0;
}

/* --show TARGET K: run K's input on stdout. */
static int show_run(const char *name, const char *run)
{
    const target *t = find_target(name);
    input_list seeds;
    if (!t || !load_seeds(t, &seeds)) return 1;
    static uint8_t buf[MAX_INPUT + 64];
    size_t size = mutate(&seeds, strtol(run, NULL, 10), buf);
    fwrite(buf, 1, size, stdout);
    free_inputs(&seeds);
    return 0;
}

/* TARGET FILE...: the target on each file. */
static int replay(const char *name, char **files, int count)
{
    const target *t = find_target(name);
    if (!t) return 1;
    current_target = t->name;
    for (int i = 0; i < count; i++) {
        size_t size;
        char *data = tsig_test_read_file(files[i], &size);
        if (!data) {
            fprintf(stderr, "test_mutate: cannot read %s\n", files[i]);
            return 1;
        }
        t->run((const uint8_t *)data, size);
        free(data);
        printf("%s: ok\n", files[i]);
    }
    return 0;
}

int main(int argc, char **argv)
{
    signal(SIGABRT, report_crash);
    signal(SIGSEGV, report_crash);
    if (argc == 3 && strcmp(argv[1], "--seeds") == 0) return write_seeds(argv[2]);
    if (argc == 4 && strcmp(argv[1], "--show") == 0) return show_run(argv[2], argv[3]);
    if (argc == 3 && strcmp(argv[1], "--runs") == 0) {
        runs_per_target = strtol(argv[2], NULL, 10);
    } else if (argc >= 3) {
        return replay(argv[1], argv + 2, argc - 2);
    } else if (argc != 1) {
        fprintf(stderr, "usage: test_mutate [--runs N | --seeds DIR | --show TARGET K | TARGET FILE...]\n");
        return 2;
    }
    RUN(signature_target_holds_on_seeds_and_mutations);
    RUN(documents_target_holds_on_seeds_and_mutations);
    RUN(stream_target_holds_on_seeds_and_mutations);
    return tsig_test_summary();
}
