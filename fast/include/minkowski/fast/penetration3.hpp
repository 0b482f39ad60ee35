#pragma once
// minkowski/fast/penetration3.hpp — the 3D answer of the `--exec` protocol from GJK and EPA:
// separated pairs by GJK's distance, overlapping ones by EPA's depth and normal.
//
// The one call that runs GJK (gjk3.hpp) and then, if the cores intersect, EPA (epa3.hpp), as the
// 2D penetration() in epa.hpp does:
//   - cores apart, rounded shapes apart: GJK's distance, normal and closest points (separated);
//   - cores apart, radii overlapping or touching (core distance <= ra + rb): intersecting, depth
//     ra + rb − core distance along GJK's normal, the points GJK's (overlapping_radii);
//   - cores touching or overlapping: EPA; depth = core depth + ra + rb along EPA's normal
//     (overlapping_cores when EPA converged or found a difference without interior).
// An answer from a GJK or EPA that stopped on a bound or a degeneracy (GJK max_iterations; EPA
// max_iterations, polytope_full, degenerate_edge) is the best found and is marked approximate.
//
// SAT fallback. EPA's depth is an upper bound, certified within tau only when error_bound <= tau.
// It is not when EPA's closest faces were retired (epa3.hpp: triangles of A ⊖ B whose nearly
// collinear vertices do not fix their planes in T) or a bound stopped it. Then, for shapes of at
// most kPenetration3SatFallbackPairs edge pairs, SAT's axis pass on the cores (sat3.hpp) runs as
// well: each axis it measures gives B's gap by supports or by edges that support it, so −gap is
// an upper bound on the core depth too, and its axes are D's face normals formed from the
// shapes' own face planes and edges (nearly parallel edges by an accurate cross product), not
// from differences of far-apart points. The smaller depth is answered (status sat_fallback when
// SAT's), with B's deepest vertex along the normal as witness. Two fuzz cases had EPA answer
// 8.2e4 and 163 u·S too deep (fixtures/found/fuzz3-514fd175085e9c36, fuzz3-8ccaaf6c1e966148: faces built by
// edges 3e-6 and 4.6e-10 rad from parallel); the fallback answers them within 3 u·S.

#include "minkowski/fast/epa.hpp"  // PenetrationStatus
#include "minkowski/fast/epa3.hpp"
#include "minkowski/fast/gjk3.hpp"
#include "minkowski/fast/sat3.hpp"
#include "minkowski/fast/shape3.hpp"
#include "minkowski/fast/vec3.hpp"

namespace minkowski::fast {

/// Answer of penetration() in 3D: the fields of the `--exec` protocol plus provenance.
template <class T>
struct PenetrationResult3 {
  bool intersects = false;  ///< the rounded shapes overlap or touch (touching: depth 0)
  Vec3<T> normal;           ///< unit, from A towards B
  T depth = T(0);           ///< penetration depth (0 when separated or touching)
  T distance = T(0);        ///< distance between the shapes (0 when intersecting)
  Vec3<T> point_a;          ///< on A's surface
  Vec3<T> point_b;          ///< on B's surface
  PenetrationStatus status = PenetrationStatus::empty_shape;  ///< which path answered
  GjkStatus gjk_status = GjkStatus::empty_shape;
  EpaStatus epa_status = EpaStatus::not_run;
  int gjk_iterations = 0;
  int epa_iterations = 0;
};

/// Separation or penetration of two rounded convex 3D shapes: GJK on the cores, then EPA if the
/// cores intersect. Touching (core distance 0 with both radii 0, or core distance == ra + rb)
/// counts as intersecting with depth 0.
/// Preconditions: shapes built by make_shape3. Failure cases: see PenetrationStatus (empty_shape
///   for a default-constructed shape; approximate when a bound or a degeneracy stopped GJK or EPA).
/// Tolerance: distance as gjk_distance; depth as epa (tau from `epa_options`).
/// Warm start: `cache` as gjk_distance's.
template <class T>
PenetrationResult3<T> penetration(const ConvexShape3<T>& a, const ConvexShape3<T>& b,
                                  GjkCache3* cache = nullptr, const GjkOptions& gjk_options = {},
                                  const EpaOptions<T>& epa_options = epa3_default_options<T>()) {
  PenetrationResult3<T> r;
  if (a.size() == 0 || b.size() == 0) return r;
  // EPA answers the witness points of overlapping cores: GJK skips forming them.
  GjkOutput3<T> g = detail::gjk3_distance(a, b, cache, gjk_options, false);
  r.gjk_status = g.status;
  r.gjk_iterations = g.iterations;
  const bool gjk_bound = g.status == GjkStatus::max_iterations;
  const bool cores_apart = g.status != GjkStatus::overlap && g.status != GjkStatus::touching;
  if (cores_apart && g.core_distance > T(0)) {
    r.intersects = g.intersects;
    r.normal = g.normal;
    r.point_a = g.point_a;
    r.point_b = g.point_b;
    if (g.intersects) {
      r.depth = (a.radius() + b.radius()) - g.core_distance;
      r.status = gjk_bound ? PenetrationStatus::approximate : PenetrationStatus::overlapping_radii;
    } else {
      r.distance = g.distance;
      r.status = gjk_bound ? PenetrationStatus::approximate : PenetrationStatus::separated;
    }
    return r;
  }
  // Cores touching or overlapping (or apart by less than the unscaled core distance can show:
  // its square root underflowed to 0, so there is no normal): EPA from GJK's simplex.
  if (cores_apart) g.status = GjkStatus::touching;
  const EpaOutput3<T> e = epa(a, b, g, epa_options);
  r.intersects = true;
  r.normal = e.normal;
  r.depth = e.depth;
  r.point_a = e.point_a;
  r.point_b = e.point_b;
  r.epa_status = e.status;
  r.epa_iterations = e.iterations;
  r.status = (e.status == EpaStatus::converged || e.status == EpaStatus::point_difference)
                 ? PenetrationStatus::overlapping_cores
                 : PenetrationStatus::approximate;
  const T tau = epa_options.relative_tolerance * (a.scale() + b.scale());
  if (e.error_bound > tau && a.dimension() >= 2 && b.dimension() >= 2 &&
      a.edges().size() * b.edges().size() <= kPenetration3SatFallbackPairs) {
    const sat3_detail::Pass<T> pass =
        sat3_detail::axis_pass(a, b, std::numeric_limits<T>::infinity());
    const T gap = pass.best.gap;
    const T core_depth = gap < T(0) ? -gap : T(0);
    if (pass.best.axis != SatAxis3::none && core_depth < e.core_depth) {
      const Vec3<T> n = pass.best.normal;
      const Vec3<T> deepest_b = b.vertex(sat3_detail::min_vertex(b, n));
      r.normal = n;
      r.depth = core_depth + (a.radius() + b.radius());
      r.point_b = deepest_b - b.radius() * n;
      r.point_a = deepest_b + (core_depth + a.radius()) * n;
      r.status = PenetrationStatus::sat_fallback;
    }
  }
  return r;
}

}  // namespace minkowski::fast
