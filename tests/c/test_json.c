/*
 * test_json.c: json.c's walking of trusted text (what a reader accepted or
 * a stage wrote): values skipped whole whatever they hold, members found
 * by their unescaped keys, strings unescaped; and the walker's hooks: every
 * string and number handed over as read, errors in the caller's words.
 */
#include <stdio.h>
#include <string.h>

#include "harness.h"
#include "internal.h"

TEST(valid_json_walk_skips_values_and_finds_members)
{
    const char *json = " {\"a\\\"]\" : [1, {\"x\":[]}, \"]\"] , \"b\":-1.5e3,\"c\":{}}";
    const char *end = json + strlen(json);
    const char *obj = tsig_valid_json_skip_ws(json, end);
    const char *b = tsig_valid_json_member(obj, end, "b");
    CHECK(b && strncmp(b, "-1.5e3", 6) == 0);
    CHECK(tsig_valid_json_skip_value(b, end) == b + 6);
    const char *a = tsig_valid_json_member(obj, end, "a\"]");
    CHECK(a && *a == '[');
    CHECK(tsig_valid_json_skip_value(a, end) == strstr(json, " , \"b\""));
    CHECK(tsig_valid_json_member(obj, end, "a") == NULL);
    const char *c = tsig_valid_json_member(obj, end, "c");
    CHECK(c && tsig_valid_json_first(c, end) == NULL);
    size_t n = 0;
    for (const char *e = tsig_valid_json_first(a, end); e; e = tsig_valid_json_next(e, end)) n++;
    CHECK_INT(n, 3);
    CHECK(tsig_valid_json_skip_value(obj, end) == end);
}

TEST(valid_json_read_string_unescapes_everything)
{
    const char *json = "\"a\\n\\t\\\"\\\\\\/\\u00e9\\ud83d\\ude00\\ud800x\\u0000\"";
    const char *end = json + strlen(json);
    tsig_strbuf sb = {0};
    CHECK(tsig_valid_json_read_string(json, end, &sb) == end);
    static const char want[] = "a\n\t\"\\/\xC3\xA9\xF0\x9F\x98\x80\xED\xA0\x80x";
    CHECK_INT(sb.len, sizeof want);
    CHECK(sb.data && memcmp(sb.data, want, sizeof want) == 0); /* NUL included */
    tsig_sb_release(&sb);
}

TEST(valid_json_key_finds_the_member_by_its_unescaped_key)
{
    const char *json = "{\"a\":1, \"\\u0062\" : \"x\\ny\", \"b\":2}";
    const char *end = json + strlen(json);
    const char *k = tsig_valid_json_key(json, end, "b", 1);
    CHECK(k == strstr(json, "\"\\u0062\""));
    CHECK(tsig_valid_json_key(json, end, "c", 1) == NULL);
    const char *empty = "{ }";
    CHECK(tsig_valid_json_key(empty, empty + 3, "", 0) == NULL);
    size_t len = 0;
    int nomem = 0;
    char *s = tsig_valid_json_member_string(json, end, "b", &len, &nomem);
    CHECK_STR(s, "x\ny");
    CHECK_INT(len, 3);
    tsig_free(s);
    CHECK(tsig_valid_json_member_string(json, end, "a", &len, &nomem) == NULL); /* not a string */
    CHECK(tsig_valid_json_member_string(json, end, "c", NULL, &nomem) == NULL);
    CHECK(!nomem);
    /* keys with escapes, a surrogate pair and a lone surrogate, compared
     * without a copy */
    const char *esc = "{\"\\ud83d\\ude00\":1,\"a\\/b\":2,\"\\udc00\":3,\"ab\":4}";
    const char *esc_end = esc + strlen(esc);
    CHECK(tsig_valid_json_key(esc, esc_end, "\xF0\x9F\x98\x80", 4) == esc + 1);
    CHECK(tsig_valid_json_key(esc, esc_end, "a/b", 3) == strstr(esc, "\"a\\/b"));
    CHECK(tsig_valid_json_key(esc, esc_end, "\xED\xB0\x80", 3) == strstr(esc, "\"\\udc00"));
    CHECK(tsig_valid_json_key(esc, esc_end, "a", 1) == NULL);
    CHECK(tsig_valid_json_key(esc, esc_end, "a/bc", 4) == NULL);
}

/* Records each token the walker hands over as "s:<raw>" or "n:<text>"
 * (int) / "f:<text>" (float); stops the walk at the token "stop". */
typedef struct tokens {
    tsig_json *j;
    char seen[256];
} tokens;

static int record_token(void *ctx, int is_string, const tsig_json_span *s)
{
    tokens *t = ctx;
    size_t used = strlen(t->seen);
    snprintf(t->seen + used, sizeof t->seen - used, "%s%s:%.*s", used ? " " : "",
             is_string ? "s" : s->flag ? "n" : "f", (int)s->len, t->j->src + s->start);
    if (s->len == 4 && memcmp(t->j->src + s->start, "stop", 4) == 0)
        return tsig_json_fail_code(t->j, TSIG_ERR_JSON, s->start, "stopped");
    return 1;
}

/* Walks text with record_token; returns 1 when it was read whole. */
static int walk_tokens(const char *text, tokens *t, tsig_error *err,
                       const char *(*reword)(const char *))
{
    tsig_json j;
    tsig_json_path path;
    tsig_json_keys keys;
    tsig_json_walker w;
    memset(&keys, 0, sizeof keys);
    memset(&w, 0, sizeof w);
    memset(t, 0, sizeof *t);
    tsig_json_init(&j, text, strlen(text), 8, err);
    j.reword = reword;
    tsig_json_path_init(&path);
    keys.src = j.src;
    t->j = &j;
    w.j = &j;
    w.path = &path;
    w.keys = &keys;
    w.on_token = record_token;
    w.ctx = t;
    int ok = tsig_json_walk(&w) && tsig_json_finish(&j);
    tsig_json_walker_release(&w);
    tsig_json_keys_release(&keys);
    tsig_json_path_release(&path);
    return ok;
}

TEST(walker_hands_over_every_string_and_number)
{
    tokens t;
    tsig_error err;
    CHECK(walk_tokens("{\"a\\n\":[1,\"x\",-2.5e3,true,null,{\"b\":0}]}", &t, &err, NULL));
    CHECK_STR(t.seen, "s:a\\n n:1 s:x f:-2.5e3 s:b n:0");
    CHECK(!walk_tokens("[1,\"stop\",2]", &t, &err, NULL));
    CHECK_STR(t.seen, "n:1 s:stop");
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

int main(void)
{
    RUN(valid_json_walk_skips_values_and_finds_members);
    RUN(valid_json_read_string_unescapes_everything);
    RUN(valid_json_key_finds_the_member_by_its_unescaped_key);
    RUN(walker_hands_over_every_string_and_number);
    RUN(syntax_errors_can_be_reworded);
    return tsig_test_summary();
}
