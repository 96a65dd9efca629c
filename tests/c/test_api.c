/*
 * test_api.c: the JSON boundary (api.c). Every document must be strict
 * JSON (read back with the tests' own reader, which also checks UTF-8),
 * begin with {"ok":true or {"ok":false, and say what the stage said:
 * canonical forms, errors with positions, validated values with every
 * digit, coercion warnings, schemas, tools and prompts.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "internal.h"
#include "jsonval.h"

/* Reads doc (released here) with the tests' reader; NULL (reported) when
 * it is missing, not JSON, or does not start with {"ok":. */
static jv_value *read_doc_at(char *doc, const char *file, int line)
{
    if (!doc) {
        tsig_test_fail(file, line, "no document (out of memory?)");
        return NULL;
    }
    jv_value *v = jv_parse(doc, strlen(doc));
    if (!v || strncmp(doc, "{\"ok\":", 6) != 0)
        tsig_test_fail(file, line, "not a document: %s", doc);
    tsig_free(doc);
    return v;
}
#define READ_DOC(doc) read_doc_at((doc), __FILE__, __LINE__)

/* The compact text of v[key] (what the tests compare exactly). */
static char *text_of(const jv_value *v, const char *key)
{
    return jv_to_text(jv_get(v, key));
}

#define CHECK_MEMBER(v, key, want)                                         \
    do {                                                                   \
        char *got_ = text_of((v), (key));                                  \
        CHECK_STR(got_, (want));                                           \
        free(got_);                                                        \
    } while (0)

static tsig_signature *sig_of(const char *text)
{
    tsig_error err;
    tsig_signature *sig = tsig_parse(text, strlen(text), &err);
    if (!sig) tsig_test_fail(__FILE__, __LINE__, "%s: %s", text, err.message);
    return sig;
}

/* ---- check ----------------------------------------------------------- */

TEST(check_gives_canonical_form_returns_list_and_ast)
{
    const char *sig = "(a :int,b-c :boolean) -> [{x :int?}]";
    char *doc = tsig_api_check(sig, strlen(sig), 0);
    CHECK_STR(doc, "{\"ok\":true,\"canonical\":\"(a :int, b-c :bool) -> [{x :int?}]\","
                   "\"returns_list\":true,\"ast\":{\"params\":[[\"a\",\"int\"],"
                   "[\"b-c\",\"bool\"]],\"returns\":{\"list\":{\"map\":[[\"x\","
                   "{\"optional\":\"int\"}]]}}}}");
    jv_value *v = READ_DOC(doc);
    jv_free(v);
}

TEST(check_hides_firewalled_fields_when_asked)
{
    const char *sig = "{summary :string, _raw [:map]}";
    jv_value *v = READ_DOC(tsig_api_check(sig, strlen(sig), TSIG_FORMAT_HIDE_FIREWALLED));
    CHECK_MEMBER(v, "canonical", "\"{summary :string}\"");
    jv_free(v);
}

TEST(check_leaves_descriptions_out_when_asked)
{
    const char *sig = "(q :string \"terms\", n :int = 10 \"max\") -> {a :int \"x\", _b :int}";
    jv_value *v = READ_DOC(tsig_api_check(sig, strlen(sig), TSIG_FORMAT_NO_DESCRIPTIONS));
    CHECK_MEMBER(v, "canonical", "\"(q :string, n :int = 10) -> {a :int, _b :int}\"");
    jv_free(v);
    v = READ_DOC(tsig_api_check(sig, strlen(sig),
                                TSIG_FORMAT_NO_DESCRIPTIONS | TSIG_FORMAT_HIDE_FIREWALLED));
    CHECK_MEMBER(v, "canonical", "\"(q :string, n :int = 10) -> {a :int}\"");
    jv_free(v);
}

TEST(parse_lists_each_parameters_default_and_description)
{
    const char *src = "(q :string \"search \\\"terms\\\"\", n :int[1..] = 10,"
                      " tags [:float]? = [1.50, 2], m :enum[x y] \"\") -> :any";
    char *doc = NULL;
    tsig_signature *sig = tsig_api_parse(src, strlen(src), &doc);
    CHECK(sig != NULL);
    jv_value *v = READ_DOC(doc);
    CHECK_MEMBER(v, "params",
                 "[{\"name\":\"q\",\"type\":\":string\",\"optional\":false,"
                 "\"description\":\"search \\\"terms\\\"\"},"
                 "{\"name\":\"n\",\"type\":\":int[>=1]\",\"optional\":false,\"default\":10},"
                 "{\"name\":\"tags\",\"type\":\"[:float]?\",\"optional\":true,"
                 "\"default\":[1.50,2]},"
                 "{\"name\":\"m\",\"type\":\":enum[x y]\",\"optional\":false,"
                 "\"description\":\"\"}]");
    jv_free(v);
    tsig_signature_free(sig);
}

TEST(check_error_has_message_position_code_and_null_hint)
{
    const char *sig = "(query :string, limit) -> :int";
    char *doc = tsig_api_check(sig, strlen(sig), 0);
    CHECK_STR(doc, "{\"ok\":false,\"error\":{\"code\":\"TSIG_ERR_SYNTAX\",\"kind\":\"syntax\","
                   "\"message\":\"expected a type after \\\"limit\\\", found \\\")\\\"\","
                   "\"line\":1,\"column\":22,\"offset\":21,\"hint\":null}}");
    tsig_free(doc);
}

TEST(check_error_carries_the_hint)
{
    const char *sig = "(a :integer) -> :int";
    jv_value *v = READ_DOC(tsig_api_check(sig, strlen(sig), 0));
    const jv_value *err = jv_get(v, "error");
    CHECK_STR(jv_get_str(err, "code"), "TSIG_ERR_UNKNOWN_TYPE");
    const char *hint = jv_get_str(err, "hint");
    CHECK(hint && strstr(hint, ":int"));
    jv_free(v);
}

TEST(check_of_bytes_that_are_not_text_stays_valid_json)
{
    static const char sig[] = "(a :int) -> \xC3 \x00 \xED\xA0\x80";
    jv_value *v = READ_DOC(tsig_api_check(sig, sizeof sig - 1, 0));
    CHECK(jv_kind_of(v) == JV_MAP && !jv_bool(jv_get(v, "ok")));
    jv_free(v);
}

/* ---- validate -------------------------------------------------------- */

TEST(validate_ok_embeds_the_value_as_given)
{
    tsig_signature *sig = sig_of("{n :int, f :float}");
    const char *json = " \t {\"n\": 1, \"f\": 1.50}\r\n";
    char *doc = tsig_api_validate(sig, 0, json, strlen(json), NULL);
    CHECK_STR(doc, "{\"ok\":true,\"value\":{\"n\": 1, \"f\": 1.50},\"errors\":[],\"warnings\":[]}");
    tsig_free(doc);
    /* A byte-order mark changes the text: the value is rewritten. */
    json = "\xEF\xBB\xBF{\"n\": 1, \"f\": 1.50}";
    doc = tsig_api_validate(sig, 0, json, strlen(json), NULL);
    CHECK_STR(doc, "{\"ok\":true,\"value\":{\"n\":1,\"f\":1.50},\"errors\":[],\"warnings\":[]}");
    tsig_free(doc);
    tsig_signature_free(sig);
}

