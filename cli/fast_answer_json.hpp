// cli/fast_answer_json.hpp — a fast algorithm's answer as JSON, as `query` prints it and as `check`
// stores it in a fixture's provenance ("fast_answer").
#pragma once

#include <nlohmann/json.hpp>

#include "minkowski/properties/judge.hpp"

namespace minkowski::cli {

/// The answer in the --exec protocol's form (DESIGN.md: intersects, normal, depth, distance,
/// point_a, point_b, contacts with point and depth), only the fields the algorithm reports, plus
/// `input_shift` when make_shape's weld moved the input (the judge grants it to every field).
nlohmann::ordered_json fast_answer_json(const properties::FastAnswer& f);

}  // namespace minkowski::cli
