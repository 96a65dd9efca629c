/*
 * test_schema_import.c: from_json_schema and tool_from_json (SPEC §9), one
 * test per rule. Results are compared as canonical text (tsig_format),
 * errors and warnings as exact messages, so the wording is pinned too.
 */
#include "harness.h"
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LOSSY TSIG_SCHEMA_LOSSY

/* Compares the warnings with want (NULL-terminated list). */
static void check_warnings(int line, const char *input, const tsig_messages *got,
                           const char *const *want)
{
    size_t n = 0;
    while (want && want[n]) n++;
    if (got->count != n) {
        tsig_test_fail(__FILE__, line, "%s: %zu warnings, want %zu", input, got->count, n);
        for (size_t i = 0; i < got->count; i++) printf("    got warning: %s\n", got->items[i]);
        return;
    }
    for (size_t i = 0; i < n; i++) tsig_test_check_str(__FILE__, line, input, got->items[i], want[i]);
}

typedef tsig_signature *(*import_fn)(const char *, size_t, unsigned, tsig_messages *,
                                     tsig_error *);

/* fn(input, flags) succeeds, prints as want, with exactly the warnings
 * listed (a NULL-terminated list; NULL for none). */
static void expect_ok_at(int line, import_fn fn, const char *input, unsigned flags,
                         const char *want, const char *const *warnings)
{
    tsig_messages msgs;
    tsig_error err;
    tsig_signature *sig = fn(input, strlen(input), flags, &msgs, &err);
    if (!sig) {
        tsig_test_fail(__FILE__, line, "%s: failed: %s", input, err.message);
        return;
    }
    char *got = tsig_format(sig, 0, NULL);
    tsig_test_check_str(__FILE__, line, input, got, want);
    check_warnings(line, input, &msgs, warnings);
    tsig_free(got);
    tsig_messages_free(&msgs);
    tsig_signature_free(sig);
}

/* fn(input, flags) fails with code and exactly message. */
static void expect_error_at(int line, import_fn fn, const char *input, unsigned flags,
                            tsig_code code, const char *message)
{
    tsig_messages msgs;
    tsig_error err;
    tsig_signature *sig = fn(input, strlen(input), flags, &msgs, &err);
    if (sig) {
        char *got = tsig_format(sig, 0, NULL);
        tsig_test_fail(__FILE__, line, "%s: accepted as %s", input, got ? got : "?");
        tsig_free(got);
        tsig_signature_free(sig);
        tsig_messages_free(&msgs);
        return;
    }
    if (err.code != code)
        tsig_test_fail(__FILE__, line, "%s: code %s, want %s", input, tsig_code_name(err.code),
                       tsig_code_name(code));
    tsig_test_check_str(__FILE__, line, input, err.message, message);
    if (msgs.count != 0 || msgs.items != NULL)
        tsig_test_fail(__FILE__, line, "%s: warnings handed out on failure", input);
}

#define W(...) ((const char *const[]){__VA_ARGS__, NULL})
#define OK(schema, want) expect_ok_at(__LINE__, tsig_from_json_schema, schema, 0, want, NULL)
#define OK_LOSSY(schema, want, warnings) \
    expect_ok_at(__LINE__, tsig_from_json_schema, schema, LOSSY, want, warnings)
#define ERR(schema, message) \
    expect_error_at(__LINE__, tsig_from_json_schema, schema, 0, TSIG_ERR_SCHEMA, message)
#define TOOL_OK(tool, flags, want, warnings) \
    expect_ok_at(__LINE__, tsig_tool_from_json, tool, flags, want, warnings)
#define TOOL_ERR(tool, message) \
    expect_error_at(__LINE__, tsig_tool_from_json, tool, 0, TSIG_ERR_SCHEMA, message)

/* ======================================================================
 * What is accepted
 * =================================================================== */

TEST(empty_schema_is_any)
{
    OK("{}", ":any");
    OK("  {\n}\n", ":any");
}

TEST(string_integer_number_boolean_are_primitives)
{
    OK("{\"type\":\"string\"}", ":string");
    OK("{\"type\":\"integer\"}", ":int");
    OK("{\"type\":\"number\"}", ":float");
    OK("{\"type\":\"boolean\"}", ":bool");
    OK("{\"type\":[\"integer\"]}", ":int");
}

TEST(format_date_time_is_datetime)
{
    OK("{\"type\":\"string\",\"format\":\"date-time\"}", ":datetime");
    OK("{\"format\":\"date-time\",\"type\":\"string\"}", ":datetime");
    OK("{\"type\":[\"null\",\"string\"],\"format\":\"date-time\"}", ":datetime?");
}

TEST(other_formats_are_ignored)
{
    OK("{\"type\":\"string\",\"format\":\"email\"}", ":string");
    OK("{\"type\":\"string\",\"format\":\"uuid\"}", ":string");
    OK("{\"type\":\"string\",\"format\":\"date\"}", ":string");
    OK("{\"type\":\"integer\",\"format\":\"int64\"}", ":int");
    /* date-time only describes strings. */
    OK("{\"type\":\"integer\",\"format\":\"date-time\"}", ":int");
    OK("{\"format\":\"date-time\"}", ":any");
}

TEST(array_with_items_is_a_list)
{
    OK("{\"type\":\"array\",\"items\":{\"type\":\"number\"}}", "[:float]");
    OK("{\"type\":\"array\",\"items\":{}}", "[:any]");
    OK("{\"type\":\"array\",\"items\":{\"type\":\"array\",\"items\":{\"type\":\"boolean\"}}}",
       "[[:bool]]");
}

TEST(object_with_properties_is_a_typed_map_in_document_order)
{
    OK("{\"type\":\"object\",\"properties\":{\"zeta\":{\"type\":\"integer\"},\"alpha\":{\"type\":"
       "\"string\"},\"mid-name\":{}},\"required\":[\"alpha\",\"zeta\",\"mid-name\"]}",
       "{zeta :int, alpha :string, mid-name :any}");
}

TEST(properties_not_required_are_optional)
{
    OK("{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"integer\"},\"b\":{\"type\":\"string\"}},"
       "\"required\":[\"b\"]}",
       "{a :int?, b :string}");
    OK("{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"integer\"}}}", "{a :int?}");
    /* required may come before properties. */
    OK("{\"required\":[\"a\"],\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"integer\"}}}",
       "{a :int}");
}

TEST(nullable_and_not_required_is_one_question_mark)
{
    OK("{\"type\":\"object\",\"properties\":{\"a\":{\"type\":[\"integer\",\"null\"]},\"b\":{\"anyOf\":"
       "[{\"type\":\"array\",\"items\":{}},{\"type\":\"null\"}]}}}",
       "{a :int?, b [:any]?}");
}

TEST(object_without_properties_is_map)
{
    OK("{\"type\":\"object\"}", ":map");
    OK("{\"type\":\"object\",\"additionalProperties\":false}", ":map");
    OK("{\"type\":\"object\",\"additionalProperties\":{}}", ":map");
    OK("{\"type\":\"object\",\"additionalProperties\":{\"description\":\"any\"}}", ":map");
    OK("{\"type\":[\"object\",\"null\"]}", ":map?");
}

TEST(empty_properties_is_an_empty_typed_map)
{
    OK("{\"type\":\"object\",\"properties\":{}}", "{}");
    OK("{\"type\":\"object\",\"properties\":{},\"required\":[]}", "{}");
}

TEST(type_array_with_null_is_optional_in_either_order)
{
    OK("{\"type\":[\"string\",\"null\"]}", ":string?");
    OK("{\"type\":[\"null\",\"integer\"]}", ":int?");
    OK("{\"type\":[\"array\",\"null\"],\"items\":{\"type\":\"string\"}}", "[:string]?");
    OK("{\"type\":[\"object\",\"null\"],\"properties\":{\"a\":{\"type\":\"integer\"}},"
       "\"required\":[\"a\"]}",
       "{a :int}?");
}

TEST(any_of_with_null_is_optional_in_either_order)
{
    OK("{\"anyOf\":[{\"type\":\"string\"},{\"type\":\"null\"}]}", ":string?");
    OK("{\"anyOf\":[{\"type\":\"null\",\"description\":\"none\"},{\"type\":\"object\","
       "\"properties\":{\"k\":{\"type\":\"string\"}},\"required\":[\"k\"]}]}",
       "{k :string}?");
    /* Already nullable inside: still one "?". */
    OK("{\"anyOf\":[{\"type\":[\"integer\",\"null\"]},{\"type\":\"null\"}]}", ":int?");
    OK("{\"anyOf\":[{},{\"type\":\"null\"}]}", ":any");
    OK("{\"anyOf\":[{\"anyOf\":[{\"type\":\"string\"},{\"type\":\"null\"}]},{\"type\":\"null\"}]}",
       ":string?");
}

TEST(annotations_are_accepted_and_ignored)
{
    OK("{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\",\"$id\":\"urn:x\","
       "\"title\":\"T\",\"description\":\"D\",\"type\":\"object\",\"properties\":{\"a\":{\"type\":"
       "\"integer\",\"examples\":[1,{\"enum\":[]}],\"$comment\":\"c\",\"deprecated\":true,"
       "\"readOnly\":false,\"writeOnly\":false}},\"required\":[\"a\"],\"additionalProperties\":true}",
       "{a :int}");
    OK("{\"description\":\"anything\"}", ":any");
}

TEST(list_wrapper_is_not_unwrapped)
{
    OK("{\"type\":\"object\",\"properties\":{\"items\":{\"type\":\"array\",\"items\":{\"type\":"
       "\"integer\"}}},\"required\":[\"items\"],\"additionalProperties\":false}",
       "{items [:int]}");
}

TEST(firewalled_and_dashed_names_are_kept_as_written)
{
    OK("{\"type\":\"object\",\"properties\":{\"_raw\":{\"type\":\"object\"},\"order-count\":{\"type\":"
       "\"integer\"}},\"required\":[\"_raw\",\"order-count\"]}",
       "{_raw :map, order-count :int}");
}

