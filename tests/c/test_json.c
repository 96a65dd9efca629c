/*
 * test_json.c: json.c's reading of text read before (values skipped whole,
 * members found by their unescaped keys), its trees (strings whole,
 * numbers as written, the reader's errors); and the walker's hooks: every
 * value told as read, errors in the caller's words;
 * the inline readers of the validator's common tokens answer as the full
 * ones, wherever a string's special byte or the text's end falls; the
 * push reader reads a token cut by a chunk's end as the token reader reads
 * it whole.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "internal.h"
#include "cJSON.h"

/* At a value of text read before: the position just after it. */
static size_t skipped(const char *json, size_t at)
{
    tsig_error err;
    tsig_json j;
    tsig_json_init(&j, json, strlen(json), (size_t)-1, &err);
    j.trusted = 1;
    j.pos = at;
    CHECK(tsig_json_skip(&j));
    return j.pos;
}

TEST(text_read_before_is_skipped_whole_and_members_are_found)
{
    const char *json = " {\"a\\\"]\" : [1, {\"x\":[]}, \"]\"] , \"b\":-1.5e3,\"c\":{}}";
    size_t len = strlen(json);
    int nomem = 0;
    size_t b = tsig_json_member(json, len, 1, "b", 1, 0, &nomem);
    CHECK(b != TSIG_JSON_NONE && strncmp(json + b, "-1.5e3", 6) == 0);
    CHECK_INT(skipped(json, b), b + 6);
    size_t a = tsig_json_member(json, len, 1, "a\"]", 3, 0, &nomem);
    CHECK(a != TSIG_JSON_NONE && json[a] == '[');
    CHECK_INT(skipped(json, a), (size_t)(strstr(json, " , \"b\"") - json));
    CHECK_INT(tsig_json_member(json, len, 1, "a", 1, 0, &nomem), TSIG_JSON_NONE);
    CHECK_INT(tsig_json_member(json, len, a, "a", 1, 0, &nomem), TSIG_JSON_NONE); /* a list */
    CHECK_INT(skipped(json, 1), len);
    CHECK(!nomem);
}

TEST(members_are_found_by_their_unescaped_keys)
{
    const char *json = "{\"a\":1, \"\\u0062\" : \"x\\ny\", \"b-c\":2}";
    size_t len = strlen(json);
    int nomem = 0;
    size_t k = tsig_json_member(json, len, 0, "b", 1, 0, &nomem);
    CHECK(k != TSIG_JSON_NONE && strncmp(json + k, "\"x\\ny\"", 6) == 0);
    CHECK_INT(tsig_json_member(json, len, 0, "c", 1, 0, &nomem), TSIG_JSON_NONE);
    CHECK_INT(tsig_json_member(json, len, 0, "b_c", 3, 0, &nomem), TSIG_JSON_NONE);
    CHECK(tsig_json_member(json, len, 0, "b_c", 3, 1, &nomem) != TSIG_JSON_NONE);
    CHECK_INT(tsig_json_member("{ }", 3, 0, "", 0, 0, &nomem), TSIG_JSON_NONE);
    const char *esc = "{\"\\ud83d\\ude00\":1,\"a\\/b\":2,\"\\udc00\":3,\"ab\":4}";
    size_t esc_len = strlen(esc);
    CHECK_INT(tsig_json_member(esc, esc_len, 0, "\xF0\x9F\x98\x80", 4, 0, &nomem),
              (size_t)(strstr(esc, ":1") - esc + 1));
    CHECK_INT(tsig_json_member(esc, esc_len, 0, "a/b", 3, 0, &nomem),
              (size_t)(strstr(esc, ":2") - esc + 1));
    CHECK_INT(tsig_json_member(esc, esc_len, 0, "\xED\xB0\x80", 3, 0, &nomem),
              (size_t)(strstr(esc, ":3") - esc + 1));
    CHECK_INT(tsig_json_member(esc, esc_len, 0, "a", 1, 0, &nomem), TSIG_JSON_NONE);
    CHECK(!nomem);
}

