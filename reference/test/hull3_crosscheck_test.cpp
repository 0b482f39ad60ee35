// hull3_exact and hull3_rational (one algorithm, two kernels) against hull3_brute_force (the
// definition in rationals, no shared code): equal Hull3 results (dimension, vertices, facets in
// hull3.hpp's convention) on small random and small-integer-lattice inputs. Lattices give
// coplanar facets, collinear points, duplicates, flat and collinear sets, so every dimension 0..3
// occurs; translated lattices give coordinates with nonzero lo parts (exact differences of
// doubles, as the oracle forms them); scaled lattices go outside the expansion domain.
// Cases: 1,500 by default, 20,000 with MINKOWSKI_LONG_TESTS.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <sstream>

#include "minkowski/reference/hull3.hpp"

// This file's names, in a namespace of their own: the test command compiles the suite as
// one translation unit (cmake/PrecompiledHeaders.cmake, minkowski_unity).
namespace hull3_crosscheck_test_cpp {

namespace {

using namespace minkowski::reference;

#ifdef MINKOWSKI_LONG_TESTS
constexpr int kCases = 20000;
#else
constexpr int kCases = 1500;
#endif
constexpr std::uint64_t kSeed = 0x4a113c0de;

std::string describe(const Hull3& h) {
  std::ostringstream o;
  o << "dim " << h.dimension << " vertices [";
  for (auto v : h.vertices) o << v << ' ';
  o << "] facets ";
  for (const auto& f : h.facets) {
    o << '(';
    for (auto v : f) o << v << ' ';
    o << ')';
  }
  return o.str();
}

std::string describe(const std::vector<ExactPoint3>& pts) {
  std::ostringstream o;
  o.precision(17);
  for (const auto& p : pts)
    o << "[" << p.x.hi << "+" << p.x.lo << ", " << p.y.hi << "+" << p.y.lo << ", " << p.z.hi << "+"
      << p.z.lo << "] ";
  return o.str();
}

/// A small random configuration of the kind `mode` (see the switch).
std::vector<ExactPoint3> make_case(std::mt19937_64& rng, int mode) {
  std::uniform_int_distribution<int> count(1, 11), lat(-2, 2), small(-1, 1);
  std::uniform_real_distribution<double> u(-1, 1);
  const int n = count(rng);
  std::vector<Point3> lattice;
  for (int i = 0; i < n; ++i) {
    Point3 p{double(lat(rng)), double(lat(rng)), double(lat(rng))};
    switch (mode % 5) {
      case 1:  // flat: the plane x + y + z = 1 (or z = 0)
        p.z = (i % 2) ? 1 - p.x - p.y : 0;
        if (i % 2 == 0) p.z = 0, p.x = double(lat(rng));
        break;
      case 2:  // on the line through (1, 0, -1) with direction (1, 2, -1), or one point
        p = {1.0 + p.x, 2.0 * p.x, -1.0 - p.x};
        break;
      case 3:  // a few distinct points, repeated
        p = {double(small(rng)), double(small(rng)), double(small(rng))};
        break;
      default:
        break;
    }
    lattice.push_back(p);
  }
  if (mode % 5 == 1 && lattice.size() > 0 && (mode / 5) % 2 == 0)
    for (auto& p : lattice) p.z = 0;  // half the flat cases in z = 0 exactly
  std::vector<ExactPoint3> pts;
  const Point3 shift{1e10 + 0.5 * u(rng), -3.3e-7 * u(rng), std::ldexp(u(rng), 30)};
  for (const Point3& p : lattice) {
    switch ((mode / 5) % 5) {
      case 0:
        pts.push_back(exact(p));
        break;
      case 1:  // translated: exact differences with lo parts, the lattice structure kept
        pts.push_back(exact_difference(
            Point3{1 + p.x * 0x1p-40, 1 + p.y * 0x1p-40, 1 + p.z * 0x1p-40}, shift));
        break;
      case 2:  // tiny, outside the expansion domain
        pts.push_back(exact(Point3{p.x * 0x1p-700, p.y * 0x1p-700, p.z * 0x1p-700}));
        break;
      case 3:  // huge, outside the expansion domain
        pts.push_back(exact(Point3{p.x * 0x1p700, p.y * 0x1p701, p.z * 0x1p699}));
        break;
      default:  // general position (random doubles), lattice points mixed in
        if (mode % 5 == 0)
          pts.push_back(exact(Point3{u(rng), u(rng), u(rng)}));
        else
          pts.push_back(exact(p));
        break;
    }
  }
  return pts;
}

TEST(ReferenceHull3Crosscheck, ExactAndRationalEqualBruteForce) {
  std::mt19937_64 rng(kSeed);
  int dims[4] = {};
  int with_lo = 0, outside = 0, coplanar_facets = 0;
  StageCounts counts;
  for (int i = 0; i < kCases; ++i) {
    const int mode = static_cast<int>(rng() % 25);
    const std::vector<ExactPoint3> pts = make_case(rng, mode);
    std::vector<RationalPoint3> q;
    bool lo = false, in = true;
    for (const auto& p : pts) {
      q.push_back(to_rational(p));
      lo = lo || p.x.lo != 0 || p.y.lo != 0 || p.z.lo != 0;
      in = in && in_expansion_domain3(p);
    }
    const Hull3 brute = hull3_brute_force(q);
    const Hull3 ex = hull3_exact(pts, counts);
    const Hull3 rat = hull3_rational(q);
    ASSERT_EQ(ex.in_expansion_domain, in);
    Hull3 ex_cmp = ex, rat_cmp = rat;
    ex_cmp.in_expansion_domain = rat_cmp.in_expansion_domain = brute.in_expansion_domain;
    ASSERT_EQ(ex_cmp, brute) << "case " << i << " seed " << kSeed << "\nexact " << describe(ex)
                             << "\nbrute " << describe(brute) << "\npoints " << describe(pts);
    ASSERT_EQ(rat_cmp, brute) << "case " << i << " seed " << kSeed << "\nrational " << describe(rat)
                              << "\nbrute " << describe(brute);
    ++dims[brute.dimension];
    with_lo += lo;
    outside += !in;
    if (brute.dimension == 3)
      for (const auto& f : brute.facets) coplanar_facets += f.size() > 3;
  }
  // Every dimension, lo parts, out-of-domain magnitudes and non-triangular facets occurred.
  EXPECT_GT(dims[0], kCases / 100);
  EXPECT_GT(dims[1], kCases / 50);
  EXPECT_GT(dims[2], kCases / 50);
  EXPECT_GT(dims[3], kCases / 4);
  EXPECT_GT(with_lo, kCases / 10);
  EXPECT_GT(outside, kCases / 10);
  EXPECT_GT(coplanar_facets, kCases / 20);
}

TEST(ReferenceHull3Crosscheck, LargerInputsThroughThePrefilter) {
  // hull3_exact leaves out points strictly inside a tetrahedron of extremes when it has 16 or
  // more points; hull3_rational never does. Both must still agree, and with the brute force on
  // the smaller of these sets. Difference points of lattice sets (ties, coplanar faces, lo parts)
  // and of random sets, 16..64 points. Cases: 30 (brute force on the 10 of at most 20 points).
  std::mt19937_64 rng(kSeed + 7);
  std::uniform_int_distribution<int> lat(-3, 3);
  std::uniform_real_distribution<double> u(-1, 1);
  StageCounts counts;
  int brute_checked = 0;
  for (int i = 0; i < 30; ++i) {
    const int na = 4 + static_cast<int>(rng() % 5), nb = 4 + static_cast<int>(rng() % 5);
    std::vector<Point3> a, b;
    for (int k = 0; k < na; ++k)
      a.push_back(i % 2 ? Point3{u(rng), u(rng), u(rng)}
                        : Point3{double(lat(rng)), double(lat(rng)), double(lat(rng))});
    for (int k = 0; k < nb; ++k)
      b.push_back(i % 2 ? Point3{u(rng) + 1e3, u(rng), u(rng)}
                        : Point3{lat(rng) * 0.5 + 1e6, lat(rng) * 0.25, double(lat(rng))});
    std::vector<ExactPoint3> pts;
    for (const auto& p : a)
      for (const auto& q : b) pts.push_back(exact_difference(p, q));
    const bool small = i % 3 == 0;
    if (small) pts.resize(16 + static_cast<std::size_t>(i % 5));
    std::vector<RationalPoint3> q;
    for (const auto& p : pts) q.push_back(to_rational(p));
    const Hull3 ex = hull3_exact(pts, counts);
    Hull3 rat = hull3_rational(q);
    rat.in_expansion_domain = ex.in_expansion_domain;
    ASSERT_EQ(ex, rat) << "case " << i << " seed " << kSeed + 7 << "\nexact " << describe(ex)
                       << "\nrational " << describe(rat);
    if (small) {
      Hull3 brute = hull3_brute_force(q);
      brute.in_expansion_domain = ex.in_expansion_domain;
      ASSERT_EQ(ex, brute) << "case " << i << "\nbrute " << describe(brute);
      ++brute_checked;
    }
  }
  EXPECT_EQ(brute_checked, 10);
}

TEST(ReferenceHull3Crosscheck, HandDerivedCube) {
  // The unit cube's 8 corners (index = 4x + 2y + z), its centre and an edge midpoint (inside or
  // on the boundary, never vertices), and a duplicate of corner 0 at index 10.
  std::vector<ExactPoint3> pts;
  for (int i = 0; i < 8; ++i)
    pts.push_back(exact(Point3{double(i >> 2), double((i >> 1) & 1), double(i & 1)}));
  pts.push_back(exact(Point3{0.5, 0.5, 0.5}));
  pts.push_back(exact(Point3{0.5, 0, 0}));
  pts.push_back(exact(Point3{0, 0, 0}));
  StageCounts c;
  const Hull3 h = hull3_exact(pts, c);
  EXPECT_EQ(h.dimension, 3);
  EXPECT_EQ(h.vertices, (std::vector<std::uint32_t>{0, 1, 2, 3, 4, 5, 6, 7}));
  // Six squares, counter-clockwise from outside, from the smallest index, sorted:
  // x = 0: 0 (000), 1 (001), 3 (011), 2 (010) — seen from −x, (0,0,0)→(0,0,1)→(0,1,1) turns
  // counter-clockwise (the normal (z × y) = −x points outward).
  const std::vector<std::vector<std::uint32_t>> want = {{0, 1, 3, 2}, {0, 2, 6, 4}, {0, 4, 5, 1},
                                                        {1, 5, 7, 3}, {2, 3, 7, 6}, {4, 6, 7, 5}};
  EXPECT_EQ(h.facets, want) << describe(h);
  std::vector<RationalPoint3> q;
  for (const auto& p : pts) q.push_back(to_rational(p));
  EXPECT_EQ(hull3_brute_force(q).facets, want);
}

}  // namespace

}  // namespace hull3_crosscheck_test_cpp
