#pragma once
// minkowski/reference/hull.hpp — exact convex hulls of ExactPoint sets.
//
// Three ways to the same hull, each exact:
//   hull_qhull_certified: Qhull proposes the hull vertices from the rounded (hi) coordinates; the
//       proposal is ordered and checked strictly convex, and every point is certified to lie in
//       it with exact orientation tests (located in the fan from its first vertex by binary
//       search, O(log h) tests per point). Refusals (QH6214 fewer than 3 points, QH6421 all
//       coincident, QH6154 flat initial simplex, any other error) and failed certifications fall
//       back to hull_exact, and are counted in HullStats.
//   hull_exact: Andrew's monotone chain (minkowski/fast/monotone_chain.hpp, the engine's shape
//       hull's algorithm) with the staged exact predicate (the fallback).
//   hull_boundary_walk: gift wrapping with rational predicates only — an independent
//       implementation used by tests to cross-check the other two (docs/design.md, "Pitfalls
//       from the sources", "Minkowski hull walk", describes the same walk over the explicit
//       Minkowski point set).
//
// Result convention for all three: vertex indices into the input, counter-clockwise, strictly
// convex (no three consecutive vertices collinear, no repeated point), starting at the
// lexicographically smallest point (min x, then min y). A single distinct point gives 1 index,
// collinear points give the 2 extreme ones. The input must be non-empty.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "minkowski/reference/numbers.hpp"
#include "minkowski/reference/predicates.hpp"

namespace minkowski::reference {

/// Which path produced a hull.
enum class HullSource : int {
  qhull_certified = 0,  ///< Qhull's proposal passed exact certification unchanged
  qhull_repaired = 1,   ///< Qhull answered but the exact check rejected its proposal
  qhull_refused = 2,    ///< Qhull refused the input (degenerate: <3 points, coincident, flat)
  exact_only = 3,       ///< Qhull not asked: input outside the range Qhull's doubles represent,
                        ///< or D is one shape's own exact hull (PreparedPair::against_point),
                        ///< or (3D) D's vertices were kept by the exact normal-cone prefilter
                        ///< and hulled exactly (hull3.hpp, hull3_difference_certified)
};
inline const char* to_string(HullSource s) {
  switch (s) {
    case HullSource::qhull_certified:
      return "qhull_certified";
    case HullSource::qhull_repaired:
      return "qhull_repaired";
    case HullSource::qhull_refused:
      return "qhull_refused";
    case HullSource::exact_only:
      return "exact_only";
  }
  return "?";
}

struct HullStats {
  std::uint64_t by_source[4]{};  ///< indexed by HullSource
  StageCounts stages;            ///< which arithmetic stage decided each orientation test
  std::string last_qhull_error;  ///< Qhull's message for the last refusal (never printed)
  HullStats& operator+=(const HullStats& o) {
    for (int i = 0; i < 4; ++i) by_source[i] += o.by_source[i];
    stages += o.stages;
    return *this;
  }
};

struct HullResult {
  std::vector<std::uint32_t> vertices;
  HullSource source = HullSource::exact_only;
  /// Every input point lies in the expansion domain (predicates.hpp): callers may use the
  /// faster exact stage for further predicates on these points.
  bool in_expansion_domain = false;
};

/// Qhull proposes, exact predicates certify, monotone chain repairs. Thread-safe: each thread
/// keeps its own Qhull context. Precondition: !points.empty().
HullResult hull_qhull_certified(std::span<const ExactPoint> points, HullStats& stats);

/// Exact monotone chain. Precondition: !points.empty().
HullResult hull_exact(std::span<const ExactPoint> points, StageCounts& counts);

/// Exact gift wrapping with rationals only, O(n·h). Precondition: !points.empty().
HullResult hull_boundary_walk(std::span<const ExactPoint> points);

}  // namespace minkowski::reference
