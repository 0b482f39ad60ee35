// Shape construction: hull order, degenerate inputs, welding and every error class.
// Expected hulls are derived by hand from the listed points.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "minkowski/fast/shape.hpp"

// This file's names, in a namespace of their own: the test command compiles the suite as
// one translation unit (cmake/PrecompiledHeaders.cmake, minkowski_unity_tests).
namespace shape_test_cpp {

using minkowski::fast::make_shape;
using minkowski::fast::ShapeError;
using V = minkowski::fast::Vec2<double>;

TEST(FastShape, SquareWithInteriorAndCollinearPointsBecomesCcwSquare) {
  std::vector<V> pts = {{1, 1}, {0, 0}, {0.5, 0.5}, {1, 0}, {0, 1}, {0.5, 0}, {1, 1}};
  auto r = make_shape<double>(pts);
  ASSERT_TRUE(r) << r.message;
  std::vector<V> expect = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
  ASSERT_EQ(r.shape.size(), 4u);
  for (std::size_t i = 0; i < 4; ++i) EXPECT_EQ(r.shape.vertex(i), expect[i]) << i;
  EXPECT_EQ(r.shape.normal(0), (V{0, -1}));
  EXPECT_EQ(r.shape.normal(1), (V{1, 0}));
}

TEST(FastShape, CollinearPointsBecomeSegmentWithTwoOppositeNormals) {
  std::vector<V> pts = {{2, 2}, {0, 0}, {1, 1}, {3, 3}};
  auto r = make_shape<double>(pts);
  ASSERT_TRUE(r);
  ASSERT_EQ(r.shape.size(), 2u);
  EXPECT_EQ(r.shape.vertex(0), (V{0, 0}));
  EXPECT_EQ(r.shape.vertex(1), (V{3, 3}));
  EXPECT_NEAR(r.shape.normal(0).x, std::sqrt(0.5), 1e-16);
  EXPECT_NEAR(r.shape.normal(0).y, -std::sqrt(0.5), 1e-16);
  EXPECT_EQ(r.shape.normal(1), -r.shape.normal(0));
}

TEST(FastShape, DuplicatesAndNearDuplicatesWeldToOnePoint) {
  const double u = std::numeric_limits<double>::epsilon() / 2;
  std::vector<V> pts = {{1, 1}, {1, 1}, {1 + 2 * u, 1}};
  auto r = make_shape<double>(pts, 0.5);
  ASSERT_TRUE(r);
  EXPECT_EQ(r.shape.size(), 1u);
  EXPECT_EQ(r.shape.radius(), 0.5);
}

// weld_shift: the largest |dx| + |dy| from a welded point to the kept point it was welded into.
// The unit square with (1 + 2^-52, 1 + 2^-52) added: S = 1 + 2^-52, the weld 4·2^-53·S > 2^-51,
// so that point is welded into (1, 1), by 2^-52 + 2^-52 = 2^-51 exactly (its distance from the
// square is 2^-52·√2 <= 2^-51). Exact duplicates move nothing; a shape welded into one point
// moves by the welded offset (the test above: 2u = 2^-52).
TEST(FastShape, WeldShiftBoundsHowFarTheWeldMovedTheInput) {
  const double e = 0x1p-52;
  std::vector<V> square = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
  auto plain = make_shape<double>(square);
  ASSERT_TRUE(plain);
  EXPECT_EQ(plain.shape.weld_shift(), 0.0);
  std::vector<V> doubled = {{0, 0}, {1, 0}, {1, 1}, {0, 1}, {1, 1}, {0, 0}};
  auto dup = make_shape<double>(doubled);
  ASSERT_TRUE(dup);
  EXPECT_EQ(dup.shape.weld_shift(), 0.0);
  std::vector<V> near = {{0, 0}, {1, 0}, {1, 1}, {0, 1}, {1 + e, 1 + e}};
  auto welded = make_shape<double>(near);
  ASSERT_TRUE(welded);
  ASSERT_EQ(welded.shape.size(), 4u);
  EXPECT_EQ(welded.shape.vertex(2), (V{1, 1}));
  EXPECT_EQ(welded.shape.weld_shift(), 2 * e);
  std::vector<V> one = {{1, 1}, {1, 1}, {1 + e, 1}};
  auto point = make_shape<double>(one);
  ASSERT_TRUE(point);
  EXPECT_EQ(point.shape.weld_shift(), e);
}

TEST(FastShape, EveryBadInputIsNamed) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<V> none;
  EXPECT_EQ(make_shape<double>(none).error, ShapeError::empty);
  std::vector<V> p_nan = {{0, 0}, {nan, 1}};
  auto r = make_shape<double>(p_nan);
  EXPECT_EQ(r.error, ShapeError::non_finite_point);
  EXPECT_NE(r.message.find("point 1"), std::string::npos) << r.message;
  std::vector<V> ok = {{0, 0}};
  EXPECT_EQ(make_shape<double>(ok, inf).error, ShapeError::non_finite_radius);
  EXPECT_EQ(make_shape<double>(ok, -1.0).error, ShapeError::negative_radius);
  std::vector<V> huge = {{0, 1e300}};
  EXPECT_EQ(make_shape<double>(huge).error, ShapeError::out_of_range);
  std::vector<minkowski::fast::Vec2<float>> fhuge = {{0, 1e20f}};
  EXPECT_EQ(make_shape<float>(fhuge).error, ShapeError::out_of_range);
}

