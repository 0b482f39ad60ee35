// repro_bullet.hpp — what the Bullet repro programs (bullet-*/repro/*.cpp) share: the shapes built
// exactly as minkowski_exec_bullet builds them, and Bullet's three narrow-phase calls with their
// raw outputs. No minkowski code: each repro calls Bullet 3.24 (double precision) directly on its
// fixture's case, prints Bullet's answer next to the exact one, and exits 0 while Bullet still
// shows the symptom, 1 when it no longer does (then the engine's README must be revisited).
#pragma once

#include <btBulletCollisionCommon.h>
#include <BulletCollision/CollisionShapes/btConvexPolyhedron.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkEpa2.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkEpaPenetrationDepthSolver.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkPairDetector.h>
#include <BulletCollision/NarrowPhaseCollision/btPolyhedralContactClipping.h>
#include <BulletCollision/NarrowPhaseCollision/btVoronoiSimplexSolver.h>

#include <cstdio>
#include <memory>
#include <vector>

#include <repro_symptom.hpp>

/// A case's shape as the adapter builds it: a sphere for one point with a radius, else a
/// btConvexHullShape with margin = radius; identity transform except the sphere's translation.
struct ReproShape {
  std::unique_ptr<btConvexShape> shape;
  btTransform transform;
  ReproShape(const std::vector<btVector3>& points, double radius) {
    transform.setIdentity();
    if (points.size() == 1 && radius > 0) {
      shape = std::make_unique<btSphereShape>(radius);
      transform.setOrigin(points[0]);
      return;
    }
    auto hull = std::make_unique<btConvexHullShape>(&points[0].x(), static_cast<int>(points.size()),
                                                    static_cast<int>(sizeof(btVector3)));
    hull->setMargin(radius);
    shape = std::move(hull);
  }
  const btConvexPolyhedron* polyhedron() {
    auto* p = static_cast<btPolyhedralConvexShape*>(shape.get());
    if (!p->getConvexPolyhedron()) p->initializePolyhedralFeatures();
    return p->getConvexPolyhedron();
  }
};

/// Every addContactPoint call (normal on B pointing from B to A, point on B, depth < 0 overlap).
struct ReproResult : btDiscreteCollisionDetectorInterface::Result {
  struct Point {
    btVector3 normal_on_b, point_on_b;
    double depth;
  };
  std::vector<Point> points;
  void setShapeIdentifiersA(int, int) override {}
  void setShapeIdentifiersB(int, int) override {}
  void addContactPoint(const btVector3& n, const btVector3& p, btScalar d) override {
    points.push_back({n, p, d});
  }
};

/// btGjkPairDetector with btVoronoiSimplexSolver and btGjkEpaPenetrationDepthSolver (the
/// adapter's `gjkepa`); the detector's public diagnostics are kept.
struct PairDetectorRun {
  ReproResult result;
  int last_used_method = 0, degenerate_simplex = 0;
};
inline PairDetectorRun run_pair_detector(ReproShape& a, ReproShape& b) {
  btVoronoiSimplexSolver simplex;
  btGjkEpaPenetrationDepthSolver epa;
  btGjkPairDetector detector(a.shape.get(), b.shape.get(), &simplex, &epa);
  btDiscreteCollisionDetectorInterface::ClosestPointInput in;
  in.m_transformA = a.transform;
  in.m_transformB = b.transform;
  PairDetectorRun run;
  detector.getClosestPoints(in, run.result, nullptr);
  run.last_used_method = detector.m_lastUsedMethod;
  run.degenerate_simplex = detector.m_degenerateSimplex;
  return run;
}

inline void print_vec(const char* name, const btVector3& v) {
  std::printf("%s (%.17g, %.17g, %.17g)\n", name, v.x(), v.y(), v.z());
}

inline void print_pair_detector(const PairDetectorRun& run) {
  std::printf("btGjkPairDetector: %zu result(s), m_lastUsedMethod %d, m_degenerateSimplex %d\n",
              run.result.points.size(), run.last_used_method, run.degenerate_simplex);
  for (const ReproResult::Point& p : run.result.points) {
    print_vec("  normalOnB", p.normal_on_b);
    print_vec("  pointOnB ", p.point_on_b);
    std::printf("  distance  %.17g\n", p.depth);
  }
}

/// btGjkEpaSolver2 as the adapter calls it: Distance on the cores (margins subtracted), then
/// Penetration with margins when Distance fails with status Penetrating; guess (1, 0, 0).
struct Solver2Run {
  bool distance_ok = false, penetration_ok = false;
  btGjkEpaSolver2::sResults r;
};
inline Solver2Run run_solver2(ReproShape& a, ReproShape& b) {
  Solver2Run run;
  const btVector3 guess(1, 0, 0);
  run.distance_ok = btGjkEpaSolver2::Distance(a.shape.get(), a.transform, b.shape.get(),
                                              b.transform, guess, run.r);
  if (run.distance_ok) {
    run.r.distance -= a.shape->getMargin() + b.shape->getMargin();
  } else if (run.r.status == btGjkEpaSolver2::sResults::Penetrating) {
    run.penetration_ok = btGjkEpaSolver2::Penetration(a.shape.get(), a.transform, b.shape.get(),
                                                      b.transform, guess, run.r);
  }
  std::printf("btGjkEpaSolver2: Distance %s, Penetration %s, status %d, distance %.17g\n",
              run.distance_ok ? "true" : "false", run.penetration_ok ? "true" : "false",
              static_cast<int>(run.r.status), run.r.distance);
  print_vec("  normal (B to A)", run.r.normal);
  print_vec("  witness on A   ", run.r.witnesses[0]);
  print_vec("  witness on B   ", run.r.witnesses[1]);
  return run;
}
