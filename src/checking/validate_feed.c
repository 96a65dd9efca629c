/*
 * validate_feed.c: the validator fed in chunks (SPEC §12.2): a stream's
 * text read as it arrives, the value judged by the validator.
 *
 * Each chunk is read once by the push reader of JSON syntax
 * (tsig_json_push_read in src/ground/json.c, whose state the feed holds:
 * the open containers, where in a string, number or literal it is), which
 * knows, byte by byte, whether the text so far can still become JSON and
 * when a whole value has been read, and tells the feed of each value, key
 * and end it reads (on_step). The type is followed as values start (the
 * type cursor: per open container its type and the type of its next
 * value).
 *
 * Judging the value against the signature is the one-shot validator's
 * work. Following the type, a value of the wrong kind, a float where an
 * int belongs, a number out of a refined range, a string no enum value
 * equals, or a field strict mode refuses is suspected as it is read. A
 * string whose start (decoded, before any escape) starts no value of its
 * enum is judged at once, cut at its shortest such start, so the error is
 * the same wherever the chunks end. A value of a kind its type never
 * takes is judged at its first byte (early_kind: the text before it, a
 * stand-in of its kind, what is open closed), with the one-shot message
 * where that echoes nothing the byte does not say; a string or number,
 * not whole yet, is echoed as not known ("…"), and is read on and judged
 * again once whole. When a suspect value is whole, the validator judges
 * the value read so far (open containers closed; a string cut short
 * closed where it was cut) and the errors about text really read are the
 * stream's: the messages are the one-shot ones, and a wrong suspicion
 * costs one validation and stops looking. Suspicions are looked for in
 * return values in the modes whose errors fail, without repair
 * (arguments are coerced; repair moves positions): there, and for the
 * rest (a string with escapes, length bounds, unions of maps), type
 * errors are found when the value is whole (the stream judges it).
 *
 * Cost: where the type of a list is known, the elements that are whole in
 * what came are validated then, one after the other, by the validator
 * itself (tsig_validate_elements) and the reader steps over them; those
 * that validate with no message and no change are remembered as runs
 * (tsig_known), and the validation of the whole text steps over the runs
 * (tsig_validate_with_known). The element a chunk cuts waits for the next
 * chunk and is validated whole then (read twice in part). One longer than
 * two chunks (with a model's chunks of a few bytes, nearly every one) is
 * read by the reader instead, and validated alone when whole, the runs
 * inside it stepped over (read_done): a run all the same. Where fewer
 * bytes have come than the list's elements take, an element is not tried
 * at all: the reader reads it at once. So most of a big value, its list
 * elements, is read once when chunks are longer than elements, twice when
 * they are shorter; what is read twice either way is the rest: elements
 * with an error and values outside lists. A list element the validator
 * reads alone is read as at its depth, with the stream's options; a run
 * is stepped over only where the same list type meets it in pass 1, so
 * the result is the one-shot result.
 *
 * Memory: the reader's state, the cursor and the lists are bounded by the
 * nesting depth; the runs are one tsig_known per run of list elements or
 * long member value.
 */
#include "validator.h"

enum { WAIT_NONE = TSIG_FEED_WAIT_NONE, WAIT_FIRST, WAIT_TRIED, WAIT_READ };

/* ---- suspicions: what is wrong before the value is whole ---------------- */

/* t when the strings t takes are values of enums (t an enum, or a union
 * whose members taking strings are all enums), else NULL. */
static const tsig_type *string_enums(const tsig_type *t)
{
    t = tsig_type_strip(t);
    if (t->kind == TSIG_ENUM) return t;
    if (t->kind != TSIG_UNION) return NULL;
    const tsig_type_index *ix = t->index;
    size_t from = ix->takes_at[TSIG_JSON_STRING], to = ix->takes_at[TSIG_JSON_STRING + 1];
    if (from == to) return NULL;
    for (size_t k = from; k < to; k++)
        if (tsig_type_strip(t->members[ix->takes[k]])->kind != TSIG_ENUM) return NULL;
    return t;
}

