// FCL 0.7 in the 3D benchmark (narrow_phase3_suite.hpp). Engines:
//   fcl        gjk_solver_type GST_LIBCCD (FCL's default: libccd's GJK/EPA inside FCL)
//   fcl_indep  gjk_solver_type GST_INDEP (FCL's own GJK/EPA)
// Queries: distance fcl::distance (DistanceRequest with nearest points, unsigned); penetration
// fcl::collide with contacts (CollisionRequest(1, enable_contact = true)): the contact's depth
// and normal; manifold fcl::collide with up to 4 contacts (fcl only); overlap fcl::collide
// without contacts (fcl only). Shapes, built outside the timing: polytopes fcl::Convex<double>
// of the exact hull (vertices, faces counter-clockwise from outside), boxes fcl::Box, capsules
// fcl::Capsule (axis z), in fcl::CollisionObject<double> with the pair's transforms. Requests are
// made once per pair and results reused (cleared before each call, so their vectors keep their
// capacity), as an engine keeps them.
// Conventions: a contact's normal points from o1 (A) to o2 (B), as ours; the distance's normal is
// taken from the nearest points (B's minus A's), outside the timing.
#include <fcl/geometry/shape/box.h>
#include <fcl/geometry/shape/capsule.h>
#include <fcl/geometry/shape/convex.h>
#include <fcl/narrowphase/collision.h>
#include <fcl/narrowphase/collision_object.h>
#include <fcl/narrowphase/distance.h>

#include "narrow_phase3_kernel.hpp"

