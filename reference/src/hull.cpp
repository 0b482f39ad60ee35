#include "minkowski/reference/hull.hpp"

#include <algorithm>
#include <numeric>

#include "qhull_proposer.hpp"

namespace minkowski::reference {

namespace {

bool all_in_domain(std::span<const ExactPoint> pts) {
  for (const ExactPoint& p : pts)
    if (!in_expansion_domain(p)) return false;
  return true;
}

/// Monotone chain over `order` (indices into pts, sorted lexicographically, exact duplicates
/// removed). Pops on orientation <= 0, so the result is strictly convex.
std::vector<std::uint32_t> chain(std::span<const ExactPoint> pts,
                                 const std::vector<std::uint32_t>& order, bool expansions,
                                 StageCounts& counts) {
  const std::size_t n = order.size();
  if (n <= 2) return order;
  std::vector<std::uint32_t> h(2 * n);
  std::size_t k = 0;
  auto turn = [&](std::uint32_t a, std::uint32_t b, std::uint32_t c) {
    return orient_sign(pts[a], pts[b], pts[c], expansions, counts);
  };
  for (std::size_t i = 0; i < n; ++i) {
    while (k >= 2 && turn(h[k - 2], h[k - 1], order[i]) <= 0) --k;
    h[k++] = order[i];
  }
  for (std::size_t i = n - 1, lower = k + 1; i-- > 0;) {
    while (k >= lower && turn(h[k - 2], h[k - 1], order[i]) <= 0) --k;
    h[k++] = order[i];
  }
  h.resize(k - 1);
  return h;
}

std::vector<std::uint32_t> sorted_unique(std::span<const ExactPoint> pts,
                                         std::vector<std::uint32_t> idx) {
  std::sort(idx.begin(), idx.end(),
            [&](std::uint32_t a, std::uint32_t b) { return lex_less(pts[a], pts[b]); });
  idx.erase(std::unique(idx.begin(), idx.end(),
                        [&](std::uint32_t a, std::uint32_t b) { return pts[a] == pts[b]; }),
            idx.end());
  return idx;
}

}  // namespace

HullResult hull_exact(std::span<const ExactPoint> points, StageCounts& counts) {
  std::vector<std::uint32_t> idx(points.size());
  std::iota(idx.begin(), idx.end(), 0u);
  HullResult r;
  r.vertices = chain(points, sorted_unique(points, std::move(idx)), all_in_domain(points), counts);
  r.source = HullSource::exact_only;
  return r;
}

HullResult hull_qhull_certified(std::span<const ExactPoint> points, HullStats& stats) {
  thread_local detail::QhullProposer proposer;
  thread_local std::vector<double> coords;
  thread_local std::vector<int> ids;

  const bool expansions = all_in_domain(points);
  auto fallback = [&](HullSource why) {
    HullResult r = hull_exact(points, stats.stages);
    r.source = why;
    ++stats.by_source[static_cast<int>(why)];
    return r;
  };
  if (!expansions) return fallback(HullSource::exact_only);
  if (points.size() < 3) {
    // Qhull refuses fewer than 3 points (QH6214); not worth a call.
    return fallback(HullSource::qhull_refused);
  }

  coords.resize(2 * points.size());
  for (std::size_t i = 0; i < points.size(); ++i) {
    coords[2 * i] = points[i].x.hi;
    coords[2 * i + 1] = points[i].y.hi;
  }
  int code = 0;
  if (!proposer.propose(coords, ids, code, stats.last_qhull_error))
    return fallback(HullSource::qhull_refused);

  // Order Qhull's proposal exactly; a proposal that is not strictly convex is rejected.
  std::vector<std::uint32_t> proposal(ids.begin(), ids.end());
  const std::size_t proposed = proposal.size();
  proposal = sorted_unique(points, std::move(proposal));
  std::vector<std::uint32_t> poly = chain(points, proposal, true, stats.stages);
  if (poly.size() < 3 || poly.size() != proposed) return fallback(HullSource::qhull_repaired);

  // Certify: every point lies in the closed left half-plane of every edge.
  const std::size_t h = poly.size();
  for (std::size_t e = 0; e < h; ++e) {
    const ExactPoint& a = points[poly[e]];
    const ExactPoint& b = points[poly[(e + 1) % h]];
    for (const ExactPoint& p : points)
      if (orient_sign(a, b, p, true, stats.stages) < 0) return fallback(HullSource::qhull_repaired);
  }
  ++stats.by_source[static_cast<int>(HullSource::qhull_certified)];
  return {std::move(poly), HullSource::qhull_certified};
}

HullResult hull_boundary_walk(std::span<const ExactPoint> points) {
  const std::size_t n = points.size();
  std::vector<RationalPoint> q(n);
  for (std::size_t i = 0; i < n; ++i) q[i] = to_rational(points[i]);
  auto orient = [&](std::size_t a, std::size_t b, std::size_t c) {
    const Rational det = (q[b].x - q[a].x) * (q[c].y - q[a].y) - (q[b].y - q[a].y) * (q[c].x - q[a].x);
    return det > 0 ? 1 : (det < 0 ? -1 : 0);
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
      if (next == n) { next = i; continue; }
      const int s = orient(current, next, i);
      if (s < 0 || (s == 0 && dist2(current, i) > dist2(current, next))) next = i;
    }
    if (next == n || q[next] == q[start]) break;  // single point, or the walk closed
    current = next;
  }
  return r;
}

}  // namespace minkowski::reference
