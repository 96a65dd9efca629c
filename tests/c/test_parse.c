/*
 * test_parse.c: the grammar and the parse errors of SPEC §1, one test per
 * rule, named after it.
 *
 * Error cases are written with the input and a caret line under the byte
 * the error must point at; the caret's column is the expected column (line
 * 1 unless the case says otherwise), and offset is checked too. A failing
 * case prints the input, the caret it wanted and what it got.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "internal.h"

/* ---- helpers ----------------------------------------------------------- */

static tsig_signature *parse_str(const char *src)
{
    tsig_error err;
    tsig_signature *sig = tsig_parse(src, strlen(src), &err);
    if (!sig)
        printf("    unexpected error for %s: %zu:%zu %s\n", src, err.line,
               err.column, err.message);
    return sig;
}

/* The AST JSON of src, or NULL when it does not parse. */
static char *ast_of(const char *src)
{
    tsig_signature *sig = parse_str(src);
    if (!sig) return NULL;
    char *ast = tsig_ast_json(sig, NULL);
    tsig_signature_free(sig);
    return ast;
}

#define CHECK_AST(src, want)             \
    do {                                 \
        char *got_ = ast_of(src);        \
        CHECK_STR(got_, want);           \
        tsig_free(got_);                 \
    } while (0)

/*
 * Parses src[0..len), expects an error with this code at line/column/offset,
 * this exact message and this exact hint ("" for none). On a mismatch
 * prints the input with the expected caret.
 */
static void check_error_at(const char *file, int at_line, const char *src,
                           size_t len, tsig_code code, size_t line,
                           size_t column, size_t offset, const char *message,
                           const char *hint)
{
    tsig_error err;
    tsig_signature *sig = tsig_parse(src, len, &err);
    if (sig) {
        tsig_test_fail(file, at_line, "parsed, want an error: %.*s", (int)len, src);
        tsig_signature_free(sig);
        return;
    }
    int ok = err.code == code && err.line == line && err.column == column &&
             err.offset == offset && strcmp(err.message, message) == 0 &&
             strcmp(err.hint, hint) == 0;
    if (ok) return;
    tsig_test_fail(file, at_line,
                   "input:\n      %.*s\n    want %s at %zu:%zu (offset %zu)\n"
                   "      message: %s\n      hint:    %s\n"
                   "    got  %s at %zu:%zu (offset %zu)\n"
                   "      message: %s\n      hint:    %s",
                   (int)len, src, tsig_code_name(code), line, column, offset,
                   message, hint, tsig_code_name(err.code), err.line, err.column,
                   err.offset, err.message, err.hint);
}

/* One-line case: the column is where "^" stands in caret. */
static void check_error_caret(const char *file, int at_line, const char *src,
                              const char *caret, tsig_code code,
                              const char *message, const char *hint)
{
    const char *mark = strchr(caret, '^');
    size_t column = mark ? (size_t)(mark - caret) + 1 : 0;
    check_error_at(file, at_line, src, strlen(src), code, 1, column, column - 1,
                   message, hint);
}

#define CHECK_ERROR(src, caret, code, message, hint) \
    check_error_caret(__FILE__, __LINE__, src, caret, code, message, hint)

/* ---- §1 grammar: what is accepted -------------------------------------- */

TEST(signature_with_params_arrow_and_return_type)
{
    tsig_signature *sig =
        parse_str("(query :string, limit :int) -> {count :int, items [{id :int}]}");
    CHECK(sig != NULL);
    if (!sig) return;
    CHECK_INT(tsig_param_count(sig), 2);
    size_t len = 0;
    const char *name = tsig_param_name(sig, 0, &len);
    CHECK(name && len == 5 && memcmp(name, "query", 5) == 0);
    CHECK_INT(tsig_type_kind(tsig_param_type(sig, 0)), TSIG_STRING);
    name = tsig_param_name(sig, 1, &len);
    CHECK(name && len == 5 && memcmp(name, "limit", 5) == 0);
    CHECK_INT(tsig_type_kind(tsig_param_type(sig, 1)), TSIG_INT);

    const tsig_type *ret = tsig_returns(sig);
    CHECK_INT(tsig_type_kind(ret), TSIG_RECORD);
    CHECK_INT(tsig_type_field_count(ret), 2);
    name = tsig_type_field_name(ret, 1, &len);
    CHECK(name && len == 5 && memcmp(name, "items", 5) == 0);
    const tsig_type *items = tsig_type_field_type(ret, 1);
    CHECK_INT(tsig_type_kind(items), TSIG_LIST);
    const tsig_type *elem = tsig_type_elem(items);
    CHECK_INT(tsig_type_kind(elem), TSIG_RECORD);
    CHECK_INT(tsig_type_kind(tsig_type_field_type(elem, 0)), TSIG_INT);
    CHECK_INT(tsig_returns_list(sig), 0);
    tsig_signature_free(sig);
}

TEST(shorthand_is_a_signature_without_params)
{
    CHECK_AST(":int", "{\"params\":[],\"returns\":\"int\"}");
    CHECK_AST("{count :int}", "{\"params\":[],\"returns\":{\"map\":[[\"count\",\"int\"]]}}");
    CHECK_AST("() -> :int", "{\"params\":[],\"returns\":\"int\"}");
    CHECK_AST("( ) -> :int", "{\"params\":[],\"returns\":\"int\"}");
}

TEST(param_name_and_type_need_no_space)
{
    CHECK_AST("(limit:int)->:int",
              "{\"params\":[[\"limit\",\"int\"]],\"returns\":\"int\"}");
    CHECK_AST("{a:int}", "{\"params\":[],\"returns\":{\"map\":[[\"a\",\"int\"]]}}");
}

TEST(every_primitive_type_name)
{
    static const struct {
        const char *src;
        tsig_kind kind;
    } cases[] = {
        {":string", TSIG_STRING}, {":int", TSIG_INT},       {":float", TSIG_FLOAT},
        {":bool", TSIG_BOOL},     {":boolean", TSIG_BOOL},  {":keyword", TSIG_KEYWORD},
        {":any", TSIG_ANY},       {":map", TSIG_MAP},       {":datetime", TSIG_DATETIME},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tsig_signature *sig = parse_str(cases[i].src);
        CHECK(sig != NULL);
        if (!sig) continue;
        CHECK_INT(tsig_type_kind(tsig_returns(sig)), cases[i].kind);
        CHECK(tsig_type_elem(tsig_returns(sig)) == NULL);
        CHECK_INT(tsig_type_field_count(tsig_returns(sig)), 0);
        tsig_signature_free(sig);
    }
}

