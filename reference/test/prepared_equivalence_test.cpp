// Equivalence of the prepared-pair answers with a straightforward computation.
//
// PreparedPair caches rational hull vertices, computes squared distances in reused GMP scratch
// values and answers a translation's signed distance without building a PairAnswer. None of this
// may change an answer. Each case here is answered a second time by a direct, independent
// computation in plain Rationals: D's hull by the rational boundary walk (hull_boundary_walk, no
// Qhull, no staged predicates), the point's location by rational orientations, and the squared
// distance as the minimum over every hull edge (segment distance outside, line distance inside:
// inside a convex polygon the distance to the boundary is the smallest distance to an edge's
// line, since the polygon is the intersection of the edges' half-planes). Magnitudes are then
// r ± sqrt(q) in Real, the definition in oracle.hpp. Everything must be equal bit for bit.
// Seeded; a failure prints the case.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <sstream>

#include "minkowski/reference/hull.hpp"
#include "minkowski/reference/oracle.hpp"

// This file's names, in a namespace of their own: the test command compiles the suite as
// one translation unit (cmake/PrecompiledHeaders.cmake, minkowski_unity).
namespace prepared_equivalence_test_cpp {

namespace {

using namespace minkowski::reference;

/// Number of random cases per test (the brief asks for "a few thousand").
constexpr int kCases = 3000;
/// Translations asked per prepared pair (the judge asks about a dozen per case).
constexpr int kTranslationsPerPair = 6;

Real to_real(const Rational& q) {
  Real r;
  r.backend() = q.backend();  // mpfr_set_q, as the oracle converts
  return r;
}

Rational cross(const RationalPoint& a, const RationalPoint& b) { return a.x * b.y - a.y * b.x; }
Rational dot(const RationalPoint& a, const RationalPoint& b) { return a.x * b.x + a.y * b.y; }
RationalPoint sub(const RationalPoint& a, const RationalPoint& b) { return {a.x - b.x, a.y - b.y}; }

/// The straightforward answer for point p relative to conv{pts} with radius r.
struct Direct {
  CoreLocation location = CoreLocation::outside;
  Rational q;             ///< squared distance to core(D) (outside) or to its boundary
  RationalPoint closest;  ///< outside: the nearest point of core(D)
  std::vector<RationalPoint> inside_normals;  ///< inside: outward normals of the nearest edges
  Real signed_distance;
};

Direct direct(const std::vector<ExactPoint>& pts, const RationalPoint& p, const Rational& r) {
  const std::vector<std::uint32_t> hv = hull_boundary_walk(pts).vertices;
  std::vector<RationalPoint> h;
  for (const std::uint32_t i : hv) h.push_back(to_rational(pts[i]));
  Direct out;
  auto segment = [&](const RationalPoint& a, const RationalPoint& b, RationalPoint& c) {
    const RationalPoint e = sub(b, a);
    Rational t = dot(sub(p, a), e) / dot(e, e);
    if (t < 0) t = 0;
    if (t > 1) t = 1;
    c = {a.x + t * e.x, a.y + t * e.y};
    const RationalPoint d = sub(p, c);
    return dot(d, d);
  };
  bool all_left = h.size() >= 3, on_edge = false;
  for (std::size_t k = 0; k < h.size() && h.size() >= 3; ++k) {
    const Rational o = cross(sub(h[(k + 1) % h.size()], h[k]), sub(p, h[k]));
    all_left = all_left && o >= 0;
    on_edge = on_edge || o == 0;
  }
  if (all_left && !on_edge) {  // strictly inside: nearest edge lines
    out.location = CoreLocation::inside;
    bool first = true;
    for (std::size_t k = 0; k < h.size(); ++k) {
      const RationalPoint e = sub(h[(k + 1) % h.size()], h[k]);
      const Rational c = cross(e, sub(p, h[k]));
      const Rational q = c * c / dot(e, e);
      if (first || q < out.q) {
        out.q = q;
        out.inside_normals.clear();
        first = false;
      }
      if (q == out.q) out.inside_normals.push_back({e.y, -e.x});
    }
    out.signed_distance = -(sqrt(to_real(out.q)) + to_real(r));
    return out;
  }
  // Outside or on the boundary: nearest point over every edge (or the single vertex).
  if (h.size() == 1) {
    out.closest = h[0];
    const RationalPoint d = sub(p, h[0]);
    out.q = dot(d, d);
  } else {
    for (std::size_t k = 0; k < h.size(); ++k) {
      RationalPoint c;
      const Rational q = segment(h[k], h[(k + 1) % h.size()], c);
      if (k == 0 || q < out.q) out.q = q, out.closest = c;
    }
  }
  if (out.q == 0) {
    out.location = CoreLocation::boundary;
    out.signed_distance = -to_real(r);
  } else {
    // sqrt(q) − r, written as (q − r²)/(sqrt(q) + r) when r > 0: an exact numerator, so the sign
    // stays exact where the difference would cancel (the oracle's form too; see
    // FuzzFindings.SignOfSignedDistanceIsExactUnderCancellation).
    out.signed_distance = r == 0 ? sqrt(to_real(out.q))
                                 : to_real(out.q - r * r) / (sqrt(to_real(out.q)) + to_real(r));
  }
  return out;
}

std::vector<ExactPoint> differences(const Shape& a, const Shape& b) {
  std::vector<ExactPoint> out;
  for (const Point& pa : a.points)
    for (const Point& pb : b.points)
      out.push_back({exact_difference(pa.x, pb.x), exact_difference(pa.y, pb.y)});
  return out;
}

/// Random and degenerate shapes: clouds, grid points (so that translations hit vertices and edges
/// exactly), collinear sets, duplicates, single points; radii 0 or not; scales from 1e-3 to 1e6.
class Cases {
 public:
  /// `min_scale_exp`..`max_scale_exp`: binary exponents of the shapes' scale.
  explicit Cases(std::uint64_t seed, int min_scale_exp = -10, int max_scale_exp = 20)
      : rng_(seed), min_exp_(min_scale_exp), max_exp_(max_scale_exp) {}

