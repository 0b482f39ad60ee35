// SAT: relation, minimum translation vector and separating gap for every kind of shape pair.
// Every expected value is derived by hand in the comment above its check; coordinates are chosen
// so that most answers are exact in float and double (small integers, halves and quarters).
#include <gtest/gtest.h>

#include "test_shapes.hpp"

#include <cmath>
#include <initializer_list>
#include <type_traits>
#include <utility>
#include <vector>

#include "minkowski/fast/manifold.hpp"
#include "minkowski/fast/sat.hpp"

// This file's names, in a namespace of their own: the test command compiles the suite as
// one translation unit (cmake/PrecompiledHeaders.cmake, minkowski_unity).
namespace sat_test_cpp {

namespace {

using minkowski::fast::ConvexShape;
using minkowski::fast::InputDomain;
using minkowski::fast::make_shape;
using minkowski::fast::sat_overlap;
using minkowski::fast::sat_query;
using minkowski::fast::SatAxis;
using minkowski::fast::SatCache;
using minkowski::fast::SatOptions;
using minkowski::fast::SatResult;
using minkowski::fast::unit_roundoff;
using minkowski::fast::Vec2;

using minkowski::fast::test_support::box;
using minkowski::fast::test_support::shape;

// Allowed rounding for answers that are not exact in T: 64 u at coordinates of size <= 8.
template <class T>
T tol() {
  return T(64) * std::numeric_limits<T>::epsilon() / T(2) * T(8);
}

template <class T>
void expect_vec_near(Vec2<T> got, double x, double y) {
  EXPECT_NEAR(double(got.x), x, double(tol<T>())) << "x";
  EXPECT_NEAR(double(got.y), y, double(tol<T>())) << "y";
}

// Index of the face of s whose outward normal is (nx, ny) (exactly, for axis-aligned faces).
template <class T>
std::uint32_t face_with_normal(const ConvexShape<T>& s, double nx, double ny) {
  for (std::size_t i = 0; i < s.normals().size(); ++i)
    if (std::abs(double(s.normal(i).x) - nx) < 1e-6 && std::abs(double(s.normal(i).y) - ny) < 1e-6)
      return static_cast<std::uint32_t>(i);
  ADD_FAILURE() << "no face with normal (" << nx << ", " << ny << ")";
  return 0;
}

template <class T>
std::uint32_t vertex_at(const ConvexShape<T>& s, double x, double y) {
  for (std::size_t i = 0; i < s.size(); ++i)
    if (double(s.vertex(i).x) == x && double(s.vertex(i).y) == y)
      return static_cast<std::uint32_t>(i);
  ADD_FAILURE() << "no vertex at (" << x << ", " << y << ")";
  return 0;
}

template <class T>
class SatTyped : public ::testing::Test {};
using Types = ::testing::Types<float, double>;
TYPED_TEST_SUITE(SatTyped, Types);

// A = [0,2]², B = [3,5]×[0,2]. Push directions of A: +x gap 3−2 = 1, +y gap 0−2 = −2, −x gap
// −(5−0) = −5, −y gap −(2−0) = −2: best +x (A's right face). Each face of B pushes along the
// reverse of its normal; B's left face pushes along +x like A's best face and is skipped as
// parallel; its other three faces are tested (bottom +y: −2, right −x: −5, top −y: −2). Axes:
// 4 + 3 = 7. Polygons without radius: the gap is only SAT's lower bound.
TYPED_TEST(SatTyped, SeparatedBoxesReportGapAlongBestFaceAndSkipParallelAxis) {
  using T = TypeParam;
  const auto a = box<T>(0, 0, 2, 2), b = box<T>(3, 0, 5, 2);
  const SatResult<T> r = sat_query(a, b);
  EXPECT_FALSE(r.intersects);
  EXPECT_EQ(r.separation, T(1));
  EXPECT_EQ(r.depth, T(0));
  EXPECT_EQ(r.normal, (Vec2<T>{1, 0}));
  EXPECT_EQ(r.axis, SatAxis::face_a);
  EXPECT_EQ(r.index_a, face_with_normal(a, 1, 0));
  EXPECT_FALSE(r.separation_is_distance);
  EXPECT_EQ(r.axes_tested, 7);
  EXPECT_FALSE(sat_overlap(a, b));
}

// A = [0,2]², triangle B = (3,0), (5,1), (3,2). A's best push is +x (gap 3 − 2 = 1); B's left
// face (3,2)→(3,0), normal (−1,0), pushes along +x too and is skipped. B's other faces: normal
// (1,−2)/√5 pushes along (−1,2)/√5 with gap min over A of ((a.x − 3) − 2 a.y)/√5 = −7/√5 (corner
// (0,2)); normal (1,2)/√5 gives ((a.x − 5) + 2 (a.y − 1))/√5 = −7/√5 (corner (0,0)). Axes: 4 + 2.
TYPED_TEST(SatTyped, TriangleFaceParallelToTheBestFaceIsSkipped) {
  using T = TypeParam;
  const auto a = box<T>(0, 0, 2, 2), b = shape<T>({{3, 0}, {5, 1}, {3, 2}});
  const SatResult<T> r = sat_query(a, b);
  EXPECT_FALSE(r.intersects);
  EXPECT_EQ(r.separation, T(1));
  EXPECT_EQ(r.normal, (Vec2<T>{1, 0}));
  EXPECT_EQ(r.axis, SatAxis::face_a);
  EXPECT_EQ(r.axes_tested, 6);
  // The same triangle without the parallel face (apex moved off the vertical): nothing skipped.
  EXPECT_EQ(sat_query(a, shape<T>({{3, 0}, {5, 1}, {3.5, 2}})).axes_tested, 7);
}

// SatOptions::parallel_axis_ulps is honoured. A = [0,2]², triangle B = (3,0), (5,1), (3.5,2) (7
// axes by default, above). A's best normal is s = (1,0); a face of B is skipped when |n + s| <=
// par. B's normals: (1,−2)/√5, |n + s|² = (1 + 1/√5)² + 4/5 = 2.894; (2,3)/√13, (1 + 2/√13)² + 9/13
// =
// 3.109; (−4,1)/√17 (the near-parallel left face), (1 − 4/√17)² + 1/17 = 0.0597, |n + s| = 0.244.
// par = 0.5 skips only the left face (6 axes); par = 2 >= |n + s| for every unit n skips all of
// B's faces (4 axes). The answer stays A's +x face, gap 1 (the skipped faces were not better).
TYPED_TEST(SatTyped, ParallelAxisEpsilonOptionIsHonoured) {
  using T = TypeParam;
  const auto a = box<T>(0, 0, 2, 2), b = shape<T>({{3, 0}, {5, 1}, {3.5, 2}});
  const double u = double(unit_roundoff<T>());
  for (auto [par, axes] : {std::pair{0.5, 6}, std::pair{2.0, 4}}) {
    const SatResult<T> r = sat_query(a, b, nullptr, SatOptions{par / u});
    EXPECT_EQ(r.axes_tested, axes) << par;
    EXPECT_EQ(r.separation, T(1)) << par;
    EXPECT_EQ(r.axis, SatAxis::face_a) << par;
  }
  EXPECT_EQ(sat_query(a, b, nullptr, SatOptions{}).axes_tested, 7);
}

// A = [0,2]², B = [3,5]×[3,5]: the closest points are the corners (2,2) and (3,3), distance √2.
// Every face gap is 1 (e.g. +x: 3 − 2), so SAT reports 1 <= √2: a lower bound, not the distance.
TYPED_TEST(SatTyped, DiagonalGapIsOnlyALowerBoundOnTheDistance) {
  using T = TypeParam;
  const SatResult<T> r = sat_query(box<T>(0, 0, 2, 2), box<T>(3, 3, 5, 5));
  EXPECT_FALSE(r.intersects);
  EXPECT_EQ(r.separation, T(1));
  EXPECT_LT(double(r.separation), std::sqrt(2.0));
  EXPECT_FALSE(r.separation_is_distance);
}

// Seed 003/002 "corner" case: square A = [0,2]², diamond B with bottom vertex (1, 1.75) and
// half-diagonal 1: vertices (1,1.75), (2,2.75), (1,3.75), (0,2.75). A's +y push: gap 1.75 − 2 =
// −0.25. B's lower faces (normals (±1,−1)/√2) push along (∓1,1)/√2 with gap −1.25/√2 ≈ −0.88
// (corner (0,2) resp. (2,2) of A). MTV: 0.25 along +y.
TYPED_TEST(SatTyped, CornerIntoFaceGivesFaceNormalAndCornerDepth) {
  using T = TypeParam;
  const auto a = box<T>(0, 0, 2, 2);
  const auto b = shape<T>({{1, 1.75}, {2, 2.75}, {1, 3.75}, {0, 2.75}});
  const SatResult<T> r = sat_query(a, b);
  EXPECT_TRUE(r.intersects);
  EXPECT_EQ(r.depth, T(0.25));
  EXPECT_EQ(r.separation, T(-0.25));
  EXPECT_EQ(r.normal, (Vec2<T>{0, 1}));
  EXPECT_EQ(r.axis, SatAxis::face_a);
}

// Containment (docs/design.md, "SAT: circles, capsules, containment, caching"): B = [1,2]×[1,2.5]
// inside A = [0,4]². One-sided pushes: +x 4 − 1 = 3, −x 2 − 0 = 2, +y 4 − 1 = 3, −y 2.5 − 0 = 2.5.
// The line test's form on the x line: overlap 1 (B's width) + min(|0 − 1|, |4 − 2|) = 2 towards the
// min end: the same 2 along −x. The plain overlap without the correction would claim depth 1 (x
// line) — and moving B by 1 would not separate it.
TYPED_TEST(SatTyped, ContainedBoxGetsContainmentCorrectedDepth) {
  using T = TypeParam;
  const auto a = box<T>(0, 0, 4, 4), b = box<T>(1, 1, 2, 2.5);
  const SatResult<T> r = sat_query(a, b);
  EXPECT_TRUE(r.intersects);
  EXPECT_EQ(r.depth, T(2));
  EXPECT_EQ(r.normal, (Vec2<T>{-1, 0}));
  EXPECT_EQ(r.axis, SatAxis::face_a);
  // Translating B by normal·depth = (−2, 0) gives [−1,0]×[1,2.5]: touching A's left face.
  const SatResult<T> moved = sat_query(a, box<T>(-1, 1, 0, 2.5));
  EXPECT_TRUE(moved.intersects);
  EXPECT_EQ(moved.depth, T(0));
}

// Containment nearer the max end: B = [2.5,3.5]×[1,3] in A = [0,4]². Pushes: +x 4 − 2.5 = 1.5,
// −x 3.5, +y 3, −y 3. Seed: overlap 1 + min(2.5, 0.5) = 1.5 towards the max end: +x.
TYPED_TEST(SatTyped, ContainmentPicksTheNearerEnd) {
  using T = TypeParam;
  const SatResult<T> r = sat_query(box<T>(0, 0, 4, 4), box<T>(2.5, 1, 3.5, 3));
  EXPECT_EQ(r.depth, T(1.5));
  EXPECT_EQ(r.normal, (Vec2<T>{1, 0}));
}

// Seed 003, "segments": a segment's projection on its own normal has zero length, so the plain
// interval overlap is 0 there. B = segment (1,0.5)–(3,0.5) inside A = [0,4]×[0,2]: pushes −y
// 0.5 − 0 = 0.5, +y 2 − 0.5 = 1.5, +x 4 − 1 = 3, −x 3 − 0 = 3. MTV 0.5 along −y.
TYPED_TEST(SatTyped, SegmentInsidePolygonNeedsTheContainmentCorrection) {
  using T = TypeParam;
  const SatResult<T> r = sat_query(box<T>(0, 0, 4, 2), shape<T>({{1, 0.5}, {3, 0.5}}));
  EXPECT_TRUE(r.intersects);
  EXPECT_EQ(r.depth, T(0.5));
  EXPECT_EQ(r.normal, (Vec2<T>{0, -1}));
}

// Circle B (centre (3,3), r 1.5) at the corner (2,2) of A = [0,2]². Face axes alone: +x gap
// 3 − 2 − 1.5 = −0.5, claiming depth 0.5. The corner–centre axis (1,1)/√2: distance √2, so depth
// 1.5 − √2 ≈ 0.0858 — the usual "closest vertex to the centre" axis.
TYPED_TEST(SatTyped, CircleAtPolygonCornerUsesVertexAxis) {
  using T = TypeParam;
  const auto a = box<T>(0, 0, 2, 2);
  const auto b = shape<T>({{3, 3}}, 1.5);
  const SatResult<T> r = sat_query(a, b);
  EXPECT_TRUE(r.intersects);
  EXPECT_NEAR(double(r.depth), 1.5 - std::sqrt(2.0), double(tol<T>()));
  expect_vec_near(r.normal, std::sqrt(0.5), std::sqrt(0.5));
  EXPECT_EQ(r.axis, SatAxis::vertex_vertex);
  EXPECT_EQ(r.index_a, vertex_at(a, 2, 2));
  EXPECT_EQ(r.index_b, 0u);
  EXPECT_TRUE(sat_overlap(a, b));
}

// Same corner, r = 1.2 < √2: separated by √2 − 1.2 ≈ 0.2142, although every face axis overlaps
// (+x: 1 − 1.2 = −0.2). Without the vertex axis SAT would report a collision.
TYPED_TEST(SatTyped, CircleNearCornerIsSeparatedOnlyAlongVertexAxis) {
  using T = TypeParam;
  const auto a = box<T>(0, 0, 2, 2);
  const auto b = shape<T>({{3, 3}}, 1.2);
  const SatResult<T> r = sat_query(a, b);
  EXPECT_FALSE(r.intersects);
  EXPECT_NEAR(double(r.separation), std::sqrt(2.0) - 1.2, double(tol<T>()));
  EXPECT_TRUE(r.separation_is_distance);
  EXPECT_EQ(r.axis, SatAxis::vertex_vertex);
  EXPECT_FALSE(sat_overlap(a, b));
}

// Circle over the middle of A's top face: centre (1,3), r 1.5; +y gap 3 − 2 − 1.5 = −0.5. The
// closest core features are A's top edge and the centre (interior of the edge): a face axis.
TYPED_TEST(SatTyped, CircleOverFaceUsesFaceAxis) {
  using T = TypeParam;
  const SatResult<T> r = sat_query(box<T>(0, 0, 2, 2), shape<T>({{1, 3}}, 1.5));
  EXPECT_TRUE(r.intersects);
  EXPECT_EQ(r.depth, T(0.5));
  EXPECT_EQ(r.normal, (Vec2<T>{0, 1}));
  EXPECT_EQ(r.axis, SatAxis::face_a);
}

// Capsule B: core (−1,2.5)–(1,2.5), r 0.6, lying on A = [−2,2]×[0,2]. +y gap 2.5 − 2 − 0.6 =
// −0.1; the capsule's lower side pushes along +y too (skipped); its upper side along −y: gap
// −(2.5 − 0) − 0.6; sideways pushes need >= 3. MTV 0.1 along +y.
TYPED_TEST(SatTyped, CapsuleOnBoxFace) {
  using T = TypeParam;
  const SatResult<T> r = sat_query(box<T>(-2, 0, 2, 2), shape<T>({{-1, 2.5}, {1, 2.5}}, 0.6));
  EXPECT_TRUE(r.intersects);
  EXPECT_NEAR(double(r.depth), 0.1, double(tol<T>()));
  EXPECT_EQ(r.normal, (Vec2<T>{0, 1}));
}

// Capsule end cap near a corner: core (3,3)–(5,5), r 1, A = [0,2]². Face gap +x: 3 − 2 − 1 = 0
// (face axes alone: touching). Closest core points (2,2) and (3,3): distance √2, so separated by
// √2 − 1 ≈ 0.414 along (1,1)/√2.
TYPED_TEST(SatTyped, CapsuleEndCapAtCornerIsSeparatedAlongVertexAxis) {
  using T = TypeParam;
  const SatResult<T> r = sat_query(box<T>(0, 0, 2, 2), shape<T>({{3, 3}, {5, 5}}, 1.0));
  EXPECT_FALSE(r.intersects);
  EXPECT_NEAR(double(r.separation), std::sqrt(2.0) - 1, double(tol<T>()));
  expect_vec_near(r.normal, std::sqrt(0.5), std::sqrt(0.5));
  EXPECT_EQ(r.axis, SatAxis::vertex_vertex);
}

// Crossing segments A = (−1,0)–(1,0), B = (0.25,−1)–(0.25,2). Pushes of B: +x 1 − 0.25 = 0.75,
// −x 0.25 + 1 = 1.25, +y 0 + 1 = 1, −y 2 − 0 = 2. MTV 0.75 along +x, from B's face (B's
// normal (−1,0) reversed).
TYPED_TEST(SatTyped, CrossingSegments) {
  using T = TypeParam;
  const auto a = shape<T>({{-1, 0}, {1, 0}}), b = shape<T>({{0.25, -1}, {0.25, 2}});
  const SatResult<T> r = sat_query(a, b);
  EXPECT_TRUE(r.intersects);
  EXPECT_EQ(r.depth, T(0.75));
  EXPECT_EQ(r.normal, (Vec2<T>{1, 0}));
  EXPECT_EQ(r.axis, SatAxis::face_b);
}

// Collinear segments (0,0)–(1,0) and (2,0)–(3,0): both face gaps (±y) are 0, yet they are 1
// apart along x. Found by the closest features (vertex (1,0) to vertex (2,0)).
TYPED_TEST(SatTyped, CollinearSegmentsEndToEndAreSeparated) {
  using T = TypeParam;
  const auto a = shape<T>({{0, 0}, {1, 0}}), b = shape<T>({{2, 0}, {3, 0}});
  const SatResult<T> r = sat_query(a, b);
  EXPECT_FALSE(r.intersects);
  EXPECT_EQ(r.separation, T(1));
  EXPECT_EQ(r.normal, (Vec2<T>{1, 0}));
  EXPECT_EQ(r.axis, SatAxis::vertex_vertex);
  EXPECT_TRUE(r.separation_is_distance);
  EXPECT_FALSE(sat_overlap(a, b));
  // Overlapping collinear segments share a segment of zero area: touching, depth 0.
  const SatResult<T> o = sat_query(shape<T>({{0, 0}, {2, 0}}), shape<T>({{1, 0}, {3, 0}}));
  EXPECT_TRUE(o.intersects);
  EXPECT_EQ(o.depth, T(0));
}

// V-shaped segments (0,0)–(1,0) and (2,1)–(3,2): best face gap 1 (A's +y side: lowest B point
// y = 1), but the closest points are the vertices (1,0) and (2,1): distance √2 along (1,1)/√2.
TYPED_TEST(SatTyped, SegmentsWithClosestVerticesReportTheDistance) {
  using T = TypeParam;
  const SatResult<T> r = sat_query(shape<T>({{0, 0}, {1, 0}}), shape<T>({{2, 1}, {3, 2}}));
  EXPECT_FALSE(r.intersects);
  EXPECT_NEAR(double(r.separation), std::sqrt(2.0), double(tol<T>()));
  expect_vec_near(r.normal, std::sqrt(0.5), std::sqrt(0.5));
  EXPECT_TRUE(r.separation_is_distance);
}

// Points: (0,0) and (3,4) are 5 apart along (0.6, 0.8). As circles of radii 1 and 2: gap 2. As
// circles of radii 3 and 2.5: depth 0.5.
TYPED_TEST(SatTyped, PointsAndCircles) {
  using T = TypeParam;
  const SatResult<T> p = sat_query(shape<T>({{0, 0}}), shape<T>({{3, 4}}));
  EXPECT_FALSE(p.intersects);
  EXPECT_EQ(p.separation, T(5));
  expect_vec_near(p.normal, 0.6, 0.8);
  const SatResult<T> c = sat_query(shape<T>({{0, 0}}, 1), shape<T>({{3, 4}}, 2));
  EXPECT_FALSE(c.intersects);
  EXPECT_EQ(c.separation, T(2));
  const SatResult<T> o = sat_query(shape<T>({{0, 0}}, 3), shape<T>({{3, 4}}, 2.5));
  EXPECT_TRUE(o.intersects);
  EXPECT_EQ(o.depth, T(0.5));
  // Coincident points: touching, and the documented arbitrary normal (1, 0).
  const SatResult<T> z = sat_query(shape<T>({{1, 1}}), shape<T>({{1, 1}}));
  EXPECT_TRUE(z.intersects);
  EXPECT_EQ(z.depth, T(0));
  EXPECT_EQ(z.normal, (Vec2<T>{1, 0}));
}

// A point inside A = [0,2]² at (1,0.5): nearest side is the bottom, 0.5 away: push −y by 0.5.
// A point on the right side (2,1): touching, depth exactly 0.
TYPED_TEST(SatTyped, PointInsideAndOnPolygon) {
  using T = TypeParam;
  const auto a = box<T>(0, 0, 2, 2);
  const SatResult<T> in = sat_query(a, shape<T>({{1, 0.5}}));
  EXPECT_TRUE(in.intersects);
  EXPECT_EQ(in.depth, T(0.5));
  EXPECT_EQ(in.normal, (Vec2<T>{0, -1}));
  const SatResult<T> on = sat_query(a, shape<T>({{2, 1}}));
  EXPECT_TRUE(on.intersects);
  EXPECT_EQ(on.depth, T(0));
  EXPECT_EQ(on.separation, T(0));
  EXPECT_TRUE(sat_overlap(a, shape<T>({{2, 1}})));
  EXPECT_FALSE(sat_overlap(a, shape<T>({{2.25, 1}})));
}

// Squares sharing the edge x = 1: the +x gap is 1 − 1 = 0 exactly: touching, depth exactly 0.
TYPED_TEST(SatTyped, TouchingSquaresHaveDepthExactlyZero) {
  using T = TypeParam;
  const auto a = box<T>(0, 0, 1, 1), b = box<T>(1, 0, 2, 1);
  const SatResult<T> r = sat_query(a, b);
  EXPECT_TRUE(r.intersects);
  EXPECT_EQ(r.separation, T(0));
  EXPECT_EQ(r.depth, T(0));
  EXPECT_EQ(r.normal, (Vec2<T>{1, 0}));
  EXPECT_TRUE(sat_overlap(a, b));
  // Just outside: a quarter further away is separated.
  EXPECT_FALSE(sat_query(a, box<T>(1.25, 0, 2, 1)).intersects);
}

// Warm start: the first query tests 7 axes (see the first test) and caches A's +x face; the same
// separated pair, and the pair after a small move that keeps the axis separating, cost 1 axis test.
// When the pair overlaps, the cached axis fails (1 test) and a full pass follows (7 more).
TYPED_TEST(SatTyped, CacheAnswersSeparatedPairWithOneAxisTest) {
  using T = TypeParam;
  const auto a = box<T>(0, 0, 2, 2);
  SatCache cache;
  const SatResult<T> first = sat_query(a, box<T>(3, 0, 5, 2), &cache);
  EXPECT_EQ(first.axes_tested, 7);
  EXPECT_EQ(cache.axis, SatAxis::face_a);
  EXPECT_EQ(cache.index_a, face_with_normal(a, 1, 0));
  const SatResult<T> again = sat_query(a, box<T>(3, 0, 5, 2), &cache);
  EXPECT_EQ(again.axes_tested, 1);
  EXPECT_FALSE(again.intersects);
  EXPECT_EQ(again.separation, T(1));
  EXPECT_EQ(again.normal, (Vec2<T>{1, 0}));
  const SatResult<T> moved = sat_query(a, box<T>(2.5, 0.5, 4.5, 2.5), &cache);
  EXPECT_EQ(moved.axes_tested, 1);
  EXPECT_EQ(moved.separation, T(0.5));
  const SatResult<T> hit = sat_query(a, box<T>(1.5, 0, 3.5, 2), &cache);
  EXPECT_TRUE(hit.intersects);
  EXPECT_EQ(hit.axes_tested, 1 + 7);
  EXPECT_EQ(hit.depth, T(0.5));
  // The predicate uses and refreshes the same cache.
  SatCache c2;
  EXPECT_FALSE(sat_overlap(a, box<T>(3, 0, 5, 2), &c2));
  EXPECT_EQ(c2.axis, SatAxis::face_a);
}

// A vertex–vertex axis is cached too: circle near the corner (see above) re-queried: 1 test.
TYPED_TEST(SatTyped, CacheKeepsVertexAxis) {
  using T = TypeParam;
  const auto a = box<T>(0, 0, 2, 2);
  const auto b = shape<T>({{3, 3}}, 1.2);
  SatCache cache;
  sat_query(a, b, &cache);
  EXPECT_EQ(cache.axis, SatAxis::vertex_vertex);
  const SatResult<T> r = sat_query(a, b, &cache);
  EXPECT_EQ(r.axes_tested, 1);
  EXPECT_FALSE(r.intersects);
  EXPECT_NEAR(double(r.separation), std::sqrt(2.0) - 1.2, double(tol<T>()));
}

// A cache filled by another pair whose indices do not fit is ignored, not read out of range.
TYPED_TEST(SatTyped, CacheFromAnotherPairIsIgnoredWhenIndicesDoNotFit) {
  using T = TypeParam;
  SatCache cache{SatAxis::face_a, 7, 0};
  const SatResult<T> r = sat_query(shape<T>({{0, 0}, {1, 0}}), shape<T>({{0, 2}, {1, 2}}), &cache);
  EXPECT_FALSE(r.intersects);
  EXPECT_EQ(r.separation, T(2));
}

// Swapping A and B negates the normal and keeps depth/separation.
TYPED_TEST(SatTyped, SwappingShapesNegatesNormal) {
  using T = TypeParam;
  const std::vector<std::pair<ConvexShape<T>, ConvexShape<T>>> pairs = {
      {box<T>(0, 0, 2, 2), shape<T>({{1, 1.75}, {2, 2.75}, {1, 3.75}, {0, 2.75}})},
      {box<T>(0, 0, 4, 4), box<T>(1, 1, 2, 2.5)},
      {box<T>(0, 0, 2, 2), shape<T>({{3, 3}}, 1.5)},
      {shape<T>({{-1, 0}, {1, 0}}), shape<T>({{0.25, -1}, {0.25, 2}})},
      {box<T>(0, 0, 2, 2), box<T>(3, 0, 5, 2)},
      {shape<T>({{0, 0}, {1, 0}}), shape<T>({{2, 1}, {3, 2}})},
  };
  for (std::size_t k = 0; k < pairs.size(); ++k) {
    const SatResult<T> ab = sat_query(pairs[k].first, pairs[k].second);
    const SatResult<T> ba = sat_query(pairs[k].second, pairs[k].first);
    EXPECT_EQ(ab.intersects, ba.intersects) << k;
    EXPECT_NEAR(double(ab.separation), double(ba.separation), double(tol<T>())) << k;
    expect_vec_near(ba.normal, -double(ab.normal.x), -double(ab.normal.y));
    EXPECT_EQ(sat_overlap(pairs[k].first, pairs[k].second), ab.intersects) << k;
  }
}

// Shapes with more than 16 vertices take the generic face pass (one loop per face, pruned).
// A regular 32-gon of circumradius 2 with its vertices at angles (k + 1/2)·2π/32 has a face with
// normal (0,1) at height a = 2 cos(π/32) (the apothem) spanning x in [−2 sin(π/32), +2 sin(π/32)]
// = [−0.196, 0.196]. B = [−0.1,0.1]×[a − 0.25, a + 1] sits 0.25 deep in that face; the next
// faces (normals at 90° ∓ 11.25°) need 0.264 or more (corner (±0.1, a − 0.25)), the sides of B
// need > 0.1 + ... > 0.25. MTV 0.25 along +y. Moving B up by 1 separates it by 0.75.
TYPED_TEST(SatTyped, LargePolygonUsesTheGenericPassWithTheSameAnswers) {
  using T = TypeParam;
  std::vector<Vec2<T>> ring;
  for (int k = 0; k < 32; ++k) {
    const double t = (k + 0.5) * 2 * M_PI / 32;
    ring.push_back({T(2 * std::cos(t)), T(2 * std::sin(t))});
  }
  auto r = make_shape<T>(ring);
  ASSERT_TRUE(r);
  ASSERT_EQ(r.shape.size(), 32u);
  const double a = 2 * std::cos(M_PI / 32);
  const SatResult<T> in = sat_query(r.shape, box<T>(-0.1, a - 0.25, 0.1, a + 1));
  EXPECT_TRUE(in.intersects);
  EXPECT_NEAR(double(in.depth), 0.25, 1e-6);
  expect_vec_near(in.normal, 0, 1);
  EXPECT_EQ(in.axis, SatAxis::face_a);
  const auto far = box<T>(-0.1, a + 0.75, 0.1, a + 2);
  SatCache cache;
  const SatResult<T> out = sat_query(r.shape, far, &cache);
  EXPECT_FALSE(out.intersects);
  EXPECT_NEAR(double(out.separation), 0.75, 1e-6);
  EXPECT_FALSE(sat_overlap(r.shape, far));
  EXPECT_EQ(sat_query(r.shape, far, &cache).axes_tested, 1);
  // Swapped: same answers, normal reversed.
  const SatResult<T> sw = sat_query(box<T>(-0.1, a - 0.25, 0.1, a + 1), r.shape);
  EXPECT_NEAR(double(sw.depth), 0.25, 1e-6);
  expect_vec_near(sw.normal, 0, -1);
}

// Far from the origin the gaps are formed relative to a point between the shapes: the touching
// pair moved by 2^20 still has depth exactly 0 (all coordinates stay exact in double; in float
// 2^20 + 1 and the midpoint 2^20 + 0.5 are exact too).
TYPED_TEST(SatTyped, TouchingFarFromOriginStaysExact) {
  using T = TypeParam;
  const double o = 1048576.0;
  const SatResult<T> r = sat_query(box<T>(o, o, o + 1, o + 1), box<T>(o + 1, o, o + 2, o + 1));
  EXPECT_TRUE(r.intersects);
  EXPECT_EQ(r.depth, T(0));
}

// The best face is not always next to the closest features. B's vertices (−2.53,−2.9),
// (−2.75,−2.46), (−2.93,−2.1) are collinear in decimal (slope −2 both ways); rounded, the middle
// one bulges by ~1e-16 and stays a vertex, so B's two faces along that line have the same gap up
// to rounding and the pass may pick the one not adjacent to the closest vertex (−2.93,−2.1).
// The closest core points are A's vertex (−0.86,−0.77) and B's vertex (−2.93,−2.1):
// distance √(2.07² + 1.33²) − 0.01 = √6.0538 − 0.01 ≈ 2.4504471138, along (−2.07,−1.33)/√6.0538.
// (Before the fix: 2.5254, from B's vertex (−2.75,−2.46), claimed as the distance.)
TYPED_TEST(SatTyped, NearlyCollinearChainStillFindsTheClosestVertexPair) {
  using T = TypeParam;
  const auto a = shape<T>({{-1.0, -0.21}, {-0.87, -0.47}, {-0.86, -0.77}}, 0.01);
  const auto b =
      shape<T>({{-2.93, -2.1}, {-2.5300000000000002, -2.9}, {-3.98, -3.42}, {-2.75, -2.46}});
  const double d = std::sqrt(2.07 * 2.07 + 1.33 * 1.33);
  for (int swap = 0; swap < 2; ++swap) {
    const SatResult<T> r = swap ? sat_query(b, a) : sat_query(a, b);
    EXPECT_FALSE(r.intersects);
    EXPECT_TRUE(r.separation_is_distance);
    EXPECT_NEAR(double(r.separation), d - 0.01, double(tol<T>()));
    const double s = swap ? -1 : 1;
    expect_vec_near(r.normal, s * -2.07 / d, s * -1.33 / d);
    EXPECT_FALSE(swap ? sat_overlap(b, a) : sat_overlap(a, b));
  }
}

// Far from the origin the interior point–segment distance cross(d, w)² / |d|² overflowed before
// the division (float from coordinates near 2^32, double near 2^512), turning the true closest
// pair into +inf so that a farther vertex pair won. Circle at the origin, radius s/4; triangle
// (−s,s), (s,s), (0,2s): the bottom face y = s is closest at its interior point (0, s), so the
// distance is s − s/4 = 0.75 s along (0, 1) (exact: s a power of two). cross(d, w) = 2s², whose
// square is 2^162 for s = 2^40 (float max ~2^128) and 2^1202 for s = 2^300 (double max ~2^1024).
TYPED_TEST(SatTyped, InteriorDistanceDoesNotOverflowAtLargeCoordinates) {
  using T = TypeParam;
  const double s = std::is_same_v<T, float> ? std::ldexp(1.0, 40) : std::ldexp(1.0, 300);
  const auto a = shape<T>({{0, 0}}, s / 4);
  const auto b = shape<T>({{-s, s}, {s, s}, {0, 2 * s}});
  const SatResult<T> r = sat_query(a, b);
  EXPECT_FALSE(r.intersects);
  EXPECT_TRUE(r.separation_is_distance);
  EXPECT_EQ(r.separation, T(0.75 * s));
  expect_vec_near(r.normal, 0, 1);
  EXPECT_EQ(r.axis, SatAxis::face_b);
  // Same with the segment's square also involved (a capsule A: thin pair refinement).
  const SatResult<T> q = sat_query(shape<T>({{-s / 8, 0}, {s / 8, 0}}, s / 4), b);
  EXPECT_FALSE(q.intersects);
  EXPECT_TRUE(q.separation_is_distance);
  EXPECT_EQ(q.separation, T(0.75 * s));
}

// The same chain against a circle (the campaign's float case): circle (−1,−1) r 0.01; B's chain
// (−2.53,−3.31), (−2.75,−2.87), (−2.93,−2.51) is collinear in decimal (slope −2). Closest: the
// centre and B's vertex (−2.93,−2.51): distance √(1.93² + 1.51²) − 0.01 = √6.005 − 0.01
// ≈ 2.4405102 along (−1.93,−1.51)/√6.005. (Before the fix, in float: 2.5511, from (−2.75,−2.87).)
TYPED_TEST(SatTyped, CircleBeyondNearlyCollinearChainFindsTheEndVertex) {
  using T = TypeParam;
  const auto a = shape<T>({{-1.0, -1.0}}, 0.01);
  const auto b = shape<T>(
      {{-2.93, -2.5100000000000002}, {-2.5300000000000002, -3.31}, {-4.0, -3.99}, {-2.75, -2.87}});
  const double d = std::sqrt(1.93 * 1.93 + 1.51 * 1.51);
  const SatResult<T> r = sat_query(a, b);
  EXPECT_FALSE(r.intersects);
  EXPECT_TRUE(r.separation_is_distance);
  EXPECT_NEAR(double(r.separation), d - 0.01, double(tol<T>()));
  expect_vec_near(r.normal, -1.93 / d, -1.51 / d);
  EXPECT_EQ(r.axis, SatAxis::vertex_vertex);
}

TEST(SatVertexAxis, ADiscCentreNextToACornerButInTheEdgeRegionUsesTheFace) {
  // A = triangle (0, 0), (2, 0), (2, 2); B = disc of radius 1 centred at c = (0, 2^-63) (float).
  // c lies outside the hypotenuse y = x by 2^-63/√2 and projects onto it 2^-64·√2 inside its end
  // (0, 0): the hypotenuse's edge region, not the corner's. Overlaps of the projections: hypotenuse
  // normal (−1, 1)/√2: 1 − 2^-63/√2; bottom face (0, −1): 1 + 2^-63; right face (1, 0): 3. MTV:
  // (−1, 1)/√2 with depth 1 (to float's precision). In float the edge parameter rounds to the end,
  // the pair was classed corner–centre, and the axis (0, 1) — overlap 3 along it, not 1 — was
  // answered with depth 1: moving B by it left 0.29 of overlap
  // (fixtures/found/fuzz-66592bc933fcec92.json). kSatVertexAxisUlps keeps the face.
  const auto a = shape<float>({{0, 0}, {2, 0}, {2, 2}});
  const auto b = shape<float>({{0, 0x1p-63f}}, 1.0f);
  const SatResult<float> r = sat_query(a, b);
  EXPECT_TRUE(r.intersects);
  const float h = std::sqrt(0.5f);
  EXPECT_NEAR(r.normal.x, -h, 1e-6f);
  EXPECT_NEAR(r.normal.y, h, 1e-6f);
  EXPECT_NEAR(r.depth, 1.0f, 1e-6f);
}

// Scale of the mixed-scale vertex-axis test: u·S far above the shapes' 3- and 4-unit features
// (float 3e11: u·S ≈ 1.8e4; double 1e70: u·S ≈ 1.1e54), within max_coordinate<T>(). Whether
// rounding classes the closest pair as two vertices depends on the scale's bits: on the old rule
// 48 of 180 decimal scales m·10^e (m 1–9, e 70–89) failed in double and 9 of 72 (e 10–17) in
// float, these two among them; powers of two did not.
template <class T>
T mixed_scale() {
  return std::is_same_v<T, float> ? T(3e11) : T(1e70);
}

TYPED_TEST(SatTyped, CoresOverlappingWithinRoundingKeepTheFaceNotAVertexAxis) {
  // A = triangle (0, −3), (S, 0), (S, S) with radius S; B = segment (0, 0)–(4, 0) with radius S.
  // Heights above A's edge lines (outward positive), with L = |edge|:
  //   hypotenuse (S, S)→(0, −3), outward normal (−(S+3), S)/L ≈ (−1, 1)/√2:
  //     (0, 0): 3S/L ≈ +2.12 (outside), (4, 0): (−S − 12)/L ≈ −0.71 (inside);
  //   bottom (0, −3)→(S, 0), outward normal (3, −S)/L: (0, 0) and (4, 0) ≈ −3;  right x = S: ≈ −S.
  // So B's core crosses A's core, and the push needed along each direction is 2S − min height:
  // hypotenuse 2S + 0.71, bottom 2S + 3, right 2S + S; B's faces: (0, 1) 2S + S, (0, −1) 2S + 3.
  // MTV: (−1, 1)/√2 with depth 2S + 0.71 = 2S within rounding. The 3-unit gap between A's vertex
  // (0, −3) and B's (0, 0) is far below u·S, so rounding classes them as the closest pair; the
  // axis (0, 1) through them needs a push of 2S + S, and answering it with depth 2S left S of
  // overlap (the fuzz case fixtures/found/fuzz-85a92449f654f647.json, at 5e83).
  using T = TypeParam;
  const T S = mixed_scale<T>();
  const auto a = shape<T>({{0, -3}, {double(S), 0}, {double(S), double(S)}}, double(S));
  const auto b = shape<T>({{0, 0}, {4, 0}}, double(S));
  const SatResult<T> r = sat_query(a, b);
  EXPECT_TRUE(r.intersects);
  const double h = std::sqrt(0.5);
  EXPECT_NEAR(double(r.normal.x), -h, 1e-6);
  EXPECT_NEAR(double(r.normal.y), h, 1e-6);
  // SAT's depth bound in the tolerance model (properties/src/bounds.cpp: k = 8 in both types),
  // with the case's largest magnitude 2S (coordinate plus radius).
  const double k = 8.0;
  EXPECT_NEAR(double(r.depth), 2.0 * double(S), k * double(unit_roundoff<T>()) * 2.0 * double(S));
}

TYPED_TEST(SatTyped, ACloserNeighbourDeniesTheClosestPairCertificateAtAnyScale) {
  // A = triangle (−1, 0), (−1, −1), (4, −1), radius 1/64; B = (−L, −31/8), (−4, −4), (−5/2, −7/2),
  // B3 = (−23/8, −11/4) + 2^-10·(1, 1/2), (−3, −5/2), with L = 2^16 (float) or 2^45 (double) so
  // that the scale S = L dwarfs the pair. B3 lies a quarter of the way from (−3, −5/2) to (−5/2,
  // −7/2), pushed outwards so that B stays convex. The closest pair of the cores is A0 = (−1, −1)
  // and B4 = (−3, −5/2), distance 5/2: v = B4 − A0 = (−2, −3/2); A's neighbours of A0 lie at (5, 0)
  // and (0, 1) from it (dot with v −10 and −3/2: A0 is extreme along v) and B4's at (−L + 3, −11/8)
  // and B3 − B4 ≈ (1/8, −1/4) (dots ≈ 2L and 1/8 > 0: B4 is extreme along −v). The pair (A0, B3) is
  // not closest: B4 − B3 ≈ (−1/8, 1/4) dots v' = B3 − A0 ≈ (−15/8, −7/4) to ≈ −0.2, a neighbour 16°
  // closer. The old certificate allowed 32 u·S·|v'|, 0.32 here, and took it (distance 2.565 for
  // 2.5); fixtures/found/fuzz-772924ed54f244a0.json, at S = 7e4 in float. SAT's distance is
  // 5/2 − 1/64 (within 4 u·S: kSatVertexAxisUlps; this pair's face pass does not reach (A0, B3),
  // the fixture's does).
  using T = TypeParam;
  using minkowski::fast::sat_detail::closest_certified;
  using minkowski::fast::sat_detail::FeaturePair;
  using minkowski::fast::test_support::vertex_near;
  const double L = std::is_same_v<T, float> ? 0x1p16 : 0x1p45, d = 0x1p-10;
  const auto a = shape<T>({{-1, 0}, {-1, -1}, {4, -1}}, 1.0 / 64);
  const auto b =
      shape<T>({{-L, -3.875}, {-4, -4}, {-2.5, -3.5}, {-2.875 + d, -2.75 + d / 2}, {-3, -2.5}});
  const std::uint32_t a0 = vertex_near(a, -1, -1), b3 = vertex_near(b, -2.875 + d, -2.75 + d / 2),
                      b4 = vertex_near(b, -3, -2.5);
  auto pair = [&](std::uint32_t j) {
    FeaturePair<T> fp;
    fp.dist2 = length_squared(b.vertex(j) - a.vertex(a0));
    fp.vertex_pair = true, fp.ref_vertex = a0, fp.inc_vertex = j;
    return fp;
  };
  for (const bool brute_force : {false, true}) {  // no neighbour of B4 is further: both modes
    EXPECT_TRUE(closest_certified(a, b, pair(b4), T(0), brute_force));
    EXPECT_FALSE(closest_certified(a, b, pair(b3), T(0), brute_force));
  }
  const SatResult<T> r = sat_query(a, b);
  EXPECT_FALSE(r.intersects);
  EXPECT_NEAR(double(r.separation), 2.5 - 1.0 / 64, 4 * double(unit_roundoff<T>()) * L);
}

TYPED_TEST(SatTyped, AVertexPairWhoseEdgesCrossFurtherOnIsNoSeparatingAxis) {
  // d = 16 u·S with S = 2^33 (float 2^13, double 2^-16). B = (0, 0), (2^20, −2^15), (2^33, 2^7·d):
  // its top face rises by d/64 over 2^20, its lower-left edge falls with slope −1/32. A = (0, −d),
  // (2^20, −d − d/4096), (2^20, −d + d/4096) of radius d/8: a long thin triangle just below B's
  // corner (0, 0). Beyond x = 32d A's lower edge lies inside B, between B's lower-left edge and top
  // face: they overlap. The pair next to B's top face (the best face, gap −1.016·d: within
  // kSatGapErrorUlps·u·S = 2d of 0, so SAT refines it) is B's corner and A's corner (0, −d), d
  // apart; B's edge from the corner is 1.8° off perpendicular to that pair, and its curvature
  // allowance certified the pair as closest although the edge crosses A's lower edge at x = 32d.
  // SAT answered "separated by d − d/8" (fixtures/found/fuzz-3356071bbe6b7489.json, the same
  // configuration at scale 1.1e10 in float). By hand: the least overlap is along B's top face
  // normal: A's vertex (2^20, −d − d/4096) lies below that face's line y = x·d·2^-26 by
  // d·(1 + 2^-6 + 2^-12)·cos θ, tan θ = d·2^-26 (every other face's overlap is >= 2^15 − d or far
  // larger); depth = that + d/8. Tolerance 8 u·S (properties/src/bounds.cpp holds SAT's depth to
  // 8 u·S).
  using T = TypeParam;
  const double S = 0x1p33, us = double(unit_roundoff<T>()) * S, d = 16 * us;
  const auto a = shape<T>({{0, -d}, {0x1p20, -d - d / 4096}, {0x1p20, -d + d / 4096}}, d / 8);
  const auto b = shape<T>({{0, 0}, {0x1p20, -0x1p15}, {S, 0x1p7 * d}});
  const double t = d * 0x1p-26;
  const double depth = d * (1 + 0x1p-6 + 0x1p-12) / std::sqrt(1 + t * t) + d / 8;
  const SatResult<T> r = sat_query(a, b);
  EXPECT_TRUE(r.intersects);
  EXPECT_NEAR(double(r.depth), depth, 8 * us);
}

TYPED_TEST(SatTyped, AFaceTiltedByAFewUlpsFromTheBestFaceIsStillTested) {
  // A = segment (0, −h)–(0, 1) of radius 1/2, h = 2^-10; B = sliver triangle (−1, −1), (−1, −Y),
  // (−1 − D, 0) with Y = 1 − 2^-10 and D = 6u (representable: 1 + 6u is three ulps above 1). A's
  // best face (normal (−1, 0)) has gap 1, from B's side x = −1 below A's end. B's face
  // (−1, −Y)→(−1 − D, 0) is tilted from it by D/Y ≈ 6u, and the pass skipped it as parallel to A's
  // face with kSatParallelAxisUlps = 8, though its gap is larger by ~D; the closest pair (A's end
  // (0, −h), B's face) was within kSatGapErrorUlps of the face gap, so SAT answered "separated by
  // 1/2" (fixtures/found/fuzz-1abea20480ed26f7.json, the same configuration at scale 9e61: 7.8 u·S
  // against SAT's distance bound). By hand: A's end (0, −h) is closest to B's face line,
  // at (Y(1 + D) − D·h)/sqrt(Y² + D²) = 1 + D − D·h/Y to within D²; the separation is that − 1/2.
  // Tolerance 2 u·S (skipping the face is ~6 u·S off).
  using T = TypeParam;
  const double u = double(unit_roundoff<T>()), D = 6 * u, h = 0x1p-10, Y = 1 - 0x1p-10, S = 1 + D;
  const auto a = shape<T>({{0, -h}, {0, 1}}, 0.5);
  const auto b = shape<T>({{-1, -1}, {-1, -Y}, {-1 - D, 0}});
  ASSERT_EQ(b.size(), 3u);
  const SatResult<T> r = sat_query(a, b);
  EXPECT_FALSE(r.intersects);
  EXPECT_TRUE(r.separation_is_distance);
  EXPECT_NEAR(double(r.separation), 0.5 + D - D * h / Y, 2 * u * S);
}

TYPED_TEST(SatTyped, CollinearSegmentsEndToEndAreSeparatedBeyondTheRelationBand) {
  // A = segment (0, 0)–(13, 13), B = segment (13 + δ, 13 + δ)–(26, 26), δ = 8 ulps of 13 (2^-46 in
  // double, 2^-17 in float): every face gap is 0 (collinear), the cores are δ√2 ≈ 7 u·S apart
  // (S = 26) at the facing ends. SAT calls such a pair intersecting only within
  // kSatVertexAxisUlps·u·S = 4 u·S plus rounding (properties/src/bounds.cpp holds its relation to
  // 5 u·S; fixtures/found/fuzz-268062c583cef940.json was 3.48 u·S apart); at 7 u·S it must answer
  // the vertex pair: separated by δ√2, along (1, 1)/√2.
  using T = TypeParam;
  const double d = std::is_same_v<T, float> ? 0x1p-17 : 0x1p-46, u = double(unit_roundoff<T>()),
               S = 26;
  const auto a = shape<T>({{0, 0}, {13, 13}});
  const auto b = shape<T>({{13 + d, 13 + d}, {26, 26}});
  for (int swap = 0; swap < 2; ++swap) {
    const SatResult<T> r = swap ? sat_query(b, a) : sat_query(a, b);
    EXPECT_FALSE(r.intersects) << "swap " << swap;
    EXPECT_NEAR(double(r.separation), d * std::sqrt(2.0), 2 * u * S) << "swap " << swap;
    EXPECT_NEAR(std::abs(double(r.normal.x)), std::sqrt(0.5), 1e-6) << "swap " << swap;
    EXPECT_NEAR(std::abs(double(r.normal.y)), std::sqrt(0.5), 1e-6) << "swap " << swap;
  }
}

TYPED_TEST(SatTyped, APointAboveASliverTrianglesSharpCornerIsSeparatedFromIt) {
  // fixtures/found/fuzz-9ef54a9921e8c485.json, reduced. A = triangle (0, 1), (0, 0), (x, −2^20)
  // with x two subnormal spacings of T (2^-148 in float, 2^-1073 in double); B = the point (0, 5).
  // By hand: A lies in 0 <= x' <= x, y <= 1, so its nearest point to B is the corner (0, 1) and the
  // distance is 4, exactly. The two long edges meet at that corner at an angle of about x/2^20
  // rad; their normals are about (1, x/2^20) and (−1, −x/2^20), whose second components underflow
  // to 0 in T, so the best face gap rounds to 0 (exactly it is about 4·x/2^20, far below 4). With
  // r = 0 and three vertices SAT took no closest-features refinement and answered "touching" for
  // shapes 4 = 64 u·S (float) apart; the manifold (the same face pass) gave a contact, and
  // sat_overlap said true. The shape is built as given (test_shapes.hpp: outside the input
  // domain, x < u·S): the special case of needs_refinement is still tested here. In the domain
  // (tolerances.hpp) x is flushed to 0 and A is the segment (0, −2^20)–(0, 1), moved by x.
  using T = TypeParam;
  const double x = std::is_same_v<T, float> ? 0x1p-148 : 0x1p-1073;
  const auto a = shape<T>({{0, 1}, {0, 0}, {x, -0x1p20}});
  ASSERT_EQ(a.size(), 3u);
  const auto welded = shape<T>({{0, 1}, {0, 0}, {x, -0x1p20}}, 0, InputDomain::enforce);
  ASSERT_EQ(welded.size(), 2u);
  EXPECT_EQ(welded.weld_shift(), T(x));
  const auto b = shape<T>({{0, 5}});
  for (int swap = 0; swap < 2; ++swap) {
    const SatResult<T> r = swap ? sat_query(b, a) : sat_query(a, b);
    EXPECT_FALSE(r.intersects) << "swap " << swap;
    EXPECT_TRUE(r.separation_is_distance) << "swap " << swap;
    EXPECT_EQ(r.separation, T(4)) << "swap " << swap;
    EXPECT_EQ(r.normal.x, T(0)) << "swap " << swap;
    EXPECT_EQ(r.normal.y, T(swap ? -1 : 1)) << "swap " << swap;
    EXPECT_FALSE(swap ? sat_overlap(b, a) : sat_overlap(a, b)) << "swap " << swap;
    const auto m =
        swap ? minkowski::fast::contact_manifold(b, a) : minkowski::fast::contact_manifold(a, b);
    EXPECT_EQ(m.point_count, 0) << "swap " << swap;
  }
}

TEST(SatFloat, APointFarAboveASliverTriangleWeldedToASegmentIsSeparatedFromIt) {
  // fuzz/findings/fuzz-73a3f9deee195468.json, now fixtures/found/: A = (0, 1), (0, 0), (1.076e-42,
  // −1703736) and a point that is (0, 0) in float, radius 0 in float; B = the point (0,
  // 156833415168) (its x, 7e-304, is 0 in float). By hand: A lies in x >= 0, y <= 1, so its
  // nearest point to B is (0, 1), at distance 156833415167 exactly. Before the input domain A was
  // a triangle with a corner of 6e-49 rad, every face gap was −0, and SAT answered "intersecting"
  // (no vertex pair passed the certificate). Now 1.076e-42 < u·S = 0.1 is flushed to 0 (moved by
  // it: weld_shift), A is the segment (0, −1703736)–(0, 1), and SAT finds the vertex pair: the
  // distance, rounded to float (ulp 16384 there), within SAT's bound 8 u·S (S = 1.57e11: 74,800).
  const float x = 1.076022739869301e-42f, y = -1703735.9969362745f;
  const auto a = minkowski::fast::test_support::shape<float>({{0, 1}, {0, 0}, {x, y}, {0, 0}}, 0,
                                                             InputDomain::enforce);
  ASSERT_EQ(a.size(), 2u);
  EXPECT_EQ(a.weld_shift(), x);
  const auto b =
      minkowski::fast::test_support::shape<float>({{0, 156833415168.0f}}, 0, InputDomain::enforce);
  const double exact = 156833415167.0, bound = 8 * 0x1p-24 * 156833415168.0;
  for (int swap = 0; swap < 2; ++swap) {
    const SatResult<float> r = swap ? sat_query(b, a) : sat_query(a, b);
    EXPECT_FALSE(r.intersects) << "swap " << swap;
    EXPECT_TRUE(r.separation_is_distance) << "swap " << swap;
    EXPECT_NEAR(double(r.separation), exact, bound) << "swap " << swap;
    EXPECT_FALSE(swap ? sat_overlap(b, a) : sat_overlap(a, b)) << "swap " << swap;
  }
}

TEST(SatFloat, ADiscCentreInsideBesideAFlatCornerIsNotSeparatedFromIt) {
  // fixtures/found/fuzz-f8fafd66b0b0341b.json in float (coordinates copied; A's points round to
  // (0, 0)): A = disc of radius 1 at the origin; B = (0, 1), (2, −δ'), (−δ, 0), (−δ, −δ''), with
  // δ ≈ δ' ≈ δ'' ≈ 1.83e-6. The origin lies inside B, δ from its left edge x = −δ (and slightly
  // farther from the others), so the depth is 1 + δ (B pushed right). B's corner (−δ, 0) joins
  // edges meeting at 180° − 1.8e-6 rad; the origin is δ from it in a direction (1, 0) nearly
  // perpendicular to both edges but pointing into B. The closest-pair search took (corner, centre)
  // as a vertex–vertex axis and SAT answered "separated by δ": depth 1 − δ, 31 u·S short.
  const float d = 1.8325506472120096e-06f;
  const auto a = minkowski::fast::test_support::shape<float>({{0, 0}}, 1.0);
  const auto b = minkowski::fast::test_support::shape<float>(
      {{0, 1},
       {2, -1.8325499695492908e-06},
       {-1.8325506472120096e-06, 0},
       {-1.8325506472119724e-06, -1.8326097643674623e-06}});
  const SatResult<float> r = sat_query(a, b);
  EXPECT_TRUE(r.intersects);
  // SAT's depth bound (properties/src/bounds.cpp: k = 8) at S = 2.
  EXPECT_NEAR(double(r.depth), 1.0 + double(d), 8 * 0x1p-24 * 2);
}

TEST(SatFloat, ANeighbourFurtherAlongAnAxisParallelPairDeniesTheCertificate) {
  // Reduced from fixtures/found/fuzz-17841afe09f9327b.json. A = disc of radius 0.04 at the origin;
  // B = (14, 0), (14, 1e6), (−1e6, 1e6), (0, −L), L = 3.9e7. The origin lies left of B's edge
  // (0, −L) → (14, 0) (cross((14, L), (0, L)) = 14L > 0) and ~1e6 from the others, so it is inside
  // B, 14L / sqrt(196 + L²) = 14 − 9e-13 from that edge: depth 14.04, B pushed along the edge's
  // inward normal (−L, 14)/|…| ≈ (−1, 3.6e-7). At S = 3.9e7 float's u·S is 2.3, so the face gap −14
  // is within its rounding bound and SAT looked for closest features: B's corner (14, 0) and A's
  // centre, 14 apart along v = (14, 0). The corner's neighbour (0, −L) lies 14 further along −v
  // (dot(v, w) = 196, formed exactly), but the certificate's slack 8u·|v|·|w|₁ = 260 hid it: SAT
  // answered "separated by 13.96" and the manifold was empty.
  const float L = 3.9e7f;
  const auto a = shape<float>({{0, 0}}, 0.04);
  const auto b = shape<float>({{14, 0}, {14, 1e6f}, {-1e6f, 1e6f}, {0, -L}});
  const SatResult<float> r = sat_query(a, b);
  EXPECT_TRUE(r.intersects);
  EXPECT_TRUE(sat_overlap(a, b));
  // SAT's depth bound (properties/src/bounds.cpp: k = 8) at S = L.
  EXPECT_NEAR(double(r.depth), 14.04, 8 * 0x1p-24 * double(L));
  EXPECT_LT(r.normal.x, -0.99f);
  const auto m = minkowski::fast::contact_manifold(a, b);
  ASSERT_EQ(m.point_count, 1);
  EXPECT_LT(m.points[0].separation, -13.0f);
}

TEST(SatFloat, ANeighbourSlightlyFurtherDeniesTheCertificateOfThePairBesideTheFace) {
  // fixtures/found/fuzz-b6031eccb748c79c.json (coordinates copied). A = capsule (0, 0)–(4, 0) of
  // radius 1; B = (0, 1), (2, −e1), (−e2, −e3), (0, −e4) with e1..e4 ≈ 1.8e-6. B's edge from
  // (2, −e1) to (0, 1) crosses A's segment near x = 2, so the cores overlap, and B's lowest point,
  // (2, −e1), is e1 below A's line: B must go up by 1 + e1 (the exact reference says
  // 1.0000018325499695 = 1 + e1). In float SAT looked at closest features beside its best face,
  // took A's end (0, 0) and B's corner (0, −e4) as a vertex pair, and certified it although the
  // corner's neighbour (−e2, −e3) lies 3e-8 further along −v (accepted as below 4 u·S) and the
  // vertex after that, (0, 1), is 1 further: the MTV pushed B down, depth 1 − e1, 15 u·S short.
  const auto a = shape<float>({{0, 0}, {4, 0}}, 1.0);
  const auto b = shape<float>({{0, 1},
                               {2, -1.8325499695492908e-06f},
                               {-1.8325506472120096e-06f, -1.8027483248243143e-06f},
                               {0, -1.832377165556008e-06f}});
  const SatResult<float> r = sat_query(a, b);
  EXPECT_TRUE(r.intersects);
  // SAT's depth bound (properties/src/bounds.cpp: k = 8) at S = 4.
  EXPECT_NEAR(double(r.depth), 1.0 + 1.8325499695492908e-06, 8 * 0x1p-24 * 4);
  EXPECT_GT(r.normal.y, 0.99f);
}

TEST(SatFloat, ADiscCentreInsideAFlatSideIsRefusedBeforeTheTieAllowance) {
  // fixtures/found/fuzz-23b5b9e32d604370.json in float (coordinates copied; A's two points round to
  // (0, 0)): A = disc of radius 1 at the origin; B = (−δ, 0), (−δ, −δ'), (2, −δ''),
  // (−1.79e-6, 1.00018) with δ = 1.8325506e-6 and δ', δ'' ≈ δ. The origin lies inside B, δ right
  // of its left side (x = −δ from (−δ, 0) down, nearly so above), so B must go right by 1 + δ (up
  // would be 1 + δ', slightly more; the exact reference says 1.0000018325506472). The brute-force
  // closest pair was the origin and B's corner (−δ, 0), whose upper neighbour lies 4.4e-8 further
  // along −v̂, below the kSatVertexAxisUlps·u·S allowance: the pair was certified before the test
  // that v points into B, and SAT pushed B left, depth 1 − δ, 31 u·S short.
  const auto a = shape<float>({{0, 0}}, 1.0);
  const auto b = shape<float>({{-1.7881393432617188e-06f, 1.000181908704675f},
                               {2.0f, -1.8325499695492908e-06f},
                               {-1.8325506472120096e-06f, 0},
                               {-1.8325506472119724e-06f, -1.8326097643674623e-06f}});
  const SatResult<float> r = sat_query(a, b);
  EXPECT_TRUE(r.intersects);
  // SAT's depth bound (properties/src/bounds.cpp: k = 8) at S = 2.
  EXPECT_NEAR(double(r.depth), 1.0 + 1.8325506472120096e-06, 8 * 0x1p-24 * 2);
  EXPECT_GT(r.normal.x, 0.99f);
}

TEST(SatDouble, ASpeckFarFromACornerKeepsTheVertexAxis) {
  // fixtures/found/fuzz-5e7efab37460b55c.json (coordinates copied). A's rightmost point is its
  // corner C = (−595559299.5137254, 2.5e-29), reached by a steep edge from (−595821443.5,
  // −595821443.5); B is a speck 2.5e-29 across at the origin. The distance is C's distance to the
  // speck,
  // 595559299.5137254 (+ ~1e-29), while A's best face gap, along that steep edge's normal, is 57.6
  // less. Seen from C every vertex of B is equally far in double, and the pair beside the best face
  // has a neighbour 1.6e-74 further along the axis whose edge the axis crosses inwards: refused for
  // that, the vertex axis was lost and SAT answered the face gap. Tolerance 6 u·S, inside SAT's
  // distance bound (8 u·S).
  const auto a = shape<double>({{-595821443.5137092, -595821443.5137254},
                                {-2383285774.0549016, -595821443.5137254},
                                {-595821443.5137254, -595821443.5137254},
                                {-595559299.5137254, 2.4631021701036803e-29}},
                               7.065054529059789e-304);
  const auto b = shape<double>({{2.4631021675959592e-29, 2.4631022099137558e-29},
                                {2.4631021675959592e-29, 2.4631021675959592e-29},
                                {2.4631021675959592e-29, 4.857875059759663e-33},
                                {4.857875059759663e-33, 4.864645907220399e-33}},
                               5.733416073863608e-39);
  const double S = 2383285774.0549016;
  const SatResult<double> r = sat_query(a, b);
  EXPECT_FALSE(r.intersects);
  EXPECT_NEAR(r.separation, 595559299.5137254, 6 * 0x1p-53 * S);
}

TEST(SatDouble, AVertexPairWhoseTieWasBrokenByRoundingIsStillCertified) {
  // fixtures/found/fuzz-983b0b87891eb337.json (coordinates copied). A = segment from (~0, ~0)
  // (coordinates ~8e-55) to (~0, 12); B = a 3e59-long segment ending at E = (−6.2774382e66,
  // −6.2774386e66), radius 2. The closest pair is A's lower end and E: distance |E| − 2. Seen from
  // E, A's two ends are equally far in double (they differ by ~8.9, far below u·S = 7e50), and the
  // brute-force search took the upper end; its neighbour is 8.9 closer along the axis, a change far
  // below kSatVertexAxisUlps·u·S. The certificate refused that pair, the face answered, and SAT
  // gave the distance 6.28e66 for 8.88e66. Tolerance 6 u·S, inside SAT's distance bound
  // (8 u·S).
  const double ex = -6.2774382474615805e+66, ey = -6.2774385622041925e+66,
               S = 6.2774385622041925e+66;
  const auto a = shape<double>(
      {{-8.156630584998157e-55, -8.156740768974545e-55}, {-8.444511664468678e-55, 12.0}});
  const auto b = shape<double>({{ex, ey}, {-6.2774385622041925e+66, -6.2774385622041925e+66}}, 2.0);
  for (int swap = 0; swap < 2; ++swap) {
    const SatResult<double> r = swap ? sat_query(b, a) : sat_query(a, b);
    EXPECT_FALSE(r.intersects) << "swap " << swap;
    EXPECT_NEAR(r.separation, std::hypot(ex, ey) - 2, 6 * 0x1p-53 * S) << "swap " << swap;
  }
}

}  // namespace

// The input domain did not make SAT's refinement of radius-0 polygons near a zero gap
// (needs_refinement, fixtures/found/fuzz-9ef54a9921e8c485.json) unreachable: it welds corners
// sharper than about 8u, not corners whose face gaps lie within their rounding of 0. A = the needle
// (0, 1), (−w/2, −1), (w/2, −1), w = 2^-46 = 128u, inside the domain by hand: S = 1, nothing
// below u·S = 2^-53, the base vertices 2^-46 apart in x (the point weld is 4u·S = 2^-51), and each
// base vertex is w = 128u from its chord (to the tip and the other base vertex: its distance
// from the line through (0, 1) and (w/2, −1) is |cross((w/2, −2), (−w/2, −2))| / |(w/2, −2)| =
// 2w / (2·(1 + O(w²)))) against the threshold 16u·min(S, L/2) = 16u (L ≈ 2); the tip is 2 from
// its chord. So make_shape keeps all three, moving nothing. B = the point (0, 2), d = 1 beyond
// the tip, which is A's closest point: the distance is 1 exactly. The long edges' outward normals
// are (∓2, w/2)/|(2, w/2)| ≈ (∓1, w/4), so the best face gap is w/4 = 2^-48, inside the gap's error
// bound kSatGapErrorUlps·u·S = 32·2^-53·2 = 2^-47 (S = 2): its sign is not provably the exact
// one, and the refinement runs (a vertex–vertex axis, the distance 1). In general a needle of tip
// angle θ > 8u (what the domain guarantees) has gaps d·θ/2 > 4u·d for a point d beyond its tip,
// which 32u·S exceeds whenever d < 8S: the rule stays (docs/tolerances.md, issue 25).
TEST(SatDomain, AnInDomainNeedleStillTakesTheRefinementOfRadiusZeroPolygonsNearAZeroGap) {
  using P = minkowski::fast::Vec2<double>;
  const double w = 0x1p-46;
  const auto a =
      minkowski::fast::make_shape<double>(std::vector<P>{{0, 1}, {-w / 2, -1}, {w / 2, -1}});
  ASSERT_TRUE(a) << a.message;
  ASSERT_EQ(a.shape.size(), 3u);
  ASSERT_EQ(a.shape.weld_shift(), 0.0);
  const auto b = minkowski::fast::make_shape<double>(std::vector<P>{{0, 2}});
  ASSERT_TRUE(b) << b.message;
  const minkowski::fast::SatResult<double> r = minkowski::fast::sat_query(a.shape, b.shape);
  EXPECT_FALSE(r.intersects);
  EXPECT_TRUE(r.separation_is_distance);  // false had the face gap 2^-48 answered alone
  EXPECT_EQ(r.axis, minkowski::fast::SatAxis::vertex_vertex);
  EXPECT_EQ(r.separation, 1.0);  // sqrt of the exact squared distance 1
}

// Two nearly collinear segments end to end, 4.24 apart (fixtures/found/fuzz-bf3087c7941bb158.json,
// as make_shape builds it): A = (3.0000000000000009, 3.0000000000000013)–(3.0000000000000027,
// 3.0000000000000031), radius 3; B = (−14, −13.999999999999998)–(0, 0), radius
// 3.0000000000000004. A lies on the line y = x + 4.4e-16, beyond B's end (0, 0); in exact
// arithmetic both of A's points lie above B's line, so the segments do not cross, and the
// closest core points are A's first end and B's end (0, 0): the depth is r_A + r_B − |A0|
// (≈ 1.757). The rounded orientations of A's ends against B's line came out with opposite signs,
// the segments were taken to cross, and SAT answered the radii's sum, 6. Expected, by hand: the
// vertex axis, depth as above, within a few roundings (8 u·S, S = 14).
TEST(SatCrossing, NearlyCollinearSegmentsEndToEndDoNotCross) {
  const double a0x = 3.0000000000000009, a0y = 3.0000000000000013;
  const auto a = shape<double>({{a0x, a0y}, {3.0000000000000027, 3.0000000000000031}}, 3.0);
  const auto b = shape<double>({{-14.0, -13.999999999999998}, {0.0, 0.0}}, 3.0000000000000004);
  ASSERT_EQ(a.size(), 2u);
  ASSERT_EQ(b.size(), 2u);
  const long double d = std::sqrt((long double)a0x * a0x + (long double)a0y * a0y);
  const double depth = double(3.0L + 3.0000000000000004L - d);
  const SatResult<double> r = sat_query(a, b);
  EXPECT_TRUE(r.intersects);
  EXPECT_NEAR(r.depth, depth, 8 * unit_roundoff<double>() * 14);
  EXPECT_EQ(r.axis, SatAxis::vertex_vertex);
}

}  // namespace sat_test_cpp
