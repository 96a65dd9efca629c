/*
 * libfuzzer.c: libFuzzer's entry point for one fuzz target, chosen when
 * compiling (-DTSIG_FUZZ_TARGET=tsig_fuzz_signature, tsig_fuzz_documents
 * or tsig_fuzz_stream; CMakeLists.txt builds fuzz_signature,
 * fuzz_documents and fuzz_stream with -DTSIG_FUZZ=ON). Seed corpora come from
 * `test_mutate --seeds DIR` (CONTRIBUTING.md).
 */
#include "targets.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return TSIG_FUZZ_TARGET(data, size);
}
