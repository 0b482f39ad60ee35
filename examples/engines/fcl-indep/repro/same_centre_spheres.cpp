// Class "spheres with one centre get a zero normal" (fcl-indep/README.md; upstream FCL #346): the
// sphere–sphere pair is answered by sphereSphereIntersect for both solvers, which sets the normal
// to the zero centre difference (sphere_sphere-inl.h:77-79). Symptom: colliding, with a zero
// normal.
#include "../../fcl/repro/fcl_repro.hpp"

int main(int argc, char** argv) {
  return fcl_repro::main_over_fixtures(argc, argv, fcl::GST_INDEP, "a zero normal",
                                       [](const auto&, const auto& r) {
                                         return r.outcome == 0 && r.collides && r.normal[0] == 0 &&
                                                r.normal[1] == 0 && r.normal[2] == 0;
                                       });
}