  Shape shape() {
    Shape s;
    const int kind = pick(5), n = 1 + pick(8);
    const double scale = std::ldexp(1.0, min_exp_ + pick(max_exp_ - min_exp_ + 1));
    const double off = scale * std::floor(unit() * 4);
    for (int i = 0; i < n; ++i) {
      switch (kind) {
        case 0:
          s.points.push_back({off + scale * unit(), off + scale * unit()});
          break;  // cloud
        case 1:
          s.points.push_back({off + scale * grid(), off + scale * grid()});
          break;  // grid
        case 2: {
          const double t = grid();
          s.points.push_back({off + scale * t, off + scale * 0.5 * t});
          break;
        }
        case 3:
          s.points.push_back(i % 2 ? s.points.back() : Point{off + scale * grid(), scale * grid()});
          break;
        default:
          s.points.push_back({off, off});
          break;  // a single (repeated) point
      }
    }
    s.radius = pick(3) == 0 ? scale * std::fabs(grid()) / 4 : 0;
    return s;
  }
  /// A translation: random, zero, or built from the shapes' coordinates (hits exact contacts).
  Point translation(const Shape& a, const Shape& b) {
    const Point& pa = a.points[pick(static_cast<int>(a.points.size()))];
    const Point& pb = b.points[pick(static_cast<int>(b.points.size()))];
    switch (pick(4)) {
      case 0:
        return {0, 0};
      case 1:
        return {pa.x - pb.x, pa.y - pb.y};
      case 2:
        return {(pa.x - pb.x) / 2, pa.y - pb.y};
      default:
        return {pa.x + unit() * (1 + std::fabs(pa.x)), pa.y + unit() * (1 + std::fabs(pa.y))};
    }
  }

 private:
  int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng_); }
  double unit() { return std::uniform_real_distribution<double>(-1, 1)(rng_); }
  double grid() { return static_cast<double>(pick(9) - 4); }
  std::mt19937_64 rng_;
  int min_exp_, max_exp_;
};

std::string describe(const Shape& a, const Shape& b, Point v) {
  std::ostringstream o;
  o.precision(17);
  auto shape = [&](const Shape& s) {
    o << "{r=" << s.radius << ":";
    for (const Point& p : s.points) o << " (" << p.x << ", " << p.y << ")";
    o << "}";
  };
  o << "A=";
  shape(a);
  o << " B=";
  shape(b);
  o << " v=(" << v.x << ", " << v.y << ")";
  return o.str();
}

