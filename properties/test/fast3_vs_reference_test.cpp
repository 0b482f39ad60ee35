// The 3D property suite: every fast 3D algorithm (GJK, GJK + EPA, SAT, the clipping manifold)
// agrees with the exact 3D reference under the tolerance model, in float and double, each field
// held to its 3D k (bounds3_for, bounds.hpp). Families: generators3.hpp (random polytopes, axis and
// exactly turned boxes, exactly touching configurations nudged by ulps, containment, spheres and
// capsules near faces, edges and vertices, degenerate shapes, scaled and far cases).
//
// Seeded through RC_PARAMS (CMake sets the seed and the case count: 300 per property, 30,000 with
// MINKOWSKI_LONG_TESTS). A failure prints the case as JSON, the fast answer, the RC_PARAMS and
// RapidCheck's reproduce string, and writes the shrunk case as a 3D fixture under fixtures/found/,
// where the replay (replay_fixtures_test.cpp, `minkowski replay`) judges it again from then on.
//
// Each property also prints the largest error it observed per field (in u·S, with the case's
// family/kind): the measurements behind the 3D bounds of docs/tolerances.md. With
// MINKOWSKI_MAXIMA3_CSV=FILE set they are appended to FILE as CSV rows too.
//
// Measuring: with MINKOWSKI_MEASURE3=1 a violation is counted and its case printed (the first
// few per algorithm and type) but not asserted, so one run gives the maxima over every case.
//
// An algorithm that is still the API's stub (the default-constructed answer of its header, before
// its code is merged) is skipped with a message instead of judged.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>

#include <fmt/format.h>

#include "minkowski/properties/bounds.hpp"
#include "minkowski/properties/fast_adapters3.hpp"
#include "minkowski/properties/property_harness3.hpp"