/* ======================================================================
 * What is an error, at which pointer
 * =================================================================== */

TEST(other_keywords_are_errors_at_their_pointer)
{
    static const char *const keywords[] = {
        "multipleOf", "pattern", "uniqueItems", "minProperties", "maxProperties",
        "patternProperties", "propertyNames", "not", "if", "$anchor", "x-order",
        "contentMediaType", "unevaluatedProperties", "dependentRequired",
    };
    for (size_t i = 0; i < sizeof keywords / sizeof keywords[0]; i++) {
        char schema[128], message[128];
        snprintf(schema, sizeof schema, "{\"type\":\"string\",\"%s\":1}", keywords[i]);
        snprintf(message, sizeof message, "#/%s: unsupported %s", keywords[i], keywords[i]);
        ERR(schema, message);
    }
    /* A keyword that is not a plain word is echoed quoted and cut. */
    ERR("{\"a b\":1}", "#/a b: unsupported \"a b\"");
}

TEST(any_of_and_type_arrays_are_unions)
{
    OK("{\"type\":\"object\",\"properties\":{\"filter\":{\"anyOf\":[{\"type\":\"string\"},{\"type\":"
       "\"integer\"}]}}}",
       "{filter :string|:int?}");
    OK("{\"anyOf\":[{\"type\":\"string\"}]}", ":string");
    OK("{\"anyOf\":[{\"type\":\"string\"},{\"type\":\"integer\"},{\"type\":\"null\"}]}", ":string|:int?");
    OK("{\"type\":[\"integer\",\"number\",\"null\"]}", ":int|:float?");
    /* nested unions are flattened, a member written twice is one */
    OK("{\"anyOf\":[{\"anyOf\":[{\"type\":\"string\"},{\"type\":\"boolean\"}]},{\"type\":\"string\"}]}",
       ":string|:bool");
    /* in a type array each type takes its own keywords */
    OK("{\"type\":[\"string\",\"integer\"],\"minLength\":1,\"minimum\":0}", ":string[>=1]|:int[>=0]");
    ERR("{\"anyOf\":[{\"type\":\"null\"},{\"type\":\"null\"}]}", "#/anyOf: unsupported type \"null\"");
    ERR("{\"anyOf\":{}}", "#/anyOf: expected a non-empty array of schemas, found an object");
    /* Beside a type, a combinator is an error. */
    ERR("{\"type\":\"string\",\"anyOf\":[{\"type\":\"string\"},{\"type\":\"null\"}]}",
        "#/anyOf: unsupported anyOf beside type or enum");
    /* The inner schema is read with its own pointer. */
    ERR("{\"anyOf\":[{\"type\":\"null\"},{\"type\":\"string\",\"pattern\":\"x\"}]}",
        "#/anyOf/1/pattern: unsupported pattern");
}

TEST(one_of_is_a_union_of_disjoint_members)
{
    OK("{\"oneOf\":[{\"type\":\"string\"},{\"type\":\"null\"}]}", ":string?");
    OK("{\"oneOf\":[{\"enum\":[\"a\"]},{\"enum\":[\"b\",1]}]}", ":enum[a]|:enum[b 1]");
    ERR("{\"oneOf\":[{\"type\":\"integer\"},{\"type\":\"number\"}]}", "#/oneOf: oneOf members overlap");
    ERR("{\"oneOf\":[{\"type\":\"object\"},{\"type\":\"object\",\"properties\":{}}]}",
        "#/oneOf: oneOf members overlap");
    OK_LOSSY("{\"oneOf\":[{\"type\":\"integer\"},{\"type\":\"number\"}]}", ":int|:float",
             W("#/oneOf: oneOf members overlap, oneOf read as anyOf"));
}

TEST(one_of_holding_an_empty_schema_beside_another_member_overlaps)
{
    /* {} takes every value, null too: only an anyOf holding it is :any. */
    ERR("{\"oneOf\":[{\"type\":\"number\"},{}]}", "#/oneOf: oneOf members overlap");
    ERR("{\"oneOf\":[{\"type\":\"null\"},{}]}", "#/oneOf: oneOf members overlap");
    OK_LOSSY("{\"oneOf\":[{},{\"type\":\"number\"}]}", ":any",
             W("#/oneOf: oneOf members overlap, oneOf read as anyOf"));
    OK("{\"oneOf\":[{}]}", ":any");
    OK("{\"anyOf\":[{\"type\":\"number\"},{}]}", ":any");
}

TEST(one_of_members_are_judged_as_written)
{
    /* Two members taking null overlap on it; equal members overlap; the
     * members of an anyOf inside are not judged against each other. */
    ERR("{\"oneOf\":[{\"type\":[\"string\",\"null\"]},{\"type\":\"null\"}]}",
        "#/oneOf: oneOf members overlap");
    ERR("{\"oneOf\":[{\"type\":\"string\",\"nullable\":true},{\"type\":[\"integer\",\"null\"]}]}",
        "#/oneOf: oneOf members overlap");
    ERR("{\"oneOf\":[{\"type\":\"string\"},{\"type\":\"string\"}]}", "#/oneOf: oneOf members overlap");
    ERR("{\"oneOf\":[{\"anyOf\":[{\"type\":\"string\"},{\"type\":\"integer\"}]},{\"type\":\"number\"}]}",
        "#/oneOf: oneOf members overlap");
    OK("{\"oneOf\":[{\"anyOf\":[{\"type\":\"integer\"},{\"type\":\"number\"}]},{\"type\":\"boolean\"}]}",
       ":int|:float|:bool");
    OK("{\"oneOf\":[{\"type\":[\"string\",\"null\"]},{\"type\":\"integer\"}]}", ":string|:int?");
}

TEST(all_of_of_one_schema_is_that_schema)
{
    OK("{\"allOf\":[{\"type\":\"string\"}],\"description\":\"d\"}", ":string");
    ERR("{\"allOf\":[{\"type\":\"string\"},{\"minLength\":1}]}", "#/allOf: allOf of several schemas");
}

TEST(enum_and_const_are_enums)
{
    OK("{\"enum\":[\"a\",\"b\"]}", ":enum[a b]");
    OK("{\"enum\":[\"a\",\"a\",1,1.0]}", ":enum[a 1]");
    OK("{\"const\":\"a\"}", ":enum[a]");
    OK("{\"enum\":[1,2.0,12345678901234567890]}", ":enum[1 2.0 12345678901234567890]");
    OK("{\"enum\":[\"a\",null]}", ":enum[a]?");
    ERR("{\"enum\":[null]}", "#/enum: an enum of null alone: write the type with \"null\"");
    ERR("{\"enum\":[]}", "#/enum: empty enum");
    ERR("{\"enum\":\"a\"}", "#/enum: expected an array of values");
    ERR("{\"enum\":[{}]}", "#/enum: enums of objects or lists are not supported");
    OK_LOSSY("{\"enum\":[[1],\"a\"]}", ":any",
             W("#/enum: enums of objects or lists are not supported, widened to :any"));
}

TEST(enum_beside_type_is_their_intersection)
{
    OK("{\"type\":\"string\",\"enum\":[\"a\",1,\"bb\"],\"maxLength\":1}", ":enum[a]");
    OK("{\"type\":\"integer\",\"enum\":[1,2.0,2.5,\"x\"],\"minimum\":2}", ":enum[2.0]");
    OK("{\"type\":[\"integer\",\"null\"],\"const\":3}", ":enum[3]");
    OK("{\"type\":[\"integer\",\"null\"],\"enum\":[3,null]}", ":enum[3]?");
    OK("{\"type\":\"integer\",\"enum\":[3,null]}", ":enum[3]");
    ERR("{\"type\":\"string\",\"enum\":[1]}", "#/enum: no value of the enum is of the type");
    OK_LOSSY("{\"type\":\"string\",\"enum\":[1]}", ":string",
             W("#/enum: no value of the enum is of the type, dropped"));
}

TEST(bounds_are_refinements)
{
    OK("{\"type\":\"integer\",\"minimum\":1,\"maximum\":100}", ":int[1..100]");
    OK("{\"type\":\"number\",\"exclusiveMinimum\":0,\"maximum\":1.50}", ":float[>0, <=1.50]");
    OK("{\"type\":\"number\",\"minimum\":0,\"exclusiveMinimum\":true}", ":float[>0]");
    OK("{\"type\":\"number\",\"maximum\":0,\"exclusiveMaximum\":false}", ":float[<=0]");
    /* the tighter of minimum and exclusiveMinimum; equal: exclusive */
    OK("{\"type\":\"integer\",\"minimum\":5,\"exclusiveMinimum\":2}", ":int[>=5]");
    OK("{\"type\":\"integer\",\"minimum\":2,\"exclusiveMinimum\":2}", ":int[>2]");
    OK("{\"type\":\"integer\",\"maximum\":2,\"exclusiveMaximum\":9}", ":int[<=2]");
    OK("{\"type\":\"string\",\"minLength\":1,\"maxLength\":5}", ":string[1..5]");
    OK("{\"type\":\"array\",\"items\":{},\"maxItems\":5}", "[:any][<=5]");
    ERR("{\"type\":\"string\",\"minLength\":-1}", "#/minLength: expected a non-negative integer, found a number");
    ERR("{\"type\":\"string\",\"minLength\":1.5}",
        "#/minLength: expected a non-negative integer, found a number");
    ERR("{\"type\":\"integer\",\"minimum\":\"1\"}", "#/minimum: expected a number, found a string");
    ERR("{\"type\":\"string\",\"minimum\":1}", "#/minimum: unsupported minimum outside a number schema");
    ERR("{\"type\":\"integer\",\"minimum\":2,\"maximum\":1}", "#: empty range: no value is int in 2..1");
    OK_LOSSY("{\"type\":\"integer\",\"exclusiveMinimum\":1,\"exclusiveMaximum\":2}", ":int",
             W("#: empty range: no value is int > 1 and < 2, bounds dropped"));
}

