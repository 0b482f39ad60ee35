// The coverage classification (coverage.hpp) on hand-derived cases: each expected cell is derived
// in the comment beside it from the geometry, not read off the code. Then the counts: adding up,
// JSON round trip, the reachable-cell counts (derived by hand), and the table's findings.
#include <gtest/gtest.h>

#include <cstdlib>
#include <iostream>

#include "minkowski/properties/campaign.hpp"
#include "minkowski/properties/campaign_summary.hpp"
#include "minkowski/properties/coverage.hpp"
#include "minkowski/properties/generators3.hpp"
#include "minkowski/properties/judge.hpp"
#include "minkowski/properties/judge3.hpp"

// This file's names, in a namespace of their own: the test command compiles the suite as
// one translation unit (cmake/PrecompiledHeaders.cmake, minkowski_unity).
namespace coverage_test_cpp {

namespace {

using namespace minkowski;
using properties::classify;
using properties::Coverage;
using reference::Point;
using reference::Point3;
using reference::Shape;
using reference::Shape3;

std::vector<Point> box2(double x0, double y0, double x1, double y1) {
  return {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}};
}
std::vector<Point3> box3(Point3 lo, Point3 hi) {
  std::vector<Point3> out;
  for (double x : {lo.x, hi.x})
    for (double y : {lo.y, hi.y})
      for (double z : {lo.z, hi.z}) out.push_back({x, y, z});
  return out;
}

properties::Classification classify2(Shape a, Shape b) {
  const fixtures::Case c{"", std::move(a), std::move(b)};
  return classify(c, reference::query(c.a, c.b, reference::Detail::magnitudes));
}
properties::Classification classify3(Shape3 a, Shape3 b) {
  const fixtures::Case3 c{"", std::move(a), std::move(b)};
  return classify(c, reference::query(c.a, c.b, reference::Detail::magnitudes));
}

TEST(Coverage, CircleInASquaresCornerRegionIsVertexVertexRounded) {
  // Square [0,2]², unit circle at (2.5, 2.5): the nearest point of the square is its corner
  // (2, 2) (both coordinates beyond the square), distance √0.5 − 1 < 0: overlapping by
  // 1 − 0.7071 = 0.29, yet the cores are apart, so the optimal direction is the corner → centre
  // ray (1, 1): the square's support along it is the corner, the circle's core is its centre.
  // 0.29 > S/1024 (S = 2.5) and <= r = 1: band radius. The SAT-without-vertex-axis blind spot.
  const auto k = classify2(Shape{box2(0, 0, 2, 2), 0}, Shape{{{2.5, 2.5}}, 1});
  EXPECT_EQ(k.feature_cell(), "vertex-vertex(r)/overlapping/radius");
  EXPECT_EQ(k.kind_cell(), "polygon-point(r)/overlapping");
  // Circle at (3, 3): corner distance √2 − 1 = 0.414 > 0: separated, <= r: band radius.
  EXPECT_EQ(classify2(Shape{box2(0, 0, 2, 2), 0}, Shape{{{3, 3}}, 1}).feature_cell(),
            "vertex-vertex(r)/separated/radius");
}

TEST(Coverage, CircleAboveAnEdgeIsEdgeVertexRounded) {
  // Unit circle at (1, 3.5) over the top edge y = 2 of [0,2]²: distance 1.5 − 1 = 0.5 <= r,
  // direction (0, 1) whose support on the square is the top edge (both top corners).
  EXPECT_EQ(classify2(Shape{box2(0, 0, 2, 2), 0}, Shape{{{1, 3.5}}, 1}).feature_cell(),
            "edge-vertex(r)/separated/radius");
  // At (1, 4.5): distance 1.5 > r = 1 and > S/1024: band large.
  EXPECT_EQ(classify2(Shape{box2(0, 0, 2, 2), 0}, Shape{{{1, 4.5}}, 1}).feature_cell(),
            "edge-vertex(r)/separated/large");
}

TEST(Coverage, TouchingAndNearTouchingSquaresByBand) {
  // [0,2]² and [1,3]×[2,4] share the segment y = 2, 1 <= x <= 2: touching, edge against edge.
  auto k = classify2(Shape{box2(0, 0, 2, 2), 0}, Shape{box2(1, 2, 3, 4), 0});
  EXPECT_EQ(k.feature_cell(), "edge-edge/touching/zero");
  EXPECT_EQ(k.kind_cell(), "polygon-polygon/touching");
  // S = 4 below. Gap 2^-51 (one ulp of 2) <= 16·2^-53·4 = 2^-47: ulps. Gap 2^-30: above 2^-47 and
  // <= 16·2^-24·4 = 2^-18: float_ulps. Gap 2^-12: above 2^-18 and <= 4/1024 = 2^-8: small.
  EXPECT_EQ(
      classify2(Shape{box2(0, 0, 2, 2), 0}, Shape{box2(1, 2 + 0x1p-51, 3, 4), 0}).feature_cell(),
      "edge-edge/separated/ulps");
  EXPECT_EQ(
      classify2(Shape{box2(0, 0, 2, 2), 0}, Shape{box2(1, 2 + 0x1p-30, 3, 4), 0}).feature_cell(),
      "edge-edge/separated/float_ulps");
  EXPECT_EQ(
      classify2(Shape{box2(0, 0, 2, 2), 0}, Shape{box2(1, 2 - 0x1p-12, 3, 4), 0}).feature_cell(),
      "edge-edge/overlapping/small");
  // Corner to corner: [0,1]² and [1,2]² meet only at (1, 1): the optimal directions are a cone
  // (the normal cone of D at a vertex); inside it each support is one corner.
  EXPECT_EQ(classify2(Shape{box2(0, 0, 1, 1), 0}, Shape{box2(1, 1, 2, 2), 0}).feature_cell(),
            "vertex-vertex/touching/zero");
  // Two equal points: core(D) is the origin (every direction optimal): both features vertices.
  k = classify2(Shape{{{1, 1}}, 0}, Shape{{{1, 1}}, 0});
  EXPECT_EQ(k.feature_cell(), "vertex-vertex/touching/zero");
  EXPECT_EQ(k.kind_cell(), "point-point/touching");
}

TEST(Coverage, PenetratingApexIsEdgeVertex) {
  // The triangle (2, 3.5), (1, 5), (3, 5) pokes its apex 0.5 into the top edge of [0,4]²; any
  // other way out is longer (sideways at least 1 + 1.5 ... ), so the minimum translation is
  // (0, 0.5) along (0, 1): A's support is its top edge, B's along (0, −1) its apex. No radius:
  // band large. A duplicated and a collinear extra point (the edge's midpoint) change nothing.
  const auto k = classify2(Shape{{{0, 0}, {4, 0}, {4, 4}, {2, 4}, {0, 4}, {4, 4}}, 0},
                           Shape{{{2, 3.5}, {1, 5}, {3, 5}}, 0});
  EXPECT_EQ(k.feature_cell(), "edge-vertex/overlapping/large");
  EXPECT_EQ(k.kind_cell(), "polygon-polygon/overlapping");
}

TEST(Coverage, CrossingSegmentsOverlapByAnEdgeAndAVertex) {
  // Diagonals of [0,2]² cross at (1, 1): D = A − B is a parallelogram around the origin whose
  // facets are parallel to A's or to B's direction; leaving by one moves along the other
  // segment's normal: the support along it is one segment (an edge) and one end of the other.
  const auto k = classify2(Shape{{{0, 0}, {2, 2}}, 0}, Shape{{{0, 2}, {2, 0}}, 0});
  EXPECT_EQ(k.relation, reference::Relation::overlapping);
  EXPECT_EQ(static_cast<int>(k.feature_a) + static_cast<int>(k.feature_b), 1);
  EXPECT_EQ(k.kind_cell(), "segment-segment/overlapping");
}

TEST(Coverage, SpheresInACubesFeatureRegions) {
  const Shape3 cube{box3({0, 0, 0}, {2, 2, 2}), 0};
  // Vertex region: centre (3, 3, 3), corner (2, 2, 2) at √3 = 1.732: separated by 0.732 <= r.
  auto k = classify3(cube, Shape3{{{3, 3, 3}}, 1});
  EXPECT_EQ(k.feature_cell(), "vertex-vertex(r)/separated/radius");
  EXPECT_EQ(k.kind_cell(), "polytope-point(r)/separated");
  // Edge region: centre (3, 3, 1) beyond the edge x = y = 2 at distance √2: separated by 0.414;
  // the direction (1, 1, 0) picks the whole edge (2, 2, z), z ∈ [0, 2].
  EXPECT_EQ(classify3(cube, Shape3{{{3, 3, 1}}, 1}).feature_cell(),
            "edge-vertex(r)/separated/radius");
  // Face region: centre (1, 1, 4.5) over the top face, distance 2.5 − 1 = 1.5 > r: large.
  EXPECT_EQ(classify3(cube, Shape3{{{1, 1, 4.5}}, 1}).feature_cell(),
            "face-vertex(r)/separated/large");
}

TEST(Coverage, PolytopeFeaturePairs3) {
  // Cubes [0,1]³ and [0.5,1.5]²×[1,2]: they share the square [0.5,1]² at z = 1: face on face.
  auto k = classify3(Shape3{box3({0, 0, 0}, {1, 1, 1}), 0},
                     Shape3{box3({0.5, 0.5, 1}, {1.5, 1.5, 2}), 0});
  EXPECT_EQ(k.feature_cell(), "face-face/touching/zero");
  EXPECT_EQ(k.kind_cell(), "polytope-polytope/touching");
  // Skew segments along x at z = 0 and along y at z = 1, crossing over (0, 0): distance 1 along
  // (0, 0, 1), both supports whole segments: edge–edge, large; segments are kind "segment".
  k = classify3(Shape3{{{-1, 0, 0}, {1, 0, 0}}, 0}, Shape3{{{0, -1, 1}, {0, 1, 1}}, 0});
  EXPECT_EQ(k.feature_cell(), "edge-edge/separated/large");
  EXPECT_EQ(k.kind_cell(), "segment-segment/separated");
  // A flat square (z = 0) under a point at height 2^-50 (S = 1: <= 16·2^-53 = 2^-49): ulps.
  k = classify3(Shape3{{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}}, 0},
                Shape3{{{0.5, 0.5, 0x1p-50}}, 0});
  EXPECT_EQ(k.feature_cell(), "face-vertex/separated/ulps");
  EXPECT_EQ(k.kind_cell(), "polygon-point/separated");
}

