#include "minkowski/reference/predicates.hpp"

#include <cmath>

#include "expansion.hpp"

namespace minkowski::reference {

namespace {
/// Absolute slack of the filter outside the expansion domain, where values may underflow. With
/// round to nearest, a difference or sum whose result is subnormal is exact, and each of the two
/// products loses at most 2^-1075 more than the relative bound allows: 2^-1074 in all, plus at
/// most a few 2^-1074 lost by the bound's own products. 2^-1060 covers that many times over.
constexpr double kUnderflowSlack = 0x1p-1060;

}  // namespace

int orient_sign_rational(const RationalPoint& p, const RationalPoint& q, const RationalPoint& r) {
  const Rational det = (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x);
  return det > 0 ? 1 : (det < 0 ? -1 : 0);
}

int orient_sign_rational(const ExactPoint& p, const ExactPoint& q, const ExactPoint& r) {
  return orient_sign_rational(to_rational(p), to_rational(q), to_rational(r));
}

int sign_of_two_products(const CoordDiff& x1, const CoordDiff& y1, const CoordDiff& x2,
                         const CoordDiff& y2, bool use_expansions, StageCounts& counts) {
  // Stage 1: filter on hi parts (bound derived in predicates.hpp), also outside the expansion
  // domain with kUnderflowSlack added (see there); an overflow makes det or the bound infinite
  // or NaN, which passes neither comparison.
  auto hi = [](const CoordDiff& d) { return d.minuend.hi - d.subtrahend.hi; };
  auto mag = [](const CoordDiff& d) {
    return std::fabs(d.minuend.hi) + std::fabs(d.subtrahend.hi);
  };
  const double det = hi(x1) * hi(y1) - hi(x2) * hi(y2);
  const double bound = detail::kOrientFilterFactor * (mag(x1) * mag(y1) + mag(x2) * mag(y2)) +
                       (use_expansions ? 0.0 : kUnderflowSlack);
  if (det > bound) {
    counts.add(Stage::filter);
    return 1;
  }
  if (-det > bound) {
    counts.add(Stage::filter);
    return -1;
  }
  if (!use_expansions) {
    counts.add(Stage::rational);
    auto r = [](const CoordDiff& d) { return to_rational(d.minuend) - to_rational(d.subtrahend); };
    const Rational det_exact = r(x1) * r(y1) - r(x2) * r(y2);
    return det_exact > 0 ? 1 : (det_exact < 0 ? -1 : 0);
  }
  // Stage 2a: when every lo part is zero and the four hi differences are exact doubles (common
  // for dyadic or integer data, and for every exactly-collinear triple of such points), the
  // determinant is p − q of two products: TwoProduct gives p = P + pe, q = Q + qe exactly, and
  // rounding is monotone, so P > Q exactly when fl(P) > fl(Q), with ties settled by pe − qe.
  if (x1.minuend.lo == 0 && x1.subtrahend.lo == 0 && y1.minuend.lo == 0 && y1.subtrahend.lo == 0 &&
      x2.minuend.lo == 0 && x2.subtrahend.lo == 0 && y2.minuend.lo == 0 && y2.subtrahend.lo == 0) {
    double a, ae, b, be, c, ce, d, de;
    detail::two_sum(x1.minuend.hi, -x1.subtrahend.hi, a, ae);
    detail::two_sum(y1.minuend.hi, -y1.subtrahend.hi, b, be);
    detail::two_sum(x2.minuend.hi, -x2.subtrahend.hi, c, ce);
    detail::two_sum(y2.minuend.hi, -y2.subtrahend.hi, d, de);
    if (ae == 0 && be == 0 && ce == 0 && de == 0) {
      double p, pe, q, qe;
      detail::two_product(a, b, p, pe);
      detail::two_product(c, d, q, qe);
      counts.add(Stage::expansion);
      if (p != q) return p > q ? 1 : -1;
      return pe > qe ? 1 : (pe < qe ? -1 : 0);
    }
  }
  // Stage 2b: exact expansions.
  using detail::Expansion;
  auto ex = [](const CoordDiff& d) {
    return detail::difference(d.minuend.hi, d.minuend.lo, d.subtrahend.hi, d.subtrahend.lo);
  };
  const Expansion<4> a = ex(x1), b = ex(y1), c = ex(x2), d = detail::negated(ex(y2));
  Expansion<32> ab, cd;
  detail::expansion_product(a, b, ab);
  detail::expansion_product(c, d, cd);
  Expansion<64> sum;
  detail::expansion_sum(ab, cd, sum);
  counts.add(Stage::expansion);
  return sum.sign();
}

int orient_sign(const ExactPoint& p, const ExactPoint& q, const ExactPoint& r, bool use_expansions,
                StageCounts& counts) {
  // (q − p) × (r − p) = (qx − px)(ry − py) − (qy − py)(rx − px)
  return sign_of_two_products({q.x, p.x}, {r.y, p.y}, {q.y, p.y}, {r.x, p.x}, use_expansions,
                              counts);
}

int dot_sign(const ExactPoint& p, const ExactPoint& q, const ExactPoint& s, const ExactPoint& r,
             bool use_expansions, StageCounts& counts) {
  // (q − p)·(r − s) = (qx − px)(rx − sx) − (py − qy)(ry − sy)
  return sign_of_two_products({q.x, p.x}, {r.x, s.x}, {p.y, q.y}, {r.y, s.y}, use_expansions,
                              counts);
}

}  // namespace minkowski::reference
