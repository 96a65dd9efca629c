/*
 * json.c: reading JSON text (RFC 8259, as JSON.parse accepts it, plus
 * UTF-8 and depth checks): every reading of JSON in the core, whole text
 * and text in chunks, by one set of rules (docs/ARCHITECTURE.md, "Whole
 * text and text in chunks").
 *
 * Four layers, each used by the next and by the stages directly:
 *   - the reader: tokens off the text (strings, numbers, literals,
 *     brackets), positioned errors "expected X, found Y";
 *   - paths and key sets: where a value is (for messages) and which keys an
 *     object already had (repeated keys are an error everywhere);
 *   - the walker: one whole value, read iteratively and optionally written
 *     back as compact JSON, members as a caller's rule says (what a key
 *     becomes: keys.c; what is left out or masked: firewall.c);
 *   - trees: a cJSON tree built in the pass that checks the text, for the
 *     stages that need one (schema import, template arguments, the API's
 *     documents).
 * validate.c drives the reader with the type tree; keys.c and firewall.c
 * give the walker their rules.
 */
#include "internal.h"

#include "cJSON.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- reader ------------------------------------------------------------
 *
 * The grammar read here is RFC 8259's:
 *
 *   text   = ws value ws
 *   value  = object | array | string | number | "true" | "false" | "null"
 *   object = "{" ws [ member { ws "," ws member } ] ws "}"
 *   member = string ws ":" ws value
 *   array  = "[" ws [ value { ws "," ws value } ] ws "]"
 *
 * Every function here reads at j->pos and leaves j->pos after what it
 * read. The first failure is kept in *j->err (later ones are ignored), so
 * callers simply stop on 0 and unwind.
 */

/* See internal.h: the reader is one cache line on 64-bit targets. */
_Static_assert(sizeof(void *) != 8 || sizeof(tsig_json) == 64,
               "tsig_json outgrew 64 bytes");

/* A leading byte-order mark is skipped (SPEC §10), and remembered: the
 * text without it differs from the text given. */
void tsig_json_init(tsig_json *j, const char *src, size_t len,
                    size_t max_depth, tsig_error *err)
{
#ifdef TSIG_COUNT_READS
    tsig_count_read(src, len);
#endif
    memset(j, 0, sizeof *j);
    j->src = src ? src : "";
    j->len = src ? len : 0;
    j->max_depth = max_depth;
    j->err = err;
    j->code = TSIG_OK;
    if (j->len >= 3 && (unsigned char)j->src[0] == 0xEF &&
        (unsigned char)j->src[1] == 0xBB && (unsigned char)j->src[2] == 0xBF) {
        j->pos = 3;
        j->bom = 1;
    }
}

/* Failures are rare: they are TSIG_COLD, out of the scanning functions'
 * frames. */

/* Records a problem with the text itself: "JSON error at L:C: <what>". */
static TSIG_COLD int text_error(tsig_json *j, tsig_code code, size_t offset, const char *what)
{
    size_t line, column;
    if (j->quiet) return tsig_json_fail_code(j, code, offset, "%s", what);
    if (offset > j->len) offset = j->len;
    tsig_line_col(j->src, j->len, offset, &line, &column);
    return tsig_json_fail_code(j, code, offset, "JSON error at %zu:%zu: %s", line, column, what);
}

/* "expected <expected>, found <what is at offset>": the found part
 * quotes one character, or names end of input, a NUL byte, a control
 * character or an invalid UTF-8 byte. */
TSIG_COLD int tsig_json_fail(tsig_json *j, size_t offset, const char *expected)
{
    char found[64], what[160];
    if (j->code != TSIG_OK) return 0;
    if (j->quiet) return tsig_json_fail_code(j, TSIG_ERR_JSON, offset, "%s", expected);
    if (j->reword) expected = j->reword(expected);
    tsig_describe_found(j->src, j->len, offset, found, sizeof found);
    tsig_snprintf(what, sizeof what, "expected %s, found %s", expected, found);
    return text_error(j, TSIG_ERR_JSON, offset, what);
}

TSIG_COLD int tsig_json_fail_code(tsig_json *j, tsig_code code, size_t offset,
                             const char *fmt, ...)
{
    if (j->code != TSIG_OK) return 0; /* keep the first problem */
    va_list ap;
    va_start(ap, fmt);
    j->code = code;
    if (j->quiet) j->pos = offset;
    else tsig_error_setv(j->err, code, j->src, j->len, offset, fmt, ap);
    va_end(ap);
    return 0;
}

/* A '"' or a '\\' among the eight (text already checked). */
static uint64_t string_stop(uint64_t v)
{
    return tsig_swar_zero_byte(v ^ (TSIG_SWAR_ONES * '"')) |
           tsig_swar_zero_byte(v ^ (TSIG_SWAR_ONES * '\\'));
}

/* Bytes before the first flagged byte of a SWAR mask. Borrows only travel
 * towards higher bytes, so on a little-endian machine the lowest flag is
 * exact; elsewhere 0 (the caller then looks byte by byte). */
static size_t first_flagged(uint64_t mask)
{
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    return (size_t)__builtin_ctzll(mask) >> 3;
#else
    (void)mask;
    return 0;
#endif
}


size_t tsig_json_ws_run(const char *src, size_t at, size_t n)
{
#ifdef TSIG_VECTOR
    while (n - at >= 16) {
        tsig_vec v = tsig_vec_load((const unsigned char *)src + at);
        size_t k = tsig_vec_first_clear(tsig_vec_or(tsig_vec_or(tsig_vec_eq(v, ' '), tsig_vec_eq(v, '\n')), tsig_vec_or(tsig_vec_eq(v, '\r'), tsig_vec_eq(v, '\t'))));
        at += k;
        if (k < 16) return at;
    }
#endif
    while (at < n && (src[at] == ' ' || src[at] == '\n' || src[at] == '\r' || src[at] == '\t')) at++;
    return at;
}

size_t tsig_json_plain_run(const char *src, size_t at, size_t n)
{
    const unsigned char *p = (const unsigned char *)src;
#ifdef TSIG_VECTOR
    while (n - at >= 16) {
        size_t k = tsig_vec_string_stop(p + at, 0);
        at += k;
        if (k < 16) return at;
    }
#endif
    while (n - at >= 8) {
        uint64_t v, mask;
        memcpy(&v, p + at, 8);
        if ((mask = tsig_swar_string_special(v)) != 0) {
            at += first_flagged(mask);
            break;
        }
        at += 8;
    }
    while (at < n && p[at] != '"' && p[at] != '\\' && p[at] >= 0x20 && p[at] < 0x80) at++;
    return at;
}

size_t tsig_json_digit_run(const char *p, size_t i, size_t n)
{
#ifdef TSIG_VECTOR
    while (n - i >= 16) {
        size_t k = tsig_vec_first(tsig_vec_not_digit(tsig_vec_load((const unsigned char *)p + i)));
        i += k;
        if (k < 16) return i;
    }
#endif
    while (i < n && p[i] >= '0' && p[i] <= '9') i++;
    return i;
}

static int is_hex(unsigned char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') ||
           (c >= 'A' && c <= 'F');
}

/* ---- tokens: the rules of strings and numbers, for both readers --------
 *
 * The token reader (whole text) and the push reader (text in chunks) read
 * escapes, UTF-8 and numbers by the functions here and tsig_utf8_read;
 * each can stop where the text so far ends and go on from there. */

/* The escape whose backslash is at p[i], in p[0..n): its length (2, or 6
 * for \u), or 0 when it is none: *stop is then the first byte that is not
 * right (n when the text ends first). */
static size_t escape_read(const unsigned char *p, size_t i, size_t n, size_t *stop)
{
    *stop = i + 1;
    if (i + 1 >= n) return 0;
    switch (p[i + 1]) {
    case '"': case '\\': case '/': case 'b': case 'f': case 'n': case 'r': case 't':
        return 2;
    case 'u':
        for (size_t k = 2; k < 6; k++) {
            *stop = i + k;
            if (i + k >= n || !is_hex(p[i + k])) return 0;
        }
        return 6;
    default:
        return 0;
    }
}

/* Checks the escape whose backslash is at i; returns its length, or 0 after
 * recording the error. */
static size_t check_escape(tsig_json *j, size_t i)
{
    size_t stop, k = escape_read((const unsigned char *)j->src, i, j->len, &stop);
    if (k) return k;
    if (stop > i + 1) return (size_t)tsig_json_fail(j, stop, "4 hex digits after \"\\\\u\"");
    if (stop >= j->len) return (size_t)tsig_json_fail(j, stop, "an escape after \"\\\\\"");
    return (size_t)tsig_json_fail(j, stop, "an escape after \"\\\\\" (one of \\\" \\\\ / b f n r t u)");
}

/*
 * string = '"' { char | escape } '"'
 * char   = any UTF-8 sequence except '"', '\' and U+0000..U+001F
 * escape = '\' ( '"' | '\' | '/' | 'b' | 'f' | 'n' | 'r' | 't' | 'u' 4*hex )
 *
 * Reads the string whose opening quote is at j->pos. Clean stretches are
 * skipped sixteen bytes at a time (vector) or eight (SWAR); escapes and
 * non-ASCII sequences are checked one by one (unless trusted). On success s spans the content between the
 * quotes and j->pos is after the closing quote. A \u escape may name a lone
 * surrogate: JSON.parse accepts it, so does this.
 */
size_t tsig_json_string_end(tsig_json *j, tsig_json_span *s)
{
    const unsigned char *p = (const unsigned char *)j->src;
    size_t n = j->len, i = j->pos + 1;
    int escaped = 0, trusted = j->trusted;
    s->start = i;
    for (;;) {
        /* to the next byte that may stop the run: the vector finds it
         * exactly, SWAR may stop early (then the byte is looked at alone) */
#ifdef TSIG_VECTOR
        if (n - i >= 16) {
            size_t k = tsig_vec_string_stop(p + i, trusted);
            i += k;
            if (k == 16) continue;
        } else
#endif
        {
            while (n - i >= 8) {
                uint64_t v, mask;
                memcpy(&v, p + i, 8);
                mask = trusted ? string_stop(v) : tsig_swar_string_special(v);
                if (mask != 0) {
                    i += first_flagged(mask);
                    break;
                }
                i += 8;
            }
            if (i >= n) return (size_t)tsig_json_fail(j, n, "a closing quote");
        }
        unsigned char c = p[i];
        if (c == '"') break;
        if (c == '\\') {
            size_t k = trusted ? 2 : check_escape(j, i);
            if (!k) return 0;
            escaped = 1;
            i += k;
        } else if (trusted || (c >= 0x20 && c < 0x80)) {
            i++;
        } else if (c < 0x20) {
            return (size_t)tsig_json_fail(j, i, "an escaped control character");
        } else {
            size_t k = tsig_utf8_seq(p + i, n - i);
            if (!k) return (size_t)tsig_json_fail(j, i, "UTF-8 text");
            i += k;
        }
    }
    s->len = i - s->start;
    s->flag = escaped;
    return j->pos = i + 1;
}

static int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* A number's states: what its next byte may be (N_START: before its
 * first byte); it may end in N_ZERO, N_INT, N_FRAC and N_EXP. */
enum { N_START, N_SIGN, N_ZERO, N_INT, N_DOT, N_FRAC, N_E, N_ESIGN, N_EXP };
#define N_MAY_END(st) ((st) == N_ZERO || (st) == N_INT || (st) == N_FRAC || (st) == N_EXP)

/* number = [ "-" ] ( "0" | digit1-9 { digit } ) [ "." digit { digit } ]
 *          [ ( "e" | "E" ) [ "+" | "-" ] digit { digit } ]
 *
 * Reads p[i..n) on from state *st; returns where it stopped: n, or the
 * first byte that cannot go on from *st (then the number ends before it
 * when N_MAY_END, else that byte is wrong). */
static inline size_t number_read(const char *p, size_t i, size_t n, int *state)
{
    int st = *state;
    switch (st) {
    case N_START:
        if (i < n && p[i] == '-') {
            i++;
            st = N_SIGN;
        }
        /* fallthrough */
    case N_SIGN:
        if (i >= n || !is_digit(p[i])) break;
        if (p[i] == '0') {
            st = N_ZERO;
            i++;
            goto fraction;
        }
        i++;
        /* fallthrough */
    case N_INT:
        st = N_INT;
        i = tsig_json_digit_run(p, i, n);
        /* fallthrough */
    case N_ZERO:
    fraction:
        if (i >= n || p[i] != '.') goto exponent;
        i++;
        st = N_DOT;
        /* fallthrough */
    case N_DOT:
        if (i >= n || !is_digit(p[i])) break;
        i++;
        st = N_FRAC;
        /* fallthrough */
    case N_FRAC:
        i = tsig_json_digit_run(p, i, n);
    exponent:
        if (i >= n || (p[i] != 'e' && p[i] != 'E')) break;
        i++;
        st = N_E;
        /* fallthrough */
    case N_E:
        if (i < n && (p[i] == '+' || p[i] == '-')) {
            i++;
            st = N_ESIGN;
        }
        /* fallthrough */
    case N_ESIGN:
        if (i >= n || !is_digit(p[i])) break;
        i++;
        st = N_EXP;
        /* fallthrough */
    case N_EXP:
        i = tsig_json_digit_run(p, i, n);
        break;
    }
    *state = st;
    return i;
}

size_t tsig_json_number_end(tsig_json *j, tsig_json_span *s)
{
    int st = N_START;
    size_t i = number_read(j->src, j->pos, j->len, &st);
    if (!N_MAY_END(st))
        return (size_t)tsig_json_fail(j, i, st == N_DOT ? "a digit after \".\""
                                            : st == N_E || st == N_ESIGN ? "a digit in the exponent"
                                                                         : "a digit");
    s->start = j->pos;
    s->len = i - j->pos;
    s->flag = st == N_ZERO || st == N_INT;
    return j->pos = i;
}

/* A byte of a word: a letter, a digit or "_". */
static int is_word_byte(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || is_digit(c) || c == '_';
}

/* With words set (a text read with repair, SPEC §13: a bare text the type
 * does not read), a word that is no literal (twelve, NaN) is refused at
 * its first byte, quoting it, where a person reads the mistake, not at the
 * byte where it left the literal. Without repair, the byte where it stops
 * being JSON, which a stream knows as it arrives. */
static TSIG_COLD int word_fail(tsig_json *j)
{
    size_t e = j->pos;
    while (e < j->len && e - j->pos < 40 && is_word_byte(j->src[e])) e++;
    char what[96];
    tsig_snprintf(what, sizeof what, "expected a JSON value, found \"%.*s%s\"", (int)(e - j->pos),
                  j->src + j->pos, e < j->len && is_word_byte(j->src[e]) ? "..." : "");
    if (j->quiet) return tsig_json_fail_code(j, TSIG_ERR_JSON, j->pos, "a JSON value");
    return text_error(j, TSIG_ERR_JSON, j->pos, what);
}

/* The error names the first byte that differs ("tru" fails at the end,
 * "trUe" at the "U"), or with words set the word (word_fail). */
int tsig_json_literal(tsig_json *j, const char *word, size_t n)
{
    for (size_t k = 0; k < n; k++) {
        if (j->pos + k >= j->len || j->src[j->pos + k] != word[k]) {
            if (j->words && j->pos + k < j->len && is_word_byte(j->src[j->pos + k]))
                return word_fail(j);
            char expected[16];
            tsig_snprintf(expected, sizeof expected, "\"%s\"", word);
            return tsig_json_fail(j, j->pos + k, expected);
        }
    }
    j->pos += n;
    return 1;
}

