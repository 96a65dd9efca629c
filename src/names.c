/*
 * names.c: the rules of names, each written once and asked by every stage
 * that needs it.
 *
 *   what an identifier is (SPEC §1: ident = ( letter | "_" ) , { letter |
 *   digit | "_" | "-" }, ASCII): a parameter or field name (lex.c), a key a
 *   path writes bare rather than as ["key"] (json.c), a bare key repair may
 *   quote (repair.c), a property name a JSON Schema may hold
 *   (schema_import.c); a template name's segments take its characters too,
 *   starting with a letter (SPEC §8, template_check.c).
 */
#include "internal.h"

int tsig_is_letter(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

int tsig_ident_start(char c)
{
    return tsig_is_letter(c) || c == '_';
}

int tsig_ident_char(char c)
{
    return tsig_is_letter(c) || (c >= '0' && c <= '9') || c == '_' || c == '-';
}

size_t tsig_ident_run(const char *s, size_t len, size_t at)
{
    while (at < len && tsig_ident_char(s[at])) at++;
    return at;
}

int tsig_is_ident(const char *s, size_t len)
{
    return len > 0 && tsig_ident_start(s[0]) && tsig_ident_run(s, len, 1) == len;
}

int tsig_names_match(const char *a, size_t alen, const char *b, size_t blen)
{
    if (alen != blen) return 0;
    for (size_t i = 0; i < alen; i++)
        if (tsig_norm_char(a[i]) != tsig_norm_char(b[i])) return 0;
    return 1;
}

void tsig_name_normalize(char *dst, const char *src, size_t len)
{
    for (size_t i = 0; i < len; i++) dst[i] = tsig_norm_char(src[i]);
}

int tsig_name_firewalled(const char *name, size_t len)
{
    return len > 0 && tsig_norm_char(name[0]) == '_';
}
