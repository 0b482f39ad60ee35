// Exact A ∩ B for two radius-0 3D shapes (oracle3.hpp, intersection_polytope), in rationals.
//
// Every vertex x of A ∩ B is the single point where the relative interiors of a face F_A of A and
// a face F_B of B meet. Relative interiors are relatively open, so two of dimension >= 1 meet in
// a single point only when they are two edges crossing, or an edge crossing a 2-face's plane; a
// 3-dimensional interior never meets anything in a single point. So the candidates are the
// vertices of A in B and of B in A, the points where an edge of one crosses the plane of a 2-face
// of the other (the endpoints strictly on opposite sides), and, when either shape is flat or a
// segment, the crossing points of two coplanar, non-parallel edges. (When both are 3D polytopes an
// edge crossing an edge of the other also crosses, at that point, the plane of one of the 2-faces
// at that edge, unless it lies along the edge, where the intersection is a segment whose ends are
// vertices.) Each candidate is kept when it lies in both shapes (closed), and A ∩ B is the hull of
// the kept points (hull3_rational). Points are sorted and deduplicated first, so the result's
// `points` are the hull's vertices in lexicographic order and do not depend on the input order.
#include <algorithm>

#include "minkowski/reference/oracle3.hpp"

namespace minkowski::reference {

namespace intersection3_detail {

RationalPoint3 minus(const RationalPoint3& a, const RationalPoint3& b) {
  return {a.x - b.x, a.y - b.y, a.z - b.z};
}
RationalPoint3 crossed(const RationalPoint3& a, const RationalPoint3& b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
Rational dotted(const RationalPoint3& a, const RationalPoint3& b) {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}
bool zero(const RationalPoint3& a) { return a.x == 0 && a.y == 0 && a.z == 0; }
bool lex(const RationalPoint3& a, const RationalPoint3& b) {
  if (a.x != b.x) return a.x < b.x;
  if (a.y != b.y) return a.y < b.y;
  return a.z < b.z;
}

/// A shape's hull in rationals: its vertices, its edges, the planes of its 2-faces.
struct RationalHull {
  int dimension = 0;
  std::vector<RationalPoint3> points;              ///< the hull's vertices
  std::vector<std::vector<std::uint32_t>> facets;  ///< into points
  std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;
  std::vector<RationalPoint3> normals;  ///< per facet: (f1 − f0) × (f2 − f0), outward in 3D
};

RationalHull rational_hull(const Shape3& s) {
  const Hull3 h = shape_hull(s);
  RationalHull r;
  r.dimension = h.dimension;
  std::vector<std::uint32_t> index(s.points.size(), 0);
  for (std::uint32_t k = 0; k < h.vertices.size(); ++k) {
    index[h.vertices[k]] = k;
    r.points.push_back(to_rational(s.points[h.vertices[k]]));
  }
  for (const auto& f : h.facets) {
    std::vector<std::uint32_t> g;
    for (const std::uint32_t i : f) g.push_back(index[i]);
    r.normals.push_back(
        crossed(minus(r.points[g[1]], r.points[g[0]]), minus(r.points[g[2]], r.points[g[0]])));
    for (std::size_t i = 0; i < g.size(); ++i) {
      const std::uint32_t u = g[i], w = g[(i + 1) % g.size()];
      // In 3D each edge is in two facets, once in each direction: keep u < w.
      if (h.dimension != 3 || u < w) r.edges.emplace_back(u, w);
    }
    r.facets.push_back(std::move(g));
  }
  if (h.dimension == 1) r.edges.emplace_back(0, 1);
  return r;
}

/// x ∈ conv(h), exactly (closed).
bool contains(const RationalHull& h, const RationalPoint3& x) {
  switch (h.dimension) {
    case 0:
      return h.points[0] == x;
    case 1: {
      const RationalPoint3 e = minus(h.points[1], h.points[0]), d = minus(x, h.points[0]);
      if (!zero(crossed(e, d))) return false;
      const Rational t = dotted(d, e);
      return t >= 0 && t <= dotted(e, e);
    }
    case 2: {
      const auto& f = h.facets[0];
      const RationalPoint3& n = h.normals[0];
      if (dotted(n, minus(x, h.points[f[0]])) != 0) return false;
      for (std::size_t i = 0; i < f.size(); ++i) {
        const RationalPoint3& u = h.points[f[i]];
        const RationalPoint3& w = h.points[f[(i + 1) % f.size()]];
        if (dotted(n, crossed(minus(w, u), minus(x, u))) < 0) return false;
      }
      return true;
    }
    default:
      for (std::size_t k = 0; k < h.facets.size(); ++k)
        if (dotted(h.normals[k], minus(x, h.points[h.facets[k][0]])) > 0) return false;
      return true;
  }
}

/// Where the edges of `e` cross the 2-face planes of `p` at a single point.
void edge_plane_crossings(const RationalHull& e, const RationalHull& p,
                          std::vector<RationalPoint3>& out) {
  for (std::size_t k = 0; k < p.facets.size(); ++k) {
    const RationalPoint3& n = p.normals[k];
    const Rational d = dotted(n, p.points[p.facets[k][0]]);
    for (const auto& [i, j] : e.edges) {
      const Rational si = dotted(n, e.points[i]) - d, sj = dotted(n, e.points[j]) - d;
      if (!((si > 0 && sj < 0) || (si < 0 && sj > 0))) continue;
      const Rational t = si / (si - sj);
      const RationalPoint3 dir = minus(e.points[j], e.points[i]);
      out.push_back(
          {e.points[i].x + t * dir.x, e.points[i].y + t * dir.y, e.points[i].z + t * dir.z});
    }
  }
}

/// Where an edge of a crosses an edge of b at a single point (coplanar, non-parallel lines).
void edge_edge_crossings(const RationalHull& a, const RationalHull& b,
                         std::vector<RationalPoint3>& out) {
  for (const auto& [i, j] : a.edges)
    for (const auto& [k, l] : b.edges) {
      const RationalPoint3& p1 = a.points[i];
      const RationalPoint3 d1 = minus(a.points[j], p1);
      const RationalPoint3 d2 = minus(b.points[l], b.points[k]);
      const RationalPoint3 c = crossed(d1, d2);
      if (zero(c)) continue;  // parallel
      const RationalPoint3 w = minus(b.points[k], p1);
      if (dotted(w, c) != 0) continue;  // skew
      // p1 + t·d1 = p3 + s·d2  ⇒  t = ((p3 − p1) × d2) · c / |c|².
      const Rational t = dotted(crossed(w, d2), c) / dotted(c, c);
      out.push_back({p1.x + t * d1.x, p1.y + t * d1.y, p1.z + t * d1.z});
    }
}

}  // namespace intersection3_detail

std::optional<Polytope3> intersection_polytope(const Shape3& a, const Shape3& b) {
  namespace i3 = intersection3_detail;
  validate(a, "shape a");
  validate(b, "shape b");
  if (a.radius != 0 || b.radius != 0) return std::nullopt;
  const i3::RationalHull ha = i3::rational_hull(a), hb = i3::rational_hull(b);
  std::vector<RationalPoint3> cands;
  for (const RationalPoint3& p : ha.points) cands.push_back(p);
  for (const RationalPoint3& p : hb.points) cands.push_back(p);
  i3::edge_plane_crossings(ha, hb, cands);
  i3::edge_plane_crossings(hb, ha, cands);
  if (ha.dimension < 3 || hb.dimension < 3) i3::edge_edge_crossings(ha, hb, cands);
  std::vector<RationalPoint3> kept;
  for (RationalPoint3& p : cands)
    if (i3::contains(ha, p) && i3::contains(hb, p)) kept.push_back(std::move(p));
  std::sort(kept.begin(), kept.end(), i3::lex);
  kept.erase(std::unique(kept.begin(), kept.end()), kept.end());
  Polytope3 out;
  if (kept.empty()) return out;  // dimension −1: disjoint
  const Hull3 h = hull3_rational(kept);
  out.dimension = h.dimension;
  std::vector<std::uint32_t> index(kept.size(), 0);
  for (std::uint32_t k = 0; k < h.vertices.size(); ++k) {
    index[h.vertices[k]] = k;
    out.points.push_back(kept[h.vertices[k]]);
  }
  for (const auto& f : h.facets) {
    std::vector<std::uint32_t> g;
    for (const std::uint32_t i : f) g.push_back(index[i]);
    out.facets.push_back(std::move(g));
  }
  return out;
}

}  // namespace minkowski::reference
