/*
 * tools.c: lists of tools, read into the tools that converted and a
 * failure for each one that did not: an MCP tools/list result or a bare
 * list of tool definitions (tsig_tools_from_json), or a list of tools
 * given by their signatures' text, as prompts take them
 * (tsig_tools_from_signatures).
 *
 * The text is checked first by the validator (so its problems have paths,
 * codes and spans like every issue): as any JSON, or against the shape of
 * a list of signatures; then json.c's reader walks it: the list is the
 * document or its "tools" member, and each element's text goes to
 * tsig_tool_from_json as it is, or each "sig" to tsig_parse. The elements
 * of text read before are found by the helpers at the end, which api.c
 * shares.
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

/* A tool that converted, and the warnings its view points into. */
typedef struct tool_entry {
    tsig_tool tool;
    tsig_messages warnings;
} tool_entry;

/* A failure, and what its view points into. */
typedef struct failure_entry {
    tsig_tool_failure failure;
    char path[48];        /* "tools[18446744073709551615]" fits */
    tsig_segment segments[2];
    /* a message other than the error's: a signature's, "signature error at
     * L:C: " (at most 42 bytes: inputs are shorter than 10^10) and the error's */
    char message[TSIG_MESSAGE_MAX + 64];
} failure_entry;

struct tsig_tools {
    tool_entry *tools;
    size_t count;
    failure_entry *failures;
    size_t failure_count;
    tsig_result shape; /* the check of the text: its issues stay alive here */
};

/* The shape of a list of tools given by their signatures. */
static const char SIGNATURES_SHAPE[] = "[{name :string, sig :string?, description :string?}]";

/* Room for tools tools and failures failures (zeroed). 0 when out of
 * memory. */
static int make_room(tsig_tools *t, size_t tools, size_t failures)
{
    t->tools = tools ? calloc(tools, sizeof *t->tools) : NULL;
    t->failures = failures ? calloc(failures, sizeof *t->failures) : NULL;
    return (t->tools || !tools) && (t->failures || !failures);
}

/* The next failure of t, index index, its path and segments pointing into
 * its entry (to be written there), its message the error's. */
static tsig_tool_failure *add_failure(tsig_tools *t, size_t index)
{
    failure_entry *e = &t->failures[t->failure_count++];
    e->failure.index = index;
    e->failure.issue.path = e->path;
    e->failure.issue.segments = e->segments;
    e->failure.issue.message = e->failure.error.message;
    return &e->failure;
}

/* Checks json/len against the signature shape (enabled mode, no value
 * written) into *r. TSIG_OK or TSIG_ERR_NOMEM. */
static tsig_code check_text(const char *shape, const char *json, size_t len, tsig_result *r)
{
    tsig_error err;
    tsig_signature *sig = tsig_parse(shape, strlen(shape), &err);
    if (!sig) {
        memset(r, 0, sizeof *r);
        return TSIG_ERR_NOMEM;
    }
    tsig_validate_options opts = {TSIG_MODE_ENABLED, 0, 0, TSIG_VALUE_NEVER};
    tsig_code code = tsig_validate_json(sig, json, len, &opts, r);
    tsig_signature_free(sig);
    return code == TSIG_ERR_NOMEM ? TSIG_ERR_NOMEM : TSIG_OK;
}

/* A failure of the whole text for each error of the check: a value of the
 * wrong shape is TSIG_ERR_SCHEMA, any other TSIG_ERR_JSON. */
static int text_failures(tsig_tools *t, const char *json, size_t len)
{
    const tsig_result *r = &t->shape;
    if (!make_room(t, 0, r->error_count)) return 0;
    for (size_t i = 0; i < r->error_count; i++) {
        tsig_tool_failure *f = add_failure(t, TSIG_TOOLS_DOCUMENT);
        tsig_issue_code code = r->errors[i].code;
        f->issue = r->errors[i];
        if (r->json_error.code != TSIG_OK) {
            f->error = r->json_error;
        } else {
            tsig_error_set(&f->error,
                           code == TSIG_ISSUE_TYPE || code == TSIG_ISSUE_MISSING ? TSIG_ERR_SCHEMA
                                                                                 : TSIG_ERR_JSON,
                           json, len, r->errors[i].offset, "%.*s",
                           (int)r->errors[i].message_len, r->errors[i].message);
        }
    }
    return 1;
}

