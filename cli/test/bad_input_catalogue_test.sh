#!/usr/bin/env bash
# The bad-input catalogue on the command line: each class of bad input goes through
# `minkowski query`, `minkowski fixture`, `minkowski render` and `minkowski replay`, and each must give
#   - its specific error message (asserted below), naming the file and the line;
#   - exit status 2;
#   - no partial output: query's stdout holds only whole JSON lines, the bad case's line being
#     {"id": null, "line": N, "error": ...} with no answer; `fixture` writes no file for the bad
#     case and leaves no .tmp-* debris; render writes no SVG; replay writes nothing (it only prints).
# Every input file has a good case on line 1 and the bad one on line 2, so the test also shows
# that good input around bad input is still answered. The library-API side of the catalogue is
# fixtures/test/bad_input_catalogue_test.cpp; engine failures of `check --exec` (crash, hang,
# garbage, answering twice or not at all) are covered by cli/test/exec_cli_test.sh.
# usage: bad_input_catalogue_test.sh MINKOWSKI_BINARY SOURCE_DIR
set -u
bin="$1"; src="$2"
fail() { echo "FAIL: $*"; exit 1; }
command -v python3 >/dev/null || fail "python3 needed to parse JSON output"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

good='{"id":"good","a":{"points":[[0,0],[1,0],[0,1]]},"b":{"points":[[2,2]]}}'
covered=()

# expect_bad CLASS MESSAGE [noline]: $tmp/CLASS.jsonl must already hold the good line and the bad
# line 2.
expect_bad() {
  local cls=$1 msg=$2 f="$tmp/$1.jsonl"
  covered+=("$cls")
  # query
  "$bin" query --exact-only "$f" >"$tmp/out" 2>"$tmp/err"; local st=$?
  [ $st -eq 2 ] || fail "$cls: query exited $st, want 2"
  grep -qF -- "$f:2: $msg" "$tmp/err" || fail "$cls: query stderr lacks '$f:2: $msg': $(head -c 400 "$tmp/err")"
  python3 - "$tmp/out" "$cls" <<'PY' || fail "$cls: query stdout is not whole answer lines"
import json, sys
raw = open(sys.argv[1], "rb").read()
assert raw.endswith(b"\n"), "last line not terminated"
lines = [json.loads(l) for l in raw.decode("utf-8").splitlines()]
assert len(lines) == 2, f"{len(lines)} lines, want 2"
assert lines[0]["id"] == "good" and "exact" in lines[0], lines[0]
assert lines[1]["id"] is None and lines[1]["line"] == 2 and "exact" not in lines[1], lines[1]
PY
  # fixture
  rm -rf "$tmp/fx"
  "$bin" fixture "$f" --dir "$tmp/fx" >/dev/null 2>"$tmp/err"; st=$?
  [ $st -eq 2 ] || fail "$cls: fixture exited $st, want 2"
  grep -qF -- "$f:2: $msg" "$tmp/err" || fail "$cls: fixture stderr lacks the message: $(head -c 400 "$tmp/err")"
  local n; n=$(find "$tmp/fx" -type f | wc -l)
  [ "$n" -eq 1 ] || fail "$cls: fixture left $n files, want 1 (the good case): $(ls -a "$tmp/fx")"
  # render: one case per file, so the bad line alone, which is line 1 there (written without its
  # newline, as query sees the line: a parse error at the end of input is on the line after the
  # last newline). Errors found after reading (the oracle refusing the pair) carry no line: $3 is
  # "noline" for those.
  local one="$tmp/$cls.one.json" where
  sed -n 2p "$f" | head -c -1 >"$one"
  where="$one:1: "; [ "${3:-}" = noline ] && where=""
  rm -f "$tmp/render.svg"
  "$bin" render "$one" --out "$tmp/render.svg" >"$tmp/out" 2>"$tmp/err"; st=$?
  [ $st -eq 2 ] || fail "$cls: render exited $st, want 2"
  grep -qF -- "minkowski render: $where$msg" "$tmp/err" \
    || fail "$cls: render stderr lacks 'minkowski render: $where$msg': $(head -c 400 "$tmp/err")"
  [ ! -e "$tmp/render.svg" ] && [ ! -s "$tmp/out" ] || fail "$cls: render left output"
}

