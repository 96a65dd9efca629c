/*
 * schema.c: type tree -> JSON Schema (SPEC §9), for LLM structured output
 * (tsig_to_json_schema) and function-calling tool definitions
 * (tsig_tool_parameters_schema).
 *
 * Every schema is written straight into one strbuf as compact JSON, keys in
 * a fixed order (below). The same signature always gives the same bytes.
 *
 *   :string :keyword   {"type":"string"}
 *   :datetime          {"type":"string","format":"date-time"}
 *   :int :float :bool  {"type":"integer"} {"type":"number"} {"type":"boolean"}
 *   :any               {}
 *   :map               {"type":"object"}
 *   [T]                {"type":"array","items":T}
 *   {f T ...}          {"type":"object","properties":{...},"required":[...],
 *                       "additionalProperties":false}
 *   T?                 primitives, :map, :datetime, enums: "type":[T,"null"]
 *                      (an enum also gets null last in "enum");
 *                      [T]? and {...}?: {"anyOf":[T,{"type":"null"}]};
 *                      A|B? : {"anyOf":[A,B,{"type":"null"}]};
 *                      :any? is {} (it already accepts null)
 *   :enum[...]         {"type":K,"enum":[...]}, K the kind all values share
 *                      ("integer" all ints, "number" all numbers), no
 *                      "type" when they are of several kinds
 *   A|B                {"anyOf":[A,B]}
 *   refinements        minimum / exclusiveMinimum, maximum /
 *                      exclusiveMaximum with the bound's lexeme; minLength,
 *                      maxLength, minItems, maxItems as inclusive integers
 *                      (:string[>0, <10] is 1 and 9)
 *   {f T, * X}         "additionalProperties": X instead of false
 *   a field            its type's schema plus "description" and "default"
 *                      (canonical JSON); a defaulted field is not required
 *
 * Key order: type, enum, properties, required, additionalProperties,
 * format, items, the bounds, anyOf, description, default.
 *
 * Strict mode (TSIG_SCHEMA_STRICT, OpenAI "strict structured outputs") lists
 * every property in "required"; optional and defaulted fields are nullable,
 * so "may be absent" becomes "present, possibly null", which is what strict
 * mode asks (validate_input fills a null defaulted field with its default).
 * It leaves out what OpenAI's strict mode rejects: minLength, maxLength and
 * default. A typed map with a "* T" entry is written as :map is (an open
 * object), since strict mode allows no additionalProperties schema.
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

/* The JSON Schema type name of a kind that has one ("string", "integer",
 * ...); NULL for :any, unions, optionals and enums, which have none of
 * their own. */
static const char *json_type_name(tsig_kind kind)
{
    switch (kind) {
    case TSIG_STRING:
    case TSIG_KEYWORD:
    case TSIG_DATETIME: return "string";
    case TSIG_INT: return "integer";
    case TSIG_FLOAT: return "number";
    case TSIG_BOOL: return "boolean";
    case TSIG_MAP:
    case TSIG_RECORD: return "object";
    case TSIG_LIST: return "array";
    case TSIG_ANY:
    case TSIG_OPTIONAL:
    case TSIG_ENUM:
    case TSIG_UNION: return NULL;
    }
    return NULL;
}

/* The type name an enum's values share: "string", "boolean", "integer"
 * (all ints), "number" (all numbers); NULL when they are of several
 * kinds. */
static const char *enum_type_name(const tsig_type *t)
{
    unsigned kinds = 0;
    for (size_t i = 0; i < t->value_count; i++) kinds |= 1u << t->values[i].kind;
    if (kinds == 1u << TSIG_VALUE_STRING) return "string";
    if (kinds == 1u << TSIG_VALUE_BOOL) return "boolean";
    if (kinds == 1u << TSIG_VALUE_INT) return "integer";
    if ((kinds & ~((1u << TSIG_VALUE_INT) | (1u << TSIG_VALUE_FLOAT))) == 0) return "number";
    return NULL;
}

/* Appends a JSON number's digits plus delta (+1 or -1): a length bound's
 * lexeme (a non-negative integer, as the parser checks) made inclusive.
 * "10" - 1 is "9", "9" + 1 is "10"; "0" - 1 is never asked (an empty
 * range). */
