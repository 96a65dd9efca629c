/*
 * validate.c: JSON text checked against a type tree in one pass over the
 * text (SPEC §3, §4, §5, §10), with no intermediate JSON tree: the
 * traversal, the modes and the entry points (validator.h lists the other
 * files of the validator).
 *
 * The type tree drives the reader of json.c: each value is read where it
 * stands and judged by the type expected there; untyped parts (:any, :map,
 * extra fields, values of the wrong type) are read by the walker, which
 * still catches repeated keys and too-deep nesting. Recursion follows the
 * type tree only, so its depth is bounded by the signature (64 levels), not
 * by the data.
 *
 * Order of messages. Errors and warnings come depth-first in declaration
 * order. A typed map is read in data order ("streaming") as long as that
 * gives the same order of messages; when a member that produces messages
 * comes after one that belongs later (or a missing field belongs before
 * one that produced messages), the messages of the map are taken back and
 * the map is read again "located": its members' places found first, then
 * read in declaration order. A located map is remembered by its offset, so
 * enclosing maps read again never read it in data order twice.
 *
 * The value. Pass 1 judges and notes whether the value must change
 * (coercion, but not an int for :float when the host's numbers are
 * doubles; a key spelled otherwise than the signature, declared fields
 * not first in signature order, a byte-order mark). Only then (or when
 * asked) pass 2 reads the text again, trusted, and writes compact JSON:
 * declared fields first in signature order, then the others in data order.
 */
#include "validator.h"

/* ---- reading untyped values --------------------------------------------
 * :any, :map, extra members and values of the wrong type are read by the
 * walker: their syntax, depth and repeated keys are still checked.
 */

/* The value at j->pos is not a t: reports it and reads it (pass 2 writes it
 * as it is). Returns the position after it, 0 when reading must stop. */
size_t tsig_check_mismatch(validator *v, const tsig_type *t)
{
    tsig_json *j = &v->j;
    size_t at = j->pos;
    if (!v->trial) v->wrong_kind = 1;
    if (j->src[at] == '{' || j->src[at] == '[') {
        if (!tsig_wrong_value(v, t, at)) return 0;
        j->pos = at;
        return walk(v, 1) ? j->pos : 0;
    }
    tsig_json_span s = {0, 0, 0};
    if (!tsig_json_scalar(j, &s) || !tsig_wrong_scalar(v, t, at, j->pos, &s)) return 0;
    if (v->out) tsig_sb_append(v->out, j->src + at, j->pos - at);
    return j->pos;
}

/* ---- scalars: the rules of coerce.c, and their messages ------------------ */

/* The flags of tsig_value_number for this pass. */
static inline unsigned number_rules(const validator *v)
{
    return (v->input ? TSIG_RULE_INPUT : 0u) | (v->doubles ? TSIG_RULE_DOUBLES : 0u);
}

/* "expected int >= 1, got int 0": a number out of t's bounds (SPEC
 * §11.3), echoed as it is in the value (a coerced one as coerced). */
static TSIG_COLD int check_bound_number(validator *v, const tsig_type *t, const char *num,
                                   size_t len, int is_int, size_t at, size_t end)
{
    if (tsig_bounds_hold_number(t, num, len)) return 1;
    tsig_strbuf *m = tsig_issue_open(v, ISSUE_ERROR);
    if (!m) return 1;
    tsig_sb_puts(m, "expected ");
    tsig_bound_label(m, t);
    tsig_sb_puts(m, is_int ? ", got int " : ", got float ");
    tsig_echo_number(m, num, len);
    return tsig_issue_close(v, v->path.count, TSIG_ISSUE_RANGE, at, end);
}

/* "expected string of length <= 50, got string of length 60", or of a
 * list (at [at, end)); at the current path. */
TSIG_COLD int tsig_check_bound_count(validator *v, const tsig_type *t, size_t count, size_t at,
                                     size_t end)
{
    if (tsig_bounds_hold_count(t, count)) return 1;
    tsig_strbuf *m = tsig_issue_open(v, ISSUE_ERROR);
    if (!m) return 1;
    tsig_sb_puts(m, "expected ");
    tsig_bound_label(m, t);
    tsig_sb_printf(m, ", got %s of length %zu", tsig_kind_name(t->kind), count);
    return tsig_issue_close(v, v->path.count, TSIG_ISSUE_LENGTH, at, end);
}

/* Code points of a string read at s (a lone surrogate counts as one). 0
 * with j->code set when out of memory. */
static size_t code_points(validator *v, const tsig_json_span *s, int *ok)
{
    size_t len;
    const char *text = s->flag ? string_text(v, s, &len) : v->j.src + s->start;
    if (!s->flag) len = s->len;
    *ok = text != NULL;
    size_t n = 0;
    for (size_t i = 0; text && i < len; i++) n += ((unsigned char)text[i] & 0xC0) != 0x80;
    return n;
}

/* Reads a string for :string: its length checked against a refinement. */
static size_t check_plain_string(validator *v, const tsig_type *t, size_t at)
{
    tsig_json *j = &v->j;
    tsig_json_span s;
    size_t end = tsig_json_string_end(j, &s);
    if (!end) return 0;
    if (tsig_type_refined(t) && !v->writing) {
        int ok;
        size_t n = code_points(v, &s, &ok);
        if (!ok || !tsig_check_bound_count(v, t, n, at, end)) return 0;
        j->pos = end;
    }
    if (v->out) tsig_sb_append(v->out, j->src + at, end - at);
    return end;
}

/*
 * Reads a string for a t that may take one: :keyword and :datetime
 * checked, and in validate_input :int, :float and :bool coerced from it
 * when the string allows (SPEC §5), then a refinement's bounds checked on
 * the coerced number (SPEC §11.7: no clamping).
 */
