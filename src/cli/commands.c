/*
 * commands.c: the commands of the toolsig tool, one run_* function each,
 * and the table main.c dispatches on. Each command reads its inputs, calls
 * one stage (or its tsig_api_* form for --json), prints the answer on
 * stdout and every complaint on stderr, and returns the exit status.
 */
#include "cli.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- shared steps ---------------------------------------------------- */

/*
 * Reads the signature argument arg (text or @FILE) and parses it into
 * *out (freed with tsig_signature_free). On a bad signature prints the
 * caret text on stderr, or with json the {"ok":false,"error":...} document
 * on stdout, and returns CLI_UNUSABLE. *text keeps the signature text
 * (freed with cli_text_free in every case).
 */
static int load_signature(cli_args *args, const char *arg, int json,
                          cli_text *text, tsig_signature **out)
{
    *out = NULL;
    int rc = cli_read_arg(args, arg, "SIG", text);
    if (rc) return rc;
    tsig_error err;
    *out = tsig_parse(text->data, text->len, &err);
    if (*out) return CLI_OK;
    if (err.code == TSIG_ERR_NOMEM) return cli_out_of_memory(args);
    if (json) {
        char *doc = tsig_api_check(text->data, text->len, 0);
        if (!doc) return cli_out_of_memory(args);
        cli_write_line(args, CLI_STDOUT, doc, strlen(doc));
        tsig_free(doc);
    } else {
        cli_print_error(args, &err, "signature", text->data, text->len);
    }
    return CLI_UNUSABLE;
}

/* Reads positional argument i as a FILE (absent: standard input). */
static int load_file(cli_args *args, size_t i, const char *what, cli_text *out)
{
    const char *path = cli_positional(args, i);
    return cli_read_file(args, path ? path : "-", what, out);
}

/* 1 iff err is about the JSON text itself (syntax, encoding, nesting), as
 * opposed to a value that was read and refused. */
static int is_json_text_error(const tsig_error *err)
{
    return err->code == TSIG_ERR_JSON || err->code == TSIG_ERR_TOO_DEEP;
}

/* Prints a stage's error on stderr: a JSON text error with its caret
 * picture (exit 2), anything else as "<kind> error: message" and its hint
 * (exit 1). Returns the exit status. */
static int report_stage_error(const cli_args *args, const tsig_error *err,
                              const char *kind, const cli_text *text)
{
    if (err->code == TSIG_ERR_NOMEM) return cli_out_of_memory(args);
    if (is_json_text_error(err)) {
        cli_print_error(args, err, "JSON", text->data, text->len);
        return CLI_UNUSABLE;
    }
    cli_printf(args, CLI_STDERR, "%s error: %s\n", kind, err->message);
    if (err->hint[0]) cli_printf(args, CLI_STDERR, "  hint: %s\n", err->hint);
    return CLI_REJECTED;
}

/* Prints a document of the JSON boundary and a newline; releases it. */
static int print_doc(const cli_args *args, char *doc, int rc)
{
    if (!doc) return cli_out_of_memory(args);
    cli_write_line(args, CLI_STDOUT, doc, strlen(doc));
    tsig_free(doc);
    return rc;
}

/* Prints the library string text of length *len (and a newline) on stdout;
 * releases it. NULL means the stage ran out of memory. len is a pointer so
 * that print_text(args, stage(..., &len), &len) reads it after the stage ran. */
static int print_text(const cli_args *args, char *text, const size_t *len)
{
    if (!text) return cli_out_of_memory(args);
    cli_write_line(args, CLI_STDOUT, text, *len);
    tsig_free(text);
    return CLI_OK;
}

/* Reads option name as a positive integer of at most max into *out (0
 * when absent). Returns CLI_OK, or reports a usage error: a value beyond
 * max is refused, as the JS API refuses it, never clamped. */
static int parse_count(const cli_args *args, const char *name, size_t max, size_t *out)
{
    const char *v = cli_value(args, name);
    size_t n = 0;
    *out = 0;
    if (!v) return CLI_OK;
    for (const char *p = v; *p; p++) {
        unsigned d = (unsigned)(*p - '0');
        if (d > 9 || n > (SIZE_MAX - d) / 10) {
            n = 0;
            break;
        }
        n = n * 10 + d;
    }
    if (n == 0)
        return cli_usage_error(args, "%s expects a positive integer, got \"%s\"",
                               name, v);
    if (n > max)
        return cli_usage_error(args, "%s expects a whole number from 1 to %zu, got \"%s\"",
                               name, max, v);
    *out = n;
    return CLI_OK;
}

/* ---- check ----------------------------------------------------------- */

/* toolsig check SIG: the canonical form, or the caret text (exit 2); with
 * --json, tsig_api_check's document either way. */
static int run_check(cli_args *args)
{
    cli_text text;
    int rc = cli_read_arg(args, cli_positional(args, 0), "SIG", &text);
    if (rc) return rc;
    unsigned flags = cli_flag(args, "--hide-firewalled") ? TSIG_FORMAT_HIDE_FIREWALLED : 0;
    if (cli_flag(args, "--no-descriptions")) flags |= TSIG_FORMAT_NO_DESCRIPTIONS;
    tsig_error err;
    tsig_signature *sig = tsig_parse(text.data, text.len, &err);
    size_t len = 0;
    if (!sig && err.code == TSIG_ERR_NOMEM) {
        rc = cli_out_of_memory(args);
    } else if (cli_flag(args, "--json")) {
        rc = print_doc(args, tsig_api_check(text.data, text.len, flags),
                       sig ? CLI_OK : CLI_UNUSABLE);
    } else if (!sig) {
        cli_print_error(args, &err, "signature", text.data, text.len);
        rc = CLI_UNUSABLE;
    } else {
        rc = print_text(args, tsig_format(sig, flags, &len), &len);
    }
    tsig_signature_free(sig);
    cli_text_free(&text);
    return rc;
}

