// The fast 3D library's input domain (tolerances3.hpp, "The input domain of make_shape3"):
//   - inside it, "needles" (a vertex 10^6 to 10^9 times farther from the rest than the rest's
//     extent, and a long segment against a small shape) are answered within the 3D bounds: the
//     cases are fast3_vs_reference_fuzz's findings (fuzz/findings/fuzz3-*.json), coordinates
//     copied, each failing on the code before its fix (error in the comment);
//   - outside it, make_shape3 refuses, naming the point or the radius.
// Expected values are the exact reference's (the fixture's `expected.signed_distance`, rounded to
// double); tolerances are the 3D bounds' k (properties/bounds.hpp, kBoundsTable3) in u·S plus the
// weld shifts the judge grants.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "minkowski/fast/gjk3.hpp"
#include "minkowski/fast/penetration3.hpp"
#include "minkowski/fast/shape3.hpp"

// This file's names, in a namespace of their own: the test command compiles the suite as
// one translation unit (cmake/PrecompiledHeaders.cmake, minkowski_unity).
namespace domain3_test_cpp {

namespace {

using namespace minkowski::fast;
using V = Vec3<double>;
constexpr double kU = 0x1p-53;

// The largest |coordinate| or radius of the pair: S of the tolerance model.
double case_scale(const std::vector<V>& a, double ra, const std::vector<V>& b, double rb) {
  double s = std::max(ra, rb);
  for (const auto* pts : {&a, &b})
    for (V p : *pts) s = std::max({s, std::abs(p.x), std::abs(p.y), std::abs(p.z)});
  return s;
}

TEST(Domain3Needles, ALongSegmentAgainstACapsuleGetsItsDistance) {
  // fuzz3-0633bf85d8c6651a: B a segment 8.3e9 long, A a capsule of radius 4.5 whose core is 5.3
  // long. Exact distance 3.2781745922022891754 (the reference). The code before the fix answered
  // 4.7533777580473355 (3.19e6 u·S): GJK's search direction from the long edge carried ~u·|w|
  // along the edge, and the support past it met a vertex GJK already had.
  const std::vector<V> a{{4.500000000000014, 9.0, 9.0}, {4.0, 5.5, 5.0}};
  const std::vector<V> b{{-2.5000000000000036, -3.193193526818037e-154, -4160749568.0039215},
                         {-0.5, 3.1931935268180354e-154, 4160749568.0039215}};
  const auto sa = make_shape3<double>(a, 4.5), sb = make_shape3<double>(b);
  ASSERT_TRUE(sa && sb);
  const double exact = 3.2781745922022891754;
  const double allowed = 8 * kU * case_scale(a, 4.5, b, 0) + sa.shape.weld_shift() +
                         sb.shape.weld_shift();  // k = 8 (GJK distance)
  const GjkOutput3<double> g = gjk_distance(sa.shape, sb.shape);
  EXPECT_FALSE(g.intersects);
  EXPECT_NEAR(g.distance, exact, allowed);
  const PenetrationResult3<double> p = penetration(sa.shape, sb.shape);
  EXPECT_FALSE(p.intersects);
  EXPECT_NEAR(p.distance, exact, allowed);
}

TEST(Domain3Needles, ANeedlePolytopeAgainstASegmentGetsItsDistance) {
  // fuzz3-3454d6c97009cb1a (points copied, B's subnormal duplicates of the origin as one): A a
  // tetrahedron with two vertices ~4e9 out and two at (0, −16, −16), (−16, −16, −16); B the
  // segment (−16, −16, 0)–(0, 0, 0). Distance 16 exactly, by hand: every vertex of A has z <= −16
  // and every point of B z >= 0, so the distance is >= 16, and A's (−16, −16, −16) is 16 below B's
  // (−16, −16, 0) (the reference agrees). Before the
  // fix GJK answered "intersecting" (tetrahedron_orientation from the far vertex had the wrong
  // sign), after the anchoring of the normals still 19.17 (stalled): 6.85e6 u·S.
  const std::vector<V> a{{-3355443200.0, 4160749568.0, -2281701376.0},
                         {-3355443200.0, -2281701376.0, -4160749568.0},
                         {2.586563270012461e-231, -16.0, -16.0},
                         {-16.0, -16.0, -16.0}};
  const std::vector<V> b{{-16.0, -16.0, 0.0}, {0.0, 0.0, 3.2348e-319}};
  const auto sa = make_shape3<double>(a), sb = make_shape3<double>(b);
  ASSERT_TRUE(sa && sb);
  const double allowed = 8 * kU * case_scale(a, 0, b, 0) + sa.shape.weld_shift() +
                         sb.shape.weld_shift();  // k = 8 (GJK distance)
  const GjkOutput3<double> g = gjk_distance(sa.shape, sb.shape);
  EXPECT_FALSE(g.intersects);
  EXPECT_NEAR(g.distance, 16.0, allowed);
}

TEST(Domain3Needles, ANeedlePolytopeOverlappingATetrahedronIsIntersecting) {
  // fuzz3-b382ed04f662617a (points copied): A a needle, two vertices ~4e9 out and a cluster of
  // size 11 at the origin (6 hull vertices); B a tetrahedron of size 11 in that cluster. They
  // overlap: exact signed distance −0.84119102393290964789 (the reference). Before the fix GJK
  // answered "separated by 5.39" (status stalled after 3 iterations): at the working scale
  // |v| ~ 2.5e-9 against points ~2 long, a step from one face to the next came out
  // 7e-9 relatively farther, past the flat step's relative limit (kGjk3FlatUlps), though the
  // exact distance decreased and the difference was 0.08 u·W·|v|∞ (kGjk3FlatAbsUlps).
  const std::vector<V> a{{0.0, -3355443200.0, 4160749568.0},
                         {-2281701376.0, -3355443200.0, 6.013287214530167e-154},
                         {0.0, 0.0, -1.0},
                         {1.0, 0.0, 6.014926743611373e-154},
                         {0.0, 1.0, 0.0},
                         {0.0, 0.0, 1.0},
                         {-1.0, -1.0, -1.0},
                         {0.0, 11.0, 5.42715998006e-312}};
  const std::vector<V> b{{0.0, 0.0, 0.0},
                         {8.256667e-317, 0.0, 3.22837e-319},
                         {0.0, 0.0, 0.0},
                         {0.0, 1.0, -1.0},
                         {-1.0, -1.0, 0.0},
                         {11.0, 5.42715998006e-312, 1.389334304218693e-309},
                         {0.0, 0.0, 0.0},
                         {0.0, 0.0, 0.0}};
  const double ra = 4.5533e-320;
  const auto sa = make_shape3<double>(a, ra), sb = make_shape3<double>(b);
  ASSERT_TRUE(sa && sb);
  const GjkOutput3<double> g = gjk_distance(sa.shape, sb.shape);
  EXPECT_TRUE(g.intersects) << "status " << describe(g.status) << ", distance " << g.distance;
  EXPECT_EQ(g.distance, 0.0);
  const double allowed = 16 * kU * case_scale(a, ra, b, 0) + sa.shape.weld_shift() +
                         sb.shape.weld_shift();  // k = 16 (penetration depth, double)
  const PenetrationResult3<double> p = penetration(sa.shape, sb.shape);
  EXPECT_TRUE(p.intersects);
  EXPECT_NEAR(p.depth, 0.84119102393290964789, allowed);
}

struct NeedleCase {
  const char* finding;
  std::vector<V> a, b;
  double rb;
  double exact_depth;  // −(the exact signed distance)
};

class Domain3NeedleDepth : public ::testing::TestWithParam<NeedleCase> {};

TEST_P(Domain3NeedleDepth, IsWithinTheEpaBound) {
  // A polytope with one or two vertices ~4e9 from a unit-size cluster at the origin overlapping a
  // unit-size polytope. EPA's faces of A ⊖ B are then needles (base ~1, sides ~4e9); their
  // normals, formed from the two edges at their first vertex, turned by ~u·L/w when that vertex
  // was the far one (the error of each finding below, on the code before the fix).
  const NeedleCase& c = GetParam();
  const auto sa = make_shape3<double>(c.a), sb = make_shape3<double>(c.b, c.rb);
  ASSERT_TRUE(sa && sb) << c.finding;
  const double allowed = 16 * kU * case_scale(c.a, 0, c.b, c.rb) + sa.shape.weld_shift() +
                         sb.shape.weld_shift();  // k = 16 (penetration depth, double)
  const PenetrationResult3<double> p = penetration(sa.shape, sb.shape);
  EXPECT_TRUE(p.intersects) << c.finding;
  EXPECT_NEAR(p.depth, c.exact_depth, allowed) << c.finding;
}

INSTANTIATE_TEST_SUITE_P(Findings, Domain3NeedleDepth,
                         ::testing::Values(
                             // Depth 1.1749 before the fix (1.47e6 u·S).
                             NeedleCase{"fuzz3-96bfb913f107a0d3",
                                        {{-3355443200.0, 4160749568.0, -2281701376.0},
                                         {-3355443200.0, 1.4290355327400427e-284, 2.0},
                                         {3.0, 4.0, 0.0},
                                         {0.0, 0.0, 0.0},
                                         {0.0, 5e-324, 0.0}},
                                        {{0.0, 0.0, 0.0},
                                         {0.0, 0.0, 5e-324},
                                         {1.0, 2.0, 1.0},
                                         {5.0, 1.0, 2.0},
                                         {0.0, 1.0, -1.0},
                                         {0.0, 3.22847e-319, 3.2348e-319},
                                         {3.22847e-319, 3.2348e-319, 3.2348e-319},
                                         {3.22847e-319, 3.22847e-319, 3.22847e-319}},
                                        0.0,
                                        0.49751859510499456783},
                             // Depth 2.0713 before the fix (2.47e6 u·S).
                             NeedleCase{"fuzz3-5bf83a5326f45b09",
                                        {{-3355443200.0, 4160749568.0, -2281701376.0},
                                         {-3355443200.0, -2281701376.0, -4160749568.0},
                                         {1.38523885234213e-309, 0.0, 0.0},
                                         {0.0, 0.0, 0.0},
                                         {0.0, 0.0, 1.0},
                                         {0.0, 1.0, 1.0},
                                         {0.0, 6.019313958495991e-154, 0.0},
                                         {3.6449708376581676e-146, 5.0, 2.0}},
                                        {{0.0, 0.0, 0.0},
                                         {-13.0, 0.0, 0.0},
                                         {2.9861612530744416e-303, -6.0, 4.733714258552674e-308},
                                         {2.0, 0.0, 0.0},
                                         {9.364799307317653e-97, 6.019313958495991e-154, 0.0},
                                         {3.6449708376581676e-146, 5.0, 2.0}},
                                        0.0,
                                        0.92847669088525931573},
                             // Depth 3.1530 before the fix (2.5e6 u·S).
                             NeedleCase{"fuzz3-ca7288934addb825",
                                        {{-3355443200.0, -4160749568.001953, -2281701376.0},
                                         {-3355443200.0, 5.613650999613727e-125, 5e-324},
                                         {1.0, 2.0, 1.0},
                                         {5.0, 0.0, 6.0},
                                         {-9.0, 1.0, 8.0},
                                         {2.0, 1.0, 5.0},
                                         {1.0, 2.0, 0.0},
                                         {8.0, -1.0, 1.0}},
                                        {{1.0, 2.0, 0.0},
                                         {2.0, 3.0, 4.0},
                                         {0.0, 0.0, 0.0},
                                         {0.0, 0.0, -1.0},
                                         {1.0, 0.0, 0.0},
                                         {0.0, 1.0, 0.0},
                                         {0.0, 0.0, 1.0},
                                         {0.0, 5e-324, -1.0}},
                                        6.953355807835e-310,
                                        1.9999999999999999993}));

TEST(Domain3Limits, ACoordinateOrRadiusBeyondTheRangeIsRefusedByName) {
  // One ulp beyond max_coordinate<T>(): refused as out_of_range, naming the point or the radius.
  const double beyond = std::nextafter(max_coordinate<double>(), INFINITY);
  const std::vector<V> pts{{0, 0, 0}, {1, 0, 0}, {0, beyond, 0}};
  const auto r = make_shape3<double>(pts);
  EXPECT_EQ(r.error, ShapeError::out_of_range);
  EXPECT_NE(r.message.find("point 2"), std::string::npos) << r.message;
  const std::vector<V> one{{0, 0, 0}};
  const auto q = make_shape3<double>(one, beyond);
  EXPECT_EQ(q.error, ShapeError::out_of_range);
  EXPECT_NE(q.message.find("radius"), std::string::npos) << q.message;
  // At the limit itself: inside, built.
  const std::vector<V> at{{0, 0, 0}, {max_coordinate<double>(), 0, 0}};
  EXPECT_TRUE(make_shape3<double>(at));
  const std::vector<Vec3<float>> atf{{0, 0, 0}, {0, 0, -max_coordinate<float>()}};
  EXPECT_TRUE(make_shape3<float>(atf, max_coordinate<float>()));
}

}  // namespace

}  // namespace domain3_test_cpp
