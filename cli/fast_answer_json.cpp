#include "fast_answer_json.hpp"

#include "minkowski/fixtures/protocol.hpp"

namespace minkowski::cli {

nlohmann::ordered_json fast_answer_json(const properties::FastAnswer& f) {
  return fixtures::protocol_json(f);
}

nlohmann::ordered_json fast_answer_json(const properties::FastAnswer3& f) {
  return properties::protocol_json(f);
}

}  // namespace minkowski::cli