TEST(validate_keeps_every_digit_of_huge_ints)
{
    tsig_signature *sig = sig_of("(n :int) -> [:int]");
    tsig_strbuf big = {0};
    tsig_sb_puts(&big, "{\"n\":\"");
    for (int i = 0; i < 10000; i++) tsig_sb_putc(&big, (char)('1' + i % 9));
    tsig_sb_puts(&big, "\"}");
    char *doc = tsig_api_validate(sig, 1, big.data, big.len, NULL);
    /* the string was coerced to the int with the same 10 000 digits */
    CHECK(doc && strstr(doc, "\"value\":{\"n\":123456789123"));
    CHECK(doc && strlen(doc) > 10000);
    jv_value *v = READ_DOC(doc);
    const jv_value *n = jv_get(jv_get(v, "value"), "n");
    CHECK(jv_kind_of(n) == JV_INT && strlen(jv_num_text(n)) == 10000);
    jv_free(v);
    tsig_sb_release(&big);
    tsig_signature_free(sig);
}

TEST(validate_input_gives_coerced_value_and_warnings)
{
    tsig_signature *sig = sig_of("(id :int, name :string) -> :bool");
    const char *json = "{\"name\":\"Alice\",\"id\":\"42\"}";
    char *doc = tsig_api_validate(sig, 1, json, strlen(json), NULL);
    CHECK_STR(doc, "{\"ok\":true,\"value\":{\"id\":42,\"name\":\"Alice\"},\"errors\":[],"
                   "\"warnings\":[{\"path\":\"id\",\"segments\":[\"id\"],"
                   "\"message\":\"coerced string \\\"42\\\" to int\",\"code\":\"coerced\","
                   "\"offset\":21,\"length\":4}]}");
    tsig_free(doc);
    tsig_signature_free(sig);
}

TEST(validate_errors_have_path_segments_and_no_value)
{
    tsig_signature *sig = sig_of("{results [{customer {id :int}}]}");
    const char *json = "{\"results\":[{\"customer\":{\"id\":\"abc\"}}]}";
    char *doc = tsig_api_validate(sig, 0, json, strlen(json), NULL);
    CHECK_STR(doc, "{\"ok\":false,\"errors\":[{\"path\":\"results[0].customer.id\","
                   "\"segments\":[\"results\",0,\"customer\",\"id\"],"
                   "\"message\":\"expected int, got string \\\"abc\\\"\",\"code\":\"type\","
                   "\"offset\":30,\"length\":5}],\"warnings\":[]}");
    tsig_free(doc);
    tsig_signature_free(sig);
}

TEST(validate_json_error_has_line_column_offset)
{
    tsig_signature *sig = sig_of(":any");
    const char *json = "{\n  \"a\": 1,\n}";
    jv_value *v = READ_DOC(tsig_api_validate(sig, 0, json, strlen(json), NULL));
    CHECK(!jv_bool(jv_get(v, "ok")));
    CHECK(!jv_has(v, "value"));
    const jv_value *e = jv_at(jv_get(v, "errors"), 0);
    CHECK_INT(jv_len(jv_get(v, "errors")), 1);
    CHECK_STR(jv_get_str(e, "path"), "");
    const char *message = jv_get_str(e, "message");
    CHECK(message && strncmp(message, "JSON error at 3:1: ", 19) == 0);
    CHECK_MEMBER(e, "line", "3");
    CHECK_MEMBER(e, "column", "1");
    CHECK_MEMBER(e, "offset", "12");
    jv_free(v);
    tsig_signature_free(sig);
}

TEST(validate_value_never_leaves_value_out)
{
    tsig_signature *sig = sig_of(":int");
    tsig_validate_options opts = {TSIG_MODE_ENABLED, 0, 0, TSIG_VALUE_NEVER};
    char *doc = tsig_api_validate(sig, 0, "7", 1, &opts);
    CHECK_STR(doc, "{\"ok\":true,\"errors\":[],\"warnings\":[]}");
    tsig_free(doc);
    tsig_signature_free(sig);
}

TEST(validate_warn_only_and_disabled_keep_the_value)
{
    tsig_signature *sig = sig_of(":int");
    tsig_validate_options opts = {TSIG_MODE_WARN_ONLY, 0, 0, 0};
    jv_value *v = READ_DOC(tsig_api_validate(sig, 0, "\"x\"", 3, &opts));
    CHECK(jv_bool(jv_get(v, "ok")));
    CHECK_MEMBER(v, "value", "\"x\"");
    CHECK_INT(jv_len(jv_get(v, "warnings")), 1);
    jv_free(v);
    opts.mode = TSIG_MODE_DISABLED;
    v = READ_DOC(tsig_api_validate(sig, 0, "[true]", 6, &opts));
    CHECK_MEMBER(v, "value", "[true]");
    jv_free(v);
    tsig_signature_free(sig);
}

TEST(validate_strict_writes_odd_keys_as_valid_json)
{
    tsig_signature *sig = sig_of("{a :int}");
    const char *json = "{\"a\":1,\"\\ud800\\u0000x\":2}";
    tsig_validate_options opts = {TSIG_MODE_STRICT, 0, 0, 0};
    jv_value *v = READ_DOC(tsig_api_validate(sig, 0, json, strlen(json), &opts));
    const jv_value *seg = jv_at(jv_get(jv_at(jv_get(v, "errors"), 0), "segments"), 0);
    size_t len = 0;
    const char *key = jv_str(seg, &len);
    CHECK(key && len == 5 && memcmp(key, "\xED\xA0\x80\0x", 5) == 0);
    jv_free(v);
    tsig_signature_free(sig);
}

TEST(validate_without_signature_is_an_argument_error)
{
    jv_value *v = READ_DOC(tsig_api_validate(NULL, 0, "1", 1, NULL));
    CHECK_STR(jv_get_str(jv_get(v, "error"), "code"), "TSIG_ERR_ARGUMENT");
    jv_free(v);
}

TEST(validate_fast_answers_nothing_for_an_int_at_float_when_numbers_are_doubles)
{
    tsig_signature *sig = sig_of("(a :float, b :int) -> :any");
    char *doc = NULL;
    const char *json = "{\"a\":1,\"b\":2}";
    CHECK_INT(tsig_api_validate_fast(sig, 1, json, strlen(json), 0, 0, 0, &doc, 0), 1);
    CHECK_STR(doc, "{\"ok\":true,\"value\":{\"a\":1.0,\"b\":2},\"errors\":[],\"warnings\":[]}");
    tsig_free(doc);
    CHECK_INT(tsig_api_validate_fast(sig, 1, json, strlen(json), 0, 0, 0, &doc,
                                     TSIG_NUMBERS_ARE_DOUBLES), 0);
    CHECK(doc == NULL);
    /* another coercion in the same value: the answer, the int as written */
    json = "{\"a\":1,\"b\":\"2\"}";
    CHECK_INT(tsig_api_validate_fast(sig, 1, json, strlen(json), 0, 0, 0, &doc,
                                     TSIG_NUMBERS_ARE_DOUBLES), 1);
    CHECK_STR(doc, "{\"ok\":true,\"value\":{\"a\":1,\"b\":2},\"errors\":[],"
                   "\"warnings\":[{\"path\":\"b\",\"segments\":[\"b\"],"
                   "\"message\":\"coerced string \\\"2\\\" to int\",\"code\":\"coerced\","
                   "\"offset\":11,\"length\":3}]}");
    tsig_free(doc);
    /* the value flags would break "0: unchanged", and unknown bits are refused */
    unsigned bad[] = {TSIG_VALUE_ALWAYS, TSIG_VALUE_NEVER, 32u};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        CHECK_INT(tsig_api_validate_fast(sig, 1, json, strlen(json), 0, 0, 0, &doc, bad[i]), 1);
        jv_value *v = READ_DOC(doc);
        CHECK_STR(jv_get_str(jv_get(v, "error"), "code"), "TSIG_ERR_ARGUMENT");
        CHECK_STR(jv_get_str(jv_get(v, "error"), "message"), "unknown validation flags");
        jv_free(v);
    }
    tsig_signature_free(sig);
}

