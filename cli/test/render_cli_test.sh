#!/usr/bin/env bash
# `minkowski render` on the curated catalogue (and 3D cases, at the end): every drawing is well-formed XML (python3
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
# 3D cases: two rows (A and B; A − B) of three orthographic views, each well-formed with both
# shapes, A − B, the origin and the normals, for every 3D algorithm and in float. Hand-derived:
#   box-touch: A = [0,2]x[0,1]x[0,1] and B = [2,4]x[0,1]x[0,1] touch face to face, so A − B =
#     [-4,0]x[-1,1]x[-1,1], a box: in every view its silhouette is a rectangle (a 4-vertex path)
#     and its 12 edges are drawn; the exact contact cone at the origin (inside D's facet x = 0) is
#     the ray +x: an arrow in the top and front views, ⊙ (a circle) in the side view, seen from +x.
#   tetra: A = conv{(-1,-1,0), (1,-1,0), (0,1,0), (0,0,-1)}, B a point far above. Seen from +z
#     (top view) the face z = 0 faces the viewer, so its 3 edges are solid; the apex (0,0,-1)
#     projects inside that triangle and its 3 edges adjoin only the three lower faces, whose
#     normals all have a negative z: those 3 edges are hidden (dashed).
#   round: a sphere (one point, radius 1) is a disc in every view.
printf '%s\n' '{"id": "box-touch", "a": {"points": [[0,0,0],[2,0,0],[0,1,0],[2,1,0],[0,0,1],[2,0,1],[0,1,1],[2,1,1]]}, "b": {"points": [[2,0,0],[4,0,0],[2,1,0],[4,1,0],[2,0,1],[4,0,1],[2,1,1],[4,1,1]]}}' > "$work/box-touch.json"
printf '%s\n' '{"id": "tetra", "a": {"points": [[-1,-1,0],[1,-1,0],[0,1,0],[0,0,-1]]}, "b": {"points": [[0,0,5]]}}' > "$work/tetra.json"
printf '%s\n' '{"id": "round", "a": {"points": [[0,0,0]], "radius": 1}, "b": {"points": [[0.5,0,1.5],[2,1,1.5]], "radius": 0.75}}' > "$work/round.json"
for name in box-touch tetra round; do
  for alg in manifold penetration sat gjk; do
    "$bin" render "$work/$name.json" --algorithm $alg --out "$work/$name-$alg.svg" 2>"$work/err"; s=$?
    [ $s = 0 ] || { cat "$work/err"; fail "render 3D $name --algorithm $alg exited $s"; }
  done
  "$bin" render "$work/$name.json" --precision float --out "$work/$name-float.svg" 2>"$work/err" ||
    { cat "$work/err"; fail "render 3D $name in float"; }
done
python3 - "$work" <<'PY' || fail "3D drawings"
import sys, xml.etree.ElementTree as ET
work = sys.argv[1]
ns = '{http://www.w3.org/2000/svg}'
def load(name):
    root = ET.parse(f'{work}/{name}.svg').getroot()
    assert root.tag == ns + 'svg', root.tag
    return root
def classes_in(el):
    out = {}
    for e in el.iter():
        for c in e.get('class', '').split():
            out.setdefault(c, []).append(e)
    return out
for name in ('box-touch', 'tetra', 'round'):
    for variant in ('manifold', 'penetration', 'sat', 'gjk', 'float'):
        root = load(f'{name}-{variant}')
        views = classes_in(root).get('view', [])
        assert len(views) == 6, f'{name}: {len(views)} views, want 2 rows of 3'
        kinds = sorted(c for v in views for c in v.get('class').split() if c.startswith('view-'))
        assert kinds == sorted(['view-top', 'view-front', 'view-side'] * 2), kinds
        for row, need in ((views[:3], ('shape-a', 'shape-b')),
                          (views[3:], ('minkowski-difference', 'origin', 'exact-normal'))):
            for v in row:
                c = classes_in(v)
                for k in need:
                    assert k in c and len(list(c[k][0])) > 0, f'{name}/{variant}: {k} missing'
        # GJK answers no normal; SAT and the manifold of a separated pair may give no vector.
        if variant == 'penetration' or (name != 'tetra' and variant != 'gjk'):
            for v in views[3:]:
                assert 'fast-normal' in classes_in(v), f'{name}/{variant}: no fast normal'
        title = ' '.join(t.text or '' for t in root.iter(ns + 'text') if t.get('class') == 'title')
        assert title.startswith('3D case ' + name), title
        legend = ' '.join(t.text or '' for t in classes_in(root)['legend'][0].iter(ns + 'text'))
        for word in ('shape A', 'shape B', 'A − B', 'exact MTV', 'fast', 'hides'):
            assert word in legend, f'legend lacks {word!r}'
        texts = [t.text or '' for t in root.iter(ns + 'text')]
        for cap in ('top: x–y', 'front: x–z', 'side: y–z'):
            assert sum(cap in t for t in texts) == 2, f'{name}: caption {cap!r} not on both rows'
