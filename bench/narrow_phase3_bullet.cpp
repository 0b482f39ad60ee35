// Bullet 3.24 (double: the float64 libraries, BT_USE_DOUBLE_PRECISION in every unit of the
// benchmark) in the 3D benchmark (narrow_phase3_suite.hpp). Engines:
//   bullet          distance: btGjkEpaSolver2::Distance; penetration: btGjkEpaSolver2::Penetration
//                   (GJK + EPA); manifold: btPolyhedralContactClipping::findSeparatingAxis (SAT)
//                   then clipHullAgainstHull (clipping), on the shapes' btConvexPolyhedron
//   bullet_gjkpair  distance and penetration: btGjkPairDetector with btVoronoiSimplexSolver and
//                   btGjkEpaPenetrationDepthSolver (what btConvexConvexAlgorithm runs), a fresh
//                   detector per call (cold: its cached separating axis starts at (0, 1, 0))
// Shapes, built outside the timing: polytopes btConvexHullShape of the hull vertices, boxes
// btBoxShape, capsules btCapsuleShapeZ, with the pair's transforms. Margins: hull and box shapes
// get setMargin(0) (btBoxShape keeps its full half extents when the margin changes), so their
// support is the exact shape's; a capsule's margin is its radius by construction (its core is
// the segment), and Distance, which runs GJK on the cores without margins, has both margins
// subtracted from its answer (interpretation, outside the timing). Polyhedral features
// (initializePolyhedralFeatures) are computed at preparation, after the margin is set.
// Conventions: Bullet's normals (btPointCollector::m_normalOnBInWorld, sResults::normal) point
// from B to A; they are negated into ours (A to B); sResults::normal is in A's local frame (the
// witnesses are in the world): rotated by A's basis. The hand cases check both.
#include <BulletCollision/CollisionShapes/btBoxShape.h>
#include <BulletCollision/CollisionShapes/btCapsuleShape.h>
#include <BulletCollision/CollisionShapes/btConvexHullShape.h>
#include <BulletCollision/CollisionShapes/btConvexPolyhedron.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkEpa2.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkEpaPenetrationDepthSolver.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkPairDetector.h>
#include <BulletCollision/NarrowPhaseCollision/btPointCollector.h>
#include <BulletCollision/NarrowPhaseCollision/btPolyhedralContactClipping.h>
#include <BulletCollision/NarrowPhaseCollision/btVoronoiSimplexSolver.h>

#include "narrow_phase3_kernel.hpp"

#ifndef BT_USE_DOUBLE_PRECISION
#error "the 3D benchmark compares in double: Bullet must be the float64 build"
#endif