// Found by fuzz/fast_vs_reference_fuzz: points of subnormal magnitude are not welded (u·S
// underflows to 0) and their orientations underflow to 0, so they become a segment of subnormal
// length; its x² + y² was 0, 1/length inf and the normal NaN. The segment from (0, 0) to
// (2^-1070, 2^-1071) points along (2, 1): its right normal is (1, -2)/√5 (by hand).
TEST(ShapeSubnormal, NormalsOfSubnormalEdgesAreUnitVectors) {
  const auto r = make_shape<double>(std::vector<V>{{0, 0}, {0x1p-1070, 0x1p-1071}});
  ASSERT_TRUE(r) << r.message;
  ASSERT_EQ(r.shape.size(), 2u);
  EXPECT_NEAR(r.shape.normal(0).x, 1 / std::sqrt(5.0), 1e-15);
  EXPECT_NEAR(r.shape.normal(0).y, -2 / std::sqrt(5.0), 1e-15);
  EXPECT_EQ(r.shape.normal(1).x, -r.shape.normal(0).x);
  // The same in float, at 2^-140 (subnormal in float).
  const auto f =
      make_shape<float>(std::vector<minkowski::fast::Vec2<float>>{{0, 0}, {0x1p-140f, 0x1p-141f}});
  ASSERT_TRUE(f);
  EXPECT_NEAR(f.shape.normal(0).x, 1 / std::sqrt(5.0f), 1e-6f);
  EXPECT_NEAR(f.shape.normal(0).y, -2 / std::sqrt(5.0f), 1e-6f);
}

// The hull's turn test is exact where its products underflow (detail::orient_sign). By hand:
// A = (−δ, 1.25), (0, 0), (0, 0.5), (1, 0) with δ the smallest subnormal. Sorted by x, the chain
// first tests (−δ, 1.25) → (0, 0) → (0, 0.5): u = (δ, −1.25), v = (δ, −0.75), cross =
// −0.75δ + 1.25δ = +0.5δ, a left turn: (0, 0) stays. Rounded, both products are −δ (0.75δ and
// 1.25δ round to δ), the cross was 0 and (0, 0) was popped: the shape lost its corner and the
// triangle (0, 0), (1, 0), (0, 0.5), 0.45 across from the origin
// (fixtures/found/fuzz-979ec46dc36daf46.json, with 1.0000352859642587 for 1.25). The hull is the
// triangle (−δ, 1.25), (0, 0), (1, 0); (0, 0.5) lies inside it by 0.5δ/1.25.
template <class T>
void expect_corner_kept() {
  using W = minkowski::fast::Vec2<T>;
  const T d = std::numeric_limits<T>::denorm_min();
  const auto r = make_shape<T>(std::vector<W>{{-d, T(1.25)}, {0, 0}, {0, T(0.5)}, {1, 0}});
  ASSERT_TRUE(r) << r.message;
  ASSERT_EQ(r.shape.size(), 3u);
  EXPECT_EQ(r.shape.vertex(0), (W{-d, T(1.25)}));
  EXPECT_EQ(r.shape.vertex(1), (W{0, 0}));
  EXPECT_EQ(r.shape.vertex(2), (W{1, 0}));
}
TEST(ShapeSubnormal, AnUnderflowingTurnDoesNotPopAHullCorner) {
  expect_corner_kept<double>();
  expect_corner_kept<float>();
}

