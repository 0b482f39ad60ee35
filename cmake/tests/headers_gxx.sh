#!/usr/bin/env bash
# ctest packaging.fast_headers_gxx: every header under INCLUDE_DIR compiles on its own with g++
# (included twice: the include guard must hold), with warnings as errors and exactly the usage
# requirements of minkowski::fast (C++20, -ffp-contract=off, its two include directories).
# Parsing only (-fsyntax-only). Prints each failing header's diagnostics and the count.
# Usage: headers_gxx.sh GXX INCLUDE_DIR GENERATED_INCLUDE_DIR
set -uo pipefail
gxx=$1 include=$2 generated=$3
failed=0 total=0
while read -r header; do
  total=$((total + 1))
  if ! printf '#include <%s>\n#include <%s>\n' "$header" "$header" |
      "$gxx" -std=c++20 -fsyntax-only -ffp-contract=off -Wall -Wextra -Werror \
        -I"$include" -I"$generated" -x c++ - 2>"${TMPDIR:-/tmp}/headers_gxx.$$"; then
    echo "FAIL: $header"; cat "${TMPDIR:-/tmp}/headers_gxx.$$"; failed=$((failed + 1))
  fi
done < <(cd "$include" && find . -name '*.hpp' | sed 's|^\./||' | LC_ALL=C sort)
rm -f "${TMPDIR:-/tmp}/headers_gxx.$$"
[ "$total" -gt 0 ] || { echo "FAIL: no headers under $include"; exit 1; }
echo "g++ ($("$gxx" -dumpfullversion)): $((total - failed)) of $total headers under $include compile on their own"
[ "$failed" = 0 ]
