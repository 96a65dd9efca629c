/*
 * schema.c: type tree -> JSON Schema (SPEC §9), for LLM structured output
 * (tsig_to_json_schema) and function-calling tool definitions
 * (tsig_tool_parameters_schema).
 *
 * Every schema is written straight into one strbuf as compact JSON, keys in
 * a fixed order: "type" first, then "properties", "required",
 * "additionalProperties" for objects, "format" for date-times, "items" for
 * arrays. The same signature always gives the same bytes.
 *
 *   :string :keyword   {"type":"string"}
 *   :datetime          {"type":"string","format":"date-time"}
 *   :int :float :bool  {"type":"integer"} {"type":"number"} {"type":"boolean"}
 *   :any               {}
 *   :map               {"type":"object"}
 *   [T]                {"type":"array","items":T}
 *   {f T ...}          {"type":"object","properties":{...},"required":[...],
 *                       "additionalProperties":false}
 *   T?                 primitives, :map, :datetime: "type":[T,"null"];
 *                      [T]? and {...}?: {"anyOf":[T,{"type":"null"}]};
 *                      :any? is {} (it already accepts null)
 *
 * Strict mode (TSIG_SCHEMA_STRICT, OpenAI "strict structured outputs") lists
 * every property in "required"; optional fields stay nullable, so "may be
 * absent" becomes "present, possibly null", which is what strict mode asks.
 * It changes nothing else: the shape of a schema never depends on the flag,
 * so a strict schema reads back (tsig_from_json_schema) as the same types.
 *
 * What strict mode cannot say. OpenAI accepts a strict schema only when its
 * root is an object (not anyOf), every object lists all its properties in
 * "required" and has "additionalProperties": false, and every subschema
 * names a type. toolsig's typed maps and lists meet all of it (a list
 * return type is wrapped in {"items": ...}, as it is without strict). The
 * types it cannot meet are written as they are, never silently changed
 * into something else:
 *   - a scalar, :map, :any or optional return type is not wrapped: its
 *     schema is the type's own ({"type":"integer"}, {}, ...). Wrapping it
 *     as {"value": T} would make the model answer {"value": 5} where the
 *     signature says 5, and the list wrapper is the only one callers are
 *     told to undo (tsig_returns_list). Use a typed map return type
 *     ({result :int}) for strict structured output;
 *   - :map is {"type":"object"} (an open object: "additionalProperties":
 *     false would mean "always empty"), and :any is {} (no type to name).
 */
#include "internal.h"

#include <string.h>

/* The JSON Schema type name of a primitive ("string", "integer", ...);
 * :any has none and is never passed here. */
static const char *json_type_name(tsig_kind kind)
{
    switch (kind) {
    case TSIG_STRING:
    case TSIG_KEYWORD:
    case TSIG_DATETIME: return "string";
    case TSIG_INT: return "integer";
    case TSIG_FLOAT: return "number";
    case TSIG_BOOL: return "boolean";
    case TSIG_MAP: return "object";
    default: return "object";
    }
}

static void emit_type(tsig_strbuf *sb, const tsig_type *t, int strict);

/*
 * Writes the object schema of a field list (a typed map, or the parameters):
 * properties in declaration order, "required" naming the fields that are not
 * optional (every field when strict), always present, and
 * "additionalProperties": false.
 */
static void emit_fields(tsig_strbuf *sb, const tsig_field *fields,
                        size_t count, int strict)
{
    tsig_sb_puts(sb, "{\"type\":\"object\",\"properties\":{");
    for (size_t i = 0; i < count; i++) {
        if (i) tsig_sb_putc(sb, ',');
        tsig_sb_json_string(sb, fields[i].name, fields[i].name_len);
        tsig_sb_putc(sb, ':');
        emit_type(sb, fields[i].type, strict);
    }
    tsig_sb_puts(sb, "},\"required\":[");
    int first = 1;
    for (size_t i = 0; i < count; i++) {
        if (!strict && fields[i].type->kind == TSIG_OPTIONAL) continue;
        if (!first) tsig_sb_putc(sb, ',');
        first = 0;
        tsig_sb_json_string(sb, fields[i].name, fields[i].name_len);
    }
    tsig_sb_puts(sb, "],\"additionalProperties\":false}");
}

/*
 * Writes the schema of an optional type: the inner type made nullable (see
 * the table at the top). Nested optionals (which the grammar cannot write)
 * are read as one.
 */
static void emit_optional(tsig_strbuf *sb, const tsig_type *inner, int strict)
{
    while (inner->kind == TSIG_OPTIONAL) inner = inner->elem;
    switch (inner->kind) {
    case TSIG_ANY:
        tsig_sb_puts(sb, "{}");
        return;
    case TSIG_LIST:
    case TSIG_RECORD:
        tsig_sb_puts(sb, "{\"anyOf\":[");
        emit_type(sb, inner, strict);
        tsig_sb_puts(sb, ",{\"type\":\"null\"}]}");
        return;
    default:
        tsig_sb_printf(sb, "{\"type\":[\"%s\",\"null\"]", json_type_name(inner->kind));
        if (inner->kind == TSIG_DATETIME) tsig_sb_puts(sb, ",\"format\":\"date-time\"");
        tsig_sb_putc(sb, '}');
        return;
    }
}

/* Writes the schema of one type. Recursion follows the type tree, whose
 * depth the parser (and tsig_from_json_schema) bound to 64 levels. */
static void emit_type(tsig_strbuf *sb, const tsig_type *t, int strict)
{
    switch (t->kind) {
    case TSIG_ANY:
        tsig_sb_puts(sb, "{}");
        break;
    case TSIG_DATETIME:
        tsig_sb_puts(sb, "{\"type\":\"string\",\"format\":\"date-time\"}");
        break;
    case TSIG_LIST:
        tsig_sb_puts(sb, "{\"type\":\"array\",\"items\":");
        emit_type(sb, t->elem, strict);
        tsig_sb_putc(sb, '}');
        break;
    case TSIG_RECORD:
        emit_fields(sb, t->fields, t->field_count, strict);
        break;
    case TSIG_OPTIONAL:
        emit_optional(sb, t->elem, strict);
        break;
    default:
        tsig_sb_printf(sb, "{\"type\":\"%s\"}", json_type_name(t->kind));
        break;
    }
}

char *tsig_to_json_schema(const tsig_signature *sig, unsigned flags,
                          size_t *len)
{
    if (len) *len = 0;
    if (!sig || !sig->returns) return NULL;
    int strict = (flags & TSIG_SCHEMA_STRICT) != 0;
    tsig_strbuf sb = {0};
    if (tsig_returns_list(sig)) {
        /* Most providers want an object at the root (seed 003): the list
         * goes under "items", which is required even without strict. */
        tsig_sb_puts(&sb, "{\"type\":\"object\",\"properties\":{\"items\":");
        emit_type(&sb, sig->returns, strict);
        tsig_sb_puts(&sb, "},\"required\":[\"items\"],\"additionalProperties\":false}");
    } else {
        emit_type(&sb, sig->returns, strict);
    }
    return tsig_sb_finish(&sb, len);
}

char *tsig_tool_parameters_schema(const tsig_signature *sig, unsigned flags,
                                  size_t *len)
{
    if (len) *len = 0;
    if (!sig) return NULL;
    tsig_strbuf sb = {0};
    emit_fields(&sb, sig->params, sig->param_count,
                (flags & TSIG_SCHEMA_STRICT) != 0);
    return tsig_sb_finish(&sb, len);
}
