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

/* A plain key is copied with '-' -> '_'; an escaped one ("a\u002db") is
 * decoded, normalized and escaped again. */
tsig_code tsig_normalize_keys(const char *json, size_t len, char **out,
                              size_t *out_len, tsig_error *err)
{
    return tsig_json_rewrite(json, len, TSIG_WALK_NORMALIZE, out, out_len, err);
}
