# libFuzzer's coverage instrumentation (-fsanitize=fuzzer-no-link), only where fuzzing needs it:
# the libraries the fuzz targets link and the fuzz targets themselves (which compile fast/'s
# headers). The `asan` preset builds the gtest executables in the same tree; they are not
# fuzzed, and the instrumentation cost them a quarter of their compile time (clang 14 -O0,
# fast/test/gjk_test.cpp without precompiled headers: 30.6 s with it, 22.2 s without; 10.8 s and
# 10.1 s for reference/test/hull_crosscheck_test.cpp at -O1; 2026-11-25). Their links still
# resolve the instrumented libraries' callbacks from the sanitizer runtime's defaults.
function(minkowski_fuzz_coverage)
  if(MINKOWSKI_BUILD_FUZZ)
    foreach(target IN LISTS ARGN)
      target_compile_options(${target} PRIVATE -fsanitize=fuzzer-no-link)
    endforeach()
  endif()
endfunction()
