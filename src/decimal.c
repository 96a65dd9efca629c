/*
 * decimal.c: exact conversions between decimal text and doubles, for the
 * coercions of coerce.c (SPEC §5): the double nearest a JSON number, and
 * the shortest digits that read back as a double (as JavaScript prints it).
 *
 * Both work on a decimal of up to DIGITS_MAX digits that is multiplied and
 * divided by powers of two exactly, digit by digit (the method of Go's
 * strconv "decimal", after Steele & White / Gay). Every double and every
 * halfway point between two doubles has fewer significant digits than
 * that, so the result is exact, rounded once, ties to even. It is slower
 * than table-driven methods (microseconds, not nanoseconds) but small and
 * free of long double and libc: the coercions that use it are rare.
 */
#include "internal.h"

#include <stdint.h>
#include <string.h>

/* Digits kept; more are only remembered as "truncated" (see decimal). */
#define DIGITS_MAX 800

/* Largest shift by 2^k done in one step: (9 << k) plus a carry stays below
 * 2^64 for k <= 60. */
#define SHIFT_MAX 60

/* Doubles: 52 stored mantissa bits, 11 exponent bits, bias -1023. */
#define MANT_BITS 52
#define EXP_BITS 11
#define BIAS (-1023)

/*
 * A non-negative decimal 0.d[0]d[1]...d[nd-1] x 10^dp, digits as values
 * 0..9, no trailing zeros (nd == 0 is zero). trunc: nonzero digits beyond
 * DIGITS_MAX were dropped, so the true value is a little larger.
 */
typedef struct decimal {
    unsigned char d[DIGITS_MAX];
    int nd;
    int dp;
    int trunc;
} decimal;

static void trim(decimal *a)
{
    while (a->nd > 0 && a->d[a->nd - 1] == 0) a->nd--;
    if (a->nd == 0) a->dp = 0;
}

/* a = v. */
static void assign(decimal *a, uint64_t v)
{
    unsigned char buf[24];
    int n = 0;
    while (v > 0) {
        buf[n++] = (unsigned char)(v % 10);
        v /= 10;
    }
    a->nd = 0;
    a->trunc = 0;
    for (int i = n - 1; i >= 0; i--) a->d[a->nd++] = buf[i];
    a->dp = a->nd;
    trim(a);
}

/* a *= 2^k, 0 < k <= SHIFT_MAX: digits from the last, the carry moving
 * left; digits past DIGITS_MAX are dropped (trunc when nonzero). */
static void left_shift(decimal *a, unsigned k)
{
    unsigned char buf[DIGITS_MAX + 24];
    int w = (int)sizeof buf;
    uint64_t n = 0;
    for (int r = a->nd - 1; r >= 0; r--) {
        n += (uint64_t)a->d[r] << k;
        buf[--w] = (unsigned char)(n % 10);
        n /= 10;
    }
    while (n > 0) {
        buf[--w] = (unsigned char)(n % 10);
        n /= 10;
    }
    int count = (int)sizeof buf - w;
    a->dp += count - a->nd;
    if (count > DIGITS_MAX) {
        for (int i = w + DIGITS_MAX; i < (int)sizeof buf; i++)
            if (buf[i]) a->trunc = 1;
        count = DIGITS_MAX;
    }
    memcpy(a->d, buf + w, (size_t)count);
    a->nd = count;
    trim(a);
}