/* 1 iff the string t[0..len) (decoded; whole when whole, else its start)
 * can be, or start, a value of f->str_type: O(log values) per enum. */
static int string_may_be(const tsig_feed *f, const char *t, size_t len, int whole)
{
    const tsig_type *u = f->str_type;
    size_t from = 0, to = 1;
    if (u->kind == TSIG_UNION) {
        from = u->index->takes_at[TSIG_JSON_STRING];
        to = u->index->takes_at[TSIG_JSON_STRING + 1];
    }
    for (size_t k = from; k < to; k++) {
        const tsig_type *e = u->kind == TSIG_UNION ? tsig_type_strip(u->members[u->index->takes[k]]) : u;
        if (whole ? tsig_value_find(e->index->sorted, e->value_count, TSIG_VALUE_STRING, t, len) != NULL
                  : tsig_enum_string_prefix(e, 0, t, len))
            return 1;
    }
    return 0;
}

/* The start t[f->r.str_at..end) of the string being read (decoded) can
 * start no value of its enum: judged now (early(), on the text read, the
 * string cut where it is), on its shortest start that can start none
 * (whole characters), so that the error is the same wherever the chunks
 * end. Sets f->check when so. */
static void string_start_judge(tsig_feed *f, const char *t, size_t end)
{
    const char *str = t + f->r.str_at;
    size_t len = end - f->r.str_at;
    if (!f->str_type || f->pending || string_may_be(f, str, len, 0)) return;
    /* no start of a start that can start none can (bisection) */
    size_t lo = 0, hi = len; /* lo can, hi cannot */
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (string_may_be(f, str, mid, 0)) lo = mid;
        else hi = mid;
    }
    while (hi < len && ((unsigned char)str[hi] & 0xC0) == 0x80) hi++;
    f->r.str_cut = f->r.str_at + hi;
    f->str_type = NULL;
    f->r.watch = 0;
    f->pending = 1;
    f->check = 1;
}

/* 1 iff a value of t may hold a string whose start alone is an error:
 * an enum's (string_start_judge). */
static int has_enum(const tsig_type *t, int depth)
{
    if (!t || depth > 64) return t != NULL;
    switch (t->kind) {
    case TSIG_ENUM: return 1;
    case TSIG_OPTIONAL:
    case TSIG_LIST: return has_enum(t->elem, depth + 1);
    case TSIG_RECORD:
        for (size_t i = 0; i < t->field_count; i++)
            if (has_enum(t->fields[i].type, depth + 1)) return 1;
        return has_enum(t->extra, depth + 1);
    case TSIG_UNION:
        for (size_t i = 0; i < t->member_count; i++)
            if (has_enum(t->members[i], depth + 1)) return 1;
        return 0;
    case TSIG_STRING: case TSIG_INT: case TSIG_FLOAT: case TSIG_BOOL: case TSIG_KEYWORD:
    case TSIG_ANY: case TSIG_MAP: case TSIG_DATETIME:
        return 0;
    }
    return 1;
}

/* A value of JSON kind jk starts at at (its first byte: c) at depth
 * f->r.stack.len (before its container, if it is one, is pushed). */
