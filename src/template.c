/*
 * template.c: prompt templates (SPEC §8). Checking every {{placeholder}}
 * against a signature's parameters, and filling a checked template with
 * argument values.
 *
 * The template language is a subset of Mustache:
 *
 *   {{name}} {{user.address.city}}   a value (dotted names walk into maps)
 *   {{#items}}...{{/items}}          a section: once per element of a list,
 *                                    once inside a map, once for true
 *   {{^items}}...{{/items}}          an inverted section: once when the
 *                                    value is false, null, absent or empty
 *   {{.}}                            the element, inside a section over a
 *                                    list of scalars (or :any)
 *   {{! comment }}                   ignored
 *
 * Unescaped output ({{&x}}, {{{x}}}), partials ({{>x}}) and delimiter
 * changes ({{=<% %>=}}) are rejected: prompts are not HTML, so every value
 * is already written as it is, and a prompt is one self-contained text.
 *
 * Both passes read the template with the same tag reader (read_tag) and
 * resolve names with the same scopes (resolve_name, enter_section), so what
 * the checker accepts is exactly what the renderer understands.
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

#include "cJSON.h"

#include <stdlib.h>
#include <string.h>

/* Errors kept in a check result; more are counted in one last entry. */
#define TEMPLATE_MAX_ERRORS TSIG_DEFAULT_MAX_ERRORS
/* Code points of template text echoed in a message before it is cut. */
#define ECHO_MAX 120
/* Names listed in "(parameters: ...)" and "(fields: ...)" before "…". */
#define LIST_MAX 20

/* ------------------------------------------------------------------------
 * Reading tags
 * --------------------------------------------------------------------- */

typedef enum tag_kind {
    TAG_NAME,      /* {{name}} (also malformed names: checked later) */
    TAG_DOT,       /* {{.}} */
    TAG_SECTION,   /* {{#name}} */
    TAG_INVERTED,  /* {{^name}} */
    TAG_CLOSE,     /* {{/name}} */
    TAG_COMMENT,   /* {{! ... }} */
    TAG_AMPERSAND, /* {{&name}}: not supported */
    TAG_TRIPLE,    /* {{{name}}}: not supported */
    TAG_PARTIAL,   /* {{>name}}: not supported */
    TAG_DELIMITER, /* {{=<% %>=}}: not supported */
    TAG_UNCLOSED   /* "{{" with no "}}" after it: the rest of the template */
} tag_kind;

/* One tag: where it is and the name inside it, whitespace trimmed. */
typedef struct tpl_tag {
    tag_kind kind;
    size_t start;     /* offset of "{{" */
    size_t end;       /* offset just past the closing braces */
    const char *name; /* after the sigil, trimmed (points into the template) */
    size_t name_len;
} tpl_tag;

/* Whitespace trimmed inside braces: ASCII space, tab, line ends, FF, VT. */
static int is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
           c == '\v';
}