TEST(description_and_default_of_a_property_are_the_fields)
{
    OK("{\"type\":\"object\",\"properties\":{\"n\":{\"type\":\"integer\",\"default\":10,"
       "\"description\":\"how \\\"many\\\"\\n\"},\"o\":{\"type\":\"object\",\"default\":{\"b\":[1.50,\"\\u00e9\"],\"a\":null}}}}",
       "{n :int = 10 \"how \\\"many\\\"\\n\", o :map = {\"b\":[1.50,\"\xc3\xa9\"],\"a\":null}}");
    /* required with a default keeps its default */
    OK("{\"type\":\"object\",\"properties\":{\"n\":{\"type\":\"integer\",\"default\":1}},\"required\":[\"n\"]}",
       "{n :int = 1}");
    /* a null default on a type without null: optional, not kept */
    OK("{\"type\":\"object\",\"properties\":{\"n\":{\"type\":\"integer\",\"default\":null}},\"required\":[\"n\"]}",
       "{n :int?}");
    OK("{\"type\":\"object\",\"properties\":{\"n\":{\"type\":[\"integer\",\"null\"],\"default\":null}}}",
       "{n :int? = null}");
    ERR("{\"type\":\"object\",\"properties\":{\"n\":{\"type\":\"integer\",\"default\":\"x\"}}}",
        "#/properties/n/default: default does not match its type: expected int, got string \"x\"");
    OK_LOSSY("{\"type\":\"object\",\"properties\":{\"n\":{\"type\":\"integer\",\"default\":\"x\"}}}",
             "{n :int?}",
             W("#/properties/n/default: default does not match its type: expected int, got string \"x\", dropped"));
    /* a description that is not a string */
    ERR("{\"type\":\"object\",\"properties\":{\"n\":{\"description\":5}}}",
        "#/properties/n/description: expected a string, found a number");
}

TEST(nullable_true_makes_the_type_optional)
{
    OK("{\"type\":\"string\",\"nullable\":true}", ":string?");
    OK("{\"type\":\"string\",\"nullable\":false}", ":string");
    OK("{\"enum\":[\"a\"],\"nullable\":true}", ":enum[a]?");
    ERR("{\"type\":\"string\",\"nullable\":1}", "#/nullable: expected true or false, found a number");
}

TEST(local_refs_are_inlined)
{
    OK("{\"$ref\":\"#/$defs/x\",\"$defs\":{\"x\":{\"type\":\"string\"}}}", ":string");
    OK("{\"$ref\":\"#/definitions/x\",\"definitions\":{\"x\":{\"type\":\"string\"}},\"title\":\"t\"}", ":string");
    OK("{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"integer\"},\"b\":{\"$ref\":\"#/properties/a\"}}}",
       "{a :int?, b :int?}");
    /* segments escape ~ and /, and may be percent-encoded */
    OK("{\"$defs\":{\"a/b~c d\":{\"type\":\"boolean\"}},\"$ref\":\"#/$defs/a~1b~0c%20d\"}", ":bool");
    OK("{\"$defs\":{\"l\":[{\"type\":\"integer\"}]},\"$ref\":\"#/$defs/l/0\"}", ":int");
    ERR("{\"$ref\":\"#/$defs/a\"}", "#/$ref: reference \"#/$defs/a\" not found");
    ERR("{\"$ref\":\"other.json#/a\"}", "#/$ref: only local references");
    ERR("{\"$ref\":\"#\"}", "#/$ref: recursive reference");
    ERR("{\"$defs\":{\"x\":{\"type\":\"string\",\"pattern\":\"a\"}},\"$ref\":\"#/$defs/x\"}",
        "#/$defs/x/pattern: unsupported pattern");
    ERR("{\"type\":\"object\",\"$ref\":\"#/x\"}", "#/type: unsupported type beside $ref");
}

TEST(lossy_refs_warn_once_and_widen_to_any)
{
    /* a place reached through two $refs warns once */
    OK_LOSSY("{\"$defs\":{\"x\":{\"type\":\"string\",\"pattern\":\"a\"}},\"type\":\"object\","
             "\"properties\":{\"a\":{\"$ref\":\"#/$defs/x\"},\"b\":{\"$ref\":\"#/$defs/x\"}}}",
             "{a :string?, b :string?}", W("#/$defs/x/pattern: unsupported pattern, dropped"));
    OK_LOSSY("{\"$defs\":{\"n\":{\"type\":\"object\",\"properties\":{\"next\":{\"$ref\":\"#/$defs/n\"}}}},"
             "\"$ref\":\"#/$defs/n\"}",
             "{next :any?}", W("#/$defs/n/properties/next/$ref: recursive reference, widened to :any"));
}

TEST(refs_cannot_blow_up)
{
    /* each level refers to the next twice: 2^30 places if inlined */
    char doc[4096];
    size_t n = (size_t)snprintf(doc, sizeof doc, "{\"$defs\":{");
    for (int i = 0; i < 30; i++)
        n += (size_t)snprintf(doc + n, sizeof doc - n,
                              "\"d%d\":{\"type\":\"array\",\"items\":{\"anyOf\":[{\"$ref\":\"#/$defs/d%d\"},"
                              "{\"type\":\"array\",\"items\":{\"$ref\":\"#/$defs/d%d\"}}]}},",
                              i, i + 1, i + 1);
    snprintf(doc + n, sizeof doc - n, "\"d30\":{\"type\":\"integer\"}},\"$ref\":\"#/$defs/d0\"}");
    tsig_error err;
    tsig_signature *sig = tsig_from_json_schema(doc, strlen(doc), 0, NULL, &err);
    CHECK(sig == NULL);
    CHECK(sig || strstr(err.message, "references followed more than 10000 times") != NULL);
    tsig_signature_free(sig);
}

TEST(pointers_escape_control_characters)
{
    ERR("{\"type\":\"object\",\"properties\":{\"a\\nb\\u001b\":{}}}",
        "#/properties/a\\nb\\u001b: property name \"a\\nb\\u001b\" is not an identifier");
}

TEST(additional_properties_schema_is_typed_extra_fields)
{
    OK("{\"type\":\"object\",\"additionalProperties\":{\"type\":\"integer\"}}", "{* :int}");
    OK("{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\"}},\"required\":[\"a\"],"
       "\"additionalProperties\":{\"type\":[\"string\",\"null\"]}}",
       "{a :string, * :string?}");
    OK("{\"type\":\"object\",\"additionalProperties\":{\"anyOf\":[{\"type\":\"string\"},{}]}}", ":map");
    OK("{\"type\":\"object\",\"propertyNames\":{\"type\":\"string\"}}", ":map");
    ERR("{\"type\":\"object\",\"propertyNames\":{\"maxLength\":3}}", "#/propertyNames: unsupported propertyNames");
    TOOL_ERR("{\"inputSchema\":{\"type\":\"object\",\"properties\":{},\"additionalProperties\":{\"type\":\"string\"}}}",
             "#/inputSchema/additionalProperties: tool parameters take no additionalProperties schema");
}



TEST(additional_properties_schema_where_no_map_can_hold_it_is_an_error)
{
    ERR("{\"type\":\"string\",\"additionalProperties\":{\"type\":\"boolean\"}}",
        "#/additionalProperties: unsupported additionalProperties outside an object schema");
    ERR("{\"additionalProperties\":{\"type\":\"boolean\"}}",
        "#/additionalProperties: unsupported additionalProperties outside an object schema");
    ERR("{\"anyOf\":[{\"type\":\"object\"}],\"additionalProperties\":{\"type\":\"boolean\"}}",
        "#/additionalProperties: unsupported additionalProperties outside an object schema");
    /* Saying nothing is fine anywhere; a place widened as a whole is
     * reported once, by the keyword that widens it. */
    OK("{\"type\":\"string\",\"additionalProperties\":false}", ":string");
    OK("{\"type\":\"string\",\"additionalProperties\":{\"description\":\"d\"}}", ":string");
    ERR("{\"properties\":{},\"additionalProperties\":{\"type\":\"boolean\"}}",
        "#/properties: properties without \"type\": \"object\"");
}

TEST(type_that_toolsig_cannot_express_is_an_error)
{
    ERR("{\"type\":\"null\"}", "#/type: unsupported type \"null\"");
    ERR("{\"type\":[\"null\"]}", "#/type: unsupported type \"null\"");
    ERR("{\"type\":\"wat\"}", "#/type: unknown type \"wat\"");
    ERR("{\"type\":\"Integer\"}", "#/type: unknown type \"Integer\"");
    ERR("{\"type\":[]}", "#/type: empty type list");
    ERR("{\"type\":5}", "#/type: expected a type name or an array of them, found a number");
    ERR("{\"type\":[\"string\",null]}", "#/type: expected type names, found null");
}

TEST(array_without_a_schema_for_items_is_an_error)
{
    ERR("{\"type\":\"array\"}", "#: array schema without \"items\"");
    ERR("{\"type\":\"array\",\"items\":true}", "#/items: expected a schema object, found true");
    ERR("{\"type\":\"array\",\"items\":[{\"type\":\"string\"}]}",
        "#/items: expected a schema object, found an array");
    ERR("{\"type\":\"array\",\"prefixItems\":[{}],\"items\":{}}",
        "#/prefixItems: unsupported prefixItems");
}

TEST(schema_that_is_not_an_object_is_an_error)
{
    ERR("true", "#: expected a schema object, found true");
    ERR("false", "#: expected a schema object, found false");
    ERR("null", "#: expected a schema object, found null");
    ERR("\"string\"", "#: expected a schema object, found a string");
    ERR("[]", "#: expected a schema object, found an array");
    ERR("{\"type\":\"object\",\"properties\":{\"x\":true}}",
        "#/properties/x: expected a schema object, found true");
    ERR("{\"type\":\"object\",\"properties\":[]}",
        "#/properties: expected an object of schemas, found an array");
}

