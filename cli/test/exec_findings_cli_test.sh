#!/usr/bin/env bash
# Crashes, hangs and garbage of an --exec engine are findings, not the end of a campaign
# (docs/design.md, "The --exec protocol"; issue 24). cli/test/engines/flaky_engine.py aborts,
# hangs, writes garbage or segfaults on the cases whose index ends in 3, 5, 7, 9 and answers the
# others through minkowski_exec_fast (correct: 0 violations in double, exec_cli_test.sh section
# 1 and 8). Each failure must be counted by kind, stored as a fixture, and the campaign must go
# on to its last case; an engine that fails on a whole family passes the probe and runs on; an
# engine that cannot answer anything is given up with exit 2; --isolate case gives the same
# findings with one process per case.
# Timing on an idle host: about 2 s of engine starts and shrinking plus the one 3 s time-out.
#   exec_findings_cli_test.sh MINKOWSKI MINKOWSKI_EXEC_FAST SOURCE_DIR DIM
# DIM 2 or 3: the same checks in that dimension (one ctest each, so each stays within ~10 s).
set -u
bin="$1"; fast="$2"; src="$3"; dim="$4"
engines="$src/cli/test/engines"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$work"
fail() { echo "FAIL (--dim $dim): $*"; exit 1; }
# Every run has a wall-clock limit: an engine that is waited on forever fails the test.
kLimit=60
run() { timeout "$kLimit" "$bin" check --dim "$dim" --quiet "$@"; }
if [ "$dim" = 3 ]; then family=polytope; prefix=3d/; else family=convex; prefix=; fi
flaky="$engines/flaky_engine.py $fast double"

# 1. Ten cases, indices 0..9: 3 aborts, 5 hangs (3 s time-out: an interpreter's start on a loaded
# host must fit in it), 7 garbage, 9 segfaults; 0, 1, 2,
# 4, 6, 8 are answered correctly. So: 4 violations, by kind crash 2, timeout 1, malformed 1; exit
# 1; the engine restarted after the failures at 3, 5 and 7 (9 is the last case): 3 restarts.
t0=$SECONDS
run --exec "$flaky" --families "$family" --cases 10 --timeout 3 --json a.json --fixtures fx-a \
  >out-a.txt 2>err-a.txt; s=$?
[ $s = 1 ] || { cat out-a.txt err-a.txt; fail "flaky engine exited $s, want 1"; }
grep -q "^engine failures: 2 crash, 1 malformed, 1 timeout; restarts 3, probes 0$" out-a.txt \
  || fail "summary line: $(cat out-a.txt)"
grep -q "^10 cases in .* 4 violations$" out-a.txt || fail "last line: $(tail -1 out-a.txt)"
python3 - "$prefix" "$family" <<'PY' || fail "flaky engine: summary or fixtures"
import glob, json, sys
prefix, family = sys.argv[1], sys.argv[2]
d = json.load(open('a.json'))
c = d['cells'][prefix + 'exec/' + family + '/double']
assert d['cases'] == 10 and d['violations'] == 4, (d['cases'], d['violations'])
assert c['cases'] == 10 and c['violations'] == 4, c
assert c['protocol'] == {'crash': 2, 'malformed': 1, 'timeout': 1}, c['protocol']
# The answered cases were judged: 6 answers, every one within bounds.
assert c['fields']['relation']['count'] == 6 and c['fields']['relation']['violations'] == 0, c
# One fixture per kind, the two crashes apart (an abort and a segfault end differently).
fx = [json.load(open(f)) for f in sorted(glob.glob('fx-a/*.json'))]
kinds = sorted(f['provenance']['protocol'] for f in fx)
assert kinds == ['crash', 'crash', 'malformed', 'timeout'], kinds
broke = ' | '.join(f['provenance']['broke'] for f in fx)
for want in ('flaky_engine: assertion failed: index 3', 'Segmentation fault',
             "malformed answer 'flaky_engine: not an answer'", 'no answer within 3 s'):
    assert want in broke, (want, broke)
for f in fx:
    p = f['provenance']
    assert p['found_by'] == 'minkowski check --exec' and 'flaky_engine.py' in p['engine'], p
    assert ('--dim 3' in p['reproduce']) == (prefix == '3d/'), p['reproduce']
    # The failures do not reproduce on smaller cases (flaky_engine answers /shrink ids): the
    # fixture is the campaign's own case.
    assert {k: f[k] for k in ('a', 'b')} == {k: p['original_case'][k] for k in ('a', 'b')}, p
    assert p['case_index'] in (3, 5, 7, 9), p
PY
echo "1. failures counted and stored: $((SECONDS - t0)) s"

