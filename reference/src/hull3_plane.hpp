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

/// Stage 1 of det3_sign(u0, u1, v0, v1, w0, w1) = sign (((u1 − u0) × (v1 − v0)) · (w1 − w0)) with
/// the normal hoisted, for loops that test many directions w1 − w0 against one normal, each
/// direction's magnitudes |w1_h| + |w0_h| at most wmax per coordinate. The bound of
/// src/predicates3.cpp (derived there for any three differences) with M_w replaced by wmax, which
/// only raises the permanent; evaluated as (u × v)·w, five roundings per monomial as there, and
/// the underflow slack taken with the factor multiplied last (w), as in PlaneFilter3.
struct DirFilter3 {
  double nx, ny, nz;  ///< fl((u1 − u0) × (v1 − v0)) on hi parts
  double bound;
  int sign(const ExactPoint3& w0, const ExactPoint3& w1) const {
    const double det =
        nx * (w1.x.hi - w0.x.hi) + ny * (w1.y.hi - w0.y.hi) + nz * (w1.z.hi - w0.z.hi);
    return det > bound ? 1 : (-det > bound ? -1 : 0);
  }
};

inline DirFilter3 make_dir_filter(const ExactPoint3& u0, const ExactPoint3& u1,
                                  const ExactPoint3& v0, const ExactPoint3& v1,
                                  const double wmax[3]) {
  const double ax = u1.x.hi - u0.x.hi, ay = u1.y.hi - u0.y.hi, az = u1.z.hi - u0.z.hi;
  const double bx = v1.x.hi - v0.x.hi, by = v1.y.hi - v0.y.hi, bz = v1.z.hi - v0.z.hi;
  const double max = std::fabs(u1.x.hi) + std::fabs(u0.x.hi),
               may = std::fabs(u1.y.hi) + std::fabs(u0.y.hi),
               maz = std::fabs(u1.z.hi) + std::fabs(u0.z.hi);
  const double mbx = std::fabs(v1.x.hi) + std::fabs(v0.x.hi),
               mby = std::fabs(v1.y.hi) + std::fabs(v0.y.hi),
               mbz = std::fabs(v1.z.hi) + std::fabs(v0.z.hi);
  const double perm = wmax[0] * (may * mbz + maz * mby) + wmax[1] * (maz * mbx + max * mbz) +
                      wmax[2] * (max * mby + may * mbx);
  DirFilter3 f;
  f.nx = ay * bz - az * by;
  f.ny = az * bx - ax * bz;
  f.nz = ax * by - ay * bx;
  f.bound = kPlaneFilterFactor * perm + kPlaneFilterSlack * (1.0 + (wmax[0] + wmax[1] + wmax[2]));
  return f;
}

}  // namespace minkowski::reference::detail
