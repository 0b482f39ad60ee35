#include "check_command.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <functional>
#include <iostream>
#include <memory>
#include <optional>
#include <set>

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
  std::string precision;  ///< "" : both, or double with --exec
  unsigned threads = 0;
  std::string shard = "0/1";
  std::string json_out;
  std::string fixtures_dir;  ///< "": fixtures/found, or exec-fixtures with --exec
  EngineOptions engine;
  std::size_t max_fixtures = 50;
  bool quiet = false;
  double bounds_scale =
      1;  ///< hidden, for tests: multiplies every k and tau (0: exact answers only)
};

/// Restarts the shrinker's own engine may use: shrinking a crash restarts the engine once per
/// crashing candidate, and shrink_violation accepts at most 200 steps.
constexpr int kShrinkMaxRestarts = 400;

/// A usage error: the message `minkowski check` prints before exiting with 2.
struct UsageError {
  std::string message;
};

/// Fills in the defaults that depend on --exec: the precision and the fixtures directory.
CheckOptions with_defaults(CheckOptions o) {
  const bool exec = !o.engine.exec.empty();
  if (o.precision.empty()) o.precision = exec ? "double" : "both";
  if (o.fixtures_dir.empty()) o.fixtures_dir = exec ? "exec-fixtures" : "fixtures/found";
  return o;
}

/// The campaign's families, algorithms and precisions from the options; a UsageError for a name
/// that is none.
std::optional<UsageError> choose_subjects(const CheckOptions& o, properties::CampaignOptions& opt) {
  if (!o.families.empty()) {
    for (const auto& f : o.families)
      if (std::find(properties::family_names().begin(), properties::family_names().end(), f) ==
          properties::family_names().end())
        return UsageError{fmt::format("unknown family '{}' (known: {})", f,
                                      fmt::join(properties::family_names(), ", "))};
    opt.families = o.families;
  }
  if (!o.algorithms.empty()) {
    opt.algorithms.clear();
    for (const auto& a : o.algorithms) {
      const auto alg = properties::algorithm_from_string(a);
      if (!alg) return UsageError{fmt::format("unknown algorithm '{}'", a)};
      opt.algorithms.push_back(*alg);
    }
  }
  if (const auto p = properties::precision_from_string(o.precision))
    opt.precisions = {*p};
  else if (o.precision != "both")
    return UsageError{"--precision must be float, double or both"};
  return std::nullopt;
}

/// The hidden --bounds-scale: every k and tau of bounds_for multiplied by `f`.
std::function<properties::Bounds(properties::Algorithm, properties::Precision)> scaled_bounds(
    double f) {
  return [f](properties::Algorithm a, properties::Precision p) {
    properties::Bounds b = properties::bounds_for(a, p);
    for (double* x : {&b.k_relation, &b.k_distance, &b.k_depth, &b.k_normal, &b.k_witness,
                      &b.k_contact, &b.tau, &b.tau_contact_depth_relative, &b.tau_relative})
      *x *= f;
    return b;
  };
}

/// The campaign the options ask for, with its engine (started here) under --exec; a UsageError
/// for options that contradict each other or name nothing known.
std::optional<UsageError> campaign_options(const CheckOptions& o, properties::CampaignOptions& opt,
                                           std::shared_ptr<properties::ExecEngine>& engine) {
  const bool exec = !o.engine.exec.empty();
  if (exec && o.precision == "both")
    return UsageError{"--exec judges one precision: --precision float or double"};
  if (exec && !o.algorithms.empty())
    return UsageError{
        "--algorithms names minkowski's own algorithms; with --exec the engine is judged"};
  opt.cases_per_family = o.cases;
  opt.seed = o.seed;
  opt.threads = o.threads;
  if (auto error = choose_subjects(o, opt)) return error;
  unsigned k = 0, n = 1;
  if (std::sscanf(o.shard.c_str(), "%u/%u", &k, &n) != 2 || n == 0 || k >= n)
    return UsageError{fmt::format("--shard must be K/N with 0 <= K < N, got '{}'", o.shard)};
  opt.shard = k;
  opt.shards = n;
  if (exec) {
    std::string error;
    opt.engine = make_engine_subject(o.engine, opt.precisions.front(), &engine, &error);
    if (!opt.engine) return UsageError{error};
    opt.algorithms.clear();
    engine->set_stop_flag(&g_stop);
  }
  if (!(o.bounds_scale >= 0)) return UsageError{"--bounds-scale must be >= 0"};
  if (o.bounds_scale != 1) opt.bounds = scaled_bounds(o.bounds_scale);
  return std::nullopt;
}

