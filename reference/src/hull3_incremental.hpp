#pragma once
// Private: the exact 3D hull algorithm of hull3_exact and hull3_rational (hull3.hpp), written
// once over a kernel of exact predicates on point indices.
//
// Steps:
//   1. Coincident points are merged, the smallest index representing them (sort by exact
//      lexicographic order, then index; keep the first of each run).
//   2. The dimension, exactly: p0 the lexicographically smallest point, p1 the next distinct one,
//      p2 the first point not collinear with them, p3 the first off their plane. Dimension 0 and 1
//      answer directly (the segment's endpoints are the lexicographic extremes of collinear
//      points); dimension 2 runs the kernel's exact 2D hull on the points projected along a
//      coordinate axis in which the triangle p0 p1 p2 keeps a nonzero orientation (the projection
//      is then injective on the plane, so it preserves the hull).
//   3. Dimension 3: incremental construction (Clarkson & Shor 1989; de Berg et al.,
//      "Computational Geometry", ch. 11, without conflict lists) on a triangulated surface with
//      neighbour links. A point is outside exactly when some triangle sees it strictly
//      (orient > 0); the strictly visible triangles form a connected region whose boundary (the
//      horizon) is one cycle; they are replaced by the triangles joining the horizon to the point.
//      A triangle coplanar with the point (orient = 0) stays: the new triangle beside it is
//      coplanar with it and is merged in step 4. No new triangle is degenerate: a point on the
//      line of a horizon edge lies in the planes of both triangles at that edge, so neither sees
//      it strictly.
//   4. Adjacent coplanar triangles are merged (union-find over exact coplanarity tests); each
//      group is one face of the polytope, a convex polygon whose boundary edges form one cycle.
//      Vertices collinear with their two neighbours on that cycle (on an edge of the face) are
//      dropped; a vertex that is no corner of any face is no vertex of the hull.
//   5. Output in hull3.hpp's convention.
//
// Kernel requirements (indices are std::uint32_t into the point set):
//   std::size_t size() const;
//   bool less(i, j) const;  bool equal(i, j) const;       exact lexicographic order, equality
//   int orient(i, j, k, l) const;                         sign of orient3d (predicates3.hpp)
//   Plane plane(i, j, k) const; int side(plane, l) const; orient(i, j, k, l) with the plane
//                                                         prepared once (a hoisted filter)
//   bool collinear(i, j, k) const;
//   int orient2(drop, i, j, k) const;                     2D orientation with axis `drop` removed
//   std::vector<std::uint32_t> hull2(drop, idx) const;    strictly convex 2D hull of the points
//                                                         at idx (distinct, not all collinear)
//                                                         projected along axis `drop`, cyclic

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <stdexcept>
#include <vector>

#include "minkowski/reference/hull3.hpp"