/* ---- validate -------------------------------------------------------- */

/* The mode named by --mode; CLI_OK or a usage error. */
static int parse_mode(const cli_args *args, tsig_mode *mode)
{
    static const struct { const char *name; tsig_mode mode; } modes[] = {
        {"enabled", TSIG_MODE_ENABLED},
        {"warn_only", TSIG_MODE_WARN_ONLY},
        {"disabled", TSIG_MODE_DISABLED},
        {"strict", TSIG_MODE_STRICT},
    };
    const char *v = cli_value(args, "--mode");
    *mode = TSIG_MODE_ENABLED;
    if (!v) return CLI_OK;
    for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++) {
        if (strcmp(v, modes[i].name) == 0) {
            *mode = modes[i].mode;
            return CLI_OK;
        }
    }
    return cli_usage_error(args,
                           "unknown mode \"%s\" (modes: enabled, warn_only, disabled, strict)",
                           v);
}

/* The line a stream's state is shown by: "complete", or "invalid: " and
 * the first error (its path first, when not the root). NULL when out of
 * memory. */
static char *state_line(tsig_stream_state st, const tsig_result *r)
{
    cli_buf sb = {0};
    switch (st) {
    case TSIG_STREAM_INCOMPLETE: cli_buf_puts(&sb, "incomplete\n"); break;
    case TSIG_STREAM_COMPLETE: cli_buf_puts(&sb, "complete\n"); break;
    case TSIG_STREAM_INVALID:
        cli_buf_puts(&sb, "invalid");
        if (r && r->error_count) {
            const tsig_issue *e = &r->errors[0];
            cli_buf_puts(&sb, ": ");
            if (e->path_len) {
                cli_buf_append(&sb, e->path, e->path_len);
                cli_buf_puts(&sb, ": ");
            }
            cli_buf_append(&sb, e->message, e->message_len);
        }
        cli_buf_putc(&sb, '\n');
        break;
    }
    return cli_buf_finish(&sb, NULL);
}

/* Prints the line of st when it is not the last one printed (*shown, which
 * it replaces); 0, or -1 when out of memory. */
static int show_state(const cli_args *args, tsig_stream_state st, const tsig_result *r,
                      char **shown)
{
    char *line = state_line(st, r);
    if (!line) return -1;
    if (*shown && strcmp(*shown, line) == 0) {
        free(line);
        return 0;
    }
    cli_puts(args, CLI_STDOUT, line);
    free(*shown);
    *shown = line;
    return 0;
}

/* Feeds data[0..len) to s, showing each change of state. */
static tsig_code stream_feed(const cli_args *args, tsig_stream *s, const char *data, size_t len,
                             char **shown)
{
    tsig_stream_state st;
    tsig_code code = tsig_stream_push(s, data, len, &st);
    if (code == TSIG_OK && st != TSIG_STREAM_INCOMPLETE &&
        show_state(args, st, tsig_stream_result(s), shown))
        code = TSIG_ERR_NOMEM;
    return code;
}

/*
 * toolsig validate SIG [FILE] --stream: the document fed to a stream as it
 * arrives (standard input as it is written; a file, or standard input on a
 * host that has it only whole, in pieces: the lines do not depend on where
 * the pieces end). Prints a line each time the state changes, the last one
 * the whole document's; exit statuses as for validate.
 */
static int stream_validate(cli_args *args, const tsig_signature *sig, int input,
                           const tsig_validate_options *opts)
{
    enum { PIECE = 4096 };
    const char *path = cli_positional(args, 1);
    if (!path) path = "-";
    /* the lines need neither a partial value nor the value: the stream
     * keeps no more of the text than it must */
    tsig_validate_options o = *opts;
    o.flags |= TSIG_CALLER_KEEPS_TEXT;
    tsig_stream *s = tsig_stream_new(sig, input, &o);
    if (!s) return cli_out_of_memory(args);
    char *shown = NULL;
    tsig_code code = TSIG_OK;
    int rc = CLI_OK;
    if (strcmp(path, "-") == 0 && args->io->read_some && !args->stdin_used) {
        args->stdin_used = 1;
        char buf[PIECE];
        for (;;) {
            const char *reason = "";
            long n = args->io->read_some(args->io, buf, sizeof buf, &reason);
            if (n < 0) {
                cli_printf(args, CLI_STDERR, "toolsig %s: cannot read FILE (standard input): %s\n",
                           args->cmd->name, reason);
                rc = CLI_UNUSABLE;
            }
            if (n <= 0) break;
            code = stream_feed(args, s, buf, (size_t)n, &shown);
            if (code != TSIG_OK) break;
        }
    } else {
        cli_text data;
        rc = cli_read_file(args, path, "FILE", &data);
        for (size_t at = 0; !rc && code == TSIG_OK && at < data.len; at += PIECE)
            code = stream_feed(args, s, data.data + at, data.len - at < PIECE ? data.len - at : PIECE,
                               &shown);
        if (!rc) cli_text_free(&data);
    }
    if (!rc && code == TSIG_ERR_TOO_LARGE) {
        cli_printf(args, CLI_STDERR, "toolsig %s: FILE is larger than %zu bytes\n",
                   args->cmd->name, (size_t)TSIG_MAX_INPUT);
        rc = CLI_UNUSABLE;
    } else if (!rc && code != TSIG_OK) {
        rc = cli_out_of_memory(args);
    }
    if (!rc) {
        tsig_result r;
        if (tsig_stream_end(s, &r) == TSIG_ERR_NOMEM ||
            show_state(args, r.ok ? TSIG_STREAM_COMPLETE : TSIG_STREAM_INVALID, &r, &shown))
            rc = cli_out_of_memory(args);
        else
            rc = r.json_error.code != TSIG_OK ? CLI_UNUSABLE : r.ok ? CLI_OK : CLI_REJECTED;
        tsig_result_free(&r);
    }
    free(shown);
    tsig_stream_free(s);
    return rc;
}

