/*
 * api.c: the JSON boundary, the one place that writes the JSON documents
 * the core gives its callers (the JS package, the command line's --json).
 * Each tsig_api_* function runs one stage (parse, validate, a stream,
 * normalize, schema, tool lists, prompts, templates, redact, infer) and
 * writes what it returned, a C result (tsig_result, tsig_tools,
 * tsig_messages, the stream's answers, an inferred signature), as one
 * compact JSON document, whole. Nothing is
 * checked here that a stage checks: this file only calls the stages and
 * writes their answers. It also reads documents back for callers that
 * hand one in (tsig_api_report, tsig_doc_*).
 *
 * Documents are written with a tsig_strbuf. Values the stages produce
 * (validated, normalized, redacted JSON, ASTs, schemas) are copied in as the
 * text they are, so numbers keep every digit. Strings are escaped as every
 * stage escapes them (tsig_json_escape): a lone surrogate, as a key may hold
 * once unescaped, is written back as its \u escape.
 */
#include "internal.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- writing --------------------------------------------------------- */

/* Appends a NUL-terminated string as a JSON string, or null for NULL. */
static void put_cstring(tsig_strbuf *sb, const char *s)
{
    tsig_json_escape_or_null(sb, s, s ? strlen(s) : 0);
}

static void put_bool(tsig_strbuf *sb, int b)
{
    tsig_sb_puts(sb, b ? "true" : "false");
}

/* Appends text a stage produced (owned, released here) as a JSON string; a
 * NULL piece (the stage ran out of memory) fails the whole document. */
static void put_text(tsig_strbuf *sb, char *text, size_t len)
{
    if (text) tsig_json_escape(sb, text, len);
    else sb->failed = 1;
    tsig_free(text);
}

/* Appends JSON text a stage produced (owned, released here) as it is; a
 * NULL piece fails the whole document. */
static void put_raw(tsig_strbuf *sb, char *text, size_t len)
{
    if (text) tsig_sb_append(sb, text, len);
    else sb->failed = 1;
    tsig_free(text);
}

/* Appends an error object: {"code","kind","message","line","column",
 * "offset","hint"}; kind is the code's stable short name ("syntax"). With
 * text, "text" follows: the error's caret picture (owned, released here;
 * NULL: it could not be made, and the document fails). */
static void put_error(tsig_strbuf *sb, const tsig_error *err, char *text)
{
    tsig_sb_puts(sb, "{\"code\":");
    put_cstring(sb, tsig_code_name(err->code));
    tsig_sb_puts(sb, ",\"kind\":");
    put_cstring(sb, tsig_code_kind(err->code));
    tsig_sb_puts(sb, ",\"message\":");
    put_cstring(sb, err->message);
    tsig_sb_printf(sb, ",\"line\":%zu,\"column\":%zu,\"offset\":%zu,\"hint\":",
                   err->line, err->column, err->offset);
    put_cstring(sb, err->hint[0] ? err->hint : NULL);
    if (text) {
        tsig_sb_puts(sb, ",\"text\":");
        put_text(sb, text, strlen(text));
    }
    tsig_sb_putc(sb, '}');
}

/* The whole document {"ok":false,"error":{...}}; NULL when out of memory
 * (or when the error is itself "out of memory"). */
static char *error_doc(const tsig_error *err)
{
    if (err->code == TSIG_ERR_NOMEM) return NULL;
    tsig_strbuf sb = {0};
    tsig_sb_puts(&sb, "{\"ok\":false,\"error\":");
    put_error(&sb, err, NULL);
    tsig_sb_putc(&sb, '}');
    return tsig_sb_finish(&sb, NULL);
}

/* {"ok":false,"error":{...}} for a bad argument given by the caller. */
static char *argument_doc(const char *message)
{
    tsig_error err;
    memset(&err, 0, sizeof err);
    tsig_error_set(&err, TSIG_ERR_ARGUMENT, "", 0, 0, "%s", message);
    return error_doc(&err);
}

/* Appends a decoded string (NULL: null). */
static void put_string(tsig_strbuf *sb, const char *s, size_t len)
{
    tsig_json_escape_or_null(sb, s, len);
}

/* {"ok":true,"<member>":<text>} for a stage that answered with text (NULL:
 * it ran out of memory): JSON text as it is or, quote set, any text as a
 * JSON string; or, code not TSIG_OK, the error document. text is
 * released. */
static char *value_doc(tsig_code code, const char *member, char *text, size_t len,
                       const tsig_error *err, int quote)
{
    if (code != TSIG_OK) {
        tsig_free(text);
        return error_doc(err);
    }
    tsig_strbuf sb = {0};
    tsig_sb_printf(&sb, "{\"ok\":true,\"%s\":", member);
    if (quote) put_text(&sb, text, len);
    else put_raw(&sb, text, len);
    tsig_sb_putc(&sb, '}');
    return tsig_sb_finish(&sb, NULL);
}

/* Appends ["key",0,...]: keys as strings, indexes as numbers. */
static void put_segments(tsig_strbuf *sb, const tsig_segment *seg, size_t n)
{
    tsig_sb_putc(sb, '[');
    for (size_t i = 0; i < n; i++) {
        if (i) tsig_sb_putc(sb, ',');
        if (seg[i].key) tsig_json_escape(sb, seg[i].key, seg[i].key_len);
        else tsig_sb_printf(sb, "%zu", seg[i].index);
    }
    tsig_sb_putc(sb, ']');
}

/* Where the UTF-16 count of a text stands: the units of text[0..byte). */
typedef struct utf16_cursor {
    const char *text;
    size_t len, byte, units;
} utf16_cursor;

/* The UTF-16 units of byte t[i]: a byte that starts a character is one, a
 * four-byte one's first byte two, a continuation byte none. */
static size_t utf16_units(unsigned char b)
{
    return (size_t)((b & 0xC0) != 0x80) + (size_t)(b >= 0xF0);
}

/* The UTF-16 index of byte offset at of the cursor's (UTF-8) text; a place
 * inside a character is after it, as a JS string cannot be cut there. The
 * count moves from the last place, back or on, so issues out of text order
 * (fields checked in their declared order) cost the distance between them,
 * not a count from the start. */
