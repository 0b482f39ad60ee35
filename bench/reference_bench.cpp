// The full exact answer (relation + exact squared distance or depth) per pair, for the two
// families of the reference issue: random convex 8-gons, and 8-gons with exactly parallel edges.
#include <benchmark/benchmark.h>

#include "minkowski/reference/oracle.hpp"
#include "pairs.hpp"

namespace {

using namespace minkowski;

reference::Shape to_shape(const std::vector<bench::XY>& v) {
  reference::Shape s;
  for (auto p : v) s.points.push_back({p.x, p.y});
  return s;
}

std::vector<std::pair<reference::Shape, reference::Shape>> make_pairs(bool parallel) {
  std::mt19937_64 rng(parallel ? 2 : 1);
  std::vector<std::pair<reference::Shape, reference::Shape>> out;
  for (int i = 0; i < 256; ++i) {
    if (parallel) {
      out.emplace_back(to_shape(bench::dyadic_octagon(rng)), to_shape(bench::dyadic_octagon(rng)));
    } else {
      std::uniform_real_distribution<double> c(-2, 2);
      out.emplace_back(to_shape(bench::random_convex(rng, 8, c(rng), c(rng), 1)),
                       to_shape(bench::random_convex(rng, 8, c(rng), c(rng), 1)));
    }
  }
  return out;
}

void run(benchmark::State& state, bool parallel, reference::Detail detail) {
  const auto pairs = make_pairs(parallel);
  std::size_t i = 0;
  std::uint64_t overlapping = 0;
  reference::HullStats stats;
  for (auto _ : state) {
    const auto& [a, b] = pairs[i++ % pairs.size()];
    reference::PairAnswer r = reference::query(a, b, detail);
    overlapping += r.relation == reference::Relation::overlapping;
    stats += r.stats;
    benchmark::DoNotOptimize(r.squared);
  }
  const double n = static_cast<double>(state.iterations());
  state.counters["overlap_frac"] = overlapping / n;
  state.counters["qhull_repaired_frac"] = stats.by_source[1] / n;
  const auto& st = stats.stages.decided;
  const double tests = static_cast<double>(st[0] + st[1] + st[2]);
  state.counters["expansion_frac"] = st[1] / tests;
}

void BM_ExactAnswer_Random8gons(benchmark::State& s) {
  run(s, false, reference::Detail::magnitudes);
}
void BM_ExactAnswer_Parallel8gons(benchmark::State& s) {
  run(s, true, reference::Detail::magnitudes);
}
// The full answer adds exact witness points (rational interpolation) and MTV vectors.
void BM_FullAnswer_Random8gons(benchmark::State& s) { run(s, false, reference::Detail::full); }
void BM_FullAnswer_Parallel8gons(benchmark::State& s) { run(s, true, reference::Detail::full); }
BENCHMARK(BM_ExactAnswer_Random8gons)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ExactAnswer_Parallel8gons)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_FullAnswer_Random8gons)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_FullAnswer_Parallel8gons)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