static void walk_value(tsig_feed *f, tsig_json_kind jk, unsigned char c, size_t at)
{
    size_t d = f->r.stack.len;
    const tsig_type *want = tsig_cursor_want(&f->types, d);
    if (f->walk && want && !f->pending && !tsig_type_takes(want, jk)) {
        /* its kind is its first byte's: a definite error there (SPEC
         * §12.2), judged when that byte is read (a list or map; a scalar
         * when the text so far ends before it is whole, else whole) */
        f->pending = 1;
        f->bad_depth = d;
        f->kind_at = at;
        f->kind_byte = c;
        f->kind_scalar = jk != TSIG_JSON_OBJECT && jk != TSIG_JSON_ARRAY;
        if (!f->kind_scalar) f->kind_now = f->check = 1;
    }
    if (jk == TSIG_JSON_NUMBER) {
        f->num_type = want;
        while (f->num_type && f->num_type->kind == TSIG_OPTIONAL) f->num_type = f->num_type->elem;
    }
    f->str_type = NULL;
    if (f->walk && jk == TSIG_JSON_STRING && want && !f->pending) f->str_type = string_enums(want);
    f->r.watch = f->str_type != NULL; /* its plain runs told as they stop */
    if (jk != TSIG_JSON_OBJECT && jk != TSIG_JSON_ARRAY) return;
    if (!tsig_cursor_open(&f->types, d, want, jk)) {
        f->failed = 1;
        f->walk = f->follow = f->members = 0;
        return;
    }
    if (d >= f->list_cap) {
        size_t cap = f->types.cap;
        struct tsig_feed_list *l = realloc(f->lists, cap * sizeof *l);
        if (!l) {
            f->failed = 1;
            f->walk = f->follow = f->members = 0;
            return;
        }
        f->lists = l;
        f->list_cap = cap;
    }
    const tsig_type *t = f->types.frames[d].t;
    struct tsig_feed_list *l = &f->lists[d];
    l->waits = t && t->kind == TSIG_LIST && !(f->walk && has_enum(t->elem, 0));
    l->record = t && t->kind == TSIG_RECORD;
    l->read_at = 0;
    l->seen = l->seen_bytes = 0;
    l->dirty = 0;
    l->blind = 0;
    memset(l->extra_seen, 0, sizeof l->extra_seen);
}

/* 1 when the extra key key[0..len) of the record whose list entry is l may
 * have come before in it (two bits of 256 per key, of its hash under the
 * process's key, '-' read as '_': the validator tells extra keys apart
 * by their bytes, so this only says "seen" more often); the key is marked
 * seen. */
static int extra_again(struct tsig_feed_list *l, const char *key, size_t len)
{
    uint64_t h = tsig_hash_keyed(key, len, 1);
    unsigned a = (unsigned)(h >> 56), b = (unsigned)(h >> 48) & 0xFF;
    uint64_t ma = (uint64_t)1 << (a & 63), mb = (uint64_t)1 << (b & 63);
    int seen = (l->extra_seen[a >> 6] & ma) && (l->extra_seen[b >> 6] & mb);
    l->extra_seen[a >> 6] |= ma;
    l->extra_seen[b >> 6] |= mb;
    return seen;
}

/* The key t[f->r.key_at..end) of the map open at the top was read. A
 * repeated key's value is read by the validator without its type (it
 * knows no runs): not followed, nothing dropped. So is every value of a
 * record after a key with an escape (which field it names is not known
 * here), and an extra key's that may have come before. */
static void walk_key(tsig_feed *f, const char *t, size_t end)
{
    size_t d = f->r.stack.len;
    if (d == 0 || d > f->types.cap) return;
    int again;
    const char *key = t + f->r.key_at;
    size_t len = end - f->r.key_at;
    const tsig_field *fd = tsig_cursor_key(&f->types, d, key, len, f->r.escaped, &again);
    tsig_type_frame *fr = &f->types.frames[d - 1];
    struct tsig_feed_list *l = &f->lists[d - 1];
    if (f->r.escaped) l->blind = 1;
    if (again || l->blind || (!fd && fr->child && extra_again(l, key, len))) fr->child = NULL;
    /* a key no field names, strict (out of memory too: a wrong suspicion
     * costs a validation, then no more are looked for) */
    if (!fd && fr->t && fr->t->kind == TSIG_RECORD && !f->r.escaped && f->walk && !fr->t->extra &&
        f->opts.mode == TSIG_MODE_STRICT && !f->pending) {
        f->pending = 1;
        f->bad_depth = d;
    }
}

/* The text read so far completed (what is open closed, a string cut short
 * closed where it was cut), for the validator: NULL when out of memory. */
