#include "rounded_distance.hpp"

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

#include "approx.hpp"
#include "expansion.hpp"

namespace minkowski::reference::detail {

namespace {

/// Longest expansion kept after compression; longer ones decline (they arise only when the
/// inputs' bits span far more than 4 · 53 bits, e.g. a point 2^150 away with a 2^-40 offset).
constexpr std::size_t kMaxComponents = 8;
/// Moves of the guess before declining. The guess is within a few ulps (each of its ~5 double
/// operations rounds once, from leading components good to ~2^-104 relative), so 1 or 2 suffice.
constexpr int kMaxSteps = 4;

using Short = Expansion<kMaxComponents>;

bool in_domain(double x) {
  const double m = std::fabs(x);
  return m == 0 || (m >= kRoundedMin && m <= kRoundedMax);
}

bool in_domain(const ExactPoint& p) {
  return in_domain(p.x.hi) && in_domain(p.x.lo) && in_domain(p.y.hi) && in_domain(p.y.lo);
}

/// compress(e), then into a Short, or false when longer than kMaxComponents.
template <std::size_t N>
bool compress_into(Expansion<N>& e, Short& out) {
  compress(e);
  if (e.n > kMaxComponents) return false;
  out.n = e.n;
  for (std::size_t i = 0; i < e.n; ++i) out.c[i] = e.c[i];
  return true;
}

/// The value of a compressed expansion rounded to double (its two leading components' sum).
template <std::size_t N>
double lead(const Expansion<N>& e) {
  if (e.n == 0) return 0;
  return e.n == 1 ? e.c[0] : e.c[e.n - 1] + e.c[e.n - 2];
}

/// a − b for exact coordinates, at most 4 components.
Expansion<4> minus(const ExactCoord& a, const ExactCoord& b) {
  return difference(a.hi, a.lo, b.hi, b.lo);
}

/// x² + y² compressed, or false.
bool sum_of_squares(const Expansion<4>& x, const Expansion<4>& y, Short& out) {
  Expansion<32> x2, y2;
  expansion_product(x, x, x2);
  expansion_product(y, y, y2);
  Expansion<64> s;
  expansion_sum(x2, y2, s);
  return compress_into(s, out);
}

/// The exact pieces of V = ±s ∓ r with s² = N/Dn.
struct Pieces {
  Short n, dn;     ///< N > 0 and Dn > 0
  Expansion<2> r;  ///< ra + rb exactly
  bool inside = false;
};

/// A double-double value hi + lo with a rigorous bound e on its distance to the exact value:
/// the filter in front of the exact sign of N − T²·Dn (the role the static filter plays for the
/// orientation predicate). Only the additions and products of low parts round, each by at most
/// u·|its result| (round to nearest), or by 2^-1074 when it underflows (kTiny per operation
/// covers that); TwoSum and TwoProduct are exact. The bound's own arithmetic, a few roundings
/// of nonnegative terms, is covered by the inflation factor 1 + 2^-40. The constants are
/// approx.hpp's, whose running bounds have the same form, and u is kUnitRoundoff (numbers.hpp).
struct BoundedDD {
  double hi = 0, lo = 0, e = 0;
  static constexpr double kInflate = Approx::kInflate;
  static constexpr double kTiny = Approx::kTiny;
  double magnitude() const { return (std::fabs(hi) + std::fabs(lo)) * kInflate; }
};

/// The value of an expansion: its two leading components exactly, the rest in the bound (a
/// compressed one puts almost nothing there; any other is still bounded, only more loosely).
template <std::size_t N>
BoundedDD to_dd(const Expansion<N>& x) {
  BoundedDD r;
  if (x.n == 0) return r;
  r.hi = x.c[x.n - 1];
  if (x.n >= 2) r.lo = x.c[x.n - 2];
  for (std::size_t i = 0; i + 2 < x.n; ++i) r.e += std::fabs(x.c[i]);
  r.e *= BoundedDD::kInflate;
  if (x.n >= 2) {  // renormalize (exact)
    double s, t;
    two_sum(r.hi, r.lo, s, t);
    r.hi = s, r.lo = t;
  }
  return r;
}

BoundedDD operator+(const BoundedDD& a, const BoundedDD& b) {
  double s, t;
  two_sum(a.hi, b.hi, s, t);
  const double t1 = t + a.lo;
  const double t2 = t1 + b.lo;
  BoundedDD r;
  two_sum(s, t2, r.hi, r.lo);
  r.e = (a.e + b.e + kUnitRoundoff * (std::fabs(t1) + std::fabs(t2)) + 2 * BoundedDD::kTiny) *
        BoundedDD::kInflate;
  return r;
}

BoundedDD operator-(const BoundedDD& a) { return {-a.hi, -a.lo, a.e}; }

BoundedDD operator*(const BoundedDD& a, const BoundedDD& b) {
  double p, q;
  two_product(a.hi, b.hi, p, q);
  const double c1 = a.hi * b.lo, c2 = a.lo * b.hi;
  const double c3 = c1 + c2;
  const double c4 = q + c3;
  BoundedDD r;
  two_sum(p, c4, r.hi, r.lo);
  const double ma = a.magnitude(), mb = b.magnitude();
  r.e = (a.e * mb + b.e * ma + a.e * b.e + std::fabs(a.lo) * std::fabs(b.lo) +
         kUnitRoundoff * (std::fabs(c1) + std::fabs(c2) + std::fabs(c3) + std::fabs(c4)) +
         5 * BoundedDD::kTiny) *
        BoundedDD::kInflate;
  return r;
}

/// +1 or −1 when the bound decides the sign of x, 0 when it cannot.
int filtered_sign(const BoundedDD& x) {
  const double v = x.hi + x.lo;  // |v − (hi + lo)| <= u|v|
  const double margin = (x.e + kUnitRoundoff * std::fabs(v)) * BoundedDD::kInflate;
  return v > margin ? 1 : (-v > margin ? -1 : 0);
}

/// Sign of s − T, or 2 when an expansion does not compress (decline).
int sign_s_minus(const Pieces& p, const Expansion<4>& t) {
  const int ts = t.sign();
  if (ts <= 0) return 1;  // s > 0 (N > 0) and T <= 0
  // Filter: almost always |s − T| is near half an ulp of V, far above the filter's ~2^-100.
  const BoundedDD td = to_dd(t);
  if (const int f = filtered_sign(to_dd(p.n) + -(td * td * to_dd(p.dn)))) return f;
  Expansion<32> t2;
  expansion_product(t, t, t2);
  Short t2c;
  if (!compress_into(t2, t2c)) return 2;
  Expansion<2 * kMaxComponents * kMaxComponents> t2dn;
  expansion_product(t2c, p.dn, t2dn);
  Expansion<kMaxComponents + 2 * kMaxComponents * kMaxComponents> diff;
  expansion_sum(p.n, negated(t2dn), diff);  // N − T²·Dn, whose sign is that of s − T
  return diff.sign();
}

/// Sign of V − (d + half), or 2 to decline.
int compare(const Pieces& p, double d, double half) {
  // d + half as TwoSum's pair: nonadjacent under round to even, as Shewchuk's sum (Theorem 13)
  // wants its inputs (the pair {half, d} is only nonoverlapping when d's significand is odd).
  double m_hi, m_lo;
  two_sum(d, half, m_hi, m_lo);
  Expansion<2> m;
  m.n = 0;
  if (m_lo != 0) m.c[m.n++] = m_lo;
  m.c[m.n++] = m_hi;
  Expansion<4> t;
  expansion_sum(m, p.r, t);                   // m + r
  if (!p.inside) return sign_s_minus(p, t);   // V − m = s − (m + r)
  const int s = sign_s_minus(p, negated(t));  // V − m = −(s − T'), T' = −(m + r)
  return s == 2 ? 2 : -s;
}

/// Of two neighbouring doubles, the one whose significand is even (its last stored bit 0; a
/// power of two counts as even): round to nearest's choice at an exact tie.
double even_of(double x, double y) { return (std::bit_cast<std::uint64_t>(x) & 1u) == 0 ? x : y; }

}  // namespace

std::optional<double> rounded_signed_distance(const ExactPoint& a, const ExactPoint* b,
                                              const ExactPoint& q, double ra, double rb,
                                              bool inside) {
  if (!in_domain(a) || !in_domain(q) || (b && !in_domain(*b)) || !in_domain(ra) || !in_domain(rb))
    return std::nullopt;
  Pieces p;
  p.inside = inside;
  if (!b) {
    if (!sum_of_squares(minus(a.x, q.x), minus(a.y, q.y), p.n)) return std::nullopt;
    p.dn.n = 1;
    p.dn.c[0] = 1;
  } else {
    // c = cross(a − q, b − q); N = c², Dn = |b − a|².
    Expansion<32> p1, p2;
    expansion_product(minus(a.x, q.x), minus(b->y, q.y), p1);
    expansion_product(minus(a.y, q.y), minus(b->x, q.x), p2);
    Expansion<64> c64;
    expansion_sum(p1, negated(p2), c64);
    Short c;
    if (!compress_into(c64, c)) return std::nullopt;
    Expansion<2 * kMaxComponents * kMaxComponents> c2;
    expansion_product(c, c, c2);
    if (!compress_into(c2, p.n)) return std::nullopt;
    if (!sum_of_squares(minus(b->x, a.x), minus(b->y, a.y), p.dn)) return std::nullopt;
  }
  if (p.n.sign() <= 0 || p.dn.sign() <= 0) return std::nullopt;  // q on the feature (s = 0)
  double r_hi, r_lo;
  two_sum(ra, rb, r_hi, r_lo);
  p.r.n = 0;
  if (r_lo != 0) p.r.c[p.r.n++] = r_lo;
  if (r_hi != 0) p.r.c[p.r.n++] = r_hi;

  // The guess.
  const double s_guess = std::sqrt(lead(p.n) / lead(p.dn));
  double d;
  if (inside) {
    d = -(s_guess + r_hi);
  } else if (p.r.n == 0) {
    d = s_guess;
  } else {
    // s − r = (N − r²·Dn) / (Dn·(s + r)): the exact numerator keeps the guess good when s ≈ r.
    Expansion<8> r2;
    expansion_product(p.r, p.r, r2);
    Expansion<16 * kMaxComponents> r2dn;
    expansion_product(r2, p.dn, r2dn);
    Expansion<17 * kMaxComponents> num;
    expansion_sum(p.n, negated(r2dn), num);
    compress(num);
    if (num.sign() == 0) return std::nullopt;  // touching: V = 0
    d = lead(num) / (lead(p.dn) * (s_guess + r_hi));
  }

  // Certify: m− < V < m+, the halfway points to d's neighbours; else move d towards V.
  constexpr double kInf = std::numeric_limits<double>::infinity();
  for (int step = 0; step < kMaxSteps; ++step) {
    if (!std::isfinite(d) || d == 0 || !in_domain(d)) return std::nullopt;
    const double up = std::nextafter(d, kInf), down = std::nextafter(d, -kInf);
    const double half_up = (up - d) / 2,
                 half_down = (down - d) / 2;  // exact: Sterbenz, no underflow
    if (!in_domain(half_up) || !in_domain(half_down)) return std::nullopt;
    const int above = compare(p, d, half_up);
    if (above == 2) return std::nullopt;    // an expansion too long to compare
    if (above == 0) return even_of(d, up);  // exactly halfway: ties to even
    if (above > 0) {
      d = up;
      continue;
    }
    const int below = compare(p, d, half_down);
    if (below == 2) return std::nullopt;
    if (below == 0) return even_of(d, down);
    if (below < 0) {
      d = down;
      continue;
    }
    return d;
  }
  return std::nullopt;
}

}  // namespace minkowski::reference::detail
