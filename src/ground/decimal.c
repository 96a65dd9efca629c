/*
 * decimal.c: exact conversions between decimal text and doubles, for the
 * coercions of coerce.c (SPEC §5): the double nearest a JSON number, and
 * the shortest digits that read back as a double (as JavaScript prints it).
 *
 * Their cost follows the digits, with a small constant, across the whole
 * range of doubles (numbers like "1e308" and "4.9e-324" are data a model
 * or a stranger may send by the thousand):
 *   - text to double: exact double arithmetic when the digits and the
 *     power of ten are both exact doubles (Clinger); else the Eisel-Lemire
 *     method, a 64 x 128-bit product with a power of ten (from a small
 *     table, decimal_pow10.h), which settles nearly every number in a few
 *     nanoseconds and says when it cannot; else an exact division of big
 *     integers (at most DIGITS_MAX digits and 10^±1130: a few thousand
 *     word operations, in proportion to the digits).
 *   - double to shortest digits: the free-format algorithm of Steele &
 *     White / Burger & Dybvig on big integers, one digit per step (at most
 *     17 steps on integers of at most 36 words).
 * Results are exact, rounded once, ties to even. Neither long double nor
 * libc is used.
 */
#include "internal.h"

#include <float.h>
#include <stdint.h>
#include <string.h>

#include "decimal_pow10.h"

/* Digits kept; more are only remembered as "truncated" (see decimal).
 * Every halfway point between two doubles has at most 767 significant
 * digits, so a truncated number is on the same side of each. */
#define DIGITS_MAX 800

/* Doubles: 52 stored mantissa bits, 11 exponent bits, bias -1023. */
#define MANT_BITS 52
#define EXP_BITS 11
#define BIAS (-1023)
#define INF_BITS ((uint64_t)0x7FF << MANT_BITS)

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

/* Leading zero bits of v > 0. */
static int leading_zeros(uint64_t v)
{
#if defined(__GNUC__)
    return __builtin_clzll(v);
#else
    int n = 0;
    for (int step = 32; step > 0; step /= 2)
        if (!(v >> (64 - step))) {
            n += step;
            v <<= step;
        }
    return n;
#endif
}

/* ---- big integers ---------------------------------------------------------
 * Little-endian 32-bit words, n of them in use (no leading zero words).
 * BIG_WORDS bounds every value below: at most DIGITS_MAX digits (2,658
 * bits) times a power of two of at most 60 bits, or 5^1130 (2,624 bits)
 * times one; the shortest-digits algorithm stays under 1,300 bits.
 */
#define BIG_WORDS 100

typedef struct big {
    uint32_t w[BIG_WORDS];
    int n;
} big;

static void big_set(big *a, uint64_t v)
{
    a->n = 0;
    while (v) {
        a->w[a->n++] = (uint32_t)v;
        v >>= 32;
    }
}

static int big_bits(const big *a)
{
    if (a->n == 0) return 0;
    return 32 * a->n - (leading_zeros(a->w[a->n - 1]) - 32);
}

/* dst = src (only the words in use). */
static void big_copy(big *dst, const big *src)
{
    dst->n = src->n;
    memcpy(dst->w, src->w, (size_t)src->n * sizeof src->w[0]);
}

/* a = a * m + add. */
static void big_muladd(big *a, uint32_t m, uint32_t add)
{
    uint64_t carry = add;
    for (int i = 0; i < a->n; i++) {
        uint64_t t = (uint64_t)a->w[i] * m + carry;
        a->w[i] = (uint32_t)t;
        carry = t >> 32;
    }
    if (carry) a->w[a->n++] = (uint32_t)carry;
}

/* a *= 5^e (e >= 0), 5^13 at a time (the largest power of 5 in a word). */
static void big_mul_pow5(big *a, int e)
{
    static const uint32_t P5[14] = {1, 5, 25, 125, 625, 3125, 15625, 78125, 390625,
                                    1953125, 9765625, 48828125, 244140625, 1220703125};
    for (; e >= 13; e -= 13) big_muladd(a, P5[13], 0);
    if (e > 0) big_muladd(a, P5[e], 0);
}

/* a <<= k (k >= 0). */
static void big_shl(big *a, int k)
{
    if (a->n == 0 || k == 0) return;
    int words = k / 32, bits = k % 32;
    if (bits) {
        uint32_t carry = 0;
        for (int i = 0; i < a->n; i++) {
            uint32_t w = a->w[i];
            a->w[i] = (w << bits) | carry;
            carry = w >> (32 - bits);
        }
        if (carry) a->w[a->n++] = carry;
    }
    if (words) {
        memmove(a->w + words, a->w, (size_t)a->n * sizeof a->w[0]);
        memset(a->w, 0, (size_t)words * sizeof a->w[0]);
        a->n += words;
    }
}

