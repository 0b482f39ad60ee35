// minkowski_bench_instructions — instructions per call, for callgrind.
//
//   valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file=/tmp/ci.%p
//            ./minkowski_bench_instructions [calls per query, default 3072] [row regex]
// or simply  python3 bench/instructions.py <build>/bench/minkowski_bench_instructions [calls]
//            [row regex]
//
// For every query × engine × population of minkowski_bench it runs `calls` calls (cycling through
// the same 1024 pairs) between CALLGRIND_ZERO_STATS and CALLGRIND_DUMP_STATS_AT("<name> <calls>"),
// so each callgrind dump holds only that loop: total Ir / calls = instructions per call (the loop
// itself adds a few). Without valgrind the client requests do nothing and the program only runs
// the loops. Pair generation happens before, outside the dumps, with instrumentation off
// (--instr-atstart=no; each loop turns it on and off), which matters for the 3D rows: their
// populations are classified by the exact oracle, seconds of work that callgrind would slow 50×.
//
// 3D rows (issue 22): every row of minkowski_bench's 3D part (narrow_phase3_suite.hpp, the same
// Kernel3 loops: ours and the peers found at configure time), each run for max(1, calls / pairs)
// passes over its population. The optional regex selects rows by name (both 2D and 3D), e.g.
// 'poly12_' for the headline population only.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <regex>
#include <string>

#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#else
#define CALLGRIND_ZERO_STATS
#define CALLGRIND_DUMP_STATS_AT(x) ((void)(x))
#define CALLGRIND_START_INSTRUMENTATION
#define CALLGRIND_STOP_INSTRUMENTATION
#endif

#include "narrow_phase3_suite.hpp"
#include "narrow_phase_queries.hpp"

namespace {

using namespace minkowski::bench;

std::regex g_filter(".*");

template <class Pairs, class F>
[[gnu::noinline]] void measured_loop(const std::string& label, const Pairs& pairs, long calls,
                                     F f) {
  if (!std::regex_search(label, g_filter)) return;
  const auto t0 = std::chrono::steady_clock::now();
  CALLGRIND_START_INSTRUMENTATION;
  CALLGRIND_ZERO_STATS;
  for (long i = 0; i < calls; ++i) {
    auto r = f(pairs[static_cast<std::size_t>(i) & (pairs.size() - 1)]);
    escape(r);
  }
  const std::string tag = label + " " + std::to_string(calls);
  CALLGRIND_DUMP_STATS_AT(tag.c_str());
  CALLGRIND_STOP_INSTRUMENTATION;
  const auto t1 = std::chrono::steady_clock::now();
  // Wall time per call when run natively (meaningless under valgrind): a cross-check of the
  // benchmark's times without Google Benchmark in the way.
  std::printf(
      "%-36s %8.1f ns/call\n", label.c_str(),
      std::chrono::duration<double, std::nano>(t1 - t0).count() / static_cast<double>(calls));
}

/// One 3D row: its kernel (built outside the measurement) run for `calls` calls.
[[gnu::noinline]] void measured_kernel(const std::string& label, minkowski::bench3::Kernel3& k,
                                       long calls) {
  const auto t0 = std::chrono::steady_clock::now();
  CALLGRIND_START_INSTRUMENTATION;
  CALLGRIND_ZERO_STATS;
  k.run(calls);
  const std::string tag = label + " " + std::to_string(calls);
  CALLGRIND_DUMP_STATS_AT(tag.c_str());
  CALLGRIND_STOP_INSTRUMENTATION;
  const auto t1 = std::chrono::steady_clock::now();
  std::printf(
      "%-36s %8.1f ns/call\n", label.c_str(),
      std::chrono::duration<double, std::nano>(t1 - t0).count() / static_cast<double>(calls));
}

}  // namespace

int main(int argc, char** argv) {
  const long calls = argc > 1 ? std::atol(argv[1]) : 3072;
  if (argc > 2) g_filter = std::regex(argv[2]);
  for (const minkowski::bench3::KernelSpec3& spec : minkowski::bench3::all_kernel_specs3()) {
    const std::string label = spec.name();
    if (!std::regex_search(label, g_filter)) continue;
    minkowski::bench3::Kernel3 k = spec.make();
    const long passes = std::max(1L, calls / k.batch);
    // A row that answered a hand case wrongly is marked, so that instructions.py leaves it out
    // of the peers (as ratios.py does from the counter).
    bool wrong = false;
    for (const auto& [key, value] : k.counters) wrong |= key == "hand_wrong" && value > 0;
    measured_kernel(wrong ? label + "(hand_wrong)" : label, k, passes * k.batch);
  }
  for (Population pop : kPopulations) {
    const std::vector<PolyPair> polys = make_population(pop, 1024);
    const std::vector<ShapePair> ours = to_shapes(polys);
    const std::string p = name(pop);
    measured_loop("manifold/" + p + "/minkowski", ours, calls,
                  [](const ShapePair& s) { return ours_manifold(s); });
    measured_loop("distance/" + p + "/minkowski", ours, calls,
                  [](const ShapePair& s) { return ours_distance(s); });
    measured_loop("overlap/" + p + "/minkowski", ours, calls,
                  [](const ShapePair& s) { return ours_overlap(s); });
    measured_loop("overlap_gjk/" + p + "/minkowski", ours, calls,
                  [](const ShapePair& s) { return ours_overlap_gjk(s); });
    measured_loop("overlap_sat/" + p + "/minkowski", ours, calls,
                  [](const ShapePair& s) { return ours_overlap_sat(s); });
#ifdef MINKOWSKI_HAVE_BOX2D
    const std::vector<Box2dPair> box = to_box2d(polys);
    measured_loop("manifold/" + p + "/box2d", box, calls,
                  [](const Box2dPair& s) { return box2d_manifold(s); });
    measured_loop("distance/" + p + "/box2d", box, calls,
                  [](const Box2dPair& s) { return box2d_distance(s); });
    measured_loop("overlap/" + p + "/box2d", box, calls,
                  [](const Box2dPair& s) { return box2d_overlap(s); });
#endif
  }
  for (int n : {256, 1024}) {
    const std::vector<ShapePair> large = to_shapes(make_large_pairs(n, n == 256 ? 256 : 64));
    const std::string p = "distance/" + std::to_string(n) + "gon/";
    const long c = calls / 8 > 0 ? calls / 8 : 1;
    measured_loop(p + "linear", large, c, [](const ShapePair& s) {
      return ours_distance(s, minkowski::fast::SupportMethod::linear);
    });
    measured_loop(p + "logarithmic", large, c, [](const ShapePair& s) {
      return ours_distance(s, minkowski::fast::SupportMethod::logarithmic);
    });
    measured_loop(p + "automatic", large, c, [](const ShapePair& s) {
      return ours_distance(s, minkowski::fast::SupportMethod::automatic);
    });
  }
  std::printf("done: %ld calls per query\n", calls);
  return 0;
}