TEST(property_name_that_is_not_an_identifier_is_an_error)
{
    static const char *const names[][2] = {
        {"1x", "\"1x\""},         {"first name", "\"first name\""}, {"", "\"\""},
        {"a.b", "\"a.b\""},       {"-a", "\"-a\""},                 {"caf\xC3\xA9", "\"caf\xC3\xA9\""},
        {"a\\\"b", "\"a\\\"b\""},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char schema[128], message[160];
        snprintf(schema, sizeof schema, "{\"type\":\"object\",\"properties\":{\"%s\":{}}}",
                 names[i][0]);
        const char *raw = strcmp(names[i][0], "a\\\"b") == 0 ? "a\"b" : names[i][0];
        snprintf(message, sizeof message, "#/properties/%s: property name %s is not an identifier",
                 raw, names[i][1]);
        ERR(schema, message);
    }
}

TEST(names_colliding_after_dash_to_underscore_are_an_error)
{
    ERR("{\"type\":\"object\",\"properties\":{\"a-b\":{},\"x\":{},\"a_b\":{}}}",
        "#/properties/a_b: duplicate field names normalize to \"a_b\": a-b, a_b");
    ERR("{\"type\":\"object\",\"properties\":{\"a_b\":{},\"a-b\":{}}}",
        "#/properties/a-b: duplicate field names normalize to \"a_b\": a_b, a-b");
}

TEST(required_must_name_properties)
{
    ERR("{\"type\":\"object\",\"properties\":{\"a\":{}},\"required\":[\"a\",\"missing\"]}",
        "#/required/1: \"missing\" names no property");
    ERR("{\"type\":\"object\",\"required\":[\"a\"]}", "#/required/0: \"a\" names no property");
    ERR("{\"type\":\"object\",\"properties\":{\"a\":{}},\"required\":[7]}",
        "#/required/0: expected a property name, found a number");
    ERR("{\"type\":\"object\",\"properties\":{\"a\":{}},\"required\":\"a\"}",
        "#/required: expected an array of property names, found a string");
    /* Names are compared exactly, not after "-" -> "_". */
    ERR("{\"type\":\"object\",\"properties\":{\"user-id\":{}},\"required\":[\"user_id\"]}",
        "#/required/0: \"user_id\" names no property");
}

TEST(object_and_array_keywords_need_their_type)
{
    ERR("{\"properties\":{\"a\":{}}}", "#/properties: properties without \"type\": \"object\"");
    ERR("{\"required\":[\"a\"],\"properties\":{\"a\":{}}}",
        "#/required: required without \"type\": \"object\"");
    ERR("{\"items\":{}}", "#/items: items without \"type\": \"array\"");
    ERR("{\"type\":\"string\",\"items\":{}}", "#/items: unsupported items outside an array schema");
    ERR("{\"type\":\"array\",\"items\":{},\"properties\":{}}",
        "#/properties: unsupported properties outside an object schema");
    ERR("{\"type\":\"integer\",\"required\":[]}",
        "#/required: unsupported required outside an object schema");
    ERR("{\"type\":\"string\",\"format\":7}", "#/format: expected a string, found a number");
}

/* Builds n nested array schemas around {"type":"integer"}. */
static char *nested_arrays(int n)
{
    size_t cap = (size_t)n * 40 + 64;
    char *s = malloc(cap);
    if (!s) return NULL;
    s[0] = '\0';
    for (int i = 0; i < n; i++) strcat(s, "{\"type\":\"array\",\"items\":");
    strcat(s, "{\"type\":\"integer\"}");
    for (int i = 0; i < n; i++) strcat(s, "}");
    return s;
}

/* Builds n nested object schemas {"type":"object","properties":{"a":...}}. */
static char *nested_objects(int n)
{
    size_t cap = (size_t)n * 80 + 64;
    char *s = malloc(cap);
    if (!s) return NULL;
    s[0] = '\0';
    for (int i = 0; i < n; i++) strcat(s, "{\"type\":\"object\",\"required\":[\"a\"],\"properties\":{\"a\":");
    strcat(s, "{\"type\":\"integer\"}");
    for (int i = 0; i < n; i++) strcat(s, "}}");
    return s;
}

static char *repeat(const char *head, int n, const char *tail)
{
    size_t cap = strlen(head) * (size_t)n + strlen(tail) * (size_t)n + sizeof ":int";
    char *s = malloc(cap);
    if (!s) return NULL;
    s[0] = '\0';
    for (int i = 0; i < n; i++) strcat(s, head);
    strcat(s, ":int");
    for (int i = 0; i < n; i++) strcat(s, tail);
    return s;
}

TEST(nesting_deeper_than_64_is_an_error)
{
    char *ok64 = nested_arrays(64), *want64 = repeat("[", 64, "]");
    OK(ok64, want64);
    char *bad65 = nested_arrays(65);
    tsig_error err;
    tsig_signature *sig = tsig_from_json_schema(bad65, strlen(bad65), 0, NULL, &err);
    CHECK(sig == NULL);
    CHECK_INT(err.code, TSIG_ERR_SCHEMA);
    /* The pointer (64 "/items") is too long for the message: its middle
     * gives way, the reason stays whole. */
    CHECK(strncmp(err.message, "#/items/items/", 14) == 0);
    CHECK(strstr(err.message, "/\xE2\x80\xA6/items/items") != NULL);
    size_t n = strlen(err.message);
    CHECK(n > 40 && strcmp(err.message + n - 24, "/items: nesting deeper than 64") != 0);
    CHECK(strstr(err.message, "/items: nesting deeper than 64") != NULL);
    CHECK(n < TSIG_MESSAGE_MAX);

    char *obj64 = nested_objects(64), *objwant = repeat("{a ", 64, "}");
    OK(obj64, objwant);
    char *obj65 = nested_objects(65);
    sig = tsig_from_json_schema(obj65, strlen(obj65), 0, NULL, &err);
    CHECK(sig == NULL);
    CHECK(strstr(err.message, "/properties/a: nesting deeper than 64") != NULL);
    free(ok64);
    free(want64);
    free(bad65);
    free(obj64);
    free(objwant);
    free(obj65);
    /* :map and scalars do not nest: an object without properties at level
     * 65 is fine. */
    char *s = nested_arrays(64);
    char *hole = strstr(s, "{\"type\":\"integer\"}");
    memcpy(hole, "{\"type\":\"object\" }", 18);
    char *want = repeat("[", 64, "]");
    char *mapwant = malloc(strlen(want) + 8);
    strcpy(mapwant, want);
    memcpy(strstr(mapwant, ":int"), ":map", 4);
    OK(s, mapwant);
    free(s);
    free(want);
    free(mapwant);
}

TEST(first_error_in_document_order_is_reported)
{
    ERR("{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\",\"pattern\":\"x\"},\"1b\":{}},"
        "\"minProperties\":1}",
        "#/properties/a/pattern: unsupported pattern");
    ERR("{\"minProperties\":1,\"type\":\"object\",\"properties\":{\"1b\":{}}}",
        "#/minProperties: unsupported minProperties");
}

TEST(pointers_escape_only_tilde_and_slash)
{
    ERR("{\"type\":\"object\",\"properties\":{\"a/b~c d%\":{}}}",
        "#/properties/a~1b~0c d%: property name \"a/b~c d%\" is not an identifier");
}

TEST(errors_point_at_the_place_in_the_text)
{
    const char *schema = "{\n  \"type\": \"object\",\n  \"properties\": {\n    \"n\": {\n"
                         "      \"type\": \"integer\",\n      \"multipleOf\": 2\n    }\n  }\n}";
    tsig_error err;
    CHECK(tsig_from_json_schema(schema, strlen(schema), 0, NULL, &err) == NULL);
    CHECK_STR(err.message, "#/properties/n/multipleOf: unsupported multipleOf");
    CHECK_INT(err.line, 6);
    CHECK_INT(err.column, 7);
    CHECK(strstr(err.hint, "lossy") != NULL);
    char *text = tsig_error_format(&err, "schema", schema, strlen(schema));
    CHECK(text && strstr(text, "schema error at 6:7: #/properties/n/multipleOf: unsupported multipleOf\n"
                               "        \"multipleOf\": 2\n        ^"));
    tsig_free(text);
    /* Keys spelled with escapes are found too. */
    const char *escaped = "{\"type\":\"object\",\"properties\":{\"\\u0061\":{\"type\":\"null\"}}}";
    CHECK(tsig_from_json_schema(escaped, strlen(escaped), 0, NULL, &err) == NULL);
    CHECK_STR(err.message, "#/properties/a/type: unsupported type \"null\"");
    CHECK_INT(err.column, 42); /* the "type" key inside "\u0061" */
}

TEST(errors_under_long_keys_point_at_their_own_place)
{
    /* a 300-byte property name, then a problem inside it */
    char schema[512];
    char key[301];
    memset(key, 'k', 300);
    key[300] = '\0';
    snprintf(schema, sizeof schema,
             "{\"type\":\"object\",\"properties\":{\"%s\":{\"type\":\"foo\"}}}", key);
    tsig_error err;
    CHECK(tsig_from_json_schema(schema, strlen(schema), 0, NULL, &err) == NULL);
    CHECK(strstr(err.message, "/type: unknown type \"foo\"") != NULL);
    CHECK_INT(err.offset, (size_t)(strstr(schema, "\"type\":\"foo\"") - schema));
}

/* ======================================================================
 * Lossy: each place widened, one warning each, in document order
 * =================================================================== */

