#!/usr/bin/env bash
# `minkowski render` on the curated catalogue: every drawing is well-formed XML (python3
# xml.etree) with both shapes, the Minkowski difference, the origin marker and the legend; for
# cases the stored exact answer (the fixture's "expected", not this program) calls overlapping, the
# exact and fast normal arrows are drawn. Hand-derived check: the aligned boxes [0,2]x[0,1] and
# [2,4]x[0,1] (fcl-293) have A − B = [-4,0]x[-1,1], a 4-vertex path. Bad input exits 2 with the
# file and line, and leaves no SVG behind.
set -u
bin="$1"; src="$2"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

n=0
for f in "$src"/fixtures/catalogue/*.json; do
  out="$work/$(basename "$f" .json).svg"
  "$bin" render "$f" --out "$out" 2>"$work/err"; s=$?
  [ $s = 0 ] || { cat "$work/err"; fail "render $f exited $s"; }
  python3 - "$f" "$out" <<'PY' || fail "drawing of $f"
import json, sys, xml.etree.ElementTree as ET
case, svg = sys.argv[1], sys.argv[2]
root = ET.parse(svg).getroot()
ns = '{http://www.w3.org/2000/svg}'
assert root.tag == ns + 'svg', root.tag
classes = {}
for el in root.iter():
    for c in el.get('class', '').split():
        classes.setdefault(c, []).append(el)
for need in ('shape-a', 'shape-b', 'minkowski-difference', 'origin', 'legend'):
    assert need in classes, f'{need} missing'
    assert len(list(classes[need][0])) > 0, f'{need} is empty'
legend_text = ' '.join(t.text or '' for t in classes['legend'][0].iter(ns + 'text'))
for word in ('shape A', 'shape B', 'A − B', 'exact MTV', 'fast'):
    assert word in legend_text, f'legend lacks {word!r}'
expected = json.load(open(case))['expected']
if expected['relation'] == 'overlapping':
    ex = classes.get('exact-normal', [None])[0]
    assert ex is not None and (ex.findall(ns + 'line') or ex.findall(ns + 'circle')), 'no exact normal arrow'
    assert 'fast-normal' in classes and classes['fast-normal'][0].findall(ns + 'line'), 'no fast normal arrow'
# Rounded corners bulge outward: the path runs counter-clockwise in the world, clockwise on the
# y-down screen, so every corner arc takes SVG's negative-angle direction (sweep-flag 0).
import re
for cls in ('shape-a', 'shape-b', 'minkowski-difference'):
    for p in classes[cls][0].iter(ns + 'path'):
        for arc in re.findall(r'A[-0-9.e]+,[-0-9.e]+ (\d) (\d) (\d)', p.get('d', '')):
            assert arc[2] == '0', f'{cls}: corner arc drawn inward (sweep-flag {arc[2]})'
if json.load(open(case)).get('id') == 'fcl-293-collinear-simplex-aligned-boxes':
    d = classes['minkowski-difference'][0].find(ns + 'path').get('d')
    assert d.count('M') + d.count('L') == 4, d
PY
  n=$((n + 1))
done
[ "$n" -ge 20 ] || fail "only $n catalogue cases rendered"

# Bad input: a case with a broken second line; stdin too.
printf '{"a": {"points": [[0,0]]},\n "b": {"points": [[1,}\n' > "$work/bad.json"
"$bin" render "$work/bad.json" --out "$work/bad.svg" 2>"$work/err"; s=$?
[ $s = 2 ] || fail "bad case exited $s, want 2"
grep -q "bad.json:2" "$work/err" || { cat "$work/err"; fail "error must name file:line"; }
[ ! -e "$work/bad.svg" ] || fail "bad input left an SVG"
echo '{"a": {"points": [[0,0]], "radius": -1}, "b": {"points": [[1,0]]}}' | "$bin" render - >/dev/null 2>"$work/err"
[ $? = 2 ] || fail "negative radius must exit 2"
# An unknown algorithm, on a case render would otherwise draw (the catalogue's .jsonl is no single
# case, so it would exit 2 whatever the algorithm).
good_case=$(ls "$src"/fixtures/catalogue/*.json | head -1)
"$bin" render "$good_case" --out "$work/good.svg" 2>"$work/err" || { cat "$work/err"; fail "render of $good_case failed"; }
"$bin" render "$good_case" --algorithm nosuch --out "$work/nosuch.svg" 2>"$work/err"; s=$?
[ $s = 2 ] || fail "unknown algorithm exited $s, want 2"
grep -q "unknown algorithm nosuch" "$work/err" || { cat "$work/err"; fail "unknown algorithm: message"; }
[ ! -e "$work/nosuch.svg" ] || fail "unknown algorithm left an SVG"
echo "render: $n catalogue drawings well-formed"