TEST(a_tree_keeps_strings_whole_and_numbers_as_written)
{
    const char *json = "\xEF\xBB\xBF{\"s\":\"a\\u0000b\\ud800\",\"n\":[1.50,-0,12345678901234567890123],"
                       "\"k\\u0000\":null}";
    tsig_error err;
    cJSON *t = tsig_json_tree(json, strlen(json), NULL, &err);
    CHECK(t != NULL);
    if (!t) return;
    const cJSON *s = cJSON_GetObjectItemCaseSensitive(t, "s");
    CHECK(cJSON_IsString(s) && s->valueint == 6 && memcmp(s->valuestring, "a\0b\xED\xA0\x80", 7) == 0);
    const cJSON *n = cJSON_GetObjectItemCaseSensitive(t, "n");
    CHECK_STR(n->child->valuestring, "1.50");
    CHECK_INT(n->child->valueint, 0);
    CHECK_STR(n->child->next->valuestring, "-0");
    CHECK_INT(n->child->next->valueint, 1);
    CHECK_STR(n->child->next->next->valuestring, "12345678901234567890123");
    cJSON_Delete(t);
    /* Without unpaired surrogates: they read as U+FFFD, a NUL stays. */
    tsig_json_tree_options o = {0, TSIG_TREE_NO_SURROGATES, NULL, NULL, NULL};
    t = tsig_json_tree(json, strlen(json), &o, &err);
    s = cJSON_GetObjectItemCaseSensitive(t, "s");
    CHECK(s->valueint == 6 && memcmp(s->valuestring, "a\0b\xEF\xBF\xBD", 7) == 0);
    cJSON_Delete(t);
}

TEST(a_tree_key_holding_a_nul_is_a_c_string_that_gives_its_bytes_back)
{
    const char *json = "{\"k\\u0000\":1,\"k\":2,\"\\u0000\\u0000x\":3}";
    tsig_error err;
    cJSON *t = tsig_json_tree(json, strlen(json), NULL, &err);
    CHECK(t != NULL);
    if (!t) return;
    const cJSON *k = t->child;
    CHECK_STR(k->string, "k" TSIG_TREE_KEY_NUL);
    CHECK_STR(cJSON_GetObjectItemCaseSensitive(t, "k")->valuestring, "2"); /* two keys stay two */
    char bytes[8];
    CHECK_INT(tsig_json_tree_key_bytes(k->string, strlen(k->string), bytes), 2);
    CHECK(memcmp(bytes, "k\0", 2) == 0);
    const char *two = k->next->next->string;
    CHECK_INT(tsig_json_tree_key_bytes(two, strlen(two), bytes), 3);
    CHECK(memcmp(bytes, "\0\0x", 3) == 0);
    cJSON_Delete(t);
}

/* The offset of the first needle in text. */
static size_t at(const char *text, const char *needle)
{
    const char *p = strstr(text, needle);
    return p ? (size_t)(p - text) : (size_t)-2;
}

/* Checks node's span: key (TSIG_JSON_NONE: none), start, end. */
#define CHECK_SPAN(node, k, s, e)                                           \
    do {                                                                    \
        const tsig_tree_span *sp_ = tsig_json_tree_span(node);              \
        CHECK_INT(sp_->key, k);                                             \
        CHECK_INT(sp_->start, s);                                           \
        CHECK_INT(sp_->end, e);                                             \
    } while (0)

TEST(a_tree_read_with_spans_knows_where_each_key_and_value_stands)
{
    const char *json = "\xEF\xBB\xBF {\"a\" : [1.5e3, \"x\\ny\", true ,{}],\n"
                       "  \"\\u0062\":{\"c\":null, \"d\":false},\"e\":[ ] } ";
    tsig_error err;
    tsig_json_tree_options o = {0, TSIG_TREE_SPANS | TSIG_TREE_NO_SURROGATES, NULL, NULL, NULL};
    cJSON *t = tsig_json_tree(json, strlen(json), &o, &err);
    CHECK(t != NULL);
    if (!t) return;
    size_t len = strlen(json);
    CHECK_SPAN(t, TSIG_JSON_NONE, at(json, "{"), len - 1);
    const cJSON *a = t->child, *b = a->next, *e = b->next;
    CHECK_SPAN(a, at(json, "\"a\""), at(json, "[1.5"), at(json, "],\n") + 1);
    CHECK_SPAN(a->child, TSIG_JSON_NONE, at(json, "1.5e3"), at(json, ", \"x"));
    CHECK_SPAN(a->child->next, TSIG_JSON_NONE, at(json, "\"x"), at(json, ", true"));
    CHECK_SPAN(a->child->next->next, TSIG_JSON_NONE, at(json, "true"), at(json, " ,{}"));
    CHECK_SPAN(a->child->next->next->next, TSIG_JSON_NONE, at(json, "{}"), at(json, "{}") + 2);
    CHECK_STR(b->string, "b");
    CHECK_SPAN(b, at(json, "\"\\u0062\""), at(json, "{\"c\""), at(json, "},\"e\"") + 1);
    CHECK_SPAN(b->child, at(json, "\"c\""), at(json, "null"), at(json, "null") + 4);
    CHECK_SPAN(b->child->next, at(json, "\"d\""), at(json, "false"), at(json, "false") + 5);
    CHECK_SPAN(e, at(json, "\"e\""), at(json, "[ ]"), at(json, "[ ]") + 3);
    /* the tree is the same as without spans */
    CHECK_INT(a->child->valuedouble, 1500);
    CHECK_STR(a->child->next->valuestring, "x\ny");
    CHECK(cJSON_IsTrue(a->child->next->next) && cJSON_IsNull(b->child));
    cJSON_Delete(t);
}

