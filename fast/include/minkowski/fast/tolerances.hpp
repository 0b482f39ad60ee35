#pragma once
// minkowski/fast/tolerances.hpp — every tolerance of the fast narrow phase, in one place.
//
// Each constant says where its value comes from. Tolerances scale with the case: S is the largest
// absolute coordinate involved and u the unit roundoff of T (DESIGN.md, "The tolerance model").

#include <cmath>
#include <limits>

namespace minkowski::fast {

/// Unit roundoff u of T: 2^-53 for double, 2^-24 for float.
template <class T>
constexpr T unit_roundoff() { return std::numeric_limits<T>::epsilon() / T(2); }

/// Points closer than kWeldUlps · u · S (in both coordinates) are welded into one when a shape is
/// built. 4 ulps of the largest coordinate: two inputs that were meant to coincide but went
/// through one or two roundings each are merged, while any feature larger than the error the
/// tolerance model already allows (k·u·S with k >= 4 for every algorithm) is kept. A weld moves
/// the hull by up to 2·kWeldUlps·u·S (|dx| + |dy|); the shape records how far it did
/// (ConvexShape::weld_shift), and the judge adds that to its bounds for the case: the open fuzz
/// finding fuzz-cdb9c44c4bc95999 (2026-11-25) had SAT's distance 7.11 u·S off, 5.2 of them the
/// weld dropping B's farthest point, against a bound of 6 that counted rounding only.
inline constexpr double kWeldUlps = 4.0;

/// Largest |coordinate| or radius a shape may have in T. The algorithms square differences of
/// Minkowski-difference points (each up to 4·S in magnitude, with a radius) and must not
/// overflow: 16 · S ≤ sqrt(max) leaves (16 S)^2 ≤ max with room for a sum of two such products.
template <class T>
T max_coordinate() {
  using std::sqrt;
  return sqrt(std::numeric_limits<T>::max()) / T(16);
}

/// Largest number of points a shape may be built from. A convex hull of more points than this is
/// refused with an error rather than attempted: 1,048,576 points is 16 MiB of double input, far
/// beyond any collision shape, and keeps a hostile file from exhausting memory.
inline constexpr std::size_t kMaxShapePoints = std::size_t{1} << 20;


// ---- GJK / EPA (gjk.hpp, epa.hpp) ---------------------------------------------------------------

/// GJK termination gap, in units of u. With v the current closest point of the simplex to the
/// origin and w the new support point in direction −v, the exact distance lies between
/// v·w/|v| and |v| (van den Bergen, "A fast and robust GJK implementation for collision detection
/// of convex objects", J. Graphics Tools 4(2), 1999, §3). GJK stops when that gap is at most
/// kGjkGapUlps · u · |v|: the distance is then exact up to 4 rounding units of the answer itself,
/// finer than the solver's own arithmetic resolves, so the test never stops GJK early in a way the
/// tolerance model (k·u·S, S >= |v|) could see. Smaller gains that rounding makes look positive are
/// caught one step later by the "distance did not decrease" test (GjkStatus::stalled).
inline constexpr double kGjkGapUlps = 4.0;

/// penetration() takes the normal of rounded shapes whose cores GJK found apart, without GJK's
/// convergence certificate (status stalled or max_iterations), from the cores' closest points only
/// when their distance δ is at least kGjkNormalSqrtUlps · sqrt(u) · S (S the larger shape scale);
/// closer cores take SAT's MTV (exact for this shape model) instead. (A converged GJK has its
/// distance certified to kGjkGapUlps relative to δ itself, and keeps its normal: a segment 3e-162
/// from a triangle's apex gets (0, −1), where SAT's face gaps all tie at 0.) Why: the uncertified
/// closest points carry an error of e <= 8 u·S (the GJK distance bound of the tolerance model), so
/// the normal's direction is off by up to θ = e/δ; pushing B by the depth D <= 4S along it leaves
/// an overlap of up to D(1 − cos θ) ≈ Dθ²/2. With δ >= 4·sqrt(u)·S, θ <= 2·sqrt(u) and the residue
/// is at most 8 u·S, inside the EPA normal bound (48 u·S, properties/src/bounds.cpp). Below, the
/// direction is rounding's: cores 3.4e-308 deep at scale 1 came out 3.5e-308 apart with the normal
/// (−1, 0) instead of (1, 0), and the push for a depth of 2 left an overlap of 1
/// (fixtures/found/fuzz-e49130a3aef95e27.json).
inline constexpr double kGjkNormalSqrtUlps = 4.0;

/// Default EPA termination tolerance, in units of u · S with S = a.scale() + b.scale() (a bound on
/// the coordinates of Minkowski-difference points). EPA stops when the support point along the
/// closest edge's outward normal lies at most tau = kEpaToleranceUlps · u · S beyond that edge.
/// Where 16 comes from: the gap h − d is formed from coordinates a − b (error <= u·S each), an edge
/// normal normalized with one square root (relative error <= 3u), and one dot and one cross product
/// (error <= 2u·|x|_1·|y|_1 each) — about 8u·S in all. 16 is twice that even when one shape is a
/// point (S = a.scale() + b.scale() = a.scale()), so a face that has been found is never taken for
/// progress. The depth may exceed the exact one by tau + rounding: at most 16 u·2S = 32 u·S plus
/// ~12 u·S (h = n·s with a unit normal's 4u error and |s| <= 2√2·S), inside the tolerance model's
/// EPA depth bound k = 48 (properties/src/bounds.cpp). It was 32, whose 64 u·S a degenerate case
/// used up: the origin on a vertex of a sliver A ⊖ B, EPA stopped on the edge opposite it with
/// depth 60 u·S for an exact 0 (fixtures/found/fuzz-015ca905ad3666e9.json). Polygons reach their
/// exact face long before this matters; it bounds the work on many-sided near-circles.
inline constexpr double kEpaToleranceUlps = 16.0;

/// Default EPA relative tolerance as a number of T: kEpaToleranceUlps · u.
template <class T>
constexpr T epa_default_relative_tolerance() { return T(kEpaToleranceUlps) * unit_roundoff<T>(); }

/// Near-edge test for the start of EPA (seed 000, §2.5). The origin counts as lying on the edge
/// (p, q) of the GJK triangle when |cross(p, q)| <= kEpaNearEdgeUlps · u · |p|_1 · |q|_1 (|.|_1 the
/// sum of absolute coordinates). The computed cross product of two rounded differences is off by at
/// most about 4u·|p|_1·|q|_1 (2u from the two products and the subtraction, 2u from the rounding of
/// p and q), so below 16 its sign — and with it the triangle's orientation — is not trustworthy, and
/// EPA starts from that edge alone as two opposite directed edges. 16 is a factor 4 above the bound.
inline constexpr double kEpaNearEdgeUlps = 16.0;

}  // namespace minkowski::fast

