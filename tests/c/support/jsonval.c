/*
 * jsonval.c: the tests' JSON reader (see jsonval.h). Written apart from the
 * core on purpose: the tests compare toolsig's answers against values read
 * here, so nothing in this file reuses toolsig's own JSON or UTF-8 code.
 */
#include "jsonval.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

struct jv_value {
    jv_kind kind;
    int boolean;
    char *text;      /* string bytes (WTF-8) or number text; NUL-terminated */
    size_t text_len;
    jv_value **items; /* list elements, map values */
    char **keys;      /* map keys (WTF-8, NUL-terminated) */
    size_t *key_lens;
    size_t count, cap;
};

/* ---- building values ------------------------------------------------- */

static jv_value *new_value(jv_kind kind)
{
    jv_value *v = calloc(1, sizeof *v);
    if (v) v->kind = kind;
    return v;
}

/* Appends item (and, for a map, key, whose ownership moves too) to a list
 * or map. Returns 0 when out of memory; the caller still owns both. */
static int append_item(jv_value *c, jv_value *item, char *key, size_t key_len)
{
    if (c->count == c->cap) {
        size_t cap = c->cap ? c->cap * 2 : 4;
        jv_value **items = realloc(c->items, cap * sizeof *items);
        if (!items) return 0;
        c->items = items;
        if (c->kind == JV_MAP) {
            char **keys = realloc(c->keys, cap * sizeof *keys);
            if (!keys) return 0;
            c->keys = keys;
            size_t *lens = realloc(c->key_lens, cap * sizeof *lens);
            if (!lens) return 0;
            c->key_lens = lens;
        }
        c->cap = cap;
    }
    c->items[c->count] = item;
    if (c->kind == JV_MAP) {
        c->keys[c->count] = key;
        c->key_lens[c->count] = key_len;
    }
    c->count++;
    return 1;
}

/* Releases one node's own storage (not its children). */
static void free_node(jv_value *v)
{
    if (v->kind == JV_MAP) {
        for (size_t i = 0; i < v->count; i++) free(v->keys[i]);
    }
    free(v->keys);
    free(v->key_lens);
    free(v->items);
    free(v->text);
    free(v);
}

/* Iterative, so that the deepest value costs heap, not C stack: children
 * are moved onto a work list before their parent goes. */
void jv_free(jv_value *v)
{
    if (!v) return;
    size_t cap = 64, n = 0;
    jv_value **todo = malloc(cap * sizeof *todo);
    if (!todo) {
        /* Out of memory: fall back to recursion, bounded by JV_MAX_DEPTH. */
        for (size_t i = 0; i < v->count; i++) jv_free(v->items[i]);
        free_node(v);
        return;
    }
    todo[n++] = v;
    while (n > 0) {
        jv_value *cur = todo[--n];
        for (size_t i = 0; i < cur->count; i++) {
            if (n == cap) {
                jv_value **more = realloc(todo, cap * 2 * sizeof *todo);
                if (!more) {
                    jv_free(cur->items[i]);
                    continue;
                }
                todo = more;
                cap *= 2;
            }
            todo[n++] = cur->items[i];
        }
        free_node(cur);
    }
    free(todo);
}

/* ---- reading ---------------------------------------------------------- */

typedef struct reader {
    const unsigned char *s;
    size_t len;
    size_t pos;
} reader;

static void skip_ws(reader *r)
{
    while (r->pos < r->len) {
        unsigned char c = r->s[r->pos];
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r') break;
        r->pos++;
    }
}

static int peek(const reader *r)
{
    return r->pos < r->len ? r->s[r->pos] : -1;
}

/* Length of the well-formed UTF-8 sequence at s[0..len) (RFC 3629: no
 * overlongs, no surrogates, nothing above U+10FFFF), 0 when there is none. */
