#pragma once
// minkowski/properties/property_harness.hpp — running a RapidCheck property so that a failure
// leaves a fixture behind.
//
// RapidCheck shrinks a failing case by re-running the property on smaller variants; the last
// variant that failed is the minimal counterexample. The property records each failure in a
// slot (record_failure), and check_with_fixture writes the slot's case as a fixture once
// rc::check reports the failure, then prints its path. RapidCheck itself prints the
// RC_PARAMS="reproduce=..." string that replays the failure.

#include <functional>
#include <optional>
#include <string>

#include "minkowski/properties/generators.hpp"
#include "minkowski/properties/judge.hpp"

namespace minkowski::properties {

struct FailureRecord {
  GeneratedCase generated;
  std::string property;
  std::string what;
  std::optional<FastAnswer> fast;
};

/// Remember the latest failing case of the running property.
void record_failure(FailureRecord r);

/// Runs `property` with rc::check. On failure writes the last recorded failing case into
/// `fixture_dir` (the fixture format of docs/design.md, "Case and fixture files"; provenance
/// naming the property and the RC_PARAMS in effect) and returns false; `fixture_path` receives
/// its path.
bool check_with_fixture(const std::string& name, const std::function<void()>& property,
                        const std::string& fixture_dir, std::string* fixture_path);

}  // namespace minkowski::properties
