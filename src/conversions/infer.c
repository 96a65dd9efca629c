/*
 * infer.c: a signature written from sample JSON values (tsig_infer_*,
 * `toolsig infer`): the narrowest type a person would write, such that
 * every sample validates against it.
 *
 * Each text is read by json.c's reader into a tree (tsig_json_tree), with
 * the depth a signature can have as its bound, and each sample becomes a
 * shape: a place per position of the value, saying which JSON kinds were
 * seen there and what the type needs to know of them (a float among the
 * numbers, a string that is no date-time, the distinct strings for enums,
 * how many objects held each key). Shapes merge, place by place, into the
 * shape of every sample so far; a text counts only once all of it was
 * read. At the end the shape is written as signature text by the rules of
 * toolsig.h's section, parsed by tsig_parse (the check that it is a
 * signature) and printed by tsig_format in canonical form (enum values
 * as bare words or JSON strings, as the formatter decides).
 *
 * Nesting is bounded by the reader: a sample deeper than
 * TSIG_SIGNATURE_MAX_DEPTH is refused before any shape is made, so the
 * functions below, which recurse over places, go at most that deep. Keys
 * and distinct strings are found through hash.c's table.
 */
#include "internal.h"

#include "cJSON.h"

#include <stdlib.h>
#include <string.h>

/* The JSON kinds seen at a place; a union lists its members in this
 * order (null is the "?" after them). */
enum {
    SEEN_STRING = 1u,
    SEEN_NUMBER = 2u,
    SEEN_BOOL = 4u,
    SEEN_MAP = 8u,
    SEEN_LIST = 16u,
    SEEN_NULL = 32u
};

typedef struct place place;

/* A string's bytes (decoded), NUL after them. */
typedef struct infer_text {
    char *bytes;
    size_t len;
} infer_text;

/* A key held by objects at a place. */
typedef struct infer_field {
    char *name;   /* the key's bytes, as written (decoded), NUL after them */
    size_t len;
    size_t count; /* how many objects at the place held it */
    place *value; /* the shape of its values */
} infer_field;

/* What the values seen at one position of the samples tell. */
struct place {
    unsigned seen;        /* SEEN_* */
    int floats;           /* a number had ".", "e" or "E" */
    int plain_strings;    /* a string was no RFC 3339 date-time */
    /* strings, for enums: how many, whether they came from two samples or
     * more, and the distinct ones in the order first seen (kept while
     * there are at most the inferrer's enums; texts_over once more) */
    size_t strings;
    size_t first_sample;
    int several_samples;
    infer_text *texts;
    size_t text_count, text_cap;
    tsig_table text_index;
    int texts_over;
    /* objects: how many, and their keys in the order first seen */
    size_t objects;
    infer_field *fields;
    size_t field_count, field_cap;
    tsig_table field_index;
    /* lists: the shape of every element (NULL while every list was empty) */
    place *elem;
};

struct tsig_inferrer {
    size_t enums;    /* the most distinct values of an enum (0: no enums) */
    size_t next_id;  /* the number the next sample gets */
    size_t samples;  /* samples that count (of texts read whole) */
    place *root;     /* their shape; NULL before the first */
    int failed;      /* out of memory while merging: root lacks a part */
};

/* ---- places -------------------------------------------------------------- */

/* tsig_table_key_of over a place's keys and over its distinct strings. */
static const char *field_key_of(const void *ctx, size_t entry, size_t *len)
{
    const infer_field *f = &((const place *)ctx)->fields[entry];
    *len = f->len;
    return f->name;
}

static const char *text_key_of(const void *ctx, size_t entry, size_t *len)
{
    const infer_text *t = &((const place *)ctx)->texts[entry];
    *len = t->len;
    return t->bytes;
}

/* An empty place (nothing seen), freed with place_free; NULL when out of
 * memory. */
static place *place_new(void)
{
    place *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    tsig_table_init(&p->text_index, 0, NULL, text_key_of, p);
    tsig_table_init(&p->field_index, 0, NULL, field_key_of, p);
    return p;
}

