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
// one translation unit (cmake/PrecompiledHeaders.cmake, minkowski_unity).
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
// triangle (−δ, 1.25), (0, 0), (1, 0); (0, 0.5) lies inside it by 0.5δ/1.25. Since the input
// domain (tolerances.hpp) δ < u·S is flushed to 0 before the hull is built: the triangle is
// (0, 0), (1, 0), (0, 1.25) (counter-clockwise from the lexicographically first), (0, 0.5) lies
// on its edge and is dropped, the corner (0, 0) is kept, and the move is δ (weld_shift). The exact
// turn test itself keeps its own tests (orient_test.cpp).
template <class T>
void expect_corner_kept() {
  using W = minkowski::fast::Vec2<T>;
  const T d = std::numeric_limits<T>::denorm_min();
  const auto r = make_shape<T>(std::vector<W>{{-d, T(1.25)}, {0, 0}, {0, T(0.5)}, {1, 0}});
  ASSERT_TRUE(r) << r.message;
  ASSERT_EQ(r.shape.size(), 3u);
  EXPECT_EQ(r.shape.vertex(0), (W{0, 0}));
  EXPECT_EQ(r.shape.vertex(1), (W{1, 0}));
  EXPECT_EQ(r.shape.vertex(2), (W{0, T(1.25)}));
  EXPECT_EQ(r.shape.weld_shift(), d);
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
  // Since the input domain: the cluster is 2.8e-6 across, below the sliver threshold 16u·min(S,
  // L/2) = 16u·S = 2^-18 = 3.8e-6 (S = 2^31; L = 2^32 + 7 >= 2S, the L1 length of a cluster
  // vertex's edge to (0, 7)), so every cluster point lies within it of the segment from (0, 7) to
  // another cluster point, and the shape is a segment from (0, 7) to one of them, moved by less
  // than the cluster's diameter. Before it, (0, 7) and the cluster's two ends (1e-6 off a line)
  // made a triangle.
  ASSERT_EQ(s.size(), 2u);
  EXPECT_LE(s.weld_shift(), 2.8e-6);
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
  for (std::size_t i = 0; v.size() >= 3 && i < v.size(); ++i) {
    const I a = v[i], b = v[(i + 1) % v.size()], c = v[(i + 2) % v.size()];
    const __int128 cross = __int128(b.x - a.x) * (c.y - a.y) - __int128(b.y - a.y) * (c.x - a.x);
    EXPECT_GT(cross, 0) << "turn at vertex " << (i + 1) % v.size() << " is not strictly convex";
  }
}

// ---- The input domain (tolerances.hpp, "The input domain") ----------------------------------

// The sliver weld at its threshold (shape.hpp, detail::sliver_threshold): kSliverUlps·u·min(S,
// L/2), L the longer of the vertex's two edges (L1 norm). Triangle (0, 0), (2, 0), (1, h): S = 2,
// L = 1 + h, so the threshold is 16u·(1 + h)/2 = 8u (to 1e-15); the apex's distance from the
// chord (0, 0)–(2, 0) is h, its foot (1, 0) inside the chord. h = 7u: a sliver, dropped; the
// shape is the segment (0, 0)–(2, 0) and the weld moved the apex by h = 7u (weld_shift within the
// measurement's rounding up: 2^-40 relative plus 2^-90·S·2^-1 absolute, far below 1u). h = 9u:
// kept, nothing moved. (Both above the flush, u·S = 2u.)
TEST(ShapeDomain, AVertexWithinEightUlpsOfItsEdgesFromItsChordIsWeldedAway) {
  const double u = 0x1p-53;
  const auto sliver = make_shape<double>(std::vector<V>{{0, 0}, {2, 0}, {1, 7 * u}});
  ASSERT_TRUE(sliver) << sliver.message;
  ASSERT_EQ(sliver.shape.size(), 2u);
  EXPECT_EQ(sliver.shape.vertex(0), (V{0, 0}));
  EXPECT_EQ(sliver.shape.vertex(1), (V{2, 0}));
  EXPECT_GE(sliver.shape.weld_shift(), 7 * u);
  EXPECT_LE(sliver.shape.weld_shift(), 8 * u);
  const auto kept = make_shape<double>(std::vector<V>{{0, 0}, {2, 0}, {1, 9 * u}});
  ASSERT_TRUE(kept) << kept.message;
  EXPECT_EQ(kept.shape.size(), 3u);
  EXPECT_EQ(kept.shape.weld_shift(), 0.0);
}

