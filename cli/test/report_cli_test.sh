#!/usr/bin/env bash
# `minkowski report` on a small campaign: index.md has every section; every CSV parses with its
# expected columns; every SVG index.md references exists and is well-formed XML; an engine
# summary (here a normal `check --json`, labelled as a test) gets its section; shards are merged;
# without gnuplot the report is tables only with a note; a bad summary exits 2. With a small 3D
# campaign's summary beside the 2D one (`--from s.json s3.json`, as the main job passes them), the
# 3D rows must appear in every table and plot built from the summary, the 3D reference's hull
# paths per family, the 3D coverage table and the worst 3D cases drawn in three views; a 3D
# engine's summary gets its section and its class's 3D fixture the 3D drawing. The 3D tolerance
# sweep and contact study (sections 3 and 5) count the 3D sample's cases as the exact reference
# classifies them (`query` on the very cases, recorded by an engine that skips them all).
set -u
bin="$1"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$work"
fail() { echo "FAIL: $*"; exit 1; }

"$bin" check --dim 2 --cases 12 --quiet --json s.json --fixtures fx >/dev/null 2>&1; s=$?
[ $s -le 1 ] || fail "check exited $s"
# A small 3D campaign: 8 families x 6 cases (its violations, the manifold's open defects, exit 1).
"$bin" check --dim 3 --cases 6 --quiet --json s3.json --fixtures fx3 >/dev/null 2>&1; s=$?
[ $s -le 1 ] || fail "check --dim 3 exited $s"
# An engine's failure classes (--engine-classes): one defect with a minimal fixture that keeps the
# engine's answer (concentric circles answered with a zero normal, as SAT.js does), one design
# choice without a fixture.
mkdir -p classes/found
cat > classes/found/concentric.json <<'JSON'
{"id": "concentric", "a": {"points": [[0, 0]], "radius": 1}, "b": {"points": [[0, 0]], "radius": 2},
 "provenance": {"precision": "double", "engine": "node examples/engines/sat-js/adapter.js",
                "fast_answer": {"intersects": true, "normal": [0.0, 0.0], "depth": 3.0}}}
JSON
cat > classes/classes.json <<'JSON'
{"engine": "Test engine 1.0", "adapter": "test", "precision": "double",
 "classes": [{"name": "concentric circles get a zero normal", "kind": "defect", "fields": ["normal"],
              "fixtures": ["found/concentric.json"], "repro": "repro/zero_normal.js", "explanation": "test"},
             {"name": "an absolute overlap threshold", "kind": "design", "fields": ["relation"],
              "fixtures": [], "repro": "repro/threshold.js", "explanation": "test"}]}
JSON
# A 3D engine's class: concentric spheres (radii 1 and 2 about the origin) answered with a zero
# normal; the exact depth is 1 + 2 = 3 along every direction, and a zero normal is no unit
# normal, so the drawing must judge it a violation.
mkdir -p classes3/found
cat > classes3/found/concentric3.json <<'JSON'
{"id": "concentric3", "a": {"points": [[0, 0, 0]], "radius": 1}, "b": {"points": [[0, 0, 0]], "radius": 2},
 "provenance": {"precision": "double", "engine": "test3",
                "fast_answer": {"intersects": true, "normal": [0.0, 0.0, 0.0], "depth": 3.0}}}
JSON
cat > classes3/classes.json <<'JSON'
{"engine": "Test engine 3D", "adapter": "test3", "precision": "double",
 "classes": [{"name": "concentric spheres get a zero normal", "kind": "defect", "fields": ["normal"],
              "fixtures": ["found/concentric3.json"], "repro": "repro/zero_normal3.py", "explanation": "test"}]}
JSON
# The 3D sample's cases (the first 4 of each 3D family for the default seed, as the report's
# study draws them), recorded by an engine that skips every case, then answered exactly.
cat > record_cases.py <<'PY'
import sys
with open(sys.argv[1], 'a') as out:  # appended: one engine process per campaign thread
    for line in sys.stdin:
        out.write(line)
        out.flush()
        print('{"skip": true}', flush=True)
