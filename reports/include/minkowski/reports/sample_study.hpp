#pragma once
// minkowski/reports/sample_study.hpp — what the report measures itself, on a fixed sample of
// campaign cases (the first `per_family` cases of each family for the campaign's seed, exactly as
// `minkowski check` draws them), one thread:
//   - the tolerance sweep: GJK's termination gap (GjkOptions::gap_ulps) and EPA's termination
//     tolerance (EpaOptions::relative_tolerance) at log-spaced settings; per setting and precision
//     the worst and 99th-percentile error of the field the setting controls, in u·S, and the
//     fraction of cases that violate the documented bounds (bounds_for) at that setting;
//     likewise SAT's parallel-axis epsilon (SatOptions::parallel_axis_ulps, field depth) and the
//     clipping tolerances (ManifoldOptions: reference_face_relative_tolerance and keep_ulps,
//     field contact_depth);
//   - contact points: clipping (contact_manifold) against closest internal vertices on the
//     overlapping cases, judged with the manifold's bounds;
//   - time per case, exact answer against each fast algorithm (wall clock, median per family);
//   - the worst case per judged algorithm and precision (largest error / allowed of any field).
// With `families3` (the 3D campaign's families; empty: no 3D study) the same sample of the 3D
// families, for the worst case per 3D algorithm and precision (WorstCase::dim 3, judged with
// bounds3_for) and the time per case (timing3). The tolerance sweep and the contact study are 2D
// only: the 3D fast library's tolerances are not swept here.
// Every loop is bounded by the sample size, the settings list and the repetition count.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "minkowski/properties/campaign.hpp"

namespace minkowski::reports {

struct SampleOptions {
  std::uint64_t seed = properties::kDefaultSeed;
  std::uint64_t per_family = 40;
  std::vector<std::string> families = properties::family_names();
  /// The 3D families to study (properties::family_names3()); empty: no 3D study.
  std::vector<std::string> families3;
  /// Each fast query is timed over this many repetitions (a call shorter than the clock's
  /// resolution needs several for the clock to matter little); the exact answer once.
  int timing_repeats = 16;
};

struct SweepPoint {
  std::string tolerance;  ///< one of sweep_names()
  std::string precision;  ///< "float" or "double"
  /// The field the setting controls: "distance" (GJK), "depth" (EPA, SAT), "contact_depth"
  /// (manifold).
  std::string field;
  /// Relative setting: gap / distance (GJK), tau / S (EPA), |n + m| for unit normals (SAT
  /// parallel axis), depth slack / shorter face (reference face), keep slack / S (keep limit).
  double setting = 0;
  bool is_default = false;
  std::uint64_t judged = 0, failures = 0;  ///< cases judged; of them, violating bounds_for
  double max_error = 0, p99_error = 0;     ///< of `field`, in u·S
  double mean_iterations =
      0;  ///< support evaluations per case (GJK, EPA's); axes tested (SAT, manifold)
};

struct TimingRow {
  std::string family;
  std::uint64_t cases = 0;
  double exact_us = 0;                    ///< median, reference::query(Detail::magnitudes)
  std::map<std::string, double> fast_ns;  ///< algorithm -> median ns per query (double)
};

struct ContactRow {
  std::string method;  ///< "manifold" (clipping) or "internal_vertices"
  std::string precision;
  std::uint64_t overlapping = 0;   ///< cases the exact answer calls overlapping
  std::uint64_t no_points = 0;     ///< of them, answered with no contact point
  std::uint64_t off_surface = 0;   ///< a contact judged outside the manifold's bounds
  std::uint64_t single_depth = 0;  ///< 2 points with equal depths where clipping's differ
  std::uint64_t points = 0;        ///< contact points reported in all
};

struct WorstCase {
  std::string algorithm, precision, family, field;  ///< algorithm: its name in its dimension
  std::uint64_t index = 0;
  double error = 0, allowed = 0;  ///< in u·S
  fixtures::AnyCase c;            ///< a 2D case (dim 2) or a 3D one (dim 3)
  int dim = 2;
};

struct SampleStudy {
  std::uint64_t cases = 0;
  std::vector<SweepPoint> sweep;
  std::vector<TimingRow> timing;
  /// The 3D families' rows: fast_ns keyed by 3D algorithm (run_fast3 on shapes built once, the
  /// conversion to protocol form included), exact_us of reference::query (3D).
  std::vector<TimingRow> timing3;
  std::uint64_t cases3 = 0;  ///< 3D cases in the sample
  std::vector<ContactRow> contacts;
  std::vector<WorstCase> worst;
  /// An overlapping case where closest internal vertices finds no point (edges crossing with no
  /// vertex inside), or failing that its largest contact error; drawn in the report.
  std::optional<fixtures::Case> contact_example;
  std::string contact_example_why;
  double seconds = 0;
};

SampleStudy run_sample_study(const SampleOptions& opt);

/// The swept tolerances, in report order: gjk_gap, epa_tolerance, sat_parallel_axis,
/// manifold_reference_face, manifold_keep.
const std::vector<std::string>& sweep_names();

/// The sweep's settings: 10^-16 … 10^-1 in decades, plus the default where it falls between.
std::vector<double> sweep_settings();

}  // namespace minkowski::reports