static size_t utf16_index(utf16_cursor *c, size_t at)
{
    const unsigned char *t = (const unsigned char *)c->text;
    if (at > c->len) at = c->len;
    size_t units = c->units, i = c->byte;
    for (; i > at; i--) units -= utf16_units(t[i - 1]);
    for (; i < at; i++) units += utf16_units(t[i]);
    c->byte = i;
    c->units = units;
    return units;
}

/*
 * Appends an issue: {"path","segments","message","code","offset",
 * "length"}, then "index" unless index is (size_t)-1. With named, the
 * failure's "name" (or null) follows "segments". With at, a position: its
 * "line" and "column" follow "code" (a JSON text error: its offset is the
 * issue's) and, hinted, its "offset" and "hint" stand for "offset" and
 * "length" (a signature that does not parse, positioned in it).
 */
static void put_issue(tsig_strbuf *sb, const tsig_issue *is, const tsig_tool_failure *named,
                      const tsig_error *at, int hinted, size_t index)
{
    tsig_sb_puts(sb, "{\"path\":");
    tsig_json_escape(sb, is->path, is->path_len);
    tsig_sb_puts(sb, ",\"segments\":");
    put_segments(sb, is->segments, is->segment_count);
    if (named) {
        tsig_sb_puts(sb, ",\"name\":");
        put_string(sb, named->name, named->name_len);
    }
    tsig_sb_puts(sb, ",\"message\":");
    tsig_json_escape(sb, is->message, is->message_len);
    tsig_sb_puts(sb, ",\"code\":");
    put_cstring(sb, tsig_issue_code_name(is->code));
    if (at) tsig_sb_printf(sb, ",\"line\":%zu,\"column\":%zu", at->line, at->column);
    if (hinted) {
        tsig_sb_printf(sb, ",\"offset\":%zu,\"hint\":", at->offset);
        put_cstring(sb, at->hint[0] ? at->hint : NULL);
        tsig_sb_putc(sb, '}');
    } else {
        tsig_sb_printf(sb, ",\"offset\":%zu,\"length\":%zu", is->offset, is->length);
        if (index != (size_t)-1) tsig_sb_printf(sb, ",\"index\":%zu", index);
        tsig_sb_putc(sb, '}');
    }
}

/* Appends a list of issues; json_error, when not NULL, is the position of
 * a JSON text error (the one issue of its list); with a cursor, each
 * issue's UTF-16 "index" too. */
static void put_issues(tsig_strbuf *sb, const tsig_issue *list, size_t n,
                       const tsig_error *json_error, utf16_cursor *indexes)
{
    tsig_sb_putc(sb, '[');
    for (size_t i = 0; i < n; i++) {
        if (i) tsig_sb_putc(sb, ',');
        put_issue(sb, &list[i], NULL, json_error, 0,
                  indexes ? utf16_index(indexes, list[i].offset) : (size_t)-1);
    }
    tsig_sb_putc(sb, ']');
}

/* Appends ["message", ...] of a tsig_messages (NULL or empty: []). */
static void put_messages(tsig_strbuf *sb, const tsig_messages *m)
{
    tsig_sb_putc(sb, '[');
    for (size_t i = 0; m && i < m->count; i++) {
        if (i) tsig_sb_putc(sb, ',');
        put_cstring(sb, m->items[i]);
    }
    tsig_sb_putc(sb, ']');
}

/* Appends the members "canonical","returns_list","ast" (each preceded by a
 * comma) of a parsed signature. */
static void put_signature(tsig_strbuf *sb, const tsig_signature *sig,
                          unsigned flags)
{
    size_t n = 0;
    char *text = tsig_format(sig, flags, &n);
    tsig_sb_puts(sb, ",\"canonical\":");
    put_text(sb, text, n);
    tsig_sb_puts(sb, ",\"returns_list\":");
    put_bool(sb, tsig_returns_list(sig));
    text = tsig_ast_json(sig, &n);
    tsig_sb_puts(sb, ",\"ast\":");
    put_raw(sb, text, n);
}

/* ---- reading JSON text already known to be valid (json.c's reader) --- */

/* Appends JSON text the validator accepted as it was given, without
 * surrounding whitespace (and a byte-order mark) so that it embeds. */
static void put_input_value(tsig_strbuf *sb, const char *json, size_t len)
{
    const char *p = json + tsig_json_value_start(json, len), *end = json + len;
    while (end > p && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\n' ||
                       end[-1] == '\r'))
        end--;
    tsig_sb_append(sb, p, (size_t)(end - p));
}

/* ---- the boundary ---------------------------------------------------- */

char *tsig_api_info(void)
{
    tsig_strbuf sb = {0};
    tsig_sb_puts(&sb, "{\"version\":\"" TSIG_VERSION "\",\"modes\":[");
    for (int m = TSIG_MODE_ENABLED; m <= TSIG_MODE_STRICT; m++) {
        if (m) tsig_sb_putc(&sb, ',');
        put_cstring(&sb, tsig_mode_name((tsig_mode)m));
    }
    tsig_sb_printf(&sb,
                   "],\"limits\":{\"max_errors\":%d,"
                   "\"max_depth\":%d,\"max_depth_limit\":%d,\"max_input\":%zu,"
                   "\"signature_max_depth\":%d,\"template_max_depth\":%d,"
                   "\"template_max_output\":%zu},",
                   TSIG_DEFAULT_MAX_ERRORS, TSIG_DEFAULT_MAX_DEPTH,
                   TSIG_MAX_DEPTH_LIMIT, (size_t)TSIG_MAX_INPUT, TSIG_SIGNATURE_MAX_DEPTH,
                   TSIG_TEMPLATE_MAX_DEPTH, (size_t)TSIG_TEMPLATE_MAX_OUTPUT);
    tsig_sb_puts(&sb, "\"report_titles\":{\"input\":\"" TSIG_REPORT_TITLE_INPUT
                      "\",\"output\":\"" TSIG_REPORT_TITLE_OUTPUT "\"},\"tools_header\":");
    put_cstring(&sb, TSIG_TOOLS_HEADER);
    tsig_sb_puts(&sb, ",\"issue_codes\":[");
    for (int c = TSIG_ISSUE_TYPE; c <= TSIG_ISSUE_SIGNATURE; c++) {
        if (c) tsig_sb_putc(&sb, ',');
        put_cstring(&sb, tsig_issue_code_name((tsig_issue_code)c));
    }
    tsig_sb_puts(&sb, "]}");
    return tsig_sb_finish(&sb, NULL);
}

