#!/usr/bin/env bash
# Builds minkowski and runs every test (the README's test command; .ci/run calls it verbatim).
# Installs the Debian packages it needs first (scripts/install-deps.sh, idempotent), and the Node
# engines (npm ci; without the registry their tests are skipped, not failed).
# One tree, the `ci` preset (clang 14, Ninja; build/ci): the libraries and the command are compiled
# once, optimized (-O2, no debug information), and serve every test; each test suite is one unity
# translation unit; the exact side's suites
# (reference_tests, properties_tests, fixtures_tests) are compiled at -O1; fast/'s suites
# (fast_tests, fast3_tests, -O0), the readers' (case_io_tests, on an instrumented build of the
# readers) and the five libFuzzer targets run under AddressSanitizer + UBSan (cmake/Sanitize.cmake);
# then every test: the suites, the command-line, engine, packaging and mutation tests,
# bench.alloc_check and a fuzz smoke run of each target of fixed seed (-seed=20261122). What the
# long mode adds (the exact side under ASan, 100x the property cases, all mutants, the other
# headers' self-containment) is in the README, "The long mode".
# (`cmake --preset default` builds and `ctest --preset default` runs everything in one g++ tree,
# as a developer wants, and the main job uses it; the test command's tree is the one that fits
# its time budget: docs/performance.md, "The two commands".)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
# The Node engines behind --exec (npm ci from their lock files). Without the npm registry their
# adapter tests are skipped (ctest exit 77), not failed.
bash scripts/install-engines.sh || echo "test: Node engines not installed; their adapter tests will be skipped"

echo "== test.sh: configure and build ($(date -u +%T))"
# A tree that another generator configured (the ci preset used Unix Makefiles until 2026-11-28)
# cannot be reconfigured with Ninja: it is started afresh.
if [ -f build/ci/CMakeCache.txt ] && ! grep -qx 'CMAKE_GENERATOR:INTERNAL=Ninja' build/ci/CMakeCache.txt; then
  echo "test.sh: build/ci was configured by another generator; removing it"
  rm -rf build/ci
fi
cmake --preset ci
cmake --build --preset ci -j "$(nproc)"
echo "== test.sh: tests ($(date -u +%T))"
ctest --preset ci
echo "== test.sh: built and passed ($(date -u +%T))"
