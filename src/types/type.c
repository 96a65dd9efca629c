/*
 * type.c: what each kind of type is, in one place (SPEC §1, §3, §11).
 *
 * The kinds are one table: the name values and messages use, and the JSON
 * kinds a value of that type may have. Every switch over kinds in the core
 * lists them all with no default arm (the build uses -Wswitch-enum), so a
 * new kind cannot slip through a stage unnoticed. The labels of messages
 * (SPEC §4 <T>, §11.3 "one of ...", "int in 1..100") and the comparisons
 * of enum values and bounds live here too, so every stage words and judges
 * them alike.
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

/* Bit i: a value of JSON kind i may be of this type. */
#define JK(k) (1u << (k))
#define JK_SCALARS (JK(TSIG_JSON_STRING) | JK(TSIG_JSON_NUMBER) | JK(TSIG_JSON_BOOL))
#define JK_ALL 0x3Fu

typedef struct kind_info {
    const char *name;
    unsigned json_kinds; /* enums, unions, optionals: computed */
} kind_info;

/* Indexed by tsig_kind; the order is the enum's. */
static const kind_info KINDS[] = {
    [TSIG_STRING] = {"string", JK(TSIG_JSON_STRING)},
    [TSIG_INT] = {"int", JK(TSIG_JSON_NUMBER)},
    [TSIG_FLOAT] = {"float", JK(TSIG_JSON_NUMBER)},
    [TSIG_BOOL] = {"bool", JK(TSIG_JSON_BOOL)},
    [TSIG_KEYWORD] = {"keyword", JK(TSIG_JSON_STRING)},
    [TSIG_ANY] = {"any", JK_ALL},
    [TSIG_MAP] = {"map", JK(TSIG_JSON_OBJECT)},
    [TSIG_DATETIME] = {"datetime", JK(TSIG_JSON_STRING)},
    [TSIG_LIST] = {"list", JK(TSIG_JSON_ARRAY)},
    [TSIG_RECORD] = {"map", JK(TSIG_JSON_OBJECT)},
    [TSIG_OPTIONAL] = {"optional", 0},
    [TSIG_ENUM] = {"enum", 0},
    [TSIG_UNION] = {"union", 0},
};

const char *tsig_kind_name(tsig_kind kind)
{
    return (unsigned)kind < sizeof KINDS / sizeof KINDS[0] ? KINDS[kind].name : "?";
}

tsig_json_kind tsig_json_kind_of(char c)
{
    switch (c) {
    case '"': return TSIG_JSON_STRING;
    case '{': return TSIG_JSON_OBJECT;
    case '[': return TSIG_JSON_ARRAY;
    case 't':
    case 'f': return TSIG_JSON_BOOL;
    case 'n': return TSIG_JSON_NULL;
    default: return TSIG_JSON_NUMBER;
    }
}

int tsig_type_takes(const tsig_type *t, tsig_json_kind jk)
{
    switch (t->kind) {
    case TSIG_OPTIONAL:
        return jk == TSIG_JSON_NULL || tsig_type_takes(t->elem, jk);
    case TSIG_UNION:
    case TSIG_ENUM:
        return (t->index->kinds & JK(jk)) != 0;
    case TSIG_STRING:
    case TSIG_INT:
    case TSIG_FLOAT:
    case TSIG_BOOL:
    case TSIG_KEYWORD:
    case TSIG_ANY:
    case TSIG_MAP:
    case TSIG_DATETIME:
    case TSIG_LIST:
    case TSIG_RECORD:
        return (KINDS[t->kind].json_kinds & JK(jk)) != 0;
    }
    return 0;
}

/* ---- enum values --------------------------------------------------------- */

int tsig_is_enum_word(const char *s, size_t len)
{
    if (len == 0 || !tsig_ident_start(s[0])) return 0;
    for (size_t i = 1; i < len; i++) {
        char c = s[i];
        if (tsig_ident_char(c) || c == '.' || c == '/' || c == '+')
            continue;
        return 0;
    }
    return 1;
}

static int is_reserved_word(const char *s, size_t len)
{
    return (len == 4 && (memcmp(s, "true", 4) == 0 || memcmp(s, "null", 4) == 0)) ||
           (len == 5 && memcmp(s, "false", 5) == 0);
}

void tsig_enum_value_format(tsig_strbuf *sb, const tsig_enum_value *v)
{
    if (v->kind == TSIG_VALUE_STRING &&
        !(tsig_is_enum_word(v->text, v->len) && !is_reserved_word(v->text, v->len))) {
        tsig_json_escape(sb, v->text, v->len);
        return;
    }
    tsig_sb_append(sb, v->text, v->len);
}

