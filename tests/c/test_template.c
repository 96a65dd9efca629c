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
    RUN(long_placeholders_are_cut_in_messages);
    RUN(sections_nest_up_to_the_limit);
    RUN(too_many_errors_are_counted_not_listed);
    RUN(large_templates_are_checked_in_linear_time);
    RUN(bad_arguments_are_refused);
    return tsig_test_summary();
}
