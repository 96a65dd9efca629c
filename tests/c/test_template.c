/*
 * test_template.c: prompt template placeholders (SPEC §8), one test per
 * rule: names, lookup through parameters and typed maps, sections, {{.}},
 * comments, unsupported tags, the wording of every message, the order and
 * uniqueness of errors and names, and the limits.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

/* The signature most tests check against. */
static const char *const SIG =
    "(items [{name :string, price :float, tags [:string], addr {city :string}}],"
    " tags [:string], user {name :string, email :string?, orders [{id :int}]},"
    " flag :bool, note :string?, topic :string, count :int, data :map,"
    " extra :any, maybe {x :int}?, matrix [[:int]], rows [:map],"
    " anys [:any], user-name :string, opt {note :string}?) -> :any";

/* Checks tpl (NUL-terminated) against signature text; *res must be freed
 * with tsig_placeholders_free. */
static void check_with(const char *sig_text, const char *tpl, tsig_placeholders *res)
{
    tsig_error err;
    tsig_signature *sig = tsig_parse(sig_text, strlen(sig_text), &err);
    memset(res, 0, sizeof *res);
    if (!sig) {
        tsig_test_fail(__FILE__, __LINE__, "sig %s: %s", sig_text, err.message);
        return;
    }
    tsig_code code = tsig_check_placeholders(tpl, strlen(tpl), sig, res);
    if (code != TSIG_OK)
        tsig_test_fail(__FILE__, __LINE__, "check: %s", tsig_code_name(code));
    if (res->ok != (res->error_count == 0))
        tsig_test_fail(__FILE__, __LINE__, "ok disagrees with the errors");
    tsig_signature_free(sig);
}

/* The template is fine against sig_text. */
static int accepted(const char *sig_text, const char *tpl)
{
    tsig_placeholders res;
    check_with(sig_text, tpl, &res);
    int ok = res.ok && res.error_count == 0;
    if (!ok) {
        printf("    %s: unexpected errors:\n", tpl);
        for (size_t i = 0; i < res.error_count; i++)
            printf("      %s\n", res.errors[i].message);
    }
    tsig_placeholders_free(&res);
    return ok;
}

/* The template gives exactly one error, with this message. */
static int one_error(const char *sig_text, const char *tpl, const char *message)
{
    tsig_placeholders res;
    check_with(sig_text, tpl, &res);
    int ok = !res.ok && res.error_count == 1 &&
             strcmp(res.errors[0].message, message) == 0;
    if (!ok) {
        printf("    %s: want one error \"%s\", got %zu:\n", tpl, message,
               res.error_count);
        for (size_t i = 0; i < res.error_count; i++)
            printf("      %s\n", res.errors[i].message);
    }
    tsig_placeholders_free(&res);
    return ok;
}

/* The names found are exactly want[0..n) in that order. */
static int names_are(const char *sig_text, const char *tpl, const char *const *want,
                     size_t n)
{
    tsig_placeholders res;
    check_with(sig_text, tpl, &res);
    int ok = res.name_count == n;
    for (size_t i = 0; ok && i < n; i++) ok = strcmp(res.names[i], want[i]) == 0;
    if (!ok) {
        printf("    %s: names:", tpl);
        for (size_t i = 0; i < res.name_count; i++) printf(" %s", res.names[i]);
        printf("\n");
    }
    tsig_placeholders_free(&res);
    return ok;
}

#define NAMES(sig, tpl, ...)                                                  \
    do {                                                                      \
        static const char *const want_[] = {__VA_ARGS__};                     \
        CHECK(names_are(sig, tpl, want_, sizeof want_ / sizeof want_[0]));    \
    } while (0)

/* ---- names ----------------------------------------------------------- */

TEST(placeholder_names_a_parameter)
{
    CHECK(accepted("(user :string, limit :int) -> :any", "Find {{user}} with {{limit}}"));
    CHECK(accepted(":string", "No placeholders at all"));
}

TEST(whitespace_inside_the_braces_is_trimmed)
{
    CHECK(accepted(SIG, "{{ topic }} {{\ttopic\n}} {{\r\n topic}}"));
    NAMES(SIG, "{{ topic }}{{topic}}", "topic");
}

TEST(names_are_letters_then_letters_digits_underscore_hyphen)
{
    CHECK(accepted("(a1_b-c :int) -> :any", "{{a1_b-c}}"));
    CHECK(accepted("(Ab :int) -> :any", "{{Ab}}"));
}

TEST(empty_placeholder_is_an_error)
{
    CHECK(one_error(SIG, "{{}}", "{{}}: empty placeholder: write a parameter name"));
    CHECK(one_error(SIG, "{{  \n }}", "{{}}: empty placeholder: write a parameter name"));
}

TEST(names_must_start_with_a_letter)
{
    CHECK(one_error(SIG, "{{123}}", "{{123}}: names must start with a letter"));
    CHECK(one_error(SIG, "{{_topic}}", "{{_topic}}: names must start with a letter"));
    CHECK(one_error(SIG, "{{-x}}", "{{-x}}: names must start with a letter"));
    CHECK(one_error(SIG, "{{user.2nd}}",
                    "{{user.2nd}}: each segment of a dotted name must start with a "
                    "letter, found \"2\""));
}

TEST(dots_separate_non_empty_segments)
{
    CHECK(one_error(SIG, "{{user..name}}", "{{user..name}}: two dots in a row (an empty segment)"));
    CHECK(one_error(SIG, "{{.user}}", "{{.user}}: a name cannot start with \".\""));
    CHECK(one_error(SIG, "{{user.}}", "{{user.}}: a name cannot end with \".\""));
}

TEST(other_characters_are_errors)
{
    CHECK(one_error(SIG, "{{user name}}",
                    "{{user name}}: names hold only letters, digits, \"_\", \"-\" "
                    "and dots between segments, found \" \""));
    CHECK(one_error(SIG, "{{top\xC3\xA9}}",
                    "{{top\xC3\xA9}}: names hold only letters, digits, \"_\", \"-\" "
                    "and dots between segments, found \"\xC3\xA9\""));
}

TEST(unclosed_braces_are_an_error)
{
    CHECK(one_error(SIG, "Hello {{topic", "{{topic: \"{{\" is not closed by \"}}\""));
    CHECK(one_error(SIG, "{{topic}} and {{", "{{: \"{{\" is not closed by \"}}\""));
    CHECK(one_error(SIG, "{{topic }\nmore text", "{{topic }: \"{{\" is not closed by \"}}\""));
    NAMES(SIG, "{{topic}} {{count", "topic");
}

TEST(single_braces_are_text)
{
    CHECK(accepted(SIG, "{topic} {\"a\": {\"b\": 1}} }} {"));
}

/* ---- lookup ---------------------------------------------------------- */

TEST(unknown_parameter_lists_the_parameters)
{
    CHECK(one_error("(a :int, b :int) -> :any", "{{x}}", "{{x}}: no parameter x (parameters: a, b)"));
    CHECK(one_error("(a :int) -> :any", "{{A}}", "{{A}}: no parameter A (parameters: a)"));
}

TEST(no_parameters_says_none)
{
    CHECK(one_error("{x :int}", "{{x}}", "{{x}}: no parameter x (parameters: none)"));
    CHECK(one_error("() -> :int", "{{x}}", "{{x}}: no parameter x (parameters: none)"));
}

TEST(long_parameter_lists_are_cut)
{
    char sig[1024] = "(";
    for (int i = 0; i < 25; i++)
        snprintf(sig + strlen(sig), sizeof sig - strlen(sig), "%sp%d :int", i ? ", " : "", i);
    strcat(sig, ") -> :any");
    CHECK(one_error(sig, "{{q}}",
                    "{{q}}: no parameter q (parameters: p0, p1, p2, p3, p4, p5, p6, p7, "
                    "p8, p9, p10, p11, p12, p13, p14, p15, p16, p17, p18, p19, "
                    "\xE2\x80\xA6 (5 more))"));
}

