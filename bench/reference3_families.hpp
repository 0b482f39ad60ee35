#pragma once
// bench/reference3_families.hpp — seeded 3D case families for the exact 3D oracle's benchmark
// (reference3_bench.cpp) and its hull-path table (reference3_paths.cpp).
//
// Every family is a deterministic function of (family, count, seed): the same pairs for every
// engine timed on them and on every run. Coordinates are chosen so that each family's property
// holds exactly where the family promises it (dyadic boxes touch exactly; the flat families are
// exactly coplanar); elsewhere (random polytopes) the property is the generator's intent and the
// oracle's answer is what counts.
//
// Header-only, standard library and shape3.hpp only.

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <random>
#include <string_view>
#include <vector>

#include "minkowski/reference/shape3.hpp"

namespace minkowski::bench3 {

using reference::Point3;
using reference::Shape3;

struct Pair3 {
  Shape3 a;
  Shape3 b;
};

enum class Family : int {
  random12_separated,    ///< two random 12-vertex polytopes, centres 2.2–3 apart (radius 1 each)
  random12_overlapping,  ///< the same, centres at most 0.5 apart
  box_separated,         ///< axis-aligned dyadic boxes with a gap along one axis
  box_overlapping,       ///< axis-aligned dyadic boxes whose centres are closer than their extents
  box_rotated,           ///< boxes with random rotations (rounded: faces only nearly planar)
  lattice,          ///< 4–8 points each from the integer lattice {-2..2}^3 (ties, coplanarity)
  flat_coplanar,    ///< two convex polygons in one coordinate plane (a flat difference)
  flat_parallel,    ///< axis-aligned squares in two parallel planes z = 0, z = h
  segments_points,  ///< point–point, point–segment, segment–segment (difference dim 0–2)
  round,            ///< spheres, capsules, rounded boxes, rounded random polytopes (radius > 0)
  touching,         ///< exact contact: dyadic boxes face–face, edge–edge, vertex–vertex,
                    ///< a tetrahedron's vertex on a box's face
  near_touching,    ///< the touching pairs with B moved by one ulp towards or away from A
  containment,      ///< a shape inside the other (concentric and off-centre)
  far_scaled,       ///< random 12-vertex pairs scaled by 10^k (k in -9..9) or moved 1e6–1e9 away
};
inline constexpr int kFamilyCount = 14;

inline std::string_view name(Family f) {
  constexpr std::array<std::string_view, kFamilyCount> kNames = {
      "random12_separated", "random12_overlapping",
      "box_separated",      "box_overlapping",
      "box_rotated",        "lattice",
      "flat_coplanar",      "flat_parallel",
      "segments_points",    "round",
      "touching",           "near_touching",
      "containment",        "far_scaled"};
  return kNames[static_cast<int>(f)];
}

namespace detail3 {

using Rng = std::mt19937_64;

inline double uniform(Rng& rng, double lo, double hi) {
  return std::uniform_real_distribution<double>(lo, hi)(rng);
}
inline int integer(Rng& rng, int lo, int hi) {
  return std::uniform_int_distribution<int>(lo, hi)(rng);
}

/// A uniformly random unit vector (normalized Gaussian; the norm is >= 1e-3 except with
/// probability ~1e-9, and a retry bound of 64 keeps the loop finite).
inline std::array<double, 3> unit(Rng& rng) {
  std::normal_distribution<double> g;
  for (int tries = 0; tries < 64; ++tries) {
    const double x = g(rng), y = g(rng), z = g(rng);
    const double n = std::sqrt(x * x + y * y + z * z);
    if (n > 1e-3) return {x / n, y / n, z / n};
  }
  return {1, 0, 0};
}

/// n points on the sphere of `radius` around c: every one a vertex of their hull (up to the
/// rounding of the coordinates, which may push a point onto or just inside the hull).
inline Shape3 random_polytope(Rng& rng, int n, Point3 c, double radius) {
  Shape3 s;
  for (int i = 0; i < n; ++i) {
    const auto u = unit(rng);
    s.points.push_back({c.x + radius * u[0], c.y + radius * u[1], c.z + radius * u[2]});
  }
  return s;
}

/// The 8 corners of the axis-aligned box c ± h (exact when c and h are dyadic of few bits).
inline Shape3 box(Point3 c, Point3 h) {
  Shape3 s;
  for (int i = 0; i < 8; ++i)
    s.points.push_back(
        {c.x + ((i & 1) ? h.x : -h.x), c.y + ((i & 2) ? h.y : -h.y), c.z + ((i & 4) ? h.z : -h.z)});
  return s;
}

/// A dyadic value k / 16 with k uniform in [lo·16, hi·16].
inline double dyadic(Rng& rng, double lo, double hi) {
  return integer(rng, static_cast<int>(lo * 16), static_cast<int>(hi * 16)) / 16.0;
}
inline Point3 dyadic_point(Rng& rng, double lo, double hi) {
  return {dyadic(rng, lo, hi), dyadic(rng, lo, hi), dyadic(rng, lo, hi)};
}

inline double& coord(Point3& p, int axis) { return axis == 0 ? p.x : axis == 1 ? p.y : p.z; }

/// Two dyadic boxes; along a random axis, B's centre is at ha + hb + gap from A's (gap may be
/// negative: overlap by -gap along that axis), the other axes offset by less than ha + hb.
inline Pair3 box_pair(Rng& rng, double gap) {
  const Point3 ca = dyadic_point(rng, -1, 1);
  const Point3 ha = dyadic_point(rng, 0.25, 1), hb = dyadic_point(rng, 0.25, 1);
  const int axis = integer(rng, 0, 2);
  const double side = integer(rng, 0, 1) ? 1.0 : -1.0;
  Point3 cb = ca;
  Point3 ha_m = ha, hb_m = hb;
  for (int k = 0; k < 3; ++k) {
    const double reach = coord(ha_m, k) + coord(hb_m, k);
    if (k == axis)
      coord(cb, k) += side * (reach + gap);
    else
      coord(cb, k) += dyadic(rng, -0.75, 0.75) * reach;
  }
  return {box(ca, ha), box(cb, hb)};
}

/// A random rotation (unit quaternion from a normalized 4D Gaussian) applied to p.
inline std::array<std::array<double, 3>, 3> random_rotation(Rng& rng) {
  std::normal_distribution<double> g;
  double q[4] = {1, 0, 0, 0};
  for (int tries = 0; tries < 64; ++tries) {
    double n2 = 0;
    for (double& v : q) {
      v = g(rng);
      n2 += v * v;
    }
    if (n2 > 1e-6) {
      for (double& v : q) v /= std::sqrt(n2);
      break;
    }
  }
  const double w = q[0], x = q[1], y = q[2], z = q[3];
  return {{{1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)},
           {2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)},
           {2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)}}};
}