static NOINLINE size_t check_string(validator *v, const tsig_type *t)
{
    tsig_json *j = &v->j;
    size_t at = j->pos;
    tsig_json_span s;
    size_t end = tsig_json_string_end(j, &s);
    if (!end) return 0;
    tsig_kind kind = t->kind;
    size_t len;
    const char *text = string_text(v, &s, &len);
    if (!text) return 0;
    int refined = tsig_type_refined(t);
    tsig_strbuf *num = refined ? &v->text : v->out;
    if (refined) v->text.len = 0;
    tsig_issue_code code;
    tsig_verdict verdict = tsig_value_string(t, v->input, text, len, num, &code);
    if (verdict == TSIG_VALUE_COERCE) {
        v->changed = 1;
        j->pos = end;
        if (refined) {
            if (v->text.failed) return (size_t)nomem(v);
            if (v->out) tsig_sb_append(v->out, v->text.data, v->text.len);
        }
        tsig_strbuf *m = tsig_issue_open(v, ISSUE_WARNING);
        if (m) {
            tsig_sb_puts(m, "coerced string ");
            tsig_json_echo(m, j->src + s.start, s.len, s.flag, TSIG_ECHO_MAX);
            tsig_sb_printf(m, " to %s", tsig_kind_name(kind));
            if (!tsig_issue_close(v, v->path.count, TSIG_ISSUE_COERCED, at, end)) return 0;
        }
        if (refined && !check_bound_number(v, t, v->text.data, v->text.len, kind == TSIG_INT,
                                           at, end))
            return 0;
        return end;
    }
    if (verdict == TSIG_VALUE_REJECT && !tsig_wrong_scalar(v, t, at, end, &s)) return 0;
    if (v->out) tsig_sb_append(v->out, j->src + at, end - at);
    return end;
}

/* check_number for a refined t: the value's text (coerced as validate_input
 * coerces it), then its bounds. */
static TSIG_COLD size_t check_refined_number(validator *v, const tsig_type *t, size_t at,
                                        const tsig_json_span *sp, size_t end)
{
    tsig_json_span s = *sp;
    const char *text = v->j.src + s.start;
    /* the value's text (coerced as validate_input coerces it), then its bounds */
    const char *value = text;
    size_t value_len = s.len;
    int is_int = s.flag != 0;
    tsig_issue_code code;
    v->text.len = 0;
    tsig_verdict verdict = tsig_value_number(t, number_rules(v), text, s.len, is_int, &v->text, &code);
    if (verdict == TSIG_VALUE_REJECT) {
        if (!tsig_wrong_scalar(v, t, at, end, &s)) return 0;
        if (v->out) tsig_sb_append(v->out, text, s.len);
        return end;
    }
    if (verdict != TSIG_VALUE_ACCEPT) {
        v->changed = 1;
        if (v->text.failed) return (size_t)nomem(v);
        value = v->text.data;
        value_len = v->text.len;
        is_int = t->kind == TSIG_INT;
    }
    if (v->out) tsig_sb_append(v->out, value, value_len);
    if (verdict == TSIG_VALUE_COERCE) {
        tsig_strbuf *m = tsig_issue_open(v, ISSUE_WARNING);
        if (m) {
            tsig_sb_puts(m, "coerced float ");
            tsig_echo_number(m, text, s.len);
            tsig_sb_puts(m, " to int");
            if (!tsig_issue_close(v, v->path.count, TSIG_ISSUE_COERCED, at, end)) return 0;
        }
    }
    return check_bound_number(v, t, value, value_len, is_int, at, end) ? end : 0;
}

/* Reads a number for :int or :float (tsig_value_number: an int is an int,
 * a float is not; validate_input: a float with a zero fraction becomes an
 * int, with a warning; an int for :float becomes a float, silently, unless
 * the host's numbers are doubles: then it is no change and stays as
 * written), then checked against a refinement. Returns the position after
 * it, 0 when reading must stop. */
static size_t check_number(validator *v, const tsig_type *t)
{
    tsig_json *j = &v->j;
    size_t at = j->pos;
    tsig_json_span s;
    size_t end = tsig_json_number_end(j, &s);
    if (!end) return 0;
    const char *text = j->src + s.start;
    if (tsig_type_refined(t)) return check_refined_number(v, t, at, &s, end);
    tsig_issue_code code;
    switch (tsig_value_number(t, number_rules(v), text, s.len, s.flag != 0, v->out, &code)) {
    case TSIG_VALUE_ACCEPT: break;
    case TSIG_VALUE_CONVERT: /* written by the rule */
        v->changed = 1;
        return end;
    case TSIG_VALUE_COERCE: {
        v->changed = 1;
        tsig_strbuf *m = tsig_issue_open(v, ISSUE_WARNING);
        if (!m) return end;
        tsig_sb_puts(m, "coerced float ");
        tsig_echo_number(m, text, s.len);
        tsig_sb_puts(m, " to int");
        return tsig_issue_close(v, v->path.count, TSIG_ISSUE_COERCED, at, end) ? end : 0;
    }
    case TSIG_VALUE_REJECT:
        if (!tsig_wrong_scalar(v, t, at, end, &s)) return 0;
        break;
    }
    if (v->out) tsig_sb_append(v->out, text, s.len);
    return end;
}

/* ---- lists --------------------------------------------------------------- */

/* Element *i of type t at *at: 1 when a known run starts there (then *at
 * is after the run and *i its last element; one: a run of one value, a
 * record's member's), 0 when it is to be read.
 * Known runs are mostly met in the order of the text (the next one is
 * known.at); one met again (a map read again located, a union's members
 * reading the same text) is found by its start: a stream that dropped
 * the run's text has only a placeholder there. */
static TSIG_COLD int known_skip(validator *v, const tsig_type *t, size_t *at, size_t *i, int one)
{
    size_t start = tsig_json_ws(&v->j, *at) + v->known.base, idx;
    if (start < v->known.at) {
        /* one met again: found among those passed, the place left as it
         * is unless it is taken */
        size_t lo = 0, hi = v->known.next;
        while (lo < hi) {
            size_t mid = lo + (hi - lo) / 2;
            if (v->known.runs[mid].start < start) lo = mid + 1;
            else hi = mid;
        }
        if (lo == v->known.next || v->known.runs[lo].start != start) return 0;
        idx = lo;
    } else {
        while (v->known.next < v->known.count && v->known.runs[v->known.next].start < start)
            v->known.next++;
        v->known.at = v->known.next < v->known.count ? v->known.runs[v->known.next].start : SIZE_MAX;
        if (v->known.at != start) return 0;
        idx = v->known.next;
    }
    const tsig_known *k = &v->known.runs[idx];
    if (k->type != t || k->input != v->input || v->out || one != k->value) return 0;
    v->known.next = idx + 1;
    v->known.at = v->known.next < v->known.count ? v->known.runs[v->known.next].start : SIZE_MAX;
    v->j.pos = *at = k->end - v->known.base;
    *i += k->count - 1;
    return 1;
}

/* Reads a list of t's elements, then checks its length against t's
 * refinement (SPEC §11.3: elements first). Returns the position after it,
 * 0 when reading must stop. */
