// Class "spheres with one centre get a zero normal" (fcl/README.md; upstream FCL #346):
// sphereSphereIntersect sets the normal to the centre difference when its length is 0 — "the
// normal is (0, 0, 0)" by its own comment (sphere_sphere-inl.h:77-79) — with depth r1 + r2.
// Symptom: colliding, with a zero normal.
#include "fcl_repro.hpp"

int main(int argc, char** argv) {
  return fcl_repro::main_over_fixtures(argc, argv, fcl::GST_LIBCCD, "a zero normal",
                                       [](const auto&, const auto& r) {
                                         return r.outcome == 0 && r.collides && r.normal[0] == 0 &&
                                                r.normal[1] == 0 && r.normal[2] == 0;
                                       });
}
