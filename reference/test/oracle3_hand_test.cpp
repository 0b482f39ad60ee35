// Exact answers of the 3D oracle derived by hand for small pairs: cubes face to face, edge across
// edge, vertex on face, spheres at a cube's corner, capsules, boxes inside boxes, identical
// shapes, points, flat squares, exactly touching pairs of every kind (face, edge, vertex), point
// location and intersection polytopes. Every expected value is worked out in the comment above
// its test from the coordinates; none was copied from the oracle's output.
//
// Conventions (oracle3.hpp): D = A − B; directions point from A towards B, which is the outward
// normal of D (at its point nearest the origin, at the origin when touching, at the facet nearest
// the origin when overlapping); translating B by an MTV separates or leaves the shapes touching.
// Normal cones at a touching contact are written as the set of v with v·p <= 0 for every p of D.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <set>
#include <string>

#include "minkowski/reference/oracle3.hpp"

// This file's names, in a namespace of their own: the test command compiles the suite as
// one translation unit (cmake/PrecompiledHeaders.cmake, minkowski_unity).
namespace oracle3_hand_test_cpp {

namespace oracle3_hand {

using namespace minkowski::reference;

/// For irrational magnitudes (square roots) compared with a value computed here: Real carries 257
/// bits (relative rounding 2^-257 ≈ 4.3e-78); the values below are under 4 in magnitude and each
/// side takes at most ~5 roundings, so they agree within 5·2·4·4.3e-78 < 1e-76. 1e-70 leaves room
/// for another evaluation order and still fails on any wrong formula.
const Real kRealTolerance = Real(1e-70);

Shape3 box(double x0, double y0, double z0, double x1, double y1, double z1, double r = 0) {
  Shape3 s;
  for (int i = 0; i < 8; ++i)
    s.points.push_back({i & 1 ? x1 : x0, i & 2 ? y1 : y0, i & 4 ? z1 : z0});
  s.radius = r;
  return s;
}
Shape3 pts(std::vector<Point3> p, double r = 0) { return {std::move(p), r}; }
RationalPoint3 v3(Rational x, Rational y, Rational z) {
  return {std::move(x), std::move(y), std::move(z)};
}
Rational dot(const RationalPoint3& a, const RationalPoint3& b) {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}
RationalPoint3 sub(const RationalPoint3& a, const RationalPoint3& b) {
  return {a.x - b.x, a.y - b.y, a.z - b.z};
}
std::string str(const RationalPoint3& p) {
  return "(" + to_string(p.x) + ", " + to_string(p.y) + ", " + to_string(p.z) + ")";
}
/// u and v nonzero, parallel and pointing the same way.
bool same_direction(const RationalPoint3& u, const RationalPoint3& v) {
  const RationalPoint3 c{u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x};
  return c.x == 0 && c.y == 0 && c.z == 0 && dot(u, v) > 0;
}

/// Exactly the given rays (up to positive scale), each once, and nothing else.
void expect_rays(const PairAnswer3& r, const std::vector<RationalPoint3>& dirs) {
  ASSERT_EQ(r.directions.size(), dirs.size());
  for (const RationalPoint3& d : dirs) {
    int found = 0;
    for (const DirectionSet3& ds : r.directions)
      found += ds.kind == DirectionSet3::Kind::ray && !ds.generators.empty() &&
               same_direction(ds.generators[0], d);
    EXPECT_EQ(found, 1) << "direction " << str(d);
  }
}

/// Each depth ray carries its MTV: the depth (squared = |mtv|²) along the ray.
void expect_mtvs(const PairAnswer3& r) {
  for (const DirectionSet3& ds : r.directions) {
    ASSERT_TRUE(ds.mtv) << "depth ray without mtv";
    EXPECT_TRUE(same_direction(*ds.mtv, ds.generators.at(0))) << str(*ds.mtv);
    EXPECT_EQ(dot(*ds.mtv, *ds.mtv), *r.squared) << str(*ds.mtv);
  }
}

/// One direction set, a cone equal to the hand-derived set `in` (membership of a vector): every
/// generator belongs to it, and contains() agrees with it on all 124 vectors of
/// {−2..2}³ \ {0}, as do the half-spaces.
void expect_cone(const PairAnswer3& r, const std::function<bool(const RationalPoint3&)>& in) {
  ASSERT_EQ(r.directions.size(), 1u);
  const DirectionSet3& c = r.directions[0];
  EXPECT_EQ(c.kind, DirectionSet3::Kind::cone);
  EXPECT_FALSE(c.generators.empty());
  for (const RationalPoint3& g : c.generators) EXPECT_TRUE(in(g)) << "generator " << str(g);
  for (int x = -2; x <= 2; ++x)
    for (int y = -2; y <= 2; ++y)
      for (int z = -2; z <= 2; ++z) {
        if (!x && !y && !z) continue;
        const RationalPoint3 v = v3(x, y, z);
        EXPECT_EQ(c.contains(v), in(v)) << "contains" << str(v);
        if (!c.halfspaces.empty()) {
          bool h = true;
          for (const RationalPoint3& n : c.halfspaces) h &= dot(v, n) <= 0;
          EXPECT_EQ(h, in(v)) << "halfspaces at " << str(v);
        }
      }
}

// ---- Separated polytopes -------------------------------------------------------------------

// A = [0,1]³, B = [2,3]×[0,1]². D = A − B = [0−3, 1−2]×[−1,1]×[−1,1] = [−3,−1]×[−1,1]²: its point
// nearest the origin is (−1,0,0), squared distance 1, direction +x (A towards B). The closest
// pairs are not unique (face to face), but core_a − core_b = (−1,0,0), core_a on A's face x = 1.
TEST(Oracle3Hand, UnitCubesFaceToFace) {
  const PairAnswer3 r = query(box(0, 0, 0, 1, 1, 1), box(2, 0, 0, 3, 1, 1));
  EXPECT_EQ(r.relation, Relation::separated);
  EXPECT_EQ(r.core_location, CoreLocation::outside);
  EXPECT_EQ(*r.squared, 1);
  EXPECT_EQ(r.signed_distance, Real(1));
  EXPECT_EQ(r.difference_dimension, 3);
  EXPECT_EQ(r.difference_points, 64u);   // 8 hull vertices each
  EXPECT_EQ(r.difference_vertices, 8u);  // D is a box
  expect_rays(r, {v3(1, 0, 0)});
  ASSERT_TRUE(r.witness);
  EXPECT_EQ(sub(r.witness->core_a, r.witness->core_b), v3(-1, 0, 0));
  EXPECT_EQ(r.witness->core_a.x, 1);
  EXPECT_EQ(r.witness->core_b.x, 2);
}

// The same with B = [3/2,5/2]×[1/2,3/2]×[1/4,5/4]: D = [−5/2,−1/2]×[−3/2,1/2]×[−5/4,3/4], whose
// y and z ranges contain 0: nearest point (−1/2,0,0), squared 1/4, distance exactly 1/2.
TEST(Oracle3Hand, UnitCubesFaceToFaceOffset) {
  const PairAnswer3 r = query(box(0, 0, 0, 1, 1, 1), box(1.5, 0.5, 0.25, 2.5, 1.5, 1.25));
  EXPECT_EQ(*r.squared, Rational(1, 4));
  EXPECT_EQ(r.signed_distance, Real(0.5));
  expect_rays(r, {v3(1, 0, 0)});
  EXPECT_EQ(sub(r.witness->core_a, r.witness->core_b), v3(Rational(-1, 2), 0, 0));
}

// Edge to edge, parallel: B = [2,3]×[2,3]×[0,1]. D = [−3,−1]×[−3,−1]×[−1,1]: nearest (−1,−1,0),
// squared 2, direction (1,1,0). Corner to corner: B = [2,3]³, D = [−3,−1]³, nearest
// (−1,−1,−1), squared 3, direction (1,1,1), and the witnesses are unique: (1,1,1) and (2,2,2).
TEST(Oracle3Hand, UnitCubesEdgeToEdgeAndCornerToCorner) {
  const PairAnswer3 e = query(box(0, 0, 0, 1, 1, 1), box(2, 2, 0, 3, 3, 1));
  EXPECT_EQ(*e.squared, 2);
  expect_rays(e, {v3(1, 1, 0)});
  EXPECT_EQ(sub(e.witness->core_a, e.witness->core_b), v3(-1, -1, 0));
  const PairAnswer3 c = query(box(0, 0, 0, 1, 1, 1), box(2, 2, 2, 3, 3, 3));
  EXPECT_EQ(*c.squared, 3);
  expect_rays(c, {v3(1, 1, 1)});
  EXPECT_EQ(c.witness->core_a, v3(1, 1, 1));
  EXPECT_EQ(c.witness->core_b, v3(2, 2, 2));
}

// Edge across edge (skew). A = tetrahedron (−1,0,0), (1,0,0), (0,−1,−1), (0,1,−1): its highest
// points are the edge E_A along x at z = 0 (the others are at z = −1). B = tetrahedron (0,−1,h),
// (0,1,h), (−1,0,h+1), (1,0,h+1): its lowest points are the edge E_B along y at z = h. A lies in
// z <= 0 and B in z >= h, so the distance is at least h, and (0,0,0) ∈ E_A, (0,0,h) ∈ E_B (the
// edges cross in projection) attain it: squared h², direction +z, and the witnesses are unique
// (the edges cross at one point). h = 1/2: squared 1/4.
Shape3 skew_a() { return pts({{-1, 0, 0}, {1, 0, 0}, {0, -1, -1}, {0, 1, -1}}); }
Shape3 skew_b(double h) { return pts({{0, -1, h}, {0, 1, h}, {-1, 0, h + 1}, {1, 0, h + 1}}); }
TEST(Oracle3Hand, EdgeAcrossEdgeSkew) {
  const PairAnswer3 r = query(skew_a(), skew_b(0.5));
  EXPECT_EQ(r.relation, Relation::separated);
  EXPECT_EQ(*r.squared, Rational(1, 4));
  EXPECT_EQ(r.signed_distance, Real(0.5));
  expect_rays(r, {v3(0, 0, 1)});
  EXPECT_EQ(r.witness->core_a, v3(0, 0, 0));
  EXPECT_EQ(r.witness->core_b, v3(0, 0, Rational(1, 2)));
}

// ---- Exactly touching, every kind of contact -----------------------------------------------
// The normal cone of D = A + (−B) at a point a − b is N_A(a) ∩ −N_B(b) (a + c maximizes v over
// A + C iff a maximizes v over A and c over C).

// Face–face: B = [1,2]×[0,1]². D = [−2,0]×[−1,1]², the origin inside its face x = 0: the cone is
// the single ray +x. The contact points coincide, on the plane x = 1.
TEST(Oracle3Hand, TouchingFaceFace) {
  const PairAnswer3 r = query(box(0, 0, 0, 1, 1, 1), box(1, 0, 0, 2, 1, 1));
  EXPECT_EQ(r.relation, Relation::touching);
  EXPECT_EQ(r.core_location, CoreLocation::boundary);
  EXPECT_EQ(*r.squared, 0);
  EXPECT_EQ(r.signed_distance, 0);
  expect_rays(r, {v3(1, 0, 0)});
  ASSERT_TRUE(r.witness);
  EXPECT_EQ(r.witness->core_a, r.witness->core_b);
  EXPECT_EQ(r.witness->core_a.x, 1);
}

// Edge–edge, skew (h = 0 above): E_A − E_B is a square face of D in the plane z = 0 with the
// origin at its centre; N = N_A(0) ∩ −N_B(0) = ray +z. The contact point is (0,0,0), unique.
TEST(Oracle3Hand, TouchingEdgeEdgeSkew) {
  const PairAnswer3 r = query(skew_a(), skew_b(0));
  EXPECT_EQ(r.relation, Relation::touching);
  EXPECT_EQ(*r.squared, 0);
  expect_rays(r, {v3(0, 0, 1)});
  EXPECT_EQ(r.witness->core_a, v3(0, 0, 0));
  EXPECT_EQ(r.witness->core_b, v3(0, 0, 0));
}

// Edge–edge, parallel: B = [1,2]×[1,2]×[0,1] shares A's edge x = y = 1. D = [−2,0]×[−2,0]×[−1,1],
// the origin on D's edge x = y = 0: the cone is the wedge {v : vx >= 0, vy >= 0, vz = 0},
// generated by +x and +y.
TEST(Oracle3Hand, TouchingEdgeEdgeParallel) {
  const PairAnswer3 r = query(box(0, 0, 0, 1, 1, 1), box(1, 1, 0, 2, 2, 1));
  EXPECT_EQ(r.relation, Relation::touching);
  expect_cone(r, [](const RationalPoint3& v) { return v.x >= 0 && v.y >= 0 && v.z == 0; });
  EXPECT_EQ(r.witness->core_a, r.witness->core_b);
  EXPECT_EQ(r.witness->core_a.x, 1);
  EXPECT_EQ(r.witness->core_a.y, 1);
}

// Vertex–face: B = tetrahedron with apex (1/2,1/2,1) on A's top face and base at z = 2. N_A at an
// interior point of the face z = 1 is the ray +z; the apex minimizes z over B, so +z ∈ −N_B(apex):
// the cone is the ray +z. Contact point (1/2,1/2,1), unique.
TEST(Oracle3Hand, TouchingVertexFace) {
  const PairAnswer3 r =
      query(box(0, 0, 0, 1, 1, 1), pts({{0.5, 0.5, 1}, {0, 0, 2}, {1, 0, 2}, {0.5, 1, 2}}));
  EXPECT_EQ(r.relation, Relation::touching);
  expect_rays(r, {v3(0, 0, 1)});
  EXPECT_EQ(r.witness->core_a, v3(Rational(1, 2), Rational(1, 2), 1));
  EXPECT_EQ(r.witness->core_b, v3(Rational(1, 2), Rational(1, 2), 1));
}

// Edge–face: B's edge (1/4..3/4, 1/2, 1) lies inside A's top face; B's other vertices are at
// z = 2. D's face containing the origin is (top face) − (that edge), normal +z: ray +z. The
// contact is a segment: only core_a = core_b with z = 1, y = 1/2 is determined.
TEST(Oracle3Hand, TouchingEdgeFace) {
  const PairAnswer3 r =
      query(box(0, 0, 0, 1, 1, 1), pts({{0.25, 0.5, 1}, {0.75, 0.5, 1}, {0.5, 0, 2}, {0.5, 1, 2}}));
  EXPECT_EQ(r.relation, Relation::touching);
  expect_rays(r, {v3(0, 0, 1)});
  EXPECT_EQ(r.witness->core_a, r.witness->core_b);
  EXPECT_EQ(r.witness->core_a.z, 1);
  EXPECT_EQ(r.witness->core_a.y, Rational(1, 2));
}

// Vertex–edge: B's apex (1,1/2,1) lies on A's edge x = z = 1; B's other vertices (2,0,2),
// (2,1,2), (3/2,1/2,3) have x > 1 and z > 1, so the apex alone minimizes x and z over B:
// −N_B(apex) ⊇ cone{+x, +z} = N_A(apex). The cone is the wedge {vx >= 0, vz >= 0, vy = 0}.
TEST(Oracle3Hand, TouchingVertexEdge) {
  const PairAnswer3 r =
      query(box(0, 0, 0, 1, 1, 1), pts({{1, 0.5, 1}, {2, 0, 2}, {2, 1, 2}, {1.5, 0.5, 3}}));
  EXPECT_EQ(r.relation, Relation::touching);
  expect_cone(r, [](const RationalPoint3& v) { return v.x >= 0 && v.z >= 0 && v.y == 0; });
  EXPECT_EQ(r.witness->core_a, v3(1, Rational(1, 2), 1));
}

// Vertex–vertex: B = [1,2]³ meets A = [0,1]³ at (1,1,1) only. D = [−2,0]³ with the origin its
// vertex: the cone is the positive octant, generated by +x, +y, +z.
TEST(Oracle3Hand, TouchingVertexVertex) {
  const PairAnswer3 r = query(box(0, 0, 0, 1, 1, 1), box(1, 1, 1, 2, 2, 2));
  EXPECT_EQ(r.relation, Relation::touching);
  expect_cone(r, [](const RationalPoint3& v) { return v.x >= 0 && v.y >= 0 && v.z >= 0; });
  EXPECT_EQ(r.witness->core_a, v3(1, 1, 1));
  EXPECT_EQ(r.witness->core_b, v3(1, 1, 1));
}

// ---- Spheres and capsules ------------------------------------------------------------------

// Sphere centre c = (1+t, 1+t, 1+t), radius r, at the corner (1,1,1) of A = [0,1]³: core(D) =
// A − c = [−1−t, −t]³, nearest point (−t,−t,−t), q = 3t², distance √3·t − r, direction (1,1,1).
// t = 1, r = 1/2: q = 3 > 1/4, separated by √3 − 1/2; core_a = (1,1,1), core_b = (2,2,2), and
// the sphere's surface point (2,2,2) − (1/2)(1,1,1)/√3. No exact `squared` (a radius).
TEST(Oracle3Hand, SphereAtCubeCorner) {
  const PairAnswer3 r = query(box(0, 0, 0, 1, 1, 1), pts({{2, 2, 2}}, 0.5));
  EXPECT_EQ(r.relation, Relation::separated);
  EXPECT_EQ(r.core_squared, 3);
  EXPECT_FALSE(r.squared);
  EXPECT_EQ(r.radius, Rational(1, 2));
  const Real want = sqrt(Real(3)) - Real(0.5);
  EXPECT_LT(abs(r.signed_distance - want), kRealTolerance);
  expect_rays(r, {v3(1, 1, 1)});
  EXPECT_EQ(r.witness->core_a, v3(1, 1, 1));
  EXPECT_EQ(r.witness->core_b, v3(2, 2, 2));
  const Real pb = Real(2) - Real(0.5) / sqrt(Real(3));
  for (int k = 0; k < 3; ++k) {
    EXPECT_LT(abs(r.witness->point_b[k] - pb), kRealTolerance);
    EXPECT_EQ(r.witness->point_a[k], Real(1));
  }
}

// t = 1/4, r = 1: q = 3/16 < 1: the sphere overlaps the corner by 1 − √3/4; core(D) still misses
// the origin, so the witness exists and the direction is (1,1,1).
TEST(Oracle3Hand, SphereOverlappingCubeCorner) {
  const PairAnswer3 r = query(box(0, 0, 0, 1, 1, 1), pts({{1.25, 1.25, 1.25}}, 1));
  EXPECT_EQ(r.relation, Relation::overlapping);
  EXPECT_EQ(r.core_location, CoreLocation::outside);
  EXPECT_EQ(r.core_squared, Rational(3, 16));
  EXPECT_LT(abs(r.signed_distance - (sqrt(Real(3)) / 4 - 1)), kRealTolerance);
  expect_rays(r, {v3(1, 1, 1)});
  ASSERT_TRUE(r.witness);
  EXPECT_EQ(r.witness->core_a, v3(1, 1, 1));
}

// Sphere of radius 1/2 centred (1/2,1/2,3/2) over A's top face: core(D) = [−1/2,1/2]²×[−3/2,−1/2],
// nearest (0,0,−1/2), q = 1/4 = r²: touching exactly, signed distance 0.
TEST(Oracle3Hand, SphereTouchingCubeFace) {
  const PairAnswer3 r = query(box(0, 0, 0, 1, 1, 1), pts({{0.5, 0.5, 1.5}}, 0.5));
  EXPECT_EQ(r.relation, Relation::touching);
  EXPECT_EQ(r.core_squared, Rational(1, 4));
  EXPECT_EQ(r.signed_distance, 0);
  expect_rays(r, {v3(0, 0, 1)});
}

// Sphere of radius 1/8 centred (1/2,1/2,3/4) inside A: core(D) = [−1/2,1/2]²×[−3/4,1/4]; the
// origin is inside, 1/4 below the face z = 1/4 (the others are 1/2 and 3/4 away): core q = 1/16,
// depth 1/4 + 1/8 = 3/8 along +z (moving the sphere up by 3/8 puts its centre at 9/8, touching).
TEST(Oracle3Hand, SphereInsideCube) {
  const PairAnswer3 r = query(box(0, 0, 0, 1, 1, 1), pts({{0.5, 0.5, 0.75}}, 0.125));
  EXPECT_EQ(r.relation, Relation::overlapping);
  EXPECT_EQ(r.core_location, CoreLocation::inside);
  EXPECT_EQ(r.core_squared, Rational(1, 16));
  EXPECT_EQ(r.signed_distance, Real(-0.375));
  expect_rays(r, {v3(0, 0, 1)});
  EXPECT_FALSE(r.directions[0].mtv);  // not exact with a radius
  EXPECT_FALSE(r.witness);
}

// Skew capsules: A = segment (−1,0,0)–(1,0,0) with radius 1/4, B = segment (0,−1,h)–(0,1,h) with
// radius 1/2. The segments are nearest at (0,0,0) and (0,0,h) (they cross in projection): q =
// h², distance h − 3/4. h = 1: separated by 1/4 (q = 1 > 9/16); surface points (0,0,1/4) and
// (0,0,1/2). h = 1/2: q = 1/4 < 9/16, overlapping by 1/4.
TEST(Oracle3Hand, SkewCapsules) {
  const Shape3 a = pts({{-1, 0, 0}, {1, 0, 0}}, 0.25);
  const PairAnswer3 r = query(a, pts({{0, -1, 1}, {0, 1, 1}}, 0.5));
  EXPECT_EQ(r.relation, Relation::separated);
  EXPECT_EQ(r.core_squared, 1);
  EXPECT_EQ(r.difference_dimension, 2);  // segment − segment, not parallel: a parallelogram
  EXPECT_EQ(r.signed_distance, Real(0.25));
  expect_rays(r, {v3(0, 0, 1)});
  EXPECT_EQ(r.witness->core_a, v3(0, 0, 0));
  EXPECT_EQ(r.witness->core_b, v3(0, 0, 1));
  const Real pa[3] = {Real(0), Real(0), Real(0.25)}, pb[3] = {Real(0), Real(0), Real(0.5)};
  for (int k = 0; k < 3; ++k) {
    EXPECT_EQ(r.witness->point_a[k], pa[k]);
    EXPECT_EQ(r.witness->point_b[k], pb[k]);
  }
  const PairAnswer3 o = query(a, pts({{0, -1, 0.5}, {0, 1, 0.5}}, 0.5));
  EXPECT_EQ(o.relation, Relation::overlapping);
  EXPECT_EQ(o.core_squared, Rational(1, 4));
  EXPECT_EQ(o.signed_distance, Real(-0.25));
  expect_rays(o, {v3(0, 0, 1)});
}

// Parallel capsules: A = (0,0,0)–(2,0,0), radius 1/2; B = (1,1,0)–(3,1,0). core(D) = {(s − 1 −
// u, −1, 0)} = [−3,1]×{−1}×{0}, a segment (dimension 1); nearest (0,−1,0), q = 1, direction +y.
// B's radius 1/4: separated by 1 − 3/4 = 1/4. B's radius 1/2: q = 1 = r², touching. The closest
// points are not unique: core_a − core_b = (0,−1,0) with core_a.x in [1, 2].
TEST(Oracle3Hand, ParallelCapsules) {
  const Shape3 a = pts({{0, 0, 0}, {2, 0, 0}}, 0.5);
  const PairAnswer3 r = query(a, pts({{1, 1, 0}, {3, 1, 0}}, 0.25));
  EXPECT_EQ(r.relation, Relation::separated);
  EXPECT_EQ(r.difference_dimension, 1);
  EXPECT_EQ(r.core_squared, 1);
  EXPECT_EQ(r.signed_distance, Real(0.25));
  expect_rays(r, {v3(0, 1, 0)});
  EXPECT_EQ(sub(r.witness->core_a, r.witness->core_b), v3(0, -1, 0));
  EXPECT_GE(r.witness->core_a.x, 1);
  EXPECT_LE(r.witness->core_a.x, 2);
  const PairAnswer3 t = query(a, pts({{1, 1, 0}, {3, 1, 0}}, 0.5));
  EXPECT_EQ(t.relation, Relation::touching);
  EXPECT_EQ(t.signed_distance, 0);
}

// Segments (−1,0,0)–(1,0,0) and (0,−1,0)–(0,1,0), radius 0, crossing at the origin: D =
// [−1,1]²×{0} is flat with the origin in its relative interior: touching; the cone is the line
// ±z (v·p <= 0 for all p of the square forces vx = vy = 0).
TEST(Oracle3Hand, CrossingSegmentsTouch) {
  const PairAnswer3 r = query(pts({{-1, 0, 0}, {1, 0, 0}}), pts({{0, -1, 0}, {0, 1, 0}}));
  EXPECT_EQ(r.relation, Relation::touching);
  EXPECT_EQ(r.difference_dimension, 2);
  EXPECT_EQ(*r.squared, 0);
  expect_cone(r, [](const RationalPoint3& v) { return v.x == 0 && v.y == 0; });
  EXPECT_EQ(r.witness->core_a, v3(0, 0, 0));
  EXPECT_EQ(r.witness->core_b, v3(0, 0, 0));
}

// ---- Containment, identical shapes, points -------------------------------------------------

// Concentric: B = [1,3]³ in A = [0,4]³. D = [0−3, 4−1]³ = [−3,3]³: the origin is 3 from all six
// faces: squared depth 9, six tied rays ±x, ±y, ±z, each MTV of length 3 (e.g. (3,0,0): B moved
// to [4,6]×[1,3]², touching A's face x = 4).
TEST(Oracle3Hand, BoxInsideBoxConcentric) {
  const PairAnswer3 r = query(box(0, 0, 0, 4, 4, 4), box(1, 1, 1, 3, 3, 3));
  EXPECT_EQ(r.relation, Relation::overlapping);
  EXPECT_EQ(r.core_location, CoreLocation::inside);
  EXPECT_EQ(*r.squared, 9);
  EXPECT_EQ(r.signed_distance, Real(-3));
  expect_rays(r, {v3(1, 0, 0), v3(-1, 0, 0), v3(0, 1, 0), v3(0, -1, 0), v3(0, 0, 1), v3(0, 0, -1)});
  expect_mtvs(r);
  EXPECT_FALSE(r.witness);
}

// Off-centre: B = [1,2]×[1,3]×[1,3]. D = [0−2, 4−1]×[−3,3]² = [−2,3]×[−3,3]²: distances 2 (−x),
// 3 (+x) and 3 (±y, ±z): unique direction −x, squared 4, MTV (−2,0,0) (B moves to [−1,0]×…,
// touching the face x = 0).
TEST(Oracle3Hand, BoxInsideBoxOffCentre) {
  const PairAnswer3 r = query(box(0, 0, 0, 4, 4, 4), box(1, 1, 1, 2, 3, 3));
  EXPECT_EQ(*r.squared, 4);
  expect_rays(r, {v3(-1, 0, 0)});
  ASSERT_TRUE(r.directions[0].mtv);
  EXPECT_EQ(*r.directions[0].mtv, v3(-2, 0, 0));
}

// Four ties: B = [1,3]×[1,3]×[1/2,7/2] in A = [0,4]³: D = [−3,3]²×[−7/2,7/2]; the four side
// faces at 3, the top and bottom at 7/2: squared 9, rays ±x, ±y.
TEST(Oracle3Hand, BoxInsideBoxFourTies) {
  const PairAnswer3 r = query(box(0, 0, 0, 4, 4, 4), box(1, 1, 0.5, 3, 3, 3.5));
  EXPECT_EQ(*r.squared, 9);
  expect_rays(r, {v3(1, 0, 0), v3(-1, 0, 0), v3(0, 1, 0), v3(0, -1, 0)});
  expect_mtvs(r);
}

// Identical unit cubes: D = [−1,1]³, depth 1 along each of the six axes.
TEST(Oracle3Hand, IdenticalCubes) {
  const PairAnswer3 r = query(box(0, 0, 0, 1, 1, 1), box(0, 0, 0, 1, 1, 1));
  EXPECT_EQ(r.relation, Relation::overlapping);
  EXPECT_EQ(*r.squared, 1);
  expect_rays(r, {v3(1, 0, 0), v3(-1, 0, 0), v3(0, 1, 0), v3(0, -1, 0), v3(0, 0, 1), v3(0, 0, -1)});
  expect_mtvs(r);
}

// Identical tetrahedra T = (0,0,0), (1,0,0), (0,1,0), (0,0,1): D = T − T is centrally symmetric
// about the origin, and its support along a unit u is h_T(u) + h_T(−u), the width of T along u.
// D's 12 vertices are the differences of distinct vertices (±e_i, e_i − e_j; each the unique
// maximizer of some direction, e.g. e_1 of (2,1,1)). Its facet normals are among T's face normals
// ±e_x, ±e_y, ±e_z, ±(1,1,1) and the cross products of T's edges, which add ±(0,1,1), ±(1,0,1),
// ±(1,1,0). Widths: e_x: 1 − 0 = 1; (1,1,1)/√3: (1 − 0)/√3; (0,1,1)/√2: (1 − 0)/√2. The least is
// 1/√3, along ±(1,1,1), which are facets (T's face x + y + z = 1 minus the vertex (0,0,0), and
// its mirror): squared depth 1/3, two tied rays, MTVs ±(1/3)(1,1,1).
TEST(Oracle3Hand, IdenticalTetrahedra) {
  const Shape3 t = pts({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}});
  const PairAnswer3 r = query(t, t);
  EXPECT_EQ(r.relation, Relation::overlapping);
  EXPECT_EQ(*r.squared, Rational(1, 3));
  EXPECT_EQ(r.difference_vertices, 12u);
  expect_rays(r, {v3(1, 1, 1), v3(-1, -1, -1)});
  expect_mtvs(r);
}

// Coincident points (1,2,3): D = {0}: touching, every direction, squared 0, dimension 0, the
// witness is the point itself.
TEST(Oracle3Hand, CoincidentPoints) {
  const PairAnswer3 r = query(pts({{1, 2, 3}}), pts({{1, 2, 3}}));
  EXPECT_EQ(r.relation, Relation::touching);
  EXPECT_EQ(r.difference_dimension, 0);
  EXPECT_EQ(*r.squared, 0);
  ASSERT_EQ(r.directions.size(), 1u);
  EXPECT_EQ(r.directions[0].kind, DirectionSet3::Kind::all);
  EXPECT_TRUE(r.directions[0].contains(v3(-1, 5, 2)));
  EXPECT_EQ(r.witness->core_a, v3(1, 2, 3));
  EXPECT_EQ(r.witness->core_b, v3(1, 2, 3));
}

// Points (0,0,0) and (1,2,2): D = {(−1,−2,−2)}, squared 9, distance exactly 3, direction (1,2,2).
// As spheres of radii 1 and 2: q = 9 = (1 + 2)², touching.
TEST(Oracle3Hand, PointsApartAndSpheresTouching) {
  const PairAnswer3 r = query(pts({{0, 0, 0}}), pts({{1, 2, 2}}));
  EXPECT_EQ(r.relation, Relation::separated);
  EXPECT_EQ(*r.squared, 9);
  EXPECT_EQ(r.signed_distance, Real(3));
  expect_rays(r, {v3(1, 2, 2)});
  const PairAnswer3 s = query(pts({{0, 0, 0}}, 1), pts({{1, 2, 2}}, 2));
  EXPECT_EQ(s.relation, Relation::touching);
  EXPECT_EQ(s.signed_distance, 0);
  expect_rays(s, {v3(1, 2, 2)});
}

// ---- Flat shapes ---------------------------------------------------------------------------

Shape3 square(double x0, double y0, double x1, double y1, double z) {
  return pts({{x0, y0, z}, {x1, y0, z}, {x1, y1, z}, {x0, y1, z}});
}

// Unit squares in z = 0, B shifted by 1/2 along x: they overlap in their plane, but D =
// [−3/2,1/2]×[−1,1]×{0} is flat, so with radius 0 they only touch: the origin is in D's relative
// interior and the cone is the line ±z.
TEST(Oracle3Hand, FlatSquaresOverlappingInOnePlane) {
  const PairAnswer3 r = query(square(0, 0, 1, 1, 0), square(0.5, 0, 1.5, 1, 0));
  EXPECT_EQ(r.relation, Relation::touching);
  EXPECT_EQ(r.core_location, CoreLocation::boundary);
  EXPECT_EQ(r.difference_dimension, 2);
  EXPECT_EQ(*r.squared, 0);
  expect_cone(r, [](const RationalPoint3& v) { return v.x == 0 && v.y == 0; });
}

// Edge to edge in one plane: B = [1,2]×[0,1]×{0}. D = [−2,0]×[−1,1]×{0}, the origin on its edge
// x = 0: v·p <= 0 for all p forces vy = 0 and vx >= 0, vz free: a half-plane. Corner to corner,
// B = [1,2]²×{0}: D = [−2,0]²×{0}, the origin its vertex: vx >= 0, vy >= 0, vz free.
TEST(Oracle3Hand, FlatSquaresTouchingInOnePlane) {
  const PairAnswer3 e = query(square(0, 0, 1, 1, 0), square(1, 0, 2, 1, 0));
  EXPECT_EQ(e.relation, Relation::touching);
  expect_cone(e, [](const RationalPoint3& v) { return v.x >= 0 && v.y == 0; });
  const PairAnswer3 c = query(square(0, 0, 1, 1, 0), square(1, 1, 2, 2, 0));
  EXPECT_EQ(c.relation, Relation::touching);
  expect_cone(c, [](const RationalPoint3& v) { return v.x >= 0 && v.y >= 0; });
}

// Parallel planes: B = A + (1/4, 1/2, 2). D = [−5/4,3/4]×[−3/2,1/2]×{−2}: nearest (0,0,−2),
// squared 4 (the plane gap 2), direction +z, D flat. Shifted past each other, B = A + (2,0,1):
// D = [−3,−1]×[−1,1]×{−1}, nearest (−1,0,−1), squared 2, direction (1,0,1).
TEST(Oracle3Hand, FlatSquaresInParallelPlanes) {
  const PairAnswer3 r = query(square(0, 0, 1, 1, 0), square(0.25, 0.5, 1.25, 1.5, 2));
  EXPECT_EQ(r.relation, Relation::separated);
  EXPECT_EQ(r.difference_dimension, 2);
  EXPECT_EQ(*r.squared, 4);
  EXPECT_EQ(r.signed_distance, Real(2));
  expect_rays(r, {v3(0, 0, 1)});
  EXPECT_EQ(sub(r.witness->core_a, r.witness->core_b), v3(0, 0, -2));
  const PairAnswer3 s = query(square(0, 0, 1, 1, 0), square(2, 0, 3, 1, 1));
  EXPECT_EQ(*s.squared, 2);
  expect_rays(s, {v3(1, 0, 1)});
  EXPECT_EQ(sub(s.witness->core_a, s.witness->core_b), v3(-1, 0, -1));
}

// ---- Translations and point distances ------------------------------------------------------

// A = [0,1]³, B = [2,3]×[0,1]²: B + (−1,0,0) touches (distance 0), B + (−3/2,0,0) = [1/2,3/2]×…
// overlaps by 1/2 (D = [−3/2,1/2]×[−1,1]²), B + (0,0,3) is at distance √(1 + 4) = √5 (D =
// [−3,−1]×[−1,1]×[−4,−2], nearest (−1,0,−2)). The prepared pair answers the same.
TEST(Oracle3Hand, SignedDistanceAfterTranslation) {
  const Shape3 a = box(0, 0, 0, 1, 1, 1), b = box(2, 0, 0, 3, 1, 1);
  EXPECT_EQ(signed_distance_after_translation(a, b, {-1, 0, 0}), 0);
  EXPECT_EQ(signed_distance_after_translation(a, b, {-1.5, 0, 0}), Real(-0.5));
  EXPECT_LT(abs(signed_distance_after_translation(a, b, {0, 0, 3}) - sqrt(Real(5))),
            kRealTolerance);
  const PreparedPair3 p(a, b);
  EXPECT_EQ(p.signed_distance_after_translation({-1.5, 0, 0}), Real(-0.5));
  EXPECT_EQ(p.signed_distance_after_translation_rounded({-1.5, 0, 0}), -0.5);
  EXPECT_EQ(*p.query().squared, 1);
  // Point (2, 1/2, 1/2) is 1 from A's face x = 1; (1/2, 1/2, 1/4) is 1/4 deep (face z = 0).
  const PreparedPair3 ap = p.a_against_point();
  EXPECT_EQ(ap.signed_distance_after_translation({2, 0.5, 0.5}), Real(1));
  EXPECT_EQ(ap.signed_distance_after_translation({0.5, 0.5, 0.25}), Real(-0.25));
}

// ---- locate() ------------------------------------------------------------------------------

// [0,1]³: the centre is inside, a face point and a corner on the boundary, (3/2,1/2,1/2) and a
// point one ulp above the top face outside. The flat square [0,1]²×{0}: every point of it is on
// its boundary (dimension < 3), a point above it outside. Sphere at the origin of radius 5: (3,4,0)
// is on it (9 + 16 = 25), the origin inside, (3,4,2^-20) outside. Capsule (0,0,0)–(2,0,0) with
// radius 1: (1,1,0) and (3,0,0) on it, (1,1/2,0) inside, (3,1/8,0) outside (1 + 1/64 > 1). A
// single point: itself on the boundary.
TEST(Oracle3Hand, Locate) {
  const Shape3 cube = box(0, 0, 0, 1, 1, 1);
  EXPECT_EQ(locate(cube, {0.5, 0.5, 0.5}), Relation::overlapping);
  EXPECT_EQ(locate(cube, {1, 0.5, 0.5}), Relation::touching);
  EXPECT_EQ(locate(cube, {1, 1, 1}), Relation::touching);
  EXPECT_EQ(locate(cube, {1.5, 0.5, 0.5}), Relation::separated);
  EXPECT_EQ(locate(cube, {0.5, 0.5, std::nextafter(1.0, 2.0)}), Relation::separated);
  const Shape3 sq = square(0, 0, 1, 1, 0);
  EXPECT_EQ(locate(sq, {0.5, 0.5, 0}), Relation::touching);
  EXPECT_EQ(locate(sq, {1, 1, 0}), Relation::touching);
  EXPECT_EQ(locate(sq, {0.5, 0.5, 0.125}), Relation::separated);
  EXPECT_EQ(locate(sq, {1.5, 0.5, 0}), Relation::separated);
  const Shape3 ball = pts({{0, 0, 0}}, 5);
  EXPECT_EQ(locate(ball, {3, 4, 0}), Relation::touching);
  EXPECT_EQ(locate(ball, {0, 0, 0}), Relation::overlapping);
  EXPECT_EQ(locate(ball, {3, 4, std::ldexp(1.0, -20)}), Relation::separated);
  const Shape3 capsule = pts({{0, 0, 0}, {2, 0, 0}}, 1);
  EXPECT_EQ(locate(capsule, {1, 1, 0}), Relation::touching);
  EXPECT_EQ(locate(capsule, {3, 0, 0}), Relation::touching);
  EXPECT_EQ(locate(capsule, {1, 0.5, 0}), Relation::overlapping);
  EXPECT_EQ(locate(capsule, {3, 0.125, 0}), Relation::separated);
  EXPECT_EQ(locate(pts({{1, 2, 3}}), {1, 2, 3}), Relation::touching);
  EXPECT_EQ(locate(pts({{1, 2, 3}}), {1, 2, 4}), Relation::separated);
}

// ---- intersection_polytope -----------------------------------------------------------------

/// The polytope's points are exactly `want` (as a set), and for dimension 3 its facets are
/// planar, outward (every point on the inner side of each facet's plane through its first
/// three vertices) and have the given outward normal directions, each once.
void expect_polytope(const std::optional<Polytope3>& p, int dimension,
                     const std::vector<RationalPoint3>& want,
                     const std::vector<RationalPoint3>& normals = {}) {
  ASSERT_TRUE(p);
  EXPECT_EQ(p->dimension, dimension);
  ASSERT_EQ(p->points.size(), want.size());
  for (const RationalPoint3& w : want) {
    int found = 0;
    for (const RationalPoint3& q : p->points) found += q == w;
    EXPECT_EQ(found, 1) << "vertex " << str(w);
  }
  if (dimension != 3) return;
  ASSERT_EQ(p->facets.size(), normals.size());
  for (const RationalPoint3& n : normals) {
    int found = 0;
    for (const std::vector<std::uint32_t>& f : p->facets) {
      ASSERT_GE(f.size(), 3u);
      const RationalPoint3 &a = p->points.at(f[0]), &b = p->points.at(f[1]),
                           &c = p->points.at(f[2]);
      const RationalPoint3 u = sub(b, a), v = sub(c, a);
      const RationalPoint3 fn{u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x};
      if (!same_direction(fn, n)) continue;
      ++found;
      for (const std::uint32_t i : f) EXPECT_EQ(dot(fn, sub(p->points.at(i), a)), 0);
      for (const RationalPoint3& q : p->points) EXPECT_LE(dot(fn, sub(q, a)), 0);
    }
    EXPECT_EQ(found, 1) << "facet normal " << str(n);
  }
}

std::vector<RationalPoint3> axis_normals() {
  return {v3(1, 0, 0), v3(-1, 0, 0), v3(0, 1, 0), v3(0, -1, 0), v3(0, 0, 1), v3(0, 0, -1)};
}

// [0,2]³ ∩ [1,3]³ = [1,2]³: the 8 points {1,2}³ and the 6 axis faces.
TEST(Oracle3Hand, IntersectionOfOverlappingCubes) {
  std::vector<RationalPoint3> want;
  for (int i = 0; i < 8; ++i) want.push_back(v3(1 + (i & 1), 1 + (i >> 1 & 1), 1 + (i >> 2 & 1)));
  expect_polytope(intersection_polytope(box(0, 0, 0, 2, 2, 2), box(1, 1, 1, 3, 3, 3)), 3, want,
                  axis_normals());
}

// [0,1]³ ∩ the simplex x, y, z >= 0, x + y + z <= 2: the cube cut by the plane x + y + z = 2,
// which passes through (1,1,0), (1,0,1), (0,1,1) and removes only the corner (1,1,1) (sum 3):
// 7 vertices; facets x = 0, y = 0, z = 0 (squares), x = 1, y = 1, z = 1 (triangles, e.g. (1,0,0),
// (1,1,0), (1,0,1)) and the cut triangle: 7 facets.
TEST(Oracle3Hand, IntersectionOfCubeAndSimplex) {
  const Shape3 simplex = pts({{0, 0, 0}, {2, 0, 0}, {0, 2, 0}, {0, 0, 2}});
  std::vector<RationalPoint3> normals = axis_normals();
  normals.push_back(v3(1, 1, 1));
  expect_polytope(
      intersection_polytope(box(0, 0, 0, 1, 1, 1), simplex), 3,
      {v3(0, 0, 0), v3(1, 0, 0), v3(0, 1, 0), v3(0, 0, 1), v3(1, 1, 0), v3(1, 0, 1), v3(0, 1, 1)},
      normals);
}

// Touching cubes [0,1]³ and [1,2]×[0,1]²: the common square {1}×[0,1]² (dimension 2, 4 points);
// sharing an edge, [1,2]×[1,2]×[0,1]: the segment (1,1,0)–(1,1,1); a corner, [1,2]³: the point
// (1,1,1); apart, [2,3]³: empty.
TEST(Oracle3Hand, IntersectionOfTouchingAndDisjointCubes) {
  const Shape3 a = box(0, 0, 0, 1, 1, 1);
  expect_polytope(intersection_polytope(a, box(1, 0, 0, 2, 1, 1)), 2,
                  {v3(1, 0, 0), v3(1, 1, 0), v3(1, 0, 1), v3(1, 1, 1)});
  expect_polytope(intersection_polytope(a, box(1, 1, 0, 2, 2, 1)), 1, {v3(1, 1, 0), v3(1, 1, 1)});
  expect_polytope(intersection_polytope(a, box(1, 1, 1, 2, 2, 2)), 0, {v3(1, 1, 1)});
  expect_polytope(intersection_polytope(a, box(2, 2, 2, 3, 3, 3)), -1, {});
}

// A cube and a point inside it: the point. With a radius: no polytope (curved faces).
TEST(Oracle3Hand, IntersectionOfCubeAndPoint) {
  expect_polytope(intersection_polytope(box(0, 0, 0, 1, 1, 1), pts({{0.5, 0.25, 0.75}})), 0,
                  {v3(Rational(1, 2), Rational(1, 4), Rational(3, 4))});
  EXPECT_FALSE(intersection_polytope(box(0, 0, 0, 1, 1, 1), pts({{0.5, 0.5, 0.5}}, 0.5)));
}

// Bad input is an InputError, never a crash: no points, a NaN, a negative radius.
TEST(Oracle3Hand, BadInputThrowsInputError) {
  const Shape3 cube = box(0, 0, 0, 1, 1, 1);
  EXPECT_THROW(query(cube, Shape3{}), InputError);
  EXPECT_THROW(query(cube, pts({{std::nan(""), 0, 0}})), InputError);
  EXPECT_THROW(query(cube, pts({{0, 0, 0}}, -1)), InputError);
  EXPECT_THROW(locate(Shape3{}, {0, 0, 0}), InputError);
  EXPECT_THROW(signed_distance_after_translation(cube, cube, {INFINITY, 0, 0}), InputError);
}

}  // namespace oracle3_hand

}  // namespace oracle3_hand_test_cpp
