/*
 * target_stream.c: JSON text as models write it, repaired (SPEC §12.1) and
 * streamed (SPEC §12.2) (targets.h: OPTIONS CHUNKING SIGNATURE 0xFF JSON).
 *
 * OPTIONS bits 0-1 the mode, bit 2 input (else output) validation, bit 3
 * repair the other way than the default (on for output, off for input),
 * bits 4-6 max_errors (0: default), bit 7 TSIG_NUMBERS_ARE_DOUBLES.
 * CHUNKING seeds the sizes of the random chunks (1 to 1 + CHUNKING % 32
 * bytes). A signature that does not parse is replaced by a fixed one.
 *
 * What must hold for any bytes:
 *   - repair never touches valid JSON: when the text reads without repair,
 *     the result with repair is the same, with no warning; a value repair
 *     gave back is JSON (it validates again without repair, no JSON error);
 *   - the text streamed in one push, in random chunks and a byte at a
 *     time, ends (tsig_stream_end) with the one-shot result;
 *   - chunk boundaries change nothing: after any push, the state is the
 *     one a byte-at-a-time stream had after the same byte, and, without
 *     repair, an invalid stream's first error is the same (repair looks
 *     ahead: where a text it cannot repair goes wrong may move with what
 *     has arrived; end() is the one-shot answer all the same);
 *   - a byte at a time: once invalid, invalid to the end; a text the
 *     one-shot call accepts is never invalid; without repair, a complete
 *     stream never becomes incomplete again, and a JSON error is known
 *     within the character the one-shot call puts it at;
 *   - the partial value is JSON (keys may repeat, as in the text); with
 *     repair, asked now and then it is the one a stream asked after every
 *     push shows, and once the stream ended, a scalar the one-shot call
 *     accepts is the partial value, where the reader read no list or map;
 *   - without repair, all of this holds for a stream that drops what it
 *     validated (TSIG_CALLER_KEEPS_TEXT) in the same random chunks: its
 *     states, first errors and end() are the others' (a changed value
 *     not written), its partial value is a cut of the text.
 */
#include "targets.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "jsonval.h"

/* The signature when the input's does not parse: a bit of every kind. */
static const char FALLBACK[] =
    "(q :string, n :int[1..10]?, tags [:keyword]) -> "
    "{count :int, kind :enum[a b], items [{id :int, score :float?, meta :map}], _raw :any}";

/* 1 iff two issues say the same thing about the same place. */
static int same_issue(const tsig_issue *a, const tsig_issue *b)
{
    return a->code == b->code && a->offset == b->offset && a->length == b->length &&
           a->path_len == b->path_len && memcmp(a->path, b->path, a->path_len) == 0 &&
           a->message_len == b->message_len && memcmp(a->message, b->message, a->message_len) == 0;
}

/* NULL iff two results are the same, else what differs. */
static const char *differ(const tsig_result *a, const tsig_result *b)
{
    if (a->ok != b->ok) return "ok";
    if (a->json_error.code != b->json_error.code || a->json_error.offset != b->json_error.offset)
        return "the JSON error";
    if (a->error_count != b->error_count || a->warning_count != b->warning_count) return "the issue counts";
    for (size_t i = 0; i < a->error_count; i++)
        if (!same_issue(&a->errors[i], &b->errors[i])) return "an error";
    for (size_t i = 0; i < a->warning_count; i++)
        if (!same_issue(&a->warnings[i], &b->warnings[i])) return "a warning";
    if (a->changed != b->changed || (a->value_json == NULL) != (b->value_json == NULL) ||
        (a->value_json && (a->value_len != b->value_len || memcmp(a->value_json, b->value_json, a->value_len))))
        return "the value";
    return NULL;
}

static void fail_on(const char *what, const char *detail, const char *json, size_t len)
{
    fprintf(stderr, "fuzz: the text: %.*s\n", (int)len, json);
    tsig_fuzz_fail(what, detail);
}

static tsig_code one_shot(const tsig_signature *sig, int input, const char *json, size_t len,
                          const tsig_validate_options *o, tsig_result *out)
{
    tsig_code code = input ? tsig_validate_input_json(sig, json, len, o, out)
                           : tsig_validate_json(sig, json, len, o, out);
    if (code != TSIG_OK && code != TSIG_ERR_JSON && code != TSIG_ERR_TOO_DEEP)
        fail_on("one-shot validation", tsig_code_name(code), json, len);
    return code;
}