// The same in float (u = 2^-24, S = 2: threshold 8u = 2^-21): the apex at 7u is dropped, at 9u
// kept.
TEST(ShapeDomain, TheSliverThresholdScalesWithFloatsRoundoff) {
  using F = minkowski::fast::Vec2<float>;
  const float u = 0x1p-24f;
  const auto sliver = make_shape<float>(std::vector<F>{{0, 0}, {2, 0}, {1, 7 * u}});
  ASSERT_TRUE(sliver);
  EXPECT_EQ(sliver.shape.size(), 2u);
  EXPECT_GE(sliver.shape.weld_shift(), 7 * u);
  EXPECT_LE(sliver.shape.weld_shift(), 8 * u);
  const auto kept = make_shape<float>(std::vector<F>{{0, 0}, {2, 0}, {1, 9 * u}});
  ASSERT_TRUE(kept);
  EXPECT_EQ(kept.shape.size(), 3u);
}

// The threshold follows the edges, not the distance from the origin (the rounding of the
// orientation test is 5u·|b − a| per unit of chord: the differences are rounded relative to
// themselves). The triangle above, 2 wide, moved to (2^20, 2^20) in double: S ≈ 2^20, so
// kSliverUlps·u·S would be 16·2^-33 = 8 ulps of 2^20 (2^-32 each), but the edges are still 1
// long and the threshold 8u = 2^-50. An apex one ulp of 2^20 above the chord (2^-32 ≫ 2^-50) is
// a real turn, and exactly computed (the differences 1 and 2^-32 are exact, Sterbenz): kept,
// nothing moved. Before the threshold followed the edges, every such corner was welded: the
// scale family's float pairs 1e6 from the origin (16 ulps wide) were moved by up to 37.5 u·S
// (ToleranceBounds' campaign at seed 20261122; the point weld alone moves them by 6.29).
TEST(ShapeDomain, ASmallShapeFarFromTheOriginKeepsItsCorners) {
  const double o = 0x1p20, ulp = 0x1p-32;
  const auto far = make_shape<double>(std::vector<V>{{o, o}, {o + 2, o}, {o + 1, o + ulp}});
  ASSERT_TRUE(far) << far.message;
  EXPECT_EQ(far.shape.size(), 3u);
  EXPECT_EQ(far.shape.weld_shift(), 0.0);
  // The same in float (ulp of 2^20 is 2^-3: the shape is 16 ulps wide, as the scale family's at
  // 1e6; kSliverUlps·u·S would be 1, the threshold is 8u = 2^-21): kept.
  using F = minkowski::fast::Vec2<float>;
  const float of = 0x1p20f, ulpf = 0x1p-3f;
  const auto farf = make_shape<float>(std::vector<F>{{of, of}, {of + 2, of}, {of + 1, of + ulpf}});
  ASSERT_TRUE(farf) << farf.message;
  EXPECT_EQ(farf.shape.size(), 3u);
  EXPECT_EQ(farf.shape.weld_shift(), 0.0f);
}

// The chord is a segment, not a line. Thin triangle (0, 0), (1, 0), (2, δ), δ = 3e-16 (above the
// flush, u·S = 2.2e-16): all three are hull vertices (the turn at (1, 0) is cross((1, 0), (1, δ))
// = δ > 0). The middle vertex (1, 0) is δ/2·(1 + O(δ²)) from the chord (0, 0)–(2, δ), a sliver;
// the end vertex (0, 0) is as close to the LINE through (1, 0) and (2, δ) (distance δ/√(1 + δ²))
// but 1 from that segment, and must stay: the shape is the segment (0, 0)–(2, δ), moved by δ/2.
TEST(ShapeDomain, OnlyTheMiddleVertexOfAThinTriangleIsWelded) {
  const double d = 3e-16;
  const auto r = make_shape<double>(std::vector<V>{{0, 0}, {1, 0}, {2, d}});
  ASSERT_TRUE(r) << r.message;
  ASSERT_EQ(r.shape.size(), 2u);
  EXPECT_EQ(r.shape.vertex(0), (V{0, 0}));
  EXPECT_EQ(r.shape.vertex(1), (V{2, d}));
  EXPECT_GE(r.shape.weld_shift(), d / 2 * (1 - 1e-15));
  // The measurement's rounding up (shape.hpp, weld_slivers): 2^-40 relative, 2^-90·S·f absolute
  // (S·f = 1 here: 2^-90 · 2 = 2^-89 in the shape's units).
  EXPECT_LE(r.shape.weld_shift(), d / 2 * (1 + 0x1p-39) + 0x1p-88);
}

