#pragma once
// minkowski/fast/gjk.hpp — GJK: overlap, distance and closest points of two rounded convex shapes.
//
// Algorithm: Gilbert, Johnson & Keerthi, "A fast procedure for computing the distance between
// complex objects in three-dimensional space", IEEE J. Robotics and Automation 4(2), 1988, in the
// 2D form with a Voronoi-region simplex solver and barycentric coordinates (Ericson, Real-Time
// Collision Detection, 2005, §9.5; Catto, "Computing Distance", GDC 2010, the scheme of Box2D's
// b2Distance). Termination by the distance gap and by progress: van den Bergen, "A fast and
// robust GJK implementation for collision detection of convex objects", J. Graphics Tools 4(2),
// 1999.
//
// What it answers. GJK runs on the cores of the two shapes (radius 0) and finds the point of the
// Minkowski difference A ⊖ B = {a − b} closest to the origin. The core distance is that point's
// length; the distance of the rounded shapes is core distance − ra − rb (radius policy:
// support.hpp). Closest points on A and B are the same barycentric combination of the simplex's
// vertices on A and on B, then moved by the radii along the normal. Support points are found by
// hill climbing from the previous support vertex (SupportMethod::automatic, support.hpp), which
// costs two or three dot products per shape once the search direction settles.
//
// Conventions.
//   - Minkowski difference A ⊖ B: w = a − b. Its closest point v to the origin is a_closest −
//     b_closest, so the unit normal from A towards B is −v/|v|.
//   - Touching counts as intersecting: core distance exactly 0 in T means `intersects`, and so
//     does core distance <= ra + rb.
//
// Exits (GjkStatus), each a named branch of gjk_core below:
//   converged       the new support point is no farther along the search direction than the
//                   current closest point, up to the gap tolerance (kGjkGapUlps): distance found.
//   stalled         the new support point looked better, but adding it did not decrease the
//                   computed distance (rounding, or several support points on one line of A ⊖ B:
//                   collinear or coincident support points); the previous simplex is kept. (A
//                   point that leaves the distance unchanged up to rounding is taken instead, a few
//                   times per query — kGjkMaxFlatSteps — since it turns the search direction.)
//   touching        the origin lies exactly (in T) on a simplex vertex or edge: core distance 0.
//   overlap         the origin lies inside the simplex triangle: the cores overlap. (Also when
//                   rounding leaves the origin in no Voronoi region of the triangle, which can
//                   only happen within rounding of its boundary.)
//   separated       gjk_overlap only: a direction was found in which A ⊖ B ⊕ disc(ra + rb)
//                   lies strictly on one side of the origin.
//   max_iterations  the iteration bound was hit; the result is the best so far (an upper bound
//                   on the distance). Never observed on polygons; present so no input can loop.
//   empty_shape     a shape has no vertices (a default-constructed ConvexShape): nothing computed.
//
// Robustness. The origin exactly on a simplex edge or vertex, collinear and coincident support
// points (FCL issue #293 produced NaN there, libccd issue #25 a NaN normal) are regular branches:
// every division is by a sum of positive terms or by a length tested > 0 first, and products of
// four coordinates are never formed (the triangle test compares signs instead), so finite input
// within max_coordinate<T>() never produces NaN or infinity.
//
// No allocation, no exceptions. Everything is templated on T; the iteration itself uses only
// + − × ÷ and comparisons (square roots appear only when the output is assembled).

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>

#include "minkowski/fast/shape.hpp"
#include "minkowski/fast/simd.hpp"
#include "minkowski/fast/support.hpp"
#include "minkowski/fast/tolerances.hpp"
#include "minkowski/fast/vec2.hpp"