static void put_length_bound(tsig_strbuf *sb, const tsig_bound *b, int delta)
{
    char digits[64];
    size_t n = b->len;
    if (!b->exclusive || n >= sizeof digits - 1) {
        tsig_sb_append(sb, b->num, b->len);
        return;
    }
    memcpy(digits + 1, b->num, n);
    digits[0] = '0';
    size_t i = n;
    if (delta > 0) {
        while (digits[i] == '9') digits[i--] = '0';
        digits[i]++;
    } else {
        while (i > 0 && digits[i] == '0') digits[i--] = '9';
        if (i > 0) digits[i]--;
    }
    size_t start = 0;
    while (start < n && digits[start] == '0') start++;
    tsig_sb_append(sb, digits + start, n + 1 - start);
}

/* Appends the refinement keywords of t (each after a comma): numbers
 * keep their operator and lexeme; lengths are inclusive integers.
 * Strict mode leaves minLength / maxLength out (OpenAI rejects them). */
static void put_bounds(tsig_strbuf *sb, const tsig_type *t, int strict)
{
    const tsig_bound *lo = &t->lower, *hi = &t->upper;
    switch (t->kind) {
    case TSIG_INT:
    case TSIG_FLOAT:
        if (lo->num) {
            tsig_sb_puts(sb, lo->exclusive ? ",\"exclusiveMinimum\":" : ",\"minimum\":");
            tsig_sb_append(sb, lo->num, lo->len);
        }
        if (hi->num) {
            tsig_sb_puts(sb, hi->exclusive ? ",\"exclusiveMaximum\":" : ",\"maximum\":");
            tsig_sb_append(sb, hi->num, hi->len);
        }
        return;
    case TSIG_STRING:
    case TSIG_LIST: {
        if (strict && t->kind == TSIG_STRING) return;
        int list = t->kind == TSIG_LIST;
        if (lo->num) {
            tsig_sb_puts(sb, list ? ",\"minItems\":" : ",\"minLength\":");
            put_length_bound(sb, lo, +1);
        }
        if (hi->num) {
            tsig_sb_puts(sb, list ? ",\"maxItems\":" : ",\"maxLength\":");
            put_length_bound(sb, hi, -1);
        }
        return;
    }
    case TSIG_KEYWORD:
    case TSIG_DATETIME:
    case TSIG_BOOL:
    case TSIG_ANY:
    case TSIG_MAP:
    case TSIG_RECORD:
    case TSIG_OPTIONAL:
    case TSIG_ENUM:
    case TSIG_UNION:
        return;
    }
}

static void emit_type(tsig_strbuf *sb, const tsig_type *t, int strict);

/* 1 when strict mode writes the typed map t as an open object (:map):
 * its "* T" entry cannot be said with "additionalProperties": false. */
static int strict_open(const tsig_type *t, int strict)
{
    return strict && t->kind == TSIG_RECORD && t->extra != NULL;
}

/* 1 when a field is left out of "required" (outside strict mode): it is
 * optional, or has a default. */
static int field_may_be_absent(const tsig_field *f)
{
    return f->type->kind == TSIG_OPTIONAL || f->default_json != NULL;
}

/* Writes one field's schema: its type's (made nullable in strict mode
 * when the field may be absent), then "description" and "default" (not in
 * strict mode) inside the same object. */
static void emit_field_schema(tsig_strbuf *sb, const tsig_field *f, int strict)
{
    const tsig_type *t = f->type;
    size_t start = sb->len;
    if (strict && f->default_json && t->kind != TSIG_OPTIONAL) {
        tsig_type nullable;
        memset(&nullable, 0, sizeof nullable);
        nullable.kind = TSIG_OPTIONAL;
        nullable.elem = t;
        emit_type(sb, &nullable, strict);
    } else {
        emit_type(sb, t, strict);
    }
    int has_default = f->default_json && !strict;
    if (!f->description && !has_default) return;
    if (sb->failed || sb->len < start + 2) return;
    /* Reopen the object just written: "{...}" loses its "}". */
    sb->len--;
    int empty = sb->len == start + 1;
    if (f->description) {
        tsig_sb_puts(sb, empty ? "\"description\":" : ",\"description\":");
        tsig_json_escape(sb, f->description, f->description_len);
        empty = 0;
    }
    if (has_default) {
        tsig_sb_puts(sb, empty ? "\"default\":" : ",\"default\":");
        tsig_sb_append(sb, f->default_json, f->default_len);
    }
    tsig_sb_putc(sb, '}');
}

/*
 * Writes the object schema of a field list (a typed map, or the
 * parameters): properties in declaration order, "required" naming the
 * fields that are neither optional nor defaulted (every field when
 * strict), always present, and "additionalProperties": false, or the
 * schema of extra (a map's "* T") when it is not NULL.
 */