/* a *= 10^e (e >= 0). */
static void big_mul_pow10(big *a, int e)
{
    big_mul_pow5(a, e);
    big_shl(a, e);
}

static int big_cmp(const big *a, const big *b)
{
    if (a->n != b->n) return a->n < b->n ? -1 : 1;
    for (int i = a->n - 1; i >= 0; i--)
        if (a->w[i] != b->w[i]) return a->w[i] < b->w[i] ? -1 : 1;
    return 0;
}

/* a -= b, with a >= b. */
static void big_sub(big *a, const big *b)
{
    int64_t borrow = 0;
    for (int i = 0; i < a->n; i++) {
        int64_t t = (int64_t)a->w[i] - (i < b->n ? b->w[i] : 0) - borrow;
        borrow = t < 0;
        a->w[i] = (uint32_t)(t + (borrow << 32));
    }
    while (a->n > 0 && a->w[a->n - 1] == 0) a->n--;
}

/* r = a + b. */
static void big_add(big *r, const big *a, const big *b)
{
    const big *x = a->n >= b->n ? a : b, *y = a->n >= b->n ? b : a;
    uint64_t carry = 0;
    for (int i = 0; i < x->n; i++) {
        uint64_t t = (uint64_t)x->w[i] + (i < y->n ? y->w[i] : 0) + carry;
        r->w[i] = (uint32_t)t;
        carry = t >> 32;
    }
    r->n = x->n;
    if (carry) r->w[r->n++] = (uint32_t)carry;
}

/* The 64 bits of a from bit cut up (cut may be negative: shifted left). */
static uint64_t big_top(const big *a, int cut)
{
    if (cut < 0) {
        uint64_t v = 0;
        for (int i = a->n - 1; i >= 0; i--) v = v << 32 | a->w[i];
        return v << -cut;
    }
    int w = cut / 32, b = cut % 32;
    uint64_t v = 0;
    for (int i = w + 2; i >= w; i--) {
        uint64_t word = i < a->n ? a->w[i] : 0;
        if (i == w + 2) v = b ? word << (64 - b) : 0;
        else if (i == w + 1) v |= b ? word << (32 - b) : word << 32;
        else v |= word >> b;
    }
    return v;
}

/* r -= (b x m) << k (the result not negative). */
static void big_submul_shl(big *r, const big *b, uint32_t m, int k, big *tmp)
{
    big_copy(tmp, b);
    big_muladd(tmp, m, 0);
    big_shl(tmp, k);
    big_sub(r, tmp);
}

/* floor(a / b) for a < b * 2^57 (b > 0), and *exact 1 when nothing
 * remains: parts of the quotient estimated from the leading bits (never
 * above, about 30 bits closer each time), so a few passes over the words. */
static uint64_t big_quotient57(const big *a, const big *b, int *exact)
{
    big r, tmp;
    big_copy(&r, a);
    uint64_t q = 0;
    int bb = big_bits(b);
    while (big_cmp(&r, b) >= 0) {
        int rb = big_bits(&r);
        /* r / b > top63(r) / (top32(b) + 1) x 2^(rb - bb - 31) */
        uint64_t est = big_top(&r, rb - 63) / ((big_top(b, bb - 32) & 0xFFFFFFFFu) + 1);
        int sh = rb - bb - 31;
        if (sh < 0) {
            est >>= -sh;
            sh = 0;
        }
        if (est == 0) {
            big_sub(&r, b);
            q++;
            continue;
        }
        big_submul_shl(&r, b, (uint32_t)est, sh, &tmp);
        q += est << sh;
    }
    *exact = r.n == 0;
    return q;
}

/* ---- text to double -------------------------------------------------------- */

/* floor(q * log2(10)) for |q| <= 400 (217706 / 2^16 ~ log2(10)). */
static int floor_log2_pow10(int q)
{
    return q >= 0 ? (217706 * q) >> 16 : -((217706 * -q + 65535) >> 16);
}

/* The high and low words of a * b. */
static void mul64(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo)
{
#if defined(__SIZEOF_INT128__) && !defined(__wasm__)
    /* one instruction on 64-bit machines; wasm has none (a libcall) */
    __extension__ unsigned __int128 p = (unsigned __int128)a * b;
    *hi = (uint64_t)(p >> 64);
    *lo = (uint64_t)p;
#else
    uint64_t al = (uint32_t)a, ah = a >> 32, bl = (uint32_t)b, bh = b >> 32;
    uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
    uint64_t mid = (ll >> 32) + (uint32_t)lh + (uint32_t)hl;
    *lo = (mid << 32) | (uint32_t)ll;
    *hi = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
#endif
}

/* M(q), the 128-bit mantissa of 10^q, as {low, high} (decimal_pow10.h):
 * its base's mantissa times 5^j, the top 128 bits of the product, plus
 * the correction. */
