// Bullet 3.24 failure class "GJK stops when a support point it dropped comes back"
// (bullet-gjkepa2/README.md).
//
// GJK::Evaluate keeps the last four support points in lastw (btGjkEpa2.cpp:206, all four set to
// the first one at :226-229, updated at :262) and ends when a new support point is within
// sqrt(GJK_DUPLICATED_EPS) = 1e-6 of one of them (:246-258), keeping the old simplex with status
// Valid. lastw is not the current simplex: a point GJK dropped from its simplex two iterations
// earlier may legitimately be the support point again (exact GJK would add it back and go on),
// and then Distance reports |ray| of an unfinished simplex as the distance (:327, :948-962).
// Traced with a copy of btGjkEpa2.cpp printing each iteration (not part of this program): in
// case 1 the support point (−14.78125, −0.8125, −4.5) enters at GJK's third iteration, is dropped
// by its fourth's reduction, comes back at its sixth, and Distance returns 0.00724.
//
// Case 1: found/3d-box-1095-turned_twice-shrunk.json — two turned boxes overlapping by 0.763:
// Distance succeeds (separated) with distance 0.00724.
// Case 2: found/3d-cells-782-vertex-face-separated-float_ulps-point-frustum-shrunk.json — a point
// 1.86e-9 above a frustum's top face: distance 0.0536.
//
// Exit 0 while Distance answers case 1 as separated and case 2 more than 1e-3 too far (both
// errors are 0.76 and 0.054: 1e-3 separates them from GJK_ACCURACY's 1e-12 stop); 1 otherwise.
#include "../../bullet/repro_bullet.hpp"

#include <cmath>
#include <cstdio>
#include <vector>

namespace case1 {  // found/3d-box-1095-turned_twice-shrunk.json
const std::vector<btVector3> kA = {{1.828125, 1.28125, -10.65625}, {1.828125, -8.46875, -6.59375},
                                   {-7.921875, 2.84375, -6.90625}, {-7.921875, -6.90625, -2.84375},
                                   {7.921875, 6.90625, 2.84375},   {7.921875, -2.84375, 6.90625},
                                   {-1.828125, 8.46875, 6.59375},  {-1.828125, -1.28125, 10.65625}};
constexpr double kRadiusA = 0.0;
const std::vector<btVector3> kB = {{4.828125, 10.5625, -4.84375}, {4.828125, 4.65625, -6.34375},
                                   {4.828125, 9.5625, -0.90625},  {4.828125, 3.65625, -2.40625},
                                   {6.859375, 10.5625, -4.84375}, {6.859375, 4.65625, -6.34375},
                                   {6.859375, 9.5625, -0.90625},  {6.859375, 3.65625, -2.40625}};
constexpr double kRadiusB = 0.0;
/// Exact (the fixture's expected): overlapping, signed distance
constexpr double kExactSignedDistance = -7.6290245941767033357256004033970790602585e-01;
}  // namespace case1

namespace case2 {  // found/3d-cells-782-vertex-face-separated-float_ulps-point-frustum-shrunk.json
const std::vector<btVector3> kA = {{0.125, -0.125, -0.0}};
constexpr double kRadiusA = 0.0;
const std::vector<btVector3> kB = {
    {0.0, -0.25, -1.862645149230957e-09}, {0.5, -0.25, -1.862645149230957e-09},
    {0.5, 0.0, -1.862645149230957e-09},   {0.0, 0.0, -1.862645149230957e-09},
    {-0.25, -0.5, -0.37500000186264515},  {0.75, -0.5, -0.37500000186264515},
    {0.75, 0.25, -0.37500000186264515},   {-0.25, 0.25, -0.37500000186264515}};
constexpr double kRadiusB = 0.0;
/// Exact (the fixture's expected): separated, signed distance
constexpr double kExactSignedDistance = 1.8626451492309570312500000000000000000000e-09;
}  // namespace case2

int main() {
  // Case 1: overlapping boxes. Distance succeeding means Bullet says "separated".
  ReproShape a1(case1::kA, case1::kRadiusA), b1(case1::kB, case1::kRadiusB);
  const Solver2Run run1 = run_solver2(a1, b1);
  std::printf("case 1 exact: overlapping, signed distance %.17g\n", case1::kExactSignedDistance);
  const bool present1 = run1.distance_ok && run1.r.distance > 1e-3;
  if (present1)
    std::printf("case 1: separated at %.17g for boxes overlapping by %.17g\n", run1.r.distance,
                -case1::kExactSignedDistance);

  // Case 2: a point 1.86e-9 above a face.
  ReproShape a2(case2::kA, case2::kRadiusA), b2(case2::kB, case2::kRadiusB);
  const Solver2Run run2 = run_solver2(a2, b2);
  std::printf("case 2 exact: separated, distance %.17g\n", case2::kExactSignedDistance);
  const bool present2 = run2.distance_ok && run2.r.distance - case2::kExactSignedDistance > 1e-3;
  if (present2)
    std::printf("case 2: distance %.17g, %.3g too far\n", run2.r.distance,
                run2.r.distance - case2::kExactSignedDistance);
  return repro::symptom(present1 && present2, "bullet-gjkepa2/README.md");
}
