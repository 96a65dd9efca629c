/*
 * test_prompt.c: tools rendered for a prompt (SPEC §9 "render_tool"), one
 * test per rule, and the choices prompt.c documents for descriptions.
 */
#include <stdlib.h>
#include <string.h>

#include "harness.h"

/* Renders one tool; the text (freed by the caller) or NULL. */
static char *render(const char *name, const char *sig_text, const char *desc)
{
    tsig_error err;
    tsig_signature *sig = tsig_parse(sig_text, strlen(sig_text), &err);
    if (!sig) {
        tsig_test_fail(__FILE__, __LINE__, "sig %s: %s", sig_text, err.message);
        return NULL;
    }
    tsig_tool_ref tool = {name, strlen(name), sig, desc, desc ? strlen(desc) : 0};
    size_t len = 99;
    char *text = tsig_render_tool(&tool, &len);
    if (text) CHECK_INT(len, strlen(text));
    tsig_signature_free(sig);
    return text;
}

/* CHECK_STR of one rendered tool against want. */
#define CHECK_RENDER(name, sig, desc, want)                                \
    do {                                                                   \
        char *got_ = render(name, sig, desc);                              \
        CHECK_STR(got_, want);                                             \
        tsig_free(got_);                                                   \
    } while (0)

TEST(tool_is_name_params_arrow_return_type)
{
    CHECK_RENDER("search", "(query :string, limit :int) -> [{id :int, title :string}]",
                 NULL, "search(query :string, limit :int) -> [{id :int, title :string}]");
}

TEST(tool_name_is_printed_as_given)
{
    CHECK_RENDER("get-user", "(id :int) -> :any", NULL, "get-user(id :int) -> :any");
    CHECK_RENDER("Über tool", ":int", NULL, "Über tool() -> :int");
}

TEST(tool_signature_is_in_canonical_form)
{
    CHECK_RENDER("t", "( a:int ,\n b :boolean )  ->  { x :int? }", NULL,
                 "t(a :int, b :bool) -> {x :int?}");
}

TEST(tool_without_parameters_has_empty_parentheses)
{
    CHECK_RENDER("now", ":datetime", NULL, "now() -> :datetime");
    CHECK_RENDER("now", "() -> :datetime", NULL, "now() -> :datetime");
}

TEST(tool_hides_firewalled_output_fields_at_every_depth)
{
    CHECK_RENDER("s", "(text :string) -> {summary :string, _raw [:map]}", NULL,
                 "s(text :string) -> {summary :string}");
    CHECK_RENDER("s", "[{id :int, _secret :string, sub {_x :int, y :int}?}]", NULL,
                 "s() -> [{id :int, sub {y :int}?}]");
    CHECK_RENDER("s", "{_ :int, ok :int}", NULL, "s() -> {ok :int}");
}

TEST(tool_shows_parameters_in_full)
{
    CHECK_RENDER("s", "(_token :string, q {a :int, _b :int}) -> {r :int, _s :int}",
                 NULL, "s(_token :string, q {a :int, _b :int}) -> {r :int}");
}

TEST(description_lines_are_indented_two_spaces)
{
    CHECK_RENDER("d", "(x :int) -> :int", "Line one.\nLine two.",
                 "d(x :int) -> :int\n  Line one.\n  Line two.");
}

TEST(empty_description_is_none)
{
    CHECK_RENDER("d", "(x :int) -> :int", "", "d(x :int) -> :int");
    CHECK_RENDER("d", "(x :int) -> :int", NULL, "d(x :int) -> :int");
}

TEST(description_of_only_blank_lines_is_none)
{
    CHECK_RENDER("d", ":int", "\n  \n\t\r\n", "d() -> :int");
}

TEST(description_crlf_and_cr_end_lines)
{
    CHECK_RENDER("d", ":int", "One.\r\nTwo.\rThree.\n",
                 "d() -> :int\n  One.\n  Two.\n  Three.");
}

TEST(description_blank_lines_at_the_ends_are_dropped)
{
    CHECK_RENDER("d", ":int", "\n\nText.\n\n\n", "d() -> :int\n  Text.");
}

TEST(description_inner_blank_lines_become_one_empty_line)
{
    CHECK_RENDER("d", ":int", "Para one.\n\n \n\t\nPara two.",
                 "d() -> :int\n  Para one.\n\n  Para two.");
    CHECK_RENDER("d", ":int", "A.\r\n\r\nB.", "d() -> :int\n  A.\n\n  B.");
}

TEST(description_lines_lose_trailing_whitespace_keep_indentation)
{
    CHECK_RENDER("d", ":int", "Usage:  \n  - a\t\n  - b",
                 "d() -> :int\n  Usage:\n    - a\n    - b");
}

