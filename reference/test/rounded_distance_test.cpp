// The rounded signed distance (PreparedPair::signed_distance_after_translation_rounded and its
// expansion path detail::rounded_signed_distance) against the exact value rounded to double.
//
// Hand cases carry values derived by hand; the random cases require bit-for-bit equality with
// static_cast<double>(signed_distance_after_translation(v)), the 257-bit exact path. The random
// cases also require that the expansion path decides (does not decline) almost always, so that the
// equality is a test of it and not of the fallback. Seeded; a failure prints the case.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdio>
#include <random>
#include <sstream>

#include "../src/rounded_distance.hpp"
#include "minkowski/reference/oracle.hpp"

// This file's names, in a namespace of their own: the test command compiles the suite as
// one translation unit (cmake/PrecompiledHeaders.cmake, minkowski_unity).
namespace rounded_distance_test_cpp {

namespace {

using namespace minkowski::reference;
using minkowski::reference::detail::rounded_signed_distance;

constexpr int kCases = 4000;
/// Share of random cases the expansion path must decide. It declines values within ~2^-100
/// relative of a halfway point, exact zeros (not counted here), the domain limits, and
/// expansions longer than 8 components, which take coordinates spread over far more bits than
/// one scale: the cases below keep each case's coordinates at one scale (2^k, k within ±4), and
/// 0.99 leaves room for the few that land on a limit by chance.
constexpr double kMinDecidedShare = 0.99;

Shape shape(std::vector<Point> pts, double r = 0) {
  Shape s;
  s.points = std::move(pts);
  s.radius = r;
  return s;
}

/// Signed distance of p to s, rounded, with its exact counterpart checked bit for bit.
double rounded(const Shape& s, Point p) {
  const PreparedPair pp = PreparedPair::against_point(s);
  const double fast = pp.signed_distance_after_translation_rounded(p);
  const double exact = static_cast<double>(pp.signed_distance_after_translation(p));
  EXPECT_EQ(std::bit_cast<std::uint64_t>(fast), std::bit_cast<std::uint64_t>(exact))
      << "p = (" << p.x << ", " << p.y << "): " << fast << " vs exact " << exact;
  return fast;
}

ExactPoint ep(double x, double y) { return {{x, 0}, {y, 0}}; }

TEST(RoundedDistance, HandDerivedValues) {
  // 3-4-5 triangle: |(3, 4) − (0, 0)| = 5.
  EXPECT_EQ(rounded(shape({{0, 0}}), {3, 4}), 5.0);
  // Unit square: (0.5, 0.25) is 0.25 inside the bottom edge; (2, 0.5) is 1 right of the right edge.
  const Shape square = shape({{0, 0}, {1, 0}, {1, 1}, {0, 1}});
  EXPECT_EQ(rounded(square, {0.5, 0.25}), -0.25);
  EXPECT_EQ(rounded(square, {2, 0.5}), 1.0);
  // Rounded square, radius 0.5: 1 − 0.5 outside, −(0.25 + 0.5) inside.
  const Shape rounded_square = shape({{0, 0}, {1, 0}, {1, 1}, {0, 1}}, 0.5);
  EXPECT_EQ(rounded(rounded_square, {2, 0.5}), 0.5);
  EXPECT_EQ(rounded(rounded_square, {0.5, 0.25}), -0.75);
  // On the boundary of the core: −r exactly.
  EXPECT_EQ(rounded(rounded_square, {1, 0.5}), -0.5);
  // Circle of radius 5 and a point at distance 5: touching, exactly 0.
  EXPECT_EQ(rounded(shape({{0, 0}}, 5), {3, 4}), 0.0);
  // Exactly halfway: |(1, 0) − (−2^-53, 0)| = 1 + 2^-53, between 1 and 1 + 2^-52; ties to even.
  EXPECT_EQ(rounded(shape({{1, 0}}), {-0x1p-53, 0}), 1.0);
  // sqrt(1 + 2^-60) = 1 + 2^-61 − …, below the halfway point 1 + 2^-53: rounds to 1.
  EXPECT_EQ(rounded(shape({{0, 0}}), {1, 0x1p-30}), 1.0);
  // Outside the expansion path's domain (1e100 > 2^190): the exact path answers.
  EXPECT_EQ(rounded(shape({{0, 0}}), {1e100, 0}), 1e100);
}

// An exact tie the exact path rounds the wrong way: D = A − B =
// (3, 4)·(2^186 + 2^-69), so |D| = 5·2^186 + 5·2^-69; r = 5·2^186 + r_b with r_b = 2^-69 − 2^-120
// (0x1.ffffffffffffcp-70); V = |D| − r = 2^-67 + 2^-120, exactly halfway between 2^-67 and its
// successor 2^-67 + 2^-119. Ties to even: 2^-67. The 257-bit exact path holds V inexactly (the
// inputs span ~256 bits) and rounds up; the rounded API gives the correctly rounded value.
TEST(RoundedDistance, ExactTieRoundsToEven) {
  Shape a = shape({{3 * 0x1p186, 4 * 0x1p186}}, 5 * 0x1p186);
  Shape b = shape({{-3 * 0x1p-69, -4 * 0x1p-69}}, 0x1.ffffffffffffcp-70);
  EXPECT_EQ(PreparedPair(a, b).signed_distance_after_translation_rounded({0, 0}), 0x1p-67);
  // The expansion path itself on the same tie, and on 1 + 2^-53 (HandDerivedValues): even.
  EXPECT_EQ(rounded_signed_distance(ep(1, 0), nullptr, ep(-0x1p-53, 0), 0, 0, false), 1.0);
}

TEST(RoundedDistance, ExpansionPathDeclinesWhatItCannotCertify) {
  // Touching, on the feature, and out of the domain.
  EXPECT_FALSE(rounded_signed_distance(ep(0, 0), nullptr, ep(3, 4), 5, 0, false));
  EXPECT_FALSE(rounded_signed_distance(ep(0, 0), nullptr, ep(0, 0), 0, 0, false));
  EXPECT_FALSE(rounded_signed_distance(ep(0, 0), nullptr, ep(1e100, 0), 0, 0, false));
  // And decides the plain ones: 5; the edge (0,0)→(4,0) seen from (1, 3), radius 1: 3 − 1;
  // inside the same edge's half-plane at depth 0.25 with radius 0.5: −0.75.
  EXPECT_EQ(rounded_signed_distance(ep(0, 0), nullptr, ep(3, 4), 0, 0, false), 5.0);
  const ExactPoint b = ep(4, 0);
  EXPECT_EQ(rounded_signed_distance(ep(0, 0), &b, ep(1, 3), 1, 0, false), 2.0);
  const ExactPoint b2 = ep(0, 0);
  EXPECT_EQ(rounded_signed_distance(ep(4, 0), &b2, ep(1, 0.25), 0.25, 0.25, true), -0.75);
}

/// A random coordinate at scale 2^k: mantissa uniform in (−1, 1), exponent k ± 4 (the
/// coordinates of one case share a scale, as a shape's do). Two statements: the order in which
/// function arguments are evaluated is unspecified, and GCC and Clang differ, which would give
/// the two builds different cases.
double random_coord(std::mt19937_64& rng, int k) {
  std::uniform_real_distribution<double> m(-1, 1);
  std::uniform_int_distribution<int> jitter(-4, 4);
  const double mantissa = m(rng);
  const int exponent = k + jitter(rng);
  return std::ldexp(mantissa, exponent);
}

/// A case's scale exponent, uniform in [−e, e].
int random_scale(std::mt19937_64& rng, int e) {
  return std::uniform_int_distribution<int>(-e, e)(rng);
}

struct Tally {
  int asked = 0, decided = 0;
};

/// The exact signed distance from p to the feature (point a, or the line through a and b) with
/// radius r, p outside the core, evaluated independently of the oracle in Rationals and then
/// in Real as the oracle defines magnitudes (oracle.cpp): sqrt(q) for r = 0, otherwise
/// (q − r²)/(sqrt(q) + r), each operation rounded to nearest at Real's precision.
struct FeatureDistance {
  double rounded;
  bool exactly_zero;  ///< s = 0 (p on the feature) or V = 0 (touching): declined by design
};
FeatureDistance exact_feature_distance(const Point& a, const Point* b, const Point& p, double r) {
  const Rational px(p.x), py(p.y), ax = Rational(a.x) - px, ay = Rational(a.y) - py;
  Rational q;
  if (!b) {
    q = ax * ax + ay * ay;
  } else {
    const Rational bx = Rational(b->x) - px, by = Rational(b->y) - py;
    const Rational c = ax * by - ay * bx, ex = bx - ax, ey = by - ay;
    q = c * c / (ex * ex + ey * ey);
  }
  const bool zero = q == 0 || q == Rational(r) * Rational(r);
  Real root;
  root.backend() = q.backend();
  root = sqrt(root);
  if (r == 0) return {static_cast<double>(root), zero};
  Real num;
  num.backend() = Rational(q - Rational(r) * Rational(r)).backend();
  return {static_cast<double>(num / (root + Real(r))), zero};
}

/// Compares the expansion path on feature (a, b) with exact_feature_distance for point p and
/// counts how often it decided (cases declined by design, an exact 0, are not counted).
void check_feature(const Point& a, const Point* b, Point p, double r, Tally& t,
                   const std::string& what) {
  const FeatureDistance fd = exact_feature_distance(a, b, p, r);
  const double exact = fd.rounded;
  const ExactPoint eb = b ? ep(b->x, b->y) : ExactPoint{};
  const std::optional<double> got =
      rounded_signed_distance(ep(a.x, a.y), b ? &eb : nullptr, ep(p.x, p.y), r, 0, false);
  if (!fd.exactly_zero) ++t.asked;
  if (got) {
    ++t.decided;
    ASSERT_EQ(std::bit_cast<std::uint64_t>(*got), std::bit_cast<std::uint64_t>(exact))
        << what << ": a = (" << a.x << ", " << a.y << ") p = (" << p.x << ", " << p.y
        << ") r = " << r << ": " << *got << " vs exact " << exact;
  }
}

TEST(RoundedDistance, VerticesAndEdgesDecideAndMatchExact) {
  std::mt19937_64 rng(20261125);
  std::uniform_real_distribution<double> unit(0, 1);
  Tally vertex, edge, on_circle;
  for (int i = 0; i < kCases; ++i) {
    const int e = random_scale(rng, 60);  // scales 2^-60 … 2^60
    const Point a{random_coord(rng, e), random_coord(rng, e)};
    const Point p{random_coord(rng, e), random_coord(rng, e)};
    const double r = i % 2 ? std::fabs(random_coord(rng, e)) : 0;
    check_feature(a, nullptr, p, r, vertex, "vertex");
    // A point on (rounded to) the circle of radius r around a: V is a few ulps of r at most,
    // the witness points a judge checks on rounded shapes.
    if (r > 0) {
      const double th = 6.283185307179586 * unit(rng);
      check_feature(a, nullptr, {a.x + r * std::cos(th), a.y + r * std::sin(th)}, r, on_circle,
                    "on circle");
    }
    // An edge and a point near its line (the feature is the line: where the foot falls does not
    // matter to the expansion path, which is told the feature).
    const Point b{a.x + random_coord(rng, e), a.y + random_coord(rng, e)};
    if (b.x == a.x && b.y == a.y) continue;  // no line
    const double t = 0.25 + 0.5 * unit(rng),
                 h = (i % 3 == 0) ? 0x1p-40 * unit(rng) : 0.1 * unit(rng);
    const Point q{a.x + t * (b.x - a.x) - h * (b.y - a.y), a.y + t * (b.y - a.y) + h * (b.x - a.x)};
    check_feature(a, &b, q, r, edge, "edge");
  }
  std::printf("decided by the expansion path: vertex %d of %d, edge %d of %d, on circle %d of %d\n",
              vertex.decided, vertex.asked, edge.decided, edge.asked, on_circle.decided,
              on_circle.asked);
  for (const auto& [name, t] :
       {std::pair{"vertex", vertex}, {"edge", edge}, {"on circle", on_circle}}) {
    EXPECT_GE(t.decided, kMinDecidedShare * t.asked)
        << name << ": decided " << t.decided << " of " << t.asked;
    EXPECT_GT(t.asked, kCases / 3) << name;
  }
}

/// Random polygons (some rounded), points anywhere, near edges, at vertices, inside, and
/// translations of a pair: the public rounded answer equals the exact one rounded, bit for bit.
TEST(RoundedDistance, PolygonsAndTranslationsMatchExact) {
  std::mt19937_64 rng(7251);
  std::uniform_real_distribution<double> unit(0, 1);
  for (int i = 0; i < kCases / 4; ++i) {
    const int e = random_scale(rng, 40);
    auto polygon = [&] {
      std::vector<Point> pts(3 + i % 6);
      const double cx = random_coord(rng, e), cy = random_coord(rng, e),
                   rad = std::ldexp(1.0, (i % 7) - 3);
      for (Point& q : pts) {
        const double th = 6.283185307179586 * unit(rng);
        q = {cx + rad * std::cos(th), cy + rad * std::sin(th)};
      }
      return shape(pts, i % 3 == 0 ? rad * unit(rng) : 0);
    };
    const Shape s = polygon();
    const Point v0 = s.points[0], v1 = s.points[1];
    const double t = unit(rng);
    std::ostringstream where;
    where << "case " << i;
    SCOPED_TRACE(where.str());
    rounded(s,
            {v0.x + t * (v1.x - v0.x), v0.y + t * (v1.y - v0.y)});  // near (rounded onto) a chord
    rounded(s, v0);                                                 // at a point
    rounded(s, {(v0.x + v1.x + s.points[2].x) / 3, (v0.y + v1.y + s.points[2].y) / 3});  // inside
    rounded(s, {v0.x + random_coord(rng, e), v0.y + random_coord(rng, e)});              // anywhere
    const Shape s2 = polygon();
    const PreparedPair pair(s, s2);
    for (int k = 0; k < 4; ++k) {
      const Point v{random_coord(rng, e), random_coord(rng, e)};
      const double fast = pair.signed_distance_after_translation_rounded(v);
      const double exact = static_cast<double>(pair.signed_distance_after_translation(v));
      ASSERT_EQ(std::bit_cast<std::uint64_t>(fast), std::bit_cast<std::uint64_t>(exact))
          << "translation (" << v.x << ", " << v.y << "): " << fast << " vs " << exact;
    }
  }
}

}  // namespace

}  // namespace rounded_distance_test_cpp