TEST(parameters_compare_after_hyphen_to_underscore)
{
    CHECK(accepted("(user-name :string) -> :any", "{{user_name}} {{user-name}}"));
    CHECK(accepted("(user_name :string) -> :any", "{{user-name}}"));
    NAMES("(user-name :string) -> :any", "{{user_name}} {{user-name}}", "user_name", "user-name");
}

TEST(fields_are_reached_through_typed_maps)
{
    CHECK(accepted(SIG, "{{user.name}} {{user.email}} {{items}}"));
    CHECK(accepted("(user {address {city :string}}) -> :any", "{{user.address.city}}"));
    CHECK(accepted("(user {first_name :string}) -> :any", "{{user.first-name}}"));
}

TEST(unknown_field_lists_the_fields)
{
    CHECK(one_error("(user {name :string}) -> :any", "{{user.email}}",
                    "{{user.email}}: user has no field email (fields: name)"));
    CHECK(one_error("(user {a {b :int, c :int}}) -> :any", "{{user.a.x}}",
                    "{{user.a.x}}: user.a has no field x (fields: b, c)"));
    CHECK(one_error("(m {}) -> :any", "{{m.x}}", "{{m.x}}: m has no field x (fields: none)"));
    CHECK(one_error("(user {name :string}) -> :any", "{{user.Name}}",
                    "{{user.Name}}: user has no field Name (fields: name)"));
}

TEST(scalars_and_lists_have_no_fields)
{
    CHECK(one_error("(limit :int) -> :any", "{{limit.max}}",
                    "{{limit.max}}: limit is int and has no fields"));
    CHECK(one_error(SIG, "{{user.name.first}}",
                    "{{user.name.first}}: user.name is string and has no fields"));
    CHECK(one_error(SIG, "{{tags.first}}",
                    "{{tags.first}}: tags is list and has no fields (go through its "
                    "elements with {{#tags}}\xE2\x80\xA6{{/tags}})"));
}

TEST(map_and_any_accept_any_further_segments)
{
    CHECK(accepted(SIG, "{{data.anything}} {{data.a.b.c}} {{extra.x.y}}"));
    CHECK(accepted("(u {meta :map}) -> :any", "{{u.meta.k.v}}"));
}

TEST(optionals_are_looked_through)
{
    CHECK(accepted(SIG, "{{opt.note}} {{maybe.x}}"));
    CHECK(one_error(SIG, "{{note.x}}", "{{note.x}}: note is string and has no fields"));
    CHECK(one_error(SIG, "{{maybe.y}}", "{{maybe.y}}: maybe has no field y (fields: x)"));
}

/* ---- sections -------------------------------------------------------- */

TEST(section_over_a_list_of_maps_resolves_element_fields)
{
    CHECK(accepted(SIG, "{{#items}}{{name}}: {{price}} in {{addr.city}}{{/items}}"));
    CHECK(one_error(SIG, "{{#items}}{{addr.zip}}{{/items}}",
                    "{{addr.zip}}: addr has no field zip (fields: city)"));
}

TEST(section_names_resolve_outward_to_the_parameters)
{
    CHECK(accepted(SIG, "{{#items}}{{topic}} {{user.name}}{{/items}}"));
    CHECK(accepted(SIG, "{{#items}}{{#tags}}{{name}} {{count}}{{/tags}}{{/items}}"));
    CHECK(one_error(SIG, "{{#items}}{{unknown}}{{/items}}",
                    "{{unknown}}: no field or parameter unknown (fields of items: name, "
                    "price, tags, addr; parameters: items, tags, user, flag, note, topic, "
                    "count, data, extra, maybe, matrix, rows, anys, user-name, opt)"));
}

TEST(inner_section_names_resolve_against_the_element_first)
{
    /* tags is both a field of the element and a parameter: the field wins,
     * and so does its type (a list of scalars). */
    CHECK(accepted("(items [{tags [{label :string}]}], tags [:string]) -> :any",
                   "{{#items}}{{#tags}}{{label}}{{/tags}}{{/items}}"));
    CHECK(accepted(SIG, "{{#items}}{{#addr}}{{city}} {{name}}{{/addr}}{{/items}}"));
}

TEST(a_dotted_name_does_not_fall_back_after_its_first_segment)
{
    /* name is found in the element; .first is then checked there only. */
    CHECK(one_error(SIG, "{{#items}}{{name.first}}{{/items}}",
                    "{{name.first}}: name is string and has no fields"));
}

TEST(section_over_a_path)
{
    CHECK(accepted(SIG, "{{#user.orders}}#{{id}} {{/user.orders}}"));
    NAMES(SIG, "{{#user.orders}}{{id}}{{/user.orders}}", "user.orders", "id");
}

TEST(section_over_a_map_enters_it)
{
    CHECK(accepted(SIG, "{{#user}}{{name}} <{{email}}>{{/user}}"));
    CHECK(accepted(SIG, "{{#data}}{{anything}} {{deep.er}}{{/data}}"));
    CHECK(accepted(SIG, "{{#extra}}{{whatever}}{{/extra}}"));
    CHECK(accepted(SIG, "{{#rows}}{{col}}{{/rows}}"));
    CHECK(accepted(SIG, "{{#maybe}}{{x}}{{/maybe}}"));
    CHECK(one_error(SIG, "{{#maybe}}{{y}}{{/maybe}}",
                    "{{y}}: no field or parameter y (fields of maybe: x; parameters: "
                    "items, tags, user, flag, note, topic, count, data, extra, maybe, "
                    "matrix, rows, anys, user-name, opt)"));
}

TEST(section_over_a_bool_or_an_optional_is_allowed)
{
    CHECK(accepted(SIG, "{{#flag}}on{{/flag}}{{^flag}}off{{/flag}}"));
    CHECK(accepted(SIG, "{{#note}}Note: {{note}}{{/note}}"));
    CHECK(accepted(SIG, "{{#opt}}{{note}}{{/opt}}"));
}

TEST(section_over_a_plain_scalar_is_an_error)
{
    CHECK(one_error(SIG, "{{#count}}many {{.}}{{/count}}",
                    "{{#count}}: count is int; a section needs a list, a map, a bool "
                    "or an optional value"));
    CHECK(one_error(SIG, "{{^topic}}none{{/topic}}",
                    "{{^topic}}: topic is string; a section needs a list, a map, a bool "
                    "or an optional value"));
}

TEST(section_over_an_unknown_name_is_one_error)
{
    /* Nothing inside is checked against an element nobody knows. */
    CHECK(one_error(SIG, "{{#nope}}{{zzz}} {{.}}{{/nope}}",
                    "{{#nope}}: no parameter nope (parameters: items, tags, user, flag, "
                    "note, topic, count, data, extra, maybe, matrix, rows, anys, "
                    "user-name, opt)"));
}

TEST(inverted_section_does_not_enter_the_element)
{
    CHECK(accepted(SIG, "{{^items}}No items.{{/items}}"));
    CHECK(one_error("(items [{name :string}]) -> :any", "{{^items}}{{name}}{{/items}}",
                    "{{name}}: no parameter name (parameters: items)"));
    CHECK(accepted(SIG, "{{#tags}}{{^flag}}{{.}}{{/flag}}{{/tags}}"));
}

TEST(dot_is_the_element_of_a_list_of_scalars)
{
    CHECK(accepted(SIG, "Tags: {{#tags}}{{.}}, {{/tags}}"));
    CHECK(accepted(SIG, "{{#anys}}{{.}}{{/anys}} {{#extra}}{{.}}{{/extra}}"));
    CHECK(accepted(SIG, "{{#items}}{{#tags}}{{.}}{{/tags}}{{/items}}"));
    /* A bool section enters nothing: {{.}} is still the tag. */
    CHECK(accepted(SIG, "{{#tags}}{{#flag}}{{.}}{{/flag}}{{/tags}}"));
}