/* The depth is checked before the bracket is taken, so a too-deep
 * bracket is reported at its own position and nothing deeper is read. */
int tsig_json_enter(tsig_json *j)
{
    if (j->depth >= j->max_depth) {
        char what[64];
        tsig_snprintf(what, sizeof what, "nesting deeper than %zu", j->max_depth);
        return text_error(j, TSIG_ERR_TOO_DEEP, j->pos, what);
    }
    j->depth++;
    j->pos++;
    return 1;
}

int tsig_json_finish(tsig_json *j)
{
    tsig_json_skip_ws(j);
    if (j->pos < j->len) return tsig_json_fail(j, j->pos, "end of input");
    return 1;
}

/* ---- text helpers ------------------------------------------------------ */

/* The value of the 4 hex digits at s (already checked). */
static unsigned hex_value(const char *s)
{
    unsigned v = 0;
    for (int k = 0; k < 4; k++) {
        unsigned char c = (unsigned char)s[k];
        unsigned d = c <= '9' ? (unsigned)(c - '0') : (c | 0x20u) - 'a' + 10;
        v = v << 4 | d;
    }
    return v;
}

/* UTF-8 (WTF-8 for surrogates) of cp into out; returns its length. */
static size_t put_utf8(unsigned cp, char *out)
{
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xC0 | cp >> 6);
        out[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xE0 | cp >> 12);
        out[1] = (char)(0x80 | (cp >> 6 & 0x3F));
        out[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | cp >> 18);
    out[1] = (char)(0x80 | (cp >> 12 & 0x3F));
    out[2] = (char)(0x80 | (cp >> 6 & 0x3F));
    out[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

/* An escape is read as JSON.parse reads it: a high surrogate escape
 * followed by a low one is one code point; any other surrogate stays a
 * lone one. */
size_t tsig_json_decode_unit(const char *raw, size_t len, size_t *i, char *out)
{
    size_t k = *i;
    if (raw[k] != '\\') {
        size_t n = tsig_utf8_seq((const unsigned char *)raw + k, len - k);
        if (n == 0) n = 1;
        memcpy(out, raw + k, n);
        *i = k + n;
        return n;
    }
    char c = raw[k + 1];
    *i = k + 2;
    switch (c) {
    case 'b': out[0] = '\b'; return 1;
    case 'f': out[0] = '\f'; return 1;
    case 'n': out[0] = '\n'; return 1;
    case 'r': out[0] = '\r'; return 1;
    case 't': out[0] = '\t'; return 1;
    case 'u': break;
    default: out[0] = c; return 1; /* '"', '\\', '/' */
    }
    unsigned cp = hex_value(raw + k + 2);
    *i = k + 6;
    if (cp >= 0xD800 && cp <= 0xDBFF && k + 12 <= len && raw[k + 6] == '\\' &&
        raw[k + 7] == 'u') {
        unsigned lo = hex_value(raw + k + 8);
        if (lo >= 0xDC00 && lo <= 0xDFFF) {
            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
            *i = k + 12;
        }
    }
    return put_utf8(cp, out);
}

/* Copies the stretches between backslashes whole, decoding each escape
 * with tsig_json_decode_unit. An escape never decodes to more bytes than it takes. */
size_t tsig_json_unescape(const char *raw, size_t len, char *out)
{
    size_t i = 0, o = 0;
    while (i < len) {
        const char *bs = memchr(raw + i, '\\', len - i);
        size_t run = bs ? (size_t)(bs - raw) - i : len - i;
        memcpy(out + o, raw + i, run);
        o += run;
        i += run;
        if (i < len) o += tsig_json_decode_unit(raw, len, &i, out + o);
    }
    return o;
}

/* The one JSON string escape, JSON.stringify's: '"', '\\' and the named
 * controls (\n \r \t \b \f) by name, other controls as \u00XX. */
size_t tsig_json_escape_byte(unsigned char c, char out[6])
{
    static const char hex[] = "0123456789abcdef";
    char named = c == '"' ? '"' : c == '\\' ? '\\' : c == '\n' ? 'n' : c == '\r' ? 'r'
               : c == '\t' ? 't' : c == '\b' ? 'b' : c == '\f' ? 'f' : 0;
    out[0] = '\\';
    if (named) {
        out[1] = named;
        return 2;
    }
    if (c >= 0x20) return 0;
    out[1] = 'u';
    out[2] = '0';
    out[3] = '0';
    out[4] = hex[c >> 4];
    out[5] = hex[c & 15];
    return 6;
}

/*
 * Escaping: every string the core writes into JSON, and the text it shows
 * inside a message, goes through escape_to, in one of two forms:
 *
 *   JSON     a string literal (RFC 8259, as JSON.stringify writes it): in
 *            quotes, with '"', '\' and controls escaped by
 *            tsig_json_escape_byte and a lone surrogate (WTF-8) as \uDXXX;
 *   TEXT     text as it is written inside a message (a template's name):
 *            no quotes and '"' and '\' kept, since the message shows the
 *            text as it was spelled; controls escaped as in JSON, and DEL
 *            too (a terminal acts on it), so a message stays one line of
 *            plain characters.
 *
 * In both, bytes that are not UTF-8 become U+FFFD, one per ill-formed
 * sequence (ill_formed_len), and a cut after max code points ends with
 * "…". The text goes to a strbuf, or into a fixed buffer for
 * errors, which are reported without allocating (tsig_quote_cut).
 *
 * The strbuf forms share one copy of escape_to, built for speed
 * (escape_sb: reports escape every message and path), which takes each
 * stretch that needs no escape at once with the reader's scan; the fixed
 * buffer's (one quote an error) is built for size (TSIG_SMALL).
 */

enum { ESCAPE_JSON, ESCAPE_TEXT };

/* Where escaped bytes go: put(to, s, n). */
typedef void (*escape_put)(void *to, const char *s, size_t n);

static void put_sb(void *to, const char *s, size_t n)
{
    tsig_sb_append(to, s, n);
}

/* Text written into a fixed buffer: bytes past size - 1 are dropped (the
 * first dropped one is kept in next, to cut on a UTF-8 boundary). */
typedef struct cut_out {
    char *buf;
    size_t size;
    size_t len;
    int cut;
    unsigned char next;
} cut_out;

static void put_cut(void *to, const char *s, size_t n)
{
    cut_out *o = to;
    for (size_t i = 0; i < n; i++) {
        if (o->len + 1 < o->size) {
            o->buf[o->len++] = s[i];
        } else if (!o->cut) {
            o->cut = 1;
            o->next = (unsigned char)s[i];
        }
    }
}

/* 1 iff u[0..n) is the three-byte (WTF-8) form of a lone surrogate. */
static int lone_surrogate(const char *u, size_t n)
{
    return n == 3 && (unsigned char)u[0] == 0xED && ((unsigned char)u[1] & 0xE0) == 0xA0;
}

/* Puts the bytes of one decoded unit escaped for a JSON string: a byte by
 * tsig_json_escape_byte, a lone surrogate as \uDXXX (it has no UTF-8
 * form), everything else as it is. */
static void escape_unit(escape_put put, void *to, const char *u, size_t n)
{
    static const char hex[] = "0123456789abcdef";
    unsigned char c = (unsigned char)u[0];
    if (n == 1) {
        char e[6];
        size_t m = tsig_json_escape_byte(c, e);
        if (m) {
            put(to, e, m);
            return;
        }
    } else if (lone_surrogate(u, n)) {
        unsigned cp = 0xD000u | ((unsigned char)u[1] & 0x3Fu) << 6 |
                      ((unsigned char)u[2] & 0x3Fu);
        char e[6] = {'\\', 'u', 'd', hex[cp >> 8 & 15], hex[cp >> 4 & 15], hex[cp & 15]};
        put(to, e, 6);
        return;
    }
    put(to, u, n);
}

/* Length of the unit at s[i] of decoded (WTF-8) text: a UTF-8 sequence, a
 * lone surrogate's three bytes, or one stray byte. */
static size_t unit_len(const char *s, size_t len, size_t i)
{
    const unsigned char *p = (const unsigned char *)s + i;
    size_t n = tsig_utf8_seq(p, len - i);
    if (n) return n;
    if (p[0] == 0xED && len - i >= 3 && (p[1] & 0xE0) == 0xA0 && (p[2] & 0xC0) == 0x80)
        return 3;
    return 1;
}

/* Length of the ill-formed sequence at p (avail bytes), p[0] starting no
 * valid UTF-8 sequence or lone surrogate: its maximal subpart (Unicode
 * §3.9: the longest start of a well-formed sequence, or the one byte),
 * which, like TextDecoder, escape_to replaces by one U+FFFD. */
static size_t ill_formed_len(const unsigned char *p, size_t avail)
{
    unsigned char c = p[0], lo = 0x80, hi = 0xBF;
    size_t need;
    if (c >= 0xC2 && c <= 0xDF) {
        need = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
        need = 3;
        if (c == 0xE0) lo = 0xA0;
    } else if (c >= 0xF0 && c <= 0xF4) {
        need = 4;
        if (c == 0xF0) lo = 0x90;
        if (c == 0xF4) hi = 0x8F;
    } else {
        return 1;
    }
    size_t i = 1;
    if (i < avail && p[i] >= lo && p[i] <= hi) {
        i++;
        while (i < need && i < avail && (p[i] & 0xC0) == 0x80) i++;
    }
    return i;
}

/* s[0..len) in form (ESCAPE_JSON or ESCAPE_TEXT), cut after max code
 * points (a lone surrogate, and an ill-formed sequence, counts as one).
 * Plain ASCII runs are put in one call; only units that need an escape
 * are handled one by one. With scan, a JSON form finds its plain runs
 * with tsig_json_plain_run (sixteen bytes at a time). */
static void escape_to(escape_put put, void *to, const char *s, size_t len, size_t max,
                      int form, int scan)
{
    int json = form == ESCAPE_JSON;
    if (json) put(to, "\"", 1);
    size_t run = 0, i = 0, units = 0;
    while (i < len && units < max) {
        if (json && scan) {
            /* a stretch that needs no escape (DEL goes as it is too) at
             * once: the reader's scan, a unit a byte */
            size_t end = tsig_json_plain_run(s, i, len);
            if (end - i > max - units) end = i + (max - units);
            units += end - i;
            i = end;
            if (i == len || units == max) break;
        }
        unsigned char c = (unsigned char)s[i];
        units++;
        if (c >= 0x20 && c < 0x7F && (!json || (c != '"' && c != '\\'))) {
            i++;
            continue;
        }
        size_t n = c < 0x80 ? 1 : unit_len(s, len, i);
        int lone = json && lone_surrogate(s + i, n);
        int stray = c >= 0x80 && (n == 1 || (!json && lone_surrogate(s + i, n)));
        if ((c == 0x7F && json) || (c >= 0x80 && !stray && !lone)) {
            i += n; /* ordinary UTF-8 (and DEL in JSON): as it is */
            continue;
        }
        put(to, s + run, i - run);
        if (stray) {
            /* not UTF-8, which JSON text and messages must be */
            n = ill_formed_len((const unsigned char *)s + i, len - i);
            put(to, "\xEF\xBF\xBD", 3);
        } else if (c == 0x7F) {
            put(to, "\\u007f", 6);
        } else {
            escape_unit(put, to, s + i, n);
        }
        i += n;
        run = i;
    }
    put(to, s + run, i - run);
    if (i < len) put(to, "\xE2\x80\xA6", 3);
    if (json) put(to, "\"", 1);
}

/* escape_to into a strbuf: the one copy the strbuf forms share. */
static TSIG_NOINLINE void escape_sb(tsig_strbuf *sb, const char *s, size_t len, size_t max,
                                    int form)
{
    escape_to(put_sb, sb, s, len, max, form, 1);
}

void tsig_json_escape(tsig_strbuf *sb, const char *s, size_t len)
{
    escape_sb(sb, s, len, (size_t)-1, ESCAPE_JSON);
}

void tsig_json_escape_or_null(tsig_strbuf *sb, const char *s, size_t len)
{
    if (s) escape_sb(sb, s, len, (size_t)-1, ESCAPE_JSON);
    else tsig_sb_puts(sb, "null");
}

void tsig_json_escape_cut(tsig_strbuf *sb, const char *s, size_t len, size_t max)
{
    escape_sb(sb, s, len, max, ESCAPE_JSON);
}

void tsig_text_escape_cut(tsig_strbuf *sb, const char *s, size_t len, size_t max)
{
    escape_sb(sb, s, len, max, ESCAPE_TEXT);
}

/* A quote that needed memory came out as "" when memory ran out: this
 * one needs none. Ends on a UTF-8 boundary when buf is too small. */
TSIG_SMALL void tsig_quote_cut(const char *s, size_t len, size_t max, char *buf, size_t size)
{
    if (size == 0) return;
    cut_out o = {buf, size, 0, 0, 0};
    escape_to(put_cut, &o, s, len, max, ESCAPE_JSON, 0);
    if (o.cut && (o.next & 0xC0) == 0x80 && o.len > 0) {
        o.len--; /* buf[o.len] is the last byte kept */
        while (o.len > 0 && ((unsigned char)buf[o.len] & 0xC0) == 0x80) o.len--;
    }
    buf[o.len] = '\0';
}

/* The echo counts code points of the string's value, not of its JSON
 * text: "\n" is one, a surrogate pair is one. A message's (a few dozen
 * characters): built for size. */
TSIG_SMALL void tsig_json_echo(tsig_strbuf *sb, const char *raw, size_t len, int escaped,
                               size_t max)
{
    size_t i = 0, units = 0;
    tsig_sb_putc(sb, '"');
    if (!escaped) {
        /* Plain content is already in escaped form: copy whole units. */
        while (i < len && units < max) {
            i += unit_len(raw, len, i);
            units++;
        }
        tsig_sb_append(sb, raw, i);
    } else {
        while (i < len && units < max) {
            char u[4];
            size_t n = tsig_json_decode_unit(raw, len, &i, u);
            escape_unit(put_sb, sb, u, n);
            units++;
        }
    }
    if (i < len) tsig_sb_puts(sb, "\xE2\x80\xA6");
    tsig_sb_putc(sb, '"');
}

/* ---- paths -------------------------------------------------------------
 *
 *   path = [ key ] { "." key | "[" index "]" | "[" json-string "]" }
 *
 * A key that is an identifier (names.c) is written bare (after a "."
 * unless it is first); any other key is written as a JSON string in
 * brackets.
 */

void tsig_json_path_init(tsig_json_path *p)
{
    p->segs = p->small;
    p->count = 0;
    p->cap = sizeof p->small / sizeof p->small[0];
}

/* The first 32 steps live in the path itself; deeper paths move to the
 * heap (doubling). */
int tsig_json_path_push(tsig_json_path *p)
{
    if (p->count == p->cap) {
        size_t cap = p->cap * 2;
        tsig_json_seg *segs;
        if (p->segs == p->small) {
            segs = malloc(cap * sizeof *segs);
            if (segs) memcpy(segs, p->small, sizeof p->small);
        } else {
            segs = realloc(p->segs, cap * sizeof *segs);
        }
        if (!segs) return 0;
        p->segs = segs;
        p->cap = cap;
    }
    tsig_json_seg *s = &p->segs[p->count++];
    s->key = NULL;
    s->len = 0;
    s->index = 0;
    s->escaped = 0;
    return 1;
}

void tsig_json_path_release(tsig_json_path *p)
{
    if (p->segs != p->small) free(p->segs);
    tsig_json_path_init(p);
}

/* For messages and reports only: built for size. */
TSIG_SMALL void tsig_json_path_format(tsig_strbuf *sb, const tsig_json_seg *segs,
                                      size_t count)
{
    for (size_t i = 0; i < count; i++) {
        const tsig_json_seg *s = &segs[i];
        if (!s->key) {
            tsig_sb_printf(sb, "[%zu]", s->index);
            continue;
        }
        const char *key = s->key;
        size_t len = s->len;
        char *plain = NULL;
        if (s->escaped) {
            plain = malloc(len ? len : 1);
            if (!plain) {
                sb->failed = 1;
                return;
            }
            len = tsig_json_unescape(s->key, s->len, plain);
            key = plain;
        }
        if (tsig_is_ident(key, len)) {
            if (i > 0) tsig_sb_putc(sb, '.');
            tsig_sb_append(sb, key, len);
        } else {
            tsig_sb_putc(sb, '[');
            tsig_json_escape(sb, key, len);
            tsig_sb_putc(sb, ']');
        }
        free(plain);
    }
}

/* ---- key sets ----------------------------------------------------------
 *
 * All open objects share one array of keys, in stack order: an object's
 * keys are items[f->start..count), dropped when the object ends. A key
 * without escapes is kept as its place in the text; an escaped one is
 * decoded into bytes (also in stack order). Small objects are scanned;
 * beyond KEYS_SCAN_MAX keys, an object gets a table of item indexes
 * (hash.c), so an object of a million keys, chosen to collide or not,
 * stays linear.
 */

/* Keys an object holds before its frame gets a hash table. */
#define KEYS_SCAN_MAX 16

void tsig_json_keys_begin(tsig_json_keys *k, tsig_json_keyframe *f)
{
    f->start = k->count;
    f->bytes_start = k->bytes_len;
    f->indexed = 0;
}

const char *tsig_json_keys_at(const tsig_json_keys *k, size_t i, size_t *len)
{
    const tsig_json_key *e = &k->items[i];
    *len = e->len;
    return e->in_src ? k->src + e->off : k->bytes + e->off;
}

/* tsig_table_key_of over the keys. */
static const char *key_of(const void *ctx, size_t entry, size_t *len)
{
    return tsig_json_keys_at(ctx, entry, len);
}

const char *tsig_json_key_text(tsig_json_keys *k, const tsig_json_span *key,
                               size_t *len)
{
    const char *raw = k->src + key->start;
    if (!key->flag) {
        *len = key->len;
        return raw;
    }
    if (key->len > k->tmp_cap) {
        size_t cap = key->len < 64 ? 64 : key->len;
        char *t = realloc(k->tmp, cap);
        if (!t) return NULL;
        k->tmp = t;
        k->tmp_cap = cap;
    }
    *len = tsig_json_unescape(raw, key->len, k->tmp);
    return k->tmp;
}

static int keys_equal(const tsig_json_keys *k, size_t i, const char *key,
                      size_t len)
{
    const tsig_json_key *e = &k->items[i];
    if (e->len != len) return 0;
    size_t elen;
    const char *ek = tsig_json_keys_at(k, i, &elen);
    return k->normalized ? tsig_names_match(ek, elen, key, len)
                         : memcmp(ek, key, len) == 0;
}

/* Gives the frame its table, holding the keys it has. 0 when out of
 * memory. */
static int index_frame(tsig_json_keys *k, tsig_json_keyframe *f)
{
    tsig_table_init(&f->table, k->normalized, NULL, key_of, k);
    f->indexed = 1;
    for (size_t i = f->start; i < k->count; i++) {
        size_t len;
        const char *key = tsig_json_keys_at(k, i, &len);
        size_t hash = tsig_table_hash(&f->table, key, len);
        if (tsig_table_add(&f->table, key, len, hash, i) == TSIG_TABLE_NOMEM) return 0;
    }
    return 1;
}

/* Looks the key up among the frame's keys (table or scan), then appends
 * it. */
int tsig_json_keys_add(tsig_json_keys *k, tsig_json_keyframe *f,
                       const char *key, size_t len, int in_src, size_t *found)
{
    *found = (size_t)-1;
    if (f->indexed) {
        size_t hash = tsig_table_hash(&f->table, key, len);
        size_t at = tsig_table_add(&f->table, key, len, hash, k->count);
        if (at == TSIG_TABLE_NOMEM) return 0;
        if (at != TSIG_TABLE_NONE) {
            *found = at;
            return 1;
        }
    } else {
        for (size_t i = f->start; i < k->count; i++) {
            if (keys_equal(k, i, key, len)) {
                *found = i;
                return 1;
            }
        }
    }
    if (k->count == k->cap) {
        size_t cap = k->cap ? k->cap * 2 : 64;
        tsig_json_key *items = realloc(k->items, cap * sizeof *items);
        if (!items) return 0;
        k->items = items;
        k->cap = cap;
    }
    tsig_json_key *e = &k->items[k->count];
    e->len = len;
    e->in_src = in_src;
    if (in_src) {
        e->off = (size_t)(key - k->src);
    } else {
        if (len > k->bytes_cap - k->bytes_len) {
            size_t cap = k->bytes_cap ? k->bytes_cap : 256;
            while (cap - k->bytes_len < len) {
                if (cap > (size_t)-1 / 2) return 0;
                cap *= 2;
            }
            char *bytes = realloc(k->bytes, cap);
            if (!bytes) return 0;
            k->bytes = bytes;
            k->bytes_cap = cap;
        }
        if (len) memcpy(k->bytes + k->bytes_len, key, len);
        e->off = k->bytes_len;
        k->bytes_len += len;
    }
    k->count++;
    if (!f->indexed && k->count - f->start > KEYS_SCAN_MAX) return index_frame(k, f);
    return 1;
}

void tsig_json_keys_end(tsig_json_keys *k, tsig_json_keyframe *f)
{
    k->count = f->start;
    k->bytes_len = f->bytes_start;
    if (f->indexed) tsig_table_release(&f->table);
    f->indexed = 0;
}

void tsig_json_keys_release(tsig_json_keys *k)
{
    free(k->items);
    free(k->bytes);
    free(k->tmp);
    k->items = NULL;
    k->bytes = k->tmp = NULL;
    k->count = k->cap = k->bytes_len = k->bytes_cap = k->tmp_cap = 0;
}

/* ---- walker ------------------------------------------------------------
 *
 * A walk keeps its open arrays and objects in w->frames instead of on the C
 * stack, so the depth of the data costs heap (bounded by max_depth), never
 * stack. Output is written as the text is read; a comma is written before
 * a member only once something was written in that frame, so members left
 * out (strip) leave no stray commas.
 */

/* One open array or object of a walk. */
struct tsig_json_frame {
    int is_object;
    int wrote; /* a member was written (a comma goes before the next) */
    tsig_json_keyframe keys;
};

/* Opens a frame for the bracket at j->pos: depth check, path step, key
 * frame. Returns the frame, or NULL when j->code is set. */
static tsig_json_frame *walk_open(tsig_json_walker *w, size_t top)
{
    tsig_json *j = w->j;
    int is_object = j->src[j->pos] == '{';
    if (!tsig_json_enter(j)) return NULL;
    if (top == w->frame_cap) {
        size_t cap = w->frame_cap ? w->frame_cap * 2 : 16;
        tsig_json_frame *frames = realloc(w->frames, cap * sizeof *frames);
        if (!frames) {
            tsig_json_fail_code(j, TSIG_ERR_NOMEM, j->pos, "out of memory");
            return NULL;
        }
        w->frames = frames;
        w->frame_cap = cap;
    }
    if (!tsig_json_path_push(w->path)) {
        tsig_json_fail_code(j, TSIG_ERR_NOMEM, j->pos, "out of memory");
        return NULL;
    }
    tsig_json_frame *f = &w->frames[top];
    f->is_object = is_object;
    f->wrote = 0;
    tsig_json_keys_begin(w->keys, &f->keys);
    if (w->out) tsig_sb_putc(w->out, is_object ? '{' : '[');
    if (w->on_value && !w->on_value(w->ctx, TSIG_WALK_OPEN, j->pos - 1, NULL)) {
        tsig_json_keys_end(w->keys, &f->keys);
        w->path->count--;
        return NULL;
    }
    return f;
}

/* tsig_json_key_read, inline for the walker */
static TSIG_ALWAYS_INLINE size_t key_read(tsig_json *j, size_t at, tsig_json_span *key, int first)
{
    j->pos = at = tsig_json_ws(j, at);
    if (at >= j->len || j->src[at] != '"')
        return (size_t)tsig_json_fail(j, at, first ? "a string key or \"}\"" : "a string key");
    at = tsig_json_string_end(j, key);
    if (!at) return 0;
    j->pos = at = tsig_json_ws(j, at);
    if (at >= j->len || j->src[at] != ':') return (size_t)tsig_json_fail(j, at, "\":\"");
    return j->pos = at + 1;
}

size_t tsig_json_key_read(tsig_json *j, size_t at, tsig_json_span *key, int first)
{
    return key_read(j, at, key, first);
}

/*
 * Reads the key at j->pos (after '{' or ','), its ':' and the whitespace
 * before the value; checks it against the object's earlier keys and writes
 * it. Returns 1; 2 when the member is firewalled and its value must not be
 * written; 0 when j->code is set (or on_duplicate stopped the walk).
 */
static int walk_key(tsig_json_walker *w, tsig_json_frame *f, int first)
{
    tsig_json *j = w->j;
    tsig_json_span key;
    if (!key_read(j, j->pos, &key, first)) return 0;
    size_t key_at = key.start - 1; /* its opening quote */
    tsig_json_skip_ws(j);

    tsig_json_seg *seg = &w->path->segs[w->path->count - 1];
    seg->key = j->src + key.start;
    seg->len = key.len;
    seg->escaped = key.flag;

    const tsig_json_key_rule *rule = w->rule;
    const char *text = NULL;
    size_t len = 0;
    int need_text = (w->flags & TSIG_WALK_KEYS) ||
                    (w->out && rule && (rule->fate || (key.flag && rule->write_key)));
    if (need_text) {
        text = tsig_json_key_text(w->keys, &key, &len);
        if (!text) return tsig_json_fail_code(j, TSIG_ERR_NOMEM, key_at, "out of memory");
    }
    if (w->flags & TSIG_WALK_KEYS) {
        size_t found;
        if (!tsig_json_keys_add(w->keys, &f->keys, text, len, !key.flag, &found))
            return tsig_json_fail_code(j, TSIG_ERR_NOMEM, key_at, "out of memory");
        if (found != (size_t)-1 && !w->on_duplicate(w->ctx, found, text, len, key_at))
            return 0;
        /* a key decoded into keys->tmp may have been overwritten: decode again */
        if (key.flag && rule) text = tsig_json_key_text(w->keys, &key, &len);
    }
    if (w->on_value && !w->on_value(w->ctx, TSIG_WALK_KEY, key_at, &key)) return 0;
    if (!w->out) return 1;
    tsig_member_fate fate = rule && rule->fate ? rule->fate(text, len) : TSIG_MEMBER_KEEP;
    if (fate == TSIG_MEMBER_DROP) return 2;
    if (f->wrote) tsig_sb_putc(w->out, ',');
    f->wrote = 1;
    if (rule && rule->write_key) {
        /* text is the decoded key in keys->tmp (escaped keys): the rule
         * may change it there */
        rule->write_key(w->out, j->src + key.start, key.len, key.flag, (char *)text, len);
    } else if (key.flag && (w->flags & TSIG_WALK_CANONICAL)) {
        if (!(text = tsig_json_key_text(w->keys, &key, &len)))
            return tsig_json_fail_code(j, TSIG_ERR_NOMEM, key_at, "out of memory");
        tsig_json_escape(w->out, text, len);
    } else {
        tsig_sb_putc(w->out, '"');
        tsig_sb_append(w->out, j->src + key.start, key.len);
        tsig_sb_putc(w->out, '"');
    }
    tsig_sb_putc(w->out, ':');
    if (fate == TSIG_MEMBER_MASK) {
        tsig_sb_puts(w->out, rule->mask);
        return 2;
    }
    return 1;
}

/* Dispatches on the first byte; anything that cannot start a value is
 * "expected a JSON value". */
int tsig_json_scalar(tsig_json *j, tsig_json_span *s)
{
    size_t at = j->pos;
    char c = at < j->len ? j->src[at] : '\0';
    if (at >= j->len) return tsig_json_fail(j, at, "a JSON value");
    switch (c) {
    case '"': return tsig_json_string(j, s);
    case 't': return tsig_json_literal(j, "true", 4);
    case 'f': return tsig_json_literal(j, "false", 5);
    case 'n': return tsig_json_literal(j, "null", 4);
    default:
        if (c == '-' || is_digit(c)) return tsig_json_number(j, s);
        if (j->words && is_word_byte(c)) return word_fail(j);
        return tsig_json_fail(j, at, "a JSON value");
    }
}

/* Reads a scalar at j->pos, writing it when out is set. */
static int walk_scalar(tsig_json_walker *w)
{
    tsig_json *j = w->j;
    size_t at = j->pos;
    tsig_json_span s;
    if (!tsig_json_scalar(j, &s)) return 0;
    if (w->on_value && !w->on_value(w->ctx, TSIG_WALK_SCALAR, at, &s)) return 0;
    if (!w->out) return 1;
    if (s.flag && j->src[at] == '"' && (w->flags & TSIG_WALK_CANONICAL)) {
        size_t len;
        const char *text = tsig_json_key_text(w->keys, &s, &len);
        if (!text) return tsig_json_fail_code(j, TSIG_ERR_NOMEM, at, "out of memory");
        tsig_json_escape(w->out, text, len);
    } else {
        tsig_sb_append(w->out, j->src + at, j->pos - at);
    }
    return 1;
}

/*
 * The walk itself: a loop over "read a value", then "after a value" (a
 * comma or the closing bracket of the innermost open frame). Output is
 * switched off (w->out saved) while a firewalled member's value is read.
 */
int tsig_json_walk(tsig_json_walker *w)
{
    tsig_json *j = w->j;
    tsig_strbuf *out = w->out;
    size_t top = 0; /* frames open in this walk */
    size_t muted = (size_t)-1; /* frame count at which output was muted */
    int ok = 1;

    for (;;) {
        /* read a value */
        tsig_json_skip_ws(j);
        char c = j->pos < j->len ? j->src[j->pos] : '\0';
        if (j->pos < j->len && (c == '{' || c == '[')) {
            tsig_json_frame *f = walk_open(w, top);
            if (!f) { ok = 0; break; }
            top++;
            tsig_json_skip_ws(j);
            char close = f->is_object ? '}' : ']';
            if (j->pos < j->len && j->src[j->pos] == close) {
                /* empty: fall through to "after a value", which closes it */
            } else if (f->is_object) {
                int r = walk_key(w, f, 1);
                if (!r) { ok = 0; break; }
                if (r == 2) { muted = top; w->out = NULL; }
                continue;
            } else {
                continue;
            }
        } else if (!walk_scalar(w)) {
            ok = 0;
            break;
        }

        /* after a value */
        for (;;) {
            if (muted == top && w->out == NULL) {
                w->out = out;
                muted = (size_t)-1;
            }
            if (top == 0) goto done;
            tsig_json_frame *f = &w->frames[top - 1];
            char close = f->is_object ? '}' : ']';
            size_t at = j->pos;
            int more = tsig_json_after(j, &at, close);
            j->pos = at;
            if (!more) {
                ok = 0;
                goto done;
            }
            if (more == 2) {
                j->pos++;
                j->depth--;
                tsig_json_keys_end(w->keys, &f->keys);
                w->path->count--;
                top--;
                if (w->out) tsig_sb_putc(w->out, close);
                if (w->on_value && !w->on_value(w->ctx, TSIG_WALK_CLOSE, j->pos, NULL)) {
                    ok = 0;
                    goto done;
                }
                continue;
            }
            if (f->is_object) {
                int r = walk_key(w, f, 0);
                if (!r) { ok = 0; goto done; }
                if (r == 2) { muted = top; w->out = NULL; }
            } else {
                w->path->segs[w->path->count - 1].index++;
                if (w->out) tsig_sb_putc(w->out, ',');
                tsig_json_skip_ws(j);
            }
            break; /* read the next value */
        }
    }
done:
    if (!ok) {
        /* unwind what this walk opened */
        while (top > 0) {
            tsig_json_keys_end(w->keys, &w->frames[top - 1].keys);
            w->path->count--;
            top--;
        }
    }
    w->out = out;
    return ok;
}

void tsig_json_walker_release(tsig_json_walker *w)
{
    free(w->frames);
    w->frames = NULL;
    w->frame_cap = 0;
}

void tsig_json_walking_begin(tsig_json_walking *k, const char *json, size_t len,
                             size_t max_depth, tsig_error *err)
{
    memset(k, 0, sizeof *k);
    tsig_json_init(&k->j, json, len, max_depth, err);
    tsig_json_path_init(&k->path);
    k->keys.src = k->j.src;
    k->w.j = &k->j;
    k->w.path = &k->path;
    k->w.keys = &k->keys;
}

void tsig_json_walking_release(tsig_json_walking *k)
{
    tsig_json_walker_release(&k->w);
    tsig_json_keys_release(&k->keys);
    tsig_json_path_release(&k->path);
}

/* ---- rewriting whole texts ---------------------------------------------- */

/* The walker's report of a repeated key in a rewrite: the first one stops
 * it, as "duplicate key \"k\"" or, when the keys differ and are only equal
 * after '-' -> '_', as a collision naming both; " at <path>" is added when
 * the object is not the root. The error is at the second key. */
static int rewrite_duplicate(void *ctx, size_t first, const char *key, size_t len,
                             size_t offset)
{
    tsig_json_walker *w = ctx;
    size_t first_len;
    const char *first_key = tsig_json_keys_at(w->keys, first, &first_len);
    int same = first_len == len && memcmp(first_key, key, len) == 0;
    tsig_strbuf sb = {0};
    if (same) {
        tsig_sb_puts(&sb, "duplicate key ");
        tsig_json_escape_cut(&sb, key, len, TSIG_ECHO_MAX);
    } else {
        tsig_sb_puts(&sb, "keys ");
        tsig_json_escape_cut(&sb, first_key, first_len, TSIG_ECHO_MAX);
        tsig_sb_puts(&sb, " and ");
        tsig_json_escape_cut(&sb, key, len, TSIG_ECHO_MAX);
        tsig_sb_puts(&sb, " both normalize to ");
        size_t start = sb.len;
        tsig_json_escape_cut(&sb, key, len, TSIG_ECHO_MAX);
        /* no escape holds a '-': the escaped key normalizes as the key */
        if (!sb.failed) tsig_name_normalize(sb.data + start, sb.data + start, sb.len - start);
    }
    if (w->path->count > 1) {
        tsig_sb_puts(&sb, " at ");
        tsig_json_path_format(&sb, w->path->segs, w->path->count - 1);
    }
    if (sb.failed) {
        tsig_json_fail_code(w->j, TSIG_ERR_NOMEM, offset, "out of memory");
    } else {
        tsig_json_fail_code(w->j, same ? TSIG_ERR_JSON : TSIG_ERR_KEY_COLLISION, offset,
                            "%s", sb.data);
    }
    tsig_sb_release(&sb);
    return 0;
}

tsig_code tsig_json_rewrite(const char *json, size_t len, const tsig_json_key_rule *rule,
                            char **out, size_t *out_len, tsig_error *err)
{
    tsig_error ignored;
    if (!err) err = &ignored;
    memset(err, 0, sizeof *err);
    if (out) *out = NULL;
    if (out_len) *out_len = 0;
    if (!out || (!json && len)) {
        tsig_error_set(err, TSIG_ERR_ARGUMENT, "", 0, 0, "no text or no place for the result");
        return TSIG_ERR_ARGUMENT;
    }
    if (len > TSIG_MAX_INPUT) {
        tsig_error_set(err, TSIG_ERR_TOO_LARGE, "", 0, 0, "JSON text larger than %zu bytes",
                       (size_t)TSIG_MAX_INPUT);
        return TSIG_ERR_TOO_LARGE;
    }
    tsig_json_walking k;
    tsig_strbuf sb = {0};
    tsig_json_walking_begin(&k, json, len, TSIG_DEFAULT_MAX_DEPTH, err);
    k.keys.normalized = rule && rule->normalize;
    k.w.out = &sb;
    k.w.flags = TSIG_WALK_KEYS;
    k.w.rule = rule;
    k.w.on_duplicate = rewrite_duplicate;
    k.w.ctx = &k.w;

    int ok = tsig_json_walk(&k.w) && tsig_json_finish(&k.j);
    tsig_code code = ok ? TSIG_OK : k.j.code;
    tsig_json_walking_release(&k);
    if (code != TSIG_OK) {
        tsig_sb_release(&sb);
        return code;
    }
    *out = tsig_sb_finish(&sb, out_len);
    if (!*out) {
        tsig_error_set(err, TSIG_ERR_NOMEM, json, len, 0, "out of memory");
        return TSIG_ERR_NOMEM;
    }
    return TSIG_OK;
}

/* ---- the push reader: text in chunks, its state explicit ----------------- */

enum {
    P_VALUE, P_KEY, P_COLON, P_AFTER, P_STRING,
    P_NUMBER, P_LITERAL, P_DONE,
    /* repair mode's own (see below) */
    P_START, P_PROSE, P_FENCE, P_COMMA, P_LINE_COMMENT, P_BLOCK_COMMENT, P_TAIL,
    P_PROSE_AFTER, P_PASS
};

void tsig_json_push_begin(tsig_json_push *r, size_t max_depth)
{
    tsig_strbuf stack = r->stack;
    memset(r, 0, sizeof *r);
    stack.len = 0;
    stack.failed = 0;
    r->stack = stack;
    r->max_depth = max_depth;
    r->p = P_VALUE;
}

void tsig_json_push_release(tsig_json_push *r)
{
    tsig_sb_release(&r->stack);
}

int tsig_json_push_in_string(const tsig_json_push *r)
{
    return r->in_value_string && r->p == P_STRING;
}

int tsig_json_push_done(const tsig_json_push *r)
{
    return r->p == P_DONE;
}

int tsig_json_push_refused(const tsig_json_push *r)
{
    return r->refused || r->p == P_PASS;
}

int tsig_json_push_cut(const tsig_json_push *r, size_t *from, size_t *to, tsig_strbuf *close)
{
    size_t depth = r->cut_depth;
    *from = r->bom;
    *to = r->cut;
    if (tsig_json_push_in_string(r)) {
        *to = r->str_cut;
        tsig_sb_putc(close, '"');
        depth = r->stack.len;
    }
    for (size_t k = depth; k > 0; k--) tsig_sb_putc(close, r->stack.data[k - 1]);
    return r->cut != r->bom || r->in_value_string;
}

int tsig_json_push_awaits_member(const tsig_json_push *r, size_t *to)
{
    *to = r->read;
    return !r->rp && r->p == P_VALUE && r->stack.len;
}

/* The words read as a value whatever the type (SPEC §13): JSON's and
 * Python's literals, and the non-numbers JSON refuses; the last two may
 * take a sign (VALUE_WORDS_SIGNED). */
static const char *const VALUE_WORDS[] = {"true", "false", "null", "True", "False", "None",
                                          "undefined", "NaN", "Infinity"};
#define VALUE_WORDS_COUNT (sizeof VALUE_WORDS / sizeof VALUE_WORDS[0])
#define VALUE_WORDS_SIGNED 7

/* 1 when t[0..n), a bare text, holds what no bare reading takes (SPEC
 * §13.1): a quote, a bracket, a comment. */
static int bare_refused(const char *t, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (t[i] == '"' || t[i] == '{' || t[i] == '[' ||
            (t[i] == '/' && i + 1 < n && (t[i + 1] == '/' || t[i + 1] == '*')))
            return 1;
    return 0;
}

/* 1 when t[0..n), the start of a bare text, can only be read as a string:
 * not the start of a literal or number (True, nul, 12, NaN, Infinity:
 * these may end as another value, or as no value), and holding nothing the
 * reading refuses once the text is whole (bare_refused). */
static int bare_so_far(const char *t, size_t n)
{
    if (!n || strchr("-+.0123456789", t[0])) return 0;
    for (size_t k = 0; k < VALUE_WORDS_COUNT; k++)
        if (n <= strlen(VALUE_WORDS[k]) && memcmp(t, VALUE_WORDS[k], n) == 0) return 0;
    return !bare_refused(t, n);
}

TSIG_COLD int tsig_json_push_open_reading(const tsig_json_push *r, const char *t, size_t n,
                                          size_t *from, size_t *to)
{
    size_t p = r->read, e = n;
    if (!r->rp || r->p != P_VALUE || !r->admits || !r->stack.len || p >= n) return 0;
    int c = (unsigned char)t[p];
    if (n - p >= 3 && (memcmp(t + p, "\"\"\"", 3) == 0 || memcmp(t + p, "```", 3) == 0)) {
        p += 3;
        if (c == '`') { /* a fence: its info line first */
            const char *nl = memchr(t + p, '\n', n - p);
            if (!nl) return 0;
            p = (size_t)(nl - t) + 1;
        }
        for (int k = 0; k < 2 && e > p && t[e - 1] == c; k++) e--;
    } else if (c == '`') {
        if (n - p < 3 && (n - p < 2 || t[p + 1] == '`')) return 0; /* a fence, perhaps */
        p++;
    } else if (c == '"' || c == '\'' || c == '{' || c == '[' || c == ',' || c == '}' || c == ']') {
        return 0;
    } else { /* a bare text: up to a line end it has not met yet */
        while (e > p && (t[e - 1] == ' ' || t[e - 1] == '\t')) e--;
        if (!bare_so_far(t + p, e - p)) return 0;
    }
    for (int k = 0; k < 4 && e > p && !tsig_text_readable(t + p, e - p); k++) e--;
    if (!tsig_text_readable(t + p, e - p)) return 0;
    *from = p;
    *to = e;
    return 1;
}

/* A value ended at end (the byte after it): the reader's part, then its
 * reader of values is told (event). */
static void push_done(tsig_json_push *r, size_t end, int event,
                      int (*on)(void *, int, size_t), void *ctx)
{
    r->p = r->stack.len ? P_AFTER : P_DONE;
    if (r->rp) { /* repair reads on after the value */
        r->newline = 0;
        r->first = 0;
        if (!r->stack.len && !r->value_end) r->value_end = end;
    } else if (!r->stack.len) {
        r->whole = r->stop = 1;
    }
    r->cut = end;
    r->cut_depth = r->stack.len;
    if (on && on(ctx, event, end) == TSIG_PUSH_YIELD) r->stop = 1;
}

/* ---- the push reader's repair mode (SPEC §12.1) -------------------------
 *
 * The same reader, its strict states and a few of repair's own: before the
 * value (P_START: a fence, prose), in prose, in a fence's info string, a
 * comma withheld until what follows shows it trailing, comments, after a
 * closing fence, prose after the value, and a refusal (P_PASS: the rest as
 * it is). At each byte it first asks whether a repair reads it
 * (repair_step); what none reads the strict states read, and a byte they
 * refuse leaves the rest as it is, so the strict reader of the canonical
 * text stops at the same byte it would have stopped at in the original
 * (the map turns the position back). The canonical text is written
 * lazily: runs of the original are copied where a repair replaces,
 * removes or inserts, and when the reader returns. A string is read by
 * repair's own rule (any quotes, escapes as written, raw line ends and
 * tabs escaped); a number or literal by the strict one.
 */

enum { Q_DOUBLE, Q_SINGLE, Q_CURLY_DOUBLE, Q_CURLY_SINGLE };

/* what repair_step answers */
enum { STEP_STRICT, STEP_GO, STEP_MORE };

#define R_MORE (-2)
#define R_END (-1)

/* The next canonical bytes come from original offset at. */
static TSIG_SMALL void rp_place(tsig_repair *rp, size_t at)
{
    size_t o = rp->out.len;
    if (rp->map_count) {
        const size_t *last = &rp->map[2 * (rp->map_count - 1)];
        if (last[1] + (o - last[0]) == at) return;
        if (last[0] == o) {
            rp->map[2 * (rp->map_count - 1) + 1] = at;
            return;
        }
    } else if (o == at) {
        return;
    }
    if (rp->map_count == rp->map_cap) {
        size_t cap = rp->map_cap ? 2 * rp->map_cap : 16;
        size_t *m = realloc(rp->map, cap * 2 * sizeof *m);
        if (!m) {
            rp->out.failed = 1;
            return;
        }
        rp->map = m;
        rp->map_cap = cap;
    }
    rp->map[2 * rp->map_count] = o;
    rp->map[2 * rp->map_count + 1] = at;
    rp->map_count++;
}

static TSIG_SMALL void rp_emit(tsig_repair *rp, const char *s, size_t n, size_t at)
{
    rp_place(rp, at);
    tsig_sb_append(&rp->out, s, n);
}

/* The original t[copied..to) into the canonical text, as it is. */
static TSIG_SMALL void rp_flush(tsig_json_push *r, const char *t, size_t to)
{
    if (to <= r->copied) return;
    rp_emit(r->rp, t + r->copied, to - r->copied, r->copied);
    r->copied = to;
}

/* t[at..skip) written as s[0..n) (n 0: removed). What comes next comes
 * from skip, whatever the lengths: a place after a longer replacement is
 * never one past the text it replaced. */
static TSIG_SMALL void rp_replace(tsig_json_push *r, const char *t, size_t at, size_t skip,
                                  const char *s, size_t n)
{
    rp_flush(r, t, at);
    if (n) rp_emit(r->rp, s, n, at);
    rp_place(r->rp, skip);
    r->copied = skip;
}

static TSIG_SMALL void rp_note(tsig_repair *rp, int what, size_t at, size_t len)
{
    if (rp->note_count == rp->note_cap) {
        size_t cap = rp->note_cap ? 2 * rp->note_cap : 8;
        tsig_repair_note *n = realloc(rp->notes, cap * sizeof *n);
        if (!n) {
            rp->out.failed = 1;
            return;
        }
        rp->notes = n;
        rp->note_cap = cap;
    }
    /* in text order: only a trailing comma is noted late, after the
     * comments of its own whitespace, so the shifting stays linear */
    size_t i = rp->note_count++;
    while (i > 0 && rp->notes[i - 1].at > at) {
        rp->notes[i] = rp->notes[i - 1];
        i--;
    }
    rp->notes[i].what = what;
    rp->notes[i].at = at;
    rp->notes[i].len = len;
}

TSIG_SMALL void tsig_repair_init(tsig_repair *rp, size_t max_depth)
{
    memset(rp, 0, sizeof *rp);
    tsig_json_push_begin(&rp->r, max_depth);
    rp->r.p = P_START;
    rp->r.rp = rp;
}

TSIG_SMALL void tsig_repair_release(tsig_repair *rp)
{
    tsig_sb_release(&rp->out);
    tsig_json_push_release(&rp->r);
    free(rp->map);
    free(rp->notes);
    memset(rp, 0, sizeof *rp);
}

TSIG_SMALL size_t tsig_repair_original(const tsig_repair *rp, size_t offset)
{
    size_t lo = 0, hi = rp->map_count;
    if (!hi || rp->map[0] > offset) return offset;
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (rp->map[2 * mid] <= offset) lo = mid;
        else hi = mid;
    }
    return rp->map[2 * lo + 1] + (offset - rp->map[2 * lo]);
}

