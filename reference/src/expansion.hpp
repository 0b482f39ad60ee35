#pragma once
// Exact floating-point expansions (Shewchuk 1997, "Adaptive Precision Floating-Point Arithmetic
// and Fast Robust Geometric Predicates", Discrete & Computational Geometry 18:305–363).
//
// An expansion is a sum of doubles ordered by increasing magnitude, pairwise non-overlapping; its
// value is exact. All operations here are exact provided no intermediate overflows or underflows
// (callers ensure this with in_expansion_domain). Fixed capacity, no allocation.
// Private to reference/: not installed.

#include <cmath>
#include <cstddef>

namespace minkowski::reference::detail {

/// Exact a + b = x + y (Knuth's TwoSum).
inline void two_sum(double a, double b, double& x, double& y) {
  x = a + b;
  const double bv = x - a;
  const double av = x - bv;
  y = (a - av) + (b - bv);
}

/// Veltkamp/Dekker split of a into hi + lo, each with at most 26 significant bits.
inline void split(double a, double& hi, double& lo) {
  constexpr double kSplitter = 134217729.0;  // 2^27 + 1
  const double c = kSplitter * a;
  const double abig = c - a;
  hi = c - abig;
  lo = a - hi;
}

/// Exact a · b = x + y (Dekker's TwoProduct, no FMA needed).
inline void two_product(double a, double b, double& x, double& y) {
  x = a * b;
  double ahi, alo, bhi, blo;
  split(a, ahi, alo);
  split(b, bhi, blo);
  const double err1 = x - ahi * bhi;
  const double err2 = err1 - alo * bhi;
  const double err3 = err2 - ahi * blo;
  y = alo * blo - err3;
}

template <std::size_t N>
struct Expansion {
  double c[N];
  std::size_t n = 0;
  double approx() const {
    double s = 0;
    for (std::size_t i = 0; i < n; ++i) s += c[i];
    return s;
  }
  /// Sign of the exact value: the sign of the most significant nonzero component.
  int sign() const {
    for (std::size_t i = n; i-- > 0;)
      if (c[i] != 0) return c[i] > 0 ? 1 : -1;
    return 0;
  }
};

/// h = e + f (Shewchuk's fast_expansion_sum_zeroelim, with the linear merge written out).
template <std::size_t NH, std::size_t NE, std::size_t NF>
void expansion_sum(const Expansion<NE>& e, const Expansion<NF>& f, Expansion<NH>& h) {
  static_assert(NH >= NE + NF);
  h.n = 0;
  if (e.n == 0) {
    for (std::size_t i = 0; i < f.n; ++i) h.c[h.n++] = f.c[i];
    return;
  }
  if (f.n == 0) {
    for (std::size_t i = 0; i < e.n; ++i) h.c[h.n++] = e.c[i];
    return;
  }
  // Merge by magnitude, then accumulate with TwoSum.
  double merged[NE + NF];
  std::size_t ei = 0, fi = 0, m = 0;
  while (ei < e.n && fi < f.n) {
    if (std::fabs(e.c[ei]) <= std::fabs(f.c[fi]))
      merged[m++] = e.c[ei++];
    else
      merged[m++] = f.c[fi++];
  }
  while (ei < e.n) merged[m++] = e.c[ei++];
  while (fi < f.n) merged[m++] = f.c[fi++];
  double q = merged[0];
  for (std::size_t i = 1; i < m; ++i) {
    double qnew, hh;
    two_sum(q, merged[i], qnew, hh);
    q = qnew;
    if (hh != 0) h.c[h.n++] = hh;
  }
  if (q != 0 || h.n == 0) h.c[h.n++] = q;
}

/// h = e · b (Shewchuk's scale_expansion_zeroelim).
template <std::size_t NH, std::size_t NE>
void scale_expansion(const Expansion<NE>& e, double b, Expansion<NH>& h) {
  static_assert(NH >= 2 * NE);
  h.n = 0;
  if (e.n == 0 || b == 0) return;
  double q, hh;
  two_product(e.c[0], b, q, hh);
  if (hh != 0) h.c[h.n++] = hh;
  for (std::size_t i = 1; i < e.n; ++i) {
    double p1, p0, sum;
    two_product(e.c[i], b, p1, p0);
    two_sum(q, p0, sum, hh);
    if (hh != 0) h.c[h.n++] = hh;
    two_sum(p1, sum, q, hh);
    if (hh != 0) h.c[h.n++] = hh;
  }
  if (q != 0 || h.n == 0) h.c[h.n++] = q;
}

/// h = e · f, by summing e scaled by every component of f.
template <std::size_t NH, std::size_t NE, std::size_t NF>
void expansion_product(const Expansion<NE>& e, const Expansion<NF>& f, Expansion<NH>& h) {
  static_assert(NH >= 2 * NE * NF);
  h.n = 0;
  for (std::size_t i = 0; i < f.n; ++i) {
    Expansion<2 * NE> part;
    scale_expansion(e, f.c[i], part);
    Expansion<NH + 2 * NE> acc;
    expansion_sum(h, part, acc);  // at most 2·NE·(i+1) <= NH components: the sum of the parts
    for (std::size_t k = 0; k < acc.n; ++k) h.c[k] = acc.c[k];
    h.n = acc.n;
  }
}

/// −e, component by component (exact).
template <std::size_t N>
Expansion<N> negated(const Expansion<N>& e) {
  Expansion<N> m = e;
  for (std::size_t i = 0; i < m.n; ++i) m.c[i] = -m.c[i];
  return m;
}

/// x + y = a + b exactly, given |a| >= |b| or a = 0 (Dekker's FastTwoSum).
inline void fast_two_sum(double a, double b, double& x, double& y) {
  x = a + b;
  y = b - (x - a);
}

/// Shewchuk's Compress (1997, §2.8), in place: the same value in as few nonoverlapping
/// components, the largest of which approximates the whole to within an ulp.
template <std::size_t N>
void compress(Expansion<N>& e) {
  if (e.n == 0) return;
  double g[N];
  std::size_t bottom = e.n - 1;
  double big = e.c[e.n - 1];
  for (std::size_t i = e.n - 1; i-- > 0;) {
    double sum, err;
    fast_two_sum(big, e.c[i], sum, err);
    if (err != 0) {
      g[bottom--] = sum;
      big = err;
    } else {
      big = sum;
    }
  }
  g[bottom] = big;
  std::size_t top = 0;
  for (std::size_t i = bottom + 1; i < e.n; ++i) {
    double sum, err;
    fast_two_sum(g[i], big, sum, err);
    big = sum;
    if (err != 0) e.c[top++] = err;
  }
  e.c[top++] = big;
  e.n = top;
}

/// The exact value (a_hi + a_lo) − (b_hi + b_lo) as an expansion of at most 4 components.
inline Expansion<4> difference(double ahi, double alo, double bhi, double blo) {
  Expansion<2> a, b;
  a.n = 0;
  b.n = 0;
  // Each pair is normalized (|lo| <= ulp(hi)/2), hence already a valid expansion (lo first).
  if (alo != 0) a.c[a.n++] = alo;
  if (ahi != 0 || a.n == 0) a.c[a.n++] = ahi;
  if (blo != 0) b.c[b.n++] = -blo;
  if (bhi != 0 || b.n == 0) b.c[b.n++] = -bhi;
  Expansion<4> d;
  expansion_sum(a, b, d);
  return d;
}

}  // namespace minkowski::reference::detail