void tsig_pow10_mantissa(int q, uint64_t m[2])
{
    int k = q - POW10_BASE_MIN;
    const uint64_t *b = POW10_BASE[k / POW10_STEP];
    uint64_t f = 1; /* 5^j, j < 28: at most 27 multiplications */
    for (int j = k % POW10_STEP; j > 0; j--) f *= 5;
    uint64_t h1, l1, h0, l0;
    mul64(b[1], f, &h1, &l1);
    mul64(b[0], f, &h0, &l0);
    /* the product in three words p2:p1:l0 */
    uint64_t p1 = l1 + h0, p2 = h1 + (p1 < h0);
    uint64_t hi = p1, lo = l0;
    if (p2) {
        /* f >= 5: shift the top bit of p2 to bit 127 */
        int z = leading_zeros(p2);
        hi = p2 << z | (p1 >> 1) >> (63 - z);
        lo = p1 << z | (l0 >> 1) >> (63 - z);
    }
    int i = q - POW10_MIN;
    uint64_t fix = (uint64_t)(POW10_FIX[i / 4] >> (2 * (i % 4)) & 3);
    m[0] = lo + fix;
    m[1] = hi + (m[0] < fix);
}


/*
 * Eisel-Lemire (as in Go's strconv and Wuffs): the bits of the double
 * nearest man x 10^q (man > 0; pow: the mantissa of 10^q), or 0 when the 128-bit product cannot
 * settle it (a halfway case, a product too close to call, a subnormal or
 * infinite result): the caller then computes exactly.
 */
static int eisel_lemire(uint64_t man, int q, const uint64_t pow[2], uint64_t *bits)
{
    int clz = leading_zeros(man);
    man <<= clz;
    int64_t exp2 = (int64_t)floor_log2_pow10(q) + 64 - BIAS - clz;
    uint64_t xhi, xlo;
    mul64(man, pow[1], &xhi, &xlo);
    if ((xhi & 0x1FF) == 0x1FF && xlo + man < man) {
        /* the low half of the power could carry into the bits kept */
        uint64_t yhi, ylo;
        mul64(man, pow[0], &yhi, &ylo);
        uint64_t mhi = xhi, mlo = xlo + yhi;
        if (mlo < xlo) mhi++;
        if ((mhi & 0x1FF) == 0x1FF && mlo + 1 == 0 && ylo + man < man) return 0;
        xhi = mhi;
        xlo = mlo;
    }
    uint64_t msb = xhi >> 63;
    uint64_t mant = xhi >> (msb + 9);
    exp2 -= (int64_t)(1 ^ msb);
    if (xlo == 0 && (xhi & 0x1FF) == 0 && (mant & 3) == 1) return 0; /* halfway */
    mant += mant & 1;
    mant >>= 1;
    if (mant >> 53) {
        mant >>= 1;
        exp2++;
    }
    if (exp2 <= 0 || exp2 >= 0x7FF) return 0;
    *bits = (uint64_t)exp2 << MANT_BITS | (mant & (((uint64_t)1 << MANT_BITS) - 1));
    return 1;
}

/*
 * The bits of the double nearest a, exactly: a's digits N and 10^e (e =
 * dp - nd) as N x 5^e / 1 or N / 5^-e, times 2^e; the quotient is taken to
 * 55-57 bits at the exponent that gives a double its 53 (fewer below the
 * normal range) and one to round with; what remains, or digits dropped
 * (trunc), decide a tie.
 */
static uint64_t exact_bits(const decimal *a)
{
    big num, den;
    num.n = 0;
    for (int i = 0; i < a->nd;) {
        uint32_t chunk = 0, scale = 1;
        for (int k = 0; k < 9 && i < a->nd; k++, i++) {
            chunk = chunk * 10 + a->d[i];
            scale *= 10;
        }
        big_muladd(&num, scale, chunk);
    }
    int e = a->dp - a->nd;
    big_set(&den, 1);
    if (e >= 0) big_mul_pow5(&num, e);
    else big_mul_pow5(&den, -e);
    /* value = num / den x 2^e, in (2^(l-1), 2^(l+1)) */
    int l = big_bits(&num) - big_bits(&den) + e;
    int exp = l - 56; /* the quotient num/den x 2^(e-exp) is in (2^55, 2^57) */
    if (exp < BIAS - MANT_BITS) exp = BIAS - MANT_BITS; /* 2^-1075: subnormals */
    if (e - exp >= 0) big_shl(&num, e - exp);
    else big_shl(&den, exp - e);
    int exact;
    uint64_t q = big_quotient57(&num, &den, &exact);
    int sticky = !exact || a->trunc;
    while (q >> 54) {
        sticky |= (int)(q & 1);
        q >>= 1;
        exp++;
    }
    /* q: the mantissa then one bit to round with; the double is m x 2^(exp+1) */
    uint64_t m = q >> 1;
    if ((q & 1) && (sticky || (m & 1))) m++;
    exp++;
    if (m >> 53) {
        m >>= 1;
        exp++;
    }
    if (!(m >> MANT_BITS)) return m; /* subnormal (exp is -1074), or zero */
    int biased = exp + MANT_BITS - BIAS;
    if (biased >= 0x7FF) return INF_BITS;
    return (uint64_t)biased << MANT_BITS | (m & (((uint64_t)1 << MANT_BITS) - 1));
}

