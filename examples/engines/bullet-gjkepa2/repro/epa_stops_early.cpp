// Bullet 3.24 failure class "EPA stops early and reports its current face"
// (bullet-gjkepa2/README.md).
//
// btGjkEpaSolver2's EPA (btGjkEpa2.cpp, EPA::Evaluate) breaks out of its expansion loop with status
// InvalidHull when expanding the best face fails (:714-718) and still returns that face (`outer`,
// :732-734); Penetration accepts every status but Failed (:991) and returns true with that face's
// depth: too shallow, along a normal that is no face normal of the Minkowski difference.
//
// Minimal case: found/3d-box-378-axis-shrunk.json — A = [−0.8, 0.8]² × [−0.28, 0.28], B = [−0.89,
// −0.11] × [−0.7, −0.5] × [−0.13, 0.07]; exact depth 0.3 along ±y.
//
// Exit 0 while Penetration returns true with a depth below the exact 0.3 by more than 1e-6; 1
// otherwise.
#include "../../bullet/repro_bullet.hpp"

#include <cmath>
#include <cstdio>
#include <vector>

namespace case1 {  // found/3d-box-378-axis-shrunk.json
const std::vector<btVector3> kA = {{-0.8, -0.8, -0.28}, {-0.8, -0.8, 0.28}, {-0.8, 0.8, -0.28},
                                   {-0.8, 0.8, 0.28},   {0.8, -0.8, -0.28}, {0.8, -0.8, 0.28},
                                   {0.8, 0.8, -0.28},   {0.8, 0.8, 0.28}};
constexpr double kRadiusA = 0.0;
const std::vector<btVector3> kB = {{-0.89, -0.7, -0.13},
                                   {-0.89, -0.7, 0.07},
                                   {-0.89, -0.5, -0.13},
                                   {-0.89, -0.5, 0.07},
                                   {-0.10999999999999999, -0.7, -0.13},
                                   {-0.10999999999999999, -0.7, 0.07},
                                   {-0.10999999999999999, -0.5, -0.13},
                                   {-0.10999999999999999, -0.5, 0.07}};
constexpr double kRadiusB = 0.0;
/// Exact (the fixture's expected): overlapping, signed distance
constexpr double kExactSignedDistance = -3.0000000000000004440892098500626161694527e-01;
}  // namespace case1

int main() {
  ReproShape a(case1::kA, case1::kRadiusA), b(case1::kB, case1::kRadiusB);
  const Solver2Run run = run_solver2(a, b);
  const double exact_depth = -case1::kExactSignedDistance;
  std::printf("exact depth %.17g\n", exact_depth);
  const bool present = run.penetration_ok && -run.r.distance < exact_depth - 1e-6;
  if (present)
    std::printf("depth %.17g is %.3g short\n", -run.r.distance, exact_depth + run.r.distance);
  return repro::symptom(present, "bullet-gjkepa2/README.md");
}
