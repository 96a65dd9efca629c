/*
 * test_vectors_parse.c: every record of vectors/parse.json (SPEC §1, §2).
 *
 * ok records: canonical form, returns_list, AST (compared as JSON values),
 * and the invariants parse(format(s)) == parse(s) and format idempotent.
 * Error records: error_contains, hint_contains, line, column. Only the
 * fields a record has are checked (vectors/README.md); no record is skipped.
 *
 * The file is read with the tests' own JSON reader (support/jsonval.h),
 * which keeps escaped NUL bytes inside strings ("{a\u0000 :int}"): those
 * records test exactly that.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "jsonval.h"

/* Reports one failure of record id; the test is marked failed. */
#define RECORD_FAIL(id, ...)                                               \
    do {                                                                   \
        record_ok = 0;                                                     \
        tsig_test_fail(__FILE__, __LINE__, "record %s", id);               \
        printf("    ");                                                    \
        printf(__VA_ARGS__);                                               \
        printf("\n");                                                      \
    } while (0)

/* 1 iff every string of the list occurs in text. */
static int contains_all(const char *text, const jv_value *list)
{
    for (size_t i = 0; i < jv_len(list); i++) {
        const char *part = jv_str(jv_at(list, i), NULL);
        if (!part || !strstr(text, part)) return 0;
    }
    return 1;
}

/* Checks an ok record: canonical, returns_list, ast and both invariants.
 * Returns 1 when everything matched. */
static int check_ok_record(const char *id, const jv_value *rec,
                           const tsig_signature *sig)
{
    int record_ok = 1;
    char *canonical = tsig_format(sig, 0, NULL);
    char *ast = tsig_ast_json(sig, NULL);
    if (!canonical || !ast) {
        RECORD_FAIL(id, "format or ast_json returned NULL");
        tsig_free(canonical);
        tsig_free(ast);
        return 0;
    }
    const char *want_canonical = jv_get_str(rec, "canonical");
    if (want_canonical && strcmp(canonical, want_canonical) != 0)
        RECORD_FAIL(id, "canonical: got %s, want %s", canonical, want_canonical);
    if (jv_has(rec, "returns_list") &&
        tsig_returns_list(sig) != jv_bool(jv_get(rec, "returns_list")))
        RECORD_FAIL(id, "returns_list: got %d", tsig_returns_list(sig));
    if (jv_has(rec, "ast")) {
        jv_value *got = jv_parse(ast, strlen(ast));
        if (!got || !jv_equal(got, jv_get(rec, "ast"))) {
            char *want = jv_to_text(jv_get(rec, "ast"));
            RECORD_FAIL(id, "ast: got %s, want %s", ast, want ? want : "?");
            free(want);
        }
        jv_free(got);
    }

    tsig_error err;
    tsig_signature *again = tsig_parse(canonical, strlen(canonical), &err);
    if (!again) {
        RECORD_FAIL(id, "canonical form %s does not parse: %s", canonical,
                    err.message);
    } else {
        char *ast2 = tsig_ast_json(again, NULL);
        char *canonical2 = tsig_format(again, 0, NULL);
        if (!ast2 || strcmp(ast2, ast) != 0)
            RECORD_FAIL(id, "parse(format(s)) != parse(s): %s vs %s",
                        ast2 ? ast2 : "NULL", ast);
        if (!canonical2 || strcmp(canonical2, canonical) != 0)
            RECORD_FAIL(id, "format is not idempotent: %s vs %s",
                        canonical2 ? canonical2 : "NULL", canonical);
        tsig_free(ast2);
        tsig_free(canonical2);
        tsig_signature_free(again);
    }
    tsig_free(canonical);
    tsig_free(ast);
    return record_ok;
}

/* Checks an error record: error_contains, hint_contains, line, column. */
static int check_error_record(const char *id, const jv_value *rec,
                              const tsig_error *err)
{
    int record_ok = 1;
    long long want;
    if (err->code == TSIG_OK) RECORD_FAIL(id, "error code is TSIG_OK");
    if (jv_has(rec, "error_contains") &&
        !contains_all(err->message, jv_get(rec, "error_contains")))
        RECORD_FAIL(id, "message \"%s\" lacks a part of %s", err->message,
                    jv_get_str(rec, "sig") ? "error_contains" : "?");
    if (jv_has(rec, "hint_contains") &&
        !contains_all(err->hint, jv_get(rec, "hint_contains")))
        RECORD_FAIL(id, "hint \"%s\" lacks a part of hint_contains", err->hint);
    if (jv_int(jv_get(rec, "line"), &want) && (long long)err->line != want)
        RECORD_FAIL(id, "line: got %zu, want %lld", err->line, want);
    if (jv_int(jv_get(rec, "column"), &want) && (long long)err->column != want)
        RECORD_FAIL(id, "column: got %zu, want %lld", err->column, want);
    return record_ok;
}

TEST(every_parse_vector_passes)
{
    size_t file_len = 0;
    char *file = tsig_test_read_file(tsig_test_data_path("vectors/parse.json"),
                                     &file_len);
    CHECK(file != NULL);
    if (!file) return;
    jv_value *root = jv_parse(file, file_len);
    CHECK(jv_kind_of(root) == JV_LIST);
    CHECK(jv_len(root) > 0);
    size_t checked = 0, failed = 0;
    for (size_t i = 0; i < jv_len(root); i++) {
        const jv_value *rec = jv_at(root, i);
        const char *id = jv_get_str(rec, "id");
        if (!id) id = "(no id)";
        int record_ok = 1;
        size_t sig_len = 0;
        const char *sig_text = jv_str(jv_get(rec, "sig"), &sig_len);
        checked++;
        if (!sig_text || jv_kind_of(jv_get(rec, "ok")) != JV_BOOL) {
            RECORD_FAIL(id, "record has no sig or no ok");
            failed++;
            continue;
        }
        tsig_error err;
        tsig_signature *sig = tsig_parse(sig_text, sig_len, &err);
        if (jv_bool(jv_get(rec, "ok"))) {
            if (!sig)
                RECORD_FAIL(id, "want ok, got error at %zu:%zu: %s", err.line,
                            err.column, err.message);
            else if (!check_ok_record(id, rec, sig))
                record_ok = 0;
        } else if (sig) {
            RECORD_FAIL(id, "want an error, the parse succeeded");
        } else if (!check_error_record(id, rec, &err)) {
            record_ok = 0;
        }
        if (!record_ok) failed++;
        tsig_signature_free(sig);
    }
    printf("  parse.json: %zu records checked, %zu failed\n", checked, failed);
    jv_free(root);
    free(file);
}

int main(void)
{
    RUN(every_parse_vector_passes);
    return tsig_test_summary();
}
