#include "fast_answer_json.hpp"

namespace minkowski::cli {

nlohmann::ordered_json fast_answer_json(const properties::FastAnswer& f) {
  nlohmann::ordered_json j{{"intersects", f.intersects}};
  if (f.normal) j["normal"] = *f.normal;
  if (f.depth) j["depth"] = *f.depth;
  if (f.distance) j["distance"] = *f.distance;
  if (f.point_a) j["point_a"] = *f.point_a;
  if (f.point_b) j["point_b"] = *f.point_b;
  if (f.contacts) {
    nlohmann::ordered_json cs = nlohmann::ordered_json::array();
    for (const auto& c : *f.contacts) cs.push_back({{"point", c.point}, {"depth", c.depth}});
    j["contacts"] = cs;
  }
  if (f.input_shift > 0) j["input_shift"] = f.input_shift;
  return j;
}

}  // namespace minkowski::cli
