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

FastAnswer3 to_fast_answer3(const fixtures::ProtocolAnswer3& a) {
  FastAnswer3 f;
  f.intersects = a.intersects;
  f.normal = a.normal;
  f.depth = a.depth;
  f.distance = a.distance;
  f.point_a = a.point_a;
  f.point_b = a.point_b;
  if (a.contacts) {
    f.contacts.emplace();
    f.contacts->reserve(a.contacts->size());
    for (const fixtures::ProtocolContact3& k : *a.contacts)
      f.contacts->push_back({k.point, k.depth, k.point_a, k.point_b});
  }
  f.input_shift = a.input_shift;
  return f;
}

std::optional<FastAnswer3> parse_protocol_answer3(const std::string& line, bool* skip,
                                                  std::string* error) {
  const fixtures::ParsedAnswer3 parsed = fixtures::read_answer_line3(line);
  *skip = parsed.kind == fixtures::ParsedAnswer3::Kind::skip;
  if (parsed.kind != fixtures::ParsedAnswer3::Kind::answer) {
    if (parsed.kind == fixtures::ParsedAnswer3::Kind::malformed) *error = parsed.error;
    return std::nullopt;
  }
  return to_fast_answer3(parsed.answer);
}

}  // namespace minkowski::properties
