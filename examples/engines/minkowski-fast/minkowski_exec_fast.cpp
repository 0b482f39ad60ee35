// minkowski_exec_fast — minkowski's own fast library behind the `--exec` protocol
// (docs/design.md, "The --exec protocol"): the end-to-end test of the protocol against a correct
// engine, and an example of an adapter. `minkowski check --exec 'minkowski_exec_fast float'
// --precision float` must report 0 violations.
//
//   usage: minkowski_exec_fast [float|double]      (default double)
//
// Reads one case per line on stdin and writes one answer per line on stdout, flushed after each:
//   intersects, normal, depth (intersecting) / distance, point_a, point_b (separated): GJK + EPA
//   (fast::penetration); contacts: the clipping manifold (fast::contact_manifold), with the
//   surface points behind each contact. A case the type cannot represent (fast::make_shape
//   refuses it: e.g. coordinates beyond float's range) is answered {"skip": true}.
// A line that is not a case is a usage error: a message on stderr and exit status 2.
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "minkowski/fast/epa.hpp"
#include "minkowski/fast/manifold.hpp"
#include "minkowski/fast/shape.hpp"

namespace {

using nlohmann::json;
namespace fast = minkowski::fast;

template <class T>
json pair(fast::Vec2<T> v) {
  return json::array({static_cast<double>(v.x), static_cast<double>(v.y)});
}

/// The shape of a case's "a" or "b" in precision T, or an error message.
template <class T>
fast::ShapeResult<T> shape_of(const json& s) {
  std::vector<fast::Vec2<T>> pts;
  for (const json& p : s.at("points"))
    pts.push_back({static_cast<T>(p.at(0).get<double>()), static_cast<T>(p.at(1).get<double>())});
  return fast::make_shape<T>(pts, static_cast<T>(s.value("radius", 0.0)));
}

template <class T>
json answer(const json& c) {
  const fast::ShapeResult<T> a = shape_of<T>(c.at("a")), b = shape_of<T>(c.at("b"));
  if (!a || !b) return {{"skip", true}};
  const fast::PenetrationResult<T> p = fast::penetration(a.shape, b.shape);
  json out = {{"intersects", p.intersects},
              {"normal", pair(p.normal)},
              {"distance", static_cast<double>(p.distance)}};
  if (p.intersects) {
    out["depth"] = static_cast<double>(p.depth);
    const fast::Manifold<T> m = fast::contact_manifold(a.shape, b.shape);
    json contacts = json::array();
    for (int i = 0; i < m.point_count; ++i)
      contacts.push_back({{"point", pair(m.points[i].point)},
                          {"depth", -static_cast<double>(m.points[i].separation)},
                          {"point_a", pair(m.points[i].point_a)},
                          {"point_b", pair(m.points[i].point_b)}});
    out["contacts"] = contacts;
  } else {
    out["point_a"] = pair(p.point_a);
    out["point_b"] = pair(p.point_b);
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string precision = argc > 1 ? argv[1] : "double";
  if (argc > 2 || (precision != "float" && precision != "double")) {
    std::fprintf(stderr, "usage: minkowski_exec_fast [float|double]\n");
    return 2;
  }
  std::string line;
  for (std::size_t n = 1; std::getline(std::cin, line); ++n) {
    json c;
    try {
      c = json::parse(line);
      const json out = precision == "float" ? answer<float>(c) : answer<double>(c);
      std::cout << out.dump() << '\n' << std::flush;
    } catch (const json::exception& e) {
      std::fprintf(stderr, "minkowski_exec_fast: line %zu is not a case: %s\n", n, e.what());
      return 2;
    }
  }
  return 0;
}
