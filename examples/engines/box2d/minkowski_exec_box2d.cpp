// minkowski_exec_box2d — Box2D 2.4.1 behind the `--exec` protocol (docs/design.md, "The --exec
// protocol"), so that `minkowski check --exec` judges Box2D's narrow phase against the exact
// reference. Box2D computes in float: run it with `--precision float`.
//
//   usage: minkowski_exec_box2d [--no-rounded] [SKIP_LOG]
//     --no-rounded  skip every shape with a radius (circles included): Box2D's polygons and
//                   points only, to separate its polygon results from its skin model
//     SKIP_LOG      optional file; at the end of input, one line per reason a case was skipped,
//                   with its count (the protocol's {"skip": true} carries no reason).
//
// How each field is answered (identity transforms: the case's coordinates are world coordinates,
// rounded to float):
//   intersects          b2TestOverlap (GJK on the rounded shapes; "overlap" is distance < 10·FLT_EPSILON)
//   distance, point_a,  b2Distance with useRadii = true: distance of the rounded shapes and the
//   point_b             witness points on their surfaces (points only when separated)
//   normal, contacts    b2CollidePolygons / b2CollidePolygonAndCircle / b2CollideCircles, read
//                       through b2WorldManifold: normal (A to B), each point, depth = −separation
//   depth               the deepest contact's depth (Box2D has no separate MTV; its solver pushes
//                       along the normal by the contact depths)
// A circle (or point) A against a polygon B calls b2CollidePolygonAndCircle(B, A) and negates the
// normal.
//
// Setting the comparison up fairly:
//   - Box2D gives every polygon a skin m_radius = b2_polygonRadius (2·b2_linearSlop = 0.01 m).
//     Here m_radius is set to the case's radius (0 for a plain polygon), so Box2D answers about
//     exactly the shape the case describes; b2TestOverlap, b2Distance and the manifold all read it.
//   - Skipped ({"skip": true}), because Box2D 2.4.1 cannot represent them as a convex body:
//       segments and capsules (2 distinct points): no capsule shape; b2EdgeShape is one- or
//         two-sided static boundary geometry, and edge–edge has no collide function;
//       hulls of more than b2_maxPolygonVertices (8) vertices;
//       polygons b2PolygonShape::Set would change or reject (it asserts, and the Debian library is
//         built with assertions): vertices closer than 0.5·b2_linearSlop (welded), area not above
//         b2_epsilon, or hull vertices so nearly collinear (turn below kMinTurn) that Set's float
//         gift-wrapping may drop them;
//       coordinates or radii beyond the range of float.
//   Box2D's absolute tolerances (b2_linearSlop = 0.005 m, b2_epsilon in b2TestOverlap, the
//   reference-face tolerance 0.1·b2_linearSlop) are left as they are: they are Box2D's design, and
//   the campaign shows where they matter (small and large scales).
#include <box2d/b2_circle_shape.h>
#include <box2d/b2_collision.h>
#include <box2d/b2_distance.h>
#include <box2d/b2_polygon_shape.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace {

using nlohmann::json;

/// Smallest turn (sine of the exterior angle) kept between consecutive hull edges. Set's
/// gift-wrapping decides collinearity with float cross products, whose relative error is a few
/// FLT_EPSILON (1.2e-7); 1e-5 keeps a margin of ~100 so Set keeps every vertex this hull has.
constexpr double kMinTurn = 1e-5;

struct Point {
  double x, y;
};

