// Closest internal vertices (docs/design.md, "Contacts by closest internal vertices"): where it
// agrees with clipping, and its documented failures. Expected values are derived by hand above each
// test.
#include <gtest/gtest.h>

#include "test_shapes.hpp"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <utility>
#include <vector>

#include "minkowski/properties/internal_vertices.hpp"
#include "minkowski/fast/manifold.hpp"

// This file's names, in a namespace of their own: the test command compiles the suite as
// one translation unit (cmake/PrecompiledHeaders.cmake, minkowski_unity).
namespace internal_vertices_test_cpp {

namespace {

using minkowski::fast::contact_manifold;
using minkowski::fast::ConvexShape;
using minkowski::fast::FeatureType;
using minkowski::fast::make_shape;
using minkowski::fast::Manifold;
using minkowski::fast::ManifoldKind;
using minkowski::fast::Vec2;
using minkowski::properties::closest_internal_vertices;

using minkowski::fast::test_support::box;
using minkowski::fast::test_support::shape;
using minkowski::fast::test_support::tol;
using minkowski::fast::test_support::vertex_near;

template <class T>
class InternalVerticesTyped : public ::testing::Test {};
using Types = ::testing::Types<float, double>;
TYPED_TEST_SUITE(InternalVerticesTyped, Types);

// Seed 002, first figure: A = [0,2]², diamond B with bottom vertex (1,1.75); SAT normal (0,1),
// depth 0.25. Step 1: A's vertices highest along +y are (0,2)/(2,2); |x − 1| + |y − 2.75| = 1.75 >
// 1: outside the diamond; its neighbour along +y (the other top corner) likewise. Step 3: B's
// lowest vertex (1,1.75) is inside A: a point; its neighbours (0,2.75) and (2,2.75) are above A:
// outside. One point, as clipping gives: B-side (1,1.75), A-side (1,1.75) + 0.25·(0,1) = (1,2).
TYPED_TEST(InternalVerticesTyped, CornerIntoFaceGivesTheCornerAsOnePoint) {
  using T = TypeParam;
  const auto a = box<T>(0, 0, 2, 2);
  const auto b = shape<T>({{1, 1.75}, {2, 2.75}, {1, 3.75}, {0, 2.75}});
  const Manifold<T> m = closest_internal_vertices(a, b);
  ASSERT_EQ(m.point_count, 1);
  EXPECT_EQ(m.kind, ManifoldKind::vertex);
  EXPECT_EQ(m.normal, (Vec2<T>{0, 1}));
  EXPECT_EQ(m.points[0].separation, T(-0.25));
  EXPECT_EQ(m.points[0].point_b, (Vec2<T>{1, 1.75}));
  EXPECT_EQ(m.points[0].point_a, (Vec2<T>{1, 2}));
  EXPECT_EQ(m.points[0].id.type_a, FeatureType::none);
  EXPECT_EQ(m.points[0].id.type_b, FeatureType::vertex);
  EXPECT_EQ(m.points[0].id.index_b, vertex_near(b, 1, 1.75));
  const Manifold<T> clip = contact_manifold(a, b);
  ASSERT_EQ(clip.point_count, 1);
  EXPECT_EQ(clip.points[0].point_b, m.points[0].point_b);
}

// DOCUMENTED FAILURE 1 — crossing edges, no vertex inside. A "plus": A = [−3,3]×[−0.5,0.5],
// B = [−0.5,0.5]×[−3,2]. They overlap (SAT depth 2.5 along −y: push B down until its top y = 2
// reaches A's bottom −0.5), but every corner of A has |x| = 3 > 0.5 and every corner of B has
// |y| >= 2 > 0.5: no vertex of either is inside the other, so the method returns ZERO points.
// Clipping gives two: B's top corners (±0.5, 2) against A's bottom face, separation −2.5.
TYPED_TEST(InternalVerticesTyped, CrossingEdgesWithNoVertexInsideGiveNoPoint) {
  using T = TypeParam;
  const auto a = box<T>(-3, -0.5, 3, 0.5), b = box<T>(-0.5, -3, 0.5, 2);
  const Manifold<T> m = closest_internal_vertices(a, b);
  EXPECT_EQ(m.point_count, 0);
  EXPECT_EQ(m.kind, ManifoldKind::none);
  EXPECT_EQ(m.normal, (Vec2<T>{0, -1}));
  const Manifold<T> clip = contact_manifold(a, b);
  ASSERT_EQ(clip.point_count, 2);
  for (int k = 0; k < 2; ++k) {
    EXPECT_EQ(clip.points[k].separation, T(-2.5));
    EXPECT_EQ(clip.points[k].point_b.y, T(2));
  }
}

// DOCUMENTED FAILURE 2 — one depth for all points. A = [0,4]×[0,2]; B with a tilted bottom
// (1,1.9)→(3,1.8): SAT normal (0,1), depth 0.2. Step 1 on A: top corners (0,2), (4,2) are outside
// B (x not in [1,3]). Step 3 on B along −y: lowest vertex (3,1.8) inside A; its neighbour lower
// along −y is (1,1.9) (not (3,3)), inside A. Two points, BOTH with separation −0.2, while the true
// penetrations (clipping) are 0.2 at x = 3 and only 0.1 at x = 1.
TYPED_TEST(InternalVerticesTyped, AllPointsGetTheSameDepth) {
  using T = TypeParam;
  const auto a = box<T>(0, 0, 4, 2);
  const auto b = shape<T>({{1, 1.9}, {3, 1.8}, {3, 3}, {1, 3}});
  const Manifold<T> m = closest_internal_vertices(a, b);
  ASSERT_EQ(m.point_count, 2);
  std::vector<double> xs;
  for (int k = 0; k < 2; ++k) {
    EXPECT_NEAR(double(m.points[k].separation), -0.2, tol<T>());
    xs.push_back(double(m.points[k].point_b.x));
  }
  std::sort(xs.begin(), xs.end());
  EXPECT_EQ(xs, (std::vector<double>{1, 3}));
  const Manifold<T> clip = contact_manifold(a, b);
  ASSERT_EQ(clip.point_count, 2);
  const double s0 = double(clip.points[0].separation), s1 = double(clip.points[1].separation);
  EXPECT_NEAR(std::max(s0, s1), -0.1, tol<T>());  // the shallow corner, which the method misses
  EXPECT_NEAR(std::min(s0, s1), -0.2, tol<T>());
}

// Seed 002, second figure: two vertices of one shape inside the other. A = [0,4]×[0,1], B =
// [1,2]×[0.75,1.75]: normal (0,1), depth 0.25. A's top corners (0,1), (4,1) are outside B; B's
// bottom corners (1,0.75) and (2,0.75) are inside A: two points, separation −0.25 each.
TYPED_TEST(InternalVerticesTyped, EdgeOnEdgeGivesTwoVertices) {
  using T = TypeParam;
  const Manifold<T> m = closest_internal_vertices(box<T>(0, 0, 4, 1), box<T>(1, 0.75, 2, 1.75));
  ASSERT_EQ(m.point_count, 2);
  for (int k = 0; k < 2; ++k) {
    EXPECT_EQ(m.points[k].separation, T(-0.25));
    EXPECT_EQ(m.points[k].point_b.y, T(0.75));
  }
}

// Rounded candidate: circle (1,3) r 1.5 over A = [0,2]²: normal (0,1), depth 0.5. A's top corners
// (0,2), (2,2): distance to the centre √2 < 1.5: inside the circle — two points from A, both at
// separation −0.5 (the circle's true contact is one point at (1,2): a third failure, two points on
// a curved surface). Their B-side points are (x, 2 − 0.5).
TYPED_TEST(InternalVerticesTyped, CircleOverFaceFindsPolygonCornersInsideTheCircle) {
  using T = TypeParam;
  const Manifold<T> m = closest_internal_vertices(box<T>(0, 0, 2, 2), shape<T>({{1, 3}}, 1.5));
  ASSERT_EQ(m.point_count, 2);
  for (int k = 0; k < 2; ++k) {
    EXPECT_EQ(m.points[k].separation, T(-0.5));
    EXPECT_EQ(m.points[k].point_a.y, T(2));
    EXPECT_EQ(m.points[k].point_b.y, T(1.5));
    EXPECT_EQ(m.points[k].id.type_a, FeatureType::vertex);
  }
  // The circle's own candidate (1, 3 − 1.5) = (1, 1.5) is inside A too but the two slots are full.
}

// Separated shapes give no point; a negative depth passed in gives none either.
TYPED_TEST(InternalVerticesTyped, SeparatedShapesGiveNoPoint) {
  using T = TypeParam;
  const auto a = box<T>(0, 0, 2, 2), b = box<T>(3, 0, 5, 2);
  EXPECT_EQ(closest_internal_vertices(a, b).point_count, 0);
  EXPECT_EQ(closest_internal_vertices(a, b, Vec2<T>{1, 0}, T(-1)).point_count, 0);
}

}  // namespace

}  // namespace internal_vertices_test_cpp