static char *so_far(const tsig_feed *f, size_t *len)
{
    size_t from, to;
    tsig_strbuf close = {0}, sb = {0};
    if (!tsig_json_push_cut(&f->r, &from, &to, &close)) {
        tsig_sb_puts(&sb, "null");
    } else {
        tsig_sb_append(&sb, f->reading, to);
        tsig_sb_append(&sb, close.data ? close.data : "", close.len);
        if (close.failed) sb.failed = 1;
    }
    tsig_sb_release(&close);
    return tsig_sb_finish(&sb, len);
}

/* Validates text[0..len) (the text read so far, completed) as a return
 * value in one shot, the known runs stepped over, nothing written; then
 * keeps the errors r holds whose span ends by real, or that start at
 * real_start (the value judged by its first byte; SIZE_MAX: none): how
 * many in *kept. Takes text (freed). TSIG_ERR_NOMEM, or TSIG_OK (*kept 0
 * when the text was no JSON). */
static tsig_code judge_part(tsig_feed *f, char *text, size_t len, size_t real,
                            size_t real_start, tsig_result *r, size_t *kept)
{
    tsig_validate_options o = f->opts;
    o.flags |= TSIG_VALUE_NEVER;
    tsig_code code = tsig_validate_with_known(f->root, 0, text, len, &o, f->known, f->known_count, r);
    tsig_free(text);
    *kept = 0;
    if (code == TSIG_ERR_NOMEM) {
        tsig_result_free(r);
        return code;
    }
    tsig_issue *e = (tsig_issue *)(uintptr_t)r->errors;
    for (size_t i = 0; code == TSIG_OK && i < r->error_count; i++) {
        if (e[i].code == TSIG_ISSUE_TOO_MANY ||
            (e[i].offset + e[i].length > real && e[i].offset != real_start))
            continue;
        e[(*kept)++] = e[i];
    }
    r->error_count = *kept;
    return TSIG_OK;
}

/* The suspect value is whole: the validator judges the value read so far
 * (what is open closed) and the errors about what was really read, the
 * first of them the earliest definite error, go to *out. 1 when there is
 * one, 0 when the suspicion was wrong (then no more are looked for: a
 * wrong one costs one validation, never more), -1 when out of memory. */
static TSIG_COLD int early(tsig_feed *f, tsig_result *out)
{
    f->pending = 0;
    f->kind_scalar = f->refining = 0;
    size_t len, real = f->r.cut, kept;
    if (tsig_json_push_in_string(&f->r))
        real = f->r.str_cut + 1; /* a string cut short: what is wrong with its start */
    char *text = so_far(f, &len);
    if (!text) return -1;
    /* keep what lies in the text read: a map or list closed here, a
     * string cut short is not what the model wrote */
    if (judge_part(f, text, len, real, SIZE_MAX, out, &kept) != TSIG_OK) return -1;
    if (!kept) {
        tsig_result_free(out);
        f->walk = 0;
        return 0;
    }
    return 1;
}

/* The value at f->kind_at is of a kind its type never takes: judged by
 * its first byte, on the text before it, a stand-in of its kind and the
 * closers of what is open. The stand-in's error goes to *out, its span
 * that byte, with the errors about the text before it (as early() keeps
 * them). Its message is the one-shot one where that echoes nothing the
 * byte does not say (a list, a map, null, the literal the byte starts);
 * a string or number is not whole: a string is echoed "…", a number is a
 * number … (whether an int or a float, its end says). A scalar is read
 * on and judged whole then (refining). 1, 0 when the validator does not
 * read it so, or -1 when out of memory. */
