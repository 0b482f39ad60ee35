// hull3_difference_certified against hull3_exact on the same difference points (an independent
// algorithm: the incremental exact hull, no Qhull, no normal cones) and, on small pairs, against
// hull3_brute_force (rationals, O(n^4)). Pair families: random polytopes (4..16 points, and 12 vs
// 12 as the oracle's benchmark), small-integer lattices (ties: coplanar faces, parallelogram
// faces, coincident differences), axis-aligned boxes (dyadic), rotated boxes (the same rotation
// for both, so D's faces are exactly parallel pairs only up to rounding), flat and lower-
// dimensional shapes (the general path), and translated copies (a = b + t: D is a point
// reflection of B − B). The differences are formed as the oracle forms them (oracle3.cpp,
// prepare): d[p·nb + q] = a[va[p]] − b[vb[q]], exact_difference of the doubles. Both paths are
// checked on every pair: the default (the exact hull of the kept points) and the Qhull path with
// the difference certificate (forced through detail::hull3_difference).
// Cases: 1,600 by default, 24,000 with MINKOWSKI_LONG_TESTS.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <sstream>

#include "../src/hull3_certify.hpp"
#include "minkowski/reference/hull3.hpp"

// This file's names, in a namespace of their own: the test command compiles the suite as
// one translation unit (cmake/PrecompiledHeaders.cmake, minkowski_unity).
namespace hull3_difference_test_cpp {

namespace {

using namespace minkowski::reference;

#ifdef MINKOWSKI_LONG_TESTS
constexpr int kCases = 24000;
#else
constexpr int kCases = 1600;
#endif
constexpr std::uint64_t kSeed = 0xd1ff3a11;

struct Pair {
  std::vector<Point3> a, b;
};

std::vector<ExactPoint3> exact_points(const std::vector<Point3>& p) {
  std::vector<ExactPoint3> e(p.size());
  for (std::size_t i = 0; i < p.size(); ++i) e[i] = exact(p[i]);
  return e;
}

std::string describe(const Pair& pr) {
  std::ostringstream o;
  o.precision(17);
  o << "A:";
  for (const auto& p : pr.a) o << " (" << p.x << ", " << p.y << ", " << p.z << ")";
  o << " B:";
  for (const auto& p : pr.b) o << " (" << p.x << ", " << p.y << ", " << p.z << ")";
  return o.str();
}

Point3 rotate(const double r[3][3], const Point3& p) {
  return {r[0][0] * p.x + r[0][1] * p.y + r[0][2] * p.z,
          r[1][0] * p.x + r[1][1] * p.y + r[1][2] * p.z,
          r[2][0] * p.x + r[2][1] * p.y + r[2][2] * p.z};
}

/// A rotation matrix from a random unit quaternion (rounded: orthogonal only approximately,
/// which is all a test input needs).
void random_rotation(std::mt19937_64& rng, double r[3][3]) {
  std::normal_distribution<double> g;
  double w = g(rng), x = g(rng), y = g(rng), z = g(rng);
  const double n = std::sqrt(w * w + x * x + y * y + z * z);
  w /= n, x /= n, y /= n, z /= n;
  const double m[3][3] = {{1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)},
                          {2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)},
                          {2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)}};
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) r[i][j] = m[i][j];
}

std::vector<Point3> box(std::mt19937_64& rng, bool dyadic) {
  std::uniform_int_distribution<int> ci(-8, 8), si(1, 6);
  std::uniform_real_distribution<double> u(-1, 1), s(0.1, 2);
  double c[3], h[3];
  for (int k = 0; k < 3; ++k) {
    c[k] = dyadic ? ci(rng) / 4.0 : u(rng);
    h[k] = dyadic ? si(rng) / 8.0 : s(rng);
  }
  std::vector<Point3> v;
  for (int m = 0; m < 8; ++m)
    v.push_back({c[0] + ((m & 1) ? h[0] : -h[0]), c[1] + ((m & 2) ? h[1] : -h[1]),
                 c[2] + ((m & 4) ? h[2] : -h[2])});
  return v;
}

