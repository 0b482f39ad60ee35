// fuzz/fast_vs_reference_fuzz.cpp — every fast algorithm (properties/fast_adapters.hpp), in float
// and double, on a case decoded from arbitrary bytes (fuzz_bytes.hpp: NaN, ±inf, denormals,
// ±1e308, duplicate points, zero-length edges, empty shapes).
//
// Asserts, aborting (a libFuzzer finding) otherwise:
//   - input the reference refuses (reference::validate throws InputError) is refused by every
//     fast algorithm too: run_fast returns nullopt with a non-empty reason;
//   - for valid input, every answer a fast algorithm gives has only finite numbers, and every
//     judged algorithm's answer passes the tolerance model (properties/judge.hpp with the bounds of
//     properties/src/bounds.cpp) against the exact answer — asserted, as everywhere, only when the
//     case's scale S is at least properties::min_judged_scale (bounds.hpp; below it this target
//     does not even ask). A precision that cannot
//     represent the case (run_fast → nullopt, e.g. 1e200 in float) must say why, and is skipped.
// A judge failure is first written as a fixture (fixtures::write_fixture) into the directory named
// by $MINKOWSKI_FUZZ_FOUND, when set, so that it can join fixtures/found/.
// No crash, UB (the fuzz preset builds with ASan + UBSan) or hang (libFuzzer -timeout) is the
// harness's part.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "fuzz_bytes.hpp"
#include "minkowski/fixtures/answer_json.hpp"
#include "minkowski/fixtures/fixture_io.hpp"
#include "minkowski/properties/bounds.hpp"
#include "minkowski/properties/fast_adapters.hpp"

namespace {

using namespace minkowski;

/// Points per shape: enough for every support-search path (linear, binary search, climbing) and
/// EPA's polytope, small enough that one input stays well under a millisecond.
constexpr std::size_t kMaxFuzzPoints = 16;

[[noreturn]] void fail(const fixtures::Case& c, const std::string& what) {
  fuzz::fail_with_case("fast_vs_reference_fuzz", c, what);
}

bool finite(const std::optional<std::array<double, 2>>& p) {
  return !p || (std::isfinite((*p)[0]) && std::isfinite((*p)[1]));
}

bool all_finite(const properties::FastAnswer& f) {
  if (!finite(f.normal) || !finite(f.point_a) || !finite(f.point_b)) return false;
  if (f.depth && !std::isfinite(*f.depth)) return false;
  if (f.distance && !std::isfinite(*f.distance)) return false;
  if (f.contacts)
    for (const auto& k : *f.contacts)
      if (!std::isfinite(k.depth) || !finite(k.point) || !finite(k.point_a) || !finite(k.point_b))
        return false;
  return true;
}

void store_finding(const fixtures::Case& c, const std::string& alg, const std::string& broke) {
  const char* dir = std::getenv("MINKOWSKI_FUZZ_FOUND");
  if (!dir) return;
  fixtures::Fixture f;
  f.c = c;
  f.expected = fixtures::answer_to_json(reference::query(c.a, c.b));
  f.provenance =
      fixtures::Provenance("fuzz/fast_vs_reference_fuzz").algorithm(alg).broke(broke).json();
  std::fprintf(stderr, "fixture: %s\n", fixtures::write_fixture(dir, f, "fuzz").c_str());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto decoded = fuzz::decode_case(data, size, kMaxFuzzPoints);
  if (!decoded) return 0;
  const fixtures::Case& c = *decoded;
  bool valid = true;
  try {
    reference::validate(c.a, "shape a");
    reference::validate(c.b, "shape b");
  } catch (const reference::InputError&) {
    valid = false;
  }
  std::optional<reference::PairAnswer> exact;
  if (valid) exact = reference::query(c.a, c.b);
  for (properties::Algorithm alg : properties::all_algorithms())
    for (properties::Precision p :
         {properties::Precision::single, properties::Precision::double_}) {
      const std::string name =
          std::string(properties::to_string(alg)) + "/" + properties::to_string(p);
      std::string why;
      const auto f = p == properties::Precision::single
                         ? properties::run_fast<float>(alg, c, &why)
                         : properties::run_fast<double>(alg, c, &why);
      if (!f) {
        if (why.empty()) fail(c, name + " refused the case without a reason");
        continue;
      }
      if (!valid) fail(c, name + " answered a case the reference refuses as invalid");
      if (!all_finite(*f)) fail(c, name + " answered with NaN or infinity");
      if (!properties::is_judged(alg)) continue;
      // Not asserted below the smallest judged scale (judge() would measure and pass it): skip
      // the exact work, as denormal-laden inputs are a good share of this target's.
      if (properties::case_scale_of(c) < properties::min_judged_scale(p)) continue;
      const properties::Verdict v =
          properties::judge(c, *exact, *f, properties::bounds_for(alg, p));
      if (!v.ok) {
        store_finding(c, name, v.summary());
        fail(c, name + " outside the tolerance model: " + v.summary());
      }
    }
  return 0;
}
