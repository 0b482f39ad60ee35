// Bullet 3.24 failure class "the axis is oriented by the centroids" (bullet-sat/README.md).
//
// findSeparatingAxis measures each axis's overlap both ways and keeps the smaller (TestSepAxis,
// btPolyhedralContactClipping.cpp:89-104), but orients every axis, and the answer, by the
// centroids' offset c0 − c1 (:241-243, :255-256, :284-285, :330-331, :399-400), not by the side the
// overlap is smaller on. When B lies inside A with the centroids equal or on the wrong side, the
// normal points the wrong way, and clipHullAgainstHull then clips against the face opposite the one
// B must leave by: too deep contacts.
//
// Minimal case: found/3d-containment-0-strictly_inside-shrunk.json — two corner tetrahedra with the
// same centroid (−7.75, −7.75, −7.75), B inside A; exact depth 0.2525907 along (1, 1, 1)/√3 (the
// protocol's normal from A towards B).
//
// Exit 0 while Bullet's normal (−sep) points against (1, 1, 1); 1 otherwise.
#include "../../bullet/repro_bullet.hpp"

#include <cmath>
#include <cstdio>
#include <vector>

namespace case1 {  // found/3d-containment-0-strictly_inside-shrunk.json
const std::vector<btVector3> kA = {
    {-8.0, -8.0, -7.0}, {-8.0, -7.0, -8.0}, {-8.0, -8.0, -8.0}, {-7.0, -8.0, -8.0}};
constexpr double kRadiusA = 0.0;
const std::vector<btVector3> kB = {{-7.8125, -7.8125, -7.5625},
                                   {-7.8125, -7.5625, -7.8125},
                                   {-7.8125, -7.8125, -7.8125},
                                   {-7.5625, -7.8125, -7.8125}};
constexpr double kRadiusB = 0.0;
/// Exact (the fixture's expected): overlapping, signed distance
constexpr double kExactSignedDistance = -2.5259074277046127197275259146960638684583e-01;
}  // namespace case1

int main() {
  ReproShape a(case1::kA, case1::kRadiusA), b(case1::kB, case1::kRadiusB);
  ReproResult out;
  btVector3 sep(0, 0, 0);
  const bool overlap = btPolyhedralContactClipping::findSeparatingAxis(
      *a.polyhedron(), *b.polyhedron(), a.transform, b.transform, sep, out);
  std::printf("findSeparatingAxis: %s\n", overlap ? "true (overlap)" : "false");
  print_vec("  sep (from B to A)", sep);
  std::printf("exact depth %.17g along (1, 1, 1)/sqrt(3) from A towards B\n",
              -case1::kExactSignedDistance);
  const bool present = overlap && (-sep).dot(btVector3(1, 1, 1)) < 0;
  if (present) std::printf("the normal from A towards B, -sep, points against (1, 1, 1)\n");
  return repro::symptom(present, "bullet-sat/README.md");
}
