#!/usr/bin/env bash
# `minkowski report` on a small campaign: index.md has every section; every CSV parses with its
# expected columns; every SVG index.md references exists and is well-formed XML; an engine
# summary (here a normal `check --json`, labelled as a test) gets its section; shards are merged;
# without gnuplot the report is tables only with a note; a bad summary exits 2.
set -u
bin="$1"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$work"
fail() { echo "FAIL: $*"; exit 1; }

"$bin" check --cases 12 --quiet --json s.json --fixtures fx >/dev/null 2>&1; s=$?
[ $s -le 1 ] || fail "check exited $s"
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
"$bin" report --from s.json --sample 4 --engine test-engine=s.json --engine-classes test-engine=classes/classes.json \
  --out out --quiet 2>err; s=$?
[ $s = 0 ] || { cat err; fail "report exited $s, want 0"; }

python3 - <<'PY' || fail "report contents"
import csv, os, re, xml.etree.ElementTree as ET
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
    'errors.csv': ['algorithm', 'family', 'precision', 'field', 'cases', 'skipped', 'violations',
                   'relation_disagreements', 'count', 'p50', 'p99', 'p999', 'max'],
    'bounds.csv': ['algorithm', 'precision', 'field', 'observed_max', 'family_of_max', 'k', 'allowed',
                   'observed_over_allowed', 'margin'],
    'sweep.csv': ['tolerance', 'precision', 'field', 'setting', 'is_default', 'judged', 'failures', 'failure_rate',
                  'max_error', 'p99_error', 'mean_iterations'],
    'float_vs_double.csv': ['field', 'double_max', 'float_max', 'double_max_over_S', 'float_max_over_S'],
    'contacts.csv': ['method', 'precision', 'overlapping', 'no_points', 'off_surface', 'single_depth', 'points'],
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
# (properties/src/bounds.cpp, fast::kReferenceFaceRelativeTolerance), i.e. 1.5e-3 / u in u·S.
DIGITS = 1e-2  # the report prints 3 significant digits (report_parts.hpp, g())
rows = list(csv.DictReader(open('out/bounds.csv')))
for r in rows:
    k, allowed = float(r['k']), float(r['allowed'])
    if r['algorithm'] == 'manifold' and r['field'] == 'contact_depth':
        u = 2.0**-53 if r['precision'] == 'double' else 2.0**-24
        want = k + 3 * 5e-4 / u
        assert abs(allowed - want) <= DIGITS * want, (r, want)
    else:
        assert allowed == k, r
assert any(r['field'] == 'contact_depth' for r in rows), 'no contact_depth row in bounds.csv'
# errors.csv: 7 families (cells included) x 5 algorithms x 2 precisions cells, 12 cases each.
rows = list(csv.DictReader(open('out/errors.csv')))
assert len({(r['algorithm'], r['family'], r['precision']) for r in rows}) == 70
assert all(int(r['cases']) == 12 for r in rows)
# The sweep has all five tolerances, both precisions, 16 decades plus the default each, and a
# per-tolerance, per-precision CSV.
rows = list(csv.DictReader(open('out/sweep.csv')))
sweeps = ('gjk_gap', 'epa_tolerance', 'sat_parallel_axis', 'manifold_reference_face', 'manifold_keep')
for tol in sweeps:
    for p in ('float', 'double'):
        pts = [r for r in rows if r['tolerance'] == tol and r['precision'] == p]
        assert len(pts) == 17 and sum(r['is_default'] == '1' for r in pts) == 1, (tol, p, len(pts))
        assert all(int(r['judged']) > 0 for r in pts), (tol, p)
        sub = list(csv.DictReader(open(f'out/sweep_{tol}_{p}.csv')))
        assert len(sub) == 17, (tol, p, len(sub))
svgs = set(re.findall(r'\(([\w.-]+\.svg)\)', md))
assert {'errors_double.svg', 'bounds.svg', 'float_vs_double.svg', 'timing.svg', 'worst_sat_double.svg'} <= svgs, svgs
assert {f'sweep_{t}.svg' for t in sweeps} <= svgs, svgs
for s in svgs:
    assert os.path.exists('out/' + s), f'{s} referenced but missing'
    ET.parse('out/' + s)
print(len(svgs), 'SVGs')
PY

# Two shards merge into one report.
"$bin" check --cases 12 --quiet --shard 0/2 --json a.json --fixtures fx >/dev/null 2>&1
"$bin" check --cases 12 --quiet --shard 1/2 --json b.json --fixtures fx >/dev/null 2>&1
"$bin" report --from a.json b.json --sample 2 --out merged --quiet 2>err || { cat err; fail "merged report"; }
grep -q "2 summary files, merged" merged/index.md || fail "merged provenance"
grep -q "84 cases" merged/index.md || fail "merged shards must count 84 cases (7 2D families x 12; the report leaves 3D cells out)"

# Without gnuplot: tables only, with a note.
MINKOWSKI_GNUPLOT=/nonexistent/gnuplot "$bin" report --from s.json --sample 2 --out noplot --quiet 2>err; s=$?
[ $s = 0 ] || fail "tables-only report exited $s"
grep -q "Tables only: gnuplot was not found" noplot/index.md || fail "no note about missing gnuplot"
[ ! -e noplot/errors_double.svg ] || fail "a plot without gnuplot?"
grep -q "gnuplot not found" err || fail "no warning on stderr"

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