namespace minkowski::bench3 {

namespace {

btVector3 bt(P3 p) { return {p.x, p.y, p.z}; }
P3 p3(const btVector3& v) { return {v.x(), v.y(), v.z()}; }

btTransform transform_of(const Shape3Spec& s) {
  btTransform t;
  t.setIdentity();
  if (s.kind == Shape3Spec::Kind::polytope) return t;
  const Mat3& r = s.rotation;
  t.setBasis(
      btMatrix3x3(r[0][0], r[0][1], r[0][2], r[1][0], r[1][1], r[1][2], r[2][0], r[2][1], r[2][2]));
  t.setOrigin(bt(s.centre));
  return t;
}

std::unique_ptr<btConvexShape> shape_of(const Shape3Spec& s, bool polyhedral) {
  switch (s.kind) {
    case Shape3Spec::Kind::polytope: {
      auto h = std::make_unique<btConvexHullShape>();
      for (const P3& p : s.points) h->addPoint(bt(p), false);
      h->recalcLocalAabb();
      h->setMargin(0);
      if (polyhedral) h->initializePolyhedralFeatures();
      return h;
    }
    case Shape3Spec::Kind::box: {
      auto b = std::make_unique<btBoxShape>(bt(s.half));
      b->setMargin(0);
      if (polyhedral) b->initializePolyhedralFeatures();
      return b;
    }
    case Shape3Spec::Kind::capsule:
      return std::make_unique<btCapsuleShapeZ>(s.radius, 2 * s.half.z);
  }
  return nullptr;
}

struct BulletPair {
  std::unique_ptr<btConvexShape> a, b;
  btTransform ta, tb;
  const btConvexPolyhedron* ha = nullptr;
  const btConvexPolyhedron* hb = nullptr;
  std::unique_ptr<btVertexArray> verts1, verts2;  // clipping's work arrays (per pair, reused)
};

BulletPair prepare(const Pair3& p, bool polyhedral) {
  BulletPair b;
  b.a = shape_of(p.spec.a, polyhedral);
  b.b = shape_of(p.spec.b, polyhedral);
  b.ta = transform_of(p.spec.a);
  b.tb = transform_of(p.spec.b);
  if (polyhedral) {
    b.ha = static_cast<btPolyhedralConvexShape*>(b.a.get())->getConvexPolyhedron();
    b.hb = static_cast<btPolyhedralConvexShape*>(b.b.get())->getConvexPolyhedron();
    if (!b.ha || !b.hb) {
      std::fprintf(stderr, "minkowski_bench 3D: Bullet built no polyhedral features\n");
      std::abort();
    }
    b.verts1 = std::make_unique<btVertexArray>();
    b.verts2 = std::make_unique<btVertexArray>();
  }
  return b;
}
BulletPair prepare_gjk(const Pair3& p) { return prepare(p, false); }
BulletPair prepare_polyhedral(const Pair3& p) { return prepare(p, true); }

const btVector3 kGuess(1, 0, 0);

/// btGjkEpaSolver2's answer; its `normal` is in A's local frame (the world normal is A's basis
/// times it), so a pointer to A's transform comes along for the interpretation.
struct EpaResult {
  bool ok;
  btScalar distance;
  btVector3 normal;
  btScalar margins;
  const btTransform* ta;
  btVector3 world_normal() const { return ta->getBasis() * normal; }
};

Kernel3 distance(Population3 pop) {
  return make_kernel3(
      "bullet", Query3::distance, pop, prepare_gjk,
      [](BulletPair& p) {
        btGjkEpaSolver2::sResults r;
        const bool separated =
            btGjkEpaSolver2::Distance(p.a.get(), p.ta, p.b.get(), p.tb, kGuess, r);
        return EpaResult{separated, r.distance, r.normal, p.a->getMargin() + p.b->getMargin(),
                         &p.ta};
      },
      [](const EpaResult& r) {
        const double d = r.distance - r.margins;  // the cores' distance minus both margins
        if (!r.ok || d <= 0) return Answer3{true, 0.0, {}, -1};
        return Answer3{false, d, -p3(r.world_normal()), -1};
      });
}

Kernel3 penetration(Population3 pop) {
  return make_kernel3(
      "bullet", Query3::penetration, pop, prepare_gjk,
      [](BulletPair& p) {
        btGjkEpaSolver2::sResults r;
        const bool penetrating =
            btGjkEpaSolver2::Penetration(p.a.get(), p.ta, p.b.get(), p.tb, kGuess, r);
        return EpaResult{penetrating, r.distance, r.normal, 0, &p.ta};
      },
      [](const EpaResult& r) {
        if (!r.ok) return Answer3{false, NAN, {}, -1};
        return Answer3{true, -r.distance, -p3(r.world_normal()), -1};
      });
}

struct PairResult {
  bool has;
  btScalar distance;
  btVector3 normal_on_b;
};

PairResult gjk_pair(BulletPair& p) {
  static btVoronoiSimplexSolver simplex;
  static btGjkEpaPenetrationDepthSolver epa;
  btGjkPairDetector detector(p.a.get(), p.b.get(), &simplex, &epa);
  btDiscreteCollisionDetectorInterface::ClosestPointInput in;
  in.m_transformA = p.ta;
  in.m_transformB = p.tb;
  btPointCollector out;
  detector.getClosestPoints(in, out, nullptr);
  return {out.m_hasResult, out.m_distance, out.m_normalOnBInWorld};
}

Answer3 from_pair(const PairResult& r) {
  if (!r.has) return Answer3{false, NAN, {}, -1};
  if (r.distance > 0) return Answer3{false, r.distance, -p3(r.normal_on_b), -1};
  return Answer3{true, -r.distance, -p3(r.normal_on_b), -1};
}

Kernel3 distance_pair(Population3 pop) {
  return make_kernel3("bullet_gjkpair", Query3::distance, pop, prepare_gjk, gjk_pair,
                      [](const PairResult& r) {
                        Answer3 a = from_pair(r);
                        if (a.intersects) a.value = 0;
                        return a;
                      });
}

Kernel3 penetration_pair(Population3 pop) {
  return make_kernel3("bullet_gjkpair", Query3::penetration, pop, prepare_gjk, gjk_pair, from_pair);
}

/// Collects clipHullAgainstHull's contacts (all of them: Bullet's persistent manifold would
/// reduce them to 4 later, outside the narrow phase).
struct Contacts : btDiscreteCollisionDetectorInterface::Result {
  static constexpr int kMax = 64;
  int count = 0;
  btScalar deepest = 0;  // most negative depth
  btVector3 normal_on_b{0, 0, 0};
  void setShapeIdentifiersA(int, int) override {}
  void setShapeIdentifiersB(int, int) override {}
  void addContactPoint(const btVector3& n, const btVector3&, btScalar depth) override {
    if (count < kMax) ++count;
    if (depth < deepest) deepest = depth;
    normal_on_b = n;
  }
};

struct ClipResult {
  int count;
  btScalar deepest;
  btVector3 normal_on_b;
};

Kernel3 manifold(Population3 pop) {
  return make_kernel3(
      "bullet", Query3::manifold, pop, prepare_polyhedral,
      [](BulletPair& p) {
        Contacts c;
        btVector3 sep;
        if (btPolyhedralContactClipping::findSeparatingAxis(*p.ha, *p.hb, p.ta, p.tb, sep, c)) {
          p.verts1->resize(0);
          btPolyhedralContactClipping::clipHullAgainstHull(
              sep, *p.ha, *p.hb, p.ta, p.tb, btScalar(-1e30), btScalar(0), *p.verts1, *p.verts2, c);
        }
        return ClipResult{c.count, c.deepest, c.normal_on_b};
      },
      [](const ClipResult& r) {
        return Answer3{r.count > 0, -r.deepest, r.count > 0 ? -p3(r.normal_on_b) : P3{}, r.count};
      });
}

}  // namespace

void add_bullet_kernels3(std::vector<KernelSpec3>& out) {
  auto all = [](Population3) { return true; };
  auto small = [](Population3 p) { return !is_large(p); };
  auto polyhedral = [](Population3 p) { return !is_large(p) && !is_capsule(p); };
  add_rows3(out, Query3::distance, "bullet", all, distance);
  add_rows3(out, Query3::distance, "bullet_gjkpair", all, distance_pair);
  add_rows3(out, Query3::penetration, "bullet", small, penetration);
  add_rows3(out, Query3::penetration, "bullet_gjkpair", small, penetration_pair);
  add_rows3(out, Query3::manifold, "bullet", polyhedral, manifold);
}

}  // namespace minkowski::bench3