NOINLINE size_t tsig_check_list(validator *v, const tsig_type *t, size_t open_at)
{
    tsig_json *j = &v->j;
    const tsig_type *elem = t->elem;
    if (!enter(j, open_at)) return 0;
    if (!path_push(v)) return (size_t)nomem(v);
    size_t step = v->path.count - 1, count = 0;
    if (v->out) tsig_sb_putc(v->out, '[');
    size_t at = tsig_json_ws(j, j->pos);
    if (at < j->len && j->src[at] == ']') {
        at++;
    } else {
        for (size_t i = 0;; i++) {
            v->path.segs[step].index = i;
            if (i && v->out) tsig_sb_putc(v->out, ',');
            if (!v->known.count || !known_skip(v, elem, &at, &i, 0)) {
                at = check_fast(v, elem, at);
                if (!at) return 0;
            }
            int more = tsig_json_after(j, &at, ']');
            if (more == 1) continue;
            if (!more) return 0;
            at++;
            count = i + 1;
            break;
        }
    }
    j->depth--;
    v->path.count = step;
    if (v->out) tsig_sb_putc(v->out, ']');
    j->pos = at;
    if (tsig_type_refined(t) && !tsig_check_bound_count(v, t, count, open_at, at)) return 0;
    return j->pos = at;
}

/* ---- typed maps: the common case (validate_map.c does the rest) ------- */

/*
 * Reads a typed map in data order (see the top of the file). Falls back to
 * tsig_check_record_located when the order of messages (pass 1) or of the
 * written fields (pass 2) would differ from declaration order.
 */
NOINLINE size_t tsig_check_record(validator *v, const tsig_type *t, size_t open_at)
{
    tsig_json *j = &v->j;
    size_t depth = j->depth;
    int located = v->located_count ? tsig_located_has(v, open_at) : 0;
    if (located < 0) return (size_t)nomem(v);
    if (located) {
        j->pos = open_at;
        return tsig_check_record_located(v, t);
    }
    size_t field_count = t->field_count;
    mark m = mark_now(v);
    size_t out_mark = v->out ? v->out->len : 0;
    size_t base;
    if (!enter(j, open_at)) return 0;
    /* the first SEEN_BITS fields are told named or not by seen */
    if (!slots_push(v, field_count, SEEN_BITS, &base)) return (size_t)nomem(v);
    if (!path_push(v)) {
        v->slot_count = base;
        return (size_t)nomem(v);
    }
    size_t step = v->path.count - 1;
    uint64_t seen = 0;
    if (v->out) tsig_sb_putc(v->out, '{');

    size_t hint = 0, last = NONE, data_index = 0, max_order = 0;
    int have_order = 0, wrote = 0, ok = 1;
    size_t at = j->pos = tsig_json_ws(j, open_at + 1);
    int more = at < j->len && j->src[at] == '}' ? 2 : 1;
    /* at: where the next member (or whitespace) starts */
    /*
     * The common case first: each key the next declared field's, spelled
     * as declared. Its members are read as tsig_check_record_rest reads
     * them, with what it tests known: no field named yet from this one on, no
     * extra member, fields in signature order, and messages in order.
     */
    while (TSIG_FAST_READERS && more == 1 && hint < field_count) {
        tsig_json_span key;
        size_t value_at = expected_key_inline(v, t, hint, at, &key);
        if (!value_at) break;
        const tsig_field *field = &t->fields[hint];
        v->slots[base + hint].key_at = key.start - 1;
        if (hint < SEEN_BITS) seen |= (uint64_t)1 << hint;
        set_key_step(v, step, field->name, field->name_len, 0);
        if (v->out) write_key(v, &wrote, field, &key);
        size_t before = v->emitted;
        at = v->input && field->default_json ? tsig_check_field(v, field, value_at)
                                             : check_fast(v, field->type, value_at);
        if (!at) {
            ok = 0;
            break;
        }
        if (v->emitted != before) {
            max_order = hint;
            have_order = 1;
        }
        last = hint++;
        data_index++;
        more = tsig_json_after(j, &at, '}');
        if (!more) ok = 0;
        j->pos = at;
    }
    if (ok && more == 2 && hint == field_count) {
        /* every field named once, in order: nothing missing */
        v->path.count = step;
        v->slot_count = base;
        j->depth--;
        if (v->out) tsig_sb_putc(v->out, '}');
        return ++j->pos; /* after '}' */
    }
    map_read r = {m, open_at, depth, out_mark, base, step, at, seen, hint, last, data_index,
                  max_order, have_order, wrote, ok, more};
    return tsig_check_record_rest(v, t, &r);
}

/* ---- enums (SPEC §11.3, §11.4) ------------------------------------------- */

/*
 * Reads a scalar for an enum: valid when equal to one of its values; in
 * validate_input a string is coerced to the one string value equal to it
 * ignoring ASCII case, else a numeric or boolean string to an equal value
 * (the enum's own text is written). Anything else is "expected one of a,
 * b, got ...".
 */
static TSIG_COLD size_t check_enum(validator *v, const tsig_type *t, size_t at)
{
    tsig_json *j = &v->j;
    char c = j->src[at];
    if (c == '{' || c == '[') return tsig_check_mismatch(v, t);
    if (!v->trial && !tsig_type_takes(t, tsig_json_kind_of(c))) v->wrong_kind = 1;
    tsig_json_span s = {0, 0, 0};
    if (!tsig_json_scalar(j, &s)) return 0;
    size_t end = j->pos, len;
    const char *text;
    tsig_value_kind kind;
    if (c == '"') {
        kind = TSIG_VALUE_STRING;
        text = string_text(v, &s, &len);
        if (!text) return 0;
    } else if (c == 't' || c == 'f') {
        kind = TSIG_VALUE_BOOL;
        text = c == 't' ? "true" : "false";
        len = c == 't' ? 4 : 5;
    } else if (c == 'n') {
        if (!tsig_wrong_scalar(v, t, at, end, &s)) return 0;
        if (v->out) tsig_sb_append(v->out, "null", 4);
        return j->pos = end;
    } else {
        kind = s.flag ? TSIG_VALUE_INT : TSIG_VALUE_FLOAT;
        text = j->src + s.start;
        len = s.len;
    }
    const tsig_enum_value *to = NULL;
    tsig_issue_code code;
    if (tsig_value_enum(t, v->input, kind, text, len, &to, &code) == TSIG_VALUE_ACCEPT) {
        if (v->out) tsig_sb_append(v->out, j->src + at, end - at);
        return end;
    }
    if (!to) {
        if (!tsig_wrong_scalar(v, t, at, end, &s)) return 0;
        if (v->out) tsig_sb_append(v->out, j->src + at, end - at);
        return j->pos = end;
    }
    v->changed = 1;
    if (v->out) {
        if (to->kind == TSIG_VALUE_STRING) tsig_json_escape(v->out, to->text, to->len);
        else tsig_sb_append(v->out, to->text, to->len);
    }
    tsig_strbuf *m = tsig_issue_open(v, ISSUE_WARNING);
    if (m) {
        tsig_sb_puts(m, "coerced string ");
        tsig_json_echo(m, j->src + s.start, s.len, s.flag, TSIG_ECHO_MAX);
        tsig_sb_puts(m, " to ");
        switch (to->kind) {
        case TSIG_VALUE_STRING: tsig_json_escape_cut(m, to->text, to->len, TSIG_ECHO_MAX); break;
        case TSIG_VALUE_INT: tsig_sb_puts(m, "int"); break;
        case TSIG_VALUE_FLOAT: tsig_sb_puts(m, "float"); break;
        case TSIG_VALUE_BOOL: tsig_sb_puts(m, "bool"); break;
        }
        if (!tsig_issue_close(v, v->path.count, TSIG_ISSUE_COERCED, at, end)) return 0;
    }
    return j->pos = end;
}

