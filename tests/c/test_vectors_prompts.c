/*
 * test_vectors_prompts.c: every record of vectors/render_tool.json (SPEC
 * §9 rendering), vectors/placeholders.json (SPEC §8) and
 * vectors/firewall.json (SPEC §7), read with the tests' own JSON reader
 * (support/jsonval.h), which keeps every number's text. Only the fields a
 * record has are checked (vectors/README.md); no record is skipped, and a
 * record with an op or a field this file does not know fails.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "jsonval.h"

/* Reports one failure of record id; the test is marked failed. */
#define RECORD_FAIL(id, ...)                                               \
    do {                                                                   \
        tsig_test_fail(__FILE__, __LINE__, "record %s", id);               \
        printf("    ");                                                    \
        printf(__VA_ARGS__);                                               \
        printf("\n");                                                      \
    } while (0)

/* Reads a vector file; the records, or NULL (reported) when unreadable. */
static jv_value *load_vectors(const char *rel)
{
    size_t len = 0;
    char *text = tsig_test_read_file(tsig_test_data_path(rel), &len);
    if (!text) {
        tsig_test_fail(__FILE__, __LINE__, "cannot read %s", rel);
        return NULL;
    }
    jv_value *records = jv_parse(text, len);
    free(text);
    if (jv_kind_of(records) != JV_LIST || jv_len(records) == 0) {
        tsig_test_fail(__FILE__, __LINE__, "%s is not a list of records", rel);
        jv_free(records);
        return NULL;
    }
    return records;
}

/* 1 iff every key of the map v is one of known (NULL-terminated list);
 * reports the first unknown one against record id. */
static int known_fields(const char *id, const jv_value *v, const char *const *known)
{
    for (size_t i = 0; i < jv_len(v); i++) {
        const char *key = jv_key_at(v, i, NULL);
        size_t k = 0;
        while (known[k] && strcmp(known[k], key) != 0) k++;
        if (!known[k]) {
            RECORD_FAIL(id, "unknown field %s", key);
            return 0;
        }
    }
    return 1;
}

/* Parses a record's signature text; NULL (reported) when it does not. */
static tsig_signature *parse_sig(const char *id, const char *text)
{
    if (!text) {
        RECORD_FAIL(id, "no sig");
        return NULL;
    }
    tsig_error err;
    tsig_signature *sig = tsig_parse(text, strlen(text), &err);
    if (!sig) RECORD_FAIL(id, "sig %s does not parse: %s", text, err.message);
    return sig;
}

/* ---- render_tool.json ------------------------------------------------ */

/* Runs one render_tool.json record. */
static void run_render_record(const jv_value *rec)
{
    const char *id = jv_get_str(rec, "id");
    const char *op = jv_get_str(rec, "op");
    const jv_value *list = jv_get(rec, "tools");
    const char *want = jv_get_str(rec, "text");
    static const char *const fields[] = {"id", "origin", "comment", "op", "tools", "text", NULL};
    static const char *const tool_fields[] = {"name", "sig", "description", NULL};
    if (!id || !op || jv_kind_of(list) != JV_LIST || !want) {
        RECORD_FAIL(id ? id : "?", "record lacks id, op, tools or text");
        return;
    }
    if (!known_fields(id, rec, fields)) return;
    for (size_t i = 0; i < jv_len(list); i++) {
        if (!known_fields(id, jv_at(list, i), tool_fields)) return;
    }
    size_t count = jv_len(list);
    tsig_tool_ref *tools = calloc(count ? count : 1, sizeof *tools);
    tsig_signature **sigs = calloc(count ? count : 1, sizeof *sigs);
    int usable = tools && sigs;
    for (size_t i = 0; usable && i < count; i++) {
        const jv_value *tool = jv_at(list, i);
        size_t name_len = 0, desc_len = 0;
        const char *name = jv_str(jv_get(tool, "name"), &name_len);
        const char *desc = jv_str(jv_get(tool, "description"), &desc_len);
        sigs[i] = parse_sig(id, jv_get_str(tool, "sig"));
        if (!name || !sigs[i]) {
            usable = 0;
            break;
        }
        tools[i].name = name;
        tools[i].name_len = name_len;
        tools[i].sig = sigs[i];
        tools[i].description = desc;
        tools[i].description_len = desc_len;
    }
    if (usable) {
        char *got = NULL;
        size_t got_len = 0;
        if (strcmp(op, "render_tools") == 0)
            got = tsig_render_tools(tools, count, &got_len);
        else if (strcmp(op, "render_tool") == 0 && count == 1)
            got = tsig_render_tool(&tools[0], &got_len);
        if (!got)
            RECORD_FAIL(id, "op %s with %zu tools rendered nothing", op, count);
        else if (got_len != strlen(got) || strcmp(got, want) != 0)
            RECORD_FAIL(id, "text:\n--- got\n%s\n--- want\n%s", got, want);
        tsig_free(got);
    }
    for (size_t i = 0; sigs && i < count; i++) tsig_signature_free(sigs[i]);
    free(sigs);
    free(tools);
}