// The flush: coordinates and a radius below kFlushUlps·u·S are 0, and the move is weld_shift.
// fuzz/findings/fuzz-73a3f9deee195468.json's A in float: (0, 1), (0, 0), (1.1e-42, −1.7e6). S =
// 1.7e6, u·S = 0.1: 1.1e-42 (a float subnormal) becomes 0, the three points are then collinear
// and the shape is the segment (0, −1.7e6)–(0, 1), moved by that coordinate exactly. A circle of
// radius 1e-20 at (1, 0) in double (u·S = 1.1e-16) becomes the point (1, 0), moved by 1e-20.
TEST(ShapeDomain, CoordinatesAndRadiiBelowTheRoundingOfTheScaleAreFlushedToZero) {
  using F = minkowski::fast::Vec2<float>;
  const float x = 1.1e-42f;
  ASSERT_GT(x, 0.0f);
  const auto a = make_shape<float>(std::vector<F>{{0, 1}, {0, 0}, {x, -1.7e6f}});
  ASSERT_TRUE(a) << a.message;
  ASSERT_EQ(a.shape.size(), 2u);
  EXPECT_EQ(a.shape.vertex(0), (F{0, -1.7e6f}));
  EXPECT_EQ(a.shape.vertex(1), (F{0, 1}));
  EXPECT_EQ(a.shape.weld_shift(), x);
  const auto c = make_shape<double>(std::vector<V>{{1, 0}}, 1e-20);
  ASSERT_TRUE(c);
  EXPECT_EQ(c.shape.radius(), 0.0);
  EXPECT_EQ(c.shape.weld_shift(), 1e-20);
  // Not relative to the radius: a circle of radius 1 at the origin keeps it (S = 0, nothing is
  // below 0), and so does one of radius u·S exactly (the flush is strict).
  const auto unit = make_shape<double>(std::vector<V>{{0, 0}}, 1.0);
  EXPECT_EQ(unit.shape.radius(), 1.0);
  const auto edge = make_shape<double>(std::vector<V>{{1, 0}}, 0x1p-53);
  EXPECT_EQ(edge.shape.radius(), 0x1p-53);
}

// A nearly straight chain of slivers. The polygon (0, −4) and (x, 1 − ε·x²) for x = 0, 1, ..., 8
// (concave, so all are hull vertices; 1 − ε·x² is a multiple of u below 1, exact): S = 8. The
// chain lies above the chord between its kept vertices xi < xj by ε·(x − xi)·(xj − x) (the
// parabola minus its chord, vertical; the slopes are below 1e-13, so perpendicular distances equal
// these to 1e-26 relative). A chain vertex whose kept neighbours are w1 and w2 steps away is
// ε·w1·w2 from their chord, and its threshold is 16u·min(S, L/2) = 8u·max(w1, w2) (L = max(w1,
// w2) to 1e-13 relative, L/2 <= 4 < S). With ε = 3u it is a sliver when 3·min(w1, w2) <= 8, i.e.
// min(w1, w2) <= 2, and kept when min(w1, w2) >= 3 (9 > 8: a clear margin). Dropping one widens
// its neighbours' gaps, so at least (0, −4) and the chain's two ends are kept, some chain vertices
// dropped, and the move is at least the largest ε·⌊w/2⌋·⌈w/2⌉ over kept edges w steps wide and at
// most ε·4·4 = 48u (the whole chain's distance from the chord (0, 1)–(8, 1 − 64ε)).
TEST(ShapeDomain, AChainOfSliversIsWeldedUntilNoneIsLeftAndTheMoveIsMeasured) {
  const double u = 0x1p-53, e = 3 * u;
  std::vector<V> pts = {{0, -4}};
  for (int x = 0; x <= 8; ++x) pts.push_back({double(x), 1 - e * x * x});
  const auto r = make_shape<double>(pts);
  ASSERT_TRUE(r) << r.message;
  EXPECT_GE(r.shape.size(), 3u);
  EXPECT_LT(r.shape.size(), pts.size());
  EXPECT_GT(r.shape.weld_shift(), 0.0);
  EXPECT_LE(r.shape.weld_shift(), 48 * u * (1 + 1e-9));
  double widest = 0;
  for (std::size_t i = 0; i < r.shape.size(); ++i) {
    const V p = r.shape.vertex(i), q = r.shape.vertex((i + 1) % r.shape.size());
    if (p.y > -1 && q.y > -1) widest = std::max(widest, std::abs(q.x - p.x));
  }
  EXPECT_GE(r.shape.weld_shift(), e * std::floor(widest / 2) * std::ceil(widest / 2) * (1 - 1e-9));
  // No sliver is left: every kept chain vertex between two kept chain neighbours w1 and w2 steps
  // away has min(w1, w2) >= 3.
  const std::size_t n = r.shape.size();
  for (std::size_t i = 0; i < n; ++i) {
    const V a = r.shape.vertex((i + n - 1) % n), b = r.shape.vertex(i),
            c = r.shape.vertex((i + 1) % n);
    if (a.y < -1 || b.y < -1 || c.y < -1) continue;  // (0, −4) or next to it
    EXPECT_GE(std::min(std::abs(b.x - a.x), std::abs(c.x - b.x)), 3.0) << "vertex x = " << b.x;
  }
}

