/*
 * repair.c: JSON as models write it, turned into JSON (SPEC §12.1).
 *
 * A transducer over the text: it reads the original bytes once, left to
 * right, and writes the canonical text (the JSON the model meant) with a
 * map from canonical offsets back to original ones and a note per repair.
 * It only removes, inserts or replaces where the table of §12.1 says so;
 * everything else, refusals included, is copied as it is, so the strict
 * reader of json.c, reading the canonical text, stops at the same byte it
 * would have stopped at in the original (the map turns the position back).
 *
 * It is fed the text so far and resumes where it stopped: a byte it cannot
 * decide yet (the second byte of "//", the rest of a word, a curly quote's
 * three bytes) waits for the next call, so one-shot repair and streaming
 * (stream.c) share it. Valid JSON comes out byte for byte; validate.c runs
 * it only after the strict reading failed, so valid JSON never pays for it.
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

enum {
    R_START,    /* before the value (inside a fence too) */
    R_PROSE,    /* text before the value */
    R_FENCE,    /* the info string of an opening fence */
    R_VALUE,    /* a value is expected */
    R_KEY,      /* a key is expected */
    R_COLON,    /* after a key */
    R_AFTER,    /* after a value inside a container */
    R_COMMA,    /* a comma withheld until what follows shows it trailing */
    R_STRING,
    R_NUMBER,
    R_LINE_COMMENT,
    R_BLOCK_COMMENT,
    R_TOP_AFTER, /* after the whole value */
    R_TAIL,      /* after the closing fence */
    R_PROSE_AFTER,
    R_PASS       /* a refusal: the rest copied as it is */
};

enum { Q_DOUBLE, Q_SINGLE, Q_CURLY_DOUBLE, Q_CURLY_SINGLE };

#define MORE (-2)
#define END (-1)

void tsig_repair_init(tsig_repair *r, size_t max_depth)
{
    memset(r, 0, sizeof *r);
    r->max_depth = max_depth;
}

void tsig_repair_release(tsig_repair *r)
{
    tsig_sb_release(&r->out);
    tsig_sb_release(&r->stack);
    free(r->map);
    free(r->notes);
    memset(r, 0, sizeof *r);
}

static int byte_at(const char *s, size_t len, size_t i, int final)
{
    if (i < len) return (unsigned char)s[i];
    return final ? END : MORE;
}

/* The next canonical bytes come from original offset at. */
static void place(tsig_repair *r, size_t at)
{
    size_t o = r->out.len;
    if (r->map_count) {
        const size_t *last = &r->map[2 * (r->map_count - 1)];
        if (last[1] + (o - last[0]) == at) return;
        if (last[0] == o) {
            r->map[2 * (r->map_count - 1) + 1] = at;
            return;
        }
    } else if (o == at) {
        return;
    }
    if (r->map_count == r->map_cap) {
        size_t cap = r->map_cap ? 2 * r->map_cap : 16;
        size_t *m = realloc(r->map, cap * 2 * sizeof *m);
        if (!m) {
            r->out.failed = 1;
            return;
        }
        r->map = m;
        r->map_cap = cap;
    }
    r->map[2 * r->map_count] = o;
    r->map[2 * r->map_count + 1] = at;
    r->map_count++;
}

static void emit(tsig_repair *r, const char *s, size_t n, size_t at)
{
    place(r, at);
    tsig_sb_append(&r->out, s, n);
}

size_t tsig_repair_original(const tsig_repair *r, size_t offset)
{
    size_t lo = 0, hi = r->map_count;
    if (!hi || r->map[0] > offset) return offset;
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (r->map[2 * mid] <= offset) lo = mid;
        else hi = mid;
    }
    return r->map[2 * lo + 1] + (offset - r->map[2 * lo]);
}

static void note(tsig_repair *r, int what, size_t at, size_t len)
{
    if (r->note_count == r->note_cap) {
        size_t cap = r->note_cap ? 2 * r->note_cap : 8;
        tsig_repair_note *n = realloc(r->notes, cap * sizeof *n);
        if (!n) {
            r->out.failed = 1;
            return;
        }
        r->notes = n;
        r->note_cap = cap;
    }
    /* in text order: only a trailing comma is noted late, after the
     * comments of its own whitespace, so the shifting stays linear */
    size_t i = r->note_count++;
    while (i > 0 && r->notes[i - 1].at > at) {
        r->notes[i] = r->notes[i - 1];
        i--;
    }
    r->notes[i].what = what;
    r->notes[i].at = at;
    r->notes[i].len = len;
}

