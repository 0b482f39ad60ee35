#pragma once
// minkowski/fast/support3.hpp — support mappings of 3D shapes: the vertex farthest along a
// direction.
//
// What this header answers
//   support_index_linear(shape, d)       index of a vertex maximizing dot(v, d); O(n) scan.
//   support_index_climb(shape, d, start) the same by hill-climbing over the vertex adjacency from
//                                        `start` or from the shape's start table's vertex for d,
//                                        whichever is higher along d, with a tie band; bounded
//                                        (falls back to the scan). A few dot products when `start`
//                                        was the support vertex of a nearby direction, as in GJK
//                                        and EPA, and a few steps from a cold start.
//   support_index(shape, d, method)      automatic choice by size (kSupport3LinearMaxVertices).
//   detail::CoreView3, climb3, support_index_auto3: the raw forms for GJK/EPA hot loops.
//   support_point(shape, d, method)      the support point of the rounded shape (core + radius).
//   support_difference(a, b, d, ha, hb)  a support point of A ⊖ B (cores) with its two indices,
//                                        the hints ha, hb being the climbs' starts.
//
// SupportMethod in 3D: `linear` scans; `logarithmic` means the climb (a 3D polytope has no cyclic
// vertex order to bisect; the climb from an arbitrary vertex costs O(√n) steps on round shapes,
// the graph's diameter: 13 steps, 94 dot products at 1,024 vertices on a sphere); `automatic`
// scans up to kSupport3LinearMaxVertices vertices (kSupport3WarmLinearMaxVertices with a start
// hint, in support_difference) and climbs above.
//
// Where the climb starts. make_shape3 stores, for each direction c in {-3, …, 3}³, a support
// vertex (ConvexShape3::climb_starts, shapes of more than kSupport3LinearMaxVertices vertices;
// below that a climb starts from its hint, or vertex 0, as the table's lookup and its extra dot
// product made GJK 9–17% slower on 17–32-vertex polytopes); d's entry (detail::direction_bucket3: its components rounded to thirds of the
// largest) has a direction within 12.9° of d. The climb starts from that entry's vertex or from
// the caller's hint, whichever is higher along d (one more dot product): a cold search starts
// near its answer instead of anywhere (GJK distance between 256-vertex polytopes 4.2x faster than
// with the scan, against 1.2x from vertex 0: tolerances3.hpp, kClimb3StartLevel1), and a warm one
// (GJK's and EPA's previous support vertex) keeps its hint when the hint is the better start.
//
// Why the climb is right. On a convex polytope (and on a flat polygon, a segment, a point: their
// vertex graphs are a cycle, an edge, a vertex) the function f(v) = dot(v, d) over the vertex
// graph has no local maximum that is not global: a vertex that is not a maximizer has an edge
// along which f rises (the edges at a vertex span its tangent cone, and d points out of the
// vertex's normal cone into it). So walking to a higher neighbour while one exists reaches the
// maximum (van den Bergen, "Collision Detection in Interactive 3D Environments", 2004, §4.3.4;
// Cameron, "Enhancing GJK", ICRA 1997: hill climbing with adjacency, "GJK with coherence").
//
// Ties (as in 2D, support.hpp). Computed values within the band (detail::climb_band3,
// kClimb3TieUlps) of each other may be in either order exactly, and faces perpendicular to d give
// exact plateaus. The climb steps only on a rise larger than the band. When a neighbour lies
// within the band it walks the whole tie region — the vertices reachable through neighbours
// within the band of the value where the region started — looking for a rise past it; none found,
// it returns the region's vertex of largest computed value. Its exact value is within the band of
// the maximum: let x be the region's vertex of largest exact value; if x were not a maximizer it
// would have a neighbour y exactly higher, but y is either in the region (contradiction) or
// computed more than the band below the region's start value h, so exactly below h − band/2 <=
// exact(start) <= exact(x) (each value is within band/2 of exact). The region lives in a stack
// array (kClimb3TieRegion); larger regions, and climbs spending more dot products than the shape
// has vertices, fall back to the linear scan, whose answer has the largest computed value.
//
// None of these functions allocates or throws; every loop is bounded by the budget (NaN
// directions stop at the start vertex: no comparison with NaN succeeds).

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>

#include "minkowski/fast/shape3.hpp"
#include "minkowski/fast/support.hpp"  // SupportMethod, VertexIndex, MINKOWSKI_FAST_INLINE
#include "minkowski/fast/tolerances3.hpp"
#include "minkowski/fast/vec3.hpp"

