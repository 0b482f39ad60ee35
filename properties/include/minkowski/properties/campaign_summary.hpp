#pragma once
// minkowski/properties/campaign_summary.hpp — a campaign's summary (its cells and counts, without
// the violations' cases) and its JSON form: written by `check --json`, combined by `merge`, read
// by `report`. Histograms are stored bin by bin so that merging shards reproduces the single run
// exactly.
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "minkowski/properties/campaign.hpp"

namespace minkowski::properties {

struct Summary {
  nlohmann::ordered_json options;  ///< seed, cases per family, families, precisions, shard
  std::map<std::string, Cell> cells;
  std::uint64_t cases = 0, violations = 0;
  double seconds = 0;
  reference::HullStats reference_stats;
  bool interrupted = false;
};

Summary summarize(const CampaignResult& r, const CampaignOptions& opt);
nlohmann::ordered_json to_json(const Summary& s);
Summary summary_from_json(const nlohmann::json& j);  ///< throws std::runtime_error
/// A summary file read by `merge` and `report`: the summary and the file's JSON as read (it may
/// carry extra keys, e.g. "worst_cases"). Throws std::runtime_error naming the file: "cannot open
/// F", "F: not JSON (...)", "F: <what summary_from_json refused>".
std::pair<Summary, nlohmann::json> read_summary_file(const std::string& path);
/// Combines shard summaries (options must agree except the shard index).
Summary merge(const std::vector<Summary>& parts);
/// The human-readable table: per algorithm × family × precision, cases, violations, worst error.
std::string table(const Summary& s);

}  // namespace minkowski::properties
