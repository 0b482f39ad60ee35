#pragma once
// minkowski/fast/gjk3.hpp — GJK in 3D: distance, closest points and overlap of two rounded convex
// hulls (docs/design.md, "Three dimensions").
//
// API (fixed for issue 22; the GJK/EPA work implements it and writes this header's documentation):
//   gjk_distance(a, b, cache, options) -> GjkOutput3<T>
//   gjk_overlap(a, b, cache, options)  -> bool
// The statuses (GjkStatus) and options (GjkOptions) are the 2D ones (gjk.hpp).
// STUB until the GJK/EPA work lands.

#include <cstdint>

#include "minkowski/fast/gjk.hpp"  // GjkStatus, GjkOptions, describe(GjkStatus)
#include "minkowski/fast/shape3.hpp"
#include "minkowski/fast/support3.hpp"
#include "minkowski/fast/tolerances3.hpp"
#include "minkowski/fast/vec3.hpp"

namespace minkowski::fast {

/// Warm-start cache: the vertex indices of the last simplex (count 0 = cold start). Indices out
/// of range for the shapes passed are ignored, so a stale cache is harmless.
struct GjkCache3 {
  int count = 0;                ///< number of cached vertices, 0..4
  VertexIndex index_a[4] = {};  ///< vertex indices on A of the simplex vertices
  VertexIndex index_b[4] = {};  ///< vertex indices on B of the simplex vertices
};

/// The final simplex: 1 to 4 points of A ⊖ B (cores) and the barycentric coordinates of the
/// closest point (with status overlap: of the origin, or of a point of the simplex nearest it).
template <class T>
struct GjkSimplex3 {
  int count = 0;                 ///< 1..4 (0 only for status empty_shape)
  MinkowskiPoint3<T> points[4];  ///< points[i].w = A.vertex(ia) − B.vertex(ib)
  T bary[4] = {};                ///< barycentric weights, >= 0, summing to 1
};

/// Result of gjk_distance. All vectors are in the shapes' common (world) frame.
template <class T>
struct GjkOutput3 {
  GjkStatus status = GjkStatus::empty_shape;  ///< which exit ended the iteration
  bool intersects = false;  ///< the rounded shapes overlap or touch (core distance <= ra + rb)
  T distance = T(0);        ///< distance between the rounded shapes, >= 0; 0 when intersects
  T core_distance = T(0);   ///< distance between the cores, >= 0; 0 when they overlap
  Vec3<T> normal;           ///< unit, from A towards B along the closest core points; zero when
                            ///< core_distance == 0
  Vec3<T> point_a;          ///< closest point on A: core point + ra · normal
  Vec3<T> point_b;          ///< closest point on B: core point − rb · normal
  GjkSimplex3<T> simplex;   ///< final simplex (input of EPA)
  int iterations = 0;       ///< support evaluations made
};

template <class T>
GjkOutput3<T> gjk_distance(const ConvexShape3<T>& a, const ConvexShape3<T>& b,
                           GjkCache3* cache = nullptr, const GjkOptions& options = {}) {
  (void)a, (void)b, (void)cache, (void)options;
  return {};  // STUB
}

template <class T>
bool gjk_overlap(const ConvexShape3<T>& a, const ConvexShape3<T>& b, GjkCache3* cache = nullptr,
                 const GjkOptions& options = {}) {
  return gjk_distance(a, b, cache, options).intersects;  // STUB
}

}  // namespace minkowski::fast
