#include "minkowski/properties/campaign_summary.hpp"

#include <cmath>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

namespace minkowski::properties {

namespace {

/// An error or allowance as JSON: the number, or "Infinity" for an infinite one (a NaN or
/// infinity in an engine's answer is an infinite error; nlohmann would write null).
nlohmann::ordered_json us_json(double d) {
  if (std::isinf(d)) return d > 0 ? "Infinity" : "-Infinity";
  return d;
}

double us_from_json(const nlohmann::json& j) {
  if (j.is_string()) {
    if (j == "Infinity") return INFINITY;
    if (j == "-Infinity") return -INFINITY;
  }
  return j.get<double>();  // throws for anything else
}

/// HullStats in the summary's form: the hull paths and the stages (key "reference").
nlohmann::ordered_json stats_json(const reference::HullStats& h) {
  const auto& by = h.by_source;
  const auto& st = h.stages.decided;
  return {{"hull_qhull_certified", by[0]}, {"hull_qhull_repaired", by[1]},
          {"hull_qhull_refused", by[2]},   {"hull_exact_only", by[3]},
          {"stage_filter", st[0]},         {"stage_expansion", st[1]},
          {"stage_rational", st[2]}};
}

reference::HullStats stats_from_json(const nlohmann::json& ref) {
  reference::HullStats h;
  h.by_source[0] = ref.at("hull_qhull_certified");
  h.by_source[1] = ref.at("hull_qhull_repaired");
  h.by_source[2] = ref.at("hull_qhull_refused");
  h.by_source[3] = ref.at("hull_exact_only");
  h.stages.decided[0] = ref.at("stage_filter");
  h.stages.decided[1] = ref.at("stage_expansion");
  h.stages.decided[2] = ref.at("stage_rational");
  return h;
}

}  // namespace

std::pair<Summary, nlohmann::json> read_summary_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error(fmt::format("cannot open {}", path));
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(in);
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(fmt::format("{}: not JSON ({})", path, e.what()));
  }
  try {
    return {summary_from_json(j), j};
  } catch (const std::exception& e) {
    throw std::runtime_error(fmt::format("{}: {}", path, e.what()));
  }
}

Summary summarize(const CampaignResult& r, const CampaignOptions& opt) {
  Summary s;
  nlohmann::ordered_json fams = nlohmann::ordered_json::array(),
                         precs = nlohmann::ordered_json::array(),
                         algs = nlohmann::ordered_json::array();
  for (const auto& f : opt.families) fams.push_back(f);
  for (auto p : opt.precisions) precs.push_back(to_string(p));
  for (auto a : opt.algorithms) algs.push_back(to_string(a));
  s.options = {{"seed", opt.seed},    {"cases_per_family", opt.cases_per_family},
               {"families", fams},    {"precisions", precs},
               {"algorithms", algs},  {"shard", opt.shard},
               {"shards", opt.shards}};
  s.cells = r.cells;
  s.cases = r.cases;
  s.violations = r.violations.size();
  s.seconds = r.seconds;
  s.reference_stats = r.reference_stats;
  s.interrupted = r.interrupted;
  if (!r.coverage.empty()) s.coverage[r.coverage.dimension] = r.coverage;
  return s;
}

Summary summarize(const CampaignResult3& r, const CampaignOptions3& opt) {
  Summary s;
  nlohmann::ordered_json fams = nlohmann::ordered_json::array(),
                         precs = nlohmann::ordered_json::array(),
                         algs = nlohmann::ordered_json::array();
  for (const auto& f : opt.families) fams.push_back(f);
  for (auto p : opt.precisions) precs.push_back(to_string(p));
  for (auto a : opt.algorithms) algs.push_back(to_string(a));
  s.options = {{"seed", opt.seed},
               {"cases_per_family", opt.cases_per_family},
               {"dimensions", nlohmann::ordered_json::array({3})},
               {"families3", fams},
               {"precisions", precs},
               {"algorithms3", algs},
               {"shard", opt.shard},
               {"shards", opt.shards}};
  s.cells = r.cells;
  s.cases = r.cases;
  s.violations = r.violations.size();
  s.seconds = r.seconds;
  s.reference_stats = r.reference_stats;
  for (const auto& [family, h] : r.reference_by_family)
    s.reference_by_family[std::string(Dim<3>::key_prefix) + family] = h;
  s.interrupted = r.interrupted;
  if (!r.coverage.empty()) s.coverage[r.coverage.dimension] = r.coverage;
  return s;
}

