// The bounds' small tables: precision names, and allowance() — k and tau per field — which both
// judge() and the report read, so that what the report calls "allowed" is what the judge allows;
// and the histogram's bin edges, which the report's counts above a bound read.
#include <gtest/gtest.h>

#include <array>
#include <cmath>

#include "minkowski/properties/bounds.hpp"
#include "minkowski/properties/campaign.hpp"
#include "minkowski/properties/judge.hpp"
#include "minkowski/reference/oracle.hpp"

// This file's names, in a namespace of their own: the test command compiles the suite as
// one translation unit (cmake/PrecompiledHeaders.cmake, minkowski_unity).
namespace bounds_table_test_cpp {

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
  b.k_relation = 1, b.k_distance = 2, b.k_depth = 3, b.k_normal = 4, b.k_witness = 5,
  b.k_contact = 6;
  b.tau = 0.5;
  b.tau_relative = 0.25;
  b.tau_contact_depth_relative = 0.125;
  const double s = 4;  // powers of two: every sum below is exact
  const double tau = 0.5 + 0.25 * s;
  const std::pair<const char*, properties::Allowance> want[] = {
      {"relation", {1, 0}},
      {"distance", {2, tau}},
      {"depth", {3, tau}},
      {"normal", {4, tau}},
      {"witness", {5, tau}},
      {"contacts", {6, 0}},
      {"contact_depth", {3, tau + 0.125 * s}},
      {"no_such_field", {0, 0}}};
  for (const auto& [field, w] : want) {
    const properties::Allowance a = properties::allowance(b, field, s);
    EXPECT_EQ(a.k, w.k) << field;
    EXPECT_EQ(a.tau, w.tau) << field;
    EXPECT_EQ(properties::allowed_us(b, field, s), w.k + w.tau / (b.u * s)) << field;
  }
}

// The enum and its names (the keys of summaries and reports) round-trip, and allowance() by name
// is allowance() by enum.
TEST(FieldNames, RoundTripAndAllowanceByNameIsByEnum) {
  properties::Bounds b;
  b.k_relation = 1, b.k_distance = 2, b.k_depth = 3, b.k_normal = 4, b.k_witness = 5,
  b.k_contact = 6;
  b.tau = 0.5;
  for (properties::Field f : properties::kAllFields) {
    EXPECT_EQ(properties::field_from_string(properties::to_string(f)), f);
    EXPECT_EQ(properties::allowance(b, properties::to_string(f), 2).k,
              properties::allowance(b, f, 2).k);
    EXPECT_EQ(properties::allowance(b, properties::to_string(f), 2).tau,
              properties::allowance(b, f, 2).tau);
  }
  EXPECT_FALSE(properties::field_from_string("Relation").has_value());
}

// The table has at most one row per algorithm, precision and field, and no row for contact_depth
// (held to the depth's k); bounds_for gives each row's k, and engine_bounds each field's largest k
// over the judged algorithms, a derived row counting with its measured envelope (below k).
TEST(BoundsTable, OneRowPerCellAndBoundsForReadsIt) {
  using properties::Field;
  for (std::size_t i = 0; i < std::size(properties::kBoundsTable); ++i) {
    const properties::BoundRow& r = properties::kBoundsTable[i];
    EXPECT_NE(r.field, Field::contact_depth);
    EXPECT_GT(r.k, 0);
    EXPECT_FALSE(r.reason.empty());
    for (std::size_t j = 0; j < i; ++j) {
      const properties::BoundRow& q = properties::kBoundsTable[j];
      EXPECT_FALSE(q.algorithm == r.algorithm && q.precision == r.precision && q.field == r.field)
          << i;
    }
    EXPECT_EQ(properties::bounds_for(r.algorithm, r.precision).k(r.field), r.k) << i;
    EXPECT_GE(r.envelope, 0) << i;
    EXPECT_LT(r.envelope, r.k) << i;  // an envelope lies below its derived bound
    if (properties::is_judged(r.algorithm)) {
      const double held = r.envelope > 0 ? r.envelope : r.k;
      EXPECT_GE(properties::engine_bounds(r.precision).k(r.field), held) << i;
    }
  }
}

// An engine is held to what minkowski's methods achieve, not excused by a derived worst case: SAT's
// distance bound (kSatMagnitudeDerivedUlps = 40) is far above the campaigns' errors, and an
// engine's distance stays held to the measured 8 (GJK's, EPA's and SAT's envelope).
TEST(BoundsTable, EnginesAreHeldToTheEnvelopeOfADerivedRow) {
  for (Precision p : {Precision::single, Precision::double_}) {
    const properties::Bounds e = properties::engine_bounds(p);
    EXPECT_EQ(e.k_distance, 8) << properties::to_string(p);
    EXPECT_LT(e.k_distance, properties::kSatMagnitudeDerivedUlps);
    EXPECT_LT(e.k_normal, properties::kSatNormalDerivedUlps);
  }
}

