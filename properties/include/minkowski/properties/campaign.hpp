#pragma once
// minkowski/properties/campaign.hpp — a randomized verification campaign: N cases per family,
// every fast algorithm in float and double, each judged against the exact reference.
//
// Reproducible and independent of the thread count: case i of family f is drawn from its own
// RapidCheck random stream seeded by (seed, f, i), and results are merged in case order.
// Shardable: shard K of N takes the cases with i % N == K; merging shard summaries gives the
// single run's summary (counts and maxima add up; percentiles come from merged error lists).

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "minkowski/properties/bounds.hpp"
#include "minkowski/properties/generators.hpp"

namespace minkowski::properties {

struct CampaignOptions {
  std::vector<std::string> families = family_names();
  std::vector<Algorithm> algorithms = all_algorithms();
  std::vector<Precision> precisions = {Precision::single, Precision::double_};
  std::uint64_t cases_per_family = 1000;
  std::uint64_t seed = 20261122;
  unsigned threads = 0;             ///< 0: all cores
  unsigned shard = 0, shards = 1;   ///< this run takes cases i with i % shards == shard
  /// Bounds to judge with; default bounds_for().
  std::function<Bounds(Algorithm, Precision)> bounds = bounds_for;
};

/// One violation, with everything needed to write a fixture and to reproduce it.
struct Violation {
  GeneratedCase generated;
  std::uint64_t index = 0;  ///< case index within its family
  Algorithm algorithm{};
  Precision precision{};
  FastAnswer fast;
  std::string what;         ///< the judge's summary of the failing field
};

/// A log-scale histogram of errors in units of u·S: exact to merge (shards add bin by bin), and
/// percentiles read from it are identical for a merged and a single run. Bin 0 holds exact
/// zeros; bin k >= 1 holds errors in [2^((k−1)/8 − 40), 2^(k/8 − 40)); the last bin everything
/// from 2^60 up. Percentiles report the upper edge of their bin (at most 9% above the value).
struct Histogram {
  static constexpr int kBinsPerOctave = 8, kMinExp = -40, kMaxExp = 60;
  static constexpr int kBins = 2 + (kMaxExp - kMinExp) * kBinsPerOctave;
  std::vector<std::uint64_t> bins = std::vector<std::uint64_t>(kBins, 0);
  std::uint64_t count = 0;
  void add(double error_us);
  Histogram& operator+=(const Histogram& o);
  /// Smallest bin edge e such that a fraction >= q of the errors is <= e (0 for q of zeros).
  double percentile(double q) const;
};

/// Statistics of one (algorithm, family, precision) cell.
struct Cell {
  std::uint64_t cases = 0, skipped = 0, violations = 0;
  std::uint64_t relation_disagreements = 0;  ///< inside the band (allowed) or not
  std::map<std::string, double> max_error;   ///< field -> worst error in u·S
  std::map<std::string, Histogram> hist;     ///< field -> distribution of errors in u·S
  Cell& operator+=(const Cell& o);
};

struct CampaignResult {
  /// key: algorithm/family/precision
  std::map<std::string, Cell> cells;
  std::vector<Violation> violations;  ///< in (family, index, algorithm, precision) order
  std::uint64_t cases = 0;            ///< cases generated (per family × families, this shard)
  double seconds = 0;
  reference::HullStats reference_stats;
  bool interrupted = false;
};

std::string cell_key(Algorithm a, const std::string& family, Precision p);

/// Runs the campaign. `progress(done, total)` is called from worker threads now and then;
/// `stop` (may be null) is polled: when it becomes true the run ends early, marked interrupted.
CampaignResult run_campaign(const CampaignOptions& opt,
                            const std::function<void(std::uint64_t, std::uint64_t)>& progress = {},
                            const std::atomic<bool>* stop = nullptr);

/// The case of family `family`, index `i`, as the campaign draws it.
GeneratedCase campaign_case(const std::string& family, std::uint64_t seed, std::uint64_t i);

/// Shrinks a violation the way RapidCheck does: repeatedly take the first smaller variant of the
/// generated case that still violates the tolerance model for the same algorithm and precision,
/// at most `max_steps` accepted steps. Returns the minimal case found and its verdict summary.
Violation shrink_violation(const Violation& v, const CampaignOptions& opt, int max_steps = 200);

/// Judges one case with one algorithm and precision (nullopt: the fast type cannot represent it).
std::optional<Verdict> judge_case(const fixtures::Case& c, const reference::PairAnswer& exact, Algorithm alg,
                                  Precision p, const CampaignOptions& opt, FastAnswer* fast_out = nullptr);

}  // namespace minkowski::properties