PY
: > sample3.jsonl
"$bin" check --exec "python3 record_cases.py sample3.jsonl" --dim 3 --cases 4 --quiet --max-fixtures 0 \
  >/dev/null 2>&1; s=$?
[ $s -le 1 ] || fail "recording the 3D sample exited $s"
"$bin" query sample3.jsonl > sample3_exact.jsonl || fail "query of the 3D sample"
"$bin" report --from s.json s3.json --sample 4 --engine test-engine=s.json --engine-classes test-engine=classes/classes.json \
  --engine test-engine3=s3.json --engine-classes test-engine3=classes3/classes.json \
  --out out --quiet 2>err; s=$?
[ $s = 0 ] || { cat err; fail "report exited $s, want 0"; }

python3 - <<'PY' || fail "report contents"
import csv, json, os, re, xml.etree.ElementTree as ET
md = open('out/index.md').read()
sections = ['## 1. Errors against the exact answer', '## 2. Observed constants next to the documented bounds',
            '## 3. Tolerance sweep', '## 4. Float against double', '## 5. Contact points',
            '## 6. The reference', '## 7. Time per case', '## 8. Engines', '## 9. Worst cases',
            '## 10. Coverage of the configuration space']
for s in sections:
    assert s in md, f'missing section {s!r}'
# Each section opens with one sentence saying what its figure or table shows.
for block in md.split('\n## ')[1:]:
    first = block.split('\n\n')[1]
    assert re.match(r'^(The|Each) (plot|plots|table|tables|drawing|drawings) show', first), block[:80]
assert '### test-engine' in md, 'engine section missing'
assert '**Inside the tolerance band**' in md, 'engine band count missing'
assert '| **defect** | concentric circles get a zero normal | normal | [engine_test-engine_defect_1.svg]' in md, 'defect row'
assert '| design | an absolute overlap threshold | relation | — | `classes/repro/threshold.js` |' in md, 'design row'
assert md.index('**defect**') < md.index('| design |'), 'defects are listed before design choices'
drawing = open('out/engine_test-engine_defect_1.svg').read()
assert 'engine sat-js' not in drawing and 'test-engine' in drawing, 'the drawing names the engine'
assert 'VIOLATES' in drawing, 'the zero normal is judged a violation'
columns = {
    'errors.csv': ['dimension', 'algorithm', 'family', 'precision', 'field', 'cases', 'skipped', 'violations',
                   'relation_disagreements', 'count', 'p50', 'p99', 'p999', 'max'],
    'bounds.csv': ['dimension', 'algorithm', 'precision', 'field', 'observed_max', 'family_of_max', 'k', 'allowed', 'allowed_of_case',
                   'observed_over_allowed', 'margin'],
    'sweep.csv': ['dimension', 'tolerance', 'precision', 'field', 'setting', 'is_default', 'judged', 'failures',
                  'failure_rate', 'max_error', 'p99_error', 'mean_iterations'],
    'float_vs_double.csv': ['field', 'double_max', 'float_max', 'double_max_over_S', 'float_max_over_S'],
    'contacts.csv': ['dimension', 'method', 'precision', 'overlapping', 'no_points', 'off_surface', 'single_depth',
                     'points'],
    'reference.csv': ['quantity', 'count', 'share'],
    'timing.csv': ['family', 'cases', 'exact_us', 'sat_ns', 'gjk_ns', 'epa_ns', 'manifold_ns', 'internal_vertices_ns'],
    'engine_test-engine.csv': ['cell', 'cases', 'skipped', 'violations', 'field', 'max', 'p99'],
}
for name, cols in columns.items():
    rows = list(csv.reader(open('out/' + name)))
    assert rows[0] == cols, (name, rows[0])
    assert len(rows) > 1, f'{name} has no rows'
    assert all(len(r) == len(cols) for r in rows), f'{name}: ragged rows'