/* ---- normalize, redact ----------------------------------------------- */

TEST(normalize_gives_the_value_or_the_error)
{
    const char *json = "{\"a-b\":[{\"c-d\":1e400}]}";
    char *doc = tsig_api_normalize(json, strlen(json));
    CHECK_STR(doc, "{\"ok\":true,\"value\":{\"a_b\":[{\"c_d\":1e400}]}}");
    tsig_free(doc);
    json = "{\"rows\":[{\"a-b\":1,\"a_b\":2}]}";
    jv_value *v = READ_DOC(tsig_api_normalize(json, strlen(json)));
    const jv_value *err = jv_get(v, "error");
    CHECK_STR(jv_get_str(err, "code"), "TSIG_ERR_KEY_COLLISION");
    CHECK_STR(jv_get_str(err, "message"),
              "keys \"a-b\" and \"a_b\" both normalize to \"a_b\" at rows[0]");
    jv_free(v);
    v = READ_DOC(tsig_api_normalize("[1,", 3));
    CHECK_STR(jv_get_str(jv_get(v, "error"), "code"), "TSIG_ERR_JSON");
    CHECK_MEMBER(jv_get(v, "error"), "column", "4");
    jv_free(v);
}

TEST(redact_strips_or_masks)
{
    tsig_signature *sig = sig_of("{summary :string, _raw :any}");
    const char *json = "{\"summary\":\"s\",\"_raw\":[1],\"x\":{\"-y\":2}}";
    char *doc = tsig_api_redact(sig, json, strlen(json), TSIG_REDACT_STRIP);
    CHECK_STR(doc, "{\"ok\":true,\"value\":{\"summary\":\"s\",\"x\":{}}}");
    tsig_free(doc);
    doc = tsig_api_redact(sig, json, strlen(json), TSIG_REDACT_MASK);
    CHECK_STR(doc, "{\"ok\":true,\"value\":{\"summary\":\"s\",\"_raw\":\"<Firewalled>\","
                   "\"x\":{\"-y\":\"<Firewalled>\"}}}");
    tsig_free(doc);
    jv_value *v = READ_DOC(tsig_api_redact(sig, "{", 1, TSIG_REDACT_MASK));
    CHECK_STR(jv_get_str(jv_get(v, "error"), "code"), "TSIG_ERR_JSON");
    jv_free(v);
    tsig_signature_free(sig);
}

/* ---- JSON Schema ----------------------------------------------------- */

TEST(schema_of_output_and_params)
{
    tsig_signature *sig = sig_of("(q :string, limit :int?) -> {count :int}");
    char *doc = tsig_api_schema(sig, 0, 0);
    CHECK_STR(doc, "{\"ok\":true,\"schema\":{\"type\":\"object\",\"properties\":{\"count\":"
                   "{\"type\":\"integer\"}},\"required\":[\"count\"],"
                   "\"additionalProperties\":false},\"warnings\":[]}");
    tsig_free(doc);
    jv_value *v = READ_DOC(tsig_api_schema(sig, 1, TSIG_SCHEMA_STRICT));
    CHECK_MEMBER(jv_get(v, "schema"), "required", "[\"q\",\"limit\"]");
    jv_free(v);
    tsig_signature_free(sig);
}

/* The strict schema stays as SPEC §9 gives it; "warnings" names, by JSON
 * Pointer into it, each place OpenAI's strict mode rejects. */
static void check_strict_warnings(const char *text, int params, const char *want)
{
    tsig_signature *sig = sig_of(text);
    jv_value *v = READ_DOC(tsig_api_schema(sig, params, TSIG_SCHEMA_STRICT));
    CHECK_MEMBER(v, "warnings", want);
    jv_free(v);
    v = READ_DOC(tsig_api_schema(sig, params, 0));
    CHECK_MEMBER(v, "warnings", "[]");
    jv_free(v);
    tsig_signature_free(sig);
}

TEST(strict_schema_warns_of_each_place_strict_mode_cannot_express)
{
    check_strict_warnings("(q :string, n :int[1..5], e :enum[a b]?, t {id :int}?) -> {ok :bool}", 1, "[]");
    check_strict_warnings("(q :string) -> {ok :bool, items [{id :int}]}", 0, "[]");
    check_strict_warnings("(meta :map, extra :any, tags {* :string}) -> {ok :bool}", 1,
        "[\"#/properties/meta: :map is an open object; OpenAI strict mode requires "
        "\\\"additionalProperties\\\": false and every property listed (use a typed map)\","
        "\"#/properties/extra: :any is written as {}, with no type; OpenAI strict mode requires one\","
        "\"#/properties/tags: the typed extra fields (* T) are written as an open object, as :map is; "
        "OpenAI strict mode requires \\\"additionalProperties\\\": false\"]");
    /* Paths through lists, nullable lists and maps, unions and defaults. */
    check_strict_warnings("() -> [{a [:any]?, b :string[..5], c :int|:map, d :enum[1 x] = 1}]", 0,
        "[\"#/properties/items/items/properties/a/anyOf/0/items: :any is written as {}, with no type; "
        "OpenAI strict mode requires one\","
        "\"#/properties/items/items/properties/b: the length bounds of the string are left out; "
        "OpenAI strict mode rejects minLength and maxLength (validation still checks them)\","
        "\"#/properties/items/items/properties/c/anyOf/1: :map is an open object; OpenAI strict mode "
        "requires \\\"additionalProperties\\\": false and every property listed (use a typed map)\","
        "\"#/properties/items/items/properties/d: the enum's values have no JSON type in common, so the "
        "schema names none; OpenAI strict mode requires a type\"]");
    check_strict_warnings("() -> :int", 0,
        "[\"#: the root is not an object; OpenAI strict mode requires one (return a typed map, "
        "such as {result :int})\"]");
}

TEST(strict_warnings_stop_at_100_with_a_count_of_the_rest)
{
    tsig_strbuf sb = {0};
    tsig_sb_puts(&sb, "(");
    for (int i = 0; i < 150; i++) tsig_sb_printf(&sb, "%sa%d :any", i ? ", " : "", i);
    tsig_sb_puts(&sb, ") -> :bool");
    CHECK(!sb.failed);
    tsig_signature *sig = sig_of(sb.data);
    jv_value *v = READ_DOC(tsig_api_schema(sig, 1, TSIG_SCHEMA_STRICT));
    const jv_value *w = jv_get(v, "warnings");
    CHECK_INT(jv_len(w), 101);
    CHECK_STR(jv_str(jv_at(w, 99), NULL),
              "#/properties/a99: :any is written as {}, with no type; OpenAI strict mode requires one");
    CHECK_STR(jv_str(jv_at(w, 100), NULL), "#: 50 more places OpenAI strict mode cannot express");
    jv_free(v);
    tsig_signature_free(sig);
    tsig_sb_release(&sb);
}

