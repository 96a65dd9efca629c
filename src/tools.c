/*
 * tools.c: lists of tools (tsig_tools_from_json): an MCP tools/list result
 * or a bare list of tool definitions, read into the tools that converted
 * and a failure for each one that did not.
 *
 * The text is read once, into a tree with spans (tsig_import_read): the
 * list is the document or its "tools" member, and each element is
 * converted from its subtree (tsig_tool_from_tree), its problems
 * positioned in its own text by the spans. Only a text that does not read
 * (not JSON, too deep, a repeated key, too large) is read again, by the
 * validator as it reads any JSON, so that its problems have paths, codes
 * and spans like every issue. The helpers at the end read text read
 * before, for api.c.
 */
#include "internal.h"

#include "cJSON.h"

#include <stdlib.h>
#include <string.h>

/* Storage of a failure that its public view points into. */
typedef struct failure_store {
    char path[48];        /* "tools[18446744073709551615]" fits */
    tsig_segment segments[2];
} failure_store;

struct tsig_tools {
    tsig_tool *tools;
    size_t count;
    tsig_tool_failure *failures;
    failure_store *stores; /* one per failure (tool failures only use it) */
    size_t failure_count;
    tsig_messages *warnings; /* one per tool */
    tsig_result shape;       /* the check of the text: its issues stay alive here */
};

/* Checks json/len as the validator reads any value (enabled mode, no value
 * written) into *r. TSIG_OK or TSIG_ERR_NOMEM. */
static tsig_code check_text(const char *json, size_t len, tsig_result *r)
{
    tsig_error err;
    tsig_signature *any = tsig_parse(":any", 4, &err);
    if (!any) {
        memset(r, 0, sizeof *r);
        return TSIG_ERR_NOMEM;
    }
    tsig_validate_options opts = {TSIG_MODE_ENABLED, 0, 0, TSIG_VALUE_NEVER};
    tsig_code code = tsig_validate_json(any, json, len, &opts, r);
    tsig_signature_free(any);
    return code == TSIG_ERR_NOMEM ? TSIG_ERR_NOMEM : TSIG_OK;
}

/* A failure of the whole text for each error of the check. */
static int text_failures(tsig_tools *t, const char *json, size_t len)
{
    const tsig_result *r = &t->shape;
    t->failures = calloc(r->error_count, sizeof *t->failures);
    if (!t->failures) return 0;
    for (size_t i = 0; i < r->error_count; i++) {
        tsig_tool_failure *f = &t->failures[t->failure_count++];
        f->index = TSIG_TOOLS_DOCUMENT;
        f->issue = r->errors[i];
        if (r->json_error.code != TSIG_OK) {
            f->error = r->json_error;
        } else {
            tsig_error_set(&f->error, TSIG_ERR_JSON, json, len, r->errors[i].offset, "%.*s",
                           (int)r->errors[i].message_len, r->errors[i].message);
        }
    }
    return 1;
}

/* The failure of a text that holds no list of tools: at path prefix
 * ("tools" or ""), about the value at [at, end) (missing: the object
 * without a "tools" member). 0 when out of memory. */
static int not_a_list(tsig_tools *t, const char *json, size_t len, const char *prefix,
                      int missing, size_t at, size_t end)
{
    static const char message[] = "expected a list of tools, or an object with a \"tools\" list";
    t->failures = calloc(1, sizeof *t->failures);
    t->stores = calloc(1, sizeof *t->stores);
    if (!t->failures || !t->stores) return 0;
    tsig_tool_failure *f = &t->failures[0];
    failure_store *st = &t->stores[0];
    t->failure_count = 1;
    f->index = TSIG_TOOLS_DOCUMENT;
    tsig_error_set(&f->error, TSIG_ERR_SCHEMA, json, len, at, "%s", message);
    memcpy(st->path, prefix, strlen(prefix) + 1);
    f->issue.path = st->path;
    f->issue.path_len = strlen(prefix);
    if (*prefix) {
        st->segments[0].key = "tools";
        st->segments[0].key_len = 5;
        f->issue.segments = st->segments;
        f->issue.segment_count = 1;
    }
    f->issue.message = f->error.message;
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
    tsig_tool tool;
    tsig_error err;
    tsig_issue_code code;
    memset(&tool, 0, sizeof tool);
    if (read_tool(e, json, start, text_len, flags, &tool, &t->warnings[t->count], &err, &code)) {
        tool.index = i;
        t->tools[t->count++] = tool;
        return 1;
    }
    if (err.code == TSIG_ERR_NOMEM) return 0;
    tsig_tool_failure *f = &t->failures[t->failure_count];
    failure_store *st = &t->stores[t->failure_count++];
    f->index = i;
    if (cJSON_IsObject(e)) { /* a string "name" names even a tool that failed */
        int nomem = 0;
        f->name = member_string(e, json, "name", &f->name_len, &nomem);
        if (nomem) return 0;
    }
    f->error = err;
    int n = tsig_snprintf(st->path, sizeof st->path, "%s[%zu]", prefix, i);
    f->issue.path = st->path;
    f->issue.path_len = (size_t)n;
    size_t k = 0;
    if (*prefix) {
        st->segments[k].key = "tools";
        st->segments[k++].key_len = 5;
    }
    st->segments[k++].index = i;
    f->issue.segments = st->segments;
    f->issue.segment_count = k;
    f->issue.message = f->error.message;
    f->issue.message_len = strlen(f->error.message);
    f->issue.code = code;
    f->issue.offset = start;
    f->issue.length = text_len;
    return 1;
}