inline Shape3 rotated_box(Rng& rng, Point3 c, Point3 h) {
  const auto r = random_rotation(rng);
  Shape3 s = box({0, 0, 0}, h);
  for (Point3& p : s.points) {
    const double v[3] = {p.x, p.y, p.z};
    p = {c.x + r[0][0] * v[0] + r[0][1] * v[1] + r[0][2] * v[2],
         c.y + r[1][0] * v[0] + r[1][1] * v[1] + r[1][2] * v[2],
         c.z + r[2][0] * v[0] + r[2][1] * v[1] + r[2][2] * v[2]};
  }
  return s;
}

inline Shape3 lattice_shape(Rng& rng) {
  Shape3 s;
  const int n = integer(rng, 4, 8);
  for (int i = 0; i < n; ++i)
    s.points.push_back(
        {double(integer(rng, -2, 2)), double(integer(rng, -2, 2)), double(integer(rng, -2, 2))});
  return s;
}

/// A convex polygon of n points on a circle of radius r around (cx, cy) in the plane
/// coordinate[axis] = level (every point exactly in that plane).
inline Shape3 flat_polygon(Rng& rng, int n, double cx, double cy, double r, int axis,
                           double level) {
  Shape3 s;
  const double phase = uniform(rng, 0, 6.283185307179586);
  for (int i = 0; i < n; ++i) {
    const double t = phase + 6.283185307179586 * i / n;
    const double u = cx + r * std::cos(t), v = cy + r * std::sin(t);
    s.points.push_back(axis == 0   ? Point3{level, u, v}
                       : axis == 1 ? Point3{u, level, v}
                                   : Point3{u, v, level});
  }
  return s;
}

