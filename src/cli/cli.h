/*
 * cli.h: what the parts of the toolsig command-line tool share: the
 * command line and help (main.c), the commands (commands.c), reading input
 * and writing output (io.c), and the two hosts that run them: the native
 * tool over files and standard streams (native.c) and the in-memory run
 * the npm package's bin drives in WebAssembly (memory.c). The commands
 * never touch a file or a stream themselves: every byte goes through the
 * cli_io of their host, so both hosts print the same bytes.
 *
 * The command line is a caller of the library like any other: it uses
 * toolsig.h alone, with its own buffer and printf (below).
 *
 * Exit status: 0 fine, 1 rejected (the input was judged and refused),
 * 2 unusable (unreadable file, bad signature, bad JSON, usage error).
 */
#ifndef TSIG_CLI_H
#define TSIG_CLI_H

#include <stdarg.h>
#include <stddef.h>

#include "toolsig.h"

enum { CLI_OK = 0, CLI_REJECTED = 1, CLI_UNUSABLE = 2 };

/* The two output streams. */
enum { CLI_STDOUT = 1, CLI_STDERR = 2 };

#define CLI_MAX_OPTIONS 8
/* max_positional of a command that takes any number of arguments. */
#define CLI_ANY_NUMBER ((size_t)-1)

/* One option of a command: "--json" (a flag) or "--mode" taking a value
 * named value_name in the help ("--mode MODE", also "--mode=MODE"). */
typedef struct cli_option {
    const char *name;
    const char *value_name; /* NULL for a flag */
} cli_option;

typedef struct cli_args cli_args;

/* Text read from an argument, a file or standard input: NUL-terminated
 * (the NUL is not counted in len), released with cli_text_free. borrowed
 * text belongs to the host (an in-memory run's file) and is not freed. */
typedef struct cli_text {
    char *data;
    size_t len;
    int borrowed;
} cli_text;

/* How reading a whole file went (cli_io.read). */
typedef enum cli_read_status {
    CLI_READ_OK = 0,
    CLI_READ_CANNOT_OPEN = 1, /* the file could not be opened: *reason says why */
    CLI_READ_FAILED = 2,      /* opened, but reading failed: *reason says why */
    CLI_READ_TOO_LARGE = 3,   /* more than TSIG_MAX_INPUT bytes */
    CLI_READ_NO_MEMORY = 4,
    CLI_READ_PENDING = 5      /* in memory: the host has not read it yet */
} cli_read_status;

typedef struct cli_io cli_io;

/* Where a command's input comes from and its output goes. */
struct cli_io {
    /* Writes data[0..len) to stream CLI_STDOUT or CLI_STDERR. */
    void (*write)(cli_io *io, int stream, const char *data, size_t len);
    /* Reads the whole file at path ("-": standard input) into *out
     * (NUL-terminated, malloc'd: freed with cli_text_free). On
     * CLI_READ_CANNOT_OPEN or CLI_READ_FAILED sets *reason to the system's
     * words for why ("No such file or directory"), which stay valid until
     * the run ends. */
    cli_read_status (*read)(cli_io *io, const char *path, cli_text *out,
                            const char **reason);
    /* Reads what standard input has now into buf[0..cap), waiting for at
     * least one byte (output written so far is flushed first): the count,
     * 0 at its end, -1 on an error (*reason says why). NULL when the host
     * has standard input only whole (through read). */
    long (*read_some)(cli_io *io, char *buf, size_t cap, const char **reason);
};

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
    cli_io *io;                         /* where input and output go */
    const cli_command *cmd;             /* NULL until the command is known */
    const char **positional;            /* room for every word of the line */
    size_t positional_count;
    int set[CLI_MAX_OPTIONS];           /* option i was given */
    const char *value[CLI_MAX_OPTIONS]; /* its value (last one given) */
    int stdin_used;                     /* standard input was read already */
};

/* ---- io.c: text built in memory -------------------------------------- */

/* A growable byte buffer. A failed allocation sets failed; every later
 * append is then ignored, and cli_buf_finish returns NULL. */
typedef struct cli_buf {
    char *data;
    size_t len, cap;
    int failed;
} cli_buf;

void cli_buf_append(cli_buf *b, const char *s, size_t len);
void cli_buf_puts(cli_buf *b, const char *s);
void cli_buf_putc(cli_buf *b, char c);
/* The text, NUL-terminated (length in *len when not NULL), malloc'd: freed
 * with free (or tsig_free); NULL after a failed allocation. The buffer is
 * left empty. */
char *cli_buf_finish(cli_buf *b, size_t *len);
void cli_buf_release(cli_buf *b);

/* ---- main.c ---------------------------------------------------------- */

/* Runs the command line argv[0..argc) (argv[0] is the program's name) with
 * io for every input and output; returns the exit status. */
int cli_main(cli_io *io, int argc, char **argv);