// The sliver weld's move is rounded up at every scale, down to subnormal shapes. The fuzz smoke
// run's case (fast_vs_reference_fuzz, 2026-11-28; main reverted the input domain for it): A =
// (2^-1074, y1), (0, 0), (0, y0) with y1 = 3.8175286788114e-311 and y0 = 1.0601819425e-313, all
// subnormal doubles. The turn at (0, y0) is exactly left (cross = 2^-1074·y0 > 0), so the exact
// hull is this triangle; (0, y0) lies h = y0·x1/|(x1, y1)| ≈ 1.37e-326 from the chord (0, 0)–(x1,
// y1) (its foot inside it), ≈ 3.6e-16·y1, below its threshold 8u·L ≈ 8.9e-16·y1 (L ≈ y1): a sliver,
// and the shape is that segment. The move h is below the smallest subnormal 2^-1074 ≈ 4.9e-324,
// and the conversion from weld_slivers' scaled units rounded it to nearest: to 0, so the reported
// weld_shift was 0 although the input point is h away. Its class: every shape whose move falls
// below the normal range, where multiplying by 2^-e rounds (every double shape of scale below
// 2^-973 that has a sliver).
// The same triangle at every binary scale 2^k from there to the normal range and beyond (exact
// scalings; the weld is scale-invariant in its scaled units, so the shape is always the segment)
// and, in float, from float's smallest subnormal on. The distance h is computed in long double
// (64-bit significand and 15-bit exponent: no underflow; its few roundings are inside 2^-60
// relative); weld_shift must be at least h, and at most the measurement's rounding up (2^-40
// relative plus 2^-90·S·f absolute, S·f < 2) plus one rounding up to T's grid (one spacing:
// 2^-1074 in double's subnormal range, 2^-149 in float's, 2u relative above).
namespace shape_test {
template <class T>
void expect_sliver_move_rounded_up(T x1, T y1, T y0, int max_k) {
  using P = minkowski::fast::Vec2<T>;
  for (int k = 0; k <= max_k; ++k) {
    const T sx1 = std::ldexp(x1, k), sy1 = std::ldexp(y1, k), sy0 = std::ldexp(y0, k);
    const auto r = make_shape<T>(std::vector<P>{{sx1, sy1}, {0, 0}, {0, 0}, {0, sy0}});
    ASSERT_TRUE(r) << r.message;
    ASSERT_EQ(r.shape.size(), 2u) << "k = " << k;
    EXPECT_EQ(r.shape.vertex(0), (P{0, 0})) << "k = " << k;
    EXPECT_EQ(r.shape.vertex(1), (P{sx1, sy1})) << "k = " << k;
    const long double lx = sx1, ly = sy1, h = sy0 * lx / std::sqrt(lx * lx + ly * ly);
    const long double shift = r.shape.weld_shift();
    EXPECT_GE(shift, h * (1 - 0x1p-60L)) << "k = " << k << ": the move " << h;
    // One spacing of T at the value: at most 2u·h where it is normal, 2^-1074 (2^-149) below.
    const long double spacing =
        2 * h * minkowski::fast::unit_roundoff<T>() + std::numeric_limits<T>::denorm_min();
    EXPECT_LE(shift, h * (1 + 0x1p-39L) + 0x1p-89L * ly + spacing) << "k = " << k;
  }
}
}  // namespace shape_test

TEST(ShapeDomain, TheSliverMoveOfASubnormalShapeIsRoundedUpNotToZero) {
  const double x1 = 5e-324, y1 = 3.8175286788114e-311, y0 = 1.0601819425e-313;
  ASSERT_EQ(x1, std::numeric_limits<double>::denorm_min());
  // The fuzz case itself, and its scalings up to 2^1100·y1 ≈ 5e20: y1 is normal from k = 10, x1
  // from k = 52, the move h ≈ 2^-1082.5 from k = 61 (where the conversion stops rounding).
  shape_test::expect_sliver_move_rounded_up<double>(x1, y1, y0, 1100);
  // In float: the same proportions from x1 = 2^-149 (y1 = 2^-127·1.5, y0 = y1/360, both
  // subnormal), up to 2^180 times that (y1 = 1.5·2^53, below float's max_coordinate ~1.15e18).
  const float fx1 = std::numeric_limits<float>::denorm_min(), fy1 = 0x1.8p-127f;
  shape_test::expect_sliver_move_rounded_up<float>(fx1, fy1, fy1 / 360, 180);
}

}  // namespace shape_test_cpp