# expect_bad_replay CLASS FILE LINE MESSAGE: a fixture directory holding one good fixture and FILE.
expect_bad_replay() {
  local cls=$1 file=$2 line=$3 msg=$4
  covered+=("replay: $cls")
  "$bin" replay "$(dirname "$file")" >"$tmp/out" 2>"$tmp/err"; local st=$?
  [ $st -eq 2 ] || fail "replay $cls: exited $st, want 2"
  grep -qF -- "unreadable: $file:$line: $msg" "$tmp/err" \
    || fail "replay $cls: stderr lacks 'unreadable: $file:$line: $msg': $(head -c 400 "$tmp/err")"
  grep -q "2 fixtures, .* 1 unreadable" "$tmp/out" || fail "replay $cls: summary: $(cat "$tmp/out")"
}

case_file() { printf '%s\n' "$good" >"$tmp/$1.jsonl"; printf '%s\n' "$2" >>"$tmp/$1.jsonl"; }
B='"b":{"points":[[0,0]]}'

case_file nan-literal "{\"a\":{\"points\":[[NaN,0]]},$B}"
expect_bad nan-literal "not valid JSON ("
case_file infinity-literal "{\"a\":{\"points\":[[0,Infinity]]},$B}"
expect_bad infinity-literal "not valid JSON ("
case_file empty-points "{\"a\":{\"points\":[]},$B}"
expect_bad empty-points "shape a: no points (a shape needs at least one)"
case_file negative-radius "{\"a\":{\"points\":[[0,0]],\"radius\":-0.5},$B}"
expect_bad negative-radius "shape a: radius -0.5 is negative"
case_file non-finite-radius "{\"a\":{\"points\":[[0,0]],\"radius\":1e999},$B}"
expect_bad non-finite-radius "number out of the range of double ("
case_file huge-number-1e400 "{\"a\":{\"points\":[[1e400,0]]},$B}"
expect_bad huge-number-1e400 "number out of the range of double ("
# 2^1022 is the reference's limit (reference/src/shape.cpp): 1e308 > 2^1022 ≈ 4.49e307.
case_file beyond-2^1022 "{\"a\":{\"points\":[[0,1e308]]},$B}"
expect_bad beyond-2^1022 "shape a: point 0 has coordinate 1e+308, beyond ±2^1022"
case_file malformed-json "{\"a\":{\"points\":[[0,0]]},$B,}"
expect_bad malformed-json "not valid JSON ("
case_file truncated-line "{\"a\":{\"points\":[[0,0"
expect_bad truncated-line "not valid JSON ("
printf '%s\n{"id":"\xff\xfe","a":{"points":[[0,0]]},%s}\n' "$good" "$B" >"$tmp/non-utf8-string.jsonl"
expect_bad non-utf8-string "not valid JSON ("
grep -qF 'ill-formed UTF-8 byte' "$tmp/err" || fail "non-utf8-string: message does not say ill-formed UTF-8"
printf '%s\n\xc3\x28\n' "$good" >"$tmp/non-utf8-bytes.jsonl"
expect_bad non-utf8-bytes "not valid JSON ("
case_file points-not-array "{\"a\":{\"points\":\"x\"},$B}"
expect_bad points-not-array 'shape a: "points" must be an array of [x, y] pairs'
case_file number-as-string "{\"a\":{\"points\":[[\"1\",0]]},$B}"
expect_bad number-as-string 'shape a: point 0 must be a pair of numbers [x, y], got ["1",0]'
case_file radius-as-string "{\"a\":{\"points\":[[0,0]],\"radius\":\"1\"},$B}"
expect_bad radius-as-string 'shape a: "radius" must be a number, got "1"'
case_file point-of-three "{\"a\":{\"points\":[[0,0,0]]},$B}"
expect_bad point-of-three "shape b: point 0 has 2 coordinates but shape a's points have 3 (a case has all 2D or all 3D points)"
case_file missing-shape "{\"a\":{\"points\":[[0,0]]}}"
expect_bad missing-shape 'missing shape "b"'
case_file missing-points "{\"a\":{\"radius\":1},$B}"
expect_bad missing-points 'shape a: missing "points"'
case_file not-an-object '[1,2]'
expect_bad not-an-object 'a case must be a JSON object with "a" and "b"'
case_file duplicate-key "{\"a\":{\"points\":[[0,0]],\"radius\":1,\"radius\":-1},$B}"
expect_bad duplicate-key 'duplicate key "radius" in an object'
# Too many points: reference::kMaxReferencePoints = 2^20; one more.
python3 -c "
import sys
n = (1 << 20) + 1
sys.stdout.write(sys.argv[1] + '\n{\"a\":{\"points\":[' + ','.join(['[0,0]'] * n) + ']},\"b\":{\"points\":[[0,0]]}}\n')
" "$good" >"$tmp/too-many-points.jsonl"
expect_bad too-many-points "shape a: 1048577 points, more than the limit of 1048576"
# A pair too big for the oracle: 2500 points on the parabola y = x² (all hull vertices, exactly),
# so the Minkowski difference would have 2500² = 6,250,000 > reference::kMaxDifferencePoints = 2^14.
python3 -c "
import json, sys
p = [[i, i * i] for i in range(2500)]
print(sys.argv[1]); print(json.dumps({'a': {'points': p}, 'b': {'points': [[-x, -y] for x, y in p]}}))
" "$good" >"$tmp/difference-too-large.jsonl"
expect_bad difference-too-large "shapes a and b have 2500 and 2500 hull vertices: their Minkowski difference would have more than kMaxDifferencePoints = 16384 points" noline

