#pragma once
// minkowski/fast/vec2.hpp — the 2D vector every fast algorithm computes with.
//
// A plain aggregate of two coordinates of type T (float or double; any type with the arithmetic
// operators and comparisons works, which lets the algorithms run on exact number types too).
// All operations are inline and allocation-free. Nothing here rounds more than the expression
// written: the build uses -ffp-contract=off, so a*b+c is two roundings on every target.

#include <cmath>
#include <limits>

namespace minkowski::fast {

template <class T>
struct Vec2 {
  T x{};
  T y{};

  friend constexpr Vec2 operator+(Vec2 a, Vec2 b) { return {a.x + b.x, a.y + b.y}; }
  friend constexpr Vec2 operator-(Vec2 a, Vec2 b) { return {a.x - b.x, a.y - b.y}; }
  friend constexpr Vec2 operator-(Vec2 a) { return {-a.x, -a.y}; }
  friend constexpr Vec2 operator*(T s, Vec2 a) { return {s * a.x, s * a.y}; }
  friend constexpr Vec2 operator*(Vec2 a, T s) { return {a.x * s, a.y * s}; }
  friend constexpr bool operator==(Vec2 a, Vec2 b) { return a.x == b.x && a.y == b.y; }
  friend constexpr bool operator!=(Vec2 a, Vec2 b) { return !(a == b); }
};

/// a · b
template <class T>
constexpr T dot(Vec2<T> a, Vec2<T> b) {
  return a.x * b.x + a.y * b.y;
}

/// a × b, the z-component of the 3D cross product: > 0 when b is counter-clockwise of a.
template <class T>
constexpr T cross(Vec2<T> a, Vec2<T> b) {
  return a.x * b.y - a.y * b.x;
}

/// a rotated by +90° (counter-clockwise).
template <class T>
constexpr Vec2<T> perp_left(Vec2<T> a) {
  return {-a.y, a.x};
}

/// a rotated by -90° (clockwise): the outward normal of a counter-clockwise edge direction a.
template <class T>
constexpr Vec2<T> perp_right(Vec2<T> a) {
  return {a.y, -a.x};
}

template <class T>
constexpr T length_squared(Vec2<T> a) {
  return dot(a, a);
}

template <class T>
T length(Vec2<T> a) {
  using std::sqrt;
  return sqrt(dot(a, a));
}

/// The squared length below which a computed dot(d, d) may carry subnormal rounding: min normal /
/// epsilon², i.e. |d| below sqrt(min normal)/epsilon = 2^-459 ≈ 6.7e-139 in double, 2^-40 ≈
/// 9.1e-13 in float. Above it the larger square is normal with all its bits and the smaller one, if
/// subnormal, lies below its rounding. 0 for types without IEEE limits (exact number types).
template <class T>
constexpr T normalize_below2() {
  if constexpr (std::numeric_limits<T>::is_iec559) {
    constexpr T eps = std::numeric_limits<T>::epsilon();
    return std::numeric_limits<T>::min() / (eps * eps);
  } else {
    return T(0);
  }
}

/// d / |d|, given d != 0 and its computed squared length d2 = dot(d, d) > 0.
///
/// Where d2 >= normalize_below2<T>() the result is (1/sqrt(d2))·d, one rounding per operation.
/// Below, d2 carries subnormal rounding or is 0 (two disc centres 2.3e-156 apart gave a "unit"
/// normal 1e-13 too long in double: fixtures/found/fuzz-79aec1dfca82fea1.json), so d is first
/// divided by its largest component, which is exact up to one rounding per coordinate, and the
/// quotient, of length in [1, √2], is normalised. Types without IEEE limits (exact number types)
/// take the first form.
template <class T>
Vec2<T> unit_vector(Vec2<T> d, T d2) {
  using std::sqrt;
  if constexpr (std::numeric_limits<T>::is_iec559) {
    if (!(d2 >= normalize_below2<T>())) {
      using std::abs;
      const T m = abs(d.x) > abs(d.y) ? abs(d.x) : abs(d.y);
      const Vec2<T> w{d.x / m, d.y / m};
      return (T(1) / sqrt(dot(w, w))) * w;
    }
  }
  return (T(1) / sqrt(d2)) * d;
}

/// Orientation of the triangle (a, b, c): > 0 counter-clockwise, < 0 clockwise, 0 collinear
/// (as computed in T: near-collinear triples may get either sign; see reference/ for exact).
template <class T>
constexpr T orient(Vec2<T> a, Vec2<T> b, Vec2<T> c) {
  return cross(b - a, c - a);
}

}  // namespace minkowski::fast
