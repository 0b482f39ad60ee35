# libFuzzer's coverage instrumentation (-fsanitize=fuzzer-no-link), only where fuzzing needs it:
# the libraries the fuzz targets link and the fuzz targets themselves (which compile fast/'s
# headers). The gtest executables built in the same tree are not fuzzed, and the
# instrumentation would cost them about a quarter of their compile time
# (docs/performance.md, "Figures behind choices in the code"). Their links still resolve the instrumented
# libraries' callbacks from the sanitizer runtime's defaults.
# The test command's `ci` tree turns the libraries' instrumentation off
# (MINKOWSKI_FUZZ_LIBRARY_COVERAGE=OFF): there the libraries also serve the command and the exact
# side's suites, and its fuzz smoke runs are guided by fast/'s and the readers' coverage alone
# (cmake/Sanitize.cmake); the `fuzz` preset, for long runs, keeps it.
option(MINKOWSKI_FUZZ_LIBRARY_COVERAGE
       "With MINKOWSKI_BUILD_FUZZ: coverage instrumentation of the libraries the fuzz targets link" ON)
function(minkowski_fuzz_coverage)
  if(MINKOWSKI_BUILD_FUZZ AND MINKOWSKI_FUZZ_LIBRARY_COVERAGE)
    foreach(target IN LISTS ARGN)
      target_compile_options(${target} PRIVATE -fsanitize=fuzzer-no-link)
    endforeach()
  endif()
endfunction()