/*
 * toolsig validate SIG [FILE]: validates once, then prints either the report
 * (nothing when it is empty) or, with --json, tsig_api_result_json's
 * document. Exit 0 ok, 1 invalid, 2 when the JSON text could not be read
 * (the caret text on stderr without --json).
 */
static int run_validate(cli_args *args)
{
    tsig_validate_options opts = {TSIG_MODE_ENABLED, 0, 0, 0};
    int rc = parse_mode(args, &opts.mode);
    if (!rc) rc = parse_count(args, "--max-errors", SIZE_MAX, &opts.max_errors);
    if (!rc) rc = parse_count(args, "--max-depth", TSIG_MAX_DEPTH_LIMIT, &opts.max_depth);
    if (rc) return rc;
    int json = cli_flag(args, "--json"), input = cli_flag(args, "--input");
    if (!json) opts.flags = TSIG_VALUE_NEVER; /* the report needs no value */
    if (cli_flag(args, "--repair")) opts.flags |= TSIG_REPAIR;
    if (cli_flag(args, "--no-repair")) opts.flags |= TSIG_NO_REPAIR;

    cli_text sig_text, data = {0};
    tsig_signature *sig;
    if (cli_flag(args, "--stream") && json)
        return cli_usage_error(args, "--stream prints a line per state, not --json");
    rc = load_signature(args, cli_positional(args, 0), json, &sig_text, &sig);
    if (!rc && cli_flag(args, "--stream")) {
        rc = stream_validate(args, sig, input, &opts);
        tsig_signature_free(sig);
        cli_text_free(&sig_text);
        return rc;
    }
    if (!rc) rc = load_file(args, 1, "FILE", &data);
    if (rc) {
        tsig_signature_free(sig);
        cli_text_free(&sig_text);
        cli_text_free(&data);
        return rc;
    }

    tsig_result r;
    tsig_code code = input ? tsig_validate_input_json(sig, data.data, data.len, &opts, &r)
                           : tsig_validate_json(sig, data.data, data.len, &opts, &r);
    int unreadable = r.json_error.code != TSIG_OK;
    if (code == TSIG_ERR_NOMEM) {
        rc = cli_out_of_memory(args);
    } else if (json) {
        rc = print_doc(args, tsig_api_result_json(&r, data.data, data.len, 1),
                       unreadable ? CLI_UNUSABLE : r.ok ? CLI_OK : CLI_REJECTED);
    } else if (unreadable) {
        cli_print_error(args, &r.json_error, "JSON", data.data, data.len);
        rc = CLI_UNUSABLE;
    } else {
        size_t len = 0;
        char *report = tsig_report(&r, input ? "Tool" : "Return", &len);
        if (!report) rc = cli_out_of_memory(args);
        else if (len) rc = print_text(args, report, &len);
        else tsig_free(report);
        if (!rc) rc = r.ok ? CLI_OK : CLI_REJECTED;
    }
    tsig_result_free(&r);
    tsig_signature_free(sig);
    cli_text_free(&sig_text);
    cli_text_free(&data);
    return rc;
}

/* ---- normalize ------------------------------------------------------- */

/* toolsig normalize [FILE]: compact JSON with keys normalized; a collision
 * exits 1, bad JSON text 2. */
static int run_normalize(cli_args *args)
{
    cli_text data;
    int rc = load_file(args, 0, "FILE", &data);
    if (rc) return rc;
    char *out = NULL;
    size_t len = 0;
    tsig_error err;
    if (tsig_normalize_keys(data.data, data.len, &out, &len, &err) == TSIG_OK)
        rc = print_text(args, out, &len);
    else
        rc = report_stage_error(args, &err, "key normalization", &data);
    cli_text_free(&data);
    return rc;
}

/* ---- schema ---------------------------------------------------------- */

/* Prints each warning on stderr as "warning: <message>". */
static void print_warnings(const cli_args *args, const tsig_messages *w)
{
    for (size_t i = 0; i < w->count; i++)
        cli_printf(args, CLI_STDERR, "warning: %s\n", w->items[i]);
}

/* Prints on stderr, as "warning: #/pointer: what", each place of the strict
 * schema that OpenAI's strict mode rejects (tsig_strict_warnings). Returns
 * 0, or reports running out of memory. */
static int print_strict_warnings(const cli_args *args, const tsig_signature *sig, int params)
{
    tsig_messages warnings;
    if (tsig_strict_warnings(sig, params, &warnings) != TSIG_OK) return cli_out_of_memory(args);
    print_warnings(args, &warnings);
    tsig_messages_free(&warnings);
    return 0;
}

/* toolsig schema SIG: the schema of the output (or, --params, of the
 * parameters), indented; with --strict, what OpenAI's strict mode cannot
 * express is named on stderr first (the schema stays the one SPEC §9
 * gives, exit 0). */
