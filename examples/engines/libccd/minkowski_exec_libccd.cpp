// minkowski_exec_libccd — libccd 2.1 behind the `--exec` protocol in 3D (docs/design.md,
// "The --exec protocol", "Protocol in 3D"), so that `minkowski check --exec ... --dim 3` judges
// libccd's GJK, EPA and MPR against the exact reference. libccd is built in double (Debian's
// ccd/config.h defines CCD_DOUBLE): run it with `--precision double`.
//
//   usage: minkowski_exec_libccd [gjk-epa|mpr]      (default gjk-epa)
//     gjk-epa  intersects from ccdGJKIntersect; if yes, normal, depth and one contact from
//              ccdGJKPenetration (GJK + EPA). Engine name in the study: `libccd`.
//     mpr      intersects from ccdMPRIntersect; if yes, normal, depth and one contact from
//              ccdMPRPenetration (Minkowski Portal Refinement). Engine name: `libccd-mpr`.
//
// How each field is answered (libccd works on support functions only; no transforms here: the
// case's coordinates are world coordinates):
//   shape          support(d) = the case point with the largest dot(p, d) (first one on ties)
//                  + radius · d / |d| (no radius term for d = 0); center (MPR only) = the mean of
//                  the case's points. Every shape kind is representable: nothing is skipped.
//   intersects     the boolean of ccdGJKIntersect / ccdMPRIntersect.
//   normal, depth  dir and depth of ccdGJKPenetration / ccdMPRPenetration: ccd.h documents that
//                  translating obj2 (B) by depth along dir leaves the shapes touching, which is
//                  the protocol's normal from A towards B.
//   contacts       one contact: libccd's `pos` ("position in global coordinates where force
//                  should take a place", ccd.h) with the returned depth.
//   distance,      not answered: libccd 2.1 has no distance query (ccd.h declares only the
//   point_a/b      intersection, separation and penetration calls).
// A non-finite number that libccd returns is written as "NaN" / "Infinity" (never hidden).
//
// A fair setup: the settings of libccd's README ("GJK + EPA - Penetration Of Two Objects", "MPR -
// Penetration Of Two Objects"): CCD_INIT's defaults (epa_tolerance = mpr_tolerance = 1e-4,
// first_dir (1, 0, 0)) and max_iterations = 100 (CCD_INIT leaves it at (unsigned long)-1).
//
// Errors: a line that is not a case (not JSON, a point that is not three finite numbers, a negative
// or non-finite radius, no points) ends the program with status 2 and a message naming the stdin
// line; a failed allocation inside libccd (return value -2) ends it with status 3.
#include <ccd/ccd.h>
#include <ccd/vec3.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace {

using nlohmann::json;
using V3 = std::array<double, 3>;

/// libccd README's recommended iteration limit (README.md, "GJK - Intersection Test":
/// `ccd.max_iterations = 100`); it bounds GJK's and MPR's loops (EPA's loop has no limit).
constexpr unsigned long kMaxIterations = 100;

/// A case's shape as libccd sees it: its points and radius, through support() and center().
struct Shape {
  std::vector<V3> points;
  double radius = 0;
  V3 mean{};
};

/// Bad input: a line that is not a case; the message says what is wrong.
struct BadCase : std::runtime_error {
  using std::runtime_error::runtime_error;
};

Shape parse_shape(const json& s, const char* name) {
  if (!s.is_object() || !s.contains("points") || !s.at("points").is_array())
    throw BadCase(std::string("shape ") + name + " has no \"points\" array");
  Shape out;
  out.radius = s.value("radius", 0.0);
  if (!std::isfinite(out.radius) || out.radius < 0)
    throw BadCase(std::string("shape ") + name + ": radius is negative or not finite");
  for (const json& p : s.at("points")) {
    if (!p.is_array() || p.size() != 3)
      throw BadCase(std::string("shape ") + name + ": a point is not [x, y, z]");
    V3 v{};
    for (int i = 0; i < 3; ++i) {
      v[i] = p.at(i).get<double>();
      if (!std::isfinite(v[i]))
        throw BadCase(std::string("shape ") + name + ": a non-finite coordinate");
    }
    out.points.push_back(v);
  }
  if (out.points.empty()) throw BadCase(std::string("shape ") + name + " has no points");
  for (const V3& p : out.points)
    for (int i = 0; i < 3; ++i) out.mean[i] += p[i] / static_cast<double>(out.points.size());
  return out;
}

