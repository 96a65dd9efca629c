/*
 * firewall.c: firewalled fields (SPEC §7). A key that starts with '_'
 * (after '-' -> '_') is firewalled wherever it appears, declared or not:
 * redact removes such members (strip) or replaces their values, whole, by
 * "<Firewalled>" (mask). Hiding never depends on the data matching the
 * signature, so the text is only read, never typed.
 */
#include "internal.h"

#include <string.h>

/* A repeated key stops redaction: "duplicate key \"k\"" (at its object). */
static int on_duplicate(void *ctx, size_t first, const char *key, size_t len,
                        size_t offset)
{
    tsig_json_walker *w = ctx;
    tsig_strbuf sb = {0};
    (void)first;
    tsig_sb_puts(&sb, "duplicate key ");
    tsig_json_escape_cut(&sb, key, len, 40);
    if (w->path->count > 1) {
        tsig_sb_puts(&sb, " at ");
        tsig_json_path_format(&sb, w->path->segs, w->path->count - 1);
    }
    if (sb.failed) tsig_json_fail_code(w->j, TSIG_ERR_NOMEM, offset, "out of memory");
    else tsig_json_fail_code(w->j, TSIG_ERR_JSON, offset, "%s", sb.data);
    tsig_sb_release(&sb);
    return 0;
}

/*
 * One pass of the walker over the text, writing compact JSON: a member
 * whose key (unescaped) starts with '_' or '-' is left out (strip) or
 * written with "<Firewalled>" as its value (mask); its value is still read
 * and checked, never written. Keys are kept as written. Bad text, nesting
 * over TSIG_DEFAULT_MAX_DEPTH and repeated keys stop it with an error.
 */
tsig_code tsig_redact(const tsig_signature *sig, const char *json, size_t len,
                      tsig_redact_mode mode, char **out, size_t *out_len,
                      tsig_error *err)
{
    tsig_error ignored;
    (void)sig; /* hiding never depends on the signature */
    if (!err) err = &ignored;
    memset(err, 0, sizeof *err);
    if (out) *out = NULL;
    if (out_len) *out_len = 0;
    if (!out || (!json && len) || (mode != TSIG_REDACT_STRIP && mode != TSIG_REDACT_MASK)) {
        tsig_error_set(err, TSIG_ERR_ARGUMENT, "", 0, 0, "bad argument to redact");
        return TSIG_ERR_ARGUMENT;
    }
    if (len > TSIG_MAX_INPUT) {
        tsig_error_set(err, TSIG_ERR_TOO_LARGE, "", 0, 0, "JSON text larger than %zu bytes",
                       (size_t)TSIG_MAX_INPUT);
        return TSIG_ERR_TOO_LARGE;
    }
    tsig_json j;
    tsig_json_path path;
    tsig_json_keys keys;
    tsig_json_walker w;
    tsig_strbuf sb = {0};
    memset(&keys, 0, sizeof keys);
    memset(&w, 0, sizeof w);
    tsig_json_init(&j, json, len, TSIG_DEFAULT_MAX_DEPTH, err);
    tsig_json_path_init(&path);
    keys.src = j.src;
    w.j = &j;
    w.path = &path;
    w.keys = &keys;
    w.out = &sb;
    w.flags = TSIG_WALK_KEYS | (mode == TSIG_REDACT_STRIP ? TSIG_WALK_STRIP : TSIG_WALK_MASK);
    w.on_duplicate = on_duplicate;
    w.ctx = &w;

    int ok = tsig_json_walk(&w) && tsig_json_finish(&j);
    tsig_code code = ok ? TSIG_OK : j.code;
    tsig_json_walker_release(&w);
    tsig_json_keys_release(&keys);
    tsig_json_path_release(&path);
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
