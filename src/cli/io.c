/*
 * io.c: reading arguments, files and standard input (binary, any size up
 * to TSIG_MAX_INPUT), and writing results and errors, all through the
 * host's cli_io.
 */
#include "cli.h"

#include "cJSON.h"

#include <stdlib.h>
#include <string.h>

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

void cli_vprintf(const cli_args *args, int stream, const char *fmt, va_list ap)
{
    char small[256];
    va_list again;
    va_copy(again, ap);
    int n = tsig_vsnprintf(small, sizeof small, fmt, ap);
    if (n >= 0 && (size_t)n < sizeof small) {
        cli_write(args, stream, small, (size_t)n);
    } else if (n >= 0) {
        char *big = malloc((size_t)n + 1);
        if (big) {
            tsig_vsnprintf(big, (size_t)n + 1, fmt, again);
            cli_write(args, stream, big, (size_t)n);
            free(big);
        } else {
            cli_out_of_memory(args);
        }
    }
    va_end(again);
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

static void newline_indent(tsig_strbuf *sb, size_t depth)
{
    tsig_sb_putc(sb, '\n');
    for (size_t i = 0; i < depth; i++) tsig_sb_append(sb, "  ", 2);
}

/*
 * Compact JSON (as the stages write it: no whitespace outside strings) to
 * an indented form: one member or element per line, "key": value, empty
 * containers kept as {} and []. Strings and numbers are copied byte for
 * byte.
 */
int cli_write_pretty_json(const cli_args *args, const char *json, size_t len)
{
    tsig_strbuf sb = {0};
    size_t depth = 0;
    for (size_t i = 0; i < len; i++) {
        char c = json[i];
        if (c == '"') {
            size_t start = i;
            for (i++; i < len && json[i] != '"'; i++)
                if (json[i] == '\\') i++;
            tsig_sb_append(&sb, json + start, (i < len ? i + 1 : len) - start);
        } else if (c == '{' || c == '[') {
            if (i + 1 < len && (json[i + 1] == '}' || json[i + 1] == ']')) {
                tsig_sb_putc(&sb, c);
                tsig_sb_putc(&sb, json[++i]);
            } else {
                tsig_sb_putc(&sb, c);
                newline_indent(&sb, ++depth);
            }
        } else if (c == '}' || c == ']') {
            newline_indent(&sb, depth ? --depth : 0);
            tsig_sb_putc(&sb, c);
        } else if (c == ',') {
            tsig_sb_putc(&sb, c);
            newline_indent(&sb, depth);
        } else if (c == ':') {
            tsig_sb_append(&sb, ": ", 2);
        } else if (c != ' ' && c != '\n' && c != '\t' && c != '\r') {
            tsig_sb_putc(&sb, c);
        }
    }
    tsig_sb_putc(&sb, '\n');
    size_t out_len = 0;
    char *out = tsig_sb_finish(&sb, &out_len);
    if (!out) return cli_out_of_memory(args);
    cli_write(args, CLI_STDOUT, out, out_len);
    tsig_free(out);
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

int cli_doc_ok(const char *doc)
{
    return doc && strncmp(doc, "{\"ok\":true", 10) == 0;
}

/* The string member key of an object of a tree, or NULL. */
static const cJSON *doc_string(const cJSON *obj, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    return cJSON_IsString(v) ? v : NULL;
}

/* The non-negative integer member key of an object of a tree (0 when
 * absent). */
static size_t doc_number(const cJSON *obj, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    size_t n = 0;
    for (const char *d = cJSON_IsNumber(v) ? v->valuestring : ""; *d >= '0' && *d <= '9'; d++)
        n = n * 10 + (size_t)(*d - '0');
    return n;
}

int cli_print_doc_errors(const cli_args *args, const cJSON *doc, const char *key,
                         const char *prefix, const char *src, size_t len)
{
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(doc, key);
    if (!cJSON_IsArray(list)) return 0;
    for (const cJSON *e = list->child; e; e = e->next) {
        const cJSON *path = doc_string(e, "path");
        const cJSON *name = doc_string(e, "name");
        const cJSON *message = doc_string(e, "message");
        if (message && strncmp(message->valuestring, "JSON error", 10) == 0 &&
            cJSON_GetObjectItemCaseSensitive(e, "offset")) {
            tsig_error err;
            memset(&err, 0, sizeof err);
            err.code = TSIG_ERR_JSON;
            err.offset = doc_number(e, "offset");
            err.line = doc_number(e, "line");
            err.column = doc_number(e, "column");
            tsig_snprintf(err.message, sizeof err.message, "%s", message->valuestring);
            cli_print_error(args, &err, "JSON", src, len);
        } else {
            cli_puts(args, CLI_STDERR, prefix);
            if (path && path->valueint)
                cli_write(args, CLI_STDERR, path->valuestring, (size_t)path->valueint);
            if (name) {
                cli_puts(args, CLI_STDERR, " (");
                cli_write(args, CLI_STDERR, name->valuestring, (size_t)name->valueint);
                cli_puts(args, CLI_STDERR, ")");
            }
            if ((path && path->valueint) || name) cli_puts(args, CLI_STDERR, ": ");
            if (message)
                cli_write(args, CLI_STDERR, message->valuestring, (size_t)message->valueint);
            cli_puts(args, CLI_STDERR, "\n");
        }
    }
    return 0;
}
