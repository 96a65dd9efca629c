/*
 * internal.h: what the stages of the core share and callers never see.
 *
 * Memory: a signature owns one arena (arena.c); every type node and name in
 * it lives there and goes with tsig_signature_free. Growing text is built in
 * a strbuf (strbuf.c), which remembers an allocation failure instead of
 * aborting, so a caller checks once at the end.
 */
#ifndef TSIG_INTERNAL_H
#define TSIG_INTERNAL_H

#include "toolsig.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#if !defined(TSIG_SCALAR) && defined(__wasm_simd128__)
#include <wasm_simd128.h>
#elif !defined(TSIG_SCALAR) && defined(__SSE2__)
#include <emmintrin.h>
#elif !defined(TSIG_SCALAR) && defined(__ARM_NEON) && defined(__aarch64__)
#include <arm_neon.h>
#endif

/* How a function is laid out, where it matters to speed or size: TSIG_COLD
 * for what is off the hot path (called, never inlined, kept apart: its
 * frame and message buffers stay out of its callers'), TSIG_NOINLINE for
 * one copy of a function with several callers. */
#if defined(__GNUC__)
#define TSIG_COLD __attribute__((noinline, cold))
#define TSIG_NOINLINE __attribute__((noinline))
#else
#define TSIG_COLD
#define TSIG_NOINLINE
#endif
/* TSIG_SMALL: built for size in a file built for speed (clang's minsize):
 * what is off the hot paths, beside them. In json.c the push reader's
 * repair mode, the trees, and the quotes, echoes and paths of messages;
 * in validate.c the candidates of SPEC §13.2. */
#if defined(__clang__)
#define TSIG_SMALL __attribute__((minsize))
#else
#define TSIG_SMALL
#endif

/* ---- arena.c ---------------------------------------------------------- */

typedef struct tsig_arena_block tsig_arena_block;

/* A bump allocator: many allocations, one release. Zero-initialize to use. */
typedef struct tsig_arena {
    tsig_arena_block *head;
} tsig_arena;

/* size bytes aligned for any type, zeroed; NULL when out of memory. */
void *tsig_arena_alloc(tsig_arena *arena, size_t size);
/* A NUL-terminated copy of s[0..len) in the arena; NULL when out of memory. */
char *tsig_arena_strndup(tsig_arena *arena, const char *s, size_t len);
/* Releases every block; the arena can be used again afterwards. */
void tsig_arena_release(tsig_arena *arena);

/* ---- strbuf.c --------------------------------------------------------- */

/* A growable byte buffer, always NUL-terminated once anything was added.
 * Zero-initialize to use. failed stays set after the first failed growth. */
typedef struct tsig_strbuf {
    char *data;
    size_t len;
    size_t cap;
    int failed;
    size_t max;  /* 0, or the most bytes it may hold: growth beyond fails */
    int over;    /* failed because of max (checked before allocating) */
} tsig_strbuf;

void tsig_sb_append(tsig_strbuf *sb, const char *s, size_t len);
void tsig_sb_puts(tsig_strbuf *sb, const char *s);
void tsig_sb_putc(tsig_strbuf *sb, char c);
void tsig_sb_printf(tsig_strbuf *sb, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/*
 * vsnprintf/snprintf for the conversions the core uses, with the C
 * library's output for them (and no floating point, which keeps libc's
 * float printing out of the wasm module): %s %c %d %i %u %x %X, flags '-'
 * and '0', a width and a precision (digits or '*'), the lengths l, ll and
 * z, and %%. Another conversion is copied as written. Writes at most size
 * bytes, NUL included; returns the length of the whole text.
 */
int tsig_vsnprintf(char *buf, size_t size, const char *fmt, va_list ap);
int tsig_snprintf(char *buf, size_t size, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* Makes room for extra more bytes; 0 on failure (and sets failed). */
int tsig_sb_reserve(tsig_strbuf *sb, size_t extra);
/* Hands the buffer to the caller (freed with tsig_free): the NUL-terminated
 * text, or NULL when any growth failed (the buffer is then released).
 * *len (may be NULL) gets the length. The strbuf is reset. */
char *tsig_sb_finish(tsig_strbuf *sb, size_t *len);
/* Releases the buffer without handing it out. */
void tsig_sb_release(tsig_strbuf *sb);
/* Fills *out with count texts, texts[0..len) holding each followed by
 * its NUL, copied into one block that tsig_messages_free releases (none:
 * *out empty, nothing allocated). 0, *out empty, when out of memory. */
int tsig_messages_make(tsig_messages *out, const char *texts, size_t len, size_t count);

/* ---- hash.c: the one hash table, for every lookup keyed by data --------
 *
 * A set of entries (numbers the caller gives: indexes into its own array)
 * found by their keys' bytes, compared exactly or, norm, after "-" -> "_".
 * Keyed SipHash-1-3, open addressing at most half full, and a balanced tree
 * for a table whose probes run long (keys chosen to collide), so no key
 * set costs more than O(log n) per lookup. Zero-initialized it is not
 * usable: begin it with tsig_table_init. */

typedef struct tsig_table_slot tsig_table_slot;
typedef struct tsig_table_node tsig_table_node;
/* The bytes of an entry's key, *len its length. */
typedef const char *(*tsig_table_key_of)(const void *ctx, size_t entry,
                                         size_t *len);

typedef struct tsig_table {
    uint64_t key[2];           /* the process's key when the table began */
    int norm;
    tsig_arena *arena;         /* NULL: malloc and free */
    tsig_table_key_of key_of;
    const void *ctx;
    tsig_table_slot *slots;    /* NULL once ordered */
    size_t cap, count;
    tsig_table_node *nodes;    /* the ordered form, or NULL */
    size_t node_cap, root;
} tsig_table;

#define TSIG_TABLE_NONE ((size_t)-1)  /* no such key */
#define TSIG_TABLE_NOMEM ((size_t)-2) /* out of memory */

/* SipHash-1-3 of s[0..len) under key, "-" read as "_" when norm. */
uint64_t tsig_hash_bytes(const uint64_t key[2], const char *s, size_t len,
                         int norm);
/* The same under the process's key (tsig_hash_seed), for a filter keyed
 * by data that is no table. */
uint64_t tsig_hash_keyed(const char *s, size_t len, int norm);
/* Begins an empty table (allocating nothing yet) under the process's key
 * (tsig_hash_seed). Its memory comes from arena (then left there) or, when
 * arena is NULL, from malloc (freed by tsig_table_release). */
void tsig_table_init(tsig_table *t, int norm, tsig_arena *arena,
                     tsig_table_key_of key_of, const void *ctx);
/* The hash of a key for this table (give it to find and add). */
size_t tsig_table_hash(const tsig_table *t, const char *s, size_t len);
/* The entry whose key equals key[0..len), TSIG_TABLE_NONE, or
 * TSIG_TABLE_NOMEM (turning into a tree can allocate). */
size_t tsig_table_find(tsig_table *t, const char *key, size_t len, size_t hash);
/* As tsig_table_find, but adds entry (key[0..len) being its key) when the
 * key is absent: TSIG_TABLE_NONE then means added. */
size_t tsig_table_add(tsig_table *t, const char *key, size_t len, size_t hash,
                      size_t entry);
/* 1 once the table has turned into a tree (for tests). */
int tsig_table_ordered(const tsig_table *t);
void tsig_table_release(tsig_table *t);

/* ---- error.c ---------------------------------------------------------- */

/* Fills err: code, offset, line/column computed from src[0..offset), and a
 * printf-style message (cut to fit, never inside a UTF-8 sequence). hint is
 * cleared. */
void tsig_error_set(tsig_error *err, tsig_code code, const char *src,
                    size_t len, size_t offset, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 6, 7)))
#endif
    ;
/* tsig_error_set with the message's arguments as a va_list, for the
 * readers' own printf-style error functions. */
void tsig_error_setv(tsig_error *err, tsig_code code, const char *src,
                     size_t len, size_t offset, const char *fmt, va_list ap)
#if defined(__GNUC__)
    __attribute__((format(printf, 6, 0)))
#endif
    ;
/* The reason of a JSON text error's message: what follows "JSON error at
 * L:C: ", or NULL when message is not of that form. */
const char *tsig_json_error_reason(const char *message);
/* Sets err->hint (cut to fit). */
void tsig_error_hint(tsig_error *err, const char *hint);
/* 1-based line and byte column of offset in src. */
void tsig_line_col(const char *src, size_t len, size_t offset, size_t *line,
                   size_t *column);
/* Describes the text at src[offset] for "found ..." messages: "end of
 * input", or the character (one UTF-8 sequence) quoted: "\")\"". Writes a
 * NUL-terminated string of at most size bytes into buf. */
void tsig_describe_found(const char *src, size_t len, size_t offset,
                         char *buf, size_t size);

/* ---- utf8 (error.c) --------------------------------------------------- */

/* Length of the valid UTF-8 sequence at s[0..len), or 0 when invalid
 * (overlong, surrogate, > U+10FFFF, truncated). */
size_t tsig_utf8_seq(const unsigned char *s, size_t len);
/* The UTF-8 sequence at s[0..len) (len > 0) as a reader of text that
 * arrives in chunks sees it: its length when whole and well formed; 0
 * when it can never become one (*stop: the offset of the byte that shows
 * it); TSIG_UTF8_CUT when s[0..len) starts one and the rest has not come
 * (*stop: where the missing bytes begin). The one rule of UTF-8 for every
 * reader (tsig_utf8_seq is this, a cut sequence refused). */
#define TSIG_UTF8_CUT ((size_t)-1)
size_t tsig_utf8_read(const unsigned char *s, size_t len, size_t *stop);

/* ---- names.c: the rules of names ---------------------------------------- */

/* An ASCII letter. */
int tsig_is_letter(char c);
/* A character that may start an identifier: a letter or '_'. */
int tsig_ident_start(char c);
/* A character that may continue an identifier (and make up a type word):
 * a letter, a digit, '_' or '-'. */
int tsig_ident_char(char c);
/* The end of the run of identifier characters in s[0..len) from at. */
size_t tsig_ident_run(const char *s, size_t len, size_t at);
/* 1 iff s[0..len) is an identifier (SPEC §1: ident): a letter or '_',
 * then letters, digits, '_' and '-'. */
int tsig_is_ident(const char *s, size_t len);

/* When two names match (SPEC §4 field lookup, §6 key normalization, §1
 * duplicate names, §8 template names): when they are equal after '-' ->
 * '_'. The rule is tsig_norm_char; tsig_norm_word is the same rule on
 * eight bytes at once, for hashing (hash.c). */
static inline char tsig_norm_char(char c)
{
    return c == '-' ? '_' : c;
}
/* The bytes of the little-endian word w read as tsig_norm_char reads
 * each: a byte is '-' when w ^ 0x2d..2d has a zero there (found exactly,
 * without carries between bytes), and '-' ^ '_' is 0x72. */
static inline uint64_t tsig_norm_word(uint64_t w)
{
    const uint64_t low7 = UINT64_C(0x7f7f7f7f7f7f7f7f);
    uint64_t t = w ^ UINT64_C(0x2d2d2d2d2d2d2d2d);
    uint64_t zero = ~(((t & low7) + low7) | t | low7); /* 0x80 where t is 0 */
    return w ^ ((zero >> 7) * 0x72);
}
/* 1 iff a[0..alen) and b[0..blen) match: equal after '-' -> '_'. */
int tsig_names_match(const char *a, size_t alen, const char *b, size_t blen);
/* Writes src[0..len) normalized ('-' -> '_') to dst (which may be src). */
void tsig_name_normalize(char *dst, const char *src, size_t len);
/* 1 iff the name (a field's, or a key, decoded) is firewalled (SPEC §7):
 * it starts with '_' after '-' -> '_'. */
int tsig_name_firewalled(const char *name, size_t len);

/* ---- lex.c: tokens of the signature language --------------------------- */

typedef enum tsig_token_kind {
    TSIG_TOK_END = 0,   /* end of input */
    TSIG_TOK_LPAREN,    /* ( */
    TSIG_TOK_RPAREN,    /* ) */
    TSIG_TOK_LBRACKET,  /* [ */
    TSIG_TOK_RBRACKET,  /* ] */
    TSIG_TOK_LBRACE,    /* { */
    TSIG_TOK_RBRACE,    /* } */
    TSIG_TOK_COMMA,     /* , */
    TSIG_TOK_QUESTION,  /* ? */
    TSIG_TOK_ARROW,     /* -> */
    TSIG_TOK_FAT_ARROW, /* => (never valid; lexed for its hint) */
    TSIG_TOK_TYPE,      /* ":" then a word of letters, digits, "_", "-" */
    TSIG_TOK_COLON,     /* ":" not followed by a word character */
    TSIG_TOK_IDENT,     /* letter or "_", then letters, digits, "_", "-" */
    TSIG_TOK_INVALID,   /* anything else: one UTF-8 sequence, or one bad byte */
    TSIG_TOK_PIPE,      /* | between union members */
    TSIG_TOK_STAR,      /* * of a map's typed extra entries */
    TSIG_TOK_EQUALS,    /* = before a default */
    TSIG_TOK_STRING     /* '"': a JSON string starts here (length 1) */
} tsig_token_kind;