/* A bare word at a value's place (a literal such as True, or text left
 * for the strict reader to refuse) starts with a letter, '_' or '$' and
 * goes on with digits too. A bare key is an identifier (names.c). */
static int is_word_start(int c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$';
}

static int is_digit(int c)
{
    return c >= '0' && c <= '9';
}

static char top(const tsig_repair *r)
{
    return r->stack.len ? r->stack.data[r->stack.len - 1] : 0;
}

static void after_value(tsig_repair *r)
{
    r->state = r->stack.len ? R_AFTER : R_TOP_AFTER;
    r->newline = 0;
    r->first = 0;
}

static void refuse(tsig_repair *r, size_t at)
{
    r->pos = at;
    r->state = R_PASS;
}

/* The end of the word starting at at (a value's word, or a key's
 * identifier when key), or MORE; a word read before up to the end of the
 * text is read on from there. */
static size_t word_end(tsig_repair *r, const char *s, size_t len, size_t at, int final,
                       int key)
{
    size_t i = r->word_at == at + 1 && r->word_key == key ? r->word_to : at;
    if (key)
        i = tsig_ident_run(s, len, i);
    else
        while (i < len && (is_word_start((unsigned char)s[i]) || is_digit((unsigned char)s[i])))
            i++;
    r->word_at = at + 1;
    r->word_to = i;
    r->word_key = key;
    return i < len || final ? i : (size_t)MORE;
}

/* The end of the spaces and tabs starting at at, read on as word_end. */
static size_t spaces_end(tsig_repair *r, const char *s, size_t len, size_t at)
{
    size_t i = r->blank_at == at + 1 ? r->blank_to : at;
    while (i < len && (s[i] == ' ' || s[i] == '\t')) i++;
    r->blank_at = at + 1;
    r->blank_to = i;
    return i;
}

static int word_is(const char *s, size_t n, const char *w)
{
    return n == strlen(w) && memcmp(s, w, n) == 0;
}

/* A word that reads as a value (JSON or Python literal, or one of the
 * refused non-numbers): it is never prose. */
static int value_word(const char *s, size_t n)
{
    static const char *const words[] = {"true", "false", "null", "True", "False",
                                        "None", "NaN", "Infinity", "undefined"};
    for (size_t k = 0; k < sizeof words / sizeof words[0]; k++)
        if (word_is(s, n, words[k])) return 1;
    return 0;
}

/* An opening curly quote at i: Q_CURLY_DOUBLE / Q_CURLY_SINGLE, 0 when
 * none, MORE when undecided. */
static int curly_open(const char *s, size_t len, size_t i, int final)
{
    if (i + 3 > len) {
        if (final) return 0;
        for (size_t k = i; k < len; k++)
            if (k - i < 2 && (unsigned char)s[k] != (unsigned char)"\xE2\x80"[k - i]) return 0;
        return MORE;
    }
    if ((unsigned char)s[i] != 0xE2 || (unsigned char)s[i + 1] != 0x80) return 0;
    if ((unsigned char)s[i + 2] == 0x9C) return Q_CURLY_DOUBLE;
    if ((unsigned char)s[i + 2] == 0x98) return Q_CURLY_SINGLE;
    return 0;
}

/* Whitespace and comments where JSON allows whitespace: 1 consumed, 0 not
 * whitespace, MORE undecided. */
static int blank(tsig_repair *r, const char *s, size_t len, int final, int c)
{
    size_t p = r->pos;
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
        size_t i = p;
        while (i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n')) {
            if (s[i] == '\n') r->newline = 1;
            i++;
        }
        emit(r, s + p, i - p, p);
        r->pos = i;
        return 1;
    }
    if (c != '/') return 0;
    int d = byte_at(s, len, p + 1, final);
    if (d == MORE) return MORE;
    if (d != '/' && d != '*') return 0;
    note(r, TSIG_REPAIR_COMMENT, p, 0);
    r->comment_at = p;
    r->back = r->state;
    r->state = d == '/' ? R_LINE_COMMENT : R_BLOCK_COMMENT;
    r->pos = p + 2;
    return 1;
}

