// Class "MPR stops within mpr_tolerance" (libccd-mpr/README.md): refinePortal ends when the new
// support point is within mpr_tolerance (1e-4, CCD_INIT; libccd's README) of the portal
// (portalReachTolerance, mpr.c:511-534), so on a curved shape the depth is short of the exact
// one by up to that absolute tolerance. Symptom: 1e-9 < exact depth - depth <= 1e-4.
#include "../../libccd/repro/ccd_repro.hpp"

int main(int argc, char** argv) {
  return ccd_repro::main_over_fixtures(argc, argv, true,
                                       "depth short by more than 1e-9 and at most 1e-4",
                                       [](const auto& f, const auto& r) {
                                         const double short_by = f.exact_depth() - r.depth;
                                         return r.ret == 0 && short_by > 1e-9 && short_by <= 1e-4;
                                       });
}
