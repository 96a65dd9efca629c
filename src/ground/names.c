/*
 * names.c: the rules of names, each written once and asked by every stage
 * that needs it.
 *
 *   an identifier (SPEC §1: ident = ( letter | "_" ) , { letter | digit |
 *   "_" | "-" }, ASCII): what a name in a signature is, what a path writes
 *   bare, what repair quotes, what a JSON Schema property may be named; a
 *   template name's segments take its characters too;
 *   two names match when they are equal after '-' -> '_' (SPEC §4, §6; the
 *   byte and word forms are tsig_norm_char and tsig_norm_word, inline),
 *   so a data key or a template name names the field it matches;
 *   a name is firewalled when it starts with '_' after that (SPEC §7).
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
    /* equal bytes are equal names' bytes: the rule only where they differ */
    for (size_t i = 0; i < alen; i++)
        if (a[i] != b[i] && tsig_norm_char(a[i]) != tsig_norm_char(b[i])) return 0;
    return 1;
}

void tsig_name_normalize(char *dst, const char *src, size_t len)
{
    for (size_t i = 0; i < len; i++) dst[i] = tsig_norm_char(src[i]);
}

const tsig_field *tsig_field_named(const tsig_field *fields, size_t count, const char *name,
                                   size_t len, size_t from)
{
    for (size_t k = 0; k < count; k++) {
        size_t i = from + k < count ? from + k : from + k - count;
        if (tsig_names_match(fields[i].name, fields[i].name_len, name, len)) return &fields[i];
    }
    return NULL;
}

int tsig_name_firewalled(const char *name, size_t len)
{
    return len > 0 && tsig_norm_char(name[0]) == '_';
}
