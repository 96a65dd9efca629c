/*
 * report.c: the text of a validation result fed back to an LLM (SPEC §4).
 *
 *   Tool validation errors:
 *   - results[0].customer.id: expected int, got string "abc"
 *
 *   Tool validation warnings:
 *   - limit: coerced string "10" to int
 *
 * A root-level entry prints as "- <message>"; empty sections are left out;
 * one blank line between sections; no trailing newline; "" when empty.
 */
#include "internal.h"

/* Appends one section (title line and entries) when it has entries. */
static void section(tsig_strbuf *sb, const char *title, const char *kind,
                    const tsig_issue *items, size_t count)
{
    if (count == 0) return;
    if (sb->len) tsig_sb_append(sb, "\n\n", 2);
    tsig_sb_printf(sb, "%s validation %s:", title, kind);
    for (size_t i = 0; i < count; i++) {
        tsig_sb_append(sb, "\n- ", 3);
        if (items[i].path_len) {
            tsig_sb_append(sb, items[i].path, items[i].path_len);
            tsig_sb_append(sb, ": ", 2);
        }
        tsig_sb_append(sb, items[i].message, items[i].message_len);
    }
}

char *tsig_report(const tsig_result *result, const char *title, size_t *len)
{
    tsig_strbuf sb = {0};
    if (!title) title = TSIG_REPORT_TITLE_INPUT;
    if (result) {
        section(&sb, title, "errors", result->errors, result->error_count);
        section(&sb, title, "warnings", result->warnings, result->warning_count);
    }
    return tsig_sb_finish(&sb, len);
}
