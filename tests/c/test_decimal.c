/*
 * test_decimal.c: decimal.c against the C library (glibc rounds both
 * directions correctly): the nearest double of decimal text, the shortest
 * digits of a double, and the strtod that cJSON uses in the wasm build.
 * Fixed cases at the edges of the double range, then pseudo-random ones
 * from a fixed seed (the same every run).
 */
#define _POSIX_C_SOURCE 199309L

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "harness.h"
#include "internal.h"
#include "pow10_reference.h"

static uint64_t rng_state = 0x9E3779B97F4A7C15u;

/* xorshift64*: deterministic, good enough to spread bits. */
static uint64_t next_random(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545F4914F6CDD1Du;
}

static uint64_t bits_of(double d)
{
    uint64_t b;
    memcpy(&b, &d, sizeof b);
    return b;
}

static double double_of(uint64_t b)
{
    double d;
    memcpy(&d, &b, sizeof d);
    return d;
}

/* tsig_decimal_to_double(text) has the bits of strtod(text). */
static int same_as_strtod(const char *text)
{
    double want = strtod(text, NULL);
    double got = tsig_decimal_to_double(text, strlen(text));
    if (bits_of(got) == bits_of(want)) return 1;
    tsig_test_fail(__FILE__, __LINE__, "decimal_to_double(%s): got %.17g, want %.17g", text, got, want);
    return 0;
}

/* The mantissas computed from a few bases and corrections are, for every
 * power of ten in range, those of the full table. */
TEST(every_power_of_ten_has_the_mantissa_of_the_full_table)
{
    for (int q = REF_POW10_MIN; q <= REF_POW10_MAX; q++) {
        uint64_t m[2];
        tsig_pow10_mantissa(q, m);
        const uint64_t *want = REF_POW10[q - REF_POW10_MIN];
        if (m[0] != want[0] || m[1] != want[1])
            tsig_test_fail(__FILE__, __LINE__, "mantissa of 1e%d: got %016llx%016llx, want %016llx%016llx",
                           q, (unsigned long long)m[1], (unsigned long long)m[0],
                           (unsigned long long)want[1], (unsigned long long)want[0]);
    }
}

TEST(nearest_double_of_decimal_text_at_the_edges)
{
    const char *cases[] = {
        "0", "-0", "0.0", "0e5", "1", "-1", "0.1", "0.5", "3.14", "42", "1e21", "1e-7",
        "123456789012345678901", "9007199254740993", "9007199254740995",
        "1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308",
        "1.8e308", "1e400", "-1e309",
        "2.2250738585072014e-308", "2.2250738585072011e-308", "4.9406564584124654e-324",
        "2.4703282292062327e-324", "2.4703282292062328e-324", "1e-400",
        "2.47032822920623272088284396434110686182529901307162382212792841250337753635104375932649918180817996189898282347722858865463328355177969898199387398005390939063150356595155702263922908583924491051844359318028499365361525003193704576782492193656236698636584807570015857692699037063119282795585513329278343384093519780155312465972635795746227664652728272200563740064854999770965994704540208281662262378573934507363390079677619305775067401763246736009689513405355374585166611342237666786041621596804619144672918403005300575308490487653917113865916462395249126236538818796362393732804238910186723484976682350898633885879256283027559956575244555072551893136908362547791869486679949683240497058210285131854513962138377228261454376934125320985913276672363281255e-324",
        "0.000000000000000000000000000000000000000000000000000000000000000000000000001",
        "1000000000000000000000000000000000000000000000000000000000000000000000000000",
        "8.98846567431158e307", "5e-324", "1e23", "8.589973e9", "4.35679e-318",
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) same_as_strtod(cases[i]);
}

/* The digits of 5^1075: 2^-1075, half the least denormal, is that times
 * 10^-1075. Written into text (room for 800 digits), returns the length. */
