// libccd 2.1 (built with CCD_DOUBLE) in the 3D benchmark (narrow_phase3_suite.hpp). Engines:
//   libccd      overlap: ccdGJKIntersect; penetration: ccdGJKPenetration (GJK + EPA)
//   libccd_mpr  overlap: ccdMPRIntersect; penetration: ccdMPRPenetration. Informative only: MPR's
//               depth is a depth along the portal's direction, not the minimum, so it answers
//               another question (bench/ratios.py leaves it out of the peers)
// libccd has no distance query. Settings: CCD_INIT's documented defaults (first_dir
// ccdFirstDirDefault, max_iterations unbounded, epa_tolerance 1e-4, mpr_tolerance 1e-4,
// dist_tolerance 1e-6). Shapes: libccd works on a user support function; ours is the usual one,
// a linear scan of the vertices (polytopes: the hull vertices; boxes: the 8 corners; capsules:
// the 2 endpoints) plus radius · dir / |dir|; the centre (MPR) is the vertices' mean.
// Conventions: ccdGJKPenetration's dir is the direction in which B is translated by depth to
// touch A, i.e. from A towards B, as ours.
#include <ccd/ccd.h>

#include "narrow_phase3_kernel.hpp"

namespace minkowski::bench3 {

namespace {

struct CcdObject {
  std::vector<P3> vertices;
  double radius = 0;
  P3 centre{};
};

void support(const void* obj, const ccd_vec3_t* dir, ccd_vec3_t* out) {
  const CcdObject& o = *static_cast<const CcdObject*>(obj);
  const P3 d{dir->v[0], dir->v[1], dir->v[2]};
  std::size_t best = 0;
  double best_dot = fast::dot(o.vertices[0], d);
  for (std::size_t i = 1; i < o.vertices.size(); ++i) {
    const double t = fast::dot(o.vertices[i], d);
    if (t > best_dot) best_dot = t, best = i;
  }
  P3 p = o.vertices[best];
  if (o.radius > 0) p = p + (o.radius / fast::length(d)) * d;
  out->v[0] = p.x;
  out->v[1] = p.y;
  out->v[2] = p.z;
}

void centre(const void* obj, ccd_vec3_t* out) {
  const CcdObject& o = *static_cast<const CcdObject*>(obj);
  out->v[0] = o.centre.x;
  out->v[1] = o.centre.y;
  out->v[2] = o.centre.z;
}

CcdObject object_of(const Shape3Spec& s) {
  CcdObject o;
  o.vertices = s.points;
  o.radius = s.radius;
  for (const P3& p : s.points) o.centre = o.centre + p;
  o.centre = (1.0 / static_cast<double>(s.points.size())) * o.centre;
  return o;
}

struct CcdPair {
  CcdObject a, b;
  ccd_t ccd;
};

CcdPair prepare(const Pair3& p) {
  CcdPair c{object_of(p.spec.a), object_of(p.spec.b), {}};
  CCD_INIT(&c.ccd);
  c.ccd.support1 = support;
  c.ccd.support2 = support;
  c.ccd.center1 = centre;
  c.ccd.center2 = centre;
  return c;
}

struct Penetration {
  int status;  // 0: intersecting
  ccd_real_t depth;
  ccd_vec3_t dir;
};

Answer3 from_penetration(const Penetration& r) {
  if (r.status != 0) return Answer3{false, NAN, {}, -1};
  return Answer3{true, r.depth, {r.dir.v[0], r.dir.v[1], r.dir.v[2]}, -1};
}

template <int (*Fn)(const void*, const void*, const ccd_t*, ccd_real_t*, ccd_vec3_t*, ccd_vec3_t*)>
Kernel3 penetration(Population3 pop, const char* engine) {
  return make_kernel3(
      engine, Query3::penetration, pop, prepare,
      [](CcdPair& p) {
        Penetration r{};
        ccd_vec3_t pos;
        r.status = Fn(&p.a, &p.b, &p.ccd, &r.depth, &r.dir, &pos);
        return r;
      },
      from_penetration);
}

template <int (*Fn)(const void*, const void*, const ccd_t*)>
Kernel3 overlap(Population3 pop, const char* engine) {
  return make_kernel3(
      engine, Query3::overlap, pop, prepare, [](CcdPair& p) { return Fn(&p.a, &p.b, &p.ccd) != 0; },
      [](bool o) {
        return Answer3{o, NAN, {}, -1};
      });
}

}  // namespace

void add_libccd_kernels3(std::vector<KernelSpec3>& out) {
  auto small = [](Population3 p) { return !is_large(p); };
  add_rows3(out, Query3::penetration, "libccd", small,
            [](Population3 p) { return penetration<ccdGJKPenetration>(p, "libccd"); });
  add_rows3(out, Query3::penetration, "libccd_mpr", small,
            [](Population3 p) { return penetration<ccdMPRPenetration>(p, "libccd_mpr"); });
  add_rows3(out, Query3::overlap, "libccd", small,
            [](Population3 p) { return overlap<ccdGJKIntersect>(p, "libccd"); });
  add_rows3(out, Query3::overlap, "libccd_mpr", small,
            [](Population3 p) { return overlap<ccdMPRIntersect>(p, "libccd_mpr"); });
}

}  // namespace minkowski::bench3
