/*
 * strbuf.c: growable text that remembers allocation failure, and the
 * printf-style formatting of the core (tsig_snprintf).
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

int tsig_sb_reserve(tsig_strbuf *sb, size_t extra)
{
    if (sb->failed) return 0;
    if (extra <= sb->cap - sb->len && sb->cap - sb->len - extra >= 1) return 1;
    if (sb->max && extra > sb->max - sb->len) {
        sb->failed = sb->over = 1;
        return 0;
    }
    if (extra > (size_t)-1 / 2 - sb->len - 1) {
        sb->failed = 1;
        return 0;
    }
    size_t need = sb->len + extra + 1;
    size_t cap = sb->cap ? sb->cap : 64;
    while (cap < need) cap *= 2;
    if (sb->max && cap > sb->max + 1) cap = sb->max + 1;
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
    int n = tsig_vsnprintf(small, sizeof small, fmt, ap);
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
    tsig_vsnprintf(sb->data + sb->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    sb->len += (size_t)n;
}

/* ---- tsig_vsnprintf ----------------------------------------------------- */

/* The window formatted text goes to: bytes past size - 1 are counted, not
 * written. */
typedef struct fmt_out {
    char *buf;
    size_t size;
    size_t len;
} fmt_out;

static void out_bytes(fmt_out *o, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++, o->len++)
        if (o->len + 1 < o->size) o->buf[o->len] = s[i];
}

static void out_repeat(fmt_out *o, char c, size_t n)
{
    for (size_t i = 0; i < n; i++, o->len++)
        if (o->len + 1 < o->size) o->buf[o->len] = c;
}

/*
 * Writes the text body (with sign, possibly empty, and zeros, the
 * precision's minimum digits of a number) padded to width: spaces before
 * (after when left), or zeros between sign and digits when zero_pad.
 */
static void out_field(fmt_out *o, const char *sign, const char *body, size_t len,
                      size_t zeros, size_t width, int left, int zero_pad)
{
    size_t sign_len = strlen(sign);
    size_t total = sign_len + zeros + len;
    size_t pad = width > total ? width - total : 0;
    if (!left && !zero_pad) out_repeat(o, ' ', pad);
    out_bytes(o, sign, sign_len);
    if (!left && zero_pad) out_repeat(o, '0', pad);
    out_repeat(o, '0', zeros);
    out_bytes(o, body, len);
    if (left) out_repeat(o, ' ', pad);
}

/* Reads a width or precision: digits, or '*' from the arguments. */
static int read_count(const char **p, va_list *ap)
{
    if (**p == '*') {
        (*p)++;
        return va_arg(*ap, int);
    }
    int n = 0;
    for (; **p >= '0' && **p <= '9'; (*p)++)
        if (n < 100000) n = n * 10 + (**p - '0');
    return n;
}

