# Precompiled third-party headers, per target (CMake's target_precompile_headers, PRIVATE: never
# seen by consumers or by the header self-containment check in PackagingTests.cmake).
#
# Why: parsing, not code generation, dominates most translation units here: CLI11, Boost's
# multiprecision backends, nlohmann-json, gtest and RapidCheck each take seconds to parse
# (docs/performance.md, "Figures behind choices in the code"), and nearly every translation unit outside fast/
# includes reference/numbers.hpp (both Boost.Multiprecision headers).
#
# MINKOWSKI_PCH=OFF compiles without them (the code never relies on them: every file includes
# what it uses, which the header check and a build with PCH off both show).
option(MINKOWSKI_PCH "Precompile the heavy third-party headers of each target" ON)

# The headers that the exact side (reference, fixtures, properties, reports, cli) parses everywhere.
set(MINKOWSKI_PCH_EXACT <boost/multiprecision/gmp.hpp> <boost/multiprecision/mpfr.hpp>
    <nlohmann/json.hpp> <fmt/format.h> <string> <vector>)

# minkowski_precompile(target header...): precompile the given headers for target's own sources.
function(minkowski_precompile target)
  if(MINKOWSKI_PCH)
    target_precompile_headers(${target} PRIVATE ${ARGN})
  endif()
endfunction()

# Unity builds of the targets whose files all parse and instantiate the same heavy templates
# (nlohmann-json, CLI11, Boost.Multiprecision, RapidCheck): one translation unit per target
# instead of one per file, which cuts their compile time by a factor of 2 to 3 (docs/performance.md,
# "Figures behind choices in the code").
# OFF by default (a developer's edit recompiles one file, not the target); the test command's
# presets turn it on. The code compiles either way: file-local names stay distinct per target.
option(MINKOWSKI_UNITY_BUILD "Unity-build the exact side's libraries, the command and the test suites" OFF)

# minkowski_unity(target...): compile each target as one translation unit when MINKOWSKI_UNITY_BUILD.
# The gtest suites use it too: each test file keeps its names in a namespace named after the file
# (`namespace sat3_test_cpp {`), so the files of a suite cannot collide in one unit; joined, a
# suite compiles in about half its CPU time (docs/performance.md, "The test command's budget").
function(minkowski_unity)
  if(MINKOWSKI_UNITY_BUILD)
    # A precompiled header serves the translation units after the first; a unity target is one
    # (or two) of them, so building the header first costs a second parse of the same headers.
    set_target_properties(${ARGN} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 0
                                             DISABLE_PRECOMPILE_HEADERS ON)
  endif()
endfunction()