TEST(boolean_is_an_alias_of_bool)
{
    CHECK_AST("(flag :boolean) -> :boolean?",
              "{\"params\":[[\"flag\",\"bool\"]],\"returns\":{\"optional\":\"bool\"}}");
}

TEST(optional_applies_to_any_type)
{
    CHECK_AST(":int?", "{\"params\":[],\"returns\":{\"optional\":\"int\"}}");
    CHECK_AST("[:int]?", "{\"params\":[],\"returns\":{\"optional\":{\"list\":\"int\"}}}");
    CHECK_AST("{a :int}?",
              "{\"params\":[],\"returns\":{\"optional\":{\"map\":[[\"a\",\"int\"]]}}}");
    CHECK_AST("{}?", "{\"params\":[],\"returns\":{\"optional\":{\"map\":[]}}}");
    tsig_signature *sig = parse_str("[:int?]?");
    CHECK(sig != NULL);
    if (!sig) return;
    const tsig_type *t = tsig_returns(sig);
    CHECK_INT(tsig_type_kind(t), TSIG_OPTIONAL);
    CHECK_INT(tsig_type_kind(tsig_type_elem(t)), TSIG_LIST);
    CHECK_INT(tsig_type_kind(tsig_type_elem(tsig_type_elem(t))), TSIG_OPTIONAL);
    tsig_signature_free(sig);
}

TEST(list_holds_one_type)
{
    CHECK_AST("[ :int ]", "{\"params\":[],\"returns\":{\"list\":\"int\"}}");
    CHECK_AST("[[:string]]", "{\"params\":[],\"returns\":{\"list\":{\"list\":\"string\"}}}");
}

TEST(empty_map_is_valid)
{
    CHECK_AST("{}", "{\"params\":[],\"returns\":{\"map\":[]}}");
    CHECK_AST("[{ }]", "{\"params\":[],\"returns\":{\"list\":{\"map\":[]}}}");
}

TEST(map_fields_keep_declaration_order)
{
    CHECK_AST("{z :int, a :string, m :bool}",
              "{\"params\":[],\"returns\":{\"map\":[[\"z\",\"int\"],[\"a\",\"string\"],"
              "[\"m\",\"bool\"]]}}");
}

TEST(identifiers_are_letters_digits_underscore_dash)
{
    tsig_signature *sig = parse_str("{_raw-data2 :int, a-b_c :int, x :int}");
    CHECK(sig != NULL);
    if (!sig) return;
    const tsig_type *t = tsig_returns(sig);
    CHECK_INT(t->field_count, 3);
    CHECK_STR(t->fields[0].name, "_raw-data2");
    CHECK_STR(t->fields[0].norm, "_raw_data2");
    CHECK_INT(t->fields[0].firewalled, 1);
    CHECK_STR(t->fields[1].norm, "a_b_c");
    CHECK_INT(t->fields[1].firewalled, 0);
    CHECK_INT(t->fields[2].offset, 30);
    tsig_signature_free(sig);
}

TEST(whitespace_is_space_tab_newline_and_cr)
{
    CHECK_AST("\t(\r\n  a :int ,\n  b\t[ :string ]\r\n)\n->\r\n{ x :int }\n",
              "{\"params\":[[\"a\",\"int\"],[\"b\",{\"list\":\"string\"}]],"
              "\"returns\":{\"map\":[[\"x\",\"int\"]]}}");
}

TEST(nodes_record_their_byte_offsets)
{
    tsig_signature *sig = parse_str("(a :int) -> [{b :int?}]");
    CHECK(sig != NULL);
    if (!sig) return;
    CHECK_INT(sig->params[0].offset, 1);
    CHECK_INT(sig->params[0].type->offset, 3);
    const tsig_type *list = tsig_returns(sig);
    CHECK_INT(list->offset, 12);
    CHECK_INT(list->elem->offset, 13);
    CHECK_INT(list->elem->fields[0].offset, 14);
    CHECK_INT(list->elem->fields[0].type->offset, 16);
    CHECK_INT(list->elem->fields[0].type->elem->offset, 16);
    tsig_signature_free(sig);
}

TEST(returns_list_is_true_for_a_list_optional_or_not)
{
    static const struct {
        const char *src;
        int want;
    } cases[] = {{"[:int]", 1},     {"[:int]?", 1},         {"(a :int) -> [{x :int}]", 1},
                 {":int", 0},       {"{items [:int]}", 0},  {"(xs [:int]) -> :int", 0},
                 {"{a :int}?", 0}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tsig_signature *sig = parse_str(cases[i].src);
        CHECK(sig != NULL);
        if (!sig) continue;
        CHECK_INT(tsig_returns_list(sig), cases[i].want);
        tsig_signature_free(sig);
    }
}

TEST(accessors_answer_out_of_range_and_null)
{
    tsig_signature *sig = parse_str("(a :int) -> {b :int}");
    CHECK(sig != NULL);
    if (!sig) return;
    size_t len = 99;
    CHECK(tsig_param_name(sig, 1, &len) == NULL);
    CHECK_INT(len, 0);
    CHECK(tsig_param_type(sig, 1) == NULL);
    CHECK(tsig_type_field_name(tsig_returns(sig), 1, &len) == NULL);
    CHECK(tsig_type_field_type(tsig_returns(sig), 1) == NULL);
    CHECK(tsig_type_field_name(tsig_param_type(sig, 0), 0, &len) == NULL);
    CHECK_INT(tsig_type_field_count(tsig_param_type(sig, 0)), 0);
    CHECK(tsig_type_elem(tsig_returns(sig)) == NULL);
    CHECK_INT(tsig_param_count(NULL), 0);
    CHECK(tsig_returns(NULL) == NULL);
    CHECK_INT(tsig_returns_list(NULL), 0);
    tsig_signature_free(sig);
    tsig_signature_free(NULL);
}

