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
#include "../ode_shapes.hpp"

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
  const double d = deepest(case1::kA, case1::kRadiusA, case1::kB, case1::kRadiusB, nullptr);
  const double exact_depth = -case1::kExactSignedDistance;
  std::printf("exact depth %.17g\n", exact_depth);
  dCloseODE();
  if (d > exact_depth + 1e-6) {
    std::printf("symptom present: depth %.17g, %.3g more than the minimum\n", d, d - exact_depth);
    return 0;
  }
  std::printf("symptom absent: revisit ode/README.md\n");
  return 1;
}
