// EPA and penetration(): depths and normals against hand-derived answers (derivations in the
// comments), the origin-on-a-simplex-edge start (docs/design.md), containment, circles, a 1024-gon,
// the fixed-capacity exit, and the check that moving B by normal·depth leaves the shapes touching.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <limits>
#include <vector>

#include "minkowski/fast/epa.hpp"
#include "minkowski/fast/gjk.hpp"
#include "minkowski/fast/shape.hpp"

// This file's names, in a namespace of their own: the test command compiles the suite as
// one translation unit (cmake/PrecompiledHeaders.cmake, minkowski_unity).
namespace epa_test_cpp {

namespace {

using minkowski::fast::ConvexShape;
using minkowski::fast::EpaOptions;
using minkowski::fast::EpaStatus;
using minkowski::fast::GjkStatus;
using minkowski::fast::PenetrationStatus;
using minkowski::fast::Vec2;

constexpr double kPi = 3.14159265358979323846;

// As given, outside the input domain where the inputs are (test_shapes.hpp says why).
template <class T>
ConvexShape<T> shape(std::vector<Vec2<T>> pts, T radius = T(0)) {
  auto r = minkowski::fast::make_shape<T>(pts, radius, minkowski::fast::InputDomain::as_given);
  EXPECT_TRUE(r) << r.message;
  return r.shape;
}

template <class T>
ConvexShape<T> box(T x0, T y0, T x1, T y1, T radius = T(0)) {
  return shape<T>({{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}, radius);
}

template <class T>
ConvexShape<T> translated(const ConvexShape<T>& s, Vec2<T> t) {
  std::vector<Vec2<T>> pts;
  for (const Vec2<T>& p : s.vertices()) pts.push_back(p + t);
  return shape<T>(pts, s.radius());
}

template <class T>
T tol(T scale = T(1)) {
  return T(64) * std::numeric_limits<T>::epsilon() * scale;
}

// Moving B by normal·depth must leave the shapes touching: apart by no more than the tolerance and
// overlapping by no more than it (measured with penetration() itself on the moved pair, whose
// answer near touching is a GJK distance or a tiny EPA depth).
template <class T>
void expect_resolves(const ConvexShape<T>& a, const ConvexShape<T>& b, Vec2<T> normal, T depth,
                     T allowed) {
  const auto moved = translated(b, depth * normal);
  const auto p = minkowski::fast::penetration(a, moved);
  EXPECT_LE(p.depth, allowed) << "still overlapping after the move";
  EXPECT_LE(p.distance, allowed) << "moved too far";
}

template <class T>
class EpaTyped : public ::testing::Test {};
using FloatTypes = ::testing::Types<float, double>;
TYPED_TEST_SUITE(EpaTyped, FloatTypes);

TYPED_TEST(EpaTyped, SquareInsideSquare) {
  using T = TypeParam;
  // B = [4,5] x [3,4] inside A = [0,10]². To push B out: left 5 (B's right side x = 5 to 0),
  // right 6 (x = 4 to 10), down 4 (y = 4 to 0), up 7 (y = 3 to 10). Least: 4 along (0,−1).
  const auto a = box<T>(0, 0, 10, 10), b = box<T>(4, 3, 5, 4);
  const auto p = minkowski::fast::penetration(a, b);
  EXPECT_TRUE(p.intersects);
  EXPECT_EQ(p.status, PenetrationStatus::overlapping_cores) << describe(p.status);
  EXPECT_EQ(p.epa_status, EpaStatus::converged);
  EXPECT_NEAR(p.depth, T(4), tol<T>(10));
  EXPECT_NEAR(p.normal.x, T(0), tol<T>());
  EXPECT_NEAR(p.normal.y, T(-1), tol<T>());
  EXPECT_EQ(p.distance, T(0));
  expect_resolves(a, b, p.normal, p.depth, tol<T>(10));
  // Swapped: now the big square is B and moves. Its cheapest escape is upwards, its bottom y = 0
  // passing the small square's top y = 4: depth 4 along (0, 1).
  const auto q = minkowski::fast::penetration(b, a);
  EXPECT_NEAR(q.depth, T(4), tol<T>(10));
  EXPECT_NEAR(q.normal.y, T(1), tol<T>());
}

TYPED_TEST(EpaTyped, OverlappingSquaresHandDerived) {
  using T = TypeParam;
  // A = [0,2]², B = [1.5,3.5] x [0.25,2.25]. Overlap 0.5 in x (2 − 1.5) and 1.75 in y (2 − 0.25):
  // depth 0.5 along (1,0). Witnesses: A's face x = 2 and B's face x = 1.5, both within the shared
  // y range [0.25, 2].
  const auto a = box<T>(0, 0, 2, 2), b = box<T>(T(1.5), T(0.25), T(3.5), T(2.25));
  const auto g = minkowski::fast::gjk_distance(a, b);
  ASSERT_TRUE(g.status == GjkStatus::overlap || g.status == GjkStatus::touching);
  const auto e = minkowski::fast::epa(a, b, g);
  EXPECT_EQ(e.status, EpaStatus::converged);
  EXPECT_NEAR(e.depth, T(0.5), tol<T>(4));
  EXPECT_NEAR(e.normal.x, T(1), tol<T>());
  EXPECT_NEAR(e.normal.y, T(0), tol<T>());
  EXPECT_GE(e.error_bound, T(0));
  EXPECT_LE(e.error_bound, tol<T>(4));
  EXPECT_NEAR(e.point_a.x, T(2), tol<T>(4));
  EXPECT_NEAR(e.point_b.x, T(1.5), tol<T>(4));
  EXPECT_NEAR(e.point_a.y, e.point_b.y, tol<T>(4));
  EXPECT_GE(e.point_a.y, T(0.25) - tol<T>(4));
  EXPECT_LE(e.point_a.y, T(2) + tol<T>(4));
  expect_resolves(a, b, e.normal, e.depth, tol<T>(4));
}

TYPED_TEST(EpaTyped, OriginOnSimplexEdgeStartsFromTwoDirectedEdges) {
  using T = TypeParam;
  // Seed 000 §2.5. Segments (−1,0)–(1,0) and (0,−1)–(0,1) cross at the origin; GJK's first segment
  // (−1,1)–(1,−1) of A ⊖ B passes exactly through the origin and GJK stops there (touching, two
  // points). A ⊖ B is the square [−1,1]², the origin at its centre: depth 1, along any axis.
  const auto a = shape<T>({{-1, 0}, {1, 0}}), b = shape<T>({{0, -1}, {0, 1}});
  const auto g = minkowski::fast::gjk_distance(a, b);
  ASSERT_EQ(g.status, GjkStatus::touching);
  ASSERT_EQ(g.simplex.count, 2);
  const auto e = minkowski::fast::epa(a, b, g);
  EXPECT_EQ(e.status, EpaStatus::converged);
  EXPECT_TRUE(std::isfinite(e.normal.x) && std::isfinite(e.normal.y));
  EXPECT_NEAR(e.depth, T(1), tol<T>(2));
  EXPECT_NEAR(std::abs(e.normal.x) + std::abs(e.normal.y), T(1), tol<T>());  // an axis direction
  expect_resolves(a, b, e.normal, e.depth, tol<T>(2));

  // Thin box with the origin of A ⊖ B on the GJK segment: A = [−1,1] x [−0.25,0.25] against the
  // segment (0,−1)–(0,1). A ⊖ B = [−1,1] x [−1.25,1.25]: depth 1 along ±x.
  const auto thin = box<T>(-1, T(-0.25), 1, T(0.25));
  const auto p = minkowski::fast::penetration(thin, b);
  EXPECT_NEAR(p.depth, T(1), tol<T>(2));
  EXPECT_NEAR(std::abs(p.normal.x), T(1), tol<T>());
}

TYPED_TEST(EpaTyped, OriginOnSimplexVertexTouchingCorners) {
  using T = TypeParam;
  // A = [0,1]², B = [1,2]²: A ⊖ B = [−2,0]² with the origin at its corner; GJK ends on that single
  // point. Depth 0; the optimal normals are the corner's normal cone: n.x >= 0 and n.y >= 0.
  const auto a = box<T>(0, 0, 1, 1), b = box<T>(1, 1, 2, 2);
  const auto p = minkowski::fast::penetration(a, b);
  EXPECT_TRUE(p.intersects);
  EXPECT_EQ(p.gjk_status, GjkStatus::touching);
  EXPECT_EQ(p.epa_status, EpaStatus::converged);
  EXPECT_NEAR(p.depth, T(0), tol<T>(2));
  EXPECT_GE(p.normal.x, -tol<T>());
  EXPECT_GE(p.normal.y, -tol<T>());
  EXPECT_NEAR(p.normal.x * p.normal.x + p.normal.y * p.normal.y, T(1), tol<T>());
}

TYPED_TEST(EpaTyped, TouchingEdgeToEdgeHasDepthZero) {
  using T = TypeParam;
  // A = [0,1]², B = [1,2] x [0.5,1.5]: touching along x = 1. Depth 0 along (1,0).
  const auto a = box<T>(0, 0, 1, 1), b = box<T>(1, T(0.5), 2, T(1.5));
  const auto p = minkowski::fast::penetration(a, b);
  EXPECT_TRUE(p.intersects);
  EXPECT_NEAR(p.depth, T(0), tol<T>(2));
  EXPECT_NEAR(p.normal.x, T(1), tol<T>());
}

TYPED_TEST(EpaTyped, CirclesDepthIsSumOfRadiiMinusCentreDistance) {
  using T = TypeParam;
  // Radii 2 and 1.5, centres (0,0) and (1,0): depth 3.5 − 1 = 2.5 along (1,0); GJK alone answers.
  const auto a = shape<T>({{0, 0}}, T(2)), b = shape<T>({{1, 0}}, T(1.5));
  const auto p = minkowski::fast::penetration(a, b);
  EXPECT_TRUE(p.intersects);
  EXPECT_EQ(p.status, PenetrationStatus::overlapping_radii);
  EXPECT_NEAR(p.depth, T(2.5), tol<T>(4));
  EXPECT_NEAR(p.normal.x, T(1), tol<T>());
  EXPECT_NEAR(p.point_a.x, T(2), tol<T>(4));     // A's surface along n
  EXPECT_NEAR(p.point_b.x, T(-0.5), tol<T>(4));  // B's surface against n
  // Diagonal: centres (0,0) and (0.6,0.8) (distance 1), radii 1 and 1: depth 1 along (0.6, 0.8).
  const auto q =
      minkowski::fast::penetration(shape<T>({{0, 0}}, T(1)), shape<T>({{T(0.6), T(0.8)}}, T(1)));
  EXPECT_NEAR(q.depth, T(1), tol<T>(4));
  EXPECT_NEAR(q.normal.x, T(0.6), tol<T>());
  EXPECT_NEAR(q.normal.y, T(0.8), tol<T>());
  // Concentric: A ⊖ B is the single point 0; depth ra + rb = 3.5, any direction.
  const auto c = minkowski::fast::penetration(shape<T>({{1, 1}}, T(2)), shape<T>({{1, 1}}, T(1.5)));
  EXPECT_TRUE(c.intersects);
  EXPECT_EQ(c.epa_status, EpaStatus::point_difference);
  EXPECT_NEAR(c.depth, T(3.5), tol<T>(4));
  EXPECT_NEAR(c.normal.x * c.normal.x + c.normal.y * c.normal.y, T(1), tol<T>());
}

TYPED_TEST(EpaTyped, CircleCentreInsideSquareGoesThroughEpa) {
  using T = TypeParam;
  // Square [0,4]², circle centre (3,2) radius 0.5: the core point is inside, 1 from the face x = 4.
  // Core depth 1, depth 1 + 0.5 = 1.5 along (1,0).
  const auto sq = box<T>(0, 0, 4, 4);
  const auto circle = shape<T>({{3, 2}}, T(0.5));
  const auto p = minkowski::fast::penetration(sq, circle);
  EXPECT_EQ(p.status, PenetrationStatus::overlapping_cores);
  EXPECT_NEAR(p.depth, T(1.5), tol<T>(4));
  EXPECT_NEAR(p.normal.x, T(1), tol<T>());
  EXPECT_NEAR(p.point_a.x, T(4), tol<T>(4));    // on A's face
  EXPECT_NEAR(p.point_b.x, T(2.5), tol<T>(4));  // circle's surface against n: 3 − 0.5
  // Rounded square (core [0,4]², radius 0.25) with the same circle: depth 1 + 0.25 + 0.5.
  const auto r = minkowski::fast::penetration(box<T>(0, 0, 4, 4, T(0.25)), circle);
  EXPECT_NEAR(r.depth, T(1.75), tol<T>(4));
}

TYPED_TEST(EpaTyped, PolygonOf1024SidesAgainstSquare) {
  using T = TypeParam;
  // Regular 1024-gon of radius 1 centred at the origin, a vertex at angle 0: since 1024 is a
  // multiple of 4 its extent along +x is exactly the vertex (1, 0). B = [0.5,1.5] x [−0.25,0.25].
  // Along (1,0) the overlap is 1 − 0.5 = 0.5. Any other direction n = (cos φ, sin φ) needs
  // h_A(n) + h_B(−n) >= cos φ − 0.5 cos φ + 0.25 |sin φ| = 0.5 cos φ + 0.25 |sin φ|, which exceeds
  // 0.5 for small φ ≠ 0 (0.25|φ| > φ²/4) and for every larger φ in (−π/2, π/2) as well, while the
  // directions with cos φ <= 0 need at least 1.5. So depth 0.5 along (1,0) exactly.
  std::vector<Vec2<T>> pts;
  for (int k = 0; k < 1024; ++k) {
    const double t = 2 * kPi * k / 1024;
    pts.push_back({T(std::cos(t)), T(std::sin(t))});
  }
  const auto a = shape<T>(pts);
  const auto b = box<T>(T(0.5), T(-0.25), T(1.5), T(0.25));
  const auto p = minkowski::fast::penetration(a, b);
  EXPECT_EQ(p.status, PenetrationStatus::overlapping_cores) << describe(p.status);
  EXPECT_NEAR(p.depth, T(0.5), tol<T>(2));
  EXPECT_NEAR(p.normal.x, T(1), tol<T>());
  EXPECT_LT(p.epa_iterations, 40);
  expect_resolves(a, b, p.normal, p.depth, tol<T>(2));
  // A square C = [0.5,1]² whose corner (0.5,0.5) pokes into the polygon near 45°, where (1024/8
  // = 128) a vertex sits exactly. Along n at angle φ near 45° the depth is h_A(n) − n·(0.5,0.5) =
  // cos(φ − θ) − √½·cos(φ − 45°), θ the polygon vertex nearest to φ. Within π/1024 of 45° that is
  // (1 − √½)·cos(φ − 45°), smallest at φ = 45° ± π/1024 where the nearest vertex changes; beyond,
  // the derivative −sin(φ − θ') + √½·sin(φ − 45°) is positive. So the depth is (1 −
  // √½)·cos(π/1024), along one of the two edge normals at 45° ± π/1024 (a tie).
  const auto c = box<T>(T(0.5), T(0.5), T(1.0), T(1.0));
  const auto q = minkowski::fast::penetration(a, c);
  EXPECT_NEAR(q.depth, T((1 - std::sqrt(0.5)) * std::cos(kPi / 1024)), tol<T>(2));
  const double off = std::abs(std::atan2(double(q.normal.y), double(q.normal.x)) - kPi / 4);
  EXPECT_NEAR(off, kPi / 1024, double(tol<T>(8)));
  expect_resolves(a, c, q.normal, q.depth, tol<T>(2));
}

TEST(EpaCapacity, FullPolytopeStopsWithNamedStatusAndValidAnswer) {
  // 1024-gon around a point at its centre: A ⊖ B is the polygon itself, every edge at distance
  // cos(π/1024) from the origin — EPA must refine all around. With room for 16 points it stops
  // with polytope_full; the answer is still a separating direction (depth >= exact) and
  // depth − error_bound <= exact.
  std::vector<Vec2<double>> pts;
  for (int k = 0; k < 1024; ++k)
    pts.push_back({std::cos(2 * kPi * k / 1024), std::sin(2 * kPi * k / 1024)});
  const auto a = shape<double>(pts);
  const auto b = shape<double>({{0, 0}});
  const auto g = minkowski::fast::gjk_distance(a, b);
  ASSERT_TRUE(g.intersects);
  const auto e = minkowski::fast::epa<double, 16>(a, b, g);
  EXPECT_EQ(e.status, EpaStatus::polytope_full);
  EXPECT_LE(e.polytope_size, 16);
  const double exact = std::cos(kPi / 1024);
  EXPECT_GE(e.depth, exact - 1e-15);
  EXPECT_LE(e.depth - e.error_bound, exact + 1e-15);
  EXPECT_NEAR(e.normal.x * e.normal.x + e.normal.y * e.normal.y, 1.0, 1e-15);
  // With the iteration bound lower than the capacity the other exit names itself.
  EpaOptions<double> few;
  few.max_iterations = 5;
  const auto f = minkowski::fast::epa(a, b, g, few);
  EXPECT_EQ(f.status, EpaStatus::max_iterations);
  EXPECT_EQ(f.iterations, 5);
  EXPECT_GE(f.depth, exact - 1e-15);
}

TEST(EpaTolerance, LooserToleranceStopsEarlierWithinIt) {
  // Same polygon, B a point at (0.3, 0): the nearest boundary is towards +x, depth between
  // cos(π/1024) − 0.3 and 1 − 0.3.
  std::vector<Vec2<double>> pts;
  for (int k = 0; k < 1024; ++k)
    pts.push_back({std::cos(2 * kPi * k / 1024), std::sin(2 * kPi * k / 1024)});
  const auto a = shape<double>(pts);
  const auto b = shape<double>({{0.3, 0.1}});
  const auto g = minkowski::fast::gjk_distance(a, b);
  const auto tight = minkowski::fast::epa(a, b, g);
  EpaOptions<double> loose;
  loose.relative_tolerance = 1e-3;
  const auto l = minkowski::fast::epa(a, b, g, loose);
  EXPECT_EQ(tight.status, EpaStatus::converged);
  EXPECT_EQ(l.status, EpaStatus::converged);
  EXPECT_LT(l.iterations, tight.iterations);  // measured 10 against 16
  EXPECT_LE(l.depth - tight.depth, 1e-3 * (a.scale() + b.scale()) + 1e-15);  // tau = 1e-3 · S
  EXPECT_LE(tight.error_bound, 64 * std::numeric_limits<double>::epsilon());
  const double r = std::sqrt(0.3 * 0.3 + 0.1 * 0.1);
  EXPECT_GE(tight.depth, std::cos(kPi / 1024) - r - 1e-15);
  EXPECT_LE(tight.depth, 1 - r + 1e-15);
}

TEST(EpaInput, SeparatedGjkResultIsNotIntersecting) {
  const auto a = box<double>(0, 0, 1, 1), b = box<double>(2, 0, 3, 1);
  const auto g = minkowski::fast::gjk_distance(a, b);
  const auto e = minkowski::fast::epa(a, b, g);
  EXPECT_EQ(e.status, EpaStatus::not_intersecting);
  const auto p = minkowski::fast::penetration(a, b);
  EXPECT_FALSE(p.intersects);
  EXPECT_EQ(p.status, PenetrationStatus::separated);
  EXPECT_EQ(p.epa_status, EpaStatus::not_run);
  EXPECT_NEAR(p.distance, 1.0, 1e-15);
  EXPECT_EQ(p.depth, 0.0);
}

ConvexShape<double> random_polygon(std::mt19937_64& rng, int n, double spread) {
  std::uniform_real_distribution<double> u(0, 1);
  std::vector<double> ang;
  for (int k = 0; k < n; ++k) ang.push_back(2 * kPi * u(rng));
  std::sort(ang.begin(), ang.end());
  const double rx = 0.2 + u(rng), ry = 0.2 + u(rng), rot = 2 * kPi * u(rng);
  const Vec2<double> c{spread * (u(rng) - 0.5), spread * (u(rng) - 0.5)};
  std::vector<Vec2<double>> pts;
  for (double t : ang) {
    const double x = rx * std::cos(t), y = ry * std::sin(t);
    pts.push_back(
        {c.x + x * std::cos(rot) - y * std::sin(rot), c.y + x * std::sin(rot) + y * std::cos(rot)});
  }
  return shape<double>(pts);
}

// Oracle: for two polygons the penetration depth is attained along an edge normal of A ⊖ B, that
// is an outward edge normal n of A (B must travel h_A(n) − min_B n·b along n) or the opposite of
// an outward edge normal m of B (travel h_A(−m) + h_B(m)... written below as the same formula
// with n = −m).
double sat_depth(const ConvexShape<double>& a, const ConvexShape<double>& b) {
  auto travel = [&](Vec2<double> n) {
    double ha = -std::numeric_limits<double>::infinity(),
           lb = std::numeric_limits<double>::infinity();
    for (const auto& v : a.vertices()) ha = std::max(ha, minkowski::fast::dot(v, n));
    for (const auto& v : b.vertices()) lb = std::min(lb, minkowski::fast::dot(v, n));
    return ha - lb;
  };
  double best = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < a.size(); ++i) best = std::min(best, travel(a.normal(i)));
  for (std::size_t i = 0; i < b.size(); ++i) best = std::min(best, travel(-b.normal(i)));
  return best;
}

// Trials: 1,000 in the test command, where this test ran 17 s of fast_tests' 99 under ASan at -O0
// (2026-11-27), 4,000 in long mode.
#ifdef MINKOWSKI_LONG_TESTS
constexpr int kEpaRandomTrials = 4000;
#else
constexpr int kEpaRandomTrials = 1000;
#endif

TEST(EpaRandom, DepthMatchesSatBruteForceOnRandomPolygons) {
  std::mt19937_64 rng(777);
  std::uniform_int_distribution<int> small(3, 10), large(30, 200);
  int checked = 0;
  for (int trial = 0; trial < kEpaRandomTrials; ++trial) {
    const bool big = trial % 4 == 0;
    const auto a = random_polygon(rng, big ? large(rng) : small(rng), 1.5);
    const auto b = random_polygon(rng, big ? large(rng) : small(rng), 1.5);
    const double exact = sat_depth(a, b);
    if (!(exact > 0)) continue;  // apart
    minkowski::fast::GjkCache cache;
    if (trial % 3 == 0) {  // a stale in-range cache: GJK's points are then not all on the boundary
      cache.count = 3;
      for (int k = 0; k < 3; ++k) {
        cache.index_a[k] = static_cast<minkowski::fast::VertexIndex>((trial + 5 * k) % a.size());
        cache.index_b[k] = static_cast<minkowski::fast::VertexIndex>((3 * trial + k) % b.size());
      }
    }
    const auto p = minkowski::fast::penetration(a, b, &cache);
    ASSERT_TRUE(p.intersects) << "trial " << trial;
    ASSERT_EQ(p.status, PenetrationStatus::overlapping_cores)
        << "trial " << trial << " " << describe(p.epa_status);
    ASSERT_NEAR(p.depth, exact, 1e-13) << "trial " << trial;
    // The normal is a valid direction: moving B by it leaves the shapes touching.
    const auto moved = translated(b, p.depth * p.normal);
    ASSERT_LE(sat_depth(a, moved), 1e-13) << "trial " << trial;
    ++checked;
  }
  EXPECT_GT(checked, kEpaRandomTrials / 4);
}

TEST(EpaDegenerate, GridConfigurationsAlwaysResolve) {
  // Points, segments, triangles and boxes on an integer grid: collinear, coincident and touching
  // Minkowski differences. The answer must be finite, unit-normal, and moving B by it must leave
  // the shapes touching.
  const std::vector<std::vector<Vec2<double>>> shapes = {{{0, 0}},
                                                         {{1, 0}},
                                                         {{0, 0}, {2, 0}},
                                                         {{1, -1}, {1, 1}},
                                                         {{0, 0}, {2, 0}, {1, 1}},
                                                         {{0, 0}, {1, 0}, {1, 1}, {0, 1}},
                                                         {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}},
                                                         {{0, 0}, {2, 2}},
                                                         {{2, 0}, {0, 2}},
                                                         {{0, 1}, {2, 1}, {1, 3}}};
  for (const auto& pa : shapes) {
    for (const auto& pb : shapes) {
      for (double ra : {0.0, 0.5}) {
        const auto a = shape<double>(pa, ra), b = shape<double>(pb);
        const auto p = minkowski::fast::penetration(a, b);
        ASSERT_TRUE(std::isfinite(p.depth) && std::isfinite(p.distance));
        ASSERT_TRUE(std::isfinite(p.normal.x) && std::isfinite(p.normal.y));
        ASSERT_TRUE(std::isfinite(p.point_a.x) && std::isfinite(p.point_b.y));
        if (!p.intersects) continue;
        ASSERT_NEAR(p.normal.x * p.normal.x + p.normal.y * p.normal.y, 1.0, 1e-14);
        expect_resolves(a, b, p.normal, p.depth, 1e-12);
      }
    }
  }
}

}  // namespace