TEST(dot_anywhere_else_is_an_error)
{
    const char *outside = "{{.}}: not inside a section over a list; {{.}} is the element "
                          "of a list of scalars, as in {{#list}}{{.}}{{/list}}";
    CHECK(one_error(SIG, "Tags: {{.}}", outside));
    CHECK(one_error(SIG, "{{#flag}}{{.}}{{/flag}}", outside));
    CHECK(one_error(SIG, "{{^tags}}{{.}}{{/tags}}", outside));
    CHECK(one_error(SIG, "{{#items}}{{.}}{{/items}}",
                    "{{.}}: the elements of items are maps; write one of the fields, "
                    "e.g. {{name}}"));
    CHECK(one_error(SIG, "{{#rows}}{{.}}{{/rows}}",
                    "{{.}}: the elements of rows are maps; write {{key}} for one of the keys"));
    CHECK(one_error(SIG, "{{#user}}{{.}}{{/user}}",
                    "{{.}}: user is a map; write one of the fields, e.g. {{name}}"));
    CHECK(one_error(SIG, "{{#data}}{{.}}{{/data}}",
                    "{{.}}: data is a map; write {{key}} for one of the keys"));
    CHECK(one_error(SIG, "{{#matrix}}{{.}}{{/matrix}}",
                    "{{.}}: the elements of matrix are lists, not scalars"));
    CHECK(one_error(SIG, "{{#note}}{{.}}{{/note}}", "{{.}}: note is not a list; write {{note}}"));
}

TEST(comments_are_ignored)
{
    CHECK(accepted(SIG, "{{! note }}{{topic}}"));
    CHECK(accepted(SIG, "{{! line one\nline two {{unknown}}{{topic}}"));
    CHECK(accepted(SIG, "{{!}}{{ ! spaced }}"));
    NAMES(SIG, "{{! {{count}} }}{{topic}}", "topic");
}

TEST(section_not_closed_is_an_error)
{
    CHECK(one_error(SIG, "{{#items}}{{name}}", "{{#items}}: section is not closed; write {{/items}}"));
    CHECK(one_error(SIG, "{{^flag}}x", "{{^flag}}: section is not closed; write {{/flag}}"));
}

TEST(section_closed_by_another_name_is_an_error)
{
    tsig_placeholders res;
    check_with(SIG, "{{#items}}{{name}}{{/other}}", &res);
    CHECK_INT(res.error_count, 2);
    if (res.error_count == 2) {
        CHECK_STR(res.errors[0].message, "{{#items}}: section is not closed; write {{/items}}");
        CHECK_STR(res.errors[1].message, "{{/other}}: closes a section that is not open; "
                                         "the open section is {{#items}}");
        CHECK_STR(res.errors[1].placeholder, "/other");
    }
    tsig_placeholders_free(&res);
    /* Closing an outer section leaves the inner one unclosed. */
    CHECK(one_error(SIG, "{{#items}}{{#addr}}{{/items}}",
                    "{{#addr}}: section is not closed; write {{/addr}} before {{/items}}"));
}

TEST(close_without_an_open_section_is_an_error)
{
    CHECK(one_error(SIG, "text {{/items}}",
                    "{{/items}}: closes a section that is not open; open it first with "
                    "{{#items}}"));
}

TEST(close_tags_compare_after_hyphen_to_underscore)
{
    CHECK(accepted("(go-on :bool) -> :any", "{{#go-on}}x{{/go_on}}"));
    CHECK(accepted(SIG, "{{# items }}{{ name }}{{/ items }}"));
}

TEST(unsupported_tags_are_errors)
{
    CHECK(one_error(SIG, "{{&topic}}",
                    "{{&topic}}: \"&\" (unescaped output) is not supported; write "
                    "{{topic}} (values are never HTML-escaped)"));
    CHECK(one_error(SIG, "{{{topic}}}",
                    "{{{topic}}}: triple braces (unescaped output) are not supported; "
                    "write {{topic}} (values are never HTML-escaped)"));
    CHECK(one_error(SIG, "{{>partial}}", "{{>partial}}: partials are not supported"));
    CHECK(one_error(SIG, "{{=<% %>=}}", "{{=<% %>=}}: changing the delimiters is not supported"));
    tsig_placeholders res;
    check_with(SIG, "{{{x}}} {{&y}} {{>z}}", &res);
    CHECK_INT(res.error_count, 3);
    CHECK_INT(res.name_count, 0);
    if (res.error_count == 3) {
        CHECK_STR(res.errors[0].placeholder, "{x}");
        CHECK_STR(res.errors[1].placeholder, "&y");
        CHECK_STR(res.errors[2].placeholder, ">z");
    }
    tsig_placeholders_free(&res);
}

/* ---- the result ------------------------------------------------------ */

TEST(each_placeholder_is_reported_once)
{
    tsig_placeholders res;
    check_with("(y :int) -> :any", "{{x}} {{y}} {{ x }} {{z}} {{x}}", &res);
    CHECK_INT(res.error_count, 2);
    if (res.error_count == 2) {
        CHECK_STR(res.errors[0].placeholder, "x");
        CHECK_STR(res.errors[1].placeholder, "z");
    }
    tsig_placeholders_free(&res);
}

TEST(a_name_is_checked_in_each_place_it_is_used)
{
    CHECK(one_error(SIG, "{{#items}}{{name}}{{/items}} {{name}}",
                    "{{name}}: no parameter name (parameters: items, tags, user, flag, "
                    "note, topic, count, data, extra, maybe, matrix, rows, anys, "
                    "user-name, opt)"));
}

TEST(errors_come_in_template_order_with_offsets)
{
    tsig_placeholders res;
    check_with(SIG, "ab{{#items}}{{nope}} {{.}}\n{{count.x}}", &res);
    CHECK_INT(res.error_count, 4);
    if (res.error_count == 4) {
        CHECK_STR(res.errors[0].placeholder, "#items");
        CHECK_INT(res.errors[0].offset, 2);
        CHECK_STR(res.errors[1].placeholder, "nope");
        CHECK_INT(res.errors[1].offset, 12);
        CHECK_STR(res.errors[2].placeholder, ".");
        CHECK_INT(res.errors[2].offset, 21);
        CHECK_STR(res.errors[3].placeholder, "count.x");
        CHECK_INT(res.errors[3].offset, 27);
    }
    tsig_placeholders_free(&res);
}

TEST(names_are_listed_once_in_first_occurrence_order)
{
    NAMES(SIG, "{{topic}} {{#items}}{{name}}{{price}}{{/items}}{{#items}}{{price}}"
               "{{/items}}{{topic}} {{count}}",
          "topic", "items", "name", "price", "count");
    /* Well-formed names with errors are listed; malformed ones are not. */
    NAMES(SIG, "{{nope}} {{1x}} {{}} {{a b}} {{.}} {{&topic}} {{#flag}}{{/flag}}", "nope", "flag");
}

TEST(an_empty_template_has_nothing)
{
    tsig_error err;
    tsig_signature *sig = tsig_parse(":int", 4, &err);
    tsig_placeholders res;
    CHECK_INT(tsig_check_placeholders(NULL, 0, sig, &res), TSIG_OK);
    CHECK(res.ok);
    CHECK_INT(res.name_count, 0);
    CHECK_INT(res.error_count, 0);
    tsig_placeholders_free(&res);
    tsig_signature_free(sig);
}

