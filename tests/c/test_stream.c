/*
 * test_stream.c: SPEC §12.2, JSON text validated as it arrives. Properties
 * over a set of signatures and texts (valid ones, and each with errors):
 * a valid text is incomplete until whole, then complete, never invalid; a
 * text with a JSON error is invalid no later than the byte of the one-shot
 * error, with that error; end() equals the one-shot result; chunk
 * boundaries anywhere change nothing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "internal.h"
#include "checking/validator.h" /* the elements validator a stream's feed reads with */

typedef struct sample {
    const char *sig;
    int input;
    unsigned flags;
    const char *text;
} sample;

static const sample VALID[] = {
    {"{count :int, items [{id :int, title :string, tags [:string]}]}", 0, 0,
     "{\"count\": 2, \"items\": [{\"id\": 1, \"title\": \"caf\xC3\xA9 \\u00e9\\n\", \"tags\": []},\n"
     " {\"id\": -20, \"title\": \"\xF0\x9F\x98\x80 \\ud83d\\ude00\", \"tags\": [\"a\", \"b\"]}]}"},
    {"[:float]", 0, 0, "[0, -1.5e+10, 2E-3, 12345678901234567890]"},
    {":any", 0, 0, "\xEF\xBB\xBF {\"a\": [true, false, null, {}, []], \"b\": \"\\\"\\\\\"}"},
    {"(q :string, n :int?) -> :any", 1, 0, "{\"q\": \"x\", \"n\": \"42\"}"},
    {"{a :enum[one two]}", 0, 0, "{\"a\": \"two\"}"},
    {"[:int]", 0, TSIG_REPAIR, "Sure:\n```json\n[1, 2, // two\n 3,]\n```\n"},
    {"(a :bool) -> :any", 1, 0, "{a: True}"},
    {"{a :enum[pending active]}", 0, 0, "{\"a\": \"pend\\u0069ng\", \"b\": 1}"},
    {"[:enum[a b] | :int]", 0, 0, "[1, \"a\", \"b\"]"},
    /* repair begins at the first byte that is no JSON: mid-text, and
     * after a value already whole */
    {"[:int]", 0, TSIG_REPAIR, "[1, 2, 3,]"},
    {"{a :int}", 0, TSIG_REPAIR, "{\"a\": 1}\nThat is all."},
    {"{a :int}", 0, TSIG_REPAIR, "\xEF\xBB\xBF{\"a\": 1,}"},
    /* elements of lists validated as they become whole, then stepped
     * over by the validation of the whole text */
    {"{n :int, items [{id :int, tags [:string]}]}", 0, 0,
     "{\"n\": 3, \"items\": [ {\"id\": 1, \"tags\": [\"a\", \"b\\n\"]} ,\n"
     "{\"tags\": [], \"id\": 2}, {\"id\": 30, \"tags\": [\"caf\xC3\xA9\"]}]}"},
    {"[[:int]]", 0, 0, "[[1, 2], [], [3, 40, 500], [6]]"},
    {"{items [{a :int}], n :int = 3}", 0, 0, "{\"items\": [{\"a\": 1}, {\"a\": 2}]}"},
    {"[{a :int, b :int = 5}]", 0, 0, "[{\"a\": 1, \"b\": 2}, {\"a\": 3}, {\"a\": 4, \"b\": 0}]"},
    {"[:int][..3]", 0, 0, "[1, 22, 333]"},
    /* arguments: elements as given read once, a coerced one read again
     * and written with the others */
    {"(items [{id :int}], q :string, n :int = 7) -> :any", 1, 0,
     "{\"items\": [{\"id\": 1}, {\"id\": \"2\"}, {\"id\": 3}], \"q\": \"x\"}"},
    {"(tags [:string], k :int) -> :any", 1, 0, "{\"tags\": [\"a\", \"b\", \"c\"], \"k\": 1}"},
};

static const sample BAD[] = {
    {":any", 0, 0, "[1, 2}"},
    {":any", 0, 0, "{\"a\" 1}"},
    {":any", 0, 0, "[01]"},
    {":any", 0, 0, "[\"a\x01\"]"},
    {":any", 0, 0, "[\"\xC0\xAF\"]"},
    {":any", 0, 0, "[tru]"},
    {":any", 0, 0, "{\"a\": 1} x"},
    {":any", 0, 0, "[\"\\x\"]"},
    {"{a :int}", 0, 0, "{\"a\": \"x\"}"},
    {"{a :int}", 0, TSIG_MODE_STRICT, "{\"a\": 1, \"b\": 2}"},
    {"[:int]", 0, TSIG_REPAIR, "[1, Infinity]"},
    {"[:int]", 0, 0, "[1, 2"},
    {"{a :int, b :int}", 0, 0, "{\"a\": 1} {\"a\": 2}"},
    {":any", 0, 0, "{\"m\": \"n\"\xC3\xA9}"},
    {":any", 0, TSIG_REPAIR, "{\"a\":{\"b\":t, n :s}"},
    {"{a :enum[pending active]}", 0, 0, "{\"a\": \"done\"}"},
    {"{a :enum[pending active]}", 0, 0, "{\"a\": \"pend\"}"},
    {"[:enum[a b] | :int]", 0, 0, "[1, \"ab\", \"c\"]"},
    {"{n :int[1..10], x :float[>0]}", 0, 0, "{\"n\": 11, \"x\": -0.5}"},
    /* an error after elements that were valid, and between them */
    {"{items [{id :int}]}", 0, 0, "{\"items\": [{\"id\": 1}, {\"id\": 2}, {\"id\": \"x\"}, {\"id\": 4}]}"},
    {"[:int][..3]", 0, 0, "[1, 22, 333, 4444]"},
    {"[{a :int}]", 0, TSIG_MODE_STRICT, "[{\"a\": 1}, {\"a\": 2, \"b\": 3}, {\"a\": 4}]"},
    {"[{a :int}]", 0, 0, "[{\"a\": 1}, {\"a\": 2, \"a\": 3}]"},
    {"[[:int]]", 0, 0, "[[1, 2], [3, 4.5], [6]]"},
    {"[:int]", 0, 0, "[1, 2, 3] 4"},
    {"(items [{id :int}]) -> :any", 1, 0, "{\"items\": [{\"id\": 1}, {\"id\": \"x\"}, {\"id\": 3}]}"},
    {"(items [:int][..2]) -> :any", 1, 0, "{\"items\": [1, 2, 3]}"},
    /* a value of a kind its type never takes */
    {"{temp :float}", 0, 0, "{\"temp\": [1, 2], \"x\": 1}"},
    {"{temp :float}", 0, 0, "{\"temp\": {\"a\": [1]}}"},
    {"{name :string}", 0, 0, "{\"name\": -12.5}"},
    {"[:float]", 0, 0, "[1, \"x\", 2]"},
    {"{x :int | [:int]}", 0, 0, "{\"x\": \"a\\n\"}"},
    {"[[:int]]", 0, TSIG_MODE_STRICT, "[[1], [true], [3]]"},
    {"{temp :float}", 0, 0, "{\"temp\": \"ab\x01\"}"},
    {"{name :string}", 0, 0, "{\"name\": 12e}"},
    /* prose after a scalar: never dropped, even with repair on */
    {":int", 0, TSIG_REPAIR, "12 apples"},
    {":bool", 0, TSIG_REPAIR, "true or false"},
    {":string", 0, TSIG_REPAIR, "\"hello\" + \" world\""},
    {"(n :int) -> :any", 1, 0, "12 apples"},
};

/* TSIG_CALLER_KEEPS_TEXT when the properties are checked on streams that
 * drop what they validated (their end result then has no changed value,
 * as the one shot told not to write it) */
static unsigned lean;

static tsig_signature *sig_of(const char *text)
{
    tsig_error err;
    return tsig_parse(text, strlen(text), &err);
}

/* The result as text, to compare two of them. */
static char *describe(const tsig_result *r)
{
    size_t n = 64 + (r->value_json ? r->value_len : 0);
    for (size_t i = 0; i < r->error_count; i++) n += r->errors[i].path_len + r->errors[i].message_len + 48;
    for (size_t i = 0; i < r->warning_count; i++) n += r->warnings[i].path_len + r->warnings[i].message_len + 48;
    n += 64;
    char *t = malloc(n), *p = t;
    p += sprintf(p, "ok=%d changed=%d @%zu ", r->ok, r->changed, r->json_error.offset);
    for (size_t i = 0; i < r->error_count; i++)
        p += sprintf(p, "E %s@%zu+%zu: %s|", r->errors[i].path, r->errors[i].offset, r->errors[i].length,
                     r->errors[i].message);
    for (size_t i = 0; i < r->warning_count; i++)
        p += sprintf(p, "W %s@%zu+%zu: %s|", r->warnings[i].path, r->warnings[i].offset,
                     r->warnings[i].length, r->warnings[i].message);
    sprintf(p, "%s", r->value_json ? r->value_json : "(same)");
    return t;
}

static char *one_shot(const sample *c, const tsig_signature *sig)
{
    tsig_validate_options o = {c->flags & TSIG_MODE_STRICT ? TSIG_MODE_STRICT : TSIG_MODE_ENABLED,
                               0, 0, c->flags & TSIG_REPAIR};
    /* repair (on for arguments) reads from the start: such a stream keeps the text */
    int repair = c->input || (c->flags & TSIG_REPAIR);
    if (lean && !repair) o.flags |= TSIG_VALUE_NEVER;
    tsig_result r;
    size_t len = strlen(c->text);
    if (c->input) tsig_validate_input_json(sig, c->text, len, &o, &r);
    else tsig_validate_json(sig, c->text, len, &o, &r);
    char *d = describe(&r);
    tsig_result_free(&r);
    return d;
}

static tsig_stream *open_stream(const sample *c, const tsig_signature *sig)
{
    tsig_validate_options o = {c->flags & TSIG_MODE_STRICT ? TSIG_MODE_STRICT : TSIG_MODE_ENABLED,
                               0, 0, (c->flags & TSIG_REPAIR) | lean};
    return tsig_stream_new(sig, c->input, &o);
}

/* Streams c->text in chunks of the given sizes (cycled); records the state
 * after each byte in states (one char per byte: i, x, c) and returns the
 * end() result described. */
static char *stream_chunks(const sample *c, const tsig_signature *sig, const size_t *sizes,
                           size_t nsizes, char *states)
{
    tsig_stream *s = open_stream(c, sig);
    size_t len = strlen(c->text), at = 0, k = 0;
    while (at < len) {
        size_t n = sizes[k++ % nsizes];
        if (n > len - at) n = len - at;
        tsig_stream_state st;
        tsig_stream_push(s, c->text + at, n, &st);
        for (size_t i = at; i < at + n; i++)
            states[i] = st == TSIG_STREAM_INCOMPLETE ? 'i' : st == TSIG_STREAM_INVALID ? 'x' : 'c';
        at += n;
    }
    states[len] = '\0';
    tsig_result r;
    tsig_stream_end(s, &r);
    char *d = describe(&r);
    tsig_result_free(&r);
    tsig_stream_free(s);
    return d;
}

TEST(a_valid_text_is_incomplete_until_whole_then_complete_never_invalid)
{
    for (size_t i = 0; i < sizeof VALID / sizeof VALID[0]; i++) {
        const sample *c = &VALID[i];
        tsig_signature *sig = sig_of(c->sig);
        size_t len = strlen(c->text), one = 1;
        char *states = malloc(len + 1);
        char *want = one_shot(c, sig);
        char *got = stream_chunks(c, sig, &one, 1, states);
        CHECK_STR(got, want);
        CHECK(strchr(states, 'x') == NULL);
        /* complete from some byte on, incomplete before it; a text that
         * needs repair is complete by end() (SPEC §13.4: a later value could
         * be the reading), and only while it read as JSON before that */
        tsig_validate_options strict = {TSIG_MODE_ENABLED, 0, 0, TSIG_NO_REPAIR};
        tsig_result r;
        if (c->input) tsig_validate_input_json(sig, c->text, len, &strict, &r);
        else tsig_validate_json(sig, c->text, len, &strict, &r);
        int repaired = r.json_error.code != TSIG_OK;
        tsig_result_free(&r);
        size_t first = strcspn(states, "c");
        for (size_t k = first; k < len; k++) CHECK(states[k] == 'c' || c->flags & TSIG_REPAIR);
        if (!repaired && !(c->flags & TSIG_REPAIR) && c->text[len - 1] != '\n') CHECK(first < len);
        free(states);
        free(want);
        free(got);
        tsig_signature_free(sig);
    }
}

