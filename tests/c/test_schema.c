/*
 * test_schema.c: to_json_schema, tool_parameters_schema and the strict
 * warnings (SPEC §9), one test per rule and per row of the type table.
 * Schemas are compared as exact text: that also pins compact output and
 * the key order ("type", "properties", "required", "additionalProperties"
 * / "format", "items"). Every schema made here is also checked to be a
 * valid JSON Schema, and every strict one against OpenAI's strict rules.
 */
#include "harness.h"
#include "schema_check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static tsig_signature *parse(const char *text)
{
    tsig_error err;
    tsig_signature *sig = tsig_parse(text, strlen(text), &err);
    if (!sig) tsig_test_fail(__FILE__, __LINE__, "%s: %s", text, err.message);
    return sig;
}

/* Checks shape always, and the strict rules when flags say strict. Returns
 * the strict violations ("" for none; NULL when not strict). */
static char *check_generated(const char *what, const char *schema, unsigned flags)
{
    char why[512];
    if (!tsig_check_schema_shape(schema, strlen(schema), why, sizeof why))
        tsig_test_fail(__FILE__, __LINE__, "%s: not a valid schema: %s\n    %s", what, why, schema);
    if (!(flags & TSIG_SCHEMA_STRICT)) return NULL;
    return tsig_check_openai_strict(schema, strlen(schema));
}

/*
 * to_json_schema(sig, flags) must be want, byte for byte. When strict, the
 * OpenAI rule violations must be exactly allowed ("" for none).
 */
static void expect_schema_at(int line, const char *sig_text, unsigned flags, const char *want,
                             const char *allowed)
{
    tsig_signature *sig = parse(sig_text);
    if (!sig) return;
    size_t len = 0;
    char *got = tsig_to_json_schema(sig, flags, &len);
    if (!tsig_test_check_str(__FILE__, line, sig_text, got, want)) {
        /* reported */
    } else {
        CHECK_INT(len, strlen(got));
        char *violations = check_generated(sig_text, got, flags);
        if (violations && strcmp(violations, allowed ? allowed : "") != 0)
            tsig_test_fail(__FILE__, line, "%s strict violations:\n    got:  %s\n    want: %s",
                           sig_text, violations, allowed ? allowed : "");
        free(violations);
    }
    tsig_free(got);
    tsig_signature_free(sig);
}
#define expect_schema(sig, flags, want) expect_schema_at(__LINE__, sig, flags, want, NULL)

/* As expect_schema, for tool_parameters_schema. */
static void expect_params_at(int line, const char *sig_text, unsigned flags, const char *want)
{
    tsig_signature *sig = parse(sig_text);
    if (!sig) return;
    size_t len = 0;
    char *got = tsig_tool_parameters_schema(sig, flags, &len);
    if (tsig_test_check_str(__FILE__, line, sig_text, got, want)) {
        CHECK_INT(len, strlen(got));
        char *violations = check_generated(sig_text, got, flags);
        if (violations && violations[0])
            tsig_test_fail(__FILE__, line, "%s strict violations: %s", sig_text, violations);
        free(violations);
    }
    tsig_free(got);
    tsig_signature_free(sig);
}
#define expect_params(sig, flags, want) expect_params_at(__LINE__, sig, flags, want)

#define ADDL ",\"additionalProperties\":false}"

/* ---- the type table ------------------------------------------------------ */

TEST(table_string_and_keyword_are_string)
{
    expect_schema(":string", 0, "{\"type\":\"string\"}");
    expect_schema(":keyword", 0, "{\"type\":\"string\"}");
}

TEST(table_datetime_is_string_with_date_time_format)
{
    expect_schema(":datetime", 0, "{\"type\":\"string\",\"format\":\"date-time\"}");
}

TEST(table_int_float_bool_are_integer_number_boolean)
{
    expect_schema(":int", 0, "{\"type\":\"integer\"}");
    expect_schema(":float", 0, "{\"type\":\"number\"}");
    expect_schema(":bool", 0, "{\"type\":\"boolean\"}");
    expect_schema(":boolean", 0, "{\"type\":\"boolean\"}");
}

TEST(table_any_is_the_empty_schema)
{
    expect_schema(":any", 0, "{}");
}

