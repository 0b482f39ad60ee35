// The bounds' small tables: precision names, and allowance() — k and tau per field — which both
// judge() and the report read, so that what the report calls "allowed" is what the judge allows;
// and the histogram's bin edges, which the report's counts above a bound read.
#include <gtest/gtest.h>

#include <cmath>

#include "minkowski/properties/bounds.hpp"
#include "minkowski/properties/campaign.hpp"
#include "minkowski/properties/judge.hpp"
#include "minkowski/reference/oracle.hpp"

namespace {

using namespace minkowski;
using properties::Precision;

TEST(PrecisionNames, RoundTripAndRefuseAnythingElse) {
  for (Precision p : {Precision::single, Precision::double_})
    EXPECT_EQ(properties::precision_from_string(properties::to_string(p)), p);
  EXPECT_EQ(properties::precision_from_string("float"), Precision::single);
  EXPECT_EQ(properties::precision_from_string("double"), Precision::double_);
  for (const char* bad : {"both", "", "Float", "double ", "single"})
    EXPECT_FALSE(properties::precision_from_string(bad).has_value()) << bad;
}

TEST(Allowance, EachFieldGetsItsKAndOnlyTheTauTheJudgeGrants) {
  properties::Bounds b;
  b.k_relation = 1, b.k_distance = 2, b.k_depth = 3, b.k_normal = 4, b.k_witness = 5, b.k_contact = 6;
  b.tau = 0.5;
  b.tau_relative = 0.25;
  b.tau_contact_depth_relative = 0.125;
  const double s = 4;  // powers of two: every sum below is exact
  const double tau = 0.5 + 0.25 * s;
  const std::pair<const char*, properties::Allowance> want[] = {
      {"relation", {1, 0}},   {"distance", {2, tau}}, {"depth", {3, tau}},
      {"normal", {4, tau}},   {"witness", {5, tau}},  {"contacts", {6, 0}},
      {"contact_depth", {3, tau + 0.125 * s}},        {"no_such_field", {0, 0}}};
  for (const auto& [field, w] : want) {
    const properties::Allowance a = properties::allowance(b, field, s);
    EXPECT_EQ(a.k, w.k) << field;
    EXPECT_EQ(a.tau, w.tau) << field;
    EXPECT_EQ(properties::allowed_us(b, field, s), w.k + w.tau / (b.u * s)) << field;
  }
}

TEST(Allowance, TheManifoldsContactDepthsGetTheReferenceFaceTau) {
  for (Precision p : {Precision::single, Precision::double_}) {
    const properties::Bounds b = properties::bounds_for(properties::Algorithm::manifold, p);
    EXPECT_GT(b.tau_contact_depth_relative, 0);
    EXPECT_EQ(properties::allowed_us(b, "contact_depth", 1), b.k_depth + b.tau_contact_depth_relative / b.u);
    EXPECT_EQ(properties::allowed_us(b, "contacts", 1), b.k_contact);
  }
}

// min_judged_scale is sqrt(min normal)/u: 2^-63 / 2^-24 = 2^-39 in float, 2^-511 / 2^-53 = 2^-458
// in double (both exact powers of two), and every bounds_for and engine_bounds carries it.
TEST(MinJudgedScale, IsTheSquareRootOfTheSmallestNormalOverU) {
  EXPECT_EQ(properties::min_judged_scale(Precision::single), 0x1p-39);
  EXPECT_EQ(properties::min_judged_scale(Precision::double_), 0x1p-458);
  for (Precision p : {Precision::single, Precision::double_}) {
    EXPECT_EQ(properties::engine_bounds(p).min_scale, properties::min_judged_scale(p));
    for (properties::Algorithm a : properties::all_algorithms())
      EXPECT_EQ(properties::bounds_for(a, p).min_scale, properties::min_judged_scale(p));
  }
}

// Below min_scale the judge measures but asserts nothing. A = the unit square scaled by s, B = the
// point (s, s)/2 (its centre): they overlap, exact depth s/2. An answer "separated" is wrong by
// (s/2)/(u·S) = 2^23 u·S in float (S = s, u = 2^-24) — a violation at s = 1, measured but not
// asserted at s = 2^-40 < 2^-39.
TEST(MinJudgedScale, BelowItAVerdictIsMeasuredNotAsserted) {
  const properties::Bounds b = properties::bounds_for(properties::Algorithm::gjk, Precision::single);
  for (const double s : {1.0, 0x1p-40}) {
    fixtures::Case c;
    c.a.points = {{0, 0}, {s, 0}, {s, s}, {0, s}};
    c.b.points = {{s / 2, s / 2}};
    const reference::PairAnswer exact = reference::query(c.a, c.b);
    properties::FastAnswer f;
    f.intersects = false;
    const properties::Verdict v = properties::judge(c, exact, f, b);
    const bool asserted = s >= properties::min_judged_scale(Precision::single);
    EXPECT_EQ(v.asserted, asserted) << s;
    EXPECT_EQ(v.ok, !asserted) << s;
    ASSERT_FALSE(v.fields.empty());
    EXPECT_EQ(v.fields[0].field, "relation");
    EXPECT_EQ(v.fields[0].error, 0.5 / b.u) << s;  // |sd| / (u·S) = (s/2) / (u·s), measured either way
  }
}

// The judge reports as "allowed" exactly allowed_us() of the field: two unit squares overlapping
// by 0.5, answered with one contact at the exact depth.
TEST(Allowance, IsWhatTheJudgeReportsAsAllowed) {
  fixtures::Case c;
  c.a.points = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
  c.b.points = {{0.5, 0}, {1.5, 0}, {1.5, 1}, {0.5, 1}};
  const reference::PairAnswer exact = reference::query(c.a, c.b);
  properties::FastAnswer f;
  f.intersects = true;
  f.normal = {{1, 0}};
  f.depth = 0.5;
  f.distance = 0;
  f.contacts = std::vector<properties::FastContact>{{{0.75, 0.5}, 0.5, std::nullopt, std::nullopt}};
  const properties::Bounds b = properties::bounds_for(properties::Algorithm::manifold, Precision::double_);
  const properties::Verdict v = properties::judge(c, exact, f, b);
  ASSERT_TRUE(v.ok) << v.summary();
  int seen = 0;
  for (const properties::FieldVerdict& fv : v.fields) {
    EXPECT_EQ(fv.allowed, properties::allowed_us(b, fv.field, v.scale)) << fv.field;
    ++seen;
  }
  EXPECT_EQ(seen, 6);  // relation, distance, depth, normal, contacts, contact_depth
}

TEST(Histogram, EveryErrorLiesBetweenTheEdgesOfItsBin) {
  using properties::Histogram;
  for (double e : {0.0, 1e-30, std::exp2(Histogram::kMinExp), 0.3, 1.0, 1.0905, 8.0, 24.0, 1e13, 1e30}) {
    Histogram h;
    h.add(e);
    int k = 0;
    while (h.bins[k] == 0) ++k;
    EXPECT_LE(Histogram::lower_edge(k), e) << e;
    if (e == 0) {
      EXPECT_EQ(Histogram::upper_edge(k), 0);
    } else if (k + 1 < Histogram::kBins) {
      EXPECT_LT(e, Histogram::upper_edge(k)) << e;
    }
    EXPECT_EQ(h.percentile(1), Histogram::upper_edge(k)) << e;
  }
  EXPECT_EQ(Histogram::lower_edge(1), 0);  // bin 1 also holds everything below 2^kMinExp
  for (int k = 2; k < Histogram::kBins; ++k) EXPECT_EQ(Histogram::lower_edge(k), Histogram::upper_edge(k - 1));
}

}  // namespace