/* One token: src[offset .. offset+len). space_before is 1 when whitespace
 * separates it from the previous token. */
typedef struct tsig_token {
    tsig_token_kind kind;
    size_t offset;
    size_t len;
    int space_before;
} tsig_token;

/* Scans src[0..len); pos is the next byte to read. Zero pos to start. */
typedef struct tsig_lexer {
    const char *src;
    size_t len;
    size_t pos;
} tsig_lexer;

/* Skips whitespace (" ", "\t", "\n", "\r") and returns the next token. */
tsig_token tsig_lex_next(tsig_lexer *lx);

/* ---- json.c: reading JSON text ----------------------------------------
 *
 * One reader for every stage that takes JSON text (validate, normalize_keys,
 * redact, schema import, templates, the API's documents): RFC 8259 exactly
 * as JSON.parse accepts it, plus UTF-8 checking, a depth bound, and errors
 * that name the first byte that cannot be accepted. Callers read tokens (or
 * walk whole values) straight off the text, so reading allocates nothing
 * for typical inputs; a stage that needs a tree asks tsig_json_tree.
 */

/* A reader over src[0..len). code stays TSIG_OK until the first fatal
 * problem (bad text, nesting over max_depth, out of memory), which is
 * described in *err; every reading function then returns 0. trusted: the
 * text was read once already, so strings are scanned without checking
 * UTF-8 and escapes again. quiet: only whether the text reads matters,
 * so a failure writes no message (nor finds its line) and leaves pos at
 * its offset. */
typedef struct tsig_json {
    /* 64 bytes on 64-bit targets (one cache line; the typed validator
     * reads it at every token): keep it so when adding fields. */
    const char *src;
    size_t len;
    size_t pos;       /* next byte to read */
    size_t depth;     /* arrays and objects open at pos */
    size_t max_depth;
    _Bool trusted;
    _Bool bom;        /* the text started with a UTF-8 byte-order mark */
    _Bool quiet;      /* a failure records its code and offset (pos) only */
    _Bool words;      /* a word that is no literal fails at its first byte */
    tsig_code code;
    tsig_error *err;
    /* NULL, or the caller's wording of what a syntax error expected: given
     * the reader's phrase ("a JSON value"), returns the one to write. */
    const char *(*reword)(const char *expected);
} tsig_json;

/* A token's place in the text: a string's content between its quotes
 * (flag: it holds escapes) or a number's text (flag: it is an int). */
typedef struct tsig_json_span {
    size_t start;
    size_t len;
    int flag;
} tsig_json_span;

/* Starts reading at the first byte after a leading byte-order mark. err
 * may not be NULL. */
void tsig_json_init(tsig_json *j, const char *src, size_t len,
                    size_t max_depth, tsig_error *err);

#ifdef TSIG_COUNT_WORK
/* Built with TSIG_COUNT_WORK (tests/c/test_hash.c only): told of each step
 * of a hash table lookup (src/ground/hash.c). */
void tsig_count_work(void);
#endif

#ifdef TSIG_COUNT_READS
/* Built with TSIG_COUNT_READS (tests/c/test_read_once.c only): told of
 * every reader started, so a test can count the passes over a text. */
void tsig_count_read(const char *src, size_t len);
#endif

/* Records the fatal problem "JSON error at L:C: expected <expected>, found
 * <what is at offset>" (code TSIG_ERR_JSON). Returns 0. */
