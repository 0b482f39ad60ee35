#pragma once
// minkowski/properties/property_harness3.hpp — a 3D RapidCheck property that leaves a fixture
// behind when it fails (the 3D form of property_harness.hpp).
//
// The property records each failing case (record_failure3); RapidCheck shrinks and the last
// recorded case is the minimal counterexample. check_with_fixture3 then prints that case as one
// JSON line with how to reproduce it (RapidCheck prints its RC_PARAMS="reproduce=..." string too)
// and writes it as a fixture file: the case (id, a, b) plus "expected" (the exact 3D answer,
// answer_to_json) and "provenance" (found_by, property, family, kind, rc_params, date, broke, and
// the fast answer), pretty-printed — the fixture format of docs/design.md with 3-vectors, written
// by fixtures::write_fixture (fixture_io.hpp).

#include <functional>
#include <optional>
#include <string>

#include "minkowski/properties/generators3.hpp"
#include "minkowski/properties/judge3.hpp"

namespace minkowski::properties {

struct FailureRecord3 {
  GeneratedCase3 generated;
  std::string property;
  std::string what;
  std::optional<FastAnswer3> fast;
};

/// Remember the latest failing case of the running 3D property.
void record_failure3(FailureRecord3 r);

/// Writes a 3D fixture file for `r` into `dir` (created if missing) with fixtures::write_fixture:
/// named by the case id (the hash appended only when another case holds the name), the same case
/// found twice is one file; returns its path. Throws std::runtime_error when the directory cannot
/// be written.
std::string write_fixture3(const std::string& dir, const FailureRecord3& r);

/// Runs `property` with rc::check. On failure prints the last recorded failing case and writes it
/// into `fixture_dir` (write_fixture3); returns false, `fixture_path` receiving the path.
bool check_with_fixture3(const std::string& name, const std::function<void()>& property,
                         const std::string& fixture_dir, std::string* fixture_path);

}  // namespace minkowski::properties
