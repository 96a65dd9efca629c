/*
 * template_check.c: checking every {{placeholder}} of a prompt template
 * against a signature's parameters (SPEC §8, tsig_check_placeholders),
 * and the scopes that say what a name means inside sections, which the
 * rendering (template_render.c) resolves names with too.
 *
 * What a check reports (SPEC §8 leaves the details to us):
 *   - every message is "{{placeholder}}: why", the placeholder spelled as
 *     in the template but without the whitespace inside the braces
 *     ("{{# items }}" is reported as "{{#items}}"), cut after ECHO_MAX code
 *     points, control characters escaped, invalid UTF-8 as U+FFFD, so a
 *     message is one line of valid UTF-8 whatever the template holds;
 *   - a placeholder is reported once per reason: "{{x}}" unknown three
 *     times is one error; "{{#x}}" both unknown and never closed is two;
 *   - errors are in template order (a section found unclosed at the end is
 *     reported at its opening tag); past TSIG_DEFAULT_MAX_ERRORS the rest
 *     are counted in a last entry "too many errors: N more not shown", as
 *     validation reports do (SPEC §4);
 *   - lists of names in messages ("parameters: a, b") stop after LIST_MAX
 *     with "… (N more)"; "none" when there are none.
 * Checking is one pass over the template, linear in its length (each tag
 * is found by a forward search that never rereads text), with a fixed
 * stack of TSIG_TEMPLATE_MAX_DEPTH sections.
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

/* Errors kept in a check result; more are counted in one last entry. */
#define TEMPLATE_MAX_ERRORS TSIG_DEFAULT_MAX_ERRORS
/* Code points of template text echoed in a message before it is cut. */
#define ECHO_MAX 120
/* Names listed in "(parameters: ...)" and "(fields: ...)" before "…". */
#define LIST_MAX 20


/* The sigil written before a tag's name ("" for plain names). */
static const char *tag_sigil(tsig_tag_kind kind)
{
    switch (kind) {
    case TSIG_TAG_SECTION: return "#";
    case TSIG_TAG_INVERTED: return "^";
    case TSIG_TAG_CLOSE: return "/";
    case TSIG_TAG_COMMENT: return "!";
    case TSIG_TAG_AMPERSAND: return "&";
    case TSIG_TAG_TRIPLE: return "{";
    case TSIG_TAG_PARTIAL: return ">";
    case TSIG_TAG_DELIMITER: return "=";
    case TSIG_TAG_NAME:
    case TSIG_TAG_DOT:
    case TSIG_TAG_UNCLOSED: return "";
    }
    return "";
}

/*
 * Appends a tag's placeholder as results show it: the sigil and the name
 * without the whitespace around them ("#items", "&topic", "{x}" for a
 * triple, "." for the element; an unclosed tag's first line).
 */
static void put_placeholder(tsig_strbuf *sb, const tsig_tpl_tag *t)
{
    tsig_sb_puts(sb, tag_sigil(t->kind));
    if (t->kind == TSIG_TAG_DOT) tsig_sb_putc(sb, '.');
    else tsig_text_escape_cut(sb, t->name, t->name_len, ECHO_MAX);
    if (t->kind == TSIG_TAG_TRIPLE) tsig_sb_putc(sb, '}');
}

/* ------------------------------------------------------------------------
 * Names and types
 * --------------------------------------------------------------------- */

/*
 * Checks the spelling of a name (SPEC §8): dot-separated segments, each a
 * letter then an identifier's characters (names.c: letters, digits, "_",
 * "-"). Returns 1 when well formed;
 * otherwise 0 with the reason appended to why.
 */
static int check_name_syntax(const char *s, size_t len, tsig_strbuf *why)
{
    if (len == 0) {
        tsig_sb_puts(why, "empty placeholder: write a parameter name");
        return 0;
    }
    size_t i = 0;
    for (int first = 1;; first = 0) {
        if (i == len || s[i] == '.') {
            tsig_sb_puts(why, i == 0      ? "a name cannot start with \".\""
                              : i == len ? "a name cannot end with \".\""
                                         : "two dots in a row (an empty segment)");
            return 0;
        }
        if (!tsig_is_letter(s[i])) {
            if (first) {
                tsig_sb_puts(why, "names must start with a letter");
            } else {
                char found[48];
                tsig_describe_found(s, len, i, found, sizeof found);
                tsig_sb_printf(why,
                               "each segment of a dotted name must start "
                               "with a letter, found %s",
                               found);
            }
            return 0;
        }
        i = tsig_ident_run(s, len, i);
        if (i == len) return 1;
        if (s[i] != '.') {
            char found[48];
            tsig_describe_found(s, len, i, found, sizeof found);
            tsig_sb_printf(why,
                           "names hold only letters, digits, \"_\", \"-\" "
                           "and dots between segments, found %s",
                           found);
            return 0;
        }
        i++;
    }
}

/* tsig_type_strip, where NULL (a type not known) stays NULL. */
static const tsig_type *strip_optional(const tsig_type *t)
{
    return t ? tsig_type_strip(t) : NULL;
}

/* Appends "a, b, c" (at most LIST_MAX names, then "… (N more)"), or
 * "none". */