TEST(from_schema_gives_signature_and_warnings)
{
    const char *json = "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"integer\"},"
                       "\"m\":{\"type\":\"string\",\"pattern\":\"x\"}},\"required\":[\"a\"]}";
    jv_value *v = READ_DOC(tsig_api_from_schema(json, strlen(json), TSIG_SCHEMA_LOSSY));
    CHECK(jv_bool(jv_get(v, "ok")));
    CHECK_MEMBER(v, "canonical", "\"{a :int, m :string?}\"");
    CHECK_MEMBER(v, "returns_list", "false");
    CHECK_INT(jv_len(jv_get(v, "warnings")), 1);
    const char *w = jv_str(jv_at(jv_get(v, "warnings"), 0), NULL);
    CHECK(w && strstr(w, "#/properties/m"));
    jv_free(v);
    v = READ_DOC(tsig_api_from_schema(json, strlen(json), 0));
    CHECK_STR(jv_get_str(jv_get(v, "error"), "code"), "TSIG_ERR_SCHEMA");
    jv_free(v);
}

static const char tool_json[] =
    "{\"name\":\"search\",\"description\":\"Find \\u0000 things\","
    "\"inputSchema\":{\"type\":\"object\",\"properties\":{\"q\":{\"type\":\"string\"},"
    "\"limit\":{\"type\":\"integer\"}},\"required\":[\"q\"]}}";

TEST(tool_from_json_names_the_tool)
{
    jv_value *v = READ_DOC(tsig_api_tool_from_json(tool_json, sizeof tool_json - 1, 0));
    CHECK(jv_bool(jv_get(v, "ok")));
    CHECK_MEMBER(v, "name", "\"search\"");
    CHECK_MEMBER(v, "description", "\"Find \\u0000 things\"");
    CHECK_MEMBER(v, "signature", "\"(q :string, limit :int?) -> :any\"");
    CHECK_MEMBER(v, "warnings", "[]");
    jv_free(v);
}

TEST(tool_from_json_errors_carry_the_position)
{
    jv_value *v = READ_DOC(tsig_api_tool_from_json("{\"name\":\"x\",", 11, 0));
    const jv_value *err = jv_get(v, "error");
    CHECK_STR(jv_get_str(err, "code"), "TSIG_ERR_JSON");
    CHECK_MEMBER(err, "column", "12");
    jv_free(v);
    const char *json = "{\"name\":\"x\",\"inputSchema\":{\"type\":\"object\","
                       "\"properties\":{\"q\":{\"$ref\":\"#/a\"}}}}";
    v = READ_DOC(tsig_api_tool_from_json(json, strlen(json), 0));
    err = jv_get(v, "error");
    CHECK_STR(jv_get_str(err, "code"), "TSIG_ERR_SCHEMA");
    const char *message = jv_get_str(err, "message");
    CHECK(message && strncmp(message, "#/inputSchema/properties/q", 26) == 0);
    jv_free(v);
}

TEST(tools_from_json_reads_a_tools_list_result_and_renders_it)
{
    tsig_strbuf in = {0};
    tsig_sb_puts(&in, "{\"tools\":[");
    tsig_sb_append(&in, tool_json, sizeof tool_json - 1);
    tsig_sb_puts(&in, ",{\"name\":\"ping\",\"inputSchema\":{\"type\":\"object\"}}]}");
    jv_value *v = READ_DOC(tsig_api_tools_from_json(in.data, in.len, 0));
    CHECK(jv_bool(jv_get(v, "ok")));
    CHECK_INT(jv_len(jv_get(v, "tools")), 2);
    CHECK_MEMBER(jv_at(jv_get(v, "tools"), 1), "signature", "\":any\"");
    CHECK_MEMBER(jv_at(jv_get(v, "tools"), 1), "description", "null");
    size_t len = 0;
    const char *prompt = jv_str(jv_get(v, "prompt"), &len);
    static const char want[] = "## Tools you can call\n\nsearch(q :string, limit :int?) -> :any\n"
                               "  Find \0 things\n\nping() -> :any";
    CHECK(prompt && len == sizeof want - 1 && memcmp(prompt, want, len) == 0);
    if (prompt && (len != sizeof want - 1 || memcmp(prompt, want, len) != 0))
        printf("    prompt: %s\n", prompt);
    jv_free(v);
    tsig_sb_release(&in);
}

TEST(tools_from_json_names_each_tool_that_fails)
{
    const char *json = "[{\"name\":\"ok\",\"inputSchema\":{}},"
                       "{\"name\":\"bad\",\"inputSchema\":{\"type\":\"object\",\"properties\":"
                       "{\"m\":{\"oneOf\":[{\"type\":\"number\"},{\"type\":\"integer\"}]}}}}]";
    jv_value *v = READ_DOC(tsig_api_tools_from_json(json, strlen(json), 0));
    CHECK(!jv_bool(jv_get(v, "ok")));
    CHECK(!jv_has(v, "prompt"));
    CHECK_INT(jv_len(jv_get(v, "tools")), 1);
    const jv_value *e = jv_at(jv_get(v, "errors"), 0);
    CHECK_STR(jv_get_str(e, "path"), "[1]");
    CHECK_MEMBER(e, "segments", "[1]");
    CHECK_STR(jv_get_str(e, "name"), "bad");
    const char *message = jv_get_str(e, "message");
    CHECK(message && strstr(message, "/properties/m/oneOf"));
    CHECK_STR(jv_get_str(e, "code"), "schema");
    /* the span is the failing tool's whole text */
    const char *tool = strstr(json, "{\"name\":\"bad\"");
    CHECK_MEMBER(e, "offset", "32");
    CHECK_INT((long)(tool - json), 32);
    long long length = 0;
    CHECK(jv_int(jv_get(e, "length"), &length) && length == (long long)strlen(tool) - 1);
    jv_free(v);
    v = READ_DOC(tsig_api_tools_from_json(json, strlen(json), TSIG_SCHEMA_LOSSY));
    CHECK(jv_bool(jv_get(v, "ok")));
    CHECK_INT(jv_len(jv_get(jv_at(jv_get(v, "tools"), 1), "warnings")), 1);
    jv_free(v);
}

TEST(tools_from_json_refuses_what_is_not_a_list_of_tools)
{
    jv_value *v = READ_DOC(tsig_api_tools_from_json("{\"tools\":3}", 11, 0));
    const jv_value *e = jv_at(jv_get(v, "errors"), 0);
    CHECK_STR(jv_get_str(e, "path"), "tools");
    CHECK(!jv_has(e, "name"));
    CHECK_STR(jv_get_str(e, "code"), "type");
    CHECK_MEMBER(e, "offset", "9");
    CHECK_MEMBER(e, "length", "1");
    jv_free(v);
    v = READ_DOC(tsig_api_tools_from_json(" {\"tool\":[]}", 12, 0));
    e = jv_at(jv_get(v, "errors"), 0);
    CHECK_STR(jv_get_str(e, "code"), "missing");
    CHECK_MEMBER(e, "offset", "1");
    CHECK_MEMBER(e, "length", "11");
    jv_free(v);
    v = READ_DOC(tsig_api_tools_from_json("[{]", 3, 0));
    e = jv_at(jv_get(v, "errors"), 0);
    CHECK_MEMBER(e, "column", "3");
    CHECK_STR(jv_get_str(e, "code"), "json_syntax");
    CHECK_MEMBER(v, "tools", "[]");
    jv_free(v);
}