static TSIG_SMALL int rp_byte(const tsig_json_push *r, const char *t, size_t n, size_t i)
{
    if (i < n) return (unsigned char)t[i];
    return r->final ? R_END : R_MORE;
}

/* A bare word at a value's place (a literal such as True, or text left
 * for the strict reader to refuse) starts with a letter, '_' or '$' and
 * goes on with digits too. A bare key is an identifier (names.c). */
static TSIG_SMALL int word_start(int c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$';
}

static TSIG_SMALL int word_is(const char *s, size_t n, const char *w)
{
    return n == strlen(w) && memcmp(s, w, n) == 0;
}

/* A word that reads as a value (JSON or Python literal, or one of the
 * refused non-numbers): it is never prose. */
static TSIG_SMALL int value_word(const char *s, size_t n)
{
    for (size_t k = 0; k < VALUE_WORDS_COUNT; k++)
        if (word_is(s, n, VALUE_WORDS[k])) return 1;
    return 0;
}

/* The end of the word starting at at (a value's word, or a key's
 * identifier when key), or R_MORE; a word read before up to the end of the
 * text is read on from there. */
static TSIG_SMALL size_t rp_word_end(tsig_json_push *r, const char *t, size_t n, size_t at, int key)
{
    size_t i = r->memo_word_at == at + 1 && r->memo_word_key == key ? r->memo_word_to : at;
    if (key)
        i = tsig_ident_run(t, n, i);
    else
        while (i < n && (word_start((unsigned char)t[i]) || is_digit(t[i]))) i++;
    r->memo_word_at = at + 1;
    r->memo_word_to = i;
    r->memo_word_key = key;
    return i < n || r->final ? i : (size_t)R_MORE;
}

