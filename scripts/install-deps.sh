#!/usr/bin/env bash
# Installs every build and test dependency of minkowski from Debian's packages.
# Idempotent: packages already present are not fetched again, and apt-get update runs only when
# something is missing. Needs root (or sudo) on Debian 12. --bench adds the 3D engines the
# benchmarks compare against.
set -euo pipefail

packages=(
  build-essential cmake pkg-config git ca-certificates
  ninja-build             # the test command's tree (ci preset): schedules across targets
  libqhull-dev            # Qhull 8.0.2, reentrant C API (Qhull::qhull_r)
  libboost-dev            # Boost.Multiprecision (headers)
  libgmp-dev libmpfr-dev  # backends of mpq_rational / mpfr_float
  librapidcheck-dev       # property tests (rapidcheck, rapidcheck_gtest)
  libgtest-dev libgmock-dev googletest
  nlohmann-json3-dev libcli11-dev libfmt-dev
  libbenchmark-dev
  libjemalloc-dev         # the allocator of the `minkowski` command (MINKOWSKI_FAST_ALLOCATOR)
  parallel python3         # GNU parallel (shard example and test), python3 (CLI tests parse JSON)
  gnuplot-nox             # `minkowski report` draws its SVG plots with gnuplot
  clang-14 libfuzzer-14-dev  # the `fuzz` preset: libFuzzer targets with ASan + UBSan (fuzz/)
  libclang-rt-14-dev      # clang's sanitizer runtimes (libclang_rt.asan*, ubsan): neither clang-14
                          # nor libfuzzer-14-dev depends on it, and without it the test command's
                          # sanitized targets do not link (a fresh Debian 12, 2026-11-28)
)
optional=(
  libbox2d-dev            # only for side-by-side benchmarks and the Box2D --exec adapter
)
# The 3D engines: the peers of minkowski_bench (bench/) and the engines behind `check --exec
# --dim 3` (examples/engines/, issue 24), each optional in both places (a missing one leaves its
# rows, adapter and tests out, with a message). The main job installs them (--engines); the test
# command does not, which keeps them out of its time (their adapter tests are then skipped).
if [ "${1:-}" = "--bench" ] || [ "${1:-}" = "--engines" ]; then
  optional+=(
    libbullet-dev         # Bullet 3.24, its float64 libraries (bullet-float64.pc)
    libccd-dev            # libccd 2.1 (double)
    libfcl-dev            # FCL 0.7 (brings libccd, Eigen and octomap)
    libode-dev            # ODE 0.16 (double)
  )
fi

missing=()
for p in "${packages[@]}" "${optional[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} required and ${#optional[@]} optional packages present"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
# Optional packages: a failure here leaves the core build intact.
$SUDO apt-get install -y -qq --no-install-recommends "${optional[@]}" >/dev/null \
  || echo "install-deps: optional packages unavailable (${optional[*]}); benchmarks run without" \
    "the engines that are missing (Box2D, Bullet, libccd, FCL, ODE)"
echo "install-deps: done"
