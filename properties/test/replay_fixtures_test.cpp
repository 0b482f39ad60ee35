// Replays every fixture under fixtures/ (the curated catalogue and every shrunk counterexample
// ever found): the exact reference must still give the stored exact answer, and every judged
// fast algorithm must satisfy the tolerance model on it. Failure messages show the measured and
// the allowed error; an unreadable fixture names its file and line.
#include <gtest/gtest.h>

#include "minkowski/fixtures/answer_json.hpp"
#include "minkowski/fixtures/fixture_io.hpp"
#include "minkowski/properties/bounds.hpp"
#include "minkowski/properties/fast_adapters.hpp"

namespace {

using namespace minkowski;

TEST(ReplayFixtures, EveryFixtureStillHolds) {
  const auto files = fixtures::list_fixtures(MINKOWSKI_SOURCE_DIR "/fixtures");
  ASSERT_GE(files.size(), 25u) << "the catalogue is missing";
  for (const auto& path : files) {
    SCOPED_TRACE(path.string());
    fixtures::Fixture f;
    try {
      f = fixtures::read_fixture(path);
    } catch (const fixtures::CaseError& e) {
      ADD_FAILURE() << e.what();
      continue;
    }
    const reference::PairAnswer exact = reference::query(f.c.a, f.c.b);
    const auto now = fixtures::answer_to_json(exact);
    for (const char* k : {"relation", "signed_distance", "squared", "core_squared"})
      EXPECT_EQ(f.expected.value(k, nlohmann::ordered_json()), now.value(k, nlohmann::ordered_json()))
          << "exact " << k << " differs from the stored answer";
    for (properties::Algorithm alg : properties::all_algorithms()) {
      if (!properties::is_judged(alg)) continue;
      for (properties::Precision p : {properties::Precision::single, properties::Precision::double_}) {
        const auto fast = p == properties::Precision::single ? properties::run_fast<float>(alg, f.c)
                                                            : properties::run_fast<double>(alg, f.c);
        if (!fast) continue;
        const properties::Verdict v = properties::judge(f.c, exact, *fast, properties::bounds_for(alg, p));
        EXPECT_TRUE(v.ok) << properties::to_string(alg) << "/" << properties::to_string(p) << ": " << v.summary();
      }
    }
  }
}

}  // namespace
