#!/usr/bin/env bash
# Runs one libFuzzer target for a fixed time on its seed corpus; fails on any finding.
# usage: run_fuzzer.sh FUZZER SEED_DIR SECONDS [WORK_CORPUS_DIR] [ARTIFACT_DIR] [LIBFUZZER_FLAG...]
# New inputs go to WORK_CORPUS_DIR (default: a temporary directory, removed afterwards), so the
# generated seeds stay as generated. A crash, UB report, leak, timeout or abort is written to
# ARTIFACT_DIR (default: the current directory) as crash-*/timeout-*/oom-* and the exit is non-zero.
# The last libFuzzer status line (execs, cov, ft, corp) is printed at the end; on a finding, the
# end of the log without libFuzzer's progress lines: the target's report (what broke, the case as
# JSON, the fixture written) and the crash's stack, last, so that a CI log cut short shows them.
# The seeds are handed over as a sorted file list (-seed_inputs=@LIST), not as a directory:
# libFuzzer orders seeds by size only and leaves ties in the order the directory lists them, which
# differs between file systems. That removes one difference between CI and here; the other was
# libFuzzer's comparison tracing, which feeds heap addresses into the mutations (the smoke tests
# pass -use_cmp=0, see fuzz/CMakeLists.txt). The report above carries the case all the same.
set -euo pipefail
fuzzer=$1 seeds=$2 seconds=$3
work=${4:-}
artifacts=${5:-$PWD}
shift $(( $# < 5 ? $# : 5 ))
extra=("$@")  # e.g. -seed=N -runs=N for a reproducible smoke run
# Per-input limits: the time limit is orders of magnitude above what the slowest seed input needs
# under ASan, so reaching it means a hang, not a slow case. Memory: libFuzzer's default 2048 MB RSS
# limit, said explicitly.
readonly kInputTimeoutSeconds=10
readonly kRssLimitMb=2048
cleanup=""
if [ -z "$work" ]; then
  work=$(mktemp -d)
  cleanup=$work
fi
trap '[ -n "$cleanup" ] && rm -rf "$cleanup"' EXIT
mkdir -p "$work" "$artifacts"
log=$(mktemp)
list=$(mktemp)
find "$seeds" -type f ! -name stamp | LC_ALL=C sort | paste -sd, - >"$list"  # comma-separated
status=0
"$fuzzer" "$work" -seed_inputs=@"$list" -max_total_time="$seconds" -timeout=$kInputTimeoutSeconds \
  -rss_limit_mb=$kRssLimitMb -print_final_stats=1 -artifact_prefix="$artifacts/" ${extra[@]+"${extra[@]}"} >"$log" 2>&1 \
  || status=$?
grep -E '^#[0-9]+' "$log" | tail -1 || true
grep -E '^stat::(number_of_executed_units|peak_rss_mb)' "$log" || true
if [ $status -ne 0 ]; then
  echo "$(basename "$fuzzer"): FINDING (exit $status); the end of its log, progress lines left out:"
  grep -v -E '^#[0-9]+' "$log" | grep -v -E '^(INFO|MS):|^[[:space:]]+NEW_FUNC' | tail -40
fi
rm -f "$log" "$list"
exit $status
