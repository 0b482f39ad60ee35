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
//
// Written once for both dimensions: every type is a template over D (2 or 3; dimension.hpp names
// what differs), with aliases for 2D (Subject, CampaignOptions, Violation, CampaignResult, …, the
// names the 2D code always used) and for 3D (Subject3, CampaignOptions3, …). A 3D cell's key is
// "3d/<subject>/<family>/<precision>" (2D keys have no prefix), so that one summary holds both
// dimensions and shards of either merge. Cells and histograms do not depend on the dimension.

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "minkowski/properties/bounds.hpp"
#include "minkowski/properties/coverage.hpp"
#include "minkowski/properties/dimension.hpp"
#include "minkowski/properties/exec_engine.hpp"
#include "minkowski/properties/fast_adapters.hpp"
#include "minkowski/properties/generators.hpp"

namespace minkowski::properties {

/// The seed of `check`, `report` and the property suites unless told otherwise: the campaign that
/// characterizes the bounds (bounds.hpp) runs at it. CMake and shell scripts that need the number
/// (MINKOWSKI_RC_SEED, the fuzz smoke seed) repeat it and name this constant.
inline constexpr std::uint64_t kDefaultSeed = 20261122;

/// Answers one case: EngineOutcome::answer with the answer, skip, or a protocol failure.
template <int D>
using AnswererT =
    std::function<EngineReplyT<typename Dim<D>::Answer>(const typename Dim<D>::Case&)>;
using Answerer = AnswererT<2>;
using Answerer3 = AnswererT<3>;

/// What is judged: a name (the first part of its cells' keys), the precision whose bounds it is
/// held to, and how it answers.
template <int D>
struct SubjectT {
  std::string name;  ///< "sat", "gjk", …, or "exec"
  Precision precision{};
  Bounds bounds;
  bool judged = true;  ///< false: errors reported, never violations (internal_vertices)
  AnswererT<D> answer;
  bool in_case_order = false;  ///< asked from one thread, in case order (an external process)
  /// Set for the fast library's subjects: the campaign then answers from the case's shapes
  /// built once per precision (make_fast_pair) instead of calling `answer`; the same answers.
  std::optional<typename Dim<D>::Algo> fast_algorithm;
};
using Subject = SubjectT<2>;
using Subject3 = SubjectT<3>;

/// The fast library's `alg` in precision `p` as a subject (skip: the type cannot represent the
/// case).
Subject fast_subject(Algorithm alg, Precision p, const Bounds& bounds);
Subject3 fast_subject(Algorithm3 alg, Precision p, const Bounds& bounds);

template <int D>
struct CampaignOptionsT {
  std::vector<std::string> families = Dim<D>::family_names();
  std::vector<typename Dim<D>::Algo> algorithms = Dim<D>::all_algorithms();
  std::vector<Precision> precisions = {Precision::single, Precision::double_};
  std::uint64_t cases_per_family = 1000;
  std::uint64_t seed = kDefaultSeed;
  unsigned threads = 0;            ///< 0: all cores
  unsigned shard = 0, shards = 1;  ///< this run takes cases i with i % shards == shard
  /// Bounds to judge with; default bounds_for() (2D), bounds3_for() (3D).
  std::function<Bounds(typename Dim<D>::Algo, Precision)> bounds = &Dim<D>::bounds_for;
  /// An external engine judged besides (or, with `algorithms` empty, instead of) the fast
  /// library; asked in case order. Its EngineOutcome::exhausted stops the campaign (`fatal`).
  std::optional<SubjectT<D>> engine;
};
using CampaignOptions = CampaignOptionsT<2>;
using CampaignOptions3 = CampaignOptionsT<3>;

/// One violation, with everything needed to write a fixture and to reproduce it.
template <int D>
struct ViolationT {
  typename Dim<D>::Generated generated;
  std::uint64_t index = 0;            ///< case index within its family
  typename Dim<D>::Algo algorithm{};  ///< meaningful when subject names a fast algorithm
  std::string subject;                ///< the subject's name ("sat", …, "exec")
  Precision precision{};
  typename Dim<D>::Answer fast;
  std::string what;      ///< the judge's summary of the failing field, or the failure message
  std::string protocol;  ///< "" for a tolerance violation, else the EngineOutcome ("crash", …)
};
using Violation = ViolationT<2>;
using Violation3 = ViolationT<3>;

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
  /// field -> worst error less the case's weld shift (FieldVerdict::shift), in u·S, at least 0:
  /// the error of the answer's arithmetic on the shapes it was given, which the bounds' k are
  /// characterized by (properties/test/bounds_characterization_test.cpp). Equal to max_error where
  /// no shape was welded. Not written to summaries.
  std::map<std::string, double> max_error_beyond_shift;
  std::map<std::string, Histogram> hist;  ///< field -> distribution of errors in u·S
  std::map<std::string, std::uint64_t> field_violations;  ///< field -> cases where it failed
  std::map<std::string, std::uint64_t> protocol;          ///< EngineOutcome name -> count
  Cell& operator+=(const Cell& o);
};

template <int D>
struct CampaignResultT {
  /// key: algorithm/family/precision (2D), 3d/algorithm/family/precision (3D)
  std::map<std::string, Cell> cells;
  std::vector<ViolationT<D>> violations;  ///< in (family, index, algorithm, precision) order
  std::uint64_t cases = 0;                ///< cases generated (per family × families, this shard)
  double seconds = 0;
  reference::HullStats reference_stats;
  /// The same per family: how the exact reference built each case's hull of A − B (HullSource)
  /// and which arithmetic stage decided its tests. The 3D summary keeps it (the report's hull
  /// paths per family); the 2D one keeps only the total above.
  std::map<std::string, reference::HullStats> reference_by_family;
  bool interrupted = false;
  std::string fatal;  ///< non-empty: the engine gave up (restarts exhausted); the run stopped
  /// Every case's configuration on its exact answer, counted per family (coverage.hpp).
  Coverage coverage = Coverage{D, {}, {}};
};
using CampaignResult = CampaignResultT<2>;
using CampaignResult3 = CampaignResultT<3>;