// Found by fuzz/fast_vs_reference_fuzz: a polygon of subnormal size (its vertices within 1.1e-313
// of the origin) against a disc of radius 0.5 centred within 3.3e-319 of it. The cores overlap,
// GJK finds a core distance of subnormal size and its normal came out (0, 0). By hand: the disc
// centre lies inside the polygon's hull or within 1.1e-313 of it, so the exact depth is 0.5 plus
// at most 1.1e-313 — 0.5 in double — along any direction that leaves the core, to within 1.1e-313.
// penetration() must answer a unit normal and depth 0.5 (SAT's MTV, status sat_fallback).
TEST(EpaDegenerate, SubnormalPolytopeFallsBackToSatsUnitNormal) {
  const ConvexShape<double> a = shape<double>({{1.0609978955e-313, 0.0},
                                               {0.0, 3.2347e-319},
                                               {3.2347e-319, 3.22837e-319},
                                               {3.2346e-319, 3.22837e-319}});
  const ConvexShape<double> b = shape<double>({{3.22837e-319, 3.2347e-319}}, 0.5);
  const auto p = minkowski::fast::penetration(a, b);
  EXPECT_TRUE(p.intersects);
  EXPECT_NEAR(length(p.normal), 1.0, 1e-15);
  EXPECT_EQ(p.depth, 0.5);
  EXPECT_EQ(p.status, PenetrationStatus::sat_fallback);
}

