#pragma once
// minkowski/fast/epa.hpp — EPA: penetration depth and direction of two intersecting shapes, and
// `penetration()`, the one call that runs GJK and then EPA.
//
// Algorithm: the Expanding Polytope Algorithm of van den Bergen, "Proximity queries and penetration
// depth computation on 3D game objects", GDC 2001 (also Collision Detection in Interactive 3D
// Environments, 2003, §4.3.7), in 2D where the polytope is a convex polygon contained in the
// Minkowski difference A ⊖ B of the cores. Start and pitfalls: docs/design.md, "Pitfalls from the
// sources" ("EPA: origin on a simplex edge", "EPA termination tolerance").
//
// What it answers. When the cores intersect, the origin lies in A ⊖ B. The penetration depth is the
// distance from the origin to the boundary of A ⊖ B, and the direction of the nearest boundary
// point is the normal: translating B by normal · depth leaves the shapes touching. With radii the
// depth of the rounded shapes is core depth + ra + rb along the same normal.
//
// The iteration. A convex polygon P ⊂ A ⊖ B around the origin is kept as a ring of points of
// A ⊖ B. Each edge stores its outward unit normal n and its distance d = n·p from the origin.
// Take the edge with the least d: d is a lower bound on the depth (P ⊂ A ⊖ B). Evaluate the
// support point s of A ⊖ B along its normal: h = n·s is an upper bound — B moved by h·n is
// separated — and every such h is kept as a candidate answer. If h − d <= tau the edge lies on the
// boundary up to tau: stop. Otherwise s lies strictly beyond the edge and P becomes the convex hull
// of P and s: s is inserted between the edge's end points, and end points that became reflex are
// unlinked. (They exist: GJK's first point, and points from a warm-start cache, are differences of
// vertices that need not lie on the boundary of A ⊖ B. Inserting s next to such a point without
// this step makes P non-convex, and EPA then expands inward edges without end.)
//
// The start (docs/design.md, "EPA: origin on a simplex edge"). With the GJK triangle well around
// the origin the polygon starts as that triangle. When the origin lies on or near a simplex edge,
// the triangle's orientation and the edge's side are not trustworthy in floating point; the polygon
// then starts from that edge alone, as two opposite directed edges p→q and q→p with opposite
// normals, and expands to both sides. A 2-point GJK simplex (origin on the segment) starts the same
// way; a 1-point simplex (origin on a vertex of A ⊖ B) first takes a second support point along ±x
// or ±y.
//
// The answer. depth is the least upper bound h met (so B moved by normal·depth is separated or
// touching, up to rounding), error_bound = h − (least d of the final polygon) bounds how far it may
// exceed the exact depth. Witness points come from the edge of that answer.
//
// Exits (EpaStatus), each a named branch of epa():
//   converged         h − d <= tau on the closest edge, or its support point is one of its end
//                     points: depth within tau (+ rounding) of the exact depth.
//   max_iterations    the iteration bound: best answer so far, error_bound says how good.
//   polytope_full     the fixed storage (Capacity points) is full: best answer so far.
//   degenerate_edge   a new edge would have zero length in T: best answer so far.
//   point_difference  A ⊖ B is the single point 0 (two coincident points): depth 0 and every
//                     direction is a normal; +x is returned.
//   not_intersecting  the GJK result says the cores are apart: EPA is not applicable.
//   not_run           penetration() only: GJK answered alone (separated, or only the radii
//                     overlap).
//
// Storage. The polygon lives in fixed arrays of Capacity (template parameter, default
// kEpaMaxVertices) points on the stack: no allocation per query, ever. A 2D EPA inserts only
// support points of A ⊖ B, whose hull has at most na + nb vertices, so two polygons with na + nb <=
// Capacity − 3 never fill it (a few points collinear with a hull edge can add to that); beyond,
// the named exit polytope_full returns the best answer so far.
//
// Tolerance: tau = relative_tolerance · (a.scale() + b.scale()); default kEpaToleranceUlps · u
// (tolerances.hpp, with where 16 comes from). A user may pass a larger tolerance for speed on
// many-sided shapes, or 0 to run to exhaustion.
//
// No allocation, no exceptions, no NaN for finite input (every division is by a length tested > 0).

