/*
 * diff.c: what a change of a signature, or of a list of tools, breaks.
 *
 * Both sides are read (a signature's text, or a list of tools: MCP,
 * OpenAI, Anthropic, or the package's own [{name, sig}]), tools matched by
 * name, and each pair walked in step: parameters by name, typed maps by
 * field, lists by element. Where the two stop matching in shape (a kind
 * changed, a scalar narrowed, a union grew) one change is written, judged
 * by type inclusion (inclusion.c): arguments, old within new, both judged
 * strictly; results, new within old, what the tool returns judged as it
 * declares it (strictly) and what a client reads in enabled mode. A
 * change that cannot be proved compatible is "may break", never guessed.
 */
#include "internal.h"

#include "cJSON.h"

#include <stdlib.h>
#include <string.h>

struct tsig_diff {
    tsig_arena arena;
    tsig_change *changes;
    size_t count, cap;
    int nomem;
};

/* One side: a signature, or a list of tools with its tools by name. */
typedef struct diff_side {
    tsig_signature *sig;
    tsig_tools *tools;
    tsig_table names; /* set up when tools is */
} diff_side;

typedef struct walker {
    tsig_diff *d;
    const char *tool;
    size_t tool_len;
    int input;          /* parameters (breaks callers), else results (consumers) */
    tsig_strbuf path;
} walker;

/* The type a list's element or a map's entry is replaced by where only the
 * place's own shape is compared. */
static const tsig_type ANY_TYPE = {.kind = TSIG_ANY};

/* ---- the changes ------------------------------------------------------- */

static const char *keep(tsig_diff *d, const char *s, size_t len)
{
    char *copy = tsig_arena_strndup(&d->arena, s ? s : "", s ? len : 0);
    if (!copy) d->nomem = 1;
    return copy ? copy : "";
}

static void add_change(walker *w, const char *old_text, size_t old_len, const char *new_text,
                       size_t new_len, tsig_change_effect effect, const char *why,
                       size_t why_len, const char *example, size_t example_len)
{
    tsig_diff *d = w->d;
    if (d->nomem || w->path.failed) {
        d->nomem = 1;
        return;
    }
    if (d->count == d->cap) {
        size_t cap = d->cap ? d->cap * 2 : 16;
        tsig_change *grown = realloc(d->changes, cap * sizeof *grown);
        if (!grown) {
            d->nomem = 1;
            return;
        }
        d->changes = grown;
        d->cap = cap;
    }
    tsig_change *c = &d->changes[d->count++];
    c->tool = keep(d, w->tool, w->tool_len);
    c->tool_len = w->tool_len;
    c->path = keep(d, w->path.data, w->path.len);
    c->path_len = w->path.len;
    c->old_text = keep(d, old_text, old_len);
    c->old_len = old_len;
    c->new_text = keep(d, new_text, new_len);
    c->new_len = new_len;
    c->effect = effect;
    c->why = keep(d, why, why_len);
    c->why_len = why_len;
    c->example = keep(d, example, example_len);
    c->example_len = example_len;
}

static void add_plain(walker *w, const char *old_text, const char *new_text,
                      tsig_change_effect effect, const char *why)
{
    add_change(w, old_text, strlen(old_text), new_text, strlen(new_text), effect, why,
               strlen(why), "", 0);
}

/* Characters of a description shown in a change. */
#define DESCRIPTION_SHOWN 60

/* A description changed (NULL: none): each side a JSON string, cut. */
static void description_change(walker *w, const char *before, size_t before_len,
                               const char *now, size_t now_len)
{
    tsig_strbuf a = {0}, b = {0};
    if (before) tsig_json_escape_cut(&a, before, before_len, DESCRIPTION_SHOWN);
    if (now) tsig_json_escape_cut(&b, now, now_len, DESCRIPTION_SHOWN);
    if (a.failed || b.failed) w->d->nomem = 1;
    else
        add_change(w, a.data ? a.data : "", a.len, b.data ? b.data : "", b.len,
                   TSIG_CHANGE_COMPATIBLE, "the description changed", 23, "", 0);
    tsig_sb_release(&a);
    tsig_sb_release(&b);
}

/* The effect of a breaking (or unprovable) change on this walker's side. */
static tsig_change_effect breaking(const walker *w, int proved)
{
    if (w->input) return proved ? TSIG_CHANGE_BREAKS_CALLERS : TSIG_CHANGE_MAY_BREAK_CALLERS;
    return proved ? TSIG_CHANGE_BREAKS_CONSUMERS : TSIG_CHANGE_MAY_BREAK_CONSUMERS;
}

/* Inclusion the way this side judges it: arguments old within new, both
 * strict; results new within old, new strict, old enabled. */
