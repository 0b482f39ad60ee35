#pragma once
// minkowski/fast/manifold.hpp — contact manifold of two rounded convex hulls by clipping
// (the reference-face / incident-face method of Box2D; E. Catto, "Contact Manifolds", GDC 2007).
//
// What this header answers
//   contact_manifold(a, b, margin, cache)  up to two contact points with their own separation
//                                          (negative = penetrating) and feature ids, and one normal
//                                          from A towards B. Fixed-size output, no allocation.
//
// Method.
//   1. SAT over the face directions of both cores (sat.hpp), stopping as soon as one face shows a
//      gap larger than rA + rB + margin (no contact possible).
//   2. Rounded shapes, points and segments, and polygons whose best face gap is within its
//      rounding of zero (sat.hpp, needs_refinement): closest features of the best face and its
//      incident feature. When they are two vertices (a corner of a rounded box against a circle,
//      two capsules end to end) the contact is one point on the vertex–vertex axis.
//   3. Otherwise a reference face: A's best face, unless B's best face has a gap larger by more
//      than kReferenceFaceRelativeTolerance × the shorter face (coherence: equal faces keep A).
//      Coherence chooses only between faces of one class: both touch up to rounding, or both
//      clearly do not separate them; when B's is in a higher class, B's is the reference, and
//      between two faces that both separate the cores (a gap above its rounding) the better one
//      is, as the cores' closest points lie in its slab.
//      The incident edge is the other shape's edge most anti-parallel to the reference normal (a
//      single-vertex shape offers its vertex, which gives one point: circle–polygon).
//   4. The incident edge is clipped to the slab between the reference face's two side planes
//      (Sutherland–Hodgman on two points, done parametrically); each surviving point with
//      separation s = n·(p − v0) − rA − rB <= margin becomes a contact (up to the gap's rounding
//      error, kSatGapErrorUlps · u · S, so that a touching contact is never dropped by rounding).
//      An end of the incident edge that no side plane cuts keeps its exact coordinates, and its
//      height is formed exactly as SAT formed the face gap: the deepest point of a manifold on
//      the best face has separation −(SAT depth) bit for bit.
//   5. If no clipped point is as deep as the face gap (the side planes cut the incident vertex that
//      realises it — in exact arithmetic impossible on the best face of overlapping cores), the
//      clipping is done again, at most once: on B's best face if step 3 kept A's although B's is
//      better (by more than rounding); else on the neighbour on that vertex's side whose gap ties
//      with the face's (two nearly collinear faces, one chosen by rounding).
//
// Performance (figures against Box2D 2.4.1's b2CollidePolygons: docs/performance.md): with a warm
// SatCache a separated pair costs one axis test. The face pass is most of an overlapping query
// (sat.hpp); most of the rest is one dependent chain (reference face → incident edge → clip →
// points).
//
// Contact points. Each ManifoldPoint carries `point_a` on A's surface, `point_b` on B's surface and
// `point` midway between them, with point_b = point_a + separation · normal (up to rounding) —
// except where the incident point lies beyond an end of the reference face (a disc centre past a
// corner, an end kept inside a side plane's rounding band, the fallback's vertex): point_a is then
// the face's end (or its cap), off the normal through point_b by that distance. For a face contact
// point_a/point_b lie on the two surfaces along the normal through the clipped incident point;
// radii move the surface points out of the cores, so depth includes the radii.
//
// Feature ids. A point kept from the incident edge is (reference face, incident vertex); a point
// created by a side plane is (reference vertex of that plane, incident face); a vertex contact is
// (vertex, vertex); a single-vertex incident shape gives (reference face, vertex 0). Ids are
// expressed for A and B (type_a/index_a always refer to A), so a solver can match points across
// frames whichever shape was the reference.
//
// Failure cases (returned as data, never thrown):
//   - no point: separated by more than the margin, or every clipped point's separation > margin;
//   - clipping removed the whole incident edge (it lies beyond a side plane; only with near-ties
//     in floating point): the incident support vertex is returned as the single point instead;
//   - coincident single points (concentric circles): normal (1, 0), one point.
// Tolerances: kSatParallelAxisUlps, kSatGapErrorUlps (sat.hpp), kReferenceFaceRelativeTolerance.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>

#include "minkowski/fast/sat.hpp"
#include "minkowski/fast/shape.hpp"
#include "minkowski/fast/support.hpp"
#include "minkowski/fast/tolerances.hpp"
#include "minkowski/fast/vec2.hpp"

