// hull3_difference_certified (hull3.hpp): the hull of a Minkowski difference D = {a_i − b_j},
// with a normal-cone prefilter before Qhull and a certificate whose point test runs over A's and
// B's vertices instead of all of D's points. When A or B is flat, a segment or a point (no normal
// cones), d's own exact hull (hull3_exact) up to kDifferenceExactMax entries, Qhull above.
//
// Notation: A = conv(a), B = conv(b), both 3-dimensional; va, vb their hull vertices (na, nb of
// them); d[p·nb + q] = a_{va[p]} − b_{vb[q]}; conv(d) = A − B = A + (−B) (the Minkowski sum of two
// hulls is the hull of the pairwise sums). Facet normals: for a facet listed counter-clockwise
// seen from outside with first vertices g0, g1, g2, m = (g1 − g0) × (g2 − g0) points outward
// (the polygon is strictly convex, so its first three vertices turn as the whole polygon does).
//
// 1. The normal-cone prefilter. The tangent cone of A at a vertex v is
//        T_A(v) = {x : n_f · x <= 0 for every facet f of A containing v}
//    (the half-spaces of A's facets active at v; the others have slack at v), and v + t·x ∈ A for
//    every x ∈ T_A(v) and every small enough t > 0. Claim: if an edge direction e = a_k − a_i of A
//    at a_i lies in T_B(b_j), then p = a_i − b_j is not a vertex of conv(d). Proof: take t in
//    (0, 1] with b_j + t·e ∈ B; a_i + t·e ∈ A (a point of the edge). Then
//        p + t·e = (a_i + t·e) − b_j ∈ A − B   and   p − t·e = a_i − (b_j + t·e) ∈ A − B,
//    and p is their midpoint with e != 0, so p is not extreme. Symmetrically when an edge
//    direction g = b_l − b_j of B at b_j lies in T_A(a_i): p ± t·g = (a_i + t·g) − b_j and
//    a_i − (b_j + t·g). Membership e ∈ T_B(b_j) is "m_g · e <= 0 for every facet g of B at b_j",
//    and m_g · e = det(g1 − g0, g2 − g0, e), an exact det3_sign of three differences of the
//    shapes' points, tabulated once per (edge, facet). Dropped points are not vertices, so
//    conv(kept) = conv(d) (every vertex of conv(d) is kept, and conv(d) is the hull of its
//    vertices). The test is the separating-plane test of the two normal cones N_A(a_i) and
//    −N_B(b_j) restricted to planes orthogonal to an edge; it keeps every vertex and drops most
//    non-vertices (all of them for boxes, whose cones are octants; a pair separated only by a
//    plane through one ray of each cone is kept, which is safe).
//    For the result's conventions: a vertex of a Minkowski sum has exactly one decomposition
//    (a vertex v = a + b maximizes some c uniquely, so a and b maximize c uniquely over A and B),
//    and the a's and b's are distinct points, so no other entry of d coincides with a vertex:
//    the smallest-index rule among coincident points holds automatically.
//
// 2. Orientations of difference points. For four entries of d with decompositions (p_k, q_k),
//    orient3d = det(Δ1, Δ2, Δ3) with Δk = (a_pk − a_p0) − (b_qk − b_q0). When the p's take at most
//    two values and the q's at most two, every Δk lies in the span of one difference of a's and
//    one of b's, a plane, so the determinant is exactly 0 (the parallelogram faces of D, edge of A
//    minus edge of B, give these); when all p's are equal it is det(−β1, −β2, −β3) =
//    −orient3d(b_q0, b_q1, b_q2, b_q3); when all q's are equal it is orient3d(a_p0, ..., a_p3).
//    These are identities, exact whatever the values, and avoid the expansion stage on the
//    differences' lo parts, which is where exactly coplanar faces of D otherwise go.
//
// Then the kept points' hull: up to kDifferenceExactMax (hull3_certify.hpp) of them, hull3_exact's
// incremental algorithm (hull3_incremental.hpp) on a kernel with section 2's orientations; it is
// exact, so nothing needs certifying. Above it, Qhull proposes and section 3 certifies.
//
// 3. The certificate (Qhull path): hull3_certify.hpp's checks, with its "every point inside or on
// every
//    facet's plane" step done per facet in O(na + nb). Facet F with vertices f_0.. (entries of d),
//    f_0 = a_p0 − b_q0, normal n = (f1 − f0) × (f2 − f0). For every entry,
//        n·(d_pq − f_0) = n·(a_p − a_p0) − n·(b_q − b_q0).
//    So "every entry on the inner side or on the plane" holds when n·(a_p − a_p0) <= 0 for every
//    p and n·(b_q − b_q0) >= 0 for every q; and it fails otherwise: if some a_p has
//    n·(a_p − a_p0) > 0, the entry (p, q0) is strictly outside (symmetrically for b). The entries
//    on the plane are exactly the pairs of "tied" p (= 0) and tied q (= 0); every other entry is
//    strictly inside. The tied pairs that are not vertices of F are tested against F's polygon
//    (the certificate's "a point on a plane lies inside or on its facet" rule). Ties known without
//    arithmetic: n·(f_k − f_0) = 0 for every vertex of F (for k = 1, 2 by the cross product, for
//    k >= 3 by the coplanarity checked first), i.e. n·(a_pk − a_p0) = n·(b_qk − b_q0); p0 and q0
//    are tied, and a vertex whose p is tied makes its q tied and conversely (propagated to a fixed
//    point). The remaining signs are det3_sign(f0, f1, f0, f2, a_p0, a_p) with a hoisted filter.
//    Every entry of d is covered, so the certificate is exact whatever a_hull's and b_hull's
//    facets are; it relies on d's values alone, which are checked on entry. (The exact path
//    relies on the prefilter, hence on the hulls' facets being right: the precondition.)
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <string>

