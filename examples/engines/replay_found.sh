#!/bin/sh
# replay_found.sh MINKOWSKI ENGINE_DIR PACKAGE [CMD [PRECISION]] — replays the shrunk counterexamples an
# engine campaign found (ENGINE_DIR/found/*.json) against the engine (node ENGINE_DIR/adapter.js,
# or CMD when PACKAGE is "-": a native adapter such as Box2D's; PRECISION float for Box2D, which
# computes in float, default double) and
# expects every one of them to still fail: each is the minimal case of a failure class the
# engine's README states, so a fixture that stops failing means the class is no longer shown
# (the engine changed, or the adapter's mapping did) and the README must be revisited.
# Exit 77 (ctest SKIP_RETURN_CODE) when node or the package is missing.
set -u
minkowski=$1 dir=$2 package=$3 cmd=${4:-"node $2/adapter.js"} precision=${5:-double}
if [ "$package" != "-" ]; then
  command -v node >/dev/null 2>&1 || { echo "SKIP: node is not installed (scripts/install-engines.sh)"; exit 77; }
  [ -d "$dir/node_modules/$package" ] || { echo "SKIP: $dir/node_modules/$package missing: run scripts/install-engines.sh"; exit 77; }
fi
count=$(ls "$dir"/found/*.json 2>/dev/null | wc -l)
[ "$count" -gt 0 ] || { echo "FAIL: no fixtures in $dir/found"; exit 1; }
out=$("$minkowski" replay --exec "$cmd" --precision "$precision" "$dir/found" 2>&1)
status=$?
echo "$out"
[ "$status" -eq 1 ] || { echo "FAIL: replay exited $status, expected 1 (every fixture regressed)"; exit 1; }
regressed=$(echo "$out" | grep -c '^REGRESSED')
[ "$regressed" -eq "$count" ] || { echo "FAIL: $regressed of $count fixtures still fail"; exit 1; }
echo "ok: all $count failure-class fixtures of $(basename "$dir") still fail"