# 2. A family the engine cannot handle at all: every case aborts (--fail-all). After 3 failures
# in a row (--max-consecutive-failures 3; section 3 runs the default, 8) the probe is asked,
# answered, and the run goes on to its 6th case: 6 crashes, 1 probe; restarts before cases 1 and
# 2, the probe's fresh process (case 3 is asked on it), before cases 4 and 5: 5.
t0=$SECONDS
run --exec "$engines/flaky_engine.py --fail-all rounded $fast double" --families rounded \
  --cases 6 --max-consecutive-failures 3 --json b.json --fixtures fx-b >out-b.txt 2>err-b.txt; s=$?
[ $s = 1 ] || { cat out-b.txt err-b.txt; fail "fail-all engine exited $s, want 1"; }
grep -q "^engine failures: 6 crash; restarts 5, probes 1$" out-b.txt \
  || fail "fail-all summary line: $(grep -v coverage out-b.txt)"
python3 -c "
import json, sys
c = json.load(open('b.json'))['cells'][sys.argv[1] + 'exec/rounded/double']
assert c['cases'] == 6 and c['protocol'] == {'crash': 6}, c
" "$prefix" || fail "fail-all: 6 crashes counted"
grep -q "assertion failed: family rounded not supported" err-b.txt || fail "fail-all: $(cat err-b.txt)"
echo "2. a failing family runs on past the probe: $((SECONDS - t0)) s"

# 3. An engine that answers nothing (every line garbage, the probe too): 8 failures, the probe,
# then the run gives up with exit 2 and says why; the 8 malformed answers are in the summary.
t0=$SECONDS
run --exec "$engines/bad_engine.py garbage" --families "$family" --cases 20 --json c.json \
  --fixtures fx-c >out-c.txt 2>err-c.txt; s=$?
[ $s = 2 ] || { cat out-c.txt err-c.txt; fail "broken engine exited $s, want 2"; }
want="failed on 8 cases in a row, then on a probe case every engine answers .*: it is broken, "
want+="not failing on particular cases; stopping before case ${prefix}$family/8/"
grep -q "$want" err-c.txt || fail "broken engine message: $(cat err-c.txt)"
grep -q "(engine gave up: partial summary)" out-c.txt || fail "broken engine: $(cat out-c.txt)"
python3 -c "
import json, sys
c = json.load(open('c.json'))['cells'][sys.argv[1] + 'exec/' + sys.argv[2] + '/double']
assert c['protocol'] == {'malformed': 8} and c['violations'] == 8, c
" "$prefix" "$family" || fail "broken engine: 8 malformed answers counted"
echo "3. a broken engine is given up: $((SECONDS - t0)) s"

# 4. --isolate case: a fresh process per case, the same findings. Five cases, indices 0..4: 3
# aborts (no hang here: with a process per case every answer waits for an interpreter's start,
# which a loaded host may stretch past a short time-out). Fresh processes for isolation start
# before every case whose predecessor answered (cases 1, 2, 3); after the abort the start is a
# restart (case 4).
t0=$SECONDS
run --exec "$flaky" --families "$family" --cases 5 --isolate case --json d.json --fixtures fx-d \
  >out-d.txt 2>err-d.txt; s=$?
[ $s = 1 ] || { cat out-d.txt err-d.txt; fail "isolated flaky engine exited $s, want 1"; }
grep -q "^engine failures: 1 crash; restarts 1, probes 0, fresh processes for isolation 3$" out-d.txt \
  || fail "isolation summary line: $(grep -v coverage out-d.txt)"
python3 -c "
import json, sys
c = json.load(open('d.json'))['cells'][sys.argv[1] + 'exec/' + sys.argv[2] + '/double']
assert c['protocol'] == {'crash': 1} and c['violations'] == 1, c
assert c['fields']['relation']['count'] == 4 and c['fields']['relation']['violations'] == 0, c
" "$prefix" "$family" || fail "--isolate case: 1 crash and 4 answers within bounds"
echo "4. --isolate case: $((SECONDS - t0)) s"

# 5. Usage errors exit 2.
run --exec "$fast" --isolate sometimes >/dev/null 2>err.txt; [ $? = 2 ] || fail "--isolate sometimes must exit 2"
grep -q -- "--isolate must be none, case or a number of cases >= 1, got 'sometimes'" err.txt \
  || fail "--isolate error: $(cat err.txt)"
run --exec "$fast" --max-consecutive-failures 0 >/dev/null 2>&1; [ $? = 2 ] || fail "--max-consecutive-failures 0 must exit 2"
run --isolate case >/dev/null 2>&1; [ $? = 2 ] || fail "--isolate without --exec must exit 2"
echo "exec findings CLI (--dim $dim): 5 sections passed"
