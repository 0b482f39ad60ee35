// hull3_brute_force (hull3.hpp): the definition of the hull, evaluated literally in rationals,
// sharing no code with hull3_exact or the certificate. A face is the set of points on a plane
// through three of them with every point on one side; its corners are the points a with a
// neighbour b such that every other point of the face lies strictly left of a → b (seen from
// outside) or on the segment [a, b]. O(n^4).
#include <algorithm>
#include <set>

#include "minkowski/reference/hull3.hpp"

namespace minkowski::reference {

namespace {

struct BruteVec {
  Rational x, y, z;
};
BruteVec brute_sub(const RationalPoint3& a, const RationalPoint3& b) {
  return {a.x - b.x, a.y - b.y, a.z - b.z};
}
BruteVec brute_cross(const BruteVec& u, const BruteVec& v) {
  return {u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x};
}
Rational brute_dot(const BruteVec& u, const BruteVec& v) {
  return u.x * v.x + u.y * v.y + u.z * v.z;
}
bool brute_zero(const BruteVec& u) { return u.x == 0 && u.y == 0 && u.z == 0; }
bool brute_lex_less(const RationalPoint3& a, const RationalPoint3& b) {
  if (a.x != b.x) return a.x < b.x;
  if (a.y != b.y) return a.y < b.y;
  return a.z < b.z;
}

/// The corners of the planar point set `face` (indices into p, all on one plane with normal
/// `normal`), counter-clockwise seen from the side `normal` points to, starting at the smallest
/// index.
std::vector<std::uint32_t> brute_polygon(std::span<const RationalPoint3> p,
                                         const std::vector<std::uint32_t>& face,
                                         const BruteVec& normal) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;
  for (const std::uint32_t a : face)
    for (const std::uint32_t b : face) {
      if (a == b) continue;
      const BruteVec ab = brute_sub(p[b], p[a]);
      bool edge = true;
      for (const std::uint32_t c : face) {
        if (c == a || c == b) continue;
        const Rational s = brute_dot(brute_cross(ab, brute_sub(p[c], p[a])), normal);
        if (s < 0) edge = false;
        // On the line: must lie between a and b.
        if (s == 0 &&
            (brute_dot(brute_sub(p[c], p[a]), ab) < 0 || brute_dot(brute_sub(p[c], p[b]), ab) > 0))
          edge = false;
        if (!edge) break;
      }
      if (edge) edges.emplace_back(a, b);
    }
  std::vector<std::uint32_t> poly;
  if (edges.empty()) return poly;
  std::uint32_t start = edges[0].first;
  for (const auto& e : edges) start = std::min(start, e.first);
  std::uint32_t v = start;
  for (std::size_t s = 0; s < edges.size(); ++s) {  // each edge at most once
    poly.push_back(v);
    std::uint32_t next = v;
    for (const auto& e : edges)
      if (e.first == v) next = e.second;
    v = next;
    if (v == start) break;
  }
  return poly;
}

}  // namespace

Hull3 hull3_brute_force(std::span<const RationalPoint3> points) {
  const std::uint32_t n = static_cast<std::uint32_t>(points.size());
  // Representatives: the smallest index of each set of coincident points.
  std::vector<std::uint32_t> reps;
  for (std::uint32_t i = 0; i < n; ++i) {
    bool first = true;
    for (std::uint32_t j = 0; j < i && first; ++j) first = !(points[j] == points[i]);
    if (first) reps.push_back(i);
  }
  Hull3 h;
  h.source = HullSource::exact_only;
  const RationalPoint3& o = points[reps[0]];
  if (reps.size() == 1) {
    h.dimension = 0;
    h.vertices = {reps[0]};
    return h;
  }
  const BruteVec u = brute_sub(points[reps[1]], o);
  BruteVec normal{0, 0, 0};
  for (const std::uint32_t r : reps) {
    normal = brute_cross(u, brute_sub(points[r], o));
    if (!brute_zero(normal)) break;
  }
  if (brute_zero(normal)) {
    h.dimension = 1;
    std::uint32_t lo = reps[0], hi = reps[0];
    for (const std::uint32_t r : reps) {
      if (brute_lex_less(points[r], points[lo])) lo = r;
      if (brute_lex_less(points[hi], points[r])) hi = r;
    }
    h.vertices = {std::min(lo, hi), std::max(lo, hi)};
    return h;
  }
  bool flat = true;
  for (const std::uint32_t r : reps) flat = flat && brute_dot(normal, brute_sub(points[r], o)) == 0;
  if (flat) {
    h.dimension = 2;
    std::vector<std::uint32_t> poly = brute_polygon(points, reps, normal);
    // From the smallest index towards its smaller-indexed neighbour.
    const std::size_t m = poly.size();
    if (m >= 3 && poly[m - 1] < poly[1]) std::reverse(poly.begin() + 1, poly.end());
    h.vertices = poly;
    std::sort(h.vertices.begin(), h.vertices.end());
    h.facets = {poly};
    return h;
  }
  h.dimension = 3;
  std::set<std::vector<std::uint32_t>> seen;
  std::set<std::uint32_t> corners;
  for (std::size_t a = 0; a < reps.size(); ++a)
    for (std::size_t b = a + 1; b < reps.size(); ++b)
      for (std::size_t c = b + 1; c < reps.size(); ++c) {
        const RationalPoint3& pa = points[reps[a]];
        BruteVec nv = brute_cross(brute_sub(points[reps[b]], pa), brute_sub(points[reps[c]], pa));
        if (brute_zero(nv)) continue;
        bool pos = false, neg = false;
        std::vector<std::uint32_t> on;
        for (const std::uint32_t r : reps) {
          const Rational s = brute_dot(nv, brute_sub(points[r], pa));
          pos = pos || s > 0;
          neg = neg || s < 0;
          if (s == 0) on.push_back(r);
        }
        if (pos && neg) continue;
        if (!seen.insert(on).second) continue;
        if (pos) nv = {-nv.x, -nv.y, -nv.z};  // outward: every point on the non-positive side
        std::vector<std::uint32_t> poly = brute_polygon(points, on, nv);
        corners.insert(poly.begin(), poly.end());
        h.facets.push_back(std::move(poly));
      }
  std::sort(h.facets.begin(), h.facets.end());
  h.vertices.assign(corners.begin(), corners.end());
  return h;
}

}  // namespace minkowski::reference
