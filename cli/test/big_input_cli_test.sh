#!/usr/bin/env bash
# Big inputs (docs/reliability.md): a 100,000-point shape through `query`, `fixture` and `replay`
# is handled in bounded time and memory or refused with an error naming the limit. Each command
# runs under a wall-clock limit (timeout) and, except in sanitizer builds, a virtual-memory limit
# (ulimit -v).
#  - 100,000 points inside the square [0,1000]² plus its 4 corners (hull: the 4 corners) against a
#    triangle 10 to the right: handled; the exact squared distance is 10² = 100 (by hand).
#  - 100,000 points on a circle (hull: ~all of them) against a square: |hull A|·|hull B| = 400,000
#    difference points > reference::kMaxDifferencePoints = 16,384: refused, exit 2, message names
#    the limit; `fixture` writes no file; replay of such a fixture reports it unreadable, exit 2.
#  - the largest accepted pair, a 4,096-gon against a square (16,384 difference points): handled.
# `check` takes no input shapes (its generators make polygons of at most 64 vertices), so it has no
# big-input path. The point-count limit (2^20 + 1 points) is in bad_input_catalogue_test.sh.
# usage: big_input_cli_test.sh MINKOWSKI_BINARY
set -u
bin="$1"
fail() { echo "FAIL: $*"; exit 1; }
command -v python3 >/dev/null || fail "python3 needed"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Wall-clock limit per command: far above what the 100,000-point commands need, so that only a
# runaway (not a loaded, shared machine) trips it. Sanitizer builds get 5x.
readonly kWallSeconds=120
# Virtual memory per command: the 100,000-point file is 4 MB of JSON; 1 GiB leaves room for the
# parser's DOM (~100 bytes per number) and the oracle, and is far below what 10^10 difference
# points would need. Sanitizer runtimes reserve terabytes of address space, so no -v limit there.
readonly kMemLimitKiB=$((1024 * 1024))
sanitized=0
if ldd "$bin" 2>/dev/null | grep -q -E 'libasan|libubsan' || nm "$bin" 2>/dev/null | grep -q __asan_init; then
  sanitized=1
  echo "sanitizer build: no ulimit -v (ASan reserves address space); wall-clock limit only"
fi

run() {  # run OUT ERR CMD...: with the limits; returns the command's status
  local out=$1 err=$2; shift 2
  local start=$SECONDS
  if [ $sanitized -eq 0 ]; then
    ( ulimit -v $kMemLimitKiB; exec timeout $kWallSeconds "$@" ) >"$out" 2>"$err"
  else
    timeout $((kWallSeconds * 5)) "$@" >"$out" 2>"$err"
  fi
  local st=$?
  [ $st -ne 124 ] || fail "timed out: $*"
  echo "  $(basename "$1") ${2:-} ${3:-}: exit $st, $((SECONDS - start)) s"
  return $st
}

python3 - "$tmp" <<'PY'
import json, math, random, sys
d = sys.argv[1]
n = 100_000
rng = random.Random(20261122)
inside = [[0, 0], [1000, 0], [1000, 1000], [0, 1000]] + [
    [rng.uniform(1, 999), rng.uniform(1, 999)] for _ in range(n - 4)]
tri = [[1010, 0], [1020, 0], [1010, 10]]
open(f"{d}/inside.jsonl", "w").write(json.dumps({"id": "100k-inside-square", "a": {"points": inside}, "b": {"points": tri}}) + "\n")
circle = [[1000 * math.cos(2 * math.pi * k / n), 1000 * math.sin(2 * math.pi * k / n)] for k in range(n)]
square = [[0, 0], [1, 0], [1, 1], [0, 1]]
c = {"id": "100k-circle", "a": {"points": circle}, "b": {"points": square}}
open(f"{d}/circle.jsonl", "w").write(json.dumps(c) + "\n")
c["expected"] = {}
open(f"{d}/circle-fixture.json", "w").write(json.dumps(c, indent=1))
m = 4096  # 4096 · 4 = 16384 = kMaxDifferencePoints
gon = [[1000 * math.cos(2 * math.pi * k / m), 1000 * math.sin(2 * math.pi * k / m)] for k in range(m)]
open(f"{d}/limit.jsonl", "w").write(json.dumps({"id": "limit", "a": {"points": gon}, "b": {"points": square}}) + "\n")
PY

echo "100,000 points, small hull:"
run "$tmp/out" "$tmp/err" "$bin" query "$tmp/inside.jsonl" || fail "query on 100k-inside-square exited $?: $(head -c 300 "$tmp/err")"
python3 - "$tmp/out" <<'PY' || fail "wrong answer for 100k-inside-square"
import json, sys
j = json.loads(open(sys.argv[1]).read())
assert j["exact"]["relation"] == "separated" and j["exact"]["squared"] == "100", j["exact"]
assert all("skipped" in v or v["within_tolerance"] or v.get("judged") is False for v in j["fast"].values()), j["fast"]
PY
run "$tmp/out" "$tmp/err" "$bin" fixture "$tmp/inside.jsonl" --dir "$tmp/fx" || fail "fixture exited $?"
run "$tmp/out" "$tmp/err" "$bin" replay "$tmp/fx" || fail "replay of the 100k fixture exited $?: $(head -c 300 "$tmp/out")"

echo "100,000 points on a circle (refused):"
want="shapes a and b have 100000 and 4 hull vertices: their Minkowski difference would have more than kMaxDifferencePoints = 16384 points"
run "$tmp/out" "$tmp/err" "$bin" query "$tmp/circle.jsonl"; st=$?
[ $st -eq 2 ] || fail "query on 100k-circle exited $st, want 2"
grep -qF "$tmp/circle.jsonl:1: $want" "$tmp/err" || fail "query message: $(head -c 300 "$tmp/err")"
run "$tmp/out" "$tmp/err" "$bin" fixture "$tmp/circle.jsonl" --dir "$tmp/fx2"; st=$?
[ $st -eq 2 ] || fail "fixture on 100k-circle exited $st, want 2"
[ "$(find "$tmp/fx2" -type f 2>/dev/null | wc -l)" -eq 0 ] || fail "fixture wrote a file for a refused case"
mkdir -p "$tmp/rp" && cp "$tmp/circle-fixture.json" "$tmp/rp/"
run "$tmp/out" "$tmp/err" "$bin" replay "$tmp/rp"; st=$?
[ $st -eq 2 ] || fail "replay of the 100k-circle fixture exited $st, want 2"
grep -qF "unreadable: $tmp/rp/circle-fixture.json: $want" "$tmp/err" || fail "replay message: $(head -c 300 "$tmp/err")"

if [ $sanitized -eq 1 ]; then
  echo "sanitizer build: the largest accepted pair is left to the default build (quadratic, slow under ASan)"
  echo PASS
  exit 0
fi
echo "largest accepted pair (4,096-gon vs square, 16,384 difference points):"
run "$tmp/out" "$tmp/err" "$bin" query "$tmp/limit.jsonl" || fail "query at the limit exited $?: $(head -c 300 "$tmp/err")"
python3 -c "import json,sys; j=json.load(open(sys.argv[1])); assert j['exact']['relation']=='overlapping'" "$tmp/out" \
  || fail "4096-gon containing the unit square must overlap it"
echo PASS
