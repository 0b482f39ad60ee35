#include "check_command.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <vector>

#include <filesystem>

#include <fmt/format.h>
#include <unistd.h>

#include "minkowski/fixtures/answer_json.hpp"
#include "minkowski/fixtures/fixture_io.hpp"
#include "engine_options.hpp"
#include "fast_answer_json.hpp"
#include "minkowski/properties/campaign_summary.hpp"

namespace minkowski::cli {

namespace {

std::atomic<bool> g_stop{false};
extern "C" void on_sigint(int) { g_stop = true; }

struct CheckOptions {
  std::uint64_t cases = 1000;
  std::uint64_t seed = properties::kDefaultSeed;
  std::vector<std::string> families;
  std::vector<std::string> algorithms;
  std::string dim;        ///< "2", "3" or "all"; "": all, or 2 with --exec
  std::string precision;  ///< "" : both, or double with --exec
  unsigned threads = 0;
  std::string shard = "0/1";
  std::string json_out;
  std::string fixtures_dir;  ///< "": fixtures/found (2D and 3D), or exec-fixtures
  EngineOptions engine;
  std::size_t max_fixtures = 50;
  bool quiet = false;
  double bounds_scale =
      1;  ///< hidden, for tests: multiplies every k and tau (0: exact answers only)
};

/// A usage error: the message `minkowski check` prints before exiting with 2.
struct UsageError {
  std::string message;
};

/// Fills in the defaults that depend on --exec: the dimension, the precision and the fixtures
/// directory. Without --exec `check` verifies minkowski itself, in every dimension it has; with
/// --exec the engine is asked 2D cases unless --dim says otherwise (the 2D protocol is what every
/// engine adapter speaks; an engine that answers 3D cases is run with --dim 3).
CheckOptions with_defaults(CheckOptions o) {
  const bool exec = !o.engine.exec.empty();
  if (o.dim.empty()) o.dim = exec ? "2" : "all";
  if (o.precision.empty()) o.precision = exec ? "double" : "both";
  return o;
}

/// Where dimension D's fixtures go: --fixtures, else exec-fixtures under --exec, else
/// fixtures/found (both dimensions: `replay` tells 2D and 3D fixtures apart by their points).
template <int D>
std::string fixtures_dir_of(const CheckOptions& o) {
  if (!o.fixtures_dir.empty()) return o.fixtures_dir;
  if (!o.engine.exec.empty()) return "exec-fixtures";
  return "fixtures/found";
}

bool runs_dimension(const CheckOptions& o, int d) {
  return o.dim == "all" || o.dim == std::to_string(d);
}

std::vector<std::string> algorithm_names(int d) {
  std::vector<std::string> out;
  if (d == 2)
    for (const auto a : properties::all_algorithms()) out.push_back(properties::to_string(a));
  else
    for (const auto a : properties::all_algorithms3()) out.push_back(properties::to_string(a));
  return out;
}

bool contains(const std::vector<std::string>& v, const std::string& x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

/// A --families or --algorithms name that no dimension the run covers knows, or nullopt. Under
/// --dim all a name needs to be known in one dimension only (each dimension runs the names it has).
std::optional<UsageError> unknown_name(const CheckOptions& o, const std::vector<std::string>& given,
                                       const char* what,
                                       std::vector<std::string> (*names_of)(int)) {
  for (const auto& x : given) {
    bool known = false;
    std::string known_names;
    for (const int d : {2, 3}) {
      if (!runs_dimension(o, d)) continue;
      known = known || contains(names_of(d), x);
      known_names += fmt::format("{}{}D: {}", known_names.empty() ? "" : "; ", d,
                                 fmt::join(names_of(d), ", "));
    }
    if (!known) return UsageError{fmt::format("unknown {} '{}' (known: {})", what, x, known_names)};
  }
  return std::nullopt;
}

std::vector<std::string> family_names_of(int d) {
  return d == 2 ? properties::family_names() : properties::family_names3();
}

/// The campaign's families, algorithms and precisions from the options (names already known in
/// some dimension of the run); *runs false when the options name no family or no algorithm of
/// dimension D (under --dim all, `--families convex` runs the 2D campaign only).
template <int D>
std::optional<UsageError> choose_subjects(const CheckOptions& o,
                                          properties::CampaignOptionsT<D>& opt, bool* runs) {
  using Dim = properties::Dim<D>;
  *runs = true;
  if (!o.families.empty()) {
    opt.families.clear();
    for (const auto& f : o.families)
      if (contains(Dim::family_names(), f)) opt.families.push_back(f);
    if (opt.families.empty()) *runs = false;
  }
  if (!o.algorithms.empty()) {
    opt.algorithms.clear();
    for (const auto& a : o.algorithms)
      if (const auto alg = Dim::algorithm_from_string(a)) opt.algorithms.push_back(*alg);
    if (opt.algorithms.empty()) *runs = false;
  }
  if (const auto p = properties::precision_from_string(o.precision))
    opt.precisions = {*p};
  else if (o.precision != "both")
    return UsageError{"--precision must be float, double or both"};
  return std::nullopt;
}

/// The hidden --bounds-scale: every k and tau of the dimension's bounds multiplied by `f`.
template <int D>
std::function<properties::Bounds(typename properties::Dim<D>::Algo, properties::Precision)>
scaled_bounds(double f) {
  return [f](typename properties::Dim<D>::Algo a, properties::Precision p) {
    properties::Bounds b = properties::Dim<D>::bounds_for(a, p);
    for (double* x : {&b.k_relation, &b.k_distance, &b.k_depth, &b.k_normal, &b.k_witness,
                      &b.k_contact, &b.tau, &b.tau_contact_depth_relative, &b.tau_relative})
      *x *= f;
    return b;
  };
}

/// The options every dimension shares, checked once: a UsageError for options that contradict
/// each other or name nothing known.
std::optional<UsageError> check_common_options(const CheckOptions& o) {
  const bool exec = !o.engine.exec.empty();
  if (o.dim != "2" && o.dim != "3" && o.dim != "all")
    return UsageError{fmt::format("--dim must be 2, 3 or all, got '{}'", o.dim)};
  if (exec && o.precision == "both")
    return UsageError{"--exec judges one precision: --precision float or double"};
  if (exec && !o.algorithms.empty())
    return UsageError{
        "--algorithms names minkowski's own algorithms; with --exec the engine is judged"};
  if (auto error = unknown_name(o, o.families, "family", &family_names_of)) return error;
  if (auto error = unknown_name(o, o.algorithms, "algorithm", &algorithm_names)) return error;
  unsigned k = 0, n = 1;
  if (std::sscanf(o.shard.c_str(), "%u/%u", &k, &n) != 2 || n == 0 || k >= n)
    return UsageError{fmt::format("--shard must be K/N with 0 <= K < N, got '{}'", o.shard)};
  if (!(o.bounds_scale >= 0)) return UsageError{"--bounds-scale must be >= 0"};
  return std::nullopt;
}

/// Dimension D's campaign as the options ask for it, with its engine (started here) under
/// --exec; *runs false when the options leave it nothing to run. A UsageError for a bad option.
template <int D>
std::optional<UsageError> campaign_options(const CheckOptions& o,
                                           properties::CampaignOptionsT<D>& opt,
                                           std::shared_ptr<properties::ExecEngine>& engine,
                                           bool* runs) {
  const bool exec = !o.engine.exec.empty();
  opt.cases_per_family = o.cases;
  opt.seed = o.seed;
  opt.threads = o.threads;
  if (auto error = choose_subjects<D>(o, opt, runs)) return error;
  unsigned k = 0, n = 1;
  std::sscanf(o.shard.c_str(), "%u/%u", &k, &n);  // checked by check_common_options
  opt.shard = k;
  opt.shards = n;
  if (exec) {
    std::string error;
    if constexpr (D == 2)
      opt.engine = make_engine_subject(o.engine, opt.precisions.front(), &engine, &error);
    else
      opt.engine = make_engine_subject3(o.engine, opt.precisions.front(), nullptr, &engine, &error);
    if (!opt.engine) return UsageError{error};
    opt.algorithms.clear();
    engine->set_stop_flag(&g_stop);
  }
  if (o.bounds_scale != 1) opt.bounds = scaled_bounds<D>(o.bounds_scale);
  return std::nullopt;
}

/// The progress line on standard error: a bar on a terminal, a line every 4096 cases otherwise,
/// nothing with --quiet. `label` names the campaign ("check" for 2D, "check 3d").
std::function<void(std::uint64_t, std::uint64_t)> progress_printer(bool quiet, bool tty,
                                                                   std::string label) {
  const auto t0 = std::chrono::steady_clock::now();
  return [quiet, tty, t0, label](std::uint64_t done, std::uint64_t total) {
    if (quiet) return;
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const double rate = done / std::max(secs, 1e-9);
    const double eta = (total - done) / std::max(rate, 1e-9);
    if (tty) {
      const int width = 30,
                fill = static_cast<int>(width * done / std::max<std::uint64_t>(total, 1));
      std::cerr << fmt::format("\r{} [{}{}] {}/{} cases  {:.0f}/s  ETA {:.0f}s ", label,
                               std::string(fill, '#'), std::string(width - fill, '.'), done, total,
                               rate, eta)
                << std::flush;
    } else if (done == total || done % 4096 == 0) {
      std::cerr << fmt::format("{}: {}/{} cases, {:.0f}/s, ETA {:.0f}s\n", label, done, total, rate,
                               eta);
    }
  };
}

/// Runs the campaign with Ctrl-C ending it early (g_stop): the result is then marked interrupted.
template <int D>
properties::CampaignResultT<D> run_interruptible(
    const properties::CampaignOptionsT<D>& opt,
    const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
  auto previous = std::signal(SIGINT, on_sigint);
  properties::CampaignResultT<D> result = properties::run_campaign(opt, progress, &g_stop);
  std::signal(SIGINT, previous);
  return result;
}

/// Failures the engine shows only after the last case (more lines than cases), reported now.
template <int D>
std::size_t late_engine_failures(properties::ExecEngine* engine,
                                 const properties::CampaignResultT<D>& result) {
  if (!engine || !result.fatal.empty()) return 0;
  const auto extra = engine->finish();
  if (!extra) return 0;
  std::cerr << fmt::format("violation: exec: {}: {}\n", properties::to_string(extra->outcome),
                           extra->message);
  return 1;
}

/// The campaign options shrinking uses: under --exec an engine process of its own (its restarts
/// are not counted with the campaign's), held to the bounds the campaign used (the --bounds file
/// is read once).
template <int D>
properties::CampaignOptionsT<D> shrink_options(const CheckOptions& o,
                                               const properties::CampaignOptionsT<D>& opt) {
  properties::CampaignOptionsT<D> shrink_opt = opt;
  if (!o.engine.exec.empty()) {
    // No restart cap of its own: shrink_violation's engine budget (kShrinkMaxEngineFailures, …)
    // bounds the restarts that shrinking a crash costs. No isolation either: a process per
    // candidate would cost a process start per candidate (up to kShrinkMaxEngineAsks); the
    // shrinker's process is still started afresh after every failure.
    EngineOptions eo = o.engine;
    eo.max_restarts = properties::kNoRestartLimit;
    eo.isolate = "none";
    if constexpr (D == 2) {
      shrink_opt.engine = engine_subject(eo, opt.precisions.front(), opt.engine->bounds, nullptr);
    } else {
      eo.bounds_file.clear();  // the bounds the campaign used, not read again
      std::string error;
      shrink_opt.engine =
          make_engine_subject3(eo, opt.precisions.front(), nullptr, nullptr, &error);
      shrink_opt.engine->bounds = opt.engine->bounds;
    }
  }
  return shrink_opt;
}

/// Shrinks and stores one counterexample per (algorithm, family, precision) and kind of failure
/// (a crash's kind includes how it ended: an abort and a segmentation fault are two findings),
/// at most --max-fixtures in all (`*written` counts them across the dimensions); each is named on
/// standard error.
template <int D>
void store_counterexamples(const CheckOptions& o, const properties::CampaignOptionsT<D>& opt,
                           const properties::CampaignResultT<D>& result, std::size_t* written) {
  const bool exec = !o.engine.exec.empty();
  if (result.violations.empty()) return;
  const properties::CampaignOptionsT<D> shrink_opt = shrink_options<D>(o, opt);
  std::set<std::string> stored;
  for (const properties::ViolationT<D>& v : result.violations) {
    // One fixture per cell and kind of failure: the first failing field of a tolerance violation
    // (summary() starts with it), or the protocol failure.
    std::string key = properties::cell_key_of<D>(v.subject, v.generated.family, v.precision) + " " +
                      (v.protocol.empty() ? v.what.substr(0, v.what.find(':')) : v.protocol);
    if (const std::string how = properties::crash_status(v.what); !how.empty())
      key += " (" + how + ")";
    if (stored.count(key) || *written >= o.max_fixtures) continue;
    stored.insert(key);
    const properties::ViolationT<D> small =
        result.fatal.empty() && !g_stop ? properties::shrink_violation(v, shrink_opt) : v;
    const std::string precision_flag = fmt::format(
        " --precision {}{}", properties::to_string(v.precision),
        o.engine.bounds_file.empty() ? "" : fmt::format(" --bounds '{}'", o.engine.bounds_file));
    const std::string dim_flag = D == 3 ? "--dim 3 " : exec ? "--dim 2 " : "";
    nlohmann::ordered_json provenance =
        fixtures::Provenance(exec ? "minkowski check --exec" : "minkowski check")
            .algorithm(v.subject)
            .precision(properties::to_string(v.precision))
            .family(v.generated.family)
            .kind(small.generated.kind)
            .seed(opt.seed)
            .case_index(v.index)
            .reproduce(fmt::format("minkowski check {}{}--seed {} --cases {} --families {}{}",
                                   exec ? fmt::format("--exec '{}' ", o.engine.exec) : "", dim_flag,
                                   opt.seed, v.index + 1, v.generated.family,
                                   exec ? precision_flag : ""))
            .date(fixtures::utc_date())
            .broke(small.what)
            .json();
    if (exec) {
      provenance["engine"] = o.engine.exec;
      provenance["original_case"] = fixtures::case_to_json(v.generated.c);  // before shrinking
    }
    if (!v.protocol.empty())
      provenance["protocol"] = v.protocol;
    else
      provenance["fast_answer"] = fast_answer_json(small.fast);
    fixtures::FixtureOf<typename properties::Dim<D>::Case> f;
    f.c = small.generated.c;
    f.expected = fixtures::answer_to_json(reference::query(f.c.a, f.c.b));
    f.provenance = std::move(provenance);
    const std::filesystem::path path =
        fixtures::write_fixture(fixtures_dir_of<D>(o), f, v.generated.family);
    ++*written;
    std::cerr << fmt::format("violation: {} — {}\n  fixture: {}\n", key, small.what, path.string());
  }
}

/// One dimension's campaign in `check`: its options, engine and result.
template <int D>
struct DimensionRun {
  properties::CampaignOptionsT<D> opt;
  std::shared_ptr<properties::ExecEngine> engine;
  properties::CampaignResultT<D> result;
  bool runs = false;  ///< the options ask for this dimension
  std::size_t late_failures = 0;

  /// Runs the campaign and stores its counterexamples.
  void run(const CheckOptions& o, bool tty, std::size_t* fixtures_written) {
    result =
        run_interruptible<D>(opt, progress_printer(o.quiet, tty, D == 2 ? "check" : "check 3d"));
    if (tty) std::cerr << "\n";
    late_failures = late_engine_failures<D>(engine.get(), result);
    if (!result.fatal.empty()) std::cerr << "minkowski check: " << result.fatal << '\n';
    store_counterexamples<D>(o, opt, result, fixtures_written);
  }
};

/// The engine's failures by kind over every cell (each one a finding: counted as a violation, its
/// first case per cell and kind stored as a fixture), and what keeping the engine going cost:
/// restarts after failures, probes, isolation starts. "" when there is nothing to say.
std::string engine_failures_line(const properties::Summary& s,
                                 const std::shared_ptr<properties::ExecEngine>& two,
                                 const std::shared_ptr<properties::ExecEngine>& three) {
  std::map<std::string, std::uint64_t> kinds;
  for (const auto& [key, cell] : s.cells)
    for (const auto& [kind, n] : cell.protocol) kinds[kind] += n;
  int restarts = 0, probes = 0;
  std::uint64_t isolation = 0;
  for (const auto* e : {two.get(), three.get()})
    if (e) restarts += e->restarts(), probes += e->probes(), isolation += e->isolation_starts();
  if (kinds.empty() && restarts == 0 && isolation == 0) return "";
  std::vector<std::string> parts;
  for (const auto& [kind, n] : kinds) parts.push_back(fmt::format("{} {}", n, kind));
  return fmt::format(
      "engine failures: {}; restarts {}, probes {}{}\n",
      parts.empty() ? std::string("none") : fmt::format("{}", fmt::join(parts, ", ")), restarts,
      probes, isolation ? fmt::format(", fresh processes for isolation {}", isolation) : "");
}

/// Prints the summary table and its last line, and writes --json (through a temporary file, so
/// that a reader never sees half of it). Returns the exit status.
int report_summary(const CheckOptions& o, const DimensionRun<2>& two,
                   const DimensionRun<3>& three) {
  properties::Summary s;
  if (two.runs && three.runs)
    s = properties::join_dimensions(properties::summarize(two.result, two.opt),
                                    properties::summarize(three.result, three.opt));
  else if (three.runs)
    s = properties::summarize(three.result, three.opt);
  else
    s = properties::summarize(two.result, two.opt);
  if (!o.engine.exec.empty())
    s.options["engine"] = o.engine.exec;  // shards of different engines must not merge
  const double seconds = two.result.seconds + three.result.seconds;
  const bool interrupted = two.result.interrupted || three.result.interrupted;
  const std::string fatal = !two.result.fatal.empty() ? two.result.fatal : three.result.fatal;
  const std::size_t late_failures = two.late_failures + three.late_failures;
  std::cout << table(s);
  if (!o.engine.exec.empty()) std::cout << engine_failures_line(s, two.engine, three.engine);
  std::cout << fmt::format("{} cases in {:.1f} s ({:.0f} cases/s), {} violations{}{}\n", s.cases,
                           seconds, s.cases / std::max(seconds, 1e-9), s.violations + late_failures,
                           interrupted ? " (interrupted: partial summary)" : "",
                           fatal.empty() ? "" : " (engine gave up: partial summary)");
  if (!o.json_out.empty()) {
    const std::string tmp = o.json_out + ".tmp";
    std::ofstream(tmp) << to_json(s).dump(1) << '\n';
    std::rename(tmp.c_str(), o.json_out.c_str());
  }
  if (interrupted) return 130;
  if (!fatal.empty()) return 2;
  return s.violations + late_failures == 0 ? 0 : 1;
}

int run_check(const CheckOptions& o_in) {
  const CheckOptions o = with_defaults(o_in);
  DimensionRun<2> two;
  DimensionRun<3> three;
  auto usage = check_common_options(o);
  if (!usage && runs_dimension(o, 2))
    usage = campaign_options<2>(o, two.opt, two.engine, &two.runs);
  if (!usage && runs_dimension(o, 3))
    usage = campaign_options<3>(o, three.opt, three.engine, &three.runs);
  if (usage) {
    std::cerr << "minkowski check: " << usage->message << '\n';
    return 2;
  }
  const bool tty = ::isatty(STDERR_FILENO) && !o.quiet;
  std::size_t fixtures_written = 0;
  g_stop = false;
  // 2D, then 3D; an interruption or an engine that gave up ends the run (partial summary).
  if (two.runs) two.run(o, tty, &fixtures_written);
  const bool ended = two.runs && (two.result.interrupted || !two.result.fatal.empty());
  if (three.runs && !ended) three.run(o, tty, &fixtures_written);
  if (ended) three.runs = false;
  return report_summary(o, two, three);
}

}  // namespace

void add_check_command(CLI::App& app, int* status) {
  auto o = std::make_shared<CheckOptions>();
  CLI::App* c =
      app.add_subcommand("check",
                         "Run a randomized campaign of every fast algorithm (or, with --exec, an "
                         "external engine) against the exact reference (exit 0: all held, "
                         "1: violations — with --exec an engine's crashes, time-outs and "
                         "malformed, missing or extra lines too, each a finding with its "
                         "fixture, the run going on; 2: usage error, or an engine that fails "
                         "on every case and on a trivial probe, which the run gives up)");
  c->add_option("--cases", o->cases, "cases per family (and per dimension)")->capture_default_str();
  c->add_option("--dim", o->dim,
                "dimension: 2, 3 or all (default all: the 2D then the 3D campaign, one summary; "
                "with --exec default 2, an engine answering 3D cases is run with --dim 3)");
  c->add_option("--seed", o->seed, "campaign seed (same seed, same cases)")->capture_default_str();
  c->add_option("--families", o->families,
                "families to run (default: all; with --dim all each dimension runs those it has)")
      ->delimiter(',');
  c->add_option("--algorithms", o->algorithms,
                "algorithms to run: 2D sat,gjk,epa,manifold,internal_vertices; "
                "3D gjk,penetration,sat,manifold")
      ->delimiter(',');
  c->add_option("--precision", o->precision,
                "float, double or both (default both; with --exec: the precision the "
                "engine claims, float or double, default double)");
  c->add_option("--threads", o->threads,
                "worker threads (0: all cores); results do not depend on it");
  c->add_option("--shard", o->shard,
                "run shard K of N (K/N); combine summaries with `minkowski merge`")
      ->capture_default_str();
  c->add_option("--json", o->json_out, "write the summary (mergeable) as JSON to this file");
  c->add_option("--fixtures", o->fixtures_dir,
                "directory for shrunk counterexamples, 2D and 3D (default fixtures/found; with "
                "--exec: exec-fixtures)");
  add_engine_options(c, o->engine);
  c->add_option("--max-fixtures", o->max_fixtures,
                "at most this many fixtures (one per algorithm/family/precision and failing field, "
                "or, with --exec, kind of engine failure)")
      ->capture_default_str();
  c->add_flag("--quiet", o->quiet, "no progress output");
  // Hidden (empty group: not in --help): scales every bound, so that tests can force violations
  // (--bounds-scale 0 judges against exact answers) — cli/test/concurrent_writers_test.sh.
  c->add_option("--bounds-scale", o->bounds_scale, "test only: multiply every tolerance bound")
      ->group("");
  c->callback([o, status] { *status = run_check(*o); });
}

}  // namespace minkowski::cli
