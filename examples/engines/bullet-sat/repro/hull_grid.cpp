// Bullet 3.24 failure class "polyhedral features on an integer grid" (bullet-sat/README.md;
// design).
//
// btPolyhedralConvexShape::initializePolyhedralFeatures builds the btConvexPolyhedron that
// btPolyhedralContactClipping works on with btConvexHullComputer
// (btPolyhedralConvexShape.cpp:72-96), which maps every point to 32-bit integers on a grid of (max
// − min)/10216 per axis, truncating toward the box centre (btConvexHullComputer.cpp:1992-2026),
// computes the hull exactly on those integers and maps its vertices back (getCoordinates,
// :2091-2098). The polyhedron's vertices, faces and edges are the snapped shape's, up to
// extent/10216 ≈ 1e-4 of the shape's size away from the case's: a robust hull, by design, at the
// price of that accuracy.
//
// Minimal cases: found/3d-box-48-axis-shrunk.json — two axis-aligned boxes, exact depth 0.01;
// found/3d-touching-1291-edge_face-swapped--16ulp-shrunk.json — a contact point 1.1e-5 off B.
//
// Exit 0 while some polyhedron vertex of box-48's B is more than 1e-9 from every input point; 1
// otherwise.
#include "../../bullet/repro_bullet.hpp"

#include <cmath>
#include <cstdio>
#include <vector>

namespace case1 {  // found/3d-box-48-axis-shrunk.json
const std::vector<btVector3> kA = {{-0.6, -0.1, -0.32}, {-0.6, -0.1, 0.32}, {-0.6, 0.1, -0.32},
                                   {-0.6, 0.1, 0.32},   {0.6, -0.1, -0.32}, {0.6, -0.1, 0.32},
                                   {0.6, 0.1, -0.32},   {0.6, 0.1, 0.32}};
constexpr double kRadiusA = 0.0;
const std::vector<btVector3> kB = {{-2.23, -1.37, -1.15},
                                   {-2.23, -1.37, -0.31},
                                   {-2.23, -0.08999999999999997, -1.15},
                                   {-2.23, -0.08999999999999997, -0.31},
                                   {-0.59, -1.37, -1.15},
                                   {-0.59, -1.37, -0.31},
                                   {-0.59, -0.08999999999999997, -1.15},
                                   {-0.59, -0.08999999999999997, -0.31}};
constexpr double kRadiusB = 0.0;
/// Exact (the fixture's expected): overlapping, signed distance
constexpr double kExactSignedDistance = -1.0000000000000008881784197001252323389053e-02;
}  // namespace case1

namespace case2 {  // found/3d-touching-1291-edge_face-swapped--16ulp-shrunk.json
const std::vector<btVector3> kA = {{-2.125, -2.125, -2.125}, {-2.125, -2.125, -2.0},
                                   {-2.125, -1.875, -2.125}, {-2.125, -1.875, -2.0},
                                   {-1.875, -2.125, -2.125}, {-1.875, -2.125, -2.0},
                                   {-1.875, -1.875, -2.125}, {-1.875, -1.875, -2.0}};
constexpr double kRadiusA = 0.0;
const std::vector<btVector3> kB = {{-2.0625, -2.0625, -2.0},  {-2.1875, -2.0, -2.0},
                                   {-2.125, -2.1875, -1.875}, {-2.0, -1.9375, -1.875},
                                   {-2.25, -2.125, -1.875},   {-2.125, -1.875, -1.875}};
constexpr double kRadiusB = 0.0;
/// Exact (the fixture's expected): touching, signed distance
constexpr double kExactSignedDistance = 0;
}  // namespace case2

/// The largest distance from a polyhedron vertex to the nearest of the input points.
double snap_error(ReproShape& s, const std::vector<btVector3>& input) {
  double worst = 0;
  for (int i = 0; i < s.polyhedron()->m_vertices.size(); ++i) {
    double nearest = INFINITY;
    for (const btVector3& p : input)
      nearest = std::min(nearest, (s.polyhedron()->m_vertices[i] - p).length());
    worst = std::max(worst, nearest);
  }
  return worst;
}

int main() {
  ReproShape a(case1::kA, case1::kRadiusA), b(case1::kB, case1::kRadiusB);
  const double ea = snap_error(a, case1::kA), eb = snap_error(b, case1::kB);
  ReproShape a2(case2::kA, case2::kRadiusA), b2(case2::kB, case2::kRadiusB);
  const double ea2 = snap_error(a2, case2::kA), eb2 = snap_error(b2, case2::kB);
  std::printf("box-48: polyhedron vertices off the input points by up to %.3g (A), %.3g (B)\n", ea,
              eb);
  std::printf("touching-1291: up to %.3g (A), %.3g (B)\n", ea2, eb2);
  std::printf("exact signed distances: box-48 %.17g, touching-1291 %.17g\n",
              case1::kExactSignedDistance, case2::kExactSignedDistance);
  const bool present = eb > 1e-9;
  if (present) std::printf("initializePolyhedralFeatures moved B's vertices by %.3g\n", eb);
  return repro::symptom(present, "bullet-sat/README.md");
}
