/*
 * validate_map.c: typed maps (SPEC §4, §11.6) past their common case (each
 * key the next field's as declared: tsig_check_record, validate.c): keys
 * found among the fields, the map read on in data order or located
 * (validate.c says when), extra fields, strict mode, competing spellings,
 * repeated keys, missing fields and defaults.
 *
 * A member of a typed map is the first key of a declared field, a repeated
 * key (the same key again: an error in every mode), a competing spelling of
 * a declared field ("order-count" after "order_count": ambiguous), or an
 * extra member. Streaming keeps, per declared field, where its first key
 * starts (slots); extra keys and competing ones go to the map's key set,
 * which is only begun when the first of them comes.
 */
#include "validator.h"

/* A typed map's key frame (for keys outside the signature) is begun only
 * when such a key comes: start is NONE until then. */
static void keys_lazy(tsig_json_keyframe *kf)
{
    kf->start = NONE;
}

static void keys_end(validator *v, tsig_json_keyframe *kf)
{
    if (kf->start != NONE) tsig_json_keys_end(&v->keys, kf);
}

/* The field of t a key names (tsig_field_find, with the validation's
 * indexes of big maps); field_count when none, NONE when out of memory. */
static size_t find_field(validator *v, const tsig_type *t, const char *key,
                         size_t len, size_t hint)
{
    return tsig_field_find(&v->fields, t, key, len, hint);
}

/* Makes room for n more slots. 0 when out of memory. */
int tsig_slots_grow(validator *v, size_t n)
{
    size_t cap = v->slot_cap * 2;
    while (cap - v->slot_count < n) cap *= 2;
    slot *grown;
    if (v->slots == v->slot_small) {
        grown = malloc(cap * sizeof *grown);
        if (grown) memcpy(grown, v->slot_small, v->slot_count * sizeof *grown);
    } else {
        grown = realloc(v->slots, cap * sizeof *grown);
    }
    if (!grown) return 0;
    v->slots = grown;
    v->slot_cap = cap;
    return 1;
}

/* tsig_table_key_of over the located offsets: an offset's bytes. */
static const char *located_at(const void *ctx, size_t entry, size_t *len)
{
    *len = sizeof(size_t);
    return (const char *)&((const validator *)ctx)->located[entry];
}

/* Remembers that the map at offset is read located. 0 when out of memory. */
static int located_add(validator *v, size_t offset)
{
    if (v->located_count == v->located_cap) {
        size_t cap = v->located_cap ? v->located_cap * 2 : 16;
        size_t *grown = realloc(v->located, cap * sizeof *grown);
        if (!grown) return 0;
        v->located = grown;
        v->located_cap = cap;
    }
    if (!v->located_set.key_of) tsig_table_init(&v->located_set, 0, NULL, located_at, v);
    const char *key = (const char *)&offset;
    size_t at = tsig_table_add(&v->located_set, key, sizeof offset,
                               tsig_table_hash(&v->located_set, key, sizeof offset),
                               v->located_count);
    if (at == TSIG_TABLE_NOMEM) return 0;
    if (at == TSIG_TABLE_NONE) v->located[v->located_count++] = offset;
    return 1;
}

/* The same, called (where keys in another order are read). */
static NOINLINE size_t expected_key(validator *v, const tsig_type *t, size_t hint, size_t at,
                                    tsig_json_span *key)
{
    return expected_key_inline(v, t, hint, at, key);
}

/* 1 iff two keys read in the text are the same after unescaping. */
static int same_key(validator *v, const tsig_json_span *a, const tsig_json_span *b)
{
    const char *src = v->j.src;
    if (!a->flag && !b->flag)
        return a->len == b->len && memcmp(src + a->start, src + b->start, a->len) == 0;
    tsig_strbuf *sb = &v->scratch;
    sb->len = 0;
    if (!tsig_sb_reserve(sb, a->len + b->len)) return nomem(v) - 1;
    size_t la = tsig_json_unescape(src + a->start, a->len, sb->data);
    size_t lb = tsig_json_unescape(src + b->start, b->len, sb->data + la);
    return la == lb && memcmp(sb->data, sb->data + la, la) == 0;
}