/// A pair of the family `mode` (see the switch).
Pair make_pair_case(std::mt19937_64& rng, int mode) {
  std::uniform_real_distribution<double> u(-1, 1);
  std::uniform_int_distribution<int> lat(-2, 2), cnt(4, 16), small_cnt(1, 7);
  auto random_set = [&](int n, double cx) {
    std::vector<Point3> v(static_cast<std::size_t>(n));
    for (auto& p : v) p = {cx + u(rng), u(rng), u(rng)};
    return v;
  };
  auto lattice_set = [&](int n) {
    std::vector<Point3> v(static_cast<std::size_t>(n));
    for (auto& p : v) p = {double(lat(rng)), double(lat(rng)), double(lat(rng))};
    return v;
  };
  Pair pr;
  switch (mode % 8) {
    case 0:  // random polytopes, 12 vs 12, apart or overlapping
      pr.a = random_set(12, (mode / 8) % 2 ? 3.0 : 0.0);
      pr.b = random_set(12, 0.0);
      break;
    case 1:  // random, assorted sizes
      pr.a = random_set(cnt(rng), 0.5);
      pr.b = random_set(cnt(rng), 0.0);
      break;
    case 2:  // small-integer lattices: ties everywhere
      pr.a = lattice_set(cnt(rng));
      pr.b = lattice_set(cnt(rng));
      break;
    case 3:  // axis-aligned dyadic boxes
      pr.a = box(rng, true);
      pr.b = box(rng, true);
      break;
    case 4: {  // boxes under one common rotation, and a box against a random polytope
      double r[3][3];
      random_rotation(rng, r);
      pr.a = box(rng, false);
      pr.b = box(rng, false);
      for (auto& p : pr.a) p = rotate(r, p);
      if ((mode / 8) % 2)
        pr.b = random_set(10, 0.0);
      else
        for (auto& p : pr.b) p = rotate(r, p);
      break;
    }
    case 5: {  // flat A (a plane polygon) or a segment or a point against a lattice or random B
      const int n = small_cnt(rng);
      for (int i = 0; i < n; ++i)
        pr.a.push_back((mode / 8) % 3 == 0   ? Point3{u(rng), u(rng), 0.5}
                       : (mode / 8) % 3 == 1 ? Point3{double(lat(rng)), 0, 0}
                                             : Point3{1, 2, 3});
      pr.b = (mode / 16) % 2 ? lattice_set(cnt(rng)) : random_set(cnt(rng), 0.0);
      if ((mode / 8) % 2) std::swap(pr.a, pr.b);
      break;
    }
    case 6: {  // a translated copy: a = b + t (D = B − B + t, centrally symmetric, many ties)
      pr.b = (mode / 8) % 2 ? lattice_set(cnt(rng)) : random_set(cnt(rng), 0.0);
      const Point3 t{double(lat(rng)), 0.5 * lat(rng), 0.25};
      for (const auto& p : pr.b) pr.a.push_back({p.x + t.x, p.y + t.y, p.z + t.z});
      break;
    }
    default:  // small pairs (brute force checks these too): random or lattice, 4 points each
      pr.a = (mode / 8) % 2 ? lattice_set(4) : random_set(4, 0.2);
      pr.b = (mode / 8) % 2 ? lattice_set(4) : random_set(4, 0.0);
      break;
  }
  return pr;
}

struct Prepared {
  std::vector<ExactPoint3> a, b, d;
  Hull3 ha, hb;
};

/// The oracle's construction (oracle3.cpp, prepare): hulls of both shapes, then the differences
/// of their hull vertices, a's vertex in the outer loop.
Prepared prepare(const Pair& pr) {
  Prepared p;
  p.a = exact_points(pr.a);
  p.b = exact_points(pr.b);
  StageCounts c;
  p.ha = hull3_exact(p.a, c);
  p.hb = hull3_exact(p.b, c);
  for (const std::uint32_t i : p.ha.vertices)
    for (const std::uint32_t j : p.hb.vertices) p.d.push_back(exact_difference(pr.a[i], pr.b[j]));
  return p;
}

bool same_hull(const Hull3& x, const Hull3& y) {
  return x.dimension == y.dimension && x.vertices == y.vertices && x.facets == y.facets;
}

