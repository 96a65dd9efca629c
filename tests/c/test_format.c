/*
 * test_format.c: the canonical form and the AST as JSON (SPEC §2), and
 * format with hidden firewalled fields (SPEC §7), one test per rule.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

/* format(parse(src), flags), or NULL when src does not parse. */
static char *fmt(const char *src, unsigned flags)
{
    tsig_error err;
    tsig_signature *sig = tsig_parse(src, strlen(src), &err);
    if (!sig) return NULL;
    char *out = tsig_format(sig, flags, NULL);
    tsig_signature_free(sig);
    return out;
}

static char *ast(const char *src)
{
    tsig_error err;
    tsig_signature *sig = tsig_parse(src, strlen(src), &err);
    if (!sig) return NULL;
    char *out = tsig_ast_json(sig, NULL);
    tsig_signature_free(sig);
    return out;
}

#define CHECK_FORMAT(src, flags, want) \
    do {                               \
        char *got_ = fmt(src, flags);  \
        CHECK_STR(got_, want);         \
        tsig_free(got_);               \
    } while (0)

#define CHECK_AST(src, want)           \
    do {                               \
        char *got_ = ast(src);         \
        CHECK_STR(got_, want);         \
        tsig_free(got_);               \
    } while (0)

/* Signatures the invariants are checked on: every construct, odd spacing. */
static const char *const CORPUS[] = {
    ":int",
    ":boolean",
    "  :string?  ",
    "(a:int,b [:string])->{c {d :int}}",
    "(\n  query :string,\n  limit :int?\n) ->\n  [{id :int}]",
    "( ) -> { }",
    "{ id :int , name :string }",
    "(xs [:int]?, m {a :int}?) -> [{a :int}?]?",
    "(flag :boolean) -> {ok :boolean?, at :datetime, k :keyword, m :map, x :any}",
    "{user-id :int, _raw [:map], a- :float}",
    "[[[[:int]]]]",
    "{}?",
    "(\ta :int\r\n) -> :int",
};
#define CORPUS_SIZE (sizeof CORPUS / sizeof CORPUS[0])

TEST(format_puts_one_space_after_names_and_commas_and_nothing_else)
{
    CHECK_FORMAT("(a:int,b [:string])->{c {d :int}}", 0,
                 "(a :int, b [:string]) -> {c {d :int}}");
    CHECK_FORMAT("( a :int , b :int ) -> { x :int }", 0, "(a :int, b :int) -> {x :int}");
    CHECK_FORMAT("{\r\n  a :int,\r\n  b [ :string ]\r\n}", 0, "{a :int, b [:string]}");
    CHECK_FORMAT("\n\n(a :int)\n->\n:int\n\n", 0, "(a :int) -> :int");
}

TEST(format_prints_boolean_as_bool)
{
    CHECK_FORMAT("(flag :boolean) -> [:boolean]?", 0, "(flag :bool) -> [:bool]?");
}

TEST(format_prints_optionals_as_suffix)
{
    CHECK_FORMAT("[:int]?", 0, "[:int]?");
    CHECK_FORMAT("{a :int}?", 0, "{a :int}?");
    CHECK_FORMAT("{xs [:string?]?}", 0, "{xs [:string?]?}");
}

TEST(format_without_params_prints_the_shorthand)
{
    CHECK_FORMAT("() -> {count :int}", 0, "{count :int}");
    CHECK_FORMAT("( ) -> :any", 0, ":any");
    CHECK_FORMAT("() -> {}", 0, "{}");
}

TEST(format_with_params_prints_the_arrow_form)
{
    CHECK_FORMAT("(q :string) -> :int", 0, "(q :string) -> :int");
}

TEST(format_keeps_names_as_written)
{
    CHECK_FORMAT("(user-id :int) -> {first-name :string, _raw :any}", 0,
                 "(user-id :int) -> {first-name :string, _raw :any}");
}

TEST(format_returns_its_length)
{
    tsig_error err;
    tsig_signature *sig = tsig_parse("(a :int) -> [:int]", 18, &err);
    CHECK(sig != NULL);
    if (!sig) return;
    size_t len = 0;
    char *text = tsig_format(sig, 0, &len);
    CHECK_STR(text, "(a :int) -> [:int]");
    CHECK_INT(len, 18);
    tsig_free(text);
    char *json = tsig_ast_json(sig, &len);
    CHECK(json != NULL);
    if (json) CHECK_INT(len, strlen(json));
    tsig_free(json);
    tsig_signature_free(sig);
    CHECK(tsig_format(NULL, 0, &len) == NULL);
    CHECK_INT(len, 0);
    CHECK(tsig_format_type(NULL, 0, NULL) == NULL);
    CHECK(tsig_ast_json(NULL, NULL) == NULL);
}

TEST(format_type_prints_one_type)
{
    tsig_error err;
    const char *src = "(a [{id :int, _k :string}]?) -> {x :boolean, _y :int}";
    tsig_signature *sig = tsig_parse(src, strlen(src), &err);
    CHECK(sig != NULL);
    if (!sig) return;
    size_t len = 0;
    char *text = tsig_format_type(tsig_param_type(sig, 0), 0, &len);
    CHECK_STR(text, "[{id :int, _k :string}]?");
    CHECK_INT(len, strlen("[{id :int, _k :string}]?"));
    tsig_free(text);
    text = tsig_format_type(tsig_param_type(sig, 0), TSIG_FORMAT_HIDE_FIREWALLED, NULL);
    CHECK_STR(text, "[{id :int}]?");
    tsig_free(text);
    text = tsig_format_type(tsig_returns(sig), 0, NULL);
    CHECK_STR(text, "{x :bool, _y :int}");
    tsig_free(text);
    tsig_signature_free(sig);
}

