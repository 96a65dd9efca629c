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

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Names and found-texts are echoed at most this many characters long. */
#define ECHO_MAX 40
/* Room for one echoed text: 40 characters, quotes, escapes and "…". */
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
    {"enum", "no enums: use :string or :keyword"},
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
                             ":any :map :datetime, [type] and {field :type}");
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

/* src[0..len) quoted and cut at ECHO_MAX characters: "limit". */
static void quote(const char *s, size_t len, char *buf)
{
    tsig_quote_cut(s, len, ECHO_MAX, buf, ECHO_BUF);
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
    default:
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

/* A name cut at ECHO_MAX bytes with "…", unquoted (names are ASCII). */
static void cut_name(const char *s, size_t len, char *buf)
{
    if (len <= ECHO_MAX) {
        tsig_snprintf(buf, ECHO_BUF, "%.*s", (int)len, s);
    } else {
        tsig_snprintf(buf, ECHO_BUF, "%.*s\xE2\x80\xA6", ECHO_MAX, s);
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
        for (size_t i = 0; i < t->len; i++)
            if (norm[i] == '-') norm[i] = '_';
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
    f->firewalled = norm[0] == '_';
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
    } else if (k == TSIG_TOK_INVALID && (unsigned char)p->src[p->tok.offset] > 0x20 &&
               tsig_utf8_seq((const unsigned char *)p->src + p->tok.offset,
                             p->len - p->tok.offset) != 0) {
        /* A printable character that cannot start a name ("ü", "-", "1");
         * NUL and bad bytes speak for themselves. */
        hint = "names are ASCII letters, digits, _ and -, starting with a "
               "letter or _";
    }
    fail_expected(p, expected, hint);
}

/*
 * params = param , { ws , "," , ws , param } ;   param = ident , ws , type ;
 * field list of a map likewise, between "{" and "}".
 *
 * Enters with the current token just after the opener; returns 1 with the
 * current token on the closer (not consumed), 0 after failing. what is
 * "parameter" or "field"; depth is the nesting of "[" and "{" so far.
 */
static int parse_fields(parser *p, tsig_token_kind close, const char *what,
                        size_t depth, field_list *list)
{
    const char closer = close == TSIG_TOK_RBRACE ? '}' : ')';
    int after_comma = 0;
    if (p->tok.kind == close) return 1;
    for (;;) {
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
        const tsig_type *type = parse_type(p, context, depth);
        if (!type) return 0;
        list->items[index].type = type;

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

/* primitive = ":" , word ;  the word must name a type, whole. */
static const tsig_type *parse_primitive(parser *p)
{
    const char *word = p->src + p->tok.offset + 1;
    size_t len = p->tok.len - 1;
    tsig_kind kind;
    if (!primitive_lookup(word, len, &kind)) {
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

/* map = "{" , ws , [ field , { ws , "," , ws , field } ] , ws , "}" ; */
static const tsig_type *parse_map(parser *p, size_t depth)
{
    /* The fields' types sit one level deeper than the "{". */
    if (!check_depth(p, depth)) return NULL;
    size_t offset = p->tok.offset;
    advance(p);
    field_list list = {0};
    if (!parse_fields(p, TSIG_TOK_RBRACE, "field", depth + 1, &list)) return NULL;
    tsig_type *t = new_type(p, TSIG_RECORD, offset);
    if (!t) return NULL;
    t->fields = list.items;
    t->field_count = list.count;
    advance(p);
    return t;
}

/*
 * type = base , [ "?" ] ;   base = primitive | list | map ;
 *
 * Enters with the current token at the type's first token; returns the type
 * with the current token just after it, or NULL after failing. context says
 * where the type stands, for the message ("after \"limit\"").
 */
static const tsig_type *parse_type(parser *p, const char *context, size_t depth)
{
    const tsig_type *base;
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
    default:
        fail_no_type(p, context);
        return NULL;
    }
    if (!base) return NULL;
    if (p->tok.kind != TSIG_TOK_QUESTION) return base;

    /* The optional mark: glued to its type, and only one. No other place
     * of the grammar takes a "?", so a spaced one is always this mistake. */
    if (p->tok.space_before) {
        fail(p, TSIG_ERR_SYNTAX, p->tok.offset,
             "expected \"?\" directly after the type, found \"?\" after "
             "whitespace");
        tsig_error_hint(p->err, "write the ? with no space before it: :string?");
        return NULL;
    }
    tsig_type *t = new_type(p, TSIG_OPTIONAL, base->offset);
    if (!t) return NULL;
    t->elem = base;
    advance(p);
    if (p->tok.kind == TSIG_TOK_QUESTION) {
        fail(p, TSIG_ERR_SYNTAX, p->tok.offset,
             "expected one \"?\" at most, found \"?\" again");
        tsig_error_hint(p->err, "a type is optional or not: one ? is enough");
        return NULL;
    }
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
        if (!parse_fields(p, TSIG_TOK_RPAREN, "parameter", 0, &params)) return 0;
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