TEST(Allowance, TheManifoldsContactDepthsGetTheReferenceFaceTau) {
  for (Precision p : {Precision::single, Precision::double_}) {
    const properties::Bounds b = properties::bounds_for(properties::Algorithm::manifold, p);
    EXPECT_GT(b.tau_contact_depth_relative, 0);
    EXPECT_EQ(properties::allowed_us(b, "contact_depth", 1),
              b.k_depth + b.tau_contact_depth_relative / b.u);
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
  const properties::Bounds b =
      properties::bounds_for(properties::Algorithm::gjk, Precision::single);
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
    EXPECT_EQ(v.fields[0].field, properties::Field::relation);
    EXPECT_EQ(v.fields[0].error, 0.5 / b.u)
        << s;  // |sd| / (u·S) = (s/2) / (u·s), measured either way
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
  const properties::Bounds b =
      properties::bounds_for(properties::Algorithm::manifold, Precision::double_);
  const properties::Verdict v = properties::judge(c, exact, f, b);
  ASSERT_TRUE(v.ok) << v.summary();
  int seen = 0;
  for (const properties::FieldVerdict& fv : v.fields) {
    EXPECT_EQ(fv.allowed, properties::allowed_us(b, fv.field, v.scale))
        << properties::to_string(fv.field);
    ++seen;
  }
  EXPECT_EQ(seen, 6);  // relation, distance, depth, normal, contacts, contact_depth
}

// FastAnswer::input_shift (how far the engine's weld moved the input) is added to every field's
// allowance, the relation band included, and nothing else is. A = unit square, B = the point
// (1 + d, 1/2) with d = 2^-50: by hand, separated by exactly d, S = 1 + d. With u = 2^-53 and
// k = 1 for the relation and 2 for the distance, a fast "intersecting" errs by d = 8 u·S (up to
// the factor S/1 = 1 + 2^-50) and a fast distance 2d by d as well: both fail without a shift,
// fail with a shift of d/2 (8 > 1 + 4, 8 > 2 + 4), and pass with a shift of d (8 <= 1 + 8,
// 8 <= 2 + 8). A NaN or negative shift counts as none.
TEST(Allowance, TheWeldsInputShiftIsGrantedToEveryField) {
  const double d = 0x1p-50;
  fixtures::Case c;
  c.a.points = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
  c.b.points = {{1 + d, 0.5}};
  const reference::PairAnswer exact = reference::query(c.a, c.b);
  ASSERT_EQ(exact.relation, reference::Relation::separated);
  properties::Bounds b;  // u = 2^-53
  b.k_relation = 1, b.k_distance = 2;
  properties::FastAnswer says_intersecting, far_distance;
  says_intersecting.intersects = true;
  far_distance.intersects = false;
  far_distance.distance = 2 * d;
  const double nan = std::nan("");
  for (const double shift : {0.0, d / 2, d, nan, -d}) {
    const bool granted = shift == d;
    says_intersecting.input_shift = far_distance.input_shift = shift;
    const properties::Verdict vr = properties::judge(c, exact, says_intersecting, b);
    EXPECT_EQ(vr.ok, granted) << "relation, shift " << shift << ": " << vr.summary();
    const properties::Verdict vd = properties::judge(c, exact, far_distance, b);
    EXPECT_EQ(vd.ok, granted) << "distance, shift " << shift << ": " << vd.summary();
    ASSERT_EQ(vd.fields.size(), 2u);
    EXPECT_EQ(vd.fields[1].field, properties::Field::distance);
    const double shift_us = granted || shift == d / 2 ? shift / (b.u * vd.scale) : 0.0;
    EXPECT_DOUBLE_EQ(vd.fields[1].allowed, 2 + shift_us) << shift;
  }
}

// A fast answer with a NaN or infinite point is a violation of infinite error, not an exception
// that ends the whole campaign ("translation: coordinates must be finite";
// fixtures/found/near_touching-5752-vertex_vertex-16ulp-shrunk.json pins such a contact). Unit
// squares overlapping by 1/2.
TEST(Judge, ANonFinitePointIsAnInfiniteErrorNotAnException) {
  fixtures::Case c;
  c.a.points = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
  c.b.points = {{0.5, 0}, {1.5, 0}, {1.5, 1}, {0.5, 1}};
  const reference::PairAnswer exact = reference::query(c.a, c.b);
  const properties::Bounds b =
      properties::bounds_for(properties::Algorithm::manifold, Precision::double_);
  for (const double bad : {std::nan(""), double(INFINITY)}) {
    properties::FastAnswer f;
    f.intersects = true;
    f.normal = {{1, 0}};
    f.depth = 0.5;
    f.contacts = std::vector<properties::FastContact>{
        {{bad, 0.5}, 0.5, std::array<double, 2>{bad, 0.5}, std::array<double, 2>{0.5, 0.5}}};
    properties::Verdict v;
    ASSERT_NO_THROW(v = properties::judge(c, exact, f, b)) << bad;
    EXPECT_FALSE(v.ok) << bad;
    bool seen = false;
    for (const properties::FieldVerdict& fv : v.fields)
      if (fv.field == properties::Field::contacts) {
        seen = true;
        EXPECT_TRUE(std::isinf(fv.error)) << bad;
      }
    EXPECT_TRUE(seen) << bad;
  }
}

TEST(Histogram, EveryErrorLiesBetweenTheEdgesOfItsBin) {
  using properties::Histogram;
  for (double e :
       {0.0, 1e-30, std::exp2(Histogram::kMinExp), 0.3, 1.0, 1.0905, 8.0, 24.0, 1e13, 1e30}) {
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
  for (int k = 2; k < Histogram::kBins; ++k)
    EXPECT_EQ(Histogram::lower_edge(k), Histogram::upper_edge(k - 1));
}

}  // namespace

}  // namespace bounds_table_test_cpp
