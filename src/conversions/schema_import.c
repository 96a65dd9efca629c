/*
 * schema_import.c: JSON Schema -> type tree (SPEC §9), the inverse of
 * schema.c: tsig_from_json_schema for one schema, tsig_tool_from_json for
 * an MCP or function-calling tool definition.
 *
 * The text is read once, in two steps:
 *   1. one pass of json.c's tree builder (tsig_import_read): strict RFC
 *      8259, UTF-8 checked, nesting bounded at TSIG_DEFAULT_MAX_DEPTH,
 *      syntax errors positioned exactly, repeated keys an error; each
 *      number keeps its lexeme in valuestring and its kind in valueint (1:
 *      an int, SPEC §3: no ".", "e" or "E"), and each node its span
 *      (TSIG_TREE_SPANS);
 *   2. conversion, schema by schema, in document order, from the tree
 *      alone: the position of a problem is the span of its place's node
 *      (a member's key, any other value's first byte), never searched for
 *      in the text. A list of tools (tools.c) is read once too, each tool
 *      converted from its subtree (tsig_tool_from_tree) with positions in
 *      its own text.
 *
 * What the conversion reads exactly (SPEC §9, §11.5-11.7): type (one name
 * or several: a union, each type taking the keywords that apply to it),
 * format date-time, items, properties / required, additionalProperties (a
 * schema: the map's "* T"), enum / const (enums; null makes the type
 * optional; beside type, the values the type takes), anyOf / oneOf
 * (unions; a oneOf's members must be pairwise disjoint), allOf of one
 * schema, the bounds (refinements, draft-04 boolean exclusive bounds
 * too), nullable, a property's description and default, and local $ref
 * (inlined; the target's problems point at the target). Annotations are
 * ignored. Everything else is a "place" toolsig cannot express, reported
 * as "<JSON Pointer>: <reason>". Without TSIG_SCHEMA_LOSSY the first such
 * place (in document order) is the error. With it, each place is widened
 * and reported as one warning "<pointer>: <reason>, <action>" (each text
 * once, however many $refs reach it):
 *
 *   constraint keywords (pattern, multipleOf, ...)         dropped, type kept
 *   an empty range of bounds                               bounds dropped
 *   an enum of objects or lists, an empty one, only null   :any
 *   enum beside type with no value of the type             enum dropped
 *   oneOf with overlapping members                         read as anyOf
 *   allOf of several schemas                               :any
 *   remote, missing or recursive $ref                      :any
 *   a keyword beside $ref, a combinator beside type/enum   dropped
 *   type "null" alone, unknown types                       :any
 *   a property default that does not match                 dropped
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
 *   additionalProperties schema at a tool's inputSchema,
 *   or where no map can hold it (another type, no type)    dropped
 *
 * Dropping a keyword always widens: every JSON Schema keyword is one more
 * condition on the value (prefixItems would otherwise narrow the element
 * type). Each keyword of a schema that is read is its own place (one
 * warning each); the subschemas inside a place widened to :any or :map are
 * not read, so they add no warnings. Other members of a tool object (name,
 * description, ...) are not schemas and are not read. Repeated keys are an
 * error in every mode (two readers could pick different ones). $refs are
 * bounded: at most REF_NESTING open at once, REF_BUDGET in all, and
 * SCHEMA_NESTING schemas open through them.
 *
 * Hostile schemas cost what their size says. Everything a conversion
 * builds or reads again (a $ref's target is converted again where each
 * $ref stands) counts against a budget in proportion to the text (see
 * BUDGET_PER_BYTE); past it the conversion fails in every mode, at the
 * $ref being inlined. Lookups keyed by data go through hash.c: repeated
 * enum values (by tsig_enum_value_key), union members (by a key of their
 * canonical form, computed once per type: type_key), a oneOf's values,
 * repeated warnings, and the members $refs name in large objects and
 * arrays; nothing is compared pair by pair but the typed maps of a oneOf
 * without a discriminator, each pair counted.
 *
 * A tool's inputSchema is its parameter list: its object is no nesting
 * level, it may leave out "type": "object" (MCP arguments are always an
 * object), and with lossy a parameter with an unusable name is left out
 * (the other parameters stay) instead of widening the object to :map.
 *
 * Strings keep their length, NUL bytes included ("a\u0000b" is the three
 * bytes it says, in an enum, a default or a description). Keys are in the
 * tree's key form, a C string with a NUL held as C0 80 (internal.h), and so
 * are the segments of the current JSON Pointer; a message writes such a
 * NUL as "\u0000", as it writes every control character. An escaped lone
 * surrogate has no UTF-8 form and is read as U+FFFD, which keeps every
 * verdict (no type name, keyword or identifier holds one) while messages
 * stay valid UTF-8.
 */
#include "internal.h"

#include "cJSON.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Names echoed in messages are cut after this many code points. */
#define ECHO_MAX TSIG_ECHO_MAX
#define ECHO_BUF 192
/* Room for one reason text (before the pointer is added). */
#define REASON_BUF 512

#define NOT_FOUND ((size_t)-1)

/* The most $refs followed in one conversion, and the most open at once: a
 * document of a few kilobytes could otherwise expand to an exponential
 * type, or recurse through a long chain of them. */
#define REF_BUDGET 10000
#define REF_NESTING 64

/* The most schemas open at once, counting through $refs. One text nests
 * at most 500 (two JSON levels each, TSIG_DEFAULT_MAX_DEPTH in all), so
 * only $refs reach this; it bounds the recursion of convert. */
#define SCHEMA_NESTING 512

/*
 * What one conversion may build and read: BUDGET_PER_BYTE nodes for each
 * byte of the JSON text, and BUDGET_BASE more. Nodes count the work as it
 * is done, each $ref's target again where it is inlined:
 *   a schema object read          HEAVY_NODE, and one per member
 *   a field (a property read)     HEAVY_NODE, and its name's bytes twice
 *   a type, a union member listed one (members of nested unions again at
 *                                 each level they are flattened into)
 *   an enum value read, a         one, and each byte of its text
 *   "required" or "type" entry
 *   an enum's or union's lookup   n log2 n for its n values (sorted)
 *   text kept or written          one per byte (a description, a default,
 *                                 a bound, a $ref, a warning)
 *   a default checked             its bytes once, and again for each
 *                                 member of each union of its type
 *   two typed maps of a oneOf     their fields, compared
 * An ordinary schema counts one or two nodes per byte (a large enum, whose
 * sorting grows as log n, a little more), so only what a $ref inlines many
 * times (a large definition referred to often, a chain of definitions
 * that each refer to the next twice) runs out; the conversion then fails
 * in every mode (fail_expanded). Every later stage (the canonical form,
 * JSON Schema export, validation) costs in proportion to the tree, so the
 * budget bounds them too. A node costs a few tens of nanoseconds, so 1 MB
 * of text is imported or refused within a few tenths of a second.
 */
#define BUDGET_PER_BYTE 4
#define BUDGET_BASE ((size_t)1 << 20)
/* A schema object or a field: several allocations and lookups each. */
#define HEAVY_NODE 16

/* ========================================================================
 * Step 1: reading the JSON text into a tree with spans
 * ===================================================================== */

/* The importer's words for what a syntax error expected, in place of the
 * reader's own (which speak to authors of data, not of schemas). */
static const char *schema_wording(const char *expected)
{
    static const char *const words[][2] = {
        {"a JSON value", "a value"},
        {"a string key or \"}\"", "a string key"},
        {"a closing quote", "\"\\\"\" to close the string"},
        {"an escaped control character", "a string character"},
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

/* The first repeated key of a text: "duplicate key \"k\"" (then " at
 * <path>" below the root), and where its second spelling starts. */
typedef struct first_duplicate {
    tsig_strbuf message;
    size_t at;
} first_duplicate;

/* The tree builder's report of a repeated key: the first one (in the order
 * of the text) is remembered, worded as every other reader words it; reading
 * goes on, so that a syntax error anywhere is reported before it. */
static int note_duplicate(void *ctx, tsig_json *j, const tsig_json_path *path,
                          const char *key, size_t len, size_t offset)
{
    first_duplicate *d = ctx;
    (void)j;
    if (d->message.len || d->message.failed) return 1;
    d->at = offset;
    tsig_sb_puts(&d->message, "duplicate key ");
    tsig_json_escape_cut(&d->message, key, len, ECHO_MAX);
    if (path->count > 1) {
        tsig_sb_puts(&d->message, " at ");
        tsig_json_path_format(&d->message, path->segs, path->count - 1);
    }
    return 1;
}

/* Starts *err and *warnings empty; checks the text and the flags. 0 with
 * *err set. */
static int import_begin(const char *json, size_t len, unsigned flags, tsig_messages *warnings,
                        tsig_error *err)
{
    memset(err, 0, sizeof *err);
    if (warnings) memset(warnings, 0, sizeof *warnings);
    if (!json && len) {
        tsig_error_set(err, TSIG_ERR_ARGUMENT, "", 0, 0, "JSON text is NULL");
        return 0;
    }
    if (flags & ~(TSIG_SCHEMA_LOSSY | TSIG_SCHEMA_STRICT)) {
        tsig_error_set(err, TSIG_ERR_ARGUMENT, "", 0, 0, "unknown schema flags 0x%x", flags);
        return 0;
    }
    return 1;
}

/* See internal.h: step 1, one pass of json.c's tree builder. */
cJSON *tsig_import_read(const char *json, size_t len, unsigned flags, tsig_messages *warnings,
                        tsig_error *err)
{
    if (!import_begin(json, len, flags, warnings, err)) return NULL;
    if (!json) json = "";
    if (len > TSIG_MAX_INPUT) {
        tsig_error_set(err, TSIG_ERR_TOO_LARGE, "", 0, 0, "JSON text larger than %zu bytes",
                       (size_t)TSIG_MAX_INPUT);
        return NULL;
    }
    first_duplicate dup = {{0}, 0};
    tsig_json_tree_options o = {0, TSIG_TREE_SPANS | TSIG_TREE_NO_SURROGATES, schema_wording,
                                note_duplicate, &dup};
    cJSON *root = tsig_json_tree(json, len, &o, err);
    if (root && dup.message.failed) {
        tsig_error_set(err, TSIG_ERR_NOMEM, "", 0, 0, "out of memory");
    } else if (root && dup.message.len) {
        /* a JSON error at the second key, as every reader reports it */
        tsig_error_set(err, TSIG_ERR_JSON, json, len, dup.at, "%s", dup.message.data);
    }
    if (root && (dup.message.failed || dup.message.len)) {
        cJSON_Delete(root);
        root = NULL;
    }
    tsig_sb_release(&dup.message);
    return root;
}

/* ========================================================================
 * The importer: the current place, failures, warnings, the budget
 * ===================================================================== */

/* Everything one conversion shares. */
typedef struct importer {
    tsig_arena *arena;   /* the signature's: every type and name goes here */
    int lossy;
    tsig_error *err;
    /* Errors are positioned in src[0..len), which starts at offset base
     * of the text the tree was read from (a tool of a list: its own text
     * within the list's). */
    const char *src;
    size_t len, base;
    tsig_strbuf ptr;     /* JSON Pointer of the current place ("#/...") */
    const cJSON *here;   /* the node the pointer names, whose span
                            positions a failure there */
    tsig_strbuf warnings; /* each warning followed by a NUL byte */
    size_t warning_count;
    /* The warnings kept, found by their text (hash.c): a place reached
     * through several $refs warns each time, and is kept once. */
    tsig_table warning_set;
    struct warning_span {
        size_t at, len;
    } *warning_spans;
    size_t warning_cap;
    int failed;          /* err is set; stop */
    /* Local references: the schema their fragments point into (the
     * document, or a tool's inputSchema / outputSchema) and its pointer;
     * the targets being converted (a target met again is recursive), and
     * how many were followed in all. */
    const cJSON *root;
    const char *root_ptr;
    const cJSON *doc;    /* the whole document */
    /* The members of large objects and arrays (more than SCAN_MEMBERS),
     * found by the container's address and the key (an index in decimal)
     * for $refs: keys[key_at[i] .. key_at[i + 1]) is member i's. Built
     * on the first $ref through a large container. */
    tsig_table index;
    const cJSON **index_members;
    size_t *index_key_at;
    tsig_strbuf index_keys;
    int index_built;
    const cJSON *ref_stack[REF_NESTING];
    const tsig_strbuf *ref_site[REF_NESTING]; /* the place holding each */
    const cJSON *ref_node[REF_NESTING];       /* and its "$ref" member */
    size_t ref_depth;
    size_t ref_count;
    size_t nesting;      /* schemas being converted, through $refs */
    /* Nodes built so far, and the most the text allows (see
     * BUDGET_PER_BYTE). */
    size_t spent, budget;
    size_t compared;     /* values or members compared in full (tests) */
    size_t scanned;      /* members compared one by one for $refs (tests) */
    /* The key (type_key) of each type keyed so far, by its address. */
    tsig_table memo;
    const tsig_type **memo_types;
    uint64_t *memo_keys;
    size_t memo_count, memo_cap;
} importer;

/* Fails with TSIG_ERR_NOMEM (unless an error is already set); returns 0. */
static int fail_nomem(importer *im)
{
    if (!im->failed) tsig_error_set(im->err, TSIG_ERR_NOMEM, "", 0, 0, "out of memory");
    im->failed = 1;
    return 0;
}

/* Appends one pointer segment (in key form), escaping "~" and "/" (RFC
 * 6901). */
static void ptr_append_segment(tsig_strbuf *sb, const char *seg, size_t len)
{
    tsig_sb_putc(sb, '/');
    size_t run = 0;
    for (size_t i = 0; i < len; i++) {
        char c = seg[i];
        if (c != '~' && c != '/') continue;
        tsig_sb_append(sb, seg + run, i - run);
        run = i + 1;
        tsig_sb_append(sb, c == '~' ? "~0" : "~1", 2);
    }
    tsig_sb_append(sb, seg + run, len - run);
}

/* Appends the pointer ptr[0..len) as messages show it: control characters
 * escaped as JSON escapes them ("\n", "\u001b"), the NUL of key form too
 * ("\u0000"), so that every message is one line (SPEC §11.5). */
static void ptr_put_message(tsig_strbuf *sb, const char *ptr, size_t len)
{
    size_t run = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)ptr[i];
        int nul = i + 1 < len && memcmp(ptr + i, TSIG_TREE_KEY_NUL, 2) == 0;
        if (c >= 0x20 && !nul) continue;
        tsig_sb_append(sb, ptr + run, i - run);
        char e[6];
        tsig_sb_append(sb, e, tsig_json_escape_byte(nul ? 0 : c, e));
        i += (size_t)nul;
        run = i + 1;
    }
    tsig_sb_append(sb, ptr + run, len - run);
}