static TSIG_COLD int early_kind(tsig_feed *f, tsig_result *out)
{
    unsigned char c = f->kind_byte;
    const char *stand_in = c == '{' ? "{}" : c == '[' ? "[]" : c == '"' ? "\"\xE2\x80\xA6\""
                         : c == 't' ? "true" : c == 'f' ? "false" : c == 'n' ? "null" : "0";
    size_t len, kept;
    tsig_strbuf sb = {0};
    tsig_sb_append(&sb, f->reading, f->kind_at);
    tsig_sb_puts(&sb, stand_in);
    for (size_t k = f->bad_depth; k > 0; k--) tsig_sb_putc(&sb, f->r.stack.data[k - 1]);
    char *text = tsig_sb_finish(&sb, &len);
    f->kind_now = 0;
    if (!text) return -1;
    tsig_result *r = out;
    if (judge_part(f, text, len, f->kind_at, f->kind_at, r, &kept) != TSIG_OK) return -1;
    tsig_issue *e = (tsig_issue *)(uintptr_t)r->errors;
    for (size_t i = 0; i < kept; i++) {
        if (e[i].offset != f->kind_at) continue;
        e[i].length = 1;
        if (c == '-' || (c >= '0' && c <= '9')) {
            /* "expected T, got int 0" said of a number still arriving:
             * "expected T, got number …" (T's label may say ", got ") */
            const char *m = e[i].message, *got = m;
            for (const char *p = m; (p = strstr(p, ", got ")) != NULL; p++) got = p;
            tsig_strbuf said = {0};
            tsig_sb_append(&said, m, (size_t)(got - m));
            tsig_sb_puts(&said, ", got number \xE2\x80\xA6");
            int ok = !said.failed && tsig_result_set_message(r, i, said.data, said.len);
            tsig_sb_release(&said);
            if (!ok) {
                tsig_result_free(r);
                return -1;
            }
        }
    }
    if (!kept) {
        /* not the validator's reading (no such error): read on */
        tsig_result_free(r);
        f->pending = f->kind_scalar = 0;
        f->walk = 0;
        return 0;
    }
    if (f->kind_scalar) f->refining = 1; /* and judged again when whole */
    else f->pending = 0;
    return 1;
}

/* ---- runs: list elements validated as they became whole ----------------- */

/* Records the run of count elements of type from text[at..end): joined
 * to the last run when that one is of the same list and not dropped yet,
 * only a comma and whitespace between (one entry a list, whatever the
 * chunks: a byte at a time makes a run of each element). 0 when out of
 * memory. */
static int run_add(tsig_feed *f, size_t at, size_t end, size_t count, const tsig_type *type,
                   int value)
{
    if (!value && f->known_count > f->known_dropped) {
        tsig_known *last = &f->known[f->known_count - 1];
        if (last->type == type && last->input == f->input && tsig_json_one_comma(f->reading, last->end, at)) {
            last->end = end;
            last->count += count;
            return 1;
        }
    }
    if (f->known_count == f->known_cap) {
        size_t cap = f->known_cap ? f->known_cap * 2 : 16;
        tsig_known *k = realloc(f->known, cap * sizeof *k);
        if (!k) return 0;
        f->known = k;
        f->known_cap = cap;
    }
    f->known[f->known_count++] = (tsig_known){at, end, count, type, f->input, value};
    return 1;
}

/* The element being read at the top has a message or a change: so do the
 * elements of the lists around it (lists already dirty below the first
 * one met are, as dirt marks from the bottom up). */
static void dirty(tsig_feed *f)
{
    for (size_t d = f->r.stack.len; d-- > 0 && !f->lists[d].dirty;) f->lists[d].dirty = 1;
}

/* The validator of list elements, set up with the first: NULL when out of
 * memory (an element is then read as any other, the same result). */
static tsig_elements *elements_validator(tsig_feed *f)
{
    if (!f->elements) f->elements = tsig_elements_new();
    return f->elements;
}

/* The list open at the top: its type (NULL: not a list of a known type). */
static const tsig_type *top_list(const tsig_feed *f)
{
    const tsig_type *t = f->types.frames[f->r.stack.len - 1].t;
    return t && t->kind == TSIG_LIST ? t : NULL;
}

/* The elements of the list open at the top from t[at] (one's first byte)
 * that are whole in t[0..n) and validate with no message and no change,
 * one after the other (recorded in f->known as one run): the end of the
 * last, else 0. The reader reads on from there.
 *
 * The element after them that the end of the text cut short, with nothing
 * wrong in it so far, waits for the next chunk (f->wait_at): the reader
 * stops before it, and the next push validates it from its start again
 * with what came. Tried twice and still cut short (an element longer
 * than a chunk), it is read by the reader instead (and validated alone
 * when whole, read_done), so no byte is tried more than twice. Most
 * elements a chunk cuts are thus read by the validator alone, as the
 * others. Not where an enum's string may be judged by its start (the
 * feed judges it as it comes). *clean is that element's start (0: none),
 * whether it waits or not. */
