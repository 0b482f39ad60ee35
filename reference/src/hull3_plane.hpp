#pragma once
// Private: orient3d_sign's stage-1 filter with the plane hoisted, for loops that test many
// points against one plane (the 3D hulls and their certificate).

#include <cmath>

#include "minkowski/reference/numbers3.hpp"

namespace minkowski::reference::detail {

/// Stage 1 of orient3d_sign(o, q, r, s) with the plane (o, q, r) hoisted and a static bound valid
/// for every s whose |hi| coordinates are at most cmax: the bound derived in src/predicates3.cpp
/// takes M_c = |s_h| + |o_h| per coordinate, and replacing |s_h| by cmax only raises the
/// permanent P, so the bound still holds (the monomials are evaluated as (a × b)·c instead of
/// a·(b × c): each still passes through five roundings, so the derivation is unchanged).
struct PlaneFilter3 {
  double ox, oy, oz;  ///< o's hi parts
  double nx, ny, nz;  ///< fl((q − o) × (r − o)) on hi parts
  double bound;
  int sign(const ExactPoint3& s) const {
    const double det = nx * (s.x.hi - ox) + ny * (s.y.hi - oy) + nz * (s.z.hi - oz);
    return det > bound ? 1 : (-det > bound ? -1 : 0);
  }
};

/// 16u and 2^-1070: the factor and the underflow slack of orient3d_sign's filter
/// (src/predicates3.cpp, where both are derived).
inline constexpr double kPlaneFilterFactor = 16.0 * kUnitRoundoff;
inline constexpr double kPlaneFilterSlack = 0x1p-1070;

inline PlaneFilter3 make_plane_filter(const ExactPoint3& o, const ExactPoint3& q,
                                      const ExactPoint3& r, const double cmax[3]) {
  const double ax = q.x.hi - o.x.hi, ay = q.y.hi - o.y.hi, az = q.z.hi - o.z.hi;
  const double bx = r.x.hi - o.x.hi, by = r.y.hi - o.y.hi, bz = r.z.hi - o.z.hi;
  const double aox = std::fabs(o.x.hi), aoy = std::fabs(o.y.hi), aoz = std::fabs(o.z.hi);
  const double max = std::fabs(q.x.hi) + aox, may = std::fabs(q.y.hi) + aoy,
               maz = std::fabs(q.z.hi) + aoz;
  const double mbx = std::fabs(r.x.hi) + aox, mby = std::fabs(r.y.hi) + aoy,
               mbz = std::fabs(r.z.hi) + aoz;
  const double perm = (cmax[0] + aox) * (may * mbz + maz * mby) +
                      (cmax[1] + aoy) * (maz * mbx + max * mbz) +
                      (cmax[2] + aoz) * (max * mby + may * mbx);
  PlaneFilter3 f;
  f.ox = o.x.hi;
  f.oy = o.y.hi;
  f.oz = o.z.hi;
  f.nx = ay * bz - az * by;
  f.ny = az * bx - ax * bz;
  f.nz = ax * by - ay * bx;
  // The underflow slack scales with the factor multiplied last, here c = s − o (the derivation
  // in src/predicates3.cpp multiplies by a last; the roles are symmetric).
  f.bound = kPlaneFilterFactor * perm +
            kPlaneFilterSlack * (1.0 + ((cmax[0] + aox) + (cmax[1] + aoy) + (cmax[2] + aoz)));
  return f;
}

}  // namespace minkowski::reference::detail
