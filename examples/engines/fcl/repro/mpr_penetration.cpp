// Class "penetration by MPR, not the minimum" (fcl/README.md): GJKSolver_libccd answers collide's
// contact with libccd's ccdMPRPenetration (GJKCollide, gjk_libccd-inl.h:2575-2613), whose depth is
// the distance to the portal along the centre-to-origin ray (libccd mpr.c:308), not the minimum.
// Symptom: the contact depth exceeds the exact (minimum) depth by more than 1e-4.
#include "fcl_repro.hpp"

int main(int argc, char** argv) {
  return fcl_repro::main_over_fixtures(
      argc, argv, fcl::GST_LIBCCD, "depth above the minimum by more than 1e-4",
      [](const auto& f, const auto& r) {
        return r.outcome == 0 && r.collides && r.depth > f.exact_depth() + 1e-4;
      });
}
