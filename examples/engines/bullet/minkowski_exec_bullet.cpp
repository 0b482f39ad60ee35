// minkowski_exec_bullet — Bullet 3.24 (double precision: Debian's *-float64 libraries, pkg-config
// bullet-float64, BT_USE_DOUBLE_PRECISION) behind the `--exec` protocol in 3D (docs/design.md,
// "The --exec protocol"), so that `minkowski check --exec CMD --dim 3 --precision double` judges
// Bullet's narrow phase against the exact reference. One program, three of Bullet's narrow-phase
// APIs, each a separate engine of the study (examples/engines/bullet/README.md):
//
//   usage: minkowski_exec_bullet gjkepa|gjkepa2|sat [SKIP_LOG]
//     gjkepa   btGjkPairDetector with btVoronoiSimplexSolver and btGjkEpaPenetrationDepthSolver:
//              what btConvexConvexAlgorithm runs for a convex pair (engine `bullet-gjkepa`)
//     gjkepa2  btGjkEpaSolver2 called directly: Distance, then Penetration when the cores overlap
//              (engine `bullet-gjkepa2`)
//     sat      btPolyhedralContactClipping::findSeparatingAxis, then clipHullAgainstHull: the
//              polyhedral path of btConvexConvexAlgorithm with m_enableSatConvex (`bullet-sat`)
//     SKIP_LOG optional file; at the end of input, one line per reason a case was skipped, with
//              its count (the protocol's {"skip": true} carries no reason).
//
// Shapes (identity transforms: the case's coordinates are Bullet's world coordinates, unrounded):
//   - one point with a radius: btSphereShape(radius) translated to the point (Bullet's sphere: its
//     core is the centre and its margin the radius);
//   - every other shape: btConvexHullShape of the case's points with setMargin(radius). A Bullet
//     convex shape is its core dilated by its margin (btConvexInternalShape::
//     localGetSupportingVertex adds margin·dir/|dir|), exactly the case's shape model; the default
//     margin CONVEX_DISTANCE_MARGIN = 0.04 (btCollisionMargin.h:22) would make every box 0.04
//     rounder than the case says, so a plain polytope gets margin 0. A capsule is the hull of its
//     two points with its radius as margin — the same set as btCapsuleShape without rotating the
//     case's segment onto Bullet's local y axis (which would round the coordinates).
//   - sat: btPolyhedralContactClipping ignores margins, so shapes with a radius are skipped, and so
//     are points and segments (initializePolyhedralFeatures needs a polygon or polytope).
//
// Conventions (btDiscreteCollisionDetectorInterface.h: "the normal always points from B towards
// A"; the result's point is on B, and the point on A is point + normal·depth; depth < 0 is
// penetration). The protocol's normal points from A towards B, so normal = −normalOnB.
//   gjkepa   one addContactPoint(normalOnB, pointOnB, d): intersects = d <= 0; separated:
//            distance d, point_b = pointOnB, point_a = pointOnB + normalOnB·d; overlapping: normal
//            −normalOnB, depth −d, one contact at pointOnB with point_a and point_b. No result at
//            all (the detector found neither a distance nor a penetration): intersects false.
//   gjkepa2  Distance (cores, margins off: btGjkEpa2.cpp Distance) gives the core distance c and
//            witnesses; the rounded distance is c − (marginA + marginB), witnesses moved along the
//            normal by each margin, as btGjkPairDetector does. Distance failing with status
//            Penetrating: Penetration with margins on (its default). Either way an overlap gets
//            normal, depth and one contact at the two witnesses. Its results.normal points
//            from B to A as well (Penetration: normal = −epa.m_normal, witnesses[1] = w0 −
//            m_normal·depth). Penetration failing (GJK_Failed: "shapes are probably just
//            touching", EPA_Failed): intersects true with no other field.
//   sat      findSeparatingAxis false: intersects false (SAT gives no distance). True: normal =
//            −sep (sep is oriented from B's centroid to A's, btPolyhedralContactClipping.cpp:
//            399), contacts = the points it and clipHullAgainstHull report with Bullet depth <= 0
//            (maxDist = 0: Bullet's speculative points beyond a contact threshold are not part of
//            an overlap), each at its point (on B's incident face or edge) with depth −d; depth =
//            the deepest contact's (Bullet's SAT reports no separate depth).
// A non-finite number is written as the string "NaN", "Infinity" or "-Infinity" (the protocol
// reads those as the numbers): a wrong answer minkowski keeps, never hidden.
#include <btBulletCollisionCommon.h>
#include <BulletCollision/CollisionShapes/btConvexPolyhedron.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkEpa2.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkEpaPenetrationDepthSolver.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkPairDetector.h>
#include <BulletCollision/NarrowPhaseCollision/btPolyhedralContactClipping.h>
#include <BulletCollision/NarrowPhaseCollision/btVoronoiSimplexSolver.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

static_assert(sizeof(btScalar) == sizeof(double),
              "build against bullet-float64 (double precision)");

