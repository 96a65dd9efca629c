/*
 * check_table.c: the table by which the JS package tells, without calling
 * the core, that a JS value is one the core would accept as it is (valid,
 * no warning, nothing to change: tsig_api_validate_fast's 0).
 *
 * The table says which checks of the type tree are plain enough to be made
 * on a JS value (its kind, a number's bounds, a string's length, an enum
 * value equal as written, the fields of a typed map in their order), and
 * leaves everything else to the core: a node written 0 is never judged in
 * JS, and any value there goes to the core, as does anything the core
 * reads, coerces, fills or reorders (unions, typed extra fields, enums of
 * numbers, defaults left out, the rarer forms of a datetime). The JS side
 * (js/fast.mjs) only turns the table into closures; a test runs
 * every validate vector and random values through both and finds no value
 * the table calls clean that the core does not (tests/js/fast.test.mjs).
 *
 * A node, as JSON:
 *   0                        judged by the core
 *   ["s", lo, hi]            a string; lo, hi: null or [bound, exclusive],
 *                            bounding its length in code points
 *   ["i", lo, hi] ["f", lo, hi]  an int, a float; bounds on the value
 *   ["b"]                    a bool
 *   ["p", pattern]           a string the regular expression matches (a
 *                            keyword; a datetime of the commonest form)
 *   ["e", [v, ...]]          one of these strings, exactly
 *   ["l", node, lo, hi]      a list; bounds on its length
 *   ["r", [[name, node, f], ...], folds]  a typed map of these fields, in
 *                            this order; f: 1 required, 2 filled when absent
 *                            (arguments); other keys as the mode says, but
 *                            one that names a field once folded (folds:
 *                            pairs of a byte and the byte it matches as,
 *                            "-_", the core's rule of key matching)
 *   ["o", node]              null, or node
 *   ["a"] ["m"]              any JSON value; any object
 * A bound is the number as the signature wrote it, as a JSON string.
 */
#include "internal.h"

#include <string.h>

static void put_bound(tsig_strbuf *sb, const tsig_bound *b)
{
    tsig_sb_putc(sb, ',');
    if (!b->num) {
        tsig_sb_puts(sb, "null");
        return;
    }
    tsig_sb_putc(sb, '[');
    tsig_json_escape(sb, b->num, b->len);
    tsig_sb_puts(sb, b->exclusive ? ",true]" : ",false]");
}

static void put_bounds(tsig_strbuf *sb, const tsig_type *t)
{
    put_bound(sb, &t->lower);
    put_bound(sb, &t->upper);
}

static void put_node(tsig_strbuf *sb, const tsig_type *t, int depth, int input);

/* The ASCII bytes a key is matched to a field with (tsig_norm_char), as a
 * JSON string of pairs: each byte, then what it matches as ("-_"). */
static void put_folds(tsig_strbuf *sb)
{
    char pairs[2 * 128];
    size_t n = 0;
    for (int c = 1; c < 128; c++) {
        char to = tsig_norm_char((char)c);
        if (to != (char)c) {
            pairs[n++] = (char)c;
            pairs[n++] = to;
        }
    }
    tsig_json_escape(sb, pairs, n);
}

/* A typed map's fields (or the parameters, the root of arguments). A field
 * with a default is filled when absent from arguments, and may be absent
 * from a result. */
static void put_fields(tsig_strbuf *sb, const tsig_field *f, size_t n, int depth, int input)
{
    tsig_sb_puts(sb, "[\"r\",[");
    for (size_t i = 0; i < n; i++) {
        if (i) tsig_sb_putc(sb, ',');
        tsig_sb_putc(sb, '[');
        tsig_json_escape(sb, f[i].name, f[i].name_len);
        tsig_sb_putc(sb, ',');
        put_node(sb, f[i].type, depth + 1, input);
        tsig_sb_printf(sb, ",%d]", (f[i].type->kind != TSIG_OPTIONAL && !f[i].default_json ? 1 : 0) |
                                       (input && f[i].default_json ? 2 : 0));
    }
    tsig_sb_puts(sb, "],");
    put_folds(sb);
    tsig_sb_putc(sb, ']');
}

