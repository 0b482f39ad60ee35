// 3D GJK (fast/include/minkowski/fast/gjk3.hpp): distances, normals and closest points against
// hand-derived answers (derivations in the comments), degenerate simplices (collinear, coplanar,
// coincident supports), warm starts, scale, float and double, and randomized pairs against a
// brute-force feature distance in long double.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "gjk3_test_util.hpp"
#include "minkowski/fast/gjk3.hpp"

// This file's names, in a namespace of their own: the test command compiles the suite as
// one translation unit (cmake/PrecompiledHeaders.cmake, minkowski_unity).
namespace gjk3_test_cpp {

namespace {

using namespace gjk3_test;
using minkowski::fast::GjkCache3;
using minkowski::fast::GjkOutput3;
using minkowski::fast::GjkStatus;

template <class T>
bool finite(const GjkOutput3<T>& g) {
  using std::isfinite;
  return isfinite(g.distance) && isfinite(g.core_distance) && isfinite(g.normal.x) &&
         isfinite(g.normal.y) && isfinite(g.normal.z) && isfinite(g.point_a.x) &&
         isfinite(g.point_a.y) && isfinite(g.point_a.z) && isfinite(g.point_b.x) &&
         isfinite(g.point_b.y) && isfinite(g.point_b.z);
}

// A few rounding units of T at the scale of the answer.
template <class T>
T tol(T scale = T(1)) {
  return T(16) * eps<T>() * scale;
}

template <class T>
void expect_vec(Vec3<T> got, Vec3<T> want, T t) {
  EXPECT_NEAR(got.x, want.x, t);
  EXPECT_NEAR(got.y, want.y, t);
  EXPECT_NEAR(got.z, want.z, t);
}

template <class T>
class Gjk3 : public ::testing::Test {};
using FloatTypes = ::testing::Types<float, double>;
TYPED_TEST_SUITE(Gjk3, FloatTypes);

// A = [0,1]³ and B = A moved by 2 along ±x, ±y, ±z: the facing faces are 1 apart and parallel,
// so the distance is 1 along the axis (normal from A to B = the axis), the closest points lie on
// the facing faces (their axis coordinate 1 and 2, or 0 and −1).
TYPED_TEST(Gjk3, CubesSeparatedAlongEachAxis) {
  using T = TypeParam;
  const auto a = box<T>(0, 0, 0, 1, 1, 1);
  for (int axis = 0; axis < 3; ++axis)
    for (int sign = -1; sign <= 1; sign += 2) {
      Vec3<T> d{};
      (axis == 0 ? d.x : axis == 1 ? d.y : d.z) = T(2 * sign);
      const auto b = box<T>(d.x, d.y, d.z, d.x + 1, d.y + 1, d.z + 1);
      const auto g = minkowski::fast::gjk_distance(a, b);
      SCOPED_TRACE(testing::Message() << "axis " << axis << " sign " << sign);
      EXPECT_FALSE(g.intersects);
      EXPECT_EQ(g.status, GjkStatus::converged);
      EXPECT_NEAR(g.distance, T(1), tol<T>());
      expect_vec(g.normal, T(0.5) * d, tol<T>());
      const T pa = minkowski::fast::detail::component(g.point_a, axis);
      const T pb = minkowski::fast::detail::component(g.point_b, axis);
      EXPECT_NEAR(pa, sign > 0 ? T(1) : T(0), tol<T>());
      EXPECT_NEAR(pb, sign > 0 ? T(2) : T(-1), tol<T>());
    }
}

// A = [0,1]³, B = [3,4] x [2,3] x [0.5,1.5]: apart by 2 in x and 1 in y, overlapping in z on
// [0.5, 1]. The closest features are A's edge {x=1, y=1} and B's edge {x=3, y=2}: distance
// sqrt(2² + 1²) = sqrt(5), normal (2, 1, 0)/sqrt(5); the closest points share a z in [0.5, 1].
TYPED_TEST(Gjk3, CubesEdgeToEdgeParallel) {
  using T = TypeParam;
  const auto a = box<T>(0, 0, 0, 1, 1, 1), b = box<T>(3, 2, T(0.5), 4, 3, T(1.5));
  const auto g = minkowski::fast::gjk_distance(a, b);
  EXPECT_FALSE(g.intersects);
  EXPECT_NEAR(g.distance, std::sqrt(T(5)), tol<T>(4));
  expect_vec(g.normal, Vec3<T>{T(2) / std::sqrt(T(5)), T(1) / std::sqrt(T(5)), T(0)}, tol<T>());
  EXPECT_NEAR(g.point_a.x, T(1), tol<T>());
  EXPECT_NEAR(g.point_a.y, T(1), tol<T>());
  EXPECT_NEAR(g.point_b.x, T(3), tol<T>(4));
  EXPECT_NEAR(g.point_b.y, T(2), tol<T>(4));
  EXPECT_NEAR(g.point_a.z, g.point_b.z, tol<T>());
  EXPECT_GE(g.point_a.z, T(0.5) - tol<T>());
  EXPECT_LE(g.point_a.z, T(1) + tol<T>());
}

// A sphere (a point with radius 0.5) against A = [0,1]³ in the three Voronoi regions of the box:
//   corner: centre (2, 2, 2), nearest box point (1, 1, 1): distance sqrt(3) − 0.5, normal
//           (1,1,1)/sqrt(3) (from the box to the sphere);
//   edge:   centre (2, 2, 0.5), nearest point (1, 1, 0.5) on the edge {x=1, y=1}: sqrt(2) − 0.5,
//           normal (1,1,0)/sqrt(2);
//   face:   centre (2, 0.25, 0.75), nearest point (1, 0.25, 0.75): 1 − 0.5, normal (1,0,0).
// The sphere's closest point is its centre − 0.5·normal; the box's the nearest box point.
TYPED_TEST(Gjk3, SphereAgainstBoxCornerEdgeFace) {
  using T = TypeParam;
  const auto a = box<T>(0, 0, 0, 1, 1, 1);
  struct Case {
    Vec3<T> centre, nearest;
    T distance;
  };
  const Case cases[] = {
      {{2, 2, 2}, {1, 1, 1}, std::sqrt(T(3)) - T(0.5)},
      {{2, 2, T(0.5)}, {1, 1, T(0.5)}, std::sqrt(T(2)) - T(0.5)},
      {{2, T(0.25), T(0.75)}, {1, T(0.25), T(0.75)}, T(0.5)},
  };
  for (const Case& c : cases) {
    const auto s = point<T>(c.centre.x, c.centre.y, c.centre.z, T(0.5));
    const auto g = minkowski::fast::gjk_distance(a, s);
    EXPECT_FALSE(g.intersects);
    EXPECT_NEAR(g.distance, c.distance, tol<T>(4));
    const Vec3<T> d = c.centre - c.nearest;
    const Vec3<T> n = (T(1) / length(d)) * d;
    expect_vec(g.normal, n, tol<T>());
    expect_vec(g.point_a, c.nearest, tol<T>(4));
    expect_vec(g.point_b, c.centre - T(0.5) * n, tol<T>(4));
    // Swapped: same distance, opposite normal.
    const auto h = minkowski::fast::gjk_distance(s, a);
    EXPECT_NEAR(h.distance, c.distance, tol<T>(4));
    expect_vec(h.normal, -n, tol<T>());
  }
}

// A capsule (segment (3, −1, 0.5)–(3, 2, 0.5), radius 0.25) beside A = [0,1]³: the segment runs
// parallel to A's face x = 1 at x = 3, so the core distance is 2 (along +x), the distance
// 2 − 0.25 = 1.75. A second capsule lies on A (segment (0.2, 0.5, 1.25)–(0.8, 0.5, 1.25),
// radius 0.25): core distance 0.25 = its radius, so it touches: intersects, distance 0.
TYPED_TEST(Gjk3, CapsuleAgainstBox) {
  using T = TypeParam;
  const auto a = box<T>(0, 0, 0, 1, 1, 1);
  const auto c = segment<T>({3, -1, T(0.5)}, {3, 2, T(0.5)}, T(0.25));
  const auto g = minkowski::fast::gjk_distance(a, c);
  EXPECT_FALSE(g.intersects);
  EXPECT_NEAR(g.distance, T(1.75), tol<T>(2));
  expect_vec(g.normal, Vec3<T>{1, 0, 0}, tol<T>());
  const auto lying = segment<T>({T(0.2), T(0.5), T(1.25)}, {T(0.8), T(0.5), T(1.25)}, T(0.25));
  const auto h = minkowski::fast::gjk_distance(a, lying);
  EXPECT_TRUE(h.intersects);
  EXPECT_EQ(h.distance, T(0));
  EXPECT_NEAR(h.core_distance, T(0.25), tol<T>());
}

// Capsules across each other on skew lines. S1 = (−1,0,0)–(1,0,0) (d1 = (2,0,0)), S2 =
// (0,−1,1)–(1,1,3) (d2 = (1,2,2)). The closest points P1(s) = (−1 + 2s, 0, 0), P2(t) =
// (t, −1 + 2t, 1 + 2t) make D = P2 − P1 orthogonal to both: D·d1 = 2(t + 1 − 2s) = 0 and
// D·d2 = (t + 1 − 2s) + 2(−1 + 2t) + 2(1 + 2t) = 8t = 0, so t = 0, s = 1/2, both inside the
// segments: P1 = (0,0,0), P2 = (0,−1,1), distance sqrt(2) (the skew-line distance
// |(p2 − p1)·(d1 × d2)| / |d1 × d2| = 8 / (4 sqrt(2)), d1 × d2 = (0, −4, 4)), normal
// (0,−1,1)/sqrt(2). Radii 0.25 and 0.5: distance sqrt(2) − 0.75.
TYPED_TEST(Gjk3, CapsuleAcrossCapsuleSkew) {
  using T = TypeParam;
  const auto c1 = segment<T>({-1, 0, 0}, {1, 0, 0}, T(0.25));
  const auto c2 = segment<T>({0, -1, 1}, {1, 1, 3}, T(0.5));
  const auto g = minkowski::fast::gjk_distance(c1, c2);
  EXPECT_FALSE(g.intersects);
  EXPECT_NEAR(g.core_distance, std::sqrt(T(2)), tol<T>(4));
  EXPECT_NEAR(g.distance, std::sqrt(T(2)) - T(0.75), tol<T>(4));
  const T h = T(1) / std::sqrt(T(2));
  expect_vec(g.normal, Vec3<T>{0, -h, h}, tol<T>());
  expect_vec(g.point_a, Vec3<T>{0, -T(0.25) * h, T(0.25) * h}, tol<T>(4));
  expect_vec(g.point_b, Vec3<T>{0, -1 + T(0.5) * h, 1 - T(0.5) * h}, tol<T>(4));
}

// Two points: (0,0,0) and (1,2,2), distance sqrt(1 + 4 + 4) = 3, normal (1,2,2)/3.
TYPED_TEST(Gjk3, PointAgainstPoint) {
  using T = TypeParam;
  const auto a = point<T>(0, 0, 0), b = point<T>(1, 2, 2);
  const auto g = minkowski::fast::gjk_distance(a, b);
  EXPECT_EQ(g.status, GjkStatus::converged);
  EXPECT_NEAR(g.distance, T(3), tol<T>(3));
  expect_vec(g.normal, Vec3<T>{T(1) / 3, T(2) / 3, T(2) / 3}, tol<T>());
  expect_vec(g.point_a, Vec3<T>{0, 0, 0}, T(0));
  expect_vec(g.point_b, Vec3<T>{1, 2, 2}, T(0));
}

// FCL #346: two spheres with one centre. A ⊖ B is the single point 0: GJK must stop at once,
// touching, intersecting, without a normal and without NaN.
TYPED_TEST(Gjk3, CoincidentSphereCentres) {
  using T = TypeParam;
  const auto a = point<T>(T(0.3), T(-2), T(5), T(1)), b = point<T>(T(0.3), T(-2), T(5), T(2));
  const auto g = minkowski::fast::gjk_distance(a, b);
  EXPECT_EQ(g.status, GjkStatus::touching);
  EXPECT_TRUE(g.intersects);
  EXPECT_EQ(g.distance, T(0));
  EXPECT_EQ(g.core_distance, T(0));
  EXPECT_LE(g.iterations, 1);
  EXPECT_TRUE(finite(g));
  EXPECT_TRUE(minkowski::fast::gjk_overlap(a, b));
}

// Collinear supports: two segments on the x axis. Apart: [0,1] and [3,5] are 2 apart along +x.
// Overlapping: [0,1] and [0.5,2] share [0.5,1], so the origin lies on the segment A ⊖ B =
// [−2, 0.5] on the x axis: touching (core distance 0) in exact arithmetic and in T.
TYPED_TEST(Gjk3, CollinearSegments) {
  using T = TypeParam;
  const auto a = segment<T>({0, 0, 0}, {1, 0, 0});
  const auto g = minkowski::fast::gjk_distance(a, segment<T>({3, 0, 0}, {5, 0, 0}));
  EXPECT_NEAR(g.distance, T(2), tol<T>(2));
  expect_vec(g.normal, Vec3<T>{1, 0, 0}, tol<T>());
  const auto h = minkowski::fast::gjk_distance(a, segment<T>({T(0.5), 0, 0}, {2, 0, 0}));
  EXPECT_TRUE(h.intersects);
  EXPECT_EQ(h.core_distance, T(0));
  EXPECT_TRUE(finite(h));
}

// Coplanar supports: flat unit squares in the plane z = 0, the second moved by 2 along x: every
// support point of A ⊖ B lies in z = 0 (a flat difference), distance 1 along +x. Stacked
// squares (the second at z = 1): A ⊖ B is the flat square [−1,1]² x {−1}, distance 1 along +z.
TYPED_TEST(Gjk3, CoplanarFlatSquares) {
  using T = TypeParam;
  auto square = [](T x0, T z) {
    return shape<T>({{x0, 0, z}, {x0 + 1, 0, z}, {x0 + 1, 1, z}, {x0, 1, z}});
  };
  const auto a = square(0, 0);
  const auto g = minkowski::fast::gjk_distance(a, square(2, 0));
  EXPECT_NEAR(g.distance, T(1), tol<T>());
  expect_vec(g.normal, Vec3<T>{1, 0, 0}, tol<T>());
  const auto h = minkowski::fast::gjk_distance(a, square(0, 1));
  EXPECT_NEAR(h.distance, T(1), tol<T>());
  expect_vec(h.normal, Vec3<T>{0, 0, 1}, tol<T>());
  EXPECT_TRUE(finite(g) && finite(h));
}

// Edge across edge, apart. A: the cube [−1,1]³ rotated 45° about x — vertices (±1, 0, ±√2) and
// (±1, ±√2, 0); its top edge is {(x, 0, √2)}. B: the same cube rotated 45° about y and raised by
// 3 — vertices (0, ±1, 3 ± √2), (±√2, ±1, 3); its bottom edge {(0, y, 3 − √2)}. The edges cross
// at right angles above (0, 0): distance 3 − 2√2 along +z between (0,0,√2) and (0,0,3 − √2)
// (every other feature pair is farther: both solids lie within |z − √2| slabs of their edges).
TYPED_TEST(Gjk3, EdgeAcrossEdgeApart) {
  using T = TypeParam;
  const T r = std::sqrt(T(2));
  const auto a = shape<T>({{-1, 0, r},
                           {1, 0, r},
                           {-1, 0, -r},
                           {1, 0, -r},
                           {-1, r, 0},
                           {1, r, 0},
                           {-1, -r, 0},
                           {1, -r, 0}});
  const auto b = shape<T>({{0, -1, 3 + r},
                           {0, 1, 3 + r},
                           {0, -1, 3 - r},
                           {0, 1, 3 - r},
                           {r, -1, 3},
                           {r, 1, 3},
                           {-r, -1, 3},
                           {-r, 1, 3}});
  const auto g = minkowski::fast::gjk_distance(a, b);
  EXPECT_FALSE(g.intersects);
  EXPECT_NEAR(g.distance, (3 - r) - r, tol<T>(4));
  expect_vec(g.normal, Vec3<T>{0, 0, 1}, tol<T>());
  expect_vec(g.point_a, Vec3<T>{0, 0, r}, tol<T>(4));
  expect_vec(g.point_b, Vec3<T>{0, 0, 3 - r}, tol<T>(4));
}

// gjk_overlap agrees with the distance on separated, touching and overlapping pairs; with radii
// the rounded shapes decide (a sphere of radius 0.5 at distance 0.4 from the box overlaps it).
TYPED_TEST(Gjk3, OverlapTest) {
  using T = TypeParam;
  const auto a = box<T>(0, 0, 0, 1, 1, 1);
  EXPECT_FALSE(minkowski::fast::gjk_overlap(a, box<T>(2, 0, 0, 3, 1, 1)));
  EXPECT_TRUE(minkowski::fast::gjk_overlap(a, box<T>(1, 0, 0, 2, 1, 1)));  // touching faces
  EXPECT_TRUE(minkowski::fast::gjk_overlap(a, box<T>(T(0.5), T(0.5), T(0.5), 2, 2, 2)));
  EXPECT_TRUE(minkowski::fast::gjk_overlap(a, point<T>(T(1.4), T(0.5), T(0.5), T(0.5))));
  EXPECT_FALSE(minkowski::fast::gjk_overlap(a, point<T>(T(1.6), T(0.5), T(0.5), T(0.5))));
}

// The unit-cube corner case of CubesEdgeToEdgeParallel scaled by 1e9 and by 1e-9: the distance
// scales (sqrt(5)·s), the normal does not; the relative error stays at the rounding level.
TYPED_TEST(Gjk3, HugeAndTinyScale) {
  using T = TypeParam;
  for (T s : {T(1e9), T(1e-9)}) {
    const auto a = box<T>(0, 0, 0, s, s, s);
    const auto b = box<T>(3 * s, 2 * s, T(0.5) * s, 4 * s, 3 * s, T(1.5) * s);
    const auto g = minkowski::fast::gjk_distance(a, b);
    EXPECT_TRUE(finite(g));
    EXPECT_NEAR(g.distance, std::sqrt(T(5)) * s, tol<T>(4 * s));
    expect_vec(g.normal, Vec3<T>{T(2) / std::sqrt(T(5)), T(1) / std::sqrt(T(5)), T(0)}, tol<T>());
  }
}

// Warm start: the cached simplex of a query reproduces its answer, and after a small move of B
// the warm query needs fewer support evaluations than a cold one (on random polytope pairs,
// summed over the pairs: the cache's simplex is near the new closest feature).
TYPED_TEST(Gjk3, WarmStart) {
  using T = TypeParam;
  std::mt19937 rng(7);
  int warm_total = 0, cold_total = 0;
  for (int k = 0; k < 50; ++k) {
    const auto a = random_polytope<T>(rng, 12, {0, 0, 0}, 1);
    const auto b = random_polytope<T>(rng, 12, {T(2.5), T(0.3), T(-0.2)}, 1);
    GjkCache3 cache;
    const auto cold = minkowski::fast::gjk_distance(a, b, &cache);
    EXPECT_GE(cache.count, 1);
    const auto again = minkowski::fast::gjk_distance(a, b, &cache);
    EXPECT_NEAR(again.distance, cold.distance, tol<T>(4));
    EXPECT_LE(again.iterations, cold.iterations);
    // B moved by 1e-3: a different shape object, same vertex numbering.
    std::vector<Vec3<T>> moved;
    for (auto v : b.vertices()) moved.push_back(v + Vec3<T>{T(1e-3), T(-1e-3), T(1e-3)});
    const auto b2 = shape<T>(moved);
    const auto cold2 = minkowski::fast::gjk_distance(a, b2);
    const auto warm2 = minkowski::fast::gjk_distance(a, b2, &cache);
    EXPECT_NEAR(warm2.distance, cold2.distance, tol<T>(8));
    warm_total += warm2.iterations;
    cold_total += cold2.iterations;
  }
  EXPECT_LT(warm_total, cold_total);
  // A stale cache (indices out of range) is ignored.
  GjkCache3 stale;
  stale.count = 3;
  stale.index_a[1] = 1000;
  const auto a = box<T>(0, 0, 0, 1, 1, 1), b = box<T>(2, 0, 0, 3, 1, 1);
  EXPECT_NEAR(minkowski::fast::gjk_distance(a, b, &stale).distance, T(1), tol<T>());
}

// Random pairs of 4–12-point polytopes: whenever the brute-force SAT in long double proves the
// cores apart, GJK's distance equals the least feature distance (long double) within
// 64 u·S (S = the case's largest coordinate, 3 here), and the witness points are that far apart.
// Overlapping pairs must be reported as intersecting. No answer may be NaN.
TYPED_TEST(Gjk3, RandomPolytopesAgainstBruteForce) {
  using T = TypeParam;
  std::mt19937 rng(20260522);
  std::uniform_real_distribution<double> u(-1, 1);
  int separated = 0, overlapping = 0;
  for (int k = 0; k < 300; ++k) {
    const int na = 4 + static_cast<int>(rng() % 9), nb = 4 + static_cast<int>(rng() % 9);
    const auto a = random_polytope<T>(rng, na, {0, 0, 0}, 1);
    const Vec3<T> c{T(1.3 * u(rng)), T(1.3 * u(rng)), T(1.3 * u(rng))};
    const auto b = random_polytope<T>(rng, nb, c, T(0.5 + 0.5 * (u(rng) + 1) / 2));
    const auto g = minkowski::fast::gjk_distance(a, b);
    ASSERT_TRUE(finite(g));
    const LD sat = brute_core_depth(a, b);
    const T bound = T(64) * eps<T>() * T(3);
    if (sat < -LD(bound)) {
      ++separated;
      const LD want = brute_core_distance(a, b);
      EXPECT_NEAR(LD(g.distance), want, LD(bound)) << "pair " << k;
      EXPECT_NEAR(LD(length(g.point_b - g.point_a)), want, LD(bound)) << "pair " << k;
      EXPECT_NEAR(LD(length(g.normal)), 1.0L, LD(bound));
    } else if (sat > LD(bound)) {
      ++overlapping;
      EXPECT_TRUE(g.intersects) << "pair " << k;
      EXPECT_EQ(g.core_distance, T(0)) << "pair " << k;
    }
  }
  EXPECT_GT(separated, 40);
  EXPECT_GT(overlapping, 40);
}

}  // namespace

// The bounding ball of a shape (ConvexShape3::bound_centre / bound_radius) and the early-out
// bounding_balls_apart that gjk_overlap and contact_manifold take before GJK and SAT.
using namespace gjk3_test;

using minkowski::fast::bounding_balls_apart;
using minkowski::fast::gjk_overlap;

template <class T>
class Bound3 : public ::testing::Test {};
using Bound3Types = ::testing::Types<float, double>;
TYPED_TEST_SUITE(Bound3, Bound3Types);

// The unit cube [0, 1]³: its bounding box's middle (0.5, 0.5, 0.5) is exact in binary, and
// every corner is √(3·0.25) = √0.75 from it. The radius is rounded up by at most a factor
// 1 + 8u, plus the 4u of the computed root (kBound3RadiusUlps).
TYPED_TEST(Bound3, UnitCubeBallIsItsCircumscribedBall) {
  using T = TypeParam;
  const ConvexShape3<T> c = box<T>(0, 0, 0, 1, 1, 1);
  EXPECT_EQ(c.bound_centre().x, T(0.5));
  EXPECT_EQ(c.bound_centre().y, T(0.5));
  EXPECT_EQ(c.bound_centre().z, T(0.5));
  const long double exact = std::sqrt(0.75L);
  EXPECT_GE(static_cast<long double>(c.bound_radius()), exact);
  EXPECT_LE(static_cast<long double>(c.bound_radius()), exact * (1 + 16 * eps<T>()));
}

// A point is its own ball: centre the point, radius exactly 0.
TYPED_TEST(Bound3, PointHasRadiusZero) {
  using T = TypeParam;
  const ConvexShape3<T> p = point<T>(T(0.1), T(-3), T(7), T(2));
  EXPECT_EQ(p.bound_centre().x, T(0.1));
  EXPECT_EQ(p.bound_centre().y, T(-3));
  EXPECT_EQ(p.bound_centre().z, T(7));
  EXPECT_EQ(p.bound_radius(), T(0));
}

// Every vertex of random polytopes lies in the ball, checked in long double (seeded).
TYPED_TEST(Bound3, RandomPolytopesInsideTheirBall) {
  using T = TypeParam;
  std::mt19937 rng(20261128);
  for (int i = 0; i < 200; ++i) {
    const T s = T(std::ldexp(1.0, i % 40 - 20));  // scales 2^-20 .. 2^19
    const ConvexShape3<T> p = random_polytope<T>(rng, 4 + i % 29, Vec3<T>{s, -s, T(3) * s}, s);
    const Vec3<T> c = p.bound_centre();
    for (const Vec3<T>& v : p.vertices()) {
      const long double dx = static_cast<long double>(v.x) - c.x;
      const long double dy = static_cast<long double>(v.y) - c.y;
      const long double dz = static_cast<long double>(v.z) - c.z;
      EXPECT_LE(std::sqrt(dx * dx + dy * dy + dz * dz), static_cast<long double>(p.bound_radius()))
          << "polytope " << i;
    }
  }
}

// Unit cubes with their corners at 0 and at (3, 0, 0): centres 3 apart, balls of radius √0.75
// each, so the balls are 3 − √3 = 1.2679... apart. Apart beyond stops 0 and 1.2, not beyond
// 1.3 (the cores are 2 apart: the test is a certificate, not the distance).
TYPED_TEST(Bound3, CubesThreeApart) {
  using T = TypeParam;
  const ConvexShape3<T> a = box<T>(0, 0, 0, 1, 1, 1);
  const ConvexShape3<T> b = box<T>(3, 0, 0, 4, 1, 1);
  EXPECT_TRUE(bounding_balls_apart(a, b, T(0)));
  EXPECT_TRUE(bounding_balls_apart(a, b, T(1.2)));
  EXPECT_FALSE(bounding_balls_apart(a, b, T(1.3)));
  EXPECT_FALSE(bounding_balls_apart(a, b, T(2.5)));  // beyond the ball gap, below the distance
}

// Two spheres (points with radii) whose centres are 3 apart: radii 1.4 + 1.4 = 2.8 < 3 leave
// them 0.2 apart (gjk_overlap false, by the balls); radii 1.5 + 1.5 = 3 make them touch exactly,
// where the test must not fire (touching counts as overlapping); radii 2 × 1.4995 leave them
// 1e-3 apart, above the test's slack 512·u·(|d| + R_A + R_B + stop + S_A + S_B) = 512·u·(3 + 0 +
// 2.999 + 0 + 3) ≈ 2.7e-4 in float (u = 2^-24) and 5e-13 in double: told apart in both.
TYPED_TEST(Bound3, SpheresApartTouchingAndJustApart) {
  using T = TypeParam;
  const ConvexShape3<T> a = point<T>(0, 0, 0, T(1.4));
  const ConvexShape3<T> b = point<T>(3, 0, 0, T(1.4));
  EXPECT_TRUE(bounding_balls_apart(a, b, a.radius() + b.radius()));
  EXPECT_FALSE(gjk_overlap(a, b));
  const ConvexShape3<T> c = point<T>(0, 0, 0, T(1.5));
  const ConvexShape3<T> d = point<T>(3, 0, 0, T(1.5));
  EXPECT_FALSE(bounding_balls_apart(c, d, c.radius() + d.radius()));
  EXPECT_TRUE(gjk_overlap(c, d));
  const ConvexShape3<T> e = point<T>(0, 0, 0, T(1.4995));
  const ConvexShape3<T> f = point<T>(3, 0, 0, T(1.4995));
  EXPECT_TRUE(bounding_balls_apart(e, f, e.radius() + f.radius()));
  EXPECT_FALSE(gjk_overlap(e, f));
}

}  // namespace gjk3_test_cpp