TEST(many_fields_parse_in_linear_time)
{
    /* 200 000 fields: duplicate detection must not be quadratic. */
    size_t count = 200000;
    char *src = malloc(count * 16 + 32);
    CHECK(src != NULL);
    if (!src) return;
    size_t n = 0;
    src[n++] = '{';
    for (size_t i = 0; i < count; i++)
        n += (size_t)sprintf(src + n, "%sf_%zu :int", i ? ", " : "", i);
    src[n++] = '}';
    tsig_error err;
    tsig_signature *sig = tsig_parse(src, n, &err);
    CHECK(sig != NULL);
    if (sig) CHECK_INT(tsig_type_field_count(tsig_returns(sig)), count);
    tsig_signature_free(sig);

    /* The same with a collision at the very end. */
    n--;
    n += (size_t)sprintf(src + n, ", f-7 :int}");
    sig = tsig_parse(src, n, &err);
    CHECK(sig == NULL);
    CHECK_INT(err.code, TSIG_ERR_DUPLICATE_NAME);
    CHECK_STR(err.message, "duplicate field names normalize to \"f_7\": f_7, f-7");
    CHECK_INT(err.offset, n - 9);
    free(src);
}

/* ---- §1 what is rejected ------------------------------------------------ */

TEST(trailing_comma_is_an_error)
{
    CHECK_ERROR("(a :int,) -> :int",
                "        ^", TSIG_ERR_SYNTAX,
                "expected a parameter name after \",\", found \")\"",
                "remove the trailing comma");
    CHECK_ERROR("{a :int,}",
                "        ^", TSIG_ERR_SYNTAX,
                "expected a field name after \",\", found \"}\"",
                "remove the trailing comma");
    CHECK_ERROR("(a :int) -> :int,",
                "                ^", TSIG_ERR_SYNTAX,
                "expected end of input after the return type, found \",\"", "");
}

TEST(empty_element_is_an_error)
{
    CHECK_ERROR("(,) -> :int",
                " ^", TSIG_ERR_SYNTAX,
                "expected a parameter name or \")\", found \",\"",
                "remove the extra comma");
    CHECK_ERROR("(a :int, , b :int) -> :int",
                "         ^", TSIG_ERR_SYNTAX,
                "expected a parameter name after \",\", found \",\"",
                "remove the extra comma");
    CHECK_ERROR("{a :int,,b :int}",
                "        ^", TSIG_ERR_SYNTAX,
                "expected a field name after \",\", found \",\"",
                "remove the extra comma");
}

TEST(params_without_arrow_are_an_error)
{
    CHECK_ERROR("()",
                "  ^", TSIG_ERR_SYNTAX,
                "expected \"->\" after the parameters, found end of input",
                "the return type follows an arrow: () -> :any, or write only the "
                "type: :any");
    CHECK_ERROR("( )",
                "   ^", TSIG_ERR_SYNTAX,
                "expected \"->\" after the parameters, found end of input",
                "the return type follows an arrow: () -> :any, or write only the "
                "type: :any");
    CHECK_ERROR("(a :int)",
                "        ^", TSIG_ERR_SYNTAX,
                "expected \"->\" after the parameters, found end of input",
                "the return type follows an arrow: (a :int) -> :any");
    CHECK_ERROR("(a :int) :int",
                "         ^", TSIG_ERR_SYNTAX,
                "expected \"->\" after the parameters, found \":int\"",
                "the return type follows an arrow: (a :int) -> :any");
    CHECK_ERROR("(a :int) - > :int",
                "         ^", TSIG_ERR_SYNTAX,
                "expected \"->\" after the parameters, found \"-\"",
                "the return type follows an arrow: (a :int) -> :any");
    CHECK_ERROR("(a :int) ->",
                "           ^", TSIG_ERR_SYNTAX,
                "expected a type after \"->\", found end of input", "");
}

TEST(arrow_without_params_is_an_error)
{
    CHECK_ERROR("-> :int",
                "^", TSIG_ERR_SYNTAX, "expected a type or \"(\", found \"->\"",
                "an arrow follows the parameters: () -> :int, or write only the "
                "type: :int");
    CHECK_ERROR("(a :int) -> :int -> :int",
                "                 ^", TSIG_ERR_SYNTAX,
                "expected end of input after the return type, found \"->\"",
                "a signature has one arrow");
}

TEST(empty_or_whitespace_only_signature_is_an_error)
{
    const char *hint = "write a type such as :any, or (name :type) -> :type";
    CHECK_ERROR("", "^", TSIG_ERR_SYNTAX,
                "expected a type or \"(\", found end of input", hint);
    CHECK_ERROR(" \t\r ", "    ^", TSIG_ERR_SYNTAX,
                "expected a type or \"(\", found end of input", hint);
    check_error_at(__FILE__, __LINE__, "\n\n", 2, TSIG_ERR_SYNTAX, 3, 1, 2,
                   "expected a type or \"(\", found end of input", hint);
    /* A NULL pointer with length 0 is the empty text. */
    tsig_error err;
    CHECK(tsig_parse(NULL, 0, &err) == NULL);
    CHECK_INT(err.code, TSIG_ERR_SYNTAX);
}

TEST(text_after_the_signature_is_an_error)
{
    CHECK_ERROR("(id :int) -> :string extra",
                "                     ^", TSIG_ERR_SYNTAX,
                "expected end of input after the return type, found \"extra\"", "");
    CHECK_ERROR(":map {a :int}",
                "     ^", TSIG_ERR_SYNTAX,
                "expected end of input after the return type, found \"{\"", "");
    CHECK_ERROR("{a :int}}",
                "        ^", TSIG_ERR_SYNTAX,
                "expected end of input after the return type, found \"}\"", "");
    CHECK_ERROR(":keyword:",
                "        ^", TSIG_ERR_SYNTAX,
                "expected end of input after the return type, found \":\"", "");
}

TEST(type_names_are_case_sensitive_whole_words)
{
    CHECK_ERROR(":integer", "^", TSIG_ERR_UNKNOWN_TYPE, "unknown type \":integer\"",
                "did you mean :int?");
    CHECK_ERROR(":Int", "^", TSIG_ERR_UNKNOWN_TYPE, "unknown type \":Int\"",
                "did you mean :int?");
    CHECK_ERROR(":map-of", "^", TSIG_ERR_UNKNOWN_TYPE, "unknown type \":map-of\"",
                "did you mean :map?");
    CHECK_ERROR(":boolean_", "^", TSIG_ERR_UNKNOWN_TYPE,
                "unknown type \":boolean_\"", "did you mean :bool?");
}