/* tsig_is_keyword's rule as a regular expression: ["p", pattern], its
 * class made of TSIG_KEYWORD_PUNCT, with the bytes a class reads otherwise
 * escaped ("-" a range, "]" its end, "^" its negation, "\\"). */
static void put_keyword_pattern(tsig_strbuf *sb)
{
    char re[64] = "^[A-Za-z0-9";
    size_t n = strlen(re);
    for (const char *p = TSIG_KEYWORD_PUNCT; *p; p++) {
        if (strchr("-]^\\", *p)) re[n++] = '\\';
        re[n++] = *p;
    }
    memcpy(re + n, "]+$", 4);
    tsig_sb_puts(sb, "[\"p\",");
    tsig_json_escape(sb, re, strlen(re));
    tsig_sb_putc(sb, ']');
}

static void put_node(tsig_strbuf *sb, const tsig_type *t, int depth, int input)
{
    if (depth > 2 * TSIG_SIGNATURE_MAX_DEPTH) { /* as deep as a type can be: the core's */
        tsig_sb_putc(sb, '0');
        return;
    }
    switch (t->kind) {
    case TSIG_STRING: tsig_sb_puts(sb, "[\"s\""); put_bounds(sb, t); tsig_sb_putc(sb, ']'); return;
    case TSIG_INT: tsig_sb_puts(sb, "[\"i\""); put_bounds(sb, t); tsig_sb_putc(sb, ']'); return;
    case TSIG_FLOAT: tsig_sb_puts(sb, "[\"f\""); put_bounds(sb, t); tsig_sb_putc(sb, ']'); return;
    case TSIG_BOOL: tsig_sb_puts(sb, "[\"b\"]"); return;
    case TSIG_ANY: tsig_sb_puts(sb, "[\"a\"]"); return;
    case TSIG_MAP: tsig_sb_puts(sb, "[\"m\"]"); return;
    case TSIG_LIST:
        tsig_sb_puts(sb, "[\"l\",");
        put_node(sb, t->elem, depth + 1, input);
        put_bounds(sb, t);
        tsig_sb_putc(sb, ']');
        return;
    case TSIG_OPTIONAL:
        tsig_sb_puts(sb, "[\"o\",");
        put_node(sb, t->elem, depth, input);
        tsig_sb_putc(sb, ']');
        return;
    case TSIG_RECORD:
        if (t->extra) break; /* extra fields typed: the core */
        put_fields(sb, t->fields, t->field_count, depth, input);
        return;
    case TSIG_ENUM:
        for (size_t i = 0; i < t->value_count; i++)
            if (t->values[i].kind != TSIG_VALUE_STRING) goto core;
        tsig_sb_puts(sb, "[\"e\",[");
        for (size_t i = 0; i < t->value_count; i++) {
            if (i) tsig_sb_putc(sb, ',');
            tsig_json_escape(sb, t->values[i].text, t->values[i].len);
        }
        tsig_sb_puts(sb, "]]");
        return;
    case TSIG_KEYWORD:
        put_keyword_pattern(sb);
        return;
    case TSIG_DATETIME:
        /* a part of what tsig_is_datetime accepts: days to 28 (every month
         * has them), seconds to 59, "T" and "Z" in capitals */
        tsig_sb_puts(sb, "[\"p\",\"^\\\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|1\\\\d|2[0-8])T([01]\\\\d|2[0-3])"
                         ":[0-5]\\\\d:[0-5]\\\\d(\\\\.\\\\d+)?(Z|[+-]([01]\\\\d|2[0-3]):[0-5]\\\\d)$\"]");
        return;
    case TSIG_UNION:
        break;
    }
core:
    tsig_sb_putc(sb, '0');
}

void tsig_check_table(tsig_strbuf *sb, const tsig_signature *sig, int input)
{
    if (input) put_fields(sb, sig->params, sig->param_count, 0, 1);
    else put_node(sb, sig->returns, 0, 0);
}