/* Reads ["key",0,...] into path; 0 (j's error set) when the text is not
 * such a list. */
static int read_segments(tsig_json *j, tsig_json_path *path)
{
    tsig_json_skip_ws(j);
    if (j->pos >= j->len || j->src[j->pos] != '[') return tsig_json_fail(j, j->pos, "\"[\"");
    j->pos++;
    tsig_json_skip_ws(j);
    if (j->pos < j->len && j->src[j->pos] == ']') {
        j->pos++;
        return tsig_json_finish(j);
    }
    for (;;) {
        tsig_json_skip_ws(j);
        tsig_json_span s;
        char c = j->pos < j->len ? j->src[j->pos] : '\0';
        if (c != '"' && (c < '0' || c > '9')) return tsig_json_fail(j, j->pos, "a key or an index");
        if (!tsig_json_path_push(path))
            return tsig_json_fail_code(j, TSIG_ERR_NOMEM, j->pos, "out of memory");
        tsig_json_seg *seg = &path->segs[path->count - 1];
        if (c == '"') {
            if (!tsig_json_string(j, &s)) return 0;
            seg->key = j->src + s.start;
            seg->len = s.len;
            seg->escaped = s.flag;
        } else {
            size_t at = j->pos;
            if (!tsig_json_number(j, &s)) return 0;
            if (!s.flag || s.len > 15) return tsig_json_fail(j, at, "an index");
            for (size_t i = 0; i < s.len; i++)
                seg->index = seg->index * 10 + (size_t)(j->src[s.start + i] - '0');
        }
        int more = tsig_json_after(j, &j->pos, ']');
        if (more != 1) {
            if (!more) return 0;
            j->pos++;
            return tsig_json_finish(j);
        }
    }
}

char *tsig_api_path(const char *json, size_t len)
{
    if (!json && len) return argument_doc("no text");
    if (len > TSIG_MAX_INPUT) return argument_doc("segments larger than the largest input");
    tsig_error err;
    tsig_json j;
    tsig_json_path path;
    tsig_json_init(&j, json, len, 1, &err);
    tsig_json_path_init(&path);
    tsig_strbuf text = {0};
    int ok = read_segments(&j, &path);
    if (ok) tsig_json_path_format(&text, path.segs, path.count);
    tsig_json_path_release(&path);
    size_t n = 0;
    char *path_text = ok ? tsig_sb_finish(&text, &n) : NULL;
    return value_doc(ok ? TSIG_OK : err.code, "path", path_text, n, &err, 1);
}

char *tsig_api_check(const char *sig, size_t len, unsigned flags)
{
    tsig_error err;
    tsig_signature *s = tsig_parse(sig, len, &err);
    if (!s) return error_doc(&err);
    tsig_strbuf sb = {0};
    tsig_sb_puts(&sb, "{\"ok\":true");
    put_signature(&sb, s, flags);
    tsig_sb_putc(&sb, '}');
    tsig_signature_free(s);
    return tsig_sb_finish(&sb, NULL);
}

/*
 * Appends the document of a validation result: {"ok","value","errors",
 * "warnings"}. json/len is the text validated, the value when the result
 * holds no rewritten one (NULL: not written); with_value 0 leaves "value"
 * out. With say_unwritten, a value that changed but was not written (a
 * stream whose caller keeps the text) is said by "changed":true, first.
 */
static void put_result(tsig_strbuf *sb, const tsig_result *r, const char *json, size_t len,
                       int with_value, int say_unwritten, int indexes)
{
    utf16_cursor cursor = {json ? json : "", json ? len : 0, 0, 0};
    int unwritten = say_unwritten && r->ok && r->changed && !r->value_json;
    tsig_sb_puts(sb, unwritten ? "{\"changed\":true,\"ok\":" : "{\"ok\":");
    put_bool(sb, r->ok);
    if (r->ok && with_value) {
        if (r->value_json) {
            tsig_sb_puts(sb, ",\"value\":");
            tsig_sb_append(sb, r->value_json, r->value_len);
        } else if (!r->changed && json) {
            tsig_sb_puts(sb, ",\"value\":");
            put_input_value(sb, json, len);
        }
    }
    tsig_sb_puts(sb, ",\"errors\":");
    put_issues(sb, r->errors, r->error_count,
               r->json_error.code != TSIG_OK ? &r->json_error : NULL, indexes ? &cursor : NULL);
    tsig_sb_puts(sb, ",\"warnings\":");
    put_issues(sb, r->warnings, r->warning_count, NULL, indexes ? &cursor : NULL);
    tsig_sb_putc(sb, '}');
}

/* put_result's document alone. */
static char *result_doc(const tsig_result *r, const char *json, size_t len, int with_value,
                        int say_unwritten, int indexes)
{
    tsig_strbuf sb = {0};
    put_result(&sb, r, json, len, with_value, say_unwritten, indexes);
    return tsig_sb_finish(&sb, NULL);
}

char *tsig_api_result_json(const tsig_result *result, const char *json,
                           size_t len, int with_value)
{
    return result_doc(result, json, len, with_value, 0, 0);
}

char *tsig_api_validate(const tsig_signature *sig, int input, const char *json,
                        size_t len, const tsig_validate_options *opts)
{
    if (!sig) return argument_doc("no signature");
    tsig_result r;
    tsig_code code = input ? tsig_validate_input_json(sig, json, len, opts, &r)
                           : tsig_validate_json(sig, json, len, opts, &r);
    char *doc = NULL;
    if (code == TSIG_ERR_ARGUMENT) doc = argument_doc("invalid validation options");
    else if (code != TSIG_ERR_NOMEM)
        doc = result_doc(&r, json, len, !(opts && (opts->flags & TSIG_VALUE_NEVER)), 0, 0);
    tsig_result_free(&r);
    return doc;
}

/* ---- entry points for callers that keep handles (the JS package) ----- */

