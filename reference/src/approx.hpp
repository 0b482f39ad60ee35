#pragma once
// Private: a double with a rigorous absolute error bound ("running error analysis",
// Higham, Accuracy and Stability of Numerical Algorithms, 2nd ed., §3.3). Used only to prune
// candidates before exact evaluation: a candidate is discarded only when its interval lies
// entirely above another's, so a loose bound costs time, never correctness.
//
// Each operation adds the rounding error of its result (u·|v| with u = kUnitRoundoff = 2^-53,
// taken as 2u for the (1 − u)^-1 factor) and an absolute 2^-1060 that covers any underflow (a
// subnormal result is off by at most 2^-1075). The bound itself is computed in double and then
// inflated by kInflate = 1 + 2^-40, which exceeds the relative rounding of the few bound
// operations (< 8u).

#include <cmath>
#include <limits>

#include "minkowski/reference/numbers.hpp"

namespace minkowski::reference::detail {

struct Approx {
  double v = 0;  ///< approximation
  double e = 0;  ///< |exact − v| <= e

  static constexpr double kInflate = 1.0 + 0x1p-40;
  static constexpr double kTiny = 0x1p-1060;

  static Approx of(const ExactCoord& c) { return {c.hi, std::fabs(c.lo)}; }
  static Approx exact(double x) { return {x, 0}; }

  friend Approx operator+(Approx a, Approx b) {
    const double v = a.v + b.v;
    return {v, (a.e + b.e + 2 * kUnitRoundoff * std::fabs(v) + kTiny) * kInflate};
  }
  friend Approx operator-(Approx a, Approx b) {
    const double v = a.v - b.v;
    return {v, (a.e + b.e + 2 * kUnitRoundoff * std::fabs(v) + kTiny) * kInflate};
  }
  friend Approx operator*(Approx a, Approx b) {
    const double v = a.v * b.v;
    return {v, (std::fabs(a.v) * b.e + std::fabs(b.v) * a.e + a.e * b.e +
                2 * kUnitRoundoff * std::fabs(v) + kTiny) *
                   kInflate};
  }
  /// a / b; an interval for b that contains 0 gives an infinite bound.
  /// |a/b − a.v/b.v| <= (a.e·|b.v| + |a.v|·b.e) / (margin·|b.v|) with margin = |b.v| − b.e <= |b|.
  /// The bound's own products may underflow, each losing up to 2^-1075 absolutely, and the
  /// division then magnifies that loss by 1/(margin·|b.v|): for a squared distance c²/|e|² with
  /// c = 0 ± 1e-130 and |e|² = 4e-123 the numerator bound 1.8e-260 · 4e-123 flushes to 0, and an
  /// interval collapsed to [−8e-320, 8e-320] would prune every other candidate, the nearest
  /// included (fixtures/found/fuzz-97b32edb58d1b470.json pins this). So the loss, kTiny per
  /// product, is divided too, and a denominator whose square may underflow or overflow (|b.v|
  /// outside [2^-500, 2^500]) gives an infinite bound.
  ///
  /// One division, 1/|b.v|; the rest are products (divisions are slow, and this runs in the
  /// candidates' pruning loop). With w = b.e/|b.v| <= 1/2,
  /// 1/margin = (1/|b.v|)/(1 − w) <= (1/|b.v|)(1 + 2w). The value a.v·(1/b.v) rounds twice, hence
  /// 4u|v| (> (2u + u²)|v|) for its rounding instead of 2u|v|.
  friend Approx operator/(Approx a, Approx b) {
    const double mb = std::fabs(b.v);
    // Outside [2^-500, 2^500] the bound's 1/|b|² underflows or overflows, and a vanishing bound
    // would give an edge of |e|² ≈ 2^541 a zero-width interval that prunes the truly nearest edge
    // (ReferenceHand.HugeEdgeDoesNotPruneTheNearestOne): no bound then.
    if (!(mb >= 0x1p-500 && mb <= 0x1p500))
      return {a.v / b.v, std::numeric_limits<double>::infinity()};
    const double inv = 1.0 / mb;
    const double w = b.e * inv;
    if (!(w <= 0.5)) return {a.v / b.v, std::numeric_limits<double>::infinity()};
    const double v = a.v * (b.v < 0 ? -inv : inv);
    const double inv_den = inv * inv * (1 + 2 * w);  // >= 1/(margin·|b.v|), up to rounding
    return {v, ((a.e * mb + std::fabs(a.v) * b.e + kTiny) * inv_den +
                4 * kUnitRoundoff * std::fabs(v) + kTiny) *
                   kInflate * kInflate};
  }
  double lower() const { return v - e; }
  double upper() const { return v + e; }
};

}  // namespace minkowski::reference::detail
