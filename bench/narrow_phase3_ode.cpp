// ODE 0.16 (double: dDOUBLE, Debian's build) in the 3D benchmark (narrow_phase3_suite.hpp).
// Engine `ode`, query manifold: dCollide with up to 4 contacts (flags = 4), which runs ODE's
// collider for the pair of classes (convex–convex: SAT and clipping; box–box: dBoxBox;
// capsule–capsule: the closest points of the segments). ODE has no distance query for these
// shapes. Shapes, built outside the timing and attached to no body or space: polytopes
// dCreateConvex with the exact hull (planes a·x = d, points, polygons counter-clockwise from
// outside; the arrays live as long as the geom, as ODE keeps pointers to them) in a frame centred
// on the vertices' mean, which is the geom's position; boxes dCreateBox
// (side lengths), capsules dCreateCapsule (axis z), placed with dGeomSetPosition/Rotation.
// Conventions: ODE's contact normal points into the first geom (from B towards A): negated into
// ours; the hand cases check it.
#include <ode/ode.h>

#include "narrow_phase3_kernel.hpp"

namespace minkowski::bench3 {

namespace {

struct OdeGeom {
  dGeomID id = nullptr;
  std::vector<dReal> planes, points;
  std::vector<unsigned> polygons;
  OdeGeom() = default;
  OdeGeom(OdeGeom&& o) noexcept
      : id(std::exchange(o.id, nullptr)),
        planes(std::move(o.planes)),
        points(std::move(o.points)),
        polygons(std::move(o.polygons)) {}
  OdeGeom& operator=(OdeGeom&&) = delete;
  ~OdeGeom() {
    if (id) dGeomDestroy(id);
  }
};

void init_ode() {
  static const bool done = [] {
    dInitODE2(0);
    return true;
  }();
  (void)done;
}

OdeGeom geom_of(const Shape3Spec& s, const Hull3Data& h) {
  init_ode();
  OdeGeom g;
  switch (s.kind) {
    case Shape3Spec::Kind::polytope: {
      // In the geom's frame, centred on the vertices' mean (ODE's convex–convex collider takes
      // the geom's position for a point inside the polytope: with the world origin outside it,
      // the unit cubes overlapping by 0.25 came out with depth 1.76).
      P3 c{};
      for (const P3& p : h.vertices) c = c + p;
      c = (1.0 / static_cast<double>(h.vertices.size())) * c;
      for (const auto& pl : h.planes)
        g.planes.insert(g.planes.end(),
                        {pl[0], pl[1], pl[2], pl[3] - fast::dot(P3{pl[0], pl[1], pl[2]}, c)});
      for (const P3& p : h.vertices)
        g.points.insert(g.points.end(), {p.x - c.x, p.y - c.y, p.z - c.z});
      for (const auto& face : h.faces) {
        g.polygons.push_back(static_cast<unsigned>(face.size()));
        g.polygons.insert(g.polygons.end(), face.begin(), face.end());
      }
      g.id = dCreateConvex(nullptr, g.planes.data(), static_cast<unsigned>(h.planes.size()),
                           g.points.data(), static_cast<unsigned>(h.vertices.size()),
                           g.polygons.data());
      dGeomSetPosition(g.id, c.x, c.y, c.z);
      return g;
    }
    case Shape3Spec::Kind::box:
      g.id = dCreateBox(nullptr, 2 * s.half.x, 2 * s.half.y, 2 * s.half.z);
      break;
    case Shape3Spec::Kind::capsule:
      g.id = dCreateCapsule(nullptr, s.radius, 2 * s.half.z);
      break;
  }
  dMatrix3 r;  // 3 rows of 4 (the 4th unused)
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) r[4 * i + j] = s.rotation[i][j];
    r[4 * i + 3] = 0;
  }
  dGeomSetRotation(g.id, r);
  dGeomSetPosition(g.id, s.centre.x, s.centre.y, s.centre.z);
  return g;
}

struct OdePair {
  OdeGeom a, b;
};

OdePair prepare(const Pair3& p) {
  return {geom_of(p.spec.a, p.hull_a), geom_of(p.spec.b, p.hull_b)};
}

struct Contacts {
  int count;
  dContactGeom c[4];
};

Kernel3 manifold(Population3 pop) {
  return make_kernel3(
      "ode", Query3::manifold, pop, prepare,
      [](OdePair& p) {
        Contacts out;
        out.count = dCollide(p.a.id, p.b.id, 4, out.c, sizeof(dContactGeom));
        return out;
      },
      [](const Contacts& r) {
        if (r.count <= 0) return Answer3{false, 0.0, {}, 0};
        int deepest = 0;
        for (int i = 1; i < r.count; ++i)
          if (r.c[i].depth > r.c[deepest].depth) deepest = i;
        const dContactGeom& c = r.c[deepest];
        return Answer3{true, c.depth, {-c.normal[0], -c.normal[1], -c.normal[2]}, r.count};
      });
}

}  // namespace

void add_ode_kernels3(std::vector<KernelSpec3>& out) {
  add_rows3(
      out, Query3::manifold, "ode", [](Population3 p) { return !is_large(p); }, manifold);
}

}  // namespace minkowski::bench3
