/*
 * test_vectors_schema.c: every record of vectors/json_schema.json,
 * from_json_schema.json and from_tool.json (vectors/README.md), none
 * skipped.
 *
 *   json_schema       to_json_schema and tool_parameters_schema, compared
 *                     as JSON values (maps unordered, arrays in order); each
 *                     schema also checked to be a valid JSON Schema in
 *                     toolsig's key order, and each strict one against
 *                     OpenAI's strict rules (see strict_exemptions)
 *   from_json_schema  ok / canonical / warnings_contains / error_contains
 *   from_tool         the same for tool definitions
 */
#include "harness.h"
#include "jsonval.h"
#include "schema_check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int records_run;

/* Reads a vector file; fails the test and returns NULL when it cannot. */
static jv_value *load(const char *rel)
{
    size_t len = 0;
    char *text = tsig_test_read_file(tsig_test_data_path(rel), &len);
    if (!text) {
        tsig_test_fail(__FILE__, __LINE__, "cannot read %s", rel);
        return NULL;
    }
    jv_value *v = jv_parse(text, len);
    free(text);
    if (!v || jv_kind_of(v) != JV_LIST || jv_len(v) == 0)
        tsig_test_fail(__FILE__, __LINE__, "%s is not a non-empty JSON array", rel);
    return v;
}

/*
 * The strict-mode violations a record's schema may have, by design (see
 * src/conversions/schema.c): :any is {} (no type), :map is an open {"type":"object"},
 * and a return type that is neither a typed map nor a list is not wrapped,
 * so its root is not an object. Every other violation fails the test.
 */
static int violation_exempt(const char *line)
{
    return strstr(line, ": empty schema has no type") || strstr(line, ": open object") ||
           strstr(line, ": the root must be an object schema");
}

/* Checks that a violation list only holds the exempt kinds. */
static void check_strict_rules(const char *id, const char *what, const char *schema)
{
    char *violations = tsig_check_openai_strict(schema, strlen(schema));
    if (!violations) {
        tsig_test_fail(__FILE__, __LINE__, "%s %s: not JSON", id, what);
        return;
    }
    for (char *line = violations; *line;) {
        char *end = strchr(line, '\n');
        if (end) *end = '\0';
        if (!violation_exempt(line))
            tsig_test_fail(__FILE__, __LINE__, "%s %s: strict rule broken: %s", id, what, line);
        if (!end) break;
        line = end + 1;
    }
    free(violations);
}

/* Compares generated schema text with the expected value and checks its
 * shape (and strict rules when strict). */
static void check_schema(const char *id, const char *what, const char *got,
                         const jv_value *want, int strict)
{
    if (!got) {
        tsig_test_fail(__FILE__, __LINE__, "%s %s: NULL", id, what);
        return;
    }
    jv_value *v = jv_parse(got, strlen(got));
    if (!v || !jv_equal(v, want)) {
        char *w = jv_to_text(want);
        tsig_test_fail(__FILE__, __LINE__, "%s %s:\n    got:  %s\n    want: %s", id, what, got,
                       w ? w : "?");
        free(w);
    }
    jv_free(v);
    char why[512];
    if (!tsig_check_schema_shape(got, strlen(got), why, sizeof why))
        tsig_test_fail(__FILE__, __LINE__, "%s %s: not a valid schema: %s", id, what, why);
    if (strict) check_strict_rules(id, what, got);
}

TEST(vectors_json_schema)
{
    jv_value *file = load("vectors/json_schema.json");
    for (size_t i = 0; i < jv_len(file); i++) {
        const jv_value *r = jv_at(file, i);
        const char *id = jv_get_str(r, "id");
        const char *text = jv_get_str(r, "sig");
        int strict = jv_bool(jv_get(jv_get(r, "options"), "strict"));
        unsigned flags = strict ? TSIG_SCHEMA_STRICT : 0;
        tsig_error err;
        tsig_signature *sig = tsig_parse(text, strlen(text), &err);
        records_run++;
        if (!sig) {
            tsig_test_fail(__FILE__, __LINE__, "%s: %s does not parse: %s", id, text, err.message);
            continue;
        }
        if (jv_has(r, "schema")) {
            char *got = tsig_to_json_schema(sig, flags, NULL);
            check_schema(id, "schema", got, jv_get(r, "schema"), strict);
            tsig_free(got);
        }
        if (jv_has(r, "tool_parameters")) {
            char *got = tsig_tool_parameters_schema(sig, flags, NULL);
            check_schema(id, "tool_parameters", got, jv_get(r, "tool_parameters"), strict);
            tsig_free(got);
        }
        tsig_signature_free(sig);
    }
    jv_free(file);
}