# bounds.csv: "allowed" is what the judge allows (properties::allowed_us): k alone for every field
# but the manifold's contact depths, which also get tau_contact_depth_relative·S = 3 · 5e-4 · S
# (properties/src/bounds.cpp, fast::kReferenceFaceRelativeTolerance), i.e. 1.5e-3 / u in u·S;
# in 3D 4 · 5e-4 · S (bounds.hpp, kManifold3ContactDepthTauRelative: a 3D face's diameter is at
# most 2·sqrt(3)·S; fast::kManifold3ReferenceFaceRelativeTolerance = 5e-4), i.e. 2e-3 / u.
DIGITS = 1e-2  # the report prints 3 significant digits (report_parts.hpp, g())
rows = list(csv.DictReader(open('out/bounds.csv')))
for r in rows:
    k, allowed = float(r['k']), float(r['allowed'])
    if r['algorithm'] == 'manifold' and r['field'] == 'contact_depth':
        u = 2.0**-53 if r['precision'] == 'double' else 2.0**-24
        want = k + (4 if r['dimension'] == '3' else 3) * 5e-4 / u
        assert abs(allowed - want) <= DIGITS * want, (r, want)
    else:
        assert allowed == k, r
assert any(r['field'] == 'contact_depth' for r in rows), 'no contact_depth row in bounds.csv'
# errors.csv: 2D, 7 families (cells included) x 5 algorithms x 2 precisions cells, 12 cases each;
# 3D, 8 families x 4 algorithms (gjk, penetration, sat, manifold) x 2 precisions, 6 cases each.
rows = list(csv.DictReader(open('out/errors.csv')))
cells2 = {(r['algorithm'], r['family'], r['precision']) for r in rows if r['dimension'] == '2'}
cells3 = {(r['algorithm'], r['family'], r['precision']) for r in rows if r['dimension'] == '3'}
assert len(cells2) == 70, len(cells2)
assert len(cells3) == 64, len(cells3)
assert {a for a, _, _ in cells3} == {'gjk', 'penetration', 'sat', 'manifold'}, cells3
assert all(int(r['cases']) == (12 if r['dimension'] == '2' else 6) for r in rows)
# The header counts both campaigns: 7 x 12 = 84 2D and 8 x 6 = 48 3D cases.
assert '132 cases (84 2D, 48 3D)' in md, md[:600]
assert '2D: s.json; 3D: s3.json' in md, 'provenance names the file of each dimension'
# Section 1: each precision's table has the 3D rows, each right after its 2D twin's field
# (3D's penetration, GJK + EPA, beside 2D's epa).
sec1 = md.split('## 1. ')[1].split('## 2. ')[0]
for prec in ('double', 'float'):
    t = sec1.split(f'**{prec}**')[1].split('**')[0]
    labels = [l.split('|')[1].strip() for l in t.splitlines() if l.startswith('| ') and 'algorithm.field' not in l]
    for want in ('3d/gjk.distance', '3d/penetration.depth', '3d/sat.depth', '3d/manifold.contacts'):
        assert want in labels, (prec, want, labels)
    assert labels.index('3d/gjk.distance') == labels.index('gjk.distance') + 1, labels
    assert labels.index('3d/penetration.depth') == labels.index('epa.depth') + 1, labels
    plot = list(csv.DictReader(open(f'out/errors_by_field_{prec}.csv')))
    assert any(r['field'] == '3d/penetration.depth' for r in plot), 'the plot has the 3D rows'
assert '| 3d/sat | box |' in sec1, 'relation disagreements per 3D algorithm and family'
# Section 2: the 3D bounds, k from bounds.hpp's 3D table (bounds3_for): GJK's distance 8 in
# double and 16 in float (a touching answer's 0 against the relation band's ceiling), the
# penetration depth 64 (double) and 128 (float) (EPA's stopping tolerance and its flat start:
# docs/tolerances.md, "2026-11-27 (sat3)").
b3 = {(r['algorithm'], r['precision'], r['field']): r for r in csv.DictReader(open('out/bounds.csv'))
      if r['dimension'] == '3'}