/*
 * Classifies a member that is not the first key of a declared field:
 * field < t->field_count when it names a declared field already named
 * (the same key again, or another spelling), else an extra member. Adds
 * the key to the map's key set. Returns the member status, or -1 when out
 * of memory.
 */
static int classify_other(validator *v, tsig_json_keyframe *kf, size_t field,
                          size_t field_count, const tsig_json_span *first,
                          const tsig_json_span *key)
{
    if (field < field_count) {
        int same = same_key(v, first, key);
        if (same < 0) return -1;
        if (same) return MEMBER_DUPLICATE;
    }
    size_t len, found;
    const char *text = string_text(v, key, &len);
    if (!text) return -1;
    if (kf->start == NONE) tsig_json_keys_begin(&v->keys, kf);
    if (!tsig_json_keys_add(&v->keys, kf, text, len, !key->flag, &found)) {
        nomem(v);
        return -1;
    }
    if (field < field_count) return found == NONE ? MEMBER_AMBIGUOUS : MEMBER_DUPLICATE;
    return found == NONE ? MEMBER_EXTRA : MEMBER_EXTRA_DUPLICATE;
}

/*
 * Reports and reads (pass 2: writes) the value of a member that is not the
 * first key of a declared field, as classified. Messages about the key
 * itself are at the key's path, except an ambiguous key's, which is at its
 * field's (field); the value is read under the key.
 */
static int other_member(validator *v, size_t step, const tsig_type *extra,
                        const tsig_field *field, int status,
                        const tsig_json_span *first, const tsig_json_span *key,
                        int *wrote)
{
    const char *raw = v->j.src + key->start;
    int ok = 1;
    set_key_step(v, step, raw, key->len, key->flag);
    switch (status) {
    case MEMBER_DUPLICATE:
    case MEMBER_EXTRA_DUPLICATE: ok = tsig_report_duplicate(v, key); break;
    case MEMBER_AMBIGUOUS:
        set_key_step(v, step, field->name, field->name_len, 0);
        ok = tsig_report_ambiguous(v, first, key);
        set_key_step(v, step, raw, key->len, key->flag);
        break;
    case MEMBER_EXTRA:
        if (extra) {
            /* "* T": checked at its own path, allowed in strict mode */
            if (v->out) write_key(v, wrote, NULL, key);
            return tsig_check_value(v, extra, v->j.pos) != 0;
        }
        /* fall through */
    default:
        if (v->mode == TSIG_MODE_STRICT) ok = tsig_report_unexpected(v, v->j.pos);
    }
    if (!ok) return 0;
    /* validate_input drops a competing spelling (its field has one value) */
    int dropped = status == MEMBER_AMBIGUOUS && v->input;
    if (dropped) v->changed = 1;
    if (v->out && !dropped) write_key(v, wrote, NULL, key);
    return walk(v, !dropped);
}

/* Defaults are canonical JSON of at most 64 levels (SPEC §11.1). */
#define DEFAULT_DEPTH 1000

/* validate_input: reads field's default (pass 2 writes it) as a value
 * given for it, so that its own fields' defaults are filled (SPEC §11.7).
 * 1, or 0 when reading must stop. */
static int fill_default(validator *v, const tsig_field *field)
{
    return tsig_check_inner(v, field->type, field->default_json, field->default_len, DEFAULT_DEPTH);
}

/*
 * Reads the value at at of a declared field. validate_input replaces a
 * null by the field's default when its type does not take null (not
 * optional, not :any; SPEC §11.3).
 */
