/*
 * target_common.c: the checks every fuzz target shares (targets.h).
 */
#include "targets.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "jsonval.h"

void tsig_fuzz_fail(const char *what, const char *detail)
{
    fprintf(stderr, "fuzz: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
    abort();
}

/* 1 iff the array of n bytes holds a NUL and the text before it is valid
 * UTF-8. */
static int terminated_utf8(const char *s, size_t n)
{
    const char *end = memchr(s, '\0', n);
    return end && jv_utf8_valid(s, (size_t)(end - s));
}

void tsig_fuzz_check_error(const char *what, const tsig_error *err,
                           const char *src, size_t len)
{
    char detail[96];
    if (err->code == TSIG_OK) tsig_fuzz_fail(what, "an error with code TSIG_OK");
    if (!terminated_utf8(err->message, sizeof err->message) || err->message[0] == '\0')
        tsig_fuzz_fail(what, "message empty, unterminated or not UTF-8");
    if (!terminated_utf8(err->hint, sizeof err->hint))
        tsig_fuzz_fail(what, "hint unterminated or not UTF-8");
    if (!src || err->code == TSIG_ERR_NOMEM) return; /* no position to check */
    if (err->offset > len) {
        snprintf(detail, sizeof detail, "offset %zu past the end (%zu)", err->offset, len);
        tsig_fuzz_fail(what, detail);
    }
    size_t line = 1, column = 1;
    for (size_t i = 0; i < err->offset; i++) {
        if (src[i] == '\n') {
            line++;
            column = 1;
        } else {
            column++;
        }
    }
    if (err->line != line || err->column != column) {
        snprintf(detail, sizeof detail, "%zu:%zu at offset %zu, which is %zu:%zu", err->line,
                 err->column, err->offset, line, column);
        tsig_fuzz_fail(what, detail);
    }
    char *picture = tsig_error_format(err, "fuzz", src, len);
    if (!picture) tsig_fuzz_fail(what, "no caret picture");
    if (!jv_utf8_valid(picture, strlen(picture))) tsig_fuzz_fail(what, "caret picture not UTF-8");
    tsig_free(picture);
}

void tsig_fuzz_check_doc(const char *what, char *doc, int has_ok)
{
    if (!doc) tsig_fuzz_fail(what, "no document");
    jv_value *v = jv_parse(doc, strlen(doc));
    if (!v) {
        fprintf(stderr, "fuzz: the document: %s\n", doc);
        tsig_fuzz_fail(what, "not JSON");
    }
    if (jv_kind_of(v) != JV_MAP) tsig_fuzz_fail(what, "not an object");
    if (has_ok && jv_kind_of(jv_get(v, "ok")) != JV_BOOL) tsig_fuzz_fail(what, "no boolean \"ok\"");
    jv_free(v);
    tsig_free(doc);
}

void tsig_fuzz_emit_parts(tsig_fuzz_emit emit, void *ctx, const uint8_t *prefix,
                          size_t prefix_len, const char *const *parts, size_t count)
{
    size_t size = prefix_len;
    for (size_t i = 0; i < count; i++) size += strlen(parts[i]) + (i ? 1 : 0);
    uint8_t *buf = malloc(size ? size : 1);
    if (!buf) tsig_fuzz_fail("seeds", "out of memory");
    memcpy(buf, prefix, prefix_len);
    size_t at = prefix_len;
    for (size_t i = 0; i < count; i++) {
        if (i) buf[at++] = TSIG_FUZZ_SEP;
        size_t n = strlen(parts[i]);
        memcpy(buf + at, parts[i], n);
        at += n;
    }
    emit(ctx, buf, size);
    free(buf);
}

static unsigned mode_bits(const char *mode)
{
    if (!mode) return 0;
    if (strcmp(mode, "warn_only") == 0) return 1;
    if (strcmp(mode, "disabled") == 0) return 2;
    if (strcmp(mode, "strict") == 0) return 3;
    return 0;
}

size_t tsig_fuzz_each_validate_vector(void (*each)(void *ctx, size_t i, unsigned options,
                                                   const char *sig, const char *json),
                                      void *ctx)
{
    size_t len, count = 0;
    char *text = tsig_test_read_file(tsig_test_data_path("vectors/validate.json"), &len);
    jv_value *records = text ? jv_parse(text, len) : NULL;
    free(text);
    if (!records) return 0;
    for (size_t i = 0; i < jv_len(records); i++) {
        const jv_value *r = jv_at(records, i);
        const char *sig = jv_get_str(r, "sig");
        if (!sig) continue;
        const char *raw = jv_get_str(r, "json");
        char *data = raw ? NULL : jv_to_text(jv_get(r, "data"));
        const char *target = jv_get_str(r, "target");
        unsigned options = mode_bits(jv_get_str(r, "mode")) |
                           (target && strcmp(target, "input") == 0 ? 4u : 0u);
        each(ctx, i, options, sig, raw ? raw : data ? data : "null");
        free(data);
        count++;
    }
    jv_free(records);
    return count;
}