TEST(template_is_read_by_length)
{
    tsig_error err;
    tsig_signature *sig = tsig_parse("(a :int) -> :any", 16, &err);
    tsig_placeholders res;
    /* "{{a}}{{b" cut to "{{a}}": b is never read. */
    CHECK_INT(tsig_check_placeholders("{{a}}{{b}}", 5, sig, &res), TSIG_OK);
    CHECK(res.ok);
    tsig_placeholders_free(&res);
    /* A NUL byte in text is text; inside a tag it is a bad character. */
    CHECK_INT(tsig_check_placeholders("x\0{{a}}{{a\0}}", 14, sig, &res), TSIG_OK);
    CHECK_INT(res.error_count, 1);
    if (res.error_count == 1) {
        CHECK_STR(res.errors[0].message, "{{a\\u0000}}: names hold only letters, digits, "
                                         "\"_\", \"-\" and dots between segments, found a NUL byte");
        CHECK_STR(res.errors[0].placeholder, "a\\u0000");
    }
    tsig_placeholders_free(&res);
    tsig_signature_free(sig);
}

TEST(bad_bytes_are_echoed_as_valid_utf8)
{
    tsig_placeholders res;
    check_with(SIG, "{{a\xFF\n}} {{\xC3}}", &res);
    CHECK_INT(res.error_count, 2);
    if (res.error_count == 2) {
        CHECK_STR(res.errors[0].message, "{{a\xEF\xBF\xBD}}: names hold only letters, "
                                         "digits, \"_\", \"-\" and dots between segments, "
                                         "found invalid UTF-8 byte 0xFF");
        CHECK_STR(res.errors[1].placeholder, "\xEF\xBF\xBD");
    }
    tsig_placeholders_free(&res);
}

TEST(template_text_in_messages_escapes_controls_as_json_does)
{
    /* quotes and backslashes as written; controls as JSON escapes them
     * ("\b", not "\u0008"), DEL too; each ill-formed sequence is one
     * U+FFFD */
    tsig_placeholders res;
    check_with(SIG, "{{a\bb}} {{\"a\\\x7f}} {{a\xE2\x80}}", &res);
    CHECK_INT(res.error_count, 3);
    if (res.error_count == 3) {
        CHECK_STR(res.errors[0].placeholder, "a\\bb");
        CHECK_STR(res.errors[1].placeholder, "\"a\\\\u007f");
        CHECK_STR(res.errors[2].placeholder, "a\xEF\xBF\xBD");
        CHECK_STR(res.errors[2].message, "{{a\xEF\xBF\xBD}}: names hold only letters, "
                                         "digits, \"_\", \"-\" and dots between segments, "
                                         "found invalid UTF-8 byte 0xE2");
    }
    tsig_placeholders_free(&res);
}

TEST(long_placeholders_are_cut_in_messages)
{
    char tpl[512] = "{{";
    for (int i = 0; i < 200; i++) strcat(tpl, "x");
    strcat(tpl, "}}");
    tsig_placeholders res;
    check_with("(a :int) -> :any", tpl, &res);
    CHECK_INT(res.error_count, 1);
    CHECK_INT(res.name_count, 1);
    if (res.error_count == 1) {
        char want[512] = "";
        for (int i = 0; i < 120; i++) strcat(want, "x");
        strcat(want, "\xE2\x80\xA6");
        CHECK_STR(res.errors[0].placeholder, want);
        CHECK(strncmp(res.errors[0].message, "{{", 2) == 0);
        CHECK(strlen(res.errors[0].message) < 400);
    }
    if (res.name_count == 1) CHECK_INT(strlen(res.names[0]), 200);
    tsig_placeholders_free(&res);
}

TEST(sections_nest_up_to_the_limit)
{
    char *tpl = malloc(20 * (TSIG_TEMPLATE_MAX_DEPTH + 1) + 1);
    CHECK(tpl != NULL);
    if (!tpl) return;
    tpl[0] = '\0';
    for (int i = 0; i < TSIG_TEMPLATE_MAX_DEPTH; i++) strcat(tpl, "{{#flag}}");
    for (int i = 0; i < TSIG_TEMPLATE_MAX_DEPTH; i++) strcat(tpl, "{{/flag}}");
    CHECK(accepted(SIG, tpl));
    tpl[0] = '\0';
    for (int i = 0; i <= TSIG_TEMPLATE_MAX_DEPTH; i++) strcat(tpl, "{{#flag}}");
    char want[64];
    snprintf(want, sizeof want, "{{#flag}}: sections nested deeper than %d",
             TSIG_TEMPLATE_MAX_DEPTH);
    CHECK(one_error(SIG, tpl, want));
    free(tpl);
}

TEST(too_many_errors_are_counted_not_listed)
{
    size_t n = 250;
    char *tpl = malloc(n * 12 + 32);
    CHECK(tpl != NULL);
    if (!tpl) return;
    tpl[0] = '\0';
    for (size_t i = 0; i < n; i++) sprintf(tpl + strlen(tpl), "{{u%zu}}", i);
    strcat(tpl, "{{#items}}");
    tsig_placeholders res;
    check_with("(a :int, items [:int]) -> :any", tpl, &res);
    CHECK(!res.ok);
    CHECK_INT(res.error_count, TSIG_DEFAULT_MAX_ERRORS + 1);
    CHECK_INT(res.name_count, n + 1);
    if (res.error_count == TSIG_DEFAULT_MAX_ERRORS + 1) {
        CHECK_STR(res.errors[0].placeholder, "u0");
        CHECK_STR(res.errors[TSIG_DEFAULT_MAX_ERRORS - 1].placeholder, "u99");
        /* 150 more unknown names and the unclosed section. */
        CHECK_STR(res.errors[TSIG_DEFAULT_MAX_ERRORS].message,
                  "too many errors: 151 more not shown");
        CHECK_STR(res.errors[TSIG_DEFAULT_MAX_ERRORS].placeholder, "");
    }
    tsig_placeholders_free(&res);
    /* An unclosed section found at the end still takes its place in order. */
    size_t len = strlen(tpl) - 10; /* moves "{{#items}}" to the front */
    tpl[len] = '\0';
    memmove(tpl + 10, tpl, len + 1);
    memcpy(tpl, "{{#items}}", 10);
    check_with("(a :int, items [:int]) -> :any", tpl, &res);
    CHECK_INT(res.error_count, TSIG_DEFAULT_MAX_ERRORS + 1);
    if (res.error_count == TSIG_DEFAULT_MAX_ERRORS + 1) {
        CHECK_STR(res.errors[0].placeholder, "#items");
        CHECK_STR(res.errors[1].placeholder, "u0");
        CHECK_STR(res.errors[TSIG_DEFAULT_MAX_ERRORS].message,
                  "too many errors: 151 more not shown");
    }
    tsig_placeholders_free(&res);
    free(tpl);
}

TEST(large_templates_are_checked_in_linear_time)
{
    size_t n = 4u << 20;
    char *tpl = malloc(n);
    CHECK(tpl != NULL);
    if (!tpl) return;
    /* Many tags, unclosed triples, and stray braces. */
    for (size_t i = 0; i < n; i++) tpl[i] = "{{{x}} {{topic}} {{! c }} { } "[i % 30];
    tsig_error err;
    tsig_signature *sig = tsig_parse(SIG, strlen(SIG), &err);
    tsig_placeholders res;
    CHECK_INT(tsig_check_placeholders(tpl, n, sig, &res), TSIG_OK);
    CHECK(!res.ok);
    CHECK_INT(res.name_count, 1);
    tsig_placeholders_free(&res);
    /* One "{{" and then nothing but "{": one unclosed error. */
    memset(tpl, '{', n);
    CHECK_INT(tsig_check_placeholders(tpl, n, sig, &res), TSIG_OK);
    CHECK_INT(res.error_count, 1);
    tsig_placeholders_free(&res);
    tsig_signature_free(sig);
    free(tpl);
}

