/*
 * validate_union.c: unions (SPEC §11.3, §11.4, §11.7) and the coercions
 * into lists and maps of validate_input (SPEC §11.4), which try a value as
 * unions try members: messages counted, not kept, and rolled back; the
 * choice for a value is remembered, so enclosing unions do not try again.
 */
#include "validator.h"

/* ---- unions (SPEC §11.3, §11.4, §11.7) --------------------------------- */

/*
 * Reads the value at at as a t with messages counted, not kept (nor the
 * value written), input saying whether coercions apply. Returns the
 * number of errors it has (in every mode, as enabled would count them),
 * NONE when reading must stop.
 */
static size_t trial(validator *v, const tsig_type *t, size_t at, int input)
{
    int saved_input = v->input, changed = v->changed, writing = v->writing;
    tsig_strbuf *out = v->out;
    size_t errors = v->errors_seen;
    v->input = input;
    v->writing = 0;
    v->out = NULL;
    v->trial++;
    size_t end = tsig_check_value(v, t, at);
    v->trial--;
    v->input = saved_input;
    v->changed = changed;
    v->writing = writing;
    v->out = out;
    size_t found = v->errors_seen - errors;
    v->errors_seen = errors;
    v->j.pos = at;
    return end ? found : NONE;
}

/* Appends "one of a, b, c": the discriminator's values in every member, in
 * member order (", …" after 10, as enum labels). */
static void discriminator_label(tsig_strbuf *m, const tsig_type *u)
{
    size_t n = 0;
    tsig_sb_puts(m, "one of ");
    for (size_t i = 0; i < u->member_count; i++) {
        const tsig_type *e = u->index->disc[i]->type;
        for (size_t k = 0; k < e->value_count; k++, n++) {
            if (n == 10) {
                tsig_sb_puts(m, ", \xE2\x80\xA6");
                return;
            }
            if (n) tsig_sb_puts(m, ", ");
            tsig_enum_value_format(m, &e->values[k]);
        }
    }
}

/*
 * A discriminated union (SPEC §11.3 rule 1) for the object at at: the
 * discriminator's value names the member that reads it. Absent, or a
 * value of no member, is the one error, at the discriminator's path; the
 * object is then read untyped. In validate_input the value is matched
 * exactly first, then ignoring ASCII case (one value only). The values of
 * all members are found in the union's index (found with the union).
 */
static size_t check_discriminated(validator *v, const tsig_type *u, size_t at)
{
    const tsig_type_index *ix = u->index;
    const tsig_field *d = ix->disc[0];
    tsig_json *j = &v->j;
    j->pos = at;
    if (!skip(v)) return 0; /* the object's text is valid from here on */
    const char *src = j->src;
    size_t end = j->pos;
    int lost = 0;
    size_t found = tsig_json_member(src, end, at, d->name, d->name_len, 1, &lost);
    if (lost) return (size_t)nomem(v);
    const char *value = found == TSIG_JSON_NONE ? NULL : src + found;
    size_t chosen = NONE;
    if (value && *value == '"') {
        tsig_json_span s = {0, 0, 0};
        j->pos = found;
        if (!tsig_json_string(j, &s)) return 0;
        v->text.len = 0;
        if (!tsig_sb_reserve(&v->text, s.len + 1)) return (size_t)nomem(v);
        v->text.len = tsig_json_unescape(src + s.start, s.len, v->text.data);
        v->text.data[v->text.len] = '\0';
        const char *text = v->text.data;
        size_t len = v->text.len;
        const tsig_value_ref *hit =
            tsig_value_find(ix->disc_sorted, ix->disc_count, TSIG_VALUE_STRING, text, len);
        if (hit) chosen = hit->member;
        else if (v->input &&
                 tsig_value_find_folded(ix->disc_folded, ix->disc_count, text, len, &hit) == 1)
            chosen = hit->member;
    }
    if (chosen != NONE) return tsig_check_value(v, u->members[chosen], at);

    /* the one error, then the object read as it is */
    if (!path_push(v)) return (size_t)nomem(v);
    set_key_step(v, v->path.count - 1, d->name, d->name_len, 0);
    tsig_strbuf *m = tsig_issue_open(v, ISSUE_ERROR);
    if (m) {
        /* about the discriminator's value, or the object that lacks it */
        size_t span_at = at, span_end = end;
        tsig_sb_puts(m, value ? "expected " : "missing required field, expected ");
        discriminator_label(m, u);
        if (value) {
            tsig_sb_puts(m, ", got ");
            span_at = (size_t)(value - src);
            span_end = tsig_echo_value(v, m, span_at);
            if (!span_end) return 0;
        }
        if (!tsig_issue_close(v, v->path.count, value ? TSIG_ISSUE_UNION : TSIG_ISSUE_MISSING,
                              span_at, span_end))
            return 0;
    }
    v->path.count--;
    j->pos = at;
    return walk(v, 1) ? j->pos : 0;
}