static int judge(walker *w, const tsig_type *old_t, const tsig_type *new_t, tsig_inclusion *r)
{
    tsig_code code = w->input ? tsig_type_includes(old_t, new_t, 1, 1, r)
                              : tsig_type_includes(new_t, old_t, 1, 0, r);
    if (code != TSIG_OK) w->d->nomem = 1;
    return code == TSIG_OK;
}

/* Bytes of a type's canonical form a change shows before "…". */
#define SHOWN_BYTES 160

/* The canonical form of t without descriptions (and " = default" when
 * the field has one), cut after SHOWN_BYTES with "…". */
static void describe(tsig_strbuf *sb, const tsig_type *t, const tsig_field *f)
{
    size_t len;
    char *text = tsig_format_type(t, TSIG_FORMAT_NO_DESCRIPTIONS, &len);
    if (!text) {
        sb->failed = 1;
        return;
    }
    /* a long type is cut (at a UTF-8 boundary) with "…" */
    size_t shown = len;
    if (shown > SHOWN_BYTES) {
        shown = SHOWN_BYTES;
        while (shown > 0 && ((unsigned char)text[shown] & 0xC0) == 0x80) shown--;
    }
    tsig_sb_append(sb, text, shown);
    if (shown < len) tsig_sb_puts(sb, "\xe2\x80\xa6");
    tsig_free(text);
    if (f && f->default_json) {
        tsig_sb_puts(sb, " = ");
        tsig_sb_append(sb, f->default_json, f->default_len);
    }
}

/*
 * Writes the change before -> after (texts the caller made, released
 * here) at the walker's path, as inclusion answered r (released by the
 * caller): compatible when proved; otherwise breaking, why being the
 * validator's words on the example (null said plainly), or unknown with
 * its reason.
 */
static void verdict_change(walker *w, const tsig_inclusion *r, tsig_strbuf *before,
                           tsig_strbuf *after)
{
    tsig_strbuf why = {0};
    tsig_change_effect effect = TSIG_CHANGE_COMPATIBLE;
    if (r->verdict == TSIG_INCL_YES) {
        tsig_sb_puts(&why, w->input ? "accepts more than before" : "returns less than before");
    } else if (r->verdict == TSIG_INCL_NO) {
        effect = breaking(w, 1);
        if (r->witness_len == 4 && memcmp(r->witness, "null", 4) == 0 && r->path_len == 0)
            tsig_sb_puts(&why, w->input ? "null is no longer accepted" : "the value may now be null");
        else
            tsig_sb_append(&why, r->why, r->why_len);
    } else {
        effect = breaking(w, 0);
        tsig_sb_puts(&why, "cannot prove it compatible: ");
        if (r->path_len) {
            tsig_sb_append(&why, r->path, r->path_len);
            tsig_sb_puts(&why, ": ");
        }
        tsig_sb_append(&why, r->why, r->why_len);
    }
    if (before->failed || after->failed || why.failed) w->d->nomem = 1;
    else
        add_change(w, before->data ? before->data : "", before->len,
                   after->data ? after->data : "", after->len, effect, why.data, why.len,
                   effect ? r->witness : "", effect ? r->witness_len : 0);
    tsig_sb_release(before);
    tsig_sb_release(after);
    tsig_sb_release(&why);
}

/* The change old -> new at the walker's path, judged by inclusion of the
 * two types, each shown in canonical form (with its field's default). */
static void judged_change(walker *w, const tsig_type *old_t, const tsig_field *old_f,
                          const tsig_type *new_t, const tsig_field *new_f)
{
    tsig_inclusion r;
    if (!judge(w, old_t, new_t, &r)) return;
    tsig_strbuf before = {0}, after = {0};
    describe(&before, old_t, old_f);
    describe(&after, new_t, new_f);
    verdict_change(w, &r, &before, &after);
    tsig_inclusion_free(&r);
}

/* ---- the walk ---------------------------------------------------------- */

static void walk_place(walker *w, const tsig_type *old_t, const tsig_type *new_t);

/* 1 when the two types are written alike (descriptions aside), or when
 * out of memory (then remembered: the diff fails, so nothing is added). */
static int same_type(walker *w, const tsig_type *a, const tsig_type *b)
{
    size_t alen, blen;
    char *x = tsig_format_type(a, TSIG_FORMAT_NO_DESCRIPTIONS, &alen);
    char *y = tsig_format_type(b, TSIG_FORMAT_NO_DESCRIPTIONS, &blen);
    int same = !x || !y || (alen == blen && memcmp(x, y, alen) == 0);
    if (!x || !y) w->d->nomem = 1;
    tsig_free(x);
    tsig_free(y);
    return same;
}

