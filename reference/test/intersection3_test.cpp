// The exact intersection of two 3D polytopes (intersection_polytope), on pairs whose
// intersection is derived by hand in the comment above each test. Points are compared as sets
// (the result lists the hull's vertices in lexicographic order).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "minkowski/reference/oracle3.hpp"

// This file's names, in a namespace of their own: the test command compiles the suite as
// one translation unit (cmake/PrecompiledHeaders.cmake, minkowski_unity).
namespace intersection3_test_cpp {

namespace {

using namespace minkowski::reference;

Shape3 box(double x0, double y0, double z0, double x1, double y1, double z1) {
  Shape3 s;
  for (int i = 0; i < 8; ++i)
    s.points.push_back({i & 1 ? x1 : x0, i & 2 ? y1 : y0, i & 4 ? z1 : z0});
  return s;
}

RationalPoint3 rp(Rational x, Rational y, Rational z) {
  return {std::move(x), std::move(y), std::move(z)};
}

bool lex(const RationalPoint3& a, const RationalPoint3& b) {
  if (a.x != b.x) return a.x < b.x;
  if (a.y != b.y) return a.y < b.y;
  return a.z < b.z;
}

void expect_polytope(const std::optional<Polytope3>& p, int dimension,
                     std::vector<RationalPoint3> points, std::size_t facets) {
  ASSERT_TRUE(p.has_value());
  EXPECT_EQ(p->dimension, dimension);
  std::sort(points.begin(), points.end(), lex);
  EXPECT_EQ(p->points, points);
  EXPECT_EQ(p->facets.size(), facets);
  for (const auto& f : p->facets)
    for (const std::uint32_t i : f) EXPECT_LT(i, p->points.size());
}

std::vector<RationalPoint3> cube_corners(Rational lo, Rational hi) {
  std::vector<RationalPoint3> out;
  for (int i = 0; i < 8; ++i) out.push_back(rp(i & 1 ? hi : lo, i & 2 ? hi : lo, i & 4 ? hi : lo));
  return out;
}

// [0,2]³ ∩ [1,3]³ = [1,2]³: 8 corners, 6 square faces.
TEST(Intersection3, OverlappingCubesGiveACube) {
  expect_polytope(intersection_polytope(box(0, 0, 0, 2, 2, 2), box(1, 1, 1, 3, 3, 3)), 3,
                  cube_corners(1, 2), 6);
}

// [0,1]³ and [2,3]³ are 1 apart along every axis: empty.
TEST(Intersection3, DisjointCubesGiveNothing) {
  const auto p = intersection_polytope(box(0, 0, 0, 1, 1, 1), box(2, 2, 2, 3, 3, 3));
  ASSERT_TRUE(p);
  EXPECT_EQ(p->dimension, -1);
  EXPECT_TRUE(p->points.empty());
}

// Face to face: [0,1]³ ∩ [1,2]×[0,1]×[0,1] is the unit square x = 1, y, z ∈ [0,1].
TEST(Intersection3, FaceContactGivesASquare) {
  expect_polytope(intersection_polytope(box(0, 0, 0, 1, 1, 1), box(1, 0, 0, 2, 1, 1)), 2,
                  {rp(1, 0, 0), rp(1, 1, 0), rp(1, 0, 1), rp(1, 1, 1)}, 1);
}

// Edge to edge: [0,1]³ ∩ [1,2]×[1,2]×[0,1] is the segment x = y = 1, z ∈ [0,1].
TEST(Intersection3, EdgeContactGivesASegment) {
  expect_polytope(intersection_polytope(box(0, 0, 0, 1, 1, 1), box(1, 1, 0, 2, 2, 1)), 1,
                  {rp(1, 1, 0), rp(1, 1, 1)}, 0);
}

// Corner to corner: [0,1]³ ∩ [1,2]³ = {(1,1,1)}.
TEST(Intersection3, VertexContactGivesAPoint) {
  expect_polytope(intersection_polytope(box(0, 0, 0, 1, 1, 1), box(1, 1, 1, 2, 2, 2)), 0,
                  {rp(1, 1, 1)}, 0);
}

// The tetrahedron x, y, z >= 0, x + y + z <= 4 against [1,3]³: of the cube's corners only
// (1,1,1) (sum 3) satisfies x + y + z <= 4 (the others sum to 5 or more); the plane x + y + z = 4
// cuts the three cube edges leaving (1,1,1) at their midpoints (2,1,1), (1,2,1), (1,1,2). No
// tetrahedron vertex is in the cube and its edges lie in the coordinate planes, outside it. So
// the intersection is the tetrahedron (1,1,1), (2,1,1), (1,2,1), (1,1,2): 4 faces.
TEST(Intersection3, TetrahedronCutsACubeCorner) {
  const Shape3 tetra{{{0, 0, 0}, {4, 0, 0}, {0, 4, 0}, {0, 0, 4}}, 0};
  expect_polytope(intersection_polytope(tetra, box(1, 1, 1, 3, 3, 3)), 3,
                  {rp(1, 1, 1), rp(2, 1, 1), rp(1, 2, 1), rp(1, 1, 2)}, 4);
}

// The octahedron |x| + |y| + |z| <= 1 against the box [1/2, 2]×[−2, 2]×[−2, 2] (which holds
// every point of the octahedron with x >= 1/2): the part of the
// octahedron with x >= 1/2 is the pyramid with apex (1,0,0) and base the square
// |y| + |z| <= 1/2 at x = 1/2, whose corners are (1/2, ±1/2, 0), (1/2, 0, ±1/2): 5 vertices,
// 5 faces (4 triangles and the square).
TEST(Intersection3, OctahedronCapIsAPyramid) {
  const Shape3 octa{{{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}}, 0};
  const Rational h(1, 2);
  expect_polytope(intersection_polytope(octa, box(0.5, -2, -2, 2, 2, 2)), 3,
                  {rp(1, 0, 0), rp(h, h, 0), rp(h, -h, 0), rp(h, 0, h), rp(h, 0, -h)}, 5);
}

// A segment through a cube: (−1, 1/2, 1/2)–(2, 1/2, 1/2) meets [0,1]³ in x ∈ [0,1].
TEST(Intersection3, SegmentThroughACube) {
  const Shape3 seg{{{-1, 0.5, 0.5}, {2, 0.5, 0.5}}, 0};
  const Rational h(1, 2);
  expect_polytope(intersection_polytope(seg, box(0, 0, 0, 1, 1, 1)), 1, {rp(0, h, h), rp(1, h, h)},
                  0);
}

// Coplanar squares at z = 0: [0,2]² ∩ [1,3]×[−1,1] = [1,2]×[0,1].
TEST(Intersection3, CoplanarSquaresOverlapInASquare) {
  const Shape3 a{{{0, 0, 0}, {2, 0, 0}, {2, 2, 0}, {0, 2, 0}}, 0};
  const Shape3 b{{{1, -1, 0}, {3, -1, 0}, {3, 1, 0}, {1, 1, 0}}, 0};
  expect_polytope(intersection_polytope(a, b), 2,
                  {rp(1, 0, 0), rp(2, 0, 0), rp(1, 1, 0), rp(2, 1, 0)}, 1);
}

// A large square in the plane z = 1/2 through [0,1]³: the cube's cross-section [0,1]² at
// z = 1/2 (its corners are where the cube's vertical edges cross the plane).
TEST(Intersection3, PlaneSectionOfACube) {
  const Shape3 sheet{{{-1, -1, 0.5}, {2, -1, 0.5}, {2, 2, 0.5}, {-1, 2, 0.5}}, 0};
  const Rational h(1, 2);
  expect_polytope(intersection_polytope(sheet, box(0, 0, 0, 1, 1, 1)), 2,
                  {rp(0, 0, h), rp(1, 0, h), rp(0, 1, h), rp(1, 1, h)}, 1);
}

// Two crossing segments in the plane z = 0 meet at the origin only.
TEST(Intersection3, CrossingSegmentsMeetAtAPoint) {
  const Shape3 a{{{-1, 0, 0}, {1, 0, 0}}, 0}, b{{{0, -1, 0}, {0, 1, 0}}, 0};
  expect_polytope(intersection_polytope(a, b), 0, {rp(0, 0, 0)}, 0);
}

// Skew segments (one at z = 0, one at z = 1) do not meet.
TEST(Intersection3, SkewSegmentsDoNotMeet) {
  const Shape3 a{{{-1, 0, 0}, {1, 0, 0}}, 0}, b{{{0, -1, 1}, {0, 1, 1}}, 0};
  const auto p = intersection_polytope(a, b);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->dimension, -1);
}

TEST(Intersection3, RoundedShapesHaveNoPolytope) {
  Shape3 a = box(0, 0, 0, 1, 1, 1);
  a.radius = 0.5;
  EXPECT_FALSE(intersection_polytope(a, box(0, 0, 0, 1, 1, 1)).has_value());
}

TEST(Intersection3, BadInputIsRefused) {
  const Shape3 bad{{{0, 0, INFINITY}}, 0};
  EXPECT_THROW((void)intersection_polytope(box(0, 0, 0, 1, 1, 1), bad), InputError);
}

}  // namespace

}  // namespace intersection3_test_cpp
