/*
 * parse.c: signature text -> type tree (SPEC §1).
 *
 * A recursive-descent parser over the tokens of lex.c. Every node and name
 * goes into the signature's arena, so tsig_signature_free releases the whole
 * tree at once. Recursion is bounded: a "[" or "{" deeper than
 * TSIG_SIGNATURE_MAX_DEPTH is refused before the parser descends into it, so
 * any input (100 000 nested levels included) uses a small, fixed amount of C
 * stack.
 *
 * The first error stops the parse. Messages say what was expected and what
 * was found ("expected a type after \"limit\", found \")\""), point at the
 * first byte that cannot be accepted, and carry a hint for the common
 * mistakes of SPEC §1 ("did you mean :int?", "the arrow is ->", ...).
 * Names echoed in messages are cut at 40 characters, so a huge name cannot
 * overflow the fixed message buffer.
 */
#include "internal.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Room for one echoed text: TSIG_ECHO_MAX characters, quotes, escapes
 * and "…". */
#define ECHO_BUF 128

/* ------------------------------------------------------------------------
 * Type names and the hints for the ones people write by mistake
 * --------------------------------------------------------------------- */

/* A type word and the kind it names. */
typedef struct primitive_name {
    const char *name;
    tsig_kind kind;
} primitive_name;

/* The primitive types of SPEC §1; ":boolean" is an alias of ":bool". */
static const primitive_name PRIMITIVES[] = {
    {"string", TSIG_STRING}, {"int", TSIG_INT},         {"float", TSIG_FLOAT},
    {"bool", TSIG_BOOL},     {"boolean", TSIG_BOOL},    {"keyword", TSIG_KEYWORD},
    {"any", TSIG_ANY},       {"map", TSIG_MAP},         {"datetime", TSIG_DATETIME},
};
#define PRIMITIVE_COUNT (sizeof PRIMITIVES / sizeof PRIMITIVES[0])

/* Looks up a type word (without its ":"); whole words, case-sensitive.
 * Returns 1 and sets *kind when it names a primitive. */
static int primitive_lookup(const char *word, size_t len, tsig_kind *kind)
{
    for (size_t i = 0; i < PRIMITIVE_COUNT; i++) {
        if (strlen(PRIMITIVES[i].name) == len &&
            memcmp(PRIMITIVES[i].name, word, len) == 0) {
            *kind = PRIMITIVES[i].kind;
            return 1;
        }
    }
    return 0;
}

/* The canonical spelling of a primitive kind, without ":". */
static const char *primitive_canonical(tsig_kind kind)
{
    return tsig_kind_name(kind);
}

/* A word of another type system, and the hint that answers it. */
typedef struct hint_entry {
    const char *word; /* lowercase */
    const char *hint;
} hint_entry;

#define HINT_LIST "use [:type], e.g. [:int], [:string], [:any]"
#define HINT_MAP "use {field :type} or :map"
#define HINT_OPTIONAL "mark optional with a ? suffix: :string?"

/* Words of other type systems, and what toolsig writes instead (SPEC §1
 * "Hints for the common mistakes"). Compared case-insensitively. */
static const hint_entry HINT_WORDS[] = {
    {"list", HINT_LIST},
    {"array", HINT_LIST},
    {"vector", HINT_LIST},
    {"seq", HINT_LIST},
    {"tuple", "no tuples: use a map with named fields {field :type}"},
    {"object", HINT_MAP},
    {"dict", HINT_MAP},
    {"dictionary", HINT_MAP},
    {"hash", HINT_MAP},
    {"hashmap", HINT_MAP},
    {"record", HINT_MAP},
    {"struct", HINT_MAP},
    {"null", HINT_OPTIONAL},
    {"nil", HINT_OPTIONAL},
    {"optional", HINT_OPTIONAL},
    {"nullable", HINT_OPTIONAL},
    {"none", HINT_OPTIONAL},
    {"undefined", HINT_OPTIONAL},
    {"number", "did you mean :float?"},
    {"double", "did you mean :float?"},
    {"decimal", "did you mean :float?"},
    {"real", "did you mean :float?"},
    {"numeric", "did you mean :float?"},
    {"long", "did you mean :int?"},
    {"bigint", "did you mean :int?"},
    {"text", "did you mean :string?"},
    {"char", "did you mean :string?"},
    {"time", "did you mean :datetime?"},
    {"timestamp", "did you mean :datetime?"},
    {"atom", "did you mean :keyword?"},
    {"symbol", "did you mean :keyword?"},
};
#define HINT_WORD_COUNT (sizeof HINT_WORDS / sizeof HINT_WORDS[0])

/* Words longer than this get no spelling suggestion. */
#define SUGGEST_MAX 32

/* Optimal-string-alignment distance (insertions, deletions, substitutions,
 * adjacent transpositions) of two words of at most SUGGEST_MAX bytes. */
static size_t edit_distance(const char *a, size_t n, const char *b, size_t m)
{
    size_t d[SUGGEST_MAX + 1][SUGGEST_MAX + 1];
    for (size_t i = 0; i <= n; i++) d[i][0] = i;
    for (size_t j = 0; j <= m; j++) d[0][j] = j;
    for (size_t i = 1; i <= n; i++) {
        for (size_t j = 1; j <= m; j++) {
            size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
            size_t best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best) best = d[i][j - 1] + 1;
            if (d[i - 1][j - 1] + cost < best) best = d[i - 1][j - 1] + cost;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
                d[i - 2][j - 2] + 1 < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = best;
        }
    }
    return d[n][m];
}

/*
 * The hint for an unknown type word (without its ":"), written into buf:
 * the table of common mistakes first, then a case slip (":Bool"), then a
 * name the word starts with or that starts with the word (":integer",
 * ":str"), then the closest name by edit distance (":booleen"); otherwise
 * the list of valid types.
 */