int tsig_enum_value_equal(const tsig_enum_value *v, tsig_value_kind vk,
                          const char *s, size_t len)
{
    int v_num = v->kind == TSIG_VALUE_INT || v->kind == TSIG_VALUE_FLOAT;
    int s_num = vk == TSIG_VALUE_INT || vk == TSIG_VALUE_FLOAT;
    if (v_num || s_num)
        return v_num && s_num && tsig_decimal_compare(v->text, v->len, s, len) == 0;
    return v->kind == vk && v->len == len && memcmp(v->text, s, len) == 0;
}

void tsig_enum_value_key(tsig_strbuf *sb, tsig_value_kind vk, const char *s, size_t len)
{
    if (vk == TSIG_VALUE_INT || vk == TSIG_VALUE_FLOAT) {
        tsig_sb_putc(sb, 'n');
        tsig_decimal_key(sb, s, len);
        return;
    }
    tsig_sb_putc(sb, vk == TSIG_VALUE_STRING ? 's' : 'b');
    tsig_sb_append(sb, s, len);
}

/* ---- lookups built with enums and unions ---------------------------------- */

static void swap_bytes(unsigned char *a, unsigned char *b, size_t size)
{
    for (size_t i = 0; i < size; i++) {
        unsigned char t = a[i];
        a[i] = b[i];
        b[i] = t;
    }
}

/* Heapsort: at most 2 n log2 n comparisons whatever the order, no
 * recursion, not stable (nothing sorted here has two equal elements whose
 * order shows). libc's qsort has the same bound in 1.4 KB of wasm. */
void tsig_sort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *))
{
    unsigned char *a = base;
    /* make [0, n) a heap (largest first), then move its top to the end of
     * the heap as it shrinks */
    for (size_t end = n, start = n / 2; end > 1;) {
        size_t root;
        if (start > 0) {
            root = --start;
        } else {
            end--;
            swap_bytes(a, a + end * size, size);
            root = 0;
        }
        for (;;) { /* sift root down within [0, end) */
            size_t child = 2 * root + 1;
            if (child >= end) break;
            if (child + 1 < end && cmp(a + child * size, a + (child + 1) * size) < 0) child++;
            if (cmp(a + root * size, a + child * size) >= 0) break;
            swap_bytes(a + root * size, a + child * size, size);
            root = child;
        }
    }
}

/* Value order: strings by bytes, then numbers by exact value, then
 * booleans. */
static int value_group(tsig_value_kind k)
{
    return k == TSIG_VALUE_STRING ? 0 : k == TSIG_VALUE_BOOL ? 2 : 1;
}

static int bytes_compare(const char *a, size_t alen, const char *b, size_t blen)
{
    int c = memcmp(a, b, alen < blen ? alen : blen);
    if (c) return c < 0 ? -1 : 1;
    return alen < blen ? -1 : alen > blen;
}

static int value_compare(tsig_value_kind ak, const char *a, size_t alen, const tsig_enum_value *b)
{
    int ga = value_group(ak), gb = value_group(b->kind);
    if (ga != gb) return ga < gb ? -1 : 1;
    if (ga == 1) return tsig_decimal_compare(a, alen, b->text, b->len);
    return bytes_compare(a, alen, b->text, b->len);
}

static unsigned char fold(char c)
{
    return (unsigned char)(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
}

static int folded_compare(const char *a, size_t alen, const char *b, size_t blen)
{
    size_t n = alen < blen ? alen : blen;
    for (size_t i = 0; i < n; i++) {
        unsigned char x = fold(a[i]), y = fold(b[i]);
        if (x != y) return x < y ? -1 : 1;
    }
    return alen < blen ? -1 : alen > blen;
}

static int ref_compare(const void *pa, const void *pb)
{
    const tsig_value_ref *a = pa, *b = pb;
    int c = value_compare(a->value->kind, a->value->text, a->value->len, b->value);
    if (c) return c;
    return a->member < b->member ? -1 : a->member > b->member;
}

static int ref_compare_folded(const void *pa, const void *pb)
{
    const tsig_value_ref *a = pa, *b = pb;
    int c = folded_compare(a->value->text, a->value->len, b->value->text, b->value->len);
    if (c) return c;
    return a->member < b->member ? -1 : a->member > b->member;
}

const tsig_value_ref *tsig_value_find(const tsig_value_ref *sorted, size_t n,
                                      tsig_value_kind vk, const char *s, size_t len)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = value_compare(vk, s, len, sorted[mid].value);
        if (c == 0) return &sorted[mid];
        if (c < 0) hi = mid;
        else lo = mid + 1;
    }
    return NULL;
}

