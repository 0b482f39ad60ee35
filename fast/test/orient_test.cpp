// The hull's orientation predicate (detail::orient_sign, shape.hpp) against integer arithmetic.
//
// Points are integers m (|m| < 2^52 in double, < 2^23 in float) times a power of two 2^k, so that
// every coordinate is exact in T and the sign of orient = cross(b − a, c − a) is the sign of the
// same expression on the integers (orient is homogeneous of degree 2), computed in __int128:
// differences below 2^54, products below 2^108. Triples are drawn near a line (b and c on the
// line through a with direction d, then moved by a few units), where rounded cross products get
// the sign wrong; k runs from the subnormal range to near max_coordinate.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>

#include "minkowski/fast/shape.hpp"

// This file's names, in a namespace of their own: the test command compiles the suite as
// one translation unit (cmake/PrecompiledHeaders.cmake, minkowski_unity).
namespace orient_test_cpp {

namespace {

using minkowski::fast::Vec2;
using minkowski::fast::detail::orient_sign;

struct IntPoint {
  std::int64_t x, y;
};

int int_orient(IntPoint a, IntPoint b, IntPoint c) {
  const __int128 ux = b.x - a.x, uy = b.y - a.y, vx = c.x - a.x, vy = c.y - a.y;
  const __int128 d = ux * vy - uy * vx;
  return (d > 0) - (d < 0);
}

template <class T>
Vec2<T> scaled(IntPoint p, int k) {
  return Vec2<T>{std::ldexp(T(p.x), k), std::ldexp(T(p.y), k)};
}

// Checks `count` seeded near-collinear triples at each scale 2^k; returns how many of them have
// orientation 0 exactly (the generator must reach ties too).
template <class T>
int check_near_collinear(std::int64_t bound, std::initializer_list<int> scales, int count) {
  std::mt19937_64 rng(20261125);
  std::uniform_int_distribution<std::int64_t> coord(-bound, bound), small(-3, 3);
  std::uniform_int_distribution<std::int64_t> dir(-(bound >> 10), bound >> 10);
  int ties = 0;
  for (int k : scales) {
    for (int i = 0; i < count; ++i) {
      const IntPoint a{coord(rng) / 2, coord(rng) / 2};
      const IntPoint d{dir(rng), dir(rng)};
      const std::int64_t s = 1 + (rng() % 512), t = -static_cast<std::int64_t>(rng() % 512);
      const IntPoint b{a.x + s * d.x + small(rng), a.y + s * d.y + small(rng)};
      const IntPoint c{a.x + t * d.x + small(rng), a.y + t * d.y + small(rng)};
      const int want = int_orient(a, b, c);
      ties += want == 0;
      const int got = orient_sign(scaled<T>(a, k), scaled<T>(b, k), scaled<T>(c, k));
      if (got != want) {  // the first mismatch only
        ADD_FAILURE() << "orient_sign " << got << ", integers " << want << ": k " << k << " a ("
                      << a.x << ", " << a.y << ") b (" << b.x << ", " << b.y << ") c (" << c.x
                      << ", " << c.y << ")";
        return ties;
      }
    }
  }
  return ties;
}

TEST(OrientSign, MatchesIntegerArithmeticNearALineInDouble) {
  // k = −1074: subnormal coordinates; −1000: products underflow; 31 − 52: the grid of the fuzz
  // case fuzz-7a5d8ebd1a78a9fa (coordinates near 2^31); 400: products near 2^1010.
  const int ties =
      check_near_collinear<double>(std::int64_t{1} << 52, {-1074, -1000, -600, -21, 0, 400}, 20000);
  EXPECT_GT(ties, 0);
}

TEST(OrientSign, MatchesIntegerArithmeticNearALineInFloat) {
  const int ties =
      check_near_collinear<float>(std::int64_t{1} << 23, {-149, -120, -60, 0, 40}, 20000);
  EXPECT_GT(ties, 0);
}

TEST(OrientSign, ExactTiesAndSignsOfLargeCancellingProducts) {
  // By hand: a = (−1, −1), b = (2^53, 2^53 − 2), c = (2^53 − 2, 2^53 − 4), in units of 2^k.
  // b − a = (2^53 + 1, 2^53 − 1), c − a = (2^53 − 1, 2^53 − 3); cross = (2^53 + 1)(2^53 − 3) −
  // (2^53 − 1)² = (2^106 − 2·2^53 − 3) − (2^106 − 2·2^53 + 1) = −4: clockwise, though 2^53 + 1 is
  // not a double (the difference rounds) and the products cancel in all but the last 3 bits.
  const double p53 = 0x1p53;
  for (int k : {-1074, 0, 400}) {
    const Vec2<double> a{std::ldexp(-1.0, k), std::ldexp(-1.0, k)};
    const Vec2<double> b{std::ldexp(p53, k), std::ldexp(p53 - 2, k)};
    const Vec2<double> c{std::ldexp(p53 - 2, k), std::ldexp(p53 - 4, k)};
    EXPECT_EQ(orient_sign(a, b, c), -1) << k;
    EXPECT_EQ(orient_sign(a, c, b), 1) << k;
    EXPECT_EQ(orient_sign(b, b, c), 0) << k;  // a repeated point: exactly 0
  }
}

}  // namespace

}  // namespace orient_test_cpp
