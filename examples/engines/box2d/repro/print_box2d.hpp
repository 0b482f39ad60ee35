// print_box2d.hpp — prints Box2D 2.4.1's raw narrow-phase answers for one pair of shapes, the same
// calls minkowski_exec_box2d makes (identity transforms), so each repro program in this folder
// shows what Box2D itself says. Box2D only: no minkowski header, so a Box2D maintainer can build a
// repro with `g++ -std=c++17 repro/<class>.cpp -lbox2d`.
//
//   Box2dAnswer ask_box2d(a, b)   runs b2TestOverlap, b2Distance (useRadii = true) and the collide
//                                 function for the pair (polygon–polygon or circle–circle), reads
//                                 the manifold through b2WorldManifold, and prints all of it.
// Floats are printed with 9 significant digits: enough to round-trip a float exactly.
#pragma once

#include <box2d/b2_circle_shape.h>
#include <box2d/b2_collision.h>
#include <box2d/b2_distance.h>
#include <box2d/b2_polygon_shape.h>

#include <cstdio>
#include <type_traits>

struct Box2dAnswer {
  bool overlap = false;         // b2TestOverlap
  b2DistanceOutput distance{};  // b2Distance, useRadii = true
  b2Manifold manifold{};        // b2CollidePolygons / b2CollideCircles (local frame)
  b2WorldManifold world{};  // the manifold in world coordinates: normal A→B, points, separations
};

inline void print_polygon(const char* name, const b2PolygonShape& p) {
  std::printf("%s: b2PolygonShape, m_radius %.9g, %d vertices after Set:", name, p.m_radius,
              p.m_count);
  for (int i = 0; i < p.m_count; ++i)
    std::printf(" (%.9g, %.9g)", p.m_vertices[i].x, p.m_vertices[i].y);
  std::printf("\n");
}

inline void print_circle(const char* name, const b2CircleShape& c) {
  std::printf("%s: b2CircleShape at (%.9g, %.9g), m_radius %.9g\n", name, c.m_p.x, c.m_p.y,
              c.m_radius);
}

/// Runs and prints Box2D's queries on A and B (both polygons or both circles; identity transforms).
template <class Shape>
Box2dAnswer ask_box2d(const Shape& a, const Shape& b) {
  b2Transform identity;
  identity.SetIdentity();
  Box2dAnswer out;
  out.overlap = b2TestOverlap(&a, 0, &b, 0, identity, identity);

  b2DistanceInput in;
  in.proxyA.Set(&a, 0);
  in.proxyB.Set(&b, 0);
  in.transformA = identity;
  in.transformB = identity;
  in.useRadii = true;
  b2SimplexCache cache;
  cache.count = 0;
  b2Distance(&out.distance, &cache, &in);

  if constexpr (std::is_same_v<Shape, b2PolygonShape>) {
    b2CollidePolygons(&out.manifold, &a, identity, &b, identity);
  } else {
    b2CollideCircles(&out.manifold, &a, identity, &b, identity);
  }
  out.world.Initialize(&out.manifold, identity, a.m_radius, identity, b.m_radius);

  static const char* kTypes[] = {"e_circles", "e_faceA", "e_faceB"};
  std::printf("b2TestOverlap: %s\n", out.overlap ? "true" : "false");
  std::printf(
      "b2Distance: distance %.9g, pointA (%.9g, %.9g), pointB (%.9g, %.9g), iterations %d\n",
      out.distance.distance, out.distance.pointA.x, out.distance.pointA.y, out.distance.pointB.x,
      out.distance.pointB.y, out.distance.iterations);
  std::printf(
      "b2Manifold: type %s, pointCount %d, localNormal (%.9g, %.9g), localPoint (%.9g, %.9g)\n",
      kTypes[out.manifold.type], out.manifold.pointCount, out.manifold.localNormal.x,
      out.manifold.localNormal.y, out.manifold.localPoint.x, out.manifold.localPoint.y);
  if (out.manifold.pointCount > 0) {
    std::printf("b2WorldManifold: normal (%.9g, %.9g)\n", out.world.normal.x, out.world.normal.y);
    for (int i = 0; i < out.manifold.pointCount; ++i)
      std::printf("  point %d: (%.9g, %.9g), separation %.9g\n", i, out.world.points[i].x,
                  out.world.points[i].y, out.world.separations[i]);
  }
  return out;
}