static size_t five_to_1075(char *text)
{
    unsigned char d[800] = {1}; /* little-endian decimal digits */
    size_t n = 1;
    for (int i = 0; i < 1075; i++) {
        int carry = 0;
        for (size_t k = 0; k < n; k++) {
            int v = d[k] * 5 + carry;
            d[k] = (unsigned char)(v % 10);
            carry = v / 10;
        }
        if (carry) d[n++] = (unsigned char)carry;
    }
    for (size_t k = 0; k < n; k++) text[k] = (char)('0' + d[n - 1 - k]);
    return n;
}

TEST(a_tie_decided_by_a_digit_past_800)
{
    /* exactly half the least denormal: a tie, to even (zero); a 1 far
     * past the 800 digits kept makes it round up */
    char text[1000];
    size_t n = five_to_1075(text);
    snprintf(text + n, sizeof text - n, "e-1075");
    CHECK(tsig_decimal_to_double(text, strlen(text)) == 0.0);
    same_as_strtod(text);
    memset(text + n, '0', 100);
    snprintf(text + n + 100, sizeof text - n - 100, "1e-1176");
    CHECK(tsig_decimal_to_double(text, strlen(text)) == DBL_TRUE_MIN);
    same_as_strtod(text);
}

TEST(digits_past_800_still_place_the_point)
{
    /* 1 and 2000 zeros, times 10^-2000; and 0.(2000 zeros)1 times 10^2001 */
    char text[2100];
    text[0] = '1';
    memset(text + 1, '0', 2000);
    snprintf(text + 2001, sizeof text - 2001, "e-2000");
    CHECK(tsig_decimal_to_double(text, strlen(text)) == 1.0);
    memcpy(text, "0.", 2);
    memset(text + 2, '0', 2000);
    snprintf(text + 2002, sizeof text - 2002, "1e2001");
    CHECK(tsig_decimal_to_double(text, strlen(text)) == 1.0);
}

TEST(nearest_double_of_random_decimal_text)
{
    char text[900];
    for (int i = 0; i < 20000; i++) {
        /* 1 to 40 digits (sometimes 800+), a point somewhere, an exponent */
        uint64_t r = next_random();
        int digits = i % 50 == 0 ? 790 + (int)(r % 30) : 1 + (int)(r % 40);
        int point = (int)((r >> 8) % (uint64_t)(digits + 1));
        int exp = (int)((r >> 20) % 700) - 350;
        size_t n = 0;
        if (r >> 63) text[n++] = '-';
        for (int k = 0; k < digits; k++) {
            if (k == point && k > 0) text[n++] = '.';
            text[n++] = (char)('0' + (k == 0 ? 1 + next_random() % 9 : next_random() % 10));
        }
        n += (size_t)snprintf(text + n, sizeof text - n, "e%d", exp);
        if (!same_as_strtod(text)) break;
    }
}

TEST(nearest_double_of_printed_doubles)
{
    char text[64];
    for (int i = 0; i < 20000; i++) {
        double d = double_of(next_random() & ~((uint64_t)1 << 63));
        if (!isfinite(d)) continue;
        for (int p = 1; p <= 17; p += 4) {
            snprintf(text, sizeof text, "%.*e", p - 1, d);
            if (!same_as_strtod(text)) return;
        }
    }
}

/* The digits of tsig_double_digits as text "0.DIGITSe<point>". */
static void digits_text(double d, char *text, size_t size, size_t *count)
{
    char digits[TSIG_DOUBLE_DIGITS];
    int point;
    *count = tsig_double_digits(d, digits, &point);
    snprintf(text, size, "0.%.*se%d", (int)*count, digits, point);
}

/*
 * tsig_double_digits(d) reads back as d, no shorter text does (neither
 * neighbour of d at one digit less reads back as d), and when the
 * correctly rounded text of the same length reads back, it is that one.
 */