/* Forgets p's distinct strings: there are more than an enum may have. */
static void drop_texts(place *p)
{
    for (size_t i = 0; i < p->text_count; i++) free(p->texts[i].bytes);
    free(p->texts);
    p->texts = NULL;
    p->text_count = p->text_cap = 0;
    tsig_table_release(&p->text_index);
    p->texts_over = 1;
}

/* Releases p and every place under it. NULL is ignored. */
static void place_free(place *p)
{
    if (!p) return;
    drop_texts(p);
    for (size_t i = 0; i < p->field_count; i++) {
        free(p->fields[i].name);
        place_free(p->fields[i].value);
    }
    free(p->fields);
    tsig_table_release(&p->field_index);
    place_free(p->elem);
    free(p);
}

/* The array items of *cap elements of size each, grown when needed to
 * hold one more than count (*cap updated). NULL when out of memory (items
 * is then unchanged, and still the caller's). */
static void *grow(void *items, size_t *cap, size_t count, size_t size)
{
    if (count < *cap) return items;
    size_t n = *cap ? *cap * 2 : 4;
    if (n > (size_t)-1 / size) return NULL;
    void *grown = realloc(items, n * size);
    if (grown) *cap = n;
    return grown;
}

/* Notes the string s[0..len) among p's distinct strings, while they are
 * at most enums (none are kept when enums is 0). 0 when out of memory. */
static int note_text(place *p, size_t enums, const char *s, size_t len)
{
    if (!enums || p->texts_over) return 1;
    infer_text *texts = grow(p->texts, &p->text_cap, p->text_count, sizeof *texts);
    if (!texts) return 0;
    p->texts = texts;
    char *copy = malloc(len + 1);
    if (!copy) return 0;
    memcpy(copy, s, len);
    copy[len] = '\0';
    size_t at = p->text_count;
    p->texts[at].bytes = copy;
    p->texts[at].len = len;
    size_t found = tsig_table_add(&p->text_index, copy, len,
                                  tsig_table_hash(&p->text_index, copy, len), at);
    if (found != TSIG_TABLE_NONE) { /* seen before, or out of memory */
        free(copy);
        return found != TSIG_TABLE_NOMEM;
    }
    p->text_count++;
    if (p->text_count > enums) drop_texts(p);
    return 1;
}

/* The field of p named name[0..len), added (count 0, no value yet) when p
 * has none. NULL when out of memory. */
static infer_field *field_of(place *p, const char *name, size_t len)
{
    size_t hash = tsig_table_hash(&p->field_index, name, len);
    size_t found = tsig_table_find(&p->field_index, name, len, hash);
    if (found == TSIG_TABLE_NOMEM) return NULL;
    if (found != TSIG_TABLE_NONE) return &p->fields[found];
    infer_field *fields = grow(p->fields, &p->field_cap, p->field_count, sizeof *fields);
    if (!fields) return NULL;
    p->fields = fields;
    infer_field *f = &fields[p->field_count];
    memset(f, 0, sizeof *f);
    if (!(f->name = malloc(len + 1))) return NULL;
    memcpy(f->name, name, len);
    f->name[len] = '\0';
    f->len = len;
    if (tsig_table_add(&p->field_index, f->name, len, hash, p->field_count) ==
        TSIG_TABLE_NOMEM) {
        free(f->name);
        return NULL;
    }
    p->field_count++;
    return f;
}

/*
 * Merges src into dst, which then describes the values of both (src is
 * only read). 0 when out of memory: dst is then still a shape that can be
 * freed, lacking part of src.
 */
static int merge(size_t enums, place *dst, const place *src)
{
    dst->seen |= src->seen;
    dst->floats |= src->floats;
    dst->plain_strings |= src->plain_strings;
    if (src->strings) {
        if (!dst->strings) {
            dst->first_sample = src->first_sample;
            dst->several_samples = src->several_samples;
        } else if (src->several_samples || src->first_sample != dst->first_sample) {
            dst->several_samples = 1;
        }
        dst->strings += src->strings;
        if (src->texts_over && !dst->texts_over) drop_texts(dst);
        for (size_t i = 0; i < src->text_count; i++)
            if (!note_text(dst, enums, src->texts[i].bytes, src->texts[i].len)) return 0;
    }
    dst->objects += src->objects;
    for (size_t i = 0; i < src->field_count; i++) {
        const infer_field *from = &src->fields[i];
        infer_field *to = field_of(dst, from->name, from->len);
        if (!to || (!to->value && !(to->value = place_new()))) return 0;
        to->count += from->count;
        if (!merge(enums, to->value, from->value)) return 0;
    }
    if (src->elem) {
        if (!dst->elem && !(dst->elem = place_new())) return 0;
        if (!merge(enums, dst->elem, src->elem)) return 0;
    }
    return 1;
}