static void put_field_names(tsig_strbuf *sb, const tsig_field *fields,
                            size_t count)
{
    if (count == 0) {
        tsig_sb_puts(sb, "none");
        return;
    }
    for (size_t i = 0; i < count && i < LIST_MAX; i++) {
        if (i) tsig_sb_puts(sb, ", ");
        tsig_text_escape_cut(sb, fields[i].name, fields[i].name_len, ECHO_MAX);
    }
    if (count > LIST_MAX)
        tsig_sb_printf(sb, ", \xE2\x80\xA6 (%zu more)", count - LIST_MAX);
}

/*
 * The typed map a name may be a field of, for the member m of a scope:
 * m itself or, when elements is set, the element of a list m (a section
 * over a union of lists of maps enters the elements). NULL for anything
 * else.
 */
static const tsig_type *member_record(const tsig_type *m, int elements)
{
    m = strip_optional(m);
    if (elements && m->kind == TSIG_LIST) m = strip_optional(m->elem);
    return m->kind == TSIG_RECORD ? m : NULL;
}

/*
 * Appends the fields of a scope: a typed map's, or the distinct fields of
 * the typed maps among a union's members (SPEC §11.5), in member order, at
 * most LIST_MAX of them and then "…"; "none" when there are none.
 */
static void put_scope_fields(tsig_strbuf *sb, const tsig_type *scope, int elements)
{
    scope = strip_optional(scope);
    if (scope->kind != TSIG_UNION) {
        const tsig_type *r = member_record(scope, elements);
        if (r) put_field_names(sb, r->fields, r->field_count);
        else tsig_sb_puts(sb, "none");
        return;
    }
    const tsig_field *shown[LIST_MAX];
    size_t count = 0;
    int more = 0;
    for (size_t i = 0; i < scope->member_count && !more; i++) {
        const tsig_type *r = member_record(scope->members[i], elements);
        for (size_t k = 0; r && k < r->field_count && !more; k++) {
            const tsig_field *f = &r->fields[k];
            int dup = 0;
            for (size_t j = 0; j < count && !dup; j++)
                dup = tsig_names_match(shown[j]->name, shown[j]->name_len,
                                          f->name, f->name_len);
            if (dup) continue;
            if (count == LIST_MAX) {
                more = 1;
                break;
            }
            if (count) tsig_sb_puts(sb, ", ");
            tsig_text_escape_cut(sb, f->name, f->name_len, ECHO_MAX);
            shown[count++] = f;
        }
    }
    if (count == 0) tsig_sb_puts(sb, "none");
    if (more) tsig_sb_puts(sb, ", \xE2\x80\xA6");
}

/* 1 iff a value of type t has something a dotted name can walk into: a
 * typed map (with or without "* T"), :map, :any, or a union holding one. */
static int has_fields(const tsig_type *t)
{
    t = strip_optional(t);
    switch (t->kind) {
    case TSIG_RECORD:
    case TSIG_MAP:
    case TSIG_ANY:
        return 1;
    case TSIG_UNION:
        for (size_t i = 0; i < t->member_count; i++)
            if (has_fields(t->members[i])) return 1;
        return 0;
    case TSIG_STRING:
    case TSIG_INT:
    case TSIG_FLOAT:
    case TSIG_BOOL:
    case TSIG_KEYWORD:
    case TSIG_DATETIME:
    case TSIG_LIST:
    case TSIG_OPTIONAL:
    case TSIG_ENUM:
        return 0;
    }
    return 0;
}

/* Appends what a type is in "x is <T> and has no fields": the kind, or
 * the label of an enum or a union ("one of a, b", "string or int"). */
static void put_kind(tsig_strbuf *sb, const tsig_type *t)
{
    t = strip_optional(t);
    if (t->kind == TSIG_ENUM || t->kind == TSIG_UNION) tsig_type_label(sb, t);
    else tsig_sb_puts(sb, tsig_kind_name(t->kind));
}

/* ------------------------------------------------------------------------
 * Scopes: what names mean inside sections
 * --------------------------------------------------------------------- */

/*
 * Resolves the segments after the first of name against type, the value
 * the first segment named (SPEC §8: further segments are fields of the
 * typed map reached so far; :map and :any accept any; scalars, enums and
 * lists none; optionals are looked through; SPEC §11.5-11.6: a key that
 * is no declared field is the "* T" entry's T when there is one, and a
 * path through a union is valid when it is valid through one of its
 * members, the first such member giving the type). Returns 1 with *out
 * set (NULL when the path went through :map or :any, so nothing more is
 * known), or 0 with the reason appended to why and *fail_at set to the
 * end of the segment that failed (how far the name got).
 *
 * Recursion happens only at unions, each a node deeper in the signature's
 * type tree, so its depth is bounded by the signature's; and since the
 * tree shares no nodes, trying every member visits each node once.
 */