/* A place to come back to (ptr_pop): the pointer's length and its node. */
typedef struct place {
    size_t len; /* NOT_FOUND: the push failed */
    const cJSON *node;
} place;

/* Steps into node, named by the segment seg[0..len): the current place
 * becomes it. Returns the place to pop back to, its len NOT_FOUND after
 * failing with TSIG_ERR_NOMEM. */
static place ptr_step(importer *im, const cJSON *node, const char *seg, size_t len)
{
    place back = {im->ptr.len, im->here};
    ptr_append_segment(&im->ptr, seg, len);
    if (im->ptr.failed) {
        fail_nomem(im);
        back.len = NOT_FOUND;
        return back;
    }
    im->here = node;
    return back;
}

/* Steps into member, a member of the object at the current place. */
static place ptr_push(importer *im, const cJSON *member)
{
    return ptr_step(im, member, member->string, strlen(member->string));
}

/* Steps into element, element index of the array at the current place. */
static place ptr_push_index(importer *im, size_t index, const cJSON *element)
{
    char buf[32];
    int n = tsig_snprintf(buf, sizeof buf, "%zu", index);
    return ptr_step(im, element, buf, (size_t)n);
}

/* Appends s[0..len) in the key form of a tree (a NUL as C0 80). */
static void key_form(tsig_strbuf *sb, const char *s, size_t len)
{
    size_t run = 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] != '\0') continue;
        tsig_sb_append(sb, s + run, i - run);
        tsig_sb_puts(sb, TSIG_TREE_KEY_NUL);
        run = i + 1;
    }
    tsig_sb_append(sb, s + run, len - run);
}

/* Goes back to a place from ptr_push. */
static void ptr_pop(importer *im, place back)
{
    im->ptr.len = back.len;
    im->ptr.data[back.len] = '\0';
    im->here = back.node;
}

/* Where a failure at node is, in im->src: a member's key, any other
 * value's first byte (the schema converted, a tool: its value). Read from
 * the node's span (the tree is read with TSIG_TREE_SPANS). */