int tsig_json_fail(tsig_json *j, size_t offset, const char *expected);
/* Records a fatal problem with code and a printf-style message. Returns 0. */
int tsig_json_fail_code(tsig_json *j, tsig_code code, size_t offset,
                        const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
/* The repairs of SPEC §12.1, as the push reader notes them in repair mode
 * (their words: tsig_repair_message, src/checking/repair.c). */
enum {
    TSIG_REPAIR_FENCE, TSIG_REPAIR_BEFORE, TSIG_REPAIR_AFTER,
    TSIG_REPAIR_TRAILING_COMMA, TSIG_REPAIR_COMMENT, TSIG_REPAIR_SINGLE,
    TSIG_REPAIR_CURLY, TSIG_REPAIR_KEY, TSIG_REPAIR_TRUE, TSIG_REPAIR_FALSE,
    TSIG_REPAIR_NONE, TSIG_REPAIR_CONTROL, TSIG_REPAIR_MISSING_COMMA,
    /* SPEC §13.1 */
    TSIG_REPAIR_INNER_QUOTE, TSIG_REPAIR_BARE_VALUE, TSIG_REPAIR_TRIPLE, TSIG_REPAIR_BACKTICK,
    TSIG_REPAIR_WHOLE_ENUM, TSIG_REPAIR_WHOLE_STRING,
    TSIG_REPAIR_TOOK /* SPEC §13.2: len holds how many candidates */
};

/* One repair: what, where in the original text (and, for a quoted key, the
 * key's length). */
typedef struct tsig_repair_note {
    int what;
    size_t at, len;
    const char *value; /* TSIG_REPAIR_BARE_VALUE: the value read */
    size_t value_len;
} tsig_repair_note;

struct tsig_repair;

/*
 * The push reader: JSON syntax read from text that arrives in chunks, its
 * state explicit (nothing on the C stack between two chunks), for the
 * stream (src/checking/stream.c). It is told the text so far each time
 * (t[0..n), what it read before unchanged) and reads on from where it
 * stopped; whitespace, strings and digits go through the same runs as the
 * token reader above. It knows, byte by byte, whether the text so far can
 * still become JSON, and keeps what the partial value needs (where the
 * text can be cut, and the closers of what is open).
 *
 * Its reader of values (the stream's type walker) is told of each step
 * through on(ctx, event, at), when on is not NULL: a value starting at at
 * (TSIG_PUSH_VALUE, before a container is pushed: stack.len is its
 * depth), a key read (TSIG_PUSH_KEY: key_at..at), a value string's plain
 * run stopping at at, before a quote, an escape or any other byte (only
 * while watch is set: an escape clears it), and a value ending at at
 * (TSIG_PUSH_STRING, _NUMBER, _LITERAL, _CLOSE: at is the byte after it;
 * the reader's own part done: cut and cut_depth are set). Each answers
 * TSIG_PUSH_GO (read on), TSIG_PUSH_YIELD (the reader returns before its
 * next byte, read there), or for TSIG_PUSH_VALUE also TSIG_PUSH_SKIP (the
 * reader of values read the value itself, and more after it: skip_to is
 * where the reader goes on, after a value) or TSIG_PUSH_WAIT (the reader
 * returns before the value, as at the end of the text).
 */
enum {
    TSIG_PUSH_VALUE, TSIG_PUSH_KEY, TSIG_PUSH_STRING_PART, TSIG_PUSH_STRING,
    TSIG_PUSH_NUMBER, TSIG_PUSH_LITERAL, TSIG_PUSH_CLOSE, TSIG_PUSH_BARE
};
enum { TSIG_PUSH_GO, TSIG_PUSH_YIELD, TSIG_PUSH_SKIP, TSIG_PUSH_WAIT, TSIG_PUSH_STRING_OK,
       TSIG_PUSH_TAKE };
/* What tsig_json_push_read answers. */
typedef enum tsig_push_answer {
    TSIG_PUSH_NOMEM = -1, /* its stack of closers ran out of memory */
    TSIG_PUSH_BAD = 0,    /* read is on a byte that can never become JSON */
    TSIG_PUSH_MORE = 1,   /* all read (or the reader of values waits) */
    TSIG_PUSH_STOPPED = 2 /* asked to (yield), or the value became whole */
} tsig_push_answer;

typedef struct tsig_json_push {
    int p;             /* where it is: a value, a key, a string, ... */
    int number;        /* in a number: what its next byte may be */
    int first;         /* the container just opened holds nothing yet */
    int key;           /* the string being read is a key */
    const char *word;  /* the literal being read */
    size_t word_at, word_len;
    tsig_strbuf stack; /* '}' / ']' per open container: the closers */
    size_t max_depth;
    size_t read;       /* bytes read */
    size_t bom;        /* a byte-order mark's bytes skipped at the start */
    /* the partial value: the text cut at cut, with the closers of its
     * first cut_depth containers; or an open value string up to str_cut */
    size_t cut, cut_depth, str_cut;
    size_t str_at;     /* where the value string being read starts */
    size_t key_at;     /* where the key being read starts */
    size_t num_at;     /* where the number being read starts */
    int in_value_string;
    int escaped;       /* the string being read has an escape */
    int num_float;     /* the number being read has a fraction or exponent */
    int whole;         /* a whole value was read (the reader of values clears it) */
    int watch;         /* its reader of values watches the value string */
    size_t skip_to;    /* TSIG_PUSH_SKIP: where to go on */
    int stop;          /* return before the next byte */
    /* Repair mode (SPEC §12.1; tsig_repair_run): the repairs are made where
     * strict JSON stops, and the canonical text written to rp->out, where
     * t[0..copied) is, as repaired. NULL: strict JSON. */
    struct tsig_repair *rp;
    int final;         /* nothing follows t[0..n) */
    int quote;         /* the quotes of the string being read */
    int fenced;        /* the value is in a code fence */
    int scalar;        /* the top-level value is no object or array */
    int newline;       /* a line ended since the last value */
    int ctrl_noted;    /* a control character of this string was noted */
    int line_in_string; /* a raw line end of this string was escaped */
    /* Which '"' of the string being read end it (SPEC §13.1, a quote that
     * cannot end a string): the one at quote_end - 1 (0: not decided),
     * the quotes before it being inside; while undecided, where the scan
     * deciding it goes on, and the quotations it found open. */
    size_t quote_end, quote_scan, quote_open, quote_first;
    int back;          /* where to go on after a comment */
    size_t copied;
    size_t prose_at, comment_at, comma_at;
    /* A word (or the blanks after a bare key) cut by the end of the text
     * so far: where it starts, + 1 (0: none), and how far it was read, so
     * the next call resumes there and reads no byte twice. */
    size_t memo_word_at, memo_word_to, memo_blank_at, memo_blank_to;
    int memo_word_key;
    /* Reading by the type (SPEC §13), in repair mode: the reader asks its
     * reader of values at each value (TSIG_PUSH_VALUE, answered
     * TSIG_PUSH_STRING_OK when the type there admits a string: admits),
     * tells it each key (TSIG_PUSH_KEY: key_at..at), and asks whether a
     * bare text t[at..bare_end) is read (TSIG_PUSH_BARE, answered
     * TSIG_PUSH_TAKE with the value in bare_value[0..bare_value_len)). */
    const char *text;  /* the text being read */
    int admits;
    size_t bare_end;
    const char *bare_value;
    size_t bare_value_len;
    size_t block_scan; /* a triple-quoted or backtick string: where the
                        * search for its end goes on (0: none) */
    size_t value_end;  /* repair mode: the end of the top-level value, once
                        * read (0: not yet) */
    int refused;       /* strict: read stopped on a byte that can never be
                        * JSON, and stays there */
} tsig_json_push;

/* 1 when s[0..len) is read as JSON whatever the type (SPEC §13): a JSON
 * or Python literal, NaN, Infinity, undefined, a 0x number, or a number
 * written another way (a digit first, after an optional sign or '.', and
 * only digits, spaces and . , / _ ' e E + - after it). */
int tsig_json_as_written(const char *s, size_t len);
/* 1 when s[0..len), the start of a text, may still be read as JSON
 * whatever the type once more of it comes (tsig_json_as_written holds of
 * it, or of a longer text it starts: "tr", "-", "12 0"). */
int tsig_json_may_be_written(const char *s, size_t len);

/* 1 when s[0..len) is UTF-8 and holds no NUL: text a reading (SPEC §13)
 * may write as a JSON string unchanged (the strict reader refuses the rest). */
int tsig_text_readable(const char *s, size_t len);

/* Begins reading (or begins again) at the first byte. */
void tsig_json_push_begin(tsig_json_push *r, size_t max_depth);
void tsig_json_push_release(tsig_json_push *r);
/* Reads t[r->read..n) (see above). */
tsig_push_answer tsig_json_push_read(tsig_json_push *r, const char *t, size_t n,
                                     int (*on)(void *ctx, int event, size_t at), void *ctx);
/* 1 iff a value string is being read (the partial value ends in it). */
int tsig_json_push_in_string(const tsig_json_push *r);

/* Repair (SPEC §12.1): the push reader in repair mode, fed the text so far
 * (the same bytes again, longer), appends to out the canonical text (the
 * JSON the model meant); map holds pairs (canonical offset, original
 * offset) where the two stop moving together. Valid JSON comes out byte
 * for byte; a byte no repair reads is left, with all after it, for the
 * strict reader of the canonical text to refuse where it stands. */
typedef struct tsig_repair {
    tsig_json_push r;
    /* the reader of values the reader asks in repair mode (NULL: none; the
     * readings of SPEC §13.1 that ask the type are then not made) */
    int (*on)(void *ctx, int event, size_t at);
    void *ctx;
    tsig_strbuf out;
    size_t *map;
    size_t map_count, map_cap;
    tsig_repair_note *notes;
    size_t note_count, note_cap;
    int done;
} tsig_repair;

void tsig_repair_init(tsig_repair *r, size_t max_depth);
void tsig_repair_release(tsig_repair *r);
/* Reads s[..len) from where it stopped; final: nothing follows. 0 when out
 * of memory. */
int tsig_repair_run(tsig_repair *r, const char *s, size_t len, int final);
/* The original offset of a canonical one. */
size_t tsig_repair_original(const tsig_repair *r, size_t offset);
/* 1 iff a whole value was read and only whitespace after it. */
int tsig_json_push_done(const tsig_json_push *r);
/* 1 when r stopped on a byte it can never read: strict, a byte that can
 * never be JSON; in repair mode, one that no repair reads (the rest is
 * left as it is, e.g. prose after a top-level scalar). */
int tsig_json_push_refused(const tsig_json_push *r);
/* The partial value as a cut of the text: its bytes [*from, *to) then
 * what close gets (a string's quote, the closers of what is open); 0 when
 * nothing was read (the partial value is null). */
int tsig_json_push_cut(const tsig_json_push *r, size_t *from, size_t *to, tsig_strbuf *close);
/* 1 when r reads strict JSON and waits for a value inside a container
 * (after a key's colon, a list's "[" or ","): *to is where it read to. */
int tsig_json_push_awaits_member(const tsig_json_push *r, size_t *to);
/* The reading of SPEC §13.1 a repairing reader r waits on inside a
 * container (a bare text, a text block not closed yet), for a partial
 * value: its text so far t[*from..*to), UTF-8 cut at a whole character,
 * a text block's closer begun left out; 0 when none, or when the bare text
 * so far may end as another value or none (the start of a literal or a
 * number, a quote, a bracket, a comment). A text block is shown as it is
 * so far, before its indentation is taken out. */
int tsig_json_push_open_reading(const tsig_json_push *r, const char *t, size_t n, size_t *from,
                                size_t *to);

/* The first position from at that is not JSON whitespace (" ", "\t",
 * "\n", "\r"). Inline: it runs before every token. */
/* The end of the whitespace run from at (src[at] may be anything). */
size_t tsig_json_ws_run(const char *src, size_t at, size_t n);
/* 1 when c is JSON whitespace (" ", "\t", "\n", "\r"). */
static inline int tsig_json_is_ws(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}
/* 1 when t[from..to) is what lies between two elements of a list: one
 * comma, and whitespace. */
static inline int tsig_json_one_comma(const char *t, size_t from, size_t to)
{
    size_t commas = 0;
    for (; from < to && (t[from] == ',' || tsig_json_is_ws((unsigned char)t[from])); from++)
        commas += t[from] == ',';
    return from == to && commas == 1;
}
/* The end of the run of plain string bytes from at: the first '"', '\\',
 * control byte or byte >= 0x80 (n when none). */
size_t tsig_json_plain_run(const char *src, size_t at, size_t n);
/* The end of the run of digits '0'..'9' from at. */
size_t tsig_json_digit_run(const char *src, size_t at, size_t n);
static inline size_t tsig_json_ws(const tsig_json *j, size_t at)
{
    const char *s = j->src;
    size_t n = j->len;
    if (at < n && (unsigned char)s[at] > ' ') return at;
    if (at < n && (s[at] == ' ' || s[at] == '\n' || s[at] == '\r' || s[at] == '\t')) {
        at++;
        /* A run (indentation): sixteen bytes at a time. */
        if (at < n && (s[at] == ' ' || s[at] == '\n' || s[at] == '\r' || s[at] == '\t'))
            return tsig_json_ws_run(s, at, n);
    }
    return at;
}

/*
 * Sixteen bytes at once with the machine's vector unit: wasm SIMD128
 * (emcc -msimd128), SSE2 (every x86-64) or NEON (AArch64). TSIG_SCALAR
 * (CMake -DTSIG_SCALAR=ON, build-wasm.mjs --scalar) keeps the eight-byte
 * SWAR loops alone; both read the same bytes the same way, and the C tests
 * run on both builds. Each function looks at p[0..15] only (the caller
 * checks that 16 bytes remain) and returns the index of the first byte
 * that stops the run, 16 when none does.
 */
#if !defined(TSIG_SCALAR) && defined(__wasm_simd128__)
#define TSIG_VECTOR 1
typedef v128_t tsig_vec;
static inline tsig_vec tsig_vec_load(const unsigned char *p) { return wasm_v128_load(p); }
static inline tsig_vec tsig_vec_eq(tsig_vec v, int c) { return wasm_i8x16_eq(v, wasm_i8x16_splat((int8_t)c)); }
static inline tsig_vec tsig_vec_or(tsig_vec a, tsig_vec b) { return wasm_v128_or(a, b); }
/* Bytes < 0x20 or >= 0x80 (signed compare with 0x20). */
static inline tsig_vec tsig_vec_low_or_high(tsig_vec v) { return wasm_i8x16_lt(v, wasm_i8x16_splat(0x20)); }
static inline tsig_vec tsig_vec_not_digit(tsig_vec v)
{
    return wasm_u8x16_gt(wasm_i8x16_sub(v, wasm_i8x16_splat('0')), wasm_i8x16_splat(9));
}
static inline size_t tsig_vec_first(tsig_vec m)
{
    uint32_t bits = wasm_i8x16_bitmask(m);
    return bits ? (size_t)__builtin_ctz(bits) : 16;
}
static inline size_t tsig_vec_first_clear(tsig_vec m)
{
    uint32_t bits = ~wasm_i8x16_bitmask(m) & 0xffffu;
    return bits ? (size_t)__builtin_ctz(bits) : 16;
}
#elif !defined(TSIG_SCALAR) && defined(__SSE2__)
#define TSIG_VECTOR 1
typedef __m128i tsig_vec;
static inline tsig_vec tsig_vec_load(const unsigned char *p) { return _mm_loadu_si128((const __m128i *)(const void *)p); }
static inline tsig_vec tsig_vec_eq(tsig_vec v, int c) { return _mm_cmpeq_epi8(v, _mm_set1_epi8((char)c)); }
static inline tsig_vec tsig_vec_or(tsig_vec a, tsig_vec b) { return _mm_or_si128(a, b); }
static inline tsig_vec tsig_vec_low_or_high(tsig_vec v) { return _mm_cmplt_epi8(v, _mm_set1_epi8(0x20)); }
/* '0'..'9' moved to -128..-119: anything greater is not a digit. */
static inline tsig_vec tsig_vec_not_digit(tsig_vec v)
{
    return _mm_cmpgt_epi8(_mm_add_epi8(v, _mm_set1_epi8((char)(0x80 - '0'))), _mm_set1_epi8(-128 + 9));
}
static inline size_t tsig_vec_first(tsig_vec m)
{
    unsigned bits = (unsigned)_mm_movemask_epi8(m);
    return bits ? (size_t)__builtin_ctz(bits) : 16;
}
static inline size_t tsig_vec_first_clear(tsig_vec m)
{
    unsigned bits = ~(unsigned)_mm_movemask_epi8(m) & 0xffffu;
    return bits ? (size_t)__builtin_ctz(bits) : 16;
}
#elif !defined(TSIG_SCALAR) && defined(__ARM_NEON) && defined(__aarch64__)
#define TSIG_VECTOR 1
typedef uint8x16_t tsig_vec;
static inline tsig_vec tsig_vec_load(const unsigned char *p) { return vld1q_u8(p); }
static inline tsig_vec tsig_vec_eq(tsig_vec v, int c) { return vceqq_u8(v, vdupq_n_u8((uint8_t)c)); }
static inline tsig_vec tsig_vec_or(tsig_vec a, tsig_vec b) { return vorrq_u8(a, b); }
/* Bytes < 0x20 or >= 0x80 (signed compare with 0x20; the mask is unsigned). */
static inline tsig_vec tsig_vec_low_or_high(tsig_vec v) { return vcltq_s8(vreinterpretq_s8_u8(v), vdupq_n_s8(0x20)); }
static inline tsig_vec tsig_vec_not_digit(tsig_vec v) { return vcgtq_u8(vsubq_u8(v, vdupq_n_u8('0')), vdupq_n_u8(9)); }
/* Four bits a byte (shift right and narrow), so the first set nibble. */
static inline size_t tsig_vec_first(tsig_vec m)
{
    uint64_t bits = vget_lane_u64(vreinterpret_u64_u8(vshrn_n_u16(vreinterpretq_u16_u8(m), 4)), 0);
    return bits ? (size_t)__builtin_ctzll(bits) >> 2 : 16;
}
static inline size_t tsig_vec_first_clear(tsig_vec m) { return tsig_vec_first(vmvnq_u8(m)); }
#endif

#ifdef TSIG_VECTOR
/* A '"' or a '\\' (and, unless trusted, a control byte or a byte >= 0x80). */
static inline size_t tsig_vec_string_stop(const unsigned char *p, int trusted)
{
    tsig_vec v = tsig_vec_load(p);
    tsig_vec m = tsig_vec_or(tsig_vec_eq(v, '"'), tsig_vec_eq(v, '\\'));
    if (!trusted) m = tsig_vec_or(m, tsig_vec_low_or_high(v));
    return tsig_vec_first(m);
}
#endif

/* Eight bytes at once (SWAR), for the readers' plain stretches of text:
 * nonzero when any byte may need a closer look. False alarms are allowed
 * (the caller then looks byte by byte); misses are not. */
#define TSIG_SWAR_ONES UINT64_C(0x0101010101010101)
#define TSIG_SWAR_HIGHS UINT64_C(0x8080808080808080)
static inline uint64_t tsig_swar_zero_byte(uint64_t v)
{
    return (v - TSIG_SWAR_ONES) & ~v & TSIG_SWAR_HIGHS;
}

/* A '"', a '\\', a control character or a byte >= 0x80 among the eight. */
static inline uint64_t tsig_swar_string_special(uint64_t v)
{
    return tsig_swar_zero_byte(v ^ (TSIG_SWAR_ONES * '"')) |
           tsig_swar_zero_byte(v ^ (TSIG_SWAR_ONES * '\\')) |
           ((v - TSIG_SWAR_ONES * 0x20) & ~v & TSIG_SWAR_HIGHS) | (v & TSIG_SWAR_HIGHS);
}

/* Skips whitespace at j->pos. */
static inline void tsig_json_skip_ws(tsig_json *j)
{
    j->pos = tsig_json_ws(j, j->pos);
}
/* At a '"': reads the string. Returns the new j->pos (never 0), or 0 on
 * an error: a hot loop can go on from the returned position in a register
 * instead of reading j->pos back. */
size_t tsig_json_string_end(tsig_json *j, tsig_json_span *s);
/* At a '-' or a digit: reads the number. As tsig_json_string_end. */
size_t tsig_json_number_end(tsig_json *j, tsig_json_span *n);
/*
 * The same for the common token, inline: a string of plain ASCII with no
 * escape, found by the sixteen-byte check (tsig_vec_string_stop) where
 * built for it (not TSIG_SCALAR), else by the eight-byte one, and a
 * number of digits with at most a fraction. Anything else (and a
 * big-endian machine, where the eight-byte check's first flag is not
 * exact) is read by the functions above, from the start.
 */
#if defined(__GNUC__) && !defined(__OPTIMIZE_SIZE__)
#define TSIG_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define TSIG_ALWAYS_INLINE inline
#endif
/* Built for size (-Os, -Oz), they are the calls. */
#if defined(__OPTIMIZE_SIZE__)
#define TSIG_FAST_READERS 0
#else
#define TSIG_FAST_READERS 1
#endif
static TSIG_ALWAYS_INLINE size_t tsig_json_string_end_fast(tsig_json *j, tsig_json_span *s)
{
#if TSIG_FAST_READERS && defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    const unsigned char *p = (const unsigned char *)j->src;
    size_t n = j->len, i = j->pos + 1;
#ifdef TSIG_VECTOR
    while (n - i >= 16) {
        size_t k = tsig_vec_string_stop(p + i, 0);
        if (k < 16) {
            i += k;
            goto stop;
        }
        i += 16;
    }
#endif
    while (n - i >= 8) {
        uint64_t v, mask;
        memcpy(&v, p + i, 8);
        if ((mask = tsig_swar_string_special(v)) != 0) {
            i += (size_t)__builtin_ctzll(mask) >> 3;
            goto stop;
        }
        i += 8;
    }
    return tsig_json_string_end(j, s);
stop: /* the first byte that is not plain: the closing quote, or read by
       * the full reader from the start */
    if (p[i] != '"') return tsig_json_string_end(j, s);
    s->start = j->pos + 1;
    s->len = i - s->start;
    s->flag = 0;
    return j->pos = i + 1;
#else
    return tsig_json_string_end(j, s);
#endif
}
static TSIG_ALWAYS_INLINE size_t tsig_json_number_end_fast(tsig_json *j, tsig_json_span *s)
{
#if !TSIG_FAST_READERS
    return tsig_json_number_end(j, s);
#else
    const char *p = j->src;
    size_t n = j->len, i = j->pos;
    int is_int = 1;
    if (i < n && p[i] == '-') i++;
    if (i < n && p[i] == '0') {
        i++;
    } else if (i < n && p[i] >= '1' && p[i] <= '9') {
        do i++;
        while (i < n && p[i] >= '0' && p[i] <= '9');
    } else {
        return tsig_json_number_end(j, s);
    }
    if (i < n && p[i] == '.') {
        if (i + 1 >= n || p[i + 1] < '0' || p[i + 1] > '9') return tsig_json_number_end(j, s);
        i++;
        do i++;
        while (i < n && p[i] >= '0' && p[i] <= '9');
        is_int = 0;
    }
    if (i < n && (p[i] == 'e' || p[i] == 'E')) return tsig_json_number_end(j, s);
    s->start = j->pos;
    s->len = i - s->start;
    s->flag = is_int;
    return j->pos = i;
#endif
}
/* The same, as 1 (read) or 0 (error). */
static inline int tsig_json_string(tsig_json *j, tsig_json_span *s)
{
    return tsig_json_string_end(j, s) != 0;
}
static inline int tsig_json_number(tsig_json *j, tsig_json_span *n)
{
    return tsig_json_number_end(j, n) != 0;
}
/* The syntax between a container's values, one rule for every reader of
 * whole text (the validator, the walker): after a member or element
 * (whitespace allowed from *at), in a container closed by close: 1 for
 * "," (*at after it), 2 for close (*at at it), 0 on bad text (the error
 * recorded). j->pos is left as it is: hot loops keep positions in
 * registers. */
static inline int tsig_json_after(tsig_json *j, size_t *at, char close)
{
    size_t p = tsig_json_ws(j, *at);
    *at = p;
    if (p < j->len && j->src[p] == ',') {
        *at = p + 1;
        return 1;
    }
    if (p < j->len && j->src[p] == close) return 2;
    return tsig_json_fail(j, p, close == '}' ? "\",\" or \"}\"" : "\",\" or \"]\"");
}
/* A member's key at (or after whitespace at) at and its ':' (first: the
 * object's first member, where "}" may stand instead): the position after
 * the ':' (j->pos too), or 0 on bad text (the error recorded). */
size_t tsig_json_key_read(tsig_json *j, size_t at, tsig_json_span *key, int first);
/* At the first letter of word ("true", "false", "null"): reads it. */
int tsig_json_literal(tsig_json *j, const char *word, size_t n);
/* Reads the scalar at j->pos (string or number into s, or a literal);
 * anything else is an error "expected a JSON value". */
int tsig_json_scalar(tsig_json *j, tsig_json_span *s);
/* At a '[' or '{': opens it (depth checked first: "JSON error at L:C:
 * nesting deeper than N", code TSIG_ERR_TOO_DEEP, at the bracket). 1, or 0
 * on an error. */
int tsig_json_enter(tsig_json *j);
/* After the root value: only whitespace may follow. 1, or 0. */
int tsig_json_finish(tsig_json *j);

/* Decodes one unit of a string's content (read before, so valid) at
 * raw[*i], raw[0..len) being the content or the text up to its end: an
 * escape (a surrogate pair is one unit) or one UTF-8 sequence. Writes its
 * bytes to out (at most 4; a lone surrogate in its three-byte form),
 * returns how many and moves *i past the unit. */
size_t tsig_json_decode_unit(const char *raw, size_t len, size_t *i, char *out);
/* Decodes the escapes of a string's content (read before, so valid) into
 * out, which has room for len bytes; returns the decoded length. A lone
 * surrogate becomes its three-byte (WTF-8) form. */
size_t tsig_json_unescape(const char *raw, size_t len, char *out);
/* The escape of one byte inside a JSON string ('"', '\', controls) into
 * out, its length; 0 when the byte stands for itself. Every string the
 * core writes into JSON or a message is escaped by it (tsig_json_escape,
 * tsig_json_escape_cut, tsig_quote_cut, tsig_json_echo,
 * tsig_text_escape_cut). */
size_t tsig_json_escape_byte(unsigned char c, char out[6]);
/* Appends s[0..len) as a JSON string literal, quotes included: escapes
 * '"', '\', control characters and (WTF-8) lone surrogates; bytes that are
 * not UTF-8 become U+FFFD (one per maximal subpart, as TextDecoder reads
 * them), so the literal is always JSON. */
void tsig_json_escape(tsig_strbuf *sb, const char *s, size_t len);
/* As tsig_json_escape, or null when s is NULL (a member that may have no
 * string). */
void tsig_json_escape_or_null(tsig_strbuf *sb, const char *s, size_t len);
/* As tsig_json_escape, cut after max code points with "…" inside the
 * quotes (a lone surrogate counts as one). */
void tsig_json_escape_cut(tsig_strbuf *sb, const char *s, size_t len,
                          size_t max);
/* As tsig_json_escape_cut, written into buf (at most size bytes, NUL
 * included, never ending inside a UTF-8 sequence) without allocating:
 * for messages of a tsig_error. */
void tsig_quote_cut(const char *s, size_t len, size_t max, char *buf,
                    size_t size);
/* Appends s[0..len) as text shown inside a message (a template's name),
 * unquoted and with '"' and '\' as they are: controls escaped as
 * tsig_json_escape escapes them, DEL as \u007f, bytes that are not UTF-8
 * as U+FFFD; cut after max code points with "…". */
void tsig_text_escape_cut(tsig_strbuf *sb, const char *s, size_t len,
                          size_t max);
/* Code points of a value, key or name echoed in a message before it is
 * cut with "…" (SPEC §4, echoed values). */
#define TSIG_ECHO_MAX 40
/* Appends a string's content, given as read (raw, escapes when escaped),
 * as a quoted JSON string cut after max code points with "…" inside the
 * quotes: the echo of SPEC §4. */
void tsig_json_echo(tsig_strbuf *sb, const char *raw, size_t len, int escaped,
                    size_t max);

/* One step of a path. key is NULL for an index; otherwise key[0..len) is a
 * key as written in JSON (escaped: it holds escapes) or a plain name. */
typedef struct tsig_json_seg {
    const char *key;
    size_t len;
    size_t index;
    int escaped;
} tsig_json_seg;

/* A stack of steps; holds 32 without allocating. Not movable once
 * initialized. */
typedef struct tsig_json_path {
    tsig_json_seg *segs;
    size_t count;
    size_t cap;
    tsig_json_seg small[32];
} tsig_json_path;

void tsig_json_path_init(tsig_json_path *p);
/* Pushes the step index 0. Returns 0 when out of memory. */
int tsig_json_path_push(tsig_json_path *p);
void tsig_json_path_release(tsig_json_path *p);
/* Appends the path string of segs[0..count): "results[0].customer.id",
 * rows[2]["first name"]; "" for no step. */
void tsig_json_path_format(tsig_strbuf *sb, const tsig_json_seg *segs,
                           size_t count);

/* The keys of the objects being read, to find repeated keys. Objects nest:
 * each has a frame, begun and ended in stack order. Keys are compared
 * after unescaping and, when normalized, after '-' -> '_'. A frame scans
 * its keys while they are few and indexes them in a hash table beyond. */
typedef struct tsig_json_key {
    size_t off;       /* in src when in_src, else in bytes */
    size_t len;
    int in_src;
} tsig_json_key;

typedef struct tsig_json_keys {
    const char *src;
    int normalized;
    tsig_json_key *items;
    size_t count, cap;
    char *bytes;      /* unescaped copies of keys that hold escapes */
    size_t bytes_len, bytes_cap;
    char *tmp;        /* the key being looked up, unescaped */
    size_t tmp_cap;
} tsig_json_keys;

typedef struct tsig_json_keyframe {
    size_t start;
    size_t bytes_start;
    int indexed;      /* table is begun (beyond a few keys) */
    tsig_table table; /* item indexes */
} tsig_json_keyframe;

/* Begins the frame of a newly opened object. (A tsig_json_keys is zeroed,
 * then given src and normalized, before its first frame.) */
void tsig_json_keys_begin(tsig_json_keys *k, tsig_json_keyframe *f);
/* The unescaped bytes of a key read in the text (raw = src + span->start):
 * plain keys are returned in place, escaped ones decoded into k->tmp.
 * NULL when out of memory. */
const char *tsig_json_key_text(tsig_json_keys *k, const tsig_json_span *key,
                               size_t *len);
/* Adds key[0..len) (from tsig_json_key_text; in_src when it points into
 * src) to the frame. *found gets (size_t)-1 when it is new, else the index
 * of the equal key already there (and nothing is added). 0 when out of
 * memory. */
int tsig_json_keys_add(tsig_json_keys *k, tsig_json_keyframe *f,
                       const char *key, size_t len, int in_src,
                       size_t *found);
/* The bytes of entry i. */
const char *tsig_json_keys_at(const tsig_json_keys *k, size_t i, size_t *len);
void tsig_json_keys_end(tsig_json_keys *k, tsig_json_keyframe *f);
void tsig_json_keys_release(tsig_json_keys *k);

/* tsig_json_walker flags */
#define TSIG_WALK_KEYS 1u      /* report repeated keys to on_duplicate */
/* write strings and keys minimally escaped ('"', '\\', controls: the
 * canonical JSON of SPEC §11.2), not as written */
#define TSIG_WALK_CANONICAL 2u

/* What becomes of a member in a rewrite, by its key. */
typedef enum tsig_member_fate {
    TSIG_MEMBER_KEEP, /* key (as the rule writes it) and value */
    TSIG_MEMBER_DROP, /* left out; its value is still read and checked */
    TSIG_MEMBER_MASK  /* key, then the rule's mask instead of the value */
} tsig_member_fate;

/*
 * A rewrite's rule for object members, owned by the stage that rewrites
 * (keys.c normalizes, firewall.c hides); the walker only reads.
 */
typedef struct tsig_json_key_rule {
    /* Keys are compared after '-' -> '_': two that differ only so are a
     * collision (TSIG_ERR_KEY_COLLISION), not two members. */
    int normalize;
    /* NULL: every member is kept. Else its fate by its key (decoded). */
    tsig_member_fate (*fate)(const char *key, size_t len);
    /* NULL: keys are written as read. Else writes a kept key, quotes
     * included: raw[0..raw_len) as read (escaped: it holds escapes) and
     * text[0..len) decoded, writable (valid only when escaped). */
    void (*write_key)(tsig_strbuf *out, const char *raw, size_t raw_len, int escaped,
                      char *text, size_t len);
    const char *mask; /* the JSON written for a masked member's value */
} tsig_json_key_rule;

typedef struct tsig_json_frame tsig_json_frame;

/*
 * Reads one whole value iteratively (nesting costs no C stack), keeping
 * path up to date (one step per open array or object), and writes it as
 * compact JSON to out when out is not NULL. With TSIG_WALK_KEYS every key
 * equal to an earlier key of its object is given to on_duplicate: first is
 * the index of the earlier key in keys, key/len the new key (unescaped),
 * offset where its text starts; the last step of path is the new key.
 * on_duplicate returns 1 to go on, 0 to stop (it then sets j->code).
 */
typedef struct tsig_json_walker {
    tsig_json *j;
    tsig_json_path *path;
    tsig_json_keys *keys;
    tsig_strbuf *out;
    unsigned flags;
    const tsig_json_key_rule *rule; /* NULL: members kept, keys as read */
    int (*on_duplicate)(void *ctx, size_t first, const char *key, size_t len,
                        size_t offset);
    /* NULL, or told of each value as the walk reads it (a tree is built
     * so): TSIG_WALK_OPEN at an array's or object's bracket (at), once
     * its frame is open; TSIG_WALK_KEY a member's key (at: its opening
     * quote, s its content), once checked against the object's others;
     * TSIG_WALK_SCALAR a scalar read (at: its first byte, j->pos after it;
     * s its content, for a string or number); TSIG_WALK_CLOSE (at: after
     * the bracket). 1 to go on, 0 to stop (it then sets j->code). */
    int (*on_value)(void *ctx, int event, size_t at, const tsig_json_span *s);
    void *ctx;
    tsig_json_frame *frames;
    size_t frame_cap;
} tsig_json_walker;

enum { TSIG_WALK_OPEN, TSIG_WALK_KEY, TSIG_WALK_SCALAR, TSIG_WALK_CLOSE };

/* At the first byte of a value: reads it. 1, or 0 when j->code is set. */
int tsig_json_walk(tsig_json_walker *w);
void tsig_json_walker_release(tsig_json_walker *w);

/* A walk of a text of its own: its reader, path, key sets and walker, made
 * by tsig_json_walking_begin over json[0..len) (nesting up to max_depth,
 * errors into *err) with the walker's j, path and keys set and nothing
 * else (the caller sets flags, out, rule and hooks), and released by
 * tsig_json_walking_release. The walker points into it: it stays where
 * it was begun. */
typedef struct tsig_json_walking {
    tsig_json j;
    tsig_json_path path;
    tsig_json_keys keys;
    tsig_json_walker w;
} tsig_json_walking;
void tsig_json_walking_begin(tsig_json_walking *k, const char *json, size_t len,
                             size_t max_depth, tsig_error *err);
void tsig_json_walking_release(tsig_json_walking *k);

/*
 * Reads a whole JSON text with the walker (repeated keys are always
 * checked, nesting is bounded by TSIG_DEFAULT_MAX_DEPTH) and writes it back
 * as compact JSON, members as rule says: the one pass of normalize_keys
 * (keys.c) and redact (firewall.c). On success *out (freed with tsig_free)
 * and *out_len (may be NULL); otherwise *out is NULL and *err (may be
 * NULL) says why: TSIG_ERR_JSON (bad text, or "duplicate key \"k\"" with
 * " at <path>" when nested), TSIG_ERR_TOO_DEEP, TSIG_ERR_KEY_COLLISION
 * (normalizing: "keys \"a-b\" and \"a_b\" both normalize to \"a_b\""),
 * TSIG_ERR_TOO_LARGE, TSIG_ERR_ARGUMENT, TSIG_ERR_NOMEM.
 */
tsig_code tsig_json_rewrite(const char *json, size_t len, const tsig_json_key_rule *rule,
                            char **out, size_t *out_len, tsig_error *err);

/* firewall.c: a member's fate when firewalled members are stripped (by
 * its key, decoded): left out when tsig_name_firewalled, else kept. Redact
 * and template rendering's JSON (tsig_json_tree_write) leave out the same
 * members. */
tsig_member_fate tsig_firewall_strip(const char *key, size_t len);

/* At a value of text read before (so valid): reads it whole, checking
 * nothing more and allocating nothing. 1 (0 only on text not read
 * before). */
int tsig_json_skip(tsig_json *j);

#define TSIG_JSON_NONE ((size_t)-1)
/* In src[0..len), read before (so valid), the object at at: where the value
 * of its first member whose key (unescaped; after '-' -> '_' on both sides
 * when norm) is key[0..key_len) starts, or TSIG_JSON_NONE (also when at is
 * not an object; *nomem is set when out of memory). */
size_t tsig_json_member(const char *src, size_t len, size_t at, const char *key,
                        size_t key_len, int norm, int *nomem);

/* ---- json.c: trees ------------------------------------------------------
 *
 * Where a stage needs a tree (JSON Schema import, lists of tools, template
 * arguments, the documents of the C API), json.c's reader builds one in
 * the same pass that checks the text: cJSON never parses. Its nodes are
 * cJSON's, allocated as cJSON allocates them (so cJSON_Delete frees them).
 *
 *   string  valuestring: the decoded bytes, NUL-terminated; valueint: their
 *           length (a string may hold NUL bytes)
 *   number  valuestring: the number as written; valueint: 1 for an int
 *           (no ".", "e", "E"), 0 for a float; valuedouble: the nearest double
 *   key     string: the decoded key in key form, a C string: a NUL byte is
 *           held as the two bytes TSIG_TREE_KEY_NUL (no UTF-8 text holds
 *           C0, so two keys stay two and none passes for a shorter one);
 *           tsig_json_tree_key_bytes gives the key's own bytes back
 *           (repeated keys are found on the exact bytes first)
 * Everything is freed with cJSON_Delete.
 */

struct cJSON;

/* A NUL byte in a key of a tree (C0 80, as modified UTF-8 writes it). */
#define TSIG_TREE_KEY_NUL "\xC0\x80"

/* The bytes of key[0..len), a key in key form (see above), written to out
 * (room for len bytes: they are never more); returns their count. */
size_t tsig_json_tree_key_bytes(const char *key, size_t len, char *out);

/* Unpaired surrogates ("\ud800") in strings and keys read as U+FFFD, so
 * that every string is UTF-8 (no verdict on names or keywords changes:
 * none holds one). */
#define TSIG_TREE_NO_SURROGATES 1u

/* Strings and keys as written between their quotes, escapes kept (JSON
 * text holds no NUL byte, so each is a C string); a string's valueint is 1
 * when it holds an escape. For a stage that writes the text back as it
 * came (template values) and decodes only what it reads
 * (tsig_json_unescape). Repeated keys are still found on the decoded keys. */
#define TSIG_TREE_AS_WRITTEN 2u

/* Each node keeps where it was read (tsig_json_tree_span): for a stage
 * that reports problems at their place in the text (schema import, lists
 * of tools) without reading the text again. The span lives in the node's
 * own allocation, right after cJSON's fields: no table, no lookup, and
 * nothing at all for a tree read without this flag. */
#define TSIG_TREE_SPANS 4u

/* Where a value of a tree read with TSIG_TREE_SPANS was, in the text it
 * was read from: offsets into that text. */
typedef struct tsig_tree_span {
    size_t key;   /* a member's key: its opening quote; TSIG_JSON_NONE for
                     an element of an array or the root */
    size_t start; /* the value's first byte */
    size_t end;   /* one past its last */
} tsig_tree_span;

typedef struct tsig_json_tree_options {
    size_t max_depth;  /* 0: TSIG_DEFAULT_MAX_DEPTH */
    unsigned flags;
    /* NULL, or the caller's wording of what a syntax error expected. */
    const char *(*reword)(const char *expected);
    /* NULL: a repeated key is the error "JSON error at L:C: duplicate key
     * \"k\"" (TSIG_ERR_JSON) at the key. Otherwise given each repeated
     * key (unescaped; offset: its opening quote; the last step of path is
     * it): 1 goes on (the member is kept), 0 stops once j->code is set. */
    int (*on_duplicate)(void *ctx, tsig_json *j, const tsig_json_path *path,
                        const char *key, size_t len, size_t offset);
    void *ctx;
} tsig_json_tree_options;

/* The tree of the JSON text json[0..len) (a byte-order mark skipped), or
 * NULL with *err set: TSIG_ERR_JSON, TSIG_ERR_TOO_DEEP, TSIG_ERR_NOMEM. o
 * may be NULL (the defaults). */
struct cJSON *tsig_json_tree(const char *json, size_t len,
                             const tsig_json_tree_options *o, tsig_error *err);

/* The span of node, a node of a tree read with TSIG_TREE_SPANS (for a
 * node of any other tree the answer is undefined): O(1), read from the
 * node's own allocation. Valid while the node is. */
const tsig_tree_span *tsig_json_tree_span(const struct cJSON *node);

/* Appends the tree v, read with flags (TSIG_TREE_AS_WRITTEN or not), as
 * compact JSON: numbers as written; strings and keys decoded written
 * minimally escaped ('"', '\\', controls: the canonical JSON of SPEC
 * §11.2), as written copied between their quotes; a member whose fate
 * (NULL: every member kept) by its key, decoded, is TSIG_MEMBER_DROP left
 * out. Iterative: nesting costs no C stack. Sets sb->failed when out of
 * memory. The walker (tsig_json_walk) is its counterpart for text. */
void tsig_json_tree_write(tsig_strbuf *sb, const struct cJSON *v, unsigned flags,
                          tsig_member_fate (*fate)(const char *key, size_t len));

/* ---- tools.c: lists of tools, and reading text read before ------------- */

/*
 * Reads one tool, the JSON text text/len, once (tsig_import_read), then
 * from the tree: its signature (as tsig_tool_from_json, flags:
 * TSIG_SCHEMA_LOSSY; its warnings into *warnings), its "name", which MCP
 * requires and which must be a string, and its "description" when that is
 * a string. tsig_api_tool_from_json's reader; tsig_tools_from_json reads
 * each tool of its list the same way from the list's tree. Returns 1 with
 * *tool filled (index 0; released with tsig_tool_release, its warnings
 * with tsig_messages_free(warnings)), or 0 with *tool and *warnings empty,
 * *err positioned in text and *code (may be NULL) the failure's issue
 * code: tsig_tool_from_json's error (TSIG_ISSUE_SCHEMA, or
 * TSIG_ISSUE_TOO_DEEP for TSIG_ERR_TOO_DEEP), a tool without a name
 * (TSIG_ERR_SCHEMA "#: expected a string \"name\", found none" at the
 * object, TSIG_ISSUE_MISSING) or with one that is no string
 * (TSIG_ERR_SCHEMA "#/name: expected a string, found a number" at the
 * name, TSIG_ISSUE_TYPE), or TSIG_ERR_NOMEM.
 */
int tsig_tool_read(const char *text, size_t len, unsigned flags, tsig_tool *tool,
                   tsig_messages *warnings, tsig_error *err, tsig_issue_code *code);
/* Frees what a tool of tsig_tool_read owns (name, description, signature
 * text, signature) and empties it. */
void tsig_tool_release(tsig_tool *tool);

/* In JSON text json/len read before (so valid): where its value starts
 * (after a byte-order mark and whitespace). */
size_t tsig_json_value_start(const char *json, size_t len);

/* ---- inclusion.c ---------------------------------------------------------- */

/* tsig_includes over two types: every value of a a value of b, the
 * values of each judged in strict mode when its flag is set, else enabled
 * (a diff judges what a tool returns as it declares it, strictly, and what
 * a client reads as enabled mode reads it). As tsig_includes. */
tsig_code tsig_type_includes(const tsig_type *a, const tsig_type *b, int a_strict,
                             int b_strict, tsig_inclusion *out);

/* ---- validate.c (for the other stages) ---------------------------------- */

/* Validates JSON text against one type as an output is validated (no
 * coercion), with opts as tsig_validate_json: how the parser checks a
 * default. Always fills *out (released with tsig_result_free). */
tsig_code tsig_validate_type_json(const tsig_type *type, const char *json,
                                  size_t len, const tsig_validate_options *opts,
                                  tsig_result *out);

/* The nesting limit options ask for (0: the default), at most
 * TSIG_MAX_DEPTH_LIMIT. */
size_t tsig_depth_limit(const tsig_validate_options *o);

/* A value of a text known to validate against type as it stands, with no
 * message and no change (input: as validate_input reads it): a stream
 * learns it as each element of a list is whole, and the validation of the
 * whole text then steps over it instead of reading it again. */
typedef struct tsig_known {
    size_t start, end; /* the bytes of count elements of one list in a row */
    size_t count;
    const tsig_type *type; /* of each */
    int input;
    int value; /* a record member's value (count 1), not list elements */
} tsig_known;

/* tsig_validate_json (input 0) or tsig_validate_input_json's reading of
 * root with known[0..count) (sorted by start, not overlapping): the
 * elements of a list found at a known run's start, of its type, are
 * stepped over (pass 1 only: a value written is read). The result is the
 * one of the text read whole. */
tsig_code tsig_validate_with_known(const tsig_type *root, int input, const char *json,
                                   size_t len, const tsig_validate_options *opts,
                                   const tsig_known *known, size_t count, tsig_result *out);

/* Moves the positions of r, found in a text with parts left out, to the
 * whole text's: each offset o becomes at(ctx, o) (a span's end likewise),
 * and a JSON error's line and column (its message says them) are
 * line_col(ctx, o, ...). 0 when out of memory (r is then as it was but
 * for its offsets). */
int tsig_result_move(tsig_result *r, size_t (*at)(const void *ctx, size_t o),
                     void (*line_col)(const void *ctx, size_t o, size_t *line, size_t *column),
                     const void *ctx);

/* Error i of r says message[0..len) instead (copied into r's arena). 0
 * when out of memory or r has no error i (r is then as it was). */
int tsig_result_set_message(tsig_result *r, size_t i, const char *message, size_t len);

/* How many list elements a stream's validator read as they became whole
 * (the elements of its tsig_known runs): the ones the validation of the
 * whole text steps over. */
size_t tsig_stream_known_elements(const tsig_stream *s);
/* The bytes of text a stream keeps (TSIG_CALLER_KEEPS_TEXT: what it did
 * not drop). */
size_t tsig_stream_kept(const tsig_stream *s);
/* What the boundary (api.c) asks a stream: 1 when it judged a result
 * since the last time this was asked (or since it began); 1 when its
 * partial value is the text pushed (a whole value, not repaired, only
 * whitespace after it); 1 when it drops the text it validated
 * (TSIG_CALLER_KEEPS_TEXT without repair): its partial value is then a
 * cut of the caller's text (tsig_stream_partial_cut). */
int tsig_stream_judged_anew(tsig_stream *s);
int tsig_stream_partial_is_text(const tsig_stream *s);
int tsig_stream_drops_text(const tsig_stream *s);

/* ---- coerce.c: the lenient input coercions of SPEC §5 -----------------
 * Each takes a value's text and, when the coercion applies, returns 1 and
 * appends the coerced JSON to out (when out is not NULL); 0 otherwise. */

/* A string (unescaped) of an integer, "-?[0-9]+" with ASCII whitespace
 * around: the int, without leading zeros. */
int tsig_coerce_string_to_int(const char *s, size_t len, tsig_strbuf *out);
/* A string of a JSON number (whitespace around) that is a finite double:
 * the shortest float text that reads back as the same double ("42.0"). */
int tsig_coerce_string_to_float(const char *s, size_t len, tsig_strbuf *out);
/* "true" / "false" exactly. */
int tsig_coerce_string_to_bool(const char *s, size_t len, tsig_strbuf *out);
/* A float's text whose exact decimal value is a whole number of at most
 * 21 digits ("4.20e1"; |v| < 10^21): that integer, every digit. */
int tsig_coerce_float_to_int(const char *num, size_t len, tsig_strbuf *out);
/* An int's text as a float: the same digits with ".0". Always applies. */
int tsig_coerce_int_to_float(const char *num, size_t len, tsig_strbuf *out);

/* SPEC §11.4. A string (unescaped) that holds one JSON number, ASCII
 * whitespace around, whose nearest double is finite: 1, with the number's
 * text at s[*start..*end); 0 otherwise. */
int tsig_coerce_number_text(const char *s, size_t len, size_t *start, size_t *end);
/* 1 iff a and b are equal ignoring the case of ASCII letters. */
int tsig_coerce_ascii_case_equal(const char *a, size_t alen, const char *b, size_t blen);
/* 1 iff the trimmed string s[0..len) is one JSON value that opens with
 * open ('[' or '{'), with no repeated key and nesting at most max_depth (no
 * byte-order mark); 0 otherwise; -1 when out of memory. */
int tsig_coerce_json_text(const char *s, size_t len, size_t max_depth, char open);

/* ---- decimal.c: exact decimal <-> double, without libc --------------- */

/* Most digits tsig_double_digits writes (the shortest form of any double). */
#define TSIG_DOUBLE_DIGITS 17

/* The double nearest the JSON number s[0..len) (RFC 8259 grammar, checked
 * by the caller), ties to even; infinity beyond the largest double. */
double tsig_decimal_to_double(const char *s, size_t len);
/* The shortest digits that read back as v (finite; its sign is ignored),
 * the closest to v when several are as short (JavaScript's choice): writes
 * them to digits, returns how many, and sets *point so that |v| is
 * 0.DIGITS x 10^point. Zero is "0" with point 1. */
size_t tsig_double_digits(double v, char digits[TSIG_DOUBLE_DIGITS], int *point);

/* {low, high} of the 128-bit mantissa of 10^q, floor(10^q x 2^s) in
 * [2^127, 2^128), for -348 <= q <= 347 (decimal_pow10.h). */
void tsig_pow10_mantissa(int q, uint64_t m[2]);
/* Compares two JSON numbers (RFC 8259 lexemes, checked by the caller) by
 * exact decimal value: -1, 0 or 1 ("1e2" equals "100", "-0" equals "0"),
 * exponents of any length included, at a cost in proportion to the text. */
int tsig_decimal_compare(const char *a, size_t alen, const char *b, size_t blen);
/* Appends a text of the exact decimal value of the JSON number s[0..len)
 * (an RFC 8259 lexeme, checked by the caller): two numbers get the same
 * text exactly when tsig_decimal_compare finds them equal ("1e2", "100"
 * and "100.0" all give "1e3"; "-0" gives "0"), whatever the length of the
 * exponent. For keys of hash tables. */
void tsig_decimal_key(tsig_strbuf *sb, const char *s, size_t len);
/* 1 when no integer n has lo < n (lo <= n unless lo_exclusive) and n < hi
 * (n <= hi unless hi_exclusive), for JSON numbers lo and hi: exactly, at a
 * cost in proportion to the text. */
int tsig_decimal_no_integer(const char *lo, size_t lo_len, int lo_exclusive, const char *hi,
                            size_t hi_len, int hi_exclusive);
/* strtod for NUL-terminated text of digits, signs, '.' and 'e'/'E' only
 * (what cJSON hands it): the same prefix read, the same value. */
double tsig_strtod(const char *s, char **end);

/* ---- the type tree (parse.c builds it; type.c says what each kind is) --
 *
 * A node is one type. Beside its kind it carries what SPEC §11 adds:
 * refinement bounds (on :int, :float, :string and lists), enum values,
 * union members and the typed extra entries "* T" of a map. Fields carry
 * their default (as canonical compact JSON) and description. Everything
 * lives in the signature's arena.
 */

/* A field of a typed map, or a parameter. */
typedef struct tsig_field {
    const char *name;  /* as written, NUL-terminated, in the arena */
    size_t name_len;
    const char *norm;  /* name with "-" -> "_", NUL-terminated */
    const tsig_type *type;
    size_t offset;     /* byte offset of the name in the source */
    int firewalled;    /* tsig_name_firewalled(name) */
    /* "= value": canonical compact JSON (numbers as written, strings
     * minimally escaped, keys in data order); NULL when there is none. */
    const char *default_json;
    size_t default_len;
    size_t default_offset; /* where the value starts in the source */
    /* The description, decoded (UTF-8, a lone escaped surrogate in its
     * three-byte form); NULL when there is none ("" is one). */
    const char *description;
    size_t description_len;
} tsig_field;

/* The kind of an enum value, by its JSON form. */
typedef enum tsig_value_kind {
    TSIG_VALUE_STRING = 0,
    TSIG_VALUE_INT = 1,   /* a number whose text has no ".", "e", "E" */
    TSIG_VALUE_FLOAT = 2,
    TSIG_VALUE_BOOL = 3
} tsig_value_kind;

/* One value of an enum: a string's decoded bytes, a number's lexeme, or
 * "true" / "false". */
typedef struct tsig_enum_value {
    tsig_value_kind kind;
    const char *text;
    size_t len;
    size_t offset;     /* in the source */
} tsig_enum_value;

/* One end of a refinement: the bound's JSON number as written; num is NULL
 * when that end is open. */
typedef struct tsig_bound {
    const char *num;
    size_t len;
    int exclusive;     /* ">" / "<" rather than ">=" / "<=" */
} tsig_bound;

/* A value of an enum (member: its index in values) or of a discriminator
 * (member: the union member whose field holds it). */
typedef struct tsig_value_ref {
    const tsig_enum_value *value;
    size_t member;
} tsig_value_ref;

/* What validation looks up in an enum or a union, built with the node by
 * tsig_type_index_build (parse.c and schema_import.c, the only builders,
 * call it for every enum and union), so a lookup costs O(log n)
 * comparisons whatever the data, and nothing is computed per validation. */
typedef struct tsig_type_index {
    unsigned kinds;      /* bit k: a value of JSON kind k may be one */
    /* TSIG_ENUM: the values in value order (strings by bytes, then
     * numbers by exact value, then booleans); the string values in
     * ASCII-folded order (folded_count of them). */
    const tsig_value_ref *sorted;
    const tsig_value_ref *folded;
    size_t folded_count;
    /* TSIG_UNION: the members taking JSON kind k, in member order, are
     * takes[takes_at[k]..takes_at[k + 1]). */
    const size_t *takes;
    size_t takes_at[7];
    /* TSIG_UNION, discriminated (SPEC §11.3 rule 1): the discriminator in
     * each member (NULL: not discriminated); all their values (disc_count)
     * in value order and in ASCII-folded order, each with its member. */
    const tsig_field *const *disc;
    const tsig_value_ref *disc_sorted;
    const tsig_value_ref *disc_folded;
    size_t disc_count;
} tsig_type_index;

struct tsig_type {
    tsig_kind kind;
    const tsig_type *elem;    /* TSIG_LIST element, TSIG_OPTIONAL inner */
    const tsig_field *fields; /* TSIG_RECORD */
    size_t field_count;
    size_t offset;            /* byte offset in the source */
    const tsig_type *extra;   /* TSIG_RECORD: T of a "* T" entry, or NULL */
    const tsig_type *const *members; /* TSIG_UNION, two or more */
    size_t member_count;
    const tsig_enum_value *values;   /* TSIG_ENUM, one or more */
    size_t value_count;
    tsig_bound lower, upper;  /* refinement of :int :float :string [T] */
    const tsig_type_index *index; /* TSIG_ENUM, TSIG_UNION */
};

struct tsig_signature {
    tsig_arena arena;
    const tsig_field *params;
    size_t param_count;
    const tsig_type *returns;
};

/* What a JSON value is, by its first byte. */
typedef enum tsig_json_kind {
    TSIG_JSON_STRING = 0,
    TSIG_JSON_NUMBER = 1,
    TSIG_JSON_BOOL = 2,
    TSIG_JSON_NULL = 3,
    TSIG_JSON_OBJECT = 4,
    TSIG_JSON_ARRAY = 5
} tsig_json_kind;

/* Whether repair (SPEC §12.1, §13) is on for a call with these flags: on
 * by default for tool arguments (input), off for results. */
static inline int tsig_repair_asked(int input, unsigned flags)
{
    return input ? !(flags & TSIG_NO_REPAIR) : (flags & TSIG_REPAIR) != 0;
}

/* The table of src/checking/check_table.c: of the parameters (input) or
 * the return type of sig, appended to sb. */
void tsig_check_table(tsig_strbuf *sb, const tsig_signature *sig, int input);

/* Name of a kind as values and messages spell it: "string" ... "map",
 * "list" (a typed map is "map"), "optional", "enum", "union". */
const char *tsig_kind_name(tsig_kind kind);
/* 1 when a value of JSON kind jk can be a t (the union candidates of SPEC
 * §11.3: an enum takes the kinds of its values; an optional takes null and
 * its inner type's kinds). */
int tsig_type_takes(const tsig_type *t, tsig_json_kind jk);
/* The kind of the JSON value starting with byte c. */
tsig_json_kind tsig_json_kind_of(char c);
/* t without its optional wrapper (t itself when not optional); an
 * optional never wraps another (parse.c and schema_import.c build none). */
static inline const tsig_type *tsig_type_strip(const tsig_type *t)
{
    return t->kind == TSIG_OPTIONAL ? t->elem : t;
}
/* The list or typed map of t (NULL: none) a JSON container of kind jk is
 * followed into by a reader that follows the type as it reads (a stream's
 * walker, repair asking the type): t itself, an optional's inner type, or
 * NULL where the type says nothing of what is inside (:any, :map, a union,
 * a kind t does not take). */
static inline const tsig_type *tsig_type_container(const tsig_type *t, tsig_json_kind jk)
{
    if (!t) return NULL;
    t = tsig_type_strip(t);
    if (t->kind == TSIG_LIST && jk == TSIG_JSON_ARRAY) return t;
    if (t->kind == TSIG_RECORD && jk == TSIG_JSON_OBJECT) return t;
    return NULL;
}
/* 1 when t has a refinement. */
static inline int tsig_type_refined(const tsig_type *t)
{
    return t->lower.num != NULL || t->upper.num != NULL;
}

/* Appends <T> as messages name a type (SPEC §4, §11.3): the base's name
 * ("int", "map", "list"; a refined type is its base), an enum as "one of
 * a, b, c" (", …" after 10 values), a union as "A or B", "A, B or C"
 * (labels printed once each), an optional as its inner type. */
void tsig_type_label(tsig_strbuf *sb, const tsig_type *t);
/* Appends the refined expectation of SPEC §11.3: "int >= 1", "int in
 * 1..100", "float > 0 and <= 1", "string of length <= 50", "list of
 * length in 1..5". */
void tsig_bound_label(tsig_strbuf *sb, const tsig_type *t);
/* Appends an enum value in canonical form: a bare word when it is one
 * (and not true/false/null), else JSON; numbers as written. */
void tsig_enum_value_format(tsig_strbuf *sb, const tsig_enum_value *v);
/* Appends the key of the JSON scalar of kind vk with text s[0..len) (as
 * tsig_enum_value_equal takes it): two scalars get the same key exactly
 * when tsig_enum_value_equal finds them equal (a letter for strings,
 * numbers or booleans, then the bytes, or tsig_decimal_key). For hash
 * tables of values. */
void tsig_enum_value_key(tsig_strbuf *sb, tsig_value_kind vk, const char *s, size_t len);
/* 1 when v equals the JSON scalar of kind vk with text s[0..len) (a
 * string's decoded bytes, a number's lexeme, "true"/"false"): strings by
 * bytes, numbers by exact decimal value, booleans by value. */
int tsig_enum_value_equal(const tsig_enum_value *v, tsig_value_kind vk,
                          const char *s, size_t len);
/* 1 when the number num (a JSON number's lexeme) satisfies t's bounds. */
int tsig_bounds_hold_number(const tsig_type *t, const char *num, size_t len);
/* 1 when a count (string length in code points, list length) satisfies
 * t's bounds. */
int tsig_bounds_hold_count(const tsig_type *t, size_t count);
/* Builds t->index for an enum or a union whose values or members are
 * set (members complete): O(n log n) in its values, fields and members.
 * 0 when out of memory. */
int tsig_type_index_build(tsig_arena *arena, tsig_type *t);

/* Sorts base[0..n) (elements of size bytes) by cmp, in O(n log n) whatever
 * the order: qsort's contract, less code (type.c). */
void tsig_sort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *));
/* The entry of sorted[0..n) (in value order) equal to the JSON scalar
 * of kind vk with text s[0..len) as tsig_enum_value_equal judges, or NULL. */
