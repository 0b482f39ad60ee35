// minkowski_exec_ode — ODE 0.16 (Debian libode-dev 0.16.2, dReal = double: pkg-config ode
// "precision=dDOUBLE", /usr/include/ode/precision.h) behind the `--exec` protocol in 3D
// (docs/design.md, "The --exec protocol"): `minkowski check --exec CMD --dim 3 --precision double`
// judges ODE's dCollide against the exact reference (engine `ode`, examples/engines/ode/README.md).
//
//   usage: minkowski_exec_ode [SKIP_LOG]
//     SKIP_LOG  optional file; at the end of input, one line per reason a case was skipped, with
//               its count (the protocol's {"skip": true} carries no reason).
//
// Shapes (one ODE geom per shape, no space; the case's coordinates are world coordinates):
//   - one point with a radius: dCreateSphere(radius) at the point;
//   - two points with a radius: dCreateCapsule(radius, |q − p|) at the midpoint, its local z axis
//     turned onto (q − p)/|q − p| by dGeomSetRotation (an orthonormal basis built in double: exact
//     for a segment along a coordinate axis, a few ulps otherwise);
//   - a polytope without radius whose points are exactly the 8 corners of an axis-aligned box, with
//     side lengths that are exact in double: dCreateBox(sides) at the centre;
//   - 8 points that are exactly a rectangular box in another orientation (decided in rationals,
//     ode_box.hpp): dCreateBox(|e1|, |e2|, |e3|) turned onto its edges e_i/|e_i|, at its centre;
//     the proven distance between that rounded box and the case's is the answer's input_shift;
//   - any other polytope without radius: dCreateConvex from the convex hull of its points (below).
//   Skipped ({"skip": true}): points and segments without radius (ODE has no point or segment
//   geom), polytopes with a radius (no rounded geom), flat polygons (dCreateConvex needs a solid
//   hull), and hulls the adapter cannot build unambiguously in double (a point within the rounding
//   bound of a face plane without being on it).
// The hull for dCreateConvex (ODE takes planes, points and polygons and trusts them: convex.cpp
// reads planes as n·x = d with n unit and outward, each polygon as its vertex count then the
// indices counter-clockwise about the outward normal, as in ODE's demo convex_prism.h): every
// triple of points spans a candidate plane; it is a face when no point lies strictly outside it.
// The orientation determinant is computed in double with its rounding bound (kOrientBound); a
// point within the bound of a plane counts as on it only when the determinant is exactly 0, else
// the shape is skipped as ambiguous. Each face's points are ordered by a 2D convex hull in the
// face plane (points inside a face or on an edge dropped); the plane's n and d are computed from
// the face's first three hull vertices in double.
//
// dCollide(A, B, flags = kMaxContacts, contacts, sizeof(dContactGeom)): flags' low 16 bits are the
// size of the contact array (collision.h, dCollide). ODE's convention (contact.h: "if body 1 is
// moved along the normal vector by a distance depth ... the contact depth will be reduced to zero.
// This means that the normal vector points 'in' to body 1"): normal points from B into A, so the
// protocol's normal (from A towards B) is −normal. ODE gives no distance for separated shapes:
//   no contact     {"intersects": false}, nothing else
//   n contacts     intersects true, normal −contacts[0].normal, contacts = every pos with its
//                  depth, depth = the deepest contact's (ODE reports no separate MTV).
// A non-finite number is written as the string "NaN", "Infinity" or "-Infinity" (the protocol
// reads those as the numbers): a wrong answer minkowski keeps, never hidden.
#include <ode/ode.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <unistd.h>

#include <nlohmann/json.hpp>

#include "ode_shapes.hpp"

static_assert(sizeof(dReal) == sizeof(double), "ODE built with dDOUBLE (Debian libode-dev)");

namespace {

using nlohmann::json;
using ode_shapes::kMaxContacts;
using ode_shapes::OdeShape;
using ode_shapes::V;

std::unique_ptr<OdeShape> to_ode(const json& s, std::string* why) {
  std::vector<V> pts;
  for (const json& p : s.at("points")) {
    if (p.size() != 3) throw std::runtime_error("a point that is not [x, y, z]");
    pts.push_back({p.at(0).get<double>(), p.at(1).get<double>(), p.at(2).get<double>()});
  }
  return ode_shapes::make_ode_shape(pts, s.value("radius", 0.0), why);
}

json number(double v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "Infinity" : "-Infinity";
  return v;
}

json triple(const dReal* v) { return json::array({number(v[0]), number(v[1]), number(v[2])}); }

json answer(const json& c, std::map<std::string, int>& skipped) {
  std::string why;
  std::unique_ptr<OdeShape> a = to_ode(c.at("a"), &why);
  std::unique_ptr<OdeShape> b = a ? to_ode(c.at("b"), &why) : nullptr;
  if (!a || !b) {
    ++skipped[why];
    return {{"skip", true}};
  }
  dContactGeom contacts[kMaxContacts];
  const int n = dCollide(a->geom, b->geom, kMaxContacts, contacts, sizeof(dContactGeom));
  if (n <= 0) {
    json j = {{"intersects", false}};
    if (a->shift + b->shift > 0) j["input_shift"] = a->shift + b->shift;
    return j;
  }
  json j;
  j["intersects"] = true;
  if (a->shift + b->shift > 0) j["input_shift"] = a->shift + b->shift;
  const dReal* n0 = contacts[0].normal;
  const dReal towards_b[3] = {-n0[0], -n0[1], -n0[2]};
  j["normal"] = triple(towards_b);
  json list = json::array();
  double deepest = -INFINITY;
  for (int i = 0; i < n; ++i) {
    list.push_back({{"point", triple(contacts[i].pos)}, {"depth", number(contacts[i].depth)}});
    if (!(contacts[i].depth <= deepest)) deepest = contacts[i].depth;
  }
  j["depth"] = number(deepest);
  j["contacts"] = list;
  return j;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 2 || (argc == 2 && argv[1][0] == '-')) {
    std::fprintf(stderr, "usage: minkowski_exec_ode [SKIP_LOG]\n");
    return 2;
  }
  const char* skip_log = argc == 2 ? argv[1] : nullptr;
  // ODE prints its warnings with fprintf(stdout, ...) (convex.cpp's constructor): answers go to a
  // copy of the original stdout, and file descriptor 1 becomes stderr.
  std::fflush(stdout);
  FILE* answers = fdopen(dup(1), "w");
  if (!answers || dup2(2, 1) < 0) {
    std::perror("minkowski_exec_ode: cannot set up its output");
    return 2;
  }
  dInitODE2(0);
  std::map<std::string, int> skipped;
  std::string line;
  int status = 0;
  for (std::size_t n = 1; std::getline(std::cin, line); ++n) {
    try {
      std::fputs((answer(json::parse(line), skipped).dump() + "\n").c_str(), answers);
      std::fflush(answers);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "minkowski_exec_ode: line %zu is not a 3D case: %s\n", n, e.what());
      status = 2;
      break;
    }
  }
  if (skip_log) {
    std::ofstream log(skip_log, std::ios::app);
    for (const auto& [why, count] : skipped) log << count << '\t' << why << '\n';
  }
  dCloseODE();
  return status;
}
