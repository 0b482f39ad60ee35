#pragma once
// minkowski/properties/protocol_answer.hpp — one --exec answer line read into the judge's
// FastAnswer (which is fixtures::ProtocolAnswer; fixtures/protocol.hpp owns keys, writer, reader).

#include <optional>
#include <string>

#include "minkowski/fixtures/protocol.hpp"
#include "minkowski/properties/judge.hpp"

namespace minkowski::properties {

/// Reads one protocol answer line (fixtures::read_answer_line). Returns the answer; or nullopt
/// with *skip set for {"skip": true}; or nullopt with *error naming the field when malformed.
std::optional<FastAnswer> parse_protocol_answer(const std::string& line, bool* skip,
                                                std::string* error);

}  // namespace minkowski::properties
