#pragma once
// minkowski/properties/protocol_answer.hpp — one --exec answer line read into the judge's
// FastAnswer (which is fixtures::ProtocolAnswer; fixtures/protocol.hpp owns keys, writer, reader)
// or, for a 3D case, into FastAnswer3 (judge3.hpp; read as fixtures::ProtocolAnswer3, whose
// vectors must have three components: any other length is malformed).

#include <optional>
#include <string>

#include "minkowski/fixtures/protocol.hpp"
#include "minkowski/properties/judge.hpp"
#include "minkowski/properties/judge3.hpp"

namespace minkowski::properties {

/// Reads one protocol answer line (fixtures::read_answer_line). Returns the answer; or nullopt
/// with *skip set for {"skip": true}; or nullopt with *error naming the field when malformed.
std::optional<FastAnswer> parse_protocol_answer(const std::string& line, bool* skip,
                                                std::string* error);

/// The same for the answer to a 3D case (fixtures::read_answer_line3): the same keys and rules
/// (non-finite numbers read as such, for the judge to fail), vectors [x, y, z].
std::optional<FastAnswer3> parse_protocol_answer3(const std::string& line, bool* skip,
                                                  std::string* error);

/// A 3D protocol answer as the 3D judge's answer (the same fields).
FastAnswer3 to_fast_answer3(const fixtures::ProtocolAnswer3& a);

}  // namespace minkowski::properties
