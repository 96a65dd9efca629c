#!/usr/bin/env bash
# scripts/test-aarch64.sh: builds toolsig for 64-bit ARM Linux with Debian's
# cross compiler and runs every C and command-line test under qemu's user
# mode, twice: with the NEON reader of src/ground/json.c (build/aarch64) and with
# -DTSIG_SCALAR=ON (build/aarch64-scalar). Each time, the fuzz targets then
# run on TSIG_MUTATE_RUNS mutations each (100000 unless set; ctest's
# test_mutate runs 20000).
#
#   scripts/test-aarch64.sh
#   TSIG_MUTATE_RUNS=500000 scripts/test-aarch64.sh
#
# It installs nothing: when a tool is missing it names the Debian packages
# to install and exits with status 2. Any failing step stops it with a
# non-zero status.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
TRIPLE=aarch64-linux-gnu
SYSROOT=/usr/$TRIPLE
RUNS=${TSIG_MUTATE_RUNS:-100000}
JOBS=${JOBS:-2}

missing=()
command -v cmake >/dev/null || missing+=(cmake)
command -v make >/dev/null || missing+=(make)
command -v "$TRIPLE-gcc" >/dev/null || missing+=(gcc-$TRIPLE)
command -v qemu-aarch64 >/dev/null || missing+=(qemu-user)
if ((${#missing[@]})); then
    echo "test-aarch64: missing Debian packages: ${missing[*]}" >&2
    echo "  apt-get install -y ${missing[*]}" >&2
    exit 2
fi
# The vector reader is the NEON one only when the compiler says so.
macros=$("$TRIPLE-gcc" -dM -E - </dev/null)
if [[ $macros != *"#define __ARM_NEON 1"* ]]; then
    echo "test-aarch64: $TRIPLE-gcc does not enable NEON" >&2
    exit 1
fi

step() { printf '\n== %s\n' "$*"; }

run_build() { # NAME CMAKE-OPTION...
    local name=$1 dir=$ROOT/build/$1
    shift
    step "$name: configure and build ($TRIPLE-gcc)"
    cmake -S "$ROOT" -B "$dir" -DCMAKE_BUILD_TYPE=Release \
        -DCMAKE_TOOLCHAIN_FILE="$ROOT/cmake/$TRIPLE.cmake" "$@" >/dev/null
    cmake --build "$dir" -j"$JOBS"
    step "$name: ctest under qemu-aarch64"
    ctest --test-dir "$dir" -j"$JOBS" --output-on-failure
    step "$name: fuzz targets on $RUNS mutations each"
    qemu-aarch64 -L "$SYSROOT" "$dir/test_mutate" --runs "$RUNS"
}

step "$("$TRIPLE-gcc" --version | head -n1); $(qemu-aarch64 --version | head -n1)"
run_build aarch64
run_build aarch64-scalar -DTSIG_SCALAR=ON
step "test-aarch64: all passed (NEON and scalar)"
