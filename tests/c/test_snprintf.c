/*
 * test_snprintf.c: tsig_snprintf writes what the C library's snprintf
 * writes for every conversion the core uses, with flags, widths,
 * precisions and lengths, and cuts and counts the same way when the
 * buffer is too small.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "internal.h"

/* Formats with both and compares text and return value, at full size and
 * with buffers of 0 to 8 bytes. (Not declared printf-like: some formats
 * here are ones the compiler warns about on purpose, such as "%-05d".) */
static void same_as_libc(int line, const char *fmt, ...)
{
    char want[512], got[512];
    for (size_t size = 0; size <= sizeof want; size = size < 8 ? size + 1 : sizeof want + 1) {
        size_t n = size <= sizeof want ? size : sizeof want;
        memset(want, 'x', sizeof want);
        memset(got, 'x', sizeof got);
        va_list a, b;
        va_start(a, fmt);
        int want_n = vsnprintf(want, n, fmt, a);
        va_end(a);
        va_start(b, fmt);
        int got_n = tsig_vsnprintf(got, n, fmt, b);
        va_end(b);
        if (want_n != got_n || memcmp(want, got, sizeof want) != 0) {
            tsig_test_fail(__FILE__, line, "format \"%s\", size %zu: got %d \"%.*s\", want %d \"%.*s\"",
                           fmt, n, got_n, (int)(n ? n : 1), got, want_n, (int)(n ? n : 1), want);
            return;
        }
    }
}

TEST(strings_and_characters)
{
    same_as_libc(__LINE__, "plain text, no conversion");
    same_as_libc(__LINE__, "");
    same_as_libc(__LINE__, "%s", "");
    same_as_libc(__LINE__, "expected %s, got %s", "int", "string \"abc\"");
    same_as_libc(__LINE__, "[%10s] [%-10s] [%3s]", "right", "left", "longer than three");
    same_as_libc(__LINE__, "%.*s|%.3s|%.0s|%.*s", 4, "abcdefgh", "xyz123", "gone", -1, "all of it");
    same_as_libc(__LINE__, "%*s|%-*s|%*s", 6, "a", 6, "b", -6, "c");
    /* with a precision the text needs no NUL: nothing past it is read */
    char unterminated[3] = {'a', 'b', 'c'};
    same_as_libc(__LINE__, "%.3s|%.2s|%.*s", unterminated, unterminated, 3, unterminated);
    same_as_libc(__LINE__, "\",\" or \"%c\" after %c%c [%3c] [%-3c]", '}', 'a', 'b', 'c', 'd');
    same_as_libc(__LINE__, "100%% sure, %s%%", "50");
}

TEST(integers)
{
    same_as_libc(__LINE__, "%d %d %d %d %i", 0, 42, -42, INT_MAX, INT_MIN);
    same_as_libc(__LINE__, "%u %u %x %X", 0u, UINT_MAX, 0xbeefu, 0xbeefu);
    same_as_libc(__LINE__, "%ld %ld %lu", LONG_MAX, LONG_MIN, ULONG_MAX);
    same_as_libc(__LINE__, "%lld %lld %llu %llx", LLONG_MAX, LLONG_MIN, ULLONG_MAX, ULLONG_MAX);
    same_as_libc(__LINE__, "%zu %zu %zx", (size_t)0, (size_t)-1, (size_t)48879);
    same_as_libc(__LINE__, "line %zu, column %zu, offset %zu", (size_t)12, (size_t)3, (size_t)4096);
    same_as_libc(__LINE__, "\\u%04x U+%04X 0x%02X %02X", 0x1fu, 0x7fu, 0xffu, 7u);
    same_as_libc(__LINE__, "[%5d] [%-5d] [%05d] [%-05d] [%5d] [%05d]", 42, 42, 42, 42, -42, -42);
    same_as_libc(__LINE__, "[%.3d] [%.0d] [%.0d] [%8.3d] [%08.3d] [%.5x]", 7, 0, 1, -7, 7, 255u);
    same_as_libc(__LINE__, "[%*d] [%-*d] [%.*d]", 4, 1, 4, 2, 3, 3);
    same_as_libc(__LINE__, "e%c%ld", '-', 308L);
}

TEST(long_output_is_cut_and_counted)
{
    char big[300];
    memset(big, 'z', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    same_as_libc(__LINE__, "%s and %s", big, big);
    same_as_libc(__LINE__, "%400d|", 1);
}

/* tsig_vsnprintf without the compiler's format check. */
static int unchecked(char *buf, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = tsig_vsnprintf(buf, size, fmt, ap);
    va_end(ap);
    return n;
}

TEST(an_unknown_conversion_is_copied_as_written)
{
    char buf[64];
    CHECK_INT(unchecked(buf, sizeof buf, "a %q b %"), 8);
    CHECK_STR(buf, "a %q b %");
    CHECK_INT(unchecked(buf, sizeof buf, "%5.2f|", 1.5), 6);
    CHECK_STR(buf, "%5.2f|");
}

TEST(sb_printf_grows_past_its_small_buffer)
{
    tsig_strbuf sb = {0};
    char big[600];
    memset(big, 'q', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    tsig_sb_printf(&sb, "<%s> %zu", big, (size_t)599);
    char want[700];
    snprintf(want, sizeof want, "<%s> %zu", big, (size_t)599);
    CHECK_STR(sb.data, want);
    CHECK_INT(sb.len, strlen(want));
    free(sb.data);
}

int main(void)
{
    RUN(strings_and_characters);
    RUN(integers);
    RUN(long_output_is_cut_and_counted);
    RUN(an_unknown_conversion_is_copied_as_written);
    RUN(sb_printf_grows_past_its_small_buffer);
    return tsig_test_summary();
}
