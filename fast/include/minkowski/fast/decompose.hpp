#pragma once
// minkowski/fast/decompose.hpp — a simple polygon split into convex pieces.
//
// Non-convex input is not a shape (docs/design.md, "Shape model"): it becomes a compound of convex
// pieces (compound.hpp). This header does the split; it runs once, at construction, and may
// allocate.
//
// What this header answers
//   decompose_polygon(points)  validates a simple polygon (clockwise or counter-clockwise), then
//                              triangulates it by ear clipping and merges the triangles into convex
//                              pieces by Hertel–Mehlhorn. Errors come back as data with a message.
//
// Method.
//   1. Validation: 3 to kMaxDecomposeVertices points, finite, at most max_coordinate<T>(). A
//      closing point equal to the first and consecutive duplicates are dropped. The polygon must be
//      simple: no two non-adjacent edges may meet (crossing, touching or overlapping), and no two
//      adjacent edges may fold back onto each other (a spike). O(n²) segment tests.
//   2. Vertices where the boundary goes straight on are dropped; a clockwise polygon is reversed.
//   3. Ear clipping (G. H. Meisters, "Polygons have ears", Amer. Math. Monthly 82, 1975): vertex i
//      is an ear when it is strictly convex and no other remaining vertex lies in the closed
//      triangle (prev, i, next); only non-convex vertices can, so only they are tested. Cutting an
//      ear changes the ear status of its two neighbours only, so the whole run is O(n²). Cuts can
//      leave a vertex straight between its neighbours; it is kept (it becomes convex again when a
//      neighbour is cut), so the result is n − 2 triangles without T-junctions. Only if a whole
//      turn finds no ear is such a vertex dropped without a triangle (area is kept; that triangle
//      edge then has a T-junction).
//   4. Hertel–Mehlhorn (S. Hertel and K. Mehlhorn, "Fast triangulation of simple polygons", FCT
//      1983): every diagonal of the triangulation is removed when the two pieces it separates
//      merge into a convex polygon (both end angles at most 180°). The result has at most 4 times
//      the minimum number of convex pieces; with r reflex vertices, at most 2r + 1 pieces (each
//      reflex vertex keeps at most two diagonals).
//
// Output: `vertices` (the cleaned polygon, counter-clockwise), `triangles` and `pieces` as indices
// into it; every piece is counter-clockwise and convex with no straight-through vertex, and the
// pieces tile the polygon (their areas sum to its area, up to rounding).
//
// Failure cases (DecomposeError): too few points, too many, NaN/inf, out of range, zero area (all
// points collinear), self-intersection (which two edges, by input index), and triangulation failure
// (no ear found: only when orientation signs computed in T contradict each other on a polygon that
// is simple by less than rounding). Predicates are evaluated in T: a polygon that is simple or not
// by a margin below the rounding of an orientation test may be judged either way.

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <vector>

#include "minkowski/fast/tolerances.hpp"
#include "minkowski/fast/vec2.hpp"

namespace minkowski::fast {

/// Why a polygon could not be decomposed. Every value has a message from describe().
enum class DecomposeError {
  none,
  too_few_points,        ///< fewer than 3 distinct points
  too_many_points,       ///< more than kMaxDecomposeVertices points
  non_finite_point,      ///< a coordinate is NaN or infinite
  out_of_range,          ///< a coordinate exceeds max_coordinate<T>()
  zero_area,             ///< all points collinear
  self_intersection,     ///< two edges meet other than at their shared vertex
  triangulation_failed,  ///< no ear found (inconsistent rounding on a nearly non-simple polygon)
};

inline const char* describe(DecomposeError e) {
  switch (e) {
    case DecomposeError::none:
      return "no error";
    case DecomposeError::too_few_points:
      return "polygon has fewer than 3 distinct points";
    case DecomposeError::too_many_points:
      return "polygon has too many points";
    case DecomposeError::non_finite_point:
      return "point coordinate is NaN or infinite";
    case DecomposeError::out_of_range:
      return "coordinate too large for the number type";
    case DecomposeError::zero_area:
      return "polygon has zero area (all points collinear)";
    case DecomposeError::self_intersection:
      return "polygon is not simple (edges intersect)";
    case DecomposeError::triangulation_failed:
      return "ear clipping found no ear";
  }
  return "unknown error";
}

/// Result of decompose_polygon: `error == none` means the other fields are valid.
template <class T>
struct Decomposition {
  DecomposeError error = DecomposeError::none;
  std::string message;                                  ///< what was wrong, with input indices
  std::vector<Vec2<T>> vertices;                        ///< cleaned polygon, counter-clockwise
  bool reversed = false;                                ///< the input was clockwise
  std::vector<std::array<std::uint32_t, 3>> triangles;  ///< ear-clipping triangles, CCW
  std::vector<std::vector<std::uint32_t>> pieces;       ///< convex pieces, CCW
  explicit operator bool() const { return error == DecomposeError::none; }