TEST(a_text_with_an_error_is_invalid_no_later_than_the_one_shot_error)
{
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        const sample *c = &BAD[i];
        tsig_signature *sig = sig_of(c->sig);
        size_t len = strlen(c->text), one = 1;
        char *states = malloc(len + 1);
        char *want = one_shot(c, sig);
        char *got = stream_chunks(c, sig, &one, 1, states);
        CHECK_STR(got, want);
        /* the one-shot error's byte: the stream knew it by then; with
         * repair on, an error is told by end() alone (SPEC §13.2: a later
         * value among several could be the reading) */
        tsig_validate_options o = {c->flags & TSIG_MODE_STRICT ? TSIG_MODE_STRICT : TSIG_MODE_ENABLED,
                                   0, 0, c->flags & TSIG_REPAIR};
        tsig_result r;
        if (c->input) tsig_validate_input_json(sig, c->text, len, &o, &r);
        else tsig_validate_json(sig, c->text, len, &o, &r);
        int repair = c->input || (c->flags & TSIG_REPAIR);
        if (repair && strchr(states, 'x'))
            tsig_test_fail(__FILE__, __LINE__, "%s: invalid before the end with repair on (%s)",
                           c->text, states);
        if (!repair && r.json_error.code != TSIG_OK && r.json_error.offset < len) {
            if (states[r.json_error.offset] != 'x')
                tsig_test_fail(__FILE__, __LINE__, "%s: not invalid at byte %zu (%s)", c->text,
                               r.json_error.offset, states);
        }
        CHECK(!r.ok);
        tsig_result_free(&r);
        free(states);
        free(want);
        free(got);
        tsig_signature_free(sig);
    }
}

TEST(chunk_boundaries_anywhere_change_nothing)
{
    const sample *all[2] = {VALID, BAD};
    size_t counts[2] = {sizeof VALID / sizeof VALID[0], sizeof BAD / sizeof BAD[0]};
    unsigned seed = 12345;
    for (int g = 0; g < 2; g++) {
        for (size_t i = 0; i < counts[g]; i++) {
            const sample *c = &all[g][i];
            tsig_signature *sig = sig_of(c->sig);
            size_t len = strlen(c->text);
            char *states = malloc(len + 1);
            char *want = one_shot(c, sig);
            /* every cut into two chunks */
            for (size_t cut = 0; cut <= len; cut++) {
                size_t sizes[2] = {cut ? cut : 1, len};
                char *got = stream_chunks(c, sig, sizes, 2, states);
                CHECK_STR(got, want);
                free(got);
            }
            /* random chunkings */
            for (int t = 0; t < 20; t++) {
                size_t sizes[8];
                for (int k = 0; k < 8; k++) {
                    seed = seed * 1103515245u + 12345u;
                    sizes[k] = 1 + (seed >> 16) % 7;
                }
                char *got = stream_chunks(c, sig, sizes, 8, states);
                CHECK_STR(got, want);
                free(got);
            }
            free(states);
            free(want);
            tsig_signature_free(sig);
        }
    }
}

TEST(the_partial_value_closes_what_is_open_and_leaves_out_unfinished_numbers)
{
    tsig_signature *sig = sig_of(":any");
    static const char *const cases[][2] = {
        {"", "null"},
        {"{\"a\": [1, 2", "{\"a\": [1]}"},
        {"{\"a\": [1, 2,", "{\"a\": [1, 2]}"},
        {"{\"a\": \"hel", "{\"a\": \"hel\"}"},
        {"{\"a\": \"caf\xC3", "{\"a\": \"caf\"}"},
        {"{\"a\": \"x\\", "{\"a\": \"x\"}"},
        {"{\"a\": 1, \"b", "{\"a\": 1}"},
        {"{\"a\": 1, \"b\": tr", "{\"a\": 1}"},
        {"[[{}, [", "[[{}, []]]"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tsig_stream *s = tsig_stream_new(sig, 0, NULL);
        tsig_stream_state st;
        tsig_stream_push(s, cases[i][0], strlen(cases[i][0]), &st);
        size_t n;
        char *p = tsig_stream_partial(s, &n);
        CHECK_STR(p, cases[i][1]);
        tsig_free(p);
        tsig_stream_free(s);
    }
    tsig_signature_free(sig);
}

/* A text that needed repair is read when its partial value is asked for,
 * from where the last ask stopped: asked after every push or after some,
 * the partial value at a push is the same, and so is the end. */
static void partial_asked_now_and_then(const sample *c)
{
    tsig_signature *sig = sig_of(c->sig);
    CHECK(sig != NULL);
    tsig_validate_options o = {c->flags & TSIG_MODE_STRICT ? TSIG_MODE_STRICT : TSIG_MODE_ENABLED,
                               0, 0, c->flags & TSIG_REPAIR};
    size_t len = strlen(c->text);
    for (size_t chunk = 1; chunk <= 5; chunk++) {
        for (size_t every = 2; every <= 4; every++) {
            tsig_stream *a = tsig_stream_new(sig, c->input, &o), *b = tsig_stream_new(sig, c->input, &o);
            size_t pushes = 0;
            for (size_t at = 0; at < len; at += chunk) {
                size_t n = len - at < chunk ? len - at : chunk;
                tsig_stream_state sa, sb;
                tsig_stream_push(a, c->text + at, n, &sa);
                tsig_stream_push(b, c->text + at, n, &sb);
                CHECK_INT(sa, sb);
                size_t la, lb;
                char *pa = tsig_stream_partial(a, &la);
                if (++pushes % every == 0 || at + n == len) {
                    char *pb = tsig_stream_partial(b, &lb);
                    CHECK_STR(pb, pa);
                    tsig_free(pb);
                }
                tsig_free(pa);
            }
            tsig_result ra, rb;
            tsig_stream_end(a, &ra);
            tsig_stream_end(b, &rb);
            char *da = describe(&ra), *db = describe(&rb);
            CHECK_STR(db, da);
            free(da);
            free(db);
            /* after the end too: the text is known to have ended */
            size_t la, lb;
            char *pa = tsig_stream_partial(a, &la), *pb = tsig_stream_partial(b, &lb);
            CHECK_STR(pb, pa);
            tsig_free(pa);
            tsig_free(pb);
            tsig_result_free(&ra);
            tsig_result_free(&rb);
            tsig_stream_free(a);
            tsig_stream_free(b);
        }
    }
    tsig_signature_free(sig);
}

TEST(a_repaired_text_is_read_when_its_partial_value_is_asked_for)
{
    for (size_t i = 0; i < sizeof VALID / sizeof VALID[0]; i++)
        if (VALID[i].input || (VALID[i].flags & TSIG_REPAIR)) partial_asked_now_and_then(&VALID[i]);
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++)
        if (BAD[i].input || (BAD[i].flags & TSIG_REPAIR)) partial_asked_now_and_then(&BAD[i]);
    /* one a model wrote, read by the type */
    static const sample more[] = {
        {"{ok :bool, title :string, tags [:string]}", 0, TSIG_REPAIR,
         "Here you go:\n```json\n{ok: True, 'title': \"a \\\"b\\\"\", tags: ['x', 'y',], // done\n}\n```\nBye."},
        {":enum[YES NO]", 0, TSIG_REPAIR, "**YES**"},
        {"{a :string}", 0, TSIG_REPAIR, "{a: \"\"\"\n  one\n  two\n  \"\"\"}"},
    };
    for (size_t i = 0; i < sizeof more / sizeof more[0]; i++) partial_asked_now_and_then(&more[i]);
}

/* SPEC §13.4: a text that reads whole as one bare text shows, while it
 * arrives, the value that reading gives if it ended there: not while it
 * may still become a literal or a number, not for a type no bare text is
 * read as. */
TEST(a_bare_answer_shows_its_text_so_far)
{
    static const struct {
        const char *sig, *text;
        const char *partials[4]; /* after each push of a quarter */
    } cases[] = {
        /* the whitespace the text ends in so far is not the reading's */
        {":string", "Sure, here is the answer.", {"\"Sure,\"", "\"Sure, here i\"", "\"Sure, here is the\"",
                                                  "\"Sure, here is the answer.\""}},
        {":enum[YES NO]", "**YES** ", {"null", "null", "null", "\"YES\""}},
        /* a literal or a number first: read as one while the text may
         * still be one, then the text */
        {":string | :int", "true story", {"null", "true", "\"true st\"", "\"true story\""}},
        {":string", "12 apples", {"null", "\"12 a\"", "\"12 app\"", "\"12 apples\""}},
        {":string", "12 000 is it", {"12", "12", "\"12 000 is\"", "\"12 000 is it\""}},
        {":string", "Item 12 of 20", {"\"Ite\"", "\"Item 1\"", "\"Item 12 o\"", "\"Item 12 of 20\""}},
        {"{a :string}", "Sure, here is the answer.", {"null", "null", "null", "null"}},
    };
    tsig_validate_options o = {TSIG_MODE_ENABLED, 0, 0, TSIG_REPAIR};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tsig_signature *sig = sig_of(cases[i].sig);
        CHECK(sig != NULL);
        tsig_stream *s = tsig_stream_new(sig, 0, &o);
        size_t len = strlen(cases[i].text), at = 0;
        for (size_t q = 1; q <= 4; q++) {
            size_t to = q == 4 ? len : len * q / 4;
            tsig_stream_push(s, cases[i].text + at, to - at, NULL);
            at = to;
            size_t n;
            char *p = tsig_stream_partial(s, &n);
            CHECK_STR(p, cases[i].partials[q - 1]);
            tsig_free(p);
        }
        CHECK_INT(tsig_stream_get_state(s), TSIG_STREAM_INCOMPLETE);
        tsig_stream_free(s);
        tsig_signature_free(sig);
    }
}

/* A scalar repair reads whole (quotes, comments) is the reading, not the
 * whole text as a bare text: the partial value is the one-shot value, as
 * soon as it is read and after the end; a text that may still become a
 * literal shows its reading once the stream ended. */
TEST(a_repaired_scalar_is_the_partial_value_not_the_whole_text)
{
    static const struct {
        const char *sig, *text, *now, *ended;
    } cases[] = {
        {":string", "'abc'", "\"abc\"", "\"abc\""},
        {":string", "\xE2\x80\x9C" "abc" "\xE2\x80\x9D", "\"abc\"", "\"abc\""},
        {":string | :int", "12 // twelve", "12", "12"},
        {":string | :bool", "True /* yes */", "true", "true"},
        {":string", "12 apples", "\"12 apples\"", "\"12 apples\""},
        {":string", "n", "null", "\"n\""},
        {":string?", "nullri?ll", "\"nullri?ll\"", "\"nullri?ll\""},
        {":string", "```\nTr", "null", "\"Tr\""},
    };
    tsig_validate_options o = {TSIG_MODE_ENABLED, 0, 0, TSIG_REPAIR};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tsig_signature *sig = sig_of(cases[i].sig);
        CHECK(sig != NULL);
        tsig_stream *s = tsig_stream_new(sig, 0, &o);
        tsig_stream_push(s, cases[i].text, strlen(cases[i].text), NULL);
        size_t n;
        char *p = tsig_stream_partial(s, &n);
        CHECK_STR(p, cases[i].now);
        tsig_free(p);
        tsig_result r;
        tsig_stream_end(s, &r);
        CHECK(r.ok);
        CHECK_STR(r.value_json, cases[i].ended);
        p = tsig_stream_partial(s, &n);
        CHECK_STR(p, cases[i].ended);
        tsig_free(p);
        tsig_result_free(&r);
        tsig_stream_free(s);
        tsig_signature_free(sig);
    }
}

TEST(a_stream_keeps_the_first_error_and_reads_nothing_after_it)
{
    tsig_signature *sig = sig_of("[:int]");
    tsig_stream *s = tsig_stream_new(sig, 0, NULL);
    tsig_stream_state st;
    tsig_stream_push(s, "[1, }", 5, &st);
    CHECK_INT(st, TSIG_STREAM_INVALID);
    const tsig_result *r = tsig_stream_result(s);
    CHECK(r && r->error_count == 1);
    if (r && r->error_count) CHECK_STR(r->errors[0].message, "JSON error at 1:5: expected a JSON value, found \"}\"");
    tsig_stream_push(s, "2]", 2, &st);
    CHECK_INT(st, TSIG_STREAM_INVALID);
    tsig_stream_free(s);
    tsig_signature_free(sig);
}

