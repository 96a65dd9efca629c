/*
 * target_documents.c: the readers of everything besides signatures: JSON
 * Schema and tool definitions, prompt templates, key normalization,
 * firewall redaction, tool lists, reports and signatures written from
 * samples (targets.h: OP FLAGS
 * SIGNATURE 0xFF TEXT [0xFF EXTRA]).
 *
 * OP (modulo TSIG_FUZZ_DOCUMENT_OPS):
 *   0  TEXT as a JSON Schema (FLAGS bit 0: lossy): an error is positioned
 *      in TEXT; a signature exports to a schema (FLAGS bit 1: strict) that
 *      imports again (lossy)
 *   1  TEXT as a tool definition, and as a list of them
 *   2  TEXT as a template checked against the signature
 *   3  TEXT as a template filled with EXTRA (the arguments)
 *   4  TEXT's keys normalized: a second normalization changes nothing
 *   5  TEXT redacted by the signature (FLAGS bit 0: mask, else strip)
 *   6  TEXT as a list of tools rendered for a prompt
 *   7  TEXT as a validation document turned into the report text
 *   8  the signature as prompt text, its JSON Schemas, the tool with TEXT
 *      as its name and EXTRA as its description
 *   9  TEXT's samples inferred from (FLAGS bit 0: each, bit 1: lines, bits
 *      2-3: enums), then EXTRA's: what is written parses, and TEXT, one
 *      sample, validates against it
 *  10  TEXT diffed with EXTRA (each a signature or a list of tools); and
 *      when both are signatures, inclusion of one in the other (FLAGS: its
 *      flags): a "no" comes with a witness the validator accepts for A and
 *      refuses for B
 * Every tsig_api_* answer must be a JSON object (with a boolean "ok" where
 * the contract has one).
 */
#include "targets.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "jsonval.h"

/* The signature when the input's does not parse: every kind of field. */
static const char FALLBACK[] =
    "(user {name :string, email :string?}, items [{id :int, _secret :string}], "
    "tags [:string]?, meta :map, when :datetime, kind :keyword) -> "
    "{ok :bool, rows [{id :int, score :float?}], _raw :any}";

static void check_diff(unsigned flags, const char *text, size_t len, const char *extra,
                       size_t extra_len)
{
    tsig_fuzz_check_doc("tsig_api_diff", tsig_api_diff(text, len, extra, extra_len), 1);
    tsig_error err;
    tsig_signature *a = tsig_parse(text, len, &err);
    tsig_signature *b = a ? tsig_parse(extra, extra_len, &err) : NULL;
    if (a && b) {
        /* arguments are judged without coercion: validate_input coerces */
        unsigned f = flags & (TSIG_INCLUDE_STRICT | TSIG_INCLUDE_A_STRICT);
        tsig_inclusion r;
        if (tsig_includes(a, b, f, &r) == TSIG_OK && r.verdict == TSIG_INCL_NO &&
            (!tsig_test_valid_as(a, f, 1, r.witness, r.witness_len) || tsig_test_valid_as(b, f, 0, r.witness, r.witness_len)))
            tsig_fuzz_fail("an inclusion witness that does not show it", r.witness);
        tsig_inclusion_free(&r);
    }
    tsig_signature_free(a);
    tsig_signature_free(b);
}

/* The signatures a JSON Schema turned into: export, then import again. */
static void check_schema_round_trip(const tsig_signature *sig, unsigned flags)
{
    size_t len;
    for (int params = 0; params < 2; params++) {
        char *schema = params ? tsig_tool_parameters_schema(sig, flags, &len)
                              : tsig_to_json_schema(sig, flags, &len);
        if (!schema) tsig_fuzz_fail("schema export", "NULL");
        jv_value *v = jv_parse(schema, len);
        if (!v) tsig_fuzz_fail("schema export is not JSON", schema);
        jv_free(v);
        if (!params) {
            tsig_error err;
            tsig_signature *back = tsig_from_json_schema(schema, len, TSIG_SCHEMA_LOSSY, NULL, &err);
            if (!back) {
                fprintf(stderr, "fuzz: %s\n", err.message);
                tsig_fuzz_fail("an exported schema does not import", schema);
            }
            tsig_signature_free(back);
        }
        tsig_free(schema);
    }
}

