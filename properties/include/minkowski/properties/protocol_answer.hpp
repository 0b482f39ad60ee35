#pragma once
// minkowski/properties/protocol_answer.hpp — the judge's FastAnswer and the --exec protocol's
// ProtocolAnswer (fixtures/protocol.hpp, which owns the keys, the writer and the reader) field for
// field: the same answer in the two libraries, converted without loss either way.

#include <optional>
#include <string>

#include "minkowski/fixtures/protocol.hpp"
#include "minkowski/properties/judge.hpp"

namespace minkowski::properties {

fixtures::ProtocolAnswer to_protocol(const FastAnswer& f);
FastAnswer from_protocol(const fixtures::ProtocolAnswer& p);

/// Reads one protocol answer line (fixtures::read_answer_line). Returns the answer; or nullopt
/// with *skip set for {"skip": true}; or nullopt with *error naming the field when malformed.
std::optional<FastAnswer> parse_protocol_answer(const std::string& line, bool* skip,
                                                std::string* error);

}  // namespace minkowski::properties
