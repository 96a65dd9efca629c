/*
 * test_jsontestsuite.c: every file of JSONTestSuite's test_parsing/ read by
 * tsig_validate_json against the signature ":any" (SPEC §10):
 *
 *   y_  valid JSON: accepted, in every mode, value unchanged; except the two
 *       files that repeat a key, which SPEC §10 rejects on purpose;
 *   n_  invalid JSON: rejected in every mode, disabled included, with one
 *       positioned error "JSON error at L:C: ..." whose line and column
 *       agree with its byte offset;
 *   i_  implementation-defined: no crash (the ASan build runs this too), and
 *       toolsig's documented choice: accepted iff the bytes are UTF-8
 *       without raw NUL, rejected with a positioned JSON error otherwise.
 *
 * The files of test_transform/ (no expected outcome upstream) pin what
 * toolsig returns for them. docs/json-conformance.md lists the answer for
 * every i_ and test_transform file; the list there is the output of this
 * program ("test_jsontestsuite --print-conformance") and the test fails
 * when the document and the behaviour differ.
 */
#define _POSIX_C_SOURCE 200809L

#include "harness.h"
#include "jsonval.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the files ------------------------------------------------------------ */

/* One file of the suite, read as bytes (several hold NUL bytes). */
typedef struct suite_file {
    char *name;
    char *text;
    size_t len;
} suite_file;

typedef struct suite {
    suite_file *files;
    size_t count;
} suite;

static int by_name(const void *a, const void *b)
{
    return strcmp(((const suite_file *)a)->name, ((const suite_file *)b)->name);
}

/* Every "*.json" file of a folder under the shared folder, sorted by name
 * (bytewise, so the document's order does not depend on the locale).
 * Released with suite_free; an unreadable folder gives an empty suite. */
static suite suite_read(const char *folder)
{
    suite s = {NULL, 0};
    char dir_path[4096];
    snprintf(dir_path, sizeof dir_path, "%s", tsig_test_data_path(folder));
    DIR *dir = opendir(dir_path);
    if (!dir) return s;
    size_t cap = 0;
    struct dirent *entry;
    while ((entry = readdir(dir)) != NULL) {
        size_t n = strlen(entry->d_name);
        if (n < 6 || strcmp(entry->d_name + n - 5, ".json") != 0) continue;
        if (s.count == cap) {
            cap = cap ? cap * 2 : 64;
            suite_file *grown = realloc(s.files, cap * sizeof *grown);
            if (!grown) break;
            s.files = grown;
        }
        char path[8192];
        snprintf(path, sizeof path, "%s/%s", dir_path, entry->d_name);
        suite_file *f = &s.files[s.count];
        f->name = malloc(n + 1);
        f->text = tsig_test_read_file(path, &f->len);
        if (!f->name || !f->text) {
            free(f->name);
            free(f->text);
            continue;
        }
        memcpy(f->name, entry->d_name, n + 1);
        s.count++;
    }
    closedir(dir);
    if (s.count) qsort(s.files, s.count, sizeof *s.files, by_name);
    return s;
}

static void suite_free(suite *s)
{
    for (size_t i = 0; i < s->count; i++) {
        free(s->files[i].name);
        free(s->files[i].text);
    }
    free(s->files);
    s->files = NULL;
    s->count = 0;
}

