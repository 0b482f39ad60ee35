// Class "absolute tolerances" (fcl/README.md): MPR's zero tests are absolute (libccd ccdIsZero,
// |x| < DBL_EPSILON on unnormalised dot products, mpr.c:188-190, 208-210, 231-233) and the GJK
// distance stops at dist_tolerance 1e-6 (gjk_libccd-inl.h:2081-2085), so a pair overlapping by
// 1.9e-9 is reported apart, at a distance of 8.9e-7, and squares of size 1e-9, 1.9e-10 apart,
// collide. Symptom: collide's answer is not the exact relation, for a pair within 1e-6 of touching.
#include "fcl_repro.hpp"

int main(int argc, char** argv) {
  return fcl_repro::main_over_fixtures(
      argc, argv, fcl::GST_LIBCCD, "the relation wrong within 1e-6 of touching",
      [](const auto& f, const auto& r) {
        return r.outcome == 0 && std::fabs(f.signed_distance) <= 1e-6 &&
               ((!r.collides && f.relation == "overlapping") ||
                (r.collides && f.relation == "separated"));
      });
}
