#pragma once
// minkowski/fast/compound.hpp — compound shapes: a concave polygon as a list of convex pieces,
// collided piece by piece with one merged contact manifold.
//
// What this header answers
//   make_compound(polygon, radius)      decompose a simple polygon (decompose.hpp) and build each
//                                       piece as a ConvexShape with the given radius; allocates.
//   make_compound_from_pieces(pieces)   a compound from ready convex shapes (any union).
//   compound_overlap(a, b)              do the compounds (or a compound and a convex shape) meet?
//   compound_manifold(a, b, margin)     one merged manifold of up to kCompoundMaxPoints points.
//
// A compound is the union of its pieces; two compounds intersect where any pair of pieces does. A
// rounded concave polygon is the union of its rounded pieces (dilation distributes over union).
// Each piece keeps an axis-aligned box (radius included) so that far pairs are skipped without SAT.
//
// Merging rule (compound_manifold). Every pair of pieces whose boxes meet (grown by the margin)
// gets a contact_manifold (manifold.hpp): a normal n_k and up to two points. Then
//   0. ghosts: a manifold whose reference face is an internal face of a compound (a diagonal of
//      the decomposition, shared by two pieces: not on the surface) is a ghost. Ghosts are used
//      only if no other manifold has a point — a shape crossing a diagonal also overlaps the
//      piece on the other side, whose manifold is kept;
//   1. the cluster: n* is the normal of the manifold holding the most-penetrating point (smallest
//      separation; the first pair in piece order on a tie). Every point of a manifold whose normal
//      is within kCompoundClusterSine of n* (and on the same side) belongs to the cluster; points
//      of other manifolds are dropped;
//   2. welding: cluster points closer than kContactWeldUlps · u · S are one point (the deeper kept)
//      — two pieces sharing an edge both report the contact at their common vertex;
//   3. reduction to at most kCompoundMaxPoints = 4: the deepest point, the two extreme points along
//      the tangent perp(n*) (the extent of the contact patch), then the deepest of the rest.
// The result's normal is n*; each point keeps its own separation (measured along its piece pair's
// normal, which is within kCompoundClusterSine of n*) and names its two pieces.
//
// Failure cases and limits (documented, not errors):
//   - Contacts along other normals are dropped (a box wedged into a V-shaped notch touches both
//     walls; only the deeper wall's points are kept). `points_dropped` counts them; a solver that
//     needs every wall should collide the pieces itself, one manifold per pair.
//   - Internal edges: ghosts are recognised only as reference faces. A vertex contact at a piece
//     vertex, or a face of the other shape chosen because a piece ends at a diagonal, can still
//     give a normal the whole compound would not. Compounds from make_compound_from_pieces have no
//     known internal faces (the pieces may overlap arbitrarily), so none of their faces is a ghost.
//   - No SatCache per piece pair (it would need storage per pair); each query is cold.
// No allocation and no exception in the queries: at most 16 pair manifolds are kept on the stack;
// beyond that the pairs are collided a second time instead of stored.

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "minkowski/fast/decompose.hpp"
#include "minkowski/fast/manifold.hpp"
#include "minkowski/fast/sat.hpp"
#include "minkowski/fast/shape.hpp"
#include "minkowski/fast/tolerances.hpp"
#include "minkowski/fast/vec2.hpp"

namespace minkowski::fast {

/// Most points a compound manifold keeps (see the merging rule).
inline constexpr int kCompoundMaxPoints = 4;

/// Axis-aligned bounds of one piece, radius included.
template <class T>
struct PieceBounds {
  Vec2<T> lo{};
  Vec2<T> hi{};
};

/// A union of convex pieces.
template <class T>
struct Compound {
  std::vector<ConvexShape<T>> pieces;
  std::vector<PieceBounds<T>> bounds;  ///< bounds[i] of pieces[i]
  /// internal[i][f] != 0: face f of pieces[i] is shared with another piece (a decomposition
  /// diagonal), not part of the surface. Empty for compounds built from arbitrary pieces.
  std::vector<std::vector<std::uint8_t>> internal;

