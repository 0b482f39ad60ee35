// minkowski_bench — the fast narrow phase side by side with Box2D 2.4.1 on the same polygon pairs.
//
// Benchmarks are named <query>/<population>/<engine>:
//   query       manifold, distance, overlap (see narrow_phase_queries.hpp for the exact calls);
//               overlap_gjk and overlap_sat time both of our overlap tests (engine minkowski);
//   population  separated, overlapping, near_contact (narrow_phase_pairs.hpp): 1024 random convex
//               3–8-gon pairs each, the same pairs for both engines, cycled in the timing loop;
//   engine      minkowski (double) or box2d (float; only when Box2D was found at configure time).
// Large polygons: distance/256gon/<support> and distance/1024gon/<support>, support = linear,
// logarithmic or automatic (GjkOptions::support), on a mix of separated and overlapping pairs.
//
// Counters (computed once over the population, outside the timed loop): `hit` the fraction of
// pairs the engine reports in contact (manifold: >= 1 point; distance, overlap: intersecting),
// `points` the mean contact count, `max_err` the largest |distance − brute-force distance| over
// the separated pairs, `mismatch` the pairs whose overlap answer contradicts the brute-force
// signed distance sd (ours: intersect iff sd <= 0; Box2D: iff sd < its skin 2·b2_polygonRadius).
//
// Ratios: bench/ratios.py on the JSON output (--benchmark_format=json or --benchmark_out=...).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "narrow_phase_queries.hpp"