namespace {

using nlohmann::json;

enum class Api { gjkepa, gjkepa2, sat };

/// A number as the protocol reads it: finite as a JSON number, non-finite as its string.
json number(double v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "Infinity" : "-Infinity";
  return v;
}

json triple(const btVector3& v) {
  return json::array({number(v.x()), number(v.y()), number(v.z())});
}

/// A case's shape as Bullet holds it.
struct BulletShape {
  std::unique_ptr<btConvexShape> shape;
  btTransform transform;
  std::size_t distinct_points = 0;
  double radius = 0;
};

std::size_t count_distinct(const std::vector<btVector3>& p) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    bool seen = false;
    for (std::size_t j = 0; j < i && !seen; ++j) seen = p[j] == p[i];
    n += !seen;
  }
  return n;
}

std::optional<BulletShape> to_bullet(const json& s, Api api, std::string* why) {
  const double r = s.value("radius", 0.0);
  std::vector<btVector3> pts;
  for (const json& p : s.at("points")) {
    if (p.size() != 3) throw std::runtime_error("a point that is not [x, y, z]");
    pts.emplace_back(p.at(0).get<double>(), p.at(1).get<double>(), p.at(2).get<double>());
  }
  if (pts.empty()) throw std::runtime_error("a shape without points");
  BulletShape out;
  out.transform.setIdentity();
  out.distinct_points = count_distinct(pts);
  out.radius = r;
  if (api == Api::sat) {
    if (r != 0) {
      *why = "sat: radius (btPolyhedralContactClipping ignores margins)";
      return std::nullopt;
    }
    if (out.distinct_points < 3) {
      *why = "sat: point or segment (no polyhedral features)";
      return std::nullopt;
    }
  }
  if (out.distinct_points == 1 && r > 0) {
    out.shape = std::make_unique<btSphereShape>(r);
    out.transform.setOrigin(pts[0]);
    return out;
  }
  auto hull = std::make_unique<btConvexHullShape>(&pts[0].x(), static_cast<int>(pts.size()),
                                                  static_cast<int>(sizeof(btVector3)));
  hull->setMargin(r);  // the case's radius, 0 for a plain polytope (default 0.04)
  if (api == Api::sat) {
    hull->initializePolyhedralFeatures();
    const btConvexPolyhedron* poly = hull->getConvexPolyhedron();
    if (!poly || poly->m_faces.size() < 2) {
      *why = "sat: initializePolyhedralFeatures gave fewer than 2 faces";
      return std::nullopt;
    }
  }
  out.shape = std::move(hull);
  return out;
}

/// Every addContactPoint call, in order.
struct Collect : btDiscreteCollisionDetectorInterface::Result {
  struct Point {
    btVector3 normal_on_b, point_on_b;
    double depth;  // Bullet's: negative is penetration
  };
  std::vector<Point> points;
  void setShapeIdentifiersA(int, int) override {}
  void setShapeIdentifiersB(int, int) override {}
  void addContactPoint(const btVector3& n, const btVector3& p, btScalar d) override {
    points.push_back({n, p, d});
  }
};

json answer_gjkepa(const BulletShape& a, const BulletShape& b) {
  btVoronoiSimplexSolver simplex;
  btGjkEpaPenetrationDepthSolver epa;
  btGjkPairDetector detector(a.shape.get(), b.shape.get(), &simplex, &epa);
  btDiscreteCollisionDetectorInterface::ClosestPointInput in;  // max distance² BT_LARGE_FLOAT
  in.m_transformA = a.transform;
  in.m_transformB = b.transform;
  Collect out;
  detector.getClosestPoints(in, out, nullptr);
  if (out.points.empty()) return {{"intersects", false}};
  const Collect::Point& k = out.points.back();
  const btVector3 on_a = k.point_on_b + k.normal_on_b * k.depth;
  json j;
  if (k.depth <= 0) {
    j["intersects"] = true;
    j["normal"] = triple(-k.normal_on_b);
    j["depth"] = number(-k.depth);
    j["contacts"] = json::array({{{"point", triple(k.point_on_b)},
                                  {"depth", number(-k.depth)},
                                  {"point_a", triple(on_a)},
                                  {"point_b", triple(k.point_on_b)}}});
  } else {
    j["intersects"] = false;
    j["distance"] = number(k.depth);
    j["point_a"] = triple(on_a);
    j["point_b"] = triple(k.point_on_b);
  }
  return j;
}

