/*
 * harness.h: the C test harness. A test file defines its tests with TEST(),
 * lists them in main() with RUN(), and ends with return tsig_test_summary().
 *
 *   TEST(parse_accepts_shorthand) { CHECK(...); CHECK_STR(a, b); }
 *   int main(void) { RUN(parse_accepts_shorthand); return tsig_test_summary(); }
 *
 * A failed check prints file:line, the expression and both values, marks the
 * test failed and goes on. The summary line is "N passed, N failed".
 */
#ifndef TSIG_HARNESS_H
#define TSIG_HARNESS_H

#include <stddef.h>

#include "toolsig.h"

extern int tsig_test_current_failed;

void tsig_test_run(const char *name, void (*fn)(void));
int tsig_test_summary(void);
void tsig_test_fail(const char *file, int line, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* Compares two strings (either may be NULL); reports and returns 0 on a
 * difference. */
int tsig_test_check_str(const char *file, int line, const char *expr,
                        const char *got, const char *want);

#define TEST(name) static void name(void)
#define RUN(name) tsig_test_run(#name, name)

#define CHECK(cond)                                                        \
    do {                                                                   \
        if (!(cond)) tsig_test_fail(__FILE__, __LINE__, "CHECK(%s)", #cond); \
    } while (0)
#define CHECK_INT(got, want)                                               \
    do {                                                                   \
        long long g_ = (long long)(got), w_ = (long long)(want);           \
        if (g_ != w_)                                                      \
            tsig_test_fail(__FILE__, __LINE__, "%s: got %lld, want %lld",  \
                           #got, g_, w_);                                  \
    } while (0)
#define CHECK_STR(got, want) \
    tsig_test_check_str(__FILE__, __LINE__, #got, (got), (want))

/* "path: message" lines of a list of issues ("" for none). Free with
 * free(). */
char *tsig_test_issue_lines(const tsig_issue *items, size_t count);

/* 1 when json is valid, with no warning, for sig's return type (flags
 * holding TSIG_INCLUDE_PARAMS: its arguments) as tsig_includes judges side
 * A (a_side) or side B under flags (TSIG_INCLUDE_STRICT,
 * TSIG_INCLUDE_A_STRICT). */
int tsig_test_valid_as(const tsig_signature *sig, unsigned flags, int a_side, const char *json,
                       size_t len);

/* Reads a whole file; NULL when it cannot. Free with free(). */
char *tsig_test_read_file(const char *path, size_t *len);
/* Path of a file of the test data the repository carries (tests/vectors/...,
 * tests/jsontestsuite/...: copies of the shared folder, kept equal to it by
 * `npm run sync-vectors`); static buffer. */
const char *tsig_test_data_path(const char *rel);

#endif