TEST(ReferenceHull3Difference, EqualsTheExactHullOfTheDifferences) {
  std::mt19937_64 rng(kSeed);
  HullStats stats;
  std::uint64_t full_path = 0, random_full = 0, random_certified = 0;
  for (int i = 0; i < kCases; ++i) {
    const Pair pr = make_pair_case(rng, i);
    const Prepared p = prepare(pr);
    StageCounts c;
    const Hull3 want = hull3_exact(p.d, c);
    const Hull3 got = hull3_difference_certified(p.a, p.ha, p.b, p.hb, p.d, stats);
    ASSERT_TRUE(same_hull(got, want))
        << "case " << i << " mode " << i % 8 << " seed " << kSeed << "\n"
        << describe(pr);
    // The brute force (rationals, O(n^4) on 16 points) on every 8th small pair: 1 in 64 cases.
    if (i % 64 == 7 && p.d.size() <= 16) {
      std::vector<RationalPoint3> r;
      for (const auto& q : p.d) r.push_back(to_rational(q));
      const Hull3 brute = hull3_brute_force(r);
      ASSERT_TRUE(same_hull(got, brute)) << "case " << i << " seed " << kSeed << "\n"
                                         << describe(pr);
    }
    const bool full = p.ha.dimension == 3 && p.hb.dimension == 3;
    full_path += full;
    if (full) {
      // Every vertex of D is kept (the prefilter's claim); with at most 16 x 16 entries the
      // default path is the exact hull of the kept points (kDifferenceExactMax = 256).
      ASSERT_GE(detail::last_hull3_difference_trace().kept, want.vertices.size()) << "case " << i;
      ASSERT_TRUE(detail::last_hull3_difference_trace().exact_path) << "case " << i;
    }
    // The Qhull path with the difference certificate (the default path takes it only above
    // kDifferenceExactMax kept points).
    const Hull3 via_qhull =
        detail::hull3_difference(p.a, p.ha, p.b, p.hb, p.d, stats, detail::DifferencePath::qhull);
    ASSERT_TRUE(same_hull(via_qhull, want))
        << "case " << i << " mode " << i % 8 << " (Qhull path) seed " << kSeed << "\n"
        << describe(pr);
    if (full && i % 8 <= 1) {
      ++random_full;
      random_certified += detail::last_hull3_difference_trace().certificate_passed;
    }
  }
  EXPECT_GT(full_path, static_cast<std::uint64_t>(kCases / 2));
  // On random polytopes (no ties) Qhull's proposal passes the certificate: the Qhull path's
  // answer comes from the proposal, not from the fallback.
  EXPECT_EQ(random_certified, random_full);
}

TEST(ReferenceHull3Difference, ShapesWithManyFacets) {
  // A shape of 40 points on a sphere has about 2·40 − 4 = 76 triangular facets, more than the
  // 64 the prefilter's bitmask test handles, so its general loop runs; against a small random
  // shape, both ways round, on both paths. 20 pairs.
  std::mt19937_64 rng(kSeed + 3);
  std::normal_distribution<double> g;
  std::uniform_real_distribution<double> u(-1, 1);
  HullStats stats;
  int many = 0;
  for (int i = 0; i < 20; ++i) {
    Pair pr;
    for (int k = 0; k < 40; ++k) {
      const double x = g(rng), y = g(rng), z = g(rng), r = std::sqrt(x * x + y * y + z * z);
      pr.a.push_back({x / r, y / r, z / r});
    }
    for (int k = 0; k < 6; ++k) pr.b.push_back({u(rng), u(rng), u(rng)});
    if (i % 2) std::swap(pr.a, pr.b);
    const Prepared p = prepare(pr);
    many += p.ha.facets.size() > 64 || p.hb.facets.size() > 64;
    StageCounts c;
    const Hull3 want = hull3_exact(p.d, c);
    ASSERT_TRUE(same_hull(hull3_difference_certified(p.a, p.ha, p.b, p.hb, p.d, stats), want))
        << "case " << i << " seed " << kSeed + 3;
    ASSERT_TRUE(same_hull(
        detail::hull3_difference(p.a, p.ha, p.b, p.hb, p.d, stats, detail::DifferencePath::qhull),
        want))
        << "case " << i << " seed " << kSeed + 3;
  }
  EXPECT_GT(many, 10);
}

