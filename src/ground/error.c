/*
 * error.c: positioned errors, their text form, and the small text helpers
 * every stage uses to quote what it found.
 */
#include "internal.h"

#include <string.h>

const char *tsig_code_name(tsig_code code)
{
    switch (code) {
    case TSIG_OK: return "TSIG_OK";
    case TSIG_ERR_SYNTAX: return "TSIG_ERR_SYNTAX";
    case TSIG_ERR_UNKNOWN_TYPE: return "TSIG_ERR_UNKNOWN_TYPE";
    case TSIG_ERR_DUPLICATE_NAME: return "TSIG_ERR_DUPLICATE_NAME";
    case TSIG_ERR_TOO_DEEP: return "TSIG_ERR_TOO_DEEP";
    case TSIG_ERR_JSON: return "TSIG_ERR_JSON";
    case TSIG_ERR_KEY_COLLISION: return "TSIG_ERR_KEY_COLLISION";
    case TSIG_ERR_SCHEMA: return "TSIG_ERR_SCHEMA";
    case TSIG_ERR_TEMPLATE: return "TSIG_ERR_TEMPLATE";
    case TSIG_ERR_ARGUMENT: return "TSIG_ERR_ARGUMENT";
    case TSIG_ERR_NOMEM: return "TSIG_ERR_NOMEM";
    case TSIG_ERR_TOO_LARGE: return "TSIG_ERR_TOO_LARGE";
    }
    return "TSIG_ERR_UNKNOWN";
}

const char *tsig_code_kind(tsig_code code)
{
    switch (code) {
    case TSIG_OK: return "ok";
    case TSIG_ERR_SYNTAX: return "syntax";
    case TSIG_ERR_UNKNOWN_TYPE: return "unknown_type";
    case TSIG_ERR_DUPLICATE_NAME: return "duplicate_name";
    case TSIG_ERR_TOO_DEEP: return "too_deep";
    case TSIG_ERR_JSON: return "json_syntax";
    case TSIG_ERR_KEY_COLLISION: return "key_collision";
    case TSIG_ERR_SCHEMA: return "schema";
    case TSIG_ERR_TEMPLATE: return "template";
    case TSIG_ERR_ARGUMENT: return "argument";
    case TSIG_ERR_NOMEM: return "out_of_memory";
    case TSIG_ERR_TOO_LARGE: return "too_large";
    }
    return "unknown";
}

const char *tsig_issue_code_name(tsig_issue_code code)
{
    switch (code) {
    case TSIG_ISSUE_TYPE: return "type";
    case TSIG_ISSUE_MISSING: return "missing";
    case TSIG_ISSUE_UNEXPECTED: return "unexpected";
    case TSIG_ISSUE_AMBIGUOUS: return "ambiguous";
    case TSIG_ISSUE_DUPLICATE_KEY: return "duplicate_key";
    case TSIG_ISSUE_COERCED: return "coerced";
    case TSIG_ISSUE_JSON_SYNTAX: return "json_syntax";
    case TSIG_ISSUE_TOO_DEEP: return "too_deep";
    case TSIG_ISSUE_TOO_MANY: return "too_many";
    case TSIG_ISSUE_ENUM: return "enum";
    case TSIG_ISSUE_RANGE: return "range";
    case TSIG_ISSUE_LENGTH: return "length";
    case TSIG_ISSUE_UNION: return "union";
    case TSIG_ISSUE_WRAPPED: return "wrapped";
    case TSIG_ISSUE_REPAIRED: return "repaired";
    case TSIG_ISSUE_TOO_LARGE: return "too_large";
    case TSIG_ISSUE_SCHEMA: return "schema";
    case TSIG_ISSUE_SIGNATURE: return "signature";
    }
    return "";
}

size_t tsig_utf8_read(const unsigned char *s, size_t len, size_t *stop)
{
    unsigned char c = s[0];
    if (c < 0x80) return 1;
    size_t n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
    /* the second byte's range rules out overlongs, surrogates and what
     * lies above U+10FFFF */
    unsigned char lo = c == 0xE0 ? 0xA0 : c == 0xF0 ? 0x90 : 0x80;
    unsigned char hi = c == 0xED ? 0x9F : c == 0xF4 ? 0x8F : 0xBF;
    *stop = 0;
    if (c < 0xC2 || c > 0xF4) return 0;
    for (size_t i = 1; i < n; i++) {
        *stop = i;
        if (i >= len) return TSIG_UTF8_CUT;
        if ((s[i] & 0xC0) != 0x80 || (i == 1 && (s[1] < lo || s[1] > hi))) return 0;
    }
    return n;
}

size_t tsig_utf8_seq(const unsigned char *s, size_t len)
{
    size_t stop;
    if (len == 0) return 0;
    size_t n = tsig_utf8_read(s, len, &stop);
    return n == TSIG_UTF8_CUT ? 0 : n;
}

/* Cuts text to fit size bytes (NUL included) without splitting a UTF-8
 * sequence. */