static void unknown_type_hint(const char *word, size_t len, char *buf,
                              size_t size)
{
    char lower[SUGGEST_MAX + 1];
    if (len <= SUGGEST_MAX) {
        /* Case slips are mistakes too: compare lowercase. */
        for (size_t i = 0; i < len; i++) {
            char c = word[i];
            lower[i] = (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
        }
        lower[len] = '\0';
        for (size_t i = 0; i < HINT_WORD_COUNT; i++) {
            if (strcmp(HINT_WORDS[i].word, lower) == 0) {
                tsig_snprintf(buf, size, "%s", HINT_WORDS[i].hint);
                return;
            }
        }
        /* Lower score wins; ties keep the earlier name of PRIMITIVES, and
         * ":boolean" is suggested as its canonical ":bool". */
        const char *best = NULL;
        size_t best_score = (size_t)-1;
        for (size_t i = 0; i < PRIMITIVE_COUNT; i++) {
            const char *name = PRIMITIVES[i].name;
            size_t nlen = strlen(name);
            size_t score;
            if (nlen == len && memcmp(name, lower, len) == 0) {
                score = 0; /* case slip */
            } else if (len >= 3 && (strncmp(lower, name, nlen) == 0 ||
                                    (len < nlen && strncmp(name, lower, len) == 0))) {
                score = 1; /* ":integer", ":str", ":booleans" */
            } else {
                /* One slip in a short word, two in a longer one: more
                 * would suggest a name for any random word. */
                size_t dist = edit_distance(lower, len, name, nlen);
                size_t limit = len >= 5 ? 2 : 1;
                if (dist > limit) continue;
                score = 1 + dist;
            }
            if (score < best_score) {
                best_score = score;
                best = primitive_canonical(PRIMITIVES[i].kind);
            }
        }
        if (best) {
            tsig_snprintf(buf, size, "did you mean :%s?", best);
            return;
        }
    }
    tsig_snprintf(buf, size, "the types are :string :int :float :bool :keyword "
                             ":any :map :datetime :enum[a b], [type] and {field :type}");
}

/* ------------------------------------------------------------------------
 * Parser state and error reporting
 * --------------------------------------------------------------------- */

/* One parse in progress. err receives the first (and only) error; the
 * functions below return NULL or 0 once it is set. */
typedef struct parser {
    const char *src;
    size_t len;
    tsig_lexer lexer;
    tsig_token tok; /* the current token, not yet consumed */
    tsig_arena *arena;
    tsig_error *err;
} parser;

/* Moves to the next token. The lexer never fails, so neither does this;
 * past the end it keeps returning TSIG_TOK_END. */
static void advance(parser *p)
{
    p->tok = tsig_lex_next(&p->lexer);
}

/* Records the error (code, position of offset, formatted message) and
 * clears the hint. The parse stops at the first error. */
static void fail(parser *p, tsig_code code, size_t offset, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
static void fail(parser *p, tsig_code code, size_t offset, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    tsig_error_setv(p->err, code, p->src, p->len, offset, fmt, ap);
    va_end(ap);
}

/* Fails with TSIG_ERR_NOMEM at the current token. Nothing allocated so far
 * leaks: it all lives in the arena, released with the signature. */
static void fail_nomem(parser *p)
{
    tsig_error_set(p->err, TSIG_ERR_NOMEM, p->src, p->len, p->tok.offset,
                   "out of memory");
}

/* A copy of src[at..at+len) in the arena: the tree outlives the text it was
 * parsed from. NULL after failing (out of memory). */
static const char *own_text(parser *p, size_t at, size_t len)
{
    const char *copy = tsig_arena_strndup(p->arena, p->src + at, len);
    if (!copy) fail_nomem(p);
    return copy;
}

/* src[0..len) quoted and cut at TSIG_ECHO_MAX characters: "limit". */
static void quote(const char *s, size_t len, char *buf)
{
    tsig_quote_cut(s, len, TSIG_ECHO_MAX, buf, ECHO_BUF);
}

/* What a token is, for "found ..." messages: end of input, a whole word
 * ("extra", ":int32"), an arrow, or the one character at the token. */
static void describe(const parser *p, const tsig_token *t, char *buf)
{
    switch (t->kind) {
    case TSIG_TOK_END:
        tsig_snprintf(buf, ECHO_BUF, "end of input");
        break;
    case TSIG_TOK_IDENT:
    case TSIG_TOK_TYPE:
    case TSIG_TOK_ARROW:
    case TSIG_TOK_FAT_ARROW:
        quote(p->src + t->offset, t->len, buf);
        break;
    case TSIG_TOK_LPAREN:
    case TSIG_TOK_RPAREN:
    case TSIG_TOK_LBRACKET:
    case TSIG_TOK_RBRACKET:
    case TSIG_TOK_LBRACE:
    case TSIG_TOK_RBRACE:
    case TSIG_TOK_COMMA:
    case TSIG_TOK_QUESTION:
    case TSIG_TOK_COLON:
    case TSIG_TOK_INVALID:
    case TSIG_TOK_PIPE:
    case TSIG_TOK_STAR:
    case TSIG_TOK_EQUALS:
    case TSIG_TOK_STRING:
        tsig_describe_found(p->src, p->len, t->offset, buf, ECHO_BUF);
        break;
    }
}

/* Fails with "expected <what>, found <current token>" at the current
 * token; hint may be NULL. */
static void fail_expected(parser *p, const char *what, const char *hint)
{
    char found[ECHO_BUF];
    describe(p, &p->tok, found);
    fail(p, TSIG_ERR_SYNTAX, p->tok.offset, "expected %s, found %s", what, found);
    if (hint) tsig_error_hint(p->err, hint);
}

/* A name cut at TSIG_ECHO_MAX bytes with "…", unquoted (names are ASCII). */
static void cut_name(const char *s, size_t len, char *buf)
{
    if (len <= TSIG_ECHO_MAX) {
        tsig_snprintf(buf, ECHO_BUF, "%.*s", (int)len, s);
    } else {
        tsig_snprintf(buf, ECHO_BUF, "%.*s\xE2\x80\xA6", TSIG_ECHO_MAX, s);
    }
}

/* ------------------------------------------------------------------------
 * Field lists: growable arrays in the arena with a hash index on the
 * normalized name (hash.c), so duplicates are found in constant time per
 * name
 * --------------------------------------------------------------------- */

/* The fields of one map (or the parameters) while they are parsed. items
 * becomes the node's field array as is: when it grows, the old copy stays
 * in the arena unused (at most as much again, never more). */
typedef struct field_list {
    tsig_field *items;
    size_t count;
    size_t cap;
    tsig_table index; /* begun with the first field: entry = item index */
} field_list;

/* tsig_table_key_of over a list: a field's normalized name. */
static const char *field_norm(const void *ctx, size_t entry, size_t *len)
{
    const tsig_field *f = &((const field_list *)ctx)->items[entry];
    *len = f->name_len;
    return f->norm;
}

/*
 * Appends the name at token t to the list (copied into the arena with its
 * normalized form). Returns the new field's index, or (size_t)-1 after
 * failing with TSIG_ERR_DUPLICATE_NAME (the name normalizes like an earlier
 * one: the error points at this later name) or TSIG_ERR_NOMEM.
 */
static size_t add_field(parser *p, field_list *list, const tsig_token *t)
{
    const char *name = p->src + t->offset;
    char *copy = tsig_arena_strndup(p->arena, name, t->len);
    if (!copy) {
        fail_nomem(p);
        return (size_t)-1;
    }
    /* The normalized name shares the copy unless a "-" must change. */
    char *norm = copy;
    if (memchr(name, '-', t->len)) {
        norm = tsig_arena_strndup(p->arena, name, t->len);
        if (!norm) {
            fail_nomem(p);
            return (size_t)-1;
        }
        tsig_name_normalize(norm, norm, t->len);
    }

    /* An equal normalized name is a duplicate (reported at this later
     * name, with both spellings); otherwise the new field is indexed. */
    if (!list->index.key_of) tsig_table_init(&list->index, 0, p->arena, field_norm, list);
    size_t hash = tsig_table_hash(&list->index, norm, t->len);
    size_t same = tsig_table_add(&list->index, norm, t->len, hash, list->count);
    if (same == TSIG_TABLE_NOMEM) {
        fail_nomem(p);
        return (size_t)-1;
    }
    if (same != TSIG_TABLE_NONE) {
        const tsig_field *other = &list->items[same];
        char qnorm[ECHO_BUF], first[ECHO_BUF], second[ECHO_BUF];
        quote(norm, t->len, qnorm);
        cut_name(other->name, other->name_len, first);
        cut_name(copy, t->len, second);
        fail(p, TSIG_ERR_DUPLICATE_NAME, t->offset,
             "duplicate field names normalize to %s: %s, %s", qnorm, first,
             second);
        return (size_t)-1;
    }

    /* Grow the array by doubling (overflow-checked for 32-bit wasm). */
    if (list->count == list->cap) {
        size_t cap = list->cap ? list->cap * 2 : 4;
        if (cap > (size_t)-1 / sizeof(tsig_field)) {
            fail_nomem(p);
            return (size_t)-1;
        }
        tsig_field *items = tsig_arena_alloc(p->arena, cap * sizeof(tsig_field));
        if (!items) {
            fail_nomem(p);
            return (size_t)-1;
        }
        if (list->count) memcpy(items, list->items, list->count * sizeof(tsig_field));
        list->items = items;
        list->cap = cap;
    }
    size_t index = list->count++;
    tsig_field *f = &list->items[index];
    f->name = copy;
    f->name_len = t->len;
    f->norm = norm;
    f->type = NULL;
    f->offset = t->offset;
    f->firewalled = tsig_name_firewalled(copy, t->len);
    return index;
}

/* ------------------------------------------------------------------------
 * Grammar
 * --------------------------------------------------------------------- */

/* A zeroed node of the given kind in the arena, pointing at offset in the
 * source; NULL after failing with TSIG_ERR_NOMEM. */
static tsig_type *new_type(parser *p, tsig_kind kind, size_t offset)
{
    tsig_type *t = tsig_arena_alloc(p->arena, sizeof *t);
    if (!t) {
        fail_nomem(p);
        return NULL;
    }
    t->kind = kind;
    t->offset = offset;
    return t;
}

static const tsig_type *parse_type(parser *p, const char *context,
                                   size_t depth);

/* ------------------------------------------------------------------------
 * The v2 pieces read straight off the text (SPEC §11.1): JSON strings and
 * values (with json.c's reader, so JSON means RFC 8259 exactly), enum
 * values, refinements. Each leaves the lexer after what it read.
 * --------------------------------------------------------------------- */

/* Sets the lexer to go on at pos and reads the next token. */
static void resume_at(parser *p, size_t pos)
{
    p->lexer.pos = pos;
    advance(p);
}

/* A byte that ends a run of text in "found" messages. */
static int ends_run(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',' ||
           c == ']' || c == ')' || c == '}' || c == '|' || c == '[' || c == '{';
}

/* A byte of a run of text in "found" messages: what words, numbers and
 * ranges are made of, and any byte of a non-ASCII character. */
static int in_run(char c)
{
    unsigned char u = (unsigned char)c;
    return (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9') ||
           u == '_' || u == '-' || u == '.' || u == '+' || u == '/' || u >= 0x80;
}

/* The run of text at offset, quoted: "2xl", "café", "a..b"; a character
 * that starts no run is quoted alone (",", "="). */
static void describe_run(const parser *p, size_t offset, char *buf)
{
    if (offset >= p->len || !in_run(p->src[offset]) ||
        (unsigned char)p->src[offset] >= 0x80) {
        tsig_describe_found(p->src, p->len, offset, buf, ECHO_BUF);
        return;
    }
    size_t end = offset;
    while (end < p->len && in_run(p->src[end])) {
        if ((unsigned char)p->src[end] < 0x80) {
            end++;
            continue;
        }
        /* whole UTF-8 characters only: the message stays UTF-8 */
        size_t n = tsig_utf8_seq((const unsigned char *)p->src + end, p->len - end);
        if (!n) break;
        end += n;
    }
    quote(p->src + offset, end - offset, buf);
}

/* Fails with "expected <what>, found <run at offset>". */
static void fail_run(parser *p, size_t offset, const char *what, const char *hint)
{
    char found[ECHO_BUF];
    describe_run(p, offset, found);
    fail(p, TSIG_ERR_SYNTAX, offset, "expected %s, found %s", what, found);
    if (hint) tsig_error_hint(p->err, hint);
}

/* Turns an error of json.c's reader over the signature text into the
 * parser's: the same position and wording, without "JSON error at L:C: ";
 * a too-deep value is the signature's own nesting error. */
static void fail_json(parser *p, const tsig_error *jerr)
{
    if (jerr->code == TSIG_ERR_NOMEM) {
        fail_nomem(p);
        return;
    }
    if (jerr->code == TSIG_ERR_TOO_DEEP) {
        fail(p, TSIG_ERR_TOO_DEEP, jerr->offset,
             "nesting deeper than %d levels of \"[\" and \"{\"",
             TSIG_SIGNATURE_MAX_DEPTH);
        return;
    }
    const char *reason = tsig_json_error_reason(jerr->message);
    fail(p, TSIG_ERR_SYNTAX, jerr->offset, "%s", reason ? reason : jerr->message);
}

/*
 * json_string (RFC 8259) at offset: decodes it into the arena (*out, *len;
 * a lone escaped surrogate in its three-byte form). Returns the position
 * after it, or 0 after failing.
 */
static size_t read_json_string(parser *p, size_t offset, const char **out,
                               size_t *len)
{
    tsig_error jerr;
    tsig_json j;
    memset(&jerr, 0, sizeof jerr);
    tsig_json_init(&j, p->src, p->len, 1, &jerr);
    j.pos = offset;
    tsig_json_span span;
    size_t end = tsig_json_string_end(&j, &span);
    if (!end) {
        fail_json(p, &jerr);
        return 0;
    }
    char *text = tsig_arena_alloc(p->arena, span.len + 1);
    if (!text) {
        fail_nomem(p);
        return 0;
    }
    *len = span.flag ? tsig_json_unescape(p->src + span.start, span.len, text) : span.len;
    if (!span.flag) memcpy(text, p->src + span.start, span.len);
    text[*len] = '\0';
    *out = text;
    return end;
}

/* json_number at offset, where "." counts only before a digit (so "1..5"
 * is a number and ".."). Returns its end, or offset when none starts
 * there. A leading zero ends the number ("01" is "0", then "1"). */
static size_t scan_number(const parser *p, size_t offset)
{
    const char *s = p->src;
    size_t n = p->len, i = offset;
    if (i < n && s[i] == '-') i++;
    if (i >= n || s[i] < '0' || s[i] > '9') return offset;
    if (s[i] == '0') i++;
    else
        while (i < n && s[i] >= '0' && s[i] <= '9') i++;
    if (i + 1 < n && s[i] == '.' && s[i + 1] >= '0' && s[i + 1] <= '9') {
        i++;
        while (i < n && s[i] >= '0' && s[i] <= '9') i++;
    }
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
        size_t k = i + 1;
        if (k < n && (s[k] == '+' || s[k] == '-')) k++;
        if (k < n && s[k] >= '0' && s[k] <= '9') {
            while (k < n && s[k] >= '0' && s[k] <= '9') k++;
            i = k;
        }
    }
    return i;
}

static size_t skip_ws(const parser *p, size_t at)
{
    while (at < p->len && (p->src[at] == ' ' || p->src[at] == '\t' ||
                           p->src[at] == '\n' || p->src[at] == '\r'))
        at++;
    return at;
}

/* tsig_sort order of enum values: kind group (strings, numbers, booleans),
 * then value, then place in the source. */
static int value_group(const tsig_enum_value *v)
{
    return v->kind == TSIG_VALUE_STRING ? 0 : v->kind == TSIG_VALUE_BOOL ? 2 : 1;
}

static int compare_values(const void *a, const void *b)
{
    const tsig_enum_value *x = *(const tsig_enum_value *const *)a;
    const tsig_enum_value *y = *(const tsig_enum_value *const *)b;
    int gx = value_group(x), gy = value_group(y), c;
    if (gx != gy) return gx < gy ? -1 : 1;
    if (gx == 1) {
        c = tsig_decimal_compare(x->text, x->len, y->text, y->len);
    } else {
        size_t n = x->len < y->len ? x->len : y->len;
        c = memcmp(x->text, y->text, n);
        if (!c && x->len != y->len) c = x->len < y->len ? -1 : 1;
    }
    if (c) return c;
    return x->offset < y->offset ? -1 : x->offset > y->offset;
}

/* Fails when two values are equal (SPEC §11.1), at the first value in the
 * source that equals an earlier one. Sorting keeps it O(n log n). */
static int check_enum_duplicates(parser *p, const tsig_enum_value *values,
                                 size_t count)
{
    if (count < 2) return 1;
    const tsig_enum_value **sorted = tsig_arena_alloc(p->arena, count * sizeof *sorted);
    if (!sorted) {
        fail_nomem(p);
        return 0;
    }
    for (size_t i = 0; i < count; i++) sorted[i] = &values[i];
    tsig_sort(sorted, count, sizeof *sorted, compare_values);
    const tsig_enum_value *dup = NULL;
    for (size_t i = 1; i < count; i++) {
        const tsig_enum_value *a = sorted[i - 1], *b = sorted[i];
        if (value_group(a) != value_group(b)) continue;
        if (!tsig_enum_value_equal(a, b->kind, b->text, b->len)) continue;
        if (!dup || b->offset < dup->offset) dup = b;
    }
    if (!dup) return 1;
    tsig_strbuf sb = {0};
    tsig_enum_value_format(&sb, dup);
    if (sb.failed) {
        tsig_sb_release(&sb);
        fail_nomem(p);
        return 0;
    }
    fail(p, TSIG_ERR_SYNTAX, dup->offset, "duplicate enum value %.*s",
         (int)(sb.len > 200 ? 200 : sb.len), sb.data);
    tsig_sb_release(&sb);
    return 0;
}

/* 1 iff text points into the source being parsed. */
static int in_source(const parser *p, const char *text)
{
    uintptr_t at = (uintptr_t)text, start = (uintptr_t)p->src;
    return at >= start && at - start < p->len;
}

#define ENUM_VALUE_WHAT "an enum value (a word, a number, true, false or a JSON string)"
#define ENUM_SEP_WHAT "a space, \",\" or \"]\" after an enum value"

/*
 * enum = ":enum[" , ws , value , { sep , value } , ws , "]" ;
 * sep = ws1 | ws , "," , ws ;
 * value = word | json_string | json_number | "true" | "false" ;
 *
 * Enters with the current token on ":enum" (the "[" must follow at once).
 */
static const tsig_type *parse_enum(parser *p)
{
    size_t offset = p->tok.offset;
    size_t at = p->lexer.pos;
    if (at >= p->len || p->src[at] != '[') {
        char found[ECHO_BUF];
        tsig_describe_found(p->src, p->len, at, found, sizeof found);
        fail(p, TSIG_ERR_SYNTAX, at, "expected \"[\" directly after :enum, found %s", found);
        tsig_error_hint(p->err, "list the values: :enum[pending active closed]");
        return NULL;
    }
    at++;
    tsig_enum_value *items = NULL;
    size_t count = 0, cap = 0;
    for (;;) {
        at = skip_ws(p, at);
        /* a value */
        if (at >= p->len || p->src[at] == ']' || p->src[at] == ',') {
            fail_run(p, at, ENUM_VALUE_WHAT,
                     count == 0 && at < p->len && p->src[at] == ']'
                         ? "an enum needs at least one value: :enum[a b]"
                         : NULL);
            return NULL;
        }
        tsig_enum_value v;
        memset(&v, 0, sizeof v);
        v.offset = at;
        char c = p->src[at];
        size_t end;
        if (c == '"') {
            end = read_json_string(p, at, &v.text, &v.len);
            if (!end) return NULL;
            v.kind = TSIG_VALUE_STRING;
            /* The string is whole: what follows it is the mistake. */
            if (end < p->len && p->src[end] != ']' && p->src[end] != ',' &&
                skip_ws(p, end) == end) {
                fail_run(p, end, ENUM_SEP_WHAT, NULL);
                return NULL;
            }
        } else if (c == '-' || (c >= '0' && c <= '9')) {
            end = scan_number(p, at);
            if (end == at) {
                /* "-" with no digit after it is no number */
                fail_run(p, at, ENUM_VALUE_WHAT, NULL);
                return NULL;
            }
            v.text = p->src + at;
            v.len = end - at;
            v.kind = memchr(v.text, '.', v.len) || memchr(v.text, 'e', v.len) ||
                             memchr(v.text, 'E', v.len)
                         ? TSIG_VALUE_FLOAT
                         : TSIG_VALUE_INT;
        } else {
            end = at;
            while (end < p->len && !ends_run(p->src[end])) end++;
            if (!tsig_is_enum_word(p->src + at, end - at)) {
                fail_run(p, at, ENUM_VALUE_WHAT,
                         "quote values that are not words: :enum[\"two words\" \"1\"]");
                return NULL;
            }
            v.text = p->src + at;
            v.len = end - at;
            v.kind = TSIG_VALUE_STRING;
            if ((v.len == 4 && memcmp(v.text, "true", 4) == 0) ||
                (v.len == 5 && memcmp(v.text, "false", 5) == 0))
                v.kind = TSIG_VALUE_BOOL;
            if (v.len == 4 && memcmp(v.text, "null", 4) == 0) {
                fail(p, TSIG_ERR_SYNTAX, at, "null is not an enum value");
                tsig_error_hint(p->err, "mark optional with a ? suffix: :enum[a b]?");
                return NULL;
            }
        }
        if (v.kind != TSIG_VALUE_STRING || c != '"') {
            v.text = own_text(p, at, v.len);
            if (!v.text) return NULL;
        }
        /* the value must end at a separator */
        if (end < p->len && !(ends_run(p->src[end]) && p->src[end] != '[' &&
                              p->src[end] != '{' && p->src[end] != ')' &&
                              p->src[end] != '}' && p->src[end] != '|')) {
            fail_run(p, at, ENUM_VALUE_WHAT,
                     "quote values that are not words: :enum[\"two words\" \"1\"]");
            return NULL;
        }
        if (count == cap) {
            size_t ncap = cap ? cap * 2 : 8;
            if (ncap > (size_t)-1 / sizeof *items) {
                fail_nomem(p);
                return NULL;
            }
            tsig_enum_value *grown = tsig_arena_alloc(p->arena, ncap * sizeof *grown);
            if (!grown) {
                fail_nomem(p);
                return NULL;
            }
            if (count) memcpy(grown, items, count * sizeof *items);
            items = grown;
            cap = ncap;
        }
        items[count++] = v;
        /* a separator, or the end */
        at = skip_ws(p, end);
        if (at < p->len && p->src[at] == ']') {
            at++;
            break;
        }
        if (at < p->len && p->src[at] == ',') {
            at++;
            continue;
        }
        if (at >= p->len || at == end) {
            fail_run(p, at, ENUM_SEP_WHAT, NULL);
            return NULL;
        }
    }
    if (!check_enum_duplicates(p, items, count)) return NULL;
    /* The signature outlives the text it was parsed from: words and
     * numbers still pointing into it are copied. */
    for (size_t i = 0; i < count; i++) {
        if (!in_source(p, items[i].text)) continue;
        items[i].text = tsig_arena_strndup(p->arena, items[i].text, items[i].len);
        if (!items[i].text) {
            fail_nomem(p);
            return NULL;
        }
    }
    tsig_type *t = new_type(p, TSIG_ENUM, offset);
    if (!t) return NULL;
    t->values = items;
    t->value_count = count;
    if (!tsig_type_index_build(p->arena, t)) {
        fail_nomem(p);
        return NULL;
    }
    resume_at(p, at);
    return t;
}

/* Reads "> n", ">= n", "< n" or "<= n" at at into the matching end of t.
 * Returns the position after it, or 0 after failing. */
static size_t read_bound(parser *p, size_t at, tsig_type *t)
{
    const char *s = p->src;
    if (at >= p->len || (s[at] != '>' && s[at] != '<')) {
        fail_run(p, at, "a bound (> >= < <= and a number)", NULL);
        return 0;
    }
    size_t op = at;
    int upper = s[at] == '<';
    at++;
    int inclusive = at < p->len && s[at] == '=';
    if (inclusive) at++;
    at = skip_ws(p, at);
    size_t end = scan_number(p, at);
    if (end == at) {
        fail_run(p, at, "a number after the bound's operator", NULL);
        return 0;
    }
    tsig_bound *b = upper ? &t->upper : &t->lower;
    if (b->num) {
        fail(p, TSIG_ERR_SYNTAX, op, "expected one lower and one upper bound, found two %s bounds",
             upper ? "upper" : "lower");
        tsig_error_hint(p->err, "write a range as [>0, <=100] or [1..100]");
        return 0;
    }
    b->num = own_text(p, at, end - at);
    if (!b->num) return 0;
    b->len = end - at;
    b->exclusive = !inclusive;
    return end;
}

/*
 * refinement = "[" , ws , bound , [ ws , "," , ws , bound ] , ws , "]"
 *            | "[" , ws , [ json_number ] , ".." , [ json_number ] , ws , "]" ;
 *
 * Enters with the current token on the "[" right after base; returns a
 * copy of base carrying the bounds, or NULL after failing.
 */
static const tsig_type *parse_refinement(parser *p, const tsig_type *base)
{
    size_t open = p->tok.offset;
    tsig_kind k = base->kind;
    if (k != TSIG_INT && k != TSIG_FLOAT && k != TSIG_STRING && k != TSIG_LIST) {
        fail(p, TSIG_ERR_SYNTAX, open, "a refinement applies to int, float, string and lists");
        return NULL;
    }
    tsig_type *t = tsig_arena_alloc(p->arena, sizeof *t);
    if (!t) {
        fail_nomem(p);
        return NULL;
    }
    *t = *base;
    const char *s = p->src;
    size_t at = skip_ws(p, open + 1);
    if (at < p->len && (s[at] == '>' || s[at] == '<')) {
        at = read_bound(p, at, t);
        if (!at) return NULL;
        at = skip_ws(p, at);
        if (at < p->len && s[at] == ',') {
            at = read_bound(p, skip_ws(p, at + 1), t);
            if (!at) return NULL;
            at = skip_ws(p, at);
        }
    } else {
        size_t end = scan_number(p, at);
        if (end > at) {
            t->lower.num = own_text(p, at, end - at);
            if (!t->lower.num) return NULL;
            t->lower.len = end - at;
            at = end;
        }
        if (at + 1 >= p->len || s[at] != '.' || s[at + 1] != '.') {
            fail_run(p, at, end > at ? "\"..\" after the number" : "a bound (> >= < <= and a number) or a range A..B", NULL);
            return NULL;
        }
        at += 2;
        end = scan_number(p, at);
        if (end > at) {
            t->upper.num = own_text(p, at, end - at);
            if (!t->upper.num) return NULL;
            t->upper.len = end - at;
            at = end;
        }
        if (!t->lower.num && !t->upper.num) {
            fail(p, TSIG_ERR_SYNTAX, open, "a range needs at least one end: [1..], [..100], [1..100]");
            return NULL;
        }
        at = skip_ws(p, at);
    }
    if (at >= p->len || s[at] != ']') {
        fail_run(p, at, "\"]\" to end the refinement", NULL);
        return NULL;
    }
    /* lengths are non-negative integers */
    if (k == TSIG_STRING || k == TSIG_LIST) {
        const tsig_bound *ends[2] = {&t->lower, &t->upper};
        for (int i = 0; i < 2; i++) {
            const tsig_bound *b = ends[i];
            if (!b->num) continue;
            if (b->num[0] == '-' || memchr(b->num, '.', b->len) || memchr(b->num, 'e', b->len) ||
                memchr(b->num, 'E', b->len)) {
                fail(p, TSIG_ERR_SYNTAX, (size_t)(b->num - s),
                     "a length bound is a non-negative integer, found %.*s",
                     (int)(b->len > 40 ? 40 : b->len), b->num);
                return NULL;
            }
        }
    }
    if (tsig_bounds_empty(t)) {
        tsig_strbuf sb = {0};
        tsig_bound_label(&sb, t);
        if (sb.failed) {
            tsig_sb_release(&sb);
            fail_nomem(p);
            return NULL;
        }
        fail(p, TSIG_ERR_SYNTAX, open, "empty range: no value is %.*s", (int)sb.len, sb.data);
        tsig_sb_release(&sb);
        return NULL;
    }
    /* The signature outlives the text: the bounds' lexemes are copied. */
    tsig_bound *ends[2] = {&t->lower, &t->upper};
    for (int i = 0; i < 2; i++) {
        if (!ends[i]->num) continue;
        ends[i]->num = tsig_arena_strndup(p->arena, ends[i]->num, ends[i]->len);
        if (!ends[i]->num) {
            fail_nomem(p);
            return NULL;
        }
    }
    resume_at(p, at + 1);
    return t;
}

/* The walker's report of a repeated key in a default. */
static int default_duplicate(void *ctx, size_t first, const char *key, size_t len,
                             size_t offset)
{
    parser *p = ctx;
    (void)first;
    char qkey[ECHO_BUF];
    tsig_quote_cut(key, len, TSIG_ECHO_MAX, qkey, sizeof qkey);
    fail(p, TSIG_ERR_SYNTAX, offset, "duplicate key %s in a default", qkey);
    return 0;
}

/*
 * "=" , ws , json_value: the default of field f (whose name is quoted in
 * qname), nested within depth levels. Reads the value with json.c's walker
 * (RFC 8259, repeated keys refused, nesting counted on top of depth),
 * writes it as it reads it as canonical compact JSON (TSIG_WALK_CANONICAL),
 * and checks it against the field's type strictly (SPEC §11.1, §11.7).
 * Enters with the current token on "="; returns 1, or 0 after failing.
 */
static int parse_default(parser *p, tsig_field *f, size_t depth)
{
    advance(p);
    size_t at = p->tok.offset;
    f->default_offset = at;
    char c = at < p->len ? p->src[at] : '\0';
    if (at >= p->len || (ends_run(c) && c != '[' && c != '{')) {
        fail_run(p, at, "a JSON value after \"=\"", NULL);
        return 0;
    }
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
        size_t end = at;
        while (end < p->len && !ends_run(p->src[end])) end++;
        size_t n = end - at;
        if (!((n == 4 && (memcmp(p->src + at, "true", 4) == 0 || memcmp(p->src + at, "null", 4) == 0)) ||
              (n == 5 && memcmp(p->src + at, "false", 5) == 0))) {
            fail_run(p, at, "a JSON value after \"=\"", NULL);
            return 0;
        }
    }
    tsig_error jerr;
    memset(&jerr, 0, sizeof jerr);
    tsig_json_walking k;
    tsig_json_walking_begin(&k, p->src, p->len, TSIG_SIGNATURE_MAX_DEPTH - depth, &jerr);
    k.j.pos = at;
    tsig_strbuf canon = {0};
    k.w.out = &canon;
    k.w.flags = TSIG_WALK_KEYS | TSIG_WALK_CANONICAL;
    k.w.on_duplicate = default_duplicate;
    k.w.ctx = p;
    int ok = tsig_json_walk(&k.w);
    size_t end = k.j.pos;
    tsig_json_walking_release(&k);
    if (!ok) {
        if (p->err->code == TSIG_OK || jerr.code != TSIG_OK) {
            if (jerr.code != TSIG_OK) fail_json(p, &jerr);
            else fail_nomem(p);
        }
        tsig_sb_release(&canon);
        return 0;
    }
    /* a number with a leading zero stops after the zero: "01" */
    if (end < p->len && p->src[end] >= '0' && p->src[end] <= '9') {
        tsig_sb_release(&canon);
        char found[ECHO_BUF];
        describe_run(p, at, found);
        fail(p, TSIG_ERR_SYNTAX, end, "expected a JSON number without leading zeros, found %s", found);
        return 0;
    }
    if (canon.failed || !canon.data) {
        tsig_sb_release(&canon);
        fail_nomem(p);
        return 0;
    }
    char *copy = tsig_arena_strndup(p->arena, canon.data, canon.len);
    f->default_len = canon.len;
    tsig_sb_release(&canon);
    if (!copy) {
        fail_nomem(p);
        return 0;
    }
    f->default_json = copy;

    /* the default must be a value of the type, judged strictly */
    tsig_result r;
    tsig_validate_options o = {TSIG_MODE_STRICT, 1, 0, TSIG_VALUE_NEVER};
    tsig_code code = tsig_validate_type_json(f->type, copy, f->default_len, &o, &r);
    if (code == TSIG_ERR_NOMEM) {
        tsig_result_free(&r);
        fail_nomem(p);
        return 0;
    }
    if (!r.ok && r.error_count > 0) {
        const tsig_issue *e = &r.errors[0];
        char name[ECHO_BUF];
        cut_name(f->name, f->name_len, name);
        fail(p, TSIG_ERR_SYNTAX, at, "default for %s does not match its type: %.*s%s%.*s",
             name, (int)e->path_len, e->path, e->path_len ? ": " : "",
             (int)e->message_len, e->message);
    }
    int good = r.ok;
    tsig_result_free(&r);
    if (!good && p->err->code == TSIG_OK) fail_nomem(p);
    if (!good) return 0;
    resume_at(p, end);
    return 1;
}

/* A description: json_string at the current token, decoded into f. */
static int parse_description(parser *p, tsig_field *f)
{
    size_t end = read_json_string(p, p->tok.offset, &f->description, &f->description_len);
    if (!end) return 0;
    resume_at(p, end);
    return 1;
}

/* 1 when the word is something people write for a type without its ":"
 * ("int", "string", "list"). */
static int looks_like_type_word(const char *word, size_t len)
{
    tsig_kind kind;
    if (primitive_lookup(word, len, &kind)) return 1;
    for (size_t i = 0; i < HINT_WORD_COUNT; i++) {
        if (strlen(HINT_WORDS[i].word) == len &&
            memcmp(HINT_WORDS[i].word, word, len) == 0)
            return 1;
    }
    return 0;
}

/* The hint for a name holding or starting with a character no name has
 * (SPEC §1: ident). */
#define NAME_HINT "names are ASCII letters, digits, _ and -, starting with a letter or _"

/*
 * Fails for a token where a parameter or field name was expected, with the
 * hint that fits what stands there: a ":" before the name ("{:id :int}"), a
 * type without a name ("(:int)"), a trailing or doubled comma, or a
 * character that cannot start a name.
 */
static void fail_no_name(parser *p, tsig_token_kind close, const char *what,
                         int after_comma)
{
    const char closer = close == TSIG_TOK_RBRACE ? '}' : ')';
    char expected[64];
    const char *hint = NULL;
    if (after_comma)
        tsig_snprintf(expected, sizeof expected, "a %s name after \",\"", what);
    else
        tsig_snprintf(expected, sizeof expected, "a %s name or \"%c\"", what, closer);
    tsig_token_kind k = p->tok.kind;
    tsig_kind kind;
    if (k == TSIG_TOK_TYPE && close == TSIG_TOK_RPAREN &&
        primitive_lookup(p->src + p->tok.offset + 1, p->tok.len - 1, &kind)) {
        hint = "each parameter is a name and a type: (id :int)";
    } else if (k == TSIG_TOK_TYPE || k == TSIG_TOK_COLON) {
        hint = close == TSIG_TOK_RBRACE ? "field names take no colon: {id :int}"
                                        : "parameter names take no colon: (id :int)";
    } else if (after_comma && k == close) {
        hint = "remove the trailing comma";
    } else if (k == TSIG_TOK_COMMA) {
        hint = "remove the extra comma";
    } else if ((k == TSIG_TOK_INVALID || k == TSIG_TOK_STRING || k == TSIG_TOK_PIPE ||
                k == TSIG_TOK_EQUALS) &&
               (unsigned char)p->src[p->tok.offset] > 0x20 &&
               tsig_utf8_seq((const unsigned char *)p->src + p->tok.offset,
                             p->len - p->tok.offset) != 0) {
        /* A printable character that cannot start a name ("ü", "-", "1");
         * NUL and bad bytes speak for themselves. */
        hint = NAME_HINT;
    }
    fail_expected(p, expected, hint);
}

/*
 * params = param , { ws , "," , ws , param } ;
 * param  = ident , ws , type , [ ws , "=" , ws , json_value ] , [ ws , json_string ] ;
 * field list of a map likewise, between "{" and "}", where the last entry
 * may be "*" , ws , type (extra is NULL for parameters).
 *
 * Enters with the current token just after the opener; returns 1 with the
 * current token on the closer (not consumed), 0 after failing. what is
 * "parameter" or "field"; depth is the nesting of "[" and "{" so far.
 */
static int parse_fields(parser *p, tsig_token_kind close, const char *what,
                        size_t depth, field_list *list, const tsig_type **extra)
{
    const char closer = close == TSIG_TOK_RBRACE ? '}' : ')';
    int after_comma = 0;
    if (p->tok.kind == close) return 1;
    for (;;) {
        /* map = ... the last entry may be "*" , ws , type (SPEC §11.6);
         * nothing but the closer follows it, so it comes once. */
        if (p->tok.kind == TSIG_TOK_STAR && extra) {
            size_t star = p->tok.offset;
            advance(p);
            const tsig_type *type = parse_type(p, "after \"*\"", depth);
            if (!type) return 0;
            *extra = type;
            if (p->tok.kind == close) return 1;
            if (p->tok.kind != TSIG_TOK_COMMA) {
                fail_expected(p, "\"}\" after the type of the * entry", NULL);
                return 0;
            }
            advance(p);
            if (p->tok.kind == close || p->tok.kind == TSIG_TOK_COMMA) {
                fail_no_name(p, close, what, 1);
                return 0;
            }
            /* The misplaced token (SPEC §11.7): the "*" followed by an
             * entry, or a second "*". */
            fail(p, TSIG_ERR_SYNTAX, p->tok.kind == TSIG_TOK_STAR ? p->tok.offset : star,
                 "the * entry must be the last entry of a map");
            tsig_error_hint(p->err, "write {id :int, * :string}");
            return 0;
        }
        if (p->tok.kind != TSIG_TOK_IDENT) {
            fail_no_name(p, close, what, after_comma);
            return 0;
        }
        tsig_token name = p->tok;
        size_t index = add_field(p, list, &name);
        if (index == (size_t)-1) return 0;
        advance(p);

        /* The name, quoted, names the place in later messages. */
        char qname[ECHO_BUF], context[ECHO_BUF + 16];
        quote(p->src + name.offset, name.len, qname);
        tsig_snprintf(context, sizeof context, "after %s", qname);
        /* A non-ASCII letter ends the name where it stands ("café"). */
        size_t after = name.offset + name.len;
        if (p->tok.offset == after && after < p->len &&
            (unsigned char)p->src[after] >= 0x80 &&
            tsig_utf8_seq((const unsigned char *)p->src + after, p->len - after) != 0) {
            char expected[ECHO_BUF + 24];
            tsig_snprintf(expected, sizeof expected, "a type %s", context);
            fail_expected(p, expected, NAME_HINT);
            return 0;
        }
        const tsig_type *type = parse_type(p, context, depth);
        if (!type) return 0;
        list->items[index].type = type;

        /* [ "=" json_value ] [ json_string ] (SPEC §11.1) */
        if (p->tok.kind == TSIG_TOK_EQUALS && !parse_default(p, &list->items[index], depth))
            return 0;
        if (p->tok.kind == TSIG_TOK_STRING && !parse_description(p, &list->items[index]))
            return 0;

        /* A comma promises another name; the closer ends the list. */
        if (p->tok.kind == TSIG_TOK_COMMA) {
            advance(p);
            after_comma = 1;
            continue;
        }
        if (p->tok.kind == close) return 1;
        char expected[ECHO_BUF + 48];
        tsig_snprintf(expected, sizeof expected, "\",\" or \"%c\" after the type of %s",
                      closer, qname);
        fail_expected(p, expected, NULL);
        return 0;
    }
}

/* Fails for a token where a type was expected ("expected a type after
 * \"limit\", found \")\""), with a hint for a type name written without
 * its ":". */
static void fail_no_type(parser *p, const char *context)
{
    char expected[ECHO_BUF + 32];
    tsig_snprintf(expected, sizeof expected, "a type %s", context);
    const char *hint = NULL;
    if (p->tok.kind == TSIG_TOK_IDENT &&
        looks_like_type_word(p->src + p->tok.offset, p->tok.len))
        hint = "type names start with a colon: :int, :string";
    fail_expected(p, expected, hint);
}

/* primitive = ":" , word ;  the word must name a type, whole; ":enum"
 * goes on to its values. */
static const tsig_type *parse_primitive(parser *p)
{
    const char *word = p->src + p->tok.offset + 1;
    size_t len = p->tok.len - 1;
    tsig_kind kind;
    if (len == 4 && memcmp(word, "enum", 4) == 0) return parse_enum(p);
    size_t after = p->tok.offset + p->tok.len;
    int known = primitive_lookup(word, len, &kind);
    if (!known && after < p->len && p->src[after] == '\0') {
        /* a word cut by a NUL byte: its start is no type to name (":in"
         * with "did you mean :int?" would mislead) */
        fail(p, TSIG_ERR_SYNTAX, after, "expected a type name, found a NUL byte");
        return NULL;
    }
    if (!known) {
        char qtype[ECHO_BUF], hint[TSIG_HINT_MAX];
        quote(p->src + p->tok.offset, p->tok.len, qtype);
        fail(p, TSIG_ERR_UNKNOWN_TYPE, p->tok.offset, "unknown type %s", qtype);
        unknown_type_hint(word, len, hint, sizeof hint);
        tsig_error_hint(p->err, hint);
        return NULL;
    }
    tsig_type *t = new_type(p, kind, p->tok.offset);
    if (t) advance(p);
    return t;
}

/* Fails unless one more level of "[" / "{" at the current token stays
 * within TSIG_SIGNATURE_MAX_DEPTH. */
static int check_depth(parser *p, size_t depth)
{
    if (depth < TSIG_SIGNATURE_MAX_DEPTH) return 1;
    fail(p, TSIG_ERR_TOO_DEEP, p->tok.offset,
         "nesting deeper than %d levels of \"[\" and \"{\"",
         TSIG_SIGNATURE_MAX_DEPTH);
    return 0;
}

/* list = "[" , ws , type , ws , "]" ;  ("[]" is an error) */
static const tsig_type *parse_list(parser *p, size_t depth)
{
    if (!check_depth(p, depth)) return NULL;
    size_t offset = p->tok.offset;
    advance(p);
    if (p->tok.kind == TSIG_TOK_RBRACKET) {
        fail_expected(p, "a type inside \"[\"",
                      "say what the list holds, e.g. [:any]");
        return NULL;
    }
    const tsig_type *elem = parse_type(p, "inside \"[\"", depth + 1);
    if (!elem) return NULL;
    /* A second type or a comma here means a tuple was meant. */
    if (p->tok.kind != TSIG_TOK_RBRACKET) {
        fail_expected(p, "\"]\" after the element type of the list",
                      p->tok.kind == TSIG_TOK_COMMA || p->tok.kind == TSIG_TOK_TYPE
                          ? "a list has one element type; use {field :type} "
                            "for named fields"
                          : NULL);
        return NULL;
    }
    tsig_type *t = new_type(p, TSIG_LIST, offset);
    if (!t) return NULL;
    t->elem = elem;
    advance(p);
    return t;
}

/* map = "{" , ws , [ entry , { ws , "," , ws , entry } ] , ws , "}" ;
 * entry = field | "*" , ws , type (last only) */
static const tsig_type *parse_map(parser *p, size_t depth)
{
    /* The fields' types sit one level deeper than the "{". */
    if (!check_depth(p, depth)) return NULL;
    size_t offset = p->tok.offset;
    advance(p);
    field_list list = {0};
    const tsig_type *extra = NULL;
    if (!parse_fields(p, TSIG_TOK_RBRACE, "field", depth + 1, &list, &extra)) return NULL;
    tsig_type *t = new_type(p, TSIG_RECORD, offset);
    if (!t) return NULL;
    t->fields = list.items;
    t->field_count = list.count;
    t->extra = extra;
    advance(p);
    return t;
}

/*
 * member = base , [ refinement ] ;   base = primitive | enum | list | map ;
 */
static const tsig_type *parse_member(parser *p, const char *context, size_t depth)
{
    const tsig_type *base = NULL;
    switch (p->tok.kind) {
    case TSIG_TOK_TYPE: base = parse_primitive(p); break;
    case TSIG_TOK_LBRACKET: base = parse_list(p, depth); break;
    case TSIG_TOK_LBRACE: base = parse_map(p, depth); break;
    case TSIG_TOK_COLON: {
        /* ":" followed by no word: point just after the colon. */
        char found[ECHO_BUF];
        size_t at = p->tok.offset + 1;
        tsig_describe_found(p->src, p->len, at, found, sizeof found);
        fail(p, TSIG_ERR_SYNTAX, at, "expected a type name after \":\", found %s",
             found);
        if (at < p->len && (p->src[at] == ' ' || p->src[at] == '\t' ||
                            p->src[at] == '\n' || p->src[at] == '\r'))
            tsig_error_hint(p->err, "no space after the colon: :int");
        return NULL;
    }
    case TSIG_TOK_END:
    case TSIG_TOK_LPAREN:
    case TSIG_TOK_RPAREN:
    case TSIG_TOK_RBRACKET:
    case TSIG_TOK_RBRACE:
    case TSIG_TOK_COMMA:
    case TSIG_TOK_QUESTION:
    case TSIG_TOK_ARROW:
    case TSIG_TOK_FAT_ARROW:
    case TSIG_TOK_IDENT:
    case TSIG_TOK_INVALID:
    case TSIG_TOK_PIPE:
    case TSIG_TOK_STAR:
    case TSIG_TOK_EQUALS:
    case TSIG_TOK_STRING:
        fail_no_type(p, context);
        return NULL;
    }
    if (!base) return NULL;
    if (p->tok.kind == TSIG_TOK_LBRACKET && !p->tok.space_before)
        return parse_refinement(p, base);
    return base;
}

/* tsig_sort order of formatted union members: by text. */
static int compare_texts(const void *a, const void *b)
{
    const char *const *x = a, *const *y = b;
    return strcmp(*x, *y);
}

/* Checks a union's members (SPEC §11.1): no :any, no two alike (by
 * canonical form, found by sorting). 1, or 0 after failing. */
static int check_union(parser *p, const tsig_type *const *members, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        if (members[i]->kind == TSIG_ANY) {
            fail(p, TSIG_ERR_SYNTAX, members[i]->offset,
                 ":any in a union accepts everything, so the union means nothing");
            tsig_error_hint(p->err, "write :any alone, or list the types it may be");
            return 0;
        }
    }
    const char **texts = tsig_arena_alloc(p->arena, count * sizeof *texts);
    if (!texts) {
        fail_nomem(p);
        return 0;
    }
    for (size_t i = 0; i < count; i++) {
        size_t n;
        char *text = tsig_format_type(members[i], 0, &n);
        texts[i] = text ? tsig_arena_strndup(p->arena, text, n) : NULL;
        tsig_free(text);
        if (!texts[i]) {
            fail_nomem(p);
            return 0;
        }
    }
    tsig_sort(texts, count, sizeof *texts, compare_texts);
    for (size_t i = 1; i < count; i++) {
        if (strcmp(texts[i - 1], texts[i]) != 0) continue;
        /* report the later member of the first pair in the source */
        size_t seen = 0;
        for (size_t k = 0; k < count; k++) {
            size_t n;
            char *text = tsig_format_type(members[k], 0, &n);
            if (!text) {
                fail_nomem(p);
                return 0;
            }
            int same = strcmp(text, texts[i]) == 0;
            tsig_free(text);
            if (same && seen++) {
                fail(p, TSIG_ERR_SYNTAX, members[k]->offset,
                     "the union has the member %.*s twice", 60, texts[i]);
                return 0;
            }
        }
    }
    return 1;
}