static int shortest_and_closest(double d)
{
    char got[64], text[64];
    size_t count;
    digits_text(d, got, sizeof got, &count);
    if (strtod(got, NULL) != d) {
        tsig_test_fail(__FILE__, __LINE__, "%.17g: %s does not read back", d, got);
        return 0;
    }
    if (count > 1) {
        /* the two (count-1)-digit neighbours of d: truncated, and one more */
        snprintf(text, sizeof text, "%.*e", 40, d);
        char lo[96], hi[96]; /* room for 62 digits, a sign, "e" and an exponent */
        int e = atoi(strchr(text, 'e') + 1);
        char mant[64];
        size_t m = 0;
        for (const char *p = text; *p != 'e'; p++)
            if (*p >= '0' && *p <= '9') mant[m++] = *p;
        mant[count - 1] = '\0';
        snprintf(lo, sizeof lo, "%c.%se%d", mant[0], mant + 1, e);
        unsigned long long up = strtoull(mant, NULL, 10) + 1;
        int up_len = snprintf(hi, sizeof hi, "%llu", up);
        snprintf(hi + up_len, sizeof hi - (size_t)up_len, "e%d", e - (int)count + 2);
        if (strtod(lo, NULL) == d || strtod(hi, NULL) == d) {
            tsig_test_fail(__FILE__, __LINE__, "%.17g: %s is not the shortest (%s / %s)", d, got, lo, hi);
            return 0;
        }
    }
    snprintf(text, sizeof text, "%.*e", (int)count - 1, d);
    if (strtod(text, NULL) == d && strtod(text, NULL) == strtod(got, NULL)) {
        char want[64];
        size_t n = 0;
        for (const char *p = text; *p != 'e'; p++)
            if (*p >= '0' && *p <= '9') want[n++] = *p;
        want[n] = '\0';
        if (strncmp(got + 2, want, n) != 0) {
            tsig_test_fail(__FILE__, __LINE__, "%.17g: %s, but %s is closer", d, got, text);
            return 0;
        }
    }
    return 1;
}

TEST(shortest_digits_at_the_edges)
{
    char text[64];
    size_t count;
    digits_text(0.0, text, sizeof text, &count);
    CHECK_STR(text, "0.0e1");
    digits_text(3.14, text, sizeof text, &count);
    CHECK_STR(text, "0.314e1");
    digits_text(1e21, text, sizeof text, &count);
    CHECK_STR(text, "0.1e22");
    digits_text(1e23, text, sizeof text, &count);
    CHECK_STR(text, "0.1e24");
    digits_text(5e-324, text, sizeof text, &count);
    CHECK_STR(text, "0.5e-323");
    digits_text(DBL_MAX, text, sizeof text, &count);
    CHECK_STR(text, "0.17976931348623157e309");
    digits_text(-0.1, text, sizeof text, &count);
    CHECK_STR(text, "0.1e0");
    double edges[] = {DBL_MIN, DBL_MAX, DBL_TRUE_MIN, 1.0, 2.0, 0.3, 2.0 / 3.0, 9007199254740992.0,
                      1.0 / 1024, 123456789012345680000.0, 4.35679e-318, 8.98846567431158e307};
    for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++) shortest_and_closest(edges[i]);
}

TEST(shortest_digits_of_random_doubles)
{
    for (int i = 0; i < 20000; i++) {
        double d = double_of(next_random() & ~((uint64_t)1 << 63));
        if (!isfinite(d)) continue;
        if (!shortest_and_closest(d)) break;
    }
    /* powers of two: the lower neighbour is twice as close */
    for (int e = -1074; e <= 1023; e++)
        if (!shortest_and_closest(ldexp(1.0, e))) break;
}

/* The exact decimal of d + 2^(e-1) (d's upper halfway point when 2^e is
 * its spacing), as "DIGITS.DIGITS": both written exactly by the C library
 * with 1080 decimals, then added digit by digit. */
static void halfway_text(double d, int e, char *out, size_t size)
{
    static char a[1500], b[1500];
    int na = snprintf(a, sizeof a, "%.1080f", d);
    int nb = snprintf(b, sizeof b, "%.1080f", ldexp(1.0, e - 1));
    /* right-align b under a (a is at least as long: d >= 2^(e-1)) */
    int carry = 0;
    char *r = out + size - 1;
    *r = '\0';
    for (int i = na - 1, j = nb - 1; i >= 0; i--, j--) {
        if (a[i] == '.') {
            *--r = '.';
            continue;
        }
        int x = a[i] - '0' + (j >= 0 ? b[j] - '0' : 0) + carry;
        carry = x / 10;
        *--r = (char)('0' + x % 10);
    }
    if (carry) *--r = '1';
    memmove(out, r, strlen(r) + 1);
}

