#!/usr/bin/env bash
# End-to-end test of `minkowski query`: JSON shape of the answers, exit status 2 for bad lines
# while good lines are still answered, errors naming the line. Expected relations are the
# hand-derived ones of reference/test/oracle_hand_test.cpp for the same shapes.
set -u
bin="$1"; examples="$2"
fail() { echo "FAIL: $*"; exit 1; }
command -v python3 >/dev/null || fail "python3 needed to parse JSON output"

out=$("$bin" query "$examples") || fail "query on the examples exited $?"
python3 - "$out" <<'PY' || exit 1
import json, sys
lines = [json.loads(l) for l in sys.argv[1].splitlines()]
want = {"overlapping-unit-squares": ("overlapping", "1/4"), "touching-edge-edge": ("touching", "0"),
        "touching-vertex-vertex": ("touching", "0"), "square-inside-square": ("overlapping", "4"),
        "identical-squares": ("overlapping", "1"), "crossing-segments": ("overlapping", "2"),
        "tangent-circles": ("touching", None), "capsule-vs-box": ("separated", None),
        "rectangle-vs-circle": ("overlapping", None),
        "not-a-double-difference": ("separated", "399999999999999960000000000000001/4"),  # (2e16 − 1)²/4
        # 3D: unit cubes 1/2 apart along x; a point at the centre of a cube of side 2 (depth 1,
        # six tied directions); a unit ball at (3,3,3) from the corner (2,2,2): sqrt(3) − 1;
        # unit squares in the planes z = 0 and z = 1, overlapping in x, y: 1 apart; segments
        # along x at z = 0 and along y at z = 1, crossing over (1, 0): 1 apart.
        "cubes-face-to-face-3d": ("separated", "1/4"), "point-at-cube-centre-3d": ("overlapping", "1"),
        "ball-at-cube-corner-3d": ("separated", None), "parallel-flat-squares-3d": ("separated", "1"),
        "skew-segments-3d": ("separated", "1")}
assert len(lines) == len(want), f"{len(lines)} answers for {len(want)} cases"
for l in lines:
    rel, sq = want[l["id"]]
    e = l["exact"]
    assert e["relation"] == rel, (l["id"], e["relation"])
    assert e.get("squared") == sq, (l["id"], e.get("squared"))
    digits = e["signed_distance"].lstrip("-").split("e")[0].replace(".", "")
    assert e["signed_distance"] == "0" or len(digits) >= 34, e["signed_distance"]
centre = next(l for l in lines if l["id"] == "point-at-cube-centre-3d")["exact"]
assert len(centre["directions"]) == 6, centre["directions"]
ball = next(l for l in lines if l["id"] == "ball-at-cube-corner-3d")["exact"]
assert ball["signed_distance"].startswith("7.320508075688772935274463415058723669428"), ball
print("examples: relations and squared values as derived by hand")
PY

bad=$'{"id":"ok","a":{"points":[[0,0]]},"b":{"points":[[3,4]]}}\nnot json\n{"a":{"points":[[0,0]]}}\n{"a":{"points":[[0,0]],"radius":-1},"b":{"points":[[1,1]]}}\n{"id":"ok2","a":{"points":[[0,0]]},"b":{"points":[[0,1]]}}'
out=$(printf '%s\n' "$bad" | "$bin" query 2>err.txt); status=$?
[ "$status" = 2 ] || fail "bad lines: exit $status, want 2"
[ "$(printf '%s\n' "$out" | wc -l)" = 5 ] || fail "want 5 output lines (3 errors in place), got: $out"
grep -q '"id":"ok".*"squared":"25"' <<<"$out" || fail "line 1 not answered: $out"
grep -q '"id":"ok2".*"squared":"1"' <<<"$out" || fail "line 5 not answered: $out"
grep -q '<stdin>:2: not valid JSON' err.txt || fail "line 2 error missing: $(cat err.txt)"
grep -q '<stdin>:3: missing shape "b"' err.txt || fail "line 3 error missing: $(cat err.txt)"
grep -q '<stdin>:4: shape a: radius -1 is negative' err.txt || fail "line 4 error missing: $(cat err.txt)"
# One case over several lines (a fixture file is pretty-printed): one answer, not an error per line.
tmpd=$(mktemp -d); trap 'rm -rf "$tmpd"' EXIT
printf '{\n  "id": "pretty",\n  "a": {"points": [[0, 0]]},\n  "b": {"points": [[3, 4]]}\n}\n' >"$tmpd/one.json"
out=$("$bin" query "$tmpd/one.json" 2>err.txt) || fail "one pretty-printed case: exit $?: $(cat err.txt)"
[ "$(printf '%s\n' "$out" | wc -l)" = 1 ] || fail "one pretty-printed case: want 1 line, got: $out"
grep -q '"id":"pretty".*"squared":"25"' <<<"$out" || fail "pretty-printed case not answered: $out"
printf '{\n  "a": {"points": [[0, 0]]}\n}\n' >"$tmpd/bad.json"
out=$("$bin" query "$tmpd/bad.json" 2>err.txt); status=$?
[ "$status" = 2 ] || fail "pretty-printed bad case: exit $status, want 2"
grep -q "bad.json:1: missing shape \"b\"" err.txt || fail "pretty-printed bad case: $(cat err.txt)"
[ "$(printf '%s\n' "$out" | wc -l)" = 1 ] || fail "pretty-printed bad case: want 1 error line, got: $out"
printf '\xEF\xBB\xBF{\n  "id": "bom",\n  "a": {"points": [[0, 0]]},\n  "b": {"points": [[0, 2]]}\n}\n' >"$tmpd/bom.json"
out=$("$bin" query --exact-only "$tmpd/bom.json" 2>err.txt) || fail "pretty-printed case after a BOM: exit $?: $(cat err.txt)"
grep -q '"id":"bom".*"squared":"4"' <<<"$out" || fail "pretty-printed case after a BOM: $out"
printf '\n{\n  "a": {"points": [[0, 0]]}\n}\n' >"$tmpd/bad2.json"
"$bin" query "$tmpd/bad2.json" >/dev/null 2>err.txt
grep -q "bad2.json:2: missing shape \"b\"" err.txt || fail "the case's first line after a blank one: $(cat err.txt)"
# A batch through a pipe named as FILE (not seekable) is answered line by line, as before.
two=$'{"id":"p1","a":{"points":[[0,0]]},"b":{"points":[[3,4]]}}\n{"id":"p2","a":{"points":[[0,0]]},"b":{"points":[[0,1]]}}'
out=$("$bin" query --exact-only <(printf '%s\n' "$two") 2>err.txt) || fail "batch through a pipe: exit $?: $(cat err.txt)"
[ "$(printf '%s\n' "$out" | grep -c '"id":"p[12]"')" = 2 ] || fail "batch through a pipe: want 2 answers, got: $out"
"$bin" query /nonexistent/file >/dev/null 2>&1; [ $? = 2 ] || fail "missing file must exit 2"
"$bin" query --no-such-flag >/dev/null 2>&1; [ $? = 2 ] || fail "usage error must exit 2"
echo "query CLI: all checks passed"