static int may_be_absent(const tsig_field *f)
{
    return f->default_json != NULL || f->type->kind == TSIG_OPTIONAL;
}

/* Pushes a path step: a field name (".name", or the bare name at the
 * parameters' level) or "[]"; returns the length to pop back to. */
static size_t push(walker *w, const char *seg, size_t len, int field)
{
    size_t back = w->path.len;
    if (field && (w->path.len || !w->input)) tsig_sb_putc(&w->path, '.');
    tsig_sb_append(&w->path, seg, len);
    return back;
}

static void pop(walker *w, size_t back)
{
    if (!w->path.failed) w->path.len = back;
}

/* 1 when the inclusion answer r is about the key name: its path is
 * ".name", or goes on inside it. */
static int about_key(const tsig_inclusion *r, const char *name, size_t len)
{
    if (r->path_len < len + 1 || r->path[0] != '.' || memcmp(r->path + 1, name, len) != 0) return 0;
    return r->path_len == len + 1 || r->path[len + 1] == '.' || r->path[len + 1] == '[';
}

/*
 * A field present on one side only. It is judged on maps of that field
 * alone with each side's "* T": a key the old "*" took may meet a field's
 * type now, a key the new "*" returns may meet the field consumers read
 * (and a value may spell the key two ways); what the two "*" do to other
 * keys is the "*" change's own.
 */
static void field_alone(walker *w, const tsig_field *f, int added, const tsig_type *old_extra,
                        const tsig_type *new_extra)
{
    int param = w->input && w->path.len == 0;
    size_t back = push(w, f->name, f->name_len, 1);
    tsig_type with = {.kind = TSIG_RECORD, .fields = f, .field_count = 1};
    tsig_type without = {.kind = TSIG_RECORD};
    tsig_type old_rec = added ? without : with, new_rec = added ? with : without;
    old_rec.extra = old_extra;
    new_rec.extra = new_extra;
    tsig_inclusion r;
    tsig_strbuf text = {0}, why = {0};
    describe(&text, f->type, f);
    int judged = judge(w, &old_rec, &new_rec, &r);
    if (!judged || text.failed) {
        if (judged) tsig_inclusion_free(&r);
        w->d->nomem = 1;
        tsig_sb_release(&text);
        pop(w, back);
        return;
    }
    int on_key = r.verdict != TSIG_INCL_YES && about_key(&r, f->name, f->name_len);
    tsig_change_effect effect = on_key ? breaking(w, r.verdict == TSIG_INCL_NO) : TSIG_CHANGE_COMPATIBLE;
    const char *noun = param ? "parameter" : "field";
    /* a value shows a change the validator words; a key added or gone
     * says it all */
    int shown = 0;
    if (!on_key) {
        if (added)
            tsig_sb_printf(&why, w->input ? "a new optional %s" : "a new field", noun);
        else if (w->input)
            tsig_sb_puts(&why, new_extra ? "the field was removed; \"*\" takes it" : "the field was removed");
        else
            tsig_sb_puts(&why, "an optional field was removed");
    } else if (r.verdict == TSIG_INCL_UNKNOWN) {
        tsig_sb_puts(&why, "cannot prove it compatible: ");
        tsig_sb_append(&why, r.why, r.why_len);
    } else if (added && w->input && !may_be_absent(f)) {
        tsig_sb_printf(&why, "a new required %s", noun);
    } else if (!added && (w->input ? !new_extra : !may_be_absent(f) && !new_extra)) {
        tsig_sb_printf(&why, "the %s was removed", noun);
    } else {
        /* a "*" meets the field: what it took or returns, the field refuses */
        tsig_sb_puts(&why, added ? (w->input ? "the old \"*\" took this key: "
                                             : "consumers read this key through the old \"*\": ")
                                 : (w->input ? "the new \"*\" does not take it: "
                                             : "the new \"*\" may return this key: "));
        tsig_sb_append(&why, r.why, r.why_len);
        shown = 1;
    }
    const char *example = shown ? r.witness : "";
    size_t example_len = shown ? r.witness_len : 0;
    if (why.failed) w->d->nomem = 1;
    else if (added)
        add_change(w, "", 0, text.data, text.len, effect, why.data, why.len, example, example_len);
    else
        add_change(w, text.data, text.len, "", 0, effect, why.data, why.len, example, example_len);
    tsig_inclusion_free(&r);
    tsig_sb_release(&text);
    tsig_sb_release(&why);
    pop(w, back);
}

