#include "engine_options.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace minkowski::cli {

CLI::Option* add_engine_options(CLI::App* app, EngineOptions& o) {
  CLI::Option* exec =
      app->add_option("--exec", o.exec,
                      "judge an external engine instead: `/bin/sh -c CMD` answering the JSON "
                      "Lines protocol (docs/design.md, \"The --exec protocol\")");
  // The engine's options mean nothing without an engine: CLI11 rejects them (exit 2).
  app->add_option("--timeout", o.timeout,
                  "with --exec: seconds to wait for each answer (a fresh process's start "
                  "included); an engine that does not answer in time is killed, the case "
                  "recorded as a time-out, and the run goes on")
      ->capture_default_str()
      ->needs(exec);
  app->add_option("--max-restarts", o.max_restarts,
                  "with --exec: give up (exit 2) after this many restarts (default -1: no "
                  "limit; every crash, time-out or protocol error is a finding and the engine "
                  "is restarted)")
      ->capture_default_str()
      ->needs(exec);
  app->add_option("--max-consecutive-failures", o.max_consecutive_failures,
                  "with --exec: after this many failures in a row, ask a trivial probe case; "
                  "if that fails too the engine is broken and the run gives up (exit 2)")
      ->capture_default_str()
      ->needs(exec);
  app->add_option("--isolate", o.isolate,
                  "with --exec: none (one engine process, restarted after failures), case (a "
                  "fresh process per case) or N (a fresh process every N cases)")
      ->capture_default_str()
      ->needs(exec);
  app->add_option("--bounds", o.bounds_file,
                  "with --exec: JSON file of tolerance constants (k_relation, k_depth, …, tau) "
                  "replacing the "
                  "defaults of the precision")
      ->needs(exec);
  return exec;
}

std::optional<properties::Bounds> load_bounds(const std::string& file, properties::Bounds b,
                                              std::string* error) {
  std::ifstream in(file);
  if (!in) {
    *error = fmt::format("cannot open bounds file {}", file);
    return std::nullopt;
  }
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(in);
  } catch (const nlohmann::json::exception& e) {
    *error = fmt::format("{}: not JSON ({})", file, e.what());
    return std::nullopt;
  }
  if (!j.is_object()) {
    *error = fmt::format("{}: bounds must be a JSON object", file);
    return std::nullopt;
  }
  const std::pair<const char*, double*> fields[] = {
      {"u", &b.u},
      {"k_relation", &b.k_relation},
      {"k_distance", &b.k_distance},
      {"k_depth", &b.k_depth},
      {"k_normal", &b.k_normal},
      {"k_witness", &b.k_witness},
      {"k_contact", &b.k_contact},
      {"tau", &b.tau},
      {"tau_relative", &b.tau_relative},
      {"tau_contact_depth_relative", &b.tau_contact_depth_relative}};
  for (const auto& [key, v] : j.items()) {
    double* slot = nullptr;
    for (const auto& [name, p] : fields)
      if (key == name) slot = p;
    if (!slot) {
      *error = fmt::format("{}: unknown bound \"{}\"", file, key);
      return std::nullopt;
    }
    if (!v.is_number() || !std::isfinite(v.get<double>()) || v.get<double>() < 0 ||
        (key == "u" && v.get<double>() == 0)) {
      *error = fmt::format("{}: \"{}\" must be a finite number >= 0{}, got {}", file, key,
                           key == "u" ? " (and > 0)" : "", v.dump());
      return std::nullopt;
    }
    *slot = v.get<double>();
  }
  return b;
}

std::optional<std::uint64_t> isolate_every(const std::string& isolate) {
  if (isolate == "none") return properties::kNoIsolation;
  if (isolate == "case") return 1;
  if (isolate.empty() || isolate.find_first_not_of("0123456789") != std::string::npos ||
      isolate.size() > 18)
    return std::nullopt;
  const std::uint64_t n = std::stoull(isolate);
  if (n == 0) return std::nullopt;
  return n;
}