TEST(unknown_type_is_reported_at_its_colon)
{
    CHECK_ERROR(":int32", "^", TSIG_ERR_UNKNOWN_TYPE, "unknown type \":int32\"",
                "did you mean :int?");
    CHECK_ERROR("(a :int, b :integer) -> :int",
                "           ^", TSIG_ERR_UNKNOWN_TYPE,
                "unknown type \":integer\"", "did you mean :int?");
    CHECK_ERROR("{tags [:uuid]}",
                "       ^", TSIG_ERR_UNKNOWN_TYPE, "unknown type \":uuid\"",
                "the types are :string :int :float :bool :keyword :any :map "
                ":datetime :enum[a b], [type] and {field :type}");
    CHECK_ERROR("(status :enum) -> :any",
                "             ^", TSIG_ERR_SYNTAX,
                "expected \"[\" directly after :enum, found \")\"",
                "list the values: :enum[pending active closed]");
}

TEST(colon_needs_a_type_word)
{
    CHECK_ERROR(":", " ^", TSIG_ERR_SYNTAX,
                "expected a type name after \":\", found end of input", "");
    CHECK_ERROR("(id :)", "     ^", TSIG_ERR_SYNTAX,
                "expected a type name after \":\", found \")\"", "");
    CHECK_ERROR(": int", " ^", TSIG_ERR_SYNTAX,
                "expected a type name after \":\", found \" \"",
                "no space after the colon: :int");
}

TEST(duplicate_names_after_normalization_are_an_error)
{
    CHECK_ERROR("{a-b :int, a_b :int}",
                "           ^", TSIG_ERR_DUPLICATE_NAME,
                "duplicate field names normalize to \"a_b\": a-b, a_b", "");
    CHECK_ERROR("(user-id :int, user_id :int) -> :any",
                "               ^", TSIG_ERR_DUPLICATE_NAME,
                "duplicate field names normalize to \"user_id\": user-id, user_id", "");
    CHECK_ERROR("(k :int, k :string) -> :any",
                "         ^", TSIG_ERR_DUPLICATE_NAME,
                "duplicate field names normalize to \"k\": k, k", "");
    CHECK_ERROR("(xs [{a :int, b :int, a- :int, a_ :int}]) -> :any",
                "                               ^", TSIG_ERR_DUPLICATE_NAME,
                "duplicate field names normalize to \"a_\": a-, a_", "");
    CHECK_ERROR("{x {q-r :int, q_r :int}?}",
                "              ^", TSIG_ERR_DUPLICATE_NAME,
                "duplicate field names normalize to \"q_r\": q-r, q_r", "");
}

TEST(same_name_in_different_maps_is_not_a_duplicate)
{
    CHECK_AST("(a {a :int}) -> {a {a :int}, b {a :int}}",
              "{\"params\":[[\"a\",{\"map\":[[\"a\",\"int\"]]}]],\"returns\":{\"map\":"
              "[[\"a\",{\"map\":[[\"a\",\"int\"]]}],[\"b\",{\"map\":[[\"a\",\"int\"]]}]]}}");
    CHECK_AST("{a :int, a_ :int, _a :int}",
              "{\"params\":[],\"returns\":{\"map\":[[\"a\",\"int\"],[\"a_\",\"int\"],"
              "[\"_a\",\"int\"]]}}");
}

/* "[" repeated n times, then ":int", then "]" n times. */
static char *nested_lists(size_t n, size_t *len)
{
    char *s = malloc(2 * n + 5);
    if (!s) return NULL;
    memset(s, '[', n);
    memcpy(s + n, ":int", 4);
    memset(s + n + 4, ']', n);
    *len = 2 * n + 4;
    s[*len] = '\0';
    return s;
}

TEST(nesting_up_to_64_levels_is_accepted)
{
    size_t len;
    char *src = nested_lists(64, &len);
    CHECK(src != NULL);
    if (!src) return;
    tsig_error err;
    tsig_signature *sig = tsig_parse(src, len, &err);
    CHECK(sig != NULL);
    tsig_signature_free(sig);
    free(src);
}

TEST(nesting_deeper_than_64_levels_is_an_error)
{
    size_t len;
    char *src = nested_lists(65, &len);
    CHECK(src != NULL);
    if (!src) return;
    check_error_at(__FILE__, __LINE__, src, len, TSIG_ERR_TOO_DEEP, 1, 65, 64,
                   "nesting deeper than 64 levels of \"[\" and \"{\"", "");
    free(src);

    /* Maps and lists count alike; parameters' parentheses do not count. */
    char buf[512];
    size_t n = 0;
    n += (size_t)sprintf(buf + n, "(x ");
    for (int i = 0; i < 32; i++) n += (size_t)sprintf(buf + n, "[{a ");
    n += (size_t)sprintf(buf + n, "{b :int}");
    check_error_at(__FILE__, __LINE__, buf, n, TSIG_ERR_TOO_DEEP, 1, 3 + 32 * 4 + 1,
                   3 + 32 * 4, "nesting deeper than 64 levels of \"[\" and \"{\"", "");
}

TEST(nesting_100000_levels_fails_without_using_the_stack)
{
    size_t len;
    char *src = nested_lists(100000, &len);
    CHECK(src != NULL);
    if (!src) return;
    tsig_error err;
    CHECK(tsig_parse(src, len, &err) == NULL);
    CHECK_INT(err.code, TSIG_ERR_TOO_DEEP);
    CHECK_INT(err.column, 65);
    free(src);

    size_t levels = 100000;
    char *maps = malloc(levels * 3 + 8);
    CHECK(maps != NULL);
    if (!maps) return;
    for (size_t i = 0; i < levels; i++) memcpy(maps + 3 * i, "{a ", 3);
    CHECK(tsig_parse(maps, levels * 3, &err) == NULL);
    CHECK_INT(err.code, TSIG_ERR_TOO_DEEP);
    CHECK_INT(err.column, 64 * 3 + 1);
    free(maps);
}