namespace {

using namespace minkowski;
using namespace minkowski::bench;

constexpr std::size_t kPairs = 1024;  // per population; a power of two (index mask)

struct PopulationData {
  std::vector<PolyPair> polys;
  std::vector<ShapePair> ours;
#ifdef MINKOWSKI_HAVE_BOX2D
  std::vector<Box2dPair> box2d;
#endif
};

const PopulationData& data(Population pop) {
  static PopulationData d[3];
  static bool built[3] = {};
  const int k = static_cast<int>(pop);
  if (!built[k]) {
    d[k].polys = make_population(pop, kPairs);
    d[k].ours = to_shapes(d[k].polys);
#ifdef MINKOWSKI_HAVE_BOX2D
    d[k].box2d = to_box2d(d[k].polys);
#endif
    built[k] = true;
  }
  return d[k];
}

/// Runs f(pairs[i]) for i cycling through the pairs; n must be a power of two.
template <class Pairs, class F>
void cycle(benchmark::State& state, const Pairs& pairs, F f) {
  const std::size_t mask = pairs.size() - 1;
  std::size_t i = 0;
  for (auto _ : state) {
    auto r = f(pairs[i]);
    benchmark::DoNotOptimize(r);
    i = (i + 1) & mask;
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}

// ---- minkowski ----------------------------------------------------------------------------------

void manifold_ours(benchmark::State& state, Population pop) {
  const PopulationData& d = data(pop);
  double points = 0, hit = 0;
  for (const ShapePair& p : d.ours) {
    const auto m = ours_manifold(p);
    points += m.point_count;
    hit += m.point_count > 0;
  }
  cycle(state, d.ours, [](const ShapePair& p) { return ours_manifold(p); });
  state.counters["points"] = points / kPairs;
  state.counters["hit"] = hit / kPairs;
}

void distance_ours(benchmark::State& state, Population pop) {
  const PopulationData& d = data(pop);
  double hit = 0, max_err = 0;
  for (std::size_t i = 0; i < kPairs; ++i) {
    const auto g = ours_distance(d.ours[i]);
    hit += g.intersects;
    if (d.polys[i].sd > 0) max_err = std::max(max_err, std::abs(g.distance - d.polys[i].sd));
  }
  cycle(state, d.ours, [](const ShapePair& p) { return ours_distance(p); });
  state.counters["hit"] = hit / kPairs;
  state.counters["max_err"] = max_err;
}

template <bool (*Overlap)(const ShapePair&)>
void overlap_ours(benchmark::State& state, Population pop) {
  const PopulationData& d = data(pop);
  double hit = 0, mismatch = 0;
  for (std::size_t i = 0; i < kPairs; ++i) {
    const bool o = Overlap(d.ours[i]);
    hit += o;
    mismatch += o != (d.polys[i].sd <= 0);
  }
  cycle(state, d.ours, [](const ShapePair& p) { return Overlap(p); });
  state.counters["hit"] = hit / kPairs;
  state.counters["mismatch"] = mismatch;
}

// ---- Box2D --------------------------------------------------------------------------------------

#ifdef MINKOWSKI_HAVE_BOX2D
void manifold_box2d(benchmark::State& state, Population pop) {
  const PopulationData& d = data(pop);
  double points = 0, hit = 0;
  for (const Box2dPair& p : d.box2d) {
    const b2Manifold m = box2d_manifold(p);
    points += m.pointCount;
    hit += m.pointCount > 0;
  }
  cycle(state, d.box2d, [](const Box2dPair& p) { return box2d_manifold(p); });
  state.counters["points"] = points / kPairs;
  state.counters["hit"] = hit / kPairs;
}

void distance_box2d(benchmark::State& state, Population pop) {
  const PopulationData& d = data(pop);
  double hit = 0, max_err = 0;
  for (std::size_t i = 0; i < kPairs; ++i) {
    const b2DistanceOutput o = box2d_distance(d.box2d[i]);
    hit += o.distance <= 0;
    if (d.polys[i].sd > 0) max_err = std::max(max_err, std::abs(o.distance - d.polys[i].sd));
  }
  cycle(state, d.box2d, [](const Box2dPair& p) { return box2d_distance(p); });
  state.counters["hit"] = hit / kPairs;
  state.counters["max_err"] = max_err;
}

void overlap_box2d(benchmark::State& state, Population pop) {
  const PopulationData& d = data(pop);
  double hit = 0, mismatch = 0;
  for (std::size_t i = 0; i < kPairs; ++i) {
    const bool o = box2d_overlap(d.box2d[i]);
    hit += o;
    mismatch += o != (d.polys[i].sd < kBox2dTotalRadius);
  }
  cycle(state, d.box2d, [](const Box2dPair& p) { return box2d_overlap(p); });
  state.counters["hit"] = hit / kPairs;
  state.counters["mismatch"] = mismatch;
}
#endif

// ---- large polygons: support search of GJK ------------------------------------------------------

const std::vector<ShapePair>& large_pairs(int n) {
  // 256 pairs of 256-gons, 64 pairs of 1024-gons: about 4 MB of vertices and normals each.
  static const std::vector<ShapePair> p256 = to_shapes(make_large_pairs(256, 256));
  static const std::vector<ShapePair> p1024 = to_shapes(make_large_pairs(1024, 64));
  return n == 256 ? p256 : p1024;
}

void distance_large(benchmark::State& state, int n, fast::SupportMethod method) {
  const auto& pairs = large_pairs(n);
  double hit = 0, iterations = 0;
  for (const ShapePair& p : pairs) {
    const auto g = ours_distance(p, method);
    hit += g.intersects;
    iterations += g.iterations;
  }
  cycle(state, pairs, [method](const ShapePair& p) { return ours_distance(p, method); });
  state.counters["hit"] = hit / pairs.size();
  state.counters["gjk_iterations"] = iterations / pairs.size();
}

const char* method_name(fast::SupportMethod m) {
  switch (m) {
    case fast::SupportMethod::linear:
      return "linear";
    case fast::SupportMethod::logarithmic:
      return "logarithmic";
    case fast::SupportMethod::automatic:
      return "automatic";
  }
  return "?";
}

void register_all() {
  auto reg = [](const std::string& name, auto fn, auto... args) {
    benchmark::RegisterBenchmark(name.c_str(), [=](benchmark::State& s) {
      fn(s, args...);
    })->Unit(benchmark::kNanosecond);
  };
  for (Population pop : kPopulations) {
    const std::string p = name(pop);
    reg("manifold/" + p + "/minkowski", manifold_ours, pop);
#ifdef MINKOWSKI_HAVE_BOX2D
    reg("manifold/" + p + "/box2d", manifold_box2d, pop);
#endif
  }
  for (Population pop : kPopulations) {
    const std::string p = name(pop);
    reg("distance/" + p + "/minkowski", distance_ours, pop);
#ifdef MINKOWSKI_HAVE_BOX2D
    reg("distance/" + p + "/box2d", distance_box2d, pop);
#endif
  }
  for (Population pop : kPopulations) {
    const std::string p = name(pop);
    reg("overlap/" + p + "/minkowski", overlap_ours<ours_overlap>, pop);
#ifdef MINKOWSKI_HAVE_BOX2D
    reg("overlap/" + p + "/box2d", overlap_box2d, pop);
#endif
    reg("overlap_gjk/" + p + "/minkowski", overlap_ours<ours_overlap_gjk>, pop);
    reg("overlap_sat/" + p + "/minkowski", overlap_ours<ours_overlap_sat>, pop);
  }
  for (int n : {256, 1024})
    for (auto m : {fast::SupportMethod::linear, fast::SupportMethod::logarithmic,
                   fast::SupportMethod::automatic})
      reg("distance/" + std::to_string(n) + "gon/" + method_name(m), distance_large, n, m);
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  register_all();
#ifdef MINKOWSKI_HAVE_BOX2D
  benchmark::AddCustomContext("box2d", "2.4.1 (float, shared library)");
#else
  benchmark::AddCustomContext("box2d", "not found: minkowski only");
#endif
  benchmark::AddCustomContext("minkowski_overlap", name(kOverlap));
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
