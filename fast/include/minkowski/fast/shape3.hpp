#pragma once
// minkowski/fast/shape3.hpp — the 3D shape: a rounded convex hull (docs/design.md, "Three
// dimensions").
//
// A ConvexShape3<T> is the convex hull of a finite point set in space, dilated by a radius r >= 0:
// a point (dimension 0), a segment (1), a flat convex polygon (2) or a convex polytope (3); with a
// radius a sphere, a capsule, a rounded polygon or a rounded polytope.
//
// Building a shape (`make_shape3`) is the only place that allocates or reports errors; every
// query on a built shape is allocation-free and exception-free.
//
// What a built shape holds (indices are 32-bit; every span is valid while the shape lives):
//   vertices()          the hull's vertices, no two equal (welded: weld_shift()).
//   dimension()         0, 1, 2 or 3 (a point, a segment, a flat polygon, a polytope).
//   face_count()        dimension 3: the hull's faces, each a strictly convex planar polygon;
//                       dimension 2: exactly 2 faces, the polygon seen from either side (face 0
//                       with normal n, face 1 with −n and the reversed loop); dimensions 0, 1: 0.
//   face_vertices(f)    the face's vertex loop, counter-clockwise seen from outside (around the
//                       outward normal by the right-hand rule).
//   face_edges(f)       the edge index of each loop step: face_edges(f)[i] joins face_vertices(f)[i]
//                       to face_vertices(f)[i + 1] (cyclically).
//   face_plane(f)       unit outward normal and offset: dot(normal, x) = offset on the face, up to
//                       rounding; dot(normal, x) <= offset (+ rounding) for every vertex x.
//   edges()             each undirected hull edge once: v0 → v1 is its direction in face_left's
//                       loop and v1 → v0 in face_right's. A segment has one edge with both faces
//                       kNoFace; a point none.
//   neighbors(v)        the vertices joined to v by an edge (hill-climbing supports).
//   radius(), scale()   r, and S: the largest absolute vertex coordinate (radius excluded).
//   weld_shift()        an upper bound on the distance from any input point to this shape's core
//                       (what the weld moved), as the 2D ConvexShape::weld_shift.
//
// Invariants of a built shape: every coordinate and the radius are finite and at most
// max_coordinate<T>() in magnitude; Euler's formula V − E + F = 2 holds for dimension 3.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <map>
#include <set>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "minkowski/fast/monotone_chain.hpp"
#include "minkowski/fast/shape.hpp"  // ShapeError, describe(ShapeError), max_coordinate
#include "minkowski/fast/tolerances.hpp"
#include "minkowski/fast/tolerances3.hpp"
#include "minkowski/fast/vec3.hpp"

namespace minkowski::fast {

/// A face's plane: dot(normal, x) = offset, normal a unit vector pointing out of the shape.
template <class T>
struct Plane3 {
  Vec3<T> normal{};
  T offset{};
};

/// "No face": the face fields of a segment's edge.
inline constexpr std::uint32_t kNoFace = 0xffffffffu;

/// An undirected hull edge and its two faces (see the header comment for the orientation).
struct Edge3 {
  std::uint32_t v0 = 0, v1 = 0;
  std::uint32_t face_left = kNoFace, face_right = kNoFace;
};

template <class T>
struct ShapeBuilder3;

template <class T>
class ConvexShape3 {
 public:
  ConvexShape3() = default;

  int dimension() const { return dimension_; }
  std::span<const Vec3<T>> vertices() const { return vertices_; }
  std::size_t size() const { return vertices_.size(); }
  const Vec3<T>& vertex(std::size_t i) const { return vertices_[i]; }

  std::size_t face_count() const { return planes_.size(); }
  std::span<const std::uint32_t> face_vertices(std::size_t f) const {
    return {face_loop_.data() + face_offset_[f], face_offset_[f + 1] - face_offset_[f]};
  }
  std::span<const std::uint32_t> face_edges(std::size_t f) const {
    return {face_edge_loop_.data() + face_offset_[f], face_offset_[f + 1] - face_offset_[f]};
  }
  const Plane3<T>& face_plane(std::size_t f) const { return planes_[f]; }
  std::span<const Plane3<T>> planes() const { return planes_; }