static int resolve_path(const tsig_type *type, const char *name, size_t len,
                        size_t seg_end, const tsig_type **out,
                        size_t *fail_at, tsig_strbuf *why)
{
    while (seg_end < len) {
        size_t seg = seg_end + 1, end = seg;
        while (end < len && name[end] != '.') end++;
        const tsig_type *t = strip_optional(type);
        if (t->kind == TSIG_MAP || t->kind == TSIG_ANY) {
            *out = NULL;
            return 1;
        }
        if (t->kind == TSIG_UNION) {
            /* The member that gets furthest explains the failure (the
             * first on a tie); a failure at this very segment is written
             * for the union as a whole. */
            size_t best = 0;
            tsig_strbuf best_why = {0};
            for (size_t i = 0; i < t->member_count; i++) {
                tsig_strbuf mwhy = {0};
                size_t at = 0;
                if (resolve_path(t->members[i], name, len, seg_end, out, &at,
                                 &mwhy)) {
                    tsig_sb_release(&mwhy);
                    tsig_sb_release(&best_why);
                    return 1;
                }
                if (mwhy.failed) why->failed = 1;
                if (at > best) {
                    best = at;
                    tsig_sb_release(&best_why);
                    best_why = mwhy;
                } else {
                    tsig_sb_release(&mwhy);
                }
            }
            *fail_at = best > end ? best : end;
            if (best > end) {
                tsig_sb_append(why, best_why.data ? best_why.data : "", best_why.len);
                if (best_why.failed) why->failed = 1;
            } else if (has_fields(t)) {
                tsig_text_escape_cut(why, name, seg_end, ECHO_MAX);
                tsig_sb_puts(why, " has no field ");
                tsig_text_escape_cut(why, name + seg, end - seg, ECHO_MAX);
                tsig_sb_puts(why, " (fields: ");
                put_scope_fields(why, t, 0);
                tsig_sb_putc(why, ')');
            } else {
                tsig_text_escape_cut(why, name, seg_end, ECHO_MAX);
                tsig_sb_puts(why, " is ");
                put_kind(why, t);
                tsig_sb_puts(why, " and has no fields");
            }
            tsig_sb_release(&best_why);
            return 0;
        }
        if (t->kind != TSIG_RECORD) {
            *fail_at = end;
            tsig_text_escape_cut(why, name, seg_end, ECHO_MAX);
            tsig_sb_puts(why, " is ");
            put_kind(why, t);
            tsig_sb_puts(why, " and has no fields");
            if (t->kind == TSIG_LIST) {
                tsig_sb_puts(why, " (go through its elements with {{#");
                tsig_text_escape_cut(why, name, seg_end, ECHO_MAX);
                tsig_sb_puts(why, "}}\xE2\x80\xA6{{/");
                tsig_text_escape_cut(why, name, seg_end, ECHO_MAX);
                tsig_sb_puts(why, "}})");
            }
            return 0;
        }
        const tsig_field *f =
            tsig_field_named(t->fields, t->field_count, name + seg, end - seg, 0);
        if (f) {
            type = f->type;
        } else if (t->extra) {
            type = t->extra;
        } else {
            *fail_at = end;
            tsig_text_escape_cut(why, name, seg_end, ECHO_MAX);
            tsig_sb_puts(why, " has no field ");
            tsig_text_escape_cut(why, name + seg, end - seg, ECHO_MAX);
            tsig_sb_puts(why, " (fields: ");
            put_field_names(why, t->fields, t->field_count);
            tsig_sb_putc(why, ')');
            return 0;
        }
        seg_end = end;
    }
    *out = type;
    return 1;
}

/* resolve_path without the failure position. */
static int resolve_rest(const tsig_type *type, const char *name, size_t len,
                        size_t seg_end, const tsig_type **out,
                        tsig_strbuf *why)
{
    size_t fail_at = 0;
    return resolve_path(type, name, len, seg_end, out, &fail_at, why);
}

/*
 * Looks the first segment name[0..first) up in a section's scope: a
 * declared field, else the "* T" entry (SPEC §11.6), of the typed map or
 * of each typed map of a union, in member order. For each candidate the
 * rest of the name is resolved; returns 1 (*out set) on the first that
 * resolves. Otherwise 0; *owned tells whether some candidate had the
 * first segment (its failure is then in why, else why is untouched).
 */
static int resolve_in_scope(const tsig_tpl_section *s, const char *name, size_t len,
                            size_t first, const tsig_type **out, int *owned,
                            tsig_strbuf *why)
{
    const tsig_type *scope = strip_optional(s->scope);
    size_t count = scope->kind == TSIG_UNION ? scope->member_count : 1;
    size_t best = 0;
    tsig_strbuf best_why = {0};
    *owned = 0;
    for (size_t i = 0; i < count; i++) {
        const tsig_type *r = scope->kind == TSIG_UNION
                                 ? member_record(scope->members[i], s->elements)
                                 : scope;
        if (!r) continue;
        const tsig_field *f = tsig_field_named(r->fields, r->field_count, name, first, 0);
        const tsig_type *t = f ? f->type : r->extra;
        if (!t) continue;
        tsig_strbuf mwhy = {0};
        size_t at = 0;
        if (resolve_path(t, name, len, first, out, &at, &mwhy)) {
            tsig_sb_release(&mwhy);
            tsig_sb_release(&best_why);
            return 1;
        }
        if (mwhy.failed) why->failed = 1;
        if (!*owned || at > best) {
            best = at;
            tsig_sb_release(&best_why);
            best_why = mwhy;
        } else {
            tsig_sb_release(&mwhy);
        }
        *owned = 1;
    }
    if (*owned) {
        tsig_sb_append(why, best_why.data ? best_why.data : "", best_why.len);
        if (best_why.failed) why->failed = 1;
    }
    tsig_sb_release(&best_why);
    return 0;
}

/*
 * Resolves a well-formed name in the current scopes (Mustache lookup): the
 * first segment is looked up in each section that enters its value, from
 * the innermost out (a field of its typed map; anything in :map or :any),
 * then among the parameters; the rest of the name is resolved against
 * what the first segment found, with no further fallback. Returns 1 with
 * *out (NULL: unknown type) or 0 with the reason appended to why.
 */
