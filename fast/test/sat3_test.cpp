// 3D SAT (fast/include/minkowski/fast/sat3.hpp): relation, minimum translation vector and
// separating axis. Every expected value is derived by hand in the comment above its check;
// coordinates are small dyadic numbers so that most answers are exact in float and double. The
// random test compares with a brute force over every face and edge-pair direction in long double.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <limits>
#include <random>
#include <vector>

#include "minkowski/fast/gjk3.hpp"
#include "gjk3_test_util.hpp"
#include "minkowski/fast/sat3.hpp"
#include "test_shapes3.hpp"

// This file's names, in a namespace of their own: the test command compiles the suite as
// one translation unit (cmake/PrecompiledHeaders.cmake, minkowski_unity).
namespace sat3_test_cpp {

namespace {

using minkowski::fast::ConvexShape3;
using minkowski::fast::GjkStatus;
using minkowski::fast::make_shape3;
using minkowski::fast::sat_query;
using minkowski::fast::SatAxis3;
using minkowski::fast::SatCache3;
using minkowski::fast::SatResult3;
using minkowski::fast::Vec3;

using test_shapes3::box;
using test_shapes3::shape;

/// A roof (triangular prism) with its ridge along x at height h + 1 over the base rectangle
/// [−1, 1] × [−1, 1] at height h: faces z = h (down), x = ±1, and the two roof planes with
/// normals (0, ±1, 1)/√2.
template <class T>
ConvexShape3<T> roof_x(double h) {
  return shape<T>({{-1, -1, h}, {1, -1, h}, {-1, 1, h}, {1, 1, h}, {-1, 0, h + 1}, {1, 0, h + 1}});
}

/// A roof upside down with its ridge along y at height h, base at h + 1: faces z = h + 1 (up),
/// y = ±1, and the roof planes with normals (±1, 0, −1)/√2.
template <class T>
ConvexShape3<T> roof_y_down(double h) {
  return shape<T>(
      {{-1, -1, h + 1}, {1, -1, h + 1}, {-1, 1, h + 1}, {1, 1, h + 1}, {0, -1, h}, {0, 1, h}});
}

/// Allowed rounding for answers that are not exact in T: 64 u at coordinates of size <= 8.
template <class T>
double tol() {
  return 64.0 * double(std::numeric_limits<T>::epsilon()) / 2 * 8;
}

template <class T>
void expect_normal(const SatResult3<T>& r, double x, double y, double z) {
  EXPECT_NEAR(double(r.normal.x), x, tol<T>()) << "normal.x";
  EXPECT_NEAR(double(r.normal.y), y, tol<T>()) << "normal.y";
  EXPECT_NEAR(double(r.normal.z), z, tol<T>()) << "normal.z";
}

/// Whether gjk_distance is still the stub of the interface commit (it returns empty_shape on
/// two points): the tests of rounded shapes with separate cores need the real one.
template <class T>
bool gjk_is_stub() {
  const auto p = shape<T>({{0, 0, 0}});
  const auto q = shape<T>({{1, 0, 0}});
  return minkowski::fast::gjk_distance(p, q).status == GjkStatus::empty_shape;
}

template <class T>
class Sat3Typed : public ::testing::Test {};
using Types = ::testing::Types<float, double>;
TYPED_TEST_SUITE(Sat3Typed, Types);

// Cube on cube: A = [0,1]³, B = [1/4,3/4]² × [7/8, 15/8] sinks 1/8 into A's top face. The push
// directions: A's +z face: 1 − 7/8 = 1/8; every other face needs more (A's ±x, ±y: 3/4; A's −z:
// 15/8; B's faces the same numbers in reverse). So depth 1/8 along +z (A's face; B's −z face ties
// and A keeps the tie). Gauss map: each box edge's arc is a quarter circle in a coordinate plane
// with its ends on two coordinate axes; for a pair to pass, B's arc must have both ends strictly
// off the plane ⊥ A's edge (condition (1)), but one of its ends always lies on it (an axis ⊥ A's
// edge) — every pair of two axis-aligned boxes is pruned, and axes_tested = 6 + 6 faces.
TYPED_TEST(Sat3Typed, CubeOnCubeFaceContact) {
  using T = TypeParam;
  const auto a = box<T>(0, 0, 0, 1, 1, 1);
  const auto b = box<T>(0.25, 0.25, 0.875, 0.75, 0.75, 1.875);
  const SatResult3<T> r = sat_query(a, b);
  EXPECT_TRUE(r.intersects);
  EXPECT_EQ(r.depth, T(0.125));
  EXPECT_EQ(r.separation, T(-0.125));
  EXPECT_EQ(r.axis, SatAxis3::face_a);
  expect_normal(r, 0, 0, 1);
  EXPECT_EQ(r.axes_tested, 12);
}

// A box inside a box (containment): A = [0,4]³, B = [1,2] × [3/2, 13/4] × [1/2, 3]. One-sided
// pushes of B out of A: +x 4 − 1 = 3, −x 2 − 0 = 2, +y 4 − 3/2 = 5/2, −y 13/4, +z 7/2, −z 3. The
// smallest is 2 along −x (the classic line test's overlap 1 plus min(1, 2)); B's +x face gives
// the same push and A keeps the tie.
TYPED_TEST(Sat3Typed, BoxInsideBoxContainmentMtv) {
  using T = TypeParam;
  const auto a = box<T>(0, 0, 0, 4, 4, 4);
  const auto b = box<T>(1, 1.5, 0.5, 2, 3.25, 3);
  const SatResult3<T> r = sat_query(a, b);
  EXPECT_TRUE(r.intersects);
  EXPECT_EQ(r.depth, T(2));
  EXPECT_EQ(r.axis, SatAxis3::face_a);
  expect_normal(r, -1, 0, 0);
  // Swapped: the normal from the small box towards the big one is +x (the same push seen from
  // the other side). The small box's +x face (now A's): min over the big box of x − 2 = −2; the
  // big box's −x face (now B's): min over the small box of −x − 0 = −2. A tie: A's face is kept.
  const SatResult3<T> s = sat_query(b, a);
  EXPECT_TRUE(s.intersects);
  EXPECT_EQ(s.depth, T(2));
  EXPECT_EQ(s.axis, SatAxis3::face_a);
  expect_normal(s, 1, 0, 0);
}

// Separated along a face: B = A + (3, 0, 0) with A = [0,1]³. Only A's +x face separates
// (gap 3 − 1 = 2; every other face of A has gap <= −1), and A's faces are tested first: the
// answer is gap 2 along +x, which here is also the distance.
TYPED_TEST(Sat3Typed, SeparatedAlongAFace) {
  using T = TypeParam;
  const auto a = box<T>(0, 0, 0, 1, 1, 1);
  const auto b = box<T>(3, 0, 0, 4, 1, 1);
  const SatResult3<T> r = sat_query(a, b);
  EXPECT_FALSE(r.intersects);
  EXPECT_EQ(r.separation, T(2));
  EXPECT_EQ(r.depth, T(0));
  EXPECT_EQ(r.axis, SatAxis3::face_a);
  expect_normal(r, 1, 0, 0);
}

// Edge across edge: roof_x(0) has its ridge along x at z = 1; roof_y_down(h) its ridge along y at
// z = h. Overlapping, h = 3/4: the ridges cross at (0, 0, ·) and the edge–edge axis x × y = +z
// gives the push 1 − 3/4 = 1/4. Faces: A's roof (0, 1, 1)/√2 (offset 1/√2) against B's lowest
// (y + z) = −1 + 3/4: push (1/√2)(1 + 1/4) ≈ 0.88; A's base −z: push 7/4; A's ends ±x: 2; B's
// faces by symmetry the same. So depth 1/4 on the edge pair, normal +z.
TYPED_TEST(Sat3Typed, EdgeAcrossEdgeOverlapping) {
  using T = TypeParam;
  const auto a = roof_x<T>(0);
  const auto b = roof_y_down<T>(0.75);
  const SatResult3<T> r = sat_query(a, b);
  EXPECT_TRUE(r.intersects);
  EXPECT_NEAR(double(r.depth), 0.25, tol<T>());
  EXPECT_EQ(r.axis, SatAxis3::edge_edge);
  expect_normal(r, 0, 0, 1);
  // The edges named are the ridges: A's along x at z = 1, B's along y at z = 3/4.
  const auto ea = a.edges()[r.index_a];
  const auto eb = b.edges()[r.index_b];
  EXPECT_EQ(a.vertex(ea.v0).z, T(1));
  EXPECT_EQ(a.vertex(ea.v1).z, T(1));
  EXPECT_EQ(b.vertex(eb.v0).z, T(0.75));
  EXPECT_EQ(b.vertex(eb.v1).z, T(0.75));
}

// Separated by the edge pair alone: h = 3/2, the ridges are 1/2 apart along z. Every face gap is
// negative (A's roof: (1/√2)(−1 + 3/2) − 1/√2 < 0; base and ends more so; B's by symmetry), so
// only the edge–edge axis separates: gap 1/2 along +z, which is the ridges' distance.
TYPED_TEST(Sat3Typed, SeparatedOnlyByAnEdgePair) {
  using T = TypeParam;
  const auto a = roof_x<T>(0);
  const auto b = roof_y_down<T>(1.5);
  const SatResult3<T> r = sat_query(a, b);
  EXPECT_FALSE(r.intersects);
  EXPECT_NEAR(double(r.separation), 0.5, tol<T>());
  EXPECT_EQ(r.axis, SatAxis3::edge_edge);
  expect_normal(r, 0, 0, 1);
}

// Gauss-map pruning on boxes. An axis-aligned box against the box B whose cross-section is the
// square with corners (±1, 0), (0, ±1) (a box turned 45° about z, exact coordinates). A's arcs:
// quarter circles between coordinate axes; B's (reflected): the equator quarter arcs between
// (±1, ±1, 0)/√2 neighbours (vertical edges) and arcs from ±z to (±1, ±1, 0)/√2 (horizontal
// edges). Every pair touches only at an end. A's vertical edge (plane z = 0) against B's
// horizontal edges: B's end (±1, ±1, 0)/√2 lies on z = 0 (condition 1 fails); against B's
// vertical edges: parallel (both ends on z = 0). A's edge along x (plane x = 0) against B's
// vertical edges: B's ends are on opposite sides of x = 0, but A's arc has an end (±y) on B's
// plane z = 0 (condition 2 fails); against B's horizontal edges: B's end ±z lies on x = 0. The
// same for A's edges along y. No edge pair is an axis: axes_tested = 6 + 6. (Where arcs only
// touch, D's face there is a face of A or B.)
TYPED_TEST(Sat3Typed, GaussMapPrunesEveryPairOfTheseBoxes) {
  using T = TypeParam;
  const auto a = box<T>(-1, -1, -1, 1, 1, 1);
  const auto b = shape<T>({{1, 0, 0.5},
                           {0, 1, 0.5},
                           {-1, 0, 0.5},
                           {0, -1, 0.5},
                           {1, 0, 2.5},
                           {0, 1, 2.5},
                           {-1, 0, 2.5},
                           {0, -1, 2.5}});
  const SatResult3<T> r = sat_query(a, b);
  // Pushes: +z 1 − 1/2 = 1/2; −z 5/2 + 1; A's ±x, ±y faces 1 + 1 = 2; B's side faces
  // (±1, ±1, 0)/√2: (1 + 2)/√2 > 2. Depth 1/2 along +z.
  EXPECT_TRUE(r.intersects);
  EXPECT_EQ(r.depth, T(0.5));
  expect_normal(r, 0, 0, 1);
  EXPECT_EQ(r.axes_tested, 12);
}

// The roofs' ridges cross: with arcs a = (0,1,1)/√2, b = (0,−1,1)/√2 for A's ridge (plane x = 0)
// and c, d = (±1, 0, 1)/√2 for B's reflected ridge (plane y = 0), both meet at +z in their
// interiors, so the ridge pair is tested: at least one edge axis beyond the 5 + 5 faces.
TYPED_TEST(Sat3Typed, CrossingRidgesAreAnAxis) {
  using T = TypeParam;
  const SatResult3<T> r = sat_query(roof_x<T>(0), roof_y_down<T>(0.75));
  EXPECT_GT(r.axes_tested, 10);
}

// Warm cache: the separated pair of SeparatedAlongAFace; the first query fills the cache with
// A's +x face, the second tests that axis alone (axes_tested 1) and gives the same answer.
TYPED_TEST(Sat3Typed, WarmCacheHitOnASeparatedPair) {
  using T = TypeParam;
  const auto a = box<T>(0, 0, 0, 1, 1, 1);
  const auto b = box<T>(3, 0, 0, 4, 1, 1);
  SatCache3 cache;
  const SatResult3<T> r1 = sat_query(a, b, &cache);
  EXPECT_EQ(cache.axis, SatAxis3::face_a);
  const SatResult3<T> r2 = sat_query(a, b, &cache);
  EXPECT_EQ(r2.axes_tested, 1);
  EXPECT_FALSE(r2.intersects);
  EXPECT_EQ(r2.separation, r1.separation);
  // An edge-pair cache: the roofs 1/2 apart (SeparatedOnlyByAnEdgePair).
  SatCache3 c2;
  const auto ra = roof_x<T>(0);
  const auto rb = roof_y_down<T>(1.5);
  (void)sat_query(ra, rb, &c2);
  EXPECT_EQ(c2.axis, SatAxis3::edge_edge);
  const SatResult3<T> r3 = sat_query(ra, rb, &c2);
  EXPECT_EQ(r3.axes_tested, 1);
  EXPECT_NEAR(double(r3.separation), 0.5, tol<T>());
  // A stale cache (indices out of range) is ignored.
  SatCache3 bad{SatAxis3::face_b, 0, 99};
  const SatResult3<T> r4 = sat_query(a, b, &bad);
  EXPECT_EQ(r4.separation, T(2));
}

// Flat squares stacked: A = [0,1]² at z = 0, B = [1/4, 5/4]² at z = 1/2. A's faces are +z and
// −z; along +z B lies 1/2 beyond A (gap 1/2), along −z the gap is −1/2. Separated by 1/2 on a
// face of A, which is the distance (the squares' projections overlap).
TYPED_TEST(Sat3Typed, FlatSquaresStacked) {
  using T = TypeParam;
  const auto a = shape<T>({{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}});
  const auto b =
      shape<T>({{0.25, 0.25, 0.5}, {1.25, 0.25, 0.5}, {1.25, 1.25, 0.5}, {0.25, 1.25, 0.5}});
  ASSERT_EQ(a.dimension(), 2);
  const SatResult3<T> r = sat_query(a, b);
  EXPECT_FALSE(r.intersects);
  EXPECT_EQ(r.separation, T(0.5));
  EXPECT_EQ(r.axis, SatAxis3::face_a);
  expect_normal(r, 0, 0, 1);
}

// A flat square across a box edge: the square in the plane x = 0 ... its edges' arcs are half
// circles. Square S = {0} × [−1, 1] × [1/2, 5/2]... against the box [−1,1]³ it overlaps by 1/2
// along z: the square's face normals ±x give pushes 1 − 0 + ... (x-push: max_A x − min_S x = 1,
// or max_S x − min_A x = 1); the box's top face gives 1 − 1/2 = 1/2. So depth 1/2 along +z.
TYPED_TEST(Sat3Typed, FlatSquareOnABox) {
  using T = TypeParam;
  const auto a = box<T>(-1, -1, -1, 1, 1, 1);
  const auto b = shape<T>({{0, -1, 0.5}, {0, 1, 0.5}, {0, 1, 2.5}, {0, -1, 2.5}});
  const SatResult3<T> r = sat_query(a, b);
  EXPECT_TRUE(r.intersects);
  EXPECT_EQ(r.depth, T(0.5));
  expect_normal(r, 0, 0, 1);
}

// A segment across a roof's ridge: the segment from (0, −1, 3/4)... along y at height 3/4 crosses
// A's ridge (along x at z = 1): the segment's region is the whole great circle ⊥ y, A's ridge arc
// (plane x = 0) crosses it at +z: push 1 − 3/4 = 1/4 along +z. Faces of A: roof planes
// (0, ±1, 1)/√2: push (1/√2)(1 − (−1 + 3/4))= 1.25/√2 ≈ 0.88; base 3/4; ends 2. Depth 1/4.
TYPED_TEST(Sat3Typed, SegmentAcrossARidge) {
  using T = TypeParam;
  const auto a = roof_x<T>(0);
  const auto b = shape<T>({{0, -1, 0.75}, {0, 1, 0.75}});
  ASSERT_EQ(b.dimension(), 1);
  const SatResult3<T> r = sat_query(a, b);
  EXPECT_TRUE(r.intersects);
  EXPECT_NEAR(double(r.depth), 0.25, tol<T>());
  EXPECT_EQ(r.axis, SatAxis3::edge_edge);
  expect_normal(r, 0, 0, 1);
  // Swapped: the normal from the segment towards the roof is −z.
  const SatResult3<T> s = sat_query(b, a);
  EXPECT_TRUE(s.intersects);
  EXPECT_NEAR(double(s.depth), 0.25, tol<T>());
  expect_normal(s, 0, 0, -1);
}

// Rounded boxes whose cores overlap: A = [0,1]³ and B = [1/4,3/4]² × [7/8,15/8] (core depth 1/8,
// CubeOnCubeFaceContact) with radii 1/4 and 1/8: depth = 1/8 + 1/4 + 1/8 = 1/2 along +z.
TYPED_TEST(Sat3Typed, RoundedBoxesCoresOverlapping) {
  using T = TypeParam;
  const auto a = box<T>(0, 0, 0, 1, 1, 1, 0.25);
  const auto b = box<T>(0.25, 0.25, 0.875, 0.75, 0.75, 1.875, 0.125);
  const SatResult3<T> r = sat_query(a, b);
  EXPECT_TRUE(r.intersects);
  EXPECT_EQ(r.depth, T(0.5));
  expect_normal(r, 0, 0, 1);
}

// A rounded flat triangle under a rounded cube's corner, the triangle as A (fixtures/found/
// cells-vertex-r--edge-r--overlapping-small-cube_corner-triangle-swapped.json). Triangle
// p0 = (1/32, −1/4, −1023/32768), p1 = (9/32, 0, −1023/32768), p2 = (5/32, −1/8, −5119/32768);
// its edges p1 − p0 = (1/4, 1/4, 0) and p2 − p0 = (1/8, 1/8, −1/8) give the normal ∝
// (−1/32, 1/32, 0), i.e. ±(−1, 1, 0)/√2. The cube (edge 3/8, its 8 points below) has its
// lowest vertex c = (5/32, −1/8, 0), every other at z >= 1/8, and the triangle's highest points
// are p0, p1 at z = −1023/32768: the plane z = −1023/32768 supports A from above, and c projects
// onto it at (5/32, −1/8), the midpoint of p0p1. So the cores' distance is exactly 1023/32768
// (the slab between z = −1023/32768 and z = 0, attained by c and that midpoint), the radii sum
// to 1/32 = 1024/32768, and the rounded shapes overlap by 1/32768 = 2^-15 along +z (A towards
// B). The cube's edges parallel to the triangle's plane (n·e_B = 0) have Gauss arcs that meet
// the triangle's edges' half circles only at their ends ±n: the defect answered "separated by
// 0.234" along (−1, 1, 0)/√2 from such a pair (an axis the edges do not support).
TYPED_TEST(Sat3Typed, FlatTriangleUnderACubeCornerIsNoSeparation) {
  using T = TypeParam;
  const double z = -1023.0 / 32768;
  const auto a =
      shape<T>({{0.03125, -0.25, z}, {0.28125, 0.0, z}, {0.15625, -0.125, z - 0.125}}, 0.015625);
  const auto b = shape<T>({{0.15625, -0.125, 0.0},
                           {0.40625, -0.25, 0.25},
                           {0.03125, 0.125, 0.25},
                           {0.28125, 0.0, 0.5},
                           {-0.09375, -0.375, 0.125},
                           {0.15625, -0.5, 0.375},
                           {-0.21875, -0.125, 0.375},
                           {0.03125, -0.25, 0.625}},
                          0.015625);
  ASSERT_EQ(a.dimension(), 2);
  ASSERT_EQ(b.dimension(), 3);
  for (const bool swapped : {false, true}) {
    const SatResult3<T> r = swapped ? sat_query(b, a) : sat_query(a, b);
    EXPECT_TRUE(r.intersects) << "swapped " << swapped;
    EXPECT_NEAR(double(r.depth), 1.0 / 32768, tol<T>()) << "swapped " << swapped;
    expect_normal(r, 0, 0, swapped ? -1 : 1);
  }
}

// Spheres at a box's face, edge and corner (needs gjk_distance: the cores are apart). Box
// [−1,1]³; sphere of radius 1/2 centred at
//   face:   (0, 0, 5/4):        core distance 1/4, depth 1/2 − 1/4 = 1/4, normal +z;
//   edge:   (5/4, 0, 5/4):      distance √(1/16 + 1/16) = √2/4, normal (1, 0, 1)/√2;
//   corner: (3/2, 3/2, 3/2):    distance √3/2 > 1/2: separated by √3/2 − 1/2, normal
//           (1, 1, 1)/√3, and separation_is_distance (the closest points are known).
TYPED_TEST(Sat3Typed, SphereAtFaceEdgeAndCorner) {
  using T = TypeParam;
  if (gjk_is_stub<T>()) GTEST_SKIP() << "gjk3.hpp is the interface stub (merge f3-gjk)";
  const auto a = box<T>(-1, -1, -1, 1, 1, 1);
  const SatResult3<T> f = sat_query(a, shape<T>({{0, 0, 1.25}}, 0.5));
  EXPECT_TRUE(f.intersects);
  EXPECT_NEAR(double(f.depth), 0.25, tol<T>());
  expect_normal(f, 0, 0, 1);
  const SatResult3<T> e = sat_query(a, shape<T>({{1.25, 0, 1.25}}, 0.5));
  EXPECT_TRUE(e.intersects);
  EXPECT_NEAR(double(e.depth), 0.5 - std::sqrt(2.0) / 4, tol<T>());
  EXPECT_EQ(e.axis, SatAxis3::closest);
  expect_normal(e, std::sqrt(0.5), 0, std::sqrt(0.5));
  const SatResult3<T> c = sat_query(a, shape<T>({{1.5, 1.5, 1.5}}, 0.5));
  EXPECT_FALSE(c.intersects);
  EXPECT_NEAR(double(c.separation), std::sqrt(3.0) / 2 - 0.5, tol<T>());
  EXPECT_TRUE(c.separation_is_distance);
  const double k = 1 / std::sqrt(3.0);
  expect_normal(c, k, k, k);
}

// Capsule across capsule (needs gjk_distance): segments along x at z = 0 and along y at z = 1/2,
// radii 1/8 and 1/4: the edge pair's axis x × y = +z has gap 1/2 > 3/8, the first separating
// axis (early exit): separation 1/2 − 3/8 = 1/8 along +z (here also the distance, as the segments
// cross over (0, 0)). Closer, at z = 1/4: the cores are apart by 1/4 < 3/8, so GJK's closest
// points answer: depth 3/8 − 1/4 = 1/8 along +z.
TYPED_TEST(Sat3Typed, CapsuleAcrossCapsule) {
  using T = TypeParam;
  if (gjk_is_stub<T>()) GTEST_SKIP() << "gjk3.hpp is the interface stub (merge f3-gjk)";
  const auto a = shape<T>({{-1, 0, 0}, {1, 0, 0}}, 0.125);
  const SatResult3<T> r = sat_query(a, shape<T>({{0, -1, 0.5}, {0, 1, 0.5}}, 0.25));
  EXPECT_FALSE(r.intersects);
  EXPECT_NEAR(double(r.separation), 0.125, tol<T>());
  expect_normal(r, 0, 0, 1);
  const SatResult3<T> s = sat_query(a, shape<T>({{0, -1, 0.25}, {0, 1, 0.25}}, 0.25));
  EXPECT_TRUE(s.intersects);
  EXPECT_NEAR(double(s.depth), 0.125, tol<T>());
  expect_normal(s, 0, 0, 1);
}

// Coplanar flat squares side by side (needs gjk_distance): A = [0,1]² and B = [2,3] × [0,1], both
// at z = 0. Every axis of the pass gives gap 0 (faces ±z; edge pairs are coplanar, pruned), but
// the squares are 1 apart in the plane: the closest points decide, separation 1 along +x.
TYPED_TEST(Sat3Typed, CoplanarSquaresApart) {
  using T = TypeParam;
  if (gjk_is_stub<T>()) GTEST_SKIP() << "gjk3.hpp is the interface stub (merge f3-gjk)";
  const auto a = shape<T>({{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}});
  const auto b = shape<T>({{2, 0, 0}, {3, 0, 0}, {3, 1, 0}, {2, 1, 0}});
  const SatResult3<T> r = sat_query(a, b);
  EXPECT_FALSE(r.intersects);
  EXPECT_NEAR(double(r.separation), 1.0, tol<T>());
  EXPECT_EQ(r.axis, SatAxis3::closest);
  expect_normal(r, 1, 0, 0);
}

// Two points: no axis at all. Coincident, radius 1/4 each: depth 1/2 along the fallback (1,0,0).
TYPED_TEST(Sat3Typed, CoincidentPoints) {
  using T = TypeParam;
  const auto a = shape<T>({{1, 2, 3}}, 0.25);
  const auto b = shape<T>({{1, 2, 3}}, 0.25);
  const SatResult3<T> r = sat_query(a, b);
  EXPECT_TRUE(r.intersects);
  EXPECT_EQ(r.depth, T(0.5));
  EXPECT_EQ(length_squared(r.normal), T(1));
}

// ---- Random polytopes against a brute force --------------------------------------------------

using L = long double;

template <class T>
L gap_along(const ConvexShape3<T>& a, const ConvexShape3<T>& b, L ux, L uy, L uz) {
  const L n = std::sqrt(ux * ux + uy * uy + uz * uz);
  ux /= n, uy /= n, uz /= n;
  L mb = std::numeric_limits<L>::infinity(), ma = -mb;
  for (const auto& v : b.vertices()) mb = std::min(mb, ux * v.x + uy * v.y + uz * v.z);
  for (const auto& v : a.vertices()) ma = std::max(ma, ux * v.x + uy * v.y + uz * v.z);
  return mb - ma;
}

// The largest gap over every face normal of both shapes and both signs of every edge-pair cross
// product (not only the pairs that build a face of D): every direction outside D's normals only
// lowers the maximum, so this is the exact SAT answer (−depth when overlapping).
template <class T>
L brute_force_gap(const ConvexShape3<T>& a, const ConvexShape3<T>& b) {
  L best = -std::numeric_limits<L>::infinity();
  for (const auto& p : a.planes())
    best = std::max(best, gap_along(a, b, L(p.normal.x), L(p.normal.y), L(p.normal.z)));
  for (const auto& p : b.planes())
    best = std::max(best, gap_along(a, b, -L(p.normal.x), -L(p.normal.y), -L(p.normal.z)));
  for (const auto& e : a.edges())
    for (const auto& f : b.edges()) {
      const L ax = L(a.vertex(e.v1).x) - a.vertex(e.v0).x,
              ay = L(a.vertex(e.v1).y) - a.vertex(e.v0).y,
              az = L(a.vertex(e.v1).z) - a.vertex(e.v0).z;
      const L bx = L(b.vertex(f.v1).x) - b.vertex(f.v0).x,
              by = L(b.vertex(f.v1).y) - b.vertex(f.v0).y,
              bz = L(b.vertex(f.v1).z) - b.vertex(f.v0).z;
      const L cx = ay * bz - az * by, cy = az * bx - ax * bz, cz = ax * by - ay * bx;
      if (cx * cx + cy * cy + cz * cz == 0) continue;
      best = std::max(best, gap_along(a, b, cx, cy, cz));
      best = std::max(best, gap_along(a, b, -cx, -cy, -cz));
    }
  return best;
}

// The placeholder hull of the interface commit can return inconsistent faces for nearly flat
// float input; such shapes break shape3.hpp's invariants and are not SAT's input.
template <class T>
bool well_formed(const ConvexShape3<T>& s) {
  if (s.dimension() < 2) return true;
  if (s.dimension() == 3 && long(s.size()) - long(s.edges().size()) + long(s.face_count()) != 2)
    return false;
  for (const auto& e : s.edges()) {
    if (e.face_left >= s.face_count() || e.face_right >= s.face_count()) return false;
    const auto fv = s.face_vertices(e.face_left);
    bool found = false;
    for (std::size_t i = 0; i < fv.size(); ++i)
      found |= fv[i] == e.v0 && fv[(i + 1) % fv.size()] == e.v1;
    if (!found) return false;
  }
  return true;
}

// 12 points on an ellipsoid (semi-axes 1, 0.7, 1.3) around a random centre in [−3/2, 3/2]³, or
// (every third shape) 12 points of a random plane section (a flat polygon), or a segment.
template <class T>
ConvexShape3<T> random_shape(std::mt19937& rng, int kind) {
  std::normal_distribution<double> gauss;
  std::uniform_real_distribution<double> centre(-1.5, 1.5);
  const double cx = centre(rng), cy = centre(rng), cz = centre(rng);
  const double nx = gauss(rng), ny = gauss(rng), nz = gauss(rng);
  std::vector<Vec3<T>> p;
  for (int i = 0; i < (kind == 2 ? 2 : 12); ++i) {
    double x = gauss(rng), y = gauss(rng), z = gauss(rng);
    if (kind == 1) {
      const double d = (x * nx + y * ny + z * nz) / (nx * nx + ny * ny + nz * nz);
      x -= d * nx, y -= d * ny, z -= d * nz;
    }
    const double l = std::sqrt(x * x + y * y + z * z);
    p.push_back({T(cx + x / l), T(cy + 0.7 * y / l), T(cz + 1.3 * z / l)});
  }
  return make_shape3<T>(p).shape;
}

// SAT's depth equals the brute force's within 64 u·S (S <= 3: the gaps' error bound,
// kSat3GapErrorUlps, with room); the gap along SAT's normal, measured by projections in long
// double, is SAT's separation within the same bound; a separated answer's axis separates. At
// least one shape is a polytope (lower-dimensional pairs need GJK: CoplanarSquaresApart).
TYPED_TEST(Sat3Typed, RandomPolytopesMatchBruteForce) {
  using T = TypeParam;
  std::mt19937 rng(2026);
  const double bound = 64.0 * double(std::numeric_limits<T>::epsilon()) / 2 * 3;
  int overlapping = 0, separated = 0;
  for (int it = 0; it < 600; ++it) {
    const auto a = random_shape<T>(rng, it % 3 == 0 ? 1 : (it % 7 == 0 ? 2 : 0));
    const auto b = random_shape<T>(rng, it % 5 == 0 ? 1 : (it % 11 == 0 ? 2 : 0));
    if (!well_formed(a) || !well_formed(b) || (a.dimension() < 3 && b.dimension() < 3)) continue;
    const SatResult3<T> r = sat_query(a, b);
    const L exact = brute_force_gap(a, b);
    const L along = gap_along(a, b, r.normal.x, r.normal.y, r.normal.z);
    if (exact < -L(bound)) {
      ++overlapping;
      ASSERT_TRUE(r.intersects) << it;
      EXPECT_NEAR(double(r.depth), double(-exact), bound) << it;
      EXPECT_NEAR(double(along), double(r.separation), bound) << it;
    } else if (exact > L(bound)) {
      ++separated;
      ASSERT_FALSE(r.intersects) << it;
      EXPECT_GE(double(along), double(r.separation) - bound) << it;
      EXPECT_LE(double(r.separation), double(exact) + bound) << it;
    }
  }
  EXPECT_GT(overlapping, 100);
  EXPECT_GT(separated, 100);
}

// Boxes: the filter's decisions by hand. A = [−1, 1]³; B = the same cube turned 45° about z, its
// half edges u = (√½, √½, 0), v = (−√½, √½, 0), w = (0, 0, 1), centre (0, 0, 7/4): B's bottom
// sinks 1/4 into A's top, the best face gap −1/4. For a pair of edge directions the closed-form
// gap is |x·d| − Σ|x·h_A| − Σ|x·h_B| along the unit x ⊥ both: A's x or y edge with B's u or v
// edge: x = ±z, 7/4 − 1 − 1 = −1/4, a tie with the face: kept. A's x edge with B's w edge: x =
// ±y, 0 − 1 − (√½ + √½) = −2.41; A's y with w: x = ±x, the same; A's z edge with B's u (v): x = ±v
// (±u), 0 − √2 − 1: all far below −1/4: skipped. A's z with B's w: parallel, kept. So A's x and y
// edges keep B's u and v edges only, A's z edges B's w edges only.
TYPED_TEST(Sat3Typed, BoxFilterSkipsTheEdgeDirectionsItBounds) {
  using T = TypeParam;
  const double h = std::sqrt(0.5);
  const auto a = box<T>(-1, -1, -1, 1, 1, 1);
  std::vector<Vec3<T>> pts;
  for (int m = 0; m < 8; ++m) {
    const double su = m & 1 ? 1 : -1, sv = m & 2 ? 1 : -1, sw = m & 4 ? 1 : -1;
    pts.push_back({T(su * h - sv * h), T(su * h + sv * h), T(1.75 + sw)});
  }
  const auto b = make_shape3<T>(pts).shape;
  ASSERT_NE(a.parallelepiped(), nullptr);
  ASSERT_NE(b.parallelepiped(), nullptr);
  std::uint64_t allow[3];
  minkowski::fast::sat3_detail::box_edge_masks(a, b, T(-0.25), allow);
  const auto& pa = *a.parallelepiped();
  const auto& pb = *b.parallelepiped();
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      const bool a_vertical = pa.half[i].z != T(0), b_vertical = std::abs(pb.half[j].z) > T(0.5);
      const bool expected = a_vertical == b_vertical;  // see above
      for (std::size_t k = 0; k < 12; ++k)
        if (pb.edge_class[k] == j) {
          EXPECT_EQ(bool(allow[i] >> k & 1u), expected) << i << j << k;
        }
    }
  // And the query skips them: only A's 4 x and y edges × B's 8 u, v edges and A's 4 z edges × B's
  // 4 w edges can be considered, and the answer is A's top face, 1/4 deep.
  const SatResult3<T> r = sat_query(a, b);
  EXPECT_TRUE(r.intersects);
  EXPECT_EQ(r.axis, SatAxis3::face_a);
  EXPECT_NEAR(double(r.depth), 0.25, tol<T>());
  expect_normal(r, 0, 0, 1);
}

// A box with random half extents in [1/64, 2] (plates and needles among them), sheared in a third
// of the cases, turned by a random rotation, around a centre within `spread` of the origin.
template <class T>
ConvexShape3<T> random_box(std::mt19937& rng, double spread, double taper = 0,
                           const double* near = nullptr, double turn = 0) {
  std::uniform_real_distribution<double> unit(0, 1), centre(-spread, spread);
  std::normal_distribution<double> gauss;
  double q[4];
  double l = 0;
  // A random rotation, or (near) the quaternion `near` moved by ~turn: nearly parallel edges.
  for (int k = 0; k < 4; ++k) q[k] = near ? near[k] + turn * gauss(rng) : gauss(rng);
  for (double& c : q) l += c * c;
  l = std::sqrt(l);
  for (double& c : q) c /= l;
  const double w = q[0], x = q[1], y = q[2], z = q[3];
  const double r[3][3] = {{1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)},
                          {2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)},
                          {2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)}};
  double e[3];
  for (double& v : e) v = std::exp2(-6 + 7 * unit(rng));
  const bool shear = unit(rng) < 1.0 / 3;
  const double s1 = shear ? unit(rng) - 0.5 : 0, s2 = shear ? unit(rng) - 0.5 : 0;
  const double c[3] = {centre(rng), centre(rng), centre(rng)};
  std::vector<Vec3<T>> pts;
  for (int m = 0; m < 8; ++m) {
    const double l0 = m & 1 ? e[0] : -e[0], l1 = m & 2 ? e[1] : -e[1], l2 = m & 4 ? e[2] : -e[2];
    const double f = m & 4 ? 1 - taper : 1;  // the top face shrunk: a frustum, faces planar
    const double local[3] = {f * (l0 + s1 * l1) + s2 * l2, f * l1, l2};
    double p[3];
    for (int k = 0; k < 3; ++k)
      p[k] = c[k] + r[k][0] * local[0] + r[k][1] * local[1] + r[k][2] * local[2];
    pts.push_back({T(p[0]), T(p[1]), T(p[2])});
  }
  return make_shape3<T>(pts).shape;
}