/* A field on both sides. */
static void field_pair(walker *w, const tsig_field *f, const tsig_field *g)
{
    int param = w->input && w->path.len == 0;
    size_t back = push(w, g->name, g->name_len, 1);
    int absent_before = may_be_absent(f), absent_now = may_be_absent(g);
    const tsig_type *so = tsig_type_strip(f->type), *sn = tsig_type_strip(g->type);
    int nested = (so->kind == TSIG_RECORD && sn->kind == TSIG_RECORD) ||
                 (so->kind == TSIG_LIST && sn->kind == TSIG_LIST);
    if (absent_before != absent_now) {
        /* a parameter callers could leave out; a field consumers always got */
        int breaks = w->input ? absent_before : absent_now;
        const char *why = param ? (absent_before ? "the parameter became required"
                                                 : "the parameter became optional")
                          : w->input ? (absent_before ? "the field became required"
                                                      : "the field became optional")
                                   : (absent_now ? "the field may now be absent"
                                                 : "the field is now always present");
        tsig_strbuf before = {0}, after = {0};
        describe(&before, f->type, f);
        describe(&after, g->type, g);
        if (before.failed || after.failed) w->d->nomem = 1;
        else
            add_change(w, before.data, before.len, after.data, after.len,
                       breaks ? breaking(w, 1) : TSIG_CHANGE_COMPATIBLE, why, strlen(why), "", 0);
        tsig_sb_release(&before);
        tsig_sb_release(&after);
        /* the types, in step, but for the null the line above said: an
         * optional's "?" dropped or added with the absence */
        int null_before = tsig_type_takes(f->type, TSIG_JSON_NULL);
        int null_now = tsig_type_takes(g->type, TSIG_JSON_NULL);
        const tsig_type *a_t = null_before && !null_now ? so : f->type;
        const tsig_type *b_t = null_now && !null_before ? sn : g->type;
        if (nested) walk_place(w, a_t, b_t);
        else if (!same_type(w, a_t, b_t))
            judged_change(w, a_t, NULL, b_t, NULL);
    } else if (nested) {
        walk_place(w, f->type, g->type);
    } else if (!same_type(w, f->type, g->type)) {
        judged_change(w, f->type, f, g->type, g);
    }
    static const char RESPELLED[] =
        "the name is spelled differently; both match the same keys (- and _ alike)";
    if (f->name_len != g->name_len || memcmp(f->name, g->name, f->name_len))
        add_change(w, f->name, f->name_len, g->name, g->name_len, TSIG_CHANGE_COMPATIBLE,
                   RESPELLED, sizeof RESPELLED - 1, "", 0);
    if (f->default_json && g->default_json &&
        (f->default_len != g->default_len || memcmp(f->default_json, g->default_json, f->default_len)))
        add_plain(w, f->default_json, g->default_json, TSIG_CHANGE_COMPATIBLE, "the default changed");
    int described_before = f->description != NULL, described_now = g->description != NULL;
    if (described_before != described_now ||
        (described_before && (f->description_len != g->description_len ||
                              memcmp(f->description, g->description, f->description_len))))
        description_change(w, f->description, f->description_len, g->description,
                           g->description_len);
    pop(w, back);
}

/* The fields of two typed maps (or the parameters), matched by name. */
static void walk_fields(walker *w, const tsig_field *old_f, size_t old_n,
                        const tsig_field *new_f, size_t new_n, const tsig_type *old_extra,
                        const tsig_type *new_extra)
{
    for (size_t i = 0; i < old_n && !w->d->nomem; i++) {
        const tsig_field *g = tsig_field_named(new_f, new_n, old_f[i].name, old_f[i].name_len,
                                               i < new_n ? i : 0);
        if (g) field_pair(w, &old_f[i], g);
        else field_alone(w, &old_f[i], 0, old_extra, new_extra);
    }
    for (size_t i = 0; i < new_n && !w->d->nomem; i++)
        if (!tsig_field_named(old_f, old_n, new_f[i].name, new_f[i].name_len, i < old_n ? i : 0))
            field_alone(w, &new_f[i], 1, old_extra, new_extra);
}

/* The shape of t for a change of its own (null, length): "{…}", "[…]"
 * with its bounds and "?". */
static void shape(tsig_strbuf *sb, const tsig_type *t)
{
    const tsig_type *s = tsig_type_strip(t);
    if (s->kind == TSIG_RECORD) {
        tsig_sb_puts(sb, "{\xe2\x80\xa6}");
    } else {
        /* "[:any][>=1]" written as "[…][>=1]" */
        tsig_type bare = *s;
        bare.elem = &ANY_TYPE;
        tsig_strbuf full = {0};
        describe(&full, &bare, NULL);
        if (full.failed || full.len < 6) {
            sb->failed = 1;
        } else {
            tsig_sb_puts(sb, "[\xe2\x80\xa6]");
            tsig_sb_append(sb, full.data + 6, full.len - 6);
        }
        tsig_sb_release(&full);
    }
    if (t->kind == TSIG_OPTIONAL) tsig_sb_putc(sb, '?');
}