/* The end of the spaces and tabs starting at at, read on as rp_word_end. */
static TSIG_SMALL size_t rp_spaces_end(tsig_json_push *r, const char *t, size_t n, size_t at)
{
    size_t i = r->memo_blank_at == at + 1 ? r->memo_blank_to : at;
    while (i < n && (t[i] == ' ' || t[i] == '\t')) i++;
    r->memo_blank_at = at + 1;
    r->memo_blank_to = i;
    return i;
}

/* An opening curly quote at i: Q_CURLY_DOUBLE / Q_CURLY_SINGLE, 0 when
 * none, R_MORE when undecided. */
static TSIG_SMALL int curly_open(const tsig_json_push *r, const char *t, size_t n, size_t i)
{
    if (i + 3 > n) {
        if (r->final) return 0;
        for (size_t k = i; k < n; k++)
            if (k - i < 2 && (unsigned char)t[k] != (unsigned char)"\xE2\x80"[k - i]) return 0;
        return R_MORE;
    }
    if ((unsigned char)t[i] != 0xE2 || (unsigned char)t[i + 1] != 0x80) return 0;
    if ((unsigned char)t[i + 2] == 0x9C) return Q_CURLY_DOUBLE;
    if ((unsigned char)t[i + 2] == 0x98) return Q_CURLY_SINGLE;
    return 0;
}

