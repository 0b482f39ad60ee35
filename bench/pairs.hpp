#pragma once
// Shared benchmark populations: seeded random convex polygons, so every benchmark in one run
// sees the same pairs.
#include <algorithm>
#include <cmath>
#include <random>
#include <utility>
#include <vector>

namespace minkowski::bench {

struct XY {
  double x, y;
};

/// A random convex n-gon: n sorted random angles on an ellipse of random radii, rotated.
inline std::vector<XY> random_convex(std::mt19937_64& rng, int n, double cx, double cy,
                                     double scale) {
  std::uniform_real_distribution<double> u(0, 1);
  std::vector<double> t(n);
  for (double& a : t) a = 2 * M_PI * u(rng);
  std::sort(t.begin(), t.end());
  const double rx = scale * (0.5 + u(rng)), ry = scale * (0.5 + u(rng)), rot = 2 * M_PI * u(rng);
  std::vector<XY> out;
  for (double a : t) {
    const double x = rx * std::cos(a), y = ry * std::sin(a);
    out.push_back(
        {cx + x * std::cos(rot) - y * std::sin(rot), cy + x * std::sin(rot) + y * std::cos(rot)});
  }
  return out;
}

/// An octagon with integer vertices (±1, ±2), (±2, ±1) scaled by a power of two and moved by a
/// dyadic offset: two of these have edges that are exactly parallel, the reference's worst case
/// (every collinear triple falls through the filter to the exact stage).
inline std::vector<XY> dyadic_octagon(std::mt19937_64& rng) {
  const int pts[8][2] = {{2, -1}, {2, 1}, {1, 2}, {-1, 2}, {-2, 1}, {-2, -1}, {-1, -2}, {1, -2}};
  std::uniform_int_distribution<int> off(-2048, 2048);
  const double s = std::ldexp(1.0, static_cast<int>(rng() % 3) - 1);
  const double ox = off(rng) / 1024.0, oy = off(rng) / 1024.0;
  std::vector<XY> out;
  for (auto& p : pts) out.push_back({ox + s * p[0], oy + s * p[1]});
  return out;
}

}  // namespace minkowski::bench