const tsig_value_ref *tsig_value_find(const tsig_value_ref *sorted, size_t n,
                                      tsig_value_kind vk, const char *s, size_t len);
/* How many entries of folded[0..n) (string values in ASCII-folded order)
 * equal s[0..len) ignoring ASCII case: 0, 1, or 2 for two or more; *first
 * the first of them. */
size_t tsig_value_find_folded(const tsig_value_ref *folded, size_t n, const char *s,
                              size_t len, const tsig_value_ref **first);
/* 1 when no value satisfies both of t's bounds: over integers for :int
 * and lengths, over exact decimals for :float (an empty range). */
int tsig_bounds_empty(const tsig_type *t);
/* 1 when s[0..len) is a bare enum word (SPEC §11.1 word): an identifier
 * (names.c) that may also hold ".", "/" and "+". */
int tsig_is_enum_word(const char *s, size_t len);

/* The first of fields[0..count) whose name matches name[0..len) (after
 * '-' -> '_', names.c), looked for from fields[from] on, then from the
 * start (from <= count); NULL when none. */
const tsig_field *tsig_field_named(const tsig_field *fields, size_t count, const char *name,
                                   size_t len, size_t from);
/* Records of up to this many fields are searched field by field
 * (tsig_field_named); bigger ones through an index (tsig_field_find), so
 * keys in any order cost the same. */
