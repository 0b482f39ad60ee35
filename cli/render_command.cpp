#include "render_command.hpp"

#include <functional>
#include <iostream>
#include <memory>
#include <optional>
#include <variant>

#include <fmt/format.h>

#include "minkowski/fixtures/case_io.hpp"
#include "minkowski/properties/bounds.hpp"
#include "minkowski/reports/case_drawing.hpp"
#include "minkowski/reports/files.hpp"

namespace minkowski::cli {

namespace {

struct RenderOptions {
  std::string input, out, algorithm = "manifold", precision = "double";
  bool fixture_answer = false;
};

// Reads the one case of a case or fixture file, 2D or 3D (the arity of its points decides),
// strictly as every other command reads cases (fixtures::parse_json_text: a duplicate key is an
// error); errors name the file and line. The shapes are validated by any_case_from_json.
// `json_out`, when given, receives the whole object (a fixture's provenance included).
fixtures::AnyCase read_one_case(const std::string& path, nlohmann::json* json_out = nullptr) {
  const std::string source = path == "-" ? "<stdin>" : path;
  nlohmann::json j = fixtures::parse_json_text(reports::read_text_file(path), source, 1);
  fixtures::AnyCase c = fixtures::any_case_from_json(j, source, 1);
  if (json_out) *json_out = std::move(j);
  return c;
}

// A short name for an engine command, for titles and legends: the adapter's folder under
// examples/engines/ ("sat-js"), else the program's file name.
std::string engine_label(const std::string& command) {
  const std::string marker = "engines/";
  const auto at = command.find(marker);
  if (at != std::string::npos) {
    const auto from = at + marker.size(), to = command.find('/', from);
    if (to != std::string::npos && to > from) return "engine " + command.substr(from, to - from);
  }
  std::string program = command.substr(0, command.find(' '));
  program = program.substr(
      program.find_last_of('/') == std::string::npos ? 0 : program.find_last_of('/') + 1);
  return "engine " + program.substr(0, 30);
}

// Writes the drawing to --out (default: stdout). Returns 0.
int write_svg(const RenderOptions& o, const std::string& svg) {
  if (o.out.empty() || o.out == "-")
    std::cout << svg;
  else
    reports::write_text_file(o.out, svg);
  return 0;
}

// The fixture's provenance, when --fixture-answer draws the answer it keeps (the one that broke
// the tolerance model: an engine's, check --exec, or one of ours), into `d`: judged in the
// precision the fixture records, named after the engine or algorithm, and, for one of ours, with
// its own bounds (`bounds_of` the algorithm's name; nullopt: an unknown name, engine bounds).
void stored_provenance(const nlohmann::json& whole, reports::DrawOptions& d,
                       const std::function<std::optional<properties::Bounds>(
                           const std::string&, properties::Precision)>& bounds_of) {
  const nlohmann::json& p = whole["provenance"];
  if (const auto fp = properties::precision_from_string(p.value("precision", "")))
    d.precision = *fp;
  d.label = p.contains("engine") ? engine_label(p["engine"].get<std::string>())
                                 : p.value("algorithm", std::string("stored answer"));
  if (!p.contains("engine")) d.bounds = bounds_of(p.value("algorithm", ""), d.precision);
}

int no_stored_answer(const RenderOptions& o) {
  std::cerr << fmt::format(
      "minkowski render: {} keeps no protocol answer (provenance.fast_answer)\n", o.input);
  return 2;
}

int run_render(const RenderOptions& o) {
  try {
    reports::DrawOptions d;
    d.precision = properties::precision_from_string(o.precision).value();  // CLI11 checked it
    nlohmann::json whole;
    const fixtures::AnyCase any = read_one_case(o.input, &whole);
    if (const auto* c3 = std::get_if<fixtures::Case3>(&any)) {
      const auto alg3 = properties::algorithm3_from_string(o.algorithm);
      if (!alg3) {
        std::cerr << fmt::format(
            "minkowski render: unknown 3D algorithm {} (gjk, penetration, sat, manifold)\n",
            o.algorithm);
        return 2;
      }
      d.algorithm3 = *alg3;
      if (o.fixture_answer) {
        d.answer3 = reports::stored_answer3(whole);
        if (!d.answer3) return no_stored_answer(o);
        stored_provenance(whole, d, [](const std::string& name, properties::Precision p) {
          const auto a = properties::algorithm3_from_string(name);
          return a ? std::optional(properties::bounds3_for(*a, p)) : std::nullopt;
        });
      }
      return write_svg(o, reports::draw_case(*c3, d));
    }
    const fixtures::Case& c = std::get<fixtures::Case>(any);
    const auto alg = properties::algorithm_from_string(o.algorithm);
    if (!alg) {
      std::cerr << fmt::format(
          "minkowski render: unknown algorithm {} (sat, gjk, epa, manifold, internal_vertices)\n",
          o.algorithm);
      return 2;
    }
    d.algorithm = *alg;
    if (o.fixture_answer) {
      d.answer = reports::stored_answer(whole);
      if (!d.answer) return no_stored_answer(o);
      stored_provenance(whole, d, [](const std::string& name, properties::Precision p) {
        const auto a = properties::algorithm_from_string(name);
        return a ? std::optional(properties::bounds_for(*a, p)) : std::nullopt;
      });
    }
    return write_svg(o, reports::draw_case(c, d));
  } catch (const std::exception& e) {  // CaseError (names file and line), InputError, I/O errors
    std::cerr << "minkowski render: " << e.what() << '\n';
    return 2;
  }
}

}  // namespace

void add_render_command(CLI::App& app, int* status) {
  auto o = std::make_shared<RenderOptions>();
  CLI::App* c = app.add_subcommand(
      "render",
      "draw one case as SVG: shapes, A − B, origin, exact and fast answers (a 3D case: three "
      "orthographic views)");
  c->add_option("case", o->input,
                "case or fixture file (one JSON object, 2D or 3D), or - for stdin")
      ->required();
  c->add_option("--out", o->out, "SVG file to write (default: stdout)");
  c->add_option("--algorithm", o->algorithm,
                "fast answer to draw: sat, gjk, epa, manifold, internal_vertices; in 3D gjk, "
                "penetration, sat, manifold")
      ->capture_default_str();
  c->add_option("--precision", o->precision, "float or double")
      ->check(CLI::IsMember({"float", "double"}))
      ->capture_default_str();
  c->add_flag("--fixture-answer", o->fixture_answer,
              "draw the answer the fixture keeps (provenance.fast_answer: the engine's or "
              "algorithm's answer that "
              "broke the tolerance model) instead of running --algorithm");
  c->callback([o, status] { *status = run_render(*o); });
}

}  // namespace minkowski::cli