// For the same reason a polygon whose size squared underflows keeps its vertices: the right
// triangle (0, 0), (s, 0), (0, s) with s = 2^-600 in double (s² = 2^-1200) and 2^-70 in float
// (s² = 2^-140) has cross products of s², below the smallest normal number. (Before, such
// polygons became segments.)
TEST(ShapeSubnormal, APolygonWhoseSizeSquaredUnderflowsStaysAPolygon) {
  const double s = 0x1p-600;
  const auto r = make_shape<double>(std::vector<V>{{0, 0}, {s, 0}, {0, s}});
  ASSERT_TRUE(r) << r.message;
  EXPECT_EQ(r.shape.size(), 3u);
  const float sf = 0x1p-70f;
  const auto f =
      make_shape<float>(std::vector<minkowski::fast::Vec2<float>>{{0, 0}, {sf, 0}, {0, sf}});
  ASSERT_TRUE(f) << f.message;
  EXPECT_EQ(f.shape.size(), 3u);
}

// Five points a few ulps apart near (−2^31, −2^31), with (0, 7): the rounded cross products of the
// old hull were inconsistent with one another and the monotone chain returned (Q1, Q4, (0, 7), Q4),
// one corner twice with opposite faces there (fixtures/found/fuzz-7a5d8ebd1a78a9fa.json, where SAT
// then answered depth 0 for an overlap 4.95 deep). Whatever the welding keeps, the hull must be a
// strictly convex polygon of input points without repeats. Checked in integers: every coordinate is
// a multiple of 2^-22 below 2^31 (ulp of [2^30, 2^31)), so x·2^22 is an int64 below 2^53, and the
// orientation of three such points is exact in __int128 (differences < 2^54, products < 2^108).
TEST(FastShape, CornersAFewUlpsApartStillGiveAConvexHullWithoutRepeats) {
  const std::vector<V> pts = {{-0.0, 7.0},
                              {-2147483648.0, -2147483647.9999998},
                              {-2147483647.9999995, -2147483647.9999993},
                              {-2147483647.999999, -2147483647.9999988},
                              {-2147483647.9999986, -2147483647.9999983},
                              {-2147483647.999998, -2147483647.9999979}};
  const auto r = make_shape<double>(pts);
  ASSERT_TRUE(r) << r.message;
  const auto& s = r.shape;
  ASSERT_GE(s.size(), 3u);  // (0, 7) and the cluster's two ends are at least 1e-6 off a line
  struct I {
    std::int64_t x, y;
  };
  std::vector<I> v;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const V p = s.vertex(i);
    EXPECT_NE(std::find(pts.begin(), pts.end(), p), pts.end())
        << "vertex " << i << " is no input point";
    v.push_back({static_cast<std::int64_t>(std::ldexp(p.x, 22)),
                 static_cast<std::int64_t>(std::ldexp(p.y, 22))});
    ASSERT_EQ(std::ldexp(double(v.back().x), -22), p.x);
    ASSERT_EQ(std::ldexp(double(v.back().y), -22), p.y);
  }
  for (std::size_t i = 0; i < v.size(); ++i) {
    const I a = v[i], b = v[(i + 1) % v.size()], c = v[(i + 2) % v.size()];
    const __int128 cross = __int128(b.x - a.x) * (c.y - a.y) - __int128(b.y - a.y) * (c.x - a.x);
    EXPECT_GT(cross, 0) << "turn at vertex " << (i + 1) % v.size() << " is not strictly convex";
  }
}

}  // namespace shape_test_cpp