/* Reads the list of the tree root, read from json/len with spans, into t.
 * 0 when out of memory. */
static int read_list(tsig_tools *t, const char *json, size_t len, const cJSON *root,
                     unsigned flags)
{
    const cJSON *list = root;
    const char *prefix = "";
    if (cJSON_IsObject(root)) {
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
    if (count) {
        t->tools = calloc(count, sizeof *t->tools);
        t->warnings = calloc(count, sizeof *t->warnings);
        t->failures = calloc(count, sizeof *t->failures);
        t->stores = calloc(count, sizeof *t->stores);
        if (!t->tools || !t->warnings || !t->failures || !t->stores) return 0;
    }
    size_t i = 0;
    for (const cJSON *e = list->child; e; e = e->next, i++)
        if (!convert(t, json, e, i, prefix, flags)) return 0;
    return 1;
}

tsig_code tsig_tools_from_json(const char *json, size_t len, unsigned flags,
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
    /* The list is read without the caller's flags: each tool is converted
     * with them (and fails alone when they are not flags). */
    tsig_error read_err;
    cJSON *root = tsig_import_read(json, len, 0, NULL, &read_err);
    int ok;
    if (root) {
        ok = read_list(t, json, len, root, flags);
        cJSON_Delete(root);
    } else if (read_err.code == TSIG_ERR_NOMEM) {
        ok = 0;
    } else {
        /* the same reader refused it: the validator says why, as for any
         * JSON */
        ok = check_text(json, len, &t->shape) == TSIG_OK && text_failures(t, json, len);
    }
    if (!ok) goto nomem;
    *out = t;
    return TSIG_OK;
nomem:
    tsig_tools_free(t);
    tsig_error_set(err, TSIG_ERR_NOMEM, "", 0, 0, "out of memory");
    return TSIG_ERR_NOMEM;
}

void tsig_tools_free(tsig_tools *t)
{
    if (!t) return;
    for (size_t i = 0; i < t->count; i++) {
        tsig_tool_release(&t->tools[i]);
        tsig_messages_free(&t->warnings[i]);
    }
    for (size_t i = 0; i < t->failure_count; i++) tsig_free((char *)t->failures[i].name);
    free(t->tools);
    free(t->warnings);
    free(t->failures);
    free(t->stores);
    tsig_result_free(&t->shape);
    free(t);
}

size_t tsig_tools_count(const tsig_tools *t)
{
    return t ? t->count : 0;
}

const tsig_tool *tsig_tools_get(const tsig_tools *t, size_t i)
{
    return t && i < t->count ? &t->tools[i] : NULL;
}

size_t tsig_tools_failure_count(const tsig_tools *t)
{
    return t ? t->failure_count : 0;
}

const tsig_tool_failure *tsig_tools_failure(const tsig_tools *t, size_t i)
{
    return t && i < t->failure_count ? &t->failures[i] : NULL;
}

void tsig_tool_members_append(tsig_strbuf *sb, const tsig_tool *tool)
{
    tsig_sb_puts(sb, "\"name\":");
    tsig_json_escape_or_null(sb, tool->name, tool->name_len);
    tsig_sb_puts(sb, ",\"signature\":");
    tsig_json_escape(sb, tool->signature, tool->signature_len);
    tsig_sb_puts(sb, ",\"description\":");
    tsig_json_escape_or_null(sb, tool->description, tool->description_len);
    tsig_sb_puts(sb, ",\"warnings\":[");
    for (size_t w = 0; w < tool->warning_count; w++) {
        if (w) tsig_sb_putc(sb, ',');
        tsig_json_escape(sb, tool->warnings[w], strlen(tool->warnings[w]));
    }
    tsig_sb_putc(sb, ']');
}

void tsig_tools_json_append(tsig_strbuf *sb, const tsig_tools *t)
{
    tsig_sb_putc(sb, '[');
    for (size_t i = 0; t && i < t->count; i++) {
        tsig_sb_puts(sb, i ? ",{" : "{");
        tsig_tool_members_append(sb, &t->tools[i]);
        tsig_sb_putc(sb, '}');
    }
    tsig_sb_putc(sb, ']');
}

char *tsig_tools_json(const tsig_tools *t, size_t *len)
{
    tsig_strbuf sb = {0};
    tsig_tools_json_append(&sb, t);
    return tsig_sb_finish(&sb, len);
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
                              size_t *out_len, int *nomem)
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
