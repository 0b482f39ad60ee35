#!/usr/bin/env bash
# ctest packaging.install_consumer: installs a built tree into a fresh temporary prefix and uses
# it the way another project would.
#   1. `cmake --install BUILD --prefix TMP`; the expected files are there, every public header of
#      the exported libraries is installed, `TMP/bin/minkowski --version` prints VERSION;
#   2. cmake/tests/package_probe: find_package(minkowski COMPONENTS fast) defines minkowski::fast
#      only, with no link dependency, cxx_std_20 and -ffp-contract=off; 1.0 is refused
#      (SameMajorVersion); the full package brings reference and fixtures with their dependencies;
#   3. examples/consumer configured with CMAKE_PREFIX_PATH=TMP, built, and both programs run
#      (each checks its answers against hand-derived values);
#   4. the fast consumer's binary needs only the C++ runtime (ldd);
#   5. minkowski-fast.pc: version, no libs, and the fast consumer builds from its flags alone.
#   The consumer is built with the build's CMAKE_CXX_FLAGS and CMAKE_EXE_LINKER_FLAGS (a library
#   built with sanitizers needs them at link time); the sanitizer runtimes are then allowed in 4.
# Usage: install_test.sh BUILD_DIR SOURCE_DIR VERSION CXX_COMPILER GENERATOR [CONFIG [CXX_FLAGS
#        [EXE_LINKER_FLAGS]]]
set -euo pipefail
build=$1 src=$2 version=$3 cxx=$4 generator=$5 config=${6:-} cxx_flags=${7:-} ld_flags=${8:-}
fail() { echo "FAIL: $*" >&2; exit 1; }
step() { echo "== $*"; }
# Runs a command quietly; shows its output only when it fails.
quiet() {
  local log; log=$(mktemp "$tmp/log.XXXXXX")
  "$@" >"$log" 2>&1 || { cat "$log" >&2; fail "$*"; }
}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/minkowski-install-test.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix
config_args=(); [ -n "$config" ] && config_args=(--config "$config")

step "cmake --install $build --prefix $prefix"
quiet cmake --install "$build" --prefix "$prefix" "${config_args[@]}"
for f in include/minkowski/version.hpp include/minkowski/fast/shape.hpp \
         include/minkowski/reference/oracle.hpp include/minkowski/fixtures/case_io.hpp bin/minkowski; do
  [ -e "$prefix/$f" ] || fail "not installed: $f"
done
for pattern in 'libminkowski_reference.a' 'libminkowski_fixtures.a' 'minkowskiConfig.cmake' \
               'minkowskiConfigVersion.cmake' 'minkowski-fast-targets.cmake' 'minkowski-fast.pc'; do
  [ -n "$(find "$prefix" -name "$pattern")" ] || fail "not installed: $pattern"
done
for lib in fast reference fixtures; do
  (cd "$src/$lib/include" && find . -name '*.hpp' -o -name '*.h') | while read -r h; do
    [ -f "$prefix/include/$h" ] || fail "public header not installed: $lib/include/$h"
  done
done
echo "installed: $(find "$prefix/include" -type f | wc -l) headers, $(find "$prefix" -name '*.a' | wc -l) libraries, bin/minkowski, package and pkg-config files"
got=$("$prefix/bin/minkowski" --version)
[ "$got" = "minkowski $version" ] || fail "minkowski --version printed '$got', want 'minkowski $version'"
echo "$prefix/bin/minkowski --version: $got"

step "package probe (find_package checks)"
cmake -S "$src/cmake/tests/package_probe" -B "$tmp/probe" -G "$generator" \
  -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_PREFIX_PATH="$prefix" -DEXPECTED_VERSION="$version" \
  >"$tmp/probe.log" 2>&1 || { cat "$tmp/probe.log" >&2; fail "package probe"; }
grep -E '^-- (minkowski::|package probe)' "$tmp/probe.log"