TEST(bad_arguments_are_refused)
{
    tsig_error err;
    tsig_signature *sig = tsig_parse(":int", 4, &err);
    tsig_placeholders res;
    CHECK_INT(tsig_check_placeholders("x", 1, NULL, &res), TSIG_ERR_ARGUMENT);
    CHECK(!res.ok && res.error_count == 0 && res.name_count == 0);
    tsig_placeholders_free(&res);
    CHECK_INT(tsig_check_placeholders(NULL, 3, sig, &res), TSIG_ERR_ARGUMENT);
    tsig_placeholders_free(&res);
    CHECK_INT(tsig_check_placeholders("x", 1, sig, NULL), TSIG_ERR_ARGUMENT);
    CHECK_INT(tsig_check_placeholders("x", TSIG_MAX_INPUT + 1, sig, &res), TSIG_ERR_TOO_LARGE);
    tsig_placeholders_free(&res);
    tsig_placeholders_free(NULL);
    tsig_signature_free(sig);
}

/* ---- rendering ------------------------------------------------------- */

/* Renders tpl with args against sig_text; the text (tsig_free) or NULL,
 * with *code set. */
static char *render_with(const char *sig_text, const char *tpl, const char *args,
                         tsig_code *code, tsig_error *err, size_t *len)
{
    tsig_error sig_err;
    tsig_signature *sig = tsig_parse(sig_text, strlen(sig_text), &sig_err);
    if (!sig) {
        tsig_test_fail(__FILE__, __LINE__, "sig %s: %s", sig_text, sig_err.message);
        *code = TSIG_ERR_SYNTAX;
        return NULL;
    }
    char *out = (char *)1;
    *code = tsig_render_template(tpl, strlen(tpl), sig, args, strlen(args), &out, len, err);
    if (*code != TSIG_OK && out != NULL) tsig_test_fail(__FILE__, __LINE__, "out not NULL");
    tsig_signature_free(sig);
    return out;
}

/* 1 iff rendering gives exactly want. */
static int renders(const char *sig_text, const char *tpl, const char *args,
                   const char *want)
{
    tsig_code code;
    tsig_error err;
    size_t len = 0;
    char *got = render_with(sig_text, tpl, args, &code, &err, &len);
    int ok = code == TSIG_OK && got && strcmp(got, want) == 0 && len == strlen(want);
    if (!ok) {
        printf("    %s\n    want: [%s]\n    got:  [%s] %s %s\n", tpl, want,
               got ? got : "NULL", tsig_code_name(code), code ? err.message : "");
    }
    tsig_free(got);
    return ok;
}

/* 1 iff rendering fails with code and a message holding part. */
static int render_fails(const char *sig_text, const char *tpl, const char *args,
                        tsig_code want, const char *part)
{
    tsig_code code;
    tsig_error err;
    size_t len = 0;
    char *got = render_with(sig_text, tpl, args, &code, &err, &len);
    int ok = code == want && !got && strstr(err.message, part) != NULL;
    if (!ok) {
        printf("    %s: want %s \"%s\", got %s \"%s\"\n", tpl, tsig_code_name(want),
               part, tsig_code_name(code), code ? err.message : (got ? got : ""));
    }
    tsig_free(got);
    return ok;
}

static const char *const RSIG =
    "(topic :string, count :int, price :float, flag :bool, note :string?,"
    " user {name :string, email :string?, tags [:string]}, items [{name :string,"
    " qty :int?}], tags [:string], data :map, extra :any, rows [:map],"
    " user-id :int) -> :any";

TEST(render_strings_are_written_as_they_are)
{
    CHECK(renders(RSIG, "About {{topic}}.", "{\"topic\":\"<b>&amp; \\\"q\\\"</b>\"}",
                  "About <b>&amp; \"q\"</b>."));
    CHECK(renders(RSIG, "{{topic}}", "{\"topic\":\"a\\nb\\u00e9\\ud83d\\ude00\\t\"}",
                  "a\nb\xC3\xA9\xF0\x9F\x98\x80\t"));
    /* A lone surrogate cannot be UTF-8: it is written as U+FFFD. */
    CHECK(renders(RSIG, "{{topic}}", "{\"topic\":\"x\\ud800y\\udc00\"}",
                  "x\xEF\xBF\xBDy\xEF\xBF\xBD"));
}

TEST(render_numbers_are_written_as_in_the_json_text)
{
    CHECK(renders(RSIG, "{{count}} {{price}}", "{\"count\":12345678901234567890123,\"price\":1.50}",
                  "12345678901234567890123 1.50"));
    CHECK(renders(RSIG, "{{price}} {{count}}", "{\"price\":2E+3,\"count\":-0}", "2E+3 -0"));
}

TEST(render_bools_null_and_absent)
{
    CHECK(renders(RSIG, "[{{flag}}] [{{note}}] [{{topic}}]", "{\"flag\":false,\"note\":null}",
                  "[false] [] []"));
    CHECK(renders(RSIG, "{{flag}}", "{\"flag\":true}", "true"));
}

TEST(render_dotted_names_walk_into_maps)
{
    CHECK(renders(RSIG, "{{user.name}} <{{user.email}}>",
                  "{\"user\":{\"name\":\"Ann\",\"email\":\"a@x\"}}", "Ann <a@x>"));
    CHECK(renders(RSIG, "[{{user.name}}][{{data.a.b}}][{{extra.x}}]",
                  "{\"user\":null,\"data\":{\"a\":{\"b\":7}},\"extra\":\"s\"}", "[][7][]"));
}

TEST(render_keys_compare_after_hyphen_to_underscore)
{
    CHECK(renders(RSIG, "{{user-id}} {{user_id}}", "{\"user_id\":7}", "7 7"));
    CHECK(renders(RSIG, "{{user_id}}", "{\"user-id\":8}", "8"));
    CHECK(renders(RSIG, "{{data.first-name}}", "{\"data\":{\"first_name\":\"F\"}}", "F"));
    CHECK(renders(RSIG, "{{topic}}", "{\"to\\u0070ic\":\"escaped key\"}", "escaped key"));
}

TEST(render_maps_and_lists_as_compact_json)
{
    CHECK(renders(RSIG, "{{user}}", "{\"user\": {\"name\" : \"A\", \"tags\" : [ 1.0 , \"x\" ] } }",
                  "{\"name\":\"A\",\"tags\":[1.0,\"x\"]}"));
    CHECK(renders(RSIG, "{{tags}}|{{data}}", "{\"tags\":[],\"data\":{}}", "[]|{}"));
    CHECK(renders(RSIG, "{{data}}", "{\"data\":{\"s\":\"q\\\"\\u00e9\"}}",
                  "{\"s\":\"q\\\"\\u00e9\"}"));
}

TEST(render_keys_of_large_maps_are_found_as_in_small_ones)
{
    /* Past a few keys a map is indexed on its first lookup: the same key
     * wins (the exact spelling, then the first alike, escapes decoded). */
    char args[1024], *p = args;
    p += sprintf(p, "{\"data\":{");
    for (int i = 0; i < 30; i++) p += sprintf(p, "\"k%d\":%d,", i, i);
    sprintf(p, "\"a-b\":1,\"a_b\":2,\"c-d\":3,\"c_d-\":4,\"\\u0065\":5,\"f-g\":6,\"f-g_\":7}}");
    CHECK(renders(RSIG, "{{data.k0}} {{data.k29}} {{data.a_b}} {{data.a-b}} {{data.c_d}}"
                        " {{data.e}} {{data.f_g}} [{{data.k30}}]",
                  args, "0 29 2 1 3 5 6 []"));
}

TEST(render_firewalled_keys_are_left_out_of_json)
{
    CHECK(renders(RSIG, "{{data}}",
                  "{\"data\":{\"_a\":1,\"b\":{\"-c\":2,\"d\":[{\"_e\":3},{\"f\":4,\"_g\":5}]},"
                  "\"\\u005fh\":6,\"a_b\":7}}",
                  "{\"b\":{\"d\":[{},{\"f\":4}]},\"a_b\":7}"));
    CHECK(renders(RSIG, "{{extra}}", "{\"extra\":[{\"_x\":1},{\"y\":2,\"_z\":3}]}",
                  "[{},{\"y\":2}]"));
    CHECK(render_fails(RSIG, "{{#rows}}{{.}}{{/rows}}", "{\"rows\":[]}", TSIG_ERR_TEMPLATE,
                       "the elements of rows are maps"));
}