#define TSIG_FIELDS_SCAN_MAX 16

/* The field of a record a key names (equal after '-' -> '_'), for every
 * reader that looks fields up by key: the validator, and the type cursor
 * of streams and of the reading by the type. A finder keeps the index of
 * each big record it was asked about (a hash table of its fields, built
 * the first time), for the lookups of its owner's life (a validation, a
 * stream); zeroed, it is empty. */
typedef struct tsig_field_finder {
    struct tsig_field_index *indexes;
    size_t count, cap;
    tsig_table of; /* the indexes by record (key_of NULL: none yet) */
} tsig_field_finder;
/* tsig_field_find for a record of more than TSIG_FIELDS_SCAN_MAX fields. */
size_t tsig_field_find_indexed(tsig_field_finder *ff, const tsig_type *t, const char *key,
                               size_t len, size_t hint);
/* The index of the field of record t that key[0..len) names, trying hint
 * first; t->field_count when none; (size_t)-1 when out of memory. Inline:
 * a small record's lookup is on the hot path of streams. */
static inline size_t tsig_field_find(tsig_field_finder *ff, const tsig_type *t, const char *key,
                                     size_t len, size_t hint)
{
    size_t n = t->field_count;
    if (n > TSIG_FIELDS_SCAN_MAX) return tsig_field_find_indexed(ff, t, key, len, hint);
    const tsig_field *f = tsig_field_named(t->fields, n, key, len, hint < n ? hint : n);
    return f ? (size_t)(f - t->fields) : n;
}
void tsig_field_finder_release(tsig_field_finder *ff);

