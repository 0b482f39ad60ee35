#pragma once
// minkowski/fast/vec3.hpp — the 3D vector every fast 3D algorithm computes with.
//
// A plain aggregate of three coordinates of type T (float or double; any type with the arithmetic
// operators works, which lets the algorithms run on exact number types too). All operations are
// inline and allocation-free. Nothing here rounds more than the expression written: the build
// uses -ffp-contract=off, so a*b+c is two roundings on every target.

#include <cmath>
#include <limits>

#include "minkowski/fast/vec2.hpp"  // normalize_below2

namespace minkowski::fast {

template <class T>
struct Vec3 {
  T x{};
  T y{};
  T z{};

  friend constexpr Vec3 operator+(Vec3 a, Vec3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
  friend constexpr Vec3 operator-(Vec3 a, Vec3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
  friend constexpr Vec3 operator-(Vec3 a) { return {-a.x, -a.y, -a.z}; }
  friend constexpr Vec3 operator*(T s, Vec3 a) { return {s * a.x, s * a.y, s * a.z}; }
  friend constexpr Vec3 operator*(Vec3 a, T s) { return {a.x * s, a.y * s, a.z * s}; }
  friend constexpr bool operator==(Vec3 a, Vec3 b) {
    return a.x == b.x && a.y == b.y && a.z == b.z;
  }
  friend constexpr bool operator!=(Vec3 a, Vec3 b) { return !(a == b); }
};

/// a · b
template <class T>
constexpr T dot(Vec3<T> a, Vec3<T> b) {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}

/// a × b (right-handed).
template <class T>
constexpr Vec3<T> cross(Vec3<T> a, Vec3<T> b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

template <class T>
constexpr T length_squared(Vec3<T> a) {
  return dot(a, a);
}

template <class T>
T length(Vec3<T> a) {
  using std::sqrt;
  return sqrt(dot(a, a));
}

/// Largest absolute coordinate, |a|∞.
template <class T>
T max_abs(Vec3<T> a) {
  using std::abs;
  const T m = abs(a.x) > abs(a.y) ? abs(a.x) : abs(a.y);
  return m > abs(a.z) ? m : abs(a.z);
}

/// d / |d|, given d != 0 and its computed squared length d2 = dot(d, d) > 0. As the 2D
/// unit_vector (vec2.hpp): below normalize_below2<T>() the squared length carries subnormal
/// rounding, so d is first divided by its largest component (exact up to one rounding per
/// coordinate) and the quotient, of length in [1, √3], is normalised.
template <class T>
Vec3<T> unit_vector(Vec3<T> d, T d2) {
  using std::sqrt;
  if constexpr (std::numeric_limits<T>::is_iec559) {
    if (!(d2 >= normalize_below2<T>())) {
      const T m = max_abs(d);
      const Vec3<T> w{d.x / m, d.y / m, d.z / m};
      return (T(1) / sqrt(dot(w, w))) * w;
    }
  }
  return (T(1) / sqrt(d2)) * d;
}

/// Signed volume (times 6) of the tetrahedron (a, b, c, d): dot(b − a, cross(c − a, d − a)).
/// > 0 when d lies on the side of the right-hand normal of (a, b, c), as computed in T
/// (near-coplanar quadruples may get either sign; reference/ has the exact predicate).
template <class T>
constexpr T orient3(Vec3<T> a, Vec3<T> b, Vec3<T> c, Vec3<T> d) {
  return dot(cross(b - a, c - a), d - a);
}

}  // namespace minkowski::fast