static void emit_fields(tsig_strbuf *sb, const tsig_field *fields, size_t count,
                        const tsig_type *extra, int strict)
{
    tsig_sb_puts(sb, "{\"type\":\"object\",\"properties\":{");
    for (size_t i = 0; i < count; i++) {
        if (i) tsig_sb_putc(sb, ',');
        tsig_json_escape(sb, fields[i].name, fields[i].name_len);
        tsig_sb_putc(sb, ':');
        emit_field_schema(sb, &fields[i], strict);
    }
    tsig_sb_puts(sb, "},\"required\":[");
    int first = 1;
    for (size_t i = 0; i < count; i++) {
        if (!strict && field_may_be_absent(&fields[i])) continue;
        if (!first) tsig_sb_putc(sb, ',');
        first = 0;
        tsig_json_escape(sb, fields[i].name, fields[i].name_len);
    }
    tsig_sb_puts(sb, "],\"additionalProperties\":");
    if (extra) emit_type(sb, extra, strict);
    else tsig_sb_puts(sb, "false");
    tsig_sb_putc(sb, '}');
}

/* Writes "enum":[...] (after a comma), with null last when nullable. */
static void put_enum(tsig_strbuf *sb, const tsig_type *t, int nullable)
{
    tsig_sb_puts(sb, ",\"enum\":[");
    for (size_t i = 0; i < t->value_count; i++) {
        const tsig_enum_value *v = &t->values[i];
        if (i) tsig_sb_putc(sb, ',');
        if (v->kind == TSIG_VALUE_STRING) tsig_json_escape(sb, v->text, v->len);
        else tsig_sb_append(sb, v->text, v->len);
    }
    tsig_sb_puts(sb, nullable ? ",null]" : "]");
}

/*
 * Writes a schema whose "type" is one name (or, nullable, [name, "null"]):
 * every kind but :any, unions, optionals and (in strict mode) nothing
 * else; enums without a shared type have no "type" at all. Keys in the
 * order type, enum, properties, required, additionalProperties, format,
 * items, bounds.
 */
static void emit_typed(tsig_strbuf *sb, const tsig_type *t, int nullable, int strict)
{
    const char *name = t->kind == TSIG_ENUM ? enum_type_name(t) : json_type_name(t->kind);
    if (strict_open(t, strict)) name = "object";
    if (t->kind == TSIG_RECORD && !strict_open(t, strict) && !nullable) {
        emit_fields(sb, t->fields, t->field_count, t->extra, strict);
        return;
    }
    tsig_sb_putc(sb, '{');
    if (name) {
        if (nullable) tsig_sb_printf(sb, "\"type\":[\"%s\",\"null\"]", name);
        else tsig_sb_printf(sb, "\"type\":\"%s\"", name);
    }
    if (t->kind == TSIG_ENUM) {
        size_t at = sb->len;
        put_enum(sb, t, nullable);
        /* no "type" before it: drop the comma */
        if (!name && !sb->failed) {
            memmove(sb->data + at, sb->data + at + 1, sb->len - at - 1);
            sb->len--;
            sb->data[sb->len] = '\0';
        }
    }
    if (t->kind == TSIG_DATETIME) tsig_sb_puts(sb, ",\"format\":\"date-time\"");
    if (t->kind == TSIG_LIST) {
        tsig_sb_puts(sb, ",\"items\":");
        emit_type(sb, t->elem, strict);
    }
    put_bounds(sb, t, strict);
    tsig_sb_putc(sb, '}');
}

/* Writes {"anyOf":[members..., {"type":"null"} when nullable]}. A member
 * that is itself optional or a union (which the grammar cannot write) is
 * written as it is. */
static void emit_any_of(tsig_strbuf *sb, const tsig_type *const *members, size_t count,
                        int nullable, int strict)
{
    tsig_sb_puts(sb, "{\"anyOf\":[");
    for (size_t i = 0; i < count; i++) {
        if (i) tsig_sb_putc(sb, ',');
        emit_type(sb, members[i], strict);
    }
    tsig_sb_puts(sb, nullable ? ",{\"type\":\"null\"}]}" : "]}");
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
    case TSIG_UNION:
        emit_any_of(sb, inner->members, inner->member_count, 1, strict);
        return;
    case TSIG_LIST:
    case TSIG_RECORD:
        if (!strict_open(inner, strict)) {
            emit_any_of(sb, &inner, 1, 1, strict);
            return;
        }
        emit_typed(sb, inner, 1, strict);
        return;
    case TSIG_STRING:
    case TSIG_KEYWORD:
    case TSIG_DATETIME:
    case TSIG_INT:
    case TSIG_FLOAT:
    case TSIG_BOOL:
    case TSIG_MAP:
    case TSIG_ENUM:
        emit_typed(sb, inner, 1, strict);
        return;
    case TSIG_OPTIONAL:
        return; /* unwrapped above */
    }
}

