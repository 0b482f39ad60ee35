#pragma once
// Private to reference/: the pieces of the 3D oracle (src/oracle3.cpp) that its internal tests
// (reference/test/oracle3_internal_test.cpp) check on their own.

#include <optional>

#include "minkowski/reference/numbers.hpp"
#include "minkowski/reference/numbers3.hpp"
#include "minkowski/reference/predicates.hpp"

namespace minkowski::reference::oracle3_detail {

/// Where the signed distance V of a rounded shape lies relative to its core: V = −r on the
/// core's boundary, V = sqrt(q) − r outside it, V = −(sqrt(q) + r) inside it (q the exact squared
/// distance to the core or to its boundary, r the radius).
enum class Side { boundary, outside, inside };

/// V rounded to the nearest double (ties to even), decided exactly: `approx` is V in Real (the
/// oracle's 257-bit value); when it lies clearly away from the halfway point on its side
/// (round_if_clear; the bound is derived at kRoundingClearance in src/oracle3.cpp) its rounding
/// is the correct one; otherwise the two halfway points around the guess are compared with V
/// exactly, in rationals (s ⋚ T as q ⋚ T², T >= 0).
double round_signed_distance(const Rational& q, const Rational& r, Side side, const Real& approx);
/// The first stage alone: approx rounded when it is clear of every halfway point (as above),
/// nullopt when the exact comparison is needed.
std::optional<double> round_if_clear(const Real& approx);

/// Exact signs used by the 3D location, staged: an interval filter (src/approx.hpp), then GMP
/// integers on the points scaled by a common power of two (exact for any doubles).
/// sign((p2 − p1) · (p4 − p3))
int dot_sign3(const ExactPoint3& p1, const ExactPoint3& p2, const ExactPoint3& p3,
              const ExactPoint3& p4, StageCounts& counts);
/// sign(n · ((w − u) × (q − u))) with n = (f1 − f0) × (f2 − f0): > 0 when q's projection on the
/// plane of the polygon f0 f1 f2 … (counter-clockwise around n) lies strictly on the polygon's
/// side of its edge u → w.
int prism_sign(const ExactPoint3& f0, const ExactPoint3& f1, const ExactPoint3& f2,
               const ExactPoint3& u, const ExactPoint3& w, const ExactPoint3& q,
               StageCounts& counts);

/// Exact squared distances, computed on GMP integers (the points scaled by a common power of
/// two): from q to the point v; to the line through u and w (u != w); to the plane through f0,
/// f1, f2 (not collinear).
Rational squared_to_point(const ExactPoint3& v, const ExactPoint3& q);
Rational squared_to_line(const ExactPoint3& u, const ExactPoint3& w, const ExactPoint3& q);
Rational squared_to_plane(const ExactPoint3& f0, const ExactPoint3& f1, const ExactPoint3& f2,
                          const ExactPoint3& q);

}  // namespace minkowski::reference::oracle3_detail