/* The failure of a text that holds no list of tools: at path prefix
 * ("tools" or ""), about the value at [at, end) (missing: the object
 * without a "tools" member). */
static int not_a_list(tsig_tools *t, const char *json, size_t len, const char *prefix,
                      int missing, size_t at, size_t end)
{
    static const char message[] = "expected a list of tools, or an object with a \"tools\" list";
    if (!make_room(t, 0, 1)) return 0;
    tsig_tool_failure *f = add_failure(t, TSIG_TOOLS_DOCUMENT);
    failure_entry *e = &t->failures[0];
    tsig_error_set(&f->error, TSIG_ERR_SCHEMA, json, len, at, "%s", message);
    memcpy(e->path, prefix, strlen(prefix) + 1);
    f->issue.path_len = strlen(prefix);
    if (*prefix) {
        e->segments[0].key = "tools";
        e->segments[0].key_len = 5;
        f->issue.segment_count = 1;
    }
    f->issue.message_len = strlen(f->error.message);
    f->issue.code = missing ? TSIG_ISSUE_MISSING : TSIG_ISSUE_TYPE;
    f->issue.offset = at;
    f->issue.length = end - at;
    return 1;
}

void tsig_tool_release(tsig_tool *tool)
{
    tsig_free((char *)tool->name);
    tsig_free((char *)tool->description);
    tsig_free((char *)tool->signature);
    tsig_signature_free((tsig_signature *)tool->sig);
    memset(tool, 0, sizeof *tool);
}

/* "an object", "an array", ...: what the JSON value at text[at] (read
 * before, so valid) is, for "found ..." in messages. */
static const char *value_kind(const char *text, size_t at)
{
    switch (text[at]) {
    case '{': return "an object";
    case '[': return "an array";
    case '"': return "a string";
    case 't': return "true";
    case 'f': return "false";
    case 'n': return "null";
    default: return "a number";
    }
}

/* Sets *err to the failure of a tool (text/len, its object at at) whose
 * "name" is absent (name NONE) or not a string. Returns its issue code. */
static tsig_issue_code fail_name(const char *text, size_t len, size_t at, size_t name,
                                 tsig_error *err)
{
    tsig_issue_code code = TSIG_ISSUE_MISSING;
    if (name == TSIG_JSON_NONE) {
        tsig_error_set(err, TSIG_ERR_SCHEMA, text, len, at, "#: expected a string \"name\", found none");
    } else {
        code = TSIG_ISSUE_TYPE;
        tsig_error_set(err, TSIG_ERR_SCHEMA, text, len, name, "#/name: expected a string, found %s",
                       value_kind(text, name));
    }
    tsig_error_hint(err, "MCP requires a name: a tool is {\"name\", \"description\", "
                         "\"inputSchema\", \"outputSchema\"}");
    return code;
}

/* Reads the "name" and the "description" (when they are strings) of the
 * tool object at json[at] into tool, and the canonical form of its
 * signature when it has one. 0 when out of memory. */
static int read_names(tsig_tool *tool, const char *json, size_t len, size_t at)
{
    int nomem = 0;
    tool->name = tsig_json_member_string(json, len, at, "name", &tool->name_len, NULL, &nomem);
    tool->description = tsig_json_member_string(json, len, at, "description",
                                                &tool->description_len, NULL, &nomem);
    if (tool->sig && !nomem) tool->signature = tsig_format(tool->sig, 0, &tool->signature_len);
    return !nomem && (!tool->sig || tool->signature);
}

/* See internal.h: the signature first (it reads the text whole), then the
 * name and the description of the object it was read from. */
