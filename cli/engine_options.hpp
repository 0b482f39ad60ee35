#pragma once
// The options shared by `check --exec` and `replay --exec`: the engine command, its time-out per
// answer and restart budget, the precision it claims and optional explicit bounds, turned into
// the campaign's engine Subject.
#include <memory>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "minkowski/properties/campaign.hpp"

namespace minkowski::cli {

struct EngineOptions {
  std::string exec;  ///< empty: no engine
  double timeout = properties::kDefaultAnswerTimeoutSeconds;
  int max_restarts = properties::kDefaultMaxRestarts;  ///< kNoRestartLimit: no cap
  int max_consecutive_failures = properties::kDefaultMaxConsecutiveFailures;
  std::string isolate = "none";  ///< none, case, or a number of cases per process
  std::string bounds_file;       ///< empty: properties::engine_bounds(precision)
};

/// Adds --exec, --timeout, --max-restarts, --max-consecutive-failures, --isolate, --bounds to
/// `app`; returns --exec, for the caller's own options that mean nothing without an engine
/// (`->needs(exec)`).
CLI::Option* add_engine_options(CLI::App* app, EngineOptions& o);

/// --isolate as cases per engine process: "none" kNoIsolation, "case" 1, "N" N >= 1; nullopt
/// for anything else.
std::optional<std::uint64_t> isolate_every(const std::string& isolate);

/// Reads a bounds file: a JSON object with any of "u", "k_relation", "k_distance", "k_depth",
/// "k_normal", "k_witness", "k_contact", "tau", "tau_relative", "tau_contact_depth_relative"
/// (finite numbers >= 0; u > 0) replacing the fields of `base`. Unknown keys are errors (a
/// misspelt bound would silently keep the default). Returns nullopt and sets *error naming the
/// file and the key.
std::optional<properties::Bounds> load_bounds(const std::string& file, properties::Bounds base,
                                              std::string* error);

/// The engine subject "exec" in precision `p`, held to engine_bounds(p) or the --bounds file;
/// `engine_out` receives the process handle (for finish()). Returns nullopt and sets *error for
/// bad options (exit 2).
std::optional<properties::Subject> make_engine_subject(
    const EngineOptions& o, properties::Precision p,
    std::shared_ptr<properties::ExecEngine>* engine_out, std::string* error);

/// The subject make_engine_subject builds, from options it has already accepted and the bounds it
/// chose (Subject::bounds): a further engine process of the same engine, without reading the
/// bounds file again (`check` shrinks with one of its own).
properties::Subject engine_subject(const EngineOptions& o, properties::Precision p,
                                   const properties::Bounds& bounds,
                                   std::shared_ptr<properties::ExecEngine>* engine_out);

/// The bounds of an external engine answering 3D cases in precision p: per field, the loosest k
/// of minkowski's own 3D algorithms (kBoundsTable3), and the 3D manifold's contact-depth tau —
/// the 3D form of properties::engine_bounds.
properties::Bounds engine_bounds3(properties::Precision p);

/// The 3D engine subject "exec": held to engine_bounds3(p) or the --bounds file, asking `engine`
/// (started by make_engine_subject, shared with a 2D subject under --dim all) or, when null, a new
/// engine process, returned through `engine_out`. Returns nullopt and sets *error for a bad
/// bounds file.
std::optional<properties::Subject3> make_engine_subject3(
    const EngineOptions& o, properties::Precision p, std::shared_ptr<properties::ExecEngine> engine,
    std::shared_ptr<properties::ExecEngine>* engine_out, std::string* error);

}  // namespace minkowski::cli
