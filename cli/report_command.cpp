#include "report_command.hpp"

#include <algorithm>
#include <map>
#include <iostream>
#include <memory>
#include <optional>

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

/// The dimensions a summary holds, from its options' "dimensions" (written by `check --dim 3`:
/// [3], `--dim all`: [2, 3]; a 2D summary has none): "2", "3" or "all".
std::string dimensions_of(const Summary& s) {
  const auto d = s.options.find("dimensions");
  if (d == s.options.end()) return "2";
  if (*d == nlohmann::ordered_json::array({3})) return "3";
  return "all";
}

/// One summary from the `--from` files: the shards of each dimension merged (properties::merge),
/// a 2D and a 3D summary then joined as `check --dim all` joins them (join_dimensions), and
/// summaries of both dimensions merged with that. Sets `provenance`. Throws std::runtime_error
/// (merge: "options differ") for summaries of different campaigns.
Summary combine(const std::vector<std::string>& files, std::string& provenance) {
  std::map<std::string, std::vector<Summary>> by_dim;  // "2", "3", "all" -> summaries
  std::map<std::string, std::vector<std::string>> names;
  for (const auto& f : files) {
    Summary s = read_summary_file(f).first;
    const std::string d = dimensions_of(s);
    by_dim[d].push_back(std::move(s));
    names[d].push_back(f);
  }
  auto merged = [&](const std::string& d) {
    // merge() drops the wall time; one file keeps it.
    return by_dim[d].size() == 1 ? by_dim[d].front() : properties::merge(by_dim[d]);
  };
  std::optional<Summary> out;
  if (by_dim.count("2") && by_dim.count("3"))
    out = properties::join_dimensions(merged("2"), merged("3"));
  else if (by_dim.count("2"))
    out = merged("2");
  else if (by_dim.count("3"))
    out = merged("3");
  if (by_dim.count("all")) out = out ? properties::merge({*out, merged("all")}) : merged("all");
  std::vector<std::string> parts;
  for (const auto& [d, fs] : names)
    parts.push_back(fmt::format("{}: {}", d == "all" ? "2D and 3D" : d + "D", fmt::join(fs, ", ")));
  provenance =
      fmt::format("read from {} summary file{}{} ({})", files.size(), files.size() > 1 ? "s" : "",
                  by_dim.size() > 1  ? ", joined by dimension"
                  : files.size() > 1 ? ", merged"
                                     : "",
                  fmt::join(parts, "; "));
  return *out;
}

int run_report(const ReportOptions& o) {
  reports::ReportInput in;
  try {
    if (!o.from.empty()) {
      in.summary = combine(o.from, in.provenance);
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
  in.sample.seed = in.summary.options.value("seed", o.seed);
  in.sample.per_family = o.sample;
  if (in.summary.options.contains("families") && in.summary.options["families"].is_array() &&
      !in.summary.options["families"].empty())
    in.sample.families = in.summary.options["families"].get<std::vector<std::string>>();
  // The 3D sample study (worst 3D cases, 3D timing) for a summary with a 3D campaign.
  if (in.summary.options.contains("families3") && in.summary.options["families3"].is_array())
    in.sample.families3 = in.summary.options["families3"].get<std::vector<std::string>>();
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
  auto* cases =
      c->add_option("--cases", o->cases,
                    "run a 2D campaign of this many cases per family (for 3D rows: --from)")
          ->capture_default_str();
  c->add_option("--seed", o->seed, "campaign seed")->capture_default_str();
  c->add_option("--threads", o->threads, "campaign threads (0: all cores)");
  c->add_option("--from", o->from,
                "read these `check --json` summaries instead of running: shards of one "
                "dimension are merged, a 2D (`--dim 2`) and a 3D (`--dim 3`) summary joined; "
                "`check --dim all`'s one summary holds both")
      ->excludes(cases)
      ->check(CLI::ExistingFile);
  c->add_option("--engine", o->engines,
                "NAME=summary.json: a section for an external engine, 2D or 3D (`check --exec "
                "... --dim 3`) (repeatable)");
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
