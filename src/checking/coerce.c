/*
 * coerce.c: the per-value rules: what one scalar is worth against a scalar
 * type (accept, coerce, reject with an issue code), from its text alone.
 * validate.c's traversal reads each value and asks here; stream.c asks the
 * same of values still arriving.
 *
 *   :keyword, :datetime              the strings SPEC §3 allows
 *   enum                             one of its values (SPEC §11.3)
 *
 * and the lenient coercions validate_input applies (SPEC §5, §11.4):
 *
 *   string of an integer (-?[0-9]+)  -> :int    "007" -> 7
 *   string of a JSON number          -> :float  "42" -> 42.0, "1e400" refused
 *   "true" / "false"                 -> :bool
 *   int                              -> :float  42 -> 42.0 (every digit kept)
 *   float with zero fraction         -> :int    4.20e1 -> 42 (exact decimal,
 *                                              at most 21 digits)
 *   string, any ASCII case           -> enum    "RED" -> "red" (one match)
 *   string of a number or boolean    -> enum    "2" -> 2
 *
 * Each function decides from the text alone and, when it applies, appends
 * the coerced JSON to out. Integers are handled as digit strings, never as
 * machine numbers, so no digit is ever lost.
 */
#include "internal.h"

#include <math.h>
#include <string.h>

/* ASCII whitespace around a numeric string: space, \t, \n, \v, \f, \r. */
static int is_space(char c)
{
    return c == ' ' || (c >= '\t' && c <= '\r');
}

static int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* Narrows s[*start..*end) to its text without surrounding whitespace. */
static void trim(const char *s, size_t *start, size_t *end)
{
    while (*start < *end && is_space(s[*start])) (*start)++;
    while (*end > *start && is_space(s[*end - 1])) (*end)--;
}

/* -?[0-9]+ between optional whitespace; written without leading zeros
 * ("007" -> 7) and without the sign of zero ("-0" -> 0). */
int tsig_coerce_string_to_int(const char *s, size_t len, tsig_strbuf *out)
{
    size_t i = 0, end = len;
    trim(s, &i, &end);
    int negative = i < end && s[i] == '-';
    if (negative) i++;
    if (i == end) return 0;
    for (size_t k = i; k < end; k++)
        if (!is_digit(s[k])) return 0;
    if (!out) return 1;
    while (i + 1 < end && s[i] == '0') i++;
    if (negative && !(end - i == 1 && s[i] == '0')) tsig_sb_putc(out, '-');
    tsig_sb_append(out, s + i, end - i);
    return 1;
}

/* 1 iff s[0..len) is exactly one JSON number (the reader's grammar). */
static int is_json_number(const char *s, size_t len)
{
    tsig_error err;
    tsig_json j;
    tsig_json_span n;
    tsig_json_init(&j, s, len, 0, &err);
    return !j.bom && tsig_json_number(&j, &n) && j.pos == len;
}

/*
 * Appends d as the shortest text that reads back as d, laid out as
 * JavaScript prints numbers (positional from 1e-6 to 1e21, else with an
 * exponent) and always as a float: "42.0", "0.0025", "1e+21".
 */
static void write_double(tsig_strbuf *out, double d)
{
    char digits[TSIG_DOUBLE_DIGITS];
    int point; /* digits before the decimal point */
    size_t count = tsig_double_digits(d, digits, &point);
    int k = (int)count;

    if (signbit(d)) tsig_sb_putc(out, '-');
    if (point >= k && point <= 21) {
        tsig_sb_append(out, digits, count);
        for (int i = k; i < point; i++) tsig_sb_putc(out, '0');
        tsig_sb_append(out, ".0", 2);
    } else if (point > 0 && point <= 21) {
        tsig_sb_append(out, digits, (size_t)point);
        tsig_sb_putc(out, '.');
        tsig_sb_append(out, digits + point, count - (size_t)point);
    } else if (point > -6 && point <= 0) {
        tsig_sb_append(out, "0.", 2);
        for (int i = point; i < 0; i++) tsig_sb_putc(out, '0');
        tsig_sb_append(out, digits, count);
    } else {
        tsig_sb_putc(out, digits[0]);
        if (count > 1) {
            tsig_sb_putc(out, '.');
            tsig_sb_append(out, digits + 1, count - 1);
        }
        /* the exponent: e+21 ... e+308, e-7 ... e-324 */
        int e = point - 1 < 0 ? 1 - point : point - 1;
        tsig_sb_putc(out, 'e');
        tsig_sb_putc(out, point - 1 < 0 ? '-' : '+');
        if (e >= 100) tsig_sb_putc(out, (char)('0' + e / 100));
        if (e >= 10) tsig_sb_putc(out, (char)('0' + e / 10 % 10));
        tsig_sb_putc(out, (char)('0' + e % 10));
    }
}

