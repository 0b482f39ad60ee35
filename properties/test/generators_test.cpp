// The generators themselves: every family yields valid shapes, and the exact constructions are
// what they claim (a "touching" case is touching for the exact reference, "strictly inside" is
// inside, a tangent circle pair touches). A generator that silently produced the wrong
// configuration would make every property over it test an empty corner.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "minkowski/properties/coverage.hpp"
#include "minkowski/properties/generators.hpp"
#include "minkowski/properties/generators3.hpp"
#include "minkowski/properties/judge.hpp"
#include "minkowski/properties/judge3.hpp"
#include "minkowski/reference/oracle.hpp"

// This file's names, in a namespace of their own: the test command compiles the suite as
// one translation unit (cmake/PrecompiledHeaders.cmake, minkowski_unity).
namespace generators_test_cpp {

namespace {

using namespace minkowski;
using properties::GeneratedCase;

RC_GTEST_PROP(Generators, EveryFamilyYieldsValidShapes, ()) {
  for (const std::string& fam : properties::family_names()) {
    const GeneratedCase g = *properties::gen_family(fam);
    RC_TAG(g.family);
    RC_ASSERT(g.family == fam);
    RC_ASSERT(!g.c.a.points.empty());
    RC_ASSERT(!g.c.b.points.empty());
    reference::validate(g.c.a, "a");
    reference::validate(g.c.b, "b");
  }
}

RC_GTEST_PROP(Generators, ExactConstructionsAreWhatTheySay, ()) {
  const GeneratedCase t = *properties::gen_near_touching();
  const auto ta = reference::query(t.c.a, t.c.b, reference::Detail::magnitudes);
  RC_CLASSIFY(t.kind.find("/exact") != std::string::npos, "exact touching");
  if (t.kind.find("/exact") != std::string::npos) {
    RC_ASSERT(ta.relation == reference::Relation::touching);
  } else {
    // 16 ulps of S at most in each coordinate: the pair stays within 64 u·S of touching.
    const double us = 0x1p-53 * properties::case_scale_of(t.c);
    RC_ASSERT(std::fabs(static_cast<double>(ta.signed_distance)) <= 64 * us);
  }

  const GeneratedCase c = *properties::gen_containment();
  const auto rc_ = reference::query(c.c.a, c.c.b, reference::Detail::magnitudes);
  RC_TAG(c.kind);
  RC_ASSERT(rc_.relation == reference::Relation::overlapping);

  const GeneratedCase k = *properties::gen_rounded();
  if (k.kind == "tangent_circles")
    RC_ASSERT(reference::query(k.c.a, k.c.b, reference::Detail::magnitudes).relation ==
              reference::Relation::touching);
}

/// The cell a "cells" case names: the first three '/'-parts of its kind (coverage.hpp's key).
std::string named_cell(const std::string& kind) {
  std::size_t cut = 0;
  for (int i = 0; i < 3 && cut != std::string::npos; ++i) cut = kind.find('/', cut + (i > 0));
  return kind.substr(0, cut);
}

properties::Classification classify_case(const fixtures::Case& c) {
  return properties::classify(c, reference::query(c.a, c.b, reference::Detail::magnitudes));
}
properties::Classification classify_case(const fixtures::Case3& c) {
  return properties::classify(c, reference::query(c.a, c.b, reference::Detail::magnitudes));
}

// The coverage-guided family builds what it names: the exact answer of every case falls in the
// cell its kind names (a construction that missed would leave the cell unfilled unnoticed).
RC_GTEST_PROP(Generators, CellsCasesFallInTheCellTheyName, ()) {
  const GeneratedCase g = *properties::gen_cells();
  RC_TAG(named_cell(g.kind));
  RC_ASSERT(classify_case(g.c).feature_cell() == named_cell(g.kind));
}

RC_GTEST_PROP(Generators3, CellsCasesFallInTheCellTheyName, ()) {
  const properties::GeneratedCase3 g = *properties::gen3_cells();
  RC_TAG(named_cell(g.kind));
  RC_ASSERT(classify_case(g.c).feature_cell() == named_cell(g.kind));
}

// Every reachable cell is filled: the family's case for each cell, from 4 seeds, falls in it.
template <typename Gen, typename Classify>
void check_every_cell(int dimension, Gen gen_cell, Classify classify) {
  for (const properties::FeatureCell& cell : properties::reachable_feature_cell_parts(dimension))
    for (int seed = 0; seed < 4; ++seed) {
      const auto g = gen_cell(cell)(rc::Random(77 + seed), 20 * seed + 10).value();
      EXPECT_EQ(named_cell(g.kind), cell.key());
      EXPECT_EQ(classify(g.c).feature_cell(), cell.key())
          << g.kind << " " << fixtures::case_to_json(g.c).dump();
    }
}

TEST(GeneratorCells, EveryReachableCellIsBuilt) {
  check_every_cell(2, properties::gen_cell,
                   [](const fixtures::Case& c) { return classify_case(c); });
}

TEST(GeneratorCells, EveryReachableCellIsBuilt3) {
  check_every_cell(
      3, [](const properties::FeatureCell& c) { return properties::gen3_cell(c); },
      [](const fixtures::Case3& c) { return classify_case(c); });
}

// Every reachable 3D kind cell is built: the family's case for each, from 4 seeds, has those
// kinds and relation, and falls in the feature cell its kind names.
TEST(GeneratorCells, EveryReachableKindCellIsBuilt3) {
  for (const properties::KindCell& cell : properties::reachable_kind_cell_parts(3))
    for (int seed = 0; seed < 4; ++seed) {
      const auto g = properties::gen3_kind_cell(cell)(rc::Random(99 + seed), 30 * seed).value();
      const auto k = classify_case(g.c);
      EXPECT_EQ(k.kind_cell(), cell.key()) << g.kind << " " << fixtures::case_to_json(g.c).dump();
      EXPECT_EQ(k.feature_cell(), named_cell(g.kind)) << fixtures::case_to_json(g.c).dump();
    }
}

/// Checks every shrink of a few cases of `family` (all of the first level, and the first
/// shrink's own shrinks): each stays in the family and keeps what the family promises.
template <typename G, typename Check>
void check_shrinks(const rc::Gen<G>& gen, const std::string& family, Check check) {
  constexpr int kSeeds = 12, kMaxShrinks = 40;  // bounded: ~1,000 exact queries per family
  for (int seed = 0; seed < kSeeds; ++seed) {
    const rc::Shrinkable<G> root = gen(rc::Random(1000 + seed), 50);
    check(root.value(), root.value());
    auto level = root.shrinks();
    std::optional<rc::Shrinkable<G>> first;
    for (int k = 0; k < kMaxShrinks; ++k) {
      auto next = level.next();
      if (!next) break;
      if (!first) first = *next;
      const G v = next->value();
      EXPECT_EQ(v.family, family) << v.kind;
      check(root.value(), v);
    }
    if (!first) continue;
    auto deeper = first->shrinks();
    for (int k = 0; k < kMaxShrinks; ++k) {
      auto next = deeper.next();
      if (!next) break;
      const G v = next->value();
      EXPECT_EQ(v.family, family) << v.kind;
      check(root.value(), v);
    }
  }
}

// Shrinking keeps a case in its family, and in what the family is for: a "cells" shrink stays
// in its cell (the cell is drawn unshrunk), an exactly touching near_touching case stays
// touching, containment stays overlapping.
TEST(GeneratorShrinks, StayInTheirFamily) {
  check_shrinks(properties::gen_cells(), "cells", [](const GeneratedCase& root, const auto& g) {
    EXPECT_EQ(named_cell(g.kind), named_cell(root.kind));
    EXPECT_EQ(classify_case(g.c).feature_cell(), named_cell(g.kind)) << g.kind;
  });
  check_shrinks(properties::gen_near_touching(), "near_touching", [](const auto&, const auto& g) {
    if (g.kind.find("/exact") != std::string::npos) {
      EXPECT_EQ(classify_case(g.c).relation, reference::Relation::touching) << g.kind;
    }
  });
  check_shrinks(properties::gen_containment(), "containment", [](const auto&, const auto& g) {
    EXPECT_EQ(classify_case(g.c).relation, reference::Relation::overlapping) << g.kind;
  });
  for (const std::string& fam : properties::family_names())
    check_shrinks(properties::gen_family(fam), fam, [](const auto&, const auto&) {});
}

TEST(GeneratorShrinks, StayInTheirFamily3) {
  check_shrinks(properties::gen3_cells(), "cells",
                [](const properties::GeneratedCase3& root, const auto& g) {
                  EXPECT_EQ(named_cell(g.kind), named_cell(root.kind));
                  EXPECT_EQ(classify_case(g.c).feature_cell(), named_cell(g.kind)) << g.kind;
                });
  check_shrinks(properties::gen3_touching(), "touching", [](const auto&, const auto& g) {
    if (g.kind.find("/exact") != std::string::npos) {
      EXPECT_EQ(classify_case(g.c).relation, reference::Relation::touching) << g.kind;
    }
  });
  for (const std::string& fam : properties::family_names3())
    check_shrinks(properties::gen3_family(fam), fam, [](const auto&, const auto&) {});
}

}  // namespace

}  // namespace generators_test_cpp