  bool is_internal(std::size_t piece, std::size_t face) const {
    return piece < internal.size() && face < internal[piece].size() && internal[piece][face] != 0;
  }
};

/// Outcome of make_compound: `error == none` and `shape_error == none` mean `compound` is valid.
template <class T>
struct CompoundResult {
  DecomposeError error = DecomposeError::none;  ///< the polygon could not be decomposed
  ShapeError shape_error = ShapeError::none;    ///< a piece (or the radius) was refused
  std::string message;
  Compound<T> compound;
  explicit operator bool() const {
    return error == DecomposeError::none && shape_error == ShapeError::none;
  }
};

/// A contact point of a compound manifold: the point and the pieces it came from.
template <class T>
struct CompoundPoint {
  ManifoldPoint<T> contact;   ///< ids refer to vertices/faces of the pieces below
  std::uint32_t piece_a = 0;  ///< index into a's pieces (0 for a convex shape)
  std::uint32_t piece_b = 0;  ///< index into b's pieces
};

/// Merged manifold of two compounds (or a compound and a convex shape).
template <class T>
struct CompoundManifold {
  Vec2<T> normal{};  ///< unit, from A towards B: the cluster normal n*
  CompoundPoint<T> points[kCompoundMaxPoints]{};
  int point_count = 0;
  int pairs_tested = 0;      ///< piece pairs whose bounds met (each collided by contact_manifold)
  int pairs_in_contact = 0;  ///< pairs that produced at least one point
  int points_dropped = 0;    ///< points of other clusters, welded duplicates, beyond the 4 kept
};

namespace compound_detail {

template <class T>
PieceBounds<T> bounds_of(const ConvexShape<T>& s) {
  PieceBounds<T> b{s.vertex(0), s.vertex(0)};
  for (const Vec2<T>& p : s.vertices()) {
    if (p.x < b.lo.x) b.lo.x = p.x;
    if (p.y < b.lo.y) b.lo.y = p.y;
    if (p.x > b.hi.x) b.hi.x = p.x;
    if (p.y > b.hi.y) b.hi.y = p.y;
  }
  const Vec2<T> r{s.radius(), s.radius()};
  return {b.lo - r, b.hi + r};
}

template <class T>
bool bounds_meet(const PieceBounds<T>& a, const PieceBounds<T>& b, T margin) {
  return !(a.hi.x + margin < b.lo.x || b.hi.x + margin < a.lo.x || a.hi.y + margin < b.lo.y ||
           b.hi.y + margin < a.lo.y);
}

// Borrowed list of pieces: a compound, or one convex shape with bounds computed on the spot.
template <class T>
struct PieceList {
  const ConvexShape<T>* shapes;
  const PieceBounds<T>* bounds;
  std::size_t count;
  const Compound<T>* compound = nullptr;  // for internal faces; null for a convex shape
  bool internal(std::size_t piece, std::size_t face) const {
    return compound != nullptr && compound->is_internal(piece, face);
  }
};

// Streaming reduction of cluster points to the rule's kCompoundMaxPoints.
template <class T>
struct Reducer {
  static constexpr int kTop = 8;
  Vec2<T> tangent{};
  T weld2{};
  CompoundPoint<T> top[kTop]{};  // deepest first, welded
  int ntop = 0;
  CompoundPoint<T> lo{}, hi{};  // extremes along the tangent
  T lo_t{}, hi_t{};
  int seen = 0;