/*
 * The shape of the value v (a node of a tree read by tsig_json_tree,
 * strings and keys decoded), a value of sample number sample. Freed with
 * place_free; NULL when out of memory.
 */
static place *place_of(size_t enums, const cJSON *v, size_t sample)
{
    place *p = place_new();
    if (!p) return NULL;
    int ok = 1;
    if (cJSON_IsNull(v)) {
        p->seen = SEEN_NULL;
    } else if (cJSON_IsBool(v)) {
        p->seen = SEEN_BOOL;
    } else if (cJSON_IsNumber(v)) {
        p->seen = SEEN_NUMBER;
        p->floats = !v->valueint; /* the tree's valueint: 1 for an int lexeme */
    } else if (cJSON_IsString(v)) {
        size_t len = (size_t)v->valueint;
        p->seen = SEEN_STRING;
        p->strings = 1;
        p->first_sample = sample;
        p->plain_strings = !tsig_is_datetime(v->valuestring, len);
        ok = note_text(p, enums, v->valuestring, len);
    } else if (cJSON_IsArray(v)) {
        p->seen = SEEN_LIST;
        for (const cJSON *c = v->child; ok && c; c = c->next) {
            place *e = place_of(enums, c, sample);
            if (!e) {
                ok = 0;
            } else if (!p->elem) {
                p->elem = e;
            } else {
                ok = merge(enums, p->elem, e);
                place_free(e);
            }
        }
    } else {
        p->seen = SEEN_MAP;
        p->objects = 1;
        for (const cJSON *c = v->child; ok && c; c = c->next) {
            /* the key in key form (a NUL byte as C0 80) back to its bytes;
             * the reader refused repeated keys, so each is new here */
            size_t len = strlen(c->string);
            infer_field *f;
            if (!memchr(c->string, 0xC0, len)) {
                f = field_of(p, c->string, len);
            } else {
                char *bytes = malloc(len);
                f = bytes ? field_of(p, bytes, tsig_json_tree_key_bytes(c->string, len, bytes)) : NULL;
                free(bytes);
            }
            if (!f || !(f->value = place_of(enums, c, sample))) ok = 0;
            else f->count = 1;
        }
    }
    if (!ok) {
        place_free(p);
        return NULL;
    }
    return p;
}

/* ---- reading samples ------------------------------------------------------ */

/* What a value is, for "found ..." in a message. */
static const char *value_kind(const cJSON *v)
{
    if (cJSON_IsObject(v)) return "an object";
    if (cJSON_IsString(v)) return "a string";
    if (cJSON_IsNumber(v)) return "a number";
    if (cJSON_IsNull(v)) return "null";
    return cJSON_IsTrue(v) ? "true" : "false";
}

/*
 * The error of the reader, made while reading text[from..to), told again
 * as an error of text[0..len) ("JSON error at L:C: ..." at the same byte);
 * a nesting too deep is told as the limit of signatures.
 */
static void error_in_text(tsig_error *err, const char *text, size_t len, size_t from)
{
    if (err->code == TSIG_ERR_NOMEM) return;
    char reason[TSIG_MESSAGE_MAX], hint[TSIG_HINT_MAX];
    const char *what = tsig_json_error_reason(err->message);
    if (err->code == TSIG_ERR_TOO_DEEP) {
        tsig_snprintf(reason, sizeof reason,
                      "nesting deeper than %d levels of \"[\" and \"{\", more than a signature "
                      "can hold", TSIG_SIGNATURE_MAX_DEPTH);
    } else {
        tsig_snprintf(reason, sizeof reason, "%s", what ? what : err->message);
    }
    memcpy(hint, err->hint, sizeof hint);
    size_t offset = from + err->offset, line, column;
    if (offset > len) offset = len;
    tsig_line_col(text, len, offset, &line, &column);
    tsig_error_set(err, err->code, text, len, offset, "JSON error at %zu:%zu: %s", line,
                   column, reason);
    tsig_error_hint(err, hint);
}