// Pairs of the filters' randomized tests: the test command's tree runs them at -O0 under ASan +
// UBSan, where 27,000 pairs per precision (the long mode's) took 105 s of fast3_tests' 117
// (2026-11-28); the default run takes an eighth.
#ifdef MINKOWSKI_LONG_TESTS
constexpr int kSkipTrialsScale = 8;
#else
constexpr int kSkipTrialsScale = 1;
#endif

// Whether the full pass's best gap is the support gap along its own normal (long double
// projections) within 64 u·S: false for the rare answer taken from an edge pair whose Gauss-map
// test passed only by rounding, whose x·(b0 − a0) exceeds the support gap (sat3.hpp, "Skipping
// edges by the centroids"); the filtered pass may answer another, correct, axis there.
template <class T, class P>
bool full_answer_is_support_gap(const ConvexShape3<T>& a, const ConvexShape3<T>& b, const P& full) {
  const double s = std::max(double(a.scale()), double(b.scale()));
  const L along = gap_along(a, b, full.best.normal.x, full.best.normal.y, full.best.normal.z);
  return std::abs(double(along) - double(full.best.gap)) <=
         64 * double(std::numeric_limits<T>::epsilon()) / 2 * s;
}

// The filtered and the full pass agree: best axis, both best faces (axis, features, gap and
// normal bit for bit) and whether they stopped.
template <class T>
::testing::AssertionResult same_pass(const minkowski::fast::sat3_detail::Pass<T>& fast,
                                     const minkowski::fast::sat3_detail::Pass<T>& full) {
  using minkowski::fast::sat3_detail::Axis;
  const auto same = [](const Axis<T>& x, const Axis<T>& y) {
    return x.axis == y.axis && x.index_a == y.index_a && x.index_b == y.index_b &&
           std::memcmp(&x.gap, &y.gap, sizeof(T)) == 0 &&
           std::memcmp(&x.normal, &y.normal, sizeof(x.normal)) == 0;
  };
  if (!same(fast.best, full.best)) return ::testing::AssertionFailure() << "best axes differ";
  if (!same(fast.face_a, full.face_a)) return ::testing::AssertionFailure() << "face_a differs";
  if (!same(fast.face_b, full.face_b)) return ::testing::AssertionFailure() << "face_b differs";
  if (fast.stopped != full.stopped) return ::testing::AssertionFailure() << "stopped differs";
  return ::testing::AssertionSuccess();
}

