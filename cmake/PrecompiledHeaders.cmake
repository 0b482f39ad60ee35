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
