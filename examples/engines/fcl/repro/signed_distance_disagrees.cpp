// Class "collide and signed distance disagree" (fcl/README.md): collide (MPR, GJKCollide) calls
// these touching pairs apart, while fcl::distance's GJK finds them in contact and, for a primitive
// pair under GST_LIBCCD, returns its own negative value without the penetration workaround
// (distance-inl.h:147-154): min_distance -1 with both nearest points at the origin (touching-94),
// or -0.09 for a touching pair at 1e12 (scale-13). Symptom: not colliding, distance < -1e-3.
#include "fcl_repro.hpp"

int main(int argc, char** argv) {
  return fcl_repro::main_over_fixtures(argc, argv, fcl::GST_LIBCCD,
                                       "not colliding, yet a negative distance",
                                       [](const auto&, const auto& r) {
                                         return r.outcome == 0 && !r.collides && r.distance < -1e-3;
                                       });
}