static int is_value_start(int c)
{
    return c == '{' || c == '[' || c == '"' || c == '\'' || c == '-' || is_digit(c) ||
           is_word_start(c) || c == 0xE2;
}

static int is_key_start(int c)
{
    return c == '"' || c == '\'' || tsig_ident_start((char)c) || c == 0xE2;
}

/* Reads a string's content from r->pos; 1 when it ended (closing quote
 * consumed), 0 when the text so far is used up. */
static int string_body(tsig_repair *r, const char *s, size_t len, int final)
{
    size_t i = r->pos, run = i;
    int q = r->quote;
    for (;;) {
        while (i < len) {
            unsigned char c = (unsigned char)s[i];
            if (c == '"' || c == '\\' || c < 0x20 || c == '\'' || c == 0xE2) break;
            i++;
        }
        if (i > run) emit(r, s + run, i - run, run);
        run = i;
        if (i >= len) {
            r->pos = i;
            return 0;
        }
        unsigned char c = (unsigned char)s[i];
        if (c == '\\') {
            if (i + 1 >= len) {
                r->pos = i;
                if (final) {
                    emit(r, s + i, 1, i);
                    r->pos = i + 1;
                }
                return 0;
            }
            if (q == Q_SINGLE && s[i + 1] == '\'') {
                emit(r, "'", 1, i + 1);
            } else {
                emit(r, s + i, 2, i);
            }
            i += 2;
        } else if (c == '"') {
            if (q == Q_DOUBLE) {
                emit(r, s + i, 1, i);
                r->pos = i + 1;
                return 1;
            }
            emit(r, "\\\"", 2, i);
            i++;
        } else if (c == '\'') {
            if (q == Q_SINGLE) {
                emit(r, "\"", 1, i);
                r->pos = i + 1;
                return 1;
            }
            emit(r, s + i, 1, i);
            i++;
        } else if (c == 0xE2) {
            if (q == Q_CURLY_DOUBLE || q == Q_CURLY_SINGLE) {
                if (i + 3 > len && !final) {
                    r->pos = i;
                    return 0;
                }
                unsigned char close = q == Q_CURLY_DOUBLE ? 0x9D : 0x99;
                if (i + 3 <= len && (unsigned char)s[i + 1] == 0x80 &&
                    (unsigned char)s[i + 2] == close) {
                    emit(r, "\"", 1, i);
                    r->pos = i + 3;
                    return 1;
                }
            }
            emit(r, s + i, 1, i);
            i++;
        } else if (c == '\n' || c == '\t' || c == '\r') {
            if (!r->ctrl_noted) note(r, TSIG_REPAIR_CONTROL, i, 0);
            r->ctrl_noted = 1;
            emit(r, c == '\n' ? "\\n" : c == '\t' ? "\\t" : "\\r", 2, i);
            i++;
        } else {
            emit(r, s + i, 1, i); /* another control character: refused */
            i++;
        }
        run = i;
    }
}

static void open_string(tsig_repair *r, int q, size_t at, size_t n, int key)
{
    if (q == Q_SINGLE) note(r, TSIG_REPAIR_SINGLE, at, 0);
    if (q == Q_CURLY_DOUBLE || q == Q_CURLY_SINGLE) note(r, TSIG_REPAIR_CURLY, at, 0);
    emit(r, "\"", 1, at);
    r->quote = q;
    r->key = key;
    r->ctrl_noted = 0;
    r->pos = at + n;
    r->state = R_STRING;
}