#include <cmath>
#include <cstddef>
#include <cstdint>

#include "minkowski/fast/gjk.hpp"
#include "minkowski/fast/sat.hpp"
#include "minkowski/fast/shape.hpp"
#include "minkowski/fast/support.hpp"
#include "minkowski/fast/tolerances.hpp"
#include "minkowski/fast/vec2.hpp"

namespace minkowski::fast {

// Capacity, iteration bound and tolerances (kEpaMaxVertices, kEpaMaxIterations,
// kEpaToleranceUlps, kEpaNearEdgeUlps): tolerances.hpp.

/// Why EPA stopped. See the header comment for what each exit guarantees.
enum class EpaStatus : std::uint8_t {
  converged,
  max_iterations,
  polytope_full,
  degenerate_edge,
  point_difference,
  not_intersecting,
  not_run,
};

inline const char* describe(EpaStatus s) {
  switch (s) {
    case EpaStatus::converged:
      return "converged";
    case EpaStatus::max_iterations:
      return "max_iterations";
    case EpaStatus::polytope_full:
      return "polytope_full";
    case EpaStatus::degenerate_edge:
      return "degenerate_edge";
    case EpaStatus::point_difference:
      return "point_difference";
    case EpaStatus::not_intersecting:
      return "not_intersecting";
    case EpaStatus::not_run:
      return "not_run";
  }
  return "unknown";
}

/// Options of an EPA query.
template <class T>
struct EpaOptions {
  /// Termination tolerance relative to the case: tau = relative_tolerance · (a.scale() +
  /// b.scale()). Default kEpaToleranceUlps · u (tolerances.hpp). 0 runs until no support point
  /// lies beyond the closest edge.
  T relative_tolerance = epa_default_relative_tolerance<T>();
  int max_iterations = kEpaMaxIterations;            ///< bound on support evaluations
  SupportMethod support = SupportMethod::automatic;  ///< support search (support.hpp)
};

/// Result of epa(). All vectors are in the shapes' common (world) frame.
template <class T>
struct EpaOutput {
  EpaStatus status = EpaStatus::not_intersecting;  ///< which exit ended the iteration
  Vec2<T> normal;        ///< unit, from A towards B: B moved by normal · depth touches A
  T depth = T(0);        ///< penetration depth of the rounded shapes: core_depth + ra + rb
  T core_depth = T(0);   ///< penetration depth of the cores: an upper bound h = normal · s
  T error_bound = T(0);  ///< core_depth − (lower bound on the exact core depth), >= 0
  Vec2<T> point_a;       ///< deepest point of A along normal: core point + ra · normal
  Vec2<T> point_b;       ///< deepest point of B against normal: core point − rb · normal;
                         ///< point_a − point_b ≈ depth · normal (exactly so up to error_bound)
  int iterations = 0;    ///< support evaluations made
  int polytope_size = 0;  ///< points in the final polygon
};

namespace detail {

// The polygon as a doubly linked ring in structure-of-arrays form. Point k has coordinates
// (px, py) and indices (ia, ib); edge k runs from point k to point next[k] and has outward unit
// normal (nx, ny) and origin distance dist. Unlinked points stay in their slots with alive = 0, so
// the closest-edge search is a plain scan of slots [0, size). No member has an initializer: a local
// Polytope costs nothing to create.
template <class T, std::size_t Capacity>
struct Polytope {
  T px[Capacity], py[Capacity];
  T nx[Capacity], ny[Capacity], dist[Capacity];
  VertexIndex ia[Capacity], ib[Capacity];
  std::uint32_t next[Capacity], prev[Capacity];
  unsigned char alive[Capacity];
  std::size_t size;  // slots used
  std::size_t live;  // points on the ring

  Vec2<T> point(std::size_t k) const { return {px[k], py[k]}; }
  MinkowskiPoint<T> minkowski_point(std::size_t k) const { return {point(k), ia[k], ib[k]}; }

  void set_point(std::size_t k, const MinkowskiPoint<T>& m) {
    px[k] = m.w.x;
    py[k] = m.w.y;
    ia[k] = m.ia;
    ib[k] = m.ib;
    alive[k] = 1;
  }