/* A "* T" added or dropped (one of the maps has none): judged on maps of
 * that entry alone; each side shown as its entry, "* T", or nothing. */
static void star_change(walker *w, const tsig_type *old_rec, const tsig_type *new_rec)
{
    tsig_inclusion r;
    if (!judge(w, old_rec, new_rec, &r)) return;
    tsig_strbuf before = {0}, after = {0};
    if (old_rec->extra) {
        tsig_sb_puts(&before, "* ");
        describe(&before, old_rec->extra, NULL);
    }
    if (new_rec->extra) {
        tsig_sb_puts(&after, "* ");
        describe(&after, new_rec->extra, NULL);
    }
    verdict_change(w, &r, &before, &after);
    tsig_inclusion_free(&r);
}

/* Two types at one place, walked in step where they share a shape. */
static void walk_place(walker *w, const tsig_type *old_t, const tsig_type *new_t)
{
    if (w->d->nomem || same_type(w, old_t, new_t)) return;
    const tsig_type *so = tsig_type_strip(old_t), *sn = tsig_type_strip(new_t);
    int records = so->kind == TSIG_RECORD && sn->kind == TSIG_RECORD;
    int lists = so->kind == TSIG_LIST && sn->kind == TSIG_LIST;
    if (!records && !lists) {
        judged_change(w, old_t, NULL, new_t, NULL);
        return;
    }
    /* the place's own changes: null, a list's length */
    int null_before = old_t->kind == TSIG_OPTIONAL, null_now = new_t->kind == TSIG_OPTIONAL;
    int lengths = lists && !(so->lower.num == NULL && sn->lower.num == NULL &&
                             so->upper.num == NULL && sn->upper.num == NULL);
    if (lengths) {
        tsig_type bare_old = *so, bare_new = *sn;
        bare_old.elem = bare_new.elem = &ANY_TYPE;
        lengths = !same_type(w, &bare_old, &bare_new);
    }
    if (null_before != null_now || lengths) {
        tsig_type place_old = *so, place_new = *sn;
        place_old.elem = place_new.elem = &ANY_TYPE;
        if (records) place_old.kind = place_new.kind = TSIG_MAP;
        tsig_type opt_old = {.kind = TSIG_OPTIONAL, .elem = &place_old};
        tsig_type opt_new = {.kind = TSIG_OPTIONAL, .elem = &place_new};
        tsig_inclusion r;
        if (judge(w, null_before ? &opt_old : &place_old, null_now ? &opt_new : &place_new, &r)) {
            tsig_strbuf before = {0}, after = {0};
            shape(&before, old_t);
            shape(&after, new_t);
            verdict_change(w, &r, &before, &after);
            tsig_inclusion_free(&r);
        }
    }
    if (lists) {
        size_t back = push(w, "[]", 2, 0);
        walk_place(w, so->elem, sn->elem);
        pop(w, back);
    } else {
        walk_fields(w, so->fields, so->field_count, sn->fields, sn->field_count, so->extra,
                    sn->extra);
        if (so->extra || sn->extra) {
            size_t back = push(w, "*", 1, 1);
            if (so->extra && sn->extra) {
                walk_place(w, so->extra, sn->extra);
            } else {
                /* "* T" added or dropped: judged on maps of that entry alone */
                tsig_type rec_old = {.kind = TSIG_RECORD, .extra = so->extra};
                tsig_type rec_new = {.kind = TSIG_RECORD, .extra = sn->extra};
                star_change(w, &rec_old, &rec_new);
            }
            pop(w, back);
        }
    }
}

/* ---- the sides --------------------------------------------------------- */

/* Prefixes err's message with the side's name (a JSON text error's
 * reason: its "JSON error at L:C: " is the caret picture's). */
static void side_error(tsig_error *err, const char *which)
{
    if (err->code == TSIG_ERR_NOMEM) return;
    char message[sizeof err->message];
    const char *reason = err->code == TSIG_ERR_JSON || err->code == TSIG_ERR_TOO_DEEP
                             ? tsig_json_error_reason(err->message)
                             : NULL;
    if (!reason) reason = err->message;
    tsig_snprintf(message, sizeof message, "%s: %s", which, reason);
    memcpy(err->message, message, sizeof message);
}

/* The name of tool i of a list (for its table of names). */
static const char *tool_name_of(const void *ctx, size_t i, size_t *len)
{
    const tsig_tool *t = tsig_tools_get(ctx, i);
    *len = t->name_len;
    return t->name;
}