  bool near(const CompoundPoint<T>& p, const CompoundPoint<T>& q) const {
    return length_squared(p.contact.point - q.contact.point) <= weld2;
  }
  void add(const CompoundPoint<T>& p) {
    const T t = dot(tangent, p.contact.point);
    const T s = p.contact.separation;
    if (seen == 0 || t < lo_t || (t == lo_t && s < lo.contact.separation)) lo = p, lo_t = t;
    if (seen == 0 || t > hi_t || (t == hi_t && s < hi.contact.separation)) hi = p, hi_t = t;
    ++seen;
    for (int k = 0; k < ntop; ++k) {
      if (!near(top[k], p)) continue;
      if (!(s < top[k].contact.separation)) return;
      for (int j = k; j + 1 < ntop; ++j) top[j] = top[j + 1];  // remove, re-insert below
      --ntop;
      break;
    }
    int pos = ntop;
    while (pos > 0 && s < top[pos - 1].contact.separation) --pos;
    if (pos >= kTop) return;
    if (ntop < kTop) ++ntop;
    for (int j = ntop - 1; j > pos; --j) top[j] = top[j - 1];
    top[pos] = p;
  }
  void finish(CompoundManifold<T>& out) const {
    auto take = [&](const CompoundPoint<T>& p) {
      if (out.point_count >= kCompoundMaxPoints) return;
      for (int k = 0; k < out.point_count; ++k)
        if (near(out.points[k], p)) return;
      out.points[out.point_count++] = p;
    };
    if (seen == 0) return;
    take(top[0]);
    take(lo);
    take(hi);
    for (int k = 1; k < ntop; ++k) take(top[k]);
    out.points_dropped += seen - out.point_count;
  }
};

template <class T>
CompoundManifold<T> collide(PieceList<T> a, PieceList<T> b, T margin) {
  CompoundManifold<T> out;
  constexpr int kStored = 16;
  struct Stored {
    Manifold<T> m;
    std::uint32_t ia, ib;
  };
  Stored stored[kStored];
  int nstored = 0;
  bool overflow = false;
  auto ghost = [&](const Manifold<T>& m, std::size_t i, std::size_t j) {
    return (m.kind == ManifoldKind::face_a && a.internal(i, m.reference_face)) ||
           (m.kind == ManifoldKind::face_b && b.internal(j, m.reference_face));
  };
  // Deepest point among real manifolds [0] and among ghosts [1].
  bool have[2] = {false, false};
  T deepest[2]{};
  Vec2<T> normal_of[2]{};
  T scale{};
  for (std::size_t i = 0; i < a.count; ++i) {
    for (std::size_t j = 0; j < b.count; ++j) {
      if (!bounds_meet(a.bounds[i], b.bounds[j], margin)) continue;
      ++out.pairs_tested;
      const Manifold<T> m = contact_manifold(a.shapes[i], b.shapes[j], margin);
      if (m.point_count == 0) continue;
      ++out.pairs_in_contact;
      const T sc = sat_detail::pair_scale(a.shapes[i], b.shapes[j]);
      if (sc > scale) scale = sc;
      const int g = ghost(m, i, j) ? 1 : 0;
      for (int k = 0; k < m.point_count; ++k) {
        if (!have[g] || m.points[k].separation < deepest[g]) {
          have[g] = true;
          deepest[g] = m.points[k].separation;
          normal_of[g] = m.normal;
        }
      }
      if (nstored < kStored)
        stored[nstored++] = {m, static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(j)};
      else
        overflow = true;
    }
  }
  if (!have[0] && !have[1]) return out;
  const bool use_ghosts = !have[0];
  const Vec2<T> cluster = normal_of[use_ghosts ? 1 : 0];
  out.normal = cluster;
  Reducer<T> red;
  red.tangent = perp_left(cluster);
  const T weld = T(kContactWeldUlps) * unit_roundoff<T>() * scale;
  red.weld2 = weld * weld;
  const T sine = T(kCompoundClusterSine);
  auto feed = [&](const Manifold<T>& m, std::uint32_t ia, std::uint32_t ib) {
    const T c = cross(cluster, m.normal);
    if ((!use_ghosts && ghost(m, ia, ib)) ||
        !(dot(cluster, m.normal) > T(0) && c <= sine && -c <= sine)) {
      out.points_dropped += m.point_count;
      return;
    }
    for (int k = 0; k < m.point_count; ++k) red.add(CompoundPoint<T>{m.points[k], ia, ib});
  };
  if (!overflow) {
    for (int k = 0; k < nstored; ++k) feed(stored[k].m, stored[k].ia, stored[k].ib);
  } else {
    for (std::size_t i = 0; i < a.count; ++i)
      for (std::size_t j = 0; j < b.count; ++j)
        if (bounds_meet(a.bounds[i], b.bounds[j], margin))
          feed(contact_manifold(a.shapes[i], b.shapes[j], margin), static_cast<std::uint32_t>(i),
               static_cast<std::uint32_t>(j));
  }
  red.finish(out);
  return out;
}

template <class T>
bool overlap(PieceList<T> a, PieceList<T> b) {
  for (std::size_t i = 0; i < a.count; ++i)
    for (std::size_t j = 0; j < b.count; ++j)
      if (bounds_meet(a.bounds[i], b.bounds[j], T(0)) && sat_overlap(a.shapes[i], b.shapes[j]))
        return true;
  return false;
}

template <class T>
PieceList<T> list(const Compound<T>& c) {
  return {c.pieces.data(), c.bounds.data(), c.pieces.size(), &c};
}

}  // namespace compound_detail

/// A compound from ready convex shapes (which may overlap: the compound is their union).
template <class T>
Compound<T> make_compound_from_pieces(std::vector<ConvexShape<T>> pieces) {
  Compound<T> c;
  c.bounds.reserve(pieces.size());
  for (const auto& p : pieces) c.bounds.push_back(compound_detail::bounds_of(p));
  c.pieces = std::move(pieces);
  return c;
}

/// A simple polygon (CW or CCW), dilated by `radius`, as a compound of convex pieces.
/// Failure cases: every DecomposeError of decompose_polygon; a radius make_shape refuses
/// (negative, NaN, too large) as `shape_error`. Allocates.
template <class T>
CompoundResult<T> make_compound(std::span<const Vec2<T>> polygon, T radius = T(0)) {
  CompoundResult<T> out;
  const Decomposition<T> d = decompose_polygon(polygon);
  if (!d) {
    out.error = d.error;
    out.message = d.message;
    return out;
  }
  std::vector<ConvexShape<T>> pieces;
  pieces.reserve(d.pieces.size());
  for (std::size_t k = 0; k < d.pieces.size(); ++k) {
    const std::vector<Vec2<T>> pts = d.piece_points(k);
    ShapeResult<T> s = make_shape<T>(pts, radius);
    if (!s) {
      out.shape_error = s.error;
      out.message = "piece " + std::to_string(k) + ": " + s.message;
      return out;
    }
    pieces.push_back(std::move(s.shape));
  }
  // Internal faces: piece edges that are not edges of the polygon (matched by coordinates, which
  // make_shape keeps exactly; a face welded away at build time is simply not marked).
  const std::size_t nv = d.vertices.size();
  auto same_edge = [](Vec2<T> p, Vec2<T> q, Vec2<T> u, Vec2<T> w) { return p == u && q == w; };
  std::vector<std::vector<std::uint8_t>> internal(pieces.size());
  for (std::size_t k = 0; k < pieces.size(); ++k) {
    const ConvexShape<T>& s = pieces[k];
    internal[k].assign(s.normals().size(), 0);
    if (s.size() < 3) continue;
    for (std::size_t f = 0; f < s.size(); ++f) {
      const Vec2<T> p = s.vertex(f), q = s.vertex((f + 1) % s.size());
      bool boundary = false;
      for (std::size_t e = 0; e < nv && !boundary; ++e)
        boundary = same_edge(p, q, d.vertices[e], d.vertices[(e + 1) % nv]);
      internal[k][f] = boundary ? 0 : 1;
    }
  }
  out.compound = make_compound_from_pieces(std::move(pieces));
  out.compound.internal = std::move(internal);
  return out;
}

/// Do the compounds meet (any pair of pieces intersects, touching included)? Sqrt-free.
template <class T>
bool compound_overlap(const Compound<T>& a, const Compound<T>& b) {
  return compound_detail::overlap(compound_detail::list(a), compound_detail::list(b));
}
template <class T>
bool compound_overlap(const Compound<T>& a, const ConvexShape<T>& b) {
  const PieceBounds<T> bb = compound_detail::bounds_of(b);
  return compound_detail::overlap(compound_detail::list(a),
                                  compound_detail::PieceList<T>{&b, &bb, 1, nullptr});
}
template <class T>
bool compound_overlap(const ConvexShape<T>& a, const Compound<T>& b) {
  const PieceBounds<T> ba = compound_detail::bounds_of(a);
  return compound_detail::overlap(compound_detail::PieceList<T>{&a, &ba, 1, nullptr},
                                  compound_detail::list(b));
}

/// Merged contact manifold, by the merging rule at the top of this header.
/// speculative_margin: as in contact_manifold (>= 0). Preconditions: compounds from make_compound /
/// make_compound_from_pieces (non-empty pieces). No allocation.
template <class T>
CompoundManifold<T> compound_manifold(const Compound<T>& a, const Compound<T>& b,
                                      T speculative_margin = T(0)) {
  return compound_detail::collide(compound_detail::list(a), compound_detail::list(b),
                                  speculative_margin);
}
template <class T>
CompoundManifold<T> compound_manifold(const Compound<T>& a, const ConvexShape<T>& b,
                                      T speculative_margin = T(0)) {
  const PieceBounds<T> bb = compound_detail::bounds_of(b);
  return compound_detail::collide(compound_detail::list(a),
                                  compound_detail::PieceList<T>{&b, &bb, 1, nullptr},
                                  speculative_margin);
}
template <class T>
CompoundManifold<T> compound_manifold(const ConvexShape<T>& a, const Compound<T>& b,
                                      T speculative_margin = T(0)) {
  const PieceBounds<T> ba = compound_detail::bounds_of(a);
  return compound_detail::collide(compound_detail::PieceList<T>{&a, &ba, 1, nullptr},
                                  compound_detail::list(b), speculative_margin);
}

}  // namespace minkowski::fast
