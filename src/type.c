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

const tsig_type *tsig_type_strip(const tsig_type *t)
{
    return t->kind == TSIG_OPTIONAL ? t->elem : t;
}

int tsig_type_takes(const tsig_type *t, tsig_json_kind jk)
{
    switch (t->kind) {
    case TSIG_OPTIONAL:
        return jk == TSIG_JSON_NULL || tsig_type_takes(t->elem, jk);
    case TSIG_UNION:
        for (size_t i = 0; i < t->member_count; i++)
            if (tsig_type_takes(t->members[i], jk)) return 1;
        return 0;
    case TSIG_ENUM:
        for (size_t i = 0; i < t->value_count; i++) {
            tsig_value_kind vk = t->values[i].kind;
            tsig_json_kind want = vk == TSIG_VALUE_STRING ? TSIG_JSON_STRING
                                  : vk == TSIG_VALUE_BOOL ? TSIG_JSON_BOOL
                                                          : TSIG_JSON_NUMBER;
            if (want == jk) return 1;
        }
        return 0;
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

static int is_letter(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

int tsig_is_enum_word(const char *s, size_t len)
{
    if (len == 0 || !(is_letter(s[0]) || s[0] == '_')) return 0;
    for (size_t i = 1; i < len; i++) {
        char c = s[i];
        if (is_letter(c) || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
            c == '.' || c == '/' || c == '+')
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