/* Merges the shape of sample v (numbered by in) into *batch (set when
 * NULL). 0 when out of memory. */
static int add_sample(tsig_inferrer *in, place **batch, const cJSON *v, size_t *count)
{
    place *p = place_of(in->enums, v, in->next_id++);
    if (!p) return 0;
    (*count)++;
    if (!*batch) {
        *batch = p;
        return 1;
    }
    int ok = merge(in->enums, *batch, p);
    place_free(p);
    return ok;
}

/*
 * Reads text[from..to), a sample or (each) a list of samples, and merges
 * their shapes into *batch, counting them in *count. Errors are positioned
 * in text[0..len).
 */
static tsig_code read_text(tsig_inferrer *in, const char *text, size_t len, size_t from,
                           size_t to, int each, place **batch, size_t *count, tsig_error *err)
{
    /* a list of samples is one level more than its samples */
    tsig_json_tree_options o = {(size_t)TSIG_SIGNATURE_MAX_DEPTH + (each ? 1 : 0), 0, NULL, NULL,
                                NULL};
    cJSON *tree = tsig_json_tree(text + from, to - from, &o, err);
    if (!tree) {
        error_in_text(err, text, len, from);
        return err->code;
    }
    tsig_code code = TSIG_OK;
    if (each && !cJSON_IsArray(tree)) {
        /* the value starts after a byte-order mark and space */
        tsig_json j;
        tsig_error ignored;
        tsig_json_init(&j, text + from, to - from, 1, &ignored);
        tsig_json_skip_ws(&j);
        code = TSIG_ERR_JSON;
        size_t line, column, offset = from + j.pos;
        tsig_line_col(text, len, offset, &line, &column);
        tsig_error_set(err, code, text, len, offset,
                       "JSON error at %zu:%zu: expected a list of samples, found %s", line,
                       column, value_kind(tree));
    } else if (each) {
        for (const cJSON *c = tree->child; code == TSIG_OK && c; c = c->next)
            if (!add_sample(in, batch, c, count)) code = TSIG_ERR_NOMEM;
    } else if (!add_sample(in, batch, tree, count)) {
        code = TSIG_ERR_NOMEM;
    }
    cJSON_Delete(tree);
    return code;
}

tsig_inferrer *tsig_infer_new(size_t enums)
{
    tsig_inferrer *in = calloc(1, sizeof *in);
    if (in) in->enums = enums;
    return in;
}

tsig_code tsig_infer_add(tsig_inferrer *in, const char *json, size_t len, unsigned flags,
                         tsig_error *err)
{
    memset(err, 0, sizeof *err);
    if (!in || (!json && len)) {
        tsig_error_set(err, TSIG_ERR_ARGUMENT, "", 0, 0, "%s",
                       in ? "JSON text is NULL" : "no inferrer");
        return TSIG_ERR_ARGUMENT;
    }
    if (flags & ~(TSIG_INFER_EACH | TSIG_INFER_LINES)) {
        tsig_error_set(err, TSIG_ERR_ARGUMENT, "", 0, 0, "unknown infer flags 0x%x", flags);
        return TSIG_ERR_ARGUMENT;
    }
    if (len > TSIG_MAX_INPUT) {
        tsig_error_set(err, TSIG_ERR_TOO_LARGE, "", 0, 0, "JSON text larger than %zu bytes",
                       (size_t)TSIG_MAX_INPUT);
        return TSIG_ERR_TOO_LARGE;
    }
    if (!json) json = "";
    tsig_code code = TSIG_OK;
    place *batch = NULL;
    size_t count = 0;
    int each = (flags & TSIG_INFER_EACH) != 0;
    if (in->failed) {
        code = TSIG_ERR_NOMEM;
    } else if (flags & TSIG_INFER_LINES) {
        for (size_t at = 0; code == TSIG_OK && at < len;) {
            const char *nl = memchr(json + at, '\n', len - at);
            size_t end = nl ? (size_t)(nl - json) : len;
            /* a line of JSON whitespace alone holds no sample */
            if (tsig_json_ws_run(json, at, end) < end)
                code = read_text(in, json, len, at, end, each, &batch, &count, err);
            at = end + 1;
        }
    } else {
        code = read_text(in, json, len, 0, len, each, &batch, &count, err);
    }
    if (code == TSIG_OK && batch) {
        if (!in->root) {
            in->root = batch;
            batch = NULL;
        } else if (!merge(in->enums, in->root, batch)) {
            in->failed = 1;
            code = TSIG_ERR_NOMEM;
        }
    }
    if (code == TSIG_OK) in->samples += count;
    if (code == TSIG_ERR_NOMEM) tsig_error_set(err, code, "", 0, 0, "out of memory");
    place_free(batch);
    return code;
}