TEST(inputs_are_read_by_length_not_nul)
{
    tsig_error err;
    tsig_signature *sig = tsig_parse(":int", 4, &err);
    CHECK(sig != NULL);
    tsig_tool_ref tool = {"lookup-and-more", 6, sig, "Finds.XYZ", 6};
    size_t len = 0;
    char *text = tsig_render_tool(&tool, &len);
    CHECK_STR(text, "lookup() -> :int\n  Finds.");
    CHECK_INT(len, strlen("lookup() -> :int\n  Finds."));
    tsig_free(text);
    /* A NUL byte inside a description is text like any other. */
    tsig_tool_ref nul = {"n", 1, sig, "a\0b", 3};
    text = tsig_render_tool(&nul, &len);
    CHECK(text != NULL);
    CHECK_INT(len, 17);
    CHECK(text && memcmp(text, "n() -> :int\n  a\0b", 17) == 0);
    tsig_free(text);
    tsig_signature_free(sig);
}

/* Parses signature text known to be valid; NULL if it is not. */
static tsig_signature *parse_text(const char *text)
{
    tsig_error err;
    return tsig_parse(text, strlen(text), &err);
}

TEST(tools_render_under_the_header_with_a_blank_line)
{
    tsig_signature *a = parse_text("(q :string) -> :string");
    tsig_tool_ref tools[] = {{"search", 6, a, NULL, 0}};
    size_t len = 0;
    char *text = tsig_render_tools(tools, 1, &len);
    CHECK_STR(text, "## Tools you can call\n\nsearch(q :string) -> :string");
    CHECK_INT(len, text ? strlen(text) : 0);
    tsig_free(text);
    tsig_signature_free(a);
}

TEST(tools_keep_their_order_with_one_blank_line_between)
{
    tsig_signature *a = parse_text("(query :string, limit :int) -> [{id :int, title :string}]");
    tsig_signature *b = parse_text("(id :int) -> {name :string, email :string?, _pw :string}");
    tsig_tool_ref tools[] = {
        {"search", 6, a, "Search for items matching query.", 32},
        {"get_user", 8, b, "Fetch user by ID.\nEmail may be null.", 36},
    };
    char *text = tsig_render_tools(tools, 2, NULL);
    CHECK_STR(text, "## Tools you can call\n\n"
                    "search(query :string, limit :int) -> [{id :int, title :string}]\n"
                    "  Search for items matching query.\n\n"
                    "get_user(id :int) -> {name :string, email :string?}\n"
                    "  Fetch user by ID.\n  Email may be null.");
    tsig_free(text);
    tsig_tool_ref reversed[] = {tools[1], tools[0]};
    text = tsig_render_tools(reversed, 2, NULL);
    CHECK(text && strncmp(text, "## Tools you can call\n\nget_user(", 32) == 0);
    tsig_free(text);
    tsig_signature_free(a);
    tsig_signature_free(b);
}

TEST(empty_tool_list_is_the_empty_string)
{
    size_t len = 7;
    char *text = tsig_render_tools(NULL, 0, &len);
    CHECK_STR(text, "");
    CHECK_INT(len, 0);
    tsig_free(text);
}

/* A tool without a signature (arguments unchecked) shows that nothing is
 * known of its arguments or result. */
TEST(tool_without_signature_renders_any)
{
    tsig_tool_ref no_sig = {"x", 1, NULL, "Does x.", 7};
    char *text = tsig_render_tool(&no_sig, NULL);
    CHECK_STR(text, "x(...) -> :any\n  Does x.");
    tsig_free(text);
    text = tsig_render_tools(&no_sig, 1, NULL);
    CHECK_STR(text, "## Tools you can call\n\nx(...) -> :any\n  Does x.");
    tsig_free(text);
}

TEST(missing_tool_renders_nothing)
{
    size_t len = 7;
    CHECK(tsig_render_tool(NULL, &len) == NULL);
    CHECK_INT(len, 0);
    CHECK(tsig_render_tools(NULL, 2, NULL) == NULL);
    tsig_signature *a = parse_text(":int");
    tsig_tool_ref no_name = {NULL, 3, a, NULL, 0};
    CHECK(tsig_render_tool(&no_name, NULL) == NULL);
    tsig_tool_ref empty_name = {NULL, 0, a, NULL, 0};
    char *text = tsig_render_tool(&empty_name, NULL);
    CHECK_STR(text, "() -> :int");
    tsig_free(text);
    tsig_signature_free(a);
}

TEST(long_descriptions_render_whole)
{
    size_t n = 1 << 20;
    char *desc = malloc(n);
    CHECK(desc != NULL);
    if (!desc) return;
    for (size_t i = 0; i < n; i++) desc[i] = (i % 80 == 79) ? '\n' : 'x';
    tsig_signature *a = parse_text(":int");
    tsig_tool_ref tool = {"big", 3, a, desc, n};
    size_t len = 0;
    char *text = tsig_render_tool(&tool, &len);
    /* "big() -> :int", then each of the 13108 lines (79 x + "\n  "). */
    size_t lines = (n + 79) / 80;
    CHECK(text != NULL);
    CHECK_INT(len, strlen("big() -> :int") + lines * 3 + (n - n / 80));
    tsig_free(text);
    tsig_signature_free(a);
    free(desc);
}

