// Class "origin on the GJK simplex taken as touching" (libccd/README.md; upstream libccd #25):
// __ccdGJK stops as soon as the origin lies on a face of its simplex (ccd.c:370-373, 460-473:
// ccdIsZero of the squared distance), simplexToPolytope4/3 then call the pair touching and return
// without expanding (ccd.c:575-590, 664-677), and ccdGJKPenetration normalizes the zero witness
// (ccd.c:189-193). Symptom: the penetration call succeeds with depth 0 and a NaN direction, on
// touching shapes and on shapes that overlap (containment-18: exact depth 0.121).
#include "ccd_repro.hpp"

int main(int argc, char** argv) {
  return ccd_repro::main_over_fixtures(
      argc, argv, false, "depth 0 with a NaN direction", [](const auto&, const auto& r) {
        return r.intersects && r.ret == 0 && r.depth == 0 && std::isnan(r.dir[0]);
      });
}