Summary join_dimensions(const Summary& two, const Summary& three) {
  Summary out = two;
  out.options["dimensions"] = nlohmann::ordered_json::array({2, 3});
  for (const char* key : {"families3", "algorithms3"})
    if (three.options.contains(key)) out.options[key] = three.options[key];
  for (const auto& [k, c] : three.cells) out.cells[k] += c;
  out.cases += three.cases;
  out.violations += three.violations;
  out.seconds += three.seconds;
  out.reference_stats += three.reference_stats;
  for (const auto& [k, h] : three.reference_by_family) out.reference_by_family[k] += h;
  out.interrupted = out.interrupted || three.interrupted;
  for (const auto& [d, c] : three.coverage)
    out.coverage.try_emplace(d, Coverage{d, {}, {}}).first->second += c;
  return out;
}

nlohmann::ordered_json to_json(const Summary& s) {
  nlohmann::ordered_json cells = nlohmann::ordered_json::object();
  for (const auto& [key, c] : s.cells) {
    nlohmann::ordered_json fields = nlohmann::ordered_json::object();
    for (const auto& [f, h] : c.hist) {
      nlohmann::ordered_json bins = nlohmann::ordered_json::object();  // sparse: bin -> count
      for (int k = 0; k < Histogram::kBins; ++k)
        if (h.bins[k]) bins[std::to_string(k)] = h.bins[k];
      const auto fv = c.field_violations.find(f);
      nlohmann::ordered_json field = {{"max", us_json(c.max_error.at(f))}};
      // The allowance of the case with the worst error (Cell::max_error_allowed); an old summary
      // read back has none.
      if (const auto a = c.max_error_allowed.find(f); a != c.max_error_allowed.end())
        field["max_allowed"] = us_json(a->second);
      field["p50"] = h.percentile(0.5);
      field["p99"] = h.percentile(0.99);
      field["p999"] = h.percentile(0.999);
      field["count"] = h.count;
      field["violations"] = fv == c.field_violations.end() ? 0 : fv->second;
      field["bins"] = bins;
      fields[f] = std::move(field);
    }
    cells[key] = {{"cases", c.cases},
                  {"skipped", c.skipped},
                  {"violations", c.violations},
                  {"relation_disagreements", c.relation_disagreements},
                  {"fields", fields}};
    // An engine's protocol failures (crash, timeout, malformed, missing, extra_output) by kind.
    if (!c.protocol.empty()) cells[key]["protocol"] = c.protocol;
  }
  nlohmann::ordered_json out = {
      {"options", s.options},         {"cases", s.cases},
      {"violations", s.violations},   {"seconds", s.seconds},
      {"interrupted", s.interrupted}, {"reference", stats_json(s.reference_stats)}};
  if (!s.reference_by_family.empty()) {
    nlohmann::ordered_json by_family = nlohmann::ordered_json::object();
    for (const auto& [k, h] : s.reference_by_family) by_family[k] = stats_json(h);
    out["reference_by_family"] = std::move(by_family);
  }
  out["cells"] = std::move(cells);
  if (!s.coverage.empty()) {
    nlohmann::ordered_json cov = nlohmann::ordered_json::array();
    for (const auto& [d, c] : s.coverage)
      cov.push_back(nlohmann::ordered_json::parse(c.to_json().dump()));
    out["coverage"] = std::move(cov);
  }
  return out;
}