/* The key of a choice: the bytes of u, the text, at and the mode. */
static void choice_key(const validator *v, const tsig_type *u, size_t at, char key[CHOICE_KEY])
{
    memcpy(key, &u, sizeof u);
    memcpy(key + sizeof u, &v->text_id, sizeof v->text_id);
    memcpy(key + sizeof u + sizeof v->text_id, &at, sizeof at);
    key[CHOICE_KEY - 1] = (char)v->input;
}

/* tsig_table_key_of over the choices: a choice's key. */
static const char *choice_key_of(const void *ctx, size_t entry, size_t *len)
{
    *len = CHOICE_KEY;
    return ((const validator *)ctx)->choices[entry].key;
}

/* 1 with *chosen the member chosen before for u at at in this text, 0 when
 * none was, -1 when out of memory. */
static int choice_find(validator *v, const tsig_type *u, size_t at, size_t *chosen)
{
    if (!v->choice_count) return 0;
    char key[CHOICE_KEY];
    choice_key(v, u, at, key);
    size_t i = tsig_table_find(&v->choice_set, key, CHOICE_KEY,
                               tsig_table_hash(&v->choice_set, key, CHOICE_KEY));
    if (i == TSIG_TABLE_NOMEM) return -1;
    if (i == TSIG_TABLE_NONE) return 0;
    *chosen = v->choices[i].member;
    return 1;
}

/* Remembers a choice. 0 when out of memory. */
static int choice_add(validator *v, const tsig_type *u, size_t at, size_t chosen)
{
    if (v->choice_count == v->choice_cap) {
        size_t cap = v->choice_cap ? v->choice_cap * 2 : 64;
        choice *grown = realloc(v->choices, cap * sizeof *grown);
        if (!grown) return nomem(v);
        v->choices = grown;
        v->choice_cap = cap;
    }
    if (!v->choice_set.key_of) tsig_table_init(&v->choice_set, 0, NULL, choice_key_of, v);
    choice *c = &v->choices[v->choice_count];
    choice_key(v, u, at, c->key);
    c->member = chosen;
    size_t i = tsig_table_add(&v->choice_set, c->key, CHOICE_KEY,
                              tsig_table_hash(&v->choice_set, c->key, CHOICE_KEY), v->choice_count);
    if (i == TSIG_TABLE_NOMEM) return nomem(v);
    if (i == TSIG_TABLE_NONE) v->choice_count++;
    else v->choices[i].member = chosen;
    return 1;
}

/*
 * Reads the value at at as the union u: the member that takes it is
 * chosen by trials (messages counted, not kept), then reads it for real,
 * in pass 2 too (the same trials choose the same member).
 *   validate: the first member that accepts it; else, among the members of
 *     its JSON kind, the one with the fewest errors (the first on a tie).
 *   validate_input: the first member that accepts it without coercion
 *     (validate would), else the first that accepts it with coercion, else
 *     as validate, with coercion.
 * No member of its kind is "expected string or int, got bool true".
 *
 * Cost: the members of the value's JSON kind come from the union's index
 * (others are not looked at), and each trial reads the value once, so a
 * value costs at most (members of its kind) x (its size), and in
 * validate_input at most (members) x (its size) more; the choice is
 * remembered (per union, text, offset and mode), so enclosing unions do not
 * multiply it. For a given signature the cost stays linear in the data.
 */
TSIG_COLD size_t tsig_check_union(validator *v, const tsig_type *u, size_t at)
{
    char c = v->j.src[at];
    const tsig_type_index *ix = u->index;
    if (c == '{' && ix->disc) return check_discriminated(v, u, at);
    tsig_json_kind jk = tsig_json_kind_of(c);
    const size_t *takes = ix->takes + ix->takes_at[jk];
    size_t candidates = ix->takes_at[jk + 1] - ix->takes_at[jk];
    size_t chosen = candidates ? takes[0] : NONE, best = NONE, best_errors = 0;
    int found = candidates > 1 || v->input ? choice_find(v, u, at, &chosen) : 1;
    if (found < 0) return (size_t)nomem(v);
    if (!found) {
        chosen = NONE;
        for (int pass = 0; pass < 1 + v->input && chosen == NONE; pass++) {
            /* pass 0: as validate would, the members of its kind; pass 1:
             * with coercion, every member */
            int input = pass == 1;
            size_t count = input ? u->member_count : candidates, next = 0;
            best = NONE;
            for (size_t k = 0; k < count; k++) {
                size_t i = input ? k : takes[k];
                /* the members of its kind, in order, are takes[next...] */
                int candidate = next < candidates && takes[next] == i;
                next += (size_t)candidate;
                size_t errors = trial(v, u->members[i], at, input);
                if (errors == NONE) return 0;
                if (!errors) {
                    chosen = i;
                    break;
                }
                if (candidate && (best == NONE || errors < best_errors)) {
                    best = i;
                    best_errors = errors;
                }
            }
        }
        if (chosen == NONE) chosen = best;
        if (!choice_add(v, u, at, chosen)) return 0;
    }
    if (chosen == NONE) return tsig_check_mismatch(v, u);
    return tsig_check_value(v, u->members[chosen], at);
}