static size_t elements_known(tsig_feed *f, const char *t, size_t n, size_t at, size_t *clean)
{
    const tsig_type *list = top_list(f);
    struct tsig_feed_list *l = &f->lists[f->r.stack.len - 1];
    if (!list) return 0;
    tsig_elements *e = elements_validator(f);
    if (!e) return 0;
    size_t count, waits, end = tsig_validate_elements(e, list->elem, f->input, t, n, at, f->r.stack.len,
                                                      &f->opts, &count, &waits);
    /* out of memory: read as any other, the same result */
    if (end && !run_add(f, at, end, count, list->elem, 0)) return 0;
    if (end) {
        l->seen += count;
        l->seen_bytes += end - at;
    }
    *clean = waits;
    if (waits && l->waits) {
        if (waits != f->wait_at) {
            f->wait_at = waits;
            f->wait = WAIT_FIRST;
        } else if (f->wait == WAIT_TRIED) {
            f->wait = WAIT_READ; /* the second try: the reader reads it */
        }
    }
    return end;
}

/* The element the reader read (its start: the list's read_at, the end:
 * end) is whole: validated alone, the runs in it stepped over, and when
 * it validates with no message and no change, it and they are one run, as
 * if it had been whole in one chunk. So an element longer than two chunks
 * (or any, when the chunks are a model's few bytes) is read twice, by the
 * reader and here, and dropped like the others. A record's member value
 * (f->members) likewise, once it is TSIG_MEMBER_RUN_MIN bytes or more and
 * holds no run: a run of one value, of its field's type (or the record's
 * extra type). */
static TSIG_NOINLINE void read_done(tsig_feed *f, size_t end)
{
    size_t d = f->r.stack.len;
    struct tsig_feed_list *l = &f->lists[d - 1];
    size_t at = l->read_at;
    l->read_at = 0;
    const tsig_type *list = top_list(f), *type = list ? list->elem : f->types.frames[d - 1].child;
    if (!type) return;
    /* one inside it, or a suspicion, found something: it would not
     * validate clean (and is not read again for nothing) */
    if (f->pending || l->dirty) {
        dirty(f);
        return;
    }
    size_t first = f->known_count;
    while (first && f->known[first - 1].start >= at) first--;
    /* A member value with runs in it stays as it is, its runs apart: a
     * reader meets it (a record's value read inline by check_fast, not
     * through tsig_check_value) where its text is not dropped yet, and
     * reads it whole, which it can only where nothing in it is a
     * placeholder (a list's elements are looked for at each element). */
    if (!list && first != f->known_count) return;
    /* the runs inside it (none: no pointer, f->known may be NULL) */
    const tsig_known *inside = first < f->known_count ? f->known + first : NULL;
    tsig_elements *e = elements_validator(f);
    if (!e || !tsig_validate_element(e, type, f->input, f->reading, at, end, d, &f->opts, inside,
                                     f->known_count - first)) {
        dirty(f);
        return;
    }
    size_t count = f->known_count;
    f->known_count = first;
    if (f->known_dropped > first) f->known_dropped = first;
    if (!run_add(f, at, end, 1, type, !list)) {
        f->known_count = count; /* the runs in it stay: the same result */
        return;
    }
    if (list) {
        l->seen++;
        l->seen_bytes += end - at;
    }
}

/* ---- the push reader's steps -------------------------------------------- */

/* A value ended at end (the push reader's part done). */
static void value_done(tsig_feed *f, size_t end)
{
    if (f->walk && f->pending && f->r.stack.len == f->bad_depth) f->check = 1;
    if (!f->follow || !f->r.stack.len) return;
    struct tsig_feed_list *l = &f->lists[f->r.stack.len - 1];
    if (!l->read_at) return;
    /* a short member value: its run and hole would take more room than
     * its text (what is wrong in it made the lists around it dirty) */
    if (l->record && end - l->read_at < TSIG_MEMBER_RUN_MIN) l->read_at = 0;
    else read_done(f, end);
}