size_t tsig_value_find_folded(const tsig_value_ref *folded, size_t n, const char *s,
                              size_t len, const tsig_value_ref **first)
{
    size_t lo = 0, hi = n;
    while (lo < hi) { /* the first entry not below s */
        size_t mid = lo + (hi - lo) / 2;
        const tsig_enum_value *e = folded[mid].value;
        if (folded_compare(e->text, e->len, s, len) < 0) lo = mid + 1;
        else hi = mid;
    }
    size_t count = 0;
    *first = lo < n ? &folded[lo] : NULL;
    for (size_t i = lo; i < n && count < 2; i++, count++) {
        const tsig_enum_value *e = folded[i].value;
        if (folded_compare(e->text, e->len, s, len) != 0) break;
    }
    return count;
}

/* refs[0..n) in value order (copied to *sorted) and their string values
 * in folded order (*folded, *folded_count), in the arena. 0 when out of
 * memory. */
static int sort_refs(tsig_arena *arena, tsig_value_ref *refs, size_t n,
                     const tsig_value_ref **folded, size_t *folded_count)
{
    tsig_sort(refs, n, sizeof *refs, ref_compare);
    size_t strings = 0;
    while (strings < n && refs[strings].value->kind == TSIG_VALUE_STRING) strings++;
    tsig_value_ref *f = tsig_arena_alloc(arena, (strings ? strings : 1) * sizeof *f);
    if (!f) return 0;
    memcpy(f, refs, strings * sizeof *f);
    tsig_sort(f, strings, sizeof *f, ref_compare_folded);
    *folded = f;
    *folded_count = strings;
    return 1;
}

/* The enum of strings f holds as a required field without a default (a
 * discriminating field), or NULL. */
static const tsig_type *string_enum(const tsig_field *f)
{
    if (f->default_json || f->type->kind != TSIG_ENUM) return NULL;
    return (f->type->index->kinds & ~JK(TSIG_JSON_STRING)) ? NULL : f->type;
}

/* tsig_table_key_of over a typed map's fields: a normalized name. */
static const char *field_norm(const void *ctx, size_t entry, size_t *len)
{
    const tsig_field *f = &((const tsig_type *)ctx)->fields[entry];
    *len = f->name_len;
    return f->norm;
}

/*
 * SPEC §11.3 rule 1 for the union u (ix its index being built): the first
 * field of the first member that is, in every member (all typed maps), a
 * required enum of strings, with no string in two members. Each field of
 * each member is looked up once by name in a table of the first member's
 * fields, and listed under the one it matches (O(fields)); a field found
 * in every member is then judged by sorting its values (a value is sorted
 * for one field only: O(values log values)). 1, also when there is none;
 * 0 when out of memory.
 */