views = classes_in(load('box-touch-manifold'))['view']
for v in views[3:]:
    d = classes_in(v)['minkowski-difference'][0]
    path = d.find(ns + 'path').get('d')
    assert path.count('M') + path.count('L') == 4, path
    assert len(d.findall(ns + 'line')) == 12, len(d.findall(ns + 'line'))
for v, along_sight in zip(views[3:], (False, False, True)):
    ex = classes_in(v)['exact-normal'][0]
    assert bool(ex.findall(ns + 'circle')) == along_sight, v.get('class')
    assert bool(ex.findall(ns + 'line')) == (not along_sight), v.get('class')
top = classes_in(load('tetra-manifold'))['view'][0]
lines = classes_in(top)['shape-a'][0].findall(ns + 'line')
dashed = [l for l in lines if l.get('stroke-dasharray')]
assert len(lines) == 6 and len(dashed) == 3, (len(lines), len(dashed))
for v in classes_in(load('round-manifold'))['view'][:3]:
    assert classes_in(v)['shape-a'][0].find(ns + 'circle') is not None, 'sphere is no disc'
PY

# Bad 3D input, each exiting 2 with a message naming what was wrong and leaving no SVG: a point
# of B with 2 coordinates in a 3D case (line 1), a JSON syntax error on line 2, a 2D-only
# algorithm, and --fixture-answer on a case that keeps no answer.
printf '%s\n' '{"a": {"points": [[0,0,0]]}, "b": {"points": [[1,0,0],[1,1]]}}' > "$work/mixed.json"
"$bin" render "$work/mixed.json" --out "$work/mixed.svg" 2>"$work/err"; s=$?
[ $s = 2 ] || fail "mixed 2D/3D case exited $s, want 2"
grep -q "mixed.json:1" "$work/err" && grep -q "shape b: point 1" "$work/err" ||
  { cat "$work/err"; fail "mixed case: the error must name file:line and the point"; }
printf '{"a": {"points": [[0,0,0]]},\n "b": {"points": [[1,0,}\n' > "$work/bad3.json"
"$bin" render "$work/bad3.json" --out "$work/bad3.svg" 2>"$work/err"; s=$?
[ $s = 2 ] && grep -q "bad3.json:2" "$work/err" || { cat "$work/err"; fail "bad 3D JSON: exit $s"; }
"$bin" render "$work/tetra.json" --algorithm epa --out "$work/epa.svg" 2>"$work/err"; s=$?
[ $s = 2 ] && grep -q "unknown 3D algorithm epa" "$work/err" ||
  { cat "$work/err"; fail "3D --algorithm epa: exit $s"; }
"$bin" render "$work/tetra.json" --fixture-answer --out "$work/fa.svg" 2>"$work/err"; s=$?
[ $s = 2 ] && grep -q "keeps no protocol answer" "$work/err" ||
  { cat "$work/err"; fail "3D --fixture-answer without an answer: exit $s"; }
for f in mixed bad3 epa fa; do [ ! -e "$work/$f.svg" ] || fail "refused 3D render left $f.svg"; done

# --fixture-answer on a 3D fixture draws the engine's stored answer. Hand-derived: the tetra's
# top face is z = 0 and B is the point (0,0,5), so the pair is 5 apart; an engine answering
# "intersects, depth 0.5 along +z" is wrong in its relation, far beyond any band: the drawing
# names the engine and says the answer violates the tolerance model.
printf '%s\n' '{"id": "tetra-engine", "a": {"points": [[-1,-1,0],[1,-1,0],[0,1,0],[0,0,-1]]}, "b": {"points": [[0,0,5]]}, "provenance": {"engine": "examples/engines/wrong3/run.sh", "precision": "double", "fast_answer": {"intersects": true, "normal": [0,0,1], "depth": 0.5}}}' > "$work/tetra-engine.json"
"$bin" render "$work/tetra-engine.json" --fixture-answer --out "$work/te.svg" 2>"$work/err" ||
  { cat "$work/err"; fail "3D --fixture-answer"; }
python3 - "$work/te.svg" <<'PY' || fail "3D --fixture-answer drawing"
import sys, xml.etree.ElementTree as ET
ns = '{http://www.w3.org/2000/svg}'
root = ET.parse(sys.argv[1]).getroot()
sub = ' '.join(t.text or '' for t in root.iter(ns + 'text') if t.get('class') == 'subtitle')
assert 'engine wrong3' in sub and 'VIOLATES' in sub, sub
assert any('fast-normal' in (g.get('class') or '') for g in root.iter(ns + 'g')), 'no fast normal'
PY
echo "render: $n catalogue drawings and 3 3D cases well-formed"
