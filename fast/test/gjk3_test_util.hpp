#pragma once
// Helpers of the 3D GJK/EPA/penetration tests (gjk3_test.cpp, epa3_test.cpp,
// penetration3_test.cpp): shape builders, and brute-force answers in long double for small
// polytopes — the distance as the least distance between features (vertex–triangle and
// edge–edge pairs; Ericson, Real-Time Collision Detection, 2005, §5.1.5 and §5.1.9, written here
// from the formulas), the overlap and penetration depth as the separating-axis minimum over the
// face normals of both shapes and the cross products of their edges (the facet normals of A ⊖ B
// are among these, and for a convex set K around the origin the distance to its boundary is
// min over unit n of h_K(n), attained at a facet normal).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "minkowski/fast/shape3.hpp"
#include "minkowski/fast/vec3.hpp"

namespace gjk3_test {

using minkowski::fast::ConvexShape3;
using minkowski::fast::Vec3;
using LD = long double;
using V = Vec3<LD>;

template <class T>
ConvexShape3<T> shape(const std::vector<Vec3<T>>& pts, T radius = T(0)) {
  auto r = minkowski::fast::make_shape3<T>(pts, radius);
  EXPECT_TRUE(r) << r.message;
  return r.shape;
}

template <class T>
std::vector<Vec3<T>> box_points(T x0, T y0, T z0, T x1, T y1, T z1) {
  std::vector<Vec3<T>> p;
  for (int i = 0; i < 8; ++i) p.push_back({i & 1 ? x1 : x0, i & 2 ? y1 : y0, i & 4 ? z1 : z0});
  return p;
}

template <class T>
ConvexShape3<T> box(T x0, T y0, T z0, T x1, T y1, T z1, T radius = T(0)) {
  return shape<T>(box_points(x0, y0, z0, x1, y1, z1), radius);
}

template <class T>
ConvexShape3<T> point(T x, T y, T z, T radius = T(0)) {
  return shape<T>({{x, y, z}}, radius);
}

template <class T>
ConvexShape3<T> segment(Vec3<T> p, Vec3<T> q, T radius = T(0)) {
  return shape<T>({p, q}, radius);
}

template <class T>
Vec3<LD> wide(Vec3<T> p) {
  return {LD(p.x), LD(p.y), LD(p.z)};
}

inline LD clamp01(LD t) { return t < 0 ? LD(0) : (t > 1 ? LD(1) : t); }

// Distance from p to the triangle (a, b, c): Voronoi regions (Ericson §5.1.5).
inline LD point_triangle(V p, V a, V b, V c) {
  const V ab = b - a, ac = c - a, ap = p - a;
  const LD d1 = dot(ab, ap), d2 = dot(ac, ap);
  if (d1 <= 0 && d2 <= 0) return length(p - a);
  const V bp = p - b;
  const LD d3 = dot(ab, bp), d4 = dot(ac, bp);
  if (d3 >= 0 && d4 <= d3) return length(p - b);
  const LD vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) return length(p - (a + (d1 / (d1 - d3)) * ab));
  const V cp = p - c;
  const LD d5 = dot(ab, cp), d6 = dot(ac, cp);
  if (d6 >= 0 && d5 <= d6) return length(p - c);
  const LD vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) return length(p - (a + (d2 / (d2 - d6)) * ac));
  const LD va = d3 * d6 - d5 * d4;
  if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0)
    return length(p - (b + ((d4 - d3) / ((d4 - d3) + (d5 - d6))) * (c - b)));
  const LD den = 1 / (va + vb + vc);
  return length(p - (a + (vb * den) * ab + (vc * den) * ac));
}

// Distance between segments p1q1 and p2q2 (Ericson §5.1.9), degenerate segments included.
inline LD segment_segment(V p1, V q1, V p2, V q2) {
  const V d1 = q1 - p1, d2 = q2 - p2, r = p1 - p2;
  const LD a = dot(d1, d1), e = dot(d2, d2), f = dot(d2, r);
  LD s, t;
  if (a <= 0 && e <= 0) return length(p1 - p2);
  if (a <= 0) {
    s = 0;
    t = clamp01(f / e);
  } else {
    const LD c = dot(d1, r);
    if (e <= 0) {
      t = 0;
      s = clamp01(-c / a);
    } else {
      const LD b = dot(d1, d2), den = a * e - b * b;
      s = den != 0 ? clamp01((b * f - c * e) / den) : LD(0);
      t = (b * s + f) / e;
      if (t < 0) {
        t = 0;
        s = clamp01(-c / a);
      } else if (t > 1) {
        t = 1;
        s = clamp01((b - c) / a);
      }
    }
  }
  return length((p1 + s * d1) - (p2 + t * d2));
}