TEST(text_after_a_value_judged_invalid_still_counts_at_the_end)
{
    /* the map misses a field (invalid at its "}"), then the text goes on:
     * the whole is not JSON, which is what end() says, as one shot does */
    tsig_signature *sig = sig_of("{a :int, b :int}");
    tsig_stream *s = tsig_stream_new(sig, 0, NULL);
    tsig_stream_state st;
    tsig_stream_push(s, "{\"a\": 1}", 8, &st);
    CHECK_INT(st, TSIG_STREAM_INVALID);
    tsig_stream_push(s, " \"b\": 2}", 9, &st);
    CHECK_INT(st, TSIG_STREAM_INVALID);
    tsig_result r;
    CHECK_INT(tsig_stream_end(s, &r), TSIG_ERR_JSON);
    CHECK(r.error_count == 1);
    if (r.error_count) CHECK_STR(r.errors[0].message, "JSON error at 1:10: expected end of input, found \"\\\"\"");
    tsig_result_free(&r);
    tsig_stream_free(s);
    tsig_signature_free(sig);
}

/* Pushes before, then more, of a return value of sig: incomplete after
 * before, invalid after more (nothing when empty) with the first error
 * "path: message", the one-shot result at the end. */
static void invalid_once_read(const char *sig_text, const char *before, const char *more,
                              const char *error)
{
    tsig_signature *sig = sig_of(sig_text);
    tsig_stream *s = tsig_stream_new(sig, 0, NULL);
    tsig_stream_state st;
    tsig_stream_push(s, before, strlen(before), &st);
    if (*more) {
        CHECK_INT(st, TSIG_STREAM_INCOMPLETE);
        tsig_stream_push(s, more, strlen(more), &st);
    }
    CHECK_INT(st, TSIG_STREAM_INVALID);
    const tsig_result *r = tsig_stream_result(s);
    char got[200] = "";
    if (r && r->error_count) snprintf(got, sizeof got, "%s: %s", r->errors[0].path, r->errors[0].message);
    CHECK_STR(got, error);
    tsig_stream_free(s);
    tsig_signature_free(sig);
}

/* Still incomplete after text (a return value of sig). */
static void incomplete_after(const char *sig_text, const char *text)
{
    tsig_signature *sig = sig_of(sig_text);
    tsig_stream *s = tsig_stream_new(sig, 0, NULL);
    tsig_stream_state st;
    tsig_stream_push(s, text, strlen(text), &st);
    if (st != TSIG_STREAM_INCOMPLETE)
        tsig_test_fail(__FILE__, __LINE__, "%s: not incomplete after %s", sig_text, text);
    tsig_stream_free(s);
    tsig_signature_free(sig);
}

/* The first error of a stream's kept result as "path: message" ("" for
 * none), and its place. */
static void first_error(const tsig_stream *s, char *got, size_t cap, size_t *offset,
                        size_t *length)
{
    const tsig_result *r = tsig_stream_result(s);
    got[0] = '\0';
    *offset = *length = (size_t)-1;
    if (!r || !r->error_count) return;
    snprintf(got, cap, "%s: %s", r->errors[0].path, r->errors[0].message);
    *offset = r->errors[0].offset;
    *length = r->errors[0].length;
}

/* A value whose type never takes its kind, pushed as before, its first
 * byte, and the rest: incomplete after before; invalid after the first
 * byte, with the error at_first at that byte; whole is the error once
 * the rest came (a scalar's, with its value; a list or map is judged by
 * its first byte alone and nothing after it is read); end() is the
 * one-shot result; the whole text in one push says whole. */
static void wrong_kind_at(int line, const char *sig_text, const char *before, const char *first,
                          const char *rest, const char *at_first, const char *whole)
{
    tsig_signature *sig = sig_of(sig_text);
    char text[256], got[256];
    size_t offset, length;
    snprintf(text, sizeof text, "%s%s%s", before, first, rest);
    tsig_stream *s = tsig_stream_new(sig, 0, NULL);
    tsig_stream_state st;
    tsig_stream_push(s, before, strlen(before), &st);
    if (st != TSIG_STREAM_INCOMPLETE) tsig_test_fail(__FILE__, line, "%s: not incomplete", before);
    tsig_stream_push(s, first, strlen(first), &st);
    first_error(s, got, sizeof got, &offset, &length);
    if (st != TSIG_STREAM_INVALID || strcmp(got, at_first) != 0 || offset != strlen(before) ||
        length != 1)
        tsig_test_fail(__FILE__, line, "%s%s: state %d, error \"%s\" at %zu+%zu, want \"%s\" at %zu+1",
                       before, first, (int)st, got, offset, length, at_first, strlen(before));
    tsig_stream_push(s, rest, strlen(rest), &st);
    first_error(s, got, sizeof got, &offset, &length);
    if (st != TSIG_STREAM_INVALID || strcmp(got, whole) != 0)
        tsig_test_fail(__FILE__, line, "%s: state %d, error \"%s\", want \"%s\"", text, (int)st,
                       got, whole);
    tsig_result r;
    tsig_stream_end(s, &r);
    char *ended = describe(&r);
    tsig_result_free(&r);
    tsig_stream_free(s);
    sample c = {sig_text, 0, 0, text};
    char *want = one_shot(&c, sig);
    if (strcmp(ended, want) != 0)
        tsig_test_fail(__FILE__, line, "%s: end()\n    got:  %s\n    want: %s", text, ended, want);
    free(ended);
    free(want);
    s = tsig_stream_new(sig, 0, NULL);
    tsig_stream_push(s, text, strlen(text), &st);
    first_error(s, got, sizeof got, &offset, &length);
    if (strcmp(got, whole) != 0)
        tsig_test_fail(__FILE__, line, "%s in one push: error \"%s\", want \"%s\"", text, got, whole);
    tsig_stream_free(s);
    tsig_signature_free(sig);
}
#define wrong_kind(...) wrong_kind_at(__LINE__, __VA_ARGS__)

/* SPEC §12.2: the kind of a value is known at its first byte, and so is
 * an error about it. A list or map is judged there (its message echoes
 * nothing); a string, number or literal is judged there too, its value
 * echoed once it is whole: until then a string is "…", a number is a
 * number "…" (int or float is known at its end), a literal is the one its
 * first byte starts. */
TEST(a_value_of_a_kind_its_type_never_takes_is_invalid_at_its_first_byte)
{
    const char *temp = "{temp :float, x :int?}";
    wrong_kind(temp, "{\"temp\": ", "[", "1, 2], \"x\": 1}", "temp: expected float, got list",
               "temp: expected float, got list");
    wrong_kind(temp, "{\"temp\": ", "{", "\"a\":", "temp: expected float, got map",
               "temp: expected float, got map");
    wrong_kind(temp, "{\"temp\": ", "\"", "warm\", \"x\": 1}",
               "temp: expected float, got string \"\xE2\x80\xA6\"",
               "temp: expected float, got string \"warm\"");
    wrong_kind(temp, "{\"temp\": ", "t", "rue}", "temp: expected float, got bool true",
               "temp: expected float, got bool true");
    wrong_kind(temp, "{\"temp\": ", "f", "alse}", "temp: expected float, got bool false",
               "temp: expected float, got bool false");
    wrong_kind(temp, "{\"temp\": ", "n", "ull}", "temp: expected float, got nil",
               "temp: expected float, got nil");
    wrong_kind("{name :string}", "{\"name\": ", "-", "12.5}",
               "name: expected string, got number \xE2\x80\xA6",
               "name: expected string, got float -12.5");
    wrong_kind("{name :string}", "{\"name\": ", "7", "}",
               "name: expected string, got number \xE2\x80\xA6", "name: expected string, got int 7");
    /* at the root, in lists, in maps, after elements validated whole */
    wrong_kind(":int", "", "[", "1]", ": expected int, got list", ": expected int, got list");
    wrong_kind("[:float]", "[1, ", "[", "2]]", "[1]: expected float, got list",
               "[1]: expected float, got list");
    wrong_kind("[[:int]]", "[[1], [2, ", "\"", "x\"]]",
               "[1][1]: expected int, got string \"\xE2\x80\xA6\"",
               "[1][1]: expected int, got string \"x\"");
    wrong_kind("{a {b :int}}", "{\"a\": {\"b\": ", "{", "\"c\": 1}}}", "a.b: expected int, got map",
               "a.b: expected int, got map");
    wrong_kind("[{id :int}]", "[{\"id\": 1}, {\"id\": 2}, {\"id\": ", "{", "}}]",
               "[2].id: expected int, got map", "[2].id: expected int, got map");
    /* in a record of more fields than are searched one by one, a key
     * spelled with '-' included */
    tsig_strbuf big = {0};
    tsig_sb_putc(&big, '{');
    for (int i = 0; i < 40; i++) tsig_sb_printf(&big, "%sp_%d :int?", i ? ", " : "", i);
    tsig_sb_putc(&big, '}');
    CHECK(!big.failed);
    wrong_kind(big.data, "{\"p_0\": 1, \"p-33\": ", "\"", "x\"}",
               "p_33: expected int, got string \"\xE2\x80\xA6\"", "p_33: expected int, got string \"x\"");
    tsig_sb_release(&big);
}

/* A union takes the kinds its members take: a first byte none of them
 * takes is the error, one that a member takes is read on. */
/* "01" is no number: the stream's error is the one-shot call's JSON
 * error at the 1, never a number 0 of the wrong kind */
TEST(a_leading_zero_before_a_digit_is_a_json_error_not_a_zero)
{
    invalid_once_read("[:string]", "[01]", "",
                      ": JSON error at 1:3: expected \",\" or \"]\", found \"1\"");
    invalid_once_read("{a :string}", "{\"a\": -01}", "",
                      ": JSON error at 1:9: expected \",\" or \"}\", found \"1\"");
}

TEST(a_union_is_invalid_at_a_first_byte_none_of_its_members_takes)
{
    wrong_kind("{x :int | :string}", "{\"x\": ", "[", "1]}", "x: expected int or string, got list",
               "x: expected int or string, got list");
    wrong_kind("{x :int | [:int]}", "{\"x\": ", "\"", "a\"}",
               "x: expected int or list, got string \"\xE2\x80\xA6\"",
               "x: expected int or list, got string \"a\"");
    wrong_kind("{x :enum[a b]}", "{\"x\": ", "1", "}", "x: expected one of a, b, got number \xE2\x80\xA6",
               "x: expected one of a, b, got int 1");
    incomplete_after("{x :int | [:int]}", "{\"x\": [");
    incomplete_after("{x :int | [:int]}", "{\"x\": [1");
    incomplete_after("{x :int | :string}", "{\"x\": \"a");
    incomplete_after("{x :int | :string}", "{\"x\": 1");
}

/* :any takes every kind; T? takes null, and otherwise what T takes. */
TEST(any_and_optional_types_take_what_they_admit_at_the_first_byte)
{
    const char *const starts[] = {"[", "{", "\"a", "-1", "t", "f", "n"};
    for (size_t i = 0; i < sizeof starts / sizeof starts[0]; i++) {
        char text[32];
        snprintf(text, sizeof text, "{\"x\": %s", starts[i]);
        incomplete_after("{x :any}", text);
    }
    incomplete_after("{x :float?}", "{\"x\": n");
    incomplete_after("{x :float?}", "{\"x\": 1");
    incomplete_after("{x [:int]?}", "{\"x\": [");
    wrong_kind("{x :float?}", "{\"x\": ", "[", "]}", "x: expected float, got list",
               "x: expected float, got list");
    wrong_kind("{x [:int]?}", "{\"x\": ", "t", "rue}", "x: expected list, got bool true",
               "x: expected list, got bool true");
}

/* A float where an int belongs is known when its "." or exponent comes,
 * as a number: at its end. */
TEST(a_float_where_an_int_belongs_is_invalid_when_the_number_ends)
{
    tsig_signature *sig = sig_of("{n :int, items [{id :int}]}");
    tsig_stream *s = tsig_stream_new(sig, 0, NULL);
    tsig_stream_state st;
    tsig_stream_push(s, "{\"n\": 1.", 8, &st);
    CHECK_INT(st, TSIG_STREAM_INCOMPLETE);
    tsig_stream_push(s, "5,", 2, &st);
    CHECK_INT(st, TSIG_STREAM_INVALID);
    char got[200];
    size_t offset, length;
    first_error(s, got, sizeof got, &offset, &length);
    CHECK_STR(got, "n: expected int, got float 1.5");
    tsig_stream_free(s);
    tsig_signature_free(sig);
}

