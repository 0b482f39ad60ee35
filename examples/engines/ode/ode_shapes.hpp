// ode_shapes.hpp — a case's shape as an ODE 0.16 geom, shared by minkowski_exec_ode.cpp and the
// repro programs (ode/repro/*.cpp), so that both build exactly the same geoms. How each shape kind
// is built, what is skipped and why, and how the convex hull for dCreateConvex is formed: see the
// header comment of minkowski_exec_ode.cpp.
#pragma once

#include <ode/ode.h>

#include "ode_box.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace ode_shapes {

using V = std::array<double, 3>;

/// The contact array's size: ODE's colliders stop at this many points. Box–box gives at most 8
/// (dBoxBox), convex–convex at most the incident polygon's clipped points; 64 leaves room.
constexpr int kMaxContacts = 64;

/// Relative rounding bound of the 3×3 orientation determinant of four doubles computed as below
/// (differences, then a cross product and a dot product): Shewchuk's orient3d error bound A,
/// (7 + 56ε)ε times the permanent, with ε = 2^-53 (Shewchuk, "Adaptive Precision Floating-Point
/// Arithmetic and Fast Robust Geometric Predicates", 1997, §4.3: o3derrboundA).
constexpr double kOrientBound = (7.0 + 56.0 * 0x1p-53) * 0x1p-53;