/* Fails for a "?" written on a member before the last: the message shows
 * the union with one "?" at the end. */
static void fail_misplaced_question(parser *p, size_t at,
                                    const tsig_type *const *members, size_t count)
{
    tsig_strbuf sb = {0};
    for (size_t i = 0; i < count; i++) {
        size_t n;
        char *text = tsig_format_type(members[i], 0, &n);
        if (i) tsig_sb_putc(&sb, '|');
        if (text) tsig_sb_append(&sb, text, n);
        else sb.failed = 1;
        tsig_free(text);
    }
    tsig_sb_putc(&sb, '?');
    if (sb.failed) {
        tsig_sb_release(&sb);
        fail_nomem(p);
        return;
    }
    fail(p, TSIG_ERR_SYNTAX, at, "write ? once, after the last member: %.*s",
         (int)(sb.len > 200 ? 200 : sb.len), sb.data);
    tsig_sb_release(&sb);
}

/*
 * type = member , { ws , "|" , ws , member } , [ "?" ] ;
 *
 * Enters with the current token at the type's first token; returns the type
 * with the current token just after it, or NULL after failing. context says
 * where the type stands, for the message ("after \"limit\"").
 */
static const tsig_type *parse_type(parser *p, const char *context, size_t depth)
{
    const tsig_type **members = NULL;
    size_t count = 0, cap = 0;
    size_t misplaced = (size_t)-1; /* the first "?" before a "|" */
    int optional = 0;
    size_t start = p->tok.offset;
    for (;;) {
        const tsig_type *m = parse_member(p, context, depth);
        if (!m) return NULL;
        optional = 0;
        if (p->tok.kind == TSIG_TOK_QUESTION) {
            /* The optional mark: glued to its type, and only one. No other
             * place of the grammar takes a "?", so a spaced one is always
             * this mistake. */
            if (p->tok.space_before) {
                fail(p, TSIG_ERR_SYNTAX, p->tok.offset,
                     "expected \"?\" directly after the type, found \"?\" after "
                     "whitespace");
                tsig_error_hint(p->err, "write the ? with no space before it: :string?");
                return NULL;
            }
            size_t qat = p->tok.offset;
            advance(p);
            if (p->tok.kind == TSIG_TOK_QUESTION) {
                fail(p, TSIG_ERR_SYNTAX, p->tok.offset,
                     "expected one \"?\" at most, found \"?\" again");
                tsig_error_hint(p->err, "a type is optional or not: one ? is enough");
                return NULL;
            }
            optional = 1;
            if (p->tok.kind == TSIG_TOK_PIPE && misplaced == (size_t)-1) misplaced = qat;
        }
        if (count == 0 && p->tok.kind != TSIG_TOK_PIPE) {
            if (!optional) return m;
            tsig_type *t = new_type(p, TSIG_OPTIONAL, m->offset);
            if (t) t->elem = m;
            return t;
        }
        if (count == cap) {
            size_t ncap = cap ? cap * 2 : 4;
            if (ncap > (size_t)-1 / sizeof *members) {
                fail_nomem(p);
                return NULL;
            }
            const tsig_type **grown = tsig_arena_alloc(p->arena, ncap * sizeof *grown);
            if (!grown) {
                fail_nomem(p);
                return NULL;
            }
            if (count) memcpy(grown, members, count * sizeof *members);
            members = grown;
            cap = ncap;
        }
        members[count++] = m;
        if (p->tok.kind != TSIG_TOK_PIPE) break;
        advance(p);
        context = "after \"|\"";
    }
    if (misplaced != (size_t)-1) {
        fail_misplaced_question(p, misplaced, members, count);
        return NULL;
    }
    if (!check_union(p, members, count)) return NULL;
    tsig_type *u = new_type(p, TSIG_UNION, start);
    if (!u) return NULL;
    u->members = members;
    u->member_count = count;
    if (!tsig_type_index_build(p->arena, u)) {
        fail_nomem(p);
        return NULL;
    }
    if (!optional) return u;
    tsig_type *t = new_type(p, TSIG_OPTIONAL, start);
    if (t) t->elem = u;
    return t;
}