TEST(a_string_that_starts_no_enum_value_is_invalid_as_soon_as_it_is_read)
{
    const char *e = "{a :enum[pending active]}";
    invalid_once_read(e, "{\"a\":\"don", "", "a: expected one of pending, active, got string \"d\"");
    invalid_once_read(e, "{\"a\":\"pen", "x", "a: expected one of pending, active, got string \"penx\"");
    /* the text before an escape is decoded: judged there */
    invalid_once_read(e, "{\"a\":\"p", "x\\u00", "a: expected one of pending, active, got string \"px\"");
    /* a whole string that only starts a value */
    invalid_once_read(e, "{\"a\":\"pend", "\"", "a: expected one of pending, active, got string \"pend\"");
    /* a union whose strings are enum values */
    invalid_once_read("[:enum[a b] | :int]", "[1, \"a\", \"c", "",
                      "[2]: expected one of a, b, got string \"c\"");
    incomplete_after(e, "{\"a\":\"");
    incomplete_after(e, "{\"a\":\"pend");
    incomplete_after(e, "{\"a\":\"act\\u0069");
    incomplete_after(e, "{\"a\":\"active\"");
    /* a string that :string also takes is not judged early */
    incomplete_after("{a :enum[x] | :string}", "{\"a\":\"don");
}

/* SPEC §13.2: prose after a scalar is an error, never dropped; the stream
 * is never complete with it, and end() tells the error (with repair on, a
 * value that comes later could still be the reading). */
TEST(prose_after_a_scalar_makes_the_stream_invalid_never_complete)
{
    static const char *const cases[][4] = {
        /* signature, the scalar, the prose after it, the error */
        {":int", "12", " apples", "JSON error at 1:4: expected end of input, found \"a\""},
        {":float", "1", "/5", "JSON error at 1:2: expected end of input, found \"/\""},
        {":bool", "true", " or false", "JSON error at 1:6: expected end of input, found \"o\""},
        /* a quote followed by text may yet be inside the string (SPEC
         * §13.1): the line's end decides */
        {":enum[ONE TWO]", "\"TWO\"", " is the answer\n",
         "JSON error at 1:7: expected end of input, found \"i\""},
        {":string", "\"hello\"", " + \" world\"",
         "JSON error at 1:9: expected end of input, found \"+\""},
    };
    tsig_validate_options o = {TSIG_MODE_ENABLED, 0, 0, TSIG_REPAIR};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tsig_signature *sig = sig_of(cases[i][0]);
        tsig_stream *s = tsig_stream_new(sig, 0, &o);
        tsig_stream_state st;
        tsig_stream_push(s, cases[i][1], strlen(cases[i][1]), &st);
        CHECK(st != TSIG_STREAM_INVALID);
        /* the prose a byte at a time: never complete once it began */
        for (const char *p = cases[i][2]; *p; p++) {
            tsig_stream_push(s, p, 1, &st);
            if (*p != ' ' && st == TSIG_STREAM_COMPLETE)
                tsig_test_fail(__FILE__, __LINE__, "%s%s: complete after %s", cases[i][1],
                               cases[i][2], p);
        }
        /* with repair on, told by end() (SPEC §13.2) */
        CHECK_INT(st, TSIG_STREAM_INCOMPLETE);
        tsig_result r;
        CHECK_INT(tsig_stream_end(s, &r), TSIG_ERR_JSON);
        CHECK_INT(r.error_count, 1);
        if (r.error_count) CHECK_STR(r.errors[0].message, cases[i][3]);
        CHECK(r.value_json == NULL);
        tsig_result_free(&r);
        tsig_stream_free(s);
        tsig_signature_free(sig);
    }
}

/* SPEC §12.1, §13.2: prose before a scalar leaves the stream waiting for
 * an object or array (the only values prose may surround); at the end it
 * is the one-shot error, never the scalar. */
TEST(prose_before_a_scalar_never_makes_it_the_streams_value)
{
    tsig_validate_options o = {TSIG_MODE_ENABLED, 0, 0, TSIG_REPAIR};
    tsig_signature *sig = sig_of(":int");
    tsig_stream *s = tsig_stream_new(sig, 0, &o);
    const char *text = "The answer: 12";
    tsig_stream_state st;
    for (const char *p = text; *p; p++) {
        tsig_stream_push(s, p, 1, &st);
        CHECK_INT(st, TSIG_STREAM_INCOMPLETE);
    }
    tsig_result r;
    CHECK_INT(tsig_stream_end(s, &r), TSIG_ERR_JSON);
    CHECK_INT(r.error_count, 1);
    if (r.error_count)
        CHECK_STR(r.errors[0].message, "JSON error at 1:1: expected a JSON value, found \"The\"");
    tsig_result_free(&r);
    tsig_stream_free(s);
    tsig_signature_free(sig);
}

TEST(a_number_out_of_range_is_invalid_when_the_number_ends)
{
    invalid_once_read("{n :int[1..10], m :int}", "{\"n\": 11", ",",
                      "n: expected int in 1..10, got int 11");
    invalid_once_read("[:float[>0]]", "[1, -0.5", "]", "[1]: expected float > 0, got float -0.5");
    incomplete_after("{n :int[1..10], m :int}", "{\"n\": 10,");
    incomplete_after("{n :int[1..10], m :int}", "{\"n\": 11");
}

TEST(the_properties_hold_for_streams_that_drop_what_they_validated)
{
    lean = TSIG_CALLER_KEEPS_TEXT;
    a_valid_text_is_incomplete_until_whole_then_complete_never_invalid();
    a_text_with_an_error_is_invalid_no_later_than_the_one_shot_error();
    chunk_boundaries_anywhere_change_nothing();
    lean = 0;
}

/* Ending an ended stream hands over the same result again. */
TEST(ending_twice_gives_the_same_result)
{
    const sample *sets[] = {VALID, BAD};
    size_t counts[] = {sizeof VALID / sizeof VALID[0], sizeof BAD / sizeof BAD[0]};
    for (size_t k = 0; k < 2; k++)
        for (size_t i = 0; i < counts[k]; i++) {
            const sample *c = &sets[k][i];
            tsig_signature *sig = sig_of(c->sig);
            tsig_stream *s = open_stream(c, sig);
            tsig_stream_push(s, c->text, strlen(c->text), NULL);
            tsig_result first, second;
            tsig_code a = tsig_stream_end(s, &first), b = tsig_stream_end(s, &second);
            char *da = describe(&first), *db = describe(&second);
            CHECK_INT(b, a);
            CHECK_STR(db, da);
            free(da);
            free(db);
            tsig_result_free(&first);
            tsig_result_free(&second);
            tsig_stream_free(s);
            tsig_signature_free(sig);
        }
}

/* The JS package's step: the state, and 4 exactly when a result was
 * judged since the step before (a push of nothing then reads it). */
TEST(a_step_says_when_there_is_a_new_result)
{
    tsig_signature *sig = sig_of("{a :int, b :int}");
    tsig_stream *s = tsig_stream_new(sig, 0, NULL);
    const char *text = "{\"a\": 1, \"b\": 2}";
    size_t len = strlen(text), news = 0;
    for (size_t i = 0; i < len; i++) {
        int rc = tsig_api_stream_step(s, text + i, 1);
        CHECK(rc >= 0);
        news += (rc & 4) != 0;
        CHECK_INT(rc & 3, i + 1 < len ? TSIG_STREAM_INCOMPLETE : TSIG_STREAM_COMPLETE);
        if (i + 1 == len) CHECK(rc & 4);
    }
    CHECK_INT(news, 1);
    CHECK_INT(tsig_api_stream_step(s, " ", 1), TSIG_STREAM_COMPLETE); /* nothing new */
    CHECK_INT(tsig_api_stream_step(s, "x", 1), TSIG_STREAM_INVALID | 4);
    tsig_stream_free(s);
    tsig_signature_free(sig);
}

/* The JS package's documents: a push says the state, the result once
 * there is one (no value: the caller has the text) and, when asked, the
 * partial value; the end says the whole text's result, with the value
 * only when validation changed it. */
TEST(stream_documents_say_the_state_the_result_and_the_partial_value)
{
    tsig_signature *sig = sig_of("(a :int, b [:int]) -> :any");
    tsig_stream *s = tsig_api_stream_new(sig, 1, TSIG_MODE_ENABLED, 0, 0, 0);
    char *doc = tsig_api_stream_push(s, "{\"b\": [1,", 9, 1);
    CHECK_STR(doc, "{\"state\":\"incomplete\",\"partial\":{\"b\": [1]}}");
    tsig_free(doc);
    doc = tsig_api_stream_push(s, "2], \"a\": \"2\"}", 13, 0);
    CHECK_STR(doc, "{\"state\":\"complete\",\"result\":{\"ok\":true,\"errors\":[],\"warnings\":"
                   "[{\"path\":\"a\",\"segments\":[\"a\"],\"message\":\"coerced string \\\"2\\\" to int\","
                   "\"code\":\"coerced\",\"offset\":18,\"length\":3}]}}");
    tsig_free(doc);
    doc = tsig_api_stream_end(s);
    CHECK_STR(doc, "{\"ok\":true,\"value\":{\"a\":2,\"b\":[1,2]},\"errors\":[],\"warnings\":"
                   "[{\"path\":\"a\",\"segments\":[\"a\"],\"message\":\"coerced string \\\"2\\\" to int\","
                   "\"code\":\"coerced\",\"offset\":18,\"length\":3}]}");
    tsig_free(doc);
    tsig_stream_free(s);
    s = tsig_api_stream_new(sig, 1, TSIG_MODE_ENABLED, 0, 0, 0);
    doc = tsig_api_stream_push(s, NULL, 1, 0);
    CHECK_STR(doc, "{\"state\":\"invalid\",\"error\":\"TSIG_ERR_ARGUMENT\"}");
    tsig_free(doc);
    tsig_stream_free(s);
    CHECK(tsig_api_stream_new(sig, 1, 4, 0, 0, 0) == NULL);
    CHECK(tsig_api_stream_new(sig, 1, TSIG_MODE_ENABLED, 0, 0, TSIG_VALUE_ALWAYS) == NULL);
    tsig_signature_free(sig);
}

/* A stream that drops what it read gives the partial value as a cut of
 * the caller's text, and says a changed value it did not write. */
TEST(stream_documents_of_a_caller_that_keeps_the_text)
{
    tsig_signature *sig = sig_of("{a :int, b [:int]}");
    tsig_stream *s = tsig_api_stream_new(sig, 0, TSIG_MODE_ENABLED, 0, 0, TSIG_CALLER_KEEPS_TEXT);
    char *doc = tsig_api_stream_push(s, "{\"b\":[1,", 8, 1);
    CHECK_STR(doc, "{\"state\":\"incomplete\",\"cut\":[0,7,\"]}\"]}");
    tsig_free(doc);
    doc = tsig_api_stream_push(s, "2],\"a\":1}", 9, 1);
    CHECK_STR(doc, "{\"state\":\"complete\",\"result\":{\"ok\":true,\"errors\":[],\"warnings\":[]},"
                   "\"cut\":[0,17,\"\"]}");
    tsig_free(doc);
    doc = tsig_api_stream_end(s);
    CHECK_STR(doc, "{\"changed\":true,\"ok\":true,\"errors\":[],\"warnings\":[]}");
    tsig_free(doc);
    tsig_stream_free(s);
    s = tsig_api_stream_new(sig, 0, TSIG_MODE_ENABLED, 0, 0, TSIG_CALLER_KEEPS_TEXT);
    doc = tsig_api_stream_push(s, " ", 1, 1);
    CHECK_STR(doc, "{\"state\":\"incomplete\",\"cut\":null}");
    tsig_free(doc);
    tsig_stream_free(s);
    tsig_signature_free(sig);
}

/* The partial value is the text given when a whole value was read as it
 * came; not while it is open, nor when it was repaired. */
