#pragma once
// minkowski/fast/sat3.hpp — the separating axis test for 3D rounded convex hulls: face normals of
// both cores and edge–edge axes pruned on the Gauss map, with the minimum translation vector.
//
// API (fixed for issue 22; the SAT/manifold work implements it and writes this header's
// documentation):
//   sat_query(a, b, cache, options) -> SatResult3<T>
// STUB until the SAT/manifold work lands.

#include <cstdint>

#include "minkowski/fast/sat.hpp"  // SatOptions
#include "minkowski/fast/shape3.hpp"
#include "minkowski/fast/tolerances3.hpp"
#include "minkowski/fast/vec3.hpp"

namespace minkowski::fast {

/// Which feature(s) define a 3D SAT axis.
enum class SatAxis3 : std::uint8_t {
  none,       ///< no axis (an empty cache)
  face_a,     ///< outward normal of A's face index_a
  face_b,     ///< outward normal of B's face index_b (B is pushed along −normal)
  edge_edge,  ///< cross product of A's edge index_a and B's edge index_b
  closest,    ///< along the cores' closest points (rounded or degenerate shapes, cores apart)
};

/// Warm-start cache: the last best (or separating) axis of a pair as feature ids. Zero-initialised
/// = empty; indices that do not fit the shapes are ignored.
struct SatCache3 {
  SatAxis3 axis = SatAxis3::none;
  std::uint32_t index_a = 0;
  std::uint32_t index_b = 0;
};

/// Answer of sat_query in 3D (fields as the 2D SatResult).
template <class T>
struct SatResult3 {
  bool intersects = false;  ///< the closed rounded shapes share a point (touching counts)
  T separation{};           ///< signed gap along `normal`, radii included (> 0: separated)
  T depth{};                ///< max(0, −separation): the minimum translation's length
  Vec3<T> normal{};         ///< unit, from A towards B
  SatAxis3 axis = SatAxis3::none;
  std::uint32_t index_a = 0;            ///< A's face or edge of `axis`
  std::uint32_t index_b = 0;            ///< B's face or edge of `axis`
  bool separation_is_distance = false;  ///< separated: `separation` is the Euclidean distance
  int axes_tested = 0;
};

template <class T>
SatResult3<T> sat_query(const ConvexShape3<T>& a, const ConvexShape3<T>& b,
                        SatCache3* cache = nullptr, const SatOptions& options = {}) {
  (void)a, (void)b, (void)cache, (void)options;
  return {};  // STUB
}

}  // namespace minkowski::fast
