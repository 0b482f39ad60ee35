// Class "penetration depth with the wrong sign" (fcl-indep/README.md): GJKSolver_indep's
// shapeIntersect stores each EPA contact with `S depth = -epa.depth` (gjk_solver_indep-inl.h:152;
// also :394 and :491 for the triangle queries) while contact.h and GST_LIBCCD report a positive
// penetration depth. Symptom: colliding, exact overlapping, and the contact depth is negative.
#include "../../fcl/repro/fcl_repro.hpp"

int main(int argc, char** argv) {
  return fcl_repro::main_over_fixtures(
      argc, argv, fcl::GST_INDEP, "a negative depth", [](const auto& f, const auto& r) {
        return r.outcome == 0 && r.collides && f.relation == "overlapping" && r.depth < 0;
      });
}