TEST(hide_firewalled_drops_underscore_fields_of_the_return_type)
{
    CHECK_FORMAT("{summary :string, _raw [:map]}", TSIG_FORMAT_HIDE_FIREWALLED,
                 "{summary :string}");
    CHECK_FORMAT("{summary :string, _raw [:map]}", 0, "{summary :string, _raw [:map]}");
}

TEST(hide_firewalled_applies_at_any_depth)
{
    CHECK_FORMAT("{a {b [{c :int, _d :int}], _e :any}?, _f {g :int}}",
                 TSIG_FORMAT_HIDE_FIREWALLED, "{a {b [{c :int}]}?}");
    CHECK_FORMAT("[{_only :int}]", TSIG_FORMAT_HIDE_FIREWALLED, "[{}]");
    CHECK_FORMAT("{_-x :int, __ :int, _ :int, y_ :int}", TSIG_FORMAT_HIDE_FIREWALLED,
                 "{y_ :int}");
}

TEST(hide_firewalled_always_shows_parameters)
{
    CHECK_FORMAT("(_token :string, opts {_debug :bool}) -> {ok :bool, _trace :any}",
                 TSIG_FORMAT_HIDE_FIREWALLED,
                 "(_token :string, opts {_debug :bool}) -> {ok :bool}");
}

TEST(ast_json_spells_primitives_by_name)
{
    CHECK_AST("(a :string, b :int, c :float, d :bool, e :boolean, f :keyword, g :any, "
              "h :map, i :datetime) -> :any",
              "{\"params\":[[\"a\",\"string\"],[\"b\",\"int\"],[\"c\",\"float\"],"
              "[\"d\",\"bool\"],[\"e\",\"bool\"],[\"f\",\"keyword\"],[\"g\",\"any\"],"
              "[\"h\",\"map\"],[\"i\",\"datetime\"]],\"returns\":\"any\"}");
}

TEST(ast_json_wraps_optional_list_and_map)
{
    CHECK_AST("(xs [:int]?, m {a :int}?) -> [{a :int}?]?",
              "{\"params\":[[\"xs\",{\"optional\":{\"list\":\"int\"}}],"
              "[\"m\",{\"optional\":{\"map\":[[\"a\",\"int\"]]}}]],"
              "\"returns\":{\"optional\":{\"list\":{\"optional\":{\"map\":"
              "[[\"a\",\"int\"]]}}}}}");
    CHECK_AST("{}", "{\"params\":[],\"returns\":{\"map\":[]}}");
}

TEST(parse_of_format_equals_parse)
{
    for (size_t i = 0; i < CORPUS_SIZE; i++) {
        char *canonical = fmt(CORPUS[i], 0);
        CHECK(canonical != NULL);
        if (!canonical) continue;
        char *a = ast(CORPUS[i]);
        char *b = ast(canonical);
        CHECK(a != NULL);
        CHECK_STR(b, a);
        tsig_free(a);
        tsig_free(b);
        tsig_free(canonical);
    }
}

TEST(format_is_idempotent)
{
    for (size_t i = 0; i < CORPUS_SIZE; i++) {
        for (unsigned flags = 0; flags <= TSIG_FORMAT_HIDE_FIREWALLED; flags++) {
            char *once = fmt(CORPUS[i], flags);
            CHECK(once != NULL);
            if (!once) continue;
            char *twice = fmt(once, flags);
            CHECK_STR(twice, once);
            tsig_free(twice);
            tsig_free(once);
        }
    }
}

TEST(format_of_64_nested_levels)
{
    char src[300], want[300];
    size_t n = 0;
    for (int i = 0; i < 32; i++) n += (size_t)sprintf(src + n, "[ {a ");
    n += (size_t)sprintf(src + n, ":int");
    for (int i = 0; i < 32; i++) n += (size_t)sprintf(src + n, "} ]");
    n = 0;
    for (int i = 0; i < 32; i++) n += (size_t)sprintf(want + n, "[{a ");
    n += (size_t)sprintf(want + n, ":int");
    for (int i = 0; i < 32; i++) n += (size_t)sprintf(want + n, "}]");
    CHECK_FORMAT(src, 0, want);
}

int main(void)
{
    RUN(format_puts_one_space_after_names_and_commas_and_nothing_else);
    RUN(format_prints_boolean_as_bool);
    RUN(format_prints_optionals_as_suffix);
    RUN(format_without_params_prints_the_shorthand);
    RUN(format_with_params_prints_the_arrow_form);
    RUN(format_keeps_names_as_written);
    RUN(format_returns_its_length);
    RUN(format_type_prints_one_type);
    RUN(hide_firewalled_drops_underscore_fields_of_the_return_type);
    RUN(hide_firewalled_applies_at_any_depth);
    RUN(hide_firewalled_always_shows_parameters);
    RUN(ast_json_spells_primitives_by_name);
    RUN(ast_json_wraps_optional_list_and_map);
    RUN(parse_of_format_equals_parse);
    RUN(format_is_idempotent);
    RUN(format_of_64_nested_levels);
    return tsig_test_summary();
}
