// Cases found by the fuzz targets (fuzz/), kept with hand-derived expectations.
#include <cmath>

#include <gtest/gtest.h>

#include "minkowski/reference/oracle.hpp"

// This file's names, in a namespace of their own: the test command compiles the suite as
// one translation unit (cmake/PrecompiledHeaders.cmake, minkowski_unity).
namespace fuzz_findings_test_cpp {

namespace {

using namespace minkowski::reference;

// fuzz/reference_hull_fuzz: circles of radii 2 and 3 whose centres (4e-323, 0) and (3, 4) are
// nearly 5 apart: 4e-323 is the subnormal e = 8·2^-1074 = 2^-1071, |c|² = (3 − e)² + 16 =
// 25 − 6e + e², so |c| = 5 − 0.6e + O(e²) < 5 = r: they overlap by 0.6e ≈ 2.37e-323.
// sqrt(q) − r at 256 bits cancelled to 0 while the relation said overlapping.
TEST(FuzzFindings, SignOfSignedDistanceIsExactUnderCancellation) {
  const PairAnswer r = query(Shape{{{4e-323, 0}}, 2}, Shape{{{3, 4}}, 3});
  EXPECT_EQ(r.relation, Relation::overlapping);
  EXPECT_LT(r.signed_distance, 0);
  EXPECT_EQ(4e-323, 0x1p-1071);
  EXPECT_NEAR(static_cast<double>(ldexp(Real(-r.signed_distance), 1071)), 0.6,
              1e-12);  // O(e) relative
}

// fuzz/reference_hull_fuzz: two points 3.7e205 apart at coordinates near -7.3e211. The double
// error bound of a squared distance overflowed to inf − inf = NaN, which pruned every candidate
// feature and left the nearest-feature search empty (a null dereference).
TEST(FuzzFindings, OverflowingErrorBoundsPruneNothing) {
  const double ax = -7.34355857983293e+211, y = -7.343562278240081e+211;
  const PairAnswer r = query(Shape{{{ax, y}}, 2}, Shape{{{y, y}}, 3});
  EXPECT_EQ(r.relation, Relation::separated);
  // distance = (ax − y) − 5; ax − y is exact in double (Sterbenz), and 5 is far below its ulp.
  EXPECT_EQ(static_cast<double>(r.signed_distance), ax - y);
}

// fuzz/fast_vs_reference_fuzz (fixtures/found/fuzz-97b32edb58d1b470.json): A, a sliver
// (0, 0), P = (x1, y1), (y1, y1) with y1 − x1 = 4.4e-76, lies on the diagonal; B runs along the
// diagonal 6,600 times farther. The candidates' squared distances are pruned by double intervals
// (reference/src/approx.hpp); for the hull edge of D = A − B along the diagonal, c = 0 ± 1.3e-130
// and |e|² = 4.4e-123, the bound of c²/|e|² underflowed to 0 inside the division, its interval
// collapsed to [−8e-320, 8e-320] and pruned every other edge: the oracle answered 2.07e-72, the
// distance to that edge, instead of the nearest edge's 5.9e-79. The fuzz target saw it as a
// fast EPA normal "leaving an overlap of 60 u·S"; the oracle was wrong.
// By hand, for B = segment (−m, m)–(t, t) (its line crosses the sliver just below P): the origin
// lies inside D and the nearest edge is P − B, so the depth of the cores is P's distance to B's
// line, cross((t, t) − (−m, m), P − (−m, m)) / |(t + m, t − m)| = (t·g + m·(x1 + y1)) /
// sqrt(2t² + 2m²) with g = (y1 − x1) − 2m, = (g + m·(x1 + y1)/t) / √2 · (1 + O(m²/t²)).
// g is exact in double (Sterbenz, twice), the rest adds a few roundings: 1e-14 relative.
TEST(FuzzFindings, UnderflowInAPruningBoundDoesNotHideTheNearestEdge) {
  const double x1 = 4.667261458395812e-62, y1 = 4.667261458395856e-62, ra = 8.256667e-317;
  const double m = 2.1984096055598315e-76, t = 3.106529226708282e-58;
  const double g = (y1 - x1) - 2 * m;
  const double depth = (g + m * (x1 + y1) / t) / std::sqrt(2.0);
  const PairAnswer r = query(Shape{{{0, 0}, {x1, y1}, {y1, y1}}, ra}, Shape{{{-m, m}, {t, t}}, 0});
  EXPECT_EQ(r.relation, Relation::overlapping);
  EXPECT_NEAR(static_cast<double>(r.signed_distance), -(depth + ra), 1e-14 * depth);
}

// The finding itself: B translated by (−m, m) (the fast MTV), whose top then lies on the line
// y = x + 2m: P's distance to it, g/√2 with g as above (B's other end is on the diagonal too, so
// the line keeps its direction (1, 1)). signed_distance_after_translation used the same pruning.
TEST(FuzzFindings, UnderflowInAPruningBoundAfterATranslation) {
  const double x1 = 4.667261458395812e-62, y1 = 4.667261458395856e-62, ra = 8.256667e-317;
  const double m = 2.1984096055598315e-76, t = 3.106529226708282e-58,
               bottom = -2.353437368264535e-185;
  const Shape a{{{3.22837e-319, 3.22837e-319}, {0, 0}, {x1, y1}, {y1, y1}}, ra};
  const Shape b{{{t, t}, {-2.353436807161342e-185, bottom}, {bottom, bottom}}, 0};
  const double depth = ((y1 - x1) - 2 * m) / std::sqrt(2.0);
  EXPECT_NEAR(static_cast<double>(signed_distance_after_translation(a, b, Point{-m, m})),
              -(depth + ra), 1e-14 * depth);
}

}  // namespace

}  // namespace fuzz_findings_test_cpp
