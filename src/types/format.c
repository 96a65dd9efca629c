/*
 * format.c: the canonical text of a signature and its AST as JSON
 * (SPEC §2).
 *
 *   (name T, name T) -> T      or the shorthand T without parameters
 *
 * One space after each name and after each comma, nothing else; ":boolean"
 * prints as ":bool"; optionals print as "T?". Recursion follows the type
 * tree, whose depth the parser bounds (TSIG_SIGNATURE_MAX_DEPTH).
 */
#include "internal.h"

/* What to leave out: fields starting with "_" of the return type (SPEC
 * §7), descriptions (SPEC §11.2). */
typedef struct style {
    int hide_firewalled;
    int no_descriptions;
} style;

static void format_type(tsig_strbuf *sb, const tsig_type *t, const style *st);

/* Appends "[>0]", "[1..100]", "[>0, <=100]" (SPEC §11.2). */
static void format_bounds(tsig_strbuf *sb, const tsig_type *t)
{
    const tsig_bound *lo = &t->lower, *hi = &t->upper;
    tsig_sb_putc(sb, '[');
    if (lo->num && hi->num && !lo->exclusive && !hi->exclusive) {
        tsig_sb_append(sb, lo->num, lo->len);
        tsig_sb_puts(sb, "..");
        tsig_sb_append(sb, hi->num, hi->len);
    } else {
        if (lo->num) {
            tsig_sb_puts(sb, lo->exclusive ? ">" : ">=");
            tsig_sb_append(sb, lo->num, lo->len);
        }
        if (hi->num) {
            if (lo->num) tsig_sb_puts(sb, ", ");
            tsig_sb_puts(sb, hi->exclusive ? "<" : "<=");
            tsig_sb_append(sb, hi->num, hi->len);
        }
    }
    tsig_sb_putc(sb, ']');
}

/* Appends "name T = default \"description\"" (the parts it has). */
static void format_field(tsig_strbuf *sb, const tsig_field *f, const style *st)
{
    tsig_sb_append(sb, f->name, f->name_len);
    tsig_sb_putc(sb, ' ');
    format_type(sb, f->type, st);
    if (f->default_json) {
        tsig_sb_puts(sb, " = ");
        tsig_sb_append(sb, f->default_json, f->default_len);
    }
    if (f->description && !st->no_descriptions) {
        tsig_sb_putc(sb, ' ');
        tsig_json_escape(sb, f->description, f->description_len);
    }
}

/*
 * Appends the canonical text of type t. When hide_firewalled is set, fields
 * whose normalized name starts with "_" are left out at every depth (SPEC §7).
 */
static void format_type(tsig_strbuf *sb, const tsig_type *t, const style *st)
{
    switch (t->kind) {
    case TSIG_LIST:
        tsig_sb_putc(sb, '[');
        format_type(sb, t->elem, st);
        tsig_sb_putc(sb, ']');
        break;
    case TSIG_OPTIONAL:
        format_type(sb, t->elem, st);
        tsig_sb_putc(sb, '?');
        return; /* the bounds belong to the inner type */
    case TSIG_RECORD: {
        int first = 1;
        tsig_sb_putc(sb, '{');
        for (size_t i = 0; i < t->field_count; i++) {
            const tsig_field *f = &t->fields[i];
            if (st->hide_firewalled && f->firewalled) continue;
            if (!first) tsig_sb_puts(sb, ", ");
            first = 0;
            format_field(sb, f, st);
        }
        if (t->extra) {
            if (!first) tsig_sb_puts(sb, ", ");
            tsig_sb_puts(sb, "* ");
            format_type(sb, t->extra, st);
        }
        tsig_sb_putc(sb, '}');
        break;
    }
    case TSIG_ENUM:
        tsig_sb_puts(sb, ":enum[");
        for (size_t i = 0; i < t->value_count; i++) {
            if (i) tsig_sb_putc(sb, ' ');
            tsig_enum_value_format(sb, &t->values[i]);
        }
        tsig_sb_putc(sb, ']');
        break;
    case TSIG_UNION:
        for (size_t i = 0; i < t->member_count; i++) {
            if (i) tsig_sb_putc(sb, '|');
            format_type(sb, t->members[i], st);
        }
        return;
    case TSIG_STRING:
    case TSIG_INT:
    case TSIG_FLOAT:
    case TSIG_BOOL:
    case TSIG_KEYWORD:
    case TSIG_ANY:
    case TSIG_MAP:
    case TSIG_DATETIME:
        tsig_sb_putc(sb, ':');
        tsig_sb_puts(sb, tsig_kind_name(t->kind));
        break;
    }
    if (tsig_type_refined(t)) format_bounds(sb, t);
}

static style style_of(unsigned flags)
{
    style st = {(flags & TSIG_FORMAT_HIDE_FIREWALLED) != 0,
                (flags & TSIG_FORMAT_NO_DESCRIPTIONS) != 0};
    return st;
}

/* The shorthand when there are no parameters, else "(name T, ...) -> T".
 * Hiding applies to the return type only. NULL for NULL or out of memory. */
char *tsig_format(const tsig_signature *sig, unsigned flags, size_t *len)
{
    if (len) *len = 0;
    if (!sig || !sig->returns) return NULL;
    style st = style_of(flags);
    style params = st;
    params.hide_firewalled = 0;
    tsig_strbuf sb = {0};
    if (sig->param_count > 0) {
        /* Parameters are always shown in full: a caller must pass them. */
        tsig_sb_putc(&sb, '(');
        for (size_t i = 0; i < sig->param_count; i++) {
            if (i) tsig_sb_puts(&sb, ", ");
            format_field(&sb, &sig->params[i], &params);
        }
        tsig_sb_puts(&sb, ") -> ");
    }
    format_type(&sb, sig->returns, &st);
    return tsig_sb_finish(&sb, len);
}