TEST(the_partial_value_is_the_text_given_only_for_a_whole_value_as_given)
{
    tsig_signature *sig = sig_of("[:int]");
    tsig_validate_options repair = {TSIG_MODE_ENABLED, 0, 0, TSIG_REPAIR};
    tsig_stream *s = tsig_stream_new(sig, 0, NULL);
    tsig_stream_push(s, "[1, 2", 5, NULL);
    CHECK(!tsig_api_stream_partial_is_text(s));
    tsig_stream_push(s, "]\n", 2, NULL);
    CHECK(tsig_api_stream_partial_is_text(s));
    /* text after the value that is no whitespace: not part of the value */
    tsig_stream_push(s, " x", 2, NULL);
    CHECK_INT(tsig_stream_get_state(s), TSIG_STREAM_INVALID);
    CHECK(!tsig_api_stream_partial_is_text(s));
    tsig_stream_free(s);
    s = tsig_stream_new(sig, 0, NULL);
    tsig_stream_push(s, "[1] [2]", 7, NULL);
    CHECK(!tsig_api_stream_partial_is_text(s));
    tsig_stream_free(s);
    s = tsig_stream_new(sig, 0, &repair);
    tsig_stream_push(s, "[1, 2,]", 7, NULL);
    CHECK_INT(tsig_stream_get_state(s), TSIG_STREAM_INCOMPLETE); /* repaired: complete by end() */
    CHECK(!tsig_api_stream_partial_is_text(s));
    tsig_stream_free(s);
    tsig_signature_free(sig);
}

/* Nesting at the depth limit: elements validated alone are read as at
 * their depth in the whole text. */
TEST(elements_near_the_depth_limit_are_judged_as_in_one_shot)
{
    tsig_signature *sig = sig_of("[[[:int]]]");
    const char *texts[] = {"[[[1]], [[2, 3]], []]", "[[[1]], [[[2]]]]", "[[[1]], [[2]], [[[3]]]]"};
    for (size_t k = 0; k < 3; k++) {
        tsig_validate_options o = {TSIG_MODE_ENABLED, 0, 3, 0};
        tsig_result want, got;
        tsig_validate_json(sig, texts[k], strlen(texts[k]), &o, &want);
        for (size_t chunk = 1; chunk <= strlen(texts[k]); chunk++) {
            tsig_stream *s = tsig_stream_new(sig, 0, &o);
            for (size_t at = 0; at < strlen(texts[k]); at += chunk) {
                size_t n = strlen(texts[k]) - at < chunk ? strlen(texts[k]) - at : chunk;
                tsig_stream_push(s, texts[k] + at, n, NULL);
            }
            tsig_stream_end(s, &got);
            char *a = describe(&want), *b = describe(&got);
            CHECK_STR(b, a);
            free(a);
            free(b);
            tsig_result_free(&got);
            tsig_stream_free(s);
        }
        tsig_result_free(&want);
    }
    tsig_signature_free(sig);
}

/* tsig_validate_elements: each whole element that validates as it stands,
 * up to the first that does not, is cut short, or may go on; the one the
 * end of the text cut short with nothing wrong so far waits for more. */
TEST(elements_are_told_while_whole_and_valid)
{
    tsig_signature *sig = sig_of("[{a :int}]");
    const tsig_type *elem = sig->returns->elem;
    tsig_validate_options o = {TSIG_MODE_ENABLED, 0, 0, 0};
    const char *t = "[{\"a\": 1}, {\"a\": 2} , {\"a\": \"x\"}, {\"a\": 4}]";
    size_t count, waits;
    /* one validator for every call, as a stream has */
    tsig_elements *e = tsig_elements_new();
    CHECK(e != NULL);
    CHECK_INT(tsig_validate_elements(e, elem, 0, t, strlen(t), 1, 1, &o, &count, &waits), 19);
    CHECK_INT(count, 2);
    CHECK_INT(waits, 0); /* the third is wrong */
    /* cut short: the whole ones before it, and where the cut one starts */
    CHECK_INT(tsig_validate_elements(e, elem, 0, t, 18, 1, 1, &o, &count, &waits), 9);
    CHECK_INT(count, 1);
    CHECK_INT(waits, 11);
    /* cut short in a value that is wrong already: nothing waits */
    CHECK_INT(tsig_validate_elements(e, elem, 0, t, 31, 1, 1, &o, &count, &waits), 19);
    CHECK_INT(waits, 0);
    /* none */
    CHECK_INT(tsig_validate_elements(e, elem, 0, t, strlen(t), 23, 1, &o, &count, &waits), 0);
    CHECK_INT(count, 0);
    /* bad JSON before the end of the text: nothing waits */
    CHECK_INT(tsig_validate_elements(e, elem, 0, "[{\"a\" 1", 8, 1, 1, &o, &count, &waits), 0);
    CHECK_INT(waits, 0);
    tsig_signature_free(sig);
    /* a number at the end of what came may go on */
    sig = sig_of("[:int]");
    CHECK_INT(tsig_validate_elements(e, sig->returns->elem, 0, "[1, 2", 5, 1, 1, &o, &count, &waits), 2);
    CHECK_INT(count, 1);
    CHECK_INT(waits, 4);
    tsig_signature_free(sig);
    tsig_elements_free(e);
}

/* A stream's validator of list elements is set up once and read with
 * again and again: whatever a reading left (a message, a map read
 * located, a union's choice, keys, a deep path, a cut), the next reading
 * answers as a validator set up for it alone. */
TEST(the_elements_validator_read_again_answers_as_a_new_one)
{
    static const struct {
        const char *sig, *text;
    } cases[] = {
        {"[{a :int, b :string}]", "[{\"b\": 1, \"a\": \"x\"}, {\"a\": 1, \"b\": \"y\"}]"},
        {"[{a :int, b :string}]", "[{\"a\": 1, \"b\": \"y\"}, {\"b\": \"z\", \"a\": 2}]"},
        {"[{kind :enum[x], n :int} | {kind :enum[y], s :string}]",
         "[{\"kind\": \"y\", \"s\": \"q\"}, {\"kind\": \"x\", \"n\": 3}, {\"kind\": \"x\", \"n\": \"3\"}]"},
        {"[:int | :string]", "[1, \"a\", 2.5, \"b\"]"},
        {"[{a :any}]", "[{\"a\": {\"k\": 1, \"k\": 2}}, {\"a\": [[[[1]]]]}]"},
        {"[[[:int]]]", "[[[1, 2]], [[3, \"x\"]], [[4]]]"},
        {"[{a :int}]", "[{\"a\": 1}, {\"a\": 12"},
        {"[:string]", "[\"a\\u00e9\", \"b\", \"c"},
        {"[{a-b :int}]", "[{\"a_b\": 1}, {\"a-b\": 2}, {\"a-b\": 3, \"a_b\": 4}]"},
    };
    size_t n = sizeof cases / sizeof cases[0];
    tsig_elements *kept = tsig_elements_new();
    CHECK(kept != NULL);
    tsig_validate_options o = {TSIG_MODE_STRICT, 0, 0, 0};
    /* every case after every other, each from each of its elements */
    for (int round = 0; round < 2; round++) {
        for (size_t i = 0; i < n; i++) {
            tsig_signature *sig = sig_of(cases[i].sig);
            const tsig_type *elem = sig->returns->elem;
            const char *t = cases[i].text;
            size_t len = strlen(t);
            for (size_t at = 1; at < len; at++) {
                if (t[at - 1] != '[' && t[at - 1] != ' ') continue;
                for (size_t end = at + 1; end <= len; end += 3) {
                    size_t c1, w1, c2, w2;
                    tsig_elements *fresh = tsig_elements_new();
                    CHECK(fresh != NULL);
                    size_t want = tsig_validate_elements(fresh, elem, round, t, end, at, 1, &o, &c1, &w1);
                    size_t got = tsig_validate_elements(kept, elem, round, t, end, at, 1, &o, &c2, &w2);
                    CHECK_INT(got, want);
                    CHECK_INT(c2, c1);
                    CHECK_INT(w2, w1);
                    if (want) {
                        int one = tsig_validate_element(fresh, elem, round, t, at, want, 1, &o, NULL, 0);
                        CHECK_INT(tsig_validate_element(kept, elem, round, t, at, want, 1, &o, NULL, 0), one);
                    }
                    tsig_elements_free(fresh);
                }
            }
            tsig_signature_free(sig);
        }
    }
    tsig_elements_free(kept);
}

/* An element the end of a chunk cuts short waits for the next chunk and
 * is validated whole then, by the validator alone: with chunks shorter
 * than an element but longer than half of one, every element is read
 * that way. One longer than two chunks is read by the push reader, then
 * validated alone when whole: known all the same, whatever the chunks.
 * The partial value shows the waiting element as far as it came. */
TEST(an_element_a_chunk_cuts_waits_for_the_next_chunk)
{
    tsig_signature *sig = sig_of("[{id :int, name :string}]");
    char text[2048];
    size_t len = 0;
    text[len++] = '[';
    for (int i = 0; i < 40; i++)
        len += (size_t)sprintf(text + len, "%s{\"id\": %d, \"name\": \"item %d\"}", i ? ", " : "", i, i);
    text[len++] = ']';
    text[len] = '\0';
    static const size_t chunks[] = {37, 29, 64, 500, 7, 1};
    for (size_t c = 0; c < sizeof chunks / sizeof chunks[0]; c++) {
        tsig_stream *s = tsig_stream_new(sig, 0, NULL);
        tsig_stream_state st = TSIG_STREAM_INCOMPLETE;
        for (size_t at = 0; at < len; at += chunks[c])
            tsig_stream_push(s, text + at, len - at < chunks[c] ? len - at : chunks[c], &st);
        CHECK_INT(st, TSIG_STREAM_COMPLETE);
        CHECK_INT(tsig_stream_known_elements(s), 40);
        tsig_result r;
        CHECK_INT(tsig_stream_end(s, &r), TSIG_OK);
        CHECK(r.ok);
        tsig_result_free(&r);
        tsig_stream_free(s);
    }
    /* the partial value while the element waits */
    tsig_stream *s = tsig_stream_new(sig, 0, NULL);
    tsig_stream_state st;
    tsig_stream_push(s, "[{\"id\": 1, \"name\": \"a\"}, {\"id\": 2, \"na", 38, &st);
    size_t n;
    char *p = tsig_stream_partial(s, &n);
    CHECK_STR(p, "[{\"id\": 1, \"name\": \"a\"}, {\"id\": 2}]");
    tsig_free(p);
    tsig_stream_push(s, "me\": \"b", 7, &st);
    p = tsig_stream_partial(s, &n);
    CHECK_STR(p, "[{\"id\": 1, \"name\": \"a\"}, {\"id\": 2, \"name\": \"b\"}]");
    tsig_free(p);
    tsig_stream_push(s, "\"}]", 3, &st);
    CHECK_INT(st, TSIG_STREAM_COMPLETE);
    /* cut by two chunks: the second read by the push reader, then
     * validated alone */
    CHECK_INT(tsig_stream_known_elements(s), 2);
    tsig_stream_free(s);
    tsig_signature_free(sig);
}

/* A stream whose caller keeps the text drops the list elements it
 * validated: what it keeps of a big list of maps read in chunks is about
 * a chunk, whatever the length; its partial value is a cut of the text
 * pushed, and its results are about the text pushed. */