/* The bits of the double nearest a (its magnitude). */
static uint64_t double_bits(const decimal *a)
{
    if (a->nd == 0 || a->dp < -330) return 0; /* below half the least subnormal */
    if (a->dp > 310) return INF_BITS;
    int n = a->nd < 19 ? a->nd : 19;
    uint64_t w = 0;
    for (int i = 0; i < n; i++) w = w * 10 + a->d[i];
    int q = a->dp - n;
    int whole = n == a->nd && !a->trunc; /* w holds every digit */
#if FLT_EVAL_METHOD == 0
    /* Clinger: w and 10^|q| exact doubles, so one rounding, in the
     * operation itself */
    static const double P10[23] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                   1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                   1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    if (whole && w < (uint64_t)1 << 53 && q >= -22 && q <= 22) {
        double d = (double)w;
        d = q < 0 ? d / P10[-q] : d * P10[q];
        uint64_t bits;
        memcpy(&bits, &d, sizeof bits);
        return bits;
    }
#endif
    uint64_t bits, upper;
    /* more digits than w holds: the value is in [w, w + 1) x 10^q, so
     * both ends giving one double settle it */
    uint64_t pow[2];
    if (q < POW10_MIN || q > POW10_MAX) return exact_bits(a);
    tsig_pow10_mantissa(q, pow);
    if (eisel_lemire(w, q, pow, &bits) &&
        (whole || (eisel_lemire(w + 1, q, pow, &upper) && upper == bits)))
        return bits;
    return exact_bits(a);
}

