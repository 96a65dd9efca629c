/*
 * test_parse.c: the grammar of SPEC §1, one test per rule.
 */
#include <string.h>

#include "harness.h"

TEST(parse_accepts_params_arrow_and_return_type)
{
    const char *src = "(query :string, limit :int) -> {count :int, items [{id :int}]}";
    tsig_error err;
    tsig_signature *sig = tsig_parse(src, strlen(src), &err);
    CHECK(sig != NULL);
    if (!sig) return;
    CHECK_INT(tsig_param_count(sig), 2);
    size_t len = 0;
    const char *name = tsig_param_name(sig, 1, &len);
    CHECK(name && len == 5 && memcmp(name, "limit", 5) == 0);
    CHECK_INT(tsig_type_kind(tsig_param_type(sig, 1)), TSIG_INT);
    const tsig_type *ret = tsig_returns(sig);
    CHECK_INT(tsig_type_kind(ret), TSIG_RECORD);
    CHECK_INT(tsig_type_field_count(ret), 2);
    CHECK_INT(tsig_type_kind(tsig_type_field_type(ret, 1)), TSIG_LIST);
    tsig_signature_free(sig);
}

TEST(parse_error_names_expected_and_found)
{
    const char *src = "(query :string, limit) -> :int";
    tsig_error err;
    CHECK(tsig_parse(src, strlen(src), &err) == NULL);
    CHECK_INT(err.code, TSIG_ERR_SYNTAX);
    CHECK_STR(err.message, "expected a type after \"limit\", found \")\"");
    CHECK_INT(err.line, 1);
    CHECK_INT(err.column, 22);
    CHECK_INT(err.offset, 21);
}

int main(void)
{
    RUN(parse_accepts_params_arrow_and_return_type);
    RUN(parse_error_names_expected_and_found);
    return tsig_test_summary();
}
