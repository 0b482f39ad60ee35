#!/usr/bin/env bash
# Builds minkowski and runs every test (the README's test command; .ci/run calls it verbatim).
# Installs the Debian packages it needs first (scripts/install-deps.sh, idempotent), and the Node
# engines (npm ci; without the registry their tests are skipped, not failed).
#   default  everything, -O2 -g1; every test (ctest --preset default): unit, property (short
#            mode), fixture, command-line, engine, packaging and mutation tests.
#   asan     clang 14 with AddressSanitizer + UBSan (CMakePresets.json): the unit, property (short
#            mode) and fixture test executables and the libFuzzer targets; those tests again, and
#            a reproducible fuzz smoke run of each target (-seed=20261122, 2,000 inputs, 15 s cap).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
# The Node engines behind --exec (npm ci from their lock files). Without the npm registry their
# adapter tests are skipped (ctest exit 77), not failed.
bash scripts/install-engines.sh || echo "test: Node engines not installed; their adapter tests will be skipped"
stage() { echo "== test.sh: $1 ($(date -u +%T))"; }
stage "default build"
cmake --preset default
cmake --build --preset default -j "$(nproc)"
stage "default tests"
ctest --preset default
stage "asan build"
cmake --preset asan
cmake --build --preset asan -j "$(nproc)"
stage "asan tests and fuzz smoke"
ctest --preset asan
stage "done"