static TSIG_SMALL int value_start(int c)
{
    return c == '{' || c == '[' || c == '"' || c == '\'' || c == '-' || is_digit((char)c) ||
           word_start(c) || c == 0xE2;
}

static TSIG_SMALL int key_start(int c)
{
    return c == '"' || c == '\'' || tsig_ident_start((char)c) || c == 0xE2;
}

static TSIG_SMALL char rp_top(const tsig_json_push *r)
{
    return r->stack.len ? r->stack.data[r->stack.len - 1] : 0;
}

static TSIG_SMALL void rp_after_value(tsig_json_push *r, size_t end)
{
    if (!r->stack.len && !r->value_end) r->value_end = end;
    r->p = r->stack.len ? P_AFTER : P_DONE;
    r->newline = 0;
    r->first = 0;
}

/* Whitespace and comments where JSON allows whitespace: 1 read (*i
 * after), 0 not blank, R_MORE undecided. */
static TSIG_SMALL int rp_blank(tsig_json_push *r, const char *t, size_t n, size_t *i, int c)
{
    size_t p = *i;
    if (tsig_json_is_ws((unsigned char)c)) {
        size_t e = tsig_json_ws_run(t, p + 1, n);
        if (memchr(t + p, '\n', e - p)) r->newline = 1;
        *i = e;
        return 1;
    }
    if (c != '/') return 0;
    int d = rp_byte(r, t, n, p + 1);
    if (d == R_MORE) return R_MORE;
    if (d != '/' && d != '*') return 0;
    rp_note(r->rp, TSIG_REPAIR_COMMENT, p, 0);
    rp_replace(r, t, p, p + 2, NULL, 0);
    r->comment_at = p;
    r->back = r->p;
    r->p = d == '/' ? P_LINE_COMMENT : P_BLOCK_COMMENT;
    *i = p + 2;
    return 1;
}

/* A string opens at at with quotes q (n bytes): written with '"'. */
static TSIG_SMALL void open_string(tsig_json_push *r, const char *t, int q, size_t at, size_t n,
                                   int key)
{
    if (q == Q_SINGLE) rp_note(r->rp, TSIG_REPAIR_SINGLE, at, 0);
    if (q == Q_CURLY_DOUBLE || q == Q_CURLY_SINGLE) rp_note(r->rp, TSIG_REPAIR_CURLY, at, 0);
    if (q != Q_DOUBLE) rp_replace(r, t, at, at + n, "\"", 1);
    r->quote = q;
    r->key = key;
    r->key_at = at + n;
    r->ctrl_noted = r->line_in_string = 0;
    r->quote_end = r->quote_scan = r->quote_open = r->quote_first = 0;
    r->p = P_STRING;
}

/* Text going on around a quote (SPEC §13.1): a letter, a digit or one of
 * ( ) . ! ? ' - */
static TSIG_SMALL int text_going_on(int c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || is_digit((char)c) || c == '(' ||
           c == ')' || c == '.' || c == '!' || c == '?' || c == '\'' || c == '-';
}

/* Whether the '"' at p can end no string: 1, 0, or R_MORE when its next
 * byte that is no space or tab has not come yet. */
static TSIG_SMALL int quote_cannot_end(const tsig_json_push *r, const char *t, size_t n, size_t p)
{
    unsigned char before = (unsigned char)t[p - 1];
    if (!(text_going_on(before) || before == ' ' || before == '\t')) return 0;
    size_t j = p + 1;
    while (j < n && (t[j] == ' ' || t[j] == '\t')) j++;
    if (j >= n) return r->final ? 0 : R_MORE;
    return text_going_on((unsigned char)t[j]);
}

/* Whether the '"' at k, in a double-quoted string, is inside it (1), ends
 * it (0), or R_MORE while that cannot be told from the text so far (SPEC
 * §13.1). At the string's first quote the quotes after it, to the end of
 * the line, are read once: the first that can end a string (E) ends it,
 * those before are inside, provided each that follows a space or tab
 * (opening a quotation) is closed by a later one, or else the first left
 * open ends the string; with no such E (the line or the text ends), or a
 * raw line end in the string, k ends it. The scan resumes where the text
 * so far stopped it. */
static TSIG_SMALL int quote_inside(tsig_json_push *r, const char *t, size_t n, size_t k)
{
    if (!r->quote_end) {
        size_t p = r->quote_scan ? r->quote_scan : k, end = k;
        if (!r->line_in_string) {
            for (;;) {
                while (p < n && t[p] != '"' && t[p] != '\n' && t[p] != '\r') p += t[p] == '\\' ? 2 : 1;
                if (p >= n) {
                    if (!r->final) {
                        r->quote_scan = p > n ? n - 1 : p;
                        return R_MORE;
                    }
                    break; /* no later quote ends it */
                }
                if (t[p] != '"') break; /* a raw line end */
                int inside = quote_cannot_end(r, t, n, p);
                if (inside == R_MORE) {
                    r->quote_scan = p;
                    return R_MORE;
                }
                if (!inside) {
                    end = r->quote_open ? r->quote_first : p;
                    break;
                }
                if (t[p - 1] == ' ' || t[p - 1] == '\t') {
                    if (!r->quote_open++) r->quote_first = p;
                } else if (r->quote_open) {
                    r->quote_open--;
                }
                p++;
            }
        }
        r->quote_end = end + 1;
    }
    return k < r->quote_end - 1;
}

/* A string's content from *i: STEP_GO when it ended (*i after its closing
 * quote), STEP_MORE when the text so far is used up (*i where to go on). */
static TSIG_SMALL int rp_string(tsig_json_push *r, const char *t, size_t n, size_t *i)
{
    size_t k = *i;
    int q = r->quote;
    for (;;) {
        while (k < n) {
            unsigned char c = (unsigned char)t[k];
            if (c == '"' || c == '\\' || c < 0x20 || c == '\'' || c == 0xE2) break;
            k++;
        }
        if (k >= n) {
            *i = n;
            return STEP_MORE;
        }
        unsigned char c = (unsigned char)t[k];
        if (c == '\\') {
            if (k + 1 >= n) {
                *i = r->final ? n : k;
                return STEP_MORE;
            }
            if (q == Q_SINGLE && t[k + 1] == '\'') {
                rp_flush(r, t, k);
                rp_emit(r->rp, "'", 1, k + 1);
                r->copied = k + 2;
            }
            k += 2;
            continue;
        }
        if (c == '"') {
            if (q == Q_DOUBLE) {
                int inside = quote_inside(r, t, n, k);
                if (inside == R_MORE) {
                    *i = k;
                    return STEP_MORE;
                }
                if (inside) {
                    rp_note(r->rp, TSIG_REPAIR_INNER_QUOTE, k, 0);
                    rp_replace(r, t, k, k + 1, "\\\"", 2);
                    k++;
                    continue;
                }
                *i = k + 1;
                break;
            }
            rp_replace(r, t, k, k + 1, "\\\"", 2);
            k++;
            continue;
        }
        if (c == '\'') {
            if (q == Q_SINGLE) {
                rp_replace(r, t, k, k + 1, "\"", 1);
                *i = k + 1;
                break;
            }
            k++;
            continue;
        }
        if (c == 0xE2) {
            if (q == Q_CURLY_DOUBLE || q == Q_CURLY_SINGLE) {
                if (k + 3 > n && !r->final) {
                    *i = k;
                    return STEP_MORE;
                }
                unsigned char close = q == Q_CURLY_DOUBLE ? 0x9D : 0x99;
                if (k + 3 <= n && (unsigned char)t[k + 1] == 0x80 &&
                    (unsigned char)t[k + 2] == close) {
                    rp_replace(r, t, k, k + 3, "\"", 1);
                    *i = k + 3;
                    break;
                }
            }
            k++;
            continue;
        }
        if (c == '\n' || c == '\t' || c == '\r') {
            if (!r->ctrl_noted) rp_note(r->rp, TSIG_REPAIR_CONTROL, k, 0);
            r->ctrl_noted = 1;
            if (c != '\t') r->line_in_string = 1;
            rp_replace(r, t, k, k + 1, c == '\n' ? "\\n" : c == '\t' ? "\\t" : "\\r", 2);
        }
        k++; /* another control character: left for the strict reader */
    }
    if (r->key) {
        /* the key's text, between its quotes */
        if (r->rp->on) r->rp->on(r->rp->ctx, TSIG_PUSH_KEY, *i - (q == Q_DOUBLE || q == Q_SINGLE ? 1 : 3));
        r->p = P_COLON;
    } else {
        rp_after_value(r, *i);
    }
    return STEP_GO;
}

/* ---- reading by the type (SPEC §13.1), where the type admits a string ---- */

#define NO_READING (-3)

/* A text block of s[0..len) into out (SPEC §13.1): a value on one line as
 * written; over several lines, a blank first and last line dropped, the
 * indentation common to the other non-blank lines removed, blank lines
 * empty, line ends "\n". */
static TSIG_SMALL void text_block(tsig_strbuf *out, const char *s, size_t len)
{
    if (!memchr(s, '\n', len) && !memchr(s, '\r', len)) {
        tsig_sb_append(out, s, len);
        return;
    }
    /* two passes over the lines: the common indentation, then the text */
    size_t prefix = (size_t)-1;
    const char *first_ws = NULL;
    for (int pass = 0; pass < 2; pass++) {
        size_t at = 0, line = 0, written = 0;
        while (at <= len) {
            size_t end = at;
            while (end < len && s[end] != '\n' && s[end] != '\r') end++;
            size_t next = end < len ? end + (s[end] == '\r' && end + 1 < len && s[end + 1] == '\n' ? 2 : 1)
                                    : len + 1;
            size_t ws = at;
            while (ws < end && (s[ws] == ' ' || s[ws] == '\t')) ws++;
            int blank = ws == end, last = next > len;
            if (!((line == 0 || last) && blank)) {
                if (pass == 0 && !blank) {
                    if (!first_ws) {
                        first_ws = s + at;
                        prefix = ws - at;
                    } else {
                        size_t k = 0;
                        while (k < prefix && k < ws - at && s[at + k] == first_ws[k]) k++;
                        prefix = k;
                    }
                } else if (pass == 1) {
                    if (written++) tsig_sb_putc(out, '\n');
                    if (!blank) tsig_sb_append(out, s + at + prefix, end - at - prefix);
                }
            }
            line++;
            at = next;
        }
        if (prefix == (size_t)-1) prefix = 0;
    }
}

TSIG_SMALL int tsig_text_readable(const char *s, size_t len)
{
    for (size_t i = 0; i < len;) {
        uint64_t w;
        /* eight ASCII bytes, none of them NUL, at once */
        if (i + 8 <= len && (memcpy(&w, s + i, 8), !(w & TSIG_SWAR_ONES * 0x80) && !tsig_swar_zero_byte(w))) {
            i += 8;
            continue;
        }
        size_t k = tsig_utf8_seq((const unsigned char *)s + i, len - i);
        if (k == 0 || s[i] == 0) return 0;
        i += k;
    }
    return 1;
}

/* The block t[from..to) read as a JSON string in place of t[at..skip). */
static TSIG_SMALL void rp_block(tsig_json_push *r, const char *t, size_t at, size_t from, size_t to,
                                size_t skip)
{
    tsig_strbuf text = {0}, lit = {0};
    text_block(&text, t + from, to - from);
    tsig_json_escape(&lit, text.data ? text.data : "", text.len);
    if (text.failed || lit.failed) r->rp->out.failed = 1;
    else rp_replace(r, t, at, skip, lit.data, lit.len);
    tsig_sb_release(&text);
    tsig_sb_release(&lit);
}

/* 1 when s[0..len) is read as JSON whatever the type (SPEC §13): a JSON
 * or Python literal, NaN, Infinity, undefined, a 0x number, or a number
 * written another way (a digit first, after an optional sign or '.', and
 * only digits, spaces and . , / _ ' e E + - after it). */
