// The generators themselves: every family yields valid shapes, and the exact constructions are
// what they claim (a "touching" case is touching for the exact reference, "strictly inside" is
// inside, a tangent circle pair touches). A generator that silently produced the wrong
// configuration would make every property over it test an empty corner.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "minkowski/properties/generators.hpp"
#include "minkowski/properties/judge.hpp"
#include "minkowski/reference/oracle.hpp"

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

}  // namespace