int tsig_tpl_resolve_name(const tsig_tpl_scopes *sc, const char *name, size_t len,
                        const tsig_type **out, tsig_strbuf *why)
{
    size_t first = 0;
    while (first < len && name[first] != '.') first++;
    int saw_record = 0;
    for (size_t i = sc->depth; i-- > 0;) {
        const tsig_tpl_section *s = &sc->stack[i];
        if (!s->enters) continue;
        if (s->open) {
            *out = NULL;
            return 1;
        }
        if (s->scope) {
            saw_record = 1;
            int owned = 0;
            if (resolve_in_scope(s, name, len, first, out, &owned, why)) return 1;
            if (owned) return 0;
        }
    }
    const tsig_field *p =
        tsig_field_named(sc->sig->params, sc->sig->param_count, name, first, 0);
    if (p) return resolve_rest(p->type, name, len, first, out, why);

    tsig_sb_puts(why, saw_record ? "no field or parameter " : "no parameter ");
    tsig_text_escape_cut(why, name, first, ECHO_MAX);
    tsig_sb_puts(why, " (");
    for (size_t i = sc->depth; i-- > 0;) {
        const tsig_tpl_section *s = &sc->stack[i];
        if (!s->enters || !s->scope) continue;
        tsig_sb_puts(why, "fields of ");
        tsig_text_escape_cut(why, s->name, s->name_len, ECHO_MAX);
        tsig_sb_puts(why, ": ");
        put_scope_fields(why, s->scope, s->elements);
        tsig_sb_puts(why, "; ");
    }
    tsig_sb_puts(why, "parameters: ");
    put_field_names(why, sc->sig->params, sc->sig->param_count);
    tsig_sb_putc(why, ')');
    return 0;
}

/*
 * Sets up s for a value of type u (not optional, not a union). Returns 0
 * when a section over it is no section at all (a scalar or an enum: the
 * caller decides, since an optional one is still a test for presence).
 */
static int enter_kind(tsig_tpl_section *s, const tsig_type *u)
{
    switch (u->kind) {
    case TSIG_LIST: {
        const tsig_type *e = strip_optional(u->elem);
        if (e->kind == TSIG_RECORD) {
            s->scope = e;
            s->dot = TSIG_DOT_MAPS;
        } else if (e->kind == TSIG_MAP) {
            s->open = 1;
            s->dot = TSIG_DOT_MAPS;
        } else if (e->kind == TSIG_ANY) {
            s->open = 1;
        } else if (e->kind == TSIG_LIST) {
            s->dot = TSIG_DOT_LISTS;
        } else if (e->kind == TSIG_UNION) {
            /* A list of a union: the element is each member in turn. */
            if (has_fields(e)) {
                s->scope = e;
                s->dot = TSIG_DOT_MAPS;
                for (size_t i = 0; i < e->member_count; i++) {
                    const tsig_type *m = strip_optional(e->members[i]);
                    if (m->kind == TSIG_MAP || m->kind == TSIG_ANY) s->open = 1;
                    if (m->kind != TSIG_RECORD && m->kind != TSIG_MAP &&
                        m->kind != TSIG_LIST) s->dot = TSIG_DOT_OK;
                }
            }
        }
        return 1;
    }
    case TSIG_RECORD:
        s->scope = u;
        s->dot = TSIG_DOT_MAP;
        return 1;
    case TSIG_MAP:
        s->open = 1;
        s->dot = TSIG_DOT_MAP;
        return 1;
    case TSIG_ANY:
        s->open = 1;
        return 1;
    case TSIG_BOOL:
        s->enters = 0; /* true has nothing to look into */
        return 1;
    case TSIG_UNION:
    case TSIG_OPTIONAL:
    case TSIG_STRING:
    case TSIG_INT:
    case TSIG_FLOAT:
    case TSIG_KEYWORD:
    case TSIG_DATETIME:
    case TSIG_ENUM:
        return 0;
    }
    return 0;
}

/*
 * Sets up s for a union: a section is valid when it is valid through one
 * of the members (SPEC §11.5). Names inside resolve through every member
 * that enters a typed map (or a list of them); when any member is :map or
 * :any (or a list of them) every name resolves. {{.}} is valid when it is
 * valid through one member. Returns 0 when no member takes a section.
 */
static int enter_union(tsig_tpl_section *s, const tsig_type *u)
{
    int any = 0, holders = 0;
    tsig_dot_rule dot = TSIG_DOT_ACCEPT;
    int enters = s->enters;
    for (size_t i = 0; i < u->member_count; i++) {
        tsig_tpl_section m = *s;
        m.enters = enters;
        m.open = 0;
        m.scope = NULL;
        m.dot = TSIG_DOT_OK;
        if (!enter_kind(&m, strip_optional(u->members[i]))) continue;
        if (!any || m.dot == TSIG_DOT_OK) dot = m.dot;
        any = 1;
        if (m.open) s->open = 1;
        if (!m.enters) s->enters = 0;
        if (m.scope) {
            holders++;
            s->scope = m.scope;
            s->elements = m.elements;
        }
    }
    if (!any) return 0;
    if (holders > 1) {
        /* Several members hold the names: look in each (a list member's
         * elements, a map member itself). */
        s->scope = u;
        s->elements = 1;
    }
    /* A bool member is a test and enters nothing; the others still do. */
    if (holders || s->open) s->enters = enters;
    s->dot = dot;
    return 1;
}