/* Appends ,"params":[{"name","type","optional"[,"default"][,"description"]}],
 * "returns":"<type>" with every type in canonical form; "default" is the
 * default as a JSON value and "description" the text, each only when the
 * parameter has one (SPEC §11.1). */
static void put_param_list(tsig_strbuf *sb, const tsig_signature *sig)
{
    tsig_sb_puts(sb, ",\"params\":[");
    for (size_t i = 0; i < tsig_param_count(sig); i++) {
        size_t name_len = 0, type_len = 0;
        const char *name = tsig_param_name(sig, i, &name_len);
        const tsig_type *type = tsig_param_type(sig, i);
        char *text = tsig_format_type(type, 0, &type_len);
        if (i) tsig_sb_putc(sb, ',');
        tsig_sb_puts(sb, "{\"name\":");
        tsig_json_escape(sb, name, name_len);
        tsig_sb_puts(sb, ",\"type\":");
        put_text(sb, text, type_len);
        tsig_sb_puts(sb, ",\"optional\":");
        put_bool(sb, tsig_type_kind(type) == TSIG_OPTIONAL);
        const tsig_field *f = &sig->params[i];
        if (f->default_json) {
            tsig_sb_puts(sb, ",\"default\":");
            tsig_sb_append(sb, f->default_json, f->default_len);
        }
        if (f->description) {
            tsig_sb_puts(sb, ",\"description\":");
            tsig_json_escape(sb, f->description, f->description_len);
        }
        tsig_sb_putc(sb, '}');
    }
    size_t n = 0;
    char *returns = tsig_format_type(tsig_returns(sig), 0, &n);
    tsig_sb_puts(sb, "],\"returns\":");
    put_text(sb, returns, n);
}

tsig_signature *tsig_api_parse(const char *src, size_t len, char **doc)
{
    tsig_error err;
    tsig_strbuf sb = {0};
    tsig_signature *sig = tsig_parse(src, len, &err);
    if (sig) {
        tsig_sb_puts(&sb, "{\"ok\":true");
        put_signature(&sb, sig, 0);
        put_param_list(&sb, sig);
        tsig_sb_putc(&sb, '}');
    } else if (err.code != TSIG_ERR_NOMEM) {
        /* The error object with its caret picture as "text". */
        char *text = tsig_error_format(&err, "signature", src, len);
        tsig_sb_puts(&sb, "{\"ok\":false,\"error\":");
        if (!text) sb.failed = 1;
        put_error(&sb, &err, text);
        tsig_sb_putc(&sb, '}');
    } else {
        sb.failed = 1;
    }
    *doc = tsig_sb_finish(&sb, NULL);
    if (!*doc && sig) {
        tsig_signature_free(sig);
        sig = NULL;
    }
    return sig;
}

int tsig_api_validate_fast(const tsig_signature *sig, int input,
                           const char *json, size_t len, int mode,
                           size_t max_errors, size_t max_depth, char **doc,
                           unsigned flags)
{
    /* TSIG_VALUE_* would break "0: the value unchanged" */
    const char *bad = mode < 0 || mode > TSIG_MODE_STRICT ? "unknown validation mode"
                      : flags & ~(TSIG_NUMBERS_ARE_DOUBLES | TSIG_REPAIR | TSIG_NO_REPAIR |
                                  TSIG_API_UTF16_INDEXES)
                          ? "unknown validation flags"
                      : !sig ? "no signature"
                             : NULL;
    *doc = bad ? argument_doc(bad) : NULL;
    if (bad) return *doc ? 1 : -1;
    tsig_validate_options opts = {(tsig_mode)mode, max_errors, max_depth, flags & ~TSIG_API_UTF16_INDEXES};
    tsig_result r;
    tsig_code code = input ? tsig_validate_input_json(sig, json, len, &opts, &r)
                           : tsig_validate_json(sig, json, len, &opts, &r);
    int rc = 1;
    if (code == TSIG_ERR_NOMEM) {
        rc = -1;
    } else if (r.ok && !r.changed && r.warning_count == 0) {
        rc = 0;
    } else {
        *doc = result_doc(&r, json, len, 1, 0, (flags & TSIG_API_UTF16_INDEXES) != 0);
        if (!*doc) rc = -1;
    }
    tsig_result_free(&r);
    return rc;
}

char *tsig_api_check_table(const tsig_signature *sig, int input)
{
    if (!sig) return NULL;
    tsig_strbuf sb = {0};
    tsig_check_table(&sb, sig, input);
    return tsig_sb_finish(&sb, NULL);
}

/* The decoded string at at of the text j reads (read before), NUL-terminated
 * in arena; NULL when it is not a string or out of memory. */
static char *doc_text(tsig_json *j, size_t at, tsig_arena *arena, size_t *out_len)
{
    tsig_json_span s;
    j->pos = at;
    if (j->src[at] != '"' || !tsig_json_string(j, &s)) return NULL;
    char *text = tsig_arena_alloc(arena, s.len + 1);
    if (!text) return NULL;
    *out_len = tsig_json_unescape(j->src + s.start, s.len, text);
    text[*out_len] = '\0';
    return text;
}

/* Reads member key of the object doc[0..len) (compact JSON read before),
 * a list [{"path":...,"message":...}, ...], into issues allocated in
 * arena: absent, no issues; 0 when the list is not of that shape (path
 * may be absent or null) or out of memory. */
static int read_issue_list(const char *doc, size_t len, const char *key, tsig_arena *arena,
                           tsig_issue **out, size_t *count)
{
    *out = NULL;
    *count = 0;
    int nomem = 0;
    size_t at = tsig_json_member(doc, len, 0, key, strlen(key), 0, &nomem);
    if (at == TSIG_JSON_NONE) return !nomem;
    if (doc[at] != '[') return 0;
    tsig_error err;
    tsig_json j;
    tsig_json_init(&j, doc, len, (size_t)-1, &err);
    j.trusted = 1;
    /* compact: the elements start after "[" and after each "," at the
     * list's level */
    size_t n = 0;
    j.pos = at + 1;
    while (doc[j.pos] != ']') {
        n++;
        if (!tsig_json_skip(&j)) return 0;
        if (doc[j.pos] == ',') j.pos++;
    }
    if (!n) return 1;
    tsig_issue *issues = tsig_arena_alloc(arena, n * sizeof *issues);
    if (!issues) return 0;
    memset(issues, 0, n * sizeof *issues);
    size_t e = at + 1;
    for (size_t i = 0; i < n; i++) {
        size_t path = tsig_json_member(doc, len, e, "path", 4, 0, &nomem);
        size_t message = tsig_json_member(doc, len, e, "message", 7, 0, &nomem);
        if (message == TSIG_JSON_NONE ||
            !(issues[i].message = doc_text(&j, message, arena, &issues[i].message_len)))
            return 0;
        issues[i].path = "";
        if (path != TSIG_JSON_NONE && doc[path] != 'n' &&
            !(issues[i].path = doc_text(&j, path, arena, &issues[i].path_len)))
            return 0;
        j.pos = e;
        if (!tsig_json_skip(&j)) return 0;
        e = j.pos + 1; /* after the "," (or "]") */
    }
    *out = issues;
    *count = n;
    return 1;
}