TEST(only_newline_starts_a_line)
{
    const char *src = "(a :int,\r b) -> :int";
    check_error_at(__FILE__, __LINE__, src, strlen(src), TSIG_ERR_SYNTAX, 1, 12, 11,
                   "expected a type after \"b\", found \")\"", "");
    src = "(query :string,\n limit) -> :int";
    check_error_at(__FILE__, __LINE__, src, strlen(src), TSIG_ERR_SYNTAX, 2, 7, 22,
                   "expected a type after \"limit\", found \")\"", "");
    src = "{\r\n  a :int,\r\n  b :anny\r\n}";
    check_error_at(__FILE__, __LINE__, src, strlen(src), TSIG_ERR_UNKNOWN_TYPE, 3, 5,
                   18, "unknown type \":anny\"", "did you mean :any?");
}

TEST(question_mark_must_follow_the_type_directly)
{
    const char *hint = "write the ? with no space before it: :string?";
    CHECK_ERROR(":int ?", "     ^", TSIG_ERR_SYNTAX,
                "expected \"?\" directly after the type, found \"?\" after whitespace",
                hint);
    CHECK_ERROR("{a [:int] ?}", "          ^", TSIG_ERR_SYNTAX,
                "expected \"?\" directly after the type, found \"?\" after whitespace",
                hint);
    CHECK_ERROR("{x ?}", "   ^", TSIG_ERR_SYNTAX,
                "expected a type after \"x\", found \"?\"", "");
}

TEST(one_question_mark_per_type)
{
    const char *hint = "a type is optional or not: one ? is enough";
    CHECK_ERROR(":string??", "        ^", TSIG_ERR_SYNTAX,
                "expected one \"?\" at most, found \"?\" again", hint);
    CHECK_ERROR("[:int]??", "       ^", TSIG_ERR_SYNTAX,
                "expected one \"?\" at most, found \"?\" again", hint);
}

TEST(names_are_ascii_identifiers)
{
    const char *hint = "names are ASCII letters, digits, _ and -, starting with a "
                       "letter or _";
    CHECK_ERROR("{\xC3\xBC" "ber :int}", " ^", TSIG_ERR_SYNTAX,
                "expected a field name or \"}\", found \"\xC3\xBC\"", hint);
    CHECK_ERROR("{-a :int}", " ^", TSIG_ERR_SYNTAX,
                "expected a field name or \"}\", found \"-\"", hint);
    CHECK_ERROR("(1a :int) -> :int", " ^", TSIG_ERR_SYNTAX,
                "expected a parameter name or \")\", found \"1\"", hint);
    CHECK_ERROR("{a.b :int}", "  ^", TSIG_ERR_SYNTAX,
                "expected a type after \"a\", found \".\"", "");
    CHECK_ERROR("{\"a\" :int}", " ^", TSIG_ERR_SYNTAX,
                "expected a field name or \"}\", found \"\\\"\"", hint);
}

TEST(a_name_running_into_a_non_ascii_letter_is_an_error_at_that_letter)
{
    const char *hint = "names are ASCII letters, digits, _ and -, starting with a "
                       "letter or _";
    CHECK_ERROR("(caf\xC3\xA9 :int) -> :int", "    ^", TSIG_ERR_SYNTAX,
                "expected a type after \"caf\", found \"\xC3\xA9\"", hint);
    CHECK_ERROR("{a-\xC3\xBC :int}", "   ^", TSIG_ERR_SYNTAX,
                "expected a type after \"a-\", found \"\xC3\xBC\"", hint);
    /* Apart from the name, it is only no type. */
    CHECK_ERROR("{caf \xC3\xA9}", "     ^", TSIG_ERR_SYNTAX,
                "expected a type after \"caf\", found \"\xC3\xA9\"", "");
}

TEST(raw_nul_byte_is_an_error)
{
    check_error_at(__FILE__, __LINE__, "{a\0 :int}", 9, TSIG_ERR_SYNTAX, 1, 3, 2,
                   "expected a type after \"a\", found a NUL byte", "");
    check_error_at(__FILE__, __LINE__, ":int\0", 5, TSIG_ERR_SYNTAX, 1, 5, 4,
                   "expected end of input after the return type, found a NUL byte",
                   "");
    check_error_at(__FILE__, __LINE__, "\0", 1, TSIG_ERR_SYNTAX, 1, 1, 0,
                   "expected a type or \"(\", found a NUL byte", "");
}

TEST(invalid_utf8_is_an_error)
{
    check_error_at(__FILE__, __LINE__, "{a \xFF :int}", 10, TSIG_ERR_SYNTAX, 1, 4, 3,
                   "expected a type after \"a\", found invalid UTF-8 byte 0xFF", "");
    /* Truncated sequence, overlong encoding, encoded surrogate. */
    check_error_at(__FILE__, __LINE__, ":int \xC3", 6, TSIG_ERR_SYNTAX, 1, 6, 5,
                   "expected end of input after the return type, found invalid "
                   "UTF-8 byte 0xC3", "");
    check_error_at(__FILE__, __LINE__, "\xC0\xAF", 2, TSIG_ERR_SYNTAX, 1, 1, 0,
                   "expected a type or \"(\", found invalid UTF-8 byte 0xC0", "");
    check_error_at(__FILE__, __LINE__, "(\xED\xA0\x80 :int) -> :int", 15,
                   TSIG_ERR_SYNTAX, 1, 2, 1,
                   "expected a parameter name or \")\", found invalid UTF-8 byte 0xED",
                   "");
}

/* ---- §1 parse errors: messages, positions, hints ------------------------ */

TEST(error_names_what_was_expected_and_found)
{
    CHECK_ERROR("(query :string, limit) -> :int",
                "                     ^", TSIG_ERR_SYNTAX,
                "expected a type after \"limit\", found \")\"", "");
    CHECK_ERROR("(id :int -> :string",
                "         ^", TSIG_ERR_SYNTAX,
                "expected \",\" or \")\" after the type of \"id\", found \"->\"", "");
    CHECK_ERROR("{a :int b :int}",
                "        ^", TSIG_ERR_SYNTAX,
                "expected \",\" or \"}\" after the type of \"a\", found \"b\"", "");
    CHECK_ERROR("(value :string :int) -> :any",
                "               ^", TSIG_ERR_SYNTAX,
                "expected \",\" or \")\" after the type of \"value\", found \":int\"", "");
    CHECK_ERROR("[:int",
                "     ^", TSIG_ERR_SYNTAX,
                "expected \"]\" after the element type of the list, found end of input",
                "");
    CHECK_ERROR("[:int :string]",
                "      ^", TSIG_ERR_SYNTAX,
                "expected \"]\" after the element type of the list, found \":string\"",
                "a list has one element type; use {field :type} for named fields");
    CHECK_ERROR("invalid",
                "^", TSIG_ERR_SYNTAX, "expected a type or \"(\", found \"invalid\"", "");
    CHECK_ERROR("( :int ) -> :int",
                "  ^", TSIG_ERR_SYNTAX,
                "expected a parameter name or \")\", found \":int\"",
                "each parameter is a name and a type: (id :int)");
}