/* One type alone, hiding firewalled fields when asked; as tsig_format. */
char *tsig_format_type(const tsig_type *type, unsigned flags, size_t *len)
{
    if (len) *len = 0;
    if (!type) return NULL;
    tsig_strbuf sb = {0};
    style st = style_of(flags);
    format_type(&sb, type, &st);
    return tsig_sb_finish(&sb, len);
}

static void ast_type(tsig_strbuf *sb, const tsig_type *t);

/* Appends [name, T] or [name, T, {"default": v, "description": "…"}]. */
static void ast_field(tsig_strbuf *sb, const tsig_field *f)
{
    tsig_sb_putc(sb, '[');
    tsig_json_escape(sb, f->name, f->name_len);
    tsig_sb_putc(sb, ',');
    ast_type(sb, f->type);
    if (f->default_json || f->description) {
        tsig_sb_puts(sb, ",{");
        if (f->default_json) {
            tsig_sb_puts(sb, "\"default\":");
            tsig_sb_append(sb, f->default_json, f->default_len);
        }
        if (f->description) {
            if (f->default_json) tsig_sb_putc(sb, ',');
            tsig_sb_puts(sb, "\"description\":");
            tsig_json_escape(sb, f->description, f->description_len);
        }
        tsig_sb_putc(sb, '}');
    }
    tsig_sb_putc(sb, ']');
}

/* Appends t without its bounds as AST JSON. */
static void ast_base(tsig_strbuf *sb, const tsig_type *t)
{
    switch (t->kind) {
    case TSIG_LIST:
        tsig_sb_puts(sb, "{\"list\":");
        ast_type(sb, t->elem);
        tsig_sb_putc(sb, '}');
        break;
    case TSIG_OPTIONAL:
        tsig_sb_puts(sb, "{\"optional\":");
        ast_type(sb, t->elem);
        tsig_sb_putc(sb, '}');
        break;
    case TSIG_RECORD:
        tsig_sb_puts(sb, "{\"map\":[");
        for (size_t i = 0; i < t->field_count; i++) {
            if (i) tsig_sb_putc(sb, ',');
            ast_field(sb, &t->fields[i]);
        }
        if (t->extra) {
            if (t->field_count) tsig_sb_putc(sb, ',');
            tsig_sb_puts(sb, "[\"*\",");
            ast_type(sb, t->extra);
            tsig_sb_putc(sb, ']');
        }
        tsig_sb_puts(sb, "]}");
        break;
    case TSIG_ENUM:
        tsig_sb_puts(sb, "{\"enum\":[");
        for (size_t i = 0; i < t->value_count; i++) {
            const tsig_enum_value *v = &t->values[i];
            if (i) tsig_sb_putc(sb, ',');
            if (v->kind == TSIG_VALUE_STRING) tsig_json_escape(sb, v->text, v->len);
            else tsig_sb_append(sb, v->text, v->len);
        }
        tsig_sb_puts(sb, "]}");
        break;
    case TSIG_UNION:
        tsig_sb_puts(sb, "{\"union\":[");
        for (size_t i = 0; i < t->member_count; i++) {
            if (i) tsig_sb_putc(sb, ',');
            ast_type(sb, t->members[i]);
        }
        tsig_sb_puts(sb, "]}");
        break;
    case TSIG_STRING:
    case TSIG_INT:
    case TSIG_FLOAT:
    case TSIG_BOOL:
    case TSIG_KEYWORD:
    case TSIG_ANY:
    case TSIG_MAP:
    case TSIG_DATETIME:
        tsig_sb_putc(sb, '"');
        tsig_sb_puts(sb, tsig_kind_name(t->kind));
        tsig_sb_putc(sb, '"');
        break;
    }
}

/* Appends type t as AST JSON: "int", {"optional":T}, {"list":T},
 * {"map":[[name,T],...]}, {"enum":[...]}, {"union":[...]}, and a refined
 * type {"refined":T,"ge"|"gt":n,"le"|"lt":n} (SPEC §2, §11.2). */
static void ast_type(tsig_strbuf *sb, const tsig_type *t)
{
    if (!tsig_type_refined(t) || t->kind == TSIG_OPTIONAL) {
        ast_base(sb, t);
        return;
    }
    tsig_sb_puts(sb, "{\"refined\":");
    ast_base(sb, t);
    if (t->lower.num) {
        tsig_sb_puts(sb, t->lower.exclusive ? ",\"gt\":" : ",\"ge\":");
        tsig_sb_append(sb, t->lower.num, t->lower.len);
    }
    if (t->upper.num) {
        tsig_sb_puts(sb, t->upper.exclusive ? ",\"lt\":" : ",\"le\":");
        tsig_sb_append(sb, t->upper.num, t->upper.len);
    }
    tsig_sb_putc(sb, '}');
}

/* {"params":[[name,T],...],"returns":T}, compact, names JSON-escaped
 * (they are ASCII identifiers, so escaping never triggers today). */
char *tsig_ast_json(const tsig_signature *sig, size_t *len)
{
    if (len) *len = 0;
    if (!sig || !sig->returns) return NULL;
    tsig_strbuf sb = {0};
    tsig_sb_puts(&sb, "{\"params\":[");
    for (size_t i = 0; i < sig->param_count; i++) {
        if (i) tsig_sb_putc(&sb, ',');
        ast_field(&sb, &sig->params[i]);
    }
    tsig_sb_puts(&sb, "],\"returns\":");
    ast_type(&sb, sig->returns);
    tsig_sb_putc(&sb, '}');
    return tsig_sb_finish(&sb, len);
}