int tsig_tool_read(const char *text, size_t len, unsigned flags, tsig_tool *tool,
                   tsig_messages *warnings, tsig_error *err, tsig_issue_code *code)
{
    tsig_issue_code ignored;
    if (!code) code = &ignored;
    memset(tool, 0, sizeof *tool);
    tsig_signature *sig = tsig_tool_from_json(text, len, flags, warnings, err);
    if (!sig) {
        *code = err->code == TSIG_ERR_TOO_DEEP ? TSIG_ISSUE_TOO_DEEP : TSIG_ISSUE_SCHEMA;
        return 0;
    }
    tool->sig = sig;
    size_t at = tsig_json_value_start(text, len);
    int nomem = 0;
    size_t name = tsig_json_member(text, len, at, "name", 4, 0, &nomem);
    if (!nomem && (name == TSIG_JSON_NONE || text[name] != '"')) {
        *code = fail_name(text, len, at, name, err);
        goto failed;
    }
    if (nomem || !read_names(tool, text, len, at)) {
        tsig_error_set(err, TSIG_ERR_NOMEM, "", 0, 0, "out of memory");
        goto failed;
    }
    tool->warnings = warnings->items;
    tool->warning_count = warnings->count;
    return 1;
failed:
    tsig_tool_release(tool);
    tsig_messages_free(warnings);
    return 0;
}

/*
 * Converts the element [start, end) of json, index i of the list (prefix
 * "tools" or ""): a tool appended to t->tools, or a failure appended to
 * t->failures. 0 when out of memory.
 */
static int convert(tsig_tools *t, const char *json, size_t len, size_t start, size_t end,
                   size_t i, const char *prefix, unsigned flags)
{
    const char *text = json + start;
    size_t text_len = end - start;
    tool_entry *e = &t->tools[t->count];
    tsig_error err;
    tsig_issue_code code;
    if (tsig_tool_read(text, text_len, flags, &e->tool, &e->warnings, &err, &code)) {
        e->tool.index = i;
        t->count++;
        return 1;
    }
    if (err.code == TSIG_ERR_NOMEM) return 0;
    tsig_tool_failure *f = add_failure(t, i);
    failure_entry *fe = &t->failures[t->failure_count - 1];
    if (text[0] == '{') { /* a string "name" names even a tool that failed */
        int nomem = 0;
        f->name = tsig_json_member_string(json, len, start, "name", &f->name_len, NULL, &nomem);
        if (nomem) return 0;
    }
    f->error = err;
    f->issue.path_len = (size_t)tsig_snprintf(fe->path, sizeof fe->path, "%s[%zu]", prefix, i);
    size_t k = 0;
    if (*prefix) {
        fe->segments[k].key = "tools";
        fe->segments[k++].key_len = 5;
    }
    fe->segments[k++].index = i;
    f->issue.segment_count = k;
    f->issue.message_len = strlen(f->error.message);
    f->issue.code = code;
    f->issue.offset = start;
    f->issue.length = text_len;
    return 1;
}

/*
 * Reads element i of the checked list of signatures json/len, the object
 * at at, into t: a tool (without "sig": no signature), or a failure for a
 * "sig" that does not parse, about that string. 0 when out of memory.
 */
