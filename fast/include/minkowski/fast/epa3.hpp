#pragma once
// minkowski/fast/epa3.hpp — EPA in 3D: penetration depth and normal of two overlapping cores from
// GJK's final simplex.
//
// API (fixed for issue 22; the GJK/EPA work implements it and writes this header's documentation):
//   epa(a, b, gjk_output, options) -> EpaOutput3<T>
// Statuses: EpaStatus (epa.hpp) where they mean the same; the 3D-only exits are EpaStatus3's.
// STUB until the GJK/EPA work lands.

#include <cstddef>
#include <cstdint>

#include "minkowski/fast/epa.hpp"  // EpaStatus, EpaOptions
#include "minkowski/fast/gjk3.hpp"
#include "minkowski/fast/shape3.hpp"
#include "minkowski/fast/tolerances3.hpp"
#include "minkowski/fast/vec3.hpp"

namespace minkowski::fast {

/// Result of epa() in 3D. All vectors are in the shapes' common (world) frame.
template <class T>
struct EpaOutput3 {
  EpaStatus status = EpaStatus::not_intersecting;  ///< which exit ended the iteration
  Vec3<T> normal;         ///< unit, from A towards B: B moved by normal · depth touches A
  T depth = T(0);         ///< penetration depth of the rounded shapes: core_depth + ra + rb
  T core_depth = T(0);    ///< penetration depth of the cores (an upper bound)
  T error_bound = T(0);   ///< core_depth − (lower bound on the exact core depth), >= 0
  Vec3<T> point_a;        ///< deepest point of A along normal (core point + ra · normal)
  Vec3<T> point_b;        ///< deepest point of B against normal (core point − rb · normal)
  int iterations = 0;     ///< support evaluations made
  int polytope_size = 0;  ///< vertices of the final polytope
};

template <class T>
EpaOutput3<T> epa(const ConvexShape3<T>& a, const ConvexShape3<T>& b, const GjkOutput3<T>& gjk,
                  const EpaOptions<T>& options = {}) {
  (void)a, (void)b, (void)gjk, (void)options;
  return {};  // STUB
}

}  // namespace minkowski::fast
