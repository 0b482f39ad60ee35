// Bullet 3.24 failure class "the normal is reverted but the points are not"
// (bullet-gjkepa/README.md).
//
// After EPA, btGjkPairDetector compares the support gaps along ±normal (d0, d1) and reverts the
// normal when d1 > d0 (btGjkPairDetector.cpp:1112-1162, "todo: need to track down this EPA
// penetration solver degeneracy ... detect the issue and revert the normal"), m_lastUsedMethod 10.
// It reverts normalInB only: pointOnB and the distance stay, so the point on A that the result
// implies (pointOnB + normalOnB·distance, btDiscreteCollisionDetectorInterface.h:25-26) lies off A.
//
// Minimal case: found/3d-containment-61-strictly_inside-permuted-shrunk.json — tetrahedron B
// strictly inside tetrahedron A, exact depth 0.0211530451 with two optimal directions (±, a tie).
//
// Exit 0 while m_lastUsedMethod is 10 and pointOnB + normalOnB·distance is more than 1e-3 off A's
// surface (A's face planes computed here in double); 1 otherwise.
#include "../../bullet/repro_bullet.hpp"

#include <cmath>
#include <cstdio>
#include <vector>

namespace case1 {  // found/3d-containment-61-strictly_inside-permuted-shrunk.json
const std::vector<btVector3> kA = {
    {-8.0, 2.0, -7.0}, {-7.0, -4.0, -5.0}, {-5.0, -3.0, -7.0}, {-4.0, -7.0, -6.0}};
constexpr double kRadiusA = 0.0;
const std::vector<btVector3> kB = {
    {-6.5, -1.75, -6.4375}, {-6.25, -3.25, -5.9375}, {-5.75, -3.0, -6.4375}, {-5.5, -4.0, -6.1875}};
constexpr double kRadiusB = 0.0;
/// Exact (the fixture's expected): overlapping, signed distance
constexpr double kExactSignedDistance = -2.1153045106950396739145643073276684883368e-02;
}  // namespace case1

/// Distance of p to the tetrahedron kA's surface along its face planes: the largest signed plane
/// distance (outward positive), which is the surface distance for a point inside.
double off_tetrahedron(const btVector3& p) {
  double worst = -INFINITY;
  for (int skip = 0; skip < 4; ++skip) {
    std::vector<btVector3> f;
    for (int i = 0; i < 4; ++i)
      if (i != skip) f.push_back(case1::kA[i]);
    btVector3 n = (f[1] - f[0]).cross(f[2] - f[0]).normalized();
    if (n.dot(case1::kA[skip] - f[0]) > 0) n = -n;
    worst = std::max(worst, n.dot(p - f[0]));
  }
  return std::fabs(worst);
}

int main() {
  ReproShape a(case1::kA, case1::kRadiusA), b(case1::kB, case1::kRadiusB);
  const PairDetectorRun run = run_pair_detector(a, b);
  print_pair_detector(run);
  std::printf("exact depth %.17g\n", -case1::kExactSignedDistance);
  if (run.result.points.size() != 1) return repro::symptom(false, "bullet-gjkepa/README.md");
  const ReproResult::Point& k = run.result.points[0];
  const btVector3 on_a = k.point_on_b + k.normal_on_b * k.depth;
  print_vec("implied point on A", on_a);
  const double off = off_tetrahedron(on_a);
  const bool present = run.last_used_method == 10 && off > 1e-3;
  if (present) std::printf("the implied point on A is %.3g off A's surface\n", off);
  return repro::symptom(present, "bullet-gjkepa/README.md");
}
