/*
 * test_memory.c: the command line run in memory (tsig_cli_run, what
 * toolsig.wasm runs for the npm package's bin): it asks for each file in
 * turn, lends the host's bytes without copying or freeing them, reports a
 * file the host could not read as the native tool does, and answers with
 * the exit status and the output pieces in the order they were written.
 */
#include "cli.h"
#include "harness.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* An answer, taken apart. */
typedef struct answer {
    int needs_file;
    uint32_t status_or_limit;
    char needed[256];
    char out[4096], err[4096];
    size_t out_len, err_len;
    size_t pieces;
    int first_stream;
} answer;

static uint32_t u32_at(const char *p)
{
    const unsigned char *b = (const unsigned char *)p;
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

/* Runs argv (NULL-terminated) with files; fills *a. */
static void run(const char *const *argv, const cli_memory_file *files, size_t count,
                answer *a)
{
    memset(a, 0, sizeof *a);
    int argc = 0;
    while (argv[argc]) argc++;
    size_t len = 0;
    char *doc = tsig_cli_run(argc, (char **)argv, files, count, &len);
    CHECK(doc != NULL && len >= 4);
    if (!doc || len < 4) {
        tsig_free(doc);
        return;
    }
    if (u32_at(doc) == CLI_MEMORY_NEEDS_FILE) {
        a->needs_file = 1;
        a->status_or_limit = u32_at(doc + 4);
        CHECK(len - 8 < sizeof a->needed);
        memcpy(a->needed, doc + 8, len - 8);
        tsig_free(doc);
        return;
    }
    a->status_or_limit = u32_at(doc);
    for (size_t at = 4; at + 5 <= len;) {
        int stream = doc[at];
        size_t n = u32_at(doc + at + 1);
        CHECK(at + 5 + n <= len);
        char *to = stream == CLI_STDOUT ? a->out + a->out_len : a->err + a->err_len;
        size_t *to_len = stream == CLI_STDOUT ? &a->out_len : &a->err_len;
        CHECK(*to_len + n < sizeof a->out);
        memcpy(to, doc + at + 5, n);
        *to_len += n;
        if (!a->pieces) a->first_stream = stream;
        a->pieces++;
        at += 5 + n;
    }
    tsig_free(doc);
}

TEST(version_needs_no_file)
{
    const char *argv[] = {"toolsig", "--version", NULL};
    answer a;
    run(argv, NULL, 0, &a);
    CHECK(!a.needs_file);
    CHECK_INT(a.status_or_limit, CLI_OK);
    CHECK_STR(a.out, "toolsig " TSIG_VERSION "\n");
    CHECK_INT(a.pieces, 1);
}

TEST(usage_error_without_arguments)
{
    const char *argv[] = {"toolsig", NULL};
    answer a;
    run(argv, NULL, 0, &a);
    CHECK_INT(a.status_or_limit, CLI_UNUSABLE);
    CHECK_STR(a.err, "Usage: toolsig COMMAND [ARGUMENTS] [OPTIONS]\nTry 'toolsig --help'.\n");
    CHECK_INT(a.out_len, 0);
}

TEST(asks_for_each_file_in_turn)
{
    const char *argv[] = {"toolsig", "validate", "@sig.txt", "doc.json", NULL};
    /* Not from malloc: freeing it would be caught by the sanitizers. */
    static const char sig[] = ":int", doc[] = "\"x\"";
    cli_memory_file files[] = {
        {"sig.txt", CLI_READ_OK, sig, 4},
        {"doc.json", CLI_READ_OK, doc, 3},
    };
    answer a;
    run(argv, files, 0, &a);
    CHECK(a.needs_file);
    CHECK_INT(a.status_or_limit, TSIG_MAX_INPUT);
    CHECK_STR(a.needed, "sig.txt");
    run(argv, files, 1, &a);
    CHECK(a.needs_file);
    CHECK_STR(a.needed, "doc.json");
    run(argv, files, 2, &a);
    CHECK(!a.needs_file);
    CHECK_INT(a.status_or_limit, CLI_REJECTED);
    CHECK_STR(a.out, "Return validation errors:\n- expected int, got string \"x\"\n");
    CHECK_INT(a.err_len, 0);
}

TEST(standard_input_is_the_path_dash)
{
    const char *argv[] = {"toolsig", "validate", ":int", NULL};
    cli_memory_file in = {"-", CLI_READ_OK, "5", 1};
    answer a;
    run(argv, NULL, 0, &a);
    CHECK_STR(a.needed, "-");
    run(argv, &in, 1, &a);
    CHECK_INT(a.status_or_limit, CLI_OK);
    CHECK_INT(a.pieces, 0);
}

TEST(one_file_read_twice_is_lent_twice)
{
    /* The signature and the description from one file. */
    const char *argv[] = {"toolsig", "tool", "find", "@x", "@x", NULL};
    static const char x[] = "(q :string) -> :int";
    cli_memory_file f = {"x", CLI_READ_OK, x, sizeof x - 1};
    answer a;
    run(argv, &f, 1, &a);
    CHECK_INT(a.status_or_limit, CLI_OK);
    CHECK_STR(a.out, "find(q :string) -> :int\n  (q :string) -> :int\n");
}

TEST(a_file_with_nul_bytes_keeps_its_length)
{
    const char *argv[] = {"toolsig", "check", "@nul", NULL};
    static const char nul[] = "(a :int) -> \0:int";
    cli_memory_file f = {"nul", CLI_READ_OK, nul, sizeof nul - 1};
    answer a;
    run(argv, &f, 1, &a);
    CHECK_INT(a.status_or_limit, CLI_UNUSABLE);
    CHECK(strncmp(a.err, "signature error at 1:13: ", 25) == 0);
    CHECK(strstr(a.err, "NUL") != NULL);
}

TEST(files_the_host_could_not_read)
{
    const char *argv[] = {"toolsig", "normalize", "f", NULL};
    cli_memory_file f = {"f", CLI_READ_CANNOT_OPEN, "No such file or directory", 0};
    answer a;
    run(argv, &f, 1, &a);
    CHECK_INT(a.status_or_limit, CLI_UNUSABLE);
    CHECK_STR(a.err, "toolsig normalize: cannot open FILE \"f\": No such file or directory\n");
    f.status = CLI_READ_FAILED;
    f.data = "Is a directory";
    run(argv, &f, 1, &a);
    CHECK_STR(a.err, "toolsig normalize: cannot read FILE (f): Is a directory\n");
    f.status = CLI_READ_TOO_LARGE;
    f.data = NULL;
    run(argv, &f, 1, &a);
    CHECK_STR(a.err, "toolsig normalize: FILE (f) is larger than 1073741824 bytes\n");
    const char *from_stdin[] = {"toolsig", "normalize", NULL};
    cli_memory_file in = {"-", CLI_READ_FAILED, "Bad file descriptor", 0};
    run(from_stdin, &in, 1, &a);
    CHECK_STR(a.err,
              "toolsig normalize: cannot read FILE (standard input): Bad file descriptor\n");
}

TEST(pieces_keep_the_order_of_writing)
{
    /* from-schema --lossy: a warning on stderr, then the signature. */
    const char *argv[] = {"toolsig", "from-schema", "-", "--lossy", NULL};
    static const char schema[] = "{\"type\":\"object\",\"properties\":{\"m\":{\"type\":\"string\","
                                  "\"pattern\":\"a\"}}}";
    cli_memory_file in = {"-", CLI_READ_OK, schema, sizeof schema - 1};
    answer a;
    run(argv, &in, 1, &a);
    CHECK_INT(a.status_or_limit, CLI_OK);
    CHECK_INT(a.pieces, 2);
    CHECK_INT(a.first_stream, CLI_STDERR);
    CHECK(strncmp(a.err, "warning: #/properties/m", 23) == 0);
    CHECK_STR(a.out, "{m :string?}\n");
}

TEST(consecutive_writes_to_one_stream_are_one_piece)
{
    const char *argv[] = {"toolsig", "--help", NULL};
    answer a;
    run(argv, NULL, 0, &a);
    CHECK_INT(a.status_or_limit, CLI_OK);
    CHECK_INT(a.pieces, 1);
    CHECK(strstr(a.out, "\n  redact        ") != NULL);
}

/* A host giving standard input in the pieces of a script, and noting
 * what output it was handed before each read. */
static const char *const *host_script;
static size_t host_step;
static char host_out[1024], host_seen[8][1024];
static size_t host_out_len;

static long script_read(char *buf, size_t cap)
{
    strcpy(host_seen[host_step], host_out);
    const char *piece = host_script[host_step++];
    if (!piece) return 0;
    if (piece[0] == '!') { /* reading fails */
        snprintf(buf, cap, "%s", piece + 1);
        return -1;
    }
    size_t n = strlen(piece);
    memcpy(buf, piece, n);
    return (long)n;
}

static void script_write(int stream, const char *data, size_t len)
{
    CHECK_INT(stream, CLI_STDOUT);
    CHECK(host_out_len + len < sizeof host_out);
    memcpy(host_out + host_out_len, data, len);
    host_out_len += len;
    host_out[host_out_len] = '\0';
}

static uint32_t run_host(const char *const *script, answer *a)
{
    static const cli_memory_host host = {script_read, script_write};
    const char *argv[] = {"toolsig", "validate", "{a :int}", "--stream", NULL};
    host_script = script;
    host_step = host_out_len = 0;
    host_out[0] = '\0';
    memset(a, 0, sizeof *a);
    size_t len = 0;
    char *doc = tsig_cli_run_host(4, (char **)argv, NULL, 0, &host, &len);
    CHECK(doc != NULL && len >= 4);
    uint32_t status = doc ? u32_at(doc) : 0;
    if (doc && len > 9) memcpy(a->err, doc + 9, len - 9 < sizeof a->err ? len - 9 : 0);
    tsig_free(doc);
    return status;
}

/* validate --stream on a host that gives standard input as it arrives:
 * each line is handed over before the next read, not at the end. */
TEST(a_stream_shows_each_state_before_reading_on)
{
    const char *const script[] = {"{\"a\": 1", "}", "\n", NULL};
    answer a;
    CHECK_INT(run_host(script, &a), CLI_OK);
    CHECK_INT(host_step, 4);
    CHECK_STR(host_seen[1], "");
    CHECK_STR(host_seen[2], "complete\n"); /* before the third read */
    CHECK_STR(host_out, "complete\n");
}

TEST(a_stream_whose_input_cannot_be_read_says_why)
{
    const char *const script[] = {"{\"a\": ", "!Input/output error", NULL};
    answer a;
    CHECK_INT(run_host(script, &a), CLI_UNUSABLE);
    CHECK_STR(a.err, "toolsig validate: cannot read FILE (standard input): Input/output error\n");
}

int main(void)
{
    RUN(version_needs_no_file);
    RUN(usage_error_without_arguments);
    RUN(asks_for_each_file_in_turn);
    RUN(standard_input_is_the_path_dash);
    RUN(one_file_read_twice_is_lent_twice);
    RUN(a_file_with_nul_bytes_keeps_its_length);
    RUN(files_the_host_could_not_read);
    RUN(pieces_keep_the_order_of_writing);
    RUN(consecutive_writes_to_one_stream_are_one_piece);
    RUN(a_stream_shows_each_state_before_reading_on);
    RUN(a_stream_whose_input_cannot_be_read_says_why);
    return tsig_test_summary();
}
