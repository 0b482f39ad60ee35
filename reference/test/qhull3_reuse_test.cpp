// The 3D Qhull path (hull3_qhull_certified): a reused Qhull context proposes exactly what a fresh
// one does; Qhull's refusals are captured, never printed; the exact certificate rejects
// deliberately corrupted proposals (each corruption names the check it must trip); and the
// certified hull equals hull3_exact on point sets of every kind, each path (certified, repaired,
// refused, exact only) taken. Cases: as written below in both modes (a few hundred each), about a
// second in all.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>

#include "../src/hull3_certify.hpp"
#include "../src/qhull3_proposer.hpp"
#include "minkowski/reference/hull3.hpp"

// This file's names, in a namespace of their own: the test command compiles the suite as
// one translation unit (cmake/PrecompiledHeaders.cmake, minkowski_unity).
namespace qhull3_reuse_test_cpp {

namespace {

using namespace minkowski::reference;
using minkowski::reference::detail::Qhull3Facets;
using minkowski::reference::detail::Qhull3Proposer;

constexpr std::uint64_t kSeed = 0x9e11;

std::vector<double> cloud(std::mt19937_64& rng, int n, double scale) {
  std::uniform_real_distribution<double> u(-1, 1);
  std::vector<double> c;
  for (int i = 0; i < 3 * n; ++i) c.push_back(scale * u(rng));
  return c;
}

TEST(ReferenceQhull3Reuse, ReusedContextProposesWhatAFreshRunProposes) {
  std::mt19937_64 rng(kSeed);
  Qhull3Proposer reused, fresh;
  int compared = 0;
  for (int i = 0; i < 400; ++i) {
    // Wildly different scales in turn, so stale precision constants would show; every tenth set
    // flat (z = 0), which Qhull refuses, so reuse after an error is covered too.
    const double scale = std::ldexp(1.0, static_cast<int>(rng() % 80) - 40);
    std::vector<double> a = cloud(rng, 4 + static_cast<int>(rng() % 40), scale);
    if (i % 10 == 9)
      for (std::size_t k = 2; k < a.size(); k += 3) a[k] = 0;
    std::vector<double> b = a;
    Qhull3Facets fr, ff;
    int code_r = 0, code_f = 0;
    std::string msg;
    const bool ok_r = reused.propose(a, fr, code_r, msg);
    fresh.reset();
    const bool ok_f = fresh.propose(b, ff, code_f, msg);
    ASSERT_EQ(ok_r, ok_f) << "set " << i << " seed " << kSeed;
    ASSERT_EQ(code_r, code_f) << "set " << i;
    ASSERT_EQ(fr.ids, ff.ids) << "set " << i << " scale " << scale;
    ASSERT_EQ(fr.begin, ff.begin) << "set " << i;
    ASSERT_EQ(fr.normal, ff.normal) << "set " << i;
    compared += ok_r;
  }
  EXPECT_GT(compared, 300);
}

TEST(ReferenceQhull3Reuse, ErrorsAreCapturedAndTheContextRecovers) {
  Qhull3Proposer q;
  Qhull3Facets f;
  int code = 0;
  std::string msg;
  std::vector<double> tet = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1};
  ASSERT_TRUE(q.propose(tet, f, code, msg));
  EXPECT_EQ(f.size(), 4u);
  testing::internal::CaptureStdout();
  testing::internal::CaptureStderr();
  std::vector<double> flat = {0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0, 2, 3, 0};  // z = 0
  const bool flat_ok = q.propose(flat, f, code, msg);
  const std::string flat_msg = msg;
  std::vector<double> same = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};  // coincident
  const bool same_ok = q.propose(same, f, code, msg);
  EXPECT_EQ(testing::internal::GetCapturedStdout(), "");
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
  EXPECT_FALSE(flat_ok);
  EXPECT_NE(flat_msg.find("QH6154"), std::string::npos) << flat_msg;
  EXPECT_FALSE(same_ok);
  EXPECT_FALSE(msg.empty());
  ASSERT_TRUE(q.propose(tet, f, code, msg));
  EXPECT_EQ(f.size(), 4u);
}

/// The unit cube's corners (index 4x + 2y + z) and its six faces, counter-clockwise from outside
/// (derived in hull3_crosscheck_test's HandDerivedCube).
std::vector<ExactPoint3> cube() {
  std::vector<ExactPoint3> p;
  for (int i = 0; i < 8; ++i)
    p.push_back(exact(Point3{double(i >> 2), double((i >> 1) & 1), double(i & 1)}));
  return p;
}
const std::vector<std::vector<std::uint32_t>> kCubeFaces = {
    {0, 1, 3, 2}, {0, 2, 6, 4}, {0, 4, 5, 1}, {1, 5, 7, 3}, {2, 3, 7, 6}, {4, 6, 7, 5}};

