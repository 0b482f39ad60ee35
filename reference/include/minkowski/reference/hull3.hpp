#pragma once
// minkowski/reference/hull3.hpp — exact convex hulls of ExactPoint3 sets, of any dimension 0..3
// (docs/design.md, "Three dimensions"; docs/exactness.md).
//
// Three ways to the same hull, each exact:
//   hull3_qhull_certified: points provably inside are dropped first (prefilter: strictly inside
//       one of up to four tetrahedra spanned by the extreme points along ±x, ±y, ±z, which are
//       decided exactly by lexicographic order; each face test decided by orient3d's filter, an
//       undecided point kept); coincident points are merged (smallest index); Qhull 3D
//       (reentrant, context reused per thread, `Q0`: no merging, so every facet is a triangle)
//       proposes from the rounded (hi) coordinates. The triangles are oriented exactly, exactly
//       reflex edges are flipped (Qhull's wrong diagonal of a quadrilateral that is flat within
//       its roundoff, such as a rotated box's face), exactly coplanar neighbours are merged into
//       faces; then the whole is certified exactly (below). Qhull's refusals (fewer than 4
//       points, flat or lower-dimensional input, QH6154 and kin, precision errors) fall back to
//       hull3_exact (qhull_refused); a failed certificate too (qhull_repaired), and a proposal
//       whose edges had to be flipped and then passed is also reported as qhull_repaired.
//       Inputs outside in_expansion_domain3 go to hull3_exact alone (exact_only), as in 2D.
//   hull3_exact: the fallback — an exact hull of our own (dimension found exactly; incremental
//       3D hull with the staged orient3d_sign, the same prefilter first; flat inputs through the
//       exact 2D hull of the points projected on a coordinate plane that keeps their
//       orientation). src/hull3_incremental.hpp describes it.
//   hull3_brute_force: rationals only, no shared code: every plane through three points with all
//       points on one side; O(n^4). For tests on small inputs.
//
// The certificate (what "certified" means): every facet has >= 3 vertices, all coplanar, forming
// a strictly convex polygon counter-clockwise seen from outside; every input point lies on the
// inner side of every facet's plane or on it, and a point on a facet's plane lies inside or on
// that facet's polygon; every directed edge (u, v) of a facet appears exactly once, and (v, u)
// exactly once in another facet (a closed oriented surface); every edge is locally convex
// (strictly: adjacent facets are never coplanar). Together these make the facets exactly the
// faces of conv(points) (the argument is beside certify_hull3 in src/hull3_certify.hpp, which
// tests use to feed the certificate corrupted proposals).
//
// Result convention for all three: `dimension` of the affine hull (0 point, 1 segment, 2 flat
// polygon, 3 polytope); `vertices` the indices of the extreme points, sorted ascending by index;
//   dimension 3: `facets` the faces, each a strictly convex polygon of vertex indices,
//       counter-clockwise seen from outside, starting at its smallest index; facets sorted by
//       their vertex lists (so equal hulls compare equal);
//   dimension 2: one "facet", the polygon, strictly convex, in cyclic order starting at its
//       smallest index and continuing to the smaller-indexed of that vertex's two neighbours
//       (so the order is deterministic; its normal is (f1 − f0) × (f2 − f0));
//   dimension 1: `vertices` the two endpoints, `facets` empty;
//   dimension 0: `vertices` one index (the smallest index of the coincident points), `facets`
//       empty.
// Among coincident input points the smallest index represents them. The input must be
// non-empty.

#include <cstdint>
#include <span>
#include <vector>

#include "minkowski/reference/hull.hpp"
#include "minkowski/reference/numbers3.hpp"
#include "minkowski/reference/predicates3.hpp"

