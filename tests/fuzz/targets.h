/*
 * targets.h: toolsig's fuzz targets. Each takes any bytes, runs a family of
 * public functions on them and checks what must hold whatever the input
 * (SPEC §10: no crash, no hang, no leak; a clear error with a position or
 * a path; outputs that are what their contracts say). A broken property
 * aborts after printing what broke (tsig_fuzz_fail), so libFuzzer and the
 * replay test (tests/c/test_mutate.c) both see it as a crash.
 *
 * The same targets are driven two ways:
 *   - tests/fuzz/libfuzzer.c: libFuzzer's entry point, one binary per
 *     target (cmake -DTSIG_FUZZ=ON with clang, see README.md);
 *   - tests/c/test_mutate.c: a fixed-seed mutation run over seeds from the
 *     shared vectors, in every ctest (plain, and under the sanitizers).
 *
 * Input layouts (bytes, split at 0xFF, which UTF-8 text never holds):
 *
 *   signature:  OPTIONS SIGNATURE [0xFF JSON]
 *     OPTIONS bits 0-1 the mode, bit 2 input (else output) validation,
 *     bits 3-5 max_errors (0: default), bit 6 TSIG_VALUE_ALWAYS, bit 7
 *     TSIG_NUMBERS_ARE_DOUBLES.
 *   documents:  OP FLAGS SIGNATURE 0xFF TEXT [0xFF EXTRA]
 *     OP (mod TSIG_FUZZ_DOCUMENT_OPS) picks the family (see
 *     target_documents.c); SIGNATURE, when it does not parse, is replaced
 *     by a fixed one, so every op always has a signature to work with.
 *   stream:     OPTIONS CHUNKING SIGNATURE 0xFF JSON
 *     JSON repaired and streamed in chunks CHUNKING chooses (see
 *     target_stream.c); SIGNATURE as for documents.
 */
#ifndef TSIG_FUZZ_TARGETS_H
#define TSIG_FUZZ_TARGETS_H

#include <stddef.h>
#include <stdint.h>

#include "toolsig.h"

/* The byte that separates the parts of an input. */
#define TSIG_FUZZ_SEP 0xFF

/* How many families the documents target has (OP is taken modulo this). */
#define TSIG_FUZZ_DOCUMENT_OPS 11

/* Runs one input; returns 0 (libFuzzer's convention) or aborts. */
int tsig_fuzz_signature(const uint8_t *data, size_t size);
int tsig_fuzz_documents(const uint8_t *data, size_t size);
int tsig_fuzz_stream(const uint8_t *data, size_t size);

/* Receives one seed input (the bytes are the callee's to copy). */
typedef void (*tsig_fuzz_emit)(void *ctx, const uint8_t *data, size_t size);

/*
 * Emits the target's seeds, built from the vectors the repository carries
 * (tsig_test_data_path) and a few inputs of its own. Returns the number
 * emitted; 0 when a vector file cannot be read.
 */
size_t tsig_fuzz_signature_seeds(tsig_fuzz_emit emit, void *ctx);
size_t tsig_fuzz_documents_seeds(tsig_fuzz_emit emit, void *ctx);
size_t tsig_fuzz_stream_seeds(tsig_fuzz_emit emit, void *ctx);

/* ---- shared by the targets (target_common.c) ---------------------------- */

/* Prints "fuzz: <what>" and the detail to stderr, then aborts. */
void tsig_fuzz_fail(const char *what, const char *detail)
#if defined(__GNUC__)
    __attribute__((noreturn))
#endif
    ;

/* An error the library filled for src[0..len): a code that is not
 * TSIG_OK, offset <= len, line and column (1-based, bytes) those of the
 * offset, message and hint NUL-terminated in their arrays, a non-empty
 * message, both valid UTF-8; and its caret picture (tsig_error_format).
 * src NULL: an error with no position to check (only its texts). */
void tsig_fuzz_check_error(const char *what, const tsig_error *err,
                           const char *src, size_t len);

/* A JSON document an entry point returned: not NULL, RFC 8259 JSON read by
 * the tests' own reader (tests/c/support/jsonval.c), an object whose "ok"
 * is a boolean when has_ok. Frees doc. */
void tsig_fuzz_check_doc(const char *what, char *doc, int has_ok);

/* Calls each(ctx, i, options, sig, json) for record i of the shared
 * vectors/validate.json that has a signature: options are its mode (bits
 * 0-1, as the signature target's OPTIONS) and bit 2 for input validation;
 * json is its text ("json", else "data" written as JSON). Returns how
 * many, 0 when the file cannot be read. */
size_t tsig_fuzz_each_validate_vector(void (*each)(void *ctx, size_t i, unsigned options,
                                                   const char *sig, const char *json),
                                      void *ctx);

/* Builds an input from parts: prefix bytes, then each part, joined by
 * TSIG_FUZZ_SEP; emits it. parts are NUL-terminated strings. */
void tsig_fuzz_emit_parts(tsig_fuzz_emit emit, void *ctx, const uint8_t *prefix,
                          size_t prefix_len, const char *const *parts, size_t count);

#endif