// This file's names, in a namespace of their own: the test command compiles the suite as
// one translation unit (cmake/PrecompiledHeaders.cmake, minkowski_unity).
namespace fast3_vs_reference_test_cpp {

namespace {

using namespace minkowski;
using namespace minkowski::properties;

const std::string kFixtureDir = std::string(MINKOWSKI_SOURCE_DIR) + "/fixtures/found";

/// Whether `alg` has code behind its API: its answer on two unit cubes, apart and overlapping,
/// is not the stub's default-constructed one.
bool implemented(Algorithm3 alg) {
  std::vector<fast::Vec3<double>> a, b, c;
  for (double x : {0.0, 1.0})
    for (double y : {0.0, 1.0})
      for (double z : {0.0, 1.0}) {
        a.push_back({x, y, z});
        b.push_back({x + 2, y, z});
        c.push_back({x + 0.5, y, z});
      }
  const auto sa = fast::make_shape3<double>(a), sb = fast::make_shape3<double>(b),
             sc = fast::make_shape3<double>(c);
  switch (alg) {
    case Algorithm3::gjk:
      return fast::gjk_distance(sa.shape, sb.shape).status != fast::GjkStatus::empty_shape;
    case Algorithm3::penetration:
      return fast::penetration(sa.shape, sb.shape).status != fast::PenetrationStatus::empty_shape;
    case Algorithm3::sat:
      return fast::sat_query(sa.shape, sc.shape).axes_tested > 0 ||
             fast::sat_query(sa.shape, sc.shape).intersects;
    case Algorithm3::manifold:
      return fast::contact_manifold(sa.shape, sc.shape).point_count > 0;
  }
  return false;
}

bool measuring() {
  const char* m = std::getenv("MINKOWSKI_MEASURE3");
  return m && *m && std::string(m) != "0";
}

/// The largest error observed per field of one algorithm in one precision.
struct Maximum {
  double error = 0;
  double allowed = 0;
  std::string where;                 ///< family/kind of the case
  std::string case_json, fast_json;  ///< the case and the answer (MINKOWSKI_MEASURE3 only)
  /// The largest error below kGross u·S: with MINKOWSKI_MEASURE3, the rounding-governed maximum
  /// apart from wrong answers (a wrong feature, a wrong relation far from the band).
  double below_gross = 0;
  std::string below_gross_where;
};
constexpr double kGross = 1000;
std::mutex g_maxima_mutex;
std::map<std::string, std::map<Field, Maximum>> g_maxima;  // "alg/precision" → field → maximum
std::map<std::string, long> g_judged;                      // "alg/precision" → asserted verdicts
std::map<std::string, long> g_violations;                  // "alg/precision" → failed verdicts

/// Records the errors of verdict `v` under bounds `b`. What a field is measured by is the k it
/// needs: its error less the part of its allowance that is not k (tau, and the input's weld
/// shift, which the judge grants on top of k·u·S).
void observe(const std::string& key, const GeneratedCase3& g, const Verdict& v, const Bounds& b,
             const FastAnswer3& fast) {
  if (!v.asserted) return;
  std::lock_guard<std::mutex> lock(g_maxima_mutex);
  ++g_judged[key];
  for (const FieldVerdict& f : v.fields) {
    const double k = f.field == Field::contacts && fast.contacts && fast.contacts->empty()
                         ? b.k_relation  // an empty manifold is held to the relation band
                         : b.k(f.field);
    const double needed = std::max(0.0, f.error - (f.allowed - k));
    Maximum& m = g_maxima[key][f.field];
    if (needed < kGross && needed > m.below_gross) {
      m.below_gross = needed;
      m.below_gross_where = g.family + "/" + g.kind;
    }
    if (needed > m.error || (std::isnan(needed) && !std::isnan(m.error))) {
      m.error = needed;
      m.allowed = k;
      m.where = g.family + "/" + g.kind;
      if (measuring()) {
        m.case_json = fixtures::case_to_json(g.c).dump();
        m.fast_json = protocol_json(fast).dump();
      }
    }
  }
}

/// Prints (and appends to $MINKOWSKI_MAXIMA3_CSV) the maxima of `key`.
void report_maxima(const std::string& key) {
  std::lock_guard<std::mutex> lock(g_maxima_mutex);
  const char* csv = std::getenv("MINKOWSKI_MAXIMA3_CSV");
  std::ofstream out;
  if (csv) out.open(csv, std::ios::app);
  std::cout << fmt::format(
      "observed maxima of {} over {} judged cases (error less tau and "
      "input shift, u·S){}:\n",
      key, g_judged[key], measuring() ? fmt::format(", {} violations", g_violations[key]) : "");
  for (const auto& [field, m] : g_maxima[key]) {
    std::cout << fmt::format("  {:<14} {:>10.4g}  (k {:.4g})  {}\n", to_string(field), m.error,
                             m.allowed, m.where);
    if (measuring() && m.error >= kGross)
      std::cout << fmt::format("    largest below {} u·S: {:.4g}  {}\n", kGross, m.below_gross,
                               m.below_gross_where);
    if (!m.case_json.empty() && m.error > m.allowed)
      std::cout << "    case: " << m.case_json << "\n    fast: " << m.fast_json << "\n";
    if (out)
      out << key << "," << to_string(field) << "," << m.error << "," << m.allowed << ","
          << g_judged[key] << "," << m.where << "\n";
  }
}

void run(const std::string& name, const std::function<void()>& prop) {
  std::string path;
  if (!check_with_fixture3(name, prop, kFixtureDir, &path))
    ADD_FAILURE() << name << " failed; shrunk counterexample written to "
                  << (path.empty() ? "(none)" : path);
}

/// Judges `alg` in `prec` on one generated case; records and fails on a violation.
void agree(Algorithm3 alg, Precision prec, const GeneratedCase3& g, const std::string& key,
           const std::string& name) {
  RC_TAG(g.family);
  const auto fast =
      prec == Precision::single ? run_fast3<float>(alg, g.c) : run_fast3<double>(alg, g.c);
  RC_PRE(fast.has_value());  // the fast type cannot represent the case: skipped, not judged
  const reference::PairAnswer3 exact = exact_answer3(g.c, reference::Detail::magnitudes);
  const Verdict v = judge3(g.c, exact, *fast, bounds3_for(alg, prec));
  observe(key, g, v, bounds3_for(alg, prec), *fast);
  if (!v.ok && measuring()) {
    std::lock_guard<std::mutex> lock(g_maxima_mutex);
    if (++g_violations[key] <= 5)
      std::cout << fmt::format("violation {} ({}/{}): {}\n  case: {}\n  fast: {}\n", key, g.family,
                               g.kind, v.summary(), fixtures::case_to_json(g.c).dump(),
                               protocol_json(*fast).dump());
    return;
  }
  if (!v.ok) record_failure3({g, name, v.summary(), *fast});
  RC_ASSERT(v.ok);
}

class Agreement3 : public ::testing::TestWithParam<std::tuple<Algorithm3, Precision>> {};

TEST_P(Agreement3, FastAgreesWithExact3DReferenceUnderTheToleranceModel) {
  const auto [alg, prec] = GetParam();
  if (!implemented(alg))
    GTEST_SKIP() << to_string(alg) << " (3D) is still the API's stub: nothing to judge";
  const std::string key = std::string(to_string(alg)) + "/" + to_string(prec);
  const std::string name = "3D " + key + " agrees with the reference";
  run(name, [alg = alg, prec = prec, key, name] { agree(alg, prec, *gen3_any(), key, name); });
  report_maxima(key);
}

INSTANTIATE_TEST_SUITE_P(
    All3DAlgorithms, Agreement3,
    ::testing::Combine(::testing::Values(Algorithm3::gjk, Algorithm3::penetration, Algorithm3::sat,
                                         Algorithm3::manifold),
                       ::testing::Values(Precision::single, Precision::double_)),
    [](const auto& info) {
      return std::string(to_string(std::get<0>(info.param))) + "_" +
             to_string(std::get<1>(info.param));
    });

// The generators build what they say: touching cases touch exactly (before the ulp nudge), the
// strictly-inside containment overlaps, turned boxes are exact (their edges keep their lengths).
TEST(Generators3, ExactConstructionsAreExact) {
  const bool ok = rc::check("3D generators: exact constructions", [] {
    const GeneratedCase3 g = *gen3_any();
    RC_TAG(g.family);
    const reference::PairAnswer3 exact = exact_answer3(g.c, reference::Detail::magnitudes);
    if (g.family == "touching" && g.kind.find("/exact") != std::string::npos)
      RC_ASSERT(exact.relation == reference::Relation::touching);
    if (g.family == "containment" && g.kind.rfind("strictly_inside", 0) == 0)
      RC_ASSERT(exact.relation == reference::Relation::overlapping);
    if (g.family == "rounded" && g.kind.rfind("tangent_spheres/exact", 0) == 0)
      RC_ASSERT(exact.relation == reference::Relation::touching);
  });
  EXPECT_TRUE(ok);
}

}  // namespace

}  // namespace fast3_vs_reference_test_cpp
