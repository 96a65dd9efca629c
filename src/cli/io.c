/*
 * io.c: reading arguments, files and standard input (binary, any size up
 * to TSIG_MAX_INPUT), and writing results and errors.
 */
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Reads all of f into *out (NUL-terminated). Returns 0, -1 on a read
 * error (errno set), -2 when larger than TSIG_MAX_INPUT, -3 out of memory. */
static int read_all(FILE *f, cli_text *out)
{
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap + 1);
    if (!buf) return -3;
    for (;;) {
        len += fread(buf + len, 1, cap - len, f);
        if (ferror(f)) {
            free(buf);
            return -1;
        }
        if (len < cap) break; /* end of file */
        if (cap > TSIG_MAX_INPUT) { /* read one byte more than allowed */
            free(buf);
            return -2;
        }
        size_t grown = cap * 2 > TSIG_MAX_INPUT ? TSIG_MAX_INPUT + 1 : cap * 2;
        char *bigger = realloc(buf, grown + 1);
        if (!bigger) {
            free(buf);
            return -3;
        }
        buf = bigger;
        cap = grown;
    }
    if (len > TSIG_MAX_INPUT) {
        free(buf);
        return -2;
    }
    buf[len] = '\0';
    out->data = buf;
    out->len = len;
    return 0;
}

int cli_read_file(cli_args *args, const char *path, const char *what,
                  cli_text *out)
{
    out->data = NULL;
    out->len = 0;
    int from_stdin = strcmp(path, "-") == 0;
    if (from_stdin) {
        if (args->stdin_used)
            return cli_usage_error(args,
                                   "standard input can be read only once (for %s too)",
                                   what);
        args->stdin_used = 1;
    }
    FILE *f = from_stdin ? stdin : fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "toolsig %s: cannot open %s \"%s\": %s\n",
                args->cmd->name, what, path, strerror(errno));
        return CLI_UNUSABLE;
    }
    int rc = read_all(f, out);
    int saved = errno;
    if (!from_stdin) fclose(f);
    const char *where = from_stdin ? "standard input" : path;
    switch (rc) {
    case 0: return 0;
    case -1:
        fprintf(stderr, "toolsig %s: cannot read %s (%s): %s\n", args->cmd->name,
                what, where, strerror(saved));
        return CLI_UNUSABLE;
    case -2:
        fprintf(stderr, "toolsig %s: %s (%s) is larger than %zu bytes\n",
                args->cmd->name, what, where, (size_t)TSIG_MAX_INPUT);
        return CLI_UNUSABLE;
    default: return cli_out_of_memory();
    }
}

int cli_read_arg(cli_args *args, const char *arg, const char *what,
                 cli_text *out)
{
    if (arg[0] == '@') return cli_read_file(args, arg + 1, what, out);
    out->len = strlen(arg);
    out->data = malloc(out->len + 1);
    if (!out->data) return cli_out_of_memory();
    memcpy(out->data, arg, out->len + 1);
    return 0;
}

void cli_text_free(cli_text *text)
{
    free(text->data);
    text->data = NULL;
    text->len = 0;
}

void cli_write_line(FILE *f, const char *text, size_t len)
{
    fwrite(text, 1, len, f);
    if (len == 0 || text[len - 1] != '\n') fputc('\n', f);
}

static void newline_indent(FILE *f, size_t depth)
{
    fputc('\n', f);
    for (size_t i = 0; i < depth; i++) fputs("  ", f);
}

/*
 * Compact JSON (as the stages write it: no whitespace outside strings) to
 * an indented form: one member or element per line, "key": value, empty
 * containers kept as {} and []. Strings and numbers are copied byte for
 * byte.
 */
void cli_write_pretty_json(FILE *f, const char *json, size_t len)
{
    size_t depth = 0;
    for (size_t i = 0; i < len; i++) {
        char c = json[i];
        if (c == '"') {
            size_t start = i;
            for (i++; i < len && json[i] != '"'; i++)
                if (json[i] == '\\') i++;
            fwrite(json + start, 1, (i < len ? i + 1 : len) - start, f);
        } else if (c == '{' || c == '[') {
            if (i + 1 < len && (json[i + 1] == '}' || json[i + 1] == ']')) {
                fputc(c, f);
                fputc(json[++i], f);
            } else {
                fputc(c, f);
                newline_indent(f, ++depth);
            }
        } else if (c == '}' || c == ']') {
            newline_indent(f, depth ? --depth : 0);
            fputc(c, f);
        } else if (c == ',') {
            fputc(c, f);
            newline_indent(f, depth);
        } else if (c == ':') {
            fputs(": ", f);
        } else if (c != ' ' && c != '\n' && c != '\t' && c != '\r') {
            fputc(c, f);
        }
    }
    fputc('\n', f);
}

void cli_print_error(const tsig_error *err, const char *kind, const char *src,
                     size_t len)
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
        cli_out_of_memory();
        return;
    }
    cli_write_line(stderr, text, strlen(text));
    tsig_free(text);
}

int cli_out_of_memory(void)
{
    fputs("toolsig: out of memory\n", stderr);
    return CLI_UNUSABLE;
}

int cli_doc_ok(const char *doc)
{
    return doc && strncmp(doc, "{\"ok\":true", 10) == 0;
}

/* The non-negative integer member key of the object at p (0 when absent). */
static size_t doc_number(const char *p, const char *end, const char *key)
{
    const char *v = tsig_valid_json_member(p, end, key);
    size_t n = 0;
    while (v && v < end && *v >= '0' && *v <= '9') n = n * 10 + (size_t)(*v++ - '0');
    return n;
}

void cli_print_doc_errors(const char *p, const char *end, const char *key,
                          const char *prefix, const char *src, size_t len)
{
    const char *list = tsig_valid_json_member(p, end, key);
    if (!list || list >= end || *list != '[') return;
    for (const char *e = tsig_valid_json_first(list, end); e; e = tsig_valid_json_next(e, end)) {
        size_t path_len = 0, name_len = 0, message_len = 0;
        char *path = tsig_valid_json_member_string(e, end, "path", &path_len);
        char *name = tsig_valid_json_member_string(e, end, "name", &name_len);
        char *message = tsig_valid_json_member_string(e, end, "message", &message_len);
        if (message && strncmp(message, "JSON error", 10) == 0 &&
            tsig_valid_json_member(e, end, "offset")) {
            tsig_error err;
            memset(&err, 0, sizeof err);
            err.code = TSIG_ERR_JSON;
            err.offset = doc_number(e, end, "offset");
            err.line = doc_number(e, end, "line");
            err.column = doc_number(e, end, "column");
            snprintf(err.message, sizeof err.message, "%s", message);
            cli_print_error(&err, "JSON", src, len);
        } else {
            fputs(prefix, stderr);
            if (path && path_len) fwrite(path, 1, path_len, stderr);
            if (name) {
                fputs(" (", stderr);
                fwrite(name, 1, name_len, stderr);
                fputc(')', stderr);
            }
            if ((path && path_len) || name) fputs(": ", stderr);
            if (message) fwrite(message, 1, message_len, stderr);
            fputc('\n', stderr);
        }
        tsig_free(path);
        tsig_free(name);
        tsig_free(message);
    }
}
