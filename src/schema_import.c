/*
 * schema_import.c: JSON Schema -> type tree (SPEC §9), the inverse of
 * schema.c: tsig_from_json_schema for one schema, tsig_tool_from_json for
 * an MCP or function-calling tool definition.
 *
 * Reading happens in three steps:
 *   1. one strict RFC 8259 walk over the text with json.c's reader (UTF-8
 *      checked, nesting bounded at TSIG_DEFAULT_MAX_DEPTH), which positions
 *      syntax errors exactly and notes, in document order, which numbers
 *      are written as ints (SPEC §3: no ".", "e" or "E");
 *   2. cJSON builds the tree of the text the walk accepted (so cJSON never
 *      sees anything it would read differently from JSON.parse), then one
 *      walk over it rejects repeated keys and marks each number's kind;
 *   3. conversion, schema by schema, in document order.
 *
 * What the conversion accepts is what schema.c writes plus the annotations
 * real schemas carry; everything else is a "place" toolsig cannot express,
 * reported as "<JSON Pointer>: <reason>". Without TSIG_SCHEMA_LOSSY the
 * first such place (in document order) is the error. With it, each place
 * is widened and reported as one warning "<pointer>: <reason>, <action>":
 *
 *   constraint keywords (minimum, pattern, minItems, ...)  dropped, type kept
 *   enum / const with a type                               dropped, type kept
 *   enum / const alone     the type of the values: all strings :string, all
 *                          integers :int, numbers :float, booleans :bool,
 *                          objects :map, arrays [:any], with null T?;
 *                          anything mixed :any
 *   anyOf / oneOf that is not [S, {"type":"null"}]         :any
 *   oneOf [S, {"type":"null"}]                             read as anyOf: S?
 *   $ref                                                   :any
 *   $defs / definitions / any other keyword                dropped
 *   type "null" alone, unknown types, unions of types      :any
 *   "nullable": true (OpenAPI 3.0)                         made optional
 *   array without items, items that is not a schema        element :any
 *   prefixItems                                            element :any
 *   properties that is not an object                       :map
 *   a property name that is not an identifier, or two that
 *   collide after "-" -> "_"                               the object :map
 *                                                          (a tool's
 *                                                          parameter: left
 *                                                          out)
 *   a required entry naming no property, or not a string   dropped
 *   properties / required without "type": "object", or
 *   items / prefixItems without "type": "array"            :any
 *   a list or typed map nested deeper than 64 levels       :any / :map
 *   a schema that is not an object (true, false, 5, ...)   :any
 *
 * Dropping a keyword always widens: every JSON Schema keyword is one more
 * condition on the value. The two exceptions are handled above (prefixItems
 * would otherwise narrow the element type; "nullable" would narrow out
 * null). Each keyword of a schema that is read is its own place (one
 * warning each); the subschemas inside a place widened to :any or :map are
 * not read, so they add no warnings. Other members of a tool object (name,
 * description, ...) are not schemas and are not read. Repeated keys are an
 * error in every mode (two readers could pick different ones).
 *
 * A tool's inputSchema is its parameter list: its object is no nesting
 * level, it may leave out "type": "object" (MCP arguments are always an
 * object), and with lossy a parameter with an unusable name is left out
 * (the other parameters stay) instead of widening the object to :map.
 *
 * A string holding "\u0000" or an escaped lone surrogate cannot be carried
 * by cJSON (C strings; UTF-8 output). Such an escape is read as U+FFFD
 * instead, which keeps every verdict (no type name, keyword or identifier
 * contains either) while names echoed in messages stay valid UTF-8.
 */
#include "internal.h"

#include "cJSON.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Names echoed in messages are cut after this many code points. */
#define ECHO_MAX 40
#define ECHO_BUF 192
/* Room for one reason text (before the pointer is added). */
#define REASON_BUF 512

#define NOT_FOUND ((size_t)-1)

/* ========================================================================
 * Step 1: reading the JSON text (json.c's walker)
 * ===================================================================== */

/* What the walk over the text learns for the later steps. */
typedef struct text_notes {
    const char *src;
    size_t len;
    unsigned char *num_is_int; /* one per number, document order */
    size_t num_count, num_cap;
    char *patched; /* a copy of src with the escapes cJSON cannot carry
                      written "\ufffd", or NULL when there are none */
    int failed_alloc;
} text_notes;

/* Releases what the walk noted and zeroes the notes. */
static void notes_release(text_notes *n)
{
    free(n->num_is_int);
    free(n->patched);
    memset(n, 0, sizeof *n);
}

/*
 * The walker's on_token: notes each number's kind (is_int: written without
 * ".", "e", "E") and writes each "\u0000" or lone surrogate escape of a
 * string (keys too) as "\ufffd" in n->patched: same length, so offsets and
 * error positions do not move. An allocation failure is remembered in
 * failed_alloc (checked after the walk, so syntax errors come first).
 */
static int note_token(void *ctx, int is_string, const tsig_json_span *s)
{
    text_notes *n = ctx;
    if (!is_string) {
        if (n->num_count == n->num_cap) {
            size_t cap = n->num_cap ? n->num_cap * 2 : 64;
            unsigned char *p = realloc(n->num_is_int, cap);
            if (!p) {
                n->failed_alloc = 1;
                return 1;
            }
            n->num_is_int = p;
            n->num_cap = cap;
        }
        n->num_is_int[n->num_count++] = (unsigned char)s->flag;
        return 1;
    }
    size_t end = s->start + s->len;
    for (size_t i = s->start; s->flag && i < end; i++) {
        const char *e = n->src + i;
        if (e[0] != '\\') continue;
        /* only "\u0000" and "\uD..." can be one of them */
        if (e[1] != 'u' || ((e[2] | 0x20) != 'd' && memcmp(e + 2, "0000", 4) != 0)) {
            i++; /* past the escaped character */
            continue;
        }
        size_t at = i;
        unsigned char u[4];
        size_t k = tsig_json_decode_unit(n->src, end, &i, (char *)u);
        i--; /* i is past the escape (the loop adds one) */
        int nul = k == 1 && u[0] == 0;
        int lone = k == 3 && u[0] == 0xED && (u[1] & 0xE0) == 0xA0;
        if (!nul && !lone) continue;
        if (!n->patched && !n->failed_alloc) {
            n->patched = malloc(n->len);
            if (n->patched) memcpy(n->patched, n->src, n->len);
            else n->failed_alloc = 1;
        }
        if (n->patched) memcpy(n->patched + at, "\\ufffd", 6);
    }
    return 1;
}

/* The importer's words for what a syntax error expected, in place of the
 * reader's own (which speak to authors of data, not of schemas). */
static const char *schema_wording(const char *expected)
{
    static const char *const words[][2] = {
        {"a JSON value", "a value"},
        {"a string key or \"}\"", "a string key"},
        {"a closing quote", "\"\\\"\" to close the string"},
        {"an escaped control character", "a string character"},
        {"UTF-8 text", "a string character"},
        {"an escape after \"\\\\\"", "an escape character"},
        {"an escape after \"\\\\\" (one of \\\" \\\\ / b f n r t u)", "an escape character"},
        {"4 hex digits after \"\\\\u\"", "a hex digit"},
        {"a digit after \".\"", "a digit"},
        {"a digit in the exponent", "a digit"},
    };
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strcmp(expected, words[i][0]) == 0) return words[i][1];
    return expected;
}

/*
 * Reads json[0..len) once with json.c's walker: RFC 8259, UTF-8 checked,
 * nesting bounded at TSIG_DEFAULT_MAX_DEPTH, a leading byte-order mark
 * skipped; nothing is built. Returns 1 with *notes filled (released with
 * notes_release), or 0 with err set: TSIG_ERR_JSON, TSIG_ERR_TOO_DEEP,
 * TSIG_ERR_NOMEM.
 */
