/*
 * keys.c: key normalization (SPEC §6). Every object key, at any depth,
 * gets '-' replaced by '_'; values are untouched (written as they are,
 * compactly). Two keys of one object that normalize alike are an error
 * naming both as written, with the object's path when nested: "keys \"a-b\"
 * and \"a_b\" both normalize to \"a_b\" at rows[0]" (the first such pair in
 * depth-first order, since the text is read once, in order). So is a
 * repeated key (SPEC §10), and so are bad text and nesting deeper than
 * TSIG_DEFAULT_MAX_DEPTH; the error is positioned at the second key.
 */
#include "internal.h"

/* What a key becomes: '-' -> '_' (names.c). A plain key is copied byte for byte
 * with that change (a '-' in it is a '-' in its value); an escaped one is
 * decoded, changed and escaped again, since "\u002d" is a '-' too. */
static void write_key(tsig_strbuf *out, const char *raw, size_t raw_len, int escaped,
                      char *text, size_t len)
{
    if (escaped) {
        tsig_name_normalize(text, text, len);
        tsig_json_escape(out, text, len);
        return;
    }
    tsig_sb_putc(out, '"');
    if (!tsig_sb_reserve(out, raw_len)) return;
    tsig_name_normalize(out->data + out->len, raw, raw_len);
    out->len += raw_len;
    out->data[out->len] = '\0';
    tsig_sb_putc(out, '"');
}

/* Keys that normalize alike collide; every member is kept. */
static const tsig_json_key_rule NORMALIZE = {1, NULL, write_key, NULL};

tsig_code tsig_normalize_keys(const char *json, size_t len, char **out,
                              size_t *out_len, tsig_error *err)
{
    return tsig_json_rewrite(json, len, &NORMALIZE, out, out_len, err);
}
