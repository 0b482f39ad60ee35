#include "query_command.hpp"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <string>
#include <utility>
#include <variant>

#include <fmt/format.h>

#include "minkowski/fixtures/answer_json.hpp"
#include "minkowski/fixtures/case_io.hpp"
#include "minkowski/properties/bounds.hpp"
#include "minkowski/properties/fast_adapters.hpp"
#include "minkowski/properties/fast_adapters3.hpp"
#include "minkowski/properties/judge.hpp"
#include "minkowski/properties/judge3.hpp"
#include "fast_answer_json.hpp"

namespace minkowski::cli {

namespace {

struct QueryOptions {
  std::string file = "-";
  bool magnitudes_only = false;
  bool exact_only = false;
};

/// The errors and verdict of one fast answer, as `query` prints them in both dimensions.
void add_verdict(nlohmann::ordered_json& j, const properties::Verdict& v, bool judged) {
  nlohmann::ordered_json errs = nlohmann::ordered_json::object();
  for (const auto& fv : v.fields)
    errs[properties::to_string(fv.field)] = {{"error_uS", fv.error}, {"allowed_uS", fv.allowed}};
  j["errors"] = errs;
  j["within_tolerance"] = v.ok;
  if (!judged || !v.asserted) j["judged"] = false;
}

/// Each fast algorithm's answer in protocol form, with its error (in u·S) per field against the
/// exact answer and the verdict of the tolerance model (properties/bounds.cpp).
nlohmann::ordered_json fast_answers(const fixtures::Case& c, const reference::PairAnswer& exact) {
  nlohmann::ordered_json out = nlohmann::ordered_json::object();
  for (properties::Algorithm alg : properties::all_algorithms())
    for (properties::Precision p :
         {properties::Precision::double_, properties::Precision::single}) {
      const std::string key =
          std::string(properties::to_string(alg)) + "/" + properties::to_string(p);
      std::string why;
      const auto f = p == properties::Precision::single
                         ? properties::run_fast<float>(alg, c, &why)
                         : properties::run_fast<double>(alg, c, &why);
      if (!f) {
        out[key] = {{"skipped", why}};
        continue;
      }
      nlohmann::ordered_json j = fast_answer_json(*f);
      add_verdict(j, properties::judge(c, exact, *f, properties::bounds_for(alg, p)),
                  properties::is_judged(alg));
      out[key] = j;
    }
  return out;
}

/// Each fast 3D algorithm's answer (properties/fast_adapters3.hpp), keyed "<algorithm>/<type>"
/// in the 2D order, with its error per field against the exact 3D answer and the verdict of the
/// tolerance model under the 3D bounds (bounds3_for). The shapes are built once per precision.
nlohmann::ordered_json fast_answers_3d(const fixtures::Case3& c,
                                       const reference::PairAnswer3& exact) {
  const properties::FastPair3<double> pair_d = properties::make_fast_pair3<double>(c);
  const properties::FastPair3<float> pair_f = properties::make_fast_pair3<float>(c);
  nlohmann::ordered_json out = nlohmann::ordered_json::object();
  for (properties::Algorithm3 alg : properties::all_algorithms3())
    for (properties::Precision p :
         {properties::Precision::double_, properties::Precision::single}) {
      const std::string key =
          std::string(properties::to_string(alg)) + "/" + properties::to_string(p);
      const bool single = p == properties::Precision::single;
      const auto f =
          single ? properties::run_fast3(alg, pair_f) : properties::run_fast3(alg, pair_d);
      if (!f) {
        out[key] = {{"skipped", single ? pair_f.why_not : pair_d.why_not}};
        continue;
      }
      nlohmann::ordered_json j = fast_answer_json(*f);
      add_verdict(j, properties::judge3(c, exact, *f, properties::bounds3_for(alg, p)), true);
      out[key] = j;
    }
  return out;
}

/// A case spread over several lines of a regular file (a fixture file, pretty-printed): the
/// parsed object and the line it starts on. Anything else is read as a JSON Lines batch, from the
/// start: the file is rewound. A batch has a whole case, or an error, on its first line, so only
/// a first non-blank line that opens an object without being JSON on its own makes the file a
/// candidate, and the parse of the whole stops where a batch's second line begins. A pipe or
/// stdin is never looked at (it cannot be rewound; its cases are answered as they arrive).
std::optional<std::pair<nlohmann::json, std::size_t>> one_multiline_case(const std::string& path,
                                                                         std::ifstream& file) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return std::nullopt;
  std::string first;
  std::size_t line = 0;
  while (std::getline(file, first)) {
    ++line;
    if (line == 1 && first.rfind("\xEF\xBB\xBF", 0) == 0) first.erase(0, 3);  // a UTF-8 BOM
    if (first.find_first_not_of(" \t\r") != std::string::npos) break;
  }
  const std::size_t start = first.find_first_not_of(" \t\r");
  const bool candidate = !file.eof() && start != std::string::npos && first[start] == '{' &&
                         !nlohmann::json::accept(first);
  file.clear();
  file.seekg(0);
  if (!candidate) return std::nullopt;
  nlohmann::json j = nlohmann::json::parse(file, nullptr, false);  // skips a BOM; no exceptions
  file.clear();
  file.seekg(0);
  if (j.is_discarded() || !j.is_object()) return std::nullopt;
  return std::make_pair(std::move(j), line);
}

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
  auto report = [&](const fixtures::CaseError& e) {
    std::cerr << "minkowski query: " << e.what() << '\n';
    // The case's id when it was read before the error, else null.
    nlohmann::ordered_json out{
        {"id", e.id().empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(e.id())},
        {"line", e.line()},
        {"error", e.what()}};
    // The file name in the message may be any bytes: replace invalid UTF-8 rather than throw.
    std::cout << out.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
  };
  std::size_t refused = 0;  // valid cases the oracle refuses (reference::kMaxDifferencePoints)
  auto answer = [&](std::size_t line, fixtures::AnyCase&& any) {
    nlohmann::ordered_json out;
    const std::string& id = fixtures::case_id(any);
    out["id"] = id.empty() ? nlohmann::ordered_json(line) : nlohmann::ordered_json(id);
    try {
      if (const auto* c = std::get_if<fixtures::Case>(&any)) {
        const reference::PairAnswer exact = reference::query(c->a, c->b, detail);
        out["exact"] = fixtures::answer_to_json(exact);
        if (!opt.exact_only) out["fast"] = fast_answers(*c, exact);
      } else {
        const auto& c3 = std::get<fixtures::Case3>(any);
        // The exact answer from the judge's prepared pair: the same answer, and the judge
        // then asks its questions of the hull built for it.
        const reference::PairAnswer3 exact = properties::exact_answer3(c3, detail);
        out["exact"] = fixtures::answer_to_json(exact);
        if (!opt.exact_only) out["fast"] = fast_answers_3d(c3, exact);
      }
    } catch (const reference::InputError& e) {
      ++refused;
      report(fixtures::CaseError(source, line, e.what(), id));
      return;
    }
    std::cout << out.dump() << '\n';  // one whole line per case, written only when complete
  };
  std::size_t bad = 0;
  if (auto one = in == &file ? one_multiline_case(opt.file, file) : std::nullopt) {
    // A file holding one case spread over several lines (a fixture file, pretty-printed): that
    // case, with the number of its first line, instead of one "not valid JSON" per line.
    try {
      answer(one->second, fixtures::any_case_from_json(one->first, source, one->second));
    } catch (const fixtures::CaseError& e) {
      report(e);
      ++bad;
    }
  } else {
    // Each line is a 2D or a 3D case on its own (the arity of its points decides), answered as
    // it is read (stdin is a stream).
    bad = fixtures::read_any_batch(*in, source, answer, report);
  }
  std::cout.flush();
  return bad + refused == 0 ? 0 : 2;
}

}  // namespace

void add_query_command(CLI::App& app, int* status) {
  auto opt = std::make_shared<QueryOptions>();
  CLI::App* q = app.add_subcommand(
      "query", "Answer each case of a JSON Lines batch exactly (and with the fast algorithms)");
  q->add_option("FILE", opt->file,
                "case file, one JSON case per line, 2D or 3D, or one case over several lines (a fixture "
                "file) ('-' or omitted: stdin, one case per line)");
  q->add_flag("--magnitudes-only", opt->magnitudes_only,
              "skip exact witness points and MTV vectors (faster)");
  q->add_flag("--exact-only", opt->exact_only, "omit the fast algorithms' answers");
  q->callback([opt, status] { *status = run_query(*opt); });
}

}  // namespace minkowski::cli