/* op 0 and 1: a schema or a tool definition. */
static void check_import(int tool, unsigned flags, const char *text, size_t len)
{
    const char *what = tool ? "tsig_tool_from_json" : "tsig_from_json_schema";
    unsigned lossy = flags & 1u ? TSIG_SCHEMA_LOSSY : 0u;
    tsig_messages warnings;
    tsig_error err;
    tsig_signature *sig = tool ? tsig_tool_from_json(text, len, lossy, &warnings, &err)
                               : tsig_from_json_schema(text, len, lossy, &warnings, &err);
    if (sig) {
        for (size_t i = 0; i < warnings.count; i++)
            if (!jv_utf8_valid(warnings.items[i], strlen(warnings.items[i])))
                tsig_fuzz_fail(what, "a warning that is not UTF-8");
        check_schema_round_trip(sig, flags & 2u ? TSIG_SCHEMA_STRICT : 0u);
        tsig_signature_free(sig);
    } else {
        tsig_fuzz_check_error(what, &err, text, len);
    }
    tsig_messages_free(&warnings);
    tsig_fuzz_check_doc(what, tool ? tsig_api_tool_from_json(text, len, lossy)
                                   : tsig_api_from_schema(text, len, lossy), 1);
    if (tool) tsig_fuzz_check_doc("tsig_api_tools_from_json", tsig_api_tools_from_json(text, len, lossy), 1);
}

/* op 2: placeholders of a template. */
static void check_placeholders(const tsig_signature *sig, const char *text, size_t len)
{
    tsig_placeholders p;
    tsig_code code = tsig_check_placeholders(text, len, sig, &p);
    if (code != TSIG_OK && code != TSIG_ERR_TEMPLATE) tsig_fuzz_fail("tsig_check_placeholders", tsig_code_name(code));
    if (p.ok != (p.error_count == 0)) tsig_fuzz_fail("tsig_check_placeholders", "ok disagrees with the errors");
    for (size_t i = 0; i < p.error_count; i++)
        if (!jv_utf8_valid(p.errors[i].message, strlen(p.errors[i].message)))
            tsig_fuzz_fail("tsig_check_placeholders", "a message that is not UTF-8");
    tsig_placeholders_free(&p);
    tsig_fuzz_check_doc("tsig_api_placeholders", tsig_api_placeholders(text, len, sig), 1);
}

/* op 3: a template filled with arguments. */
static void check_render(const tsig_signature *sig, const char *text, size_t len, const char *args,
                         size_t args_len)
{
    char *out = NULL;
    size_t out_len;
    tsig_error err;
    if (tsig_render_template(text, len, sig, args, args_len, &out, &out_len, &err) == TSIG_OK) {
        if (!out) tsig_fuzz_fail("tsig_render_template", "TSIG_OK without text");
    } else if (out) {
        tsig_fuzz_fail("tsig_render_template", "text with an error");
    } else if (err.code == TSIG_ERR_TEMPLATE) {
        tsig_fuzz_check_error("tsig_render_template", &err, text, len);
    } else if (err.code == TSIG_ERR_JSON || err.code == TSIG_ERR_TOO_DEEP || err.code == TSIG_ERR_ARGUMENT) {
        /* bad arguments, or arguments that are not an object */
        tsig_fuzz_check_error("tsig_render_template (arguments)", &err, args, args_len);
    } else if (err.code == TSIG_ERR_TOO_LARGE) {
        tsig_fuzz_check_error("tsig_render_template", &err, NULL, 0);
    } else {
        tsig_fuzz_fail("tsig_render_template", tsig_code_name(err.code));
    }
    tsig_free(out);
    tsig_fuzz_check_doc("tsig_api_render_template", tsig_api_render_template(text, len, sig, args, args_len, 0), 1);
}

/* op 4: key normalization, which must be idempotent. */
static void check_normalize(const char *text, size_t len)
{
    char *out = NULL;
    size_t out_len;
    tsig_error err;
    if (tsig_normalize_keys(text, len, &out, &out_len, &err) == TSIG_OK) {
        char *again = NULL;
        size_t again_len;
        if (tsig_normalize_keys(out, out_len, &again, &again_len, &err) != TSIG_OK ||
            again_len != out_len || memcmp(again, out, out_len) != 0)
            tsig_fuzz_fail("tsig_normalize_keys is not idempotent", out);
        tsig_free(again);
    } else if (err.code == TSIG_ERR_JSON || err.code == TSIG_ERR_TOO_DEEP ||
               err.code == TSIG_ERR_KEY_COLLISION) {
        tsig_fuzz_check_error("tsig_normalize_keys", &err, text, len);
    } else {
        tsig_fuzz_fail("tsig_normalize_keys", tsig_code_name(err.code));
    }
    tsig_free(out);
    tsig_fuzz_check_doc("tsig_api_normalize", tsig_api_normalize(text, len), 1);
}

