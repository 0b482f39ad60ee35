#!/usr/bin/env bash
# End-to-end test of `minkowski replay` and `minkowski fixture` on 3D fixtures:
#   1. the 3D curated catalogue replays clean (exit 0), counted on a "3D:" line;
#   2. 2D and 3D fixtures in one directory are replayed together and counted per dimension;
#   3. a 3D fixture whose stored exact answer was tampered with regresses: exit 1, naming the file
#      and the field (squared, relation);
#   4. `minkowski fixture` writes 3D cases as 3D fixtures with their exact answer (values derived
#      by hand below) and the line's own provenance, stores the same case once, and the fixtures
#      replay clean;
#   5. a fixture mixing 2D and 3D points is unreadable: exit 2, naming the file and the point's line;
#   6. `replay --exec` asks the engine about 3D fixtures too: minkowski_exec_fast (the fast 3D
#      library behind the protocol) replays the 3D catalogue clean, an engine flattening its
#      witness points to z = 0 (cli/test/engines/wrong3.py) regresses, exit 1.
# usage: replay3_cli_test.sh MINKOWSKI_BINARY SOURCE_DIR MINKOWSKI_EXEC_FAST
set -u
bin="$1"; src="$2"; fast="$3"
fail() { echo "FAIL: $*"; exit 1; }
command -v python3 >/dev/null || fail "python3 needed to edit and parse JSON"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat3="$src/fixtures/catalogue/3d"
n3=$(ls "$cat3"/*.json | wc -l)
[ "$n3" -ge 15 ] || fail "the 3D catalogue has $n3 fixtures, want at least 15"

# 1. The 3D catalogue replays clean.
"$bin" replay "$cat3" >"$tmp/out" 2>"$tmp/err"; st=$?
[ $st = 0 ] || fail "replay of the 3D catalogue exited $st: $(cat "$tmp/out" "$tmp/err")"
grep -q "^3D: $n3 fixtures, [1-9][0-9]* judgements, 0 regressed$" "$tmp/out" \
  || fail "replay must count the 3D fixtures and their judgements: $(cat "$tmp/out")"
grep -q "^2D:" "$tmp/out" && fail "no 2D fixture was replayed, yet a 2D line: $(cat "$tmp/out")"
echo "1. 3D catalogue: $(tail -1 "$tmp/out")"

# 2. 2D and 3D side by side, counted per dimension.
mkdir -p "$tmp/mixed"
cp "$src/fixtures/catalogue/touch-edge-edge.json" "$tmp/mixed/"
cp "$cat3/libccd-25-3d-stacked-cubes-overlapping.json" "$cat3/fcl-346-3d-same-centre-spheres.json" \
  "$tmp/mixed/"
"$bin" replay "$tmp/mixed" >"$tmp/out" 2>"$tmp/err"; st=$?
[ $st = 0 ] || fail "mixed replay exited $st: $(cat "$tmp/out" "$tmp/err")"
grep -q "^2D: 1 fixtures, .* 0 regressed$" "$tmp/out" || fail "mixed: no 2D line: $(cat "$tmp/out")"
grep -q "^3D: 2 fixtures, .* 0 regressed$" "$tmp/out" || fail "mixed: no 3D line: $(cat "$tmp/out")"
grep -q "^3 fixtures, .* 0 regressed, 0 unreadable$" "$tmp/out" || fail "mixed: total: $(cat "$tmp/out")"
echo "2. 2D and 3D together: counted per dimension"

# 3. A tampered expected answer regresses, naming the file and the field.
tampered="$tmp/mixed/libccd-25-3d-stacked-cubes-overlapping.json"
python3 - "$tampered" <<'PY'
import json, sys
p = sys.argv[1]
j = json.load(open(p))
# The true squared depth is (1 - fl(1.9 - 1))^2 = 900719925474100^2 / 2^106; the tampered one is
# the decimal 0.1 squared, the answer a reader might expect from "1.9".
j["expected"]["squared"] = "1/100"
json.dump(j, open(p, "w"), indent=2)
PY
"$bin" replay "$tmp/mixed" >"$tmp/out" 2>"$tmp/err"; st=$?
[ $st = 1 ] || fail "a tampered 3D fixture must make replay exit 1, got $st: $(cat "$tmp/out")"
grep -qF "REGRESSED $tampered (reference): exact squared changed: stored \"1/100\"" "$tmp/out" \
  || fail "replay must name the tampered file and field: $(cat "$tmp/out")"
grep -q "^3D: 2 fixtures, .* 1 regressed$" "$tmp/out" || fail "the regression is a 3D one: $(cat "$tmp/out")"
grep -q "^2D: 1 fixtures, .* 0 regressed$" "$tmp/out" || fail "2D stays clean: $(cat "$tmp/out")"
# The relation too: the coincident spheres called touching.
cp "$cat3/libccd-25-3d-stacked-cubes-overlapping.json" "$tmp/mixed/"
spheres="$tmp/mixed/fcl-346-3d-same-centre-spheres.json"
sed -i 's/"relation": "overlapping"/"relation": "touching"/' "$spheres"
"$bin" replay "$spheres" >"$tmp/out" 2>"$tmp/err"; st=$?
[ $st = 1 ] || fail "a 3D fixture with a wrong relation must exit 1, got $st: $(cat "$tmp/out")"
grep -qF "REGRESSED $spheres (reference): exact relation changed" "$tmp/out" \
  || fail "replay FILE must name the relation: $(cat "$tmp/out")"
echo "3. tampered 3D answers: exit 1, file and field named"

# 4. `minkowski fixture` on 3D cases.
cat >"$tmp/mine.jsonl" <<'EOF'
# Unit cube [0,1]^3 and the cube [2,3]x[0,1]^2: A - B = [-3,-1]x[-1,1]^2, nearest point
# (-1,0,0): separated, squared distance 1.
{"id": "cubes-1-apart", "a": {"points": [[0,0,0],[1,0,0],[0,1,0],[1,1,0],[0,0,1],[1,0,1],[0,1,1],[1,1,1]]}, "b": {"points": [[2,0,0],[3,0,0],[2,1,0],[3,1,0],[2,0,1],[3,0,1],[2,1,1],[3,1,1]]}, "provenance": {"note": "mine"}}
# The tetrahedron (0,0,0),(4,0,0),(0,4,0),(0,0,4) and the point (1,1,1) inside it: the three
# coordinate planes are 1 away, the slanted face x+y+z=4 is (4-3)/sqrt(3) away, the nearest:
# overlapping, squared depth 1/3.
{"id": "point-in-tetrahedron", "a": {"points": [[0,0,0],[4,0,0],[0,4,0],[0,0,4]]}, "b": {"points": [[1,1,1]]}}
EOF
"$bin" fixture "$tmp/mine.jsonl" --dir "$tmp/fx" >"$tmp/out" 2>"$tmp/err"; st=$?
[ $st = 0 ] || fail "fixture on 3D cases exited $st: $(cat "$tmp/err")"
[ "$(grep -c '\.json$' "$tmp/out")" = 2 ] || fail "fixture must print two paths: $(cat "$tmp/out")"
python3 - "$tmp/fx" "$tmp/mine.jsonl" <<'PY' || exit 1
import json, sys
d, src = sys.argv[1], sys.argv[2]
a = json.load(open(f"{d}/cubes-1-apart.json"))
assert all(len(p) == 3 for p in a["a"]["points"] + a["b"]["points"]), "points must stay 3D"
e = a["expected"]
assert e["relation"] == "separated" and e["squared"] == "1", e
# One direction, +x (from A towards B), as some positive multiple of (1, 0, 0).
dirs = e["directions"]
assert len(dirs) == 1 and dirs[0]["kind"] == "ray", dirs
assert dirs[0]["from"][1:] == ["0", "0"] and not dirs[0]["from"][0].startswith(("-", "0")), dirs
assert "difference_dimension" in e and e["difference_dimension"] == 3, e
p = a["provenance"]
assert p["found_by"] == "minkowski fixture" and p["source"] == f"{src}:3" and p["note"] == "mine", p
b = json.load(open(f"{d}/point-in-tetrahedron.json"))
assert b["expected"]["relation"] == "overlapping" and b["expected"]["squared"] == "1/3", b["expected"]
assert list(b["provenance"]) == ["found_by", "source"], b["provenance"]
PY
"$bin" fixture "$tmp/mine.jsonl" --dir "$tmp/fx" >"$tmp/out2" 2>/dev/null || fail "second fixture run"
cmp -s "$tmp/out" "$tmp/out2" || fail "the same 3D cases must be stored once: $(cat "$tmp/out2")"
[ "$(ls "$tmp/fx" | wc -l)" = 2 ] || fail "fixture left $(ls -a "$tmp/fx")"
"$bin" replay "$tmp/fx" >"$tmp/out" 2>&1 || fail "fresh 3D fixtures must replay clean: $(cat "$tmp/out")"
echo "4. fixture: 3D fixtures with hand-checked exact answers, stored once, replay clean"

# 5. A fixture mixing 2D and 3D points: unreadable, file and line of the point.
mkdir -p "$tmp/bad"
printf '{\n  "a": {"points": [[0, 0, 0],\n                   [1, 0]]},\n  "b": {"points": [[2, 0, 0]]},\n  "expected": {}\n}\n' \
  >"$tmp/bad/mixed.json"
"$bin" replay "$tmp/bad" >"$tmp/out" 2>"$tmp/err"; st=$?
[ $st = 2 ] || fail "a mixed fixture must exit 2, got $st"
grep -qF "unreadable: $tmp/bad/mixed.json:3: shape a: point 1 has 2 coordinates" "$tmp/err" \
  || fail "the mixed fixture must be named with the point's line: $(cat "$tmp/err")"
echo "5. mixed 2D/3D points: unreadable at file:line"

# 6. --exec: the engine answers the 3D fixtures, each judged under the engine's 3D bounds.
"$bin" replay "$cat3" --exec "$fast double" >"$tmp/out" 2>"$tmp/err"; st=$?
[ $st = 0 ] || fail "replay --exec (minkowski_exec_fast) of 3D fixtures exited $st: $(cat "$tmp/out" "$tmp/err")"
grep -q "^3D: $n3 fixtures, $n3 judgements, 0 regressed$" "$tmp/out" \
  || fail "replay --exec must judge every 3D fixture: $(cat "$tmp/out")"
# The witness points' z set to 0: wrong for FCL #293's boxes, whose nearest points lie off z = 0
# (the thin box's faces are z = 0.475 and 0.525).
"$bin" replay "$cat3" --exec "$fast double | $src/cli/test/engines/wrong3.py flat_z" >"$tmp/out" 2>"$tmp/err"; st=$?
[ $st = 1 ] || fail "replay --exec with a wrong 3D engine exited $st, want 1: $(cat "$tmp/out" "$tmp/err")"
grep -qF "REGRESSED $cat3/fcl-293-3d-reported-boxes.json (exec/double): witness" "$tmp/out" \
  || fail "replay --exec must name the wrong 3D answer: $(cat "$tmp/out")"
echo "6. --exec: 3D fixtures asked of the engine, a wrong 3D engine caught"
echo "replay/fixture 3D CLI: all checks passed"
