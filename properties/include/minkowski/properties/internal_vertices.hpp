#pragma once
// minkowski/properties/internal_vertices.hpp — contact points by "closest internal vertices"
// (docs/design.md, "Contacts by closest internal vertices").
//
// Kept as an ALTERNATIVE to clipping (fast/manifold.hpp) so that campaigns and reports can show
// where it fails. Do not use it for simulation: that is why it lives here, beside the study code
// that runs it, and not in the installed fast library.
//
// What this header answers
//   closest_internal_vertices(a, b, normal, depth)  contact points from the vertices of each shape
//                                                   that lie inside the other, given a SAT normal.
//   closest_internal_vertices(a, b)                 the same after running sat_query.
//
// Method. With n the collision normal from A towards B:
//   1. take A's vertex a with the largest projection on n (the deepest into B); it is a contact if
//      it lies inside B;
//   2. of a's two neighbours take the one with the larger projection on n; it is a contact if it
//      lies inside B;
//   3. while fewer than two contacts were found, repeat 1–2 for B with −n, testing inside A.
// For rounded shapes the candidate is the surface point of the vertex along the normal (a + rA·n
// for A, b − rB·n for B) and "inside" means inside the other rounded shape (boundary included);
// for polygons this is the method unchanged.
//
// Output: a Manifold (manifold.hpp) with kind = vertex, up to two points, every point with the SAME
// separation −depth. For a point from A's vertex, point_a is that vertex's surface point and
// point_b = point_a − depth·n; for a point from B's vertex, point_b is the vertex's surface point
// and point_a = point_b + depth·n. The id names the vertex on its own shape and FeatureType::none
// on the other.
//
// Failure modes (documented, and tested, on purpose):
//   - Crossing edges with no vertex inside: two shapes whose edges cross while neither has a
//     vertex inside the other (a thin bar across another bar, a "plus" sign; typical after a fast
//     move without continuous collision) give ZERO points although they overlap.
//   - One depth for all points: every point gets the SAT depth, although the true penetrations
//     differ (a tilted box resting on a face: its two corners are at different depths). A solver
//     fed this over-corrects the shallower point.
//   - Only two vertices per shape are examined, in order of projection, so an inside vertex that
//     is third along n is never found; and a vertex just outside by rounding is dropped.
//   - The inside test costs O(n) per candidate (all faces of the other shape), where clipping
//     costs O(1) per point after SAT.
// No allocation, no exception. Preconditions: shapes built by make_shape; normal a unit vector
// from A towards B (SAT's) and depth >= 0. With depth < 0 (separated) no point is returned.

#include <cmath>
#include <cstddef>
#include <cstdint>

#include "minkowski/fast/manifold.hpp"
#include "minkowski/fast/sat.hpp"
#include "minkowski/fast/shape.hpp"
#include "minkowski/fast/vec2.hpp"