namespace minkowski::reference {

struct Hull3 {
  int dimension = 0;
  std::vector<std::uint32_t> vertices;
  std::vector<std::vector<std::uint32_t>> facets;
  HullSource source = HullSource::exact_only;
  /// Every input point lies in in_expansion_domain3: callers may use the expansion stage for
  /// further predicates on these points.
  bool in_expansion_domain = false;
  friend bool operator==(const Hull3&, const Hull3&) = default;
};

/// Qhull proposes, exact predicates certify, hull3_exact repairs. Thread-safe: each thread keeps
/// its own Qhull context. Never prints (Qhull's messages are captured into
/// stats.last_qhull_error). Precondition: !points.empty().
Hull3 hull3_qhull_certified(std::span<const ExactPoint3> points, HullStats& stats);

/// The hull of a Minkowski difference, the same Hull3 as hull3_qhull_certified(d) and
/// hull3_exact(d) (vertices and facets index d, hull3.hpp's conventions), faster because it uses
/// how d was formed. Convention (that of the oracle's PreparedPair3): a_hull and b_hull are the
/// hulls of a and b (hull3_exact's; indices into a and b), na = a_hull.vertices.size(),
/// nb = b_hull.vertices.size(), and
///     d[p·nb + q] = a[a_hull.vertices[p]] − b[b_hull.vertices[q]]   (p < na, q < nb),
/// each coordinate as exact_difference forms it from the double coordinates (a and b have lo
/// parts 0). Throws InputError when d does not have that size or those values (checked exactly).
/// Precondition (not checked): a_hull and b_hull are the exact hulls of a and b, as hull3_exact
/// returns them (the oracle's shape_hull); the prefilter's soundness rests on their facets.
///
/// When both hulls are 3-dimensional and every point is in in_expansion_domain3:
///   1. Normal-cone prefilter (exact): a_i − b_j is dropped when an edge of A at a_i points into
///      the closed tangent cone of B at b_j, or an edge of B at b_j into that of A at a_i; such a
///      point is the midpoint of two other points of conv(D), so never a vertex, and every vertex
///      of D is kept (proof in src/hull3_difference.cpp). The signs come from tables of det3_sign
///      per (edge of A, facet of B) and (edge of B, facet of A). On random polytopes it keeps the
///      vertices of D and hardly anything else; on axis-aligned boxes exactly D's 8 vertices.
///   2. Up to kDifferenceExactMax (src/hull3_certify.hpp) distinct kept points: hull3_exact's
///      incremental algorithm on the kept points (exact, so no certificate; it costs less than
///      Qhull's run alone at these sizes), source exact_only. Orientations of difference points
///      with few distinct a's or b's are decided from the shapes' own points (exactly zero for
///      D's parallelogram faces, an orient3d of A's or B's points for faces of one shape).
///   3. Above it: Qhull proposes the hull of the kept points (read as hull3_qhull_certified reads
///      its proposal), and the certificate of hull3_certify.hpp checks it, its "every point
///      inside" step done per facet as max over A and min over B of the facet normal:
///      O((na + nb)·F) tests, not O(na·nb·F). It checks every entry of d, so the answer is exact
///      even if a_hull's or b_hull's facets were wrong. A failed certificate or Qhull's refusal
///      falls back to hull3_exact(d) (qhull_repaired, qhull_refused).
///   A flat or lower-dimensional A or B (no normal cones), every point in the expansion domain:
///   up to kDifferenceExactMax entries, hull3_exact(d) (source exact_only; it costs less than
///   Qhull's proposal and its certificate there); above, hull3_qhull_certified(d). Other inputs
///   (points outside the expansion domain, lo parts in a or b) take hull3_qhull_certified(d).
Hull3 hull3_difference_certified(std::span<const ExactPoint3> a, const Hull3& a_hull,
                                 std::span<const ExactPoint3> b, const Hull3& b_hull,
                                 std::span<const ExactPoint3> d, HullStats& stats);

/// The exact fallback. Precondition: !points.empty().
Hull3 hull3_exact(std::span<const ExactPoint3> points, StageCounts& counts);

/// Rationals only, O(n^4): for tests on small inputs. Precondition: !points.empty().
Hull3 hull3_brute_force(std::span<const RationalPoint3> points);

/// The exact hull of rational points (the same algorithm as hull3_exact with rational
/// predicates): used for the intersection polytope, whose vertices are rational.
Hull3 hull3_rational(std::span<const RationalPoint3> points);

}  // namespace minkowski::reference
