/*
 * firewall.c: firewalled fields (SPEC §7). A key that starts with '_'
 * (after '-' -> '_') is firewalled wherever it appears, declared or not:
 * redact removes such members (strip) or replaces their values, whole, by
 * "<Firewalled>" (mask). Hiding never depends on the data matching the
 * signature, so the text is only read, never typed.
 */
#include "internal.h"

/* What is firewalled: a key (unescaped) as names.c says. */
tsig_member_fate tsig_firewall_strip(const char *key, size_t len)
{
    return tsig_name_firewalled(key, len) ? TSIG_MEMBER_DROP : TSIG_MEMBER_KEEP;
}

static tsig_member_fate mask(const char *key, size_t len)
{
    return tsig_name_firewalled(key, len) ? TSIG_MEMBER_MASK : TSIG_MEMBER_KEEP;
}

/* Keys are kept as written; firewalled members go, or keep their key
 * with "<Firewalled>" as their value. */
static const tsig_json_key_rule STRIP = {0, tsig_firewall_strip, NULL, NULL};
static const tsig_json_key_rule MASK = {0, mask, NULL, "\"<Firewalled>\""};

/*
 * One pass over the text (json.c's walker), writing compact JSON: a
 * firewalled member is left out (strip) or written with "<Firewalled>" as
 * its value (mask); its value is still read and checked, never written.
 * Bad text, nesting over TSIG_DEFAULT_MAX_DEPTH and repeated keys stop it
 * with an error.
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
    return tsig_json_rewrite(json, len, mode == TSIG_REDACT_STRIP ? &STRIP : &MASK, out,
                             out_len, err);
}