  std::span<const Edge3> edges() const { return edges_; }
  std::span<const std::uint32_t> neighbors(std::size_t v) const {
    return {adjacency_.data() + adjacency_offset_[v],
            adjacency_offset_[v + 1] - adjacency_offset_[v]};
  }

  T radius() const { return radius_; }
  /// Largest absolute coordinate of the vertices (S in the tolerance model), without the radius.
  T scale() const { return scale_; }
  /// How far the weld moved the input (see the header comment); 0 when nothing was welded.
  T weld_shift() const { return weld_shift_; }

 private:
  friend struct ShapeBuilder3<T>;
  int dimension_ = 0;
  std::vector<Vec3<T>> vertices_;
  std::vector<Plane3<T>> planes_;
  std::vector<std::uint32_t> face_offset_{0};  // face f: [face_offset_[f], face_offset_[f + 1])
  std::vector<std::uint32_t> face_loop_;
  std::vector<std::uint32_t> face_edge_loop_;
  std::vector<Edge3> edges_;
  std::vector<std::uint32_t> adjacency_offset_{0};
  std::vector<std::uint32_t> adjacency_;
  T radius_{};
  T scale_{};
  T weld_shift_{};
};

/// Outcome of make_shape3: `error == ShapeError::none` means `shape` is valid; otherwise
/// `message` names what was wrong (which point, which value).
template <class T>
struct ShapeResult3 {
  ShapeError error = ShapeError::none;
  std::string message;
  ConvexShape3<T> shape;
  explicit operator bool() const { return error == ShapeError::none; }
};

// PLACEHOLDER (issue 22 integration): a brute-force hull — every triple's plane tested against
// every point with a relative tolerance — so that the algorithms can be written and tested while
// the robust builder is written. O(n^4): for small shapes only. To be replaced.
template <class T>
struct ShapeBuilder3 {
  static ShapeResult3<T> build(std::span<const Vec3<T>> points, T radius) {
    using std::abs;
    using std::isfinite;
    ShapeResult3<T> out;
    auto fail = [&](ShapeError e, std::string detail) {
      out.error = e;
      out.message = std::string(describe(e)) + detail;
      return out;
    };
    if (points.empty()) return fail(ShapeError::empty, "");
    if (points.size() > kMaxShapePoints)
      return fail(ShapeError::too_many_points,
                  ": " + std::to_string(points.size()) + " > " + std::to_string(kMaxShapePoints));
    if (!isfinite(radius)) return fail(ShapeError::non_finite_radius, "");
    if (radius < T(0)) return fail(ShapeError::negative_radius, "");
    const T limit = max_coordinate<T>();
    if (radius > limit) return fail(ShapeError::out_of_range, " (radius)");
    T scale = 0;
    for (std::size_t i = 0; i < points.size(); ++i) {
      const Vec3<T> p = points[i];
      if (!isfinite(p.x) || !isfinite(p.y) || !isfinite(p.z))
        return fail(ShapeError::non_finite_point, " (point " + std::to_string(i) + ")");
      if (max_abs(p) > limit)
        return fail(ShapeError::out_of_range, " (point " + std::to_string(i) + ")");
      scale = std::max(scale, max_abs(p));
    }
    // Exact duplicates only.
    std::vector<Vec3<T>> pts(points.begin(), points.end());
    auto lex = [](const Vec3<T>& a, const Vec3<T>& b) {
      return a.x < b.x || (a.x == b.x && (a.y < b.y || (a.y == b.y && a.z < b.z)));
    };
    std::sort(pts.begin(), pts.end(), lex);
    pts.erase(std::unique(pts.begin(), pts.end()), pts.end());

    ConvexShape3<T>& s = out.shape;
    s.radius_ = radius;
    s.scale_ = scale;
    s.weld_shift_ = T(0);
    const T tol = T(64) * unit_roundoff<T>() * (scale > T(0) ? scale : T(1));
    const std::size_t n = pts.size();
    // Dimension: p1 farthest from p0, p2 farthest from the line, p3 farthest from the plane.
    const Vec3<T> p0 = pts[0];
    std::size_t i1 = 0;
    for (std::size_t i = 1; i < n; ++i)
      if (length_squared(pts[i] - p0) > length_squared(pts[i1] - p0)) i1 = i;
    if (i1 == 0 || length(pts[i1] - p0) <= tol) {
      s.dimension_ = 0;
      s.vertices_ = {p0};
      s.adjacency_offset_ = {0, 0};
      return out;
    }
    const Vec3<T> e1 = unit_vector(pts[i1] - p0, length_squared(pts[i1] - p0));
    std::size_t i2 = 0;
    T best2 = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const T c = length(cross(e1, pts[i] - p0));
      if (c > best2) best2 = c, i2 = i;
    }
    if (best2 <= tol) {
      std::size_t lo = 0, hi = 0;
      for (std::size_t i = 0; i < n; ++i) {
        if (dot(pts[i], e1) < dot(pts[lo], e1)) lo = i;
        if (dot(pts[i], e1) > dot(pts[hi], e1)) hi = i;
      }
      s.dimension_ = 1;
      s.vertices_ = {pts[lo], pts[hi]};
      s.edges_ = {Edge3{0, 1, kNoFace, kNoFace}};
      s.adjacency_offset_ = {0, 1, 2};
      s.adjacency_ = {1, 0};
      return out;
    }
    const Vec3<T> nrm0 = cross(pts[i1] - p0, pts[i2] - p0);
    const Vec3<T> n0 = unit_vector(nrm0, length_squared(nrm0));
    T best3 = 0;
    for (std::size_t i = 0; i < n; ++i) best3 = std::max(best3, abs(dot(n0, pts[i] - p0)));
    if (best3 <= tol) {
      // Flat: a 2D hull in the plane, basis (e1, w) with e1 × w = n0, so CCW in the basis is CCW
      // around n0.
      const Vec3<T> w = cross(n0, e1);
      std::vector<std::uint32_t> loop = planar_hull(pts, std::vector<std::uint32_t>(), e1, w, p0);
      s.dimension_ = 2;
      std::vector<std::uint32_t> rev(loop.rbegin(), loop.rend());
      std::vector<std::vector<std::uint32_t>> faces = {loop, rev};
      std::vector<Plane3<T>> planes = {{n0, dot(n0, p0)}, {-n0, -dot(n0, p0)}};
      finish(s, pts, faces, planes);
      return out;
    }
    // Polytope: every supporting plane through three points.
    std::set<std::vector<std::uint32_t>> seen;
    std::vector<std::vector<std::uint32_t>> faces;
    std::vector<Plane3<T>> planes;
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = i + 1; j < n; ++j)
        for (std::size_t k = j + 1; k < n; ++k) {
          const Vec3<T> c = cross(pts[j] - pts[i], pts[k] - pts[i]);
          const T c2 = length_squared(c);
          if (!(length(c) > tol * (length(pts[j] - pts[i]) + length(pts[k] - pts[i])))) continue;
          const Vec3<T> u = unit_vector(c, c2);
          bool any_above = false, any_below = false;
          std::vector<std::uint32_t> on;
          for (std::size_t m = 0; m < n; ++m) {
            const T d = dot(u, pts[m] - pts[i]);
            if (d > tol)
              any_above = true;
            else if (d < -tol)
              any_below = true;
            else
              on.push_back(static_cast<std::uint32_t>(m));
          }
          if (any_above == any_below) continue;
          if (!seen.insert(on).second) continue;
          const Vec3<T> out_n = any_above ? -u : u;
          const Vec3<T> w =
              cross(out_n, unit_vector(pts[j] - pts[i], length_squared(pts[j] - pts[i])));
          std::vector<std::uint32_t> loop = planar_hull(
              pts, on, unit_vector(pts[j] - pts[i], length_squared(pts[j] - pts[i])), w, pts[i]);
          T off = dot(out_n, pts[loop[0]]);
          for (std::uint32_t v : loop) off = std::max(off, dot(out_n, pts[v]));
          faces.push_back(loop);
          planes.push_back({out_n, off});
        }
    s.dimension_ = 3;
    finish(s, pts, faces, planes);
    return out;
  }

 private:
  struct P {
    T x, y;
    std::uint32_t i;
  };
  struct Traits {
    using Point = P;
    bool less(const P& a, const P& b) const { return a.x < b.x || (a.x == b.x && a.y < b.y); }
    int orient(const P& a, const P& b, const P& c) const {
      const T o = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
      return o > T(0) ? 1 : (o < T(0) ? -1 : 0);
    }
  };

  // CCW hull (in the basis (e, w)) of the points `subset` (all points when empty).
  static std::vector<std::uint32_t> planar_hull(const std::vector<Vec3<T>>& pts,
                                                std::vector<std::uint32_t> subset, Vec3<T> e,
                                                Vec3<T> w, Vec3<T> origin) {
    if (subset.empty())
      for (std::uint32_t i = 0; i < pts.size(); ++i) subset.push_back(i);
    std::vector<P> ps;
    for (std::uint32_t i : subset)
      ps.push_back({dot(pts[i] - origin, e), dot(pts[i] - origin, w), i});
    sort_lexicographic(ps, Traits{});
    std::vector<P> h = monotone_chain(std::span<const P>(ps), Traits{});
    std::vector<std::uint32_t> loop;
    for (const P& p : h) loop.push_back(p.i);
    return loop;
  }

  // Keeps the vertices the faces use, renumbers them, builds edges and adjacency.
  static void finish(ConvexShape3<T>& s, const std::vector<Vec3<T>>& pts,
                     std::vector<std::vector<std::uint32_t>>& faces,
                     std::vector<Plane3<T>>& planes) {
    std::map<std::uint32_t, std::uint32_t> remap;
    for (auto& f : faces)
      for (std::uint32_t v : f) remap.emplace(v, 0);
    std::uint32_t next = 0;
    for (auto& [old, neu] : remap) {
      neu = next++;
      s.vertices_.push_back(pts[old]);
    }
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint32_t> edge_of;
    s.face_offset_ = {0};
    for (std::size_t f = 0; f < faces.size(); ++f) {
      const auto& loop = faces[f];
      for (std::size_t i = 0; i < loop.size(); ++i) {
        const std::uint32_t a = remap[loop[i]], b = remap[loop[(i + 1) % loop.size()]];
        s.face_loop_.push_back(a);
        const auto key = std::minmax(a, b);
        auto it = edge_of.find({key.first, key.second});
        std::uint32_t e;
        if (it == edge_of.end()) {
          e = static_cast<std::uint32_t>(s.edges_.size());
          edge_of[{key.first, key.second}] = e;
          s.edges_.push_back(Edge3{a, b, static_cast<std::uint32_t>(f), kNoFace});
        } else {
          e = it->second;
          s.edges_[e].face_right = static_cast<std::uint32_t>(f);
        }
        s.face_edge_loop_.push_back(e);
      }
      s.face_offset_.push_back(static_cast<std::uint32_t>(s.face_loop_.size()));
    }
    s.planes_ = planes;
    std::vector<std::vector<std::uint32_t>> adj(s.vertices_.size());
    for (const Edge3& e : s.edges_) {
      adj[e.v0].push_back(e.v1);
      adj[e.v1].push_back(e.v0);
    }
    s.adjacency_offset_ = {0};
    for (auto& a : adj) {
      s.adjacency_.insert(s.adjacency_.end(), a.begin(), a.end());
      s.adjacency_offset_.push_back(static_cast<std::uint32_t>(s.adjacency_.size()));
    }
  }
};

/// Builds the shape hull(points) ⊕ ball(radius).
///
/// Preconditions: none; every bad input is reported.
/// Failure cases: see ShapeError (empty, too many points, NaN/inf, negative radius, overflow risk).
/// Tolerance: (placeholder) points within 64·u·S of a plane or a line are taken to lie on it.
template <class T>
ShapeResult3<T> make_shape3(std::span<const Vec3<T>> points, T radius = T(0)) {
  return ShapeBuilder3<T>::build(points, radius);
}

}  // namespace minkowski::fast
