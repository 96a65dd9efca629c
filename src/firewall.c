/*
 * firewall.c: firewalled fields (SPEC §7). A key that starts with '_'
 * (after '-' -> '_') is firewalled wherever it appears, declared or not:
 * redact removes such members (strip) or replaces their values, whole, by
 * "<Firewalled>" (mask). Hiding never depends on the data matching the
 * signature, so the text is only read, never typed.
 */
#include "internal.h"

/*
 * One pass over the text, writing compact JSON: a member whose key
 * (unescaped) starts with '_' or '-' is left out (strip) or written with
 * "<Firewalled>" as its value (mask); its value is still read and checked,
 * never written. Keys are kept as written. Bad text, nesting over
 * TSIG_DEFAULT_MAX_DEPTH and repeated keys stop it with an error.
 */
tsig_code tsig_redact(const tsig_signature *sig, const char *json, size_t len,
                      tsig_redact_mode mode, char **out, size_t *out_len,
                      tsig_error *err)
{
    (void)sig; /* hiding never depends on the signature */
    if (mode != TSIG_REDACT_STRIP && mode != TSIG_REDACT_MASK) {
        if (out) *out = NULL;
        if (out_len) *out_len = 0;
        if (err) tsig_error_set(err, TSIG_ERR_ARGUMENT, "", 0, 0, "unknown redact mode %d", (int)mode);
        return TSIG_ERR_ARGUMENT;
    }
    unsigned flags = mode == TSIG_REDACT_STRIP ? TSIG_WALK_STRIP : TSIG_WALK_MASK;
    return tsig_json_rewrite(json, len, flags, out, out_len, err);
}