// ---- SAT, contact manifolds, compound shapes (sat.hpp, manifold.hpp, compound.hpp, decompose.hpp)

namespace minkowski::fast {

/// Two SAT push directions n and m (unit vectors) are the same axis when |n − m| <=
/// kSatParallelAxisUlps · u; the second is not tested. 0: only exactly opposite normals (the test
/// is <=), i.e. edges that are exactly parallel and whose normals rounded alike. It was 8 (the
/// rounding of two computed normals of exactly parallel edges, ~8u), on the argument that skipping
/// an axis 8u off changes the gap by at most 8u·|b − a| <= 23 u·S — no more than a gap's own
/// rounding, but more than SAT's distance bound (then 6 u·S, now 8): a face of B tilted by 7.8u
/// from A's best face, its gap 7.8 u·S larger across a 9e61 lever, was skipped and SAT's distance
/// came out 7.8 u·S short (fixtures/found/fuzz-1abea20480ed26f7.json). Testing such a face costs
/// one projection where it occurs; on the benchmark's random polygons, nothing (instructions per
/// call unchanged).
inline constexpr double kSatParallelAxisUlps = 0.0;

/// Error bound of a computed face gap dot(n, b − a), in units of u·S (S the largest coordinate).
/// |b − a| <= 2√2·S; the normal's error (4u per coordinate, above) contributes <= 16 u·S, the
/// rounding of b − a and of the dot product <= 9 u·S: about 25 u·S, rounded up to 32. Used where a
/// gap must be told apart from zero: SAT refines with closest features when the best face gap is
/// >= −32 u·S (sat.hpp); the manifold ignores a better face of B that is not better by more, and
/// keeps contact points whose separation exceeds the margin by less (manifold.hpp).
inline constexpr double kSatGapErrorUlps = 32.0;

/// SAT answers along a vertex–vertex axis (closest core vertices of a rounded or thin pair) only
/// when their distance exceeds max(best face gap, 0) by more than kSatVertexAxisUlps · u · S. A vertex
/// pair can be an artefact of rounding: the closest point of an edge is classed as the edge's end
/// when its parameter rounds to 0 or 1, i.e. within u·|e| <= 2√2·u·S of that end along the edge,
/// and then the distance to the end exceeds the face gap by at most that (3u·S). 4 covers it; the
/// face's depth then differs from the vertex axis's by less than 4u·S, inside every k of the
/// tolerance model (k >= 4).
inline constexpr double kSatVertexAxisUlps = 4.0;

/// SAT's closest-features refinement takes a vertex pair (p, q), v = q − p, as the closest pair of
/// the cores without a brute-force search when no neighbour r of p lies further along v, and no
/// neighbour of q further along −v, than rounding: dot(v, w) <= kSatCertifyUlps · u · (|vx·wx| +
/// |vy·wy|), w = r − p (closest_certified, sat.hpp). Each difference is rounded relative to itself
/// (u per component), the two products and their sum add γ2 ≈ 2u: the dot product is off by at
/// most about 4u · (|vx·wx| + |vy·wy|), and 8 leaves a factor 2. (Until 2026-11-25 the bound was
/// taken as 4u · |v| · |w|₁, which is larger by up to |w|₁/|w_i| where v is nearly parallel to an
/// axis: fixtures/found/fuzz-17841afe09f9327b.json.) A neighbour further than that is still accepted
/// when the distance it could save is second order and at most u·S (a neighbour at cosine c to v
/// shortens the distance by at most |v|·c²/2): without that, rotated boxes side by side 1e3 from
/// the origin, whose true perpendicular edges round to cosines of ~u·S/|w|, fell back to the
/// O(n·m) search in 42% (float) and 58% (double) of queries (a review's measurement). (The slack was
/// 32 u·S·|v|, the face gap's error: where S is far larger than the pair — a vertex 7e4 away in
/// float — it accepted a neighbour 21° closer, and the distance came out 25 u·S too long;
/// fixtures/found/fuzz-772924ed54f244a0.json.)
inline constexpr double kSatCertifyUlps = 8.0;

/// Reference-face preference of the contact manifold (manifold.hpp): B's face is the reference only
/// when its gap beats A's best by more than kReferenceFaceRelativeTolerance times the shorter of
/// the two faces (and by more than kSatGapErrorUlps · u · S). For coherence: two nearly equal faces
/// would otherwise swap roles from frame to frame as rounding decides. Box2D 2.4.1
/// (b2CollidePolygons) uses 0.1 · b2_linearSlop = 0.0005 m for shapes of about 1 m: the same ratio.
/// The depth the manifold then reports may exceed the minimum by at most this tolerance.
inline constexpr double kReferenceFaceRelativeTolerance = 5e-4;

/// Two edges of the incident shape are equally anti-parallel to the reference normal n when their
/// dot products with n differ by at most kIncidentTieUlps · u. Each unit normal carries up to ~3u
/// of error from its normalization (one square root, one division, one product) and each dot
/// product adds ~2u on values of magnitude <= 1: 8 covers both normals with room. Below that the
/// choice of incident edge is rounding's (edges whose normals differ by less than ~1.5e-8 rad in
/// double have the same dot, 1 − θ²/2, with an anti-parallel n), so the manifold may move along
/// such a tie to the edge that reaches the reference face's slab (manifold.hpp).
inline constexpr double kIncidentTieUlps = 8.0;

/// Two computed support values dot(v, d) closer than kClimbTieUlps · u · m · (|dx| + |dy|) (m the
/// polygon's largest absolute coordinate) are a tie for the O(log n) and climbing support
/// searches (support.hpp). Each is within γ2·(|vx·dx| + |vy·dy|) <= γ2·m·(|dx| + |dy|) of its
/// exact value, γ2 = 2u/(1 − 2u) (Higham, Accuracy and Stability of Numerical Algorithms, 2nd ed.,
/// §3.1), so two of them may be in either order exactly when they differ by up to 2γ2·m·|d|₁,
/// slightly over 4u·m·|d|₁; the searches compare h' against h ± band, whose rounding costs up to
/// u·|h| <= u·m·|d|₁ more: 5u, and 6 leaves room (a review measured the margin of 5 at O(u²)). A
/// search that trusted a closer comparison stopped at a vertex 21 below the maximum
/// (fixtures/found/fuzz-a28f64726348c9e7.json).
inline constexpr double kClimbTieUlps = 6.0;

/// Where the products underflow, the relative bound above no longer holds: each of a dot
/// product's three roundings may then be off by half a subnormal spacing (denorm_min), 1.5 per
/// value and 3 per comparison. The tie band adds kClimbTieSubnormals spacings; without them the
/// band of a float shape of scale 3e-39 was 0 and the climb stopped on a false maximum 7065
/// spacings below the true one (a review's example: the fixture above scaled into float's
/// subnormal range).
inline constexpr double kClimbTieSubnormals = 4.0;

/// Contact points closer than kContactWeldUlps · u · S are the same point (compound.hpp merges the
/// points that two pieces sharing an edge produce at their common vertex). Each copy carries the
/// error of a clipping step (an interpolation, ~8u·S) on top of the inputs' own; 64 leaves a factor
/// 4 over both, and is still far below any feature a shape can have after welding at build time.
inline constexpr double kContactWeldUlps = 64.0;

/// Two manifold normals belong to one cluster when |cross(n, m)| <= kCompoundClusterSine and
/// dot(n, m) > 0 (compound.hpp). Pieces of one flat face have normals equal up to rounding (~1e-7
/// in float); 1e-3 rad is far above that, and using the cluster's normal for a point measured on a
/// normal 1e-3 rad away misplaces its separation by at most 0.1 % of the manifold's extent.
inline constexpr double kCompoundClusterSine = 1e-3;

/// Largest polygon decompose_polygon accepts. The simplicity check and ear clipping are O(n²):
/// 4096 vertices is ~8·10^6 segment pairs (tens of milliseconds); a concave outline this large is
/// a mesh, not a collision shape, and is refused with an error rather than attempted.
inline constexpr std::size_t kMaxDecomposeVertices = 4096;

}  // namespace minkowski::fast
