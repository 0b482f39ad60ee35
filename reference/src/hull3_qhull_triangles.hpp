#pragma once
// Private: reading Qhull's triangulated 3D proposal into faces, written once for
// hull3_qhull_certified (src/hull3.cpp) and the Qhull path of hull3_difference_certified
// (src/hull3_difference.cpp), which differ only in how they decide an orientation.
//
// Qhull runs without merging (Q0: twice as fast here as its default merging, and it never merges
// facets that are coplanar only within its roundoff, such as a rotated box's face, whose rounded
// corners are not coplanar), so every facet is a triangle. Each triangle is oriented
// counter-clockwise from outside by an exact orientation against an apex (the candidate deepest
// below it by Qhull's rounded normal); the edges are linked; an edge that is exactly reflex (Qhull
// picked the wrong diagonal of a nearly flat quadrilateral) is flipped, which is what a
// flat-within-roundoff region needs; exactly coplanar neighbours are merged into faces
// (faces_from_triangles, as the incremental hull does). The caller certifies the result from
// scratch: nothing here is trusted.

#include <algorithm>
#include <cstdint>
#include <limits>
#include <span>
#include <utility>
#include <vector>

#include "hull3_incremental.hpp"
#include "minkowski/reference/numbers3.hpp"
#include "qhull3_proposer.hpp"