assert float(b3[('gjk', 'double', 'distance')]['k']) == 8, b3.get(('gjk', 'double', 'distance'))
assert float(b3[('gjk', 'float', 'distance')]['k']) == 16
assert float(b3[('penetration', 'double', 'depth')]['k']) == 64
assert float(b3[('penetration', 'float', 'depth')]['k']) == 128
bp = [r['field'] for r in csv.DictReader(open('out/bounds_plot.csv'))]
assert '3d/penetration.depth' in bp and bp.index('3d/penetration.depth') == bp.index('epa.depth') + 1, bp
# Section 4: float against double, 3D rows beside 2D.
fd = [r['field'] for r in csv.DictReader(open('out/float_vs_double.csv'))]
assert '3d/sat.normal' in fd and fd.index('3d/sat.normal') == fd.index('sat.normal') + 1, fd
# Section 6: the 3D hull paths per family. Each 3D case builds one hull of A - B, so a family's
# hulls are its 6 cases and the paths add up to them; 'all' is 8 x 6 = 48.
ref3 = list(csv.DictReader(open('out/reference3.csv')))
assert [r['family'] for r in ref3][-1] == 'all' and len(ref3) == 9, ref3
for r in ref3:
    paths = sum(int(r[k]) for k in ('qhull_certified', 'qhull_repaired', 'qhull_refused', 'exact_only'))
    assert int(r['hulls']) == paths == (48 if r['family'] == 'all' else 6), r
assert '### The 3D reference: hull paths per family' in md
# Section 7: the 3D time per case, one row per 3D family.
t3 = list(csv.DictReader(open('out/timing3.csv')))
assert list(t3[0].keys()) == ['family', 'cases', 'exact_us', 'gjk_ns', 'penetration_ns', 'sat_ns', 'manifold_ns'], t3[0]
assert len(t3) == 8 and all(int(r['cases']) > 0 for r in t3), t3
# Section 9: a worst 3D case per 3D algorithm and precision, drawn in three orthographic views.
for alg in ('gjk', 'penetration', 'sat', 'manifold'):
    for prec in ('double', 'float'):
        name = f'worst_3d_{alg}_{prec}'
        assert f'| 3d/{alg} | {prec} |' in md and f'[{name}.svg]({name}.svg)' in md, name
        svg = open(f'out/{name}.svg').read()
        assert 'view-top' in svg and 'view-side' in svg, f'{name} is not the 3D drawing'
        assert len(json.load(open(f'out/{name}.json'))['a']['points'][0]) == 3, name
# Section 10: the 3D coverage table and its rows in coverage.csv.
assert '**3D**' in md.split('## 10. ')[1], '3D coverage table'
cov = list(csv.DictReader(open('out/coverage.csv')))
assert any(r['dimension'] == '3' for r in cov) and any(r['dimension'] == '2' for r in cov)
# Section 8: the 3D engine's cells and its class drawn in 3D, judged a violation.
assert '### test-engine3' in md and '| 3d/manifold/box/double |' in md.split('### test-engine3')[1]
assert '[engine_test-engine3_defect_1.svg]' in md
d3 = open('out/engine_test-engine3_defect_1.svg').read()
assert 'view-top' in d3 and 'VIOLATES' in d3 and 'test-engine3' in d3, 'the 3D class drawing'
# The sweep has all five tolerances, both precisions, 16 decades plus the default each, and a
# per-tolerance, per-precision CSV.
rows = list(csv.DictReader(open('out/sweep.csv')))
sweeps = ('gjk_gap', 'epa_tolerance', 'sat_parallel_axis', 'manifold_reference_face', 'manifold_keep')
for tol in sweeps:
    for p in ('float', 'double'):
        pts = [r for r in rows if r['tolerance'] == tol and r['precision'] == p and r['dimension'] == '2']
        assert len(pts) == 17 and sum(r['is_default'] == '1' for r in pts) == 1, (tol, p, len(pts))
        assert all(int(r['judged']) > 0 for r in pts), (tol, p)
        sub = list(csv.DictReader(open(f'out/sweep_{tol}_{p}.csv')))
        assert len(sub) == 17, (tol, p, len(sub))
