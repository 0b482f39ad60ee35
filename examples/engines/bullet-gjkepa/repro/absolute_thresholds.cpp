// Bullet 3.24 failure class "absolute thresholds of 1e-12" (bullet-gjkepa/README.md; design).
//
// In double precision btGjkPairDetector compares squared lengths with REL_ERROR2 = 1e-12 and
// distances with gGjkEpaPenetrationTolerance = 1e-12 (btGjkPairDetector.cpp:32-33), absolute
// values: GJK stops once the squared iterate is below 1e-12 (:906-911), i.e. within 1e-6 of the
// origin, and a degenerate end below 1e-12 is sent to EPA (:1006-1010), which reports a penetration
// of depth 0. Meters, chosen for game-sized bodies; at 1e-9 or within 1e-12 they decide the answer.
//
// Minimal cases: found/3d-scale-26-rounded-sphere_vertex-swapped-pow2_-23-shrunk.json — a sphere of
// radius 2^-33 above a cube of half side 2^-30, exact distance 2^-39 = 1.8e-12, Bullet's distance
// is that of the first support point, 2.6e-9;
// found/3d-touching-3-face_face-swapped-16ulp-shrunk.json — two cubes 16 ulps apart (3.55e-15),
// reported as a penetration.
//
// found/3d-touching-1-face_face-swapped--16ulp.json — cubes overlapping by 16 ulps (3.55e-15):
// EPA_ACCURACY = 1e-12 (btGjkEpa2.cpp:63) stops EPA at its first support step (:698, :722) with
// depth 0, and the point it reports on B lies 3.55e-15 off B.
//
// Exit 0 while all three show (distance more than 100 times the exact one; penetration reported for
// separated cubes); 1 otherwise.
#include "../../bullet/repro_bullet.hpp"

#include <cmath>
#include <cstdio>
#include <vector>

namespace case1 {  // found/3d-scale-26-rounded-sphere_vertex-swapped-pow2_-23-shrunk.json
const std::vector<btVector3> kA = {
    {-9.313225746154785e-10, -9.313225746154785e-10, 1.0495568858459592e-09}};
constexpr double kRadiusA = 1.1641532182693481e-10;
const std::vector<btVector3> kB = {
    {-9.313225746154785e-10, -9.313225746154785e-10, -9.313225746154785e-10},
    {-9.313225746154785e-10, -9.313225746154785e-10, 9.313225746154785e-10},
    {-9.313225746154785e-10, 9.313225746154785e-10, -9.313225746154785e-10},
    {-9.313225746154785e-10, 9.313225746154785e-10, 9.313225746154785e-10},
    {9.313225746154785e-10, -9.313225746154785e-10, -9.313225746154785e-10},
    {9.313225746154785e-10, -9.313225746154785e-10, 9.313225746154785e-10},
    {9.313225746154785e-10, 9.313225746154785e-10, -9.313225746154785e-10},
    {9.313225746154785e-10, 9.313225746154785e-10, 9.313225746154785e-10}};
constexpr double kRadiusB = 0.0;
/// Exact (the fixture's expected): separated, signed distance
constexpr double kExactSignedDistance = 1.8189894035458564758300781250000000000000e-12;
}  // namespace case1

