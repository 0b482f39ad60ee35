// Class "signed distance asserts a collision that collide denies" (fcl-indep/README.md; the
// configuration of upstream FCL #495): for GST_INDEP, fcl::distance with enable_signed_distance
// re-runs collide when its GJK distance is negative and asserts that collide found a collision
// (distance-inl.h:161, `assert(collision_result.isCollision())`); Debian's build keeps asserts,
// so on boxes a few ulps apart or touching the process aborts. Symptom: the query aborted.
#include "../../fcl/repro/fcl_repro.hpp"

int main(int argc, char** argv) {
  return fcl_repro::main_over_fixtures(argc, argv, fcl::GST_INDEP, "aborted",
                                       [](const auto&, const auto& r) { return r.outcome == 1; });
}