TEST(EpaDegenerate, AStartEdgeWhoseSquaredLengthUnderflowsIsNormalised) {
  // A = segment from (−3.1e-162, 8.3e-317) to (7.6e78, 4.4e-310) (two more points of the fixture
  // lie within welding of it); B = segment (0, 0)–(0, 3.9e-265) with radius r = 2.46e77
  // (fixtures/found/fuzz-cbc2d7a8b8283205.json, coordinates copied). The cores cross near A's left
  // end: A ⊖ B is a parallelogram 7.6e78 long and 3.9e-265 high whose top edge passes 8.3e-317
  // above the origin, its bottom 3.9e-265 below, its left end 3.1e-162 to the left. The least
  // depth is across the sliver: normal (0, 1) (A's direction (1, 5.8e-389) has the normal
  // (−5.8e-389, 1), which rounds to (0, 1)), depth r + 8.3e-317 = r in double. GJK's triangle kept
  // the origin nearest (by angle) its 3.9e-265-long left edge, whose squared length underflows to
  // 0: EPA took it for coincident points and answered (1, 0), along the sliver, which does not
  // separate at all. Depth within EPA's bound (48 u·S, properties/src/bounds.cpp; S = 7.6e78).
  const double r = 2.460018722418254e+77, S = 7.570475442170121e+78;
  const ConvexShape<double> a = shape<double>({{-3.12533859070315e-162, 8.264749e-317},
                                               {0.0, 0.0},
                                               {0.0, -2.168404344971009e-19},
                                               {7.570475442170121e+78, 4.36288991864156e-310}});
  const ConvexShape<double> b = shape<double>({{0.0, 0.0}, {0.0, 3.882100467081619e-265}}, r);
  const auto p = minkowski::fast::penetration(a, b);
  EXPECT_TRUE(p.intersects);
  EXPECT_EQ(p.normal.x, 0.0);
  EXPECT_EQ(p.normal.y, 1.0);
  EXPECT_NEAR(p.depth, r, 48 * 0x1p-53 * S);
}