/* ---- other texts: JSON in strings, defaults ------------------------------ */

/*
 * Reads text[0..len) (JSON known to be valid: a default, or a string's
 * content checked by tsig_coerce_json_text) as a t, at the current path,
 * with nesting up to max_depth: the reader is swapped for one over the
 * text and back. Returns 1, or 0 when reading must stop (only when out of
 * memory).
 */
int tsig_check_inner(validator *v, const tsig_type *t, const char *text, size_t len,
                     size_t max_depth)
{
    tsig_json saved = v->j;
    const char *keys_src = v->keys.src;
    size_t text_id = v->text_id;
    v->text_id = ++v->text_seq;
    /* the runs a stream knows are places in the text validated, not in
     * this one: none here */
    struct known_runs known = v->known;
    tsig_validator_know(v, NULL, 0);
    tsig_error err;
    tsig_json_init(&v->j, text, len, max_depth, &err);
    v->j.trusted = saved.trusted;
    v->keys.src = v->j.src;
    int ok = tsig_check_value(v, t, v->j.pos) != 0 && tsig_json_finish(&v->j);
    v->j = saved;
    v->keys.src = keys_src;
    v->text_id = text_id;
    v->known = known;
    return ok ? 1 : nomem(v);
}

/* ---- dispatch ------------------------------------------------------------ */

/*
 * Reads the value at (or after whitespace at) at as a t: judged in pass 1,
 * written in pass 2. Returns the position after it (j->pos too), 0 only
 * when reading must stop (j->code set). Positions travel in registers
 * through the hot loops; j->pos is kept equal for everything else.
 */
size_t tsig_check_value(validator *v, const tsig_type *t, size_t at)
{
    tsig_json *j = &v->j;
    j->pos = at = tsig_json_ws(j, at);
    if (at >= j->len) return (size_t)tsig_json_fail(j, at, "a JSON value");
    /* a record's member value a stream validated (a run of one value) */
    if (v->known.values) {
        size_t i = 0;
        if (known_skip(v, t, &at, &i, 1)) return at;
    }
    char c = j->src[at];
    int optional = t->kind == TSIG_OPTIONAL;
    t = tsig_type_strip(t);
    if (c == 'n' && (optional || t->kind == TSIG_ANY)) {
        if (!tsig_json_literal(j, "null", 4)) return 0;
        if (v->out) tsig_sb_append(v->out, "null", 4);
        return j->pos;
    }
    switch (t->kind) {
    case TSIG_ANY:
        return walk(v, 1) ? j->pos : 0;
    case TSIG_MAP:
        if (c == '{') return walk(v, 1) ? j->pos : 0;
        break;
    case TSIG_RECORD:
        if (c == '{') return tsig_check_record(v, t, at);
        break;
    case TSIG_LIST:
        if (c == '[') return tsig_check_list(v, t, at);
        break;
    case TSIG_STRING:
        if (c == '"') return check_plain_string(v, t, at);
        break;
    case TSIG_KEYWORD:
    case TSIG_DATETIME:
        if (c == '"') return check_string(v, t);
        break;
    case TSIG_INT:
    case TSIG_FLOAT:
        if (c == '-' || is_digit(c)) return check_number(v, t);
        if (c == '"' && v->input) return check_string(v, t);
        break;
    case TSIG_BOOL:
        if (c == 't' || c == 'f') {
            if (!tsig_json_literal(j, c == 't' ? "true" : "false", c == 't' ? 4 : 5)) return 0;
            if (v->out) tsig_sb_append(v->out, j->src + at, j->pos - at);
            return j->pos;
        }
        if (c == '"' && v->input) return check_string(v, t);
        break;
    case TSIG_ENUM:
        return check_enum(v, t, at);
    case TSIG_UNION:
        return tsig_check_union(v, t, at);
    case TSIG_OPTIONAL: /* stripped above */
        break;
    }
    if (v->input && c != 'n') {
        size_t end = tsig_coerce_into(v, t, at, c);
        if (end != NONE) return end;
    }
    return tsig_check_mismatch(v, t);
}

/* ---- entry points ------------------------------------------------------
 * Both validations share validate(); validate_input sees the parameters as
 * the fields of one typed map (the arguments object).
 */

size_t tsig_depth_limit(const tsig_validate_options *o)
{
    size_t max_depth = o->max_depth ? o->max_depth : TSIG_DEFAULT_MAX_DEPTH;
    return max_depth > TSIG_MAX_DEPTH_LIMIT ? TSIG_MAX_DEPTH_LIMIT : max_depth;
}

/* A validator reading json[0..len) with what o says (max_depth given:
 * the caller's part of o's), as validate_input when input. */
void tsig_validator_init(validator *v, store *st, const char *json, size_t len,
                         size_t max_depth, tsig_error *err, int input,
                         const tsig_validate_options *o)
{
    memset(v, 0, offsetof(validator, path));
    v->st = st;
    tsig_json_init(&v->j, json, len, max_depth, err);
    tsig_json_path_init(&v->path);
    v->slots = v->slot_small;
    v->slot_cap = sizeof v->slot_small / sizeof v->slot_small[0];
    v->keys.src = v->j.src;
    v->walker.j = &v->j;
    v->walker.path = &v->path;
    v->walker.keys = &v->keys;
    v->walker.on_duplicate = tsig_on_duplicate_key;
    v->walker.ctx = v;
    v->known.at = SIZE_MAX;
    v->input = input;
    v->doubles = (o->flags & TSIG_NUMBERS_ARE_DOUBLES) != 0;
    v->mode = o->mode;
    v->max_errors = o->max_errors ? o->max_errors : TSIG_DEFAULT_MAX_ERRORS;
}

