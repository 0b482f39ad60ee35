#include "fixture_command.hpp"

#include <fstream>
#include <iostream>

#include <fmt/format.h>

#include "minkowski/fixtures/answer_json.hpp"
#include "minkowski/fixtures/fixture_io.hpp"
#include "minkowski/properties/bounds.hpp"
#include "minkowski/properties/campaign.hpp"
#include "engine_options.hpp"
#include "minkowski/properties/campaign_summary.hpp"

namespace minkowski::cli {

namespace {

int run_fixture(const std::string& file, const std::string& dir, const std::string& prefix) {
  std::ifstream in(file);
  if (!in) {
    std::cerr << fmt::format("minkowski fixture: cannot open {}\n", file);
    return 2;
  }
  std::size_t written = 0, refused = 0;
  const std::size_t bad = fixtures::read_batch(
      in, file,
      [&](std::size_t line, fixtures::Case&& c) {
        fixtures::Fixture f;
        f.c = std::move(c);
        try {
          f.expected = fixtures::answer_to_json(reference::query(f.c.a, f.c.b));
        } catch (const reference::InputError& e) {  // e.g. beyond reference::kMaxDifferencePoints
          std::cerr << fmt::format("minkowski fixture: {}:{}: {}\n", file, line, e.what());
          ++refused;
          return;
        }
        f.provenance = fixtures::Provenance("minkowski fixture")
                           .source(fmt::format("{}:{}", file, line))
                           .json();
        const auto path = fixtures::write_fixture(dir, f, prefix);
        std::cout << path.string() << '\n';
        ++written;
      },
      [&](const fixtures::CaseError& e) {  // a 3D case too: fixtures are 2D only so far
        std::cerr << "minkowski fixture: " << fixtures::message_for(e, "minkowski fixture") << '\n';
      });
  std::cerr << fmt::format("{} fixtures in {}\n", written, dir);
  return bad + refused == 0 ? 0 : 2;
}

/// The exact fields a fixture pins down: the reference must still give exactly these.
bool same_exact(const nlohmann::ordered_json& stored, const nlohmann::ordered_json& now,
                std::string& why) {
  for (const char* k : {"relation", "signed_distance", "squared", "core_squared"}) {
    const bool a = stored.contains(k), b = now.contains(k);
    if (a != b || (a && stored[k] != now[k])) {
      why = fmt::format("exact {} changed: stored {}, now {}", k, a ? stored[k].dump() : "(none)",
                        b ? now[k].dump() : "(none)");
      return false;
    }
  }
  return true;
}

struct ReplayOptions {
  std::string dir;
  bool quiet = false;
  std::string precision = "double";  ///< with --exec
  EngineOptions engine;
};

int run_replay(const ReplayOptions& o) {
  const std::string& dir = o.dir;
  const bool quiet = o.quiet;
  std::vector<std::filesystem::path> files;
  try {
    files = fixtures::list_fixtures(dir);
  } catch (const fixtures::CaseError& e) {  // an unreadable directory
    std::cerr << "minkowski replay: " << e.what() << '\n';
    return 2;
  }
  if (files.empty()) {
    std::cerr << fmt::format("minkowski replay: no fixtures under {}\n", dir);
    return 2;
  }
  // With --exec: the engine is judged instead of the fast library, asked in file order.
  std::optional<properties::Subject> engine;
  std::shared_ptr<properties::ExecEngine> process;
  if (!o.engine.exec.empty()) {
    const auto precision = properties::precision_from_string(o.precision);
    if (!precision) {
      std::cerr << "minkowski replay: --precision must be float or double\n";
      return 2;
    }
    std::string error;
    engine = make_engine_subject(o.engine, *precision, &process, &error);
    if (!engine) {
      std::cerr << "minkowski replay: " << error << '\n';
      return 2;
    }
  }
  std::size_t regressed = 0, unreadable = 0, judged = 0;
  for (const auto& path : files) {
    fixtures::Fixture f;
    try {
      f = fixtures::read_fixture(path);
    } catch (const fixtures::CaseError& e) {  // a 3D fixture too: replay is 2D only so far
      std::cerr << "unreadable: " << fixtures::message_for(e, "minkowski replay") << '\n';
      ++unreadable;
      continue;
    }
    reference::PairAnswer exact;
    try {
      exact = reference::query(f.c.a, f.c.b);
    } catch (const reference::InputError& e) {  // e.g. beyond reference::kMaxDifferencePoints
      std::cerr << fmt::format("unreadable: {}: {}\n", path.string(), e.what());
      ++unreadable;
      continue;
    }
    std::string why;
    if (!same_exact(f.expected, fixtures::answer_to_json(exact), why)) {
      std::cout << fmt::format("REGRESSED {} (reference): {}\n", path.string(), why);
      ++regressed;
      continue;
    }
    if (engine) {
      f.c.id = path.string();  // messages name the fixture file
      const properties::Judgement j = properties::judge_subject(*engine, f.c, exact);
      if (j.reply.outcome == properties::EngineOutcome::exhausted) {
        std::cerr << "minkowski replay: " << j.reply.message << '\n';
        return 2;
      }
      if (j.reply.outcome == properties::EngineOutcome::skip) continue;
      ++judged;
      if (j.violation) {
        std::cout << fmt::format("REGRESSED {} (exec/{}): {}\n", path.string(), o.precision,
                                 j.what);
        ++regressed;
      }
      continue;
    }
    for (properties::Algorithm alg : properties::all_algorithms()) {
      if (!properties::is_judged(alg)) continue;
      for (properties::Precision p :
           {properties::Precision::single, properties::Precision::double_}) {
        const auto fast = p == properties::Precision::single
                              ? properties::run_fast<float>(alg, f.c)
                              : properties::run_fast<double>(alg, f.c);
        if (!fast) continue;
        const properties::Verdict v =
            properties::judge(f.c, exact, *fast, properties::bounds_for(alg, p));
        if (!v.asserted) continue;  // below the precision's smallest judged scale (bounds.hpp)
        ++judged;
        if (!v.ok) {
          std::cout << fmt::format("REGRESSED {} ({}/{}): {}\n", path.string(),
                                   properties::to_string(alg), properties::to_string(p),
                                   v.summary());
          ++regressed;
        }
      }
    }
  }
  if (process)
    if (const auto extra = process->finish()) {
      std::cout << fmt::format("REGRESSED (exec): {}: {}\n", properties::to_string(extra->outcome),
                               extra->message);
      ++regressed;
    }
  if (!quiet)
    std::cout << fmt::format("{} fixtures, {} judgements, {} regressed, {} unreadable\n",
                             files.size(), judged, regressed, unreadable);
  if (unreadable) return 2;
  return regressed == 0 ? 0 : 1;
}

int run_merge(const std::vector<std::string>& files, const std::string& out) {
  std::vector<properties::Summary> parts;
  for (const auto& f : files) {
    try {
      parts.push_back(properties::read_summary_file(f).first);
    } catch (const std::exception& e) {  // names the file
      std::cerr << "minkowski merge: " << e.what() << '\n';
      return 2;
    }
  }
  properties::Summary m;
  try {
    m = properties::merge(parts);
  } catch (const std::exception& e) {
    std::cerr << "minkowski merge: " << e.what() << '\n';
    return 2;
  }
  std::cout << properties::table(m);
  std::cout << fmt::format("{} cases, {} violations (merged from {} summaries)\n", m.cases,
                           m.violations, parts.size());
  if (!out.empty()) std::ofstream(out) << properties::to_json(m).dump(1) << '\n';
  return m.violations == 0 ? 0 : 1;
}

}  // namespace

void add_fixture_command(CLI::App& app, int* status) {
  auto file = std::make_shared<std::string>();
  auto dir = std::make_shared<std::string>("fixtures/user");
  auto prefix = std::make_shared<std::string>("case");
  CLI::App* c = app.add_subcommand(
      "fixture", "Turn each case of a JSON Lines batch into a fixture with its exact answer");
  c->add_option("FILE", *file, "case batch")->required();
  c->add_option("--dir", *dir, "directory for the fixtures")->capture_default_str();
  c->add_option("--prefix", *prefix, "file name prefix")->capture_default_str();
  c->callback([=] { *status = run_fixture(*file, *dir, *prefix); });
}

void add_replay_command(CLI::App& app, int* status) {
  auto o = std::make_shared<ReplayOptions>();
  CLI::App* c =
      app.add_subcommand("replay",
                         "Replay every fixture under DIR against the fast library (or an engine "
                         "with --exec); exit 1 if any regressed");
  c->add_option("DIR", o->dir,
                "fixture directory (searched recursively for *.json), or one fixture file")
      ->required();
  c->add_flag("--quiet", o->quiet, "print only regressions");
  CLI::Option* exec = add_engine_options(c, o->engine);
  // Without an engine the fast library is judged in both precisions: CLI11 rejects --precision
  // (exit 2) rather than ignore it.
  c->add_option("--precision", o->precision,
                "with --exec: the precision the engine claims, float or double")
      ->capture_default_str()
      ->check(CLI::IsMember({"float", "double"}))
      ->needs(exec);
  c->callback([=] { *status = run_replay(*o); });
}

void add_merge_command(CLI::App& app, int* status) {
  auto files = std::make_shared<std::vector<std::string>>();
  auto out = std::make_shared<std::string>();
  CLI::App* c =
      app.add_subcommand("merge", "Combine the summaries of `check --shard K/N --json` runs");
  c->add_option("FILES", *files, "summary JSON files")->required();
  c->add_option("--json", *out, "write the merged summary here");
  c->callback([=] { *status = run_merge(*files, *out); });
}

}  // namespace minkowski::cli
