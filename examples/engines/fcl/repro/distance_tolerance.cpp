// Class "distance tolerance on curved shapes" (fcl/README.md): the GJK distance ends at
// distance_tolerance = 1e-6 (distance_request.h, DistanceRequest's default; _ccdDist,
// gjk_libccd-inl.h:2081-2085) on a support function with no finite number of vertices (sphere,
// capsule): the distance is then off by up to about that tolerance and the nearest points by more.
// Symptom: a shape with a radius, and 1e-9 < |distance - exact| <= 1e-3.
#include "fcl_repro.hpp"

int main(int argc, char** argv) {
  return fcl_repro::main_over_fixtures(
      argc, argv, fcl::GST_LIBCCD, "distance off by more than 1e-9 and at most 1e-3",
      [](const auto& f, const auto& r) {
        const double err = std::fabs(r.distance - f.signed_distance);
        const bool curved = f.a.value("radius", 0.0) > 0 || f.b.value("radius", 0.0) > 0;
        return curved && r.outcome == 0 && !r.collides && err > 1e-9 && err <= 1e-3;
      });
}
