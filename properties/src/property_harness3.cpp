#include "minkowski/properties/property_harness3.hpp"

#include <cstdlib>
#include <iostream>
#include <mutex>

#include <fmt/format.h>
#include <rapidcheck.h>

#include "minkowski/fixtures/answer_json.hpp"
#include "minkowski/fixtures/fixture_io.hpp"

namespace minkowski::properties {

namespace {
std::mutex g_slot3_mutex;
std::optional<FailureRecord3> g_slot3;

}  // namespace

void record_failure3(FailureRecord3 r) {
  std::lock_guard<std::mutex> lock(g_slot3_mutex);
  g_slot3 = std::move(r);
}

std::string write_fixture3(const std::string& dir, const FailureRecord3& r) {
  fixtures::Fixture3 f;
  f.c = r.generated.c;
  f.expected = fixtures::answer_to_json(reference::query(f.c.a, f.c.b));
  const char* params = std::getenv("RC_PARAMS");
  f.provenance = fixtures::Provenance("3D property suite")
                     .property(r.property)
                     .family(r.generated.family)
                     .kind(r.generated.kind)
                     .rc_params(params ? params : "")
                     .date(fixtures::utc_date())
                     .broke(r.what)
                     .json();
  if (r.fast) f.provenance["fast_answer"] = protocol_json(*r.fast);
  return fixtures::write_fixture(dir, f, "case3").string();  // fixture_io's naming and writing
}

bool check_with_fixture3(const std::string& name, const std::function<void()>& property,
                         const std::string& fixture_dir, std::string* fixture_path) {
  {
    std::lock_guard<std::mutex> lock(g_slot3_mutex);
    g_slot3.reset();
  }
  const bool ok = rc::check(name, property);
  if (ok) return true;
  std::optional<FailureRecord3> last;
  {
    std::lock_guard<std::mutex> lock(g_slot3_mutex);
    last = g_slot3;
  }
  if (!last) return false;  // failed outside a recorded check (an exception): nothing to store
  const char* params = std::getenv("RC_PARAMS");
  std::cerr << "3D property \"" << name << "\" failed on " << last->generated.family << "/"
            << last->generated.kind << ": " << last->what
            << "\n  case: " << fixtures::case_to_json(last->generated.c).dump() << "\n";
  if (last->fast) std::cerr << "  fast answer: " << protocol_json(*last->fast).dump() << "\n";
  std::cerr << "  reproduce: RC_PARAMS=\"" << (params ? params : "")
            << "\" (and RapidCheck's reproduce string above); the case: minkowski query FILE\n";
  const std::string path = write_fixture3(fixture_dir, *last);
  std::cerr << "  fixture: " << path << "\n";
  if (fixture_path) *fixture_path = path;
  return false;
}

}  // namespace minkowski::properties