/* a /= 2^k, 0 < k <= SHIFT_MAX: long division from the first digit. */
static void right_shift(decimal *a, unsigned k)
{
    int r = 0, w = 0;
    uint64_t n = 0, mask = ((uint64_t)1 << k) - 1;
    /* read digits until the quotient has a first digit */
    for (; (n >> k) == 0; r++) {
        if (r >= a->nd) {
            if (n == 0) {
                a->nd = 0; /* a was zero */
                a->dp = 0;
                return;
            }
            while ((n >> k) == 0) {
                n *= 10;
                r++;
            }
            break;
        }
        n = n * 10 + a->d[r];
    }
    a->dp -= r - 1;
    for (; r < a->nd; r++) {
        unsigned char digit = (unsigned char)(n >> k);
        n &= mask;
        a->d[w++] = digit;
        n = n * 10 + a->d[r];
    }
    while (n > 0) {
        unsigned char digit = (unsigned char)(n >> k);
        n &= mask;
        if (w < DIGITS_MAX) a->d[w++] = digit;
        else if (digit > 0) a->trunc = 1;
        n *= 10;
    }
    a->nd = w;
    trim(a);
}

/* a *= 2^k (k > 0) or a /= 2^-k (k < 0). */
static void shift(decimal *a, int k)
{
    if (a->nd == 0) return;
    for (; k > SHIFT_MAX; k -= SHIFT_MAX) left_shift(a, SHIFT_MAX);
    for (; k < -SHIFT_MAX; k += SHIFT_MAX) right_shift(a, SHIFT_MAX);
    if (k > 0) left_shift(a, (unsigned)k);
    if (k < 0) right_shift(a, (unsigned)-k);
}

/* Whether keeping nd digits of a should round up: above half, or exactly
 * half (nothing truncated) with an odd last kept digit. */
static int should_round_up(const decimal *a, int nd)
{
    if (nd < 0 || nd >= a->nd) return 0;
    if (a->d[nd] == 5 && nd + 1 == a->nd) {
        if (a->trunc) return 1;
        return nd > 0 && a->d[nd - 1] % 2 == 1;
    }
    return a->d[nd] >= 5;
}

static void round_down(decimal *a, int nd)
{
    if (nd < 0 || nd >= a->nd) return;
    a->nd = nd;
    trim(a);
}

static void round_up(decimal *a, int nd)
{
    if (nd < 0 || nd >= a->nd) return;
    for (int i = nd - 1; i >= 0; i--) {
        if (a->d[i] < 9) {
            a->d[i]++;
            a->nd = i + 1;
            return;
        }
    }
    /* all nines: 0.999 becomes 1.000 */
    a->d[0] = 1;
    a->nd = 1;
    a->dp++;
}

/* Keeps nd digits of a, rounded to nearest, ties to even. */
static void round_nearest(decimal *a, int nd)
{
    if (nd < 0 || nd >= a->nd) return;
    if (should_round_up(a, nd)) round_up(a, nd);
    else round_down(a, nd);
}

/* The integer part of a, rounded to nearest; a is below 2^64. */
static uint64_t rounded_integer(const decimal *a)
{
    uint64_t n = 0;
    int i;
    for (i = 0; i < a->dp && i < a->nd; i++) n = n * 10 + a->d[i];
    for (; i < a->dp; i++) n *= 10;
    if (should_round_up(a, a->dp)) n++;
    return n;
}

/*
 * Reads a JSON number (RFC 8259 grammar; the caller checked it) into a:
 * the sign goes to *negative, leading zeros are skipped, digits past
 * DIGITS_MAX only set trunc, the exponent moves the decimal point.
 */
static void read_number(decimal *a, const char *s, size_t len, int *negative)
{
    size_t i = 0;
    int saw_dot = 0;
    long long seen = 0; /* significant digits read, kept or not */
    long long point = 0; /* a->dp, before it is known to be in range */
    a->nd = a->trunc = 0;
    *negative = len > 0 && s[0] == '-';
    if (*negative) i++;
    for (; i < len; i++) {
        char c = s[i];
        if (c == '.') {
            saw_dot = 1;
            point = seen;
        } else if (c >= '0' && c <= '9') {
            if (c == '0' && seen == 0) {
                point--; /* a leading zero: only moves the point */
                continue;
            }
            if (a->nd < DIGITS_MAX) a->d[a->nd++] = (unsigned char)(c - '0');
            else if (c != '0') a->trunc = 1;
            seen++;
        } else {
            break;
        }
    }
    if (!saw_dot) point = seen;
    if (i < len && (s[i] == 'e' || s[i] == 'E')) {
        i++;
        int sign = 1;
        if (i < len && (s[i] == '+' || s[i] == '-')) sign = s[i++] == '-' ? -1 : 1;
        long long e = 0;
        for (; i < len && s[i] >= '0' && s[i] <= '9'; i++)
            if (e < 1000000000000LL) e = e * 10 + (s[i] - '0');
        point += sign * e;
    }
    /* beyond +-400 every value is infinity or zero: keep it in an int */
    a->dp = point > 100000 ? 100000 : point < -100000 ? -100000 : (int)point;
    trim(a);
}