TEST(a_tree_is_refused_with_the_readers_errors)
{
    tsig_error err;
    CHECK(tsig_json_tree("{\"a\":1,\"b\":{},\"\\u0061\":2}", 24, NULL, &err) == NULL);
    CHECK_INT(err.code, TSIG_ERR_JSON);
    CHECK_STR(err.message, "JSON error at 1:15: duplicate key \"a\"");
    CHECK(tsig_json_tree("[1,]", 4, NULL, &err) == NULL);
    CHECK_STR(err.message, "JSON error at 1:4: expected a JSON value, found \"]\"");
    tsig_json_tree_options o = {2, 0, NULL, NULL, NULL};
    CHECK(tsig_json_tree("[[[]]]", 6, &o, &err) == NULL);
    CHECK_INT(err.code, TSIG_ERR_TOO_DEEP);
    CHECK(tsig_json_tree("{} x", 4, NULL, &err) == NULL);
    CHECK_INT(err.code, TSIG_ERR_JSON);
}

/* Records each token the walker hands over as "s:<raw>" or "n:<text>"
 * (int) / "f:<text>" (float); stops the walk at the token "stop". */
typedef struct tokens {
    tsig_json *j;
    char seen[256];
} tokens;

/* Each value the walk tells (tsig_json_walker.on_value): brackets, keys
 * and strings (s:), numbers (n: an int, f: not), literals (l:). */
static int record_token(void *ctx, int event, size_t at, const tsig_json_span *s)
{
    tokens *t = ctx;
    const char *src = t->j->src;
    size_t used = strlen(t->seen);
    const char *sep = used ? " " : "";
    if (event == TSIG_WALK_OPEN || event == TSIG_WALK_CLOSE) {
        snprintf(t->seen + used, sizeof t->seen - used, "%s%c", sep,
                 src[event == TSIG_WALK_OPEN ? at : at - 1]);
        return 1;
    }
    char c = src[at];
    if (event == TSIG_WALK_SCALAR && c != '"' && c != '-' && !(c >= '0' && c <= '9')) {
        snprintf(t->seen + used, sizeof t->seen - used, "%sl:%.*s", sep,
                 (int)(t->j->pos - at), src + at);
        return 1;
    }
    snprintf(t->seen + used, sizeof t->seen - used, "%s%s:%.*s", sep,
             c == '"' ? "s" : s->flag ? "n" : "f", (int)s->len, src + s->start);
    if (s->len == 4 && memcmp(t->j->src + s->start, "stop", 4) == 0)
        return tsig_json_fail_code(t->j, TSIG_ERR_JSON, s->start, "stopped");
    return 1;
}

/* Walks text with record_token; returns 1 when it was read whole. */
static int walk_tokens(const char *text, tokens *t, tsig_error *err,
                       const char *(*reword)(const char *))
{
    tsig_json_walking k;
    memset(t, 0, sizeof *t);
    tsig_json_walking_begin(&k, text, strlen(text), 8, err);
    k.j.reword = reword;
    t->j = &k.j;
    k.w.on_value = record_token;
    k.w.ctx = t;
    int ok = tsig_json_walk(&k.w) && tsig_json_finish(&k.j);
    tsig_json_walking_release(&k);
    return ok;
}

TEST(walker_tells_every_value_it_reads)
{
    tokens t;
    tsig_error err;
    CHECK(walk_tokens("{\"a\\n\":[1,\"x\",-2.5e3,true,null,{\"b\":0},[]]}", &t, &err, NULL));
    CHECK_STR(t.seen, "{ s:a\\n [ n:1 s:x f:-2.5e3 l:true l:null { s:b n:0 } [ ] ] }");
    CHECK(!walk_tokens("[1,\"stop\",2]", &t, &err, NULL));
    CHECK_STR(t.seen, "[ n:1 s:stop");
    CHECK_STR(err.message, "stopped");
}