namespace minkowski::reference::detail::hull3_impl {

/// Rotates a cyclic polygon (either direction) into hull3.hpp's dimension-2 order: from its
/// smallest index towards the smaller-indexed neighbour of that vertex.
inline std::vector<std::uint32_t> canonical_polygon(const std::vector<std::uint32_t>& cyc) {
  const std::size_t n = cyc.size();
  const std::size_t m =
      static_cast<std::size_t>(std::min_element(cyc.begin(), cyc.end()) - cyc.begin());
  const bool forward = n < 3 || cyc[(m + 1) % n] < cyc[(m + n - 1) % n];
  std::vector<std::uint32_t> out(n);
  for (std::size_t k = 0; k < n; ++k) out[k] = cyc[forward ? (m + k) % n : (m + n - k) % n];
  return out;
}

/// Rotates a facet cycle (direction kept: counter-clockwise from outside) to start at its
/// smallest index.
inline void rotate_to_smallest(std::vector<std::uint32_t>& f) {
  std::rotate(f.begin(), std::min_element(f.begin(), f.end()), f.end());
}

struct Tri {
  std::uint32_t v[3];   ///< counter-clockwise seen from outside
  std::uint32_t nb[3];  ///< nb[i]: the triangle across the edge (v[i], v[i+1])
  bool alive;
};

constexpr std::uint32_t kNone = 0xffffffffu;

/// The hull of the points at `cand` (all points when empty). A caller may leave out points it
/// has proved strictly inside the hull of the others (they are never vertices, and the others
/// keep the dimension).
/// Step 4: the faces of a closed triangulated surface (`tris` with neighbour links; the live
/// ones listed in `alive`; vertex indices < n): adjacent triangles for which
/// coplanar(t, vertex of the neighbour off the shared edge) holds are merged (union-find), each
/// group's boundary edges are chained into one cycle, and vertices collinear with their two
/// neighbours on it are dropped. Appends the faces (counter-clockwise as the triangles, from
/// their smallest index) to `facets`; false when a group's boundary is not one cycle or keeps
/// fewer than 3 corners (never for a convex surface decided exactly).
template <class Coplanar, class Collinear>
bool faces_from_triangles(const std::vector<Tri>& tris, const std::vector<std::uint32_t>& alive,
                          std::uint32_t n, Coplanar coplanar, Collinear collinear,
                          std::vector<std::vector<std::uint32_t>>& facets) {
  std::vector<std::uint32_t> parent(tris.size());
  std::iota(parent.begin(), parent.end(), 0u);
  auto find = [&](std::uint32_t x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  };
  for (const std::uint32_t ti : alive)
    for (int e = 0; e < 3; ++e) {
      const std::uint32_t nb = tris[ti].nb[e];
      if (nb < ti) continue;  // each pair once
      const Tri& a = tris[ti];
      const Tri& b = tris[nb];
      std::uint32_t opposite = kNone;  // b's vertex off the shared edge
      for (int f = 0; f < 3; ++f)
        if (b.v[f] != a.v[e] && b.v[f] != a.v[(e + 1) % 3]) opposite = b.v[f];
      if (coplanar(ti, opposite)) parent[find(ti)] = find(nb);
    }
  // Boundary cycles: next_of[u] = w for each boundary edge u → w of a group.
  std::vector<std::uint32_t> group_of_root(tris.size(), kNone);
  std::vector<std::vector<std::uint32_t>> groups;
  for (const std::uint32_t ti : alive) {
    const std::uint32_t r = find(ti);
    if (group_of_root[r] == kNone) {
      group_of_root[r] = static_cast<std::uint32_t>(groups.size());
      groups.emplace_back();
    }
    groups[group_of_root[r]].push_back(ti);
  }
  std::vector<std::uint32_t> next_of(n, kNone);
  std::vector<std::uint32_t> cycle, corners;
  for (const auto& g : groups) {
    const std::uint32_t root = find(g[0]);
    std::uint32_t start = kNone;
    std::size_t edges = 0;
    for (const std::uint32_t ti : g)
      for (int e = 0; e < 3; ++e)
        if (find(tris[ti].nb[e]) != root) {
          next_of[tris[ti].v[e]] = tris[ti].v[(e + 1) % 3];
          start = std::min(start, tris[ti].v[e]);
          ++edges;
        }
    cycle.clear();
    std::uint32_t v = start;
    for (std::size_t s = 0; s < edges && v != kNone; ++s) {  // one cycle through `edges` vertices
      cycle.push_back(v);
      v = next_of[v];
      if (v == start) break;
    }
    for (const std::uint32_t u : cycle) next_of[u] = kNone;
    if (v != start || cycle.size() != edges) return false;
    // Corners: vertices not collinear with their neighbours on the (weakly convex) cycle.
    corners.clear();
    const std::size_t m = cycle.size();
    for (std::size_t s = 0; s < m; ++s)
      if (!collinear(cycle[(s + m - 1) % m], cycle[s], cycle[(s + 1) % m]))
        corners.push_back(cycle[s]);
    rotate_to_smallest(corners);
    if (corners.size() < 3) return false;
    facets.push_back(corners);
  }
  return true;
}

template <class K>
Hull3 incremental_hull3(const K& k, std::vector<std::uint32_t> cand = {}) {
  const std::uint32_t n = static_cast<std::uint32_t>(k.size());
  Hull3 out;
  // 1. Merge coincident points.
  std::vector<std::uint32_t> uniq = std::move(cand);
  if (uniq.empty()) {
    uniq.resize(n);
    std::iota(uniq.begin(), uniq.end(), 0u);
  }
  std::sort(uniq.begin(), uniq.end(), [&](std::uint32_t a, std::uint32_t b) {
    if (k.less(a, b)) return true;
    if (k.less(b, a)) return false;
    return a < b;
  });
  uniq.erase(std::unique(uniq.begin(), uniq.end(),
                         [&](std::uint32_t a, std::uint32_t b) { return k.equal(a, b); }),
             uniq.end());
  // 2. Dimension.
  const std::uint32_t p0 = uniq[0];
  if (uniq.size() == 1) {
    out.dimension = 0;
    out.vertices = {p0};
    return out;
  }
  // p1: the lexicographically largest point, so that the starting tetrahedron is wide and most
  // later points fall inside it (any choice gives the same hull).
  std::swap(uniq[1], uniq.back());
  const std::uint32_t p1 = uniq[1];
  std::size_t i2 = 2;
  while (i2 < uniq.size() && k.collinear(p0, p1, uniq[i2])) ++i2;
  if (i2 == uniq.size()) {
    out.dimension = 1;
    out.vertices = {std::min(p0, p1), std::max(p0, p1)};  // the lexicographic extremes
    return out;
  }
  const std::uint32_t p2 = uniq[i2];
  std::size_t i3 = i2 + 1;
  int o3 = 0;
  while (i3 < uniq.size() && (o3 = k.orient(p0, p1, p2, uniq[i3])) == 0) ++i3;
  if (i3 == uniq.size()) {
    out.dimension = 2;
    int drop = 2;
    while (drop > 0 && k.orient2(drop, p0, p1, p2) == 0) --drop;
    std::vector<std::uint32_t> poly = canonical_polygon(k.hull2(drop, uniq));
    out.vertices = poly;
    std::sort(out.vertices.begin(), out.vertices.end());
    out.facets.push_back(std::move(poly));
    return out;
  }
  out.dimension = 3;
  const std::uint32_t p3 = uniq[i3];
  // 3. Incremental construction from the tetrahedron t0 t1 t2 t3 with orient(t0, t1, t2, t3) < 0
  // (t3 below the facet t0 t1 t2 as seen from outside). Its outward facets are (0,1,2), (0,3,1),
  // (1,3,2), (0,2,3): each an even permutation of (0,1,2,3) with the fourth vertex last, so each
  // has the same negative orientation with respect to the opposite vertex.
  const std::uint32_t t[4] = {p0, o3 < 0 ? p1 : p2, o3 < 0 ? p2 : p1, p3};
  std::vector<Tri> tris;
  tris.reserve(8 * uniq.size());
  std::vector<typename K::Plane> planes;  // planes[t]: triangle t's plane, prepared once
  planes.reserve(8 * uniq.size());
  const std::uint32_t faces[4][3] = {{0, 1, 2}, {0, 3, 1}, {1, 3, 2}, {0, 2, 3}};
  for (const auto& f : faces) {
    tris.push_back({{t[f[0]], t[f[1]], t[f[2]]}, {}, true});
    planes.push_back(k.plane(t[f[0]], t[f[1]], t[f[2]]));
  }
  // Neighbour links of the tetrahedron: find, for every directed edge, the facet holding its
  // reverse.
  auto link_all = [&](std::size_t from) {
    for (std::size_t a = from; a < tris.size(); ++a)
      for (int e = 0; e < 3; ++e) {
        const std::uint32_t u = tris[a].v[e], w = tris[a].v[(e + 1) % 3];
        for (std::size_t b = from; b < tris.size(); ++b)
          for (int f = 0; f < 3; ++f)
            if (tris[b].v[f] == w && tris[b].v[(f + 1) % 3] == u)
              tris[a].nb[e] = static_cast<std::uint32_t>(b);
      }
  };
  link_all(0);

  std::vector<std::uint32_t> alive = {0, 1, 2, 3};
  std::vector<std::uint32_t> seen_at;             // per triangle: the insertion step that tested it
  std::vector<std::int8_t> seen_sign;             // per triangle: its orient with that step's point
  std::vector<std::uint32_t> start_of(n, kNone);  // per vertex: new triangle whose horizon edge
                                                  // starts there (this step)
  struct Horizon {
    std::uint32_t a, b, outside, edge;  // edge index of (b, a) in `outside`
  };
  std::vector<Horizon> horizon;
  std::vector<std::uint32_t> stack, visible;
  std::uint32_t step = 0;
  // The other points in a fixed scrambled order (Fibonacci hashing of their rank): incremental
  // hulls run fastest in random order, and a fixed one keeps the stage counts reproducible.
  std::vector<std::uint32_t> order;
  for (std::size_t ii = 2; ii < uniq.size(); ++ii)
    if (ii != i2 && ii != i3) order.push_back(static_cast<std::uint32_t>(ii));
  auto scramble = [](std::uint32_t x) { return static_cast<std::uint32_t>(x * 2654435769u); };
  std::sort(order.begin(), order.end(),
            [&](std::uint32_t a, std::uint32_t b) { return scramble(a) < scramble(b); });
  for (const std::uint32_t ii : order) {
    const std::uint32_t p = uniq[ii];
    ++step;
    seen_at.resize(tris.size(), 0);
    seen_sign.resize(tris.size(), 0);
    auto sees = [&](std::uint32_t ti) {
      if (seen_at[ti] != step) {
        seen_at[ti] = step;
        seen_sign[ti] = static_cast<std::int8_t>(k.side(planes[ti], p));
      }
      return seen_sign[ti] > 0;
    };
    std::uint32_t first = kNone;
    for (const std::uint32_t ti : alive)
      if (sees(ti)) {
        first = ti;
        break;
      }
    if (first == kNone) continue;  // inside or on the hull
    // Visible region by depth-first search; the horizon in the order its edges are met.
    stack.assign(1, first);
    visible.clear();
    horizon.clear();
    tris[first].alive = false;
    while (!stack.empty()) {
      const std::uint32_t ti = stack.back();
      stack.pop_back();
      visible.push_back(ti);
      for (int e = 0; e < 3; ++e) {
        const std::uint32_t nb = tris[ti].nb[e];
        if (!tris[nb].alive) continue;  // already taken as visible
        if (sees(nb)) {
          tris[nb].alive = false;
          stack.push_back(nb);
        } else {
          std::uint32_t f = 0;
          while (f < 3 && tris[nb].nb[f] != ti) ++f;
          horizon.push_back({tris[ti].v[e], tris[ti].v[(e + 1) % 3], nb, f});
        }
      }
    }
    // New triangles (a, b, p) on each horizon edge a → b.
    const std::size_t base = tris.size();
    for (const Horizon& h : horizon) {
      const std::uint32_t id = static_cast<std::uint32_t>(tris.size());
      if (start_of[h.a] != kNone)
        throw std::logic_error("hull3: horizon is not a simple cycle");  // impossible when exact
      start_of[h.a] = id;
      tris.push_back({{h.a, h.b, p}, {h.outside, kNone, kNone}, true});
      planes.push_back(k.plane(h.a, h.b, p));
      tris[h.outside].nb[h.edge] = id;
    }
    for (std::size_t id = base; id < tris.size(); ++id) {
      const std::uint32_t b = tris[id].v[1];
      const std::uint32_t next = start_of[b];  // the new triangle (b, c, p)
      if (next == kNone) throw std::logic_error("hull3: horizon is not a closed cycle");
      tris[id].nb[1] = next;                              // across (b, p)
      tris[next].nb[2] = static_cast<std::uint32_t>(id);  // across (p, b)
    }
    for (const Horizon& h : horizon) start_of[h.a] = kNone;
    alive.erase(std::remove_if(alive.begin(), alive.end(),
                               [&](std::uint32_t ti) { return !tris[ti].alive; }),
                alive.end());
    for (std::size_t id = base; id < tris.size(); ++id)
      alive.push_back(static_cast<std::uint32_t>(id));
  }

  // 4. Merge coplanar neighbours into faces.
  const bool closed = faces_from_triangles(
      tris, alive, n,
      [&](std::uint32_t ti, std::uint32_t opposite) { return k.side(planes[ti], opposite) == 0; },
      [&](std::uint32_t a, std::uint32_t b, std::uint32_t c) { return k.collinear(a, b, c); },
      out.facets);
  if (!closed) throw std::logic_error("hull3: a face's boundary is not one cycle");  // impossible
  std::sort(out.facets.begin(), out.facets.end());
  for (const auto& f : out.facets) out.vertices.insert(out.vertices.end(), f.begin(), f.end());
  std::sort(out.vertices.begin(), out.vertices.end());
  out.vertices.erase(std::unique(out.vertices.begin(), out.vertices.end()), out.vertices.end());
  return out;
}

}  // namespace minkowski::reference::detail::hull3_impl