TEST(a_stream_that_drops_what_it_validated_keeps_about_a_chunk)
{
    tsig_signature *sig = sig_of("{count :int, items [{id :int, tags [:string]}], note :string}");
    tsig_validate_options o = {TSIG_MODE_ENABLED, 0, 0, TSIG_CALLER_KEEPS_TEXT};
    tsig_strbuf text = {0};
    tsig_sb_puts(&text, "{\"count\": 3000, \"items\": [");
    for (int i = 0; i < 3000; i++)
        tsig_sb_printf(&text, "%s\n  {\"id\": %d, \"tags\": [\"a\", \"b%d\"]}", i ? "," : "", i, i);
    tsig_sb_puts(&text, "],\n \"note\": 7}");
    CHECK(!text.failed);
    tsig_stream *s = tsig_stream_new(sig, 0, &o);
    tsig_stream_state st = TSIG_STREAM_INCOMPLETE;
    size_t most = 0, chunk = 1024, at = 0;
    for (; at < text.len && st == TSIG_STREAM_INCOMPLETE; at += chunk) {
        tsig_stream_push(s, text.data + at, text.len - at < chunk ? text.len - at : chunk, &st);
        if (tsig_stream_kept(s) > most) most = tsig_stream_kept(s);
    }
    CHECK(most < 3 * chunk);
    /* the note's number is wrong: said where it is in the text pushed */
    CHECK_INT(st, TSIG_STREAM_INVALID);
    const tsig_result *r = tsig_stream_result(s);
    CHECK(r && r->error_count == 1);
    if (r && r->error_count) {
        CHECK_STR(r->errors[0].path, "note");
        CHECK_INT(r->errors[0].offset, text.len - 2);
    }
    tsig_result end;
    CHECK_INT(tsig_stream_end(s, &end), TSIG_OK);
    tsig_result one;
    tsig_validate_json(sig, text.data, text.len, NULL, &one);
    CHECK(end.error_count == 1 && one.error_count == 1);
    if (end.error_count && one.error_count) CHECK_INT(end.errors[0].offset, one.errors[0].offset);
    tsig_result_free(&end);
    tsig_result_free(&one);
    tsig_stream_free(s);
    /* bad JSON after them: its line and column count the lines dropped */
    text.len -= 2;
    tsig_sb_puts(&text, "\"x\"\n  y}");
    s = tsig_stream_new(sig, 0, &o);
    for (at = 0; at < text.len; at += chunk)
        tsig_stream_push(s, text.data + at, text.len - at < chunk ? text.len - at : chunk, &st);
    CHECK(tsig_stream_kept(s) < 3 * chunk);
    tsig_validate_json(sig, text.data, text.len, NULL, &one);
    r = tsig_stream_result(s);
    CHECK(r && r->error_count == 1 && one.error_count == 1);
    if (r && r->error_count && one.error_count) {
        CHECK_STR(r->errors[0].message, one.errors[0].message);
        CHECK_INT(r->json_error.line, one.json_error.line);
        CHECK_INT(r->json_error.column, one.json_error.column);
        CHECK_INT(r->errors[0].offset, one.errors[0].offset);
    }
    tsig_result_free(&one);
    tsig_stream_free(s);
    /* the partial value as a cut of the text, the one a stream keeping
     * the text gives, and no copy of it */
    static const size_t cuts[] = {1, 30, 999, 1024, 5000, 5001, 5002, 5003, 5004, 5010};
    for (size_t c = 0; c < sizeof cuts / sizeof cuts[0]; c++) {
        s = tsig_stream_new(sig, 0, &o);
        tsig_stream *keeps = tsig_stream_new(sig, 0, NULL);
        for (size_t k = 0; k < cuts[c]; k += 700) {
            size_t n = cuts[c] - k < 700 ? cuts[c] - k : 700;
            tsig_stream_push(s, text.data + k, n, &st);
            tsig_stream_push(keeps, text.data + k, n, &st);
        }
        size_t from, to, n;
        char *close, *want = tsig_stream_partial(keeps, &n);
        CHECK(tsig_stream_partial(s, &n) == NULL);
        CHECK_INT(tsig_stream_partial_cut(s, &from, &to, &close), TSIG_OK);
        tsig_strbuf got = {0};
        tsig_sb_append(&got, text.data + from, to - from);
        tsig_sb_puts(&got, close ? close : "");
        char *g = tsig_sb_finish(&got, NULL);
        CHECK_STR(g, want);
        tsig_free(g);
        tsig_free(want);
        tsig_free(close);
        tsig_stream_free(keeps);
        tsig_stream_free(s);
    }
    /* nothing read: null */
    s = tsig_stream_new(sig, 0, &o);
    tsig_stream_push(s, "  ", 2, &st);
    size_t from, to;
    char *close;
    CHECK_INT(tsig_stream_partial_cut(s, &from, &to, &close), TSIG_OK);
    CHECK(close == NULL);
    tsig_stream_free(s);
    tsig_sb_release(&text);
    tsig_signature_free(sig);
}

/* Streams text in chunks of chunk bytes into a stream with options o: the
 * most text it kept after a push, its end result in *end. */
static size_t kept_most(const tsig_signature *sig, const tsig_validate_options *o,
                        const tsig_strbuf *text, size_t chunk, tsig_result *end)
{
    tsig_stream *s = tsig_stream_new(sig, 0, o);
    tsig_stream_state st;
    size_t most = 0;
    for (size_t at = 0; at < text->len; at += chunk) {
        tsig_stream_push(s, text->data + at, text->len - at < chunk ? text->len - at : chunk, &st);
        if (tsig_stream_kept(s) > most) most = tsig_stream_kept(s);
    }
    tsig_stream_end(s, end);
    tsig_stream_free(s);
    return most;
}

/* Elements the push reader read (longer than two chunks: with a model's
 * chunks of a few bytes, nearly all) are validated alone when whole and
 * dropped as the others; an element that holds runs dropped before (a
 * group of a thousand items, in 1 KB chunks) takes them in. What is kept
 * stays about a chunk, and positions after it are the text's. */
TEST(a_stream_drops_the_elements_its_reader_read_too)
{
    tsig_signature *sig = sig_of("{groups [{name :string, items [{id :int, tags [:string]}]}], note :int}");
    tsig_validate_options o = {TSIG_MODE_ENABLED, 0, 0, TSIG_CALLER_KEEPS_TEXT};
    tsig_strbuf text = {0};
    tsig_sb_puts(&text, "{\"groups\": [");
    for (int g = 0; g < 4; g++) {
        tsig_sb_printf(&text, "%s\n {\"name\": \"g%d\", \"items\": [", g ? "," : "", g);
        for (int i = 0; i < 1000; i++)
            tsig_sb_printf(&text, "%s\n  {\"id\": %d, \"tags\": [\"a\", \"b%d\"]}", i ? "," : "", i, i);
        tsig_sb_puts(&text, "]}");
    }
    size_t tail = text.len;
    tsig_sb_puts(&text, "],\n \"note\": \"x\"}");
    CHECK(!text.failed);
    static const size_t chunks[] = {1, 3, 8, 1024};
    static const size_t most[] = {200, 200, 200, 3 * 1024};
    for (int json_error = 0; json_error < 2; json_error++) {
        tsig_result one;
        tsig_validate_json(sig, text.data, text.len, NULL, &one);
        CHECK(one.error_count == 1);
        for (size_t c = 0; c < sizeof chunks / sizeof chunks[0]; c++) {
            tsig_result end;
            CHECK(kept_most(sig, &o, &text, chunks[c], &end) < most[c]);
            CHECK(end.error_count == 1);
            if (end.error_count && one.error_count) {
                CHECK_STR(end.errors[0].message, one.errors[0].message);
                CHECK_INT(end.errors[0].offset, one.errors[0].offset);
                CHECK_INT(end.json_error.line, one.json_error.line);
                CHECK_INT(end.json_error.column, one.json_error.column);
            }
            tsig_result_free(&end);
        }
        tsig_result_free(&one);
        /* then bad JSON after the groups: its line and column */
        text.len = tail;
        tsig_sb_puts(&text, "],\n \"note\": 7\n   y}");
    }
    tsig_sb_release(&text);
    tsig_signature_free(sig);
}

/* The value of a record's member, once whole and TSIG_MEMBER_RUN_MIN
 * bytes or more, is validated alone and dropped as list elements are
 * (its key stays: a repeated key is still found): a stream that drops
 * what it validated keeps about its longest value, not the text, and ends
 * with the one-shot result, positions after what it dropped included. */
TEST(a_stream_drops_the_values_of_record_members_too)
{
    tsig_signature *sig = sig_of("{answer :string, summary {title :string, body :string}, "
                                 "notes {* :string}, n :int}");
    tsig_validate_options o = {TSIG_MODE_ENABLED, 0, 0, TSIG_CALLER_KEEPS_TEXT};
    tsig_strbuf text = {0}, long_text = {0};
    for (int i = 0; i < 60; i++) tsig_sb_printf(&long_text, "line %02d of the answer, \\n\\u00e9 ", i);
    CHECK(!long_text.failed && long_text.len > 1500 && long_text.len < 2000);
    tsig_sb_printf(&text, "{\"answer\": \"%s\",\n \"summary\": {\"title\": \"%s\",\n  \"body\": \"%s\"},\n",
                   long_text.data, long_text.data, long_text.data);
    tsig_sb_puts(&text, " \"notes\": {");
    for (int k = 0; k < 6; k++)
        tsig_sb_printf(&text, "%s\n  \"k%d\": \"%s\"", k ? "," : "", k, long_text.data);
    size_t tail = text.len;
    tsig_sb_puts(&text, "},\n \"n\": \"x\"}");
    CHECK(!text.failed);
    static const size_t chunks[] = {1, 3, 16, 1024};
    /* an error after what was dropped; then bad JSON there; then a key
     * repeated after its value was dropped */
    for (int round = 0; round < 3; round++) {
        tsig_result one;
        tsig_validate_json(sig, text.data, text.len, NULL, &one);
        CHECK(!one.ok);
        for (size_t c = 0; c < sizeof chunks / sizeof chunks[0]; c++) {
            tsig_result end;
            size_t most = kept_most(sig, &o, &text, chunks[c], &end);
            CHECK(most < long_text.len + 200 + 2 * chunks[c]);
            CHECK(text.len > 5 * most);
            CHECK_INT(end.error_count, one.error_count);
            CHECK_INT(end.json_error.code, one.json_error.code);
            CHECK_INT(end.json_error.line, one.json_error.line);
            CHECK_INT(end.json_error.column, one.json_error.column);
            for (size_t i = 0; i < end.error_count && i < one.error_count; i++) {
                CHECK_STR(end.errors[i].message, one.errors[i].message);
                CHECK_STR(end.errors[i].path, one.errors[i].path);
                CHECK_INT(end.errors[i].offset, one.errors[i].offset);
                CHECK_INT(end.errors[i].length, one.errors[i].length);
            }
            tsig_result_free(&end);
        }
        tsig_result_free(&one);
        text.len = tail;
        if (round == 0) tsig_sb_puts(&text, "},\n \"n\": 7\n   y}");
        else tsig_sb_printf(&text, ",\n  \"k2\": \"%s\"},\n \"n\": 7}", long_text.data);
    }
    /* valid: complete, and the one-shot result */
    text.len = tail;
    tsig_sb_puts(&text, "},\n \"n\": 7}");
    tsig_result end;
    CHECK(kept_most(sig, &o, &text, 16, &end) < long_text.len + 250);
    CHECK(end.ok && end.error_count == 0 && end.warning_count == 0);
    tsig_result_free(&end);
    tsig_sb_release(&long_text);
    tsig_sb_release(&text);
    tsig_signature_free(sig);
}

/* A stream that drops what it validated ends with the one-shot result
 * where the validator reads text that is not the stream's (JSON read from
 * a string), a value without its type (a repeated key, a record after a
 * key with an escape), or a map again in declaration order: no run is met
 * where it does not stand. */
TEST(runs_are_met_only_where_they_stand)
{
    tsig_strbuf long_a = {0}, the_y = {0};
    for (int i = 0; i < 200; i++) tsig_sb_putc(&long_a, 's');
    /* a string holding JSON whose value starts where a run of the text
     * validated starts, at the same offset and of the same type */
    tsig_sb_puts(&the_y, "{\"items\": [{\"x\": \"");
    for (int i = 0; i < 200; i++) tsig_sb_putc(&the_y, 'a');
    tsig_sb_puts(&the_y, "\", \"the-y\": 5}, \"{\\\"x\\\":            5");
    for (int i = 0; i < 209; i++) tsig_sb_putc(&the_y, ' ');
    tsig_sb_puts(&the_y, ", \\\"the_y\\\": 1}\"]}");
    tsig_strbuf coerced = {0};
    tsig_sb_printf(&coerced, "{\"a\": \"%s\", \"b\": \"{\\\"c\\\": 1}\"}", long_a.data);
    CHECK(!the_y.failed && !coerced.failed && !long_a.failed);
    struct {
        const char *sig, *text;
        int input;
    } cases[] = {
        {"(x :int, a :string, b {c :int}) -> :any", coerced.data, 1},
        {"(x :int, a [:string], c [:int]) -> :any", "{\"a\": [\"s\", \"t\"], \"c\": \"[      1]\"}", 1},
        {"(items [{x :string, the_y :int}]) -> :any", the_y.data, 1},
        {"{* [:map]}", "{\"z\": [], \"z\": [{}, {}, {\"m\": 1, \"m\": 2}]}", 0},
        {"{a [:map]}", "{\"\\u0061\": [], \"a\": [{}, {}, {\"m\": 1, \"m\": 2}]}", 0},
    };
    static const size_t chunks[] = {1, 3, 16, 1024};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        tsig_signature *sig = sig_of(cases[k].sig);
        size_t len = strlen(cases[k].text);
        tsig_validate_options o = {TSIG_MODE_ENABLED, 0, 0, TSIG_NO_REPAIR | TSIG_VALUE_NEVER};
        tsig_result one;
        if (cases[k].input) tsig_validate_input_json(sig, cases[k].text, len, &o, &one);
        else tsig_validate_json(sig, cases[k].text, len, &o, &one);
        CHECK(!one.ok || one.warning_count);
        o.flags = TSIG_NO_REPAIR | TSIG_CALLER_KEEPS_TEXT;
        for (size_t c = 0; c < sizeof chunks / sizeof chunks[0]; c++) {
            tsig_stream *s = tsig_stream_new(sig, cases[k].input, &o);
            for (size_t at = 0; at < len; at += chunks[c])
                CHECK_INT(tsig_stream_push(s, cases[k].text + at, len - at < chunks[c] ? len - at : chunks[c], NULL),
                          TSIG_OK);
            tsig_result end;
            CHECK_INT(tsig_stream_end(s, &end), one.json_error.code);
            CHECK_INT(end.ok, one.ok);
            CHECK_INT(end.error_count, one.error_count);
            CHECK_INT(end.warning_count, one.warning_count);
            for (size_t i = 0; i < end.error_count && i < one.error_count; i++) {
                CHECK_STR(end.errors[i].path, one.errors[i].path);
                CHECK_STR(end.errors[i].message, one.errors[i].message);
                CHECK_INT(end.errors[i].offset, one.errors[i].offset);
            }
            tsig_result_free(&end);
            tsig_stream_free(s);
        }
        tsig_result_free(&one);
        tsig_signature_free(sig);
    }
    tsig_sb_release(&long_a);
    tsig_sb_release(&the_y);
    tsig_sb_release(&coerced);
}

