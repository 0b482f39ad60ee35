#include "query_command.hpp"

#include <fstream>
#include <iostream>

#include <fmt/format.h>

#include "minkowski/fixtures/answer_json.hpp"
#include "minkowski/fixtures/case_io.hpp"

namespace minkowski::cli {

namespace {

struct QueryOptions {
  std::string file = "-";
  bool magnitudes_only = false;
};

int run_query(const QueryOptions& opt) {
  std::ifstream file;
  std::istream* in = &std::cin;
  std::string source = "<stdin>";
  if (opt.file != "-") {
    file.open(opt.file);
    if (!file) {
      std::cerr << fmt::format("minkowski query: cannot open {}\n", opt.file);
      return 2;
    }
    in = &file;
    source = opt.file;
  }
  const auto detail = opt.magnitudes_only ? reference::Detail::magnitudes : reference::Detail::full;
  const std::size_t bad = fixtures::read_batch(
      *in, source,
      [&](std::size_t line, fixtures::Case&& c) {
        nlohmann::ordered_json out;
        out["id"] = c.id.empty() ? nlohmann::ordered_json(line) : nlohmann::ordered_json(c.id);
        out["exact"] = fixtures::answer_to_json(reference::query(c.a, c.b, detail));
        std::cout << out.dump() << '\n';
      },
      [&](const fixtures::CaseError& e) {
        std::cerr << "minkowski query: " << e.what() << '\n';
        nlohmann::ordered_json out{{"id", nullptr}, {"line", e.line()}, {"error", e.what()}};
        std::cout << out.dump() << '\n';
      });
  std::cout.flush();
  return bad == 0 ? 0 : 2;
}

}  // namespace

void add_query_command(CLI::App& app, int* status) {
  auto opt = std::make_shared<QueryOptions>();
  CLI::App* q = app.add_subcommand(
      "query", "Answer each case of a JSON Lines batch exactly (and with the fast algorithms)");
  q->add_option("FILE", opt->file, "case file, one JSON case per line ('-' or omitted: stdin)");
  q->add_flag("--magnitudes-only", opt->magnitudes_only,
              "skip exact witness points and MTV vectors (faster)");
  q->callback([opt, status] { *status = run_query(*opt); });
}

}  // namespace minkowski::cli
