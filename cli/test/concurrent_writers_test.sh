#!/usr/bin/env bash
# Fixture writing under concurrency and SIGKILL (docs/reliability.md).
#  1. Two `minkowski check` campaigns write fixtures into the same directory at once — once with
#     different seeds, once with the same seed (so they race on the same file names). Violations
#     are forced with the hidden test option `--bounds-scale 0` (every bound multiplied by 0:
#     anything but an exact answer is a violation). Afterwards every fixture path either run
#     reported exists, every *.json parses as a fixture (`minkowski replay` finds 0 unreadable)
#     and no temporary file is left.
#  2. A campaign killed with SIGKILL at kKills pseudo-random moments while it writes leaves no half
#     fixture: replay reads every *.json (0 unreadable; replay skips .tmp-* names, which are the
#     only place a half-written file can be). The .tmp-* debris a kill leaves is counted and printed.
# usage: concurrent_writers_test.sh MINKOWSKI_BINARY
set -u
bin="$1"
fail() { echo "FAIL: $*"; exit 1; }
command -v python3 >/dev/null || fail "python3 needed to parse fixtures"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Cases per family and fixtures per run: enough that each run writes several fixtures (one per
# algorithm/family/precision cell that fails, up to kMaxFixtures), small enough to take seconds.
readonly kCases=20 kMaxFixtures=30
# SIGKILL rounds, and the longest wait before a kill (ms): a run writing fixtures lasts ~0.5–2 s
# here, so kills land before, during and after writing.
readonly kKills=12 kMaxKillDelayMs=1500

campaign() {  # campaign SEED DIR LOG
  "$bin" check --dim 2 --cases $kCases --seed "$1" --bounds-scale 0 --max-fixtures $kMaxFixtures --threads 1 \
    --quiet --fixtures "$2" >/dev/null 2>"$3"
}

reported() { grep -h '^  fixture: ' "$@" | sed 's/^  fixture: //' | sort -u; }


# --- 1. two campaigns at once ------------------------------------------------------------------
for pair in "101 202" "303 303"; do
  set -- $pair
  dir="$tmp/both-$1-$2"
  campaign "$1" "$dir" "$tmp/log1" & p1=$!
  campaign "$2" "$dir" "$tmp/log2" & p2=$!
  wait $p1; s1=$?; wait $p2; s2=$?
  [ $s1 -eq 1 ] && [ $s2 -eq 1 ] || fail "seeds $pair: campaigns exited $s1, $s2 (want 1: violations)"
  n=$(reported "$tmp/log1" "$tmp/log2" | wc -l)
  [ "$n" -ge 2 ] || fail "seeds $pair: only $n fixtures reported; the test needs violations"
  while read -r path; do
    [ -f "$path" ] || fail "seeds $pair: reported fixture $path is missing"
  done < <(reported "$tmp/log1" "$tmp/log2")
  tmpfiles=$(find "$dir" -name '.tmp-*' | wc -l)
  [ "$tmpfiles" -eq 0 ] || fail "seeds $pair: $tmpfiles temporary files left"
  # Exit 1 expected from replay: real bounds may accept the fixtures (exit 0) — allow both.
  "$bin" replay "$dir" >"$tmp/replay.out" 2>"$tmp/replay.err"; st=$?
  [ $st -le 1 ] || fail "seeds $pair: replay exited $st: $(head -5 "$tmp/replay.err")"
  grep -q ' 0 unreadable$' "$tmp/replay.out" || fail "seeds $pair: unreadable fixtures"
  python3 - "$dir" <<'PY' || fail "seeds $pair: a fixture does not parse"
import json, pathlib, sys
for f in pathlib.Path(sys.argv[1]).glob("*.json"):
    j = json.loads(f.read_text())
    assert {"a", "b", "expected", "provenance"} <= set(j), f
PY
  echo "seeds $pair: $n fixtures reported by the two runs, all present and parsing"
done

# --- 2. SIGKILL mid-write ----------------------------------------------------------------------
dir="$tmp/killed"
RANDOM=20261122  # bash's generator, seeded: the same kill moments every run
for ((i = 0; i < kKills; i++)); do
  "$bin" check --dim 2 --cases $kCases --seed $((500 + i)) --bounds-scale 0 --max-fixtures $kMaxFixtures \
    --threads 1 --quiet --fixtures "$dir" >/dev/null 2>&1 &
  pid=$!
  sleep "$(printf '0.%03d' $((RANDOM % kMaxKillDelayMs % 1000)))"
  [ $((RANDOM % kMaxKillDelayMs)) -ge 1000 ] && sleep 0.5
  kill -KILL $pid 2>/dev/null
  wait $pid 2>/dev/null
done
if [ -d "$dir" ]; then
  "$bin" replay "$dir" >"$tmp/replay.out" 2>"$tmp/replay.err"; st=$?
  [ $st -le 1 ] || fail "after kills: replay exited $st: $(head -5 "$tmp/replay.err")"
  grep -q ' 0 unreadable$' "$tmp/replay.out" || fail "after kills: unreadable fixtures: $(head -5 "$tmp/replay.err")"
  python3 - "$dir" <<'PY' || fail "after kills: a fixture does not parse"
import json, pathlib, sys
for f in pathlib.Path(sys.argv[1]).glob("*.json"):
    if not f.name.startswith(".tmp-"):
        json.loads(f.read_text())
PY
  echo "after $kKills SIGKILLs: $(ls "$dir" | wc -l) fixtures, all parse; $(find "$dir" -name '.tmp-*' | wc -l) .tmp-* files left (never read)"
else
  fail "no campaign got as far as writing a fixture before its kill; raise kMaxKillDelayMs"
fi
echo PASS
