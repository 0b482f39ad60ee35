// Unit vectors of directions whose squared length is subnormal: the shared helper unit_vector
// (vec2.hpp) and every answer built on it. Expected values are derived by hand: d = (3δ, 4δ) has
// length 5δ and direction (0.6, 0.8) for any δ > 0. δ = 1e-160 (double) and 1e-22 (float) put
// |d|² = 25δ² far below the smallest normal number (2.2e-308, 1.2e-38): the computed |d|² keeps
// ~16 (double) or ~7 (float) significant bits, and the old (1/sqrt(d2))·d was a "unit" vector off
// in its 5th (double) or 3rd (float) digit (fixtures/found/fuzz-79aec1dfca82fea1.json: two disc
// centres 2.3e-156 apart, an MTV 2.3e-13 longer than the depth).
#include <gtest/gtest.h>

#include "test_shapes.hpp"

#include <cmath>
#include <limits>
#include <type_traits>

#include "minkowski/fast/gjk.hpp"
#include "minkowski/fast/manifold.hpp"
#include "minkowski/fast/sat.hpp"
#include "minkowski/fast/support.hpp"
#include "minkowski/fast/vec2.hpp"

// This file's names, in a namespace of their own: the test command compiles the suite as
// one translation unit (cmake/PrecompiledHeaders.cmake, minkowski_unity).
namespace unit_vector_test_cpp {

namespace {

using minkowski::fast::contact_manifold;
using minkowski::fast::dot;
using minkowski::fast::gjk_distance;
using minkowski::fast::Manifold;
using minkowski::fast::sat_query;
using minkowski::fast::support_point;
using minkowski::fast::unit_vector;
using minkowski::fast::Vec2;
using minkowski::fast::test_support::shape;

template <class T>
class UnitVector : public ::testing::Test {};
using Types = ::testing::Types<float, double>;
TYPED_TEST_SUITE(UnitVector, Types);

template <class T>
double delta() {
  return std::is_same_v<T, float> ? 1e-22 : 1e-160;
}

// 4 u: the rounding of a division by the largest component, a square root, a reciprocal and a
// product, each at most u relative.
template <class T>
double tol() {
  return 4.0 * double(std::numeric_limits<T>::epsilon()) / 2;
}

template <class T>
void expect_unit_3_4(Vec2<T> u, const char* what) {
  EXPECT_NEAR(double(u.x), 0.6, tol<T>()) << what;
  EXPECT_NEAR(double(u.y), 0.8, tol<T>()) << what;
}

TYPED_TEST(UnitVector, SubnormalSquaredLengthStillGivesAUnitVector) {
  using T = TypeParam;
  const Vec2<T> d{T(3 * delta<T>()), T(4 * delta<T>())};
  const T d2 = dot(d, d);
  ASSERT_LT(d2, std::numeric_limits<T>::min());  // the case this test is about
  expect_unit_3_4(unit_vector(d, d2), "tiny");
  expect_unit_3_4(unit_vector(Vec2<T>{T(3), T(4)}, T(25)), "ordinary");  // 1/5 · (3, 4)
}

TYPED_TEST(UnitVector, DiscsWithCentresCloserThanTheSquareRootOfMinNormal) {
  // A = disc of radius 1 at the origin, B = disc of radius 2 at d: they overlap by 3 − 5δ = 3 (to
  // rounding), and the MTV and the manifold's normal are both d/|d| = (0.6, 0.8).
  using T = TypeParam;
  const auto a = shape<T>({{0, 0}}, 1);
  const auto b = shape<T>({{3 * delta<T>(), 4 * delta<T>()}}, 2);
  const auto s = sat_query(a, b);
  EXPECT_TRUE(s.intersects);
  expect_unit_3_4(s.normal, "sat");
  EXPECT_NEAR(double(s.depth), 3.0, 4 * tol<T>());
  const Manifold<T> m = contact_manifold(a, b);
  ASSERT_EQ(m.point_count, 1);
  expect_unit_3_4(m.normal, "manifold");
  EXPECT_NEAR(double(m.points[0].separation), -3.0, 4 * tol<T>());
}

TYPED_TEST(UnitVector, GjkNormalOfACoreVertexAtATinyDistance) {
  // A = triangle (0, 0), (1, −1), (−1, −1) of radius 1; B = the point d of radius 1. A's closest
  // core point to d is its apex (0, 0) (d lies above the apex, inside its normal cone), so GJK's
  // simplex is the single point −d and its normal d/|d| = (0.6, 0.8). Two discs alone would not
  // do: a case of scale 5δ is rescaled before GJK starts (kRescaleBelow); this one has scale 1.
  using T = TypeParam;
  const auto a = shape<T>({{0, 0}, {1, -1}, {-1, -1}}, 1);
  const auto b = shape<T>({{3 * delta<T>(), 4 * delta<T>()}}, 1);
  const auto g = gjk_distance(a, b);
  EXPECT_TRUE(g.intersects);
  expect_unit_3_4(g.normal, "gjk");
}

TYPED_TEST(UnitVector, SupportPointOfADiscAlongATinyDirection) {
  // The support point of the unit disc at the origin along d is d/|d| = (0.6, 0.8).
  using T = TypeParam;
  const auto disc = shape<T>({{0, 0}}, 1);
  expect_unit_3_4(support_point(disc, Vec2<T>{T(3 * delta<T>()), T(4 * delta<T>())}), "support");
}

}  // namespace

}  // namespace unit_vector_test_cpp
