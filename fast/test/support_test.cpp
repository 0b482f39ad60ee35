// Support mappings: the O(log n) search against a brute-force scan, exact plateaus, small shapes,
// rounded support points and the Minkowski-difference support. Expected values are derived by hand
// in the comments; the brute-force scan in this file is the oracle for the randomized sweeps.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <random>
#include <vector>

#include "minkowski/fast/shape.hpp"
#include "minkowski/fast/support.hpp"

// This file's names, in a namespace of their own: the test command compiles the suite as
// one translation unit (cmake/PrecompiledHeaders.cmake, minkowski_unity).
namespace support_test_cpp {

namespace {

using minkowski::fast::ConvexShape;
using minkowski::fast::make_shape;
using minkowski::fast::SupportMethod;
using minkowski::fast::Vec2;
using V = Vec2<double>;

constexpr double kPi = 3.14159265358979323846;

ConvexShape<double> regular_polygon(int n, V center, double radius, double phase = 0) {
  std::vector<V> pts;
  for (int k = 0; k < n; ++k) {
    const double t = phase + 2 * kPi * k / n;
    pts.push_back({center.x + radius * std::cos(t), center.y + radius * std::sin(t)});
  }
  auto r = make_shape<double>(pts);
  EXPECT_TRUE(r) << r.message;
  EXPECT_EQ(r.shape.size(), static_cast<std::size_t>(n))
      << "hull dropped points of the " << n << "-gon";
  return r.shape;
}

// Oracle: the largest computed dot product over all vertices.
double brute_max(const std::vector<V>& v, V d) {
  double m = minkowski::fast::dot(v[0], d);
  for (const V& p : v) m = std::max(m, minkowski::fast::dot(p, d));
  return m;
}

// The largest absolute coordinate of the vertices (what ConvexShape::scale() holds): the support
// searches' tie band is relative to it.
double max_abs(const std::vector<V>& v) {
  double m = 0;
  for (const V& p : v) m = std::max({m, std::abs(p.x), std::abs(p.y)});
  return m;
}

std::size_t log_index(const std::vector<V>& v, V d) {
  return minkowski::fast::support_index_log(v.data(), v.size(), d, max_abs(v));
}

TEST(SupportLog, EveryVertexOfRegularPolygonsIsFoundUpTo1024) {
  for (int n : {3, 4, 5, 7, 8, 13, 14, 15, 16, 31, 64, 100, 255, 256, 257, 511, 1000, 1023, 1024}) {
    const V c{3.25, -7.5};
    const ConvexShape<double> s = regular_polygon(n, c, 2.0, 0.1);
    const std::vector<V> v(s.vertices().begin(), s.vertices().end());
    for (int i = 0; i < n; ++i) {
      // Towards vertex i from the centre: vertex i is the unique maximizer (its neighbours are
      // lower by 2(1 − cos(2π/n)) > 0).
      const V d = v[i] - c;
      ASSERT_EQ(log_index(v, d), static_cast<std::size_t>(i)) << "n=" << n;
    }
  }
}

TEST(SupportLog, MatchesLinearScanOnThousandsOfDirectionsIncludingEdgeParallel) {
  std::mt19937_64 rng(20240611);
  std::uniform_real_distribution<double> angle(0, 2 * kPi);
  for (int n : {3, 4, 6, 9, 16, 17, 33, 128, 129, 500, 1024}) {
    const ConvexShape<double> s = regular_polygon(n, {-1.5, 40.0}, 5.0, 0.37);
    const std::vector<V> v(s.vertices().begin(), s.vertices().end());
    std::vector<V> dirs;
    for (int k = 0; k < 4000; ++k) {
      const double t = angle(rng);
      dirs.push_back({std::cos(t), std::sin(t)});
    }
    for (std::size_t i = 0; i < v.size(); ++i) {
      const V e = v[(i + 1) % v.size()] - v[i];
      dirs.push_back(s.normal(i));   // plateau at the top: edge i is perpendicular to d
      dirs.push_back(-s.normal(i));  // plateau at the bottom
      dirs.push_back(e);             // parallel to edge i
      dirs.push_back(-e);
    }
    for (V d : {V{1, 0}, V{-1, 0}, V{0, 1}, V{0, -1}, V{1e-300, 0}, V{0, 1e150}}) dirs.push_back(d);
    for (const V& d : dirs) {
      const std::size_t k = log_index(v, d);
      ASSERT_LT(k, v.size());
      ASSERT_EQ(minkowski::fast::dot(v[k], d), brute_max(v, d))
          << "n=" << n << " d=(" << d.x << "," << d.y << ") got vertex " << k;
    }
  }
}

TEST(SupportLog, ExactPlateausInEveryRotationOfTheVertexArray) {
  // Integer octagon, counter-clockwise; its 8 edge normals are the axis and diagonal directions,
  // so every dot product below is an exact integer and every plateau is an exact tie.
  const std::vector<V> oct = {{1, 0}, {2, 0}, {3, 1}, {3, 2}, {2, 3}, {1, 3}, {0, 2}, {0, 1}};
  struct Case {
    V d;
    double max;  // hand-computed maximum of dot(v, d)
  };
  const std::vector<Case> cases = {
      {{1, 0}, 3},     // x = 3 on (3,1),(3,2)
      {{-1, 0}, 0},    // x = 0 on (0,2),(0,1)
      {{0, 1}, 3},     // y = 3 on (2,3),(1,3)
      {{0, -1}, 0},    // y = 0 on (1,0),(2,0)
      {{1, 1}, 5},     // x + y = 5 on (3,2),(2,3)
      {{1, -1}, 2},    // x − y = 2 on (2,0),(3,1)
      {{-1, 1}, 2},    // y − x = 2 on (0,2),(1,3)
      {{-1, -1}, -1},  // −x − y = −1 on (1,0),(0,1)
      {{2, 1}, 8},     // unique: (3,2)
      {{0, 0}, 0},     // every vertex ties
  };
  for (std::size_t rot = 0; rot < oct.size(); ++rot) {
    std::vector<V> v;
    for (std::size_t i = 0; i < oct.size(); ++i) v.push_back(oct[(i + rot) % oct.size()]);
    for (const Case& c : cases) {
      const std::size_t k = log_index(v, c.d);
      EXPECT_EQ(minkowski::fast::dot(v[k], c.d), c.max)
          << "rotation " << rot << " d=(" << c.d.x << "," << c.d.y << ")";
    }
  }
}

TEST(SupportLog, SquareAndTriangleTiesInEveryRotation) {
  const std::vector<V> square = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
  const std::vector<V> tri = {{0, 0}, {4, 0}, {0, 2}};
  for (std::size_t rot = 0; rot < 4; ++rot) {
    std::vector<V> v;
    for (std::size_t i = 0; i < 4; ++i) v.push_back(square[(i + rot) % 4]);
    EXPECT_EQ(v[log_index(v, {1, 0})].x, 1.0);   // tie (1,0),(1,1)
    EXPECT_EQ(v[log_index(v, {-1, 0})].x, 0.0);  // tie (0,0),(0,1)
    EXPECT_EQ(v[log_index(v, {0, 1})].y, 1.0);
    EXPECT_EQ(v[log_index(v, {0, -1})].y, 0.0);
    EXPECT_EQ(v[log_index(v, {1, 1})], (V{1, 1}));  // unique corner
  }
  for (std::size_t rot = 0; rot < 3; ++rot) {
    std::vector<V> v;
    for (std::size_t i = 0; i < 3; ++i) v.push_back(tri[(i + rot) % 3]);
    // Hypotenuse normal (1, 2): (4, 0) and (0, 2) tie at 4; which one is returned is unspecified
    // (the header's "Ties").
    const V top = v[log_index(v, {1, 2})];
    EXPECT_TRUE(top == (V{4, 0}) || top == (V{0, 2})) << top.x << " " << top.y;
    EXPECT_EQ(minkowski::fast::dot(v[log_index(v, {1, 2})], V{1, 2}), 4.0);
    EXPECT_EQ(v[log_index(v, {-1, -1})], (V{0, 0}));
    EXPECT_EQ(v[log_index(v, {-1, 1})], (V{0, 2}));
  }
}

TEST(SupportClimb, ReachesTheMaximumFromEveryStart) {
  // Hill climbing from any start vertex must end on a maximizer (a polygon's dot-product sequence
  // has no other local maximum). Regular polygons up to 64 vertices, every start, random and
  // edge-normal (plateau) directions; plus the exact-tie octagon.
  std::mt19937_64 rng(31);
  std::uniform_real_distribution<double> angle(0, 2 * kPi);
  for (int n : {3, 4, 5, 8, 14, 15, 64}) {
    const ConvexShape<double> s = regular_polygon(n, {2.0, -1.0}, 1.5, 0.2);
    const std::vector<V> v(s.vertices().begin(), s.vertices().end());
    std::vector<V> dirs;
    for (int k = 0; k < 200; ++k) dirs.push_back({std::cos(angle(rng)), std::sin(angle(rng))});
    for (std::size_t i = 0; i < v.size(); ++i) {
      dirs.push_back(s.normal(i));
      dirs.push_back(-s.normal(i));
    }
    for (const V& d : dirs) {
      const double m = brute_max(v, d);
      for (std::size_t start = 0; start < v.size(); ++start) {
        const std::size_t k =
            minkowski::fast::support_index_climb(v.data(), v.size(), d, start, max_abs(v));
        ASSERT_EQ(minkowski::fast::dot(v[k], d), m) << "n=" << n << " start=" << start;
      }
    }
  }
  const std::vector<V> oct = {{1, 0}, {2, 0}, {3, 1}, {3, 2}, {2, 3}, {1, 3}, {0, 2}, {0, 1}};
  for (std::size_t start = 0; start < oct.size(); ++start) {
    // (1,0): x = 3 on (3,1),(3,2); (−1,−1): −1 on (1,0),(0,1) across the array's wrap-around.
    EXPECT_EQ(oct[minkowski::fast::support_index_climb(oct.data(), oct.size(), V{1, 0}, start,
                                                       max_abs(oct))]
                  .x,
              3.0);
    const V d{-1, -1};
    EXPECT_EQ(minkowski::fast::dot(oct[minkowski::fast::support_index_climb(
                                       oct.data(), oct.size(), d, start, max_abs(oct))],
                                   d),
              -1.0);
  }
  const std::vector<V> seg = {{0, 0}, {2, 1}};
  EXPECT_EQ(minkowski::fast::support_index_climb(seg.data(), 2, V{1, 0}, 0, max_abs(seg)), 1u);
  EXPECT_EQ(minkowski::fast::support_index_climb(seg.data(), 2, V{-1, 0}, 1, max_abs(seg)), 0u);
  const std::vector<V> one = {{4, 4}};
  EXPECT_EQ(minkowski::fast::support_index_climb(one.data(), 1, V{1, 0}, 0, max_abs(one)), 0u);
}

TEST(SupportClimb, WalksThroughVerticesWhoseComputedValuesTie) {
  // CCW quadrilateral P0 = (0, 1), P1 = (2^-60, 1), P2 = (1, 1 + 2^-100), P3 = (0, 2); d = (2^-50,
  // −1). Exact values −1, −1 + 2^-110, −1 + 2^-50 − 2^-100, −2: P2 is the maximum. In double P1's
  // value rounds to −1 (the spacing below 1 is 2^-53), a tie with P0; P2's is −1 + 2^-50
  // (representable). Climbing from P0, the old walk saw no larger neighbour and stopped there
  // (fixtures/found/fuzz-37f4487101ae823b.json: GJK then answered "separated" for overlapping
  // cores).
  const std::vector<V> q = {{0, 1}, {0x1p-60, 1}, {1, 1 + 0x1p-100}, {0, 2}};
  const V d{0x1p-50, -1};
  ASSERT_EQ(minkowski::fast::dot(q[1], d),
            minkowski::fast::dot(q[0], d));  // the tie is real in double
  for (std::size_t start = 0; start < q.size(); ++start)
    EXPECT_EQ(minkowski::fast::support_index_climb(q.data(), q.size(), d, start, max_abs(q)), 2u)
        << "start " << start;
  EXPECT_EQ(minkowski::fast::support_index_log(q.data(), q.size(), d, max_abs(q)), 2u);
  EXPECT_EQ(minkowski::fast::support_index_linear(q.data(), q.size(), d), 2u);
}

TEST(SupportClimb, LooksPastTwoVerticesWhoseComputedOrderIsRoundings) {
  // The hull of B in fixtures/found/fuzz-a28f64726348c9e7.json (coordinates copied) and GJK's
  // direction there, d = (−21, 22). With e = 2^-49: B0 = (−15, −15 + e) has the exact value
  // −15 + 22e = −15 + 3.9e-14, B3 = (−15 + 4e, −15 + 5e) has −15 + 26e = −15 + 4.6e-14 (larger
  // by 4e = 7.1e-15), B1 = (6 + 4e, −1) has about −148, and B2 = (6, 6 + e/2) has 6 + 11e: B2 is
  // the maximum, 21 above B0 and B3. In double the products near 330 are rounded to multiples of
  // 5.7e-14 and B3's value came out below B0's, so a climb from B0 stopped there, and so did the
  // logarithmic search (v[0] looked like a local maximum).
  const std::vector<V> b = {{-15, -14.999999999999998},
                            {6.0000000000000071, -1},
                            {6, 6.0000000000000009},
                            {-14.999999999999993, -14.999999999999991}};
  const V d{-21, 22};
  ASSERT_LT(minkowski::fast::dot(b[3], d), minkowski::fast::dot(b[0], d));  // the rounding is real
  for (std::size_t start = 0; start < b.size(); ++start)
    EXPECT_EQ(minkowski::fast::support_index_climb(b.data(), b.size(), d, start, max_abs(b)), 2u)
        << "start " << start;
  EXPECT_EQ(minkowski::fast::support_index_log(b.data(), b.size(), d, max_abs(b)), 2u);
  EXPECT_EQ(minkowski::fast::support_index_linear(b.data(), b.size(), d), 2u);
}

TEST(SupportClimb, LooksPastRoundingsOrderAmongSubnormalValues) {
  // The quadrilateral of LooksPastTwoVerticesWhoseComputedOrderIsRoundings moved into float's
  // subnormal range, in units of q = 2^-149: B0 = (−200000, −199999),
  // B1 = (80004, −13333), B2 = (80000, 80001), B3 = (−199997, −199995); d ≈ (−0.69440, 0.71970).
  // Exact values, in q: B0 −5045.87, B3 −5045.08 (0.8 higher), B1 −65147.6, B2 +2019.36: B2 is
  // the maximum. The products are subnormal, each rounded to a whole q, so B3's value came out
  // below B0's; the relative band kClimbTieUlps·u·m·|d|₁ underflows to 0 at this scale, and the
  // climb stopped at B0, 7065 q below the maximum,, until the band got its subnormal floor
  // (kClimbTieSubnormals).
  const float q = 0x1p-149f;
  const std::vector<Vec2<float>> b = {{-200000 * q, -199999 * q},
                                      {80004 * q, -13333 * q},
                                      {80000 * q, 80001 * q},
                                      {-199997 * q, -199995 * q}};
  const Vec2<float> d{-0x1.63857ap-1f, 0x1.7070dp-1f};
  float m = 0;
  for (const Vec2<float>& p : b) m = std::max({m, std::abs(p.x), std::abs(p.y)});
  for (std::size_t start = 0; start < b.size(); ++start)
    EXPECT_EQ(minkowski::fast::support_index_climb(b.data(), b.size(), d, start, m), 2u)
        << "start " << start;
  EXPECT_EQ(minkowski::fast::support_index_log(b.data(), b.size(), d, m), 2u);
  EXPECT_EQ(minkowski::fast::support_index_linear(b.data(), b.size(), d), 2u);
}

TEST(SupportLog, OneAndTwoVertexShapes) {
  const std::vector<V> one = {{5, -2}};
  EXPECT_EQ(log_index(one, {1, 0}), 0u);
  EXPECT_EQ(log_index(one, {0, 0}), 0u);
  const std::vector<V> seg = {{0, 0}, {2, 1}};
  EXPECT_EQ(log_index(seg, {1, 0}), 1u);          // 2 > 0
  EXPECT_EQ(log_index(seg, {-1, 0}), 0u);         // 0 > −2
  EXPECT_EQ(log_index(seg, {0, -1}), 0u);         // 0 > −1
  const std::size_t k = log_index(seg, {-1, 2});  // perpendicular: both dot products are 0
  EXPECT_EQ(minkowski::fast::dot(seg[k], V{-1, 2}), 0.0);
}

TEST(SupportDispatch, AllMethodsAgreeOnTheShape) {
  for (int n : {5, 14, 15, 300}) {
    const ConvexShape<double> s = regular_polygon(n, {0, 0}, 1.0);
    for (int k = 0; k < 64; ++k) {
      const V d{std::cos(0.1 * k + 0.05), std::sin(0.1 * k + 0.05)};
      const double m = brute_max(std::vector<V>(s.vertices().begin(), s.vertices().end()), d);
      for (SupportMethod method :
           {SupportMethod::automatic, SupportMethod::linear, SupportMethod::logarithmic}) {
        EXPECT_EQ(minkowski::fast::dot(s.vertex(minkowski::fast::support_index(s, d, method)), d),
                  m);
      }
    }
  }
}

TEST(SupportPoint, RoundedShapeAddsRadiusAlongUnitDirection) {
  // Circle at (1, 2) with radius 0.5; d = (3, 4) has length 5, so the point is (1, 2) + 0.5·(0.6,
  // 0.8).
  std::vector<V> c = {{1, 2}};
  const auto circle = make_shape<double>(c, 0.5).shape;
  const V p = minkowski::fast::support_point(circle, V{3, 4});
  EXPECT_DOUBLE_EQ(p.x, 1.3);
  EXPECT_DOUBLE_EQ(p.y, 2.4);
  EXPECT_EQ(minkowski::fast::support_point(circle, V{0, 0}), (V{1, 2}));  // no direction: core only
  // Capsule (0,0)-(4,0) radius 1 along −y: an end point moved down by 1 (both ends tie).
  std::vector<V> cap = {{0, 0}, {4, 0}};
  const V q = minkowski::fast::support_point(make_shape<double>(cap, 1.0).shape, V{0, -2});
  EXPECT_EQ(q.y, -1.0);
}

TEST(SupportDifference, IsSupportOfAMinusSupportOfBAlongMinusD) {
  // A = [0,1]², B = [2,3] x [0,1]. Along d = (1, 0.5): A's support is (1,1) (1.5); B's support
  // along −d = (−1, −0.5) is (2,0) (−2). So w = (1,1) − (2,0) = (−1, 1).
  std::vector<V> pa = {{0, 0}, {1, 0}, {1, 1}, {0, 1}}, pb = {{2, 0}, {3, 0}, {3, 1}, {2, 1}};
  const auto a = make_shape<double>(pa).shape, b = make_shape<double>(pb).shape;
  const auto m = minkowski::fast::support_difference(a, b, V{1, 0.5});
  EXPECT_EQ(m.w, (V{-1, 1}));
  EXPECT_EQ(a.vertex(m.ia), (V{1, 1}));
  EXPECT_EQ(b.vertex(m.ib), (V{2, 0}));
}

TEST(SupportLog, FloatPolygonsMatchLinearScan) {
  for (int n : {20, 256, 1024}) {
    std::vector<Vec2<float>> pts;
    for (int k = 0; k < n; ++k) {
      const double t = 2 * kPi * k / n;
      pts.push_back(
          {static_cast<float>(10 + 3 * std::cos(t)), static_cast<float>(3 * std::sin(t))});
    }
    const auto s = make_shape<float>(pts).shape;
    const Vec2<float>* v = s.vertices().data();
    for (int k = 0; k < 3000; ++k) {
      const Vec2<float> d{static_cast<float>(std::cos(0.0021 * k)),
                          static_cast<float>(std::sin(0.0021 * k))};
      const std::size_t a = minkowski::fast::support_index_log(v, s.size(), d, s.scale());
      const std::size_t b = minkowski::fast::support_index_linear(v, s.size(), d);
      ASSERT_EQ(minkowski::fast::dot(v[a], d), minkowski::fast::dot(v[b], d))
          << "n=" << n << " k=" << k;
    }
  }
}

}  // namespace

}  // namespace support_test_cpp
