// hull3_qhull_certified (hull3.hpp): prefilter, Qhull's proposal, the exact certificate
// (hull3_certify.hpp), hull3_exact when Qhull refuses or the certificate fails.
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "hull3_certify.hpp"
#include "hull3_incremental.hpp"
#include "hull3_plane.hpp"
#include "hull3_qhull_triangles.hpp"
#include "qhull3_proposer.hpp"

namespace minkowski::reference {

namespace detail {

namespace {

void coord_max_abs(std::span<const ExactPoint3> pts, std::span<const std::uint32_t> idx,
                   double cmax[3]) {
  cmax[0] = cmax[1] = cmax[2] = 0;
  for (const std::uint32_t i : idx) {
    cmax[0] = std::max(cmax[0], std::fabs(pts[i].x.hi));
    cmax[1] = std::max(cmax[1], std::fabs(pts[i].y.hi));
    cmax[2] = std::max(cmax[2], std::fabs(pts[i].z.hi));
  }
}

/// Four affinely independent points among `cand` (the first p0, p1 != p0, p2 off their line, p3
/// off their plane), or false.
bool find_tetrahedron(std::span<const ExactPoint3> pts, std::span<const std::uint32_t> cand,
                      bool expansions, StageCounts& counts, std::uint32_t t[4]) {
  std::size_t i = 1;
  t[0] = cand[0];
  while (i < cand.size() && pts[cand[i]] == pts[t[0]]) ++i;
  if (i == cand.size()) return false;
  t[1] = cand[i++];
  while (i < cand.size() && collinear3(pts[t[0]], pts[t[1]], pts[cand[i]], expansions, counts)) ++i;
  if (i == cand.size()) return false;
  t[2] = cand[i++];
  while (i < cand.size() &&
         orient3d_sign(pts[t[0]], pts[t[1]], pts[t[2]], pts[cand[i]], expansions, counts) == 0)
    ++i;
  if (i == cand.size()) return false;
  t[3] = cand[i];
  return true;
}

thread_local const char* certify_failure = "";

}  // namespace

const char* last_certify_failure() { return certify_failure; }

bool certify_hull3(std::span<const ExactPoint3> pts, std::span<const std::uint32_t> check,
                   const std::vector<std::vector<std::uint32_t>>& facets, bool expansions,
                   StageCounts& counts) {
  auto fail = [](const char* why) {
    certify_failure = why;
    return false;
  };
  certify_failure = "";
  const std::size_t n = pts.size();
  auto orient = [&](std::uint32_t a, std::uint32_t b, std::uint32_t c, std::uint32_t d) {
    return orient3d_sign(pts[a], pts[b], pts[c], pts[d], expansions, counts);
  };
  // Shape: at least 4 facets of at least 3 distinct in-range vertices.
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
  // Apex candidates: a tetrahedron of facet vertices; each facet takes the first one off its
  // plane, which must lie strictly on its inner side (checked points include it below anyway).
  std::uint32_t tet[4];
  if (!find_tetrahedron(pts, verts, expansions, counts, tet)) return fail("no tetrahedron");
  thread_local std::vector<std::uint32_t> apex;
  apex.assign(facets.size(), 0);
  for (std::size_t k = 0; k < facets.size(); ++k) {
    const auto& f = facets[k];
    int s = 0, t = 0;
    for (; t < 4 && s == 0; ++t) s = orient(f[0], f[1], f[2], tet[t]);
    if (s >= 0)
      return fail("facet apex: collinear or outside");  // f0 f1 f2 collinear, or a vertex outside
    const std::uint32_t e = tet[t - 1];
    apex[k] = e;
    const std::size_t m = f.size();
    for (std::size_t i = 3; i < m; ++i)  // coplanar
      if (orient(f[0], f[1], f[2], f[i]) != 0) return fail("not coplanar");
    if (m > 3)  // strictly convex, counter-clockwise from outside: all others left of each edge
      for (std::size_t i = 0; i < m; ++i)
        for (std::size_t j = 0; j < m; ++j)
          if (j != i && j != (i + 1) % m && orient(f[i], f[(i + 1) % m], f[j], e) >= 0)
            return fail("not strictly convex");
  }
  // Closed oriented surface: each directed edge once, its reverse once; strictly convex edges.
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
    if (e.u > e.v) continue;  // each undirected edge once
    const auto it = std::lower_bound(edges.begin(), edges.end(), Edge{e.v, e.u, 0, 0});
    if (it == edges.end() || it->u != e.v || it->v != e.u) return fail("unmatched edge");
    const auto& f = facets[e.facet];
    const auto& g = facets[it->facet];
    if (it->facet == e.facet) return fail("edge within one facet");
    const std::uint32_t w = g[(it->pos + 2) % g.size()];  // g: ..., v, u, w, ...
    if (orient(f[0], f[1], f[2], w) >= 0) return fail("edge not convex");
  }
  // Every checked point inside or on every facet's plane, and inside or on the facet if on it.
  double cmax[3];
  coord_max_abs(pts, check, cmax);
  thread_local std::vector<std::uint8_t> on_facet;
  on_facet.assign(n, 0);
  for (std::size_t k = 0; k < facets.size(); ++k) {
    const auto& f = facets[k];
    for (const std::uint32_t v : f) on_facet[v] = 1;
    const PlaneFilter3 plane = make_plane_filter(pts[f[0]], pts[f[1]], pts[f[2]], cmax);
    std::uint64_t decided = 0;
    for (const std::uint32_t p : check) {
      if (on_facet[p]) continue;
      int s = plane.sign(pts[p]);
      decided += s != 0;
      if (s < 0) continue;
      if (s == 0) s = orient(f[0], f[1], f[2], p);
      if (s > 0) return fail("point outside a plane");
      if (s == 0)
        for (std::size_t i = 0; i < f.size(); ++i)
          if (orient(f[i], f[(i + 1) % f.size()], p, apex[k]) > 0)
            return fail("point on a plane outside its facet");
    }
    for (const std::uint32_t v : f) on_facet[v] = 0;
    counts.decided[static_cast<int>(Stage::filter)] += decided;
  }
  return true;
}

bool certify_hull3(std::span<const ExactPoint3> points,
                   const std::vector<std::vector<std::uint32_t>>& facets, StageCounts& counts) {
  std::vector<std::uint32_t> all(points.size());
  std::iota(all.begin(), all.end(), 0u);
  bool expansions = true;
  for (const ExactPoint3& p : points) expansions = expansions && in_expansion_domain3(p);
  return certify_hull3(points, all, facets, expansions, counts);
}

namespace {
thread_local Hull3QhullTrace hull3_trace;
}  // namespace

const Hull3QhullTrace& last_hull3_qhull_trace() { return hull3_trace; }

namespace {

/// Exact lexicographic order of the coordinates rotated by `axis` (0: x, y, z; 1: y, z, x;
/// 2: z, x, y).
bool lex_less_rotated(const ExactPoint3& p, const ExactPoint3& q, int axis) {
  const ExactCoord* a[3] = {&p.x, &p.y, &p.z};
  const ExactCoord* b[3] = {&q.x, &q.y, &q.z};
  for (int k = 0; k < 3; ++k) {
    const ExactCoord& u = *a[(axis + k) % 3];
    const ExactCoord& v = *b[(axis + k) % 3];
    if (u.hi != v.hi) return u.hi < v.hi;
    if (u.lo != v.lo) return u.lo < v.lo;
  }
  return false;
}

/// The prefilter: the extreme points along ±x, ±y, ±z (exact, ties broken lexicographically)
/// span up to four tetrahedra (x_min, x_max, e_k, e_k+1) around the x axis, e = (y_max, z_max,
/// y_min, z_min). A point strictly inside one of them (its four face tests decided strictly
/// negative by the filter) is strictly inside the hull, so it is never a vertex and certifying
/// the hull of the others covers it. Undecided tests keep the point: keeping is always safe.
/// Returns the kept indices.
}  // namespace

void hull3_prefilter(std::span<const ExactPoint3> pts, bool expansions, StageCounts& counts,
                     std::vector<std::uint32_t>& keep) {
  const std::uint32_t n = static_cast<std::uint32_t>(pts.size());
  std::uint32_t ext[6] = {0, 0, 0, 0, 0, 0};  // max x, min x, max y, min y, max z, min z
  for (std::uint32_t i = 1; i < n; ++i)
    for (int axis = 0; axis < 3; ++axis) {
      if (lex_less_rotated(pts[ext[2 * axis]], pts[i], axis)) ext[2 * axis] = i;
      if (lex_less_rotated(pts[i], pts[ext[2 * axis + 1]], axis)) ext[2 * axis + 1] = i;
    }
  double cmax[3];
  cmax[0] = cmax[1] = cmax[2] = 0;
  for (const ExactPoint3& p : pts) {
    cmax[0] = std::max(cmax[0], std::fabs(p.x.hi));
    cmax[1] = std::max(cmax[1], std::fabs(p.y.hi));
    cmax[2] = std::max(cmax[2], std::fabs(p.z.hi));
  }
  PlaneFilter3 planes[4][4];
  int tetras = 0;
  const std::uint32_t ring[4] = {ext[2], ext[4], ext[3], ext[5]};
  for (int k = 0; k < 4; ++k) {
    std::uint32_t a = ext[1], b = ext[0], c = ring[k], d = ring[(k + 1) % 4];
    const int s = orient3d_sign(pts[a], pts[b], pts[c], pts[d], expansions, counts);
    if (s == 0) continue;
    if (s > 0) std::swap(b, c);  // now orient(a, b, c, d) < 0: outward faces as below
    const std::uint32_t faces[4][3] = {{a, b, c}, {a, d, b}, {b, d, c}, {a, c, d}};
    for (int f = 0; f < 4; ++f)
      planes[tetras][f] =
          make_plane_filter(pts[faces[f][0]], pts[faces[f][1]], pts[faces[f][2]], cmax);
    ++tetras;
  }
  keep.clear();
  for (std::uint32_t i = 0; i < n; ++i) {
    bool inside = false;
    for (int t = 0; t < tetras && !inside; ++t)
      inside = planes[t][0].sign(pts[i]) < 0 && planes[t][1].sign(pts[i]) < 0 &&
               planes[t][2].sign(pts[i]) < 0 && planes[t][3].sign(pts[i]) < 0;
    if (!inside) keep.push_back(i);
  }
}

}  // namespace detail