std::string certify(const std::vector<ExactPoint3>& pts,
                    const std::vector<std::vector<std::uint32_t>>& facets) {
  StageCounts c;
  const bool ok = detail::certify_hull3(pts, facets, c);
  const std::string why = detail::last_certify_failure();
  EXPECT_EQ(ok, why.empty());
  return ok ? "ok" : why;
}

TEST(ReferenceQhull3Reuse, CertificateRejectsCorruptedProposals) {
  std::vector<ExactPoint3> pts = cube();
  EXPECT_EQ(certify(pts, kCubeFaces), "ok");
  auto faces = kCubeFaces;

  faces.pop_back();  // a hole: the edges of the missing face have no reverse
  EXPECT_EQ(certify(pts, faces), "unmatched edge");

  faces = kCubeFaces;
  faces.push_back(faces[0]);  // a face twice
  EXPECT_EQ(certify(pts, faces), "directed edge twice");

  faces = kCubeFaces;
  std::reverse(faces[3].begin(), faces[3].end());  // one face clockwise: its apex is outside
  EXPECT_EQ(certify(pts, faces), "facet apex: collinear or outside");

  faces = kCubeFaces;
  std::swap(faces[0][2], faces[0][3]);  // 0 1 2 3: a bow tie, not convex
  EXPECT_EQ(certify(pts, faces), "not strictly convex");

  faces = kCubeFaces;  // the face x = 0 split into two coplanar triangles: a flat edge 0–3
  faces[0] = {0, 1, 3};
  faces.push_back({0, 3, 2});
  EXPECT_EQ(certify(pts, faces), "edge not convex");

  // An edge midpoint as a vertex of both faces at that edge (0–4, faces y = 0 and z = 0): a
  // straight angle, so the faces are not strictly convex.
  pts.push_back(exact(Point3{0.5, 0, 0}));  // index 8
  faces = kCubeFaces;
  faces[1] = {0, 2, 6, 4, 8};
  faces[2] = {0, 8, 4, 5, 1};
  EXPECT_EQ(certify(pts, faces), "not strictly convex");
  pts.pop_back();

  // A corner lifted off its face's plane (7 → (1, 1, 1.5)): three faces are no longer planar.
  pts[7] = exact(Point3{1, 1, 1.5});
  EXPECT_EQ(certify(pts, kCubeFaces), "not coplanar");
  pts[7] = exact(Point3{1, 1, 1});

  // A point outside the proposal: the cube's faces certified against a ninth point beyond x = 1.
  pts.push_back(exact(Point3{1.25, 0.5, 0.5}));
  EXPECT_EQ(certify(pts, kCubeFaces), "point outside a plane");
  // A point on the plane z = 1 but outside the face: (0.5, 1.5, 1) lies above y = 1, so it is
  // caught there first; (0.5, 0.5, 1) inside the face passes.
  pts.back() = exact(Point3{0.5, 0.5, 1});
  EXPECT_EQ(certify(pts, kCubeFaces), "ok");
  pts.pop_back();

  // The corners of a square pyramid, its apex over the centre: the four triangles and the base
  // pass; proposing only the tetrahedron 0 1 2 4 leaves corner 3 in the plane of its base
  // triangle 0 2 1 but outside that triangle.
  std::vector<ExactPoint3> pyr = {exact(Point3{0, 0, 0}), exact(Point3{1, 0, 0}),
                                  exact(Point3{1, 1, 0}), exact(Point3{0, 1, 0}),
                                  exact(Point3{0.5, 0.5, 1})};
  const std::vector<std::vector<std::uint32_t>> pyramid = {
      {0, 1, 4}, {0, 3, 2, 1}, {0, 4, 3}, {1, 2, 4}, {2, 3, 4}};
  EXPECT_EQ(certify(pyr, pyramid), "ok");
  const std::vector<std::vector<std::uint32_t>> tetra = {
      {0, 1, 4}, {0, 2, 1}, {0, 4, 2}, {1, 2, 4}};
  EXPECT_EQ(certify(pyr, tetra),
            "point on a plane outside its facet");  // 3 is in the plane of 0 2 1
}

/// Difference points a_i − b_j (exact) of two point sets.
std::vector<ExactPoint3> minkowski_difference(const std::vector<Point3>& a,
                                              const std::vector<Point3>& b) {
  std::vector<ExactPoint3> d;
  for (const auto& p : a)
    for (const auto& q : b) d.push_back(exact_difference(p, q));
  return d;
}