static const char *shorter_words(const char *expected)
{
    return strcmp(expected, "a JSON value") == 0 ? "a value" : expected;
}

TEST(syntax_errors_can_be_reworded)
{
    tokens t;
    tsig_error err;
    CHECK(!walk_tokens("[1,]", &t, &err, NULL));
    CHECK_STR(err.message, "JSON error at 1:4: expected a JSON value, found \"]\"");
    CHECK(!walk_tokens("[1,]", &t, &err, shorter_words));
    CHECK_STR(err.message, "JSON error at 1:4: expected a value, found \"]\"");
    CHECK(!walk_tokens("[1 2]", &t, &err, shorter_words));
    CHECK_STR(err.message, "JSON error at 1:4: expected \",\" or \"]\", found \"2\"");
}


/* One token read at text[0] by a reader: where it ends, its span and the
 * error, if any. */
typedef struct token_read {
    size_t end, start, len;
    int flag;
    tsig_code code;
    char message[TSIG_MESSAGE_MAX];
} token_read;

static token_read read_token(const char *text, size_t len, int trusted,
                             size_t (*reader)(tsig_json *, tsig_json_span *))
{
    token_read r;
    memset(&r, 0, sizeof r);
    tsig_error err;
    memset(&err, 0, sizeof err);
    tsig_json j;
    tsig_json_init(&j, text, len, (size_t)-1, &err);
    j.trusted = trusted;
    tsig_json_span s = {0, 0, 0};
    r.end = reader(&j, &s);
    if (r.end) {
        CHECK(j.pos == r.end);
        r.start = s.start;
        r.len = s.len;
        r.flag = s.flag;
    }
    r.code = j.code;
    snprintf(r.message, sizeof r.message, "%s", r.end ? "" : err.message);
    return r;
}

static int same_read(const token_read *a, const token_read *b)
{
    return a->end == b->end && a->start == b->start && a->len == b->len &&
           a->flag == b->flag && a->code == b->code && strcmp(a->message, b->message) == 0;
}

TEST(inline_string_reader_answers_as_the_full_one)
{
    /* what may stand at a place in a string: plain, or each byte that
     * stops the plain run (the end of the text when "") */
    static const char *const special[] = {"", "\"", "\\n", "\\u00e9", "\\x", "\x01",
                                          "\xC3\xA9", "\xFF", "\x7F", "\x1F"};
    char text[128];
    int bad = 0;
    for (size_t before = 0; before < 40; before++) {
        for (size_t k = 0; k < sizeof special / sizeof special[0]; k++) {
            for (size_t after = 0; after < 20; after += 3) {
                for (int close = 0; close < 2; close++) {
                    size_t n = 0;
                    text[n++] = '"';
                    for (size_t i = 0; i < before; i++) text[n++] = (char)('a' + i % 26);
                    memcpy(text + n, special[k], strlen(special[k]));
                    n += strlen(special[k]);
                    for (size_t i = 0; i < after; i++) text[n++] = ' ';
                    if (close) text[n++] = '"';
                    text[n] = '\0';
                    for (int trusted = 0; trusted < 2; trusted++) {
                        /* trusted text was read once: only good strings */
                        token_read full = read_token(text, n, 0, tsig_json_string_end);
                        if (trusted && !full.end) continue;
                        if (trusted) full = read_token(text, n, 1, tsig_json_string_end);
                        token_read fast = read_token(text, n, trusted, tsig_json_string_end_fast);
                        if (!same_read(&full, &fast) && bad++ < 5)
                            fprintf(stderr, "  string %zu+%zu+%zu %d trusted %d differs\n",
                                    before, k, after, close, trusted);
                    }
                }
            }
        }
    }
    CHECK(bad == 0);
}

TEST(inline_number_reader_answers_as_the_full_one)
{
    static const char *const numbers[] = {
        "0", "-0", "7", "-7", "12", "1234567890123456789012345678901234567890", "0.5",
        "-0.25", "10.125", "1.", "1.x", "-", "-x", "-.5", "01", "00", "1e5", "1E+5",
        "2.5e-3", "1e", "1e+", "0.0", "3.14159265358979323846264338327950288"};
    static const char *const tails[] = {"", ",", "]", "}", " ", ".", "e", "x"};
    char text[128];
    int bad = 0;
    for (size_t k = 0; k < sizeof numbers / sizeof numbers[0]; k++) {
        for (size_t t = 0; t < sizeof tails / sizeof tails[0]; t++) {
            snprintf(text, sizeof text, "%s%s", numbers[k], tails[t]);
            size_t n = strlen(text);
            token_read full = read_token(text, n, 0, tsig_json_number_end);
            token_read fast = read_token(text, n, 0, tsig_json_number_end_fast);
            if (!same_read(&full, &fast) && bad++ < 5)
                fprintf(stderr, "  number \"%s\" differs\n", text);
        }
    }
    CHECK(bad == 0);
}

