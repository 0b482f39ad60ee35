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

// ---- 3D support searches (support3.hpp) -----------------------------------------------------
// (owned by the shape work)

/// One-off support queries (support_index's automatic method: no start vertex) scan linearly up
/// to this many vertices and hill-climb from vertex 0 above. Measured on points on a sphere
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

// ---- 3D EPA (epa3.hpp, penetration3.hpp) ----------------------------------------------------
// (owned by the GJK/EPA work)

// ---- 3D SAT (sat3.hpp) ----------------------------------------------------------------------
// (owned by the SAT/manifold work)

// ---- 3D contact manifolds (manifold3.hpp) ---------------------------------------------------
// (owned by the SAT/manifold work)

}  // namespace minkowski::fast