/* 1 iff the option named name ("--json") was given. */
int cli_flag(const cli_args *args, const char *name);
/* The value of the option named name, or NULL when it was not given. */
const char *cli_value(const cli_args *args, const char *name);
/* Positional argument i, or NULL when there are not that many. */
const char *cli_positional(const cli_args *args, size_t i);
/* Reports a usage error ("toolsig CMD: <message>" and where to find help,
 * "toolsig: <message>" before a command is known) on stderr; returns
 * CLI_UNUSABLE. */
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

/* Writes data[0..len) to stream (CLI_STDOUT or CLI_STDERR). */
void cli_write(const cli_args *args, int stream, const char *data, size_t len);
/* Writes the NUL-terminated s to stream. */
void cli_puts(const cli_args *args, int stream, const char *s);
/*
 * Writes printf-formatted text to stream, piece by piece (no allocation).
 * Only what the command line writes is understood: %s (with a width, "-"
 * to pad on the right, and ".*" for a length given as an int), %zu, %d and
 * %%; no floating point, so that the WebAssembly build carries no printf
 * of the C library.
 */
void cli_printf(const cli_args *args, int stream, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* As cli_printf, with the arguments in ap. */
void cli_vprintf(const cli_args *args, int stream, const char *fmt, va_list ap);
/* Writes text and a newline (when text does not end with one) to stream. */
void cli_write_line(const cli_args *args, int stream, const char *text,
                    size_t len);
/* Writes compact JSON text indented by two spaces, and a newline, on
 * stdout; returns CLI_OK, or reports running out of memory. */
int cli_write_pretty_json(const cli_args *args, const char *json, size_t len);
/* Prints err on stderr as tsig_error_format does (with the line of src and
 * a caret); kind is "signature", "JSON", ... */
void cli_print_error(const cli_args *args, const tsig_error *err,
                     const char *kind, const char *src, size_t len);
/* "toolsig: out of memory" on stderr; returns CLI_UNUSABLE. */
int cli_out_of_memory(const cli_args *args);

/* ---- memory.c -------------------------------------------------------- */

/* A file the host read before an in-memory run (tsig_cli_run). */
typedef struct cli_memory_file {
    const char *path; /* as the command line names it; "-" is standard input */
    int status;       /* CLI_READ_OK, _CANNOT_OPEN, _FAILED or _TOO_LARGE */
    const char *data; /* OK: the bytes, a NUL after them; CANNOT_OPEN and
                         FAILED: the reason (NUL-terminated) */
    size_t len;       /* OK: the number of bytes */
} cli_memory_file;

/* The first 4 bytes of an answer of tsig_cli_run when it needs a file. */
#define CLI_MEMORY_NEEDS_FILE 0xFFFFFFFFu

/*
 * Runs the command line argv[0..argc) (argv[0] is the program's name) as
 * the native tool would, with no file or stream: files[0..file_count) are
 * what the host read so far, and the output is kept in memory. When the
 * command reads a file that is not among them, the run stops and asks for
 * it; the host reads it and runs the whole command line again with one
 * more file (commands have no effect but their output, so a run that asked
 * printed nothing that counts).
 *
 * The answer, little-endian 32-bit numbers:
 *   - a file is needed: CLI_MEMORY_NEEDS_FILE, the most bytes worth reading
 *     (TSIG_MAX_INPUT; more is CLI_READ_TOO_LARGE), then the path's bytes
 *     (the rest of the answer; "-" is standard input);
 *   - the command ran: its exit status, then each piece of output in the
 *     order it was written: the stream (1 byte: CLI_STDOUT or CLI_STDERR),
 *     the length, the bytes.
 * Returns the answer (freed with tsig_free or free) and its length in *len, or NULL
 * when out of memory. The files stay the caller's.
 */
char *tsig_cli_run(int argc, char **argv, const cli_memory_file *files,
                   size_t file_count, size_t *len);

/* A host that gives standard input as it arrives (validate --stream). */
typedef struct cli_memory_host {
    /* Waits for the next bytes of standard input: how many it put in buf
     * (at most cap; 0 at its end), or -1 when reading failed, with the
     * reason, NUL-terminated, in buf. */
    long (*read_some)(char *buf, size_t cap);
    /* Writes output now (CLI_STDOUT or CLI_STDERR). */
    void (*write)(int stream, const char *data, size_t len);
} cli_memory_host;

/* tsig_cli_run with a host: a command that reads standard input as it
 * arrives hands the output written so far to host->write before each
 * read, so that it is seen as it comes; the answer holds the rest. Such a
 * command reads standard input last, so a run that asks for a file has
 * handed nothing over. */
char *tsig_cli_run_host(int argc, char **argv, const cli_memory_file *files,
                        size_t file_count, const cli_memory_host *host, size_t *len);

/* tsig_cli_run_host with the host of the WebAssembly module: the
 * functions it imports from its host (js/cli.mjs). */
char *tsig_cli_run_live(int argc, char **argv, const cli_memory_file *files,
                        size_t file_count, size_t *len);

#endif /* TSIG_CLI_H */