TEST(nearest_double_of_halfway_points_and_their_neighbours)
{
    /* An exact halfway point rounds to the even neighbour; cut to 17, 19,
     * 20, 25 or 40 significant digits, or one more in the last of those,
     * or with a 1 far behind, it falls on either side: every way through
     * the fast paths and to the exact one. */
    static char half[2600], text[2700];
    for (int i = 0; i < 1500; i++) {
        uint64_t r = next_random();
        uint64_t b = i % 3 == 0 ? r & (((uint64_t)1 << 52) - 1)      /* subnormal */
                                : r & ~((uint64_t)1 << 63);
        double d = double_of(b);
        if (!isfinite(d) || d == DBL_MAX) continue;
        int e = (int)((b >> 52) & 0x7FF);
        e = (e ? e : 1) - 1075; /* d's spacing is 2^e */
        if (e - 1 < -1074) continue; /* 2^-1075 is no double to print */
        halfway_text(d, e, half, sizeof half);
        if (!same_as_strtod(half)) return;
        snprintf(text, sizeof text, "%s000001", half);
        if (!same_as_strtod(text)) return;
        /* the significant digits and the power of ten after the last */
        char digits[2600];
        size_t n = 0;
        long point = -1, lead = 0;
        for (const char *p = half; *p; p++) {
            if (*p == '.') {
                point = (long)n + lead;
                continue;
            }
            if (n == 0 && *p == '0') {
                lead++;
                continue;
            }
            digits[n++] = *p;
        }
        if (point < 0) point = (long)n + lead;
        const int cuts[] = {17, 19, 20, 25, 40};
        for (size_t c = 0; c < sizeof cuts / sizeof cuts[0]; c++) {
            if ((size_t)cuts[c] >= n) continue;
            long exp10 = point - lead - cuts[c];
            snprintf(text, sizeof text, "%.*se%ld", cuts[c], digits, exp10);
            if (!same_as_strtod(text)) return;
            char up[64];
            memcpy(up, digits, (size_t)cuts[c]);
            int k = cuts[c] - 1;
            while (k >= 0 && up[k] == '9') up[k--] = '0';
            if (k < 0) continue;
            up[k]++;
            snprintf(text, sizeof text, "%.*se%ld", cuts[c], up, exp10);
            if (!same_as_strtod(text)) return;
        }
    }
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Seconds, best of 5, to read each of count texts (len bytes apart) as a
 * double and write its shortest digits: what coercing a string to :float
 * costs. */
static double convert_time(const char *texts, size_t count, size_t len)
{
    double best = 1e9;
    for (int round = 0; round < 5; round++) {
        double t0 = now(), sum = 0;
        for (size_t i = 0; i < count; i++) {
            const char *s = texts + i * len;
            double d = tsig_decimal_to_double(s, strlen(s));
            char digits[TSIG_DOUBLE_DIGITS];
            int point;
            sum += d + (double)tsig_double_digits(d, digits, &point);
        }
        double t = now() - t0;
        CHECK(sum == sum);
        if (t < best) best = t;
    }
    return best;
}

TEST(numbers_at_the_edges_of_the_range_cost_what_ordinary_numbers_cost)
{
    /* The same digits with exponents near +-308 (and subnormals) or near
     * 0, text for text of one length. The method of digits multiplied and
     * divided by powers of two cost 40-50 us at the edges, 100 times an
     * ordinary number. */
    enum { COUNT = 20000, LEN = 48 };
    static char edge[COUNT * LEN], plain[COUNT * LEN];
    for (size_t i = 0; i < COUNT; i++) {
        uint64_t r = next_random();
        unsigned long long m = (unsigned long long)(r % 100000000000000000ull);
        int digits = 1 + (int)(r >> 60) % 17;
        m %= (unsigned long long)pow(10, digits);
        int e = (int)((r >> 40) % 10);
        switch (i % 4) {
        case 0: /* largest */
            snprintf(edge + i * LEN, LEN, "%llue%d", m, 291 + e);
            snprintf(plain + i * LEN, LEN, "%llue%03d", m, e);
            break;
        case 1: /* smallest normal */
            snprintf(edge + i * LEN, LEN, "%llue-%d", m, 320 + e / 2);
            snprintf(plain + i * LEN, LEN, "%llue-%03d", m, 20 + e);
            break;
        case 2: /* subnormal */
            snprintf(edge + i * LEN, LEN, "%llu.5e-%d", m % 100, 322 + e % 3);
            snprintf(plain + i * LEN, LEN, "%llu.5e-%03d", m % 100, e);
            break;
        default: /* long mantissa */
            snprintf(edge + i * LEN, LEN, "%llu%llue-3%02d", m, m, e);
            snprintf(plain + i * LEN, LEN, "%llu%llue-0%02d", m, m, e);
            break;
        }
    }
    double c = convert_time(edge, COUNT, LEN), o = convert_time(plain, COUNT, LEN);
    if (getenv("TSIG_TEST_VERBOSE")) printf("  edges %.2f ms, ordinary %.2f ms\n", c * 1e3, o * 1e3);
    if (c > 8 * o)
        tsig_test_fail(__FILE__, __LINE__, "edges %.2f ms, ordinary %.2f ms (%.1fx)", c * 1e3,
                       o * 1e3, c / o);
}

/* tsig_strtod reads the prefix strtod reads, to the same value. */
static int strtod_agrees(const char *text)
{
    char *want_end, *got_end;
    double want = strtod(text, &want_end);
    double got = tsig_strtod(text, &got_end);
    if (bits_of(got) == bits_of(want) && got_end == want_end) return 1;
    tsig_test_fail(__FILE__, __LINE__, "tsig_strtod(\"%s\"): %.17g after %d bytes, want %.17g after %d",
                   text, got, (int)(got_end - text), want, (int)(want_end - text));
    return 0;
}

TEST(strtod_of_the_characters_cjson_hands_it)
{
    const char *cases[] = {"", "1", "-1", "+1", "1.5", ".5", "5.", "-.5", "+.5e1", "1e5", "1e",
                           "1e+", "1e-", "1E-2", "1.2.3", "1e2e3", "--1", "+-1", "-", ".", "e5",
                           "00012", "0.000", "1e400", "-1e400", "1e-400", "12345678901234567890"};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) strtod_agrees(cases[i]);
    const char alphabet[] = "0123456789+-eE.";
    char text[16];
    for (int i = 0; i < 50000; i++) {
        size_t n = 1 + next_random() % 12;
        for (size_t k = 0; k < n; k++) text[k] = alphabet[next_random() % (sizeof alphabet - 1)];
        text[n] = '\0';
        if (!strtod_agrees(text)) break;
    }
}


