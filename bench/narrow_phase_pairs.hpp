#pragma once
// Populations of the side-by-side narrow-phase benchmark (minkowski_bench, the instruction-count
// driver and alloc_check): seeded random convex polygon pairs, classified by an independent
// brute-force signed distance, so every engine and every executable sees the same pairs.
//
// Polygons: random_convex (pairs.hpp) with 3–8 vertices and size ~1, coordinates rounded to float
// so that Box2D (which computes in float) and minkowski (double) get exactly the same polygons.
// Polygons that Box2D's b2PolygonShape::Set would change are redrawn: a vertex pair closer than
// 0.5 · b2_linearSlop (Box2D welds those) or a vertex our hull drops.
//
// Populations (signed distance sd: > 0 gap, < 0 penetration depth, of the polygons without skin):
//   separated     sd >  kContactBand
//   overlapping   sd < −kContactBand
//   near_contact  |sd| <= kContactBand, half with sd > 0 and half with sd <= 0
// kContactBand = 0.05 is 2.5× Box2D's total skin (2 · b2_polygonRadius = 0.02), so on the first
// two populations Box2D's skin cannot change any answer.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "minkowski/fast/shape.hpp"
#include "minkowski/fast/vec2.hpp"
#include "pairs.hpp"

namespace minkowski::bench {

using P2 = fast::Vec2<double>;
using Poly = std::vector<P2>;

enum class Population { separated, overlapping, near_contact };
inline constexpr std::array<Population, 3> kPopulations = {
    Population::separated, Population::overlapping, Population::near_contact};

inline const char* name(Population p) {
  switch (p) {
    case Population::separated:
      return "separated";
    case Population::overlapping:
      return "overlapping";
    case Population::near_contact:
      return "near_contact";
  }
  return "?";
}

inline constexpr double kContactBand = 0.05;
/// Box2D's skin: b2_polygonRadius = 2 · b2_linearSlop = 0.01f per polygon (b2_common.h), as the
/// float value Box2D uses; a pair of polygons has twice that.
inline constexpr double kBox2dPolygonRadius = static_cast<double>(2.0f * 0.005f);
inline constexpr double kBox2dTotalRadius = 2 * kBox2dPolygonRadius;
/// Box2D welds points closer than 0.5 · b2_linearSlop in b2PolygonShape::Set.
inline constexpr double kBox2dWeld = 0.5 * 0.005;

struct PolyPair {
  Poly a, b;    ///< counter-clockwise hull vertices (as make_shape orders them)
  double sd{};  ///< brute-force signed distance
};

/// Brute-force signed distance of two convex counter-clockwise polygons: SAT over every face
/// normal (max gap; for polygons −max gap is the exact penetration depth), and when separated the
/// smallest vertex-to-edge distance. Independent of the library's algorithms; accurate to a few
/// ulps of the coordinates, which is plenty for classifying at ±kContactBand.
inline double brute_signed_distance(const Poly& p, const Poly& q) {
  auto faces_gap = [](const Poly& ref, const Poly& inc) {
    double best = -INFINITY;
    for (std::size_t i = 0; i < ref.size(); ++i) {
      const P2 e = ref[(i + 1) % ref.size()] - ref[i];
      const P2 n = (1.0 / std::hypot(e.x, e.y)) * P2{e.y, -e.x};
      double g = INFINITY;
      for (const P2& v : inc) g = std::min(g, fast::dot(n, v - ref[i]));
      best = std::max(best, g);
    }
    return best;
  };
  const double gap = std::max(faces_gap(p, q), faces_gap(q, p));
  if (gap <= 0) return gap;
  auto point_segment = [](P2 x, P2 s0, P2 s1) {
    const P2 d = s1 - s0;
    double t = fast::dot(x - s0, d) / fast::dot(d, d);
    t = std::clamp(t, 0.0, 1.0);
    const P2 c = s0 + t * d;
    return std::hypot(x.x - c.x, x.y - c.y);
  };
  double dist = INFINITY;
  for (std::size_t i = 0; i < p.size(); ++i)
    for (const P2& v : q) dist = std::min(dist, point_segment(v, p[i], p[(i + 1) % p.size()]));
  for (std::size_t i = 0; i < q.size(); ++i)
    for (const P2& v : p) dist = std::min(dist, point_segment(v, q[i], q[(i + 1) % q.size()]));
  return dist;
}

/// A random convex n-gon (3 <= n <= 8) around c, float-representable, that both make_shape and
/// b2PolygonShape::Set keep with all n vertices. Returned in make_shape's (ccw) order.
inline Poly random_small_polygon(std::mt19937_64& rng, P2 c) {
  std::uniform_int_distribution<int> count(3, 8);
  for (;;) {
    const int n = count(rng);
    Poly pts;
    for (const XY& v : random_convex(rng, n, c.x, c.y, 1.0))
      pts.push_back({static_cast<double>(static_cast<float>(v.x)),
                     static_cast<double>(static_cast<float>(v.y))});
    bool ok = true;
    for (int i = 0; i < n && ok; ++i)
      for (int j = i + 1; j < n && ok; ++j)
        ok = std::hypot(pts[i].x - pts[j].x, pts[i].y - pts[j].y) > 4 * kBox2dWeld;
    if (!ok) continue;
    auto s = fast::make_shape<double>(pts);
    if (!s || s.shape.size() != static_cast<std::size_t>(n)) continue;
    return Poly(s.shape.vertices().begin(), s.shape.vertices().end());
  }
}

/// `count` pairs of one population (count even), reproducible from `seed`.
inline std::vector<PolyPair> make_population(Population pop, std::size_t count,
                                             std::uint64_t seed = 20240601) {
  std::mt19937_64 rng(seed + static_cast<std::uint64_t>(pop));
  std::uniform_real_distribution<double> u(0, 1);
  std::vector<PolyPair> out;
  std::size_t pos = 0, neg = 0;  // near_contact halves
  while (out.size() < count) {
    const P2 ca{4 * u(rng) - 2, 4 * u(rng) - 2};
    // B's centre at a random direction and distance from A's; the range of distances favours the
    // population wanted (rejection below decides).
    const double ang = 2 * M_PI * u(rng);
    const double rho = pop == Population::overlapping ? 1.6 * u(rng)
                       : pop == Population::separated ? 1.0 + 3.0 * u(rng)
                                                      : 0.6 + 2.2 * u(rng);
    PolyPair pp;
    pp.a = random_small_polygon(rng, ca);
    pp.b = random_small_polygon(rng, {ca.x + rho * std::cos(ang), ca.y + rho * std::sin(ang)});
    pp.sd = brute_signed_distance(pp.a, pp.b);
    bool keep = false;
    switch (pop) {
      case Population::separated:
        keep = pp.sd > kContactBand;
        break;
      case Population::overlapping:
        keep = pp.sd < -kContactBand;
        break;
      case Population::near_contact:
        if (std::abs(pp.sd) <= kContactBand) {
          if (pp.sd > 0 && pos < count / 2) {
            keep = true;
            ++pos;
          }
          if (pp.sd <= 0 && neg < count / 2) {
            keep = true;
            ++neg;
          }
        }
        break;
    }
    if (keep) out.push_back(std::move(pp));
  }
  return out;
}

/// `count` pairs of random convex n-gons (n large: 256, 1024), centres 0–3 apart: a mix of
/// separated and overlapping pairs. Not classified (the brute force is O(n²)).
inline std::vector<PolyPair> make_large_pairs(int n, std::size_t count, std::uint64_t seed = 7) {
  std::mt19937_64 rng(seed + static_cast<std::uint64_t>(n));
  std::uniform_real_distribution<double> u(0, 1);
  std::vector<PolyPair> out;
  auto poly = [&](P2 c) {
    std::vector<P2> pts;
    for (const XY& v : random_convex(rng, n, c.x, c.y, 1.0)) pts.push_back({v.x, v.y});
    auto s = fast::make_shape<double>(pts);
    return Poly(s.shape.vertices().begin(), s.shape.vertices().end());
  };
  while (out.size() < count) {
    const P2 ca{4 * u(rng) - 2, 4 * u(rng) - 2};
    const double ang = 2 * M_PI * u(rng), rho = 3 * u(rng);
    PolyPair pp;
    pp.a = poly(ca);
    pp.b = poly({ca.x + rho * std::cos(ang), ca.y + rho * std::sin(ang)});
    pp.sd = NAN;
    out.push_back(std::move(pp));
  }
  return out;
}

struct ShapePair {
  fast::ConvexShape<double> a, b;
};

inline std::vector<ShapePair> to_shapes(const std::vector<PolyPair>& pairs) {
  std::vector<ShapePair> out;
  out.reserve(pairs.size());
  for (const PolyPair& p : pairs)
    out.push_back({fast::make_shape<double>(p.a).shape, fast::make_shape<double>(p.b).shape});
  return out;
}

}  // namespace minkowski::bench