// The box filter skips only pairs that cannot be the answer: on 500 (long mode 4,000) random pairs
// of turned and sheared boxes (overlapping, touching and apart), with no stop and with the stop
// sat_query uses, the pass with the filter gives the full pass's axis, gap, normal and features bit
// for bit, and both best faces, wherever the full pass's gap is its support gap. It must also do
// something: it tests fewer axes on most overlapping pairs, and the sample holds pairs whose
// answer is an edge pair (which the filter has to keep: a filter that skipped every edge pair
// fails here).
TYPED_TEST(Sat3Typed, BoxFilterGivesTheFullPassAnswer) {
  using T = TypeParam;
  using minkowski::fast::sat3_detail::axis_pass;
  std::mt19937 rng(20261128);
  int boxes = 0, overlapping = 0, fewer = 0, edge_answers = 0;
  const int trials = 500 * kSkipTrialsScale;
  for (int it = 0; it < trials; ++it) {
    const auto a = random_box<T>(rng, 0.5);
    const auto b = random_box<T>(rng, 0.5 + (it % 4) * 0.5);
    if (a.parallelepiped() == nullptr || b.parallelepiped() == nullptr) continue;
    ++boxes;
    for (const T stop : {std::numeric_limits<T>::infinity(), T(0)}) {
      const auto fast = axis_pass(a, b, stop, true);
      const auto full = axis_pass(a, b, stop, false);
      if (!full.stopped && !full_answer_is_support_gap(a, b, full)) continue;
      ASSERT_TRUE(same_pass(fast, full)) << it << " stop " << stop;
      if (stop > T(0) && full.best.gap < T(0)) {
        ++overlapping;
        fewer += fast.tested < full.tested;
        edge_answers += full.best.axis == SatAxis3::edge_edge;
      }
    }
  }
  // Seen (both precisions, 4,000 trials): 960 overlapping, fewer axes on all 960, 482 edge answers.
  EXPECT_EQ(boxes, trials);  // every random box is recognised
  EXPECT_GT(overlapping, trials / 5);
  EXPECT_GT(fewer, overlapping * 9 / 10);
  EXPECT_GT(edge_answers, trials / 40);
}

