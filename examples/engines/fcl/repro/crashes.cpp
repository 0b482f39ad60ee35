// Class "signed distance aborts or throws" (fcl/README.md; upstream FCL #493 for the throw): with
// enable_signed_distance, fcl::distance runs FCL's own GJK/EPA (libccd_extension in
// gjk_libccd-inl.h), whose assertions end the process in Debian's build — "A is not in region 1"
// (doSimplex2, gjk_libccd-inl.h:335) on touching points, isOutsidePolytopeFace
// (ComputeVisiblePatch, :1327) — or which throws "The origin is outside of the polytope" (:1719) on
// a separated sphere–box pair. Symptom: the query aborted or threw.
#include "fcl_repro.hpp"

int main(int argc, char** argv) {
  return fcl_repro::main_over_fixtures(
      argc, argv, fcl::GST_LIBCCD, "aborted or threw",
      [](const auto&, const auto& r) { return r.outcome == 1 || r.outcome == 2; });
}
