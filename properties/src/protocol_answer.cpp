#include "minkowski/properties/protocol_answer.hpp"

namespace minkowski::properties {

fixtures::ProtocolAnswer to_protocol(const FastAnswer& f) {
  fixtures::ProtocolAnswer p;
  p.intersects = f.intersects;
  p.normal = f.normal;
  p.depth = f.depth;
  p.distance = f.distance;
  p.point_a = f.point_a;
  p.point_b = f.point_b;
  if (f.contacts) {
    p.contacts.emplace();
    p.contacts->reserve(f.contacts->size());
    for (const FastContact& c : *f.contacts)
      p.contacts->push_back({c.point, c.depth, c.point_a, c.point_b});
  }
  p.input_shift = f.input_shift;
  return p;
}

FastAnswer from_protocol(const fixtures::ProtocolAnswer& p) {
  FastAnswer f;
  f.intersects = p.intersects;
  f.normal = p.normal;
  f.depth = p.depth;
  f.distance = p.distance;
  f.point_a = p.point_a;
  f.point_b = p.point_b;
  if (p.contacts) {
    f.contacts.emplace();
    f.contacts->reserve(p.contacts->size());
    for (const fixtures::ProtocolContact& c : *p.contacts)
      f.contacts->push_back({c.point, c.depth, c.point_a, c.point_b});
  }
  f.input_shift = p.input_shift;
  return f;
}

std::optional<FastAnswer> parse_protocol_answer(const std::string& line, bool* skip,
                                                std::string* error) {
  const fixtures::ParsedAnswer parsed = fixtures::read_answer_line(line);
  *skip = parsed.kind == fixtures::ParsedAnswer::Kind::skip;
  if (parsed.kind != fixtures::ParsedAnswer::Kind::answer) {
    if (parsed.kind == fixtures::ParsedAnswer::Kind::malformed) *error = parsed.error;
    return std::nullopt;
  }
  return from_protocol(parsed.answer);
}

}  // namespace minkowski::properties
