// ODE 0.16 failure class "convex pairs get libccd's MPR depth, not the minimum" (ode/README.md;
// design).
//
// Debian's libode 0.16.2 is built with libccd (it links libccd.so.2, and dCollide on two convexes
// answers as dCollideConvexConvexCCD does, not as the SAT code of convex.cpp); the collider table
// then sends convex–convex, convex–box, convex–capsule and convex–sphere to ccdCollide
// (collision_kernel.cpp, setColliders under dLIBCCD_CONVEX_*), which calls ccdMPRPenetration
// (collision_libccd.cpp, ccdCollide: mpr_tolerance 1e-6, max_iterations 500). MPR (Snethen's
// Minkowski Portal Refinement) finds a penetration along the ray from the geoms' centres through
// the Minkowski difference, a portal on its surface, not the shortest way out: its depth can be
// much more than the minimum, along a direction that is not the best.
//
// Minimal case: found/3d-containment-0-strictly_inside-shrunk.json — tetrahedron B inside
// tetrahedron A, same centroid; exact depth 0.2525907 along (1, 1, 1)/√3.
//
// Exit 0 while ODE's deepest contact is deeper than the exact depth by more than 1e-6; 1 otherwise.
#include "ode_repro.hpp"

#include <string>

#include <cmath>
#include <cstdio>
#include <vector>

namespace case1 {  // found/3d-containment-0-strictly_inside-shrunk.json
const std::vector<ode_shapes::V> kA = {
    {-8.0, -8.0, -7.0}, {-8.0, -7.0, -8.0}, {-8.0, -8.0, -8.0}, {-7.0, -8.0, -8.0}};
constexpr double kRadiusA = 0.0;
const std::vector<ode_shapes::V> kB = {{-7.8125, -7.8125, -7.5625},
                                       {-7.8125, -7.5625, -7.8125},
                                       {-7.8125, -7.8125, -7.8125},
                                       {-7.5625, -7.8125, -7.8125}};
constexpr double kRadiusB = 0.0;
/// Exact (the fixture's expected): overlapping, signed distance
constexpr double kExactSignedDistance = -2.5259074277046127197275259146960638684583e-01;
}  // namespace case1

using ode_repro::deepest;

int main() {
  dInitODE2(0);
  const double d = deepest(case1::kA, case1::kRadiusA, case1::kB, case1::kRadiusB, nullptr);
  const double exact_depth = -case1::kExactSignedDistance;
  std::printf("exact depth %.17g\n", exact_depth);
  dCloseODE();
  if (d > exact_depth + 1e-6)
    std::printf("depth %.17g, %.3g more than the minimum\n", d, d - exact_depth);
  return repro::symptom(d > exact_depth + 1e-6, "ode/README.md");
}