static void side_free(diff_side *s)
{
    tsig_signature_free(s->sig);
    if (s->tools) tsig_table_release(&s->names);
    tsig_tools_free(s->tools);
    memset(s, 0, sizeof *s);
}

/* The first element of the list of tools json holds ({"tools": [...]} or
 * [...]) has a "sig": the package's own list of tools. */
static int holds_signatures(const cJSON *root)
{
    const cJSON *list = cJSON_IsObject(root) ? cJSON_GetObjectItemCaseSensitive(root, "tools") : root;
    if (!cJSON_IsArray(list) || !list->child) return 0;
    return cJSON_IsObject(list->child) &&
           cJSON_GetObjectItemCaseSensitive(list->child, "sig") != NULL;
}

/*
 * Reads one side: a list of tools when the text is JSON, otherwise a
 * signature (a signature is never JSON: its types are ":int", which JSON
 * does not hold outside strings). 0 with *err set (the side named) when it
 * is neither.
 */
static int read_side(const char *text, size_t len, const char *which, diff_side *s, tsig_error *err)
{
    memset(s, 0, sizeof *s);
    /* a list of tools is an object or an array; a signature may open
     * with "{" or "[" too (its type), and is then no JSON */
    size_t first = tsig_json_value_start(text, len);
    int bracketed = first < len && (text[first] == '{' || text[first] == '[');
    tsig_error json_err;
    cJSON *root = bracketed ? tsig_json_tree(text, len, NULL, &json_err) : NULL;
    if (!root) {
        if (bracketed && json_err.code == TSIG_ERR_NOMEM) {
            *err = json_err;
            return 0;
        }
        s->sig = tsig_parse(text, len, err);
        if (s->sig) return 1;
        /* neither: the reading that went further says what is wrong */
        if (bracketed && err->code != TSIG_ERR_NOMEM && json_err.offset > err->offset)
            *err = json_err;
        side_error(err, which);
        return 0;
    }
    int signatures = holds_signatures(root);
    /* an object with no "tools" is no list of tools: "{}" is a signature */
    int listless = cJSON_IsObject(root) && !cJSON_GetObjectItemCaseSensitive(root, "tools");
    cJSON_Delete(root);
    if (listless) {
        tsig_error sig_err;
        s->sig = tsig_parse(text, len, &sig_err);
        if (s->sig) return 1;
        if (sig_err.code == TSIG_ERR_NOMEM) {
            *err = sig_err;
            return 0;
        }
    }
    tsig_code code = signatures ? tsig_tools_from_signatures(text, len, &s->tools, err)
                                : tsig_tools_from_json(text, len, TSIG_SCHEMA_LOSSY, &s->tools, err);
    if (code != TSIG_OK) {
        side_error(err, which);
        return 0;
    }
    if (tsig_tools_failure_count(s->tools)) {
        const tsig_tool_failure *f = tsig_tools_failure(s->tools, 0);
        if (f->index == TSIG_TOOLS_DOCUMENT && f->issue.code == TSIG_ISSUE_JSON_SYNTAX) {
            /* the text itself: positioned in it */
            *err = f->error;
            err->code = TSIG_ERR_JSON;
            side_error(err, which);
        } else {
            /* one tool: its problem is positioned in its own text, so the
             * message names the place instead */
            tsig_error_set(err, f->error.code ? f->error.code : TSIG_ERR_SCHEMA, "", 0, 0,
                           "%s: %.*s: %.*s", which, (int)f->issue.path_len, f->issue.path,
                           (int)f->issue.message_len, f->issue.message);
        }
        tsig_tools_free(s->tools);
        s->tools = NULL;
        return 0;
    }
    tsig_table_init(&s->names, 0, NULL, tool_name_of, s->tools);
    for (size_t i = 0; i < tsig_tools_count(s->tools); i++) {
        const tsig_tool *t = tsig_tools_get(s->tools, i);
        size_t at = t->sig ? tsig_table_add(&s->names, t->name, t->name_len,
                                            tsig_table_hash(&s->names, t->name, t->name_len), i)
                           : TSIG_TABLE_NONE;
        if (!t->sig)
            tsig_error_set(err, TSIG_ERR_SCHEMA, "", 0, 0, "%s: tool %.*s has no signature to compare",
                           which, (int)t->name_len, t->name);
        else if (at == TSIG_TABLE_NOMEM)
            tsig_error_set(err, TSIG_ERR_NOMEM, "", 0, 0, "out of memory");
        else if (at != TSIG_TABLE_NONE)
            tsig_error_set(err, TSIG_ERR_SCHEMA, "", 0, 0,
                           "%s: two tools are named %.*s: tools are matched by name",
                           which, (int)t->name_len, t->name);
        if (!t->sig || at != TSIG_TABLE_NONE) {
            side_free(s);
            return 0;
        }
    }
    return 1;
}