inline V sub(V a, V b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }
inline V cross(V a, V b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
inline double dot(V a, V b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
inline double norm(V a) { return std::sqrt(dot(a, a)); }

/// Sign of orient3d(a, b, c, d) = (b − a)·((c − a) × (d − a))... as +1, −1, 0 (exactly zero), or
/// 2 when the double value is within its rounding bound but not zero (undecided).
inline int orient(V a, V b, V c, V d) {
  const V u = sub(b, a), v = sub(c, a), w = sub(d, a);
  const double det = u[0] * (v[1] * w[2] - v[2] * w[1]) + u[1] * (v[2] * w[0] - v[0] * w[2]) +
                     u[2] * (v[0] * w[1] - v[1] * w[0]);
  const double perm = std::fabs(u[0]) * (std::fabs(v[1] * w[2]) + std::fabs(v[2] * w[1])) +
                      std::fabs(u[1]) * (std::fabs(v[2] * w[0]) + std::fabs(v[0] * w[2])) +
                      std::fabs(u[2]) * (std::fabs(v[0] * w[1]) + std::fabs(v[1] * w[0]));
  if (det == 0) return 0;
  if (std::fabs(det) <= kOrientBound * perm) return 2;
  return det > 0 ? 1 : -1;
}

/// dCreateConvex's arrays. Owned here: ODE keeps pointers to them (convex.cpp, dxConvex).
struct ConvexData {
  std::vector<dReal> planes, points;
  std::vector<unsigned> polygons;
};

/// The hull of p (distinct points) as ODE's convex arrays, or nullopt + reason.
inline std::optional<ConvexData> convex_hull(const std::vector<V>& p, std::string* why) {
  const std::size_t n = p.size();
  ConvexData out;
  std::vector<std::vector<std::size_t>> faces;  // point indices on each face plane
  std::vector<V> normals;                       // outward, unnormalized, per face
  std::map<std::vector<std::size_t>, bool> seen;
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j)
      for (std::size_t k = j + 1; k < n; ++k) {
        const V nrm = cross(sub(p[j], p[i]), sub(p[k], p[i]));
        if (nrm[0] == 0 && nrm[1] == 0 && nrm[2] == 0) continue;  // collinear triple
        int side = 0;  // the sign every off-plane point has (−1 or +1)
        bool face = true, degenerate_triple = true;
        std::vector<std::size_t> on = {i, j, k};
        for (std::size_t m = 0; m < n && face; ++m) {
          if (m == i || m == j || m == k) continue;
          const int o = orient(p[i], p[j], p[k], p[m]);
          if (o == 2) {
            *why = "hull ambiguous in double (a point within rounding of a face plane)";
            return std::nullopt;
          }
          if (o == 0) {
            on.push_back(m);
            continue;
          }
          degenerate_triple = false;
          if (side == 0) side = o;
          if (o != side) face = false;
        }
        if (!face) continue;
        if (degenerate_triple) {
          *why = "flat shape (dCreateConvex needs a solid hull)";
          return std::nullopt;
        }
        std::sort(on.begin(), on.end());
        if (seen.count(on)) continue;
        seen[on] = true;
        faces.push_back(on);
        // Other points lie on the side `side` of orient(i, j, k, ·), i.e. along side·nrm: the
        // outward normal is −side·nrm.
        normals.push_back({-side * nrm[0], -side * nrm[1], -side * nrm[2]});
      }
  if (faces.size() < 4) {
    *why = "flat shape (dCreateConvex needs a solid hull)";
    return std::nullopt;
  }
  std::map<std::size_t, unsigned> index;  // point -> index in out.points
  for (std::size_t f = 0; f < faces.size(); ++f) {
    const V nrm = normals[f];
    // 2D coordinates in the face plane: drop the normal's largest component; keep the
    // orientation counter-clockwise about the outward normal.
    int drop = 0;
    for (int a = 1; a < 3; ++a)
      if (std::fabs(nrm[a]) > std::fabs(nrm[drop])) drop = a;
    const int ax = (drop + 1) % 3, ay = (drop + 2) % 3;
    const bool flip = nrm[drop] < 0;
    struct P2 {
      double x, y;
      std::size_t i;
    };
    std::vector<P2> q;
    for (std::size_t i : faces[f]) q.push_back({p[i][ax], flip ? -p[i][ay] : p[i][ay], i});
    std::sort(q.begin(), q.end(),
              [](const P2& a, const P2& b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
    auto turn = [](const P2& o, const P2& a, const P2& b) {
      return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
    };
    std::vector<P2> h(2 * q.size());
    std::size_t k = 0;
    for (std::size_t i = 0; i < q.size(); ++i) {
      while (k >= 2 && turn(h[k - 2], h[k - 1], q[i]) <= 0) --k;
      h[k++] = q[i];
    }
    for (std::size_t i = q.size() - 1, t = k + 1; i-- > 0;) {
      while (k >= t && turn(h[k - 2], h[k - 1], q[i]) <= 0) --k;
      h[k++] = q[i];
    }
    h.resize(k - 1);
    if (h.size() < 3) {
      *why = "hull ambiguous in double (a face polygon of fewer than 3 vertices)";
      return std::nullopt;
    }
    out.polygons.push_back(static_cast<unsigned>(h.size()));
    for (const P2& v : h) {
      auto [it, added] = index.emplace(v.i, static_cast<unsigned>(index.size()));
      if (added)
        for (double c : p[v.i]) out.points.push_back(c);
      out.polygons.push_back(it->second);
    }
    const double len = norm(nrm);
    const V u = {nrm[0] / len, nrm[1] / len, nrm[2] / len};
    for (double c : u) out.planes.push_back(c);
    out.planes.push_back(dot(u, p[faces[f][0]]));
  }
  return out;
}

/// A geom with the data it points to.
struct OdeShape {
  dGeomID geom = nullptr;
  std::unique_ptr<ConvexData> convex;
  double shift = 0;  // how far ODE's geom may lie from the case's shape (rounding), >= 0
  ~OdeShape() {
    if (geom) dGeomDestroy(geom);
  }
};

/// ODE's geom for a case's shape (points, radius), built as the file header says; nullptr and a
/// reason when ODE cannot represent it. The geom is owned by the result.
inline std::unique_ptr<OdeShape> make_ode_shape(const std::vector<V>& points, double r,
                                                std::string* why) {
  std::vector<V> pts;
  for (const V& v : points)
    if (std::find(pts.begin(), pts.end(), v) == pts.end()) pts.push_back(v);
  if (pts.empty()) throw std::runtime_error("a shape without points");
  auto out = std::make_unique<OdeShape>();
  if (pts.size() == 1) {
    if (r == 0) {
      *why = "point (no ODE geom)";
      return nullptr;
    }
    out->geom = dCreateSphere(nullptr, r);
    dGeomSetPosition(out->geom, pts[0][0], pts[0][1], pts[0][2]);
    return out;
  }
  if (pts.size() == 2) {
    if (r == 0) {
      *why = "segment (no ODE geom)";
      return nullptr;
    }
    const V d = sub(pts[1], pts[0]);
    const double len = norm(d);
    const V z = {d[0] / len, d[1] / len, d[2] / len};
    // x: the coordinate axis least aligned with z, made orthogonal; y = z × x.
    int a = 0;
    for (int c = 1; c < 3; ++c)
      if (std::fabs(z[c]) < std::fabs(z[a])) a = c;
    V e = {0, 0, 0};
    e[a] = 1;
    V x = sub(e, {z[0] * z[a], z[1] * z[a], z[2] * z[a]});
    const double lx = norm(x);
    x = {x[0] / lx, x[1] / lx, x[2] / lx};
    const V y = cross(z, x);
    dMatrix3 R = {x[0], y[0], z[0], 0, x[1], y[1], z[1], 0, x[2], y[2], z[2], 0};
    out->geom = dCreateCapsule(nullptr, r, len);
    dGeomSetRotation(out->geom, R);
    const V mid = {0.5 * pts[0][0] + 0.5 * pts[1][0], 0.5 * pts[0][1] + 0.5 * pts[1][1],
                   0.5 * pts[0][2] + 0.5 * pts[1][2]};
    dGeomSetPosition(out->geom, mid[0], mid[1], mid[2]);
    // ODE's segment is mid ± z·len/2 (capsule.cpp forms it so); how far that lies from p and q,
    // computed in double, plus a rounding ulp of the coordinates, is the shift.
    for (int end = 0; end < 2; ++end) {
      const double h = (end ? 0.5 : -0.5) * len;
      const V ode_end = {mid[0] + z[0] * h, mid[1] + z[1] * h, mid[2] + z[2] * h};
      const V off = sub(ode_end, pts[end]);
      const double scale =
          std::max({std::fabs(pts[end][0]), std::fabs(pts[end][1]), std::fabs(pts[end][2]), len});
      out->shift = std::max(out->shift, norm(off) + 4 * 0x1p-53 * scale);
    }
    return out;
  }
  if (r != 0) {
    *why = "polytope with a radius (no rounded ODE geom)";
    return nullptr;
  }
  // An axis-aligned box: exactly the 8 corners of [lo, hi], sides exact in double (shift 0).
  if (pts.size() == 8) {
    V lo = pts[0], hi = pts[0];
    for (const V& p : pts)
      for (int c = 0; c < 3; ++c) lo[c] = std::min(lo[c], p[c]), hi[c] = std::max(hi[c], p[c]);
    bool box = true;
    for (const V& p : pts)
      for (int c = 0; c < 3; ++c) box = box && (p[c] == lo[c] || p[c] == hi[c]);
    V side, centre;
    for (int c = 0; c < 3; ++c) {
      side[c] = hi[c] - lo[c];
      centre[c] = 0.5 * lo[c] + 0.5 * hi[c];
      // Exact side and centre: the corners ODE forms, centre ± side/2, are the case's.
      box = box && side[c] > 0 && centre[c] - 0.5 * side[c] == lo[c] &&
            centre[c] + 0.5 * side[c] == hi[c] && hi[c] - side[c] == lo[c];
    }
    if (box) {
      out->geom = dCreateBox(nullptr, side[0], side[1], side[2]);
      dGeomSetPosition(out->geom, centre[0], centre[1], centre[2]);
      return out;
    }
    // A box in any other orientation, decided exactly (ode_box.hpp): dCreateBox turned by its
    // axes, the proven distance between ODE's rounded box and the case's as the shift.
    if (const std::optional<ode_box::Box> turned = ode_box::exact_box(pts)) {
      out->geom = dCreateBox(nullptr, turned->sides[0], turned->sides[1], turned->sides[2]);
      dGeomSetRotation(out->geom, turned->rotation.data());
      dGeomSetPosition(out->geom, turned->centre[0], turned->centre[1], turned->centre[2]);
      out->shift = turned->shift;
      return out;
    }
  }
  // ODE's convex is defined about its geom's position, which must lie inside it (convex.cpp's
  // constructor warns "Plane %d does not contain the origin" otherwise, and its colliders work in
  // the convex's frame). The position c is the points' mean; the local points l = p − c are
  // rounded, so ODE's convex is the case's shape moved by the rounding: each point by the exact
  // error of p − c (TwoSum), each face plane by how far its vertices lie off it in double. Their
  // sum is the answer's input_shift (the protocol adds it to every allowance).
  V mean = {0, 0, 0};
  for (const V& p : pts)
    for (int c = 0; c < 3; ++c) mean[c] += p[c] / static_cast<double>(pts.size());
  std::vector<V> local;
  double point_shift = 0;
  for (const V& p : pts) {
    V l, e;
    for (int c = 0; c < 3; ++c) {  // TwoSum(p, −mean): p − mean = l + e exactly
      l[c] = p[c] - mean[c];
      const double bp = l[c] - p[c], ap = l[c] - bp;
      e[c] = (p[c] - ap) + (-mean[c] - bp);
    }
    if (!std::isfinite(norm(l))) {
      *why = "coordinates beyond double after centring";
      return nullptr;
    }
    point_shift = std::max(point_shift, norm(e));
    local.push_back(l);
  }
  std::optional<ConvexData> hull = convex_hull(local, why);
  if (!hull) return nullptr;
  double plane_shift = 0;
  const unsigned* poly = hull->polygons.data();
  for (std::size_t f = 0; f < hull->planes.size(); f += 4, poly += *poly + 1) {
    if (!(hull->planes[f + 3] > 0)) {
      *why = "the centre is not strictly inside the hull (a sliver)";
      return nullptr;
    }
    const V n = {hull->planes[f], hull->planes[f + 1], hull->planes[f + 2]};
    for (unsigned v = 1; v <= *poly; ++v) {
      const double* q = &hull->points[3 * poly[v]];
      plane_shift =
          std::max(plane_shift, std::fabs(dot(n, {q[0], q[1], q[2]}) - hull->planes[f + 3]));
    }
  }
  out->shift = point_shift + plane_shift;
  out->convex = std::make_unique<ConvexData>(std::move(*hull));
  const ConvexData& c = *out->convex;
  out->geom =
      dCreateConvex(nullptr, c.planes.data(), static_cast<unsigned>(c.planes.size() / 4),
                    c.points.data(), static_cast<unsigned>(c.points.size() / 3), c.polygons.data());
  dGeomSetPosition(out->geom, mean[0], mean[1], mean[2]);
  return out;
}

}  // namespace ode_shapes