namespace minkowski::reference::detail::hull3_impl {

/// Edge flips allowed per triangle while repairing Qhull's triangulation: each flip fixes one
/// wrong diagonal of a nearly flat region, and a region of m triangles needs fewer than m; more
/// means the proposal is not nearly right, and the exact hull takes over.
inline constexpr std::size_t kMaxFlipsPerTriangle = 4;

/// The faces of the hull Qhull proposed for the points `keep` (proposal ids index `keep`; face
/// vertices are indices into `pts`, of which there are n). `tet` is a tetrahedron of proposed
/// points (non-coplanar, exactly). orient(i, j, k, l) and collinear(i, j, k) are the exact
/// predicates of predicates3.hpp on indices into `pts`. Returns false when the proposal cannot be
/// made a closed oriented triangulated surface without reflex edges (a non-triangle, an apex on a
/// triangle's plane, an edge not matched exactly once by its reverse, too many flips); sets
/// `flipped` when an edge had to be flipped.
template <class Orient, class Collinear>
bool faces_from_qhull_triangles(const Qhull3Facets& proposal, std::span<const std::uint32_t> keep,
                                std::span<const ExactPoint3> pts, const std::uint32_t tet[4],
                                Orient orient, Collinear collinear,
                                std::vector<std::vector<std::uint32_t>>& facets, bool& flipped) {
  flipped = false;
  std::vector<Tri> tris;
  std::vector<std::uint32_t> alive;
  // Apex candidates: the tetrahedron and the kept points extreme along ±x, ±y, ±z (by hi).
  std::vector<std::uint32_t> apex_cand(tet, tet + 4);
  for (int axis = 0; axis < 3; ++axis) {
    auto coord = [&](std::uint32_t q) {
      return axis == 0 ? pts[q].x.hi : (axis == 1 ? pts[q].y.hi : pts[q].z.hi);
    };
    const auto [lo, hi] =
        std::minmax_element(keep.begin(), keep.end(),
                            [&](std::uint32_t x, std::uint32_t y) { return coord(x) < coord(y); });
    apex_cand.push_back(*lo);
    apex_cand.push_back(*hi);
  }
  for (std::size_t k = 0; k < proposal.size(); ++k) {
    if (proposal.begin[k + 1] - proposal.begin[k] != 3) return false;
    std::uint32_t v[3];
    for (int i = 0; i < 3; ++i)
      v[i] = keep[static_cast<std::size_t>(
          proposal.ids[static_cast<std::size_t>(proposal.begin[k] + i)])];
    const double* nrm = &proposal.normal[3 * k];
    std::uint32_t e = kNone;
    double best = std::numeric_limits<double>::infinity();
    for (const std::uint32_t t : apex_cand) {
      if (t == v[0] || t == v[1] || t == v[2]) continue;
      const double dd = nrm[0] * pts[t].x.hi + nrm[1] * pts[t].y.hi + nrm[2] * pts[t].z.hi;
      if (dd < best) best = dd, e = t;
    }
    if (e == kNone) return false;
    const int s = orient(v[0], v[1], v[2], e);
    if (s == 0) return false;
    if (s > 0) std::swap(v[1], v[2]);
    tris.push_back({{v[0], v[1], v[2]}, {kNone, kNone, kNone}, true});
    alive.push_back(static_cast<std::uint32_t>(k));
  }
  // Neighbour links: the reverse of every directed edge, exactly once.
  struct HalfEdge {
    std::uint32_t u, v, tri, pos;
    bool operator<(const HalfEdge& o) const { return u != o.u ? u < o.u : v < o.v; }
  };
  std::vector<HalfEdge> half;
  for (std::uint32_t t = 0; t < tris.size(); ++t)
    for (std::uint32_t i = 0; i < 3; ++i)
      half.push_back({tris[t].v[i], tris[t].v[(i + 1) % 3], t, i});
  std::sort(half.begin(), half.end());
  for (std::size_t i = 0; i < half.size(); ++i) {
    if (i > 0 && half[i].u == half[i - 1].u && half[i].v == half[i - 1].v) return false;
    const auto it =
        std::lower_bound(half.begin(), half.end(), HalfEdge{half[i].v, half[i].u, 0, 0});
    if (it == half.end() || it->u != half[i].v || it->v != half[i].u) return false;
    tris[half[i].tri].nb[half[i].pos] = it->tri;
  }
  // Flip exactly reflex edges until none is left (at most kMaxFlipsPerTriangle per triangle).
  auto opposite = [&](std::uint32_t t, std::uint32_t i, std::uint32_t& b, std::uint32_t& j) {
    b = tris[t].nb[i];
    j = 0;
    while (j < 3 && tris[b].nb[j] != t) ++j;
    return tris[b].v[(j + 2) % 3];  // b = (w, u, x): x follows the shared edge's end u
  };
  std::vector<std::pair<std::uint32_t, std::uint32_t>> stack;
  // Each edge once: for t = (u, w, y) and its neighbour (w, u, x), orient(u, w, y, x) and
  // orient(w, u, x, y) are an even permutation apart, so the test agrees from either side.
  for (std::uint32_t t = 0; t < tris.size(); ++t)
    for (std::uint32_t i = 0; i < 3; ++i)
      if (tris[t].v[i] < tris[t].v[(i + 1) % 3]) stack.emplace_back(t, i);
  std::size_t flips = 0;
  const std::size_t max_flips = kMaxFlipsPerTriangle * tris.size();
  while (!stack.empty()) {
    const auto [t, i] = stack.back();
    stack.pop_back();
    std::uint32_t b, j;
    const std::uint32_t x = opposite(t, i, b, j);
    if (j == 3) return false;
    const Tri& tt = tris[t];
    if (orient(tt.v[0], tt.v[1], tt.v[2], x) <= 0) continue;  // convex or flat here
    if (++flips > max_flips) return false;
    flipped = true;
    // t = (u, w, y), b = (w, u, x) → t = (u, x, y), b = (x, w, y).
    const std::uint32_t u = tt.v[i], w = tt.v[(i + 1) % 3], y = tt.v[(i + 2) % 3];
    const std::uint32_t n_wy = tt.nb[(i + 1) % 3], n_yu = tt.nb[(i + 2) % 3];
    const std::uint32_t n_ux = tris[b].nb[(j + 1) % 3], n_xw = tris[b].nb[(j + 2) % 3];
    if (x == y) return false;
    tris[t] = {{u, x, y}, {n_ux, b, n_yu}, true};
    tris[b] = {{x, w, y}, {n_xw, n_wy, t}, true};
    for (std::uint32_t k = 0; k < 3; ++k) {
      if (tris[n_ux].nb[k] == b) tris[n_ux].nb[k] = t;
      if (tris[n_wy].nb[k] == t) tris[n_wy].nb[k] = b;
    }
    for (std::uint32_t k = 0; k < 3; ++k) {
      stack.emplace_back(t, k);
      stack.emplace_back(b, k);
    }
  }
  return faces_from_triangles(
      tris, alive, static_cast<std::uint32_t>(pts.size()),
      [&](std::uint32_t t, std::uint32_t x) {
        return orient(tris[t].v[0], tris[t].v[1], tris[t].v[2], x) == 0;
      },
      collinear, facets);
}

}  // namespace minkowski::reference::detail::hull3_impl