/* One signature against another: parameters, then the result. */
static void walk_signature(walker *w, const tsig_signature *old_sig, const tsig_signature *new_sig)
{
    w->input = 1;
    w->path.len = 0;
    walk_fields(w, old_sig->params, old_sig->param_count, new_sig->params, new_sig->param_count,
                NULL, NULL);
    w->input = 0;
    w->path.len = 0;
    tsig_sb_puts(&w->path, "(returns)");
    walk_place(w, old_sig->returns, new_sig->returns);
}

/* The tool of side s named name[0..len) (NULL: none; out of memory is
 * remembered). */
static const tsig_tool *tool_named(walker *w, diff_side *s, const char *name, size_t len)
{
    size_t at = tsig_table_find(&s->names, name, len, tsig_table_hash(&s->names, name, len));
    if (at == TSIG_TABLE_NOMEM) w->d->nomem = 1;
    return at == TSIG_TABLE_NONE || at == TSIG_TABLE_NOMEM ? NULL : tsig_tools_get(s->tools, at);
}

/* 1 when warnings[0..n) holds text. */
static int has_warning(const char *const *warnings, size_t n, const char *text)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(warnings[i], text) == 0) return 1;
    return 0;
}

/*
 * What the schemas of a tool say that its signature cannot (the lossy
 * import's warnings, "<JSON Pointer>: <reason>"): a change there is not
 * judged, so one that appears or goes is said, as may break (callers for
 * the parameters' schema, consumers for the output's).
 */
static void lossy_changes(walker *w, const tsig_tool *t, const tsig_tool *u)
{
    for (int side = 0; side < 2; side++) {
        const tsig_tool *from = side ? u : t, *other = side ? t : u;
        for (size_t i = 0; i < from->warning_count; i++) {
            const char *warning = from->warnings[i];
            if (has_warning(other->warnings, other->warning_count, warning)) continue;
            const char *colon = strstr(warning, ": ");
            size_t at = colon ? (size_t)(colon - warning) : strlen(warning);
            const char *reason = colon ? colon + 2 : "";
            w->path.len = 0;
            tsig_sb_append(&w->path, warning, at);
            int output = strncmp(warning, "#/outputSchema", 14) == 0;
            static const char why[] = "the schemas say here what a signature cannot, so the change is not judged";
            add_change(w, side ? "" : reason, side ? 0 : strlen(reason), side ? reason : "",
                       side ? strlen(reason) : 0,
                       output ? TSIG_CHANGE_MAY_BREAK_CONSUMERS : TSIG_CHANGE_MAY_BREAK_CALLERS,
                       why, sizeof why - 1, "", 0);
        }
    }
}

static void walk_tools(walker *w, diff_side *old_side, diff_side *new_side)
{
    const tsig_tools *old_tools = old_side->tools, *new_tools = new_side->tools;
    for (size_t i = 0; i < tsig_tools_count(old_tools) && !w->d->nomem; i++) {
        const tsig_tool *t = tsig_tools_get(old_tools, i);
        const tsig_tool *u = tool_named(w, new_side, t->name, t->name_len);
        w->tool = t->name;
        w->tool_len = t->name_len;
        w->path.len = 0;
        if (!u) {
            tsig_sb_puts(&w->path, "(tool)");
            add_change(w, t->signature, t->signature_len, "", 0, TSIG_CHANGE_BREAKS_CALLERS,
                       "the tool was removed", 20, "", 0);
            continue;
        }
        walk_signature(w, t->sig, u->sig);
        lossy_changes(w, t, u);
        int before = t->description != NULL, now = u->description != NULL;
        if (before != now || (before && (t->description_len != u->description_len ||
                                         memcmp(t->description, u->description, t->description_len)))) {
            w->path.len = 0;
            tsig_sb_puts(&w->path, "(description)");
            description_change(w, t->description, t->description_len, u->description,
                               u->description_len);
        }
    }
    for (size_t i = 0; i < tsig_tools_count(new_tools) && !w->d->nomem; i++) {
        const tsig_tool *u = tsig_tools_get(new_tools, i);
        if (tool_named(w, old_side, u->name, u->name_len)) continue;
        w->tool = u->name;
        w->tool_len = u->name_len;
        w->path.len = 0;
        tsig_sb_puts(&w->path, "(tool)");
        add_change(w, "", 0, u->signature, u->signature_len, TSIG_CHANGE_COMPATIBLE,
                   "a new tool", 10, "", 0);
    }
}

/* ---- entry points ------------------------------------------------------ */

