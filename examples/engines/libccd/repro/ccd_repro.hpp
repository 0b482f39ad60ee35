#pragma once
// ccd_repro.hpp — what the libccd repro programs share (libccd/repro/*.cpp,
// libccd-mpr/repro/*.cpp): read a found/ fixture's case and its exact answer with nlohmann-json,
// and call libccd 2.1 on it directly — no minkowski code. Each repro program passes its class's
// fixtures as arguments and exits 0 while libccd still shows the class's symptom on every one of
// them, 1 when it no longer does (the README's class must then be revisited), 2 when a fixture
// cannot be read.
//
// The shapes are set up as minkowski_exec_libccd sets them up (its header comment): support =
// the case point farthest along d plus radius · d / |d|; center = the mean of the points;
// CCD_INIT's defaults with max_iterations = 100 (libccd's README).
#include <ccd/ccd.h>
#include <ccd/vec3.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace ccd_repro {

using V3 = std::array<double, 3>;

struct Shape {
  std::vector<V3> points;
  double radius = 0;
  V3 mean{};
};

/// A fixture: both shapes and the exact answer's relation and signed distance (rounded to double).
struct Fixture {
  std::string path;
  Shape a, b;
  std::string relation;        ///< "separated", "touching" or "overlapping"
  double signed_distance = 0;  ///< exact, rounded: negative when overlapping
  double exact_depth() const { return signed_distance < 0 ? -signed_distance : 0.0; }
};

inline Shape shape(const nlohmann::json& s) {
  Shape out;
  out.radius = s.value("radius", 0.0);
  for (const auto& p : s.at("points")) out.points.push_back({p[0], p[1], p[2]});
  for (const V3& p : out.points)
    for (int i = 0; i < 3; ++i) out.mean[i] += p[i] / static_cast<double>(out.points.size());
  return out;
}

inline Fixture load(const char* path) {
  std::ifstream in(path);
  if (!in) {
    std::fprintf(stderr, "%s: cannot open\n", path);
    std::exit(2);
  }
  try {
    const nlohmann::json j = nlohmann::json::parse(in);
    Fixture f;
    f.path = path;
    f.a = shape(j.at("a"));
    f.b = shape(j.at("b"));
    f.relation = j.at("expected").at("relation").get<std::string>();
    f.signed_distance =
        std::strtod(j.at("expected").at("signed_distance").get<std::string>().c_str(), nullptr);
    return f;
  } catch (const nlohmann::json::exception& e) {
    std::fprintf(stderr, "%s: not a fixture: %s\n", path, e.what());
    std::exit(2);
  }
}

inline void support(const void* obj, const ccd_vec3_t* dir, ccd_vec3_t* out) {
  const Shape& s = *static_cast<const Shape*>(obj);
  const double d[3] = {ccdVec3X(dir), ccdVec3Y(dir), ccdVec3Z(dir)};
  std::size_t best = 0;
  double best_dot = -INFINITY;
  for (std::size_t i = 0; i < s.points.size(); ++i) {
    const double dot = s.points[i][0] * d[0] + s.points[i][1] * d[1] + s.points[i][2] * d[2];
    if (dot > best_dot) best_dot = dot, best = i;
  }
  const double len = std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
  const double k = len > 0 ? s.radius / len : 0.0;
  const V3& p = s.points[best];
  ccdVec3Set(out, p[0] + k * d[0], p[1] + k * d[1], p[2] + k * d[2]);
}

inline void center(const void* obj, ccd_vec3_t* out) {
  const Shape& s = *static_cast<const Shape*>(obj);
  ccdVec3Set(out, s.mean[0], s.mean[1], s.mean[2]);
}

/// libccd's raw answer: the intersection test, then the penetration call's return and outputs.
struct Answer {
  bool intersects = false;
  int ret = -1;
  double depth = NAN;
  V3 dir{NAN, NAN, NAN}, pos{NAN, NAN, NAN};
};

inline Answer run(const Fixture& f, bool mpr) {
  ccd_t ccd;
  CCD_INIT(&ccd);
  ccd.support1 = ccd.support2 = support;
  ccd.center1 = ccd.center2 = center;
  ccd.max_iterations = 100;
  Answer out;
  out.intersects = mpr ? ccdMPRIntersect(&f.a, &f.b, &ccd) : ccdGJKIntersect(&f.a, &f.b, &ccd);
  ccd_real_t depth = NAN;
  ccd_vec3_t dir, pos;
  ccdVec3Set(&dir, NAN, NAN, NAN);
  ccdVec3Set(&pos, NAN, NAN, NAN);
  out.ret = mpr ? ccdMPRPenetration(&f.a, &f.b, &ccd, &depth, &dir, &pos)
                : ccdGJKPenetration(&f.a, &f.b, &ccd, &depth, &dir, &pos);
  out.depth = depth;
  out.dir = {ccdVec3X(&dir), ccdVec3Y(&dir), ccdVec3Z(&dir)};
  out.pos = {ccdVec3X(&pos), ccdVec3Y(&pos), ccdVec3Z(&pos)};
  return out;
}

inline void print(const Fixture& f, const Answer& r, const char* what) {
  std::printf(
      "%s\n  exact: %s, signed distance %.17g\n  libccd %s: intersects %d, penetration "
      "returns %d, depth %.17g, dir (%.17g, %.17g, %.17g), pos (%.17g, %.17g, %.17g)\n",
      f.path.c_str(), f.relation.c_str(), f.signed_distance, what, r.intersects, r.ret, r.depth,
      r.dir[0], r.dir[1], r.dir[2], r.pos[0], r.pos[1], r.pos[2]);
}

/// Runs `symptom` on every fixture named on the command line; exit status as the header says.
template <class F>
int main_over_fixtures(int argc, char** argv, bool mpr, const char* symptom_text, F symptom) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s FIXTURE...\n", argv[0]);
    return 2;
  }
  int shown = 0;
  for (int i = 1; i < argc; ++i) {
    const Fixture f = load(argv[i]);
    const Answer r = run(f, mpr);
    print(f, r, mpr ? "MPR" : "GJK+EPA");
    const bool s = symptom(f, r);
    std::printf("  %s: %s\n", symptom_text, s ? "yes" : "NO (the class no longer shows)");
    shown += s;
  }
  return shown == argc - 1 ? 0 : 1;
}

}  // namespace ccd_repro
