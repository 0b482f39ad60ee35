// minkowski_exec_fcl — FCL 0.7 behind the `--exec` protocol in 3D (docs/design.md, "The --exec
// protocol", "Protocol in 3D"), so that `minkowski check --exec ... --dim 3` judges FCL's narrow
// phase against the exact reference. FCL is used with S = double: run it with `--precision double`.
//
//   usage: minkowski_exec_fcl [libccd|indep] [--convex-only]      (default libccd)
//     libccd   CollisionRequest / DistanceRequest with gjk_solver_type = GST_LIBCCD (FCL's default:
//              its copy of libccd's GJK, EPA and its own GJK distance). Engine name: `fcl`.
//     indep    gjk_solver_type = GST_INDEP (FCL's own GJK and EPA). Engine name: `fcl-indep`.
//     --convex-only  every shape without a radius as fcl::Convex (no Box): to tell FCL's box–box
//              code (box_box-inl.h) from its GJK/EPA on the same cases.
//
// How each shape is built (identity transforms except for the capsule; positions in the world):
//   radius 0, an axis-aligned box (8 hull vertices taking two values per axis)
//                    fcl::Box with its sides, at its centre: the shape FCL users build, answered by
//                    FCL's dedicated box–box and sphere–box code where FCL has it;
//   radius 0, anything else (a point, a segment, a flat polygon, a polytope)
//                    fcl::Convex of the hull of the points (minkowski's fast make_shape3: its
//                    vertices and faces, a flat polygon as two faces, a point or a segment with no
//                    face — FCL's GJK reads only the vertices through findExtremeVertex);
//   one point with radius r > 0      fcl::Sphere(r) at the point;
//   two points with radius r > 0     fcl::Capsule(r, length), its local z axis turned onto the
//                    segment and centred at the midpoint;
//   three or more points with r > 0  {"skip": true}: FCL 0.7 has no rounded polytope.
// Where building moves the input — the hull's weld (make_shape3's weld_shift), a box's centre and
// sides rounded, a capsule's endpoints after the rotation — the distance moved (A's plus B's) is
// written as `input_shift`, which the judge adds to every allowance (docs/design.md).
//
// How each field is answered:
//   intersects        fcl::collide with enable_contact = true: result.isCollision().
//   normal, depth,    when colliding: every Contact (pos, penetration_depth, normal "pointing from
//   contacts          o1 to o2", contact.h) as a contact; depth and normal those of the deepest.
//   distance,         when not colliding: fcl::distance with enable_nearest_points and
//   point_a, point_b  enable_signed_distance: min_distance and nearest_points[0], [1] ("in the
//                     world coordinates", distance_result.h). A negative min_distance is written as
//                     it is (a disagreement of FCL's two queries is an answer to judge).
// A non-finite number that FCL returns is written as "NaN" / "Infinity" (never hidden).
//
// A fair setup: FCL's documented defaults (collision_request.h: gjk_tolerance 1e-6;
// distance_request.h: distance_tolerance 1e-6, rel_err = abs_err = 0), only the solver type set,
// and kMaxContacts contacts asked for.
//
// Errors: a line that is not a case (not JSON, a point that is not three finite numbers, a negative
// or non-finite radius, no points) ends the program with status 2 and a message naming the stdin
// line. An exception FCL throws ends it with status 3 and the line.
#include <fcl/geometry/shape/box.h>
#include <fcl/geometry/shape/capsule.h>
#include <fcl/geometry/shape/convex.h>
#include <fcl/geometry/shape/sphere.h>
#include <fcl/narrowphase/collision.h>
#include <fcl/narrowphase/collision_object.h>
#include <fcl/narrowphase/distance.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "minkowski/fast/shape3.hpp"

