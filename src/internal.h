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
} tsig_strbuf;

void tsig_sb_append(tsig_strbuf *sb, const char *s, size_t len);
void tsig_sb_puts(tsig_strbuf *sb, const char *s);
void tsig_sb_putc(tsig_strbuf *sb, char c);
void tsig_sb_printf(tsig_strbuf *sb, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Appends s as a JSON string literal, quotes included (escapes ", \, and
 * control characters; bytes >= 0x80 are copied). */
void tsig_sb_json_string(tsig_strbuf *sb, const char *s, size_t len);
/* Makes room for extra more bytes; 0 on failure (and sets failed). */
int tsig_sb_reserve(tsig_strbuf *sb, size_t extra);
/* Hands the buffer to the caller (freed with tsig_free): the NUL-terminated
 * text, or NULL when any growth failed (the buffer is then released).
 * *len (may be NULL) gets the length. The strbuf is reset. */
char *tsig_sb_finish(tsig_strbuf *sb, size_t *len);
/* Releases the buffer without handing it out. */
void tsig_sb_release(tsig_strbuf *sb);

/* ---- api.c: walking JSON text that is already known to be valid ------ */

/* These never check syntax: call them only on text a validator accepted or
 * a stage produced. Each takes the current position p and the end of the
 * text, and never reads past end. */

/* The first byte at or after p that is not JSON whitespace. */
const char *tsig_valid_json_skip_ws(const char *p, const char *end);
/* p at a value: the byte just after it (iterative, any depth). */
const char *tsig_valid_json_skip_value(const char *p, const char *end);
/* p at a string literal: appends its unescaped bytes to out (a lone escaped
 * surrogate as its three-byte form) and returns the byte after it. */
const char *tsig_valid_json_read_string(const char *p, const char *end,
                                  tsig_strbuf *out);
/* p at "[" or "{": its first element (for an object, the first member's
 * key), or NULL when it is empty. */
const char *tsig_valid_json_first(const char *p, const char *end);
/* p at an element (or a member's key): the next one, or NULL after the last. */
const char *tsig_valid_json_next(const char *p, const char *end);
/* p at "{": the value of the first member whose key (unescaped) is key, or
 * NULL. */
const char *tsig_valid_json_member(const char *p, const char *end, const char *key);

/* ---- error.c ---------------------------------------------------------- */

/* Fills err: code, offset, line/column computed from src[0..offset), and a
 * printf-style message (cut to fit). hint is cleared. */
void tsig_error_set(tsig_error *err, tsig_code code, const char *src,
                    size_t len, size_t offset, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 6, 7)))
#endif
    ;
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
/* Copies at most max code points of s into buf as "text" or "text…" with
 * JSON escaping inside the quotes (used for echoing values and names).
 * Writes at most size bytes, NUL-terminated. */
void tsig_quote_cut(const char *s, size_t len, size_t max, char *buf,
                    size_t size);

/* ---- utf8 (error.c) --------------------------------------------------- */

/* Length of the valid UTF-8 sequence at s[0..len), or 0 when invalid
 * (overlong, surrogate, > U+10FFFF, truncated). */
size_t tsig_utf8_seq(const unsigned char *s, size_t len);

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
    TSIG_TOK_INVALID    /* anything else: one UTF-8 sequence, or one bad byte */
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

/* ---- the type tree (parse.c builds it) -------------------------------- */

typedef struct tsig_field {
    const char *name;  /* as written, NUL-terminated, in the arena */
    size_t name_len;
    const char *norm;  /* name with "-" -> "_", NUL-terminated */
    const tsig_type *type;
    size_t offset;     /* byte offset of the name in the source */
    int firewalled;    /* norm starts with "_" */
} tsig_field;

struct tsig_type {
    tsig_kind kind;
    const tsig_type *elem;    /* TSIG_LIST element, TSIG_OPTIONAL inner */
    const tsig_field *fields; /* TSIG_RECORD */
    size_t field_count;
    size_t offset;            /* byte offset in the source */
};

struct tsig_signature {
    tsig_arena arena;
    const tsig_field *params;
    size_t param_count;
    const tsig_type *returns;
};

/* Name of a kind as values and messages spell it: "string" ... "map",
 * "list" (a typed map is "map", an optional is its inner kind's name). */
const char *tsig_kind_name(tsig_kind kind);

/* Key comparison after "-" -> "_" on both sides. */
int tsig_key_equal_norm(const char *a, size_t alen, const char *b, size_t blen);

#endif /* TSIG_INTERNAL_H */
