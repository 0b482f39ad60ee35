// Replays every fixture under fixtures/ (the curated catalogue and every shrunk counterexample
// found since), 2D and 3D, one named test per file (ReplayFixtures/Fixture.Holds/<dir>_<file
// name>): the exact reference must still give the stored exact answer, and every judged fast
// algorithm of the fixture's dimension (2D: all_algorithms and bounds_for; 3D: all_algorithms3 and
// bounds3_for) must satisfy the tolerance model on it in float and double. A failure names the
// case, the algorithm and precision, and each failing field's measured and allowed error; an
// unreadable fixture names its file and line. The open 3D findings (properties/test/open3/, which
// fail) are not under fixtures/ and are not replayed here.
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
#include "minkowski/properties/fast_adapters3.hpp"
#include "minkowski/properties/judge3.hpp"

// This file's names, in a namespace of their own: the test command compiles the suite as
// one translation unit (cmake/PrecompiledHeaders.cmake, minkowski_unity).
namespace replay_fixtures_test_cpp {

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

/// The failing fields of `v`, one line each.
std::string failing_fields(const properties::Verdict& v) {
  std::string fields;
  for (const properties::FieldVerdict& fv : v.fields)
    if (!fv.ok)
      fields += fmt::format("\n  {}: measured {:.6g} u·S, allowed {:.6g} u·S ({})",
                            properties::to_string(fv.field), fv.error, fv.allowed, fv.detail);
  return fields;
}

/// The exact answer now, and every judged fast algorithm in both precisions, for a 2D case.
reference::PairAnswer exact_of(const fixtures::Case& c) { return reference::query(c.a, c.b); }
void judge_all(const fixtures::Case& c, const reference::PairAnswer& exact) {
  for (properties::Algorithm alg : properties::all_algorithms()) {
    if (!properties::is_judged(alg)) continue;
    for (properties::Precision p :
         {properties::Precision::single, properties::Precision::double_}) {
      const auto fast = p == properties::Precision::single ? properties::run_fast<float>(alg, c)
                                                           : properties::run_fast<double>(alg, c);
      if (!fast) continue;
      const properties::Verdict v =
          properties::judge(c, exact, *fast, properties::bounds_for(alg, p));
      if (v.ok) continue;
      ADD_FAILURE() << "case " << (c.id.empty() ? "(no id)" : c.id) << ", "
                    << properties::to_string(alg) << "/" << properties::to_string(p)
                    << " at S = " << v.scale << ":" << failing_fields(v);
    }
  }
}

/// The same for a 3D case: every 3D algorithm under bounds3_for.
reference::PairAnswer3 exact_of(const fixtures::Case3& c) { return properties::exact_answer3(c); }
void judge_all(const fixtures::Case3& c, const reference::PairAnswer3& exact) {
  for (properties::Algorithm3 alg : properties::all_algorithms3()) {
    for (properties::Precision p :
         {properties::Precision::single, properties::Precision::double_}) {
      const auto fast = p == properties::Precision::single ? properties::run_fast3<float>(alg, c)
                                                           : properties::run_fast3<double>(alg, c);
      if (!fast) continue;
      const properties::Verdict v =
          properties::judge3(c, exact, *fast, properties::bounds3_for(alg, p));
      if (v.ok) continue;
      ADD_FAILURE() << "3D case " << (c.id.empty() ? "(no id)" : c.id) << ", "
                    << properties::to_string(alg) << "/" << properties::to_string(p)
                    << " at S = " << v.scale << ":" << failing_fields(v);
    }
  }
}

TEST_P(Fixture, Holds) {
  const fs::path& path = GetParam();
  fixtures::AnyFixture any;
  try {
    any = fixtures::read_any_fixture(path);
  } catch (const fixtures::CaseError& e) {
    FAIL() << e.what();
  }
  std::visit(
      [](const auto& f) {
        const auto exact = exact_of(f.c);
        const auto now = fixtures::answer_to_json(exact);
        for (const char* k : {"relation", "signed_distance", "squared", "core_squared"})
          EXPECT_EQ(f.expected.value(k, nlohmann::ordered_json()),
                    now.value(k, nlohmann::ordered_json()))
              << "case " << f.c.id << ": exact " << k << " differs from the stored answer";
        judge_all(f.c, exact);
      },
      any);
}

INSTANTIATE_TEST_SUITE_P(ReplayFixtures, Fixture, ::testing::ValuesIn(fixture_files()),
                         [](const ::testing::TestParamInfo<fs::path>& info) {
                           static std::set<std::string> taken;
                           return test_name(info.param, taken, info.index);
                         });

}  // namespace

}  // namespace replay_fixtures_test_cpp
