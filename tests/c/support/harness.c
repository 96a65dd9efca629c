/*
 * harness.c: test registration, failure reporting and the summary line.
 */
#include "harness.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int tsig_test_current_failed;
static int passed, failed;
static const char *current_name;

void tsig_test_run(const char *name, void (*fn)(void))
{
    current_name = name;
    tsig_test_current_failed = 0;
    fn();
    if (tsig_test_current_failed) {
        failed++;
        printf("not ok - %s\n", name);
    } else {
        passed++;
        printf("ok - %s\n", name);
    }
    fflush(stdout);
}

int tsig_test_summary(void)
{
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}

void tsig_test_fail(const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    tsig_test_current_failed = 1;
    fprintf(stdout, "  %s:%d: [%s] ", file, line, current_name ? current_name : "?");
    va_start(ap, fmt);
    vfprintf(stdout, fmt, ap);
    va_end(ap);
    fputc('\n', stdout);
}

int tsig_test_check_str(const char *file, int line, const char *expr,
                        const char *got, const char *want)
{
    if (got == want) return 1;
    if (got && want && strcmp(got, want) == 0) return 1;
    tsig_test_fail(file, line, "%s:\n    got:  %s%s%s\n    want: %s%s%s", expr,
                   got ? "\"" : "", got ? got : "NULL", got ? "\"" : "",
                   want ? "\"" : "", want ? want : "NULL", want ? "\"" : "");
    return 0;
}

char *tsig_test_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    while (buf) {
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (n < cap) break;
        char *bigger = realloc(buf, cap * 2 + 1);
        if (!bigger) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = bigger;
        cap *= 2;
    }
    fclose(f);
    if (!buf) return NULL;
    buf[n] = '\0';
    if (len) *len = n;
    return buf;
}

const char *tsig_test_data_path(const char *rel)
{
    static char path[4096];
    snprintf(path, sizeof path, "%s/tests/%s", TSIG_SOURCE_DIR, rel);
    return path;
}

char *tsig_test_issue_lines(const tsig_issue *items, size_t count)
{
    size_t cap = 1;
    for (size_t i = 0; i < count; i++) cap += items[i].path_len + items[i].message_len + 3;
    char *text = malloc(cap), *p = text;
    for (size_t i = 0; i < count; i++) {
        if (i) *p++ = '\n';
        if (items[i].path_len) p += sprintf(p, "%s: ", items[i].path);
        memcpy(p, items[i].message, items[i].message_len);
        p += items[i].message_len;
    }
    *p = '\0';
    return text;
}

int tsig_test_valid_as(const tsig_signature *sig, unsigned flags, int a_side, const char *json,
                       size_t len)
{
    int strict = (flags & TSIG_INCLUDE_STRICT) || (a_side && (flags & TSIG_INCLUDE_A_STRICT));
    tsig_validate_options o = {strict ? TSIG_MODE_STRICT : TSIG_MODE_ENABLED, 1, 0,
                               TSIG_VALUE_NEVER};
    tsig_result r;
    tsig_code code = (flags & TSIG_INCLUDE_PARAMS) ? tsig_validate_input_json(sig, json, len, &o, &r)
                                                   : tsig_validate_json(sig, json, len, &o, &r);
    int ok = code == TSIG_OK && r.ok && r.warning_count == 0;
    tsig_result_free(&r);
    return ok;
}