/* Bits of 2 that bring a decimal with decimal point p (1 <= p <= 8)
 * below 1 or, negated, to at least 0.5: 2^powtab[p] >= 10^p. */
static const unsigned char POWTAB[] = {1, 3, 6, 9, 13, 16, 19, 23, 26};

/*
 * The bits of the double nearest a (a is consumed): the method of Go's
 * strconv.decimal.floatBits. Scales a into [0.5, 1) by powers of two,
 * counting them in exp, then takes 53 bits rounded to nearest. Values
 * beyond the largest double become infinity, values below half the least
 * denormal zero.
 */
static uint64_t double_bits(decimal *a, int negative)
{
    int exp = 0;
    uint64_t mant = 0;
    if (a->nd == 0 || a->dp < -330) {
        exp = BIAS;
        goto out;
    }
    if (a->dp > 310) goto overflow;
    while (a->dp > 0) {
        int n = a->dp >= (int)sizeof POWTAB ? 27 : POWTAB[a->dp];
        shift(a, -n);
        exp += n;
    }
    while (a->dp < 0 || (a->dp == 0 && a->d[0] < 5)) {
        int n = -a->dp >= (int)sizeof POWTAB ? 27 : POWTAB[-a->dp];
        shift(a, n);
        exp -= n;
    }
    exp--; /* [0.5, 1) to the [1, 2) of a double's mantissa */
    if (exp < BIAS + 1) {
        /* denormal: fewer bits of mantissa */
        int n = BIAS + 1 - exp;
        shift(a, -n);
        exp += n;
    }
    if (exp - BIAS >= (1 << EXP_BITS) - 1) goto overflow;
    shift(a, 1 + MANT_BITS);
    mant = rounded_integer(a);
    if (mant == (uint64_t)2 << MANT_BITS) {
        /* rounding carried into a new bit */
        mant >>= 1;
        exp++;
        if (exp - BIAS >= (1 << EXP_BITS) - 1) goto overflow;
    }
    if (!(mant & ((uint64_t)1 << MANT_BITS))) exp = BIAS; /* denormal */
    goto out;
overflow:
    mant = 0;
    exp = (1 << EXP_BITS) - 1 + BIAS;
out:;
    uint64_t bits = mant & (((uint64_t)1 << MANT_BITS) - 1);
    bits |= (uint64_t)((exp - BIAS) & ((1 << EXP_BITS) - 1)) << MANT_BITS;
    if (negative) bits |= (uint64_t)1 << 63;
    return bits;
}

double tsig_decimal_to_double(const char *s, size_t len)
{
    decimal a;
    int negative;
    read_number(&a, s, len, &negative);
    uint64_t bits = double_bits(&a, negative);
    double d;
    memcpy(&d, &bits, sizeof d);
    return d;
}

/*
 * The prefix of s that strtod reads when s holds only digits, signs, '.'
 * and 'e'/'E' (what cJSON hands it): [sign] digits [. digits] or . digits,
 * then an exponent only when it has a digit. Its length, 0 when none.
 */