/* The C form of the tools list: tools that converted, with their
 * canonical signature, and one failure per tool that did not. */
TEST(tools_list_holds_each_tool_and_each_failure)
{
    const char *json = "{\"tools\":[{\"name\":\"ok\",\"description\":\"Fine.\",\"inputSchema\":"
                       "{\"type\":\"object\",\"properties\":{\"n\":{\"type\":\"integer\"}}}},"
                       "{\"name\":\"bad\",\"inputSchema\":{\"type\":\"object\",\"properties\":"
                       "{\"m\":{\"type\":\"string\",\"pattern\":\"x\"}}}},3]}";
    tsig_tools *tools = NULL;
    tsig_error err;
    CHECK_INT(tsig_tools_from_json(json, strlen(json), 0, &tools, &err), TSIG_OK);
    CHECK_INT((long)tsig_tools_count(tools), 1);
    const tsig_tool *t = tsig_tools_get(tools, 0);
    CHECK(t && t->index == 0 && t->name_len == 2 && memcmp(t->name, "ok", 2) == 0);
    CHECK_STR(t ? t->signature : NULL, "(n :int?) -> :any");
    CHECK(t && t->description_len == 5 && t->warning_count == 0);
    CHECK(t && tsig_type_kind(tsig_returns(t->sig)) == TSIG_ANY);
    CHECK(tsig_tools_get(tools, 1) == NULL);
    CHECK_INT((long)tsig_tools_failure_count(tools), 2);
    const tsig_tool_failure *f = tsig_tools_failure(tools, 0);
    CHECK(f && f->index == 1 && f->name_len == 3 && memcmp(f->name, "bad", 3) == 0);
    CHECK(f && f->error.code == TSIG_ERR_SCHEMA);
    CHECK(f && f->issue.code == TSIG_ISSUE_SCHEMA);
    CHECK(f && f->issue.path_len == 8 && memcmp(f->issue.path, "tools[1]", 8) == 0);
    CHECK(f && f->issue.segment_count == 2 && f->issue.segments[1].index == 1);
    CHECK(f && strstr(f->issue.message, "/properties/m/pattern"));
    f = tsig_tools_failure(tools, 1);
    CHECK(f && f->index == 2 && f->name == NULL && f->issue.length == 1);
    CHECK(f && json[f->issue.offset] == '3');
    char *list = tsig_tools_json(tools, NULL);
    CHECK_STR(list, "[{\"name\":\"ok\",\"signature\":\"(n :int?) -> :any\",\"description\":"
                    "\"Fine.\",\"warnings\":[]}]");
    tsig_free(list);
    tsig_tools_free(tools);
}

/* Text that holds no list of tools is a failure of the whole text. */
TEST(tools_list_of_text_that_is_no_list)
{
    tsig_tools *tools = NULL;
    tsig_error err;
    CHECK_INT(tsig_tools_from_json("{\"a\":1,\"a\":2}", 13, 0, &tools, &err), TSIG_OK);
    CHECK_INT((long)tsig_tools_count(tools), 0);
    const tsig_tool_failure *f = tsig_tools_failure(tools, 0);
    CHECK(f && f->index == TSIG_TOOLS_DOCUMENT && f->issue.code == TSIG_ISSUE_DUPLICATE_KEY);
    CHECK(f && f->error.code == TSIG_ERR_JSON && f->error.column == 8);
    tsig_tools_free(tools);
    CHECK_INT(tsig_tools_from_json("[1,", 3, 0, &tools, &err), TSIG_OK);
    f = tsig_tools_failure(tools, 0);
    CHECK(f && f->issue.code == TSIG_ISSUE_JSON_SYNTAX && f->error.code == TSIG_ERR_JSON);
    tsig_tools_free(tools);
    CHECK_INT(tsig_tools_from_json(NULL, 0, 0, &tools, &err), TSIG_OK);
    f = tsig_tools_failure(tools, 0);
    CHECK(f && f->issue.code == TSIG_ISSUE_JSON_SYNTAX);
    tsig_tools_free(tools);
    CHECK_INT(tsig_tools_from_json("[]", 2, 0, NULL, &err), TSIG_ERR_ARGUMENT);
    tsig_tools_free(NULL);
}

/* MCP requires every tool to have a name, a string: a tool without one is
 * a failure of its own, as a schema toolsig cannot express is (path, span:
 * the tool), its code "missing" or "type", its error positioned in the
 * tool's text at the object (no name) or at the name. */
TEST(tools_list_fails_a_tool_without_a_string_name)
{
    /* {"tools":[{},{"name":5},{"name":"ok"}]}
     *            ^          ^                   */
    const char *json = "{\"tools\":[{},{\"name\":5},{\"name\":\"ok\"}]}";
    tsig_tools *tools = NULL;
    tsig_error err;
    CHECK_INT(tsig_tools_from_json(json, strlen(json), 0, &tools, &err), TSIG_OK);
    CHECK_INT((long)tsig_tools_count(tools), 1);
    const tsig_tool *t = tsig_tools_get(tools, 0);
    CHECK(t && t->index == 2 && t->name_len == 2 && memcmp(t->name, "ok", 2) == 0);
    CHECK_INT((long)tsig_tools_failure_count(tools), 2);
    const tsig_tool_failure *f = tsig_tools_failure(tools, 0);
    CHECK(f && f->index == 0 && f->name == NULL);
    CHECK(f && f->error.code == TSIG_ERR_SCHEMA && f->issue.code == TSIG_ISSUE_MISSING);
    CHECK_STR(f ? f->issue.message : NULL, "#: expected a string \"name\", found none");
    CHECK(f && f->issue.path_len == 8 && memcmp(f->issue.path, "tools[0]", 8) == 0);
    CHECK(f && f->issue.segment_count == 2 && f->issue.segments[1].index == 0);
    CHECK(f && f->issue.offset == 10 && f->issue.length == 2);
    CHECK(f && f->error.offset == 0 && f->error.column == 1);
    CHECK(f && strstr(f->error.hint, "MCP requires a name"));
    f = tsig_tools_failure(tools, 1);
    CHECK(f && f->index == 1 && f->name == NULL);
    CHECK(f && f->error.code == TSIG_ERR_SCHEMA && f->issue.code == TSIG_ISSUE_TYPE);
    CHECK_STR(f ? f->issue.message : NULL, "#/name: expected a string, found a number");
    CHECK(f && f->issue.path_len == 8 && memcmp(f->issue.path, "tools[1]", 8) == 0);
    CHECK(f && f->issue.offset == 13 && f->issue.length == 10);
    CHECK(f && f->error.offset == 8 && f->error.line == 1 && f->error.column == 9);
    tsig_tools_free(tools);
    jv_value *v = READ_DOC(tsig_api_tools_from_json("[{\"name\":\"a\"},{}]", 17, 0));
    CHECK(!jv_bool(jv_get(v, "ok")));
    const jv_value *e = jv_at(jv_get(v, "errors"), 0);
    CHECK_STR(jv_get_str(e, "path"), "[1]");
    CHECK_STR(jv_get_str(e, "code"), "missing");
    CHECK_STR(jv_get_str(e, "message"), "#: expected a string \"name\", found none");
    jv_free(v);
}