/* Writes the schema of one type. Recursion follows the type tree, whose
 * depth the parser (and tsig_from_json_schema) bound to 64 levels. */
static void emit_type(tsig_strbuf *sb, const tsig_type *t, int strict)
{
    switch (t->kind) {
    case TSIG_ANY:
        tsig_sb_puts(sb, "{}");
        return;
    case TSIG_OPTIONAL:
        emit_optional(sb, t->elem, strict);
        return;
    case TSIG_UNION:
        emit_any_of(sb, t->members, t->member_count, 0, strict);
        return;
    case TSIG_STRING:
    case TSIG_KEYWORD:
    case TSIG_DATETIME:
    case TSIG_INT:
    case TSIG_FLOAT:
    case TSIG_BOOL:
    case TSIG_MAP:
    case TSIG_LIST:
    case TSIG_RECORD:
    case TSIG_ENUM:
        emit_typed(sb, t, 0, strict);
        return;
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
    emit_fields(&sb, sig->params, sig->param_count, NULL,
                (flags & TSIG_SCHEMA_STRICT) != 0);
    return tsig_sb_finish(&sb, len);
}

/* ---- what a strict schema cannot say ----------------------------------
 *
 * tsig_strict_warnings lists, for a strict schema, each place OpenAI's
 * strict mode rejects as this file writes it (see "What strict mode cannot
 * say" above), as one-line messages, each starting with the place's JSON
 * Pointer into the schema: "#/properties/meta: ...". The walk
 * follows emit_type in strict mode, so the pointers name what it wrote. At
 * most STRICT_WARNINGS_MAX are written, then one saying how many more:
 * each message copies its pointer, which may hold long names, so an
 * unbounded list could cost the square of the signature's size. */

#define STRICT_WARNINGS_MAX 100

typedef struct strict_walk {
    tsig_strbuf texts; /* the messages written, each followed by a NUL */
    tsig_strbuf path;  /* the JSON Pointer of the place being walked */
    size_t count;      /* warnings found, written or not */
} strict_walk;

static void strict_warn(strict_walk *w, const char *what)
{
    if (w->count++ >= STRICT_WARNINGS_MAX) return;
    tsig_sb_putc(&w->texts, '#');
    tsig_sb_append(&w->texts, w->path.data ? w->path.data : "", w->path.len);
    tsig_sb_puts(&w->texts, ": ");
    tsig_sb_puts(&w->texts, what);
    tsig_sb_putc(&w->texts, '\0');
}

/* Appends "/" and a JSON Pointer token (~ as ~0, / as ~1) to the path;
 * returns the length to cut back to. */
static size_t strict_push(strict_walk *w, const char *token, size_t len)
{
    size_t at = w->path.len;
    tsig_sb_putc(&w->path, '/');
    for (size_t i = 0; i < len; i++) {
        if (token[i] == '~') tsig_sb_puts(&w->path, "~0");
        else if (token[i] == '/') tsig_sb_puts(&w->path, "~1");
        else tsig_sb_putc(&w->path, token[i]);
    }
    return at;
}

static void strict_pop(strict_walk *w, size_t at)
{
    if (w->path.failed) return;
    w->path.len = at;
    if (w->path.data) w->path.data[at] = '\0';
}

static void strict_type(strict_walk *w, const tsig_type *t);

static void strict_members(strict_walk *w, const tsig_type *const *members, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        char index[24];
        int n = tsig_snprintf(index, sizeof index, "anyOf/%zu", i);
        size_t at = w->path.len;
        tsig_sb_putc(&w->path, '/');
        tsig_sb_append(&w->path, index, (size_t)n);
        strict_type(w, members[i]);
        strict_pop(w, at);
    }
}