double tsig_decimal_to_double(const char *s, size_t len)
{
    decimal a;
    int negative;
    read_number(&a, s, len, &negative);
    uint64_t bits = double_bits(&a);
    if (negative) bits |= (uint64_t)1 << 63;
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

/* ---- double to shortest digits ------------------------------------------- */

/* r -= d * s and returns d, for the digit d = floor(r / s) (r < 10 s):
 * estimated from the leading words, low by at most one, then fixed. */
static unsigned next_digit(big *r, const big *s)
{
    int sb = big_bits(s), cut = sb > 32 ? sb - 32 : 0;
    unsigned d = (unsigned)(big_top(r, cut) / (big_top(s, cut) + 1));
    if (d) {
        /* r -= d * s, in one pass */
        uint64_t carry = 0;
        int64_t borrow = 0;
        for (int i = 0; i < r->n; i++) {
            uint64_t t = (i < s->n ? (uint64_t)s->w[i] * d : 0) + carry;
            carry = t >> 32;
            int64_t x = (int64_t)r->w[i] - (int64_t)(uint32_t)t - borrow;
            borrow = x < 0;
            r->w[i] = (uint32_t)(x + (borrow << 32));
        }
        while (r->n > 0 && r->w[r->n - 1] == 0) r->n--;
    }
    while (big_cmp(r, s) >= 0) {
        big_sub(r, s);
        d++;
    }
    return d;
}

/* The shortest digits of v (v > 0), exactly: Steele & White / Burger &
 * Dybvig on big integers, one digit per step. */
static size_t exact_digits(double v, char digits[TSIG_DOUBLE_DIGITS], int *point)
{
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    int biased = (int)((bits >> MANT_BITS) & ((1u << EXP_BITS) - 1));
    uint64_t f = bits & (((uint64_t)1 << MANT_BITS) - 1);
    int e; /* v = f x 2^e */
    if (biased == 0) {
        e = BIAS + 1 - MANT_BITS;
    } else {
        f |= (uint64_t)1 << MANT_BITS;
        e = biased + BIAS - MANT_BITS;
    }
    /* v = r / s; the halfway points to the neighbours are v + mp / s and
     * v - mm / s (mm half of mp below a power of two, where the lower
     * neighbour is twice as close); a bound itself is allowed when f is
     * even (a reader rounds the tie to it) */
    int even = (f & 1) == 0;
    int unequal = f == (uint64_t)1 << MANT_BITS && biased > 1;
    big r, s, mp, mm_own, *mm = unequal ? &mm_own : &mp;
    big_set(&r, f);
    big_set(&s, 1);
    big_set(&mp, 1);
    big_set(mm, 1);
    if (e >= 0) {
        big_shl(&r, e + 1 + unequal);
        big_shl(&s, 1 + unequal);
        big_shl(&mp, e + unequal);
        if (unequal) big_shl(mm, e);
    } else {
        big_shl(&r, 1 + unequal);
        big_shl(&s, 1 + unequal - e);
        big_shl(&mp, unequal);
    }
    /* k: the decimal exponent, with 10^(k-1) <= v + mp/s < 10^k (or <= when
     * the upper bound is allowed); first a bound from below, floor(lg x
     * log10(2)) for lg = floor(log2 v) (78913 / 2^18 is log10(2) less
     * 8e-7, so never above), at most two low, then raised */
    int lg = e + 63 - leading_zeros(f);
    int k = lg >= 0 ? lg * 78913 / 262144 : -((-lg * 78913 + 262143) / 262144);
    if (k >= 0) {
        big_mul_pow10(&s, k);
    } else {
        /* v < 1 (so e < 0): r, mp and mm are f x 2^(1+unequal), 2^unequal
         * and 1 times p = 10^-k, made once */
        big p;
        big_set(&p, 1);
        big_mul_pow10(&p, -k);
        r = p;
        big_muladd(&r, (uint32_t)f, 0);
        if (f >> 32) {
            big hi = p;
            big_muladd(&hi, (uint32_t)(f >> 32), 0);
            big_shl(&hi, 32);
            big_add(&r, &r, &hi);
        }
        big_shl(&r, 1 + unequal);
        mp = p;
        big_shl(&mp, unequal);
        if (unequal) *mm = p;
    }
    big high;
    for (;;) {
        big_add(&high, &r, &mp);
        int c = big_cmp(&high, &s);
        if (c < 0 || (c == 0 && !even)) break;
        big_muladd(&s, 10, 0);
        k++;
    }
    size_t n = 0;
    for (;;) {
        big_muladd(&r, 10, 0);
        big_muladd(&mp, 10, 0);
        if (unequal) big_muladd(mm, 10, 0);
        unsigned d = next_digit(&r, &s);
        int cl = big_cmp(&r, mm);
        big_add(&high, &r, &mp);
        int ch = big_cmp(&high, &s);
        int low = cl < 0 || (cl == 0 && even);   /* d stays within the bounds */
        int up = ch > 0 || (ch == 0 && even);    /* so does d + 1 */
        if (!low && !up && n + 1 < TSIG_DOUBLE_DIGITS) {
            digits[n++] = (char)('0' + d);
            continue;
        }
        if (low && up) {
            /* both: the nearer, ties to the even digit */
            big twice = r;
            big_shl(&twice, 1);
            int c = big_cmp(&twice, &s);
            if (c > 0 || (c == 0 && d % 2 == 1)) d++;
        } else if (up) {
            d++;
        }
        digits[n++] = (char)('0' + d);
        break;
    }
    *point = k;
    return n;
}

/*
 * The fast way to the same digits. x = v x 10^(17-k), with 10^(k-1) <= v <
 * 10^k, is a number of 17 integer digits; it and the halfway points to
 * v's neighbours are taken in 64.64 fixed point from the 128-bit powers of
 * ten (each at most 2^-63 below the true value). The fewest digits p that
 * put a multiple c x 10^(17-p) between the halfway points are found by
 * bisection (some p digits do, then p + 1 do), c being one of the two
 * multiples next to x, the nearer when both are. Any comparison closer
 * than the error is left to exact_digits (exact ties, halfway points with
 * short decimals, powers of ten): 0 is returned.
 */
typedef struct fixed128 {
    uint64_t hi, lo; /* integer part, fraction (units of 2^-64) */
} fixed128;

/* m x 2^e2 x 10^q as 64.64 fixed point (m < 2^56), at most 2 units low,
 * pow being the mantissa of 10^q; 0 when the integer part would not fit. */
static int scaled(uint64_t m, int e2, int q, const uint64_t pow[2], fixed128 *out)
{
    uint64_t h0, l0, h1, l1;
    mul64(m, pow[0], &h0, &l0);
    mul64(m, pow[1], &h1, &l1);
    /* P = m x T in three words p2:p1:p0 */
    uint64_t p0 = l0, p1 = h0 + l1, p2 = h1 + (p1 < h0);
    /* x = P x 2^(e2 + floor(q log2 10) - 127): drop s - 64 bits to keep
     * 64 fractional ones */
    int s = 127 - e2 - floor_log2_pow10(q) - 64;
    if (s <= 0 || s >= 128) return 0;
    if (s >= 64) {
        p0 = p1;
        p1 = p2;
        p2 = 0;
        s -= 64;
    }
    if (s > 0) {
        p0 = p0 >> s | p1 << (64 - s);
        p1 = p1 >> s | p2 << (64 - s);
        p2 >>= s;
    }
    if (p2) return 0;
    out->hi = p1;
    out->lo = p0;
    return 1;
}

/* Where the integer a lies against a number known as [b, b + slack
 * units]: -1 below, 1 above, 0 too close to tell. */
static int side(uint64_t a, const fixed128 *b, uint64_t slack)
{
    if (a < b->hi || (a == b->hi && b->lo > 0)) return -1;
    /* a x 2^64 - b, at least 0 */
    uint64_t hi = a - b->hi, lo = 0 - b->lo;
    if (b->lo) hi--;
    return hi > 0 || lo > slack ? 1 : 0;
}

static const uint64_t POW10_U64[18] = {
    1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000,
    1000000000, 10000000000, 100000000000, 1000000000000, 10000000000000,
    100000000000000, 1000000000000000, 10000000000000000, 100000000000000000};

/* Whether p digits reach between the bounds: 1 with *c, 0 not, -1 too
 * close to tell. */
static int digits_fit(int p, const fixed128 *x, const fixed128 *lower, const fixed128 *upper,
                      uint64_t *c)
{
    uint64_t d = POW10_U64[17 - p];
    uint64_t below = x->hi / d;
    int fits[2];
    for (int i = 0; i < 2; i++) {
        uint64_t at = (below + (uint64_t)i) * d;
        int lo = side(at, lower, 2), up = side(at, upper, 2);
        if (lo == 0 || up == 0) return -1;
        fits[i] = lo > 0 && up < 0;
    }
    if (fits[0] && fits[1]) {
        /* the nearer: 2x against (2 below + 1) d */
        fixed128 twice = {x->hi << 1 | x->lo >> 63, x->lo << 1};
        int c2 = side((2 * below + 1) * d, &twice, 4);
        if (c2 == 0) return -1;
        *c = c2 > 0 ? below : below + 1;
        return 1;
    }
    if (!fits[0] && !fits[1]) return 0;
    *c = fits[0] ? below : below + 1;
    return 1;
}

static size_t fast_digits(double v, char digits[TSIG_DOUBLE_DIGITS], int *point)
{
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    int biased = (int)((bits >> MANT_BITS) & ((1u << EXP_BITS) - 1));
    uint64_t f = bits & (((uint64_t)1 << MANT_BITS) - 1);
    int e;
    if (biased == 0) {
        e = BIAS + 1 - MANT_BITS;
    } else {
        f |= (uint64_t)1 << MANT_BITS;
        e = biased + BIAS - MANT_BITS;
    }
    int unequal = f == (uint64_t)1 << MANT_BITS && biased > 1;
    int lg = e + 63 - leading_zeros(f);
    int k = (lg >= 0 ? lg * 78913 / 262144 : -((-lg * 78913 + 262143) / 262144)) + 1;
    fixed128 x, lower, upper;
    uint64_t pow[2];
    for (;;) {
        int q = 17 - k;
        if (q < POW10_MIN || q > POW10_MAX) return 0;
        tsig_pow10_mantissa(q, pow);
        if (!scaled(4 * f, e - 2, q, pow, &x)) return 0;
        if (x.hi < POW10_U64[17] - 1) break;
        if (x.hi == POW10_U64[17] - 1) return 0; /* at 10^17, too close to tell */
        k++;
    }
    if (x.hi < POW10_U64[16]) return 0;
    if (!scaled(4 * f + 2, e - 2, 17 - k, pow, &upper) ||
        !scaled(4 * f - 2 + (uint64_t)unequal, e - 2, 17 - k, pow, &lower))
        return 0;
    int lo = 1, hi = 17;
    uint64_t c = 0;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        int r = digits_fit(mid, &x, &lower, &upper, &c);
        if (r < 0) return 0;
        if (r) hi = mid;
        else lo = mid + 1;
    }
    if (digits_fit(lo, &x, &lower, &upper, &c) != 1) return 0;
    char buf[24];
    int n = 0;
    for (uint64_t t = c; t; t /= 10) buf[n++] = (char)('0' + t % 10);
    *point = k + (n - lo);
    while (n > 1 && buf[0] == '0') {
        memmove(buf, buf + 1, (size_t)--n);
    }
    if (n > TSIG_DOUBLE_DIGITS) return 0;
    for (int i = 0; i < n; i++) digits[i] = buf[n - 1 - i];
    return (size_t)n;
}