namespace minkowski::fast {

/// A point of the Minkowski difference of two cores and the vertices it came from.
template <class T>
struct MinkowskiPoint3 {
  Vec3<T> w;           ///< a[ia] − b[ib]
  VertexIndex ia = 0;  ///< vertex index on A
  VertexIndex ib = 0;  ///< vertex index on B
};

namespace detail {

/// A borrowed view of a built shape's core for the hot loops: raw pointers to the vertices and
/// the CSR adjacency, the count, and the largest |coordinate| (the tie band's m).
template <class T>
struct CoreView3 {
  const Vec3<T>* v;
  const std::uint32_t* adj_offset;  // neighbours of i: adj[adj_offset[i] .. adj_offset[i + 1])
  const std::uint32_t* adj;
  std::size_t n;
  T m;
  const std::uint32_t* start;  // ConvexShape3::climb_starts
};

template <class T>
CoreView3<T> core_view3(const ConvexShape3<T>& s) {
  return {s.vertices().data(), s.adjacency_offsets().data(), s.adjacency().data(), s.size(),
          s.scale(), s.climb_starts()};
}

/// The tie band of dot(v, d) on a shape whose largest absolute coordinate is m:
/// kClimb3TieUlps · u · m · |d|₁ plus kClimb3TieSubnormals subnormal spacings (tolerances3.hpp).
/// 0 for exact number types.
template <class T>
MINKOWSKI_FAST_INLINE T climb_band3(Vec3<T> d, T m) {
  using std::abs;
  return T(kClimb3TieUlps) * unit_roundoff<T>() * m * (abs(d.x) + abs(d.y) + abs(d.z)) +
         T(kClimb3TieSubnormals) * std::numeric_limits<T>::denorm_min();
}

/// Index of a vertex maximizing dot(v[i], d), linear scan (first maximum wins).
template <class T>
MINKOWSKI_FAST_INLINE std::size_t support_index_linear3(const Vec3<T>* v, std::size_t n,
                                                        Vec3<T> d) {
  std::size_t best = 0;
  T best_dot = dot(v[0], d);
  for (std::size_t i = 1; i < n; ++i) {
    const T h = dot(v[i], d);
    if (h > best_dot) {
      best_dot = h;
      best = i;
    }
  }
  return best;
}

/// Result of a bounded climb: the vertex reached and whether it is certified the maximum up to
/// the band (false: the budget or the tie region's capacity ran out; the caller scans).
struct Climb3Result {
  std::size_t index;
  bool done;
};

// The tie region's walk (see the header): from vertex i of value h, whose neighbours include one
// within the band. Returns {j, hj, rose = true} on a rise past the band, else the region's best.
template <class T>
MINKOWSKI_FAST_NOINLINE Climb3Result climb3_ties(const CoreView3<T>& s, Vec3<T> d, T band,
                                                 std::size_t& i, T& h, std::size_t& spent,
                                                 std::size_t budget, bool& rose) {
  std::uint32_t region[kClimb3TieRegion];
  std::size_t count = 1;
  region[0] = static_cast<std::uint32_t>(i);
  std::size_t best = i;
  T best_h = h;
  const T low = h - band, high = h + band;
  rose = false;
  for (std::size_t k = 0; k < count; ++k) {
    const std::uint32_t r = region[k];
    for (std::uint32_t e = s.adj_offset[r]; e < s.adj_offset[r + 1]; ++e) {
      const std::uint32_t j = s.adj[e];
      if (spent++ >= budget) return {best, false};
      const T hj = dot(s.v[j], d);
      if (hj > high) {
        i = j, h = hj, rose = true;
        return {j, false};
      }
      if (!(hj >= low)) continue;
      bool known = false;
      for (std::size_t q = 0; q < count && !known; ++q) known = region[q] == j;
      if (known) continue;
      if (count == kClimb3TieRegion) return {best, false};
      region[count++] = j;
      if (hj > best_h) best = j, best_h = hj;
    }
  }
  return {best, true};
}

/// Steepest-ascent climb from `start` over the adjacency, through ties (see the header), spending
/// at most `budget` dot products. Requires n >= 1 and start < n.
template <class T>
MINKOWSKI_FAST_INLINE Climb3Result climb3(const CoreView3<T>& s, Vec3<T> d, T band,
                                          std::size_t start, std::size_t budget) {
  std::size_t i = start;
  T h = dot(s.v[i], d);
  std::size_t spent = 1;
  for (;;) {
    std::size_t best = i;
    T best_h = h;
    bool tie = false;
    const T low = h - band;
    for (std::uint32_t e = s.adj_offset[i]; e < s.adj_offset[i + 1]; ++e) {
      const std::uint32_t j = s.adj[e];
      const T hj = dot(s.v[j], d);
      if (hj > best_h) best_h = hj, best = j;
      tie |= hj >= low;
    }
    spent += s.adj_offset[i + 1] - s.adj_offset[i];
    if (best_h > h + band) {  // a true rise
      if (spent > budget) return {best, false};
      i = best, h = best_h;
      continue;
    }
    if (!tie) return {i, true};
    bool rose = false;
    const Climb3Result r = climb3_ties(s, d, band, i, h, spent, budget, rose);
    if (!rose) return r;
    if (spent > budget) return {i, false};
  }
}

/// Where the climb along d starts: the start table's vertex for d's bucket, or `hint` (any index
/// >= n: none) when that is higher along d (see the header). A shape without a table (at most
/// kSupport3LinearMaxVertices vertices) starts from `hint`, or vertex 0 without one.
template <class T>
MINKOWSKI_FAST_INLINE std::size_t climb_start3(const CoreView3<T>& s, Vec3<T> d,
                                               std::size_t hint) {
  if (s.start == nullptr) return hint < s.n ? hint : 0;
  const std::size_t t = s.start[direction_bucket3(d)];
  if (hint >= s.n) return t;
  return dot(s.v[t], d) > dot(s.v[hint], d) ? t : hint;
}

/// The climb's search policy for GJK/EPA-style callers: a climb (from climb_start3) for shapes
/// above kSupport3WarmLinearMaxVertices, the scan below, and the scan when the climb gives up.
template <class T>
MINKOWSKI_FAST_INLINE std::size_t support_index_auto3(const CoreView3<T>& s, Vec3<T> d,
                                                      std::size_t hint) {
  if (s.n <= kSupport3WarmLinearMaxVertices) return support_index_linear3(s.v, s.n, d);
  const Climb3Result c = climb3(s, d, climb_band3(d, s.m), climb_start3(s, d, hint), s.n);
  return c.done ? c.index : support_index_linear3(s.v, s.n, d);
}

}  // namespace detail

/// Index of a vertex maximizing dot(v, d) by a linear scan (first maximum wins); any d.
/// Preconditions: `s` was built by make_shape3.
template <class T>
MINKOWSKI_FAST_INLINE std::size_t support_index_linear(const ConvexShape3<T>& s, Vec3<T> d) {
  return detail::support_index_linear3(s.vertices().data(), s.size(), d);
}

/// Index of a vertex maximizing dot(v, d) up to the tie band, by hill-climbing from `start` or from
/// the start table's vertex for d, whichever is higher along d (an index >= size(): the table's
/// vertex, or vertex 0 on a shape without a table). At most size() dot products in the climb, then the linear scan (a plateau larger than
/// kClimb3TieRegion vertices, or a long walk from a far start).
/// Preconditions: `s` was built by make_shape3.
template <class T>
MINKOWSKI_FAST_INLINE std::size_t support_index_climb(const ConvexShape3<T>& s, Vec3<T> d,
                                                      std::size_t start) {
  const detail::CoreView3<T> v = detail::core_view3(s);
  const detail::Climb3Result c =
      detail::climb3(v, d, detail::climb_band3(d, v.m), detail::climb_start3(v, d, start), v.n);
  return c.done ? c.index : detail::support_index_linear3(v.v, v.n, d);
}

/// Support vertex index of a shape's core; `logarithmic` is the climb from the start table's
/// vertex in 3D.
template <class T>
std::size_t support_index(const ConvexShape3<T>& s, Vec3<T> d,
                          SupportMethod method = SupportMethod::automatic) {
  switch (method) {
    case SupportMethod::linear:
      return support_index_linear(s, d);
    case SupportMethod::logarithmic:
      return support_index_climb(s, d, s.size());
    case SupportMethod::automatic:
      break;
  }
  return s.size() <= kSupport3LinearMaxVertices ? support_index_linear(s, d)
                                                : support_index_climb(s, d, s.size());
}

/// Support point of the rounded shape: the core's support vertex plus radius · d/|d| (d = 0 or
/// radius 0: the vertex).
template <class T>
Vec3<T> support_point(const ConvexShape3<T>& s, Vec3<T> d,
                      SupportMethod method = SupportMethod::automatic) {
  const Vec3<T> p = s.vertex(support_index(s, d, method));
  const T len2 = dot(d, d);
  if (!(len2 > T(0)) || s.radius() == T(0)) return p;
  return p + s.radius() * unit_vector(d, len2);
}

/// Support point of A ⊖ B (cores) in direction d; `hint_a`/`hint_b` are start vertices for the
/// climbing search (the previous support vertices; any index, out-of-range ones mean vertex 0).
/// automatic: scan up to kSupport3WarmLinearMaxVertices vertices, climb from the hint above;
/// logarithmic: always climb; linear: always scan.
template <class T>
MINKOWSKI_FAST_INLINE MinkowskiPoint3<T> support_difference(
    const ConvexShape3<T>& a, const ConvexShape3<T>& b, Vec3<T> d, VertexIndex hint_a = 0,
    VertexIndex hint_b = 0, SupportMethod method = SupportMethod::automatic) {
  std::size_t ia, ib;
  switch (method) {
    case SupportMethod::linear:
      ia = support_index_linear(a, d);
      ib = support_index_linear(b, -d);
      break;
    case SupportMethod::logarithmic:
      ia = support_index_climb(a, d, hint_a);
      ib = support_index_climb(b, -d, hint_b);
      break;
    default:
      ia = detail::support_index_auto3(detail::core_view3(a), d, hint_a);
      ib = detail::support_index_auto3(detail::core_view3(b), -d, hint_b);
      break;
  }
  return {a.vertex(ia) - b.vertex(ib), static_cast<VertexIndex>(ia), static_cast<VertexIndex>(ib)};
}

}  // namespace minkowski::fast