json answer_gjkepa2(const BulletShape& a, const BulletShape& b) {
  // Bullet's first guess in btGjkEpaPenetrationDepthSolver::calcPenDepth: the transforms' origins
  // differ by zero here, and safeNormalize of zero is (1, 0, 0).
  const btVector3 guess(1, 0, 0);
  btGjkEpaSolver2::sResults r;
  const double margins = a.shape->getMargin() + b.shape->getMargin();
  json j;
  if (btGjkEpaSolver2::Distance(a.shape.get(), a.transform, b.shape.get(), b.transform, guess, r)) {
    // Cores apart: results.normal = (w0 − w1)/|w0 − w1| points from B to A.
    const double d = r.distance - margins;
    const btVector3 on_a = r.witnesses[0] - r.normal * a.shape->getMargin();
    const btVector3 on_b = r.witnesses[1] + r.normal * b.shape->getMargin();
    if (d > 0) {
      j["intersects"] = false;
      j["distance"] = number(d);
      j["point_a"] = triple(on_a);
      j["point_b"] = triple(on_b);
    } else {
      j["intersects"] = true;  // the rounded shapes overlap by less than their margins
      j["normal"] = triple(-r.normal);
      j["depth"] = number(-d);
      j["contacts"] = json::array({{{"point", triple(on_b)},
                                    {"depth", number(-d)},
                                    {"point_a", triple(on_a)},
                                    {"point_b", triple(on_b)}}});
    }
    return j;
  }
  if (r.status != btGjkEpaSolver2::sResults::Penetrating) {  // GJK_Failed: no answer but touching
    j["intersects"] = true;
    return j;
  }
  if (btGjkEpaSolver2::Penetration(a.shape.get(), a.transform, b.shape.get(), b.transform, guess,
                                   r)) {
    j["intersects"] = true;
    j["normal"] = triple(-r.normal);
    j["depth"] = number(-r.distance);
    j["contacts"] = json::array({{{"point", triple(r.witnesses[1])},
                                  {"depth", number(-r.distance)},
                                  {"point_a", triple(r.witnesses[0])},
                                  {"point_b", triple(r.witnesses[1])}}});
    return j;
  }
  j["intersects"] = true;  // GJK said inside; EPA failed: Bullet's status, no depth
  return j;
}

json answer_sat(const BulletShape& a, const BulletShape& b) {
  const btConvexPolyhedron& ha =
      *static_cast<btPolyhedralConvexShape*>(a.shape.get())->getConvexPolyhedron();
  const btConvexPolyhedron& hb =
      *static_cast<btPolyhedralConvexShape*>(b.shape.get())->getConvexPolyhedron();
  Collect out;
  btVector3 sep(0, 0, 0);
  if (!btPolyhedralContactClipping::findSeparatingAxis(ha, hb, a.transform, b.transform, sep, out))
    return {{"intersects", false}};
  btVertexArray v1, v2;
  // minDist −1e30 as btConvexConvexAlgorithm.cpp:485; maxDist 0: only points behind A's face.
  btPolyhedralContactClipping::clipHullAgainstHull(sep, ha, hb, a.transform, b.transform, -1e30, 0,
                                                   v1, v2, out);
  json j;
  j["intersects"] = true;
  j["normal"] = triple(-sep.normalized());
  json contacts = json::array();
  double deepest = -INFINITY;
  for (const Collect::Point& k : out.points) {
    if (!(k.depth <= 0) && std::isfinite(k.depth)) continue;  // keep NaN: a wrong answer
    contacts.push_back({{"point", triple(k.point_on_b)}, {"depth", number(-k.depth)}});
    if (!(-k.depth <= deepest)) deepest = -k.depth;
  }
  if (!contacts.empty()) j["depth"] = number(deepest);
  j["contacts"] = contacts;
  return j;
}

json answer(const json& c, Api api, std::map<std::string, int>& skipped) {
  std::string why;
  std::optional<BulletShape> a = to_bullet(c.at("a"), api, &why);
  std::optional<BulletShape> b = a ? to_bullet(c.at("b"), api, &why) : std::nullopt;
  if (!a || !b) {
    ++skipped[why];
    return {{"skip", true}};
  }
  switch (api) {
    case Api::gjkepa:
      return answer_gjkepa(*a, *b);
    case Api::gjkepa2:
      return answer_gjkepa2(*a, *b);
    case Api::sat:
      return answer_sat(*a, *b);
  }
  return {};
}

}  // namespace

int main(int argc, char** argv) {
  const std::map<std::string, Api> apis = {
      {"gjkepa", Api::gjkepa}, {"gjkepa2", Api::gjkepa2}, {"sat", Api::sat}};
  if (argc < 2 || argc > 3 || !apis.count(argv[1])) {
    std::fprintf(stderr, "usage: minkowski_exec_bullet gjkepa|gjkepa2|sat [SKIP_LOG]\n");
    return 2;
  }
  const Api api = apis.at(argv[1]);
  const char* skip_log = argc == 3 ? argv[2] : nullptr;
  std::map<std::string, int> skipped;
  std::string line;
  for (std::size_t n = 1; std::getline(std::cin, line); ++n) {
    try {
      std::cout << answer(json::parse(line), api, skipped).dump() << '\n' << std::flush;
    } catch (const std::exception& e) {
      std::fprintf(stderr, "minkowski_exec_bullet: line %zu is not a 3D case: %s\n", n, e.what());
      return 2;
    }
  }
  if (skip_log) {
    std::ofstream log(skip_log, std::ios::app);
    for (const auto& [why, count] : skipped) log << count << '\t' << why << '\n';
  }
  return 0;
}
