// Class "GJK distance stops on a stalled decrease" (fcl/README.md): FCL's _ccdDist returns when the
// distance to the simplex decreases by less than dist_tolerance (1e-6) in one iteration
// (gjk_libccd-inl.h:2081-2085, 2105-2109) instead of on the duality gap |v|^2 - v·w; on these
// polytope cases (turned boxes, parallel segments, a random hull) it stops with a distance 0.028,
// 0.084 and 5.8e-6 above the exact one: on polytopes GJK ends in finitely many steps, so an error
// above the tolerance is the stall, not the tolerance. Symptom: on shapes without a radius, the
// distance above the exact distance by more than dist_tolerance 1e-6.
#include "fcl_repro.hpp"

int main(int argc, char** argv) {
  return fcl_repro::main_over_fixtures(
      argc, argv, fcl::GST_LIBCCD, "distance above the exact one by more than 1e-6",
      [](const auto& f, const auto& r) {
        const bool polytopes = f.a.value("radius", 0.0) == 0 && f.b.value("radius", 0.0) == 0;
        return polytopes && r.outcome == 0 && !r.collides && r.distance > f.signed_distance + 1e-6;
      });
}
