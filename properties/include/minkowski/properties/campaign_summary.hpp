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
  /// "3d/<family>" -> the reference's hull paths and stages for that family's cases
  /// (CampaignResultT::reference_by_family); kept by the 3D summary only, so that a summary of
  /// both dimensions still tells the 3D families' hulls apart. JSON key "reference_by_family",
  /// each value in the form of "reference" (absent in a summary written before it was kept).
  std::map<std::string, reference::HullStats> reference_by_family;
  bool interrupted = false;
  /// dimension -> the configuration-space coverage of its cases (coverage.hpp); JSON key
  /// "coverage", a list of Coverage::to_json (absent in a summary written before it was kept).
  std::map<int, Coverage> coverage;
};

/// A 2D campaign's summary: options {seed, cases_per_family, families, precisions, algorithms,
/// shard, shards}, exactly as before 3D existed.
Summary summarize(const CampaignResult& r, const CampaignOptions& opt);
/// A 3D campaign's summary: options {seed, cases_per_family, dimensions: [3], families3,
/// precisions, algorithms3, shard, shards}; its cells' keys start with "3d/".
Summary summarize(const CampaignResult3& r, const CampaignOptions3& opt);
/// One summary of a 2D and a 3D campaign run together (`check --dim all`): the 2D options with
/// "dimensions": [2, 3] and the 3D campaign's families3 and algorithms3 beside them; the cells of
/// both (their keys are distinct), counts and times added. Such summaries merge as any other.
Summary join_dimensions(const Summary& two, const Summary& three);
nlohmann::ordered_json to_json(const Summary& s);
Summary summary_from_json(const nlohmann::json& j);  ///< throws std::runtime_error
/// A summary file read by `merge` and `report`: the summary and the file's JSON as read (it may
/// carry extra keys, e.g. "worst_cases"). Throws std::runtime_error naming the file: "cannot open
/// F", "F: not JSON (...)", "F: <what summary_from_json refused>".
std::pair<Summary, nlohmann::json> read_summary_file(const std::string& path);
/// Combines shard summaries (options must agree except the shard index).
Summary merge(const std::vector<Summary>& parts);
/// The human-readable table: per algorithm × family × precision, cases, violations, worst error;
/// the 2D cells first, then the 3D ones ("3d/…"); then each dimension's coverage table with its
/// empty reachable cells as findings (coverage_table).
std::string table(const Summary& s);

}  // namespace minkowski::properties