  /// Coordinates of piece k.
  std::vector<Vec2<T>> piece_points(std::size_t k) const {
    std::vector<Vec2<T>> out;
    out.reserve(pieces[k].size());
    for (std::uint32_t i : pieces[k]) out.push_back(vertices[i]);
    return out;
  }
};

namespace decompose_detail {

template <class T>
int sign(T x) {
  return x > T(0) ? 1 : (x < T(0) ? -1 : 0);
}

// p on the closed segment [a, b], given that a, b, p are collinear.
template <class T>
bool on_collinear_segment(Vec2<T> a, Vec2<T> b, Vec2<T> p) {
  return (a.x <= b.x ? (a.x <= p.x && p.x <= b.x) : (b.x <= p.x && p.x <= a.x)) &&
         (a.y <= b.y ? (a.y <= p.y && p.y <= b.y) : (b.y <= p.y && p.y <= a.y));
}

// Do the closed segments [p1, p2] and [p3, p4] share a point?
template <class T>
bool segments_meet(Vec2<T> p1, Vec2<T> p2, Vec2<T> p3, Vec2<T> p4) {
  const int d1 = sign(orient(p3, p4, p1)), d2 = sign(orient(p3, p4, p2));
  const int d3 = sign(orient(p1, p2, p3)), d4 = sign(orient(p1, p2, p4));
  if (d1 * d2 < 0 && d3 * d4 < 0) return true;
  if (d1 == 0 && on_collinear_segment(p3, p4, p1)) return true;
  if (d2 == 0 && on_collinear_segment(p3, p4, p2)) return true;
  if (d3 == 0 && on_collinear_segment(p1, p2, p3)) return true;
  if (d4 == 0 && on_collinear_segment(p1, p2, p4)) return true;
  return false;
}

// p in the closed triangle (a, b, c), which is counter-clockwise.
template <class T>
bool in_closed_triangle(Vec2<T> p, Vec2<T> a, Vec2<T> b, Vec2<T> c) {
  return orient(a, b, p) >= T(0) && orient(b, c, p) >= T(0) && orient(c, a, p) >= T(0);
}

inline std::uint64_t edge_key(std::uint32_t from, std::uint32_t to) {
  return (std::uint64_t(from) << 32) | to;
}

inline std::string index_text(std::size_t i) { return std::to_string(i); }

inline std::uint32_t u32(std::size_t i) { return static_cast<std::uint32_t>(i); }

/// A failed step: the error and the detail appended to its description (empty error: none).
struct Failure {
  DecomposeError error = DecomposeError::none;
  std::string detail;
  explicit operator bool() const { return error != DecomposeError::none; }
};

/// A triangulation diagonal (from, to), as in the ear triangle that cut it.
using Diagonal = std::array<std::uint32_t, 2>;

/// Step 1a: the number of points, and every coordinate finite and within max_coordinate<T>().
template <class T>
Failure check_points(std::span<const Vec2<T>> polygon) {
  using std::abs;
  using std::isfinite;
  if (polygon.size() > kMaxDecomposeVertices)
    return {DecomposeError::too_many_points,
            ": " + index_text(polygon.size()) + " > " + index_text(kMaxDecomposeVertices)};
  const T limit = max_coordinate<T>();
  for (std::size_t i = 0; i < polygon.size(); ++i) {
    const Vec2<T> p = polygon[i];
    if (!isfinite(p.x) || !isfinite(p.y))
      return {DecomposeError::non_finite_point, " (point " + index_text(i) + ")"};
    if (abs(p.x) > limit || abs(p.y) > limit)
      return {DecomposeError::out_of_range, " (point " + index_text(i) + ")"};
  }
  return {};
}

/// Step 1b: the ring without consecutive duplicates and without a closing copy of the first
/// point; `orig` receives each kept vertex's input index.
template <class T>
void drop_repeated_points(std::span<const Vec2<T>> polygon, std::vector<Vec2<T>>& v,
                          std::vector<std::size_t>& orig) {
  for (std::size_t i = 0; i < polygon.size(); ++i) {
    if (!v.empty() && polygon[i] == v.back()) continue;
    v.push_back(polygon[i]);
    orig.push_back(i);
  }
  while (v.size() > 1 && v.back() == v.front()) v.pop_back(), orig.pop_back();
}

template <class T>
bool all_collinear(const std::vector<Vec2<T>>& v) {
  bool collinear = true;
  for (std::size_t i = 2; i < v.size() && collinear; ++i)
    collinear = orient(v[0], v[1], v[i]) == T(0);
  return collinear;
}

/// Step 1c: simplicity. No two adjacent edges fold back onto each other (a spike), and no two
/// non-adjacent edges meet. Edge i joins v[i] and v[i+1]; messages name input indices.
template <class T>
Failure check_simple(const std::vector<Vec2<T>>& v, const std::vector<std::size_t>& orig) {
  const std::size_t n0 = v.size();
  for (std::size_t i = 0; i < n0; ++i) {
    const Vec2<T> a = v[i], b = v[(i + 1) % n0], c = v[(i + 2) % n0];
    if (orient(a, b, c) == T(0) && dot(a - b, c - b) > T(0))
      return {DecomposeError::self_intersection,
              ": edges at point " + index_text(orig[(i + 1) % n0]) + " fold back onto each other"};
  }
  for (std::size_t i = 0; i < n0; ++i) {
    for (std::size_t j = i + 2; j < n0; ++j) {
      if (i == 0 && j == n0 - 1) continue;  // adjacent through the closing vertex
      if (segments_meet(v[i], v[(i + 1) % n0], v[j], v[(j + 1) % n0]))
        return {DecomposeError::self_intersection,
                ": edge " + index_text(orig[i]) + "-" + index_text(orig[(i + 1) % n0]) +
                    " meets edge " + index_text(orig[j]) + "-" + index_text(orig[(j + 1) % n0])};
    }
  }
  return {};
}

/// Step 2a: drops vertices where the boundary goes straight on (spikes were rejected before).
template <class T>
void drop_straight_vertices(std::vector<Vec2<T>>& v) {
  for (bool changed = true; changed && v.size() >= 3;) {
    changed = false;
    for (std::size_t i = 0; i < v.size() && v.size() >= 3; ++i) {
      const std::size_t p = (i + v.size() - 1) % v.size(), q = (i + 1) % v.size();
      if (orient(v[p], v[i], v[q]) == T(0)) {
        v.erase(v.begin() + static_cast<std::ptrdiff_t>(i));
        changed = true;
        --i;
      }
    }
  }
}

/// Twice the signed area of the ring (> 0 counter-clockwise), as a fan from v[0].
template <class T>
T twice_area(const std::vector<Vec2<T>>& v) {
  T area2 = 0;
  for (std::size_t i = 1; i + 1 < v.size(); ++i) area2 += orient(v[0], v[i], v[i + 1]);
  return area2;
}

/// Step 3: ear clipping of the counter-clockwise ring v on a doubly linked list (the method at
/// the top of this header). Appends the triangles and the diagonals they cut; false when a whole
/// turn finds neither an ear nor a straight vertex (rounding made the polygon inconsistent).
template <class T>
bool clip_ears(const std::vector<Vec2<T>>& v, std::vector<std::array<std::uint32_t, 3>>& triangles,
               std::vector<Diagonal>& diagonals) {
  const std::size_t n = v.size();
  std::vector<std::uint32_t> prev(n), next(n);
  for (std::size_t i = 0; i < n; ++i) prev[i] = u32((i + n - 1) % n), next[i] = u32((i + 1) % n);
  auto is_ear = [&](std::uint32_t i) {
    const std::uint32_t p = prev[i], q = next[i];
    if (!(orient(v[p], v[i], v[q]) > T(0))) return false;
    for (std::uint32_t k = next[q]; k != p; k = next[k]) {
      if (orient(v[prev[k]], v[k], v[next[k]]) > T(0)) continue;  // convex: cannot be inside
      if (in_closed_triangle(v[k], v[p], v[i], v[q])) return false;
    }
    return true;
  };
  std::vector<char> ear(n);
  for (std::size_t i = 0; i < n; ++i) ear[i] = is_ear(u32(i));
  std::size_t remaining = n, misses = 0;
  std::uint32_t i = 0;
  auto unlink = [&](std::uint32_t k) {
    next[prev[k]] = next[k];
    prev[next[k]] = prev[k];
    --remaining;
    ear[prev[k]] = is_ear(prev[k]);
    ear[next[k]] = is_ear(next[k]);
  };
  while (remaining > 3) {
    const std::uint32_t p = prev[i], q = next[i];
    if (ear[i]) {
      triangles.push_back({p, i, q});
      diagonals.push_back({q, p});
      unlink(i);
      i = q;
      misses = 0;
    } else if (++misses <= remaining) {
      i = q;
    } else {
      // A whole turn without an ear. A vertex that earlier cuts left straight (on the segment
      // between its neighbours) is then removed without a triangle — the triangles keep their
      // area, but one of them has that vertex inside an edge (a T-junction). If there is none,
      // rounding has made the polygon inconsistent.
      std::uint32_t k = i;
      bool found = false;
      for (std::size_t step = 0; step < remaining && !found; ++step, k = next[k])
        found = orient(v[prev[k]], v[k], v[next[k]]) == T(0) &&
                dot(v[prev[k]] - v[k], v[next[k]] - v[k]) < T(0);
      if (!found) return false;
      k = prev[k];  // the loop advanced once past the straight vertex
      i = next[k];
      unlink(k);
      misses = 0;
    }
  }
  if (orient(v[prev[i]], v[i], v[next[i]]) > T(0)) triangles.push_back({prev[i], i, next[i]});
  return true;
}

/// Position of vertex vtx in the piece poly (poly.size() if absent).
inline std::size_t position_in(const std::vector<std::uint32_t>& poly, std::uint32_t vtx) {
  for (std::size_t k = 0; k < poly.size(); ++k)
    if (poly[k] == vtx) return k;
  return poly.size();
}

/// The piece without vertices where it goes straight on (left by merges across collinear edges).
template <class T>
std::vector<std::uint32_t> without_straight_vertices(const std::vector<Vec2<T>>& v,
                                                     const std::vector<std::uint32_t>& P) {
  std::vector<std::uint32_t> piece;
  for (std::size_t j = 0; j < P.size(); ++j) {
    const std::uint32_t a = P[(j + P.size() - 1) % P.size()], b = P[j], c = P[(j + 1) % P.size()];
    if (orient(v[a], v[b], v[c]) != T(0)) piece.push_back(b);
  }
  return piece;
}

/// Step 4, Hertel–Mehlhorn: starting from the triangles, removes every diagonal whose two pieces
/// merge into a convex polygon (both end angles at most 180°), in the order the diagonals were cut.
template <class T>
std::vector<std::vector<std::uint32_t>> merge_convex_pieces(
    const std::vector<Vec2<T>>& v, const std::vector<std::array<std::uint32_t, 3>>& triangles,
    const std::vector<Diagonal>& diagonals) {
  std::vector<std::vector<std::uint32_t>> pieces;
  std::map<std::uint64_t, std::uint32_t> owner;  // directed edge -> piece holding it
  for (const auto& t : triangles) {
    const std::uint32_t id = u32(pieces.size());
    pieces.push_back({t[0], t[1], t[2]});
    for (int k = 0; k < 3; ++k) owner[edge_key(t[k], t[(k + 1) % 3])] = id;
  }
  std::vector<char> alive(pieces.size(), 1);
  for (const auto& d : diagonals) {
    const std::uint32_t x = d[0], y = d[1];  // P holds x -> y, Q holds y -> x
    const auto itp = owner.find(edge_key(x, y)), itq = owner.find(edge_key(y, x));
    if (itp == owner.end() || itq == owner.end() || itp->second == itq->second) continue;
    const std::uint32_t pid = itp->second, qid = itq->second;
    const auto& P = pieces[pid];
    const auto& Q = pieces[qid];
    const std::size_t px = position_in(P, x), py = position_in(P, y);
    const std::size_t qx = position_in(Q, x), qy = position_in(Q, y);
    const std::uint32_t pre_p_x = P[(px + P.size() - 1) % P.size()],
                        succ_p_y = P[(py + 1) % P.size()];
    const std::uint32_t succ_q_x = Q[(qx + 1) % Q.size()],
                        pre_q_y = Q[(qy + Q.size() - 1) % Q.size()];
    if (orient(v[pre_p_x], v[x], v[succ_q_x]) < T(0)) continue;
    if (orient(v[pre_q_y], v[y], v[succ_p_y]) < T(0)) continue;
    // Merged: P from y round to x, then Q strictly between x and y.
    std::vector<std::uint32_t> merged;
    merged.reserve(P.size() + Q.size() - 2);
    for (std::size_t k = 0; k < P.size(); ++k) merged.push_back(P[(py + k) % P.size()]);
    for (std::size_t k = 1; k + 1 < Q.size(); ++k) merged.push_back(Q[(qx + k) % Q.size()]);
    owner.erase(edge_key(x, y));
    owner.erase(edge_key(y, x));
    for (std::size_t k = 0; k < merged.size(); ++k)
      owner[edge_key(merged[k], merged[(k + 1) % merged.size()])] = pid;
    pieces[pid] = std::move(merged);
    pieces[qid].clear();
    alive[qid] = 0;
  }
  std::vector<std::vector<std::uint32_t>> out;
  for (std::size_t k = 0; k < pieces.size(); ++k)
    if (alive[k]) out.push_back(without_straight_vertices(v, pieces[k]));
  return out;
}

}  // namespace decompose_detail

/// Splits a simple polygon into convex pieces (ear clipping, then Hertel–Mehlhorn).
///
/// Input: the polygon's vertices in order, clockwise or counter-clockwise, not repeating the first
/// at the end (a repeated closing point is accepted and dropped). Answers: see Decomposition.
/// Failure cases: see DecomposeError; the message names the input indices involved.
/// Cost: O(n²) time, O(n) memory; allocates (construction-time code).
template <class T>
Decomposition<T> decompose_polygon(std::span<const Vec2<T>> polygon) {
  using namespace decompose_detail;
  Decomposition<T> out;
  auto fail = [&](DecomposeError e, const std::string& detail) {
    out.error = e;
    out.message = std::string(describe(e)) + detail;
    out.vertices.clear();
    out.triangles.clear();
    out.pieces.clear();
    return out;
  };

  // 1. Validation and cleaning. All points on one line is zero area, checked before simplicity:
  // such a boundary also folds onto itself.
  if (const Failure f = check_points(polygon)) return fail(f.error, f.detail);
  std::vector<Vec2<T>> v;
  std::vector<std::size_t> orig;  // input index of each kept vertex
  drop_repeated_points(polygon, v, orig);
  if (v.size() < 3)
    return fail(DecomposeError::too_few_points, ": " + index_text(v.size()) + " distinct");
  if (all_collinear(v)) return fail(DecomposeError::zero_area, "");
  if (const Failure f = check_simple(v, orig)) return fail(f.error, f.detail);

  // 2. Drop straight-through vertices, orient counter-clockwise.
  drop_straight_vertices(v);
  if (v.size() < 3) return fail(DecomposeError::zero_area, "");
  const T area2 = twice_area(v);
  if (area2 == T(0)) return fail(DecomposeError::zero_area, "");
  if (area2 < T(0)) {
    std::vector<Vec2<T>> rev(v.rbegin(), v.rend());
    v.swap(rev);
    out.reversed = true;
  }
  out.vertices = v;

  // 3. Ear clipping; 4. Hertel–Mehlhorn.
  std::vector<Diagonal> diagonals;
  if (!clip_ears(v, out.triangles, diagonals))
    return fail(DecomposeError::triangulation_failed, "");
  out.pieces = merge_convex_pieces(v, out.triangles, diagonals);
  return out;
}

}  // namespace minkowski::fast