/// The progress line on standard error: a bar on a terminal, a line every 4096 cases otherwise,
/// nothing with --quiet.
std::function<void(std::uint64_t, std::uint64_t)> progress_printer(bool quiet, bool tty) {
  const auto t0 = std::chrono::steady_clock::now();
  return [quiet, tty, t0](std::uint64_t done, std::uint64_t total) {
    if (quiet) return;
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const double rate = done / std::max(secs, 1e-9);
    const double eta = (total - done) / std::max(rate, 1e-9);
    if (tty) {
      const int width = 30,
                fill = static_cast<int>(width * done / std::max<std::uint64_t>(total, 1));
      std::cerr << fmt::format("\r[{}{}] {}/{} cases  {:.0f}/s  ETA {:.0f}s ",
                               std::string(fill, '#'), std::string(width - fill, '.'), done, total,
                               rate, eta)
                << std::flush;
    } else if (done == total || done % 4096 == 0) {
      std::cerr << fmt::format("check: {}/{} cases, {:.0f}/s, ETA {:.0f}s\n", done, total, rate,
                               eta);
    }
  };
}

/// Runs the campaign with Ctrl-C ending it early (g_stop): the result is then marked interrupted.
properties::CampaignResult run_interruptible(
    const properties::CampaignOptions& opt,
    const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
  g_stop = false;
  auto previous = std::signal(SIGINT, on_sigint);
  properties::CampaignResult result = properties::run_campaign(opt, progress, &g_stop);
  std::signal(SIGINT, previous);
  return result;
}

/// Failures the engine shows only after the last case (more lines than cases), reported now.
std::size_t late_engine_failures(properties::ExecEngine* engine,
                                 const properties::CampaignResult& result) {
  if (!engine || !result.fatal.empty()) return 0;
  const auto extra = engine->finish();
  if (!extra) return 0;
  std::cerr << fmt::format("violation: exec: {}: {}\n", properties::to_string(extra->outcome),
                           extra->message);
  return 1;
}

/// The campaign options shrinking uses: under --exec a fresh engine process, so that the
/// campaign's restarts are not spent, held to the bounds the campaign used (the --bounds file is
/// read once).
properties::CampaignOptions shrink_options(const CheckOptions& o,
                                           const properties::CampaignOptions& opt) {
  properties::CampaignOptions shrink_opt = opt;
  if (!o.engine.exec.empty()) {
    EngineOptions eo = o.engine;
    eo.max_restarts = kShrinkMaxRestarts;
    shrink_opt.engine = engine_subject(eo, opt.precisions.front(), opt.engine->bounds, nullptr);
  }
  return shrink_opt;
}

/// Shrinks and stores one counterexample per (algorithm, family, precision) and kind of failure,
/// at most --max-fixtures; each is named on standard error.
void store_counterexamples(const CheckOptions& o, const properties::CampaignOptions& opt,
                           const properties::CampaignResult& result) {
  const bool exec = !o.engine.exec.empty();
  const properties::CampaignOptions shrink_opt = shrink_options(o, opt);
  std::set<std::string> stored;
  std::size_t written = 0;
  for (const properties::Violation& v : result.violations) {
    // One fixture per cell and kind of failure: the first failing field of a tolerance violation
    // (summary() starts with it), or the protocol failure.
    const std::string key = properties::cell_key(v.subject, v.generated.family, v.precision) + " " +
                            (v.protocol.empty() ? v.what.substr(0, v.what.find(':')) : v.protocol);
    if (stored.count(key) || written >= o.max_fixtures) continue;
    stored.insert(key);
    const properties::Violation small =
        result.fatal.empty() && !g_stop ? properties::shrink_violation(v, shrink_opt) : v;
    fixtures::Fixture f;
    f.c = small.generated.c;
    f.expected = fixtures::answer_to_json(reference::query(f.c.a, f.c.b));
    const std::string precision_flag = fmt::format(
        " --precision {}{}", properties::to_string(v.precision),
        o.engine.bounds_file.empty() ? "" : fmt::format(" --bounds '{}'", o.engine.bounds_file));
    f.provenance =
        fixtures::Provenance(exec ? "minkowski check --exec" : "minkowski check")
            .algorithm(v.subject)
            .precision(properties::to_string(v.precision))
            .family(v.generated.family)
            .kind(small.generated.kind)
            .seed(opt.seed)
            .case_index(v.index)
            .reproduce(fmt::format("minkowski check {}--seed {} --cases {} --families {}{}",
                                   exec ? fmt::format("--exec '{}' ", o.engine.exec) : "", opt.seed,
                                   v.index + 1, v.generated.family, exec ? precision_flag : ""))
            .date(fixtures::utc_date())
            .broke(small.what)
            .json();
    if (exec) {
      f.provenance["engine"] = o.engine.exec;
      f.provenance["original_case"] = fixtures::case_to_json(v.generated.c);  // before shrinking
    }
    if (!v.protocol.empty())
      f.provenance["protocol"] = v.protocol;
    else
      f.provenance["fast_answer"] = fast_answer_json(small.fast);
    const auto path = fixtures::write_fixture(o.fixtures_dir, f, v.generated.family);
    ++written;
    std::cerr << fmt::format("violation: {} — {}\n  fixture: {}\n", key, small.what, path.string());
  }
}

