// Class "absolute zero tests" (libccd/README.md): libccd decides "zero" with ccdIsZero, |x| <
// CCD_EPS = DBL_EPSILON (vec3.h:216-219, CCD_EPS in vec3.h:70), applied to squared distances
// (ccd.c:370-373: the origin's squared distance to the simplex triangle), so a pair whose distance
// is below sqrt(DBL_EPSILON) ≈ 1.5e-8, whatever its scale, is reported intersecting. Symptom:
// ccdGJKIntersect says yes for pairs the exact answer separates (by 1.9e-9 and by 16 ulps).
#include "ccd_repro.hpp"

int main(int argc, char** argv) {
  return ccd_repro::main_over_fixtures(
      argc, argv, false, "intersecting although separated",
      [](const auto& f, const auto& r) { return f.relation == "separated" && r.intersects; });
}