TEST(Coverage, ReachableCellCountsAreTheDerivedOnes) {
  // 2D: 16 feature pairs × 11 columns = 176, less the radius columns of the 4 pairs with no
  // radius (8), the 4 non-radius overlap columns of unrounded vertex–vertex (4) and the deep
  // (large) overlap of the 3 rounded vertex–vertex pairs (3): 161.
  EXPECT_EQ(properties::reachable_feature_cells(2).size(), 161u);
  // 3D: 36 × 11 = 396, less 9 × 2 radius cells, the unrounded v–v, v–e, e–v overlaps (3 × 4)
  // and their rounded deep overlaps (3 pairs × 3 roundings): 396 − 18 − 12 − 9 = 357.
  EXPECT_EQ(properties::reachable_feature_cells(3).size(), 357u);
  // Kinds: 2D 36 pairs × 3 relations less unrounded overlaps of point–point, point–segment,
  // segment–point (105); 3D 64 × 3 less 6 pairs whose dimensions add up to less than 3 (186).
  EXPECT_EQ(properties::reachable_kind_cells(2).size(), 105u);
  EXPECT_EQ(properties::reachable_kind_cells(3).size(), 186u);
}

TEST(Coverage, CountsAddUpAndRoundTripThroughJson) {
  Coverage a, b;
  const auto k1 = classify2(Shape{box2(0, 0, 2, 2), 0}, Shape{{{3, 3}}, 1});
  const auto k2 = classify2(Shape{box2(0, 0, 2, 2), 0}, Shape{box2(1, 2, 3, 4), 0});
  a.add("rounded", k1);
  a.add("rounded", k1);
  b.add("rounded", k1);
  b.add("convex", k2);
  a += b;
  EXPECT_EQ(a.features["rounded"]["vertex-vertex(r)/separated/radius"], 3u);
  EXPECT_EQ(a.features["convex"]["edge-edge/touching/zero"], 1u);
  EXPECT_EQ(a.feature_totals().size(), 2u);
  EXPECT_EQ(a.empty_feature_cells().size(), 161u - 2u);
  const Coverage back = Coverage::from_json(a.to_json());
  EXPECT_EQ(back.features, a.features);
  EXPECT_EQ(back.kinds, a.kinds);
  EXPECT_EQ(back.dimension, 2);
  // A 3D coverage does not add to a 2D one.
  Coverage c3;
  c3.add("box", classify3(Shape3{{{0, 0, 0}}, 0}, Shape3{{{1, 0, 0}}, 0}));
  EXPECT_THROW(a += c3, std::invalid_argument);
  // Bad JSON names what is wrong.
  try {
    Coverage::from_json(nlohmann::json{{"dimension", 2}, {"features", {{"x", {{"c", -1}}}}}});
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("features\".x.c"), std::string::npos) << e.what();
  }
  // The table lists the hit row and the empty cells as findings.
  const std::string t = properties::coverage_table(a);
  EXPECT_NE(t.find("vertex-vertex(r)"), std::string::npos);
  EXPECT_NE(t.find("coverage: empty cell edge(r)-edge(r)/overlapping/large"), std::string::npos);
  EXPECT_NE(t.find("2 of 161 reachable feature cells hit"), std::string::npos) << t;
}

}  // namespace

