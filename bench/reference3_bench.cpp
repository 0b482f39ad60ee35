// reference3_bench — the exact 3D oracle (reference/oracle3.hpp) side by side with CGAL's exact
// kernel on the same pairs, in one run.
//
// Benchmarks are named <query>/<population>/<engine>:
//   query       exact: query(a, b, Detail::magnitudes) — relation and the exact squared distance
//                      or depth;
//               full:  query(a, b, Detail::full) — plus witness points and every optimal
//                      direction (CGAL: the hull's nearest point when separated, every face normal
//                      attaining the depth when overlapping; reference3_cgal.hpp);
//               judge: what a campaign's judge does per case (properties/src/judge.cpp, in 3D):
//                      PreparedPair3(a, b), query(Detail::magnitudes) and three
//                      signed_distance_after_translation_rounded (B moved by the separating or
//                      depth direction times the signed distance, and that ±2^-20 relative) —
//                      ours only; its `cases/s` counter on 1 and 2 threads is the campaign's
//                      budget (>= 10,000 cases/s on 2 cores, i.e. <= 200 µs per case per core);
//   population  random12_separated, random12_overlapping (two random 12-vertex polytopes),
//               box_separated, box_overlapping (axis-aligned dyadic boxes): kPairs pairs each from
//               reference3_families.hpp with kSeed, the same pairs for both engines, cycled;
//   engine      minkowski, or cgal (only when CGAL was found at configure time).
//
// Before timing, CGAL's exact squared value and relation are compared with ours on kChecked pairs
// of every population and of six harder families (lattice, touching, near_touching, containment,
// box_rotated, far_scaled; pairs with a 3-dimensional difference); a mismatch prints both and
// aborts (the comparison is the point of the baseline: the same answer, computed another way).
//
// After the rows, a table of ours / CGAL per query and population (CPU time, median of the
// repetitions, or the single run) is printed: the target is <= 0.5 on every family.
//
//   taskset -c 1 build/default/bench/reference3_bench --benchmark_min_time=0.2
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <map>
#include <string>
#include <vector>

#include "minkowski/reference/oracle3.hpp"
#include "reference3_families.hpp"
#ifdef MINKOWSKI_HAVE_CGAL
#include "reference3_cgal.hpp"
#endif