namespace minkowski::fast {

/// Kind of feature a contact point comes from on one shape.
enum class FeatureType : std::uint8_t {
  vertex,  ///< a core vertex
  face,    ///< a core edge (face i joins vertex i to vertex i+1)
  /// No feature on this shape (the closest-internal-vertices points of
  /// properties/internal_vertices.hpp).
  none,
};

/// Feature pair that produced a contact point, for matching points across frames.
struct ContactFeature {
  FeatureType type_a = FeatureType::none;
  FeatureType type_b = FeatureType::none;
  std::uint32_t index_a = 0;  ///< vertex or face index on A
  std::uint32_t index_b = 0;  ///< vertex or face index on B
  friend constexpr bool operator==(const ContactFeature&, const ContactFeature&) = default;
  /// One integer identifying the pair (index_a and index_b < 2^30, as shapes guarantee).
  constexpr std::uint64_t key() const {
    return (std::uint64_t(type_a) << 62) | (std::uint64_t(index_a) << 32) |
           (std::uint64_t(type_b) << 30) | std::uint64_t(index_b);
  }
};

/// One contact point. (No default member initialisers: a Manifold's unused point slots are left
/// unwritten, which keeps the query free of a 200-byte clear on every call.)
template <class T>
struct ManifoldPoint {
  Vec2<T> point;      ///< midway between point_a and point_b
  Vec2<T> point_a;    ///< on A's surface (core ⊕ radius)
  Vec2<T> point_b;    ///< on B's surface; point_b = point_a + separation · normal, plus a
                      ///< tangential offset where the incident point lies beyond the face's end
  T separation;       ///< signed gap along the normal: < 0 penetrating (depth = −separation)
  ContactFeature id;  ///< features of A and B that produced the point
};

/// Which rule produced the manifold.
enum class ManifoldKind : std::uint8_t {
  none,    ///< no contact point
  face_a,  ///< reference face on A: normal = A's face normal
  face_b,  ///< reference face on B: normal = −(B's face normal)
  vertex,  ///< vertex–vertex: normal along the closest core vertices (or two single points)
};

/// Contact manifold: at most two points sharing one normal.
template <class T>
struct Manifold {
  Vec2<T> normal{};            ///< unit, from A towards B; meaningful when point_count > 0
  ManifoldPoint<T> points[2];  ///< points[0 .. point_count); the others are unspecified
  int point_count = 0;         ///< 0, 1 or 2
  ManifoldKind kind = ManifoldKind::none;
  std::uint32_t reference_face = 0;  ///< face index on the reference shape (face_a / face_b)
  int axes_tested = 0;               ///< as SatResult::axes_tested
};

namespace manifold_detail {

// One point given the core points on the reference side (cr) and on the incident side (ci), the
// unit normal u from reference to incident, and the separation s (radii included). Built in
// registers and stored once.
template <class T>
ManifoldPoint<T> make_point(bool ref_is_a, Vec2<T> cr, Vec2<T> ci, Vec2<T> u, T rr, T ri, T s,
                            ContactFeature ref_inc_id) {
  const Vec2<T> qr = cr + rr * u, qi = ci - ri * u;
  const Vec2<T> pa = ref_is_a ? qr : qi, pb = ref_is_a ? qi : qr;
  const ContactFeature id = ref_is_a ? ref_inc_id
                                     : ContactFeature{ref_inc_id.type_b, ref_inc_id.type_a,
                                                      ref_inc_id.index_b, ref_inc_id.index_a};
  return ManifoldPoint<T>{T(0.5) * (pa + pb), pa, pb, s, id};
}

// The side planes of a reference face v0 → v1, t = v1 − v0 = (tx, ty): a point p lies between them
// when side_a = t·(p − v0) >= 0 and side_b = t·(v1 − p) >= 0. side_band is the rounding of those
// values, kSatGapErrorUlps·u·S·|t| with |t| bounded by max(|tx|, |ty|) (no square root, at most √2
// too small): a point beyond a plane by less is not told apart from one on it.
template <class T>
T side_a(Vec2<T> v0, T tx, T ty, Vec2<T> p) {
  return tx * (p.x - v0.x) + ty * (p.y - v0.y);
}
template <class T>
T side_b(Vec2<T> v1, T tx, T ty, Vec2<T> p) {
  return tx * (v1.x - p.x) + ty * (v1.y - p.y);
}
template <class T>
T side_band(T tx, T ty, T scale) {
  using std::abs;
  return T(kSatGapErrorUlps) * unit_roundoff<T>() * scale * std::max(abs(tx), abs(ty));
}

/// A reference face of R with its gap and I's vertex that realises the gap.
template <class T>
struct TiedFace {
  std::uint32_t face;
  T gap;
  std::uint32_t support;
};

/// The face of R to clip on when `from`'s support vertex lies beyond one of its side planes: the
/// last of the neighbours, walking towards that side, whose gaps are at least from.gap − gap_floor
/// (a tie within rounding), stopping at the first whose support vertex lies within its slab; `from`
/// itself when the support is within the slab or the next neighbour does not tie. At most
/// R.size() − 1 steps, each a scan of I (the pass's own heights). Out of line: the manifold calls
/// it only when its first clipping lost I's deepest vertex (see contact_manifold).
template <class T>
MINKOWSKI_FAST_NOINLINE TiedFace<T> tied_face_towards_support(const ConvexShape<T>& R,
                                                              const ConvexShape<T>& I,
                                                              const sat_detail::FacePass<T>& pass,
                                                              TiedFace<T> from, T gap_floor,
                                                              T scale) {
  // −1: q lies beyond face f's side plane at vertex f, +1: beyond the one at vertex f + 1, by more
  // than the slab's rounding band (as the clipping's `outside`); 0: within the slab.
  auto beyond_side = [&](std::uint32_t f, Vec2<T> q) {
    const Vec2<T> p0 = R.vertex(f), p1 = R.vertex(sat_detail::next_index(f, R.size()));
    const T tx = p1.x - p0.x, ty = p1.y - p0.y, band = side_band(tx, ty, scale);
    return side_a(p0, tx, ty, q) < -band ? -1 : (side_b(p1, tx, ty, q) < -band ? 1 : 0);
  };
  TiedFace<T> at = from;
  const int dir = beyond_side(from.face, I.vertex(from.support));
  for (std::size_t step = 1; dir != 0 && step < R.size(); ++step) {
    const std::uint32_t f = dir < 0 ? sat_detail::prev_index(at.face, R.size())
                                    : sat_detail::next_index(at.face, R.size());
    const Vec2<T> n = R.normal(f), v = R.vertex(f);
    TiedFace<T> next{f, pass.height(n, I.vertex(0), v), 0};
    for (std::uint32_t j = 1; j < I.size(); ++j) {
      const T h = pass.height(n, I.vertex(j), v);
      if (h < next.gap) next.gap = h, next.support = j;
    }
    if (!(next.gap >= from.gap - gap_floor)) break;
    at = next;
    if (beyond_side(at.face, I.vertex(at.support)) != dir) break;
  }
  return at;
}

/// Where a single incident point's reference point lies (place_single): the reference surface's
/// drop below the face line (the separation grows by it) and the reference point's shift from q's
/// foot on the face line.
template <class T>
struct SinglePlacement {
  T cap_drop = T(0);
  T shift_x = T(0), shift_y = T(0);
};

/// The reference point of a single incident point q (I's only vertex, or the fallback's deepest
/// vertex) when q lies beyond the slab by d: the reference surface there is not the face line.
/// Within a rounded face's end cap (d < rr) the point on it, straight along n, is lower by
/// rr − sqrt(rr² − d²): moved down by that much (the separation grows by it). Farther out
/// (d >= rr, and always for rr = 0) and above the face line, the cap's point towards q is the
/// reference point and the separation is q's distance from the face's end less the radii; at or
/// below the line, the cap's outermost point along the face, with the separation along n (see
/// there). The face line's foot would lie outside the reference shape; fixtures/found/
/// cap.json, speck.json and fuzz-c493684ff7f55a1c.json pin
/// this (SAT keeps the face when the vertex axis is longer than its gap by less than
/// kSatVertexAxisUlps·u·S, which a centre up to ~sqrt(8 u·S·gap) beyond the end is). Distances
/// along the face use its unit direction from unit_vector: for a face between ~1e-162 and ~1e-154
/// long, |t|² is subnormal and dividing by sqrt(|t|²) would put such a point percents of its
/// distance off.
///
/// R's reference face runs from v0 to v1 (outward normal n, radius rr); point_face: its squared
/// length underflows (see ClipFace). Out of line: only single incident points and the fallback
/// take it, and the common path keeps no state for it.
template <class T>
MINKOWSKI_FAST_NOINLINE SinglePlacement<T> place_single(Vec2<T> q, Vec2<T> n, Vec2<T> v0,
                                                        Vec2<T> v1, T rr, bool point_face) {
  SinglePlacement<T> pl;
  const T tx = v1.x - v0.x, ty = v1.y - v0.y;
  if (point_face) {  // the reference point is v0 (+ rr along n): drop q − v0's tangential part
    const Vec2<T> dq = q - v0;
    const T h = dot(n, dq);
    pl.shift_x = -(dq.x - h * n.x), pl.shift_y = -(dq.y - h * n.y);
    return pl;
  }
  const T aq = side_a(v0, tx, ty, q), bq = side_b(v1, tx, ty, q);
  if (aq < T(0) || bq < T(0)) {
    using std::sqrt;
    const Vec2<T> th = unit_vector(Vec2<T>{tx, ty}, tx * tx + ty * ty);  // subnormal |t|^2 safe
    const T ua = dot(th, q - v0), ub = dot(th, v1 - q);
    const T d = -(aq < bq ? ua : ub);
    if (d < rr) {
      pl.cap_drop = rr - sqrt((rr - d) * (rr + d));
    } else {
      // Beyond the cap's reach along n: the reference point is the cap's point towards q,
      // e + rr·(q − e)/L with e the face's end and L = |q − e| = sqrt(h² + d²), and the
      // separation L − rr − ri (cap_drop = L − h, formed as d²/(L + h) for h > 0): the cap
      // bulges towards q by up to rr (fixtures/found/fuzz-25242b537d84149c.json). Only for q
      // above the face line (h > 0): at or below it |q − e| is no separation
      // (fixtures/found/fuzz-9bf41bcd11725e58.json); such a point keeps the separation along
      // n from the cap's outermost point along the face (the end moved out by rr along ±t̂).
      const Vec2<T> e = aq < bq ? v0 : v1;
      const T h = dot(n, q - e);
      if (h > T(0)) {
        const T L = sqrt(h * h + d * d);  // 0 when h² + d² underflows
        pl.cap_drop = d * d / (L + h);    // L − h without cancellation; L + h >= h > 0
        // L >= d >= rr. L = 0 only by underflow (h and d below ~1e-162): then k = 0, no shift,
        // not 0/0 (fixtures/found/near_touching-5752-vertex_vertex-16ulp-shrunk.json).
        const T k = L > T(0) ? (L - rr) / L : T(0);
        const T sn = k * pl.cap_drop, st = aq < bq ? k * d : -(k * d);  // st: towards the slab, ±t̂
        pl.shift_x = sn * n.x + st * th.x, pl.shift_y = sn * n.y + st * th.y;
      } else {
        pl.cap_drop = rr;
        const T back = aq < bq ? d - rr : rr - d;  // towards the slab along ±t̂
        pl.shift_x = back * th.x, pl.shift_y = back * th.y;
      }
    }
  }
  return pl;
}

/// What the clipping needs besides the face: the reference shape R and the incident shape I (A and
/// B, or B and A when ref_b), the face pass, their radii rr and ri and their sum r, the pair's
/// scale S, the face gaps' rounding floor and the largest separation kept.
template <class T>
struct ClipContext {
  const ConvexShape<T>& R;
  const ConvexShape<T>& I;
  const sat_detail::FacePass<T>& pass;
  bool ref_b;
  T rr, ri, r, scale, gap_floor, keep_limit;
};

/// The reference face of one clipping: R's face r0 → r1 from v0 to v1, outward normal n,
/// t = v1 − v0 = (tx, ty). point_face: |t|² underflows to 0 (a face shorter than ~1e-162 in
/// double: a speck of subnormal size against a larger shape); its products with the other shape's
/// coordinates round to 0, so it has no usable slab and is treated as the point v0 (place_single).
template <class T>
struct ClipFace {
  Vec2<T> n, v0, v1;
  std::uint32_t r0, r1;
  T tx, ty;
  bool point_face;
  T plane_a(Vec2<T> p) const { return side_a(v0, tx, ty, p); }
  T plane_b(Vec2<T> p) const { return side_b(v1, tx, ty, p); }
};

/// The clipping's candidate points (count: 1 or 2) before they are measured against the face.
/// Scalars, not point structs: structs of point + tag stored piecewise and reloaded whole stall
/// store-to-load forwarding.
template <class T>
struct ClipCandidates {
  T p0x, p0y, p1x, p1y;
  T cap_drop = T(0);  ///< a single point's reference surface below the face line (place_single)
  /// The reference point of each end moved along the face back to the slab: a single point's cap,
  /// and a clipped edge's end kept within the side planes' rounding band (clip_edge_to_slab).
  T shift0_x = T(0), shift0_y = T(0), shift1_x = T(0), shift1_y = T(0);
  bool plane0 = false, plane1 = false;  ///< the end was cut by a side plane
  std::uint32_t i0 = 0, i1 = 0;         ///< I's vertex of a kept end, R's vertex of a cut one
  std::uint32_t e = 0;                  ///< I's incident edge
  int count = 1;
};

/// I's incident edge e → e1 (ends *w0, *w1 in I) and the side-plane values of its ends.
template <class T>
struct IncidentEdge {
  std::uint32_t e, e1;
  const Vec2<T>* w0;
  const Vec2<T>* w1;
  T a0, a1, b0, b1;
};

template <class T>
MINKOWSKI_FAST_INLINE IncidentEdge<T> incident_edge_at(const ConvexShape<T>& I,
                                                       const ClipFace<T>& f, std::uint32_t e) {
  const std::uint32_t e1 = sat_detail::next_index(e, I.size());
  const Vec2<T>& w0 = I.vertex(e);
  const Vec2<T>& w1 = I.vertex(e1);
  return {e, e1, &w0, &w1, f.plane_a(w0), f.plane_a(w1), f.plane_b(w0), f.plane_b(w1)};
}

/// The edge lies wholly beyond one side plane (then the fallback, take_deepest_vertex).
template <class T>
bool beyond_plane(const IncidentEdge<T>& ed) {
  return (ed.a0 < T(0) && ed.a1 < T(0)) || (ed.b0 < T(0) && ed.b1 < T(0));
}

/// A plane cuts an end of an edge that reaches the slab only when the end lies beyond it by more
/// than the band (side_band: a face gap's rounding), so rounding cannot decide whether it is cut.
/// Otherwise I's vertex that realises the gap could be cut away
/// (fixtures/found/fuzz-2db2f484ae400e29.json).
template <class T>
bool outside_band(T side, T band) {
  return side < -band;
}

/// The edge lies beyond one plane by more than the band at both ends (then first the tie walk).
/// An edge beyond a plane only within its rounding reaches the slab up to rounding, and the walk
/// must not leave it (fixtures/found/fuzz-5e21db7c806a07bb.json).
template <class T>
bool far_beyond_plane(const IncidentEdge<T>& ed, T band) {
  return (outside_band(ed.a0, band) && outside_band(ed.a1, band)) ||
         (outside_band(ed.b0, band) && outside_band(ed.b1, band));
}

/// The edge of I whose normal is most anti-parallel to n (it holds I's support vertex along −n;
/// found from the normals directly, as Box2D does, so that it does not wait for the support
/// vertex). `tie` receives the dot below which a normal ties with it (kIncidentTieUlps). A
/// neighbour that ties (nearly collinear vertices of I) makes the choice rounding's, and the first
/// minimum need not hold I's deepest vertex; in exact arithmetic the most anti-parallel edge is
/// one of the two at I's support vertex along −n, so a tie is settled there
/// (sat_detail::incident_edge; fixtures/found/fuzz-153e71f04049a141.json). Two dot products in
/// the common, untied case.
template <class T>
MINKOWSKI_FAST_INLINE std::uint32_t most_antiparallel_edge(const ConvexShape<T>& I, Vec2<T> n,
                                                           const sat_detail::FacePass<T>& pass,
                                                           std::uint32_t face_support, T& tie) {
  using namespace sat_detail;
  const auto in = I.normals();
  std::uint32_t e = 0;
  T lowest = dot(n, in[0]);
  for (std::size_t k = 1; k < in.size(); ++k) {
    const T d = dot(n, in[k]);
    const std::uint32_t mask = 0u - static_cast<std::uint32_t>(d < lowest);
    e ^= (e ^ static_cast<std::uint32_t>(k)) & mask;
    lowest = d < lowest ? d : lowest;
  }
  tie = lowest + T(kIncidentTieUlps) * unit_roundoff<T>();
  if (dot(n, in[prev_index(e, in.size())]) <= tie || dot(n, in[next_index(e, in.size())]) <= tie)
    e = incident_edge(I, n, pass.support(n, I, face_support));
  return e;
}

/// For an edge far beyond a side plane: if its neighbours tie with it (the choice among them was
/// rounding's), walks towards the slab — backwards when beyond plane v0 (an anti-parallel edge
/// runs along −t), forwards when beyond plane v1 — through such ties, and stops at the first edge
/// that reaches the slab, or else at the last one, whose near end is the tie's nearest to the slab
/// (fixtures/found/fuzz-77078552889aae87.json, fuzz-9d0dcd9eadbb0585.json).
template <class T>
MINKOWSKI_FAST_INLINE void walk_ties_towards_slab(IncidentEdge<T>& ed, const ConvexShape<T>& I,
                                                  const ClipFace<T>& f, T tie, T band) {
  using namespace sat_detail;
  const auto in = I.normals();
  const bool back = outside_band(ed.a0, band) && outside_band(ed.a1, band);
  std::uint32_t k = ed.e;
  for (std::size_t step = 1; step < I.size(); ++step) {
    k = back ? prev_index(k, I.size()) : next_index(k, I.size());
    if (!(dot(f.n, in[k]) <= tie)) break;
    ed = incident_edge_at(I, f, k);
    if (!far_beyond_plane(ed, band)) break;
  }
}

/// A single incident point q (I's vertex `id`) as the candidate, with its reference point.
template <class T>
MINKOWSKI_FAST_INLINE void take_single_point(ClipCandidates<T>& cc, const ClipFace<T>& f,
                                             const Vec2<T>& q, std::uint32_t id, T rr) {
  cc.p0x = cc.p1x = q.x, cc.p0y = cc.p1y = q.y;
  cc.i0 = cc.i1 = id;
  // The face's points rebuilt from their coordinates: passing f's members whole to the call
  // would keep f in memory on every path.
  const Vec2<T> n{f.n.x, f.n.y}, v0{f.v0.x, f.v0.y}, v1{f.v1.x, f.v1.y};
  const SinglePlacement<T> pl = place_single(q, n, v0, v1, rr, f.point_face);
  cc.cap_drop = pl.cap_drop, cc.shift0_x = pl.shift_x, cc.shift0_y = pl.shift_y;
}

/// The documented fallback for an edge beyond a side plane (or a point face): the deepest incident
/// vertex. An edge (nearly) parallel to the face has two deepest ends within rounding: then the
/// end nearer the slab, or a vertex–vertex touching contact (the near end at the face's corner)
/// would be reported at the far end, off the reference shape by the edge's length. The edge is not
/// clipped: a plane crosses its line beyond its ends, and the cut point would lie off I.
template <class T>
MINKOWSKI_FAST_INLINE void take_deepest_vertex(ClipCandidates<T>& cc, const ClipContext<T>& c,
                                               const ClipFace<T>& f, const IncidentEdge<T>& ed,
                                               std::uint32_t face_support) {
  std::uint32_t sup = c.pass.support(f.n, c.I, face_support);
  const bool beyond0 = ed.a0 < T(0) && ed.a1 < T(0);  // beyond plane v0 (else beyond plane v1)
  const std::uint32_t near = (beyond0 ? ed.a1 > ed.a0 : ed.b1 > ed.b0) ? ed.e1 : ed.e;
  if (near != sup && c.pass.height(f.n, c.I.vertex(near), f.v0) <=
                         c.pass.height(f.n, c.I.vertex(sup), f.v0) + c.gap_floor)
    sup = near;
  take_single_point(cc, f, c.I.vertex(sup), sup, c.rr);
}

/// Clips an edge that reaches the slab, parametrically on w(s) = w0 + s (w1 − w0), s in [0, 1]:
/// plane v0 keeps a(s) = t·(w − v0) >= 0, plane v1 keeps b(s) = t·(v1 − w) >= 0. Since
/// a + b = |t|², both planes cut at parameters with the same denominator a0 − a1: one division.
/// An end that no plane cuts is kept bit for bit (its height then equals the face gap exactly).
template <class T>
MINKOWSKI_FAST_INLINE void clip_edge_to_slab(ClipCandidates<T>& cc, const ClipFace<T>& f,
                                             const IncidentEdge<T>& ed, T band) {
  const T a0 = ed.a0, a1 = ed.a1, b0 = ed.b0, b1 = ed.b1;
  const Vec2<T>& w0 = *ed.w0;
  const Vec2<T>& w1 = *ed.w1;
  const T tx = f.tx, ty = f.ty;
  // The denominator is nonzero whenever a plane separates the ends; otherwise 1 keeps exact
  // number types from dividing by zero (the value is then unused). a0 − a1 = t·(w0 − w1) is
  // formed from the edge itself: the difference of a0 and a1, each measured from v0, cancels
  // (fixtures/found/mixed.json).
  const T da = tx * (w0.x - w1.x) + ty * (w0.y - w1.y);
  const T den = da == T(0) ? T(1) : da;
  // One reciprocal serves both parameters, unless the denominator is subnormal: 1/den then
  // overflows to inf while each ratio, a0/den and b0/den, lies in [−1, 1] wherever it is used
  // (fixtures/found/manifold-subnormal-denominator.json). The branch is almost never taken.
  T xa, xb;  // b0 − b1 = −(a0 − a1)
  if ((den < T(0) ? -den : den) >= std::numeric_limits<T>::min()) {
    const T inv = T(1) / den;
    xa = a0 * inv, xb = -(b0 * inv);
  } else {
    xa = a0 / den, xb = -(b0 / den);
  }
  const bool lo_a = outside_band(a0, band), lo_b = outside_band(b0, band);
  const bool hi_a = outside_band(a1, band), hi_b = outside_band(b1, band);
  // The lower end is cut by the plane its start lies beyond, the upper end likewise (an end
  // beyond both planes cannot occur for a segment that reaches the slab).
  const T lo = lo_a ? xa : (lo_b ? xb : T(0));
  const T hi = hi_a ? xa : (hi_b ? xb : T(1));
  const T dx = w1.x - w0.x, dy = w1.y - w0.y;
  const bool plane0 = lo_a || lo_b, plane1 = hi_a || hi_b;
  cc.plane0 = plane0, cc.plane1 = plane1;
  cc.p0x = plane0 ? w0.x + lo * dx : w0.x, cc.p0y = plane0 ? w0.y + lo * dy : w0.y;
  cc.p1x = plane1 ? w0.x + hi * dx : w1.x, cc.p1y = plane1 ? w0.y + hi * dy : w1.y;
  cc.i0 = plane0 ? (lo_a ? f.r0 : f.r1) : ed.e;
  cc.i1 = plane1 ? (hi_a ? f.r0 : f.r1) : ed.e1;
  cc.count = 2;
  // An end kept inside the rounding band but beyond its plane (a < 0 or b < 0 without being
  // outside) lies past the face's end: its foot on the face line would be off R by up to the
  // band, 32 u·S. Its reference point is moved back along t to the face's end. Rare: a branch.
  const bool in_band0 = (!plane0) & ((a0 < T(0)) | (b0 < T(0)));
  const bool in_band1 = (!plane1) & ((a1 < T(0)) | (b1 < T(0)));
  if (in_band0 | in_band1) {
    // |t|² > 0 (point_face is false here) but may be subnormal: divide, not a reciprocal.
    const Vec2<T> th = unit_vector(Vec2<T>{tx, ty}, tx * tx + ty * ty);
    const T s0 = in_band0 ? (a0 < T(0) ? -dot(th, w0 - f.v0) : dot(th, f.v1 - w0)) : T(0);
    const T s1 = in_band1 ? (a1 < T(0) ? -dot(th, w1 - f.v0) : dot(th, f.v1 - w1)) : T(0);
    cc.shift0_x = s0 * th.x, cc.shift0_y = s0 * th.y, cc.shift1_x = s1 * th.x,
    cc.shift1_y = s1 * th.y;
  }
}

/// Measures the candidates against the face and writes them into m, counting those whose
/// separation is at most keep_limit. Returns the lowest height among the candidates (kept or not).
/// Ids: a kept end is (reference face, incident vertex); a cut end is (the cutting plane's
/// reference vertex, incident face).
template <class T>
MINKOWSKI_FAST_INLINE T write_points(Manifold<T>& m, const ClipContext<T>& c, const ClipFace<T>& f,
                                     const ClipCandidates<T>& cc) {
  const Vec2<T> n = f.n;
  const bool ref_b = c.ref_b;
  const T rr = c.rr, ri = c.ri;
  const T keep_limit = c.keep_limit;
  int kept = 0;
  T lowest = T(0);  // the lowest height of the candidate points (count >= 1)
  for (int k = 0; k < cc.count; ++k) {
    const T px = k == 0 ? cc.p0x : cc.p1x, py = k == 0 ? cc.p0y : cc.p1y;
    const bool plane = k == 0 ? cc.plane0 : cc.plane1;
    const std::uint32_t idx = k == 0 ? cc.i0 : cc.i1;
    const T w = c.pass.height(n, Vec2<T>{px, py}, f.v0);  // height above the reference face
    lowest = (k == 0 || w < lowest) ? w : lowest;
    const T sep = w - c.r + cc.cap_drop;
    // Core points: on the reference line (p − w n) and the incident point p; surfaces: moved out
    // by the radii along n (reference side; less cap_drop beyond the slab) and −n (incident side).
    const T rx = px - (w - rr + cc.cap_drop) * n.x + (k == 0 ? cc.shift0_x : cc.shift1_x);
    const T ry = py - (w - rr + cc.cap_drop) * n.y + (k == 0 ? cc.shift0_y : cc.shift1_y);
    const T ix = px - ri * n.x, iy = py - ri * n.y;
    const FeatureType ref_type = plane ? FeatureType::vertex : FeatureType::face;
    const FeatureType inc_type = plane ? FeatureType::face : FeatureType::vertex;
    const std::uint32_t ref_index = plane ? idx : f.r0, inc_index = plane ? cc.e : idx;
    ManifoldPoint<T>& mp = m.points[kept];  // written always, counted only if kept
    mp.point_a = ref_b ? Vec2<T>{ix, iy} : Vec2<T>{rx, ry};
    mp.point_b = ref_b ? Vec2<T>{rx, ry} : Vec2<T>{ix, iy};
    mp.point = Vec2<T>{T(0.5) * (rx + ix), T(0.5) * (ry + iy)};
    mp.separation = sep;
    mp.id = ref_b ? ContactFeature{inc_type, ref_type, inc_index, ref_index}
                  : ContactFeature{ref_type, inc_type, ref_index, inc_index};
    kept += sep <= keep_limit ? 1 : 0;
  }
  m.point_count = kept;
  if (kept == 0) m.kind = ManifoldKind::none;
  return lowest;
}

/// Clips I's incident feature on R's face `face` (its support vertex `face_support` as the pass
/// reports it, see FacePass::support) and writes the manifold's points, normal, kind and reference
/// face into m. Returns the lowest height above the face among the candidate points (kept or not).
/// Steps 3–4 of the method at the top of this header: I's single vertex, or its incident edge
/// (most_antiparallel_edge, walked through ties towards the slab when it lies far beyond a side
/// plane) clipped to the slab between the face's side planes, or its deepest vertex when the edge
/// misses the slab.
template <class T>
MINKOWSKI_FAST_INLINE T clip_on_face(Manifold<T>& m, const ClipContext<T>& c, std::uint32_t face,
                                     std::uint32_t face_support) {
  using namespace sat_detail;
  const ConvexShape<T>& R = c.R;
  const ConvexShape<T>& I = c.I;
  const Vec2<T> n = R.normal(face);
  const std::uint32_t r0 = face, r1 = next_index(face, R.size());
  const Vec2<T> v0 = R.vertex(r0), v1 = R.vertex(r1);
  m.kind = c.ref_b ? ManifoldKind::face_b : ManifoldKind::face_a;
  m.reference_face = face;
  m.normal = c.ref_b ? -n : n;
  const T tx = v1.x - v0.x, ty = v1.y - v0.y;
  const ClipFace<T> f{n, v0, v1, r0, r1, tx, ty, !(tx * tx + ty * ty > T(0))};
  ClipCandidates<T> cc;
  if (I.size() == 1) {
    take_single_point(cc, f, I.vertex(0), 0u, c.rr);
  } else {
    T tie;
    const std::uint32_t e0 = most_antiparallel_edge(I, n, c.pass, face_support, tie);
    const T band = side_band(tx, ty, c.scale);
    IncidentEdge<T> ed = incident_edge_at(I, f, e0);
    if (far_beyond_plane(ed, band)) walk_ties_towards_slab(ed, I, f, tie, band);
    cc.e = ed.e;
    if (f.point_face || beyond_plane(ed))
      take_deepest_vertex(cc, c, f, ed, face_support);
    else
      clip_edge_to_slab(cc, f, ed, band);
  }
  return write_points(m, c, f, cc);
}

/// The rare second round of contact_manifold (see there), when the first clipping lost I's vertex
/// that realises the face gap. If the other shape's best face is better than the reference face
/// by more than the gaps' rounding (the coherence rule kept A's face,
/// kReferenceFaceRelativeTolerance), clips on that face instead; otherwise on R's face. Either way
/// it first walks to the last tied face towards the gap's vertex (tied_face_towards_support), and
/// clips again unless that is the first round's face. Out of line, so that the common path keeps
/// one copy of the clipping and no state for this one.
template <class T>
MINKOWSKI_FAST_NOINLINE void reclip_on_better_face(Manifold<T>& m, const ClipContext<T>& c,
                                                   std::uint32_t face, T face_gap,
                                                   std::uint32_t face_support) {
  const sat_detail::Face<T>& other = c.ref_b ? c.pass.a : c.pass.b;
  const bool swap = other.valid && other.gap > face_gap + c.gap_floor;
  const ClipContext<T> swapped{c.I,  c.R, c.pass,  !c.ref_b,    c.ri,
                               c.rr, c.r, c.scale, c.gap_floor, c.keep_limit};
  const ClipContext<T>& ctx = swap ? swapped : c;
  const TiedFace<T> from = swap ? TiedFace<T>{other.face, other.gap, other.support}
                                : TiedFace<T>{face, face_gap, face_support};
  // Either face may tie with a neighbour and be the one whose slab misses the vertex, so both
  // walk first (the other shape's face: fixtures/found/fuzz-1c92fd36836d21d9.json).
  const TiedFace<T> t = tied_face_towards_support(
      ctx.R, ctx.I, c.pass,
      TiedFace<T>{from.face, from.gap,
                  c.pass.support(ctx.R.normal(from.face), ctx.I, from.support)},
      c.gap_floor, c.scale);
  if (swap || t.face != face) clip_on_face(m, ctx, t.face, t.support);
}

}  // namespace manifold_detail

/// Settings of contact_manifold; the defaults are the documented tolerances (tolerances.hpp).
/// Exposed so that the report can sweep them; production code keeps the defaults.
struct ManifoldOptions {
  /// B's face is the reference only when its gap beats A's by more than this times the shorter
  /// face (kReferenceFaceRelativeTolerance). 0: the better face by more than the gap's rounding.
  double reference_face_relative_tolerance = kReferenceFaceRelativeTolerance;
  /// A point is kept when its separation is at most the margin + keep_ulps · u · S
  /// (kSatGapErrorUlps). 0: at most the margin exactly as computed.
  double keep_ulps = kSatGapErrorUlps;
};

namespace manifold_detail {

/// Vertex contact of contact_manifold: from core point cr on shape R (vertex rv) to core point ci
/// on I (vertex iv), at squared distance d2; ra, rb the radii of A and B, limit the largest
/// distance of the cores reported. Out of line (single points and vertex axes only), so that the
/// common path sets up no closure for it.
template <class T>
MINKOWSKI_FAST_NOINLINE void vertex_contact(Manifold<T>& m, SatCache* cache, bool ref_is_a,
                                            Vec2<T> cr, Vec2<T> ci, T d2, std::uint32_t rv,
                                            std::uint32_t iv, T ra, T rb, T limit) {
  using std::sqrt;
  if (cache != nullptr)
    *cache = SatCache{SatAxis::vertex_vertex, ref_is_a ? rv : iv, ref_is_a ? iv : rv};
  if (d2 > limit * limit) return;
  Vec2<T> u{T(1), T(0)};
  T dist = T(0);
  if (d2 > T(0)) {
    dist = sqrt(d2);
    u = unit_vector(ci - cr, d2);
  }
  m.kind = ManifoldKind::vertex;
  m.normal = ref_is_a ? u : -u;
  m.points[0] =
      make_point(ref_is_a, cr, ci, u, ref_is_a ? ra : rb, ref_is_a ? rb : ra, dist - (ra + rb),
                 ContactFeature{FeatureType::vertex, FeatureType::vertex, rv, iv});
  m.point_count = 1;
}

/// contact_manifold on a case that needs no rescaling (the whole method of the header). Every
/// return returns the one local `m`, so that it is built in the caller's result (a second
/// Manifold on one path makes the compiler build `m` on the stack and copy it out on every
/// return).
template <class T>
Manifold<T> contact_manifold_unscaled(const ConvexShape<T>& a, const ConvexShape<T>& b,
                                      T speculative_margin, SatCache* cache,
                                      const ManifoldOptions& options) {
  using std::sqrt;
  using namespace sat_detail;
  Manifold<T> m;
  const T ra = a.radius(), rb = b.radius(), r = ra + rb;
  const T limit = r + speculative_margin;
  auto remember = [&](SatAxis axis, std::uint32_t ia, std::uint32_t ib) {
    if (cache != nullptr) *cache = SatCache{axis, ia, ib};
  };

  if (cache != nullptr && cache->axis != SatAxis::none) {
    ++m.axes_tested;
    if (gap_exceeds(cached_axis_gap(a, b, *cache), limit)) return m;
  }

  if (a.size() == 1 && b.size() == 1) {
    ++m.axes_tested;
    vertex_contact(m, cache, true, a.vertex(0), b.vertex(0),
                   length_squared(b.vertex(0) - a.vertex(0)), 0u, 0u, ra, rb, limit);
    return m;
  }

  const FacePass<T> pass = face_pass(a, b, true, limit);
  m.axes_tested += pass.tested;
  const bool best_b = pass.stopped ? pass.stopped_on_b : best_is_b(pass);
  const Face<T>& best = best_b ? pass.b : pass.a;
  if (best_b)
    remember(SatAxis::face_b, 0, best.face);
  else
    remember(SatAxis::face_a, best.face, 0);
  if (pass.stopped) return m;

  // The closest features of the cores when the refinement found a vertex pair but kept the face
  // (for the last resort at the end), between the best face's shape and the other.
  FeaturePair<T> kept_pair{};
  const ConvexShape<T>& best_ref = best_b ? b : a;
  const ConvexShape<T>& best_inc = best_b ? a : b;
  // A face gap's rounding error bound (kSatGapErrorUlps): gaps closer than this are a tie.
  const T scale = pair_scale(a, b);
  const T gap_floor = gap_error_bound(scale);
  if (needs_refinement(a, b, best.gap, gap_floor)) {
    ++m.axes_tested;
    const FeaturePair<T> fp = closest_features(
        best_ref, best.face, best_inc,
        pass.support(best_ref.normal(best.face), best_inc, best.support), best.gap);
    if (use_vertex_axis(fp, best.gap, scale)) {
      vertex_contact(m, cache, !best_b, best_ref.vertex(fp.ref_vertex),
                     best_inc.vertex(fp.inc_vertex), fp.dist2, fp.ref_vertex, fp.inc_vertex, ra, rb,
                     limit);
      return m;
    }
    kept_pair = fp;
  }

  // Reference face: A's best unless B's is better by more than the coherence tolerance, or B's
  // is in a higher class of separation than A's (below). (The rest of the query is written with
  // selects instead of branches where the branch would be a coin toss on random pairs: which
  // shape is the reference, which edge is incident, which end a side plane cuts, whether a point
  // is kept: a mispredicted branch costs more than a select.)
  bool ref_b = best_b;
  if (pass.a.valid && pass.b.valid) {
    const T diff = pass.b.gap - pass.a.gap;  // > 0 only when B's face is the better one
    const T la2 =
        length_squared(a.vertex(next_index(pass.a.face, a.size())) - a.vertex(pass.a.face));
    const T lb2 =
        length_squared(b.vertex(next_index(pass.b.face, b.size())) - b.vertex(pass.b.face));
    const T tol = T(options.reference_face_relative_tolerance);
    // Coherence chooses only between faces of one class, told apart by the gaps' rounding
    // gap_floor: 2, the face separates the cores (gap > gap_floor); 1, they touch up to rounding
    // (|gap| <= gap_floor); 0, it does not separate them (gap < −gap_floor). A face of a lower
    // class than the other shape's best does not witness the contact: the cores overlap by less
    // than its gap says, or not at all, so I's vertex that realises its gap need not be in the
    // contact (in both findings below it lies beyond the face's side planes, and the clipping
    // lost the contact). So B's face is the reference when its class is higher, however small
    // the difference beyond the gaps' rounding: separating against not separating
    // (fixtures/found/fuzz-b3dbfa2db9dd1a3c.json: a contact one radius short), touching up to
    // rounding against clearly not separating (fuzz-a5023d17b8b54a53.json: B's gap 1.4e73 =
    // 0.05·gap_floor, A's −2.6e84; a contact 3.6e88 short).
    // Between two faces that both separate the cores (class 2) there is no coherence either:
    // the cores' closest points lie in the slab of the better face (sat.hpp, "Rounded shapes"),
    // not necessarily in the other's, whose slab may miss them; the clipping then falls back on
    // I's vertex deepest along the other face's normal, and where that vertex lies on R's cap the
    // contact is one radius short (fixtures/found/fuzz-a010df107f2ffe30.json: A's gap 46 against
    // B's 118.5 within 5e-4 of the shorter face, at scale 2.8e7; the 3D manifold likewise takes
    // the strictly better face when the cores are apart).
    const int class_a = int(pass.a.gap > gap_floor) + int(pass.a.gap >= -gap_floor);
    const int class_b = int(pass.b.gap > gap_floor) + int(pass.b.gap >= -gap_floor);
    ref_b = (diff > gap_floor) & ((class_b > class_a) | (class_a == 2) |
                                  (diff * diff > tol * tol * (la2 < lb2 ? la2 : lb2)));
  }
  const ConvexShape<T>& R = ref_b ? b : a;
  const ConvexShape<T>& I = ref_b ? a : b;
  const T rr = ref_b ? rb : ra, ri = ref_b ? ra : rb;
  // The reference face, its gap and I's vertex that realises the gap (as the pass found them).
  const std::uint32_t face = ref_b ? pass.b.face : pass.a.face;
  const T face_gap = ref_b ? pass.b.gap : pass.a.gap;
  const std::uint32_t face_support = ref_b ? pass.b.support : pass.a.support;
  // A point is kept when its separation is at most the margin, up to the gap's rounding: at an
  // exact touching contact two candidate vertices may round to 0 and +1e-16, and the contact must
  // not be lost to that (kSatGapErrorUlps, tolerances.hpp).
  const T keep_limit = speculative_margin + T(options.keep_ulps) * unit_roundoff<T>() * scale;
  const ClipContext<T> ctx{R, I, pass, ref_b, rr, ri, r, scale, gap_floor, keep_limit};
  const T lowest = clip_on_face(m, ctx, face, face_support);
  // The deepest point lost. In exact arithmetic I's support vertex along −n lies in the closed
  // slab of the best face whenever the cores overlap or touch (the penetration depth is the
  // distance from the origin to the nearest face line of the Minkowski difference, and the foot
  // of that distance lies on the face itself), so no side plane cuts it. In floating point the
  // clipping can still lose it, and a second round (reclip_on_better_face) clips again when
  //  - no candidate is as deep as the face gap up to its rounding: two nearly collinear faces of
  //    R tie within their gaps' rounding and the pass kept the one whose slab misses the vertex
  //    (fixtures/found/fuzz-a8e7d9dd3e94bab6.json), or the coherence rule kept A's face although
  //    B's is better by more than the gaps' rounding (fuzz-551016efadf41cc1.json);
  //  - no point was kept: every face gap of the pass is within the margin here, so an empty
  //    manifold is always a lost contact, though the lowest candidate may be the gap's vertex
  //    (fuzz-e99b8ea2e72088b9.json);
  //  - I is a single point, which is its own deepest vertex, so neither test above sees a wrong
  //    face: it takes the second round whenever it lies beyond the face's side planes (the walk
  //    tests that first; fuzz-191f1420f7050673.json). In exact arithmetic such a point inside or
  //    touching R lies within the best face's slab, and one outside and beyond it belongs to a
  //    vertex, which the refinement above answers.
  // Two comparisons when nothing was lost (a call for single points). The rare call gets a copy
  // of the context, so that the common path need not keep `ctx` in memory.
  if (I.size() == 1 || lowest > face_gap + gap_floor || m.point_count == 0)
    reclip_on_better_face(m, ClipContext<T>{ctx}, face, face_gap, face_support);
  // Last resort: the clipping lost the contact, but the cores' closest features are two vertices
  // at a positive distance (SAT kept the face because their distance exceeded its gap by less than
  // kSatVertexAxisUlps·u·S, or because the gap was negative within its rounding). The contact is
  // then the vertex pair's: a corner beyond a rounded face's side plane but inside its end cap
  // is cut away with its steep edge (fixtures/found/fuzz-222f2fae6fa785e0.json).
  if (m.point_count == 0 && kept_pair.vertex_pair && kept_pair.dist2 > T(0)) {
    vertex_contact(m, cache, !best_b, best_ref.vertex(kept_pair.ref_vertex),
                   best_inc.vertex(kept_pair.inc_vertex), kept_pair.dist2, kept_pair.ref_vertex,
                   kept_pair.inc_vertex, ra, rb, limit);
  }
  return m;
}

/// contact_manifold on copies of A and B scaled by the power of two f, answers scaled back (exact).
/// Out of line: only cases smaller than kRescaleBelow take it, and it allocates.
template <class T>
MINKOWSKI_FAST_NOINLINE Manifold<T> contact_manifold_rescaled(const ConvexShape<T>& a,
                                                              const ConvexShape<T>& b, T f,
                                                              T speculative_margin, SatCache* cache,
                                                              const ManifoldOptions& options) {
  Manifold<T> m = contact_manifold_unscaled(detail::scaled_copy(a, f), detail::scaled_copy(b, f),
                                            f * speculative_margin, cache, options);
  const T g = T(1) / f;  // exact
  for (int k = 0; k < m.point_count; ++k) {
    ManifoldPoint<T>& p = m.points[k];
    p.point = g * p.point, p.point_a = g * p.point_a, p.point_b = g * p.point_b;
    p.separation = g * p.separation;
  }
  return m;
}

}  // namespace manifold_detail

/// Contact manifold of A and B by reference-face clipping.
///
/// Answers: the normal n (unit, A towards B) and up to two contact points whose separation is at
/// most `speculative_margin` (radii included: touching = 0, penetrating < 0). Each point has its
/// own separation, measured along n from the reference face; the deepest equals −(SAT depth) when
/// the reference face is the best one (see kReferenceFaceRelativeTolerance for when it is not).
///
/// options: the tolerances, defaults as documented (ManifoldOptions).
/// speculative_margin: >= 0 and finite; also report points up to this far apart (speculative
/// contacts). cache: optional SatCache for this pair; a pair separated by more than the margin
/// along the cached axis costs one axis test; the cache receives the axis used.
///
/// Preconditions: a and b built by make_shape; speculative_margin >= 0. Failure cases: see the top
/// of this header. No allocation, no exception; one square root at most (vertex contacts and the
/// reference-face tolerance are decided on squares).
template <class T>
Manifold<T> contact_manifold(const ConvexShape<T>& a, const ConvexShape<T>& b,
                             T speculative_margin = T(0), SatCache* cache = nullptr,
                             const ManifoldOptions& options = {}) {
  if constexpr (std::numeric_limits<T>::is_iec559) {
    // A case smaller than kRescaleBelow is solved on copies scaled by a power of two (shape.hpp;
    // this path allocates): the clipping multiplies one shape's edge by the other's coordinates,
    // which underflow to 0 for such cases (fixtures/found/fuzz-b83c725cdda648be.json).
    using std::max;
    const T f =
        detail::working_scale(max(sat_detail::pair_scale(a, b), max(a.radius(), b.radius())));
    if (f != T(1))
      return manifold_detail::contact_manifold_rescaled(a, b, f, speculative_margin, cache,
                                                        options);
  }
  return manifold_detail::contact_manifold_unscaled(a, b, speculative_margin, cache, options);
}

}  // namespace minkowski::fast