tsig_code tsig_diff_texts(const char *old_text, size_t old_len, const char *new_text,
                          size_t new_len, tsig_diff **out, tsig_error *err, int *side)
{
    int ignored;
    if (!side) side = &ignored;
    *side = -1;
    if (!err) return TSIG_ERR_ARGUMENT;
    memset(err, 0, sizeof *err);
    if (!out || !old_text || !new_text) {
        tsig_error_set(err, TSIG_ERR_ARGUMENT, "", 0, 0, "a text is missing");
        return TSIG_ERR_ARGUMENT;
    }
    *out = NULL;
    diff_side a, b;
    if (!read_side(old_text, old_len, "old", &a, err)) {
        if (err->code != TSIG_ERR_NOMEM) *side = 0;
        return err->code;
    }
    if (!read_side(new_text, new_len, "new", &b, err)) {
        if (err->code != TSIG_ERR_NOMEM) *side = 1;
        side_free(&a);
        return err->code;
    }
    if ((a.sig != NULL) != (b.sig != NULL)) {
        tsig_error_set(err, TSIG_ERR_ARGUMENT, "", 0, 0,
                       "old is %s and new is %s: compare two signatures or two lists of tools",
                       a.sig ? "a signature" : "a list of tools",
                       b.sig ? "a signature" : "a list of tools");
        side_free(&a);
        side_free(&b);
        return TSIG_ERR_ARGUMENT;
    }
    tsig_diff *d = calloc(1, sizeof *d);
    walker w;
    memset(&w, 0, sizeof w);
    w.d = d;
    w.tool = "";
    if (d) {
        if (a.sig) walk_signature(&w, a.sig, b.sig);
        else walk_tools(&w, &a, &b);
    }
    tsig_sb_release(&w.path);
    side_free(&a);
    side_free(&b);
    if (!d || d->nomem) {
        tsig_diff_free(d);
        tsig_error_set(err, TSIG_ERR_NOMEM, "", 0, 0, "out of memory");
        return TSIG_ERR_NOMEM;
    }
    *out = d;
    return TSIG_OK;
}

size_t tsig_diff_count(const tsig_diff *d)
{
    return d ? d->count : 0;
}

const tsig_change *tsig_diff_get(const tsig_diff *d, size_t i)
{
    return d && i < d->count ? &d->changes[i] : NULL;
}

int tsig_diff_breaks(const tsig_diff *d)
{
    for (size_t i = 0; d && i < d->count; i++)
        if (d->changes[i].effect != TSIG_CHANGE_COMPATIBLE) return 1;
    return 0;
}

const char *tsig_change_effect_name(tsig_change_effect effect)
{
    switch (effect) {
    case TSIG_CHANGE_COMPATIBLE: return "compatible";
    case TSIG_CHANGE_BREAKS_CALLERS: return "breaks callers";
    case TSIG_CHANGE_BREAKS_CONSUMERS: return "breaks consumers";
    case TSIG_CHANGE_MAY_BREAK_CALLERS: return "may break callers";
    case TSIG_CHANGE_MAY_BREAK_CONSUMERS: return "may break consumers";
    }
    return "?";
}

char *tsig_change_format(const tsig_change *c, size_t *len)
{
    if (len) *len = 0;
    if (!c) return NULL;
    tsig_strbuf sb = {0};
    if (c->tool_len) {
        tsig_sb_append(&sb, c->tool, c->tool_len);
        tsig_sb_puts(&sb, ": ");
    }
    if (c->path_len == 6 && memcmp(c->path, "(tool)", 6) == 0) {
        /* a tool's signature holds "->": the line says added or removed */
        tsig_sb_puts(&sb, c->old_len ? "removed: " : "added: ");
        tsig_sb_puts(&sb, tsig_change_effect_name(c->effect));
        tsig_sb_puts(&sb, ": ");
        tsig_sb_append(&sb, c->why, c->why_len);
        return tsig_sb_finish(&sb, len);
    }
    tsig_sb_append(&sb, c->path, c->path_len);
    tsig_sb_puts(&sb, ": ");
    if (c->old_len) tsig_sb_append(&sb, c->old_text, c->old_len);
    else tsig_sb_puts(&sb, "(none)");
    tsig_sb_puts(&sb, " -> ");
    if (c->new_len) tsig_sb_append(&sb, c->new_text, c->new_len);
    else tsig_sb_puts(&sb, "(none)");
    tsig_sb_puts(&sb, ": ");
    tsig_sb_puts(&sb, tsig_change_effect_name(c->effect));
    tsig_sb_puts(&sb, ": ");
    tsig_sb_append(&sb, c->why, c->why_len);
    return tsig_sb_finish(&sb, len);
}

void tsig_diff_free(tsig_diff *d)
{
    if (!d) return;
    free(d->changes);
    tsig_arena_release(&d->arena);
    free(d);
}