namespace {

using namespace minkowski;
using bench3::Family;
using bench3::Pair3;

constexpr std::size_t kPairs = 256;  ///< per population; cycled in the timed loop
constexpr std::uint64_t kSeed = 20261127;
constexpr std::size_t kChecked = 32;  ///< pairs per population compared with CGAL before timing

constexpr Family kPopulations[] = {Family::random12_separated, Family::random12_overlapping,
                                   Family::box_separated, Family::box_overlapping};

const std::vector<Pair3>& pairs(Family f) {
  static std::map<Family, std::vector<Pair3>> cache;
  auto it = cache.find(f);
  if (it == cache.end()) it = cache.emplace(f, bench3::make_family(f, kPairs, kSeed)).first;
  return it->second;
}

/// The three translations of B a judge asks about for one case: B moved by −n·sd·(1 + δ),
/// δ ∈ {0, −2^-20, +2^-20}, n the unit optimal direction of the exact answer (A towards B), sd
/// the signed distance — the engine's claimed contact, and just short of and past it.
struct JudgeCase {
  reference::Point3 v[3];
};

std::vector<JudgeCase> judge_cases(Family f) {
  std::vector<JudgeCase> out;
  for (const Pair3& p : pairs(f)) {
    const reference::PairAnswer3 r = reference::query(p.a, p.b, reference::Detail::full);
    double n[3] = {1, 0, 0};
    if (!r.directions.empty() && !r.directions[0].generators.empty()) {
      const auto& g = r.directions[0].generators[0];
      const double x = g.x.convert_to<double>(), y = g.y.convert_to<double>(),
                   z = g.z.convert_to<double>();
      const double len = std::sqrt(x * x + y * y + z * z);
      if (len > 0 && std::isfinite(len)) n[0] = x / len, n[1] = y / len, n[2] = z / len;
    }
    const double sd = r.signed_distance.convert_to<double>();
    JudgeCase c;
    const double deltas[3] = {0, -0x1p-20, 0x1p-20};
    for (int k = 0; k < 3; ++k) {
      const double t = -sd * (1 + deltas[k]);
      c.v[k] = {n[0] * t, n[1] * t, n[2] * t};
    }
    out.push_back(c);
  }
  return out;
}

/// Fractions per case, averaged over the threads of a multi-threaded row (Google Benchmark sums
/// counters over threads unless told otherwise).
void add_counters(benchmark::State& state, std::uint64_t overlapping,
                  const reference::HullStats& stats) {
  const double n = static_cast<double>(state.iterations());
  auto fraction = [&](const char* name, double v) {
    state.counters[name] = benchmark::Counter(v / n, benchmark::Counter::kAvgThreads);
  };
  fraction("overlap_frac", static_cast<double>(overlapping));
  fraction("repaired_frac",
           static_cast<double>(
               stats.by_source[static_cast<int>(reference::HullSource::qhull_repaired)]));
  fraction(
      "refused_frac",
      static_cast<double>(stats.by_source[static_cast<int>(reference::HullSource::qhull_refused)]));
  const auto& st = stats.stages.decided;
  const double tests = static_cast<double>(st[0] + st[1] + st[2]);
  if (tests > 0)
    state.counters["expansion_frac"] =
        benchmark::Counter((st[1] + st[2]) / tests, benchmark::Counter::kAvgThreads);
}

void ours(benchmark::State& state, Family f, reference::Detail detail) {
  const auto& ps = pairs(f);
  std::size_t i = 0;
  std::uint64_t overlapping = 0;
  reference::HullStats stats;
  for (auto _ : state) {
    const Pair3& p = ps[i++ % ps.size()];
    reference::PairAnswer3 r;
    try {
      r = reference::query(p.a, p.b, detail);
    } catch (const std::exception& e) {  // a row that cannot run says why instead of aborting all
      state.SkipWithError(e.what());
      break;
    }
    overlapping += r.relation == reference::Relation::overlapping;
    stats += r.stats;
    benchmark::DoNotOptimize(r.squared);
  }
  add_counters(state, overlapping, stats);
}

void judge(benchmark::State& state, Family f) {
  const auto& ps = pairs(f);
  static std::map<Family, std::vector<JudgeCase>> cases;
  // Built by thread 0 before the threads meet at the timing loop's start barrier.
  if (state.thread_index() == 0 && !cases.count(f)) cases.emplace(f, judge_cases(f));
  std::size_t i = static_cast<std::size_t>(state.thread_index()) * 7;
  std::uint64_t overlapping = 0;
  reference::HullStats stats;
  for (auto _ : state) {
    const std::size_t k = i++ % ps.size();
    const reference::PreparedPair3 prepared(ps[k].a, ps[k].b);
    const reference::PairAnswer3 r = prepared.query(reference::Detail::magnitudes);
    overlapping += r.relation == reference::Relation::overlapping;
    stats += r.stats;
    const JudgeCase& c = cases.at(f)[k];
    for (const reference::Point3& v : c.v)
      benchmark::DoNotOptimize(prepared.signed_distance_after_translation_rounded(v));
  }
  add_counters(state, overlapping, stats);
  state.counters["cases/s"] =
      benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

#ifdef MINKOWSKI_HAVE_CGAL
void cgal_row(benchmark::State& state, Family f, bool full) {
  const auto& ps = pairs(f);
  std::size_t i = 0;
  std::uint64_t overlapping = 0;
  for (auto _ : state) {
    const Pair3& p = ps[i++ % ps.size()];
    const bench3::cgal::Answer r = bench3::cgal::exact_answer(p.a, p.b, full);
    overlapping += r.relation == bench3::cgal::Relation::overlapping;
    benchmark::DoNotOptimize(r.faces);
  }
  state.counters["overlap_frac"] = overlapping / static_cast<double>(state.iterations());
}

/// CGAL's relation and exact squared value against ours on kChecked pairs of each checked
/// family; aborts on the first mismatch. Returns the number of pairs compared.
std::size_t check_against_cgal() {
  std::size_t checked = 0;
  // The timed populations, and the harder families of the path table whose difference is
  // 3-dimensional (the baseline's domain): exact ties, contact, 1-ulp gaps, containment,
  // rounded rotations, large offsets and scales.
  constexpr Family kCheckedFamilies[] = {Family::random12_separated, Family::random12_overlapping,
                                         Family::box_separated,      Family::box_overlapping,
                                         Family::box_rotated,        Family::lattice,
                                         Family::touching,           Family::near_touching,
                                         Family::containment,        Family::far_scaled};
  for (Family f : kCheckedFamilies) {
    const std::vector<Pair3> ps = bench3::make_family(f, kChecked, kSeed);
    for (std::size_t k = 0; k < ps.size(); ++k) {
      const reference::PairAnswer3 r = reference::query(ps[k].a, ps[k].b, reference::Detail::full);
      if (r.difference_dimension != 3) continue;
      const bench3::cgal::Answer c = bench3::cgal::exact_answer(ps[k].a, ps[k].b, true, true);
      const int ours_rel = static_cast<int>(r.relation);
      const int cgal_rel = c.relation == bench3::cgal::Relation::separated  ? 0
                           : c.relation == bench3::cgal::Relation::touching ? 1
                                                                            : 2;
      const int expected_rel = r.relation == reference::Relation::separated  ? 0
                               : r.relation == reference::Relation::touching ? 1
                                                                             : 2;
      const bool same_squared = r.squared && *r.squared == reference::Rational(c.squared);
      if (cgal_rel != expected_rel || !same_squared) {
        std::fprintf(stderr,
                     "reference3_bench: %s pair %zu (seed %llu): ours relation %d squared %s, "
                     "CGAL relation %d squared %s\n",
                     std::string(bench3::name(f)).c_str(), k,
                     static_cast<unsigned long long>(kSeed), ours_rel,
                     r.squared ? reference::to_string(*r.squared).c_str() : "(none)", cgal_rel,
                     c.squared.c_str());
        std::abort();
      }
      ++checked;
    }
  }
  return checked;
}
#endif

/// The console rows, then ours / CGAL per query and population: CPU time (on a shared machine the
/// wall time also counts the time the process waited for a core), median over repetitions.
class RatioReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const Run& r : runs)
      if (r.run_type == Run::RT_Iteration && !r.error_occurred && r.threads == 1)
        times_[r.run_name.function_name].push_back(r.GetAdjustedCPUTime());
  }
  void Finalize() override {
    ConsoleReporter::Finalize();
    std::map<std::string, std::map<std::string, double>> table;  // query/population -> engine
    for (auto& [name, ts] : times_) {
      std::sort(ts.begin(), ts.end());
      const double median =
          ts.size() % 2 ? ts[ts.size() / 2] : (ts[ts.size() / 2 - 1] + ts[ts.size() / 2]) / 2;
      const auto slash = name.rfind('/');
      if (slash != std::string::npos) table[name.substr(0, slash)][name.substr(slash + 1)] = median;
    }
    std::printf(
        "\n| query/population | minkowski (µs CPU) | cgal (µs CPU) | minkowski / cgal | <= 0.5 "
        "|\n");
    std::printf("|---|---|---|---|---|\n");
    for (const auto& [row, e] : table) {
      const auto m = e.find("minkowski"), c = e.find("cgal");
      if (m == e.end() || c == e.end()) continue;
      const double ratio = m->second / c->second;
      std::printf("| %s | %.1f | %.1f | **%.3f** | %s |\n", row.c_str(), m->second, c->second,
                  ratio, ratio <= 0.5 ? "yes" : "NO");
    }
  }

 private:
  std::map<std::string, std::vector<double>> times_;
};