/* A value starts at at (its first byte, not ']'), at depth f->r.stack.len:
 * the elements of a list of a known type are validated whole as far as
 * they are here whole (TSIG_PUSH_SKIP over them), or the first waits for
 * the next chunk (TSIG_PUSH_WAIT); its type is followed. */
static int on_value(tsig_feed *f, const char *t, size_t n, size_t at)
{
    unsigned char c = (unsigned char)t[at];
    if (f->follow && !f->pending && f->r.stack.len && f->r.stack.data[f->r.stack.len - 1] == ']') {
        size_t clean = at;
        struct tsig_feed_list *l = &f->lists[f->r.stack.len - 1];
        if (!(at == f->wait_at && f->wait == WAIT_READ)) {
            int first = at == f->wait_at && f->wait == WAIT_FIRST;
            /* fewer bytes here than the list's elements take: a try would
             * be cut short (a validator set up for nothing, in a model's
             * small chunks), so the reader reads it at once */
            int short_here = !first && l->seen && (n - at) * l->seen < l->seen_bytes;
            size_t end = first || short_here ? 0 : elements_known(f, t, n, at, &clean);
            if (end) {
                value_done(f, end);
                f->r.skip_to = end;
                if (f->check) f->r.stop = 1;
                return TSIG_PUSH_SKIP;
            }
            if (at == f->wait_at && f->wait == WAIT_FIRST) {
                /* cut short by the chunk's end: tried again with the next */
                f->wait = WAIT_TRIED;
                return TSIG_PUSH_WAIT;
            }
        }
        /* the reader reads it: cut short with nothing wrong so far, it is
         * validated alone when whole (read_done) */
        if (f->wait_at == at) {
            f->wait_at = 0;
            f->wait = WAIT_NONE;
        }
        l->dirty = 0;
        if (clean == at) l->read_at = at;
        else dirty(f);
    } else if (f->members && !f->pending && f->r.stack.len &&
               f->types.frames[f->r.stack.len - 1].child) {
        /* a member value of a known type: validated alone when whole
         * (read_done), to be dropped */
        struct tsig_feed_list *l = &f->lists[f->r.stack.len - 1];
        l->dirty = 0;
        l->read_at = at;
    }
    if (f->follow && f->r.stack.len < f->r.max_depth)
        walk_value(f, tsig_json_kind_of((char)c), c, at);
    return f->check ? TSIG_PUSH_YIELD : TSIG_PUSH_GO;
}

/* A number t[f->r.num_at..end) was read: a float where an int belongs
 * (SPEC §3: by its text), or out of a refined :int's or :float's range. */
static void number_read(tsig_feed *f, const char *t, size_t end)
{
    if (!f->walk || f->pending || !f->num_type) return;
    tsig_kind k = f->num_type->kind;
    if ((f->r.num_float && k == TSIG_INT) ||
        ((k == TSIG_INT || k == TSIG_FLOAT) && tsig_type_refined(f->num_type) &&
         !tsig_bounds_hold_number(f->num_type, t + f->r.num_at, end - f->r.num_at))) {
        f->pending = 1;
        f->bad_depth = f->r.stack.len;
    }
}