/* The whole trimmed string must be one JSON number ("007", ".5", "1."
 * and "+1" are not), and the nearest double finite ("1e400" is not). */
int tsig_coerce_string_to_float(const char *s, size_t len, tsig_strbuf *out)
{
    size_t i = 0, end = len;
    trim(s, &i, &end);
    if (i == end || !is_json_number(s + i, end - i)) return 0;
    double d = tsig_decimal_to_double(s + i, end - i);
    if (!isfinite(d)) return 0;
    if (out) write_double(out, d);
    return 1;
}

int tsig_coerce_string_to_bool(const char *s, size_t len, tsig_strbuf *out)
{
    int t = len == 4 && memcmp(s, "true", 4) == 0;
    int f = len == 5 && memcmp(s, "false", 5) == 0;
    if (!t && !f) return 0;
    if (out) tsig_sb_puts(out, t ? "true" : "false");
    return 1;
}

/* Digits of a float coerced to :int (SPEC §5: |v| < 10^21, where
 * JavaScript too stops writing integers in full; 1e308 would be 309
 * digits written from 5 bytes). */
#define INT_DIGITS 21

/*
 * A float lexeme is sign, integer digits, fraction digits and an exponent.
 * Its digits D (integer then fraction, leading zeros dropped) and the
 * place of the decimal point within D decide everything: the value is a
 * whole number iff every digit of D after the point is 0.
 */
int tsig_coerce_float_to_int(const char *num, size_t len, tsig_strbuf *out)
{
    size_t i = 0;
    int negative = len > 0 && num[0] == '-';
    if (negative) i++;
    size_t int_start = i;
    while (i < len && is_digit(num[i])) i++;
    size_t int_end = i, frac_start = i, frac_end = i;
    if (i < len && num[i] == '.') {
        frac_start = ++i;
        while (i < len && is_digit(num[i])) i++;
        frac_end = i;
    }
    long long exponent = 0;
    if (i < len && (num[i] == 'e' || num[i] == 'E')) {
        i++;
        int exp_negative = i < len && num[i] == '-';
        if (i < len && (num[i] == '+' || num[i] == '-')) i++;
        for (; i < len && is_digit(num[i]); i++)
            if (exponent < 1000000000000LL) exponent = exponent * 10 + (num[i] - '0');
        if (exp_negative) exponent = -exponent;
    }
    /* D runs over the integer digits then the fraction digits */
    size_t int_len = int_end - int_start, frac_len = frac_end - frac_start;
    size_t total = int_len + frac_len, zeros = 0;
#define DIGIT(k) ((k) < int_len ? num[int_start + (k)] : num[frac_start + (k) - int_len])
    while (zeros < total && DIGIT(zeros) == '0') zeros++;
    if (zeros == total) {
        if (out) tsig_sb_putc(out, '0');
        return 1;
    }
    long long point = (long long)int_len - (long long)zeros + exponent;
    if (point <= 0 || point > INT_DIGITS) return 0;
    size_t significant = total - zeros;
    for (size_t k = (size_t)point; k < significant; k++)
        if (DIGIT(zeros + k) != '0') return 0;
    size_t whole = (size_t)point < significant ? (size_t)point : significant;
    if (!out) return 1;
    if (negative) tsig_sb_putc(out, '-');
    for (size_t k = 0; k < whole; k++) tsig_sb_putc(out, DIGIT(zeros + k));
    for (long long k = (long long)whole; k < point; k++) tsig_sb_putc(out, '0');
#undef DIGIT
    return 1;
}

/* Appending ".0" keeps every digit of a big int (a double would not). */
int tsig_coerce_int_to_float(const char *num, size_t len, tsig_strbuf *out)
{
    if (out) {
        tsig_sb_append(out, num, len);
        tsig_sb_append(out, ".0", 2);
    }
    return 1;
}

/* ---- SPEC §11.4: enums and JSON text ------------------------------------ */

int tsig_coerce_number_text(const char *s, size_t len, size_t *start, size_t *end)
{
    size_t i = 0, e = len;
    trim(s, &i, &e);
    if (i == e || !is_json_number(s + i, e - i)) return 0;
    if (!isfinite(tsig_decimal_to_double(s + i, e - i))) return 0;
    *start = i;
    *end = e;
    return 1;
}

int tsig_coerce_ascii_case_equal(const char *a, size_t alen, const char *b, size_t blen)
{
    if (alen != blen) return 0;
    for (size_t i = 0; i < alen; i++) {
        char x = a[i], y = b[i];
        if (x >= 'A' && x <= 'Z') x = (char)(x - 'A' + 'a');
        if (y >= 'A' && y <= 'Z') y = (char)(y - 'A' + 'a');
        if (x != y) return 0;
    }
    return 1;
}

