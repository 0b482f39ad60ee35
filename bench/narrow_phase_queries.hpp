#pragma once
// The calls timed by minkowski_bench and counted by minkowski_bench_instructions, one function per
// query × engine, so that both executables measure exactly the same code.
//
//   manifold   ours: contact_manifold<double>(a, b, margin = 2 · b2_polygonRadius)
//              Box2D: b2CollidePolygons (reports points whose polygons are within its skin
//              2 · b2_polygonRadius; our polygons have no skin, so the margin asks the same).
//   distance   ours: gjk_distance<double>(a, b), cold (no cache)
//              Box2D: b2Distance with a fresh b2SimplexCache (count 0) each call, useRadii false
//   overlap    ours: kOverlap below (the faster of gjk_overlap and sat_overlap, both exact on
//              polygons; minkowski_bench times both as overlap_gjk / overlap_sat)
//              Box2D: b2TestOverlap (rounded by its skin: distance < 2 · b2_polygonRadius)
#include "minkowski/fast/gjk.hpp"
#include "minkowski/fast/manifold.hpp"
#include "minkowski/fast/sat.hpp"
#include "narrow_phase_pairs.hpp"
#ifdef MINKOWSKI_HAVE_BOX2D
#include "box2d_pairs.hpp"
#endif

namespace minkowski::bench {

/// Forces the whole result into memory, as benchmark::DoNotOptimize does in minkowski_bench, so the
/// compiler cannot drop parts of an inlined query whose output is not read (the plain-loop drivers:
/// instructions_driver.cpp, ab_timing.cpp).
template <class R>
inline void escape(const R& r) {
  asm volatile("" : : "r"(&r) : "memory");
}

enum class OverlapImpl { gjk, sat };
/// The overlap test reported as `overlap/<population>/minkowski`, chosen from minkowski_bench's
/// overlap_gjk / overlap_sat rows (`taskset -c 1 minkowski_bench
/// --benchmark_filter='^overlap_(gjk|sat)/' --benchmark_repetitions=3`; figures in
/// docs/performance.md): sat_overlap is level with gjk_overlap on the separated and overlapping
/// pairs and several times faster on the near-contact mix, where GJK needs many iterations and
/// SAT usually finds a separating face early. Both agree with the brute-force classification on
/// every pair.
inline constexpr OverlapImpl kOverlap = OverlapImpl::sat;
inline const char* name(OverlapImpl o) {
  return o == OverlapImpl::gjk ? "gjk_overlap" : "sat_overlap";
}

inline fast::Manifold<double> ours_manifold(const ShapePair& p) {
  return fast::contact_manifold<double>(p.a, p.b, kBox2dTotalRadius);
}
inline fast::GjkOutput<double> ours_distance(const ShapePair& p) {
  return fast::gjk_distance<double>(p.a, p.b);
}
inline fast::GjkOutput<double> ours_distance(const ShapePair& p, fast::SupportMethod m) {
  return fast::gjk_distance<double>(p.a, p.b, nullptr, fast::GjkOptions{m});
}
inline bool ours_overlap_gjk(const ShapePair& p) { return fast::gjk_overlap<double>(p.a, p.b); }
inline bool ours_overlap_sat(const ShapePair& p) { return fast::sat_overlap<double>(p.a, p.b); }
inline bool ours_overlap(const ShapePair& p) {
  if constexpr (kOverlap == OverlapImpl::gjk)
    return ours_overlap_gjk(p);
  else
    return ours_overlap_sat(p);
}

#ifdef MINKOWSKI_HAVE_BOX2D
inline b2Manifold box2d_manifold(const Box2dPair& p) {
  b2Manifold m;
  b2CollidePolygons(&m, &p.a, identity_transform(), &p.b, identity_transform());
  return m;
}
inline b2DistanceOutput box2d_distance(const Box2dPair& p) {
  b2SimplexCache cache;
  cache.count = 0;
  b2DistanceOutput out;
  b2Distance(&out, &cache, &p.distance_input);
  return out;
}
inline bool box2d_overlap(const Box2dPair& p) {
  return b2TestOverlap(&p.a, 0, &p.b, 0, identity_transform(), identity_transform());
}
#endif

}  // namespace minkowski::bench