  // Closes the ring 0 → 1 → ... → n−1 → 0 over the first n slots.
  void make_ring(std::size_t n) {
    for (std::size_t k = 0; k < n; ++k) {
      next[k] = static_cast<std::uint32_t>(k + 1 == n ? 0 : k + 1);
      prev[k] = static_cast<std::uint32_t>(k == 0 ? n - 1 : k - 1);
    }
    size = live = n;
  }

  // Edge k from point k to point next[k], outward normal on the right (counter-clockwise ring).
  // d = n·p = cross(p, e)/|e|. Returns false if the edge has zero length (its ends coincide).
  // An edge whose squared length is subnormal or underflows to 0 is normalised by unit_vector
  // (vec2.hpp): a 4e-265-long edge of a sliver at scale 8e78 (|e|² = 0) was taken for a
  // coincident pair, EPA gave up at its start and answered the normal (1, 0) — along the sliver,
  // leaving the whole overlap (fixtures/found/fuzz-cbc2d7a8b8283205.json).
  bool set_edge(std::size_t k) {
    using std::sqrt;
    const Vec2<T> p = point(k);
    const Vec2<T> e = point(next[k]) - p;
    if (e.x == T(0) && e.y == T(0)) return false;
    const T len2 = dot(e, e);
    if (len2 >= normalize_below2<T>() && len2 > T(0)) {
      const T inv = T(1) / sqrt(len2);
      const Vec2<T> n = inv * perp_right(e);
      nx[k] = n.x;
      ny[k] = n.y;
      dist[k] = inv * cross(p, e);
    } else {
      const Vec2<T> n = perp_right(unit_vector(e, len2));
      nx[k] = n.x;
      ny[k] = n.y;
      dist[k] = dot(n, p);
    }
    return true;
  }

  std::size_t closest_edge() const {
    std::size_t best = 0;
    while (!alive[best]) ++best;  // slot 0 may have been unlinked
    T best_d = dist[best];
    for (std::size_t k = best + 1; k < size; ++k) {
      if (alive[k] && dist[k] < best_d) {
        best_d = dist[k];
        best = k;
      }
    }
    return best;
  }