TEST(table_map_is_an_open_object)
{
    expect_schema(":map", 0, "{\"type\":\"object\"}");
}

TEST(table_list_is_an_array_with_items)
{
    expect_schema("{xs [:int]}", 0,
                  "{\"type\":\"object\",\"properties\":{\"xs\":{\"type\":\"array\",\"items\":"
                  "{\"type\":\"integer\"}}},\"required\":[\"xs\"]" ADDL);
    expect_schema("{xs [[:any]]}", 0,
                  "{\"type\":\"object\",\"properties\":{\"xs\":{\"type\":\"array\",\"items\":"
                  "{\"type\":\"array\",\"items\":{}}}},\"required\":[\"xs\"]" ADDL);
}

TEST(table_typed_map_lists_properties_required_and_closes_the_object)
{
    expect_schema("{b :string, a :int, c :float}", 0,
                  "{\"type\":\"object\",\"properties\":{\"b\":{\"type\":\"string\"},\"a\":{\"type\":"
                  "\"integer\"},\"c\":{\"type\":\"number\"}},\"required\":[\"b\",\"a\",\"c\"]" ADDL);
    expect_schema("{}", 0, "{\"type\":\"object\",\"properties\":{},\"required\":[]" ADDL);
}

TEST(table_optional_primitives_use_a_type_array)
{
    static const char *const rows[][2] = {
        {":string?", "{\"type\":[\"string\",\"null\"]}"},
        {":keyword?", "{\"type\":[\"string\",\"null\"]}"},
        {":int?", "{\"type\":[\"integer\",\"null\"]}"},
        {":float?", "{\"type\":[\"number\",\"null\"]}"},
        {":bool?", "{\"type\":[\"boolean\",\"null\"]}"},
        {":map?", "{\"type\":[\"object\",\"null\"]}"},
        {":datetime?", "{\"type\":[\"string\",\"null\"],\"format\":\"date-time\"}"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) expect_schema(rows[i][0], 0, rows[i][1]);
}

TEST(table_optional_lists_and_typed_maps_use_any_of_with_null)
{
    expect_schema("{a :int}?", 0,
                  "{\"anyOf\":[{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"integer\"}},"
                  "\"required\":[\"a\"]" ADDL ",{\"type\":\"null\"}]}");
    expect_schema("{xs [:string]?}", 0,
                  "{\"type\":\"object\",\"properties\":{\"xs\":{\"anyOf\":[{\"type\":\"array\","
                  "\"items\":{\"type\":\"string\"}},{\"type\":\"null\"}]}},\"required\":[]" ADDL);
}

TEST(table_optional_any_is_the_empty_schema)
{
    expect_schema(":any?", 0, "{}");
    expect_schema("{x :any?}", 0,
                  "{\"type\":\"object\",\"properties\":{\"x\":{}},\"required\":[]" ADDL);
}

TEST(optional_fields_are_left_out_of_required)
{
    expect_schema("{z :int, a :int?, m :int, q {r :bool?}?}", 0,
                  "{\"type\":\"object\",\"properties\":{\"z\":{\"type\":\"integer\"},\"a\":{\"type\":"
                  "[\"integer\",\"null\"]},\"m\":{\"type\":\"integer\"},\"q\":{\"anyOf\":[{\"type\":"
                  "\"object\",\"properties\":{\"r\":{\"type\":[\"boolean\",\"null\"]}},\"required\":[]"
                  ADDL ",{\"type\":\"null\"}]}},\"required\":[\"z\",\"m\"]" ADDL);
}

TEST(json_schemas_keep_firewalled_fields_and_names_as_written)
{
    expect_schema("{_raw [:map], order-count :int}", 0,
                  "{\"type\":\"object\",\"properties\":{\"_raw\":{\"type\":\"array\",\"items\":{"
                  "\"type\":\"object\"}},\"order-count\":{\"type\":\"integer\"}},\"required\":[\"_raw\","
                  "\"order-count\"]" ADDL);
}

/* ---- the list wrapper ---------------------------------------------------- */

TEST(list_return_type_is_wrapped_under_items)
{
    expect_schema("() -> [:int]", 0,
                  "{\"type\":\"object\",\"properties\":{\"items\":{\"type\":\"array\",\"items\":{"
                  "\"type\":\"integer\"}}},\"required\":[\"items\"]" ADDL);
    expect_schema("[{id :int}]", 0,
                  "{\"type\":\"object\",\"properties\":{\"items\":{\"type\":\"array\",\"items\":{"
                  "\"type\":\"object\",\"properties\":{\"id\":{\"type\":\"integer\"}},\"required\":"
                  "[\"id\"]" ADDL "}},\"required\":[\"items\"]" ADDL);
}

TEST(optional_list_return_type_is_wrapped_and_items_stays_required)
{
    expect_schema("[:string]?", 0,
                  "{\"type\":\"object\",\"properties\":{\"items\":{\"anyOf\":[{\"type\":\"array\","
                  "\"items\":{\"type\":\"string\"}},{\"type\":\"null\"}]}},\"required\":[\"items\"]"
                  ADDL);
}

TEST(only_list_return_types_are_wrapped)
{
    expect_schema("(xs [:int]) -> :int", 0, "{\"type\":\"integer\"}");
    expect_schema("{items [:int]}", 0,
                  "{\"type\":\"object\",\"properties\":{\"items\":{\"type\":\"array\",\"items\":{"
                  "\"type\":\"integer\"}}},\"required\":[\"items\"]" ADDL);
}

/* ---- strict -------------------------------------------------------------- */

TEST(strict_lists_every_field_in_required_at_every_depth)
{
    expect_schema_at(__LINE__, "{a :int?, b [{c :string?}], d {e :bool?}?}", TSIG_SCHEMA_STRICT,
                     "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":[\"integer\",\"null\"]},"
                     "\"b\":{\"type\":\"array\",\"items\":{\"type\":\"object\",\"properties\":{\"c\":"
                     "{\"type\":[\"string\",\"null\"]}},\"required\":[\"c\"]" ADDL "},\"d\":{\"anyOf\":"
                     "[{\"type\":\"object\",\"properties\":{\"e\":{\"type\":[\"boolean\",\"null\"]}},"
                     "\"required\":[\"e\"]" ADDL ",{\"type\":\"null\"}]}},\"required\":[\"a\",\"b\","
                     "\"d\"]" ADDL,
                     "");
}

TEST(strict_keeps_optionals_nullable)
{
    expect_schema_at(__LINE__, "{at :datetime?, n :float?}", TSIG_SCHEMA_STRICT,
                     "{\"type\":\"object\",\"properties\":{\"at\":{\"type\":[\"string\",\"null\"],"
                     "\"format\":\"date-time\"},\"n\":{\"type\":[\"number\",\"null\"]}},\"required\":"
                     "[\"at\",\"n\"]" ADDL,
                     "");
}

TEST(strict_wraps_list_return_types_like_non_strict)
{
    expect_schema_at(__LINE__, "[{id :int, note :string?}]", TSIG_SCHEMA_STRICT,
                     "{\"type\":\"object\",\"properties\":{\"items\":{\"type\":\"array\",\"items\":{"
                     "\"type\":\"object\",\"properties\":{\"id\":{\"type\":\"integer\"},\"note\":{\"type"
                     "\":[\"string\",\"null\"]}},\"required\":[\"id\",\"note\"]" ADDL "}},\"required\":"
                     "[\"items\"]" ADDL,
                     "");
}

/* Decision (src/conversions/schema.c): strict never changes a schema's shape. A scalar
 * return type stays unwrapped, so its root is not an object, which OpenAI's
 * strict mode refuses: the checker says so, and the caller is told to use a
 * typed map return type. */
TEST(strict_scalar_return_type_is_not_wrapped)
{
    expect_schema_at(__LINE__, ":int", TSIG_SCHEMA_STRICT, "{\"type\":\"integer\"}",
                     "#: the root must be an object schema");
    expect_schema_at(__LINE__, "{a :int}?", TSIG_SCHEMA_STRICT,
                     "{\"anyOf\":[{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"integer\"}},"
                     "\"required\":[\"a\"]" ADDL ",{\"type\":\"null\"}]}",
                     "#: the root must be an object schema");
}

/* Decision: :any and :map are written as in the table under strict too
 * (vectors json-schema-0060 and -0087); OpenAI's strict mode cannot express
 * either, and the checker names exactly those places. */
TEST(strict_any_and_map_are_written_as_they_are)
{
    expect_schema_at(__LINE__, "{x :any, m :map?, y :any?}", TSIG_SCHEMA_STRICT,
                     "{\"type\":\"object\",\"properties\":{\"x\":{},\"m\":{\"type\":[\"object\","
                     "\"null\"]},\"y\":{}},\"required\":[\"x\",\"m\",\"y\"]" ADDL,
                     "#/properties/x: empty schema has no type\n"
                     "#/properties/m: open object (no properties, additionalProperties not false)\n"
                     "#/properties/y: empty schema has no type");
}

TEST(strict_schemas_of_typed_maps_and_lists_meet_openai_rules)
{
    static const char *const sigs[] = {
        "{a :int, b :string?, c {d :bool?}}",
        "[{id :int, tags [:keyword], at :datetime?}]",
        "[[:float]]?",
        "{user {profile {settings {theme {colors {primary :string}}}}}}",
        "{}",
        "[{}]",
        "{xs [{y [{z :int?}]?}]?}",
    };
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
        tsig_signature *sig = parse(sigs[i]);
        char *got = sig ? tsig_to_json_schema(sig, TSIG_SCHEMA_STRICT, NULL) : NULL;
        char *violations = got ? check_generated(sigs[i], got, TSIG_SCHEMA_STRICT) : NULL;
        if (!violations || violations[0])
            tsig_test_fail(__FILE__, __LINE__, "%s: %s\n    %s", sigs[i],
                           violations ? violations : "NULL", got ? got : "NULL");
        free(violations);
        tsig_free(got);
        tsig_signature_free(sig);
    }
}

/* The checkers themselves: each rule can fail. */
TEST(schema_checkers_catch_each_broken_rule)
{
    static const char *const bad_shapes[] = {
        "{\"type\":\"wat\"}",
        "{\"type\":[]}",
        "{\"type\":[\"string\",\"string\"]}",
        "{\"type\":\"object\",\"properties\":{\"a\":{}},\"required\":[\"b\"]}",
        "{\"type\":\"object\",\"properties\":{\"a\":{}},\"required\":[\"a\",\"a\"]}",
        "{\"properties\":{},\"type\":\"object\"}",
        "{\"type\":\"array\"}",
        "{\"type\":\"string\",\"items\":{}}",
        "{\"type\":\"integer\",\"format\":\"date-time\"}",
        "{\"anyOf\":[]}",
        "{\"type\":\"integer\",\"minLength\":1}",
        "{\"type\":\"string\",\"minimum\":1}",
        "{\"type\":\"array\",\"items\":{},\"minItems\":-1}",
        "{\"type\":\"string\",\"maxLength\":1.5}",
        "{\"enum\":[]}",
        "{\"type\":\"string\",\"description\":5}",
        "{\"minimum\":1,\"type\":\"integer\"}",
        "5",
    };
    for (size_t i = 0; i < sizeof bad_shapes / sizeof bad_shapes[0]; i++) {
        char why[256];
        CHECK(!tsig_check_schema_shape(bad_shapes[i], strlen(bad_shapes[i]), why, sizeof why));
        CHECK(why[0] == '#' || strcmp(why, "not JSON") == 0 || why[0] != '\0');
    }
    static const char *const strict_cases[][2] = {
        {"{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"integer\"}},\"required\":[]"
         ",\"additionalProperties\":false}",
         "#/properties/a: property not listed in required"},
        {"{\"type\":\"object\",\"properties\":{},\"required\":[]}",
         "#: additionalProperties must be false"},
        {"{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\",\"format\":\"uri\"}},"
         "\"required\":[\"a\"],\"additionalProperties\":false}",
         "#/properties/a: unsupported format"},
        {"{\"type\":[\"object\",\"null\"],\"properties\":{},\"required\":[],"
         "\"additionalProperties\":false}",
         "#: the root must be an object schema"},
    };
    for (size_t i = 0; i < sizeof strict_cases / sizeof strict_cases[0]; i++) {
        char *v = tsig_check_openai_strict(strict_cases[i][0], strlen(strict_cases[i][0]));
        CHECK_STR(v, strict_cases[i][1]);
        free(v);
    }
    /* 11 levels of nested objects. */
    char deep[2048] = "";
    for (int i = 0; i < 11; i++)
        strcat(deep, "{\"type\":\"object\",\"properties\":{\"a\":");
    strcat(deep, "{\"type\":\"integer\"}");
    for (int i = 0; i < 11; i++) strcat(deep, "},\"required\":[\"a\"],\"additionalProperties\":false}");
    char *v = tsig_check_openai_strict(deep, strlen(deep));
    CHECK(v && strstr(v, "more than 10 levels of nested objects"));
    free(v);
}

/* ---- tool_parameters_schema ---------------------------------------------- */

TEST(tool_parameters_are_one_object_built_like_a_typed_map)
{
    expect_params("(query :string, limit :int?, at :datetime, x :any) -> :int", 0,
                  "{\"type\":\"object\",\"properties\":{\"query\":{\"type\":\"string\"},\"limit\":{"
                  "\"type\":[\"integer\",\"null\"]},\"at\":{\"type\":\"string\",\"format\":\"date-time"
                  "\"},\"x\":{}},\"required\":[\"query\",\"at\",\"x\"]" ADDL);
}

TEST(tool_parameters_required_is_present_even_when_empty)
{
    expect_params("() -> :int", 0, "{\"type\":\"object\",\"properties\":{},\"required\":[]" ADDL);
    expect_params("{a :int}", 0, "{\"type\":\"object\",\"properties\":{},\"required\":[]" ADDL);
    expect_params("(a :int?, b [:string]?) -> :any", 0,
                  "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":[\"integer\",\"null\"]},\"b\":"
                  "{\"anyOf\":[{\"type\":\"array\",\"items\":{\"type\":\"string\"}},{\"type\":\"null\"}]}},"
                  "\"required\":[]" ADDL);
}

TEST(tool_parameters_strict_lists_every_parameter)
{
    expect_params("(a :int?, cfg {host :string, port :int?}) -> :any", TSIG_SCHEMA_STRICT,
                  "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":[\"integer\",\"null\"]},"
                  "\"cfg\":{\"type\":\"object\",\"properties\":{\"host\":{\"type\":\"string\"},\"port\":"
                  "{\"type\":[\"integer\",\"null\"]}},\"required\":[\"host\",\"port\"]" ADDL "},"
                  "\"required\":[\"a\",\"cfg\"]" ADDL);
    expect_params("() -> :any", TSIG_SCHEMA_STRICT,
                  "{\"type\":\"object\",\"properties\":{},\"required\":[]" ADDL);
}

TEST(tool_parameters_keep_firewalled_parameters_and_names_as_written)
{
    expect_params("(_token :string, user-id :int) -> :any", 0,
                  "{\"type\":\"object\",\"properties\":{\"_token\":{\"type\":\"string\"},\"user-id\":{"
                  "\"type\":\"integer\"}},\"required\":[\"_token\",\"user-id\"]" ADDL);
}

/* ---- limits and arguments ------------------------------------------------ */

TEST(deepest_signatures_give_valid_schemas)
{
    char text[512] = "";
    for (int i = 0; i < 64; i++) strcat(text, "[");
    strcat(text, ":int?");
    for (int i = 0; i < 64; i++) strcat(text, "]?");
    tsig_signature *sig = parse(text);
    char *got = sig ? tsig_to_json_schema(sig, 0, NULL) : NULL;
    CHECK(got != NULL);
    if (got) free(check_generated("64 lists", got, 0));
    tsig_free(got);
    tsig_signature_free(sig);

    strcpy(text, "");
    for (int i = 0; i < 64; i++) strcat(text, "{a ");
    strcat(text, ":int");
    for (int i = 0; i < 64; i++) strcat(text, "}");
    sig = parse(text);
    got = sig ? tsig_to_json_schema(sig, TSIG_SCHEMA_STRICT, NULL) : NULL;
    CHECK(got != NULL);
    if (got) free(check_generated("64 maps", got, 0));
    tsig_free(got);
    tsig_signature_free(sig);
}

TEST(null_signature_gives_null)
{
    size_t len = 7;
    CHECK(tsig_to_json_schema(NULL, 0, &len) == NULL);
    CHECK_INT(len, 0);
    CHECK(tsig_tool_parameters_schema(NULL, 0, NULL) == NULL);
}

/* ---- what strict mode cannot say ----------------------------------------- */

/* Each place of the strict schema OpenAI's strict mode rejects is one
 * message, its JSON Pointer into the schema first, in the schema's order. */
TEST(strict_warnings_are_one_message_per_place)
{
    tsig_signature *sig =
        parse("(meta :map, q :string, tags {* :string}) -> [{a :any, b :string[..5]}]");
    tsig_messages w;
    CHECK_INT(tsig_strict_warnings(sig, 1, &w), TSIG_OK);
    CHECK_INT(w.count, 2);
    if (w.count == 2) {
        CHECK_STR(w.items[0], "#/properties/meta: :map is an open object; OpenAI strict mode "
                              "requires \"additionalProperties\": false and every property "
                              "listed (use a typed map)");
        CHECK_STR(w.items[1], "#/properties/tags: the typed extra fields (* T) are written as "
                              "an open object, as :map is; OpenAI strict mode requires "
                              "\"additionalProperties\": false");
    }
    tsig_messages_free(&w);
    CHECK_INT(tsig_strict_warnings(sig, 0, &w), TSIG_OK);
    CHECK_INT(w.count, 2);
    if (w.count == 2) {
        CHECK_STR(w.items[0], "#/properties/items/items/properties/a: :any is written as {}, "
                              "with no type; OpenAI strict mode requires one");
        CHECK_STR(w.items[1], "#/properties/items/items/properties/b: the length bounds of the "
                              "string are left out; OpenAI strict mode rejects minLength and "
                              "maxLength (validation still checks them)");
    }
    tsig_messages_free(&w);
    tsig_signature_free(sig);
}

TEST(strict_warnings_of_a_schema_strict_mode_takes_are_none)
{
    tsig_signature *sig = parse("(q :string, n :int[1..5], e :enum[a b]?) -> {ok :bool}");
    tsig_messages w;
    for (int params = 0; params < 2; params++) {
        CHECK_INT(tsig_strict_warnings(sig, params, &w), TSIG_OK);
        CHECK_INT(w.count, 0);
        CHECK(w.items == NULL);
        tsig_messages_free(&w);
    }
    tsig_signature_free(sig);
}

TEST(strict_warnings_need_a_signature_and_a_list)
{
    tsig_signature *sig = parse(":int");
    tsig_messages w;
    CHECK_INT(tsig_strict_warnings(NULL, 0, &w), TSIG_ERR_ARGUMENT);
    CHECK(w.count == 0 && w.items == NULL);
    CHECK_INT(tsig_strict_warnings(sig, 0, NULL), TSIG_ERR_ARGUMENT);
    tsig_signature_free(sig);
}

/* ---- the round trip ------------------------------------------------------ */

/*
 * from_json_schema(to_json_schema(T)) is T, strict or not, with the two
 * losses the table implies: :keyword is a string ({"type":"string"}), and a
 * list return type comes back inside its {items ...} wrapper. Under strict,
 * an optional :any field (written {} and required) reads back as :any.
 */
TEST(schemas_read_back_as_the_same_types)
{
    static const char *const rows[][3] = {
        /* signature, read back, read back from strict */
        {":string", ":string", ":string"},
        {":keyword?", ":string?", ":string?"},
        {":datetime?", ":datetime?", ":datetime?"},
        {":any", ":any", ":any"},
        {":map?", ":map?", ":map?"},
        {"[:int]", "{items [:int]}", "{items [:int]}"},
        {"[:int]?", "{items [:int]?}", "{items [:int]?}"},
        {"{a :int, b :string?, c {d :bool?}?}", "{a :int, b :string?, c {d :bool?}?}",
         "{a :int, b :string?, c {d :bool?}?}"},
        {"{xs [{y :float}]?, _raw :map, user-id :int}", "{xs [{y :float}]?, _raw :map, user-id :int}",
         "{xs [{y :float}]?, _raw :map, user-id :int}"},
        {"{x :any?, y :any}", "{x :any?, y :any}", "{x :any, y :any}"},
        {"{}?", "{}?", "{}?"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        for (int strict = 0; strict < 2; strict++) {
            tsig_signature *sig = parse(rows[i][0]);
            char *schema = sig ? tsig_to_json_schema(sig, strict ? TSIG_SCHEMA_STRICT : 0, NULL) : NULL;
            if (schema) free(check_generated(rows[i][0], schema, 0));
            tsig_error err;
            tsig_messages warnings;
            tsig_signature *back =
                schema ? tsig_from_json_schema(schema, strlen(schema), 0, &warnings, &err) : NULL;
            char *text = back ? tsig_format(back, 0, NULL) : NULL;
            CHECK_STR(text, rows[i][1 + strict]);
            if (back) CHECK_INT(warnings.count, 0);
            tsig_free(text);
            tsig_messages_free(&warnings);
            tsig_signature_free(back);
            tsig_free(schema);
            tsig_signature_free(sig);
        }
    }
}

TEST(tool_parameters_read_back_as_the_parameters)
{
    const char *text = "(query :string, limit :int?, filter {tag :keyword, since :datetime?}?) -> :any";
    tsig_signature *sig = parse(text);
    char *params = sig ? tsig_tool_parameters_schema(sig, 0, NULL) : NULL;
    if (params) free(check_generated(text, params, 0));
    char tool[2048];
    snprintf(tool, sizeof tool, "{\"name\":\"search\",\"inputSchema\":%s}", params ? params : "null");
    tsig_error err;
    tsig_signature *back = tsig_tool_from_json(tool, strlen(tool), 0, NULL, &err);
    char *got = back ? tsig_format(back, 0, NULL) : NULL;
    CHECK_STR(got, "(query :string, limit :int?, filter {tag :string, since :datetime?}?) -> :any");
    tsig_free(got);
    tsig_signature_free(back);
    tsig_free(params);
    tsig_signature_free(sig);
}

int main(void)
{
    RUN(table_string_and_keyword_are_string);
    RUN(table_datetime_is_string_with_date_time_format);
    RUN(table_int_float_bool_are_integer_number_boolean);
    RUN(table_any_is_the_empty_schema);
    RUN(table_map_is_an_open_object);
    RUN(table_list_is_an_array_with_items);
    RUN(table_typed_map_lists_properties_required_and_closes_the_object);
    RUN(table_optional_primitives_use_a_type_array);
    RUN(table_optional_lists_and_typed_maps_use_any_of_with_null);
    RUN(table_optional_any_is_the_empty_schema);
    RUN(optional_fields_are_left_out_of_required);
    RUN(json_schemas_keep_firewalled_fields_and_names_as_written);
    RUN(list_return_type_is_wrapped_under_items);
    RUN(optional_list_return_type_is_wrapped_and_items_stays_required);
    RUN(only_list_return_types_are_wrapped);
    RUN(strict_lists_every_field_in_required_at_every_depth);
    RUN(strict_keeps_optionals_nullable);
    RUN(strict_wraps_list_return_types_like_non_strict);
    RUN(strict_scalar_return_type_is_not_wrapped);
    RUN(strict_any_and_map_are_written_as_they_are);
    RUN(strict_schemas_of_typed_maps_and_lists_meet_openai_rules);
    RUN(schema_checkers_catch_each_broken_rule);
    RUN(tool_parameters_are_one_object_built_like_a_typed_map);
    RUN(tool_parameters_required_is_present_even_when_empty);
    RUN(tool_parameters_strict_lists_every_parameter);
    RUN(tool_parameters_keep_firewalled_parameters_and_names_as_written);
    RUN(deepest_signatures_give_valid_schemas);
    RUN(null_signature_gives_null);
    RUN(strict_warnings_are_one_message_per_place);
    RUN(strict_warnings_of_a_schema_strict_mode_takes_are_none);
    RUN(strict_warnings_need_a_signature_and_a_list);
    RUN(schemas_read_back_as_the_same_types);
    RUN(tool_parameters_read_back_as_the_parameters);
    return tsig_test_summary();
}