/* A value starts at r->pos (c its first byte): 1 taken, 0 refused, MORE. */
static int value_start(tsig_repair *r, const char *s, size_t len, int final, int c)
{
    size_t p = r->pos;
    if (!r->stack.len) r->scalar = c != '{' && c != '[';
    if (c == '{' || c == '[') {
        if (r->stack.len >= r->max_depth) return 0;
        tsig_sb_putc(&r->stack, c == '{' ? 'o' : 'a');
        emit(r, s + p, 1, p);
        r->pos = p + 1;
        r->state = c == '{' ? R_KEY : R_VALUE;
        r->first = 1;
        r->newline = 0;
        return 1;
    }
    if (c == '"') {
        open_string(r, Q_DOUBLE, p, 1, 0);
        return 1;
    }
    if (c == '\'') {
        open_string(r, Q_SINGLE, p, 1, 0);
        return 1;
    }
    if (c == 0xE2) {
        int q = curly_open(s, len, p, final);
        if (q == MORE) return MORE;
        if (!q) return 0;
        open_string(r, q, p, 3, 0);
        return 1;
    }
    if (c == '-' || is_digit(c)) {
        r->state = R_NUMBER;
        return 1;
    }
    if (is_word_start(c)) {
        size_t e = word_end(r, s, len, p, final, 0);
        if (e == (size_t)MORE) {
            /* refused as soon as it can be no literal (streaming sees it) */
            static const char *const words[] = {"true", "false", "null", "True", "False", "None"};
            for (size_t k = 0; k < sizeof words / sizeof words[0]; k++)
                if (len - p <= strlen(words[k]) && memcmp(s + p, words[k], len - p) == 0)
                    return MORE;
            return 0;
        }
        const char *w = s + p;
        size_t n = e - p;
        const char *to = word_is(w, n, "True") ? "true" : word_is(w, n, "False") ? "false"
                       : word_is(w, n, "None") ? "null" : NULL;
        if (to) {
            note(r, w[0] == 'T' ? TSIG_REPAIR_TRUE : w[0] == 'F' ? TSIG_REPAIR_FALSE
                                                                  : TSIG_REPAIR_NONE, p, 0);
            emit(r, to, strlen(to), p);
        } else {
            emit(r, w, n, p); /* JSON's own, or refused */
        }
        r->pos = e;
        after_value(r);
        return 1;
    }
    return 0;
}

