// Spheres and capsules (fast/include/minkowski/fast/segment3.hpp): the shapes' kinds, the
// closed-form closest points behind gjk_distance, gjk_overlap and penetration, and the contacts
// of contact_manifold for two point or segment cores. Every expected value is derived by hand in
// the comment above its check (small dyadic coordinates: most answers are exact in float and
// double); the random test compares with the segment distance of gjk3_test_util.hpp in long
// double. The closed form answers with iterations 0 and status converged (GJK's loop makes at
// least one support evaluation), which the tests check where the closed form must answer, so a
// pair sent to the wrong path fails.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "gjk3_test_util.hpp"
#include "minkowski/fast/gjk3.hpp"
#include "minkowski/fast/manifold3.hpp"
#include "minkowski/fast/penetration3.hpp"

// This file's names, in a namespace of their own: the test command compiles the suite as
// one translation unit (cmake/PrecompiledHeaders.cmake, minkowski_unity).
namespace segment3_test_cpp {

namespace {

using namespace gjk3_test;
using minkowski::fast::contact_manifold;
using minkowski::fast::FeatureType3;
using minkowski::fast::gjk_distance;
using minkowski::fast::gjk_overlap;
using minkowski::fast::GjkCache3;
using minkowski::fast::GjkStatus;
using minkowski::fast::Manifold3;
using minkowski::fast::ManifoldKind3;
using minkowski::fast::penetration;
using minkowski::fast::ShapeKind3;

template <class T>
T tol(T scale = T(1)) {
  return T(16) * eps<T>() * scale;
}

template <class T>
void expect_vec(Vec3<T> got, Vec3<T> want, T t, const char* what = "") {
  EXPECT_NEAR(got.x, want.x, t) << what << ".x";
  EXPECT_NEAR(got.y, want.y, t) << what << ".y";
  EXPECT_NEAR(got.z, want.z, t) << what << ".z";
}

template <class T>
class Segment3 : public ::testing::Test {};
using FloatTypes = ::testing::Types<float, double>;
TYPED_TEST_SUITE(Segment3, FloatTypes);

// The kind is the built core's dimension: one point (any radius) a point, two distinct points a
// segment, two points closer than the weld (4 ulps of S) a point, three points on a line a
// segment (the middle one dropped), a square a polygon, a cube a polytope.
TYPED_TEST(Segment3, KindIsDecidedByMakeShape3) {
  using T = TypeParam;
  EXPECT_EQ(point<T>(1, 2, 3, T(0.5)).kind(), ShapeKind3::point);
  EXPECT_EQ(segment<T>({0, 0, 0}, {1, 2, 3}, T(0.5)).kind(), ShapeKind3::segment);
  EXPECT_EQ(segment<T>({1, 1, 1}, {1, 1, 1 + eps<T>()}).kind(), ShapeKind3::point);
  EXPECT_EQ(shape<T>({{0, 0, 0}, {1, 1, 1}, {2, 2, 2}}).kind(), ShapeKind3::segment);
  EXPECT_EQ(shape<T>({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}}).kind(), ShapeKind3::polygon);
  EXPECT_EQ(box<T>(0, 0, 0, 1, 1, 1).kind(), ShapeKind3::polytope);
}

// Crossing capsules, the closest points inside both segments. A: (−1, 0, 0)–(3, 0, 0) (the x
// axis, d1 = (4, 0, 0)), radius 1/2; B: (−1, −1, 2)–(3, 3, 2) (d2 = (4, 4, 0), in the plane
// z = 2), radius 1/4. Both directions lie in planes z = const, so the common perpendicular is
// the z axis: it meets A's line at (0, 0, 0) (s = 1/4) and B's at (0, 0, 2) (t = 1/4), both
// inside. Core distance 2, distance 2 − 3/4 = 5/4, normal (0, 0, 1); point_a = (0, 0, 1/2),
// point_b = (0, 0, 2 − 1/4). c_A − c_B = (A0 − B0) + s·d1 − t·d2 with s + t = 1/2 <= 1: the
// simplex is the triangle (A0 − B0, A1 − B0, A0 − B1) with weights (1/2, 1/4, 1/4).
TYPED_TEST(Segment3, CrossingCapsulesClosedForm) {
  using T = TypeParam;
  const auto a = segment<T>({-1, 0, 0}, {3, 0, 0}, T(0.5));
  const auto b = segment<T>({-1, -1, 2}, {3, 3, 2}, T(0.25));
  GjkCache3 cache;
  const auto g = gjk_distance(a, b, &cache);
  EXPECT_EQ(g.status, GjkStatus::converged);
  EXPECT_EQ(g.iterations, 0);  // the closed form answered
  EXPECT_FALSE(g.intersects);
  EXPECT_NEAR(g.core_distance, T(2), tol<T>(2));
  EXPECT_NEAR(g.distance, T(1.25), tol<T>(2));
  expect_vec(g.normal, Vec3<T>{0, 0, 1}, tol<T>(), "normal");
  expect_vec(g.point_a, Vec3<T>{0, 0, T(0.5)}, tol<T>(4), "point_a");
  expect_vec(g.point_b, Vec3<T>{0, 0, T(1.75)}, tol<T>(4), "point_b");
  ASSERT_EQ(g.simplex.count, 3);
  const T want[3] = {T(0.5), T(0.25), T(0.25)};
  const unsigned want_a[3] = {0, 1, 0}, want_b[3] = {0, 0, 1};
  for (int k = 0; k < 3; ++k) {
    EXPECT_EQ(g.simplex.points[k].ia, want_a[k]);
    EXPECT_EQ(g.simplex.points[k].ib, want_b[k]);
    EXPECT_NEAR(g.simplex.bary[k], want[k], tol<T>());
  }
  EXPECT_EQ(cache.count, 3);
  EXPECT_FALSE(gjk_overlap(a, b));
  const auto p = penetration(a, b);
  EXPECT_FALSE(p.intersects);
  EXPECT_NEAR(p.distance, T(1.25), tol<T>(2));
  EXPECT_EQ(p.gjk_iterations, 0);
  // Radii 5/4 and 1 (sum 9/4 > 2): overlapping by 1/4 along +z; one contact (crossing capsules):
  // point_a = (0, 0, 5/4), point_b = (0, 0, 2 − 1) = (0, 0, 1), ids (A's edge, B's edge).
  const auto a2 = segment<T>({-1, 0, 0}, {3, 0, 0}, T(1.25));
  const auto b2 = segment<T>({-1, -1, 2}, {3, 3, 2}, T(1));
  EXPECT_TRUE(gjk_overlap(a2, b2));
  const auto q = penetration(a2, b2);
  EXPECT_TRUE(q.intersects);
  EXPECT_NEAR(q.depth, T(0.25), tol<T>(4));
  expect_vec(q.normal, Vec3<T>{0, 0, 1}, tol<T>(), "penetration normal");
  EXPECT_EQ(q.gjk_iterations, 0);
  const Manifold3<T> m = contact_manifold(a2, b2);
  ASSERT_EQ(m.point_count, 1);
  EXPECT_EQ(m.kind, ManifoldKind3::closest);
  expect_vec(m.normal, Vec3<T>{0, 0, 1}, tol<T>(), "manifold normal");
  expect_vec(m.points[0].point_a, Vec3<T>{0, 0, T(1.25)}, tol<T>(4), "contact point_a");
  expect_vec(m.points[0].point_b, Vec3<T>{0, 0, 1}, tol<T>(4), "contact point_b");
  EXPECT_NEAR(m.points[0].separation, T(-0.25), tol<T>(4));
  EXPECT_EQ(m.points[0].id.type_a, FeatureType3::edge);
  EXPECT_EQ(m.points[0].id.type_b, FeatureType3::edge);
}

// Parallel capsules overlapping along their length. A: (0, 0, 0)–(4, 0, 0), radius 1/2; B:
// (1, 0, 1)–(6, 0, 1), radius 3/4. The cores are parallel 1 apart (A ⊖ B is the segment
// [−6, 3] × {0} × {−1}, nearest the origin at (0, 0, −1)): core distance 1, depth 5/4 − 1 = 1/4
// along (0, 0, 1). B projects on A's segment onto x in [1, 4] (s in [1/4, 1]), so the manifold
// has two contacts, at x = 1 (A's edge, B's vertex 0: B0 projects there) and x = 4 (A's vertex
// 1, B's edge: t = 3/5): point_a = (x, 0, 1/2), point_b = (x, 0, 1 − 3/4), separation −1/4.
// Before the capsule path the manifold had one contact here.
TYPED_TEST(Segment3, ParallelCapsulesOverlappingAlongTheirLength) {
  using T = TypeParam;
  const auto a = segment<T>({0, 0, 0}, {4, 0, 0}, T(0.5));
  const auto b = segment<T>({1, 0, 1}, {6, 0, 1}, T(0.75));
  const auto g = gjk_distance(a, b);  // parallel: GJK's loop answers (kSegment3ParallelSine2)
  EXPECT_TRUE(g.intersects);
  EXPECT_NEAR(g.core_distance, T(1), tol<T>(6));
  expect_vec(g.normal, Vec3<T>{0, 0, 1}, tol<T>(), "normal");
  const auto p = penetration(a, b);
  EXPECT_NEAR(p.depth, T(0.25), tol<T>(6));
  const Manifold3<T> m = contact_manifold(a, b);
  ASSERT_EQ(m.point_count, 2);
  EXPECT_EQ(m.kind, ManifoldKind3::closest);
  expect_vec(m.normal, Vec3<T>{0, 0, 1}, tol<T>(), "manifold normal");
  const int lo = m.points[0].point_a.x < m.points[1].point_a.x ? 0 : 1;
  const auto& p1 = m.points[lo];
  const auto& p4 = m.points[1 - lo];
  expect_vec(p1.point_a, Vec3<T>{1, 0, T(0.5)}, tol<T>(6), "contact at x = 1, point_a");
  expect_vec(p1.point_b, Vec3<T>{1, 0, T(0.25)}, tol<T>(6), "contact at x = 1, point_b");
  expect_vec(p4.point_a, Vec3<T>{4, 0, T(0.5)}, tol<T>(6), "contact at x = 4, point_a");
  expect_vec(p4.point_b, Vec3<T>{4, 0, T(0.25)}, tol<T>(6), "contact at x = 4, point_b");
  EXPECT_NEAR(p1.separation, T(-0.25), tol<T>(6));
  EXPECT_NEAR(p4.separation, T(-0.25), tol<T>(6));
  EXPECT_EQ(p1.id.type_a, FeatureType3::edge);
  EXPECT_EQ(p1.id.type_b, FeatureType3::vertex);
  EXPECT_EQ(p1.id.index_b, 0u);
  EXPECT_EQ(p4.id.type_a, FeatureType3::vertex);
  EXPECT_EQ(p4.id.index_a, 1u);
  EXPECT_EQ(p4.id.type_b, FeatureType3::edge);
  // Swapped: the same two contacts with A and B exchanged and the normal reversed.
  const Manifold3<T> w = contact_manifold(b, a);
  ASSERT_EQ(w.point_count, 2);
  expect_vec(w.normal, Vec3<T>{0, 0, -1}, tol<T>(), "swapped normal");
  for (int k = 0; k < 2; ++k) EXPECT_NEAR(w.points[k].separation, T(-0.25), tol<T>(6));
  // Turned by 30° about z (no longer parallel: sin²θ = 1/4): one contact, at the crossing of the
  // projections. B from (2 − √3, −1, 1) to (2 + √3, 1, 1) (direction (2√3, 2, 0), 30° from x)
  // crosses A's line's projection at (2, 0) (t = 1/2; s = 1/2): core distance 1 along +z, depth
  // 1/4, one contact with point_a (2, 0, 1/2).
  const T r3 = std::sqrt(T(3));
  const auto c = segment<T>({2 - r3, -1, 1}, {2 + r3, 1, 1}, T(0.75));
  const Manifold3<T> n = contact_manifold(a, c);
  ASSERT_EQ(n.point_count, 1);
  expect_vec(n.points[0].point_a, Vec3<T>{2, 0, T(0.5)}, tol<T>(8), "crossing point_a");
  EXPECT_NEAR(n.points[0].separation, T(-0.25), tol<T>(8));
}

// Two capsules lying nearly along each other (slope 1/256 about y, sin²θ ≈ 1.5e-5: inside the
// two-contact angle kManifold3CapsuleParallelSine2) but overlapping at one end only. A as above
// (radius 1/2); B (radius 3/4) from (1, 0, 5/4 − 1/128) to (6, 0, 5/4 − 1/128 + 5/256): its
// core is lowest at B0, 5/4 − 1/128 above A's at x = 1 (the cores' closest points: B0 and
// (1, 0, 0)), and 5/4 + 1/256 above it at x = 4. Radii sum 5/4: overlapping by 1/128 at x = 1,
// apart by 1/256 at x = 4. At margin 0 the far end does not count: one contact, the closest
// points (point_a (1, 0, 1/2), separation −1/128); at margin 1/64 both ends do: two contacts,
// none deeper than the pair (n = (0, 0, 1) separates the cores) and none beyond the margin.
TYPED_TEST(Segment3, NearlyParallelCapsulesKeepOnlyContactsWithinTheMargin) {
  using T = TypeParam;
  const auto a = segment<T>({0, 0, 0}, {4, 0, 0}, T(0.5));
  const double z0 = 1.25 - 1.0 / 128;
  const auto b = segment<T>({1, 0, T(z0)}, {6, 0, T(z0 + 5.0 / 256)}, T(0.75));
  const Manifold3<T> m = contact_manifold(a, b);
  ASSERT_EQ(m.point_count, 1);
  expect_vec(m.points[0].point_a, Vec3<T>{1, 0, T(0.5)}, tol<T>(8), "point_a");
  EXPECT_NEAR(m.points[0].separation, T(-1.0 / 128), tol<T>(8));
  const Manifold3<T> wide_margin = contact_manifold(a, b, T(1.0 / 64));
  ASSERT_EQ(wide_margin.point_count, 2);
  for (int k = 0; k < 2; ++k) {
    EXPECT_GE(wide_margin.points[k].separation, T(-1.0 / 128) - tol<T>(8));
    EXPECT_LE(wide_margin.points[k].separation, T(1.0 / 64));
  }
}

// End to end. A: (0, 0, 0)–(2, 0, 0); B: (3, 1, 0)–(3, 4, 0). A1 = (2, 0, 0) projects on B's
// line at (3, 0, 0), below B0, and B0 projects on A's line at x = 3, beyond A1: the closest
// points are the two ends A1 and B0 (s = 1, t = 0), √2 apart along (1, 1, 0)/√2; the simplex is
// the single point A1 − B0 (vertices 1 and 0). Collinear end to end ([0, 1] and [3, 5] on the x
// axis, parallel: GJK's loop) is 2 apart along +x.
TYPED_TEST(Segment3, EndToEnd) {
  using T = TypeParam;
  const auto a = segment<T>({0, 0, 0}, {2, 0, 0});
  const auto b = segment<T>({3, 1, 0}, {3, 4, 0});
  const auto g = gjk_distance(a, b);
  EXPECT_EQ(g.iterations, 0);
  EXPECT_NEAR(g.distance, std::sqrt(T(2)), tol<T>(4));
  const T h = T(1) / std::sqrt(T(2));
  expect_vec(g.normal, Vec3<T>{h, h, 0}, tol<T>(), "normal");
  EXPECT_EQ(g.point_a, (Vec3<T>{2, 0, 0}));  // the vertices themselves
  EXPECT_EQ(g.point_b, (Vec3<T>{3, 1, 0}));
  ASSERT_EQ(g.simplex.count, 1);
  EXPECT_EQ(g.simplex.points[0].ia, 1u);
  EXPECT_EQ(g.simplex.points[0].ib, 0u);
  const auto c = gjk_distance(segment<T>({0, 0, 0}, {1, 0, 0}), segment<T>({3, 0, 0}, {5, 0, 0}));
  EXPECT_NEAR(c.distance, T(2), tol<T>(4));
  expect_vec(c.normal, Vec3<T>{1, 0, 0}, tol<T>(), "collinear normal");
  // With radii 1 and 1/2 (sum 3/2 > √2) the L-shaped pair overlaps by 3/2 − √2 at its ends:
  // one contact, ids (A's vertex 1, B's vertex 0).
  const Manifold3<T> m = contact_manifold(segment<T>({0, 0, 0}, {2, 0, 0}, T(1)),
                                          segment<T>({3, 1, 0}, {3, 4, 0}, T(0.5)));
  ASSERT_EQ(m.point_count, 1);
  EXPECT_NEAR(m.points[0].separation, std::sqrt(T(2)) - T(1.5), tol<T>(4));
  EXPECT_EQ(m.points[0].id.type_a, FeatureType3::vertex);
  EXPECT_EQ(m.points[0].id.index_a, 1u);
  EXPECT_EQ(m.points[0].id.type_b, FeatureType3::vertex);
  EXPECT_EQ(m.points[0].id.index_b, 0u);
}

// Coincident segments: A = B = (0, 0, 0)–(1, 2, 3), radii 1/4 each. The cores coincide (A ⊖ B is
// the segment from −(1, 2, 3) to (1, 2, 3) through the origin): the closed form declines
// (touching) and the general path answers: intersecting, core distance 0, depth 1/2 along a
// direction perpendicular to the segment; one contact of separation −1/2.
TYPED_TEST(Segment3, CoincidentSegments) {
  using T = TypeParam;
  const auto a = segment<T>({0, 0, 0}, {1, 2, 3}, T(0.25));
  const auto g = gjk_distance(a, a);
  EXPECT_TRUE(g.intersects);
  EXPECT_EQ(g.core_distance, T(0));
  EXPECT_EQ(g.status, GjkStatus::touching);  // GJK's loop (the closed form only converges)
  EXPECT_TRUE(gjk_overlap(a, a));
  const auto p = penetration(a, a);
  EXPECT_TRUE(p.intersects);
  EXPECT_NEAR(p.depth, T(0.5), tol<T>(8));
  EXPECT_NEAR(dot(p.normal, Vec3<T>{1, 2, 3}), T(0), tol<T>(8));
  const Manifold3<T> m = contact_manifold(a, a);
  ASSERT_EQ(m.point_count, 1);
  EXPECT_NEAR(m.points[0].separation, T(-0.5), tol<T>(8));
}

// A sphere at a capsule's end. Capsule A: (0, 0, 0)–(2, 0, 0), radius 1/2. Sphere B: centre
// (11/4, 1, 0), radius 1/2: it projects on A's line at x = 11/4 > 2, so the closest core point is
// A1 = (2, 0, 0), 5/4 away along (3/5, 4/5, 0): distance 5/4 − 1 = 1/4, point_a = A1 + n/2 =
// (23/10, 2/5, 0), point_b = centre − n/2 = (49/20, 3/5, 0). No contact at margin 0; one at
// margin 1/2, separation 1/4, ids (A's vertex 1, B's vertex 0). Radius 1 for B: overlapping by
// 1/4 along n.
TYPED_TEST(Segment3, SphereAtACapsuleEnd) {
  using T = TypeParam;
  const auto a = segment<T>({0, 0, 0}, {2, 0, 0}, T(0.5));
  const auto b = point<T>(T(2.75), 1, 0, T(0.5));
  const auto g = gjk_distance(a, b);
  EXPECT_EQ(g.iterations, 0);
  EXPECT_NEAR(g.distance, T(0.25), tol<T>(4));
  expect_vec(g.normal, Vec3<T>{T(0.6), T(0.8), 0}, tol<T>(), "normal");
  expect_vec(g.point_a, Vec3<T>{T(2.3), T(0.4), 0}, tol<T>(4), "point_a");
  expect_vec(g.point_b, Vec3<T>{T(2.45), T(0.6), 0}, tol<T>(4), "point_b");
  ASSERT_EQ(g.simplex.count, 1);
  EXPECT_EQ(g.simplex.points[0].ia, 1u);
  EXPECT_FALSE(gjk_overlap(a, b));
  EXPECT_EQ(contact_manifold(a, b).point_count, 0);
  const Manifold3<T> m = contact_manifold(a, b, T(0.5));
  ASSERT_EQ(m.point_count, 1);
  EXPECT_NEAR(m.points[0].separation, T(0.25), tol<T>(4));
  EXPECT_EQ(m.points[0].id.type_a, FeatureType3::vertex);
  EXPECT_EQ(m.points[0].id.index_a, 1u);
  EXPECT_EQ(m.points[0].id.type_b, FeatureType3::vertex);
  // Swapped (point A, segment B): the same distance, the normal reversed.
  const auto s = gjk_distance(b, a);
  EXPECT_EQ(s.iterations, 0);
  EXPECT_NEAR(s.distance, T(0.25), tol<T>(4));
  expect_vec(s.normal, Vec3<T>{T(-0.6), T(-0.8), 0}, tol<T>(), "swapped normal");
  const auto big = point<T>(T(2.75), 1, 0, T(1));
  const auto p = penetration(a, big);
  EXPECT_TRUE(p.intersects);
  EXPECT_NEAR(p.depth, T(0.25), tol<T>(4));
  // Beside the segment's middle: centre (1, 3/4, 0), core distance 3/4 along (0, 1, 0).
  const auto side = gjk_distance(a, point<T>(1, T(0.75), 0));
  EXPECT_EQ(side.iterations, 0);
  EXPECT_NEAR(side.core_distance, T(0.75), tol<T>(4));
  expect_vec(side.normal, Vec3<T>{0, 1, 0}, tol<T>(), "side normal");
}

// Cores that pass a few u·S apart (fuzz3-67a509b89a10439a's geometry, in both types). A runs
// along d1 ∝ (4, −2, 3) and B along d2 ∝ (1, −2, 0) through points P and P + δ·m of a generic
// point P (coordinates ~3, not dyadic: the vertices round), m = (2, 1, −2)/3: d1 × d2 ∝
// (6, 3, −6), so m is the common perpendicular (hand check: m·(4, −2, 3) = (8 − 2 − 6)/3 = 0,
// m·(1, −2, 0) = 0) and the cores are δ apart at inner parameters. δ = 16 u·(S_A + S_B) (S ~ 6):
// beyond GJK's touching band (4 u·(S_A + S_B)), so the closed form answers, yet its v carries
// rounding of a few u·S in every direction. The normal must be ±m up to the rounding of the
// inputs (the rounded segments' perpendicular is within ~u·S/|d| of m; 64 u allowed): before the
// fix it was v's noise, 0.03 rad off in double. With radii 1 the cores' push is the MTV: B moved
// by depth·normal must leave the cores 2 apart (long double, 64 u·S allowed; the fuzz case left
// 8e11 u·S).
TYPED_TEST(Segment3, CoresAFewUlpsApartTakeTheCommonPerpendicular) {
  using T = TypeParam;
  const Vec3<double> P{3.1415926535, -2.7182818284, 1.4142135623};
  const Vec3<double> e1{4, -2, 3}, e2{1, -2, 0}, m{2.0 / 3, 1.0 / 3, -2.0 / 3};
  const double S = 6.5;  // ≥ every |coordinate| below
  const double delta = 16 * double(eps<T>()) / 2 * (2 * S);
  for (const double sign : {1.0, -1.0}) {
    const Vec3<double> a0 = P + 0.5 * e1, a1 = P - 0.5 * e1;
    const Vec3<double> b0 = P + (sign * delta) * m + 0.7 * e2,
                       b1 = P + (sign * delta) * m - 0.9 * e2;
    auto narrow = [](Vec3<double> p) { return Vec3<T>{T(p.x), T(p.y), T(p.z)}; };
    const auto a = segment<T>(narrow(a0), narrow(a1), T(1)),
               b = segment<T>(narrow(b0), narrow(b1), T(1));
    const auto g = gjk_distance(a, b);
    ASSERT_EQ(g.iterations, 0) << "the closed form must answer";
    const double along =
        std::abs(double(g.normal.x) * m.x + double(g.normal.y) * m.y + double(g.normal.z) * m.z);
    EXPECT_GE(along, 1 - 64 * double(eps<T>())) << "normal off the common perpendicular";
    const auto p = penetration(a, b);
    ASSERT_TRUE(p.intersects);
    const Vec3<LD> push = LD(p.depth) * wide(p.normal);
    const LD apart = segment_segment(wide(a.vertex(0)), wide(a.vertex(1)), wide(b.vertex(0)) + push,
                                     wide(b.vertex(1)) + push);
    EXPECT_NEAR(double(apart), 2.0, 64 * double(eps<T>()) / 2 * S) << "sign " << sign;
  }
}

// Random segment pairs against the long-double segment distance (gjk3_test_util.hpp), with the
// hard cases of the closed form built in: B's line crossing A's (projected) at an interior
// point, at angles down to just above kSegment3ParallelSine2 (sin θ = 1/15), the lines 0, 1e-9
// or 1e-3 apart (the interior solution's error was largest where the cores nearly touch: see
// segment3.hpp). Every answer of the closed form (iterations 0) is within the 3D distance bound,
// 8 u·S (properties/bounds.hpp, gjk distance; S the largest coordinate), and the witness points
// are that far apart.
TYPED_TEST(Segment3, RandomSegmentsAgainstLongDouble) {
  using T = TypeParam;
  std::mt19937 rng(20261128);
  std::uniform_real_distribution<double> u(-1, 1);
  const double sines[] = {1.0 / 15, 0.2, 0.7, 1.0};
  const double gaps[] = {0, 1e-9, 1e-3, 0.3};
  int closed = 0;
  for (int k = 0; k < 4000; ++k) {
    Vec3<T> p0{T(u(rng)), T(u(rng)), T(u(rng))}, p1{T(u(rng)), T(u(rng)), T(u(rng))};
    Vec3<T> q0, q1;
    if (k % 2 == 0) {
      q0 = {T(u(rng)), T(u(rng)), T(u(rng))}, q1 = {T(u(rng)), T(u(rng)), T(u(rng))};
    } else {
      // B through the point of A's segment at s, turned from A by θ in the plane of A's direction
      // and a perpendicular m, and lifted by the gap along the third direction l.
      const double s = 0.5 * (u(rng) + 1), si = sines[(k / 2) % 4], gap = gaps[(k / 8) % 4];
      const Vec3<double> a0{double(p0.x), double(p0.y), double(p0.z)};
      const Vec3<double> a1{double(p1.x), double(p1.y), double(p1.z)};
      const Vec3<double> e = a1 - a0;
      const double le = std::sqrt(dot(e, e));
      if (le < 0.1) continue;
      const Vec3<double> dir = (1 / le) * e;
      Vec3<double> m = cross(dir, Vec3<double>{0.3, -0.5, 0.8});
      m = (1 / std::sqrt(dot(m, m))) * m;
      const Vec3<double> l = cross(dir, m);
      const double co = std::sqrt(1 - si * si);
      const Vec3<double> bd = co * dir + si * m;
      const Vec3<double> c = a0 + s * e + gap * l;
      const double tb = 0.5 * (u(rng) + 1), len = 0.2 + 0.8 * (u(rng) + 1);
      const Vec3<double> b0 = c - (tb * len) * bd, b1 = c + ((1 - tb) * len) * bd;
      q0 = {T(b0.x), T(b0.y), T(b0.z)}, q1 = {T(b1.x), T(b1.y), T(b1.z)};
    }
    const auto a = segment<T>(p0, p1), b = segment<T>(q0, q1);
    if (a.kind() != ShapeKind3::segment || b.kind() != ShapeKind3::segment) continue;
    const auto g = gjk_distance(a, b);
    if (g.iterations != 0) continue;  // declined: GJK's loop, tested elsewhere
    ++closed;
    const double S = std::max(double(a.scale()), double(b.scale()));
    const double bound = 8 * double(eps<T>()) / 2 * S;
    const LD exact =
        segment_segment(wide(a.vertex(0)), wide(a.vertex(1)), wide(b.vertex(0)), wide(b.vertex(1)));
    ASSERT_NEAR(double(g.distance), double(exact), bound) << "pair " << k;
    ASSERT_NEAR(double(length(wide(g.point_b) - wide(g.point_a))), double(exact), bound)
        << "pair " << k;
  }
  // The closed form answers nearly all of them: a quarter of the built pairs (gap 0) touch, and
  // random pairs within kSegment3ParallelSine2 of parallel (~0.2%) go to GJK's loop.
  EXPECT_GT(closed, 2500);
}

}  // namespace

}  // namespace segment3_test_cpp