std::vector<Point3> rotated_box(std::mt19937_64& rng, const Point3& c) {
  std::uniform_real_distribution<double> half(0.2, 2), u(-1, 1);
  const double hx = half(rng), hy = half(rng), hz = half(rng);
  double q[4] = {u(rng), u(rng), u(rng), u(rng)};
  const double qn = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
  for (double& v : q) v /= qn;
  const double r[3][3] = {{1 - 2 * (q[2] * q[2] + q[3] * q[3]), 2 * (q[1] * q[2] - q[0] * q[3]),
                           2 * (q[1] * q[3] + q[0] * q[2])},
                          {2 * (q[1] * q[2] + q[0] * q[3]), 1 - 2 * (q[1] * q[1] + q[3] * q[3]),
                           2 * (q[2] * q[3] - q[0] * q[1])},
                          {2 * (q[1] * q[3] - q[0] * q[2]), 2 * (q[2] * q[3] + q[0] * q[1]),
                           1 - 2 * (q[1] * q[1] + q[2] * q[2])}};
  std::vector<Point3> p;
  for (int i = 0; i < 8; ++i) {
    const double v[3] = {(i & 1) ? hx : -hx, (i & 2) ? hy : -hy, (i & 4) ? hz : -hz};
    p.push_back({c.x + r[0][0] * v[0] + r[0][1] * v[1] + r[0][2] * v[2],
                 c.y + r[1][0] * v[0] + r[1][1] * v[1] + r[1][2] * v[2],
                 c.z + r[2][0] * v[0] + r[2][1] * v[1] + r[2][2] * v[2]});
  }
  return p;
}

TEST(ReferenceQhull3Reuse, CertifiedHullEqualsTheExactHullOnEveryPath) {
  std::mt19937_64 rng(kSeed + 1);
  std::uniform_real_distribution<double> u(-3, 3);
  std::uniform_int_distribution<int> lat(-2, 2);
  HullStats stats;
  testing::internal::CaptureStdout();
  testing::internal::CaptureStderr();
  for (int i = 0; i < 400; ++i) {
    std::vector<ExactPoint3> pts;
    const int kind = i % 5;
    if (kind == 0) {  // random 8-vertex polytopes: general position, parallelogram faces
      std::vector<Point3> a, b;
      for (int k = 0; k < 8; ++k) a.push_back({u(rng), u(rng), u(rng)});
      for (int k = 0; k < 8; ++k) b.push_back({u(rng), u(rng), u(rng)});
      pts = minkowski_difference(a, b);
    } else if (kind == 1) {  // rotated boxes: faces Qhull merges within roundoff
      pts = minkowski_difference(rotated_box(rng, {u(rng), u(rng), u(rng)}),
                                 rotated_box(rng, {u(rng), u(rng), u(rng)}));
    } else if (kind == 2) {  // small lattices translated by a far point: ties, lo parts
      const Point3 shift{1e9 * u(rng), u(rng), 1e-3 * u(rng)};
      for (int k = 0; k < 30; ++k)
        pts.push_back(
            exact_difference(Point3{double(lat(rng)), double(lat(rng)), double(lat(rng))}, shift));
    } else if (kind == 3) {  // flat (z = x + y) or collinear: Qhull refuses
      for (int k = 0; k < 12; ++k) {
        const double x = lat(rng), y = (i % 2) ? lat(rng) : 2 * x;
        pts.push_back(exact(Point3{x, y, x + y}));
      }
    } else {  // tiny coordinates outside the expansion domain: the exact hull alone
      for (int k = 0; k < 12; ++k)
        pts.push_back(exact(Point3{lat(rng) * 0x1p-700, lat(rng) * 0x1p-700, lat(rng) * 0x1p-700}));
    }
    StageCounts counts;
    Hull3 certified = hull3_qhull_certified(pts, stats);
    const Hull3 exact_hull = hull3_exact(pts, counts);
    ASSERT_EQ(certified.in_expansion_domain, exact_hull.in_expansion_domain);
    certified.source = exact_hull.source;
    ASSERT_EQ(certified, exact_hull) << "case " << i << " kind " << kind << " seed " << kSeed + 1;
  }
  EXPECT_EQ(testing::internal::GetCapturedStdout(), "");
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
  for (int s = 0; s < 4; ++s)
    EXPECT_GT(stats.by_source[s], 20u) << to_string(static_cast<HullSource>(s));
  EXPECT_FALSE(stats.last_qhull_error.empty());
}

}  // namespace

}  // namespace qhull3_reuse_test_cpp
