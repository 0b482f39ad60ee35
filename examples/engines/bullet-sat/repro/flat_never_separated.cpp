// Bullet 3.24 failure class "coplanar flat polygons are never separated" (bullet-sat/README.md).
//
// findSeparatingAxis tests the face normals of both hulls and the cross products of their edge
// directions (btPolyhedralContactClipping.cpp:251-358). The hull of a flat polygon
// (initializePolyhedralFeatures) has two faces, normal ±n, and its edges lie in the plane; for two
// coplanar polygons every edge cross product is ±n too, so no tested axis lies in the plane, where
// every separating axis of two coplanar polygons lies: they are reported overlapping however far
// apart they are.
//
// Minimal case: found/3d-degenerate-0-coplanar_squares.json — the unit square [0, 1]² and the
// square [−1.5, −1]² in z = 0, exactly 1.41421356 (√2) apart.
//
// Exit 0 while findSeparatingAxis returns true (overlap) for them; 1 otherwise.
#include "../../bullet/repro_bullet.hpp"

#include <cmath>
#include <cstdio>
#include <vector>

namespace case1 {  // found/3d-degenerate-0-coplanar_squares.json
const std::vector<btVector3> kA = {
    {0.0, 0.0, 0.0}, {1.0, 0.0, 0.0}, {1.0, 1.0, 0.0}, {0.0, 1.0, 0.0}};
constexpr double kRadiusA = 0.0;
const std::vector<btVector3> kB = {
    {-1.5, -1.5, 0.0}, {-1.0, -1.5, 0.0}, {-1.0, -1.0, 0.0}, {-1.5, -1.0, 0.0}};
constexpr double kRadiusB = 0.0;
/// Exact (the fixture's expected): separated, signed distance
constexpr double kExactSignedDistance = 1.4142135623730950488016887242096980785697e+00;
}  // namespace case1

int main() {
  ReproShape a(case1::kA, case1::kRadiusA), b(case1::kB, case1::kRadiusB);
  ReproResult out;
  btVector3 sep(0, 0, 0);
  const bool overlap = btPolyhedralContactClipping::findSeparatingAxis(
      *a.polyhedron(), *b.polyhedron(), a.transform, b.transform, sep, out);
  std::printf("faces: A %d, B %d; unique edges: A %d, B %d\n", a.polyhedron()->m_faces.size(),
              b.polyhedron()->m_faces.size(), a.polyhedron()->m_uniqueEdges.size(),
              b.polyhedron()->m_uniqueEdges.size());
  std::printf("findSeparatingAxis: %s; exact distance %.17g\n",
              overlap ? "true (overlap)" : "false (separated)", case1::kExactSignedDistance);
  const bool present = overlap;
  if (present)
    std::printf("squares %.3g apart reported overlapping\n", case1::kExactSignedDistance);
  return repro::symptom(present, "bullet-sat/README.md");
}
