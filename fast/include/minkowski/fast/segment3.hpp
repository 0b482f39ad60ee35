#pragma once
// minkowski/fast/segment3.hpp — closed-form closest points of two cores that are points or
// segments: spheres and capsules (ShapeKind3::point, ShapeKind3::segment). The dedicated path of
// gjk_distance, gjk_overlap, penetration (through gjk_distance) and contact_manifold for those
// pairs, chosen once per query from the shapes' kinds (docs/design.md, "Three dimensions").
//
// Derivation (our own; the textbook form is the clamped solution of the 2×2 normal equations,
// e.g. C. Ericson, "Real-Time Collision Detection", 2005, §5.1.9).
//
// Cores A = [A0, A1] and B = [B0, B1] (a point core has A1 = A0), d1 = A1 − A0, d2 = B1 − B0,
// w = A0 − B0. The squared distance of the points A0 + s·d1 and B0 + t·d2 is
//     F(s, t) = |w + s·d1 − t·d2|²,   (s, t) in the square Q = [0, 1]²,
// a convex quadratic with Hessian 2·[[a, −b], [−b, e]], a = d1·d1, b = d1·d2, e = d2·d2. Its
// determinant/4 is den = a·e − b² = a·e·sin²θ (θ the segments' angle). For den > 0 the
// unconstrained minimum is the solution of a·s − b·t = −c, −b·s + e·t = g (c = d1·w, g = d2·w):
//     s* = (b·g − c·e) / den,   t* = (a·g − b·c) / den.
// If (s*, t*) lies in Q it is the minimum over Q. Otherwise the minimum over Q lies on Q's
// boundary (a convex function whose only critical point is outside Q has no local minimum inside
// Q), i.e. it is the least of the four point–segment problems s = 0, s = 1, t = 0, t = 1, each
// min over x in [0, 1] of |w0 + x·d| with x = clamp(−(w0·d)/(d·d)).
// Outside Q. The minimum x_c lies on an edge whose constraint (s*, t*) violates: were x_c on an
// edge only of constraints (s*, t*) satisfies, the direction from x_c to (s*, t*) would be
// feasible at x_c and F would decrease along it (convexity: F(x_c + ε·(x* − x_c)) <=
// (1 − ε)·F(x_c) + ε·F(x*) < F(x_c)). So the violated edges (one or two) are solved first, and
// their best point is the minimum over Q if the KKT condition holds there: the derivative of F
// across its edge, into Q, is >= 0 (along the edge the point is already the minimum, clamped
// or not). Tested strictly in T; when it fails (a wrong classification by rounding, or a
// multiplier within rounding of 0) the other edges are solved too and the least point of all
// four kept. Either way every candidate is a feasible point.
//
// Rounding, and why every answer is near the minimum.
//   - Every candidate is evaluated at a feasible (s, t): the computed vector v is the difference
//     of a point of A and a point of B up to its own rounding (a few u·S), never below the true
//     distance by more than that (an interior answer is then projected on d1 × d2, below: its
//     length stays within the same rounding, up to ~7 u·S measured by the 2026-11-28 review).
//     So a wrong choice between interior and boundary (near Q's edges, where rounding decides)
//     costs only how far the chosen point is from optimal.
//   - The interior solution's error. c and g are formed with an error of ~u·|d||w| and den with
//     ~3u·a·e, so (s*, t*) is off by up to ~u·(|w|/|d| + 1)/sin²θ, mostly along the valley of F
//     (its Hessian's small eigenvector, eigenvalue ~|d|²·sin²θ): F rises there by ~u²(|w| +
//     |d|)²/sin²θ, i.e. the distance by up to ~u·(|w| + |d|)/sin θ when the cores nearly touch.
//     One Newton step fixes it, taken before the point is classified as inside or outside Q (a
//     point classified by the first solution could leave Q by that error, and the boundary's
//     least point would then be first-order off): the residual vector v0 = (A0 + s·d1) −
//     (B0 + t·d2) is formed (error η of a few u·S for (s, t) near Q: the same as moving B by
//     η, which changes the minimum by at most |η|), its gradient d1·v0, d2·v0 is now small (~|d|·|v0|, |v0| ~
//     the distance plus the valley error), and the corrected point minimises the η-moved problem
//     to ~u·|v0|/sin θ along the valley, a second-order term. So the interior answer is within
//     ~2|η| (a few u·S) of the minimum, as GJK's is, and a point near Q's boundary is classified
//     to that accuracy, as long as the step's contraction ~4u/sin²θ is far below 1:
//     kSegment3ParallelSine2 (tolerances3.hpp) sets the smallest sin²θ taken, 1/256
//     (contraction 2^-42 in double, 6e-5 in float); nearer-parallel segment pairs, and cores
//     whose products leave the normal range (a·e below normalize_below2), are declined and GJK
//     answers them (gjk3.hpp: the general loop, whose segment and triangle solvers handle
//     parallel and repeated points).
//   - The interior answer's direction. At an inner (s, t) the exact v is parallel to the common
//     perpendicular n = d1 × d2, but the computed v carries the η above in every direction, so
//     when the cores are a few u·S apart its direction is noise: fuzz3-67a509b89a10439a (a
//     segment and a capsule of radius 3.4e7 whose cores pass 1.2e-7 ≈ 8 u·S apart, S = 1.3e8)
//     got a normal 0.027 rad off and an MTV that left 1.2e4 of overlap (8e11 u·S). n's direction
//     is off by ~2u/sin θ (each component of the cross product by ~2u·|d1||d2|, against |n| =
//     |d1||d2|·sin θ), at most 32u here (sin² θ > kSegment3ParallelSine2), whatever the
//     distance; so v is answered as its projection (v·n/|n|²)·n: its length |v·n|/|n| is the
//     distance within |η| (the error along n) and its direction is n's. (The sign of v·n is the
//     arithmetic's when the distance is below |η|: either side is then a push within 2|η|.)
//   - A point–segment candidate x = −(w0·d)/(d·d) is refined the same way (the Gram–Schmidt step
//     of GJK's solve3_segment): v0 = w0 + x·d, x += −(v0·d)/(d·d), which removes v0's rounding
//     along d, so v is perpendicular to d up to ~u·|v|.
//   - Not covered: an answer at a segment's end (end–end, end–interior) a few u·S long keeps the
//     direction of its computed v, which is then noise too (the review: unit capsules left
//     overlapping by 4e-4 after the push, as before the projection); open.
//   - Cores whose computed distance is within GJK's touching band (kGjk3TouchingUlps·u·(S_A +
//     S_B)) are declined too (exit `touching`): the callers take the general path, so touching
//     and crossing cores (no normal) are answered exactly as before this path existed.
// Every case is scaled by the power of two f of GJK (working_scale3 of S_A + S_B, exact), so the
// degree-4 products neither overflow nor underflow in the domain (tolerances3.hpp).
//
// No allocation, no exceptions, no loop (a fixed number of candidates).