TEST(lossy_constraints_are_dropped_and_the_type_kept)
{
    OK_LOSSY("{\"type\":\"integer\",\"multipleOf\":3,\"maximum\":9}", ":int[<=9]",
             W("#/multipleOf: unsupported multipleOf, dropped"));
    OK_LOSSY("{\"type\":\"string\",\"pattern\":\"^a\",\"format\":\"email\"}", ":string",
             W("#/pattern: unsupported pattern, dropped"));
    OK_LOSSY("{\"type\":\"array\",\"items\":{\"type\":\"string\"},\"uniqueItems\":true}", "[:string]",
             W("#/uniqueItems: unsupported uniqueItems, dropped"));
}







TEST(lossy_additional_properties_schema_where_no_map_can_hold_it_is_dropped)
{
    OK_LOSSY("{\"type\":\"string\",\"additionalProperties\":{\"type\":\"boolean\"}}", ":string",
             W("#/additionalProperties: unsupported additionalProperties outside an object schema, "
               "dropped"));
    OK_LOSSY("{\"additionalProperties\":{\"type\":\"boolean\"}}", ":any",
             W("#/additionalProperties: unsupported additionalProperties outside an object schema, "
               "dropped"));
}

TEST(lossy_one_of_with_null_is_exact)
{
    OK_LOSSY("{\"oneOf\":[{\"type\":\"null\"},{\"type\":\"string\",\"maxLength\":3}]}", ":string[<=3]?",
             NULL);
}



TEST(lossy_type_toolsig_cannot_express_is_any)
{
    OK_LOSSY("{\"type\":\"null\"}", ":any", W("#/type: unsupported type \"null\", widened to :any"));
    OK_LOSSY("{\"type\":\"wat\"}", ":any", W("#/type: unknown type \"wat\", widened to :any"));
    OK_LOSSY("{\"type\":[\"string\",\"integer\"],\"items\":{\"$ref\":\"#\"}}", ":string|:int",
             W("#/items: unsupported items outside an array schema, dropped"));
}



TEST(lossy_array_without_a_usable_items_schema_is_a_list_of_any)
{
    OK_LOSSY("{\"type\":\"array\"}", "[:any]", W("#: array schema without \"items\", widened to [:any]"));
    OK_LOSSY("{\"type\":\"array\",\"items\":true}", "[:any]",
             W("#/items: expected a schema object, found true, widened to :any"));
    /* prefixItems would make items describe only the rest: the element is
     * :any, and items is not read. */
    OK_LOSSY("{\"type\":\"array\",\"prefixItems\":[{\"type\":\"string\"}],\"items\":{\"type\":"
             "\"integer\"}}",
             "[:any]", W("#/prefixItems: unsupported prefixItems, items widened to :any"));
}

TEST(lossy_unusable_properties_widen_the_object_to_map)
{
    OK_LOSSY("{\"type\":\"object\",\"properties\":[]}", ":map",
             W("#/properties: expected an object of schemas, found an array, widened to :map"));
    OK_LOSSY("{\"type\":\"object\",\"properties\":{\"ok\":{\"type\":\"integer\",\"minimum\":1},"
             "\"first name\":{},\"a-b\":{},\"a_b\":{}},\"required\":[\"nope\"]}",
             ":map",
             W("#/properties/first name: property name \"first name\" is not an identifier, "
               "widened to :map",
               "#/properties/a_b: duplicate field names normalize to \"a_b\": a-b, a_b, widened to "
               ":map"));
    /* Nested: only that object widens. */
    OK_LOSSY("{\"type\":\"object\",\"properties\":{\"meta\":{\"type\":\"object\",\"properties\":{"
             "\"x y\":{}}},\"n\":{\"type\":\"integer\"}},\"required\":[\"meta\",\"n\"]}",
             "{meta :map, n :int}",
             W("#/properties/meta/properties/x y: property name \"x y\" is not an identifier, "
               "widened to :map"));
}

TEST(lossy_required_entries_that_name_nothing_are_dropped)
{
    OK_LOSSY("{\"type\":\"object\",\"properties\":{\"a\":{}},\"required\":[\"a\",\"b\",3]}", "{a :any}",
             W("#/required/1: \"b\" names no property, dropped",
               "#/required/2: expected a property name, found a number, dropped"));
    OK_LOSSY("{\"type\":\"object\",\"required\":[\"a\"]}", ":map",
             W("#/required/0: \"a\" names no property, dropped"));
    OK_LOSSY("{\"type\":\"object\",\"properties\":{\"a\":{}},\"required\":{}}", "{a :any?}",
             W("#/required: expected an array of property names, found an object, dropped"));
}

TEST(lossy_object_and_array_keywords_without_their_type_are_any)
{
    OK_LOSSY("{\"properties\":{\"a\":{}},\"required\":[\"a\"]}", ":any",
             W("#/properties: properties without \"type\": \"object\", widened to :any"));
    OK_LOSSY("{\"items\":{\"type\":\"string\"}}", ":any",
             W("#/items: items without \"type\": \"array\", widened to :any"));
    OK_LOSSY("{\"type\":\"string\",\"items\":{},\"properties\":{}}", ":string",
             W("#/items: unsupported items outside an array schema, dropped",
               "#/properties: unsupported properties outside an object schema, dropped"));
}

TEST(lossy_too_deep_lists_are_any_and_too_deep_typed_maps_are_map)
{
    char *arrays = nested_arrays(70);
    tsig_messages w;
    tsig_error err;
    tsig_signature *sig = tsig_from_json_schema(arrays, strlen(arrays), LOSSY, &w, &err);
    char *text = sig ? tsig_format(sig, 0, NULL) : NULL;
    char *want = repeat("[", 64, "]");
    memcpy(strstr(want, ":int"), ":any", 4);
    CHECK_STR(text, want);
    CHECK_INT(w.count, 1);
    if (w.count) CHECK(strstr(w.items[0], "/items: nesting deeper than 64, widened to :any") != NULL);
    tsig_free(text);
    free(want);
    tsig_messages_free(&w);
    tsig_signature_free(sig);
    free(arrays);

    char *objects = nested_objects(66);
    sig = tsig_from_json_schema(objects, strlen(objects), LOSSY, &w, &err);
    text = sig ? tsig_format(sig, 0, NULL) : NULL;
    want = repeat("{a ", 64, "}");
    memcpy(strstr(want, ":int"), ":map", 4);
    CHECK_STR(text, want);
    CHECK_INT(w.count, 1);
    if (w.count) CHECK(strstr(w.items[0], "/properties/a: nesting deeper than 64, widened to :map") != NULL);
    tsig_free(text);
    free(want);
    tsig_messages_free(&w);
    tsig_signature_free(sig);
    free(objects);
}

TEST(lossy_schema_that_is_not_an_object_is_any)
{
    OK_LOSSY("true", ":any", W("#: expected a schema object, found true, widened to :any"));
    OK_LOSSY("{\"type\":\"object\",\"properties\":{\"x\":false},\"required\":[\"x\"]}", "{x :any}",
             W("#/properties/x: expected a schema object, found false, widened to :any"));
}

TEST(lossy_warnings_come_in_document_order)
{
    OK_LOSSY("{\"required\":[\"a\",\"zz\"],\"minProperties\":1,\"type\":\"object\",\"properties\":{"
             "\"a\":{\"type\":\"array\",\"items\":{\"enum\":[1,2]},\"maxItems\":3},\"b\":{\"$ref\":"
             "\"#/b\"}},\"x-extra\":true}",
             "{a [:enum[1 2]][<=3], b :any?}",
             W("#/required/1: \"zz\" names no property, dropped",
               "#/minProperties: unsupported minProperties, dropped",
               "#/properties/b/$ref: reference \"#/b\" not found, widened to :any",
               "#/x-extra: unsupported x-extra, dropped"));
}

TEST(lossy_with_nothing_to_widen_gives_no_warnings)
{
    OK_LOSSY("{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"integer\"}},\"required\":[\"a\"]}",
             "{a :int}", NULL);
}

TEST(warnings_may_be_left_unasked)
{
    tsig_error err;
    const char *schema = "{\"type\":\"integer\",\"minimum\":0}";
    tsig_signature *sig = tsig_from_json_schema(schema, strlen(schema), LOSSY, NULL, &err);
    CHECK(sig != NULL);
    tsig_signature_free(sig);
    tsig_messages_free(NULL);
    tsig_messages empty = {0};
    tsig_messages_free(&empty);
    tsig_messages_free(&empty);
}

/* ======================================================================
 * The JSON text
 * =================================================================== */

#define JSON_ERR(text, code, message) \
    expect_error_at(__LINE__, tsig_from_json_schema, text, LOSSY, code, message)

TEST(json_syntax_errors_give_the_position)
{
    JSON_ERR("{\"type\":}", TSIG_ERR_JSON, "JSON error at 1:9: expected a value, found \"}\"");
    JSON_ERR("{\"type\":\"string\",}", TSIG_ERR_JSON,
             "JSON error at 1:18: expected a string key, found \"}\"");
    JSON_ERR("{\"type\":\"string\"} x", TSIG_ERR_JSON,
             "JSON error at 1:19: expected end of input, found \"x\"");
    JSON_ERR("{\"enum\":[01]}", TSIG_ERR_JSON, "JSON error at 1:11: expected \",\" or \"]\", found \"1\"");
    JSON_ERR("{\n\"type\" \"string\"}", TSIG_ERR_JSON, "JSON error at 2:8: expected \":\", found \"\\\"\"");
    JSON_ERR("{\"type\":\"str", TSIG_ERR_JSON,
             "JSON error at 1:13: expected \"\\\"\" to close the string, found end of input");
    JSON_ERR("{\"type\":\"a\tb\"}", TSIG_ERR_JSON,
             "JSON error at 1:11: expected a string character, found control character U+0009");
    JSON_ERR("{\"a\":\"\\x\"}", TSIG_ERR_JSON, "JSON error at 1:8: expected an escape character, found \"x\"");
    JSON_ERR("{\"a\":\"\\u12G4\"}", TSIG_ERR_JSON, "JSON error at 1:11: expected a hex digit, found \"G\"");
    JSON_ERR("{\"a\":tru}", TSIG_ERR_JSON, "JSON error at 1:9: expected \"true\", found \"}\"");
    JSON_ERR("{\"a\":-}", TSIG_ERR_JSON, "JSON error at 1:7: expected a digit, found \"}\"");
    JSON_ERR("{\"a\":1.}", TSIG_ERR_JSON, "JSON error at 1:8: expected a digit, found \"}\"");
    JSON_ERR("", TSIG_ERR_JSON, "JSON error at 1:1: expected a value, found end of input");
    JSON_ERR(" \n ", TSIG_ERR_JSON, "JSON error at 2:2: expected a value, found end of input");
    JSON_ERR("{'type':1}", TSIG_ERR_JSON, "JSON error at 1:2: expected a string key, found \"'\"");
    JSON_ERR("{\"a\":1}\x01", TSIG_ERR_JSON,
             "JSON error at 1:8: expected end of input, found control character U+0001");
}

