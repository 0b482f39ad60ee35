// Bullet 3.24 failure class "EPA's distance to an edge by Lagrange's identity"
// (bullet-gjkepa/README.md).
//
// When the origin projects outside a face of EPA's polytope, EPA::newface takes the face's
// distance from its nearest edge (btGjkEpa2.cpp:822-824), and getedgedist computes that distance
// as sqrt((|a|²|b|² − (a·b)²) / |b − a|²) (:796-797): a difference of two products of order
// |a|²|b|² whose rounding error, about one ulp of |a|²|b|², is left when the true difference is
// tiny. Its square root makes the error half the digits: an edge through the origin (up to
// rounding) gets distance sqrt(ulp(|a|²|b|²) / |b − a|²), not 0. Traced with a copy of
// btGjkEpa2.cpp printing getedgedist's operands (not part of this program): for the case below
// |a|²|b|² = 35.999999999999986 and (a·b)² = 35.999999999999979 (one ulp apart, 7.1e-15),
// |b − a|² = 32: distance sqrt(2.2e-16) = 2^-26 = 1.49e-8, and EPA ends (AccuraryReached,
// :722) with that face as its depth. The edge branch was added in 2012 (commit da54814d0,
// "compute closest triangle to the origin using edges/vertices", Bullet issue 606 on Google
// Code).
//
// Minimal case: found/3d-touching-52-face_face-1ulp-shrunk.json — two boxes whose faces y = 1 and
// y = 1.0000000000000002 are one ulp apart (exact: separated by 2.2e-16). GJK calls them
// touching (the absolute thresholds class), and EPA answers depth 2^-26.
//
// Exit 0 while the penetration depth Bullet reports is above 1e-9 (the exact depth is 0; any
// correct rounding of it is below 1e-15 here); 1 otherwise.
#include "../../bullet/repro_bullet.hpp"

#include <cmath>
#include <cstdio>
#include <vector>

namespace case1 {  // found/3d-touching-52-face_face-1ulp-shrunk.json
const std::vector<btVector3> kA = {{-2.0, -1.0, -2.0}, {-2.0, 1.0, -2.0}, {-2.0, -1.0, -3.0},
                                   {-2.0, 1.0, -3.0},  {0.0, -1.0, -2.0}, {0.0, 1.0, -2.0},
                                   {0.0, -1.0, -3.0},  {0.0, 1.0, -3.0}};
constexpr double kRadiusA = 0.0;
const std::vector<btVector3> kB = {{-2.9999999999999996, 1.0000000000000002, 5e-324},
                                   {-2.9999999999999996, 2.0000000000000004, 5e-324},
                                   {-2.9999999999999996, 1.0000000000000002, -2.9999999999999996},
                                   {-2.9999999999999996, 2.0000000000000004, -2.9999999999999996},
                                   {-0.9999999999999999, 1.0000000000000002, 5e-324},
                                   {-0.9999999999999999, 2.0000000000000004, 5e-324},
                                   {-0.9999999999999999, 1.0000000000000002, -2.9999999999999996},
                                   {-0.9999999999999999, 2.0000000000000004, -2.9999999999999996}};
constexpr double kRadiusB = 0.0;
/// Exact (the fixture's expected): separated, signed distance
constexpr double kExactSignedDistance = 2.2204460492503130808472633361816406250000e-16;
}  // namespace case1

int main() {
  ReproShape a(case1::kA, case1::kRadiusA), b(case1::kB, case1::kRadiusB);
  const PairDetectorRun run = run_pair_detector(a, b);
  print_pair_detector(run);
  std::printf("exact: separated, signed distance %.17g\n", case1::kExactSignedDistance);
  // addContactPoint's distance is negative for an overlap: minus the depth.
  const bool present = run.result.points.size() == 1 && -run.result.points[0].depth > 1e-9;
  if (present)
    std::printf("depth %.17g = 2^%g for boxes %.3g apart\n", -run.result.points[0].depth,
                std::log2(-run.result.points[0].depth), case1::kExactSignedDistance);
  return repro::symptom(present, "bullet-gjkepa/README.md");
}