#include <cmath>
#include <cstdint>

#include "minkowski/fast/shape3.hpp"
#include "minkowski/fast/support.hpp"  // MINKOWSKI_FAST_INLINE
#include "minkowski/fast/tolerances3.hpp"
#include "minkowski/fast/vec2.hpp"  // normalize_below2
#include "minkowski/fast/vec3.hpp"

namespace minkowski::fast::detail {

/// How the closed form ended.
enum class Closest3Exit : std::uint8_t {
  answered,  ///< cores apart beyond the touching band: s, t, v, dist2 hold the answer
  touching,  ///< cores within the touching band (or crossing): the general path answers
  declined,  ///< segments within kSegment3ParallelSine2 of parallel, or products out of range
};

/// The closed form's answer in the working scale f.
template <class T>
struct Closest3 {
  Closest3Exit exit;
  T s, t;     ///< parameters: c_A = A0 + s·(A1 − A0), c_B = B0 + t·(B1 − B0) (0 for a point)
  Vec3<T> v;  ///< f·(c_A − c_B): the point of A ⊖ B nearest the origin, as computed
  T dist2;    ///< |v|²
  T sin2;     ///< two segments: den/(a·e), the computed sin² of their angle; otherwise 1
};

/// min over x in [0, 1] of |w0 + x·d|, given w1 = w0 + d formed from the points themselves and
/// inv_dd = 1/(d·d), d·d > 0: writes x and v = w0 + x·d (from the nearer end), unrefined.
template <class T>
MINKOWSKI_FAST_INLINE void point_segment3(Vec3<T> w0, Vec3<T> w1, Vec3<T> d, T inv_dd, T& x,
                                          Vec3<T>& v) {
  const T x0 = -dot(w0, d) * inv_dd;
  if (!(x0 > T(0))) {
    x = T(0), v = w0;
  } else if (!(x0 < T(1))) {
    x = T(1), v = w1;
  } else {
    x = x0, v = x0 <= T(0.5) ? w0 + x0 * d : w1 - (T(1) - x0) * d;
  }
}

/// The refinement of a point–segment answer with x inside (0, 1) (header comment): one
/// Gram–Schmidt step, y = −(v·d)/(d·d), kept when x + y stays inside.
template <class T>
MINKOWSKI_FAST_INLINE void refine_on_segment3(Vec3<T> d, T inv_dd, T& x, Vec3<T>& v) {
  if (!(x > T(0) && x < T(1))) return;
  const T y = -dot(v, d) * inv_dd;
  const T x1 = x + y;
  if (x1 > T(0) && x1 < T(1)) x = x1, v = v + y * d;
}

/// The four edges of Q, the least point kept in r (best: its edge, 0: s = 0, 1: s = 1, 2: t = 0,
/// 3: t = 1); the rare fallback of closest_points_low3 (header comment, "Outside Q").
template <class T>
MINKOWSKI_FAST_NOINLINE void all_edges3(Vec3<T> A0, Vec3<T> A1, Vec3<T> B0, Vec3<T> B1, Vec3<T> d1,
                                        Vec3<T> d2, T inv_a, T inv_e, int& best, Closest3<T>& r) {
  for (int k = 0; k < 4; ++k) {  // four candidates
    T x;
    Vec3<T> v;
    if (k < 2) {
      const Vec3<T> Ak = k == 0 ? A0 : A1;
      point_segment3(Ak - B0, Ak - B1, -d2, inv_e, x, v);
    } else {
      const Vec3<T> Bk = k == 2 ? B0 : B1;
      point_segment3(A0 - Bk, A1 - Bk, d1, inv_a, x, v);
    }
    const T q = dot(v, v);
    if (q < r.dist2) {
      best = k, r.v = v, r.dist2 = q;
      r.s = k < 2 ? T(k) : x;
      r.t = k < 2 ? x : T(k - 2);
    }
  }
}

/// Closed-form closest points of two cores of dimension <= 1 (points or segments), in the working
/// scale f (points multiplied by f); touch2 is GJK's touching band squared, in that scale.
/// Quotients are formed as products with one reciprocal per denominator (one more rounding, u,
/// absorbed by the refinement like every other rounding of the first solution).
/// Preconditions: a.dimension() <= 1, b.dimension() <= 1, both built by make_shape3.
template <class T>
Closest3<T> closest_points_low3(const ConvexShape3<T>& a, const ConvexShape3<T>& b, T f, T touch2) {
  Closest3<T> r;
  r.exit = Closest3Exit::answered;
  r.s = T(0), r.t = T(0);
  r.v = Vec3<T>{};
  r.dist2 = T(0);
  r.sin2 = T(1);
  const Vec3<T> A0 = f * a.vertex(0), B0 = f * b.vertex(0);
  const bool seg_a = a.dimension() == 1, seg_b = b.dimension() == 1;
  const T nb2 = normalize_below2<T>();
  if (!seg_a && !seg_b) {
    r.v = A0 - B0;
  } else if (!seg_b) {  // segment A, point B: min |w + s·d1|
    const Vec3<T> A1 = f * a.vertex(1);
    const Vec3<T> d1 = A1 - A0;
    const T aa = dot(d1, d1);
    if (!(aa >= nb2)) {
      r.exit = Closest3Exit::declined;
      return r;
    }
    const T inv = T(1) / aa;
    point_segment3(A0 - B0, A1 - B0, d1, inv, r.s, r.v);
    refine_on_segment3(d1, inv, r.s, r.v);
  } else if (!seg_a) {  // point A, segment B: min |w − t·d2|
    const Vec3<T> B1 = f * b.vertex(1);
    const Vec3<T> d2 = B1 - B0;
    const T ee = dot(d2, d2);
    if (!(ee >= nb2)) {
      r.exit = Closest3Exit::declined;
      return r;
    }
    const T inv = T(1) / ee;
    point_segment3(A0 - B0, A0 - B1, -d2, inv, r.t, r.v);
    refine_on_segment3(-d2, inv, r.t, r.v);
  } else {
    const Vec3<T> A1 = f * a.vertex(1), B1 = f * b.vertex(1);
    const Vec3<T> d1 = A1 - A0, d2 = B1 - B0, w = A0 - B0;
    const T aa = dot(d1, d1), ee = dot(d2, d2), bb = dot(d1, d2);
    const T ae = aa * ee;
    if (!(aa >= nb2 && ee >= nb2 && ae >= nb2)) {
      r.exit = Closest3Exit::declined;
      return r;
    }
    const T den = ae - bb * bb;
    r.sin2 = den / ae;
    if (!(den > T(kSegment3ParallelSine2) * ae)) {
      r.exit = Closest3Exit::declined;
      return r;
    }
    const T c = dot(d1, w), g = dot(d2, w);
    // The unconstrained minimum, refined by one Newton step on the residual before it is
    // classified (header comment: the first solution's error lies along F's valley, and a
    // point classified by it could leave the interior by that much).
    // Each vector is a difference of a point on A and a point on B formed alike, so that the
    // answer for (B, A) is the exact negation of the answer for (A, B) (fl(q − p) = −fl(p − q)),
    // as GJK's is (properties/test/metamorphic3_test.cpp asks it bit for bit).
    const T inv_den = T(1) / den;
    const T s0 = (bb * g - c * ee) * inv_den, t0 = (aa * g - bb * c) * inv_den;
    const Vec3<T> p0 = A0 + s0 * d1, q0 = B0 + t0 * d2;
    const Vec3<T> v0 = p0 - q0;
    const T c1 = dot(d1, v0), g1 = dot(d2, v0);
    const T ds = (bb * g1 - c1 * ee) * inv_den, dt = (aa * g1 - bb * c1) * inv_den;
    const T s1 = s0 + ds, t1 = t0 + dt;
    if (s1 > T(0) && s1 < T(1) && t1 > T(0) && t1 < T(1)) {  // inside Q: the minimum
      // v's direction from the common perpendicular (header comment, "The interior answer's
      // direction"): v projected on n = d1 × d2.
      const Vec3<T> v1 = (p0 + ds * d1) - (q0 + dt * d2);
      const Vec3<T> n = cross(d1, d2);
      r.s = s1, r.t = t1, r.v = (dot(v1, n) / dot(n, n)) * n;
    } else {
      // The boundary of Q (header comment, "Outside Q"): first the edges whose constraint the
      // unconstrained minimum violates, the least kept (compared before refinement: a
      // candidate's rounding along its segment changes |v|² only to second order); if its
      // multiplier does not have the sign that makes it the minimum over Q (the KKT condition),
      // the other edges too.
      const T inv_a = T(1) / aa, inv_e = T(1) / ee;
      int best = -1;  // 0: s = 0, 1: s = 1, 2: t = 0, 3: t = 1
      T x;
      Vec3<T> v;
      // (s1, t1) is outside Q, so at least one of the two tests below holds.
      if (!(s1 > T(0) && s1 < T(1))) {  // an edge of s: B's segment against A's end A_k
        const bool lo = !(s1 > T(0));
        point_segment3((lo ? A0 : A1) - B0, (lo ? A0 : A1) - B1, -d2, inv_e, x, v);
        best = lo ? 0 : 1, r.s = T(best), r.t = x, r.v = v, r.dist2 = dot(v, v);
      }
      if (!(t1 > T(0) && t1 < T(1))) {  // an edge of t: A's segment against B's end B_k
        const bool lo = !(t1 > T(0));
        point_segment3(A0 - (lo ? B0 : B1), A1 - (lo ? B0 : B1), d1, inv_a, x, v);
        const T q = dot(v, v);
        if (best < 0 || q < r.dist2)
          best = lo ? 2 : 3, r.s = x, r.t = T(best - 2), r.v = v, r.dist2 = q;
      }
      // The multiplier of the edge's constraint: moving into Q must not decrease F, i.e.
      // ∂F/∂s = 2·d1·v >= 0 at s = 0 (<= 0 at s = 1), ∂F/∂t = −2·d2·v >= 0 at t = 0 (<= 0 at
      // t = 1). Strict in T: a multiplier within rounding of 0 takes the four edges.
      const T m = best < 2 ? dot(d1, r.v) : dot(d2, r.v);
      if (!(best == 0 ? m > T(0) : best == 1 ? m < T(0) : best == 2 ? m < T(0) : m > T(0)))
        all_edges3(A0, A1, B0, B1, d1, d2, inv_a, inv_e, best, r);
      if (best < 2) {
        refine_on_segment3(-d2, inv_e, r.t, r.v);
      } else {
        refine_on_segment3(d1, inv_a, r.s, r.v);
      }
    }
  }
  r.dist2 = dot(r.v, r.v);
  if (!(r.dist2 > touch2)) r.exit = Closest3Exit::touching;
  return r;
}

/// The point of a core at parameter x (0 for a point core): its vertex exactly at x = 0 and 1.
template <class T>
MINKOWSKI_FAST_INLINE Vec3<T> core_point3(const ConvexShape3<T>& s, T x) {
  if (s.dimension() == 0 || x == T(0)) return s.vertex(0);
  if (x == T(1)) return s.vertex(1);
  const Vec3<T> p0 = s.vertex(0), p1 = s.vertex(1);
  return x <= T(0.5) ? p0 + x * (p1 - p0) : p1 - (T(1) - x) * (p1 - p0);
}

}  // namespace minkowski::fast::detail
