// Class "MPR's depth is not the minimum" (libccd-mpr/README.md): ccdMPRPenetration refines the
// portal that the ray from the interior point (center1 - center2) to the origin crosses
// (discoverPortal mpr.c:160, refinePortal mpr.c:274, findPenetr mpr.c:308) and reports the
// distance to that portal's face, which is the minimum only when the ray hits the nearest face.
// ccd.h documents no minimum. Symptom: depth above the exact (minimum) depth by more than
// mpr_tolerance.
#include "../../libccd/repro/ccd_repro.hpp"

int main(int argc, char** argv) {
  return ccd_repro::main_over_fixtures(
      argc, argv, true, "depth above the minimum by more than mpr_tolerance 1e-4",
      [](const auto& f, const auto& r) { return r.ret == 0 && r.depth > f.exact_depth() + 1e-4; });
}
