/*
 * native.c: the native toolsig executable: main, and the cli_io over the
 * standard streams and the file system (binary reads of any size up to
 * TSIG_MAX_INPUT, the C library's words for why a file cannot be read).
 */
#include "cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void native_write(cli_io *io, int stream, const char *data, size_t len)
{
    (void)io;
    fwrite(data, 1, len, stream == CLI_STDERR ? stderr : stdout);
}

/* Reads all of f into *out (NUL-terminated). Returns CLI_READ_OK,
 * CLI_READ_FAILED (errno set), CLI_READ_TOO_LARGE or CLI_READ_NO_MEMORY. */
static cli_read_status read_all(FILE *f, cli_text *out)
{
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap + 1);
    if (!buf) return CLI_READ_NO_MEMORY;
    for (;;) {
        len += fread(buf + len, 1, cap - len, f);
        if (ferror(f)) {
            int saved = errno;
            free(buf);
            errno = saved;
            return CLI_READ_FAILED;
        }
        if (len < cap) break; /* end of file */
        if (cap > TSIG_MAX_INPUT) { /* read one byte more than allowed */
            free(buf);
            return CLI_READ_TOO_LARGE;
        }
        size_t grown = cap * 2 > TSIG_MAX_INPUT ? TSIG_MAX_INPUT + 1 : cap * 2;
        char *bigger = realloc(buf, grown + 1);
        if (!bigger) {
            free(buf);
            return CLI_READ_NO_MEMORY;
        }
        buf = bigger;
        cap = grown;
    }
    if (len > TSIG_MAX_INPUT) {
        free(buf);
        return CLI_READ_TOO_LARGE;
    }
    buf[len] = '\0';
    out->data = buf;
    out->len = len;
    return CLI_READ_OK;
}

/* cli_io.read: "-" is stdin, anything else a path opened in binary. The
 * reason is strerror's text. */
static cli_read_status native_read(cli_io *io, const char *path, cli_text *out,
                                   const char **reason)
{
    (void)io;
    int from_stdin = strcmp(path, "-") == 0;
    FILE *f = from_stdin ? stdin : fopen(path, "rb");
    if (!f) {
        *reason = strerror(errno);
        return CLI_READ_CANNOT_OPEN;
    }
    cli_read_status status = read_all(f, out);
    int saved = errno;
    if (!from_stdin) fclose(f);
    if (status == CLI_READ_FAILED) *reason = strerror(saved);
    return status;
}

/* cli_io.read_some: standard input as it arrives (a pipe gives what was
 * written so far). */
static long native_read_some(cli_io *io, char *buf, size_t cap, const char **reason)
{
    (void)io;
    fflush(stdout);
    for (;;) {
        ssize_t n = read(STDIN_FILENO, buf, cap);
        if (n >= 0) return (long)n;
        if (errno == EINTR) continue;
        *reason = strerror(errno);
        return -1;
    }
}

/* Keys the core's hash tables with 16 bytes of the OS's randomness, so
 * input cannot be written to collide in them (toolsig.h, Section:
 * hashing). Without /dev/urandom the fixed key stays: lookups of crafted
 * keys then cost O(log n), never more. */
static void seed_hash(void)
{
    unsigned char seed[16];
    FILE *f = fopen("/dev/urandom", "rb");
    if (!f) return;
    size_t got = fread(seed, 1, sizeof seed, f);
    fclose(f);
    if (got == sizeof seed) tsig_hash_seed(seed);
}

int main(int argc, char **argv)
{
    seed_hash();
    cli_io io = {native_write, native_read, native_read_some};
    int rc = cli_main(&io, argc, argv);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fputs("toolsig: cannot write the output\n", stderr);
        return CLI_UNUSABLE;
    }
    return rc;
}
