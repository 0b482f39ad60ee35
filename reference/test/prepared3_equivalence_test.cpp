// PreparedPair3 against query() and against translated shapes, bit for bit.
//
// The prepared pair answers every question from one hull and reuses per-thread scratch; none of
// that may change an answer. Checked here on random pairs of small-integer and dyadic shapes
// (lattices give coplanar facets, exact ties and touching contacts) of every dimension 0..3:
//   - PreparedPair3::query equals query() field by field (a fresh pair, a fresh hull);
//   - signed_distance_after_translation(v) equals the signed distance of query(A, B + v), where
//     B + v is formed exactly (dyadic coordinates), so the translation path (q = v against D)
//     and the pair path (the origin against D − v, another hull) must agree bit for bit;
//   - the rounded form is the correctly rounded exact value: with q and r exact, the double it
//     returns has V strictly between its two halfway points, or on one with an even
//     significand, decided here in rationals (s ⋚ T as q ⋚ T²);
//   - a_against_point / b_against_point answer as against_point(a) / (b), and those as
//     query(s, {p}).
// Seeded; a failure prints the seed and the case index.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <random>

#include "minkowski/reference/oracle3.hpp"

// This file's names, in a namespace of their own: the test command compiles the suite as
// one translation unit (cmake/PrecompiledHeaders.cmake, minkowski_unity).
namespace prepared3_equivalence_test_cpp {

namespace {

using namespace minkowski::reference;

/// Random pairs per test: 600 by default, 6000 in long mode (each builds about four hulls).
#ifdef MINKOWSKI_LONG_TESTS
constexpr int kCases = 6000;
#else
constexpr int kCases = 600;
#endif
constexpr int kTranslationsPerPair = 3;
constexpr std::uint64_t kSeed = 0x0be5a11d3;

/// Shapes of every kind: a lattice polytope, a flat polygon (z = const), a segment, a point;
/// coordinates multiples of 1/4 in [−2, 2] so that every sum with a translation is exact.
Shape3 random_shape(std::mt19937_64& rng, int kind) {
  std::uniform_int_distribution<int> coord(-8, 8);
  std::uniform_int_distribution<int> count(4, 9);
  auto c = [&] { return coord(rng) / 4.0; };
  Shape3 s;
  const int n = kind == 0 ? count(rng) : kind == 1 ? 4 : kind == 2 ? 2 : 1;
  const double z = c();
  for (int i = 0; i < n; ++i) s.points.push_back({c(), c(), kind == 1 ? z : c()});
  if (std::uniform_int_distribution<int>(0, 3)(rng) == 0) s.radius = 0.25 * (1 + (n % 3));
  return s;
}

Shape3 translated(Shape3 s, const Point3& v) {
  for (Point3& p : s.points) p = {p.x + v.x, p.y + v.y, p.z + v.z};
  return s;
}

bool same(const RationalPoint3& a, const RationalPoint3& b) { return a == b; }

void expect_same_answer(const PairAnswer3& x, const PairAnswer3& y) {
  EXPECT_EQ(x.relation, y.relation);
  EXPECT_EQ(x.core_location, y.core_location);
  EXPECT_EQ(x.radius, y.radius);
  EXPECT_EQ(x.core_squared, y.core_squared);
  EXPECT_EQ(x.signed_distance, y.signed_distance);
  EXPECT_EQ(x.squared, y.squared);
  EXPECT_EQ(x.difference_dimension, y.difference_dimension);
  EXPECT_EQ(x.difference_points, y.difference_points);
  EXPECT_EQ(x.difference_vertices, y.difference_vertices);
  ASSERT_EQ(x.witness.has_value(), y.witness.has_value());
  if (x.witness) {
    EXPECT_TRUE(same(x.witness->core_a, y.witness->core_a));
    EXPECT_TRUE(same(x.witness->core_b, y.witness->core_b));
    for (int k = 0; k < 3; ++k) {
      EXPECT_EQ(x.witness->point_a[k], y.witness->point_a[k]);
      EXPECT_EQ(x.witness->point_b[k], y.witness->point_b[k]);
    }
  }
  ASSERT_EQ(x.directions.size(), y.directions.size());
  for (std::size_t i = 0; i < x.directions.size(); ++i) {
    EXPECT_EQ(x.directions[i].kind, y.directions[i].kind);
    EXPECT_EQ(x.directions[i].generators, y.directions[i].generators);
    EXPECT_EQ(x.directions[i].halfspaces, y.directions[i].halfspaces);
    EXPECT_EQ(x.directions[i].mtv, y.directions[i].mtv);
  }
}

/// Sign of V − m, V = sqrt(q) − r (outside), −(sqrt(q) + r) (inside) or −r (boundary), in
/// rationals only.
int compare_exact(const PairAnswer3& ans, const Rational& m) {
  const Rational& r = ans.radius;
  if (ans.core_location == CoreLocation::boundary) {
    const Rational v = -r;
    return v > m ? 1 : (v < m ? -1 : 0);
  }
  const bool outside = ans.core_location == CoreLocation::outside;
  const Rational t = outside ? m + r : -(m + r);  // V ⋚ m ⇔ s ⋚ t (outside), s ⋛ t (inside)
  int s_vs_t = 1;
  if (t >= 0) {
    const Rational t2 = t * t;
    s_vs_t = ans.core_squared > t2 ? 1 : (ans.core_squared < t2 ? -1 : 0);
  }
  return outside ? s_vs_t : -s_vs_t;
}

/// d is V rounded to nearest, ties to even.
void expect_correctly_rounded(double d, const PairAnswer3& ans) {
  ASSERT_TRUE(std::isfinite(d));
  const double up = std::nextafter(d, INFINITY), down = std::nextafter(d, -INFINITY);
  const bool even = (std::bit_cast<std::uint64_t>(d) & 1) == 0;
  const int cu = compare_exact(ans, (Rational(d) + Rational(up)) / 2);
  const int cd = compare_exact(ans, (Rational(d) + Rational(down)) / 2);
  EXPECT_TRUE(cu < 0 || (cu == 0 && even)) << d;
  EXPECT_TRUE(cd > 0 || (cd == 0 && even)) << d;
}

TEST(Prepared3Equivalence, QueryAndTranslationsMatchFreshAnswers) {
  std::mt19937_64 rng(kSeed);
  std::uniform_int_distribution<int> kind(0, 5), shift(-12, 12);
  for (int i = 0; i < kCases; ++i) {
    SCOPED_TRACE("seed " + std::to_string(kSeed) + ", case " + std::to_string(i));
    const int ka = kind(rng), kb = kind(rng);
    const Shape3 a = random_shape(rng, ka > 3 ? 0 : ka);
    const Shape3 b = random_shape(rng, kb > 3 ? 0 : kb);
    const PreparedPair3 pair(a, b);
    for (const Detail detail : {Detail::full, Detail::magnitudes})
      expect_same_answer(pair.query(detail), query(a, b, detail));
    for (int t = 0; t < kTranslationsPerPair; ++t) {
      const Point3 v{shift(rng) / 8.0, shift(rng) / 8.0, shift(rng) / 8.0};
      const PairAnswer3 moved = query(a, translated(b, v), Detail::magnitudes);
      EXPECT_EQ(pair.signed_distance_after_translation(v), moved.signed_distance);
      EXPECT_EQ(signed_distance_after_translation(a, b, v), moved.signed_distance);
      expect_correctly_rounded(pair.signed_distance_after_translation_rounded(v), moved);
    }
  }
}

TEST(Prepared3Equivalence, AgainstPointMatchesPointQueries) {
  std::mt19937_64 rng(kSeed + 1);
  std::uniform_int_distribution<int> kind(0, 5), coord(-12, 12);
  for (int i = 0; i < kCases / 3; ++i) {
    SCOPED_TRACE("seed " + std::to_string(kSeed + 1) + ", case " + std::to_string(i));
    const Shape3 a = random_shape(rng, kind(rng) % 4), b = random_shape(rng, kind(rng) % 4);
    const PreparedPair3 pair(a, b);
    const PreparedPair3 pa = pair.a_against_point(), pb = pair.b_against_point();
    const PreparedPair3 fa = PreparedPair3::against_point(a), fb = PreparedPair3::against_point(b);
    expect_same_answer(pa.query(), fa.query());
    expect_same_answer(pb.query(), fb.query());
    for (int t = 0; t < kTranslationsPerPair; ++t) {
      const Point3 p{coord(rng) / 8.0, coord(rng) / 8.0, coord(rng) / 8.0};
      const Shape3 point{{p}, 0};
      const PairAnswer3 direct = query(a, point, Detail::magnitudes);
      EXPECT_EQ(pa.signed_distance_after_translation(p), direct.signed_distance);
      EXPECT_EQ(fa.signed_distance_after_translation(p), direct.signed_distance);
      EXPECT_EQ(locate(a, p), direct.relation);
      EXPECT_EQ(pb.signed_distance_after_translation(p),
                query(b, point, Detail::magnitudes).signed_distance);
    }
  }
}

// Bad input is refused by the prepared pair as by query(), naming the shape.
TEST(Prepared3Equivalence, BadInputIsRefusedWithTheShapeNamed) {
  const Shape3 good{{{0, 0, 0}, {1, 0, 0}}, 0};
  const Shape3 nan{{{0, NAN, 0}}, 0};
  const Shape3 empty{{}, 0};
  try {
    PreparedPair3 p(good, nan);
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("shape b"), std::string::npos) << e.what();
  }
  try {
    (void)query(empty, good);
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("shape a"), std::string::npos) << e.what();
  }
  const PreparedPair3 pair(good, good);
  EXPECT_THROW((void)pair.signed_distance_after_translation({INFINITY, 0, 0}), InputError);
  EXPECT_THROW((void)pair.signed_distance_after_translation_rounded({0, 0, NAN}), InputError);
}

// More difference points than kMaxDifferencePoints: refused, the message names both hull sizes
// and the limit. The points (t, t², t³), t = 0..199, of the moment curve are all vertices of
// their hull (a cyclic polytope), so the pair has 200 · 200 = 40,000 > 2^14 difference points.
TEST(Prepared3Equivalence, TooManyDifferencePointsIsRefused) {
  Shape3 s;
  for (int i = 0; i < 200; ++i) {
    const double t = i;
    s.points.push_back({t, t * t, t * t * t});
  }
  try {
    (void)query(s, s);
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("200 and 200"), std::string::npos) << m;
    EXPECT_NE(m.find(std::to_string(kMaxDifferencePoints)), std::string::npos) << m;
  }
}

}  // namespace

}  // namespace prepared3_equivalence_test_cpp
