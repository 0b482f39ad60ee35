// The 3D oracle's internals (src/oracle3_internal.hpp) against independent computations: the
// staged signs and the scaled-integer squared distances against the same formulas in plain
// Rationals, and the exact rounding of the signed distance against values whose correct
// rounding is known (IEEE's correctly rounded sqrt, exact ties, a near-tie that rounding the
// 257-bit value would get wrong).
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "../src/oracle3_internal.hpp"

// This file's names, in a namespace of their own: the test command compiles the suite as
// one translation unit (cmake/PrecompiledHeaders.cmake, minkowski_unity).
namespace oracle3_internal_test_cpp {

namespace {

using namespace minkowski::reference;
using namespace minkowski::reference::oracle3_detail;

RationalPoint3 rsub(const RationalPoint3& a, const RationalPoint3& b) {
  return {a.x - b.x, a.y - b.y, a.z - b.z};
}
RationalPoint3 rcross(const RationalPoint3& a, const RationalPoint3& b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
Rational rdot(const RationalPoint3& a, const RationalPoint3& b) {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}
int sgn(const Rational& r) { return r > 0 ? 1 : (r < 0 ? -1 : 0); }

Real real(const Rational& q) {
  Real r;
  mpfr_set_q(r.backend().data(), q.backend().data(), MPFR_RNDN);
  return r;
}

/// Random exact points: differences of doubles (lo parts present) at several magnitudes, and
/// small lattice points (exact zeros of the signs).
struct PointSource {
  std::mt19937_64 rng;
  explicit PointSource(std::uint64_t seed) : rng(seed) {}
  ExactPoint3 next(int kind) {
    std::uniform_real_distribution<double> u(-1, 1);
    std::uniform_int_distribution<int> lattice(-3, 3);
    if (kind == 0) return exact(Point3{double(lattice(rng)), double(lattice(rng)), 0.0});
    const double scale = kind == 1 ? 1.0 : (kind == 2 ? 0x1p-700 : 0x1p600);
    const Point3 a{u(rng) * scale, u(rng) * scale, u(rng) * scale};
    const Point3 b{u(rng) * scale * 0x1p-30, u(rng) * scale, u(rng)};
    return exact_difference(a, b);
  }
};

constexpr int kSignCases = 3000;
constexpr std::uint64_t kSeed = 0x3d0a11ce;

TEST(Oracle3Internal, SignsMatchRationals) {
  PointSource src(kSeed);
  StageCounts counts;
  for (int i = 0; i < kSignCases; ++i) {
    SCOPED_TRACE("seed " + std::to_string(kSeed) + ", case " + std::to_string(i));
    const int kind = i % 4;
    ExactPoint3 p[6];
    for (ExactPoint3& x : p) x = src.next(kind);
    if (i % 8 == 1) p[4] = p[0];  // u = f0: a diagonal of the facet
    RationalPoint3 r[6];
    for (int k = 0; k < 6; ++k) r[k] = to_rational(p[k]);
    EXPECT_EQ(dot_sign3(p[0], p[1], p[2], p[3], counts),
              sgn(rdot(rsub(r[1], r[0]), rsub(r[3], r[2]))));
    const RationalPoint3 n = rcross(rsub(r[1], r[0]), rsub(r[2], r[0]));
    EXPECT_EQ(prism_sign(p[0], p[1], p[2], p[3], p[4], p[5], counts),
              sgn(rdot(n, rcross(rsub(r[4], r[3]), rsub(r[5], r[3])))));
  }
}

TEST(Oracle3Internal, SquaredDistancesMatchRationals) {
  PointSource src(kSeed + 1);
  for (int i = 0; i < kSignCases / 3; ++i) {
    SCOPED_TRACE("seed " + std::to_string(kSeed + 1) + ", case " + std::to_string(i));
    const int kind = 1 + i % 3;
    ExactPoint3 p[4];
    for (ExactPoint3& x : p) x = src.next(kind);
    RationalPoint3 r[4];
    for (int k = 0; k < 4; ++k) r[k] = to_rational(p[k]);
    const RationalPoint3 d = rsub(r[0], r[3]);
    EXPECT_EQ(squared_to_point(p[0], p[3]), rdot(d, d));
    const RationalPoint3 c = rcross(rsub(r[0], r[3]), rsub(r[1], r[3]));
    const RationalPoint3 e = rsub(r[1], r[0]);
    EXPECT_EQ(squared_to_line(p[0], p[1], p[3]), rdot(c, c) / rdot(e, e));
    const RationalPoint3 n = rcross(rsub(r[1], r[0]), rsub(r[2], r[0]));
    const Rational s = rdot(n, rsub(r[0], r[3]));
    EXPECT_EQ(squared_to_plane(p[0], p[1], p[2], p[3]), s * s / rdot(n, n));
  }
}

double round_outside(const Rational& q, const Rational& r) {
  const Real approx = sqrt(real(q)) - real(r);
  return round_signed_distance(q, r, Side::outside, approx);
}

// IEEE's sqrt is correctly rounded, so std::sqrt of the same double is the expected value.
TEST(Oracle3Internal, RoundsSqrtTwoCorrectly) {
  EXPECT_EQ(round_outside(2, 0), std::sqrt(2.0));
  EXPECT_EQ(round_outside(3, 0), std::sqrt(3.0));
  EXPECT_EQ(round_outside(Rational(0.1), 0), std::sqrt(0.1));  // the double 0.1, exactly
}

// V = 1 + 2^-53 exactly (q = V², r = 0) is halfway between 1 and 1 + 2^-52: ties to even give 1.
// V = 1 + 3·2^-53 is halfway between 1 + 2^-52 (odd significand) and 1 + 2^-51 (even).
TEST(Oracle3Internal, ExactTiesRoundToEven) {
  const Rational half_ulp = Rational(1) / Rational(std::ldexp(1.0, 53));
  const Rational v1 = 1 + half_ulp, v2 = 1 + 3 * half_ulp;
  EXPECT_EQ(round_outside(v1 * v1, 0), 1.0);
  EXPECT_EQ(round_outside(v2 * v2, 0), 1.0 + 0x1p-51);
}

// V = 1 + 2^-53 + 2^-300 lies just above the halfway point between 1 and 1 + 2^-52: the correct
// rounding is 1 + 2^-52. Its 257-bit value is 1 + 2^-53 (the 2^-300 is below its last bit), a
// tie that rounding the 257-bit value would settle to 1.
TEST(Oracle3Internal, NearTieIsDecidedExactly) {
  const Rational v =
      1 + Rational(1) / Rational(std::ldexp(1.0, 53)) +
      Rational(1) / (Rational(std::ldexp(1.0, 150)) * Rational(std::ldexp(1.0, 150)));
  EXPECT_EQ(static_cast<double>(sqrt(real(v * v))), 1.0);  // the double rounding, for contrast
  EXPECT_EQ(round_outside(v * v, 0), 1.0 + 0x1p-52);
  // The same value just below the halfway point rounds down.
  const Rational w =
      1 + Rational(1) / Rational(std::ldexp(1.0, 53)) -
      Rational(1) / (Rational(std::ldexp(1.0, 150)) * Rational(std::ldexp(1.0, 150)));
  EXPECT_EQ(round_outside(w * w, 0), 1.0);
}

// With a radius and inside: V = sqrt(9) − 1 = 2; V = −(sqrt(1/4) + 1/2) = −1; on the boundary
// V = −r: r = 1 + 2^-53 is a tie between −1 and −(1 + 2^-52), to even: −1.
TEST(Oracle3Internal, RadiusInsideAndBoundary) {
  EXPECT_EQ(round_outside(9, 1), 2.0);
  const Rational q(1, 4), r(1, 2);
  EXPECT_EQ(round_signed_distance(q, r, Side::inside, -(sqrt(real(q)) + real(r))), -1.0);
  const Rational rb = 1 + Rational(1) / Rational(std::ldexp(1.0, 53));
  EXPECT_EQ(round_signed_distance(0, rb, Side::boundary, -real(rb)), -1.0);
  // Touching with a radius: q = r², V = 0 exactly.
  EXPECT_EQ(round_signed_distance(Rational(9, 4), Rational(3, 2), Side::outside, Real(0)), 0.0);
}

// Below the smallest subnormal: V = 2^-1075 is halfway between 0 and 2^-1074, to even: 0;
// V = 3·2^-1075 is halfway between 2^-1074 (odd) and 2^-1073 (even): 2^-1073.
TEST(Oracle3Internal, SubnormalTies) {
  const Rational tiny =
      Rational(1) / (Rational(std::ldexp(1.0, 1000)) * Rational(std::ldexp(1.0, 75)));
  EXPECT_EQ(round_outside(tiny * tiny, 0), 0.0);
  EXPECT_EQ(round_outside(9 * tiny * tiny, 0), 0x1p-1073);
}

}  // namespace

}  // namespace oracle3_internal_test_cpp