size_t tsig_check_field(validator *v, const tsig_field *field, size_t at)
{
    if (v->input && field->default_json && field->type->kind != TSIG_OPTIONAL &&
        field->type->kind != TSIG_ANY) {
        tsig_json *j = &v->j;
        j->pos = at = tsig_json_ws(j, at);
        if (at < j->len && j->src[at] == 'n') {
            if (!tsig_json_literal(j, "null", 4)) return 0;
            size_t end = j->pos;
            v->changed = 1;
            if (v->out && !fill_default(v, field)) return 0;
            return j->pos = end;
        }
    }
    return tsig_check_value(v, field->type, at);
}

/* 1 iff field f of the map whose slots start at base was named. */
static inline int named(const validator *v, size_t base, size_t f, uint64_t seen)
{
    return f < SEEN_BITS ? (int)(seen >> f & 1) : v->slots[base + f].key_at != NONE;
}

/* The rest of tsig_check_record, from the first member that is not the
 * next declared field's key as declared (or the end, when a field is
 * missing). */
NOINLINE size_t tsig_check_record_rest(validator *v, const tsig_type *t, const map_read *r)
{
    tsig_json *j = &v->j;
    size_t field_count = t->field_count;
    mark m = r->m;
    size_t open_at = r->open_at, depth = r->depth, out_mark = r->out_mark, base = r->base;
    size_t step = r->step, at = r->at, hint = r->hint, last = r->last;
    size_t data_index = r->data_index, max_order = r->max_order;
    uint64_t seen = r->seen;
    int saw_extra = 0, have_order = r->have_order, wrote = r->wrote, ok = r->ok;
    int relocate = 0, more = r->more;
    tsig_json_keyframe kf;
    keys_lazy(&kf);
    while (ok && more == 1) {
        tsig_json_span key;
        size_t len, f;
        const char *text;
        size_t value_at = expected_key(v, t, hint, at, &key);
        if (value_at) {
            f = hint;
            text = j->src + key.start;
            len = key.len;
        } else {
            value_at = tsig_json_key_read(&v->j, at, &key, data_index == 0);
            if (!value_at) { ok = 0; break; }
            text = string_text(v, &key, &len);
            if (!text) { ok = 0; break; }
            f = find_field(v, t, text, len, hint);
            if (f == NONE) { ok = nomem(v); break; }
        }
        /*
         * order: where this member's messages belong (its field's index, or
         * after every field for an extra). Messages must come out with
         * order never decreasing; when a member with messages would break
         * that, the map is read again located.
         */
        size_t before = v->emitted, order;
        if (f < field_count && !named(v, base, f, seen)) {
            const tsig_field *field = &t->fields[f];
            v->slots[base + f].key_at = key.start - 1;
            if (f < SEEN_BITS) seen |= (uint64_t)1 << f;
            /* declared fields not first in signature order: the value
             * changes; pass 2 writes it located */
            if (saw_extra || (last != NONE && f < last)) {
                if (v->writing) { relocate = 1; break; }
                v->changed = 1;
            }
            if (v->input && (key.flag || len != field->name_len ||
                             memcmp(text, field->name, len) != 0))
                v->changed = 1;
            last = f;
            hint = f + 1;
            order = f;
            set_key_step(v, step, field->name, field->name_len, 0);
            if (v->out) write_key(v, &wrote, field, &key);
            at = tsig_check_field(v, field, value_at);
            if (!at) { ok = 0; break; }
        } else {
            tsig_json_span first_key, *first = NULL;
            if (f < field_count) {
                /* the first key of this field, read again (trusted: read once) */
                size_t pos = j->pos;
                int trusted = j->trusted;
                j->pos = v->slots[base + f].key_at;
                j->trusted = 1;
                tsig_json_string(j, &first_key);
                j->pos = pos;
                j->trusted = trusted;
                first = &first_key;
            }
            int status = classify_other(v, &kf, f, field_count, first, &key);
            if (status < 0) { ok = 0; break; }
            saw_extra = 1; /* written, if at all, with the extra members */
            order = f < field_count ? f : field_count + data_index;
            const tsig_field *field = f < field_count ? &t->fields[f] : NULL;
            if (!other_member(v, step, t->extra, field, status, first, &key, &wrote)) {
                ok = 0;
                break;
            }
            at = j->pos;
        }
        if (v->emitted != before) {
            if (have_order && order < max_order) { relocate = 1; break; }
            max_order = order;
            have_order = 1;
        }
        data_index++;
        more = tsig_json_after(j, &at, '}');
        if (!more) ok = 0;
        j->pos = at;
    }
    /* missing fields: their messages belong at their field's order */
    int all = field_count <= SEEN_BITS &&
              seen == (field_count == SEEN_BITS ? ~(uint64_t)0
                                                : ((uint64_t)1 << field_count) - 1);
    for (size_t f = 0; ok && !relocate && !all && f < field_count; f++) {
        const tsig_field *field = &t->fields[f];
        if (named(v, base, f, seen)) continue;
        if (field->default_json) {
            /* validate_input fills it: pass 2 writes it in its place */
            if (!v->input) continue;
            if (v->writing) { relocate = 1; break; }
            v->changed = 1;
            continue;
        }
        if (field->type->kind == TSIG_OPTIONAL || v->writing) continue;
        if (have_order && f < max_order) { relocate = 1; break; }
        tsig_strbuf *msg = tsig_issue_open(v, ISSUE_ERROR);
        if (!msg) continue;
        set_key_step(v, step, field->name, field->name_len, 0);
        tsig_sb_puts(msg, "missing required field, ");
        tsig_put_expected(msg, field->type);
        /* j->pos is at the map's '}' */
        if (!tsig_issue_close(v, step + 1, TSIG_ISSUE_MISSING, open_at, j->pos + 1)) ok = 0;
    }
    keys_end(v, &kf);
    v->path.count = step;
    v->slot_count = base;
    if (!ok) return 0;
    if (relocate) {
        /* take back this map's messages (or output) and read it located */
        mark_restore(v, &m);
        if (v->out) v->out->len = out_mark;
        j->pos = open_at;
        j->depth = depth;
        if (!located_add(v, open_at)) return (size_t)nomem(v);
        return tsig_check_record_located(v, t);
    }
    j->depth--;
    if (v->out) tsig_sb_putc(v->out, '}');
    return ++j->pos; /* after '}' */
}

