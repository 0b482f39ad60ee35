#pragma once
// The benchmark pairs as Box2D 2.4.1 polygons (only when Box2D is found: MINKOWSKI_HAVE_BOX2D).
// Identity transforms; b2PolygonShape::Set hulls and welds, and gives every polygon the skin
// b2_polygonRadius. The populations were drawn so that Set keeps every vertex (checked here).
#include <box2d/b2_collision.h>
#include <box2d/b2_distance.h>
#include <box2d/b2_polygon_shape.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#include "narrow_phase_pairs.hpp"

namespace minkowski::bench {

struct Box2dPair {
  b2PolygonShape a, b;
  b2DistanceInput distance_input;  ///< proxies of a and b, identity transforms, useRadii false
};

inline b2PolygonShape to_box2d(const Poly& p) {
  b2Vec2 v[b2_maxPolygonVertices];
  if (p.size() > static_cast<std::size_t>(b2_maxPolygonVertices)) {
    std::fprintf(stderr, "box2d_pairs: %zu > b2_maxPolygonVertices vertices\n", p.size());
    std::abort();
  }
  for (std::size_t i = 0; i < p.size(); ++i)
    v[i].Set(static_cast<float>(p[i].x), static_cast<float>(p[i].y));  // exact: float-valued
  b2PolygonShape s;
  s.Set(v, static_cast<int32>(p.size()));
  if (s.m_count != static_cast<int32>(p.size())) {
    std::fprintf(stderr, "box2d_pairs: Box2D kept %d of %zu vertices\n", s.m_count, p.size());
    std::abort();
  }
  return s;
}

inline const b2Transform& identity_transform() {
  static const b2Transform xf = [] {
    b2Transform t;
    t.SetIdentity();
    return t;
  }();
  return xf;
}

/// Box2D copies of `pairs`. The result must not move afterwards (the proxies point into it):
/// reserve is done here and the vector is returned by value (moving a vector keeps its buffer).
inline std::vector<Box2dPair> to_box2d(const std::vector<PolyPair>& pairs) {
  std::vector<Box2dPair> out(pairs.size());
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    Box2dPair& bp = out[i];
    bp.a = to_box2d(pairs[i].a);
    bp.b = to_box2d(pairs[i].b);
    bp.distance_input.proxyA.Set(&bp.a, 0);
    bp.distance_input.proxyB.Set(&bp.b, 0);
    bp.distance_input.transformA = identity_transform();
    bp.distance_input.transformB = identity_transform();
    bp.distance_input.useRadii = false;  // distance of the polygons themselves, as ours
  }
  return out;
}

}  // namespace minkowski::bench
