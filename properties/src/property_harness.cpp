#include "minkowski/properties/property_harness.hpp"

#include <cstdlib>
#include <mutex>

#include <rapidcheck.h>

#include "minkowski/fixtures/answer_json.hpp"
#include "minkowski/fixtures/fixture_io.hpp"
#include "minkowski/fixtures/protocol.hpp"
#include "minkowski/fixtures/protocol.hpp"

namespace minkowski::properties {

namespace {
std::mutex g_slot_mutex;
std::optional<FailureRecord> g_slot;
}  // namespace

void record_failure(FailureRecord r) {
  std::lock_guard<std::mutex> lock(g_slot_mutex);
  g_slot = std::move(r);
}

bool check_with_fixture(const std::string& name, const std::function<void()>& property,
                        const std::string& fixture_dir, std::string* fixture_path) {
  {
    std::lock_guard<std::mutex> lock(g_slot_mutex);
    g_slot.reset();
  }
  const bool ok = rc::check(name, property);
  if (ok) return true;
  std::optional<FailureRecord> last;
  {
    std::lock_guard<std::mutex> lock(g_slot_mutex);
    last = g_slot;
  }
  if (!last) return false;  // failed outside a recorded check (e.g. an exception): nothing to store
  fixtures::Fixture f;
  f.c = last->generated.c;
  f.expected = fixtures::answer_to_json(reference::query(f.c.a, f.c.b));
  const char* params = std::getenv("RC_PARAMS");
  f.provenance = fixtures::Provenance("property suite")
                     .property(name)
                     .family(last->generated.family)
                     .kind(last->generated.kind)
                     .rc_params(params ? params : "")
                     .date(fixtures::utc_date())
                     .broke(last->what)
                     .json();
  if (last->fast) f.provenance["fast_answer"] = fixtures::protocol_json(*last->fast);
  const auto path = fixtures::write_fixture(fixture_dir, f, last->generated.family);
  if (fixture_path) *fixture_path = path.string();
  return false;
}

}  // namespace minkowski::properties
