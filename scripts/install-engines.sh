#!/usr/bin/env bash
# Installs the Node engines behind `minkowski check --exec` (examples/engines/{sat-js,matter-js,
# planck-js,rapier2d,rapier3d}) from their committed lock files with `npm ci`, after installing
# nodejs and npm from Debian when they are missing. Idempotent: an engine whose node_modules
# already matches its lock file (npm's own record, node_modules/.package-lock.json) is left alone.
# Needs network access to the npm registry; root (or sudo) only if nodejs/npm must be installed.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
engines=(sat-js matter-js planck-js rapier2d rapier3d)

if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  echo "install-engines: installing nodejs and npm from Debian"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends nodejs npm >/dev/null
fi

for engine in "${engines[@]}"; do
  dir="$root/examples/engines/$engine"
  lock="$dir/package-lock.json"
  installed="$dir/node_modules/.package-lock.json"
  # npm writes node_modules/.package-lock.json after an install; same packages and versions as
  # the lock file means there is nothing to do.
  if [ -f "$installed" ] && node -e '
      const [want, have] = process.argv.slice(1).map((f) => require(f).packages);
      const strip = (p) => JSON.stringify(Object.entries(p).filter(([k]) => k !== "").map(([k, v]) => [k, v.version]).sort());
      process.exit(strip(want) === strip(have) ? 0 : 1);' "$lock" "$installed"; then
    echo "install-engines: $engine up to date"
    continue
  fi
  echo "install-engines: npm ci in examples/engines/$engine"
  (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
done
echo "install-engines: done"
