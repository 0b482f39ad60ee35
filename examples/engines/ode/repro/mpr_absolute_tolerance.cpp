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
#include "../ode_shapes.hpp"

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

/// dCollide(A, B) on the geoms the adapter builds; the deepest contact's depth (−1: no contact).
double deepest(const std::vector<ode_shapes::V>& pa, double ra,
               const std::vector<ode_shapes::V>& pb, double rb, dContactGeom* first) {
  std::string why;
  auto a = ode_shapes::make_ode_shape(pa, ra, &why);
  auto b = ode_shapes::make_ode_shape(pb, rb, &why);
  if (!a || !b) {
    std::printf("the adapter would skip this case: %s\n", why.c_str());
    return -2;
  }
  dContactGeom c[ode_shapes::kMaxContacts];
  const int n = dCollide(a->geom, b->geom, ode_shapes::kMaxContacts, c, sizeof(dContactGeom));
  double d = -1;
  for (int i = 0; i < n; ++i) {
    std::printf(
        "  contact %d: pos (%.17g, %.17g, %.17g) normal (%.17g, %.17g, %.17g) depth %.17g\n", i,
        c[i].pos[0], c[i].pos[1], c[i].pos[2], c[i].normal[0], c[i].normal[1], c[i].normal[2],
        c[i].depth);
    d = std::max(d, static_cast<double>(c[i].depth));
  }
  if (n > 0 && first) *first = c[0];
  std::printf("dCollide: %d contact(s)\n", n);
  return d;
}

int main() {
  dInitODE2(0);
  const double apart = deepest(case1::kA, case1::kRadiusA, case1::kB, case1::kRadiusB, nullptr);
  std::printf("exact: separated by %.17g\n", case1::kExactSignedDistance);
  const double over = deepest(case2::kA, case2::kRadiusA, case2::kB, case2::kRadiusB, nullptr);
  std::printf("exact: overlapping by %.17g\n", -case2::kExactSignedDistance);
  dCloseODE();
  if (apart >= 0 && over == -1) {
    std::printf("symptom present: contact for shapes %.3g apart, none for an overlap of %.3g\n",
                case1::kExactSignedDistance, -case2::kExactSignedDistance);
    return 0;
  }
  std::printf("symptom absent: revisit ode/README.md\n");
  return 1;
}