// Boxes whose vertices are off the parallelepiped (fit > 0): frustums, the top face shrunk by a
// taper of 2^-30 to 2^-11 (faces still planar; fit ~ taper · half edge, within
// kParallelepiped3FitRatio), turned, 2,500 pairs (long mode 20,000) from overlapping to apart. The
// filter's margin must carry the fits and the direction error of edges up to ~taper off their
// class: without the direction term the 2026-11-28 review saw one answer in ~570 pairs differ
// (against a correct full pass), and the long mode's 20,000 pairs fail; the default run's 2,500 did
// not (the sanitized -O0 build cannot afford more). Where the full pass's answer is its support gap
// the filtered answer equals it.
TYPED_TEST(Sat3Typed, BoxFilterHoldsForTaperedBoxes) {
  using T = TypeParam;
  using minkowski::fast::sat3_detail::axis_pass;
  std::mt19937 rng(20261130);
  std::uniform_real_distribution<double> unit(0, 1);
  int recognised = 0, tapered = 0, compared = 0;
  std::normal_distribution<double> gauss;
  const int trials = 2500 * kSkipTrialsScale;
  for (int it = 0; it < trials; ++it) {
    // A at a random rotation q; B at q turned by ~2^-12 to 2^-2 rad in half the pairs (nearly
    // parallel edge directions, where the direction error is largest), at random in the others.
    double q[4];
    for (double& c : q) c = gauss(rng);
    const double turn = it % 2 ? std::exp2(-12 + 10 * unit(rng)) : 0;
    const auto a = random_box<T>(rng, 0.5, std::exp2(-11 - 19 * unit(rng)), q, 0);
    const auto b = random_box<T>(rng, 0.5 + (it % 4) * 0.5, std::exp2(-11 - 19 * unit(rng)),
                                 it % 2 ? q : nullptr, turn);
    if (a.parallelepiped() == nullptr || b.parallelepiped() == nullptr) continue;
    ++recognised;
    tapered += a.parallelepiped()->fit > T(0) && b.parallelepiped()->fit > T(0);
    const auto fast = axis_pass(a, b, std::numeric_limits<T>::infinity(), true);
    const auto full = axis_pass(a, b, std::numeric_limits<T>::infinity(), false);
    if (!full_answer_is_support_gap(a, b, full)) continue;
    ++compared;
    ASSERT_EQ(fast.best.axis, full.best.axis) << it;
    ASSERT_EQ(fast.best.index_a, full.best.index_a) << it;
    ASSERT_EQ(fast.best.index_b, full.best.index_b) << it;
    ASSERT_EQ(fast.best.gap, full.best.gap) << it;
  }
  // Seen at 20,000: 14,149 (float) and 14,152 (double) recognised, all tapered, 14,121 and
  // 14,114 compared.
  EXPECT_GT(recognised, trials / 2);
  EXPECT_GT(tapered, recognised / 2);
  EXPECT_GT(compared, recognised * 99 / 100);
}

