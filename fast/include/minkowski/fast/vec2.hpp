#pragma once
// minkowski/fast/vec2.hpp — the 2D vector every fast algorithm computes with.
//
// A plain aggregate of two coordinates of type T (float or double; any type with the arithmetic
// operators and comparisons works, which lets the algorithms run on exact number types too).
// All operations are inline and allocation-free. Nothing here rounds more than the expression
// written: the build uses -ffp-contract=off, so a*b+c is two roundings on every target.

#include <cmath>

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
constexpr T dot(Vec2<T> a, Vec2<T> b) { return a.x * b.x + a.y * b.y; }

/// a × b, the z-component of the 3D cross product: > 0 when b is counter-clockwise of a.
template <class T>
constexpr T cross(Vec2<T> a, Vec2<T> b) { return a.x * b.y - a.y * b.x; }

/// a rotated by +90° (counter-clockwise).
template <class T>
constexpr Vec2<T> perp_left(Vec2<T> a) { return {-a.y, a.x}; }

/// a rotated by -90° (clockwise): the outward normal of a counter-clockwise edge direction a.
template <class T>
constexpr Vec2<T> perp_right(Vec2<T> a) { return {a.y, -a.x}; }

template <class T>
constexpr T length_squared(Vec2<T> a) { return dot(a, a); }

template <class T>
T length(Vec2<T> a) { using std::sqrt; return sqrt(dot(a, a)); }

/// Orientation of the triangle (a, b, c): > 0 counter-clockwise, < 0 clockwise, 0 collinear
/// (as computed in T: near-collinear triples may get either sign; see reference/ for exact).
template <class T>
constexpr T orient(Vec2<T> a, Vec2<T> b, Vec2<T> c) { return cross(b - a, c - a); }

}  // namespace minkowski::fast
