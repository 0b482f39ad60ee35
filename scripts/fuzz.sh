#!/usr/bin/env bash
# Builds the libFuzzer targets (CMake preset `fuzz`: clang 14, ASan + UBSan) and fuzzes each.
#   scripts/fuzz.sh            smoke: 15 s per target (what scripts/test.sh runs through ctest)
#   scripts/fuzz.sh --long     10 minutes per target (the long mode)
#   scripts/fuzz.sh --seconds N [TARGET...]
# The corpus of each target grows in build/fuzz/corpus/TARGET (kept between runs, seeded from
# fixtures/ by fuzz/make_seed_corpus.py); findings (crash-*, timeout-*, oom-*) go to
# build/fuzz/findings/TARGET/ and the run fails. A judge failure of fast_vs_reference_fuzz is also
# written as a fixture to build/fuzz/findings/fixtures/ ($MINKOWSKI_FUZZ_FOUND); reproduce with
# build/fuzz/fuzz/TARGET FILE. The last line per target gives executions, cov and ft.
set -euo pipefail
cd "$(dirname "$0")/.."
readonly kSmokeSeconds=15     # 4 targets x 15 s: the smoke run stays about a minute
readonly kLongSeconds=600     # the long mode: 10 minutes per target
seconds=$kSmokeSeconds
targets=()
while [ $# -gt 0 ]; do
  case $1 in
    --long) seconds=$kLongSeconds ;;
    --seconds) seconds=$2; shift ;;
    -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
    *) targets+=("$1") ;;
  esac
  shift
done
[ ${#targets[@]} -gt 0 ] || targets=(case_reader_fuzz fast_vs_reference_fuzz reference_hull_fuzz reference_hull3_fuzz fast3_vs_reference_fuzz)
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz -j "$(nproc)"
export MINKOWSKI_FUZZ_FOUND=$PWD/build/fuzz/findings/fixtures
status=0
for t in "${targets[@]}"; do
  case $t in case_reader_fuzz) seeds=text ;; fast3_vs_reference_fuzz) seeds=numeric3 ;; *) seeds=numeric ;; esac
  echo "== $t: $seconds s"
  bash fuzz/run_fuzzer.sh "build/fuzz/fuzz/$t" "build/fuzz/fuzz/seeds/$seeds" "$seconds" \
    "build/fuzz/corpus/$t" "build/fuzz/findings/$t" || status=1
done
exit $status