// arc_reaches by hand. The quarter arc from n1 = (1,0,0) to n2 = (0,1,0), x = (cos φ, sin φ, 0)
// for φ in [0, π/2]. w = (−1,−1,0): x·w = −cos φ − sin φ, largest (−1) at the ends: reaches −1.5,
// not −0.5. w = (1,1,0): largest √2 at φ = π/4 (inside the cone; the bound used there is
// |w|₁ = 2): reaches 1.2 (ends 1 < 1.2, inside), not 2.5. w = (−1,2,5): −cos φ + 2 sin φ, largest
// 2 at φ = π/2 (w's projection (−1,2) is outside the cone): reaches 2, not 3.
TYPED_TEST(Sat3Typed, ArcReachesByHand) {
  using T = TypeParam;
  using minkowski::fast::sat3_detail::arc_reaches;
  const Vec3<T> n1{1, 0, 0}, n2{0, 1, 0};
  EXPECT_TRUE(arc_reaches(n1, n2, Vec3<T>{-1, -1, 0}, T(-1.5)));
  EXPECT_FALSE(arc_reaches(n1, n2, Vec3<T>{-1, -1, 0}, T(-0.5)));
  EXPECT_TRUE(arc_reaches(n1, n2, Vec3<T>{1, 1, 0}, T(1.2)));
  EXPECT_FALSE(arc_reaches(n1, n2, Vec3<T>{1, 1, 0}, T(2.5)));
  EXPECT_TRUE(arc_reaches(n1, n2, Vec3<T>{-1, 2, 5}, T(2)));
  EXPECT_FALSE(arc_reaches(n1, n2, Vec3<T>{-1, 2, 5}, T(3)));
  const T nan = std::numeric_limits<T>::quiet_NaN();
  EXPECT_TRUE(arc_reaches(n1, n2, Vec3<T>{nan, 0, 0}, T(3)));  // NaN keeps
}

