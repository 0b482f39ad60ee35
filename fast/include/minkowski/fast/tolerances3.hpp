#pragma once
// minkowski/fast/tolerances3.hpp — every tolerance and work bound of the fast 3D narrow phase.
//
// Notation as in tolerances.hpp: u is the unit roundoff of T, S the case scale. Each constant says
// where its value comes from (a derivation, a cited figure, or the fixture that pins it).

#include <cstddef>

#include "minkowski/fast/tolerances.hpp"

namespace minkowski::fast {

// ---- 3D shapes (shape3.hpp) -----------------------------------------------------------------
// (owned by the shape work)

// ---- 3D support searches (support3.hpp) -----------------------------------------------------
// (owned by the shape work)

// ---- 3D GJK (gjk3.hpp) ----------------------------------------------------------------------
// (owned by the GJK/EPA work)

/// Iteration bound of 3D GJK (support evaluations per query), the default of GjkOptions
/// (kGjkMaxIterations, the 2D value, which it must equal: the options struct is shared). Each
/// exact iteration decreases the distance, so GJK on polytopes ends; random pairs of 12-vertex
/// polytopes need at most ~12 (penetration3_test's randomized checks), 256- and 1024-vertex
/// spheres ~25 (measured with a standalone program on this branch; the report gives the numbers).
/// 64 bounds a pathological input.
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

// ---- 3D EPA (epa3.hpp, penetration3.hpp) ----------------------------------------------------
// (owned by the GJK/EPA work)

/// Capacity of the 3D EPA polytope: vertices (kEpa3MaxVertices) and triangle slots
/// (kEpa3MaxFaces). A closed triangulated polytope of V vertices has 2V − 4 faces (Euler), and a
/// step that adds one vertex frees its visible faces before it adds the new ones, so 2V slots
/// always suffice while vertices remain. About 19 KiB of stack in double, untouched beyond the
/// slots used. Random 12-vs-12-vertex pairs need ~10–20 iterations (penetration3_test; the
/// report has the distribution); 128 vertices leave a large margin for smooth shapes.
inline constexpr std::size_t kEpa3MaxVertices = 128;
inline constexpr std::size_t kEpa3MaxFaces = 2 * kEpa3MaxVertices;

/// Default 3D EPA iteration bound: each iteration adds one vertex, so the capacity bounds the work;
/// the bound equals it so that either exit can tell (as kEpaMaxIterations in 2D).
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

// ---- 3D contact manifolds (manifold3.hpp) ---------------------------------------------------
// (owned by the SAT/manifold work)

}  // namespace minkowski::fast
