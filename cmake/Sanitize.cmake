# Sanitizers for chosen targets only (MINKOWSKI_SANITIZE, e.g. "address,undefined"; the `ci`
# preset). The test command builds one tree: the libraries and the command are compiled once,
# optimized and uninstrumented, and serve the command-line tests, the exact side's suites and the
# fuzz targets alike; what the sanitizers must watch on every run is instrumented on its own:
#   - fast/'s tests (fast_tests, fast3_tests): fast/ is header-only, so its code is compiled, and
#     instrumented, in the test's own translation units;
#   - the file readers (minkowski_case_io_sanitized, a second, instrumented build of
#     minkowski::case_io and the shape model) under case_io_tests and case_reader_fuzz;
#   - the fuzz targets' own code, fast/'s included.
# Uninstrumented code linked into an instrumented program runs unchecked, and that is all:
# ASan's allocator and UBSan's handlers come from the runtime the program links. The exact side
# (GMP, MPFR, Qhull, the oracle, the judge) runs under ASan in the long mode, where the `asan`
# preset instruments every target (README, "The long mode").
# The sanitized targets get line tables (-g1) so that the sanitizers' reports name source lines;
# the rest of the `ci` tree compiles without debug information, which cost it a fifth of its
# compile time (docs/performance.md, "The test command's budget").
function(minkowski_sanitize)
  if(NOT MINKOWSKI_SANITIZE)
    return()
  endif()
  foreach(target IN LISTS ARGN)
    target_compile_options(${target} PRIVATE -g1 -fsanitize=${MINKOWSKI_SANITIZE}
                           -fno-sanitize-recover=undefined -fno-omit-frame-pointer)
    get_target_property(type ${target} TYPE)
    if(NOT type STREQUAL "STATIC_LIBRARY" AND NOT type STREQUAL "OBJECT_LIBRARY")
      target_link_options(${target} PRIVATE -fsanitize=${MINKOWSKI_SANITIZE})
    endif()
  endforeach()
endfunction()
