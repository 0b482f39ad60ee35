#pragma once
// minkowski/reports/sample_study.hpp — what the report measures itself, on a fixed sample of
// campaign cases (the first `per_family` cases of each family for the campaign's seed, exactly as
// `minkowski check` draws them), one thread, the same study for 2D and 3D (written once over
// properties::Dim<D>):
//   - the tolerance sweep: GJK's termination gap (GjkOptions::gap_ulps) and EPA's termination
//     tolerance (EpaOptions::relative_tolerance) at log-spaced settings; per setting and precision
//     the worst and 99th-percentile error of the field the setting controls, in u·S, and the
//     fraction of cases that violate the documented bounds (bounds_for, bounds3_for) at that
//     setting; likewise, in 2D, SAT's parallel-axis epsilon (SatOptions::parallel_axis_ulps,
//     field depth) and the clipping tolerances (ManifoldOptions: reference_face_relative_tolerance
//     and keep_ulps, field contact_depth). In 3D (SweepPoint::dim 3) the settings the 3D library
//     has: GJK's gap (gjk3.hpp reads the same GjkOptions), EPA's tolerance (penetration3.hpp) and
//     the clipping's keep limit (contact_manifold's margin, manifold3.hpp; see sweep_of3 in
//     sample_study.cpp). 3D SAT skips no axis as parallel (SatOptions is unused there) and its
//     reference-face preference is a constant (kManifold3ReferenceFaceRelativeTolerance): those
//     two have no 3D rows.
//   - contact points: clipping (contact_manifold) against closest internal vertices on the
//     overlapping cases, judged with the manifold's bounds (3D: internal_vertices3.hpp, the same
//     method on 3D shapes);
//   - time per case, exact answer against each fast algorithm (wall clock, median per family);
//   - the worst case per judged algorithm and precision (largest error / allowed of any field).
// With `families3` (the 3D campaign's families; empty: no 3D study) every part has its 3D rows.
// Each case is studied whole before the next (its exact answer, then every fast answer judged),
// so the judge's per-case exact pair (judge.hpp, judge3.hpp) is built once per case.
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
  int dim = 2;            ///< 2 or 3: the dimension of the library and the cases
  std::string tolerance;  ///< one of sweep_names()
  std::string precision;  ///< "float" or "double"
  /// The field the setting controls: "distance" (GJK), "depth" (EPA, SAT), "contact_depth"
  /// (manifold).
  std::string field;
  /// Relative setting: gap / distance (GJK), tau / S (EPA), |n + m| for unit normals (SAT
  /// parallel axis), depth slack / shorter face (reference face), keep slack / S (keep limit;
  /// in 3D the margin / S plus the fixed kSat3GapErrorUlps · u, so no setting below that).
  double setting = 0;
  bool is_default = false;
  /// Cases judged (3D keep limit: only the cases the exact answer does not call separated, see
  /// sweep_of3); of them, violating the documented bounds.
  std::uint64_t judged = 0, failures = 0;
  double max_error = 0, p99_error = 0;  ///< of `field`, in u·S
  double mean_iterations =
      0;  ///< support evaluations per case (GJK, EPA's); axes tested (SAT, manifold)
};

struct TimingRow {
  std::string family;
  std::uint64_t cases = 0;
  /// Median of one exact answer: properties::exact_answer(3)(Detail::magnitudes), the judge's
  /// prepared pair built for the case, then its query.
  double exact_us = 0;
  std::map<std::string, double> fast_ns;  ///< algorithm -> median ns per query (double)
};

struct ContactRow {
  int dim = 2;
  std::string method;  ///< "manifold" (clipping) or "internal_vertices"
  std::string precision;
  std::uint64_t overlapping = 0;  ///< cases the exact answer calls overlapping
  std::uint64_t no_points = 0;    ///< of them, answered with no contact point
  std::uint64_t off_surface = 0;  ///< a contact judged outside the manifold's bounds
  /// 2 or more points all of one depth where clipping's depths differ by more than k_contact·u·S
  std::uint64_t single_depth = 0;
  std::uint64_t points = 0;  ///< contact points reported in all
};

/// An overlapping case where closest internal vertices finds no point (edges crossing with no
/// vertex inside), drawn in the report with both methods' answers.
struct ContactExample {
  fixtures::AnyCase c;
  std::string family, why;
  int dim = 2;
  /// 3D: the method's answer (internal_vertices3.hpp), drawn as given; 2D's drawing runs it.
  std::optional<properties::FastAnswer3> internal_vertices3;
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
  /// The 3D families' rows, timed as 2D's: fast_ns keyed by 3D algorithm (on shapes built once),
  /// exact_us of properties::exact_answer3.
  std::vector<TimingRow> timing3;
  std::uint64_t cases3 = 0;          ///< 3D cases in the sample
  std::vector<ContactRow> contacts;  ///< per dimension: manifold, internal_vertices; double, float
  std::vector<WorstCase> worst;
  std::vector<ContactExample> contact_examples;  ///< at most one per dimension
  double seconds = 0;
};

SampleStudy run_sample_study(const SampleOptions& opt);

/// One 3D case of a study with its exact answer (properties::exact_answer3).
struct StudyCase3 {
  fixtures::Case3 c;
  reference::PairAnswer3 exact;
  std::string family;  ///< for the contact example's choice; may be empty
};

/// The 3D tolerance sweep of `cases` (sweep_of3's settings, both precisions): the SweepPoints
/// run_sample_study reports for 3D, in its order (sweep_names(), double then float, settings
/// ascending). Exposed for the tests, which give hand-made cases.
std::vector<SweepPoint> sweep3(const std::vector<StudyCase3>& cases);

/// The 3D contact study of `cases` (rows: manifold, internal_vertices, for double then float;
/// dim 3), and the example it picks (if any). Exposed for the tests, as sweep3.
std::vector<ContactRow> contact_study3(const std::vector<StudyCase3>& cases,
                                       std::optional<ContactExample>* example = nullptr);

/// The swept tolerances, in report order: gjk_gap, epa_tolerance, sat_parallel_axis,
/// manifold_reference_face, manifold_keep.
const std::vector<std::string>& sweep_names();

/// The sweep's settings: 10^-16 … 10^-1 in decades (the study adds the default where it falls
/// between, and leaves out settings a library cannot take).
std::vector<double> sweep_settings();

}  // namespace minkowski::reports