TSIG_SMALL int tsig_json_as_written(const char *s, size_t len)
{
    size_t i = len && (s[0] == '+' || s[0] == '-') ? 1 : 0;
    for (size_t k = 0; k < VALUE_WORDS_COUNT; k++)
        if (word_is(s, len, VALUE_WORDS[k]) || (k >= VALUE_WORDS_SIGNED && word_is(s + i, len - i, VALUE_WORDS[k])))
            return 1;
    if (len - i >= 2 && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X')) return 1;
    if (i < len && s[i] == '.') i++;
    if (i >= len || !is_digit(s[i])) return 0;
    for (; i < len; i++)
        if (!is_digit(s[i]) && !strchr(" .,/_'eE+-", s[i])) return 0;
    return 1;
}

int tsig_json_may_be_written(const char *s, size_t len)
{
    if (tsig_json_as_written(s, len)) return 1;
    size_t i = len && (s[0] == '+' || s[0] == '-') ? 1 : 0;
    for (size_t k = 0; k < VALUE_WORDS_COUNT; k++) {
        size_t w = strlen(VALUE_WORDS[k]), from = k >= VALUE_WORDS_SIGNED ? i : 0;
        if (len - from < w && memcmp(s + from, VALUE_WORDS[k], len - from) == 0) return 1;
    }
    /* nothing yet after a sign or a '.': a number may follow */
    if (i < len && s[i] == '.') i++;
    return i == len;
}

/* Where the block opened at from ends: the first t[k..k+w) equal to
 * close[0..w) from from (or where the search stopped, r->block_scan), k;
 * R_MORE when the text so far holds none, (size_t)-1 when none comes (or,
 * line, a line end comes first). */
static TSIG_SMALL size_t block_end(tsig_json_push *r, const char *t, size_t n, size_t from,
                                   const char *close, size_t w, int line)
{
    size_t k = r->block_scan > from ? r->block_scan : from;
    for (; k + w <= n; k++) {
        if ((line && (t[k] == '\n' || t[k] == '\r')) || memcmp(t + k, close, w) == 0) break;
    }
    if (k + w <= n || r->final) {
        r->block_scan = 0;
        return k + w <= n && memcmp(t + k, close, w) == 0 ? k : (size_t)-1;
    }
    r->block_scan = k;
    return (size_t)R_MORE;
}

/* SPEC §13.1's readings of the value at *i (its first byte c) whose type
 * admits a string: a triple-quoted string, a backtick-quoted one or a fence
 * as a value (text blocks), a bare text the type reads. STEP_GO, STEP_MORE,
 * or NO_READING when none applies. */
static TSIG_SMALL int rp_reading(tsig_json_push *r, const char *t, size_t n, size_t *i, int c)
{
    size_t p = *i;
    if (c == '"' || c == '`') {
        const char *three = c == '"' ? "\"\"\"" : "```";
        size_t have = n - p < 3 ? n - p : 3;
        if (memcmp(t + p, three, have) != 0) {
            if (c == '"') return NO_READING;
        } else if (have < 3) {
            if (!r->final) return STEP_MORE;
            if (c == '"') return NO_READING;
        }
        size_t from, k, skip;
        if (have == 3 && memcmp(t + p, three, 3) == 0) {
            from = p + 3;
            if (c == '`') { /* a fence as a value: its info line dropped */
                const char *nl = memchr(t + from, '\n', n - from);
                if (!nl) return r->final ? NO_READING : STEP_MORE;
                from = (size_t)(nl - t) + 1;
            }
            k = block_end(r, t, n, from, three, 3, 0);
            skip = k + 3;
        } else { /* `...` on one line */
            from = p + 1;
            k = block_end(r, t, n, from, "`", 1, 1);
            skip = k + 1;
        }
        if (k == (size_t)R_MORE) return STEP_MORE;
        if (k == (size_t)-1 || !tsig_text_readable(t + from, k - from)) return NO_READING;
        rp_note(r->rp, c == '"' ? TSIG_REPAIR_TRIPLE : TSIG_REPAIR_BACKTICK, p, 0);
        rp_block(r, t, p, from, k, skip);
        *i = skip;
        rp_after_value(r, *i);
        return STEP_GO;
    }
    /* a bare text as a member value or list element (the whole text at
     * the root is another reading): up to the first , } ] or line end,
     * trimmed */
    if (!r->stack.len || c == '{' || c == '[' || c == '\'' || c == 0xE2 || c == ',' || c == '}' || c == ']')
        return NO_READING;
    size_t e = r->block_scan > p ? r->block_scan : p;
    while (e < n && !strchr(",}]\n\r", t[e])) e++;
    if (e >= n && !r->final) {
        r->block_scan = e;
        return STEP_MORE;
    }
    r->block_scan = 0;
    while (e > p && (t[e - 1] == ' ' || t[e - 1] == '\t')) e--;
    if (bare_refused(t + p, e - p)) return NO_READING;
    /* one that ends with a ' closes a quote it holds: a Python string with
     * a prefix (u'Ada'), whose reading as text would keep the quotes */
    if (tsig_json_as_written(t + p, e - p) || !tsig_text_readable(t + p, e - p) || t[e - 1] == '\'')
        return NO_READING;
    r->bare_end = e;
    if (r->rp->on(r->rp->ctx, TSIG_PUSH_BARE, p) != TSIG_PUSH_TAKE) return NO_READING;
    tsig_strbuf lit = {0};
    tsig_json_escape(&lit, r->bare_value, r->bare_value_len);
    if (lit.failed) {
        r->rp->out.failed = 1;
    } else {
        rp_note(r->rp, TSIG_REPAIR_BARE_VALUE, p, e - p);
        tsig_repair *rp = r->rp;
        rp->notes[rp->note_count - 1].value = r->bare_value;
        rp->notes[rp->note_count - 1].value_len = r->bare_value_len;
        rp_replace(r, t, p, e, lit.data, lit.len);
    }
    tsig_sb_release(&lit);
    *i = e;
    rp_after_value(r, *i);
    return STEP_GO;
}

/* A refusal at at: the rest as it is. */
static TSIG_SMALL int rp_refuse(tsig_json_push *r, size_t *i, size_t at)
{
    r->p = P_PASS;
    *i = at;
    return STEP_GO;
}

/* A string opened at *i by c (a double, single or curly quote), as a value
 * or a key: STEP_GO, STEP_MORE, a refusal (a byte 0xE2 that opens no
 * curly quote), or NO_READING when c opens none. */
static TSIG_SMALL int rp_open_quoted(tsig_json_push *r, const char *t, size_t n, size_t *i, int c,
                                     int key)
{
    size_t p = *i;
    if (c == '"' || c == '\'') {
        open_string(r, t, c == '"' ? Q_DOUBLE : Q_SINGLE, p, 1, key);
        *i = p + 1;
        return STEP_GO;
    }
    if (c != 0xE2) return NO_READING;
    int q = curly_open(r, t, n, p);
    if (q == R_MORE) return STEP_MORE;
    if (!q) return rp_refuse(r, i, p);
    open_string(r, t, q, p, 3, key);
    *i = p + 3;
    return STEP_GO;
}

/* Whether a repair reads t[*i] (repair mode): STEP_GO (read: *i where to
 * go on), STEP_MORE (undecided until more text comes: *i where to go on)
 * or STEP_STRICT (the strict states read it). */
static TSIG_NOINLINE TSIG_SMALL int repair_step(tsig_json_push *r, const char *t, size_t n, size_t *i)
{
    size_t p = *i;
    int c = (unsigned char)t[p];
    int b;
    switch (r->p) {
    case P_START:
        if (p == 0 && n >= 3 && memcmp(t, "\xEF\xBB\xBF", 3) == 0) {
            *i = 3; /* a byte-order mark, kept */
            return STEP_GO;
        }
        if ((b = rp_blank(r, t, n, i, c)) != 0) return b == R_MORE ? STEP_MORE : STEP_GO;
        if (c == '`') {
            if (n - p < 3 && !r->final) return STEP_MORE;
            if (n - p >= 3 && memcmp(t + p, "```", 3) == 0) {
                /* the fence open closes with nothing in it: no value there
                 * (a value after it is a candidate outside the fences) */
                if (r->fenced) return rp_refuse(r, i, p);
                rp_note(r->rp, TSIG_REPAIR_FENCE, p, 0);
                r->fenced = 1;
                rp_replace(r, t, p, p + 3, NULL, 0);
                r->p = P_FENCE;
                *i = p + 3;
                return STEP_GO;
            }
        }
        if (word_start(c)) {
            size_t e = rp_word_end(r, t, n, p, 0);
            if (e == (size_t)R_MORE) return STEP_MORE;
            if (value_word(t + p, e - p)) {
                r->p = P_VALUE;
                return STEP_GO;
            }
        } else if (value_start(c) || c == '}' || c == ']' || c == '`') {
            if (c != 0xE2) { /* a backtick: a backtick-quoted string, or prose */
                r->p = P_VALUE;
                return STEP_GO;
            }
            int q = curly_open(r, t, n, p);
            if (q == R_MORE) return STEP_MORE;
            if (q) {
                r->p = P_VALUE;
                return STEP_GO;
            }
        }
        rp_flush(r, t, p);
        r->prose_at = p;
        r->p = P_PROSE;
        return STEP_GO;
    case P_PROSE: {
        size_t k = p;
        while (k < n && t[k] != '{' && t[k] != '[' && t[k] != '`') k++;
        if (k >= n) {
            *i = n;
            if (!r->final) return STEP_MORE;
            return rp_refuse(r, i, r->prose_at); /* no value: the text as it is */
        }
        if (t[k] == '`') {
            if (n - k < 3 && !r->final) {
                *i = k;
                return STEP_MORE;
            }
            int line_start = k == 0 || t[k - 1] == '\n';
            if (!(line_start && n - k >= 3 && memcmp(t + k, "```", 3) == 0)) {
                *i = k + 1;
                return STEP_GO;
            }
            /* the fence the prose is in closes: it held no value, and the
             * refusal is at its text, not at a fence opened after it */
            if (r->fenced) return rp_refuse(r, i, r->prose_at);
        }
        rp_note(r->rp, TSIG_REPAIR_BEFORE, r->prose_at, 0);
        r->copied = k;
        r->p = t[k] == '`' ? P_START : P_VALUE;
        *i = k;
        return STEP_GO;
    }
    case P_FENCE: {
        const char *nl = memchr(t + p, '\n', n - p);
        *i = nl ? (size_t)(nl - t) + 1 : n;
        r->copied = *i;
        if (nl) r->p = P_START;
        return STEP_GO;
    }
    case P_VALUE:
        if ((b = rp_blank(r, t, n, i, c)) != 0) return b == R_MORE ? STEP_MORE : STEP_GO;
        if (c == ']' && r->first && rp_top(r) == ']') return STEP_STRICT;
        if (!r->stack.len) r->scalar = c != '{' && c != '[';
        /* the type is asked (SPEC §13) */
        r->admits = r->rp->on && r->rp->on(r->rp->ctx, TSIG_PUSH_VALUE, p) == TSIG_PUSH_STRING_OK;
        if (c == '{' || c == '[') {
            r->newline = 0;
            return STEP_STRICT;
        }
        if (r->admits) {
            int read = rp_reading(r, t, n, i, c);
            if (read != NO_READING) return read;
        }
        if ((b = rp_open_quoted(r, t, n, i, c, 0)) != NO_READING) return b;
        if (word_start(c) && c != 't' && c != 'f' && c != 'n') {
            size_t e = rp_word_end(r, t, n, p, 0);
            if (e == (size_t)R_MORE) {
                /* refused as soon as it can be no literal (streaming sees it) */
                static const char *const words[] = {"True", "False", "None"};
                for (size_t k = 0; k < sizeof words / sizeof words[0]; k++)
                    if (n - p <= strlen(words[k]) && memcmp(t + p, words[k], n - p) == 0)
                        return STEP_MORE;
                return rp_refuse(r, i, p);
            }
            const char *w = t + p;
            size_t len = e - p;
            const char *to = word_is(w, len, "True") ? "true" : word_is(w, len, "False") ? "false"
                           : word_is(w, len, "None") ? "null" : NULL;
            if (!to) return rp_refuse(r, i, p);
            rp_note(r->rp, w[0] == 'T' ? TSIG_REPAIR_TRUE : w[0] == 'F' ? TSIG_REPAIR_FALSE
                                                                        : TSIG_REPAIR_NONE,
                    p, 0);
            rp_replace(r, t, p, e, to, strlen(to));
            *i = e;
            rp_after_value(r, *i);
            return STEP_GO;
        }
        return STEP_STRICT; /* a number or literal, or refused */
    case P_KEY:
        if ((b = rp_blank(r, t, n, i, c)) != 0) return b == R_MORE ? STEP_MORE : STEP_GO;
        if (c == '}' && r->first) return STEP_STRICT;
        if ((b = rp_open_quoted(r, t, n, i, c, 1)) != NO_READING) return b;
        if (tsig_ident_start((char)c)) {
            size_t e = rp_word_end(r, t, n, p, 1);
            if (e == (size_t)R_MORE) return STEP_MORE;
            size_t k = rp_spaces_end(r, t, n, e);
            if (k >= n && !r->final) return STEP_MORE;
            if (k < n && t[k] == ':') {
                r->key_at = p;
                if (r->rp->on) r->rp->on(r->rp->ctx, TSIG_PUSH_KEY, e);
                rp_note(r->rp, TSIG_REPAIR_KEY, p, e - p);
                rp_flush(r, t, p);
                rp_emit(r->rp, "\"", 1, p);
                rp_flush(r, t, e);
                rp_emit(r->rp, "\"", 1, e);
                r->p = P_COLON;
                *i = e;
                return STEP_GO;
            }
        }
        return rp_refuse(r, i, p);
    case P_COLON:
        if ((b = rp_blank(r, t, n, i, c)) != 0) return b == R_MORE ? STEP_MORE : STEP_GO;
        return STEP_STRICT;
    case P_AFTER:
        if ((b = rp_blank(r, t, n, i, c)) != 0) return b == R_MORE ? STEP_MORE : STEP_GO;
        if (c == ',') {
            /* withheld until what follows shows whether it trails */
            rp_replace(r, t, p, p + 1, NULL, 0);
            r->comma_at = p;
            r->p = P_COMMA;
            *i = p + 1;
            return STEP_GO;
        }
        if (c == rp_top(r)) return STEP_STRICT;
        if (r->newline && (rp_top(r) == '}' ? key_start(c) : value_start(c))) {
            rp_note(r->rp, TSIG_REPAIR_MISSING_COMMA, p, 0);
            rp_flush(r, t, p);
            rp_emit(r->rp, ",", 1, p);
            r->p = rp_top(r) == '}' ? P_KEY : P_VALUE;
            r->first = 0;
            return STEP_GO;
        }
        return rp_refuse(r, i, p);
    case P_COMMA:
        if ((b = rp_blank(r, t, n, i, c)) != 0) return b == R_MORE ? STEP_MORE : STEP_GO;
        if (c == '}' || c == ']') {
            rp_note(r->rp, TSIG_REPAIR_TRAILING_COMMA, r->comma_at, 0);
            r->p = P_AFTER;
            r->newline = 0;
            return STEP_GO;
        }
        rp_flush(r, t, p);
        rp_emit(r->rp, ",", 1, r->comma_at);
        r->p = rp_top(r) == '}' ? P_KEY : P_VALUE;
        r->first = 0;
        return STEP_GO;
    case P_STRING:
        return rp_string(r, t, n, i);
    case P_LINE_COMMENT: {
        const char *nl = memchr(t + p, '\n', n - p);
        *i = nl ? (size_t)(nl - t) : n;
        r->copied = *i;
        if (nl) r->p = r->back;
        return STEP_GO;
    }
    case P_BLOCK_COMMENT: {
        size_t k = p;
        while (k + 1 < n && !(t[k] == '*' && t[k + 1] == '/')) k++;
        if (k + 1 < n) {
            *i = r->copied = k + 2;
            r->p = r->back;
            return STEP_GO;
        }
        *i = r->copied = k;
        return STEP_MORE;
    }
    case P_DONE:
        if ((b = rp_blank(r, t, n, i, c)) != 0) return b == R_MORE ? STEP_MORE : STEP_GO;
        if (r->fenced && c == '`') {
            if (n - p < 3 && !r->final) return STEP_MORE;
            if (n - p >= 3 && memcmp(t + p, "```", 3) == 0) {
                rp_replace(r, t, p, p + 3, NULL, 0);
                r->p = P_TAIL;
                *i = p + 3;
                return STEP_GO;
            }
        }
        /* prose is dropped around one object or array only (SPEC §13.2):
         * after a scalar it is the error */
        if (r->scalar) return rp_refuse(r, i, p);
        if (word_start(c)) {
            size_t e = rp_word_end(r, t, n, p, 0);
            if (e == (size_t)R_MORE) return STEP_MORE;
            if (value_word(t + p, e - p)) return rp_refuse(r, i, p);
        } else if (value_start(c) || c == '}' || c == ']' || c == ',' || c == ':') {
            if (c != 0xE2) return rp_refuse(r, i, p);
            int q = curly_open(r, t, n, p);
            if (q == R_MORE) return STEP_MORE;
            if (q) return rp_refuse(r, i, p);
        }
        rp_note(r->rp, TSIG_REPAIR_AFTER, p, 0);
        rp_flush(r, t, p);
        r->p = P_PROSE_AFTER;
        return STEP_GO;
    case P_TAIL:
        if (tsig_json_is_ws((unsigned char)c)) {
            *i = r->copied = p + 1;
            return STEP_GO;
        }
        rp_note(r->rp, TSIG_REPAIR_AFTER, p, 0);
        r->p = P_PROSE_AFTER;
        return STEP_GO;
    case P_PROSE_AFTER: {
        size_t k = p;
        while (k < n && t[k] != '{' && t[k] != '[') k++;
        *i = r->copied = k;
        if (k < n) return rp_refuse(r, i, k); /* another value? two readings */
        return STEP_GO;
    }
    case P_PASS:
        rp_flush(r, t, n);
        *i = n;
        return STEP_GO;
    }
    return STEP_STRICT;
}

/* The text ended (final): what each place makes of the end. */
static TSIG_COLD TSIG_SMALL void repair_end(tsig_json_push *r, const char *t, size_t n)
{
    tsig_repair *rp = r->rp;
    switch (r->p) {
    case P_COMMA:
        rp_flush(r, t, n);
        rp_emit(rp, ",", 1, r->comma_at);
        break;
    case P_BLOCK_COMMENT:
        /* not closed: refused; its note is the last */
        rp->note_count--;
        rp_emit(rp, t + r->comment_at, 1, r->comment_at);
        r->copied = n;
        break;
    case P_PROSE:
        r->copied = r->prose_at; /* no value: the text as it is */
        break;
    default:
        break;
    }
    rp_flush(r, t, n);
    rp_place(rp, n); /* the end of the canonical text is the end of the text */
    rp->done = 1;
}

TSIG_SMALL int tsig_repair_run(tsig_repair *rp, const char *s, size_t len, int final)
{
    if (!rp->done) {
        rp->r.final = final;
        if (tsig_json_push_read(&rp->r, s ? s : "", len, rp->on, rp->ctx) == TSIG_PUSH_NOMEM)
            rp->out.failed = 1;
    }
    return !rp->out.failed && !rp->r.stack.failed;
}

tsig_push_answer tsig_json_push_read(tsig_json_push *r, const char *t, size_t n,
                                     int (*on)(void *ctx, int event, size_t at), void *ctx)
{
    const unsigned char *b = (const unsigned char *)t;
    size_t i = r->read;
    r->text = t;
    if (r->refused) return TSIG_PUSH_BAD; /* the byte is read once */
    if (i == 0 && r->p == P_VALUE && !r->stack.len && n && b[0] == 0xEF) {
        /* a byte-order mark is skipped, as the token reader does */
        if (n < 3 && memcmp(t, "\xEF\xBB\xBF", n) == 0) return TSIG_PUSH_MORE;
        if (n >= 3 && memcmp(t, "\xEF\xBB\xBF", 3) == 0) i = r->read = r->cut = r->bom = 3;
    }
    for (;;) {
    while (i < n) {
        if (r->stop) {
            r->stop = 0;
            r->read = i;
            return TSIG_PUSH_STOPPED;
        }
        if (r->rp) {
            int a = repair_step(r, t, n, &i);
            if (a == STEP_GO) continue;
            if (a == STEP_MORE) break;
        }
        unsigned char c = b[i];
        switch (r->p) {
        case P_VALUE:
        value:
            if (tsig_json_is_ws(c)) {
                i = tsig_json_ws_run(t, i + 1, n);
                continue;
            }
            if (on && !r->rp && c != ']') {
                int a = on(ctx, TSIG_PUSH_VALUE, i);
                if (a == TSIG_PUSH_SKIP) {
                    i = r->skip_to;
                    push_done(r, i, TSIG_PUSH_CLOSE, NULL, NULL);
                    continue;
                }
                if (a == TSIG_PUSH_WAIT) {
                    r->read = i;
                    return TSIG_PUSH_MORE;
                }
                if (a == TSIG_PUSH_YIELD) r->stop = 1;
            }
            if (c == '{' || c == '[') {
                if (r->stack.len >= r->max_depth) goto bad;
                tsig_sb_putc(&r->stack, c == '{' ? '}' : ']');
                if (r->stack.failed) return TSIG_PUSH_NOMEM;
                r->p = c == '{' ? P_KEY : P_VALUE;
                r->first = 1;
                r->cut = i + 1;
                r->cut_depth = r->stack.len;
                break;
            }
            if (c == ']' && r->first && r->stack.len && r->stack.data[r->stack.len - 1] == ']') {
                r->stack.len--;
                push_done(r, i + 1, TSIG_PUSH_CLOSE, on, ctx);
                break;
            }
            if (c == '"') {
                r->p = P_STRING;
                r->key = 0;
                r->escaped = 0;
                r->in_value_string = 1;
                r->str_cut = r->str_at = i + 1;
                break;
            }
            if (c == '-' || (c >= '0' && c <= '9')) {
                r->p = P_NUMBER;
                r->num_at = i;
                r->number = N_START;
                if (!r->stop) goto number;
                /* asked to yield: its first byte only, as every value's */
                i = number_read(t, i, i + 1, &r->number);
                continue;
            }
            if (c == 't' || c == 'f' || c == 'n') {
                r->word = c == 't' ? "true" : c == 'f' ? "false" : "null";
                r->word_len = c == 'f' ? 5 : 4;
                r->word_at = 1;
                r->p = P_LITERAL;
                break;
            }
            goto bad;
        case P_KEY:
        key:
            if (tsig_json_is_ws(c)) {
                i = tsig_json_ws_run(t, i + 1, n);
                continue;
            }
            if (c == '}' && r->first) {
                r->stack.len--;
                push_done(r, i + 1, TSIG_PUSH_CLOSE, on, ctx);
                break;
            }
            if (c != '"') goto bad;
            r->p = P_STRING;
            r->key_at = i + 1;
            r->escaped = 0;
            r->key = 1;
            r->in_value_string = 0;
            break;
        case P_COLON:
            if (tsig_json_is_ws(c)) {
                i = tsig_json_ws_run(t, i + 1, n);
                continue;
            }
            if (c != ':') goto bad;
            r->p = P_VALUE;
            r->first = 0;
            break;
        case P_AFTER:
            if (tsig_json_is_ws(c)) {
                i = tsig_json_ws_run(t, i + 1, n);
                continue;
            }
            if (c == ',') {
                r->p = r->stack.data[r->stack.len - 1] == '}' ? P_KEY : P_VALUE;
                r->first = 0;
                /* the next member's first byte, at once */
                if (i + 1 < n && !tsig_json_is_ws(b[i + 1]) && !r->stop) {
                    c = b[++i];
                    if (r->p == P_KEY) goto key;
                    goto value;
                }
                break;
            }
            if (c != (unsigned char)r->stack.data[r->stack.len - 1]) goto bad;
            r->stack.len--;
            push_done(r, i + 1, TSIG_PUSH_CLOSE, on, ctx);
            break;
        case P_STRING: {
            /* the plain stretch in one go */
            size_t k = tsig_json_plain_run(t, i, n);
            if (k > i && r->in_value_string) r->str_cut = k;
            i = k;
            if (i >= n) continue;
            c = b[i];
            if (on && r->watch && r->in_value_string &&
                on(ctx, TSIG_PUSH_STRING_PART, i) == TSIG_PUSH_YIELD) {
                r->stop = 1;
                continue; /* told first, the byte read after */
            }
            if (c == '"') {
                r->in_value_string = 0;
                if (r->key) {
                    r->p = P_COLON;
                    if (on && on(ctx, TSIG_PUSH_KEY, i) == TSIG_PUSH_YIELD) r->stop = 1;
                    /* the usual '":' and the value's first byte, at once */
                    if (i + 2 < n && b[i + 1] == ':' && !tsig_json_is_ws(b[i + 2]) && !r->stop) {
                        r->p = P_VALUE;
                        r->first = 0;
                        i += 2;
                        c = b[i];
                        goto value;
                    }
                } else {
                    push_done(r, i + 1, TSIG_PUSH_STRING, on, ctx);
                }
            } else if (c == '\\') {
                size_t stop, len = escape_read(b, i, n, &stop);
                if (!len) {
                    if (stop < n) {
                        i = stop;
                        goto bad;
                    }
                    goto wait; /* its rest has not come */
                }
                r->escaped = 1;
                r->watch = 0; /* after an escape: left to the validator */
                i += len;
                /* a high surrogate may pair with the next escape: cut before */
                if (r->in_value_string && !(len == 6 && (b[i - 4] == 'd' || b[i - 4] == 'D')))
                    r->str_cut = i;
                continue;
            } else if (c < 0x20) {
                goto bad;
            } else {
                size_t stop, len = tsig_utf8_read(b + i, n - i, &stop);
                if (len == TSIG_UTF8_CUT) goto wait;
                if (!len) {
                    i += stop;
                    goto bad;
                }
                i += len;
                if (r->in_value_string) r->str_cut = i;
                continue;
            }
            break;
        }
        case P_NUMBER:
        number: {
            int st = r->number;
            i = number_read(t, i, n, &st);
            r->number = st;
            if (i >= n) continue; /* it may go on in the next chunk */
            /* "01": the token reader ends the number at the 1, which no
             * reading takes; refused at it, no number told */
            if (!N_MAY_END(st) || (st == N_ZERO && is_digit(t[i]))) goto bad;
            r->num_float = st == N_FRAC || st == N_EXP;
            push_done(r, i, TSIG_PUSH_NUMBER, on, ctx);
            continue; /* the byte that ends the number: read again */
        }
        case P_LITERAL:
            if (c != (unsigned char)r->word[r->word_at]) goto bad;
            if (++r->word_at == r->word_len) push_done(r, i + 1, TSIG_PUSH_LITERAL, on, ctx);
            break;
        case P_DONE:
            if (!tsig_json_is_ws(c)) goto bad;
            i = tsig_json_ws_run(t, i + 1, n);
            continue;
        case P_START: case P_PROSE: case P_FENCE: case P_COMMA: case P_LINE_COMMENT:
        case P_BLOCK_COMMENT: case P_TAIL: case P_PROSE_AFTER: case P_PASS:
            goto bad; /* repair mode's: read by repair_step */
        }
        i++;
    }
wait: /* at a token cut by the end of the text: read on from its last whole part */
    break;
bad:
    if (!r->rp) {
        r->read = i;
        r->refused = 1;
        return TSIG_PUSH_BAD;
    }
    r->p = P_PASS; /* no repair reads it: the rest as it is */
    }
    r->read = i;
    if (r->rp) {
        if (r->final) repair_end(r, t, n);
        else if (r->p != P_PROSE) rp_flush(r, t, i); /* what is decided */
        return r->rp->out.failed ? TSIG_PUSH_NOMEM : TSIG_PUSH_MORE;
    }
    if (r->stop) {
        r->stop = 0;
        return TSIG_PUSH_STOPPED;
    }
    return TSIG_PUSH_MORE;
}

/* ---- reading parts of text read before --------------------------------- */

/* The text was read before, so its tokens need no grammar: brackets are
 * counted until the value closes. Nothing is allocated. */
int tsig_json_skip(tsig_json *j)
{
    size_t depth = 0;
    do {
        tsig_json_skip_ws(j);
        if (j->pos >= j->len) return tsig_json_fail(j, j->pos, "a JSON value");
        char c = j->src[j->pos];
        tsig_json_span s;
        if (c == '{' || c == '[') {
            depth++;
            j->pos++;
        } else if (c == '}' || c == ']') {
            depth--;
            j->pos++;
        } else if (c == ',' || c == ':') {
            j->pos++;
            continue;
        } else if (!tsig_json_scalar(j, &s)) {
            return 0;
        }
    } while (depth > 0);
    return 1;
}

/* Keys are decoded on the stack when short, else into one allocation. */
size_t tsig_json_member(const char *src, size_t len, size_t at, const char *key,
                        size_t key_len, int norm, int *nomem)
{
    tsig_error err;
    tsig_json j;
    tsig_json_init(&j, src, len, (size_t)-1, &err);
    j.trusted = 1;
    j.pos = at;
    if (at >= len || src[at] != '{' || !tsig_json_enter(&j)) return TSIG_JSON_NONE;
    char small[64];
    for (;;) {
        tsig_json_skip_ws(&j);
        if (j.pos >= j.len || j.src[j.pos] != '"') return TSIG_JSON_NONE; /* "}" */
        tsig_json_span k;
        if (!tsig_json_string(&j, &k)) return TSIG_JSON_NONE;
        const char *text = src + k.start;
        size_t text_len = k.len;
        char *copy = NULL;
        if (k.flag) {
            copy = k.len <= sizeof small ? small : malloc(k.len);
            if (!copy) {
                *nomem = 1;
                return TSIG_JSON_NONE;
            }
            text_len = tsig_json_unescape(text, k.len, copy);
            text = copy;
        }
        int equal = norm ? tsig_names_match(text, text_len, key, key_len)
                         : text_len == key_len && memcmp(text, key, key_len) == 0;
        if (copy != small) free(copy);
        j.pos = tsig_json_ws(&j, j.pos) + 1; /* the ":" */
        tsig_json_skip_ws(&j);
        if (equal) return j.pos;
        if (!tsig_json_skip(&j)) {
            if (j.code == TSIG_ERR_NOMEM) *nomem = 1;
            return TSIG_JSON_NONE;
        }
        tsig_json_skip_ws(&j);
        if (j.pos >= j.len || j.src[j.pos] != ',') return TSIG_JSON_NONE;
        j.pos++;
    }
}

/* ---- trees -------------------------------------------------------------
 *
 * The tree is cJSON's, its nodes built as the walker reads the text and
 * tells each value (cJSON never parses anything): one pass, iterative,
 * repeated keys found by the walker's key sets. A node is
 * allocated here as cJSON_New_Item allocates one (malloc, zeroed; no
 * hooks are ever set), so cJSON_Delete frees it; with TSIG_TREE_SPANS the
 * same allocation holds its span after it (spanned_node). Trees serve
 * imports, templates and infer, never validation: built for size
 * (TSIG_SMALL; a template's values read 3% slower than built for speed).
 */

/* A node of a tree read with TSIG_TREE_SPANS: cJSON's node first (a
 * pointer to it is a pointer to the whole), then where it was read. */
typedef struct spanned_node {
    cJSON node;
    tsig_tree_span span;
} spanned_node;

TSIG_SMALL const tsig_tree_span *tsig_json_tree_span(const cJSON *node)
{
    return &((const spanned_node *)(const void *)node)->span;
}

typedef struct tree_builder {
    tsig_json_walking k; /* the walker, which reads */
    const tsig_json_tree_options *o;
    cJSON **open;     /* the open arrays and objects, the innermost last */
    size_t top, cap;
    cJSON *root;
    char *key;        /* the key of the member whose value is read next */
    size_t key_at;    /* spans: its opening quote */
    tsig_strbuf text; /* a string or key being decoded */
} tree_builder;

/* A new node of cJSON type type (cJSON_String, ...), all else zero; with
 * spans, its key is b->key_at (TSIG_JSON_NONE outside an object) and its
 * value starts at at. NULL when out of memory. */
static TSIG_SMALL cJSON *tree_node(tree_builder *b, int type, size_t at)
{
    int spans = (b->o->flags & TSIG_TREE_SPANS) != 0;
    cJSON *v = malloc(spans ? sizeof(spanned_node) : sizeof(cJSON));
    if (!v) return NULL;
    memset(v, 0, sizeof *v);
    v->type = type;
    if (spans) {
        tsig_tree_span *sp = &((spanned_node *)(void *)v)->span;
        sp->key = b->top && cJSON_IsObject(b->open[b->top - 1]) ? b->key_at : TSIG_JSON_NONE;
        sp->start = at;
        sp->end = at;
    }
    return v;
}

/* With spans: the value of v ends at j->pos. */
static TSIG_SMALL void tree_end(tree_builder *b, cJSON *v)
{
    if (b->o->flags & TSIG_TREE_SPANS) ((spanned_node *)(void *)v)->span.end = b->k.j.pos;
}

static TSIG_SMALL int tree_nomem(tree_builder *b, size_t at)
{
    return tsig_json_fail_code(&b->k.j, TSIG_ERR_NOMEM, at, "out of memory");
}

/* 1 when the 3 bytes at s are an unpaired surrogate in its WTF-8 form. */
static TSIG_SMALL int is_lone_surrogate(const unsigned char *s, size_t avail)
{
    return avail >= 3 && s[0] == 0xED && (s[1] & 0xE0) == 0xA0;
}

/*
 * A malloc'd NUL-terminated copy of the string content raw[0..len)
 * (escapes when escaped), decoded; *out_len its length. A NUL byte is
 * kept, or held as the two bytes C0 80 when nul_pair (a key: see
 * internal.h); a lone surrogate becomes U+FFFD when lone. NULL when out of
 * memory.
 */
static TSIG_SMALL char *tree_text(tree_builder *b, const char *raw, size_t len, int escaped,
                                  int nul_pair, int lone, size_t *out_len)
{
    tsig_strbuf *t = &b->text;
    t->len = 0;
    if (!tsig_sb_reserve(t, len + 1)) return NULL;
    size_t n = escaped ? tsig_json_unescape(raw, len, t->data) : (memcpy(t->data, raw, len), len);
    /* A NUL held as C0 80 takes one byte more; U+FFFD takes the three of
     * the surrogate it replaces. */
    size_t extra = 0;
    if (nul_pair)
        for (size_t i = 0; i < n; i++) extra += t->data[i] == '\0';
    char *s = malloc(n + extra + 1);
    if (!s) return NULL;
    const unsigned char *d = (const unsigned char *)t->data;
    size_t o = 0;
    for (size_t i = 0; i < n; i++) {
        if (d[i] == 0 && nul_pair) {
            memcpy(s + o, TSIG_TREE_KEY_NUL, 2);
            o += 2;
        } else if (lone && is_lone_surrogate(d + i, n - i)) {
            memcpy(s + o, "\xEF\xBF\xBD", 3);
            o += 3;
            i += 2;
        } else {
            s[o++] = (char)d[i];
        }
    }
    s[o] = '\0';
    *out_len = o;
    return s;
}

TSIG_SMALL size_t tsig_json_tree_key_bytes(const char *key, size_t len, char *out)
{
    size_t o = 0;
    for (size_t i = 0; i < len; i++) {
        if (i + 1 < len && memcmp(key + i, TSIG_TREE_KEY_NUL, 2) == 0) {
            out[o++] = '\0';
            i++;
        } else {
            out[o++] = key[i];
        }
    }
    return o;
}

/* A malloc'd NUL-terminated copy of raw[0..len), or NULL. */
static TSIG_SMALL char *tree_copy(const char *raw, size_t len)
{
    char *s = malloc(len + 1);
    if (!s) return NULL;
    memcpy(s, raw, len);
    s[len] = '\0';
    return s;
}

/* The default answer to a repeated key: the error "JSON error at L:C:
 * duplicate key \"k\"", at the key. */
static TSIG_SMALL int tree_duplicate(tree_builder *b, const char *key, size_t len, size_t offset)
{
    tsig_strbuf quoted = {0};
    tsig_json_escape_cut(&quoted, key, len, TSIG_ECHO_MAX);
    size_t line, column;
    tsig_line_col(b->k.j.src, b->k.j.len, offset, &line, &column);
    if (quoted.failed) {
        tsig_sb_release(&quoted);
        return tree_nomem(b, offset);
    }
    tsig_json_fail_code(&b->k.j, TSIG_ERR_JSON, offset, "JSON error at %zu:%zu: duplicate key %s",
                        line, column, quoted.data);
    tsig_sb_release(&quoted);
    return 0;
}

/* The walker's report of a repeated key: the caller's answer, or the
 * error (tree_duplicate). */
static TSIG_SMALL int tree_repeated(void *ctx, size_t first, const char *key, size_t len,
                                    size_t offset)
{
    tree_builder *b = ctx;
    (void)first;
    return b->o->on_duplicate ? b->o->on_duplicate(b->o->ctx, &b->k.j, &b->k.path, key, len, offset)
                              : tree_duplicate(b, key, len, offset);
}

/* The C text the content of the string read at s becomes in a node (a
 * key: nul_pair), as the options say; *n its length; NULL when out of
 * memory. */
static TSIG_SMALL char *tree_string(tree_builder *b, const tsig_json_span *s, int nul_pair,
                                    size_t *n)
{
    const char *raw = b->k.j.src + s->start;
    *n = s->len;
    return (b->o->flags & TSIG_TREE_AS_WRITTEN)
               ? tree_copy(raw, s->len)
               : tree_text(b, raw, s->len, s->flag, nul_pair,
                           (b->o->flags & TSIG_TREE_NO_SURROGATES) != 0, n);
}

/* Node v read: the root, or the next element or member of the innermost
 * open container (a member's key given to it). */
static TSIG_SMALL void tree_add(tree_builder *b, cJSON *v)
{
    if (b->top == 0) {
        b->root = v;
        return;
    }
    v->string = b->key; /* NULL in an array; freed with v */
    b->key = NULL;
    cJSON_AddItemToArray(b->open[b->top - 1], v);
}

/* The node of the scalar read at at (s: a string's or number's content). */
static TSIG_SMALL cJSON *tree_scalar(tree_builder *b, size_t at, const tsig_json_span *s)
{
    char c = b->k.j.src[at];
    /* the text of a string (decoded, or as written) or a number's lexeme */
    char *text = NULL;
    size_t n = 0;
    int type = c == 't' ? cJSON_True : c == 'f' ? cJSON_False : c == 'n' ? cJSON_NULL
             : c == '"' ? cJSON_String : cJSON_Number;
    if (type == cJSON_String) text = tree_string(b, s, 0, &n);
    else if (type == cJSON_Number) text = tree_copy(b->k.j.src + s->start, s->len);
    if ((type == cJSON_String || type == cJSON_Number) && !text) return NULL;
    cJSON *v = tree_node(b, type, at);
    if (!v) {
        free(text);
        return NULL;
    }
    tree_end(b, v);
    v->valuestring = text;
    if (type == cJSON_String) {
        /* as written: whether it holds an escape; decoded: its length */
        v->valueint = (b->o->flags & TSIG_TREE_AS_WRITTEN) ? s->flag : (int)n;
    } else if (type == cJSON_Number) {
        v->valueint = s->flag;
        v->valuedouble = tsig_decimal_to_double(b->k.j.src + s->start, s->len);
    }
    return v;
}

/* The walk's values, made nodes (tsig_json_walker.on_value). */
static TSIG_SMALL int tree_on_value(void *ctx, int event, size_t at, const tsig_json_span *s)
{
    tree_builder *b = ctx;
    cJSON *v;
    size_t len;
    switch (event) {
    case TSIG_WALK_KEY:
        b->key_at = at;
        if (!(b->key = tree_string(b, s, 1, &len))) return tree_nomem(b, at);
        return 1;
    case TSIG_WALK_CLOSE:
        tree_end(b, b->open[--b->top]);
        return 1;
    case TSIG_WALK_SCALAR:
        if (!(v = tree_scalar(b, at, s))) return tree_nomem(b, b->k.j.pos);
        tree_add(b, v);
        return 1;
    default: /* TSIG_WALK_OPEN */
        if (b->top == b->cap) {
            size_t cap = b->cap ? b->cap * 2 : 16;
            cJSON **open = realloc(b->open, cap * sizeof *open);
            if (!open) return tree_nomem(b, at);
            b->open = open;
            b->cap = cap;
        }
        if (!(v = tree_node(b, b->k.j.src[at] == '{' ? cJSON_Object : cJSON_Array, at)))
            return tree_nomem(b, at);
        tree_add(b, v);
        b->open[b->top++] = v;
        return 1;
    }
}

TSIG_SMALL cJSON *tsig_json_tree(const char *json, size_t len, const tsig_json_tree_options *o,
                                 tsig_error *err)
{
    static const tsig_json_tree_options defaults = {0, 0, NULL, NULL, NULL};
    tree_builder b;
    memset(&b, 0, sizeof b);
    b.o = o ? o : &defaults;
    tsig_json_walking_begin(&b.k, json, len,
                            b.o->max_depth ? b.o->max_depth : TSIG_DEFAULT_MAX_DEPTH, err);
    b.k.j.reword = b.o->reword;
    /* the walker reads; the tree is built as it tells each value */
    b.k.w.flags = TSIG_WALK_KEYS;
    b.k.w.on_duplicate = tree_repeated;
    b.k.w.on_value = tree_on_value;
    b.k.w.ctx = &b;
    int ok = tsig_json_walk(&b.k.w) && tsig_json_finish(&b.k.j);
    free(b.key);
    free(b.open);
    tsig_json_walking_release(&b.k);
    tsig_sb_release(&b.text);
    if (!ok) {
        cJSON_Delete(b.root);
        return NULL;
    }
    return b.root;
}

/* One container being written by tsig_json_tree_write. */
typedef struct tree_out {
    const cJSON *node;
    int wrote; /* a member or element is written */
} tree_out;

/* Appends the key of member n (of a tree read with flags) and its ':',
 * unless fate leaves the member out: 1 written, 0 left out, -1 out of
 * memory. key holds the key's bytes for fate and the escaper. */
static TSIG_SMALL int tree_write_key(tsig_strbuf *sb, const cJSON *n, unsigned flags,
                                     tsig_member_fate (*fate)(const char *key, size_t len),
                                     tsig_strbuf *key, int comma)
{
    int as_written = (flags & TSIG_TREE_AS_WRITTEN) != 0;
    const char *k = n->string;
    size_t raw = strlen(k), len = 0;
    if (fate || !as_written) {
        key->len = 0;
        if (!tsig_sb_reserve(key, raw)) return -1;
        len = as_written ? tsig_json_unescape(k, raw, key->data)
                         : tsig_json_tree_key_bytes(k, raw, key->data);
        if (fate && fate(key->data, len) == TSIG_MEMBER_DROP) return 0;
    }
    if (comma) tsig_sb_putc(sb, ',');
    if (as_written) {
        tsig_sb_putc(sb, '"');
        tsig_sb_append(sb, k, raw);
        tsig_sb_putc(sb, '"');
    } else {
        tsig_json_escape(sb, key->data, len);
    }
    tsig_sb_putc(sb, ':');
    return 1;
}

/* Appends the scalar n of a tree read with flags. */
static TSIG_SMALL void tree_write_scalar(tsig_strbuf *sb, const cJSON *n, unsigned flags)
{
    if (cJSON_IsString(n) && (flags & TSIG_TREE_AS_WRITTEN)) {
        tsig_sb_putc(sb, '"');
        tsig_sb_puts(sb, n->valuestring);
        tsig_sb_putc(sb, '"');
    } else if (cJSON_IsString(n)) {
        tsig_json_escape(sb, n->valuestring, (size_t)n->valueint);
    } else if (cJSON_IsNumber(n)) {
        tsig_sb_puts(sb, n->valuestring);
    } else {
        tsig_sb_puts(sb, cJSON_IsTrue(n) ? "true" : cJSON_IsFalse(n) ? "false" : "null");
    }
}

/* A loop over "write the value n", then "after a value" (its next
 * sibling, or the end of the innermost open container). */
TSIG_SMALL void tsig_json_tree_write(tsig_strbuf *sb, const cJSON *v, unsigned flags,
                                     tsig_member_fate (*fate)(const char *key, size_t len))
{
    tree_out *open = NULL;
    size_t depth = 0, cap = 0;
    tsig_strbuf key = {0};
    int ok = 1;
    const cJSON *n = v;
    while (ok && !sb->failed) {
        if (n) {
            tree_out *f = depth ? &open[depth - 1] : NULL;
            if (f && cJSON_IsObject(f->node)) {
                int r = tree_write_key(sb, n, flags, fate, &key, f->wrote);
                if (r <= 0) {
                    ok = r == 0;
                    n = n->next;
                    continue;
                }
            } else if (f && f->wrote) {
                tsig_sb_putc(sb, ',');
            }
            if (f) f->wrote = 1;
            if (cJSON_IsArray(n) || cJSON_IsObject(n)) {
                if (depth == cap) {
                    size_t grown_cap = cap ? cap * 2 : 16;
                    tree_out *grown = realloc(open, grown_cap * sizeof *grown);
                    if (!grown) {
                        ok = 0;
                        break;
                    }
                    open = grown;
                    cap = grown_cap;
                }
                open[depth].node = n;
                open[depth++].wrote = 0;
                tsig_sb_putc(sb, cJSON_IsObject(n) ? '{' : '[');
                n = n->child;
                continue;
            }
            tree_write_scalar(sb, n, flags);
            if (!depth) break;
            n = n->next;
            continue;
        }
        /* the innermost open container has no more children */
        if (!depth) break;
        const cJSON *closed = open[--depth].node;
        tsig_sb_putc(sb, cJSON_IsObject(closed) ? '}' : ']');
        if (!depth) break;
        n = closed->next;
    }
    if (!ok) sb->failed = 1;
    free(open);
    tsig_sb_release(&key);
}
