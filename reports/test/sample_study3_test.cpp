// The report's 3D tolerance sweep and 3D contact study (sample_study.hpp: sweep3, contact_study3)
// on hand-made 3D cases whose answers are derived below, so that a missing or wrong 3D row fails.
// Every coordinate is a small dyadic number: exact in float and in double, so both precisions'
// rows must read the same.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "minkowski/fast/tolerances.hpp"
#include "minkowski/fast/tolerances3.hpp"
#include "minkowski/properties/judge3.hpp"
#include "minkowski/reports/sample_study.hpp"

namespace {

using minkowski::fixtures::Case3;
using minkowski::reference::Point3;
using minkowski::reference::Shape3;
using minkowski::reports::ContactExample;
using minkowski::reports::ContactRow;
using minkowski::reports::StudyCase3;
using minkowski::reports::SweepPoint;

Shape3 box(double x0, double x1, double y0, double y1, double z0, double z1) {
  Shape3 s;
  for (double x : {x0, x1})
    for (double y : {y0, y1})
      for (double z : {z0, z1}) s.points.push_back({x, y, z});
  return s;
}

Shape3 sphere(Point3 c, double r) { return Shape3{{c}, r}; }

StudyCase3 study_case(Shape3 a, Shape3 b, const std::string& family = "hand") {
  StudyCase3 sc;
  sc.c = Case3{"", std::move(a), std::move(b)};
  sc.exact = minkowski::properties::exact_answer3(sc.c, minkowski::reference::Detail::magnitudes);
  sc.family = family;
  return sc;
}

double depth_of(const StudyCase3& sc) { return -sc.exact.signed_distance.convert_to<double>(); }

// Two bars crossing like a plus sign, B above A: A = [-2, 2] x [-0.5, 0.5] x [-0.5, 0.5],
// B = [-0.5, 0.5] x [-2, 2] x [0.25, 1.25]. They overlap by 0.25 along +z (B's bottom 0.25 against
// A's top 0.5); along x or y the push is 2.5, along -z 1.75: depth 0.25, normal +z, unique.
StudyCase3 plus_sign() {
  return study_case(box(-2, 2, -0.5, 0.5, -0.5, 0.5), box(-0.5, 0.5, -2, 2, 0.25, 1.25));
}

// A large slab A = [-4, 4]^2 x [-1, 0] and a tetrahedron B with p1 = (0, 0, -0.25), p2 = (1, 0,
// -0.125), p3 = (0, 1, 1), p4 = (1, 1, 1) dipping into A's top face z = 0. Depth 0.25 along +z:
// tilting the direction by t costs A's support 4(|nx| + |ny|) against at most |nx| + |ny| gained
// on B (B lies in [0, 1]^2), so +z is the unique optimum.
//   Clipping: reference face A's top; incident face of B at its support vertex p1 most
//   anti-parallel to +z. B's faces at p1 (outward normals, from the cross products and the fourth
//   vertex's side): p1p2p3 (-0.125, -1.25, 1) faces up; p1p2p4 (0.125, 1.125, -1), z component
//   -1/1.510 = -0.662; p1p3p4 (0, 1.25, -1), -1/1.601 = -0.625. Incident face p1p2p4; inside A's
//   side planes |x|, |y| <= 4 every vertex survives; kept (separation <= 0): p1 at -0.25 and p2 at
//   -0.125, p4 (+1) not. Two points whose depths differ by 0.125; both on both surfaces.
//   Closest internal vertices: A's deepest vertices along +z (z = 0) and their neighbours lie at
//   |x| = |y| = 4, outside B; B's deepest along -z is p1, inside A; of its neighbours (p2, p3, p4)
//   the deepest along -z is p2, inside A: two points, both given SAT's depth 0.25 (one depth where
//   clipping's differ), and p2's point on A, p2 + 0.25·(0, 0, 1) = (1, 0, 0.125), lies 0.125 above
//   A: off the surfaces.
StudyCase3 tilted() {
  Shape3 b;
  b.points = {{0, 0, -0.25}, {1, 0, -0.125}, {0, 1, 1}, {1, 1, 1}};
  return study_case(box(-4, 4, -4, 4, -1, 0), b);
}

const ContactRow& row(const std::vector<ContactRow>& rows, const std::string& method,
                      const std::string& precision) {
  const auto it = std::find_if(rows.begin(), rows.end(), [&](const ContactRow& r) {
    return r.method == method && r.precision == precision;
  });
  EXPECT_NE(it, rows.end()) << method << " " << precision;
  return *it;
}

TEST(ContactStudy3, HandCasesAreWhatTheCommentsDerive) {
  const StudyCase3 plus = plus_sign(), tilt = tilted();
  ASSERT_EQ(plus.exact.relation, minkowski::reference::Relation::overlapping);
  ASSERT_EQ(tilt.exact.relation, minkowski::reference::Relation::overlapping);
  EXPECT_EQ(depth_of(plus), 0.25);
  EXPECT_EQ(depth_of(tilt), 0.25);
}

TEST(ContactStudy3, CrossingBarsLeaveInternalVerticesWithoutAPoint) {
  std::optional<ContactExample> example;
  const std::vector<ContactRow> rows = minkowski::reports::contact_study3({plus_sign()}, &example);
  // Four rows, each of dimension 3: manifold and internal_vertices, in double then float.
  ASSERT_EQ(rows.size(), 4u);
  for (const ContactRow& r : rows) EXPECT_EQ(r.dim, 3);
  for (const std::string p : {"double", "float"}) {
    // Clipping: B's bottom face [-0.5, 0.5] x [-2, 2] clipped to A's top face's |y| <= 0.5: the
    // square [-0.5, 0.5]^2 at z = 0.25, four corners, each 0.25 deep, on both surfaces.
    const ContactRow& clip = row(rows, "manifold", p);
    EXPECT_EQ(clip.overlapping, 1u);
    EXPECT_EQ(clip.no_points, 0u);
    EXPECT_EQ(clip.points, 4u);
    EXPECT_EQ(clip.off_surface, 0u);
    EXPECT_EQ(clip.single_depth, 0u);
    // Internal vertices: A's top vertices and their neighbours have |x| = 2 (outside B's
    // |x| <= 0.5), B's bottom vertices and theirs |y| = 2 (outside A's |y| <= 0.5): no point.
    const ContactRow& civ = row(rows, "internal_vertices", p);
    EXPECT_EQ(civ.overlapping, 1u);
    EXPECT_EQ(civ.no_points, 1u);
    EXPECT_EQ(civ.points, 0u);
  }
  ASSERT_TRUE(example.has_value());
  EXPECT_EQ(example->dim, 3);
  ASSERT_TRUE(example->internal_vertices3.has_value());
  EXPECT_FALSE(example->internal_vertices3->contacts.has_value() &&
               !example->internal_vertices3->contacts->empty());
}

TEST(ContactStudy3, TiltedTetrahedronGetsOneDepthForTwoPointsFromInternalVertices) {
  std::optional<ContactExample> example;
  const std::vector<ContactRow> rows = minkowski::reports::contact_study3({tilted()}, &example);
  for (const std::string p : {"double", "float"}) {
    const ContactRow& clip = row(rows, "manifold", p);
    EXPECT_EQ(clip.overlapping, 1u);
    EXPECT_EQ(clip.points, 2u);  // p1 and p2
    EXPECT_EQ(clip.no_points, 0u);
    EXPECT_EQ(clip.off_surface, 0u);
    EXPECT_EQ(clip.single_depth, 0u);
    const ContactRow& civ = row(rows, "internal_vertices", p);
    EXPECT_EQ(civ.overlapping, 1u);
    EXPECT_EQ(civ.points, 2u);        // p1 and p2, both at depth 0.25
    EXPECT_EQ(civ.single_depth, 1u);  // clipping's depths differ by 0.125
    EXPECT_EQ(civ.off_surface, 1u);   // p2's point on A is 0.125 above it
  }
  EXPECT_FALSE(example.has_value()) << "internal vertices found points: no example";
}

const SweepPoint* point(const std::vector<SweepPoint>& pts, const std::string& tol,
                        const std::string& precision, double setting) {
  for (const SweepPoint& p : pts)
    if (p.tolerance == tol && p.precision == precision && p.setting == setting) return &p;
  return nullptr;
}

// Two spheres apart by 1 (centres 3 apart, radii 1) and two overlapping by 1 (centres 1 apart):
// GJK and EPA on point cores are exact at every setting (distance |c_b − c_a| − 2, depth 2 −
// |c_b − c_a|, all exact numbers), the manifold's one contact too.
TEST(Sweep3, HasTheThreeSettingsOfThe3DLibraryWithTheirCounts) {
  const std::vector<StudyCase3> cases = {study_case(sphere({0, 0, 0}, 1), sphere({3, 0, 0}, 1)),
                                         study_case(sphere({0, 0, 0}, 1), sphere({1, 0, 0}, 1))};
  const std::vector<SweepPoint> pts = minkowski::reports::sweep3(cases);
  // Settings: the 16 decades 1e-16 … 1e-1 plus the default, which is no decade: GJK 4u (8.9e-16
  // double, 2.4e-7 float), EPA 24u (5.3e-15, 1.4e-6): 17 each. The keep limit starts at its floor
  // 32u = 3.6e-15 (double: decades 1e-14 … 1e-1, 14, + the floor = 15) or 1.9e-6 (float: 1e-5 …
  // 1e-1, 5, + 1 = 6). No rows for sat_parallel_axis and manifold_reference_face.
  auto count = [&](const std::string& tol, const std::string& p) {
    return std::count_if(pts.begin(), pts.end(), [&](const SweepPoint& x) {
      return x.tolerance == tol && x.precision == p;
    });
  };
  EXPECT_EQ(count("gjk_gap", "double"), 17);
  EXPECT_EQ(count("gjk_gap", "float"), 17);
  EXPECT_EQ(count("epa_tolerance", "double"), 17);
  EXPECT_EQ(count("epa_tolerance", "float"), 17);
  EXPECT_EQ(count("manifold_keep", "double"), 15);
  EXPECT_EQ(count("manifold_keep", "float"), 6);
  EXPECT_EQ(pts.size(), 17u * 4 + 15 + 6);
  for (const SweepPoint& p : pts) {
    EXPECT_EQ(p.dim, 3);
    // The keep limit judges only the pair the exact answer does not call separated.
    EXPECT_EQ(p.judged, p.tolerance == "manifold_keep" ? 1u : 2u) << p.tolerance << p.setting;
    EXPECT_EQ(p.failures, 0u) << p.tolerance << " " << p.precision << " " << p.setting;
    EXPECT_EQ(p.max_error, 0.0) << p.tolerance << " " << p.precision << " " << p.setting;
  }
  const double ud = std::ldexp(1.0, -53), uf = std::ldexp(1.0, -24);
  for (auto [tol, ulps] : {std::pair{"gjk_gap", minkowski::fast::kGjkGapUlps},
                           std::pair{"epa_tolerance", minkowski::fast::kEpa3ToleranceUlps},
                           std::pair{"manifold_keep", minkowski::fast::kSat3GapErrorUlps}}) {
    for (auto [prec, u] : {std::pair{"double", ud}, std::pair{"float", uf}}) {
      const SweepPoint* d = point(pts, tol, prec, ulps * u);
      ASSERT_NE(d, nullptr) << tol << " " << prec << ": no default point";
      EXPECT_TRUE(d->is_default);
    }
  }
  EXPECT_EQ(point(pts, "manifold_keep", "double", 1e-15), nullptr) << "below the floor";
}

// The keep limit reaches the 3D clipping: A the slab of tilted(), B the tetrahedron q1 = (0, 0,
// -0.25), q2 = (1, 0, 0.25), q3 = (0, 1, 1), q4 = (1, 1, 1). Depth 0.25 along +z (as tilted()).
// B's faces at q1, outward: q1q2q3 (-0.5, -1.25, 1) up; q1q2q4 (0.5, 0.75, -1), z -1/1.346 =
// -0.743; q1q3q4 (0, 1.25, -1), -0.625: incident face q1q2q4, separations -0.25, +0.25, +1.
// S = 4 (the slab), so the setting s asks for margin (s - 32u)·4: at 1e-2, 0.04 < 0.25 keeps q1
// alone, 0.25 deep = the exact depth; at 1e-1, 0.4 keeps q2 too, 0.25 outside contact: a contact
// depth of -0.25, below the allowed -(k·u·S + 4·5e-4·S) = -0.008 - k·u·S, a violation of about
// 0.25 / (u·S) = 0.0625 / u.
TEST(Sweep3, KeepLimitKeepsAPointOutsideContactOnceTheMarginReachesIt) {
  Shape3 b;
  b.points = {{0, 0, -0.25}, {1, 0, 0.25}, {0, 1, 1}, {1, 1, 1}};
  const StudyCase3 sc = study_case(box(-4, 4, -4, 4, -1, 0), b);
  ASSERT_EQ(depth_of(sc), 0.25);
  const std::vector<SweepPoint> pts = minkowski::reports::sweep3({sc});
  for (auto [prec, u] :
       {std::pair{"double", std::ldexp(1.0, -53)}, std::pair{"float", std::ldexp(1.0, -24)}}) {
    const SweepPoint* small = point(pts, "manifold_keep", prec, 1e-2);
    const SweepPoint* large = point(pts, "manifold_keep", prec, 1e-1);
    ASSERT_TRUE(small && large) << prec;
    EXPECT_EQ(small->judged, 1u);
    EXPECT_EQ(small->failures, 0u) << prec;
    EXPECT_EQ(small->max_error, 0.0) << prec;
    EXPECT_EQ(large->failures, 1u) << prec;
    // The error of the kept point's depth, in u·S: 0.25 below 0, less the allowance at most.
    EXPECT_GT(large->max_error, 0.2 / (u * 4)) << prec;
    EXPECT_LE(large->max_error, 0.25 / (u * 4) * (1 + 1e-6)) << prec;
  }
}

}  // namespace