// The centroid filter skips only pairs that cannot be the answer: on 400 (long mode 3,000) random
// pairs of 8- to 32-point polytopes, from deep overlap to just apart, with no stop and with
// sat_query's stop, the pass with it gives the full pass's answer bit for bit wherever the full
// pass's gap is its support gap. It must also do
// something: fewer axes on most pairs whose depth is below a tenth of their size (the resting
// contacts it is for), and the sample holds edge-pair answers.
TYPED_TEST(Sat3Typed, EdgeSkipGivesTheFullPassAnswer) {
  using T = TypeParam;
  using minkowski::fast::sat3_detail::axis_pass;
  std::mt19937 rng(20261129);
  std::normal_distribution<double> gauss;
  std::uniform_real_distribution<double> unit(0, 1);
  auto cloud = [&](double cx, double cy, double cz) {
    std::vector<Vec3<T>> p;
    const int n = 8 + int(unit(rng) * 25);
    for (int i = 0; i < n; ++i) {
      const double x = gauss(rng), y = gauss(rng), z = gauss(rng);
      const double l = std::sqrt(x * x + y * y + z * z);
      p.push_back({T(cx + x / l), T(cy + 0.6 * y / l), T(cz + 1.4 * z / l)});
    }
    return make_shape3<T>(p).shape;
  };
  int shallow = 0, fewer = 0, edge_answers = 0;
  const int trials = 400 * kSkipTrialsScale;
  for (int it = 0; it < trials; ++it) {
    const auto a = cloud(0, 0, 0);
    // B's centre at 1.2 to 2.8 from A's in a random direction: overlaps of all depths, contacts,
    // and pairs apart.
    double dx = gauss(rng), dy = gauss(rng), dz = gauss(rng);
    const double r = (1.2 + 1.6 * unit(rng)) / std::sqrt(dx * dx + dy * dy + dz * dz);
    const auto b = cloud(r * dx, r * dy, r * dz);
    if (a.dimension() != 3 || b.dimension() != 3) continue;
    for (const T stop : {std::numeric_limits<T>::infinity(), T(0)}) {
      const auto fast = axis_pass(a, b, stop, true);
      const auto full = axis_pass(a, b, stop, false);
      if (!full.stopped && !full_answer_is_support_gap(a, b, full)) continue;
      ASSERT_TRUE(same_pass(fast, full)) << it << " stop " << stop;
      if (stop > T(0) && full.best.gap < T(0) && full.best.gap > T(-0.1)) {
        ++shallow;
        fewer += fast.tested < full.tested;
        edge_answers += full.best.axis == SatAxis3::edge_edge;
      }
    }
  }
  // Seen (both precisions, 3,000 trials): 173 shallow pairs, fewer axes on all 173, 92 edge
  // answers.
  EXPECT_GT(shallow, trials / 25);
  EXPECT_GT(fewer, shallow * 9 / 10);
  EXPECT_GT(edge_answers, trials / 100);
}