namespace case2 {  // found/3d-touching-3-face_face-swapped-16ulp-shrunk.json
const std::vector<btVector3> kA = {{-1.9999999999999964, -1.9999999999999964, -1.9374999999999964},
                                   {-1.9999999999999964, -1.9999999999999964, -1.8749999999999964},
                                   {-1.9999999999999964, -1.9374999999999964, -1.9374999999999964},
                                   {-1.9999999999999964, -1.9374999999999964, -1.8749999999999964},
                                   {-1.9374999999999964, -1.9999999999999964, -1.9374999999999964},
                                   {-1.9374999999999964, -1.9999999999999964, -1.8749999999999964},
                                   {-1.9374999999999964, -1.9374999999999964, -1.9374999999999964},
                                   {-1.9374999999999964, -1.9374999999999964, -1.8749999999999964}};
constexpr double kRadiusA = 0.0;
const std::vector<btVector3> kB = {{-2.0, -2.0, -2.0},       {-2.0, -2.0, -1.9375},
                                   {-2.0, -1.9375, -2.0},    {-2.0, -1.9375, -1.9375},
                                   {-1.9375, -2.0, -2.0},    {-1.9375, -2.0, -1.9375},
                                   {-1.9375, -1.9375, -2.0}, {-1.9375, -1.9375, -1.9375}};
constexpr double kRadiusB = 0.0;
/// Exact (the fixture's expected): separated, signed distance
constexpr double kExactSignedDistance = 3.5527136788005009293556213378906250000000e-15;
}  // namespace case2

namespace case3 {  // found/3d-touching-1-face_face-swapped--16ulp.json
const std::vector<btVector3> kA = {{-2.000000000000007, -2.000000000000007, -1.9375000000000036},
                                   {-2.000000000000007, -2.000000000000007, -1.8750000000000036},
                                   {-2.000000000000007, -1.9375000000000036, -1.9375000000000036},
                                   {-2.000000000000007, -1.9375000000000036, -1.8750000000000036},
                                   {-1.9375000000000036, -2.000000000000007, -1.9375000000000036},
                                   {-1.9375000000000036, -2.000000000000007, -1.8750000000000036},
                                   {-1.9375000000000036, -1.9375000000000036, -1.9375000000000036},
                                   {-1.9375000000000036, -1.9375000000000036, -1.8750000000000036}};
constexpr double kRadiusA = 0.0;
const std::vector<btVector3> kB = {{-2.0, -2.0, -2.0},       {-2.0, -2.0, -1.9375},
                                   {-2.0, -1.9375, -2.0},    {-2.0, -1.9375, -1.9375},
                                   {-1.9375, -2.0, -2.0},    {-1.9375, -2.0, -1.9375},
                                   {-1.9375, -1.9375, -2.0}, {-1.9375, -1.9375, -1.9375}};
constexpr double kRadiusB = 0.0;
/// Exact (the fixture's expected): overlapping, signed distance
constexpr double kExactSignedDistance = -3.5527136788005009293556213378906250000000e-15;
}  // namespace case3

int main() {
  ReproShape a1(case1::kA, case1::kRadiusA), b1(case1::kB, case1::kRadiusB);
  const PairDetectorRun tiny = run_pair_detector(a1, b1);
  print_pair_detector(tiny);
  std::printf("exact distance %.17g\n", case1::kExactSignedDistance);
  ReproShape a2(case2::kA, case2::kRadiusA), b2(case2::kB, case2::kRadiusB);
  const PairDetectorRun near = run_pair_detector(a2, b2);
  print_pair_detector(near);
  std::printf("exact distance %.17g\n", case2::kExactSignedDistance);
  const bool far_off = tiny.result.points.size() == 1 &&
                       tiny.result.points[0].depth > 100 * case1::kExactSignedDistance;
  const bool penetrating = near.result.points.size() == 1 && near.result.points[0].depth <= 0;
  ReproShape a3(case3::kA, case3::kRadiusA), b3(case3::kB, case3::kRadiusB);
  const PairDetectorRun shallow = run_pair_detector(a3, b3);
  print_pair_detector(shallow);
  std::printf("exact depth %.17g\n", -case3::kExactSignedDistance);
  const bool zero_depth = shallow.result.points.size() == 1 && shallow.result.points[0].depth == 0;
  const bool present = far_off && penetrating && zero_depth;
  if (present)
    std::printf("distance %.3g for %.3g; penetration for cubes %.3g apart\n",
                tiny.result.points[0].depth, case1::kExactSignedDistance,
                case2::kExactSignedDistance);
  std::printf("and depth 0 for cubes overlapping by %.3g\n", -case3::kExactSignedDistance);
  return repro::symptom(present, "bullet-gjkepa/README.md");
}