static size_t decimal_prefix(const char *s)
{
    size_t i = 0, digits = 0;
    if (s[i] == '+' || s[i] == '-') i++;
    for (; s[i] >= '0' && s[i] <= '9'; i++) digits++;
    if (s[i] == '.') {
        i++;
        for (; s[i] >= '0' && s[i] <= '9'; i++) digits++;
    }
    if (digits == 0) return 0;
    if (s[i] == 'e' || s[i] == 'E') {
        size_t e = i + 1;
        if (s[e] == '+' || s[e] == '-') e++;
        if (s[e] >= '0' && s[e] <= '9') {
            while (s[e] >= '0' && s[e] <= '9') e++;
            i = e;
        }
    }
    return i;
}

double tsig_strtod(const char *s, char **end)
{
    size_t n = decimal_prefix(s);
    if (end) *end = (char *)(uintptr_t)(s + n);
    if (n == 0) return 0.0;
    /* read_number takes no '+' and needs a digit before '.' no more than
     * strtod does: skip a '+', the rest is read as is */
    size_t at = s[0] == '+' ? 1 : 0;
    return tsig_decimal_to_double(s + at, n - at);
}

/*
 * The shortest digits between the halfway points to the neighbours of the
 * double mant x 2^(exp - MANT_BITS), held exactly in d: Go's
 * strconv.roundShortest. Walks the digits of d, upper and lower bound
 * until d may be cut (rounded down, up, or to nearest when both stay
 * within the bounds). A bound is itself allowed when the mantissa is even
 * (the reader would round a tie to it).
 */
static void round_shortest(decimal *d, uint64_t mant, int exp)
{
    int minexp = BIAS + 1;
    /* already shortest when the next shorter decimal is farther away than
     * the bounds: 10^(dp-nd) > 2^(exp-MANT_BITS) */
    if (exp > minexp && 332 * (d->dp - d->nd) >= 100 * (exp - MANT_BITS)) return;

    decimal upper, lower;
    assign(&upper, mant * 2 + 1);
    shift(&upper, exp - MANT_BITS - 1);
    uint64_t mantlo;
    int explo;
    if (mant > (uint64_t)1 << MANT_BITS || exp == minexp) {
        mantlo = mant - 1;
        explo = exp;
    } else {
        /* a power of two: the lower neighbour is twice as close */
        mantlo = mant * 2 - 1;
        explo = exp - 1;
    }
    assign(&lower, mantlo * 2 + 1);
    shift(&lower, explo - MANT_BITS - 1);
    int inclusive = mant % 2 == 0;

    /* upperdelta: 0 while d and upper agree, 1 after a difference of one
     * followed only by 9s in d and 0s in upper, 2 once rounding up surely
     * stays below upper */
    int upperdelta = 0;
    for (int ui = 0;; ui++) {
        int mi = ui - upper.dp + d->dp;
        if (mi >= d->nd) break;
        int li = ui - upper.dp + lower.dp;
        int l = li >= 0 && li < lower.nd ? lower.d[li] : 0;
        int m = mi >= 0 ? d->d[mi] : 0;
        int u = ui < upper.nd ? upper.d[ui] : 0;
        int okdown = l != m || (inclusive && li + 1 == lower.nd);
        if (upperdelta == 0 && m + 1 < u) upperdelta = 2;
        else if (upperdelta == 0 && m != u) upperdelta = 1;
        else if (upperdelta == 1 && (m != 9 || u != 0)) upperdelta = 2;
        int okup = upperdelta > 0 && (inclusive || upperdelta > 1 || ui + 1 < upper.nd);
        if (okdown && okup) {
            round_nearest(d, mi + 1);
            return;
        }
        if (okdown) {
            round_down(d, mi + 1);
            return;
        }
        if (okup) {
            round_up(d, mi + 1);
            return;
        }
    }
}