// min over B of n·b − max over A of n·a in long double: B's gap beyond A along n.
template <class T>
long double support_gap(const ConvexShape3<T>& a, const ConvexShape3<T>& b, Vec3<T> n) {
  auto along = [n](Vec3<T> v) {
    return (long double)n.x * v.x + (long double)n.y * v.y + (long double)n.z * v.z;
  };
  long double lo_b = 1e300L, hi_a = -1e300L;
  for (auto v : b.vertices()) lo_b = std::min(lo_b, along(v));
  for (auto v : a.vertices()) hi_a = std::max(hi_a, along(v));
  return lo_b - hi_a;
}

// An edge pair whose Gauss-map test passes only by rounding keeps its support gap (sat3.hpp,
// "Edge gaps checked by supports"). The 2026-11-28 review's case (double, hex floats): A a
// 24-point plate about 53 u·S thick (each point twice, ~1e-14 apart in x, so A is a polytope with
// faces a few ulps wide), B a cube with two corners cut. GJK finds the cores overlapping (core
// distance 0: a test independent of SAT). The full pass (no edge skipping) took the pair (31, 11)
// with x·(b0 − a0) = +0.96 and answered "separated"; along that axis the support gap is −1.04.
// Every pass must answer an axis whose gap is at most its support gap along the normal (long
// double, 64 u·S allowed): the gap is then a valid lower bound, and here negative; and it is the
// depth of the long-double brute force over face normals and edge pairs (0.548442731...).
TEST(Sat3EdgeCheck, AnEdgePairPassedByRoundingKeepsItsSupportGap) {
  using T = double;
  using minkowski::fast::sat3_detail::axis_pass;
  const auto a = shape<T>({{-0x1.3998d5b211812p-5, 0x1.0430ff5d3a59bp+0, 0x1.04239b50b10dep-1},
                           {-0x1.3998d5b2112ecp-5, 0x1.0430ff5d3a59bp+0, 0x1.04239b50b10dep-1},
                           {-0x1.3998d5f5776cdp-5, 0x1.49d7a02a52eaep+0, 0x1.b4953f23edf62p-2},
                           {-0x1.3998d5f5771a7p-5, 0x1.49d7a02a52eaep+0, 0x1.b4953f23edf62p-2},
                           {-0x1.3998d67adb5b1p-5, 0x1.8312e0c9fe1b6p+0, 0x1.40760aa336065p-3},
                           {-0x1.3998d67adb08bp-5, 0x1.8312e0c9fe1b6p+0, 0x1.40760aa336065p-3},
                           {-0x1.3998d6eb7549ap-5, 0x1.8aad0ef3e349fp+0, -0x1.01e9b739113ecp-3},
                           {-0x1.3998d6eb74f74p-5, 0x1.8aad0ef3e349fp+0, -0x1.01e9b739113ecp-3},
                           {-0x1.3998d736736ebp-5, 0x1.73853e390dbe6p+0, -0x1.684e9bd872274p-2},
                           {-0x1.3998d736731c5p-5, 0x1.73853e390dbe6p+0, -0x1.684e9bd872274p-2},
                           {-0x1.3998d761e22d6p-5, 0x1.324433b7a1564p+0, -0x1.1abea3d540392p-1},
                           {-0x1.3998d761e1dbp-5, 0x1.324433b7a1564p+0, -0x1.1abea3d540392p-1},
                           {-0x1.3998d755901cbp-5, 0x1.fe94639e50872p-1, -0x1.2d5ab1959e4c7p-1},
                           {-0x1.3998d7558fca5p-5, 0x1.fe94639e50872p-1, -0x1.2d5ab1959e4c7p-1},
                           {-0x1.3998d6fb354cap-5, 0x1.5180560053615p-1, -0x1.e11e6433137cep-2},
                           {-0x1.3998d6fb34fa4p-5, 0x1.5180560053615p-1, -0x1.e11e6433137cep-2},
                           {-0x1.3998d68a23d9fp-5, 0x1.f30787b096061p-2, -0x1.e153a977f30c1p-3},
                           {-0x1.3998d68a23879p-5, 0x1.f30787b096061p-2, -0x1.e153a977f30c1p-3},
                           {-0x1.3998d638a8516p-5, 0x1.ce65075314d33p-2, -0x1.235aae7322115p-5},
                           {-0x1.3998d638a7ffp-5, 0x1.ce65075314d33p-2, -0x1.235aae7322115p-5},
                           {-0x1.3998d5d060a9ep-5, 0x1.17a9b6bb9659p-1, 0x1.1257a9c266eb6p-2},
                           {-0x1.3998d5d060578p-5, 0x1.17a9b6bb9659p-1, 0x1.1257a9c266eb6p-2},
                           {-0x1.3998d5a3ba3e5p-5, 0x1.a28271b0faba9p-1, 0x1.e87d641220579p-2},
                           {-0x1.3998d5a3b9ebfp-5, 0x1.a28271b0faba9p-1, 0x1.e87d641220579p-2}});
  const auto b = shape<T>({{-0x1p+0, -0x1p+0, -0x1p-1},
                           {0x1p+0, -0x1p+0, -0x1p+0},
                           {-0x1p+0, 0x1p+0, -0x1p+0},
                           {0x1p+0, 0x1p+0, -0x1p+0},
                           {-0x1p+0, -0x1p+0, 0x1p+0},
                           {0x1p+0, -0x1p+0, 0x1p+0},
                           {-0x1p+0, 0x1p+0, 0x1p+0},
                           {0x1p+0, 0x1p+0, 0x1p+0},
                           {-0x1p-1, -0x1p+0, -0x1p+0},
                           {-0x1p+0, -0x1p-1, -0x1p+0}});
  ASSERT_EQ(a.dimension(), 3);
  ASSERT_EQ(minkowski::fast::gjk_distance(a, b).core_distance, T(0));
  const long double S = std::max(a.scale(), b.scale());
  const long double slack = 64 * std::numeric_limits<T>::epsilon() / 2 * S;
  for (const bool skip : {false, true}) {
    const auto pass = axis_pass(a, b, std::numeric_limits<T>::infinity(), skip);
    EXPECT_LE(pass.best.gap, support_gap(a, b, pass.best.normal) + slack) << "skip " << skip;
    EXPECT_LT(pass.best.gap, T(0)) << "skip " << skip;
    EXPECT_NEAR(-(long double)pass.best.gap, gjk3_test::brute_core_depth(a, b), slack)
        << "skip " << skip;
  }
  EXPECT_TRUE(sat_query(a, b).intersects);
}

