#pragma once
// Private to reference/: the signed distance from a point to one feature of a rounded convex
// hull, rounded to the nearest double, decided with exact floating-point expansions and no
// GMP or MPFR.
//
// What it answers. The hull's nearest feature to q is already known: a vertex a, or an edge
// a→b whose line holds the nearest point. Let s be the exact Euclidean distance from q to that
// feature (|a − q|, or the distance to the line), and r = ra + rb the radius. The signed
// distance is V = s − r when q is outside the core, V = −(s + r) when it is inside. The function
// returns the double nearest to V.
//
// How. A first guess d comes from the expansions' leading components (a few ulps off at most).
// It is then certified exactly: V lies strictly between the two halfway points m− and m+ that
// separate d from its neighbours. Each comparison V ⋚ m reduces to the sign of a polynomial in
// the inputs, s ⋚ T with T = m + r (T = −(m + r) inside), i.e. the sign of N − T²·Dn where s² =
// N/Dn (N = |a − q|², Dn = 1 for a vertex; N = cross(a − q, b − q)², Dn = |b − a|² for an edge),
// evaluated exactly with Shewchuk's expansions. If the guess is off, it moves by one double
// towards V and is checked again (at most kMaxSteps times).
//
// V exactly halfway between two doubles is a tie, settled to even (the neighbour whose
// significand is even), as round to nearest does.
//
// When it declines (returns nullopt): V exactly 0; a guess that does not settle; an input or
// intermediate value outside the domain below; an expansion that does not compress to
// kMaxComponents components. The caller then takes the exact path (rationals and 257-bit MPFR),
// whose answer rounded to double is the same value except when V lies within 2^-250 relative of
// a halfway point (double rounding), where this function's answer is the correctly rounded one.
// That includes exact ties whose 257-bit value is not exact (inputs spanning more than ~200
// bits: V = 2^-67 + 2^-120, which the exact path rounds up; RoundedDistance.ExactTieRoundsToEven).
//
// Domain. Every double involved (coordinates' hi and lo parts, q, ra, rb, the guess and its
// half-ulps, hence |V| >= ~2^-146) is 0 or of magnitude in [2^-200, 2^190]. Then every exact
// quantity below is a polynomial of degree <= 4 in values whose lowest bit is >= 2^-253, so its
// exact value is a multiple of 2^-1012 (no underflow: expansions stay exact) and below 2^800 (no
// overflow; Dekker's split needs < 2^996).

#include <optional>

#include "minkowski/reference/numbers.hpp"

namespace minkowski::reference::detail {

inline constexpr double kRoundedMin = 0x1p-200;
inline constexpr double kRoundedMax = 0x1p190;

/// V rounded to the nearest double, or nullopt (see above). `b` is nullptr for a vertex feature.
/// `inside`: q is strictly inside the core (V = −(s + r)); else strictly outside (V = s − r).
std::optional<double> rounded_signed_distance(const ExactPoint& a, const ExactPoint* b,
                                              const ExactPoint& q, double ra, double rb,
                                              bool inside);

}  // namespace minkowski::reference::detail