namespace minkowski::bench3 {

namespace {

using fcl::Vector3d;

std::shared_ptr<fcl::CollisionGeometryd> geometry_of(const Shape3Spec& s, const Hull3Data& h) {
  switch (s.kind) {
    case Shape3Spec::Kind::polytope: {
      auto v = std::make_shared<std::vector<Vector3d>>();
      for (const P3& p : h.vertices) v->emplace_back(p.x, p.y, p.z);
      auto f = std::make_shared<std::vector<int>>();
      for (const auto& face : h.faces) {
        f->push_back(static_cast<int>(face.size()));
        for (std::uint32_t i : face) f->push_back(static_cast<int>(i));
      }
      return std::make_shared<fcl::Convexd>(v, static_cast<int>(h.faces.size()), f);
    }
    case Shape3Spec::Kind::box:
      return std::make_shared<fcl::Boxd>(2 * s.half.x, 2 * s.half.y, 2 * s.half.z);
    case Shape3Spec::Kind::capsule:
      return std::make_shared<fcl::Capsuled>(s.radius, 2 * s.half.z);
  }
  return nullptr;
}

fcl::Transform3d transform_of(const Shape3Spec& s) {
  fcl::Transform3d t = fcl::Transform3d::Identity();
  if (s.kind == Shape3Spec::Kind::polytope) return t;
  fcl::Matrix3d r;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) r(i, j) = s.rotation[i][j];
  t.linear() = r;
  t.translation() = Vector3d(s.centre.x, s.centre.y, s.centre.z);
  return t;
}

struct FclPair {
  std::unique_ptr<fcl::CollisionObjectd> a, b;
  fcl::CollisionRequestd collision_request;
  fcl::CollisionResultd collision_result;
  fcl::DistanceRequestd distance_request;
  fcl::DistanceResultd distance_result;
};

auto preparer(fcl::GJKSolverType solver, std::size_t contacts, bool enable_contact) {
  return [=](const Pair3& p) {
    FclPair f;
    f.a = std::make_unique<fcl::CollisionObjectd>(geometry_of(p.spec.a, p.hull_a),
                                                  transform_of(p.spec.a));
    f.b = std::make_unique<fcl::CollisionObjectd>(geometry_of(p.spec.b, p.hull_b),
                                                  transform_of(p.spec.b));
    f.collision_request = fcl::CollisionRequestd(contacts, enable_contact);
    f.collision_request.gjk_solver_type = solver;
    f.distance_request = fcl::DistanceRequestd(true);
    f.distance_request.gjk_solver_type = solver;
    return f;
  };
}

struct DistanceOut {
  double d;
  Vector3d pa, pb;
};

Kernel3 distance(Population3 pop, fcl::GJKSolverType solver, const char* engine) {
  return make_kernel3(
      engine, Query3::distance, pop, preparer(solver, 1, false),
      [](FclPair& p) {
        p.distance_result.clear();
        const double d = fcl::distance(p.a.get(), p.b.get(), p.distance_request, p.distance_result);
        return DistanceOut{d, p.distance_result.nearest_points[0],
                           p.distance_result.nearest_points[1]};
      },
      [](const DistanceOut& r) {
        if (r.d <= 0) return Answer3{true, 0.0, {}, -1};
        const Vector3d n = (r.pb - r.pa).normalized();
        return Answer3{false, r.d, {n.x(), n.y(), n.z()}, -1};
      });
}

struct CollideOut {
  std::size_t count;
  double deepest;
  Vector3d normal;
};

CollideOut collide(FclPair& p) {
  p.collision_result.clear();
  const std::size_t n = fcl::collide(p.a.get(), p.b.get(), p.collision_request, p.collision_result);
  CollideOut out{n, 0, Vector3d::Zero()};
  for (std::size_t i = 0; i < p.collision_result.numContacts(); ++i) {
    const auto& c = p.collision_result.getContact(i);
    if (i == 0 || c.penetration_depth > out.deepest) {
      out.deepest = c.penetration_depth;
      out.normal = c.normal;
    }
  }
  if (n > 0 && p.collision_result.numContacts() == 0) out.count = n;
  return out;
}

Kernel3 penetration(Population3 pop, fcl::GJKSolverType solver, const char* engine) {
  return make_kernel3(
      engine, Query3::penetration, pop, preparer(solver, 1, true), collide,
      [](const CollideOut& r) {
        if (r.count == 0) return Answer3{false, NAN, {}, -1};
        // GST_INDEP's EPA reports the depth negated (FCL 0.7): its magnitude.
        return Answer3{true, std::abs(r.deepest), {r.normal.x(), r.normal.y(), r.normal.z()}, -1};
      });
}

Kernel3 manifold(Population3 pop) {
  return make_kernel3(
      "fcl", Query3::manifold, pop, preparer(fcl::GST_LIBCCD, 4, true), collide,
      [](const CollideOut& r) {
        if (r.count == 0) return Answer3{false, 0.0, {}, 0};
        return Answer3{
            true, r.deepest, {r.normal.x(), r.normal.y(), r.normal.z()}, static_cast<int>(r.count)};
      });
}

Kernel3 overlap(Population3 pop) {
  return make_kernel3(
      "fcl", Query3::overlap, pop, preparer(fcl::GST_LIBCCD, 1, false),
      [](FclPair& p) {
        p.collision_result.clear();
        return fcl::collide(p.a.get(), p.b.get(), p.collision_request, p.collision_result) > 0;
      },
      [](bool o) {
        return Answer3{o, NAN, {}, -1};
      });
}

}  // namespace

void add_fcl_kernels3(std::vector<KernelSpec3>& out) {
  auto all = [](Population3) { return true; };
  auto small = [](Population3 p) { return !is_large(p); };
  add_rows3(out, Query3::distance, "fcl", all,
            [](Population3 p) { return distance(p, fcl::GST_LIBCCD, "fcl"); });
  add_rows3(out, Query3::distance, "fcl_indep", all,
            [](Population3 p) { return distance(p, fcl::GST_INDEP, "fcl_indep"); });
  add_rows3(out, Query3::penetration, "fcl_mpr", small,
            [](Population3 p) { return penetration(p, fcl::GST_LIBCCD, "fcl_mpr"); });
  add_rows3(out, Query3::penetration, "fcl_indep", small,
            [](Population3 p) { return penetration(p, fcl::GST_INDEP, "fcl_indep"); });
  add_rows3(out, Query3::manifold, "fcl", small, manifold);
  add_rows3(out, Query3::overlap, "fcl", small, overlap);
}

}  // namespace minkowski::bench3