/* Repair off and on: valid JSON is never changed; a repaired value is JSON. */
static void check_repair(const tsig_signature *sig, int input, const char *json, size_t len,
                         const tsig_validate_options *o)
{
    tsig_validate_options off = *o, on = *o;
    off.flags = (o->flags & ~TSIG_REPAIR) | TSIG_NO_REPAIR;
    on.flags = (o->flags & ~TSIG_NO_REPAIR) | TSIG_REPAIR;
    tsig_result plain, repaired;
    tsig_code code = one_shot(sig, input, json, len, &off, &plain);
    one_shot(sig, input, json, len, &on, &repaired);
    if (code == TSIG_OK) {
        const char *d = differ(&plain, &repaired);
        if (d) fail_on("repair changed valid JSON", d, json, len);
    }
    for (size_t i = 0; i < repaired.warning_count; i++) {
        const tsig_issue *w = &repaired.warnings[i];
        if (w->code == TSIG_ISSUE_REPAIRED && (code == TSIG_OK || w->offset > len || w->length > len - w->offset))
            fail_on("a repair warning", code == TSIG_OK ? "on valid JSON" : "outside the text", json, len);
    }
    if (repaired.json_error.code == TSIG_OK && repaired.value_json) {
        tsig_validate_options plain_opts = {o->mode, 0, 0, (o->flags & TSIG_NUMBERS_ARE_DOUBLES) | TSIG_NO_REPAIR};
        tsig_result again;
        if (one_shot(sig, input, repaired.value_json, repaired.value_len, &plain_opts, &again) != TSIG_OK)
            fail_on("a repaired value is not JSON", repaired.value_json, json, len);
        tsig_result_free(&again);
    }
    tsig_result_free(&plain);
    tsig_result_free(&repaired);
}

static char state_char(tsig_stream_state st)
{
    switch (st) {
    case TSIG_STREAM_INCOMPLETE: return 'i';
    case TSIG_STREAM_INVALID: return 'x';
    case TSIG_STREAM_COMPLETE: return 'c';
    }
    return '?';
}

typedef struct run {
    char *states;        /* a byte at a time: the state after each byte */
    tsig_issue *firsts;  /* ... and the first error then, when invalid */
} run;

/* The first error of an invalid stream, by value (the stream owns it). */
static tsig_issue first_error(const tsig_stream *s)
{
    tsig_issue none;
    memset(&none, 0, sizeof none);
    const tsig_result *r = tsig_stream_result(s);
    return r && r->error_count ? r->errors[0] : none;
}

/* Streams json in chunks: sizes from the generator *seed (max bytes
 * each; max 0: the whole text at once). With ref NULL records the state
 * and first error after each byte into rec (pushes of one byte); else
 * checks each push against ref. Checks end() against want. */