/* ---- writing the type ----------------------------------------------------- */

static int write_type(const tsig_inferrer *in, tsig_strbuf *sb, const place *p, int absent);

/* 1 iff p's distinct strings are an enum: asked for, 1 to enums of them,
 * from two samples or more, and some value seen again. */
static int is_enum(const tsig_inferrer *in, const place *p)
{
    return in->enums && !p->texts_over && p->text_count >= 1 && p->text_count <= in->enums &&
           p->strings > p->text_count && p->several_samples;
}

/* Appends the string member of p's type: :datetime, an enum, or :string. */
static void write_strings(const tsig_inferrer *in, tsig_strbuf *sb, const place *p)
{
    if (!p->plain_strings) {
        tsig_sb_puts(sb, ":datetime");
    } else if (is_enum(in, p)) {
        tsig_sb_puts(sb, ":enum[");
        for (size_t i = 0; i < p->text_count; i++) {
            if (i) tsig_sb_putc(sb, ' ');
            tsig_json_escape(sb, p->texts[i].bytes, p->texts[i].len);
        }
        tsig_sb_putc(sb, ']');
    } else {
        tsig_sb_puts(sb, ":string");
    }
}

/* 1 iff a key of p's objects is no identifier (SPEC §1 ident) or two match
 * after "-" -> "_" (a typed map could not name them). -1 when out of
 * memory. */
static int keys_are_data(const place *p)
{
    for (size_t i = 0; i < p->field_count; i++)
        if (!tsig_is_ident(p->fields[i].name, p->fields[i].len)) return 1;
    tsig_table alike;
    tsig_table_init(&alike, 1, NULL, field_key_of, p);
    int answer = 0;
    for (size_t i = 0; i < p->field_count && !answer; i++) {
        const infer_field *f = &p->fields[i];
        size_t found = tsig_table_add(&alike, f->name, f->len,
                                      tsig_table_hash(&alike, f->name, f->len), i);
        if (found == TSIG_TABLE_NOMEM) answer = -1;
        else if (found != TSIG_TABLE_NONE) answer = 1;
    }
    tsig_table_release(&alike);
    return answer;
}

/* The shape of every value of p's objects, whatever its key: a record's
 * type. Freed with place_free; NULL when out of memory. */
static place *values_of(const tsig_inferrer *in, const place *p)
{
    place *all = place_new();
    for (size_t i = 0; all && i < p->field_count; i++) {
        if (!merge(in->enums, all, p->fields[i].value)) {
            place_free(all);
            all = NULL;
        }
    }
    return all;
}

/* 1 iff p's type is a union: values of two JSON kinds or more. */
static int is_union(const place *p)
{
    unsigned kinds = p->seen & ~(unsigned)SEEN_NULL;
    return (kinds & (kinds - 1)) != 0;
}

/*
 * Appends the map member of p's type: {} for only empty objects; {* T}
 * for objects keyed by data (keys_are_data, or more than
 * TSIG_INFER_RECORD_KEYS keys whose values are of one type); otherwise
 * the typed map of every key, in the order first seen, optional where an
 * object lacked it. 0 when out of memory.
 */