# The 3D sweep: the settings the 3D library has. 16 decades 1e-16 … 1e-1 plus the default (GJK 4u,
# EPA 24u: no decade) for GJK and EPA; the keep limit from its floor 32u up: double 3.6e-15, so
# 1e-14 … 1e-1 and the floor (15), float 1.9e-6, so 1e-5 … 1e-1 and the floor (6). None for SAT's
# parallel axis and the reference face (constants in 3D).
# The 3D sample: 8 families x --sample 4 = 32 cases, whose exact relations `query` gives
# (sample3.jsonl: the campaign's cases as `check --exec` sends them, recorded by record_cases.py).
exact3 = [json.loads(l)['exact']['relation'] for l in open('sample3_exact.jsonl')]
assert len(exact3) == 32, len(exact3)
overlapping3 = exact3.count('overlapping')
not_separated3 = len(exact3) - exact3.count('separated')
want3 = {('gjk_gap', 'double'): 17, ('gjk_gap', 'float'): 17, ('epa_tolerance', 'double'): 17,
         ('epa_tolerance', 'float'): 17, ('manifold_keep', 'double'): 15, ('manifold_keep', 'float'): 6}
rows3 = [r for r in rows if r['dimension'] == '3']
assert {(r['tolerance'], r['precision']) for r in rows3} == set(want3), {(r['tolerance'], r['precision']) for r in rows3}
for (tol, p), n in want3.items():
    pts = [r for r in rows3 if r['tolerance'] == tol and r['precision'] == p]
    assert len(pts) == n and sum(r['is_default'] == '1' for r in pts) == 1, (tol, p, len(pts))
    sub = list(csv.DictReader(open(f'out/sweep_3d_{tol}_{p}.csv')))
    assert len(sub) == n, (tol, p, len(sub))
    for r in pts:
        # Double represents every case; the keep limit judges the cases not separated.
        want = not_separated3 if tol == 'manifold_keep' else 32
        if p == 'double':
            assert int(r['judged']) == want, (tol, r['setting'], r['judged'], want)
        else:
            assert 0 < int(r['judged']) <= want, (tol, p, r)
    default = [r for r in pts if r['is_default'] == '1'][0]
    u = 2.0**-53 if p == 'double' else 2.0**-24
    ulps = {'gjk_gap': 4, 'epa_tolerance': 24, 'manifold_keep': 32}[tol]
    assert abs(float(default['setting']) - ulps * u) <= 1e-5 * ulps * u, (tol, p, default)
sec3 = md.split('## 3. ')[1].split('## 4. ')[0]
assert '| 3D double | 3D float |' in sec3, 'the sweep tables have 3D columns'
assert sec3.count('No 3D rows:') == 2, 'SAT parallel axis and reference face say why they have no 3D rows'
# The 3D contact study: both methods, both precisions, on the sample's overlapping 3D cases.
crows = [r for r in csv.DictReader(open('out/contacts.csv')) if r['dimension'] == '3']
assert [(r['method'], r['precision']) for r in crows] == [('manifold', 'double'), ('internal_vertices', 'double'),
                                                        ('manifold', 'float'), ('internal_vertices', 'float')], crows
for r in crows:
    n = int(r['overlapping'])
    if r['precision'] == 'double':
        assert n == overlapping3, (r, overlapping3)
    assert 0 < n <= overlapping3, (r, overlapping3)
    # Clipping gives at most 4 points a case, closest internal vertices at most 2.
    assert int(r['points']) <= (4 if r['method'] == 'manifold' else 2) * n, r
    assert int(r['no_points']) + int(r['off_surface']) <= n and int(r['single_depth']) <= n, r
sec5 = md.split('## 5. ')[1].split('## 6. ')[0]
assert '| 3D | manifold | double |' in sec5 and '| 2D | manifold | double |' in sec5, 'contacts table rows'
if 'contact_example_3d_manifold.svg' in sec5:
    d = open('out/contact_example_3d_internal_vertices.svg').read()
    assert 'view-top' in d and 'closest internal vertices' in d, 'the 3D example drawn in 3D'
    assert len(json.load(open('out/contact_example_3d.json'))['a']['points'][0]) == 3
