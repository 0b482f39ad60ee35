#!/usr/bin/env bash
# Runs one libFuzzer target for a fixed time on its seed corpus; fails on any finding.
# usage: run_fuzzer.sh FUZZER SEED_DIR SECONDS [WORK_CORPUS_DIR] [ARTIFACT_DIR] [LIBFUZZER_FLAG...]
# New inputs go to WORK_CORPUS_DIR (default: a temporary directory, removed afterwards), so the
# generated seeds stay as generated. A crash, UB report, leak, timeout or abort is written to
# ARTIFACT_DIR (default: the current directory) as crash-*/timeout-*/oom-* and the exit is non-zero.
# The last libFuzzer status line (execs, cov, ft, corp) is printed at the end.
set -euo pipefail
fuzzer=$1 seeds=$2 seconds=$3
work=${4:-}
artifacts=${5:-$PWD}
shift $(( $# < 5 ? $# : 5 ))
extra=("$@")  # e.g. -seed=N -runs=N for a reproducible smoke run
# Per-input limits: the slowest seed input takes well under 0.1 s under ASan; 10 s means a hang,
# not a slow case. Memory: libFuzzer's default 2048 MB RSS limit, said explicitly.
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
status=0
"$fuzzer" "$work" "$seeds" -max_total_time="$seconds" -timeout=$kInputTimeoutSeconds \
  -rss_limit_mb=$kRssLimitMb -print_final_stats=1 -artifact_prefix="$artifacts/" ${extra[@]+"${extra[@]}"} >"$log" 2>&1 \
  || status=$?
grep -E '^#[0-9]+' "$log" | tail -1 || true
grep -E '^stat::(number_of_executed_units|peak_rss_mb)' "$log" || true
if [ $status -ne 0 ]; then
  echo "$(basename "$fuzzer"): FINDING (exit $status); last 60 lines of its log:"
  tail -60 "$log"
fi
rm -f "$log"
exit $status
