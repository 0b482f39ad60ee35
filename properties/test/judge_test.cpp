// The judge's two rules for answers that give too little or give numbers that are no numbers
// (issue 23, "The 2D blind spots"): an intersecting answer with an empty `contacts` for shapes
// overlapping beyond the relation band fails `contacts`; a non-finite number fails the field that
// holds it. Hand-made unit squares, exact answers derived by hand in each test.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <limits>

#include "minkowski/properties/bounds.hpp"
#include "minkowski/properties/judge.hpp"
#include "minkowski/reference/oracle.hpp"

namespace {

using namespace minkowski;
using properties::Field;
using properties::Precision;

/// A = [0, 1]², B = A moved right by `x` (overlap 1 − x when x < 1).
fixtures::Case squares(double x) {
  fixtures::Case c;
  c.a.points = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
  c.b.points = {{x, 0}, {x + 1, 0}, {x + 1, 1}, {x, 1}};
  return c;
}

const properties::Bounds& manifold_bounds() {
  static const properties::Bounds b =
      properties::bounds_for(properties::Algorithm::manifold, Precision::double_);
  return b;
}

properties::Verdict judged(const fixtures::Case& c, const properties::FastAnswer& f) {
  return properties::judge(c, reference::query(c.a, c.b), f, manifold_bounds());
}

const properties::FieldVerdict* find(const properties::Verdict& v, Field field) {
  for (const properties::FieldVerdict& f : v.fields)
    if (f.field == field) return &f;
  return nullptr;
}

/// An intersecting answer with the exact normal and depth of squares(x) and no contacts.
properties::FastAnswer no_contacts(double depth) {
  properties::FastAnswer f;
  f.intersects = true;
  f.normal = {{1, 0}};
  f.depth = depth;
  f.contacts = std::vector<properties::FastContact>{};
  return f;
}

// Overlap 1/2, S = 1.5: the missing manifold's error is the exact depth, 0.5 / (u·1.5) u·S, far
// beyond the relation band (k_relation = 5 u·S for the manifold in double).
TEST(Judge, AnEmptyManifoldForOverlappingShapesFailsContacts) {
  const properties::Verdict v = judged(squares(0.5), no_contacts(0.5));
  EXPECT_FALSE(v.ok);
  const properties::FieldVerdict* k = find(v, Field::contacts);
  ASSERT_NE(k, nullptr);
  EXPECT_FALSE(k->ok);
  EXPECT_DOUBLE_EQ(k->error, 0.5 / (0x1p-53 * 1.5));
  EXPECT_DOUBLE_EQ(k->allowed, manifold_bounds().k_relation);
  EXPECT_NE(k->detail.find("empty contacts"), std::string::npos) << k->detail;
  EXPECT_EQ(v.summary().rfind("contacts: empty contacts", 0), 0u) << v.summary();
  // Everything else in the answer is right.
  for (const properties::FieldVerdict& f : v.fields) {
    if (f.field != Field::contacts) {
      EXPECT_TRUE(f.ok) << properties::to_string(f.field);
    }
  }
}

TEST(Judge, AnAbsentManifoldIsNotJudged) {
  properties::FastAnswer f = no_contacts(0.5);
  f.contacts.reset();
  const properties::Verdict v = judged(squares(0.5), f);
  EXPECT_TRUE(v.ok) << v.summary();
  EXPECT_EQ(find(v, Field::contacts), nullptr);
}

// Touching (x = 1): exact depth 0, an empty manifold is a fair answer. Overlap of one ulp below 1
// (x = 1 − 2^-53, depth 2^-53, S = 2 − 2^-53, so about 0.5 u·S): inside the band, fair too.
TEST(Judge, AnEmptyManifoldInsideTheRelationBandPasses) {
  for (const double x : {1.0, 1.0 - 0x1p-53}) {
    const properties::Verdict v = judged(squares(x), no_contacts(1 - x));
    EXPECT_TRUE(v.ok) << x << ": " << v.summary();
    const properties::FieldVerdict* k = find(v, Field::contacts);
    ASSERT_NE(k, nullptr);
    EXPECT_LE(k->error, 0.51) << x;
  }
}

// The engine's own move of the input widens the band as it widens every allowance: overlap 1/2
// with input_shift 0.6 may be answered with no contacts (the moved shapes may just touch).
TEST(Judge, AnEmptyManifoldGetsTheInputShift) {
  properties::FastAnswer f = no_contacts(0.5);
  f.input_shift = 0.6;
  EXPECT_TRUE(judged(squares(0.5), f).ok);
  f.input_shift = 0.4;
  EXPECT_FALSE(judged(squares(0.5), f).ok);
}

// A NaN contact depth passed before: std::max({0, −NaN, NaN − d}) is 0.
TEST(Judge, ANanContactDepthFailsContactDepth) {
  properties::FastAnswer f = no_contacts(0.5);
  f.contacts = std::vector<properties::FastContact>{
      {{0.75, 0.5}, std::numeric_limits<double>::quiet_NaN(), std::nullopt, std::nullopt}};
  const properties::Verdict v = judged(squares(0.5), f);
  EXPECT_FALSE(v.ok);
  const properties::FieldVerdict* d = find(v, Field::contact_depth);
  ASSERT_NE(d, nullptr);
  EXPECT_FALSE(d->ok);
  EXPECT_TRUE(std::isinf(d->error));
  EXPECT_TRUE(find(v, Field::contacts)->ok);  // the point itself lies between the surfaces
}

// A non-finite depth fails depth and the move normal·depth built from it, with an infinite error
// (a NaN error would be neither the worst nor any other error of its cell).
TEST(Judge, ANonFiniteDepthFailsDepthAndNormalWithAnInfiniteError) {
  for (const double bad :
       {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity(),
        -std::numeric_limits<double>::infinity()}) {
    properties::FastAnswer f = no_contacts(bad);
    f.contacts.reset();
    const properties::Verdict v = judged(squares(0.5), f);
    EXPECT_FALSE(v.ok) << bad;
    for (const Field field : {Field::depth, Field::normal}) {
      const properties::FieldVerdict* d = find(v, field);
      ASSERT_NE(d, nullptr) << bad;
      EXPECT_FALSE(d->ok) << bad;
      EXPECT_TRUE(std::isinf(d->error)) << bad << " " << properties::to_string(field);
    }
    EXPECT_TRUE(find(v, Field::relation)->ok);
  }
}

// A separated answer's depth is not judged, but a NaN there is still a wrong answer; a finite one
// is not even recorded. Squares 1 apart (x = 2): exact distance 1.
TEST(Judge, ANonFiniteNumberInAnUnjudgedFieldFailsThatField) {
  properties::FastAnswer f;
  f.intersects = false;
  f.distance = 1;
  f.depth = 0.25;
  properties::Verdict v = judged(squares(2), f);
  EXPECT_TRUE(v.ok) << v.summary();
  EXPECT_EQ(find(v, Field::depth), nullptr);
  f.depth = std::numeric_limits<double>::quiet_NaN();
  v = judged(squares(2), f);
  EXPECT_FALSE(v.ok);
  ASSERT_NE(find(v, Field::depth), nullptr);
  EXPECT_FALSE(find(v, Field::depth)->ok);
  EXPECT_TRUE(find(v, Field::distance)->ok);
  EXPECT_NE(v.summary().find("depth is not finite"), std::string::npos) << v.summary();
}

TEST(Judge, ANonFiniteInputShiftFailsTheRelation) {
  for (const double bad :
       {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity()}) {
    properties::FastAnswer f = no_contacts(0.5);
    f.contacts.reset();
    f.input_shift = bad;
    const properties::Verdict v = judged(squares(0.5), f);
    EXPECT_FALSE(v.ok) << bad;
    EXPECT_FALSE(find(v, Field::relation)->ok) << bad;
    EXPECT_NE(v.summary().find("input_shift is"), std::string::npos) << v.summary();
  }
}

}  // namespace
