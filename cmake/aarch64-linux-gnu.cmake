# Cross-compiling for 64-bit ARM Linux (the NEON reader of src/ground/json.c) with
# Debian's cross toolchain; ctest runs the tests under qemu's user mode.
#
#   cmake -S . -B build/aarch64 -DCMAKE_TOOLCHAIN_FILE=cmake/aarch64-linux-gnu.cmake
#
# Needs the Debian packages gcc-aarch64-linux-gnu and qemu-user
# (scripts/test-aarch64.sh checks for them and runs everything).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)

set(TSIG_CROSS_TRIPLE aarch64-linux-gnu)
set(TSIG_CROSS_SYSROOT /usr/${TSIG_CROSS_TRIPLE})

set(CMAKE_C_COMPILER ${TSIG_CROSS_TRIPLE}-gcc)

# Libraries and headers from the target's root only; programs from the host.
set(CMAKE_FIND_ROOT_PATH ${TSIG_CROSS_SYSROOT})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# How ctest (and tests/cli/run.sh) start a target binary: -L finds the
# dynamic loader and libc of the target.
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64 -L ${TSIG_CROSS_SYSROOT})