/* The partial value of a stream that drops what it validated is the one
 * of a stream keeping the text, after each push, in any chunking: a wait
 * the reader passed (or dropped) is never taken for a wait again. */
TEST(a_dropping_stream_cuts_the_partial_value_a_keeping_one_gives)
{
    static const char *const CASES[][2] = {
        {"[:int]", "[-23,  -402,[], 82]"},
        {"{p0 [:int[0..100]]}", "{\"p0\":[64,95,033]}"},
        {"[{id :int, tags [:string]}]", "[{\"id\": 1, \"tags\": [\"a\", \"b\"]}, {\"id\": 2, \"tags\": []}, {\"id\": \"x\"}]"},
    };
    tsig_validate_options drops = {TSIG_MODE_ENABLED, 0, 0, TSIG_CALLER_KEEPS_TEXT};
    unsigned seed = 99;
    for (size_t c = 0; c < sizeof CASES / sizeof CASES[0]; c++) {
        tsig_signature *sig = sig_of(CASES[c][0]);
        const char *text = CASES[c][1];
        size_t len = strlen(text);
        for (int round = 0; round < 200; round++) {
            tsig_stream *s = tsig_stream_new(sig, 0, &drops), *keeps = tsig_stream_new(sig, 0, NULL);
            tsig_stream_state st;
            for (size_t at = 0; at < len;) {
                seed = seed * 1103515245u + 12345u;
                size_t n = 1 + (seed >> 16) % 12;
                if (n > len - at) n = len - at;
                tsig_stream_push(s, text + at, n, &st);
                tsig_stream_push(keeps, text + at, n, &st);
                at += n;
                size_t from, to, pn;
                char *close, *want = tsig_stream_partial(keeps, &pn);
                CHECK_INT(tsig_stream_partial_cut(s, &from, &to, &close), TSIG_OK);
                tsig_strbuf got = {0};
                if (close || from != to) {
                    tsig_sb_append(&got, text + from, to - from);
                    tsig_sb_puts(&got, close ? close : "");
                } else {
                    tsig_sb_puts(&got, "null");
                }
                char *g = tsig_sb_finish(&got, NULL);
                if (strcmp(g, want) != 0)
                    tsig_test_fail(__FILE__, __LINE__, "%s on %s after byte %zu: cut %s, kept %s",
                                   CASES[c][0], text, at, g, want);
                tsig_free(g);
                tsig_free(want);
                tsig_free(close);
            }
            tsig_stream_free(s);
            tsig_stream_free(keeps);
        }
        tsig_signature_free(sig);
    }
}

/* The validation of a whole text steps over known values: a known span
 * is not read again (here a wrong one, to see it). */
TEST(the_whole_text_steps_over_known_elements)
{
    tsig_signature *sig = sig_of("[:int]");
    const char *t = "[1, \"x\", 3]";
    tsig_known known = {4, 7, 1, sig->returns->elem, 0, 0};
    tsig_result r;
    tsig_validate_with_known(sig->returns, 0, t, strlen(t), NULL, &known, 1, &r);
    CHECK(r.ok);
    tsig_result_free(&r);
    /* of another type, or written (pass 2), it is read */
    tsig_known other = {4, 7, 1, sig->returns, 0, 0};
    tsig_validate_with_known(sig->returns, 0, t, strlen(t), NULL, &other, 1, &r);
    CHECK(!r.ok);
    tsig_result_free(&r);
    /* a run of elements counts as its elements */
    tsig_signature *bounded = sig_of("[:int][..2]");
    const char *three = "[1, 2, 3]";
    tsig_known run = {1, 8, 3, bounded->returns->elem, 0, 0};
    tsig_validate_with_known(bounded->returns, 0, three, strlen(three), NULL, &run, 1, &r);
    CHECK(!r.ok && r.error_count == 1);
    tsig_result_free(&r);
    tsig_signature_free(bounded);
    tsig_validate_options always = {TSIG_MODE_ENABLED, 0, 0, TSIG_VALUE_ALWAYS};
    tsig_validate_with_known(sig->returns, 0, t, strlen(t), &always, &known, 1, &r);
    CHECK(r.ok);
    CHECK_STR(r.value_json, "[1,\"x\",3]"); /* pass 2 reads it */
    tsig_result_free(&r);
    tsig_signature_free(sig);
}

/* Lists whose elements a stream reads once (known runs), in places where
 * the validation of the whole text could read them otherwise: lists in
 * unions, optional lists, lists of unions and enums, lists in extra
 * entries, repeated and kebab-case keys, defaults, coercions, refinements
 * of the list, repair after a run, a BOM, spacing, the depth limit. */
static const char *const KNOWN[][2] = {
    {"[:int] | [:string]", "[1, 2, 3, \"x\"]"},
    {"{kind :enum[a], xs [:int]} | {kind :enum[b], ys [:string]}",
     "{\"kind\": \"b\", \"ys\": [\"x\", \"y\", 1]}"},
    {"{r [:int]?}", "{\"r\": [1, 2, \"3\", 4]}"},
    {"[:int | :string]", "[1, \"a\", 2, true, \"b\"]"},
    {"[:enum[Red Green]]", "[\"Red\", \"red\", \"GREEN\", \"Green\", \"blue\"]"},
    {"{n :int, * [:int]}", "{\"n\": 1, \"a\": [1, 2], \"b\": [3, \"4\"], \"c\": [5]}"},
    {"[{id :int}]", "[{\"id\": 1}, {\"id\": 2, \"id\": 3}, {\"id\": 4}]"},
    {"[{item_id :int}]", "[{\"item-id\": 1}, {\"item_id\": 2}, {\"item-id\": 3, \"item_id\": 4}, {\"item_id\": 5}]"},
    {"{order_count [:int]}", "{\"order_count\": [1, 2], \"order-count\": [3, \"x\"]}"},
    {"[{a :int, b :int = 5}]", "[{\"a\": 1, \"b\": 2}, {\"a\": 3}, {\"a\": 4, \"b\": 0}]"},
    {"{a [:int], b :int}", "{\"a\": [1, 2, 3], \"b\": \"x\", \"c\": 1}"},
    {"[:int]", "[1, 2, 3, \"y\", 5, \"z\"]"},
    {"[:int]", "[\"42\", 1, \" 7 \", 2.0, 3]"},
    {"[[:int]]", "[[1], 2, [3], \"4\", \"[5, 6]\"]"},
    {"[:int]", "[1\n,\n2 , 3\t,4\r\n]"},
    {"[:int]", "\xEF\xBB\xBF[1, 2, 3]"},
    {"[:int]", "[\xEF\xBB\xBF" "1, 2, 3]"},
    {"[:int][..3]", "[1, 2, 3, 4]"},
    {"[:int]", "[1, 2, 3,]"},
    {"[:int]", "[1, 2, 3] and that is all"},
    {"[:int]", "[1, 2, 3"},
    {"{a [:int]}", "{\"a\": [1, 2, 3, NaN]}"},
    {"[:float]", "[1, 2, 3.5, 1e400, 9007199254740993]"},
    {"[[[:int]]]", "[[[1]], [[2, 3]], [[4]], [[[5]]]]"},
    {"[{a [:int], b [:string]}]",
     "[{\"a\": [1, 2], \"b\": [\"x\"]}, {\"b\": [\"y\"], \"a\": [3]}, {\"a\": [4], \"b\": [5]}]"},
    {"(xs [:int], q :string) -> :any", "{\"q\": \"a\", \"xs\": [1, \"2\", 3]}"},
    {"(items [{id :int, n :int = 3}]) -> :any", "{\"items\": [{\"id\": 1, \"n\": 2}, {\"id\": 2}, {\"id\": 3}]}"},
    {"(user_name [:int]) -> :any", "{\"user-name\": [1, 2], \"user_name\": [3]}"},
    /* errors after elements a stream may drop: lines and columns counted
     * over them */
    {"[{a :int}]", "[\n {\"a\": 1},\n {\"a\": 2},\n {\"a\": 3}\n x]"},
    {"[:int]", "[1,\n2, 3, x"},
    {"{a [:int], b :int}", "{\"a\": [1,\n 2,\n 3],\n \"b\": \"x\"}"},
    {"{a [[:int]], b :int}", "{\"a\": [[1, 2], [3,\n4], [5]], \"b\": 1, \"b\": 2}"},
};

/* A result as text with every issue's code and span, to compare two. */
static char *describe_all(const tsig_result *r, tsig_code code)
{
    tsig_strbuf sb = {0};
    tsig_sb_printf(&sb, "code=%d ok=%d changed=%d json=%d@%zu ", (int)code, r->ok, r->changed,
                   (int)r->json_error.code, r->json_error.offset);
    for (int w = 0; w < 2; w++) {
        const tsig_issue *is = w ? r->warnings : r->errors;
        size_t n = w ? r->warning_count : r->error_count;
        for (size_t i = 0; i < n; i++)
            tsig_sb_printf(&sb, "%c%d %s@%zu+%zu: %s|", w ? 'W' : 'E', (int)is[i].code, is[i].path,
                           is[i].offset, is[i].length, is[i].message);
    }
    tsig_sb_puts(&sb, r->value_json ? r->value_json : "(same)");
    return tsig_sb_finish(&sb, NULL);
}

/* Streams text in chunks of the given sizes (cycled); states[i] and
 * firsts[i] get the state and the first error's offset after the push
 * that ended with byte i. Returns end()'s result described. */
static char *stream_with(const tsig_signature *sig, int input, const tsig_validate_options *o,
                         const char *text, const size_t *sizes, size_t nsizes, char *states,
                         size_t *firsts)
{
    tsig_stream *s = tsig_stream_new(sig, input, o);
    size_t len = strlen(text), at = 0, k = 0;
    while (at < len) {
        size_t n = sizes[k++ % nsizes];
        if (n > len - at) n = len - at;
        tsig_stream_state st;
        CHECK_INT(tsig_stream_push(s, text + at, n, &st), TSIG_OK);
        at += n;
        const tsig_result *r = tsig_stream_result(s);
        states[at - 1] = st == TSIG_STREAM_INCOMPLETE ? 'i' : st == TSIG_STREAM_INVALID ? 'x' : 'c';
        firsts[at - 1] = r && r->error_count ? r->errors[0].offset : (size_t)-1;
    }
    tsig_result r;
    tsig_code code = tsig_stream_end(s, &r);
    char *d = describe_all(&r, code);
    tsig_result_free(&r);
    tsig_stream_free(s);
    return d;
}

/* Runs a stream dropped are met again where the validator reads a map
 * again in declaration order (its messages came out of order), and a
 * repeated key's value is read by a reader that knows no runs: the result
 * is the one-shot result in every chunking all the same. */
