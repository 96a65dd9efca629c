/*
 * test_json.c: json.c's walking of trusted text (what a reader accepted or
 * a stage wrote): values skipped whole whatever they hold, members found
 * by their unescaped keys, strings unescaped.
 */
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
    char *s = tsig_valid_json_member_string(json, end, "b", &len);
    CHECK_STR(s, "x\ny");
    CHECK_INT(len, 3);
    tsig_free(s);
    CHECK(tsig_valid_json_member_string(json, end, "a", &len) == NULL); /* not a string */
    CHECK(tsig_valid_json_member_string(json, end, "c", NULL) == NULL);
}

int main(void)
{
    RUN(valid_json_walk_skips_values_and_finds_members);
    RUN(valid_json_read_string_unescapes_everything);
    RUN(valid_json_key_finds_the_member_by_its_unescaped_key);
    return tsig_test_summary();
}
