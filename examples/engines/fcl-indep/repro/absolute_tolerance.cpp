// Class "absolute GJK tolerance" (fcl-indep/README.md): FCL's own GJK reports Inside when the
// distance estimate |ray| is below its tolerance (gjk-inl.h:115-117), an absolute gjk_tolerance of
// 1e-6 (collision_request.h's default): two squares 1.3e-9 apart collide. Symptom: colliding
// although the exact answer separates them.
#include "../../fcl/repro/fcl_repro.hpp"

int main(int argc, char** argv) {
  return fcl_repro::main_over_fixtures(
      argc, argv, fcl::GST_INDEP, "colliding although separated", [](const auto& f, const auto& r) {
        return r.outcome == 0 && r.collides && f.relation == "separated";
      });
}