/* The document is checked whole as every stage checks JSON (repeated keys
 * and nesting included) and read from its compact copy. */
char *tsig_api_report(const char *json, size_t len, const char *title,
                      size_t title_len)
{
    tsig_error err;
    char *doc = NULL;
    size_t doc_len = 0;
    tsig_arena arena = {0};
    char *text = NULL;
    char *title_z = tsig_arena_strndup(&arena, title ? title : "Tool",
                                       title ? title_len : 4);
    tsig_issue *errors, *warnings;
    size_t error_count, warning_count;
    if (json && title_z && tsig_json_rewrite(json, len, NULL, &doc, &doc_len, &err) == TSIG_OK &&
        read_issue_list(doc, doc_len, "errors", &arena, &errors, &error_count) &&
        read_issue_list(doc, doc_len, "warnings", &arena, &warnings, &warning_count)) {
        tsig_result r;
        memset(&r, 0, sizeof r);
        r.ok = error_count == 0;
        r.errors = errors;
        r.error_count = error_count;
        r.warnings = warnings;
        r.warning_count = warning_count;
        text = tsig_report(&r, title_z, NULL);
    }
    tsig_free(doc);
    tsig_arena_release(&arena);
    return text;
}

char *tsig_api_normalize(const char *json, size_t len)
{
    char *out = NULL;
    size_t n = 0;
    tsig_error err;
    tsig_code code = tsig_normalize_keys(json, len, &out, &n, &err);
    return value_doc(code, "value", out, n, &err, 0);
}

char *tsig_api_render_template(const char *tpl, size_t tpl_len,
                               const tsig_signature *sig, const char *args,
                               size_t args_len, size_t max_len)
{
    if (!sig) return argument_doc("no signature");
    char *out = NULL;
    size_t n = 0;
    tsig_error err;
    tsig_code code = tsig_render_template_max(tpl, tpl_len, sig, args, args_len,
                                              max_len, &out, &n, &err);
    return value_doc(code, "text", out, n, &err, 1);
}

char *tsig_api_redact(const tsig_signature *sig, const char *json, size_t len,
                      tsig_redact_mode mode)
{
    if (!sig) return argument_doc("no signature");
    char *out = NULL;
    size_t n = 0;
    tsig_error err;
    tsig_code code = tsig_redact(sig, json, len, mode, &out, &n, &err);
    return value_doc(code, "value", out, n, &err, 0);
}

char *tsig_api_schema(const tsig_signature *sig, int params, unsigned flags)
{
    if (!sig) return argument_doc("no signature");
    size_t n = 0;
    char *schema = params ? tsig_tool_parameters_schema(sig, flags, &n)
                          : tsig_to_json_schema(sig, flags, &n);
    if (!schema) return NULL;
    tsig_strbuf sb = {0};
    tsig_sb_puts(&sb, "{\"ok\":true,\"schema\":");
    put_raw(&sb, schema, n);
    tsig_messages warnings = {0};
    if ((flags & TSIG_SCHEMA_STRICT) && tsig_strict_warnings(sig, params, &warnings) != TSIG_OK)
        sb.failed = 1;
    tsig_sb_puts(&sb, ",\"warnings\":");
    put_messages(&sb, &warnings);
    tsig_messages_free(&warnings);
    tsig_sb_putc(&sb, '}');
    return tsig_sb_finish(&sb, NULL);
}

char *tsig_api_from_schema(const char *json, size_t len, unsigned flags)
{
    tsig_messages warnings = {0};
    tsig_error err;
    tsig_signature *sig = tsig_from_json_schema(json, len, flags, &warnings, &err);
    if (!sig) {
        tsig_messages_free(&warnings);
        return error_doc(&err);
    }
    tsig_strbuf sb = {0};
    tsig_sb_puts(&sb, "{\"ok\":true");
    put_signature(&sb, sig, 0);
    tsig_sb_puts(&sb, ",\"warnings\":");
    put_messages(&sb, &warnings);
    tsig_sb_putc(&sb, '}');
    tsig_messages_free(&warnings);
    tsig_signature_free(sig);
    return tsig_sb_finish(&sb, NULL);
}

char *tsig_api_infer_result(const char *signature, const tsig_error *err, const char *source)
{
    if (!signature && (!source || err->code == TSIG_ERR_NOMEM)) return error_doc(err);
    if (!signature) {
        tsig_strbuf doc = {0};
        tsig_sb_puts(&doc, "{\"ok\":false,\"source\":");
        put_cstring(&doc, source);
        tsig_sb_puts(&doc, ",\"error\":");
        put_error(&doc, err, NULL);
        tsig_sb_putc(&doc, '}');
        return tsig_sb_finish(&doc, NULL);
    }
    tsig_strbuf sb = {0};
    tsig_sb_puts(&sb, "{\"ok\":true,\"signature\":");
    put_cstring(&sb, signature);
    tsig_sb_putc(&sb, '}');
    return tsig_sb_finish(&sb, NULL);
}

char *tsig_api_infer(const char *json, size_t len, unsigned flags, size_t enums)
{
    tsig_error err;
    tsig_inferrer *in = tsig_infer_new(enums);
    if (!in) return NULL;
    char *signature = NULL;
    if (tsig_infer_add(in, json, len, flags, &err) == TSIG_OK) signature = tsig_infer_end(in, &err);
    tsig_infer_free(in);
    char *doc = tsig_api_infer_result(signature, &err, NULL);
    tsig_free(signature);
    return doc;
}