/* A list of tools given by their signatures' text: each tool, its
 * signature parsed and in canonical form; none for a tool without "sig". */
TEST(signature_list_holds_each_tool)
{
    const char *json = "[{\"name\":\"get\",\"sig\":\"(id :int)->{name :string}\","
                       "\"description\":\"Loads.\"},"
                       "{\"name\":\"any\"},{\"name\":\"n\",\"sig\":null,\"description\":null}]";
    tsig_tools *tools = NULL;
    tsig_error err;
    CHECK_INT(tsig_tools_from_signatures(json, strlen(json), &tools, &err), TSIG_OK);
    CHECK_INT((long)tsig_tools_count(tools), 3);
    CHECK_INT((long)tsig_tools_failure_count(tools), 0);
    const tsig_tool *t = tsig_tools_get(tools, 0);
    CHECK(t && t->index == 0 && t->name_len == 3 && memcmp(t->name, "get", 3) == 0);
    CHECK_STR(t ? t->signature : NULL, "(id :int) -> {name :string}");
    CHECK(t && t->sig && tsig_param_count(t->sig) == 1);
    CHECK(t && t->description_len == 6 && memcmp(t->description, "Loads.", 6) == 0);
    CHECK(t && t->warning_count == 0);
    t = tsig_tools_get(tools, 1);
    CHECK(t && t->index == 1 && t->sig == NULL && t->signature == NULL && t->description == NULL);
    t = tsig_tools_get(tools, 2);
    CHECK(t && t->index == 2 && t->sig == NULL && t->description == NULL);
    tsig_tools_free(tools);
}

/* Each signature that does not parse is a failure about its string, its
 * error positioned in the signature; the other tools stay. */
TEST(signature_list_fails_each_signature_that_does_not_parse)
{
    /* [{"name":"a","sig":"(q :string, limit) -> :int"},{"name":"b","sig":":int"}]
     *                    ^ the string: offset 19, 28 bytes                      */
    const char *json = "[{\"name\":\"a\",\"sig\":\"(q :string, limit) -> :int\"},"
                       "{\"name\":\"b\",\"sig\":\":int\"}]";
    tsig_tools *tools = NULL;
    tsig_error err;
    CHECK_INT(tsig_tools_from_signatures(json, strlen(json), &tools, &err), TSIG_OK);
    CHECK_INT((long)tsig_tools_count(tools), 1);
    const tsig_tool *t = tsig_tools_get(tools, 0);
    CHECK(t && t->index == 1 && t->name_len == 1 && t->name[0] == 'b');
    CHECK_INT((long)tsig_tools_failure_count(tools), 1);
    const tsig_tool_failure *f = tsig_tools_failure(tools, 0);
    CHECK(f && f->index == 0 && f->name_len == 1 && f->name[0] == 'a');
    CHECK(f && f->issue.code == TSIG_ISSUE_SIGNATURE);
    CHECK(f && f->issue.path_len == 7 && memcmp(f->issue.path, "[0].sig", 7) == 0);
    CHECK(f && f->issue.segment_count == 2 && f->issue.segments[0].key == NULL &&
          f->issue.segments[0].index == 0 && f->issue.segments[1].key_len == 3);
    CHECK_STR(f ? f->issue.message : NULL,
              "signature error at 1:18: expected a type after \"limit\", found \")\"");
    CHECK(f && f->issue.offset == 19 && f->issue.length == 28);
    CHECK(f && f->error.code == TSIG_ERR_SYNTAX && f->error.offset == 17 && f->error.column == 18);
    CHECK_STR(f ? f->error.message : NULL, "expected a type after \"limit\", found \")\"");
    tsig_tools_free(tools);
}

/* Text that is not such a list fails as validation against its shape
 * says, and holds no tool. */
TEST(signature_list_of_text_that_is_no_such_list)
{
    tsig_tools *tools = NULL;
    tsig_error err;
    const char *json = "[{\"sig\":\":int\"},{\"name\":\"b\",\"sig\":5}]";
    CHECK_INT(tsig_tools_from_signatures(json, strlen(json), &tools, &err), TSIG_OK);
    CHECK_INT((long)tsig_tools_count(tools), 0);
    CHECK_INT((long)tsig_tools_failure_count(tools), 2);
    const tsig_tool_failure *f = tsig_tools_failure(tools, 0);
    CHECK(f && f->index == TSIG_TOOLS_DOCUMENT && f->issue.code == TSIG_ISSUE_MISSING);
    CHECK(f && f->error.code == TSIG_ERR_SCHEMA);
    f = tsig_tools_failure(tools, 1);
    CHECK(f && f->issue.code == TSIG_ISSUE_TYPE && f->error.code == TSIG_ERR_SCHEMA);
    CHECK(f && f->issue.path_len == 7 && memcmp(f->issue.path, "[1].sig", 7) == 0);
    CHECK_STR(f ? f->issue.message : NULL, "expected string, got int 5");
    tsig_tools_free(tools);
    CHECK_INT(tsig_tools_from_signatures("[{\"name\":", 9, &tools, &err), TSIG_OK);
    f = tsig_tools_failure(tools, 0);
    CHECK(f && f->issue.code == TSIG_ISSUE_JSON_SYNTAX && f->error.code == TSIG_ERR_JSON);
    CHECK(f && f->error.column == 10);
    tsig_tools_free(tools);
    CHECK_INT(tsig_tools_from_signatures("[]", 2, NULL, &err), TSIG_ERR_ARGUMENT);
    CHECK_INT(tsig_tools_from_signatures(NULL, 2, &tools, &err), TSIG_ERR_ARGUMENT);
    CHECK(tools == NULL);
}

/* No text with a length is a bad argument, said as one. */
TEST(tool_lists_without_text_are_a_bad_argument)
{
    jv_value *v = READ_DOC(tsig_api_render_tools(NULL, 5));
    CHECK(!jv_bool(jv_get(v, "ok")));
    CHECK_STR(jv_get_str(jv_get(v, "error"), "code"), "TSIG_ERR_ARGUMENT");
    jv_free(v);
    v = READ_DOC(tsig_api_tools_from_json(NULL, 5, 0));
    CHECK_STR(jv_get_str(jv_get(v, "error"), "code"), "TSIG_ERR_ARGUMENT");
    jv_free(v);
}

/* One tool (importTool) follows the same rule, with the same error. */
TEST(tool_from_json_needs_a_string_name)
{
    jv_value *v = READ_DOC(tsig_api_tool_from_json("{}", 2, 0));
    const jv_value *e = jv_get(v, "error");
    CHECK(!jv_bool(jv_get(v, "ok")));
    CHECK_STR(jv_get_str(e, "code"), "TSIG_ERR_SCHEMA");
    CHECK_STR(jv_get_str(e, "message"), "#: expected a string \"name\", found none");
    CHECK_MEMBER(e, "column", "1");
    jv_free(v);
    /* { "name": null, "inputSchema": {} }
     *            ^                          */
    const char *json = "{ \"name\": null, \"inputSchema\": {} }";
    v = READ_DOC(tsig_api_tool_from_json(json, strlen(json), 0));
    e = jv_get(v, "error");
    CHECK_STR(jv_get_str(e, "message"), "#/name: expected a string, found null");
    CHECK_MEMBER(e, "offset", "10");
    CHECK_MEMBER(e, "column", "11");
    jv_free(v);
    v = READ_DOC(tsig_api_tool_from_json("{\"name\":\"\"}", 11, 0));
    CHECK(jv_bool(jv_get(v, "ok")));
    CHECK_MEMBER(v, "name", "\"\"");
    jv_free(v);
}