static int find_discriminator(tsig_arena *arena, const tsig_type *u, tsig_type_index *ix)
{
    size_t m = u->member_count, total = 0;
    for (size_t i = 0; i < m; i++) {
        if (u->members[i]->kind != TSIG_RECORD) return 1;
        total += u->members[i]->field_count;
    }
    const tsig_type *first = u->members[0];
    size_t nf = first->field_count;
    if (nf == 0) return 1;
    /* per field f of first: how many members, their values, and the list
     * (head, tail, next) of the fields matching it, in member order */
    size_t *count = calloc(nf, sizeof *count), *values = calloc(nf, sizeof *values);
    size_t *head = malloc(nf * sizeof *head), *tail = malloc(nf * sizeof *tail);
    size_t *next = malloc(total * sizeof *next);
    const tsig_field **hit = malloc(total * sizeof *hit);
    tsig_table names;
    tsig_table_init(&names, 0, NULL, field_norm, first);
    int ok = count && values && head && tail && next && hit;
    for (size_t f = 0; ok && f < nf; f++) {
        const tsig_field *d = &first->fields[f];
        head[f] = tail[f] = (size_t)-1;
        size_t at = tsig_table_add(&names, d->norm, d->name_len,
                                   tsig_table_hash(&names, d->norm, d->name_len), f);
        if (at == TSIG_TABLE_NOMEM) ok = 0;
    }
    size_t hits = 0;
    for (size_t i = 0; ok && i < m; i++) {
        const tsig_type *r = u->members[i];
        for (size_t k = 0; ok && k < r->field_count; k++) {
            const tsig_field *d = &r->fields[k];
            const tsig_type *e = string_enum(d);
            if (!e) continue;
            size_t f = tsig_table_find(&names, d->norm, d->name_len,
                                       tsig_table_hash(&names, d->norm, d->name_len));
            if (f == TSIG_TABLE_NOMEM) ok = 0;
            if (f >= nf || count[f] > i) continue; /* no such name; one per member */
            if (count[f] < i) continue;             /* missing from a member before */
            count[f]++;
            values[f] += e->value_count;
            hit[hits] = d;
            next[hits] = (size_t)-1;
            if (tail[f] == (size_t)-1) head[f] = hits;
            else next[tail[f]] = hits;
            tail[f] = hits++;
        }
    }
    for (size_t f = 0; ok && f < nf; f++) {
        if (count[f] != m) continue;
        tsig_value_ref *refs = tsig_arena_alloc(arena, (values[f] ? values[f] : 1) * sizeof *refs);
        const tsig_field **disc = tsig_arena_alloc(arena, m * sizeof *disc);
        if (!refs || !disc) {
            ok = 0;
            break;
        }
        size_t n = 0, i = 0;
        for (size_t h = head[f]; h != (size_t)-1; h = next[h], i++) {
            disc[i] = hit[h];
            const tsig_type *e = hit[h]->type;
            for (size_t v = 0; v < e->value_count; v++) {
                refs[n].value = &e->values[v];
                refs[n++].member = i;
            }
        }
        tsig_sort(refs, n, sizeof *refs, ref_compare);
        int shared = 0; /* a string in two members (one enum has no repeats) */
        for (size_t k = 1; k < n && !shared; k++) {
            const tsig_enum_value *a = refs[k - 1].value;
            shared = value_compare(a->kind, a->text, a->len, refs[k].value) == 0;
        }
        if (shared) continue;
        size_t strings;
        if (!sort_refs(arena, refs, n, &ix->disc_folded, &strings)) ok = 0;
        ix->disc = disc;
        ix->disc_sorted = refs;
        ix->disc_count = n;
        break;
    }
    tsig_table_release(&names);
    free(count);
    free(values);
    free(head);
    free(tail);
    free(next);
    free(hit);
    return ok;
}

int tsig_type_index_build(tsig_arena *arena, tsig_type *t)
{
    tsig_type_index *ix = tsig_arena_alloc(arena, sizeof *ix);
    if (!ix) return 0;
    if (t->kind == TSIG_ENUM) {
        size_t n = t->value_count;
        tsig_value_ref *refs = tsig_arena_alloc(arena, (n ? n : 1) * sizeof *refs);
        if (!refs) return 0;
        for (size_t i = 0; i < n; i++) {
            tsig_value_kind vk = t->values[i].kind;
            ix->kinds |= vk == TSIG_VALUE_STRING ? JK(TSIG_JSON_STRING)
                         : vk == TSIG_VALUE_BOOL ? JK(TSIG_JSON_BOOL)
                                                 : JK(TSIG_JSON_NUMBER);
            refs[i].value = &t->values[i];
            refs[i].member = i;
        }
        ix->sorted = refs;
        if (!sort_refs(arena, refs, n, &ix->folded, &ix->folded_count)) return 0;
        t->index = ix;
        return 1;
    }
    /* a union: its members grouped by the JSON kinds they take */
    size_t m = t->member_count, total = 0;
    for (int k = 0; k <= TSIG_JSON_ARRAY; k++)
        for (size_t i = 0; i < m; i++) total += (size_t)tsig_type_takes(t->members[i], (tsig_json_kind)k);
    size_t *takes = tsig_arena_alloc(arena, (total ? total : 1) * sizeof *takes);
    if (!takes) return 0;
    size_t n = 0;
    for (int k = 0; k <= TSIG_JSON_ARRAY; k++) {
        ix->takes_at[k] = n;
        for (size_t i = 0; i < m; i++)
            if (tsig_type_takes(t->members[i], (tsig_json_kind)k)) takes[n++] = i;
        if (n > ix->takes_at[k]) ix->kinds |= JK(k);
    }
    ix->takes_at[TSIG_JSON_ARRAY + 1] = n;
    ix->takes = takes;
    if (!find_discriminator(arena, t, ix)) return 0;
    t->index = ix;
    return 1;
}

/* ---- labels -------------------------------------------------------------- */