  // Inserts s (stored in slot m = size) after point k, then unlinks the points next to s that are
  // no longer strictly convex (orient <= 0), keeping at least a triangle. Returns false if an edge
  // through s has zero length.
  bool insert_after(std::size_t k, const MinkowskiPoint<T>& s) {
    const std::size_t m = size++;
    set_point(m, s);
    std::size_t p = k, q = next[k];
    next[p] = static_cast<std::uint32_t>(m);
    prev[m] = static_cast<std::uint32_t>(p);
    next[m] = static_cast<std::uint32_t>(q);
    prev[q] = static_cast<std::uint32_t>(m);
    ++live;
    const Vec2<T> w = s.w;
    while (live > 3 && !(orient(point(prev[p]), point(p), w) > T(0))) {  // p reflex or flat
      const std::size_t pp = prev[p];
      alive[p] = 0;
      next[pp] = static_cast<std::uint32_t>(m);
      prev[m] = static_cast<std::uint32_t>(pp);
      --live;
      p = pp;
    }
    while (live > 3 && !(orient(w, point(q), point(next[q])) > T(0))) {  // q reflex or flat
      const std::size_t qn = next[q];
      alive[q] = 0;
      next[m] = static_cast<std::uint32_t>(qn);
      prev[qn] = static_cast<std::uint32_t>(m);
      --live;
      q = qn;
    }
    return set_edge(p) && set_edge(m);
  }
};

// A candidate answer: normal n with upper bound h = n·s, the support point s, and the edge (p, q)
// whose normal it was.
template <class T>
struct EpaCandidate {
  Vec2<T> n;
  T h;
  T d;  // distance of the edge (p, q) from the origin
  MinkowskiPoint<T> s, p, q;
};

// L1 norm, for rounding-error bounds of cross products.
template <class T>
T norm1(Vec2<T> a) {
  using std::abs;
  return abs(a.x) + abs(a.y);
}

// Initial polygon from the GJK simplex (points already scaled by f). Returns the number of points
// placed (2 or 3), or 0 when A ⊖ B is the single point 0 (status point_difference), or -1 on a
// zero-length start edge.
template <class Support, class T, std::size_t Capacity>
int epa_start(const GjkSimplex<T>& simplex, const CoreView<T>& a, const CoreView<T>& b, T f,
              Polytope<T, Capacity>& poly) {
  using std::abs;
  MinkowskiPoint<T> p = simplex.points[0], q = simplex.points[1];
  if (simplex.count == 3) {
    const MinkowskiPoint<T>* w = simplex.points;
    // Origin strictly inside with a certain orientation: all three crosses clearly of one sign.
    const T near = T(kEpaNearEdgeUlps) * unit_roundoff<T>();
    T c[3];
    T sine[3];  // |cross| relative to its rounding scale: small means "origin near this edge"
    bool clear = true;
    for (int k = 0; k < 3; ++k) {
      const Vec2<T> u = w[k].w, v = w[(k + 1) % 3].w;
      c[k] = cross(u, v);
      const T scale = norm1(u) * norm1(v);
      sine[k] = scale > T(0) ? abs(c[k]) / scale : T(0);
      clear = clear && abs(c[k]) > near * scale;
    }
    const bool same_sign =
        (c[0] > T(0) && c[1] > T(0) && c[2] > T(0)) || (c[0] < T(0) && c[1] < T(0) && c[2] < T(0));
    if (clear && same_sign) {
      const bool ccw = c[0] > T(0);
      poly.set_point(0, w[0]);
      poly.set_point(1, ccw ? w[1] : w[2]);
      poly.set_point(2, ccw ? w[2] : w[1]);
      poly.make_ring(3);
      if (poly.set_edge(0) && poly.set_edge(1) && poly.set_edge(2)) return 3;
      // A zero-length edge in a clearly non-degenerate triangle cannot happen; fall through.
    }
    // Near an edge: keep the edge the origin is most nearly on.
    int k = 0;
    if (sine[1] < sine[k]) k = 1;
    if (sine[2] < sine[k]) k = 2;
    p = w[k];
    q = w[(k + 1) % 3];
  } else if (simplex.count == 1) {
    // The origin is at (or within rounding of) the point p. Find a second support point strictly
    // beyond p along one of the axis directions; if there is none, A ⊖ B is the single point p.
    const Vec2<T> dirs[4] = {{T(1), T(0)}, {T(-1), T(0)}, {T(0), T(1)}, {T(0), T(-1)}};
    bool found = false;
    for (const Vec2<T>& d : dirs) {
      MinkowskiPoint<T> s = support_difference<Support>(a, b, d, p.ia, p.ib);
      s.w = f * s.w;
      if (dot(s.w - p.w, d) > T(0)) {
        q = s;
        found = true;
        break;
      }
    }
    if (!found) return 0;
  }
  poly.set_point(0, p);
  poly.set_point(1, q);
  poly.make_ring(2);
  if (!poly.set_edge(0) || !poly.set_edge(1)) return -1;
  return 2;
}

// EPA on Minkowski-difference points scaled by the power of two f (working_scale in gjk.hpp);
// tau is in unscaled units.
template <class Support, std::size_t Capacity, class T>
EpaOutput<T> epa_core(const CoreView<T>& a, const CoreView<T>& b, T ra, T rb, GjkSimplex<T> simplex,
                      T tau, int max_iterations, T f) {
  EpaOutput<T> out;
  for (int k = 0; k < simplex.count; ++k) simplex.points[k].w = f * simplex.points[k].w;
  tau = f * tau;
  Polytope<T, Capacity> poly;
  const int started = epa_start<Support>(simplex, a, b, f, poly);
  if (started <= 0) {
    // Single point (or a start edge of zero length, which only a single point can produce).
    out.status = started == 0 ? EpaStatus::point_difference : EpaStatus::degenerate_edge;
    out.normal = {T(1), T(0)};
    out.core_depth = T(0);
    out.depth = ra + rb;
    const MinkowskiPoint<T>& p = simplex.points[0];
    out.point_a = a.v[p.ia] + ra * out.normal;
    out.point_b = b.v[p.ib] - rb * out.normal;
    out.polytope_size = 1;
    return out;
  }

  EpaCandidate<T> best{};
  bool have_best = false;
  T lower = T(0);
  int it = 0;
  EpaStatus status;
  for (;;) {
    const std::size_t k = poly.closest_edge();
    const Vec2<T> n{poly.nx[k], poly.ny[k]};
    const T d = poly.dist[k];
    lower = d;
    if (it >= max_iterations) {
      status = EpaStatus::max_iterations;
      break;
    }

    MinkowskiPoint<T> s = support_difference<Support>(a, b, n, poly.ia[k], poly.ib[k]);
    s.w = f * s.w;
    ++it;
    const T h = dot(s.w, n);
    const std::size_t kn = poly.next[k];
    if (!have_best || h < best.h) {
      have_best = true;
      best = {n, h, d, s, poly.minkowski_point(k), poly.minkowski_point(kn)};
    }
    if (!(h - d > tau)) {
      status = EpaStatus::converged;
      break;
    }
    if ((s.ia == poly.ia[k] && s.ib == poly.ib[k]) ||
        (s.ia == poly.ia[kn] && s.ib == poly.ib[kn])) {
      status = EpaStatus::converged;  // the support point is an end point of the closest edge
      break;
    }
    if (poly.size >= Capacity) {
      status = EpaStatus::polytope_full;
      break;
    }

    if (!poly.insert_after(k, s)) {
      status = EpaStatus::degenerate_edge;
      break;
    }
  }

  out.status = status;
  out.iterations = it;
  out.polytope_size = static_cast<int>(poly.live);
  if (!have_best) {  // max_iterations == 0: report the closest edge as it stands
    const std::size_t k = poly.closest_edge();
    const std::size_t kn = poly.next[k];
    best = {Vec2<T>{poly.nx[k], poly.ny[k]},
            poly.dist[k],
            poly.dist[k],
            poly.minkowski_point(k),
            poly.minkowski_point(k),
            poly.minkowski_point(kn)};
  }
  out.normal = best.n;
  out.core_depth = best.h / f;
  out.error_bound = best.h > lower ? (best.h - lower) / f : T(0);
  out.depth = out.core_depth + ra + rb;

  // Witness points. If the answer's edge lies on the boundary within tau, use the foot of the
  // origin on that edge (the nearest point of the face); otherwise the support vertices s, which
  // lie exactly on the two supporting lines normal to `normal`.
  Vec2<T> ca = a.v[best.s.ia], cb = b.v[best.s.ib];
  if (!(best.h - best.d > tau)) {
    const Vec2<T> e = best.q.w - best.p.w;
    const T e2 = dot(e, e);
    T t = e2 > T(0) ? -dot(best.p.w, e) / e2 : T(0);
    t = t < T(0) ? T(0) : (t > T(1) ? T(1) : t);
    const Vec2<T> pa = a.v[best.p.ia], qa = a.v[best.q.ia];
    const Vec2<T> pb = b.v[best.p.ib], qb = b.v[best.q.ib];
    ca = pa + t * (qa - pa);
    cb = pb + t * (qb - pb);
  }
  out.point_a = ca + ra * out.normal;
  out.point_b = cb - rb * out.normal;
  return out;
}

}  // namespace detail

/// Penetration depth and direction of two shapes whose cores intersect, from a GJK result.
///
/// Answers: the unit normal from A towards B, the depth (B moved by normal·depth touches A),
/// witness points, and how far the depth may exceed the exact one (error_bound).
/// Preconditions: `gjk` is gjk_distance(a, b) for these same shapes. Template parameter Capacity:
///   polygon storage (default kEpaMaxVertices), on the stack.
/// Failure cases: not_intersecting if gjk.status is neither overlap nor touching (the cores are
///   apart: the answer is gjk itself); max_iterations, polytope_full, degenerate_edge return the
///   best answer found, always a valid separating direction, with error_bound saying how close.
/// Tolerance: depth <= exact + tau + rounding, tau = options.relative_tolerance·(Sa + Sb).
template <class T, std::size_t Capacity = kEpaMaxVertices>
EpaOutput<T> epa(const ConvexShape<T>& a, const ConvexShape<T>& b, const GjkOutput<T>& gjk,
                 const EpaOptions<T>& options = {}) {
  static_assert(Capacity >= 3, "EPA needs room for at least a triangle");
  EpaOutput<T> out;
  if (a.size() == 0 || b.size() == 0) return out;
  if (gjk.status != GjkStatus::overlap && gjk.status != GjkStatus::touching) return out;
  if (gjk.simplex.count < 1) return out;
  const detail::CoreView<T> va = detail::core_view(a);
  const detail::CoreView<T> vb = detail::core_view(b);
  const T tau = options.relative_tolerance * (a.scale() + b.scale());
  const T f = detail::working_scale(a.scale() + b.scale());
  return detail::with_support(options.support, [&]<class S>() {
    return detail::epa_core<S, Capacity>(va, vb, a.radius(), b.radius(), gjk.simplex, tau,
                                         options.max_iterations, f);
  });
}

/// How penetration() arrived at its answer.
enum class PenetrationStatus : std::uint8_t {
  separated,          ///< GJK: the rounded shapes are apart; distance, normal, points valid
  overlapping_radii,  ///< GJK: cores apart, radii overlap or touch: depth = ra + rb − core distance
  overlapping_cores,  ///< GJK then EPA (converged or single point): depth within tolerance
  approximate,        ///< a bound stopped GJK or EPA: best answer found (see gjk/epa status)
  sat_fallback,       ///< the normal degenerated (zero length: a core difference of subnormal
                      ///< size) or the cores are closer than GJK can give a
                      ///< direction for (kGjkNormalSqrtUlps); normal and depth are sat_query's MTV
  empty_shape,        ///< a shape has no vertices: nothing computed
};

inline const char* describe(PenetrationStatus s) {
  switch (s) {
    case PenetrationStatus::separated:
      return "separated";
    case PenetrationStatus::overlapping_radii:
      return "overlapping_radii";
    case PenetrationStatus::overlapping_cores:
      return "overlapping_cores";
    case PenetrationStatus::approximate:
      return "approximate";
    case PenetrationStatus::sat_fallback:
      return "sat_fallback";
    case PenetrationStatus::empty_shape:
      return "empty_shape";
  }
  return "unknown";
}

/// Answer of penetration(): the fields of the `--exec` protocol (docs/design.md, "The --exec
/// protocol") plus provenance.
template <class T>
struct PenetrationResult {
  bool intersects = false;  ///< the rounded shapes overlap or touch (touching: depth 0)
  Vec2<T> normal;           ///< unit, from A towards B. Separated: along the closest points.
                            ///< Intersecting: B moved by normal·depth touches A
  T depth = T(0);           ///< penetration depth (0 when separated or touching)
  T distance = T(0);        ///< distance between the shapes (0 when intersecting)
  Vec2<T> point_a;          ///< on A's surface; point_b − point_a = (distance − depth)·normal
  Vec2<T> point_b;          ///< on B's surface (up to the EPA error bound when intersecting)
  PenetrationStatus status = PenetrationStatus::empty_shape;  ///< which path answered
  GjkStatus gjk_status = GjkStatus::empty_shape;              ///< GJK's exit
  EpaStatus epa_status = EpaStatus::not_run;                  ///< EPA's exit (not_run: GJK alone)
  int gjk_iterations = 0;
  int epa_iterations = 0;
};

namespace detail {

// r with SAT's MTV as its normal and depth (status sat_fallback); the points are left as they are.
template <class T>
PenetrationResult<T> sat_mtv(const ConvexShape<T>& a, const ConvexShape<T>& b,
                             PenetrationResult<T> r) {
  const SatResult<T> s = sat_query(a, b);
  r.normal = s.normal;
  r.depth = s.depth;
  r.status = PenetrationStatus::sat_fallback;
  return r;
}

// An intersecting answer's normal has squared length 1 up to rounding. When the cores' difference
// is of subnormal size it can come out (0, 0): a 1e-313 polygon against a disc of radius 0.5 gave
// GJK a core distance whose square underflows, hence no normal, and depth 0.5
// (fixtures/found/fuzz-subnormal-polygon-vs-disc-zero-normal.json). EPA normalizes edges of the
// same polytope and is guarded the same way. SAT's MTV is exact for this shape model (up to
// rounding) and needs neither, so it answers instead (status sat_fallback). The check is one
// squared length per call.
template <class T>
PenetrationResult<T> unit_normal_or_sat(const ConvexShape<T>& a, const ConvexShape<T>& b,
                                        PenetrationResult<T> r) {
  const T n2 = length_squared(r.normal);
  if (n2 > T(0.5) && n2 < T(2)) return r;
  return sat_mtv(a, b, r);
}

// SAT's MTV for rounded shapes whose cores GJK found apart by less than it can give a direction
// for (kGjkNormalSqrtUlps, tolerances.hpp). The surface points keep GJK's core points (closer than
// that distance to each other) and move out by the radii along SAT's normal.
template <class T>
PenetrationResult<T> sat_normal(const ConvexShape<T>& a, const ConvexShape<T>& b,
                                PenetrationResult<T> r) {
  const T ra = a.radius(), rb = b.radius();
  const Vec2<T> core_a = r.point_a - ra * r.normal, core_b = r.point_b + rb * r.normal;
  r = sat_mtv(a, b, r);
  r.point_a = core_a + ra * r.normal;
  r.point_b = core_b - rb * r.normal;
  return r;
}

}  // namespace detail

/// Separation or penetration of two rounded convex shapes: GJK on the cores, then EPA if the cores
/// intersect. Touching (core distance 0 with both radii 0, or core distance == ra + rb) counts as
/// intersecting with depth 0.
/// Preconditions: shapes built by make_shape. Failure cases: see PenetrationStatus.
/// Tolerance: distance as gjk_distance; depth as epa (tau from `epa_options`).
template <class T>
PenetrationResult<T> penetration(const ConvexShape<T>& a, const ConvexShape<T>& b,
                                 GjkCache* cache = nullptr, const GjkOptions& gjk_options = {},
                                 const EpaOptions<T>& epa_options = {}) {
  PenetrationResult<T> r;
  if (a.size() == 0 || b.size() == 0) return r;
  const GjkOutput<T> g = gjk_distance(a, b, cache, gjk_options);
  r.gjk_status = g.status;
  r.gjk_iterations = g.iterations;
  const bool gjk_bound = g.status == GjkStatus::max_iterations;
  if (g.status != GjkStatus::overlap && g.status != GjkStatus::touching) {
    r.intersects = g.intersects;
    r.normal = g.normal;
    r.point_a = g.point_a;
    r.point_b = g.point_b;
    if (g.intersects) {
      r.depth = (a.radius() + b.radius()) - g.core_distance;
      r.status = gjk_bound ? PenetrationStatus::approximate : PenetrationStatus::overlapping_radii;
      // Cores closer than an uncertified GJK can give a direction for (kGjkNormalSqrtUlps): SAT.
      using std::sqrt, std::max;
      if (g.status != GjkStatus::converged && g.core_distance < T(kGjkNormalSqrtUlps) *
                                                                    sqrt(unit_roundoff<T>()) *
                                                                    max(a.scale(), b.scale()))
        return detail::sat_normal(a, b, r);
      return detail::unit_normal_or_sat(a, b, r);
    } else {
      r.distance = g.distance;
      r.status = gjk_bound ? PenetrationStatus::approximate : PenetrationStatus::separated;
    }
    return r;
  }
  const EpaOutput<T> e = epa(a, b, g, epa_options);
  r.intersects = true;
  r.normal = e.normal;
  r.depth = e.depth;
  r.point_a = e.point_a;
  r.point_b = e.point_b;
  r.epa_status = e.status;
  r.epa_iterations = e.iterations;
  r.status = (e.status == EpaStatus::converged || e.status == EpaStatus::point_difference)
                 ? PenetrationStatus::overlapping_cores
                 : PenetrationStatus::approximate;
  return detail::unit_normal_or_sat(a, b, r);
}

}  // namespace minkowski::fast