static void stream_chunks(const tsig_signature *sig, const tsig_signature *any, int input,
                          const char *json, size_t len, const tsig_validate_options *o,
                          unsigned seed, size_t max, run *rec, const run *ref,
                          const tsig_result *want)
{
    const char *what = ref ? (max ? "random chunks" : "one push") : "a byte at a time";
    tsig_stream *s = tsig_stream_new(sig, input, o);
    if (!s) tsig_fuzz_fail(what, "no stream");
    /* a repairing stream reads its text when the partial value is asked
     * for: one asked after every push (eager) must show what this one,
     * asked now and then, shows */
    tsig_stream *eager = ref && max && (o->flags & TSIG_REPAIR) ? tsig_stream_new(sig, input, o) : NULL;
    size_t at = 0, pushes = 0;
    while (at < len) {
        size_t n = len - at;
        if (!ref) {
            n = 1;
        } else if (max) {
            seed = seed * 1103515245u + 12345u;
            size_t k = 1 + (seed >> 16) % max;
            if (k < n) n = k;
        }
        tsig_stream_state st;
        tsig_code code = tsig_stream_push(s, json + at, n, &st);
        if (code != TSIG_OK) fail_on(what, tsig_code_name(code), json, len);
        char *eager_partial = NULL;
        size_t eager_len = 0;
        if (eager) {
            if (tsig_stream_push(eager, json + at, n, NULL) != TSIG_OK ||
                !(eager_partial = tsig_stream_partial(eager, &eager_len)))
                fail_on(what, "the eager stream failed", json, len);
        }
        at += n;
        pushes++;
        if (st != tsig_stream_get_state(s)) fail_on(what, "push and get_state disagree", json, len);
        if ((st == TSIG_STREAM_INCOMPLETE) != (tsig_stream_result(s) == NULL))
            fail_on(what, "a result while incomplete, or none after", json, len);
        if (!ref) {
            rec->states[at - 1] = state_char(st);
            rec->firsts[at - 1] = first_error(s);
        } else if (ref->states[at - 1] != state_char(st)) {
            char detail[96];
            snprintf(detail, sizeof detail, "%c after byte %zu, a byte at a time %c", state_char(st),
                     at, ref->states[at - 1]);
            fail_on(what, detail, json, len);
        } else if (st == TSIG_STREAM_INVALID && !(o->flags & TSIG_REPAIR)) {
            tsig_issue mine = first_error(s);
            const tsig_issue *theirs = &ref->firsts[at - 1];
            if (mine.code != theirs->code || mine.offset != theirs->offset ||
                mine.message_len != theirs->message_len)
                fail_on(what, "the first error differs from a byte at a time", json, len);
        }
        if (ref && max && (pushes <= 3 || pushes % 64 == 0)) {
            /* JSON as toolsig reads it (keys may repeat, as in the text) */
            size_t plen, from, to;
            char *partial = NULL, *close = NULL;
            if (o->flags & TSIG_CALLER_KEEPS_TEXT) {
                if (tsig_stream_partial_cut(s, &from, &to, &close) != TSIG_OK)
                    tsig_fuzz_fail(what, "no cut for the partial value");
                const char *tail = close ? close : "null";
                if (!close) from = to = 0;
                size_t tail_len = strlen(tail);
                plen = to - from + tail_len;
                partial = malloc(plen + 1);
                if (partial) {
                    memcpy(partial, json + from, to - from);
                    memcpy(partial + (to - from), tail, tail_len + 1);
                }
                tsig_free(close);
            } else {
                partial = tsig_stream_partial(s, &plen);
            }
            if (!partial) tsig_fuzz_fail(what, "no partial value");
            if (eager_partial && (plen != eager_len || memcmp(partial, eager_partial, plen) != 0))
                fail_on(what, "the partial value differs from one asked for after every push", json, len);

            tsig_result pr;
            if (tsig_validate_json(any, partial, plen, NULL, &pr) == TSIG_ERR_JSON)
                fail_on("the partial value is not JSON", partial, json, len);
            tsig_result_free(&pr);
            if (o->flags & TSIG_CALLER_KEEPS_TEXT) free(partial);
            else tsig_free(partial);
        }
        tsig_free(eager_partial);
    }
    tsig_stream_free(eager);
    tsig_result r;
    tsig_code code = tsig_stream_end(s, &r);
    if (code != want->json_error.code) fail_on(what, "end() returns another code", json, len);
    /* ended: a repaired scalar the one-shot call accepts is the partial
     * value (SPEC §13.4) where the reader read no list or map (one it
     * read is shown, even where the one-shot call reads the text whole) */
    if (eager && want->ok && !input && want->value_json && want->value_len && want->value_json[0] != '{' &&
        want->value_json[0] != '[') {
        size_t plen;
        char *partial = tsig_stream_partial(s, &plen);
        if (!partial) tsig_fuzz_fail(what, "no partial value");
        size_t k = 0;
        while (k < plen && (partial[k] == ' ' || partial[k] == '\n' || partial[k] == '\r' || partial[k] == '\t')) k++;
        if (k < plen && (partial[k] == '{' || partial[k] == '[')) {
            /* a list or map the reader read */
        } else if (plen - k != want->value_len || memcmp(partial + k, want->value_json, plen - k) != 0)
            fail_on(what, "the partial value of the ended text is not the one-shot scalar", json, len);
        tsig_free(partial);
    }
    const char *d = differ(&r, want);
    if (d) {
        fprintf(stderr, "fuzz: end() and the one-shot call differ on %s\n", d);
        fail_on(what, "end() is not the one-shot result", json, len);
    }
    tsig_result_free(&r);
    tsig_stream_free(s);
}

