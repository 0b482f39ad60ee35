#pragma once
// minkowski/fast/sat3.hpp — the separating axis test (SAT) for 3D rounded convex hulls: overlap,
// minimum translation vector (MTV), and a separating axis with its gap.
//
// What this header answers
//   sat_query(a, b, cache, options)  relation; when the shapes intersect the MTV (unit normal from
//                                    A towards B and depth); when not, a separating axis and B's
//                                    gap beyond A along it (a lower bound on the distance, or the
//                                    distance itself when separation_is_distance).
//   SatCache3                        the last best or separating axis as feature ids: a separated
//                                    pair queried again is answered by one axis test.
//
// Every shape is a rounded convex hull core ⊕ ball(r) (shape3.hpp) of dimension 0 to 3. Nothing
// here allocates or throws. Preconditions: both shapes built by make_shape3.
//
// ---------------------------------------------------------------------------------------------
// Derivation (the reader may skip to the API below)
//
// Let D = B ⊖ A = {b − a} be the Minkowski difference of the cores and r = r_A + r_B. For a unit
// direction n the gap of B beyond A along n is
//     g(n) = min_b n·b − max_a n·a = min over d in D of n·d,
// and B must be pushed along n by r − g(n) to separate. As in 2D (sat.hpp), each axis is a
// one-sided push direction, not a line: the overlap "corrected for containment" of the classic
// line test, min(maxA − minB, maxB − minA), is the smaller of the two one-sided pushes, and both
// are in the set below whenever they can be optimal. So the minimum over the set is the exact MTV,
// containment included (a box inside a box is pushed out through its nearest side).
//
// The outward normals of a 3-dimensional D are of three kinds (the faces of the Minkowski sum of
// A and −B):
//   face_a     n_A(i), A's face i against B's support vertex along −n_A(i);
//   face_b    −n_B(j), B's face j against A's support vertex along n_B(j);
//   edge_edge  ±(e_A × e_B) for an edge of A and an edge of B that BUILD A FACE of D.
// The last is decided on the Gauss map (D. Gregorius, "The Separating Axis Test between Convex
// Polyhedra", GDC 2013): an edge's region of supporting directions is the arc between its two
// faces' normals, and the pair builds a face of D iff A's arc and the reflection of B's arc (−B)
// cross. That face's normal is the crossing point x, and the two edges are then each other's
// supporting features along x: the gap is x·(b0 − a0) for any points a0, b0 of the edges, with no
// support search. Here the crossing test is our own derivation, written with the edge directions
// as the arcs' plane normals (a = n_left, b = n_right of A's edge and a × b is a positive
// multiple of A's edge direction e_A; likewise c = −n_left, d = −n_right of B's edge with
// c × d ∝ +e_B):
//   (1) c and d on opposite sides of A's plane:   (c·e_A)(d·e_A) < 0,
//   (2) a and b on opposite sides of B's plane:   (a·e_B)(b·e_B) < 0,
//   (3) both arcs cross the line of the planes at the same one of its two points. Walking A's
//       arc from a to b, the crossing x satisfies sign(x·(e_B × e_A)) = sign(b·e_B) (the height
//       over B's plane changes from a's sign to b's there); walking B's arc, sign(x·(e_B × e_A)) =
//       sign(c·e_A). Same point iff (c·e_A)(b·e_B) > 0.
// The derivation holds for any arcs of angle in (0, π]: it covers the edges of a flat polygon
// (faces n and −n: a half great circle through the edge's in-plane outward normal e × n). A
// segment's edge has no faces; its region is the whole great circle ⊥ e, which every arc with its
// ends on opposite sides crosses: for a segment only the other edge's condition is tested (two
// segments always build a face unless parallel). Strict inequalities reject arcs that only touch:
// the face of D there is a face of A or of B, tested as such. Conditions (1) are evaluated for one
// edge of A against all of B's faces at once (one dot product per face of B), so most pairs are
// rejected by two sign tests before any cross product.
//
// Orientation of an edge–edge axis: from A towards B, i.e. x on A's arc: the crossing lies on the
// side of the arc's midpoint direction (a + b for an arc below π, e_A × a for a half circle); for
// a segment of A the reflection of B's midpoint is used, and for two segments the sign that makes
// the gap non-negative (D is then the parallelogram of the two segments and both ±x bound it).
//
// Arc ends of a flat polygon. A flat polygon's edge has the half circle from n to −n (its face
// normals) as its arc; an edge of the other shape parallel to the polygon's plane (n·e_B = 0)
// has an arc that meets that half circle only at an end, ±n, where D's face is the polygon's
// own face, tested as a face axis. Computed, n·e_B is not exactly 0 and condition (2),
// −(n·e_B)² < 0, passes; condition (3) then picks the crossing by the sign of the computed n·e_B
// and the orientation by x·mid, whose exact value x·(e_A × n)/|x| = (|e_A|²(n·e_B) − (n·e_A)
// (e_A·e_B))/|e_A × e_B| holds the face normal's own error n·e_A (the computed normal is not
// exactly perpendicular to the polygon's edges) times cot φ, φ the edges' angle. The two
// decisions can disagree, and x·(b0 − a0) along an axis the edges do not support is no lower
// bound: "separated by 0.234" for a rounded triangle and a cube overlapping by 3e-5
// (fixtures/found/3d-cells-vertex-r--edge-r--overlapping-small-cube_corner-triangle-sat-swap
// .json). No threshold of order u certifies either sign: the normal's error term is unbounded in
// u for slivers and nearly parallel edges (n·e_A/sin φ), and skipping the pairs whose axis lies
// within ~√u of ±n (tried on 2026-11-27) lost true faces of D (depth 656 u·S in float). So an
// edge pair whose orientation comes from a half circle (A flat, or A a segment and B flat) has
// its gap measured by supports, min_b x·b − max_a x·a, which is B's gap beyond A along x for any
// unit x: equal to x·(b0 − a0) up to rounding where the pair builds a face of D, a valid (never
// too large) gap where it does not. The two support scans cost |A| + |B| dot products per such
// pair; no other pair changes. A 3-dimensional A with a flat B needs no such care: the
// orientation by A's arc midpoint a + b is away from A's arc ends and condition (3) is then
// decided on A's side (an axis at B's ends ±n_B lies on A's arc, B's face supports it).
//
// Edge gaps checked by supports. x·(b0 − a0) is B's gap along x only if the two edges support
// their shapes along x, which the Gauss-map test decides in T: arcs that touch within rounding (a
// very short edge, a plate a few ulps thick) can pass it, and then x·(b0 − a0) can exceed the
// support gap by far more than rounding: the 2026-11-28 review found 6,900 u·S on a box with a
// 3e-5-long edge and, on a 24-vertex plate ~53 u·S thick against a 10-vertex polytope, a full pass
// that answered "separated by 0.96" for shapes GJK finds overlapping (the support gap along that
// axis: −1.04). So a pair whose gap would become the best is measured by supports as well. Where
// the pair builds a face of D the two agree up to the axis's rounding times the edges' lengths
// (kSat3EdgeCheckUlps); a support gap below the pair gap by more than that says the edges do
// not support their shapes along x, and the pair is dropped (kept with its support gap, it won
// as an axis in 47 of the review's 240,000 cases and the manifold built its contact from edges
// that are not the supporting features: 0.03 off A's support plane). Otherwise the smaller
// value is kept: never too large. Two support evaluations per improvement of the best, not per
// pair (manifold instructions: boxes +1.4%, polytopes within ±0.7%). Plates a few ulps thick
// stay approximate: there the Gauss-map test can also reject the pair that builds D's best face,
// and the answer comes out too deep (the review: 1.6e13 u·S on a double plate ~100 u·S thick).
//
// Nearly parallel edges. The axis e_A × e_B rounded in T turns by ~2√3·u/sin θ, and its gap by
// that times |b0 − a0|: thousands of u·S for long edges a few microradians apart, which build
// thin faces of D that can be the answer (two fuzz cases, tolerances3.hpp). So a pair with
// sin² θ < kSat3AccurateAxisSine2 has its axis formed again by accurate_edge_cross (exact edge
// vectors, double-double products: each coordinate within a few ulps of itself), and only edges
// within kSat3ParallelEdgeUlps·u of parallel by that product are skipped: exactly parallel edges
// build no face of D (their arcs lie on one great circle: D's face there is a face of A or B, or
// D has only an edge, bounded by the faces next to it).
//
// Skipping edges by the centroids. An edge pair that builds a face of D with normal x has x on
// A's edge's arc and A's edge supporting A along x, B's edge supporting B along −x, so its gap
// x·(b0 − a0) = min_B x·b − x·a0 <= x·(g_B − a0) for B's centroid g_B (a point of B), and likewise
// <= (−x)·(g_A − b0). So when the largest x·(g_B − a0) over A's edge's arc is below the best face
// gap (less kSat3SkipSlackUlps·u·S for the rounding of centroids, gaps and the test:
// tolerances3.hpp), no pair of that edge can beat the face, and the edge is skipped; B's edges
// likewise. A pair skipped this way builds no face of D that beats the face, so the answer is the
// full pass's bit for bit — except where the full pass took its answer from a pair whose
// Gauss-map test passed only by rounding and its pair gap within kSat3EdgeCheckUlps of its
// support gap (above), which no face bound covers: a filter may skip it, and the answers differ
// by at most that slack (sat3_test.cpp,
// EdgeSkipGivesTheFullPassAnswer, compares where the full pass's gap is its support gap).
// It pays where the depth is small against the
// shapes, as in resting contact (the edges far from the contact drop out): 8–32-vertex polytopes
// near contact 53,400 → 33,000 instructions per manifold; on deep overlaps few edges drop.
//
// Boxes. Two boxes have 144 edge pairs, of which 18 build faces of D (each of the 9 pairs of
// edge directions twice, at ±x): the Gauss-map tests and those 18 axes were two thirds of a box
// manifold's instructions. When both cores are parallelepipeds (ConvexShape3::parallelepiped:
// corners c ± h0 ± h1 ± h2 within `fit` of the vertices), the gap of B beyond A along a unit x is,
// for the parallelepipeds, x·(c_B − c_A) − Σ|x·h_A| − Σ|x·h_B| in closed form. For each pair of
// directions (I, J) the larger of that gap along ±(h_A[I] × h_B[J]) plus a margin (fits, direction
// error, rounding: tolerances3.hpp, kSat3SkipSlackUlps) bounds the gap any edge pair of those
// directions that builds a face of D can give; when it stays below the best face gap those pairs
// are skipped, with the same outcome as above: the full pass's answer, except where that came from
// a pair passed by rounding, and then by at most kSat3EdgeCheckUlps·u·S (sat3_test.cpp,
// BoxFilterGivesTheFullPassAnswer and
// BoxFilterHoldsForTaperedBoxes). The surviving pairs go through the Gauss-map
// test and the gap from the stored vertices as every other pair. Pairs of directions within
// kSat3BoxMinSine of parallel are never skipped.
//
// Lower-dimensional D. The three kinds above are all of D's normals only when D is
// 3-dimensional. D can be flat or smaller when neither core is a polytope (two points, a point
// and a segment, two segments, coplanar polygons...); its faces are then also "sides" with
// in-plane normals, which no axis here covers, and the largest axis gap may be 0 while the cores
// are apart. Likewise a rounded pair whose cores are apart needs the cores' distance, not a face
// gap (the gap along a face is a lower bound). So when the largest core gap is not clearly
// negative (>= −kSat3GapErrorUlps · u · S) and either r > 0 or both cores are below dimension 3,
// the cores' closest points are computed by GJK (gjk3.hpp): apart, the answer is the axis
// `closest` with separation = core distance − r (separation_is_distance); touching or overlapping,
// the best axis as found. When both cores have no axis at all (point–point, point–segment) GJK
// decides alone; for coincident points, or a point on a segment, with r > 0 the push is along
// (1, 0, 0), or a direction perpendicular to the segment.
//
// Early exit. sat_query stops at the first axis whose core gap exceeds r (separated): the answer
// is that axis and its gap, a lower bound on the distance; the cache receives it, and the same
// query again costs one axis test.
// ---------------------------------------------------------------------------------------------

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "minkowski/fast/gjk3.hpp"
#include "minkowski/fast/sat.hpp"  // SatOptions
#include "minkowski/fast/shape3.hpp"
#include "minkowski/fast/simd.hpp"
#include "minkowski/fast/support3.hpp"
#include "minkowski/fast/tolerances3.hpp"
#include "minkowski/fast/vec3.hpp"