/* Appends the members of a tool, without braces: "name", "signature",
 * "description", "warnings" (a missing name or description null); one
 * writer for the list of tools and the one-tool document. */
static void put_tool_members(tsig_strbuf *sb, const tsig_tool *tool)
{
    tsig_sb_puts(sb, "\"name\":");
    put_string(sb, tool->name, tool->name_len);
    tsig_sb_puts(sb, ",\"signature\":");
    put_string(sb, tool->signature, tool->signature_len);
    tsig_sb_puts(sb, ",\"description\":");
    put_string(sb, tool->description, tool->description_len);
    tsig_sb_puts(sb, ",\"warnings\":[");
    for (size_t w = 0; w < tool->warning_count; w++) {
        if (w) tsig_sb_putc(sb, ',');
        put_cstring(sb, tool->warnings[w]);
    }
    tsig_sb_putc(sb, ']');
}

/* Appends the tools of a list that converted: [{"name","signature",
 * "description","warnings"}, ...]. */
static void put_tools(tsig_strbuf *sb, const tsig_tools *tools)
{
    tsig_sb_putc(sb, '[');
    for (size_t i = 0; i < tsig_tools_count(tools); i++) {
        tsig_sb_puts(sb, i ? ",{" : "{");
        put_tool_members(sb, tsig_tools_get(tools, i));
        tsig_sb_putc(sb, '}');
    }
    tsig_sb_putc(sb, ']');
}

char *tsig_tools_json(const tsig_tools *tools, size_t *len)
{
    tsig_strbuf sb = {0};
    put_tools(&sb, tools);
    return tsig_sb_finish(&sb, len);
}

char *tsig_api_tool_from_json(const char *json, size_t len, unsigned flags)
{
    tsig_messages warnings = {0};
    tsig_error err;
    tsig_tool tool;
    if (!tsig_tool_read(json, len, flags, &tool, &warnings, &err, NULL)) return error_doc(&err);
    tsig_strbuf sb = {0};
    tsig_sb_puts(&sb, "{\"ok\":true,");
    put_tool_members(&sb, &tool);
    tsig_sb_putc(&sb, '}');
    tsig_tool_release(&tool);
    tsig_messages_free(&warnings);
    return tsig_sb_finish(&sb, NULL);
}

char *tsig_diff_json(const tsig_diff *d, size_t *len)
{
    tsig_strbuf sb = {0};
    tsig_sb_puts(&sb, "{\"ok\":true,\"breaks\":");
    put_bool(&sb, tsig_diff_breaks(d));
    tsig_sb_puts(&sb, ",\"changes\":[");
    for (size_t i = 0; i < tsig_diff_count(d); i++) {
        const tsig_change *c = tsig_diff_get(d, i);
        if (i) tsig_sb_putc(&sb, ',');
        tsig_sb_puts(&sb, "{\"tool\":");
        put_string(&sb, c->tool, c->tool_len);
        tsig_sb_puts(&sb, ",\"path\":");
        put_string(&sb, c->path, c->path_len);
        tsig_sb_puts(&sb, ",\"old\":");
        put_string(&sb, c->old_text, c->old_len);
        tsig_sb_puts(&sb, ",\"new\":");
        put_string(&sb, c->new_text, c->new_len);
        tsig_sb_puts(&sb, ",\"effect\":");
        put_cstring(&sb, tsig_change_effect_name(c->effect));
        tsig_sb_puts(&sb, ",\"why\":");
        put_string(&sb, c->why, c->why_len);
        if (c->example_len) {
            tsig_sb_puts(&sb, ",\"example\":");
            tsig_sb_append(&sb, c->example, c->example_len);
        }
        tsig_sb_puts(&sb, ",\"line\":");
        size_t line_len;
        char *line = tsig_change_format(c, &line_len);
        put_text(&sb, line, line_len);
        tsig_sb_putc(&sb, '}');
    }
    tsig_sb_puts(&sb, "]}");
    return tsig_sb_finish(&sb, len);
}

char *tsig_api_diff(const char *old_text, size_t old_len, const char *new_text, size_t new_len)
{
    tsig_diff *d;
    tsig_error err;
    int side;
    if (tsig_diff_texts(old_text, old_len, new_text, new_len, &d, &err, &side) != TSIG_OK) {
        if (err.code == TSIG_ERR_NOMEM) return NULL;
        tsig_strbuf sb = {0};
        tsig_sb_puts(&sb, "{\"ok\":false,\"side\":");
        tsig_sb_puts(&sb, side == 0 ? "\"old\"" : side == 1 ? "\"new\"" : "null");
        tsig_sb_puts(&sb, ",\"error\":");
        if (side >= 0) {
            char *text = tsig_error_format(&err, err.code == TSIG_ERR_SYNTAX ? "signature" : "JSON",
                                           side ? new_text : old_text, side ? new_len : old_len);
            if (!text) sb.failed = 1;
            put_error(&sb, &err, text);
        } else {
            put_error(&sb, &err, NULL);
        }
        tsig_sb_putc(&sb, '}');
        return tsig_sb_finish(&sb, NULL);
    }
    char *doc = tsig_diff_json(d, NULL);
    tsig_diff_free(d);
    return doc;
}

/* Appends the prompt text of the tools of a list (tsig_render_tool_list)
 * as a JSON string. */
static void put_prompt(tsig_strbuf *sb, const tsig_tools *tools)
{
    size_t len = 0;
    char *text = tsig_render_tool_list(tools, &len);
    put_text(sb, text, len);
}

/*
 * Appends the failures of a list of tools: one of the text as validation
 * writes an issue; a tool's {"path","segments","name","message","code",
 * "offset","length"} (the tool's span); of a list of signatures
 * (signatures set), a signature's {"path","segments","message","code",
 * "line","column","offset","hint"}, positioned in the signature.
 */