TEST(render_section_over_a_list_repeats_per_element)
{
    CHECK(renders(RSIG, "{{#items}}{{name}} x{{qty}}; {{/items}}",
                  "{\"items\":[{\"name\":\"a\",\"qty\":2},{\"name\":\"b\"}]}", "a x2; b x; "));
    CHECK(renders(RSIG, "{{#tags}}<{{.}}>{{/tags}}", "{\"tags\":[\"x\",\"y\",\"z\"]}", "<x><y><z>"));
    CHECK(renders(RSIG, "[{{#tags}}{{.}}{{/tags}}]", "{\"tags\":[]}", "[]"));
    CHECK(renders(RSIG, "[{{#tags}}{{.}}{{/tags}}]", "{}", "[]"));
}

TEST(render_names_in_a_section_go_outward_to_the_arguments)
{
    CHECK(renders(RSIG, "{{#items}}{{name}}/{{topic}} {{/items}}",
                  "{\"topic\":\"T\",\"items\":[{\"name\":\"a\"},{\"name\":\"b\",\"topic\":\"no\"}]}",
                  "a/T b/T "));
    /* A declared field of the element owns its name, absent or not. */
    CHECK(renders("(items [{name :string?}], name :string) -> :any",
                  "{{#items}}[{{name}}]{{/items}}",
                  "{\"name\":\"outer\",\"items\":[{\"name\":\"in\"},{}]}", "[in][]"));
    /* In a section over :map or :any, a key the value lacks goes outward. */
    CHECK(renders(RSIG, "{{#rows}}[{{col}}|{{topic}}]{{/rows}}",
                  "{\"topic\":\"T\",\"rows\":[{\"col\":1},{\"topic\":\"own\"}]}", "[1|T][|own]"));
}

TEST(render_section_over_a_map_enters_it_once)
{
    CHECK(renders(RSIG, "{{#user}}{{name}} ({{#tags}}{{.}} {{/tags}}){{/user}}",
                  "{\"user\":{\"name\":\"A\",\"tags\":[\"p\",\"q\"]}}", "A (p q )"));
    CHECK(renders(RSIG, "{{#data}}{{k}}{{/data}}", "{\"data\":{\"k\":\"v\"}}", "v"));
    CHECK(renders(RSIG, "[{{#data}}x{{/data}}]", "{\"data\":{}}", "[x]"));
}

TEST(render_section_over_a_bool_or_optional)
{
    const char *tpl = "{{#flag}}on{{/flag}}{{^flag}}off{{/flag}}";
    CHECK(renders(RSIG, tpl, "{\"flag\":true}", "on"));
    CHECK(renders(RSIG, tpl, "{\"flag\":false}", "off"));
    CHECK(renders(RSIG, tpl, "{}", "off"));
    const char *note = "{{#note}}Note: {{note}}{{/note}}{{^note}}no note{{/note}}";
    CHECK(renders(RSIG, note, "{\"note\":\"n\"}", "Note: n"));
    CHECK(renders(RSIG, note, "{\"note\":null}", "no note"));
    CHECK(renders(RSIG, note, "{}", "no note"));
    /* Only absent, null, false and [] are falsy: "" and 0 are values. */
    CHECK(renders(RSIG, note, "{\"note\":\"\"}", "Note: "));
    CHECK(renders("(n :int?) -> :any", "{{#n}}n={{n}}{{/n}}", "{\"n\":0}", "n=0"));
}

TEST(render_inverted_section_on_empty_lists)
{
    const char *tpl = "{{^items}}No items.{{/items}}{{#items}}{{name}}{{/items}}";
    CHECK(renders(RSIG, tpl, "{\"items\":[]}", "No items."));
    CHECK(renders(RSIG, tpl, "{\"items\":[{\"name\":\"a\"}]}", "a"));
}

TEST(render_dot_is_the_innermost_entered_value)
{
    CHECK(renders(RSIG, "{{#extra}}({{.}}){{/extra}}", "{\"extra\":[1,\"s\",{\"a\":1,\"_b\":2}]}",
                  "(1)(s)({\"a\":1})"));
    CHECK(renders(RSIG, "{{#extra}}{{.}}{{/extra}}", "{\"extra\":\"scalar\"}", "scalar"));
    /* A bool section enters nothing: {{.}} is still the tag. */
    CHECK(renders(RSIG, "{{#tags}}{{#flag}}{{.}}{{/flag}}{{/tags}}",
                  "{\"tags\":[\"a\",\"b\"],\"flag\":true}", "ab"));
    CHECK(renders(RSIG, "{{#user}}{{#tags}}{{.}},{{/tags}}{{/user}}",
                  "{\"user\":{\"tags\":[\"u1\",\"u2\"]},\"tags\":[\"no\"]}", "u1,u2,"));
}

TEST(render_comments_write_nothing)
{
    CHECK(renders(RSIG, "a{{! note }}b{{!}}", "{\"topic\":\"T\"}", "ab"));
    /* A comment ends at the first "}}". */
    CHECK(renders(RSIG, "a{{! {{topic}} }}b", "{\"topic\":\"T\"}", "a }}b"));
}

TEST(render_standalone_tags_take_their_line)
{
    const char *args = "{\"items\":[{\"name\":\"a\"},{\"name\":\"b\"}]}";
    CHECK(renders(RSIG, "Items:\n{{#items}}\n- {{name}}\n{{/items}}\nDone.\n", args,
                  "Items:\n- a\n- b\nDone.\n"));
    CHECK(renders(RSIG, "Items:\r\n  {{#items}}  \r\n- {{name}}\r\n\t{{/items}}\r\nDone.", args,
                  "Items:\r\n- a\r\n- b\r\nDone."));
    CHECK(renders(RSIG, "{{! comment }}\nText\n{{^items}}\nnone\n{{/items}}", args, "Text\n"));
    /* At the end, without a line end. */
    CHECK(renders(RSIG, "A\n{{#items}}{{name}}{{/items}}\n  {{! end }}", args, "A\nab\n"));
    /* Not alone on the line: nothing is removed. */
    CHECK(renders(RSIG, "- {{#items}}\n{{name}}{{/items}} -\n", args, "- \na\nb -\n"));
    CHECK(renders(RSIG, "{{#items}}{{/items}}\n", args, "\n"));
    /* Variables never stand alone. */
    CHECK(renders(RSIG, "{{topic}}\nx", "{}", "\nx"));
}

TEST(render_of_a_template_that_does_not_check_fails)
{
    tsig_code code;
    tsig_error err;
    size_t len;
    char *out = render_with(RSIG, "Hi\n  {{nope}} {{.}}", "{}", &code, &err, &len);
    CHECK(out == NULL);
    CHECK_INT(code, TSIG_ERR_TEMPLATE);
    CHECK(strncmp(err.message, "{{nope}}: no parameter nope (parameters: topic,", 46) == 0);
    CHECK_INT(err.offset, 5);
    CHECK_INT(err.line, 2);
    CHECK_INT(err.column, 3);
    CHECK_STR(err.hint, "1 more placeholder error: tsig_check_placeholders lists them");
    CHECK(render_fails(RSIG, "{{&topic}}", "{}", TSIG_ERR_TEMPLATE, "{{&topic}}"));
}

