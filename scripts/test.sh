#!/usr/bin/env bash
# Builds minkowski and runs every test (the README's test command; .ci/run calls it verbatim).
# Installs the Debian packages it needs first (scripts/install-deps.sh, idempotent), and the Node
# engines (npm ci; without the registry their tests are skipped, not failed).
#   default  everything, optimized with debug info; every test (ctest --preset default);
#   fuzz     the libFuzzer targets (clang 14, ASan + UBSan); a reproducible smoke run of each
#            (-seed=20261122, 2,000 inputs, 15 s cap per target).
#   asan     (only with --asan: its build alone takes ~13 CPU-minutes, beyond the 10-minute
#            budget of this command on 2 cores) the test executables and the command with
#            AddressSanitizer + UBSan; unit, property (short mode), fixture and command-line tests.
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
stage "fuzz build"
cmake --preset fuzz
cmake --build --preset fuzz -j "$(nproc)"
stage "fuzz smoke"
ctest --preset fuzz
if [ "${1:-}" = "--asan" ]; then
  stage "asan build"
  cmake --preset asan
  cmake --build --preset asan -j "$(nproc)"
  stage "asan tests"
  ctest --preset asan
fi
stage "done"
