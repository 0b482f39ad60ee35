#!/usr/bin/env bash
# Builds variants of fast/ with deliberate defects (mutants.txt) and shows that each is caught
# by a campaign against the exact reference within 60 s, while the real fast/ passes the same
# campaigns. Each mutant: copy the headers, apply one sed edit (a mutant whose edit no longer
# applies fails the test, so the list cannot rot silently), compile the campaign driver with the
# mutated headers first on the include path, run it.
#   mutation_test.sh SOURCE_DIR BUILD_DIR CXX [MUTANTS]
# MUTANTS: comma-separated names from mutants.txt, or "all" (the default). The test command runs
# two (properties/CMakeLists.txt; each mutant is a compile of fast_adapters.cpp), the long mode all
# of them.
set -u
src="$1"; build="$2"; cxx="${3:-g++}"; only="${4:-all}"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
inc="-I$src/properties/include -I$src/fixtures/include -I$src/reference/include -I$build/generated/include"
libs="$build/properties/libminkowski_properties.a $build/fixtures/libminkowski_fixtures.a $build/fixtures/libminkowski_case_io.a $build/reference/libminkowski_reference.a $build/reference/libminkowski_shape_model.a -lrapidcheck -lfmt -lqhull_r -lmpfr -lgmp -pthread"
# -O0, not the build's -O2: each mutant recompiles fast_adapters.cpp (every algorithm in float and
# double), which compiles several times faster unoptimized. The campaigns' time is mostly the exact
# reference, which comes optimized from the build's libraries, and every mutant dies in the first
# round (300 cases).
flags="-std=c++20 -O0 -ffp-contract=off -DNDEBUG"
# The driver (campaign loop, no fast/ algorithm of its own: those are all in fast_adapters.cpp) is
# compiled once, with the real headers; each mutant recompiles only fast_adapters.cpp. Should the
# driver ever inline a mutated function, the real one could win at link time and the mutant would
# survive: the test then fails, it does not pass wrongly.
$cxx $flags -I"$src/fast/include" $inc -c "$src/properties/mutation/mutant_driver.cpp" -o "$work/driver.o" \
  2>"$work/driver.log" || { cat "$work/driver.log"; exit 1; }
compile() {  # $1: header dir, $2: output
  $cxx $flags -I"$1" $inc "$work/driver.o" "$src/properties/src/fast_adapters.cpp" \
    $libs -o "$2" 2>"$2.log" || { cat "$2.log"; return 1; }
}
failures=0; killed=0; total=0
# The unmutated library must survive the rounds that kill the mutants: the driver linked with the
# build's own fast_adapters.o (from libminkowski_properties.a), nothing recompiled.
$cxx "$work/driver.o" $libs -o "$work/real" 2>"$work/real.log" || { cat "$work/real.log"; exit 1; }
algs=()
while IFS='|' read -r name alg file expr; do
  name=$(echo $name); alg=$(echo $alg); file=$(echo $file); expr=$(echo "$expr" | sed 's/^ *//;s/ *$//')
  [ -z "$name" ] || [ "${name:0:1}" = "#" ] && continue
  [ "$only" = all ] || [[ ",$only," == *",$name,"* ]] || continue
  total=$((total + 1)); algs+=("$alg")
  mkdir -p "$work/$name"; cp -r "$src/fast/include/." "$work/$name/"
  target="$work/$name/minkowski/fast/$file"
  sed -i "$expr" "$target"
  if cmp -s "$target" "$src/fast/include/minkowski/fast/$file"; then
    echo "FAIL $name: the edit '$expr' no longer applies to $file"; failures=$((failures + 1)); continue
  fi
  compile "$work/$name" "$work/$name/driver" || { echo "FAIL $name: does not compile"; failures=$((failures + 1)); continue; }
  out=$(timeout 90 "$work/$name/driver" "$alg" 60); rc=$?
  if [ $rc = 0 ]; then
    echo "killed   $name ($alg): $out" | cut -c1-220; killed=$((killed + 1))
  elif [ $rc -ge 128 ] && [ $rc != 137 ]; then  # crashed (signal), not timed out: caught too
    echo "killed   $name ($alg): the mutant crashed the campaign (exit $rc)"; killed=$((killed + 1))
  else
    echo "FAIL $name survived (exit $rc): $out"; failures=$((failures + 1))
  fi
done < "$src/properties/mutation/mutants.txt"
if [ "$only" != all ] && [ "$total" != "$(echo "$only" | tr ',' '\n' | grep -c .)" ]; then
  echo "FAIL some of the mutants '$only' are not in mutants.txt"; failures=$((failures + 1))
fi
for alg in $(printf '%s\n' "${algs[@]}" | sort -u); do
  # The same first rounds (50, 100, 200, 400 cases per family) that kill the mutants above.
  if out=$(timeout 90 "$work/real" "$alg" 60 4); then
    echo "FAIL the real fast/ violates the tolerance model ($alg): $out"; failures=$((failures + 1))
  else
    echo "clean    real fast/ ($alg): $out"
  fi
done
echo "mutation: $killed of $total mutants killed"
[ $failures = 0 ] && echo "mutation: 1 passed, 0 failed" || echo "mutation: 0 passed, 1 failed"
[ $failures = 0 ]