/* A C caller reads a document with tsig_doc_*: members, elements, strings
 * decoded, whole numbers. */
TEST(doc_functions_read_a_document)
{
    const char *doc = "{\"ok\":false,\"errors\":[{\"path\":\"a\\u0000b\",\"offset\":12},"
                      "{\"path\":\"\",\"offset\":7}],\"n\":[]}";
    size_t n = strlen(doc);
    size_t list = tsig_doc_member(doc, n, 0, "errors");
    CHECK(list != TSIG_DOC_NONE && doc[list] == '[');
    size_t e = tsig_doc_first(doc, n, list);
    size_t len = 0;
    char *path = tsig_doc_string(doc, n, tsig_doc_member(doc, n, e, "path"), &len);
    CHECK(path && len == 3 && memcmp(path, "a\0b", 3) == 0);
    tsig_free(path);
    CHECK_INT((long)tsig_doc_size(doc, n, tsig_doc_member(doc, n, e, "offset")), 12);
    e = tsig_doc_next(doc, n, e);
    CHECK_INT((long)tsig_doc_size(doc, n, tsig_doc_member(doc, n, e, "offset")), 7);
    CHECK(tsig_doc_next(doc, n, e) == TSIG_DOC_NONE);
    CHECK(tsig_doc_first(doc, n, tsig_doc_member(doc, n, 0, "n")) == TSIG_DOC_NONE);
    CHECK(tsig_doc_member(doc, n, 0, "none") == TSIG_DOC_NONE);
    CHECK(tsig_doc_member(doc, n, TSIG_DOC_NONE, "ok") == TSIG_DOC_NONE);
    CHECK(tsig_doc_string(doc, n, tsig_doc_member(doc, n, 0, "ok"), NULL) == NULL);
    CHECK_INT((long)tsig_doc_size(doc, n, tsig_doc_member(doc, n, 0, "ok")), 0);
}

/* Text that is not JSON stops the reading: no answer, and no byte read
 * beyond the text (the sanitizers watch). */
TEST(doc_functions_stop_at_text_that_is_not_json)
{
    static const char *const bad[] = {"{\"a\":\"x\\", "{\"a\"", "{\"a\":[1,", "[\"\\", "{\"\\u12",
                                      "{\"a\":}", "}", "[", "{\"b\":1 \"a\":2}"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        size_t n = strlen(bad[i]);
        char *copy = malloc(n); /* no NUL after the text */
        CHECK(copy != NULL);
        if (!copy) return;
        memcpy(copy, bad[i], n);
        size_t v = tsig_doc_member(copy, n, 0, "a");
        if (v != TSIG_DOC_NONE) CHECK(tsig_doc_string(copy, n, v, NULL) == NULL);
        size_t e = tsig_doc_first(copy, n, 0);
        if (e != TSIG_DOC_NONE) CHECK(tsig_doc_next(copy, n, e) == TSIG_DOC_NONE);
        free(copy);
    }
}

/* ---- prompts --------------------------------------------------------- */

TEST(render_tools_from_a_json_list)
{
    const char *json = "[{\"name\":\"get\",\"sig\":\"(id :int) -> {name :string, _raw :any}\","
                       "\"description\":\"Loads.\\nBy id.\"},{\"name\":\"ping\",\"sig\":\":bool\","
                       "\"description\":null}]";
    char *doc = tsig_api_render_tools(json, strlen(json));
    CHECK_STR(doc, "{\"ok\":true,\"text\":\"## Tools you can call\\n\\nget(id :int) -> "
                   "{name :string}\\n  Loads.\\n  By id.\\n\\nping() -> :bool\"}");
    tsig_free(doc);
    doc = tsig_api_render_tools("[]", 2);
    CHECK_STR(doc, "{\"ok\":true,\"text\":\"\"}");
    tsig_free(doc);
}

TEST(render_tools_reports_every_bad_signature_with_its_position)
{
    const char *json = "[{\"name\":\"a\",\"sig\":\"(q :string, limit) -> :int\"},"
                       "{\"name\":\"b\",\"sig\":\":int\"},{\"name\":\"c\",\"sig\":\":int\\u0000\"}]";
    jv_value *v = READ_DOC(tsig_api_render_tools(json, strlen(json)));
    CHECK(!jv_bool(jv_get(v, "ok")));
    CHECK_INT(jv_len(jv_get(v, "errors")), 2);
    const jv_value *e = jv_at(jv_get(v, "errors"), 0);
    CHECK_STR(jv_get_str(e, "path"), "[0].sig");
    CHECK_MEMBER(e, "segments", "[0,\"sig\"]");
    CHECK_STR(jv_get_str(e, "message"),
              "signature error at 1:18: expected a type after \"limit\", found \")\"");
    CHECK_MEMBER(e, "column", "18");
    CHECK_STR(jv_get_str(e, "code"), "signature");
    CHECK_STR(jv_get_str(jv_at(jv_get(v, "errors"), 1), "path"), "[2].sig");
    jv_free(v);
}

TEST(render_tools_checks_the_shape_of_the_list)
{
    const char *json = "[{\"sig\":\":int\"},{\"name\":\"b\",\"sig\":5}]";
    jv_value *v = READ_DOC(tsig_api_render_tools(json, strlen(json)));
    CHECK_INT(jv_len(jv_get(v, "errors")), 2);
    CHECK_STR(jv_get_str(jv_at(jv_get(v, "errors"), 0), "path"), "[0].name");
    CHECK_STR(jv_get_str(jv_at(jv_get(v, "errors"), 1), "message"),
              "expected string, got int 5");
    jv_free(v);
}

/* A tool without a signature is shown as taking and returning anything. */
TEST(render_tools_accepts_a_tool_without_signature)
{
    const char *json = "[{\"name\":\"a\"},{\"name\":\"b\",\"sig\":null,\"description\":\"B.\"}]";
    jv_value *v = READ_DOC(tsig_api_render_tools(json, strlen(json)));
    CHECK_STR(jv_get_str(v, "text"),
              "## Tools you can call\n\na(...) -> :any\n\nb(...) -> :any\n  B.");
    jv_free(v);
}

TEST(placeholders_lists_names_and_errors)
{
    tsig_signature *sig = sig_of("(user {name :string}, limit :int) -> :string");
    const char *tpl = "Hi {{user.name}}, {{ limit }} {{user.email}}";
    char *doc = tsig_api_placeholders(tpl, strlen(tpl), sig);
    CHECK_STR(doc, "{\"ok\":false,\"placeholders\":[\"user.name\",\"limit\",\"user.email\"],"
                   "\"errors\":[{\"placeholder\":\"user.email\",\"message\":"
                   "\"{{user.email}}: user has no field email (fields: name)\",\"offset\":30}]}");
    tsig_free(doc);
    doc = tsig_api_placeholders("none", 4, sig);
    CHECK_STR(doc, "{\"ok\":true,\"placeholders\":[],\"errors\":[]}");
    tsig_free(doc);
    tsig_signature_free(sig);
}