namespace {
/// A new engine process with the options' time-out, restart cap, probe and isolation.
std::shared_ptr<properties::ExecEngine> new_engine(const EngineOptions& o) {
  auto engine = std::make_shared<properties::ExecEngine>(o.exec, o.timeout, o.max_restarts);
  engine->set_max_consecutive_failures(o.max_consecutive_failures);
  engine->set_isolate_every(isolate_every(o.isolate).value_or(properties::kNoIsolation));
  return engine;
}

/// The time-out and restart budget checked; false and *error when one is out of range.
bool engine_limits_ok(const EngineOptions& o, std::string* error) {
  if (!(o.timeout > 0) || !std::isfinite(o.timeout)) {
    *error = fmt::format("--timeout must be a positive number of seconds, got {}", o.timeout);
    return false;
  }
  if (o.max_restarts < 0 && o.max_restarts != properties::kNoRestartLimit) {
    *error = fmt::format("--max-restarts must be >= 0 (or -1: no limit), got {}", o.max_restarts);
    return false;
  }
  if (o.max_consecutive_failures < 1) {
    *error =
        fmt::format("--max-consecutive-failures must be >= 1, got {}", o.max_consecutive_failures);
    return false;
  }
  if (!isolate_every(o.isolate)) {
    *error =
        fmt::format("--isolate must be none, case or a number of cases >= 1, got '{}'", o.isolate);
    return false;
  }
  return true;
}
}  // namespace

std::optional<properties::Subject> make_engine_subject(
    const EngineOptions& o, properties::Precision p,
    std::shared_ptr<properties::ExecEngine>* engine_out, std::string* error) {
  if (!engine_limits_ok(o, error)) return std::nullopt;
  properties::Bounds bounds = properties::engine_bounds(p);
  if (!o.bounds_file.empty()) {
    const auto b = load_bounds(o.bounds_file, bounds, error);
    if (!b) return std::nullopt;
    bounds = *b;
  }
  return engine_subject(o, p, bounds, engine_out);
}

properties::Subject engine_subject(const EngineOptions& o, properties::Precision p,
                                   const properties::Bounds& bounds,
                                   std::shared_ptr<properties::ExecEngine>* engine_out) {
  properties::Subject s;
  s.name = "exec";
  s.precision = p;
  s.bounds = bounds;
  auto engine = new_engine(o);
  s.answer = [engine](const fixtures::Case& c) { return engine->ask(c); };
  s.in_case_order = true;
  if (engine_out) *engine_out = engine;
  return s;
}

properties::Bounds engine_bounds3(properties::Precision p) {
  properties::Bounds b;
  bool first = true;
  for (const properties::Algorithm3 a : properties::all_algorithms3()) {
    const properties::Bounds x = properties::bounds3_for(a, p);
    if (first) b = x;  // u and min_scale
    first = false;
    for (auto m : {&properties::Bounds::k_relation, &properties::Bounds::k_distance,
                   &properties::Bounds::k_depth, &properties::Bounds::k_normal,
                   &properties::Bounds::k_witness, &properties::Bounds::k_contact,
                   &properties::Bounds::tau_contact_depth_relative})
      b.*m = std::max(b.*m, x.*m);
  }
  return b;
}

std::optional<properties::Subject3> make_engine_subject3(
    const EngineOptions& o, properties::Precision p, std::shared_ptr<properties::ExecEngine> engine,
    std::shared_ptr<properties::ExecEngine>* engine_out, std::string* error) {
  if (!engine_limits_ok(o, error)) return std::nullopt;
  properties::Bounds bounds = engine_bounds3(p);
  if (!o.bounds_file.empty()) {
    const auto b = load_bounds(o.bounds_file, bounds, error);
    if (!b) return std::nullopt;
    bounds = *b;
  }
  if (!engine) engine = new_engine(o);
  properties::Subject3 s;
  s.name = "exec";
  s.precision = p;
  s.bounds = bounds;
  s.answer = [engine](const fixtures::Case3& c) { return engine->ask(c); };
  s.in_case_order = true;
  if (engine_out) *engine_out = engine;
  return s;
}

}  // namespace minkowski::cli
