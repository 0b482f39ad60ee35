#pragma once
// minkowski/fast/gjk3.hpp — GJK in 3D: distance, closest points and overlap of two rounded convex
// hulls (docs/design.md, "Three dimensions").
//
// Algorithm: Gilbert, Johnson & Keerthi, "A fast procedure for computing the distance between
// complex objects in three-dimensional space", IEEE J. Robotics and Automation 4(2), 1988, with
// the signed-volumes sub-simplex solver of Montanari, Petrinic & Barbieri, "Improving the GJK
// algorithm for faster and more reliable distance queries between convex objects", ACM
// Transactions on Graphics 36(3), article 30, 2017 (written here from the paper's description),
// and van den Bergen's termination by the distance gap ("A fast and robust GJK implementation for
// collision detection of convex objects", J. Graphics Tools 4(2), 1999). The outer loop,
// statuses, options, radius policy, warm start, flat steps and stall handling are those of the 2D
// gjk.hpp; read its header first.
//
// What it answers. GJK runs on the cores (radius 0) and finds the point v of the Minkowski
// difference A ⊖ B = {a − b} closest to the origin. The core distance is |v|; the distance of the
// rounded shapes is |v| − ra − rb. Closest points on A and B are the same barycentric combination
// of the simplex's vertices on A and on B, then moved by the radii along the normal −v/|v| (from A
// towards B). Touching counts as intersecting.
//
// The sub-simplex solver (signed volumes). A simplex of k + 1 points (k = 0..3) is solved for the
// point of its hull nearest the origin, and reduced to the smallest sub-simplex holding it:
//   segment   w1 w2: weights (w2·e, −w1·e), e = w2 − w1; a weight <= 0 means the other end's
//             vertex region. v = w1 + t·e formed from the nearer end.
//   triangle  the origin is projected on the plane, p = n·(n·w1)/|n|², n = (w2 − w1) × (w3 − w1).
//             The signed areas of (p, w_j, w_k) are taken on the coordinate plane where n has its
//             largest component μ (as Montanari et al. do: no square root, the best conditioned of
//             the three projections). All of μ's sign: p lies inside and is the answer. Otherwise
//             each edge whose area has not μ's sign (every edge when μ = 0, a collinear or
//             repeated-point triangle) is solved as a segment and the nearest is kept.
//   tetrahedron  the origin's signed volumes C_k (the tetrahedron with the origin in place of w_k;
//             they sum to the volume V = (w2 − w1)·((w3 − w1) × (w4 − w1))). All of V's sign: the
//             origin is inside. Otherwise each face whose C_k has not V's sign (every face when
//             V = 0: a flat or repeated-point tetrahedron) is solved as a triangle and the nearest
//             kept.
// No branch divides by a quantity not tested > 0 first, and degenerate simplices (collinear or
// coplanar supports, repeated points, zero volume) fall into the "solve every sub-simplex" branch
// instead of a division by zero: FCL issue #293 (NaN from a degenerate simplex) cannot happen.
//
// Exits (GjkStatus), each a named branch of gjk3_core:
//   converged       the new support point is one of the simplex's points, or gains no more than the
//                   gap (kGjkGapUlps · u · |v|² + kGjk3GapAbsUlps · u · S3 · |v|∞) over it.
//   stalled         adding the new point did not decrease the computed distance, beyond the few
//                   flat steps allowed (kGjk3MaxFlatSteps: steps that leave it unchanged up to
//                   rounding, kGjk3FlatUlps and kGjk3FlatAbsUlps); the best simplex seen is
//                   answered.
//   touching        the computed distance is at most kGjk3TouchingUlps · u · S3: the origin is on
//                   a simplex vertex, edge or face up to rounding (the sign of a smaller distance
//                   is the arithmetic's, not the shapes'). Two spheres with one centre (FCL
//                   #346's endless loop) end here at once: A ⊖ B's first point is 0.
//   overlap         the origin lies strictly inside the simplex tetrahedron.
//   separated       gjk_overlap only: a support plane leaves the origin outside
//                   A ⊖ B ⊕ ball(ra + rb).
//   max_iterations  the bound (GjkOptions::max_iterations, default kGjk3MaxIterations) was hit.
//   empty_shape     a shape has no vertices (a default-constructed ConvexShape3).
//
// Scale. Every case is rescaled by the power of two f with f·(Sa + Sb) in [1, 2) before the
// iteration (exact), and the results scaled back: the 3D solver forms products of degree 4
// (squared areas |n|²), which under- or overflow far sooner than 2D's degree 2 — a 1e-9 box in
// float has |n|² ~ 1e-36, near float's smallest normal. So the answers do not depend on the
// scale at all (up to powers of two).
//
// No allocation, no exceptions; no NaN for finite input within max_coordinate<T>().

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "minkowski/fast/gjk.hpp"  // GjkStatus, GjkOptions, describe(GjkStatus)
#include "minkowski/fast/segment3.hpp"
#include "minkowski/fast/shape3.hpp"
#include "minkowski/fast/support3.hpp"
#include "minkowski/fast/tolerances3.hpp"
#include "minkowski/fast/vec3.hpp"

