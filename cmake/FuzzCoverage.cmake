# libFuzzer's coverage instrumentation (-fsanitize=fuzzer-no-link), only where fuzzing needs it:
# the libraries the fuzz targets link and the fuzz targets themselves (which compile fast/'s
# headers). The `asan` preset builds the gtest executables in the same tree; they are not
# fuzzed, and the instrumentation would cost them about a quarter of their compile time
# (docs/performance.md, "Figures behind choices in the code"). Their links still resolve the instrumented
# libraries' callbacks from the sanitizer runtime's defaults.
function(minkowski_fuzz_coverage)
  if(MINKOWSKI_BUILD_FUZZ)
    foreach(target IN LISTS ARGN)
      target_compile_options(${target} PRIVATE -fsanitize=fuzzer-no-link)
    endforeach()
  endif()
endfunction()
