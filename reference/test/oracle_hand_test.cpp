// Exact answers derived by hand for small pairs (squares, segments, points, circles, capsules,
// containment, ties, translations). Every expected value below is worked out in the comment
// above it from the shapes' coordinates; none was copied from the oracle's output.
#include <gtest/gtest.h>

#include "minkowski/reference/oracle.hpp"

// This file's names, in a namespace of their own: the test command compiles the suite as
// one translation unit (cmake/PrecompiledHeaders.cmake, minkowski_unity).
namespace oracle_hand_test_cpp {

namespace {

using namespace minkowski::reference;

Shape box(double x0, double y0, double x1, double y1, double r = 0) {
  return {{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}, r};
}
RationalPoint rp(Rational x, Rational y) { return {std::move(x), std::move(y)}; }

/// True when exactly the given directions (as rays, up to positive scale) are reported.
void expect_rays(const PairAnswer& r, std::vector<RationalPoint> dirs) {
  ASSERT_EQ(r.directions.size(), dirs.size());
  for (const RationalPoint& d : dirs) {
    bool found = false;
    for (const DirectionSet& ds : r.directions)
      found |= ds.kind == DirectionSet::Kind::ray && ds.contains(d);
    EXPECT_TRUE(found) << "direction (" << d.x << ", " << d.y << ") missing";
  }
}

// A = [0,1]², B = [0.5,1.5]×[0.25,1.25]. D = A − B = [−1.5,0.5]×[−1.25,0.75]; the origin's
// distances to D's edges are 1.5, 0.5, 1.25, 0.75, so depth 0.5 along +x: translate B by (0.5, 0).
TEST(ReferenceHand, OverlappingUnitSquares) {
  PairAnswer r = query(box(0, 0, 1, 1), box(0.5, 0.25, 1.5, 1.25));
  EXPECT_EQ(r.relation, Relation::overlapping);
  EXPECT_EQ(r.core_location, CoreLocation::inside);
  EXPECT_EQ(*r.squared, Rational(1, 4));
  EXPECT_EQ(r.signed_distance, Real(-0.5));
  expect_rays(r, {rp(1, 0)});
  EXPECT_EQ(*r.directions[0].mtv, rp(Rational(1, 2), 0));
  EXPECT_FALSE(r.witness);
}

// Edge–edge contact: B = [1,2]×[0,1] shares A's edge x = 1. D = [−2,0]×[−1,1]: the origin lies
// inside D's edge x = 0, whose outward normal is +x.
TEST(ReferenceHand, TouchingSquaresEdgeEdge) {
  PairAnswer r = query(box(0, 0, 1, 1), box(1, 0, 2, 1));
  EXPECT_EQ(r.relation, Relation::touching);
  EXPECT_EQ(r.core_location, CoreLocation::boundary);
  EXPECT_EQ(*r.squared, 0);
  EXPECT_EQ(r.signed_distance, 0);
  expect_rays(r, {rp(1, 0)});
  ASSERT_TRUE(r.witness);
  EXPECT_EQ(r.witness->core_a, r.witness->core_b);  // a contact point common to both
  EXPECT_EQ(r.witness->core_a.x, 1);
}

// Vertex–edge: B's vertex (1, 0.5) touches A's edge x = 1 from the right. D's boundary passes
// through the origin on the edge (A's edge x=1) − (1, 0.5), outward normal +x.
TEST(ReferenceHand, TouchingVertexEdge) {
  Shape tri{{{1, 0.5}, {2, 0}, {2, 1}}, 0};
  PairAnswer r = query(box(0, 0, 1, 1), tri);
  EXPECT_EQ(r.relation, Relation::touching);
  expect_rays(r, {rp(1, 0)});
  EXPECT_EQ(r.witness->core_a, rp(1, Rational(1, 2)));
  EXPECT_EQ(r.witness->core_b, rp(1, Rational(1, 2)));
}

// Vertex–vertex: B = [1,2]² meets A = [0,1]² at (1,1) only. D = [−2,0]², the origin is D's
// vertex (0,0) where the edge normals +x and +y meet: every direction from +x to +y is optimal.
TEST(ReferenceHand, TouchingVertexVertexGivesNormalCone) {
  PairAnswer r = query(box(0, 0, 1, 1), box(1, 1, 2, 2));
  EXPECT_EQ(r.relation, Relation::touching);
  ASSERT_EQ(r.directions.size(), 1u);
  const DirectionSet& c = r.directions[0];
  EXPECT_EQ(c.kind, DirectionSet::Kind::cone);
  EXPECT_TRUE(c.contains(rp(1, 0)));
  EXPECT_TRUE(c.contains(rp(1, 1)));
  EXPECT_TRUE(c.contains(rp(0, 1)));
  EXPECT_FALSE(c.contains(rp(-1, 0)));
  EXPECT_FALSE(c.contains(rp(1, -1)));
  EXPECT_EQ(r.witness->core_a, rp(1, 1));
}

// B = [1,2]×[1,3] inside A = [0,4]². D = [−2,3]×[−3,3]: distances 2 (left), 3, 3, 3; depth 2
// along −x (push B out through A's left side), squared 4.
TEST(ReferenceHand, SquareInsideSquare) {
  PairAnswer r = query(box(0, 0, 4, 4), box(1, 1, 2, 3));
  EXPECT_EQ(r.relation, Relation::overlapping);
  EXPECT_EQ(*r.squared, 4);
  expect_rays(r, {rp(-1, 0)});
  EXPECT_EQ(*r.directions[0].mtv, rp(-2, 0));
}

// B = [1,3]² centred in A = [0,4]²: D = [−3,3]², all four edges at distance 3 — four tied
// directions, squared depth 9.
TEST(ReferenceHand, CentredSquareInsideSquareHasFourTiedDirections) {
  PairAnswer r = query(box(0, 0, 4, 4), box(1, 1, 3, 3));
  EXPECT_EQ(*r.squared, 9);
  expect_rays(r, {rp(1, 0), rp(-1, 0), rp(0, 1), rp(0, -1)});
}

// Identical unit squares: D = [−1,1]², depth 1 in four directions.
TEST(ReferenceHand, IdenticalSquares) {
  PairAnswer r = query(box(0, 0, 1, 1), box(0, 0, 1, 1));
  EXPECT_EQ(r.relation, Relation::overlapping);
  EXPECT_EQ(*r.squared, 1);
  expect_rays(r, {rp(1, 0), rp(-1, 0), rp(0, 1), rp(0, -1)});
}

// Segments (0,0)–(2,2) and (0,2)–(2,0) cross at (1,1). D = hull{(0,−2), (−2,0), (2,0), (0,2)},
// a diamond whose edges lie at distance 2/√2 from the origin: squared depth 2, four tied
// diagonal directions (translate B by (1,1): it then touches A at (2,2)).
TEST(ReferenceHand, CrossingSegments) {
  Shape a{{{0, 0}, {2, 2}}, 0}, b{{{0, 2}, {2, 0}}, 0};
  PairAnswer r = query(a, b);
  EXPECT_EQ(r.relation, Relation::overlapping);
  EXPECT_EQ(*r.squared, 2);
  expect_rays(r, {rp(1, 1), rp(-1, 1), rp(1, -1), rp(-1, -1)});
  for (const DirectionSet& d : r.directions) {
    const RationalPoint& m = *d.mtv;
    EXPECT_EQ(m.x * m.x + m.y * m.y, 2) << "mtv length²";
  }
}

// Points (1,2) and (4,6): distance 5, direction (3,4) from A to B.
TEST(ReferenceHand, PointShapes) {
  PairAnswer r = query(Shape{{{1, 2}}, 0}, Shape{{{4, 6}}, 0});
  EXPECT_EQ(r.relation, Relation::separated);
  EXPECT_EQ(*r.squared, 25);
  EXPECT_EQ(r.signed_distance, 5);
  expect_rays(r, {rp(3, 4)});
  EXPECT_EQ(r.witness->core_a, rp(1, 2));
  EXPECT_EQ(r.witness->core_b, rp(4, 6));
  // Coincident points touch; D is the origin itself, so every direction is a contact normal.
  PairAnswer same = query(Shape{{{1, 2}}, 0}, Shape{{{1, 2}}, 0});
  EXPECT_EQ(same.relation, Relation::touching);
  ASSERT_EQ(same.directions.size(), 1u);
  EXPECT_EQ(same.directions[0].kind, DirectionSet::Kind::all);
}

// a − b is not a double: 1e16 − 0.5 rounds to 1e16 in double, but the squared distance must be
// (1e16 − 1/2)² exactly.
TEST(ReferenceHand, DifferenceThatIsNotADoubleIsExact) {
  PairAnswer r = query(Shape{{{1e16, 0}}, 0}, Shape{{{0.5, 0}}, 0});
  const Rational d = Rational(1e16) - Rational(1, 2);
  EXPECT_EQ(*r.squared, d * d);
}

// Circles centred (0,0) r = 1 and (3,0) r = 2: centre distance 3 = r_a + r_b, tangent at (1,0).
TEST(ReferenceHand, TangentCircles) {
  PairAnswer r = query(Shape{{{0, 0}}, 1}, Shape{{{3, 0}}, 2});
  EXPECT_EQ(r.relation, Relation::touching);
  EXPECT_EQ(r.core_squared, 9);
  EXPECT_FALSE(r.squared);  // radius > 0: no rational squared distance
  EXPECT_EQ(r.signed_distance, 0);
  expect_rays(r, {rp(1, 0)});
  EXPECT_EQ(r.witness->point_a[0], 1);
  EXPECT_EQ(r.witness->point_b[0], 1);
  EXPECT_EQ(r.witness->point_a[1], 0);
}

// Concentric circles r = 1 and r = 2: D is the disc of radius 3 at the origin; depth 3, and every
// direction is optimal. Separated circles (0,0) r 1 and (5,0) r 1: distance 3.
TEST(ReferenceHand, ConcentricAndSeparatedCircles) {
  PairAnswer c = query(Shape{{{0, 0}}, 1}, Shape{{{0, 0}}, 2});
  EXPECT_EQ(c.relation, Relation::overlapping);
  EXPECT_EQ(c.signed_distance, -3);
  ASSERT_EQ(c.directions.size(), 1u);
  EXPECT_EQ(c.directions[0].kind, DirectionSet::Kind::all);
  PairAnswer s = query(Shape{{{0, 0}}, 1}, Shape{{{5, 0}}, 1});
  EXPECT_EQ(s.relation, Relation::separated);
  EXPECT_EQ(s.signed_distance, 3);
}

// Capsule: segment (0,0)–(4,0) with r = 1. Square [1,3]×[2,3] lies 2 above the core: distance
// 2 − 1 = 1, normal +y; closest points (x,1) on the capsule and (x,2) on the square.
// Moving the square down to [1,3]×[0.5,2.5]: core distance 0.5 < 1, overlapping by 0.5.
TEST(ReferenceHand, CapsuleAgainstPolygon) {
  Shape capsule{{{0, 0}, {4, 0}}, 1};
  PairAnswer r = query(capsule, box(1, 2, 3, 3));
  EXPECT_EQ(r.relation, Relation::separated);
  EXPECT_EQ(r.core_squared, 4);
  EXPECT_EQ(r.signed_distance, 1);
  expect_rays(r, {rp(0, 1)});
  EXPECT_EQ(r.witness->point_a[1], 1);
  EXPECT_EQ(r.witness->point_b[1], 2);
  EXPECT_EQ(r.witness->point_a[0], r.witness->point_b[0]);
  PairAnswer o = query(capsule, box(1, 0.5, 3, 2.5));
  EXPECT_EQ(o.relation, Relation::overlapping);
  EXPECT_EQ(o.core_location, CoreLocation::outside);
  EXPECT_EQ(o.signed_distance, Real(-0.5));
  expect_rays(o, {rp(0, 1)});
}

// Origin exactly on a slanted edge of D: triangle (0,0),(2,0),(0,2) and the point (1,1) on its
// hypotenuse. D = A − (1,1) has the edge (1,−1)–(−1,1) through the origin, normal (1,1).
TEST(ReferenceHand, OriginOnSlantedEdgeOfDifference) {
  PairAnswer r = query(Shape{{{0, 0}, {2, 0}, {0, 2}}, 0}, Shape{{{1, 1}}, 0});
  EXPECT_EQ(r.relation, Relation::touching);
  EXPECT_EQ(r.core_location, CoreLocation::boundary);
  expect_rays(r, {rp(1, 1)});
  // Nudge the point by one ulp outward: now separated by a tiny exact distance.
  const double x = std::nextafter(1.0, 2.0);
  PairAnswer s = query(Shape{{{0, 0}, {2, 0}, {0, 2}}, 0}, Shape{{{x, 1}}, 0});
  EXPECT_EQ(s.relation, Relation::separated);
  // distance from (x,1) to the line x + y = 2 is (x − 1)/√2, squared (x − 1)²/2.
  const Rational dx = Rational(x) - 1;
  EXPECT_EQ(*s.squared, dx * dx / 2);
}

TEST(ReferenceHand, PointInShape) {
  const Shape sq = box(0, 0, 2, 2);
  EXPECT_EQ(locate(sq, {1, 1}), Relation::overlapping);
  EXPECT_EQ(locate(sq, {2, 1}), Relation::touching);
  EXPECT_EQ(locate(sq, {2, 2}), Relation::touching);
  EXPECT_EQ(locate(sq, {std::nextafter(2.0, 3.0), 1}), Relation::separated);
  const Shape disc{{{0, 0}}, 5};
  EXPECT_EQ(locate(disc, {3, 4}), Relation::touching);  // 3-4-5
  EXPECT_EQ(locate(disc, {3, std::nextafter(4.0, 5.0)}), Relation::separated);
}

// A = [0,2]², B = [1,3]×[1,3]: A ∩ B = [1,2]². A segment through the square is clipped to its
// chord; disjoint shapes give an empty polygon; rounded shapes give nullopt.
TEST(ReferenceHand, IntersectionPolygon) {
  auto i = intersection_polygon(box(0, 0, 2, 2), box(1, 1, 3, 3));
  ASSERT_TRUE(i);
  std::vector<RationalPoint> expect = {rp(1, 1), rp(2, 1), rp(2, 2), rp(1, 2)};
  EXPECT_EQ(*i, expect);
  auto chord = intersection_polygon(Shape{{{-1, 1}, {3, 1}}, 0}, box(0, 0, 2, 2));
  std::vector<RationalPoint> seg = {rp(0, 1), rp(2, 1)};
  EXPECT_EQ(*chord, seg);
  EXPECT_TRUE(intersection_polygon(box(0, 0, 1, 1), box(5, 5, 6, 6))->empty());
  EXPECT_FALSE(intersection_polygon(box(0, 0, 1, 1, 0.5), box(0, 0, 1, 1)));
  // Touching at a corner: the intersection is that single point.
  auto corner = intersection_polygon(box(0, 0, 1, 1), box(1, 1, 2, 2));
  ASSERT_EQ(corner->size(), 1u);
  EXPECT_EQ((*corner)[0], rp(1, 1));
}

TEST(ReferenceHand, BadInputIsNamed) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  auto message = [](const Shape& a, const Shape& b) {
    try {
      query(a, b);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  const Shape ok = box(0, 0, 1, 1);
  EXPECT_EQ(message(Shape{}, ok), "shape a: no points (a shape needs at least one)");
  EXPECT_NE(message(ok, Shape{{{0, nan}}, 0}).find("shape b: point 0 has coordinate nan"),
            std::string::npos);
  EXPECT_NE(message(ok, Shape{{{0, 0}}, -1}).find("radius -1 is negative"), std::string::npos);
  EXPECT_NE(
      message(Shape{{{0, 0}}, std::numeric_limits<double>::infinity()}, ok).find("radius is inf"),
      std::string::npos);
  EXPECT_NE(message(Shape{{{1e308, 0}}, 0}, ok).find("beyond"), std::string::npos);
}

}  // namespace

namespace {
// A = [0,1]², B = [0.5,1.5]×[0.25,1.25] overlap by 0.5 along x. Translating B by (0.5, 0) makes
// them touch (signed distance 0); by (0.75, 0) separates them by 0.25; by (0.25, 0) leaves
// 0.25 of overlap; by (0, 0.75) they touch along y (y-overlap was 0.75).
TEST(ReferenceHand, SignedDistanceAfterTranslation) {
  const Shape a = box(0, 0, 1, 1), b = box(0.5, 0.25, 1.5, 1.25);
  EXPECT_EQ(signed_distance_after_translation(a, b, {0.5, 0}), 0);
  EXPECT_EQ(signed_distance_after_translation(a, b, {0.75, 0}), Real(0.25));
  EXPECT_EQ(signed_distance_after_translation(a, b, {0.25, 0}), Real(-0.25));
  EXPECT_EQ(signed_distance_after_translation(a, b, {0, 0.75}), 0);
  EXPECT_EQ(signed_distance_after_translation(a, b, {0, 0}), query(a, b).signed_distance);
  // Circles: centres 3 apart, radii 1 and 1: moving B by (1, 0) gives distance 4 − 2 = 2.
  EXPECT_EQ(signed_distance_after_translation(Shape{{{0, 0}}, 1}, Shape{{{3, 0}}, 1}, {1, 0}), 2);
}

// A prepared pair answers many translations from one hull; the answers are those derived above.
TEST(ReferenceHand, PreparedPairAnswersEveryTranslation) {
  const PreparedPair p(box(0, 0, 1, 1), box(0.5, 0.25, 1.5, 1.25));
  EXPECT_EQ(p.signed_distance_after_translation({0.5, 0}), 0);
  EXPECT_EQ(p.signed_distance_after_translation({0.75, 0}), Real(0.25));
  EXPECT_EQ(p.signed_distance_after_translation({0.25, 0}), Real(-0.25));
  EXPECT_EQ(p.signed_distance_after_translation({0, 0.75}), 0);
  EXPECT_EQ(p.query().relation, Relation::overlapping);
  EXPECT_EQ(p.query().signed_distance, Real(-0.5));  // x-overlap 0.5 < y-overlap 0.75
  EXPECT_THROW(p.signed_distance_after_translation({NAN, 0}), InputError);
}

// Point distances to the unit box [0,1]²: outside along x, inside (depth to the nearest side),
// on a corner, and beyond a corner (3-4-5 triangle); a rounded box adds its radius.
TEST(ReferenceHand, PreparedAgainstPointGivesPointDistances) {
  const PreparedPair p = PreparedPair::against_point(box(0, 0, 1, 1));
  EXPECT_EQ(p.signed_distance_after_translation({3, 0.5}), 2);
  EXPECT_EQ(p.signed_distance_after_translation({0.5, 0.25}), Real(-0.25));
  EXPECT_EQ(p.signed_distance_after_translation({1, 1}), 0);
  EXPECT_EQ(p.signed_distance_after_translation({4, 5}), 5);
  Shape rounded = box(0, 0, 1, 1);
  rounded.radius = 0.5;
  EXPECT_EQ(PreparedPair::against_point(rounded).signed_distance_after_translation({4, 5}),
            Real(4.5));
  EXPECT_THROW(PreparedPair::against_point(Shape{}), InputError);
}

// An edge of |e|² ≈ 2^541 whose cross product with the origin cancels to 0 in double must not
// get a zero-width pruning interval (the bound's 1/|e|⁴ underflows) that prunes the truly
// nearest edge (reference/src/approx.hpp, operator/). The origin is inside A (B is the origin
// itself), so the answer's squared distance is the least squared distance from the origin to the
// line of one of A's three edges, c²/|e|² with c = cross(p, q) for the edge p → q, computed here
// directly in Rationals.
TEST(ReferenceHand, HugeEdgeDoesNotPruneTheNearestOne) {
  const Shape a{{{-0x1p20, -0x1p20 + 0x1p-33}, {0x1p270 * (1 + 0x1p-52), 0x1p270}, {0, 0x1p-40}},
                0};
  const Shape b{{{0, 0}}, 0};
  Rational least = -1;
  for (std::size_t i = 0; i < 3; ++i) {
    const Point& p = a.points[i];
    const Point& q = a.points[(i + 1) % 3];
    const Rational px(p.x), py(p.y), qx(q.x), qy(q.y);
    const Rational c = px * qy - py * qx, ex = qx - px, ey = qy - py;
    const Rational d2 = c * c / (ex * ex + ey * ey);
    if (least < 0 || d2 < least) least = d2;
  }
  const PairAnswer ans = query(a, b);
  EXPECT_EQ(ans.relation, Relation::overlapping);
  EXPECT_EQ(ans.core_squared, least);
  const PreparedPair pair(a, b);
  EXPECT_EQ(pair.signed_distance_after_translation_rounded({0, 0}),
            static_cast<double>(pair.signed_distance_after_translation({0, 0})));
}

// Found in review: a translation outside the expansion domain (2^-1074) went to the expansion
// stage of the predicates, whose exactness needs every point inside it, and was located on the
// boundary. The triangle p1 = (−(1 + 2^-52), −1), p2 = (1 + 2^-52, 1), (0, 5) is counter-clockwise;
// for q = (2^-1074, 2^-1074), orient(p1, p2, q) = (2 + 2^-51)(1 + 2^-1074) − 2(1 + 2^-52 + 2^-1074)
// = 2^-1125 > 0: q is strictly inside, at distance 2^-1125 / |p2 − p1| from that edge.
TEST(ReferenceHand, TinyTranslationIsLocatedExactly) {
  const Shape s{{{-(1 + 0x1p-52), -1}, {1 + 0x1p-52, 1}, {0, 5}}, 0};
  const Point q{0x1p-1074, 0x1p-1074};
  EXPECT_EQ(locate(s, q), Relation::overlapping);
  EXPECT_LT(PreparedPair::against_point(s).signed_distance_after_translation(q), 0);
}
}  // namespace

}  // namespace oracle_hand_test_cpp
