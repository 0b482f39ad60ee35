#include "minkowski/properties/property_harness3.hpp"

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <mutex>
#include <stdexcept>

#include <fmt/format.h>
#include <rapidcheck.h>

#include "minkowski/fixtures/answer_json.hpp"
#include "minkowski/fixtures/fixture_io.hpp"

namespace minkowski::properties {

namespace {
std::mutex g_slot_mutex;
std::optional<FailureRecord3> g_slot;

std::uint64_t fnv1a64(const std::string& s) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (const char ch : s) {
    h ^= static_cast<unsigned char>(ch);
    h *= 0x100000001b3ull;
  }
  return h;
}
}  // namespace

void record_failure3(FailureRecord3 r) {
  std::lock_guard<std::mutex> lock(g_slot_mutex);
  g_slot = std::move(r);
}

std::string write_fixture3(const std::string& dir, const FailureRecord3& r) {
  namespace fs = std::filesystem;
  const fixtures::Case3& c = r.generated.c;
  nlohmann::ordered_json j = fixtures::case_to_json(c);
  const std::string name = fmt::format(
      "{}-{:016x}.json", fixtures::id_stem(c.id.empty() ? "case3" : c.id), fnv1a64(j.dump()));
  j["expected"] = fixtures::answer_to_json(reference::query(c.a, c.b));
  const char* params = std::getenv("RC_PARAMS");
  nlohmann::ordered_json provenance = fixtures::Provenance("3D property suite")
                                          .property(r.property)
                                          .family(r.generated.family)
                                          .kind(r.generated.kind)
                                          .rc_params(params ? params : "")
                                          .date(fixtures::utc_date())
                                          .broke(r.what)
                                          .json();
  if (r.fast) provenance["fast_answer"] = protocol_json(*r.fast);
  j["provenance"] = provenance;
  std::error_code ec;
  fs::create_directories(dir, ec);
  const fs::path path = fs::path(dir) / name;
  if (fs::exists(path)) return path.string();  // the same case (same hash): stored once
  const fs::path tmp = fs::path(dir) / (".tmp-" + name);
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out << j.dump(2) << '\n';
    if (!out) throw std::runtime_error("cannot write fixture " + tmp.string());
  }
  fs::rename(tmp, path, ec);
  if (ec) throw std::runtime_error("cannot move fixture into place: " + path.string());
  return path.string();
}

bool check_with_fixture3(const std::string& name, const std::function<void()>& property,
                         const std::string& fixture_dir, std::string* fixture_path) {
  {
    std::lock_guard<std::mutex> lock(g_slot_mutex);
    g_slot.reset();
  }
  const bool ok = rc::check(name, property);
  if (ok) return true;
  std::optional<FailureRecord3> last;
  {
    std::lock_guard<std::mutex> lock(g_slot_mutex);
    last = g_slot;
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