TEST(json_text_must_be_utf8)
{
    JSON_ERR("{\"description\":\"\xC3\x28\"}", TSIG_ERR_JSON,
             "JSON error at 1:17: expected UTF-8 text, found invalid UTF-8 byte 0xC3");
    JSON_ERR("{\"description\":\"\xED\xA0\x80\"}", TSIG_ERR_JSON,
             "JSON error at 1:17: expected UTF-8 text, found invalid UTF-8 byte 0xED");
}

TEST(json_nul_bytes_are_rejected)
{
    const char text[] = "{\"type\":\"string\"}\0";
    tsig_error err;
    CHECK(tsig_from_json_schema(text, sizeof text - 1, 0, NULL, &err) == NULL);
    CHECK_STR(err.message, "JSON error at 1:18: expected end of input, found a NUL byte");
    const char inner[] = "{\"type\":\"str\0ing\"}";
    CHECK(tsig_from_json_schema(inner, sizeof inner - 1, 0, NULL, &err) == NULL);
    CHECK_STR(err.message, "JSON error at 1:13: expected a string character, found a NUL byte");
}

TEST(json_byte_order_mark_is_skipped)
{
    OK("\xEF\xBB\xBF{\"type\":\"integer\"}", ":int");
}

TEST(json_lone_surrogates_are_read_as_replacement_characters)
{
    /* A lone surrogate in an ignored annotation: accepted, as JSON.parse
     * does. */
    OK("{\"description\":\"\\ud800 and \\udc00\",\"type\":\"string\"}", ":string");
    OK("{\"description\":\"pair \\ud83d\\ude00\",\"type\":\"string\"}", ":string");
    /* In a name or a type name, the verdict is kept and the echo is valid
     * UTF-8. */
    ERR("{\"type\":\"object\",\"properties\":{\"a\\ud800b\":{}}}",
        "#/properties/a\xEF\xBF\xBD" "b: property name \"a\xEF\xBF\xBD" "b\" is not an identifier");
    ERR("{\"type\":\"string\\udc00\"}", "#/type: unknown type \"string\xEF\xBF\xBD\"");
}

TEST(a_nul_in_a_schema_string_stays_a_nul)
{
    OK("{\"const\":\"a\\u0000b\"}", ":enum[\"a\\u0000b\"]");
    OK("{\"enum\":[\"a\\u0000b\",\"a\",\"a\\u0000\"]}", ":enum[\"a\\u0000b\" a \"a\\u0000\"]");
    OK("{\"type\":\"object\",\"properties\":{\"d\":{\"type\":\"string\",\"description\":\"a\\u0000b\","
       "\"default\":\"x\\u0000y\"}}}",
       "{d :string = \"x\\u0000y\" \"a\\u0000b\"}");
    OK("{\"type\":\"object\",\"properties\":{\"m\":{\"type\":\"object\",\"default\":{\"k\\u0000\":1}}}}",
       "{m :map = {\"k\\u0000\":1}}");
    /* A string with a NUL is not the string before it. */
    ERR("{\"type\":\"string\\u0000\"}", "#/type: unknown type \"string\\u0000\"");
    OK("{\"type\":\"string\",\"format\":\"date-time\\u0000\"}", ":string");
    ERR("{\"type\":\"object\",\"properties\":{\"a\":{}},\"required\":[\"a\\u0000\"]}",
        "#/required/0: \"a\\u0000\" names no property");
    ERR("{\"$ref\":\"#/$defs/a\\u0000b\",\"$defs\":{\"a\":{}}}",
        "#/$ref: reference \"#/$defs/a\\u0000b\" not found");
    /* Names holding one: in messages, and found through required and $ref. */
    ERR("{\"type\":\"object\",\"properties\":{\"a\\u0000b\":{}}}",
        "#/properties/a\\u0000b: property name \"a\\u0000b\" is not an identifier");
    ERR("{\"type\":\"object\",\"type\\u0000\":\"string\"}", "#/type\\u0000: unsupported \"type\\u0000\"");
    OK("{\"$defs\":{\"a\\u0000b\":{\"type\":\"integer\"},\"a\":{}},\"$ref\":\"#/$defs/a\\u0000b\"}", ":int");
    OK("{\"$defs\":{\"a\\u0000b\":{\"type\":\"integer\"},\"a\":{}},\"$ref\":\"#/$defs/a%00b\"}", ":int");
    ERR("{\"$defs\":{\"a\\u0000b\":{\"type\":\"integer\"}},\"$ref\":\"#/$defs/a%C0%80b\"}",
        "#/$ref: reference \"#/$defs/a%C0%80b\" not found");
    ERR("{\"$defs\":{\"a\\u0000b\":{\"type\":\"null\"}},\"$ref\":\"#/$defs/a\\u0000b\"}",
        "#/$defs/a\\u0000b/type: unsupported type \"null\"");
    OK_LOSSY("{\"type\":\"object\",\"properties\":{\"a\\u0000b\":{}}}", ":map",
             W("#/properties/a\\u0000b: property name \"a\\u0000b\" is not an identifier, widened to :map"));
}

TEST(errors_point_at_names_holding_escaped_control_characters)
{
    const char *const schemas[] = {
        "{\"type\":\"object\",\"properties\":{\"a\\u0000b\":{}}}",
        "{\"type\":\"object\",\"properties\":{\"a\\nb\":{}}}",
        "{\"type\":\"object\",\"properties\":{\"a\\\\nb\":{}}}",
    };
    for (size_t i = 0; i < sizeof schemas / sizeof schemas[0]; i++) {
        tsig_error err;
        CHECK(tsig_from_json_schema(schemas[i], strlen(schemas[i]), 0, NULL, &err) == NULL);
        CHECK_INT(err.offset, (size_t)(strstr(schemas[i], "\"a") - schemas[i])); /* the key */
    }
}

TEST(json_nesting_deeper_than_1000_is_an_error)
{
    char *text = malloc(4000);
    strcpy(text, "{\"default\":");
    for (int i = 0; i < 999; i++) strcat(text, "[");
    for (int i = 0; i < 999; i++) strcat(text, "]");
    strcat(text, "}");
    OK(text, ":any"); /* 1000 levels: the object and 999 arrays */
    strcpy(text, "{\"default\":");
    for (int i = 0; i < 1000; i++) strcat(text, "[");
    for (int i = 0; i < 1000; i++) strcat(text, "]");
    strcat(text, "}");
    JSON_ERR(text, TSIG_ERR_TOO_DEEP, "JSON error at 1:1011: nesting deeper than 1000");
    free(text);
    /* 100 000 deep: no stack is used for it. */
    size_t n = 100000;
    char *deep = malloc(n + 1);
    memset(deep, '[', n);
    deep[n] = '\0';
    tsig_error err;
    CHECK(tsig_from_json_schema(deep, n, 0, NULL, &err) == NULL);
    CHECK_INT(err.code, TSIG_ERR_TOO_DEEP);
    free(deep);
}

TEST(deep_chains_of_nullable_any_of_are_read_within_the_json_limit)
{
    /* 499 anyOf levels (998 JSON levels): no list or map, so no nesting
     * limit of toolsig applies; the optionals collapse into one. */
    char *text = malloc(499 * 32 + 64);
    text[0] = '\0';
    for (int i = 0; i < 499; i++) strcat(text, "{\"anyOf\":[{\"type\":\"null\"},");
    strcat(text, "{\"type\":\"string\"}");
    for (int i = 0; i < 499; i++) strcat(text, "]}");
    OK(text, ":string?");
    free(text);
}

TEST(repeated_keys_are_a_json_error_in_every_mode)
{
    /* As every reader of JSON text words it (SPEC §10): at the second key,
     * with the path of its object below the root. */
    expect_error_at(__LINE__, tsig_from_json_schema, "{\"type\":\"string\",\"type\":\"integer\"}",
                    LOSSY, TSIG_ERR_JSON, "duplicate key \"type\"");
    expect_error_at(__LINE__, tsig_from_json_schema,
                    "{\"type\":\"object\",\"properties\":{\"a\":{},\"a\":{}}}", 0, TSIG_ERR_JSON,
                    "duplicate key \"a\" at properties");
    /* Anywhere: inside ignored annotations and arrays too. */
    expect_error_at(__LINE__, tsig_from_json_schema,
                    "{\"examples\":[1,{\"k\":1,\"j\":2,\"k\":3}]}", LOSSY, TSIG_ERR_JSON,
                    "duplicate key \"k\" at examples[1]");
    expect_error_at(__LINE__, tsig_from_json_schema, "{\"\\u0061\":1,\"a\":2}", LOSSY,
                    TSIG_ERR_JSON, "duplicate key \"a\"");
    /* A large object is checked through a hash table. */
    char big[4096] = "{\"type\":\"object\",\"properties\":{";
    for (int i = 0; i < 100; i++) {
        char member[32];
        snprintf(member, sizeof member, "%s\"p%d\":{}", i ? "," : "", i);
        strcat(big, member);
    }
    strcat(big, ",\"p57\":{}}}");
    expect_error_at(__LINE__, tsig_from_json_schema, big, 0, TSIG_ERR_JSON,
                    "duplicate key \"p57\" at properties");
}

