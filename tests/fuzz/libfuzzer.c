/*
 * libfuzzer.c: libFuzzer's entry point for one fuzz target, chosen when
 * compiling (-DTSIG_FUZZ_TARGET=tsig_fuzz_signature or
 * tsig_fuzz_documents; CMakeLists.txt builds fuzz_signature and
 * fuzz_documents with -DTSIG_FUZZ=ON). Seed corpora come from
 * `test_mutate --seeds DIR` (README.md).
 */
#include "targets.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return TSIG_FUZZ_TARGET(data, size);
}