// Triangles (fans of the faces) and edges of a shape, in long double.
struct Features {
  std::vector<V> vertices;
  std::vector<std::array<V, 3>> triangles;
  std::vector<std::array<V, 2>> edges;
  std::vector<V> normals;  // face normals (not unit)
};

template <class T>
Features features(const ConvexShape3<T>& s) {
  Features f;
  for (auto v : s.vertices()) f.vertices.push_back(wide(v));
  for (std::size_t k = 0; k < s.face_count(); ++k) {
    const auto loop = s.face_vertices(k);
    for (std::size_t i = 1; i + 1 < loop.size(); ++i)
      f.triangles.push_back({f.vertices[loop[0]], f.vertices[loop[i]], f.vertices[loop[i + 1]]});
    f.normals.push_back(wide(s.face_plane(k).normal));
  }
  for (const auto& e : s.edges()) f.edges.push_back({f.vertices[e.v0], f.vertices[e.v1]});
  return f;
}

// Least distance between the cores' features (the core distance when the cores are disjoint).
template <class T>
LD brute_core_distance(const ConvexShape3<T>& a, const ConvexShape3<T>& b) {
  const Features fa = features(a), fb = features(b);
  LD best = std::numeric_limits<LD>::infinity();
  for (const V& p : fa.vertices)
    for (const auto& t : fb.triangles) best = std::min(best, point_triangle(p, t[0], t[1], t[2]));
  for (const V& p : fb.vertices)
    for (const auto& t : fa.triangles) best = std::min(best, point_triangle(p, t[0], t[1], t[2]));
  auto edges_of = [](const Features& f) {
    std::vector<std::array<V, 2>> e = f.edges;
    if (e.empty()) e.push_back({f.vertices[0], f.vertices[0]});  // a point: one zero-length edge
    return e;
  };
  for (const auto& e : edges_of(fa))
    for (const auto& g : edges_of(fb))
      best = std::min(best, segment_segment(e[0], e[1], g[0], g[1]));
  return best;
}

// h_{A ⊖ B}(n) / |n| over the candidate axes; min over them is the core penetration depth when
// the cores overlap, and a value < 0 proves them separated.
template <class T>
LD brute_core_depth(const ConvexShape3<T>& a, const ConvexShape3<T>& b) {
  const Features fa = features(a), fb = features(b);
  std::vector<V> axes;
  for (const V& n : fa.normals) axes.push_back(n);
  for (const V& n : fb.normals) axes.push_back(-n);  // facets of A ⊕ (−B)
  for (const auto& e : fa.edges)
    for (const auto& g : fb.edges) {
      const V c = cross(e[1] - e[0], g[1] - g[0]);
      if (dot(c, c) > 1e-24L * dot(e[1] - e[0], e[1] - e[0]) * dot(g[1] - g[0], g[1] - g[0])) {
        axes.push_back(c);
        axes.push_back(-c);
      }
    }
  LD best = std::numeric_limits<LD>::infinity();
  for (const V& n0 : axes) {
    const V n = (1 / length(n0)) * n0;
    LD ha = -std::numeric_limits<LD>::infinity(), lb = std::numeric_limits<LD>::infinity();
    for (const V& p : fa.vertices) ha = std::max(ha, dot(p, n));
    for (const V& p : fb.vertices) lb = std::min(lb, dot(p, n));
    best = std::min(best, ha - lb);
  }
  return best;
}

// A random polytope: n points uniform in a ball of radius r around c.
template <class T>
ConvexShape3<T> random_polytope(std::mt19937& rng, int n, Vec3<T> c, T r) {
  std::uniform_real_distribution<double> u(-1, 1);
  std::vector<Vec3<T>> pts;
  while (static_cast<int>(pts.size()) < n) {
    const double x = u(rng), y = u(rng), z = u(rng);
    if (x * x + y * y + z * z > 1) continue;
    pts.push_back({c.x + T(r * x), c.y + T(r * y), c.z + T(r * z)});
  }
  return shape<T>(pts);
}

template <class T>
T eps() {
  return std::numeric_limits<T>::epsilon();
}

}  // namespace gjk3_test