/* SPEC §11.1: numbers compare by exact decimal value, whatever the size of
 * their exponents (no saturation: 1e(10^15) and 1e(10^16) differ). */
TEST(numbers_compare_exactly_with_exponents_of_any_length)
{
    struct { const char *a, *b; int want; } cases[] = {
        {"1e1000000000000000", "1e10000000000000000", -1},
        {"10e1000000000000000", "1e1000000000000001", 0},
        {"0.1e1000000000000001", "1e1000000000000000", 0},
        {"1e-1000000000000000", "1e-10000000000000000", 1},
        {"-1e1000000000000000", "-1e10000000000000000", 1},
        {"1e99999999999999999999999999", "1e100000000000000000000000000", -1},
        {"100e99999999999999999999999998", "1e100000000000000000000000000", 0},
        {"1e0000000000000000000000000005", "1e5", 0},
        {"123.45e-99999999999999999999", "12345e-100000000000000000001", 0},
        {"9.99e100000000000000000000", "1e100000000000000000001", -1},
        {"1e+18446744073709551616", "1e18446744073709551615", 1},
        {"0e99999999999999999999999", "0", 0},
        {"-0.0e-99999999999999999999", "0", 0},
        {"1E2", "100", 0},
        {"1.0", "1", 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *a = cases[i].a, *b = cases[i].b;
        if (tsig_decimal_compare(a, strlen(a), b, strlen(b)) != cases[i].want ||
            tsig_decimal_compare(b, strlen(b), a, strlen(a)) != -cases[i].want)
            tsig_test_fail(__FILE__, __LINE__, "compare(%s, %s): want %d", a, b, cases[i].want);
    }
}

/* Shifts of one value between its digits and a long exponent are equal;
 * one more unit in the exponent is larger. */
TEST(numbers_with_long_exponents_compare_as_their_shifts)
{
    char a[96], b[96];
    for (int i = 0; i < 2000; i++) {
        unsigned long long e = next_random() % 1000000000000000ull + 100;
        unsigned k = (unsigned)(next_random() % 30);
        int neg = (int)(next_random() & 1);
        /* 7e(E) and 7 followed by k zeros e(E - k), E of 18-19 digits */
        snprintf(a, sizeof a, "7e%s%llu%03u", neg ? "-" : "", e, 500u);
        unsigned long long lo = e * 1000 + 500;
        char zeros[40] = {0};
        memset(zeros, '0', k);
        if (neg) snprintf(b, sizeof b, "7%se-%llu", zeros, lo + k);
        else snprintf(b, sizeof b, "7%se%llu", zeros, lo - k);
        CHECK_INT(tsig_decimal_compare(a, strlen(a), b, strlen(b)), 0);
        if (neg) snprintf(b, sizeof b, "7%se-%llu", zeros, lo + k + 1);
        else snprintf(b, sizeof b, "7%se%llu", zeros, lo - k + 1);
        CHECK_INT(tsig_decimal_compare(a, strlen(a), b, strlen(b)), neg ? 1 : -1);
    }
}

/* 1 when tsig_decimal_key gives a and b the same text. */
static int same_key(const char *a, const char *b)
{
    tsig_strbuf x = {0}, y = {0};
    tsig_decimal_key(&x, a, strlen(a));
    tsig_decimal_key(&y, b, strlen(b));
    int same = !x.failed && !y.failed && x.len == y.len && memcmp(x.data, y.data, x.len) == 0;
    tsig_sb_release(&x);
    tsig_sb_release(&y);
    return same;
}

/* Keys of numbers (for hash tables of enum values) are equal exactly when
 * the numbers compare equal: every pair of a list of spellings, short and
 * long exponents, signs and zeros, and shifts between digits and a long
 * exponent. */
TEST(number_keys_are_equal_exactly_when_the_numbers_are)
{
    const char *n[] = {
        "0", "-0", "0.0", "0e99999999999999999999999", "-0.0e-99999999999999999999",
        "1", "1.0", "10e-1", "0.1e1", "1E0", "1e+0", "-1", "-1.0",
        "100", "1e2", "1E2", "100.00", "1000e-1", "2", "3.5", "35e-1", "-3.5",
        "1e1000000000000000", "1e10000000000000000", "10e1000000000000000", "1e1000000000000001",
        "0.1e1000000000000001", "1e-1000000000000000", "1e-10000000000000000",
        "-1e1000000000000000", "1e99999999999999999999999999", "1e100000000000000000000000000",
        "100e99999999999999999999999998", "1e0000000000000000000000000005", "1e5",
        "123.45e-99999999999999999999", "12345e-100000000000000000001",
        "9.99e100000000000000000000", "1e100000000000000000001", "1e+18446744073709551616",
        "1e18446744073709551615", "10e18446744073709551615", "0.01e18446744073709551618",
        "1e-18446744073709551616", "10e-18446744073709551617", "1e-999999999999999999",
        "1e-1000000000000000000", "10e-1000000000000000001",
        "10e99999999999999999999", "1e100000000000000000000", "0.01e-99999999999999999999",
        "1e-100000000000000000001", "100e-99999999999999999999", "1e-99999999999999999997",
    };
    size_t count = sizeof n / sizeof n[0];
    for (size_t i = 0; i < count; i++)
        for (size_t j = 0; j < count; j++) {
            int equal = tsig_decimal_compare(n[i], strlen(n[i]), n[j], strlen(n[j])) == 0;
            if (same_key(n[i], n[j]) != equal)
                tsig_test_fail(__FILE__, __LINE__, "key(%s) %s key(%s)", n[i],
                               equal ? "!=" : "==", n[j]);
        }
    char a[96], b[96];
    for (int i = 0; i < 2000; i++) {
        unsigned long long e = next_random() % 1000000000000000ull + 100;
        unsigned k = (unsigned)(next_random() % 30);
        int neg = (int)(next_random() & 1);
        snprintf(a, sizeof a, "7e%s%llu%03u", neg ? "-" : "", e, 500u);
        unsigned long long lo = e * 1000 + 500;
        char zeros[40] = {0};
        memset(zeros, '0', k);
        if (neg) snprintf(b, sizeof b, "7%se-%llu", zeros, lo + k);
        else snprintf(b, sizeof b, "7%se%llu", zeros, lo - k);
        CHECK(same_key(a, b));
        if (neg) snprintf(b, sizeof b, "7%se-%llu", zeros, lo + k + 1);
        else snprintf(b, sizeof b, "7%se%llu", zeros, lo - k + 1);
        CHECK(!same_key(a, b));
    }
}

/* Writes q/4 as a JSON number, a whole one in one of three spellings
 * ("3", "30e-1", "3.000"). */
static void quarter_text(long q, char *out, size_t size, unsigned style)
{
    const char *frac[] = {"", ".25", ".5", ".75"};
    const char *sign = q < 0 ? "-" : "";
    long m = q < 0 ? -q : q;
    if (m % 4 == 0 && style % 3 == 1) snprintf(out, size, "%s%ld0e-1", sign, m / 4);
    else if (m % 4 == 0 && style % 3 == 2) snprintf(out, size, "%s%ld.000", sign, m / 4);
    else snprintf(out, size, "%s%ld%s", sign, m / 4, frac[m % 4]);
}

/* SPEC §11.7: emptiness of :int and lengths is judged over integers: the
 * answer for every pair of small bounds, against counting. */
TEST(integer_ranges_are_empty_exactly_when_no_integer_fits)
{
    char lo[48], hi[48];
    for (long a = -12; a <= 12; a++)
        for (long b = -12; b <= 12; b++)
            for (int ex = 0; ex < 4; ex++) {
                int lo_ex = ex & 1, hi_ex = ex >> 1;
                quarter_text(a, lo, sizeof lo, (unsigned)(a + b + ex));
                quarter_text(b, hi, sizeof hi, (unsigned)(a * b + ex));
                int any = 0;
                for (long n = -5; n <= 5; n++) {
                    long q = 4 * n;
                    if ((lo_ex ? q > a : q >= a) && (hi_ex ? q < b : q <= b)) any = 1;
                }
                if (tsig_decimal_no_integer(lo, strlen(lo), lo_ex, hi, strlen(hi), hi_ex) != !any)
                    tsig_test_fail(__FILE__, __LINE__, "%s%s .. %s%s: want %s", lo_ex ? ">" : ">=",
                                   lo, hi_ex ? "<" : "<=", hi, any ? "an integer" : "none");
            }
}

/* ... and beyond the range of doubles, where 10^17 + 1 and 10^17 are one
 * double, and 1e400 is infinity. */
TEST(integer_ranges_beyond_doubles_are_judged_exactly)
{
    struct { const char *lo; int lo_ex; const char *hi; int hi_ex; int empty; } cases[] = {
        {"100000000000000001", 0, "100000000000000000", 0, 1},
        {"100000000000000000", 0, "100000000000000001", 0, 0},
        {"100000000000000000", 1, "100000000000000001", 1, 1},
        {"100000000000000000.5", 0, "100000000000000001", 1, 1},
        {"100000000000000000.5", 0, "100000000000000001", 0, 0},
        {"1e400", 0, "1e399", 0, 1},
        {"1e400", 0, "1e400", 0, 0},
        {"1e400", 1, "1e400", 0, 1},
        {"1e400", 1, "10000000000000000000000000000000000000000e360", 1, 1},
        {"1e1000000000000000", 0, "1e10000000000000000", 0, 0},
        {"1e10000000000000000", 0, "1e1000000000000000", 0, 1},
        {"1e-10000000000000000", 0, "1e-1000000000000000", 0, 1},
        {"-1e-10000000000000000", 0, "1e-1000000000000000", 0, 0},
        {"-1e-10000000000000000", 1, "-1e-1000000000000000", 1, 1},
        {"-1e1000000000000000", 1, "-1e1000000000000000", 0, 1},
        {"-1.5", 0, "-1.25", 0, 1},
        {"-2.5", 0, "-1.25", 0, 0},
        {"99999999999999999999.5", 0, "100000000000000000000", 1, 1},
        {"99999999999999999999.5", 0, "100000000000000000000", 0, 0},
        {"0.5", 0, "0.75e0", 0, 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *lo = cases[i].lo, *hi = cases[i].hi;
        if (tsig_decimal_no_integer(lo, strlen(lo), cases[i].lo_ex, hi, strlen(hi),
                                    cases[i].hi_ex) != cases[i].empty)
            tsig_test_fail(__FILE__, __LINE__, "%s .. %s: want empty %d", lo, hi, cases[i].empty);
    }
}

/* Their cost follows the text: exponents of 100,000 digits compare in
 * about the time of numbers of 100,000 digits. */
TEST(comparing_long_exponents_costs_what_long_digits_cost)
{
    enum { N = 100000, ROUNDS = 200 };
    char *a = malloc(N + 8), *b = malloc(N + 8), *c = malloc(N + 8), *d = malloc(N + 8);
    CHECK(a && b && c && d);
    if (!a || !b || !c || !d) return;
    memcpy(a, "1e", 2);
    memcpy(b, "1e", 2);
    memset(a + 2, '9', N);
    memset(b + 2, '9', N);
    b[N + 1] = '8';
    memset(c, '9', N + 2);
    memset(d, '9', N + 2);
    d[N + 1] = '8';
    struct timespec t0, t1, t2;
    int sum = 0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int i = 0; i < ROUNDS; i++) sum += tsig_decimal_compare(a, N + 2, b, N + 2);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    for (int i = 0; i < ROUNDS; i++) sum += tsig_decimal_compare(c, N + 2, d, N + 2);
    clock_gettime(CLOCK_MONOTONIC, &t2);
    CHECK_INT(sum, 2 * ROUNDS);
    double crafted = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    double plain = (double)(t2.tv_sec - t1.tv_sec) + (double)(t2.tv_nsec - t1.tv_nsec) * 1e-9;
    if (crafted > 20 * plain + 1e-3)
        tsig_test_fail(__FILE__, __LINE__, "long exponents %.2f ms, long digits %.2f ms",
                       crafted * 1e3, plain * 1e3);
    free(a);
    free(b);
    free(c);
    free(d);
}

int main(void)
{
    RUN(every_power_of_ten_has_the_mantissa_of_the_full_table);
    RUN(nearest_double_of_decimal_text_at_the_edges);
    RUN(a_tie_decided_by_a_digit_past_800);
    RUN(digits_past_800_still_place_the_point);
    RUN(nearest_double_of_random_decimal_text);
    RUN(nearest_double_of_printed_doubles);
    RUN(nearest_double_of_halfway_points_and_their_neighbours);
    RUN(shortest_digits_at_the_edges);
    RUN(shortest_digits_of_random_doubles);
    RUN(strtod_of_the_characters_cjson_hands_it);
    RUN(numbers_at_the_edges_of_the_range_cost_what_ordinary_numbers_cost);
    RUN(numbers_compare_exactly_with_exponents_of_any_length);
    RUN(numbers_with_long_exponents_compare_as_their_shifts);
    RUN(number_keys_are_equal_exactly_when_the_numbers_are);
    RUN(integer_ranges_are_empty_exactly_when_no_integer_fits);
    RUN(integer_ranges_beyond_doubles_are_judged_exactly);
    RUN(comparing_long_exponents_costs_what_long_digits_cost);
    return tsig_test_summary();
}
