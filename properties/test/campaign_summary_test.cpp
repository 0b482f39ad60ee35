// A cell keeps, beside each field's worst error, the allowance of that same case; it adds up in
// any order, survives the summary's JSON, and a summary written before it was kept still loads.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "minkowski/properties/campaign_summary.hpp"

// This file's names, in a namespace of their own: the test command compiles the suite as
// one translation unit (cmake/PrecompiledHeaders.cmake, minkowski_unity).
namespace campaign_summary_test_cpp {

namespace {

using namespace minkowski::properties;

Cell cell(double error, double allowed) {
  Cell c;
  c.cases = 1;
  c.max_error["depth"] = error;
  c.max_error_allowed["depth"] = allowed;
  c.hist["depth"].add(error);
  return c;
}

TEST(CellAllowance, TheWorstCaseBringsItsAllowanceAndTiesTakeTheSmallest) {
  const Cell worst = cell(8.14, 16.4), milder = cell(3, 4), tie = cell(8.14, 12);
  for (const bool forward : {true, false}) {
    Cell sum;
    if (forward)
      sum += milder, sum += worst, sum += tie;
    else
      sum += tie, sum += worst, sum += milder;
    EXPECT_EQ(sum.max_error.at("depth"), 8.14);
    EXPECT_EQ(sum.max_error_allowed.at("depth"), 12);
  }
}

TEST(CellAllowance, TheTableShowsItBesideTheError) {
  Summary t;
  t.cells["exec/convex/double"] = cell(8.14, 16.4);
  EXPECT_NE(table(t).find("depth=8.14 (allowed 16.4) "), std::string::npos) << table(t);
  t.cells["exec/convex/double"].field_violations["depth"] = 2;
  EXPECT_NE(table(t).find("depth=8.14 (allowed 16.4, 2 failed) "), std::string::npos) << table(t);
}

Summary one_cell_summary(const Cell& c) {
  Summary s;
  s.options = {{"seed", 1}};
  s.cells["exec/convex/double"] = c;
  return s;
}

TEST(CellAllowance, RoundTripsThroughJsonWithInfiniteErrors) {
  Cell c = cell(INFINITY, 8);  // a NaN in an engine's answer: an infinite error
  const nlohmann::ordered_json j = to_json(one_cell_summary(c));
  const auto& field = j["cells"]["exec/convex/double"]["fields"]["depth"];
  EXPECT_EQ(field["max"], "Infinity");
  EXPECT_EQ(field["max_allowed"], 8.0);
  const Summary back = summary_from_json(nlohmann::json::parse(j.dump()));
  const Cell& b = back.cells.at("exec/convex/double");
  EXPECT_TRUE(std::isinf(b.max_error.at("depth")));
  EXPECT_EQ(b.max_error_allowed.at("depth"), 8);
}

TEST(CellAllowance, ASummaryWithoutItStillLoadsAndMerges) {
  nlohmann::ordered_json j = to_json(one_cell_summary(cell(3, 4)));
  j["cells"]["exec/convex/double"]["fields"]["depth"].erase("max_allowed");
  const Summary old = summary_from_json(nlohmann::json::parse(j.dump()));
  EXPECT_EQ(old.cells.at("exec/convex/double").max_error_allowed.count("depth"), 0u);
  EXPECT_EQ(table(old).find("allowed"), std::string::npos) << table(old);
  // Merged with a new one: a worse new case brings its allowance, a milder one leaves none.
  const Summary worse = one_cell_summary(cell(5, 6));
  EXPECT_EQ(merge({old, worse}).cells.at("exec/convex/double").max_error_allowed.at("depth"), 6);
  const Summary milder = one_cell_summary(cell(1, 2));
  EXPECT_EQ(merge({old, milder}).cells.at("exec/convex/double").max_error_allowed.count("depth"),
            0u);
}

// ---- 2D and 3D in one summary (check --dim all) ---------------------------------------------

Summary dimension_summary(int dim, const std::string& key, std::uint64_t cases, unsigned shard) {
  Summary s;
  s.options = {{"seed", 1}, {"shard", shard}, {"shards", 2}};
  if (dim == 3) s.options["dimensions"] = nlohmann::ordered_json::array({3});
  if (dim == 3) s.options["families3"] = nlohmann::ordered_json::array({"box"});
  Cell c = cell(static_cast<double>(cases), 16);
  c.cases = cases;
  s.cells[key] = c;
  s.cases = cases;
  return s;
}

TEST(Dimensions, JoinedSummariesKeepBothDimensionsCellsAndAddTheirCounts) {
  const Summary two = dimension_summary(2, "sat/convex/double", 3, 0);
  const Summary three = dimension_summary(3, "3d/sat/box/double", 5, 0);
  const Summary both = join_dimensions(two, three);
  EXPECT_EQ(both.cases, 8u);  // 3 + 5
  ASSERT_EQ(both.cells.size(), 2u);
  EXPECT_EQ(both.cells.at("sat/convex/double").cases, 3u);
  EXPECT_EQ(both.cells.at("3d/sat/box/double").cases, 5u);
  EXPECT_EQ(both.options["dimensions"], nlohmann::ordered_json::array({2, 3}));
  EXPECT_EQ(both.options["families3"], nlohmann::ordered_json::array({"box"}));
  // The table lists the 2D cells first, though "3d/" sorts before every 2D key.
  const std::string t = table(both);
  ASSERT_NE(t.find("3d/sat/box/double"), std::string::npos) << t;
  EXPECT_LT(t.find("sat/convex/double"), t.find("3d/sat/box/double")) << t;
}

TEST(Dimensions, ShardsOfJoinedSummariesMergeCellByCell) {
  const Summary a = join_dimensions(dimension_summary(2, "sat/convex/double", 3, 0),
                                    dimension_summary(3, "3d/sat/box/double", 5, 0));
  const Summary b = join_dimensions(dimension_summary(2, "sat/convex/double", 4, 1),
                                    dimension_summary(3, "3d/sat/box/double", 6, 1));
  const Summary m = merge({a, b});
  EXPECT_EQ(m.cases, 18u);                                              // 3 + 5 + 4 + 6
  EXPECT_EQ(m.cells.at("sat/convex/double").cases, 7u);                 // 3 + 4
  EXPECT_EQ(m.cells.at("3d/sat/box/double").cases, 11u);                // 5 + 6
  EXPECT_EQ(m.cells.at("3d/sat/box/double").max_error.at("depth"), 6);  // the worse shard's
  // A 2D-only shard is a different campaign than a joined one: refused.
  EXPECT_THROW(merge({a, dimension_summary(2, "sat/convex/double", 4, 1)}), std::runtime_error);
}

TEST(Dimensions, The3DCellKeyHasItsPrefixAndThe2DKeyNone) {
  EXPECT_EQ(cell_key(Algorithm::sat, "convex", Precision::double_), "sat/convex/double");
  EXPECT_EQ(cell_key(Algorithm3::sat, "box", Precision::single), "3d/sat/box/float");
  EXPECT_EQ(cell_key3("exec", "box", Precision::double_), "3d/exec/box/double");
}

}  // namespace

}  // namespace campaign_summary_test_cpp