int tsig_validator_again(validator *v, const char *json, size_t len, size_t max_depth)
{
    /* maps read located and the choices of unions are known by their
     * offsets in the text read */
    if (v->located_count || v->choice_count) return 0;
    tsig_error *err = v->j.err;
    tsig_json_init(&v->j, json, len, max_depth, err);
    v->writing = 0;
    v->out = NULL;
    v->changed = 0;
    v->emitted = 0;
    v->wrong_kind = 0;
    v->keys.src = v->j.src;
    v->keys.count = v->keys.bytes_len = 0;
    v->slot_count = v->member_count = 0;
    v->msg.len = v->scratch.len = v->text.len = 0;
    v->msg.failed = v->scratch.failed = v->text.failed = 0;
    v->pending_warning = 0;
    v->trial = v->errors_seen = 0;
    v->text_id = v->text_seq = 0;
    v->outer_at = v->outer_end = 0;
    tsig_validator_know(v, NULL, 0);
    v->path.count = 0;
    return 1;
}

void tsig_validator_know(validator *v, const tsig_known *known, size_t count)
{
    struct known_runs k = {count ? known : NULL, count, 0, count ? known[0].start : SIZE_MAX, 0, 0};
    for (size_t i = 0; i < count && !k.values; i++) k.values = known[i].value;
    v->known = k;
}

void tsig_validator_release(validator *v)
{
    tsig_json_path_release(&v->path);
    tsig_json_keys_release(&v->keys);
    tsig_json_walker_release(&v->walker);
    if (v->slots != v->slot_small) free(v->slots);
    free(v->members);
    free(v->located);
    if (v->located_set.key_of) tsig_table_release(&v->located_set);
    tsig_field_finder_release(&v->fields);
    tsig_sb_release(&v->msg);
    tsig_sb_release(&v->scratch);
    tsig_sb_release(&v->text);
    free(v->choices);
    if (v->choice_set.key_of) tsig_table_release(&v->choice_set);
}

/* Reads the whole text once: as root in pass 1 (validated) or pass 2
 * (written), or walked when validation is disabled. */
static int run_pass(validator *v, const tsig_type *root)
{
    if (v->mode == TSIG_MODE_DISABLED) return walk(v, 1) && tsig_json_finish(&v->j);
    /* the arguments of validate_input are an object, never coerced to one */
    int input = v->input;
    size_t at = tsig_json_ws(&v->j, v->j.pos);
    if (input && root->kind == TSIG_RECORD && (at >= v->j.len || v->j.src[at] != '{'))
        v->input = 0;
    int ok = tsig_check_value(v, root, at) != 0;
    v->input = input;
    return ok && tsig_json_finish(&v->j);
}

/* The spans of the issues found in repaired text, moved to the places in
 * the original text they came from (an issue's end maps like its start). */
static TSIG_COLD void repair_spans(store *st, const tsig_repair *rp, size_t original_len)
{
    tsig_issue *lists[2] = {st->errors, st->warnings};
    size_t counts[2] = {st->error_count, st->warning_count};
    for (int k = 0; k < 2; k++) {
        for (size_t i = 0; i < counts[k]; i++) {
            tsig_issue *is = &lists[k][i];
            size_t from = tsig_repair_original(rp, is->offset);
            size_t to = tsig_repair_original(rp, is->offset + is->length);
            if (from > original_len) from = original_len;
            if (to > original_len) to = original_len;
            is->offset = from;
            is->length = to > from ? to - from : 0;
        }
    }
}

/* A JSON error found in repaired text, moved to where it is in the
 * original: "JSON error at L:C: <what>" with L:C of the original. */
static TSIG_COLD void repair_position(const tsig_repair *rp, const char *src, size_t len,
                                 tsig_error *err)
{
    const char *what = tsig_json_error_reason(err->message);
    if (!what) return;
    char rest[TSIG_MESSAGE_MAX];
    tsig_snprintf(rest, sizeof rest, "%s", what);
    size_t offset = tsig_repair_original(rp, err->offset);
    if (offset > len) offset = len;
    size_t line, column;
    tsig_line_col(src, len, offset, &line, &column);
    tsig_error_set(err, err->code, src, len, offset, "JSON error at %zu:%zu: %s", line,
                   column, rest);
}

/* Validates the canonical text of rp (the text repaired) in place of the
 * original: 1 when it reads as JSON, positions moved back to the
 * original's. */
static TSIG_COLD int read_repaired(validator *v, store *st, tsig_result *out, const tsig_repair *rp,
                                   const char *original, size_t original_len,
                                   const tsig_type *root, int input, const tsig_validate_options *o)
{
    size_t max_depth = v->j.max_depth;
    tsig_store_clear(st);
    tsig_validator_release(v);
    memset(&out->json_error, 0, sizeof out->json_error);
    tsig_validator_init(v, st, rp->out.data ? rp->out.data : "", rp->out.len, max_depth,
                        &out->json_error, input, o);
    v->j.words = 1;
    int ok = run_pass(v, root);
    if (!ok) repair_position(rp, original, original_len, &out->json_error);
    else repair_spans(st, rp, original_len);
    return ok;
}

/* The repairs as root-level warnings, before the others, in text order,
 * counted against max_errors like any warning. */
static TSIG_COLD int repair_warnings(store *st, const tsig_repair *rp, const char *src,
                                size_t max)
{
    size_t keep = rp->note_count < max ? rp->note_count : max;
    size_t total = keep + st->warning_count;
    if (total > max) total = max;
    tsig_issue *list = malloc((total ? total : 1) * sizeof *list);
    if (!list) return 0;
    size_t from = 0, line = 1, column = 1;
    tsig_strbuf m = {0};
    for (size_t i = 0; i < keep; i++) {
        const tsig_repair_note *n = &rp->notes[i];
        tsig_repair_line_col(src, &from, &line, &column, n->at);
        m.len = 0;
        tsig_repair_message(n, src, line, column, &m);
        /* about the place in the original text where the repair happened */
        tsig_issue issue = {"", 0, NULL, 0, NULL, m.len, TSIG_ISSUE_REPAIRED, n->at,
                            n->len ? n->len : 1};
        issue.message = m.failed ? NULL : tsig_arena_strndup(&st->arena, m.data, m.len);
        if (!issue.message) {
            tsig_sb_release(&m);
            free(list);
            return 0;
        }
        list[i] = issue;
    }
    tsig_sb_release(&m);
    for (size_t i = keep; i < total; i++) list[i] = st->warnings[i - keep];
    st->warnings_dropped += rp->note_count - keep + (st->warning_count - (total - keep));
    free(st->warnings);
    st->warnings = list;
    st->warning_count = st->warning_cap = total;
    return 1;
}