static int run_schema(cli_args *args)
{
    cli_text text;
    tsig_signature *sig;
    int rc = load_signature(args, cli_positional(args, 0), 0, &text, &sig);
    if (!rc) {
        int strict = cli_flag(args, "--strict");
        int params = cli_flag(args, "--params");
        unsigned flags = strict ? TSIG_SCHEMA_STRICT : 0;
        if (strict) rc = print_strict_warnings(args, sig, params);
        if (!rc) {
            size_t len = 0;
            char *schema = params ? tsig_tool_parameters_schema(sig, flags, &len)
                                  : tsig_to_json_schema(sig, flags, &len);
            if (!schema) {
                rc = cli_out_of_memory(args);
            } else {
                rc = cli_write_pretty_json(args, schema, len);
                tsig_free(schema);
            }
        }
    }
    tsig_signature_free(sig);
    cli_text_free(&text);
    return rc;
}

/* ---- from-schema ----------------------------------------------------- */

/* toolsig from-schema [FILE]: the canonical signature, warnings on stderr;
 * a schema toolsig cannot express exits 1, bad JSON text 2. */
static int run_from_schema(cli_args *args)
{
    cli_text data;
    int rc = load_file(args, 0, "FILE", &data);
    if (rc) return rc;
    int lossy = cli_flag(args, "--lossy");
    tsig_messages warnings = {0};
    tsig_error err;
    tsig_signature *sig = tsig_from_json_schema(data.data, data.len,
                                                lossy ? TSIG_SCHEMA_LOSSY : 0,
                                                &warnings, &err);
    if (sig) {
        print_warnings(args, &warnings);
        size_t len = 0;
        rc = print_text(args, tsig_format(sig, 0, &len), &len);
        tsig_signature_free(sig);
    } else {
        rc = report_stage_error(args, &err, "schema", &data);
        if (rc == CLI_REJECTED && !lossy && !err.hint[0])
            cli_puts(args, CLI_STDERR,
                     "  hint: --lossy widens what a signature cannot say, with a warning\n");
    }
    tsig_messages_free(&warnings);
    cli_text_free(&data);
    return rc;
}

/* ---- from-tools ------------------------------------------------------ */

/* Prints every warning of every converted tool on stderr, as
 * "warning: <tool name>: <warning>". */
static void print_tool_warnings(const cli_args *args, const tsig_tools *tools)
{
    for (size_t i = 0; i < tsig_tools_count(tools); i++) {
        const tsig_tool *t = tsig_tools_get(tools, i);
        for (size_t w = 0; w < t->warning_count; w++) {
            cli_puts(args, CLI_STDERR, "warning: ");
            cli_write(args, CLI_STDERR, t->name, t->name_len);
            cli_puts(args, CLI_STDERR, ": ");
            cli_puts(args, CLI_STDERR, t->warnings[w]);
            cli_puts(args, CLI_STDERR, "\n");
        }
    }
}

/* When f is about JSON text that could not be read, prints it on stderr
 * with its caret picture and returns 1; otherwise 0. */
static int print_text_failure(const cli_args *args, const tsig_tool_failure *f,
                              const cli_text *data)
{
    tsig_issue_code code = f->issue.code;
    if (code != TSIG_ISSUE_JSON_SYNTAX && code != TSIG_ISSUE_TOO_DEEP &&
        code != TSIG_ISSUE_TOO_LARGE)
        return 0;
    tsig_error err = f->error;
    err.code = TSIG_ERR_JSON;
    err.hint[0] = '\0';
    cli_print_error(args, &err, "JSON", data->data, data->len);
    return 1;
}

/* Prints each failure on stderr: a JSON text error with its caret picture,
 * any other as "error: <path> (<tool name>): <message>". Returns the exit
 * status: 1 when every failure is a tool that could not be converted, 2
 * when the text itself was unusable (bad JSON, not a list of tools). */
static int print_tool_failures(const cli_args *args, const tsig_tools *tools,
                               const cli_text *data)
{
    int rc = CLI_REJECTED;
    for (size_t i = 0; i < tsig_tools_failure_count(tools); i++) {
        const tsig_tool_failure *f = tsig_tools_failure(tools, i);
        if (f->index == TSIG_TOOLS_DOCUMENT) rc = CLI_UNUSABLE;
        if (print_text_failure(args, f, data)) continue;
        cli_puts(args, CLI_STDERR, "error: ");
        cli_write(args, CLI_STDERR, f->issue.path, f->issue.path_len);
        if (f->name) {
            cli_puts(args, CLI_STDERR, " (");
            cli_write(args, CLI_STDERR, f->name, f->name_len);
            cli_puts(args, CLI_STDERR, ")");
        }
        if (f->issue.path_len || f->name) cli_puts(args, CLI_STDERR, ": ");
        cli_write(args, CLI_STDERR, f->issue.message, f->issue.message_len);
        cli_puts(args, CLI_STDERR, "\n");
    }
    return rc;
}

/* Whether --lossy could convert a tool that failed: one of the failures is
 * a schema a signature cannot say (not a tool without a name, say). */
static int lossy_may_help(const tsig_tools *tools)
{
    for (size_t i = 0; i < tsig_tools_failure_count(tools); i++)
        if (tsig_tools_failure(tools, i)->issue.code == TSIG_ISSUE_SCHEMA) return 1;
    return 0;
}

/*
 * toolsig from-tools [FILE]: through tsig_tools_from_json. Prints the
 * prompt (warnings on stderr) or, with --json, the tools as
 * tsig_tools_json writes them; failures go to stderr, one line per tool
 * (exit 1), or the JSON error with its caret (exit 2).
 */