size_t tsig_double_digits(double v, char digits[TSIG_DOUBLE_DIGITS], int *point)
{
    if (v == 0) {
        digits[0] = '0';
        *point = 1;
        return 1;
    }
    size_t n = fast_digits(v, digits, point);
    return n ? n : exact_digits(v, digits, point);
}

/* ---- exact comparison of JSON numbers (enum values, bounds) ------------ */

/* A JSON number's lexeme read as sign, significant digits (no leading or
 * trailing zeros; none for zero) and the exponent of its first digit:
 * value = 0.DIGITS x 10^point, point = EXP + shift, where EXP is the
 * exponent as written (digits kept in the text, never saturated) and
 * shift is int_len - leading zeros (bounded by the text's length). The
 * digits stay in the text: first/count index its integer and fraction
 * digits as if they were one run. */
typedef struct lexeme {
    const char *s;
    size_t int_start, int_len;   /* digits before "." */
    size_t frac_start, frac_len; /* digits after "." */
    size_t first, count;         /* significant digits, over int then frac */
    size_t exp_start, exp_len;   /* the exponent's digits (none: 0) */
    int exp_negative;
    long long shift;
    int negative;
} lexeme;

/* Digit i of the run int digits then frac digits. */
static char lexeme_digit(const lexeme *x, size_t i)
{
    return i < x->int_len ? x->s[x->int_start + i] : x->s[x->frac_start + i - x->int_len];
}