/// The seed of the random cases (any value; fixed so that a failure reproduces).
constexpr std::uint64_t kSeed = 20261123;

TEST(PreparedEquivalence, TranslationsMatchTheDirectComputation) {
  Cases cases(kSeed);
  int boundary = 0, inside = 0, outside = 0;
  for (int i = 0; i < kCases; ++i) {
    const Shape a = cases.shape(), b = cases.shape();
    const PreparedPair prepared(a, b);
    const Rational r = Rational(a.radius) + Rational(b.radius);
    const std::vector<ExactPoint> pts = differences(a, b);
    for (int t = 0; t < kTranslationsPerPair; ++t) {
      const Point v = cases.translation(a, b);
      const Direct want = direct(pts, {Rational(v.x), Rational(v.y)}, r);
      ASSERT_EQ(prepared.signed_distance_after_translation(v), want.signed_distance)
          << describe(a, b, v);
      boundary += want.location == CoreLocation::boundary;
      inside += want.location == CoreLocation::inside;
      outside += want.location == CoreLocation::outside;
    }
  }
  // The generator must reach every location, or the test checks less than it claims.
  EXPECT_GT(boundary, 100);
  EXPECT_GT(inside, 100);
  EXPECT_GT(outside, 100);
}

/// Cases per scale range in the extreme-scale tests.
constexpr int kExtremeCases = 300;

void expect_direct_answers_at_scales(int lo, int hi) {
  Cases cases(kSeed + 3, lo, hi);
  for (int i = 0; i < kExtremeCases; ++i) {
    const Shape a = cases.shape(), b = cases.shape();
    const PreparedPair prepared(a, b);
    const Rational r = Rational(a.radius) + Rational(b.radius);
    const std::vector<ExactPoint> pts = differences(a, b);
    ASSERT_EQ(prepared.query(Detail::magnitudes).signed_distance,
              direct(pts, {Rational(0), Rational(0)}, r).signed_distance)
        << describe(a, b, {0, 0});
    for (int t = 0; t < kTranslationsPerPair; ++t) {
      const Point v = cases.translation(a, b);
      ASSERT_EQ(prepared.signed_distance_after_translation(v),
                direct(pts, {Rational(v.x), Rational(v.y)}, r).signed_distance)
          << describe(a, b, v);
    }
  }
}

/// Large and small magnitudes: the integer form of a squared distance then spans several
/// limbs. The ranges keep the fourth powers of the coordinates (an edge's squared cross
/// product) within double range, and both shapes at similar scales; see the disabled tests.
TEST(PreparedEquivalence, WideScalesMatchTheDirectComputation) {
  expect_direct_answers_at_scales(-250, -200);
  expect_direct_answers_at_scales(200, 250);
}

/// Shapes at very different scales, translated so that B + v is exactly the origin: a NaN
/// interval bound must not prune a candidate. A = {(-8.3076749736557242e35, -9.969209968386869e35),
/// (-8.3076749736557242e35, -4.9846049841934345e35), (1.6615349947311448e35,
/// -8.3076749736557242e35), (-6.6461399789245794e35, -9.969209968386869e35),
/// (-9.969209968386869e35, -4.9846049841934345e35)}, B = {(-4.2124916667422875e65,
/// -4.2124916667422875e65)}, v = (4.2124916667422875e65, same): B + v = {(0, 0)} and query(A, {(0,
/// 0)}).signed_distance = 7.3559289935967992658e35 (which the direct computation confirms); a
/// pruning NaN bound makes PreparedPair(A, B).signed_distance_after_translation(v)
/// 8.4721993606513924732e35. D's points then share their hi parts (a − b rounds to −b) and differ
/// only in lo.
TEST(PreparedEquivalence, MixedScalesMatchTheDirectComputation) {
  expect_direct_answers_at_scales(-240, 240);
}

/// Coordinates whose fourth powers underflow or overflow double (about below 1e-77 or above
/// 1e77, e.g. subnormals): Solver::approx_q of an edge can be 0/0 or inf/inf = NaN, and a NaN
/// bound must not make minimize() lose the nearest edge (it never prunes on one). Such a case:
/// A = {(0, -16384u), (-16384u, 0), (0, -49152u)} r = 4097u, B = {(u, -2u)} r = u with
/// u = 2^-1074: the distance is ~7487.6u (a lost nearest edge gives 12285u).
TEST(PreparedEquivalence, ExtremeScalesMatchTheDirectComputation) {
  expect_direct_answers_at_scales(-1074, -1040);
  expect_direct_answers_at_scales(480, 520);
}

