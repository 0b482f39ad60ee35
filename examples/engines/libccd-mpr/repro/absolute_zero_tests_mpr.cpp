// Class "absolute zero tests" (libccd-mpr/README.md): MPR's portal discovery decides signs with
// ccdIsZero, |x| < DBL_EPSILON (vec3.h:216-219), on dot products of unnormalised support points
// (mpr.c:188-190, 208-210, 231-233, 242, 253): below that absolute threshold a pair is taken as
// touching or as separated whatever its scale. Symptom: ccdMPRIntersect disagrees with the exact
// relation on pairs 1.9e-9 deep and 1.9e-10 apart.
#include "../../libccd/repro/ccd_repro.hpp"

int main(int argc, char** argv) {
  return ccd_repro::main_over_fixtures(
      argc, argv, true, "MPR's relation differs from the exact one",
      [](const auto& f, const auto& r) { return r.intersects != (f.relation != "separated"); });
}
