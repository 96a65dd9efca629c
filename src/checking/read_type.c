/*
 * read_type.c: reading model text by the type (SPEC §13.1). The push
 * reader of json.c, in repair mode, reads the text; at each value it asks
 * this reader of values what the type there admits, and whether a bare
 * text is read as a value. The type is followed as containers open and
 * keys are read, by the type cursor (as streams follow it: per open
 * container its record or list, and the type of its next value; a key's
 * field found as the validator finds it). A value whose type is not known
 * (a key no field names, a union of maps, :any, :map, a key with an
 * escape) admits nothing but JSON.
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

/* 1 when t takes any string (:string, :keyword, :datetime). */
static int takes_text(const tsig_type *t)
{
    t = tsig_type_strip(t);
    return t->kind == TSIG_STRING || t->kind == TSIG_KEYWORD || t->kind == TSIG_DATETIME;
}

/* 1 when the type admits a string (SPEC §13): it, or a member of the union
 * it is, takes any string or is an enum holding a string value. */
static int admits_string(const tsig_type *t)
{
    if (!t) return 0;
    t = tsig_type_strip(t);
    switch (t->kind) {
    case TSIG_STRING: case TSIG_KEYWORD: case TSIG_DATETIME:
        return 1;
    case TSIG_ENUM:
        return t->index->folded_count > 0;
    case TSIG_UNION:
        for (size_t i = 0; i < t->member_count; i++)
            if (admits_string(t->members[i])) return 1;
        return 0;
    case TSIG_INT: case TSIG_FLOAT: case TSIG_BOOL: case TSIG_ANY: case TSIG_MAP:
    case TSIG_LIST: case TSIG_RECORD: case TSIG_OPTIONAL:
        return 0;
    }
    return 0;
}

/* The enum value a bare text s[0..len) is read as in enum e: equal to it,
 * or with input, the one equal ignoring ASCII case (*count: how many so).
 * NULL when none. */
static const tsig_enum_value *enum_match(const tsig_type *e, int input, const char *s, size_t len,
                                         size_t *count)
{
    const tsig_value_ref *exact =
        tsig_value_find(e->index->sorted, e->value_count, TSIG_VALUE_STRING, s, len);
    if (exact) {
        *count = 1;
        return exact->value;
    }
    if (!input) return NULL;
    const tsig_value_ref *first = NULL;
    size_t n = tsig_value_find_folded(e->index->folded, e->index->folded_count, s, len, &first);
    *count += n;
    return n ? first->value : NULL;
}

/* What a bare text s[0..len) is read as where type t is expected: the text
 * itself (a member takes any string), an enum value equal to it, or with
 * input and no member that takes any string, the one enum value equal to it
 * ignoring ASCII case. 1 with the value in *value, 0 when not read. */
static int bare_value(const tsig_type *t, int input, const char *s, size_t len, const char **value,
                      size_t *value_len)
{
    t = tsig_type_strip(t);
    const tsig_type *const *members = &t;
    size_t count = 1;
    if (t->kind == TSIG_UNION) {
        members = t->members;
        count = t->member_count;
    }
    for (size_t i = 0; i < count; i++)
        if (takes_text(members[i])) {
            *value = s;
            *value_len = len;
            return 1;
        }
    const tsig_enum_value *found = NULL;
    size_t matches = 0;
    for (size_t i = 0; i < count; i++) {
        const tsig_type *e = tsig_type_strip(members[i]);
        if (e->kind != TSIG_ENUM) continue;
        size_t before = matches;
        const tsig_enum_value *v = enum_match(e, input, s, len, &matches);
        if (v && v->len == len && memcmp(v->text, s, len) == 0) {
            *value = v->text; /* equal: no other reading */
            *value_len = v->len;
            return 1;
        }
        if (v && matches > before) found = v;
    }
    if (matches != 1 || !found) return 0;
    *value = found->text;
    *value_len = found->len;
    return 1;
}

/* ---- the type cursor (streams follow it too: validate_feed.c) ---------- */

int tsig_cursor_grow(tsig_type_cursor *c, size_t d)
{
    size_t cap = c->cap ? c->cap * 2 : 16;
    while (cap <= d) cap *= 2;
    tsig_type_frame *f = realloc(c->frames, cap * sizeof *f);
    if (!f) return 0;
    memset(f + c->cap, 0, (cap - c->cap) * sizeof *f);
    c->frames = f;
    c->cap = cap;
    return 1;
}

void tsig_cursor_release(tsig_type_cursor *c)
{
    free(c->frames);
    c->frames = NULL;
    c->cap = 0;
    tsig_field_finder_release(&c->fields);
}