/*
 * signature = ws , ( "(" , ws , [ params ] , ws , ")" , ws , "->" , ws , type
 *                  | type ) , ws ;
 */
static int parse_signature(parser *p, tsig_signature *sig)
{
    advance(p);
    /* "(" decides the long form; anything else must be a type (shorthand),
     * except the slips that get a hint of their own: nothing at all, or an
     * arrow with no parameters before it. */
    if (p->tok.kind == TSIG_TOK_LPAREN) {
        advance(p);
        field_list params = {0};
        if (!parse_fields(p, TSIG_TOK_RPAREN, "parameter", 0, &params, NULL)) return 0;
        sig->params = params.items;
        sig->param_count = params.count;
        advance(p);
        if (p->tok.kind != TSIG_TOK_ARROW) {
            const char *hint = "the return type follows an arrow: (a :int) -> :any";
            if (sig->param_count == 0)
                hint = "the return type follows an arrow: () -> :any, or write "
                       "only the type: :any";
            if (p->tok.kind == TSIG_TOK_FAT_ARROW) hint = "the arrow is ->";
            fail_expected(p, "\"->\" after the parameters", hint);
            return 0;
        }
        advance(p);
        sig->returns = parse_type(p, "after \"->\"", 0);
    } else if (p->tok.kind == TSIG_TOK_END) {
        fail_expected(p, "a type or \"(\"",
                      "write a type such as :any, or (name :type) -> :type");
        return 0;
    } else if (p->tok.kind == TSIG_TOK_ARROW || p->tok.kind == TSIG_TOK_FAT_ARROW) {
        fail_expected(p, "a type or \"(\"",
                      "an arrow follows the parameters: () -> :int, or write "
                      "only the type: :int");
        return 0;
    } else {
        sig->returns = parse_type(p, "or \"(\"", 0);
    }
    if (!sig->returns) return 0;
    /* Only whitespace may follow the return type. */
    if (p->tok.kind != TSIG_TOK_END) {
        const char *hint = NULL;
        if (p->tok.kind == TSIG_TOK_ARROW) hint = "a signature has one arrow";
        fail_expected(p, "end of input after the return type", hint);
        return 0;
    }
    return 1;
}