/*
 * The runs the reader skips sixteen bytes at a time (SSE2, NEON, wasm
 * SIMD128) or eight (the scalar build): each must end exactly where a
 * byte-by-byte look ends it, wherever the stop lies (each lane of a first
 * or second chunk, the eight-byte and byte-by-byte tails), for every byte
 * value. Texts are allocated to their exact length, so the sanitizer build
 * catches a read past the end.
 */
#define RUN_MAX 48

static int is_ws_byte(unsigned char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }
static int is_plain_byte(unsigned char c) { return c != '"' && c != '\\' && c >= 0x20 && c < 0x80; }
static int is_digit_byte(unsigned char c) { return c >= '0' && c <= '9'; }

typedef struct run_kind {
    const char *name;
    size_t (*run)(const char *src, size_t at, size_t n);
    int (*in_run)(unsigned char c);
    const char *fill; /* bytes of the run, nearest neighbours of its stops among them */
    unsigned char stop;
} run_kind;

static const run_kind RUN_KINDS[] = {
    {"whitespace", tsig_json_ws_run, is_ws_byte, " \n\r\t", '!'},
    {"plain string", tsig_json_plain_run, is_plain_byte, "a !#[]~\x7f", '\x1f'},
    {"digits", tsig_json_digit_run, is_digit_byte, "0123456789", ':'},
};

/* Fills text[0..n) with the run's bytes, byte b at k and, when rest, the
 * stop byte after it. */
static void fill_run(char *text, size_t n, const run_kind *kind, size_t k, int b, int rest)
{
    size_t fill_len = strlen(kind->fill);
    for (size_t i = 0; i < n; i++)
        text[i] = i > k && rest ? (char)kind->stop : kind->fill[(i * 7 + k) % fill_len];
    text[k] = (char)b;
}

/* tsig_text_readable, which looks at eight ASCII bytes at once: a NUL, a
 * byte that starts no UTF-8 character, a cut character and an overlong
 * one are found wherever they stand, and text in other scripts reads. */
TEST(readable_text_is_told_at_every_place_of_a_bad_byte)
{
    static const char *const bad[] = {"\0", "\xFF", "\xC3", "\xC0\x80", "\xE2\x82", "\x80"};
    char t[40];
    for (size_t len = 1; len <= 24; len++) {
        memset(t, 'a', len);
        CHECK(tsig_text_readable(t, len));
        for (size_t b = 0; b < sizeof bad / sizeof bad[0]; b++) {
            size_t n = b == 0 ? 1 : strlen(bad[b]);
            for (size_t at = 0; at + n <= len; at++) {
                memset(t, 'a', len);
                memcpy(t + at, bad[b], n);
                /* a cut character followed by 'a' is bad too */
                CHECK(!tsig_text_readable(t, len));
            }
        }
        /* é (2 bytes) and € (3 bytes) at every place */
        for (size_t at = 0; at + 3 <= len; at++) {
            memset(t, 'a', len);
            memcpy(t + at, "\xE2\x82\xAC", 3);
            CHECK(tsig_text_readable(t, len));
            memset(t, 'a', len);
            memcpy(t + at, "\xC3\xA9", 2);
            CHECK(tsig_text_readable(t, len));
        }
    }
}

/* What may still be read as JSON whatever the type once more comes. */
TEST(a_start_of_a_literal_or_number_may_still_be_one)
{
    static const char *const yes[] = {"", "t", "tr", "Tru", "nul", "N", "-", "+", ".", "-.", "-Inf", "+NaN",
                                      "12", "12 0", "1.5e", "0x", "-0x1F", "None", "undefined"};
    static const char *const no[] = {"nulls", "trueish", "Sure", "12 a", "-t", "x", "'1'", "+true"};
    for (size_t i = 0; i < sizeof yes / sizeof yes[0]; i++) CHECK(tsig_json_may_be_written(yes[i], strlen(yes[i])));
    for (size_t i = 0; i < sizeof no / sizeof no[0]; i++) CHECK(!tsig_json_may_be_written(no[i], strlen(no[i])));
}

