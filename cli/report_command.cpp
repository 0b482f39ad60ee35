#include "report_command.hpp"

#include <algorithm>
#include <iostream>
#include <memory>

#include <fmt/format.h>

#include "minkowski/properties/campaign_summary.hpp"
#include "minkowski/reports/files.hpp"
#include "minkowski/reports/gnuplot.hpp"
#include "minkowski/reports/report_writer.hpp"

namespace minkowski::cli {

namespace {

using properties::read_summary_file;
using properties::Summary;

/// Splits a command-line value NAME=PATH (`--engine`, `--engine-classes`). Throws
/// std::runtime_error "OPTION wants NAME=WHAT, got 'VALUE'" when either side is empty.
std::pair<std::string, std::string> split_name_path(const std::string& value,
                                                    const std::string& option,
                                                    const std::string& what) {
  const auto eq = value.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == value.size())
    throw std::runtime_error(fmt::format("{} wants NAME={}, got '{}'", option, what, value));
  return {value.substr(0, eq), value.substr(eq + 1)};
}

struct ReportOptions {
  std::uint64_t cases = 200;
  std::uint64_t seed = properties::kDefaultSeed;
  unsigned threads = 0;
  std::uint64_t sample = 40;
  std::vector<std::string> from, engines, engine_classes;
  std::string out = "reports/out";
  bool quiet = false;
};

/// Removes the 3D cells (keys "3d/…") from `s`; returns how many there were.
std::size_t drop_3d_cells(Summary& s) {
  std::size_t n = 0;
  for (auto it = s.cells.begin(); it != s.cells.end();)
    if (it->first.rfind("3d/", 0) == 0) {
      it = s.cells.erase(it);
      ++n;
    } else {
      ++it;
    }
  return n;
}

int run_report(const ReportOptions& o) {
  reports::ReportInput in;
  try {
    if (!o.from.empty()) {
      std::vector<Summary> parts;
      for (const auto& f : o.from) parts.push_back(read_summary_file(f).first);
      in.summary =
          parts.size() == 1 ? parts.front() : properties::merge(parts);  // merge drops wall time
      in.provenance = fmt::format("read from {} summary file{} ({})", o.from.size(),
                                  o.from.size() > 1 ? "s, merged" : "", fmt::join(o.from, ", "));
    } else {
      properties::CampaignOptions opt;
      opt.cases_per_family = o.cases;
      opt.seed = o.seed;
      opt.threads = o.threads;
      if (!o.quiet)
        std::cerr << fmt::format("minkowski report: campaign of {} cases per family...\n", o.cases);
      const properties::CampaignResult r = properties::run_campaign(opt);
      in.summary = properties::summarize(r, opt);
      in.provenance =
          fmt::format("run here (`minkowski report --cases {} --seed {}`)", o.cases, o.seed);
    }
    for (const auto& e : o.engines) {
      const auto [name, path] = split_name_path(e, "--engine", "summary.json");
      auto [s, raw] = read_summary_file(path);
      in.engines.push_back({name, path, std::move(s), std::move(raw), {}, {}});
    }
    for (const auto& e : o.engine_classes) {
      const auto [name, path] = split_name_path(e, "--engine-classes", "classes.json");
      auto it = std::find_if(in.engines.begin(), in.engines.end(),
                             [&n = name](const auto& x) { return x.name == n; });
      if (it == in.engines.end())
        throw std::runtime_error(
            fmt::format("--engine-classes names '{}', which no --engine gives", name));
      try {
        it->classes = nlohmann::json::parse(reports::read_text_file(path));
      } catch (const nlohmann::json::exception& x) {
        throw std::runtime_error(fmt::format("{}: not JSON: {}", path, x.what()));
      }
      if (!it->classes.is_object() || !it->classes.contains("classes") ||
          !it->classes["classes"].is_array())
        throw std::runtime_error(fmt::format("{}: wants an object with a \"classes\" array", path));
      it->classes_dir = std::filesystem::path(path).parent_path();
    }
  } catch (const std::exception& e) {
    std::cerr << "minkowski report: " << e.what() << '\n';
    return 2;
  }
  // The report's tables are 2D tables: a summary of `check --dim all` or `--dim 3` also holds 3D
  // cells ("3d/…"), which are left out here (and said so) until the report has 3D rows.
  std::size_t left_out = drop_3d_cells(in.summary);
  for (auto& e : in.engines) left_out += drop_3d_cells(e.summary);
  if (left_out && !o.quiet)
    std::cerr << fmt::format(
        "minkowski report: {} 3D cells (3d/…) left out: the report has no 3D "
        "rows yet\n",
        left_out);
  in.sample.seed = in.summary.options.value("seed", o.seed);
  in.sample.per_family = o.sample;
  if (in.summary.options.contains("families") && in.summary.options["families"].is_array() &&
      !in.summary.options["families"].empty())
    in.sample.families = in.summary.options["families"].get<std::vector<std::string>>();
  in.out = o.out;
  in.plots = reports::gnuplot_available();
  if (!in.plots)
    std::cerr << "minkowski report: gnuplot not found: writing tables only (install gnuplot-nox "
                 "for the plots)\n";
  try {
    const reports::ReportOutcome r = reports::write_report(in);
    if (!o.quiet)
      std::cerr << fmt::format(
          "minkowski report: {} files in {} (sample studies {:.1f} s); open {}/index.md\n",
          r.files.size(), o.out, r.sample_seconds, o.out);
  } catch (const std::exception& e) {
    std::cerr << "minkowski report: " << e.what() << '\n';
    return 2;
  }
  return 0;
}

}  // namespace

void add_report_command(CLI::App& app, int* status) {
  auto o = std::make_shared<ReportOptions>();
  CLI::App* c = app.add_subcommand(
      "report", "the tolerance report: index.md, CSV tables and SVG plots in --out");
  auto* cases = c->add_option("--cases", o->cases, "run a campaign of this many cases per family")
                    ->capture_default_str();
  c->add_option("--seed", o->seed, "campaign seed")->capture_default_str();
  c->add_option("--threads", o->threads, "campaign threads (0: all cores)");
  c->add_option("--from", o->from,
                "read these `check --json` summaries (shards are merged) instead of running")
      ->excludes(cases)
      ->check(CLI::ExistingFile);
  c->add_option("--engine", o->engines,
                "NAME=summary.json: a section for an external engine (repeatable)");
  c->add_option("--engine-classes", o->engine_classes,
                "NAME=classes.json: the engine's known failure classes (defect or design), each "
                "drawn from its "
                "minimal fixture (examples/engines/*/classes.json)");
  c->add_option("--sample", o->sample,
                "cases per family for the sweep, contacts, timing and worst cases")
      ->capture_default_str()
      ->check(CLI::Range(1, 100000));
  c->add_option("--out", o->out, "output directory")->capture_default_str();
  c->add_flag("--quiet", o->quiet, "no progress output");
  c->callback([o, status] { *status = run_report(*o); });
}

}  // namespace minkowski::cli
