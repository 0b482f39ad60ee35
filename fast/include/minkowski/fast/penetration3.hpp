#pragma once
// minkowski/fast/penetration3.hpp — the 3D answer of the `--exec` protocol from GJK and EPA:
// separated pairs by GJK's distance, overlapping ones by EPA's depth and normal.
//
// API (fixed for issue 22; the GJK/EPA work implements it):
//   penetration(a, b, cache) -> PenetrationResult3<T>
// STUB until the GJK/EPA work lands.

#include "minkowski/fast/epa.hpp"  // PenetrationStatus
#include "minkowski/fast/epa3.hpp"
#include "minkowski/fast/gjk3.hpp"
#include "minkowski/fast/shape3.hpp"
#include "minkowski/fast/vec3.hpp"

namespace minkowski::fast {

/// Answer of penetration() in 3D: the fields of the `--exec` protocol plus provenance.
template <class T>
struct PenetrationResult3 {
  bool intersects = false;  ///< the rounded shapes overlap or touch (touching: depth 0)
  Vec3<T> normal;           ///< unit, from A towards B
  T depth = T(0);           ///< penetration depth (0 when separated or touching)
  T distance = T(0);        ///< distance between the shapes (0 when intersecting)
  Vec3<T> point_a;          ///< on A's surface
  Vec3<T> point_b;          ///< on B's surface
  PenetrationStatus status = PenetrationStatus::empty_shape;  ///< which path answered
  GjkStatus gjk_status = GjkStatus::empty_shape;
  EpaStatus epa_status = EpaStatus::not_run;
  int gjk_iterations = 0;
  int epa_iterations = 0;
};

template <class T>
PenetrationResult3<T> penetration(const ConvexShape3<T>& a, const ConvexShape3<T>& b,
                                  GjkCache3* cache = nullptr) {
  (void)a, (void)b, (void)cache;
  return {};  // STUB
}

}  // namespace minkowski::fast