TEST(runs_end_at_the_first_byte_outside_them_in_every_lane)
{
    for (size_t r = 0; r < sizeof RUN_KINDS / sizeof RUN_KINDS[0]; r++) {
        const run_kind *kind = &RUN_KINDS[r];
        int failures = 0;
        for (size_t n = 1; n <= RUN_MAX && failures < 5; n++) {
            char *text = malloc(n);
            CHECK(text != NULL);
            if (!text) return;
            for (size_t k = 0; k < n; k++) {
                for (int b = 0; b < 256; b++) {
                    for (int rest = 0; rest < 2; rest++) {
                        fill_run(text, n, kind, k, b, rest);
                        for (size_t at = 0; at <= k && at < 4; at++) {
                            size_t want = at;
                            while (want < n && kind->in_run((unsigned char)text[want])) want++;
                            size_t got = kind->run(text, at, n);
                            if (got != want && failures++ < 5)
                                tsig_test_fail(__FILE__, __LINE__,
                                               "%s run of %zu bytes from %zu, byte 0x%02x at %zu: "
                                               "ends at %zu, want %zu",
                                               kind->name, n, at, b, k, got, want);
                        }
                    }
                }
            }
            free(text);
        }
    }
}

/* A string of n bytes between quotes with byte b at k: the reader stops at
 * the quote, the escape or the byte it refuses, wherever it lies. */
TEST(strings_are_read_to_the_first_byte_that_ends_their_run_in_every_lane)
{
    static const run_kind *plain = &RUN_KINDS[1];
    int failures = 0;
    for (size_t n = 1; n <= RUN_MAX && failures < 5; n++) {
        char *text = malloc(n + 2);
        CHECK(text != NULL);
        if (!text) return;
        for (size_t k = 0; k < n; k++) {
            for (int b = 0; b < 256; b++) {
                for (int trusted = 0; trusted < 2; trusted++) {
                    text[0] = '"';
                    fill_run(text + 1, n, plain, k, b, 0);
                    text[n + 1] = '"';
                    /* Content length when read, or where the error lies.
                     * After the backslash comes a byte of plain text (no
                     * escape) or, at the end, the closing quote (escaped:
                     * no closing quote then). */
                    int ok;
                    size_t want;
                    if (b == '"') {
                        ok = 1, want = k;
                    } else if (b == '\\') {
                        ok = trusted && k + 1 < n;
                        want = ok ? n : k + 1 < n && !trusted ? k + 2 : n + 2;
                    } else if (!trusted && (b < 0x20 || b >= 0x80)) {
                        ok = 0, want = k + 1;
                    } else {
                        ok = 1, want = n;
                    }
                    tsig_error err;
                    tsig_json j;
                    tsig_json_span s;
                    tsig_json_init(&j, text, n + 2, 8, &err);
                    j.trusted = trusted != 0;
                    int read = tsig_json_string_end(&j, &s) != 0;
                    size_t got = read ? s.len : err.offset;
                    if ((read != ok || got != want) && failures++ < 5)
                        tsig_test_fail(__FILE__, __LINE__,
                                       "%s string of %zu bytes, byte 0x%02x at %zu: %s at %zu, "
                                       "want %s at %zu",
                                       trusted ? "trusted" : "checked", n, b, k,
                                       read ? "read" : "refused", got,
                                       ok ? "read" : "refused", want);
                }
            }
        }
        free(text);
    }
}

/*
 * The push reader reads strings and numbers by the token reader's rules
 * (escape_read, tsig_utf8_read, number_read), going on where a chunk cut
 * them: fed in two chunks split anywhere, or a byte at a time, it answers
 * as fed whole, refuses a bad byte in the push that brings it (at the
 * same byte), never cuts the partial value inside a character or an
 * escape, and refuses exactly the texts the token reader refuses.
 */
typedef struct push_read {
    int answer;
    size_t read;
} push_read;

static push_read push_text(tsig_json_push *r, const char *t, size_t n)
{
    push_read p;
    p.answer = tsig_json_push_read(r, t, n, NULL, NULL);
    p.read = r->read;
    return p;
}

/* 1 when the open value string's cut splits no character or escape */
static int cut_is_whole(const tsig_json_push *r, const char *t)
{
    size_t from, to, slashes = 0;
    tsig_strbuf close;
    memset(&close, 0, sizeof close);
    tsig_json_push_cut(r, &from, &to, &close);
    tsig_sb_release(&close);
    if (!tsig_json_push_in_string(r)) return 1;
    for (size_t k = to; k > r->str_at && t[k - 1] == '\\'; k--) slashes++;
    for (size_t k = r->str_at; k + 6 <= to; k++) /* no \u escape ends after to */
        if (t[k] == '\\' && t[k + 1] == 'u' && k + 6 > to) return 0;
    return slashes % 2 == 0 && (to >= r->read || ((unsigned char)t[to] & 0xC0) != 0x80) &&
           !(to >= 2 && t[to - 2] == '\\' && t[to - 1] == 'u');
}

