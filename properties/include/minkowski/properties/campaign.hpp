#pragma once
// minkowski/properties/campaign.hpp — a randomized verification campaign: N cases per family,
// every fast algorithm in float and double, each judged against the exact reference.
//
// Reproducible and independent of the thread count: case i of family f is drawn from its own
// RapidCheck random stream seeded by (seed, f, i); each worker adds the cases it judged into a
// partial summary (counts, maxima and histograms add up in any order), and the violations are
// listed in case order.
//
// What answers is a Subject: one fast algorithm in one precision (run_fast, asked from worker
// threads), or an external engine (`check --exec`, exec_engine.hpp), asked from one thread in
// case order so that its answers — and a stateful engine's behaviour — do not depend on the
// thread count. The exact reference still runs on all worker threads meanwhile. An engine's
// protocol failures (crash, time-out, malformed line, missing or extra answer) are violations
// of their own kind, counted per cell under `protocol`.
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
#include "minkowski/properties/exec_engine.hpp"
#include "minkowski/properties/fast_adapters.hpp"
#include "minkowski/properties/generators.hpp"

namespace minkowski::properties {

/// The seed of `check`, `report` and the property suites unless told otherwise: the campaign that
/// characterizes the bounds (bounds.hpp) runs at it. CMake and shell scripts that need the number
/// (MINKOWSKI_RC_SEED, the fuzz smoke seed) repeat it and name this constant.
inline constexpr std::uint64_t kDefaultSeed = 20261122;

/// Answers one case: EngineOutcome::answer with the answer, skip, or a protocol failure.
using Answerer = std::function<EngineReply(const fixtures::Case&)>;

/// What is judged: a name (the first part of its cells' keys), the precision whose bounds it is
/// held to, and how it answers.
struct Subject {
  std::string name;  ///< "sat", "gjk", …, or "exec"
  Precision precision{};
  Bounds bounds;
  bool judged = true;  ///< false: errors reported, never violations (internal_vertices)
  Answerer answer;
  bool in_case_order = false;  ///< asked from one thread, in case order (an external process)
  /// Set for the fast library's subjects: the campaign then answers from the case's shapes
  /// built once per precision (make_fast_pair) instead of calling `answer`; the same answers.
  std::optional<Algorithm> fast_algorithm;
};

/// The fast library's `alg` in precision `p` as a subject (skip: the type cannot represent the
/// case).
Subject fast_subject(Algorithm alg, Precision p, const Bounds& bounds);

struct CampaignOptions {
  std::vector<std::string> families = family_names();
  std::vector<Algorithm> algorithms = all_algorithms();
  std::vector<Precision> precisions = {Precision::single, Precision::double_};
  std::uint64_t cases_per_family = 1000;
  std::uint64_t seed = kDefaultSeed;
  unsigned threads = 0;            ///< 0: all cores
  unsigned shard = 0, shards = 1;  ///< this run takes cases i with i % shards == shard
  /// Bounds to judge with; default bounds_for().
  std::function<Bounds(Algorithm, Precision)> bounds = bounds_for;
  /// An external engine judged besides (or, with `algorithms` empty, instead of) the fast
  /// library; asked in case order. Its EngineOutcome::exhausted stops the campaign (`fatal`).
  std::optional<Subject> engine;
};

/// One violation, with everything needed to write a fixture and to reproduce it.
struct Violation {
  GeneratedCase generated;
  std::uint64_t index = 0;  ///< case index within its family
  Algorithm algorithm{};    ///< meaningful when subject names a fast algorithm
  std::string subject;      ///< the subject's name ("sat", …, "exec")
  Precision precision{};
  FastAnswer fast;
  std::string what;      ///< the judge's summary of the failing field, or the failure message
  std::string protocol;  ///< "" for a tolerance violation, else the EngineOutcome ("crash", …)
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
  /// Edges of bin k in u·S. Bin 0 holds exact zeros (both edges 0); bin k >= 1 holds errors in
  /// [lower_edge(k), upper_edge(k)) = [2^((k−1)/8 + kMinExp), 2^(k/8 + kMinExp)), except that bin 1
  /// also holds everything smaller (its lower edge is 0) and the last bin everything larger.
  static double upper_edge(int k);
  static double lower_edge(int k);
};

/// Statistics of one (algorithm, family, precision) cell.
struct Cell {
  std::uint64_t cases = 0, skipped = 0, violations = 0;
  std::uint64_t relation_disagreements = 0;  ///< inside the band (allowed) or not
  std::map<std::string, double> max_error;   ///< field -> worst error in u·S
  /// field -> the allowance in u·S (FieldVerdict::allowed: k, tau, weld shift) of the case whose
  /// error is max_error, so that a worst error above k with no violation explains itself. Of
  /// cases with the same worst error, the smallest allowance (the sum does not depend on the
  /// order cells are added in). Absent for a summary written before it was kept.
  std::map<std::string, double> max_error_allowed;
  std::map<std::string, Histogram> hist;  ///< field -> distribution of errors in u·S
  std::map<std::string, std::uint64_t> field_violations;  ///< field -> cases where it failed
  std::map<std::string, std::uint64_t> protocol;          ///< EngineOutcome name -> count
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
  std::string fatal;  ///< non-empty: the engine gave up (restarts exhausted); the run stopped
};

std::string cell_key(Algorithm a, const std::string& family, Precision p);
std::string cell_key(const std::string& subject, const std::string& family, Precision p);

/// Runs the campaign. `progress(done, total)` is called from worker threads now and then;
/// `stop` (may be null) is polled: when it becomes true the run ends early, marked interrupted.
CampaignResult run_campaign(const CampaignOptions& opt,
                            const std::function<void(std::uint64_t, std::uint64_t)>& progress = {},
                            const std::atomic<bool>* stop = nullptr);

/// The case of family `family`, index `i`, as the campaign draws it.
GeneratedCase campaign_case(const std::string& family, std::uint64_t seed, std::uint64_t i);

/// Shrinks a violation the way RapidCheck does: repeatedly take the first smaller variant of the
/// generated case that still fails in the same way for the same subject — a tolerance violation,
/// or the same protocol failure — at most `max_steps` accepted steps. The subject is the fast
/// algorithm named by the violation, or opt.engine for "exec" (re-asked about each smaller
/// case). Time-outs are not shrunk (each try would cost a time-out). Returns the minimal case
/// found and its summary.
Violation shrink_violation(const Violation& v, const CampaignOptions& opt, int max_steps = 200);

/// Asks `s` about case `c` and judges the answer (exact: the reference's answer for c).
struct Judgement {
  EngineReply reply;
  std::optional<Verdict> verdict;  ///< only for an answer
  bool violation = false;          ///< judged and failed, or a protocol failure
  std::string what;
};
Judgement judge_subject(const Subject& s, const fixtures::Case& c,
                        const reference::PairAnswer& exact);
/// Judges a reply already obtained from `s` (the campaign asks an engine on its own thread).
Judgement judge_reply(const Subject& s, const fixtures::Case& c, const reference::PairAnswer& exact,
                      EngineReply reply);

}  // namespace minkowski::properties
