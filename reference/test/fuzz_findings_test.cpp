// Cases found by the fuzz targets (fuzz/), kept with hand-derived expectations.
#include <gtest/gtest.h>

#include "minkowski/reference/oracle.hpp"

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
  EXPECT_NEAR(static_cast<double>(ldexp(Real(-r.signed_distance), 1071)), 0.6, 1e-12);  // O(e) relative
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

}  // namespace
