#include "minkowski/properties/protocol_answer.hpp"

namespace minkowski::properties {

std::optional<FastAnswer> parse_protocol_answer(const std::string& line, bool* skip,
                                                std::string* error) {
  const fixtures::ParsedAnswer parsed = fixtures::read_answer_line(line);
  *skip = parsed.kind == fixtures::ParsedAnswer::Kind::skip;
  if (parsed.kind != fixtures::ParsedAnswer::Kind::answer) {
    if (parsed.kind == fixtures::ParsedAnswer::Kind::malformed) *error = parsed.error;
    return std::nullopt;
  }
  return parsed.answer;
}

}  // namespace minkowski::properties