step "examples/consumer against the installed package"
# The consumer is compiled unoptimized (no CMAKE_BUILD_TYPE): this step checks what the package
# gives a consumer, not its speed, and fast/'s 3D queries took the optimizer 23 of this test's
# 34 s (docs/performance.md, "The test command's budget").
cmake -S "$src/examples/consumer" -B "$tmp/consumer" -G "$generator" \
  -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE= \
  -DCMAKE_CXX_FLAGS="$cxx_flags" -DCMAKE_EXE_LINKER_FLAGS="$ld_flags" \
  >"$tmp/consumer.log" 2>&1 || { cat "$tmp/consumer.log" >&2; fail "consumer configure"; }
grep -E '^-- minkowski' "$tmp/consumer.log"
grep -q '^-- minkowski::fast INTERFACE_LINK_LIBRARIES: (none)$' "$tmp/consumer.log" \
  || fail "the consumer sees link dependencies on minkowski::fast"
quiet cmake --build "$tmp/consumer" --parallel 2 "${config_args[@]}"
exe_dir=$tmp/consumer; [ -n "$config" ] && [ -d "$exe_dir/$config" ] && exe_dir=$exe_dir/$config
"$exe_dir/fast_consumer" || fail "fast_consumer exited $?"
"$exe_dir/reference_consumer" || fail "reference_consumer exited $?"

step "fast consumer links nothing but the C++ runtime"
runtime='linux-vdso\.so|linux-gate\.so|libstdc\+\+\.so|libm\.so|libgcc_s\.so|libc\.so|/?.*ld-linux[^ ]*\.so'
[[ "$cxx_flags $ld_flags" == *-fsanitize* ]] && runtime="$runtime|lib(a|ub|t|l|hwa)san\.so"
if command -v ldd >/dev/null; then
  ldd "$exe_dir/fast_consumer" | tee "$tmp/ldd.txt" | sed 's/^/  /'
  extra=$(awk '{print $1}' "$tmp/ldd.txt" | grep -Ev "^($runtime)" || true)
  [ -z "$extra" ] || fail "fast_consumer needs more than the C++ runtime: $extra"
else
  echo "  (no ldd here: skipped)"
fi

step "pkg-config minkowski-fast"
if command -v pkg-config >/dev/null; then
  pc_dir=$(dirname "$(find "$prefix" -name minkowski-fast.pc | head -n 1)")
  export PKG_CONFIG_PATH=$pc_dir
  pc_version=$(pkg-config --modversion minkowski-fast)
  [ "$pc_version" = "$version" ] || fail "pkg-config version '$pc_version', want '$version'"
  cflags=$(pkg-config --cflags minkowski-fast)
  libs=$(pkg-config --libs minkowski-fast)
  echo "  version $pc_version; cflags: $cflags; libs: '${libs}'"
  [[ " $cflags " == *" -ffp-contract=off "* ]] || fail "pkg-config cflags lack -ffp-contract=off"
  [ -z "${libs// /}" ] || fail "pkg-config libs should be empty, got '$libs'"
  # shellcheck disable=SC2086  # cflags is a list of flags
  quiet "$cxx" -std=c++20 $cflags "$src/examples/consumer/fast_consumer.cpp" -o "$tmp/fast_pc"
  "$tmp/fast_pc" >/dev/null || fail "fast consumer built with pkg-config flags exited $?"
  if command -v ldd >/dev/null; then
    base='linux-vdso\.so|linux-gate\.so|libstdc\+\+\.so|libm\.so|libgcc_s\.so|libc\.so|/?.*ld-linux[^ ]*\.so'
    extra=$(ldd "$tmp/fast_pc" | awk '{print $1}' | grep -Ev "^($base)" || true)
    [ -z "$extra" ] || fail "fast consumer built with pkg-config flags needs: $extra"
  fi
  echo "  fast_consumer.cpp built with \$(pkg-config --cflags minkowski-fast) alone: runs, answers ok, C++ runtime only"
else
  echo "  (no pkg-config here: skipped)"
fi
echo "install test: passed"