static int write_map(const tsig_inferrer *in, tsig_strbuf *sb, const place *p)
{
    if (!p->field_count) {
        tsig_sb_puts(sb, "{}");
        return 1;
    }
    int record = keys_are_data(p);
    if (record < 0) return 0;
    place *all = NULL;
    if (record || p->field_count > TSIG_INFER_RECORD_KEYS) {
        if (!(all = values_of(in, p))) return 0;
        record = record || !is_union(all);
    }
    int ok = 1;
    if (record) {
        tsig_sb_puts(sb, "{* ");
        ok = write_type(in, sb, all, 0);
    } else {
        tsig_sb_putc(sb, '{');
        for (size_t i = 0; ok && i < p->field_count; i++) {
            const infer_field *f = &p->fields[i];
            if (i) tsig_sb_puts(sb, ", ");
            tsig_sb_append(sb, f->name, f->len);
            tsig_sb_putc(sb, ' ');
            ok = write_type(in, sb, f->value, f->count < p->objects);
        }
    }
    tsig_sb_putc(sb, '}');
    place_free(all);
    return ok;
}

/*
 * Appends the type of the values at p: its members in the order string,
 * number, bool, map, list, then "?" when null was seen there or, absent,
 * the place is a field some objects lack; :any (:any? when absent) where
 * only null was seen. 0 when out of memory.
 */
static int write_type(const tsig_inferrer *in, tsig_strbuf *sb, const place *p, int absent)
{
    int members = 0;
    if (p->seen & SEEN_STRING) {
        write_strings(in, sb, p);
        members++;
    }
    if (p->seen & SEEN_NUMBER) {
        if (members++) tsig_sb_putc(sb, '|');
        tsig_sb_puts(sb, p->floats ? ":float" : ":int");
    }
    if (p->seen & SEEN_BOOL) {
        if (members++) tsig_sb_putc(sb, '|');
        tsig_sb_puts(sb, ":bool");
    }
    if (p->seen & SEEN_MAP) {
        if (members++) tsig_sb_putc(sb, '|');
        if (!write_map(in, sb, p)) return 0;
    }
    if (p->seen & SEEN_LIST) {
        if (members++) tsig_sb_putc(sb, '|');
        tsig_sb_putc(sb, '[');
        if (!p->elem) tsig_sb_puts(sb, ":any");
        else if (!write_type(in, sb, p->elem, 0)) return 0;
        tsig_sb_putc(sb, ']');
    }
    if (!members) tsig_sb_puts(sb, ":any");
    if (absent || (members && (p->seen & SEEN_NULL))) tsig_sb_putc(sb, '?');
    return !sb->failed;
}

char *tsig_infer_end(tsig_inferrer *in, tsig_error *err)
{
    memset(err, 0, sizeof *err);
    if (!in) {
        tsig_error_set(err, TSIG_ERR_ARGUMENT, "", 0, 0, "no inferrer");
        return NULL;
    }
    if (in->failed) {
        tsig_error_set(err, TSIG_ERR_NOMEM, "", 0, 0, "out of memory");
        return NULL;
    }
    if (!in->samples) {
        tsig_error_set(err, TSIG_ERR_ARGUMENT, "", 0, 0, "no sample to infer from");
        return NULL;
    }
    tsig_strbuf sb = {0};
    char *out = NULL;
    if (!write_type(in, &sb, in->root, 0)) {
        tsig_sb_release(&sb);
        tsig_error_set(err, TSIG_ERR_NOMEM, "", 0, 0, "out of memory");
        return NULL;
    }
    /* the parser is the check that the text is a signature; the
     * formatter writes it in canonical form */
    tsig_signature *sig = tsig_parse(sb.data, sb.len, err);
    if (sig) {
        out = tsig_format(sig, 0, NULL);
        if (!out) tsig_error_set(err, TSIG_ERR_NOMEM, "", 0, 0, "out of memory");
        tsig_signature_free(sig);
    }
    tsig_sb_release(&sb);
    return out;
}

void tsig_infer_free(tsig_inferrer *in)
{
    if (!in) return;
    place_free(in->root);
    free(in);
}