/*
 * Fills what a section over a value of type t (NULL: unknown) means for
 * the names inside it (SPEC §8). A section needs a list, a map, a bool or
 * an optional value (or :any); for anything else returns 0 with the reason
 * appended to why, and the section is set up so that what is inside it
 * adds no second error about the same mistake.
 */
int tsig_tpl_enter_section(tsig_tpl_section *s, const tsig_type *t, tsig_strbuf *why)
{
    int inverted = s->kind == TSIG_TAG_INVERTED;
    s->enters = !inverted;
    s->open = 0;
    s->scope = NULL;
    s->elements = 0;
    s->dot = TSIG_DOT_OK;
    if (!t) {
        s->open = 1;
        return 1;
    }
    const tsig_type *u = strip_optional(t);
    int optional = u != t;
    int entered = u->kind == TSIG_UNION ? enter_union(s, u) : enter_kind(s, u);
    if (entered) return 1;
    if (optional) {
        s->dot = TSIG_DOT_SCALAR;
        return 1;
    }
    tsig_text_escape_cut(why, s->name, s->name_len, ECHO_MAX);
    tsig_sb_puts(why, " is ");
    put_kind(why, u);
    tsig_sb_puts(why, "; a section needs a list, a map, a bool or an "
                      "optional value");
    s->dot = TSIG_DOT_ACCEPT;
    return 0;
}

/*
 * How a section's scope owns the first segment name[0..first): 1 when a
 * typed map of it declares the field, 2 when only a "* T" entry takes it
 * (the data decides, as for :map), 0 when it does not.
 */
int tsig_tpl_scope_owns(const tsig_tpl_section *s, const char *name, size_t first)
{
    const tsig_type *scope = strip_optional(s->scope);
    size_t count = scope->kind == TSIG_UNION ? scope->member_count : 1;
    int owns = 0;
    for (size_t i = 0; i < count; i++) {
        const tsig_type *r = scope->kind == TSIG_UNION
                                 ? member_record(scope->members[i], s->elements)
                                 : scope;
        if (!r) continue;
        if (tsig_field_named(r->fields, r->field_count, name, first, 0)) return 1;
        if (r->extra) owns = 2;
    }
    return owns;
}

/* The first typed map of a scope, for a hint; NULL when there is none. */
static const tsig_type *first_record(const tsig_tpl_section *s)
{
    const tsig_type *scope = strip_optional(s->scope);
    if (!scope || scope->kind != TSIG_UNION) return scope;
    for (size_t i = 0; i < scope->member_count; i++) {
        const tsig_type *r = member_record(scope->members[i], s->elements);
        if (r && r->field_count) return r;
    }
    return NULL;
}

/* Explains why {{.}} is not valid here; 1 when it is. */
static int check_dot(const tsig_tpl_scopes *sc, tsig_strbuf *why)
{
    const tsig_tpl_section *s = NULL;
    for (size_t i = sc->depth; i-- > 0;) {
        if (sc->stack[i].enters) {
            s = &sc->stack[i];
            break;
        }
    }
    if (!s) {
        tsig_sb_puts(why, "not inside a section over a list; {{.}} is the "
                          "element of a list of scalars, as in "
                          "{{#list}}{{.}}{{/list}}");
        return 0;
    }
    switch (s->dot) {
    case TSIG_DOT_OK:
    case TSIG_DOT_ACCEPT:
        return 1;
    case TSIG_DOT_MAPS:
    case TSIG_DOT_MAP:
        tsig_sb_puts(why, s->dot == TSIG_DOT_MAPS ? "the elements of " : "");
        tsig_text_escape_cut(why, s->name, s->name_len, ECHO_MAX);
        tsig_sb_puts(why, s->dot == TSIG_DOT_MAPS ? " are maps" : " is a map");
        const tsig_type *r = first_record(s);
        if (r && r->field_count) {
            tsig_sb_puts(why, "; write one of the fields, e.g. {{");
            tsig_text_escape_cut(why, r->fields[0].name, r->fields[0].name_len, ECHO_MAX);
            tsig_sb_puts(why, "}}");
        } else {
            tsig_sb_puts(why, "; write {{key}} for one of the keys");
        }
        return 0;
    case TSIG_DOT_LISTS:
        tsig_sb_puts(why, "the elements of ");
        tsig_text_escape_cut(why, s->name, s->name_len, ECHO_MAX);
        tsig_sb_puts(why, " are lists, not scalars");
        return 0;
    case TSIG_DOT_SCALAR:
        tsig_text_escape_cut(why, s->name, s->name_len, ECHO_MAX);
        tsig_sb_puts(why, " is not a list; write {{");
        tsig_text_escape_cut(why, s->name, s->name_len, ECHO_MAX);
        tsig_sb_puts(why, "}}");
        return 0;
    }
    return 0;
}

/* ------------------------------------------------------------------------
 * Sets of byte strings (names found, placeholders already reported)
 * --------------------------------------------------------------------- */

typedef struct set_item {
    const char *s;
    size_t len;
} set_item;

/* The members of one role (hash.c): entry = index in the set's items. */
typedef struct set_role {
    unsigned role; /* distinguishes equal text in different roles */
    tsig_table table;
} set_role;

