// ode_box.hpp — whether a case's polytope is exactly a rectangular box, in any orientation, and
// the dCreateBox parameters (sides, rotation, centre) that represent it, with a proven bound on
// how far ODE's box lies from the case's. Used by ode_shapes.hpp (the adapter and the repros).
//
// The test is exact: every coordinate is a double, so a rational number; the tests below are
// done in rationals (GMP through Boost.Multiprecision), without rounding:
//   the 8 distinct points are p0 + {0, e1} + {0, e2} + {0, e3} for three of p0's edge vectors
//   e1, e2, e3 = q − p0 (q among the other 7) with e1·e2 = e1·e3 = e2·e3 = 0 and each e ≠ 0,
//   ordered so that e1·(e2 × e3) > 0 (R must be a rotation, not a reflection).
// That is the definition of a rectangular box (a parallelepiped with orthogonal edges), so a
// turned box of the `box` family (integer corners, Pythagorean turns) passes and any other set of
// 8 points fails, whatever the rounding of a double computation would have said.
//
// ODE's box is a centre, three side lengths and a rotation matrix, all doubles; a turned box's
// side lengths |e_i| and axes e_i/|e_i| are irrational in general, so ODE's box is the case's box
// rounded. The box ODE is given is the set {c + R·diag(s/2)·u : u ∈ [−1, 1]³} for the doubles
// c, R, s passed to it (ODE uses R as given: dGeomSetRotation copies it), the convex hull of its
// 8 corners c + R·diag(s/2)·σ, σ ∈ {−1, 1}³. Each is paired with the case's corner of the same σ;
// a point of one hull is a convex combination of its corners, and the same combination of the
// paired corners lies in the other hull within the largest corner distance. So the Hausdorff
// distance between the two boxes is at most max_σ |corner_ODE(σ) − corner_case(σ)|, computed here
// exactly in rationals and rounded up: that is the shape's input_shift (the protocol adds it to
// every allowance, docs/design.md "The --exec protocol"). For an axis-aligned box with exact
// sides and centre it is 0.
#pragma once

#include <boost/multiprecision/gmp.hpp>

#include <array>
#include <cmath>
#include <limits>
#include <optional>
#include <vector>

namespace ode_box {

using V = std::array<double, 3>;
using Q = boost::multiprecision::mpq_rational;
using QV = std::array<Q, 3>;

/// dCreateBox's parameters for an exact box, and the proven bound `shift`.
struct Box {
  V sides;                          ///< side lengths along the box's local x, y, z (> 0)
  std::array<double, 12> rotation;  ///< dMatrix3, row-major 3×4: column i is local axis i
  V centre;                         ///< the geom's position
  double shift = 0;  ///< >= the Hausdorff distance between ODE's box and the case's box
};

inline QV to_q(const V& p) { return {Q(p[0]), Q(p[1]), Q(p[2])}; }
inline QV sub(const QV& a, const QV& b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }
inline Q dot(const QV& a, const QV& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

/// The smallest double >= the non-negative rational q (mpq's conversion truncates: one step up
/// covers it).
inline double up(const Q& q) {
  const double d = q.convert_to<double>();
  return std::nextafter(d, std::numeric_limits<double>::infinity());
}

/// The box of the 8 distinct points `pts`, or nullopt when they are not exactly a rectangular box.
inline std::optional<Box> exact_box(const std::vector<V>& pts) {
  if (pts.size() != 8) return std::nullopt;
  std::vector<QV> q;
  for (const V& p : pts) q.push_back(to_q(p));
  std::vector<QV> e;  // edge candidates from p0
  for (std::size_t i = 1; i < 8; ++i) e.push_back(sub(q[i], q[0]));
  for (std::size_t i = 0; i < 7; ++i)
    for (std::size_t j = i + 1; j < 7; ++j) {
      if (dot(e[i], e[j]) != 0) continue;
      for (std::size_t k = j + 1; k < 7; ++k) {
        if (dot(e[i], e[k]) != 0 || dot(e[j], e[k]) != 0) continue;
        // ODE's colliders take R as a rotation (dBoxBox builds its axes and their cross
        // products from R's columns): the frame must be right-handed, det R = +1, not a
        // reflection of the same box. e1·(e2 × e3) decides it exactly; swap e2, e3 if < 0.
        std::array<const QV*, 3> edge = {&e[i], &e[j], &e[k]};
        const QV& a = e[j];
        const QV& b = e[k];
        const QV axb = {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2],
                        a[0] * b[1] - a[1] * b[0]};
        if (dot(e[i], axb) < 0) std::swap(edge[1], edge[2]);
        // Every corner p0 + Σ_{bit set} e must be one of the points; the 8 corners of three
        // non-zero orthogonal vectors are distinct, and so are the 8 points: a bijection.
        bool all = true;
        for (int m = 0; m < 8 && all; ++m) {
          QV corner = q[0];
          for (int t = 0; t < 3; ++t)
            if (m >> t & 1)
              for (int c = 0; c < 3; ++c) corner[c] += (*edge[t])[c];
          bool found = false;
          for (const QV& p : q) found = found || p == corner;
          all = found;
        }
        if (!all) continue;
        // ODE's parameters in double: sides |e|, axes e/|e| (columns of R), centre p0 + Σe/2.
        Box box{};
        QV centre = q[0];
        for (int t = 0; t < 3; ++t)
          for (int c = 0; c < 3; ++c) centre[c] += (*edge[t])[c] / 2;
        for (int c = 0; c < 3; ++c) box.centre[c] = centre[c].convert_to<double>();
        for (int t = 0; t < 3; ++t) {
          const double len = std::sqrt(dot(*edge[t], *edge[t]).convert_to<double>());
          if (!(len > 0) || !std::isfinite(len)) return std::nullopt;
          box.sides[t] = len;
          for (int c = 0; c < 3; ++c)
            box.rotation[4 * c + t] = (*edge[t])[c].convert_to<double>() / len;
        }
        // The bound: the largest distance between paired corners, exact, rounded up.
        Q worst = 0;
        for (int m = 0; m < 8; ++m) {
          QV diff;
          for (int c = 0; c < 3; ++c) {
            Q ode_corner = Q(box.centre[c]);
            Q case_corner = centre[c];
            for (int t = 0; t < 3; ++t) {
              const double sign = (m >> t & 1) ? 0.5 : -0.5;
              ode_corner += Q(box.rotation[4 * c + t]) * Q(box.sides[t]) * Q(sign);
              case_corner += (*edge[t])[c] * Q(sign);
            }
            diff[c] = ode_corner - case_corner;
          }
          const Q d2 = dot(diff, diff);
          if (d2 > worst) worst = d2;
        }
        const double bound2 = up(worst);
        box.shift =
            worst == 0 ? 0.0
                       : std::nextafter(std::sqrt(bound2), std::numeric_limits<double>::infinity());
        return box;
      }
    }
  return std::nullopt;
}

}  // namespace ode_box