TEST(tool_shows_parameter_defaults_and_descriptions)
{
    CHECK_RENDER("search",
                 "(query :string \"search terms\", limit :int[1..100] = 10 \"max results\")"
                 " -> [{id :int, title :string}]",
                 NULL,
                 "search(query :string \"search terms\", limit :int[1..100] = 10 \"max "
                 "results\") -> [{id :int, title :string}]");
    CHECK_RENDER("esc", "(q :string \"say \\\"hi\\\"\\n\xC3\xA9\") -> :any", NULL,
                 "esc(q :string \"say \\\"hi\\\"\\n\xC3\xA9\") -> :any");
    CHECK_RENDER("e", "(d :string \"\") -> :any", NULL, "e(d :string \"\") -> :any");
}

TEST(tool_output_keeps_descriptions_and_hides_firewalled_fields)
{
    CHECK_RENDER("get", "(id :string|:int \"id or slug\") -> {name :string \"display name\","
                        " _raw :map \"debug\", n :int = 1}",
                 NULL, "get(id :string|:int \"id or slug\") -> {name :string \"display name\", n :int = 1}");
    CHECK_RENDER("u", "(s {kind :enum[circle], r :float}|{kind :enum[square], side :float}) -> "
                      "{* {_p :int, q :int}}",
                 NULL, "u(s {kind :enum[circle], r :float}|{kind :enum[square], side :float}) -> "
                       "{* {q :int}}");
}

TEST(tool_renders_after_its_signature_text_is_gone)
{
    /* Enum words and numbers and refinement bounds belong to the
     * signature, not to the text it was parsed from. */
    const char *text = "(s {kind :enum[circle 1.5 true \"a b\"], r :float[0.5..2]}) -> [:int][>=1]";
    size_t len = strlen(text);
    char *copy = malloc(len);
    CHECK(copy != NULL);
    if (!copy) return;
    memcpy(copy, text, len);
    tsig_error err;
    tsig_signature *sig = tsig_parse(copy, len, &err);
    memset(copy, '#', len);
    free(copy);
    CHECK(sig != NULL);
    if (!sig) return;
    tsig_tool_ref tool = {"t", 1, sig, NULL, 0};
    size_t n = 0;
    char *out = tsig_render_tool(&tool, &n);
    CHECK_STR(out, "t(s {kind :enum[circle 1.5 true \"a b\"], r :float[0.5..2]}) -> [:int][>=1]");
    tsig_free(out);
    tsig_signature_free(sig);
}

/* The tools of a list render as the same tools given one by one would,
 * in the list's order: a tool without a signature as taking and
 * returning anything. */
TEST(tools_of_a_list_render_as_the_list_gives_them)
{
    const char *json = "[{\"name\":\"get\",\"sig\":\"(id :int) -> {name :string, _raw :any}\","
                       "\"description\":\"Loads.\"},{\"name\":\"any\"}]";
    tsig_tools *tools = NULL;
    tsig_error err;
    CHECK_INT(tsig_tools_from_signatures(json, strlen(json), &tools, &err), TSIG_OK);
    size_t len = 99;
    char *text = tsig_render_tool_list(tools, &len);
    CHECK_STR(text, "## Tools you can call\n\nget(id :int) -> {name :string}\n  Loads.\n\n"
                    "any(...) -> :any");
    if (text) CHECK_INT(len, strlen(text));
    tsig_free(text);
    tsig_tools_free(tools);
    CHECK_INT(tsig_tools_from_signatures("[]", 2, &tools, &err), TSIG_OK);
    text = tsig_render_tool_list(tools, &len);
    CHECK_STR(text, "");
    CHECK_INT(len, 0);
    tsig_free(text);
    tsig_tools_free(tools);
}

int main(void)
{
    RUN(tool_is_name_params_arrow_return_type);
    RUN(tool_name_is_printed_as_given);
    RUN(tool_signature_is_in_canonical_form);
    RUN(tool_without_parameters_has_empty_parentheses);
    RUN(tool_hides_firewalled_output_fields_at_every_depth);
    RUN(tool_shows_parameters_in_full);
    RUN(description_lines_are_indented_two_spaces);
    RUN(empty_description_is_none);
    RUN(description_of_only_blank_lines_is_none);
    RUN(description_crlf_and_cr_end_lines);
    RUN(description_blank_lines_at_the_ends_are_dropped);
    RUN(description_inner_blank_lines_become_one_empty_line);
    RUN(description_lines_lose_trailing_whitespace_keep_indentation);
    RUN(inputs_are_read_by_length_not_nul);
    RUN(tools_render_under_the_header_with_a_blank_line);
    RUN(tools_keep_their_order_with_one_blank_line_between);
    RUN(empty_tool_list_is_the_empty_string);
    RUN(tools_of_a_list_render_as_the_list_gives_them);
    RUN(tool_without_signature_renders_any);
    RUN(missing_tool_renders_nothing);
    RUN(long_descriptions_render_whole);
    RUN(tool_shows_parameter_defaults_and_descriptions);
    RUN(tool_renders_after_its_signature_text_is_gone);
    RUN(tool_output_keeps_descriptions_and_hides_firewalled_fields);
    return tsig_test_summary();
}