TEST(dropped_runs_met_again_or_read_as_text_give_the_one_shot_result)
{
    static const char *const CASES[][2] = {
        /* b's error comes before a's in the text, after it in the
         * signature: the element is read again located */
        {"{items [{a :int, b [:string[..3]]}]}",
         "{\"items\": [{\"b\": [\"abcd\", \"x\", \"y\"], \"a\": \"no\"}, {\"a\": 1, \"b\": [\"p\", \"q\"]}]}"},
        {"{a :int, b [:string[..3]], c [:int]}",
         "{\"c\": [1, 2, 3, 4], \"b\": [\"x\", \"abcd\"], \"a\": \"no\"}"},
        /* a repeated key's value, bad JSON right after a dropped run */
        {"{a [:string]}", "{\"a\": [\"x\"], \"a\": [\"y\", \"z\"e}"},
        {"{a [:string]}", "{\"a\": [\"x\"], \"a\": [\"y\", \"z\"5]}"},
        {"{a [:string]}", "{\"a\": [\"x\"], \"a\": [\"y\", \"z\"]}"},
        {"{a [{k :int}]}", "{\"a\":[],\"a\":[{\"k\":1}.5]}"},
        {"{a_b [:string]}", "{\"a_b\":[],\"a-b\":[\"x\"e}"},
        {"{e [:any]}", "{\"e\":[1],\"e\":[1,2,3,{\"k\":1,\"k\":2}]}"},
        {"{c :int, e [:int]}", "{\"e\":[1,2,3,\"x\"],\"c\":\"y\"}"},
        {"{p {c :int, e [:int][..3]}}", "{\"p\":{\"e\":[1,2,3,4,5,6,7,8,9,10,11,12]}}"},
        {"{a :int, p {c :int, e [[:int]]}}", "{\"p\":{\"e\":[[1]]}}"},
        /* arguments, coerced, read again located */
        {"(b :int, a [{x :int}]) -> :any", "{\"a\":[{\"x\":1},{\"x\":2},{\"x\":\"3\"}],\"b\":\"4\"}"},
    };
    tsig_validate_options drops = {TSIG_MODE_ENABLED, 0, 0, TSIG_CALLER_KEEPS_TEXT | TSIG_NO_REPAIR};
    tsig_validate_options shot = {TSIG_MODE_ENABLED, 0, 0, TSIG_VALUE_NEVER | TSIG_NO_REPAIR};
    for (size_t c = 0; c < sizeof CASES / sizeof CASES[0]; c++) {
        tsig_signature *sig = sig_of(CASES[c][0]);
        const char *text = CASES[c][1];
        size_t len = strlen(text);
        int input = CASES[c][0][0] == '(';
        tsig_result one;
        tsig_code code = input ? tsig_validate_input_json(sig, text, len, &shot, &one)
                               : tsig_validate_json(sig, text, len, &shot, &one);
        char *want = describe_all(&one, code);
        tsig_result_free(&one);
        char *states = malloc(len + 1);
        size_t *firsts = malloc(len * sizeof *firsts);
        for (size_t chunk = 1; chunk <= 12; chunk++) {
            char *got = stream_with(sig, input, &drops, text, &chunk, 1, states, firsts);
            if (strcmp(got, want) != 0)
                tsig_test_fail(__FILE__, __LINE__, "%s on %s in %zu-byte chunks:\n  got  %s\n  want %s",
                               CASES[c][0], text, chunk, got, want);
            free(got);
        }
        free(states);
        free(firsts);
        free(want);
        tsig_signature_free(sig);
    }
}

/* The "too many" entry spans the whole text (SPEC §10), whitespace after
 * the value too: end() gives it the span of the one-shot call, though
 * the value was judged when it became whole. */
TEST(too_many_spans_the_whole_text_whitespace_after_the_value_too)
{
    tsig_signature *sig = sig_of("[:int]");
    tsig_validate_options o = {TSIG_MODE_WARN_ONLY, 1, 0, 0};
    const char *text = "[1, \"x\", \"y\"] \n";
    size_t len = strlen(text);
    tsig_stream *s = tsig_stream_new(sig, 0, &o);
    tsig_stream_push(s, text, len - 2, NULL);
    CHECK_INT(tsig_stream_get_state(s), TSIG_STREAM_COMPLETE);
    tsig_stream_push(s, text + len - 2, 2, NULL);
    tsig_result got, want;
    tsig_stream_end(s, &got);
    tsig_validate_json(sig, text, len, &o, &want);
    CHECK_INT(want.warning_count, 2);
    CHECK_INT(want.warnings[1].code, TSIG_ISSUE_TOO_MANY);
    CHECK_INT(want.warnings[1].length, len);
    char *a = describe_all(&got, TSIG_OK), *b = describe_all(&want, TSIG_OK);
    CHECK_STR(a, b);
    free(a);
    free(b);
    tsig_result_free(&got);
    tsig_result_free(&want);
    tsig_stream_free(s);
    tsig_signature_free(sig);
}

TEST(known_runs_change_no_state_and_no_result_in_any_mode)
{
    static const tsig_validate_options OPTIONS[] = {
        {TSIG_MODE_ENABLED, 0, 0, 0},
        {TSIG_MODE_ENABLED, 1, 0, 0},
        {TSIG_MODE_WARN_ONLY, 0, 0, 0},
        {TSIG_MODE_WARN_ONLY, 1, 0, 0},
        {TSIG_MODE_DISABLED, 0, 0, 0},
        {TSIG_MODE_STRICT, 1, 0, TSIG_NUMBERS_ARE_DOUBLES},
        {TSIG_MODE_ENABLED, 0, 3, 0},
        {TSIG_MODE_ENABLED, 0, 0, TSIG_REPAIR},
        {TSIG_MODE_ENABLED, 0, 0, TSIG_NO_REPAIR | TSIG_VALUE_ALWAYS},
        /* streams that drop the elements they validated */
        {TSIG_MODE_ENABLED, 0, 0, TSIG_CALLER_KEEPS_TEXT},
        {TSIG_MODE_ENABLED, 1, 0, TSIG_CALLER_KEEPS_TEXT | TSIG_NO_REPAIR},
        {TSIG_MODE_WARN_ONLY, 0, 0, TSIG_CALLER_KEEPS_TEXT | TSIG_NO_REPAIR},
        {TSIG_MODE_DISABLED, 0, 0, TSIG_CALLER_KEEPS_TEXT},
        {TSIG_MODE_STRICT, 1, 0, TSIG_NUMBERS_ARE_DOUBLES | TSIG_CALLER_KEEPS_TEXT},
        {TSIG_MODE_ENABLED, 0, 3, TSIG_CALLER_KEEPS_TEXT | TSIG_NO_REPAIR},
    };
    unsigned seed = 777;
    for (size_t i = 0; i < sizeof KNOWN / sizeof KNOWN[0]; i++) {
        tsig_signature *sig = sig_of(KNOWN[i][0]);
        CHECK(sig != NULL);
        const char *text = KNOWN[i][1];
        size_t len = strlen(text), one = 1;
        int input = KNOWN[i][0][0] == '(';
        char *ref = malloc(len + 1), *states = malloc(len + 1);
        size_t *ref_firsts = malloc(len * sizeof *ref_firsts), *firsts = malloc(len * sizeof *firsts);
        for (size_t k = 0; k < sizeof OPTIONS / sizeof OPTIONS[0]; k++) {
            const tsig_validate_options *o = &OPTIONS[k];
            tsig_result r;
            /* one that drops what it read writes no changed value */
            tsig_validate_options shot = *o;
            int repairs = input ? !(o->flags & TSIG_NO_REPAIR) : (o->flags & TSIG_REPAIR) != 0;
            if ((shot.flags & TSIG_CALLER_KEEPS_TEXT) && !repairs) shot.flags |= TSIG_VALUE_NEVER;
            tsig_code code = input ? tsig_validate_input_json(sig, text, len, &shot, &r)
                                   : tsig_validate_json(sig, text, len, &shot, &r);
            char *want = describe_all(&r, code);
            tsig_result_free(&r);
            int repair = input ? !(o->flags & TSIG_NO_REPAIR) : (o->flags & TSIG_REPAIR) != 0;
            /* a byte at a time reads no element whole: no run */
            char *got = stream_with(sig, input, o, text, &one, 1, ref, ref_firsts);
            CHECK_STR(got, want);
            free(got);
            for (size_t t = 0; t <= len + 20; t++) {
                size_t sizes[8];
                size_t nsizes = 2;
                if (t <= len) { /* every cut into two chunks */
                    sizes[0] = t ? t : 1;
                    sizes[1] = len;
                } else { /* random chunkings */
                    nsizes = 8;
                    for (int m = 0; m < 8; m++) {
                        seed = seed * 1103515245u + 12345u;
                        sizes[m] = 1 + (seed >> 16) % 9;
                    }
                }
                got = stream_with(sig, input, o, text, sizes, nsizes, states, firsts);
                if (strcmp(got, want) != 0)
                    tsig_test_fail(__FILE__, __LINE__, "%s on %s, options %zu, chunking %zu:\n  got  %s\n  want %s",
                                   KNOWN[i][0], text, k, t, got, want);
                free(got);
                /* after each push the state a byte at a time had there,
                 * and (repair looks ahead) the same first error */
                for (size_t at = 0, m = 0; at < len; m++) {
                    size_t n = sizes[m % nsizes] < len - at ? sizes[m % nsizes] : len - at;
                    at += n;
                    if (states[at - 1] != ref[at - 1] ||
                        (!repair && states[at - 1] == 'x' && firsts[at - 1] != ref_firsts[at - 1]))
                        tsig_test_fail(__FILE__, __LINE__,
                                       "%s on %s, options %zu, chunking %zu: after byte %zu %c (error at %zu), "
                                       "a byte at a time %c (error at %zu)",
                                       KNOWN[i][0], text, k, t, at, states[at - 1], firsts[at - 1],
                                       ref[at - 1], ref_firsts[at - 1]);
                }
            }
            free(want);
        }
        free(ref);
        free(states);
        free(ref_firsts);
        free(firsts);
        tsig_signature_free(sig);
    }
}

int main(void)
{
    RUN(a_valid_text_is_incomplete_until_whole_then_complete_never_invalid);
    RUN(a_text_with_an_error_is_invalid_no_later_than_the_one_shot_error);
    RUN(chunk_boundaries_anywhere_change_nothing);
    RUN(the_properties_hold_for_streams_that_drop_what_they_validated);
    RUN(the_partial_value_closes_what_is_open_and_leaves_out_unfinished_numbers);
    RUN(a_repaired_text_is_read_when_its_partial_value_is_asked_for);
    RUN(a_bare_answer_shows_its_text_so_far);
    RUN(a_repaired_scalar_is_the_partial_value_not_the_whole_text);
    RUN(a_stream_keeps_the_first_error_and_reads_nothing_after_it);
    RUN(text_after_a_value_judged_invalid_still_counts_at_the_end);
    RUN(a_value_of_a_kind_its_type_never_takes_is_invalid_at_its_first_byte);
    RUN(a_leading_zero_before_a_digit_is_a_json_error_not_a_zero);
    RUN(a_union_is_invalid_at_a_first_byte_none_of_its_members_takes);
    RUN(any_and_optional_types_take_what_they_admit_at_the_first_byte);
    RUN(a_float_where_an_int_belongs_is_invalid_when_the_number_ends);
    RUN(a_string_that_starts_no_enum_value_is_invalid_as_soon_as_it_is_read);
    RUN(prose_after_a_scalar_makes_the_stream_invalid_never_complete);
    RUN(prose_before_a_scalar_never_makes_it_the_streams_value);
    RUN(a_number_out_of_range_is_invalid_when_the_number_ends);
    RUN(ending_twice_gives_the_same_result);
    RUN(a_step_says_when_there_is_a_new_result);
    RUN(stream_documents_say_the_state_the_result_and_the_partial_value);
    RUN(stream_documents_of_a_caller_that_keeps_the_text);
    RUN(the_partial_value_is_the_text_given_only_for_a_whole_value_as_given);
    RUN(elements_near_the_depth_limit_are_judged_as_in_one_shot);
    RUN(elements_are_told_while_whole_and_valid);
    RUN(the_elements_validator_read_again_answers_as_a_new_one);
    RUN(an_element_a_chunk_cuts_waits_for_the_next_chunk);
    RUN(a_stream_that_drops_what_it_validated_keeps_about_a_chunk);
    RUN(a_stream_drops_the_elements_its_reader_read_too);
    RUN(a_stream_drops_the_values_of_record_members_too);
    RUN(runs_are_met_only_where_they_stand);
    RUN(dropped_runs_met_again_or_read_as_text_give_the_one_shot_result);
    RUN(a_dropping_stream_cuts_the_partial_value_a_keeping_one_gives);
    RUN(the_whole_text_steps_over_known_elements);
    RUN(known_runs_change_no_state_and_no_result_in_any_mode);
    RUN(too_many_spans_the_whole_text_whitespace_after_the_value_too);
    return tsig_test_summary();
}