/* Pushes a member; 0 when out of memory. */
static int member_push(validator *v, const member *mb)
{
    if (v->member_count == v->member_cap) {
        size_t cap = v->member_cap ? v->member_cap * 2 : 32;
        member *grown = realloc(v->members, cap * sizeof *grown);
        if (!grown) return nomem(v);
        v->members = grown;
        v->member_cap = cap;
    }
    v->members[v->member_count++] = *mb;
    return 1;
}

/* other_member for member k of a map read located. */
static int located_other(validator *v, const tsig_type *t, size_t step, size_t k,
                         int *wrote)
{
    member mb = v->members[k];
    tsig_json_span first = {0, 0, 0};
    if (mb.other != NONE) first = v->members[mb.other].key;
    v->j.pos = mb.value_at;
    return other_member(v, step, t->extra, mb.field != NONE ? &t->fields[mb.field] : NULL, mb.status,
                        &first, &mb.key, wrote);
}

/*
 * Reads a typed map located: first every member's key and place (values
 * read for their syntax only), then the declared fields in signature order
 * (each followed by its competing keys), then the other members in data
 * order. The messages and the written value come out in declaration order
 * whatever the data order.
 */
size_t tsig_check_record_located(validator *v, const tsig_type *t)
{
    tsig_json *j = &v->j;
    size_t field_count = t->field_count, base, members = v->member_count;
    size_t open_at = j->pos;
    if (!enter(j, open_at)) return 0;
    if (!slots_push(v, field_count, 0, &base)) return (size_t)nomem(v);
    if (!path_push(v)) {
        v->slot_count = base;
        return (size_t)nomem(v);
    }
    size_t step = v->path.count - 1;
    tsig_json_keyframe kf;
    keys_lazy(&kf);
    int ok = 1;

    /* 1. where every member is */
    tsig_json_skip_ws(j);
    int more = j->pos < j->len && j->src[j->pos] == '}' ? 2 : 1;
    for (size_t i = 0; more == 1; i++) {
        member mb;
        mb.value_at = tsig_json_key_read(j, j->pos, &mb.key, i == 0);
        if (!mb.value_at) { ok = 0; break; }
        mb.next = mb.other = NONE;
        size_t len;
        const char *text = string_text(v, &mb.key, &len);
        if (!text) { ok = 0; break; }
        size_t f = find_field(v, t, text, len, 0);
        if (f == NONE) { ok = nomem(v); break; }
        size_t index = v->member_count;
        mb.field = f < field_count ? f : NONE;
        slot *s = f < field_count ? &v->slots[base + f] : NULL;
        if (s && s->first == NONE) {
            mb.status = MEMBER_FIRST;
            s->first = s->last = index;
        } else {
            const tsig_json_span *first = s ? &v->members[s->first].key : NULL;
            int status = classify_other(v, &kf, f, field_count, first, &mb.key);
            if (status < 0) { ok = 0; break; }
            mb.status = status;
            if (s) {
                mb.other = s->first;
                v->members[s->last].next = index;
                s->last = index;
            }
        }
        set_key_step(v, step, j->src + mb.key.start, mb.key.len, mb.key.flag);
        if (!member_push(v, &mb) || !skip(v)) { ok = 0; break; }
        size_t at = j->pos;
        more = tsig_json_after(j, &at, '}');
        if (!more) ok = 0;
        j->pos = at;
    }
    size_t close_at = j->pos;

    /* 2. declared fields in signature order */
    int wrote = 0;
    if (ok && v->out) tsig_sb_putc(v->out, '{');
    for (size_t f = 0; ok && f < field_count; f++) {
        const tsig_field *field = &t->fields[f];
        size_t index = v->slots[base + f].first;
        set_key_step(v, step, field->name, field->name_len, 0);
        if (index == NONE) {
            if (field->default_json) {
                if (!v->input) continue;
                v->changed = 1;
                if (v->out) {
                    write_key(v, &wrote, field, NULL);
                    if (!fill_default(v, field)) ok = 0;
                }
                continue;
            }
            if (field->type->kind == TSIG_OPTIONAL || v->writing) continue;
            tsig_strbuf *msg = tsig_issue_open(v, ISSUE_ERROR);
            if (!msg) continue;
            tsig_sb_puts(msg, "missing required field, ");
            tsig_put_expected(msg, field->type);
            if (!tsig_issue_close(v, step + 1, TSIG_ISSUE_MISSING, open_at, close_at + 1)) ok = 0;
            continue;
        }
        if (v->out) write_key(v, &wrote, field, &v->members[index].key);
        if (!tsig_check_field(v, field, v->members[index].value_at)) { ok = 0; break; }
        if (v->writing) continue; /* competing keys are written with the others */
        for (size_t k = v->members[index].next; ok && k != NONE; k = v->members[k].next)
            ok = located_other(v, t, step, k, &wrote);
    }

    /* 3. the other members in data order (pass 2: competing keys too) */
    for (size_t k = members; ok && k < v->member_count; k++) {
        int status = v->members[k].status;
        if (status == MEMBER_FIRST || (v->members[k].field != NONE && !v->writing)) continue;
        ok = located_other(v, t, step, k, &wrote);
    }

    keys_end(v, &kf);
    v->path.count = step;
    v->slot_count = base;
    v->member_count = members;
    if (!ok) return 0;
    j->depth--;
    if (v->out) tsig_sb_putc(v->out, '}');
    return j->pos = close_at + 1;
}