namespace minkowski::fast {

/// Warm-start cache: the vertex indices of the last simplex (count 0 = cold start). Indices out
/// of range for the shapes passed are ignored, so a stale cache is harmless.
struct GjkCache3 {
  int count = 0;                ///< number of cached vertices, 0..4
  VertexIndex index_a[4] = {};  ///< vertex indices on A of the simplex vertices
  VertexIndex index_b[4] = {};  ///< vertex indices on B of the simplex vertices
};

/// The final simplex: 1 to 4 points of A ⊖ B (cores) and the barycentric coordinates of the
/// closest point (with status overlap: of the origin, or of a point of the simplex nearest it).
template <class T>
struct GjkSimplex3 {
  int count = 0;                 ///< 1..4 (0 only for status empty_shape)
  MinkowskiPoint3<T> points[4];  ///< points[i].w = A.vertex(ia) − B.vertex(ib)
  T bary[4] = {};                ///< barycentric weights, >= 0, summing to 1
};

/// Result of gjk_distance. All vectors are in the shapes' common (world) frame.
template <class T>
struct GjkOutput3 {
  GjkStatus status = GjkStatus::empty_shape;  ///< which exit ended the iteration
  bool intersects = false;  ///< the rounded shapes overlap or touch (core distance <= ra + rb)
  T distance = T(0);        ///< distance between the rounded shapes, >= 0; 0 when intersects
  T core_distance = T(0);   ///< distance between the cores, >= 0; 0 when they overlap
  Vec3<T> normal;           ///< unit, from A towards B along the closest core points; zero when
                            ///< core_distance == 0
  Vec3<T> point_a;          ///< closest point on A: core point + ra · normal
  Vec3<T> point_b;          ///< closest point on B: core point − rb · normal
  GjkSimplex3<T> simplex;   ///< final simplex (input of EPA)
  int iterations = 0;       ///< support evaluations made
};

namespace detail {

// Power of two f with f·scale in [1, 2) (1 for scale 0 and for non-IEEE types); see "Scale". For
// normal float and double the exponent is read off the bits (ilogb and ldexp are library calls
// costing ~70 instructions, a tenth of a small query); subnormal scales take the library path.
template <class T>
T working_scale3(T scale) {
  if constexpr (std::is_same_v<T, double> && std::numeric_limits<double>::is_iec559) {
    const int e = static_cast<int>((std::bit_cast<std::uint64_t>(scale) >> 52) & 0x7ff);
    if (e > 0 && e < 2046 && scale > T(0))
      return std::bit_cast<double>(static_cast<std::uint64_t>(2046 - e) << 52);
  } else if constexpr (std::is_same_v<T, float> && std::numeric_limits<float>::is_iec559) {
    const int e = static_cast<int>((std::bit_cast<std::uint32_t>(scale) >> 23) & 0xff);
    if (e > 0 && e < 254 && scale > T(0))
      return std::bit_cast<float>(static_cast<std::uint32_t>(254 - e) << 23);
  }
  if constexpr (std::numeric_limits<T>::is_iec559) {
    if (scale > T(0)) {
      using std::ilogb;
      using std::ldexp;
      int k = -ilogb(scale);
      if (k > std::numeric_limits<T>::max_exponent - 1)
        k = std::numeric_limits<T>::max_exponent - 1;
      return ldexp(T(1), k);
    }
  }
  return T(1);
}

// Working simplex (structure of arrays): points scaled by f and their vertex indices. Barycentric
// weights are formed once, for the output. No member has an initializer (a local costs nothing).
template <class T>
struct Simplex3 {
  Vec3<T> w[4];
  VertexIndex ia[4], ib[4];
  int count;
};

// What solving a simplex tells the loop: v, the simplex's point nearest the origin (the search
// direction is −v), dist2 = |v|² (0: the origin lies on the simplex), and the smallest
// sub-simplex holding v as indices into the points solved, ascending (count 4: the origin is
// strictly inside the tetrahedron). Returning indices instead of points keeps the solvers free
// of copies: the caller compacts its simplex once, in place (ascending indices make that safe).
template <class T>
struct Solve3 {
  Vec3<T> v;
  T dist2;
  int count;
  std::uint8_t idx[4];
};

// a and b of one sign, both nonzero ("compareSigns" of Montanari et al.).
template <class T>
MINKOWSKI_FAST_INLINE bool same_sign(T a, T b) {
  return (a > T(0) && b > T(0)) || (a < T(0) && b < T(0));
}

template <class T>
MINKOWSKI_FAST_INLINE Solve3<T> solve3_point(const Vec3<T>* w, int i) {
  return {w[i], dot(w[i], w[i]), 1, {static_cast<std::uint8_t>(i), 0, 0, 0}};
}

// Segment w[i] w[j], i < j (derivation in the header). The weights are formed from the points as
// given, so the same segment is solved alike wherever it comes from. A segment whose |e|²
// underflows is a point for every purpose (the case is rescaled to S ~ 1): its nearer end is kept.
template <class T>
MINKOWSKI_FAST_INLINE Solve3<T> solve3_segment(const Vec3<T>* w, int i, int j) {
  const Vec3<T> w1 = w[i], w2 = w[j];
  const Vec3<T> e = w2 - w1;
  const T weight2 = -dot(w1, e);
  if (!(weight2 > T(0))) return solve3_point(w, i);  // region of w1
  const T weight1 = dot(w2, e);
  if (!(weight1 > T(0))) return solve3_point(w, j);  // region of w2
  const T e2 = dot(e, e);
  if (!(e2 > T(0))) return solve3_point(w, dot(w2, w2) < dot(w1, w1) ? j : i);
  // From the nearer end (larger weight): the rounding of t·e then multiplies the shorter part.
  const Vec3<T> v0 = weight2 > weight1 ? w2 - (weight1 / e2) * e : w1 + (weight2 / e2) * e;
  // v0 is off by ~u·|w| in every coordinate, also along e, where the exact v has no component.
  // That component is the search direction's: on a segment L = |e| long and |v| << L from the
  // origin it tilts −v by ~u·|w|/|v| rad, and a support along it misses by that times the
  // shapes' extent along e (~L): GJK then met a vertex it already had and stopped ("converged")
  // 1.47 = 3.19e6 u·S above the distance (fuzz/findings' fuzz3-0633bf85d8c6651a: a segment 8.3e9
  // long against a capsule's 5.3-long core). One Gram–Schmidt step removes it: the residual
  // dot(v0, e) is formed with an error ~u·|v0|·|e|, so the component left along e is ~u·|v|,
  // relative to v, whatever L.
  const Vec3<T> v = v0 - (dot(v0, e) / e2) * e;
  return {v, dot(v, v), 2, {static_cast<std::uint8_t>(i), static_cast<std::uint8_t>(j), 0, 0}};
}

// Component k of cross(a, b): the signed area (times 2) of a, b projected on the coordinate plane
// normal to axis k, oriented so that it has the sign of n_k for a counter-clockwise triangle.
template <class T>
MINKOWSKI_FAST_INLINE T cross_component(int k, Vec3<T> a, Vec3<T> b) {
  if (k == 0) return a.y * b.z - a.z * b.y;
  if (k == 1) return a.z * b.x - a.x * b.z;
  return a.x * b.y - a.y * b.x;
}

// The projection axis of a triangle normal n: the index of its largest |component|.
template <class T>
MINKOWSKI_FAST_INLINE int largest_axis(Vec3<T> n) {
  using std::abs;
  const T ax = abs(n.x), ay = abs(n.y), az = abs(n.z);
  return (ax >= ay && ax >= az) ? 0 : (ay >= az ? 1 : 2);
}

template <class T>
MINKOWSKI_FAST_INLINE T component(Vec3<T> a, int k) {
  return k == 0 ? a.x : (k == 1 ? a.y : a.z);
}

// The origin's projection p on the plane of (w1, w2, w3) and its three signed areas, or false when
// the triangle has no usable plane (|n|² below normalize_below2: collinear, repeated points, or
// an area under ~1e-146 at the working scale S ~ 1: a segment for every purpose).
template <class T>
struct TriangleProjection {
  Vec3<T> p;
  T c[3];  // signed areas of (p, w2, w3), (p, w3, w1), (p, w1, w2) on the projection plane
  T mu;    // n's component on the projection axis: the sum of the c's, up to rounding
};

// The normal (w2 − w1) × (w3 − w1) of a triangle, formed from its two shorter edges: anchored at
// the vertex opposite the longest edge. The three anchorings are equal in exact arithmetic; in T
// each component of x × y is off by up to ~2u·|x||y| while |n| = |x||y|·sin θ (θ the angle
// between x and y), so the normal's direction is off by ~2u/sin θ. At the vertex opposite the
// longest edge θ is the triangle's largest angle (>= 60°), so sin θ is small only for a triangle
// flat by its shape (θ near 180°), whose plane its rounded vertices do not fix better anyway. From
// another vertex of a needle — a triangle of base w whose other sides are L ≫ w long: a face of
// A ⊖ B when a shape has a vertex far from the rest, or a long segment meets a small shape —
// θ is the needle's angle w/L, the normal turns by ~2u·L/w and a point L away along the face
// moves by ~2u·L²/w: 3.19e6 u·S in fuzz/findings' fuzz3-0633bf85d8c6651a (a segment 8.3e9 long
// against a capsule's 5.3-long core), where the better anchoring leaves a few u·S.
template <class T>
MINKOWSKI_FAST_INLINE Vec3<T> triangle_normal3(Vec3<T> w1, Vec3<T> w2, Vec3<T> w3) {
  const Vec3<T> e12 = w2 - w1, e23 = w3 - w2, e31 = w1 - w3;
  const T l12 = dot(e12, e12), l23 = dot(e23, e23), l31 = dot(e31, e31);
  if (l12 >= l23 && l12 >= l31) return cross(e23, e31);  // anchored at w3
  if (l23 >= l31) return cross(e31, e12);                // anchored at w1
  return cross(e12, e23);                                // anchored at w2
}

template <class T>
MINKOWSKI_FAST_INLINE bool project_triangle(Vec3<T> w1, Vec3<T> w2, Vec3<T> w3,
                                            TriangleProjection<T>& t) {
  const Vec3<T> n = triangle_normal3(w1, w2, w3);
  const T nn = dot(n, n);
  if (!(nn >= normalize_below2<T>())) return false;
  const int k = largest_axis(n);
  t.mu = component(n, k);
  t.p = (dot(n, w1) / nn) * n;
  const Vec3<T> q1 = w1 - t.p, q2 = w2 - t.p, q3 = w3 - t.p;
  t.c[0] = cross_component(k, q2, q3);
  t.c[1] = cross_component(k, q3, q1);
  t.c[2] = cross_component(k, q1, q2);
  return true;
}

// Triangle w[i] w[j] w[k], i < j < k (derivation in the header).
template <class T>
MINKOWSKI_FAST_INLINE Solve3<T> solve3_triangle(const Vec3<T>* w, int i, int j, int k) {
  TriangleProjection<T> t;
  bool keep[3] = {true, true, true};  // keep[m]: the edge opposite point m is a candidate
  if (project_triangle(w[i], w[j], w[k], t)) {
    keep[0] = !same_sign(t.mu, t.c[0]);
    keep[1] = !same_sign(t.mu, t.c[1]);
    keep[2] = !same_sign(t.mu, t.c[2]);
    if (!keep[0] && !keep[1] && !keep[2])  // p inside the triangle
      return {t.p,
              dot(t.p, t.p),
              3,
              {static_cast<std::uint8_t>(i), static_cast<std::uint8_t>(j),
               static_cast<std::uint8_t>(k), 0}};
  }
  Solve3<T> best{};
  best.count = 0;
  if (keep[0]) best = solve3_segment(w, j, k);
  if (keep[1]) {
    const Solve3<T> r = solve3_segment(w, i, k);
    if (best.count == 0 || r.dist2 < best.dist2) best = r;
  }
  if (keep[2]) {
    const Solve3<T> r = solve3_segment(w, i, j);
    if (best.count == 0 || r.dist2 < best.dist2) best = r;
  }
  return best;
}

// Signed volumes of the tetrahedron (w1, w2, w3, w4) with the origin in place of each point, and
// the volume itself (formed from edges, so its sign is the tetrahedron's orientation as well as
// T can tell). Expanding V(a, b, c, d) = (b − a)·((c − a) × (d − a)) in the four points:
// V(0, b, c, d) = [b, c, d], V(a, 0, c, d) = −[a, c, d], V(a, b, 0, d) = [a, b, d],
// V(a, b, c, 0) = −[a, b, c], with [x, y, z] = x·(y × z); they sum to V.
template <class T>
struct TetrahedronVolumes {
  T c[4];
  T volume;
};

// orient3(w0, w1, w2, w3) formed from the vertex whose three edges have the smallest product of
// lengths (the even permutations (w1, w0, w3, w2), (w2, w3, w0, w1), (w3, w2, w1, w0) keep the
// sign). From w0 the product (b − a)·((c − a) × (d − a)) is off by ~u·|e1||e2||e3|; at the far
// vertex of a needle (three edges ~L against a base ~w) that is u·L³ against a volume ~L·w²,
// and the sign went wrong: GJK never saw its tetrahedron hold the origin and stalled 3.2 above
// the distance (fuzz/findings' fuzz3-3454d6c97009cb1a, 6.85e6 u·S). From a base vertex it is
// u·L·w², relative u.
template <class T>
MINKOWSKI_FAST_INLINE T tetrahedron_orientation(const Vec3<T>* w) {
  const T l01 = length_squared(w[1] - w[0]), l02 = length_squared(w[2] - w[0]);
  const T l03 = length_squared(w[3] - w[0]), l12 = length_squared(w[2] - w[1]);
  const T l13 = length_squared(w[3] - w[1]), l23 = length_squared(w[3] - w[2]);
  // Squared products of each vertex's three edge lengths, compared without overflow concerns:
  // the case is scaled to size ~1 (see "Scale").
  const T p0 = l01 * l02 * l03, p1 = l01 * l12 * l13, p2 = l02 * l12 * l23, p3 = l03 * l13 * l23;
  if (p0 <= p1 && p0 <= p2 && p0 <= p3) return orient3(w[0], w[1], w[2], w[3]);
  if (p1 <= p2 && p1 <= p3) return orient3(w[1], w[0], w[3], w[2]);
  if (p2 <= p3) return orient3(w[2], w[3], w[0], w[1]);
  return orient3(w[3], w[2], w[1], w[0]);
}

template <class T>
MINKOWSKI_FAST_INLINE TetrahedronVolumes<T> tetrahedron_volumes(const Vec3<T>* w) {
  TetrahedronVolumes<T> t;
  const Vec3<T> c34 = cross(w[2], w[3]);
  t.c[0] = dot(w[1], c34);
  t.c[1] = -dot(w[0], c34);
  const Vec3<T> c12 = cross(w[0], w[1]);
  t.c[2] = dot(c12, w[3]);
  t.c[3] = -dot(c12, w[2]);
  t.volume = tetrahedron_orientation(w);
  return t;
}

// Tetrahedron w[0..3] (derivation in the header).
template <class T>
MINKOWSKI_FAST_INLINE Solve3<T> solve3_tetrahedron(const Vec3<T>* w) {
  const TetrahedronVolumes<T> t = tetrahedron_volumes(w);
  const bool keep0 = !same_sign(t.volume, t.c[0]), keep1 = !same_sign(t.volume, t.c[1]);
  const bool keep2 = !same_sign(t.volume, t.c[2]), keep3 = !same_sign(t.volume, t.c[3]);
  if (!keep0 && !keep1 && !keep2 && !keep3) return {Vec3<T>{}, T(0), 4, {0, 1, 2, 3}};
  Solve3<T> best{};
  best.count = 0;
  if (keep0) best = solve3_triangle(w, 1, 2, 3);
  if (keep1) {
    const Solve3<T> r = solve3_triangle(w, 0, 2, 3);
    if (best.count == 0 || r.dist2 < best.dist2) best = r;
  }
  if (keep2) {
    const Solve3<T> r = solve3_triangle(w, 0, 1, 3);
    if (best.count == 0 || r.dist2 < best.dist2) best = r;
  }
  if (keep3) {
    const Solve3<T> r = solve3_triangle(w, 0, 1, 2);
    if (best.count == 0 || r.dist2 < best.dist2) best = r;
  }
  return best;
}

// Solves the simplex of `count` (1 to 4) points w[0..count).
template <class T>
MINKOWSKI_FAST_INLINE Solve3<T> solve3(const Vec3<T>* w, int count) {
  switch (count) {
    case 1:
      return solve3_point(w, 0);
    case 2:
      return solve3_segment(w, 0, 1);
    case 3:
      return solve3_triangle(w, 0, 1, 2);
    default:
      return solve3_tetrahedron(w);
  }
}

// Keeps the points of s that r selected (in place: r's indices ascend).
template <class T>
MINKOWSKI_FAST_INLINE void compact(Simplex3<T>& s, const Solve3<T>& r) {
  for (int n = 0; n < r.count; ++n) {
    const int k = r.idx[n];
    s.w[n] = s.w[k];
    s.ia[n] = s.ia[k];
    s.ib[n] = s.ib[k];
  }
  s.count = r.count;
}

// Fills `s` from the cache (points scaled by f); false (cold start) if empty or stale.
template <class T>
MINKOWSKI_FAST_INLINE bool load_cache3(const GjkCache3* cache, const ConvexShape3<T>& a,
                                       const ConvexShape3<T>& b, T f, Simplex3<T>& s) {
  if (cache == nullptr || cache->count < 1 || cache->count > 4) return false;
  s.count = 0;
  for (int k = 0; k < cache->count; ++k) {
    const VertexIndex ia = cache->index_a[k], ib = cache->index_b[k];
    if (ia >= a.size() || ib >= b.size()) return false;
    bool repeated = false;
    for (int j = 0; j < s.count; ++j) repeated = repeated || (s.ia[j] == ia && s.ib[j] == ib);
    if (!repeated) {
      s.w[s.count] = f * (a.vertex(ia) - b.vertex(ib));
      s.ia[s.count] = ia;
      s.ib[s.count] = ib;
      ++s.count;
    }
  }
  return true;
}

template <class T>
MINKOWSKI_FAST_INLINE void store_cache3(const Simplex3<T>& s, GjkCache3* cache) {
  if (cache == nullptr) return;
  cache->count = s.count;
  for (int k = 0; k < s.count; ++k) {
    cache->index_a[k] = s.ia[k];
    cache->index_b[k] = s.ib[k];
  }
}

// Result of the iteration, before radii and witness points.
template <class T>
struct Gjk3CoreResult {
  Simplex3<T> simplex;
  Vec3<T> v;  // the closest point of the simplex (scaled)
  T dist2;    // |v|²
  GjkStatus status;
  int iterations;
};

// The GJK iteration on the cores, on Minkowski-difference points scaled by f. With kOverlapOnly it
// also stops as soon as a support point shows the origin outside A ⊖ B ⊕ ball(radius) (status
// separated); `radius` is scaled by f and unused otherwise. gap is the relative gap
// (kGjkGapUlps·u), gap_abs the absolute one in scaled units (kGjk3GapAbsUlps · u · f·S3).
//
// Loop invariant, as in 2D: (v, dist2) solve `s`. Each step takes the support point w along −v;
// no gain beyond the gap, or w already in the simplex: converged. Otherwise w joins the simplex,
// which is solved again; the squared distance must strictly decrease, except for at most
// kGjk3MaxFlatSteps steps that leave it unchanged up to rounding (kGjk3FlatUlps); anything else
// restores the best simplex seen (stalled). So the answered distance never increases, and apart
// from those few steps each step strictly decreases it: no simplex repeats, and the loop ends even
// without the iteration bound.
template <bool kOverlapOnly, class T>
MINKOWSKI_FAST_INLINE void gjk3_core(const ConvexShape3<T>& a, const ConvexShape3<T>& b,
                                     const GjkCache3* cache, const GjkOptions& options, T f,
                                     T radius, T gap, T gap_abs, T touch2, Gjk3CoreResult<T>& r) {
  using std::sqrt;
  Simplex3<T>& s = r.simplex;
  if (!load_cache3(cache, a, b, f, s)) {
    s.count = 1;
    s.w[0] = f * (a.vertex(0) - b.vertex(0));
    s.ia[0] = 0;
    s.ib[0] = 0;
  }
  Solve3<T> sv = solve3(s.w, s.count);
  compact(s, sv);
  VertexIndex hint_a = s.ia[0], hint_b = s.ib[0];
  int it = 0;
  int flat_steps = 0;
  Simplex3<T> best_s;  // with flat_steps > 0: the simplex of smallest distance left behind
  best_s.count = 0;
  Solve3<T> best_sv{};
  GjkStatus status;
  for (;;) {
    if (sv.count == 4) {
      status = GjkStatus::overlap;
      break;
    }
    if (!(sv.dist2 > touch2)) {  // the origin on the simplex, up to rounding (kGjk3TouchingUlps)
      status = GjkStatus::touching;
      break;
    }
    if (it >= options.max_iterations) {
      status = GjkStatus::max_iterations;
      break;
    }
    const Vec3<T> dir = -sv.v;
    const MinkowskiPoint3<T> m = support_difference(a, b, dir, hint_a, hint_b, options.support);
    const Vec3<T> w = f * m.w;
    hint_a = m.ia;
    hint_b = m.ib;
    ++it;
    if constexpr (kOverlapOnly) {
      // h(dir) + radius·|dir| < 0: the support plane of A ⊖ B ⊕ ball(radius) normal to dir leaves
      // the origin strictly outside.
      const T h = dot(w, dir);
      if (h < T(0) && (radius == T(0) || h + radius * sqrt(sv.dist2) < T(0))) {
        status = GjkStatus::separated;
        break;
      }
    }
    bool repeated = false;
    for (int j = 0; j < s.count; ++j) repeated = repeated || (s.ia[j] == m.ia && s.ib[j] == m.ib);
    const T base = dot(s.w[0], sv.v);      // |v|² up to rounding
    const T gain = dot(s.w[0] - w, sv.v);  // (w − w1)·dir = |v|·(upper − lower bound)
    if (repeated || !(gain > gap * base + gap_abs * max_abs(sv.v))) {
      status = GjkStatus::converged;
      break;
    }
    const int count = s.count;
    s.w[count] = w;
    s.ia[count] = m.ia;
    s.ib[count] = m.ib;
    const Solve3<T> next = solve3(s.w, count + 1);
    if (next.count < 4 && next.dist2 > T(0) && !(next.dist2 < sv.dist2)) {
      // No decrease in T. As in 2D: at most kGjk3MaxFlatSteps steps at the same distance up to
      // rounding are taken (they turn the search direction); the best simplex is kept.
      if (flat_steps == 0 || sv.dist2 < best_sv.dist2) {
        best_s = s;
        best_s.count = count;  // without w
        best_sv = sv;
      }
      // "Up to rounding" has two parts: kGjk3FlatUlps relative to dist2, and kGjk3FlatAbsUlps ·
      // u · W · |v|∞ for the operands' rounding (W: the largest |coordinate| of the simplex
      // points, w included), which dominates when |v| << W (tolerances3.hpp).
      T w_max = max_abs(s.w[0]);
      for (int k = 1; k <= count; ++k) {
        const T mk = max_abs(s.w[k]);
        if (mk > w_max) w_max = mk;
      }
      const T flat_limit = sv.dist2 + T(kGjk3FlatUlps) * unit_roundoff<T>() * sv.dist2 +
                           T(kGjk3FlatAbsUlps) * unit_roundoff<T>() * w_max * max_abs(sv.v);
      if (!(next.dist2 <= flat_limit) || flat_steps >= kGjk3MaxFlatSteps) {
        s = best_s;
        sv = best_sv;
        flat_steps = 0;  // s is the best already
        status = GjkStatus::stalled;
        break;
      }
      ++flat_steps;
    }
    compact(s, next);
    sv = next;
  }
  if (flat_steps > 0 && sv.count < 4 && sv.dist2 > T(0) && best_sv.dist2 < sv.dist2) {
    s = best_s;
    sv = best_sv;
  }
  r.v = sv.v;
  r.dist2 = sv.count == 4 ? T(0) : sv.dist2;
  r.status = status;
  r.iterations = it;
}

// Barycentric weights of the closest point (the origin for a tetrahedron with the origin inside)
// in the simplex w[0..count), >= 0 and summing to 1: the formulas of the solvers, formed once.
template <class T>
void simplex3_barycentric(const Vec3<T>* w, int count, T bary[4]) {
  bary[0] = T(1);
  bary[1] = bary[2] = bary[3] = T(0);
  T c[4] = {};
  if (count == 2) {
    const Vec3<T> e = w[1] - w[0];
    c[0] = dot(w[1], e);
    c[1] = -dot(w[0], e);
  } else if (count == 3) {
    TriangleProjection<T> t;
    if (!project_triangle(w[0], w[1], w[2], t)) return;
    const T sg = t.mu < T(0) ? T(-1) : T(1);
    c[0] = sg * t.c[0];
    c[1] = sg * t.c[1];
    c[2] = sg * t.c[2];
  } else if (count == 4) {
    const TetrahedronVolumes<T> t = tetrahedron_volumes(w);
    const T sg = t.volume < T(0) ? T(-1) : T(1);
    for (int k = 0; k < 4; ++k) c[k] = sg * t.c[k];
  } else {
    return;
  }
  T sum = T(0);
  for (int k = 0; k < count; ++k) {
    if (!(c[k] > T(0))) c[k] = T(0);  // rounding of a point on the boundary
    sum += c[k];
  }
  if (!(sum > T(0))) return;
  const T inv = T(1) / sum;
  for (int k = 0; k < count; ++k) bary[k] = c[k] * inv;
}

// Σ bary_k · x_k written from x_0: equal points give x_0 exactly (2D gjk.hpp, weighted_point).
template <class T>
Vec3<T> weighted_point3(const Vec3<T>* x, const T* bary, int count) {
  Vec3<T> d{};
  for (int k = 1; k < count; ++k) d = d + bary[k] * (x[k] - x[0]);
  return x[0] + d;
}
// The output of gjk_distance from the core iteration's result (scaled by f).
// With `overlap_witness` false, an overlapping or touching result leaves the witness points and the
// barycentric weights unset (penetration() answers those from EPA).
template <class T>
GjkOutput3<T> gjk3_output(const ConvexShape3<T>& a, const ConvexShape3<T>& b,
                          const Gjk3CoreResult<T>& r, T f, bool overlap_witness = true) {
  using std::sqrt;
  const Simplex3<T>& s = r.simplex;
  GjkOutput3<T> out;
  out.status = r.status;
  out.iterations = r.iterations;
  const bool cores_apart = r.status != GjkStatus::overlap && r.status != GjkStatus::touching;
  const T inv_f = T(1) / f;  // exact: f is a power of two
  if (!cores_apart && !overlap_witness) {
    out.intersects = true;
    out.simplex.count = s.count;
    for (int k = 0; k < s.count; ++k) out.simplex.points[k] = {inv_f * s.w[k], s.ia[k], s.ib[k]};
    return out;
  }
  T bary[4];
  simplex3_barycentric(s.w, s.count, bary);
  Vec3<T> pa[4], pb[4];
  out.simplex.count = s.count;
  for (int k = 0; k < s.count; ++k) {
    out.simplex.points[k] = {inv_f * s.w[k], s.ia[k], s.ib[k]};
    out.simplex.bary[k] = bary[k];
    pa[k] = a.vertex(s.ia[k]);
    pb[k] = b.vertex(s.ib[k]);
  }
  const Vec3<T> ca = weighted_point3(pa, bary, s.count);
  const Vec3<T> cb = weighted_point3(pb, bary, s.count);
  if (cores_apart) {
    const T ra = a.radius(), rb = b.radius();
    out.core_distance = inv_f * sqrt(r.dist2);
    out.normal = -unit_vector(r.v, r.dist2);
    out.intersects = !(out.core_distance > ra + rb);
    out.distance = out.intersects ? T(0) : out.core_distance - (ra + rb);
    out.point_a = ca + ra * out.normal;
    out.point_b = cb - rb * out.normal;
    return out;
  }
  // The cores touch or overlap: distance 0, no normal; the common core point is the witness.
  out.intersects = true;
  out.point_a = ca;
  out.point_b = cb;
  return out;
}

// f and the absolute gap for a pair (see "Scale" and kGjk3GapAbsUlps).
template <class T>
struct Gjk3Setup {
  T f;
  T gap;
  T gap_abs;
  T touch2;  // (kGjk3TouchingUlps · u · f·S3)²
};

template <class T>
Gjk3Setup<T> gjk3_setup(const ConvexShape3<T>& a, const ConvexShape3<T>& b,
                        const GjkOptions& options) {
  const T s3 = a.scale() + b.scale();
  const T f = working_scale3(s3);
  const T touch = T(kGjk3TouchingUlps) * unit_roundoff<T>() * (f * s3);
  return {f, T(options.gap_ulps) * unit_roundoff<T>(),
          T(kGjk3GapAbsUlps) * unit_roundoff<T>() * (f * s3), touch * touch};
}

// Both cores are points or segments (spheres and capsules): the closed form of segment3.hpp
// applies. Decided from the shapes' kinds, once per query.
template <class T>
MINKOWSKI_FAST_INLINE bool low_dimensional_pair(const ConvexShape3<T>& a,
                                                const ConvexShape3<T>& b) {
  return a.kind() <= ShapeKind3::segment && b.kind() <= ShapeKind3::segment;
}

// The working scale f of a pair and GJK's touching band squared in it (gjk3_setup's f and touch2,
// without the gaps the closed form does not use).
template <class T>
struct Closest3Scale {
  T f;
  T touch2;
};
template <class T>
MINKOWSKI_FAST_INLINE Closest3Scale<T> closest3_scale(const ConvexShape3<T>& a,
                                                      const ConvexShape3<T>& b) {
  const T s3 = a.scale() + b.scale();
  const T f = working_scale3(s3);
  const T touch = T(kGjk3TouchingUlps) * unit_roundoff<T>() * (f * s3);
  return {f, touch * touch};
}

// The output of gjk_distance from the closed form (segment3.hpp) of two cores apart: the fields
// as gjk3_output forms them, status converged, no support evaluation (iterations 0), and as
// simplex the corners A_i − B_j that carry the closest point with their weights (c_A − c_B =
// (A0 − B0) + s·d1 − t·d2: for two inner parameters one of the parallelogram's two triangles,
// (A0 − B0, A1 − B0, A0 − B1) with (1 − s − t, s, t) when s + t <= 1, else (A1 − B1, A0 − B1,
// A1 − B0) with (s + t − 1, 1 − s, 1 − t); with an end parameter the product of the two
// cores' carriers; zero weights dropped). The cache receives that simplex's vertex pairs.
template <class T>
GjkOutput3<T> closest3_output(const ConvexShape3<T>& a, const ConvexShape3<T>& b,
                              const Closest3<T>& c, T f, GjkCache3* cache) {
  using std::sqrt;
  GjkOutput3<T> out;
  out.status = GjkStatus::converged;
  out.iterations = 0;
  const T ra = a.radius(), rb = b.radius();
  out.core_distance = (T(1) / f) * sqrt(c.dist2);
  out.normal = -unit_vector(c.v, c.dist2);
  out.intersects = !(out.core_distance > ra + rb);
  out.distance = out.intersects ? T(0) : out.core_distance - (ra + rb);
  out.point_a = core_point3(a, c.s) + ra * out.normal;
  out.point_b = core_point3(b, c.t) - rb * out.normal;
  // The simplex: the corners carrying the closest point (an end of a segment, or both ends).
  auto put = [&](int k, VertexIndex i, VertexIndex j, T w) {
    out.simplex.points[k] = {a.vertex(i) - b.vertex(j), i, j};
    out.simplex.bary[k] = w;
  };
  const VertexIndex ea = c.s == T(1) ? 1 : 0, eb = c.t == T(1) ? 1 : 0;
  const bool in_a = a.dimension() == 1 && c.s > T(0) && c.s < T(1);
  const bool in_b = b.dimension() == 1 && c.t > T(0) && c.t < T(1);
  int n = 0;
  if (!in_a && !in_b) {
    put(n++, ea, eb, T(1));
  } else if (!in_b) {
    put(n++, 0, eb, T(1) - c.s), put(n++, 1, eb, c.s);
  } else if (!in_a) {
    put(n++, ea, 0, T(1) - c.t), put(n++, ea, 1, c.t);
  } else if (c.s + c.t <= T(1)) {
    const T w00 = T(1) - c.s - c.t;
    if (w00 > T(0)) put(n++, 0, 0, w00);
    put(n++, 1, 0, c.s), put(n++, 0, 1, c.t);
  } else {
    const T w11 = c.s + c.t - T(1);
    if (w11 > T(0)) put(n++, 1, 1, w11);
    put(n++, 0, 1, T(1) - c.s), put(n++, 1, 0, T(1) - c.t);
  }
  out.simplex.count = n;
  if (cache != nullptr) {
    cache->count = n;
    for (int k = 0; k < n; ++k)
      cache->index_a[k] = out.simplex.points[k].ia, cache->index_b[k] = out.simplex.points[k].ib;
  }
  return out;
}

// The GJK loop alone (no closed form): gjk_distance's general path.
template <class T>
GjkOutput3<T> gjk3_distance_loop(const ConvexShape3<T>& a, const ConvexShape3<T>& b,
                                 GjkCache3* cache, const GjkOptions& options,
                                 bool overlap_witness) {
  if (a.size() == 0 || b.size() == 0) return GjkOutput3<T>{};
  const Gjk3Setup<T> st = gjk3_setup(a, b, options);
  Gjk3CoreResult<T> r;
  gjk3_core<false>(a, b, cache, options, st.f, T(0), st.gap, st.gap_abs, st.touch2, r);
  store_cache3(r.simplex, cache);
  return gjk3_output(a, b, r, st.f, overlap_witness);
}

template <class T>
GjkOutput3<T> gjk3_distance(const ConvexShape3<T>& a, const ConvexShape3<T>& b, GjkCache3* cache,
                            const GjkOptions& options, bool overlap_witness) {
  if (a.size() == 0 || b.size() == 0) return GjkOutput3<T>{};
  if (low_dimensional_pair(a, b)) {  // spheres and capsules: closed form, when it answers
    const Closest3Scale<T> sc = closest3_scale(a, b);
    const Closest3<T> c = closest_points_low3(a, b, sc.f, sc.touch2);
    if (c.exit == Closest3Exit::answered) return closest3_output(a, b, c, sc.f, cache);
  }
  return gjk3_distance_loop(a, b, cache, options, overlap_witness);
}

}  // namespace detail

/// Distance and closest points of two rounded convex 3D shapes (GJK on the cores, radii last).
///
/// Answers: whether the shapes intersect (touching included), their distance, the unit normal from
/// A to B, the closest points, the final simplex and the iteration count; see GjkOutput3.
/// Preconditions: both shapes built by make_shape3 (finite, within max_coordinate<T>()).
/// Failure cases: status empty_shape for a default-constructed shape (output zeroed);
///   max_iterations (distance is an upper bound); stalled (the best distance found, within
///   rounding of the exact one). With core distance 0 there is no normal (zero vector): the
///   penetration direction needs EPA (epa3.hpp) or penetration() (penetration3.hpp).
/// Tolerance: the distance is within the gap (kGjkGapUlps·u·distance + kGjk3GapAbsUlps·u·(Sa+Sb))
///   of the exact one, plus the rounding of the arithmetic.
/// Warm start: pass a cache (zeroed the first time); it is read on entry and written on exit.
/// Spheres and capsules (both cores points or segments, ShapeKind3): answered in closed form
///   (segment3.hpp) when the cores are apart beyond the touching band and not within
///   kSegment3ParallelSine2 of parallel — status converged, iterations 0, `options` unused, the
///   cache written, not read; otherwise by the GJK loop as any pair.
template <class T>
GjkOutput3<T> gjk_distance(const ConvexShape3<T>& a, const ConvexShape3<T>& b,
                           GjkCache3* cache = nullptr, const GjkOptions& options = {}) {
  return detail::gjk3_distance(a, b, cache, options, true);
}

/// Whether the cores of a and b are certainly farther apart than `stop` (>= 0) by their bounding
/// balls (ConvexShape3::bound_centre, bound_radius): |c_B − c_A| − R_A − R_B − stop, computed,
/// above kBound3GapUlps·u·(its operands + S_A + S_B) (tolerances3.hpp). false when it cannot
/// tell (balls closer, a radius +inf, the centres' distance outside the normal range).
/// About 20 instructions: the early-out of gjk_overlap and contact_manifold for pairs far apart.
template <class T>
bool bounding_balls_apart(const ConvexShape3<T>& a, const ConvexShape3<T>& b, T stop) {
  using std::sqrt;
  const Vec3<T> d = b.bound_centre() - a.bound_centre();
  const T d2 = length_squared(d);
  if (!(d2 >= std::numeric_limits<T>::min() && d2 <= std::numeric_limits<T>::max() / T(4)))
    return false;
  const T dist = sqrt(d2);
  const T rr = a.bound_radius() + b.bound_radius();  // +inf: no bound, the test fails
  const T slack =
      T(kBound3GapUlps) * unit_roundoff<T>() * (dist + rr + stop + a.scale() + b.scale());
  return dist - rr - stop > slack;
}

/// Overlap test only: true when the rounded shapes overlap or touch. Cheaper than gjk_distance on
/// separated shapes: it stops at the first support point that proves a separating direction.
/// Shapes whose bounding balls are apart by more than ra + rb (bounding_balls_apart) give false
/// at once, without GJK, and leave the cache as it was; so do spheres and capsules answered in
/// closed form (gjk_distance's rule: cores apart, or touching, which is true).
/// Preconditions and tolerance as gjk_distance; a default-constructed shape gives false.
template <class T>
bool gjk_overlap(const ConvexShape3<T>& a, const ConvexShape3<T>& b, GjkCache3* cache = nullptr,
                 const GjkOptions& options = {}) {
  using std::sqrt;
  if (a.size() == 0 || b.size() == 0) return false;
  if (bounding_balls_apart(a, b, a.radius() + b.radius())) return false;
  if (detail::low_dimensional_pair(a, b)) {  // spheres and capsules: closed form (segment3.hpp)
    const detail::Closest3Scale<T> sc = detail::closest3_scale(a, b);
    const detail::Closest3<T> c = detail::closest_points_low3(a, b, sc.f, sc.touch2);
    if (c.exit == detail::Closest3Exit::answered)
      return !(sqrt(c.dist2) > sc.f * (a.radius() + b.radius()));
    if (c.exit == detail::Closest3Exit::touching) return true;
  }
  const detail::Gjk3Setup<T> st = detail::gjk3_setup(a, b, options);
  const T radius = st.f * (a.radius() + b.radius());
  detail::Gjk3CoreResult<T> r;
  detail::gjk3_core<true>(a, b, cache, options, st.f, radius, st.gap, st.gap_abs, st.touch2, r);
  detail::store_cache3(r.simplex, cache);
  switch (r.status) {
    case GjkStatus::overlap:
    case GjkStatus::touching:
      return true;
    case GjkStatus::separated:
      return false;
    default:
      break;
  }
  return !(sqrt(r.dist2) > radius);
}

}  // namespace minkowski::fast
