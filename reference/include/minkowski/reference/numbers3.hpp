#pragma once
// minkowski/reference/numbers3.hpp — exact 3D points of the oracle (docs/design.md, "Three
// dimensions"). The number types are those of numbers.hpp.
//
// ExactPoint3: each coordinate the exact sum hi + lo of two doubles, the form in which the
// difference a − b of two doubles is always exact (exact_difference, TwoSum). RationalPoint3:
// GMP rationals.

#include <string>

#include "minkowski/reference/numbers.hpp"
#include "minkowski/reference/shape3.hpp"

namespace minkowski::reference {

struct ExactPoint3 {
  ExactCoord x;
  ExactCoord y;
  ExactCoord z;
  friend bool operator==(const ExactPoint3&, const ExactPoint3&) = default;
};

/// A double point as an exact point (lo parts 0).
inline ExactPoint3 exact(const Point3& p) { return {{p.x, 0}, {p.y, 0}, {p.z, 0}}; }

/// The exact difference a − b, coordinate by coordinate.
inline ExactPoint3 exact_difference(const Point3& a, const Point3& b) {
  return {exact_difference(a.x, b.x), exact_difference(a.y, b.y), exact_difference(a.z, b.z)};
}

/// Exact lexicographic order (x, then y, then z) of exact points.
inline bool lex_less(const ExactPoint3& p, const ExactPoint3& q) {
  auto less = [](const ExactCoord& a, const ExactCoord& b) {
    return a.hi != b.hi ? a.hi < b.hi : a.lo < b.lo;
  };
  if (!(p.x == q.x)) return less(p.x, q.x);
  if (!(p.y == q.y)) return less(p.y, q.y);
  return less(p.z, q.z);
}

/// A point with exact rational coordinates.
struct RationalPoint3 {
  Rational x;
  Rational y;
  Rational z;
  friend bool operator==(const RationalPoint3&, const RationalPoint3&) = default;
};

inline RationalPoint3 to_rational(const ExactPoint3& p) {
  return {to_rational(p.x), to_rational(p.y), to_rational(p.z)};
}
inline RationalPoint3 to_rational(const Point3& p) {
  return {Rational(p.x), Rational(p.y), Rational(p.z)};
}

}  // namespace minkowski::reference
