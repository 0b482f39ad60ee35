#pragma once
// minkowski/fast/manifold3.hpp — contact manifold of two 3D rounded convex hulls: reference face,
// incident face clipped against the reference face's side planes, reduced to at most 4 points;
// edge–edge contacts as the closest points of the two edges.
//
// API (fixed for issue 22; the SAT/manifold work implements it and writes this header's
// documentation):
//   contact_manifold(a, b, margin, cache) -> Manifold3<T>
// STUB until the SAT/manifold work lands.

#include <cstdint>

#include "minkowski/fast/sat3.hpp"
#include "minkowski/fast/shape3.hpp"
#include "minkowski/fast/vec3.hpp"

namespace minkowski::fast {

/// Kind of feature a 3D contact point comes from on one shape.
enum class FeatureType3 : std::uint8_t { vertex, edge, face, none };

/// Feature pair that produced a contact point, for matching points across frames.
struct ContactFeature3 {
  FeatureType3 type_a = FeatureType3::none;
  FeatureType3 type_b = FeatureType3::none;
  std::uint32_t index_a = 0;
  std::uint32_t index_b = 0;
  friend constexpr bool operator==(const ContactFeature3&, const ContactFeature3&) = default;
};

/// One contact point.
template <class T>
struct ManifoldPoint3 {
  Vec3<T> point;       ///< midway between point_a and point_b
  Vec3<T> point_a;     ///< on A's surface
  Vec3<T> point_b;     ///< on B's surface
  T separation;        ///< signed gap along the normal: < 0 penetrating (depth = −separation)
  ContactFeature3 id;  ///< features of A and B that produced the point
};

/// Which rule produced the manifold.
enum class ManifoldKind3 : std::uint8_t { none, face_a, face_b, edge_edge, closest };

/// Contact manifold: at most four points sharing one normal.
template <class T>
struct Manifold3 {
  Vec3<T> normal{};             ///< unit, from A towards B; meaningful when point_count > 0
  ManifoldPoint3<T> points[4];  ///< points[0 .. point_count)
  int point_count = 0;          ///< 0..4
  ManifoldKind3 kind = ManifoldKind3::none;
  std::uint32_t reference_face = 0;  ///< face index on the reference shape (face_a / face_b)
  int axes_tested = 0;
};

template <class T>
Manifold3<T> contact_manifold(const ConvexShape3<T>& a, const ConvexShape3<T>& b, T margin = T(0),
                              SatCache3* cache = nullptr) {
  (void)a, (void)b, (void)margin, (void)cache;
  return {};  // STUB
}

}  // namespace minkowski::fast
