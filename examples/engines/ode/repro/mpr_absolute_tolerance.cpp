// ODE 0.16 failure class "MPR's absolute tolerance of 1e-6" (ode/README.md; design).
//
// ODE's ccdCollide sets libccd's mpr_tolerance to 1e-6 (collision_libccd.cpp, ccdCollide), an
// absolute length: MPR's portal refinement stops once the portal is within 1e-6 of the Minkowski
// difference's surface, so at coordinates of 1e-9 shapes apart can be called overlapping and shapes
// that overlap by less than the tolerance can be missed. Meters, for bodies of game size.
//
// Minimal cases: found/3d-scale-178-polytope-random_hull-pow2_-24-shrunk.json — two polytopes of
// size ~1e-9, exactly 2.37e-10 apart, reported in contact;
// found/3d-cells-85-vertex-vertex-r--overlapping-float_ulps-pyramid-segment-shrunk.json — a capsule
// overlapping a pyramid by 1.86e-9, reported apart.
//
// Exit 0 while both show (a contact for the separated pair; none for the overlapping one); 1
// otherwise.
#include "ode_repro.hpp"

#include <string>

#include <cmath>
#include <cstdio>
#include <vector>

namespace case1 {  // found/3d-scale-178-polytope-random_hull-pow2_-24-shrunk.json
const std::vector<ode_shapes::V> kA = {
    {-9.313225746154785e-10, -9.313225746154785e-10, -9.313225746154785e-10},
    {-9.313225746154785e-10, -9.313225746154785e-10, -9.313225746154785e-10},
    {-9.313225746154785e-10, -9.313225746154785e-10, -9.313225746154785e-10},
    {-9.313225746154785e-10, -9.313225746154785e-10, -9.313225746154785e-10},
    {-9.313225746154785e-10, -9.313225746154785e-10, -9.313225746154785e-10},
    {-9.313225746154785e-10, -9.313225746154785e-10, -9.220093488693237e-10},
    {-9.313225746154785e-10, -9.220093488693237e-10, -9.313225746154785e-10},
    {-9.220093488693237e-10, -9.313225746154785e-10, -9.313225746154785e-10}};
constexpr double kRadiusA = 0.0;
const std::vector<ode_shapes::V> kB = {
    {-1.983717083930969e-09, -1.4062970876693726e-09, -1.7508864402770995e-09},
    {-2.2258609533309934e-09, -1.4062970876693726e-09, -1.7508864402770995e-09},
    {-2.2258609533309934e-09, -1.601874828338623e-09, -1.7508864402770995e-09},
    {-9.87201929092407e-10, -9.126961231231689e-10, -6.332993507385253e-10}};
constexpr double kRadiusB = 0.0;
/// Exact (the fixture's expected): separated, signed distance
constexpr double kExactSignedDistance = 2.3693822114128771401510732897973152596185e-10;
}  // namespace case1

namespace case2 {
const std::vector<ode_shapes::V> kA = {{-0.125, 0.125, -0.0},
                                       {-0.25, 0.25, 0.125},
                                       {0.0, 0.25, 0.125},
                                       {0.0, -0.0, 0.125},
                                       {-0.25, -0.0, 0.125}};
constexpr double kRadiusA = 0.0;
const std::vector<ode_shapes::V> kB = {{-0.125, 0.125, -0.01562499813735485},
                                       {-0.25, 0.25, -0.14062499813735485}};
constexpr double kRadiusB = 0.015625;
/// Exact (the fixture's expected): overlapping, signed distance
constexpr double kExactSignedDistance = -1.8626451492309570312500000000000000000000e-09;
}  // namespace case2

using ode_repro::deepest;

int main() {
  dInitODE2(0);
  const double apart = deepest(case1::kA, case1::kRadiusA, case1::kB, case1::kRadiusB, nullptr);
  std::printf("exact: separated by %.17g\n", case1::kExactSignedDistance);
  const double over = deepest(case2::kA, case2::kRadiusA, case2::kB, case2::kRadiusB, nullptr);
  std::printf("exact: overlapping by %.17g\n", -case2::kExactSignedDistance);
  dCloseODE();
  if (apart >= 0 && over == -1)
    std::printf("contact for shapes %.3g apart, none for an overlap of %.3g\n",
                case1::kExactSignedDistance, -case2::kExactSignedDistance);
  return repro::symptom(apart >= 0 && over == -1, "ode/README.md");
}
