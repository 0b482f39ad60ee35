// Concave polygons: validation, ear clipping + Hertel–Mehlhorn decomposition, and compound shapes
// colliding piece by piece. Expected areas and counts are derived by hand above each test.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "minkowski/fast/compound.hpp"
#include "minkowski/fast/decompose.hpp"

// This file's names, in a namespace of their own: the test command compiles the suite as
// one translation unit (cmake/PrecompiledHeaders.cmake, minkowski_unity).
namespace decompose_test_cpp {

namespace {

using minkowski::fast::Compound;
using minkowski::fast::compound_manifold;
using minkowski::fast::compound_overlap;
using minkowski::fast::CompoundManifold;
using minkowski::fast::ConvexShape;
using minkowski::fast::decompose_polygon;
using minkowski::fast::DecomposeError;
using minkowski::fast::Decomposition;
using minkowski::fast::make_compound;
using minkowski::fast::make_compound_from_pieces;
using minkowski::fast::make_shape;
using minkowski::fast::Vec2;

template <class T>
std::vector<Vec2<T>> poly(std::initializer_list<std::pair<double, double>> pts) {
  std::vector<Vec2<T>> v;
  for (auto [x, y] : pts) v.push_back({T(x), T(y)});
  return v;
}

template <class T>
ConvexShape<T> box(double x0, double y0, double x1, double y1) {
  auto r = make_shape<T>(poly<T>({{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}));
  EXPECT_TRUE(r);
  return r.shape;
}

// Shoelace area, in double (the test's own arithmetic, independent of the code under test).
template <class T>
double area(const std::vector<Vec2<T>>& p) {
  double s = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    const auto& a = p[i];
    const auto& b = p[(i + 1) % p.size()];
    s += double(a.x) * double(b.y) - double(b.x) * double(a.y);
  }
  return s / 2;
}

// Strictly convex and counter-clockwise: every turn is a left turn (checked in double).
template <class T>
bool convex_ccw(const std::vector<Vec2<T>>& p) {
  if (p.size() < 3) return false;
  for (std::size_t i = 0; i < p.size(); ++i) {
    const auto& a = p[i];
    const auto& b = p[(i + 1) % p.size()];
    const auto& c = p[(i + 2) % p.size()];
    const double turn = (double(b.x) - double(a.x)) * (double(c.y) - double(a.y)) -
                        (double(b.y) - double(a.y)) * (double(c.x) - double(a.x));
    if (!(turn > 0)) return false;
  }
  return true;
}

// Checks the decomposition invariants; returns the number of pieces.
template <class T>
std::size_t check_pieces(const Decomposition<T>& d, double expected_area) {
  double sum = 0;
  for (std::size_t k = 0; k < d.pieces.size(); ++k) {
    const auto pts = d.piece_points(k);
    EXPECT_TRUE(convex_ccw(pts)) << "piece " << k;
    sum += area(pts);
  }
  EXPECT_NEAR(sum, expected_area, 1e-9 * expected_area);
  double tri = 0;
  for (const auto& t : d.triangles)
    tri += area(std::vector<Vec2<T>>{d.vertices[t[0]], d.vertices[t[1]], d.vertices[t[2]]});
  EXPECT_NEAR(tri, expected_area, 1e-9 * expected_area);
  return d.pieces.size();
}

template <class T>
class DecomposeTyped : public ::testing::Test {};
using Types = ::testing::Types<float, double>;
TYPED_TEST_SUITE(DecomposeTyped, Types);

// L-shape (0,0) (2,0) (2,1) (1,1) (1,2) (0,2): area 2·1 + 1·1 = 3. One reflex vertex (1,1):
// Hertel–Mehlhorn keeps at most 2 diagonals at it, so 2 or 3 pieces; at least 2 (not convex).
// 6 vertices → 4 triangles.
TYPED_TEST(DecomposeTyped, LShapeSplitsIntoConvexPiecesOfTheSameArea) {
  using T = TypeParam;
  const auto l = poly<T>({{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}});
  const Decomposition<T> d = decompose_polygon<T>(l);
  ASSERT_TRUE(d) << d.message;
  EXPECT_FALSE(d.reversed);
  EXPECT_EQ(d.triangles.size(), 4u);
  const std::size_t n = check_pieces(d, 3.0);
  EXPECT_GE(n, 2u);
  EXPECT_LE(n, 3u);
}

// The same L given clockwise: reported as reversed, same area and bounds.
TYPED_TEST(DecomposeTyped, ClockwiseInputIsAccepted) {
  using T = TypeParam;
  const auto l = poly<T>({{0, 2}, {1, 2}, {1, 1}, {2, 1}, {2, 0}, {0, 0}});
  const Decomposition<T> d = decompose_polygon<T>(l);
  ASSERT_TRUE(d) << d.message;
  EXPECT_TRUE(d.reversed);
  const std::size_t n = check_pieces(d, 3.0);
  EXPECT_GE(n, 2u);
  EXPECT_LE(n, 3u);
}

// Comb: base [0,7]×[0,1] with four teeth [0,1], [2,3], [4,5], [6,7] up to y = 3.
// Area 7 + 4·(1·2) = 15. Reflex vertices: (1,1), (2,1), (3,1), (4,1), (5,1), (6,1) → at most
// 2·6 + 1 = 13 pieces. At least 4: no convex piece holds points of two tooth tips (the segment
// between them leaves the polygon). 16 vertices → 14 triangles.
TYPED_TEST(DecomposeTyped, CombSplitsIntoConvexPiecesOfTheSameArea) {
  using T = TypeParam;
  const auto comb = poly<T>({{0, 0},
                             {7, 0},
                             {7, 3},
                             {6, 3},
                             {6, 1},
                             {5, 1},
                             {5, 3},
                             {4, 3},
                             {4, 1},
                             {3, 1},
                             {3, 3},
                             {2, 3},
                             {2, 1},
                             {1, 1},
                             {1, 3},
                             {0, 3}});
  const Decomposition<T> d = decompose_polygon<T>(comb);
  ASSERT_TRUE(d) << d.message;
  EXPECT_EQ(d.triangles.size(), 14u);
  const std::size_t n = check_pieces(d, 15.0);
  EXPECT_GE(n, 4u);
  EXPECT_LE(n, 13u);
}

// A convex polygon merges back into one piece; a triangle is one piece.
TYPED_TEST(DecomposeTyped, ConvexInputIsOnePiece) {
  using T = TypeParam;
  const Decomposition<T> hex =
      decompose_polygon<T>(poly<T>({{2, 0}, {1, 2}, {-1, 2}, {-2, 0}, {-1, -2}, {1, -2}}));
  ASSERT_TRUE(hex) << hex.message;
  EXPECT_EQ(check_pieces(hex, 12.0), 1u);  // 4 × 2 rectangle + 2 triangles of area 2
  const Decomposition<T> tri = decompose_polygon<T>(poly<T>({{0, 0}, {1, 0}, {0, 1}}));
  ASSERT_TRUE(tri);
  EXPECT_EQ(check_pieces(tri, 0.5), 1u);
}

// Closing point repeated, consecutive duplicates and a straight-through vertex are cleaned:
// the square (0,0) (1,0) (2,0) (2,2) (2,2) (0,2) (0,0) is the 4-vertex square [0,2]², area 4.
TYPED_TEST(DecomposeTyped, DuplicatesClosingPointAndStraightVerticesAreCleaned) {
  using T = TypeParam;
  const Decomposition<T> d =
      decompose_polygon<T>(poly<T>({{0, 0}, {1, 0}, {2, 0}, {2, 2}, {2, 2}, {0, 2}, {0, 0}}));
  ASSERT_TRUE(d) << d.message;
  EXPECT_EQ(d.vertices.size(), 4u);
  EXPECT_EQ(check_pieces(d, 4.0), 1u);
}

// Bow-tie (0,0) (2,2) (2,0) (0,2): edges 0–1 and 2–3 cross at (1,1): not simple.
TYPED_TEST(DecomposeTyped, BowTieIsReportedAsSelfIntersection) {
  using T = TypeParam;
  const Decomposition<T> d = decompose_polygon<T>(poly<T>({{0, 0}, {2, 2}, {2, 0}, {0, 2}}));
  EXPECT_FALSE(d);
  EXPECT_EQ(d.error, DecomposeError::self_intersection);
  EXPECT_NE(d.message.find("edge 0-1 meets edge 2-3"), std::string::npos) << d.message;
  EXPECT_TRUE(d.pieces.empty());
}

// A vertex touching a non-adjacent edge is not simple either: (0,0) (4,0) (4,4) (2,0)... here the
// vertex (2,0) of the last edges lies on the first edge.
TYPED_TEST(DecomposeTyped, VertexTouchingAnEdgeIsReported) {
  using T = TypeParam;
  const Decomposition<T> d =
      decompose_polygon<T>(poly<T>({{0, 0}, {4, 0}, {4, 4}, {2, 0}, {0, 4}}));
  EXPECT_EQ(d.error, DecomposeError::self_intersection);
}

// A spike (the boundary folds back on itself): (0,0) (2,0) (2,2) (2,3) (2,1)... the edges at
// (2,3) overlap.
TYPED_TEST(DecomposeTyped, SpikeIsReported) {
  using T = TypeParam;
  const Decomposition<T> d =
      decompose_polygon<T>(poly<T>({{0, 0}, {2, 0}, {2, 3}, {2, 1}, {0, 2}}));
  EXPECT_EQ(d.error, DecomposeError::self_intersection);
}

TYPED_TEST(DecomposeTyped, BadInputIsNamed) {
  using T = TypeParam;
  const T nan = std::numeric_limits<T>::quiet_NaN();
  EXPECT_EQ(decompose_polygon<T>(poly<T>({{0, 0}, {1, 0}})).error, DecomposeError::too_few_points);
  EXPECT_EQ(decompose_polygon<T>(poly<T>({{0, 0}, {1, 0}, {1, 0}, {0, 0}})).error,
            DecomposeError::too_few_points);
  std::vector<Vec2<T>> with_nan = poly<T>({{0, 0}, {1, 0}, {1, 1}});
  with_nan[2].y = nan;
  const Decomposition<T> n = decompose_polygon<T>(with_nan);
  EXPECT_EQ(n.error, DecomposeError::non_finite_point);
  EXPECT_NE(n.message.find("point 2"), std::string::npos) << n.message;
  EXPECT_EQ(decompose_polygon<T>(poly<T>({{0, 0}, {1, 1}, {2, 2}, {3, 3}})).error,
            DecomposeError::zero_area);
  std::vector<Vec2<T>> many(5000, Vec2<T>{0, 0});
  EXPECT_EQ(decompose_polygon<T>(many).error, DecomposeError::too_many_points);
}

// ---- compounds ----------------------------------------------------------------------------------

// L-shaped compound (area 3) and box B = [1.5,2.5]×[0.75,1.75] resting on the L's lower arm
// (top face y = 1 for x in [1,2]). Whatever the pieces, the piece holding the edge (2,1)–(1,1)
// gives A's face normal (0,1) with gap 0.75 − 1 = −0.25, and B's bottom edge clipped to x <= 2:
// points (1.5, 0.75) and (2, 0.75), separation −0.25. The upper arm (x <= 1) does not reach B (x >=
// 1.5).
TYPED_TEST(DecomposeTyped, CompoundLShapeAgainstBox) {
  using T = TypeParam;
  const auto l = poly<T>({{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}});
  const auto c = make_compound<T>(l);
  ASSERT_TRUE(c) << c.message;
  const auto b = box<T>(1.5, 0.75, 2.5, 1.75);
  EXPECT_TRUE(compound_overlap(c.compound, b));
  const CompoundManifold<T> m = compound_manifold(c.compound, b);
  EXPECT_EQ(m.normal, (Vec2<T>{0, 1}));
  ASSERT_EQ(m.point_count, 2);
  std::vector<double> xs;
  for (int k = 0; k < m.point_count; ++k) {
    EXPECT_EQ(m.points[k].contact.separation, T(-0.25));
    EXPECT_EQ(m.points[k].contact.point_b.y, T(0.75));
    xs.push_back(double(m.points[k].contact.point_b.x));
  }
  std::sort(xs.begin(), xs.end());
  EXPECT_EQ(xs, (std::vector<double>{1.5, 2}));
  // Swapped roles: the normal points from the box to the L.
  const CompoundManifold<T> s = compound_manifold(b, c.compound);
  EXPECT_EQ(s.normal, (Vec2<T>{0, -1}));
  EXPECT_EQ(s.point_count, 2);
  // Far away: no overlap, no point.
  const auto far = box<T>(5, 5, 6, 6);
  EXPECT_FALSE(compound_overlap(c.compound, far));
  EXPECT_EQ(compound_manifold(c.compound, far).point_count, 0);
}

// A box in the L's inner corner, overlapping only the inside of the corner region: B = [0.75,1.25]
// ×[0.75,1.25] covers the reflex vertex (1,1). Against the lower arm's top face it sits 0.25 deep
// (push up 1.25 − 1 = 0.25 would not clear the upper arm, but the merged manifold is per piece);
// against the upper arm's right face 0.25 deep (push right). The deepest points tie at −0.25; no
// point may come from a diagonal of the decomposition (every kept normal is a real face: ±x or ±y).
TYPED_TEST(DecomposeTyped, CompoundInnerCornerUsesOnlySurfaceNormals) {
  using T = TypeParam;
  const auto l = poly<T>({{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}});
  const auto c = make_compound<T>(l);
  ASSERT_TRUE(c);
  const CompoundManifold<T> m = compound_manifold(c.compound, box<T>(0.75, 0.75, 1.25, 1.25));
  ASSERT_GT(m.point_count, 0);
  const bool axis_aligned = m.normal == Vec2<T>{1, 0} || m.normal == Vec2<T>{0, 1};
  EXPECT_TRUE(axis_aligned) << double(m.normal.x) << ", " << double(m.normal.y);
}

// U-shape (0,0) (5,0) (5,3) (3,3) (3,1) (2,1) (2,3) (0,3): a notch x in [2,3], y in [1,3]. B =
// [1.75,3.125]×[2,4] is wedged in the notch: 0.25 into the left wall (push +x: 2 − 1.75) and 0.125
// into the right wall (push −x: 3.125 − 3). The deeper cluster, normal (1,0), is kept: B's left
// edge clipped to the wall y in [1,3] gives (1.75,2) and (1.75,3) at −0.25. The right wall's two
// points (normal (−1,0)) are dropped and counted.
TYPED_TEST(DecomposeTyped, CompoundNotchKeepsTheDeeperWall) {
  using T = TypeParam;
  const auto u = poly<T>({{0, 0}, {5, 0}, {5, 3}, {3, 3}, {3, 1}, {2, 1}, {2, 3}, {0, 3}});
  const auto c = make_compound<T>(u);
  ASSERT_TRUE(c) << c.message;
  const CompoundManifold<T> m = compound_manifold(c.compound, box<T>(1.75, 2, 3.125, 4));
  EXPECT_EQ(m.normal, (Vec2<T>{1, 0}));
  ASSERT_EQ(m.point_count, 2);
  std::vector<double> ys;
  for (int k = 0; k < m.point_count; ++k) {
    EXPECT_EQ(m.points[k].contact.separation, T(-0.25));
    EXPECT_EQ(m.points[k].contact.point_b.x, T(1.75));
    ys.push_back(double(m.points[k].contact.point_b.y));
  }
  std::sort(ys.begin(), ys.end());
  EXPECT_EQ(ys, (std::vector<double>{2, 3}));
  EXPECT_GE(m.points_dropped, 2);
}

// Compound against compound: two L's, the second moved so that its lower arm's bottom face rests
// 0.25 deep on the first's upper arm top (y = 2): second L at offset (0, 1.75) → its bottom
// y = 1.75 over x in [0,2]; the first L's top face at y = 2 spans x in [0,1]. Points (0, 1.75) and
// (1, 1.75) at −0.25, normal (0,1). Two pieces meeting at x = 1 on the second L may report the
// same point: welded into one.
TYPED_TEST(DecomposeTyped, CompoundAgainstCompound) {
  using T = TypeParam;
  const auto l = poly<T>({{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}});
  const auto l2 = poly<T>({{0, 1.75}, {2, 1.75}, {2, 2.75}, {1, 2.75}, {1, 3.75}, {0, 3.75}});
  const auto a = make_compound<T>(l), b = make_compound<T>(l2);
  ASSERT_TRUE(a);
  ASSERT_TRUE(b);
  EXPECT_TRUE(compound_overlap(a.compound, b.compound));
  const CompoundManifold<T> m = compound_manifold(a.compound, b.compound);
  EXPECT_EQ(m.normal, (Vec2<T>{0, 1}));
  ASSERT_EQ(m.point_count, 2);
  std::vector<double> xs;
  for (int k = 0; k < m.point_count; ++k) {
    EXPECT_EQ(m.points[k].contact.separation, T(-0.25));
    xs.push_back(double(m.points[k].contact.point_b.x));
  }
  std::sort(xs.begin(), xs.end());
  EXPECT_EQ(xs, (std::vector<double>{0, 1}));
}

// Compounds from ready pieces (here two overlapping boxes) collide as their union; none of their
// faces is treated as internal.
TYPED_TEST(DecomposeTyped, CompoundFromPieces) {
  using T = TypeParam;
  std::vector<ConvexShape<T>> pieces = {box<T>(0, 0, 2, 1), box<T>(1, 0, 3, 1)};
  const Compound<T> c = make_compound_from_pieces(std::move(pieces));
  EXPECT_EQ(c.bounds.size(), 2u);
  EXPECT_TRUE(c.internal.empty());
  const CompoundManifold<T> m = compound_manifold(c, box<T>(2.5, 0.75, 3.5, 1.75));
  ASSERT_GT(m.point_count, 0);
  EXPECT_EQ(m.normal, (Vec2<T>{0, 1}));
  for (int k = 0; k < m.point_count; ++k) EXPECT_EQ(m.points[k].contact.separation, T(-0.25));
}

// A radius is passed to every piece: a rounded L; a point 0.25 above the top of the lower arm at
// (1.5, 1.25) is exactly on the surface of the L dilated by 0.25: touching.
TYPED_TEST(DecomposeTyped, RoundedCompoundAndErrors) {
  using T = TypeParam;
  const auto l = poly<T>({{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}});
  const auto c = make_compound<T>(l, T(0.25));
  ASSERT_TRUE(c) << c.message;
  auto p = make_shape<T>(poly<T>({{1.5, 1.25}}));
  ASSERT_TRUE(p);
  EXPECT_TRUE(compound_overlap(c.compound, p.shape));
  auto q = make_shape<T>(poly<T>({{1.5, 1.375}}));
  EXPECT_FALSE(compound_overlap(c.compound, q.shape));
  const auto bad = make_compound<T>(poly<T>({{0, 0}, {2, 2}, {2, 0}, {0, 2}}));
  EXPECT_FALSE(bad);
  EXPECT_EQ(bad.error, DecomposeError::self_intersection);
  const auto neg = make_compound<T>(l, T(-1));
  EXPECT_FALSE(neg);
  EXPECT_EQ(neg.shape_error, minkowski::fast::ShapeError::negative_radius);
}

}  // namespace

}  // namespace decompose_test_cpp
