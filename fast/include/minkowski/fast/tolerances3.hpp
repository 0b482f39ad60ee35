#pragma once
// minkowski/fast/tolerances3.hpp — every tolerance and work bound of the fast 3D narrow phase.
//
// Notation as in tolerances.hpp: u is the unit roundoff of T, S the case scale. Each constant says
// where its value comes from (a derivation, a cited figure, or the fixture that pins it).

#include <cstddef>

#include "minkowski/fast/tolerances.hpp"

namespace minkowski::fast {

// ---- The input domain of make_shape3 --------------------------------------------------------
//
// What make_shape3<T> promises (the 3D form of issue 25's stated domain). A shape is INSIDE the
// domain when it has 1 to kMaxShapePoints points, every coordinate and the radius are finite in
// T and at most max_coordinate3<T>() in magnitude, and the radius is >= 0. Inside, make_shape3
// builds it (welding as below, with weld_shift() saying how far that moved it) and every 3D
// algorithm's answer about two such shapes meets the 3D bounds (properties/bounds.hpp,
// kBoundsTable3) at every case scale S >= the smallest judged scale (properties'
// min_judged_scale: sqrt(smallest normal)/u, below which distances of size u·S are subnormal and
// no relative bound can hold; the answers there are finite). OUTSIDE, make_shape3 returns a
// ShapeError whose message names the point or the radius, never a shape: out_of_range,
// non_finite_point, non_finite_radius, negative_radius, empty, too_many_points.
//
// Nothing else limits the domain, and in particular neither a shape's proportions nor the ratio
// of the two shapes' scales. Derivation, for the "needles" the fuzz target found (a vertex 10^6
// to 10^150 times farther from the rest than the rest's extent, fuzz/findings/README.md):
//   - A per-shape limit on proportions could not close them: a segment (any length: a capsule's
//     core) against a small shape makes the same long thin A ⊖ B as a needle does, and
//     make_shape3 sees one shape at a time (fuzz3-0633bf85d8c6651a: a segment 8.3e9 long against
//     a 5.3-long capsule core).
//   - The input itself fixes a needle's geometry to u·S: A ⊖ B's points are rounded differences,
//     off by u·|w| <= u·S3 each. A face of base w and sides L: the far vertex's rounding turns its
//     plane about the base by <= u·S3/L, moving the plane at the base by 0 and at the tip by u·S3;
//     the base vertices' rounding turns it about the long axis by <= u·S3/w, moving points within
//     w of that axis by <= u·S3. So the data determine every answer to O(u·S), whatever L/w.
//   - What amplified the error was arithmetic, not data: a normal formed as the cross product
//     of the two edges at a far vertex is off by ~2u/sin θ with θ ~ w/L there, i.e. ~2u·L/w, and
//     that times a lever L is ~u·S·(L/w) — the 1e4 to 1e7 u·S the findings show. Formed from
//     the two shorter edges (gjk3.hpp, detail::triangle_normal3: θ is then the triangle's largest
//     angle) it is off by ~u; GJK's closest point on a long segment is re-orthogonalised to it
//     (solve3_segment). With those, the needle findings are inside the bounds (fast/test/
//     domain3_test.cpp; fixtures/found/fuzz3-*).
// The limits of the domain are therefore the number type's only:

/// Largest |coordinate| or radius of a 3D shape in T: the 2D limit, max_coordinate<T>() =
/// sqrt(max)/16. Derivation: the 3D algorithms form products of degree 2 in the coordinates at
/// the case's own scale (dot products of Minkowski points, squared lengths: (16 S)² <= max with
/// room for a sum, as in 2D), and products of degree 3 and 4 (|n|² of a cross product, signed
/// volumes, |da × db|² against |da|²·|db|²) only after scaling by a power of two to size ~1 (GJK
/// and EPA: working_scale3 of Sa + Sb; SAT and the manifold: pow2_scaled edges), which neither
/// overflows nor underflows at any S up to this limit. So the 3D range is the 2D one; beyond it
/// make_shape3 answers ShapeError::out_of_range naming the point or "radius" (fast/test/
/// domain3_test.cpp; fuzz3_vs_reference_fuzz asks one ulp beyond it on purpose).
template <class T>
T max_coordinate3() {
  return max_coordinate<T>();
}

// ---- 3D shapes (shape3.hpp) -----------------------------------------------------------------
// (owned by the shape work)
//
// make_shape3 computes its hull in double on the points scaled by a power of two so that S lies
// in [1, 2) (exact), for float and double input alike; u below is the unit roundoff of the INPUT
// type T, so a float shape is welded at float's resolution and a double shape at double's.

/// Points closer than kWeld3Ulps · u · S in every coordinate are welded into one when a shape is
/// built, as in 2D (kWeldUlps): inputs meant to coincide that went through a rounding or two
/// merge. A weld moves a point by at most √3 · kWeld3Ulps · u · S (the diagonal of the box); the
/// Euclidean distance actually moved is recorded in ConvexShape3::weld_shift.
inline constexpr double kWeld3Ulps = 4.0;

/// Thickness of a hull plane, in units of u · S: a point within kHull3PlaneUlps · u · S of a
/// facet's plane is on it (not added to the hull; two facets whose vertices lie within this of a
/// common plane are one face), a point within it of a line is on the line (dimension 1), within it
/// of a plane through the whole set (dimension 2). Derivation: a point meant to lie on a plane and
/// rounded once is off it by up to √3·u·S (u·S per coordinate); a plane computed in double from
/// three such points at distance <= 2√3·S carries, for a facet whose shortest two edges span it
/// well, a normal error of a few u (double input) — about 6u · 2√3·S ≈ 21 u·S at the far end of
/// the shape; 1.7 + 21 < 32. Float input computed in double has only the first term (1.7 u·S with
/// u = 2^-24), so 32 leaves it a factor 18 for rounding chains in the input (a rotated box). The
/// weld, the merge of coplanar facets and the dropped near-collinear vertices may move the shape
/// by about this much; weld_shift measures it (Shape3Typed.CubeCornersOneUlpOffStillHaveSix-
/// Quadrilaterals: corners 1 ulp off, 6 faces, pins >= 2; Shape3Typed.PointJustOutsideAFaceIsKept:
/// a point 256 u·S above a face stays, pins <= 256). Quickhull itself uses the same number of
/// ulps of double (make_shape3's steps 2 and 4).
inline constexpr double kHull3PlaneUlps = 32.0;

/// Rounds of make_shape3's hull: after merging coplanar facets, a face vertex within the plane
/// thickness of the line through its two loop neighbours (a near-straight angle, or a reflex angle
/// the merge left) is dropped and the hull of the remaining vertices computed again. Each round
/// drops at least one vertex; inputs built to need many rounds (points on an arc within the
/// thickness of a chord) keep their last vertices with a near-straight angle after this many.
inline constexpr int kHull3MaxRounds = 8;

/// A floating-point hull whose horizon is not one simple loop (a topological failure of rounding,
/// only seen with points within rounding of many common planes) is computed again with the plane
/// thickness multiplied by 4, up to this many times; weld_shift measures what the thicker planes
/// moved.
inline constexpr int kHull3Retries = 4;

/// ... unless the points lie within kHull3FlatRetryThicknesses plane thicknesses of the plane of
/// the first three (a slab whose rim faces are thinner than a thickness: visibility there is
/// rounding's, and a thicker plane would swallow the slab): then the shape is the flat polygon,
/// whose points move by the slab's thickness. Shape3Typed.RandomInputsKeepEveryInvariant's slabs
/// (2 to 8 thicknesses) pin it: with 4 retries instead, one collapsed to a triangle, moved by 5.
inline constexpr double kHull3FlatRetryThicknesses = 64.0;

/// A built hull of 8 vertices, 12 edges and 6 faces is recorded as a parallelepiped
/// (ConvexShape3::parallelepiped) when every vertex lies within kParallelepiped3FitRatio × the
/// shortest half edge of its corner. 2^-10 keeps the angle between an edge and its class's
/// direction below 2^-9 radians, where the box filter's direction error (kSat3SkipSlackUlps) is a
/// first-order bound; a turned box's corners, rounded once, are ~u·S off: for |h| ~ S 10^12 times
/// inside it in double, 10^4 in float.
inline constexpr double kParallelepiped3FitRatio = 1.0 / 1024.0;

// ---- 3D support searches (support3.hpp) -----------------------------------------------------
// (owned by the shape work)

/// One-off support queries (support_index's automatic method: no start vertex) scan linearly up
/// to this many vertices and hill-climb above (from the start table's vertex, which only shapes
/// above this size have: kClimb3StartLevel1). Measured, before the table, on points on a sphere
/// (double, -O2, random directions, CPU time on the shared 2-core host; the shape work's report):
/// scan 67 / 98 / 139 ns and cold climb 85 / 104 / 114 ns at 64 / 96 / 128 vertices (3 to 5
/// steps, 26 to 38 dot products); the two cross between 64 and 96.
inline constexpr std::size_t kSupport3LinearMaxVertices = 64;

/// support_difference's automatic method, which climbs from the caller's hints (the previous
/// support vertices: GJK and EPA directions change little), scans only up to this many vertices.
/// Same measurement with a direction turning by about 0.06 rad per query: warm climb 14.8 /
/// 15.5 / 24.8 ns (0.06 to 0.09 steps, 7 to 8 dot products) against the scan's 16 / 26 / 57 ns
/// at 16 / 24 / 32 vertices; at 256 and 1,024 vertices 21 and 28 ns against 278 and 1,047.
inline constexpr std::size_t kSupport3WarmLinearMaxVertices = 16;

/// The climb's start table (ConvexShape3::climb_starts, support3.hpp; shapes above
/// kSupport3LinearMaxVertices vertices: on 17–32-vertex shapes its lookup on every warm climb
/// made GJK 9–17% slower, docs/performance.md) has an entry per direction
/// c in {-3, …, 3}³; a direction d takes the entry of the c that rounds d's components, divided by
/// the largest |component| m, to thirds: |d_i| <= kClimb3StartLevel1·m gives c_i = 0, <= Level2·m
/// ±1, <= Level3·m ±2, else ±3. The three are the bisectors, in a coordinate plane, of the
/// directions (3, 0), (3, 1), (3, 2), (3, 3) (angles 0, 18.43°, 33.69°, 45°): tan of 9.22°,
/// 26.06° and 39.35°. So within a plane d takes the nearest of them, and anywhere its entry's
/// direction is within 12.9° of d (the largest angle over 2,000,000 random directions: 12.89°).
/// Not tolerances: any start is a correct one (the climb's proof does not depend on it); they only
/// decide how near the answer the climb begins. Seven levels, not three or five: GJK distance
/// between 256-vertex polytopes with the climb took 1.2x / 2.9x / 3.9–4.4x less time than with
/// the scan for no table / three levels / seven (five: 3.5–4.2x; nine, 729 entries: 3.5x, its
/// larger table slower to reach), `minkowski_bench --benchmark_filter='^support/poly'`
/// (2026-11-28; 4.4–4.6x in the final run of the table as built now).
inline constexpr double kClimb3StartLevel1 = 0.16227766016837933;  // tan(atan(1/3) / 2) = √10 − 3
inline constexpr double kClimb3StartLevel2 =
    0.48908380566570886;  // tan((atan(1/3) + atan(2/3)) / 2)
inline constexpr double kClimb3StartLevel3 = 0.81980390271855690;  // tan((atan(2/3) + π/4) / 2)

/// Two computed support values dot(v, d) closer than kClimb3TieUlps · u · m · (|dx| + |dy| + |dz|)
/// (m the shape's largest |coordinate|) are a tie for the climbing search. Each value of a
/// three-term dot product is within γ3 · m · |d|₁ of its exact value, γ3 = 3u/(1 − 3u) (Higham,
/// Accuracy and Stability of Numerical Algorithms, 2nd ed., §3.1), so two may be in either order
/// up to 2γ3·m·|d|₁ (slightly over 6u); comparing against h ± band rounds by up to u·m·|d|₁ more:
/// 7u, and 8 leaves room. The 2D band (kClimbTieUlps = 6) is the same derivation with γ2.
inline constexpr double kClimb3TieUlps = 8.0;

/// Where the products underflow the relative band above is 0: each of a three-term dot product's
/// five roundings may be off by half a subnormal spacing, 2.5 spacings per value and 5 per
/// comparison; the band adds kClimb3TieSubnormals spacings (2D: 3 per comparison, 4 added).
inline constexpr double kClimb3TieSubnormals = 6.0;

/// Capacity of the climb's tie region (a stack array of vertex indices): the vertices within the
/// band of the climb's value that it walks through to look past a plateau (a face perpendicular
/// to d, or a cap of near-ties). A larger plateau, or a climb that spends more dot products than
/// the shape has vertices, falls back to the linear scan: at most twice a scan's cost.
inline constexpr std::size_t kClimb3TieRegion = 64;

// ---- 3D GJK (gjk3.hpp) ----------------------------------------------------------------------
// (owned by the GJK/EPA work)

/// Iteration bound of 3D GJK (support evaluations per query), the default of GjkOptions
/// (kGjkMaxIterations, the 2D value, which it must equal: the options struct is shared). Each exact
/// iteration decreases the distance, so GJK on polytopes ends. Measured (a standalone run of the
/// GJK/EPA work, 1,000 pairs each, 100 of 1024 vertices): random 12-vs-12-point polytopes at most 8
/// (separated) and 10 (near contact); 256- and 1024-vertex spheres at most 11; a stress run of
/// 20,000 boxes, polytopes, segments and points at most 11. 64 bounds a pathological input.
inline constexpr int kGjk3MaxIterations = 64;
static_assert(kGjk3MaxIterations == kGjkMaxIterations, "GjkOptions' default is shared with 2D");

/// Absolute part of the 3D termination gap, in units of u · S3 with S3 = a.scale() + b.scale()
/// (the largest |coordinate| a point of A ⊖ B can have). GJK stops when the support point w along
/// dir = −v gains at most gap·|v|² + kGjk3GapAbsUlps · u · S3 · |dir|∞ over the closest feature
/// (van den Bergen 1999, §3: the relative gap is kGjkGapUlps, shared with 2D). Unlike 2D, the
/// 3D search direction of an edge or a face is not exactly orthogonal to it: it is formed from
/// barycentric weights or a cross product, both off by about u·|w| (w the simplex points). A point
/// on the same face of A ⊖ B as the closest feature (every box pair has such points) then shows a
/// false gain of up to ~|w − w1| · u · |w| ≤ 2 u·S3·|dir| per coordinate sum; with the relative
/// gap alone GJK took those for progress and ended `stalled` after its flat steps. 4 is twice
/// that bound; the distance answered is then within 4 u·S3 (≤ 8 u·S) of the lower bound, at the
/// level of the arithmetic's own rounding.
inline constexpr double kGjk3GapAbsUlps = 4.0;

/// 3D GJK takes cores whose computed distance is at most kGjk3TouchingUlps · u · S3 for touching
/// (GjkStatus::touching: the origin lies on the simplex up to rounding; penetration() then asks
/// EPA). The closest point of a triangle is formed with an error of a few u·|w| <= a few u·S3, so
/// below this the distance has no sign: two boxes overlapping 0.55 deep left the origin 0.5 u·S3
/// off a triangle of GJK's through the middle of A ⊖ B, whose tetrahedra then never enclosed it
/// (the origin on their face up to rounding): GJK stalled and answered "separated by 7e-17"
/// (the stress run of the GJK/EPA work: axis-aligned boxes at quarter-unit offsets). 4 covers that
/// rounding; such a distance is far inside every tolerance (k >= 4 u·S).
inline constexpr double kGjk3TouchingUlps = 4.0;

/// Support points per query that 3D GJK accepts although they leave the distance unchanged up to
/// rounding (kGjk3FlatUlps) — the 2D rule (kGjkMaxFlatSteps) with the same bound: such a step
/// turns the search direction; the smallest distance seen is answered; a support point already
/// in the simplex stops (converged).
inline constexpr int kGjk3MaxFlatSteps = 4;

/// "The same computed distance" for a 3D flat step: a squared distance at most kGjk3FlatUlps · u
/// above the current one. A face's squared distance is |p|², p = n·(n·w1)/|n|², about 12
/// roundings (cross product, two dot products, a division, the products); 32 leaves a factor 2
/// over the 2D value's reasoning (16 for ~8 roundings).
inline constexpr double kGjk3FlatUlps = 32.0;

/// The absolute part of "the same computed distance" for a 3D flat step: a squared distance at
/// most kGjk3FlatAbsUlps · u · W · |v|∞ above the current one besides kGjk3FlatUlps' relative
/// part, W the largest |coordinate| of the simplex points (new support point included), v the
/// current closest point. kGjk3FlatUlps counts roundings relative to dist2, but they fall on
/// operands of size W, not |v|: in p = n·(n·w1)/|n|², n·w1 is off by ~3u·|n|₁·W <= ~5u·|n|·W and
/// n's direction by ~4u (the two shorter edges, angle >= 60°: triangle_normal3), which moves n·w1
/// by ~4u·|n|·|w1| <= ~7u·|n|·W; so |p| is off by ~12u·W and |p|² by ~2|p|·12u·W <=
/// 2√3·12u·W·|v|∞ ≈ 42u·W·|v|∞ (a segment's v = w1 + t·e likewise). Two features' dist2 then
/// differ by up to twice that, 84; 96 rounds it up. Relative to dist2 that is ~96u·W/|v|, far
/// above 32u when |v| << W: fuzz/findings' fuzz3-b382ed04f662617a (a needle 4e9 long, W ~ 2 and
/// |v| ~ 2.5e-9 at the working scale) had two faces 7e-9 apart relatively whose computed dist2
/// came out in the wrong order (0.08 u·W·|v|∞ apart, the first 0.17 u·W·|v|∞ off its exact
/// value), GJK stopped as stalled and answered "separated by 5.39" for shapes overlapping by
/// 0.841. A flat step costs one iteration and keeps the best simplex, so the generous bound
/// costs nothing in accuracy.
inline constexpr double kGjk3FlatAbsUlps = 96.0;

// ---- Closed-form closest points of spheres and capsules (segment3.hpp) ------------------------

/// Two segment cores are solved in closed form only when the computed sin²θ of their angle,
/// den/(a·e) with den = a·e − b² (segment3.hpp), exceeds this; nearer-parallel pairs are declined
/// and GJK answers them. Derivation: the interior solution is refined by one Newton step whose
/// contraction is the relative error of den, ~3u·a·e/den = 3u/sin²θ (a·e and b² each rounded once,
/// their difference exactly), plus ~u/sin²θ from the residual's dot products: ~4u/sin²θ. At
/// 1/256 that is 2^-42 in double and 6e-5 in float, so the refined point's distance is within
/// the rounding of its residual vector (a few u·S) of the minimum, as GJK's is; and below it the
/// first step's error, ~u·(|w| + |d|)/sin θ in distance, could exceed the 3D distance bound
/// (k = 8 u·S) by a factor 16·|w|/S and the step would be the only safeguard. The cost of the
/// fallback is small: for random axes P(sin θ < 1/16) = 1 − cos(3.6°) ≈ 0.2% of pairs.
inline constexpr double kSegment3ParallelSine2 = 1.0 / 256.0;

/// contact_manifold gives two contacts to two capsules (segment cores apart) whose computed sin²θ
/// is at most this and whose segments overlap along their direction: one at each end of the
/// overlap (a capsule lying along another, as a capsule lying on a box gets two). The angle is
/// the face rule's (kManifold3ClosestFaceRelativeTolerance: a face normal within acos(1 − 5e-4) ≈
/// 1.8° of the closest-points direction gives a face contact): 1 − (1 − 5e-4)² ≈ 1e-3, i.e.
/// θ <= 1.8°. Each contact's separation is measured along the closest-points normal n, which
/// separates the cores, so no contact is deeper than the pair (n·(b − a) >= the core distance for
/// every a in A, b in B); the angle only decides when a second point is worth reporting.
/// Crossing capsules (θ above it) get the one closest-points contact.
inline constexpr double kManifold3CapsuleParallelSine2 = 1e-3;

// ---- 3D EPA (epa3.hpp, penetration3.hpp) ----------------------------------------------------
// (owned by the GJK/EPA work)

/// Capacity of the 3D EPA polytope: vertices (kEpa3MaxVertices) and triangle slots (kEpa3MaxFaces).
/// A closed triangulated polytope of V vertices has 2V − 4 faces (Euler), and a step that adds one
/// vertex frees its visible faces before it adds the new ones, so 2V slots always suffice while
/// vertices remain. About 19 KiB of stack in double, untouched beyond the slots used. Measured EPA
/// iterations (1,000 pairs each, 100 of 1024 vertices): random 12-vs-12-point polytopes overlapping
/// by half their size, mean 7.5, at most 17; 256-vertex spheres at most 50, 1024-vertex at most 52:
/// 128 vertices leave a margin of 2.5 over the smoothest shapes measured.
inline constexpr std::size_t kEpa3MaxVertices = 128;
inline constexpr std::size_t kEpa3MaxFaces = 2 * kEpa3MaxVertices;

/// penetration() checks an EPA answer that is not certified within tau (error_bound > tau) by
/// SAT's axis pass when the shapes have at most this many edge pairs (penetration3.hpp, "SAT
/// fallback"): two 32-vertex hulls (90 edges each), whose pass costs ~80,000 instructions
/// (manifold of bench's poly8to32 overlapping pairs); larger shapes keep EPA's bound.
inline constexpr std::size_t kPenetration3SatFallbackPairs = 96 * 96;

/// Default 3D EPA iteration bound: each iteration adds one vertex (or retires a face, epa3.hpp),
/// so the capacity bounds the work; the bound equals it so that either exit can tell (as
/// kEpaMaxIterations in 2D).
inline constexpr int kEpa3MaxIterations = static_cast<int>(kEpa3MaxVertices);

/// 3D EPA termination tolerance, in units of u · S3 (S3 = a.scale() + b.scale()): EPA stops when
/// the support point along the closest face's unit normal n lies at most tau = kEpa3ToleranceUlps
/// · u · S3 beyond the face (h − d <= tau). Derivation, as 2D's kEpaToleranceUlps = 16 with three
/// terms instead of two: the points of A ⊖ B are rounded differences (u·|w| each); d = n·p and
/// h = n·s are three-term dot products (γ3 ≈ 3u of |n|·|x|₁ <= √3 S3 each, against 2u of two terms
/// in 2D); the unit normal is a cross product of two edges normalized (about 4u per coordinate
/// on a well-shaped face), which moves h − d = n·(s − p) by 4u·|s − p|. On a face lying on the
/// boundary of A ⊖ B the computed gap is then about 12 u·S3 where 2D's is 8; 24 is twice that, so
/// a found face is not taken for progress (such a step adds a point coplanar with the face, and
/// its zero-area neighbours end EPA with degenerate_edge). The depth may exceed the exact one by
/// tau + rounding, ≈ 48 u·S + ~16 u·S in the case scale S (S3 <= 2 S).
inline constexpr double kEpa3ToleranceUlps = 24.0;

/// Default 3D EPA relative tolerance as a number of T: kEpa3ToleranceUlps · u.
template <class T>
constexpr T epa3_default_relative_tolerance() {
  return T(kEpa3ToleranceUlps) * unit_roundoff<T>();
}

/// EPA's start from a degenerate GJK simplex (epa3.hpp, "The start"): a support point found to
/// blow a simplex up counts as off the simplex's line (or plane, or point) only when its distance
/// from it exceeds kEpa3StartUlps · u · S3. Closer points would make a start polytope whose face
/// normals are rounding noise (a sliver's normal formed from edges of that size has an error of
/// order u·S3 / height): 64 keeps those normals' error below 1/64 rad at the threshold, and any
/// A ⊖ B thinner than that is flat for every purpose of the tolerance model (its depth, 0 for a
/// flat difference, is within 64 u·S3 of the exact one). The same test (volume against
/// kEpa3StartUlps·u·S3 times the largest face's area) decides whether GJK's tetrahedron is a
/// usable start or is treated as flat.
inline constexpr double kEpa3StartUlps = 64.0;

// ---- 3D SAT (sat3.hpp) ----------------------------------------------------------------------
// (owned by the SAT/manifold work)

/// Error bound of a computed 3D core gap dot(n, v) − offset (face axes) or dot(x, b0 − a0)
/// (edge axes), in units of u · S. Face axes: the unit normal carries <= ~4u per coordinate from
/// its normalisation (16u·S over |v| <= √3·S summed over 3 coordinates, rounded up), the dot
/// product and the subtraction ~5u·√3·S, the plane offset as much again: ~30, rounded up to 32,
/// the 2D kSatGapErrorUlps. Gaps within this of zero have no sign: SAT then asks GJK whether
/// rounded or lower-dimensional cores are apart (sat3.hpp, "Lower-dimensional D").
inline constexpr double kSat3GapErrorUlps = 32.0;

/// An edge pair about to become SAT's best axis has its gap x·(b0 − a0) checked against its
/// support gap min_B x·b − max_A x·a (sat3.hpp, "Edge gaps checked by supports"); the support gap
/// is never larger, and for a pair that builds a face of D it is smaller only by the axis's error
/// ε times the two edges' lengths (the edges are then not exactly normal to the rounded axis) plus
/// the rounding of the dot products: ε <= 2√3·u/sin θ <= ~14u rad for sin θ >= 1/4 (a few u below,
/// from the accurate axis), edges <= 2√3·S each: ~100 u·S, plus ~10 u·S; 128 rounds that up. A
/// support gap below the pair gap by more drops the pair (its edges do not support the axis).
inline constexpr double kSat3EdgeCheckUlps = 128.0;

/// Nearly parallel edges (sat3.hpp, "Nearly parallel edges"). The cross product of two edges in
/// T is off by ~2u·|e_A||e_B| per coordinate, so the axis by ~2√3·u/sin θ radians and its gap
/// x·(b0 − a0) by that times |b0 − a0| (up to ~2S): within ~14u and ~28 u·S for sin θ >= 1/4.
/// Below that, sin² θ < kSat3AccurateAxisSine2, the axis is formed again by
/// accurate_edge_cross (exact edge vectors, double-double products), whose coordinates are
/// accurate to a few ulps of themselves at any angle. Before it, pairs with sin θ <= 2√u were
/// skipped as parallel and the rest taken from the rounded product: the axis of two 2.7e11-long
/// edges 4.6e-10 rad apart was skipped and SAT answered a depth 6,445 u·S too deep
/// (fixtures/found/fuzz3-8ccaaf6c1e966148), and two 1.7e6-long edges 3e-6 rad apart gave an axis whose
/// gap was 8.2e4 u·S off (fuzz3-514fd175085e9c36).
inline constexpr double kSat3AccurateAxisSine2 = 1.0 / 16;

/// Edges whose accurate cross product (kSat3AccurateAxisSine2) has sin θ <= kSat3ParallelEdgeUlps
/// · u are parallel: their pair is not an axis. Exactly parallel edges build no face of D (their
/// arcs lie on one great circle: D's face there is a face of A or B, or D has only an edge); a
/// skipped pair's face of D is a parallelogram of width <= min(|e_A|, |e_B|)·sin θ, ~4u·L, and
/// the neighbouring face tested instead differs in depth by at most that width. The accurate
/// product's coordinates are off by ~u of themselves plus ~u²·|e_A||e_B|, so below ~u its
/// direction is noise: 4u. sat3_test.cpp (ParallelEdges, RandomPolytopesMatchBruteForce,
/// NearlyParallelEdgesTakeTheAccurateAxis) pins it.
inline constexpr double kSat3ParallelEdgeUlps = 4.0;

/// What SAT's edge pass may skip (sat3.hpp, "Skipping edges by the centroids" and "Boxes"): an
/// edge, or a pair of edge directions of two boxes, is skipped only when an upper bound of every
/// gap its pairs that build faces of D can give, plus kSat3SkipSlackUlps · u · S (for boxes
/// · u · (S + L), and the terms below), stays below the best face gap. The slack covers what is
/// rounded: the general pass's own gap error (kSat3GapErrorUlps = 32 u·S), a centroid's distance
/// from the hull (the mean of at most 32 vertices: <= 33·√3 ≈ 57 u·S), the bounds' own evaluation
/// (~10u·|w| or ~10u·L) and a box's `fit` rounding: ~100 u·S together, 1024 about ten times that;
/// a larger slack only skips less. Not covered by the slack: a pair whose Gauss-map test passed
/// by rounding (arcs touching within rounding) has x·(b0 − a0) above the support gap along x by up
/// to ~u·S·|b0 − a0|/|e| for a short edge e, and up to O(S) for a plate a few ulps thick (the
/// 2026-11-28 review: 6,900 u·S and more on random boxes with 3e-5-long edges, about one pair in
/// 200,000; a gap of +0.96 for a plate overlapping by 1.04); the pass drops any such pair that
/// would become the best unless its support gap is within kSat3EdgeCheckUlps of its pair gap
/// (sat3.hpp, "Edge gaps checked by supports"), so a filter that skips one changes the answer
/// by at most that. For
/// two boxes the margin
/// adds fit_A + fit_B (the hulls lie within that of the parallelepipeds) and the direction error
/// 3·L·(α + β + 16u)/sin θ (an edge of class I is within α = 2·fit_A/|half_A[I]| radians of
/// half_A[I], so the pair's axis within 2(α + β + αβ)/sin θ of the class axis, and the gap is
/// L-Lipschitz in the direction, L = |c_B − c_A| + Σ|half|; the 16u is the rounding of the axis
/// and of the triple products, amplified by 1/sin θ alike). Tests: sat3_test.cpp's
/// BoxFilterHoldsForTaperedBoxes fails without the direction term (long mode); the slack's size
/// and the fit term alone (dominated by the direction term) are derived, not pinned by a test.
inline constexpr double kSat3SkipSlackUlps = 1024.0;

/// Class pairs within sin θ <= kSat3BoxMinSine of parallel are never skipped (the direction error
/// above grows as 1/sin θ). 2^-10: the error term stays below 3·L·(α + β)·2^10.
inline constexpr double kSat3BoxMinSine = 1.0 / 1024.0;

// ---- 3D contact manifolds (manifold3.hpp) ---------------------------------------------------
// (owned by the SAT/manifold work)

/// B's best face is the manifold's reference only when its gap beats A's best by more than
/// kManifold3ReferenceFaceRelativeTolerance × the shorter of the two faces' first edges (plus
/// kSat3GapErrorUlps · u · S); likewise an edge pair is used only when it beats the chosen face by
/// as much. The 2D kReferenceFaceRelativeTolerance (Box2D 2.4.1's 0.1 · linear slop on ~1 m
/// shapes). The reported depth may exceed SAT's by at most this tolerance.
inline constexpr double kManifold3ReferenceFaceRelativeTolerance = 5e-4;

/// Rounded or lower-dimensional shapes whose cores are apart by δ take a face contact (clipping)
/// when the better best face's gap is >= δ − kManifold3ClosestFaceRelativeTolerance · δ (− the
/// gap's rounding): the face normal is then within acos(1 − 5e-4) ≈ 1.8° of the closest-points
/// direction (a capsule lying on a box: gap = δ exactly). Being generous costs nothing wrong: a
/// sphere beyond the face's side planes is clipped away and the closest points are used.
inline constexpr double kManifold3ClosestFaceRelativeTolerance = 5e-4;

/// Capacity of the clipping buffers (two polygons and the candidate list on the stack, ~3 KiB in
/// double). Clipping a k-gon by the m side planes of a convex face gives at most k + m vertices;
/// faces with k + m above this (hull faces of more than ~16 vertices against each other) lose the
/// vertices beyond it, which the reduction to 4 points would mostly discard anyway.
inline constexpr std::size_t kManifold3MaxClipVertices = 32;

/// A reference corner of the clipped polygon is formed from the reference vertex and the incident
/// face's plane (manifold3.hpp, corner_on_plane) when the incident face's normal m has
/// m·n <= −kManifold3CornerPlaneCosine (n the reference normal): the corner's height is the
/// plane's evaluation error over |m·n|, so at most twice that error at 1/2 (faces within 60° of
/// anti-parallel, which the incident face of a resting or sunk pair has). A more tilted incident
/// face keeps the interpolated corner, whose error is what it was before the rule.
inline constexpr double kManifold3CornerPlaneCosine = 0.5;

/// The bounding ball of a shape's core (ConvexShape3::bound_radius): the largest computed
/// |v − c| times (1 + kBound3RadiusUlps·u). A computed |v − c| (three rounded differences,
/// squares and sums, a rounded square root) is within 4u of the exact one relative to it while
/// the squares are normal numbers (Higham, "Accuracy and Stability of Numerical Algorithms",
/// 2nd ed., §3.1: a sum of three products within γ_3 ≈ 3u, the root halving it, one more
/// rounding each for the difference and the root); 8 doubles that.
inline constexpr double kBound3RadiusUlps = 8.0;

/// bounding_balls_apart (gjk3.hpp) declares two shapes' cores farther apart than `stop` when the
/// computed |c_B − c_A| − R_A − R_B − stop exceeds kBound3GapUlps · u · (|c_B − c_A| + R_A + R_B +
/// stop + S_A + S_B). The relative part covers the rounding of the centre distance (< 5u of
/// it, as above with one more difference) and of the three subtractions (u each of the operands'
/// size); the S_A + S_B part keeps the test 16x away from every touching band of the answers
/// it replaces (GJK's kGjk3TouchingUlps 4, SAT's kSat3GapErrorUlps 32, both in u·S), so that a
/// pair the test calls apart is one every other path calls apart too.
inline constexpr double kBound3GapUlps = 512.0;

}  // namespace minkowski::fast