size_t tsig_double_digits(double v, char digits[TSIG_DOUBLE_DIGITS], int *point)
{
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    int exp = (int)((bits >> MANT_BITS) & ((1u << EXP_BITS) - 1));
    uint64_t mant = bits & (((uint64_t)1 << MANT_BITS) - 1);
    if (exp == 0 && mant == 0) {
        digits[0] = '0';
        *point = 1;
        return 1;
    }
    if (exp == 0) exp++; /* denormal */
    else mant |= (uint64_t)1 << MANT_BITS;
    exp += BIAS;

    decimal d;
    assign(&d, mant);
    shift(&d, exp - MANT_BITS);
    round_shortest(&d, mant, exp);
    size_t n = 0;
    for (int i = 0; i < d.nd && n < TSIG_DOUBLE_DIGITS; i++) digits[n++] = (char)('0' + d.d[i]);
    *point = d.dp;
    return n;
}

/* ---- exact comparison of JSON numbers (enum values, bounds) ------------ */

/* A JSON number's lexeme read as sign, significant digits (no leading or
 * trailing zeros; none for zero) and the exponent of its first digit:
 * value = 0.DIGITS x 10^point. The digits stay in the text: first/count
 * index its integer and fraction digits as if they were one run. */
typedef struct lexeme {
    const char *s;
    size_t int_start, int_len;   /* digits before "." */
    size_t frac_start, frac_len; /* digits after "." */
    size_t first, count;         /* significant digits, over int then frac */
    long long point;
    int negative;
} lexeme;

/* Digit i of the run int digits then frac digits. */
static char lexeme_digit(const lexeme *x, size_t i)
{
    return i < x->int_len ? x->s[x->int_start + i] : x->s[x->frac_start + i - x->int_len];
}

static void read_lexeme(lexeme *x, const char *s, size_t len)
{
    const long long sat = 1000000000000000LL; /* exponents saturate here */
    size_t i = 0;
    memset(x, 0, sizeof *x);
    x->s = s;
    if (i < len && s[i] == '-') {
        x->negative = 1;
        i++;
    }
    x->int_start = i;
    while (i < len && s[i] >= '0' && s[i] <= '9') i++;
    x->int_len = i - x->int_start;
    if (i < len && s[i] == '.') {
        x->frac_start = ++i;
        while (i < len && s[i] >= '0' && s[i] <= '9') i++;
        x->frac_len = i - x->frac_start;
    }
    long long exp = 0;
    if (i < len && (s[i] == 'e' || s[i] == 'E')) {
        i++;
        int eneg = 0;
        if (i < len && (s[i] == '+' || s[i] == '-')) eneg = s[i++] == '-';
        for (; i < len && s[i] >= '0' && s[i] <= '9'; i++)
            if (exp < sat) exp = exp * 10 + (s[i] - '0');
        if (eneg) exp = -exp;
    }
    size_t total = x->int_len + x->frac_len, lead = 0;
    while (lead < total && lexeme_digit(x, lead) == '0') lead++;
    size_t end = total;
    while (end > lead && lexeme_digit(x, end - 1) == '0') end--;
    x->first = lead;
    x->count = end - lead;
    x->point = (long long)x->int_len - (long long)lead + exp;
}

int tsig_decimal_compare(const char *a, size_t alen, const char *b, size_t blen)
{
    lexeme x, y;
    read_lexeme(&x, a, alen);
    read_lexeme(&y, b, blen);
    int xs = x.count == 0 ? 0 : x.negative ? -1 : 1;
    int ys = y.count == 0 ? 0 : y.negative ? -1 : 1;
    if (xs != ys) return xs < ys ? -1 : 1;
    if (xs == 0) return 0;
    /* Same sign: compare magnitudes, then flip for negatives. */
    int mag = 0;
    if (x.point != y.point) {
        mag = x.point < y.point ? -1 : 1;
    } else {
        size_t n = x.count < y.count ? x.count : y.count;
        for (size_t i = 0; i < n && !mag; i++) {
            char dx = lexeme_digit(&x, x.first + i), dy = lexeme_digit(&y, y.first + i);
            if (dx != dy) mag = dx < dy ? -1 : 1;
        }
        if (!mag && x.count != y.count) mag = x.count < y.count ? -1 : 1;
    }
    return xs < 0 ? -mag : mag;
}
