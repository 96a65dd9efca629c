# fuzz-clang.cmake: the fuzz targets of tests/fuzz/ built with clang
# (TSIG_FUZZ: libFuzzer, with AddressSanitizer and UndefinedBehaviorSanitizer,
# whose checks are not GCC's: arithmetic on a null pointer, for one) and
# with clang's warnings, then run over their seeds and a bounded number of
# mutations each: test_mutate's fixed ones, then libFuzzer's. Any warning,
# sanitizer finding or broken property fails. The ctest fuzz_clang of a
# TSIG_SANITIZE build runs it:
#
#   cmake -DTSIG_SOURCE_DIR=<checkout> -DTSIG_FUZZ_DIR=<build folder>
#         -DTSIG_CLANG=<clang> -DTSIG_FUZZ_RUNS=<mutations a target>
#         -P cmake/fuzz-clang.cmake
#
# The build folder is kept between runs (the next build is incremental);
# libFuzzer's new inputs go to a corpus folder emptied first, so each run
# starts from the seeds alone, with a fixed random seed; an input that
# fails is written to the build folder (crash-*, leak-*, timeout-*: replay
# it with test_mutate <target> FILE, or the fuzz_<target> binary).

foreach(var TSIG_SOURCE_DIR TSIG_FUZZ_DIR TSIG_CLANG TSIG_FUZZ_RUNS)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "fuzz-clang.cmake: -D${var}=... is missing")
  endif()
endforeach()

# Runs a command, stopping with its output when it fails.
function(step what)
  message(STATUS "fuzz_clang: ${what}")
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "fuzz_clang: ${what} failed (${rc}):\n${out}")
  endif()
endfunction()

set(targets signature documents stream)
step("configure ${TSIG_FUZZ_DIR} with ${TSIG_CLANG}"
  ${CMAKE_COMMAND} -S ${TSIG_SOURCE_DIR} -B ${TSIG_FUZZ_DIR}
  -DCMAKE_C_COMPILER=${TSIG_CLANG} -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTSIG_FUZZ=ON)
set(build_targets test_mutate)
foreach(t ${targets})
  list(APPEND build_targets fuzz_${t})
endforeach()
step("build ${build_targets}"
  ${CMAKE_COMMAND} --build ${TSIG_FUZZ_DIR} --parallel 2 --target ${build_targets})
file(REMOVE_RECURSE ${TSIG_FUZZ_DIR}/seeds ${TSIG_FUZZ_DIR}/corpus)
step("test_mutate: each target on its seeds and fixed mutations" ${TSIG_FUZZ_DIR}/test_mutate)
step("write the seeds" ${TSIG_FUZZ_DIR}/test_mutate --seeds ${TSIG_FUZZ_DIR}/seeds)
foreach(t ${targets})
  # every seed as it is, then mutations of them (short inputs, each run
  # bounded in time)
  step("fuzz_${t} on its seeds"
    ${TSIG_FUZZ_DIR}/fuzz_${t} -runs=0 -timeout=30 -artifact_prefix=${TSIG_FUZZ_DIR}/
    ${TSIG_FUZZ_DIR}/seeds/${t})
  file(MAKE_DIRECTORY ${TSIG_FUZZ_DIR}/corpus/${t})
  step("fuzz_${t}: ${TSIG_FUZZ_RUNS} mutations"
    ${TSIG_FUZZ_DIR}/fuzz_${t} -seed=1 -runs=${TSIG_FUZZ_RUNS} -max_len=4096 -timeout=30
    -artifact_prefix=${TSIG_FUZZ_DIR}/ ${TSIG_FUZZ_DIR}/corpus/${t}
    ${TSIG_FUZZ_DIR}/seeds/${t})
endforeach()