static int read_signature_tool(tsig_tools *t, const char *json, size_t len, size_t at, size_t i)
{
    /* the next tool's and the next failure's places, zeroed by calloc */
    tsig_tool *tool = &t->tools[t->count].tool;
    failure_entry *fe = &t->failures[t->failure_count];
    int nomem = 0;
    size_t sig_len = 0, span[2];
    char *text = tsig_json_member_string(json, len, at, "sig", &sig_len, span, &nomem);
    int has_sig = text != NULL;
    tool->index = i;
    if (!nomem && has_sig) {
        tool->sig = tsig_parse(text, sig_len, &fe->failure.error);
        nomem = !tool->sig && fe->failure.error.code == TSIG_ERR_NOMEM;
    }
    tsig_free(text);
    /* the shape says the name is there */
    nomem = nomem || !read_names(tool, json, len, at) || !tool->name;
    if (nomem || tool->sig || !has_sig) {
        if (nomem) tsig_tool_release(tool);
        else t->count++;
        return !nomem;
    }
    tsig_tool_failure *f = add_failure(t, i);
    f->name = tool->name;
    f->name_len = tool->name_len;
    tool->name = NULL;
    tsig_tool_release(tool);
    f->issue.message = fe->message;
    f->issue.message_len = (size_t)tsig_snprintf(fe->message, sizeof fe->message,
                                                 "signature error at %zu:%zu: %s",
                                                 f->error.line, f->error.column, f->error.message);
    f->issue.path_len = (size_t)tsig_snprintf(fe->path, sizeof fe->path, "[%zu].sig", i);
    fe->segments[0].index = i;
    fe->segments[1].key = "sig";
    fe->segments[1].key_len = 3;
    f->issue.segment_count = 2;
    f->issue.code = TSIG_ISSUE_SIGNATURE;
    f->issue.offset = span[0];
    f->issue.length = span[1] - span[0];
    return 1;
}

/* Reads the list of the checked text json/len into t: of tool definitions
 * (tsig_tool_read of each), or, signatures set, of signatures. 0 when out
 * of memory. */
static int read_list(tsig_tools *t, const char *json, size_t len, unsigned flags, int signatures)
{
    size_t list = tsig_json_value_start(json, len);
    const char *prefix = "";
    int nomem = 0;
    if (!signatures && json[list] == '{') {
        size_t object = list;
        list = tsig_json_member(json, len, object, "tools", 5, 0, &nomem);
        if (nomem) return 0;
        prefix = "tools";
        if (list == TSIG_JSON_NONE)
            return not_a_list(t, json, len, prefix, 1, object, tsig_json_value_end(json, len, object));
    }
    if (!signatures && json[list] != '[')
        return not_a_list(t, json, len, prefix, 0, list, tsig_json_value_end(json, len, list));

    size_t count;
    size_t *spans = tsig_json_element_spans(json, len, list, &count, &nomem);
    int ok = !nomem && make_room(t, count, count);
    for (size_t i = 0; ok && i < count; i++)
        ok = signatures ? read_signature_tool(t, json, len, spans[2 * i], i)
                        : convert(t, json, len, spans[2 * i], spans[2 * i + 1], i, prefix, flags);
    free(spans);
    return ok;
}

/* Both readers: the text checked against shape; when it passes, read as a
 * list of tool definitions or, signatures set, of signatures. */
static tsig_code read_tools(const char *json, size_t len, const char *shape, unsigned flags,
                            int signatures, tsig_tools **out, tsig_error *err)
{
    tsig_error ignored;
    if (!err) err = &ignored;
    if (out) *out = NULL;
    if (!out || (!json && len)) {
        tsig_error_set(err, TSIG_ERR_ARGUMENT, "", 0, 0, "no text or no place for the list");
        return TSIG_ERR_ARGUMENT;
    }
    if (!json) json = ""; /* no text: a JSON error, as for "" */
    tsig_tools *t = calloc(1, sizeof *t);
    if (!t) goto nomem;
    if (check_text(shape, json, len, &t->shape) != TSIG_OK) goto nomem;
    if (!t->shape.ok ? !text_failures(t, json, len) : !read_list(t, json, len, flags, signatures))
        goto nomem;
    *out = t;
    return TSIG_OK;
nomem:
    tsig_tools_free(t);
    tsig_error_set(err, TSIG_ERR_NOMEM, "", 0, 0, "out of memory");
    return TSIG_ERR_NOMEM;
}

tsig_code tsig_tools_from_json(const char *json, size_t len, unsigned flags,
                               tsig_tools **out, tsig_error *err)
{
    return read_tools(json, len, ":any", flags, 0, out, err);
}