Hull3 hull3_qhull_certified(std::span<const ExactPoint3> points, HullStats& stats) {
  thread_local detail::Qhull3Proposer proposer;
  thread_local detail::Qhull3Facets proposal;
  thread_local std::vector<double> coords;
  thread_local std::vector<std::uint32_t> keep;
  detail::Hull3QhullTrace& trace = detail::hull3_trace;
  trace = {};
  trace.input = points.size();

  bool expansions = true;
  for (const ExactPoint3& p : points) expansions = expansions && in_expansion_domain3(p);
  auto fallback = [&](HullSource why) {
    Hull3 r = hull3_exact(points, stats.stages);
    r.source = why;
    ++stats.by_source[static_cast<int>(why)];
    return r;
  };
  // Outside the expansion domain Qhull's doubles may underflow or overflow (and the hull is
  // rare there): the exact hull alone, as in 2D.
  if (!expansions) return fallback(HullSource::exact_only);
  if (points.size() < 4) return fallback(HullSource::qhull_refused);  // Qhull needs 4 (QH6214)

  detail::hull3_prefilter(points, true, stats.stages, keep);
  trace.prefilter_dropped = points.size() - keep.size();
  // Coincident points: the smallest index represents them (hull3.hpp), so only it is proposed.
  std::sort(keep.begin(), keep.end(), [&](std::uint32_t a, std::uint32_t b) {
    if (lex_less(points[a], points[b])) return true;
    if (lex_less(points[b], points[a])) return false;
    return a < b;
  });
  keep.erase(std::unique(keep.begin(), keep.end(),
                         [&](std::uint32_t a, std::uint32_t b) { return points[a] == points[b]; }),
             keep.end());
  trace.proposed = keep.size();
  if (keep.size() < 4) return fallback(HullSource::qhull_refused);
  coords.resize(3 * keep.size());
  for (std::size_t i = 0; i < keep.size(); ++i) {
    coords[3 * i] = points[keep[i]].x.hi;
    coords[3 * i + 1] = points[keep[i]].y.hi;
    coords[3 * i + 2] = points[keep[i]].z.hi;
  }
  int code = 0;
  if (!proposer.propose(coords, proposal, code, stats.last_qhull_error))
    return fallback(HullSource::qhull_refused);
  trace.facets = proposal.size();

  // Read the proposal (src/hull3_qhull_triangles.hpp); the certificate then checks the result
  // from scratch.
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
    if (cand.empty() || !detail::find_tetrahedron(points, cand, true, stats.stages, tet))
      return fallback(HullSource::qhull_repaired);
    auto orient = [&](std::uint32_t i, std::uint32_t j, std::uint32_t k, std::uint32_t l) {
      return orient3d_sign(points[i], points[j], points[k], points[l], true, stats.stages);
    };
    auto collinear = [&](std::uint32_t i, std::uint32_t j, std::uint32_t k) {
      return collinear3(points[i], points[j], points[k], true, stats.stages);
    };
    if (!detail::hull3_impl::faces_from_qhull_triangles(proposal, keep, points, tet, orient,
                                                        collinear, h.facets, repaired))
      return fallback(HullSource::qhull_repaired);
  }
  if (!detail::certify_hull3(points, keep, h.facets, true, stats.stages))
    return fallback(HullSource::qhull_repaired);
  trace.certificate_passed = true;
  trace.flipped = repaired;
  std::sort(h.facets.begin(), h.facets.end());
  for (const auto& f : h.facets) h.vertices.insert(h.vertices.end(), f.begin(), f.end());
  std::sort(h.vertices.begin(), h.vertices.end());
  h.vertices.erase(std::unique(h.vertices.begin(), h.vertices.end()), h.vertices.end());
  h.source = repaired ? HullSource::qhull_repaired : HullSource::qhull_certified;
  ++stats.by_source[static_cast<int>(h.source)];
  return h;
}

}  // namespace minkowski::reference
