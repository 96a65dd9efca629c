/*
 * repair.c: the words of the repairs of SPEC §12.1 ("repaired JSON at
 * L:C: <what>"), as validation reports them. The repairs themselves are
 * made by the push reader of src/ground/json.c in repair mode
 * (tsig_repair_run), which notes each (tsig_repair_note).
 */
#include "internal.h"

#include <string.h>

/* "repaired JSON at L:C: <what>" of a note, L:C in the original text. */
void tsig_repair_message(const tsig_repair_note *n, const char *src, size_t line,
                         size_t column, tsig_strbuf *out)
{
    static const char *const what[] = {
        "took the value out of a code fence", "ignored text before the value",
        "ignored text after the value",       "removed a trailing comma",
        "removed a comment",                  "replaced single quotes",
        "replaced curly quotes",              "quoted the key ",
        "replaced True with true",            "replaced False with false",
        "replaced None with null",            "escaped a control character in a string",
        "inserted a missing comma",           "escaped a quote inside a string",
        "quoted the value ",                  "read a triple-quoted string",
        "read a backtick-quoted string",      "read the text as the enum value ",
        "read the text as a string"};
    if (n->what == TSIG_REPAIR_TOOK) {
        tsig_sb_printf(out,
                       "repaired JSON at %zu:%zu: took the value at %zu:%zu, the only one of %zu "
                       "that matches the type",
                       line, column, line, column, n->len);
        return;
    }
    tsig_sb_printf(out, "repaired JSON at %zu:%zu: %s", line, column, what[n->what]);
    if (n->what == TSIG_REPAIR_BARE_VALUE || n->what == TSIG_REPAIR_WHOLE_ENUM) {
        tsig_json_echo(out, n->value, n->value_len, 0, TSIG_ECHO_MAX);
        return;
    }
    if (n->what == TSIG_REPAIR_KEY) {
        size_t k = n->len > 40 ? 40 : n->len;
        tsig_sb_append(out, src + n->at, k);
        if (k < n->len) tsig_sb_puts(out, "\xE2\x80\xA6");
    }
}

/* Line and column of offset, counted on from a previous (offset, line,
 * column): notes come in text order, so all of them cost one scan. */
void tsig_repair_line_col(const char *src, size_t *from, size_t *line, size_t *column,
                          size_t offset)
{
    if (offset < *from) {
        *from = 0;
        *line = *column = 1;
    }
    for (size_t i = *from; i < offset; i++) {
        if (src[i] == '\n') {
            (*line)++;
            *column = 1;
        } else {
            (*column)++;
        }
    }
    *from = offset;
}
