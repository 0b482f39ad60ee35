#include "minkowski/reference/hull.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "minkowski/fast/monotone_chain.hpp"
#include "qhull_proposer.hpp"

namespace minkowski::reference {

namespace {

bool all_in_domain(std::span<const ExactPoint> pts) {
  for (const ExactPoint& p : pts)
    if (!in_expansion_domain(p)) return false;
  return true;
}

/// The monotone chain's traits (minkowski/fast/monotone_chain.hpp) for indices into `pts`: exact
/// lexicographic order, and the staged exact orientation, whose stages are counted in `counts`.
/// `expansions` may be true only when every point is in the expansion domain (predicates.hpp).
struct ChainTraits {
  using Point = std::uint32_t;
  std::span<const ExactPoint> pts;
  bool expansions;
  StageCounts& counts;
  bool less(std::uint32_t a, std::uint32_t b) const { return lex_less(pts[a], pts[b]); }
  int orient(std::uint32_t a, std::uint32_t b, std::uint32_t c) const {
    return orient_sign_fast(pts[a], pts[b], pts[c], expansions, counts);
  }
};

/// `idx` sorted lexicographically, exact duplicates removed: the monotone chain's input.
std::vector<std::uint32_t> sorted_unique(std::vector<std::uint32_t> idx, const ChainTraits& t) {
  fast::sort_lexicographic(idx, t);
  idx.erase(std::unique(idx.begin(), idx.end(),
                        [&](std::uint32_t a, std::uint32_t b) { return t.pts[a] == t.pts[b]; }),
            idx.end());
  return idx;
}

/// Exact strictly convex hull of the points at `idx` (monotone_chain.hpp's contract).
std::vector<std::uint32_t> chain(std::vector<std::uint32_t> idx, const ChainTraits& t) {
  return fast::monotone_chain(sorted_unique(std::move(idx), t), t);
}

}  // namespace

HullResult hull_exact(std::span<const ExactPoint> points, StageCounts& counts) {
  std::vector<std::uint32_t> idx(points.size());
  std::iota(idx.begin(), idx.end(), 0u);
  HullResult r;
  r.in_expansion_domain = all_in_domain(points);
  r.vertices = chain(std::move(idx), {points, r.in_expansion_domain, counts});
  r.source = HullSource::exact_only;
  return r;
}

namespace {

/// Static orientation filter for points whose hi parts are all at most S in magnitude: by the
/// bound derived in predicates.hpp with every M <= 2S, |det − fl(det)| <= 8u·(4S² + 4S²).
double static_orient_bound(double max_abs) { return 64 * kUnitRoundoff * max_abs * max_abs; }

double orient_hi(const ExactPoint& a, const ExactPoint& b, const ExactPoint& p) {
  return (b.x.hi - a.x.hi) * (p.y.hi - a.y.hi) - (b.y.hi - a.y.hi) * (p.x.hi - a.x.hi);
}

/// Flags for n points, 1 at the listed indices: a per-thread scratch, valid until the next call on
/// the same thread (preselect() and the certification each use it once, one after the other).
const std::vector<std::uint8_t>& marked(std::size_t n, std::span<const std::uint32_t> indices) {
  thread_local std::vector<std::uint8_t> flags;
  flags.assign(n, 0);
  for (const std::uint32_t i : indices) flags[i] = 1;
  return flags;
}

/// Akl–Toussaint heuristic (Akl & Toussaint, "A fast convex hull algorithm", IPL 7(5), 1978):
/// the extreme points in eight directions span an octagon; points strictly inside it by more than
/// the static filter bound cannot be hull vertices. Returns the indices kept for Qhull.
std::vector<std::uint32_t> preselect(std::span<const ExactPoint> pts, double bound,
                                     StageCounts& counts) {
  // Extremes in the eight directions (1,0), (1,1), (0,1), (−1,1), (−1,0), (−1,−1), (0,−1), (1,−1),
  // i.e. the maxima and minima of x, x + y, y and y − x (the first point wins a tie, as a
  // maximum of the negated value would). Four sums per point instead of eight dot products.
  std::uint32_t ext[8] = {};
  double hi[4], lo[4];
  for (int k = 0; k < 4; ++k) hi[k] = -std::numeric_limits<double>::infinity(), lo[k] = -hi[k];
  for (std::uint32_t i = 0; i < pts.size(); ++i) {
    const double x = pts[i].x.hi, y = pts[i].y.hi;
    const double v[4] = {x, x + y, y, y - x};
    for (int k = 0; k < 4; ++k) {  // direction k is value k's maximum, direction k + 4 its minimum
      if (v[k] > hi[k]) {
        hi[k] = v[k];
        ext[k] = i;
      }
      if (v[k] < lo[k]) {
        lo[k] = v[k];
        ext[k + 4] = i;
      }
    }
  }
  std::uint32_t ring[8];
  int m = 0;
  for (int k = 0; k < 8; ++k)
    if (m == 0 || ext[k] != ring[m - 1]) ring[m++] = ext[k];
  while (m > 1 && ring[m - 1] == ring[0]) --m;
  // The ring must turn counter-clockwise (extremes in angular order do, unless degenerate).
  bool convex = m >= 3;
  for (int k = 0; k < m && convex; ++k)
    convex = orient_sign_fast(pts[ring[k]], pts[ring[(k + 1) % m]], pts[ring[(k + 2) % m]], true,
                              counts) > 0;
  std::vector<std::uint32_t> keep;
  keep.reserve(pts.size());
  if (!convex) {
    for (std::uint32_t i = 0; i < pts.size(); ++i) keep.push_back(i);
    return keep;
  }
  // The ring's edges, with the same operands orient_hi(a, b, p) uses, hoisted out of the loop.
  struct Edge {
    std::uint32_t a, b;
    double ax, ay, dx, dy;
  };
  Edge edges[8];
  for (int k = 0; k < m; ++k) {
    const ExactPoint& a = pts[ring[k]];
    const ExactPoint& b = pts[ring[(k + 1) % m]];
    edges[k] = {ring[k], ring[(k + 1) % m], a.x.hi, a.y.hi, b.x.hi - a.x.hi, b.y.hi - a.y.hi};
  }
  const std::vector<std::uint8_t>& on_ring =
      marked(pts.size(), std::span(ring, static_cast<std::size_t>(m)));
  for (std::uint32_t i = 0; i < pts.size(); ++i) {
    bool inside = !on_ring[i];
    // Discard points strictly inside the octagon, and points exactly on its boundary that are
    // not its vertices: such a point lies between two other points of the set on a segment of
    // the hull's interior or boundary, so it is never a strict hull vertex.
    const double px = pts[i].x.hi, py = pts[i].y.hi;
    for (int k = 0; k < m && inside; ++k) {
      const Edge& e = edges[k];
      const double det = e.dx * (py - e.ay) - e.dy * (px - e.ax);  // orient_hi(a, b, p)
      if (det > bound) continue;
      inside = det >= -bound && orient_sign_fast(pts[e.a], pts[e.b], pts[i], true, counts) >= 0;
    }
    if (!inside) keep.push_back(i);
  }
  return keep;
}

/// Certification of a proposed hull: true when every point of `subset` lies in the closed
/// polygon `poly` (indices into pts, strictly convex, counter-clockwise, at least 3 vertices),
/// i.e. in the closed left half-plane of every edge. `bound` is the static filter's bound for
/// these points (static_orient_bound).
///
/// Each point is located in the fan of triangles (poly[0], poly[k], poly[k+1]) by binary search,
/// O(log h) orientation tests instead of h: poly is strictly convex and counter-clockwise (the
/// chain pops on orientation <= 0), so seen from poly[0] the other vertices turn monotonically
/// through less than a half-turn, and p is in the closed polygon exactly when it is in the closed
/// cone at poly[0] and on the inner side of the fan triangle's far edge (an edge-by-edge pass
/// would make subset·h tests, which the large-polygon families feel). The static filter decides
/// almost every test; the staged exact predicate takes the rest.
bool contains_all(std::span<const ExactPoint> pts, const std::vector<std::uint32_t>& poly,
                  const std::vector<std::uint32_t>& subset, double bound, StageCounts& counts) {
  auto orient = [&](std::uint32_t ia, std::uint32_t ib, std::uint32_t ic) {
    const double det = orient_hi(pts[ia], pts[ib], pts[ic]);
    if (det > bound) {
      counts.add(Stage::filter);
      return 1;
    }
    if (det < -bound) {
      counts.add(Stage::filter);
      return -1;
    }
    return orient_sign_fast(pts[ia], pts[ib], pts[ic], true, counts);
  };
  // The polygon's own vertices are skipped: a vertex lies on the fan's rays, where the filter
  // cannot decide and every test would go to the exact stage.
  const std::size_t h = poly.size();
  const std::uint32_t apex = poly[0];
  const std::vector<std::uint8_t>& is_vertex = marked(pts.size(), poly);
  for (const std::uint32_t i : subset) {
    if (is_vertex[i]) continue;
    if (orient(apex, poly[1], i) < 0 || orient(apex, poly[h - 1], i) > 0) return false;
    // invariant: orient(apex, poly[lo], p) >= 0 >= orient(apex, poly[hi], p)
    std::size_t lo = 1, hi = h - 1;
    while (hi - lo > 1) {
      const std::size_t mid = lo + (hi - lo) / 2;
      if (orient(apex, poly[mid], i) >= 0)
        lo = mid;
      else
        hi = mid;
    }
    if (orient(poly[lo], poly[hi], i) < 0) return false;
  }
  return true;
}

}  // namespace

HullResult hull_qhull_certified(std::span<const ExactPoint> points, HullStats& stats) {
  thread_local detail::QhullProposer proposer;
  thread_local std::vector<double> coords;
  thread_local std::vector<int> ids;

  // One pass: the expansion domain (else the exact chain on rationals) and the filter's scale.
  bool expansions = true;
  double max_abs = 0;
  for (const ExactPoint& p : points) {
    expansions &= in_expansion_domain(p);
    max_abs = std::max({max_abs, std::fabs(p.x.hi), std::fabs(p.y.hi)});
  }
  auto fallback = [&](HullSource why) {
    HullResult r = hull_exact(points, stats.stages);
    r.source = why;
    ++stats.by_source[static_cast<int>(why)];
    return r;
  };
  if (!expansions) return fallback(HullSource::exact_only);

  const double bound = static_orient_bound(max_abs);
  const std::vector<std::uint32_t> subset = preselect(points, bound, stats.stages);
  if (subset.size() < 3) {
    // Qhull refuses fewer than 3 points (QH6214); not worth a call.
    return fallback(HullSource::qhull_refused);
  }
  coords.resize(2 * subset.size());
  for (std::size_t i = 0; i < subset.size(); ++i) {
    coords[2 * i] = points[subset[i]].x.hi;
    coords[2 * i + 1] = points[subset[i]].y.hi;
  }
  int code = 0;
  if (!proposer.propose(coords, ids, code, stats.last_qhull_error))
    return fallback(HullSource::qhull_refused);

  // Order Qhull's proposal exactly; a proposal that is not strictly convex is rejected.
  std::vector<std::uint32_t> proposal;
  proposal.reserve(ids.size());
  for (const int id : ids) proposal.push_back(subset[static_cast<std::size_t>(id)]);
  const std::size_t proposed = proposal.size();
  std::vector<std::uint32_t> poly = chain(std::move(proposal), {points, true, stats.stages});
  if (poly.size() < 3 || poly.size() != proposed) return fallback(HullSource::qhull_repaired);

  // Certify: every kept point lies in the closed polygon. The points that preselect() discarded
  // need no test: they lie in the closed octagon of kept extreme points, which the certified
  // convex polygon contains.
  if (!contains_all(points, poly, subset, bound, stats.stages))
    return fallback(HullSource::qhull_repaired);
  ++stats.by_source[static_cast<int>(HullSource::qhull_certified)];
  return {std::move(poly), HullSource::qhull_certified, true};
}

HullResult hull_boundary_walk(std::span<const ExactPoint> points) {
  const std::size_t n = points.size();
  std::vector<RationalPoint> q(n);
  for (std::size_t i = 0; i < n; ++i) q[i] = to_rational(points[i]);
  auto orient = [&](std::size_t a, std::size_t b, std::size_t c) {
    return orient_sign_rational(q[a], q[b], q[c]);
  };
  auto dist2 = [&](std::size_t a, std::size_t b) {
    const Rational dx = q[b].x - q[a].x, dy = q[b].y - q[a].y;
    return dx * dx + dy * dy;
  };
  std::size_t start = 0;
  for (std::size_t i = 1; i < n; ++i)
    if (q[i].x < q[start].x || (q[i].x == q[start].x && q[i].y < q[start].y)) start = i;

  HullResult r;
  r.source = HullSource::exact_only;
  std::size_t current = start;
  // Each step adds a distinct hull vertex, so n + 1 steps bound the walk.
  for (std::size_t step = 0; step <= n; ++step) {
    r.vertices.push_back(static_cast<std::uint32_t>(current));
    std::size_t next = n;
    for (std::size_t i = 0; i < n; ++i) {
      if (q[i] == q[current]) continue;
      if (next == n) {
        next = i;
        continue;
      }
      const int s = orient(current, next, i);
      if (s < 0 || (s == 0 && dist2(current, i) > dist2(current, next))) next = i;
    }
    if (next == n || q[next] == q[start]) break;  // single point, or the walk closed
    current = next;
  }
  return r;
}

}  // namespace minkowski::reference
