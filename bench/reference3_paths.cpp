// reference3_paths — which path produced the hull of the Minkowski difference, per 3D family.
//
// For every family of reference3_families.hpp, `--cases` pairs from `--seed` go through
// reference::query(a, b, Detail::magnitudes); the program prints a Markdown table with, per
// family:
//   certified / repaired / refused / exact_only — PairAnswer3::hull_source, the path of D's hull
//       (hull.hpp, HullSource: Qhull's proposal certified unchanged; rejected by the certificate
//       and rebuilt exactly; refused by Qhull, e.g. a flat difference; Qhull not asked);
//   dim 0/1/2/3 — PairAnswer3::difference_dimension;
//   sep / touch / overlap — the relation;
//   points → vertices — mean |hull(A)|·|hull(B)| and mean vertices of D's hull (what the prefilter
//       and the hull removed);
//   dropped → to Qhull → facets, flipped — over the answers that went through Qhull
//       (hull3_certify.hpp's trace of the last hull3_qhull_certified): the means of the points the
//       prefilter dropped, of the points given to Qhull and of the facets it proposed, and the
//       share of answers whose Qhull triangulation had reflex edges flipped;
//   filter / expansion / rational — the share of orientation tests decided by each arithmetic
//       stage (HullStats::stages, summed over every hull the queries built);
//   µs/case — mean CPU time per query on this thread (a rough figure: reference3_bench times the
//       benchmark families properly);
//   errors — queries that threw (should be 0: every family is valid input).
//
//   build/default/bench/reference3_paths [--cases 1000] [--seed 20261127] [--family NAME]
//
// Exit status 0, or 1 when a query threw (the message of the first is printed).
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <exception>
#include <string>

#include "../reference/src/hull3_certify.hpp"  // detail::last_hull3_qhull_trace (internal counts)
#include "minkowski/reference/oracle3.hpp"
#include "reference3_families.hpp"

namespace {

using namespace minkowski;

struct Row {
  std::array<std::uint64_t, 4> source{};
  std::array<std::uint64_t, 4> dimension{};
  std::array<std::uint64_t, 3> relation{};
  std::uint64_t points = 0, vertices = 0, errors = 0, answered = 0;
  // Qhull's side, over the answers whose hull went through hull3_qhull_certified (all but
  // exact_only): the prefilter's drops, the points given to Qhull, the facets it proposed, and
  // the answers whose Qhull triangulation had reflex edges flipped (hull3_certify.hpp,
  // Hull3QhullTrace).
  std::uint64_t via_qhull = 0, dropped = 0, proposed = 0, facets = 0, flipped = 0;
  reference::StageCounts stages;
  double seconds = 0;
  std::string first_error;
};

/// CPU time of this thread: on a shared machine wall time also counts the waits for a core.
double thread_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

Row run(bench3::Family f, std::size_t cases, std::uint64_t seed) {
  Row row;
  const auto pairs = bench3::make_family(f, cases, seed);
  for (std::size_t k = 0; k < pairs.size(); ++k) {
    try {
      const double t0 = thread_seconds();
      const reference::PairAnswer3 r =
          reference::query(pairs[k].a, pairs[k].b, reference::Detail::magnitudes);
      row.seconds += thread_seconds() - t0;
      ++row.source[static_cast<int>(r.hull_source)];
      if (r.difference_dimension >= 0 && r.difference_dimension <= 3)
        ++row.dimension[r.difference_dimension];
      ++row.relation[static_cast<int>(r.relation)];
      row.points += r.difference_points;
      row.vertices += r.difference_vertices;
      row.stages += r.stats.stages;
      if (r.hull_source != reference::HullSource::exact_only) {
        const auto& t = reference::detail::last_hull3_qhull_trace();
        ++row.via_qhull;
        row.dropped += t.prefilter_dropped;
        row.proposed += t.proposed;
        row.facets += t.facets;
        row.flipped += t.flipped ? 1 : 0;
      }
      ++row.answered;
    } catch (const std::exception& e) {
      if (row.errors++ == 0)
        row.first_error =
            std::string(bench3::name(f)) + " pair " + std::to_string(k) + ": " + e.what();
    }
  }
  return row;
}

[[noreturn]] void usage() {
  std::fprintf(stderr, "usage: reference3_paths [--cases N] [--seed S] [--family NAME]\n");
  std::exit(2);
}

}  // namespace

