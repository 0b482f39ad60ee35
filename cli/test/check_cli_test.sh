#!/usr/bin/env bash
# End-to-end test of `minkowski check`, `merge`, `replay` and `fixture`: exit codes, JSON shape,
# thread-count independence, four shards run with GNU parallel and merged equal the single run
# (2D and 3D campaigns in one summary, the default --dim all), --dim 2 and --dim 3 alone, a
# fixture whose stored answer no longer holds makes `replay` fail, and memory stays bounded.
set -u
bin="$1"; src="$2"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$work"
fail() { echo "FAIL: $*"; exit 1; }
strip() {  # the summary without wall-clock time
  python3 -c "import json,sys; d=json.load(open(sys.argv[1])); d.pop('seconds'); d['options'].pop('shard'); d['options'].pop('shards'); print(json.dumps(d, sort_keys=True))" "$1"
}

"$bin" check --cases 40 --quiet --json one.json --fixtures fx >out1.txt 2>&1; s=$?
[ $s = 0 ] || { cat out1.txt; fail "check exited $s, want 0"; }
python3 -c "
import json; d=json.load(open('one.json'))
# --dim all: 6 2D families and 7 3D families, 40 cases each
assert d['cases'] == 15 * 40 and d['violations'] == 0, d['cases']
assert d['options']['dimensions'] == [2, 3], d['options']
c = d['cells']['epa/convex/double']
assert c['cases'] == 40 and set(c['fields']) >= {'relation','distance'}, c
c = d['cells']['3d/penetration/box/double']
assert c['cases'] == 40 and set(c['fields']) >= {'relation','distance'}, c
keys3 = [k for k in d['cells'] if k.startswith('3d/')]
fields3 = set(f for k in keys3 for f in d['cells'][k]['fields'])
assert fields3 >= {'relation','distance','depth','normal','witness','contacts','contact_depth'}, fields3
assert len(keys3) == 4 * 8 * 2, len(keys3)  # 4 algorithms x 8 families (cells included) x 2 precisions
" || fail "summary JSON shape"
grep -q "^3d/manifold/touching/float " out1.txt || fail "the table must list the 3D cells: $(cat out1.txt)"
# One dimension alone: --dim 2 is the 2D campaign as it always was, --dim 3 the 3D one.
"$bin" check --dim 2 --cases 40 --quiet --json two.json --fixtures fx >/dev/null 2>&1 || fail "--dim 2 exited $?"
"$bin" check --dim 3 --cases 40 --quiet --json three.json --fixtures fx >out3.txt 2>&1; s=$?
[ $s = 0 ] || { cat out3.txt; fail "--dim 3 exited $s, want 0"; }
python3 - <<'PY' || fail "--dim 2 and --dim 3 summaries"
import json
one, two, three = (json.load(open(f)) for f in ('one.json', 'two.json', 'three.json'))
assert 'dimensions' not in two['options'] and two['cases'] == 280, two['options']
assert all(not k.startswith('3d/') for k in two['cells'])
assert three['options']['dimensions'] == [3] and three['cases'] == 320, three['options']
assert all(k.startswith('3d/') for k in three['cells'])
# The joined run's cells are each dimension's own, case for case.
for part in (two, three):
    for k, c in part['cells'].items():
        assert one['cells'][k] == c, k
PY
"$bin" check --dim 3 --families convex >/dev/null 2>&1; [ $? = 2 ] || fail "a 2D family under --dim 3 must exit 2"
"$bin" check --dim 4 >/dev/null 2>&1; [ $? = 2 ] || fail "--dim 4 must exit 2"
"$bin" check --cases 40 --quiet --threads 1 --json one_t1.json --fixtures fx >/dev/null 2>&1
[ "$(strip one.json)" = "$(strip one_t1.json)" ] || fail "1 thread and all threads differ"

parallel --will-cite "$bin" check --cases 40 --quiet --threads 1 --shard {}/4 --json shard{}.json --fixtures fx ::: 0 1 2 3 >/dev/null 2>&1 \
  || fail "a shard failed"
"$bin" merge shard0.json shard1.json shard2.json shard3.json --json merged.json >/dev/null || fail "merge exited $?"
[ "$(strip one.json)" = "$(strip merged.json)" ] || fail "four merged shards differ from the single run"

# Memory stays bounded: run_campaign frees each case's result once it is merged. Kept to the end,
# the results would take several KB a case, hundreds of MB for this run's 60,000 cases.
python3 - "$bin" <<'EOF' || fail "check --cases 10000 kept too much memory"
import resource, subprocess, sys
subprocess.run([sys.argv[1], 'check', '--dim', '2', '--cases', '10000', '--quiet', '--fixtures', 'fx_mem'],
               check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024  # KiB on Linux
assert peak_mb < 150, f"check --cases 10000: peak {peak_mb:.0f} MB, want < 150"
EOF

"$bin" check --families nosuch >/dev/null 2>&1; [ $? = 2 ] || fail "unknown family must exit 2"
"$bin" check --shard 4/4 >/dev/null 2>&1; [ $? = 2 ] || fail "bad shard must exit 2"

"$bin" replay "$src/fixtures/catalogue" --quiet >/dev/null || fail "catalogue replay exited $?"
mkdir bad
python3 - "$src/fixtures/catalogue" bad <<'PY'
import json, os, sys
src, dst = sys.argv[1], sys.argv[2]
name = sorted(f for f in os.listdir(src) if f.endswith('.json'))[0]
d = json.load(open(os.path.join(src, name)))
d['expected']['signed_distance'] = '1.0e+00'   # a stored answer that no longer holds
json.dump(d, open(os.path.join(dst, name), 'w'))
PY
out=$("$bin" replay bad 2>&1); [ $? = 1 ] || fail "a regressed fixture must make replay exit 1: $out"
grep -q "REGRESSED" <<<"$out" || fail "replay must name the regression"
# One fixture named directly: a file, which replay must not walk as a directory.
one=$(ls bad/*.json | head -1)
out=$("$bin" replay "$one" 2>&1); [ $? = 1 ] || fail "replay FILE must replay that fixture and exit 1: $out"
grep -q "REGRESSED" <<<"$out" || fail "replay FILE must name the regression: $out"
echo '{broken' > bad/zz.json
"$bin" replay bad >/dev/null 2>err.txt; [ $? = 2 ] || fail "an unreadable fixture must exit 2"
grep -q "zz.json:1:" err.txt || fail "unreadable fixture not named with its line: $(cat err.txt)"

printf '%s\n' '{"id":"p","a":{"points":[[0,0],[1,0],[0,1]]},"b":{"points":[[2,2]]}}' > mine.jsonl
"$bin" fixture mine.jsonl --dir userfx >/dev/null 2>&1 || fail "fixture exited $?"
"$bin" replay userfx --quiet >/dev/null || fail "a fresh fixture must replay clean"
echo "check/merge/replay CLI: all checks passed"