namespace minkowski::fast {

// Tolerances and work bounds (kGjkMaxIterations, kGjkGapUlps, kGjkMaxFlatSteps, kGjkFlatUlps,
// kRescaleBelow): tolerances.hpp.

/// Why GJK stopped. See the header comment for what each exit guarantees.
enum class GjkStatus : std::uint8_t {
  converged,
  stalled,
  touching,
  overlap,
  separated,
  max_iterations,
  empty_shape,
};

inline const char* describe(GjkStatus s) {
  switch (s) {
    case GjkStatus::converged:
      return "converged";
    case GjkStatus::stalled:
      return "stalled";
    case GjkStatus::touching:
      return "touching";
    case GjkStatus::overlap:
      return "overlap";
    case GjkStatus::separated:
      return "separated";
    case GjkStatus::max_iterations:
      return "max_iterations";
    case GjkStatus::empty_shape:
      return "empty_shape";
  }
  return "unknown";
}

/// Warm-start cache: the vertex indices of the last simplex. Zero-initialize it (count = 0) before
/// the first query; pass the same cache for the same pair of shapes in the next frame. Indices that
/// are out of range for the shapes passed are ignored (cold start), so a stale cache is harmless.
struct GjkCache {
  int count = 0;                ///< number of cached vertices, 0..3 (0: cold start)
  VertexIndex index_a[3] = {};  ///< vertex indices on A of the simplex vertices
  VertexIndex index_b[3] = {};  ///< vertex indices on B of the simplex vertices
};

/// The final simplex: 1 to 3 points of A ⊖ B (cores) and the barycentric coordinates of the
/// closest point (for count 3 with status overlap: of the origin) in them.
template <class T>
struct GjkSimplex {
  int count = 0;                ///< 1, 2 or 3 (0 only for status empty_shape)
  MinkowskiPoint<T> points[3];  ///< points[i].w = A.vertex(ia) − B.vertex(ib)
  T bary[3] = {};               ///< barycentric weights, >= 0, summing to 1
};

/// Options of a GJK query. The defaults are what a physics engine wants.
struct GjkOptions {
  SupportMethod support = SupportMethod::automatic;  ///< support search (support.hpp)
  int max_iterations = kGjkMaxIterations;            ///< bound on support evaluations
  /// Termination gap in units of u (tolerances.hpp, kGjkGapUlps). A setting for tolerance
  /// studies (`minkowski report` sweeps it); engines keep the default.
  double gap_ulps = kGjkGapUlps;
};

/// Result of gjk_distance. All vectors are in the shapes' common (world) frame.
template <class T>
struct GjkOutput {
  GjkStatus status = GjkStatus::empty_shape;  ///< which exit ended the iteration
  bool intersects = false;  ///< the rounded shapes overlap or touch (core distance <= ra + rb)
  T distance = T(0);        ///< distance between the rounded shapes, >= 0; 0 when intersects
  T core_distance = T(0);   ///< distance between the cores (radius 0), >= 0; 0 when they overlap
  Vec2<T> normal;           ///< unit, from A towards B along the closest core points; the zero
                            ///< vector when core_distance == 0 (no direction: use EPA)
  Vec2<T> point_a;          ///< closest point on A: core point + ra · normal (with core distance
                            ///< 0: a point common to both cores, radii not applied)
  Vec2<T> point_b;        ///< closest point on B: core point − rb · normal; point_b − point_a
                          ///< = (core_distance − ra − rb) · normal
  GjkSimplex<T> simplex;  ///< final simplex (input of EPA)
  int iterations = 0;     ///< support evaluations made
};

namespace detail {

// Working simplex: points only. The barycentric weights are computed once, when the output is
// assembled; the loop needs only the search direction and the squared distance.
template <class T>
struct Simplex {
  MinkowskiPoint<T> p[3];
  int count = 0;
};

// What solving a simplex tells the loop.
template <class T>
struct SolveResult {
  Vec2<T> dir;    // search direction: towards the origin from the closest feature, unnormalized
  T dist2;        // squared distance from the origin to the simplex (0 if touching/inside)
  bool touching;  // the origin lies on the simplex's closest vertex or edge (in T)
};

// The solvers take the simplex's points by value and write its closest feature to `out` (1 or 2
// points; all 3 when the origin is inside the triangle), which may be the simplex they were read
// from. GJK holds the previous simplex's points as values while it solves the next one over it,
// and writes them back only on a step that brings no progress (rare), instead of copying the
// whole simplex before every step to be able to restore it.

// One point: closest point is w itself.
template <class T>
MINKOWSKI_FAST_INLINE SolveResult<T> solve1(MinkowskiPoint<T> m, Simplex<T>& out) {
  out.p[0] = m;
  out.count = 1;
  const Vec2<T> w = m.w;
  const T d2 = dot(w, w);
  return {-w, d2, !(d2 > T(0))};  // d2 == 0 (also if it underflowed): origin on the vertex
}

// cross(w1, e) for the segment w1 w2, e = w2 − w1, formed from the endpoint nearer the closest
// point (the one of larger barycentric weight: weight1 = w2·e for w1, weight2 = −w1·e for w2).
// Both forms are equal in exact arithmetic (cross(w2, e) = cross(w1 + e, e)); the nearer endpoint
// is also the nearer to the origin, and the products' rounding is u·|w|·|e|, so the far one could
// swamp the result: w1 at 1e91 from the origin, the segment 2e76 from it, products of 9e181
// cancelling to 3e167 with 4% error — GJK took a true decrease of the distance for an increase and
// stopped "separated by 2.07e76" inside an overlap 2.03e76 deep
// (fixtures/found/fuzz-e6d4c7bffbaee127.json).
template <class T>
MINKOWSKI_FAST_INLINE T edge_cross(Vec2<T> w1, Vec2<T> w2, Vec2<T> e, T weight1, T weight2) {
  return select_greater(weight2, weight1, cross(w2, e), cross(w1, e));  // without a jump: simd.hpp
}

// The edge e = w2 − w1 as the segment formulas use it: e itself, or, when |e|² is below
// normalize_below2 (two simplex points far closer together than the case's scale: a segment of
// 6e-162 at scale 1), e divided by its largest component. Such an |e|² carries subnormal rounding,
// and the core distance |cross(w, e)|/|e| and the normal perp(e)/|e| formed from it were off by 2%
// (a shape's 6e-162-long edge against a triangle of size 2). Every use is homogeneous in e: the
// direction of perp(e), c²/|e|², |c|/|e|, and the weights' ratio.
template <class T>
MINKOWSKI_FAST_INLINE Vec2<T> edge_for_formulas(Vec2<T> e, T e2) {
  if (e2 >= normalize_below2<T>()) return e;
  using std::abs;
  const T m = abs(e.x) > abs(e.y) ? abs(e.x) : abs(e.y);
  return {e.x / m, e.y / m};
}

// Segment w1 w2. Derivation: the closest point is w1 + t·e, e = w2 − w1, t = −w1·e / e·e. Its
// barycentric weights are (w2·e, −w1·e) / e·e; if the weight of w2 is <= 0 the closest point is w1,
// if that of w1 is <= 0 it is w2, else it lies inside the edge. There the origin's distance to the
// edge line is |cross(w, e)| / |e| (no cancellation from forming the closest point; w the nearer
// endpoint, edge_cross), and the search direction is the edge normal on the origin's side,
// perp(e) — exactly orthogonal to e, so a repeated support point yields a gain of exactly zero.
// A cross product of 0 means the origin is on the edge: touching. Coincident points (e = 0) fall
// into the first branch.
//
// solve_edge is the part after the weight tests: the origin projects inside the segment (weight1,
// weight2 > 0 for e = w2 − w1), and c_e = edge_cross(w1, w2, e, weight1, weight2) is given by the
// caller: the triangle solver has formed both the weights and c_e for its edges (in the same
// operations as solve2, so the values are the ones solve2 would form) and does not form them again.
template <class T>
MINKOWSKI_FAST_INLINE SolveResult<T> edge_result(Vec2<T> ev, T ev2, T c) {
  if (c > T(0)) return {perp_left(ev), c * (c / ev2), false};
  if (c < T(0)) return {perp_right(ev), c * (c / ev2), false};
  return {perp_left(ev), T(0), true};  // origin on the edge
}

template <class T>
MINKOWSKI_FAST_INLINE SolveResult<T> solve_edge(MinkowskiPoint<T> m1, MinkowskiPoint<T> m2,
                                                Vec2<T> e, T weight1, T weight2, T c_e,
                                                Simplex<T>& out) {
  const T e2 = dot(e, e);
  if (!(e2 > T(0))) {  // |e| underflowed: the points coincide for every purpose; keep the nearer
    return solve1(dot(m2.w, m2.w) < dot(m1.w, m1.w) ? m2 : m1, out);
  }
  out.p[0] = m1;
  out.p[1] = m2;
  out.count = 2;
  if (e2 >= normalize_below2<T>()) return edge_result(e, e2, c_e);  // edge_for_formulas(e) is e
  const Vec2<T> ev = edge_for_formulas(e, e2);
  return edge_result(ev, dot(ev, ev), edge_cross(m1.w, m2.w, ev, weight1, weight2));
}

template <class T>
MINKOWSKI_FAST_INLINE SolveResult<T> solve2(MinkowskiPoint<T> m1, MinkowskiPoint<T> m2,
                                            Simplex<T>& out) {
  const Vec2<T> w1 = m1.w, w2 = m2.w;
  const Vec2<T> e = w2 - w1;
  const T weight2 = -dot(w1, e);
  if (!(weight2 > T(0))) return solve1(m1, out);  // region of w1
  const T weight1 = dot(w2, e);
  if (!(weight1 > T(0))) return solve1(m2, out);  // region of w2
  return solve_edge(m1, m2, e, weight1, weight2, edge_cross(w1, w2, e, weight1, weight2), out);
}

// "n123 · s <= 0" without forming the product (it would be of degree 4 in the coordinates and can
// overflow near max_coordinate<T>()). A degenerate triangle (n123 == 0) counts as "<= 0".
template <class T>
MINKOWSKI_FAST_INLINE bool product_nonpositive(T n123, T s) {
  if (n123 > T(0)) return !(s > T(0));
  if (n123 < T(0)) return !(s < T(0));
  return true;
}

// Triangle w1 w2 w3. The origin's barycentric weights are proportional to c1 = cross(w2, w3),
// c2 = cross(w3, w1), c3 = cross(w1, w2): all of one sign means the origin is strictly inside,
// which is tested first (it ends every overlapping query), with c_k formed directly; an origin
// that test puts inside is inside up to rounding, where overlap is a right answer. If it does not,
// each c_k is formed again as solve2 forms the edge's cross product (edge_cross, from the same edge
// weights), so that the triangle and the segment solver put the origin on the same side of an
// edge it lies within rounding of: formed differently, the side solve2 had searched towards came
// out reversed here, the triangle fell back to that same edge, and GJK stalled "separated by
// 7.5e-17" on a chord through the middle of an overlap 0.5 deep
// (fixtures/found/fuzz-9268b17e5a3f8422.json). Otherwise the
// Voronoi regions are tested in the order vertex 1, edge 12, edge 13, vertex 2, vertex 3, edge 23
// (Ericson §5.1.5 / b2Simplex::Solve3): edge weights as in solve2, and an edge region also needs
// the opposite triangle weight n123·c_k <= 0, n123 = cross(e12, e13), compared by sign only.
// Collinear points (n123 = 0) make every such test pass, so a degenerate triangle reduces to the
// edge that contains the origin's projection. In exact arithmetic the early interior test changes
// nothing: an interior origin fails every vertex and edge test.
template <class T>
MINKOWSKI_FAST_INLINE SolveResult<T> solve3(MinkowskiPoint<T> m1, MinkowskiPoint<T> m2,
                                            MinkowskiPoint<T> m3, Simplex<T>& out, bool& inside) {
  const Vec2<T> w1 = m1.w, w2 = m2.w, w3 = m3.w;
  auto strictly_inside = [](T x, T y, T z) {
    return (x > T(0) && y > T(0) && z > T(0)) || (x < T(0) && y < T(0) && z < T(0));
  };
  auto origin_inside = [&]() -> SolveResult<T> {
    out.p[0] = m1;
    out.p[1] = m2;
    out.p[2] = m3;
    out.count = 3;
    inside = true;
    return {Vec2<T>{}, T(0), true};
  };
  if (strictly_inside(cross(w2, w3), cross(w3, w1), cross(w1, w2))) return origin_inside();
  // Edge 23 is solved as the segment [w3, w2] (that order: ties pick the same end as before), so
  // its edge vector is formed as solve2 forms it, e32 = w2 − w3; its weights d23_1 = −w3·e32 and
  // d23_2 = w2·e32 are w3·e23 and −w2·e23 (e23 = w3 − w2) up to the sign of a zero, and are only
  // compared.
  const Vec2<T> e12 = w2 - w1, e13 = w3 - w1, e32 = w2 - w3;
  const T d12_1 = dot(w2, e12), d12_2 = -dot(w1, e12);
  const T d13_1 = dot(w3, e13), d13_2 = -dot(w1, e13);
  const T d23_1 = -dot(w3, e32), d23_2 = dot(w2, e32);
  // Each as solve2 forms it for the segment it is solved as below: [w1, w2], [w1, w3], [w3, w2].
  const T c12 = edge_cross(w1, w2, e12, d12_1, d12_2);  // cross(w1, w2)
  const T c13 = edge_cross(w1, w3, e13, d13_1, d13_2);  // cross(w1, w3)
  const T c32 = edge_cross(w3, w2, e32, d23_2, d23_1);  // cross(w3, w2)
  const T c1 = -c32, c2 = -c13, c3 = c12;  // cross(w2, w3), cross(w3, w1), cross(w1, w2)
  if (strictly_inside(c1, c2, c3)) return origin_inside();
  const T n123 = cross(e12, e13);

  if (!(d12_2 > T(0)) && !(d13_2 > T(0))) return solve1(m1, out);     // vertex 1
  if (d12_1 > T(0) && d12_2 > T(0) && product_nonpositive(n123, c3))  // edge 12
    return solve_edge(m1, m2, e12, d12_1, d12_2, c12, out);
  if (d13_1 > T(0) && d13_2 > T(0) && product_nonpositive(n123, c2))  // edge 13
    return solve_edge(m1, m3, e13, d13_1, d13_2, c13, out);
  if (!(d12_1 > T(0)) && !(d23_2 > T(0))) return solve1(m2, out);     // vertex 2
  if (!(d13_1 > T(0)) && !(d23_1 > T(0))) return solve1(m3, out);     // vertex 3
  if (d23_1 > T(0) && d23_2 > T(0) && product_nonpositive(n123, c1))  // edge 23
    return solve_edge(m3, m2, e32, d23_2, d23_1, c32, out);
  // No region matched: only possible through rounding when the origin is within rounding of the
  // triangle's boundary. Treat it as inside.
  return origin_inside();
}

// Solves a simplex of any size (1 to 3 points) into `out`, which may be `s` itself.
template <class T>
MINKOWSKI_FAST_INLINE SolveResult<T> solve(const Simplex<T>& s, Simplex<T>& out, bool& inside) {
  if (s.count == 1) return solve1(s.p[0], out);
  if (s.count == 2) return solve2(s.p[0], s.p[1], out);
  return solve3(s.p[0], s.p[1], s.p[2], out, inside);
}

// Fills `s` from the cache; returns false (cold start wanted) if the cache is empty or stale.
// Points are scaled by f (see working_scale).
template <class T>
MINKOWSKI_FAST_INLINE bool load_cache(const GjkCache* cache, CoreView<T> a, CoreView<T> b, T f,
                                      Simplex<T>& s) {
  if (cache == nullptr || cache->count < 1 || cache->count > 3) return false;
  s.count = 0;
  for (int k = 0; k < cache->count; ++k) {
    const VertexIndex ia = cache->index_a[k], ib = cache->index_b[k];
    if (ia >= a.n || ib >= b.n) return false;
    bool repeated = false;
    for (int j = 0; j < s.count; ++j) repeated = repeated || (s.p[j].ia == ia && s.p[j].ib == ib);
    if (!repeated) s.p[s.count++] = {f * (a.v[ia] - b.v[ib]), ia, ib};
  }
  return true;
}

template <class T>
MINKOWSKI_FAST_INLINE void store_cache(const Simplex<T>& s, GjkCache* cache) {
  if (cache == nullptr) return;
  cache->count = s.count;
  for (int k = 0; k < s.count; ++k) {
    cache->index_a[k] = s.p[k].ia;
    cache->index_b[k] = s.p[k].ib;
  }
}

// Witness points from barycentric weights. The weights of a short edge of A ⊖ B far from the
// origin carry a relative error of about u·|w|/|e| (their dot products cancel), and their sum is 1
// only to that error. Formed as Σ t_k·p_k, that error multiplies |p| (a single-point A landed
// u·|p|²/|e| off its own point: fuzz-6ed580722afbe10b). Written from the points' midpoint (two
// points) or first point (three), it multiplies only the differences p_k − p0: equal points give
// p0 exactly, and equal weights give the midpoint exactly (p0 + p1 cannot overflow: coordinates
// are at most max_coordinate()).
template <class T>
MINKOWSKI_FAST_INLINE Vec2<T> weighted_point(Vec2<T> p0, Vec2<T> p1, T t0, T t1) {
  return T(0.5) * (p0 + p1) + (T(0.5) * (t1 - t0)) * (p1 - p0);
}
template <class T>
MINKOWSKI_FAST_INLINE Vec2<T> weighted_point(Vec2<T> p0, Vec2<T> p1, Vec2<T> p2, T t1, T t2) {
  return p0 + (t1 * (p1 - p0) + t2 * (p2 - p0));
}

// Result of the iteration, before radii and witness points.
template <class T>
struct GjkCoreResult {
  Simplex<T> simplex;
  SolveResult<T> solved;
  GjkStatus status;
  int iterations;
};

// The GJK iteration on the cores, on Minkowski-difference points scaled by the power of two f
// (working_scale). With kOverlapOnly, it also stops as soon as a support point shows the origin
// outside A ⊖ B ⊕ disc(radius) (status separated); `radius` (scaled by f) is unused otherwise.
//
// Loop invariant: `sv` describes the solved simplex `s` (closest feature to the origin, search
// direction towards the origin, squared distance). Each step evaluates the support point w of
// A ⊖ B along sv.dir and measures its gain over the current closest feature,
// gain = (w − w1)·dir, which is |dir| times (current distance − lower bound). No gain beyond the
// relative gap: converged. Otherwise w joins the simplex, which is solved again; the squared
// distance must strictly decrease or the old simplex is restored (stalled), except for at most
// kGjkMaxFlatSteps steps that leave it unchanged up to rounding with a new support point (the
// smallest distance seen is what is answered). Apart from those few steps the distance strictly
// decreases: no simplex repeats more than a bounded number of times, which bounds the loop even
// without the cap.
template <class Support, bool kOverlapOnly, class T>
MINKOWSKI_FAST_INLINE GjkCoreResult<T> gjk_core(CoreView<T> a, CoreView<T> b, const GjkCache* cache,
                                                int max_iterations, T f, T radius, T gap) {
  using std::sqrt;
  GjkCoreResult<T> r;
  Simplex<T>& s = r.simplex;
  bool cold = false;  // the first point is arbitrary: no support hint for the first search
  if (!load_cache(cache, a, b, f, s)) {
    s.count = 1;
    s.p[0] = {f * (a.v[0] - b.v[0]), 0, 0};
    cold = true;
  }
  bool inside = false;
  SolveResult<T> sv = solve(s, s, inside);
  int it = 0;
  int flat_steps = 0;
  Simplex<T> best_s;  // with flat_steps > 0: the simplex of smallest distance left behind
  SolveResult<T> best_sv{};
  GjkStatus status;
  for (;;) {
    if (inside) {
      status = GjkStatus::overlap;
      break;
    }
    if (sv.touching) {
      status = GjkStatus::touching;
      break;
    }
    if (it >= max_iterations) {
      status = GjkStatus::max_iterations;
      break;
    }

    // One inlined support search with the hints chosen, not one per hint: two copies of the
    // inlined climbs made the loop larger and slower.
    MinkowskiPoint<T> w = support_difference<Support>(a, b, sv.dir, cold ? kNoHint : s.p[0].ia,
                                                      cold ? kNoHint : s.p[0].ib);
    cold = false;
    w.w = f * w.w;
    ++it;
    if constexpr (kOverlapOnly) {
      // h(dir) + radius·|dir| < 0: the supporting line of A ⊖ B ⊕ disc(radius) normal to dir
      // leaves the origin strictly outside.
      const T h = dot(w.w, sv.dir);
      if (h < T(0) && (radius == T(0) || h + radius * sqrt(dot(sv.dir, sv.dir)) < T(0))) {
        status = GjkStatus::separated;
        break;
      }
    }
    const T base = -dot(s.p[0].w, sv.dir);  // |v|·|dir| >= 0
    const T gain = dot(w.w - s.p[0].w, sv.dir);
    if (!(gain > gap * base)) {
      status = GjkStatus::converged;
      break;
    }

    // s has 1 or 2 points here (3 only with the origin inside, which ended the loop above).
    // The previous simplex, as values: the solvers write the next one over s.
    const int count = s.count;
    const MinkowskiPoint<T> q0 = s.p[0], q1 = s.p[1];
    const SolveResult<T> next = count == 1 ? solve2(q0, w, s) : solve3(q0, q1, w, s, inside);
    if (!inside && !next.touching && !(next.dist2 < sv.dist2)) {
      // No decrease in T. A new feature at the same computed distance, up to the rounding of
      // dist2 (kGjkFlatUlps), is still taken, at most kGjkMaxFlatSteps times (see there): its
      // search direction can differ where the old one could not. The best simplex seen is kept
      // and answered if nothing better follows, so the distance never increases. A repeated
      // support point or a clearly larger distance ends the iteration with that best simplex.
      const bool repeated =
          (q0.ia == w.ia && q0.ib == w.ib) || (count == 2 && q1.ia == w.ia && q1.ib == w.ib);
      const T flat_limit = sv.dist2 + T(kGjkFlatUlps) * unit_roundoff<T>() * sv.dist2;
      // One branch writes the previous simplex for both of its uses: back into s when the
      // iteration stops, or into best_s when it is the best so far. Two branches, each with its
      // own copy, read more plainly but cost gjk_distance instructions through register
      // allocation (bench/instructions.py).
      const bool stop = repeated || !(next.dist2 <= flat_limit) || flat_steps >= kGjkMaxFlatSteps;
      if (stop || flat_steps == 0 || sv.dist2 < best_sv.dist2) {
        Simplex<T>& previous = stop ? s : best_s;
        previous.p[0] = q0;
        previous.p[1] = q1;
        previous.count = count;
        if (stop) {
          status = GjkStatus::stalled;
          break;
        }
        best_sv = sv;
      }
      ++flat_steps;
    }
    sv = next;
  }
  if (flat_steps > 0 && !inside && !sv.touching && best_sv.dist2 < sv.dist2)
    s = best_s, sv = best_sv;
  r.solved = sv;
  r.status = status;
  r.iterations = it;
  return r;
}

// GJK distance with a fixed support policy: the iteration, then the output. Derivations of the
// output: count 1 — distance |w1| and normal −w1/|w1|; count 2 — distance |cross(w, e)|/|e| (w the
// nearer endpoint, edge_cross), normal ±perp(e)/|e| (the search direction, which points from
// A ⊖ B towards the origin, i.e. from A to B), barycentric weights (w2·e, −w1·e)/|e|², so one
// square root and one division serve all;
// count 3 (overlap) — the origin's weights cross(w2, w3) : cross(w3, w1) : cross(w1, w2).
template <class Support, class T>
GjkOutput<T> gjk_distance_impl(const CoreView<T>& va, const CoreView<T>& vb, T ra, T rb, T f,
                               GjkCache* cache, int max_iterations, T gap) {
  using std::sqrt;
  const GjkCoreResult<T> r = gjk_core<Support, false>(va, vb, cache, max_iterations, f, T(0), gap);
  store_cache(r.simplex, cache);
  const Simplex<T>& s = r.simplex;
  // The output is built from locals by one aggregate initialization per exit, not by assigning
  // the fields of a default-constructed GjkOutput: g++ clears a default-constructed GjkOutput
  // (184 bytes) with `rep stosq`, whose start-up cost shows on every query. Fields an exit does
  // not compute keep GjkOutput's defaults (zero).
  const T inv_f = T(1) / f;  // exact: f is a power of two
  auto output_point = [&](int k) -> MinkowskiPoint<T> {
    return {inv_f * s.p[k].w, s.p[k].ia, s.p[k].ib};
  };
  const MinkowskiPoint<T> op0 = output_point(0);  // s.count is 1, 2 or 3
  const MinkowskiPoint<T> op1 = s.count > 1 ? output_point(1) : MinkowskiPoint<T>{};
  const MinkowskiPoint<T> op2 = s.count > 2 ? output_point(2) : MinkowskiPoint<T>{};
  T bary[3] = {};
  Vec2<T> ca, cb;
  T core_distance = T(0);
  Vec2<T> normal{};
  const bool cores_apart = r.status != GjkStatus::overlap && r.status != GjkStatus::touching;
  if (s.count == 1) {
    bary[0] = T(1);
    ca = va.v[s.p[0].ia];
    cb = vb.v[s.p[0].ib];
    const T len2 = dot(s.p[0].w, s.p[0].w);
    if (cores_apart && len2 > T(0)) {
      core_distance = inv_f * sqrt(len2);
      normal = -unit_vector(s.p[0].w, len2);
    }
  } else if (s.count == 2) {
    const Vec2<T> w1 = s.p[0].w, w2 = s.p[1].w;
    const Vec2<T> e = w2 - w1;
    const T e2 = dot(e, e);  // > 0 after solve2
    const Vec2<T> ev = edge_for_formulas(e, e2);
    const T weight1 = dot(w2, ev), weight2 = -dot(w1, ev);
    if (ev == e) {
      const T inv_len = T(1) / sqrt(e2);
      const T inv_e2 = inv_len * inv_len;
      bary[0] = weight1 * inv_e2;
      bary[1] = weight2 * inv_e2;
      if (cores_apart) {
        const T c = edge_cross(w1, w2, e, weight1, weight2);
        core_distance = inv_f * ((c < T(0) ? -c : c) * inv_len);
        normal = inv_len * r.solved.dir;
      }
    } else {  // the scaled edge (edge_for_formulas): weights' ratio, |c|/|ev|, unit perp(ev)
      const T sum = weight1 + weight2;
      bary[0] = sum > T(0) ? weight1 / sum : T(1);
      bary[1] = sum > T(0) ? weight2 / sum : T(0);
      if (cores_apart) {
        const T c = edge_cross(w1, w2, ev, weight1, weight2);
        core_distance = inv_f * ((c < T(0) ? -c : c) / sqrt(dot(ev, ev)));
        normal = unit_vector(r.solved.dir, dot(r.solved.dir, r.solved.dir));
      }
    }
    ca = weighted_point(va.v[s.p[0].ia], va.v[s.p[1].ia], bary[0], bary[1]);
    cb = weighted_point(vb.v[s.p[0].ib], vb.v[s.p[1].ib], bary[0], bary[1]);
  } else {
    const Vec2<T> w1 = s.p[0].w, w2 = s.p[1].w, w3 = s.p[2].w;
    const T c1 = cross(w2, w3), c2 = cross(w3, w1), c3 = cross(w1, w2);
    const T sum = c1 + c2 + c3;  // twice the signed area; same sign as each c_k when inside
    if (sum != T(0)) {
      const T inv = T(1) / sum;
      bary[0] = c1 * inv;
      bary[1] = c2 * inv;
      bary[2] = c3 * inv;
    } else {  // a triangle flat in T: any point of it is common to both cores up to rounding
      bary[0] = T(1);
    }
    ca = weighted_point(va.v[s.p[0].ia], va.v[s.p[1].ia], va.v[s.p[2].ia], bary[1], bary[2]);
    cb = weighted_point(vb.v[s.p[0].ib], vb.v[s.p[1].ib], vb.v[s.p[2].ib], bary[1], bary[2]);
  }
  const GjkSimplex<T> simplex{s.count, {op0, op1, op2}, {bary[0], bary[1], bary[2]}};
  if (core_distance > T(0)) {
    const bool intersects = !(core_distance > ra + rb);
    return GjkOutput<T>{r.status,         intersects, intersects ? T(0) : core_distance - (ra + rb),
                        core_distance,    normal,     ca + ra * normal,
                        cb - rb * normal, simplex,    r.iterations};
  }
  // The cores touch or overlap: distance 0, no normal; the common core point is the witness.
  return GjkOutput<T>{r.status, true, T(0), T(0), Vec2<T>{}, ca, cb, simplex, r.iterations};
}

template <class Support, class T>
bool gjk_overlap_impl(const CoreView<T>& va, const CoreView<T>& vb, T radius, T f, GjkCache* cache,
                      int max_iterations, T gap) {
  using std::sqrt;
  const GjkCoreResult<T> r =
      gjk_core<Support, true>(va, vb, cache, max_iterations, f, f * radius, gap);
  store_cache(r.simplex, cache);
  switch (r.status) {
    case GjkStatus::overlap:
    case GjkStatus::touching:
      return true;
    case GjkStatus::separated:
      return false;
    default:
      break;
  }
  return !(sqrt(r.solved.dist2) > f * radius);
}

}  // namespace detail

/// Distance and closest points of two rounded convex shapes (GJK on the cores, radii applied last).
///
/// Answers: whether the shapes intersect (touching included), their distance, the unit normal from
/// A to B, the closest points, the final simplex and the iteration count; see GjkOutput.
/// Preconditions: both shapes built by make_shape (so finite, within max_coordinate<T>()).
/// Failure cases: status empty_shape for a default-constructed shape (output zeroed);
///   max_iterations (distance is an upper bound). With core distance 0 there is no normal
///   (zero vector): the penetration direction needs EPA (epa.hpp).
/// Tolerance: distance exact up to the gap kGjkGapUlps·u·distance plus the rounding of the
///   arithmetic; the relation may be wrong only within that band of touching.
/// Warm start: pass a cache (zeroed the first time); it is read on entry and written on exit.
template <class T>
GjkOutput<T> gjk_distance(const ConvexShape<T>& a, const ConvexShape<T>& b,
                          GjkCache* cache = nullptr, const GjkOptions& options = {}) {
  if (a.size() == 0 || b.size() == 0) return GjkOutput<T>{};
  const detail::CoreView<T> va = detail::core_view(a);
  const detail::CoreView<T> vb = detail::core_view(b);
  const T f = detail::working_scale(a.scale() + b.scale());
  const T ra = a.radius(), rb = b.radius();
  const int max_it = options.max_iterations;
  const T gap = T(options.gap_ulps) * unit_roundoff<T>();  // default kGjkGapUlps · u
  switch (options.support) {
    case SupportMethod::linear:
      return detail::gjk_distance_impl<detail::LinearSupport>(va, vb, ra, rb, f, cache, max_it,
                                                              gap);
    case SupportMethod::logarithmic:
      return detail::gjk_distance_impl<detail::LogSupport>(va, vb, ra, rb, f, cache, max_it, gap);
    case SupportMethod::automatic:
      break;
  }
  return detail::gjk_distance_impl<detail::AutoSupport>(va, vb, ra, rb, f, cache, max_it, gap);
}

/// Overlap test only: true when the rounded shapes overlap or touch. Cheaper than gjk_distance on
/// separated shapes: it stops at the first support point that proves a separating direction.
/// Preconditions and tolerance as gjk_distance; a default-constructed shape gives false.
template <class T>
bool gjk_overlap(const ConvexShape<T>& a, const ConvexShape<T>& b, GjkCache* cache = nullptr,
                 const GjkOptions& options = {}) {
  if (a.size() == 0 || b.size() == 0) return false;
  const detail::CoreView<T> va = detail::core_view(a);
  const detail::CoreView<T> vb = detail::core_view(b);
  const T radius = a.radius() + b.radius();
  const T f = detail::working_scale(a.scale() + b.scale());
  const int max_it = options.max_iterations;
  const T gap = T(options.gap_ulps) * unit_roundoff<T>();  // default kGjkGapUlps · u
  switch (options.support) {
    case SupportMethod::linear:
      return detail::gjk_overlap_impl<detail::LinearSupport>(va, vb, radius, f, cache, max_it, gap);
    case SupportMethod::logarithmic:
      return detail::gjk_overlap_impl<detail::LogSupport>(va, vb, radius, f, cache, max_it, gap);
    case SupportMethod::automatic:
      break;
  }
  return detail::gjk_overlap_impl<detail::AutoSupport>(va, vb, radius, f, cache, max_it, gap);
}

}  // namespace minkowski::fast
