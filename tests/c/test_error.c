/*
 * test_error.c: the text form of positioned errors (tsig_error_format).
 */
#include <string.h>

#include "harness.h"
#include "internal.h"

/* The caret sits under the failing character, counted in characters. */
TEST(error_format_caret_counts_characters_not_bytes)
{
    const char src[] = "{\xC3\xA9t\xC3\xA9 :int}";
    tsig_error err;
    tsig_error_set(&err, TSIG_ERR_SYNTAX, src, sizeof src - 1, 1, "boom");
    char *text = tsig_error_format(&err, "signature", src, sizeof src - 1);
    CHECK_STR(text, "signature error at 1:2: boom\n  {\xC3\xA9t\xC3\xA9 :int}\n   ^");
    tsig_free(text);
}

/* Invalid UTF-8 in the source never reaches the text: it shows as "?". */
TEST(error_format_replaces_invalid_utf8)
{
    const char src[] = "{a\xFF\xC3 :int}";
    tsig_error err;
    tsig_error_set(&err, TSIG_ERR_SYNTAX, src, sizeof src - 1, 2, "bad byte");
    char *text = tsig_error_format(&err, "signature", src, sizeof src - 1);
    CHECK_STR(text, "signature error at 1:3: bad byte\n  {a?? :int}\n    ^");
    tsig_free(text);
}

/* Only the failing line is shown, and the hint follows the caret. */
TEST(error_format_shows_the_failing_line_and_hint)
{
    const char src[] = "(a :int,\n b :list) -> :int";
    tsig_error err;
    tsig_error_set(&err, TSIG_ERR_UNKNOWN_TYPE, src, sizeof src - 1, 12, "unknown type :list");
    tsig_error_hint(&err, "use [:type]");
    char *text = tsig_error_format(&err, "signature", src, sizeof src - 1);
    CHECK_STR(text, "signature error at 2:4: unknown type :list\n   b :list) -> :int\n     ^\n  hint: use [:type]");
    tsig_free(text);
}

int main(void)
{
    RUN(error_format_caret_counts_characters_not_bytes);
    RUN(error_format_replaces_invalid_utf8);
    RUN(error_format_shows_the_failing_line_and_hint);
    return tsig_test_summary();
}