/* The line (and blank line) above the tools of a prompt (prompt.c). */
#define TSIG_TOOLS_HEADER "## Tools you can call\n\n"

/* ---- schema_import.c: importing from a tree ----------------------------
 *
 * A schema or a tool is read once into a tree with spans; conversion reads
 * only the tree, and a problem's position is its node's span. A list of
 * tools (tools.c) reads its text once and converts each tool from its
 * subtree.
 */

struct cJSON;

/* Reads json/len as the importer reads every text, after starting *err
 * and *warnings (may be NULL) empty and checking the arguments as the
 * public functions do (flags: TSIG_SCHEMA_*): a tree with TSIG_TREE_SPANS
 * | TSIG_TREE_NO_SURROGATES (freed with cJSON_Delete), syntax errors
 * worded for schema authors, the first repeated key an error at its second
 * spelling (after the whole text is read, so a syntax error anywhere comes
 * first). NULL with *err set: TSIG_ERR_ARGUMENT, TSIG_ERR_TOO_LARGE,
 * TSIG_ERR_JSON, TSIG_ERR_TOO_DEEP, TSIG_ERR_NOMEM. */
struct cJSON *tsig_import_read(const char *json, size_t len, unsigned flags,
                               tsig_messages *warnings, tsig_error *err);

/* tsig_tool_from_json for the tool object tool, a node of a tree read from
 * text with TSIG_TREE_SPANS | TSIG_TREE_NO_SURROGATES (tsig_import_read, or
 * a larger tree read with them). Errors are positioned in text[base, base +
 * len), the tool's own text (or the whole text), whose length also sets the
 * budget. err is not NULL. The tree is only read. */
