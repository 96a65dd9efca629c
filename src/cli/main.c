/*
 * main.c: the toolsig command-line tool: splits the command line, prints
 * help, and runs one command of the table in commands.c. The host (native.c
 * or memory.c) calls cli_main with its cli_io.
 *
 *   toolsig COMMAND [ARGUMENTS] [OPTIONS]
 *
 * Options may come before, between or after the arguments; "--" ends them
 * (what follows is positional even when it starts with "-"); "-" alone is
 * an argument (standard input), and so is one starting with "->" (a
 * signature missing its parameters, which the parser then explains).
 * "--name=value" and "--name value" are the same. "-h"/"--help" anywhere
 * prints the command's help.
 */
#include "cli.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static const char *const overview =
    "toolsig " TSIG_VERSION ": the signature language of LLM agent tools\n"
    "\n"
    "  (query :string, limit :int) -> {count :int, items [{id :int}]}\n"
    "\n"
    "Usage: toolsig COMMAND [ARGUMENTS] [OPTIONS]\n"
    "\n"
    "Commands:\n";

static const char *const arguments_help =
    "\n"
    "Arguments:\n"
    "  SIG        signature text, or @FILE to read it from a file (@- reads\n"
    "             standard input), for signatures a command line cannot carry\n"
    "  FILE       a file to read, or - for standard input (the default)\n"
    "\n"
    "Exit status: 0 fine, 1 rejected (the input was judged and refused),\n"
    "2 unusable (unreadable file, bad signature, bad JSON, usage error).\n"
    "\n"
    "Run 'toolsig COMMAND --help' for what a command prints and its options.\n";

/* Index of option name in cmd's table, or -1. */
static int option_index(const cli_command *cmd, const char *name)
{
    for (int i = 0; i < CLI_MAX_OPTIONS && cmd->options[i].name; i++)
        if (strcmp(cmd->options[i].name, name) == 0) return i;
    return -1;
}

int cli_flag(const cli_args *args, const char *name)
{
    int i = option_index(args->cmd, name);
    return i >= 0 && args->set[i];
}

const char *cli_value(const cli_args *args, const char *name)
{
    int i = option_index(args->cmd, name);
    return i >= 0 && args->set[i] ? args->value[i] : NULL;
}

const char *cli_positional(const cli_args *args, size_t i)
{
    return i < args->positional_count ? args->positional[i] : NULL;
}

int cli_usage_error(const cli_args *args, const char *fmt, ...)
{
    const char *name = args->cmd ? args->cmd->name : NULL;
    cli_printf(args, CLI_STDERR, "toolsig%s%s: ", name ? " " : "", name ? name : "");
    va_list ap;
    va_start(ap, fmt);
    cli_vprintf(args, CLI_STDERR, fmt, ap);
    va_end(ap);
    cli_printf(args, CLI_STDERR, "\nTry 'toolsig%s%s --help'.\n", name ? " " : "",
               name ? name : "");
    return CLI_UNUSABLE;
}

/* "toolsig --help": every command with its summary, then the arguments. */
static void print_overview(const cli_args *args)
{
    cli_puts(args, CLI_STDOUT, overview);
    for (size_t i = 0; i < cli_command_count; i++)
        cli_printf(args, CLI_STDOUT, "  %-13s %s\n", cli_commands[i].name,
                   cli_commands[i].summary);
    cli_puts(args, CLI_STDOUT, arguments_help);
}

/* "toolsig CMD --help": usage line, body, options. */
static void print_command_help(const cli_args *args, const cli_command *cmd)
{
    cli_printf(args, CLI_STDOUT, "Usage: toolsig %s %s\n\n", cmd->name, cmd->synopsis);
    cli_puts(args, CLI_STDOUT, cmd->help);
}

static const cli_command *find_command(const char *name)
{
    for (size_t i = 0; i < cli_command_count; i++)
        if (strcmp(cli_commands[i].name, name) == 0) return &cli_commands[i];
    return NULL;
}

/*
 * Splits argv[first..argc) for args->cmd into positional arguments and
 * options. Returns -1 when help was asked (printed already), 0 when the
 * line is well formed, CLI_UNUSABLE after reporting a usage error.
 */
static int split_args(cli_args *args, int argc, char **argv, int first)
{
    const cli_command *cmd = args->cmd;
    int options_done = 0;
    for (int i = first; i < argc; i++) {
        const char *a = argv[i];
        if (!options_done && (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0)) {
            print_command_help(args, cmd);
            return -1;
        }
        if (!options_done && strcmp(a, "--") == 0) {
            options_done = 1;
            continue;
        }
        if (options_done || a[0] != '-' || a[1] == '\0' || a[1] == '>') {
            if (args->positional_count == cmd->max_positional)
                return cli_usage_error(args, "unexpected argument \"%s\"", a);
            args->positional[args->positional_count++] = a;
            continue;
        }
        const char *eq = strchr(a, '=');
        size_t name_len = eq ? (size_t)(eq - a) : strlen(a);
        int k = -1;
        for (int j = 0; j < CLI_MAX_OPTIONS && cmd->options[j].name; j++)
            if (strlen(cmd->options[j].name) == name_len &&
                strncmp(cmd->options[j].name, a, name_len) == 0)
                k = j;
        if (k < 0) return cli_usage_error(args, "unknown option %.*s", (int)name_len, a);
        const cli_option *opt = &cmd->options[k];
        if (!opt->value_name) {
            if (eq) return cli_usage_error(args, "option %s takes no value", opt->name);
            args->set[k] = 1;
            continue;
        }
        const char *value = eq ? eq + 1 : (i + 1 < argc ? argv[++i] : NULL);
        if (!value)
            return cli_usage_error(args, "option %s needs a value (%s %s)", opt->name,
                                   opt->name, opt->value_name);
        args->set[k] = 1;
        args->value[k] = value;
    }
    if (args->positional_count < cmd->min_positional)
        return cli_usage_error(args, "missing arguments: expected %s", cmd->synopsis);
    return 0;
}

int cli_main(cli_io *io, int argc, char **argv)
{
    cli_args args;
    memset(&args, 0, sizeof args);
    args.io = io;
    if (argc < 2) {
        cli_puts(&args, CLI_STDERR,
                 "Usage: toolsig COMMAND [ARGUMENTS] [OPTIONS]\n"
                 "Try 'toolsig --help'.\n");
        return CLI_UNUSABLE;
    }
    const char *name = argv[1];
    if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0 ||
        strcmp(name, "help") == 0) {
        const cli_command *cmd = argc > 2 ? find_command(argv[2]) : NULL;
        if (argc > 2 && !cmd)
            return cli_usage_error(&args, "unknown command \"%s\"", argv[2]);
        if (cmd) print_command_help(&args, cmd);
        else print_overview(&args);
        return CLI_OK;
    }
    if (strcmp(name, "--version") == 0) {
        cli_puts(&args, CLI_STDOUT, "toolsig " TSIG_VERSION "\n");
        return CLI_OK;
    }
    args.cmd = find_command(name);
    if (!args.cmd) {
        if (name[0] == '-') return cli_usage_error(&args, "unknown option %s", name);
        return cli_usage_error(&args, "unknown command \"%s\"", name);
    }
    args.positional = malloc((size_t)argc * sizeof *args.positional);
    if (!args.positional) return cli_out_of_memory(&args);
    int rc = split_args(&args, argc, argv, 2);
    if (rc < 0) rc = CLI_OK;
    else if (rc == 0) rc = args.cmd->run(&args);
    free(args.positional);
    return rc;
}