/*
 * Checks the arguments and the size before reading a byte (a length over
 * TSIG_MAX_INPUT is refused unread), then parses into a fresh arena. On any
 * error the partial tree is released with the arena and NULL is returned;
 * err is always filled (TSIG_OK on success).
 */
tsig_signature *tsig_parse(const char *src, size_t len, tsig_error *err)
{
    tsig_error scratch;
    if (!err) err = &scratch;
    memset(err, 0, sizeof *err);
    if (!src && len) {
        tsig_error_set(err, TSIG_ERR_ARGUMENT, "", 0, 0,
                       "signature text is NULL");
        return NULL;
    }
    if (!src) src = "";
    if (len > TSIG_MAX_INPUT) {
        tsig_error_set(err, TSIG_ERR_TOO_LARGE, "", 0, 0,
                       "signature larger than %zu bytes", (size_t)TSIG_MAX_INPUT);
        return NULL;
    }
    tsig_signature *sig = calloc(1, sizeof *sig);
    if (!sig) {
        tsig_error_set(err, TSIG_ERR_NOMEM, "", 0, 0, "out of memory");
        return NULL;
    }
    parser p;
    memset(&p, 0, sizeof p);
    p.src = src;
    p.len = len;
    p.lexer.src = src;
    p.lexer.len = len;
    p.arena = &sig->arena;
    p.err = err;
    if (!parse_signature(&p, sig)) {
        tsig_signature_free(sig);
        return NULL;
    }
    return sig;
}

