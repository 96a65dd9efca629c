/*
 * memory.c: the toolsig command line run in memory (tsig_cli_run), for a
 * host that has files and streams the C code cannot reach: the WebAssembly
 * module under the npm package's bin (js/cli.mjs), whose only imports are
 * standard input as it arrives and output written at once, for a command
 * that streams (tsig_cli_run_live).
 * The same cli_main and commands run as in the native tool; only the
 * cli_io differs: output is appended to the answer, and a file is looked
 * up among those the host read (or asked for, see cli.h).
 */
#include "cli.h"

#include <stdint.h>
#include <string.h>

typedef struct memory_io {
    cli_io io; /* first member: the commands see only this */
    const cli_memory_file *files;
    size_t file_count;
    cli_buf answer;  /* the status (4 bytes), then the pieces of output */
    size_t last_piece;   /* offset of the last piece's stream byte; 0: none */
    const char *needed;  /* the path the host must read first, or NULL */
    const cli_memory_host *host; /* standard input as it arrives, or NULL */
} memory_io;

/* Appends n as 4 little-endian bytes. */
static void put_u32(cli_buf *sb, uint32_t n)
{
    char b[4] = {(char)(n & 0xFF), (char)((n >> 8) & 0xFF), (char)((n >> 16) & 0xFF),
                 (char)((n >> 24) & 0xFF)};
    cli_buf_append(sb, b, 4);
}

/* Overwrites the 4 bytes at offset at with n, little-endian. */
static void set_u32(cli_buf *sb, size_t at, uint32_t n)
{
    for (int i = 0; i < 4; i++) sb->data[at + (size_t)i] = (char)((n >> (8 * i)) & 0xFF);
}

static uint32_t get_u32(const cli_buf *sb, size_t at)
{
    uint32_t n = 0;
    for (int i = 3; i >= 0; i--) n = (n << 8) | (unsigned char)sb->data[at + (size_t)i];
    return n;
}

/* cli_io.write: extends the last piece when it is of the same stream,
 * else starts a piece (stream byte, length, bytes). Pieces hold at most
 * UINT32_MAX bytes. Output after a file was asked for is dropped: the run
 * does not count. */
static void memory_write(cli_io *io, int stream, const char *data, size_t len)
{
    memory_io *m = (memory_io *)io;
    while (len && !m->needed && !m->answer.failed) {
        uint32_t have = m->last_piece ? get_u32(&m->answer, m->last_piece + 1) : 0;
        if (!m->last_piece || m->answer.data[m->last_piece] != (char)stream ||
            have == UINT32_MAX) {
            m->last_piece = m->answer.len;
            cli_buf_putc(&m->answer, (char)stream);
            put_u32(&m->answer, 0);
            have = 0;
            if (m->answer.failed) return;
        }
        size_t n = len < (size_t)(UINT32_MAX - have) ? len : (size_t)(UINT32_MAX - have);
        cli_buf_append(&m->answer, data, n);
        if (m->answer.failed) return;
        set_u32(&m->answer, m->last_piece + 1, have + (uint32_t)n);
        data += n;
        len -= n;
    }
}

/* cli_io.read: the host's file named path, lent without a copy; a path
 * the host has not read yet is remembered as needed (CLI_READ_PENDING). */
static cli_read_status memory_read(cli_io *io, const char *path, cli_text *out,
                                   const char **reason)
{
    memory_io *m = (memory_io *)io;
    if (m->needed) return CLI_READ_PENDING;
    for (size_t i = 0; i < m->file_count; i++) {
        const cli_memory_file *f = &m->files[i];
        if (strcmp(f->path, path) != 0) continue;
        switch (f->status) {
        case CLI_READ_OK:
            if (f->len > TSIG_MAX_INPUT) return CLI_READ_TOO_LARGE;
            out->data = (char *)f->data; /* never written: borrowed text */
            out->len = f->len;
            out->borrowed = 1;
            return CLI_READ_OK;
        case CLI_READ_CANNOT_OPEN:
        case CLI_READ_FAILED:
            *reason = f->data ? f->data : "";
            return (cli_read_status)f->status;
        case CLI_READ_TOO_LARGE: return CLI_READ_TOO_LARGE;
        default: return CLI_READ_NO_MEMORY;
        }
    }
    m->needed = path;
    return CLI_READ_PENDING;
}

/* cli_io.read_some: hands the output so far to the host, then waits for
 * the next bytes of standard input. */
static long memory_read_some(cli_io *io, char *buf, size_t cap, const char **reason)
{
    memory_io *m = (memory_io *)io;
    for (size_t at = 4; !m->answer.failed && at + 5 <= m->answer.len;) {
        size_t n = get_u32(&m->answer, at + 1);
        m->host->write(m->answer.data[at], m->answer.data + at + 5, n);
        at += 5 + n;
    }
    if (!m->answer.failed) m->answer.len = 4;
    m->last_piece = 0;
    long n = m->host->read_some(buf, cap);
    if (n < 0) {
        buf[cap - 1] = '\0';
        *reason = buf;
        return -1;
    }
    return n > (long)cap ? (long)cap : n;
}

char *tsig_cli_run(int argc, char **argv, const cli_memory_file *files,
                   size_t file_count, size_t *len)
{
    return tsig_cli_run_host(argc, argv, files, file_count, NULL, len);
}

#if defined(__wasm__)
#define HOST_IMPORT(name) __attribute__((import_module("env"), import_name(name)))
HOST_IMPORT("tsig_host_read") long tsig_host_read(char *buf, size_t cap);
HOST_IMPORT("tsig_host_write") void tsig_host_write(int stream, const char *data, size_t len);

char *tsig_cli_run_live(int argc, char **argv, const cli_memory_file *files,
                        size_t file_count, size_t *len)
{
    static const cli_memory_host host = {tsig_host_read, tsig_host_write};
    return tsig_cli_run_host(argc, argv, files, file_count, &host, len);
}
#endif

char *tsig_cli_run_host(int argc, char **argv, const cli_memory_file *files,
                        size_t file_count, const cli_memory_host *host, size_t *len)
{
    memory_io m;
    memset(&m, 0, sizeof m);
    m.io.write = memory_write;
    m.io.read = memory_read;
    if (host) m.io.read_some = memory_read_some;
    m.host = host;
    m.files = files;
    m.file_count = file_count;
    put_u32(&m.answer, 0); /* the exit status, set below */
    int rc = cli_main(&m.io, argc, argv);
    if (m.needed) {
        cli_buf_release(&m.answer);
        put_u32(&m.answer, CLI_MEMORY_NEEDS_FILE);
        put_u32(&m.answer, (uint32_t)TSIG_MAX_INPUT);
        cli_buf_puts(&m.answer, m.needed);
    } else if (!m.answer.failed) {
        set_u32(&m.answer, 0, (uint32_t)rc);
    }
    return cli_buf_finish(&m.answer, len);
}