double cross(Point o, Point a, Point b) {
  return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

/// Convex hull, counter-clockwise, collinear points dropped (Andrew's monotone chain).
std::vector<Point> hull(std::vector<Point> p) {
  std::sort(p.begin(), p.end(),
            [](Point a, Point b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
  p.erase(
      std::unique(p.begin(), p.end(), [](Point a, Point b) { return a.x == b.x && a.y == b.y; }),
      p.end());
  if (p.size() < 3) return p;
  std::vector<Point> h(2 * p.size());
  std::size_t k = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    while (k >= 2 && cross(h[k - 2], h[k - 1], p[i]) <= 0) --k;
    h[k++] = p[i];
  }
  for (std::size_t i = p.size() - 1, t = k + 1; i-- > 0;) {
    while (k >= t && cross(h[k - 2], h[k - 1], p[i]) <= 0) --k;
    h[k++] = p[i];
  }
  h.resize(k - 1);
  return h;
}

/// A case's shape as Box2D sees it: a circle (one point) or a polygon; nullopt + reason if skipped.
struct Box2dShape {
  bool is_circle = false;
  b2CircleShape circle;
  b2PolygonShape polygon;
  const b2Shape* shape() const {
    return is_circle ? static_cast<const b2Shape*>(&circle) : &polygon;
  }
  float radius() const { return is_circle ? circle.m_radius : polygon.m_radius; }
};

bool fits_float(double v) { return std::isfinite(v) && std::fabs(v) <= FLT_MAX; }

bool g_no_rounded = false;  // --no-rounded

std::optional<Box2dShape> to_box2d(const json& s, std::string* why) {
  const double r = s.value("radius", 0.0);
  if (g_no_rounded && r != 0) {
    *why = "radius (--no-rounded)";
    return std::nullopt;
  }
  std::vector<Point> pts;
  for (const json& p : s.at("points")) {
    const double x = p.at(0).get<double>(), y = p.at(1).get<double>();
    if (!fits_float(x) || !fits_float(y)) {
      *why = "coordinate beyond float";
      return std::nullopt;
    }
    pts.push_back({static_cast<float>(x), static_cast<float>(y)});  // Box2D's own rounding
  }
  if (!fits_float(r)) {
    *why = "radius beyond float";
    return std::nullopt;
  }
  const std::vector<Point> h = hull(pts);
  Box2dShape out;
  if (h.size() == 1) {
    out.is_circle = true;
    out.circle.m_p.Set(static_cast<float>(h[0].x), static_cast<float>(h[0].y));
    out.circle.m_radius = static_cast<float>(r);
    return out;
  }
  if (h.size() == 2) {
    *why = r > 0 ? "capsule (no Box2D shape)" : "segment (no Box2D convex body)";
    return std::nullopt;
  }
  if (h.size() > static_cast<std::size_t>(b2_maxPolygonVertices)) {
    *why = "more than 8 hull vertices";
    return std::nullopt;
  }
  const double weld = 0.5 * b2_linearSlop;
  double area2 = 0;
  for (std::size_t i = 0; i < h.size(); ++i) {
    const Point a = h[i], b = h[(i + 1) % h.size()], c = h[(i + 2) % h.size()];
    const double ab = std::hypot(b.x - a.x, b.y - a.y), bc = std::hypot(c.x - b.x, c.y - b.y);
    for (std::size_t j = 0; j < i; ++j)
      if (std::hypot(h[j].x - a.x, h[j].y - a.y) < weld) {
        *why = "vertices closer than 0.5·b2_linearSlop (Set welds)";
        return std::nullopt;
      }
    if (cross(a, b, c) <= kMinTurn * ab * bc) {
      *why = "nearly collinear hull vertices (Set may drop them)";
      return std::nullopt;
    }
    area2 += cross(h[0], a, b);
  }
  if (0.5 * area2 <= 2 * b2_epsilon) {
    *why = "polygon area not above b2_epsilon (Set asserts)";
    return std::nullopt;
  }
  b2Vec2 v[b2_maxPolygonVertices];
  for (std::size_t i = 0; i < h.size(); ++i)
    v[i].Set(static_cast<float>(h[i].x), static_cast<float>(h[i].y));
  out.polygon.Set(v, static_cast<int32>(h.size()));
  if (out.polygon.m_count != static_cast<int32>(h.size())) {
    *why = "Set changed the polygon";
    return std::nullopt;
  }
  out.polygon.m_radius = static_cast<float>(r);  // no skin: the case's own radius
  return out;
}

json pair(b2Vec2 v) { return json::array({static_cast<double>(v.x), static_cast<double>(v.y)}); }

json answer(const json& c, std::map<std::string, int>& skipped) {
  std::string why;
  std::optional<Box2dShape> a = to_box2d(c.at("a"), &why);
  std::optional<Box2dShape> b = a ? to_box2d(c.at("b"), &why) : std::nullopt;
  if (!a || !b) {
    ++skipped[why];
    return {{"skip", true}};
  }
  b2Transform identity;
  identity.SetIdentity();

  json out;
  out["intersects"] = b2TestOverlap(a->shape(), 0, b->shape(), 0, identity, identity);

  b2DistanceInput in;
  in.proxyA.Set(a->shape(), 0);
  in.proxyB.Set(b->shape(), 0);
  in.transformA = identity;
  in.transformB = identity;
  in.useRadii = true;
  b2SimplexCache cache;
  cache.count = 0;
  b2DistanceOutput d;
  b2Distance(&d, &cache, &in);
  out["distance"] = d.distance;
  if (!out["intersects"].get<bool>()) {
    out["point_a"] = pair(d.pointA);
    out["point_b"] = pair(d.pointB);
  }

  b2Manifold m;
  bool flip = false;  // the manifold was computed with B as Box2D's shape A
  const Box2dShape *first = &*a, *second = &*b;
  if (a->is_circle && b->is_circle)
    b2CollideCircles(&m, &a->circle, identity, &b->circle, identity);
  else if (!a->is_circle && b->is_circle)
    b2CollidePolygonAndCircle(&m, &a->polygon, identity, &b->circle, identity);
  else if (a->is_circle && !b->is_circle) {
    b2CollidePolygonAndCircle(&m, &b->polygon, identity, &a->circle, identity);
    flip = true;
    std::swap(first, second);
  } else
    b2CollidePolygons(&m, &a->polygon, identity, &b->polygon, identity);
  if (m.pointCount > 0) {
    b2WorldManifold w;
    w.Initialize(&m, identity, first->radius(), identity, second->radius());
    const b2Vec2 n = flip ? -w.normal : w.normal;
    json contacts = json::array();
    double deepest = 0;
    for (int i = 0; i < m.pointCount; ++i) {
      const double depth = -static_cast<double>(w.separations[i]);
      deepest = std::max(deepest, depth);
      contacts.push_back({{"point", pair(w.points[i])}, {"depth", depth}});
    }
    out["normal"] = pair(n);
    out["depth"] = deepest;
    out["contacts"] = contacts;
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  int arg = 1;
  if (arg < argc && std::string(argv[arg]) == "--no-rounded") g_no_rounded = true, ++arg;
  if (argc - arg > 1 || (arg < argc && argv[arg][0] == '-')) {
    std::fprintf(stderr, "usage: minkowski_exec_box2d [--no-rounded] [SKIP_LOG]\n");
    return 2;
  }
  const char* skip_log = arg < argc ? argv[arg] : nullptr;
  std::map<std::string, int> skipped;
  std::string line;
  for (std::size_t n = 1; std::getline(std::cin, line); ++n) {
    try {
      std::cout << answer(json::parse(line), skipped).dump() << '\n' << std::flush;
    } catch (const json::exception& e) {
      std::fprintf(stderr, "minkowski_exec_box2d: line %zu is not a case: %s\n", n, e.what());
      return 2;
    }
  }
  if (skip_log) {
    std::ofstream log(skip_log, std::ios::app);
    for (const auto& [why, count] : skipped) log << count << '\t' << why << '\n';
  }
  return 0;
}
