/*
 * jsonval.h: a small JSON reader for the tests, independent of the code it
 * checks. It keeps what ordinary readers lose and the vectors need
 * (vectors/README.md "Reading the files" and "Comparing values"):
 *
 *   - every number's text, so an int (no ".", "e", "E") stays an int of
 *     any size and never equals a float, even 1 and 1.0;
 *   - strings exactly, code point by code point, lone surrogates included
 *     ("\ud800" is stored as its three-byte WTF-8 form; a valid pair is
 *     stored as the one UTF-8 sequence of its code point);
 *   - key order, for the tests that check it (jv_equal_ordered).
 *
 *   jv_value *v = jv_parse(text, len);        NULL when not RFC 8259 JSON
 *   const char *sig = jv_get_str(v, "sig");   NULL when absent / not a string
 *   jv_free(v);
 *
 * Input is strict RFC 8259 and must be UTF-8: no leading zeros, no trailing
 * commas, no raw control characters in strings, no duplicate keys in one
 * object (they would make map equality ambiguous). Nesting is bounded by
 * JV_MAX_DEPTH; reading is iterative, so depth never costs C stack.
 * Every value returned by jv_parse owns all values inside it.
 */
#ifndef TSIG_TEST_JSONVAL_H
#define TSIG_TEST_JSONVAL_H

#include <stddef.h>

/* Deepest nesting of arrays and objects jv_parse accepts. */
#define JV_MAX_DEPTH 20000

typedef enum jv_kind {
    JV_NULL = 0,
    JV_BOOL,
    JV_INT,
    JV_FLOAT,
    JV_STRING,
    JV_LIST,
    JV_MAP
} jv_kind;

typedef struct jv_value jv_value;

/*
 * Reads one JSON text (surrounding whitespace allowed). Returns the value,
 * released with jv_free, or NULL when the text is not valid JSON, nests
 * deeper than JV_MAX_DEPTH, repeats a key, or memory runs out.
 */
jv_value *jv_parse(const char *text, size_t len);

/*
 * As jv_parse; on failure *err_offset (may be NULL) gets the byte offset
 * where reading stopped.
 */
jv_value *jv_parse_at(const char *text, size_t len, size_t *err_offset);

/* Releases v and everything inside it. NULL is ignored. */
void jv_free(jv_value *v);

/*
 * 1 iff a and b are the same value by the vectors' rules: same kind; ints
 * equal digit for digit ("-0" is "0"); floats equal as IEEE doubles;
 * strings equal byte for byte (= code point for code point); lists equal
 * element by element; maps with the same keys and equal values, in ANY
 * order. NULL equals only NULL.
 */
int jv_equal(const jv_value *a, const jv_value *b);

/* As jv_equal, but maps (at every depth) must also list their keys in the
 * same order. */
int jv_equal_ordered(const jv_value *a, const jv_value *b);

/*
 * Compact JSON text of v (numbers as written, strings escaped; a lone
 * surrogate is written as its \uXXXX escape). Returns a NUL-terminated
 * string freed with free(), or NULL when out of memory; *len (may be NULL)
 * gets its length. jv_to_text(NULL) is "(none)".
 */
char *jv_to_text_len(const jv_value *v, size_t *len);
char *jv_to_text(const jv_value *v);

/* s[0..len) (WTF-8) as a JSON string literal, quotes included, escaped as
 * jv_to_text escapes strings. Freed with free(); NULL when out of memory. */
char *jv_quote(const char *s, size_t len);

/* 1 iff s[0..len) is well-formed UTF-8 (RFC 3629: shortest forms only, no
 * encoded surrogate, nothing above U+10FFFF). NUL bytes are well-formed. */
int jv_utf8_valid(const char *s, size_t len);

/* ---- walking values ----------------------------------------------------
 * Every accessor accepts NULL and answers as for a missing value. */

jv_kind jv_kind_of(const jv_value *v);
/* "nil", "bool", "int", "float", "string", "list", "map". */
const char *jv_kind_name(jv_kind kind);

/* Elements of a list, entries of a map; 0 for anything else. */
size_t jv_len(const jv_value *v);
/* Element i of a list, or the value of entry i of a map; NULL past the end. */
const jv_value *jv_at(const jv_value *v, size_t i);
/* Key of entry i of a map (NUL-terminated; *len may be NULL); NULL otherwise. */
const char *jv_key_at(const jv_value *v, size_t i, size_t *len);
/* The value under key (NUL-terminated key) in a map; NULL when absent. */
const jv_value *jv_get(const jv_value *obj, const char *key);
/* 1 iff obj is a map holding key. */
int jv_has(const jv_value *obj, const char *key);

/* The bytes of a string (NUL-terminated, may hold NUL bytes: see *len);
 * NULL when v is not a string. */
const char *jv_str(const jv_value *v, size_t *len);
/* jv_str(jv_get(obj, key), NULL). */
const char *jv_get_str(const jv_value *obj, const char *key);
/* 1 for true; 0 for false and anything that is not a bool. */
int jv_bool(const jv_value *v);
/* Number text as written ("-0", "1.50e3"); NULL when not a number. */
const char *jv_num_text(const jv_value *v);
/* A number as a double (strtod of its text); 0 when not a number. */
double jv_double(const jv_value *v);
/* An int that fits in long long into *out: 1; otherwise 0. */
int jv_int(const jv_value *v, long long *out);

#endif /* TSIG_TEST_JSONVAL_H */