static int read_text(const char *json, size_t len, text_notes *notes, tsig_error *err)
{
    tsig_json j;
    tsig_json_path path;
    tsig_json_keys keys;
    tsig_json_walker w;
    memset(notes, 0, sizeof *notes);
    memset(&keys, 0, sizeof keys);
    memset(&w, 0, sizeof w);
    tsig_json_init(&j, json, len, TSIG_DEFAULT_MAX_DEPTH, err);
    j.reword = schema_wording;
    tsig_json_path_init(&path);
    keys.src = j.src;
    notes->src = j.src;
    notes->len = j.len;
    w.j = &j;
    w.path = &path;
    w.keys = &keys;
    w.on_token = note_token;
    w.ctx = notes;
    int ok = tsig_json_walk(&w) && tsig_json_finish(&j);
    tsig_json_walker_release(&w);
    tsig_json_keys_release(&keys);
    tsig_json_path_release(&path);
    if (ok && notes->failed_alloc) {
        tsig_error_set(err, TSIG_ERR_NOMEM, "", 0, 0, "out of memory");
        ok = 0;
    }
    if (!ok) notes_release(notes);
    return ok;
}

/* ========================================================================
 * Finding a JSON Pointer in the text (for error positions)
 * ===================================================================== */

/*
 * The byte offset in src (valid JSON: the text cJSON read, so its keys
 * unescape to the strings of the tree) of the place a pointer ("#/a/0/b",
 * segments escaped with ~0 ~1) names: the key of an object member, the
 * element of an array, the root value for "#". Stops at the deepest place
 * found when the text does not have the whole path.
 */