int tsig_repair_run(tsig_repair *r, const char *s, size_t len, int final)
{
    if (r->done) return !r->out.failed && !r->stack.failed;
    for (;;) {
        if (r->out.failed || r->stack.failed) return 0;
        size_t p = r->pos;
        int c = byte_at(s, len, p, final);
        if (c == MORE) return 1;
        int b;
        switch (r->state) {
        case R_START:
            if (p == 0 && len >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0) {
                emit(r, s, 3, 0);
                r->pos = 3;
                break;
            }
            if ((b = blank(r, s, len, final, c)) != 0) {
                if (b == MORE) return 1;
                break;
            }
            if (c == END) goto done;
            if (c == '`') {
                if (len - p < 3 && !final) return 1;
                if (len - p >= 3 && memcmp(s + p, "```", 3) == 0) {
                    note(r, TSIG_REPAIR_FENCE, p, 0);
                    r->fenced = 1;
                    r->pos = p + 3;
                    r->state = R_FENCE;
                    break;
                }
            }
            if (is_word_start(c)) {
                size_t e = word_end(r, s, len, p, final, 0);
                if (e == (size_t)MORE) return 1;
                if (value_word(s + p, e - p)) {
                    r->state = R_VALUE;
                    break;
                }
            } else if (is_value_start(c) || c == '}' || c == ']') {
                if (c == 0xE2) {
                    int q = curly_open(s, len, p, final);
                    if (q == MORE) return 1;
                    if (q) {
                        r->state = R_VALUE;
                        break;
                    }
                } else {
                    r->state = R_VALUE;
                    break;
                }
            }
            r->prose_at = p;
            r->state = R_PROSE;
            break;
        case R_PROSE: {
            size_t i = p;
            while (i < len && s[i] != '{' && s[i] != '[' && s[i] != '`') i++;
            if (i >= len) {
                r->pos = i;
                if (!final) return 1;
                refuse(r, r->prose_at); /* no value: the text as it is */
                break;
            }
            if (s[i] == '`') {
                if (len - i < 3 && !final) {
                    r->pos = i;
                    return 1;
                }
                int line_start = i == 0 || s[i - 1] == '\n';
                if (!(line_start && len - i >= 3 && memcmp(s + i, "```", 3) == 0)) {
                    r->pos = i + 1;
                    break;
                }
            }
            note(r, TSIG_REPAIR_BEFORE, r->prose_at, 0);
            r->pos = i;
            r->state = s[i] == '`' ? R_START : R_VALUE;
            break;
        }
        case R_FENCE: {
            const char *nl = memchr(s + p, '\n', len - p);
            r->pos = nl ? (size_t)(nl - s) + 1 : len;
            if (nl) r->state = R_START;
            else if (final) goto done;
            break;
        }
        case R_VALUE:
            if ((b = blank(r, s, len, final, c)) != 0) {
                if (b == MORE) return 1;
                break;
            }
            if (c == END) goto done;
            if (c == ']' && r->first && top(r) == 'a') {
                r->stack.len--;
                emit(r, s + p, 1, p);
                r->pos = p + 1;
                after_value(r);
                break;
            }
            b = value_start(r, s, len, final, c);
            if (b == MORE) return 1;
            if (!b) refuse(r, p);
            break;
        case R_KEY:
            if ((b = blank(r, s, len, final, c)) != 0) {
                if (b == MORE) return 1;
                break;
            }
            if (c == END) goto done;
            if (c == '}' && r->first) {
                r->stack.len--;
                emit(r, s + p, 1, p);
                r->pos = p + 1;
                after_value(r);
            } else if (c == '"' || c == '\'') {
                open_string(r, c == '"' ? Q_DOUBLE : Q_SINGLE, p, 1, 1);
            } else if (c == 0xE2) {
                int q = curly_open(s, len, p, final);
                if (q == MORE) return 1;
                if (q) open_string(r, q, p, 3, 1);
                else refuse(r, p);
            } else if (tsig_ident_start((char)c)) {
                size_t e = word_end(r, s, len, p, final, 1);
                if (e == (size_t)MORE) return 1;
                size_t i = spaces_end(r, s, len, e);
                if (i >= len && !final) return 1;
                if (i < len && s[i] == ':') {
                    note(r, TSIG_REPAIR_KEY, p, e - p);
                    emit(r, "\"", 1, p);
                    emit(r, s + p, e - p, p);
                    emit(r, "\"", 1, e);
                    r->pos = e;
                    r->state = R_COLON;
                } else {
                    refuse(r, p);
                }
            } else {
                refuse(r, p);
            }
            break;
        case R_COLON:
            if ((b = blank(r, s, len, final, c)) != 0) {
                if (b == MORE) return 1;
                break;
            }
            if (c == END) goto done;
            if (c != ':') {
                refuse(r, p);
                break;
            }
            emit(r, ":", 1, p);
            r->pos = p + 1;
            r->state = R_VALUE;
            r->first = 0;
            break;
        case R_AFTER:
            if ((b = blank(r, s, len, final, c)) != 0) {
                if (b == MORE) return 1;
                break;
            }
            if (c == END) goto done;
            if (c == ',') {
                r->comma_at = p;
                r->pos = p + 1;
                r->state = R_COMMA;
            } else if ((c == '}' && top(r) == 'o') || (c == ']' && top(r) == 'a')) {
                r->stack.len--;
                emit(r, s + p, 1, p);
                r->pos = p + 1;
                after_value(r);
            } else if (r->newline && (top(r) == 'o' ? is_key_start(c) : is_value_start(c))) {
                note(r, TSIG_REPAIR_MISSING_COMMA, p, 0);
                emit(r, ",", 1, p);
                r->state = top(r) == 'o' ? R_KEY : R_VALUE;
                r->first = 0;
            } else {
                refuse(r, p);
            }
            break;
        case R_COMMA:
            if ((b = blank(r, s, len, final, c)) != 0) {
                if (b == MORE) return 1;
                break;
            }
            if (c == '}' || c == ']') {
                note(r, TSIG_REPAIR_TRAILING_COMMA, r->comma_at, 0);
                r->state = R_AFTER;
                r->newline = 0;
                break;
            }
            emit(r, ",", 1, r->comma_at);
            if (c == END) goto done;
            r->state = top(r) == 'o' ? R_KEY : R_VALUE;
            r->first = 0;
            break;
        case R_STRING:
            if (c == END) goto done;
            if (string_body(r, s, len, final)) {
                if (r->key) r->state = R_COLON;
                else after_value(r);
            } else if (final && r->pos >= len) {
                goto done;
            } else {
                return 1;
            }
            break;
        case R_NUMBER: {
            size_t i = p;
            while (i < len && (is_digit((unsigned char)s[i]) || s[i] == '-' || s[i] == '+' ||
                               s[i] == '.' || s[i] == 'e' || s[i] == 'E'))
                i++;
            emit(r, s + p, i - p, p);
            r->pos = i;
            if (i >= len && !final) return 1;
            after_value(r);
            break;
        }
        case R_LINE_COMMENT: {
            const char *nl = memchr(s + p, '\n', len - p);
            r->pos = nl ? (size_t)(nl - s) : len;
            if (nl) r->state = r->back;
            else if (final) goto done;
            break;
        }
        case R_BLOCK_COMMENT: {
            size_t i = p;
            while (i + 1 < len && !(s[i] == '*' && s[i + 1] == '/')) i++;
            if (i + 1 < len) {
                r->pos = i + 2;
                r->state = r->back;
            } else if (final) {
                r->note_count--; /* not closed: refused; its note is the last */
                emit(r, s + r->comment_at, 1, r->comment_at);
                r->pos = len;
                goto done;
            } else {
                r->pos = i;
                return 1;
            }
            break;
        }
        case R_TOP_AFTER:
            if ((b = blank(r, s, len, final, c)) != 0) {
                if (b == MORE) return 1;
                break;
            }
            if (c == END) goto done;
            if (r->fenced && c == '`') {
                if (len - p < 3 && !final) return 1;
                if (len - p >= 3 && memcmp(s + p, "```", 3) == 0) {
                    r->pos = p + 3;
                    r->state = R_TAIL;
                    break;
                }
            }
            if (r->scalar) {
                /* prose is dropped around one object or array only
                 * (SPEC §13.2): after a scalar it is the error */
                refuse(r, p);
                break;
            }
            if (is_word_start(c)) {
                size_t e = word_end(r, s, len, p, final, 0);
                if (e == (size_t)MORE) return 1;
                if (value_word(s + p, e - p)) {
                    refuse(r, p);
                    break;
                }
            } else if (is_value_start(c) || c == '}' || c == ']' || c == ',' || c == ':') {
                if (c != 0xE2) {
                    refuse(r, p);
                    break;
                }
                int q = curly_open(s, len, p, final);
                if (q == MORE) return 1;
                if (q) {
                    refuse(r, p);
                    break;
                }
            }
            note(r, TSIG_REPAIR_AFTER, p, 0);
            r->state = R_PROSE_AFTER;
            break;
        case R_TAIL:
            if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
                r->pos = p + 1;
                break;
            }
            if (c == END) goto done;
            note(r, TSIG_REPAIR_AFTER, p, 0);
            r->state = R_PROSE_AFTER;
            break;
        case R_PROSE_AFTER: {
            size_t i = p;
            while (i < len && s[i] != '{' && s[i] != '[') i++;
            r->pos = i;
            if (i < len) refuse(r, i); /* another value? two readings */
            else if (final) goto done;
            else return 1;
            break;
        }
        case R_PASS:
            if (c == END) goto done;
            emit(r, s + p, len - p, p);
            r->pos = len;
            if (!final) return 1;
            goto done;
        }
    }
