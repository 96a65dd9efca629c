/*
 * template_tags.c: reading the tags of a prompt template (SPEC §8), for
 * both the check (template_check.c) and the rendering (template_render.c),
 * so what the check accepts is exactly what the rendering reads.
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
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

/* Whitespace trimmed inside braces: ASCII space, tab, line ends, FF, VT. */
static int is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
           c == '\v';
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
 * A "{{" without a "}}" after it is TSIG_TAG_UNCLOSED and takes the rest of the
 * template, name being its first line.
 */
int tsig_tpl_read_tag(const char *s, size_t len, size_t pos, tsig_tpl_tag *t)
{
    size_t open = find(s, len, pos, "{{", 2);
    if (open >= len) return 0;
    memset(t, 0, sizeof *t);
    t->start = open;
    size_t from = open + 2, to, close;
    if (from < len && s[from] == '{') {
        /* Ends at the first "}}", with one more "}" when there is one (a
         * search for "}}}" could read to the end once per tag). */
        t->kind = TSIG_TAG_TRIPLE;
        from++;
        close = find(s, len, from, "}}", 2);
        t->end = close + 2;
        if (close < len && t->end < len && s[t->end] == '}') t->end++;
    } else {
        close = find(s, len, from, "}}", 2);
        t->end = close + 2;
    }
    if (close >= len) {
        t->kind = TSIG_TAG_UNCLOSED;
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
    if (t->kind != TSIG_TAG_TRIPLE) {
        t->kind = TSIG_TAG_NAME;
        if (from < to) {
            switch (s[from]) {
            case '#': t->kind = TSIG_TAG_SECTION; break;
            case '^': t->kind = TSIG_TAG_INVERTED; break;
            case '/': t->kind = TSIG_TAG_CLOSE; break;
            case '!': t->kind = TSIG_TAG_COMMENT; break;
            case '&': t->kind = TSIG_TAG_AMPERSAND; break;
            case '>': t->kind = TSIG_TAG_PARTIAL; break;
            case '=': t->kind = TSIG_TAG_DELIMITER; break;
            default: break;
            }
            if (t->kind != TSIG_TAG_NAME) {
                from++;
                trim(s, &from, &to);
            } else if (to - from == 1 && s[from] == '.') {
                t->kind = TSIG_TAG_DOT;
            }
        }
    }
    t->name = s + from;
    t->name_len = to - from;
    return 1;
}


/* 1 for the tags that write nothing (and so may stand alone on a line). */
static int writes_nothing(tsig_tag_kind kind)
{
    return kind == TSIG_TAG_SECTION || kind == TSIG_TAG_INVERTED || kind == TSIG_TAG_CLOSE ||
           kind == TSIG_TAG_COMMENT;
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
static void mark_standalone(const char *s, size_t len, size_t prev_after, tsig_tpl_placed *rt)
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
 * Reads every tag of a checked template tpl[0..len) into *tags (*count of
 * them, malloc'd; freed by the caller whatever the outcome), standalone
 * lines marked and each section matched with its closing tag.
 * TSIG_ERR_NOMEM, or TSIG_ERR_TEMPLATE when sections nest deeper than
 * TSIG_TEMPLATE_MAX_DEPTH (which a checked template never does).
 */
tsig_code tsig_tpl_read_tags(const char *tpl, size_t len, tsig_tpl_placed **tags,
                             size_t *count)
{
    size_t cap = 0, pos = 0, prev_after = 0;
    size_t open[TSIG_TEMPLATE_MAX_DEPTH];
    size_t depth = 0;
    tsig_tpl_tag t;
    *tags = NULL;
    *count = 0;
    while (tsig_tpl_read_tag(tpl, len, pos, &t)) {
        if (*count == cap) {
            cap = cap ? cap * 2 : 32;
            tsig_tpl_placed *grown = cap > (size_t)-1 / sizeof *grown
                                         ? NULL
                                         : realloc(*tags, cap * sizeof *grown);
            if (!grown) return TSIG_ERR_NOMEM;
            *tags = grown;
        }
        tsig_tpl_placed *rt = &(*tags)[*count];
        rt->t = t;
        rt->match = 0;
        mark_standalone(tpl, len, prev_after, rt);
        if (t.kind == TSIG_TAG_SECTION || t.kind == TSIG_TAG_INVERTED) {
            if (depth == TSIG_TEMPLATE_MAX_DEPTH) return TSIG_ERR_TEMPLATE;
            open[depth++] = *count;
        } else if (t.kind == TSIG_TAG_CLOSE && depth > 0) {
            (*tags)[open[--depth]].match = *count;
        }
        prev_after = rt->after;
        pos = t.end;
        (*count)++;
    }
    return TSIG_OK;
}
