#include "fixture_command.hpp"

#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include <fmt/format.h>

#include "minkowski/fixtures/answer_json.hpp"
#include "minkowski/fixtures/fixture_io.hpp"
#include "minkowski/properties/bounds.hpp"
#include "minkowski/properties/campaign.hpp"
#include "minkowski/properties/campaign_summary.hpp"
#include "minkowski/properties/fast_adapters3.hpp"
#include "minkowski/properties/judge3.hpp"
#include "engine_options.hpp"

namespace minkowski::cli {

namespace {

/// The fixture of case `c` (either dimension) with its exact answer and a provenance of
/// found_by "minkowski fixture" and source FILE:LINE followed by the fields of the line's own
/// "provenance" object, if it has one (a field it names again, found_by included, takes its
/// value from the line); nullopt after printing why the reference refused the case.
template <class C>
std::optional<fixtures::FixtureOf<C>> make_fixture(C&& c, const std::string& file, std::size_t line,
                                                   const std::string& line_text) {
  fixtures::FixtureOf<C> f;
  f.c = std::move(c);
  try {
    f.expected = fixtures::answer_to_json(reference::query(f.c.a, f.c.b));
  } catch (const reference::InputError& e) {  // e.g. beyond reference::kMaxDifferencePoints
    std::cerr << fmt::format("minkowski fixture: {}:{}: {}\n", file, line, e.what());
    return std::nullopt;
  }
  f.provenance =
      fixtures::Provenance("minkowski fixture").source(fmt::format("{}:{}", file, line)).json();
  // The line was read as a case, so it is valid JSON.
  const auto j = nlohmann::ordered_json::parse(line_text, nullptr, false);
  if (const auto p = j.find("provenance"); !j.is_discarded() && p != j.end() && p->is_object())
    for (const auto& [key, value] : p->items()) f.provenance[key] = value;
  return f;
}

int run_fixture(const std::string& file, const std::string& dir, const std::string& prefix) {
  std::ifstream in(file);
  if (!in) {
    std::cerr << fmt::format("minkowski fixture: cannot open {}\n", file);
    return 2;
  }
  // The lines are kept for each case's own provenance (make_fixture).
  std::vector<std::string> lines;
  for (std::string text; std::getline(in, text);) lines.push_back(std::move(text));
  std::stringstream batch;
  for (const std::string& text : lines) batch << text << '\n';
  std::size_t written = 0, refused = 0;
  const std::size_t bad = fixtures::read_any_batch(
      batch, file,
      [&](std::size_t line, fixtures::AnyCase&& any) {
        std::visit(
            [&](auto&& c) {
              const auto f = make_fixture(std::move(c), file, line, lines.at(line - 1));
              if (!f) {
                ++refused;
                return;
              }
              std::cout << fixtures::write_fixture(dir, *f, prefix).string() << '\n';
              ++written;
            },
            std::move(any));
      },
      [&](const fixtures::CaseError& e) {
        std::cerr << "minkowski fixture: " << e.what() << '\n';
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

/// What replay counts, per dimension.
struct ReplayCounts {
  std::size_t fixtures = 0, judged = 0, regressed = 0, skipped = 0;
};

/// Replays a 2D fixture against the fast library: every judged algorithm in both precisions.
void replay_fast(const std::filesystem::path& path, const fixtures::Case& c,
                 const reference::PairAnswer& exact, ReplayCounts& n) {
  for (properties::Algorithm alg : properties::all_algorithms()) {
    if (!properties::is_judged(alg)) continue;
    for (properties::Precision p :
         {properties::Precision::single, properties::Precision::double_}) {
      const auto fast = p == properties::Precision::single ? properties::run_fast<float>(alg, c)
                                                           : properties::run_fast<double>(alg, c);
      if (!fast) continue;
      const properties::Verdict v =
          properties::judge(c, exact, *fast, properties::bounds_for(alg, p));
      if (!v.asserted) continue;  // below the precision's smallest judged scale (bounds.hpp)
      ++n.judged;
      if (!v.ok) {
        std::cout << fmt::format("REGRESSED {} ({}/{}): {}\n", path.string(),
                                 properties::to_string(alg), properties::to_string(p), v.summary());
        ++n.regressed;
      }
    }
  }
}

/// Replays a 3D fixture against the fast library: every 3D algorithm in both precisions, under
/// bounds3_for (a precision that cannot represent the case is not judged, as in 2D).
void replay_fast(const std::filesystem::path& path, const fixtures::Case3& c,
                 const reference::PairAnswer3& exact, ReplayCounts& n) {
  for (properties::Algorithm3 alg : properties::all_algorithms3()) {
    for (properties::Precision p :
         {properties::Precision::single, properties::Precision::double_}) {
      const auto fast = p == properties::Precision::single ? properties::run_fast3<float>(alg, c)
                                                           : properties::run_fast3<double>(alg, c);
      if (!fast) continue;
      const properties::Verdict v =
          properties::judge3(c, exact, *fast, properties::bounds3_for(alg, p));
      if (!v.asserted) continue;
      ++n.judged;
      if (!v.ok) {
        std::cout << fmt::format("REGRESSED {} (3d/{}/{}): {}\n", path.string(),
                                 properties::to_string(alg), properties::to_string(p), v.summary());
        ++n.regressed;
      }
    }
  }
}

/// The exact answer of a case of either dimension (reference::query). Throws InputError.
reference::PairAnswer exact_of(const fixtures::Case& c) { return reference::query(c.a, c.b); }
reference::PairAnswer3 exact_of(const fixtures::Case3& c) { return properties::exact_answer3(c); }

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
  std::optional<properties::Subject3> engine3;  // the same process, asked 3D cases
  std::shared_ptr<properties::ExecEngine> process;
  if (!o.engine.exec.empty()) {
    const auto precision = properties::precision_from_string(o.precision);
    if (!precision) {
      std::cerr << "minkowski replay: --precision must be float or double\n";
      return 2;
    }
    std::string error;
    engine = make_engine_subject(o.engine, *precision, &process, &error);
    if (engine) engine3 = make_engine_subject3(o.engine, *precision, process, nullptr, &error);
    if (!engine || !engine3) {
      std::cerr << "minkowski replay: " << error << '\n';
      return 2;
    }
  }
  ReplayCounts counts[2];  // [0]: 2D, [1]: 3D
  std::size_t unreadable = 0;
  for (const auto& path : files) {
    fixtures::AnyFixture any;
    try {
      any = fixtures::read_any_fixture(path);
    } catch (const fixtures::CaseError& e) {
      std::cerr << "unreadable: " << e.what() << '\n';
      ++unreadable;
      continue;
    }
    ReplayCounts& n = counts[fixtures::dimension(any) - 2];
    ++n.fixtures;
    // Returns 2 when the engine is exhausted (replay stops), else 0.
    const int stop = std::visit(
        [&](auto& f) -> int {
          decltype(exact_of(f.c)) exact;
          try {
            exact = exact_of(f.c);
          } catch (const reference::InputError& e) {  // e.g. beyond kMaxDifferencePoints
            std::cerr << fmt::format("unreadable: {}: {}\n", path.string(), e.what());
            ++unreadable;
            return 0;
          }
          std::string why;
          if (!same_exact(f.expected, fixtures::answer_to_json(exact), why)) {
            std::cout << fmt::format("REGRESSED {} (reference): {}\n", path.string(), why);
            ++n.regressed;
            return 0;
          }
          if (!engine) {
            replay_fast(path, f.c, exact, n);
            return 0;
          }
          // The engine is asked in file order, 2D and 3D cases alike, each held to its
          // dimension's bounds (engine_bounds / engine_bounds3, or the --bounds file).
          f.c.id = path.string();  // messages name the fixture file
          const auto j = [&] {
            if constexpr (std::is_same_v<std::decay_t<decltype(f)>, fixtures::Fixture3>)
              return properties::judge_subject<3>(*engine3, f.c, exact);
            else
              return properties::judge_subject<2>(*engine, f.c, exact);
          }();
          if (j.reply.outcome == properties::EngineOutcome::exhausted) {
            std::cerr << "minkowski replay: " << j.reply.message << '\n';
            return 2;
          }
          if (j.reply.outcome == properties::EngineOutcome::skip) {
            ++n.skipped;
            return 0;
          }
          ++n.judged;
          if (j.violation) {
            std::cout << fmt::format("REGRESSED {} (exec/{}): {}\n", path.string(), o.precision,
                                     j.what);
            ++n.regressed;
          }
          return 0;
        },
        any);
    if (stop) return stop;
  }
  if (process)
    if (const auto extra = process->finish()) {
      std::cout << fmt::format("REGRESSED (exec): {}: {}\n", properties::to_string(extra->outcome),
                               extra->message);
      ++counts[0].regressed;
    }
  const std::size_t regressed = counts[0].regressed + counts[1].regressed;
  if (!quiet) {
    for (int d = 0; d < 2; ++d) {
      const ReplayCounts& n = counts[d];
      if (n.fixtures == 0) continue;
      std::cout << fmt::format("{}D: {} fixtures, {} judgements, {} regressed", d + 2, n.fixtures,
                               n.judged, n.regressed);
      if (n.skipped) std::cout << fmt::format(", {} skipped by the engine", n.skipped);
      std::cout << '\n';
    }
    std::cout << fmt::format("{} fixtures, {} judgements, {} regressed, {} unreadable\n",
                             files.size(), counts[0].judged + counts[1].judged, regressed,
                             unreadable);
  }
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