/// ccd_support_fn: the farthest point of the rounded hull along dir.
void support(const void* obj, const ccd_vec3_t* dir, ccd_vec3_t* out) {
  const Shape& s = *static_cast<const Shape*>(obj);
  const double d[3] = {ccdVec3X(dir), ccdVec3Y(dir), ccdVec3Z(dir)};
  std::size_t best = 0;
  double best_dot = -INFINITY;
  for (std::size_t i = 0; i < s.points.size(); ++i) {
    const V3& p = s.points[i];
    const double dot = p[0] * d[0] + p[1] * d[1] + p[2] * d[2];
    if (dot > best_dot) best_dot = dot, best = i;
  }
  const double len = std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
  const double k = len > 0 ? s.radius / len : 0.0;
  const V3& p = s.points[best];
  ccdVec3Set(out, p[0] + k * d[0], p[1] + k * d[1], p[2] + k * d[2]);
}

/// ccd_center_fn (MPR): a point inside the shape, the mean of its points.
void center(const void* obj, ccd_vec3_t* out) {
  const Shape& s = *static_cast<const Shape*>(obj);
  ccdVec3Set(out, s.mean[0], s.mean[1], s.mean[2]);
}

/// A number for the protocol: JSON numbers when finite, the protocol's spelling otherwise
/// (nlohmann would write null, which the protocol reader would not take as a number).
json num(double v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "Infinity" : "-Infinity";
  return v;
}

json vec(const ccd_vec3_t& v) {
  return json::array({num(ccdVec3X(&v)), num(ccdVec3Y(&v)), num(ccdVec3Z(&v))});
}

enum class Mode { gjk_epa, mpr };

/// libccd failed to allocate (ccdGJKPenetration's -2): not an answer.
struct AllocationFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

json answer(const json& c, Mode mode) {
  if (!c.is_object() || !c.contains("a") || !c.contains("b"))
    throw BadCase("not a case object with \"a\" and \"b\"");
  const Shape a = parse_shape(c.at("a"), "a");
  const Shape b = parse_shape(c.at("b"), "b");
  ccd_t ccd;
  CCD_INIT(&ccd);
  ccd.support1 = support;
  ccd.support2 = support;
  ccd.center1 = center;
  ccd.center2 = center;
  ccd.max_iterations = kMaxIterations;

  json out;
  const bool intersects =
      mode == Mode::gjk_epa ? ccdGJKIntersect(&a, &b, &ccd) : ccdMPRIntersect(&a, &b, &ccd);
  out["intersects"] = intersects;
  if (!intersects) return out;
  ccd_real_t depth = NAN;
  ccd_vec3_t dir, pos;
  ccdVec3Set(&dir, NAN, NAN, NAN);  // unset fields show as NaN, not as a plausible value
  ccdVec3Set(&pos, NAN, NAN, NAN);
  const int ret = mode == Mode::gjk_epa ? ccdGJKPenetration(&a, &b, &ccd, &depth, &dir, &pos)
                                        : ccdMPRPenetration(&a, &b, &ccd, &depth, &dir, &pos);
  if (ret == -2) throw AllocationFailure("libccd failed to allocate its polytope");
  if (ret != 0) return out;  // penetration disagrees with the intersection test: nothing to add
  out["normal"] = vec(dir);
  out["depth"] = num(depth);
  out["contacts"] = json::array({{{"point", vec(pos)}, {"depth", num(depth)}}});
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  Mode mode = Mode::gjk_epa;
  if (argc == 2 && std::string(argv[1]) == "mpr")
    mode = Mode::mpr;
  else if (argc > 2 || (argc == 2 && std::string(argv[1]) != "gjk-epa")) {
    std::fprintf(stderr, "usage: minkowski_exec_libccd [gjk-epa|mpr]\n");
    return 2;
  }
  std::string line;
  for (std::size_t n = 1; std::getline(std::cin, line); ++n) {
    try {
      std::cout << answer(json::parse(line), mode).dump() << '\n' << std::flush;
    } catch (const json::exception& e) {
      std::fprintf(stderr, "minkowski_exec_libccd: line %zu is not a case: %s\n", n, e.what());
      return 2;
    } catch (const BadCase& e) {
      std::fprintf(stderr, "minkowski_exec_libccd: line %zu is not a case: %s\n", n, e.what());
      return 2;
    } catch (const AllocationFailure& e) {
      std::fprintf(stderr, "minkowski_exec_libccd: line %zu: %s\n", n, e.what());
      return 3;
    }
  }
  return 0;
}
