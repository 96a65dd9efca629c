/*
 * test_format.c: the canonical form and the AST as JSON (SPEC §2), and
 * hiding firewalled fields (SPEC §7).
 */
#include <string.h>

#include "harness.h"

/* format(parse(src), flags) */
static char *fmt(const char *src, unsigned flags)
{
    tsig_error err;
    tsig_signature *sig = tsig_parse(src, strlen(src), &err);
    if (!sig) return NULL;
    char *out = tsig_format(sig, flags, NULL);
    tsig_signature_free(sig);
    return out;
}

#define CHECK_FORMAT(src, flags, want)      \
    do {                                    \
        char *got_ = fmt(src, flags);       \
        CHECK_STR(got_, want);              \
        tsig_free(got_);                    \
    } while (0)

TEST(format_prints_one_space_after_names_and_commas)
{
    CHECK_FORMAT("(a:int,b [:string])->{c {d :int}}", 0,
                 "(a :int, b [:string]) -> {c {d :int}}");
}

TEST(format_hide_firewalled_drops_return_fields_only)
{
    CHECK_FORMAT("(_token :string) -> {summary :string, _raw [:map]}",
                 TSIG_FORMAT_HIDE_FIREWALLED, "(_token :string) -> {summary :string}");
}

int main(void)
{
    RUN(format_prints_one_space_after_names_and_commas);
    RUN(format_hide_firewalled_drops_return_fields_only);
    return tsig_test_summary();
}
