#pragma once
// minkowski/fast/support3.hpp — support mappings of 3D shapes: the vertex farthest along a
// direction.
//
// API (fixed for issue 22; the shape work implements it):
//   support_index_linear(shape, d)       index of a vertex maximizing dot(v, d); O(n) scan.
//   support_index_climb(shape, d, start) the same by hill-climbing over vertex adjacency from
//                                        `start`, with the 2D code's tie band; bounded.
//   support_index(shape, d, method)      automatic choice by size.
//   support_difference(a, b, d, hint)    a support point of A ⊖ B (cores) with its two indices.
// STUB until the shape work lands: linear scans.

#include <cstddef>
#include <cstdint>

#include "minkowski/fast/shape3.hpp"
#include "minkowski/fast/support.hpp"  // SupportMethod, VertexIndex, MINKOWSKI_FAST_INLINE
#include "minkowski/fast/vec3.hpp"

namespace minkowski::fast {

/// A point of the Minkowski difference of two cores and the vertices it came from.
template <class T>
struct MinkowskiPoint3 {
  Vec3<T> w;           ///< a[ia] − b[ib]
  VertexIndex ia = 0;  ///< vertex index on A
  VertexIndex ib = 0;  ///< vertex index on B
};

template <class T>
std::size_t support_index_linear(const ConvexShape3<T>& s, Vec3<T> d) {
  std::size_t best = 0;
  T best_dot = dot(s.vertex(0), d);
  for (std::size_t i = 1; i < s.size(); ++i) {
    const T v = dot(s.vertex(i), d);
    if (v > best_dot) best_dot = v, best = i;
  }
  return best;
}

template <class T>
std::size_t support_index_climb(const ConvexShape3<T>& s, Vec3<T> d, std::size_t start) {
  (void)start;
  return support_index_linear(s, d);  // STUB
}

template <class T>
std::size_t support_index(const ConvexShape3<T>& s, Vec3<T> d,
                          SupportMethod method = SupportMethod::automatic) {
  (void)method;
  return support_index_linear(s, d);  // STUB
}

/// Support point of A ⊖ B (cores) in direction d; `hint_a`/`hint_b` are start vertices for the
/// climbing search (the previous support vertices; any valid index otherwise).
template <class T>
MinkowskiPoint3<T> support_difference(const ConvexShape3<T>& a, const ConvexShape3<T>& b, Vec3<T> d,
                                      VertexIndex hint_a = 0, VertexIndex hint_b = 0,
                                      SupportMethod method = SupportMethod::automatic) {
  (void)hint_a, (void)hint_b, (void)method;
  const std::size_t ia = support_index_linear(a, d);
  const std::size_t ib = support_index_linear(b, -d);
  return {a.vertex(ia) - b.vertex(ib), static_cast<VertexIndex>(ia), static_cast<VertexIndex>(ib)};
}

}  // namespace minkowski::fast
