#pragma once
// Private: the exact certificate of a proposed 3D hull (hull3.hpp, "The certificate"), shared by
// hull3_qhull_certified and the tests that feed it corrupted proposals.

#include <cstdint>
#include <span>
#include <vector>

#include "minkowski/reference/hull3.hpp"

namespace minkowski::reference::detail {

/// True when `facets` (indices into `points`, each a polygon meant counter-clockwise seen from
/// outside) is exactly the boundary of conv(points[check] ∪ facet vertices) in hull3.hpp's
/// sense: at least 4 facets; every facet has >= 3 distinct vertices, all coplanar, forming a
/// strictly convex polygon counter-clockwise from outside; every directed edge appears exactly
/// once and its reverse exactly once in another facet; every edge is strictly locally convex;
/// every point of `check` lies on the inner side of every facet's plane or on it, and then inside
/// or on that facet's polygon. `expansions` only when every point involved is in
/// in_expansion_domain3. Every test is an exact orient3d (a static filter first, the staged
/// orient3d_sign when it cannot decide), so the answer is exact.
///
/// Why this is enough: every facet's plane supports conv(V) (V the facet vertices, a subset of
/// the points) and holds its facet, so each facet lies in a face of conv(V); an edge in the
/// relative interior of a face would have a coplanar neighbour, which strict local convexity
/// forbids, so each facet is a whole face; the facets form a closed surface inside the sphere
/// ∂conv(V), hence cover it, each face once (directed edges are unique). Then conv(V) is the
/// intersection of the facets' half-spaces, which holds every checked point.
bool certify_hull3(std::span<const ExactPoint3> points, std::span<const std::uint32_t> check,
                   const std::vector<std::vector<std::uint32_t>>& facets, bool expansions,
                   StageCounts& counts);

/// Which check the last certify_hull3 call on this thread failed ("" when it passed).
const char* last_certify_failure();

/// The same, checking every point (for tests).
bool certify_hull3(std::span<const ExactPoint3> points,
                   const std::vector<std::vector<std::uint32_t>>& facets, StageCounts& counts);

/// The prefilter: the extreme points along ±x, ±y, ±z (exact, ties broken lexicographically)
/// span up to four tetrahedra around the x axis; the points strictly inside one of them (decided
/// by the filter alone; undecided points are kept) are strictly inside the hull. `keep` gets the
/// others, ascending.
void hull3_prefilter(std::span<const ExactPoint3> pts, bool expansions, StageCounts& counts,
                     std::vector<std::uint32_t>& keep);

/// Counts of the last hull3_qhull_certified call on this thread (for tests and measurements).
struct Hull3QhullTrace {
  std::size_t input = 0;              ///< points given
  std::size_t prefilter_dropped = 0;  ///< dropped strictly inside a tetrahedron of extremes
  std::size_t proposed = 0;           ///< distinct points given to Qhull
  std::size_t facets = 0;             ///< facets Qhull proposed
  bool flipped = false;               ///< reflex edges of Qhull's triangulation were flipped
  bool certificate_passed = false;    ///< the final proposal passed certify_hull3
};
const Hull3QhullTrace& last_hull3_qhull_trace();

/// The certificate of hull3_difference_certified (src/hull3_difference.cpp, section 3): the checks
/// of certify_hull3 on `facets` (entries of d), every entry of d tested through the max over A's
/// and the min over B's vertices per facet. d must satisfy hull3_difference_certified's contract
/// (not checked here); a_hull and b_hull contribute only their vertex lists. For tests.
bool certify_hull3_difference(std::span<const ExactPoint3> a, const Hull3& a_hull,
                              std::span<const ExactPoint3> b, const Hull3& b_hull,
                              std::span<const ExactPoint3> d,
                              const std::vector<std::vector<std::uint32_t>>& facets,
                              StageCounts& counts);

/// Which check the last certify_hull3_difference (or hull3_difference_certified's certificate)
/// failed on this thread ("" when it passed).
const char* last_difference_certify_failure();

/// Counts of the last hull3_difference_certified call on this thread that reached the prefilter.
struct Hull3DifferenceTrace {
  std::size_t input = 0;     ///< entries of d
  std::size_t kept = 0;      ///< kept by the normal-cone prefilter
  bool exact_path = false;   ///< the kept points went to hull3_exact (kDifferenceExactMax)
  std::size_t proposed = 0;  ///< distinct kept points given to Qhull (0 on the exact path)
  std::size_t facets = 0;    ///< triangles Qhull proposed
  bool certificate_passed = false;
};
const Hull3DifferenceTrace& last_hull3_difference_trace();

/// Up to this many distinct kept points, hull3_difference_certified builds the hull of the kept
/// points with hull3_exact instead of asking Qhull: measured (instruction counts, points in
/// convex position as the kept points of a difference are) the incremental exact hull costs less
/// than Qhull's run alone at every size up to well above this, and it needs no certificate.
/// Above it, where the incremental hull's quadratic visibility scan grows, Qhull proposes and
/// the difference certificate checks.
inline constexpr std::size_t kDifferenceExactMax = 256;

enum class DifferencePath { automatic, qhull };
/// hull3_difference_certified with the path forced (tests: DifferencePath::qhull runs Qhull and
/// the certificate whatever the number of kept points).
Hull3 hull3_difference(std::span<const ExactPoint3> a, const Hull3& a_hull,
                       std::span<const ExactPoint3> b, const Hull3& b_hull,
                       std::span<const ExactPoint3> d, HullStats& stats, DifferencePath path);

}  // namespace minkowski::reference::detail