/* The walker's report of a repeated key: the text is not taken. */
static int json_text_duplicate(void *ctx, size_t first, const char *key, size_t len,
                               size_t offset)
{
    tsig_json *j = ctx;
    (void)first;
    (void)key;
    (void)len;
    return tsig_json_fail(j, offset, "no repeated key");
}

/*
 * One walk of the whole text with its own reader, path and key set, so
 * nothing of the caller's reading is disturbed. Costs an allocation only
 * for objects with many keys or deep nesting (the walker's frames).
 */
int tsig_coerce_json_text(const char *s, size_t len, size_t max_depth, char open)
{
    size_t i = 0, e = len;
    trim(s, &i, &e);
    if (i == e || s[i] != open || max_depth == 0) return 0;
    tsig_error err;
    tsig_json_walking k;
    tsig_json_walking_begin(&k, s + i, e - i, max_depth, &err);
    k.w.flags = TSIG_WALK_KEYS;
    k.w.on_duplicate = json_text_duplicate;
    k.w.ctx = &k.j;
    int ok = tsig_json_walk(&k.w) && tsig_json_finish(&k.j);
    tsig_code code = k.j.code;
    tsig_json_walking_release(&k);
    if (ok) return 1;
    return code == TSIG_ERR_NOMEM ? -1 : 0;
}

/* ---- per-value rules ------------------------------------------------- */

int tsig_is_keyword(const char *s, size_t len)
{
    if (len == 0) return 0;
    for (size_t i = 0; i < len; i++) {
        char c = s[i];
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || is_digit(c)) continue;
        if (!strchr(TSIG_KEYWORD_PUNCT, c) || c == '\0') return 0;
    }
    return 1;
}

/* n digits at s as a number; -1 when one is not a digit. */
static int digits(const char *s, int n)
{
    int v = 0;
    for (int i = 0; i < n; i++) {
        if (!is_digit(s[i])) return -1;
        v = v * 10 + (s[i] - '0');
    }
    return v;
}

/*
 * YYYY-MM-DD ("T"|"t") hh:mm:ss [ "." 1*digit ] ( "Z" | "z" | ("+"|"-") hh:mm )
 * with the date checked against the calendar (leap years), hours 00-23,
 * minutes 00-59, seconds 00-60.
 */
int tsig_is_datetime(const char *s, size_t len)
{
    static const int month_days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (len < 20) return 0;
    int year = digits(s, 4), month = digits(s + 5, 2), day = digits(s + 8, 2);
    int hour = digits(s + 11, 2), minute = digits(s + 14, 2), second = digits(s + 17, 2);
    if (year < 0 || s[4] != '-' || month < 1 || month > 12 || s[7] != '-' || day < 1)
        return 0;
    int leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    if (day > month_days[month - 1] + (month == 2 && leap)) return 0;
    if (s[10] != 'T' && s[10] != 't') return 0;
    if (hour < 0 || hour > 23 || s[13] != ':' || minute < 0 || minute > 59 ||
        s[16] != ':' || second < 0 || second > 60)
        return 0;
    size_t i = 19;
    if (s[i] == '.') {
        size_t first = ++i;
        while (i < len && is_digit(s[i])) i++;
        if (i == first) return 0;
    }
    if (i < len && (s[i] == 'Z' || s[i] == 'z')) return i + 1 == len;
    if (i + 6 != len || (s[i] != '+' && s[i] != '-') || s[i + 3] != ':') return 0;
    int off_hour = digits(s + i + 1, 2), off_minute = digits(s + i + 4, 2);
    return off_hour >= 0 && off_hour <= 23 && off_minute >= 0 && off_minute <= 59;
}

tsig_verdict tsig_value_string(const tsig_type *t, int input, const char *text, size_t len,
                               tsig_strbuf *out, tsig_issue_code *code)
{
    int good = 0;
    tsig_verdict verdict = TSIG_VALUE_COERCE;
    switch (t->kind) {
    case TSIG_KEYWORD:
        good = tsig_is_keyword(text, len);
        verdict = TSIG_VALUE_ACCEPT;
        break;
    case TSIG_DATETIME:
        good = tsig_is_datetime(text, len);
        verdict = TSIG_VALUE_ACCEPT;
        break;
    case TSIG_INT: good = input && tsig_coerce_string_to_int(text, len, out); break;
    case TSIG_FLOAT: good = input && tsig_coerce_string_to_float(text, len, out); break;
    case TSIG_BOOL: good = input && tsig_coerce_string_to_bool(text, len, out); break;
    case TSIG_STRING:
    case TSIG_ANY:
    case TSIG_MAP:
    case TSIG_LIST:
    case TSIG_RECORD:
    case TSIG_OPTIONAL:
    case TSIG_ENUM:
    case TSIG_UNION:
        break; /* not asked: the traversal reads these itself */
    }
    if (good) return verdict;
    *code = TSIG_ISSUE_TYPE;
    return TSIG_VALUE_REJECT;
}