/* ---- coercions into lists and maps (SPEC §11.4) ------------------------- */

/* Nesting left for a value read in place of the one at the current depth. */
static size_t depth_left(const validator *v)
{
    return v->j.max_depth > v->j.depth ? v->j.max_depth - v->j.depth : 0;
}

/*
 * validate_input: the string at at holds a JSON array (open '[') or object
 * ('{') that is valid, has no repeated key and is not too deep (SPEC
 * §11.4): "coerced string \"[1]\" to list", then that JSON read as t.
 * Returns the position after the string; NONE (nothing read) when the
 * string holds no such JSON; 0 when reading must stop.
 */
static size_t coerce_json_string(validator *v, const tsig_type *t, size_t at, char open)
{
    tsig_json *j = &v->j;
    j->pos = at;
    tsig_json_span s;
    size_t end = tsig_json_string_end(j, &s);
    if (!end) return 0;
    size_t len;
    const char *text = string_text(v, &s, &len);
    if (!text) return 0;
    int good = tsig_coerce_json_text(text, len, depth_left(v), open);
    if (good < 0) return (size_t)nomem(v);
    if (!good) {
        j->pos = at;
        return NONE;
    }
    v->changed = 1;
    tsig_strbuf *m = tsig_issue_open(v, ISSUE_WARNING);
    if (m) {
        tsig_sb_puts(m, "coerced string ");
        tsig_json_echo(m, j->src + s.start, s.len, s.flag, TSIG_ECHO_MAX);
        tsig_sb_puts(m, open == '[' ? " to list" : " to map");
        if (!tsig_issue_close(v, v->path.count, TSIG_ISSUE_COERCED, at, end)) return 0;
    }
    /* a copy: key_text's buffer is reused while the text is read */
    char *copy = malloc(len ? len : 1);
    if (!copy) return (size_t)nomem(v);
    memcpy(copy, text, len);
    /* messages about what the string holds are about the string */
    size_t outer_at = v->outer_at, outer_end = v->outer_end;
    if (!v->text_id) {
        v->outer_at = at;
        v->outer_end = end;
    }
    int ok = tsig_check_inner(v, t, copy, len, depth_left(v));
    v->outer_at = outer_at;
    v->outer_end = outer_end;
    free(copy);
    return ok ? (j->pos = end) : 0;
}

/*
 * validate_input: a single value that is not a list (nor null) for the
 * list type t, accepted by its element type with coercion: "wrapped
 * string \"a\" in a list", then read as the one element (SPEC §11.4).
 * Returns NONE (nothing read) when the element type does not accept it.
 */
static size_t wrap_in_list(validator *v, const tsig_type *t, size_t at)
{
    tsig_json *j = &v->j;
    size_t step = v->path.count, errors;
    int found = choice_find(v, t, at, &errors);
    if (found < 0) return (size_t)nomem(v);
    if (!found) {
        /* remembered as unions are: a list of lists would try 2^depth times */
        if (!path_push(v)) return (size_t)nomem(v);
        errors = trial(v, t->elem, at, 1);
        v->path.count = step;
        if (errors == NONE || !choice_add(v, t, at, errors)) return 0;
    }
    if (errors) {
        j->pos = at;
        return NONE;
    }
    v->changed = 1;
    tsig_strbuf *m = tsig_issue_open(v, ISSUE_WARNING);
    if (m) {
        tsig_sb_puts(m, "wrapped ");
        size_t end = tsig_echo_value(v, m, at);
        if (!end) return 0;
        tsig_sb_puts(m, " in a list");
        if (!tsig_issue_close(v, v->path.count, TSIG_ISSUE_WRAPPED, at, end)) return 0;
    }
    if (!path_push(v)) return (size_t)nomem(v);
    if (v->out) tsig_sb_putc(v->out, '[');
    size_t end = tsig_check_value(v, t->elem, at);
    v->path.count = step;
    if (!end) return 0;
    if (v->out) tsig_sb_putc(v->out, ']');
    if (tsig_type_refined(t) && !tsig_check_bound_count(v, t, 1, at, end)) return 0;
    return j->pos = end;
}

/*
 * The coercions of SPEC §11.4 into lists and maps, for a value (not null)
 * that is not of t's JSON kind: a string holding a JSON array or object,
 * or a single value wrapped in a list. Returns NONE when none applies.
 */
TSIG_COLD size_t tsig_coerce_into(validator *v, const tsig_type *t, size_t at, char c)
{
    size_t end = NONE;
    if (t->kind == TSIG_LIST) {
        if (c == '"') end = coerce_json_string(v, t, at, '[');
        if (end == NONE) end = wrap_in_list(v, t, at);
    } else if (c == '"' && (t->kind == TSIG_MAP || t->kind == TSIG_RECORD)) {
        end = coerce_json_string(v, t, at, '{');
    }
    return end;
}
