#pragma once
// reports/src/internal_vertices3.hpp — contact points by "closest internal vertices" on 3D shapes,
// for the report's contact study (section 5) alone: the 2D method of
// properties/internal_vertices.hpp (docs/design.md, "Contacts by closest internal vertices"), step
// for step, so that the study's 3D rows mean what its 2D rows mean. Never used for simulation and
// never judged in campaigns; private to reports/.
//
// Method, with n the normal of sat_query(a, b) (sat3.hpp; from A towards B) and d its depth:
//   1. take A's vertex a with the largest projection on n (the deepest into B); its surface point
//      a + r_A·n is a contact if it lies inside B (closed, rounded);
//   2. of a's neighbours along the hull's edges (ConvexShape3::neighbors) take the one with the
//      largest projection on n; it is a contact if it lies inside B;
//   3. while fewer than two contacts were found, repeat 1–2 for B with −n, testing inside A.
// Every point gets the same separation −d. For a point from A's vertex, point_a is that surface
// point and point_b = point_a − d·n; for one from B's vertex, point_b is it and point_a =
// point_b + d·n (as in 2D). Separated shapes (SAT: no intersection) give no point.
// "Inside" is GJK's answer (gjk3.hpp) for the other shape and the point: intersects, touching
// included. (2D tests the point exactly against the polygon's edges; a 3D test by planes would
// need the rounded shape's edges and vertices too: GJK already answers that within its bound.)
//
// The 2D failure modes carry over unchanged: crossing edges with no vertex inside give no point
// (two bars crossing like a plus sign, one above the other), every point gets one depth, only two
// vertices per shape are looked at. Preconditions: shapes built by make_shape3. Allocates (the
// point's shape for GJK), unlike the fast library.

#include <cstdint>
#include <span>

#include "minkowski/fast/gjk3.hpp"
#include "minkowski/fast/manifold3.hpp"
#include "minkowski/fast/sat3.hpp"
#include "minkowski/fast/shape3.hpp"

namespace minkowski::reports::internal_vertices3_detail {

// Is q in the closed rounded shape s?
template <class T>
bool contains(const fast::ConvexShape3<T>& s, fast::Vec3<T> q) {
  const fast::ShapeResult3<T> point = fast::make_shape3<T>(std::span<const fast::Vec3<T>>(&q, 1));
  return point && fast::gjk_distance(s, point.shape).intersects;
}

// Steps 1–2 for shape P searched along d (towards the other shape O); adds up to two points to m.
template <class T>
void add_internal(fast::Manifold3<T>& m, const fast::ConvexShape3<T>& p,
                  const fast::ConvexShape3<T>& o, fast::Vec3<T> d, T depth, bool p_is_a) {
  using fast::dot;
  if (p.size() == 0) return;
  std::size_t best = 0;
  for (std::size_t i = 1; i < p.size(); ++i)
    if (dot(p.vertex(i), d) > dot(p.vertex(best), d)) best = i;
  auto try_vertex = [&](std::size_t i) {
    if (m.point_count >= 2) return;
    const fast::Vec3<T> q = p.vertex(i) + p.radius() * d;
    if (!contains(o, q)) return;
    fast::ManifoldPoint3<T>& mp = m.points[m.point_count++];
    mp.separation = -depth;
    const auto index = static_cast<std::uint32_t>(i);
    if (p_is_a) {
      mp.point_a = q;
      mp.point_b = q - depth * m.normal;
      mp.id = {fast::FeatureType3::vertex, fast::FeatureType3::none, index, 0};
    } else {
      mp.point_b = q;
      mp.point_a = q + depth * m.normal;
      mp.id = {fast::FeatureType3::none, fast::FeatureType3::vertex, 0, index};
    }
    mp.point = T(0.5) * (mp.point_a + mp.point_b);
  };
  try_vertex(best);
  const auto around = p.neighbors(best);
  if (around.empty()) return;
  std::uint32_t second = around[0];
  for (std::uint32_t v : around)
    if (dot(p.vertex(v), d) > dot(p.vertex(second), d)) second = v;
  try_vertex(second);
}

}  // namespace minkowski::reports::internal_vertices3_detail

namespace minkowski::reports {

/// Contact points by closest internal vertices on 3D shapes (the method above): up to two
/// points, all with separation −(SAT depth), normal SAT's; none when SAT finds no intersection.
template <class T>
fast::Manifold3<T> closest_internal_vertices3(const fast::ConvexShape3<T>& a,
                                              const fast::ConvexShape3<T>& b) {
  const fast::SatResult3<T> s = fast::sat_query(a, b);
  fast::Manifold3<T> m;
  m.normal = s.normal;
  m.axes_tested = s.axes_tested;
  if (!s.intersects) return m;
  internal_vertices3_detail::add_internal(m, a, b, s.normal, s.depth, true);
  if (m.point_count < 2)
    internal_vertices3_detail::add_internal(m, b, a, -s.normal, s.depth, false);
  return m;
}

}  // namespace minkowski::reports
