/*
 * io.c: reading arguments, files and standard input (binary, any size up
 * to TSIG_MAX_INPUT), and writing results and errors, all through the
 * host's cli_io.
 */
#include "cli.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- cli_buf ---------------------------------------------------------- */

/* Room for extra more bytes and a NUL; 0 (failed set) when there is none. */
static int buf_room(cli_buf *b, size_t extra)
{
    if (b->failed) return 0;
    if (extra < b->cap - b->len) return 1;
    if (extra > SIZE_MAX / 2 - b->len - 1) {
        b->failed = 1;
        return 0;
    }
    size_t cap = b->cap ? b->cap : 64;
    while (cap - b->len <= extra) cap *= 2;
    char *grown = realloc(b->data, cap);
    if (!grown) {
        b->failed = 1;
        return 0;
    }
    b->data = grown;
    b->cap = cap;
    return 1;
}

void cli_buf_append(cli_buf *b, const char *s, size_t len)
{
    if (!len || !buf_room(b, len)) return;
    memcpy(b->data + b->len, s, len);
    b->len += len;
}

void cli_buf_puts(cli_buf *b, const char *s)
{
    cli_buf_append(b, s, strlen(s));
}

void cli_buf_putc(cli_buf *b, char c)
{
    cli_buf_append(b, &c, 1);
}

char *cli_buf_finish(cli_buf *b, size_t *len)
{
    if (!buf_room(b, 0)) {
        cli_buf_release(b);
        return NULL;
    }
    char *text = b->data;
    text[b->len] = '\0';
    if (len) *len = b->len;
    b->data = NULL;
    b->len = b->cap = 0;
    return text;
}

void cli_buf_release(cli_buf *b)
{
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
    b->failed = 0;
}

/* ---- reading ---------------------------------------------------------- */

int cli_read_file(cli_args *args, const char *path, const char *what,
                  cli_text *out)
{
    out->data = NULL;
    out->len = 0;
    out->borrowed = 0;
    int from_stdin = strcmp(path, "-") == 0;
    if (from_stdin) {
        if (args->stdin_used)
            return cli_usage_error(args,
                                   "standard input can be read only once (for %s too)",
                                   what);
        args->stdin_used = 1;
    }
    const char *reason = "";
    const char *where = from_stdin ? "standard input" : path;
    switch (args->io->read(args->io, path, out, &reason)) {
    case CLI_READ_OK: return 0;
    case CLI_READ_CANNOT_OPEN:
        cli_printf(args, CLI_STDERR, "toolsig %s: cannot open %s \"%s\": %s\n",
                   args->cmd->name, what, path, reason);
        return CLI_UNUSABLE;
    case CLI_READ_FAILED:
        cli_printf(args, CLI_STDERR, "toolsig %s: cannot read %s (%s): %s\n",
                   args->cmd->name, what, where, reason);
        return CLI_UNUSABLE;
    case CLI_READ_TOO_LARGE:
        cli_printf(args, CLI_STDERR, "toolsig %s: %s (%s) is larger than %zu bytes\n",
                   args->cmd->name, what, where, (size_t)TSIG_MAX_INPUT);
        return CLI_UNUSABLE;
    case CLI_READ_PENDING: return CLI_UNUSABLE; /* the host asks and runs again */
    case CLI_READ_NO_MEMORY: return cli_out_of_memory(args);
    }
    return cli_out_of_memory(args); /* a status no reader returns */
}

int cli_read_arg(cli_args *args, const char *arg, const char *what,
                 cli_text *out)
{
    if (arg[0] == '@') return cli_read_file(args, arg + 1, what, out);
    out->len = strlen(arg);
    out->borrowed = 0;
    out->data = malloc(out->len + 1);
    if (!out->data) return cli_out_of_memory(args);
    memcpy(out->data, arg, out->len + 1);
    return 0;
}

void cli_text_free(cli_text *text)
{
    if (!text->borrowed) free(text->data);
    text->data = NULL;
    text->len = 0;
    text->borrowed = 0;
}

void cli_write(const cli_args *args, int stream, const char *data, size_t len)
{
    if (len) args->io->write(args->io, stream, data, len);
}

void cli_puts(const cli_args *args, int stream, const char *s)
{
    cli_write(args, stream, s, strlen(s));
}

/* Writes the decimal digits of n. */
static void write_unsigned(const cli_args *args, int stream, size_t n)
{
    char digits[24];
    size_t i = sizeof digits;
    do {
        digits[--i] = (char)('0' + n % 10);
        n /= 10;
    } while (n);
    cli_write(args, stream, digits + i, sizeof digits - i);
}

/* Writes n spaces. */
static void write_padding(const cli_args *args, int stream, size_t n)
{
    for (; n; n--) cli_write(args, stream, " ", 1);
}

/* Each piece goes to the stream as it is formatted: no allocation, so even
 * "out of memory" is printed. */