TEST(the_push_reader_reads_a_token_cut_anywhere_as_whole)
{
    static const char *const texts[] = {
        "[\"a\\u00e9b\", \"\\uD83D\\uDE00\", \"\\\"\\\\\\/\\b\\f\\n\\r\\t\"]",
        "[\"\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80\", \"x\"]", "[\"\\x\"]", "[\"\\u12g4\"]",
        "[\"\xC3(\"]", "[\"\xE0\x80\x80\"]", "[\"\xED\xA0\x80\"]", "[\"\xF4\x90\x80\x80\"]",
        "[\"\xF0\x80\x80\x80\"]", "[\"\xFF\"]", "[\"\x80\"]", "[\"a\x01\"]", "[\"\xE2\x82\"]",
        "[0, -0.5e+10, 12.25, 1E5, -0, 7e-3]", "[1.x]", "[-]", "[01]", "[1e]", "[1.]", "[-x]",
        "[1e+]", "[1e5.5]", "{\"k\\u00e9y\": \"v\", \"\xC3\xA9\": 1}", "{\"k\xFF\": 1}",
        "\"\\uDBFF\"", "{ \"a\" : 1 ,\n  \"b\" :\t[ true , \"x\" , -2.5 ] , \"c\": {} }",
        "[ 1 , 2 ,]", "{ \"a\" : }",
        /* the texts from here on end before their value does */
        "[\"abc", "[12", "[\"\\u00", "[\"\\", "[\"\xF0\x9F\x98", "-12.5e+3"};
    const size_t whole_texts = 28;
    int failures = 0;
    for (size_t x = 0; x < sizeof texts / sizeof texts[0]; x++) {
        const char *t = texts[x];
        size_t n = strlen(t);
        tsig_json_push r;
        memset(&r, 0, sizeof r);
        tsig_json_push_begin(&r, 16);
        push_read whole = push_text(&r, t, n);
        int whole_done = tsig_json_push_done(&r);
        /* the token reader refuses what the push reader does; a text
         * whose value has not ended is awaited */
        tokens tk;
        tsig_error err;
        int read = walk_tokens(t, &tk, &err, NULL);
        if ((x < whole_texts ? (whole.answer == TSIG_PUSH_BAD) != !read
                             : whole.answer != TSIG_PUSH_MORE || whole_done) &&
            failures++ < 8)
            tsig_test_fail(__FILE__, __LINE__, "text %zu: push reader %d, token reader %d at %zu",
                           x, whole.answer, read, err.offset);
        for (size_t s = 0; s <= n; s++) {
            /* s = 0: a byte at a time */
            tsig_json_push_begin(&r, 16);
            push_read first = {TSIG_PUSH_MORE, 0}, last = first;
            size_t bad_at = SIZE_MAX;
            int whole_cuts = 1;
            /* the pushes: to s then to n, or to each byte */
            size_t ends[2] = {s, n}, pushes = s ? (s < n ? 2 : 1) : n;
            for (size_t p = 0; p < pushes; p++) {
                size_t k = s ? ends[p] : p + 1;
                last = push_text(&r, t, k);
                if (p == 0) first = last;
                if (last.answer == TSIG_PUSH_BAD) {
                    if (bad_at == SIZE_MAX) bad_at = k;
                    break;
                }
                whole_cuts &= cut_is_whole(&r, t);
            }
            (void)first;
            int same = last.answer == whole.answer && tsig_json_push_done(&r) == whole_done &&
                       (whole.answer != TSIG_PUSH_BAD ||
                        (last.read == whole.read && bad_at == (s && s <= whole.read ? n : s ? s : whole.read + 1)));
            if ((!same || !whole_cuts) && failures++ < 8)
                tsig_test_fail(__FILE__, __LINE__,
                               "text %zu split at %zu: answer %d read %zu (bad in the push to %zu), "
                               "whole %d read %zu%s",
                               x, s, last.answer, last.read, bad_at, whole.answer, whole.read,
                               whole_cuts ? "" : "; a cut splits a character or an escape");
        }
        tsig_json_push_release(&r);
    }
    CHECK(failures == 0);
}

/* The push reader's events for t, read whole (one call after another
 * while it stops), each as a letter and the place it names: V value, K
 * key, N number, S string, L literal, C close; then the answer that ended
 * it (M more, B bad at read) and, with yield set, each stop (Y at read). */