static size_t place_offset(const importer *im, const cJSON *node)
{
    const tsig_tree_span *sp = tsig_json_tree_span(node);
    size_t at = sp->key != TSIG_JSON_NONE && node != im->doc ? sp->key : sp->start;
    return at - im->base;
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

/* The length of a string node's text (it may hold NUL bytes). */
static size_t str_len(const cJSON *v)
{
    return (size_t)v->valueint;
}

/* 1 iff v is the string text (a C string). */
static int str_is(const cJSON *v, const char *text)
{
    size_t n = strlen(text);
    return cJSON_IsString(v) && str_len(v) == n && memcmp(v->valuestring, text, n) == 0;
}

/* Writes s[0..len) quoted, JSON-escaped and cut at ECHO_MAX code points. */
static void echo(const char *s, size_t len, char *buf)
{
    tsig_quote_cut(s, len, ECHO_MAX, buf, ECHO_BUF);
}

/* As echo, for a key (in key form). The bytes of its start are enough:
 * ECHO_MAX code points take at most 4 * ECHO_MAX of them, and any more
 * make the cut. */
static void echo_key(const char *key, char *buf)
{
    char bytes[4 * ECHO_MAX + 8];
    size_t len = strlen(key);
    if (len > sizeof bytes) len = sizeof bytes;
    echo(bytes, tsig_json_tree_key_bytes(key, len, bytes), buf);
}

/*
 * Fails with TSIG_ERR_SCHEMA "<pointer>: <reason>". The message buffer is
 * bounded (TSIG_MESSAGE_MAX), so a pointer too long to fit whole keeps its
 * start and its end around "…", whole segments where it can: the reason is
 * never cut. The error's position is the place's (place_offset).
 */
static int fail_at_pointer(importer *im, const char *reason)
{
    tsig_strbuf shown = {0};
    ptr_put_message(&shown, im->ptr.data, im->ptr.len);
    tsig_sb_putc(&shown, '\0');
    if (shown.failed) {
        tsig_sb_release(&shown);
        return fail_nomem(im);
    }
    const char *ptr = shown.data;
    size_t plen = shown.len - 1, rlen = strlen(reason);
    size_t room = TSIG_MESSAGE_MAX - 1;
    size_t offset = place_offset(im, im->here);
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
    tsig_sb_release(&shown);
    tsig_error_hint(im->err, "toolsig cannot express this; the lossy option widens it, "
                             "with a warning");
    im->failed = 1;
    return 0;
}

/*
 * Fails with TSIG_ERR_SCHEMA "<pointer>: the schema expands past N nodes"
 * (in every mode: nothing can be widened to make room), at the $ref being
 * inlined when the budget ran out (the current place when none is). 0.
 */
static TSIG_COLD int fail_expanded(importer *im)
{
    tsig_strbuf here = im->ptr, site = {0};
    const cJSON *node = im->here;
    if (im->ref_depth) {
        const tsig_strbuf *at = im->ref_site[im->ref_depth - 1];
        tsig_sb_append(&site, at->data, at->len);
        tsig_sb_puts(&site, "/$ref");
        if (site.failed) {
            tsig_sb_release(&site);
            return fail_nomem(im);
        }
        im->ptr = site;
        im->here = im->ref_node[im->ref_depth - 1];
    }
    char reason[64];
    tsig_snprintf(reason, sizeof reason, "the schema expands past %zu nodes", im->budget);
    fail_at_pointer(im, reason);
    tsig_error_hint(im->err, im->ref_depth ? "every $ref is inlined where it stands: a schema that "
                                             "refers to a large one many times is as large as "
                                             "all its copies"
                                           : "a schema may build and read a few nodes for each "
                                             "byte of its text, no more");
    im->ptr = here;
    im->here = node;
    tsig_sb_release(&site);
    return 0;
}

/* a x b, or SIZE_MAX when that does not fit (counts of nodes only grow
 * to the budget, which is less). */
static size_t times(size_t a, size_t b)
{
    return b && a > SIZE_MAX / b ? SIZE_MAX : a * b;
}

/* n x log2(n), rounded up: what sorting n things costs, in nodes (the
 * lookups of enums and unions are built by sorting their values). */
static size_t sorting(size_t n)
{
    size_t log = 1;
    while (log < sizeof n * 8 - 1 && ((size_t)1 << log) < n) log++;
    return times(n, log);
}

/* Counts n more nodes against the budget (see BUDGET_PER_BYTE): 1, or 0
 * after failing (fail_expanded) or once anything has failed. */
static int spend(importer *im, size_t n)
{
    if (im->failed) return 0;
    if (n > im->budget - im->spent) return fail_expanded(im);
    im->spent += n;
    return 1;
}

/* tsig_table_key_of over the kept warnings (ctx: the importer). */
static const char *warning_text(const void *ctx, size_t entry, size_t *len)
{
    const importer *im = ctx;
    *len = im->warning_spans[entry].len;
    return im->warnings.data + im->warning_spans[entry].at;
}

/* The warning written at im->warnings[start..len): kept (closed with a
 * NUL byte) unless the same text was kept before, then taken back. 0 when
 * out of memory. */
static int keep_warning(importer *im, size_t start)
{
    tsig_strbuf *w = &im->warnings;
    const char *text = w->data + start;
    size_t len = w->len - start, n = im->warning_count;
    if (n == im->warning_cap) {
        size_t cap = n ? n * 2 : 16;
        struct warning_span *p = realloc(im->warning_spans, cap * sizeof *p);
        if (!p) return fail_nomem(im);
        im->warning_spans = p;
        im->warning_cap = cap;
    }
    im->warning_spans[n].at = start;
    im->warning_spans[n].len = len;
    size_t hash = tsig_table_hash(&im->warning_set, text, len);
    size_t seen = tsig_table_add(&im->warning_set, text, len, hash, n);
    if (seen == TSIG_TABLE_NOMEM) return fail_nomem(im);
    if (seen != TSIG_TABLE_NONE) {
        w->len = start;
        w->data[start] = '\0';
        return 1;
    }
    tsig_sb_putc(w, '\0');
    im->warning_count++;
    return w->failed ? fail_nomem(im) : 1;
}

/*
 * A place toolsig cannot express: member (a member of the object at the
 * current place), or the current place when member is NULL. Without lossy: fails (see
 * fail_at_pointer) and returns 0. With lossy: records the warning
 * "<pointer>: <reason>, <action>" and returns 1 (0 only when out of
 * memory).
 */
static int problem(importer *im, const cJSON *member, const char *action, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

static int problem(importer *im, const cJSON *member, const char *action, const char *fmt, ...)
{
    /* The reason is short (names in it are cut by echo); the pointer is
     * added outside the buffer, whatever its length. */
    char reason[REASON_BUF];
    va_list ap;
    va_start(ap, fmt);
    tsig_vsnprintf(reason, sizeof reason, fmt, ap);
    va_end(ap);
    place back = {im->ptr.len, im->here};
    if (member && ptr_push(im, member).len == NOT_FOUND) return 0;
    int ok;
    if (!im->lossy) {
        ok = fail_at_pointer(im, reason);
    } else {
        tsig_strbuf *w = &im->warnings;
        size_t start = w->len;
        ptr_put_message(w, im->ptr.data, im->ptr.len);
        tsig_sb_printf(w, ": %s, %s", reason, action);
        ok = w->failed ? fail_nomem(im) : spend(im, w->len - start) && keep_warning(im, start);
    }
    ptr_pop(im, back);
    return ok;
}

/* ========================================================================
 * Step 2: conversion
 * ===================================================================== */

static tsig_type *new_type(importer *im, tsig_kind kind)
{
    if (!spend(im, 1)) return NULL;
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

/* A property name that can be a field's: an identifier (names.c). */
static int is_ident(const char *s)
{
    return tsig_is_ident(s, strlen(s));
}

/* The keywords conversion knows; every other key is KW_OTHER. */
typedef enum keyword {
    KW_OTHER = 0,
    KW_ANNOTATION, /* accepted and ignored (a property's description and
                      default are read by the object holding it) */
    KW_TYPE,
    KW_FORMAT,
    KW_ITEMS,
    KW_PREFIX_ITEMS,
    KW_PROPERTIES,
    KW_REQUIRED,
    KW_ADDITIONAL,
    KW_PROPERTY_NAMES,
    KW_ANY_OF,
    KW_ONE_OF,
    KW_ALL_OF,
    KW_ENUM,
    KW_CONST,
    KW_REF,
    KW_DEFS,
    KW_NULLABLE,
    KW_MINIMUM,
    KW_MAXIMUM,
    KW_EXCL_MINIMUM,
    KW_EXCL_MAXIMUM,
    KW_MIN_LENGTH,
    KW_MAX_LENGTH,
    KW_MIN_ITEMS,
    KW_MAX_ITEMS,
    KW_COUNT
} keyword;

/* What a member of a schema object is. The annotations are exactly the
 * ones SPEC §9 and §11.5 list; every other unknown key is KW_OTHER. Keys
 * are told apart by their first byte, then compared whole (a schema's
 * every key is looked up, each time a $ref inlines it). */
static keyword keyword_of(const char *key)
{
    static const struct {
        const char *name;
        keyword kw;
    } table[] = {
        {"additionalProperties", KW_ADDITIONAL}, {"allOf", KW_ALL_OF},
        {"anyOf", KW_ANY_OF},
        {"const", KW_CONST},
        {"default", KW_ANNOTATION},     {"definitions", KW_DEFS},
        {"deprecated", KW_ANNOTATION},  {"description", KW_ANNOTATION},
        {"enum", KW_ENUM},              {"examples", KW_ANNOTATION},
        {"exclusiveMaximum", KW_EXCL_MAXIMUM}, {"exclusiveMinimum", KW_EXCL_MINIMUM},
        {"format", KW_FORMAT},
        {"items", KW_ITEMS},
        {"maxItems", KW_MAX_ITEMS},     {"maxLength", KW_MAX_LENGTH},
        {"maximum", KW_MAXIMUM},        {"minItems", KW_MIN_ITEMS},
        {"minLength", KW_MIN_LENGTH},   {"minimum", KW_MINIMUM},
        {"nullable", KW_NULLABLE},
        {"oneOf", KW_ONE_OF},
        {"prefixItems", KW_PREFIX_ITEMS}, {"properties", KW_PROPERTIES},
        {"propertyNames", KW_PROPERTY_NAMES},
        {"readOnly", KW_ANNOTATION},    {"required", KW_REQUIRED},
        {"title", KW_ANNOTATION},       {"type", KW_TYPE},
        {"writeOnly", KW_ANNOTATION},
        {"$comment", KW_ANNOTATION},    {"$defs", KW_DEFS},
        {"$id", KW_ANNOTATION},         {"$ref", KW_REF},
        {"$schema", KW_ANNOTATION},
    };
    /* The table is grouped by first byte: find the group, then compare. */
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        if (table[i].name[0] != key[0]) continue;
        for (; i < sizeof table / sizeof table[0] && table[i].name[0] == key[0]; i++)
            if (strcmp(table[i].name + 1, key + 1) == 0) return table[i].kw;
        break;
    }
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

/* The JT_ bit of a type name (a string node; case-sensitive), 0 for an
 * unknown one. */
static unsigned json_type_bit(const cJSON *name)
{
    static const char *const names[] = {"string", "integer", "number", "boolean",
                                        "object", "array",   "null"};
    for (unsigned i = 0; i < 7; i++)
        if (str_is(name, names[i])) return 1u << i;
    return 0;
}

/* Where the type of a schema comes from (decided before its keywords are
 * read one by one, so that each keyword knows whether it is used). */
typedef enum source {
    SRC_NONE,           /* no type-giving keyword: :any */
    SRC_TYPE,           /* a "type" toolsig expresses (one or more names) */
    SRC_TYPE_BAD,       /* a "type" it cannot: :any */
    SRC_ANY_OF,
    SRC_ONE_OF,
    SRC_ALL_OF,
    SRC_ENUM,           /* enum or const without a type */
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

/* The index of the name equal to s[0..len), NOT_FOUND, or TABLE_NOMEM. */
#define TABLE_NOMEM TSIG_TABLE_NOMEM
static size_t table_find(name_table *t, const char *s, size_t len)
{
    if (!t->begun) return NOT_FOUND;
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
    unsigned base;       /* SRC_TYPE: the non-null JT_ bits */
    const cJSON *type_order; /* SRC_TYPE: the "type" keyword (member order) */
    int nullable;        /* "null" in the type, or "nullable": true */
    const cJSON *untyped_reporter; /* SRC_UNTYPED_*: the keyword reported */
    int params_root;     /* the inputSchema of a tool */
    int too_deep;        /* a list / typed map over the nesting limit */
    int widen_any;       /* lossy: a keyword made the whole place :any */
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
    const tsig_type *elem;    /* arrays: the element */
    const tsig_type *extra;   /* objects: the "* T" of additionalProperties */
    const tsig_type *decided; /* SRC_ANY_OF / ONE_OF / ALL_OF */
    /* enum / const: the values read, null apart, each once: found by
     * their keys (tsig_enum_value_key; value i's is value_keys[key_at[i]
     * .. key_at[i + 1])) in value_set. */
    int has_values;
    tsig_enum_value *values;
    size_t value_count;
    tsig_strbuf value_keys;
    size_t *key_at;
    tsig_table value_set;
    size_t *compared;    /* the importer's count of full comparisons */
    int value_null;
    const cJSON *values_kw; /* the "enum" or "const" read */
    /* Bounds as written: numbers (minimum, exclusiveMinimum as a number;
     * a draft-04 boolean exclusiveMinimum / Maximum in excl_*_flag),
     * lengths and item counts. */
    tsig_bound minimum, maximum, excl_minimum, excl_maximum;
    int excl_min_flag, excl_max_flag;
    tsig_bound min_length, max_length, min_items, max_items;
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
    free(s->values);
    free(s->key_at);
    tsig_sb_release(&s->value_keys);
    if (s->value_set.key_of) tsig_table_release(&s->value_set);
}

/*
 * Reads the "type" keyword: sets s->base / s->nullable and returns 1 when
 * toolsig can express it (one or several type names, "null" among them
 * or not, but not "null" alone). Otherwise returns 0 and, when why is not
 * NULL, writes why (at most REASON_BUF bytes).
 */
static int read_type_keyword(schema_info *s, const cJSON *type, char *why)
{
    unsigned bits = 0;
    char name[ECHO_BUF];
    if (cJSON_IsString(type)) {
        bits = json_type_bit(type);
        if (!bits) {
            if (why) {
                echo(type->valuestring, str_len(type), name);
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
            unsigned bit = json_type_bit(t);
            if (!bit) {
                if (why) {
                    echo(t->valuestring, str_len(t), name);
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
    s->base = non_null;
    s->type_order = type;
    s->nullable = (bits & JT_NULL) != 0;
    return 1;
}

/* Reports the "type" keyword of a SRC_TYPE_BAD schema (see problem). */
static int report_bad_type(importer *im, schema_info *s)
{
    char why[REASON_BUF];
    read_type_keyword(s, s->kw[KW_TYPE], why);
    return problem(im, s->kw[KW_TYPE], "widened to :any", "%s", why);
}

/* Decides where the type of the schema comes from (see source). */
static void decide_source(schema_info *s)
{
    /* In this order: "type" decides; without it anyOf, oneOf, allOf, then
     * enum / const; then the object and array keywords. */
    const cJSON *const *kw = s->kw;
    if (kw[KW_TYPE]) {
        s->src = read_type_keyword(s, kw[KW_TYPE], NULL) ? SRC_TYPE : SRC_TYPE_BAD;
    } else if (kw[KW_ENUM] || kw[KW_CONST]) {
        s->src = SRC_ENUM;
    } else if (kw[KW_ANY_OF]) {
        s->src = SRC_ANY_OF;
    } else if (kw[KW_ONE_OF]) {
        s->src = SRC_ONE_OF;
    } else if (kw[KW_ALL_OF]) {
        s->src = SRC_ALL_OF;
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

/* 1 iff the schema's "type" holds base (nullable or not). */
static int is_typed(const schema_info *s, unsigned base)
{
    return s->src == SRC_TYPE && (s->base & base) != 0;
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

/* Adds to *members the members of every union in t, and to *nodes the
 * nodes of t. Recursion follows the type (64 levels of lists and maps). */
static void count_unions(const tsig_type *t, size_t *members, size_t *nodes)
{
    ++*nodes;
    switch (t->kind) {
    case TSIG_LIST:
    case TSIG_OPTIONAL:
        count_unions(t->elem, members, nodes);
        break;
    case TSIG_RECORD:
        for (size_t i = 0; i < t->field_count; i++) count_unions(t->fields[i].type, members, nodes);
        if (t->extra) count_unions(t->extra, members, nodes);
        break;
    case TSIG_UNION:
        *members += t->member_count;
        for (size_t i = 0; i < t->member_count; i++) count_unions(t->members[i], members, nodes);
        break;
    case TSIG_STRING:
    case TSIG_INT:
    case TSIG_FLOAT:
    case TSIG_BOOL:
    case TSIG_KEYWORD:
    case TSIG_ANY:
    case TSIG_MAP:
    case TSIG_DATETIME:
    case TSIG_ENUM:
        break;
    }
}

/*
 * Reads a property's "default" (def; t is the property's type) into f:
 * canonical JSON checked against t as the parser checks a default. A null
 * default on a type that does not take null makes the type optional
 * instead (what Pydantic writes for "x: int = None"); *t is then updated.
 * A default that does not match fails, or (lossy) is dropped. 0 on
 * failure.
 *
 * The canonical text is written from the tree because the field keeps it
 * (default_json); the check reads that text, not the schema's again: the
 * validator, which reads text, is the one checker of a value against a
 * type (a second one, over trees, could come to disagree with it).
 */
static int read_default(importer *im, const cJSON *def, tsig_field *f, const tsig_type **t)
{
    if (cJSON_IsNull(def) && !tsig_type_takes(*t, TSIG_JSON_NULL)) {
        *t = make_optional(im, *t);
        return *t != NULL;
    }
    tsig_strbuf sb = {0};
    tsig_json_tree_write(&sb, def, 0, NULL); /* canonical (SPEC §11.2) */
    if (sb.failed) {
        tsig_sb_release(&sb);
        return fail_nomem(im);
    }
    /* Checking it reads the value once, and once more for each member of
     * each union it meets (validate.c, check_union): counted first. */
    size_t members = 0, nodes = 0;
    count_unions(*t, &members, &nodes);
    place back = ptr_push(im, def);
    if (back.len == NOT_FOUND || !spend(im, nodes) || !spend(im, sb.len) ||
        !spend(im, times(sb.len, members))) {
        tsig_sb_release(&sb);
        return 0;
    }
    ptr_pop(im, back);
    tsig_result r;
    tsig_validate_options o = {TSIG_MODE_STRICT, 1, 0, TSIG_VALUE_NEVER};
    tsig_code code = tsig_validate_type_json(*t, sb.data, sb.len, &o, &r);
    int ok = 1;
    if (code == TSIG_ERR_NOMEM || (!r.ok && r.error_count == 0)) {
        ok = fail_nomem(im);
    } else if (!r.ok) {
        const tsig_issue *e = &r.errors[0];
        ok = problem(im, def, "dropped", "default does not match its type: %.*s%s%.*s",
                     (int)e->path_len, e->path, e->path_len ? ": " : "",
                     (int)e->message_len, e->message);
    } else {
        char *copy = tsig_arena_strndup(im->arena, sb.data, sb.len);
        if (!copy) ok = fail_nomem(im);
        f->default_json = copy;
        f->default_len = sb.len;
    }
    tsig_result_free(&r);
    tsig_sb_release(&sb);
    return ok;
}

/* Reads a property's "description" into f (a string; anything else
 * fails, or is dropped). 0 on failure. */
static int read_description(importer *im, const cJSON *d, tsig_field *f)
{
    if (!cJSON_IsString(d))
        return problem(im, d, "dropped", "expected a string, found %s", json_kind(d));
    size_t len = str_len(d);
    if (!spend(im, len)) return 0;
    char *copy = tsig_arena_strndup(im->arena, d->valuestring, len);
    if (!copy) return fail_nomem(im);
    f->description = copy;
    f->description_len = len;
    return 1;
}

/*
 * Converts the "properties" of a typed map into fields, in document order,
 * each property schema one level deeper, with its description and default.
 * Names are checked first: an identifier (SPEC §1), not colliding with an
 * earlier one after "-" -> "_". An unusable name fails, or (lossy) leaves
 * the parameter out, or widens the object to :map (then nothing inside is
 * converted). 0 on failure.
 */
static int convert_properties(importer *im, schema_info *s, size_t depth)
{
    name_table norm = {0};
    if (!table_init(&norm, s->prop_count, 1)) return fail_nomem(im);
    const char *action = s->params_root ? "parameter left out" : "widened to :map";
    place back = ptr_push(im, s->kw[KW_PROPERTIES]);
    int ok = back.len != NOT_FOUND;
    for (size_t i = 0; ok && i < s->prop_count; i++) {
        const char *name = s->names[i];
        char echoed[ECHO_BUF];
        /* the field, its name and its normalized name */
        if (!spend(im, HEAVY_NODE + 2 * strlen(name))) {
            ok = 0;
            break;
        }
        if (!is_ident(name)) {
            echo_key(name, echoed);
            ok = problem(im, s->props[i], action, "property name %s is not an identifier", echoed);
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
            tsig_name_normalize(normed, name, n + 1);
            echo(normed, n, echoed);
            free(normed);
            /* Identifiers: echoed as written (the parser's message). */
            ok = problem(im, s->props[i], action,
                         "duplicate field names normalize to %s: %.*s, %.*s", echoed,
                         ECHO_MAX, s->names[other], ECHO_MAX, name);
            continue;
        }
        /* Lossy, with an unusable name elsewhere: the object is :map, so
         * its property schemas are not read. */
        if (s->bad_names) continue;
        place sub = ptr_push(im, s->props[i]);
        if (sub.len == NOT_FOUND) {
            ok = 0;
            break;
        }
        const tsig_type *t = convert(im, s->props[i], depth, 0);
        tsig_field *f = &s->fields[s->field_count];
        /* The property's own description and default (beside a $ref too),
         * in document order. */
        const cJSON *prop = s->props[i];
        for (const cJSON *c = cJSON_IsObject(prop) ? prop->child : NULL; t && c; c = c->next) {
            if (strcmp(c->string, "description") == 0) {
                if (!read_description(im, c, f)) t = NULL;
            } else if (strcmp(c->string, "default") == 0) {
                if (!read_default(im, c, f, &t)) t = NULL;
            }
        }
        ptr_pop(im, sub);
        if (!t) {
            ok = 0;
            break;
        }
        size_t len = strlen(name);
        char *copy = tsig_arena_strndup(im->arena, name, len);
        char *normed = tsig_arena_strndup(im->arena, name, len);
        if (!copy || !normed) {
            ok = fail_nomem(im);
            break;
        }
        tsig_name_normalize(normed, normed, len);
        f->name = copy;
        f->name_len = len;
        f->norm = normed;
        f->type = t;
        f->offset = 0;
        f->firewalled = tsig_name_firewalled(copy, len);
        s->field_of[i] = s->field_count++;
    }
    if (back.len != NOT_FOUND && !im->failed) ptr_pop(im, back);
    table_release(&norm);
    return ok && !im->failed;
}

/* Reads "required": an array of property names. Every entry must be a
 * string naming a property; otherwise it fails or (lossy) is dropped. */
static int read_required(importer *im, schema_info *s, const cJSON *req)
{
    if (!cJSON_IsArray(req))
        return problem(im, req, "dropped",
                       "expected an array of property names, found %s", json_kind(req));
    place back = ptr_push(im, req);
    if (back.len == NOT_FOUND) return 0;
    /* Each entry marks its property required; names are exact (no "-" ->
     * "_"), as JSON Schema compares them, in the key form of the names. */
    size_t index = 0;
    int ok = 1;
    tsig_strbuf name = {0};
    for (const cJSON *e = req->child; e && ok; e = e->next, index++) {
        place sub = ptr_push_index(im, index, e);
        if (sub.len == NOT_FOUND || !spend(im, 1 + (cJSON_IsString(e) ? str_len(e) : 0))) {
            ok = 0;
            break;
        }
        if (!cJSON_IsString(e)) {
            ok = problem(im, NULL, "dropped", "expected a property name, found %s",
                         json_kind(e));
        } else {
            name.len = 0;
            key_form(&name, e->valuestring, str_len(e));
            tsig_sb_reserve(&name, 1); /* data is set even for "" */
            size_t i = name.failed ? TABLE_NOMEM : table_find(&s->exact, name.data, name.len);
            if (i == TABLE_NOMEM) {
                ok = fail_nomem(im);
            } else if (i == NOT_FOUND) {
                char echoed[ECHO_BUF];
                echo(e->valuestring, str_len(e), echoed);
                ok = problem(im, NULL, "dropped", "%s names no property", echoed);
            } else {
                s->required[i] = 1;
            }
        }
        if (ok) ptr_pop(im, sub);
    }
    tsig_sb_release(&name);
    if (ok) ptr_pop(im, back);
    return ok;
}

/* 1 iff v is an object whose keywords are all annotations beside what
 * only (a keyword name, or NULL). */
static int only_annotations(const cJSON *v, const char *only)
{
    if (!cJSON_IsObject(v)) return 0;
    for (const cJSON *c = v->child; c; c = c->next)
        if (keyword_of(c->string) != KW_ANNOTATION && !(only && strcmp(c->string, only) == 0))
            return 0;
    return 1;
}

/* 1 iff v is {"type": "null"} (annotations allowed beside it). */
static int is_null_schema(const cJSON *v)
{
    if (!only_annotations(v, "type")) return 0;
    return str_is(cJSON_GetObjectItemCaseSensitive(v, "type"), "null");
}

/* Reports a keyword that is not used, member of the schema at the current
 * place: fails, or (lossy) drops it. */
static int drop_keyword(importer *im, const cJSON *member, const char *what)
{
    const char *key = member->string;
    /* A keyword-like key is shown as is ("unsupported minimum"), anything
     * else quoted and cut ("unsupported \"a b\""). */
    char shown[ECHO_BUF];
    int plain = strlen(key) <= ECHO_MAX && key[0];
    for (const char *k = key; *k && plain; k++)
        if (!((*k >= 'a' && *k <= 'z') || (*k >= 'A' && *k <= 'Z') || (*k >= '0' && *k <= '9') ||
              *k == '$' || *k == '_' || *k == '-'))
            plain = 0;
    if (plain) tsig_snprintf(shown, sizeof shown, "%s", key);
    else echo_key(key, shown);
    return problem(im, member, "dropped", "unsupported %s%s", shown, what);
}

/* ---- enum and const ---------------------------------------------------- */

/* tsig_table_key_of over the keys of the values read (ctx: the
 * schema_info); each call is one full comparison. */
static const char *value_key(const void *ctx, size_t entry, size_t *len)
{
    const schema_info *s = ctx;
    ++*s->compared;
    *len = s->key_at[entry + 1] - s->key_at[entry];
    return s->value_keys.data + s->key_at[entry];
}

/* Adds one scalar value to s->values unless an equal one is there (numbers
 * by exact value): its key is looked up in s->value_set, so n values cost
 * O(n) expected whatever they are. 0 on failure. */
static int add_value(importer *im, schema_info *s, const cJSON *v, size_t *cap)
{
    tsig_enum_value e;
    memset(&e, 0, sizeof e);
    if (cJSON_IsString(v)) {
        e.kind = TSIG_VALUE_STRING;
        e.text = v->valuestring;
        e.len = str_len(v);
    } else if (cJSON_IsNumber(v)) {
        e.kind = v->valueint ? TSIG_VALUE_INT : TSIG_VALUE_FLOAT;
        e.text = v->valuestring;
        e.len = strlen(e.text);
    } else {
        e.kind = TSIG_VALUE_BOOL;
        e.text = cJSON_IsTrue(v) ? "true" : "false";
        e.len = strlen(e.text);
    }
    if (!spend(im, e.len)) return 0;
    if (s->value_count == *cap) {
        size_t n = *cap ? *cap * 2 : 8;
        tsig_enum_value *p = realloc(s->values, n * sizeof *p);
        if (!p) return fail_nomem(im);
        s->values = p;
        size_t *q = realloc(s->key_at, (n + 1) * sizeof *q);
        if (!q) return fail_nomem(im);
        s->key_at = q;
        *cap = n;
    }
    if (!s->value_set.key_of) {
        tsig_table_init(&s->value_set, 0, NULL, value_key, s);
        s->compared = &im->compared;
        s->key_at[0] = 0;
    }
    tsig_strbuf *keys = &s->value_keys;
    size_t start = keys->len, n = s->value_count;
    tsig_enum_value_key(keys, e.kind, e.text, e.len);
    if (keys->failed) return fail_nomem(im);
    s->key_at[n + 1] = keys->len;
    size_t seen = tsig_table_add(&s->value_set, keys->data + start, keys->len - start,
                                 tsig_table_hash(&s->value_set, keys->data + start,
                                                 keys->len - start),
                                 n);
    if (seen == TSIG_TABLE_NOMEM) return fail_nomem(im);
    if (seen != TSIG_TABLE_NONE) { /* an equal value is there */
        keys->len = start;
        return 1;
    }
    char *copy = tsig_arena_strndup(im->arena, e.text, e.len);
    if (!copy) return fail_nomem(im);
    e.text = copy;
    s->values[s->value_count++] = e;
    return 1;
}

/*
 * Reads "enum" (an array of values) or "const" (one value) into s: scalar
 * values become enum values (a repeated one is read once), null is noted
 * apart. Objects and lists cannot be enum values: the place fails or
 * (lossy) is :any. An enum that is not an array, is empty, or holds only
 * null is the same. 0 on failure.
 */
static int read_values(importer *im, schema_info *s, const cJSON *c)
{
    int is_enum = strcmp(c->string, "enum") == 0;
    if (s->has_values) return drop_keyword(im, c, " beside another enum or const");
    s->has_values = 1;
    s->values_kw = c;
    const char *why = NULL;
    if (is_enum && !cJSON_IsArray(c)) why = "expected an array of values";
    size_t cap = 0;
    const cJSON *v = is_enum ? (cJSON_IsArray(c) ? c->child : NULL) : c;
    for (; v && !why; v = is_enum ? v->next : NULL) {
        if (!spend(im, 1)) return 0;
        if (cJSON_IsObject(v) || cJSON_IsArray(v)) why = "enums of objects or lists are not supported";
        else if (cJSON_IsNull(v)) s->value_null = 1;
        else if (!add_value(im, s, v, &cap)) return 0;
    }
    if (!why && s->value_count == 0)
        why = s->value_null ? "an enum of null alone: write the type with \"null\"" : "empty enum";
    if (!why) return 1;
    s->widen_any = 1;
    return problem(im, c, "widened to :any", "%s", why);
}

/* Counts the Unicode code points of UTF-8 text. */
static size_t code_points(const char *s, size_t len)
{
    size_t n = 0;
    for (size_t i = 0; i < len; i++)
        if (((unsigned char)s[i] & 0xC0) != 0x80) n++;
    return n;
}

/* 1 when the type t (a member built from "type") accepts the enum value
 * v: its kind, and within t's bounds. */
static int member_takes_value(const tsig_type *t, const tsig_enum_value *v)
{
    switch (t->kind) {
    case TSIG_STRING:
        return v->kind == TSIG_VALUE_STRING &&
               tsig_bounds_hold_count(t, code_points(v->text, v->len));
    case TSIG_DATETIME:
    case TSIG_KEYWORD:
        return v->kind == TSIG_VALUE_STRING;
    case TSIG_INT:
        if (v->kind == TSIG_VALUE_FLOAT && !tsig_coerce_float_to_int(v->text, v->len, NULL))
            return 0;
        return (v->kind == TSIG_VALUE_INT || v->kind == TSIG_VALUE_FLOAT) &&
               tsig_bounds_hold_number(t, v->text, v->len);
    case TSIG_FLOAT:
        return (v->kind == TSIG_VALUE_INT || v->kind == TSIG_VALUE_FLOAT) &&
               tsig_bounds_hold_number(t, v->text, v->len);
    case TSIG_BOOL:
        return v->kind == TSIG_VALUE_BOOL;
    case TSIG_ANY:
    case TSIG_MAP:
    case TSIG_LIST:
    case TSIG_RECORD:
    case TSIG_OPTIONAL:
    case TSIG_ENUM:
    case TSIG_UNION:
        return 0;
    }
    return 0;
}

/* An enum of s's values (those for which keep[i] is set, or all when keep
 * is NULL); NULL when none is kept (nothing fails) or out of memory
 * (im->failed). */
static const tsig_type *make_enum(importer *im, const schema_info *s, const unsigned char *keep)
{
    size_t n = 0;
    for (size_t i = 0; i < s->value_count; i++) n += !keep || keep[i];
    if (n == 0 || !spend(im, sorting(n))) return NULL;
    tsig_enum_value *vals = tsig_arena_alloc(im->arena, n * sizeof *vals);
    tsig_type *t = vals ? new_type(im, TSIG_ENUM) : NULL;
    if (!t) {
        fail_nomem(im);
        return NULL;
    }
    n = 0;
    for (size_t i = 0; i < s->value_count; i++)
        if (!keep || keep[i]) vals[n++] = s->values[i];
    t->values = vals;
    t->value_count = n;
    if (!tsig_type_index_build(im->arena, t)) {
        fail_nomem(im);
        return NULL;
    }
    return t;
}

/* ---- bounds ------------------------------------------------------------ */

/* Reads a bound keyword's number into *b (the lexeme in the arena);
 * length: a non-negative integer. A value that is not one fails, or is
 * dropped. 0 on failure. */
static int read_bound(importer *im, const cJSON *c, tsig_bound *b, int length, int exclusive)
{
    const char *lex = cJSON_IsNumber(c) ? c->valuestring : NULL;
    if (!lex || (length && (!c->valueint || lex[0] == '-')))
        return problem(im, c, "dropped", "expected %s, found %s",
                       length ? "a non-negative integer" : "a number", json_kind(c));
    size_t len = strlen(lex);
    if (!spend(im, len)) return 0;
    char *copy = tsig_arena_strndup(im->arena, lex, len);
    if (!copy) return fail_nomem(im);
    b->num = copy;
    b->len = len;
    b->exclusive = exclusive;
    return 1;
}

/* The tighter of two bounds of one end (lower: the greater; equal:
 * exclusive). */
static tsig_bound tighter(tsig_bound a, tsig_bound b, int lower)
{
    if (!a.num) return b;
    if (!b.num) return a;
    int c = tsig_decimal_compare(a.num, a.len, b.num, b.len);
    if (c == 0) return a.exclusive ? a : b;
    return (c > 0) == (lower != 0) ? a : b;
}

/*
 * Copies t (a fresh node) with the bounds lo / hi; an empty range fails,
 * or (lossy) leaves the bounds out. Returns t, or NULL on failure.
 */
static tsig_type *apply_bounds(importer *im, tsig_type *t, tsig_bound lo, tsig_bound hi)
{
    if (!t || (!lo.num && !hi.num)) return t;
    t->lower = lo;
    t->upper = hi;
    if (!tsig_bounds_empty(t)) return t;
    tsig_strbuf sb = {0};
    tsig_bound_label(&sb, t);
    memset(&t->lower, 0, sizeof t->lower);
    memset(&t->upper, 0, sizeof t->upper);
    if (sb.failed) {
        tsig_sb_release(&sb);
        fail_nomem(im);
        return NULL;
    }
    int ok = problem(im, NULL, "bounds dropped", "empty range: no value is %s", sb.data);
    tsig_sb_release(&sb);
    return ok ? t : NULL;
}

/* ---- unions ------------------------------------------------------------ */

/* The non-null JSON kinds a type takes, as bits. */
static unsigned kinds_taken(const tsig_type *t)
{
    unsigned k = 0;
    for (int jk = TSIG_JSON_STRING; jk <= TSIG_JSON_ARRAY; jk++)
        if (jk != TSIG_JSON_NULL && tsig_type_takes(t, (tsig_json_kind)jk)) k |= 1u << jk;
    return k;
}

/* 1 when no value of enum a equals one of enum b, after counting the
 * comparisons against the budget; -1 on failure. */
static int enums_disjoint(importer *im, const tsig_type *a, const tsig_type *b)
{
    if (!spend(im, times(a->value_count, b->value_count))) return -1;
    for (size_t i = 0; i < a->value_count; i++)
        for (size_t j = 0; j < b->value_count; j++)
            if (tsig_enum_value_equal(&a->values[i], b->values[j].kind, b->values[j].text,
                                      b->values[j].len))
                return 0;
    return 1;
}

/* 1 when f is required (not optional, no default) and an enum of strings. */
static int discriminating(const tsig_field *f)
{
    if (!f || f->default_json || f->type->kind != TSIG_ENUM) return 0;
    for (size_t i = 0; i < f->type->value_count; i++)
        if (f->type->values[i].kind != TSIG_VALUE_STRING) return 0;
    return 1;
}

/* 1 when no value is both an a and a b, for typed maps a and b: some
 * field is discriminating (above) in both, with disjoint values (SPEC
 * §11.7); 0 when they overlap, -1 on failure. Fields are looked up one by
 * one, and each look counts against the budget. */
static int records_disjoint(importer *im, const tsig_type *a, const tsig_type *b)
{
    if (!spend(im, 1)) return -1;
    for (size_t i = 0; i < a->field_count; i++) {
        const tsig_field *fa = &a->fields[i], *fb = NULL;
        if (!discriminating(fa)) continue;
        if (!spend(im, b->field_count)) return -1;
        for (size_t k = 0; k < b->field_count && !fb; k++)
            if (strcmp(b->fields[k].norm, fa->norm) == 0) fb = &b->fields[k];
        if (!discriminating(fb)) continue;
        int d = enums_disjoint(im, fa->type, fb->type);
        if (d) return d;
    }
    return 0;
}

/* A union of members[0..n) (n >= 2) in the arena; NULL on failure. */
static const tsig_type *make_union(importer *im, const tsig_type **members, size_t n)
{
    /* The lookup reads the fields of typed maps and sorts the values of
     * the string enums among them. */
    size_t fields = 0, values = 0;
    for (size_t i = 0; i < n; i++) {
        if (members[i]->kind != TSIG_RECORD) continue;
        fields += members[i]->field_count;
        for (size_t k = 0; k < members[i]->field_count; k++)
            if (members[i]->fields[k].type->kind == TSIG_ENUM)
                values += members[i]->fields[k].type->value_count;
    }
    if (!spend(im, n) || !spend(im, fields) || !spend(im, sorting(values))) return NULL;
    const tsig_type **copy = tsig_arena_alloc(im->arena, n * sizeof *copy);
    tsig_type *u = copy ? new_type(im, TSIG_UNION) : NULL;
    if (!u) {
        fail_nomem(im);
        return NULL;
    }
    memcpy(copy, members, n * sizeof *copy);
    u->members = copy;
    u->member_count = n;
    if (!tsig_type_index_build(im->arena, u)) {
        fail_nomem(im);
        return NULL;
    }
    return u;
}

/* tsig_table_key_of over the types keyed so far (ctx: the importer): the
 * bytes of a node's address. */
static const char *memo_address(const void *ctx, size_t entry, size_t *len)
{
    const importer *im = ctx;
    *len = sizeof im->memo_types[entry];
    return (const char *)&im->memo_types[entry];
}

/* Appends n as eight bytes, and a string after its length: the parts of a
 * key's text cannot run into each other. */
static void key_size(tsig_strbuf *b, uint64_t n)
{
    tsig_sb_append(b, (const char *)&n, sizeof n);
}

static void key_text(tsig_strbuf *b, const char *s, size_t len)
{
    key_size(b, len);
    tsig_sb_append(b, s, len);
}

static void key_bound(tsig_strbuf *b, const tsig_bound *x)
{
    key_size(b, x->num ? 1u + (unsigned)x->exclusive : 0);
    if (x->num) key_text(b, x->num, x->len);
}

/*
 * *out = the key of type t, for finding union members with the same
 * canonical form: SipHash-1-3 under the process's key of what the
 * canonical form prints of the node itself (its kind, enum values, field
 * names, defaults and descriptions, bounds) and of the keys of the types
 * in it. Two types print the same form exactly when these parts are the
 * same (the form writes each of them, and the parser reads them back from
 * it), so equal forms give equal keys; add_member still compares the forms
 * when keys match. Each node is keyed once (im->memo_*: a type met again,
 * in an enclosing union or inside a larger member, is looked up), so the
 * members of nested unions cost in proportion to the tree, however deep.
 * Recursion follows the type (64 levels of lists and maps). 0 on failure.
 */
static int type_key(importer *im, const tsig_type *t, uint64_t *out)
{
    const char *addr = (const char *)&t;
    size_t hash = tsig_table_hash(&im->memo, addr, sizeof t);
    size_t at = tsig_table_find(&im->memo, addr, sizeof t, hash);
    if (at == TSIG_TABLE_NOMEM) return fail_nomem(im);
    if (at != TSIG_TABLE_NONE) {
        *out = im->memo_keys[at];
        return 1;
    }
    tsig_strbuf b = {0};
    uint64_t k;
    int ok = 1;
    key_size(&b, (uint64_t)t->kind);
    switch (t->kind) {
    case TSIG_LIST:
    case TSIG_OPTIONAL:
        ok = type_key(im, t->elem, &k);
        key_size(&b, k);
        break;
    case TSIG_RECORD:
        key_size(&b, t->field_count);
        for (size_t i = 0; ok && i < t->field_count; i++) {
            const tsig_field *f = &t->fields[i];
            key_text(&b, f->name, f->name_len);
            ok = type_key(im, f->type, &k);
            key_size(&b, k);
            key_size(&b, f->default_json != NULL);
            if (f->default_json) key_text(&b, f->default_json, f->default_len);
            key_size(&b, f->description != NULL);
            if (f->description) key_text(&b, f->description, f->description_len);
        }
        key_size(&b, t->extra != NULL);
        if (ok && t->extra) {
            ok = type_key(im, t->extra, &k);
            key_size(&b, k);
        }
        break;
    case TSIG_ENUM:
        key_size(&b, t->value_count);
        for (size_t i = 0; i < t->value_count; i++) {
            key_size(&b, (uint64_t)t->values[i].kind);
            key_text(&b, t->values[i].text, t->values[i].len);
        }
        break;
    case TSIG_UNION:
        key_size(&b, t->member_count);
        for (size_t i = 0; ok && i < t->member_count; i++) {
            ok = type_key(im, t->members[i], &k);
            key_size(&b, k);
        }
        break;
    case TSIG_STRING:
    case TSIG_INT:
    case TSIG_FLOAT:
    case TSIG_BOOL:
    case TSIG_KEYWORD:
    case TSIG_ANY:
    case TSIG_MAP:
    case TSIG_DATETIME:
        break;
    }
    key_bound(&b, &t->lower);
    key_bound(&b, &t->upper);
    if (ok && b.failed) ok = fail_nomem(im);
    if (ok) k = tsig_hash_bytes(im->memo.key, b.data, b.len, 0);
    tsig_sb_release(&b);
    if (!ok) return 0;
    /* Remember it. */
    size_t n = im->memo_count;
    if (n == im->memo_cap) {
        size_t cap = n ? n * 2 : 64;
        const tsig_type **p = realloc(im->memo_types, cap * sizeof *p);
        if (p) im->memo_types = p;
        uint64_t *q = p ? realloc(im->memo_keys, cap * sizeof *q) : NULL;
        if (!q) return fail_nomem(im);
        im->memo_keys = q;
        im->memo_cap = cap;
    }
    im->memo_types[n] = t;
    im->memo_keys[n] = k;
    if (tsig_table_add(&im->memo, addr, sizeof t, hash, n) == TSIG_TABLE_NOMEM)
        return fail_nomem(im);
    im->memo_count++;
    *out = k;
    return 1;
}

/* 1 when a and b have the same canonical form, 0 when not, -1 when out of
 * memory. One full comparison. */
static int same_form(importer *im, const tsig_type *a, const tsig_type *b)
{
    im->compared++;
    size_t alen, blen;
    char *x = tsig_format_type(a, 0, &alen), *y = tsig_format_type(b, 0, &blen);
    int same = x && y ? alen == blen && memcmp(x, y, alen) == 0 : -1;
    tsig_free(x);
    tsig_free(y);
    return same;
}

/* Growing list of union members while one is built (the first few in the
 * list itself: most hold one type), the members found by their keys
 * (type_key) in seen once there are two. */
typedef struct member_list {
    const tsig_type **items;
    uint64_t *keys;
    size_t count, cap;
    int nullable;
    int any;     /* a member is :any: the union is :any */
    tsig_table seen;
    const tsig_type *few_items[4];
    uint64_t few_keys[4];
} member_list;

/* Keys items[i] (type_key) and adds it to l->seen; returns the index of an
 * earlier item with the same key (its entry in seen), TSIG_TABLE_NONE, or
 * TSIG_TABLE_NOMEM after failing (or after type_key failed). */
static size_t key_member(importer *im, member_list *l, size_t i);

/* tsig_table_key_of over a member list's keys (ctx: the list). */
static const char *member_key(const void *ctx, size_t entry, size_t *len)
{
    const member_list *l = ctx;
    *len = sizeof l->keys[entry];
    return (const char *)&l->keys[entry];
}

static void members_release(member_list *l)
{
    if (l->items != l->few_items) {
        free(l->items);
        free(l->keys);
    }
    if (l->seen.key_of) tsig_table_release(&l->seen);
}

/* Adds t to the list: an optional adds its inner type and makes the union
 * nullable, a union adds its members (nested unions are flattened), :any
 * makes the whole :any, and a member with the canonical form of an earlier
 * one is added once (found by its key: a full comparison only when the
 * keys match). 0 on failure. */
static int add_member(importer *im, member_list *l, const tsig_type *t)
{
    if (t->kind == TSIG_OPTIONAL) {
        l->nullable = 1;
        t = t->elem;
    }
    if (t->kind == TSIG_ANY) {
        l->any = 1;
        return 1;
    }
    if (t->kind == TSIG_UNION) {
        for (size_t i = 0; i < t->member_count; i++)
            if (!add_member(im, l, t->members[i])) return 0;
        return 1;
    }
    if (!spend(im, 1)) return 0;
    if (l->cap == 0) {
        l->items = l->few_items;
        l->keys = l->few_keys;
        l->cap = sizeof l->few_items / sizeof l->few_items[0];
    } else if (l->count == l->cap) {
        size_t n = l->cap * 2;
        int few = l->items == l->few_items;
        const tsig_type **p = realloc(few ? NULL : l->items, n * sizeof *p);
        if (!p) return fail_nomem(im);
        if (few) memcpy(p, l->items, l->count * sizeof *p);
        l->items = p;
        uint64_t *q = realloc(few ? NULL : l->keys, n * sizeof *q);
        if (!q) {
            if (few) { /* keep both arrays in one state for members_release */
                free(p);
                l->items = l->few_items;
            }
            return fail_nomem(im);
        }
        if (few) memcpy(q, l->keys, l->count * sizeof *q);
        l->keys = q;
        l->cap = n;
    }
    size_t n = l->count;
    l->items[n] = t;
    if (n == 0) {
        l->count = 1;
        return 1;
    }
    if (n == 1 && key_member(im, l, 0) == TSIG_TABLE_NOMEM) return 0;
    size_t at = key_member(im, l, n);
    if (at == TSIG_TABLE_NOMEM) return 0;
    if (at != TSIG_TABLE_NONE) {
        /* The same key: the same form, unless two forms share a key (the
         * table keeps the first: then every member is looked at). */
        int same = same_form(im, l->items[at], t);
        for (size_t i = 0; same == 0 && i < n; i++)
            if (i != at && l->keys[i] == l->keys[n]) same = same_form(im, l->items[i], t);
        if (same < 0) return fail_nomem(im);
        if (same) return 1;
    }
    l->count++;
    return 1;
}

static size_t key_member(importer *im, member_list *l, size_t i)
{
    if (!type_key(im, l->items[i], &l->keys[i])) return TSIG_TABLE_NOMEM;
    if (!l->seen.key_of) tsig_table_init(&l->seen, 0, NULL, member_key, l);
    const char *bytes = (const char *)&l->keys[i];
    size_t at = tsig_table_add(&l->seen, bytes, sizeof l->keys[i],
                               tsig_table_hash(&l->seen, bytes, sizeof l->keys[i]), i);
    if (at == TSIG_TABLE_NOMEM) fail_nomem(im);
    return at;
}

/* The type of a member list: :any, one member, or a union; "?" when
 * nullable. NULL on failure. */
static const tsig_type *finish_members(importer *im, const member_list *l)
{
    const tsig_type *t;
    if (l->any) return new_type(im, TSIG_ANY);
    if (l->count == 1) t = l->items[0];
    else t = make_union(im, l->items, l->count);
    return l->nullable ? make_optional(im, t) : t;
}

/* The enum values of a oneOf's members, by their keys
 * (tsig_enum_value_key), each with the member holding it. */
typedef struct value_owners {
    tsig_strbuf keys;
    size_t *key_at;    /* value i's key: keys[key_at[i] .. key_at[i + 1]) */
    size_t *member;    /* the member holding value i */
    size_t *compared;
} value_owners;

/* tsig_table_key_of over value_owners (ctx); each call is one full
 * comparison. */
static const char *owned_value_key(const void *ctx, size_t entry, size_t *len)
{
    const value_owners *o = ctx;
    ++*o->compared;
    *len = o->key_at[entry + 1] - o->key_at[entry];
    return o->keys.data + o->key_at[entry];
}

/*
 * 1 when two members of a oneOf can take the same value, 0 when they are
 * pairwise disjoint, -1 on failure. written[0..n) are the members as
 * written (NULL: {"type": "null"}), before nested unions are flattened and
 * equal members merged; u is the union they make. SPEC §11.7 says pair by
 * pair: two members are disjoint when they take different JSON kinds, are
 * enums without a common value, or are typed maps with a discriminating
 * field of disjoint values; null is a value of both when both take it
 * (:any and {} take every value), and a member that is itself a union (an
 * anyOf) is disjoint from another when each of its own members is. The
 * same answer, without looking at every pair (each part of a member is
 * counted for the member that holds it, never against it):
 *   - two members taking null overlap;
 *   - a part that is neither an enum nor a typed map overlaps every other
 *     member taking a kind it takes (members counted per kind);
 *   - enums overlap when a value is in two members (one table of all
 *     their values);
 *   - typed maps, when u's index found a discriminator (SPEC §11.3 rule 1:
 *     a field discriminating in every member, no string in two) and none
 *     was merged with an equal one, are pairwise disjoint; otherwise they
 *     are compared pair by pair, each comparison counted against the
 *     budget.
 */
static int members_overlap(importer *im, const tsig_type **written, size_t n, const tsig_type *u)
{
    enum { KINDS = TSIG_JSON_ARRAY + 1 };
    /* per JSON kind: members taking it, members taking it with a plain
     * part, and the member each was counted for last (index + 1) */
    size_t takers[KINDS] = {0}, plain[KINDS] = {0}, taker_last[KINDS] = {0}, plain_last[KINDS] = {0};
    size_t nullable = 0, values = 0, records = 0;
    for (size_t i = 0; i < n; i++) {
        const tsig_type *w = written[i];
        if (!w || tsig_type_takes(w, TSIG_JSON_NULL)) nullable++;
        if (!w) continue;
        w = tsig_type_strip(w);
        size_t parts = w->kind == TSIG_UNION ? w->member_count : 1;
        for (size_t p = 0; p < parts; p++) {
            const tsig_type *m = w->kind == TSIG_UNION ? w->members[p] : w;
            unsigned kinds = kinds_taken(m);
            int is_plain = m->kind != TSIG_ENUM && m->kind != TSIG_RECORD;
            for (int k = 0; k < KINDS; k++) {
                if (!(kinds & (1u << k))) continue;
                if (taker_last[k] != i + 1) takers[k]++, taker_last[k] = i + 1;
                if (is_plain && plain_last[k] != i + 1) plain[k]++, plain_last[k] = i + 1;
            }
            if (m->kind == TSIG_ENUM) values += m->value_count;
            if (m->kind == TSIG_RECORD) records++;
        }
    }
    if (nullable >= 2) return 1;
    for (int k = 0; k < KINDS; k++)
        if (plain[k] && takers[k] >= 2) return 1;
    /* Enums: a value held by two members. */
    if (values) {
        value_owners o = {{0}, NULL, NULL, &im->compared};
        o.key_at = malloc((values + 1) * sizeof *o.key_at);
        o.member = malloc(values * sizeof *o.member);
        tsig_table table;
        tsig_table_init(&table, 0, NULL, owned_value_key, &o);
        int ok = o.key_at && o.member, overlap = 0;
        size_t count = 0;
        if (ok) o.key_at[0] = 0;
        for (size_t i = 0; ok && !overlap && i < n; i++) {
            const tsig_type *w = written[i] ? tsig_type_strip(written[i]) : NULL;
            size_t parts = !w ? 0 : w->kind == TSIG_UNION ? w->member_count : 1;
            for (size_t p = 0; ok && !overlap && p < parts; p++) {
                const tsig_type *m = w->kind == TSIG_UNION ? w->members[p] : w;
                for (size_t v = 0; m->kind == TSIG_ENUM && ok && !overlap && v < m->value_count; v++) {
                    const tsig_enum_value *e = &m->values[v];
                    size_t start = o.keys.len;
                    tsig_enum_value_key(&o.keys, e->kind, e->text, e->len);
                    if (o.keys.failed) {
                        ok = 0;
                        break;
                    }
                    o.key_at[count + 1] = o.keys.len;
                    o.member[count] = i;
                    size_t at = tsig_table_add(&table, o.keys.data + start, o.keys.len - start,
                                               tsig_table_hash(&table, o.keys.data + start,
                                                               o.keys.len - start),
                                               count);
                    if (at == TSIG_TABLE_NOMEM) ok = 0;
                    else if (at != TSIG_TABLE_NONE) overlap = o.member[at] != i;
                    else count++;
                }
            }
        }
        tsig_table_release(&table);
        tsig_sb_release(&o.keys);
        free(o.key_at);
        free(o.member);
        if (!ok) {
            fail_nomem(im);
            return -1;
        }
        if (overlap) return 1;
    }
    /* Typed maps. */
    if (records < 2) return 0;
    u = tsig_type_strip(u);
    size_t kept = 0;
    for (size_t i = 0; u->kind == TSIG_UNION && i < u->member_count; i++)
        kept += u->members[i]->kind == TSIG_RECORD;
    if (u->kind == TSIG_UNION && u->index->disc && kept == records) return 0;
    for (size_t i = 0; i < n; i++) {
        const tsig_type *a = written[i] ? tsig_type_strip(written[i]) : NULL;
        size_t pa = !a ? 0 : a->kind == TSIG_UNION ? a->member_count : 1;
        for (size_t x = 0; x < pa; x++) {
            const tsig_type *ra = a->kind == TSIG_UNION ? a->members[x] : a;
            if (ra->kind != TSIG_RECORD) continue;
            for (size_t j = i + 1; j < n; j++) {
                const tsig_type *b = written[j] ? tsig_type_strip(written[j]) : NULL;
                size_t pb = !b ? 0 : b->kind == TSIG_UNION ? b->member_count : 1;
                for (size_t y = 0; y < pb; y++) {
                    const tsig_type *rb = b->kind == TSIG_UNION ? b->members[y] : b;
                    if (rb->kind != TSIG_RECORD) continue;
                    int d = records_disjoint(im, ra, rb);
                    if (d < 0) return -1;
                    if (!d) return 1;
                }
            }
        }
    }
    return 0;
}

/*
 * Reads anyOf / oneOf (kw names which): every member is converted (at
 * kw/i) and the union of them is the type; {"type": "null"} members make
 * it optional, an anyOf holding {} is :any. A oneOf must have pairwise
 * disjoint members, judged on the members as written (before nested
 * unions are flattened and equal members merged; {} overlaps any other
 * member): otherwise it fails, or (lossy) is read as anyOf.
 */
static const tsig_type *convert_union(importer *im, const cJSON *list, size_t depth)
{
    if (!cJSON_IsArray(list) || !list->child) {
        if (!problem(im, list, "widened to :any", "expected a non-empty array of schemas, found %s",
                     cJSON_IsArray(list) ? "an empty array" : json_kind(list)))
            return NULL;
        return new_type(im, TSIG_ANY);
    }
    member_list l;
    memset(&l, 0, sizeof l);
    int one_of = strcmp(list->string, "oneOf") == 0;
    size_t n = 0;
    for (const cJSON *m = list->child; m; m = m->next) n++;
    /* A oneOf's members as written (NULL: a null schema). */
    const tsig_type **written = one_of ? malloc(n * sizeof *written) : NULL;
    if (one_of && !written) {
        fail_nomem(im);
        return NULL;
    }
    place back = ptr_push(im, list);
    int ok = back.len != NOT_FOUND;
    size_t index = 0;
    for (const cJSON *m = list->child; m && ok; m = m->next, index++) {
        if (written) written[index] = NULL;
        if (is_null_schema(m)) {
            l.nullable = 1;
            continue;
        }
        place sub = ptr_push_index(im, index, m);
        if (sub.len == NOT_FOUND) {
            ok = 0;
            break;
        }
        const tsig_type *t = convert(im, m, depth, 0);
        ok = t && add_member(im, &l, t);
        if (written) written[index] = t;
        if (ok) ptr_pop(im, sub);
    }
    if (ok) ptr_pop(im, back);
    const tsig_type *result = NULL;
    if (ok && !l.any && l.count == 0) {
        /* Only null members. */
        ok = problem(im, list, "widened to :any", "unsupported type \"null\"");
        l.any = 1;
    }
    if (ok) result = finish_members(im, &l);
    if (result && one_of) {
        int overlap = members_overlap(im, written, n, result);
        if (overlap < 0 || (overlap && !problem(im, list, "oneOf read as anyOf",
                                                "oneOf members overlap")))
            result = NULL;
    }
    free(written);
    members_release(&l);
    return result;
}

/* Reads allOf: one schema is that schema; several fail, or (lossy) are
 * :any. */
static const tsig_type *convert_all_of(importer *im, const cJSON *list, size_t depth)
{
    if (!cJSON_IsArray(list) || !list->child || list->child->next) {
        if (!problem(im, list, "widened to :any", "%s",
                     cJSON_IsArray(list) && list->child ? "allOf of several schemas"
                                                        : "expected an array of one schema"))
            return NULL;
        return new_type(im, TSIG_ANY);
    }
    place back = ptr_push(im, list);
    if (back.len == NOT_FOUND) return NULL;
    if (ptr_push_index(im, 0, list->child).len == NOT_FOUND) return NULL;
    const tsig_type *t = convert(im, list->child, depth, 0);
    if (t) ptr_pop(im, back);
    return t;
}

/* ---- one schema object ------------------------------------------------- */

/* Reads additionalProperties: true, false, {} or annotations alone say
 * nothing; a schema on an object is its "* T" (a tool's parameters take
 * none: fails, or dropped). Where no map can hold it (another type, or no
 * type) a schema is dropped as properties is there, unless the place is
 * widened as a whole. 0 on failure. */
static int read_additional(importer *im, schema_info *s, const cJSON *c, size_t depth)
{
    if (cJSON_IsBool(c) || only_annotations(c, NULL)) return 1;
    if (!cJSON_IsObject(c))
        return problem(im, c, "dropped", "expected a schema, found %s", json_kind(c));
    if (s->params_root)
        return problem(im, c, "dropped",
                       "tool parameters take no additionalProperties schema");
    if (!is_typed(s, JT_OBJECT)) {
        if (s->src == SRC_TYPE_BAD || s->src == SRC_UNTYPED_OBJECT) return 1;
        return drop_keyword(im, c, " outside an object schema");
    }
    if (s->too_deep || s->bad_names || s->props_malformed) return 1;
    place back = ptr_push(im, c);
    if (back.len == NOT_FOUND) return 0;
    const tsig_type *t = convert(im, c, depth + 1, 0);
    if (!t) return 0;
    ptr_pop(im, back);
    if (t->kind != TSIG_ANY) s->extra = t;
    return 1;
}

/*
 * Reads the keywords of one schema object in document order (so problems
 * come in document order), noting what builds the type. Returns 0 on
 * failure.
 */
static int read_keywords(importer *im, schema_info *s, size_t depth)
{
    int numeric = is_typed(s, JT_INTEGER | JT_NUMBER);
    for (const cJSON *c = s->node->child; c; c = c->next) {
        keyword kw = keyword_of(c->string);
        int ok = 1;
        switch (kw) {
        case KW_ANNOTATION:
        case KW_DEFS:
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
                ok = problem(im, c, "dropped", "expected a string, found %s", json_kind(c));
            break;
        case KW_ITEMS:
        case KW_PREFIX_ITEMS:
            /* The element of an array; beside prefixItems, items is not
             * read (the element is :any). Elsewhere: reported once for an
             * untyped schema, dropped beside another type. */
            if (is_typed(s, JT_ARRAY)) {
                if (s->too_deep) break;
                if (kw == KW_PREFIX_ITEMS) {
                    ok = problem(im, c, "items widened to :any",
                                 "unsupported prefixItems");
                    s->elem = ok ? new_type(im, TSIG_ANY) : NULL;
                    ok = s->elem != NULL;
                } else if (!s->kw[KW_PREFIX_ITEMS]) {
                    place back = ptr_push(im, c);
                    if (back.len == NOT_FOUND) return 0;
                    s->elem = convert(im, c, depth + 1, 0);
                    if (!s->elem) return 0;
                    ptr_pop(im, back);
                }
            } else if (s->src == SRC_UNTYPED_ARRAY) {
                if (c == s->untyped_reporter)
                    ok = problem(im, c, "widened to :any",
                                 "%s without \"type\": \"array\"", c->string);
            } else if (s->src != SRC_TYPE_BAD) {
                ok = drop_keyword(im, c, " outside an array schema");
            }
            break;
        case KW_PROPERTIES:
        case KW_REQUIRED:
            /* The fields of a typed map, as items above for other types.
             * required is not read when the object is :map anyway. */
            if (is_typed(s, JT_OBJECT)) {
                if (s->too_deep) break;
                if (kw == KW_PROPERTIES && !cJSON_IsObject(c)) {
                    ok = problem(im, c, "widened to :map",
                                 "expected an object of schemas, found %s", json_kind(c));
                } else if (kw == KW_PROPERTIES) {
                    ok = convert_properties(im, s, s->params_root ? depth : depth + 1);
                } else if (!s->bad_names && !s->props_malformed) {
                    ok = read_required(im, s, c);
                }
            } else if (s->src == SRC_UNTYPED_OBJECT) {
                if (c == s->untyped_reporter)
                    ok = problem(im, c, "widened to :any",
                                 "%s without \"type\": \"object\"", c->string);
            } else if (s->src != SRC_TYPE_BAD) {
                ok = drop_keyword(im, c, " outside an object schema");
            }
            break;
        case KW_ADDITIONAL:
            ok = read_additional(im, s, c, depth);
            break;
        case KW_PROPERTY_NAMES:
            /* {"type": "string"} holds for every key of JSON. */
            if (only_annotations(c, "type") &&
                str_is(cJSON_GetObjectItemCaseSensitive(c, "type"), "string"))
                break;
            ok = drop_keyword(im, c, "");
            break;
        case KW_ANY_OF:
        case KW_ONE_OF:
        case KW_ALL_OF:
            /* The type when neither "type" nor an enum gives it. */
            if ((kw == KW_ANY_OF && s->src == SRC_ANY_OF) ||
                (kw == KW_ONE_OF && s->src == SRC_ONE_OF)) {
                s->decided = convert_union(im, c, depth);
                ok = s->decided != NULL;
            } else if (kw == KW_ALL_OF && s->src == SRC_ALL_OF) {
                s->decided = convert_all_of(im, c, depth);
                ok = s->decided != NULL;
            } else {
                int beside = s->kw[KW_TYPE] || s->kw[KW_ENUM] || s->kw[KW_CONST];
                ok = drop_keyword(im, c, beside ? " beside type or enum"
                                                        : " beside another combinator");
            }
            break;
        case KW_ENUM:
        case KW_CONST:
            if (s->src == SRC_TYPE_BAD) break;
            ok = read_values(im, s, c);
            break;
        case KW_NULLABLE:
            if (cJSON_IsBool(c)) s->nullable |= cJSON_IsTrue(c);
            else ok = problem(im, c, "dropped", "expected true or false, found %s",
                              json_kind(c));
            break;
        case KW_MINIMUM:
        case KW_MAXIMUM:
        case KW_EXCL_MINIMUM:
        case KW_EXCL_MAXIMUM:
            if (!numeric) {
                if (s->src != SRC_TYPE_BAD)
                    ok = drop_keyword(im, c, " outside a number schema");
            } else if ((kw == KW_EXCL_MINIMUM || kw == KW_EXCL_MAXIMUM) && cJSON_IsBool(c)) {
                /* draft-04: a flag on minimum / maximum */
                if (kw == KW_EXCL_MINIMUM) s->excl_min_flag = cJSON_IsTrue(c);
                else s->excl_max_flag = cJSON_IsTrue(c);
            } else {
                tsig_bound *b = kw == KW_MINIMUM ? &s->minimum
                                : kw == KW_MAXIMUM ? &s->maximum
                                : kw == KW_EXCL_MINIMUM ? &s->excl_minimum
                                                        : &s->excl_maximum;
                ok = read_bound(im, c, b, 0, kw == KW_EXCL_MINIMUM || kw == KW_EXCL_MAXIMUM);
            }
            break;
        case KW_MIN_LENGTH:
        case KW_MAX_LENGTH:
        case KW_MIN_ITEMS:
        case KW_MAX_ITEMS: {
            int items = kw == KW_MIN_ITEMS || kw == KW_MAX_ITEMS;
            if (!is_typed(s, items ? JT_ARRAY : JT_STRING)) {
                if (s->src != SRC_TYPE_BAD)
                    ok = drop_keyword(im, c,
                                      items ? " outside an array schema" : " outside a string schema");
            } else if (!(items && s->too_deep)) {
                tsig_bound *b = kw == KW_MIN_LENGTH ? &s->min_length
                                : kw == KW_MAX_LENGTH ? &s->max_length
                                : kw == KW_MIN_ITEMS ? &s->min_items
                                                     : &s->max_items;
                ok = read_bound(im, c, b, 1, 0);
            }
            break;
        }
        case KW_REF:   /* read by convert before any other keyword */
        case KW_OTHER:
        case KW_COUNT:
            ok = drop_keyword(im, c, "");
            break;
        }
        if (!ok || im->failed) return 0;
    }
    return 1;
}

/* Builds the member of a "type" for one JSON type (bit), with the
 * keywords that apply to it. NULL on failure. */
static const tsig_type *build_member(importer *im, schema_info *s, unsigned bit)
{
    tsig_type *t = NULL;
    switch (bit) {
    case JT_STRING: {
        const cJSON *f = s->kw[KW_FORMAT];
        int dt = f && str_is(f, "date-time");
        t = new_type(im, dt ? TSIG_DATETIME : TSIG_STRING);
        if (!dt) t = apply_bounds(im, t, s->min_length, s->max_length);
        return t;
    }
    case JT_INTEGER:
    case JT_NUMBER: {
        t = new_type(im, bit == JT_INTEGER ? TSIG_INT : TSIG_FLOAT);
        tsig_bound lo = s->minimum, hi = s->maximum;
        lo.exclusive = lo.num && s->excl_min_flag;
        hi.exclusive = hi.num && s->excl_max_flag;
        return apply_bounds(im, t, tighter(lo, s->excl_minimum, 1),
                            tighter(hi, s->excl_maximum, 0));
    }
    case JT_BOOLEAN:
        return new_type(im, TSIG_BOOL);
    case JT_ARRAY: {
        if (s->too_deep) return new_type(im, TSIG_ANY);
        const tsig_type *elem = s->elem ? s->elem : new_type(im, TSIG_ANY);
        const tsig_type *l = make_list(im, elem);
        if (!l || !spend(im, 1)) return NULL;
        t = tsig_arena_alloc(im->arena, sizeof *t);
        if (!t) {
            fail_nomem(im);
            return NULL;
        }
        *t = *l;
        return apply_bounds(im, t, s->min_items, s->max_items);
    }
    default: /* JT_OBJECT */
        /* No usable properties and no "* T": any object (:map). */
        if (s->too_deep || s->bad_names || s->props_malformed ||
            (!s->kw[KW_PROPERTIES] && !s->extra))
            return new_type(im, TSIG_MAP);
        t = new_type(im, TSIG_RECORD);
        if (!t) return NULL;
        /* Not required and no default: optional (one "?" even when
         * nullable too). */
        for (size_t i = 0; i < s->prop_count; i++) {
            size_t f = s->field_of[i];
            if (f == NOT_FOUND || s->required[i] || s->fields[f].default_json) continue;
            s->fields[f].type = make_optional(im, s->fields[f].type);
            if (!s->fields[f].type) return NULL;
        }
        t->fields = s->fields;
        t->field_count = s->field_count;
        t->extra = s->extra;
        return t;
    }
}

/* Builds the type of a SRC_TYPE schema: one member per type name, in the
 * order written, a union of several; an enum beside it keeps the values
 * the type takes. NULL on failure. */
static const tsig_type *build_typed(importer *im, schema_info *s)
{
    member_list l;
    memset(&l, 0, sizeof l);
    const cJSON *order = s->type_order;
    const cJSON *one = cJSON_IsArray(order) ? order->child : order;
    int ok = 1;
    unsigned done = 0;
    for (const cJSON *n = one; n && ok; n = cJSON_IsArray(order) ? n->next : NULL) {
        unsigned bit = json_type_bit(n);
        if (!bit || bit == JT_NULL || (done & bit)) continue;
        done |= bit;
        const tsig_type *t = build_member(im, s, bit);
        ok = t && add_member(im, &l, t);
    }
    /* A tool's inputSchema without "type" is an object. */
    if (ok && !order && s->base) {
        const tsig_type *t = build_member(im, s, s->base);
        ok = t && add_member(im, &l, t);
    }
    const tsig_type *result = NULL;
    if (ok && s->has_values && !s->widen_any && !l.any) {
        /* enum beside type: the values the type takes. */
        unsigned char *keep = calloc(s->value_count ? s->value_count : 1, 1);
        if (!keep) {
            ok = fail_nomem(im);
        } else {
            for (size_t i = 0; i < s->value_count; i++)
                for (size_t m = 0; m < l.count && !keep[i]; m++)
                    keep[i] = (unsigned char)member_takes_value(l.items[m], &s->values[i]);
            result = make_enum(im, s, keep);
            free(keep);
            int nullable = s->nullable && s->value_null;
            if (result && nullable) result = make_optional(im, result);
            if (!result && !im->failed) {
                ok = problem(im, s->values_kw, "dropped", "no value of the %s is of the type",
                             s->values_kw->string);
            } else if (!result) {
                ok = 0;
            }
        }
    }
    if (ok && !result) {
        if (s->nullable) l.nullable = 1;
        result = finish_members(im, &l);
    }
    members_release(&l);
    return ok ? result : NULL;
}


/* Members of a container looked at one by one before its index is asked
 * (a few keys cost less to compare than to hash). */
#define SCAN_MEMBERS 16

/* tsig_table_key_of over the index (ctx: the importer). */
static const char *index_key(const void *ctx, size_t entry, size_t *len)
{
    const importer *im = ctx;
    *len = im->index_key_at[entry + 1] - im->index_key_at[entry];
    return im->index_keys.data + im->index_key_at[entry];
}

/* Appends the index key of a member of container c: c's address, then
 * key[0..len). */
static void index_key_put(tsig_strbuf *sb, const cJSON *c, const char *key, size_t len)
{
    tsig_sb_append(sb, (const char *)&c, sizeof c);
    tsig_sb_append(sb, key, len);
}

/* Builds im->index over the document: every member of each container with
 * more than SCAN_MEMBERS, walked with an explicit stack. 0 when out of
 * memory. */
static int build_index(importer *im)
{
    im->index_built = 1;
    size_t count = 0, cap = 0, depth = 0, stack_cap = 0;
    const cJSON **stack = NULL;
    int ok = 1;
    tsig_table_init(&im->index, 0, NULL, index_key, im);
    const cJSON *node = im->doc;
    while (ok && node) {
        size_t n = 0;
        for (const cJSON *c = node->child; c; c = c->next) {
            n++;
            if (cJSON_IsObject(c) || cJSON_IsArray(c)) { /* visit it later */
                if (depth == stack_cap) {
                    stack_cap = stack_cap ? stack_cap * 2 : 64;
                    const cJSON **p = realloc(stack, stack_cap * sizeof *p);
                    if (!p) {
                        ok = 0;
                        break;
                    }
                    stack = p;
                }
                stack[depth++] = c;
            }
        }
        if (ok && n > SCAN_MEMBERS) {
            size_t i = 0;
            for (const cJSON *c = node->child; ok && c; c = c->next, i++) {
                if (count + 1 >= cap) {
                    cap = cap ? cap * 2 : 256;
                    const cJSON **p = realloc(im->index_members, cap * sizeof *p);
                    if (p) im->index_members = p;
                    size_t *q = p ? realloc(im->index_key_at, (cap + 1) * sizeof *q) : NULL;
                    if (!q) {
                        ok = 0;
                        break;
                    }
                    im->index_key_at = q;
                }
                char digits[24];
                const char *key = c->string;
                size_t len;
                if (cJSON_IsArray(node)) {
                    len = (size_t)tsig_snprintf(digits, sizeof digits, "%zu", i);
                    key = digits;
                } else {
                    len = strlen(key);
                }
                size_t start = im->index_keys.len;
                if (count == 0) im->index_key_at[0] = start;
                index_key_put(&im->index_keys, node, key, len);
                if (im->index_keys.failed) {
                    ok = 0;
                    break;
                }
                im->index_members[count] = c;
                im->index_key_at[count + 1] = im->index_keys.len;
                size_t at = tsig_table_add(&im->index, im->index_keys.data + start,
                                           im->index_keys.len - start,
                                           tsig_table_hash(&im->index, im->index_keys.data + start,
                                                           im->index_keys.len - start),
                                           count);
                if (at == TSIG_TABLE_NOMEM) ok = 0;
                count++;
            }
        }
        node = depth ? stack[--depth] : NULL;
    }
    free(stack);
    return ok ? 1 : fail_nomem(im);
}

/* The member of object node named key[0..klen), or the element of array
 * node at the index key spells (decimal, no leading zero), or NULL (NULL
 * and im->failed when out of memory). The first SCAN_MEMBERS are looked
 * at one by one, the others found in im->index, so a $ref costs the same
 * in a container of any size. */
static const cJSON *member_of(importer *im, const cJSON *node, const char *key, size_t klen)
{
    int obj = cJSON_IsObject(node);
    size_t index = 0;
    if (!obj) {
        if (!cJSON_IsArray(node) || klen == 0 || klen >= 10 || (key[0] == '0' && klen > 1))
            return NULL;
        for (size_t k = 0; k < klen; k++) {
            if (key[k] < '0' || key[k] > '9') return NULL;
            index = index * 10 + (size_t)(key[k] - '0');
        }
    }
    const cJSON *c = node->child;
    for (size_t i = 0; c && i < SCAN_MEMBERS; c = c->next, i++, im->scanned++)
        if (obj ? strlen(c->string) == klen && memcmp(c->string, key, klen) == 0 : i == index)
            return c;
    if (!c) return NULL;
    if (!im->index_built && !build_index(im)) return NULL;
    tsig_strbuf probe = {0};
    index_key_put(&probe, node, key, klen);
    size_t at = probe.failed ? TSIG_TABLE_NOMEM
                             : tsig_table_find(&im->index, probe.data, probe.len,
                                               tsig_table_hash(&im->index, probe.data, probe.len));
    tsig_sb_release(&probe);
    if (at == TSIG_TABLE_NOMEM) {
        fail_nomem(im);
        return NULL;
    }
    return at == TSIG_TABLE_NONE ? NULL : im->index_members[at];
}

/*
 * Resolves the fragment of a local $ref (ref[0..len), starting with "#")
 * in the schema root: a JSON Pointer, "~0" / "~1" and %XX decoded, each
 * segment then compared with keys in their key form. On success returns
 * the node and writes the target's pointer (for messages) to *where; NULL
 * when no such place exists (or out of memory: im->failed).
 */
static const cJSON *resolve_ref(importer *im, const char *ref, size_t len, tsig_strbuf *where)
{
    const cJSON *node = im->root;
    tsig_sb_puts(where, im->root_ptr);
    const char *s = ref + 1, *end = ref + len;
    tsig_strbuf seg = {0};
    while (node && s < end && *s == '/') {
        seg.len = 0;
        s++;
        /* A byte C0 decoded from %C0 is in no key: only a NUL's pair is. */
        int keyless = 0;
        while (s < end && *s != '/') {
            char c = *s++;
            if (c == '~' && s < end && (*s == '0' || *s == '1')) {
                c = *s++ == '0' ? '~' : '/';
            } else if (c == '%' && end - s >= 2) {
                int hi = s[0] <= '9' ? s[0] - '0' : (s[0] | 0x20) - 'a' + 10;
                int lo = s[1] <= '9' ? s[1] - '0' : (s[1] | 0x20) - 'a' + 10;
                if (hi >= 0 && hi < 16 && lo >= 0 && lo < 16) {
                    c = (char)(hi * 16 + lo);
                    s += 2;
                }
            }
            keyless |= (unsigned char)c == 0xC0;
            key_form(&seg, &c, 1);
        }
        tsig_sb_putc(&seg, '\0');
        if (seg.failed) break;
        const char *key = seg.data;
        size_t klen = seg.len - 1;
        ptr_append_segment(where, key, klen);
        /* a key holding 0xC0 names no member: the tree holds that byte
         * only in the two-byte form of a NUL, which key_form wrote */
        node = keyless && cJSON_IsObject(node) ? NULL : member_of(im, node, key, klen);
        if (im->failed) break;
    }
    int nomem = seg.failed || where->failed;
    tsig_sb_release(&seg);
    if (nomem || im->failed) {
        fail_nomem(im);
        return NULL;
    }
    return s < end ? NULL : node;
}

/*
 * A schema holding "$ref": beside it only annotations, $defs and
 * definitions (anything else fails, or is dropped); the target is
 * converted in its place, with problems inside it pointing at its own
 * place. Remote, missing and recursive references fail, or (lossy) are
 * :any.
 */
static const tsig_type *convert_ref(importer *im, const cJSON *node, const cJSON *ref,
                                    size_t depth, int params_root)
{
    for (const cJSON *c = node->child; c; c = c->next) {
        keyword kw = keyword_of(c->string);
        if (c != ref && kw != KW_ANNOTATION && kw != KW_DEFS &&
            !drop_keyword(im, c, " beside $ref"))
            return NULL;
    }
    const char *why = NULL;
    char reason[REASON_BUF];
    if (!cJSON_IsString(ref)) {
        tsig_snprintf(reason, sizeof reason, "expected a string, found %s", json_kind(ref));
        why = reason;
    } else if (str_len(ref) == 0 || ref->valuestring[0] != '#') {
        why = "only local references";
    } else if (im->ref_count >= REF_BUDGET || im->ref_depth >= REF_NESTING) {
        tsig_snprintf(reason, sizeof reason, "references %s",
                      im->ref_depth >= REF_NESTING ? "nested deeper than 64"
                                                   : "followed more than 10000 times");
        why = reason;
    }
    if (why) {
        if (!problem(im, ref, "widened to :any", "%s", why)) return NULL;
        return new_type(im, TSIG_ANY);
    }
    if (!spend(im, strlen(ref->valuestring))) return NULL;
    tsig_strbuf where = {0};
    const cJSON *target = resolve_ref(im, ref->valuestring, str_len(ref), &where);
    if (im->failed) {
        tsig_sb_release(&where);
        return NULL;
    }
    for (size_t i = 0; target && i < im->ref_depth; i++)
        if (im->ref_stack[i] == target) why = "recursive reference";
    if (!target) {
        char shown[ECHO_BUF];
        echo(ref->valuestring, str_len(ref), shown);
        tsig_snprintf(reason, sizeof reason, "reference %s not found", shown);
        why = reason;
    }
    if (why) {
        tsig_sb_release(&where);
        if (!problem(im, ref, "widened to :any", "%s", why)) return NULL;
        return new_type(im, TSIG_ANY);
    }
    /* Convert the target at its own place. */
    tsig_strbuf saved = im->ptr;
    const cJSON *saved_node = im->here;
    im->ptr = where;
    im->here = target;
    im->ref_site[im->ref_depth] = &saved;
    im->ref_node[im->ref_depth] = ref;
    im->ref_stack[im->ref_depth++] = target;
    im->ref_count++;
    const tsig_type *t = convert(im, target, depth, params_root);
    im->ref_depth--;
    tsig_sb_release(&im->ptr);
    im->ptr = saved;
    im->here = saved_node;
    return t;
}

/*
 * Converts the schema at the current pointer. depth is the number of lists
 * and typed maps around it (a list or typed map here is level depth + 1;
 * over TSIG_SIGNATURE_MAX_DEPTH is a place toolsig cannot express).
 * params_root: node is a tool's inputSchema, whose object is the parameter
 * list (no nesting level of its own; see decide_source and
 * convert_properties). Returns the type (in the arena), or NULL with
 * im->err set. Recursion follows the schema and its references: convert
 * bounds it (SCHEMA_NESTING).
 */
static const tsig_type *convert_schema(importer *im, const cJSON *node, size_t depth,
                                       int params_root)
{
    if (!cJSON_IsObject(node)) {
        if (!problem(im, NULL, "widened to :any", "expected a schema object, found %s",
                     json_kind(node)))
            return NULL;
        return new_type(im, TSIG_ANY);
    }
    const cJSON *ref = cJSON_GetObjectItemCaseSensitive(node, "$ref");
    if (ref) return convert_ref(im, node, ref, depth, params_root);
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
    if (cJSON_IsArray(s.kw[KW_TYPE])) { /* each name is read */
        size_t names = 0;
        for (const cJSON *c = s.kw[KW_TYPE]->child; c; c = c->next) names++;
        if (!spend(im, names)) goto done;
    }
    int over = depth + 1 > TSIG_SIGNATURE_MAX_DEPTH;
    if (is_typed(&s, JT_ARRAY) && over) s.too_deep = 1;
    if (is_typed(&s, JT_OBJECT) && !params_root && over &&
        ((s.kw[KW_PROPERTIES] && cJSON_IsObject(s.kw[KW_PROPERTIES])) ||
         (s.kw[KW_ADDITIONAL] && cJSON_IsObject(s.kw[KW_ADDITIONAL]) &&
          !only_annotations(s.kw[KW_ADDITIONAL], NULL))))
        s.too_deep = 1;
    if (is_typed(&s, JT_OBJECT) && !s.too_deep) {
        s.props_malformed = s.kw[KW_PROPERTIES] && !cJSON_IsObject(s.kw[KW_PROPERTIES]);
        if (!prepare_properties(im, &s)) goto done;
    }
    if (s.too_deep &&
        !problem(im, NULL, s.base & JT_ARRAY ? "widened to :any" : "widened to :map",
                 "nesting deeper than %d", TSIG_SIGNATURE_MAX_DEPTH))
        goto done;
    if (!read_keywords(im, &s, depth)) goto done;

    /* Every keyword is read: build the type. */
    if (s.widen_any) {
        result = new_type(im, TSIG_ANY);
    } else {
        switch (s.src) {
        case SRC_TYPE:
            result = build_typed(im, &s);
            break;
        case SRC_ENUM:
            result = make_enum(im, &s, NULL);
            if (result && s.value_null) result = make_optional(im, result);
            break;
        case SRC_ANY_OF:
        case SRC_ONE_OF:
        case SRC_ALL_OF:
            /* Read where the keyword stood in the document. */
            result = s.decided;
            break;
        case SRC_NONE:
        case SRC_TYPE_BAD:
        case SRC_UNTYPED_OBJECT:
        case SRC_UNTYPED_ARRAY:
            /* Nothing says more: {}, or a place widened to :any. */
            result = new_type(im, TSIG_ANY);
            break;
        }
        if (result && s.nullable && s.src != SRC_TYPE && result->kind != TSIG_ANY)
            result = make_optional(im, result);
    }
done:
    info_release(&s);
    return im->failed ? NULL : result;
}

/* Converts one schema (convert_schema) after counting it against the
 * budget (HEAVY_NODE, and one for each member of its object), while fewer
 * than SCHEMA_NESTING are open (more, only reached through $refs, fail or
 * are :any). */
static const tsig_type *convert(importer *im, const cJSON *node, size_t depth,
                                int params_root)
{
    size_t members = 0;
    for (const cJSON *c = cJSON_IsObject(node) ? node->child : NULL; c; c = c->next) members++;
    if (!spend(im, HEAVY_NODE + members)) return NULL;
    if (im->nesting >= SCHEMA_NESTING) {
        if (!problem(im, NULL, "widened to :any", "schemas nested deeper than %d through $refs",
                     SCHEMA_NESTING))
            return NULL;
        return new_type(im, TSIG_ANY);
    }
    im->nesting++;
    const tsig_type *t = convert_schema(im, node, depth, params_root);
    im->nesting--;
    return t;
}

/* ========================================================================
 * Public functions
 * ===================================================================== */

/* Hands the recorded warnings to out (one malloc'd block), each once. 0
 * when out of memory. */
static int export_warnings(importer *im, tsig_messages *out)
{
    if (!out || im->warning_count == 0) return 1;
    if (!tsig_messages_make(out, im->warnings.data, im->warnings.len, im->warning_count))
        return fail_nomem(im);
    return 1;
}

/* What converts a tree's root into the signature (the two below). */
typedef int (*build_fn)(importer *, const cJSON *, tsig_signature *);

/*
 * Step 2 for a tree read by tsig_import_read (or with the same flags):
 * runs build on root, which fills sig from the tree, and hands out
 * warnings. Errors are positioned in text[base, base + len), whose length
 * also sets the budget. Returns the signature or NULL with *err set.
 */
static tsig_signature *import_tree(const cJSON *root, const char *text, size_t base, size_t len,
                                   unsigned flags, tsig_messages *warnings, tsig_error *err,
                                   build_fn build, tsig_import_work *work)
{
    importer im;
    memset(&im, 0, sizeof im);
    im.lossy = (flags & TSIG_SCHEMA_LOSSY) != 0;
    im.err = err;
    im.src = text + base;
    im.len = len;
    im.base = base;
    im.budget = len > (SIZE_MAX - BUDGET_BASE) / BUDGET_PER_BYTE ? SIZE_MAX
                                                                 : len * BUDGET_PER_BYTE + BUDGET_BASE;
    tsig_table_init(&im.warning_set, 0, NULL, warning_text, &im);
    tsig_table_init(&im.memo, 0, NULL, memo_address, &im);
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
    im.doc = root;
    im.here = root;
    int ok = build(&im, root, sig) && export_warnings(&im, warnings);
    if (work) {
        work->nodes = im.spent;
        work->budget = im.budget;
        work->compared = im.compared;
        work->scanned = im.scanned;
    }
    tsig_sb_release(&im.ptr);
    tsig_sb_release(&im.warnings);
    tsig_table_release(&im.warning_set);
    free(im.warning_spans);
    tsig_table_release(&im.memo);
    free(im.memo_types);
    free(im.memo_keys);
    if (im.index_built) tsig_table_release(&im.index);
    free(im.index_members);
    free(im.index_key_at);
    tsig_sb_release(&im.index_keys);
    if (!ok) {
        tsig_signature_free(sig);
        return NULL;
    }
    return sig;
}

/*
 * The frame of both public functions: checks arguments, reads the JSON
 * (steps 1 and 2), converts the tree (step 3). Returns the signature or
 * NULL with *err set.
 */
static tsig_signature *import(const char *json, size_t len, unsigned flags,
                              tsig_messages *warnings, tsig_error *err, build_fn build,
                              tsig_import_work *work)
{
    tsig_error scratch;
    if (!err) err = &scratch;
    cJSON *root = tsig_import_read(json, len, flags, warnings, err);
    if (!root) return NULL;
    if (!json) json = "";
    tsig_signature *sig = import_tree(root, json, 0, len, flags, warnings, err, build, work);
    cJSON_Delete(root);
    return sig;
}

/* from_json_schema: the whole document is the return type. */
static int build_from_schema(importer *im, const cJSON *root, tsig_signature *sig)
{
    im->root = root;
    im->root_ptr = "#";
    sig->returns = convert(im, root, 0, 0);
    return sig->returns != NULL;
}

/* See internal.h: OpenAI's {"type": "function", "function": {...}}
 * holds the tool in "function"; any other tool is its own body. */
const cJSON *tsig_tool_body(const cJSON *tool)
{
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(tool, "type");
    const cJSON *body = cJSON_GetObjectItemCaseSensitive(tool, "function");
    if (cJSON_IsString(type) && strcmp(type->valuestring, "function") == 0 && cJSON_IsObject(body))
        return body;
    return tool;
}

/* The keys a tool's parameter schema is under: MCP's, Anthropic's,
 * OpenAI's. */
static const char *const INPUT_KEYS[] = {"inputSchema", "input_schema", "parameters"};

/* tool_from_json: parameters from inputSchema (Anthropic's input_schema,
 * OpenAI's parameters; two of them is an error, as no one reading says
 * which counts), the return type from outputSchema (:any without one),
 * read in document order so messages come in document order. A null
 * schema counts as absent. Other members of the tool (name, description,
 * annotations, ...) are not read. */
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
    const cJSON *body = tsig_tool_body(root);
    place wrapper = {0, NULL};
    if (body != root) {
        wrapper = ptr_push(im, body);
        if (wrapper.len == NOT_FOUND) return 0;
    }
    const char *input_key = NULL;
    for (const cJSON *c = body->child; c; c = c->next) {
        const char *key = NULL;
        for (size_t k = 0; k < sizeof INPUT_KEYS / sizeof INPUT_KEYS[0]; k++)
            if (strcmp(c->string, INPUT_KEYS[k]) == 0) key = INPUT_KEYS[k];
        int input = key != NULL;
        if ((!input && strcmp(c->string, "outputSchema") != 0) || cJSON_IsNull(c)) continue;
        if (input && input_key) {
            char reason[96];
            tsig_snprintf(reason, sizeof reason, "a tool has one parameter schema, found %s and %s",
                          input_key, key);
            fail_at_pointer(im, reason);
            return 0;
        }
        if (input) input_key = key;
        place back = ptr_push(im, c);
        if (back.len == NOT_FOUND) return 0;
        /* $refs point into the schema holding them. */
        im->root = c;
        char *root_ptr = tsig_arena_strndup(&sig->arena, im->ptr.data, im->ptr.len);
        if (!root_ptr) {
            fail_nomem(im);
            return 0;
        }
        im->root_ptr = root_ptr;
        const tsig_type *t = convert(im, c, 0, input);
        if (!t) return 0;
        ptr_pop(im, back);
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
    if (body != root) ptr_pop(im, wrapper);
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
    return import(json, len, flags, warnings, err, build_from_schema, NULL);
}

/* See toolsig.h: parameters from inputSchema, return type from
 * outputSchema. */
tsig_signature *tsig_tool_from_json(const char *json, size_t len, unsigned flags,
                                    tsig_messages *warnings, tsig_error *err)
{
    return import(json, len, flags, warnings, err, build_from_tool, NULL);
}

/* See internal.h: tsig_tool_from_json's step 3 alone. */
tsig_signature *tsig_tool_from_tree(const cJSON *tool, const char *text, size_t base,
                                    size_t len, unsigned flags, tsig_messages *warnings,
                                    tsig_error *err)
{
    if (!import_begin(text, len, flags, warnings, err)) return NULL;
    return import_tree(tool, text, base, len, flags, warnings, err, build_from_tool, NULL);
}

/* See internal.h. */
tsig_signature *tsig_import_measured(const char *json, size_t len, unsigned flags, int tool,
                                     tsig_messages *warnings, tsig_error *err,
                                     tsig_import_work *work)
{
    if (work) memset(work, 0, sizeof *work);
    return import(json, len, flags, warnings, err, tool ? build_from_tool : build_from_schema,
                  work);
}