TEST(arguments_are_checked)
{
    tsig_error err;
    tsig_messages w;
    CHECK(tsig_from_json_schema(NULL, 3, 0, &w, &err) == NULL);
    CHECK_INT(err.code, TSIG_ERR_ARGUMENT);
    CHECK(tsig_from_json_schema("{}", 2, 0x80, &w, &err) == NULL);
    CHECK_INT(err.code, TSIG_ERR_ARGUMENT);
    CHECK_STR(err.message, "unknown schema flags 0x80");
    /* A length over the limit is refused before the text is read. */
    CHECK(tsig_from_json_schema("{}", TSIG_MAX_INPUT + 1, 0, &w, &err) == NULL);
    CHECK_INT(err.code, TSIG_ERR_TOO_LARGE);
    /* err may be NULL; the strict flag means nothing here and is allowed. */
    tsig_signature *sig = tsig_from_json_schema("{}", 2, TSIG_SCHEMA_STRICT, NULL, NULL);
    CHECK(sig != NULL);
    tsig_signature_free(sig);
    CHECK(tsig_from_json_schema("{", 1, 0, NULL, NULL) == NULL);
    /* The text need not end with a NUL. */
    char exact[17];
    memcpy(exact, "{\"type\":\"number\"}", 17);
    sig = tsig_from_json_schema(exact, 17, 0, NULL, &err);
    char *text = sig ? tsig_format(sig, 0, NULL) : NULL;
    CHECK_STR(text, ":float");
    tsig_free(text);
    tsig_signature_free(sig);
}

/* ======================================================================
 * The signature built
 * =================================================================== */

TEST(imported_signature_is_built_like_a_parsed_one)
{
    const char *schema = "{\"type\":\"object\",\"properties\":{\"_raw\":{\"type\":\"object\"},"
                         "\"order-count\":{\"type\":\"integer\"},\"items\":{\"type\":\"array\",\"items\":"
                         "{\"type\":\"string\",\"format\":\"date-time\"}}},\"required\":[\"order-count\"]}";
    tsig_error err;
    tsig_signature *sig = tsig_from_json_schema(schema, strlen(schema), 0, NULL, &err);
    const char *text = "{_raw :map?, order-count :int, items [:datetime]?}";
    tsig_signature *parsed = tsig_parse(text, strlen(text), &err);
    CHECK(sig && parsed);
    if (!sig || !parsed) return;
    char *a = tsig_ast_json(sig, NULL), *b = tsig_ast_json(parsed, NULL);
    CHECK_STR(a, b);
    tsig_free(a);
    tsig_free(b);
    CHECK_INT(tsig_param_count(sig), 0);
    CHECK(!tsig_returns_list(sig));
    const tsig_type *r = tsig_returns(sig);
    CHECK_INT(tsig_type_kind(r), TSIG_RECORD);
    CHECK_INT(tsig_type_field_count(r), 3);
    for (size_t i = 0; i < 3; i++) {
        const tsig_field *f = &r->fields[i], *g = &tsig_returns(parsed)->fields[i];
        CHECK_STR(f->name, g->name);
        CHECK_INT(f->name_len, g->name_len);
        CHECK_STR(f->norm, g->norm);
        CHECK_INT(f->firewalled, g->firewalled);
    }
    CHECK_INT(tsig_type_kind(tsig_type_elem(tsig_type_field_type(r, 2))), TSIG_LIST);
    char *hidden = tsig_format(sig, TSIG_FORMAT_HIDE_FIREWALLED, NULL);
    CHECK_STR(hidden, "{order-count :int, items [:datetime]?}");
    tsig_free(hidden);
    tsig_signature_free(parsed);
    tsig_signature_free(sig);
}

TEST(large_schemas_take_linear_time)
{
    size_t n = 50000;
    char *text = malloc(n * 40 + 100);
    size_t at = (size_t)sprintf(text, "{\"type\":\"object\",\"properties\":{");
    for (size_t i = 0; i < n; i++)
        at += (size_t)sprintf(text + at, "%s\"p%zu\":{\"type\":\"integer\"}", i ? "," : "", i);
    at += (size_t)sprintf(text + at, "},\"required\":[");
    for (size_t i = 0; i < n; i += 2) at += (size_t)sprintf(text + at, "%s\"p%zu\"", i ? "," : "", i);
    at += (size_t)sprintf(text + at, "]}");
    tsig_error err;
    tsig_signature *sig = tsig_from_json_schema(text, at, 0, NULL, &err);
    CHECK(sig != NULL);
    if (sig) {
        CHECK_INT(tsig_type_field_count(tsig_returns(sig)), n);
        CHECK_INT(tsig_type_kind(tsig_type_field_type(tsig_returns(sig), 0)), TSIG_INT);
        CHECK_INT(tsig_type_kind(tsig_type_field_type(tsig_returns(sig), 1)), TSIG_OPTIONAL);
    }
    tsig_signature_free(sig);
    free(text);
}

/* ======================================================================
 * Tools
 * =================================================================== */

TEST(tool_parameters_are_input_schema_properties_in_document_order)
{
    TOOL_OK("{\"name\":\"read_file\",\"description\":\"Read.\",\"inputSchema\":{\"type\":\"object\","
            "\"properties\":{\"path\":{\"type\":\"string\"},\"tail\":{\"type\":\"number\"},\"head\":"
            "{\"type\":\"number\"}},\"required\":[\"path\"]}}",
            0, "(path :string, tail :float?, head :float?) -> :any", NULL);
}

TEST(tool_without_an_object_input_schema_has_no_parameters)
{
    TOOL_OK("{\"name\":\"a\"}", 0, ":any", NULL);
    TOOL_OK("{\"name\":\"a\",\"inputSchema\":{\"type\":\"object\"}}", 0, ":any", NULL);
    TOOL_OK("{\"name\":\"a\",\"inputSchema\":{\"type\":\"string\"}}", 0, ":any", NULL);
    TOOL_OK("{\"name\":\"a\",\"inputSchema\":{}}", 0, ":any", NULL);
    TOOL_OK("{\"name\":\"a\",\"inputSchema\":{\"type\":\"object\",\"properties\":{}}}", 0, ":any",
            NULL);
    TOOL_OK("{\"name\":\"a\",\"inputSchema\":null,\"outputSchema\":null}", 0, ":any", NULL);
}

TEST(tool_input_schema_may_leave_out_its_object_type)
{
    TOOL_OK("{\"inputSchema\":{\"properties\":{\"q\":{\"type\":\"string\"}},\"required\":[\"q\"]}}", 0,
            "(q :string) -> :any", NULL);
    TOOL_OK("{\"inputSchema\":{\"type\":[\"object\",\"null\"],\"properties\":{\"q\":{}}}}", 0,
            "(q :any?) -> :any", NULL);
}

TEST(tool_return_type_comes_from_output_schema)
{
    TOOL_OK("{\"name\":\"list\",\"outputSchema\":{\"type\":\"array\",\"items\":{\"type\":\"object\","
            "\"properties\":{\"id\":{\"type\":\"integer\"}},\"required\":[\"id\"]}},\"inputSchema\":{"
            "\"type\":\"object\",\"properties\":{\"n\":{\"type\":\"integer\"}}}}",
            0, "(n :int?) -> [{id :int}]", NULL);
}

TEST(tool_pointers_start_at_the_tool_object)
{
    TOOL_ERR("{\"name\":\"x\",\"inputSchema\":{\"type\":\"object\",\"properties\":{\"mode\":{\"type\":"
             "\"string\",\"pattern\":\"a\"}}}}",
             "#/inputSchema/properties/mode/pattern: unsupported pattern");
    TOOL_ERR("{\"outputSchema\":{\"type\":\"integer\",\"multipleOf\":2}}",
             "#/outputSchema/multipleOf: unsupported multipleOf");
    TOOL_OK("{\"name\":\"x\",\"inputSchema\":{\"type\":\"object\",\"properties\":{\"mode\":{\"type\":"
            "\"string\",\"pattern\":\"a\"}}}}",
            LOSSY, "(mode :string?) -> :any",
            W("#/inputSchema/properties/mode/pattern: unsupported pattern, dropped"));
    /* $refs point into the schema holding them */
    TOOL_OK("{\"inputSchema\":{\"$defs\":{\"s\":{\"type\":\"string\"}},\"properties\":{\"q\":{\"$ref\":"
            "\"#/$defs/s\"}}},\"outputSchema\":{\"$defs\":{\"s\":{\"type\":\"integer\"}},\"$ref\":\"#/$defs/s\"}}",
            0, "(q :string?) -> :int", NULL);
}

TEST(tool_messages_come_in_document_order)
{
    TOOL_OK("{\"outputSchema\":{\"$ref\":\"#/o\"},\"name\":\"t\",\"inputSchema\":{\"type\":\"object\","
            "\"properties\":{\"a\":{\"type\":\"string\",\"pattern\":\"x\"}}}}",
            LOSSY, "(a :string?) -> :any",
            W("#/outputSchema/$ref: reference \"#/o\" not found, widened to :any",
              "#/inputSchema/properties/a/pattern: unsupported pattern, dropped"));
    TOOL_ERR("{\"outputSchema\":{\"$ref\":\"#/o\"},\"inputSchema\":{\"$ref\":\"#/i\"}}",
             "#/outputSchema/$ref: reference \"#/o\" not found");
}

