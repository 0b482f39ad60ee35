// cli/fast_answer_json.hpp — a fast algorithm's answer as JSON, as `query` prints it and as `check`
// stores it in a fixture's provenance ("fast_answer").
#pragma once

#include <nlohmann/json.hpp>

#include "minkowski/properties/judge.hpp"
#include "minkowski/properties/judge3.hpp"

namespace minkowski::cli {

/// The answer as an --exec protocol answer (fixtures/protocol.hpp, the protocol's one writer):
/// only the fields the algorithm reports, contacts with their surface points when it gives them,
/// and `input_shift` when make_shape's weld moved the input (the judge grants it to every field).
/// `render --fixture-answer` reads it back with the protocol's reader.
nlohmann::ordered_json fast_answer_json(const properties::FastAnswer& f);

/// A 3D fast answer the same way: the protocol's keys with 3-vectors (properties::protocol_json).
nlohmann::ordered_json fast_answer_json(const properties::FastAnswer3& f);

}  // namespace minkowski::cli