TEST(EpaDegenerate, CoresCloserThanGjkCanOrientTakeSatsNormal) {
  // A = a speck 2.3e-156 across with its right edge through (0, −2.3e-156) and (3.5e-308, 0); B =
  // triangle (1, 0), (cos 45°, sin 45°) and an apex (2.2e-311, −2.3e-159) of radius 2. The apex
  // lies inside A (A's right edge passes x ≈ 3.4e-308 at the apex's height), so the cores overlap
  // by less than 4e-308 and the depth is 2 to within that. GJK came out "cores 3.5e-308 apart" with
  // the normal (−1, 0), pushing B by 2 back across A and leaving an overlap of 1
  // (fixtures/found/fuzz-e49130a3aef95e27.json). Expected, by hand: after B moves by 2n its core is
  // the triangle with apex ≈ 2n and edges along (1, 0) and (1, 1)/√2; the origin (A) is at
  // distance 2 from it exactly when −n lies in the apex's polar cone, n·(1, 0) >= 0 and
  // n·(1, 1)/√2 >= 0; a direction off that cone by θ leaves an overlap of 2(1 − cos θ), within the
  // normal bound 48 u·S (S = 1) for θ <= sqrt(48u) ≈ 7e-8.
  const auto a = minkowski::fast::make_shape<double>(
                     std::vector<Vec2<double>>{{0.0, -2.3033104195241213e-156},
                                               {-2.3033111081647696e-156, -2.3033111081647696e-156},
                                               {-2.3033111081647696e-156, 5.826184060346022e-270},
                                               {3.476677903917502e-308, 0.0}})
                     .shape;
  const auto b = minkowski::fast::make_shape<double>(
                     std::vector<Vec2<double>>{{1.0, 0.0},
                                               {0.7071067811865476, 0.7071067811865475},
                                               {2.1729236899484e-311, -2.2761049594727193e-159}},
                     2.0)
                     .shape;
  const auto r = minkowski::fast::penetration(a, b);
  ASSERT_TRUE(r.intersects);
  const double theta = std::sqrt(48 * std::numeric_limits<double>::epsilon() / 2);
  EXPECT_NEAR(r.depth, 2.0, 1e-15);
  EXPECT_GE(r.normal.x, -theta) << r.normal.x << ", " << r.normal.y;
  EXPECT_GE((r.normal.x + r.normal.y) / std::sqrt(2.0), -theta) << r.normal.x << ", " << r.normal.y;
  EXPECT_NEAR(std::hypot(r.normal.x, r.normal.y), 1.0, 1e-15);
}

}  // namespace epa_test_cpp
