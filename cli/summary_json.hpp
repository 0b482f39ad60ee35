#pragma once
// The campaign summary (minkowski/properties/campaign_summary.hpp) under the names the command's
// files use inside minkowski::cli.
#include "minkowski/properties/campaign_summary.hpp"

namespace minkowski::cli {

using properties::merge;
using properties::read_summary_file;
using properties::Summary;
using properties::summarize;
using properties::summary_from_json;
using properties::table;
using properties::to_json;

}  // namespace minkowski::cli