static void read_lexeme(lexeme *x, const char *s, size_t len)
{
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
    if (i < len && (s[i] == 'e' || s[i] == 'E')) {
        i++;
        if (i < len && (s[i] == '+' || s[i] == '-')) x->exp_negative = s[i++] == '-';
        while (i < len && s[i] == '0') i++; /* leading zeros say nothing */
        x->exp_start = i;
        while (i < len && s[i] >= '0' && s[i] <= '9') i++;
        x->exp_len = i - x->exp_start;
    }
    size_t total = x->int_len + x->frac_len, lead = 0;
    while (lead < total && lexeme_digit(x, lead) == '0') lead++;
    size_t end = total;
    while (end > lead && lexeme_digit(x, end - 1) == '0') end--;
    x->first = lead;
    x->count = end - lead;
    x->shift = (long long)x->int_len - (long long)lead;
}

/* Digit k (from the last) of x's exponent, 0 beyond its first. */
static int exp_digit(const lexeme *x, size_t k)
{
    return k < x->exp_len ? x->s[x->exp_start + x->exp_len - 1 - k] - '0' : 0;
}

/* The sign of x's point minus y's, exactly: (+-EXPx) - (+-EXPy) + (shift
 * difference), one pass over the exponents' digits from the last, the
 * shift difference entering as the first carry (a digit then stays in
 * 0..9 and the carry shrinks tenfold per digit). */
static int point_compare(const lexeme *x, const lexeme *y)
{
    int sx = x->exp_negative ? -1 : 1, sy = y->exp_negative ? -1 : 1;
    long long carry = x->shift - y->shift;
    size_t n = x->exp_len > y->exp_len ? x->exp_len : y->exp_len;
    int nonzero = 0;
    for (size_t k = 0; k < n; k++) {
        long long val = sx * exp_digit(x, k) - sy * exp_digit(y, k) + carry;
        long long d = ((val % 10) + 10) % 10;
        carry = (val - d) / 10;
        nonzero |= d != 0;
    }
    if (carry) return carry < 0 ? -1 : 1;
    return nonzero;
}

/* Points beyond this (either way) are only ever compared with the
 * numbers' own lengths: 2^62, far past any text's length. */
#define POINT_FAR (1LL << 62)

/* x's point when it is within +-POINT_FAR, else +-POINT_FAR. */
static long long point_of(const lexeme *x)
{
    if (x->exp_len > 18) return x->exp_negative ? -POINT_FAR : POINT_FAR;
    long long e = 0;
    for (size_t k = 0; k < x->exp_len; k++) e = e * 10 + (x->s[x->exp_start + k] - '0');
    long long p = (x->exp_negative ? -e : e) + x->shift;
    return p > POINT_FAR ? POINT_FAR : p < -POINT_FAR ? -POINT_FAR : p;
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
    int mag = point_compare(&x, &y);
    if (!mag) {
        size_t n = x.count < y.count ? x.count : y.count;
        for (size_t i = 0; i < n && !mag; i++) {
            char dx = lexeme_digit(&x, x.first + i), dy = lexeme_digit(&y, y.first + i);
            if (dx != dy) mag = dx < dy ? -1 : 1;
        }
        if (!mag && x.count != y.count) mag = x.count < y.count ? -1 : 1;
    }
    return xs < 0 ? -mag : mag;
}

/* See internal.h. The point of a short exponent is exact in a long long
 * (|EXP| < 10^18, |shift| <= the text's length); a longer exponent (at
 * least 10^18, no leading zeros) takes the shift digit by digit from its
 * last digit, as point_compare does: the shift is far smaller, so the
 * sum keeps the exponent's sign. */