typedef struct slice_set {
    set_item *items;
    size_t count, cap;
    set_role *roles; /* a few: one per kind of tag and reason */
    size_t role_count;
} slice_set;

/* tsig_table_key_of over a set's items. */
static const char *item_text(const void *ctx, size_t entry, size_t *len)
{
    const set_item *it = &((const slice_set *)ctx)->items[entry];
    *len = it->len;
    return it->s;
}

/*
 * Adds (s, len, role) unless present; the set points at s, which must
 * outlive it. Returns 1 when added, 0 when already there, -1 when out of
 * memory.
 */
static int set_add(slice_set *set, const char *s, size_t len, unsigned role)
{
    set_role *r = NULL;
    for (size_t i = 0; i < set->role_count && !r; i++)
        if (set->roles[i].role == role) r = &set->roles[i];
    if (!r) {
        set_role *roles = realloc(set->roles, (set->role_count + 1) * sizeof *roles);
        if (!roles) return -1;
        set->roles = roles;
        r = &roles[set->role_count++];
        r->role = role;
        tsig_table_init(&r->table, 0, NULL, item_text, set);
    }
    if (set->count == set->cap) {
        size_t cap = set->cap ? set->cap * 2 : 16;
        if (cap > (size_t)-1 / sizeof(set_item)) return -1;
        set_item *items = realloc(set->items, cap * sizeof *items);
        if (!items) return -1;
        set->items = items;
        set->cap = cap;
    }
    size_t at = tsig_table_add(&r->table, s, len, tsig_table_hash(&r->table, s, len),
                               set->count);
    if (at == TSIG_TABLE_NOMEM) return -1;
    if (at != TSIG_TABLE_NONE) return 0;
    set->items[set->count].s = s;
    set->items[set->count].len = len;
    set->count++;
    return 1;
}

static void set_release(slice_set *set)
{
    for (size_t i = 0; i < set->role_count; i++) tsig_table_release(&set->roles[i].table);
    free(set->roles);
    free(set->items);
    memset(set, 0, sizeof *set);
}

/* ------------------------------------------------------------------------
 * Checking (tsig_check_placeholders)
 * --------------------------------------------------------------------- */

/* Why a placeholder is reported; one report per placeholder and reason. */
enum report_reason { REASON_TAG = 1, REASON_STRUCTURE = 2 };

/* What tsig_placeholders.internal_ owns. */
typedef struct check_store {
    tsig_arena arena;        /* every string of the result */
    const char **names;      /* malloc'd */
    size_t name_cap;
    tsig_placeholder_error errors[TEMPLATE_MAX_ERRORS + 1];
} check_store;

/* The state of one check: the scopes, the result being built, and which
 * names and errors were seen already. */
typedef struct checker {
    const char *tpl;
    size_t len;
    tsig_tpl_scopes sc;
    check_store *store;
    tsig_placeholders *out;
    slice_set names_seen;
    slice_set reported;
    size_t more_errors; /* distinct errors beyond TEMPLATE_MAX_ERRORS */
    tsig_strbuf why;    /* scratch for one reason */
    int nomem;
} checker;

/* Adds a well-formed name to the result list unless listed already. */
static void add_name(checker *c, const char *name, size_t len)
{
    int added = set_add(&c->names_seen, name, len, 0);
    if (added < 0) c->nomem = 1;
    if (added <= 0) return;
    check_store *st = c->store;
    if (c->out->name_count == st->name_cap) {
        size_t cap = st->name_cap ? st->name_cap * 2 : 16;
        const char **grown = realloc(st->names, cap * sizeof *grown);
        if (!grown) {
            c->nomem = 1;
            return;
        }
        st->names = grown;
        st->name_cap = cap;
        c->out->names = grown;
    }
    char *copy = tsig_arena_strndup(&st->arena, name, len);
    if (!copy) {
        c->nomem = 1;
        return;
    }
    st->names[c->out->name_count++] = copy;
}

/*
 * Reports "{{tag}}: <c->why>" at the tag's offset, once per placeholder
 * (as written, sigil included) and reason. Errors stay in template order;
 * past TEMPLATE_MAX_ERRORS the ones furthest into the template are only
 * counted. Clears c->why.
 */
static void report(checker *c, const tsig_tpl_tag *t, enum report_reason reason)
{
    unsigned key = (unsigned)t->kind << 4 | (unsigned)reason;
    int fresh = set_add(&c->reported, t->name, t->name_len, key);
    if (fresh < 0) c->nomem = 1;
    if (fresh <= 0 || c->why.failed) {
        if (c->why.failed) c->nomem = 1;
        c->why.len = 0;
        return;
    }
    tsig_placeholder_error *errs = c->store->errors;
    size_t n = c->out->error_count;
    if (n == TEMPLATE_MAX_ERRORS && errs[n - 1].offset <= t->start) {
        c->more_errors++;
        c->why.len = 0;
        return;
    }
    /* "{{" placeholder "}}: " reason; an unclosed tag has no "}}". */
    tsig_strbuf text = {0};
    tsig_sb_puts(&text, "{{");
    put_placeholder(&text, t);
    size_t placeholder_end = text.len;
    if (t->kind != TSIG_TAG_UNCLOSED) tsig_sb_puts(&text, "}}");
    tsig_sb_puts(&text, ": ");
    tsig_sb_append(&text, c->why.data ? c->why.data : "", c->why.len);
    c->why.len = 0;
    const char *message = NULL, *placeholder = NULL;
    if (!text.failed) {
        message = tsig_arena_strndup(&c->store->arena, text.data, text.len);
        placeholder = tsig_arena_strndup(&c->store->arena, text.data + 2,
                                         placeholder_end - 2);
    }
    tsig_sb_release(&text);
    if (!message || !placeholder) {
        c->nomem = 1;
        return;
    }
    size_t at = n;
    while (at > 0 && errs[at - 1].offset > t->start) at--;
    if (n == TEMPLATE_MAX_ERRORS) {
        c->more_errors++; /* the last one falls off */
        n--;
    }
    memmove(&errs[at + 1], &errs[at], (n - at) * sizeof *errs);
    errs[at].placeholder = placeholder;
    errs[at].message = message;
    errs[at].offset = t->start;
    c->out->error_count = n + 1;
}

