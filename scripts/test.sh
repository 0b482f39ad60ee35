#!/usr/bin/env bash
# Builds minkowski and runs every test (the README's test command; .ci/run calls it verbatim).
# Installs the Debian packages it needs first (scripts/install-deps.sh, idempotent).
# Three builds, each in its own directory:
#   default  everything, optimized with debug info; every test (ctest --preset default);
#   asan     the test executables and the command with AddressSanitizer + UBSan; unit, property
#            (short mode), fixture and command-line tests — not the mutation and packaging tests,
#            which rebuild the tree (ctest --preset asan excludes their labels);
#   fuzz     the libFuzzer targets (clang 14); a 15 s smoke run per target (scripts/fuzz.sh --long
#            for 10 minutes per target).
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
stage "asan tests"
ctest --preset asan
stage "fuzz build"
cmake --preset fuzz
cmake --build --preset fuzz -j "$(nproc)"
stage "fuzz smoke"
ctest --preset fuzz
stage "done"