static size_t locate_pointer(const char *src, size_t len, const char *ptr)
{
    const char *end = src + len;
    const char *p = src + (len >= 3 && memcmp(src, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0);
    p = tsig_valid_json_skip_ws(p, end);
    const char *found = p;
    const char *s = ptr[0] == '#' ? ptr + 1 : ptr;
    char seg[256];
    while (*s == '/' && p < end) {
        /* Unescape one segment (a longer one cannot be matched: stop). */
        size_t n = 0;
        s++;
        while (*s && *s != '/') {
            char c = *s++;
            if (c == '~' && (*s == '0' || *s == '1')) c = *s++ == '0' ? '~' : '/';
            if (n == sizeof seg) return (size_t)(found - src);
            seg[n++] = c;
        }
        /* Step into the member or element the segment names. */
        if (*p == '{') {
            const char *key = tsig_valid_json_key(p, end, seg, n);
            if (!key) break;
            found = key;
            p = tsig_valid_json_value(key, end);
        } else if (*p == '[') {
            size_t index = 0;
            for (size_t i = 0; i < n; i++) {
                if (seg[i] < '0' || seg[i] > '9' || index > SIZE_MAX / 10 - 10)
                    return (size_t)(found - src);
                index = index * 10 + (size_t)(seg[i] - '0');
            }
            const char *e = tsig_valid_json_first(p, end);
            for (size_t i = 0; e && i < index; i++) e = tsig_valid_json_next(e, end);
            if (!e) break;
            found = p = e;
        } else {
            break;
        }
    }
    return (size_t)(found - src);
}

/* ========================================================================
 * Step 2: the cJSON tree, repeated keys, kinds of numbers
 * ===================================================================== */

/* Everything one conversion shares. */
typedef struct importer {
    tsig_arena *arena;   /* the signature's: every type and name goes here */
    int lossy;
    tsig_error *err;
    const char *src;     /* the JSON text, for error positions: the text
                            cJSON read (see read_json) */
    size_t len;
    char *patched;       /* src when it is a patched copy, else NULL */
    tsig_strbuf ptr;     /* JSON Pointer of the current place ("#/...") */
    tsig_strbuf warnings; /* each warning followed by a NUL byte */
    size_t warning_count;
    int failed;          /* err is set; stop */
} importer;

/* Fails with TSIG_ERR_NOMEM (unless an error is already set); returns 0. */
static int fail_nomem(importer *im)
{
    if (!im->failed) tsig_error_set(im->err, TSIG_ERR_NOMEM, "", 0, 0, "out of memory");
    im->failed = 1;
    return 0;
}

/* Appends one pointer segment, escaping "~" and "/" (RFC 6901) and nothing
 * else. */
static void ptr_append_segment(tsig_strbuf *sb, const char *seg, size_t len)
{
    tsig_sb_putc(sb, '/');
    size_t run = 0;
    for (size_t i = 0; i < len; i++) {
        if (seg[i] != '~' && seg[i] != '/') continue;
        tsig_sb_append(sb, seg + run, i - run);
        tsig_sb_append(sb, seg[i] == '~' ? "~0" : "~1", 2);
        run = i + 1;
    }
    tsig_sb_append(sb, seg + run, len - run);
}

/* Pushes a key segment onto the current pointer; returns the mark to pop
 * back to, or NOT_FOUND after failing with TSIG_ERR_NOMEM. */
static size_t ptr_push(importer *im, const char *key)
{
    size_t mark = im->ptr.len;
    ptr_append_segment(&im->ptr, key, strlen(key));
    if (im->ptr.failed) {
        fail_nomem(im);
        return NOT_FOUND;
    }
    return mark;
}

/* As ptr_push, for an array index. */
static size_t ptr_push_index(importer *im, size_t index)
{
    char buf[32];
    tsig_snprintf(buf, sizeof buf, "%zu", index);
    return ptr_push(im, buf);
}

/* Cuts the pointer back to a mark from ptr_push. */
static void ptr_pop(importer *im, size_t mark)
{
    im->ptr.len = mark;
    im->ptr.data[mark] = '\0';
}

/* "an object", "an array", "a string", "a number", "true", "false",
 * "null": what a value is, for "found ..." in messages. */
static const char *json_kind(const cJSON *v)
{
    if (cJSON_IsObject(v)) return "an object";
    if (cJSON_IsArray(v)) return "an array";
    if (cJSON_IsString(v)) return "a string";
    if (cJSON_IsNumber(v)) return "a number";
    if (cJSON_IsTrue(v)) return "true";
    if (cJSON_IsFalse(v)) return "false";
    return "null";
}

/* Writes s quoted, JSON-escaped and cut at ECHO_MAX code points. */
static void echo(const char *s, char *buf)
{
    tsig_quote_cut(s, strlen(s), ECHO_MAX, buf, ECHO_BUF);
}

/*
 * Fails with TSIG_ERR_SCHEMA "<pointer>: <reason>". The message buffer is
 * bounded (TSIG_MESSAGE_MAX), so a pointer too long to fit whole keeps its
 * start and its end around "…", whole segments where it can: the reason is
 * never cut. The error's position is the place in the text.
 */
static int fail_at_pointer(importer *im, const char *reason)
{
    const char *ptr = im->ptr.data;
    size_t plen = im->ptr.len, rlen = strlen(reason);
    size_t room = TSIG_MESSAGE_MAX - 1;
    size_t offset = locate_pointer(im->src, im->len, ptr);
    /* Fits (or the reason alone nearly fills the message: then
     * tsig_error_set cuts the end as usual). */
    if (plen + 2 + rlen <= room || rlen + 2 + 3 + 16 > room) {
        tsig_error_set(im->err, TSIG_ERR_SCHEMA, im->src, im->len, offset, "%s: %s", ptr,
                       reason);
    } else {
        size_t budget = room - rlen - 2 - 3 - 1; /* 3: the bytes of "…" */
        size_t head = budget / 3, tail = budget - head;
        /* Whole segments: the head ends before a "/", the tail starts at
         * one; otherwise at a UTF-8 boundary. */
        size_t h = head;
        while (h > 2 && ptr[h] != '/') h--;
        if (h > 2) {
            h++; /* keep the "/" */
        } else {
            h = head;
            while (h > 0 && ((unsigned char)ptr[h] & 0xC0) == 0x80) h--;
        }
        size_t t = plen - tail;
        size_t t2 = t;
        while (t2 < plen && ptr[t2] != '/') t2++;
        if (t2 < plen) t = t2;
        else
            while (t < plen && ((unsigned char)ptr[t] & 0xC0) == 0x80) t++;
        tsig_error_set(im->err, TSIG_ERR_SCHEMA, im->src, im->len, offset,
                       "%.*s\xE2\x80\xA6%s: %s", (int)h, ptr, ptr + t, reason);
    }
    tsig_error_hint(im->err, "toolsig cannot express this; the lossy option widens it, "
                             "with a warning");
    im->failed = 1;
    return 0;
}

/*
 * A place toolsig cannot express, at the current pointer plus seg (a key,
 * or NULL for the current place). Without lossy: fails (see
 * fail_at_pointer) and returns 0. With lossy: records the warning
 * "<pointer>: <reason>, <action>" and returns 1 (0 only when out of
 * memory).
 */
static int problem(importer *im, const char *seg, const char *action, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

static int problem(importer *im, const char *seg, const char *action, const char *fmt, ...)
{
    /* The reason is short (names in it are cut by echo); the pointer is
     * added outside the buffer, whatever its length. */
    char reason[REASON_BUF];
    va_list ap;
    va_start(ap, fmt);
    tsig_vsnprintf(reason, sizeof reason, fmt, ap);
    va_end(ap);
    size_t mark = im->ptr.len;
    if (seg && ptr_push(im, seg) == NOT_FOUND) return 0;
    int ok;
    if (!im->lossy) {
        ok = fail_at_pointer(im, reason);
    } else {
        tsig_strbuf *w = &im->warnings;
        tsig_sb_append(w, im->ptr.data, im->ptr.len);
        tsig_sb_printf(w, ": %s, %s", reason, action);
        tsig_sb_putc(w, '\0');
        im->warning_count++;
        ok = w->failed ? fail_nomem(im) : 1;
    }
    ptr_pop(im, mark);
    return ok;
}

/* One open container of the walk in check_tree. */
typedef struct walk_frame {
    cJSON *node;
    cJSON *cur;   /* the child being visited */
    size_t index; /* its index */
} walk_frame;

/* tsig_table_key_of over an array of cJSON children: a child's key. */
static const char *child_key(const void *ctx, size_t entry, size_t *len)
{
    const char *s = ((const cJSON *const *)ctx)[entry]->string;
    *len = strlen(s);
    return s;
}

/* 1 iff two children of one object have the same key; *dup gets the later
 * one. Small objects are compared pairwise, large ones through a hash
 * table (hash.c), so a huge object costs linear time. 0 also when out of
 * memory (*nomem set). */
static int find_repeated_key(const cJSON *obj, const cJSON **dup, int *nomem)
{
    size_t n = 0;
    for (const cJSON *c = obj->child; c; c = c->next) n++;
    if (n < 2) return 0;
    if (n <= 16) {
        for (const cJSON *c = obj->child; c; c = c->next)
            for (const cJSON *d = obj->child; d != c; d = d->next)
                if (strcmp(c->string, d->string) == 0) {
                    *dup = c;
                    return 1;
                }
        return 0;
    }
    const cJSON **kids = calloc(n, sizeof *kids);
    if (!kids) {
        *nomem = 1;
        return 0;
    }
    tsig_table table;
    tsig_table_init(&table, 0, NULL, child_key, kids);
    int found = 0;
    size_t i = 0;
    for (const cJSON *c = obj->child; c && !found; c = c->next, i++) {
        kids[i] = c;
        size_t len = strlen(c->string);
        size_t at = tsig_table_add(&table, c->string, len,
                                   tsig_table_hash(&table, c->string, len), i);
        if (at == TSIG_TABLE_NOMEM) {
            *nomem = 1;
            break;
        }
        if (at != TSIG_TABLE_NONE) {
            *dup = c;
            found = 1;
        }
    }
    tsig_table_release(&table);
    free(kids);
    return found;
}

/*
 * Walks the whole tree in document order (iteratively; the walk bounded its
 * depth): gives each number its kind from the walk (valueint is 1 for an
 * int as written, 0 for a float; cJSON's own valueint is not used anywhere
 * else), and rejects a key repeated in one object, anywhere, in every mode:
 * "<pointer>: duplicate key \"k\"". Returns 1, or 0 with im->err set.
 */
static int check_tree(importer *im, cJSON *root, const text_notes *notes)
{
    walk_frame *stack = malloc((TSIG_DEFAULT_MAX_DEPTH + 1) * sizeof *stack);
    if (!stack) return fail_nomem(im);
    size_t top = 0, number = 0;
    cJSON *node = root;
    int ok = 1;
    /* Pre-order: a node, then its children, then its next sibling: the
     * order of the text, which is the order the walk noted numbers in. */
    for (;;) {
        /* Visit node. */
        if (cJSON_IsNumber(node)) {
            node->valueint = number < notes->num_count ? notes->num_is_int[number] : 0;
            number++;
        } else if (cJSON_IsObject(node)) {
            const cJSON *dup = NULL;
            int nomem = 0;
            if (find_repeated_key(node, &dup, &nomem)) {
                /* The pointer of this object, then the key. */
                tsig_strbuf *p = &im->ptr;
                size_t mark = p->len;
                for (size_t i = 0; i < top; i++) {
                    if (cJSON_IsObject(stack[i].node)) {
                        ptr_append_segment(p, stack[i].cur->string, strlen(stack[i].cur->string));
                    } else {
                        tsig_sb_printf(p, "/%zu", stack[i].index);
                    }
                }
                ptr_append_segment(p, dup->string, strlen(dup->string));
                if (p->failed) {
                    ok = fail_nomem(im);
                } else {
                    char key[ECHO_BUF], reason[ECHO_BUF + 32];
                    echo(dup->string, key);
                    tsig_snprintf(reason, sizeof reason, "duplicate key %s", key);
                    fail_at_pointer(im, reason);
                    tsig_error_hint(im->err, "");
                    ok = 0;
                }
                ptr_pop(im, mark);
                break;
            }
            if (nomem) {
                ok = fail_nomem(im);
                break;
            }
        }
        if ((cJSON_IsObject(node) || cJSON_IsArray(node)) && node->child) {
            stack[top].node = node;
            stack[top].cur = node->child;
            stack[top].index = 0;
            node = node->child;
            top++;
            continue;
        }
        /* Next sibling, climbing up as needed. */
        while (top > 0 && !stack[top - 1].cur->next) top--;
        if (top == 0) break;
        stack[top - 1].cur = stack[top - 1].cur->next;
        stack[top - 1].index++;
        node = stack[top - 1].cur;
    }
    free(stack);
    return ok;
}

/*
 * Steps 1 and 2: reads json[0..len) into a cJSON tree (released with
 * cJSON_Delete). cJSON reads the text the walk accepted, with the escapes
 * it cannot carry patched (so it never sees anything it would read
 * differently from JSON.parse); that text becomes im->src, and a patched
 * copy is kept in im->patched (freed by the caller). Returns NULL with
 * im->err set: TSIG_ERR_TOO_LARGE, TSIG_ERR_JSON / TSIG_ERR_TOO_DEEP with
 * the position, TSIG_ERR_SCHEMA for a repeated key, TSIG_ERR_NOMEM.
 */
static cJSON *read_json(importer *im, const char *json, size_t len)
{
    if (len > TSIG_MAX_INPUT) {
        tsig_error_set(im->err, TSIG_ERR_TOO_LARGE, "", 0, 0, "JSON text larger than %zu bytes",
                       (size_t)TSIG_MAX_INPUT);
        im->failed = 1;
        return NULL;
    }
    text_notes notes;
    if (!read_text(json, len, &notes, im->err)) {
        im->failed = 1;
        return NULL;
    }
    if (notes.patched) {
        im->patched = notes.patched;
        im->src = notes.patched;
        notes.patched = NULL;
    }
    /* cJSON skips a byte order mark only when two or more bytes follow it
     * ("\xEF\xBB\xBF" "3" would read as bad JSON): it gets the text after
     * the mark. Positions are found in im->src, mark included. */
    size_t bom = len >= 3 && memcmp(im->src, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
    const char *end = NULL;
    cJSON *root = cJSON_ParseWithLengthOpts(im->src + bom, len - bom, &end, 0);
    /* The walk accepted the text, so cJSON can only have run out of
     * memory. */
    if (!root) {
        notes_release(&notes);
        fail_nomem(im);
        return NULL;
    }
    int ok = check_tree(im, root, &notes);
    notes_release(&notes);
    if (!ok) {
        cJSON_Delete(root);
        return NULL;
    }
    return root;
}

/* ========================================================================
 * Step 3: conversion
 * ===================================================================== */

static tsig_type *new_type(importer *im, tsig_kind kind)
{
    tsig_type *t = tsig_arena_alloc(im->arena, sizeof *t);
    if (!t) {
        fail_nomem(im);
        return NULL;
    }
    t->kind = kind;
    return t;
}

/* T? of t; t itself when already optional (nullable and not required is
 * still one "?"). */
static const tsig_type *make_optional(importer *im, const tsig_type *t)
{
    if (!t || t->kind == TSIG_OPTIONAL) return t;
    tsig_type *o = new_type(im, TSIG_OPTIONAL);
    if (o) o->elem = t;
    return o;
}

/* [elem]; NULL when elem is NULL or memory runs out. */
static const tsig_type *make_list(importer *im, const tsig_type *elem)
{
    if (!elem) return NULL;
    tsig_type *l = new_type(im, TSIG_LIST);
    if (l) l->elem = elem;
    return l;
}

/* SPEC §1: ident = ( letter | "_" ) , { letter | digit | "_" | "-" } (ASCII). */
static int is_ident(const char *s)
{
    unsigned char c = (unsigned char)s[0];
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_')) return 0;
    for (size_t i = 1; s[i]; i++) {
        c = (unsigned char)s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '_' || c == '-'))
            return 0;
    }
    return 1;
}

/* The keywords conversion knows; every other key is KW_OTHER. */
typedef enum keyword {
    KW_OTHER = 0,
    KW_ANNOTATION, /* accepted and ignored */
    KW_TYPE,
    KW_FORMAT,
    KW_ITEMS,
    KW_PREFIX_ITEMS,
    KW_PROPERTIES,
    KW_REQUIRED,
    KW_ANY_OF,
    KW_ONE_OF,
    KW_ENUM,
    KW_CONST,
    KW_REF,
    KW_DEFS,
    KW_NULLABLE,
    KW_COUNT
} keyword;

/* What a member of a schema object is. The annotations are exactly the
 * ones SPEC §9 lists; every other unknown key is KW_OTHER. */
static keyword keyword_of(const char *key)
{
    static const struct {
        const char *name;
        keyword kw;
    } table[] = {
        {"description", KW_ANNOTATION}, {"title", KW_ANNOTATION},
        {"default", KW_ANNOTATION},     {"examples", KW_ANNOTATION},
        {"$schema", KW_ANNOTATION},     {"$id", KW_ANNOTATION},
        {"additionalProperties", KW_ANNOTATION},
        {"type", KW_TYPE},              {"format", KW_FORMAT},
        {"items", KW_ITEMS},            {"prefixItems", KW_PREFIX_ITEMS},
        {"properties", KW_PROPERTIES},  {"required", KW_REQUIRED},
        {"anyOf", KW_ANY_OF},           {"oneOf", KW_ONE_OF},
        {"enum", KW_ENUM},              {"const", KW_CONST},
        {"$ref", KW_REF},               {"$defs", KW_DEFS},
        {"definitions", KW_DEFS},       {"nullable", KW_NULLABLE},
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (strcmp(table[i].name, key) == 0) return table[i].kw;
    return KW_OTHER;
}

/* JSON Schema type names, as bits. */
enum {
    JT_STRING = 1,
    JT_INTEGER = 2,
    JT_NUMBER = 4,
    JT_BOOLEAN = 8,
    JT_OBJECT = 16,
    JT_ARRAY = 32,
    JT_NULL = 64
};

/* The JT_ bit of a type name (case-sensitive), 0 for an unknown one. */
static unsigned json_type_bit(const char *name)
{
    static const char *const names[] = {"string", "integer", "number", "boolean",
                                        "object", "array",   "null"};
    for (unsigned i = 0; i < 7; i++)
        if (strcmp(names[i], name) == 0) return 1u << i;
    return 0;
}

/* Where the type of a schema comes from (decided before its keywords are
 * read one by one, so that each keyword knows whether it is used). */
typedef enum source {
    SRC_NONE,           /* no type-giving keyword: :any */
    SRC_TYPE,           /* a "type" toolsig expresses */
    SRC_TYPE_BAD,       /* a "type" it cannot: :any */
    SRC_ANY_OF,
    SRC_ONE_OF,
    SRC_ENUM,
    SRC_CONST,
    SRC_REF,
    SRC_UNTYPED_OBJECT, /* properties / required without a type: :any */
    SRC_UNTYPED_ARRAY   /* items / prefixItems without a type: :any */
} source;

/* The property names of one object (hash.c), begun with the first name
 * added: entry = index in names. norm: compare after "-" -> "_". */
typedef struct name_table {
    tsig_table t;
    int norm;
    int begun;
} name_table;

/* tsig_table_key_of over an array of NUL-terminated names. */
static const char *name_at(const void *ctx, size_t entry, size_t *len)
{
    const char *s = ((const char *const *)ctx)[entry];
    *len = strlen(s);
    return s;
}

/* An empty table for up to n names (it allocates when names are added).
 * Returns 1. */
static int table_init(name_table *t, size_t n, int norm)
{
    (void)n;
    t->norm = norm;
    t->begun = 0;
    return 1;
}

static void table_release(name_table *t)
{
    if (t->begun) tsig_table_release(&t->t);
    t->begun = 0;
}

/* The index of the name equal to s, NOT_FOUND, or TABLE_NOMEM. */
#define TABLE_NOMEM TSIG_TABLE_NOMEM
static size_t table_find(name_table *t, const char *s)
{
    if (!t->begun) return NOT_FOUND;
    size_t len = strlen(s);
    return tsig_table_find(&t->t, s, len, tsig_table_hash(&t->t, s, len));
}

/* Adds names[i] unless an equal name is there: then returns that one's
 * index (and adds nothing); NOT_FOUND after adding, TABLE_NOMEM when out
 * of memory. */
static size_t table_add(name_table *t, const char *const *names, size_t i)
{
    if (!t->begun) {
        tsig_table_init(&t->t, t->norm, NULL, name_at, names);
        t->begun = 1;
    }
    size_t len = strlen(names[i]);
    size_t at = tsig_table_add(&t->t, names[i], len, tsig_table_hash(&t->t, names[i], len), i);
    return at == TSIG_TABLE_NONE ? NOT_FOUND : at;
}

/* What one schema object is, read from all its keywords before any of them
 * is converted. */
typedef struct schema_info {
    const cJSON *node;
    const cJSON *kw[KW_COUNT]; /* the child holding each keyword */
    source src;
    unsigned base;       /* SRC_TYPE: the one non-null JT_ bit */
    int nullable;        /* "null" in the type, or lossy "nullable": true */
    const cJSON *untyped_reporter; /* SRC_UNTYPED_*: the keyword reported */
    int params_root;     /* the inputSchema of a tool */
    int too_deep;        /* a list / typed map over the nesting limit */
    /* Typed maps: the properties, in document order. */
    size_t prop_count;
    const char **names;  /* property names (cJSON's strings) */
    const cJSON **props; /* property schemas */
    size_t *field_of;    /* property -> field index, NOT_FOUND when none */
    unsigned char *required;
    name_table exact;    /* names, exactly: for "required" */
    int bad_names;       /* lossy: some name is unusable: the object is :map */
    int props_malformed; /* "properties" is not an object */
    tsig_field *fields;
    size_t field_count;
    /* Results of keywords that decide the type. */
    const tsig_type *elem;   /* SRC_TYPE array: the element */
    const tsig_type *decided; /* SRC_ANY_OF / ONE_OF / ENUM / CONST */
} schema_info;

/* Releases the temporary tables of one schema (the fields stay: they are
 * in the arena). */
static void info_release(schema_info *s)
{
    free(s->names);
    free(s->props);
    free(s->field_of);
    free(s->required);
    table_release(&s->exact);
}

/*
 * Reads the "type" keyword: sets s->base / s->nullable and returns 1 when
 * toolsig can express it. Otherwise returns 0 and, when why is not NULL,
 * writes why (at most REASON_BUF bytes). The reason is only written when it
 * is reported, so that no buffer for it lives in the frames of the
 * recursion.
 */
static int read_type_keyword(schema_info *s, const cJSON *type, char *why)
{
    unsigned bits = 0;
    char name[ECHO_BUF];
    if (cJSON_IsString(type)) {
        bits = json_type_bit(type->valuestring);
        if (!bits) {
            if (why) {
                echo(type->valuestring, name);
                tsig_snprintf(why, REASON_BUF, "unknown type %s", name);
            }
            return 0;
        }
    } else if (cJSON_IsArray(type)) {
        if (!type->child) {
            if (why) tsig_snprintf(why, REASON_BUF, "empty type list");
            return 0;
        }
        for (const cJSON *t = type->child; t; t = t->next) {
            if (!cJSON_IsString(t)) {
                if (why)
                    tsig_snprintf(why, REASON_BUF, "expected type names, found %s",
                                  json_kind(t));
                return 0;
            }
            unsigned bit = json_type_bit(t->valuestring);
            if (!bit) {
                if (why) {
                    echo(t->valuestring, name);
                    tsig_snprintf(why, REASON_BUF, "unknown type %s", name);
                }
                return 0;
            }
            bits |= bit;
        }
    } else {
        if (why)
            tsig_snprintf(why, REASON_BUF, "expected a type name or an array of them, found %s",
                          json_kind(type));
        return 0;
    }
    unsigned non_null = bits & ~(unsigned)JT_NULL;
    if (non_null == 0) {
        if (why) tsig_snprintf(why, REASON_BUF, "unsupported type \"null\"");
        return 0;
    }
    if (non_null & (non_null - 1)) {
        /* Two or more types: name them in the order written. */
        if (why) {
            size_t n = (size_t)tsig_snprintf(why, REASON_BUF, "unsupported union of types");
            const char *sep = " ";
            for (const cJSON *t = type->child; t && n < REASON_BUF; t = t->next) {
                n += (size_t)tsig_snprintf(why + n, REASON_BUF - n, "%s%s", sep, t->valuestring);
                sep = ", ";
            }
        }
        return 0;
    }
    s->base = non_null;
    s->nullable = (bits & JT_NULL) != 0;
    return 1;
}

/* Reports the "type" keyword of a SRC_TYPE_BAD schema (see problem). */
static int report_bad_type(importer *im, schema_info *s)
{
    char why[REASON_BUF];
    read_type_keyword(s, s->kw[KW_TYPE], why);
    return problem(im, "type", "widened to :any", "%s", why);
}

/* Decides where the type of the schema comes from (see source). */
static void decide_source(schema_info *s)
{
    /* In this order: "type" decides; without it anyOf, oneOf, enum, const,
     * $ref (lossy readings); then the object and array keywords. */
    const cJSON *const *kw = s->kw;
    if (kw[KW_TYPE]) {
        s->src = read_type_keyword(s, kw[KW_TYPE], NULL) ? SRC_TYPE : SRC_TYPE_BAD;
    } else if (kw[KW_ANY_OF]) {
        s->src = SRC_ANY_OF;
    } else if (kw[KW_ONE_OF]) {
        s->src = SRC_ONE_OF;
    } else if (kw[KW_ENUM]) {
        s->src = SRC_ENUM;
    } else if (kw[KW_CONST]) {
        s->src = SRC_CONST;
    } else if (kw[KW_REF]) {
        s->src = SRC_REF;
    } else if (kw[KW_PROPERTIES] || kw[KW_REQUIRED]) {
        /* A tool's arguments are always an object (MCP requires it), so
         * its inputSchema may leave the type out. */
        if (s->params_root) {
            s->src = SRC_TYPE;
            s->base = JT_OBJECT;
        } else {
            s->src = SRC_UNTYPED_OBJECT;
        }
    } else if (kw[KW_ITEMS] || kw[KW_PREFIX_ITEMS]) {
        s->src = SRC_UNTYPED_ARRAY;
    } else {
        s->src = SRC_NONE;
    }
    if (s->src == SRC_UNTYPED_OBJECT || s->src == SRC_UNTYPED_ARRAY) {
        /* The first of the keywords that need the type reports it. */
        keyword a = s->src == SRC_UNTYPED_OBJECT ? KW_PROPERTIES : KW_ITEMS;
        keyword b = s->src == SRC_UNTYPED_OBJECT ? KW_REQUIRED : KW_PREFIX_ITEMS;
        for (const cJSON *c = s->node->child; c; c = c->next) {
            if (c == kw[a] || c == kw[b]) {
                s->untyped_reporter = c;
                break;
            }
        }
    }
}

/* 1 iff the schema's "type" is base (nullable or not). */
static int is_typed(const schema_info *s, unsigned base)
{
    return s->src == SRC_TYPE && s->base == base;
}

/* Sets up the property tables of a typed map (see schema_info); for lossy
 * conversion outside a tool's parameters, also decides whether any name is
 * unusable (the object is then :map; the names are reported where
 * "properties" is read). 0 when out of memory. */
static int prepare_properties(importer *im, schema_info *s)
{
    const cJSON *props = s->kw[KW_PROPERTIES];
    size_t n = 0;
    if (props && cJSON_IsObject(props))
        for (const cJSON *c = props->child; c; c = c->next) n++;
    s->prop_count = n;
    if (!table_init(&s->exact, n, 0)) return fail_nomem(im);
    if (n == 0) return 1;
    s->names = malloc(n * sizeof *s->names);
    s->props = malloc(n * sizeof *s->props);
    s->field_of = malloc(n * sizeof *s->field_of);
    s->required = calloc(n, 1);
    s->fields = tsig_arena_alloc(im->arena, n * sizeof *s->fields);
    if (!s->names || !s->props || !s->field_of || !s->required || !s->fields)
        return fail_nomem(im);
    /* The fields array is in the arena with room for every property; the
     * record takes the first field_count of them. */
    size_t i = 0;
    for (const cJSON *c = props->child; c; c = c->next, i++) {
        s->names[i] = c->string;
        s->props[i] = c;
        s->field_of[i] = NOT_FOUND;
        /* keys are unique (checked before): never found */
        if (table_add(&s->exact, s->names, i) == TABLE_NOMEM) return fail_nomem(im);
    }
    /* Lossy: one unusable name makes the whole object :map, which must be
     * known before any property (or "required") is read. */
    if (im->lossy && !s->params_root) {
        name_table norm;
        if (!table_init(&norm, n, 1)) return fail_nomem(im);
        for (i = 0; i < n && !s->bad_names; i++) {
            size_t other = is_ident(s->names[i]) ? table_add(&norm, s->names, i) : NOT_FOUND;
            if (other == TABLE_NOMEM) {
                table_release(&norm);
                return fail_nomem(im);
            }
            if (!is_ident(s->names[i]) || other != NOT_FOUND) s->bad_names = 1;
        }
        table_release(&norm);
    }
    return 1;
}

/* Converts one schema (defined below, after the keyword readers it
 * uses). */
static const tsig_type *convert(importer *im, const cJSON *node, size_t depth,
                                int params_root);

/*
 * Converts the "properties" of a typed map into fields, in document order,
 * each property schema one level deeper. Names are checked first: an
 * identifier (SPEC §1), not colliding with an earlier one after "-" -> "_".
 * An unusable name fails, or (lossy) leaves the parameter out, or widens
 * the object to :map (then nothing inside is converted). 0 on failure.
 */
static int convert_properties(importer *im, schema_info *s, size_t depth)
{
    name_table norm = {0};
    if (!table_init(&norm, s->prop_count, 1)) return fail_nomem(im);
    const char *action = s->params_root ? "parameter left out" : "widened to :map";
    size_t mark = ptr_push(im, "properties");
    int ok = mark != NOT_FOUND;
    for (size_t i = 0; ok && i < s->prop_count; i++) {
        const char *name = s->names[i];
        char echoed[ECHO_BUF];
        if (!is_ident(name)) {
            echo(name, echoed);
            ok = problem(im, name, action, "property name %s is not an identifier", echoed);
            continue;
        }
        size_t other = table_add(&norm, s->names, i);
        if (other == TABLE_NOMEM) {
            ok = fail_nomem(im);
            break;
        }
        if (other != NOT_FOUND) {
            size_t n = strlen(name);
            char *normed = malloc(n + 1);
            if (!normed) {
                ok = fail_nomem(im);
                break;
            }
            for (size_t k = 0; k <= n; k++) normed[k] = (char)(name[k] == '-' ? '_' : name[k]);
            echo(normed, echoed);
            free(normed);
            /* Identifiers: echoed as written (the parser's message). */
            ok = problem(im, name, action,
                         "duplicate field names normalize to %s: %.*s, %.*s", echoed,
                         ECHO_MAX, s->names[other], ECHO_MAX, name);
            continue;
        }
        /* Lossy, with an unusable name elsewhere: the object is :map, so
         * its property schemas are not read. */
        if (s->bad_names) continue;
        size_t sub = ptr_push(im, name);
        if (sub == NOT_FOUND) {
            ok = 0;
            break;
        }
        const tsig_type *t = convert(im, s->props[i], depth, 0);
        ptr_pop(im, sub);
        if (!t) {
            ok = 0;
            break;
        }
        size_t len = strlen(name);
        tsig_field *f = &s->fields[s->field_count];
        char *copy = tsig_arena_strndup(im->arena, name, len);
        char *normed = tsig_arena_strndup(im->arena, name, len);
        if (!copy || !normed) {
            ok = fail_nomem(im);
            break;
        }
        for (size_t k = 0; k < len; k++)
            if (normed[k] == '-') normed[k] = '_';
        f->name = copy;
        f->name_len = len;
        f->norm = normed;
        f->type = t;
        f->offset = 0;
        f->firewalled = normed[0] == '_';
        s->field_of[i] = s->field_count++;
    }
    if (mark != NOT_FOUND && !im->failed) ptr_pop(im, mark);
    table_release(&norm);
    return ok && !im->failed;
}

/* Reads "required": an array of property names. Every entry must be a
 * string naming a property; otherwise it fails or (lossy) is dropped. */
static int read_required(importer *im, schema_info *s, const cJSON *req)
{
    if (!cJSON_IsArray(req))
        return problem(im, "required", "dropped",
                       "expected an array of property names, found %s", json_kind(req));
    size_t mark = ptr_push(im, "required");
    if (mark == NOT_FOUND) return 0;
    /* Each entry marks its property required; names are exact (no "-" ->
     * "_"), as JSON Schema compares them. */
    size_t index = 0;
    int ok = 1;
    for (const cJSON *e = req->child; e && ok; e = e->next, index++) {
        size_t sub = ptr_push_index(im, index);
        if (sub == NOT_FOUND) return 0;
        if (!cJSON_IsString(e)) {
            ok = problem(im, NULL, "dropped", "expected a property name, found %s",
                         json_kind(e));
        } else {
            size_t i = table_find(&s->exact, e->valuestring);
            if (i == TABLE_NOMEM) return fail_nomem(im);
            if (i == NOT_FOUND) {
                char echoed[ECHO_BUF];
                echo(e->valuestring, echoed);
                ok = problem(im, NULL, "dropped", "%s names no property", echoed);
            } else {
                s->required[i] = 1;
            }
        }
        if (ok) ptr_pop(im, sub);
    }
    if (ok) ptr_pop(im, mark);
    return ok;
}

/* 1 iff v is {"type": "null"} (annotations allowed beside it). */
static int is_null_schema(const cJSON *v)
{
    /* ["null"] or ["null","null"] is not this form: such a member makes
     * the anyOf unsupported (an error, or :any), never a silent guess. */
    if (!cJSON_IsObject(v)) return 0;
    int has_type = 0;
    for (const cJSON *c = v->child; c; c = c->next) {
        keyword kw = keyword_of(c->string);
        if (kw == KW_TYPE && cJSON_IsString(c) && strcmp(c->valuestring, "null") == 0)
            has_type = 1;
        else if (kw != KW_ANNOTATION)
            return 0;
    }
    return has_type;
}

/*
 * Reads anyOf / oneOf (kw names which, for messages): only
 * [S, {"type":"null"}] (either order) is expressed, as S?. Anything else
 * fails or (lossy) is :any; a oneOf fails, or (lossy) is read as anyOf.
 */
static const tsig_type *convert_union(importer *im, const cJSON *list, const char *kw,
                                      size_t depth)
{
    int one_of = strcmp(kw, "oneOf") == 0;
    const cJSON *a = cJSON_IsArray(list) ? list->child : NULL;
    const cJSON *b = a ? a->next : NULL;
    /* Exactly two members, exactly one of them {"type":"null"}. */
    int shape = a && b && !b->next && (is_null_schema(a) != is_null_schema(b));
    if (!shape || one_of) {
        const char *action = shape ? "read as anyOf" : "widened to :any";
        if (!problem(im, kw, action, "unsupported %s", kw)) return NULL;
        if (!shape) return new_type(im, TSIG_ANY);
    }
    size_t index = is_null_schema(a) ? 1 : 0;
    const cJSON *inner = index ? b : a;
    size_t mark = ptr_push(im, kw);
    if (mark == NOT_FOUND) return NULL;
    size_t sub = ptr_push_index(im, index);
    if (sub == NOT_FOUND) return NULL;
    const tsig_type *t = convert(im, inner, depth, 0);
    if (!t) return NULL;
    ptr_pop(im, mark);
    return make_optional(im, t);
}

/*
 * Lossy reading of enum / const (values: the enum array, or the const
 * value alone): the type of the values (see the top of the file), with the
 * warning naming it. NULL on failure.
 */
static const tsig_type *convert_values(importer *im, const cJSON *values, const char *kw,
                                       size_t depth)
{
    unsigned kinds = 0;
    int has_null = 0;
    int is_enum = strcmp(kw, "enum") == 0;
    /* An enum that is not an array says nothing usable: :any. */
    const cJSON *v = is_enum ? (cJSON_IsArray(values) ? values->child : NULL) : values;
    if (is_enum && !cJSON_IsArray(values)) kinds = JT_NULL;
    for (; v; v = is_enum ? v->next : NULL) {
        if (cJSON_IsNull(v)) has_null = 1;
        else if (cJSON_IsString(v)) kinds |= JT_STRING;
        else if (cJSON_IsNumber(v)) kinds |= v->valueint ? JT_INTEGER : JT_NUMBER;
        else if (cJSON_IsBool(v)) kinds |= JT_BOOLEAN;
        else if (cJSON_IsObject(v)) kinds |= JT_OBJECT;
        else kinds |= JT_ARRAY;
    }
    /* Only one kind of value (ints count as numbers beside floats) gives a
     * type; a list of values nests one level, within the limit. */
    tsig_kind kind = TSIG_ANY;
    int list = 0;
    switch (kinds) {
    case JT_STRING: kind = TSIG_STRING; break;
    case JT_INTEGER: kind = TSIG_INT; break;
    case JT_NUMBER:
    case JT_NUMBER | JT_INTEGER: kind = TSIG_FLOAT; break;
    case JT_BOOLEAN: kind = TSIG_BOOL; break;
    case JT_OBJECT: kind = TSIG_MAP; break;
    case JT_ARRAY: list = depth + 1 <= TSIG_SIGNATURE_MAX_DEPTH; break;
    default: break;
    }
    const tsig_type *t = new_type(im, kind);
    if (list) t = make_list(im, t);
    if (t && has_null && t->kind != TSIG_ANY) t = make_optional(im, t);
    if (!t) return NULL;
    char *name = tsig_format_type(t, 0, NULL);
    if (!name) {
        fail_nomem(im);
        return NULL;
    }
    char action[64];
    tsig_snprintf(action, sizeof action, "widened to %s", name);
    tsig_free(name);
    if (!problem(im, kw, action, "unsupported %s", kw)) return NULL;
    return t;
}

/* Reports a keyword that is not used: fails, or (lossy) drops it. */
static int drop_keyword(importer *im, const char *key, const char *what)
{
    /* A keyword-like key is shown as is ("unsupported minimum"), anything
     * else quoted and cut ("unsupported \"a b\""). */
    char shown[ECHO_BUF];
    int plain = strlen(key) <= ECHO_MAX && key[0];
    for (const char *k = key; *k && plain; k++)
        if (!((*k >= 'a' && *k <= 'z') || (*k >= 'A' && *k <= 'Z') || (*k >= '0' && *k <= '9') ||
              *k == '$' || *k == '_' || *k == '-'))
            plain = 0;
    if (plain) tsig_snprintf(shown, sizeof shown, "%s", key);
    else echo(key, shown);
    return problem(im, key, "dropped", "unsupported %s%s", shown, what);
}

/*
 * Reads the keywords of one schema object in document order (see the top
 * of the file for what each becomes). Returns 0 on failure.
 */
static int read_keywords(importer *im, schema_info *s, size_t depth)
{
    for (const cJSON *c = s->node->child; c; c = c->next) {
        keyword kw = keyword_of(c->string);
        int ok = 1;
        switch (kw) {
        case KW_ANNOTATION:
            break;
        case KW_TYPE:
            /* A missing "items" is reported here, where "array" is said. */
            if (s->src == SRC_TYPE_BAD) {
                ok = report_bad_type(im, s);
            } else if (is_typed(s, JT_ARRAY) && !s->too_deep && !s->kw[KW_ITEMS] &&
                       !s->kw[KW_PREFIX_ITEMS]) {
                ok = problem(im, NULL, "widened to [:any]", "array schema without \"items\"");
            }
            break;
        case KW_FORMAT:
            /* Used (or ignored) when the type is built; only its shape here. */
            if (!cJSON_IsString(c))
                ok = problem(im, "format", "dropped", "expected a string, found %s", json_kind(c));
            break;
        case KW_ITEMS:
        case KW_PREFIX_ITEMS:
            /* The element of an array; beside prefixItems, items is not
             * read (the element is :any). Elsewhere: reported once for an
             * untyped schema, dropped beside another type, and not read
             * inside a type widened to :any. */
            if (is_typed(s, JT_ARRAY)) {
                if (s->too_deep) break;
                if (kw == KW_PREFIX_ITEMS) {
                    ok = problem(im, "prefixItems", "items widened to :any",
                                 "unsupported prefixItems");
                    s->elem = ok ? new_type(im, TSIG_ANY) : NULL;
                    ok = s->elem != NULL;
                } else if (!s->kw[KW_PREFIX_ITEMS]) {
                    size_t mark = ptr_push(im, "items");
                    if (mark == NOT_FOUND) return 0;
                    s->elem = convert(im, c, depth + 1, 0);
                    if (!s->elem) return 0;
                    ptr_pop(im, mark);
                }
            } else if (s->src == SRC_UNTYPED_ARRAY) {
                if (c == s->untyped_reporter)
                    ok = problem(im, c->string, "widened to :any",
                                 "%s without \"type\": \"array\"", c->string);
            } else if (s->src != SRC_TYPE_BAD) {
                ok = drop_keyword(im, c->string, " outside an array schema");
            }
            break;
        case KW_PROPERTIES:
        case KW_REQUIRED:
            /* The fields of a typed map, as items above for other types.
             * required is not read when the object is :map anyway. */
            if (is_typed(s, JT_OBJECT)) {
                if (s->too_deep) break;
                if (kw == KW_PROPERTIES && !cJSON_IsObject(c)) {
                    ok = problem(im, "properties", "widened to :map",
                                 "expected an object of schemas, found %s", json_kind(c));
                } else if (kw == KW_PROPERTIES) {
                    ok = convert_properties(im, s, s->params_root ? depth : depth + 1);
                } else if (!s->bad_names && !s->props_malformed) {
                    ok = read_required(im, s, c);
                }
            } else if (s->src == SRC_UNTYPED_OBJECT) {
                if (c == s->untyped_reporter)
                    ok = problem(im, c->string, "widened to :any",
                                 "%s without \"type\": \"object\"", c->string);
            } else if (s->src != SRC_TYPE_BAD) {
                ok = drop_keyword(im, c->string, " outside an object schema");
            }
            break;
        case KW_ANY_OF:
        case KW_ONE_OF:
            /* The type when no "type" is given; beside one, a condition. */
            if ((kw == KW_ANY_OF && s->src == SRC_ANY_OF) ||
                (kw == KW_ONE_OF && s->src == SRC_ONE_OF)) {
                s->decided = convert_union(im, c, c->string, depth);
                ok = s->decided != NULL;
            } else {
                ok = drop_keyword(im, c->string, "");
            }
            break;
        case KW_ENUM:
        case KW_CONST:
            /* Never expressed; alone, lossy reads the type of the values. */
            if ((kw == KW_ENUM && s->src == SRC_ENUM) || (kw == KW_CONST && s->src == SRC_CONST)) {
                if (!im->lossy) {
                    ok = problem(im, c->string, "", "unsupported %s", c->string);
                } else {
                    s->decided = convert_values(im, c, c->string, depth);
                    ok = s->decided != NULL;
                }
            } else {
                ok = drop_keyword(im, c->string, "");
            }
            break;
        case KW_REF:
            if (s->src == SRC_REF) ok = problem(im, "$ref", "widened to :any", "unsupported $ref");
            else ok = drop_keyword(im, c->string, "");
            break;
        case KW_NULLABLE:
            if (cJSON_IsTrue(c)) {
                ok = problem(im, "nullable", "made optional", "unsupported nullable");
                s->nullable = 1;
            } else {
                ok = drop_keyword(im, c->string, "");
            }
            break;
        case KW_DEFS:
        case KW_OTHER:
        case KW_COUNT:
            ok = drop_keyword(im, c->string, "");
            break;
        }
        if (!ok || im->failed) return 0;
    }
    return 1;
}

/*
 * Converts the schema at the current pointer. depth is the number of lists
 * and typed maps around it (a list or typed map here is level depth + 1;
 * over TSIG_SIGNATURE_MAX_DEPTH is a place toolsig cannot express).
 * params_root: node is a tool's inputSchema, whose object is the parameter
 * list (no nesting level of its own; see decide_source and
 * convert_properties). Returns the type (in the arena), or NULL with
 * im->err set. Recursion follows the schema; the walk bounded its depth.
 */
static const tsig_type *convert(importer *im, const cJSON *node, size_t depth,
                                int params_root)
{
    if (!cJSON_IsObject(node)) {
        if (!problem(im, NULL, "widened to :any", "expected a schema object, found %s",
                     json_kind(node)))
            return NULL;
        return new_type(im, TSIG_ANY);
    }
    schema_info s;
    memset(&s, 0, sizeof s);
    s.node = node;
    s.params_root = params_root;
    for (const cJSON *c = node->child; c; c = c->next) {
        keyword kw = keyword_of(c->string);
        if (kw != KW_OTHER && kw != KW_ANNOTATION) s.kw[kw] = c;
    }
    decide_source(&s);

    /* A list or typed map here would be one level too deep: the place is
     * widened as a whole (its subschemas are not read). An object without
     * properties is :map, which does not nest. */
    const tsig_type *result = NULL;
    int over = depth + 1 > TSIG_SIGNATURE_MAX_DEPTH;
    if (is_typed(&s, JT_ARRAY) && over) s.too_deep = 1;
    if (is_typed(&s, JT_OBJECT) && !params_root && over && s.kw[KW_PROPERTIES] &&
        cJSON_IsObject(s.kw[KW_PROPERTIES]))
        s.too_deep = 1;
    if (is_typed(&s, JT_OBJECT) && !s.too_deep) {
        s.props_malformed = s.kw[KW_PROPERTIES] && !cJSON_IsObject(s.kw[KW_PROPERTIES]);
        if (!prepare_properties(im, &s)) goto done;
    }
    if (s.too_deep &&
        !problem(im, NULL, s.base == JT_ARRAY ? "widened to :any" : "widened to :map",
                 "nesting deeper than %d", TSIG_SIGNATURE_MAX_DEPTH))
        goto done;
    if (!read_keywords(im, &s, depth)) goto done;

    /* Every keyword is read: build the type. */
    tsig_type *t = NULL;
    switch (s.src) {
    case SRC_TYPE:
        /* The table of SPEC §9 read backwards; a string is :datetime only
         * with "format": "date-time". */
        switch (s.base) {
        case JT_STRING: {
            const cJSON *f = s.kw[KW_FORMAT];
            int dt = f && cJSON_IsString(f) && strcmp(f->valuestring, "date-time") == 0;
            t = new_type(im, dt ? TSIG_DATETIME : TSIG_STRING);
            break;
        }
        case JT_INTEGER: t = new_type(im, TSIG_INT); break;
        case JT_NUMBER: t = new_type(im, TSIG_FLOAT); break;
        case JT_BOOLEAN: t = new_type(im, TSIG_BOOL); break;
        case JT_ARRAY:
            if (s.too_deep) {
                t = new_type(im, TSIG_ANY);
            } else {
                if (!s.elem) s.elem = new_type(im, TSIG_ANY);
                result = make_list(im, s.elem);
            }
            break;
        default: /* JT_OBJECT */
            /* No usable properties: any object (:map). */
            if (s.too_deep || s.bad_names || !s.kw[KW_PROPERTIES] || s.props_malformed) {
                t = new_type(im, TSIG_MAP);
            } else {
                t = new_type(im, TSIG_RECORD);
                if (!t) break;
                /* Not required: optional (one "?" even when nullable too). */
                for (size_t i = 0; i < s.prop_count; i++) {
                    size_t f = s.field_of[i];
                    if (f == NOT_FOUND || s.required[i]) continue;
                    s.fields[f].type = make_optional(im, s.fields[f].type);
                    if (!s.fields[f].type) goto done;
                }
                t->fields = s.fields;
                t->field_count = s.field_count;
            }
            break;
        }
        if (t) result = t;
        break;
    case SRC_ANY_OF:
    case SRC_ONE_OF:
    case SRC_ENUM:
    case SRC_CONST:
        /* Read where the keyword stood in the document. */
        result = s.decided;
        break;
    default:
        /* Nothing says more: {}, a $ref, or a place widened to :any. */
        result = new_type(im, TSIG_ANY);
        break;
    }
    if (result && s.nullable) result = make_optional(im, result);
done:
    info_release(&s);
    return im->failed ? NULL : result;
}

/* ========================================================================
 * Public functions
 * ===================================================================== */

/* The block behind a tsig_messages: the pointer array, then the texts. */
void tsig_messages_free(tsig_messages *messages)
{
    if (!messages) return;
    free(messages->internal_);
    messages->items = NULL;
    messages->count = 0;
    messages->internal_ = NULL;
}

/* Hands the recorded warnings to out (one malloc'd block). 0 when out of
 * memory. */
static int export_warnings(importer *im, tsig_messages *out)
{
    if (!out || im->warning_count == 0) return 1;
    /* The pointers first (malloc aligns them), then the texts, each with
     * its NUL as recorded. */
    size_t table = im->warning_count * sizeof(char *);
    char *block = malloc(table + im->warnings.len);
    if (!block) return fail_nomem(im);
    const char **items = (const char **)(void *)block;
    char *text = block + table;
    memcpy(text, im->warnings.data, im->warnings.len);
    for (size_t i = 0, at = 0; i < im->warning_count; i++) {
        items[i] = text + at;
        at += strlen(text + at) + 1;
    }
    out->items = items;
    out->count = im->warning_count;
    out->internal_ = block;
    return 1;
}

/*
 * The shared frame of both public functions: checks arguments, reads the
 * JSON, runs build (which fills sig from the tree), hands out warnings.
 * Returns the signature or NULL with *err set.
 */
static tsig_signature *import(const char *json, size_t len, unsigned flags,
                              tsig_messages *warnings, tsig_error *err,
                              int (*build)(importer *, const cJSON *, tsig_signature *))
{
    tsig_error scratch;
    if (!err) err = &scratch;
    memset(err, 0, sizeof *err);
    if (warnings) memset(warnings, 0, sizeof *warnings);
    if (!json && len) {
        tsig_error_set(err, TSIG_ERR_ARGUMENT, "", 0, 0, "JSON text is NULL");
        return NULL;
    }
    if (flags & ~(TSIG_SCHEMA_LOSSY | TSIG_SCHEMA_STRICT)) {
        tsig_error_set(err, TSIG_ERR_ARGUMENT, "", 0, 0, "unknown schema flags 0x%x", flags);
        return NULL;
    }
    if (!json) json = "";
    importer im;
    memset(&im, 0, sizeof im);
    im.lossy = (flags & TSIG_SCHEMA_LOSSY) != 0;
    im.err = err;
    im.src = json;
    im.len = len;
    /* The signature is allocated first: its arena receives the types as
     * they are built, and one tsig_signature_free undoes a failure. */
    tsig_sb_putc(&im.ptr, '#');
    tsig_signature *sig = calloc(1, sizeof *sig);
    if (!sig || im.ptr.failed) {
        free(sig);
        tsig_sb_release(&im.ptr);
        tsig_error_set(err, TSIG_ERR_NOMEM, "", 0, 0, "out of memory");
        return NULL;
    }
    im.arena = &sig->arena;
    cJSON *root = read_json(&im, json, len);
    int ok = root && build(&im, root, sig) && export_warnings(&im, warnings);
    cJSON_Delete(root);
    free(im.patched);
    tsig_sb_release(&im.ptr);
    tsig_sb_release(&im.warnings);
    if (!ok) {
        tsig_signature_free(sig);
        return NULL;
    }
    return sig;
}

/* from_json_schema: the whole document is the return type. */
static int build_from_schema(importer *im, const cJSON *root, tsig_signature *sig)
{
    sig->returns = convert(im, root, 0, 0);
    return sig->returns != NULL;
}

/* tool_from_json: parameters from inputSchema, the return type from
 * outputSchema (:any without one), read in document order so messages
 * come in document order. A null schema counts as absent. Other members of
 * the tool (name, description, annotations, ...) are not read. */
static int build_from_tool(importer *im, const cJSON *root, tsig_signature *sig)
{
    if (!cJSON_IsObject(root)) {
        char reason[64];
        tsig_snprintf(reason, sizeof reason, "expected a tool object, found %s", json_kind(root));
        fail_at_pointer(im, reason);
        tsig_error_hint(im->err, "a tool is {\"name\", \"description\", \"inputSchema\", "
                                 "\"outputSchema\"}");
        return 0;
    }
    for (const cJSON *c = root->child; c; c = c->next) {
        int input = strcmp(c->string, "inputSchema") == 0;
        if ((!input && strcmp(c->string, "outputSchema") != 0) || cJSON_IsNull(c)) continue;
        size_t mark = ptr_push(im, c->string);
        if (mark == NOT_FOUND) return 0;
        const tsig_type *t = convert(im, c, 0, input);
        if (!t) return 0;
        ptr_pop(im, mark);
        if (!input) {
            sig->returns = t;
            continue;
        }
        /* The fields of the object are the parameters (a nullable object
         * gives the same ones); any other type gives none. */
        if (t->kind == TSIG_OPTIONAL) t = t->elem;
        if (t->kind == TSIG_RECORD) {
            sig->params = t->fields;
            sig->param_count = t->field_count;
        }
    }
    if (!sig->returns) {
        tsig_type *any = new_type(im, TSIG_ANY);
        if (!any) return 0;
        sig->returns = any;
    }
    return 1;
}

/* See toolsig.h: the whole document is the return type. */
tsig_signature *tsig_from_json_schema(const char *json, size_t len, unsigned flags,
                                      tsig_messages *warnings, tsig_error *err)
{
    return import(json, len, flags, warnings, err, build_from_schema);
}

/* See toolsig.h: parameters from inputSchema, return type from
 * outputSchema. */
tsig_signature *tsig_tool_from_json(const char *json, size_t len, unsigned flags,
                                    tsig_messages *warnings, tsig_error *err)
{
    return import(json, len, flags, warnings, err, build_from_tool);
}