TEST(render_arguments_must_be_a_json_object)
{
    CHECK(render_fails(RSIG, "x", "[1]", TSIG_ERR_ARGUMENT, "arguments must be a map, got list"));
    CHECK(render_fails(RSIG, "x", " 1.5", TSIG_ERR_ARGUMENT, "got float"));
    CHECK(render_fails(RSIG, "x", "\"s\"", TSIG_ERR_ARGUMENT, "got string"));
    CHECK(render_fails(RSIG, "x", "{\"a\":", TSIG_ERR_JSON, "expected"));
    CHECK(render_fails(RSIG, "x", "", TSIG_ERR_JSON, "expected"));
    CHECK(render_fails(RSIG, "x", "{\"a\":1,}", TSIG_ERR_JSON, "expected"));
    CHECK(render_fails(RSIG, "x", "{\"a\":[1 2]}", TSIG_ERR_JSON, "expected"));
    CHECK(render_fails(RSIG, "x", "{} x", TSIG_ERR_JSON, "expected"));
    CHECK(renders(RSIG, "{{topic}}", "\xEF\xBB\xBF {\"topic\":\"bom\"} ", "bom"));
    CHECK(render_fails(RSIG, "x", "{\"data\":{\"a\":1,\"b\":{},\"\\u0061\":2}}", TSIG_ERR_JSON,
                       "JSON error at 1:23: duplicate key \"a\""));
    CHECK(renders(RSIG, "{{data.a-b}} {{data.a_b}} {{data.a_c}}",
                  "{\"data\":{\"a_b\":1,\"a-b\":2,\"a-c\":3,\"b\":{\"a\":1},\"c\":[{\"a\":1}]}}",
                  "2 1 3"));
    tsig_code code;
    tsig_error err;
    size_t len;
    char *out = render_with(RSIG, "x", "{\n  \"a\": tru }", &code, &err, &len);
    CHECK_INT(code, TSIG_ERR_JSON);
    CHECK_INT(err.line, 2);
    CHECK_INT(err.column, 11);
    tsig_free(out);
}

TEST(render_deep_arguments_without_deep_recursion)
{
    size_t depth = TSIG_MAX_DEPTH_LIMIT;
    char *args = malloc(2 * depth + 32);
    CHECK(args != NULL);
    if (!args) return;
    strcpy(args, "{\"data\":");
    size_t n = strlen(args);
    for (size_t i = 0; i < depth - 1; i++) args[n++] = '[';
    for (size_t i = 0; i < depth - 1; i++) args[n++] = ']';
    args[n++] = '}';
    args[n] = '\0';
    tsig_code code;
    tsig_error err;
    size_t len = 0;
    char *out = render_with(RSIG, "{{data}}", args, &code, &err, &len);
    CHECK_INT(code, TSIG_OK);
    CHECK_INT(len, 2 * (depth - 1));
    tsig_free(out);
    /* One level more is too deep. */
    memmove(args + 9, args + 8, n - 8 + 1);
    args[8] = '[';
    args[n + 1] = '\0';
    memmove(args + n, args + n - 1, 2);
    args[n - 1] = ']';
    out = render_with(RSIG, "{{data}}", args, &code, &err, &len);
    CHECK_INT(code, TSIG_ERR_TOO_DEEP);
    tsig_free(out);
    free(args);
}

TEST(render_stops_when_sections_multiply_past_the_limit)
{
    char tpl[512] = "";
    for (int i = 0; i < 8; i++) strcat(tpl, "{{#tags}}");
    for (int i = 0; i < 8; i++) strcat(tpl, "{{/tags}}");
    char args[256] = "{\"tags\":[";
    for (int i = 0; i < 20; i++) strcat(args, i ? ",\"t\"" : "\"t\"");
    strcat(args, "]}");
    /* 20^8 repetitions: far over TSIG_TEMPLATE_MAX_STEPS, and it stops. */
    CHECK(render_fails(RSIG, tpl, args, TSIG_ERR_TOO_LARGE, "too large"));
    /* Within the limit, it renders. */
    CHECK(renders(RSIG, "{{#tags}}{{#tags}}{{.}}{{/tags}}{{/tags}}",
                  "{\"tags\":[\"a\",\"b\"]}", "abab"));
}

TEST(render_reads_inputs_by_length)
{
    tsig_error err;
    tsig_signature *sig = tsig_parse(RSIG, strlen(RSIG), &err);
    char *out = NULL;
    size_t len = 0;
    CHECK_INT(tsig_render_template("{{topic}}{{nope}}", 9, sig, "{\"topic\":\"x\"}junk", 13,
                                   &out, &len, &err), TSIG_OK);
    CHECK_STR(out, "x");
    tsig_free(out);
    /* An escaped NUL is part of the value. */
    CHECK_INT(tsig_render_template("[{{topic}}]", 11, sig, "{\"topic\":\"a\\u0000b\"}", 20,
                                   &out, &len, &err), TSIG_OK);
    CHECK_INT(len, 5);
    CHECK(out && memcmp(out, "[a\0b]", 6) == 0);
    tsig_free(out);
    CHECK_INT(tsig_render_template(NULL, 0, sig, "{}", 2, &out, &len, &err), TSIG_OK);
    CHECK_STR(out, "");
    tsig_free(out);
    CHECK_INT(tsig_render_template("x", 1, NULL, "{}", 2, &out, &len, &err), TSIG_ERR_ARGUMENT);
    CHECK(out == NULL);
    CHECK_INT(tsig_render_template("x", 1, sig, NULL, 2, &out, &len, &err), TSIG_ERR_ARGUMENT);
    CHECK_INT(tsig_render_template("x", 1, sig, "{}", 2, NULL, &len, &err), TSIG_ERR_ARGUMENT);
    CHECK_INT(tsig_render_template("x", 1, sig, "{}", 2, &out, &len, NULL), TSIG_ERR_ARGUMENT);
    CHECK_INT(tsig_render_template("x", TSIG_MAX_INPUT + 1, sig, "{}", 2, &out, &len, &err),
              TSIG_ERR_TOO_LARGE);
    tsig_signature_free(sig);
}

/* ---- the v2 language (SPEC §11.5, §11.6) ----------------------------- */

static const char *const VSIG =
    "(target {email :string, name :string}|{phone :string}, mode :enum[a b],"
    " n :int[1..], items [{id :int}][1..], v :string|:int,"
    " opt {x :int}|:string?, shapes [{kind :enum[c], r :float}|{kind :enum[s], side :float}],"
    " headers {* :string}, m {* {b :int}}, r {id :int, * :string},"
    " rows [{* :int}], pick {a {b :int}}|{a :int}) -> :any";

TEST(a_path_through_a_union_is_valid_through_one_member)
{
    CHECK(accepted(VSIG, "{{target.email}} {{target.phone}} {{opt.x}}"));
    /* The member that goes on is tried after one that fails further in. */
    CHECK(accepted(VSIG, "{{pick.a.b}} {{pick.a}}"));
    CHECK(one_error(VSIG, "{{target.fax}}",
                    "{{target.fax}}: target has no field fax (fields: email, name, phone)"));
    CHECK(one_error(VSIG, "{{v.x}}", "{{v.x}}: v is string or int and has no fields"));
    /* The member that got furthest explains the failure. */
    CHECK(one_error(VSIG, "{{pick.a.c}}", "{{pick.a.c}}: pick.a has no field c (fields: b)"));
}

TEST(enums_and_refined_types_are_scalars)
{
    CHECK(accepted(VSIG, "{{mode}} {{n}}"));
    CHECK(one_error(VSIG, "{{mode.x}}", "{{mode.x}}: mode is one of a, b and has no fields"));
    CHECK(one_error(VSIG, "{{n.x}}", "{{n.x}}: n is int and has no fields"));
    CHECK(one_error(VSIG, "{{#mode}}x{{/mode}}",
                    "{{#mode}}: mode is one of a, b; a section needs a list, a map, a "
                    "bool or an optional value"));
    CHECK(accepted(VSIG, "{{#items}}{{id}}{{/items}}"));
}