# replay: a directory with one good catalogue fixture and one bad file each time.
good_fixture=$(ls "$src"/fixtures/catalogue/*.json | head -1)
mk_replay_dir() { rm -rf "$tmp/rp"; mkdir -p "$tmp/rp"; cp "$good_fixture" "$tmp/rp/"; }

mk_replay_dir
head -c 300 "$good_fixture" >"$tmp/rp/truncated.json"
lines=$(( $(tr -dc '\n' <"$tmp/rp/truncated.json" | wc -c) + 1 ))  # EOF is on the last line
expect_bad_replay truncated "$tmp/rp/truncated.json" "$lines" "not valid JSON ("

mk_replay_dir
python3 - "$good_fixture" "$tmp/rp/non-utf8.json" <<'PY'
import sys
text = open(sys.argv[1], "rb").read().split(b"\n")
text[1] = b'  "id": "\xff",'  # line 2
open(sys.argv[2], "wb").write(b"\n".join(text))
PY
expect_bad_replay non-utf8 "$tmp/rp/non-utf8.json" 2 "not valid JSON ("

mk_replay_dir
python3 - "$good_fixture" "$tmp/rp/wrong-type.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
j["a"]["points"] = "x"
open(sys.argv[2], "w").write(json.dumps(j, indent=2))
PY
expect_bad_replay wrong-type "$tmp/rp/wrong-type.json" 1 'shape a: "points" must be an array of [x, y] pairs'

mk_replay_dir
python3 - "$good_fixture" "$tmp/rp/huge.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
text = json.dumps(j, indent=2).replace('"a": {\n    "points": [\n      [\n        0.0', '"a": {\n    "points": [\n      [\n        1e400', 1)
assert "1e400" in text
open(sys.argv[2], "w").write(text)
PY
line=$(grep -n 1e400 "$tmp/rp/huge.json" | cut -d: -f1)
expect_bad_replay huge-number "$tmp/rp/huge.json" "$line" "number out of the range of double ("

mk_replay_dir
python3 - "$good_fixture" "$tmp/rp/duplicate.json" <<'PY'
import json, sys
text = json.dumps(json.load(open(sys.argv[1])), indent=2)
text = text.replace('"radius": 0.0', '"radius": 0.0,\n    "radius": 1.0', 1)
open(sys.argv[2], "w").write(text)
PY
line=$(grep -n '"radius": 1.0' "$tmp/rp/duplicate.json" | cut -d: -f1)
expect_bad_replay duplicate-key "$tmp/rp/duplicate.json" "$line" 'duplicate key "radius" in an object'

mk_replay_dir
python3 - "$good_fixture" "$tmp/rp/no-expected.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1])); del j["expected"]
open(sys.argv[2], "w").write(json.dumps(j, indent=2))
PY
expect_bad_replay missing-expected "$tmp/rp/no-expected.json" 1 'fixture has no "expected" object'

echo "bad-input classes covered (${#covered[@]}):"
printf '  %s\n' "${covered[@]}"
echo "also covered elsewhere: library API (fixtures/test/bad_input_catalogue_test.cpp: NaN, ±inf,"
echo "  non-convex polygons); check --exec engine failures (cli/test/exec_cli_test.sh)"
echo "PASS"
