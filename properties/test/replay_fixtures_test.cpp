// Replays every fixture under fixtures/ (the curated catalogue and every shrunk counterexample
// found since), one named test per file (ReplayFixtures/Fixture.Holds/<dir>_<file name>): the
// exact reference must still give the stored exact answer, and every judged fast algorithm must
// satisfy the tolerance model on it. A failure names the case, the algorithm and precision, and
// each failing field's measured and allowed error; an unreadable fixture names its file and line.
#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "minkowski/fixtures/answer_json.hpp"
#include "minkowski/fixtures/fixture_io.hpp"
#include "minkowski/properties/bounds.hpp"
#include "minkowski/properties/fast_adapters.hpp"

namespace {

using namespace minkowski;
namespace fs = std::filesystem;

const fs::path kFixtureRoot = MINKOWSKI_SOURCE_DIR "/fixtures";

std::vector<fs::path> fixture_files() { return fixtures::list_fixtures(kFixtureRoot); }

/// A gtest parameter name for `path`: its path under fixtures/ without ".json", every character
/// outside [A-Za-z0-9] as '_' (gtest allows nothing else); a repeat gets its index appended.
std::string test_name(const fs::path& path, std::set<std::string>& taken, std::size_t index) {
  std::string name = fs::relative(path, kFixtureRoot).replace_extension().string();
  for (char& ch : name)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  if (!taken.insert(name).second) name += "_" + std::to_string(index);
  taken.insert(name);
  return name;
}

class Fixture : public ::testing::TestWithParam<fs::path> {};

TEST(ReplayFixtures, TheCatalogueIsThere) {
  EXPECT_GE(fixtures::list_fixtures(kFixtureRoot / "catalogue").size(), 25u)
      << "the catalogue is missing";
}

TEST_P(Fixture, Holds) {
  const fs::path& path = GetParam();
  fixtures::Fixture f;
  try {
    f = fixtures::read_fixture(path);
  } catch (const fixtures::CaseError& e) {
    FAIL() << e.what();
  }
  const reference::PairAnswer exact = reference::query(f.c.a, f.c.b);
  const auto now = fixtures::answer_to_json(exact);
  for (const char* k : {"relation", "signed_distance", "squared", "core_squared"})
    EXPECT_EQ(f.expected.value(k, nlohmann::ordered_json()), now.value(k, nlohmann::ordered_json()))
        << "case " << f.c.id << ": exact " << k << " differs from the stored answer";
  for (properties::Algorithm alg : properties::all_algorithms()) {
    if (!properties::is_judged(alg)) continue;
    for (properties::Precision p :
         {properties::Precision::single, properties::Precision::double_}) {
      const auto fast = p == properties::Precision::single ? properties::run_fast<float>(alg, f.c)
                                                           : properties::run_fast<double>(alg, f.c);
      if (!fast) continue;
      const properties::Verdict v =
          properties::judge(f.c, exact, *fast, properties::bounds_for(alg, p));
      if (v.ok) continue;
      std::string fields;
      for (const properties::FieldVerdict& fv : v.fields)
        if (!fv.ok)
          fields += fmt::format("\n  {}: measured {:.6g} u·S, allowed {:.6g} u·S ({})",
                                properties::to_string(fv.field), fv.error, fv.allowed, fv.detail);
      ADD_FAILURE() << "case " << (f.c.id.empty() ? "(no id)" : f.c.id) << ", "
                    << properties::to_string(alg) << "/" << properties::to_string(p)
                    << " at S = " << v.scale << ":" << fields;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(ReplayFixtures, Fixture, ::testing::ValuesIn(fixture_files()),
                         [](const ::testing::TestParamInfo<fs::path>& info) {
                           static std::set<std::string> taken;
                           return test_name(info.param, taken, info.index);
                         });

}  // namespace