/* A byte at a time: what the states may do. */
static void check_states(const run *rec, const char *json, size_t len, int repair,
                         const tsig_result *want)
{
    const char *st = rec->states;
    const char *x = memchr(st, 'x', len);
    if (x && strspn(x, "x") != len - (size_t)(x - st)) fail_on("a byte at a time", "invalid, then not", json, len);
    if (x && want->ok) fail_on("a byte at a time", "invalid on a text the one-shot call accepts", json, len);
    if (repair) return; /* repair holds back text it may still drop */
    const char *c = memchr(st, 'c', len);
    if (c && memchr(c, 'i', len - (size_t)(c - st))) fail_on("a byte at a time", "complete, then incomplete", json, len);
    /* the error is placed at the start of the character it is in: a bad
     * UTF-8 sequence is known at its first wrong byte, up to 3 later (a
     * text that ends inside a character is incomplete to its end) */
    size_t e = want->json_error.offset + 3;
    if (want->json_error.code != TSIG_OK && e < len && st[e] != 'x')
        fail_on("a byte at a time", "not invalid at the byte of the one-shot JSON error", json, len);
}

int tsig_fuzz_stream(const uint8_t *data, size_t size)
{
    if (size < 2) return 0;
    unsigned options = data[0], chunking = data[1];
    const char *text = (const char *)data + 2;
    const uint8_t *sep = memchr(data + 2, TSIG_FUZZ_SEP, size - 2);
    size_t text_len = sep ? (size_t)(sep - data) - 2 : size - 2;
    const char *json = sep ? (const char *)sep + 1 : "";
    size_t len = sep ? size - (size_t)(sep - data) - 1 : 0;

    tsig_error err;
    tsig_signature *sig = tsig_parse(text, text_len, &err);
    if (!sig) sig = tsig_parse(FALLBACK, sizeof FALLBACK - 1, &err);
    if (!sig) tsig_fuzz_fail("the fallback signature", err.message);
    int input = (options >> 2) & 1;
    int repair = input ? !((options >> 3) & 1u) : (int)((options >> 3) & 1u);
    tsig_validate_options o = {(tsig_mode)(options & 3u), (options >> 4) & 7u, 0,
                               ((options >> 7) & 1u ? TSIG_NUMBERS_ARE_DOUBLES : 0u) |
                                   (repair ? TSIG_REPAIR : TSIG_NO_REPAIR)};
    check_repair(sig, input, json, len, &o);

    tsig_result want;
    one_shot(sig, input, json, len, &o, &want);
    run rec = {malloc(len + 1), malloc((len + 1) * sizeof(tsig_issue))};
    if (!rec.states || !rec.firsts) tsig_fuzz_fail("stream", "out of memory");
    tsig_signature *any = tsig_parse(":any", 4, &err);
    if (!any) tsig_fuzz_fail(":any", err.message);
    stream_chunks(sig, any, input, json, len, &o, 0, 0, &rec, NULL, &want);
    rec.states[len] = '\0';
    check_states(&rec, json, len, repair, &want);
    stream_chunks(sig, any, input, json, len, &o, chunking, 1 + chunking % 32, NULL, &rec, &want);
    stream_chunks(sig, any, input, json, len, &o, 0, 0, NULL, &rec, &want);
    if (!repair) {
        tsig_validate_options lean = o, shot = o;
        lean.flags |= TSIG_CALLER_KEEPS_TEXT;
        shot.flags |= TSIG_VALUE_NEVER;
        tsig_result unwritten;
        one_shot(sig, input, json, len, &shot, &unwritten);
        stream_chunks(sig, any, input, json, len, &lean, chunking, 1 + chunking % 32, NULL, &rec,
                      &unwritten);
        tsig_result_free(&unwritten);
    }
    tsig_signature_free(any);
    /* the first errors point into results freed with their streams: only
     * their codes, offsets and lengths were compared */
    free(rec.states);
    free(rec.firsts);
    tsig_result_free(&want);
    tsig_signature_free(sig);
    return 0;
}

/* ---- seeds ------------------------------------------------------------------ */

/* Emits OPTIONS CHUNKING SIG 0xFF JSON. */
static void emit_case(tsig_fuzz_emit emit, void *ctx, unsigned options, unsigned chunking,
                      const char *sig, const char *json)
{
    uint8_t prefix[2] = {(uint8_t)options, (uint8_t)chunking};
    const char *parts[] = {sig, json};
    tsig_fuzz_emit_parts(emit, ctx, prefix, 2, parts, 2);
}

struct seeds {
    tsig_fuzz_emit emit;
    void *ctx;
};

/* A record of the validate vectors: repair on for every other one, and a
 * chunking of its own. */
static void vector_case(void *ctx, size_t i, unsigned options, const char *sig, const char *json)
{
    const struct seeds *s = ctx;
    emit_case(s->emit, s->ctx, options | (unsigned)(i % 2) << 3, (unsigned)i, sig, json);
}

