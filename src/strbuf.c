/*
 * strbuf.c: growable text that remembers allocation failure.
 */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int tsig_sb_reserve(tsig_strbuf *sb, size_t extra)
{
    if (sb->failed) return 0;
    if (extra <= sb->cap - sb->len && sb->cap - sb->len - extra >= 1) return 1;
    if (extra > (size_t)-1 / 2 - sb->len - 1) {
        sb->failed = 1;
        return 0;
    }
    size_t need = sb->len + extra + 1;
    size_t cap = sb->cap ? sb->cap : 64;
    while (cap < need) cap *= 2;
    char *p = realloc(sb->data, cap);
    if (!p) {
        sb->failed = 1;
        return 0;
    }
    sb->data = p;
    sb->cap = cap;
    return 1;
}

void tsig_sb_append(tsig_strbuf *sb, const char *s, size_t len)
{
    if (!tsig_sb_reserve(sb, len)) return;
    if (len) memcpy(sb->data + sb->len, s, len);
    sb->len += len;
    sb->data[sb->len] = '\0';
}

void tsig_sb_puts(tsig_strbuf *sb, const char *s)
{
    tsig_sb_append(sb, s, strlen(s));
}

void tsig_sb_putc(tsig_strbuf *sb, char c)
{
    if (!tsig_sb_reserve(sb, 1)) return;
    sb->data[sb->len++] = c;
    sb->data[sb->len] = '\0';
}

void tsig_sb_printf(tsig_strbuf *sb, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char small[256];
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0) {
        sb->failed = 1;
        return;
    }
    if ((size_t)n < sizeof small) {
        tsig_sb_append(sb, small, (size_t)n);
        return;
    }
    if (!tsig_sb_reserve(sb, (size_t)n)) return;
    va_start(ap, fmt);
    vsnprintf(sb->data + sb->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    sb->len += (size_t)n;
}

void tsig_sb_json_string(tsig_strbuf *sb, const char *s, size_t len)
{
    static const char hex[] = "0123456789abcdef";
    tsig_sb_putc(sb, '"');
    size_t run = 0; /* start of the pending run of bytes copied as they are */
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c != '"' && c != '\\') continue;
        tsig_sb_append(sb, s + run, i - run);
        run = i + 1;
        switch (c) {
        case '"': tsig_sb_append(sb, "\\\"", 2); break;
        case '\\': tsig_sb_append(sb, "\\\\", 2); break;
        case '\n': tsig_sb_append(sb, "\\n", 2); break;
        case '\r': tsig_sb_append(sb, "\\r", 2); break;
        case '\t': tsig_sb_append(sb, "\\t", 2); break;
        case '\b': tsig_sb_append(sb, "\\b", 2); break;
        case '\f': tsig_sb_append(sb, "\\f", 2); break;
        default: {
            char u[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
            tsig_sb_append(sb, u, 6);
        }
        }
    }
    tsig_sb_append(sb, s + run, len - run);
    tsig_sb_putc(sb, '"');
}

char *tsig_sb_finish(tsig_strbuf *sb, size_t *len)
{
    if (!sb->failed && !sb->data) tsig_sb_reserve(sb, 0);
    if (sb->failed) {
        tsig_sb_release(sb);
        if (len) *len = 0;
        return NULL;
    }
    sb->data[sb->len] = '\0';
    char *out = sb->data;
    if (len) *len = sb->len;
    sb->data = NULL;
    sb->len = sb->cap = 0;
    return out;
}

void tsig_sb_release(tsig_strbuf *sb)
{
    free(sb->data);
    sb->data = NULL;
    sb->len = sb->cap = 0;
    sb->failed = 0;
}

void tsig_free(void *ptr)
{
    free(ptr);
}