TEST(type_word_without_colon_gets_a_hint)
{
    const char *hint = "type names start with a colon: :int, :string";
    CHECK_ERROR("int", "^", TSIG_ERR_SYNTAX, "expected a type or \"(\", found \"int\"",
                hint);
    CHECK_ERROR("(a string) -> :int", "   ^", TSIG_ERR_SYNTAX,
                "expected a type after \"a\", found \"string\"", hint);
}

TEST(hint_list_and_array)
{
    const char *hint = "use [:type], e.g. [:int], [:string], [:any]";
    CHECK_ERROR("(items :list) -> :bool", "       ^", TSIG_ERR_UNKNOWN_TYPE,
                "unknown type \":list\"", hint);
    CHECK_ERROR(":array", "^", TSIG_ERR_UNKNOWN_TYPE, "unknown type \":array\"", hint);
    CHECK_ERROR("[:array]", " ^", TSIG_ERR_UNKNOWN_TYPE, "unknown type \":array\"", hint);
}

TEST(hint_tuple)
{
    CHECK_ERROR("{pair :tuple}", "      ^", TSIG_ERR_UNKNOWN_TYPE,
                "unknown type \":tuple\"",
                "no tuples: use a map with named fields {field :type}");
}

TEST(hint_object_dict_hash)
{
    const char *hint = "use {field :type} or :map";
    CHECK_ERROR(":object", "^", TSIG_ERR_UNKNOWN_TYPE, "unknown type \":object\"", hint);
    CHECK_ERROR(":dict", "^", TSIG_ERR_UNKNOWN_TYPE, "unknown type \":dict\"", hint);
    CHECK_ERROR("{h :hash}", "   ^", TSIG_ERR_UNKNOWN_TYPE, "unknown type \":hash\"",
                hint);
}

