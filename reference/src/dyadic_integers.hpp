#pragma once
// Private: exact coordinates as GMP integers at a common power-of-two scale, for the 2D and 3D
// oracles (src/oracle.cpp, src/oracle3.cpp). Every double is m · 2^k with m a 53-bit integer, so
// the exact sums hi + lo of a set of coordinates, divided by 2^e for e the smallest ulp exponent
// among them, are integers: determinants and dot products of differences are then computed with
// mpz arithmetic (no gcd per operation, as rationals would need) and rescaled once at the end.

#include <gmp.h>

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <limits>

#include "minkowski/reference/numbers.hpp"

namespace minkowski::reference::detail {

/// Exponent of the last bit of d's 53-bit significand (d = m · 2^ulp_exponent(d), m an integer);
/// meaningless for d = 0, which callers skip. Subnormals: frexp normalizes, m stays an integer.
inline long ulp_exponent(double d) {
  int e = 0;
  std::frexp(d, &e);
  return static_cast<long>(e) - 53;
}

/// The smallest ulp exponent among the nonzero parts of the given coordinates (0 if all are 0).
inline long common_exponent(std::initializer_list<const ExactCoord*> coords) {
  long e = std::numeric_limits<long>::max();
  for (const ExactCoord* c : coords)
    for (const double d : {c->hi, c->lo})
      if (d != 0) e = std::min(e, ulp_exponent(d));
  return e == std::numeric_limits<long>::max() ? 0 : e;
}

/// out += sign · d / 2^e exactly (an integer, since e <= ulp_exponent(d)).
inline void add_scaled(mpz_ptr out, double d, long e, int sign, mpz_ptr tmp) {
  if (d == 0) return;
  int de = 0;
  const double f = std::frexp(d, &de);
  mpz_set_si(tmp, static_cast<long>(std::ldexp(f, 53)));  // |m| < 2^53: exact
  mpz_mul_2exp(tmp, tmp, static_cast<mp_bitcnt_t>(de - 53 - e));
  if (sign > 0)
    mpz_add(out, out, tmp);
  else
    mpz_sub(out, out, tmp);
}

/// out = (v − q) / 2^e exactly.
inline void scaled_difference(mpz_ptr out, const ExactCoord& v, const ExactCoord& q, long e,
                              mpz_ptr tmp) {
  mpz_set_ui(out, 0);
  add_scaled(out, v.hi, e, +1, tmp);
  add_scaled(out, v.lo, e, +1, tmp);
  add_scaled(out, q.hi, e, -1, tmp);
  add_scaled(out, q.lo, e, -1, tmp);
}

}  // namespace minkowski::reference::detail
