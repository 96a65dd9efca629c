/*
 * cli.h: what the parts of the toolsig command-line tool share: the
 * command table (main.c), the commands (commands.c) and reading input and
 * writing output (io.c).
 *
 * Exit status: 0 fine, 1 rejected (the input was judged and refused),
 * 2 unusable (unreadable file, bad signature, bad JSON, usage error).
 */
#ifndef TSIG_CLI_H
#define TSIG_CLI_H

#include <stddef.h>
#include <stdio.h>

#include "internal.h"

enum { CLI_OK = 0, CLI_REJECTED = 1, CLI_UNUSABLE = 2 };

#define CLI_MAX_POSITIONAL 3
#define CLI_MAX_OPTIONS 6

/* One option of a command: "--json" (a flag) or "--mode" taking a value
 * named value_name in the help ("--mode MODE", also "--mode=MODE"). */
typedef struct cli_option {
    const char *name;
    const char *value_name; /* NULL for a flag */
} cli_option;

typedef struct cli_args cli_args;

/* A command: its name, how it is called, its help, what it accepts. */
typedef struct cli_command {
    const char *name;
    const char *synopsis; /* arguments and options, after the name */
    const char *summary;  /* one line for the command list */
    const char *help;     /* the body of "toolsig NAME --help" */
    cli_option options[CLI_MAX_OPTIONS];
    size_t min_positional, max_positional;
    int (*run)(cli_args *args);
} cli_command;

/* A command line, split: positional arguments and the options given. */
struct cli_args {
    const cli_command *cmd;
    const char *positional[CLI_MAX_POSITIONAL];
    size_t positional_count;
    int set[CLI_MAX_OPTIONS];           /* option i was given */
    const char *value[CLI_MAX_OPTIONS]; /* its value (last one given) */
    int stdin_used;                     /* standard input was read already */
};

/* Text read from an argument, a file or standard input: NUL-terminated
 * (the NUL is not counted in len), released with cli_text_free. */
typedef struct cli_text {
    char *data;
    size_t len;
} cli_text;

/* ---- main.c ---------------------------------------------------------- */

/* 1 iff the option named name ("--json") was given. */
int cli_flag(const cli_args *args, const char *name);
/* The value of the option named name, or NULL when it was not given. */
const char *cli_value(const cli_args *args, const char *name);
/* Positional argument i, or NULL when there are not that many. */
const char *cli_positional(const cli_args *args, size_t i);
/* Reports a usage error ("toolsig CMD: <message>" and where to find help)
 * on stderr; returns CLI_UNUSABLE. */
int cli_usage_error(const cli_args *args, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* ---- commands.c ------------------------------------------------------ */

extern const cli_command cli_commands[];
extern const size_t cli_command_count;

/* ---- io.c ------------------------------------------------------------ */

/*
 * Reads a whole file in binary ("-" is standard input) into *out. Input
 * larger than TSIG_MAX_INPUT is refused. what names the argument for
 * messages. Returns 0, or prints why on stderr and returns CLI_UNUSABLE.
 */
int cli_read_file(cli_args *args, const char *path, const char *what,
                  cli_text *out);
/* The text of an argument that may be "@FILE" (read from FILE, "@-" from
 * standard input) or the text itself; as cli_read_file. */
int cli_read_arg(cli_args *args, const char *arg, const char *what,
                 cli_text *out);
void cli_text_free(cli_text *text);

/* Writes text and a newline (when text does not end with one) to f. */
void cli_write_line(FILE *f, const char *text, size_t len);
/* Writes compact JSON text indented by two spaces, and a newline. */
void cli_write_pretty_json(FILE *f, const char *json, size_t len);
/* Prints err on stderr as tsig_error_format does (with the line of src and
 * a caret); kind is "signature", "JSON", ... */
void cli_print_error(const tsig_error *err, const char *kind, const char *src,
                     size_t len);
/* "toolsig: out of memory" on stderr; returns CLI_UNUSABLE. */
int cli_out_of_memory(void);

/* Reading documents of the JSON boundary (tsig_api_*): 1 iff doc says
 * {"ok":true. */
int cli_doc_ok(const char *doc);
/* Prints each entry of the validation-entry list member key of the object
 * at p on stderr, as "prefix<path> (<name>): <message>" (path and name when
 * the entry has them). A JSON text error in src/len gets its caret picture. */
void cli_print_doc_errors(const char *p, const char *end, const char *key,
                          const char *prefix, const char *src, size_t len);

#endif /* TSIG_CLI_H */