tsig_code tsig_tools_from_signatures(const char *json, size_t len, tsig_tools **out,
                                     tsig_error *err)
{
    return read_tools(json, len, SIGNATURES_SHAPE, 0, 1, out, err);
}

void tsig_tools_free(tsig_tools *t)
{
    if (!t) return;
    for (size_t i = 0; i < t->count; i++) {
        tsig_tool_release(&t->tools[i].tool);
        tsig_messages_free(&t->tools[i].warnings);
    }
    for (size_t i = 0; i < t->failure_count; i++) {
        tsig_free((char *)t->failures[i].failure.name);
    }
    free(t->tools);
    free(t->failures);
    tsig_result_free(&t->shape);
    free(t);
}

size_t tsig_tools_count(const tsig_tools *t)
{
    return t ? t->count : 0;
}

const tsig_tool *tsig_tools_get(const tsig_tools *t, size_t i)
{
    return t && i < t->count ? &t->tools[i].tool : NULL;
}

size_t tsig_tools_failure_count(const tsig_tools *t)
{
    return t ? t->failure_count : 0;
}

const tsig_tool_failure *tsig_tools_failure(const tsig_tools *t, size_t i)
{
    return t && i < t->failure_count ? &t->failures[i].failure : NULL;
}

/* ---- reading text read before (so valid) --------------------------- */

size_t tsig_json_value_start(const char *json, size_t len)
{
    tsig_error ignored;
    tsig_json j;
    tsig_json_init(&j, json, len, 0, &ignored);
    return tsig_json_ws(&j, j.pos);
}

size_t tsig_json_value_end(const char *json, size_t len, size_t at)
{
    tsig_error ignored;
    tsig_json j;
    tsig_json_init(&j, json, len, (size_t)-1, &ignored);
    j.trusted = 1;
    j.pos = at;
    tsig_json_skip(&j);
    return j.pos;
}

char *tsig_json_member_string(const char *json, size_t len, size_t at, const char *key,
                              size_t *out_len, size_t *span, int *nomem)
{
    size_t v = tsig_json_member(json, len, at, key, strlen(key), 0, nomem);
    if (v == TSIG_JSON_NONE || json[v] != '"') return NULL;
    tsig_error ignored;
    tsig_json j;
    tsig_json_init(&j, json, len, 0, &ignored);
    j.trusted = 1;
    j.pos = v;
    tsig_json_span s;
    if (!tsig_json_string(&j, &s)) return NULL;
    if (span) {
        span[0] = v;
        span[1] = j.pos;
    }
    char *text = malloc(s.len + 1);
    if (!text) {
        *nomem = 1;
        return NULL;
    }
    size_t n = tsig_json_unescape(json + s.start, s.len, text);
    text[n] = '\0';
    if (out_len) *out_len = n;
    return text;
}

size_t *tsig_json_element_spans(const char *json, size_t len, size_t at, size_t *count,
                                int *nomem)
{
    tsig_error ignored;
    tsig_json j;
    tsig_json_init(&j, json, len, (size_t)-1, &ignored);
    j.trusted = 1;
    j.pos = at;
    size_t *spans = NULL, n = 0, cap = 0;
    *count = 0;
    tsig_json_enter(&j);
    for (;;) {
        tsig_json_skip_ws(&j);
        if (j.pos >= j.len || j.src[j.pos] == ']') break;
        if (n == cap) {
            cap = cap ? cap * 2 : 8;
            size_t *grown = realloc(spans, 2 * cap * sizeof *grown);
            if (!grown) {
                free(spans);
                *nomem = 1;
                return NULL;
            }
            spans = grown;
        }
        spans[2 * n] = j.pos;
        if (!tsig_json_skip(&j)) break;
        spans[2 * n++ + 1] = j.pos;
        tsig_json_skip_ws(&j);
        if (j.pos >= j.len || j.src[j.pos] != ',') break;
        j.pos++;
    }
    *count = n;
    return spans;
}