/* The push reader's questions (json.c, repair mode). */
static int step(void *ctx, int event, size_t at)
{
    tsig_read_type *rt = ctx;
    tsig_json_push *r = &rt->rp->r;
    size_t d = r->stack.len;
    switch (event) {
    case TSIG_PUSH_VALUE: {
        const tsig_type *want = tsig_cursor_want(&rt->types, d);
        rt->want = want;
        char c = r->text[at];
        if (c == '{' || c == '[') {
            /* out of memory: not followed further, JSON only */
            tsig_cursor_open(&rt->types, d, want, c == '{' ? TSIG_JSON_OBJECT : TSIG_JSON_ARRAY);
            return TSIG_PUSH_GO;
        }
        return admits_string(want) ? TSIG_PUSH_STRING_OK : TSIG_PUSH_GO;
    }
    case TSIG_PUSH_KEY: {
        /* a repeated key's value is read as its field's (the validator
         * then refuses the key) */
        int again;
        tsig_cursor_key(&rt->types, d, r->text + r->key_at, at - r->key_at, r->escaped, &again);
        return TSIG_PUSH_GO;
    }
    case TSIG_PUSH_BARE:
        if (!rt->want ||
            !bare_value(rt->want, rt->input, r->text + at, r->bare_end - at, &r->bare_value,
                        &r->bare_value_len))
            return TSIG_PUSH_GO;
        return TSIG_PUSH_TAKE;
    }
    return TSIG_PUSH_GO;
}

void tsig_read_type_begin(tsig_read_type *rt, tsig_repair *rp, const tsig_type *root, int input)
{
    memset(rt, 0, sizeof *rt);
    rt->rp = rp;
    rt->types.root = root;
    rt->input = input;
    rp->on = step;
    rp->ctx = rt;
}

void tsig_read_type_release(tsig_read_type *rt)
{
    tsig_cursor_release(&rt->types);
}

/* ---- the whole text as one bare text (SPEC §13.1 rows 1 and 2) --------- */

/* 1 when s[0..len) may be read as one bare text: it does not start with
 * '"', '{' or '[', it is not JSON whatever the type (a literal, a number,
 * a number written another way: tsig_json_as_written), and it is UTF-8
 * with no NUL. */
static int bare_text(const char *s, size_t len)
{
    return len && s[0] != '"' && s[0] != '{' && s[0] != '[' && !tsig_json_as_written(s, len) &&
           tsig_text_readable(s, len);
}

/* Appends the note what at at to rp's notes. 0 when out of memory. */
static int add_note(tsig_repair *rp, int what, size_t at, const char *value, size_t value_len)
{
    tsig_repair_note *n = realloc(rp->notes, (rp->note_count + 1) * sizeof *n);
    if (!n) return 0;
    rp->notes = n;
    n[rp->note_count++] = (tsig_repair_note){what, at, 0, value, value_len};
    rp->note_cap = rp->note_count;
    return 1;
}

int tsig_read_whole_text(const tsig_type *root, const char *t, size_t len, tsig_repair *rp)
{
    if (!root) return 0;
    size_t a = 0, b = len, fence = (size_t)-1;
    if (b >= 3 && memcmp(t, "\xEF\xBB\xBF", 3) == 0) a = 3;
    while (a < b && tsig_json_is_ws((unsigned char)t[a])) a++;
    while (b > a && tsig_json_is_ws((unsigned char)t[b - 1])) b--;
    if (b - a >= 3 && memcmp(t + a, "```", 3) == 0) {
        /* a fence around it: its info line dropped; closed at the end, or
         * never (it holds the rest of the text) */
        const char *nl = memchr(t + a, '\n', b - a);
        if (!nl) return 0;
        fence = a;
        a = (size_t)(nl - t) + 1;
        if (b - a >= 3 && memcmp(t + b - 3, "```", 3) == 0) b -= 3;
        while (a < b && tsig_json_is_ws((unsigned char)t[a])) a++;
        while (b > a && tsig_json_is_ws((unsigned char)t[b - 1])) b--;
        for (size_t k = a; k + 3 <= b; k++)
            if (memcmp(t + k, "```", 3) == 0) return 0; /* more than one fence */
    }
    /* a backtick-quoted value at the root is read by its own row */
    if (a < b && t[a] == '`') return 0;
    const tsig_type *r = tsig_type_strip(root);
    const tsig_type *const *members = &r;
    size_t count = 1;
    if (r->kind == TSIG_UNION) {
        members = r->members;
        count = r->member_count;
    }
    /* row 1: an enum value, one pair of ** * _ ` around it trimmed */
    size_t ea = a, eb = b;
    if (eb - ea >= 4 && memcmp(t + ea, "**", 2) == 0 && memcmp(t + eb - 2, "**", 2) == 0) {
        ea += 2;
        eb -= 2;
    } else if (eb - ea >= 2 && t[ea] == t[eb - 1] && (t[ea] == '*' || t[ea] == '_')) {
        ea++;
        eb--;
    }
    const char *value = NULL;
    size_t value_len = 0;
    int what = -1;
    /* the members first: the text is looked at (all of it: bare_text)
     * only where a member may read it */
    for (size_t i = 0; i < count && !value; i++) {
        const tsig_type *e = tsig_type_strip(members[i]);
        if (e->kind != TSIG_ENUM) continue;
        const tsig_value_ref *v =
            tsig_value_find(e->index->sorted, e->value_count, TSIG_VALUE_STRING, t + ea, eb - ea);
        if (v && bare_text(t + ea, eb - ea)) {
            value = v->value->text;
            value_len = v->value->len;
            what = TSIG_REPAIR_WHOLE_ENUM;
        }
    }
    /* row 2: the text as a string, where a member takes any string */
    for (size_t i = 0; i < count && !value; i++)
        if (takes_text(members[i])) {
            if (!bare_text(t + a, b - a)) break;
            value = t + a;
            value_len = b - a;
            what = TSIG_REPAIR_WHOLE_STRING;
        }
    if (!value) return 0;
    tsig_json_escape(&rp->out, value, value_len);
    rp->map = malloc(2 * sizeof *rp->map);
    if (rp->map) {
        rp->map[0] = 0;
        rp->map[1] = a;
        rp->map_count = rp->map_cap = 1;
    }
    if (!rp->map || rp->out.failed || (fence != (size_t)-1 && !add_note(rp, TSIG_REPAIR_FENCE, fence, NULL, 0)) ||
        !add_note(rp, what, a, value, value_len))
        rp->out.failed = 1;
    rp->done = 1;
    return 1;
}