TEST(every_render_tool_vector_passes)
{
    jv_value *records = load_vectors("vectors/render_tool.json");
    for (size_t i = 0; i < jv_len(records); i++) run_render_record(jv_at(records, i));
    jv_free(records);
}

/* ---- placeholders.json ----------------------------------------------- */

/* 1 iff every string of list occurs in text. */
static int contains_all(const char *text, const jv_value *list)
{
    for (size_t i = 0; i < jv_len(list); i++) {
        const char *part = jv_str(jv_at(list, i), NULL);
        if (!part || !strstr(text, part)) return 0;
    }
    return 1;
}

/* 1 iff at least one string of list occurs in text. */
static int contains_any(const char *text, const jv_value *list)
{
    for (size_t i = 0; i < jv_len(list); i++) {
        const char *part = jv_str(jv_at(list, i), NULL);
        if (part && strstr(text, part)) return 1;
    }
    return 0;
}

/* Prints what a check found, to read beside a failure. */
static void print_result(const tsig_placeholders *res)
{
    printf("    ok=%d names=[", res->ok);
    for (size_t i = 0; i < res->name_count; i++)
        printf("%s\"%s\"", i ? ", " : "", res->names[i]);
    printf("]\n");
    for (size_t i = 0; i < res->error_count; i++)
        printf("    error %zu at %zu: [%s] %s\n", i, res->errors[i].offset,
               res->errors[i].placeholder, res->errors[i].message);
}

/* Checks one expected error entry against the error the check gave. */
static int error_matches(const jv_value *want, const tsig_placeholder_error *got)
{
    const char *placeholder = jv_get_str(want, "placeholder");
    const char *message = jv_get_str(want, "message");
    if (jv_has(want, "placeholder") && (!placeholder || strcmp(placeholder, got->placeholder) != 0))
        return 0;
    if (jv_has(want, "message") && (!message || strcmp(message, got->message) != 0))
        return 0;
    if (jv_has(want, "message_contains") &&
        !contains_all(got->message, jv_get(want, "message_contains")))
        return 0;
    if (jv_has(want, "message_contains_any") &&
        !contains_any(got->message, jv_get(want, "message_contains_any")))
        return 0;
    return 1;
}

/* Runs one placeholders.json record. */
static void run_placeholder_record(const jv_value *rec)
{
    const char *id = jv_get_str(rec, "id");
    size_t tpl_len = 0;
    const char *tpl = jv_str(jv_get(rec, "template"), &tpl_len);
    static const char *const fields[] = {"id", "origin", "comment", "template", "sig", "ok",
                                         "placeholders", "errors", "errors_contain_any", NULL};
    static const char *const error_fields[] = {"placeholder", "message", "message_contains",
                                               "message_contains_any", NULL};
    if (!id || !tpl || !jv_has(rec, "ok")) {
        RECORD_FAIL(id ? id : "?", "record lacks id, template or ok");
        return;
    }
    if (!known_fields(id, rec, fields)) return;
    for (size_t i = 0; i < jv_len(jv_get(rec, "errors")); i++) {
        if (!known_fields(id, jv_at(jv_get(rec, "errors"), i), error_fields)) return;
    }
    tsig_signature *sig = parse_sig(id, jv_get_str(rec, "sig"));
    if (!sig) return;
    tsig_placeholders res;
    tsig_code code = tsig_check_placeholders(tpl, tpl_len, sig, &res);
    int failed = 0;
    if (code != TSIG_OK) {
        RECORD_FAIL(id, "check returned %s", tsig_code_name(code));
        failed = 1;
    }
    if (res.ok != jv_bool(jv_get(rec, "ok"))) {
        RECORD_FAIL(id, "ok: got %d", res.ok);
        failed = 1;
    }
    if (res.ok != (res.error_count == 0)) {
        RECORD_FAIL(id, "ok disagrees with the error count");
        failed = 1;
    }
    const jv_value *names = jv_get(rec, "placeholders");
    if (names) {
        int same = jv_len(names) == res.name_count;
        for (size_t i = 0; same && i < res.name_count; i++) {
            const char *want = jv_str(jv_at(names, i), NULL);
            same = want && strcmp(want, res.names[i]) == 0;
        }
        if (!same) {
            RECORD_FAIL(id, "placeholders differ");
            failed = 1;
        }
    }
    const jv_value *errors = jv_get(rec, "errors");
    if (errors) {
        if (jv_len(errors) != res.error_count) {
            RECORD_FAIL(id, "errors: got %zu, want %zu", res.error_count, jv_len(errors));
            failed = 1;
        } else {
            for (size_t i = 0; i < res.error_count; i++) {
                if (!error_matches(jv_at(errors, i), &res.errors[i])) {
                    char *w = jv_to_text(jv_at(errors, i));
                    RECORD_FAIL(id, "error %zu does not match %s", i, w ? w : "?");
                    free(w);
                    failed = 1;
                }
            }
        }
    }
    const jv_value *any = jv_get(rec, "errors_contain_any");
    if (any) {
        int found = 0;
        for (size_t i = 0; i < res.error_count; i++)
            found |= contains_any(res.errors[i].message, any);
        if (res.ok || !found) {
            RECORD_FAIL(id, "no error message holds any of errors_contain_any");
            failed = 1;
        }
    }
    if (failed) {
        printf("    template: %s\n", tpl);
        print_result(&res);
    }
    tsig_placeholders_free(&res);
    tsig_signature_free(sig);
}

