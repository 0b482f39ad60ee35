#!/usr/bin/env bash
# Builds minkowski and runs every test (the README's test command; .ci/run calls it verbatim).
# Installs the Debian packages it needs first (scripts/install-deps.sh, idempotent), and the Node
# engines (npm ci; without the registry their tests are skipped, not failed).
#   ci       the `default` tree (-O2 -g1) without the gtest executables (build/ci): the
#            command-line, engine, packaging and mutation tests (ctest --preset ci).
#   asan     clang 14 with AddressSanitizer + UBSan (CMakePresets.json): the unit, property (short
#            mode) and fixture test executables and the libFuzzer targets; those tests, and a
#            reproducible fuzz smoke run of each target (-seed=20261122, 2,000 inputs, 15 s cap).
# (`cmake --preset default` builds and `ctest --preset default` runs everything in one optimized
# tree, as a developer wants; the test command splits it so both trees fit its time budget.)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
# The Node engines behind --exec (npm ci from their lock files). Without the npm registry their
# adapter tests are skipped (ctest exit 77), not failed.
bash scripts/install-engines.sh || echo "test: Node engines not installed; their adapter tests will be skipped"
stage() { echo "== test.sh: $1 ($(date -u +%T))"; }
stage "ci build"
cmake --preset ci
cmake --build --preset ci -j "$(nproc)"
stage "ci tests"
ctest --preset ci
stage "asan build"
cmake --preset asan
cmake --build --preset asan -j "$(nproc)"
stage "asan tests and fuzz smoke"
ctest --preset asan
stage "done"
