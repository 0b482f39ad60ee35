// Class "touching curved pairs: EPA's inscribed polytope misses the origin, the direction points
// inward" (libccd/README.md; design: within epa_tolerance). On a sphere or capsule the support
// points EPA adds lie on the curved surface, so its polytope is inscribed in the Minkowski
// difference; for a touching pair the origin is on the true boundary and just outside that
// polytope. EPA stops by its tolerance (nextSupport, ccd.c:975, 992) and ccdGJKPenetration returns
// the direction from the origin to the polytope's nearest point (ccd.c:189-193), which for an
// origin outside the polytope is the face's INWARD normal, with a depth of a few 1e-12 — within
// the documented epa_tolerance 1e-4, but translating B along it pushes the shapes together.
// Fixtures: a sphere resting on a cube's face, a capsule lying on one (both exactly touching).
// Symptom: penetration returns 0 with 0 < depth <= epa_tolerance and dir·(B's centre − A's
// centre) < 0 (the move points from B back towards A).
#include "ccd_repro.hpp"

int main(int argc, char** argv) {
  return ccd_repro::main_over_fixtures(argc, argv, false,
                                       "a tiny depth along a direction pointing from B towards A",
                                       [](const auto& f, const auto& r) {
                                         double toward_b = 0;
                                         for (int i = 0; i < 3; ++i)
                                           toward_b += r.dir[i] * (f.b.mean[i] - f.a.mean[i]);
                                         return f.relation == "touching" && r.ret == 0 &&
                                                r.depth > 0 && r.depth <= 1e-4 && toward_b < 0;
                                       });
}