/*
 * Every entry point: reads json against root (the return type, or the
 * parameters as a typed map for validate_input) and fills *out (cleared
 * first); TSIG_ERR_ARGUMENT for no out, no root or bad options.
 */
static tsig_code validate(const tsig_type *root, int input, const char *json,
                          size_t len, const tsig_validate_options *opts,
                          const tsig_known *known, size_t known_count, tsig_result *out)
{
    if (!out) return TSIG_ERR_ARGUMENT;
    memset(out, 0, sizeof *out);
    tsig_validate_options o = {TSIG_MODE_ENABLED, 0, 0, 0};
    if (opts) o = *opts;
    if (!root || (unsigned)o.mode > TSIG_MODE_STRICT || (!json && len)) return TSIG_ERR_ARGUMENT;
    size_t max_depth = tsig_depth_limit(&o);

    /* the reading state lives on the stack: one allocation less a call */
    store *st = calloc(1, sizeof *st);
    validator state, *v = &state;
    if (!st) return TSIG_ERR_NOMEM;
    out->internal_ = st;
    if (len > TSIG_MAX_INPUT) {
        tsig_error_set(&out->json_error, TSIG_ERR_TOO_LARGE, "", 0, 0,
                       "JSON text larger than %zu bytes", (size_t)TSIG_MAX_INPUT);
        if (!tsig_store_json_error(st, &out->json_error)) return TSIG_ERR_NOMEM;
        out->errors = st->errors;
        out->error_count = st->error_count;
        return TSIG_ERR_TOO_LARGE;
    }
    int repair = tsig_repair_asked(input, o.flags);
    tsig_validator_init(v, st, json, len, max_depth, &out->json_error, input, &o);
    v->j.words = (_Bool)repair; /* a bare text not read is refused at its start */
    tsig_validator_know(v, known, known_count);

    tsig_code code = TSIG_OK;
    int ok = run_pass(v, root);
    /* Repair (SPEC §12.1) only where the strict reading failed: valid JSON
     * never pays for it. The canonical text is then read instead, and
     * positions are turned back into the original's. */
    tsig_repair rp;
    tsig_read_type rt;
    int repaired = 0;
    const char *original = json;
    size_t original_len = len;
    if (!ok && v->j.code == TSIG_ERR_JSON && repair) {
        tsig_repair_init(&rp, max_depth);
        tsig_read_type_begin(&rt, &rp, root, input); /* SPEC §13: the type asked */
        repaired = tsig_repair_run(&rp, json, len, 1) ? rp.note_count != 0 : -1;
        tsig_read_type_release(&rt);
        /* SPEC §13.1 rows 1-2: the whole text as one bare text */
        tsig_repair whole;
        tsig_repair_init(&whole, max_depth);
        int read_whole = repaired >= 0 && tsig_read_whole_text(root, original, original_len, &whole);
        if (read_whole && whole.out.failed) {
            read_whole = 0;
            if (repaired == 1) tsig_repair_release(&rp);
            repaired = -1;
        }
        if (repaired == 1) {
            ok = read_repaired(v, st, out, &rp, original, original_len, root, input, &o);
            /* a valid value repair read is the reading; where it is a
             * candidate, the whole text reading too is two readings, which
             * the entry points tell (validate_reading) */
            if (ok && st->error_count == 0 && st->errors_dropped == 0) read_whole = 0;
        }
        if (read_whole) {
            tsig_repair_release(&rp);
            rp = whole;
            repaired = 1;
            ok = read_repaired(v, st, out, &rp, original, original_len, root, input, &o);
        } else {
            tsig_repair_release(&whole);
        }
        if (repaired == 1) {
            json = rp.out.data ? rp.out.data : "";
            len = rp.out.len;
        } else {
            if (repaired < 0) v->j.code = TSIG_ERR_NOMEM;
            tsig_repair_release(&rp);
            repaired = 0;
        }
    }
    if (!ok) {
        code = v->j.code;
        tsig_store_clear(st);
        if (code != TSIG_ERR_NOMEM && !tsig_store_json_error(st, &out->json_error))
            code = TSIG_ERR_NOMEM;
    }
    out->ok = ok && st->error_count == 0 && st->errors_dropped == 0;
    if (ok && repaired && !repair_warnings(st, &rp, original, v->max_errors))
        code = TSIG_ERR_NOMEM;
    out->changed = out->ok && (v->changed || v->j.bom || repaired);
    if (out->ok && !(o.flags & TSIG_VALUE_NEVER) &&
        (out->changed || (o.flags & TSIG_VALUE_ALWAYS))) {
        /* pass 2: the same reading, trusted, writing the value */
        tsig_strbuf value = {0};
        tsig_json_init(&v->j, json, len, max_depth, &out->json_error);
        v->j.trusted = 1;
        v->writing = 1;
        v->out = &value;
        if (!run_pass(v, root) || value.failed) code = TSIG_ERR_NOMEM;
        st->value = tsig_sb_finish(&value, &out->value_len);
        if (!st->value) code = TSIG_ERR_NOMEM;
        out->value_json = st->value;
    }
    if (code == TSIG_OK &&
        (!tsig_store_overflow(st, 0, original_len) || !tsig_store_overflow(st, 1, original_len)))
        code = TSIG_ERR_NOMEM;
    tsig_validator_release(v);
    if (repaired) tsig_repair_release(&rp);
    if (code == TSIG_ERR_NOMEM) {
        tsig_store_clear(st);
        free(st->value);
        st->value = NULL;
        out->ok = out->changed = 0;
        out->value_json = NULL;
        out->value_len = 0;
        memset(&out->json_error, 0, sizeof out->json_error);
    }
    out->errors = st->errors;
    out->error_count = st->error_count;
    out->warnings = st->warnings;
    out->warning_count = st->warning_count;
    return code;
}

const char *tsig_mode_name(tsig_mode mode)
{
    switch (mode) {
    case TSIG_MODE_ENABLED: return "enabled";
    case TSIG_MODE_WARN_ONLY: return "warn_only";
    case TSIG_MODE_DISABLED: return "disabled";
    case TSIG_MODE_STRICT: return "strict";
    }
    return NULL;
}