size_t tsig_fuzz_stream_seeds(tsig_fuzz_emit emit, void *ctx)
{
    /* text as models write it: each repair of SPEC §12.1, and refusals */
    static const char *const LLM[] = {
        "Sure! Here it is:\n```json\n{\"count\": 1, \"kind\": \"a\", \"items\": [{\"id\": 1, \"meta\": {},},],}\n```\nDone.",
        "{count: 2, 'kind': 'b', items: [], /* none */ _raw: None}",
        /* one literal in two (a hex escape would take the "a"), said so
         * by the parentheses */
        ("{\"count\": 3 // three\n \"kind\": \xE2\x80\x9C" "a\xE2\x80\x9D\n \"items\": [{\"id\": True, \"meta\": {}}]}"),
        "{\"count\": 1, \"kind\": \"a\", \"items\": [{\"id\": 1, \"score\": NaN, \"meta\": {}}]}",
        "{\"count\": 1, \"kind\": \"a\", \"items\": [{\"id\": 1, \"meta\": {\"t\": \"tab\there\"}}]}",
        "{\"q\": 'it''s', n: 5, tags: [x, y]}",
        "{\"count\": 1} {\"count\": 2}",
        "{\"count\": 1, \"items\": [",
    };
    /* inputs libFuzzer found (OPTIONS CHUNKING SIGNATURE 0xFF JSON, as they
     * came), kept so each run replays them: a place after a backtick string
     * longer as JSON than as written, mapped past the text (a stream judging
     * there read past its buffer); a reader reading its refused byte again
     * at each push (a UTF-8 sequence overrun); a whole-text reading whose
     * repair was not released; a literal with prose after it, left as it
     * is by repair once the text ended, whose partial value was the
     * literal where the one-shot call reads the whole text */
    static const struct {
        const char *data;
        size_t size;
    } FOUND[] = {
        {"\x08" "1:datetime\xff`\x22" "2SSSSSSSSSS\xff\xff\xff\xff\xff\xff\xff\xff\xff"
            "\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
            "\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
            "\xff\xff\xff\xff\xff\xffSSSSSSSSSSS1:datetime\xff`\x22" "2SSSSSSSSSSSSSSS"
            "SSSSSSSSSSS$SSSSsSSSS026-02-0334-56-SSSSS$SSSSsSSSS026-02-0334-56-05:3"
            "0\x22",
         186},
        {"t\x08\xff\x22\xf4\x9f" "d\x80\x22",
         9},
        {"\x08\x11:string\x3f\xffn",
         12},
        {"\x08\x11:string\x3f\xffnullri\x3fll",
         20},
    };
    size_t count = 0;
    for (size_t i = 0; i < sizeof FOUND / sizeof FOUND[0]; i++, count++)
        emit(ctx, (const uint8_t *)FOUND[i].data, FOUND[i].size);
    /* where a stream that drops what it validated once met runs where
     * they did not stand: JSON read from a string at the offset of a
     * dropped value, a repeated extra key, a key with an escape first */
    static const struct {
        unsigned options;
        const char *sig, *json;
    } RUNS[] = {
        {12, "(x :int, a :string, b {c :int}) -> :any",
         "{\"a\": \"ssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssssss\", \"b\": \"{\\\"c\\\": 1}\"}"},
        {12, "(x :int, a [:string], c [:int]) -> :any", "{\"a\": [\"s\", \"t\"], \"c\": \"[      1]\"}"},
        {0, "{* [:map]}", "{\"z\": [], \"z\": [{}, {}, {\"m\": 1, \"m\": 2}]}"},
        {0, "{a [:map]}", "{\"\\u0061\": [], \"a\": [{}, {}, {\"m\": 1, \"m\": 2}]}"},
    };
    for (size_t i = 0; i < sizeof RUNS / sizeof RUNS[0]; i++, count++)
        emit_case(emit, ctx, RUNS[i].options, (unsigned)i * 5u, RUNS[i].sig, RUNS[i].json);
    for (size_t i = 0; i < sizeof LLM / sizeof LLM[0]; i++) {
        emit_case(emit, ctx, 8u | (unsigned)(i % 2) << 2, (unsigned)i * 7u, "", LLM[i]);
        emit_case(emit, ctx, 3u, (unsigned)i, "", LLM[i]);
        count += 2;
    }
    struct seeds seeds = {emit, ctx};
    size_t vectors = tsig_fuzz_each_validate_vector(vector_case, &seeds);
    return vectors ? count + vectors : 0;
}
