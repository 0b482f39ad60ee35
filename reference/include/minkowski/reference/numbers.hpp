#pragma once
// minkowski/reference/numbers.hpp — the exact and high-precision number types of the oracle.
//
// Rational: GMP rationals through Boost.Multiprecision (exact, never rounds).
// Real: 257-bit MPFR floats, used only for values of the form r ± sqrt(q) (radius involved).
// ExactPoint: a point whose coordinates are each the exact sum hi + lo of two doubles — the form
// in which a − b of two doubles is always exact (TwoSum; Knuth, TAOCP vol. 2, §4.2.2).

#include <boost/multiprecision/gmp.hpp>
#include <boost/multiprecision/mpfr.hpp>
#include <limits>
#include <string>

namespace minkowski::reference {

// Expression templates off: an `auto` lambda returning a*b + c*d would otherwise return an
// expression that refers to destroyed temporaries.
using Rational = boost::multiprecision::number<boost::multiprecision::gmp_rational,
                                               boost::multiprecision::et_off>;
// mpfr_float_backend's parameter counts decimal digits, not bits: 77 digits are 257 bits, the
// least precision >= 256 bits (docs/design.md, "Exactness"); a larger parameter only makes the
// MPFR square roots and conversions slower. Signs never depend on it (relations are decided on
// rationals). A witness point core + r·n is a sum that can cancel: it is within
// 2^-256·(|core| + r) of the exact point, so its 40 printed digits are all right only while the
// point is at least ~2^-120 times that size.
using Real = boost::multiprecision::number<boost::multiprecision::mpfr_float_backend<77>,
                                           boost::multiprecision::et_off>;

/// Bits of precision of Real (>= 256, as docs/design.md, "Exactness", requires for magnitudes
/// with a radius).
inline constexpr unsigned kRealBits = 256;
static_assert(std::numeric_limits<Real>::digits >= static_cast<int>(kRealBits),
              "Real must carry at least kRealBits bits");

/// Unit roundoff of double, u = 2^-53: round to nearest errs by at most u relative (above the
/// underflow threshold). Every error bound in reference/ is written in multiples of it: the
/// orientation filters (predicates.hpp, the hull's static filter in src/hull.cpp) and the running
/// bounds of src/approx.hpp and src/rounded_distance.cpp.
inline constexpr double kUnitRoundoff = 0x1p-53;

/// An exact coordinate value hi + lo with |lo| <= ulp(hi)/2 (a normalized TwoSum pair). Ordering
/// of such pairs is lexicographic on (hi, lo): rounding to nearest is monotone.
struct ExactCoord {
  double hi = 0;
  double lo = 0;
  friend bool operator==(const ExactCoord&, const ExactCoord&) = default;
};

struct ExactPoint {
  ExactCoord x;
  ExactCoord y;
  friend bool operator==(const ExactPoint&, const ExactPoint&) = default;
};

/// The exact difference a − b of two doubles as a normalized pair (TwoSum, 6 flops).
inline ExactCoord exact_difference(double a, double b) {
  const double s = a - b;
  const double bb = s - a;
  const double err = (a - (s - bb)) + (-b - bb);
  return {s, err};
}

/// Exact lexicographic order (x, then y) of exact points.
inline bool lex_less(const ExactPoint& p, const ExactPoint& q) {
  if (p.x.hi != q.x.hi) return p.x.hi < q.x.hi;
  if (p.x.lo != q.x.lo) return p.x.lo < q.x.lo;
  if (p.y.hi != q.y.hi) return p.y.hi < q.y.hi;
  return p.y.lo < q.y.lo;
}

inline Rational to_rational(double v) { return Rational(v); }
inline Rational to_rational(const ExactCoord& c) {
  return c.lo == 0 ? Rational(c.hi) : Rational(c.hi) + Rational(c.lo);
}

/// A point with exact rational coordinates.
struct RationalPoint {
  Rational x;
  Rational y;
  friend bool operator==(const RationalPoint&, const RationalPoint&) = default;
};
inline RationalPoint to_rational(const ExactPoint& p) {
  return {to_rational(p.x), to_rational(p.y)};
}

/// "p/q" in lowest terms ("p" when q = 1).
std::string to_string(const Rational& r);
/// Decimal scientific notation with `digits` significant digits (default 40 >= 34); "0" for zero.
std::string to_decimal(const Real& r, int digits = 40);
std::string to_decimal(const Rational& r, int digits = 40);

}  // namespace minkowski::reference