static int run_from_tools(cli_args *args)
{
    cli_text data;
    int rc = load_file(args, 0, "FILE", &data);
    if (rc) return rc;
    unsigned flags = cli_flag(args, "--lossy") ? TSIG_SCHEMA_LOSSY : 0;
    tsig_tools *tools = NULL;
    tsig_error err;
    size_t len = 0;
    if (tsig_tools_from_json(data.data, data.len, flags, &tools, &err) != TSIG_OK) {
        rc = cli_out_of_memory(args);
    } else if (tsig_tools_failure_count(tools)) {
        rc = print_tool_failures(args, tools, &data);
        if (rc == CLI_REJECTED && !flags && lossy_may_help(tools))
            cli_puts(args, CLI_STDERR,
                     "  hint: --lossy widens what a signature cannot say, with a warning\n");
    } else if (cli_flag(args, "--json")) {
        rc = print_text(args, tsig_tools_json(tools, &len), &len);
    } else {
        print_tool_warnings(args, tools);
        rc = print_text(args, tsig_render_tool_list(tools, &len), &len);
    }
    tsig_tools_free(tools);
    cli_text_free(&data);
    return rc;
}

/* ---- diff -------------------------------------------------------------- */

/* toolsig diff OLD NEW [--json]: each change as a line (or the document);
 * exit 1 when one breaks or may break callers or consumers, 0 otherwise, 2
 * when a side is neither a signature nor a list of tools. */
static int run_diff(cli_args *args)
{
    cli_text before = {0}, after = {0};
    int rc = cli_read_arg(args, cli_positional(args, 0), "OLD", &before);
    if (!rc) rc = cli_read_arg(args, cli_positional(args, 1), "NEW", &after);
    tsig_diff *d = NULL;
    tsig_error err;
    int which;
    if (!rc && tsig_diff_texts(before.data, before.len, after.data, after.len, &d, &err, &which) != TSIG_OK) {
        if (err.code == TSIG_ERR_NOMEM) {
            rc = cli_out_of_memory(args);
        } else {
            const cli_text *side = which == 1 ? &after : &before;
            int positioned = err.code == TSIG_ERR_SYNTAX || err.code == TSIG_ERR_JSON ||
                             err.code == TSIG_ERR_TOO_DEEP;
            if (positioned)
                cli_print_error(args, &err, err.code == TSIG_ERR_SYNTAX ? "signature" : "JSON",
                                side->data, side->len);
            else
                cli_printf(args, CLI_STDERR, "error: %s\n", err.message);
            rc = CLI_UNUSABLE;
        }
    }
    if (!rc && cli_flag(args, "--json")) {
        size_t len = 0;
        rc = print_text(args, tsig_diff_json(d, &len), &len);
    } else if (!rc) {
        for (size_t i = 0; i < tsig_diff_count(d) && !rc; i++) {
            size_t len = 0;
            rc = print_text(args, tsig_change_format(tsig_diff_get(d, i), &len), &len);
        }
        if (!rc && tsig_diff_count(d) == 0) cli_puts(args, CLI_STDOUT, "no changes\n");
    }
    if (!rc && tsig_diff_breaks(d)) rc = CLI_REJECTED;
    tsig_diff_free(d);
    cli_text_free(&before);
    cli_text_free(&after);
    return rc;
}

/* ---- tool, tools ----------------------------------------------------- */

/* toolsig tool NAME SIG [DESCRIPTION]: one tool as prompt text. */
static int run_tool(cli_args *args)
{
    const char *name = cli_positional(args, 0);
    const char *description_arg = cli_positional(args, 2);
    cli_text text, description = {0};
    tsig_signature *sig;
    int rc = load_signature(args, cli_positional(args, 1), 0, &text, &sig);
    if (!rc && description_arg)
        rc = cli_read_arg(args, description_arg, "DESCRIPTION", &description);
    if (!rc) {
        tsig_tool_ref tool = {name, strlen(name), sig, description.data, description.len};
        size_t len = 0;
        rc = print_text(args, tsig_render_tool(&tool, &len), &len);
    }
    tsig_signature_free(sig);
    cli_text_free(&text);
    cli_text_free(&description);
    return rc;
}

/* toolsig tools [FILE]: through tsig_tools_from_signatures; every problem
 * of the list on stderr, a JSON text error with its caret picture, any
 * other as "error: <path>: <message>" (exit 2). */
static int run_tools(cli_args *args)
{
    cli_text data;
    int rc = load_file(args, 0, "FILE", &data);
    if (rc) return rc;
    tsig_tools *tools = NULL;
    tsig_error err;
    size_t len = 0;
    if (tsig_tools_from_signatures(data.data, data.len, &tools, &err) != TSIG_OK) {
        rc = cli_out_of_memory(args);
    } else if (tsig_tools_failure_count(tools)) {
        for (size_t i = 0; i < tsig_tools_failure_count(tools); i++) {
            const tsig_tool_failure *f = tsig_tools_failure(tools, i);
            if (print_text_failure(args, f, &data)) continue;
            cli_puts(args, CLI_STDERR, "error: ");
            if (f->issue.path_len) {
                cli_write(args, CLI_STDERR, f->issue.path, f->issue.path_len);
                cli_puts(args, CLI_STDERR, ": ");
            }
            cli_write(args, CLI_STDERR, f->issue.message, f->issue.message_len);
            cli_puts(args, CLI_STDERR, "\n");
        }
        rc = CLI_UNUSABLE;
    } else {
        rc = print_text(args, tsig_render_tool_list(tools, &len), &len);
    }
    tsig_tools_free(tools);
    cli_text_free(&data);
    return rc;
}

/* ---- placeholders ---------------------------------------------------- */

/* toolsig placeholders TEMPLATE SIG: the names found (exit 0) or each
 * error on stderr (exit 1); --json: tsig_api_placeholders' document. */