TEST(every_placeholders_vector_passes)
{
    jv_value *records = load_vectors("vectors/placeholders.json");
    for (size_t i = 0; i < jv_len(records); i++)
        run_placeholder_record(jv_at(records, i));
    jv_free(records);
}

/* ---- firewall.json -------------------------------------------------- */

/* format_hidden: tsig_format with TSIG_FORMAT_HIDE_FIREWALLED, exactly. */
static void run_format_hidden(const char *id, const jv_value *rec, const tsig_signature *sig)
{
    const char *want = jv_get_str(rec, "expect");
    char *got = tsig_format(sig, TSIG_FORMAT_HIDE_FIREWALLED, NULL);
    if (!want) RECORD_FAIL(id, "expect is not a string");
    else if (!got || strcmp(got, want) != 0)
        RECORD_FAIL(id, "got %s, want %s", got ? got : "NULL", want);
    tsig_free(got);
}

/* redact: tsig_redact of the value (its text as written, or value_json),
 * compared with expect as JSON values (numbers by their text). */
static void run_redact(const char *id, const jv_value *rec, const tsig_signature *sig)
{
    const char *mode_name = jv_get_str(rec, "mode");
    tsig_redact_mode mode;
    if (mode_name && strcmp(mode_name, "strip") == 0) {
        mode = TSIG_REDACT_STRIP;
    } else if (mode_name && strcmp(mode_name, "mask") == 0) {
        mode = TSIG_REDACT_MASK;
    } else {
        RECORD_FAIL(id, "unknown mode %s", mode_name ? mode_name : "(none)");
        return;
    }
    size_t len = 0;
    char *text = NULL;
    const char *value_json = jv_get_str(rec, "value_json");
    if (value_json) {
        len = strlen(value_json);
    } else if (jv_has(rec, "value")) {
        text = jv_to_text_len(jv_get(rec, "value"), &len);
    }
    const char *input = value_json ? value_json : text;
    if (!input || !jv_has(rec, "expect")) {
        RECORD_FAIL(id, "record lacks value or expect");
        free(text);
        return;
    }
    char *out = NULL;
    size_t out_len = 0;
    tsig_error err;
    tsig_code code = tsig_redact(sig, input, len, mode, &out, &out_len, &err);
    if (code != TSIG_OK) {
        RECORD_FAIL(id, "redact returned %s: %s", tsig_code_name(code), err.message);
    } else {
        jv_value *got = jv_parse(out, out_len);
        if (!got || !jv_equal(got, jv_get(rec, "expect"))) {
            char *want = jv_to_text(jv_get(rec, "expect"));
            RECORD_FAIL(id, "got %s, want %s", out ? out : "NULL", want ? want : "?");
            free(want);
        }
        jv_free(got);
    }
    tsig_free(out);
    free(text);
}

/* Runs one firewall.json record. */
static void run_firewall_record(const jv_value *rec)
{
    static const char *const fields[] = {"id", "origin", "comment", "op", "sig", "expect",
                                         "value", "value_json", "mode", NULL};
    const char *id = jv_get_str(rec, "id");
    const char *op = jv_get_str(rec, "op");
    if (!id || !op) {
        RECORD_FAIL(id ? id : "?", "record lacks id or op");
        return;
    }
    if (!known_fields(id, rec, fields)) return;
    tsig_signature *sig = parse_sig(id, jv_get_str(rec, "sig"));
    if (!sig) return;
    if (strcmp(op, "format_hidden") == 0) run_format_hidden(id, rec, sig);
    else if (strcmp(op, "redact") == 0) run_redact(id, rec, sig);
    else RECORD_FAIL(id, "unknown op %s", op);
    tsig_signature_free(sig);
}

TEST(every_firewall_vector_passes)
{
    jv_value *records = load_vectors("vectors/firewall.json");
    for (size_t i = 0; i < jv_len(records); i++) run_firewall_record(jv_at(records, i));
    jv_free(records);
}

int main(void)
{
    RUN(every_render_tool_vector_passes);
    RUN(every_placeholders_vector_passes);
    RUN(every_firewall_vector_passes);
    return tsig_test_summary();
}
