#pragma once
// Campaign summaries as JSON: written by `check --json`, combined by `merge`, read by `report`.
// Histograms are stored bin by bin so that merging shards reproduces the single run exactly.
#include <nlohmann/json.hpp>

#include "minkowski/properties/campaign.hpp"

namespace minkowski::cli {

struct Summary {
  nlohmann::ordered_json options;  ///< seed, cases per family, families, precisions, shard
  std::map<std::string, properties::Cell> cells;
  std::uint64_t cases = 0, violations = 0;
  double seconds = 0;
  reference::HullStats reference_stats;
  bool interrupted = false;
};

Summary summarize(const properties::CampaignResult& r, const properties::CampaignOptions& opt);
nlohmann::ordered_json to_json(const Summary& s);
Summary summary_from_json(const nlohmann::json& j);  ///< throws std::runtime_error
/// Combines shard summaries (options must agree except the shard index).
Summary merge(const std::vector<Summary>& parts);
/// The human-readable table: per algorithm × family × precision, cases, violations, worst error.
std::string table(const Summary& s);

}  // namespace minkowski::cli
