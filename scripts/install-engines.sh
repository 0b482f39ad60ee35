#!/usr/bin/env bash
# Installs the Node engines behind `minkowski check --exec` (examples/engines/{sat-js,matter-js,
# planck-js,rapier2d,rapier3d}) from their committed lock files with `npm ci`. Idempotent: an
# engine whose node_modules already matches its lock file (npm's own record,
# node_modules/.package-lock.json) is left alone. Needs network access to the npm registry; root
# (or sudo) only if node must be installed.
#
# Where node is missing it comes from Debian (`nodejs`: 8 packages). npm does not: Debian 12's
# `nodejs` and `npm` are 359 packages, most of them Node libraries, and took 88 s on a fresh
# Debian 12 (debootstrap --variant=minbase, then scripts/install-deps.sh), where this script now
# takes 6 s (2026-11-28, docs/performance.md "The two commands"). Where npm is missing, npm's own
# release tarball from the npm registry (it bundles its dependencies) is fetched once into
# build/tools/, checked against the integrity hash the registry publishes for it (pinned below),
# and run with node.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
engines=(sat-js matter-js planck-js rapier2d rapier3d)
# npm 10.9.9: the newest 10.x, whose engines field (^18.17.0 || >=20.5.0) admits Debian 12's
# nodejs 18.20; `npm view npm@10.9.9 dist.integrity`.
npm_version=10.9.9
npm_integrity=sha512-1g+6jLQvaIuB4zwvHL7yrXuXcWZwDsCtBX8bbWDqbvJSSr9nPiDDWTHNgwXR27iIcTTW7v3A57hDW9RYv2W4Yg==

if ! command -v node >/dev/null 2>&1; then
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  echo "install-engines: installing nodejs from Debian"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends nodejs ca-certificates >/dev/null
fi

if command -v npm >/dev/null 2>&1; then
  npm=(npm)
else
  tools="$root/build/tools/npm-$npm_version"
  if [ ! -f "$tools/package/bin/npm-cli.js" ]; then
    echo "install-engines: fetching npm $npm_version from the npm registry into build/tools/"
    rm -rf "$tools" && mkdir -p "$tools"
    # python3 comes with scripts/install-deps.sh; it checks the tarball before it is unpacked.
    python3 - "$npm_version" "$npm_integrity" "$tools/npm.tgz" <<'PY'
import base64, hashlib, sys, urllib.request
version, integrity, out = sys.argv[1:]
url = f"https://registry.npmjs.org/npm/-/npm-{version}.tgz"
data = urllib.request.urlopen(url, timeout=120).read()
digest = "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()
if digest != integrity:
    sys.exit(f"install-engines: {url}: integrity {digest}, expected {integrity}")
open(out, "wb").write(data)
PY
    tar -xzf "$tools/npm.tgz" -C "$tools"
  fi
  npm=(node "$tools/package/bin/npm-cli.js")
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
  (cd "$dir" && "${npm[@]}" ci --no-audit --no-fund --loglevel=error)
done
echo "install-engines: done"
