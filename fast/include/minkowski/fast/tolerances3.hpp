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

// ---- 3D EPA (epa3.hpp, penetration3.hpp) ----------------------------------------------------
// (owned by the GJK/EPA work)

// ---- 3D SAT (sat3.hpp) ----------------------------------------------------------------------
// (owned by the SAT/manifold work)

/// Error bound of a computed 3D core gap dot(n, v) − offset (face axes) or dot(x, b0 − a0)
/// (edge axes), in units of u · S. Face axes: the unit normal carries <= ~4u per coordinate from
/// its normalisation (16u·S over |v| <= √3·S summed over 3 coordinates, rounded up), the dot
/// product and the subtraction ~5u·√3·S, the plane offset as much again: ~30, rounded up to 32,
/// the 2D kSatGapErrorUlps. Gaps within this of zero have no sign: SAT then asks GJK whether
/// rounded or lower-dimensional cores are apart (sat3.hpp, "Lower-dimensional D").
inline constexpr double kSat3GapErrorUlps = 32.0;

/// Edges e_A, e_B with |e_A × e_B|² <= kSat3ParallelEdgeUlps · u · |e_A|²|e_B|², i.e. sin θ <=
/// s = √(kSat3ParallelEdgeUlps · u), are parallel: their pair is not an axis. Derivation: each
/// coordinate of the computed cross product is off by <= ~2u·|e_A||e_B|, so the normalised axis
/// is off by <= 2√3·u/sin θ radians and its gap x·(b0 − a0) by that times |b0 − a0|; a skipped
/// pair's face of D is a parallelogram of width <= min(|e_A|, |e_B|)·sin θ, and the neighbouring
/// face tested instead differs in depth by at most that width (the deepest point's foot lies on
/// the skipped face). Both errors are O(s·L) for s ~ √u; 4 (s = 2√u: 2.1e-8 in double, 4.9e-4
/// in float) balances them. Exactly or nearly parallel edges are therefore the one place where
/// the edge axes' accuracy is ~2√u·S rather than ~u·S; crossing edges keep the latter.
/// sat3_test.cpp (ParallelEdges, RandomPolytopesMatchBruteForce) pins it.
inline constexpr double kSat3ParallelEdgeUlps = 4.0;

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

}  // namespace minkowski::fast