TEST(ReferenceHull3Difference, BoxesKeepExactlyTheirEightVertices) {
  // Hand derivation: at a corner of an axis-aligned box the edges point along +-x, +-y, +-z into
  // the box and the tangent cone is the octant they span. An edge of A at a_i along +x lies in
  // B's octant at b_j exactly when b_j is on B's min-x side, so a_i − b_j survives only when, on
  // every axis, a_i and b_j lie on opposite sides (a_i at max and b_j at min, or the reverse):
  // 2 choices per axis, 8 pairs, which are D's 8 vertices.
  std::mt19937_64 rng(kSeed + 1);
  HullStats stats;
  for (int i = 0; i < 200; ++i) {
    const Pair pr{box(rng, true), box(rng, true)};
    const Prepared p = prepare(pr);
    const Hull3 got = hull3_difference_certified(p.a, p.ha, p.b, p.hb, p.d, stats);
    EXPECT_EQ(detail::last_hull3_difference_trace().kept, 8u) << "case " << i;
    EXPECT_EQ(got.vertices.size(), 8u);
    EXPECT_EQ(got.facets.size(), 6u);
  }
}

TEST(ReferenceHull3Difference, CertificateRejectsAHullMissingAVertex) {
  // The true facets pass; the hull of d without one of D's vertices (a closed convex surface of
  // entries of d, every other check intact) must fail, because that vertex lies strictly outside
  // one of its facets' planes and the max-over-A / min-over-B step finds it. Also a proposal
  // with a facet reversed must fail.
  std::mt19937_64 rng(kSeed + 2);
  int tested = 0;
  for (int i = 0; i < 400; ++i) {
    const Pair pr = make_pair_case(rng, (i % 2) ? 3 : (i % 4 == 0 ? 0 : 2));
    const Prepared p = prepare(pr);
    if (p.ha.dimension != 3 || p.hb.dimension != 3) continue;
    StageCounts c;
    const Hull3 h = hull3_exact(p.d, c);
    ASSERT_TRUE(detail::certify_hull3_difference(p.a, p.ha, p.b, p.hb, p.d, h.facets, c))
        << detail::last_difference_certify_failure() << " case " << i;
    // Drop the vertex h.vertices[i % size]: the hull of the remaining entries, renumbered.
    const std::uint32_t gone = h.vertices[static_cast<std::size_t>(i) % h.vertices.size()];
    std::vector<ExactPoint3> rest;
    std::vector<std::uint32_t> index;
    for (std::uint32_t k = 0; k < p.d.size(); ++k)
      if (k != gone) rest.push_back(p.d[k]), index.push_back(k);
    const Hull3 hr = hull3_exact(rest, c);
    if (hr.dimension != 3) continue;
    auto facets = hr.facets;
    for (auto& f : facets)
      for (auto& v : f) v = index[v];
    EXPECT_FALSE(detail::certify_hull3_difference(p.a, p.ha, p.b, p.hb, p.d, facets, c))
        << "case " << i;
    EXPECT_STREQ(detail::last_difference_certify_failure(), "an entry outside a facet");
    auto flipped = h.facets;
    std::reverse(flipped[0].begin(), flipped[0].end());
    EXPECT_FALSE(detail::certify_hull3_difference(p.a, p.ha, p.b, p.hb, p.d, flipped, c));
    ++tested;
  }
  EXPECT_GT(tested, 300);
}

TEST(ReferenceHull3Difference, RejectsDifferencesThatDoNotMatch) {
  const Pair pr{{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}},
                {{0, 0, 0}, {2, 0, 0}, {0, 2, 0}, {0, 0, 2}}};
  Prepared p = prepare(pr);
  HullStats stats;
  auto d = p.d;
  d.pop_back();
  EXPECT_THROW(hull3_difference_certified(p.a, p.ha, p.b, p.hb, d, stats), InputError);
  d = p.d;
  d[5].x.hi += 1;
  EXPECT_THROW(hull3_difference_certified(p.a, p.ha, p.b, p.hb, d, stats), InputError);
  // The right differences: a tetrahedron minus a tetrahedron twice its size, 16 entries.
  EXPECT_NO_THROW(hull3_difference_certified(p.a, p.ha, p.b, p.hb, p.d, stats));
}

}  // namespace

}  // namespace hull3_difference_test_cpp