TEST(tool_parameter_with_an_unusable_name_is_left_out_when_lossy)
{
    TOOL_ERR("{\"inputSchema\":{\"type\":\"object\",\"properties\":{\"first name\":{},\"age\":{}}}}",
             "#/inputSchema/properties/first name: property name \"first name\" is not an identifier");
    TOOL_OK("{\"inputSchema\":{\"type\":\"object\",\"properties\":{\"first name\":{},\"age\":{\"type\":"
            "\"integer\"},\"page-size\":{},\"page_size\":{}},\"required\":[\"first name\",\"age\"]}}",
            LOSSY, "(age :int, page-size :any?) -> :any",
            W("#/inputSchema/properties/first name: property name \"first name\" is not an "
              "identifier, parameter left out",
              "#/inputSchema/properties/page_size: duplicate field names normalize to \"page_size\": "
              "page-size, page_size, parameter left out"));
}

TEST(tool_parameter_types_nest_64_levels_below_the_parameter_list)
{
    char *inner = nested_arrays(64);
    char *tool = malloc(strlen(inner) + 128);
    sprintf(tool, "{\"inputSchema\":{\"type\":\"object\",\"properties\":{\"p\":%s},\"required\":[\"p\"]}}",
            inner);
    char *want = repeat("[", 64, "]");
    char *full = malloc(strlen(want) + 32);
    sprintf(full, "(p %s) -> :any", want);
    TOOL_OK(tool, 0, full, NULL);
    free(inner);
    free(tool);
    free(want);
    free(full);
}

TEST(tool_must_be_a_json_object)
{
    TOOL_ERR("[]", "#: expected a tool object, found an array");
    expect_error_at(__LINE__, tsig_tool_from_json, "\"x\"", LOSSY, TSIG_ERR_SCHEMA,
                    "#: expected a tool object, found a string");
    TOOL_ERR("{\"inputSchema\":5}", "#/inputSchema: expected a schema object, found a number");
    expect_error_at(__LINE__, tsig_tool_from_json, "{\"name\":", 0, TSIG_ERR_JSON,
                    "JSON error at 1:9: expected a value, found end of input");
}

/* Real MCP tool definitions, as servers list them. */
TEST(real_mcp_tools_convert)
{
    /* GitHub's create_issue (abridged). */
    TOOL_OK("{\"name\":\"create_issue\",\"description\":\"Create a new issue\",\"inputSchema\":{"
            "\"type\":\"object\",\"properties\":{\"owner\":{\"type\":\"string\",\"description\":"
            "\"Repository owner\"},\"repo\":{\"type\":\"string\"},\"title\":{\"type\":\"string\"},"
            "\"body\":{\"type\":\"string\"},\"assignees\":{\"type\":\"array\",\"items\":{\"type\":"
            "\"string\"}},\"milestone\":{\"type\":\"number\"},\"labels\":{\"type\":\"array\",\"items\":"
            "{\"type\":\"string\"}}},\"required\":[\"owner\",\"repo\",\"title\"],"
            "\"additionalProperties\":false,\"$schema\":\"http://json-schema.org/draft-07/schema#\"}}",
            0,
            "(owner :string \"Repository owner\", repo :string, title :string, body :string?, "
            "assignees [:string]?, "
            "milestone :float?, labels [:string]?) -> :any",
            NULL);
    /* The filesystem server's edit_file: an array of objects, a default. */
    TOOL_OK("{\"name\":\"edit_file\",\"inputSchema\":{\"type\":\"object\",\"properties\":{\"path\":"
            "{\"type\":\"string\"},\"edits\":{\"type\":\"array\",\"items\":{\"type\":\"object\","
            "\"properties\":{\"oldText\":{\"type\":\"string\"},\"newText\":{\"type\":\"string\"}},"
            "\"required\":[\"oldText\",\"newText\"],\"additionalProperties\":false}},\"dryRun\":{"
            "\"type\":\"boolean\",\"default\":false}},\"required\":[\"path\",\"edits\"]}}",
            0, "(path :string, edits [{oldText :string, newText :string}], dryRun :bool = false) -> :any",
            NULL);
    /* A pydantic-made schema: $defs, $ref, anyOf with null, enum, title. */
    const char *pydantic =
        "{\"name\":\"search\",\"inputSchema\":{\"$defs\":{\"Sort\":{\"enum\":[\"asc\",\"desc\"],"
        "\"title\":\"Sort\",\"type\":\"string\"}},\"properties\":{\"query\":{\"title\":\"Query\","
        "\"type\":\"string\"},\"limit\":{\"anyOf\":[{\"type\":\"integer\",\"maximum\":100},{\"type\":"
        "\"null\"}],\"default\":null,\"title\":\"Limit\"},\"sort\":{\"$ref\":\"#/$defs/Sort\","
        "\"description\":\"order\"},\"kinds\":{\"items\":{\"enum\":[\"a\",\"b\"],\"type\":\"string\"},"
        "\"type\":\"array\"}},\"required\":[\"query\"],\"title\":\"searchArguments\",\"type\":"
        "\"object\"}}";
    TOOL_OK(pydantic, 0,
            "(query :string, limit :int[<=100]? = null, sort :enum[asc desc]? \"order\", "
            "kinds [:enum[a b]]?) -> :any",
            NULL);
}

int main(void)
{
    RUN(empty_schema_is_any);
    RUN(string_integer_number_boolean_are_primitives);
    RUN(format_date_time_is_datetime);
    RUN(other_formats_are_ignored);
    RUN(array_with_items_is_a_list);
    RUN(object_with_properties_is_a_typed_map_in_document_order);
    RUN(properties_not_required_are_optional);
    RUN(nullable_and_not_required_is_one_question_mark);
    RUN(object_without_properties_is_map);
    RUN(empty_properties_is_an_empty_typed_map);
    RUN(type_array_with_null_is_optional_in_either_order);
    RUN(any_of_with_null_is_optional_in_either_order);
    RUN(annotations_are_accepted_and_ignored);
    RUN(list_wrapper_is_not_unwrapped);
    RUN(firewalled_and_dashed_names_are_kept_as_written);
    RUN(other_keywords_are_errors_at_their_pointer);
    RUN(any_of_and_type_arrays_are_unions);
    RUN(one_of_is_a_union_of_disjoint_members);
    RUN(one_of_holding_an_empty_schema_beside_another_member_overlaps);
    RUN(one_of_members_are_judged_as_written);
    RUN(all_of_of_one_schema_is_that_schema);
    RUN(enum_and_const_are_enums);
    RUN(enum_beside_type_is_their_intersection);
    RUN(bounds_are_refinements);
    RUN(description_and_default_of_a_property_are_the_fields);
    RUN(nullable_true_makes_the_type_optional);
    RUN(local_refs_are_inlined);
    RUN(lossy_refs_warn_once_and_widen_to_any);
    RUN(refs_cannot_blow_up);
    RUN(pointers_escape_control_characters);
    RUN(additional_properties_schema_is_typed_extra_fields);
    RUN(additional_properties_schema_where_no_map_can_hold_it_is_an_error);
    RUN(type_that_toolsig_cannot_express_is_an_error);
    RUN(array_without_a_schema_for_items_is_an_error);
    RUN(schema_that_is_not_an_object_is_an_error);
    RUN(property_name_that_is_not_an_identifier_is_an_error);
    RUN(names_colliding_after_dash_to_underscore_are_an_error);
    RUN(required_must_name_properties);
    RUN(object_and_array_keywords_need_their_type);
    RUN(nesting_deeper_than_64_is_an_error);
    RUN(first_error_in_document_order_is_reported);
    RUN(pointers_escape_only_tilde_and_slash);
    RUN(errors_point_at_the_place_in_the_text);
    RUN(errors_under_long_keys_point_at_their_own_place);
    RUN(lossy_constraints_are_dropped_and_the_type_kept);
    RUN(lossy_additional_properties_schema_where_no_map_can_hold_it_is_dropped);
    RUN(lossy_one_of_with_null_is_exact);
    RUN(lossy_type_toolsig_cannot_express_is_any);
    RUN(lossy_array_without_a_usable_items_schema_is_a_list_of_any);
    RUN(lossy_unusable_properties_widen_the_object_to_map);
    RUN(lossy_required_entries_that_name_nothing_are_dropped);
    RUN(lossy_object_and_array_keywords_without_their_type_are_any);
    RUN(lossy_too_deep_lists_are_any_and_too_deep_typed_maps_are_map);
    RUN(lossy_schema_that_is_not_an_object_is_any);
    RUN(lossy_warnings_come_in_document_order);
    RUN(lossy_with_nothing_to_widen_gives_no_warnings);
    RUN(warnings_may_be_left_unasked);
    RUN(json_syntax_errors_give_the_position);
    RUN(json_text_must_be_utf8);
    RUN(json_nul_bytes_are_rejected);
    RUN(json_byte_order_mark_is_skipped);
    RUN(json_lone_surrogates_are_read_as_replacement_characters);
    RUN(a_nul_in_a_schema_string_stays_a_nul);
    RUN(errors_point_at_names_holding_escaped_control_characters);
    RUN(json_nesting_deeper_than_1000_is_an_error);
    RUN(deep_chains_of_nullable_any_of_are_read_within_the_json_limit);
    RUN(repeated_keys_are_a_json_error_in_every_mode);
    RUN(arguments_are_checked);
    RUN(imported_signature_is_built_like_a_parsed_one);
    RUN(large_schemas_take_linear_time);
    RUN(tool_parameters_are_input_schema_properties_in_document_order);
    RUN(tool_without_an_object_input_schema_has_no_parameters);
    RUN(tool_input_schema_may_leave_out_its_object_type);
    RUN(tool_return_type_comes_from_output_schema);
    RUN(tool_pointers_start_at_the_tool_object);
    RUN(tool_messages_come_in_document_order);
    RUN(tool_parameter_with_an_unusable_name_is_left_out_when_lossy);
    RUN(tool_parameter_types_nest_64_levels_below_the_parameter_list);
    RUN(tool_must_be_a_json_object);
    RUN(real_mcp_tools_convert);
    return tsig_test_summary();
}