/* An optional type, as emit_optional writes it. */
static void strict_optional(strict_walk *w, const tsig_type *inner)
{
    while (inner->kind == TSIG_OPTIONAL) inner = inner->elem;
    switch (inner->kind) {
    case TSIG_UNION:
        strict_members(w, inner->members, inner->member_count);
        return;
    case TSIG_LIST:
    case TSIG_RECORD:
        if (!strict_open(inner, 1)) {
            strict_members(w, &inner, 1);
            return;
        }
        strict_type(w, inner);
        return;
    case TSIG_ANY:
    case TSIG_STRING:
    case TSIG_KEYWORD:
    case TSIG_DATETIME:
    case TSIG_INT:
    case TSIG_FLOAT:
    case TSIG_BOOL:
    case TSIG_MAP:
    case TSIG_ENUM:
        strict_type(w, inner);
        return;
    case TSIG_OPTIONAL:
        return; /* unwrapped above */
    }
}

/* A field list's properties; a defaulted field is nullable, as
 * emit_field_schema writes it. */
static void strict_fields(strict_walk *w, const tsig_field *fields, size_t count)
{
    static const char properties[] = "properties";
    for (size_t i = 0; i < count; i++) {
        const tsig_field *f = &fields[i];
        size_t at = strict_push(w, properties, sizeof properties - 1);
        strict_push(w, f->name, f->name_len);
        if (f->default_json && f->type->kind != TSIG_OPTIONAL) strict_optional(w, f->type);
        else strict_type(w, f->type);
        strict_pop(w, at);
    }
}

static void strict_type(strict_walk *w, const tsig_type *t)
{
    switch (t->kind) {
    case TSIG_ANY:
        strict_warn(w, ":any is written as {}, with no type; OpenAI strict mode requires one");
        return;
    case TSIG_MAP:
        strict_warn(w, ":map is an open object; OpenAI strict mode requires \"additionalProperties\": false "
                       "and every property listed (use a typed map)");
        return;
    case TSIG_RECORD:
        if (t->extra) {
            strict_warn(w, "the typed extra fields (* T) are written as an open object, as :map is; "
                           "OpenAI strict mode requires \"additionalProperties\": false");
            return;
        }
        strict_fields(w, t->fields, t->field_count);
        return;
    case TSIG_LIST: {
        size_t at = strict_push(w, "items", 5);
        strict_type(w, t->elem);
        strict_pop(w, at);
        return;
    }
    case TSIG_STRING:
        if (tsig_type_refined(t))
            strict_warn(w, "the length bounds of the string are left out; OpenAI strict mode rejects "
                           "minLength and maxLength (validation still checks them)");
        return;
    case TSIG_ENUM:
        if (!enum_type_name(t))
            strict_warn(w, "the enum's values have no JSON type in common, so the schema names none; "
                           "OpenAI strict mode requires a type");
        return;
    case TSIG_UNION:
        strict_members(w, t->members, t->member_count);
        return;
    case TSIG_OPTIONAL:
        strict_optional(w, t->elem);
        return;
    case TSIG_KEYWORD:
    case TSIG_DATETIME:
    case TSIG_INT:
    case TSIG_FLOAT:
    case TSIG_BOOL:
        return;
    }
}

tsig_code tsig_strict_warnings(const tsig_signature *sig, int params, tsig_messages *out)
{
    if (!out) return TSIG_ERR_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (!sig) return TSIG_ERR_ARGUMENT;
    strict_walk w = {{0}, {0}, 0};
    if (params) {
        strict_fields(&w, sig->params, sig->param_count);
    } else if (tsig_returns_list(sig)) {
        size_t at = strict_push(&w, "properties", 10);
        strict_push(&w, "items", 5);
        strict_type(&w, sig->returns);
        strict_pop(&w, at);
    } else {
        if (sig->returns->kind != TSIG_RECORD)
            strict_warn(&w, "the root is not an object; OpenAI strict mode requires one "
                            "(return a typed map, such as {result :int})");
        strict_type(&w, sig->returns);
    }
    size_t count = w.count;
    if (count > STRICT_WARNINGS_MAX) {
        tsig_sb_printf(&w.texts, "#: %zu more places OpenAI strict mode cannot express",
                       count - STRICT_WARNINGS_MAX);
        tsig_sb_putc(&w.texts, '\0');
        count = STRICT_WARNINGS_MAX + 1;
    }
    int ok = !w.path.failed && !w.texts.failed &&
             tsig_messages_make(out, w.texts.data, w.texts.len, count);
    tsig_sb_release(&w.path);
    tsig_sb_release(&w.texts);
    return ok ? TSIG_OK : TSIG_ERR_NOMEM;
}