static int run_placeholders(cli_args *args)
{
    int json = cli_flag(args, "--json");
    cli_text tpl, text = {0};
    tsig_signature *sig = NULL;
    int rc = cli_read_arg(args, cli_positional(args, 0), "TEMPLATE", &tpl);
    if (!rc) rc = load_signature(args, cli_positional(args, 1), json, &text, &sig);
    if (!rc) {
        tsig_placeholders r;
        tsig_code code = tsig_check_placeholders(tpl.data, tpl.len, sig, &r);
        if (json && code != TSIG_ERR_NOMEM) {
            /* the document says why a template is refused (too large) */
            rc = print_doc(args, tsig_api_placeholders(tpl.data, tpl.len, sig),
                           code == TSIG_OK && r.ok ? CLI_OK : CLI_REJECTED);
        } else if (code != TSIG_OK) {
            rc = cli_out_of_memory(args);
        } else if (r.ok) {
            for (size_t i = 0; i < r.name_count; i++) {
                cli_puts(args, CLI_STDOUT, r.names[i]);
                cli_puts(args, CLI_STDOUT, "\n");
            }
        } else {
            for (size_t i = 0; i < r.error_count; i++)
                cli_printf(args, CLI_STDERR, "%s\n", r.errors[i].message);
            rc = CLI_REJECTED;
        }
        tsig_placeholders_free(&r);
    }
    tsig_signature_free(sig);
    cli_text_free(&tpl);
    cli_text_free(&text);
    return rc;
}

/* ---- redact ---------------------------------------------------------- */

/* toolsig redact SIG [FILE] --strip|--mask: the value as compact JSON. */
static int run_redact(cli_args *args)
{
    int strip = cli_flag(args, "--strip"), mask = cli_flag(args, "--mask");
    if (strip == mask)
        return cli_usage_error(args, "give exactly one of --strip and --mask");
    cli_text text, data = {0};
    tsig_signature *sig;
    int rc = load_signature(args, cli_positional(args, 0), 0, &text, &sig);
    if (!rc) rc = load_file(args, 1, "FILE", &data);
    if (!rc) {
        char *out = NULL;
        size_t len = 0;
        tsig_error err;
        if (tsig_redact(sig, data.data, data.len, strip ? TSIG_REDACT_STRIP : TSIG_REDACT_MASK,
                        &out, &len, &err) == TSIG_OK)
            rc = print_text(args, out, &len);
        else
            rc = report_stage_error(args, &err, "redact", &data);
    }
    tsig_signature_free(sig);
    cli_text_free(&text);
    cli_text_free(&data);
    return rc;
}

/* ---- infer ----------------------------------------------------------- */

/* Prints the error of a text that could not be read (its caret picture),
 * naming the file it is in when one was named. */
static void print_sample_error(const cli_args *args, const tsig_error *err, const char *path,
                               const cli_text *text)
{
    cli_buf kind = {0};
    if (path && strcmp(path, "-") != 0) {
        cli_buf_puts(&kind, path);
        cli_buf_puts(&kind, ": ");
    }
    cli_buf_puts(&kind, "JSON");
    char *shown = cli_buf_finish(&kind, NULL);
    if (!shown) {
        cli_out_of_memory(args);
        return;
    }
    cli_print_error(args, err, shown, text->data, text->len);
    free(shown);
}

/*
 * toolsig infer [FILE...]: the signature every sample of the files
 * (standard input when none is named) validates against, through
 * tsig_infer_*; --json prints tsig_api_infer_result's document instead.
 * Every file is read before the first is added (so an in-memory host asks
 * for each once). A text that does not read prints its error with the
 * caret and the file's name (exit 2); so does having no sample.
 */
static int run_infer(cli_args *args)
{
    size_t enums = 0, len = 0;
    int rc = parse_count(args, "--enums", SIZE_MAX, &enums);
    if (rc) return rc;
    unsigned flags = (cli_flag(args, "--each") ? TSIG_INFER_EACH : 0u) |
                     (cli_flag(args, "--lines") ? TSIG_INFER_LINES : 0u);
    size_t count = args->positional_count ? args->positional_count : 1;
    cli_text *texts = calloc(count, sizeof *texts);
    if (!texts) return cli_out_of_memory(args);
    for (size_t i = 0; !rc && i < count; i++) rc = load_file(args, i, "FILE", &texts[i]);
    tsig_inferrer *in = rc ? NULL : tsig_infer_new(enums);
    if (!rc && !in) rc = cli_out_of_memory(args);
    tsig_error err;
    size_t bad = count; /* the file whose text did not read */
    for (size_t i = 0; !rc && bad == count && i < count; i++)
        if (tsig_infer_add(in, texts[i].data, texts[i].len, flags, &err) != TSIG_OK) bad = i;
    char *sig = !rc && bad == count ? tsig_infer_end(in, &err) : NULL;
    if (rc) {
        /* reading a file failed, and said so */
    } else if (cli_flag(args, "--json")) {
        /* the file an error is about, when several were read */
        const char *source = bad < count && args->positional_count > 1 ? cli_positional(args, bad) : NULL;
        rc = print_doc(args, tsig_api_infer_result(sig, &err, source), sig ? CLI_OK : CLI_UNUSABLE);
    } else if (sig) {
        len = strlen(sig);
        cli_write_line(args, CLI_STDOUT, sig, len);
    } else if (err.code == TSIG_ERR_NOMEM) {
        rc = cli_out_of_memory(args);
    } else if (bad < count) {
        print_sample_error(args, &err, cli_positional(args, bad), &texts[bad]);
        rc = CLI_UNUSABLE;
    } else {
        cli_printf(args, CLI_STDERR, "toolsig infer: %s\n", err.message);
        rc = CLI_UNUSABLE;
    }
    tsig_free(sig);
    tsig_infer_free(in);
    for (size_t i = 0; i < count; i++) cli_text_free(&texts[i]);
    free(texts);
    return rc;
}