namespace minkowski::fast {

/// Which feature(s) define a 3D SAT axis.
enum class SatAxis3 : std::uint8_t {
  none,       ///< no axis (an empty cache)
  face_a,     ///< outward normal of A's face index_a
  face_b,     ///< outward normal of B's face index_b (B is pushed along −normal)
  edge_edge,  ///< cross product of A's edge index_a and B's edge index_b
  closest,    ///< along the cores' closest points (rounded or degenerate shapes, cores apart)
};

/// Warm-start cache: the last best (or separating) axis of a pair as feature ids. Zero-initialised
/// = empty; indices that do not fit the shapes are ignored. A `closest` axis is not cached (it is
/// no feature pair); the cache keeps its previous content then.
struct SatCache3 {
  SatAxis3 axis = SatAxis3::none;
  std::uint32_t index_a = 0;
  std::uint32_t index_b = 0;
};

/// Answer of sat_query in 3D (fields as the 2D SatResult).
template <class T>
struct SatResult3 {
  bool intersects = false;  ///< the closed rounded shapes share a point (touching counts)
  /// Signed gap along `normal`, radii included. > 0: separated, and B lies at least this far
  /// beyond A along `normal` (a lower bound on the distance unless separation_is_distance).
  /// <= 0: −separation is the penetration depth.
  T separation{};
  T depth{};         ///< max(0, −separation): the minimum translation's length
  Vec3<T> normal{};  ///< unit, from A towards B (MTV direction, or the separating axis)
  SatAxis3 axis = SatAxis3::none;
  std::uint32_t index_a = 0;            ///< A's face or edge of `axis` (0 when unused)
  std::uint32_t index_b = 0;            ///< B's face or edge of `axis` (0 when unused)
  bool separation_is_distance = false;  ///< separated: `separation` is the Euclidean distance
  /// Axes tested: one per face direction projected, one per edge pair that passed the Gauss-map
  /// test and is not parallel (pruned pairs are not counted), one for a cached axis, one for the
  /// closest-points query. A cache hit on a separated pair gives 1.
  int axes_tested = 0;
};

namespace sat3_detail {

/// v times the power of two that brings its largest |coordinate| into [0.5, 1) (exact; 0 stays 0).
/// An edge-pair axis is the cross product of two edges and is tested through |da × db|² against
/// |da|²·|db|²: products of degree 4 in the coordinates, which overflow float from coordinates of
/// about 4e9 (and underflow below about 1e-10). Scaled edges give the same direction and the same
/// test with no overflow or underflow (fixtures/found/ scale-box-turned_twice: float boxes
/// at 1.3e10 got a zero normal and "intersecting" for a pair 2.5e8 apart).
template <class T>
Vec3<T> pow2_scaled(Vec3<T> v) {
  const T m = max_abs(v);
  if (!(m > T(0))) return v;
  int e = 0;
  using std::frexp, std::ldexp;
  (void)frexp(m, &e);
  return {ldexp(v.x, -e), ldexp(v.y, -e), ldexp(v.z, -e)};
}

/// The axis of two edges a0 → a1 and b0 → b1 when they are nearly parallel (header comment,
/// "Nearly parallel edges"): e_A × e_B with each coordinate accurate to a few ulps of itself
/// however small the angle — the edge vectors exact (two-sum) and the products summed in
/// double-double (detail::cross_term of shape3.hpp), for float as for double — times a power of
/// two (only its direction is used). `parallel`: sin θ <= kSat3ParallelEdgeUlps·u, the computed
/// product's own resolution, or no product at all.
template <class T>
struct EdgeAxis {
  Vec3<T> x;
  bool parallel;
};
template <class T>
EdgeAxis<T> accurate_edge_cross(Vec3<T> a0, Vec3<T> a1, Vec3<T> b0, Vec3<T> b1) {
  using detail::cross_term, detail::two_sum, detail::TwoDouble;
  using std::frexp, std::ldexp;
  // Each edge vector exactly (two-sum, in double for float too), then scaled by the power of two
  // that brings its own largest |coordinate| near 1 (exact up to trailing parts far below u²), so
  // the products stay in range whatever the two edges' lengths: scaling the four points by one
  // factor sent a 7e-304-long edge beside a 12-long one into subnormals, its product to 0, and
  // the pair was skipped as parallel (the smoke run of the evening's final code, seed 94010).
  auto edge = [](Vec3<T> p, Vec3<T> q, TwoDouble e[3]) {
    e[0] = two_sum(double(q.x), -double(p.x));
    e[1] = two_sum(double(q.y), -double(p.y));
    e[2] = two_sum(double(q.z), -double(p.z));
    const double m = std::max({std::abs(e[0].hi), std::abs(e[1].hi), std::abs(e[2].hi)});
    if (!(m > 0.0)) return false;
    int k = 0;
    (void)frexp(m, &k);
    for (int c = 0; c < 3; ++c) e[c] = {ldexp(e[c].hi, -k), ldexp(e[c].lo, -k)};
    return true;
  };
  TwoDouble u[3], v[3];
  if (!edge(a0, a1, u) || !edge(b0, b1, v)) return {Vec3<T>{}, true};
  const Vec3<double> x{cross_term(u[1], v[2], u[2], v[1]), cross_term(u[2], v[0], u[0], v[2]),
                       cross_term(u[0], v[1], u[1], v[0])};
  const Vec3<double> uh{u[0].hi, u[1].hi, u[2].hi}, vh{v[0].hi, v[1].hi, v[2].hi};
  const double x2 = length_squared(x), lim = kSat3ParallelEdgeUlps * double(unit_roundoff<T>());
  if (!(x2 > lim * lim * length_squared(uh) * length_squared(vh))) return {Vec3<T>{}, true};
  int k = 0;
  (void)frexp(max_abs(x), &k);
  return {Vec3<T>{T(ldexp(x.x, -k)), T(ldexp(x.y, -k)), T(ldexp(x.z, -k))}, false};
}

/// Capacity of the structure-of-arrays copies of the small shapes' vertices (padded to a multiple
/// of 4) and of the edge pass's candidate list; larger shapes are read in place.
inline constexpr std::size_t kLocalVertices = 32;
inline constexpr std::size_t kLocalEdges = 96;  // 3·32 − 6 edges of a 32-vertex hull

template <class T>
struct Points {
  alignas(16) T x[kLocalVertices];
  alignas(16) T y[kLocalVertices];
  alignas(16) T z[kLocalVertices];
  std::size_t padded = 0;  // 0: not copied (too large)
};

template <class T>
inline void load_points(const ConvexShape3<T>& s, Points<T>& p) {
  const std::size_t n = s.size();
  if (n > kLocalVertices) {
    p.padded = 0;
    return;
  }
  const Vec3<T>* v = s.vertices().data();
  for (std::size_t i = 0; i < n; ++i) p.x[i] = v[i].x, p.y[i] = v[i].y, p.z[i] = v[i].z;
  p.padded = (n + 3) & ~std::size_t(3);
  for (std::size_t i = n; i < p.padded; ++i)
    p.x[i] = p.x[n - 1], p.y[i] = p.y[n - 1], p.z[i] = p.z[n - 1];
}

/// min_j n·v_j over the copied points: four independent chains (padded to a multiple of 4).
template <class T>
inline T min_dot(const Points<T>& p, Vec3<T> n) {
  T m[4];
  for (int k = 0; k < 4; ++k) m[k] = n.x * p.x[k] + n.y * p.y[k] + n.z * p.z[k];
  for (std::size_t j = 4; j < p.padded; j += 4)
    for (int k = 0; k < 4; ++k) {
      const T v = n.x * p.x[j + k] + n.y * p.y[j + k] + n.z * p.z[j + k];
      m[k] = v < m[k] ? v : m[k];
    }
  const T m01 = m[1] < m[0] ? m[1] : m[0], m23 = m[3] < m[2] ? m[3] : m[2];
  return m23 < m01 ? m23 : m01;
}

/// min over the vertices of s of n·v: from the copy when there is one, else by a support search
/// from `hint` (updated).
template <class T>
inline T min_dot(const ConvexShape3<T>& s, const Points<T>& p, Vec3<T> n, std::size_t& hint) {
  if (p.padded != 0) return min_dot(p, n);
  hint = support_index_climb(s, -n, hint);
  return dot(n, s.vertex(hint));
}

/// The first vertex of s minimising n·v (the support vertex along −n), by a linear scan.
template <class T>
std::uint32_t min_vertex(const ConvexShape3<T>& s, Vec3<T> n) {
  std::uint32_t k = 0;
  T m = dot(n, s.vertex(0));
  for (std::size_t j = 1; j < s.size(); ++j) {
    const T v = dot(n, s.vertex(j));
    if (v < m) m = v, k = static_cast<std::uint32_t>(j);
  }
  return k;
}

template <class T>
T pair_scale(const ConvexShape3<T>& a, const ConvexShape3<T>& b) {
  return a.scale() > b.scale() ? a.scale() : b.scale();
}

/// kSat3GapErrorUlps · u · S: computed core gaps closer than this are a tie; within it of zero
/// they have no sign.
template <class T>
T gap_error_bound(T scale) {
  return T(kSat3GapErrorUlps) * unit_roundoff<T>() * scale;
}

/// One axis and its core gap (radii excluded).
template <class T>
struct Axis {
  T gap = -std::numeric_limits<T>::infinity();
  Vec3<T> normal{};
  SatAxis3 axis = SatAxis3::none;
  std::uint32_t index_a = 0, index_b = 0;
};

template <class T>
struct Pass {
  Axis<T> best;    ///< largest core gap (or the stopping axis)
  Axis<T> face_a;  ///< A's best face (gap −inf: none)
  Axis<T> face_b;  ///< B's best face (gap −inf: none)
  int tested = 0;
  bool stopped = false;  ///< an axis's gap exceeded `stop`; `best` is that axis
};

/// The midpoint direction of an edge's Gauss arc (see the header comment), and whether it has
/// one (a segment's edge has none).
template <class T>
struct Arc {
  Vec3<T> a{}, b{};  ///< normals of face_left, face_right
  Vec3<T> mid{};
  bool full = false;  ///< a segment: the whole great circle ⊥ e
};

template <class T>
inline Arc<T> edge_arc(const ConvexShape3<T>& s, const Edge3& e, Vec3<T> dir) {
  Arc<T> arc;
  if (e.face_left >= s.face_count() || e.face_right >= s.face_count()) {  // kNoFace: a segment
    arc.full = true;
    return arc;
  }
  arc.a = s.face_plane(e.face_left).normal;
  arc.b = s.face_plane(e.face_right).normal;
  arc.mid = s.dimension() == 2 ? cross(dir, arc.a) : arc.a + arc.b;
  return arc;
}

/// Core gap along a cached axis; `ok` false when the cache does not fit the shapes or names an
/// edge pair that is parallel.
template <class T>
inline bool cached_axis(const ConvexShape3<T>& a, const ConvexShape3<T>& b, const SatCache3& c,
                        Axis<T>& out) {
  using std::sqrt;
  out.axis = c.axis;
  out.index_a = c.index_a;
  out.index_b = c.index_b;
  switch (c.axis) {
    case SatAxis3::face_a: {
      if (c.index_a >= a.face_count()) return false;
      const Plane3<T>& p = a.face_plane(c.index_a);
      out.normal = p.normal;
      out.gap = dot(p.normal, b.vertex(min_vertex(b, p.normal))) - p.offset;
      return true;
    }
    case SatAxis3::face_b: {
      if (c.index_b >= b.face_count()) return false;
      const Plane3<T>& p = b.face_plane(c.index_b);
      out.normal = -p.normal;
      out.gap = dot(p.normal, a.vertex(min_vertex(a, p.normal))) - p.offset;
      return true;
    }
    case SatAxis3::edge_edge: {
      if (c.index_a >= a.edges().size() || c.index_b >= b.edges().size()) return false;
      // The pair built a face of D when cached; the shapes may have turned since, so the gap is
      // measured by supports along the axis (valid for any direction), not by the edges.
      const Edge3& ea = a.edges()[c.index_a];
      const Edge3& eb = b.edges()[c.index_b];
      const Vec3<T> da = pow2_scaled(a.vertex(ea.v1) - a.vertex(ea.v0));
      const Vec3<T> db = pow2_scaled(b.vertex(eb.v1) - b.vertex(eb.v0));
      Vec3<T> x = cross(da, db);
      T x2 = length_squared(x);
      if (!(x2 > T(kSat3AccurateAxisSine2) * length_squared(da) * length_squared(db))) {
        const EdgeAxis<T> c =
            accurate_edge_cross(a.vertex(ea.v0), a.vertex(ea.v1), b.vertex(eb.v0), b.vertex(eb.v1));
        if (c.parallel) return false;
        x = c.x, x2 = length_squared(x);
      }
      Vec3<T> n = unit_vector(x, x2);
      if (dot(n, b.vertex(eb.v0) - a.vertex(ea.v0)) < T(0)) n = -n;
      out.normal = n;
      out.gap = dot(n, b.vertex(min_vertex(b, n))) - dot(n, a.vertex(min_vertex(a, -n)));
      return true;
    }
    default:
      return false;
  }
}

/// Projection tables of the face passes (small shapes): row f holds n_f · v_j for every vertex j
/// of the other shape, formed exactly as min_dot forms them. The edge pass reads the Gauss-map
/// signs off them (see axis_pass). kTableFaces = 64 holds every hull of at most kLocalVertices =
/// 32 vertices: a 3-polytope of n vertices has at most 2n − 4 faces (Euler's formula with
/// triangular faces), 60 for n = 32. (With 32 rows, as before 2026-11-28, hulls of more than 18
/// vertices took the edge pass's dot-product path: half the pairs of the poly8to32 benchmark
/// populations, ~3× the instructions of the table path.) Two tables of 32 × 64 entries: 32 KiB
/// of stack in double, 16 KiB in float.
inline constexpr std::size_t kTableFaces = 64;

/// Rows × columns: ta is [face of A][vertex of B] (Rows = kTableFaces), tb is [vertex of A][face
/// of B] (Rows = kLocalVertices, Cols = kTableFaces).
template <class T, std::size_t Rows, std::size_t Cols>
struct Table {
  alignas(16) T v[Rows][Cols];
};

/// Row f of a table: n·v_j for the copied points, stored at out[j · stride], and their minimum
/// returned. The values are formed as dot(n, v) forms them ((n.x·x + n.y·y) + n.z·z), so the
/// manifold's heights agree with them bit for bit. For double on x86-64 two SSE2 lanes per
/// operation (the same roundings; _mm_min_pd(v, m) is v < m ? v : m per lane).
template <class T>
inline T project_row(const Points<T>& p, Vec3<T> n, T* out, std::size_t stride) {
#ifdef MINKOWSKI_FAST_SSE2
  if constexpr (std::is_same_v<T, double>) {
    const __m128d nx = _mm_set1_pd(n.x), ny = _mm_set1_pd(n.y), nz = _mm_set1_pd(n.z);
    auto proj = [&](std::size_t j) {
      return _mm_add_pd(
          _mm_add_pd(_mm_mul_pd(nx, _mm_load_pd(p.x + j)), _mm_mul_pd(ny, _mm_load_pd(p.y + j))),
          _mm_mul_pd(nz, _mm_load_pd(p.z + j)));
    };
    __m128d m0 = proj(0), m1 = proj(2);
    for (std::size_t j = 0; j < p.padded; j += 4) {
      const __m128d v0 = proj(j), v1 = proj(j + 2);
      m0 = _mm_min_pd(v0, m0);
      m1 = _mm_min_pd(v1, m1);
      if (stride == 1) {
        _mm_storeu_pd(out + j, v0);
        _mm_storeu_pd(out + j + 2, v1);
      } else {
        _mm_storel_pd(out + j * stride, v0);
        _mm_storeh_pd(out + (j + 1) * stride, v0);
        _mm_storel_pd(out + (j + 2) * stride, v1);
        _mm_storeh_pd(out + (j + 3) * stride, v1);
      }
    }
    m0 = _mm_min_pd(m1, m0);
    return _mm_cvtsd_f64(_mm_min_sd(_mm_unpackhi_pd(m0, m0), m0));
  }
#endif
  T m[4];
  for (int k = 0; k < 4; ++k) m[k] = n.x * p.x[k] + n.y * p.y[k] + n.z * p.z[k];
  for (std::size_t j = 0; j < p.padded; j += 4)
    for (std::size_t k = 0; k < 4; ++k) {
      const T v = n.x * p.x[j + k] + n.y * p.y[j + k] + n.z * p.z[j + k];
      out[(j + k) * stride] = v;
      m[k] = v < m[k] ? v : m[k];
    }
  const T m01 = m[1] < m[0] ? m[1] : m[0], m23 = m[3] < m[2] ? m[3] : m[2];
  return m23 < m01 ? m23 : m01;
}

/// Whether max x·w over the unit x on the arc from n1 to n2 (an edge's two outward face normals,
/// less than π apart) may reach `below`. The ends first: n1·w or n2·w >= below keeps. Otherwise the
/// maximum lies at an end unless w's projection on the normals' plane lies in their cone, i.e.
/// w·(n2 − (n1·n2)n1) >= 0 and w·(n1 − (n1·n2)n2) >= 0; then it is that projection's length,
/// bounded by |w|₁. The cone test counts values within kSat3SkipSlackUlps·u·|w|₁ of zero as
/// inside, so a rounding can only keep more.
template <class T>
inline bool arc_reaches(Vec3<T> n1, Vec3<T> n2, Vec3<T> w, T below) {
  using std::abs;
  if (!(dot(n1, w) < below && dot(n2, w) < below)) return true;  // (NaN keeps)
  const T c = dot(n1, n2);
  const T w1 = abs(w.x) + abs(w.y) + abs(w.z);
  const T tau = T(kSat3SkipSlackUlps) * unit_roundoff<T>() * w1;
  return dot(w, n2 - c * n1) >= -tau && dot(w, n1 - c * n2) >= -tau && !(w1 < below);
}

/// The mean of the first n copied points (n >= 1): a point of the hull up to the sum's rounding.
template <class T>
inline Vec3<T> centroid(const Points<T>& p, std::size_t n) {
  Vec3<T> c{};
  for (std::size_t i = 0; i < n; ++i) c = c + Vec3<T>{p.x[i], p.y[i], p.z[i]};
  return T(1) / T(n) * c;
}

/// Boxes (see the header): allow[I] receives the bit set of B's edges whose pairs with A's edges
/// of direction I may give a gap >= `best`; the others are skipped. Requires both shapes to have a
/// parallelepiped. A NaN anywhere keeps the pairs.
///
/// For x = h_A[I] × h_B[J] the parallelepipeds' larger gap along ±x/|x| is
/// (|x·d| − Σ_k |x·h_A[k]| − Σ_k |x·h_B[k]|)/|x|, d = c_B − c_A. Its products are triple products,
/// read off shared terms: x·d = h_A[I]·(h_B[J] × d); x·h_A[k] = ±h_B[J]·face_A[m] for k != I and
/// m the third index (0 for k = I), so Σ_k |x·h_A[k]| = Σ_{m != I} |h_B[J]·face_A[m]|; likewise
/// Σ_k |x·h_B[k]| = Σ_{m != J} |h_A[I]·face_B[m]|. The test is multiplied through by
/// |x| (no division): keep unless |x·d| − Σ + margin·|x| < best·|x|, where the direction term of
/// the margin, 3·L·(α + β + 16u)/sin θ with sin θ = |x|/(|h_A[I]||h_B[J]|), becomes
/// 3·L·(α + β + 16u)·|h_A[I]||h_B[J]|. The 16u is the rounding of the axis (x's components
/// within 2u·|h_A||h_B| each, the halves within 2u of their edges) and of the triple products
/// (within 4u·|h|³), both amplified by 1/sin θ as the fits' angles are.
///
/// Range: the products are of degree 3 in the coordinates, so the filter runs only when L and
/// every half edge lie in [2^(min_exponent/3 + 10), 2^(max_exponent/3 − 4)] (double: ~1e-99 to
/// ~3e101; float: ~5e-10 to ~3e11), where no product overflows and underflow is far below the
/// margin; outside it every pair is kept.
template <class T>
constexpr T pow2_constant(int e) {
  T r = T(1);
  for (; e > 0; --e) r *= T(2);
  for (; e < 0; ++e) r /= T(2);
  return r;
}

/// The smallest scale (pair scale, half edge) at which the skip filters run.
template <class T>
inline constexpr T kSkipLowestScale = pow2_constant<T>(std::numeric_limits<T>::min_exponent / 3 +
                                                       10);

template <class T>
inline void box_edge_masks(const ConvexShape3<T>& a, const ConvexShape3<T>& b, T best,
                           std::uint64_t allow[3]) {
  using std::abs, std::sqrt;
  constexpr T kHigh = pow2_constant<T>(std::numeric_limits<T>::max_exponent / 3 - 4);
  const Parallelepiped3<T>& pa = *a.parallelepiped();
  const Parallelepiped3<T>& pb = *b.parallelepiped();
  const T u = unit_roundoff<T>();
  allow[0] = allow[1] = allow[2] = ~std::uint64_t(0);
  const Vec3<T> d = pb.centre - pa.centre;
  const T lipschitz = sqrt(length_squared(d)) + pa.half_length[0] + pa.half_length[1] +
                      pa.half_length[2] + pb.half_length[0] + pb.half_length[1] + pb.half_length[2];
  T shortest = pa.half_length[0];
  for (int i = 0; i < 3; ++i) shortest = std::min({shortest, pa.half_length[i], pb.half_length[i]});
  if (!(lipschitz <= kHigh && shortest >= kSkipLowestScale<T>)) return;
  const T slack = T(kSat3SkipSlackUlps) * u * (pair_scale(a, b) + lipschitz) + pa.fit + pb.fit;
  T pab[3][3], pba[3][3];  // |h_B[j]·face_A[m]|, |h_A[i]·face_B[m]|
  Vec3<T> bd[3];           // h_B[j] × d
  for (int j = 0; j < 3; ++j) {
    for (int m = 0; m < 3; ++m) {
      pab[j][m] = abs(dot(pb.half[j], pa.face[m]));
      pba[j][m] = abs(dot(pa.half[j], pb.face[m]));
    }
    bd[j] = cross(pb.half[j], d);
  }
  for (int i = 0; i < 3; ++i) {
    allow[i] = 0;
    const T alpha = pa.angle[i] + T(16) * u;
    for (int j = 0; j < 3; ++j) {
      const T lx = sqrt(length_squared(cross(pa.half[i], pb.half[j])));
      const T lab = pa.half_length[i] * pb.half_length[j];
      bool keep = true;
      if (lx > T(kSat3BoxMinSine) * lab) {
        const T h = (pab[j][(i + 1) % 3] + pab[j][(i + 2) % 3]) +
                    (pba[i][(j + 1) % 3] + pba[i][(j + 2) % 3]);
        const T margin = slack * lx + T(3) * lipschitz * (alpha + pb.angle[j]) * lab;
        keep = !(abs(dot(pa.half[i], bd[j])) - h + margin < best * lx);
      }
      if (keep) allow[i] |= pb.class_edges[j];
    }
  }
}

/// The face and edge pass. Returns as soon as an axis's gap exceeds `stop` (use +inf for none).
///
/// Edge pass. For small shapes (at most kLocalVertices vertices and kTableFaces faces each) the
/// three Gauss-map conditions cost no dot product: n·e for a face normal n of one shape and an
/// edge e = v1 − v0 of the other is the difference of two entries of the other face pass's table
/// (n·v1 − n·v0; its sign is the sign of n·e up to the rounding of the two entries, which only
/// matters where an arc end lies within rounding of the other plane, i.e. where arcs touch and
/// the face there is tested as a face axis). For each edge of A the signs against B's faces are
/// one subtraction per face, kept as two bit sets of B's faces (below and above A's plane); for
/// B of at most 64 edges the candidates of condition (1) are the edges of a face below AND of a
/// face above (bit sets of B's edges per face, OR-ed over the set faces), else condition (1) is
/// tested for all of B's edges without branches into a candidate list; conditions (2) and (3)
/// read A's two face rows. Only the pairs that pass
/// form a cross product. Larger shapes compute the dot products directly.
/// `skip`: skip the edge pairs that cannot beat the best face (the centroid and box filters, see
/// the header); false: the full pass, for the tests that compare the two.
template <class T>
Pass<T> axis_pass(const ConvexShape3<T>& a, const ConvexShape3<T>& b, T stop, bool skip = true) {
  Pass<T> out;
  Points<T> pa, pb;
  const std::size_t fa = a.face_count(), fb = b.face_count();
  if (fa != 0) load_points(b, pb);
  if (fb != 0) load_points(a, pa);
  // Tables: ta[face of A][vertex of B]; tb transposed, tb[vertex of A][face of B], so that the
  // edge pass's differences of two vertices' rows are contiguous.
  const bool use_ta = fa != 0 && fa <= kTableFaces && pb.padded != 0;
  const bool use_tb = fb != 0 && fb <= kTableFaces && pa.padded != 0;
  Table<T, kTableFaces, kLocalVertices> ta;
  Table<T, kLocalVertices, kTableFaces> tb;

  // A's faces against B's vertices.
  std::size_t hint = 0;
  for (std::size_t i = 0; i < fa; ++i) {
    const Plane3<T>& p = a.face_plane(i);
    const T g = (use_ta ? project_row(pb, p.normal, ta.v[i], 1) : min_dot(b, pb, p.normal, hint)) -
                p.offset;
    if (g > out.face_a.gap) {
      out.face_a.gap = g;
      out.face_a.index_a = static_cast<std::uint32_t>(i);
      if (g > stop) {
        out.tested += static_cast<int>(i) + 1;
        out.face_a.normal = p.normal;
        out.face_a.axis = SatAxis3::face_a;
        out.best = out.face_a;
        out.stopped = true;
        return out;
      }
    }
  }
  out.tested += static_cast<int>(fa);
  if (fa != 0) {
    out.face_a.axis = SatAxis3::face_a;
    out.face_a.normal = a.face_plane(out.face_a.index_a).normal;
    out.best = out.face_a;
  }

  // B's faces against A's vertices: push direction −n, gap min_a n·a − offset.
  hint = 0;
  for (std::size_t j = 0; j < fb; ++j) {
    const Plane3<T>& p = b.face_plane(j);
    const T g = (use_tb ? project_row(pa, p.normal, &tb.v[0][j], kTableFaces)
                        : min_dot(a, pa, p.normal, hint)) -
                p.offset;
    if (g > out.face_b.gap) {
      out.face_b.gap = g;
      out.face_b.index_b = static_cast<std::uint32_t>(j);
      if (g > stop) {
        out.tested += static_cast<int>(j) + 1;
        out.face_b.normal = -p.normal;
        out.face_b.axis = SatAxis3::face_b;
        out.best = out.face_b;
        out.stopped = true;
        return out;
      }
    }
  }
  out.tested += static_cast<int>(fb);
  if (fb != 0) {
    out.face_b.axis = SatAxis3::face_b;
    out.face_b.normal = -b.face_plane(out.face_b.index_b).normal;
    if (out.face_b.gap > out.best.gap) out.best = out.face_b;  // ties keep A's face
  }

  // Edge pairs.
  const std::span<const Edge3> ea = a.edges(), eb = b.edges();
  if (ea.empty() || eb.empty()) return out;
  const bool a_faces = fa != 0, b_faces = fb != 0;  // else a segment: the whole great circle
  const bool tables = (!a_faces || use_ta) && (!b_faces || use_tb);

  // The pair (i, k) passed the Gauss-map test: its axis and gap. `sl` = n_left(B)·e_A.
  const bool half_a = a.dimension() == 2, half_b = b.dimension() == 2;
  const T edge_check_slack = T(kSat3EdgeCheckUlps) * unit_roundoff<T>() * pair_scale(a, b);
  std::size_t hint_a = 0, hint_b = 0;
  auto consider = [&](std::size_t i, std::size_t k, Vec3<T> a0, Vec3<T> da,
                      const Arc<T>& arc_a) -> bool {
    const Edge3& f = eb[k];
    const Vec3<T> b0 = b.vertex(f.v0);
    Vec3<T> das = da, db = b.vertex(f.v1) - b0;
    // Degree-4 products: the edges are scaled (pow2_scaled) only when |da|²·|db|² leaves
    // [normalize_below2, max/16], so the common case costs one product and two comparisons.
    T l2 = length_squared(das) * length_squared(db);
    if (!(l2 >= normalize_below2<T>() && l2 <= std::numeric_limits<T>::max() / T(16))) {
      das = pow2_scaled(das), db = pow2_scaled(db);
      l2 = length_squared(das) * length_squared(db);
    }
    Vec3<T> x = cross(das, db);
    T x2 = length_squared(x);
    if (!(x2 > T(kSat3AccurateAxisSine2) * l2)) {  // nearly parallel: the accurate axis
      const EdgeAxis<T> c = accurate_edge_cross(a0, a.vertex(ea[i].v1), b0, b.vertex(f.v1));
      if (c.parallel) return false;
      x = c.x, x2 = length_squared(x);
    }
    ++out.tested;
    // unit_vector(x, x2) with its common case in line (the same operations, so the same bits).
    Vec3<T> n = x2 >= normalize_below2<T>() ? (T(1) / std::sqrt(x2)) * x : unit_vector(x, x2);
    const Vec3<T> w = b0 - a0;
    bool flip;
    if (!arc_a.full) {
      flip = dot(n, arc_a.mid) < T(0);
    } else if (b_faces) {
      const Vec3<T> bl = b.face_plane(f.face_left).normal;
      const Vec3<T> mb =
          b.dimension() == 2 ? cross(db, bl) : bl + b.face_plane(f.face_right).normal;
      flip = dot(n, mb) > T(0);
    } else {
      flip = dot(n, w) < T(0);
    }
    if (flip) n = -n;
    // A half-circle arc (a flat polygon's edge, or B's when A's edge is a segment's) is oriented
    // by its midpoint, which is perpendicular to the arc's ends ±n_face: where the pair's axis
    // lies at an end, its orientation and the Gauss-map condition that chose the crossing are
    // both decided by rounding, and the edges need not support the axis (header comment, "Arc
    // ends of a flat polygon"). Its gap is then measured by supports, valid along any axis.
    const bool by_supports = half_a || (arc_a.full && half_b);
    T g = by_supports ? min_dot(b, pb, n, hint_b) + min_dot(a, pa, -n, hint_a) : dot(n, w);
    if (g > out.best.gap && !by_supports) {
      // A pair about to become the best has its gap checked by supports (header comment, "Edge
      // gaps checked by supports"): far below its pair gap, its edges do not support their
      // shapes along x and it builds no face of D; else the smaller of the two.
      const T sg = min_dot(b, pb, n, hint_b) + min_dot(a, pa, -n, hint_a);
      if (sg < g - edge_check_slack) return false;
      g = sg < g ? sg : g;
    }
    if (g > out.best.gap) {
      out.best.gap = g;
      out.best.normal = n;
      out.best.axis = SatAxis3::edge_edge;
      out.best.index_a = static_cast<std::uint32_t>(i);
      out.best.index_b = static_cast<std::uint32_t>(k);
      if (g > stop) {
        out.stopped = true;
        return true;
      }
    }
    return false;
  };

  if (tables && eb.size() <= kLocalEdges) {
    if (b_faces && (fb & 1u))  // an even row length for the paired subtraction below
      for (std::size_t j = 0; j < pa.padded; ++j) tb.v[j][fb] = T(0);
    alignas(16) T sb[kTableFaces];
    std::uint32_t cand[kLocalEdges];
    std::uint8_t bl[kLocalEdges], br[kLocalEdges];  // B's edges' faces (< kTableFaces)
    // At most 64 edges: face_edges[f] is the bit set of B's edges on face f.
    const bool masks = b_faces && eb.size() <= 64;
    // Boxes: B's edges per direction of A's edges that may still beat the best face.
    const Parallelepiped3<T>* box_a = a.parallelepiped();
    const bool filter = skip && masks && box_a != nullptr && b.parallelepiped() != nullptr;
    std::uint64_t allow[3] = {~std::uint64_t(0), ~std::uint64_t(0), ~std::uint64_t(0)};
    if (filter) box_edge_masks(a, b, out.best.gap, allow);
    // Polytopes: the edges whose arcs keep the other shape's centroid more than the best face's
    // depth behind them (see the header, "Skipping edges by the centroids").
    const T pair_s = pair_scale(a, b);
    const bool prune = skip && !filter && a.dimension() == 3 && b.dimension() == 3 &&
                       out.best.gap > -std::numeric_limits<T>::infinity() &&
                       pair_s >= kSkipLowestScale<T>;
    const T prune_below = out.best.gap - T(kSat3SkipSlackUlps) * unit_roundoff<T>() * pair_s;
    Vec3<T> centre_b{};
    std::uint64_t keep_b = ~std::uint64_t(0);  // B's edges kept (masks path)
    std::uint8_t keep_bk[kLocalEdges];         // the same, one per edge (the other path)
    if (!masks)
      for (std::size_t k = 0; k < eb.size(); ++k) keep_bk[k] = 1;
    if (prune) {
      const Vec3<T> centre_a = centroid(pa, a.size());
      centre_b = centroid(pb, b.size());
      for (std::size_t k = 0; k < eb.size(); ++k) {
        const Edge3& f = eb[k];
        const bool keep =
            arc_reaches(b.face_plane(f.face_left).normal, b.face_plane(f.face_right).normal,
                        centre_a - b.vertex(f.v0), prune_below);
        if (keep) continue;
        if (masks)
          keep_b &= ~(std::uint64_t(1) << k);
        else
          keep_bk[k] = 0;
      }
    }
    std::uint64_t face_edges[kTableFaces];
    if (masks) {
      for (std::size_t g = 0; g < fb; ++g) face_edges[g] = 0;
      for (std::size_t k = 0; k < eb.size(); ++k) {
        face_edges[eb[k].face_left] |= std::uint64_t(1) << k;
        face_edges[eb[k].face_right] |= std::uint64_t(1) << k;
      }
    } else if (b_faces) {
      for (std::size_t k = 0; k < eb.size(); ++k)
        bl[k] = static_cast<std::uint8_t>(eb[k].face_left),
        br[k] = static_cast<std::uint8_t>(eb[k].face_right);
    }
    for (std::size_t i = 0; i < ea.size(); ++i) {
      const std::uint64_t allow_i = filter ? allow[box_a->edge_class[i]] : ~std::uint64_t(0);
      if (allow_i == 0) continue;
      const Edge3& e = ea[i];
      const Vec3<T> a0 = a.vertex(e.v0);
      const Vec3<T> da = a.vertex(e.v1) - a0;
      const Arc<T> arc_a = edge_arc(a, e, da);
      if (prune && !arc_reaches(arc_a.a, arc_a.b, centre_b - a0, prune_below)) continue;
      std::size_t nc = 0;
      if (b_faces) {
        // (1) c = −n_left(B), d = −n_right(B) on opposite sides of A's plane (c·e_A = −sl).
        const T* r1 = tb.v[e.v1];
        const T* r0 = tb.v[e.v0];
        std::size_t f = 0;
        std::uint64_t neg = 0, pos = 0;  // B's faces with sb < 0, sb > 0 (bit f)
#ifdef MINKOWSKI_FAST_SSE2
        if constexpr (std::is_same_v<T, double>) {  // rows padded to an even count (see above)
          const __m128d zero = _mm_setzero_pd();
          for (; f < fb; f += 2) {
            const __m128d d = _mm_sub_pd(_mm_load_pd(r1 + f), _mm_load_pd(r0 + f));
            _mm_store_pd(sb + f, d);
            neg |= static_cast<std::uint64_t>(_mm_movemask_pd(_mm_cmplt_pd(d, zero))) << f;
            pos |= static_cast<std::uint64_t>(_mm_movemask_pd(_mm_cmpgt_pd(d, zero))) << f;
          }
          // The padding column (odd fb) is 0 − 0 = 0: in neither set.
        }
#endif
        for (; f < fb; ++f) {
          sb[f] = r1[f] - r0[f];
          neg |= std::uint64_t(sb[f] < T(0)) << f;
          pos |= std::uint64_t(sb[f] > T(0)) << f;
        }
        if (masks) {
          // An edge's two faces differ, so "one face below, the other above" is "some face
          // below and some face above": the union of the faces' edge masks on each side.
          std::uint64_t below = 0, above = 0;
          for (std::uint64_t q = neg; q != 0; q &= q - 1) below |= face_edges[std::countr_zero(q)];
          for (std::uint64_t q = pos; q != 0; q &= q - 1) above |= face_edges[std::countr_zero(q)];
          for (std::uint64_t m = below & above & allow_i & keep_b; m != 0; m &= m - 1)
            cand[nc++] = static_cast<std::uint32_t>(std::countr_zero(m));
        } else {
          for (std::size_t k = 0; k < eb.size(); ++k) {
            cand[nc] = static_cast<std::uint32_t>(k);
            nc += (sb[bl[k]] * sb[br[k]] < T(0)) & (keep_bk[k] != 0);
          }
        }
      } else {
        for (std::size_t k = 0; k < eb.size(); ++k) cand[nc++] = static_cast<std::uint32_t>(k);
      }
      for (std::size_t c = 0; c < nc; ++c) {
        const std::size_t k = cand[c];
        if (!arc_a.full) {
          // (2) a, b on opposite sides of B's plane; (3) (c·e_A)(b·e_B) > 0.
          const Edge3& f = eb[k];
          const T* rl = ta.v[e.face_left];
          const T* rr = ta.v[e.face_right];
          const T adc = rl[f.v1] - rl[f.v0], bdc = rr[f.v1] - rr[f.v0];
          if (!(adc * bdc < T(0))) continue;
          if (b_faces && !(-sb[f.face_left] * bdc > T(0))) continue;
        }
        if (consider(i, k, a0, da, arc_a)) return out;
      }
    }
    return out;
  }

  for (std::size_t i = 0; i < ea.size(); ++i) {
    const Edge3& e = ea[i];
    const Vec3<T> a0 = a.vertex(e.v0);
    const Vec3<T> da = a.vertex(e.v1) - a0;
    const Arc<T> arc_a = edge_arc(a, e, da);
    for (std::size_t k = 0; k < eb.size(); ++k) {
      const Edge3& f = eb[k];
      // A segment's edge (kNoFace) has the whole great circle: no condition on its side.
      const bool b_full = !(f.face_left < fb && f.face_right < fb);
      T sl{};
      if (!b_full) {
        sl = dot(b.face_plane(f.face_left).normal, da);
        const T sr = dot(b.face_plane(f.face_right).normal, da);
        if (!(sl * sr < T(0))) continue;  // (1)
      }
      if (!arc_a.full) {
        const Vec3<T> db = b.vertex(f.v1) - b.vertex(f.v0);
        const T adc = dot(arc_a.a, db), bdc = dot(arc_a.b, db);
        if (!(adc * bdc < T(0))) continue;             // (2)
        if (!b_full && !(-sl * bdc > T(0))) continue;  // (3)
      }
      if (consider(i, k, a0, da, arc_a)) return out;
    }
  }
  return out;
}

/// A unit vector perpendicular to v (v != 0): v × the coordinate axis of v's smallest component.
template <class T>
Vec3<T> perpendicular(Vec3<T> v) {
  using std::abs;
  const T ax = abs(v.x), ay = abs(v.y), az = abs(v.z);
  const Vec3<T> e = ax <= ay && ax <= az
                        ? Vec3<T>{T(1), T(0), T(0)}
                        : (ay <= az ? Vec3<T>{T(0), T(1), T(0)} : Vec3<T>{T(0), T(0), T(1)});
  const Vec3<T> p = cross(v, e);
  return unit_vector(p, length_squared(p));
}

/// The push direction when the cores touch but no axis exists (point–point, point–segment): any
/// direction perpendicular to a segment core, else (1, 0, 0).
template <class T>
Vec3<T> fallback_normal(const ConvexShape3<T>& a, const ConvexShape3<T>& b) {
  const ConvexShape3<T>& s = a.dimension() == 1 ? a : b;
  if (s.dimension() == 1) return perpendicular(s.vertex(1) - s.vertex(0));
  return Vec3<T>{T(1), T(0), T(0)};
}

/// The core answer shared by sat_query and contact_manifold: the axis pass with early stop at
/// `stop`, then the closest-points query where the header comment says it is needed.
template <class T>
struct CoreAnswer {
  Pass<T> pass;
  bool closest = false;  ///< cores apart, answered by GJK: `core_distance`, `gjk`
  bool no_axis = false;  ///< cores touch and no axis exists: normal is fallback_normal
  T core_distance{};
  GjkOutput3<T> gjk{};
};

template <class T>
CoreAnswer<T> core_answer(const ConvexShape3<T>& a, const ConvexShape3<T>& b, T stop,
                          SatCache3* cache, int& tested) {
  CoreAnswer<T> ans;
  const T r = a.radius() + b.radius();
  ans.pass = axis_pass(a, b, stop);
  tested += ans.pass.tested;
  if (ans.pass.stopped) return ans;
  const T g = ans.pass.best.gap;  // −inf when no axis exists
  const bool low_dim = a.dimension() < 3 && b.dimension() < 3;
  const T tol = gap_error_bound(pair_scale(a, b));
  const bool no_axis = ans.pass.best.axis == SatAxis3::none;
  if ((g >= -tol || no_axis) && (r > T(0) || low_dim)) {
    GjkCache3* gc = nullptr;
    ans.gjk = gjk_distance(a, b, gc);
    tested += 1;
    if (ans.gjk.core_distance > T(0) && length_squared(ans.gjk.normal) > T(0)) {
      ans.closest = true;
      ans.core_distance = ans.gjk.core_distance;
      return ans;
    }
  }
  ans.no_axis = no_axis;
  (void)cache;
  return ans;
}

}  // namespace sat3_detail

/// SAT query: relation, minimum translation vector, and a separating axis.
///
/// Answers: whether the rounded shapes A and B intersect; if so the unit normal n (A towards B)
/// and depth such that translating B by n·depth leaves them touching, with depth minimal (the
/// MTV: the minimum over all face and Minkowski-face directions, containment included); if not, a
/// separating axis and B's gap beyond A along it. For rounded and lower-dimensional cores that
/// are apart, the answer is along the cores' closest points (axis `closest`): the MTV of rounded
/// shapes with separate cores is along that direction, depth r − core distance.
///
/// cache: optional. Its axis is tested first; if it still separates the shapes the answer is that
/// axis and its gap (axes_tested 1). Otherwise the pass runs, stopping at the first separating
/// axis, and the cache receives the answer's axis (unless it is `closest`).
/// options: unused in 3D (no face axis is skipped as parallel; kept for the 2D signature).
///
/// Preconditions: a and b built by make_shape3. Failure cases: none reported; degenerate pairs
/// are answered (coincident points: normal (1, 0, 0)). Near ties between axes are decided by
/// rounding (A's faces win exact ties against B's, faces against edge pairs).
/// Tolerances: kSat3GapErrorUlps (when the closest points are needed), kSat3ParallelEdgeUlps.
/// Cost: (faces of A)·|B| + (faces of B)·|A| dot products for the faces (stored in tables for
/// shapes of at most 32 vertices, i.e. at most 60 faces), then (edges of A)·(faces of B)
/// subtractions and a sign test per edge pair (no dot product for shapes that fit the tables), a
/// cross product and a square root per pair that builds a face of D; no allocation. Measured
/// with callgrind (double, -O2, 2026-11-28, 512 pairs of bench/narrow_phase3_pairs.hpp): random
/// 12-vertex polytopes (20 faces, 30 edges) ~31,400 instructions for an overlapping pair (face
/// pass ~6,000; edge pass ~25,000, of which ~5,000 for the ~27 pairs that build faces of D), two
/// overlapping boxes ~10,500 (face pass ~1,800); ~1,400 for a separated pair (early exit); a
/// warm cache hit on a separated pair ~900 (the cached axis's support scans). The edges skipped
/// since (the header's "Skipping edges by the centroids" and "Boxes") cut the contact manifold's
/// instructions by ~48% for two boxes, 30–38% for polytopes near contact and 3–11% on deep
/// overlaps (docs/performance.md, 2026-11-28).
template <class T>
SatResult3<T> sat_query(const ConvexShape3<T>& a, const ConvexShape3<T>& b,
                        SatCache3* cache = nullptr, const SatOptions& options = {}) {
  using namespace sat3_detail;
  (void)options;
  SatResult3<T> out;
  const T r = a.radius() + b.radius();

  auto finish = [&](const Axis<T>& ax, T sep, bool intersects) {
    if (intersects && sep > T(0)) sep = T(0);
    if (!intersects && sep < T(0)) sep = T(0);
    out.intersects = intersects;
    out.separation = sep;
    out.depth = sep < T(0) ? -sep : T(0);
    out.normal = ax.normal;
    out.axis = ax.axis;
    out.index_a = ax.index_a;
    out.index_b = ax.index_b;
    if (cache != nullptr && ax.axis != SatAxis3::closest && ax.axis != SatAxis3::none) {
      cache->axis = ax.axis;
      cache->index_a = ax.index_a;
      cache->index_b = ax.index_b;
    }
    return out;
  };

  if (cache != nullptr && cache->axis != SatAxis3::none) {
    Axis<T> ax;
    if (cached_axis(a, b, *cache, ax)) {
      out.axes_tested = 1;
      if (ax.gap > r) return finish(ax, ax.gap - r, false);
    }
  }

  const CoreAnswer<T> ans = core_answer(a, b, r, cache, out.axes_tested);
  if (ans.closest) {
    Axis<T> ax;
    ax.axis = SatAxis3::closest;
    ax.normal = ans.gjk.normal;
    ax.gap = ans.core_distance;
    out.separation_is_distance = true;
    return finish(ax, ans.core_distance - r, ans.core_distance <= r);
  }
  if (ans.no_axis) {
    Axis<T> ax;
    ax.normal = fallback_normal(a, b);
    return finish(ax, -r, true);
  }
  const Axis<T>& best = ans.pass.best;
  if (ans.pass.stopped) return finish(best, best.gap - r, false);
  // Not stopped: best.gap <= r. Cores found touching by GJK (or polytopes): the gap stands.
  T g = best.gap;
  if (g > T(0) && (r > T(0) || (a.dimension() < 3 && b.dimension() < 3))) g = T(0);
  return finish(best, g - r, true);
}

}  // namespace minkowski::fast