int main(int argc, char** argv) {
  std::size_t cases = 1000;
  std::uint64_t seed = 20261127;
  std::string only;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (i + 1 >= argc) usage();
    if (arg == "--cases")
      cases = std::strtoull(argv[++i], nullptr, 10);
    else if (arg == "--seed")
      seed = std::strtoull(argv[++i], nullptr, 10);
    else if (arg == "--family")
      only = argv[++i];
    else
      usage();
  }
  std::printf("%zu cases per family, seed %llu, Detail::magnitudes\n\n", cases,
              static_cast<unsigned long long>(seed));
  std::printf(
      "| family | certified | repaired | refused | exact_only | dim 0/1/2/3 | sep / touch / "
      "overlap | points → vertices | dropped → to Qhull → facets, flipped | filter / expansion / "
      "rational | µs/case (CPU) | errors |\n");
  std::printf("|---|---|---|---|---|---|---|---|---|---|---|---|\n");
  Row total;
  std::string first_error;
  for (int fi = 0; fi < bench3::kFamilyCount; ++fi) {
    const auto f = static_cast<bench3::Family>(fi);
    if (!only.empty() && only != bench3::name(f)) continue;
    const Row r = run(f, cases, seed);
    const double n = r.answered ? static_cast<double>(r.answered) : 1.0;
    const double q = r.via_qhull ? static_cast<double>(r.via_qhull) : 1.0;
    const auto& st = r.stages.decided;
    const double tests = static_cast<double>(st[0] + st[1] + st[2]);
    auto pct = [&](std::uint64_t v) { return tests > 0 ? 100.0 * v / tests : 0.0; };
    std::printf(
        "| %s | %llu | %llu | %llu | %llu | %llu/%llu/%llu/%llu | %llu / %llu / %llu | %.1f → "
        "%.1f | %.1f → %.1f → %.1f, %.2f | %.1f%% / %.2f%% / %.3f%% | %.1f | %llu |\n",
        std::string(bench3::name(f)).c_str(), (unsigned long long)r.source[0],
        (unsigned long long)r.source[1], (unsigned long long)r.source[2],
        (unsigned long long)r.source[3], (unsigned long long)r.dimension[0],
        (unsigned long long)r.dimension[1], (unsigned long long)r.dimension[2],
        (unsigned long long)r.dimension[3], (unsigned long long)r.relation[0],
        (unsigned long long)r.relation[1], (unsigned long long)r.relation[2], r.points / n,
        r.vertices / n, r.dropped / q, r.proposed / q, r.facets / q, r.flipped / q, pct(st[0]),
        pct(st[1]), pct(st[2]), 1e6 * r.seconds / n, (unsigned long long)r.errors);
    for (int k = 0; k < 4; ++k) total.source[k] += r.source[k];
    total.errors += r.errors;
    total.answered += r.answered;
    if (first_error.empty()) first_error = r.first_error;
  }
  std::printf(
      "\ntotal: %llu answered, certified %llu, repaired %llu, refused %llu, exact_only "
      "%llu, errors %llu\n",
      (unsigned long long)total.answered, (unsigned long long)total.source[0],
      (unsigned long long)total.source[1], (unsigned long long)total.source[2],
      (unsigned long long)total.source[3], (unsigned long long)total.errors);
  if (!first_error.empty()) {
    std::fprintf(stderr, "first error: %s\n", first_error.c_str());
    return 1;
  }
  return 0;
}