typedef struct event_log {
    char seen[256];
    int yield;
} event_log;

static int log_event(void *ctx, int event, size_t at)
{
    event_log *l = ctx;
    static const char letters[] = "VKPSNLCB";
    size_t used = strlen(l->seen);
    snprintf(l->seen + used, sizeof l->seen - used, "%s%c%zu", used ? " " : "",
             letters[event], at);
    return event == TSIG_PUSH_VALUE && l->yield ? TSIG_PUSH_YIELD : TSIG_PUSH_GO;
}

static const char *push_events(const char *t, int yield)
{
    static event_log l;
    memset(&l, 0, sizeof l);
    l.yield = yield;
    tsig_json_push r;
    memset(&r, 0, sizeof r);
    tsig_json_push_begin(&r, 16);
    size_t n = strlen(t);
    int a;
    while ((a = tsig_json_push_read(&r, t, n, log_event, &l)) == TSIG_PUSH_STOPPED &&
           !tsig_json_push_done(&r)) {
        size_t used = strlen(l.seen);
        snprintf(l.seen + used, sizeof l.seen - used, " Y%zu", r.read);
    }
    size_t used = strlen(l.seen);
    snprintf(l.seen + used, sizeof l.seen - used, " %c%zu",
             a == TSIG_PUSH_BAD ? 'B' : a == TSIG_PUSH_MORE ? 'M' : 'D', r.read);
    tsig_json_push_release(&r);
    return l.seen;
}

TEST(the_push_reader_tells_each_value_once_it_is_one)
{
    /* a leading zero then a digit: refused at the digit, no number told */
    CHECK_STR(push_events("[01]", 0), "V0 V1 B2");
    CHECK_STR(push_events("-01", 0), "V0 B2");
    CHECK_STR(push_events("[0,-1.5e3]", 0), "V0 V1 N2 V3 N9 C10 D10");
    /* asked to yield at a value: it returns after the value's first byte */
    CHECK_STR(push_events("[12,3]", 1), "V0 Y1 V1 Y2 N3 V4 Y5 N5 C6 D6");
    /* whitespace between values changes no event */
    CHECK_STR(push_events("{ \"a\" : 1 , \"b\" : [ true , \"x\" ] }", 0),
              "V0 K4 V8 N9 K14 V18 V20 L24 V27 S30 C32 C34 D34");
    CHECK_STR(push_events("{ \"a\" : 1 , \"b\" : [ true , \"x\" ] }", 1),
              "V0 Y1 K4 V8 Y9 N9 K14 V18 Y19 V20 Y21 L24 V27 Y28 S30 C32 C34 D34");
    /* nor do containers opened and strings begun at once after a bracket */
    CHECK_STR(push_events("[[],{},[{}],\"\",[\"\"]]", 0),
              "V0 V1 C3 V4 C6 V7 V8 C10 C11 V12 S14 V15 V16 S18 C19 C20 D20");
    CHECK_STR(push_events("[[],{},[{}],\"\",[\"\"]]", 1),
              "V0 Y1 V1 Y2 C3 V4 Y5 C6 V7 Y8 V8 Y9 C10 C11 V12 Y13 S14 V15 Y16 V16 Y17 S18 C19 "
              "C20 D20");
}

int main(void)
{
    /* First: the other tests rely on the runs. */
    RUN(runs_end_at_the_first_byte_outside_them_in_every_lane);
    RUN(strings_are_read_to_the_first_byte_that_ends_their_run_in_every_lane);
    RUN(text_read_before_is_skipped_whole_and_members_are_found);
    RUN(members_are_found_by_their_unescaped_keys);
    RUN(a_tree_keeps_strings_whole_and_numbers_as_written);
    RUN(a_tree_key_holding_a_nul_is_a_c_string_that_gives_its_bytes_back);
    RUN(a_tree_read_with_spans_knows_where_each_key_and_value_stands);
    RUN(a_tree_is_refused_with_the_readers_errors);
    RUN(walker_tells_every_value_it_reads);
    RUN(syntax_errors_can_be_reworded);
    RUN(inline_string_reader_answers_as_the_full_one);
    RUN(inline_number_reader_answers_as_the_full_one);
    RUN(readable_text_is_told_at_every_place_of_a_bad_byte);
    RUN(a_start_of_a_literal_or_number_may_still_be_one);
    RUN(the_push_reader_reads_a_token_cut_anywhere_as_whole);
    RUN(the_push_reader_tells_each_value_once_it_is_one);
    return tsig_test_summary();
}
