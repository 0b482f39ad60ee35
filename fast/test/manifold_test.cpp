// Contact manifolds by clipping: point count, per-point separation, surface points and feature ids
// for every kind of shape pair. Expected values are derived by hand above each test.
#include <gtest/gtest.h>

#include "test_shapes.hpp"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <type_traits>
#include <utility>
#include <vector>

#include "minkowski/fast/manifold.hpp"

// This file's names, in a namespace of their own: the test command compiles the suite as
// one translation unit (cmake/PrecompiledHeaders.cmake, minkowski_unity).
namespace manifold_test_cpp {

namespace {

using minkowski::fast::contact_manifold;
using minkowski::fast::ContactFeature;
using minkowski::fast::ConvexShape;
using minkowski::fast::FeatureType;
using minkowski::fast::make_shape;
using minkowski::fast::Manifold;
using minkowski::fast::ManifoldKind;
using minkowski::fast::ManifoldOptions;
using minkowski::fast::ManifoldPoint;
using minkowski::fast::sat_query;
using minkowski::fast::SatAxis;
using minkowski::fast::SatCache;
using minkowski::fast::unit_roundoff;
using minkowski::fast::Vec2;

using minkowski::fast::test_support::box;
using minkowski::fast::test_support::shape;
using minkowski::fast::test_support::tol;
using minkowski::fast::test_support::vertex_near;

template <class T>
void expect_at(Vec2<T> got, double x, double y, const char* what) {
  EXPECT_NEAR(double(got.x), x, tol<T>()) << what << ".x";
  EXPECT_NEAR(double(got.y), y, tol<T>()) << what << ".y";
}

template <class T>
std::uint32_t face_with_normal(const ConvexShape<T>& s, double nx, double ny) {
  for (std::size_t i = 0; i < s.normals().size(); ++i)
    if (std::abs(double(s.normal(i).x) - nx) < 1e-6 && std::abs(double(s.normal(i).y) - ny) < 1e-6)
      return static_cast<std::uint32_t>(i);
  ADD_FAILURE() << "no face with normal (" << nx << ", " << ny << ")";
  return 0;
}

// Points of a manifold sorted by a key, so tests do not depend on clipping order.
template <class T, class Key>
std::vector<ManifoldPoint<T>> sorted_points(const Manifold<T>& m, Key key) {
  std::vector<ManifoldPoint<T>> p(m.points, m.points + m.point_count);
  std::sort(p.begin(), p.end(), [&](const auto& a, const auto& b) { return key(a) < key(b); });
  return p;
}

template <class T>
class ManifoldTyped : public ::testing::Test {};
using Types = ::testing::Types<float, double>;
TYPED_TEST_SUITE(ManifoldTyped, Types);

// Seed 002, first figure: a corner of B into a face of A gives ONE point. A = [0,2]², diamond B
// (1,1.75), (2,2.75), (1,3.75), (0,2.75). Reference: A's top face (gap −0.25, see sat_test).
// Incident: a lower edge of B, e.g. (1,1.75)→(2,2.75); inside the slab x in [0,2]; separations
// 1.75 − 2 = −0.25 (kept) and 2.75 − 2 = 0.75 (> margin 0, dropped).
TYPED_TEST(ManifoldTyped, CornerIntoFaceGivesOnePoint) {
  using T = TypeParam;
  const auto a = box<T>(0, 0, 2, 2);
  const auto b = shape<T>({{1, 1.75}, {2, 2.75}, {1, 3.75}, {0, 2.75}});
  const Manifold<T> m = contact_manifold(a, b);
  ASSERT_EQ(m.point_count, 1);
  EXPECT_EQ(m.kind, ManifoldKind::face_a);
  EXPECT_EQ(m.reference_face, face_with_normal(a, 0, 1));
  EXPECT_EQ(m.normal, (Vec2<T>{0, 1}));
  const ManifoldPoint<T>& p = m.points[0];
  EXPECT_EQ(p.separation, T(-0.25));
  EXPECT_EQ(p.point_a, (Vec2<T>{1, 2}));
  EXPECT_EQ(p.point_b, (Vec2<T>{1, 1.75}));
  EXPECT_EQ(p.point, (Vec2<T>{1, 1.875}));
  EXPECT_EQ(p.id, (ContactFeature{FeatureType::face, FeatureType::vertex, face_with_normal(a, 0, 1),
                                  vertex_near(b, 1, 1.75)}));
}

// Edge on edge gives TWO points. A = [0,4]×[0,1], B = [1,2]×[0.75,1.75]: reference A's top face,
// gap 0.75 − 1 = −0.25; B's bottom edge (1,0.75)→(2,0.75) lies inside the slab x in [0,4]; both
// ends have separation −0.25; A-side points on y = 1.
TYPED_TEST(ManifoldTyped, EdgeOnEdgeGivesTwoPoints) {
  using T = TypeParam;
  const auto a = box<T>(0, 0, 4, 1), b = box<T>(1, 0.75, 2, 1.75);
  const Manifold<T> m = contact_manifold(a, b);
  ASSERT_EQ(m.point_count, 2);
  EXPECT_EQ(m.normal, (Vec2<T>{0, 1}));
  const auto p = sorted_points(m, [](const auto& q) { return q.point.x; });
  for (int k = 0; k < 2; ++k) {
    EXPECT_EQ(p[k].separation, T(-0.25));
    EXPECT_EQ(p[k].point_a, (Vec2<T>{T(1 + k), 1}));
    EXPECT_EQ(p[k].point_b, (Vec2<T>{T(1 + k), 0.75}));
    EXPECT_EQ(p[k].id.type_a, FeatureType::face);
    EXPECT_EQ(p[k].id.type_b, FeatureType::vertex);
    EXPECT_EQ(p[k].id.index_b, vertex_near(b, 1 + k, 0.75));
  }
}

// Each point has its own depth. A = [0,4]×[0,2]; B with a tilted bottom (1,1.9)→(3,1.8):
// reference A's top face (gap −0.2; B's bottom face gap −0.5/√4.01 ≈ −0.2497 is worse).
// Separations: 1.9 − 2 = −0.1 at x = 1 and 1.8 − 2 = −0.2 at x = 3.
TYPED_TEST(ManifoldTyped, TiltedEdgeGetsADepthPerPoint) {
  using T = TypeParam;
  const auto a = box<T>(0, 0, 4, 2);
  const auto b = shape<T>({{1, 1.9}, {3, 1.8}, {3, 3}, {1, 3}});
  const Manifold<T> m = contact_manifold(a, b);
  ASSERT_EQ(m.point_count, 2);
  EXPECT_EQ(m.kind, ManifoldKind::face_a);
  const auto p = sorted_points(m, [](const auto& q) { return q.point.x; });
  EXPECT_NEAR(double(p[0].separation), -0.1, tol<T>());
  EXPECT_NEAR(double(p[1].separation), -0.2, tol<T>());
  expect_at(p[0].point_a, 1, 2, "left a");
  expect_at(p[1].point_b, 3, 1.8, "right b");
}

// The incident edge is clipped by the reference face's side planes. A = [0,2]², B =
// [−1,3]×[1.75,2.75]: reference A's top face (from (2,2) to (0,2)), incident B's bottom edge
// (−1,1.75)→(3,1.75), cut at x = 0 and x = 2. Both points are created by a side plane, so their ids
// are (A's vertex of that plane, B's bottom face).
TYPED_TEST(ManifoldTyped, SidePlanesClipTheIncidentEdge) {
  using T = TypeParam;
  const auto a = box<T>(0, 0, 2, 2), b = box<T>(-1, 1.75, 3, 2.75);
  const Manifold<T> m = contact_manifold(a, b);
  ASSERT_EQ(m.point_count, 2);
  const auto p = sorted_points(m, [](const auto& q) { return q.point.x; });
  for (int k = 0; k < 2; ++k) {
    EXPECT_EQ(p[k].separation, T(-0.25));
    EXPECT_EQ(p[k].point_b, (Vec2<T>{T(2 * k), 1.75}));
    EXPECT_EQ(p[k].id, (ContactFeature{FeatureType::vertex, FeatureType::face,
                                       vertex_near(a, 2 * k, 2), face_with_normal(b, 0, -1)}));
  }
}

// Circle over a face gives one point: centre (1,3), r 1.5 over A = [0,2]²: separation
// 3 − 2 − 1.5 = −0.5; on A (1,2), on the circle (1, 3 − 1.5) = (1, 1.5).
TYPED_TEST(ManifoldTyped, CircleOnFaceGivesOnePoint) {
  using T = TypeParam;
  const auto a = box<T>(0, 0, 2, 2);
  const Manifold<T> m = contact_manifold(a, shape<T>({{1, 3}}, 1.5));
  ASSERT_EQ(m.point_count, 1);
  EXPECT_EQ(m.kind, ManifoldKind::face_a);
  EXPECT_EQ(m.points[0].separation, T(-0.5));
  EXPECT_EQ(m.points[0].point_a, (Vec2<T>{1, 2}));
  EXPECT_EQ(m.points[0].point_b, (Vec2<T>{1, 1.5}));
  EXPECT_EQ(m.points[0].id,
            (ContactFeature{FeatureType::face, FeatureType::vertex, face_with_normal(a, 0, 1), 0}));
}

// Circle at a corner: vertex contact along (1,1)/√2 (see sat_test): separation √2 − 1.5, A's point
// the corner (2,2), the circle's point (3,3) − 1.5·(1,1)/√2.
TYPED_TEST(ManifoldTyped, CircleAtCornerGivesVertexContact) {
  using T = TypeParam;
  const auto a = box<T>(0, 0, 2, 2);
  const Manifold<T> m = contact_manifold(a, shape<T>({{3, 3}}, 1.5));
  ASSERT_EQ(m.point_count, 1);
  EXPECT_EQ(m.kind, ManifoldKind::vertex);
  const double h = std::sqrt(0.5);
  expect_at(m.normal, h, h, "normal");
  EXPECT_NEAR(double(m.points[0].separation), std::sqrt(2.0) - 1.5, tol<T>());
  expect_at(m.points[0].point_a, 2, 2, "a");
  expect_at(m.points[0].point_b, 3 - 1.5 * h, 3 - 1.5 * h, "b");
  EXPECT_EQ(m.points[0].id,
            (ContactFeature{FeatureType::vertex, FeatureType::vertex, vertex_near(a, 2, 2), 0}));
}

// Capsule lying on a box: core (−1,2.5)–(1,2.5), r 0.6, A = [−2,2]×[0,2]. The refinement finds
// A's top edge against the capsule's lower side (an interior point: not a vertex pair), so the
// capsule's side is clipped: both ends kept, separation 2.5 − 2 − 0.6 = −0.1 each; A-side points
// (±1, 2), capsule-side points (±1, 1.9).
TYPED_TEST(ManifoldTyped, CapsuleOnBoxGivesTwoPoints) {
  using T = TypeParam;
  const Manifold<T> m = contact_manifold(box<T>(-2, 0, 2, 2), shape<T>({{-1, 2.5}, {1, 2.5}}, 0.6));
  ASSERT_EQ(m.point_count, 2);
  EXPECT_EQ(m.normal, (Vec2<T>{0, 1}));
  const auto p = sorted_points(m, [](const auto& q) { return q.point.x; });
  for (int k = 0; k < 2; ++k) {
    const double x = k == 0 ? -1 : 1;
    EXPECT_NEAR(double(p[k].separation), -0.1, tol<T>());
    expect_at(p[k].point_a, x, 2, "a");
    expect_at(p[k].point_b, x, 1.9, "b");
  }
}

// Rounded box on rounded box: A core [0,2]×[0,1.75], rA 0.25 (surface y = 2); B core
// [0.5,1.5]×[2.25,3.25], rB 0.5 (surface y = 1.75). Core gap 0.5, separation 0.5 − 0.75 = −0.25;
// points at x = 0.5 and 1.5, on A's surface y = 2 and B's surface y = 1.75.
TYPED_TEST(ManifoldTyped, RoundedBoxesPutPointsOnTheirSurfaces) {
  using T = TypeParam;
  const Manifold<T> m =
      contact_manifold(box<T>(0, 0, 2, 1.75, 0.25), box<T>(0.5, 2.25, 1.5, 3.25, 0.5));
  ASSERT_EQ(m.point_count, 2);
  const auto p = sorted_points(m, [](const auto& q) { return q.point.x; });
  for (int k = 0; k < 2; ++k) {
    EXPECT_EQ(p[k].separation, T(-0.25));
    EXPECT_EQ(p[k].point_a, (Vec2<T>{T(0.5 + k), 2}));
    EXPECT_EQ(p[k].point_b, (Vec2<T>{T(0.5 + k), 1.75}));
    EXPECT_EQ(p[k].point, (Vec2<T>{T(0.5 + k), 1.875}));
  }
}

// Crossing segments A (−1,0)–(1,0), B (0.25,−1)–(0.25,2): SAT's best is B's face with normal
// (−1,0) (gap −0.75 against A's best −1), so B is the reference and the normal (A to B) is (1,0).
// A's segment is incident; the slab y in [−1,2] keeps both ends; separations −(x − 0.25): −0.75 at
// (1,0) (kept) and 1.25 at (−1,0) (dropped). B-side point: (0.25, 0).
TYPED_TEST(ManifoldTyped, CrossingSegmentsGiveOnePoint) {
  using T = TypeParam;
  const auto a = shape<T>({{-1, 0}, {1, 0}}), b = shape<T>({{0.25, -1}, {0.25, 2}});
  const Manifold<T> m = contact_manifold(a, b);
  ASSERT_EQ(m.point_count, 1);
  EXPECT_EQ(m.kind, ManifoldKind::face_b);
  EXPECT_EQ(m.normal, (Vec2<T>{1, 0}));
  EXPECT_EQ(m.points[0].separation, T(-0.75));
  EXPECT_EQ(m.points[0].point_a, (Vec2<T>{1, 0}));
  EXPECT_EQ(m.points[0].point_b, (Vec2<T>{0.25, 0}));
  EXPECT_EQ(m.points[0].id, (ContactFeature{FeatureType::vertex, FeatureType::face,
                                            vertex_near(a, 1, 0), face_with_normal(b, -1, 0)}));
}

// Collinear segments 1 apart: no point without margin; with margin 1.5 one speculative vertex
// contact (1,0)–(2,0) of separation 1.
TYPED_TEST(ManifoldTyped, CollinearSegmentsGiveASpeculativeVertexContact) {
  using T = TypeParam;
  const auto a = shape<T>({{0, 0}, {1, 0}}), b = shape<T>({{2, 0}, {3, 0}});
  EXPECT_EQ(contact_manifold(a, b).point_count, 0);
  const Manifold<T> m = contact_manifold(a, b, T(1.5));
  ASSERT_EQ(m.point_count, 1);
  EXPECT_EQ(m.kind, ManifoldKind::vertex);
  EXPECT_EQ(m.normal, (Vec2<T>{1, 0}));
  EXPECT_EQ(m.points[0].separation, T(1));
  EXPECT_EQ(m.points[0].point_a, (Vec2<T>{1, 0}));
  EXPECT_EQ(m.points[0].point_b, (Vec2<T>{2, 0}));
}

// Point (1,0.5) in A = [0,2]²: nearest face the bottom: normal (0,−1), separation −0.5, A-side
// point (1,0), B's point itself.
TYPED_TEST(ManifoldTyped, PointInsidePolygon) {
  using T = TypeParam;
  const Manifold<T> m = contact_manifold(box<T>(0, 0, 2, 2), shape<T>({{1, 0.5}}));
  ASSERT_EQ(m.point_count, 1);
  EXPECT_EQ(m.normal, (Vec2<T>{0, -1}));
  EXPECT_EQ(m.points[0].separation, T(-0.5));
  EXPECT_EQ(m.points[0].point_a, (Vec2<T>{1, 0}));
  EXPECT_EQ(m.points[0].point_b, (Vec2<T>{1, 0.5}));
}

// Circles (0,0) r 3 and (3,4) r 2.5: normal (0.6,0.8), separation 5 − 5.5 = −0.5; A's surface point
// 3·(0.6,0.8) = (1.8,2.4), B's (3,4) − 2.5·(0.6,0.8) = (1.5,2).
TYPED_TEST(ManifoldTyped, CirclesGiveOnePointOnTheCentreLine) {
  using T = TypeParam;
  const Manifold<T> m = contact_manifold(shape<T>({{0, 0}}, 3), shape<T>({{3, 4}}, 2.5));
  ASSERT_EQ(m.point_count, 1);
  EXPECT_EQ(m.kind, ManifoldKind::vertex);
  expect_at(m.normal, 0.6, 0.8, "normal");
  EXPECT_NEAR(double(m.points[0].separation), -0.5, tol<T>());
  expect_at(m.points[0].point_a, 1.8, 2.4, "a");
  expect_at(m.points[0].point_b, 1.5, 2.0, "b");
}

// Touching squares sharing x = 1: two points (1,0) and (1,1), separation exactly 0.
TYPED_TEST(ManifoldTyped, TouchingSquaresGiveTwoPointsOfSeparationZero) {
  using T = TypeParam;
  const Manifold<T> m = contact_manifold(box<T>(0, 0, 1, 1), box<T>(1, 0, 2, 1));
  ASSERT_EQ(m.point_count, 2);
  EXPECT_EQ(m.normal, (Vec2<T>{1, 0}));
  const auto p = sorted_points(m, [](const auto& q) { return q.point.y; });
  for (int k = 0; k < 2; ++k) {
    EXPECT_EQ(p[k].separation, T(0));
    EXPECT_EQ(p[k].point, (Vec2<T>{1, T(k)}));
  }
}

// Gap 0.5 (B = [0.5,1.5]×[2.5,3.5] above A = [0,2]²): no point with margin 0 — the first face of A
// that shows gap 0.5 > 0 stops the search; with margin 1 both bottom corners, separation 0.5.
TYPED_TEST(ManifoldTyped, SpeculativeMarginKeepsSeparatedPoints) {
  using T = TypeParam;
  const auto a = box<T>(0, 0, 2, 2), b = box<T>(0.5, 2.5, 1.5, 3.5);
  const Manifold<T> none = contact_manifold(a, b);
  EXPECT_EQ(none.point_count, 0);
  EXPECT_EQ(none.kind, ManifoldKind::none);
  const Manifold<T> m = contact_manifold(a, b, T(1));
  ASSERT_EQ(m.point_count, 2);
  for (int k = 0; k < 2; ++k) EXPECT_EQ(m.points[k].separation, T(0.5));
}

// Swapping A and B: normal negated, same separations, surface points and ids exchanged.
TYPED_TEST(ManifoldTyped, SwappingShapesNegatesNormalAndSwapsPointsAndIds) {
  using T = TypeParam;
  const std::vector<std::pair<ConvexShape<T>, ConvexShape<T>>> pairs = {
      {box<T>(0, 0, 2, 2), shape<T>({{1, 1.75}, {2, 2.75}, {1, 3.75}, {0, 2.75}})},
      {box<T>(0, 0, 4, 1), box<T>(1, 0.75, 2, 1.75)},
      {box<T>(0, 0, 2, 2), shape<T>({{3, 3}}, 1.5)},
      {shape<T>({{-1, 0}, {1, 0}}), shape<T>({{0.25, -1}, {0.25, 2}})},
      {box<T>(-2, 0, 2, 2), shape<T>({{-1, 2.5}, {1, 2.5}}, 0.6)},
  };
  for (std::size_t k = 0; k < pairs.size(); ++k) {
    const Manifold<T> ab = contact_manifold(pairs[k].first, pairs[k].second);
    const Manifold<T> ba = contact_manifold(pairs[k].second, pairs[k].first);
    ASSERT_EQ(ab.point_count, ba.point_count) << k;
    expect_at(ba.normal, -double(ab.normal.x), -double(ab.normal.y), "normal");
    auto key = [](const auto& q) { return std::make_pair(q.point.x, q.point.y); };
    const auto p = sorted_points(ab, key), q = sorted_points(ba, key);
    for (std::size_t i = 0; i < p.size(); ++i) {
      EXPECT_NEAR(double(p[i].separation), double(q[i].separation), tol<T>()) << k;
      expect_at(q[i].point_a, double(p[i].point_b.x), double(p[i].point_b.y), "swapped a");
      EXPECT_EQ(q[i].id.type_a, p[i].id.type_b) << k;
      EXPECT_EQ(q[i].id.index_a, p[i].id.index_b) << k;
    }
  }
}

// Reference-face coherence. A = [−1,1]×[−2,0]; B = the box [−1,1]×[0,2] turned clockwise by θ
// about its bottom centre, placed at (0, −d0), d0 = 0.1. A's top face: gap −(d0 + sin θ) (B's
// lowest corner (cos θ, −d0 − sin θ)). B's bottom face: gap −(sin θ + d0 cos θ) (A's corner (1,0)).
// B's is better by d0 (1 − cos θ). The tolerance is 5e-4 × the shorter face (2) = 1e-3:
// θ = 0.05: 1.25e-4 < 1e-3, A's face stays the reference although SAT's best is B's;
// θ = 0.2: 1.99e-3 > 1e-3, B's face becomes the reference.
TYPED_TEST(ManifoldTyped, NearlyEqualFacesKeepAAsReference) {
  using T = TypeParam;
  const auto a = box<T>(-1, -2, 1, 0);
  auto turned = [](double th) {
    const double d0 = 0.1, c = std::cos(th), s = std::sin(th);
    auto p = [&](double x, double y) { return std::make_pair(x * c + y * s, -x * s + y * c - d0); };
    return shape<T>({p(-1, 0), p(1, 0), p(1, 2), p(-1, 2)});
  };
  const auto small = turned(0.05), large = turned(0.2);
  EXPECT_EQ(sat_query(a, small).axis, SatAxis::face_b);
  EXPECT_EQ(contact_manifold(a, small).kind, ManifoldKind::face_a);
  EXPECT_EQ(sat_query(a, large).axis, SatAxis::face_b);
  EXPECT_EQ(contact_manifold(a, large).kind, ManifoldKind::face_b);
}

// ManifoldOptions::reference_face_relative_tolerance is honoured, on the pair above. Tolerance 0:
// θ = 0.05, B's face better by 1.25e-4 (more than the gap rounding floor, 32 u·S <= 1.2e-5 in
// float) becomes the reference. Tolerance 0.1 (× the shorter face 2 = 0.2): θ = 0.2, B's face
// better by only 1.99e-3, stays A's.
TYPED_TEST(ManifoldTyped, ReferenceFaceToleranceOptionIsHonoured) {
  using T = TypeParam;
  const auto a = box<T>(-1, -2, 1, 0);
  auto turned = [](double th) {
    const double d0 = 0.1, c = std::cos(th), s = std::sin(th);
    auto p = [&](double x, double y) { return std::make_pair(x * c + y * s, -x * s + y * c - d0); };
    return shape<T>({p(-1, 0), p(1, 0), p(1, 2), p(-1, 2)});
  };
  ManifoldOptions zero, loose;
  zero.reference_face_relative_tolerance = 0;
  loose.reference_face_relative_tolerance = 0.1;
  EXPECT_EQ(contact_manifold(a, turned(0.05), T(0), nullptr, zero).kind, ManifoldKind::face_b);
  EXPECT_EQ(contact_manifold(a, turned(0.2), T(0), nullptr, loose).kind, ManifoldKind::face_a);
}

// ManifoldOptions::keep_ulps is honoured. A = [0,2]², B = (0.5,1.5), (1.5,2+e), (1.5,3), (0.5,3)
// with e = 16u (a multiple of the spacing of T near 2, so 2 + e is exact). Best axis: A's top
// face, gap −0.5 (A's other faces −1.5, −1.5, −3; B's bottom face (1,−2)/√5 gives −1.5/√5 = −0.67,
// its sides −1.5, its top −3). Incident edge: B's bottom edge, inside the slab x in [0,2], both
// ends kept bit for bit: separations −0.5 and e (exact: differences of multiples of 16u below 4).
// Default keep limit 32 u·S >= 32u > e keeps both; keep_ulps = 0 (limit 0 < e) drops the second.
TYPED_TEST(ManifoldTyped, KeepUlpsOptionIsHonoured) {
  using T = TypeParam;
  const double e = 16 * double(unit_roundoff<T>());
  const auto a = box<T>(0, 0, 2, 2), b = shape<T>({{0.5, 1.5}, {1.5, 2 + e}, {1.5, 3}, {0.5, 3}});
  const Manifold<T> kept = contact_manifold(a, b);
  ASSERT_EQ(kept.point_count, 2);
  EXPECT_EQ(kept.kind, ManifoldKind::face_a);
  EXPECT_EQ(std::max(kept.points[0].separation, kept.points[1].separation), T(e));
  EXPECT_EQ(std::min(kept.points[0].separation, kept.points[1].separation), T(-0.5));
  ManifoldOptions strict;
  strict.keep_ulps = 0;
  const Manifold<T> dropped = contact_manifold(a, b, T(0), nullptr, strict);
  ASSERT_EQ(dropped.point_count, 1);
  EXPECT_EQ(dropped.points[0].separation, T(-0.5));
}

// The deepest point of a manifold on the best face is SAT's depth.
TYPED_TEST(ManifoldTyped, DeepestPointMatchesSatDepth) {
  using T = TypeParam;
  const auto a = box<T>(0, 0, 4, 2);
  const auto b = shape<T>({{1, 1.9}, {3, 1.8}, {3, 3}, {1, 3}});
  const Manifold<T> m = contact_manifold(a, b);
  ASSERT_EQ(m.point_count, 2);
  const T deepest = std::min(m.points[0].separation, m.points[1].separation);
  EXPECT_EQ(deepest, -sat_query(a, b).depth);
}

// A 32-gon (generic face pass, see sat_test) under a narrow box: the face with normal (0,1) at the
// apothem a = 2 cos(π/32) is the reference; B's bottom edge x in [−0.1, 0.1] lies inside its slab
// ([−0.196, 0.196]); both corners at separation −0.25.
TYPED_TEST(ManifoldTyped, LargePolygonAgainstBox) {
  using T = TypeParam;
  std::vector<Vec2<T>> ring;
  for (int k = 0; k < 32; ++k) {
    const double t = (k + 0.5) * 2 * M_PI / 32;
    ring.push_back({T(2 * std::cos(t)), T(2 * std::sin(t))});
  }
  auto r = make_shape<T>(ring);
  ASSERT_TRUE(r);
  const double a = 2 * std::cos(M_PI / 32);
  const Manifold<T> m = contact_manifold(r.shape, box<T>(-0.1, a - 0.25, 0.1, a + 1));
  ASSERT_EQ(m.point_count, 2);
  EXPECT_EQ(m.kind, ManifoldKind::face_a);
  expect_at(m.normal, 0, 1, "normal");
  const auto p = sorted_points(m, [](const auto& q) { return q.point.x; });
  for (int k = 0; k < 2; ++k) {
    EXPECT_NEAR(double(p[k].separation), -0.25, 1e-6);
    EXPECT_NEAR(double(p[k].point_b.x), k == 0 ? -0.1 : 0.1, 1e-6);
    EXPECT_NEAR(double(p[k].point_a.y), a, 1e-6);
  }
}

// Warm start: a separated pair re-queried costs one axis test and gives no point.
TYPED_TEST(ManifoldTyped, CacheMakesSeparatedPairsCheap) {
  using T = TypeParam;
  const auto a = box<T>(0, 0, 2, 2), b = shape<T>({{3, 0}, {5, 0}, {4, 2}});
  SatCache cache;
  const Manifold<T> first = contact_manifold(a, b, T(0), &cache);
  EXPECT_EQ(first.point_count, 0);
  EXPECT_EQ(cache.axis, SatAxis::face_a);
  const Manifold<T> again = contact_manifold(a, b, T(0), &cache);
  EXPECT_EQ(again.point_count, 0);
  EXPECT_EQ(again.axes_tested, 1);
}

// Feature ids persist while the contact slides: the same features give the same ids.
TYPED_TEST(ManifoldTyped, IdsAreStableUnderASmallMove) {
  using T = TypeParam;
  const auto a = box<T>(0, 0, 4, 1);
  const Manifold<T> m0 = contact_manifold(a, box<T>(1, 0.75, 2, 1.75));
  const Manifold<T> m1 = contact_manifold(a, box<T>(1.125, 0.8125, 2.125, 1.8125));
  ASSERT_EQ(m0.point_count, 2);
  ASSERT_EQ(m1.point_count, 2);
  auto by_x = [](const auto& q) { return q.point.x; };
  const auto p0 = sorted_points(m0, by_x), p1 = sorted_points(m1, by_x);
  for (int k = 0; k < 2; ++k) EXPECT_EQ(p0[k].id.key(), p1[k].id.key());
  EXPECT_NE(p0[0].id.key(), p0[1].id.key());
}

// Vertex–vertex near-touching with parallel edges: A = (−0.25,−0.1875), (0,−0.125), (1/16,1/8);
// B = (−5/16,11/16), (1/16,1/8), (1/4,5/16), each vertex moved one ulp outwards (as the campaign's
// near_touching family does). B's edge (1/16,1/8)–(1/4,5/16) lies on the line y = x + 1/16 of A's
// face (1/16,1/8)–(−0.25,−0.1875), beyond that face's side plane at (1/16,1/8); both of its ends
// have height 0 up to rounding. The shapes touch only at the corner (1/16,1/8) (signed distance
// ~3e-17), so every kept contact must be there — not at B's far end (1/4,5/16), 0.265 off A,
// which is what picking the "deepest" of the two tied ends reported.
TYPED_TEST(ManifoldTyped, ParallelEdgeBeyondSidePlaneKeepsTheTouchingCorner) {
  using T = TypeParam;
  auto out = [](double v, double dir) { return double(std::nextafter(T(v), T(dir))); };
  const auto a = shape<T>({{-0.25, -0.1875}, {0.0, -0.125}, {0.0625, 0.125}});
  const auto b = shape<T>({{out(0.0625, -1), out(0.125, 1)},
                           {out(-0.3125, -1), out(0.6875, 1)},
                           {out(0.25, -1), out(0.3125, 1)}});
  for (int swap = 0; swap < 2; ++swap) {
    // A small speculative margin keeps the contact whichever way rounding decides the ulp gap.
    const T margin = T(1e-3);
    const Manifold<T> m = swap ? contact_manifold(b, a, margin) : contact_manifold(a, b, margin);
    ASSERT_GE(m.point_count, 1);
    for (int k = 0; k < m.point_count; ++k) {
      expect_at(m.points[k].point_a, 0.0625, 0.125, "a");
      expect_at(m.points[k].point_b, 0.0625, 0.125, "b");
      EXPECT_NEAR(double(m.points[k].separation), 0.0, tol<T>());
    }
  }
}

TEST(ManifoldTies, NearlyCollinearIncidentEdgesClipTheOneThatReachesTheFace) {
  // A = segment (0, 0)–(2, 0); its face 1 (from (2, 0) to (0, 0), normal (0, 1)) has gap 0 to B.
  // B = (−12, ε), (−4, 0), (0, 0), (2, 1.5) with ε = 1e-300: (−4, 0) is a strict vertex
  // (orient = 4ε > 0), so B has two bottom edges, e0 = (−12, ε)→(−4, 0) with normal (−ε/8, −1)
  // and e1 = (−4, 0)→(0, 0) with normal (0, −1); both dot A's face normal to exactly −1. B's only
  // point on y <= 0 over A's span x in [0, 2] is (0, 0) (its edge to (2, 1.5) rises), so the
  // shapes touch at (0, 0) and nowhere else. The tie went to e0, which lies beyond the side
  // plane x = 0; the contact was then its end (−4, 0), 4 away from A
  // (fixtures/found/fuzz-77078552889aae87.json). Every contact must be (0, 0), separation 0.
  // Second variant (fixtures/found/fuzz-9d0dcd9eadbb0585.json): A starts at (δ, 0), δ = 1e-300,
  // so e1 too ends δ short of the slab; the contact is then e1's near end (0, 0), δ from A's end
  // and on B: the shapes are δ apart there, separation δ (within rounding of the face gap).
  const double eps = 1e-300;
  const auto b = shape<double>({{-12, eps}, {-4, 0}, {0, 0}, {2, 1.5}});
  ASSERT_EQ(b.size(), 4u);
  for (const double start : {0.0, 1e-300}) {
    const auto a = shape<double>({{start, 0}, {2, 0}});
    for (int swap = 0; swap < 2; ++swap) {
      const Manifold<double> m = swap ? contact_manifold(b, a) : contact_manifold(a, b);
      ASSERT_GE(m.point_count, 1) << "swap " << swap << " start " << start;
      for (int k = 0; k < m.point_count; ++k) {
        expect_at(m.points[k].point_a, 0.0, 0.0, "a");
        expect_at(m.points[k].point_b, 0.0, 0.0, "b");
        EXPECT_NEAR(m.points[k].separation, 0.0, 1e-299);
      }
    }
  }
}

TEST(ManifoldTiny, ATinyTriangleOnATinySegmentTouchesOnlyWhereTheTriangleIs) {
  // A = triangle (0, 0), (t, 0), (t/2, t), t = 1e-300; B = segment (0, 0)–(L, 0), L = 1e-77.
  // A's bottom edge lies on B: they touch along x in [0, t], y = 0, separation 0, and nowhere
  // else. The clipping forms t·(w − v) products of size 1e-377, which underflowed to 0, so no
  // side plane cut B and B's far end (L, 0) — 1e-77 from A — became a contact
  // (fixtures/found/fuzz-b83c725cdda648be.json). Cases below kRescaleBelow are now scaled first.
  const double t = 1e-300, len = 1e-77;
  const auto a = shape<double>({{0, 0}, {t, 0}, {t / 2, t}});
  const auto b = shape<double>({{0, 0}, {len, 0}});
  for (int swap = 0; swap < 2; ++swap) {
    const Manifold<double> m = swap ? contact_manifold(b, a) : contact_manifold(a, b);
    ASSERT_GE(m.point_count, 1) << "swap " << swap;
    for (int k = 0; k < m.point_count; ++k) {
      const ManifoldPoint<double>& p = m.points[k];
      EXPECT_GE(p.point.x, -1e-315) << "swap " << swap;
      EXPECT_LE(p.point.x, t * (1 + 1e-15)) << "swap " << swap;
      EXPECT_EQ(p.point.y, 0.0);
      EXPECT_EQ(p.separation, 0.0);
    }
  }
}

TEST(ManifoldTiny, ASubnormalSquareAgainstALongSegmentGivesFiniteContacts) {
  // The fuzz case fixtures/found/manifold-subnormal-denominator.json (coordinates copied): A is a
  // square of side ~3.2e-319 at the origin, B the segment (0, 0)–(2, −6.4e-145) after welding, with
  // a radius of 3.5e-310. The clipping denominator t·(w0 − w1) was ~6e-319, its reciprocal inf, and
  // a contact came out NaN with separation −inf. Every contact must be finite, near the origin
  // (the shapes meet there; B's radius is the scale of the answer) and at most 3.5e-310 deep.
  const auto a = shape<double>(
      {{0.0, 0.0}, {0.0, 3.2347e-319}, {3.22837e-319, 3.2346e-319}, {3.22837e-319, 3.22837e-319}});
  const auto b = shape<double>({{8.2567613e-317, 0.0},
                                {0.0, 0.0},
                                {2.0, -6.406665904585923e-145},
                                {9.72383351251926e-310, 1.26e-321}},
                               3.49683686393167e-310);
  for (int swap = 0; swap < 2; ++swap) {
    const Manifold<double> m = swap ? contact_manifold(b, a) : contact_manifold(a, b);
    ASSERT_GE(m.point_count, 1) << "swap " << swap;
    for (int k = 0; k < m.point_count; ++k) {
      const ManifoldPoint<double>& p = m.points[k];
      EXPECT_TRUE(std::isfinite(p.point.x) && std::isfinite(p.point.y)) << "swap " << swap;
      EXPECT_LE(std::abs(p.point.x) + std::abs(p.point.y), 1e-309) << "swap " << swap;
      EXPECT_GE(p.separation, -3.5e-310) << "swap " << swap;
      EXPECT_LE(p.separation, 0.0) << "swap " << swap;
    }
  }
}

TEST(ManifoldRounded, AFallbackPointBeyondACapsulesEndLiesOnItsCap) {
  // A = capsule (0, 0)–(4, 0), radius 1; B = triangle (−δ/2, −δ), (−δ/2 + 6.8e-13, −δ),
  // (1 + δ/2, 2) with δ = 1.8325506472120096e-6: fixtures/found/cap.json's B moved right by δ/2,
  // so that B's slanted face through A's end (0, 0) no longer separates the cores (it meets
  // y = 0 at x = 0 and x = 6.8e-13: the cores overlap, its gap is about −6e-13). In cap.json
  // itself B's face separates them (gap ≈ δ/√5) and A's face does not, so B's face is the
  // reference (kReferenceFaceRelativeTolerance) and this fallback is not reached there. Here
  // both gaps are negative and B's is better by ~δ, less than the coherence tolerance, so the
  // reference face is A's top face (normal (0, 1)); B's incident edge, its tiny bottom one, lies
  // wholly left of the side plane x = 0, so the deepest vertex q = (−δ/2 + 6.8e-13, −δ) is the
  // one point. A's surface above q is the end cap, y = sqrt(1 − q.x²) = 1 − 4.2e-13, not y = 1:
  // point_a must not be outside A (|point_a − core| <= 1), point_b = q, point_b − point_a along
  // the normal.
  const double d = 1.8325506472120096e-06, sh = d / 2, qx = -1.8325499695492908e-06 + sh;
  const auto a = shape<double>({{0, 0}, {4, 0}}, 1.0);
  const auto b = shape<double>({{1.0 + sh, 2.0}, {qx, -d}, {-d + sh, -d}});
  const Manifold<double> m = contact_manifold(a, b);
  ASSERT_EQ(m.point_count, 1);
  EXPECT_EQ(m.kind, ManifoldKind::face_a);
  const ManifoldPoint<double>& p = m.points[0];
  const double x = p.point_a.x, y = p.point_a.y;  // nearest core point: (0, 0) for x < 0
  EXPECT_LT(x, 0.0);
  EXPECT_LE(std::hypot(std::min(x, 0.0), y), 1.0 + 1e-15);
  EXPECT_NEAR(y, std::sqrt(1 - x * x), 1e-15);
  EXPECT_EQ(p.point_b.x, qx);
  EXPECT_EQ(p.point_b.y, -d);
  EXPECT_NEAR(p.separation, (p.point_b.y - p.point_a.y), 1e-15);
}

TEST(ManifoldRounded, ACornerBeyondTheFaceEndButInsideItsCapKeepsItsContact) {
  // Reduced from fixtures/found/fuzz-222f2fae6fa785e0.json. A = triangle (−δ, 1), (1, 1e6),
  // (−1, 1e6) with δ = 1e-5; B = segment (0, 0)–(10, 0) of radius 1.5. The cores are apart: their
  // closest points are A's corner (−δ, 1) and B's end (0, 0), sqrt(1 + δ²) = 1 + 5e-11 apart, so
  // the rounded shapes overlap by 0.5 − 5e-11, along (δ, −1)/|…| from A to B. SAT keeps B's face
  // (gap 1): the vertex pair is farther by only 5e-11 < kSatVertexAxisUlps·u·S = 4.4e-10 (S = 1e6).
  // The corner lies δ beyond the face's side plane x = 0 (far beyond its rounding band), so the
  // clipping cut A's steep incident edge at x = 0, where it is 11 above B, and the manifold was
  // empty. The contact is the vertex pair's.
  const double delta = 1e-5;
  const auto a = shape<double>({{-delta, 1}, {1, 1e6}, {-1, 1e6}});
  const auto b = shape<double>({{0, 0}, {10, 0}}, 1.5);
  ASSERT_TRUE(sat_query(a, b).intersects);
  const Manifold<double> m = contact_manifold(a, b);
  ASSERT_EQ(m.point_count, 1);
  const double core = std::sqrt(1 + delta * delta);
  EXPECT_NEAR(m.points[0].separation, core - 1.5, 1e-15);
  EXPECT_NEAR(m.normal.x, delta / core, 1e-15);
  EXPECT_NEAR(m.normal.y, -1 / core, 1e-15);
  EXPECT_EQ(m.points[0].point_a.x, -delta);  // A's corner (A has no radius)
  EXPECT_EQ(m.points[0].point_a.y, 1.0);
}

TEST(ManifoldMixedScale, AShortIncidentEdgeAgainstAHugeFaceIsCutWhereItReachesTheFace) {
  // A = segment (0, −L)–(0, 0), L = 4e43; B = triangle (0, 0), (1, 0.5), (0, 1). B's left edge
  // (0, 1)–(0, 0) lies on A's line and meets A only at (0, 0): contact there, separation 0.
  // Measured from A's far end, the edge's two ends have a = L·(L + 1) and L·L, equal in double,
  // so a0 − a1 was 0 and the cut at plane y = 0 landed at y = 1 − L (fixtures/found/mixed.json).
  // B's end (0, 1) lies 1 beyond A's end, inside the side plane's rounding band (kSatGapErrorUlps
  // u·S = 1.4e29 here), so it may be reported uncut: every contact must lie within the manifold's
  // contact bound of (0, 0) — k = 24 u·S (properties/src/bounds.cpp), 1.07e29 — which (0, 1)
  // meets by 28 orders of magnitude and the old cut at y = 1 − L misses by 14.
  const double len = 4e43;
  const double bound = 24 * 0x1p-53 * len;
  const auto a = shape<double>({{0, -len}, {0, 0}});
  const auto b = shape<double>({{0, 0}, {1, 0.5}, {0, 1}});
  for (int swap = 0; swap < 2; ++swap) {
    const Manifold<double> m = swap ? contact_manifold(b, a) : contact_manifold(a, b);
    ASSERT_GE(m.point_count, 1) << "swap " << swap;
    for (int k = 0; k < m.point_count; ++k) {
      for (const Vec2<double> p : {m.points[k].point_a, m.points[k].point_b})
        EXPECT_LE(std::hypot(p.x, p.y), bound) << "swap " << swap << " point " << k;
      EXPECT_EQ(m.points[k].separation, 0.0);
    }
  }
}

TYPED_TEST(ManifoldTyped, AnIncidentVertexWithinRoundingOfASidePlaneIsNotCutAway) {
  // A = triangle (0, 0), (0, L), (−L/2, L) of radius L/2; B = segment (0, −3)–(L, 1), radius 0;
  // L = 2^280 (double) or 2^40 (float), so 3 ≪ u·S. A's face (0, 0)→(0, L), outward normal
  // (1, 0), has gap min over B of x = 0 (at B's end (0, −3)); B's face towards A is better by 3
  // (A's vertex (0, 0) lies 3 above B's line), far below the reference-face floor of 32 u·S, so A's
  // face is the reference; A's other faces have negative gaps. The cores are 3 apart and the disc
  // overlaps B by L/2 − 3 = L/2 (to rounding) at (0, −3). That end lies 3 beyond the face's side
  // plane y = 0, inside its rounding band. Cut at y = 0, B's edge kept (3L/4, 0) and (L, 1), 3L/4
  // and L above the face, and the manifold was empty (fixtures/found/fuzz-2db2f484ae400e29.json,
  // at 5e83). Expected: a contact at separation −L/2 (the manifold's depth bound, k = 8 u·S at
  // S = L in both types), normal (1, 0).
  using T = TypeParam;
  const T L = std::is_same_v<T, float> ? T(0x1p40) : T(0x1p280);
  const auto a = shape<T>({{0, 0}, {0, double(L)}, {-double(L) / 2, double(L)}}, double(L) / 2);
  const auto b = shape<T>({{0, -3}, {double(L), 1}});
  const Manifold<T> m = contact_manifold(a, b);
  ASSERT_GE(m.point_count, 1);
  expect_at(m.normal, 1, 0, "normal");
  double deepest = 0;
  for (int k = 0; k < m.point_count; ++k)
    deepest = std::min(deepest, double(m.points[k].separation));
  const double k = 8.0;
  EXPECT_NEAR(deepest, -double(L) / 2, k * double(unit_roundoff<T>()) * double(L));
}

TYPED_TEST(ManifoldTyped, AnEndWithinRoundingBeyondASidePlaneIsKeptWithItsReferencePointOnTheFace) {
  // A = unit square; B = triangle (−δ, 3/4), (1, 3/4), (1/2, 3/2), δ = 28 u·S (S = 3/2). A's top
  // face (1, 1)→(0, 1), normal (0, 1), is the reference (gap −1/4; B's bottom face ties and does
  // not win the tie); B's bottom edge is incident, exactly anti-parallel. Its end (−δ, 3/4) lies δ
  // beyond the side plane x = 0, inside the band kSatGapErrorUlps·u·S = 32 u·S: it is kept bit for
  // bit (the old clip cut it to (0, 3/4)), and its reference point is the face's end (0, 1), not
  // the foot (−δ, 1), which would be 28 u·S off A, past the contact bound
  // (properties/src/bounds.cpp: 24 double, 12 float; a float case of scale 1e6 had such a point 19
  // u·S off). Both points are at separation −1/4 exactly (heights of exact coordinates above y =
  // 1).
  using T = TypeParam;
  const double u = double(unit_roundoff<T>()), S = 1.5, delta = 28 * u * S;
  const auto a = box<T>(0, 0, 1, 1);
  const auto b = shape<T>({{-delta, 0.75}, {1, 0.75}, {0.5, 1.5}});
  const Manifold<T> m = contact_manifold(a, b);
  ASSERT_EQ(m.point_count, 2);
  EXPECT_EQ(m.normal.x, T(0));
  EXPECT_EQ(m.normal.y, T(1));
  const auto p = sorted_points(m, [](const ManifoldPoint<T>& q) { return q.point_b.x; });
  EXPECT_EQ(p[0].point_b.x, T(-delta));
  EXPECT_EQ(p[0].point_b.y, T(0.75));
  EXPECT_NEAR(double(p[0].point_a.x), 0.0, 2 * u * S);
  EXPECT_NEAR(double(p[0].point_a.y), 1.0, 2 * u * S);
  EXPECT_EQ(p[1].point_b.x, T(1));
  EXPECT_EQ(p[1].point_a.x, T(1));
  EXPECT_EQ(p[1].point_a.y, T(1));
  for (const auto& q : p) EXPECT_EQ(q.separation, T(-0.25));
}

TYPED_TEST(ManifoldTyped, ADiscCentreJustBeyondAFaceEndHasItsReferencePointAtTheEnd) {
  // A = triangle (0, 0), (2, 0), (2, 5/2); B = disc of radius 1 centred at (5/2, 5/2 + δ), δ =
  // 2^-43 (double) or 2^-18 (float), far above rounding (≥ 16 ulps of 5/2). A's face x = 2 has gap
  // 1/2; the vertex axis from (2, 5/2) is longer by sqrt(1/4 + δ²) − 1/2 ≈ δ², far below
  // kSatVertexAxisUlps·u·S, so the face is the reference and the centre lies δ beyond its end.
  // One contact: separation −1/2 (the exact −1/2 + δ² rounds to it), B's point (3/2, 5/2 + δ) on
  // its circle, A's point the face's end (2, 5/2): the foot (2, 5/2 + δ) was δ = 405 u·S off A
  // (fixtures/found/fuzz-c493684ff7f55a1c.json: δ = 1.1e-13). Tolerance 4 u·S: a few roundings of
  // coordinates of size S = 5/2.
  using T = TypeParam;
  const double u = double(unit_roundoff<T>()), S = 2.5,
               delta = std::is_same_v<T, float> ? 0x1p-18 : 0x1p-43;
  const auto a = shape<T>({{0, 0}, {2, 0}, {2, 2.5}});
  const auto b = shape<T>({{2.5, 2.5 + delta}}, 1.0);
  const Manifold<T> m = contact_manifold(a, b);
  ASSERT_EQ(m.point_count, 1);
  EXPECT_EQ(m.normal.x, T(1));
  EXPECT_EQ(m.normal.y, T(0));
  const ManifoldPoint<T>& p = m.points[0];
  EXPECT_NEAR(double(p.separation), -0.5, 4 * u * S);
  EXPECT_NEAR(double(p.point_a.x), 2.0, 4 * u * S);
  EXPECT_NEAR(double(p.point_a.y), 2.5, 4 * u * S);
  EXPECT_NEAR(double(p.point_b.x), 1.5, 4 * u * S);
  EXPECT_NEAR(double(p.point_b.y), 2.5 + delta, 4 * u * S);
}

TYPED_TEST(ManifoldTyped, AnEndWithinRoundingBeyondTheOtherSidePlaneIsKeptToo) {
  // The mirror of the test above: B = (0, 3/4), (1 + δ, 3/4), (1/2, 3/2), δ = 28 u·S (S = 3/2). Its
  // bottom end (1 + δ, 3/4) lies δ beyond the side plane x = 1 through the face's first vertex
  // (1, 1): kept bit for bit, its reference point moved back to (1, 1). (This test pins the sign
  // of that branch's shift.)
  using T = TypeParam;
  const double u = double(unit_roundoff<T>()), S = 1.5, delta = 28 * u * S;
  const auto a = box<T>(0, 0, 1, 1);
  const auto b = shape<T>({{0, 0.75}, {1 + delta, 0.75}, {0.5, 1.5}});
  const Manifold<T> m = contact_manifold(a, b);
  ASSERT_EQ(m.point_count, 2);
  const auto p = sorted_points(m, [](const ManifoldPoint<T>& q) { return q.point_b.x; });
  EXPECT_EQ(p[1].point_b.x, T(1 + delta));
  EXPECT_EQ(p[1].point_b.y, T(0.75));
  EXPECT_NEAR(double(p[1].point_a.x), 1.0, 2 * u * S);
  EXPECT_NEAR(double(p[1].point_a.y), 1.0, 2 * u * S);
  EXPECT_EQ(p[0].point_a.x, T(0));
  for (const auto& q : p) EXPECT_EQ(q.separation, T(-0.25));
}

TYPED_TEST(ManifoldTyped, ADiscBeyondTheEndOfAVeryShortFaceHasItsReferencePointOnTheFace) {
  // A = triangle (0, 0), (0, ε), (−ε, ε/2), ε = 1.5e-161 (double) or 4.57e-23 (float): its face
  // (0, 0)→(0, ε) has |t|² = ε² subnormal, not 0. B = disc of radius 2 centred at (1, −d), d = 1e-8
  // (double) or 1e-4 (float), beyond the face's end (0, 0). A is a speck: A's contact point must
  // lie on it, i.e. within ε of the origin, up to 4 u·S of rounding (S = 1). Dividing by
  // sqrt(|t|²) would put it 1e-10 (double) off, and the foot of the centre on the face line is d
  // off.
  using T = TypeParam;
  const bool f = std::is_same_v<T, float>;
  const double eps = f ? 4.57e-23 : 1.5e-161, d = f ? 1e-4 : 1e-8, u = double(unit_roundoff<T>());
  const auto a = shape<T>({{0, 0}, {0, eps}, {-eps, eps / 2}});
  const auto b = shape<T>({{1, -d}}, 2.0);
  const Manifold<T> m = contact_manifold(a, b);
  ASSERT_GE(m.point_count, 1);
  for (int k = 0; k < m.point_count; ++k)
    EXPECT_LE(std::hypot(double(m.points[k].point_a.x), double(m.points[k].point_a.y)),
              2 * eps + 4 * u)
        << "point " << k;
}

TEST(ManifoldMixedScale, ASubnormalReferenceFaceActsAsAPoint) {
  // fixtures/found/speck.json (coordinates copied): A is a triangle of size 3e-319 at the origin, B
  // a
  // 2.5e-9-long segment near it with radius 124, so A lies 124 deep inside B. A's face was the
  // reference; its products with B's coordinates (3e-319 × 1e-9) rounded to 0, no side plane cut
  // B's edge, and a contact's point on A was B's far end projected on A's face line, 3.8e-10 from
  // A. A face whose squared length underflows now acts as its first vertex: every point_a is A's
  // speck (within 1e-300 of the origin), every separation about −124.
  const auto a =
      shape<double>({{0.0, 0.0}, {0.0, 0.0}, {0.0, 3.2347e-319}, {3.22837e-319, 3.2346e-319}});
  const auto b = shape<double>({{3.22837e-319, 3.22837e-319},
                                {8.2567613e-317, 5.6961890777784355e-304},
                                {-8.475035429000823e-10, 3.073364496231079e-10},
                                {-2.2724270820617675e-09, 1.0710209608078004e-09}},
                               124.00000000000033);
  const Manifold<double> m = contact_manifold(a, b);
  ASSERT_GE(m.point_count, 1);
  for (int k = 0; k < m.point_count; ++k) {
    EXPECT_LE(std::abs(m.points[k].point_a.x) + std::abs(m.points[k].point_a.y), 1e-300);
    EXPECT_NEAR(m.points[k].separation, -124.0, 1e-8);
  }
}

TYPED_TEST(ManifoldTyped, TiedIncidentEdgesClipTheOneAtTheDeepestVertex) {
  // A = triangle (0, −δ), (13, ε), (1, 0), δ = 2^-62, ε = 2^-66: its upper chain (13, ε) → (1, 0)
  // → (0, −δ) is nearly straight; faces 1 and 2 have normals ≈ (−ε/12, 1) and ≈ (−δ, 1).
  // B = triangle P1 (−1.5, −1.5), P2 (2.5, 1.5), (−1.5, 3); its face P1P2 lies on 0.6x − 0.8y = 0.3
  // with outward normal m = (0.6, −0.8). Gaps along m (m · (a − P1)) of A's vertices: (0, −δ)
  // −0.3 + 0.8δ, (1, 0) 0.3, (13, ε) 7.5, so B's face gap is −0.3; B's other faces −2.28 and
  // −14.5, A's best −1.5: B's face is the reference. The dots of A's faces 1 and 2 with m, −0.8 −
  // 0.6ε/12 and −0.8 − 0.6δ, round to the same value. Face 2 holds A's deepest vertex (0, −δ);
  // face 1 clipped to the slab (t·(p − P1) in [0, 25], t = (4, 3)) spans x in [1, 3.625], 0.3 to
  // 1.875 above the face. Expected: normal −m = (−0.6, 0.8), deepest separation −0.3 at (0, −δ).
  // Choosing the first of the tied faces gave no point at all
  // (fixtures/found/fuzz-153e71f04049a141.json).
  using T = TypeParam;
  const auto a = shape<T>({{0, -0x1p-62}, {13, 0x1p-66}, {1, 0}});
  const auto b = shape<T>({{-1.5, -1.5}, {2.5, 1.5}, {-1.5, 3}});
  const Manifold<T> m = contact_manifold(a, b);
  ASSERT_GE(m.point_count, 1);
  EXPECT_EQ(m.kind, ManifoldKind::face_b);
  expect_at(m.normal, -0.6, 0.8, "normal");
  double deepest = 0;
  for (int k = 0; k < m.point_count; ++k)
    deepest = std::min(deepest, double(m.points[k].separation));
  EXPECT_NEAR(deepest, -0.3, tol<T>());
  expect_at(m.points[0].point_a, 0, -0x1p-62, "A's deepest vertex");
}

TYPED_TEST(ManifoldTyped, CoresOverlappingWithinRoundingKeepTheFaceNotAVertexContact) {
  // The pair of sat_test's CoresOverlappingWithinRoundingKeepTheFaceNotAVertexAxis (derivation
  // there): A = triangle (0, −3), (S, 0), (S, S) and B = segment (0, 0)–(4, 0), both of radius S.
  // Reference face: A's hypotenuse, normal ≈ (−1, 1)/√2, deepest point 2S + 0.71 ≈ 2S deep. The
  // manifold shares SAT's vertex-axis rule; before it was fixed it answered a vertex contact
  // along (0, 1) through A's (0, −3) and B's (0, 0), 3 apart, a push that leaves S of overlap.
  using T = TypeParam;
  const T S = std::is_same_v<T, float> ? T(3e11) : T(1e70);  // scales that fail the old rule
  const auto a = shape<T>({{0, -3}, {double(S), 0}, {double(S), double(S)}}, double(S));
  const auto b = shape<T>({{0, 0}, {4, 0}}, double(S));
  const Manifold<T> m = contact_manifold(a, b);
  ASSERT_GE(m.point_count, 1);
  EXPECT_EQ(m.kind, ManifoldKind::face_a);
  const double h = std::sqrt(0.5);
  EXPECT_NEAR(double(m.normal.x), -h, 1e-6);
  EXPECT_NEAR(double(m.normal.y), h, 1e-6);
  double deepest = 0;
  for (int k = 0; k < m.point_count; ++k)
    deepest = std::min(deepest, double(m.points[k].separation));
  // The manifold's depth bound (properties/src/bounds.cpp: k = 8 in both types) at scale 2S.
  const double k = 8.0;
  EXPECT_NEAR(deepest, -2.0 * double(S), k * double(unit_roundoff<T>()) * 2.0 * double(S));
}

// A's bottom chain (−15, 0), (−1, −ε), (0, 0), ε = 2^-60, has two faces whose gaps against B's
// apex at the origin are −15ε/14 ≈ −1e-18 and 0: a tie far below rounding (u·S >= 1.7e-15 at
// S = 15), and the face pass kept the first. In exact arithmetic the deepest vertex along the best
// face's normal lies in that face's slab; here B's apex, the only point where the cores meet, lies
// 1 beyond the first face's side plane x = −1 and was cut away: every clipped point was 1/2 or more
// above the face, and the manifold was empty for an overlap 1/64 deep
// (fixtures/found/fuzz-a8e7d9dd3e94bab6.json: the same chain at (−1, −8e-55)). Expected, by hand:
// the cores touch at the origin only (B's upper edge y = x/2 lies 1/2 below A at x = −1), so the
// depth is the radius 1/64 = −separation of a contact whose B point is the apex (0, 0) and whose A
// point is (0, −1/64), along a normal within ε of (0, −1). Tolerance: 4 u·S, a few roundings of
// coordinates of size S = 15.
template <class T>
void expect_apex_contact(const Manifold<T>& m, Vec2<T> normal, Vec2<T> point_a) {
  const double u = double(unit_roundoff<T>()), S = 15;
  ASSERT_GE(m.point_count, 1);
  EXPECT_NEAR(double(m.normal.x), double(normal.x), 4 * u);
  EXPECT_NEAR(double(m.normal.y), double(normal.y), 4 * u);
  const auto p = sorted_points(m, [](const ManifoldPoint<T>& q) { return q.separation; });
  EXPECT_NEAR(double(p[0].separation), -1.0 / 64, 4 * u * S);
  EXPECT_NEAR(double(p[0].point_b.x), 0.0, 4 * u * S);
  EXPECT_NEAR(double(p[0].point_b.y), 0.0, 4 * u * S);
  EXPECT_NEAR(double(p[0].point_a.x), double(point_a.x), 4 * u * S);
  EXPECT_NEAR(double(p[0].point_a.y), double(point_a.y), 4 * u * S);
}

TYPED_TEST(ManifoldTyped, ATiedNearlyCollinearFaceDoesNotCutTheDeepestVertexAway) {
  using T = TypeParam;
  const double eps = 0x1p-60;
  const auto a = shape<T>({{-15, 0}, {-1, -eps}, {0, 0}}, 1.0 / 64);
  const auto b = shape<T>({{0, 0}, {-1, -1}, {-2, -1}});
  expect_apex_contact(contact_manifold(a, b), Vec2<T>{0, -1}, Vec2<T>{0, T(-1.0 / 64)});
}

TYPED_TEST(ManifoldTyped, ATiedNearlyCollinearFaceDoesNotCutTheDeepestVertexAwayOnTheOtherSide) {
  // The test above with x and y swapped (a reflection): the vertex order of A now puts the tied
  // face after the right one, and the apex lies beyond the tied face's side plane at its first
  // vertex, so the walk goes backwards. Before the fix this mirror was empty too.
  using T = TypeParam;
  const double eps = 0x1p-60;
  const auto a = shape<T>({{0, -15}, {-eps, -1}, {0, 0}}, 1.0 / 64);
  const auto b = shape<T>({{0, 0}, {-1, -1}, {-1, -2}});
  expect_apex_contact(contact_manifold(a, b), Vec2<T>{-1, 0}, Vec2<T>{T(-1.0 / 64), 0});
}

TYPED_TEST(ManifoldTyped, ACoherentReferenceFaceThatLosesTheContactGivesWayToTheBetterFace) {
  // A = triangle (h, h), (8, 8), (0, 8), h = 2^-10; B = segment (0, 0)–(4, 0) of radius 5h/4. A's
  // face (h, h)→(8, 8) has gap 0 (B's end (0, 0) lies on its line: not a separating axis), B's
  // upper face gap h (A's corner (h, h) above (h, 0)): B's is better by h, more than the gaps'
  // rounding (32 u·S <= 1.6e-5 at S = 8) but less than kReferenceFaceRelativeTolerance × the
  // shorter face, 5e-4 × 4 = 2e-3, so the coherence rule kept A's face. Its side plane x + y = 2h
  // cut B's edge at (2h, 0), √2·h above A's face: separation √2·h − 5h/4 > 0, dropped, and the
  // manifold was empty for an overlap 5h/4 − h = h/4 deep (the same configuration as
  // fixtures/found/fuzz-551016efadf41cc1.json at scale 4e-34). Expected, by hand: one contact on
  // B's face, separation −h/4, normal (0, −1) (A towards B), A's point its corner (h, h), B's
  // point (h, 5h/4) on its surface. Tolerance 4 u·S (S = 8), a few roundings.
  using T = TypeParam;
  const double h = 0x1p-10, u = double(unit_roundoff<T>()), S = 8;
  const auto a = shape<T>({{h, h}, {8, 8}, {0, 8}});
  const auto b = shape<T>({{0, 0}, {4, 0}}, 1.25 * h);
  const Manifold<T> m = contact_manifold(a, b);
  ASSERT_EQ(m.point_count, 1);
  EXPECT_EQ(m.kind, ManifoldKind::face_b);
  EXPECT_NEAR(double(m.normal.x), 0.0, 4 * u);
  EXPECT_NEAR(double(m.normal.y), -1.0, 4 * u);
  const ManifoldPoint<T>& p = m.points[0];
  EXPECT_NEAR(double(p.separation), -h / 4, 4 * u * S);
  EXPECT_NEAR(double(p.point_a.x), h, 4 * u * S);
  EXPECT_NEAR(double(p.point_a.y), h, 4 * u * S);
  EXPECT_NEAR(double(p.point_b.x), h, 4 * u * S);
  EXPECT_NEAR(double(p.point_b.y), 1.25 * h, 4 * u * S);
}

TYPED_TEST(ManifoldTyped, AnEmptyClippingOnACoherentReferenceFaceGivesWayToTheBetterFace) {
  // A = triangle (1, 1), (3, 1 + d), (1, 3) of radius 1/2, d = 2^-12; B = segment (0, 0)–(1, 0) of
  // radius 3/5: B's end lies straight below A's corner. B's upper face has gap 1 (the cores'
  // distance), A's tilted lower face 1 − d/2 (B's end (0, 0) realises it): B's is better by
  // d/2 = 1.2e-4, more than the gaps' rounding (32 u·S <= 5.7e-6 at S = 3) but less than
  // kReferenceFaceRelativeTolerance × the shorter face (5e-4 × 1), so the coherence rule kept A's
  // face. B's whole edge lies beyond that face's side plane at (1, 1) (tilted by d/2: B's end is
  // d = 2e-4 beyond it, more than its rounding band), so the clipping fell back to B's deepest
  // vertex (0, 0), 1 beyond the face's end and farther than A's radius: it is not in contact
  // (√2 from A's corner: separation √2 − 1/2 − 3/5 > 0; the code before the cap fix of
  // fuzz-25242b537d84149c measured 1 − d/2 − 3/5 > 0), dropped, and the manifold was empty for
  // an overlap 1/10 deep. The first clipping kept the face gap's vertex, so the "deepest vertex
  // lost" test did not see it (fixtures/found/fuzz-e99b8ea2e72088b9.json, the same configuration
  // at scale 7e-38). Expected, by hand: contacts on B's face only at A's corner over B's end —
  // separation 1 − 1/2 − 3/5 = −1/10, normal (0, −1) (A towards B), A's point (1, 1/2), B's point
  // (1, 3/5). Tolerance 4 u·S (S = 3), a few roundings.
  using T = TypeParam;
  const double d = 0x1p-12, u = double(unit_roundoff<T>()), S = 3;
  const auto a = shape<T>({{1, 1}, {3, 1 + d}, {1, 3}}, 0.5);
  const auto b = shape<T>({{0, 0}, {1, 0}}, 0.6);
  const Manifold<T> m = contact_manifold(a, b);
  ASSERT_GE(m.point_count, 1);
  EXPECT_EQ(m.kind, ManifoldKind::face_b);
  EXPECT_NEAR(double(m.normal.x), 0.0, 4 * u);
  EXPECT_NEAR(double(m.normal.y), -1.0, 4 * u);
  for (int k = 0; k < m.point_count; ++k) {  // the cut end may repeat the corner: both checked
    const ManifoldPoint<T>& p = m.points[k];
    EXPECT_NEAR(double(p.separation), -0.1, 4 * u * S) << "point " << k;
    EXPECT_NEAR(double(p.point_a.x), 1.0, 4 * u * S) << "point " << k;
    EXPECT_NEAR(double(p.point_a.y), 0.5, 4 * u * S) << "point " << k;
    EXPECT_NEAR(double(p.point_b.x), 1.0, 4 * u * S) << "point " << k;
    EXPECT_NEAR(double(p.point_b.y), 0.6, 4 * u * S) << "point " << k;
  }
}

TYPED_TEST(ManifoldTyped, ADiscBeyondACapsulesEndByMoreThanItsRadiusMeetsTheCap) {
  // A = capsule core (1, d)–(1, 1) of radius d/2; B = disc at the origin of radius 1 − d/4, with
  // d = 2^-13 (float) or 2^-26 (double): small enough that the vertex pair (A's end (1, d), B's
  // centre) is farther than A's face gap 1 by only sqrt(1 + d²) − 1 ≈ d²/2 <= kSatVertexAxisUlps
  // · u · S, so the face answers and B's centre is a single incident point beyond the face's end
  // by d > A's radius. The cap's outermost point along the face, (1, d/2), with the separation
  // measured along n from it, gave 1 − (1 − d/4) = +d/4 and the point was dropped: an empty
  // manifold for an overlap ~d/4 deep (fixtures/found/fuzz-25242b537d84149c.json, the same
  // configuration at scale 5e-33). By hand: the separation is |B − e| − rA − rB =
  // sqrt(1 + d²) − 1 − d/4 with e = (1, d); the normal (−1, 0) (A towards B); A's point on the cap
  // towards B's centre, e + (d/2)·(−1, −d)/sqrt(1 + d²); B's point (1 − d/4, 0). Tolerance 4 u·S.
  using T = TypeParam;
  const double d = std::is_same_v<T, float> ? 0x1p-13 : 0x1p-26, u = double(unit_roundoff<T>());
  const auto a = shape<T>({{1, d}, {1, 1}}, d / 2);
  const auto b = shape<T>({{0, 0}}, 1 - d / 4);
  const Manifold<T> m = contact_manifold(a, b);
  ASSERT_EQ(m.point_count, 1);
  EXPECT_NEAR(double(m.normal.x), -1.0, 4 * u);
  EXPECT_NEAR(double(m.normal.y), 0.0, 4 * u);
  const double L = std::sqrt(1 + d * d);
  const ManifoldPoint<T>& p = m.points[0];
  EXPECT_NEAR(double(p.separation), (L - 1) - d / 4, 4 * u);
  EXPECT_NEAR(double(p.point_a.x), 1 - (d / 2) / L, 4 * u);
  EXPECT_NEAR(double(p.point_a.y), d - (d / 2) * d / L, 4 * u);
  EXPECT_NEAR(double(p.point_b.x), 1 - d / 4, 4 * u);
  EXPECT_NEAR(double(p.point_b.y), 0.0, 4 * u);
}

TYPED_TEST(ManifoldTyped, ADiscCentreBeyondATiedShortFaceIsClippedOnTheFaceItLiesOver) {
  // A = sliver triangle (0, 0), (2 + 2^-10, 0), (2, e), e = 2^-96 (counter-clockwise: its
  // orientation is 2e > 0); B = disc at (0, y), y = 2^-30, of radius r = 1 or 3. B's centre lies
  // over A's long face (2, e)→(0, 0) (0 < x < 2): its height above that face is
  // 2y / sqrt(4 + e²) = y to within y·e², the cores' distance. A's short face (2 + 2^-10, 0)→(2, e)
  // has the gap y − 2e(2 + 2^-10)/sqrt(e² + 2^-20) ≈ y − 2^-85, which ties with y in either type
  // (2^-85 is below half an ulp of y), and the pass kept it. The centre lies 2 beyond that face's
  // slab and was measured from its end (2, e): separation 2 − r, so for r = 1 the point was dropped
  // (an empty manifold for an overlap 1 deep) and for r = 3 it was kept 2 too shallow
  // (fixtures/found/fuzz-191f1420f7050673.json, the same configuration at scale 2e-289). Expected,
  // by hand: one contact on the long face, separation y − r, normal (−e/2, 1) ≈ (0, 1) (A towards
  // B), A's point (0, 0) + O(y·e), B's point (0, y − r) + O(r·e). Tolerance 4 u·S with S = 4, which
  // bounds every coordinate and radius: a few roundings.
  using T = TypeParam;
  const double e = 0x1p-96, y = 0x1p-30, u = double(unit_roundoff<T>()), S = 4;
  const auto a = shape<T>({{0, 0}, {2 + 0x1p-10, 0}, {2, e}});
  for (const double r : {1.0, 3.0}) {
    const auto b = shape<T>({{0, y}}, r);
    const Manifold<T> m = contact_manifold(a, b);
    ASSERT_EQ(m.point_count, 1) << "r = " << r;
    EXPECT_EQ(m.kind, ManifoldKind::face_a) << "r = " << r;
    EXPECT_NEAR(double(m.normal.x), 0.0, 4 * u) << "r = " << r;
    EXPECT_NEAR(double(m.normal.y), 1.0, 4 * u) << "r = " << r;
    const ManifoldPoint<T>& p = m.points[0];
    EXPECT_NEAR(double(p.separation), y - r, 4 * u * S) << "r = " << r;
    EXPECT_NEAR(double(p.point_a.x), 0.0, 4 * u * S) << "r = " << r;
    EXPECT_NEAR(double(p.point_a.y), 0.0, 4 * u * S) << "r = " << r;
    EXPECT_NEAR(double(p.point_b.x), 0.0, 4 * u * S) << "r = " << r;
    EXPECT_NEAR(double(p.point_b.y), y - r, 4 * u * S) << "r = " << r;
  }
}

TYPED_TEST(ManifoldTyped, AnIncidentEdgeBeyondASidePlaneOnlyWithinRoundingIsNotLeftForTheNext) {
  // A = segment (0, 0)–(0, 1) of radius r = 1/128; B = sliver triangle (−15, 0), (−e, −d1),
  // (−1, −d2) with e = 2^-64, d1 = 2^-60, d2 = 2^-66 (counter-clockwise: (−1, −d2) lies above the
  // line from (−15, 0) to (−e, −d1), which passes x = −1 at y ≈ −14·d1/15). A's face (0, 1)→(0, 0),
  // normal (−1, 0), has gap e (B's corner (−e, −d1)); B's face (−e, −d1)→(−1, −d2) has the larger
  // gap ≈ d1, by far less than the gaps' rounding (32 u·S, S = 15), so A's face is the reference.
  // B's edges (−e, −d1)→(−1, −d2) and (−1, −d2)→(−15, 0) are equally anti-parallel to it up to
  // rounding (normals (d1 − d2, 1) and (d2, 14)/14, to within 1e-18). The first lies wholly below
  // the side plane y = 0, but only by d1 and d2, within the plane's rounding band; tested without
  // the band it counted as beyond, the walk took the second edge, whose ends lie 1 and 15 above
  // A's face, and the manifold was empty for an overlap r deep (fixtures/found/
  // fuzz-5e21db7c806a07bb.json, the same configuration with e = 8e-55, d1 = 2e-53). Expected, by
  // hand: one contact at B's corner (−e, −d1), separation e − r, normal (−1, 0) (A towards B),
  // B's point the corner, A's point (−r, 0) (or (−r, −d1) unmoved). Tolerance 4 u·S.
  using T = TypeParam;
  const double e = 0x1p-64, d1 = 0x1p-60, d2 = 0x1p-66, r = 1.0 / 128, S = 15;
  const double u = double(unit_roundoff<T>());
  const auto a = shape<T>({{0, 0}, {0, 1}}, r);
  const auto b = shape<T>({{-15, 0}, {-e, -d1}, {-1, -d2}});
  ASSERT_EQ(b.size(), 3u);
  const Manifold<T> m = contact_manifold(a, b);
  ASSERT_EQ(m.point_count, 1);
  EXPECT_EQ(m.kind, ManifoldKind::face_a);
  EXPECT_NEAR(double(m.normal.x), -1.0, 4 * u);
  EXPECT_NEAR(double(m.normal.y), 0.0, 4 * u);
  const ManifoldPoint<T>& p = m.points[0];
  EXPECT_NEAR(double(p.separation), e - r, 4 * u * S);
  EXPECT_NEAR(double(p.point_b.x), -e, 4 * u * S);
  EXPECT_NEAR(double(p.point_b.y), -d1, 4 * u * S);
  EXPECT_NEAR(double(p.point_a.x), -r, 4 * u * S);
  EXPECT_NEAR(double(p.point_a.y), 0.0, 4 * u * S);
}

TYPED_TEST(ManifoldTyped, AVertexBelowAFaceAndJustBeyondItsEndKeepsItsDepth) {
  // A = sliver triangle (0, 0), (1, 0), (3/4, e), e = 2^-70; B = quadrilateral (−1, −1/2),
  // (3/4 − dl, −1/2 − dl), (3, 2), (−1, 2) with dl = 2u (two ulps of 3/4 in either type), which
  // holds A. By hand the MTV pushes B up by 1/2 + dl to within e: along B's other faces A lies
  // deeper (2 through the left and top edges, ~0.89 through the right one). A's faces
  // (1, 0)→(3/4, e) and (3/4, e)→(0, 0) have the same gap up to ~8e ≪ u, and the pass kept the
  // short one. B's corner (3/4 − dl, −1/2 − dl), the lowest vertex, lies dl beyond that face's
  // side plane x = 3/4 (within its rounding band, so there is no walk to the tied face) and 1/2
  // below the face line; B's bottom edge lies wholly beyond the plane, so the corner is the single
  // point. Measured as its distance from the face's end, |q − e| ≈ 1/2, its separation came out
  // +1/2 and it was dropped: an empty manifold for an overlap 1/2 deep
  // (fixtures/found/fuzz-9bf41bcd11725e58.json, the same configuration with B's corner 2 ulps
  // short of 0.7071). Expected, by hand: one or more contacts of separation −(1/2 + dl), normal
  // (0, 1) (A towards B), B's point at y = −1/2 − dl, A's point on A's top (y = 0, 0 <= x <= 1).
  // Tolerance 4 u·S, S = 3.
  using T = TypeParam;
  const double e = 0x1p-70, u = double(unit_roundoff<T>()), dl = 2 * u, S = 3;
  const auto a = shape<T>({{0, 0}, {1, 0}, {0.75, e}});
  const auto b = shape<T>({{-1, -0.5}, {0.75 - dl, -0.5 - dl}, {3, 2}, {-1, 2}});
  ASSERT_EQ(a.size(), 3u);
  const Manifold<T> m = contact_manifold(a, b);
  ASSERT_GE(m.point_count, 1);
  EXPECT_EQ(m.kind, ManifoldKind::face_a);
  EXPECT_NEAR(double(m.normal.x), 0.0, 4 * u);
  EXPECT_NEAR(double(m.normal.y), 1.0, 4 * u);
  for (int k = 0; k < m.point_count; ++k) {
    const ManifoldPoint<T>& p = m.points[k];
    EXPECT_NEAR(double(p.separation), -0.5 - dl, 4 * u * S) << "point " << k;
    EXPECT_NEAR(double(p.point_b.y), -0.5 - dl, 4 * u * S) << "point " << k;
    EXPECT_NEAR(double(p.point_a.y), 0.0, 4 * u * S) << "point " << k;
    EXPECT_GE(double(p.point_a.x), -4 * u * S) << "point " << k;
    EXPECT_LE(double(p.point_a.x), 1 + 4 * u * S) << "point " << k;
  }
}

TYPED_TEST(ManifoldTyped, TheBetterFaceOfTheSecondRoundWalksToItsTiedNeighbour) {
  // A = triangle (−1, −1), (0, −1), (−2^-32, −g) of radius r = 1/128, g = 2^-10; B = sliver
  // (−16, 0), (−3, −e), (0, 0), e = 2^-80 (counter-clockwise: orientation 16e > 0). A's corner
  // (−2^-32, −g) lies g below B's faces (−16, 0)→(−3, −e) and (−3, −e)→(0, 0), whose gaps tie to
  // within e (both are the cores' distance, g up to ~e). A's face (−2^-32, −g)→(−1, −1) has the
  // smaller gap ≈ (g − 2^-32)/√2 (B's corner (0, 0)), by ≈ 0.29·g = 2.9e-4: more than the gaps'
  // rounding (32 u·S <= 3.1e-5 at S = 16, float included) but less than
  // kReferenceFaceRelativeTolerance × the shorter face (5e-4·√2 = 7.1e-4),
  // so the first round clipped on A's face, lost the gap's vertex and took the second round on
  // B's better face. The pass had kept B's first face, whose slab (−16 <= x <= −3) A's corner
  // lies 3 beyond: its point was measured from that face's end and dropped, and the second round
  // left the manifold empty for an overlap r − g deep (fixtures/found/fuzz-1c92fd36836d21d9.json,
  // the same configuration with g = 2^-16, e = 5e-87). Expected, by hand: a contact on B's face
  // (−3, −e)→(0, 0): separation g − r, normal (0, 1) (A towards B) to within e, A's point
  // (−2^-32, r − g), B's point (−2^-32, 0) to within e. Tolerance 4 u·S.
  using T = TypeParam;
  const double g = 0x1p-10, e = 0x1p-80, r = 1.0 / 128, x = -0x1p-32, S = 16;
  const double u = double(unit_roundoff<T>());
  const auto a = shape<T>({{-1, -1}, {0, -1}, {x, -g}}, r);
  const auto b = shape<T>({{-16, 0}, {-3, -e}, {0, 0}});
  ASSERT_EQ(b.size(), 3u);
  const Manifold<T> m = contact_manifold(a, b);
  ASSERT_GE(m.point_count, 1);
  EXPECT_NEAR(double(m.normal.x), 0.0, 4 * u);
  EXPECT_NEAR(double(m.normal.y), 1.0, 4 * u);
  for (int k = 0; k < m.point_count; ++k) {
    const ManifoldPoint<T>& p = m.points[k];
    EXPECT_NEAR(double(p.separation), g - r, 4 * u * S) << "point " << k;
    EXPECT_NEAR(double(p.point_a.x), x, 4 * u * S) << "point " << k;
    EXPECT_NEAR(double(p.point_a.y), r - g, 4 * u * S) << "point " << k;
    EXPECT_NEAR(double(p.point_b.x), x, 4 * u * S) << "point " << k;
    EXPECT_NEAR(double(p.point_b.y), 0.0, 4 * u * S) << "point " << k;
  }
}


// The lowest separation of a manifold's points (its deepest contact).
template <class T>
double deepest_separation(const Manifold<T>& m) {
  double s = 0;
  for (int k = 0; k < m.point_count; ++k)
    s = k == 0 ? double(m.points[k].separation) : std::min(s, double(m.points[k].separation));
  return s;
}

TYPED_TEST(ManifoldTyped, ACoherentFaceThatDoesNotSeparateTheCoresGivesWayToOneThatDoes) {
  // A = capsule core (0, 8)–(0, 16), radius 4; B = (−8, −1), (X, −1), (X, 0), (X − s, 8) of
  // radius 4, X = 2^-10, s = 2^-9 (inside the domain: nothing is welded). B's slanted face
  // (X, 0)→(X − s, 8) passes s − X = 2^-10 left of A's lower end (0, 8) at its height; the foot of
  // (0, 8) on it lies inside the face, so the cores are apart by its gap
  //   δ = 8·(s − X)/√(s² + 64) = 2^-10/√(1 + 2^-24)
  // and the exact depth is 8 − δ. A's best face (normal (−1, 0)) has gap −X (B's short vertical
  // edge at x = X, far below A's slab 8 <= y <= 16): it does not separate the cores. B's face is
  // better by δ + X ≈ 2^-9, more than the gaps' rounding (32 u·S <= 3.1e-5 at S = 16) but less
  // than kReferenceFaceRelativeTolerance × the shorter face (5e-4 × 8), so the coherence rule
  // kept A's face; its incident edge, B's vertical edge (normal (1, 0): the most anti-parallel),
  // lies 8 below the slab, and the fallback vertex (X, 0), 8 beyond the face's end and beyond
  // A's radius, at or below the face line, met the cap's outermost point: depth 4 + X, one radius
  // short (fixtures/found/fuzz-b3dbfa2db9dd1a3c.json, the same configuration at scale 2.3e6).
  // (That is double. In float the two incident edges' normals, 2^-12 rad apart, tie within
  // kIncidentTieUlps, the first clipping lost the face gap's vertex, and the second round reached
  // B's face: the float instance passed before the fix too.)
  // Expected, by hand: B's face is the reference (a face that separates the cores is the better
  // witness of their contact), the deepest contact is A's end: separation −(8 − δ), normal −(B's
  // face normal) = −(8, s)/√(64 + s²). Tolerance 8 u·S (S = 16), a few roundings.
  using T = TypeParam;
  using minkowski::fast::InputDomain;
  const double X = 0x1p-10, s = 0x1p-9, S = 16, u = double(unit_roundoff<T>());
  const double delta = 0x1p-10 / std::sqrt(1 + 0x1p-24), len = std::sqrt(64 + s * s);
  const auto a = shape<T>({{0, 8}, {0, 16}}, 4, InputDomain::enforce);
  const auto b = shape<T>({{-8, -1}, {X, -1}, {X, 0}, {X - s, 8}}, 4, InputDomain::enforce);
  ASSERT_EQ(b.size(), 4u);
  const Manifold<T> m = contact_manifold(a, b);
  ASSERT_GE(m.point_count, 1);
  EXPECT_EQ(m.kind, ManifoldKind::face_b);
  EXPECT_NEAR(double(m.normal.x), -8 / len, 4 * u);
  EXPECT_NEAR(double(m.normal.y), -s / len, 4 * u);
  EXPECT_NEAR(deepest_separation(m), -(8 - delta), 8 * u * S);
}

TEST(ManifoldCoherence, OfTwoFacesThatSeparateTheCoresTheBetterIsTheReference) {
  // A = capsule core (0, 0)–(0, 40000), radius 10000; B = triangle (−1, −10000), (−2, −δ),
  // (−30000, −5000) of radius 10000, δ = 2^-14. A's best face (normal (−1, 0)) has gap 1: B's
  // rightmost vertex (−1, −10000) lies 1 left of A's core line, but 10000 below A's lower end —
  // on A's cap (10000.00005 from (0, 0)). B's right face (−1, −10000)→(−2, −δ) passes 2 left of
  // A's lower end: the foot of (0, 0) on it lies inside it (its parameter from (−2, −δ) towards
  // (−1, −10000) is (2 − δ·(10000 − δ))/|e|² > 0), so the cores are apart by that face's gap,
  //   d = |cross(e, (2, δ))| / |e| = (20000 − δ)/√(1 + (10000 − δ)²)  (≈ 2),
  // and the exact depth is 20000 − d. Both faces separate the cores; B's is better by about 1, more
  // than the gaps' rounding (32 u·S = 1.4e-10 at S = 40000) but less than
  // kReferenceFaceRelativeTolerance × the shorter face (5e-4 × 10000 = 5), so the coherence rule
  // kept A's face. B's incident edge (its right face) lies wholly below A's slab 0 <= y <= 40000
  // (by δ), the clipping fell back on B's vertex deepest along (−1, 0), (−1, −10000), on A's cap,
  // and the contact came out with depth ≈ 10000: one radius short (fuzz-a010df107f2ffe30, the same
  // configuration at scale 2.8e7). Expected, by hand: B's face is the reference and the deepest
  // contact is A's end, separation d − 20000, within a few roundings (8 u·S). Double only: in
  // float δ lies within the side plane's rounding band.
  const double delta = 0x1p-14, u = double(unit_roundoff<double>()), S = 40000;
  const auto a = shape<double>({{0, 0}, {0, 40000}}, 10000);
  const auto b = shape<double>({{-1, -10000}, {-2, -delta}, {-30000, -5000}}, 10000);
  ASSERT_EQ(b.size(), 3u);
  const long double e2 = 1 + (10000 - (long double)delta) * (10000 - (long double)delta);
  const double d = double((20000 - (long double)delta) / std::sqrt(e2));
  const Manifold<double> m = contact_manifold(a, b);
  ASSERT_GE(m.point_count, 1);
  EXPECT_EQ(m.kind, ManifoldKind::face_b);
  EXPECT_NEAR(deepest_separation(m), d - 20000, 8 * u * S);
}

TYPED_TEST(ManifoldTyped, ACoherentFaceClearlyBelowTouchingGivesWayToOneThatTouches) {
  // A = capsule core (−8, h)–(0, 0), radius 1, h = 2^-10; B = triangle (0, −8), (8, 0), (0, −δ)
  // of radius 1, δ = the gaps' rounding 32 u·S over 8 (S = 8: 2^-48 in double, 2^-19 in float).
  // A's end (0, 0) lies δ above B's vertex (0, −δ), over B's top face (0, −δ)→(8, 0) (its foot
  // is inside the face), so B's top face has gap δ·8/√(64 + δ²) — the cores' distance, within
  // the rounding of a gap of zero: they touch up to rounding — and the exact depth is 2 − δ (to
  // δ³). A's best face (its lower side, normal ≈ (−h/8, −1)) has gap ≈ −h (B's far vertex (8, 0)
  // lies below its line): clearly below touching. B's face is better by ≈ h = 9.8e-4, more than
  // the gaps' rounding but less than kReferenceFaceRelativeTolerance × the shorter face
  // (5e-4 × 8), so the coherence rule kept A's face; B's top edge lies wholly beyond its side
  // plane at (0, 0) (B's near vertex by h·δ/8), so the clipping fell back to B's deepest vertex
  // (8, 0), 8 beyond the face's end and beyond A's radius, at or below the face line: depth 1 + h
  // where the exact depth is ≈ 2 (fixtures/found/fuzz-a5023d17b8b54a53.json, the same
  // configuration at scale 3.6e88 with A's radius reaching B's far vertex). A rule that lets
  // coherence choose only between faces that both separate the cores by more than the gap's
  // rounding, or both not, keeps A's face here: B's gap is within that rounding. Expected, by
  // hand: B's top face is the reference, the deepest contact is A's end: separation −(2 − δ),
  // normal −(B's face normal) = (δ, −8)/√(64 + δ²). Tolerance 8 u·S.
  using T = TypeParam;
  using minkowski::fast::InputDomain;
  const double S = 8, u = double(unit_roundoff<T>()), h = 0x1p-10, d = 32 * u * S / 8;
  const auto a = shape<T>({{-8, h}, {0, 0}}, 1, InputDomain::enforce);
  const auto b = shape<T>({{0, -8}, {8, 0}, {0, -d}}, 1, InputDomain::enforce);
  ASSERT_EQ(b.size(), 3u);
  const Manifold<T> m = contact_manifold(a, b);
  ASSERT_GE(m.point_count, 1);
  EXPECT_EQ(m.kind, ManifoldKind::face_b);
  EXPECT_NEAR(double(m.normal.x), d / 8, 4 * u);
  EXPECT_NEAR(double(m.normal.y), -1.0, 4 * u);
  EXPECT_NEAR(deepest_separation(m), -(2 - d), 8 * u * S);
}

}  // namespace

}  // namespace manifold_test_cpp