/* Reports a section left open ("{{#items}}: section is not closed"). */
static void report_unclosed(checker *c, const tsig_tpl_section *s, const char *before,
                            size_t before_len)
{
    tsig_tpl_tag t = {0};
    t.kind = s->kind;
    t.start = s->offset;
    t.name = s->name;
    t.name_len = s->name_len;
    tsig_sb_puts(&c->why, "section is not closed; write {{/");
    tsig_text_escape_cut(&c->why, s->name, s->name_len, ECHO_MAX);
    tsig_sb_puts(&c->why, "}}");
    if (before) {
        tsig_sb_puts(&c->why, " before {{/");
        tsig_text_escape_cut(&c->why, before, before_len, ECHO_MAX);
        tsig_sb_puts(&c->why, "}}");
    }
    report(c, &t, REASON_STRUCTURE);
}

/* {{name}}: a value. */
static void check_variable(checker *c, const tsig_tpl_tag *t)
{
    if (!check_name_syntax(t->name, t->name_len, &c->why)) {
        report(c, t, REASON_TAG);
        return;
    }
    add_name(c, t->name, t->name_len);
    const tsig_type *type;
    if (!tsig_tpl_resolve_name(&c->sc, t->name, t->name_len, &type, &c->why))
        report(c, t, REASON_TAG);
}

/* {{#name}} / {{^name}}: opens a section. Returns 0 when sections nest too
 * deep (checking stops there). */
static int check_open(checker *c, const tsig_tpl_tag *t)
{
    if (c->sc.depth == TSIG_TEMPLATE_MAX_DEPTH) {
        tsig_sb_printf(&c->why, "sections nested deeper than %d",
                       TSIG_TEMPLATE_MAX_DEPTH);
        report(c, t, REASON_STRUCTURE);
        return 0;
    }
    tsig_tpl_section *s = &c->sc.stack[c->sc.depth];
    memset(s, 0, sizeof *s);
    s->kind = t->kind;
    s->name = t->name;
    s->name_len = t->name_len;
    s->offset = t->start;
    const tsig_type *type = NULL;
    if (!check_name_syntax(t->name, t->name_len, &c->why)) {
        report(c, t, REASON_TAG);
        tsig_tpl_enter_section(s, NULL, &c->why);
        s->dot = TSIG_DOT_ACCEPT;
        s->bad_name = 1;
    } else {
        add_name(c, t->name, t->name_len);
        if (!tsig_tpl_resolve_name(&c->sc, t->name, t->name_len, &type, &c->why)) {
            report(c, t, REASON_TAG);
            tsig_tpl_enter_section(s, NULL, &c->why);
            s->dot = TSIG_DOT_ACCEPT;
        } else if (!tsig_tpl_enter_section(s, type, &c->why)) {
            report(c, t, REASON_TAG);
        }
    }
    c->sc.depth++;
    return 1;
}

/* {{/name}}: closes the innermost section, or reports why it cannot. */
static void check_close(checker *c, const tsig_tpl_tag *t)
{
    size_t match = c->sc.depth;
    if (!check_name_syntax(t->name, t->name_len, &c->why)) {
        /* The same malformed name as an open section closes it: that one
         * mistake was reported at the opening tag, and is not reported
         * again as a bad closing tag and an unclosed section. */
        c->why.len = 0;
        for (size_t i = c->sc.depth; i-- > 0;) {
            const tsig_tpl_section *s = &c->sc.stack[i];
            if (s->bad_name && s->name_len == t->name_len &&
                memcmp(s->name, t->name, t->name_len) == 0) {
                match = i;
                break;
            }
        }
        if (match == c->sc.depth) {
            (void)check_name_syntax(t->name, t->name_len, &c->why);
            report(c, t, REASON_TAG);
            return;
        }
    }
    for (size_t i = c->sc.depth; match == c->sc.depth && i-- > 0;) {
        const tsig_tpl_section *s = &c->sc.stack[i];
        if (tsig_names_match(s->name, s->name_len, t->name, t->name_len))
            match = i;
    }
    if (match == c->sc.depth) {
        if (c->sc.depth == 0) {
            tsig_sb_puts(&c->why, "closes a section that is not open; open "
                                  "it first with {{#");
            tsig_text_escape_cut(&c->why, t->name, t->name_len, ECHO_MAX);
            tsig_sb_puts(&c->why, "}}");
        } else {
            const tsig_tpl_section *in = &c->sc.stack[c->sc.depth - 1];
            tsig_sb_puts(&c->why, "closes a section that is not open; the "
                                  "open section is {{");
            tsig_sb_puts(&c->why, tag_sigil(in->kind));
            tsig_text_escape_cut(&c->why, in->name, in->name_len, ECHO_MAX);
            tsig_sb_puts(&c->why, "}}");
        }
        report(c, t, REASON_STRUCTURE);
        return;
    }
    /* Sections opened inside the one closed here were never closed. */
    while (c->sc.depth - 1 > match) {
        report_unclosed(c, &c->sc.stack[c->sc.depth - 1], t->name, t->name_len);
        c->sc.depth--;
    }
    c->sc.depth--;
}