static void put_failures(tsig_strbuf *sb, const tsig_tools *tools, int signatures)
{
    tsig_sb_putc(sb, '[');
    for (size_t i = 0; i < tsig_tools_failure_count(tools); i++) {
        const tsig_tool_failure *f = tsig_tools_failure(tools, i);
        const tsig_issue *is = &f->issue;
        int text_error = is->code == TSIG_ISSUE_JSON_SYNTAX || is->code == TSIG_ISSUE_TOO_DEEP ||
                         is->code == TSIG_ISSUE_TOO_LARGE;
        if (i) tsig_sb_putc(sb, ',');
        if (f->index == TSIG_TOOLS_DOCUMENT) put_issue(sb, is, NULL, text_error ? &f->error : NULL, 0, (size_t)-1);
        else if (signatures) put_issue(sb, is, NULL, &f->error, 1, (size_t)-1);
        else put_issue(sb, is, f, NULL, 0, (size_t)-1);
    }
    tsig_sb_putc(sb, ']');
}

/*
 * The document of tsig_tools_from_json's list: the tools, one entry per
 * failure, and the prompt of them all when every tool converted.
 */
char *tsig_api_tools_from_json(const char *json, size_t len, unsigned flags)
{
    tsig_tools *tools;
    tsig_error err;
    if (tsig_tools_from_json(json, len, flags, &tools, &err) != TSIG_OK) return error_doc(&err);
    size_t failures = tsig_tools_failure_count(tools);
    tsig_strbuf sb = {0};
    tsig_sb_puts(&sb, "{\"ok\":");
    put_bool(&sb, failures == 0);
    tsig_sb_puts(&sb, ",\"tools\":");
    put_tools(&sb, tools);
    tsig_sb_puts(&sb, ",\"errors\":");
    put_failures(&sb, tools, 0);
    if (failures == 0) {
        tsig_sb_puts(&sb, ",\"prompt\":");
        put_prompt(&sb, tools);
    }
    tsig_sb_putc(&sb, '}');
    tsig_tools_free(tools);
    return tsig_sb_finish(&sb, NULL);
}

/* The list read by tsig_tools_from_signatures: its failures, or the prompt
 * when there are none. */
char *tsig_api_render_tools(const char *json, size_t len)
{
    tsig_tools *tools;
    tsig_error err;
    if (tsig_tools_from_signatures(json, len, &tools, &err) != TSIG_OK) return error_doc(&err);
    char *doc;
    size_t n = 0;
    if (tsig_tools_failure_count(tools)) {
        tsig_strbuf sb = {0};
        tsig_sb_puts(&sb, "{\"ok\":false,\"errors\":");
        put_failures(&sb, tools, 1);
        tsig_sb_putc(&sb, '}');
        doc = tsig_sb_finish(&sb, NULL);
    } else {
        char *text = tsig_render_tool_list(tools, &n);
        doc = value_doc(TSIG_OK, "text", text, n, &err, 1);
    }
    tsig_tools_free(tools);
    return doc;
}

char *tsig_api_placeholders(const char *tpl, size_t len,
                            const tsig_signature *sig)
{
    if (!sig) return argument_doc("no signature");
    tsig_placeholders r;
    tsig_code code = tsig_check_placeholders(tpl, len, sig, &r);
    if (code != TSIG_OK) {
        tsig_placeholders_free(&r);
        return code == TSIG_ERR_NOMEM ? NULL : argument_doc("invalid template");
    }
    tsig_strbuf sb = {0};
    tsig_sb_puts(&sb, "{\"ok\":");
    put_bool(&sb, r.ok);
    tsig_sb_puts(&sb, ",\"placeholders\":[");
    for (size_t i = 0; i < r.name_count; i++) {
        if (i) tsig_sb_putc(&sb, ',');
        put_cstring(&sb, r.names[i]);
    }
    tsig_sb_puts(&sb, "],\"errors\":[");
    for (size_t i = 0; i < r.error_count; i++) {
        if (i) tsig_sb_putc(&sb, ',');
        tsig_sb_puts(&sb, "{\"placeholder\":");
        put_cstring(&sb, r.errors[i].placeholder);
        tsig_sb_puts(&sb, ",\"message\":");
        put_cstring(&sb, r.errors[i].message);
        tsig_sb_printf(&sb, ",\"offset\":%zu}", r.errors[i].offset);
    }
    tsig_sb_puts(&sb, "]}");
    tsig_placeholders_free(&r);
    return tsig_sb_finish(&sb, NULL);
}

/* ---- streams ------------------------------------------------------------ */

static const char *state_name(tsig_stream_state st)
{
    switch (st) {
    case TSIG_STREAM_INCOMPLETE: return "incomplete";
    case TSIG_STREAM_INVALID: return "invalid";
    case TSIG_STREAM_COMPLETE: return "complete";
    }
    return "invalid";
}

tsig_stream *tsig_api_stream_new(const tsig_signature *sig, int input, int mode,
                                 size_t max_errors, size_t max_depth, unsigned flags)
{
    if (mode < 0 || mode > TSIG_MODE_STRICT ||
        (flags & ~(TSIG_NUMBERS_ARE_DOUBLES | TSIG_REPAIR | TSIG_NO_REPAIR | TSIG_CALLER_KEEPS_TEXT)))
        return NULL;
    tsig_validate_options o = {(tsig_mode)mode, max_errors, max_depth, flags};
    return tsig_stream_new(sig, input, &o);
}

int tsig_api_stream_partial_is_text(const tsig_stream *s)
{
    return tsig_stream_partial_is_text(s);
}

int tsig_api_stream_drops_text(const tsig_stream *s)
{
    return tsig_stream_drops_text(s);
}

int tsig_api_stream_step(tsig_stream *s, const char *chunk, size_t len)
{
    tsig_stream_state st;
    tsig_code code = tsig_stream_push(s, chunk, len, &st);
    if (code == TSIG_ERR_TOO_LARGE) return TSIG_API_STREAM_TOO_LARGE;
    if (code != TSIG_OK) return TSIG_API_STREAM_NOMEM;
    return (int)st | (tsig_stream_judged_anew(s) ? TSIG_API_STREAM_CHANGED : 0);
}

/* The state; the result once there is one (without the value: the caller
 * has the text); the partial value, or the cut of the caller's text that
 * is one. */
