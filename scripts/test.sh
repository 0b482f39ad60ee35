#!/usr/bin/env bash
# Builds minkowski and runs every test (the README's test command; .ci/run calls it verbatim).
# Installs the Debian packages it needs first (scripts/install-deps.sh, idempotent), and the Node
# engines (npm ci; without the registry their tests are skipped, not failed).
#   ci       the `default` tree (g++, -O2 -g1; build/ci) with the exact side's gtest suites
#            (reference_tests, properties_tests, compiled at -O1): those, and the command-line,
#            engine, packaging and mutation tests (ctest --preset ci).
#   asan     clang 14 with AddressSanitizer + UBSan (CMakePresets.json): fast/'s gtest suites
#            (fast_tests, fast3_tests) and the file readers' (fixtures_tests, case_io_tests), and the
#            libFuzzer targets; those tests, and a fuzz smoke run of each target of fixed seed
#            (-seed=20261122, 2,000 inputs, 15 s cap).
#   Each suite is built once (MINKOWSKI_UNIT_TESTS in CMakeLists.txt says why where); the long
#   mode runs the exact side's suites under ASan too (README, "The long mode").
# The two trees are built and tested at the same time, each line of output prefixed with its
# tree's name: built one after the other, neither build keeps both cores busy (compile steps wait
# for a precompiled header, links for their libraries); side by side they fill each other's gaps
# (docs/performance.md, "The two commands").
# (`cmake --preset default` builds and `ctest --preset default` runs everything in one optimized
# tree, as a developer wants; the test command splits it so both trees fit its time budget.)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
# The Node engines behind --exec (npm ci from their lock files). Without the npm registry their
# adapter tests are skipped (ctest exit 77), not failed.
bash scripts/install-engines.sh || echo "test: Node engines not installed; their adapter tests will be skipped"

# tree PRESET: configure, build and test one tree; every line prefixed with [PRESET].
tree() {
  local preset=$1
  {
    echo "== test.sh: $preset configure and build ($(date -u +%T))"
    cmake --preset "$preset"
    cmake --build --preset "$preset" -j "$(nproc)"
    echo "== test.sh: $preset tests ($(date -u +%T))"
    ctest --preset "$preset"
    echo "== test.sh: $preset done ($(date -u +%T))"
  } 2>&1 | sed -u "s/^/[$preset] /"
}
# Each tree runs as a job of its own process group (set -m), so that Ctrl-C or a CI time-out's
# SIGTERM, caught here, stops both trees and nothing else (background jobs of a non-interactive
# shell ignore SIGINT; `kill 0` would reach the caller too).
set -m
tree ci & ci_pid=$!
tree asan & asan_pid=$!
set +m
trap 'trap - INT TERM; echo "== test.sh: interrupted, stopping both trees"; kill -TERM -- "-$ci_pid" "-$asan_pid" 2>/dev/null; exit 130' INT TERM
status=0
wait "$ci_pid" || { status=1; echo "== test.sh: the ci tree FAILED (lines marked [ci] above)"; }
wait "$asan_pid" || { status=1; echo "== test.sh: the asan tree FAILED (lines marked [asan] above)"; }
[ "$status" = 0 ] && echo "== test.sh: both trees built and passed ($(date -u +%T))"
exit "$status"