// Faces of A ⊖ B built by nearly parallel edges (sat3.hpp, "Nearly parallel edges"): two fuzz
// cases (test_shapes3.hpp), exact core depths from the exact reference. The rounded cross product
// of edges 3e-6 rad apart gave an axis 8.2e4 u·S too deep; edges 4.6e-10 rad apart were skipped as
// parallel and the depth came out 6,445 u·S too deep. Now within SAT's 8 u·S (double), along an
// axis whose support gap (long double) is that depth.
TEST(Sat3NearlyParallel, FacesBuiltByNearlyParallelEdgesTakeTheAccurateAxis) {
  for (const auto& c : test_shapes3::nearly_parallel_cases()) {
    SCOPED_TRACE(c.name);
    const auto a = test_shapes3::shape<double>(c.a, c.ra),
               b = test_shapes3::shape<double>(c.b, c.rb);
    const double bound = 8 * std::numeric_limits<double>::epsilon() / 2 * c.scale;
    const SatResult3<double> r = sat_query(a, b);
    ASSERT_TRUE(r.intersects);
    EXPECT_NEAR(-r.separation - (c.ra + c.rb), c.core_depth, bound);
    EXPECT_NEAR(double(-support_gap(a, b, r.normal)), c.core_depth, bound);
  }
}

// The accurate axis of two edges of very different lengths (the smoke run of 2026-11-28's final
// code, seed 94010): A a segment 7.1e-304 long along ~(3.5e-5, 1, 0) at the origin, radius 4.5;
// B a segment 12 long along ~(0, −1, 0) through it. The edges are 3.5e-5 rad from parallel, so
// the axis is formed by accurate_edge_cross; scaling both edges by one factor sent A's to
// subnormals and the pair was skipped as parallel, leaving a push 3.5e-5 rad off B's
// perpendicular. Hand-derived: the cores cross, so the depth is ra + rb = 4.5 and the push is
// perpendicular to B (here ±z, the edges' common normal).
TEST(Sat3NearlyParallel, EdgesOfVeryDifferentLengthsKeepTheirAxis) {
  const auto a = test_shapes3::shape<double>(
      {{2.5032080908206095e-308, 7.120354554271778e-304, 0.0}, {0.0, 0.0, 0.0}}, 4.5);
  const auto b =
      test_shapes3::shape<double>({{0.0, 2.0, 1.2882297539194996e-231},
                                   {4.198672567229668e-140, -10.0, 2.3763644578690843e-212}},
                                  1.252147276332788e-308);
  const SatResult3<double> r = sat_query(a, b);
  ASSERT_TRUE(r.intersects);
  EXPECT_NEAR(r.separation, -4.5, 8 * std::numeric_limits<double>::epsilon() * 10);
  EXPECT_NEAR(r.normal.y, 0.0, 1e-12);  // perpendicular to B
  EXPECT_NEAR(std::abs(r.normal.z), 1.0, 1e-12);
}

}  // namespace

}  // namespace sat3_test_cpp