/// Exactly touching pairs (all coordinates dyadic with few bits, so every sum below is exact).
/// kind 0: face to face (gap 0); 1: edge across edge; 2: vertex to vertex; 3: a tetrahedron's
/// apex on a box's face. Returns the pair and the axis along which B touches A, and the side (+1:
/// B lies on the positive side).
struct TouchingPair {
  Pair3 pair;
  int axis;
  double side;
};
inline TouchingPair touching_pair(Rng& rng) {
  const int kind = integer(rng, 0, 3);
  const Point3 ca = dyadic_point(rng, -1, 1);
  const Point3 ha = dyadic_point(rng, 0.25, 1), hb = dyadic_point(rng, 0.25, 1);
  const int axis = integer(rng, 0, 2);
  const double side = integer(rng, 0, 1) ? 1.0 : -1.0;
  Point3 cb = ca;
  Point3 ha_m = ha, hb_m = hb;
  if (kind == 3) {
    // Apex (on A's face, at an in-face dyadic offset) and a base triangle beyond it.
    Point3 apex = ca;
    coord(apex, axis) += side * coord(ha_m, axis);
    Shape3 tet;
    tet.points.push_back(apex);
    for (int k = 0; k < 3; ++k) {
      Point3 p = apex;
      coord(p, axis) += side * 0.5;
      coord(p, (axis + 1) % 3) += k == 0 ? 0.5 : k == 1 ? -0.25 : -0.25;
      coord(p, (axis + 2) % 3) += k == 0 ? 0.0 : k == 1 ? 0.5 : -0.5;
      tet.points.push_back(p);
    }
    return {{box(ca, ha), tet}, axis, side};
  }
  for (int k = 0; k < 3; ++k) {
    const double reach = coord(ha_m, k) + coord(hb_m, k);
    if (k == axis)
      coord(cb, k) += side * reach;
    else if (kind == 0)
      coord(cb, k) += dyadic(rng, -0.75, 0.75) * reach;  // faces overlap in the contact plane
    else if (kind == 1 && k == (axis + 1) % 3)
      coord(cb, k) += (integer(rng, 0, 1) ? 1.0 : -1.0) * reach;  // edges meet
    else if (kind == 1)
      coord(cb, k) += dyadic(rng, -0.5, 0.5) * reach;
    else
      coord(cb, k) += (integer(rng, 0, 1) ? 1.0 : -1.0) * reach;  // kind 2: corners meet
  }
  return {{box(ca, ha), box(cb, hb)}, axis, side};
}

}  // namespace detail3