tsig_signature *tsig_tool_from_tree(const struct cJSON *tool, const char *text, size_t base,
                                    size_t len, unsigned flags, tsig_messages *warnings,
                                    tsig_error *err);

/* The object of tool that holds its name, description and schemas:
 * OpenAI's {"type": "function", "function": {...}} holds them in
 * "function"; MCP's and Anthropic's tools are their own. */
const struct cJSON *tsig_tool_body(const struct cJSON *tool);

/* ---- schema_import.c: what one import did (for tests) ------------------ */

/* nodes: counted against the budget (see BUDGET_PER_BYTE in
 * schema_import.c), budget: the most the text allowed; compared: pairs of
 * enum values or union members compared in full (their keys matched);
 * scanned: members of containers compared one by one to resolve $refs. */
typedef struct tsig_import_work {
    size_t nodes, budget, compared, scanned;
} tsig_import_work;

/* tsig_from_json_schema, or tsig_tool_from_json when tool is set, that
 * also fills *work (when not NULL), whether it succeeds or not. */
tsig_signature *tsig_import_measured(const char *json, size_t len, unsigned flags, int tool,
                                     tsig_messages *warnings, tsig_error *err,
                                     tsig_import_work *work);

/* ---- coerce.c: per-value rules ------------------------------------------
 *
 * What one scalar is worth against a scalar type, from its text alone:
 * accepted as it is, coerced (the new JSON text appended to out when out
 * is not NULL), or rejected with the issue code to report. The validator's
 * traversal (validate.c) reads the value, asks, and writes the message;
 * streaming (stream.c) asks the same questions of a value still arriving.
 * Bounds of refinements are type.c's: tsig_bounds_hold_number and
 * tsig_bounds_hold_count (TSIG_ISSUE_RANGE, TSIG_ISSUE_LENGTH).
 */

typedef enum tsig_verdict {
    TSIG_VALUE_REJECT = 0,  /* not a value of the type (*code says why) */
    TSIG_VALUE_ACCEPT = 1,  /* a value of the type, as written */
    TSIG_VALUE_COERCE = 2,  /* becomes out's text; warned of (TSIG_ISSUE_COERCED) */
    TSIG_VALUE_CONVERT = 3  /* becomes out's text silently: an int where :float is
                               declared, written as a float */
} tsig_verdict;

/* tsig_value_number flags */
#define TSIG_RULE_INPUT 1u   /* validate_input: the coercions of SPEC §5 apply */
#define TSIG_RULE_DOUBLES 2u /* TSIG_NUMBERS_ARE_DOUBLES: an int is a float as written */

/* The bytes a keyword holds besides ASCII letters and digits (SPEC §3). */
#define TSIG_KEYWORD_PUNCT "+-*<>=?!_"
/* SPEC §3: ^[A-Za-z0-9+\-*<>=?!_]+$ (TSIG_KEYWORD_PUNCT) */
int tsig_is_keyword(const char *s, size_t len);
/* SPEC §3: an RFC 3339 date-time with an offset, checked against the
 * calendar. */
int tsig_is_datetime(const char *s, size_t len);

/* A string (decoded text) for a :keyword, :datetime, or (input only) an
 * :int, :float or :bool it may be coerced to (SPEC §5). Rejected: *code is
 * TSIG_ISSUE_TYPE. */
tsig_verdict tsig_value_string(const tsig_type *t, int input, const char *text, size_t len,
                               tsig_strbuf *out, tsig_issue_code *code);
/* A JSON number (its lexeme; is_int: no ".", "e", "E") for an :int or
 * :float: an int takes both (CONVERT for :float in input, unless DOUBLES);
 * a float takes :float, and :int in input when its value is whole (COERCE).
 * Bounds are not looked at. Rejected: *code is TSIG_ISSUE_TYPE. */
tsig_verdict tsig_value_number(const tsig_type *t, unsigned flags, const char *num, size_t len,
                               int is_int, tsig_strbuf *out, tsig_issue_code *code);
/* A scalar (kind vk, text as tsig_enum_value_equal takes it) for an enum
 * (SPEC §11.3, §11.4): one of its values (ACCEPT); in input, a string equal
 * ignoring ASCII case to exactly one string value, else a numeric or
 * boolean string equal to a value (COERCE, *to set: the enum's own text
 * is what to write); otherwise rejected with TSIG_ISSUE_TYPE. */
tsig_verdict tsig_value_enum(const tsig_type *t, int input, tsig_value_kind vk,
                             const char *text, size_t len, const tsig_enum_value **to,
                             tsig_issue_code *code);
/* 1 iff the string text[0..len) (decoded, the start of a string still
 * arriving) can still become a value enum t takes: a prefix of one of its
 * string values (ignoring ASCII case in input), or, in input, of a string
 * that tsig_value_enum would coerce (any text that may become a number or
 * a boolean). O(log values) comparisons, in the enum's index. */
int tsig_enum_string_prefix(const tsig_type *t, int input, const char *text, size_t len);
/* ---- the validator fed in chunks (validate_feed.c; SPEC §12.2) ----------
 * A stream's text is read as it arrives by the push reader of JSON syntax
 * (json.c), whose steps the validator follows: the type of each open
 * container (the type cursor below), the elements of lists of a known type
 * validated by the validator as they become whole (runs of tsig_known,
 * which the validation of the whole text steps over), and a value that is
 * wrong for certain before the text is whole suspected as it is read and
 * judged by the validator on the text so far (the messages are the
 * one-shot ones). The stream (stream.c) holds one, and keeps the chunks,
 * its state, result and partial value. */

/* The type at each point of a text read step by step (the push reader's
 * steps): per open container its record or list and the type of its next
 * value. Followed by the validator fed in chunks and by the reading by the
 * type (read_type.c). */
typedef struct tsig_type_frame {
    const tsig_type *t;     /* the record or list open here, or NULL */
    const tsig_type *child; /* the type of its next value, or NULL */
    size_t next;            /* a record: the field after the last one named */
    uint64_t named;         /* a record: its first 64 fields named so far */
} tsig_type_frame;

typedef struct tsig_type_cursor {
    const tsig_type *root;  /* the type of the value (NULL: not known) */
    tsig_type_frame *frames;
    size_t cap;
    tsig_field_finder fields; /* big records' fields by key */
} tsig_type_cursor;

/* The type of the value that starts at depth d (NULL: not known). */
static inline const tsig_type *tsig_cursor_want(const tsig_type_cursor *c, size_t d)
{
    return d == 0 ? c->root : d <= c->cap ? c->frames[d - 1].child : NULL;
}
/* Makes room for frame d. 0 when out of memory. */
int tsig_cursor_grow(tsig_type_cursor *c, size_t d);
/* A container of JSON kind jk opens at depth d where want was expected:
 * frame d is its (its list or record, NULL when the type says nothing of
 * what is inside). 0 when out of memory: then nothing inside it is known. */
static inline int tsig_cursor_open(tsig_type_cursor *c, size_t d, const tsig_type *want,
                                   tsig_json_kind jk)
{
    if (d >= c->cap && !tsig_cursor_grow(c, d)) return 0;
    tsig_type_frame *f = &c->frames[d];
    f->t = tsig_type_container(want, jk);
    f->child = f->t && f->t->kind == TSIG_LIST ? f->t->elem : NULL;
    f->next = 0;
    f->named = 0;
    return 1;
}
/* The key key[0..len) of the map open at depth d - 1 (d >= 1) was read:
 * the type of its value (the frame's child) is the type of the field it
 * names (tsig_field_find, as the validator finds it), or the record's
 * extra type; not known (NULL) in a map that is no record, for a key with
 * an escape (escaped: not decoded here), or when out of memory. Returns
 * the field named (NULL: none); *again is 1 when that field was named
 * before in this map. */
static inline const tsig_field *tsig_cursor_key(tsig_type_cursor *c, size_t d, const char *key,
                                                size_t len, int escaped, int *again)
{
    *again = 0;
    if (d == 0 || d > c->cap) return NULL;
    tsig_type_frame *f = &c->frames[d - 1];
    f->child = NULL;
    if (!f->t || f->t->kind != TSIG_RECORD || escaped) return NULL;
    /* from the field after the last one named: keys mostly come in the
     * signature's order */
    size_t n = f->t->field_count, i = tsig_field_find(&c->fields, f->t, key, len, f->next);
    if (i == (size_t)-1) return NULL; /* out of memory: not known */
    if (i == n) {
        f->child = f->t->extra;
        return NULL;
    }
    const tsig_field *fd = &f->t->fields[i];
    *again = i >= 64 || (f->named >> i & 1);
    if (i < 64) f->named |= (uint64_t)1 << i;
    f->child = fd->type;
    f->next = i + 1;
    return fd;
}
void tsig_cursor_release(tsig_type_cursor *c);

/* Per open container of a known type: a list's elements, or (for a
 * stream that drops what it validated) a record's member values. */