/* Names are ASCII, like the signature's identifiers. */
static int is_letter(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static int is_name_char(char c)
{
    return is_letter(c) || (c >= '0' && c <= '9') || c == '_' || c == '-';
}

/* Offset of the first occurrence of needle (nlen bytes) in s[from..len),
 * or len when there is none. */
static size_t find(const char *s, size_t len, size_t from, const char *needle,
                   size_t nlen)
{
    while (from < len && len - from >= nlen) {
        const char *hit = memchr(s + from, needle[0], len - from - nlen + 1);
        if (!hit) break;
        size_t at = (size_t)(hit - s);
        if (memcmp(hit, needle, nlen) == 0) return at;
        from = at + 1;
    }
    return len;
}

/* Narrows [*from, *to) of s to leave out whitespace at both ends. */
static void trim(const char *s, size_t *from, size_t *to)
{
    while (*from < *to && is_space(s[*from])) (*from)++;
    while (*to > *from && is_space(s[*to - 1])) (*to)--;
}

/*
 * Reads the next tag at or after pos. Returns 0 when the rest of the
 * template is plain text; otherwise 1 with *t filled.
 *
 *   tag     = "{{" , ws , [ sigil , ws ] , name , ws , "}}"
 *           | "{{{" , ws , name , ws , "}}" , ["}"]  (triple: not supported)
 *           | "{{!" , any text , "}}"              (comment)
 *   sigil   = "#" | "^" | "/" | "&" | ">" | "=" | "!"
 *
 * A tag ends at the first "}}" after its "{{" (a comment cannot hold "}}").
 * A "{{" without a "}}" after it is TAG_UNCLOSED and takes the rest of the
 * template, name being its first line.
 */
static int read_tag(const char *s, size_t len, size_t pos, tpl_tag *t)
{
    size_t open = find(s, len, pos, "{{", 2);
    if (open >= len) return 0;
    memset(t, 0, sizeof *t);
    t->start = open;
    size_t from = open + 2, to, close;
    if (from < len && s[from] == '{') {
        /* Ends at the first "}}", with one more "}" when there is one (a
         * search for "}}}" could read to the end once per tag). */
        t->kind = TAG_TRIPLE;
        from++;
        close = find(s, len, from, "}}", 2);
        t->end = close + 2;
        if (close < len && t->end < len && s[t->end] == '}') t->end++;
    } else {
        close = find(s, len, from, "}}", 2);
        t->end = close + 2;
    }
    if (close >= len) {
        t->kind = TAG_UNCLOSED;
        t->end = len;
        from = open + 2;
        to = from;
        while (to < len && s[to] != '\n') to++;
        trim(s, &from, &to);
        t->name = s + from;
        t->name_len = to - from;
        return 1;
    }
    to = close;
    trim(s, &from, &to);
    if (t->kind != TAG_TRIPLE) {
        t->kind = TAG_NAME;
        if (from < to) {
            switch (s[from]) {
            case '#': t->kind = TAG_SECTION; break;
            case '^': t->kind = TAG_INVERTED; break;
            case '/': t->kind = TAG_CLOSE; break;
            case '!': t->kind = TAG_COMMENT; break;
            case '&': t->kind = TAG_AMPERSAND; break;
            case '>': t->kind = TAG_PARTIAL; break;
            case '=': t->kind = TAG_DELIMITER; break;
            default: break;
            }
            if (t->kind != TAG_NAME) {
                from++;
                trim(s, &from, &to);
            } else if (to - from == 1 && s[from] == '.') {
                t->kind = TAG_DOT;
            }
        }
    }
    t->name = s + from;
    t->name_len = to - from;
    return 1;
}

/* The sigil written before a tag's name ("" for plain names). */
static const char *tag_sigil(tag_kind kind)
{
    switch (kind) {
    case TAG_SECTION: return "#";
    case TAG_INVERTED: return "^";
    case TAG_CLOSE: return "/";
    case TAG_COMMENT: return "!";
    case TAG_AMPERSAND: return "&";
    case TAG_TRIPLE: return "{";
    case TAG_PARTIAL: return ">";
    case TAG_DELIMITER: return "=";
    default: return "";
    }
}

/*
 * Appends template text for a message: at most max code points, then "…";
 * invalid UTF-8 becomes U+FFFD and control characters their escapes ("\n",
 * "\u0000"), so a message is always one line of valid UTF-8.
 */
static void put_echo(tsig_strbuf *sb, const char *s, size_t len, size_t max)
{
    static const char hex[] = "0123456789abcdef";
    size_t i = 0, cps = 0;
    while (i < len) {
        if (cps == max) {
            tsig_sb_puts(sb, "\xE2\x80\xA6");
            return;
        }
        unsigned char c = (unsigned char)s[i];
        size_t n = tsig_utf8_seq((const unsigned char *)s + i, len - i);
        if (n == 0) {
            tsig_sb_puts(sb, "\xEF\xBF\xBD");
            n = 1;
        } else if (c == '\n') {
            tsig_sb_puts(sb, "\\n");
        } else if (c == '\t') {
            tsig_sb_puts(sb, "\\t");
        } else if (c == '\r') {
            tsig_sb_puts(sb, "\\r");
        } else if (c < 0x20 || c == 0x7F) {
            char u[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
            tsig_sb_append(sb, u, 6);
        } else {
            tsig_sb_append(sb, s + i, n);
        }
        i += n;
        cps++;
    }
}

/*
 * Appends a tag's placeholder as results show it: the sigil and the name
 * without the whitespace around them ("#items", "&topic", "{x}" for a
 * triple, "." for the element; an unclosed tag's first line).
 */
static void put_placeholder(tsig_strbuf *sb, const tpl_tag *t)
{
    tsig_sb_puts(sb, tag_sigil(t->kind));
    if (t->kind == TAG_DOT) tsig_sb_putc(sb, '.');
    else put_echo(sb, t->name, t->name_len, ECHO_MAX);
    if (t->kind == TAG_TRIPLE) tsig_sb_putc(sb, '}');
}

/* ------------------------------------------------------------------------
 * Names and types
 * --------------------------------------------------------------------- */

/*
 * Checks the spelling of a name (SPEC §8): dot-separated segments, each a
 * letter then letters, digits, "_" or "-". Returns 1 when well formed;
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
        if (!is_letter(s[i])) {
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
        while (i < len && is_name_char(s[i])) i++;
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

/* The type under any number of "?". */
static const tsig_type *strip_optional(const tsig_type *t)
{
    while (t && t->kind == TSIG_OPTIONAL) t = t->elem;
    return t;
}

/* The field of fields[0..count) named s[0..len) after "-" -> "_", or NULL. */
static const tsig_field *find_field(const tsig_field *fields, size_t count,
                                    const char *s, size_t len)
{
    for (size_t i = 0; i < count; i++) {
        if (tsig_key_equal_norm(fields[i].name, fields[i].name_len, s, len))
            return &fields[i];
    }
    return NULL;
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
        put_echo(sb, fields[i].name, fields[i].name_len, ECHO_MAX);
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
                dup = tsig_key_equal_norm(shown[j]->name, shown[j]->name_len,
                                          f->name, f->name_len);
            if (dup) continue;
            if (count == LIST_MAX) {
                more = 1;
                break;
            }
            if (count) tsig_sb_puts(sb, ", ");
            put_echo(sb, f->name, f->name_len, ECHO_MAX);
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

/* What {{.}} means in the innermost section that enters its value. */
typedef enum dot_rule {
    DOT_OK,        /* a list of scalars or :any: the element */
    DOT_ACCEPT,    /* the section itself is in error: say nothing more */
    DOT_MAPS,      /* a list of maps: write a field instead */
    DOT_MAP,       /* a map: write a field instead */
    DOT_LISTS,     /* a list of lists */
    DOT_SCALAR     /* an optional scalar: write the name itself */
} dot_rule;

/* One open section. */
typedef struct section {
    tag_kind kind;         /* TAG_SECTION or TAG_INVERTED */
    const char *name;      /* as written, trimmed */
    size_t name_len;
    size_t offset;         /* of the opening "{{" */
    int enters;            /* names inside resolve against its value first */
    int open;              /* every name resolves here (:map, :any, unknown) */
    /* What names may be fields of: a typed map, or a union whose typed
     * maps (or, with elements set, lists of typed maps) are looked into. */
    const tsig_type *scope;
    int elements;
    int bad_name;          /* its name was reported as malformed */
    dot_rule dot;
} section;

/* Walks the sections from the innermost out and then the parameters. */
typedef struct scopes {
    const tsig_signature *sig;
    section stack[TSIG_TEMPLATE_MAX_DEPTH];
    size_t depth;
} scopes;

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
                put_echo(why, name, seg_end, ECHO_MAX);
                tsig_sb_puts(why, " has no field ");
                put_echo(why, name + seg, end - seg, ECHO_MAX);
                tsig_sb_puts(why, " (fields: ");
                put_scope_fields(why, t, 0);
                tsig_sb_putc(why, ')');
            } else {
                put_echo(why, name, seg_end, ECHO_MAX);
                tsig_sb_puts(why, " is ");
                put_kind(why, t);
                tsig_sb_puts(why, " and has no fields");
            }
            tsig_sb_release(&best_why);
            return 0;
        }
        if (t->kind != TSIG_RECORD) {
            *fail_at = end;
            put_echo(why, name, seg_end, ECHO_MAX);
            tsig_sb_puts(why, " is ");
            put_kind(why, t);
            tsig_sb_puts(why, " and has no fields");
            if (t->kind == TSIG_LIST) {
                tsig_sb_puts(why, " (go through its elements with {{#");
                put_echo(why, name, seg_end, ECHO_MAX);
                tsig_sb_puts(why, "}}\xE2\x80\xA6{{/");
                put_echo(why, name, seg_end, ECHO_MAX);
                tsig_sb_puts(why, "}})");
            }
            return 0;
        }
        const tsig_field *f =
            find_field(t->fields, t->field_count, name + seg, end - seg);
        if (f) {
            type = f->type;
        } else if (t->extra) {
            type = t->extra;
        } else {
            *fail_at = end;
            put_echo(why, name, seg_end, ECHO_MAX);
            tsig_sb_puts(why, " has no field ");
            put_echo(why, name + seg, end - seg, ECHO_MAX);
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
static int resolve_in_scope(const section *s, const char *name, size_t len,
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
        const tsig_field *f = find_field(r->fields, r->field_count, name, first);
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
static int resolve_name(const scopes *sc, const char *name, size_t len,
                        const tsig_type **out, tsig_strbuf *why)
{
    size_t first = 0;
    while (first < len && name[first] != '.') first++;
    int saw_record = 0;
    for (size_t i = sc->depth; i-- > 0;) {
        const section *s = &sc->stack[i];
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
        find_field(sc->sig->params, sc->sig->param_count, name, first);
    if (p) return resolve_rest(p->type, name, len, first, out, why);

    tsig_sb_puts(why, saw_record ? "no field or parameter " : "no parameter ");
    put_echo(why, name, first, ECHO_MAX);
    tsig_sb_puts(why, " (");
    for (size_t i = sc->depth; i-- > 0;) {
        const section *s = &sc->stack[i];
        if (!s->enters || !s->scope) continue;
        tsig_sb_puts(why, "fields of ");
        put_echo(why, s->name, s->name_len, ECHO_MAX);
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
static int enter_kind(section *s, const tsig_type *u)
{
    switch (u->kind) {
    case TSIG_LIST: {
        const tsig_type *e = strip_optional(u->elem);
        if (e->kind == TSIG_RECORD) {
            s->scope = e;
            s->dot = DOT_MAPS;
        } else if (e->kind == TSIG_MAP) {
            s->open = 1;
            s->dot = DOT_MAPS;
        } else if (e->kind == TSIG_ANY) {
            s->open = 1;
        } else if (e->kind == TSIG_LIST) {
            s->dot = DOT_LISTS;
        } else if (e->kind == TSIG_UNION) {
            /* A list of a union: the element is each member in turn. */
            if (has_fields(e)) {
                s->scope = e;
                s->dot = DOT_MAPS;
                for (size_t i = 0; i < e->member_count; i++) {
                    const tsig_type *m = strip_optional(e->members[i]);
                    if (m->kind == TSIG_MAP || m->kind == TSIG_ANY) s->open = 1;
                    if (m->kind != TSIG_RECORD && m->kind != TSIG_MAP &&
                        m->kind != TSIG_LIST) s->dot = DOT_OK;
                }
            }
        }
        return 1;
    }
    case TSIG_RECORD:
        s->scope = u;
        s->dot = DOT_MAP;
        return 1;
    case TSIG_MAP:
        s->open = 1;
        s->dot = DOT_MAP;
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
static int enter_union(section *s, const tsig_type *u)
{
    int any = 0, holders = 0;
    dot_rule dot = DOT_ACCEPT;
    int enters = s->enters;
    for (size_t i = 0; i < u->member_count; i++) {
        section m = *s;
        m.enters = enters;
        m.open = 0;
        m.scope = NULL;
        m.dot = DOT_OK;
        if (!enter_kind(&m, strip_optional(u->members[i]))) continue;
        if (!any || m.dot == DOT_OK) dot = m.dot;
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
static int enter_section(section *s, const tsig_type *t, tsig_strbuf *why)
{
    int inverted = s->kind == TAG_INVERTED;
    s->enters = !inverted;
    s->open = 0;
    s->scope = NULL;
    s->elements = 0;
    s->dot = DOT_OK;
    if (!t) {
        s->open = 1;
        return 1;
    }
    const tsig_type *u = strip_optional(t);
    int optional = u != t;
    int entered = u->kind == TSIG_UNION ? enter_union(s, u) : enter_kind(s, u);
    if (entered) return 1;
    if (optional) {
        s->dot = DOT_SCALAR;
        return 1;
    }
    put_echo(why, s->name, s->name_len, ECHO_MAX);
    tsig_sb_puts(why, " is ");
    put_kind(why, u);
    tsig_sb_puts(why, "; a section needs a list, a map, a bool or an "
                      "optional value");
    s->dot = DOT_ACCEPT;
    return 0;
}

/*
 * How a section's scope owns the first segment name[0..first): 1 when a
 * typed map of it declares the field, 2 when only a "* T" entry takes it
 * (the data decides, as for :map), 0 when it does not.
 */
static int scope_owns(const section *s, const char *name, size_t first)
{
    const tsig_type *scope = strip_optional(s->scope);
    size_t count = scope->kind == TSIG_UNION ? scope->member_count : 1;
    int owns = 0;
    for (size_t i = 0; i < count; i++) {
        const tsig_type *r = scope->kind == TSIG_UNION
                                 ? member_record(scope->members[i], s->elements)
                                 : scope;
        if (!r) continue;
        if (find_field(r->fields, r->field_count, name, first)) return 1;
        if (r->extra) owns = 2;
    }
    return owns;
}

/* The first typed map of a scope, for a hint; NULL when there is none. */
static const tsig_type *first_record(const section *s)
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
static int check_dot(const scopes *sc, tsig_strbuf *why)
{
    const section *s = NULL;
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
    case DOT_OK:
    case DOT_ACCEPT:
        return 1;
    case DOT_MAPS:
    case DOT_MAP:
        tsig_sb_puts(why, s->dot == DOT_MAPS ? "the elements of " : "");
        put_echo(why, s->name, s->name_len, ECHO_MAX);
        tsig_sb_puts(why, s->dot == DOT_MAPS ? " are maps" : " is a map");
        const tsig_type *r = first_record(s);
        if (r && r->field_count) {
            tsig_sb_puts(why, "; write one of the fields, e.g. {{");
            put_echo(why, r->fields[0].name, r->fields[0].name_len, ECHO_MAX);
            tsig_sb_puts(why, "}}");
        } else {
            tsig_sb_puts(why, "; write {{key}} for one of the keys");
        }
        return 0;
    case DOT_LISTS:
        tsig_sb_puts(why, "the elements of ");
        put_echo(why, s->name, s->name_len, ECHO_MAX);
        tsig_sb_puts(why, " are lists, not scalars");
        return 0;
    case DOT_SCALAR:
        put_echo(why, s->name, s->name_len, ECHO_MAX);
        tsig_sb_puts(why, " is not a list; write {{");
        put_echo(why, s->name, s->name_len, ECHO_MAX);
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
    scopes sc;
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
static void report(checker *c, const tpl_tag *t, enum report_reason reason)
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
    if (t->kind != TAG_UNCLOSED) tsig_sb_puts(&text, "}}");
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
static void report_unclosed(checker *c, const section *s, const char *before,
                            size_t before_len)
{
    tpl_tag t = {0};
    t.kind = s->kind;
    t.start = s->offset;
    t.name = s->name;
    t.name_len = s->name_len;
    tsig_sb_puts(&c->why, "section is not closed; write {{/");
    put_echo(&c->why, s->name, s->name_len, ECHO_MAX);
    tsig_sb_puts(&c->why, "}}");
    if (before) {
        tsig_sb_puts(&c->why, " before {{/");
        put_echo(&c->why, before, before_len, ECHO_MAX);
        tsig_sb_puts(&c->why, "}}");
    }
    report(c, &t, REASON_STRUCTURE);
}

/* {{name}}: a value. */
static void check_variable(checker *c, const tpl_tag *t)
{
    if (!check_name_syntax(t->name, t->name_len, &c->why)) {
        report(c, t, REASON_TAG);
        return;
    }
    add_name(c, t->name, t->name_len);
    const tsig_type *type;
    if (!resolve_name(&c->sc, t->name, t->name_len, &type, &c->why))
        report(c, t, REASON_TAG);
}

/* {{#name}} / {{^name}}: opens a section. Returns 0 when sections nest too
 * deep (checking stops there). */
static int check_open(checker *c, const tpl_tag *t)
{
    if (c->sc.depth == TSIG_TEMPLATE_MAX_DEPTH) {
        tsig_sb_printf(&c->why, "sections nested deeper than %d",
                       TSIG_TEMPLATE_MAX_DEPTH);
        report(c, t, REASON_STRUCTURE);
        return 0;
    }
    section *s = &c->sc.stack[c->sc.depth];
    memset(s, 0, sizeof *s);
    s->kind = t->kind;
    s->name = t->name;
    s->name_len = t->name_len;
    s->offset = t->start;
    const tsig_type *type = NULL;
    if (!check_name_syntax(t->name, t->name_len, &c->why)) {
        report(c, t, REASON_TAG);
        enter_section(s, NULL, &c->why);
        s->dot = DOT_ACCEPT;
        s->bad_name = 1;
    } else {
        add_name(c, t->name, t->name_len);
        if (!resolve_name(&c->sc, t->name, t->name_len, &type, &c->why)) {
            report(c, t, REASON_TAG);
            enter_section(s, NULL, &c->why);
            s->dot = DOT_ACCEPT;
        } else if (!enter_section(s, type, &c->why)) {
            report(c, t, REASON_TAG);
        }
    }
    c->sc.depth++;
    return 1;
}

/* {{/name}}: closes the innermost section, or reports why it cannot. */
static void check_close(checker *c, const tpl_tag *t)
{
    size_t match = c->sc.depth;
    if (!check_name_syntax(t->name, t->name_len, &c->why)) {
        /* The same malformed name as an open section closes it: that one
         * mistake was reported at the opening tag, and is not reported
         * again as a bad closing tag and an unclosed section. */
        c->why.len = 0;
        for (size_t i = c->sc.depth; i-- > 0;) {
            const section *s = &c->sc.stack[i];
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
        const section *s = &c->sc.stack[i];
        if (tsig_key_equal_norm(s->name, s->name_len, t->name, t->name_len))
            match = i;
    }
    if (match == c->sc.depth) {
        if (c->sc.depth == 0) {
            tsig_sb_puts(&c->why, "closes a section that is not open; open "
                                  "it first with {{#");
            put_echo(&c->why, t->name, t->name_len, ECHO_MAX);
            tsig_sb_puts(&c->why, "}}");
        } else {
            const section *in = &c->sc.stack[c->sc.depth - 1];
            tsig_sb_puts(&c->why, "closes a section that is not open; the "
                                  "open section is {{");
            tsig_sb_puts(&c->why, tag_sigil(in->kind));
            put_echo(&c->why, in->name, in->name_len, ECHO_MAX);
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
static int check_tag(checker *c, const tpl_tag *t)
{
    switch (t->kind) {
    case TAG_NAME:
        check_variable(c, t);
        return 1;
    case TAG_DOT:
        if (!check_dot(&c->sc, &c->why)) report(c, t, REASON_TAG);
        return 1;
    case TAG_SECTION:
    case TAG_INVERTED:
        return check_open(c, t);
    case TAG_CLOSE:
        check_close(c, t);
        return 1;
    case TAG_COMMENT:
        return 1;
    case TAG_AMPERSAND:
    case TAG_TRIPLE:
        tsig_sb_puts(&c->why, t->kind == TAG_TRIPLE
                                  ? "triple braces (unescaped output) are not "
                                    "supported; write {{"
                                  : "\"&\" (unescaped output) is not supported; "
                                    "write {{");
        put_echo(&c->why, t->name, t->name_len, ECHO_MAX);
        tsig_sb_puts(&c->why, "}} (values are never HTML-escaped)");
        report(c, t, REASON_TAG);
        return 1;
    case TAG_PARTIAL:
        tsig_sb_puts(&c->why, "partials are not supported");
        report(c, t, REASON_TAG);
        return 1;
    case TAG_DELIMITER:
        tsig_sb_puts(&c->why, "changing the delimiters is not supported");
        report(c, t, REASON_TAG);
        return 1;
    case TAG_UNCLOSED:
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
    tpl_tag t;
    while (going && !c->nomem && read_tag(c->tpl, len, pos, &t)) {
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

/* ------------------------------------------------------------------------
 * Rendering (tsig_render_template)
 *
 * Choices where SPEC §8 only names the syntax:
 *   - falsy is exactly what the spec lists for inverted sections: absent,
 *     null, false, []. "" and 0 are values ({{#note}} renders for ""), and
 *     {} is a map (its section renders once);
 *   - nothing is escaped: prompts are not HTML, so "<", "&" and quotes
 *     reach the model as the arguments hold them;
 *   - a value that is a list or map is written as compact JSON, numbers
 *     and strings exactly as in the arguments text, keys starting with "_"
 *     (after "-" -> "_") left out at every depth;
 *   - a name resolves as the check resolved it (see lookup), so a
 *     template renders the values the check promised;
 *   - work is bounded: TSIG_TEMPLATE_MAX_STEPS tag visits (nested sections
 *     multiply) and max_len bytes of output, checked before each append
 *     allocates.
 * --------------------------------------------------------------------- */

/* One tag of a checked template and the text around it. */
typedef struct rtag {
    tpl_tag t;
    size_t before; /* the text before the tag ends here */
    size_t after;  /* the text after the tag starts here */
    size_t match;  /* a section: the index of its closing tag */
} rtag;

/*
 * The state of one rendering. The arguments are a tree read by json.c
 * (tsig_json_tree, strings and keys as written). sc.stack[i] is the i-th
 * open section, as the check classified it; elem[i] is the value it
 * entered (NULL for one that entered nothing), so a name resolves over
 * both at once.
 */
typedef struct renderer {
    const char *tpl;
    size_t len;
    rtag *tags;
    size_t tag_count;
    cJSON *args;
    scopes sc;                                  /* the sections being rendered */
    const cJSON *elem[TSIG_TEMPLATE_MAX_DEPTH]; /* the value each one entered */
    tsig_strbuf out;
    char *scratch;                              /* decoded keys and strings */
    size_t scratch_cap;
    const cJSON **open;                         /* compact JSON writer stack */
    size_t open_cap;
    size_t steps;
    tsig_code code; /* TSIG_OK until a limit or memory stops rendering */
    /* Maps with more than MEMBER_SCAN keys, indexed on their first lookup
     * (member): their keys, decoded, and a table of the maps by node. */
    struct member_key { const cJSON *node; size_t at, len; int pooled; } *mkeys;
    size_t mkey_count, mkey_cap;
    tsig_strbuf mpool;                          /* the decoded escaped keys */
    struct member_index { const cJSON *obj; tsig_table exact, alike; } *mindex;
    size_t mindex_count, mindex_cap;
    tsig_table mindex_of;                       /* entry: index in mindex */
    int mindex_began;
} renderer;

/* 1 for the tags that write nothing (and so may stand alone on a line). */
static int writes_nothing(tag_kind kind)
{
    return kind == TAG_SECTION || kind == TAG_INVERTED || kind == TAG_CLOSE ||
           kind == TAG_COMMENT;
}

/*
 * A standalone tag (Mustache): a section, inverted section, close or
 * comment tag alone on its line, with only spaces and tabs around it. The
 * whole line goes with it, its line end included, so that
 *
 *   Items:
 *   {{#items}}
 *   - {{name}}
 *   {{/items}}
 *
 * writes one "- name" line per item and no blank lines. prev_after is
 * where the text after the previous tag starts. Sets rt->before and
 * rt->after.
 */
static void mark_standalone(const char *s, size_t len, size_t prev_after, rtag *rt)
{
    rt->before = rt->t.start;
    rt->after = rt->t.end;
    if (!writes_nothing(rt->t.kind)) return;
    size_t from = rt->t.start;
    while (from > prev_after && (s[from - 1] == ' ' || s[from - 1] == '\t')) from--;
    if (from > 0 && s[from - 1] != '\n') return;
    size_t to = rt->t.end;
    while (to < len && (s[to] == ' ' || s[to] == '\t')) to++;
    if (to < len && s[to] == '\n') {
        to++;
    } else if (to + 1 < len && s[to] == '\r' && s[to + 1] == '\n') {
        to += 2;
    } else if (to < len) {
        return;
    }
    rt->before = from;
    rt->after = to;
}

/*
 * Reads every tag of a checked template into r->tags, standalone lines
 * marked and each section matched with its closing tag. Returns 0 when
 * out of memory (r->code set).
 */
static int read_all_tags(renderer *r)
{
    size_t cap = 0, pos = 0, prev_after = 0;
    size_t open[TSIG_TEMPLATE_MAX_DEPTH];
    size_t depth = 0;
    tpl_tag t;
    while (read_tag(r->tpl, r->len, pos, &t)) {
        if (r->tag_count == cap) {
            cap = cap ? cap * 2 : 32;
            rtag *grown = cap > (size_t)-1 / sizeof *grown
                              ? NULL
                              : realloc(r->tags, cap * sizeof *grown);
            if (!grown) {
                r->code = TSIG_ERR_NOMEM;
                return 0;
            }
            r->tags = grown;
        }
        rtag *rt = &r->tags[r->tag_count];
        rt->t = t;
        rt->match = 0;
        mark_standalone(r->tpl, r->len, prev_after, rt);
        if (t.kind == TAG_SECTION || t.kind == TAG_INVERTED) {
            if (depth == TSIG_TEMPLATE_MAX_DEPTH) {
                r->code = TSIG_ERR_TEMPLATE; /* the check let it pass: never */
                return 0;
            }
            open[depth++] = r->tag_count;
        } else if (t.kind == TAG_CLOSE && depth > 0) {
            r->tags[open[--depth]].match = r->tag_count;
        }
        prev_after = rt->after;
        pos = t.end;
        r->tag_count++;
    }
    return 1;
}

/*
 * The bytes of a string or key of the arguments, given as written: the
 * text itself when it holds no escapes, else its decoded form in
 * r->scratch (valid until the next call). NULL when out of memory.
 */
static const char *decode(renderer *r, const char *raw, size_t len, int escaped,
                          size_t *out_len)
{
    *out_len = len;
    if (!escaped) return raw;
    if (len > r->scratch_cap) {
        char *grown = realloc(r->scratch, len);
        if (!grown) {
            r->code = TSIG_ERR_NOMEM;
            return NULL;
        }
        r->scratch = grown;
        r->scratch_cap = len;
    }
    /* Decoding never lengthens: "\n" is 2 bytes for 1, "\u00e9" 6 for 2. */
    *out_len = tsig_json_unescape(raw, len, r->scratch);
    return r->scratch;
}

/* The decoded key of member n. NULL when out of memory. */
static const char *member_key(renderer *r, const cJSON *n, size_t *len)
{
    size_t raw_len = strlen(n->string);
    return decode(r, n->string, raw_len, memchr(n->string, '\\', raw_len) != NULL, len);
}

/* 1 iff the key of member n starts with "_" after "-" -> "_" (SPEC §7):
 * as written, a key starts with "_" or "-", or with an escape of either
 * ("\u005f", "\u002d"). */
static int key_firewalled(const cJSON *n)
{
    const char *k = n->string;
    if (k[0] == '_' || k[0] == '-') return 1;
    return k[0] == '\\' && k[1] == 'u' && k[2] == '0' && k[3] == '0' &&
           ((k[4] == '5' && (k[5] == 'f' || k[5] == 'F')) ||
            (k[4] == '2' && (k[5] == 'd' || k[5] == 'D')));
}

/* Maps with at most this many keys are scanned; larger ones are indexed
 * once, so that items x keys lookups stay linear. */
#define MEMBER_SCAN 8

/* tsig_table_key_of over the indexed keys: a key's decoded bytes. */
static const char *member_key_of(const void *ctx, size_t entry, size_t *len)
{
    const renderer *r = ctx;
    const struct member_key *k = &r->mkeys[entry];
    *len = k->len;
    return k->pooled ? r->mpool.data + k->at : k->node->string;
}

/* tsig_table_key_of over the indexed maps: the bytes of a map's address. */
static const char *member_obj_of(const void *ctx, size_t entry, size_t *len)
{
    *len = sizeof(const cJSON *);
    return (const char *)&((const renderer *)ctx)->mindex[entry].obj;
}

/* The index of the map obj (of more than MEMBER_SCAN keys), made on its
 * first lookup: its keys, exactly and after "-" -> "_" (the first key of
 * each spelling). NULL when out of memory (r->code set). */
static struct member_index *member_index(renderer *r, const cJSON *obj)
{
    const char *okey = (const char *)&obj;
    if (!r->mindex_began) {
        tsig_table_init(&r->mindex_of, 0, NULL, member_obj_of, r);
        r->mindex_began = 1;
    }
    size_t ohash = tsig_table_hash(&r->mindex_of, okey, sizeof obj);
    size_t found = tsig_table_find(&r->mindex_of, okey, sizeof obj, ohash);
    if (found == TSIG_TABLE_NOMEM) goto nomem;
    if (found != TSIG_TABLE_NONE) return &r->mindex[found];
    if (r->mindex_count == r->mindex_cap) {
        size_t cap = r->mindex_cap ? r->mindex_cap * 2 : 8;
        struct member_index *grown = realloc(r->mindex, cap * sizeof *grown);
        if (!grown) goto nomem;
        r->mindex = grown;
        r->mindex_cap = cap;
    }
    struct member_index *mi = &r->mindex[r->mindex_count++];
    mi->obj = obj;
    tsig_table_init(&mi->exact, 0, NULL, member_key_of, r);
    tsig_table_init(&mi->alike, 1, NULL, member_key_of, r);
    for (const cJSON *c = obj->child; c; c = c->next) {
        if (r->mkey_count == r->mkey_cap) {
            size_t cap = r->mkey_cap ? r->mkey_cap * 2 : 64;
            struct member_key *grown = realloc(r->mkeys, cap * sizeof *grown);
            if (!grown) goto nomem;
            r->mkeys = grown;
            r->mkey_cap = cap;
        }
        struct member_key *k = &r->mkeys[r->mkey_count];
        size_t raw_len = strlen(c->string);
        k->node = c;
        k->at = 0;
        k->len = raw_len;
        k->pooled = memchr(c->string, '\\', raw_len) != NULL;
        if (k->pooled) {
            size_t len;
            const char *key = decode(r, c->string, raw_len, 1, &len);
            if (!key) return NULL;
            k->at = r->mpool.len;
            k->len = len;
            tsig_sb_append(&r->mpool, key, len);
            if (r->mpool.failed) goto nomem;
        }
        size_t len;
        const char *key = member_key_of(r, r->mkey_count, &len);
        size_t entry = r->mkey_count++;
        if (tsig_table_add(&mi->exact, key, len, tsig_table_hash(&mi->exact, key, len),
                           entry) == TSIG_TABLE_NOMEM ||
            tsig_table_add(&mi->alike, key, len, tsig_table_hash(&mi->alike, key, len),
                           entry) == TSIG_TABLE_NOMEM)
            goto nomem;
    }
    if (tsig_table_add(&r->mindex_of, okey, sizeof obj, ohash, r->mindex_count - 1) ==
        TSIG_TABLE_NOMEM)
        goto nomem;
    return mi;
nomem:
    r->code = TSIG_ERR_NOMEM;
    return NULL;
}

/*
 * The value under the key seg[0..len) (compared after "-" -> "_") in the
 * map obj; NULL when obj is not a map or has no such key. The key spelled
 * exactly as the name wins over another spelling ("a-b" and "a_b" may both
 * be keys of a :map), then the first key alike. Firewalled keys need no
 * check here: no name can spell one (names start with a letter).
 */
static const cJSON *member(renderer *r, const cJSON *obj, const char *seg, size_t len)
{
    if (!obj || !cJSON_IsObject(obj)) return NULL;
    const cJSON *alike = NULL;
    size_t keys = 0;
    for (const cJSON *c = obj->child; c; c = c->next) {
        if (++keys > MEMBER_SCAN) {
            struct member_index *mi = member_index(r, obj);
            if (!mi) return NULL;
            size_t e = tsig_table_find(&mi->exact, seg, len, tsig_table_hash(&mi->exact, seg, len));
            if (e == TSIG_TABLE_NONE)
                e = tsig_table_find(&mi->alike, seg, len, tsig_table_hash(&mi->alike, seg, len));
            if (e == TSIG_TABLE_NOMEM) {
                r->code = TSIG_ERR_NOMEM;
                return NULL;
            }
            return e == TSIG_TABLE_NONE ? NULL : r->mkeys[e].node;
        }
        size_t key_len;
        const char *key = member_key(r, c, &key_len);
        if (!key) return NULL;
        if (!tsig_key_equal_norm(key, key_len, seg, len)) continue;
        if (memcmp(key, seg, len) == 0) return c;
        if (!alike) alike = c;
    }
    return alike;
}

/*
 * The value a well-formed name stands for, found as the check resolved it
 * (resolve_name): each section that entered a value, from the innermost
 * out, then the arguments. A section over a typed map owns the names of
 * its declared fields (absent or not in the data); a section over :map or
 * :any, or a typed map with "* T", owns the keys its value has (as in
 * Mustache, other names go on outward). The rest of the name walks into
 * maps. NULL when absent.
 */
static const cJSON *lookup(renderer *r, const char *name, size_t len)
{
    size_t first = 0;
    while (first < len && name[first] != '.') first++;
    const cJSON *v = NULL;
    int bound = 0;
    for (size_t i = r->sc.depth; i-- > 0 && !bound;) {
        const section *s = &r->sc.stack[i];
        if (!s->enters) continue;
        int owns = s->scope ? scope_owns(s, name, first) : 0;
        if (owns == 1) {
            v = member(r, r->elem[i], name, first);
            bound = 1;
        } else if (s->open || owns == 2) {
            v = member(r, r->elem[i], name, first);
            bound = v != NULL;
        }
    }
    if (!bound) {
        const tsig_signature *sig = r->sc.sig;
        if (!find_field(sig->params, sig->param_count, name, first)) return NULL;
        v = member(r, r->args, name, first);
    }
    for (size_t seg = first; seg < len && v;) {
        size_t end = ++seg;
        while (end < len && name[end] != '.') end++;
        v = member(r, v, name + seg, end - seg);
        seg = end;
    }
    return v;
}

/* Appends a string value: its decoded text, with any lone surrogate
 * ("\ud800" in the JSON) written as U+FFFD so the output stays UTF-8. */
static void put_string(renderer *r, const cJSON *n)
{
    size_t len;
    const char *s = decode(r, n->valuestring, strlen(n->valuestring), n->valueint, &len);
    if (!s) return;
    size_t run = 0;
    for (size_t i = 0; n->valueint && i + 2 < len; i++) {
        unsigned char c = (unsigned char)s[i], d = (unsigned char)s[i + 1];
        if (c == 0xED && d >= 0xA0) { /* WTF-8 of U+D800..U+DFFF */
            tsig_sb_append(&r->out, s + run, i - run);
            tsig_sb_puts(&r->out, "\xEF\xBF\xBD");
            i += 2;
            run = i + 1;
        }
    }
    tsig_sb_append(&r->out, s + run, len - run);
}

/* Appends the scalar n as JSON, as written in the arguments. */
static void put_json_scalar(renderer *r, const cJSON *n)
{
    if (cJSON_IsNull(n)) {
        tsig_sb_puts(&r->out, "null");
    } else if (cJSON_IsFalse(n)) {
        tsig_sb_puts(&r->out, "false");
    } else if (cJSON_IsTrue(n)) {
        tsig_sb_puts(&r->out, "true");
    } else if (cJSON_IsNumber(n)) {
        tsig_sb_puts(&r->out, n->valuestring);
    } else {
        tsig_sb_putc(&r->out, '"');
        tsig_sb_puts(&r->out, n->valuestring);
        tsig_sb_putc(&r->out, '"');
    }
}

/*
 * Appends the list or map v as compact JSON: strings, numbers and keys as
 * written in the arguments, firewalled keys (SPEC §7) left out at every
 * depth. Iterative: nesting costs no C stack.
 */
static void put_json(renderer *r, const cJSON *v)
{
    size_t depth = 0;
    const cJSON *n = v;
    for (;;) {
        if (depth > 0 && cJSON_IsObject(r->open[depth - 1]) && key_firewalled(n)) {
            n = n->next;
        } else {
            if (depth > 0) {
                char last = r->out.len ? r->out.data[r->out.len - 1] : '\0';
                if (last != '[' && last != '{') tsig_sb_putc(&r->out, ',');
                if (cJSON_IsObject(r->open[depth - 1])) {
                    tsig_sb_putc(&r->out, '"');
                    tsig_sb_puts(&r->out, n->string);
                    tsig_sb_append(&r->out, "\":", 2);
                }
            }
            if (!cJSON_IsArray(n) && !cJSON_IsObject(n)) {
                put_json_scalar(r, n);
                n = depth > 0 ? n->next : NULL;
            } else {
                if (depth == r->open_cap) {
                    size_t cap = r->open_cap ? r->open_cap * 2 : 16;
                    const cJSON **grown = realloc(r->open, cap * sizeof *grown);
                    if (!grown) {
                        r->code = TSIG_ERR_NOMEM;
                        return;
                    }
                    r->open = grown;
                    r->open_cap = cap;
                }
                r->open[depth++] = n;
                tsig_sb_putc(&r->out, cJSON_IsObject(n) ? '{' : '[');
                n = n->child;
            }
        }
        /* Close what ended. */
        while (!n && depth > 0) {
            const cJSON *closed = r->open[--depth];
            tsig_sb_putc(&r->out, cJSON_IsObject(closed) ? '}' : ']');
            n = depth > 0 ? closed->next : NULL;
        }
        if (!n) return;
    }
}

/*
 * Appends a value as prompt text: a string as it is (no escaping of any
 * kind: prompts are not HTML), a number as written, true/false, nothing
 * for null or an absent value, a list or map as compact JSON.
 */
static void put_value(renderer *r, const cJSON *n)
{
    if (!n || cJSON_IsNull(n)) return;
    if (cJSON_IsString(n)) {
        put_string(r, n);
    } else if (cJSON_IsArray(n) || cJSON_IsObject(n)) {
        put_json(r, n);
    } else {
        put_json_scalar(r, n);
    }
}

/* Counts one step of work; 0 (r->code set) once rendering is over a
 * limit or out of memory. */
static int step(renderer *r)
{
    if (r->code != TSIG_OK) return 0;
    if (r->out.failed) {
        r->code = r->out.over ? TSIG_ERR_TOO_LARGE : TSIG_ERR_NOMEM;
        return 0;
    }
    if (++r->steps > TSIG_TEMPLATE_MAX_STEPS || r->out.len > TSIG_MAX_INPUT) {
        r->code = TSIG_ERR_TOO_LARGE;
        return 0;
    }
    return 1;
}

static void render_range(renderer *r, size_t first, size_t last, size_t from,
                         size_t to);

/*
 * Renders the section whose opening tag is r->tags[at] (SPEC §8 semantics,
 * as Mustache): {{#x}} renders its body once per element of a non-empty
 * list (entering each), once for a map (entering it), and once for any
 * other value that is present and not null or false; {{^x}} renders it
 * once exactly when {{#x}} would not (absent, null, false, empty list).
 */
static void render_section(renderer *r, size_t at)
{
    const rtag *open = &r->tags[at];
    const rtag *close = &r->tags[open->match];
    section *s = &r->sc.stack[r->sc.depth];
    memset(s, 0, sizeof *s);
    s->kind = open->t.kind;
    s->name = open->t.name;
    s->name_len = open->t.name_len;
    s->offset = open->t.start;
    const tsig_type *type = NULL;
    tsig_strbuf unused = {0};
    if (resolve_name(&r->sc, open->t.name, open->t.name_len, &type, &unused))
        enter_section(s, type, &unused);
    tsig_sb_release(&unused);

    const cJSON *n = lookup(r, open->t.name, open->t.name_len);
    int truthy = n && !cJSON_IsNull(n) && !cJSON_IsFalse(n) &&
                 !(cJSON_IsArray(n) && !n->child);
    size_t depth = r->sc.depth++;
    if (s->kind == TAG_INVERTED) {
        r->elem[depth] = NULL;
        if (!truthy) render_range(r, at + 1, open->match, open->after, close->before);
    } else if (truthy && cJSON_IsArray(n)) {
        for (const cJSON *c = n->child; c && step(r); c = c->next) {
            r->elem[depth] = c;
            render_range(r, at + 1, open->match, open->after, close->before);
        }
    } else if (truthy) {
        r->elem[depth] = n;
        render_range(r, at + 1, open->match, open->after, close->before);
    }
    r->sc.depth--;
}

/*
 * Renders the template text tpl[from..to) holding the tags
 * r->tags[first..last): text as it is, every tag replaced by what it
 * stands for. Recursion follows section nesting (at most
 * TSIG_TEMPLATE_MAX_DEPTH).
 */
static void render_range(renderer *r, size_t first, size_t last, size_t from,
                         size_t to)
{
    size_t pos = from;
    for (size_t i = first; i < last && step(r);) {
        const rtag *rt = &r->tags[i];
        tsig_sb_append(&r->out, r->tpl + pos, rt->before - pos);
        if (rt->t.kind == TAG_NAME) {
            put_value(r, lookup(r, rt->t.name, rt->t.name_len));
        } else if (rt->t.kind == TAG_DOT) {
            /* The value of the innermost section that entered one. */
            for (size_t d = r->sc.depth; d-- > 0;) {
                if (r->sc.stack[d].enters) {
                    put_value(r, r->elem[d]);
                    break;
                }
            }
        } else if (rt->t.kind == TAG_SECTION || rt->t.kind == TAG_INVERTED) {
            render_section(r, i);
            i = rt->match; /* go on after the closing tag */
            rt = &r->tags[i];
        }
        pos = rt->after;
        i++;
    }
    if (r->code == TSIG_OK) tsig_sb_append(&r->out, r->tpl + pos, to - pos);
}

/* Fills *err from the first error of a failed check: the template text,
 * its position, and how many more there are. */
static void template_error(const tsig_placeholders *res, const char *tpl,
                           size_t len, tsig_error *err)
{
    const tsig_placeholder_error *e = &res->errors[0];
    tsig_error_set(err, TSIG_ERR_TEMPLATE, tpl, len, e->offset, "%s", e->message);
    if (res->error_count > 1) {
        char hint[96];
        tsig_snprintf(hint, sizeof hint,
                      "%zu more placeholder error%s: tsig_check_placeholders lists them",
                      res->error_count - 1, res->error_count > 2 ? "s" : "");
        tsig_error_hint(err, hint);
    }
}

/*
 * Three steps: the template is checked (a template that does not check is
 * never half rendered), the arguments are read into a tree (json.c, one
 * pass, strings as written), and the tags are rendered in order with the sections
 * repeated as their values say. Every buffer is released here, whatever
 * the outcome.
 */
tsig_code tsig_render_template(const char *tpl, size_t tpl_len,
                               const tsig_signature *sig, const char *args_json,
                               size_t args_len, char **out, size_t *out_len,
                               tsig_error *err)
{
    return tsig_render_template_max(tpl, tpl_len, sig, args_json, args_len, 0,
                                    out, out_len, err);
}

tsig_code tsig_render_template_max(const char *tpl, size_t tpl_len,
                                   const tsig_signature *sig,
                                   const char *args_json, size_t args_len,
                                   size_t max_len, char **out, size_t *out_len,
                                   tsig_error *err)
{
    if (max_len == 0) max_len = TSIG_TEMPLATE_MAX_OUTPUT;
    if (max_len > TSIG_MAX_INPUT) max_len = TSIG_MAX_INPUT;
    if (out) *out = NULL;
    if (out_len) *out_len = 0;
    if (!err) return TSIG_ERR_ARGUMENT;
    memset(err, 0, sizeof *err);
    if (!out || !sig || (!tpl && tpl_len) || (!args_json && args_len)) {
        tsig_error_set(err, TSIG_ERR_ARGUMENT, "", 0, 0,
                       "tsig_render_template: %s is NULL",
                       !out ? "out" : !sig ? "sig" : !args_json ? "args_json" : "tpl");
        return TSIG_ERR_ARGUMENT;
    }
    if (tpl_len > TSIG_MAX_INPUT || args_len > TSIG_MAX_INPUT) {
        tsig_error_set(err, TSIG_ERR_TOO_LARGE, "", 0, 0,
                       "%s larger than %zu bytes",
                       tpl_len > TSIG_MAX_INPUT ? "template" : "arguments",
                       TSIG_MAX_INPUT);
        return TSIG_ERR_TOO_LARGE;
    }
    if (!tpl) tpl = "";

    /* Only a template whose every placeholder checks is filled. */
    tsig_placeholders checked;
    tsig_code code = tsig_check_placeholders(tpl, tpl_len, sig, &checked);
    if (code == TSIG_OK && !checked.ok) {
        template_error(&checked, tpl, tpl_len, err);
        code = TSIG_ERR_TEMPLATE;
    } else if (code == TSIG_ERR_NOMEM) {
        tsig_error_set(err, code, "", 0, 0, "out of memory");
    }
    tsig_placeholders_free(&checked);
    if (code != TSIG_OK) return code;

    renderer *r = calloc(1, sizeof *r);
    if (!r) {
        tsig_error_set(err, TSIG_ERR_NOMEM, "", 0, 0, "out of memory");
        return TSIG_ERR_NOMEM;
    }
    r->tpl = tpl;
    r->len = tpl_len;
    r->sc.sig = sig;
    /* Every append is checked against the bound before it allocates. */
    r->out.max = max_len;
    tsig_json_tree_options o = {TSIG_MAX_DEPTH_LIMIT, TSIG_TREE_AS_WRITTEN, NULL, NULL, NULL};
    r->args = tsig_json_tree(args_json, args_len, &o, err);
    if (!r->args) {
        code = err->code;
    } else if (!cJSON_IsObject(r->args)) {
        const cJSON *root = r->args;
        const char *got = cJSON_IsNull(root) ? "nil"
                        : cJSON_IsString(root) ? "string"
                        : cJSON_IsArray(root) ? "list"
                        : !cJSON_IsNumber(root) ? "bool"
                        : root->valueint ? "int" : "float";
        /* The root is the first value after a byte-order mark and space. */
        tsig_json j;
        tsig_json_init(&j, args_json, args_len, 1, err);
        tsig_json_skip_ws(&j);
        code = TSIG_ERR_ARGUMENT;
        tsig_error_set(err, code, args_json, args_len, j.pos,
                       "arguments must be a map, got %s", got);
    } else if (read_all_tags(r)) {
        render_range(r, 0, r->tag_count, 0, tpl_len);
        if (r->code == TSIG_OK && r->out.failed)
            r->code = r->out.over ? TSIG_ERR_TOO_LARGE : TSIG_ERR_NOMEM;
        if (r->code == TSIG_OK && r->out.len > TSIG_MAX_INPUT) r->code = TSIG_ERR_TOO_LARGE;
        code = r->code;
    } else {
        code = r->code;
        if (code == TSIG_ERR_TEMPLATE)
            tsig_error_set(err, code, tpl, tpl_len, 0, "sections nest too deep");
    }
    if (code == TSIG_OK) {
        *out = tsig_sb_finish(&r->out, out_len);
        if (!*out) code = TSIG_ERR_NOMEM;
    }
    if (code == TSIG_ERR_NOMEM) {
        tsig_error_set(err, code, "", 0, 0, "out of memory");
    } else if (code == TSIG_ERR_TOO_LARGE && r->out.over) {
        tsig_error_set(err, code, "", 0, 0,
                       "the rendered prompt is longer than %zu bytes", max_len);
    } else if (code == TSIG_ERR_TOO_LARGE) {
        tsig_error_set(err, code, "", 0, 0,
                       "the rendered prompt is too large (over %zu steps of "
                       "sections)", TSIG_TEMPLATE_MAX_STEPS);
    }
    tsig_sb_release(&r->out);
    cJSON_Delete(r->args);
    free(r->tags);
    free(r->scratch);
    free(r->open);
    for (size_t i = 0; i < r->mindex_count; i++) {
        tsig_table_release(&r->mindex[i].exact);
        tsig_table_release(&r->mindex[i].alike);
    }
    free(r->mindex);
    if (r->mindex_began) tsig_table_release(&r->mindex_of);
    free(r->mkeys);
    tsig_sb_release(&r->mpool);
    free(r);
    return code;
}
