// The staged orient3d (predicates3.hpp) against its rational definition: on random inputs, on
// exactly coplanar constructions (lattices, translated lattices whose coordinates carry lo parts,
// tiny and huge magnitudes outside the expansion domain), and on near-degenerate inputs where the
// filter must defer. The stage counts show that each stage decided some of them.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "minkowski/reference/predicates3.hpp"

// This file's names, in a namespace of their own: the test command compiles the suite as
// one translation unit (cmake/PrecompiledHeaders.cmake, minkowski_unity).
namespace predicates3_test_cpp {

namespace {

using namespace minkowski::reference;

constexpr std::uint64_t kSeed = 0x3d0a1e57;

ExactPoint3 dbl(double x, double y, double z) { return exact(Point3{x, y, z}); }

/// The exact difference a − b of two double points (lo parts generally nonzero).
ExactPoint3 diff(const Point3& a, const Point3& b) { return exact_difference(a, b); }

bool domain(const ExactPoint3& p, const ExactPoint3& q, const ExactPoint3& r,
            const ExactPoint3& s) {
  return in_expansion_domain3(p) && in_expansion_domain3(q) && in_expansion_domain3(r) &&
         in_expansion_domain3(s);
}

/// Staged sign (with expansions when the domain allows, and without) equals the rational one.
void expect_agrees(const ExactPoint3& p, const ExactPoint3& q, const ExactPoint3& r,
                   const ExactPoint3& s, StageCounts& counts, const char* what, int i) {
  const int want =
      orient3d_sign_rational(to_rational(p), to_rational(q), to_rational(r), to_rational(s));
  if (domain(p, q, r, s)) {
    ASSERT_EQ(orient3d_sign(p, q, r, s, true, counts), want)
        << what << " case " << i << " seed " << kSeed;
  }
  StageCounts ignored;
  ASSERT_EQ(orient3d_sign(p, q, r, s, false, ignored), want)
      << what << " case " << i << " (no expansions) seed " << kSeed;
  counts.decided[static_cast<int>(Stage::rational)] +=
      ignored.decided[static_cast<int>(Stage::rational)];
}

TEST(ReferencePredicates3, HandDerivedSigns) {
  StageCounts c;
  const ExactPoint3 o = dbl(0, 0, 0), x = dbl(1, 0, 0), y = dbl(0, 1, 0), z = dbl(0, 0, 1);
  // (x − o) × (y − o) = (0, 0, 1): s = z is on the normal's side (+1), −z on the other (−1).
  EXPECT_EQ(orient3d_sign(o, x, y, z, true, c), 1);
  EXPECT_EQ(orient3d_sign(o, x, y, dbl(0, 0, -1), true, c), -1);
  EXPECT_EQ(orient3d_sign(o, y, x, z, true, c), -1);  // swapping q and r flips the normal
  EXPECT_EQ(orient3d_sign(o, x, y, dbl(5, -7, 0), true, c), 0);  // in the plane z = 0
  EXPECT_EQ(orient3d_sign(o, x, dbl(2, 0, 0), z, true, c), 0);   // o, x, 2x collinear
  EXPECT_EQ(orient3d_sign(o, o, y, z, true, c), 0);              // coincident
  EXPECT_TRUE(collinear3(o, x, dbl(-3, 0, 0), true, c));
  EXPECT_TRUE(collinear3(dbl(1, 2, 3), dbl(3, 5, 7), dbl(-1, -1, -1), true, c));  // step (2,3,4)
  EXPECT_TRUE(collinear3(x, x, y, true, c));
  EXPECT_FALSE(collinear3(dbl(1, 2, 3), dbl(3, 5, 7), dbl(-1, -1, 0), true, c));
}

TEST(ReferencePredicates3, ExpansionDomainIsTheDerivedGrid) {
  auto in = [](double hi, double lo) { return in_expansion_domain3(ExactCoord{hi, lo}); };
  EXPECT_TRUE(in(0, 0));
  EXPECT_TRUE(in(0x1p-300, 0));
  EXPECT_FALSE(in(0x1p-301, 0));
  EXPECT_TRUE(in(0x1p300, 0));
  EXPECT_FALSE(in(0x1p301, 0));
  EXPECT_TRUE(in(1, 0x1p-358));       // on the 2^-358 grid
  EXPECT_TRUE(in(1, -3 * 0x1p-358));  // a multiple of it
  EXPECT_FALSE(in(1, 0x1p-359));      // off the grid
  EXPECT_FALSE(in(1, 1.5 * 0x1p-358));
  EXPECT_TRUE(in(1, 0x1p-306 * (1 + 0x1p-52)));  // ulp 2^-358
  // The error of 2^-247 − 2^-300·(1 + 2^-52): a multiple of 2^-352, inside the domain although
  // far below the former least |lo| of 2^-340.
  const ExactCoord d = exact_difference(0x1p-247, 0x1p-300 * (1 + 0x1p-52));
  EXPECT_NE(d.lo, 0);
  EXPECT_TRUE(in_expansion_domain3(d));
}

TEST(ReferencePredicates3, RandomInputsAgreeWithRationals) {
  std::mt19937_64 rng(kSeed);
  std::uniform_real_distribution<double> u(-1, 1);
  StageCounts counts;
  for (int i = 0; i < 4000; ++i) {
    // Difference points (lo parts) at a common random scale, as the oracle forms them.
    const double scale = std::ldexp(1.0, static_cast<int>(rng() % 40) - 20);
    auto pt = [&] {
      const Point3 a{u(rng) * scale, u(rng) * scale, u(rng) * scale};
      const Point3 b{u(rng) * 1e3, u(rng) * 1e-3, u(rng)};
      return diff(a, b);
    };
    const ExactPoint3 p = pt(), q = pt(), r = pt(), s = pt();
    expect_agrees(p, q, r, s, counts, "random", i);
  }
  EXPECT_GT(counts.decided[static_cast<int>(Stage::filter)], 3000u);
}

TEST(ReferencePredicates3, CoplanarConstructionsAgree) {
  std::mt19937_64 rng(kSeed + 1);
  std::uniform_int_distribution<int> lat(-3, 3);
  std::uniform_real_distribution<double> u01(0, 1);
  StageCounts counts;
  int zeros = 0;
  for (int i = 0; i < 6000; ++i) {
    // Points on a small lattice: s = p + α(q − p) + β(r − p) with small integers α, β is exactly
    // coplanar; others are coplanar by chance (7^3 values per point).
    auto lp = [&] { return Point3{double(lat(rng)), double(lat(rng)), double(lat(rng))}; };
    Point3 p = lp(), q = lp(), r = lp(), s = lp();
    if (i % 2 == 0) {
      const int al = lat(rng), be = lat(rng);
      s = {p.x + al * (q.x - p.x) + be * (r.x - p.x), p.y + al * (q.y - p.y) + be * (r.y - p.y),
           p.z + al * (q.z - p.z) + be * (r.z - p.z)};
    }
    const int mode = i % 6;
    // Modes: plain lattice; lattice·2^-40 + 1 translated by a far point (lo parts, exact
    // translation keeps coplanarity); tiny (·2^-700) and huge (·2^700) lattices, outside the
    // expansion domain; a mix of scales 2^-310 and 1 (lo parts below 2^-300, outside too); a
    // lattice of large offsets (2^60 + k) translated by a small point.
    ExactPoint3 e[4];
    const Point3* in[4] = {&p, &q, &r, &s};
    const Point3 shift{1e10 * (1 + u01(rng)), -3e-5, 7.0 / 3};
    for (int k = 0; k < 4; ++k) {
      const Point3& v = *in[k];
      switch (mode) {
        case 0:
          e[k] = exact(v);
          break;
        case 1:
          e[k] = diff({1 + v.x * 0x1p-40, 1 + v.y * 0x1p-40, 1 + v.z * 0x1p-40}, shift);
          break;
        case 2:
          e[k] = exact({v.x * 0x1p-700, v.y * 0x1p-700, v.z * 0x1p-700});
          break;
        case 3:
          e[k] = exact({v.x * 0x1p700, v.y * 0x1p700, v.z * 0x1p700});
          break;
        case 4:
          e[k] = diff({v.x * 0x1p-310, 1 + v.y * 0x1p-50, v.z}, {0x1p-330, 0x1p-52, 0});
          break;
        default:
          e[k] = diff({0x1p60 + 4096 * v.x, 0x1p60 + 4096 * v.y, 0x1p60 + 4096 * v.z},
                      {0.25, -0.5, 0.125});
          break;
      }
    }
    const int want = orient3d_sign_rational(to_rational(e[0]), to_rational(e[1]), to_rational(e[2]),
                                            to_rational(e[3]));
    zeros += want == 0;
    expect_agrees(e[0], e[1], e[2], e[3], counts, "coplanar", i);
  }
  EXPECT_GT(zeros, 3000);  // half the cases are coplanar by construction
  EXPECT_GT(counts.decided[static_cast<int>(Stage::expansion)], 1000u);
  EXPECT_GT(counts.decided[static_cast<int>(Stage::rational)], 1000u);
}

TEST(ReferencePredicates3, NearDegenerateInputsDeferToExactStages) {
  std::mt19937_64 rng(kSeed + 2);
  std::uniform_real_distribution<double> u(-1, 1);
  StageCounts counts;
  int nonzero = 0;
  for (int i = 0; i < 3000; ++i) {
    // s = p + α(q − p) + β(r − p) rounded, then nudged by 0..2 ulps in one coordinate: coplanar or
    // off the plane by far less than the filter's bound.
    const Point3 p{u(rng), u(rng), u(rng)}, q{u(rng), u(rng), u(rng)}, r{u(rng), u(rng), u(rng)};
    const double al = u(rng), be = u(rng);
    Point3 s{p.x + al * (q.x - p.x) + be * (r.x - p.x), p.y + al * (q.y - p.y) + be * (r.y - p.y),
             p.z + al * (q.z - p.z) + be * (r.z - p.z)};
    for (int k = static_cast<int>(rng() % 3); k > 0; --k) s.z = std::nextafter(s.z, 2.0);
    const Point3 shift{3.5, -1e-7, 1e5};  // exact translation adds lo parts
    const ExactPoint3 e[4] = {diff(p, shift), diff(q, shift), diff(r, shift), diff(s, shift)};
    StageCounts local;
    expect_agrees(e[0], e[1], e[2], e[3], local, "near-degenerate", i);
    nonzero += orient3d_sign_rational(to_rational(e[0]), to_rational(e[1]), to_rational(e[2]),
                                      to_rational(e[3])) != 0;
    counts += local;
  }
  EXPECT_GT(nonzero, 1000);
  // The filter's bound is ~16u·P: these are all within a few ulps of the plane, so nearly all
  // are deferred.
  EXPECT_GT(counts.decided[static_cast<int>(Stage::expansion)], 2500u);
}

TEST(ReferencePredicates3, LargeIntegersNeedTheExactStage) {
  // Small integer offsets from 2^52 (every coordinate and difference an exact double, lo parts
  // 0): the filter's bound scales with the magnitudes (~16u·(2^53)³), far above these
  // determinants (< 2^12), so the exact stage decides them, zero or not.
  std::mt19937_64 rng(kSeed + 4);
  std::uniform_int_distribution<int> off(-8, 8);
  StageCounts counts;
  int positive = 0, negative = 0, zero = 0;
  for (int i = 0; i < 2000; ++i) {
    auto pt = [&] { return dbl(0x1p52 + off(rng), 0x1p52 + off(rng), -0x1p52 + off(rng)); };
    const ExactPoint3 p = pt(), q = pt(), r = pt(), s = pt();
    StageCounts local;
    expect_agrees(p, q, r, s, local, "large integers", i);
    const int want =
        orient3d_sign_rational(to_rational(p), to_rational(q), to_rational(r), to_rational(s));
    positive += want > 0;
    negative += want < 0;
    zero += want == 0;
    counts += local;
  }
  EXPECT_GT(positive, 500);
  EXPECT_GT(negative, 500);
  EXPECT_GT(zero, 10);
  EXPECT_EQ(counts.decided[static_cast<int>(Stage::filter)], 0u);
}

TEST(ReferencePredicates3, Collinear3AgreesWithTheRationalCrossProduct) {
  std::mt19937_64 rng(kSeed + 3);
  std::uniform_int_distribution<int> lat(-2, 2);
  StageCounts counts;
  int collinear = 0;
  for (int i = 0; i < 4000; ++i) {
    auto lp = [&] { return Point3{double(lat(rng)), double(lat(rng)), double(lat(rng))}; };
    const Point3 a = lp(), b = lp();
    Point3 c = lp();
    if (i % 2 == 0) {  // on the line through a and b by construction
      const int k = lat(rng);
      c = {a.x + k * (b.x - a.x), a.y + k * (b.y - a.y), a.z + k * (b.z - a.z)};
    }
    const double scale = i % 3 == 0 ? 0x1p-800 : (i % 3 == 1 ? 1.0 : 0x1p800);
    const Point3 shift{0.1, 1e20, -3};
    auto sc = [&](const Point3& v) {
      return i % 3 == 1 ? diff(v, shift) : exact({v.x * scale, v.y * scale, v.z * scale});
    };
    const ExactPoint3 p = sc(a), q = sc(b), r = sc(c);
    const RationalPoint3 P = to_rational(p), Q = to_rational(q), R = to_rational(r);
    // (Q − P) × (R − P) = 0 componentwise.
    const Rational nx = (Q.y - P.y) * (R.z - P.z) - (Q.z - P.z) * (R.y - P.y);
    const Rational ny = (Q.z - P.z) * (R.x - P.x) - (Q.x - P.x) * (R.z - P.z);
    const Rational nz = (Q.x - P.x) * (R.y - P.y) - (Q.y - P.y) * (R.x - P.x);
    const bool want = nx == 0 && ny == 0 && nz == 0;
    collinear += want;
    const bool dom = in_expansion_domain3(p) && in_expansion_domain3(q) && in_expansion_domain3(r);
    ASSERT_EQ(collinear3(p, q, r, dom, counts), want) << "case " << i << " seed " << kSeed + 3;
  }
  EXPECT_GT(collinear, 2000);  // half by construction
}

// det3_sign: hand-derived signs, then random and exactly degenerate difference vectors against
// det3_sign_rational (an independent rational evaluation of the same formula).
TEST(ReferencePredicates3, Det3HandDerivedSigns) {
  StageCounts c;
  const ExactPoint3 o = dbl(0, 0, 0), x = dbl(1, 0, 0), y = dbl(0, 1, 0), z = dbl(0, 0, 1);
  // det(x, y, z) = 1 for the unit vectors; here each is a difference of two shifted points:
  // (x + t) − t = x for t = (5, 7, −3).
  const ExactPoint3 t = dbl(5, 7, -3);
  EXPECT_EQ(det3_sign(t, dbl(6, 7, -3), o, y, x, dbl(1, 0, 1), true, c), 1);
  // Swapping two vectors flips the sign: det(y, x, z) = −1.
  EXPECT_EQ(det3_sign(o, y, t, dbl(6, 7, -3), x, dbl(1, 0, 1), true, c), -1);
  // det(x, y, x + 2y) = 0: the third vector is in the span of the first two.
  EXPECT_EQ(det3_sign(o, x, o, y, dbl(1, 1, 1), dbl(2, 3, 1), true, c), 0);
  // Integers near 2^40: the filter's bound (16u times products of magnitudes ~2^41) exceeds any
  // of these small determinants, so the exact stage decides; the differences and their products
  // are exact doubles, so its error-free double evaluation does. det((1, 2, 0), (0, 1, 3),
  // (2, 0, 1)) = 1·(1·1 − 3·0) − 2·(0·1 − 3·2) + 0 = 1 + 12 = 13 > 0; with the third vector
  // (1, 3, 3) = first + second the determinant is 0.
  {
    const double big = 0x1p40;
    const ExactPoint3 p0 = dbl(big, big, big), p1 = dbl(big + 1, big + 2, big);
    const ExactPoint3 q0 = dbl(-big, big, 3), q1 = dbl(-big, big + 1, 6);
    const ExactPoint3 r0 = dbl(big, -big, big), r1 = dbl(big + 2, -big, big + 1);
    const ExactPoint3 r2 = dbl(big + 1, -big + 3, big + 3);
    StageCounts e;
    EXPECT_EQ(det3_sign(p0, p1, q0, q1, r0, r1, true, e), 1);
    EXPECT_EQ(det3_sign(q0, q1, p0, p1, r0, r1, true, e), -1);
    EXPECT_EQ(det3_sign(p0, p1, q0, q1, r0, r2, true, e), 0);
    EXPECT_EQ(e.decided[static_cast<int>(Stage::expansion)], 3u);
  }
  // orient3d(p, q, r, s) = det3(p, q, p, r, p, s).
  EXPECT_EQ(det3_sign(o, x, o, y, o, z, true, c), orient3d_sign(o, x, y, z, true, c));
}

TEST(ReferencePredicates3, Det3AgreesWithRationals) {
  // 3,000 random cases and 3,000 degenerate ones (third vector a small-integer combination of the
  // first two, taken between points carrying lo parts), each with and without expansions.
  std::mt19937_64 rng(kSeed + 7);
  std::uniform_real_distribution<double> u(-1, 1);
  std::uniform_int_distribution<int> small(-3, 3);
  StageCounts counts;
  auto pt = [&] { return Point3{u(rng), u(rng), u(rng)}; };
  for (int i = 0; i < 6000; ++i) {
    ExactPoint3 v[6];
    if (i % 2 == 0) {
      for (auto& p : v) p = i % 4 == 0 ? diff(pt(), pt()) : dbl(u(rng), u(rng), u(rng));
    } else {
      // Integer data on a lattice with a common double shift: r1 − r0 = α(p1 − p0) + β(q1 − q0)
      // exactly, so det = 0; the points are differences of doubles (lo parts from the shift).
      const int a = small(rng), b = small(rng);
      std::uniform_int_distribution<int> coord(-50, 50);
      auto ip = [&] { return Point3{1.0 * coord(rng), 1.0 * coord(rng), 1.0 * coord(rng)}; };
      const Point3 P0 = ip(), P1 = ip(), Q0 = ip(), Q1 = ip(), R0 = ip();
      const Point3 R1{R0.x + a * (P1.x - P0.x) + b * (Q1.x - Q0.x),
                      R0.y + a * (P1.y - P0.y) + b * (Q1.y - Q0.y),
                      R0.z + a * (P1.z - P0.z) + b * (Q1.z - Q0.z)};
      const Point3 shift = pt();
      const Point3 raw[6] = {P0, P1, Q0, Q1, R0, R1};
      for (int k = 0; k < 6; ++k) v[k] = diff(raw[k], shift);
    }
    RationalPoint3 r[6];
    for (int k = 0; k < 6; ++k) r[k] = to_rational(v[k]);
    const int want = det3_sign_rational(r[0], r[1], r[2], r[3], r[4], r[5]);
    if (i % 2 == 1) {
      // The shifted lattice points: the vectors' exact values are the integer ones, so det = 0.
      ASSERT_EQ(want, 0) << "case " << i << " seed " << kSeed + 7;
    }
    bool dom = true;
    for (const auto& p : v) dom = dom && in_expansion_domain3(p);
    if (dom) {
      ASSERT_EQ(det3_sign(v[0], v[1], v[2], v[3], v[4], v[5], true, counts), want)
          << "case " << i << " seed " << kSeed + 7;
    }
    StageCounts ignored;
    ASSERT_EQ(det3_sign(v[0], v[1], v[2], v[3], v[4], v[5], false, ignored), want)
        << "case " << i << " (no expansions) seed " << kSeed + 7;
  }
  EXPECT_GT(counts.decided[static_cast<int>(Stage::filter)], 0u);
  EXPECT_GT(counts.decided[static_cast<int>(Stage::expansion)], 0u);
}

}  // namespace

}  // namespace predicates3_test_cpp
