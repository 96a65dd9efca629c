/*
 * tools.c: lists of tools, read into the tools that converted and a
 * failure for each one that did not: an MCP tools/list result or a bare
 * list of tool definitions (tsig_tools_from_json), or a list of tools
 * given by their signatures' text, as prompts take them
 * (tsig_tools_from_signatures).
 *
 * The text is read once, into a tree with spans (tsig_import_read): the
 * list is the document or its "tools" member, and each element is
 * converted from its subtree (tsig_tool_from_tree), its problems
 * positioned in its own text by the spans. Only a text that does not read
 * (not JSON, too deep, a repeated key, too large) is read again, by the
 * validator as it reads any JSON, so that its problems have paths, codes
 * and spans like every issue. A list of signatures is checked by the
 * validator against its shape first, then read into a tree the same way,
 * each "sig" going to tsig_parse. The helpers at the end read text read
 * before, for api.c.
 */
#include "internal.h"

#include "cJSON.h"

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

/* Room for tools tools and failures failures (zeroed; one more of each, so
 * that none is no allocation of nothing). 0 when out of memory. */
static int make_room(tsig_tools *t, size_t tools, size_t failures)
{
    t->tools = calloc(tools + 1, sizeof *t->tools);
    t->failures = calloc(failures + 1, sizeof *t->failures);
    return t->tools && t->failures;
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

/* "an object", "an array", ...: what the value v is, for "found ..." in
 * messages. */
static const char *value_kind(const cJSON *v)
{
    if (cJSON_IsObject(v)) return "an object";
    if (cJSON_IsArray(v)) return "an array";
    if (cJSON_IsString(v)) return "a string";
    if (cJSON_IsTrue(v)) return "true";
    if (cJSON_IsFalse(v)) return "false";
    if (cJSON_IsNull(v)) return "null";
    return "a number";
}

/* Sets *err to the failure of a tool (the object at offset at of text/len)
 * whose "name" (NULL: absent; else at offset name_at) is not a string.
 * Returns its issue code. */
static tsig_issue_code fail_name(const char *text, size_t len, size_t at, const cJSON *name,
                                 size_t name_at, tsig_error *err)
{
    tsig_issue_code code = TSIG_ISSUE_MISSING;
    if (!name) {
        tsig_error_set(err, TSIG_ERR_SCHEMA, text, len, at, "#: expected a string \"name\", found none");
    } else {
        code = TSIG_ISSUE_TYPE;
        tsig_error_set(err, TSIG_ERR_SCHEMA, text, len, name_at,
                       "#/name: expected a string, found %s", value_kind(name));
    }
    tsig_error_hint(err, "MCP requires a name: a tool is {\"name\", \"description\", "
                         "\"inputSchema\", \"outputSchema\"}");
    return code;
}

/* The string member key of the object v of a tree read from text with
 * spans, decoded from the text at its span as every string the core hands
 * back (an unpaired surrogate kept as its bytes; the tree has U+FFFD): a
 * NUL-terminated copy freed with tsig_free (length in *out_len), NULL when
 * absent or not a string, or when out of memory (then *nomem is set). */
static char *member_string(const cJSON *v, const char *text, const char *key, size_t *out_len,
                           int *nomem)
{
    const cJSON *m = cJSON_GetObjectItemCaseSensitive(v, key);
    if (!cJSON_IsString(m)) return NULL;
    const tsig_tree_span *sp = tsig_json_tree_span(m);
    size_t raw = sp->end - sp->start - 2; /* between the quotes */
    char *s = malloc(raw + 1);
    if (!s) {
        *nomem = 1;
        return NULL;
    }
    size_t n = tsig_json_unescape(text + sp->start + 1, raw, s);
    s[n] = '\0';
    *out_len = n;
    return s;
}

/*
 * tsig_tool_read for the tool node of a tree read from text with spans
 * (tsig_import_read's flags), whose own text is text[base, base + len)
 * (errors are positioned in it): the signature first (converting reads
 * the whole object), then the name and the description. *tool starts
 * zeroed; on failure it and *warnings are left empty.
 */
static int read_tool(const cJSON *node, const char *text, size_t base, size_t len,
                     unsigned flags, tsig_tool *tool, tsig_messages *warnings, tsig_error *err,
                     tsig_issue_code *code)
{
    tsig_signature *sig = tsig_tool_from_tree(node, text, base, len, flags, warnings, err);
    if (!sig) {
        *code = err->code == TSIG_ERR_TOO_DEEP ? TSIG_ISSUE_TOO_DEEP : TSIG_ISSUE_SCHEMA;
        return 0;
    }
    tool->sig = sig;
    node = tsig_tool_body(node);
    const cJSON *name = cJSON_GetObjectItemCaseSensitive(node, "name");
    if (!cJSON_IsString(name)) {
        size_t name_at = name ? tsig_json_tree_span(name)->start - base : 0;
        *code = fail_name(text + base, len, tsig_json_tree_span(node)->start - base, name,
                          name_at, err);
        goto failed;
    }
    int nomem = 0;
    tool->name = member_string(node, text, "name", &tool->name_len, &nomem);
    tool->description = member_string(node, text, "description", &tool->description_len, &nomem);
    tool->signature = nomem ? NULL : tsig_format(sig, 0, &tool->signature_len);
    if (!tool->signature) {
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

/* See internal.h: the text read once (tsig_import_read), then read_tool. */
int tsig_tool_read(const char *text, size_t len, unsigned flags, tsig_tool *tool,
                   tsig_messages *warnings, tsig_error *err, tsig_issue_code *code)
{
    tsig_issue_code ignored;
    if (!code) code = &ignored;
    memset(tool, 0, sizeof *tool);
    cJSON *root = tsig_import_read(text, len, flags, warnings, err);
    if (!root) {
        *code = err->code == TSIG_ERR_TOO_DEEP ? TSIG_ISSUE_TOO_DEEP : TSIG_ISSUE_SCHEMA;
        return 0;
    }
    int ok = read_tool(root, text, 0, len, flags, tool, warnings, err, code);
    cJSON_Delete(root);
    return ok;
}

/*
 * Converts e, element i of the list (prefix "tools" or "") of a tree read
 * from json with spans: a tool appended to t->tools, or a failure
 * appended to t->failures. 0 when out of memory.
 */
static int convert(tsig_tools *t, const char *json, const cJSON *e, size_t i,
                   const char *prefix, unsigned flags)
{
    const tsig_tree_span *sp = tsig_json_tree_span(e);
    size_t start = sp->start, text_len = sp->end - sp->start;
    tool_entry *te = &t->tools[t->count];
    tsig_error err;
    tsig_issue_code code;
    if (read_tool(e, json, start, text_len, flags, &te->tool, &te->warnings, &err, &code)) {
        te->tool.index = i;
        t->count++;
        return 1;
    }
    if (err.code == TSIG_ERR_NOMEM) return 0;
    tsig_tool_failure *f = add_failure(t, i);
    failure_entry *fe = &t->failures[t->failure_count - 1];
    if (cJSON_IsObject(e)) { /* a string "name" names even a tool that failed */
        int nomem = 0;
        f->name = member_string(e, json, "name", &f->name_len, &nomem);
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
 * Reads e, element i of a list of signatures checked against its shape
 * and read from json with spans, into t: a tool (without "sig": no
 * signature), or a failure for a "sig" that does not parse, about that
 * string. 0 when out of memory.
 */
static int read_signature_tool(tsig_tools *t, const char *json, const cJSON *e, size_t i)
{
    /* the next tool's and the next failure's places, zeroed by calloc */
    tsig_tool *tool = &t->tools[t->count].tool;
    failure_entry *fe = &t->failures[t->failure_count];
    int nomem = 0;
    size_t sig_len = 0;
    char *text = member_string(e, json, "sig", &sig_len, &nomem);
    int has_sig = text != NULL;
    tool->index = i;
    if (has_sig) {
        tool->sig = tsig_parse(text, sig_len, &fe->failure.error);
        nomem = !tool->sig && fe->failure.error.code == TSIG_ERR_NOMEM;
    }
    tsig_free(text);
    /* the shape says the name is there */
    tool->name = member_string(e, json, "name", &tool->name_len, &nomem);
    tool->description = member_string(e, json, "description", &tool->description_len, &nomem);
    if (tool->sig && !nomem) tool->signature = tsig_format(tool->sig, 0, &tool->signature_len);
    nomem = nomem || !tool->name || (tool->sig && !tool->signature);
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
    const tsig_tree_span *sp = tsig_json_tree_span(cJSON_GetObjectItemCaseSensitive(e, "sig"));
    f->issue.offset = sp->start;
    f->issue.length = sp->end - sp->start;
    return 1;
}

/* Reads the list of the tree root, read from json/len with spans, into t:
 * of tool definitions (read_tool of each), or, signatures set, of
 * signatures. 0 when out of memory. */
static int read_list(tsig_tools *t, const char *json, size_t len, const cJSON *root,
                     unsigned flags, int signatures)
{
    const cJSON *list = root;
    const char *prefix = "";
    if (!signatures && cJSON_IsObject(root)) {
        prefix = "tools";
        list = cJSON_GetObjectItemCaseSensitive(root, "tools");
        const tsig_tree_span *sp = tsig_json_tree_span(root);
        if (!list) return not_a_list(t, json, len, prefix, 1, sp->start, sp->end);
    }
    if (!cJSON_IsArray(list)) {
        const tsig_tree_span *sp = tsig_json_tree_span(list);
        return not_a_list(t, json, len, prefix, 0, sp->start, sp->end);
    }
    size_t count = 0;
    for (const cJSON *e = list->child; e; e = e->next) count++;
    if (!make_room(t, count, count)) return 0;
    size_t i = 0;
    for (const cJSON *e = list->child; e; e = e->next, i++)
        if (!(signatures ? read_signature_tool(t, json, e, i)
                         : convert(t, json, e, i, prefix, flags)))
            return 0;
    return 1;
}

/* Both readers. A list of tools is read into a tree; only a text that does
 * not read is checked by the validator, as any JSON, for its failures. A
 * list of signatures is checked against its shape first, then read. */
static tsig_code read_tools(const char *json, size_t len, unsigned flags, int signatures,
                            tsig_tools **out, tsig_error *err)
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
    int ok = 1;
    if (signatures) {
        if (check_text(SIGNATURES_SHAPE, json, len, &t->shape) != TSIG_OK) goto nomem;
        if (!t->shape.ok) ok = text_failures(t, json, len);
    }
    if (ok && (!signatures || t->shape.ok)) {
        /* The list is read without the caller's flags: each tool is
         * converted with them (and fails alone when they are not flags). */
        tsig_error read_err;
        cJSON *root = tsig_import_read(json, len, 0, NULL, &read_err);
        if (root) {
            ok = read_list(t, json, len, root, flags, signatures);
            cJSON_Delete(root);
        } else if (read_err.code == TSIG_ERR_NOMEM || signatures) {
            ok = 0; /* a list of signatures that passed its check reads */
        } else {
            /* the same reader refused it: the validator says why, as for
             * any JSON */
            ok = check_text(":any", json, len, &t->shape) == TSIG_OK && text_failures(t, json, len);
        }
    }
    if (!ok) goto nomem;
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
    return read_tools(json, len, flags, 0, out, err);
}

tsig_code tsig_tools_from_signatures(const char *json, size_t len, tsig_tools **out,
                                     tsig_error *err)
{
    return read_tools(json, len, 0, 1, out, err);
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
