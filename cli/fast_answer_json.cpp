#include "fast_answer_json.hpp"

#include "minkowski/fixtures/protocol.hpp"
#include "minkowski/properties/protocol_answer.hpp"

namespace minkowski::cli {

nlohmann::ordered_json fast_answer_json(const properties::FastAnswer& f) {
  return fixtures::protocol_json(properties::to_protocol(f));
}

}  // namespace minkowski::cli