done:
    place(r, len); /* the end of the canonical text is the end of the text */
    r->done = 1;
    return !r->out.failed && !r->stack.failed;
}

/* "repaired JSON at L:C: <what>" of a note, L:C in the original text. */
void tsig_repair_message(const tsig_repair_note *n, const char *src, size_t line,
                         size_t column, tsig_strbuf *out)
{
    static const char *const what[] = {
        "took the value out of a code fence", "ignored text before the value",
        "ignored text after the value",       "removed a trailing comma",
        "removed a comment",                  "replaced single quotes",
        "replaced curly quotes",              "quoted the key ",
        "replaced True with true",            "replaced False with false",
        "replaced None with null",            "escaped a control character in a string",
        "inserted a missing comma"};
    tsig_sb_printf(out, "repaired JSON at %zu:%zu: %s", line, column, what[n->what]);
    if (n->what == TSIG_REPAIR_KEY) {
        size_t k = n->len > 40 ? 40 : n->len;
        tsig_sb_append(out, src + n->at, k);
        if (k < n->len) tsig_sb_puts(out, "\xE2\x80\xA6");
    }
}

/* Line and column of offset, counted on from a previous (offset, line,
 * column): notes come in text order, so all of them cost one scan. */
void tsig_repair_line_col(const char *src, size_t *from, size_t *line, size_t *column,
                          size_t offset)
{
    if (offset < *from) {
        *from = 0;
        *line = *column = 1;
    }
    for (size_t i = *from; i < offset; i++) {
        if (src[i] == '\n') {
            (*line)++;
            *column = 1;
        } else {
            (*column)++;
        }
    }
    *from = offset;
}