/* The push reader's steps (json.c), as the feed follows them. */
static int on_step(void *ctx, int event, size_t at)
{
    tsig_feed *f = ctx;
    const char *t = f->reading;
    switch (event) {
    case TSIG_PUSH_VALUE:
        return on_value(f, t, f->reading_len, at);
    case TSIG_PUSH_KEY:
        if (f->follow) walk_key(f, t, at);
        return TSIG_PUSH_GO;
    case TSIG_PUSH_STRING_PART:
        /* the start before a quote, an escape or any other byte the run
         * stops at is decoded: judged before it, so that a wrong byte
         * after it changes nothing (the byte is read after) */
        if (f->walk && f->str_type) string_start_judge(f, t, at);
        return f->check ? TSIG_PUSH_YIELD : TSIG_PUSH_GO;
    case TSIG_PUSH_STRING:
        /* a whole string that is no value of its enum */
        if (f->walk && f->str_type && !f->r.escaped && !f->pending &&
            !string_may_be(f, t + f->r.str_at, at - 1 - f->r.str_at, 1)) {
            f->pending = 1;
            f->bad_depth = f->r.stack.len;
        }
        break;
    case TSIG_PUSH_NUMBER:
        number_read(f, t, at);
        break;
    }
    value_done(f, at);
    return f->check ? TSIG_PUSH_YIELD : TSIG_PUSH_GO;
}

/* ---- the feed ------------------------------------------------------------ */

void tsig_feed_begin(tsig_feed *f, const tsig_type *root, int input,
                     const tsig_validate_options *o, int walk, int members, size_t max_depth)
{
    memset(f, 0, sizeof *f);
    f->root = root;
    f->input = input;
    f->opts = *o;
    tsig_json_push_begin(&f->r, max_depth);
    f->types.root = root;
    f->walk = walk;
    f->follow = root && o->mode != TSIG_MODE_DISABLED;
    f->members = members && f->follow;
}

void tsig_feed_release(tsig_feed *f)
{
    tsig_json_push_release(&f->r);
    tsig_cursor_release(&f->types);
    free(f->lists);
    free(f->known);
    tsig_elements_free(f->elements);
}

int tsig_feed_read(tsig_feed *f, const char *t, size_t n)
{
    f->reading = t;
    f->reading_len = n;
    for (;;) {
        tsig_push_answer a =
            tsig_json_push_read(&f->r, t, n, f->follow || f->walk ? on_step : NULL, f);
        if (a == TSIG_PUSH_NOMEM || f->failed) return -1;
        if (a == TSIG_PUSH_BAD) return 0;
        if (a == TSIG_PUSH_MORE) {
            /* the start of a string read so far (decoded: no escape in it) */
            if (f->walk && f->str_type && !f->r.escaped && f->r.in_value_string)
                string_start_judge(f, t, f->r.str_cut);
            /* a scalar of a kind its type never takes, not whole yet:
             * judged by its first byte now, whole later */
            if (f->kind_scalar && f->pending && !f->check && !f->refining)
                f->kind_now = f->check = 1;
        }
        if (f->check) {
            f->check = 0;
            int e = f->kind_now ? early_kind(f, &f->early) : early(f, &f->early);
            if (e) return e < 0 ? -1 : 2;
        }
        if (f->r.whole) {
            f->r.whole = 0;
            return 3;
        }
        if (a == TSIG_PUSH_MORE) return 1;
    }
}

void tsig_feed_restart(tsig_feed *f)
{
    tsig_json_push_begin(&f->r, f->r.max_depth);
    f->pending = f->check = 0;
    f->kind_now = f->kind_scalar = f->refining = 0;
    f->known_count = f->known_dropped = 0;
    f->wait_at = 0;
    f->wait = WAIT_NONE;
    f->follow = f->members = 0; /* the repaired text: read as it comes */
}

int tsig_feed_read_on(const tsig_feed *f, const char *t, size_t n, tsig_json_push *out)
{
    if (f->wait != WAIT_TRIED || f->r.read != f->wait_at) return 0;
    *out = f->r;
    out->stack = (tsig_strbuf){0};
    tsig_sb_append(&out->stack, f->r.stack.data, f->r.stack.len);
    out->whole = 0;
    if (!out->stack.failed && tsig_json_push_read(out, t, n, NULL, NULL) != TSIG_PUSH_NOMEM)
        return 1;
    tsig_sb_release(&out->stack);
    return -1;
}

size_t tsig_feed_known_elements(const tsig_feed *f)
{
    size_t n = 0;
    for (size_t i = 0; i < f->known_count; i++) n += f->known[i].count;
    return n;
}
