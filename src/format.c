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

/*
 * Appends the canonical text of type t. When hide_firewalled is set, fields
 * whose normalized name starts with "_" are left out at every depth (SPEC §7).
 */
static void format_type(tsig_strbuf *sb, const tsig_type *t, int hide_firewalled)
{
    switch (t->kind) {
    case TSIG_LIST:
        tsig_sb_putc(sb, '[');
        format_type(sb, t->elem, hide_firewalled);
        tsig_sb_putc(sb, ']');
        break;
    case TSIG_OPTIONAL:
        format_type(sb, t->elem, hide_firewalled);
        tsig_sb_putc(sb, '?');
        break;
    case TSIG_RECORD: {
        int first = 1;
        tsig_sb_putc(sb, '{');
        for (size_t i = 0; i < t->field_count; i++) {
            const tsig_field *f = &t->fields[i];
            if (hide_firewalled && f->firewalled) continue;
            if (!first) tsig_sb_puts(sb, ", ");
            first = 0;
            tsig_sb_append(sb, f->name, f->name_len);
            tsig_sb_putc(sb, ' ');
            format_type(sb, f->type, hide_firewalled);
        }
        tsig_sb_putc(sb, '}');
        break;
    }
    default:
        tsig_sb_putc(sb, ':');
        tsig_sb_puts(sb, tsig_kind_name(t->kind));
        break;
    }
}

/* The shorthand when there are no parameters, else "(name T, ...) -> T".
 * Hiding applies to the return type only. NULL for NULL or out of memory. */
char *tsig_format(const tsig_signature *sig, unsigned flags, size_t *len)
{
    if (len) *len = 0;
    if (!sig || !sig->returns) return NULL;
    int hide = (flags & TSIG_FORMAT_HIDE_FIREWALLED) != 0;
    tsig_strbuf sb = {0};
    if (sig->param_count > 0) {
        /* Parameters are always shown in full: a caller must pass them. */
        tsig_sb_putc(&sb, '(');
        for (size_t i = 0; i < sig->param_count; i++) {
            if (i) tsig_sb_puts(&sb, ", ");
            tsig_sb_append(&sb, sig->params[i].name, sig->params[i].name_len);
            tsig_sb_putc(&sb, ' ');
            format_type(&sb, sig->params[i].type, 0);
        }
        tsig_sb_puts(&sb, ") -> ");
    }
    format_type(&sb, sig->returns, hide);
    return tsig_sb_finish(&sb, len);
}

/* One type alone, hiding firewalled fields when asked; as tsig_format. */
char *tsig_format_type(const tsig_type *type, unsigned flags, size_t *len)
{
    if (len) *len = 0;
    if (!type) return NULL;
    tsig_strbuf sb = {0};
    format_type(&sb, type, (flags & TSIG_FORMAT_HIDE_FIREWALLED) != 0);
    return tsig_sb_finish(&sb, len);
}

/* Appends type t as AST JSON: "int", {"optional":T}, {"list":T},
 * {"map":[[name,T],...]}. */
static void ast_type(tsig_strbuf *sb, const tsig_type *t)
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
            tsig_sb_putc(sb, '[');
            tsig_sb_json_string(sb, t->fields[i].name, t->fields[i].name_len);
            tsig_sb_putc(sb, ',');
            ast_type(sb, t->fields[i].type);
            tsig_sb_putc(sb, ']');
        }
        tsig_sb_puts(sb, "]}");
        break;
    default:
        tsig_sb_putc(sb, '"');
        tsig_sb_puts(sb, tsig_kind_name(t->kind));
        tsig_sb_putc(sb, '"');
        break;
    }
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
        tsig_sb_putc(&sb, '[');
        tsig_sb_json_string(&sb, sig->params[i].name, sig->params[i].name_len);
        tsig_sb_putc(&sb, ',');
        ast_type(&sb, sig->params[i].type);
        tsig_sb_putc(&sb, ']');
    }
    tsig_sb_puts(&sb, "],\"returns\":");
    ast_type(&sb, sig->returns);
    tsig_sb_putc(&sb, '}');
    return tsig_sb_finish(&sb, len);
}