/* op 5: redaction, after which no firewalled field is left to strip. */
static void check_redact(const tsig_signature *sig, unsigned flags, const char *text, size_t len)
{
    tsig_redact_mode mode = flags & 1u ? TSIG_REDACT_MASK : TSIG_REDACT_STRIP;
    char *out = NULL;
    size_t out_len;
    tsig_error err;
    if (tsig_redact(sig, text, len, mode, &out, &out_len, &err) == TSIG_OK) {
        jv_value *v = jv_parse(out, out_len);
        if (!v) tsig_fuzz_fail("tsig_redact wrote something that is not JSON", out);
        jv_free(v);
        if (mode == TSIG_REDACT_STRIP) {
            char *again = NULL;
            size_t again_len;
            if (tsig_redact(sig, out, out_len, mode, &again, &again_len, &err) != TSIG_OK ||
                again_len != out_len || memcmp(again, out, out_len) != 0)
                tsig_fuzz_fail("tsig_redact (strip) is not idempotent", out);
            tsig_free(again);
        }
    } else if (err.code == TSIG_ERR_JSON || err.code == TSIG_ERR_TOO_DEEP) {
        tsig_fuzz_check_error("tsig_redact", &err, text, len);
    }
    tsig_free(out);
    tsig_fuzz_check_doc("tsig_api_redact", tsig_api_redact(sig, text, len, mode), 1);
}

/* op 9: a signature written from the samples of text, then of extra
 * (added after it): it parses, and text, read as one sample, is valid
 * against it. */
static void check_infer(unsigned flags, const char *text, size_t len, const char *extra,
                        size_t extra_len)
{
    unsigned how = flags & 3u;
    tsig_inferrer *in = tsig_infer_new(flags >> 2 & 3u);
    if (!in) tsig_fuzz_fail("tsig_infer_new", "NULL");
    tsig_error err;
    int text_added = tsig_infer_add(in, text, len, how, &err) == TSIG_OK;
    if (!text_added) tsig_fuzz_check_error("tsig_infer_add", &err, text, len);
    if (tsig_infer_add(in, extra, extra_len, how, &err) != TSIG_OK)
        tsig_fuzz_check_error("tsig_infer_add", &err, extra, extra_len);
    char *written = tsig_infer_end(in, &err);
    tsig_infer_free(in);
    if (!written) {
        if (err.code != TSIG_ERR_ARGUMENT) tsig_fuzz_fail("tsig_infer_end", err.message);
    } else {
        tsig_signature *sig = tsig_parse(written, strlen(written), &err);
        if (!sig) tsig_fuzz_fail("tsig_infer_end wrote no signature", written);
        if (!how && text_added) {
            tsig_validate_options o = {TSIG_MODE_ENABLED, 0, 0, TSIG_VALUE_NEVER};
            tsig_result r;
            if (tsig_validate_json(sig, text, len, &o, &r) == TSIG_OK && !r.ok)
                tsig_fuzz_fail("a sample is not valid against what infer wrote", written);
            tsig_result_free(&r);
        }
        tsig_signature_free(sig);
    }
    tsig_free(written);
    tsig_fuzz_check_doc("tsig_api_infer", tsig_api_infer(text, len, how, flags >> 2 & 3u), 1);
}

/* op 8: the signature as a tool, with any name and description. */
static void check_tool_text(const tsig_signature *sig, const char *name, size_t name_len,
                            const char *description, size_t description_len)
{
    tsig_tool_ref tool = {name, name_len, sig, description, description_len};
    size_t len;
    char *text = tsig_render_tool(&tool, &len);
    if (!text) tsig_fuzz_fail("tsig_render_tool", "NULL");
    tsig_free(text);
    text = tsig_render_tools(&tool, 1, &len);
    if (!text) tsig_fuzz_fail("tsig_render_tools", "NULL");
    tsig_free(text);
    for (unsigned flags = 0; flags < 2; flags++) {
        tsig_fuzz_check_doc("tsig_api_schema", tsig_api_schema(sig, 0, flags), 1);
        tsig_fuzz_check_doc("tsig_api_schema (params)", tsig_api_schema(sig, 1, flags), 1);
    }
}