void cli_vprintf(const cli_args *args, int stream, const char *fmt, va_list ap)
{
    for (const char *p = fmt; *p; p++) {
        if (*p != '%') {
            const char *plain = p;
            while (p[1] && p[1] != '%') p++;
            cli_write(args, stream, plain, (size_t)(p - plain) + 1);
            continue;
        }
        p++;
        int left = *p == '-';
        if (left) p++;
        size_t width = 0;
        while (*p >= '0' && *p <= '9') width = width * 10 + (size_t)(*p++ - '0');
        int precision = -1;
        if (p[0] == '.' && p[1] == '*') {
            precision = va_arg(ap, int);
            p += 2;
        }
        if (*p == 's') {
            const char *s = va_arg(ap, const char *);
            size_t n = strlen(s);
            if (precision >= 0 && (size_t)precision < n) n = (size_t)precision;
            if (!left && n < width) write_padding(args, stream, width - n);
            cli_write(args, stream, s, n);
            if (left && n < width) write_padding(args, stream, width - n);
        } else if (p[0] == 'z' && p[1] == 'u') {
            write_unsigned(args, stream, va_arg(ap, size_t));
            p++;
        } else if (*p == 'd') {
            int n = va_arg(ap, int);
            if (n < 0) cli_write(args, stream, "-", 1);
            write_unsigned(args, stream, n < 0 ? (size_t)-(long long)n : (size_t)n);
        } else if (*p == '%') {
            cli_write(args, stream, "%", 1);
        } else {
            return; /* a conversion the command line never writes */
        }
    }
}

void cli_printf(const cli_args *args, int stream, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    cli_vprintf(args, stream, fmt, ap);
    va_end(ap);
}

void cli_write_line(const cli_args *args, int stream, const char *text,
                    size_t len)
{
    cli_write(args, stream, text, len);
    if (len == 0 || text[len - 1] != '\n') cli_write(args, stream, "\n", 1);
}

static void newline_indent(cli_buf *sb, size_t depth)
{
    cli_buf_putc(sb, '\n');
    for (size_t i = 0; i < depth; i++) cli_buf_append(sb, "  ", 2);
}

/*
 * Compact JSON (as the stages write it: no whitespace outside strings) to
 * an indented form: one member or element per line, "key": value, empty
 * containers kept as {} and []. Strings and numbers are copied byte for
 * byte.
 */
int cli_write_pretty_json(const cli_args *args, const char *json, size_t len)
{
    cli_buf sb = {0};
    size_t depth = 0;
    for (size_t i = 0; i < len; i++) {
        char c = json[i];
        if (c == '"') {
            size_t start = i;
            for (i++; i < len && json[i] != '"'; i++)
                if (json[i] == '\\') i++;
            cli_buf_append(&sb, json + start, (i < len ? i + 1 : len) - start);
        } else if (c == '{' || c == '[') {
            if (i + 1 < len && (json[i + 1] == '}' || json[i + 1] == ']')) {
                cli_buf_putc(&sb, c);
                cli_buf_putc(&sb, json[++i]);
            } else {
                cli_buf_putc(&sb, c);
                newline_indent(&sb, ++depth);
            }
        } else if (c == '}' || c == ']') {
            newline_indent(&sb, depth ? --depth : 0);
            cli_buf_putc(&sb, c);
        } else if (c == ',') {
            cli_buf_putc(&sb, c);
            newline_indent(&sb, depth);
        } else if (c == ':') {
            cli_buf_append(&sb, ": ", 2);
        } else if (c != ' ' && c != '\n' && c != '\t' && c != '\r') {
            cli_buf_putc(&sb, c);
        }
    }
    cli_buf_putc(&sb, '\n');
    size_t out_len = 0;
    char *out = cli_buf_finish(&sb, &out_len);
    if (!out) return cli_out_of_memory(args);
    cli_write(args, CLI_STDOUT, out, out_len);
    free(out);
    return CLI_OK;
}

void cli_print_error(const cli_args *args, const tsig_error *err,
                     const char *kind, const char *src, size_t len)
{
    tsig_error shown = *err;
    /* A JSON text error may already say "JSON error at L:C: "; the text
     * form adds that itself. */
    const char *prefix = "JSON error at ";
    if (strncmp(shown.message, prefix, strlen(prefix)) == 0) {
        const char *rest = strstr(shown.message, ": ");
        if (rest) memmove(shown.message, rest + 2, strlen(rest + 2) + 1);
    }
    char *text = tsig_error_format(&shown, kind, src, len);
    if (!text) {
        cli_out_of_memory(args);
        return;
    }
    cli_write_line(args, CLI_STDERR, text, strlen(text));
    tsig_free(text);
}

int cli_out_of_memory(const cli_args *args)
{
    cli_puts(args, CLI_STDERR, "toolsig: out of memory\n");
    return CLI_UNUSABLE;
}
