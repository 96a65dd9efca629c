/*
 * keys.c: key normalization (SPEC §6). Every object key, at any depth,
 * gets '-' replaced by '_'; values are untouched. Two keys of one object
 * that normalize alike are an error naming both as written (the first such
 * pair in depth-first order); so is a repeated key (SPEC §10).
 */
#include "internal.h"

#include <string.h>

/* What a normalization reads with: one walk over the text, writing every
 * key with '-' -> '_' while the key set compares keys the same way. */
typedef struct normalizer {
    tsig_json j;
    tsig_json_path path;
    tsig_json_keys keys;
    tsig_json_walker walker;
} normalizer;

/* Appends " at <path of the object>" when the object is not the root. */
static void at_path(tsig_strbuf *sb, const tsig_json_path *path)
{
    if (path->count <= 1) return;
    tsig_sb_puts(sb, " at ");
    tsig_json_path_format(sb, path->segs, path->count - 1);
}

/* The walker met a key equal, after '-' -> '_', to an earlier one: the
 * same key again, or a collision. Records the error and stops. */
static int on_collision(void *ctx, size_t first, const char *key, size_t len,
                        size_t offset)
{
    normalizer *n = ctx;
    size_t first_len;
    const char *first_key = tsig_json_keys_at(&n->keys, first, &first_len);
    int same = first_len == len && memcmp(first_key, key, len) == 0;
    tsig_strbuf sb = {0};
    if (same) {
        tsig_sb_puts(&sb, "duplicate key ");
        tsig_json_escape_cut(&sb, key, len, 40);
    } else {
        tsig_sb_puts(&sb, "keys ");
        tsig_json_escape_cut(&sb, first_key, first_len, 40);
        tsig_sb_puts(&sb, " and ");
        tsig_json_escape_cut(&sb, key, len, 40);
        tsig_sb_puts(&sb, " both normalize to ");
        size_t start = sb.len;
        tsig_json_escape_cut(&sb, key, len, 40);
        for (size_t i = start; i < sb.len && !sb.failed; i++)
            if (sb.data[i] == '-') sb.data[i] = '_';
    }
    at_path(&sb, &n->path);
    if (sb.failed) {
        tsig_json_fail_code(&n->j, TSIG_ERR_NOMEM, offset, "out of memory");
    } else {
        tsig_json_fail_code(&n->j, same ? TSIG_ERR_JSON : TSIG_ERR_KEY_COLLISION,
                            offset, "%s", sb.data);
    }
    tsig_sb_release(&sb);
    return 0;
}

/*
 * One pass: the walker copies the value as compact JSON (values as
 * written), normalizing keys, and stops at the first problem: bad text,
 * nesting over TSIG_DEFAULT_MAX_DEPTH, a repeated key, or a collision.
 * The error's position is the second key's.
 */
tsig_code tsig_normalize_keys(const char *json, size_t len, char **out,
                              size_t *out_len, tsig_error *err)
{
    tsig_error ignored;
    if (!err) err = &ignored;
    memset(err, 0, sizeof *err);
    if (out) *out = NULL;
    if (out_len) *out_len = 0;
    if (!out || (!json && len)) {
        tsig_error_set(err, TSIG_ERR_ARGUMENT, "", 0, 0, "no text or no place for the result");
        return TSIG_ERR_ARGUMENT;
    }
    if (len > TSIG_MAX_INPUT) {
        tsig_error_set(err, TSIG_ERR_TOO_LARGE, "", 0, 0, "JSON text larger than %zu bytes",
                       (size_t)TSIG_MAX_INPUT);
        return TSIG_ERR_TOO_LARGE;
    }
    normalizer n;
    memset(&n, 0, sizeof n);
    tsig_json_init(&n.j, json, len, TSIG_DEFAULT_MAX_DEPTH, err);
    tsig_json_path_init(&n.path);
    n.keys.src = n.j.src;
    n.keys.normalized = 1;
    tsig_strbuf sb = {0};
    n.walker.j = &n.j;
    n.walker.path = &n.path;
    n.walker.keys = &n.keys;
    n.walker.out = &sb;
    n.walker.flags = TSIG_WALK_KEYS | TSIG_WALK_NORMALIZE;
    n.walker.on_duplicate = on_collision;
    n.walker.ctx = &n;

    int ok = tsig_json_walk(&n.walker) && tsig_json_finish(&n.j);
    tsig_code code = ok ? TSIG_OK : n.j.code;
    tsig_json_walker_release(&n.walker);
    tsig_json_keys_release(&n.keys);
    tsig_json_path_release(&n.path);
    if (code == TSIG_OK) {
        *out = tsig_sb_finish(&sb, out_len);
        if (!*out) {
            code = TSIG_ERR_NOMEM;
            tsig_error_set(err, code, json, len, 0, "out of memory");
        }
    } else {
        tsig_sb_release(&sb);
    }
    return code;
}