/* ---- candidates among several values (SPEC §13.2) ----------------------- */

/* Where one value read from t[0..n) with the repairs and the member
 * readings ends (bytes read, after it), or 0 when it does not read: cut
 * off, broken, or prose before it (prose_before: a note said so). */
static size_t read_one(const tsig_type *root, int input, const char *t, size_t n, size_t max_depth,
                       int *prose_before, int *nomem)
{
    tsig_repair rp;
    tsig_read_type rt;
    tsig_repair_init(&rp, max_depth);
    tsig_read_type_begin(&rt, &rp, root, input);
    if (!tsig_repair_run(&rp, t, n, 1)) *nomem = 1;
    size_t end = rp.r.value_end;
    *prose_before = 0;
    for (size_t i = 0; i < rp.note_count; i++)
        if (rp.notes[i].what == TSIG_REPAIR_BEFORE || rp.notes[i].what == TSIG_REPAIR_FENCE)
            *prose_before = 1;
    tsig_read_type_release(&rt);
    tsig_repair_release(&rp);
    return end;
}

/* The bracket that closes the one at t[i] ('{' or '['), or n when none:
 * brackets counted, those inside double-quoted strings aside. */
static size_t closing_bracket(const char *t, size_t n, size_t i)
{
    size_t depth = 0;
    for (; i < n; i++) {
        char c = t[i];
        if (c == '"') {
            for (i++; i < n && t[i] != '"'; i++)
                if (t[i] == '\\') i++;
            if (i >= n) return n;
        } else if (c == '{' || c == '[') {
            depth++;
        } else if (c == '}' || c == ']') {
            if (--depth == 0) return i;
        }
    }
    return n;
}

int tsig_find_candidates(const tsig_type *root, int input, const char *t, size_t n,
                         size_t max_depth, tsig_candidate *c)
{
    int count = 0, nomem = 0, prose;
    size_t i = n >= 3 && memcmp(t, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
    while (i < n) {
        char b = t[i];
        if (b == '`' && (i == 0 || t[i - 1] == '\n') && n - i >= 3 && memcmp(t + i, "```", 3) == 0) {
            /* a fence: its content, to the closing fence or the end */
            size_t fence = i;
            const char *nl = memchr(t + i, '\n', n - i);
            if (!nl) break;
            size_t from = (size_t)(nl - t) + 1, to = from;
            while (to + 3 <= n && memcmp(t + to, "```", 3) != 0) to++;
            if (to + 3 > n) to = n;
            size_t at = from;
            while (at < to && tsig_json_is_ws((unsigned char)t[at])) at++;
            if (at < to) {
                size_t end = read_one(root, input, t + at, to - at, max_depth, &prose, &nomem);
                size_t after = at + end;
                while (end && after < to && tsig_json_is_ws((unsigned char)t[after])) after++;
                if (end && !prose && after == to) {
                    if (count == TSIG_CANDIDATES_MAX) return -1;
                    c[count++] = (tsig_candidate){at, at + end, fence};
                }
            }
            i = to + 3 <= n ? to + 3 : n;
            continue;
        }
        if (b == '{' || b == '[') {
            size_t end = read_one(root, input, t + i, n - i, max_depth, &prose, &nomem);
            if (end && !prose) {
                if (count == TSIG_CANDIDATES_MAX) return -1;
                c[count++] = (tsig_candidate){i, i + end, (size_t)-1};
                i += end;
                continue;
            }
            /* a bracket that does not read: prose, to the one that closes it */
            size_t close = closing_bracket(t, n, i);
            if (close >= n) return -1;
            i = close + 1;
            continue;
        }
        if (b == '}' || b == ']') return -1; /* unbalanced prose */
        i++;
    }
    return nomem ? -2 : count;
}
