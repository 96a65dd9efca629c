/*
 * template_render.c: filling a checked prompt template with argument
 * values (SPEC §8, tsig_render_template). The arguments are read by json.c
 * (tsig_json_tree); tags by template_tags.c; names resolve as the check
 * resolved them (template_check.c).
 */
#include "internal.h"

#include "cJSON.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------
 * Rendering (tsig_render_template)
 *
 * Choices where SPEC §8 only names the syntax:
 *   - falsy is exactly what the spec lists for inverted sections: absent,
 *     null, false, []. "" and 0 are values ({{#note}} renders for ""), and
 *     {} is a map (its section renders once);
 *   - nothing is escaped: prompts are not HTML, so "<", "&" and quotes
 *     reach the model as the arguments hold them;
 *   - a value that is a list or map is written as compact JSON, numbers
 *     and strings exactly as in the arguments text, keys starting with "_"
 *     (after "-" -> "_") left out at every depth;
 *   - a name resolves as the check resolved it (see lookup), so a
 *     template renders the values the check promised;
 *   - work is bounded: TSIG_TEMPLATE_MAX_STEPS tag visits (nested sections
 *     multiply) and max_len bytes of output, checked before each append
 *     allocates.
 * --------------------------------------------------------------------- */

/*
 * The state of one rendering. The arguments are a tree read by json.c
 * (tsig_json_tree, strings and keys as written). sc.stack[i] is the i-th
 * open section, as the check classified it; elem[i] is the value it
 * entered (NULL for one that entered nothing), so a name resolves over
 * both at once.
 */
typedef struct renderer {
    const char *tpl;
    size_t len;
    tsig_tpl_placed *tags;
    size_t tag_count;
    cJSON *args;
    tsig_tpl_scopes sc;                                  /* the sections being rendered */
    const cJSON *elem[TSIG_TEMPLATE_MAX_DEPTH]; /* the value each one entered */
    tsig_strbuf out;
    char *scratch;                              /* decoded keys and strings */
    size_t scratch_cap;
    size_t steps;
    tsig_code code; /* TSIG_OK until a limit or memory stops rendering */
    /* Maps with more than MEMBER_SCAN keys, indexed on their first lookup
     * (member): their keys, decoded, and a table of the maps by node. */
    struct member_key { const cJSON *node; size_t at, len; int pooled; } *mkeys;
    size_t mkey_count, mkey_cap;
    tsig_strbuf mpool;                          /* the decoded escaped keys */
    struct member_index { const cJSON *obj; tsig_table exact, alike; } *mindex;
    size_t mindex_count, mindex_cap;
    tsig_table mindex_of;                       /* entry: index in mindex */
    int mindex_began;
} renderer;

/*
 * The bytes of a string or key of the arguments, given as written: the
 * text itself when it holds no escapes, else its decoded form in
 * r->scratch (valid until the next call). NULL when out of memory.
 */
static const char *decode(renderer *r, const char *raw, size_t len, int escaped,
                          size_t *out_len)
{
    *out_len = len;
    if (!escaped) return raw;
    if (len > r->scratch_cap) {
        char *grown = realloc(r->scratch, len);
        if (!grown) {
            r->code = TSIG_ERR_NOMEM;
            return NULL;
        }
        r->scratch = grown;
        r->scratch_cap = len;
    }
    /* Decoding never lengthens: "\n" is 2 bytes for 1, "\u00e9" 6 for 2. */
    *out_len = tsig_json_unescape(raw, len, r->scratch);
    return r->scratch;
}

/* The decoded key of member n. NULL when out of memory. */
static const char *member_key(renderer *r, const cJSON *n, size_t *len)
{
    size_t raw_len = strlen(n->string);
    return decode(r, n->string, raw_len, memchr(n->string, '\\', raw_len) != NULL, len);
}

/* Maps with at most this many keys are scanned; larger ones are indexed
 * once, so that items x keys lookups stay linear. */
#define MEMBER_SCAN 8

/* tsig_table_key_of over the indexed keys: a key's decoded bytes. */
static const char *member_key_of(const void *ctx, size_t entry, size_t *len)
{
    const renderer *r = ctx;
    const struct member_key *k = &r->mkeys[entry];
    *len = k->len;
    return k->pooled ? r->mpool.data + k->at : k->node->string;
}

/* tsig_table_key_of over the indexed maps: the bytes of a map's address. */
static const char *member_obj_of(const void *ctx, size_t entry, size_t *len)
{
    *len = sizeof(const cJSON *);
    return (const char *)&((const renderer *)ctx)->mindex[entry].obj;
}

/* The index of the map obj (of more than MEMBER_SCAN keys), made on its
 * first lookup: its keys, exactly and after "-" -> "_" (the first key of
 * each spelling). NULL when out of memory (r->code set). */
static struct member_index *member_index(renderer *r, const cJSON *obj)
{
    const char *okey = (const char *)&obj;
    if (!r->mindex_began) {
        tsig_table_init(&r->mindex_of, 0, NULL, member_obj_of, r);
        r->mindex_began = 1;
    }
    size_t ohash = tsig_table_hash(&r->mindex_of, okey, sizeof obj);
    size_t found = tsig_table_find(&r->mindex_of, okey, sizeof obj, ohash);
    if (found == TSIG_TABLE_NOMEM) goto nomem;
    if (found != TSIG_TABLE_NONE) return &r->mindex[found];
    if (r->mindex_count == r->mindex_cap) {
        size_t cap = r->mindex_cap ? r->mindex_cap * 2 : 8;
        struct member_index *grown = realloc(r->mindex, cap * sizeof *grown);
        if (!grown) goto nomem;
        r->mindex = grown;
        r->mindex_cap = cap;
    }
    struct member_index *mi = &r->mindex[r->mindex_count++];
    mi->obj = obj;
    tsig_table_init(&mi->exact, 0, NULL, member_key_of, r);
    tsig_table_init(&mi->alike, 1, NULL, member_key_of, r);
    for (const cJSON *c = obj->child; c; c = c->next) {
        if (r->mkey_count == r->mkey_cap) {
            size_t cap = r->mkey_cap ? r->mkey_cap * 2 : 64;
            struct member_key *grown = realloc(r->mkeys, cap * sizeof *grown);
            if (!grown) goto nomem;
            r->mkeys = grown;
            r->mkey_cap = cap;
        }
        struct member_key *k = &r->mkeys[r->mkey_count];
        size_t raw_len = strlen(c->string);
        k->node = c;
        k->at = 0;
        k->len = raw_len;
        k->pooled = memchr(c->string, '\\', raw_len) != NULL;
        if (k->pooled) {
            size_t len;
            const char *key = decode(r, c->string, raw_len, 1, &len);
            if (!key) return NULL;
            k->at = r->mpool.len;
            k->len = len;
            tsig_sb_append(&r->mpool, key, len);
            if (r->mpool.failed) goto nomem;
        }
        size_t len;
        const char *key = member_key_of(r, r->mkey_count, &len);
        size_t entry = r->mkey_count++;
        if (tsig_table_add(&mi->exact, key, len, tsig_table_hash(&mi->exact, key, len),
                           entry) == TSIG_TABLE_NOMEM ||
            tsig_table_add(&mi->alike, key, len, tsig_table_hash(&mi->alike, key, len),
                           entry) == TSIG_TABLE_NOMEM)
            goto nomem;
    }
    if (tsig_table_add(&r->mindex_of, okey, sizeof obj, ohash, r->mindex_count - 1) ==
        TSIG_TABLE_NOMEM)
        goto nomem;
    return mi;
nomem:
    r->code = TSIG_ERR_NOMEM;
    return NULL;
}

/*
 * The value under the key seg[0..len) (compared after "-" -> "_") in the
 * map obj; NULL when obj is not a map or has no such key. The key spelled
 * exactly as the name wins over another spelling ("a-b" and "a_b" may both
 * be keys of a :map), then the first key alike. Firewalled keys need no
 * check here: no name can spell one (names start with a letter).
 */
static const cJSON *member(renderer *r, const cJSON *obj, const char *seg, size_t len)
{
    if (!obj || !cJSON_IsObject(obj)) return NULL;
    const cJSON *alike = NULL;
    size_t keys = 0;
    for (const cJSON *c = obj->child; c; c = c->next) {
        if (++keys > MEMBER_SCAN) {
            struct member_index *mi = member_index(r, obj);
            if (!mi) return NULL;
            size_t e = tsig_table_find(&mi->exact, seg, len, tsig_table_hash(&mi->exact, seg, len));
            if (e == TSIG_TABLE_NONE)
                e = tsig_table_find(&mi->alike, seg, len, tsig_table_hash(&mi->alike, seg, len));
            if (e == TSIG_TABLE_NOMEM) {
                r->code = TSIG_ERR_NOMEM;
                return NULL;
            }
            return e == TSIG_TABLE_NONE ? NULL : r->mkeys[e].node;
        }
        size_t key_len;
        const char *key = member_key(r, c, &key_len);
        if (!key) return NULL;
        if (!tsig_names_match(key, key_len, seg, len)) continue;
        if (memcmp(key, seg, len) == 0) return c;
        if (!alike) alike = c;
    }
    return alike;
}

/*
 * The value a well-formed name stands for, found as the check resolved it
 * (tsig_tpl_resolve_name): each section that entered a value, from the innermost
 * out, then the arguments. A section over a typed map owns the names of
 * its declared fields (absent or not in the data); a section over :map or
 * :any, or a typed map with "* T", owns the keys its value has (as in
 * Mustache, other names go on outward). The rest of the name walks into
 * maps. NULL when absent.
 */
static const cJSON *lookup(renderer *r, const char *name, size_t len)
{
    size_t first = 0;
    while (first < len && name[first] != '.') first++;
    const cJSON *v = NULL;
    int bound = 0;
    for (size_t i = r->sc.depth; i-- > 0 && !bound;) {
        const tsig_tpl_section *s = &r->sc.stack[i];
        if (!s->enters) continue;
        int owns = s->scope ? tsig_tpl_scope_owns(s, name, first) : 0;
        if (owns == 1) {
            v = member(r, r->elem[i], name, first);
            bound = 1;
        } else if (s->open || owns == 2) {
            v = member(r, r->elem[i], name, first);
            bound = v != NULL;
        }
    }
    if (!bound) {
        const tsig_signature *sig = r->sc.sig;
        if (!tsig_field_named(sig->params, sig->param_count, name, first, 0)) return NULL;
        v = member(r, r->args, name, first);
    }
    for (size_t seg = first; seg < len && v;) {
        size_t end = ++seg;
        while (end < len && name[end] != '.') end++;
        v = member(r, v, name + seg, end - seg);
        seg = end;
    }
    return v;
}

/* Appends a string value: its decoded text, with any lone surrogate
 * ("\ud800" in the JSON) written as U+FFFD so the output stays UTF-8. */
static void put_string(renderer *r, const cJSON *n)
{
    size_t len;
    const char *s = decode(r, n->valuestring, strlen(n->valuestring), n->valueint, &len);
    if (!s) return;
    size_t run = 0;
    for (size_t i = 0; n->valueint && i + 2 < len; i++) {
        unsigned char c = (unsigned char)s[i], d = (unsigned char)s[i + 1];
        if (c == 0xED && d >= 0xA0) { /* WTF-8 of U+D800..U+DFFF */
            tsig_sb_append(&r->out, s + run, i - run);
            tsig_sb_puts(&r->out, "\xEF\xBF\xBD");
            i += 2;
            run = i + 1;
        }
    }
    tsig_sb_append(&r->out, s + run, len - run);
}

/*
 * Appends a value as prompt text: a string as it is (no escaping of any
 * kind: prompts are not HTML), a number as written, true/false, nothing
 * for null or an absent value, a list or map as compact JSON.
 */
static void put_value(renderer *r, const cJSON *n)
{
    if (!n || cJSON_IsNull(n)) return;
    if (cJSON_IsString(n)) {
        put_string(r, n);
    } else {
        /* as written in the arguments, firewalled keys left out (SPEC §7) */
        tsig_json_tree_write(&r->out, n, TSIG_TREE_AS_WRITTEN, tsig_firewall_strip);
    }
}

/* Counts one step of work; 0 (r->code set) once rendering is over a
 * limit or out of memory. */
static int step(renderer *r)
{
    if (r->code != TSIG_OK) return 0;
    if (r->out.failed) {
        r->code = r->out.over ? TSIG_ERR_TOO_LARGE : TSIG_ERR_NOMEM;
        return 0;
    }
    if (++r->steps > TSIG_TEMPLATE_MAX_STEPS || r->out.len > TSIG_MAX_INPUT) {
        r->code = TSIG_ERR_TOO_LARGE;
        return 0;
    }
    return 1;
}

static void render_range(renderer *r, size_t first, size_t last, size_t from,
                         size_t to);

/*
 * Renders the section whose opening tag is r->tags[at] (SPEC §8 semantics,
 * as Mustache): {{#x}} renders its body once per element of a non-empty
 * list (entering each), once for a map (entering it), and once for any
 * other value that is present and not null or false; {{^x}} renders it
 * once exactly when {{#x}} would not (absent, null, false, empty list).
 */
static void render_section(renderer *r, size_t at)
{
    const tsig_tpl_placed *open = &r->tags[at];
    const tsig_tpl_placed *close = &r->tags[open->match];
    tsig_tpl_section *s = &r->sc.stack[r->sc.depth];
    memset(s, 0, sizeof *s);
    s->kind = open->t.kind;
    s->name = open->t.name;
    s->name_len = open->t.name_len;
    s->offset = open->t.start;
    const tsig_type *type = NULL;
    tsig_strbuf unused = {0};
    if (tsig_tpl_resolve_name(&r->sc, open->t.name, open->t.name_len, &type, &unused))
        tsig_tpl_enter_section(s, type, &unused);
    tsig_sb_release(&unused);

    const cJSON *n = lookup(r, open->t.name, open->t.name_len);
    int truthy = n && !cJSON_IsNull(n) && !cJSON_IsFalse(n) &&
                 !(cJSON_IsArray(n) && !n->child);
    size_t depth = r->sc.depth++;
    if (s->kind == TSIG_TAG_INVERTED) {
        r->elem[depth] = NULL;
        if (!truthy) render_range(r, at + 1, open->match, open->after, close->before);
    } else if (truthy && cJSON_IsArray(n)) {
        for (const cJSON *c = n->child; c && step(r); c = c->next) {
            r->elem[depth] = c;
            render_range(r, at + 1, open->match, open->after, close->before);
        }
    } else if (truthy) {
        r->elem[depth] = n;
        render_range(r, at + 1, open->match, open->after, close->before);
    }
    r->sc.depth--;
}

/*
 * Renders the template text tpl[from..to) holding the tags
 * r->tags[first..last): text as it is, every tag replaced by what it
 * stands for. Recursion follows section nesting (at most
 * TSIG_TEMPLATE_MAX_DEPTH).
 */
static void render_range(renderer *r, size_t first, size_t last, size_t from,
                         size_t to)
{
    size_t pos = from;
    for (size_t i = first; i < last && step(r);) {
        const tsig_tpl_placed *rt = &r->tags[i];
        tsig_sb_append(&r->out, r->tpl + pos, rt->before - pos);
        if (rt->t.kind == TSIG_TAG_NAME) {
            put_value(r, lookup(r, rt->t.name, rt->t.name_len));
        } else if (rt->t.kind == TSIG_TAG_DOT) {
            /* The value of the innermost section that entered one. */
            for (size_t d = r->sc.depth; d-- > 0;) {
                if (r->sc.stack[d].enters) {
                    put_value(r, r->elem[d]);
                    break;
                }
            }
        } else if (rt->t.kind == TSIG_TAG_SECTION || rt->t.kind == TSIG_TAG_INVERTED) {
            render_section(r, i);
            i = rt->match; /* go on after the closing tag */
            rt = &r->tags[i];
        }
        pos = rt->after;
        i++;
    }
    if (r->code == TSIG_OK) tsig_sb_append(&r->out, r->tpl + pos, to - pos);
}

/* Fills *err from the first error of a failed check: the template text,
 * its position, and how many more there are. */
static void template_error(const tsig_placeholders *res, const char *tpl,
                           size_t len, tsig_error *err)
{
    const tsig_placeholder_error *e = &res->errors[0];
    tsig_error_set(err, TSIG_ERR_TEMPLATE, tpl, len, e->offset, "%s", e->message);
    if (res->error_count > 1) {
        char hint[96];
        tsig_snprintf(hint, sizeof hint,
                      "%zu more placeholder error%s: tsig_check_placeholders lists them",
                      res->error_count - 1, res->error_count > 2 ? "s" : "");
        tsig_error_hint(err, hint);
    }
}

/*
 * Three steps: the template is checked (a template that does not check is
 * never half rendered), the arguments are read into a tree (json.c, one
 * pass, strings as written), and the tags are rendered in order with the sections
 * repeated as their values say. Every buffer is released here, whatever
 * the outcome.
 */
tsig_code tsig_render_template(const char *tpl, size_t tpl_len,
                               const tsig_signature *sig, const char *args_json,
                               size_t args_len, char **out, size_t *out_len,
                               tsig_error *err)
{
    return tsig_render_template_max(tpl, tpl_len, sig, args_json, args_len, 0,
                                    out, out_len, err);
}

tsig_code tsig_render_template_max(const char *tpl, size_t tpl_len,
                                   const tsig_signature *sig,
                                   const char *args_json, size_t args_len,
                                   size_t max_len, char **out, size_t *out_len,
                                   tsig_error *err)
{
    if (max_len == 0) max_len = TSIG_TEMPLATE_MAX_OUTPUT;
    if (max_len > TSIG_MAX_INPUT) max_len = TSIG_MAX_INPUT;
    if (out) *out = NULL;
    if (out_len) *out_len = 0;
    if (!err) return TSIG_ERR_ARGUMENT;
    memset(err, 0, sizeof *err);
    if (!out || !sig || (!tpl && tpl_len) || (!args_json && args_len)) {
        tsig_error_set(err, TSIG_ERR_ARGUMENT, "", 0, 0,
                       "tsig_render_template: %s is NULL",
                       !out ? "out" : !sig ? "sig" : !args_json ? "args_json" : "tpl");
        return TSIG_ERR_ARGUMENT;
    }
    if (tpl_len > TSIG_MAX_INPUT || args_len > TSIG_MAX_INPUT) {
        tsig_error_set(err, TSIG_ERR_TOO_LARGE, "", 0, 0,
                       "%s larger than %zu bytes",
                       tpl_len > TSIG_MAX_INPUT ? "template" : "arguments",
                       TSIG_MAX_INPUT);
        return TSIG_ERR_TOO_LARGE;
    }
    if (!tpl) tpl = "";

    /* Only a template whose every placeholder checks is filled. */
    tsig_placeholders checked;
    tsig_code code = tsig_check_placeholders(tpl, tpl_len, sig, &checked);
    if (code == TSIG_OK && !checked.ok) {
        template_error(&checked, tpl, tpl_len, err);
        code = TSIG_ERR_TEMPLATE;
    } else if (code == TSIG_ERR_NOMEM) {
        tsig_error_set(err, code, "", 0, 0, "out of memory");
    }
    tsig_placeholders_free(&checked);
    if (code != TSIG_OK) return code;

    renderer *r = calloc(1, sizeof *r);
    if (!r) {
        tsig_error_set(err, TSIG_ERR_NOMEM, "", 0, 0, "out of memory");
        return TSIG_ERR_NOMEM;
    }
    r->tpl = tpl;
    r->len = tpl_len;
    r->sc.sig = sig;
    /* Every append is checked against the bound before it allocates. */
    r->out.max = max_len;
    tsig_json_tree_options o = {TSIG_MAX_DEPTH_LIMIT, TSIG_TREE_AS_WRITTEN, NULL, NULL, NULL};
    r->args = tsig_json_tree(args_json, args_len, &o, err);
    if (!r->args) {
        code = err->code;
    } else if (!cJSON_IsObject(r->args)) {
        const cJSON *root = r->args;
        const char *got = cJSON_IsNull(root) ? "nil"
                        : cJSON_IsString(root) ? "string"
                        : cJSON_IsArray(root) ? "list"
                        : !cJSON_IsNumber(root) ? "bool"
                        : root->valueint ? "int" : "float";
        /* The root is the first value after a byte-order mark and space. */
        tsig_json j;
        tsig_json_init(&j, args_json, args_len, 1, err);
        tsig_json_skip_ws(&j);
        code = TSIG_ERR_ARGUMENT;
        tsig_error_set(err, code, args_json, args_len, j.pos,
                       "arguments must be a map, got %s", got);
    } else if ((code = tsig_tpl_read_tags(tpl, tpl_len, &r->tags, &r->tag_count)) == TSIG_OK) {
        render_range(r, 0, r->tag_count, 0, tpl_len);
        if (r->code == TSIG_OK && r->out.failed)
            r->code = r->out.over ? TSIG_ERR_TOO_LARGE : TSIG_ERR_NOMEM;
        if (r->code == TSIG_OK && r->out.len > TSIG_MAX_INPUT) r->code = TSIG_ERR_TOO_LARGE;
        code = r->code;
    } else if (code == TSIG_ERR_TEMPLATE) {
        tsig_error_set(err, code, tpl, tpl_len, 0, "sections nest too deep");
    }
    if (code == TSIG_OK) {
        *out = tsig_sb_finish(&r->out, out_len);
        if (!*out) code = TSIG_ERR_NOMEM;
    }
    if (code == TSIG_ERR_NOMEM) {
        tsig_error_set(err, code, "", 0, 0, "out of memory");
    } else if (code == TSIG_ERR_TOO_LARGE && r->out.over) {
        tsig_error_set(err, code, "", 0, 0,
                       "the rendered prompt is longer than %zu bytes", max_len);
    } else if (code == TSIG_ERR_TOO_LARGE) {
        tsig_error_set(err, code, "", 0, 0,
                       "the rendered prompt is too large (over %zu steps of "
                       "sections)", TSIG_TEMPLATE_MAX_STEPS);
    }
    tsig_sb_release(&r->out);
    cJSON_Delete(r->args);
    free(r->tags);
    free(r->scratch);
    for (size_t i = 0; i < r->mindex_count; i++) {
        tsig_table_release(&r->mindex[i].exact);
        tsig_table_release(&r->mindex[i].alike);
    }
    free(r->mindex);
    if (r->mindex_began) tsig_table_release(&r->mindex_of);
    free(r->mkeys);
    tsig_sb_release(&r->mpool);
    free(r);
    return code;
}