int tsig_vsnprintf(char *buf, size_t size, const char *fmt, va_list ap_in)
{
    fmt_out o = {buf, size, 0};
    va_list ap;
    va_copy(ap, ap_in);
    for (const char *p = fmt; *p; p++) {
        if (*p != '%') {
            const char *run = p;
            while (p[1] && p[1] != '%') p++;
            out_bytes(&o, run, (size_t)(p - run) + 1);
            continue;
        }
        const char *spec = p++;
        int left = 0, zero_pad = 0;
        for (;; p++) {
            if (*p == '-') left = 1;
            else if (*p == '0') zero_pad = 1;
            else break;
        }
        int width = read_count(&p, &ap);
        if (width < 0) {
            left = 1;
            width = -width;
        }
        int precision = -1;
        if (*p == '.') {
            p++;
            precision = read_count(&p, &ap);
        }
        char length = 0; /* 0: int, 'l': long, 'L': long long, 'z': size_t */
        if (*p == 'l') {
            length = 'l';
            if (*++p == 'l') {
                length = 'L';
                p++;
            }
        } else if (*p == 'z') {
            length = 'z';
            p++;
        }

        char digits[24];
        size_t end = sizeof digits, at = end;
        const char *sign = "";
        unsigned long long v = 0;
        unsigned base = 10;
        const char *numerals = "0123456789abcdef";
        switch (*p) {
        case '%':
            out_bytes(&o, "%", 1);
            continue;
        case 'c':
            digits[0] = (char)va_arg(ap, int);
            out_field(&o, "", digits, 1, 0, (size_t)width, left, 0);
            continue;
        case 's': {
            /* with a precision, s need not be NUL-terminated: read no further */
            const char *s = va_arg(ap, const char *);
            const char *nul = precision >= 0 ? memchr(s, '\0', (size_t)precision) : NULL;
            size_t n = precision < 0 ? strlen(s) : nul ? (size_t)(nul - s) : (size_t)precision;
            out_field(&o, "", s, n, 0, (size_t)width, left, 0);
            continue;
        }
        case 'd':
        case 'i': {
            long long x = length == 'l' ? va_arg(ap, long)
                        : length == 'L' ? va_arg(ap, long long)
                        : length == 'z' ? (long long)va_arg(ap, size_t)
                                        : va_arg(ap, int);
            if (x < 0) sign = "-";
            v = x < 0 ? 0ULL - (unsigned long long)x : (unsigned long long)x;
            break;
        }
        case 'X':
            numerals = "0123456789ABCDEF";
            /* fall through */
        case 'x':
            base = 16;
            /* fall through */
        case 'u':
            v = length == 'l' ? va_arg(ap, unsigned long)
              : length == 'L' ? va_arg(ap, unsigned long long)
              : length == 'z' ? va_arg(ap, size_t)
                              : va_arg(ap, unsigned);
            break;
        default:
            /* not a conversion this formatter knows: copied as written */
            out_bytes(&o, spec, (size_t)(p - spec) + (*p ? 1 : 0));
            if (!*p) p--;
            continue;
        }
        do {
            digits[--at] = numerals[v % base];
            v /= base;
        } while (v);
        if (precision == 0 && at == end - 1 && digits[at] == '0') at = end; /* %.0d of 0 */
        size_t len = end - at;
        size_t zeros = precision > 0 && (size_t)precision > len ? (size_t)precision - len : 0;
        out_field(&o, sign, digits + at, len, zeros, (size_t)width, left,
                  zero_pad && precision < 0);
    }
    va_end(ap);
    if (size) buf[o.len < size ? o.len : size - 1] = '\0';
    return o.len > 0x7fffffff ? -1 : (int)o.len;
}

int tsig_snprintf(char *buf, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = tsig_vsnprintf(buf, size, fmt, ap);
    va_end(ap);
    return n;
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
    sb->failed = sb->over = 0;
}

void tsig_free(void *ptr)
{
    free(ptr);
}

/* ---- tsig_messages ------------------------------------------------------ */

/* The block behind a tsig_messages: the pointer array, then the texts. */
int tsig_messages_make(tsig_messages *out, const char *texts, size_t len, size_t count)
{
    memset(out, 0, sizeof *out);
    if (count == 0) return 1;
    /* The pointers first (malloc aligns them), then the texts, each with
     * its NUL. */
    size_t table = count * sizeof(char *);
    char *block = malloc(table + len);
    if (!block) return 0;
    const char **items = (const char **)(void *)block;
    char *text = block + table;
    memcpy(text, texts, len);
    for (size_t i = 0, at = 0; i < count; i++) {
        items[i] = text + at;
        at += strlen(text + at) + 1;
    }
    out->items = items;
    out->count = count;
    out->internal_ = block;
    return 1;
}

void tsig_messages_free(tsig_messages *messages)
{
    if (!messages) return;
    free(messages->internal_);
    messages->items = NULL;
    messages->count = 0;
    messages->internal_ = NULL;
}