svgs = set(re.findall(r'\(([\w.-]+\.svg)\)', md))
assert {'errors_double.svg', 'bounds.svg', 'float_vs_double.svg', 'timing.svg', 'worst_sat_double.svg',
        'reference3.svg', 'timing3.svg', 'worst_3d_manifold_double.svg'} <= svgs, svgs
assert {f'sweep_{t}.svg' for t in sweeps} <= svgs, svgs
assert {f'sweep_3d_{t}.svg' for t in ('gjk_gap', 'epa_tolerance', 'manifold_keep')} <= svgs, svgs
assert not any(s.startswith('sweep_3d_sat') or s.startswith('sweep_3d_manifold_ref') for s in svgs), svgs
for s in svgs:
    assert os.path.exists('out/' + s), f'{s} referenced but missing'
    ET.parse('out/' + s)
print(len(svgs), 'SVGs')
PY

# Two shards merge into one report.
"$bin" check --dim 2 --cases 12 --quiet --shard 0/2 --json a.json --fixtures fx >/dev/null 2>&1
"$bin" check --dim 2 --cases 12 --quiet --shard 1/2 --json b.json --fixtures fx >/dev/null 2>&1
"$bin" report --from a.json b.json --sample 2 --out merged --quiet 2>err || { cat err; fail "merged report"; }
grep -q "2 summary files, merged" merged/index.md || fail "merged provenance"
grep -q "84 cases" merged/index.md || fail "merged shards must count 84 cases (7 2D families x 12)"
# Shards of `check --dim all` (one summary of both dimensions each) merge into a report with both.
"$bin" check --dim all --cases 4 --quiet --shard 0/2 --json all-a.json --fixtures fx >/dev/null 2>&1
"$bin" check --dim all --cases 4 --quiet --shard 1/2 --json all-b.json --fixtures fx >/dev/null 2>&1
# (Tables only: the plots are not what this checks, and gnuplot's runs cost seconds.)
MINKOWSKI_GNUPLOT=/nonexistent/gnuplot "$bin" report --from all-a.json all-b.json --sample 1 --out all --quiet 2>err \
  || { cat err; fail "--dim all report"; }
# 7 x 4 = 28 2D and 8 x 4 = 32 3D cases.
grep -q "60 cases (28 2D, 32 3D)" all/index.md || fail "--dim all shards: $(grep -m1 cases all/index.md)"
grep -q "^| all | 32 |" all/index.md || fail "--dim all shards: 3D hull paths of 32 cases"

# Without gnuplot: tables only, with a note.
MINKOWSKI_GNUPLOT=/nonexistent/gnuplot "$bin" report --from s.json --sample 2 --out noplot --quiet 2>err; s=$?
[ $s = 0 ] || fail "tables-only report exited $s"
grep -q "Tables only: gnuplot was not found" noplot/index.md || fail "no note about missing gnuplot"
[ ! -e noplot/errors_double.svg ] || fail "a plot without gnuplot?"
grep -q "gnuplot not found" err || fail "no warning on stderr"
# The 2D reference table counts the 2D campaign's hulls alone: the same with or without the 3D
# summary beside it (a joined summary adds both dimensions' counts; the report takes the 3D
# families' out again).
cmp -s out/reference.csv noplot/reference.csv || fail "2D reference table changed by the 3D summary"

# Bad input.
echo '{"cases": 1}' > bad.json
"$bin" report --from bad.json --out bad --quiet 2>err; s=$?
[ $s = 2 ] || fail "bad summary exited $s, want 2"
grep -q "bad.json" err || fail "error must name the file"
"$bin" report --from s.json --engine noequals --out bad --quiet 2>err; [ $? = 2 ] || fail "--engine without = must exit 2"
"$bin" report --from s.json --engine-classes nosuch=classes/classes.json --out bad --quiet 2>err
[ $? = 2 ] || fail "--engine-classes for an engine not given must exit 2"
grep -q "no --engine gives" err || fail "unknown engine in --engine-classes: $(cat err)"
echo "report: all checks passed"