char *tsig_api_stream_push(tsig_stream *s, const char *chunk, size_t len, int partial)
{
    tsig_stream_state st;
    tsig_code code = tsig_stream_push(s, chunk, len, &st);
    if (code == TSIG_ERR_NOMEM) return NULL;
    tsig_strbuf sb = {0};
    tsig_sb_puts(&sb, "{\"state\":\"");
    tsig_sb_puts(&sb, code == TSIG_OK ? state_name(st) : "invalid");
    tsig_sb_putc(&sb, '"');
    const tsig_result *r = code == TSIG_OK ? tsig_stream_result(s) : NULL;
    if (code != TSIG_OK) {
        tsig_sb_printf(&sb, ",\"error\":\"%s\"", tsig_code_name(code));
    } else if (r) {
        tsig_sb_puts(&sb, ",\"result\":");
        put_result(&sb, r, NULL, 0, 0, 0, 0);
    }
    if (partial && tsig_stream_drops_text(s)) {
        size_t from, to;
        char *close;
        if (tsig_stream_partial_cut(s, &from, &to, &close) != TSIG_OK) sb.failed = 1;
        if (close) {
            tsig_sb_printf(&sb, ",\"cut\":[%zu,%zu,", from, to);
            put_cstring(&sb, close);
            tsig_sb_putc(&sb, ']');
        } else {
            tsig_sb_puts(&sb, ",\"cut\":null");
        }
        tsig_free(close);
    } else if (partial) {
        size_t n = 0;
        char *p = tsig_stream_partial(s, &n);
        tsig_sb_puts(&sb, ",\"partial\":");
        put_raw(&sb, p, n);
    }
    tsig_sb_putc(&sb, '}');
    return tsig_sb_finish(&sb, NULL);
}

/* The whole text's result; the value only when validation changed it (the
 * caller has the text as given), or "changed":true when the stream did
 * not write it (TSIG_CALLER_KEEPS_TEXT). */
char *tsig_api_stream_end(tsig_stream *s)
{
    tsig_result r;
    tsig_code code = tsig_stream_end(s, &r);
    char *doc = NULL;
    if (code != TSIG_ERR_NOMEM && code != TSIG_ERR_ARGUMENT)
        doc = result_doc(&r, NULL, 0, r.changed, 1, 0);
    tsig_result_free(&r);
    return doc;
}

/* ---- reading documents (any text: the checking reader) ---------------- */

/* A reader of doc at `at` that checks what it reads: text that is not
 * JSON stops it, never a read beyond len. */
static void doc_reader(tsig_json *j, tsig_error *err, const char *doc, size_t len, size_t at)
{
    tsig_json_init(j, doc ? doc : "", doc ? len : 0, (size_t)-1, err);
    j->pos = at;
}

size_t tsig_doc_member(const char *doc, size_t len, size_t at, const char *key)
{
    tsig_error err;
    tsig_json j;
    if (!doc || !key || at >= len || doc[at] != '{') return TSIG_DOC_NONE;
    doc_reader(&j, &err, doc, len, at + 1);
    size_t key_len = strlen(key);
    for (;;) {
        tsig_json_skip_ws(&j);
        tsig_json_span k;
        if (j.pos >= len || doc[j.pos] != '"' || !tsig_json_string(&j, &k)) return TSIG_DOC_NONE;
        int equal = !k.flag && k.len == key_len && memcmp(doc + k.start, key, key_len) == 0;
        if (k.flag && k.len <= 6 * key_len) { /* an escaped key: compare it decoded */
            char *text = malloc(k.len + 1);
            if (!text) return TSIG_DOC_NONE;
            size_t n = tsig_json_unescape(doc + k.start, k.len, text);
            equal = n == key_len && memcmp(text, key, n) == 0;
            free(text);
        }
        tsig_json_skip_ws(&j);
        if (j.pos >= len || doc[j.pos] != ':') return TSIG_DOC_NONE;
        j.pos++;
        tsig_json_skip_ws(&j);
        if (equal) return j.pos < len ? j.pos : TSIG_DOC_NONE;
        if (!tsig_json_skip(&j)) return TSIG_DOC_NONE;
        tsig_json_skip_ws(&j);
        if (j.pos >= len || doc[j.pos] != ',') return TSIG_DOC_NONE;
        j.pos++;
    }
}

size_t tsig_doc_first(const char *doc, size_t len, size_t at)
{
    tsig_error err;
    tsig_json j;
    if (!doc || at >= len || doc[at] != '[') return TSIG_DOC_NONE;
    doc_reader(&j, &err, doc, len, at + 1);
    tsig_json_skip_ws(&j);
    return j.pos < len && doc[j.pos] != ']' ? j.pos : TSIG_DOC_NONE;
}

size_t tsig_doc_next(const char *doc, size_t len, size_t at)
{
    tsig_error err;
    tsig_json j;
    if (!doc || at >= len) return TSIG_DOC_NONE;
    doc_reader(&j, &err, doc, len, at);
    if (!tsig_json_skip(&j)) return TSIG_DOC_NONE;
    tsig_json_skip_ws(&j);
    if (j.pos >= len || doc[j.pos] != ',') return TSIG_DOC_NONE;
    j.pos++;
    tsig_json_skip_ws(&j);
    return j.pos < len ? j.pos : TSIG_DOC_NONE;
}

char *tsig_doc_string(const char *doc, size_t len, size_t at, size_t *out_len)
{
    tsig_error err;
    tsig_json j;
    tsig_json_span s;
    if (!doc || at >= len || doc[at] != '"') return NULL;
    doc_reader(&j, &err, doc, len, at);
    if (!tsig_json_string(&j, &s)) return NULL;
    char *text = malloc(s.len + 1);
    if (!text) return NULL;
    size_t n = tsig_json_unescape(doc + s.start, s.len, text);
    text[n] = '\0';
    if (out_len) *out_len = n;
    return text;
}

size_t tsig_doc_size(const char *doc, size_t len, size_t at)
{
    size_t n = 0, i = at;
    if (!doc || at >= len) return 0;
    for (; i < len && doc[i] >= '0' && doc[i] <= '9'; i++) {
        size_t d = (size_t)(doc[i] - '0');
        n = n > (SIZE_MAX - d) / 10 ? SIZE_MAX : n * 10 + d;
    }
    if (i < len && (doc[i] == '.' || doc[i] == 'e' || doc[i] == 'E')) return 0;
    return n;
}