namespace {

// The coverage of the generator families, measured: MINKOWSKI_COVERAGE_CASES cases per family
// (2D: drawn as the campaign draws them; 3D: from the family's generator at sizes 0..100 in
// turn), classified and printed as `check` prints them. Skipped unless the variable is set:
// a measurement for people, not an assertion (the cells family's construction of every cell is
// asserted in generators_test).
std::uint64_t measure_cases() {
  const char* n = std::getenv("MINKOWSKI_COVERAGE_CASES");
  return n ? std::strtoull(n, nullptr, 10) : 0;
}

TEST(CoverageMeasure, Families2) {
  const std::uint64_t n = measure_cases();
  if (n == 0) GTEST_SKIP() << "set MINKOWSKI_COVERAGE_CASES to measure";
  Coverage all, without_cells;
  for (const std::string& fam : properties::family_names()) {
    Coverage one;
    for (std::uint64_t i = 0; i < n; ++i) {
      const auto g = properties::campaign_case(fam, properties::kDefaultSeed, i);
      one.add(fam, classify(g.c, properties::exact_answer(g.c, reference::Detail::magnitudes)));
    }
    std::cout << "== family " << fam << "\n" << properties::coverage_table(one, "  ");
    if (fam != "cells") without_cells += one;
    all += one;
  }
  std::cout << "== all families but cells\n" << properties::coverage_table(without_cells, "  ");
  std::cout << "== all families\n" << properties::coverage_table(all, "  ");
}

TEST(CoverageMeasure, Families3) {
  const std::uint64_t n = measure_cases();
  if (n == 0) GTEST_SKIP() << "set MINKOWSKI_COVERAGE_CASES to measure";
  Coverage all, without_cells;
  for (const std::string& fam : properties::family_names3()) {
    Coverage one;
    for (std::uint64_t i = 0; i < n; ++i) {
      const auto g = properties::gen3_family(fam)(rc::Random(properties::kDefaultSeed + i),
                                                  static_cast<int>(i % 101))
                         .value();
      one.add(fam, classify(g.c, properties::exact_answer3(g.c, reference::Detail::magnitudes)));
    }
    std::cout << "== family " << fam << "\n" << properties::coverage_table(one, "  ");
    if (fam != "cells") without_cells += one;
    all += one;
  }
  std::cout << "== all families but cells\n" << properties::coverage_table(without_cells, "  ");
  std::cout << "== all families\n" << properties::coverage_table(all, "  ");
}

}  // namespace