#include "hull3_certify.hpp"
#include "hull3_incremental.hpp"
#include "hull3_plane.hpp"
#include "hull3_qhull_triangles.hpp"
#include "qhull3_proposer.hpp"

namespace minkowski::reference {

namespace detail {

namespace hull3_difference_impl {

using hull3_impl::kNone;

/// One shape's hull as the prefilter reads it (local vertex numbers are positions in
/// hull.vertices).
struct ShapeCones {
  std::vector<std::uint32_t> local;                       ///< global index → local (kNone)
  std::vector<std::vector<std::uint32_t>> vertex_facets;  ///< per local vertex: its facets
  /// per local vertex: its out-edges as (undirected edge id, reversed: the edge is stored y → x)
  std::vector<std::vector<std::pair<std::uint32_t, bool>>> out_edges;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;  ///< undirected (x < y), global
};

/// False when the hull's facets name points outside it (then the prefilter is skipped).
bool build_cones(std::size_t n_points, const Hull3& h, ShapeCones& c) {
  c.local.assign(n_points, kNone);
  for (std::uint32_t p = 0; p < h.vertices.size(); ++p) c.local[h.vertices[p]] = p;
  // Cleared, not reassigned: the inner vectors keep their capacity across calls (thread_local).
  c.vertex_facets.resize(h.vertices.size());
  c.out_edges.resize(h.vertices.size());
  for (auto& v : c.vertex_facets) v.clear();
  for (auto& v : c.out_edges) v.clear();
  c.edges.clear();
  for (const auto& f : h.facets) {
    if (f.size() < 3) return false;
    for (std::size_t i = 0; i < f.size(); ++i) {
      const std::uint32_t u = f[i], w = f[(i + 1) % f.size()];
      if (u >= n_points || w >= n_points || c.local[u] == kNone || c.local[w] == kNone || u == w)
        return false;
      c.edges.emplace_back(std::min(u, w), std::max(u, w));
    }
  }
  std::sort(c.edges.begin(), c.edges.end());
  c.edges.erase(std::unique(c.edges.begin(), c.edges.end()), c.edges.end());
  for (std::uint32_t g = 0; g < h.facets.size(); ++g) {
    const auto& f = h.facets[g];
    for (std::size_t i = 0; i < f.size(); ++i) {
      const std::uint32_t u = f[i], w = f[(i + 1) % f.size()];
      c.vertex_facets[c.local[u]].push_back(g);
      const auto key = std::make_pair(std::min(u, w), std::max(u, w));
      const auto id = static_cast<std::uint32_t>(
          std::lower_bound(c.edges.begin(), c.edges.end(), key) - c.edges.begin());
      c.out_edges[c.local[u]].emplace_back(id, u > w);
    }
  }
  return true;
}

void hi_max_abs(std::span<const ExactPoint3> pts, std::span<const std::uint32_t> idx,
                double cmax[3]) {
  cmax[0] = cmax[1] = cmax[2] = 0;
  for (const std::uint32_t i : idx) {
    cmax[0] = std::max(cmax[0], std::fabs(pts[i].x.hi));
    cmax[1] = std::max(cmax[1], std::fabs(pts[i].y.hi));
    cmax[2] = std::max(cmax[2], std::fabs(pts[i].z.hi));
  }
}

/// signs[e·F + g] = sign(m_g · (x_y − x_x)) for the undirected edge e = (x, y) of one shape (points
/// `ep`) and the facet g of the other (points `fp`, first three vertices), exactly.
void sign_table(std::span<const ExactPoint3> ep, const ShapeCones& edges_of,
                std::span<const std::uint32_t> e_verts, std::span<const ExactPoint3> fp,
                const Hull3& facets_of, StageCounts& counts, std::vector<std::int8_t>& signs) {
  double emax[3];
  hi_max_abs(ep, e_verts, emax);
  // |x_y,h| + |x_x,h| <= 2·emax per coordinate (DirFilter3's wmax).
  const double wmax[3] = {2 * emax[0], 2 * emax[1], 2 * emax[2]};
  const std::size_t F = facets_of.facets.size();
  signs.resize(edges_of.edges.size() * F);
  std::uint64_t decided = 0;
  for (std::size_t g = 0; g < F; ++g) {
    const auto& f = facets_of.facets[g];
    const ExactPoint3 &g0 = fp[f[0]], &g1 = fp[f[1]], &g2 = fp[f[2]];
    const DirFilter3 filter = make_dir_filter(g0, g1, g0, g2, wmax);
    for (std::size_t e = 0; e < edges_of.edges.size(); ++e) {
      const ExactPoint3& x = ep[edges_of.edges[e].first];
      const ExactPoint3& y = ep[edges_of.edges[e].second];
      int s = filter.sign(x, y);
      if (s != 0)
        ++decided;
      else
        s = det3_sign_exact(g0, g1, g0, g2, x, y, true, counts);
      signs[e * F + g] = static_cast<std::int8_t>(s);
    }
  }
  counts.decided[static_cast<int>(Stage::filter)] += decided;
}

/// Marks dropped[p·nb + q] for the pairs where an out-edge of the edge shape's vertex lies in the
/// closed tangent cone of the other shape's vertex (m_g · edge <= 0 for every facet g at it).
/// With at most 64 facets the test is one AND per (out-edge, vertex): the facets where the edge's
/// sign is positive against the facets at the vertex.
void mark_dropped(const ShapeCones& edge_shape, const ShapeCones& cone_shape,
                  const std::vector<std::int8_t>& signs, std::size_t n_cone_facets,
                  bool edge_shape_is_a, std::size_t nb, std::vector<std::uint8_t>& dropped) {
  const std::size_t ne = edge_shape.out_edges.size(), nc = cone_shape.vertex_facets.size();
  if (n_cone_facets <= 64) {
    thread_local std::vector<std::uint64_t> at_vertex, positive, negative;
    at_vertex.assign(nc, 0);
    for (std::size_t v = 0; v < nc; ++v)
      for (const std::uint32_t g : cone_shape.vertex_facets[v]) at_vertex[v] |= 1ull << g;
    const std::size_t n_edges = edge_shape.edges.size();
    positive.assign(n_edges, 0);
    negative.assign(n_edges, 0);
    for (std::size_t e = 0; e < n_edges; ++e)
      for (std::size_t g = 0; g < n_cone_facets; ++g) {
        const int s = signs[e * n_cone_facets + g];
        if (s > 0) positive[e] |= 1ull << g;
        if (s < 0) negative[e] |= 1ull << g;
      }
    for (std::size_t u = 0; u < ne; ++u)
      for (const auto& [e, reversed] : edge_shape.out_edges[u]) {
        // The out-edge's sign against g is s for the stored direction, −s reversed.
        const std::uint64_t outward = reversed ? negative[e] : positive[e];
        for (std::size_t v = 0; v < nc; ++v)
          if ((outward & at_vertex[v]) == 0) dropped[edge_shape_is_a ? u * nb + v : v * nb + u] = 1;
      }
    return;
  }
  for (std::size_t u = 0; u < ne; ++u)
    for (const auto& [e, reversed] : edge_shape.out_edges[u])
      for (std::size_t v = 0; v < nc; ++v) {
        const std::size_t k = edge_shape_is_a ? u * nb + v : v * nb + u;
        if (dropped[k]) continue;
        bool inside = true;
        for (const std::uint32_t g : cone_shape.vertex_facets[v]) {
          const int s = signs[e * n_cone_facets + g];
          if ((reversed ? -s : s) > 0) {
            inside = false;
            break;
          }
        }
        if (inside) dropped[k] = 1;
      }
}

/// The points of D and the exact orientation of section 2 (indices are entries of d).
struct DiffKernel {
  std::span<const ExactPoint3> a, b, d;
  std::span<const std::uint32_t> va, vb;
  std::uint32_t nb;
  StageCounts* counts;

