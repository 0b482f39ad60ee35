# Precompiled third-party headers, per target (CMake's target_precompile_headers, PRIVATE: never
# seen by consumers or by the header self-containment check in PackagingTests.cmake).
#
# Why: parsing, not code generation, dominates most translation units here. Measured with
# `g++ -std=c++20 -fsyntax-only` on a file holding only the #include (this machine, 2026-11-24):
#   CLI/CLI.hpp 3.5 s, boost/multiprecision/gmp.hpp 3.5 s, boost/multiprecision/mpfr.hpp 2.8 s,
#   nlohmann/json.hpp 2.1 s, gtest/gtest.h 2.1 s, rapidcheck.h 1.9 s, fmt/format.h 0.8 s;
# cli/check_command.cpp spends 10.1 s of its 20 s in -fsyntax-only. Nearly every translation unit
# outside fast/ includes reference/numbers.hpp (both Boost.Multiprecision headers).
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
# instead of one per file. Measured with g++ 12 -O2 -g1 (the `ci` preset, 2026-11-24): the
# command's 7 files 84 CPU-seconds -> 24, minkowski_properties 55 -> 25, minkowski_reports 45 -> 25.
# OFF by default (a developer's edit recompiles one file, not the target); the test command's
# presets turn it on. The code compiles either way: file-local names stay distinct per target.
option(MINKOWSKI_UNITY_BUILD "Unity-build the exact side's libraries and the command" OFF)

# minkowski_unity(target...): compile each target as one translation unit when MINKOWSKI_UNITY_BUILD.
function(minkowski_unity)
  if(MINKOWSKI_UNITY_BUILD)
    set_target_properties(${ARGN} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 0)
  endif()
endfunction()