TEST(a_section_over_a_union_resolves_through_its_members)
{
    CHECK(accepted(VSIG, "{{#shapes}}{{kind}} {{r}} {{side}}{{/shapes}}"));
    CHECK(accepted(VSIG, "{{#target}}{{phone}}{{email}}{{/target}}"));
    /* An optional union of a map and a scalar: a test, and a map scope. */
    CHECK(accepted(VSIG, "{{#opt}}{{x}}{{/opt}}{{^opt}}none{{/opt}}"));
    CHECK(one_error(VSIG, "{{#shapes}}{{size}}{{/shapes}}",
                    "{{size}}: no field or parameter size (fields of shapes: kind, r, "
                    "side; parameters: target, mode, n, items, v, opt, shapes, headers, "
                    "m, r, rows, pick)"));
    CHECK(one_error(VSIG, "{{#v}}x{{/v}}",
                    "{{#v}}: v is string or int; a section needs a list, a map, a bool "
                    "or an optional value"));
}

TEST(any_segment_is_valid_through_a_star_entry_and_resolves_to_its_type)
{
    CHECK(accepted(VSIG, "{{headers.authorization}} {{headers.x-api-key}} {{r.id}} {{r.x}}"));
    CHECK(accepted(VSIG, "{{m.a.b}} {{#rows}}{{anything}}{{/rows}} {{#m}}{{k.b}}{{/m}}"));
    CHECK(one_error(VSIG, "{{m.a.c}}", "{{m.a.c}}: m.a has no field c (fields: b)"));
    CHECK(one_error(VSIG, "{{headers.a.b}}",
                    "{{headers.a.b}}: headers.a is string and has no fields"));
}

TEST(a_malformed_section_name_is_reported_once)
{
    CHECK(one_error(SIG, "{{#1x}}a{{/1x}}", "{{#1x}}: names must start with a letter"));
    CHECK(one_error(SIG, "{{#x y}}{{topic}}{{/x y}}",
                    "{{#x y}}: names hold only letters, digits, \"_\", \"-\" and dots "
                    "between segments, found \" \""));
    /* A section left open inside it is still its own mistake. */
    tsig_placeholders res;
    check_with(SIG, "{{#1x}}{{#items}}{{/1x}}", &res);
    CHECK_INT(res.error_count, 2);
    if (res.error_count == 2) {
        CHECK_STR(res.errors[0].placeholder, "#1x");
        CHECK_STR(res.errors[1].message,
                  "{{#items}}: section is not closed; write {{/items}} before {{/1x}}");
    }
    tsig_placeholders_free(&res);
    /* A malformed closing tag that closes nothing is reported. */
    CHECK(one_error(SIG, "{{/1x}}", "{{/1x}}: names must start with a letter"));
}

TEST(render_through_unions_and_star_entries)
{
    CHECK(renders(VSIG, "{{#shapes}}{{kind}}:{{r}}{{side}};{{/shapes}}",
                  "{\"shapes\":[{\"kind\":\"c\",\"r\":1.5},{\"kind\":\"s\",\"side\":2}]}",
                  "c:1.5;s:2;"));
    CHECK(renders(VSIG, "{{headers.x-api-key}}/{{m.a.b}}",
                  "{\"headers\":{\"x-api-key\":\"k\"},\"m\":{\"a\":{\"b\":3}}}", "k/3"));
    /* A key the data lacks goes outward, as for :map. */
    CHECK(renders(VSIG, "{{#rows}}[{{n}}]{{/rows}}", "{\"n\":7,\"rows\":[{\"n\":1},{}]}",
                  "[1][7]"));
}

int main(void)
{
    RUN(placeholder_names_a_parameter);
    RUN(whitespace_inside_the_braces_is_trimmed);
    RUN(names_are_letters_then_letters_digits_underscore_hyphen);
    RUN(empty_placeholder_is_an_error);
    RUN(names_must_start_with_a_letter);
    RUN(dots_separate_non_empty_segments);
    RUN(other_characters_are_errors);
    RUN(unclosed_braces_are_an_error);
    RUN(single_braces_are_text);
    RUN(unknown_parameter_lists_the_parameters);
    RUN(no_parameters_says_none);
    RUN(long_parameter_lists_are_cut);
    RUN(parameters_compare_after_hyphen_to_underscore);
    RUN(fields_are_reached_through_typed_maps);
    RUN(unknown_field_lists_the_fields);
    RUN(scalars_and_lists_have_no_fields);
    RUN(map_and_any_accept_any_further_segments);
    RUN(optionals_are_looked_through);
    RUN(section_over_a_list_of_maps_resolves_element_fields);
    RUN(section_names_resolve_outward_to_the_parameters);
    RUN(inner_section_names_resolve_against_the_element_first);
    RUN(a_dotted_name_does_not_fall_back_after_its_first_segment);
    RUN(section_over_a_path);
    RUN(section_over_a_map_enters_it);
    RUN(section_over_a_bool_or_an_optional_is_allowed);
    RUN(section_over_a_plain_scalar_is_an_error);
    RUN(section_over_an_unknown_name_is_one_error);
    RUN(inverted_section_does_not_enter_the_element);
    RUN(dot_is_the_element_of_a_list_of_scalars);
    RUN(dot_anywhere_else_is_an_error);
    RUN(comments_are_ignored);
    RUN(section_not_closed_is_an_error);
    RUN(section_closed_by_another_name_is_an_error);
    RUN(close_without_an_open_section_is_an_error);
    RUN(close_tags_compare_after_hyphen_to_underscore);
    RUN(unsupported_tags_are_errors);
    RUN(each_placeholder_is_reported_once);
    RUN(a_name_is_checked_in_each_place_it_is_used);
    RUN(errors_come_in_template_order_with_offsets);
    RUN(names_are_listed_once_in_first_occurrence_order);
    RUN(an_empty_template_has_nothing);
    RUN(template_is_read_by_length);
    RUN(bad_bytes_are_echoed_as_valid_utf8);
    RUN(template_text_in_messages_escapes_controls_as_json_does);
    RUN(long_placeholders_are_cut_in_messages);
    RUN(sections_nest_up_to_the_limit);
    RUN(too_many_errors_are_counted_not_listed);
    RUN(large_templates_are_checked_in_linear_time);
    RUN(bad_arguments_are_refused);
    RUN(render_strings_are_written_as_they_are);
    RUN(render_numbers_are_written_as_in_the_json_text);
    RUN(render_bools_null_and_absent);
    RUN(render_dotted_names_walk_into_maps);
    RUN(render_keys_compare_after_hyphen_to_underscore);
    RUN(render_maps_and_lists_as_compact_json);
    RUN(render_keys_of_large_maps_are_found_as_in_small_ones);
    RUN(render_firewalled_keys_are_left_out_of_json);
    RUN(render_section_over_a_list_repeats_per_element);
    RUN(render_names_in_a_section_go_outward_to_the_arguments);
    RUN(render_section_over_a_map_enters_it_once);
    RUN(render_section_over_a_bool_or_optional);
    RUN(render_inverted_section_on_empty_lists);
    RUN(render_dot_is_the_innermost_entered_value);
    RUN(render_comments_write_nothing);
    RUN(render_standalone_tags_take_their_line);
    RUN(render_of_a_template_that_does_not_check_fails);
    RUN(render_arguments_must_be_a_json_object);
    RUN(render_deep_arguments_without_deep_recursion);
    RUN(render_stops_when_sections_multiply_past_the_limit);
    RUN(render_reads_inputs_by_length);
    RUN(a_path_through_a_union_is_valid_through_one_member);
    RUN(enums_and_refined_types_are_scalars);
    RUN(a_section_over_a_union_resolves_through_its_members);
    RUN(any_segment_is_valid_through_a_star_entry_and_resolves_to_its_type);
    RUN(a_malformed_section_name_is_reported_once);
    RUN(render_through_unions_and_star_entries);
    return tsig_test_summary();
}