struct tsig_feed_list {
    int waits;      /* a list: an element cut short may wait (elements_known) */
    int record;     /* a record (its member values are read_at) */
    size_t read_at; /* where the element or member value the reader reads
                     * starts (0: none), validated when whole (read_done) */
    size_t seen, seen_bytes; /* its elements validated, their bytes */
    int dirty;      /* its element being read holds one with a message or
                     * a change (then so does this one, and each around
                     * it: dirt marks lists 0..d at once) */
    /* a record: the validator may read a value of a key it takes for a
     * repeated one without its type (and so knows no runs in it): its
     * values are not followed once a key had an escape (blind), nor an
     * extra key's seen before (extra_seen: two bits of each extra key's
     * hash; a false "seen" only follows less) */
    int blind;
    uint64_t extra_seen[4];
};

/* The element the end of the text cut short waits for none. */
#define TSIG_FEED_WAIT_NONE 0

/* A stream's validator (see above). Its fields are its own but for those
 * the stream reads: r (where the text is cut, for the partial value),
 * known (the runs, whose text a stream that drops it replaces by
 * placeholders), and refining. */
typedef struct tsig_feed {
    const tsig_type *root; /* the type of the value (the arguments as one map) */
    int input;
    tsig_validate_options opts;
    tsig_json_push r;      /* the push reader of JSON syntax */
    const char *reading;   /* the text it reads now, for its steps */
    size_t reading_len;
    tsig_type_cursor types;
    struct tsig_feed_list *lists; /* per open container, beside types.frames */
    size_t list_cap;
    int walk;   /* definite errors looked for before the value is whole */
    int follow; /* the types of open containers followed */
    int members; /* runs of records' member values too (read_done) */
    int failed; /* out of memory following them */
    int pending, check; /* a value suspected wrong is being read; is whole */
    /* A value whose kind its type never takes (known at its first byte,
     * kind_at, kind_byte): judged at once by that byte (kind_now; a list
     * or map, and a scalar the text so far ends in); a scalar is read on
     * and judged whole too (kind_scalar), the stream invalid meanwhile
     * (refining: pushes still read until it is whole). */
    size_t kind_at;
    unsigned char kind_byte;
    int kind_now, kind_scalar, refining;
    const tsig_type *num_type; /* the type of the number being read */
    const tsig_type *str_type; /* the enum (or union of enums) the string
                                * being read must start a value of, or NULL */
    size_t bad_depth;          /* the suspect's depth: judged when whole */
    /* elements of lists validated as they became whole (known[0..
     * known_dropped): a stream's placeholders, see stream.c) */
    tsig_known *known;
    size_t known_count, known_cap, known_dropped;
    struct tsig_elements *elements; /* their validator, set up once */
    /* the element the end of the text cut short: where it starts, and
     * whether it was tried once or given up */
    size_t wait_at;
    int wait;
    tsig_result early; /* tsig_feed_read's definite error, the caller's */
} tsig_feed;

/* Begins f: a value of root (input: the arguments as one map, as
 * validate_input reads them), validated with o (its nesting limit
 * max_depth), its types followed unless validation is disabled, and
 * definite errors looked for before the value is whole when walk. With
 * members (a stream that drops what it validated), the values of
 * records' members are runs too, as list elements are (each of at least
 * TSIG_MEMBER_RUN_MIN bytes: a shorter one would save less than its run
 * and its hole take). */
void tsig_feed_begin(tsig_feed *f, const tsig_type *root, int input,
                     const tsig_validate_options *o, int walk, int members, size_t max_depth);
#define TSIG_MEMBER_RUN_MIN 128
void tsig_feed_release(tsig_feed *f);
/* Reads t[f->r.read..n) (the text so far: what was read before
 * unchanged): 0 at the first byte that can never become JSON (f->r.read
 * is left on it), 2 at a definite error about a value (f->early: its
 * result, the validator's on the text so far, the caller's to take and
 * free), 3 when the value became whole (f->r.read is after it), -1 when
 * out of memory, 1 otherwise. */
int tsig_feed_read(tsig_feed *f, const char *t, size_t n);
/* Repair began: the reader reads the repaired text from its start, as it
 * comes, with no type followed and nothing known. */
void tsig_feed_restart(tsig_feed *f);
/* When an element waits for more text, *out is a copy of f's reader (its
 * syntax alone) that read on over t[..n) as a reader that did not wait
 * would have (for the partial value): 1; 0 when none waits; -1 when out
 * of memory. The caller releases out->stack. */
int tsig_feed_read_on(const tsig_feed *f, const char *t, size_t n, tsig_json_push *out);
/* The text f reads lost bytes: what stood in [from..to) moved to start at
 * w (tsig_feed_moved), then the by bytes before from are gone and what
 * followed moved back by them (tsig_feed_dropped). Inline: a stream that
 * drops what it validated calls them for each run it drops. */
static inline void tsig_feed_moved(tsig_feed *f, size_t from, size_t to, size_t w)
{
    /* the open elements and member values the reader reads that start there */
    for (size_t d = 0; f->follow && d < f->r.stack.len; d++) {
        size_t *at = &f->lists[d].read_at;
        if (*at >= from && *at < to) *at = *at - from + w;
    }
}
static inline void tsig_feed_shift(size_t *at, size_t from, size_t by)
{
    if (*at >= from) *at -= by;
}
static inline void tsig_feed_dropped(tsig_feed *f, size_t from, size_t by)
{
    /* a wait the reader left behind */
    if (f->wait_at < from) {
        f->wait_at = 0;
        f->wait = TSIG_FEED_WAIT_NONE;
    }
    size_t *at[] = {&f->r.read, &f->r.cut, &f->r.str_cut, &f->r.str_at, &f->r.key_at, &f->r.num_at,
                    &f->wait_at};
    for (size_t i = 0; i < sizeof at / sizeof at[0]; i++) tsig_feed_shift(at[i], from, by);
    for (size_t d = 0; f->follow && d < f->r.stack.len; d++)
        if (f->lists[d].read_at) tsig_feed_shift(&f->lists[d].read_at, from, by);
}
/* How many list elements f validated as they became whole. */
size_t tsig_feed_known_elements(const tsig_feed *f);

/* ---- read_type.c: reading model text by the type (SPEC §13) ------------- */

/* The reader of values of a push reader in repair mode: follows the type
 * tree as containers open and keys are read, and answers what the type at
 * a value admits. */
typedef struct tsig_read_type {
    tsig_repair *rp;
    int input;
    tsig_type_cursor types; /* the type at each open container */
    const tsig_type *want; /* the type of the value last asked about */
} tsig_read_type;

/* Makes rt the reader of values of rp (in repair mode) for values of type
 * root (the arguments as one map when input). */
void tsig_read_type_begin(tsig_read_type *rt, tsig_repair *rp, const tsig_type *root, int input);
void tsig_read_type_release(tsig_read_type *rt);

/* SPEC §13.1 rows 1 and 2: the whole text t[0..len) read as one bare text
 * where a value of type root is expected (after white space and a code
 * fence around it are trimmed): an enum value of the root that equals it
 * (one pair of ** * _ around it trimmed too), or the text itself where a
 * member of the root takes any string; not a backtick-quoted value, which
 * its own reading reads (the push reader's). 0 when no such reading; else 1, and
 * rp (begun with tsig_repair_init) holds it as a repair: the JSON string,
 * its place in the text, and its notes (the fence's, and the reading's). */
int tsig_read_whole_text(const tsig_type *root, const char *t, size_t len, tsig_repair *rp);
/* SPEC §13.2: a value among several in a text that is not one JSON value:
 * its bytes [at, end), and the code fence it is the content of (its
 * opening "```"; (size_t)-1: none). */
typedef struct tsig_candidate {
    size_t at, end, fence_at;
} tsig_candidate;
#define TSIG_CANDIDATES_MAX 64
/* Validating one candidate (validate.c, internal): no candidates looked for. */
#define TSIG_NO_CANDIDATES (1u << 30)
/* The candidates of t[0..n) in text order (SPEC §13.2): the content of each
 * code fence that reads as one value, and each {...} or [...] outside
 * fences that reads as one value with the repairs and the member readings
 * (type root; nesting within max_depth). A bracket that does not read is
 * prose up to the bracket that closes it. Their count (at most
 * TSIG_CANDIDATES_MAX), -1 when the prose holds unbalanced brackets or
 * there are more, -2 when out of memory. */
int tsig_find_candidates(const tsig_type *root, int input, const char *t, size_t n,
                         size_t max_depth, tsig_candidate *c);


/* ---- repair.c: the words of the repairs (SPEC §12.1) -------------------- */

void tsig_repair_message(const tsig_repair_note *n, const char *src, size_t line,
                         size_t column, tsig_strbuf *out);
void tsig_repair_line_col(const char *src, size_t *from, size_t *line, size_t *column,
                          size_t offset);

/* ---- template_tags.c, template_check.c, template_render.c --------------
 *
 * Prompt templates (SPEC §8): template_tags.c reads the tags,
 * template_check.c checks names against a signature and says what a name
 * means inside sections (the scopes), template_render.c fills a checked
 * template. Both passes read tags with tsig_tpl_read_tag and resolve names
 * with the same scopes, so what the check accepts is exactly what the
 * rendering understands.
 */

typedef enum tsig_tag_kind {
    TSIG_TAG_NAME,      /* {{name}} (also malformed names: checked later) */
    TSIG_TAG_DOT,       /* {{.}} */
    TSIG_TAG_SECTION,   /* {{#name}} */
    TSIG_TAG_INVERTED,  /* {{^name}} */
    TSIG_TAG_CLOSE,     /* {{/name}} */
    TSIG_TAG_COMMENT,   /* {{! ... }} */
    TSIG_TAG_AMPERSAND, /* {{&name}}: not supported */
    TSIG_TAG_TRIPLE,    /* {{{name}}}: not supported */
    TSIG_TAG_PARTIAL,   /* {{>name}}: not supported */
    TSIG_TAG_DELIMITER, /* {{=<% %>=}}: not supported */
    TSIG_TAG_UNCLOSED   /* "{{" with no "}}" after it: the rest of the template */
} tsig_tag_kind;

/* One tag: where it is and the name inside it, whitespace trimmed. */
typedef struct tsig_tpl_tag {
    tsig_tag_kind kind;
    size_t start;     /* offset of "{{" */
    size_t end;       /* offset just past the closing braces */
    const char *name; /* after the sigil, trimmed (points into the template) */
    size_t name_len;
} tsig_tpl_tag;

/* Reads the next tag of s[0..len) at or after pos. Returns 0 when the rest
 * is plain text; otherwise 1 with *t filled. */
int tsig_tpl_read_tag(const char *s, size_t len, size_t pos, tsig_tpl_tag *t);

/* One tag of a checked template and the text around it. */
typedef struct tsig_tpl_placed {
    tsig_tpl_tag t;
    size_t before; /* the text before the tag ends here */
    size_t after;  /* the text after the tag starts here */
    size_t match;  /* a section: the index of its closing tag */
} tsig_tpl_placed;


/* Every tag of a checked template, standalone lines marked and sections
 * matched with their closing tags (*tags malloc'd, freed by the caller
 * whatever the outcome). TSIG_OK, TSIG_ERR_NOMEM or TSIG_ERR_TEMPLATE
 * (sections nested too deep). */
tsig_code tsig_tpl_read_tags(const char *tpl, size_t len, tsig_tpl_placed **tags,
                             size_t *count);

/* What {{.}} means in the innermost section that enters its value. */
typedef enum tsig_dot_rule {
    TSIG_DOT_OK,        /* a list of scalars or :any: the element */
    TSIG_DOT_ACCEPT,    /* the section itself is in error: say nothing more */
    TSIG_DOT_MAPS,      /* a list of maps: write a field instead */
    TSIG_DOT_MAP,       /* a map: write a field instead */
    TSIG_DOT_LISTS,     /* a list of lists */
    TSIG_DOT_SCALAR     /* an optional scalar: write the name itself */
} tsig_dot_rule;

/* One open section. */
typedef struct tsig_tpl_section {
    tsig_tag_kind kind;         /* TSIG_TAG_SECTION or TSIG_TAG_INVERTED */
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
    tsig_dot_rule dot;
} tsig_tpl_section;

/* Walks the sections from the innermost out and then the parameters. */
typedef struct tsig_tpl_scopes {
    const tsig_signature *sig;
    tsig_tpl_section stack[TSIG_TEMPLATE_MAX_DEPTH];
    size_t depth;
} tsig_tpl_scopes;


/* Resolves a well-formed name in the scopes, innermost section out, then
 * the parameters: 1 with *type (NULL: unknown type), or 0 with the reason
 * appended to why. */
int tsig_tpl_resolve_name(const tsig_tpl_scopes *sc, const char *name, size_t len,
                          const tsig_type **type, tsig_strbuf *why);
/* Fills what a section over a value of type t (NULL: unknown) means for
 * the names inside it: 1, or 0 with the reason appended to why (a section
 * needs a list, a map, a bool, an optional value or :any). */
int tsig_tpl_enter_section(tsig_tpl_section *s, const tsig_type *t, tsig_strbuf *why);
/* How the scope of s owns the first segment name[0..first): 1 when a
 * typed map of it declares the field, 2 when only a "* T" entry takes it
 * (the data decides), 0 when it does not. */
int tsig_tpl_scope_owns(const tsig_tpl_section *s, const char *name, size_t first);

#endif /* TSIG_INTERNAL_H */