/* Checks the outcome of one from_json_schema / from_tool record. */
static void check_import(const jv_value *r, tsig_signature *sig, const tsig_error *err,
                         const tsig_messages *warnings)
{
    const char *id = jv_get_str(r, "id");
    int want_ok = jv_bool(jv_get(r, "ok"));
    if (!sig) {
        if (want_ok)
            tsig_test_fail(__FILE__, __LINE__, "%s: failed: %s", id, err->message);
        const jv_value *parts = jv_get(r, "error_contains");
        for (size_t k = 0; k < jv_len(parts); k++) {
            const char *part = jv_str(jv_at(parts, k), NULL);
            if (!strstr(err->message, part))
                tsig_test_fail(__FILE__, __LINE__, "%s: error \"%s\" lacks \"%s\"", id,
                               err->message, part);
        }
        if (!want_ok && err->code != TSIG_ERR_SCHEMA)
            tsig_test_fail(__FILE__, __LINE__, "%s: code %s", id, tsig_code_name(err->code));
        return;
    }
    if (!want_ok) {
        char *got = tsig_format(sig, 0, NULL);
        tsig_test_fail(__FILE__, __LINE__, "%s: accepted as %s", id, got ? got : "?");
        tsig_free(got);
        return;
    }
    const char *canonical = jv_get_str(r, "canonical");
    if (canonical) {
        char *got = tsig_format(sig, 0, NULL);
        if (!got || strcmp(got, canonical) != 0)
            tsig_test_fail(__FILE__, __LINE__, "%s:\n    got:  %s\n    want: %s", id,
                           got ? got : "NULL", canonical);
        /* The signature is an ordinary one: its text parses to the same. */
        tsig_error perr;
        tsig_signature *again = got ? tsig_parse(got, strlen(got), &perr) : NULL;
        char *twice = again ? tsig_format(again, 0, NULL) : NULL;
        if (!twice || strcmp(twice, got) != 0)
            tsig_test_fail(__FILE__, __LINE__, "%s: canonical text does not round-trip", id);
        tsig_free(twice);
        tsig_signature_free(again);
        tsig_free(got);
    }
    const jv_value *wc = jv_get(r, "warnings_contains");
    if (wc) {
        if (warnings->count != jv_len(wc)) {
            tsig_test_fail(__FILE__, __LINE__, "%s: %zu warnings, want %zu", id,
                           warnings->count, jv_len(wc));
            for (size_t k = 0; k < warnings->count; k++)
                printf("    warning: %s\n", warnings->items[k]);
        }
        /* Each entry is the list of strings warning k holds; a record may
         * write a list of one as the string alone. */
        for (size_t k = 0; k < warnings->count && k < jv_len(wc); k++) {
            const jv_value *parts = jv_at(wc, k);
            int one = jv_kind_of(parts) == JV_STRING;
            for (size_t m = 0; m < (one ? 1 : jv_len(parts)); m++) {
                const char *part = jv_str(one ? parts : jv_at(parts, m), NULL);
                if (!part) {
                    tsig_test_fail(__FILE__, __LINE__, "%s: warnings_contains[%zu] is no list "
                                   "of strings", id, k);
                } else if (!strstr(warnings->items[k], part)) {
                    tsig_test_fail(__FILE__, __LINE__, "%s: warning %zu \"%s\" lacks \"%s\"", id,
                                   k, warnings->items[k], part);
                }
            }
        }
    }
}

/* Runs every record of a from_* file through fn. The input is the
 * record's text form (input_json: "schema_json", "tool_json") when it has
 * one, which keeps every number's lexeme (vectors/README.md), else its
 * value written back. */
static void run_import_file(const char *rel, const char *input, const char *input_json,
                            tsig_signature *(*fn)(const char *, size_t, unsigned,
                                                  tsig_messages *, tsig_error *))
{
    jv_value *file = load(rel);
    for (size_t i = 0; i < jv_len(file); i++) {
        const jv_value *r = jv_at(file, i);
        const jv_value *in = jv_get(r, input);
        const char *raw = jv_get_str(r, input_json);
        char *written = raw ? NULL : jv_to_text(in);
        const char *text = raw ? raw : written;
        unsigned flags = jv_bool(jv_get(r, "lossy")) ? TSIG_SCHEMA_LOSSY : 0;
        tsig_messages warnings;
        tsig_error err;
        records_run++;
        if (!in || !text) {
            tsig_test_fail(__FILE__, __LINE__, "%s: no %s", jv_get_str(r, "id"), input);
            free(written);
            continue;
        }
        tsig_signature *sig = fn(text, strlen(text), flags, &warnings, &err);
        check_import(r, sig, &err, &warnings);
        tsig_messages_free(&warnings);
        tsig_signature_free(sig);
        free(written);
    }
    jv_free(file);
}

TEST(vectors_from_json_schema)
{
    run_import_file("vectors/from_json_schema.json", "schema", "schema_json",
                    tsig_from_json_schema);
}

TEST(vectors_from_tool)
{
    run_import_file("vectors/from_tool.json", "tool", "tool_json", tsig_tool_from_json);
}

int main(void)
{
    RUN(vectors_json_schema);
    RUN(vectors_from_json_schema);
    RUN(vectors_from_tool);
    printf("%d vector records\n", records_run);
    return tsig_test_summary();
}