/* ---- candidates among several values (SPEC §13.2) -----------------------
 * Read only when repair did not read the text as one value: off the hot
 * path (TSIG_COLD), and built for size (TSIG_SMALL). */

/* Adds to r's warnings, as repair warnings in text order, notes[0..n) about
 * src (r's own repair warnings first in its list, then its others): those
 * before at go first, the rest after r's repair warnings. 0 when out of
 * memory. */
static TSIG_COLD int add_notes(tsig_result *r, const tsig_repair_note *notes, size_t n, size_t at,
                               const char *src)
{
    store *st = r->internal_;
    size_t repaired = 0;
    while (repaired < st->warning_count && st->warnings[repaired].code == TSIG_ISSUE_REPAIRED)
        repaired++;
    tsig_issue *list = malloc((st->warning_count + n + 1) * sizeof *list);
    if (!list) return 0;
    size_t k = 0, from = 0, line = 1, column = 1;
    tsig_strbuf m = {0};
    for (int after = 0; after < 2; after++) {
        if (after)
            for (size_t i = 0; i < repaired; i++) list[k++] = st->warnings[i];
        for (size_t i = 0; i < n; i++) {
            if ((notes[i].at > at) != after) continue;
            tsig_repair_line_col(src, &from, &line, &column, notes[i].at);
            m.len = 0;
            tsig_repair_message(&notes[i], src, line, column, &m);
            tsig_issue is = {"", 0, NULL, 0, NULL, m.len, TSIG_ISSUE_REPAIRED, notes[i].at, 1};
            is.message = m.failed ? NULL : tsig_arena_strndup(&st->arena, m.data, m.len);
            if (!is.message) {
                tsig_sb_release(&m);
                free(list);
                return 0;
            }
            list[k++] = is;
        }
    }
    tsig_sb_release(&m);
    for (size_t i = repaired; i < st->warning_count; i++) list[k++] = st->warnings[i];
    free(st->warnings);
    st->warnings = list;
    st->warning_count = k;
    r->warnings = st->warnings;
    r->warning_count = st->warning_count;
    return 1;
}

/* text with every byte outside [at, end) a space (line ends kept), so that
 * the candidate is read where it stands: positions, lines and columns are
 * the text's. Freed with free(). */
static TSIG_SMALL char *blanked(const char *t, size_t n, size_t at, size_t end)
{
    char *b = malloc(n ? n : 1);
    if (!b) return NULL;
    for (size_t i = 0; i < n; i++) b[i] = (i >= at && i < end) || t[i] == '\n' ? t[i] : ' ';
    return b;
}

/* Candidate k of c validated where it stands, in mode (the call's options
 * otherwise): *r, and the code. */
static TSIG_SMALL tsig_code judge_candidate(const tsig_type *root, int input, const char *t,
                                            size_t n, const tsig_candidate *c,
                                            const tsig_validate_options *o, tsig_mode mode,
                                            tsig_result *r)
{
    char *b = blanked(t, n, c->at, c->end);
    if (!b) {
        memset(r, 0, sizeof *r);
        return TSIG_ERR_NOMEM;
    }
    tsig_validate_options co = *o;
    co.mode = mode;
    co.flags |= TSIG_NO_CANDIDATES;
    tsig_code code = validate(root, input, b, n, &co, NULL, 0, r);
    free(b);
    return code;
}

static tsig_code ambiguous(tsig_result *out, const char *t, size_t n, size_t at);

/* The first two of candidates c[0..count) that are valid in the mode of
 * the call (warn_only judged as enabled; disabled: each valid), judged in
 * order until want of them are found: their indexes in *first, *second,
 * and in *after the first one not valid after *first whose kind the type
 * takes (-1: none). TSIG_ERR_NOMEM or TSIG_OK. */
static TSIG_SMALL tsig_code valid_candidates(const tsig_type *root, int input, const char *t,
                                             size_t n, const tsig_candidate *c, int count,
                                             const tsig_validate_options *o, int want, int *first,
                                             int *second, int *after)
{
    tsig_mode judging = o->mode == TSIG_MODE_WARN_ONLY ? TSIG_MODE_ENABLED : o->mode;
    int found = 0;
    *first = *second = *after = -1;
    for (int k = 0; k < count && found < want; k++) {
        tsig_result r;
        tsig_code rc = judge_candidate(root, input, t, n, &c[k], o, judging, &r);
        int ok = r.ok;
        tsig_result_free(&r);
        if (rc == TSIG_ERR_NOMEM) return rc;
        if (ok) *(found++ ? second : first) = k;
        else if (found && *after < 0 && tsig_type_takes(root, tsig_json_kind_of(t[c[k].at])))
            *after = k; /* one the answer could be: a value of a kind the type takes */
    }
    return TSIG_OK;
}

/* The text t[0..n), which repair did not read as one value (*out, code),
 * read through its candidates (SPEC §13.2): one alone is the value, with
 * section 12.1's warnings about the prose and the fence around it; of
 * several, the only one valid in the mode of the call (warn_only judged as
 * enabled; disabled: each valid) is the value, with "took the value at
 * L:C, the only one of N that matches the type", unless one that is not
 * valid, of a kind the type takes, follows it (then that one's result);
 * none valid, the first
 * one's result; two or more, "a second value matches the type; the text is
 * ambiguous" at the second. Without candidates, *out as it is. */