tsig_verdict tsig_value_number(const tsig_type *t, unsigned flags, const char *num, size_t len,
                               int is_int, tsig_strbuf *out, tsig_issue_code *code)
{
    int input = (flags & TSIG_RULE_INPUT) != 0;
    if (t->kind == TSIG_FLOAT) {
        if (!is_int || !input || (flags & TSIG_RULE_DOUBLES)) return TSIG_VALUE_ACCEPT;
        if (out) tsig_coerce_int_to_float(num, len, out);
        return TSIG_VALUE_CONVERT;
    }
    if (is_int) return TSIG_VALUE_ACCEPT;
    if (input && tsig_coerce_float_to_int(num, len, out)) return TSIG_VALUE_COERCE;
    *code = TSIG_ISSUE_TYPE;
    return TSIG_VALUE_REJECT;
}

tsig_verdict tsig_value_enum(const tsig_type *t, int input, tsig_value_kind vk,
                             const char *text, size_t len, const tsig_enum_value **to,
                             tsig_issue_code *code)
{
    /* values are found in the enum's sorted index (no two are equal) */
    const tsig_type_index *ix = t->index;
    if (tsig_value_find(ix->sorted, t->value_count, vk, text, len)) return TSIG_VALUE_ACCEPT;
    *to = NULL;
    if (input && vk == TSIG_VALUE_STRING) {
        /* a string value ignoring ASCII case, when only one matches */
        const tsig_value_ref *hit;
        if (tsig_value_find_folded(ix->folded, ix->folded_count, text, len, &hit) == 1)
            *to = hit->value;
        /* then a number or boolean equal to the string's */
        size_t ns, ne;
        if (!*to && tsig_coerce_number_text(text, len, &ns, &ne)) {
            hit = tsig_value_find(ix->sorted, t->value_count, TSIG_VALUE_INT, text + ns, ne - ns);
            if (hit) *to = hit->value;
        }
        if (!*to && tsig_coerce_string_to_bool(text, len, NULL)) {
            hit = tsig_value_find(ix->sorted, t->value_count, TSIG_VALUE_BOOL, text, len);
            if (hit) *to = hit->value;
        }
    }
    if (*to) return TSIG_VALUE_COERCE;
    *code = TSIG_ISSUE_TYPE;
    return TSIG_VALUE_REJECT;
}

/* 1 iff a is the start of b (ignoring ASCII case when fold). */
static int starts(const char *a, size_t alen, const char *b, size_t blen, int fold)
{
    if (alen > blen) return 0;
    return fold ? tsig_coerce_ascii_case_equal(a, alen, b, alen) : memcmp(a, b, alen) == 0;
}

/* 1 iff a string value of refs[0..n) (in byte order, or in ASCII-folded
 * order when fold) starts with text[0..len): the values starting with it
 * come together in that order, the first of them at the first value not
 * below it, found by bisection (O(log n) comparisons). */
static int some_value_starts(const tsig_value_ref *refs, size_t n, const char *text,
                             size_t len, int fold)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        const tsig_enum_value *e = refs[mid].value;
        size_t m = e->len < len ? e->len : len;
        int c = 0;
        for (size_t i = 0; i < m && !c; i++) {
            unsigned char x = (unsigned char)e->text[i], y = (unsigned char)text[i];
            if (fold) {
                if (x >= 'A' && x <= 'Z') x = (unsigned char)(x - 'A' + 'a');
                if (y >= 'A' && y <= 'Z') y = (unsigned char)(y - 'A' + 'a');
            }
            c = x < y ? -1 : x > y;
        }
        if (!c) c = e->len < len ? -1 : e->len > len;
        if (c < 0) lo = mid + 1;
        else hi = mid;
    }
    return lo < n && starts(text, len, refs[lo].value->text, refs[lo].value->len, fold);
}

int tsig_enum_string_prefix(const tsig_type *t, int input, const char *text, size_t len)
{
    /* the string values are the first folded_count of the sorted ones */
    const tsig_type_index *ix = t->index;
    if (input ? some_value_starts(ix->folded, ix->folded_count, text, len, 1)
              : some_value_starts(ix->sorted, ix->folded_count, text, len, 0))
        return 1;
    if (!input || ix->folded_count == t->value_count) return 0;
    /* a string that may yet hold a number or a boolean */
    if (starts(text, len, "true", 4, 0) || starts(text, len, "false", 5, 0)) return 1;
    for (size_t i = 0; i < len; i++)
        if (!is_space(text[i]) && !is_digit(text[i]) && !strchr("+-.eE", text[i])) return 0;
    return 1;
}