/* Checks one tag. Returns 0 when checking cannot go on. */
static int check_tag(checker *c, const tsig_tpl_tag *t)
{
    switch (t->kind) {
    case TSIG_TAG_NAME:
        check_variable(c, t);
        return 1;
    case TSIG_TAG_DOT:
        if (!check_dot(&c->sc, &c->why)) report(c, t, REASON_TAG);
        return 1;
    case TSIG_TAG_SECTION:
    case TSIG_TAG_INVERTED:
        return check_open(c, t);
    case TSIG_TAG_CLOSE:
        check_close(c, t);
        return 1;
    case TSIG_TAG_COMMENT:
        return 1;
    case TSIG_TAG_AMPERSAND:
    case TSIG_TAG_TRIPLE:
        tsig_sb_puts(&c->why, t->kind == TSIG_TAG_TRIPLE
                                  ? "triple braces (unescaped output) are not "
                                    "supported; write {{"
                                  : "\"&\" (unescaped output) is not supported; "
                                    "write {{");
        tsig_text_escape_cut(&c->why, t->name, t->name_len, ECHO_MAX);
        tsig_sb_puts(&c->why, "}} (values are never HTML-escaped)");
        report(c, t, REASON_TAG);
        return 1;
    case TSIG_TAG_PARTIAL:
        tsig_sb_puts(&c->why, "partials are not supported");
        report(c, t, REASON_TAG);
        return 1;
    case TSIG_TAG_DELIMITER:
        tsig_sb_puts(&c->why, "changing the delimiters is not supported");
        report(c, t, REASON_TAG);
        return 1;
    case TSIG_TAG_UNCLOSED:
        tsig_sb_puts(&c->why, "\"{{\" is not closed by \"}}\"");
        report(c, t, REASON_TAG);
        return 1;
    }
    return 1;
}

/* Appends the "too many errors" entry when errors were left out. */
static void finish_errors(checker *c)
{
    if (!c->more_errors) return;
    char text[96];
    int n = tsig_snprintf(text, sizeof text, "too many errors: %zu more not shown",
                          c->more_errors);
    const char *message =
        tsig_arena_strndup(&c->store->arena, text, n > 0 ? (size_t)n : 0);
    if (!message) {
        c->nomem = 1;
        return;
    }
    tsig_placeholder_error *e = &c->store->errors[c->out->error_count++];
    e->placeholder = "";
    e->message = message;
    e->offset = c->len;
}

/* Releases the store behind a result (arena, names array) and zeroes it. */
void tsig_placeholders_free(tsig_placeholders *result)
{
    if (!result) return;
    check_store *st = result->internal_;
    if (st) {
        tsig_arena_release(&st->arena);
        free(st->names);
        free(st);
    }
    memset(result, 0, sizeof *result);
}

/*
 * One pass over the tags: each is checked where it stands (check_tag), the
 * scopes growing and shrinking with the sections; then the sections left
 * open are reported. The result's strings live in one arena owned by
 * out->internal_. Checking stops early only when sections nest deeper
 * than TSIG_TEMPLATE_MAX_DEPTH (reported) or memory runs out (the result is
 * then released and TSIG_ERR_NOMEM returned).
 */
tsig_code tsig_check_placeholders(const char *tpl, size_t len,
                                  const tsig_signature *sig,
                                  tsig_placeholders *out)
{
    if (!out) return TSIG_ERR_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (!sig || (!tpl && len)) return TSIG_ERR_ARGUMENT;
    if (len > TSIG_MAX_INPUT) return TSIG_ERR_TOO_LARGE;
    check_store *st = calloc(1, sizeof *st);
    if (!st) return TSIG_ERR_NOMEM;
    out->internal_ = st;
    out->errors = st->errors;

    checker *c = calloc(1, sizeof *c);
    if (!c) {
        tsig_placeholders_free(out);
        return TSIG_ERR_NOMEM;
    }
    c->tpl = tpl ? tpl : "";
    c->len = len;
    c->sc.sig = sig;
    c->store = st;
    c->out = out;

    size_t pos = 0;
    int going = 1;
    tsig_tpl_tag t;
    while (going && !c->nomem && tsig_tpl_read_tag(c->tpl, len, pos, &t)) {
        going = check_tag(c, &t);
        pos = t.end;
    }
    /* Sections still open at the end were never closed. */
    while (going && !c->nomem && c->sc.depth > 0) {
        report_unclosed(c, &c->sc.stack[c->sc.depth - 1], NULL, 0);
        c->sc.depth--;
    }
    finish_errors(c);
    int nomem = c->nomem;
    set_release(&c->names_seen);
    set_release(&c->reported);
    tsig_sb_release(&c->why);
    free(c);
    if (nomem) {
        tsig_placeholders_free(out);
        return TSIG_ERR_NOMEM;
    }
    out->ok = out->error_count == 0;
    return TSIG_OK;
}