/// Prints the summary table and its last line, and writes --json (through a temporary file, so
/// that a reader never sees half of it). Returns the exit status.
int report_summary(const CheckOptions& o, const properties::CampaignOptions& opt,
                   const properties::CampaignResult& result, std::size_t late_failures) {
  properties::Summary s = properties::summarize(result, opt);
  if (!o.engine.exec.empty())
    s.options["engine"] = o.engine.exec;  // shards of different engines must not merge
  std::cout << table(s);
  std::cout << fmt::format("{} cases in {:.1f} s ({:.0f} cases/s), {} violations{}{}\n", s.cases,
                           result.seconds, s.cases / std::max(result.seconds, 1e-9),
                           s.violations + late_failures,
                           result.interrupted ? " (interrupted: partial summary)" : "",
                           result.fatal.empty() ? "" : " (engine gave up: partial summary)");
  if (!o.json_out.empty()) {
    const std::string tmp = o.json_out + ".tmp";
    std::ofstream(tmp) << to_json(s).dump(1) << '\n';
    std::rename(tmp.c_str(), o.json_out.c_str());
  }
  if (result.interrupted) return 130;
  if (!result.fatal.empty()) return 2;
  return s.violations + late_failures == 0 ? 0 : 1;
}

int run_check(const CheckOptions& o_in) {
  const CheckOptions o = with_defaults(o_in);
  properties::CampaignOptions opt;
  std::shared_ptr<properties::ExecEngine> engine;
  if (const auto error = campaign_options(o, opt, engine)) {
    std::cerr << "minkowski check: " << error->message << '\n';
    return 2;
  }
  const bool tty = ::isatty(STDERR_FILENO) && !o.quiet;
  const properties::CampaignResult result = run_interruptible(opt, progress_printer(o.quiet, tty));
  if (tty) std::cerr << "\n";
  const std::size_t late_failures = late_engine_failures(engine.get(), result);
  if (!result.fatal.empty()) std::cerr << "minkowski check: " << result.fatal << '\n';
  store_counterexamples(o, opt, result);
  return report_summary(o, opt, result, late_failures);
}

}  // namespace

void add_check_command(CLI::App& app, int* status) {
  auto o = std::make_shared<CheckOptions>();
  CLI::App* c =
      app.add_subcommand("check",
                         "Run a randomized campaign of every fast algorithm (or, with --exec, an "
                         "external engine) against the exact reference (exit 0: all held, "
                         "1: violations, 2: usage error or the engine gave up)");
  c->add_option("--cases", o->cases, "cases per family")->capture_default_str();
  c->add_option("--seed", o->seed, "campaign seed (same seed, same cases)")->capture_default_str();
  c->add_option("--families", o->families, "families to run (default: all)")->delimiter(',');
  c->add_option("--algorithms", o->algorithms,
                "algorithms to run: sat,gjk,epa,manifold,internal_vertices")
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
  c->add_option(
      "--fixtures", o->fixtures_dir,
      "directory for shrunk counterexamples (default fixtures/found; with --exec: exec-fixtures)");
  add_engine_options(c, o->engine);
  c->add_option("--max-fixtures", o->max_fixtures,
                "at most this many fixtures (one per algorithm/family/precision and failing field)")
      ->capture_default_str();
  c->add_flag("--quiet", o->quiet, "no progress output");
  // Hidden (empty group: not in --help): scales every bound, so that tests can force violations
  // (--bounds-scale 0 judges against exact answers) — cli/test/concurrent_writers_test.sh.
  c->add_option("--bounds-scale", o->bounds_scale, "test only: multiply every tolerance bound")
      ->group("");
  c->callback([o, status] { *status = run_check(*o); });
}

}  // namespace minkowski::cli