Summary summary_from_json(const nlohmann::json& j) {
  Summary s;
  try {
    s.options = nlohmann::ordered_json::parse(j.at("options").dump());
    s.cases = j.at("cases").get<std::uint64_t>();
    s.violations = j.at("violations").get<std::uint64_t>();
    s.seconds = j.at("seconds").get<double>();
    s.interrupted = j.value("interrupted", false);
    s.reference_stats = stats_from_json(j.at("reference"));
    if (const auto by = j.find("reference_by_family"); by != j.end())
      for (const auto& [k, ref] : by->items()) s.reference_by_family[k] = stats_from_json(ref);
    for (const auto& [key, c] : j.at("cells").items()) {
      Cell cell;
      cell.cases = c.at("cases");
      cell.skipped = c.at("skipped");
      cell.violations = c.at("violations");
      cell.relation_disagreements = c.at("relation_disagreements");
      for (const auto& [f, fj] : c.at("fields").items()) {
        cell.max_error[f] = us_from_json(fj.at("max"));
        if (const auto a = fj.find("max_allowed"); a != fj.end())
          cell.max_error_allowed[f] = us_from_json(*a);
        Histogram h;
        for (const auto& [bin, count] : fj.at("bins").items()) {
          const int k = std::stoi(bin);
          if (k < 0 || k >= Histogram::kBins)
            throw std::runtime_error("histogram bin out of range: " + bin);
          h.bins[k] = count.get<std::uint64_t>();
          h.count += h.bins[k];
        }
        cell.hist[f] = std::move(h);
        if (const std::uint64_t n = fj.value("violations", std::uint64_t{0}))
          cell.field_violations[f] = n;
      }
      if (const auto p = c.find("protocol"); p != c.end())
        for (const auto& [kind, n] : p->items()) cell.protocol[kind] = n.get<std::uint64_t>();
      s.cells[key] = std::move(cell);
    }
    if (const auto cov = j.find("coverage"); cov != j.end()) {
      if (!cov->is_array()) throw std::runtime_error("\"coverage\" is not a list");
      for (const auto& c : *cov) {
        try {
          Coverage one = Coverage::from_json(c);
          s.coverage[one.dimension] += one;
        } catch (const std::invalid_argument& e) {
          throw std::runtime_error(e.what());
        }
      }
    }
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(std::string("not a campaign summary: ") + e.what());
  }
  return s;
}

Summary merge(const std::vector<Summary>& parts) {
  if (parts.empty()) throw std::runtime_error("nothing to merge");
  Summary out = parts.front();
  auto comparable = [](nlohmann::ordered_json o) {
    o.erase("shard");
    return o;
  };
  for (std::size_t i = 1; i < parts.size(); ++i) {
    const Summary& p = parts[i];
    if (comparable(p.options) != comparable(out.options))
      throw std::runtime_error(
          fmt::format("summary {} comes from a different campaign (options differ)", i + 1));
    for (const auto& [k, c] : p.cells) out.cells[k] += c;
    out.cases += p.cases;
    out.violations += p.violations;
    out.seconds += p.seconds;
    out.reference_stats += p.reference_stats;
    for (const auto& [k, h] : p.reference_by_family) out.reference_by_family[k] += h;
    out.interrupted = out.interrupted || p.interrupted;
    for (const auto& [d, c] : p.coverage)
      out.coverage.try_emplace(d, Coverage{d, {}, {}}).first->second += c;
  }
  out.options["shard"] = 0;
  out.options["shards"] = 1;
  out.seconds = 0;  // wall time does not add across machines; not part of the merged result
  return out;
}

std::string table(const Summary& s) {
  std::ostringstream os;
  os << fmt::format("{:<40} {:>8} {:>6} {:>6}  {}\n", "algorithm/family/precision", "cases", "skip",
                    "viol", "worst error per field (its case's allowance), in u·S");
  // 2D cells, then 3D ones (their keys start with "3d/", which sorts first).
  std::vector<const std::pair<const std::string, Cell>*> rows;
  for (const bool three : {false, true})
    for (const auto& row : s.cells)
      if ((row.first.rfind("3d/", 0) == 0) == three) rows.push_back(&row);
  for (const auto* row : rows) {
    const auto& [key, c] = *row;
    std::string worst;
    for (const auto& [f, m] : c.max_error) {
      // Beside the worst error, the allowance of that same case (k, tau, weld shift): a worst
      // error above k with no violation is explained where it is read.
      const auto fv = c.field_violations.find(f);
      const auto a = c.max_error_allowed.find(f);
      std::string note;
      if (a != c.max_error_allowed.end()) note = fmt::format("allowed {:.3g}", a->second);
      if (fv != c.field_violations.end())
        note += fmt::format("{}{} failed", note.empty() ? "" : ", ", fv->second);
      worst += note.empty() ? fmt::format("{}={:.3g} ", f, m)
                            : fmt::format("{}={:.3g} ({}) ", f, m, note);
    }
    for (const auto& [kind, n] : c.protocol) worst += fmt::format("protocol:{}={} ", kind, n);
    os << fmt::format("{:<40} {:>8} {:>6} {:>6}  {}\n", key, c.cases, c.skipped, c.violations,
                      worst);
  }
  for (const auto& [d, c] : s.coverage) os << coverage_table(c, "");
  return os.str();
}

}  // namespace minkowski::properties
