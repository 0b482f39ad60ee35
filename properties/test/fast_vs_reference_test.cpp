// The property suite: every fast algorithm agrees with the exact reference under the tolerance
// model, in float and double; metamorphic relations (swap, 90° rotation, power-of-two scaling,
// cyclic shift and duplication of input points) and cross-algorithm agreement hold.
// Seeded through RC_PARAMS (CMake sets seed and case count); a failure prints RapidCheck's
// reproduce string and writes the shrunk case as a fixture under fixtures/found/.
#include <gtest/gtest.h>

#include <cmath>

#include "minkowski/properties/bounds.hpp"
#include "minkowski/properties/fast_adapters.hpp"
#include "minkowski/properties/property_harness.hpp"

// This file's names, in a namespace of their own: the test command compiles the suite as
// one translation unit (cmake/PrecompiledHeaders.cmake, minkowski_unity).
namespace fast_vs_reference_test_cpp {

namespace {

using namespace minkowski;
using namespace minkowski::properties;

const std::string kFixtureDir = std::string(MINKOWSKI_SOURCE_DIR) + "/fixtures/found";

void run(const std::string& name, const std::function<void()>& prop) {
  std::string path;
  if (!check_with_fixture(name, prop, kFixtureDir, &path))
    ADD_FAILURE() << name << " failed; shrunk counterexample written to "
                  << (path.empty() ? "(none)" : path);
}

/// Judges `alg` in `prec` on one generated case; records and fails on a violation.
void agree(Algorithm alg, Precision prec, const GeneratedCase& g, const std::string& name) {
  RC_TAG(g.family);
  const reference::PairAnswer exact = reference::query(g.c.a, g.c.b, reference::Detail::magnitudes);
  const auto fast =
      prec == Precision::single ? run_fast<float>(alg, g.c) : run_fast<double>(alg, g.c);
  RC_PRE(fast.has_value());  // the fast type cannot represent the case: skipped, not judged
  const Verdict v = judge(g.c, exact, *fast, bounds_for(alg, prec));
  if (!v.ok) record_failure({g, name, v.summary(), *fast});
  RC_ASSERT(v.ok);
}

class Agreement : public ::testing::TestWithParam<std::tuple<Algorithm, Precision>> {};

TEST_P(Agreement, FastAgreesWithExactReferenceUnderTheToleranceModel) {
  const auto [alg, prec] = GetParam();
  const std::string name =
      std::string(to_string(alg)) + "/" + to_string(prec) + " agrees with the reference";
  run(name, [alg = alg, prec = prec, name] { agree(alg, prec, *gen_any(), name); });
}

INSTANTIATE_TEST_SUITE_P(AllJudgedAlgorithms, Agreement,
                         ::testing::Combine(::testing::Values(Algorithm::sat, Algorithm::gjk,
                                                              Algorithm::epa, Algorithm::manifold),
                                            ::testing::Values(Precision::single,
                                                              Precision::double_)),
                         [](const auto& info) {
                           return std::string(to_string(std::get<0>(info.param))) + "_" +
                                  to_string(std::get<1>(info.param));
                         });

// --- metamorphic relations ------------------------------------------------------------------

fixtures::Case transform(fixtures::Case c,
                         const std::function<reference::Point(reference::Point)>& f,
                         double radius_scale = 1) {
  for (reference::Shape* s : {&c.a, &c.b}) {
    for (reference::Point& p : s->points) p = f(p);
    s->radius *= radius_scale;
  }
  return c;
}

/// Two fast answers for cases that are the same up to an exact transformation: same relation
/// unless within the band, depths within twice the depth bound.
void same_up_to_tolerance(Algorithm alg, const GeneratedCase& g, const fixtures::Case& other,
                          double depth_scale, const std::string& name) {
  RC_TAG(g.family);
  const auto f1 = run_fast<double>(alg, g.c), f2 = run_fast<double>(alg, other);
  RC_PRE(f1.has_value() && f2.has_value());
  const reference::PairAnswer exact = reference::query(g.c.a, g.c.b, reference::Detail::magnitudes);
  const Bounds b = bounds_for(alg, Precision::double_);
  const double us = b.u * case_scale_of(g.c);
  const double sd = static_cast<double>(exact.signed_distance);
  std::string what;
  if (f1->intersects != f2->intersects && std::fabs(sd) > 2 * b.k_relation * us)
    what = "relation changed";
  if (f1->depth && f2->depth && f1->intersects && f2->intersects &&
      std::fabs(*f2->depth - depth_scale * *f1->depth) > 2 * (b.k_depth * us + b.tau) * depth_scale)
    what = "depth changed: " + std::to_string(*f1->depth) + " vs " +
           std::to_string(*f2->depth / depth_scale);
  if (!what.empty()) record_failure({g, name, what, *f1});
  RC_ASSERT(what.empty());
}

TEST(Metamorphic, SwappingAAndBKeepsTheDepthAndNegatesTheNormal) {
  for (Algorithm alg : {Algorithm::sat, Algorithm::epa}) {
    const std::string name = std::string(to_string(alg)) + ": swap A and B";
    run(name, [alg, name] {
      const GeneratedCase g = *gen_any();
      fixtures::Case s = g.c;
      std::swap(s.a, s.b);
      same_up_to_tolerance(alg, g, s, 1, name);
      const auto f1 = run_fast<double>(alg, g.c), f2 = run_fast<double>(alg, s);
      RC_PRE(f1 && f2 && f1->intersects && f2->intersects && f1->normal && f2->normal && f1->depth);
      // The negated normal of the swapped query must be a valid MTV of the original pair.
      FastAnswer neg = *f2;
      neg.normal = std::array<double, 2>{-(*f2->normal)[0], -(*f2->normal)[1]};
      const Verdict v = judge(g.c, reference::query(g.c.a, g.c.b, reference::Detail::magnitudes),
                              neg, bounds_for(alg, Precision::double_));
      if (!v.ok) record_failure({g, name, "negated swapped normal: " + v.summary(), neg});
      RC_ASSERT(v.ok);
    });
  }
}

TEST(Metamorphic, QuarterTurnsAndPowerOfTwoScalingsChangeTheAnswerAsTheyShould) {
  for (Algorithm alg : {Algorithm::sat, Algorithm::epa, Algorithm::gjk}) {
    const std::string name = std::string(to_string(alg)) + ": 90° rotation";
    run(name, [alg, name] {
      const GeneratedCase g = *gen_any();
      same_up_to_tolerance(alg, g,
                           transform(g.c,
                                     [](reference::Point p) {
                                       return reference::Point{-p.y, p.x};
                                     }),
                           1, name);
    });
    const std::string name2 = std::string(to_string(alg)) + ": power-of-two scaling";
    run(name2, [alg, name2] {
      const GeneratedCase g = *gen_any();
      const int e = *rc::gen::element(-8, -1, 1, 8);
      const double s = std::ldexp(1.0, e);
      same_up_to_tolerance(alg, g,
                           transform(
                               g.c,
                               [s](reference::Point p) {
                                 return reference::Point{s * p.x, s * p.y};
                               },
                               s),
                           s, name2);
    });
  }
}

TEST(Metamorphic, CyclicShiftsAndDuplicatedInputPointsGiveIdenticalAnswers) {
  for (Algorithm alg : {Algorithm::sat, Algorithm::gjk, Algorithm::epa, Algorithm::manifold}) {
    const std::string name = std::string(to_string(alg)) + ": shifted/duplicated input points";
    run(name, [alg, name] {
      const GeneratedCase g = *gen_any();
      fixtures::Case c = g.c;
      const std::size_t k = *rc::gen::inRange<std::size_t>(0, c.a.points.size());
      std::rotate(c.a.points.begin(), c.a.points.begin() + static_cast<long>(k), c.a.points.end());
      c.b.points.push_back(c.b.points.front());  // a duplicate
      const auto f1 = run_fast<double>(alg, g.c), f2 = run_fast<double>(alg, c);
      RC_PRE(f1.has_value() && f2.has_value());
      // The fast hull sorts its input, so the shapes — and every answer — are bit-identical.
      const bool same = f1->intersects == f2->intersects && f1->depth == f2->depth &&
                        f1->distance == f2->distance && f1->normal == f2->normal;
      if (!same) record_failure({g, name, "answer changed with the order of input points", *f1});
      RC_ASSERT(same);
    });
  }
}

// --- cross-algorithm --------------------------------------------------------------------------

TEST(CrossAlgorithm, SatDepthMatchesEpaDepthAndGjkOverlapMatchesSat) {
  run("SAT depth vs EPA depth, GJK overlap vs SAT overlap", [] {
    const GeneratedCase g = *gen_any();
    RC_TAG(g.family);
    const auto sat = run_fast<double>(Algorithm::sat, g.c),
               epa = run_fast<double>(Algorithm::epa, g.c),
               gjk = run_fast<double>(Algorithm::gjk, g.c);
    RC_PRE(sat && epa && gjk);
    const reference::PairAnswer exact =
        reference::query(g.c.a, g.c.b, reference::Detail::magnitudes);
    const double us = 0x1p-53 * case_scale_of(g.c);
    const Bounds bs = bounds_for(Algorithm::sat, Precision::double_),
                 be = bounds_for(Algorithm::epa, Precision::double_),
                 bg = bounds_for(Algorithm::gjk, Precision::double_);
    const double band = std::max(bs.k_relation, bg.k_relation) * us;
    std::string what;
    if (gjk->intersects != sat->intersects &&
        std::fabs(static_cast<double>(exact.signed_distance)) > band)
      what = "GJK and SAT disagree on overlap outside the band";
    if (sat->intersects && epa->intersects && sat->depth && epa->depth &&
        std::fabs(*sat->depth - *epa->depth) > (bs.k_depth + be.k_depth) * us + bs.tau + be.tau)
      what = "SAT depth " + std::to_string(*sat->depth) + " vs EPA depth " +
             std::to_string(*epa->depth);
    if (!what.empty()) record_failure({g, "cross-algorithm", what, *sat});
    RC_ASSERT(what.empty());
  });
}

}  // namespace

}  // namespace fast_vs_reference_test_cpp
