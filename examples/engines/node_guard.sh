#!/bin/sh
# node_guard.sh ENGINE_DIR PACKAGE CMD [ARG...] — runs CMD for a Node engine's test when node and
# the engine's npm package (ENGINE_DIR/node_modules/PACKAGE) are installed; otherwise exits 77
# (ctest's SKIP_RETURN_CODE) with a message, so a machine without node or without the npm
# registry skips the test instead of failing it (scripts/install-engines.sh installs them).
set -u
dir=$1 package=$2
shift 2
command -v node >/dev/null 2>&1 || { echo "SKIP: node is not installed (scripts/install-engines.sh)"; exit 77; }
[ -d "$dir/node_modules/$package" ] || {
  echo "SKIP: $dir/node_modules/$package missing: run scripts/install-engines.sh (needs the npm registry)"
  exit 77
}
exec "$@"
