/*
 * schema_check.h: checks, for the tests, that a JSON Schema text is what
 * toolsig promises to write. Independent of the code under test: it reads
 * the text with jsonval.
 *
 *   tsig_check_schema_shape   structurally valid JSON Schema (draft 2020-12)
 *                             in toolsig's vocabulary and key order
 *   tsig_check_openai_strict  the rules of OpenAI strict structured outputs
 */
#ifndef TSIG_TEST_SCHEMA_CHECK_H
#define TSIG_TEST_SCHEMA_CHECK_H

#include <stddef.h>

/*
 * 1 iff text is a structurally valid JSON Schema (draft 2020-12): every
 * schema an object or a boolean; "type" a simple type name or a non-empty
 * array of distinct ones; "properties" an object of schemas; "required" an
 * array of distinct strings, each naming a key of "properties";
 * "additionalProperties" and "items" schemas; "anyOf" a non-empty array of
 * schemas; "format" a string. On top of that, toolsig's own contract: only
 * the keywords type, properties, required, additionalProperties, format,
 * items, anyOf, in that order; object keywords only on object types, items
 * only on arrays, format only on strings. Otherwise 0, with the first
 * problem ("<pointer>: <what>") in why (NUL-terminated, cut to why_size).
 */
int tsig_check_schema_shape(const char *text, size_t len, char *why, size_t why_size);

/*
 * The violations of OpenAI's strict structured-output rules, one per line
 * as "<pointer>: <rule>", or "" when there are none: the root is an object
 * schema ("type": "object", not anyOf); every subschema names a "type" (or
 * anyOf); every object schema has "properties", lists every property in
 * "required" and has "additionalProperties": false; "format" is one of the
 * supported formats; at most 10 levels of nested objects and 5000 object
 * properties in all. The two kinds toolsig writes on purpose have their own
 * rule texts, so tests can tell them apart: {} ("empty schema has no
 * type") and an open {"type": "object"} ("open object ...").
 * Returns a string freed with free(), or NULL when text is not JSON (or
 * memory runs out).
 */
char *tsig_check_openai_strict(const char *text, size_t len);

#endif /* TSIG_TEST_SCHEMA_CHECK_H */