static int has_prefix(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* The y_ files that repeat a key: valid RFC 8259, rejected by SPEC §10. */
static int repeats_a_key(const char *name)
{
    return strcmp(name, "y_object_duplicated_key.json") == 0 ||
           strcmp(name, "y_object_duplicated_key_and_value.json") == 0;
}

/* ---- judging one text ------------------------------------------------------ */

static const tsig_mode all_modes[] = {TSIG_MODE_ENABLED, TSIG_MODE_WARN_ONLY,
                                      TSIG_MODE_DISABLED, TSIG_MODE_STRICT};
static const char *const mode_names[] = {"enabled", "warn_only", "disabled", "strict"};

/* The signature every file is read with: ":any" accepts every value, so the
 * outcome is the JSON reader's alone. */
static tsig_signature *any_signature(void)
{
    tsig_error err;
    tsig_signature *sig = tsig_parse(":any", 4, &err);
    CHECK(sig != NULL);
    return sig;
}

static tsig_code judge(const tsig_signature *sig, const suite_file *f,
                       tsig_mode mode, unsigned flags, tsig_result *res)
{
    tsig_validate_options opts = {mode, 0, 0, flags};
    return tsig_validate_json(sig, f->text, f->len, &opts, res);
}

/* Line and column (1-based, bytes; only "\n" starts a line) of a byte
 * offset, counted here independently of the library. */
static void line_column(const char *text, size_t offset, size_t *line, size_t *column)
{
    size_t l = 1, start = 0;
    for (size_t i = 0; i < offset; i++) {
        if (text[i] == '\n') {
            l++;
            start = i + 1;
        }
    }
    *line = l;
    *column = offset - start + 1;
}

/*
 * Checks that res is a rejection of unreadable text (SPEC §10, toolsig.h
 * tsig_result): returned TSIG_ERR_JSON or TSIG_ERR_TOO_DEEP, equal to
 * json_error.code; not ok, no value, no warnings; one root error whose
 * message is "JSON error at L:C: " (L:C from json_error, which agree with
 * json_error.offset) then "expected ..., found ..." or "nesting deeper than
 * N". Returns 1 when it is; otherwise reports under name and returns 0.
 */
static int check_positioned_json_error(const char *name, const char *mode,
                                       const suite_file *f, tsig_code rc,
                                       const tsig_result *res)
{
    int failures = 0;
#define JFAIL(...)                                                             \
    do {                                                                       \
        char what_[1024];                                                      \
        snprintf(what_, sizeof what_, __VA_ARGS__);                            \
        tsig_test_fail(__FILE__, __LINE__, "%s (%s): %s", name, mode, what_);  \
        failures++;                                                            \
    } while (0)
    const tsig_error *je = &res->json_error;
    if (rc != TSIG_ERR_JSON && rc != TSIG_ERR_TOO_DEEP)
        JFAIL("returned %s, want TSIG_ERR_JSON or TSIG_ERR_TOO_DEEP", tsig_code_name(rc));
    if (je->code != rc)
        JFAIL("json_error.code %s, returned %s", tsig_code_name(je->code), tsig_code_name(rc));
    if (res->ok || res->value_json || res->warning_count != 0 || res->error_count != 1) {
        JFAIL("want one error, no warning, no value: ok %d, %zu errors, %zu warnings",
              res->ok, res->error_count, res->warning_count);
        return 0;
    }
    const tsig_issue *e = &res->errors[0];
    if (e->path_len != 0 || e->segment_count != 0)
        JFAIL("the error is at \"%s\", want the root", e->path);
    if (je->line < 1 || je->column < 1 || je->offset > f->len)
        JFAIL("position %zu:%zu offset %zu (text of %zu bytes)", je->line, je->column,
              je->offset, f->len);
    size_t line = 0, column = 0;
    if (je->offset <= f->len) line_column(f->text, je->offset, &line, &column);
    if (line != je->line || column != je->column)
        JFAIL("offset %zu is %zu:%zu, json_error says %zu:%zu", je->offset, line, column,
              je->line, je->column);
    char prefix[80];
    int n = snprintf(prefix, sizeof prefix, "JSON error at %zu:%zu: ", je->line, je->column);
    const char *rest = e->message + n;
    if (strncmp(e->message, prefix, (size_t)n) != 0) {
        JFAIL("message \"%s\" does not start with \"%s\"", e->message, prefix);
    } else if (rc == TSIG_ERR_TOO_DEEP) {
        if (!has_prefix(rest, "nesting deeper than "))
            JFAIL("too deep, yet the message is \"%s\"", e->message);
    } else if (!has_prefix(rest, "expected ") || !strstr(rest, ", found ")) {
        JFAIL("message \"%s\" is not \"expected ..., found ...\"", e->message);
    }
    if (strcmp(je->message, e->message) != 0)
        JFAIL("json_error.message \"%s\" differs from the error \"%s\"", je->message,
              e->message);
#undef JFAIL
    return failures == 0;
}

/* toolsig's choice for an implementation-defined file: accepted iff its
 * bytes are UTF-8 and hold no raw NUL. */
static int policy_accepts(const suite_file *f)
{
    return jv_utf8_valid(f->text, f->len) &&
           memchr(f->text, '\0', f->len) == NULL;
}

/* ---- y_ -------------------------------------------------------------------- */

TEST(the_suite_is_all_there)
{
    suite s = suite_read("jsontestsuite/test_parsing");
    size_t y = 0, n = 0, i = 0;
    for (size_t k = 0; k < s.count; k++) {
        const char *name = s.files[k].name;
        if (has_prefix(name, "y_")) y++;
        else if (has_prefix(name, "n_")) n++;
        else if (has_prefix(name, "i_")) i++;
    }
    CHECK_INT(s.count, 318);
    CHECK_INT(y, 95);
    CHECK_INT(n, 188);
    CHECK_INT(i, 35);
    suite_free(&s);
    suite t = suite_read("jsontestsuite/test_transform");
    CHECK_INT(t.count, 22);
    suite_free(&t);
}

TEST(every_y_file_is_accepted_unchanged_in_every_mode)
{
    suite s = suite_read("jsontestsuite/test_parsing");
    tsig_signature *sig = any_signature();
    size_t accepted = 0;
    for (size_t k = 0; sig && k < s.count; k++) {
        const suite_file *f = &s.files[k];
        if (!has_prefix(f->name, "y_") || repeats_a_key(f->name)) continue;
        int good = 1;
        for (size_t m = 0; m < 4; m++) {
            tsig_result res;
            tsig_code rc = judge(sig, f, all_modes[m], 0, &res);
            if (rc != TSIG_OK || !res.ok || res.error_count || res.warning_count ||
                res.changed || res.value_json || res.json_error.code != TSIG_OK) {
                tsig_test_fail(__FILE__, __LINE__,
                               "%s (%s): returned %s, ok %d, changed %d, first error: %s",
                               f->name, mode_names[m], tsig_code_name(rc), res.ok,
                               res.changed, res.error_count ? res.errors[0].message : "none");
                good = 0;
            }
            tsig_result_free(&res);
        }
        /* The value written on request is the same value, key order kept. */
        tsig_result res;
        judge(sig, f, TSIG_MODE_ENABLED, TSIG_VALUE_ALWAYS, &res);
        jv_value *want = jv_parse(f->text, f->len);
        jv_value *got = res.value_json ? jv_parse(res.value_json, res.value_len) : NULL;
        if (!want || !got || !jv_equal_ordered(got, want)) {
            tsig_test_fail(__FILE__, __LINE__, "%s: value written %s, text %.*s", f->name,
                           res.value_json ? res.value_json : "(none)", (int)f->len, f->text);
            good = 0;
        }
        jv_free(want);
        jv_free(got);
        tsig_result_free(&res);
        accepted += (size_t)good;
    }
    CHECK_INT(accepted, 93);
    tsig_signature_free(sig);
    suite_free(&s);
}

TEST(y_files_that_repeat_a_key_are_rejected_in_every_mode)
{
    /* SPEC §10: the same key twice is an error in every mode, at its path. */
    suite s = suite_read("jsontestsuite/test_parsing");
    tsig_signature *sig = any_signature();
    size_t seen = 0;
    for (size_t k = 0; sig && k < s.count; k++) {
        const suite_file *f = &s.files[k];
        if (!repeats_a_key(f->name)) continue;
        seen++;
        for (size_t m = 0; m < 4; m++) {
            tsig_result res;
            tsig_code rc = judge(sig, f, all_modes[m], 0, &res);
            CHECK_INT(rc, TSIG_OK);
            CHECK(!res.ok && res.value_json == NULL);
            CHECK_INT(res.json_error.code, TSIG_OK);
            CHECK_INT(res.error_count, 1);
            CHECK_INT(res.warning_count, 0);
            if (res.error_count == 1) {
                CHECK_STR(res.errors[0].path, "a");
                CHECK_STR(res.errors[0].message, "duplicate key \"a\"");
            }
            tsig_result_free(&res);
        }
    }
    CHECK_INT(seen, 2);
    tsig_signature_free(sig);
    suite_free(&s);
}

/* ---- n_ -------------------------------------------------------------------- */

TEST(every_n_file_is_rejected_with_a_position_in_every_mode)
{
    suite s = suite_read("jsontestsuite/test_parsing");
    tsig_signature *sig = any_signature();
    size_t rejected = 0;
    for (size_t k = 0; sig && k < s.count; k++) {
        const suite_file *f = &s.files[k];
        if (!has_prefix(f->name, "n_")) continue;
        int good = 1;
        for (size_t m = 0; m < 4; m++) {
            tsig_result res;
            tsig_code rc = judge(sig, f, all_modes[m], 0, &res);
            good &= check_positioned_json_error(f->name, mode_names[m], f, rc, &res);
            tsig_result_free(&res);
        }
        rejected += (size_t)good;
    }
    CHECK_INT(rejected, 188);
    tsig_signature_free(sig);
    suite_free(&s);
}

TEST(hostile_n_files_get_the_expected_message)
{
    /* Deep nesting stops at the limit; NUL and invalid bytes are named. */
    static const struct {
        const char *name;
        const char *message;
    } cases[] = {
        {"n_structure_100000_opening_arrays.json",
         "JSON error at 1:1001: nesting deeper than 1000"},
        {"n_structure_null-byte-outside-string.json",
         "JSON error at 1:2: expected a JSON value, found a NUL byte"},
        {"n_structure_lone-invalid-utf-8.json",
         "JSON error at 1:1: expected a JSON value, found invalid UTF-8 byte 0xE5"},
        {"n_structure_UTF8_BOM_no_data.json",
         "JSON error at 1:4: expected a JSON value, found end of input"},
        {"n_structure_no_data.json",
         "JSON error at 1:1: expected a JSON value, found end of input"},
        {"n_object_trailing_comma.json",
         "JSON error at 1:9: expected a string key, found \"}\""},
    };
    suite s = suite_read("jsontestsuite/test_parsing");
    tsig_signature *sig = any_signature();
    size_t seen = 0;
    for (size_t c = 0; sig && c < sizeof cases / sizeof cases[0]; c++) {
        for (size_t k = 0; k < s.count; k++) {
            if (strcmp(s.files[k].name, cases[c].name) != 0) continue;
            seen++;
            tsig_result res;
            judge(sig, &s.files[k], TSIG_MODE_ENABLED, 0, &res);
            if (res.error_count == 1) CHECK_STR(res.errors[0].message, cases[c].message);
            else CHECK_INT(res.error_count, 1);
            tsig_result_free(&res);
        }
    }
    CHECK_INT(seen, sizeof cases / sizeof cases[0]);
    tsig_signature_free(sig);
    suite_free(&s);
}

/* ---- i_ -------------------------------------------------------------------- */

TEST(every_i_file_follows_the_documented_choice)
{
    suite s = suite_read("jsontestsuite/test_parsing");
    tsig_signature *sig = any_signature();
    size_t judged = 0, accepted = 0;
    for (size_t k = 0; sig && k < s.count; k++) {
        const suite_file *f = &s.files[k];
        if (!has_prefix(f->name, "i_")) continue;
        judged++;
        for (size_t m = 0; m < 4; m++) {
            tsig_result res;
            tsig_code rc = judge(sig, f, all_modes[m], 0, &res);
            if (policy_accepts(f)) {
                if (rc != TSIG_OK || !res.ok || res.error_count || res.warning_count)
                    tsig_test_fail(__FILE__, __LINE__, "%s (%s): want accepted, got %s %s",
                                   f->name, mode_names[m], tsig_code_name(rc),
                                   res.error_count ? res.errors[0].message : "");
                else if (m == 0)
                    accepted++;
            } else {
                check_positioned_json_error(f->name, mode_names[m], f, rc, &res);
            }
            tsig_result_free(&res);
        }
    }
    CHECK_INT(judged, 35);
    /* 10 huge numbers, 10 escaped lone or broken surrogates, 500 nested
     * arrays and the byte-order mark are accepted. */
    CHECK_INT(accepted, 22);
    tsig_signature_free(sig);
    suite_free(&s);
}

TEST(huge_numbers_are_kept_as_written)
{
    /* SPEC §10: numbers keep every digit; the value written is the text. */
    const char *const texts[] = {"[123.456e-789]", "[-1e+9999]", "[100000000000000000000]",
                                 "[-237462374673276894279832749832423479823246327846]",
                                 "[1.5e999]", "[123e-10000000]"};
    tsig_signature *sig = any_signature();
    for (size_t i = 0; sig && i < sizeof texts / sizeof texts[0]; i++) {
        tsig_validate_options opts = {TSIG_MODE_ENABLED, 0, 0, TSIG_VALUE_ALWAYS};
        tsig_result res;
        CHECK_INT(tsig_validate_json(sig, texts[i], strlen(texts[i]), &opts, &res), TSIG_OK);
        CHECK(res.ok);
        CHECK_STR(res.value_json, texts[i]);
        tsig_result_free(&res);
    }
    tsig_signature_free(sig);
}

TEST(the_byte_order_mark_is_dropped_from_the_value)
{
    tsig_signature *sig = any_signature();
    tsig_result res;
    CHECK_INT(tsig_validate_json(sig, "\xEF\xBB\xBF{}", 5, NULL, &res), TSIG_OK);
    CHECK(res.ok && res.changed);
    CHECK_STR(res.value_json, "{}");
    tsig_result_free(&res);
    /* Only at the start: elsewhere it is an unexpected character. */
    CHECK_INT(tsig_validate_json(sig, "[\xEF\xBB\xBF]", 5, NULL, &res), TSIG_ERR_JSON);
    tsig_result_free(&res);
    tsig_signature_free(sig);
}

TEST(nesting_is_bounded_by_max_depth)
{
    /* i_structure_500_nested_arrays: accepted at the default limit of 1000,
     * rejected at the 500th level with max_depth 499. */
    char text[1000];
    memset(text, '[', 500);
    memset(text + 500, ']', 500);
    tsig_signature *sig = any_signature();
    tsig_validate_options opts = {TSIG_MODE_ENABLED, 0, 499, 0};
    tsig_result res;
    CHECK_INT(tsig_validate_json(sig, text, sizeof text, NULL, &res), TSIG_OK);
    CHECK(res.ok);
    tsig_result_free(&res);
    CHECK_INT(tsig_validate_json(sig, text, sizeof text, &opts, &res), TSIG_ERR_TOO_DEEP);
    CHECK(!res.ok && res.error_count == 1);
    if (res.error_count == 1)
        CHECK_STR(res.errors[0].message, "JSON error at 1:500: nesting deeper than 499");
    tsig_result_free(&res);
    opts.max_depth = 500;
    CHECK_INT(tsig_validate_json(sig, text, sizeof text, &opts, &res), TSIG_OK);
    CHECK(res.ok);
    tsig_result_free(&res);
    tsig_signature_free(sig);
}

/* ---- the conformance document ------------------------------------------------ */

typedef struct textbuf {
    char *data;
    size_t len, cap;
} textbuf;

static void put(textbuf *tb, const char *s, size_t n)
{
    if (tb->len + n + 1 > tb->cap) {
        size_t cap = tb->cap ? tb->cap : 4096;
        while (tb->len + n + 1 > cap) cap *= 2;
        char *grown = realloc(tb->data, cap);
        if (!grown) return;
        tb->data = grown;
        tb->cap = cap;
    }
    memcpy(tb->data + tb->len, s, n);
    tb->len += n;
    tb->data[tb->len] = '\0';
}

static void puts_tb(textbuf *tb, const char *s)
{
    put(tb, s, strlen(s));
}

/* One table row: "| `name` | answer |", the answer being "accepted" (with
 * the value toolsig writes when show_value), or "rejected: `message`". */
static void answer_row(textbuf *tb, const tsig_signature *sig, const suite_file *f,
                       int show_value)
{
    tsig_result res;
    judge(sig, f, TSIG_MODE_ENABLED, show_value ? TSIG_VALUE_ALWAYS : 0, &res);
    puts_tb(tb, "| `");
    puts_tb(tb, f->name);
    puts_tb(tb, "` | ");
    if (res.ok) {
        puts_tb(tb, "accepted");
        if (show_value && res.value_json) {
            puts_tb(tb, ", value `");
            put(tb, res.value_json, res.value_len);
            puts_tb(tb, "`");
        }
    } else {
        puts_tb(tb, "rejected: `");
        for (size_t i = 0; i < res.error_count; i++) {
            if (i) puts_tb(tb, "`; `");
            if (res.errors[i].path_len) {
                put(tb, res.errors[i].path, res.errors[i].path_len);
                puts_tb(tb, ": ");
            }
            put(tb, res.errors[i].message, res.errors[i].message_len);
        }
        puts_tb(tb, "`");
    }
    puts_tb(tb, " |\n");
    tsig_result_free(&res);
}

/* The generated part of docs/json-conformance.md, from what toolsig does
 * now. Freed with free(). */
static char *conformance_tables(void)
{
    textbuf tb = {NULL, 0, 0};
    suite s = suite_read("jsontestsuite/test_parsing");
    suite t = suite_read("jsontestsuite/test_transform");
    tsig_signature *sig = any_signature();
    size_t count[3][2] = {{0, 0}, {0, 0}, {0, 0}}; /* y n i: accepted, rejected */
    for (size_t k = 0; sig && k < s.count; k++) {
        const suite_file *f = &s.files[k];
        int kind = f->name[0] == 'y' ? 0 : f->name[0] == 'n' ? 1 : 2;
        tsig_result res;
        judge(sig, f, TSIG_MODE_ENABLED, 0, &res);
        count[kind][res.ok ? 0 : 1]++;
        tsig_result_free(&res);
    }
    char line[256];
    puts_tb(&tb, "| files | accepted | rejected |\n|---|---:|---:|\n");
    static const char *const kinds[] = {"`y_` (must accept)", "`n_` (must reject)",
                                        "`i_` (either)"};
    for (int kind = 0; kind < 3; kind++) {
        snprintf(line, sizeof line, "| %s | %zu | %zu |\n", kinds[kind], count[kind][0],
                 count[kind][1]);
        puts_tb(&tb, line);
    }
    puts_tb(&tb, "\nThe `y_` files rejected:\n\n| file | toolsig |\n|---|---|\n");
    for (size_t k = 0; sig && k < s.count; k++) {
        const suite_file *f = &s.files[k];
        tsig_result res;
        judge(sig, f, TSIG_MODE_ENABLED, 0, &res);
        if (f->name[0] == 'y' && !res.ok) answer_row(&tb, sig, f, 0);
        tsig_result_free(&res);
    }
    puts_tb(&tb, "\n### Implementation-defined files (`i_`)\n\n| file | toolsig |\n|---|---|\n");
    for (size_t k = 0; sig && k < s.count; k++) {
        if (s.files[k].name[0] == 'i') answer_row(&tb, sig, &s.files[k], 0);
    }
    puts_tb(&tb, "\n### `test_transform` files (value as toolsig writes it)\n\n"
                 "| file | toolsig |\n|---|---|\n");
    for (size_t k = 0; sig && k < t.count; k++) answer_row(&tb, sig, &t.files[k], 1);
    tsig_signature_free(sig);
    suite_free(&s);
    suite_free(&t);
    return tb.data;
}

#define BEGIN_MARK "<!-- BEGIN generated by test_jsontestsuite --print-conformance -->\n"
#define END_MARK "<!-- END generated -->"

TEST(the_conformance_document_matches_the_behaviour)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/docs/json-conformance.md", TSIG_SOURCE_DIR);
    size_t len = 0;
    char *doc = tsig_test_read_file(path, &len);
    char *tables = conformance_tables();
    CHECK(doc != NULL);
    CHECK(tables != NULL);
    char *begin = doc ? strstr(doc, BEGIN_MARK) : NULL;
    char *end = begin ? strstr(begin, END_MARK) : NULL;
    CHECK(begin && end);
    if (begin && end && tables) {
        begin += strlen(BEGIN_MARK);
        size_t n = (size_t)(end - begin);
        if (n != strlen(tables) || memcmp(begin, tables, n) != 0) {
            tsig_test_fail(__FILE__, __LINE__,
                           "docs/json-conformance.md differs from the behaviour; "
                           "the generated part should read:\n%s", tables);
        }
    }
    free(doc);
    free(tables);
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "--print-conformance") == 0) {
        char *tables = conformance_tables();
        if (!tables) return 1;
        fputs(tables, stdout);
        free(tables);
        return 0;
    }
    RUN(the_suite_is_all_there);
    RUN(every_y_file_is_accepted_unchanged_in_every_mode);
    RUN(y_files_that_repeat_a_key_are_rejected_in_every_mode);
    RUN(every_n_file_is_rejected_with_a_position_in_every_mode);
    RUN(hostile_n_files_get_the_expected_message);
    RUN(every_i_file_follows_the_documented_choice);
    RUN(huge_numbers_are_kept_as_written);
    RUN(the_byte_order_mark_is_dropped_from_the_value);
    RUN(nesting_is_bounded_by_max_depth);
    RUN(the_conformance_document_matches_the_behaviour);
    return tsig_test_summary();
}