TEST(hint_case_and_spelling_slips_suggest_the_closest_name)
{
    static const struct {
        const char *src;
        const char *hint;
    } cases[] = {
        {":integer", "did you mean :int?"},   {":number", "did you mean :float?"},
        {":str", "did you mean :string?"},    {":double", "did you mean :float?"},
        {":Bool", "did you mean :bool?"},     {":booleen", "did you mean :bool?"},
        {":Boolean", "did you mean :bool?"},  {":booleans", "did you mean :bool?"},
        {":String", "did you mean :string?"}, {":strng", "did you mean :string?"},
        {":flaot", "did you mean :float?"},   {":flot", "did you mean :float?"},
        {":DateTime", "did you mean :datetime?"}, {":date", "did you mean :datetime?"},
        {":keywrd", "did you mean :keyword?"}, {":ANY", "did you mean :any?"},
        {":mpa", "did you mean :map?"},       {":text", "did you mean :string?"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char message[64];
        snprintf(message, sizeof message, "unknown type \"%s\"", cases[i].src);
        CHECK_ERROR(cases[i].src, "^", TSIG_ERR_UNKNOWN_TYPE, message, cases[i].hint);
    }
}

TEST(hint_null_nil_optional)
{
    const char *hint = "mark optional with a ? suffix: :string?";
    CHECK_ERROR(":null", "^", TSIG_ERR_UNKNOWN_TYPE, "unknown type \":null\"", hint);
    CHECK_ERROR("{a :nil}", "   ^", TSIG_ERR_UNKNOWN_TYPE, "unknown type \":nil\"", hint);
    CHECK_ERROR("(x :optional) -> :any", "   ^", TSIG_ERR_UNKNOWN_TYPE,
                "unknown type \":optional\"", hint);
}

TEST(hint_empty_list)
{
    const char *hint = "say what the list holds, e.g. [:any]";
    CHECK_ERROR("[]", " ^", TSIG_ERR_SYNTAX,
                "expected a type inside \"[\", found \"]\"", hint);
    CHECK_ERROR("[]?", " ^", TSIG_ERR_SYNTAX,
                "expected a type inside \"[\", found \"]\"", hint);
    CHECK_ERROR("(xs [ ]) -> :int", "      ^", TSIG_ERR_SYNTAX,
                "expected a type inside \"[\", found \"]\"", hint);
}

TEST(hint_colon_before_field_name)
{
    const char *hint = "field names take no colon: {id :int}";
    CHECK_ERROR("{:id :int}", " ^", TSIG_ERR_SYNTAX,
                "expected a field name or \"}\", found \":id\"", hint);
    CHECK_ERROR("(user {:id :int}) -> :any", "       ^", TSIG_ERR_SYNTAX,
                "expected a field name or \"}\", found \":id\"", hint);
    CHECK_ERROR("{id :int, :name :string}", "          ^", TSIG_ERR_SYNTAX,
                "expected a field name after \",\", found \":name\"", hint);
    CHECK_ERROR("(:q :string) -> :any", " ^", TSIG_ERR_SYNTAX,
                "expected a parameter name or \")\", found \":q\"",
                "parameter names take no colon: (id :int)");
}

TEST(hint_fat_arrow)
{
    CHECK_ERROR("(q :string) => [:int]", "            ^", TSIG_ERR_SYNTAX,
                "expected \"->\" after the parameters, found \"=>\"", "the arrow is ->");
    CHECK_ERROR("(q :string)=>[:int]", "           ^", TSIG_ERR_SYNTAX,
                "expected \"->\" after the parameters, found \"=>\"", "the arrow is ->");
    CHECK_ERROR("=> :int", "^", TSIG_ERR_SYNTAX,
                "expected a type or \"(\", found \"=>\"",
                "an arrow follows the parameters: () -> :int, or write only the "
                "type: :int");
}

TEST(long_names_are_cut_in_messages)
{
    size_t n = 1u << 20;
    char *src = malloc(n + 16);
    CHECK(src != NULL);
    if (!src) return;
    src[0] = '(';
    memset(src + 1, 'a', n);
    memcpy(src + 1 + n, ")", 1);
    tsig_error err;
    CHECK(tsig_parse(src, n + 2, &err) == NULL);
    CHECK_INT(err.code, TSIG_ERR_SYNTAX);
    CHECK_INT(err.column, n + 2);
    CHECK_STR(err.message,
              "expected a type after \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\xE2\x80\xA6\","
              " found \")\"");

    /* A 1 MB unknown type word, and a 1 MB duplicate name. */
    src[0] = ':';
    CHECK(tsig_parse(src, n + 1, &err) == NULL);
    CHECK_INT(err.code, TSIG_ERR_UNKNOWN_TYPE);
    CHECK(strlen(err.message) < 80);
    CHECK(strstr(err.message, "\xE2\x80\xA6\"") != NULL);

    size_t len = 0;
    char *dup = malloc(2 * n + 32);
    CHECK(dup != NULL);
    if (dup) {
        dup[len++] = '{';
        memset(dup + len, 'b', n);
        len += n;
        memcpy(dup + len, " :int, ", 7);
        len += 7;
        memset(dup + len, 'b', n);
        len += n;
        memcpy(dup + len, " :int}", 6);
        len += 6;
        CHECK(tsig_parse(dup, len, &err) == NULL);
        CHECK_INT(err.code, TSIG_ERR_DUPLICATE_NAME);
        CHECK(strlen(err.message) < 200);
        CHECK_INT(err.offset, n + 8);
        free(dup);
    }
    free(src);
}

TEST(input_larger_than_the_limit_is_refused_unread)
{
    tsig_error err;
    /* The length is checked before any byte is read. */
    CHECK(tsig_parse(":int", TSIG_MAX_INPUT + 1, &err) == NULL);
    CHECK_INT(err.code, TSIG_ERR_TOO_LARGE);
    CHECK(tsig_parse(NULL, 5, &err) == NULL);
    CHECK_INT(err.code, TSIG_ERR_ARGUMENT);
}

TEST(error_text_shows_the_line_and_a_caret)
{
    const char *src = "(query :string, limit) -> :int";
    tsig_error err;
    CHECK(tsig_parse(src, strlen(src), &err) == NULL);
    char *text = tsig_error_format(&err, "signature", src, strlen(src));
    CHECK_STR(text, "signature error at 1:22: expected a type after \"limit\", found \")\"\n"
                    "  (query :string, limit) -> :int\n"
                    "                       ^");
    tsig_free(text);

    src = "(query :string,\n limit) -> :int";
    CHECK(tsig_parse(src, strlen(src), &err) == NULL);
    text = tsig_error_format(&err, "signature", src, strlen(src));
    CHECK_STR(text, "signature error at 2:7: expected a type after \"limit\", found \")\"\n"
                    "   limit) -> :int\n"
                    "        ^");
    tsig_free(text);

    src = "{tags :list}";
    CHECK(tsig_parse(src, strlen(src), &err) == NULL);
    text = tsig_error_format(&err, "signature", src, strlen(src));
    CHECK_STR(text, "signature error at 1:7: unknown type \":list\"\n"
                    "  {tags :list}\n"
                    "        ^\n"
                    "  hint: use [:type], e.g. [:int], [:string], [:any]");
    tsig_free(text);
}

TEST(parser_is_usable_after_an_error)
{
    tsig_error err;
    CHECK(tsig_parse("[]", 2, &err) == NULL);
    tsig_signature *sig = parse_str("[:any]");
    CHECK(sig != NULL);
    tsig_signature_free(sig);
    /* err may be NULL: the parse still fails cleanly. */
    CHECK(tsig_parse("[]", 2, NULL) == NULL);
}

/* ---- the v2 language (SPEC §11.1, §11.2) -------------------------------- */

TEST(enum_values_are_words_numbers_booleans_or_json_strings)
{
    CHECK_AST(":enum[open \"in progress\" 1 1.5 true]",
              "{\"params\":[],\"returns\":{\"enum\":[\"open\",\"in progress\",1,1.5,true]}}");
    CHECK_AST(":enum[image/png v1.2 a+b]",
              "{\"params\":[],\"returns\":{\"enum\":[\"image/png\",\"v1.2\",\"a+b\"]}}");
    CHECK_ERROR(":enum[true -]", "           ^", TSIG_ERR_SYNTAX,
                "expected an enum value (a word, a number, true, false or a JSON "
                "string), found \"-\"", "");
    CHECK_ERROR(":enum[null]", "      ^", TSIG_ERR_SYNTAX, "null is not an enum value",
                "mark optional with a ? suffix: :enum[a b]?");
}

TEST(enum_values_are_separated_by_spaces_or_a_comma)
{
    CHECK_AST(":enum[\"a\",\"b\" c , d]",
              "{\"params\":[],\"returns\":{\"enum\":[\"a\",\"b\",\"c\",\"d\"]}}");
    /* After a whole JSON string, the byte that follows is the mistake. */
    CHECK_ERROR(":enum[\"a\"b]", "         ^", TSIG_ERR_SYNTAX,
                "expected a space, \",\" or \"]\" after an enum value, found \"b\"", "");
    CHECK_ERROR(":enum[a \"b\"\"c\"]", "           ^", TSIG_ERR_SYNTAX,
                "expected a space, \",\" or \"]\" after an enum value, found \"\\\"\"", "");
    CHECK_ERROR(":enum[\"a\")", "         ^", TSIG_ERR_SYNTAX,
                "expected a space, \",\" or \"]\" after an enum value, found \")\"", "");
    CHECK_ERROR(":enum[a", "       ^", TSIG_ERR_SYNTAX,
                "expected a space, \",\" or \"]\" after an enum value, found end of input", "");
}

TEST(enum_values_compare_by_exact_value)
{
    CHECK_ERROR(":enum[1e2 100]", "          ^", TSIG_ERR_SYNTAX,
                "duplicate enum value 100", "");
    CHECK_AST(":enum[1e1000000000000000 1e10000000000000000]",
              "{\"params\":[],\"returns\":{\"enum\":[1e1000000000000000,1e10000000000000000]}}");
}

TEST(a_question_mark_goes_once_after_the_last_union_member)
{
    CHECK_AST(":int|:string?", "{\"params\":[],\"returns\":{\"optional\":{\"union\":[\"int\",\"string\"]}}}");
    CHECK_ERROR(":int?|:string", "    ^", TSIG_ERR_SYNTAX,
                "write ? once, after the last member: :int|:string?", "");
}

TEST(refinements_apply_to_numbers_strings_and_lists)
{
    CHECK_AST(":int[1..]", "{\"params\":[],\"returns\":{\"refined\":\"int\",\"ge\":1}}");
    CHECK_ERROR(":bool[1..]", "     ^", TSIG_ERR_SYNTAX,
                "a refinement applies to int, float, string and lists", "");
    CHECK_ERROR(":int[>1, <2]", "    ^", TSIG_ERR_SYNTAX,
                "empty range: no value is int > 1 and < 2", "");
}

TEST(a_default_must_be_a_value_of_its_type)
{
    CHECK_AST("(n :int = 3 \"count\") -> :any",
              "{\"params\":[[\"n\",\"int\",{\"default\":3,\"description\":\"count\"}]],\"returns\":\"any\"}");
    CHECK_ERROR("(n :int[1..5] = 9) -> :any", "                ^", TSIG_ERR_SYNTAX,
                "default for n does not match its type: expected int in 1..5, got int 9", "");
}

TEST(a_repeated_key_of_a_default_is_echoed_as_validation_echoes_keys)
{
    /* "\ud800" decodes to no UTF-8: echoed as the escape, as a
     * validation message echoes it, so the message stays UTF-8 */
    CHECK_ERROR("{a :map = {\"\\ud800\": 1, \"\\ud800\": 2}}",
                "                        ^", TSIG_ERR_SYNTAX,
                "duplicate key \"\\ud800\" in a default", "");
    CHECK_ERROR("{a :map = {\"a\\u0001\": 1, \"a\\u0001\": 2}}",
                "                         ^", TSIG_ERR_SYNTAX,
                "duplicate key \"a\\u0001\" in a default", "");
}

TEST(the_star_entry_comes_last_in_a_map)
{
    CHECK_AST("{id :int, * :string}",
              "{\"params\":[],\"returns\":{\"map\":[[\"id\",\"int\"],[\"*\",\"string\"]]}}");
    /* Reported at the token out of place (SPEC §11.7): the "*" an entry
     * follows, or a second "*". */
    CHECK_ERROR("{* :int, id :int}", " ^", TSIG_ERR_SYNTAX,
                "the * entry must be the last entry of a map", "write {id :int, * :string}");
    CHECK_ERROR("{a :int, * :int, * :int}", "                 ^", TSIG_ERR_SYNTAX,
                "the * entry must be the last entry of a map", "write {id :int, * :string}");
}

int main(void)
{
    RUN(signature_with_params_arrow_and_return_type);
    RUN(shorthand_is_a_signature_without_params);
    RUN(param_name_and_type_need_no_space);
    RUN(every_primitive_type_name);
    RUN(boolean_is_an_alias_of_bool);
    RUN(optional_applies_to_any_type);
    RUN(list_holds_one_type);
    RUN(empty_map_is_valid);
    RUN(map_fields_keep_declaration_order);
    RUN(identifiers_are_letters_digits_underscore_dash);
    RUN(whitespace_is_space_tab_newline_and_cr);
    RUN(nodes_record_their_byte_offsets);
    RUN(returns_list_is_true_for_a_list_optional_or_not);
    RUN(accessors_answer_out_of_range_and_null);
    RUN(many_fields_parse_in_linear_time);
    RUN(trailing_comma_is_an_error);
    RUN(empty_element_is_an_error);
    RUN(params_without_arrow_are_an_error);
    RUN(arrow_without_params_is_an_error);
    RUN(empty_or_whitespace_only_signature_is_an_error);
    RUN(text_after_the_signature_is_an_error);
    RUN(type_names_are_case_sensitive_whole_words);
    RUN(unknown_type_is_reported_at_its_colon);
    RUN(colon_needs_a_type_word);
    RUN(duplicate_names_after_normalization_are_an_error);
    RUN(same_name_in_different_maps_is_not_a_duplicate);
    RUN(nesting_up_to_64_levels_is_accepted);
    RUN(nesting_deeper_than_64_levels_is_an_error);
    RUN(nesting_100000_levels_fails_without_using_the_stack);
    RUN(only_newline_starts_a_line);
    RUN(question_mark_must_follow_the_type_directly);
    RUN(one_question_mark_per_type);
    RUN(names_are_ascii_identifiers);
    RUN(a_name_running_into_a_non_ascii_letter_is_an_error_at_that_letter);
    RUN(raw_nul_byte_is_an_error);
    RUN(invalid_utf8_is_an_error);
    RUN(error_names_what_was_expected_and_found);
    RUN(type_word_without_colon_gets_a_hint);
    RUN(hint_list_and_array);
    RUN(hint_tuple);
    RUN(hint_object_dict_hash);
    RUN(hint_case_and_spelling_slips_suggest_the_closest_name);
    RUN(hint_null_nil_optional);
    RUN(hint_empty_list);
    RUN(hint_colon_before_field_name);
    RUN(hint_fat_arrow);
    RUN(long_names_are_cut_in_messages);
    RUN(input_larger_than_the_limit_is_refused_unread);
    RUN(error_text_shows_the_line_and_a_caret);
    RUN(parser_is_usable_after_an_error);
    RUN(enum_values_are_words_numbers_booleans_or_json_strings);
    RUN(enum_values_are_separated_by_spaces_or_a_comma);
    RUN(enum_values_compare_by_exact_value);
    RUN(a_question_mark_goes_once_after_the_last_union_member);
    RUN(refinements_apply_to_numbers_strings_and_lists);
    RUN(a_default_must_be_a_value_of_its_type);
    RUN(a_repeated_key_of_a_default_is_echoed_as_validation_echoes_keys);
    RUN(the_star_entry_comes_last_in_a_map);
    return tsig_test_summary();
}
