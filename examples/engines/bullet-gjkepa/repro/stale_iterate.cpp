// Bullet 3.24 failure class "GJK ends on a failed sub-simplex with an earlier iterate's distance"
// (bullet-gjkepa/README.md).
//
// btGjkPairDetector's GJK loop breaks when btVoronoiSimplexSolver::closest() fails
// (btGjkPairDetector.cpp:899-903, m_degenerateSimplex = 3) before m_cachedSeparatingAxis takes the
// new iterate, and then reports the distance of m_cachedSeparatingAxis (:985-993): the previous
// iterate, not the closest point. EPA is not consulted because that distance is not below
// gGjkEpaPenetrationTolerance (:1006-1007).
//
// Minimal case: found/3d-touching-766-edge_edge-1ulp-shrunk.json — two triangular prisms whose
// edges pass one ulp apart (exact distance 2^-52 = 2.2e-16).
//
// Exit 0 while Bullet reports a distance above 1e-3 with m_degenerateSimplex 3; 1 otherwise.
#include "../../bullet/repro_bullet.hpp"

#include <cmath>
#include <cstdio>
#include <vector>

namespace case1 {  // found/3d-touching-766-edge_edge-1ulp-shrunk.json
const std::vector<btVector3> kA = {{-2.75, -1.25, -2.0}, {-1.25, -1.25, -2.0},
                                   {-2.75, -1.75, -2.5}, {-1.25, -1.75, -2.5},
                                   {-2.75, -0.75, -2.5}, {-1.25, -0.75, -2.5}};
constexpr double kRadiusA = 0.0;
const std::vector<btVector3> kB = {
    {-1.4999999999999998, -1.4999999999999998, -1.9999999999999998},
    {-2.4999999999999996, -0.9999999999999999, -1.9999999999999998},
    {-1.7499999999999998, -1.9999999999999998, -1.4999999999999998},
    {-1.2499999999999998, -0.9999999999999999, -1.4999999999999998},
    {-2.7499999999999996, -1.4999999999999998, -1.4999999999999998},
    {-2.2499999999999996, -0.49999999999999994, -1.4999999999999998}};
constexpr double kRadiusB = 0.0;
/// Exact (the fixture's expected): separated, signed distance
constexpr double kExactSignedDistance = 2.2204460492503130808472633361816406250000e-16;
}  // namespace case1

int main() {
  ReproShape a(case1::kA, case1::kRadiusA), b(case1::kB, case1::kRadiusB);
  const PairDetectorRun run = run_pair_detector(a, b);
  print_pair_detector(run);
  std::printf("exact distance %.17g\n", case1::kExactSignedDistance);
  const bool present = run.result.points.size() == 1 && run.result.points[0].depth > 1e-3 &&
                       run.degenerate_simplex == 3;
  if (present)
    std::printf("distance %.17g for shapes %.3g apart\n", run.result.points[0].depth,
                case1::kExactSignedDistance);
  return repro::symptom(present, "bullet-gjkepa/README.md");
}