namespace {

using nlohmann::json;
using V3 = std::array<double, 3>;

/// Contacts asked of fcl::collide: more than any FCL 0.7 pair returns (box–box, the most, gives at
/// most 8: box_box-inl.h's clipping of a quadrilateral against a rectangle; GJK/EPA pairs give 1).
constexpr std::size_t kMaxContacts = 64;

struct BadCase : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// One side of the case as FCL sees it; `shift` is how far building it moved the input.
struct Built {
  std::shared_ptr<fcl::CollisionGeometryd> geometry;
  fcl::Transform3d pose = fcl::Transform3d::Identity();
  double shift = 0;
  bool skip = false;
};

bool g_convex_only = false;  // --convex-only

double dist(const fcl::Vector3d& p, const V3& q) {
  return std::sqrt((p[0] - q[0]) * (p[0] - q[0]) + (p[1] - q[1]) * (p[1] - q[1]) +
                   (p[2] - q[2]) * (p[2] - q[2]));
}

/// An axis-aligned box when the hull's vertices are the 8 corners (two values per axis).
bool build_box(std::span<const minkowski::fast::Vec3<double>> v, Built* out) {
  if (v.size() != 8) return false;
  std::set<double> xs, ys, zs;
  for (const auto& p : v) xs.insert(p.x), ys.insert(p.y), zs.insert(p.z);
  if (xs.size() != 2 || ys.size() != 2 || zs.size() != 2) return false;  // 8 distinct: all corners
  const V3 lo{*xs.begin(), *ys.begin(), *zs.begin()}, hi{*xs.rbegin(), *ys.rbegin(), *zs.rbegin()};
  const fcl::Vector3d side(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]);
  const fcl::Vector3d centre((lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, (lo[2] + hi[2]) / 2);
  out->geometry = std::make_shared<fcl::Boxd>(side);
  out->pose.translation() = centre;
  for (int i = 0; i < 3; ++i)  // the corners FCL's box has, against the case's
    out->shift = std::max({out->shift, std::fabs(centre[i] - side[i] / 2 - lo[i]),
                           std::fabs(centre[i] + side[i] / 2 - hi[i])});
  return true;
}

Built build(const json& s, const char* name) {
  if (!s.is_object() || !s.contains("points") || !s.at("points").is_array())
    throw BadCase(std::string("shape ") + name + " has no \"points\" array");
  const double r = s.value("radius", 0.0);
  if (!std::isfinite(r) || r < 0)
    throw BadCase(std::string("shape ") + name + ": radius is negative or not finite");
  std::vector<minkowski::fast::Vec3<double>> pts;
  for (const json& p : s.at("points")) {
    if (!p.is_array() || p.size() != 3)
      throw BadCase(std::string("shape ") + name + ": a point is not [x, y, z]");
    pts.push_back({p.at(0).get<double>(), p.at(1).get<double>(), p.at(2).get<double>()});
  }
  if (pts.empty()) throw BadCase(std::string("shape ") + name + " has no points");
  auto hull = minkowski::fast::make_shape3<double>(pts, r);
  if (!hull) throw BadCase(std::string("shape ") + name + ": " + hull.message);
  const auto& h = hull.shape;
  const auto v = h.vertices();
  Built out;
  out.shift = h.weld_shift();
  if (r > 0 && h.dimension() >= 2) {
    out.skip = true;  // FCL 0.7 has no rounded polytope
    return out;
  }
  if (r > 0 && h.dimension() == 0) {
    out.geometry = std::make_shared<fcl::Sphered>(r);
    out.pose.translation() = fcl::Vector3d(v[0].x, v[0].y, v[0].z);
    return out;
  }
  if (r > 0) {  // a capsule: FCL's is centred on its origin along its local z axis
    const fcl::Vector3d p0(v[0].x, v[0].y, v[0].z), p1(v[1].x, v[1].y, v[1].z);
    const fcl::Vector3d d = p1 - p0;
    const double length = d.norm();
    out.geometry = std::make_shared<fcl::Capsuled>(r, length);
    out.pose.linear() =
        Eigen::Quaterniond::FromTwoVectors(fcl::Vector3d::UnitZ(), d / length).toRotationMatrix();
    out.pose.translation() = (p0 + p1) / 2;
    const fcl::Vector3d half = out.pose.linear() * fcl::Vector3d(0, 0, length / 2);
    const fcl::Vector3d e0 = out.pose.translation() - half, e1 = out.pose.translation() + half;
    out.shift += std::max(dist(e0, {p0[0], p0[1], p0[2]}), dist(e1, {p1[0], p1[1], p1[2]}));
    return out;
  }
  if (!g_convex_only && h.dimension() == 3 && build_box(v, &out)) {
    out.shift += h.weld_shift();
    return out;
  }
  auto verts = std::make_shared<std::vector<fcl::Vector3d>>();
  for (const auto& p : v) verts->emplace_back(p.x, p.y, p.z);
  auto faces = std::make_shared<std::vector<int>>();
  for (std::size_t f = 0; f < h.face_count(); ++f) {  // FCL's layout: count, then the loop
    const auto loop = h.face_vertices(f);
    faces->push_back(static_cast<int>(loop.size()));
    for (auto i : loop) faces->push_back(static_cast<int>(i));
  }
  out.geometry =
      std::make_shared<fcl::Convexd>(verts, static_cast<int>(h.face_count()), faces, false);
  return out;
}

json num(double v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "Infinity" : "-Infinity";
  return v;
}

json vec(const fcl::Vector3d& v) { return json::array({num(v[0]), num(v[1]), num(v[2])}); }

json answer(const json& c, fcl::GJKSolverType solver) {
  if (!c.is_object() || !c.contains("a") || !c.contains("b"))
    throw BadCase("not a case object with \"a\" and \"b\"");
  Built a = build(c.at("a"), "a"), b = build(c.at("b"), "b");
  if (a.skip || b.skip) return {{"skip", true}};
  const fcl::CollisionObjectd oa(a.geometry, a.pose), ob(b.geometry, b.pose);

  fcl::CollisionRequestd creq(kMaxContacts, true);
  creq.gjk_solver_type = solver;
  fcl::CollisionResultd cres;
  fcl::collide(&oa, &ob, creq, cres);
  json out;
  out["intersects"] = cres.isCollision();
  if (cres.isCollision()) {
    std::vector<fcl::Contactd> contacts;
    cres.getContacts(contacts);
    json ks = json::array();
    std::size_t deepest = 0;
    bool nan_seen = false;  // the first NaN depth is "deepest": reported in depth, not hidden
    for (std::size_t i = 0; i < contacts.size(); ++i) {
      const fcl::Contactd& k = contacts[i];
      if (!nan_seen && (std::isnan(k.penetration_depth) ||
                        k.penetration_depth > contacts[deepest].penetration_depth))
        deepest = i, nan_seen = std::isnan(k.penetration_depth);
      ks.push_back({{"point", vec(k.pos)}, {"depth", num(k.penetration_depth)}});
    }
    if (!contacts.empty()) {
      out["normal"] = vec(contacts[deepest].normal);
      out["depth"] = num(contacts[deepest].penetration_depth);
    }
    out["contacts"] = ks;
  } else {
    fcl::DistanceRequestd dreq(true, true);
    dreq.gjk_solver_type = solver;
    fcl::DistanceResultd dres;
    fcl::distance(&oa, &ob, dreq, dres);
    out["distance"] = num(dres.min_distance);
    out["point_a"] = vec(dres.nearest_points[0]);
    out["point_b"] = vec(dres.nearest_points[1]);
  }
  if (a.shift + b.shift > 0) out["input_shift"] = a.shift + b.shift;
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  fcl::GJKSolverType solver = fcl::GST_LIBCCD;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "libccd")
      solver = fcl::GST_LIBCCD;
    else if (arg == "indep")
      solver = fcl::GST_INDEP;
    else if (arg == "--convex-only")
      g_convex_only = true;
    else {
      std::fprintf(stderr, "usage: minkowski_exec_fcl [libccd|indep] [--convex-only]\n");
      return 2;
    }
  }
  std::string line;
  for (std::size_t n = 1; std::getline(std::cin, line); ++n) {
    try {
      std::cout << answer(json::parse(line), solver).dump() << '\n' << std::flush;
    } catch (const json::exception& e) {
      std::fprintf(stderr, "minkowski_exec_fcl: line %zu is not a case: %s\n", n, e.what());
      return 2;
    } catch (const BadCase& e) {
      std::fprintf(stderr, "minkowski_exec_fcl: line %zu is not a case: %s\n", n, e.what());
      return 2;
    } catch (const std::exception& e) {
      std::fprintf(stderr, "minkowski_exec_fcl: line %zu: FCL threw: %s\n", n, e.what());
      return 3;
    }
  }
  return 0;
}