static size_t utf8_len(const unsigned char *s, size_t len)
{
    unsigned char c = s[0];
    size_t n;
    unsigned long cp;
    if (c < 0x80) return 1;
    if (c >= 0xC2 && c <= 0xDF) { n = 2; cp = c & 0x1Fu; }
    else if (c >= 0xE0 && c <= 0xEF) { n = 3; cp = c & 0x0Fu; }
    else if (c >= 0xF0 && c <= 0xF4) { n = 4; cp = c & 0x07u; }
    else return 0;
    if (len < n) return 0;
    for (size_t i = 1; i < n; i++) {
        if ((s[i] & 0xC0) != 0x80) return 0;
        cp = (cp << 6) | (s[i] & 0x3Fu);
    }
    if (n == 3 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) return 0;
    if (n == 4 && (cp < 0x10000 || cp > 0x10FFFF)) return 0;
    return n;
}

/* Writes code point cp (surrogates included: WTF-8) at out; returns the
 * number of bytes written (1 to 4). */
static size_t put_code_point(unsigned long cp, char *out)
{
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xC0 | (cp >> 6));
        out[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xE0 | (cp >> 12));
        out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | (cp >> 18));
    out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    out[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

/* Four hex digits at s[0..4) into *out; 0 when they are not hex digits. */
static int read_hex4(const reader *r, size_t at, unsigned long *out)
{
    unsigned long v = 0;
    if (r->len - at < 4 || at > r->len) return 0;
    for (size_t i = 0; i < 4; i++) {
        unsigned char c = r->s[at + i];
        unsigned d;
        if (c >= '0' && c <= '9') d = (unsigned)(c - '0');
        else if (c >= 'a' && c <= 'f') d = (unsigned)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F') d = (unsigned)(c - 'A' + 10);
        else return 0;
        v = v * 16 + d;
    }
    *out = v;
    return 1;
}

/*
 * string = '"' { char | escape } '"'. At r->pos is the opening quote.
 * Returns the unescaped bytes (malloc'd, NUL-terminated, length in *len)
 * and leaves r->pos after the closing quote; NULL on error (r->pos at the
 * offending byte) or when out of memory. The unescaped text is never
 * longer than the escaped one, so one allocation of the span suffices.
 */
static char *read_string(reader *r, size_t *len)
{
    size_t start = ++r->pos, end = start;
    while (end < r->len && r->s[end] != '"') end += (r->s[end] == '\\') ? 2 : 1;
    if (end > r->len) end = r->len;
    char *out = malloc(end - start + 1);
    size_t n = 0;
    if (!out) return NULL;
    while (r->pos < r->len) {
        unsigned char c = r->s[r->pos];
        if (c == '"') {
            r->pos++;
            out[n] = '\0';
            *len = n;
            return out;
        }
        if (c < 0x20) break;
        if (c != '\\') {
            size_t k = utf8_len(r->s + r->pos, r->len - r->pos);
            if (k == 0) break;
            memcpy(out + n, r->s + r->pos, k);
            n += k;
            r->pos += k;
            continue;
        }
        if (r->pos + 1 >= r->len) break;
        unsigned char e = r->s[r->pos + 1];
        const char *simple = strchr("\"\\/bfnrt", e);
        if (e != 0 && simple) {
            static const char plain[] = "\"\\/\b\f\n\r\t";
            out[n++] = plain[simple - "\"\\/bfnrt"];
            r->pos += 2;
            continue;
        }
        unsigned long cp, low;
        if (e != 'u' || !read_hex4(r, r->pos + 2, &cp)) break;
        r->pos += 6;
        /* A high surrogate escape followed by a low one is one code point;
         * anything else keeps the surrogate alone (WTF-8). */
        if (cp >= 0xD800 && cp <= 0xDBFF && r->pos + 1 < r->len &&
            r->s[r->pos] == '\\' && r->s[r->pos + 1] == 'u' &&
            read_hex4(r, r->pos + 2, &low) && low >= 0xDC00 && low <= 0xDFFF) {
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
            r->pos += 6;
        }
        n += put_code_point(cp, out + n);
    }
    free(out);
    return NULL;
}

/*
 * number = [ "-" ] int [ frac ] [ exp ]. Returns a JV_INT or JV_FLOAT
 * holding the text as written; NULL on error or when out of memory.
 */
static jv_value *read_number(reader *r)
{
    size_t start = r->pos;
    int is_float = 0;
    if (peek(r) == '-') r->pos++;
    if (peek(r) == '0') {
        r->pos++;
    } else if (peek(r) >= '1' && peek(r) <= '9') {
        while (peek(r) >= '0' && peek(r) <= '9') r->pos++;
    } else {
        return NULL;
    }
    if (peek(r) == '.') {
        is_float = 1;
        r->pos++;
        if (!(peek(r) >= '0' && peek(r) <= '9')) return NULL;
        while (peek(r) >= '0' && peek(r) <= '9') r->pos++;
    }
    if (peek(r) == 'e' || peek(r) == 'E') {
        is_float = 1;
        r->pos++;
        if (peek(r) == '+' || peek(r) == '-') r->pos++;
        if (!(peek(r) >= '0' && peek(r) <= '9')) return NULL;
        while (peek(r) >= '0' && peek(r) <= '9') r->pos++;
    }
    jv_value *v = new_value(is_float ? JV_FLOAT : JV_INT);
    if (!v) return NULL;
    v->text_len = r->pos - start;
    v->text = malloc(v->text_len + 1);
    if (!v->text) {
        free(v);
        return NULL;
    }
    memcpy(v->text, r->s + start, v->text_len);
    v->text[v->text_len] = '\0';
    return v;
}

/* Reads the literal word at r->pos into a value; NULL when it is none. */
static jv_value *read_literal(reader *r)
{
    static const struct { const char *word; jv_kind kind; int boolean; } lits[] = {
        {"null", JV_NULL, 0}, {"true", JV_BOOL, 1}, {"false", JV_BOOL, 0}};
    for (size_t i = 0; i < sizeof lits / sizeof lits[0]; i++) {
        size_t n = strlen(lits[i].word);
        if (r->len - r->pos >= n && memcmp(r->s + r->pos, lits[i].word, n) == 0) {
            jv_value *v = new_value(lits[i].kind);
            if (v) {
                v->boolean = lits[i].boolean;
                r->pos += n;
            }
            return v;
        }
    }
    return NULL;
}

/* 1 iff map m already holds the key key[0..len). */
static int map_has_key(const jv_value *m, const char *key, size_t len)
{
    for (size_t i = 0; i < m->count; i++) {
        if (m->key_lens[i] == len && memcmp(m->keys[i], key, len) == 0) return 1;
    }
    return 0;
}

/*
 * value = object | array | string | number | literal, read without
 * recursion: open containers live on an explicit stack. A container is
 * attached to its parent when it opens, so the root owns everything read so
 * far and one jv_free cleans up after an error.
 */
jv_value *jv_parse_at(const char *text, size_t len, size_t *err_offset)
{
    reader r = {(const unsigned char *)text, len, 0};
    jv_value **stack = NULL;
    size_t depth = 0;
    jv_value *root = NULL;
    char *key = NULL; /* the key of the value about to be read in a map */
    size_t key_len = 0;

    if (!text && len) goto fail;
    stack = malloc(64 * sizeof *stack);
    size_t stack_cap = 64;
    if (!stack) goto fail;

    for (;;) {
        /* Expecting a value. */
        skip_ws(&r);
        jv_value *v = NULL;
        int c = peek(&r);
        if (c == '[' || c == '{') {
            v = new_value(c == '[' ? JV_LIST : JV_MAP);
        } else if (c == '"') {
            size_t n;
            char *s = read_string(&r, &n);
            if (s) {
                v = new_value(JV_STRING);
                if (v) {
                    v->text = s;
                    v->text_len = n;
                } else {
                    free(s);
                }
            }
        } else if (c == '-' || (c >= '0' && c <= '9')) {
            v = read_number(&r);
        } else {
            v = read_literal(&r);
        }
        if (!v) goto fail;
        if (depth == 0) {
            root = v;
        } else if (!append_item(stack[depth - 1], v, key, key_len)) {
            jv_free(v);
            goto fail;
        }
        key = NULL;

        if (v->kind == JV_LIST || v->kind == JV_MAP) {
            if (depth == JV_MAX_DEPTH) goto fail;
            if (depth == stack_cap) {
                jv_value **more = realloc(stack, stack_cap * 2 * sizeof *stack);
                if (!more) goto fail;
                stack = more;
                stack_cap *= 2;
            }
            stack[depth++] = v;
            r.pos++;
            skip_ws(&r);
            if (peek(&r) == (v->kind == JV_LIST ? ']' : '}')) {
                r.pos++;
                depth--;
            } else if (v->kind == JV_MAP) {
                goto read_key;
            } else {
                continue;
            }
        }

        /* A value is complete: close containers until one wants more. */
        for (;;) {
            if (depth == 0) {
                skip_ws(&r);
                if (r.pos != r.len) goto fail;
                free(stack);
                return root;
            }
            jv_value *top = stack[depth - 1];
            skip_ws(&r);
            c = peek(&r);
            if (c == ',') {
                r.pos++;
                break;
            }
            if (c != (top->kind == JV_LIST ? ']' : '}')) goto fail;
            r.pos++;
            depth--;
        }
        if (stack[depth - 1]->kind == JV_LIST) continue;

    read_key:
        skip_ws(&r);
        if (peek(&r) != '"') goto fail;
        {
            size_t key_start = r.pos;
            key = read_string(&r, &key_len);
            if (!key) goto fail;
            if (map_has_key(stack[depth - 1], key, key_len)) {
                r.pos = key_start;
                goto fail;
            }
        }
        skip_ws(&r);
        if (peek(&r) != ':') goto fail;
        r.pos++;
    }

fail:
    if (err_offset) *err_offset = r.pos;
    free(key);
    free(stack);
    jv_free(root);
    return NULL;
}

jv_value *jv_parse(const char *text, size_t len)
{
    return jv_parse_at(text, len, NULL);
}

/* ---- comparing -------------------------------------------------------- */

/* Digits of an int text without its sign, and whether it is negative
 * ("-0" counts as not negative). */
static const char *int_digits(const jv_value *v, int *negative)
{
    const char *d = v->text[0] == '-' ? v->text + 1 : v->text;
    *negative = v->text[0] == '-' && strcmp(d, "0") != 0;
    return d;
}

static int values_equal(const jv_value *a, const jv_value *b, int ordered)
{
    if (!a || !b) return a == b;
    if (a->kind != b->kind) return 0;
    switch (a->kind) {
    case JV_NULL:
        return 1;
    case JV_BOOL:
        return a->boolean == b->boolean;
    case JV_INT: {
        int na, nb;
        const char *da = int_digits(a, &na), *db = int_digits(b, &nb);
        return na == nb && strcmp(da, db) == 0;
    }
    case JV_FLOAT:
        return strtod(a->text, NULL) == strtod(b->text, NULL);
    case JV_STRING:
        return a->text_len == b->text_len &&
               memcmp(a->text, b->text, a->text_len) == 0;
    case JV_LIST:
        if (a->count != b->count) return 0;
        for (size_t i = 0; i < a->count; i++) {
            if (!values_equal(a->items[i], b->items[i], ordered)) return 0;
        }
        return 1;
    case JV_MAP:
        if (a->count != b->count) return 0;
        for (size_t i = 0; i < a->count; i++) {
            size_t j = i;
            if (!ordered) {
                for (j = 0; j < b->count; j++) {
                    if (b->key_lens[j] == a->key_lens[i] &&
                        memcmp(b->keys[j], a->keys[i], a->key_lens[i]) == 0)
                        break;
                }
                if (j == b->count) return 0;
            } else if (b->key_lens[j] != a->key_lens[i] ||
                       memcmp(b->keys[j], a->keys[i], a->key_lens[i]) != 0) {
                return 0;
            }
            if (!values_equal(a->items[i], b->items[j], ordered)) return 0;
        }
        return 1;
    }
    return 0;
}

int jv_equal(const jv_value *a, const jv_value *b)
{
    return values_equal(a, b, 0);
}

int jv_equal_ordered(const jv_value *a, const jv_value *b)
{
    return values_equal(a, b, 1);
}

/* ---- writing ---------------------------------------------------------- */

typedef struct textbuf {
    char *data;
    size_t len, cap;
    int failed;
} textbuf;

static void tb_put(textbuf *tb, const char *s, size_t n)
{
    if (tb->failed) return;
    if (tb->len + n + 1 > tb->cap) {
        size_t cap = tb->cap ? tb->cap : 256;
        while (cap < tb->len + n + 1) cap *= 2;
        char *d = realloc(tb->data, cap);
        if (!d) {
            tb->failed = 1;
            return;
        }
        tb->data = d;
        tb->cap = cap;
    }
    memcpy(tb->data + tb->len, s, n);
    tb->len += n;
    tb->data[tb->len] = '\0';
}

/* Writes s[0..len) (WTF-8) as a JSON string literal. Control characters
 * and lone surrogates are escaped; everything else is copied. */
static void tb_string(textbuf *tb, const char *s, size_t len)
{
    static const char hex[] = "0123456789abcdef";
    const unsigned char *u = (const unsigned char *)s;
    tb_put(tb, "\"", 1);
    for (size_t i = 0; i < len; i++) {
        unsigned char c = u[i];
        char esc[7];
        if (c == '"' || c == '\\') {
            esc[0] = '\\';
            esc[1] = (char)c;
            tb_put(tb, esc, 2);
        } else if (c < 0x20) {
            const char *named = c == '\n' ? "\\n" : c == '\t' ? "\\t"
                              : c == '\r' ? "\\r" : c == '\b' ? "\\b"
                              : c == '\f' ? "\\f" : NULL;
            if (named) {
                tb_put(tb, named, 2);
            } else {
                memcpy(esc, "\\u00", 4);
                esc[4] = hex[c >> 4];
                esc[5] = hex[c & 15];
                tb_put(tb, esc, 6);
            }
        } else if (c == 0xED && i + 2 < len && u[i + 1] >= 0xA0) {
            unsigned long cp = ((unsigned long)(c & 0x0F) << 12) |
                               ((unsigned long)(u[i + 1] & 0x3F) << 6) |
                               (u[i + 2] & 0x3Fu);
            esc[0] = '\\';
            esc[1] = 'u';
            for (int k = 0; k < 4; k++) esc[2 + k] = hex[(cp >> (12 - 4 * k)) & 15];
            tb_put(tb, esc, 6);
            i += 2;
        } else {
            tb_put(tb, s + i, 1);
        }
    }
    tb_put(tb, "\"", 1);
}

/* Recursion is bounded: no value nests deeper than JV_MAX_DEPTH. */
static void tb_value(textbuf *tb, const jv_value *v)
{
    switch (v->kind) {
    case JV_NULL: tb_put(tb, "null", 4); return;
    case JV_BOOL:
        if (v->boolean) tb_put(tb, "true", 4);
        else tb_put(tb, "false", 5);
        return;
    case JV_INT:
    case JV_FLOAT: tb_put(tb, v->text, v->text_len); return;
    case JV_STRING: tb_string(tb, v->text, v->text_len); return;
    case JV_LIST:
        tb_put(tb, "[", 1);
        for (size_t i = 0; i < v->count; i++) {
            if (i) tb_put(tb, ",", 1);
            tb_value(tb, v->items[i]);
        }
        tb_put(tb, "]", 1);
        return;
    case JV_MAP:
        tb_put(tb, "{", 1);
        for (size_t i = 0; i < v->count; i++) {
            if (i) tb_put(tb, ",", 1);
            tb_string(tb, v->keys[i], v->key_lens[i]);
            tb_put(tb, ":", 1);
            tb_value(tb, v->items[i]);
        }
        tb_put(tb, "}", 1);
        return;
    }
}

char *jv_to_text_len(const jv_value *v, size_t *len)
{
    textbuf tb = {NULL, 0, 0, 0};
    if (v) tb_value(&tb, v);
    else tb_put(&tb, "(none)", 6);
    if (tb.failed) {
        free(tb.data);
        return NULL;
    }
    if (len) *len = tb.len;
    return tb.data;
}

char *jv_to_text(const jv_value *v)
{
    return jv_to_text_len(v, NULL);
}

char *jv_quote(const char *s, size_t len)
{
    textbuf tb = {NULL, 0, 0, 0};
    tb_string(&tb, s, len);
    if (tb.failed) {
        free(tb.data);
        return NULL;
    }
    return tb.data;
}

int jv_utf8_valid(const char *s, size_t len)
{
    const unsigned char *u = (const unsigned char *)s;
    for (size_t i = 0; i < len;) {
        size_t n = utf8_len(u + i, len - i);
        if (n == 0) return 0;
        i += n;
    }
    return 1;
}

/* ---- walking ---------------------------------------------------------- */

jv_kind jv_kind_of(const jv_value *v)
{
    return v ? v->kind : JV_NULL;
}

const char *jv_kind_name(jv_kind kind)
{
    static const char *const names[] = {"nil", "bool", "int", "float",
                                        "string", "list", "map"};
    return (size_t)kind < sizeof names / sizeof names[0] ? names[kind] : "?";
}

size_t jv_len(const jv_value *v)
{
    return v && (v->kind == JV_LIST || v->kind == JV_MAP) ? v->count : 0;
}

const jv_value *jv_at(const jv_value *v, size_t i)
{
    return i < jv_len(v) ? v->items[i] : NULL;
}

const char *jv_key_at(const jv_value *v, size_t i, size_t *len)
{
    if (!v || v->kind != JV_MAP || i >= v->count) return NULL;
    if (len) *len = v->key_lens[i];
    return v->keys[i];
}

const jv_value *jv_get(const jv_value *obj, const char *key)
{
    if (!obj || obj->kind != JV_MAP || !key) return NULL;
    size_t n = strlen(key);
    for (size_t i = 0; i < obj->count; i++) {
        if (obj->key_lens[i] == n && memcmp(obj->keys[i], key, n) == 0)
            return obj->items[i];
    }
    return NULL;
}

int jv_has(const jv_value *obj, const char *key)
{
    return jv_get(obj, key) != NULL;
}

const char *jv_str(const jv_value *v, size_t *len)
{
    if (!v || v->kind != JV_STRING) return NULL;
    if (len) *len = v->text_len;
    return v->text;
}

const char *jv_get_str(const jv_value *obj, const char *key)
{
    return jv_str(jv_get(obj, key), NULL);
}

int jv_bool(const jv_value *v)
{
    return v && v->kind == JV_BOOL && v->boolean;
}

const char *jv_num_text(const jv_value *v)
{
    return v && (v->kind == JV_INT || v->kind == JV_FLOAT) ? v->text : NULL;
}

double jv_double(const jv_value *v)
{
    const char *t = jv_num_text(v);
    return t ? strtod(t, NULL) : 0.0;
}

int jv_int(const jv_value *v, long long *out)
{
    if (!v || v->kind != JV_INT) return 0;
    char *end;
    errno = 0;
    long long n = strtoll(v->text, &end, 10);
    if (errno == ERANGE || *end != '\0') return 0;
    *out = n;
    return 1;
}