/* ---- the table ------------------------------------------------------- */

const cli_command cli_commands[] = {
    {"check", "SIG [--json] [--hide-firewalled] [--no-descriptions]",
     "print the canonical form of a signature",
     "Parses the signature and prints its canonical form (exit 0). A bad\n"
     "signature prints the error with its line, column and a caret on stderr\n"
     "(exit 2).\n"
     "\n"
     "Options:\n"
     "  --json              print {\"ok\":true,\"canonical\",\"returns_list\",\"ast\"}\n"
     "                      or {\"ok\":false,\"error\":{\"message\",\"line\",\"column\",\n"
     "                      \"offset\",\"hint\",\"code\"}} on stdout instead\n"
     "  --hide-firewalled   leave out the \"_\" fields of the return type (what a\n"
     "                      parent agent sees)\n"
     "  --no-descriptions   leave out the descriptions of parameters and fields\n"
     "                      (defaults stay)\n",
     {{"--json", NULL}, {"--hide-firewalled", NULL}, {"--no-descriptions", NULL}},
     1, 1, run_check},
    {"validate",
     "SIG [FILE|-] [--input] [--mode MODE] [--max-errors N] [--max-depth N] [--repair]\n"
     "         [--no-repair] [--json] [--stream]",
     "validate a JSON document against a signature",
     "Validates the JSON document in FILE (standard input when absent or -)\n"
     "against the return type (strict types, no coercion) or, with --input,\n"
     "against the parameters (tool arguments: an object, with coercions such\n"
     "as \"42\" -> 42, each reported as a warning).\n"
     "\n"
     "Prints the report an LLM is given back, titled \"Tool\" with --input and\n"
     "\"Return\" otherwise:\n"
     "  Tool validation errors:\n"
     "  - limit: expected int, got string \"ten\"\n"
     "When the document is valid and there is nothing to report, prints\n"
     "nothing. Exit 0 valid, 1 invalid, 2 bad signature, bad JSON text (the\n"
     "error with line, column and a caret on stderr) or usage.\n"
     "\n"
     "Options:\n"
     "  --input             validate tool arguments against the parameters\n"
     "  --mode MODE         enabled (default): errors fail, extra fields kept;\n"
     "                      warn_only: errors become warnings; disabled: only\n"
     "                      read the JSON; strict: undeclared fields fail too\n"
     "  --max-errors N      report at most N errors (default 100)\n"
     "  --max-depth N       refuse JSON nested deeper than N (default 1000,\n"
     "                      at most 10000)\n"
     "  --repair            read JSON as models write it (a code fence, text\n"
     "                      around the value, trailing commas, comments, single\n"
     "                      quotes, True/None...), each repair a warning; on by\n"
     "                      default with --input\n"
     "  --no-repair         read the text as strict JSON only\n"
     "  --json              print {\"ok\",\"value\",\"errors\",\"warnings\"} instead:\n"
     "                      \"value\" (when ok) is the value as validated (coerced,\n"
     "                      keys as the signature spells them); each entry is\n"
     "                      {\"path\",\"segments\",\"message\"}, and a JSON text error\n"
     "                      also has \"line\", \"column\" and \"offset\"\n"
     "  --stream            read the document as it arrives (standard input as it\n"
     "                      is written) and print a line each time its state\n"
     "                      changes: \"complete\", or \"invalid: \" and the first\n"
     "                      error, known as soon as it is certain; the last line\n"
     "                      is the whole document's\n",
     {{"--input", NULL}, {"--mode", "MODE"}, {"--max-errors", "N"},
      {"--max-depth", "N"}, {"--repair", NULL}, {"--no-repair", NULL}, {"--json", NULL},
      {"--stream", NULL}},
     1, 2, run_validate},
    {"normalize", "[FILE|-]",
     "rewrite every object key's \"-\" as \"_\"",
     "Prints the JSON document in FILE (standard input when absent or -) as\n"
     "compact JSON with \"-\" replaced by \"_\" in every object key, at any depth.\n"
     "Exit 0; 1 when two keys of one object normalize alike (\"a-b\" and\n"
     "\"a_b\"); 2 for bad JSON text.\n",
     {{NULL, NULL}},
     0, 1, run_normalize},
    {"schema", "SIG [--strict] [--params]",
     "JSON Schema of a signature's output (or parameters)",
     "Prints the JSON Schema of the return type, for LLM structured output (a\n"
     "list is wrapped as {\"items\": [...]}).\n"
     "\n"
     "Options:\n"
     "  --params            the schema of the parameters instead, for\n"
     "                      function-calling tool definitions\n"
     "  --strict            OpenAI strict mode: every field required, optionals\n"
     "                      nullable; each place strict mode cannot express\n"
     "                      (:map, :any, ...) is named on stderr\n",
     {{"--strict", NULL}, {"--params", NULL}},
     1, 1, run_schema},
    {"from-schema", "[FILE|-] [--lossy]",
     "JSON Schema to signature",
     "Reads a JSON Schema from FILE (standard input when absent or -) and\n"
     "prints the signature whose return type it describes. Exit 0; 1 when the\n"
     "schema says what a signature cannot (the error names the place as a JSON\n"
     "Pointer); 2 for bad JSON text.\n"
     "\n"
     "Options:\n"
     "  --lossy             widen what cannot be said (to :any, :map, :string)\n"
     "                      and print a warning for each place on stderr\n",
     {{"--lossy", NULL}},
     0, 1, run_from_schema},
    {"from-tools", "[FILE|-] [--lossy] [--json]",
     "MCP tool definitions to prompt text",
     "Reads an MCP tools/list result ({\"tools\": [...]}) or a list of tool\n"
     "definitions [{\"name\",\"description\",\"inputSchema\",\"outputSchema\"}] from\n"
     "FILE (standard input when absent or -) and prints them as prompt text\n"
     "under \"## Tools you can call\". Exit 0; 1 when a tool's schemas say what\n"
     "a signature cannot (each such tool is named on stderr); 2 for bad JSON\n"
     "text or a document that is not a list of tools.\n"
     "\n"
     "Options:\n"
     "  --lossy             widen what cannot be said, with warnings on stderr\n"
     "  --json              print [{\"name\",\"signature\",\"description\",\"warnings\"}]\n"
     "                      instead\n",
     {{"--lossy", NULL}, {"--json", NULL}},
     0, 1, run_from_tools},
    {"diff", "OLD NEW [--json]",
     "what a change of a signature or of a list of tools breaks",
     "Compares OLD with NEW, each a signature or a list of tools (an MCP\n"
     "tools/list result, a list of MCP, OpenAI or Anthropic tools, or\n"
     "[{\"name\",\"sig\"}]), given as text or @FILE; tools are matched by name.\n"
     "Prints one line per change: tool, path, old -> new, who it breaks and\n"
     "why. Arguments valid for OLD must stay valid for NEW (breaks callers);\n"
     "a result NEW returns must be valid for OLD (breaks consumers); what\n"
     "cannot be proved either way \"may break\". Exit 0 when nothing breaks,\n"
     "1 when something breaks or may break, 2 for a text that is neither.\n"
     "\n"
     "Options:\n"
     "  --json              print {\"breaks\",\"changes\":[...]} instead\n",
     {{"--json", NULL}},
     2, 2, run_diff},
    {"tool", "NAME SIG [DESCRIPTION]",
     "one tool as prompt text",
     "Prints \"NAME(params) -> T\" (firewalled output fields hidden) and the\n"
     "description, each line indented two spaces. DESCRIPTION may be @FILE.\n",
     {{NULL, NULL}},
     2, 3, run_tool},
    {"tools", "[FILE|-]",
     "a JSON list of tools as prompt text",
     "Reads [{\"name\": ..., \"sig\": ..., \"description\": ...}] (description\n"
     "optional) from FILE (standard input when absent or -) and prints the\n"
     "tools under \"## Tools you can call\". Exit 0; 2 when the list is not of\n"
     "that shape or a signature does not parse (each problem on stderr).\n",
     {{NULL, NULL}},
     0, 1, run_tools},
    {"placeholders", "TEMPLATE SIG [--json]",
     "check a prompt template's {{placeholders}}",
     "Checks every {{placeholder}} of TEMPLATE (text, or @FILE) against the\n"
     "parameters of SIG. Prints the names found, one a line (exit 0), or each\n"
     "invalid placeholder and why on stderr (exit 1).\n"
     "\n"
     "Options:\n"
     "  --json              print {\"ok\",\"placeholders\",\"errors\":[{\"placeholder\",\n"
     "                      \"message\",\"offset\"}]} instead\n",
     {{"--json", NULL}},
     2, 2, run_placeholders},
    {"redact", "SIG [FILE|-] (--strip|--mask)",
     "strip or mask firewalled fields of a JSON value",
     "Prints the JSON value in FILE (standard input when absent or -) with\n"
     "every field whose name starts with \"_\" removed (--strip, for a parent\n"
     "agent) or replaced by \"<Firewalled>\" (--mask, for prompt text), at any\n"
     "depth. Exit 0; 2 for bad JSON text.\n"
     "\n"
     "Options:\n"
     "  --strip             remove firewalled fields\n"
     "  --mask              replace their values by \"<Firewalled>\"\n",
     {{"--strip", NULL}, {"--mask", NULL}},
     1, 2, run_redact},
    {"infer", "[FILE...] [--each] [--lines] [--enums N] [--json]",
     "write a signature from sample JSON values",
     "Reads sample JSON values (API responses, say) from each FILE (standard\n"
     "input when none is named, or -) and prints the narrowest signature that\n"
     "every sample is a value of, in canonical form:\n"
     "  - a field missing from some objects is optional (name T?), a place\n"
     "    that held null is T?, one that held only null is :any;\n"
     "  - :int when every number has no \".\", \"e\" or \"E\", else :float;\n"
     "    :datetime when every string is an RFC 3339 date-time, else :string;\n"
     "  - several kinds at one place are a union (string, number, bool, map,\n"
     "    list, in that order); objects at one place merge into one map,\n"
     "    lists into one element type;\n"
     "  - a map whose keys are data is {* T}: a key that is no identifier,\n"
     "    two keys alike after \"-\" -> \"_\", or more than 20 keys whose\n"
     "    values are of one type.\n"
     "Exit 0; 2 for a text that is not JSON (the error with its file, line,\n"
     "column and a caret on stderr), a sample nested deeper than a signature\n"
     "can be (64 levels), or no sample at all.\n"
     "\n"
     "Options:\n"
     "  --each              each text is a JSON list whose elements are samples\n"
     "  --lines             JSON Lines: each line that is not blank is a text\n"
     "  --enums N           a string place of at most N distinct values, found\n"
     "                      in two samples or more with a value repeated, is an\n"
     "                      enum (:enum[open closed]); none by default\n"
     "  --json              print {\"ok\":true,\"signature\"} or {\"ok\":false,\n"
     "                      \"error\":{...}} on stdout instead\n",
     {{"--each", NULL}, {"--lines", NULL}, {"--enums", "N"}, {"--json", NULL}},
     0, CLI_ANY_NUMBER, run_infer},
};

const size_t cli_command_count = sizeof cli_commands / sizeof cli_commands[0];