namespace {

// A campaign counts every case into its coverage, and the summary keeps it through JSON and
// merging: two shards of 20 cases per family add up to the single run's 40-case coverage.
TEST(CoverageCampaign, ShardsMergeToTheSingleRun) {
  properties::CampaignOptions opt;
  opt.families = {"rounded", "cells"};
  opt.algorithms = {properties::Algorithm::gjk};
  opt.precisions = {properties::Precision::double_};
  opt.cases_per_family = 40;
  opt.threads = 2;
  const auto whole = properties::summarize(properties::run_campaign(opt), opt);
  std::vector<properties::Summary> parts;
  opt.shards = 2;
  for (unsigned k = 0; k < 2; ++k) {
    opt.shard = k;
    const auto part = properties::summarize(properties::run_campaign(opt), opt);
    parts.push_back(properties::summary_from_json(
        nlohmann::json::parse(properties::to_json(part).dump())));  // through JSON
  }
  const auto merged = properties::merge(parts);
  ASSERT_EQ(whole.coverage.size(), 1u);
  const Coverage& c = whole.coverage.at(2);
  std::uint64_t counted = 0;
  for (const auto& [cell, n] : c.feature_totals()) counted += n;
  EXPECT_EQ(counted, 80u);  // every case counted once
  EXPECT_EQ(merged.coverage.at(2).features, c.features);
  EXPECT_EQ(merged.coverage.at(2).kinds, c.kinds);
  EXPECT_NE(properties::table(merged).find("reachable feature cells hit"), std::string::npos);
}

}  // namespace

}  // namespace coverage_test_cpp