int tsig_fuzz_documents(const uint8_t *data, size_t size)
{
    if (size < 2) return 0;
    unsigned op = data[0] % TSIG_FUZZ_DOCUMENT_OPS, flags = data[1];
    const char *parts[3] = {"", "", ""};
    size_t lens[3] = {0, 0, 0};
    size_t at = 2;
    for (int i = 0; i < 3 && at <= size; i++) {
        const uint8_t *sep = i < 2 ? memchr(data + at, TSIG_FUZZ_SEP, size - at) : NULL;
        size_t end = sep ? (size_t)(sep - data) : size;
        parts[i] = (const char *)data + at;
        lens[i] = end - at;
        at = end + 1;
    }
    tsig_error err;
    tsig_signature *sig = tsig_parse(parts[0], lens[0], &err);
    if (!sig) sig = tsig_parse(FALLBACK, sizeof FALLBACK - 1, &err);
    if (!sig) tsig_fuzz_fail("the fallback signature", err.message);
    const char *text = parts[1], *extra = parts[2];
    size_t len = lens[1], extra_len = lens[2];
    switch (op) {
    case 0: check_import(0, flags, text, len); break;
    case 1: check_import(1, flags, text, len); break;
    case 2: check_placeholders(sig, text, len); break;
    case 3: check_render(sig, text, len, extra, extra_len); break;
    case 4: check_normalize(text, len); break;
    case 5: check_redact(sig, flags, text, len); break;
    case 6: tsig_fuzz_check_doc("tsig_api_render_tools", tsig_api_render_tools(text, len), 1); break;
    case 7: tsig_free(tsig_api_report(text, len, extra, extra_len)); break;
    case 8: check_tool_text(sig, text, len, extra, extra_len); break;
    case 9: check_infer(flags, text, len, extra, extra_len); break;
    default: check_diff(flags, text, len, extra, extra_len); break;
    }
    tsig_signature_free(sig);
    return 0;
}

/* ---- seeds ------------------------------------------------------------------ */

/* Emits OP FLAGS SIG 0xFF TEXT 0xFF EXTRA. */
static void emit_case(tsig_fuzz_emit emit, void *ctx, unsigned op, unsigned flags, const char *sig,
                      const char *text, const char *extra)
{
    uint8_t prefix[2] = {(uint8_t)op, (uint8_t)flags};
    const char *parts[] = {sig ? sig : "", text, extra};
    tsig_fuzz_emit_parts(emit, ctx, prefix, 2, parts, 3);
}

/* Emits one case per record of a vector file: the record's field (a string
 * as it is, any other value as JSON text) as TEXT. Returns the count, or 0
 * when the file cannot be read. */
static size_t emit_file(tsig_fuzz_emit emit, void *ctx, const char *file, const char *field,
                        unsigned op, const char *extra)
{
    size_t len, count = 0;
    char *text = tsig_test_read_file(tsig_test_data_path(file), &len);
    jv_value *records = text ? jv_parse(text, len) : NULL;
    free(text);
    if (!records) return 0;
    for (size_t i = 0; i < jv_len(records); i++) {
        const jv_value *r = jv_at(records, i);
        const jv_value *v = jv_get(r, field);
        if (!v) continue;
        char *json = jv_kind_of(v) == JV_STRING ? NULL : jv_to_text(v);
        const char *body = json ? json : jv_str(v, NULL);
        unsigned flags = (jv_kind_of(jv_get(r, "lossy")) == JV_BOOL && jv_bool(jv_get(r, "lossy"))) |
                         (unsigned)(i % 4) << 1;
        emit_case(emit, ctx, op, flags, jv_get_str(r, "sig"), body, extra);
        free(json);
        count++;
    }
    jv_free(records);
    return count;
}

size_t tsig_fuzz_documents_seeds(tsig_fuzz_emit emit, void *ctx)
{
    static const struct {
        const char *file, *field;
        unsigned op;
        const char *extra;
    } sources[] = {
        {"vectors/from_json_schema.json", "schema", 0, ""},
        {"vectors/json_schema.json", "schema", 0, ""},
        {"vectors/from_tool.json", "tool", 1, ""},
        {"vectors/placeholders.json", "template", 2, ""},
        {"vectors/placeholders.json", "template", 3,
         "{\"user\":{\"name\":\"Ada\",\"email\":null},\"items\":[{\"id\":1,\"_secret\":\"x\"}],"
         "\"tags\":[\"a\"],\"meta\":{},\"when\":\"2026-01-01T00:00:00Z\",\"kind\":\"k\"}"},
        {"vectors/key_normalize.json", "input", 4, ""},
        {"vectors/firewall.json", "value", 5, ""},
        {"vectors/render_tool.json", "tools", 6, ""},
        {"vectors/validate.json", "errors", 7, "Return"},
        {"vectors/parse.json", "id", 8, "A tool.\nSecond line."},
        {"vectors/validate.json", "data", 9, "{\"id\":1,\"tags\":[\"a\",null]}"},
        {"vectors/parse.json", "sig", 10,
         "(query :string, limit :int[1..50], mode :enum[a b]) -> {items [{id :int, t :string?}]}"},
    };
    size_t count = 0;
    for (size_t i = 0; i < sizeof sources / sizeof sources[0]; i++) {
        size_t n = emit_file(emit, ctx, sources[i].file, sources[i].field, sources[i].op, sources[i].extra);
        if (n == 0) return 0;
        count += n;
    }
    return count;
}
