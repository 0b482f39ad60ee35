// Class "EPA's tolerance compared with squared lengths" (libccd/README.md): nextSupport stops the
// expansion when dot(v, w) - |w|^2 < epa_tolerance (ccd.c:972-976; el->dist is the squared
// distance) or when the new support point's SQUARED distance to the face is below epa_tolerance
// (ccd.c:978-993): with the documented epa_tolerance 1e-4 the second test stops when the support
// point is within 1e-2 of the face, so on curved shapes the depth is off by more than 1e-4.
// Symptom: |depth - exact depth| > epa_tolerance.
#include "ccd_repro.hpp"

int main(int argc, char** argv) {
  return ccd_repro::main_over_fixtures(
      argc, argv, false, "depth off by more than epa_tolerance 1e-4",
      [](const auto& f, const auto& r) {
        return r.ret == 0 && std::fabs(r.depth - f.exact_depth()) > 1e-4;
      });
}