/// `count` pairs of family f from `seed` (the same arguments give the same pairs).
inline std::vector<Pair3> make_family(Family f, std::size_t count, std::uint64_t seed) {
  using namespace detail3;
  Rng rng(seed * 1315423911u + static_cast<std::uint64_t>(f));
  std::vector<Pair3> out;
  out.reserve(count);
  auto random_pair = [&](bool separated) {
    const auto u = unit(rng);
    const double d = separated ? uniform(rng, 2.2, 3.0) : uniform(rng, 0.0, 0.5);
    const Point3 ca{uniform(rng, -1, 1), uniform(rng, -1, 1), uniform(rng, -1, 1)};
    const Point3 cb{ca.x + d * u[0], ca.y + d * u[1], ca.z + d * u[2]};
    return Pair3{random_polytope(rng, 12, ca, 1.0), random_polytope(rng, 12, cb, 1.0)};
  };
  for (std::size_t i = 0; i < count; ++i) {
    switch (f) {
      case Family::random12_separated:
        out.push_back(random_pair(true));
        break;
      case Family::random12_overlapping:
        out.push_back(random_pair(false));
        break;
      case Family::box_separated:
        out.push_back(box_pair(rng, dyadic(rng, 0.0625, 1)));
        break;
      case Family::box_overlapping:
        out.push_back(box_pair(rng, -dyadic(rng, 0.0625, 0.5)));
        break;
      case Family::box_rotated: {
        const auto u = unit(rng);
        const double d = uniform(rng, 0.0, 3.0);
        const Point3 ca{uniform(rng, -1, 1), uniform(rng, -1, 1), uniform(rng, -1, 1)};
        const Point3 ha{uniform(rng, 0.25, 1), uniform(rng, 0.25, 1), uniform(rng, 0.25, 1)};
        const Point3 hb{uniform(rng, 0.25, 1), uniform(rng, 0.25, 1), uniform(rng, 0.25, 1)};
        out.push_back({rotated_box(rng, ca, ha),
                       rotated_box(rng, {ca.x + d * u[0], ca.y + d * u[1], ca.z + d * u[2]}, hb)});
        break;
      }
      case Family::lattice:
        out.push_back({lattice_shape(rng), lattice_shape(rng)});
        break;
      case Family::flat_coplanar: {
        // Draws in named steps: the order of evaluation of function arguments is unspecified,
        // and the pairs must not depend on the compiler.
        const int axis = integer(rng, 0, 2);
        const double level = dyadic(rng, -1, 1);
        Shape3 s[2];
        for (Shape3& shape : s) {
          const int n = integer(rng, 3, 8);
          const double cx = uniform(rng, -1, 1);
          const double cy = uniform(rng, -1, 1);
          shape = flat_polygon(rng, n, cx, cy, 1, axis, level);
        }
        out.push_back({s[0], s[1]});
        break;
      }
      case Family::flat_parallel: {
        // Squares in z = 0 and z = h; h = 0 in one case of four (one plane: touching or
        // overlapping as flat shapes).
        const double h = integer(rng, 0, 3) == 0 ? 0.0 : dyadic(rng, -1, 1);
        const double sa = dyadic(rng, 0.25, 1), sb = dyadic(rng, 0.25, 1);
        const Point3 ca{dyadic(rng, -1, 1), dyadic(rng, -1, 1), 0};
        const Point3 cb{dyadic(rng, -1, 1), dyadic(rng, -1, 1), h};
        Shape3 a, b;
        for (int k = 0; k < 4; ++k) {
          a.points.push_back({ca.x + ((k & 1) ? sa : -sa), ca.y + ((k & 2) ? sa : -sa), 0});
          b.points.push_back({cb.x + ((k & 1) ? sb : -sb), cb.y + ((k & 2) ? sb : -sb), h});
        }
        out.push_back({a, b});
        break;
      }
      case Family::segments_points: {
        // Lattice endpoints half of the time (exact crossings, collinear and parallel segments).
        const bool lattice_coords = integer(rng, 0, 1) == 0;
        auto point = [&] {
          return lattice_coords
                     ? Point3{double(integer(rng, -2, 2)), double(integer(rng, -2, 2)),
                              double(integer(rng, -2, 2))}
                     : Point3{uniform(rng, -1, 1), uniform(rng, -1, 1), uniform(rng, -1, 1)};
        };
        const int kind = integer(rng, 0, 2);  // 0 point–point, 1 point–segment, 2 seg–seg
        Shape3 a{{point()}, 0}, b{{point()}, 0};
        if (kind >= 1) b.points.push_back(point());
        if (kind == 2) a.points.push_back(point());
        out.push_back({a, b});
        break;
      }
      case Family::round: {
        const int kind = integer(rng, 0, 3);  // sphere, capsule, rounded box, rounded polytope
        Pair3 p = random_pair(integer(rng, 0, 1) == 0);
        for (Shape3* s : {&p.a, &p.b}) {
          if (kind == 0) s->points.resize(1);
          if (kind == 1) s->points.resize(2);
          if (kind == 2) {
            const Point3 c = s->points[0];
            *s = box(c, {0.5, 0.25, 0.375});
          }
          s->radius = uniform(rng, 0.0625, 0.75);
        }
        out.push_back(p);
        break;
      }
      case Family::touching:
        out.push_back(touching_pair(rng).pair);
        break;
      case Family::near_touching: {
        TouchingPair t = touching_pair(rng);
        // One ulp of every B coordinate along the contact axis, away from A (+) or towards A.
        const double towards = integer(rng, 0, 1) ? t.side : -t.side;
        for (Point3& p : t.pair.b.points) {
          double& c = coord(p, t.axis);
          c = std::nextafter(c, towards * INFINITY);
        }
        out.push_back(t.pair);
        break;
      }
      case Family::containment: {
        const int kind = integer(rng, 0, 2);
        const Point3 c = dyadic_point(rng, -1, 1);
        if (kind == 0) {  // concentric boxes
          out.push_back({box(c, {2, 1.5, 1}), box(c, dyadic_point(rng, 0.25, 0.75))});
        } else if (kind == 1) {  // off-centre box in a box
          const Point3 off = dyadic_point(rng, -0.5, 0.5);
          out.push_back({box(c, {2, 1.5, 1.25}),
                         box({c.x + off.x, c.y + off.y, c.z + off.z}, {0.5, 0.5, 0.5})});
        } else {  // a random polytope well inside another (radius 0.3 within 0.4 of the centre)
          const auto u = unit(rng);
          const double d = uniform(rng, 0, 0.4);
          out.push_back(
              {random_polytope(rng, 12, c, 2.0),
               random_polytope(rng, 12, {c.x + d * u[0], c.y + d * u[1], c.z + d * u[2]}, 0.3)});
        }
        break;
      }
      case Family::far_scaled: {
        Pair3 p = random_pair(integer(rng, 0, 1) == 0);
        if (integer(rng, 0, 1) == 0) {
          const double scale = std::pow(10.0, integer(rng, -9, 9));
          for (Shape3* s : {&p.a, &p.b})
            for (Point3& q : s->points) q = {q.x * scale, q.y * scale, q.z * scale};
        } else {
          const auto u = unit(rng);
          const double far = std::pow(10.0, uniform(rng, 6, 9));
          for (Shape3* s : {&p.a, &p.b})
            for (Point3& q : s->points) q = {q.x + far * u[0], q.y + far * u[1], q.z + far * u[2]};
        }
        out.push_back(p);
        break;
      }
    }
  }
  return out;
}

}  // namespace minkowski::bench3
