#pragma once
// minkowski/fast/tolerances.hpp — every tolerance of the fast narrow phase, in one place.
//
// Each constant says where its value comes from. Tolerances scale with the case: S is the largest
// absolute coordinate involved and u the unit roundoff of T (DESIGN.md, "The tolerance model").

#include <cmath>
#include <limits>

namespace minkowski::fast {

/// Unit roundoff u of T: 2^-53 for double, 2^-24 for float.
template <class T>
constexpr T unit_roundoff() { return std::numeric_limits<T>::epsilon() / T(2); }

/// Points closer than kWeldUlps · u · S (in both coordinates) are welded into one when a shape is
/// built. 4 ulps of the largest coordinate: two inputs that were meant to coincide but went
/// through one or two roundings each are merged, while any feature larger than the error the
/// tolerance model already allows (k·u·S with k >= 4 for every algorithm) is kept.
inline constexpr double kWeldUlps = 4.0;

/// Largest |coordinate| or radius a shape may have in T. The algorithms square differences of
/// Minkowski-difference points (each up to 4·S in magnitude, with a radius) and must not
/// overflow: 16 · S ≤ sqrt(max) leaves (16 S)^2 ≤ max with room for a sum of two such products.
template <class T>
T max_coordinate() {
  using std::sqrt;
  return sqrt(std::numeric_limits<T>::max()) / T(16);
}

/// Largest number of points a shape may be built from. A convex hull of more points than this is
/// refused with an error rather than attempted: 1,048,576 points is 16 MiB of double input, far
/// beyond any collision shape, and keeps a hostile file from exhausting memory.
inline constexpr std::size_t kMaxShapePoints = std::size_t{1} << 20;

}  // namespace minkowski::fast
