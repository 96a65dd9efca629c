/*
 * schema_check.c: the checks declared in schema_check.h.
 */
#include "schema_check.h"

#include "jsonval.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- pointers ---------------------------------------------------------- */

typedef struct path {
    char text[1024];
    size_t len;
} path;

static size_t path_push(path *p, const char *seg)
{
    size_t mark = p->len;
    if (p->len + 1 < sizeof p->text) p->text[p->len++] = '/';
    for (; *seg && p->len + 2 < sizeof p->text; seg++) {
        if (*seg == '~' || *seg == '/') {
            p->text[p->len++] = '~';
            p->text[p->len++] = *seg == '~' ? '0' : '1';
        } else {
            p->text[p->len++] = *seg;
        }
    }
    p->text[p->len] = '\0';
    return mark;
}

static size_t path_push_index(path *p, size_t i)
{
    char buf[32];
    snprintf(buf, sizeof buf, "%zu", i);
    return path_push(p, buf);
}

static void path_pop(path *p, size_t mark)
{
    p->len = mark;
    p->text[mark] = '\0';
}

/* ---- structure --------------------------------------------------------- */

typedef struct shape_ctx {
    path at;
    char *why;
    size_t why_size;
} shape_ctx;

static int shape_fail(shape_ctx *c, const char *fmt, ...)
{
    char what[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    snprintf(c->why, c->why_size, "#%s: %s", c->at.text, what);
    return 0;
}

static const char *const SIMPLE_TYPES[] = {"null", "boolean", "object", "array",
                                           "number", "string", "integer"};

static int is_simple_type(const jv_value *v)
{
    const char *s = jv_str(v, NULL);
    if (!s) return 0;
    for (size_t i = 0; i < sizeof SIMPLE_TYPES / sizeof SIMPLE_TYPES[0]; i++)
        if (strcmp(s, SIMPLE_TYPES[i]) == 0) return 1;
    return 0;
}

/* 1 iff the "type" of schema s includes name. */
static int type_has(const jv_value *s, const char *name)
{
    const jv_value *t = jv_get(s, "type");
    if (jv_kind_of(t) == JV_STRING) return strcmp(jv_str(t, NULL), name) == 0;
    for (size_t i = 0; i < jv_len(t); i++) {
        const char *n = jv_str(jv_at(t, i), NULL);
        if (n && strcmp(n, name) == 0) return 1;
    }
    return 0;
}

static const char *const KEY_ORDER[] = {"type", "enum", "properties", "required",
                                        "additionalProperties", "format", "items",
                                        "minimum", "exclusiveMinimum", "maximum",
                                        "exclusiveMaximum", "minLength", "maxLength",
                                        "minItems", "maxItems", "anyOf", "description",
                                        "default"};

static int key_rank(const char *key)
{
    for (int i = 0; i < (int)(sizeof KEY_ORDER / sizeof KEY_ORDER[0]); i++)
        if (strcmp(KEY_ORDER[i], key) == 0) return i;
    return -1;
}

static int check_shape(shape_ctx *c, const jv_value *s)
{
    if (jv_kind_of(s) == JV_BOOL) return 1;
    if (jv_kind_of(s) != JV_MAP) return shape_fail(c, "a schema must be an object or a boolean");
    int last = -1;
    for (size_t i = 0; i < jv_len(s); i++) {
        const char *key = jv_key_at(s, i, NULL);
        int rank = key_rank(key);
        if (rank < 0) return shape_fail(c, "keyword %s is not one toolsig writes", key);
        if (rank <= last) return shape_fail(c, "keyword %s out of order", key);
        last = rank;
    }
    const jv_value *type = jv_get(s, "type");
    if (type) {
        if (jv_kind_of(type) == JV_LIST) {
            if (jv_len(type) == 0) return shape_fail(c, "empty type array");
            for (size_t i = 0; i < jv_len(type); i++) {
                if (!is_simple_type(jv_at(type, i))) return shape_fail(c, "bad type name");
                for (size_t j = 0; j < i; j++)
                    if (jv_equal(jv_at(type, i), jv_at(type, j)))
                        return shape_fail(c, "repeated type name");
            }
        } else if (!is_simple_type(type)) {
            return shape_fail(c, "bad type");
        }
    }
    const jv_value *props = jv_get(s, "properties");
    const jv_value *req = jv_get(s, "required");
    const jv_value *addl = jv_get(s, "additionalProperties");
    if ((props || req || addl) && !type_has(s, "object"))
        return shape_fail(c, "object keywords on a schema that is not an object");
    if (props) {
        if (jv_kind_of(props) != JV_MAP) return shape_fail(c, "properties is not an object");
        size_t m = path_push(&c->at, "properties");
        for (size_t i = 0; i < jv_len(props); i++) {
            size_t m2 = path_push(&c->at, jv_key_at(props, i, NULL));
            if (!check_shape(c, jv_at(props, i))) return 0;
            path_pop(&c->at, m2);
        }
        path_pop(&c->at, m);
    }
    if (req) {
        if (jv_kind_of(req) != JV_LIST) return shape_fail(c, "required is not an array");
        for (size_t i = 0; i < jv_len(req); i++) {
            const char *name = jv_str(jv_at(req, i), NULL);
            if (!name) return shape_fail(c, "required holds a non-string");
            if (!jv_has(props, name)) return shape_fail(c, "required names no property: %s", name);
            for (size_t j = 0; j < i; j++)
                if (jv_equal(jv_at(req, i), jv_at(req, j)))
                    return shape_fail(c, "required repeats %s", name);
        }
    }
    if (addl) {
        size_t m = path_push(&c->at, "additionalProperties");
        if (!check_shape(c, addl)) return 0;
        path_pop(&c->at, m);
    }
    const jv_value *format = jv_get(s, "format");
    if (format) {
        if (jv_kind_of(format) != JV_STRING) return shape_fail(c, "format is not a string");
        if (!type_has(s, "string")) return shape_fail(c, "format on a schema that is not a string");
    }
    const jv_value *items = jv_get(s, "items");
    if (items) {
        if (!type_has(s, "array")) return shape_fail(c, "items on a schema that is not an array");
        size_t m = path_push(&c->at, "items");
        if (!check_shape(c, items)) return 0;
        path_pop(&c->at, m);
    } else if (type_has(s, "array")) {
        return shape_fail(c, "array without items");
    }
    /* Bounds: numbers on numeric types, non-negative integers on strings
     * and arrays; enum a non-empty array; description a string. */
    static const char *const bounds[][2] = {
        {"minimum", "number"},   {"exclusiveMinimum", "number"}, {"maximum", "number"},
        {"exclusiveMaximum", "number"}, {"minLength", "string"}, {"maxLength", "string"},
        {"minItems", "array"},   {"maxItems", "array"},
    };
    for (size_t i = 0; i < sizeof bounds / sizeof bounds[0]; i++) {
        const jv_value *b = jv_get(s, bounds[i][0]);
        if (!b) continue;
        const char *on = bounds[i][1];
        int numeric = strcmp(on, "number") == 0;
        if (numeric ? !type_has(s, "number") && !type_has(s, "integer") : !type_has(s, on))
            return shape_fail(c, "%s on a schema that is not a %s", bounds[i][0], on);
        if (jv_kind_of(b) != JV_INT && jv_kind_of(b) != JV_FLOAT)
            return shape_fail(c, "%s is not a number", bounds[i][0]);
        if (!numeric && (jv_kind_of(b) != JV_INT || jv_num_text(b)[0] == '-'))
            return shape_fail(c, "%s is not a non-negative integer", bounds[i][0]);
    }
    const jv_value *en = jv_get(s, "enum");
    if (en && (jv_kind_of(en) != JV_LIST || jv_len(en) == 0))
        return shape_fail(c, "enum is not a non-empty array");
    const jv_value *desc = jv_get(s, "description");
    if (desc && jv_kind_of(desc) != JV_STRING) return shape_fail(c, "description is not a string");
    const jv_value *any = jv_get(s, "anyOf");
    if (any) {
        if (jv_kind_of(any) != JV_LIST || jv_len(any) == 0)
            return shape_fail(c, "anyOf is not a non-empty array");
        size_t m = path_push(&c->at, "anyOf");
        for (size_t i = 0; i < jv_len(any); i++) {
            size_t m2 = path_push_index(&c->at, i);
            if (!check_shape(c, jv_at(any, i))) return 0;
            path_pop(&c->at, m2);
        }
        path_pop(&c->at, m);
    }
    return 1;
}

int tsig_check_schema_shape(const char *text, size_t len, char *why, size_t why_size)
{
    shape_ctx c;
    memset(&c, 0, sizeof c);
    c.why = why;
    c.why_size = why_size;
    why[0] = '\0';
    jv_value *v = text ? jv_parse(text, len) : NULL;
    if (!v) {
        snprintf(why, why_size, "not JSON");
        return 0;
    }
    int ok = check_shape(&c, v);
    jv_free(v);
    return ok;
}

/* ---- OpenAI strict ----------------------------------------------------- */

typedef struct strict_ctx {
    path at;
    char *out;
    size_t len, cap;
    size_t properties; /* object properties seen */
    int failed;
} strict_ctx;

static void violation(strict_ctx *c, const char *rule)
{
    size_t need = c->len + strlen(c->at.text) + strlen(rule) + 8;
    if (need > c->cap) {
        size_t cap = c->cap ? c->cap * 2 : 256;
        while (cap < need) cap *= 2;
        char *p = realloc(c->out, cap);
        if (!p) {
            c->failed = 1;
            return;
        }
        c->out = p;
        c->cap = cap;
    }
    c->len += (size_t)snprintf(c->out + c->len, c->cap - c->len, "#%s: %s\n", c->at.text, rule);
}

static const char *const STRICT_FORMATS[] = {"date-time", "time", "date", "duration",
                                             "email", "hostname", "ipv4", "ipv6", "uuid"};

static const char *const STRICT_UNSUPPORTED[] = {"allOf", "not", "if", "then", "else",
                                                 "dependentRequired", "dependentSchemas",
                                                 "oneOf", "patternProperties",
                                                 "unevaluatedProperties", "propertyNames"};

static void check_strict(strict_ctx *c, const jv_value *s, int object_depth)
{
    if (jv_kind_of(s) != JV_MAP) {
        violation(c, "a schema must be an object");
        return;
    }
    for (size_t i = 0; i < sizeof STRICT_UNSUPPORTED / sizeof STRICT_UNSUPPORTED[0]; i++)
        if (jv_has(s, STRICT_UNSUPPORTED[i])) violation(c, "unsupported keyword");
    const jv_value *any = jv_get(s, "anyOf");
    if (jv_len(s) == 0) {
        violation(c, "empty schema has no type");
    } else if (!jv_get(s, "type") && !any && !jv_get(s, "enum") && !jv_get(s, "const") &&
               !jv_get(s, "$ref")) {
        violation(c, "schema must have a type");
    }
    const jv_value *format = jv_get(s, "format");
    if (format) {
        int known = 0;
        for (size_t i = 0; i < sizeof STRICT_FORMATS / sizeof STRICT_FORMATS[0]; i++)
            if (strcmp(jv_str(format, NULL) ? jv_str(format, NULL) : "", STRICT_FORMATS[i]) == 0)
                known = 1;
        if (!known) violation(c, "unsupported format");
    }
    if (type_has(s, "object")) {
        if (object_depth + 1 > 10) violation(c, "more than 10 levels of nested objects");
        const jv_value *props = jv_get(s, "properties");
        const jv_value *req = jv_get(s, "required");
        const jv_value *addl = jv_get(s, "additionalProperties");
        if (!props && !req && !addl)
            violation(c, "open object (no properties, additionalProperties not false)");
        else if (jv_kind_of(addl) != JV_BOOL || jv_bool(addl))
            violation(c, "additionalProperties must be false");
        if (!props && (req || addl)) violation(c, "object without properties");
        for (size_t i = 0; i < jv_len(props); i++) {
            const char *name = jv_key_at(props, i, NULL);
            int listed = 0;
            for (size_t j = 0; j < jv_len(req); j++) {
                const char *r = jv_str(jv_at(req, j), NULL);
                if (r && strcmp(r, name) == 0) listed = 1;
            }
            c->properties++;
            size_t m = path_push(&c->at, "properties");
            size_t m2 = path_push(&c->at, name);
            if (!listed) violation(c, "property not listed in required");
            check_strict(c, jv_at(props, i), object_depth + 1);
            path_pop(&c->at, m2);
            path_pop(&c->at, m);
        }
    }
    const jv_value *items = jv_get(s, "items");
    if (items) {
        size_t m = path_push(&c->at, "items");
        check_strict(c, items, object_depth);
        path_pop(&c->at, m);
    }
    if (any) {
        size_t m = path_push(&c->at, "anyOf");
        for (size_t i = 0; i < jv_len(any); i++) {
            size_t m2 = path_push_index(&c->at, i);
            check_strict(c, jv_at(any, i), object_depth);
            path_pop(&c->at, m2);
        }
        path_pop(&c->at, m);
    }
}

char *tsig_check_openai_strict(const char *text, size_t len)
{
    jv_value *v = text ? jv_parse(text, len) : NULL;
    if (!v) return NULL;
    strict_ctx c;
    memset(&c, 0, sizeof c);
    if (jv_kind_of(v) != JV_MAP || jv_has(v, "anyOf") ||
        jv_kind_of(jv_get(v, "type")) != JV_STRING || !type_has(v, "object"))
        violation(&c, "the root must be an object schema");
    check_strict(&c, v, 0);
    if (c.properties > 5000) violation(&c, "more than 5000 object properties");
    jv_free(v);
    if (c.failed) {
        free(c.out);
        return NULL;
    }
    if (!c.out) return calloc(1, 1);
    if (c.len) c.out[--c.len] = '\0'; /* no trailing newline */
    return c.out;
}