void tsig_signature_free(tsig_signature *sig)
{
    if (!sig) return;
    tsig_arena_release(&sig->arena);
    free(sig);
}

/* ------------------------------------------------------------------------
 * Accessors: read-only views of the tree. Every one accepts NULL and an
 * index out of range, and answers as for an absent value (0, NULL,
 * *len = 0) instead of failing.
 * --------------------------------------------------------------------- */

size_t tsig_param_count(const tsig_signature *sig)
{
    return sig ? sig->param_count : 0;
}

const char *tsig_param_name(const tsig_signature *sig, size_t i, size_t *len)
{
    if (!sig || i >= sig->param_count) {
        if (len) *len = 0;
        return NULL;
    }
    if (len) *len = sig->params[i].name_len;
    return sig->params[i].name;
}

const tsig_type *tsig_param_type(const tsig_signature *sig, size_t i)
{
    return sig && i < sig->param_count ? sig->params[i].type : NULL;
}

const tsig_type *tsig_returns(const tsig_signature *sig)
{
    return sig ? sig->returns : NULL;
}

int tsig_returns_list(const tsig_signature *sig)
{
    const tsig_type *t = sig ? sig->returns : NULL;
    if (t && t->kind == TSIG_OPTIONAL) t = t->elem;
    return t && t->kind == TSIG_LIST;
}

tsig_kind tsig_type_kind(const tsig_type *type)
{
    return type ? type->kind : TSIG_ANY;
}

const tsig_type *tsig_type_elem(const tsig_type *type)
{
    if (!type || (type->kind != TSIG_LIST && type->kind != TSIG_OPTIONAL))
        return NULL;
    return type->elem;
}

size_t tsig_type_field_count(const tsig_type *type)
{
    return type && type->kind == TSIG_RECORD ? type->field_count : 0;
}

const char *tsig_type_field_name(const tsig_type *type, size_t i, size_t *len)
{
    if (!type || type->kind != TSIG_RECORD || i >= type->field_count) {
        if (len) *len = 0;
        return NULL;
    }
    if (len) *len = type->fields[i].name_len;
    return type->fields[i].name;
}

const tsig_type *tsig_type_field_type(const tsig_type *type, size_t i)
{
    if (!type || type->kind != TSIG_RECORD || i >= type->field_count) return NULL;
    return type->fields[i].type;
}