TEST(info_names_modes_limits_report_titles_and_issue_codes_in_enum_order)
{
    char *doc = tsig_api_info();
    CHECK_STR(doc, "{\"version\":\"" TSIG_VERSION "\","
                   "\"modes\":[\"enabled\",\"warn_only\",\"disabled\",\"strict\"],"
                   "\"limits\":{\"max_errors\":100,\"max_depth\":1000,\"max_depth_limit\":10000,"
                   "\"max_input\":1073741824,\"signature_max_depth\":64,"
                   "\"template_max_depth\":64,\"template_max_output\":1048576},"
                   "\"report_titles\":{\"input\":\"Tool\",\"output\":\"Return\"},"
                   "\"tools_header\":\"## Tools you can call\\n\\n\","
                   "\"issue_codes\":[\"type\",\"missing\",\"unexpected\",\"ambiguous\","
                   "\"duplicate_key\",\"coerced\",\"json_syntax\",\"too_deep\",\"too_many\","
                   "\"enum\",\"range\",\"length\",\"union\",\"wrapped\",\"repaired\","
                   "\"too_large\",\"schema\",\"signature\"]}");
    tsig_free(doc);
}

TEST(validation_entries_of_json_text_errors_have_code_position_and_no_length)
{
    tsig_signature *sig = sig_of(":any");
    const char *json = "[1,\n }";
    char *doc = tsig_api_validate(sig, 0, json, strlen(json), NULL);
    CHECK_STR(doc, "{\"ok\":false,\"errors\":[{\"path\":\"\",\"segments\":[],"
                   "\"message\":\"JSON error at 2:2: expected a JSON value, found \\\"}\\\"\","
                   "\"code\":\"json_syntax\",\"line\":2,\"column\":2,\"offset\":5,"
                   "\"length\":0}],\"warnings\":[]}");
    tsig_free(doc);
    tsig_signature_free(sig);
}

TEST(path_writes_segments_as_validation_paths_are_written)
{
    const char *segs = "[\"a\", \"b c\", 0, \"\\u0078\", 12]";
    char *doc = tsig_api_path(segs, strlen(segs));
    CHECK_STR(doc, "{\"ok\":true,\"path\":\"a[\\\"b c\\\"][0].x[12]\"}");
    tsig_free(doc);
    doc = tsig_api_path("[]", 2);
    CHECK_STR(doc, "{\"ok\":true,\"path\":\"\"}");
    tsig_free(doc);
    doc = tsig_api_path("[-1]", 4);
    CHECK(doc && strncmp(doc, "{\"ok\":false,\"error\":{\"code\":\"TSIG_ERR_JSON\"", 43) == 0);
    tsig_free(doc);
}

/* A report document's issues: path and message decoded, a null or absent
 * path for the root, other members ignored. */
TEST(report_reads_each_issues_path_and_message)
{
    const char *doc = " { \"errors\" : [ {\"path\":\"a.b\",\"message\":\"expected int, got \\\"x\\\"\"},"
                      " {\"path\":null,\"message\":\"m\\u00e9\"} ], \"warnings\":[{\"message\":\"coerced\"}],"
                      " \"extra\":[1] }";
    char *text = tsig_api_report(doc, strlen(doc), "Return", 6);
    CHECK_STR(text, "Return validation errors:\n- a.b: expected int, got \"x\"\n- m\xC3\xA9\n\n"
                    "Return validation warnings:\n- coerced");
    tsig_free(text);
    text = tsig_api_report("{}", 2, NULL, 0);
    CHECK_STR(text, "");
    tsig_free(text);
}

/* Text that is not JSON (a repeated key included), an issue list that is no
 * list, an issue with no message or a path that is no string: no report. */
TEST(report_of_a_document_of_another_shape_is_null)
{
    const char *bad[] = {
        "", "{\"errors\":[]", "{\"errors\":[],\"errors\":[]}", "{\"errors\":{}}",
        "{\"errors\":null}", "{\"errors\":[1]}", "{\"warnings\":[{\"path\":\"p\"}]}",
        "{\"errors\":[{\"path\":1,\"message\":\"m\"}]}",
        "{\"errors\":[{\"message\":\"a\",\"message\":\"b\"}]}",
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        char *text = tsig_api_report(bad[i], strlen(bad[i]), NULL, 0);
        if (text) tsig_test_fail(__FILE__, __LINE__, "%s: got a report", bad[i]);
        tsig_free(text);
    }
}

int main(void)
{
    RUN(report_reads_each_issues_path_and_message);
    RUN(report_of_a_document_of_another_shape_is_null);
    RUN(path_writes_segments_as_validation_paths_are_written);
    RUN(info_names_modes_limits_report_titles_and_issue_codes_in_enum_order);
    RUN(validation_entries_of_json_text_errors_have_code_position_and_no_length);
    RUN(check_gives_canonical_form_returns_list_and_ast);
    RUN(check_hides_firewalled_fields_when_asked);
    RUN(check_leaves_descriptions_out_when_asked);
    RUN(parse_lists_each_parameters_default_and_description);
    RUN(check_error_has_message_position_code_and_null_hint);
    RUN(check_error_carries_the_hint);
    RUN(check_of_bytes_that_are_not_text_stays_valid_json);
    RUN(validate_ok_embeds_the_value_as_given);
    RUN(validate_keeps_every_digit_of_huge_ints);
    RUN(validate_input_gives_coerced_value_and_warnings);
    RUN(validate_errors_have_path_segments_and_no_value);
    RUN(validate_json_error_has_line_column_offset);
    RUN(validate_value_never_leaves_value_out);
    RUN(validate_warn_only_and_disabled_keep_the_value);
    RUN(validate_strict_writes_odd_keys_as_valid_json);
    RUN(validate_without_signature_is_an_argument_error);
    RUN(validate_fast_answers_nothing_for_an_int_at_float_when_numbers_are_doubles);
    RUN(normalize_gives_the_value_or_the_error);
    RUN(redact_strips_or_masks);
    RUN(schema_of_output_and_params);
    RUN(strict_schema_warns_of_each_place_strict_mode_cannot_express);
    RUN(strict_warnings_stop_at_100_with_a_count_of_the_rest);
    RUN(from_schema_gives_signature_and_warnings);
    RUN(tool_from_json_names_the_tool);
    RUN(tool_from_json_errors_carry_the_position);
    RUN(tools_from_json_reads_a_tools_list_result_and_renders_it);
    RUN(tools_from_json_names_each_tool_that_fails);
    RUN(tools_from_json_refuses_what_is_not_a_list_of_tools);
    RUN(tools_list_holds_each_tool_and_each_failure);
    RUN(tools_list_of_text_that_is_no_list);
    RUN(tools_list_fails_a_tool_without_a_string_name);
    RUN(signature_list_holds_each_tool);
    RUN(signature_list_fails_each_signature_that_does_not_parse);
    RUN(signature_list_of_text_that_is_no_such_list);
    RUN(tool_lists_without_text_are_a_bad_argument);
    RUN(tool_from_json_needs_a_string_name);
    RUN(doc_functions_read_a_document);
    RUN(doc_functions_stop_at_text_that_is_not_json);
    RUN(render_tools_from_a_json_list);
    RUN(render_tools_reports_every_bad_signature_with_its_position);
    RUN(render_tools_checks_the_shape_of_the_list);
    RUN(render_tools_accepts_a_tool_without_signature);
    RUN(placeholders_lists_names_and_errors);
    return tsig_test_summary();
}