void tsig_decimal_key(tsig_strbuf *sb, const char *s, size_t len)
{
    lexeme x;
    read_lexeme(&x, s, len);
    if (x.count == 0) {
        tsig_sb_putc(sb, '0');
        return;
    }
    if (x.negative) tsig_sb_putc(sb, '-');
    for (size_t i = 0; i < x.count; i++) tsig_sb_putc(sb, lexeme_digit(&x, x.first + i));
    tsig_sb_putc(sb, 'e');
    if (x.exp_len <= 18) {
        long long e = 0;
        for (size_t k = 0; k < x.exp_len; k++) e = e * 10 + (x.s[x.exp_start + k] - '0');
        tsig_sb_printf(sb, "%lld", (x.exp_negative ? -e : e) + x.shift);
        return;
    }
    /* |EXP| + shift (EXP > 0) or |EXP| - shift (EXP < 0), reversed. */
    if (x.exp_negative) tsig_sb_putc(sb, '-');
    size_t at = sb->len;
    long long carry = x.exp_negative ? -x.shift : x.shift;
    for (size_t k = 0; k < x.exp_len || carry; k++) {
        long long val = exp_digit(&x, k) + carry;
        long long d = ((val % 10) + 10) % 10;
        carry = (val - d) / 10;
        tsig_sb_putc(sb, (char)('0' + d));
    }
    if (sb->failed) return;
    while (sb->len > at + 1 && sb->data[sb->len - 1] == '0') sb->len--; /* leading zeros */
    for (size_t i = at, j = sb->len - 1; i < j; i++, j--) {
        char c = sb->data[i];
        sb->data[i] = sb->data[j];
        sb->data[j] = c;
    }
    sb->data[sb->len] = '\0';
}

/* ---- integers between two numbers (refinements of :int and lengths) ---- */

/* 1 when x (point p) is a whole number: no significant digit after the
 * point. */
static int lexeme_whole(const lexeme *x, long long p)
{
    return x->count == 0 || (long long)x->count <= p;
}

/* The digit of |x| (point p) at 10^k (k >= 0). */
static int digit_at(const lexeme *x, long long p, long long k)
{
    long long i = p - 1 - k;
    if (i < 0 || i >= (long long)x->count) return 0;
    return lexeme_digit(x, x->first + (size_t)i) - '0';
}

/*
 * floor(hi) - floor(lo), clamped to 2 above (lo < hi, both points at most
 * top - 1, so the whole parts have their digits at 10^0..10^top): the sum
 * +-whole(|hi|) -+ whole(|lo|) + c (c: the floors of negative numbers with
 * a fraction), digit by digit from the units with a carry.
 */
static long long floor_gap(const lexeme *lo, long long plo, const lexeme *hi, long long phi,
                           long long top)
{
    int shi = hi->negative ? -1 : 1, slo = lo->negative ? -1 : 1;
    long long carry = 0;
    if (hi->negative && !lexeme_whole(hi, phi)) carry--; /* floor(-2.5) = -3 */
    if (lo->negative && !lexeme_whole(lo, plo)) carry++;
    int units = 0, higher = 0;
    for (long long k = 0; k <= top; k++) {
        long long val = shi * digit_at(hi, phi, k) - slo * digit_at(lo, plo, k) + carry;
        long long d = ((val % 10) + 10) % 10;
        carry = (val - d) / 10;
        if (k == 0) units = (int)d;
        else higher |= d != 0;
    }
    if (carry) return carry < 0 ? -1 : 2;
    return higher ? 2 : units;
}

int tsig_decimal_no_integer(const char *lo, size_t lo_len, int lo_exclusive, const char *hi,
                            size_t hi_len, int hi_exclusive)
{
    int c = tsig_decimal_compare(lo, lo_len, hi, hi_len);
    if (c > 0) return 1;
    lexeme x, y;
    read_lexeme(&x, lo, lo_len);
    read_lexeme(&y, hi, hi_len);
    long long px = point_of(&x), py = point_of(&y);
    if (c == 0) return !(lexeme_whole(&x, px) && !lo_exclusive && !hi_exclusive);
    /* lo < hi. Beyond 10^top one of them is at least 10^top in size, so
     * they are at least 3 apart (two integers multiples of 10, or of
     * sizes 10^(top-1) and 10^top at least): an integer lies between. */
    long long top = (long long)x.count + (long long)y.count + 2;
    if ((x.count && px > top) || (y.count && py > top)) return 0;
    /* The integers admitted run from floor(lo) + s to floor(hi) - e. */
    int s = lexeme_whole(&x, px) && !lo_exclusive ? 0 : 1;
    int e = lexeme_whole(&y, py) && hi_exclusive ? 1 : 0;
    return floor_gap(&x, px, &y, py, top) < s + e;
}
