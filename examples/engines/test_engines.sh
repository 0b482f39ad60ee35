#!/bin/sh
# test_engines.sh ENGINE_DIR PACKAGE — runs one Node --exec adapter (ENGINE_DIR/adapter.js) on
# fixed cases with hand-derived answers and checks its output; exit 77 (ctest SKIP_RETURN_CODE)
# with a message when node or the npm package is not installed (scripts/install-engines.sh).
#
# Cases and the answers derived by hand (normal from A to B, depth = shortest translation of B):
#   1 squares [0,1]² and [0.5,1.5]×[0.25,1.25]: overlap 0.5 along x, 0.75 along y →
#     intersects, normal (1,0), depth 0.5                        (every engine)
#   2 squares [0,1]² and [2,3]×[0,1]: separated, distance 1      (planck also: distance 1)
#   3 rectangle [0,2]×[0,1] and the circle at (3,0.5), radius 1.5: the centre is 1 from the right
#     edge → intersects, normal (1,0), depth 0.5                 (sat-js, planck-js, rapier2d; matter-js skips)
#   4 capsule (segment (0,0)–(4,0), radius 1) and the square [0,1]×[2,3]: skip (sat-js, matter-js,
#     planck-js have no capsule); rapier2d: the segment is 2 below the square's bottom edge y = 2
#     along x ∈ [0,1], so separated, distance 2 − 1 = 1
#   5 a line that is not JSON: the answers to 1–4, a message on stderr, exit status 2
set -u
dir=$1
package=$2
command -v node >/dev/null 2>&1 || { echo "SKIP: node is not installed (scripts/install-engines.sh)"; exit 77; }
[ -d "$dir/node_modules/$package" ] || { echo "SKIP: $dir/node_modules/$package missing: run scripts/install-engines.sh"; exit 77; }
engine=$(basename "$dir")
out=$(mktemp) err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT
node "$dir/adapter.js" >"$out" 2>"$err" <<'CASES'
{"id":"squares-overlap","a":{"points":[[0,0],[1,0],[1,1],[0,1]]},"b":{"points":[[0.5,0.25],[1.5,0.25],[1.5,1.25],[0.5,1.25]]}}
{"id":"squares-apart","a":{"points":[[0,0],[1,0],[1,1],[0,1]]},"b":{"points":[[2,0],[3,0],[3,1],[2,1]]}}
{"id":"rect-circle","a":{"points":[[0,0],[2,0],[2,1],[0,1]]},"b":{"points":[[3,0.5]],"radius":1.5}}
{"id":"capsule","a":{"points":[[0,0],[4,0]],"radius":1},"b":{"points":[[0,2],[1,2],[1,3],[0,3]]}}
not a case
CASES
status=$?
if [ "$status" -ne 2 ]; then echo "FAIL: exit status $status on a malformed line, expected 2"; cat "$err"; exit 1; fi
grep -q "stdin line 5" "$err" || { echo "FAIL: the error does not name line 5:"; cat "$err"; exit 1; }
python3 - "$engine" "$out" <<'PY'
import json, sys
engine, path = sys.argv[1], sys.argv[2]
# Answers are hand-derived (header); all inputs are exact binary fractions, so 1e-12 only allows
# for a normalisation's last bit.
TOL = 1e-12
# rapier2d computes in f32: a few units of 2^-24 at the cases' scale (S <= 4.5) -> 1e-6.
if engine == "rapier2d":
    TOL = 1e-6
# rapier2d's distance comes from parry's GJK, which stops once the gap between its bounds is
# within sqrt(10·f32::EPSILON) ≈ 1.09e-3 of the distance (parry src/query/gjk/gjk.rs:141-144 and
# 365-367, 413); case 4's distance is 1, so 1.1e-3 (rapier2d/README.md).
RAPIER_GJK_TOL = 1.1e-3
answers = [json.loads(l) for l in open(path) if l.strip()]
fails = []
def check(i, cond, what):
    if not cond:
        fails.append(f"case {i + 1}: {what}: {json.dumps(answers[i]) if i < len(answers) else 'no answer'}")
if len(answers) != 4:
    print(f"FAIL: {len(answers)} answers to 4 cases"); sys.exit(1)
def near(v, w): return abs(v - w) <= TOL
def overlap(i, normal, depth):
    a = answers[i]
    check(i, a.get("intersects") is True, "intersects")
    n = a.get("normal", [None, None])
    check(i, n[0] is not None and near(n[0], normal[0]) and near(n[1], normal[1]), f"normal {normal}")
    check(i, a.get("depth") is not None and near(a["depth"], depth), f"depth {depth}")
overlap(0, [1, 0], 0.5)
check(1, answers[1].get("intersects") is False, "separated")
if engine in ("planck-js", "rapier2d"):
    check(1, near(answers[1].get("distance", -1), 1.0), "distance 1")
if engine == "matter-js":
    check(2, answers[2] == {"skip": True}, "circle skipped")
else:
    overlap(2, [1, 0], 0.5)
if engine == "rapier2d":
    check(3, answers[3].get("intersects") is False, "capsule separated")
    check(3, abs(answers[3].get("distance", -1) - 1.0) <= RAPIER_GJK_TOL, "capsule distance 1")
else:
    check(3, answers[3] == {"skip": True}, "capsule skipped")
for f in fails: print("FAIL:", f)
sys.exit(1 if fails else 0)
PY
status=$?
[ "$status" -eq 0 ] && echo "ok: $engine adapter answers the hand-derived cases"
exit $status