/// A cell's key: "<subject>/<family>/<precision>" in 2D, "3d/<subject>/<family>/<precision>" in
/// 3D (Dim<D>::key_prefix).
std::string cell_key(Algorithm a, const std::string& family, Precision p);
std::string cell_key(const std::string& subject, const std::string& family, Precision p);
std::string cell_key(Algorithm3 a, const std::string& family, Precision p);
std::string cell_key3(const std::string& subject, const std::string& family, Precision p);
template <int D>
std::string cell_key_of(const std::string& subject, const std::string& family, Precision p) {
  return std::string(Dim<D>::key_prefix) + cell_key(subject, family, p);
}

/// Runs the campaign. `progress(done, total)` is called from worker threads now and then;
/// `stop` (may be null) is polled: when it becomes true the run ends early, marked interrupted.
template <int D>
CampaignResultT<D> run_campaign(
    const CampaignOptionsT<D>& opt,
    const std::function<void(std::uint64_t, std::uint64_t)>& progress = {},
    const std::atomic<bool>* stop = nullptr);

/// The case of family `family`, index `i`, as the campaign draws it (2D, 3D, either).
GeneratedCase campaign_case(const std::string& family, std::uint64_t seed, std::uint64_t i);
GeneratedCase3 campaign_case3(const std::string& family, std::uint64_t seed, std::uint64_t i);
template <int D>
typename Dim<D>::Generated campaign_case_of(const std::string& family, std::uint64_t seed,
                                            std::uint64_t i);

/// Shrinks a violation the way RapidCheck does: repeatedly take the first smaller variant of the
/// generated case that still fails in the same way for the same subject — a tolerance violation,
/// or the same protocol failure — at most `max_steps` accepted steps. The subject is the fast
/// algorithm named by the violation, or opt.engine for "exec" (re-asked about each smaller
/// case). Time-outs are not shrunk (each try would cost a time-out); a crash shrinks to candidates
/// that crash the same way (crash_status). An engine's shrinking is bounded by the budget below.
/// Returns the minimal case found and its summary.
/// The budget of shrinking one engine violation (an in_case_order subject), reproducible because
/// it counts exchanges, not seconds: at most kShrinkMaxEngineAsks candidates asked (each a
/// process exchange, ~0.1 ms to a C++ engine; RapidCheck offers up to 1000 per step), at most
/// kShrinkMaxEngineFailures failing replies (each restarts the engine: ~30 ms for a Python
/// engine, so ≤ 2 s per fixture; most of the size goes in the first steps, which drop points) and
/// kShrinkMaxEngineTimeouts time-outs (each costs the whole --timeout).
inline constexpr int kShrinkMaxEngineAsks = 2000;
inline constexpr int kShrinkMaxEngineFailures = 50;
inline constexpr int kShrinkMaxEngineTimeouts = 2;
template <int D>
ViolationT<D> shrink_violation(const ViolationT<D>& v, const CampaignOptionsT<D>& opt,
                               int max_steps = 200);

/// Asks `s` about case `c` and judges the answer (exact: the reference's answer for c).
template <int D>
struct JudgementT {
  EngineReplyT<typename Dim<D>::Answer> reply;
  std::optional<Verdict> verdict;  ///< only for an answer
  bool violation = false;          ///< judged and failed, or a protocol failure
  std::string what;
};
using Judgement = JudgementT<2>;
using Judgement3 = JudgementT<3>;
template <int D>
JudgementT<D> judge_subject(const SubjectT<D>& s, const typename Dim<D>::Case& c,
                            const typename Dim<D>::Exact& exact);
/// Judges a reply already obtained from `s` (the campaign asks an engine on its own thread).
template <int D>
JudgementT<D> judge_reply(const SubjectT<D>& s, const typename Dim<D>::Case& c,
                          const typename Dim<D>::Exact& exact,
                          EngineReplyT<typename Dim<D>::Answer> reply);

// Instantiated for both dimensions in campaign.cpp.
#define MINKOWSKI_CAMPAIGN_EXTERN(D)                                                        \
  extern template CampaignResultT<D> run_campaign<D>(                                       \
      const CampaignOptionsT<D>&, const std::function<void(std::uint64_t, std::uint64_t)>&, \
      const std::atomic<bool>*);                                                            \
  extern template Dim<D>::Generated campaign_case_of<D>(const std::string&, std::uint64_t,  \
                                                        std::uint64_t);                     \
  extern template ViolationT<D> shrink_violation<D>(const ViolationT<D>&,                   \
                                                    const CampaignOptionsT<D>&, int);       \
  extern template JudgementT<D> judge_subject<D>(const SubjectT<D>&, const Dim<D>::Case&,   \
                                                 const Dim<D>::Exact&);                     \
  extern template JudgementT<D> judge_reply<D>(const SubjectT<D>&, const Dim<D>::Case&,     \
                                               const Dim<D>::Exact&,                        \
                                               EngineReplyT<Dim<D>::Answer>);
MINKOWSKI_CAMPAIGN_EXTERN(2)
MINKOWSKI_CAMPAIGN_EXTERN(3)
#undef MINKOWSKI_CAMPAIGN_EXTERN

}  // namespace minkowski::properties
