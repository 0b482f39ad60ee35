#pragma once
// Private to properties/src (coverage.cpp, judge3.cpp): the exact support set of a list of points
// along a rational direction, without rational arithmetic.
//
// What: given points (doubles) and a direction v with rational components, which points maximize
// p·v, exactly. How: v is replaced by w = v · Π_j den(v_j), a positive integer multiple of v
// (formed once per direction in GMP integers, no gcd), and a double filter `approx` (w rounded and
// scaled by a power of two so that its largest component lies in [1/2, 1)) picks the candidates;
// near a tie the candidates' coordinates, integers times 2^e for e the smallest ulp exponent among
// them, are scaled to GMP integers and their dot products with w compared exactly. The order of
// p·v among points is that of p·w (a positive factor apart), so the answer is the one rationals
// give. Precondition: v is not the zero vector (IntegerDirection::set returns false for it).
// Tolerance: `approx`'s components are each off by < 2u of themselves (mpz_get_d_2exp truncates;
// the power-of-two scaling is exact unless it underflows, as a division by the largest component
// would), which the callers' filter bounds cover (see each).

#include <gmp.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "minkowski/reference/numbers.hpp"

namespace minkowski::properties::exact_support {

/// A GMP integer that frees itself.
struct Mpz {
  mpz_t v;
  Mpz() { mpz_init(v); }
  ~Mpz() { mpz_clear(v); }
  Mpz(const Mpz&) = delete;
  Mpz& operator=(const Mpz&) = delete;
};

/// A rational direction as an integer multiple (exact) and a rounded multiple (for filters).
template <int D>
struct IntegerDirection {
  std::array<double, D> approx{};
  std::array<Mpz, D> integer;

  /// From v's components; false (and nothing usable) when v is the zero vector.
  bool set(const std::array<const reference::Rational*, D>& v) {
    bool zero = true;
    for (int k = 0; k < D; ++k) {
      mpz_ptr w = integer[k].v;
      mpz_set(w, mpq_numref(v[k]->backend().data()));
      for (int j = 0; j < D; ++j)  // canonical rationals: every denominator is > 0
        if (j != k) mpz_mul(w, w, mpq_denref(v[j]->backend().data()));
      zero = zero && mpz_sgn(w) == 0;
    }
    if (zero) return false;
    std::array<double, D> mant{};
    std::array<long, D> exp{};
    long top = std::numeric_limits<long>::min();
    for (int k = 0; k < D; ++k)
      if (mpz_sgn(integer[k].v) != 0) {
        mant[k] = mpz_get_d_2exp(&exp[k], integer[k].v);
        top = std::max(top, exp[k]);
      }
    for (int k = 0; k < D; ++k)
      approx[k] = mant[k] == 0 ? 0.0 : std::ldexp(mant[k], static_cast<int>(exp[k] - top));
    return true;
  }
};

/// Exponent of the last bit of a nonzero double's 53-bit significand (d = m · 2^e, m an integer).
inline long ulp_exponent(double d) {
  int e = 0;
  std::frexp(d, &e);
  return static_cast<long>(e) - 53;
}

/// is_top[i] = 1 for the candidates cand[i] maximizing sign · cand[i]·dir exactly, 0 otherwise.
/// `coord(i, k)` is candidate i's k-th coordinate (finite).
template <int D, typename Coord>
void exact_maxima(std::size_t n, Coord coord, const IntegerDirection<D>& dir, int sign,
                  std::vector<std::uint8_t>& is_top) {
  long e = std::numeric_limits<long>::max();
  for (std::size_t i = 0; i < n; ++i)
    for (int k = 0; k < D; ++k)
      if (const double x = coord(i, k); x != 0) e = std::min(e, ulp_exponent(x));
  thread_local Mpz term, top, dot, c;
  is_top.assign(n, 0);
  for (std::size_t i = 0; i < n; ++i) {
    mpz_set_ui(dot.v, 0);
    for (int k = 0; k < D; ++k) {
      const double x = coord(i, k);
      if (x == 0) continue;
      int xe = 0;
      const double f = std::frexp(x, &xe);
      mpz_set_si(c.v, static_cast<long>(std::ldexp(f, 53)));          // |m| < 2^53: exact
      mpz_mul_2exp(c.v, c.v, static_cast<mp_bitcnt_t>(xe - 53 - e));  // x / 2^e, an integer
      mpz_mul(term.v, c.v, dir.integer[k].v);
      mpz_add(dot.v, dot.v, term.v);
    }
    if (sign < 0) mpz_neg(dot.v, dot.v);
    const int cmp = i == 0 ? 1 : mpz_cmp(dot.v, top.v);
    if (cmp > 0) {
      mpz_swap(top.v, dot.v);
      std::fill(is_top.begin(), is_top.begin() + static_cast<std::ptrdiff_t>(i), 0);
    }
    if (cmp >= 0) is_top[i] = 1;
  }
}

}  // namespace minkowski::properties::exact_support
