// The 3D judge (judge3.hpp) on hand-made answers: a right answer passes every field; a wrong one
// fails the field it is wrong in. Unit cubes, exact answers derived by hand in each test; the
// bounds of the 3D table (bounds3_for) in double.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <map>
#include <set>

#include "minkowski/properties/bounds.hpp"
#include "minkowski/properties/judge3.hpp"
#include "minkowski/reference/oracle3.hpp"

// This file's names, in a namespace of their own: the test command compiles the suite as
// one translation unit (cmake/PrecompiledHeaders.cmake, minkowski_unity).
namespace judge3_test_cpp {

namespace {

using namespace minkowski;
using properties::Algorithm3;
using properties::FastAnswer3;
using properties::FastContact3;
using properties::Field;
using properties::Precision;

constexpr double kU = 0x1p-53;

std::vector<reference::Point3> box(reference::Point3 lo, reference::Point3 hi) {
  std::vector<reference::Point3> pts;
  for (double x : {lo.x, hi.x})
    for (double y : {lo.y, hi.y})
      for (double z : {lo.z, hi.z}) pts.push_back({x, y, z});
  return pts;
}

/// A = [0, 1]³, B = A moved by x along +x: overlapping by 1 − x when x < 1 (D = A − B =
/// [−1 − x, 1 − x] × [−1, 1]², the origin at distance 1 − x from its face X = 1 − x, the nearest),
/// separated by x − 1 when x > 1. S = 1 + x.
fixtures::Case3 cubes(double x) {
  fixtures::Case3 c;
  c.a.points = box({0, 0, 0}, {1, 1, 1});
  c.b.points = box({x, 0, 0}, {x + 1, 1, 1});
  return c;
}

properties::Verdict judged(const fixtures::Case3& c, const FastAnswer3& f,
                           Algorithm3 alg = Algorithm3::manifold) {
  return properties::judge3(c, reference::query(c.a, c.b), f,
                            properties::bounds3_for(alg, Precision::double_));
}

const properties::FieldVerdict* find(const properties::Verdict& v, Field field) {
  for (const properties::FieldVerdict& f : v.fields)
    if (f.field == field) return &f;
  return nullptr;
}

/// Every field of `v` judged ok except `bad` (which must be there and fail).
void only_fails(const properties::Verdict& v, Field bad) {
  EXPECT_FALSE(v.ok);
  const properties::FieldVerdict* f = find(v, bad);
  ASSERT_NE(f, nullptr) << properties::to_string(bad) << " not judged";
  EXPECT_FALSE(f->ok);
  for (const properties::FieldVerdict& g : v.fields) {
    if (g.field != bad) {
      EXPECT_TRUE(g.ok) << properties::to_string(g.field) << ": " << g.detail;
    }
  }
}

/// The right answer for cubes(1/2): overlap 1/2 along x. B moved by (1/2, 0, 0) is [1, 2] × [0,
/// 1]²: touching A's face x = 1. The manifold: B's face x = 1/2 clipped to A's face x = 1, its
/// four corners (1/2, y, z), y, z ∈ {0, 1}, each on B's surface, with A's point (1, y, z) on A's
/// face, depth 1/2.
FastAnswer3 right_overlap() {
  FastAnswer3 f;
  f.intersects = true;
  f.normal = {{1, 0, 0}};
  f.depth = 0.5;
  std::vector<FastContact3> k;
  for (double y : {0.0, 1.0})
    for (double z : {0.0, 1.0})
      k.push_back(
          {{0.75, y, z}, 0.5, std::array<double, 3>{1, y, z}, std::array<double, 3>{0.5, y, z}});
  f.contacts = k;
  return f;
}

TEST(Judge3, TheRightOverlapAnswerPassesEveryField) {
  const properties::Verdict v = judged(cubes(0.5), right_overlap());
  EXPECT_TRUE(v.ok) << v.summary();
  EXPECT_DOUBLE_EQ(v.scale, 1.5);
  std::set<Field> fields;
  for (const auto& f : v.fields) fields.insert(f.field);
  EXPECT_EQ(fields, (std::set<Field>{Field::relation, Field::depth, Field::normal, Field::contacts,
                                     Field::contact_depth}));
  for (const auto& f : v.fields) {
    EXPECT_EQ(f.error, 0) << properties::to_string(f.field);
  }
}

// Normal +y with the right depth 1/2: B moved by (0, 1/2, 0) still overlaps A by 1/2 in x (and
// 1/2 in y): the normal fails by 1/2, nothing else does.
TEST(Judge3, AWrongNormalFailsTheNormal) {
  FastAnswer3 f = right_overlap();
  f.normal = {{0, 1, 0}};
  const properties::Verdict v = judged(cubes(0.5), f);
  only_fails(v, Field::normal);
  EXPECT_DOUBLE_EQ(find(v, Field::normal)->error, 0.5 / (kU * 1.5));
}

// Depth 0.4 along +x: |0.4 − 0.5| = 0.1 wrong, and the move (0.4, 0, 0) leaves B overlapping by
// 0.1 — depth and normal both fail; the contacts (unchanged) do not.
TEST(Judge3, AWrongDepthFailsTheDepthAndTheMove) {
  FastAnswer3 f = right_overlap();
  f.depth = 0.4;
  const properties::Verdict v = judged(cubes(0.5), f);
  EXPECT_FALSE(v.ok);
  EXPECT_FALSE(find(v, Field::depth)->ok);
  EXPECT_NEAR(find(v, Field::depth)->error, 0.1 / (kU * 1.5), 1e3);
  EXPECT_FALSE(find(v, Field::normal)->ok);
  EXPECT_TRUE(find(v, Field::relation)->ok);
  EXPECT_TRUE(find(v, Field::contacts)->ok);
}

// An overshooting move: normal +x, depth 0.75 — B moved by 0.75 is separated (that is allowed),
// but the move is 1/4 longer than the exact depth: depth and normal fail.
TEST(Judge3, ATooLongMoveFailsTheNormal) {
  FastAnswer3 f = right_overlap();
  f.depth = 0.75;
  f.contacts.reset();
  const properties::Verdict v = judged(cubes(0.5), f);
  EXPECT_FALSE(find(v, Field::normal)->ok);
  EXPECT_DOUBLE_EQ(find(v, Field::normal)->error, 0.25 / (kU * 1.5));
}

// A contact whose point_a is (1.25, y, z): a quarter outside A's face x = 1: contacts fails with
// error 1/4, contact_depth does not.
TEST(Judge3, AContactOffItsSurfaceFailsContacts) {
  FastAnswer3 f = right_overlap();
  (*f.contacts)[2].point_a = std::array<double, 3>{1.25, 1, 0};
  const properties::Verdict v = judged(cubes(0.5), f);
  only_fails(v, Field::contacts);
  EXPECT_DOUBLE_EQ(find(v, Field::contacts)->error, 0.25 / (kU * 1.5));
}

// A contact 0.75 deep when the exact depth is 1/2: contact_depth fails by 1/4 (beyond the
// manifold's reference-face allowance 4 · 5e-4 · S = 0.003).
TEST(Judge3, AContactTooDeepFailsContactDepth) {
  FastAnswer3 f = right_overlap();
  (*f.contacts)[1].depth = 0.75;
  const properties::Verdict v = judged(cubes(0.5), f);
  only_fails(v, Field::contact_depth);
  EXPECT_DOUBLE_EQ(find(v, Field::contact_depth)->error, 0.25 / (kU * 1.5));
}

// Overlap 1/2 and an empty manifold: contacts fails, its error the exact depth.
TEST(Judge3, AnEmptyManifoldForOverlappingShapesFailsContacts) {
  FastAnswer3 f = right_overlap();
  f.contacts = std::vector<FastContact3>{};
  const properties::Verdict v = judged(cubes(0.5), f);
  only_fails(v, Field::contacts);
  EXPECT_DOUBLE_EQ(find(v, Field::contacts)->error, 0.5 / (kU * 1.5));
}

// cubes(3/2): separated by 1/2 along x. A closest pair: (1, 1/2, 1/2) on A's face x = 1 and
// ---- The deepest-contact rule in 3D (judge3.hpp: face–face contacts only) -------------------

/// A contact between the surfaces, without surface points (judged: outside neither shape by more
/// than its depth).
FastContact3 between(std::array<double, 3> p, double depth) { return {p, depth, {}, {}}; }

properties::Verdict judged_contacts(const fixtures::Case3& c, std::vector<FastContact3> k) {
  FastAnswer3 f;
  f.intersects = true;
  f.normal = {{0, 0, 1}};
  f.contacts = std::move(k);
  return judged(c, f);
}

/// A = [0, 1]³, B = [0, 1]² × [3/4, 7/4]: B sunk 1/4 into A's top. Overlaps: +z 1 − 3/4 = 1/4,
/// −z 7/4, ±x and ±y 1 (D = A − B = [−1, 1]² × [−7/4, 1/4]: its nearest facet z = 1/4); the one
/// optimal direction (0, 0, 1), along which A's support set is its top face and B's (along −z) its
/// bottom face: a face–face contact, where the rule applies. S = 7/4. A correct clipping: B's
/// bottom face clipped to A's top face, the four corners (x, y, 3/4), 1/4 deep.
fixtures::Case3 sunk_quarter() {
  fixtures::Case3 c;
  c.a.points = box({0, 0, 0}, {1, 1, 1});
  c.b.points = box({0, 0, 0.75}, {1, 1, 1.75});
  return c;
}

TEST(Judge3DeepestContact, FaceFaceContactsAtTheExactDepthPass) {
  std::vector<FastContact3> k;
  for (double x : {0.0, 1.0})
    for (double y : {0.0, 1.0}) k.push_back(between({x, y, 0.875}, 0.25));
  const properties::Verdict v = judged_contacts(sunk_quarter(), k);
  EXPECT_TRUE(v.ok) << v.summary();
}

// The same points, each claiming 1/8 (inside [0, 1/4], which the per-contact check allows, and
// each point inside both boxes): the deepest is 1/8 short of 1/4, beyond the allowance (k_depth
// u·S plus tau' = 4·5e-4·S = 3.5e-3): contact_depth fails with error (1/8)/(u·7/4).
TEST(Judge3DeepestContact, FaceFaceContactsOnlyHalfAsDeepFail) {
  std::vector<FastContact3> k;
  for (double x : {0.0, 1.0})
    for (double y : {0.0, 1.0}) k.push_back(between({x, y, 0.875}, 0.125));
  const properties::Verdict v = judged_contacts(sunk_quarter(), k);
  only_fails(v, Field::contact_depth);
  EXPECT_DOUBLE_EQ(find(v, Field::contact_depth)->error, 0.125 / (kU * 1.75));
  EXPECT_NE(find(v, Field::contact_depth)->detail.find("shallower than exact depth"),
            std::string::npos);
  // One of them at the exact depth is enough.
  k[2].depth = 0.25;
  EXPECT_TRUE(judged_contacts(sunk_quarter(), k).ok);
}

/// A = [0, 1]³; B the octahedron with vertices (1/2, 1/2, 3/4) (bottom), (1/2, 1/2, 7/4) (top) and
/// (1/2 ± 1/2, 1/2, 5/4), (1/2, 1/2 ± 1/2, 5/4): its bottom vertex 1/4 into A's top face. Overlaps:
/// +z 1 − 3/4 = 1/4; ±x, ±y 1; along B's lower faces' directions (±1, ±1, 1)/√3, A's largest
/// (say (1, 1, 1)·a = 3) less B's smallest ((1, 1, 1)·b = 7/4 on that face): 5/4/√3 ≈ 0.72; the
/// rest larger. So the exact depth is 1/4, direction (0, 0, 1), along which B's support set is one
/// vertex: a face–vertex contact, where the rule is not applied (judge3.hpp: the face of B most
/// anti-parallel to +z need not hold that vertex in general). A single contact claiming 1/8 at
/// (1/2, 1/2, 7/8), inside both shapes, passes.
TEST(Judge3DeepestContact, TheRuleIsNotAppliedToAFaceVertexContact) {
  fixtures::Case3 c;
  c.a.points = box({0, 0, 0}, {1, 1, 1});
  c.b.points = {{0.5, 0.5, 0.75}, {0.5, 0.5, 1.75}, {0, 0.5, 1.25},
                {1, 0.5, 1.25},   {0.5, 0, 1.25},   {0.5, 1, 1.25}};
  EXPECT_EQ(static_cast<double>(reference::query(c.a, c.b).signed_distance), -0.25);
  const properties::Verdict v = judged_contacts(c, {between({0.5, 0.5, 0.875}, 0.125)});
  EXPECT_TRUE(v.ok) << v.summary();
  EXPECT_EQ(find(v, Field::contact_depth)->error, 0);
}

// (3/2, 1/2, 1/2) on B's face x = 3/2, distance 1/2.
FastAnswer3 right_separated() {
  FastAnswer3 f;
  f.intersects = false;
  f.distance = 0.5;
  f.point_a = {{1, 0.5, 0.5}};
  f.point_b = {{1.5, 0.5, 0.5}};
  return f;
}

TEST(Judge3, TheRightSeparatedAnswerPasses) {
  const properties::Verdict v = judged(cubes(1.5), right_separated(), Algorithm3::gjk);
  EXPECT_TRUE(v.ok) << v.summary();
  EXPECT_NE(find(v, Field::witness), nullptr);
  EXPECT_NE(find(v, Field::distance), nullptr);
}

TEST(Judge3, SayingIntersectingForSeparatedShapesFailsTheRelation) {
  FastAnswer3 f;
  f.intersects = true;
  const properties::Verdict v = judged(cubes(1.5), f, Algorithm3::gjk);
  only_fails(v, Field::relation);
  EXPECT_DOUBLE_EQ(find(v, Field::relation)->error, 0.5 / (kU * 2.5));
}

// Distance 0.6 instead of 0.5: the distance fails by 0.1.
TEST(Judge3, AWrongDistanceFailsTheDistance) {
  FastAnswer3 f = right_separated();
  f.distance = 0.6;
  only_fails(judged(cubes(1.5), f, Algorithm3::gjk), Field::distance);
}

// point_b (3/2, 1/2, 2): 1 above B's top face z = 1 — and the gap |b − a| is √(1/4 + 9/4): the
// witness fails, its error the larger of 1 (off B) and √2.5 − 1/2.
TEST(Judge3, AWitnessOffItsShapeFailsTheWitness) {
  FastAnswer3 f = right_separated();
  f.point_b = {{1.5, 0.5, 2}};
  const properties::Verdict v = judged(cubes(1.5), f, Algorithm3::gjk);
  only_fails(v, Field::witness);
  EXPECT_NEAR(find(v, Field::witness)->error * kU * 2.5, std::sqrt(2.5) - 0.5, 1e-12);
}

// A sphere of radius 1 at the origin and the point (3, 4, 0): distance 5 − 1 = 4, the witness on
// the sphere (3/5, 4/5, 0) (within rounding of 0.6 and 0.8), S = 4.
TEST(Judge3, ASphereWitnessWithinRoundingPasses) {
  fixtures::Case3 c;
  c.a = {{{0, 0, 0}}, 1};
  c.b = {{{3, 4, 0}}, 0};
  FastAnswer3 f;
  f.distance = 4;
  f.point_a = {{0.6, 0.8, 0}};
  f.point_b = {{3, 4, 0}};
  const properties::Verdict v = judged(c, f, Algorithm3::gjk);
  EXPECT_TRUE(v.ok) << v.summary();
  EXPECT_LE(find(v, Field::witness)->error, 2);
}

// A NaN in the normal of a separated answer (a field not judged there) fails the normal; an
// infinite input_shift fails the relation.
TEST(Judge3, NonFiniteNumbersFailTheirField) {
  FastAnswer3 f = right_separated();
  f.normal = {{std::numeric_limits<double>::quiet_NaN(), 0, 0}};
  only_fails(judged(cubes(1.5), f, Algorithm3::gjk), Field::normal);
  FastAnswer3 g = right_separated();
  g.input_shift = INFINITY;
  only_fails(judged(cubes(1.5), g, Algorithm3::gjk), Field::relation);
  FastAnswer3 h = right_overlap();
  h.depth = std::numeric_limits<double>::quiet_NaN();
  EXPECT_FALSE(find(judged(cubes(0.5), h), Field::depth)->ok);
}

// The weld's move widens every allowance: a relation wrong by 1/2 passes with input_shift 1/2.
TEST(Judge3, InputShiftWidensTheAllowance) {
  FastAnswer3 f;
  f.intersects = true;
  f.input_shift = 0.5;
  EXPECT_TRUE(find(judged(cubes(1.5), f, Algorithm3::gjk), Field::relation)->ok);
}

TEST(Judge3, ProtocolJsonHasTheProtocolsKeysWithTriples) {
  FastAnswer3 f = right_overlap();
  f.input_shift = 0.125;
  (*f.contacts)[0].depth = std::numeric_limits<double>::quiet_NaN();
  const nlohmann::ordered_json j = properties::protocol_json(f);
  std::vector<std::string> keys;
  for (const auto& [k, v] : j.items()) keys.push_back(k);
  EXPECT_EQ(keys,
            (std::vector<std::string>{"intersects", "normal", "depth", "contacts", "input_shift"}));
  EXPECT_EQ(j["normal"].dump(), "[1.0,0.0,0.0]");
  EXPECT_EQ(j["contacts"][0]["depth"], "NaN");
  EXPECT_EQ(j["contacts"][1]["point_a"].dump(), "[1.0,0.0,1.0]");
}

// The 3D table: every row has a reason and a positive k; every algorithm has a relation row in
// both precisions; the fields each algorithm answers are the ones its adapter fills.
TEST(Bounds3, EveryAlgorithmAndPrecisionHasItsRows) {
  for (const properties::BoundRow3& row : properties::kBoundsTable3) {
    EXPECT_GT(row.k, 0);
    EXPECT_FALSE(row.reason.empty());
  }
  const std::map<Algorithm3, std::set<Field>> answers = {
      {Algorithm3::gjk, {Field::relation, Field::distance, Field::witness}},
      {Algorithm3::penetration,
       {Field::relation, Field::distance, Field::witness, Field::depth, Field::normal}},
      {Algorithm3::sat, {Field::relation, Field::distance, Field::depth, Field::normal}},
      {Algorithm3::manifold, {Field::relation, Field::depth, Field::contacts}},
  };
  for (Algorithm3 alg : properties::all_algorithms3())
    for (Precision p : {Precision::single, Precision::double_}) {
      std::set<Field> rows;
      for (const properties::BoundRow3& row : properties::kBoundsTable3)
        if (row.algorithm == alg && row.precision == p) {
          EXPECT_TRUE(rows.insert(row.field).second);
        }
      EXPECT_EQ(rows, answers.at(alg))
          << properties::to_string(alg) << "/" << properties::to_string(p);
      const properties::Bounds b = properties::bounds3_for(alg, p);
      EXPECT_EQ(b.u, p == Precision::single ? 0x1p-24 : 0x1p-53);
      EXPECT_EQ(b.tau_contact_depth_relative > 0, alg == Algorithm3::manifold);
    }
  EXPECT_EQ(properties::algorithm3_from_string("penetration"), Algorithm3::penetration);
  EXPECT_EQ(properties::algorithm3_from_string("epa"), std::nullopt);
}

}  // namespace

}  // namespace judge3_test_cpp