/* Enum values listed in a message before ", …". */
#define LABEL_VALUES 10

/* Appends "one of a, b, c". */
static void enum_label(tsig_strbuf *sb, const tsig_type *t)
{
    tsig_sb_puts(sb, "one of ");
    for (size_t i = 0; i < t->value_count; i++) {
        if (i == LABEL_VALUES) {
            tsig_sb_puts(sb, ", \xE2\x80\xA6");
            break;
        }
        if (i) tsig_sb_puts(sb, ", ");
        tsig_enum_value_format(sb, &t->values[i]);
    }
}

/* The plain label of a member of a union: its name, an enum's values. */
static void member_label(tsig_strbuf *sb, const tsig_type *t)
{
    t = tsig_type_strip(t);
    if (t->kind == TSIG_ENUM) enum_label(sb, t);
    else tsig_sb_puts(sb, tsig_kind_name(t->kind));
}

void tsig_type_label(tsig_strbuf *sb, const tsig_type *t)
{
    t = tsig_type_strip(t);
    switch (t->kind) {
    case TSIG_ENUM:
        enum_label(sb, t);
        return;
    case TSIG_UNION: {
        /* Each label once, in member order: "A, B or C". Enum members are
         * never alike (the parser refuses equal members); the others are
         * named by kind, so a few names decide what was printed. */
        size_t total = 0;
        for (int pass = 0; pass < 2; pass++) {
            const char *seen[16];
            size_t seen_count = 0, printed = 0;
            for (size_t i = 0; i < t->member_count; i++) {
                const tsig_type *m = tsig_type_strip(t->members[i]);
                if (m->kind != TSIG_ENUM) {
                    const char *name = tsig_kind_name(m->kind);
                    int dup = 0;
                    for (size_t k = 0; k < seen_count; k++)
                        if (strcmp(seen[k], name) == 0) dup = 1;
                    if (dup) continue;
                    if (seen_count < 16) seen[seen_count++] = name;
                }
                if (pass == 1) {
                    if (printed) tsig_sb_puts(sb, printed + 1 == total ? " or " : ", ");
                    member_label(sb, m);
                }
                printed++;
            }
            total = printed;
        }
        return;
    }
    case TSIG_STRING:
    case TSIG_INT:
    case TSIG_FLOAT:
    case TSIG_BOOL:
    case TSIG_KEYWORD:
    case TSIG_ANY:
    case TSIG_MAP:
    case TSIG_DATETIME:
    case TSIG_LIST:
    case TSIG_RECORD:
    case TSIG_OPTIONAL:
        tsig_sb_puts(sb, tsig_kind_name(t->kind));
        return;
    }
}

void tsig_bound_label(tsig_strbuf *sb, const tsig_type *t)
{
    t = tsig_type_strip(t);
    tsig_sb_puts(sb, tsig_kind_name(t->kind));
    int counted = t->kind == TSIG_STRING || t->kind == TSIG_LIST;
    if (counted) tsig_sb_puts(sb, " of length");
    const tsig_bound *lo = &t->lower, *hi = &t->upper;
    if (lo->num && hi->num && !lo->exclusive && !hi->exclusive) {
        tsig_sb_puts(sb, " in ");
        tsig_sb_append(sb, lo->num, lo->len);
        tsig_sb_puts(sb, "..");
        tsig_sb_append(sb, hi->num, hi->len);
        return;
    }
    if (lo->num) {
        tsig_sb_puts(sb, lo->exclusive ? " > " : " >= ");
        tsig_sb_append(sb, lo->num, lo->len);
    }
    if (hi->num) {
        tsig_sb_puts(sb, lo->num ? " and " : " ");
        tsig_sb_puts(sb, hi->exclusive ? "< " : "<= ");
        tsig_sb_append(sb, hi->num, hi->len);
    }
}

/* ---- bounds -------------------------------------------------------------- */

int tsig_bounds_hold_number(const tsig_type *t, const char *num, size_t len)
{
    t = tsig_type_strip(t);
    if (t->lower.num) {
        int c = tsig_decimal_compare(num, len, t->lower.num, t->lower.len);
        if (c < 0 || (c == 0 && t->lower.exclusive)) return 0;
    }
    if (t->upper.num) {
        int c = tsig_decimal_compare(num, len, t->upper.num, t->upper.len);
        if (c > 0 || (c == 0 && t->upper.exclusive)) return 0;
    }
    return 1;
}