  static int distinct(const std::uint32_t v[4]) {
    int c = 1;
    for (int i = 1; i < 4; ++i) {
      bool seen = false;
      for (int j = 0; j < i; ++j) seen = seen || v[j] == v[i];
      c += seen ? 0 : 1;
    }
    return c;
  }
  int orient(std::uint32_t k0, std::uint32_t k1, std::uint32_t k2, std::uint32_t k3) const {
    const std::uint32_t p[4] = {k0 / nb, k1 / nb, k2 / nb, k3 / nb};
    const std::uint32_t q[4] = {k0 % nb, k1 % nb, k2 % nb, k3 % nb};
    const int dp = distinct(p), dq = distinct(q);
    if (dp <= 2 && dq <= 2) return 0;
    if (dp == 1)
      return -orient3d_sign(b[vb[q[0]]], b[vb[q[1]]], b[vb[q[2]]], b[vb[q[3]]], true, *counts);
    if (dq == 1)
      return orient3d_sign(a[va[p[0]]], a[va[p[1]]], a[va[p[2]]], a[va[p[3]]], true, *counts);
    return orient3d_sign(d[k0], d[k1], d[k2], d[k3], true, *counts);
  }
  bool collinear(std::uint32_t k0, std::uint32_t k1, std::uint32_t k2) const {
    return collinear3(d[k0], d[k1], d[k2], true, *counts);
  }
};

/// hull3_exact's kernel (src/hull3_exact.cpp) over the kept entries, with the orientations of
/// section 2: the hoisted filter first, then DiffKernel::orient (the identities, then the staged
/// orient3d). `entry` maps a kept point to its entry of d.
struct DiffExactKernel {
  std::span<const ExactPoint3> pts;
  std::span<const std::uint32_t> entry;
  const DiffKernel* diff;
  StageCounts* counts;
  double cmax[3];
  struct Plane {
    PlaneFilter3 filter;
    std::uint32_t a, b, c;
  };
  static ExactPoint project(const ExactPoint3& p, int drop) {
    return drop == 2 ? ExactPoint{p.x, p.y}
                     : (drop == 1 ? ExactPoint{p.z, p.x} : ExactPoint{p.y, p.z});
  }
  Plane plane(std::uint32_t a, std::uint32_t b, std::uint32_t c) const {
    return {make_plane_filter(pts[a], pts[b], pts[c], cmax), a, b, c};
  }
  int side(const Plane& pl, std::uint32_t d) const {
    if (const int s = pl.filter.sign(pts[d])) {
      counts->add(Stage::filter);
      return s;
    }
    return orient(pl.a, pl.b, pl.c, d);
  }
  std::size_t size() const { return pts.size(); }
  bool less(std::uint32_t a, std::uint32_t b) const { return lex_less(pts[a], pts[b]); }
  bool equal(std::uint32_t a, std::uint32_t b) const { return pts[a] == pts[b]; }
  int orient(std::uint32_t a, std::uint32_t b, std::uint32_t c, std::uint32_t d) const {
    return diff->orient(entry[a], entry[b], entry[c], entry[d]);
  }
  bool collinear(std::uint32_t a, std::uint32_t b, std::uint32_t c) const {
    return collinear3(pts[a], pts[b], pts[c], true, *counts);
  }
  int orient2(int drop, std::uint32_t a, std::uint32_t b, std::uint32_t c) const {
    return orient_sign(project(pts[a], drop), project(pts[b], drop), project(pts[c], drop), true,
                       *counts);
  }
  std::vector<std::uint32_t> hull2(int drop, const std::vector<std::uint32_t>& idx) const {
    std::vector<ExactPoint> flat(idx.size());
    for (std::size_t i = 0; i < idx.size(); ++i) flat[i] = project(pts[idx[i]], drop);
    std::vector<std::uint32_t> poly = hull_exact(flat, *counts).vertices;
    for (std::uint32_t& v : poly) v = idx[v];
    return poly;
  }
};

thread_local const char* diff_certify_failure = "";
thread_local Hull3DifferenceTrace diff_trace;

bool fail(const char* why) {
  diff_certify_failure = why;
  return false;
}

/// Four affinely independent entries among `cand`, or false.
bool find_tetrahedron(const DiffKernel& K, std::span<const std::uint32_t> cand,
                      std::uint32_t t[4]) {
  std::size_t i = 1;
  t[0] = cand[0];
  while (i < cand.size() && K.d[cand[i]] == K.d[t[0]]) ++i;
  if (i == cand.size()) return false;
  t[1] = cand[i++];
  while (i < cand.size() && K.collinear(t[0], t[1], cand[i])) ++i;
  if (i == cand.size()) return false;
  t[2] = cand[i++];
  while (i < cand.size() && K.orient(t[0], t[1], t[2], cand[i]) == 0) ++i;
  if (i == cand.size()) return false;
  t[3] = cand[i];
  return true;
}

/// hull3_certify.hpp's certificate for the facets over entries of d (section 3 above).
bool certify(const DiffKernel& K, const std::vector<std::vector<std::uint32_t>>& facets) {
  diff_certify_failure = "";
  const std::size_t n = K.d.size();
  const std::size_t na = K.va.size(), nb = K.vb.size();
  if (facets.size() < 4) return fail("too few facets");
  thread_local std::vector<std::uint32_t> verts;
  verts.clear();
  for (const auto& f : facets) {
    if (f.size() < 3) return fail("facet shape");
    for (std::size_t i = 0; i < f.size(); ++i) {
      if (f[i] >= n) return fail("facet shape");
      for (std::size_t j = 0; j < i; ++j)
        if (f[j] == f[i]) return fail("facet shape");
      verts.push_back(f[i]);
    }
  }
  std::sort(verts.begin(), verts.end());
  verts.erase(std::unique(verts.begin(), verts.end()), verts.end());
  // Apex per facet: the first tetrahedron vertex strictly off its plane, on the inner side.
  std::uint32_t tet[4];
  if (!find_tetrahedron(K, verts, tet)) return fail("no tetrahedron");
  thread_local std::vector<std::uint32_t> apex;
  apex.assign(facets.size(), 0);
  for (std::size_t k = 0; k < facets.size(); ++k) {
    const auto& f = facets[k];
    int s = 0, t = 0;
    for (; t < 4 && s == 0; ++t) s = K.orient(f[0], f[1], f[2], tet[t]);
    if (s >= 0) return fail("facet apex: collinear or outside");
    const std::uint32_t e = tet[t - 1];
    apex[k] = e;
    const std::size_t m = f.size();
    for (std::size_t i = 3; i < m; ++i)
      if (K.orient(f[0], f[1], f[2], f[i]) != 0) return fail("not coplanar");
    if (m > 3)
      for (std::size_t i = 0; i < m; ++i)
        for (std::size_t j = 0; j < m; ++j)
          if (j != i && j != (i + 1) % m && K.orient(f[i], f[(i + 1) % m], f[j], e) >= 0)
            return fail("not strictly convex");
  }
  // Closed oriented surface, strictly convex edges.
  struct Edge {
    std::uint32_t u, v, facet, pos;
    bool operator<(const Edge& o) const { return u != o.u ? u < o.u : v < o.v; }
  };
  thread_local std::vector<Edge> edges;
  edges.clear();
  for (std::size_t k = 0; k < facets.size(); ++k)
    for (std::size_t i = 0; i < facets[k].size(); ++i)
      edges.push_back({facets[k][i], facets[k][(i + 1) % facets[k].size()],
                       static_cast<std::uint32_t>(k), static_cast<std::uint32_t>(i)});
  std::sort(edges.begin(), edges.end());
  for (std::size_t i = 1; i < edges.size(); ++i)
    if (edges[i].u == edges[i - 1].u && edges[i].v == edges[i - 1].v)
      return fail("directed edge twice");
  for (const Edge& e : edges) {
    if (e.u > e.v) continue;
    const auto it = std::lower_bound(edges.begin(), edges.end(), Edge{e.v, e.u, 0, 0});
    if (it == edges.end() || it->u != e.v || it->v != e.u) return fail("unmatched edge");
    const auto& f = facets[e.facet];
    const auto& g = facets[it->facet];
    if (it->facet == e.facet) return fail("edge within one facet");
    const std::uint32_t w = g[(it->pos + 2) % g.size()];
    if (K.orient(f[0], f[1], f[2], w) >= 0) return fail("edge not convex");
  }
  // Every entry of d inside or on every facet's plane (section 3): max over A, min over B.
  double amax[3], bmax[3];
  hi_max_abs(K.a, K.va, amax);
  hi_max_abs(K.b, K.vb, bmax);
  thread_local std::vector<std::uint8_t> tie_a, tie_b, is_vertex;
  thread_local std::vector<std::uint32_t> ties_a, ties_b;
  tie_a.assign(na, 0);
  tie_b.assign(nb, 0);
  is_vertex.assign(n, 0);
  std::uint64_t decided = 0;
  for (std::size_t k = 0; k < facets.size(); ++k) {
    const auto& f = facets[k];
    const std::size_t m = f.size();
    const std::uint32_t p0 = f[0] / K.nb, q0 = f[0] % K.nb;
    ties_a.clear();
    ties_b.clear();
    tie_a[p0] = 1;
    ties_a.push_back(p0);
    tie_b[q0] = 1;
    ties_b.push_back(q0);
    for (const std::uint32_t v : f) is_vertex[v] = 1;
    // Known ties, propagated to a fixed point (each round adds one, at most m rounds).
    for (std::size_t round = 0; round <= m; ++round) {
      bool changed = false;
      for (const std::uint32_t v : f) {
        const std::uint32_t p = v / K.nb, q = v % K.nb;
        if (tie_a[p] && !tie_b[q]) {
          tie_b[q] = 1;
          ties_b.push_back(q);
          changed = true;
        } else if (tie_b[q] && !tie_a[p]) {
          tie_a[p] = 1;
          ties_a.push_back(p);
          changed = true;
        }
      }
      if (!changed) break;
    }
    const ExactPoint3 &f0 = K.d[f[0]], &f1 = K.d[f[1]], &f2 = K.d[f[2]];
    bool ok = true;
    {
      const ExactPoint3& ap = K.a[K.va[p0]];
      // |a_p,h| + |a_p0,h| <= amax + |a_p0,h| per coordinate (DirFilter3's wmax).
      const double wmax[3] = {amax[0] + std::fabs(ap.x.hi), amax[1] + std::fabs(ap.y.hi),
                              amax[2] + std::fabs(ap.z.hi)};
      const DirFilter3 filter = make_dir_filter(f0, f1, f0, f2, wmax);
      for (std::uint32_t p = 0; p < na && ok; ++p) {
        if (tie_a[p]) continue;  // known tie (set before this loop; the loop sets only its own)
        const ExactPoint3& x = K.a[K.va[p]];
        int s = filter.sign(ap, x);
        if (s != 0)
          ++decided;
        else
          s = det3_sign_exact(f0, f1, f0, f2, ap, x, true, *K.counts);
        if (s > 0) ok = false;  // the entry (p, q0) is strictly outside
        if (s == 0) {
          tie_a[p] = 1;
          ties_a.push_back(p);
        }
      }
    }
    if (ok) {
      const ExactPoint3& bq = K.b[K.vb[q0]];
      const double wmax[3] = {bmax[0] + std::fabs(bq.x.hi), bmax[1] + std::fabs(bq.y.hi),
                              bmax[2] + std::fabs(bq.z.hi)};
      const DirFilter3 filter = make_dir_filter(f0, f1, f0, f2, wmax);
      for (std::uint32_t q = 0; q < nb && ok; ++q) {
        if (tie_b[q]) continue;  // known tie (set before this loop; the loop sets only its own)
        const ExactPoint3& y = K.b[K.vb[q]];
        int s = filter.sign(bq, y);
        if (s != 0)
          ++decided;
        else
          s = det3_sign_exact(f0, f1, f0, f2, bq, y, true, *K.counts);
        if (s < 0) ok = false;  // the entry (p0, q) is strictly outside
        if (s == 0) {
          tie_b[q] = 1;
          ties_b.push_back(q);
        }
      }
    }
    // The entries on the plane (tied p, tied q) that are not F's vertices lie in F's polygon.
    if (ok)
      for (const std::uint32_t p : ties_a) {
        for (const std::uint32_t q : ties_b) {
          const std::uint32_t v = p * K.nb + q;
          if (is_vertex[v]) continue;
          for (std::size_t i = 0; i < m && ok; ++i)
            if (K.orient(f[i], f[(i + 1) % m], v, apex[k]) > 0) ok = false;
          if (!ok) break;
        }
        if (!ok) break;
      }
    for (const std::uint32_t p : ties_a) tie_a[p] = 0;
    for (const std::uint32_t q : ties_b) tie_b[q] = 0;
    for (const std::uint32_t v : f) is_vertex[v] = 0;
    if (!ok) {
      K.counts->decided[static_cast<int>(Stage::filter)] += decided;
      return fail("an entry outside a facet");
    }
  }
  K.counts->decided[static_cast<int>(Stage::filter)] += decided;
  return true;
}

}  // namespace hull3_difference_impl

const char* last_difference_certify_failure() {
  return hull3_difference_impl::diff_certify_failure;
}

const Hull3DifferenceTrace& last_hull3_difference_trace() {
  return hull3_difference_impl::diff_trace;
}

bool certify_hull3_difference(std::span<const ExactPoint3> a, const Hull3& a_hull,
                              std::span<const ExactPoint3> b, const Hull3& b_hull,
                              std::span<const ExactPoint3> d,
                              const std::vector<std::vector<std::uint32_t>>& facets,
                              StageCounts& counts) {
  const hull3_difference_impl::DiffKernel K{a,
                                            b,
                                            d,
                                            a_hull.vertices,
                                            b_hull.vertices,
                                            static_cast<std::uint32_t>(b_hull.vertices.size()),
                                            &counts};
  return hull3_difference_impl::certify(K, facets);
}

}  // namespace detail

namespace detail {

Hull3 hull3_difference(std::span<const ExactPoint3> a, const Hull3& a_hull,
                       std::span<const ExactPoint3> b, const Hull3& b_hull,
                       std::span<const ExactPoint3> d, HullStats& stats, DifferencePath path) {
  namespace impl = detail::hull3_difference_impl;
  const std::size_t na = a_hull.vertices.size(), nb = b_hull.vertices.size();
  // The contract on d, checked exactly (the certificate relies on it).
  if (na == 0 || nb == 0 || d.size() != na * nb)
    throw InputError("hull3_difference_certified: d must hold the " + std::to_string(na) + " x " +
                     std::to_string(nb) + " differences of the hulls' vertices, not " +
                     std::to_string(d.size()) + " points");
  for (const std::uint32_t v : a_hull.vertices)
    if (v >= a.size()) throw InputError("hull3_difference_certified: a_hull names a missing point");
  for (const std::uint32_t v : b_hull.vertices)
    if (v >= b.size()) throw InputError("hull3_difference_certified: b_hull names a missing point");
  auto lo_zero = [](const ExactPoint3& p) { return p.x.lo == 0 && p.y.lo == 0 && p.z.lo == 0; };
  bool doubles = true;
  for (const std::uint32_t v : a_hull.vertices) doubles = doubles && lo_zero(a[v]);
  for (const std::uint32_t v : b_hull.vertices) doubles = doubles && lo_zero(b[v]);
  // With lo parts in a or b, d's entries are not checked here: the general path takes them.
  if (!doubles) return hull3_qhull_certified(d, stats);
  for (std::size_t p = 0; p < na; ++p) {
    const ExactPoint3& x = a[a_hull.vertices[p]];
    for (std::size_t q = 0; q < nb; ++q) {
      const ExactPoint3& y = b[b_hull.vertices[q]];
      const ExactPoint3 want =
          exact_difference(Point3{x.x.hi, x.y.hi, x.z.hi}, Point3{y.x.hi, y.y.hi, y.z.hi});
      if (!(want == d[p * nb + q]))
        throw InputError("hull3_difference_certified: d[" + std::to_string(p * nb + q) +
                         "] is not the difference of a's vertex " + std::to_string(p) +
                         " and b's vertex " + std::to_string(q));
    }
  }
  bool expansions = true;
  for (const ExactPoint3& p : d) expansions = expansions && in_expansion_domain3(p);
  for (const std::uint32_t v : a_hull.vertices)
    expansions = expansions && in_expansion_domain3(a[v]);
  for (const std::uint32_t v : b_hull.vertices)
    expansions = expansions && in_expansion_domain3(b[v]);
  auto fallback = [&](HullSource why) {
    Hull3 r = hull3_exact(d, stats.stages);
    r.source = why;
    ++stats.by_source[static_cast<int>(why)];
    return r;
  };

  // A flat, segment or point shape has no normal cones to prefilter with: up to
  // kDifferenceExactMax entries the exact hull of d itself (its own prefilter, no certificate)
  // costs less than Qhull's proposal and its certificate (the 3D campaign: 767k -> 705k
  // instructions per case, the same answers; docs/performance.md, "Campaign throughput").
  if (path == DifferencePath::automatic && expansions &&
      (a_hull.dimension != 3 || b_hull.dimension != 3) && d.size() <= kDifferenceExactMax)
    return fallback(HullSource::exact_only);
  if (!expansions || a_hull.dimension != 3 || b_hull.dimension != 3)
    return hull3_qhull_certified(d, stats);

  thread_local impl::ShapeCones ca, cb;
  if (!impl::build_cones(a.size(), a_hull, ca) || !impl::build_cones(b.size(), b_hull, cb))
    return hull3_qhull_certified(d, stats);
  detail::Hull3DifferenceTrace& trace = impl::diff_trace;
  trace = {};
  trace.input = d.size();

  // 1. The normal-cone prefilter.
  thread_local std::vector<std::int8_t> s_ab, s_ba;
  thread_local std::vector<std::uint8_t> dropped;
  impl::sign_table(a, ca, a_hull.vertices, b, b_hull, stats.stages, s_ab);
  impl::sign_table(b, cb, b_hull.vertices, a, a_hull, stats.stages, s_ba);
  dropped.assign(na * nb, 0);
  impl::mark_dropped(ca, cb, s_ab, b_hull.facets.size(), true, nb, dropped);
  impl::mark_dropped(cb, ca, s_ba, a_hull.facets.size(), false, nb, dropped);
  thread_local std::vector<std::uint32_t> keep;
  keep.clear();
  for (std::uint32_t k = 0; k < d.size(); ++k)
    if (!dropped[k]) keep.push_back(k);
  trace.kept = keep.size();
  // Coincident kept entries: the smallest index represents them (none of them is a vertex, by
  // the unique decomposition, but Qhull is given distinct points).
  std::sort(keep.begin(), keep.end(), [&](std::uint32_t x, std::uint32_t y) {
    if (lex_less(d[x], d[y])) return true;
    if (lex_less(d[y], d[x])) return false;
    return x < y;
  });
  keep.erase(std::unique(keep.begin(), keep.end(),
                         [&](std::uint32_t x, std::uint32_t y) { return d[x] == d[y]; }),
             keep.end());
  if (keep.size() < 4) return fallback(HullSource::qhull_refused);
  if (path == DifferencePath::automatic && keep.size() <= kDifferenceExactMax) {
    // The exact incremental hull of the kept points: conv(kept) = conv(d) by section 1, and the
    // result needs no certificate. Renumbered through `keep` sorted ascending, an increasing map,
    // which preserves hull3.hpp's conventions (sorted vertex lists, facets starting at their
    // smallest index, facets sorted); among coincident kept points hull3_exact keeps the smallest
    // index, and no vertex of D has a coincident entry anyway (section 1).
    std::sort(keep.begin(), keep.end());
    thread_local std::vector<ExactPoint3> sub;
    sub.clear();
    for (const std::uint32_t k : keep) sub.push_back(d[k]);
    const impl::DiffKernel K{
        a, b, d, a_hull.vertices, b_hull.vertices, static_cast<std::uint32_t>(nb), &stats.stages};
    impl::DiffExactKernel kernel{sub, keep, &K, &stats.stages, {0, 0, 0}};
    for (const ExactPoint3& q : sub) {
      kernel.cmax[0] = std::max(kernel.cmax[0], std::fabs(q.x.hi));
      kernel.cmax[1] = std::max(kernel.cmax[1], std::fabs(q.y.hi));
      kernel.cmax[2] = std::max(kernel.cmax[2], std::fabs(q.z.hi));
    }
    // hull3_exact's algorithm without its prefilter (the kept points are nearly all vertices).
    Hull3 h = detail::hull3_impl::incremental_hull3(kernel);
    for (std::uint32_t& v : h.vertices) v = keep[v];
    for (auto& f : h.facets)
      for (std::uint32_t& v : f) v = keep[v];
    h.source = HullSource::exact_only;
    h.in_expansion_domain = true;
    ++stats.by_source[static_cast<int>(h.source)];
    trace.exact_path = true;
    return h;
  }
  trace.proposed = keep.size();

  // 2. Qhull's proposal, read as hull3_qhull_certified reads it (hull3.cpp), with the
  // orientations of section 2.
  const impl::DiffKernel K{
      a, b, d, a_hull.vertices, b_hull.vertices, static_cast<std::uint32_t>(nb), &stats.stages};
  thread_local detail::Qhull3Proposer proposer;
  thread_local detail::Qhull3Facets proposal;
  thread_local std::vector<double> coords;
  coords.resize(3 * keep.size());
  for (std::size_t i = 0; i < keep.size(); ++i) {
    coords[3 * i] = d[keep[i]].x.hi;
    coords[3 * i + 1] = d[keep[i]].y.hi;
    coords[3 * i + 2] = d[keep[i]].z.hi;
  }
  int code = 0;
  if (!proposer.propose(coords, proposal, code, stats.last_qhull_error))
    return fallback(HullSource::qhull_refused);
  trace.facets = proposal.size();

  Hull3 h;
  h.dimension = 3;
  h.in_expansion_domain = true;
  bool repaired = false;
  {
    std::vector<std::uint32_t> cand;
    for (const int id : proposal.ids) cand.push_back(keep[static_cast<std::size_t>(id)]);
    std::sort(cand.begin(), cand.end());
    cand.erase(std::unique(cand.begin(), cand.end()), cand.end());
    std::uint32_t tet[4];
    if (cand.empty() || !impl::find_tetrahedron(K, cand, tet))
      return fallback(HullSource::qhull_repaired);
    if (!detail::hull3_impl::faces_from_qhull_triangles(
            proposal, keep, d, tet,
            [&](std::uint32_t i, std::uint32_t j, std::uint32_t k, std::uint32_t l) {
              return K.orient(i, j, k, l);
            },
            [&](std::uint32_t x, std::uint32_t y, std::uint32_t z) { return K.collinear(x, y, z); },
            h.facets, repaired))
      return fallback(HullSource::qhull_repaired);
  }

  // 3. The certificate.
  if (!impl::certify(K, h.facets)) return fallback(HullSource::qhull_repaired);
  trace.certificate_passed = true;
  std::sort(h.facets.begin(), h.facets.end());
  for (const auto& f : h.facets) h.vertices.insert(h.vertices.end(), f.begin(), f.end());
  std::sort(h.vertices.begin(), h.vertices.end());
  h.vertices.erase(std::unique(h.vertices.begin(), h.vertices.end()), h.vertices.end());
  h.source = repaired ? HullSource::qhull_repaired : HullSource::qhull_certified;
  ++stats.by_source[static_cast<int>(h.source)];
  return h;
}

}  // namespace detail

Hull3 hull3_difference_certified(std::span<const ExactPoint3> a, const Hull3& a_hull,
                                 std::span<const ExactPoint3> b, const Hull3& b_hull,
                                 std::span<const ExactPoint3> d, HullStats& stats) {
  return detail::hull3_difference(a, a_hull, b, b_hull, d, stats,
                                  detail::DifferencePath::automatic);
}

}  // namespace minkowski::reference