TEST(PreparedEquivalence, PairQueryMatchesTheDirectComputation) {
  Cases cases(kSeed + 1);
  for (int i = 0; i < kCases; ++i) {
    const Shape a = cases.shape(), b = cases.shape();
    const Rational r = Rational(a.radius) + Rational(b.radius);
    const Direct want = direct(differences(a, b), {Rational(0), Rational(0)}, r);
    for (const Detail detail : {Detail::full, Detail::magnitudes}) {
      const PairAnswer got = PreparedPair(a, b).query(detail);
      const std::string where = describe(a, b, {0, 0});
      ASSERT_EQ(got.core_location, want.location) << where;
      ASSERT_EQ(got.core_squared, want.q) << where;
      ASSERT_EQ(got.signed_distance, want.signed_distance) << where;
      ASSERT_EQ(got.relation, want.location == CoreLocation::boundary
                                  ? (r == 0 ? Relation::touching : Relation::overlapping)
                              : want.location == CoreLocation::inside ? Relation::overlapping
                              : want.q > r * r                        ? Relation::separated
                              : want.q == r * r                       ? Relation::touching
                                                                      : Relation::overlapping)
          << where;
      if (a.radius == 0 && b.radius == 0) {
        ASSERT_TRUE(got.squared.has_value()) << where;
        ASSERT_EQ(*got.squared, want.q) << where;
      }
      if (want.location ==
          CoreLocation::outside) {  // the one direction: from the closest point to the origin
        ASSERT_EQ(got.directions.size(), 1u) << where;
        ASSERT_EQ(got.directions[0].kind, DirectionSet::Kind::ray) << where;
        ASSERT_EQ(got.directions[0].from, (RationalPoint{-want.closest.x, -want.closest.y}))
            << where;
      } else if (want.location == CoreLocation::inside) {  // every nearest edge's normal, once
        ASSERT_EQ(got.directions.size(), want.inside_normals.size()) << where;
        for (const RationalPoint& n : want.inside_normals) {
          int found = 0;
          for (const DirectionSet& ds : got.directions)
            found += ds.kind == DirectionSet::Kind::ray && ds.from == n;
          ASSERT_EQ(found, 1) << where;
        }
      } else {
        ASSERT_FALSE(got.directions.empty()) << where;
      }
    }
  }
}

TEST(PreparedEquivalence, PointDistancesMatchThePairQueryAndTheDirectComputation) {
  Cases cases(kSeed + 2);
  for (int i = 0; i < kCases; ++i) {
    const Shape s = cases.shape(), other = cases.shape();
    const PreparedPair prepared = PreparedPair::against_point(s);
    const PreparedPair pair(s, other);
    const PreparedPair from_pair_a = pair.a_against_point(), from_pair_b = pair.b_against_point();
    const PreparedPair prepared_other = PreparedPair::against_point(other);
    const Shape origin{{{0, 0}}, 0};
    for (int t = 0; t < kTranslationsPerPair; ++t) {
      const Point p = cases.translation(s, other);
      const Real got = prepared.signed_distance_after_translation(p);
      // The pair's own shapes against a point (hulls reused) answer as against_point does.
      ASSERT_EQ(from_pair_a.signed_distance_after_translation(p), got) << describe(s, origin, p);
      ASSERT_EQ(from_pair_b.signed_distance_after_translation(p),
                prepared_other.signed_distance_after_translation(p))
          << describe(other, origin, p);
      // Direct: the point against conv(s) (D = s − {0}).
      ASSERT_EQ(got,
                direct(differences(s, origin), {Rational(p.x), Rational(p.y)}, Rational(s.radius))
                    .signed_distance)
          << describe(s, origin, p);
      // The full pair path (Qhull-built D = s − {p}, PairAnswer) answers the same.
      ASSERT_EQ(got, query(s, Shape{{p}, 0}, Detail::magnitudes).signed_distance)
          << describe(s, origin, p);
    }
  }
}

}  // namespace

}  // namespace prepared_equivalence_test_cpp
