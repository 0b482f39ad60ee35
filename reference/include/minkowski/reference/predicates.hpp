#pragma once
// minkowski/reference/predicates.hpp — exact geometric predicates on ExactPoints, evaluated in
// stages (after Google S2's s2predicates and Shewchuk's adaptive predicates):
//
//   1. filter:    double arithmetic on the hi parts with an error bound derived below; decides
//                 whenever |det| exceeds the bound;
//   2. expansion: exact floating-point expansions (Shewchuk 1997, "Adaptive Precision
//                 Floating-Point Arithmetic and Fast Robust Geometric Predicates") — exact as
//                 long as nothing overflows or underflows, which `in_expansion_domain` guarantees;
//   3. rational:  GMP rationals, for inputs outside that domain (never wrong, slowest).
//
// Every predicate returns the exact sign and counts which stage decided in a StageCounts, so the
// reports can say how often each tier was needed.

#include <array>
#include <cstdint>

#include "minkowski/reference/numbers.hpp"

namespace minkowski::reference {

enum class Stage : int { filter = 0, expansion = 1, rational = 2 };

struct StageCounts {
  std::array<std::uint64_t, 3> decided{};  ///< indexed by Stage
  void add(Stage s) { ++decided[static_cast<int>(s)]; }
  StageCounts& operator+=(const StageCounts& o) {
    for (int i = 0; i < 3; ++i) decided[i] += o.decided[i];
    return *this;
  }
};

/// Magnitudes inside which the expansion stage is exact: every nonzero |hi| in
/// [2^-400, 2^400] and |lo| either 0 or >= 2^-460. Products of two differences of such values stay
/// above 2^-1000 and below 2^850, far from underflow (2^-1022) and overflow (2^1024), including
/// Dekker's split (needs |a| < 2^996).
inline constexpr double kExpansionMin = 0x1p-400;
inline constexpr double kExpansionLoMin = 0x1p-460;
inline constexpr double kExpansionMax = 0x1p400;
namespace detail {
inline bool coord_in_range(double v, double lo_min) {
  const double a = v < 0 ? -v : v;
  return a == 0 || (a >= lo_min && a <= kExpansionMax);
}
}  // namespace detail
/// Inline: called for every point of every hull.
inline bool in_expansion_domain(const ExactCoord& c) {
  return detail::coord_in_range(c.hi, kExpansionMin) &&
         detail::coord_in_range(c.lo, kExpansionLoMin);
}
inline bool in_expansion_domain(const ExactPoint& p) {
  return in_expansion_domain(p.x) && in_expansion_domain(p.y);
}

/// Sign of orient(p, q, r) = (q − p) × (r − p): +1 when p, q, r turn counter-clockwise, −1
/// clockwise, 0 collinear — exactly. `use_expansions` must be false unless all three points are
/// in_expansion_domain; when false, the filter runs with an absolute slack for underflow added to
/// its bound, and stage 3 follows it directly.
///
/// Filter bound (stage 1): with X = Xh + Xl, |Xl| <= u|Xh|, each computed difference
/// Ah = fl(qxh − pxh) satisfies |A − Ah| <= 2.01·u·Ma where Ma = |qxh| + |pxh|; the two products
/// and the final subtraction add at most 2.03·u·(MaMb + McMd). In all |det − fl(det)| <=
/// 6.1·u·(MaMb + McMd); we use 8·u·(MaMb + McMd), whose own rounding (< 4u relative) cannot close
/// the gap. Inside the expansion domain no product underflows, so no absolute term is needed.
int orient_sign(const ExactPoint& p, const ExactPoint& q, const ExactPoint& r, bool use_expansions,
                StageCounts& counts);

/// A difference of two exact coordinates, minuend − subtrahend: the factor type of the
/// two-product predicates below.
struct CoordDiff {
  ExactCoord minuend;
  ExactCoord subtrahend;
};

/// Exact sign of x1·y1 − x2·y2 where each factor is a CoordDiff: the common form of orientation
/// (cross product of differences) and of dot products of differences (write u·w as
/// u.x·w.x − (−u.y)·w.y). Same stages, bound and domain rule as orient_sign.
int sign_of_two_products(const CoordDiff& x1, const CoordDiff& y1, const CoordDiff& x2,
                         const CoordDiff& y2, bool use_expansions, StageCounts& counts);

namespace detail {
/// Factor of the stage-1 filter bound of orient_sign and sign_of_two_products: 8u >= the 6.1u
/// derived at orient_sign.
inline constexpr double kOrientFilterFactor = 8.0 * kUnitRoundoff;

/// Stage 1 alone, inline: +1 or −1 when the filter decides, 0 when it cannot.
inline int orient_filter(const ExactPoint& p, const ExactPoint& q, const ExactPoint& r) {
  const double det = (q.x.hi - p.x.hi) * (r.y.hi - p.y.hi) - (q.y.hi - p.y.hi) * (r.x.hi - p.x.hi);
  const double px = p.x.hi < 0 ? -p.x.hi : p.x.hi, py = p.y.hi < 0 ? -p.y.hi : p.y.hi;
  const double qx = q.x.hi < 0 ? -q.x.hi : q.x.hi, qy = q.y.hi < 0 ? -q.y.hi : q.y.hi;
  const double rx = r.x.hi < 0 ? -r.x.hi : r.x.hi, ry = r.y.hi < 0 ? -r.y.hi : r.y.hi;
  const double bound = kOrientFilterFactor * ((qx + px) * (ry + py) + (qy + py) * (rx + px));
  return det > bound ? 1 : (-det > bound ? -1 : 0);
}
}  // namespace detail

/// orient_sign with its filter stage inlined (the same answer; use in hot loops).
inline int orient_sign_fast(const ExactPoint& p, const ExactPoint& q, const ExactPoint& r,
                            bool use_expansions, StageCounts& counts) {
  if (use_expansions) {
    if (const int s = detail::orient_filter(p, q, r)) {
      counts.add(Stage::filter);
      return s;
    }
  }
  return orient_sign(p, q, r, use_expansions, counts);
}

/// Exact sign of dot(q − p, r − s).
int dot_sign(const ExactPoint& p, const ExactPoint& q, const ExactPoint& s, const ExactPoint& r,
             bool use_expansions, StageCounts& counts);

/// Exact orientation sign with rationals only (stage 3 alone): the independent path used by the
/// second hull (hull_boundary_walk) and by tests that cross-check the staged predicate.
int orient_sign_rational(const RationalPoint& p, const RationalPoint& q, const RationalPoint& r);
int orient_sign_rational(const ExactPoint& p, const ExactPoint& q, const ExactPoint& r);

}  // namespace minkowski::reference