int tsig_bounds_hold_count(const tsig_type *t, size_t count)
{
    /* A count's decimal text, to compare exactly with the bounds. */
    char digits[24];
    size_t n = 0;
    char rev[24];
    do {
        rev[n++] = (char)('0' + count % 10);
        count /= 10;
    } while (count && n < sizeof rev);
    for (size_t i = 0; i < n; i++) digits[i] = rev[n - 1 - i];
    return tsig_bounds_hold_number(t, digits, n);
}

/* ---- refinement ranges --------------------------------------------------- */

/* See internal.h. Over integers (:int, lengths) exactly, whatever the
 * bounds' sizes; a length with no lower bound starts at 0. */
int tsig_bounds_empty(const tsig_type *t)
{
    const tsig_bound *lo = &t->lower, *hi = &t->upper;
    if (t->kind == TSIG_FLOAT) {
        if (!lo->num || !hi->num) return 0;
        int c = tsig_decimal_compare(lo->num, lo->len, hi->num, hi->len);
        return c > 0 || (c == 0 && (lo->exclusive || hi->exclusive));
    }
    if (!hi->num) return 0;
    if (!lo->num) {
        if (t->kind == TSIG_INT) return 0;
        return tsig_decimal_no_integer("0", 1, 0, hi->num, hi->len, hi->exclusive);
    }
    return tsig_decimal_no_integer(lo->num, lo->len, lo->exclusive, hi->num, hi->len,
                                   hi->exclusive);
}

/* ---- a record's fields by key ------------------------------------------ */

/* The fields of one big record by normalized name. */
struct tsig_field_index {
    const tsig_type *type;
    tsig_table table; /* entry = field index */
};

/* tsig_table_key_of over a finder's indexes: the bytes of the type pointer. */
static const char *index_type(const void *ctx, size_t entry, size_t *len)
{
    *len = sizeof(const tsig_type *);
    return (const char *)&((const tsig_field_finder *)ctx)->indexes[entry].type;
}

/* The index of t's fields, built when first asked for; NULL when out of
 * memory. */
static tsig_table *index_of(tsig_field_finder *ff, const tsig_type *t)
{
    const char *key = (const char *)&t;
    if (!ff->of.key_of) tsig_table_init(&ff->of, 0, NULL, index_type, ff);
    size_t hash = tsig_table_hash(&ff->of, key, sizeof t);
    size_t at = tsig_table_find(&ff->of, key, sizeof t, hash);
    if (at == TSIG_TABLE_NOMEM) return NULL;
    if (at != TSIG_TABLE_NONE) return &ff->indexes[at].table;
    if (ff->count == ff->cap) {
        size_t cap = ff->cap ? ff->cap * 2 : 8;
        struct tsig_field_index *grown = realloc(ff->indexes, cap * sizeof *grown);
        if (!grown) return NULL;
        ff->indexes = grown;
        ff->cap = cap;
    }
    struct tsig_field_index *ix = &ff->indexes[ff->count];
    ix->type = t;
    tsig_table_init(&ix->table, 1, NULL, field_norm, t);
    ff->count++;
    for (size_t i = 0; i < t->field_count; i++) {
        const tsig_field *f = &t->fields[i];
        size_t h = tsig_table_hash(&ix->table, f->norm, f->name_len);
        if (tsig_table_add(&ix->table, f->norm, f->name_len, h, i) == TSIG_TABLE_NOMEM)
            return NULL;
    }
    if (tsig_table_add(&ff->of, key, sizeof t, hash, ff->count - 1) == TSIG_TABLE_NOMEM)
        return NULL;
    return &ix->table;
}

size_t tsig_field_find_indexed(tsig_field_finder *ff, const tsig_type *t, const char *key,
                               size_t len, size_t hint)
{
    size_t n = t->field_count;
    const tsig_field *f = hint < n ? &t->fields[hint] : NULL;
    if (f && f->name_len == len && tsig_names_match(f->name, len, key, len)) return hint;
    tsig_table *ix = index_of(ff, t);
    if (!ix) return (size_t)-1;
    size_t at = tsig_table_find(ix, key, len, tsig_table_hash(ix, key, len));
    return at == TSIG_TABLE_NOMEM ? (size_t)-1 : at == TSIG_TABLE_NONE ? n : at;
}

void tsig_field_finder_release(tsig_field_finder *ff)
{
    for (size_t i = 0; i < ff->count; i++) tsig_table_release(&ff->indexes[i].table);
    free(ff->indexes);
    if (ff->of.key_of) tsig_table_release(&ff->of);
    memset(ff, 0, sizeof *ff);
}
