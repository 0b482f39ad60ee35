#pragma once
// minkowski/fast/tolerances.hpp — every tolerance and work bound of the fast narrow phase.
//
// Notation: u is the unit roundoff of T, S the case scale (the largest absolute coordinate
// involved). Tolerances scale with the case (docs/design.md, "Tolerance model"); the bounds k the
// judge allows and the history of each value are in docs/tolerances.md. A fixture named here pins
// the value: a smaller (or larger) one fails it.

#include <cmath>
#include <cstddef>
#include <limits>

namespace minkowski::fast {

/// Unit roundoff u of T: 2^-53 for double, 2^-24 for float.
template <class T>
constexpr T unit_roundoff() {
  return std::numeric_limits<T>::epsilon() / T(2);
}

// ---- Shapes (shape.hpp) ---------------------------------------------------------------------

/// Points closer than kWeldUlps · u · S in both coordinates are welded into one when a shape is
/// built: inputs meant to coincide that went through a rounding or two merge, while any feature
/// larger than the tolerance model's error (k >= 4 for every algorithm) is kept. A weld moves the
/// hull by up to 2 · kWeldUlps · u · S (|dx| + |dy|); the shape records it
/// (ConvexShape::weld_shift) and the judge adds it to its bounds
/// (fixtures/found/fuzz-cdb9c44c4bc95999.json: a weld moved B's farthest point by 5.2 u·S).
inline constexpr double kWeldUlps = 4.0;

// ---- The input domain (shape.hpp, make_shape) -----------------------------------------------
//
// The tolerance model's bounds (k·u·S, docs/tolerances.md) are promised for shapes inside the
// input domain below; make_shape decides it once per shape, from the shape's scale S (its largest
// |coordinate|) and T's range, and puts every accepted shape inside it:
//   1. every coordinate and the radius finite and at most max_coordinate<T>() — else ShapeError
//      (non_finite_point, non_finite_radius, out_of_range), and the radius >= 0 (negative_radius);
//   2. every nonzero coordinate, and a nonzero radius, at least kFlushUlps · u · S — smaller ones
//      are flushed to 0 (a weld: |x| < u·S moves the shape by < u·S per coordinate);
//   3. no two points within kWeldUlps · u · S in both coordinates — welded into one;
//   4. no sliver vertex: every vertex of a polygon lies more than kSliverUlps · u · min(S, L/2)
//      (L its longer edge) from its neighbours' chord — a vertex within it is dropped (welded),
//      and a polygon that becomes a segment is one.
// Every weld is reported (ConvexShape::weld_shift) and granted by the judge, which keeps judging
// the input's exact hull. Below the smallest judged case scale (properties::min_judged_scale:
// sqrt(smallest normal)/u, 2^-458 in double, 2^-39 in float) rounding in the squared distances is
// absolute, not relative, and the answers are only promised to be finite.

/// Coordinates and radii below kFlushUlps · u · S (S the shape's largest |coordinate|) are 0:
/// they are below the rounding of any coordinate difference at scale S, so no answer can depend
/// on them, yet they made subnormal products (slow, and of no relative accuracy) and the corners
/// of the sliver findings (fuzz/findings/README.md: a coordinate 1.1e-42 beside 1.7e6). The move,
/// at most u·S per coordinate (2u·S as |dx| + |dy|), is part of ConvexShape::weld_shift.
inline constexpr double kFlushUlps = 1.0;

/// A polygon vertex b whose distance h from its neighbours' chord (the segment a–c) is at most
/// kSliverUlps · u · min(S, L/2), L = max(|b − a|₁, |c − b|₁) (shape.hpp,
/// detail::sliver_threshold), is a sliver and is welded away. Derivation: the rounded orientation
/// test orient(a, b, c) = cross(b − a, c − a), as the fast algorithms compute it, rounds each
/// difference (u relative to the difference itself) and then the two products and their
/// difference (Shewchuk's ccwerrboundA, (3 + 16u)·u): its error is at most about
/// 5u · (|ux·vy| + |uy·vx|) <= 5u · |b − a| · |c − a|. Divided by |c − a|, the exact value being
/// h · |c − a|, that is an error in h of at most 5u · |b − a| (with base b or c instead of a: at
/// most 5u · max(|b − a|, |c − b|)) <= 5u · L. A vertex closer than that to its chord has a turn
/// whose sign the rounded arithmetic of SAT, the support searches and the clipping cannot tell
/// (the polygon they see may be non-convex there), and a corner of angle below ~5u is one such
/// vertex. The threshold 16u · L/2 = 8u · L covers 5u · L; it never exceeds 16u · S, which covers
/// the bound 5u · 2√2 · S ≈ 14.1 u·S for edges as long as the shape's diameter. Then every kept
/// vertex turns left in rounded arithmetic too. The threshold follows the edges, not S: a shape
/// far from the origin has small exact differences (until 2026-11-28 it was 16u·S, which welded
/// corners of the scale family's float shapes 1e6 from the origin, 16 ulps wide, whose turns
/// float computes exactly: pairs moved by up to 37.5 u·S, where the point weld alone moves 6.29). One weld moves the hull by h <= 16 u·S;
/// along a chain of slivers the moves can add up, so they are dropped nearest first and the move
/// is measured (weld_shift; with the former 16u·S threshold ~17 u·S on float n-gons of a unit
/// circle with up to 1e6 points, a bound on what the edge-relative one moves), and the judge
/// grants it.
inline constexpr double kSliverUlps = 16.0;

/// Largest |coordinate| or radius a shape may have in T. Minkowski-difference points reach 4·S
/// and are squared and summed: 16 · S <= sqrt(max) keeps (16 S)² and a sum of two below max.
template <class T>
T max_coordinate() {
  using std::sqrt;
  return sqrt(std::numeric_limits<T>::max()) / T(16);
}

/// Largest number of points a shape may be built from (2^20, 16 MiB of double input): far
/// beyond any collision shape; a hostile file is refused instead of exhausting memory.
inline constexpr std::size_t kMaxShapePoints = std::size_t{1} << 20;

/// Cases whose coordinates are all below this are rescaled by a power of two (exact) before GJK,
/// EPA and the contact manifold (detail::working_scale). Below it squared lengths and support
/// products underflow (S² near the smallest normal: S ~ 1e-154 in double, 1e-19 in float), and
/// the manifold's products of one shape's edge with the other's coordinates sooner. Above 2^-32 a
/// distance at the rounding level u·S still squares to >= (2^-24 · 2^-32)² = 2^-112, above
/// float's smallest normal 2^-126.
inline constexpr double kRescaleBelow = 0x1p-32;

// ---- Support searches (support.hpp) ---------------------------------------------------------

/// One-off support queries (support_index) scan linearly up to this many vertices and use the
/// O(log n) search above: where the two costs cross on regular n-gons (docs/performance.md).
inline constexpr std::size_t kSupportLinearMaxVertices = 14;

/// Steps the hill-climbing support search may take inside GJK and EPA before it falls back to the
/// O(log n) search: a support point costs O(log n) at worst and two or three dot products when
/// the direction changed little. With 8, polygons of up to 16 vertices never fall back (no vertex
/// is more than 8 steps from any other); budgets 4 to 8 cost alike (docs/performance.md).
inline constexpr std::size_t kSupportClimbBudget = 8;

/// Two computed support values dot(v, d) closer than kClimbTieUlps · u · m · (|dx| + |dy|) (m the
/// polygon's largest |coordinate|) are a tie for the O(log n) and climbing searches. Each value is
/// within γ2 · m · |d|₁ of its exact value, γ2 = 2u/(1 − 2u) (Higham, Accuracy and Stability of
/// Numerical Algorithms, 2nd ed., §3.1), so two may be in either order up to 2γ2·m·|d|₁ (slightly
/// over 4u); comparing against h ± band rounds by up to u·m·|d|₁ more: 5u, and 6 leaves room.
/// fixtures/found/fuzz-a28f64726348c9e7.json (a climb stopping 21 below the maximum) pins it.
inline constexpr double kClimbTieUlps = 6.0;

/// Where the products underflow the relative band above is 0: each of a dot product's three
/// roundings may be off by half a subnormal spacing, 3 spacings per comparison. The band adds
/// kClimbTieSubnormals spacings (the fixture above scaled into float's subnormal range).
inline constexpr double kClimbTieSubnormals = 4.0;

// ---- GJK (gjk.hpp) --------------------------------------------------------------------------

/// Iteration bound of GJK (support evaluations per query). Each exact iteration decreases the
/// distance, so GJK on polygons ends; random pairs of 3–8-gons need at most 7, of 256- and
/// 1024-gons at most 13 (Box2D 2.4 allows 20 for <= 8-gons). 64 bounds a pathological input.
inline constexpr int kGjkMaxIterations = 64;

/// GJK termination gap, in units of u. With v the simplex's closest point to the origin and w the
/// new support point along −v, the distance lies between v·w/|v| and |v| (van den Bergen, "A fast
/// and robust GJK implementation for collision detection of convex objects", J. Graphics Tools
/// 4(2), 1999, §3). GJK stops when the gap is <= kGjkGapUlps · u · |v|: finer than the solver's
/// own arithmetic resolves, so the stop is invisible to the tolerance model (S >= |v|). Gains that
/// rounding makes look positive are caught one step later (GjkStatus::stalled).
inline constexpr double kGjkGapUlps = 4.0;

/// Support points per query that GJK accepts although they leave the distance unchanged up to
/// rounding (kGjkFlatUlps), instead of stopping as stalled: such a step changes the closest
/// feature and the search direction, as an exact GJK would when the true decrease is below T's
/// resolution. The answer is the smallest distance seen; a repeated support point still stops.
/// fixtures/found/fuzz-152aa053b7e90112.json (cores sharing (0, 0), reported 8.7e-10 apart
/// without the step) pins it; 4 bounds the extra work.
inline constexpr int kGjkMaxFlatSteps = 4;

/// "The same computed distance" for a flat step: a squared distance at most kGjkFlatUlps · u above
/// the current one. dist2 = c · (c / |e|²) takes ~8 roundings, so equal true distances differ by
/// ~8u; 16 leaves a factor 2 (the fixture above, with B's far vertex at (0, 1.0000000037), has
/// the flat segment's dist2 1 ulp above |w1|²).
inline constexpr double kGjkFlatUlps = 16.0;

/// penetration() takes the normal of rounded shapes whose cores GJK found apart without its
/// convergence certificate (stalled, max_iterations) from the cores' closest points only when
/// their distance δ is >= kGjkNormalSqrtUlps · sqrt(u) · S; closer cores take SAT's MTV (exact for
/// this shape model). A converged GJK keeps its normal. Derivation: the closest points carry an
/// error e <= 8 u·S (the GJK distance bound), so the normal is off by θ <= e/δ; pushing B by the
/// depth D <= 4S along it leaves an overlap of D(1 − cos θ) ≈ Dθ²/2. With δ >= 4·sqrt(u)·S,
/// θ <= 2·sqrt(u) and the residue is <= 8 u·S, inside the EPA normal bound (k = 48).
/// fixtures/found/fuzz-e49130a3aef95e27.json (cores 3.5e-308 apart, normal reversed) pins it.
inline constexpr double kGjkNormalSqrtUlps = 4.0;

// ---- EPA (epa.hpp) --------------------------------------------------------------------------

/// Default capacity of the EPA polygon (points): about 7 KiB of stack in double (5 T, 4 index
/// words and a flag each), enough for any pair with na + nb <= 125 (epa.hpp, "Storage"). Random
/// pairs of 256- and 1024-gons need at most 89 iterations; 3–8-gons a handful.
inline constexpr std::size_t kEpaMaxVertices = 128;

/// Default EPA iteration bound. Each iteration inserts one point, so the capacity bounds the work
/// already; the bound equals it so that either exit can tell.
inline constexpr int kEpaMaxIterations = static_cast<int>(kEpaMaxVertices);

/// EPA termination tolerance, in units of u · S with S = a.scale() + b.scale(): EPA stops when the
/// support point along the closest edge's normal lies at most tau = kEpaToleranceUlps · u · S
/// beyond that edge. The gap h − d is formed from coordinates a − b (u·S each), a normal with one
/// square root (3u), one dot and one cross product (2u·|x|₁·|y|₁ each): about 8u·S, and 16 is
/// twice that even when one shape is a point, so a found face is never taken for progress. The
/// depth may exceed the exact one by tau + rounding, <= 32 u·S + ~12 u·S, inside the EPA depth
/// bound (k = 48). Twice 16 would not be: fixtures/found/fuzz-015ca905ad3666e9.json (the origin on
/// a vertex of a sliver A ⊖ B; EPA stops on the opposite edge) pins it.
inline constexpr double kEpaToleranceUlps = 16.0;

/// Default EPA relative tolerance as a number of T: kEpaToleranceUlps · u.
template <class T>
constexpr T epa_default_relative_tolerance() {
  return T(kEpaToleranceUlps) * unit_roundoff<T>();
}

/// EPA's start (docs/design.md, "EPA: origin on a simplex edge"): the origin lies on the edge
/// (p, q) of the GJK triangle when |cross(p, q)| <= kEpaNearEdgeUlps · u · |p|₁ · |q|₁. The
/// computed cross product of two rounded differences is off by about 4u · |p|₁ · |q|₁, so below
/// that its sign (the triangle's orientation) is not trustworthy and EPA starts from the edge
/// alone, as two opposite directed edges. 16 is a factor 4 above the bound.
inline constexpr double kEpaNearEdgeUlps = 16.0;

// ---- SAT (sat.hpp) --------------------------------------------------------------------------

/// Two SAT push directions n and m (unit) are the same axis when |n − m| <= kSatParallelAxisUlps
/// · u, and the second is not tested. 0: only exactly opposite normals (the test is <=). A face
/// skipped 8u off changes the gap by up to 8u·|b − a| <= 23 u·S, more than SAT's distance bound:
/// fixtures/found/fuzz-1abea20480ed26f7.json (a face tilted by 7.8u across a 9e61 lever) pins 0.
inline constexpr double kSatParallelAxisUlps = 0.0;

/// Error bound of a computed face gap dot(n, b − a), in units of u · S: the unit normal's error
/// (length 4u, direction 2u: 4.5u·|b − a|, |b − a| <= 2√2·S), the rounding of the vertices'
/// local coordinates and of the two projections (3u·|p'| each, |p'| <= 2√2·S) and their
/// difference (u·|gap|) add up to at most 27.6 u·S over [−S, S]² (derived step by step at
/// properties/bounds.hpp, kSatMagnitudeDerivedUlps, which bounds SAT's distance by it); 32. Gaps closer than this are a tie, and a gap within it of
/// zero has no sign: SAT refines when the best gap is >= −32 u·S; the manifold prefers B's face
/// only when better by more, and keeps points whose separation exceeds the margin by less.
inline constexpr double kSatGapErrorUlps = 32.0;

/// SAT answers along a vertex–vertex axis only when the vertices' distance exceeds max(best face
/// gap, 0) by more than kSatVertexAxisUlps · u · S. A point within u·|e| <= 2√2·u·S of an edge's
/// end is classed with the end's vertex, and its distance then exceeds the face gap by at most
/// that (3u·S); 4 covers it, inside every k of the tolerance model (k >= 4).
inline constexpr double kSatVertexAxisUlps = 4.0;

/// SAT's closest features decide whether two segments cross properly on the signs of four
/// orientations (sat.hpp, segment_pair). A rounded orientation of rounded differences is off by
/// at most about 5u·(|ux·vy| + |uy·vx|) (kSliverUlps's derivation above); within
/// kSatOrientErrorUlps·u times that of zero its sign is rounding's, and it is recomputed with
/// compensated arithmetic (orient_sign). 8 covers 5 with room.
inline constexpr double kSatOrientErrorUlps = 8.0;

/// SAT's refinement certifies a vertex pair (p, q), v = q − p, as the cores' closest pair when no
/// neighbour r of p lies further along v, nor a neighbour of q along −v, than rounding:
/// dot(v, w) <= kSatCertifyUlps · u · (|vx·wx| + |vy·wy|), w = r − p. The dot product is off by at
/// most ~4u · (|vx·wx| + |vy·wy|) (u per component of each difference, γ2 for the products and the
/// sum); 8 leaves a factor 2. Per component, not 4u·|v|·|w|₁, which is too coarse where v is
/// nearly parallel to an axis: fixtures/found/fuzz-17841afe09f9327b.json pins it. Further rules
/// (second-order neighbours, fixtures fuzz-772924ed54f244a0 and others): closest_certified.
inline constexpr double kSatCertifyUlps = 8.0;

// ---- Contact manifolds (manifold.hpp) -------------------------------------------------------

/// B's face is the manifold's reference only when its gap beats A's best by more than
/// kReferenceFaceRelativeTolerance times the shorter face (and by more than kSatGapErrorUlps ·
/// u · S), so that nearly equal faces do not swap roles from frame to frame. Box2D 2.4.1
/// (b2CollidePolygons) uses 0.1 · b2_linearSlop = 0.0005 m on ~1 m shapes: the same ratio. The
/// reported depth may exceed the minimum by at most this tolerance. It chooses only between faces
/// of one class, told apart by the gaps' rounding g = kSatGapErrorUlps · u · S: both separate
/// the cores (gap > g), both touch them up to rounding (|gap| <= g), or both clearly do not
/// separate them (gap < −g). When B's face is in a higher class, it is the reference however
/// small the difference beyond g: a face of a lower class does not witness the contact (the cores
/// overlap by less than its gap says, or not at all, so the vertex that realises its gap need not
/// be in the contact; in fixtures/found/fuzz-b3dbfa2db9dd1a3c.json, separating against not, and
/// fuzz-a5023d17b8b54a53.json, touching against clearly not, it lay beyond the face's side
/// planes and the deepest contact came out one radius, and 3.6e88, short).
inline constexpr double kReferenceFaceRelativeTolerance = 5e-4;

/// Two incident edges are equally anti-parallel to the reference normal n when their dots with n
/// differ by at most kIncidentTieUlps · u: each unit normal carries ~3u from its normalization and
/// each dot adds ~2u on values <= 1; 8 covers both with room. Within it the choice is rounding's,
/// and the manifold moves along such a tie to the edge that reaches the reference slab.
inline constexpr double kIncidentTieUlps = 8.0;

// ---- Compound shapes (compound.hpp, decompose.hpp) ------------------------------------------

/// Contact points closer than kContactWeldUlps · u · S are one point (pieces sharing an edge give
/// copies at their common vertex). Each copy carries a clipping's error (~8u·S) on top of the
/// inputs'; 64 leaves a factor 4 over both and is far below any feature a welded shape has.
inline constexpr double kContactWeldUlps = 64.0;

/// Two manifold normals are one cluster when |cross(n, m)| <= kCompoundClusterSine and
/// dot(n, m) > 0. Pieces of one flat face have normals equal up to rounding (~1e-7 in float);
/// using the cluster's normal for a point measured 1e-3 rad away misplaces its separation by at
/// most 0.1 % of the manifold's extent.
inline constexpr double kCompoundClusterSine = 1e-3;

/// Largest polygon decompose_polygon accepts. The simplicity check and ear clipping are O(n²):
/// 4096 vertices is ~8·10^6 segment pairs; a concave outline this large is a mesh, not a collision
/// shape, and is refused with an error.
inline constexpr std::size_t kMaxDecomposeVertices = 4096;

}  // namespace minkowski::fast
