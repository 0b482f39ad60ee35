// Class "MPR's depth short by at most gjk_tolerance" (fcl/README.md; design): GJKCollide sets
// libccd's mpr_tolerance to the request's gjk_tolerance, 1e-6 by default (gjk_libccd-inl.h:2593;
// collision_request.h), and ccdMPRPenetration stops refining the portal once it is within that
// distance of the Minkowski difference's surface: the depth may be short by up to 1e-6, and
// moving B by it leaves the shapes overlapping. (The model grants the engine's tolerance to a
// move that overshoots, not to one that leaves an overlap: docs/design.md, "Directions".)
// Fixture: a capsule overlapping a point by 0.0039, answered 1.8e-7 short.
// Symptom: 1e-9 < exact depth − depth <= 1e-6.
#include "fcl_repro.hpp"

int main(int argc, char** argv) {
  return fcl_repro::main_over_fixtures(
      argc, argv, fcl::GST_LIBCCD, "depth short by more than 1e-9 and at most 1e-6",
      [](const auto& f, const auto& r) {
        const double short_by = f.exact_depth() - r.depth;
        return r.outcome == 0 && r.collides && short_by > 1e-9 && short_by <= 1e-6;
      });
}