static TSIG_COLD tsig_code read_candidates(const tsig_type *root, int input, const char *t,
                                           size_t n, const tsig_validate_options *o,
                                           tsig_result *out, tsig_code code)
{
    tsig_candidate c[TSIG_CANDIDATES_MAX];
    int count = tsig_find_candidates(root, input, t, n, tsig_depth_limit(o), c);
    if (count == -2) return TSIG_ERR_NOMEM;
    if (count < 1) return code;
    int valid = -1, second = -1, after = -1;
    if (count > 1 &&
        valid_candidates(root, input, t, n, c, count, o, 2, &valid, &second, &after) == TSIG_ERR_NOMEM)
        return TSIG_ERR_NOMEM;
    /* the only valid value followed by one that is not, of a kind the type
     * takes: an example or a format, then the answer, wrong; taking the
     * example would act on what the model did not answer, so the answer's
     * errors are the result (a list after an object answer, a citation
     * [1], is no answer) */
    if (second < 0 && after >= 0) valid = -1;
    int take = count == 1 ? 0 : second >= 0 ? second : valid >= 0 ? valid : after >= 0 ? after : 0;
    tsig_result r;
    /* the value is the candidate's, never the caller's text: written */
    tsig_validate_options vo = *o;
    if (!(vo.flags & TSIG_VALUE_NEVER)) vo.flags |= TSIG_VALUE_ALWAYS;
    tsig_code rc = judge_candidate(root, input, t, n, &c[take], &vo, o->mode, &r);
    if (rc == TSIG_ERR_NOMEM) return rc;
    tsig_result_free(out);
    *out = r;
    if (second >= 0) return ambiguous(out, t, n, c[second].at); /* two readings */
    tsig_repair_note notes[3];
    size_t nn = 0;
    if (count > 1 && valid >= 0) {
        notes[nn++] = (tsig_repair_note){TSIG_REPAIR_TOOK, c[take].at, (size_t)count, NULL, 0};
    } else if (count == 1) {
        /* section 12.1's prose rule: the prose around it, its fence */
        size_t from = c[0].fence_at != (size_t)-1 ? c[0].fence_at : c[0].at, a = 0;
        if (n >= 3 && memcmp(t, "\xEF\xBB\xBF", 3) == 0) a = 3;
        a = tsig_json_ws_run(t, a, from);
        if (a < from) notes[nn++] = (tsig_repair_note){TSIG_REPAIR_BEFORE, a, 0, NULL, 0};
        if (c[0].fence_at != (size_t)-1)
            notes[nn++] = (tsig_repair_note){TSIG_REPAIR_FENCE, c[0].fence_at, 0, NULL, 0};
        size_t z = c[0].end;
        if (c[0].fence_at != (size_t)-1) {
            z = tsig_json_ws_run(t, z, n);
            if (n - z >= 3 && memcmp(t + z, "```", 3) == 0) z += 3;
        }
        z = tsig_json_ws_run(t, z, n);
        if (z < n) notes[nn++] = (tsig_repair_note){TSIG_REPAIR_AFTER, z, 0, NULL, 0};
    }
    if (nn && !add_notes(out, notes, nn, c[take].at, t)) return TSIG_ERR_NOMEM;
    out->changed = out->ok;
    if (!out->ok || (o->flags & TSIG_VALUE_NEVER)) {
        store *st = out->internal_;
        free(st->value);
        st->value = NULL;
        out->value_json = NULL;
        out->value_len = 0;
    }
    return rc;
}

/* *out becomes the JSON error "a second value matches the type; the text
 * is ambiguous" at at (SPEC §13.2). */
static TSIG_COLD tsig_code ambiguous(tsig_result *out, const char *t, size_t n, size_t at)
{
    store *st = out->internal_;
    tsig_store_clear(st);
    free(st->value);
    st->value = NULL;
    size_t line, column;
    tsig_line_col(t, n, at, &line, &column);
    tsig_error_set(&out->json_error, TSIG_ERR_JSON, t, n, at,
                   "JSON error at %zu:%zu: a second value matches the type; the text is ambiguous",
                   line, column);
    if (!tsig_store_json_error(st, &out->json_error)) return TSIG_ERR_NOMEM;
    out->ok = out->changed = 0;
    out->value_json = NULL;
    out->value_len = 0;
    out->errors = st->errors;
    out->error_count = st->error_count;
    out->warnings = st->warnings;
    out->warning_count = st->warning_count;
    return TSIG_ERR_JSON;
}

/* 1 when r holds a repair warning (the text was no JSON as it stood). */
static int repaired_result(const tsig_result *r)
{
    for (size_t i = 0; i < r->warning_count; i++)
        if (r->warnings[i].code == TSIG_ISSUE_REPAIRED) return 1;
    return 0;
}

/* validate() and, where repair is on and the text was no JSON: where the
 * whole text reads as one bare text too, a valid candidate makes two
 * readings (SPEC §13.2, the error at the first valid one); where repair
 * did not read it as one value, its candidates. */
static tsig_code validate_reading(const tsig_type *root, int input, const char *json, size_t len,
                                  const tsig_validate_options *opts, tsig_result *out)
{
    tsig_code code = validate(root, input, json, len, opts, NULL, 0, out);
    tsig_validate_options o = {TSIG_MODE_ENABLED, 0, 0, 0};
    if (opts) o = *opts;
    int repair = tsig_repair_asked(input, o.flags);
    if (!repair || (o.flags & TSIG_NO_CANDIDATES) || !root || len > TSIG_MAX_INPUT ||
        code == TSIG_ERR_NOMEM || (code != TSIG_ERR_JSON && !repaired_result(out)))
        return code;
    tsig_repair w;
    tsig_repair_init(&w, 1);
    int whole = tsig_read_whole_text(root, json, len, &w);
    int nomem = w.out.failed;
    tsig_repair_release(&w);
    if (nomem) return TSIG_ERR_NOMEM;
    if (!whole) return code == TSIG_ERR_JSON ? read_candidates(root, input, json, len, &o, out, code)
                                             : code;
    tsig_candidate c[TSIG_CANDIDATES_MAX];
    int count = tsig_find_candidates(root, input, json, len, tsig_depth_limit(&o), c);
    if (count == -2) return TSIG_ERR_NOMEM;
    int valid, second, after;
    if (valid_candidates(root, input, json, len, c, count, &o, 1, &valid, &second, &after) == TSIG_ERR_NOMEM)
        return TSIG_ERR_NOMEM;
    return valid >= 0 ? ambiguous(out, json, len, c[valid].at) : code;
}

tsig_code tsig_validate_json(const tsig_signature *sig, const char *json,
                             size_t len, const tsig_validate_options *opts,
                             tsig_result *out)
{
    return validate_reading(sig ? sig->returns : NULL, 0, json, len, opts, out);
}

tsig_code tsig_validate_input_json(const tsig_signature *sig, const char *json,
                                   size_t len,
                                   const tsig_validate_options *opts,
                                   tsig_result *out)
{
    /* the parameters are the fields of one typed map: the arguments */
    tsig_type args;
    memset(&args, 0, sizeof args);
    args.kind = TSIG_RECORD;
    args.fields = sig ? sig->params : NULL;
    args.field_count = sig ? sig->param_count : 0;
    return validate_reading(sig ? &args : NULL, 1, json, len, opts, out);
}

tsig_code tsig_validate_type_json(const tsig_type *type, const char *json,
                                  size_t len, const tsig_validate_options *opts,
                                  tsig_result *out)
{
    return validate(type, 0, json, len, opts, NULL, 0, out);
}

tsig_code tsig_validate_with_known(const tsig_type *root, int input, const char *json,
                                   size_t len, const tsig_validate_options *opts,
                                   const tsig_known *known, size_t count, tsig_result *out)
{
    return validate(root, input, json, len, opts, known, count, out);
}
