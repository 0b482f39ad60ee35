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

// This file's names, in a namespace of their own: the test command compiles the suite as
// one translation unit (cmake/PrecompiledHeaders.cmake, minkowski_unity).
namespace judge_test_cpp {

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

// ---- The deepest-contact rule (judge.hpp, contact_depth; docs/tolerances.md) ----------------

/// A contact with its surface points: `point` midway between point_a (on A) and point_b (on B).
properties::FastContact contact(std::array<double, 2> pa, std::array<double, 2> pb, double depth) {
  return {{(pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2}, depth, pa, pb};
}

const properties::Verdict judged_contacts(const fixtures::Case& c,
                                          std::vector<properties::FastContact> k) {
  properties::FastAnswer f;
  f.intersects = true;
  f.normal = {{0, 1}};
  f.contacts = std::move(k);
  return judged(c, f);
}

/// A = [0, 1]², B = [0, 1] × [3/4, 7/4]: B sunk 1/4 into A's top. Overlaps: along +y 1 − 3/4 =
/// 1/4, along −y 7/4, along ±x 1, so the exact depth is 1/4 with the one optimal direction (0, 1);
/// S = 7/4. A correct clipping: reference face A's top (y = 1), incident face B's bottom (y = 3/4),
/// clipped to x in [0, 1]: the two corners (0, 3/4) and (1, 3/4), both exactly 1/4 deep.
fixtures::Case sunk_quarter() {
  fixtures::Case c;
  c.a.points = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
  c.b.points = {{0, 0.75}, {1, 0.75}, {1, 1.75}, {0, 1.75}};
  return c;
}

TEST(JudgeDeepestContact, TheCorrectClippingPasses) {
  const properties::Verdict v = judged_contacts(
      sunk_quarter(), {contact({0, 1}, {0, 0.75}, 0.25), contact({1, 1}, {1, 0.75}, 0.25)});
  EXPECT_TRUE(v.ok) << v.summary();
  EXPECT_EQ(find(v, Field::contact_depth)->error, 0);
}

// Both contacts on their surfaces, both claiming depth 1/8 (inside [0, 1/4], which the per-contact
// check allows): the deepest is 1/8 short of the exact 1/4, far beyond the allowance (k_depth = 8
// u·S plus tau' = 1.5e-3·S = 2.6e-3): contact_depth fails with error (1/8)/(u·7/4), nothing else.
TEST(JudgeDeepestContact, ContactsOnlyHalfAsDeepAsTheExactDepthFail) {
  const properties::Verdict v = judged_contacts(
      sunk_quarter(), {contact({0, 1}, {0, 0.75}, 0.125), contact({1, 1}, {1, 0.75}, 0.125)});
  EXPECT_FALSE(v.ok);
  const properties::FieldVerdict* d = find(v, Field::contact_depth);
  ASSERT_NE(d, nullptr);
  EXPECT_FALSE(d->ok);
  EXPECT_DOUBLE_EQ(d->error, 0.125 / (0x1p-53 * 1.75));
  EXPECT_NE(d->detail.find("shallower than exact depth"), std::string::npos) << d->detail;
  EXPECT_TRUE(find(v, Field::contacts)->ok) << find(v, Field::contacts)->detail;
  EXPECT_TRUE(find(v, Field::relation)->ok);
}

// One contact at the exact depth is enough: the other may be shallower (a tilted incident face).
TEST(JudgeDeepestContact, OneContactAtTheExactDepthPasses) {
  const properties::Verdict v = judged_contacts(
      sunk_quarter(), {contact({0, 1}, {0, 0.75}, 0.125), contact({1, 1}, {1, 0.75}, 0.25)});
  EXPECT_TRUE(v.ok) << v.summary();
}

// The allowance is the contact-depth allowance: k_depth·u·S + 1.5e-3·S = 8·2^-53·1.75 + 2.625e-3.
// A deepest contact 1e-3 short passes; 4e-3 short fails.
TEST(JudgeDeepestContact, TheShortfallIsAllowedTheContactDepthAllowance) {
  EXPECT_TRUE(judged_contacts(sunk_quarter(), {contact({0, 1}, {0, 0.75}, 0.25 - 1e-3)}).ok);
  EXPECT_FALSE(judged_contacts(sunk_quarter(), {contact({0, 1}, {0, 0.75}, 0.25 - 4e-3)}).ok);
}

/// Edges crossing: A = [0, 4] × [0, 1], a thin bar; B the convex pentagon (2, −1), (3, 1/2), (3, 3),
/// (1, 3), (1, 1/2), crossing it from below A's bottom to above its top. Overlaps (A's largest
/// n·a less B's smallest n·b, n from A towards B): along +y, 1 − (−1) = 2; along −y, 0 − (−3) = 3;
/// along ±x, 3; along (−3, 2)/√13 (B's edge (2, −1)–(3, 1/2)), (2 − (−8))/√13 ≈ 2.77, and along
/// (3, 2)/√13 (its mirror image), (14 − 4)/√13, the same; along B's top and sides, 3. So the exact
/// depth is 2, with the one direction (0, 1); S = 4.
/// A correct clipping: reference face A's top, incident edge one of B's lower edges (they tie; both
/// hold B's support vertex (2, −1)), wholly inside the slab x in [0, 4]: contacts (1, 1/2) at
/// depth 1/2 and (2, −1) at depth 2. B's vertices inside A are (1, 1/2) and (3, 1/2) only; (2, −1)
/// lies below A, so contacts from internal vertices only miss the deepest point.
fixtures::Case crossing() {
  fixtures::Case c;
  c.a.points = {{0, 0}, {4, 0}, {4, 1}, {0, 1}};
  c.b.points = {{2, -1}, {3, 0.5}, {3, 3}, {1, 3}, {1, 0.5}};
  return c;
}

TEST(JudgeDeepestContact, TheCrossingCasesExactDepthIsTwo) {
  const fixtures::Case c = crossing();
  EXPECT_EQ(static_cast<double>(reference::query(c.a, c.b).signed_distance), -2);
}

TEST(JudgeDeepestContact, ACorrectClippingOfCrossingEdgesPasses) {
  const properties::Verdict v =
      judged_contacts(crossing(), {contact({1, 1}, {1, 0.5}, 0.5), contact({2, 1}, {2, -1}, 2)});
  EXPECT_TRUE(v.ok) << v.summary();
}

// The internal vertices (1, 1/2) and (3, 1/2), each with its true depth below A's top (1/2) and its
// surface points (A's top above it, the vertex itself): every contact lies on both surfaces and
// within [0, 2], which passed before; the deepest is 3/2 short of 2: contact_depth fails.
TEST(JudgeDeepestContact, ContactsFromInternalVerticesOnlyFailWhenEdgesCross) {
  const properties::Verdict v =
      judged_contacts(crossing(), {contact({1, 1}, {1, 0.5}, 0.5), contact({3, 1}, {3, 0.5}, 0.5)});
  EXPECT_FALSE(v.ok);
  const properties::FieldVerdict* d = find(v, Field::contact_depth);
  ASSERT_NE(d, nullptr);
  EXPECT_FALSE(d->ok);
  EXPECT_DOUBLE_EQ(d->error, 1.5 / (0x1p-53 * 4));
  EXPECT_TRUE(find(v, Field::contacts)->ok) << find(v, Field::contacts)->detail;
}

}  // namespace

}  // namespace judge_test_cpp
