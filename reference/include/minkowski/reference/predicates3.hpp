#pragma once
// minkowski/reference/predicates3.hpp — exact 3D predicates on ExactPoint3, staged as the 2D
// ones (predicates.hpp): a double filter with a derived error bound, then exact floating-point
// expansions inside the expansion domain, then exact GMP arithmetic (counted as the "rational"
// stage: orient3d and det3 on GMP integers at the points' common power-of-two scale, the
// derivation in predicates3.cpp). Each returns the exact sign and counts the stage that decided
// in a StageCounts.

#include "minkowski/reference/numbers3.hpp"
#include "minkowski/reference/predicates.hpp"

namespace minkowski::reference {

/// The 3D expansion stage multiplies three differences, so its domain is narrower than the 2D
/// one (predicates.hpp): every nonzero |hi| in [2^-300, 2^300]; every nonzero lo with
/// |lo| <= 2^300 and an integer multiple of 2^-358 (kExpansion3Grid). The derivation is beside
/// orient3d_sign in src/predicates3.cpp; in short, every component of every expansion is then a
/// multiple of 2^-358, every product of three a multiple of 2^-1074 (so nothing underflows
/// inexactly), and every value stays below 2^910 (Dekker's split needs |a| < 2^996). A grid
/// rather than a least magnitude for lo: the error lo of a − b for doubles a, b with |a|, |b| >=
/// 2^-300 is a multiple of 2^-352 but may be as small as that, and such differences are the
/// oracle's usual input. The domain lies inside the 2D one (in_expansion_domain), so the 2D
/// predicates may use their expansion stage on projections of these points.
inline constexpr double kExpansion3Min = 0x1p-300;
inline constexpr double kExpansion3Grid = 0x1p-358;
inline constexpr double kExpansion3Max = 0x1p300;
namespace detail {
/// v is an integer multiple of 2^-358: always when |v| >= 2^-306 (its ulp is >= 2^-358);
/// below that, v·2^358 (exact, |.| < 2^52) must be an integer.
inline bool on_expansion3_grid(double v) {
  if ((v < 0 ? -v : v) >= 0x1p-306) return true;
  const double t = v * 0x1p358;
  return t == static_cast<double>(static_cast<long long>(t));
}
}  // namespace detail
inline bool in_expansion_domain3(const ExactCoord& c) {
  const double h = c.hi < 0 ? -c.hi : c.hi, l = c.lo < 0 ? -c.lo : c.lo;
  return (h == 0 || (h >= kExpansion3Min && h <= kExpansion3Max)) &&
         (l == 0 || (l <= kExpansion3Max && detail::on_expansion3_grid(c.lo)));
}
inline bool in_expansion_domain3(const ExactPoint3& p) {
  return in_expansion_domain3(p.x) && in_expansion_domain3(p.y) && in_expansion_domain3(p.z);
}

/// Sign of orient3d(p, q, r, s) = ((q − p) × (r − p)) · (s − p), exactly: +1 when s lies on the
/// side of the plane through p, q, r towards which p → q → r turns counter-clockwise (the side
/// of the right-hand normal (q − p) × (r − p)), −1 on the other side, 0 when the four points are
/// coplanar (including any three collinear or coincident). Note: Shewchuk's orient3d has the
/// opposite sign.
///
/// For a facet whose vertices run counter-clockwise seen from outside the polytope, interior
/// points give −1.
///
/// `use_expansions` must be false unless all four points are in_expansion_domain3; when false
/// the filter runs with an absolute slack for underflow and the rational stage follows it.
/// The filter's error bound is derived beside its constant in src/predicates3.cpp.
int orient3d_sign(const ExactPoint3& p, const ExactPoint3& q, const ExactPoint3& r,
                  const ExactPoint3& s, bool use_expansions, StageCounts& counts);

/// The same sign with rationals only (stage 3 alone): the independent path used by the brute-force
/// hull and by the tests that cross-check the staged predicate.
int orient3d_sign_rational(const RationalPoint3& p, const RationalPoint3& q,
                           const RationalPoint3& r, const RationalPoint3& s);

/// Sign of det(p1 − p0, q1 − q0, r1 − r0) = ((p1 − p0) × (q1 − q0)) · (r1 − r0), exactly: the
/// predicate of three difference vectors (orient3d(p, q, r, s) is det3(p, q, p, r, p, s)). Used
/// with Minkowski differences, where a facet normal of one shape is tested against an edge
/// direction of the other. Staged as orient3d_sign (the same filter bound with each difference's
/// own magnitudes, derived in src/predicates3.cpp); `use_expansions` only when all six points are
/// in_expansion_domain3.
int det3_sign(const ExactPoint3& p0, const ExactPoint3& p1, const ExactPoint3& q0,
              const ExactPoint3& q1, const ExactPoint3& r0, const ExactPoint3& r1,
              bool use_expansions, StageCounts& counts);

/// det3_sign's stages after the filter (expansions or rationals), for callers whose own hoisted
/// filter could not decide.
int det3_sign_exact(const ExactPoint3& p0, const ExactPoint3& p1, const ExactPoint3& q0,
                    const ExactPoint3& q1, const ExactPoint3& r0, const ExactPoint3& r1,
                    bool use_expansions, StageCounts& counts);

/// The same sign with rationals only (the independent path for tests).
int det3_sign_rational(const RationalPoint3& p0, const RationalPoint3& p1, const RationalPoint3& q0,
                       const RationalPoint3& q1, const RationalPoint3& r0,
                       const RationalPoint3& r1);

/// True when p, q, r lie on one line (coincident points included), exactly: the three coordinate
/// projections of the triangle all have orientation 0 (predicates.hpp's orient_sign).
bool collinear3(const ExactPoint3& p, const ExactPoint3& q, const ExactPoint3& r,
                bool use_expansions, StageCounts& counts);

}  // namespace minkowski::reference