namespace minkowski::properties {

namespace internal_vertices_detail {
using namespace minkowski::fast;

// Squared distance from q to segment [p0, p1].
template <class T>
T distance2_to_segment(Vec2<T> q, Vec2<T> p0, Vec2<T> p1) {
  const Vec2<T> d = p1 - p0, w = q - p0;
  const T dd = dot(d, d), t = dot(d, w);
  if (t <= T(0) || dd == T(0)) return dot(w, w);
  if (t >= dd) return length_squared(q - p1);
  const T c = cross(d, w);  // distance² = c² / dd on the interior
  return c * c / dd;
}

/// Is q in the closed rounded shape s? Sqrt-free.
template <class T>
bool contains(const ConvexShape<T>& s, Vec2<T> q) {
  const std::size_t n = s.size();
  const T r = s.radius(), r2 = r * r;
  if (n == 1) return length_squared(q - s.vertex(0)) <= r2;
  if (n == 2) return distance2_to_segment(q, s.vertex(0), s.vertex(1)) <= r2;
  T h = dot(s.normal(0), q - s.vertex(0));
  for (std::size_t i = 1; i < n; ++i) {
    const T x = dot(s.normal(i), q - s.vertex(i));
    if (x > h) h = x;
  }
  if (h <= T(0)) return true;  // inside the core
  if (h > r) return false;     // beyond some face by more than the radius
  for (std::size_t i = 0; i < n; ++i)
    if (distance2_to_segment(q, s.vertex(i), s.vertex(sat_detail::next_index(i, n))) <= r2)
      return true;
  return false;
}

// Steps 1–2 of the method for shape P along direction d (towards the other shape O): adds up to
// two points to m. `p_is_a` says which shape P is.
template <class T>
void add_internal(Manifold<T>& m, const ConvexShape<T>& p, const ConvexShape<T>& o, Vec2<T> d,
                  T depth, bool p_is_a, Vec2<T> normal) {
  const std::size_t n = p.size();
  std::size_t best = 0;
  T best_h = dot(p.vertex(0), d);
  for (std::size_t i = 1; i < n; ++i) {
    const T h = dot(p.vertex(i), d);
    if (h > best_h) best_h = h, best = i;
  }
  auto try_vertex = [&](std::size_t i) {
    if (m.point_count >= 2) return;
    const Vec2<T> q = p.vertex(i) + p.radius() * d;  // the vertex's surface point along d
    if (!contains(o, q)) return;
    ManifoldPoint<T>& mp = m.points[m.point_count++];
    mp.separation = -depth;
    if (p_is_a) {
      mp.point_a = q;
      mp.point_b = q - depth * normal;
      mp.id =
          ContactFeature{FeatureType::vertex, FeatureType::none, static_cast<std::uint32_t>(i), 0};
    } else {
      mp.point_b = q;
      mp.point_a = q + depth * normal;
      mp.id =
          ContactFeature{FeatureType::none, FeatureType::vertex, 0, static_cast<std::uint32_t>(i)};
    }
    mp.point = T(0.5) * (mp.point_a + mp.point_b);
  };
  try_vertex(best);
  if (n < 2) return;
  const std::size_t next = sat_detail::next_index(best, n), prev = sat_detail::prev_index(best, n);
  // For a segment next == prev; otherwise the neighbour with the larger projection.
  const std::size_t second = dot(p.vertex(prev), d) > dot(p.vertex(next), d) ? prev : next;
  try_vertex(second);
}

}  // namespace internal_vertices_detail

/// Contact points by closest internal vertices, for a given collision normal and depth.
///
/// Answers: up to two vertices of A inside B (searched along `normal`), then of B inside A (along
/// −normal), as contact points all carrying separation −depth. See the failure modes above: zero
/// points for overlapping shapes with crossing edges is the expected, documented outcome.
/// Preconditions: normal unit, from A towards B; depth >= 0 (a negative depth returns no point).
template <class T>
fast::Manifold<T> closest_internal_vertices(const fast::ConvexShape<T>& a,
                                            const fast::ConvexShape<T>& b, fast::Vec2<T> normal,
                                            T depth) {
  fast::Manifold<T> m;
  m.normal = normal;
  if (depth < T(0)) return m;
  internal_vertices_detail::add_internal(m, a, b, normal, depth, true, normal);
  if (m.point_count < 2)
    internal_vertices_detail::add_internal(m, b, a, -normal, depth, false, normal);
  m.kind = m.point_count > 0 ? fast::ManifoldKind::vertex : fast::ManifoldKind::none;
  return m;
}

/// The same, with the normal and depth of sat_query(a, b). Separated shapes give no point.
template <class T>
fast::Manifold<T> closest_internal_vertices(const fast::ConvexShape<T>& a,
                                            const fast::ConvexShape<T>& b) {
  const fast::SatResult<T> s = fast::sat_query(a, b);
  if (!s.intersects) {
    fast::Manifold<T> m;
    m.normal = s.normal;
    m.axes_tested = s.axes_tested;
    return m;
  }
  fast::Manifold<T> m = closest_internal_vertices(a, b, s.normal, s.depth);
  m.axes_tested = s.axes_tested;
  return m;
}

}  // namespace minkowski::properties