static void copy_cut(char *dst, size_t size, const char *src)
{
    size_t n = strlen(src);
    if (n >= size) {
        n = size - 1;
        while (n > 0 && ((unsigned char)src[n] & 0xC0) == 0x80) n--;
    }
    memcpy(dst, src, n);
    dst[n] = '\0';
}

void tsig_line_col(const char *src, size_t len, size_t offset, size_t *line,
                   size_t *column)
{
    size_t l = 1, start = 0;
    if (offset > len) offset = len;
    for (size_t i = 0; i < offset; i++) {
        if (src[i] == '\n') {
            l++;
            start = i + 1;
        }
    }
    *line = l;
    *column = offset - start + 1;
}

void tsig_error_set(tsig_error *err, tsig_code code, const char *src,
                    size_t len, size_t offset, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    tsig_error_setv(err, code, src, len, offset, fmt, ap);
    va_end(ap);
}

void tsig_error_setv(tsig_error *err, tsig_code code, const char *src,
                     size_t len, size_t offset, const char *fmt, va_list ap)
{
    if (!err) return;
    /* room to spare: copy_cut, not the formatting, decides where it ends */
    char buf[TSIG_MESSAGE_MAX * 2];
    int n = tsig_vsnprintf(buf, sizeof buf, fmt, ap);
    if (n < 0) buf[0] = '\0';
    err->code = code;
    if (offset > len) offset = len;
    err->offset = offset;
    tsig_line_col(src, len, offset, &err->line, &err->column);
    copy_cut(err->message, sizeof err->message, buf);
    err->hint[0] = '\0';
}

void tsig_error_hint(tsig_error *err, const char *hint)
{
    if (err) copy_cut(err->hint, sizeof err->hint, hint);
}

void tsig_describe_found(const char *src, size_t len, size_t offset,
                         char *buf, size_t size)
{
    if (offset >= len) {
        tsig_snprintf(buf, size, "end of input");
        return;
    }
    const unsigned char *p = (const unsigned char *)src + offset;
    size_t n = tsig_utf8_seq(p, len - offset);
    if (n == 0) {
        tsig_snprintf(buf, size, "invalid UTF-8 byte 0x%02X", p[0]);
    } else if (p[0] == 0) {
        tsig_snprintf(buf, size, "a NUL byte");
    } else if (p[0] < 0x20 || p[0] == 0x7F) {
        tsig_snprintf(buf, size, "control character U+%04X", p[0]);
    } else if (p[0] == '"') {
        tsig_snprintf(buf, size, "\"\\\"\"");
    } else if (p[0] == '\\') {
        tsig_snprintf(buf, size, "\"\\\\\"");
    } else {
        tsig_snprintf(buf, size, "\"%.*s\"", (int)n, (const char *)p);
    }
}

char *tsig_error_format(const tsig_error *err, const char *kind,
                        const char *src, size_t len)
{
    tsig_strbuf sb = {0};
    tsig_sb_printf(&sb, "%s error at %zu:%zu: %s", kind ? kind : "signature",
                   err->line, err->column, err->message);
    if (src) {
        size_t off = err->offset > len ? len : err->offset;
        size_t start = off, end = off;
        while (start > 0 && src[start - 1] != '\n') start--;
        while (end < len && src[end] != '\n') end++;
        /* Show at most 120 bytes of the line around the caret. */
        size_t from = start, to = end;
        if (off - from > 80) from = off - 80;
        if (to - off > 40) to = off + 40;
        while (from > start && ((unsigned char)src[from] & 0xC0) == 0x80) from--;
        while (to < end && ((unsigned char)src[to] & 0xC0) == 0x80) to++;
        tsig_sb_puts(&sb, "\n  ");
        size_t caret = 0; /* display columns before the caret */
        /* Invalid UTF-8 and control bytes are shown as "?", so the text
         * stays valid UTF-8 and one character wide per byte shown. */
        for (size_t i = from; i < to;) {
            unsigned char c = (unsigned char)src[i];
            size_t n = tsig_utf8_seq((const unsigned char *)src + i, to - i);
            if (n > 1) {
                tsig_sb_append(&sb, src + i, n);
            } else {
                n = 1;
                char shown = (char)c;
                if (c == '\t' || c == '\r') shown = ' ';
                else if (c < 0x20 || c >= 0x7F) shown = '?';
                tsig_sb_putc(&sb, shown);
            }
            if (i < off) caret++;
            i += n;
        }
        tsig_sb_puts(&sb, "\n  ");
        for (size_t i = 0; i < caret; i++) tsig_sb_putc(&sb, ' ');
        tsig_sb_putc(&sb, '^');
    }
    if (err->hint[0]) tsig_sb_printf(&sb, "\n  hint: %s", err->hint);
    return tsig_sb_finish(&sb, NULL);
}

const char *tsig_json_error_reason(const char *message)
{
    static const char prefix[] = "JSON error at ";
    if (strncmp(message, prefix, sizeof prefix - 1) != 0) return NULL;
    const char *p = message + sizeof prefix - 1;
    /* L:C, then ": " */
    while ((*p >= '0' && *p <= '9') || *p == ':') {
        if (p[0] == ':' && p[1] == ' ') return p + 2;
        p++;
    }
    return NULL;
}
