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
// A 3D case (points with three coordinates; `minkowski check --exec ... --dim 3`) is answered the
// same way by the fast 3D library, with 3-vectors ("Protocol in 3D", docs/design.md): the same
// split as in 2D — fast::penetration (GJK + EPA, penetration3.hpp) for intersects, normal,
// depth / distance and the witnesses, fast::contact_manifold (manifold3.hpp) for the contacts —
// and input_shift, how far make_shape3's weld moved the input (A's plus B's weld_shift), which
// the judge adds to every field's allowance.
// A line that is not a case is a usage error: a message on stderr and exit status 2.
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "minkowski/fast/epa.hpp"
#include "minkowski/fast/manifold.hpp"
#include "minkowski/fast/manifold3.hpp"
#include "minkowski/fast/penetration3.hpp"
#include "minkowski/fast/shape.hpp"
#include "minkowski/fast/shape3.hpp"

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

template <class T>
json triple(fast::Vec3<T> v) {
  return json::array(
      {static_cast<double>(v.x), static_cast<double>(v.y), static_cast<double>(v.z)});
}

/// The 3D shape of a case's "a" or "b" in precision T.
template <class T>
fast::ShapeResult3<T> shape3_of(const json& s) {
  std::vector<fast::Vec3<T>> pts;
  for (const json& p : s.at("points"))
    pts.push_back({static_cast<T>(p.at(0).get<double>()), static_cast<T>(p.at(1).get<double>()),
                   static_cast<T>(p.at(2).get<double>())});
  const double radius = s.value("radius", 0.0);
  if (radius < 0) return {fast::ShapeError::negative_radius, "negative radius", {}};
  return fast::make_shape3<T>(std::span<const fast::Vec3<T>>(pts), static_cast<T>(radius));
}

template <class T>
json answer3(const json& c) {
  const fast::ShapeResult3<T> a = shape3_of<T>(c.at("a")), b = shape3_of<T>(c.at("b"));
  if (!a || !b) return {{"skip", true}};
  const fast::PenetrationResult3<T> p = fast::penetration(a.shape, b.shape);
  json out = {{"intersects", p.intersects},
              {"normal", triple(p.normal)},
              {"distance", static_cast<double>(p.distance)}};
  if (p.intersects) {
    out["depth"] = static_cast<double>(p.depth);
    const fast::Manifold3<T> m = fast::contact_manifold(a.shape, b.shape);
    json contacts = json::array();
    for (int i = 0; i < m.point_count; ++i)
      contacts.push_back({{"point", triple(m.points[i].point)},
                          {"depth", -static_cast<double>(m.points[i].separation)},
                          {"point_a", triple(m.points[i].point_a)},
                          {"point_b", triple(m.points[i].point_b)}});
    out["contacts"] = contacts;
  } else {
    out["point_a"] = triple(p.point_a);
    out["point_b"] = triple(p.point_b);
  }
  const double shift =
      static_cast<double>(a.shape.weld_shift()) + static_cast<double>(b.shape.weld_shift());
  if (shift > 0) out["input_shift"] = shift;
  return out;
}

/// A 3D case: its first point has three coordinates.
bool is_3d(const json& c) {
  const json& pts = c.at("a").at("points");
  return !pts.empty() && pts.at(0).size() == 3;
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
      const bool three = is_3d(c);
      const json out = precision == "float" ? (three ? answer3<float>(c) : answer<float>(c))
                                            : (three ? answer3<double>(c) : answer<double>(c));
      std::cout << out.dump() << '\n' << std::flush;
    } catch (const json::exception& e) {
      std::fprintf(stderr, "minkowski_exec_fast: line %zu is not a case: %s\n", n, e.what());
      return 2;
    }
  }
  return 0;
}
