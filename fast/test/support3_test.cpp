// Tests of the 3D support searches (fast/include/minkowski/fast/support3.hpp): the hill climb
// against the linear scan (the oracle: the largest computed dot product over all vertices) from
// every kind of start, on shapes with unique maxima, plateaus and near-ties, and every dimension.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "minkowski/fast/shape3.hpp"
#include "minkowski/fast/support3.hpp"

// This file's names, in a namespace of their own: the test command compiles the suite as
// one translation unit (cmake/PrecompiledHeaders.cmake, minkowski_unity).
namespace support3_test_cpp {

namespace support3_test {

using minkowski::fast::ConvexShape3;
using minkowski::fast::make_shape3;
using minkowski::fast::SupportMethod;
using minkowski::fast::Vec3;

template <class T>
double unit() {
  return double(std::numeric_limits<T>::epsilon()) / 2;
}

template <class T>
ConvexShape3<T> build(const std::vector<Vec3<double>>& p, double radius = 0) {
  std::vector<Vec3<T>> q;
  for (const auto& v : p) q.push_back({T(v.x), T(v.y), T(v.z)});
  auto r = make_shape3<T>(std::span<const Vec3<T>>(q), T(radius));
  EXPECT_TRUE(r) << r.message;
  return r.shape;
}

// dot(v, d) in double: exact products of the T inputs, one rounding per sum.
template <class T>
double value(const Vec3<T>& v, const Vec3<T>& d) {
  return double(v.x) * double(d.x) + double(v.y) * double(d.y) + double(v.z) * double(d.z);
}

// The largest value over all vertices (the oracle).
template <class T>
double max_value(const ConvexShape3<T>& s, Vec3<T> d) {
  double m = -std::numeric_limits<double>::infinity();
  for (const auto& v : s.vertices()) m = std::max(m, value(v, d));
  return m;
}

// The climb's answer must be within the tie band (kClimb3TieUlps · u · m · |d|₁, the header's
// guarantee) of the maximum; the band is computed here from the constant's definition.
template <class T>
double band(const ConvexShape3<T>& s, Vec3<T> d) {
  return minkowski::fast::kClimb3TieUlps * unit<T>() * double(s.scale()) *
         (std::abs(double(d.x)) + std::abs(double(d.y)) + std::abs(double(d.z)));
}

// Every start vertex (or 64 spread ones) × `dirs` directions: the climb's vertex is within the
// band of the maximum; and support_index (each method) and support_difference agree likewise.
template <class T>
void check_climb(const ConvexShape3<T>& s, const std::vector<Vec3<T>>& dirs) {
  const std::size_t n = s.size();
  const std::size_t step = std::max<std::size_t>(1, n / 64);
  for (const Vec3<T>& d : dirs) {
    const double top = max_value(s, d), b = band(s, d);
    std::vector<std::size_t> starts;
    for (std::size_t start = 0; start < n; start += step) starts.push_back(start);
    starts.push_back(n);  // no hint: the climb starts from the start table's vertex alone
    for (std::size_t start : starts) {
      const std::size_t i = minkowski::fast::support_index_climb(s, d, start);
      ASSERT_LT(i, n);
      ASSERT_GE(value(s.vertex(i), d), top - b) << "start " << start << " n " << n;
    }
    for (SupportMethod m :
         {SupportMethod::automatic, SupportMethod::linear, SupportMethod::logarithmic}) {
      const std::size_t i = minkowski::fast::support_index(s, d, m);
      ASSERT_GE(value(s.vertex(i), d), top - b);
    }
  }
}

template <class T>
std::vector<Vec3<T>> random_directions(std::mt19937& rng, int count) {
  std::normal_distribution<double> g;
  std::vector<Vec3<T>> out;
  for (int k = 0; k < count; ++k) out.push_back({T(g(rng)), T(g(rng)), T(g(rng))});
  return out;
}

template <class T>
class Support3Typed : public ::testing::Test {};
using Types = ::testing::Types<float, double>;
TYPED_TEST_SUITE(Support3Typed, Types);

// Random polytopes of 8..1,024 points (a Gaussian cloud: hulls of a few to ~60 vertices; points
// on a sphere: every point a vertex, neighbours' values nearly tied near the top).
TYPED_TEST(Support3Typed, ClimbFindsTheMaximumOnRandomPolytopesAndSpheres) {
  using T = TypeParam;
  std::mt19937 rng(7);
  std::normal_distribution<double> g;
  for (int n : {8, 16, 33, 100, 256, 1024}) {
    for (int sphere = 0; sphere < 2; ++sphere) {
      std::vector<Vec3<double>> p;
      for (int i = 0; i < n; ++i) {
        Vec3<double> v{g(rng), g(rng), g(rng)};
        if (sphere) v = (5 / length(v)) * v;
        p.push_back(v + Vec3<double>{3, -1, 2});
      }
      const auto s = build<T>(p);
      if (sphere) {
        EXPECT_EQ(s.size(), std::size_t(n));
      }
      check_climb(s, random_directions<T>(rng, n >= 256 ? 12 : 40));
    }
  }
}

// The climb's start table (ConvexShape3::climb_starts, built by make_shape3 above
// kSupport3LinearMaxVertices = 64 vertices). On the 98 distinct unit directions of {-2, …, 2}³ \ {0}
// (all on the unit sphere, so all are vertices): (1) every c in {-3, …, 3}³ whose largest
// |component| is 3 is its own entry, 49(cx + 3) + 7(cy + 3) + (cz + 3) (its components over 3 are
// 0, 1/3, 2/3 or 1, each strictly inside its level: 0 <= Level1 = 0.162 < 1/3 <= Level2 = 0.489 <
// 2/3 <= Level3 = 0.820 < 1), and so is 2^k·c; (2) each entry's vertex maximizes dot(v, c) for its
// c (against this test's own scan); (3) shapes of at most 64 vertices have no table.
TYPED_TEST(Support3Typed, StartTableEntriesAreTheirDirectionsSupportVertices) {
  using T = TypeParam;
  // The unit directions of {-k, …, k}³ \ {0}: 26 distinct for k = 1, 98 for k = 2 (the other 26
  // of k = 2's 124 repeat k = 1's and are welded).
  auto sphere_points = [](int k) {
    std::vector<Vec3<double>> p;
    for (int x = -k; x <= k; ++x)
      for (int y = -k; y <= k; ++y)
        for (int z = -k; z <= k; ++z) {
          if (x == 0 && y == 0 && z == 0) continue;
          const Vec3<double> v{double(x), double(y), double(z)};
          p.push_back((1 / length(v)) * v);
        }
    return p;
  };
  const auto s = build<T>(sphere_points(2));
  ASSERT_EQ(s.size(), 98u);
  const std::uint32_t* table = s.climb_starts();
  ASSERT_NE(table, nullptr);
  for (int x = -3; x <= 3; ++x)
    for (int y = -3; y <= 3; ++y)
      for (int z = -3; z <= 3; ++z) {
        const std::size_t entry = std::size_t(49 * (x + 3) + 7 * (y + 3) + (z + 3));
        const Vec3<T> c{T(x), T(y), T(z)};
        if (std::max({std::abs(x), std::abs(y), std::abs(z)}) == 3) {
          EXPECT_EQ(minkowski::fast::detail::direction_bucket3(c), entry) << x << y << z;
          EXPECT_EQ(minkowski::fast::detail::direction_bucket3(T(0.25) * c), entry);
          EXPECT_EQ(minkowski::fast::detail::direction_bucket3(T(1024) * c), entry);
        }
        ASSERT_LT(table[entry], s.size());
        EXPECT_EQ(value(s.vertex(table[entry]), c), max_value(s, c)) << x << y << z;
      }
  EXPECT_EQ(minkowski::fast::detail::direction_bucket3(Vec3<T>{0, 0, 0}), 171u);  // c = 0
  const auto cube = build<T>({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0},
                              {0, 0, 1}, {1, 0, 1}, {0, 1, 1}, {1, 1, 1}});
  EXPECT_EQ(cube.climb_starts(), nullptr);
  const auto small_sphere = build<T>(sphere_points(1));
  ASSERT_EQ(small_sphere.size(), 26u);
  EXPECT_EQ(small_sphere.climb_starts(), nullptr);
}

// A box and a 32-gon prism, directions along the axes and the face diagonals: plateaus of 4 (a
// box face perpendicular to d), 2 (an edge) and 32 (the prism's cap): any vertex of the plateau
// is a maximum, exactly, and the climb must not stop below it from any start.
TYPED_TEST(Support3Typed, ClimbWalksThroughPlateaus) {
  using T = TypeParam;
  std::vector<Vec3<double>> boxp;
  for (int i = 0; i < 8; ++i)
    boxp.push_back({(i & 1) ? 2.0 : -1.0, (i & 2) ? 3.0 : 1.0, (i & 4) ? 0.5 : -4.0});
  std::vector<Vec3<double>> prism;
  for (int k = 0; k < 32; ++k) {
    const double t = 2 * 3.14159265358979323846 * k / 32;
    prism.push_back({std::cos(t), std::sin(t), -1});
    prism.push_back({std::cos(t), std::sin(t), 1});
  }
  std::vector<Vec3<T>> dirs;
  for (int a = -1; a <= 1; ++a)
    for (int b = -1; b <= 1; ++b)
      for (int c = -1; c <= 1; ++c)
        if (a || b || c) dirs.push_back({T(a), T(b), T(c)});
  check_climb(build<T>(boxp), dirs);
  check_climb(build<T>(prism), dirs);
}

// Flat polygons (a 100-gon: the vertex graph is a cycle), segments and points: the climb works on
// every dimension; a point always answers 0; a segment the end farther along d.
TYPED_TEST(Support3Typed, ClimbOnFlatSegmentAndPointShapes) {
  using T = TypeParam;
  std::mt19937 rng(11);
  std::vector<Vec3<double>> poly;
  for (int k = 0; k < 100; ++k) {
    const double t = 2 * 3.14159265358979323846 * k / 100;
    poly.push_back({std::cos(t), 0.5 * std::sin(t), 0.25 * std::cos(t) + 1});
  }
  const auto flat = build<T>(poly);
  EXPECT_EQ(flat.dimension(), 2);
  check_climb(flat, random_directions<T>(rng, 100));
  const auto seg = build<T>({{1, 2, 3}, {-1, 0, 5}});
  EXPECT_EQ(seg.dimension(), 1);
  check_climb(seg, random_directions<T>(rng, 50));
  const auto pt = build<T>({{1, 2, 3}});
  for (const auto& d : random_directions<T>(rng, 10))
    EXPECT_EQ(minkowski::fast::support_index_climb(pt, d, 0), 0u);
}

// Degenerate directions: d = 0 (every vertex ties) and NaN return a valid index without looping.
TYPED_TEST(Support3Typed, ZeroAndNaNDirectionsReturnAValidIndex) {
  using T = TypeParam;
  std::mt19937 rng(5);
  std::normal_distribution<double> g;
  std::vector<Vec3<double>> p;
  for (int i = 0; i < 300; ++i) {
    Vec3<double> v{g(rng), g(rng), g(rng)};
    p.push_back((1 / length(v)) * v);
  }
  const auto s = build<T>(p);
  const T nan = std::numeric_limits<T>::quiet_NaN();
  for (std::size_t start : {std::size_t(0), std::size_t(17), s.size() + 5}) {
    EXPECT_LT(minkowski::fast::support_index_climb(s, Vec3<T>{0, 0, 0}, start), s.size());
    EXPECT_LT(minkowski::fast::support_index_climb(s, Vec3<T>{nan, 1, 0}, start), s.size());
  }
}

// support_difference: A ⊖ B's support along d is a's support along d minus b's along −d, with
// the hints as starts (any hint, also out of range); the value is the sum of the two maxima up to
// the two bands.
TYPED_TEST(Support3Typed, DifferenceSupportUsesBothShapes) {
  using T = TypeParam;
  std::mt19937 rng(3);
  std::normal_distribution<double> g;
  std::vector<Vec3<double>> pa, pb;
  for (int i = 0; i < 400; ++i) {
    Vec3<double> v{g(rng), g(rng), g(rng)};
    pa.push_back((2 / length(v)) * v);
    pb.push_back(Vec3<double>{g(rng), g(rng), g(rng)} + Vec3<double>{4, 0, 0});
  }
  const auto a = build<T>(pa), b = build<T>(pb);
  for (const auto& d : random_directions<T>(rng, 200)) {
    for (SupportMethod m :
         {SupportMethod::automatic, SupportMethod::linear, SupportMethod::logarithmic}) {
      const auto w = minkowski::fast::support_difference(a, b, d, 7u, 100000u, m);
      ASSERT_LT(w.ia, a.size());
      ASSERT_LT(w.ib, b.size());
      EXPECT_EQ(w.w, a.vertex(w.ia) - b.vertex(w.ib));
      const Vec3<T> nd = -d;
      EXPECT_GE(value(a.vertex(w.ia), d), max_value(a, d) - band(a, d));
      EXPECT_GE(value(b.vertex(w.ib), nd), max_value(b, nd) - band(b, nd));
    }
  }
}

}  // namespace support3_test

}  // namespace support3_test_cpp