void register_all() {
  for (Family f : kPopulations) {
    const std::string pop(bench3::name(f));
    for (const char* q : {"exact", "full"}) {
      const bool full = std::string(q) == "full";
      const auto detail = full ? reference::Detail::full : reference::Detail::magnitudes;
      benchmark::RegisterBenchmark((std::string(q) + "/" + pop + "/minkowski").c_str(),
                                   [f, detail](benchmark::State& s) { ours(s, f, detail); })
          ->Unit(benchmark::kMicrosecond);
#ifdef MINKOWSKI_HAVE_CGAL
      benchmark::RegisterBenchmark((std::string(q) + "/" + pop + "/cgal").c_str(),
                                   [f, full](benchmark::State& s) { cgal_row(s, f, full); })
          ->Unit(benchmark::kMicrosecond);
#endif
    }
  }
  for (Family f : kPopulations)
    benchmark::RegisterBenchmark(("judge/" + std::string(bench3::name(f)) + "/minkowski").c_str(),
                                 [f](benchmark::State& s) { judge(s, f); })
        ->Unit(benchmark::kMicrosecond)
        ->UseRealTime()
        ->Threads(1)
        ->Threads(2);
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::AddCustomContext("pairs_per_population", std::to_string(kPairs));
  benchmark::AddCustomContext("seed", std::to_string(kSeed));
#ifdef MINKOWSKI_HAVE_CGAL
  benchmark::AddCustomContext("cgal", bench3::cgal::version());
  benchmark::AddCustomContext("checked_against_cgal", std::to_string(check_against_cgal()));
#else
  benchmark::AddCustomContext("cgal", "not found at configure time: minkowski rows only");
#endif
  register_all();
  RatioReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  return 0;
}
