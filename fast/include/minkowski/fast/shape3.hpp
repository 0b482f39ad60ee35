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
//   face_edges(f)       the edge index of each loop step: face_edges(f)[i] joins
//                       face_vertices(f)[i] to face_vertices(f)[i + 1] (cyclically).
//   face_plane(f)       unit outward normal and offset: dot(normal, x) = offset on the face, up to
//                       rounding; dot(normal, x) <= offset (+ rounding) for every vertex x
//                       (the offset is the largest vertex value; over the face's vertices and
//                       their neighbours only above 2^16 vertex-face pairs).
//   edges()             each undirected hull edge once: v0 → v1 is its direction in face_left's
//                       loop and v1 → v0 in face_right's. A segment has one edge with both faces
//                       kNoFace; a point none.
//   neighbors(v)        the vertices joined to v by an edge (hill-climbing supports).
//   radius(), scale()   r, and S: the largest absolute vertex coordinate (radius excluded).
//   weld_shift()        an upper bound on the distance from any input point to this shape's core
//                       and on how far a face plane passes from its own vertices (what the weld,
//                       the merged coplanar facets and the dropped vertices moved), as the 2D
//                       ConvexShape::weld_shift; 0 when nothing moved (up to rounding: a face
//                       plane of rounded normal may miss its vertices by an ulp or two).
//
// Invariants of a built shape: every coordinate and the radius are finite and at most
// max_coordinate3<T>() in magnitude; Euler's formula V − E + F = 2 holds for dimension 3.
//
// The input domain (tolerances3.hpp, "The input domain of make_shape3"): 1 to kMaxShapePoints
// points, coordinates and radius finite and within ±max_coordinate3<T>(), radius >= 0. Inside it
// every shape is built — whatever its proportions: a needle (one vertex 10^9 times farther from
// the rest than their extent) is a shape like any other — and the 3D bounds hold for every
// algorithm; outside it make_shape3 returns the ShapeError naming the point or the radius.

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstddef>
#include <cstdint>
#include <limits>
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

/// What a shape's core is, decided once by make_shape3 from the built hull and stored: the queries
/// choose their dedicated paths from the two shapes' kinds (segment3.hpp: closed-form closest
/// points when both cores are points or segments — spheres and capsules). Exact by construction:
/// the kind is the built core's dimension (a point core has 1 vertex, a segment core 2, a flat
/// polygon 2 faces ±n), never a measured property of the input.
enum class ShapeKind3 : std::uint8_t {
  point = 0,    ///< 1 vertex (with a radius: a sphere)
  segment = 1,  ///< 2 vertices, 1 edge (with a radius: a capsule)
  polygon = 2,  ///< a flat convex polygon (2 faces)
  polytope = 3  ///< a 3-dimensional convex polytope
};

/// "No face": the face fields of a segment's edge.
inline constexpr std::uint32_t kNoFace = 0xffffffffu;

/// An undirected hull edge and its two faces (see the header comment for the orientation).
struct Edge3 {
  std::uint32_t v0 = 0, v1 = 0;
  std::uint32_t face_left = kNoFace, face_right = kNoFace;
};

/// A core that is a parallelepiped (a box, turned or sheared) up to `fit`: its 8 vertices lie
/// within `fit` of the corners centre ± half[0] ± half[1] ± half[2], and edge k of the shape joins
/// two corners differing in the sign of half[edge_class[k]]. make_shape3 finds it from the built
/// hull (8 vertices, 12 edges, 6 faces, the corners matched one to one) and keeps it only when
/// fit <= kParallelepiped3FitRatio × the shortest |half[i]| (tolerances3.hpp). The queries use
/// it only to skip work whose outcome it bounds (sat3.hpp, "Boxes"), never as the shape: every
/// answer is still computed from the stored vertices.
template <class T>
struct Parallelepiped3 {
  Vec3<T> centre{};
  Vec3<T> half[3]{};   ///< half edge vectors (the generators)
  T half_length[3]{};  ///< |half[i]| as computed
  Vec3<T> face[3]{};   ///< half[i + 1] × half[i + 2] (mod 3): the face normals, unnormalised
  T angle[3]{};        ///< 2·fit/half_length[i]: edges of class i are within this of half[i] (rad)
  std::uint16_t class_edges[3]{};  ///< bit k set: edge k is of class i
  T fit{};                         ///< largest distance from a vertex to its corner (see above)
  std::uint8_t edge_class[12]{};
};

template <class T>
struct ShapeBuilder3;

template <class T>
class ConvexShape3 {
 public:
  ConvexShape3() = default;

  int dimension() const { return dimension_; }
  /// The core's kind (ShapeKind3), set by make_shape3 with the dimension.
  ShapeKind3 kind() const { return kind_; }
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
  /// The adjacency in CSR form (size() + 1 offsets; neighbours of v: adjacency()[offsets[v] ..
  /// offsets[v + 1])), for the support searches' raw loops.
  std::span<const std::uint32_t> adjacency_offsets() const { return adjacency_offset_; }
  std::span<const std::uint32_t> adjacency() const { return adjacency_; }

  T radius() const { return radius_; }
  /// Largest absolute coordinate of the vertices (S in the tolerance model), without the radius.
  T scale() const { return scale_; }
  /// How far the weld moved the input (see the header comment and make_shape3's step 8): every
  /// answer about this shape is exact for a shape this close (Hausdorff) to the input's hull.
  T weld_shift() const { return weld_shift_; }
  /// A ball holding the core: every vertex v has |v − bound_centre()| <= bound_radius() in exact
  /// arithmetic (the radius is rounded up: see ShapeBuilder3::bound). +inf when the vertices'
  /// squared distances leave float's or double's normal range (no bound then). The early-outs of
  /// gjk_overlap and contact_manifold (bounding_balls_apart, gjk3.hpp) read it.
  const Vec3<T>& bound_centre() const { return bound_centre_; }
  T bound_radius() const { return bound_radius_; }
  /// The climbing support search's start table (support3.hpp), kClimbStartEntries3 entries: entry
  /// detail::direction_bucket3(d) is a support vertex of that entry's direction c (the middle one,
  /// c = 0, is vertex 0). Only shapes of more than kSupport3LinearMaxVertices vertices have one
  /// (1,372 bytes); nullptr for the others (a climb on them starts from its hint or vertex 0).
  const std::uint32_t* climb_starts() const {
    return climb_start_.empty() ? nullptr : climb_start_.data();
  }
  /// The core as a parallelepiped (Parallelepiped3), or nullptr when it is none.
  const Parallelepiped3<T>* parallelepiped() const {
    return parallelepiped_.empty() ? nullptr : parallelepiped_.data();
  }

 private:
  friend struct ShapeBuilder3<T>;
  int dimension_ = 0;
  ShapeKind3 kind_ = ShapeKind3::point;
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
  Vec3<T> bound_centre_{};
  T bound_radius_ = std::numeric_limits<T>::infinity();
  std::vector<std::uint32_t> climb_start_;
  // 0 or 1 element: on the heap, so that the ~300 bytes do not widen every shape (a shape array's
  // stride is what a loop over many pairs pays for).
  std::vector<Parallelepiped3<T>> parallelepiped_;
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

// How make_shape3 builds the hull (the derivations of the tolerances are in tolerances3.hpp).
//
//  1. Validation: as make_shape (empty, too many points, NaN/inf, negative radius, range), each
//     message naming the point.
//  2. Working coordinates: every point in double, multiplied by the power of two 2^-e that puts
//     S in [1, 2) (exact), so the hull's products neither underflow nor overflow at any scale and
//     its thresholds are absolute. Floats convert exactly; computing a float shape's hull in
//     double makes its predicates 2^29 times finer than the input's rounding.
//     ε = kHull3PlaneUlps·u·S is T's plane thickness (u of T); ε_q, Quickhull's own, is the same
//     number of ulps of double (equal to ε for double input, far thinner for float).
//  3. Dimension: two extreme points p0, p1 (the farthest pair among the six axis extremes), the
//     point p2 farthest from their line, p3 farthest from the plane (p0, p1, p2). All points
//     within ε of p0 → a point; of the line → a segment (its extremes along the line); of the
//     plane → a flat polygon: the 2D hull (Andrew's monotone chain with the exact orientation
//     sign of 2D) of the points projected on the plane, then again on the plane of that
//     polygon's Newell normal; else a polytope.
//  4. Polytope: Quickhull (C. B. Barber, D. P. Dobkin, H. Huhdanpaa, "The Quickhull algorithm for
//     convex hulls", ACM TOMS 22(4), 1996) on triangles with conflict lists from the tetrahedron
//     (p0, p1, p2, p3), with thick planes: a point is outside a facet when more than ε_q above
//     its plane; from the new point (the farthest outside point of a facet) every facet reached
//     through neighbours that it is not more than ε_q below is removed (a facet nearly coplanar
//     with the point goes too, as Qhull merges coplanar horizon facets: else the new facet over
//     the shared edge folds over it, or is a sliver whose plane tilts), and so is a horizon facet
//     whose far vertex would lie above the new facet over their edge. Facet planes come from an
//     accurate cross product (detail::accurate_cross). A horizon that is not one simple loop, or
//     a concave edge left in the result, is rounding's topology: the hull is computed again
//     with both thicknesses 4 times larger (kHull3Retries), or, for points within
//     kHull3FlatRetryThicknesses·ε of a plane, taken as the flat polygon. A hull left with fewer
//     than 4 faces by step 5's merge (a slab about ε thick, its rim merged into its two sides)
//     is such a failure too.
//  5. Faces: adjacent triangles are merged greedily, flattest pair first, while the vertices of
//     the union lie within ε of the union's plane (its normal: the sum of the triangles' area
//     vectors, Newell's normal). Each face's boundary is walked into its loop; a group whose
//     boundary is not one loop is split back into its triangles.
//  6. Strict convexity: loop vertices within ε of the chord between their loop neighbours (and
//     over it), or reflex, are dropped — no two joined by an edge in one round — and the hull of
//     the remaining vertices computed again (kHull3MaxRounds).
//  7. Weld: points within kWeld3Ulps·u·S in every coordinate of an earlier vertex are dropped
//     (a hash grid of cells 64 welds wide, on the shape's vertices only: the other points are
//     inside or measured), and the hull of the survivors computed again if any was.
//  8. weld_shift (the Hausdorff bound): the largest weld distance, plus the shift of the hull
//     that step 7's weld replaced (a flat polygon's or segment's own term below: the points it
//     held are within that of it, and it is within the weld distance of the survivors' hull;
//     without it a float blob of ~20 ulps 1e6 from the origin, flat at round 0 and a segment
//     after its weld, reported 0.14 where a point lay 1.1 away), plus the largest of: each
//     face's flatness (its plane offset — the largest value of dot(n, x) over the vertices —
//     minus its lowest vertex: the faces' planes are within this of the vertex hull), and the
//     distance from every point the hull dropped (points within ε_q of the thick hull, vertices
//     that left it, vertices inside merged faces, step 6's) to the final shape, bounded above by
//     its distance to the nearest face polygon among those whose planes pass within ε of it.
//     Flat shapes add the range of dot(n, x) over all points (every point projects along n into
//     the polygon, up to the dropped vertices' distances, which are added; the same convex
//     combination of the 3D vertices differs from the projection along n by at most that
//     range); segments twice the largest distance from their line, points the largest distance
//     from their vertex. A polytope whose measured shift exceeds what flattening would cost (a
//     slab a few ε thick, whose thin rim lets points slip past wedges) is replaced by the flat
//     polygon. Distances are computed in double and stored rounded: a bound up to a few
//     roundings.
//
// Cost: O(n log n) expected for Quickhull on random input, plus O(dropped points · faces near
// them) for step 8 (CPU times on the shared host, -O2: 8 / 32 / 1,024 / 100,000 Gaussian points
// 0.016 / 0.039 / 0.26 / 13.6 ms; 1,024 and 100,000 points on a sphere, all vertices: 3.6 and
// 870 ms).

namespace detail {

/// Entries of the climb's start table: one per direction c in {-3, …, 3}³.
inline constexpr std::size_t kClimbStartEntries3 = 343;

/// The entry of direction d in the climb's start table: the c of d's components rounded to thirds
/// of the largest (tolerances3.hpp, kClimb3StartLevel1–3), at 49(cx + 3) + 7(cy + 3) + (cz + 3).
/// 171 (c = 0) for d = 0; a NaN component counts as −3 (any entry is a correct start).
template <class T>
inline std::size_t direction_bucket3(Vec3<T> d) {
  using std::abs;
  const T m = std::max(abs(d.x), std::max(abs(d.y), abs(d.z)));
  const T t1 = T(kClimb3StartLevel1) * m, t2 = T(kClimb3StartLevel2) * m,
          t3 = T(kClimb3StartLevel3) * m;
  const auto level = [t1, t2, t3](T c) {
    if (c > t1) return c > t3 ? 6u : (c > t2 ? 5u : 4u);
    if (c >= -t1) return 3u;
    return c >= -t2 ? 2u : (c >= -t3 ? 1u : 0u);
  };
  return 49u * level(d.x) + 7u * level(d.y) + level(d.z);
}

// (b − a) × (c − a) of double points, accurate to a few ulps of each component however thin the
// triangle (a sliver's plane from a rounded cross product may tilt by u·|ab|·|ac|/|ab × ac|: a
// triangle 7e-15 high and 1 long, taken from a box's face diagonal, came out 0.016 rad off and a
// box corner 0.125 above it). Double-double arithmetic without FMA (the build keeps
// -ffp-contract=off): exact differences (Knuth's two-sum), exact products of the leading parts
// (Dekker's split, valid below 2^996: the working points are at most 2 in magnitude), the
// products with the trailing parts rounded (their error is u² relative), the sum in double-double
// (T. J. Dekker, "A floating-point technique for extending the available precision", Numer.
// Math. 18, 1971; Shewchuk 1997 for the two-sum).
struct TwoDouble {
  double hi, lo;
};
inline TwoDouble two_sum(double a, double b) {
  const double s = a + b, bb = s - a;
  return {s, (a - (s - bb)) + (b - bb)};
}
inline TwoDouble two_prod(double a, double b) {
  const double p = a * b;
  const double ca = 134217729.0 * a, ah = ca - (ca - a), al = a - ah;
  const double cb = 134217729.0 * b, bh = cb - (cb - b), bl = b - bh;
  return {p, ((ah * bh - p) + ah * bl + al * bh) + al * bl};
}
// x·y − z·w for x, y, z, w given as exact two-double differences, rounded once at the end.
inline double cross_term(TwoDouble x, TwoDouble y, TwoDouble z, TwoDouble w) {
  const TwoDouble p = two_prod(x.hi, y.hi), q = two_prod(z.hi, w.hi);
  const TwoDouble s = two_sum(p.hi, -q.hi);
  const double tail = (p.lo - q.lo) + ((x.hi * y.lo + x.lo * y.hi) - (z.hi * w.lo + z.lo * w.hi));
  return s.hi + (s.lo + tail);
}
inline Vec3<double> accurate_cross(Vec3<double> a, Vec3<double> b, Vec3<double> c) {
  const TwoDouble ux = two_sum(b.x, -a.x), uy = two_sum(b.y, -a.y), uz = two_sum(b.z, -a.z);
  const TwoDouble vx = two_sum(c.x, -a.x), vy = two_sum(c.y, -a.y), vz = two_sum(c.z, -a.z);
  return {cross_term(uy, vz, uz, vy), cross_term(uz, vx, ux, vz), cross_term(ux, vy, uy, vx)};
}

// Quickhull on triangles in double (step 5 above). The points are given by index into a shared
// array; the hull's faces are the live entries of `faces` after run().
class QuickHull3 {
 public:
  using W = double;
  using V = Vec3<double>;
  static constexpr std::uint32_t kNone = 0xffffffffu;

  struct Face {
    std::uint32_t v[3];          // counter-clockwise seen from outside
    std::uint32_t adj[3];        // adj[i]: the face across the edge v[i] → v[i + 1]
    V n;                         // unit outward normal
    W off;                       // dot(n, x) = off on the plane
    std::uint32_t head = kNone;  // conflict list (through next_)
    std::uint32_t far = kNone;   // the conflict point farthest above the plane
    W far_d = 0;
    std::uint32_t mark = 0;
    bool alive = true;
  };

  std::vector<Face> faces;

  // Plane of the triangle (a, b, c): its accurate cross product (accurate_cross), normalised; the
  // offset is the mean of the three vertices' values. False
  // when the cross product is zero (never for a facet of the thick hull: its apex is > ε off the
  // base's line).
  static bool plane(const V& a, const V& b, const V& c, V& n, W& off) {
    const V cr = accurate_cross(a, b, c);
    const W c2 = length_squared(cr);
    if (!(c2 > W(0)) || !std::isfinite(c2)) return false;
    n = unit_vector(cr, c2);
    off = (dot(n, a) + dot(n, b) + dot(n, c)) / W(3);
    return true;
  }

  // The hull of pts[ids], starting from the tetrahedron init (indices into pts, among ids, the
  // fourth more than eps off the first three's plane). near receives every point dropped within
  // eps of the hull's planes and every vertex that left the hull, for the caller to measure.
  // False on a topological failure (see the header of the builder).
  bool run(const std::vector<V>& pts, const std::vector<std::uint32_t>& ids, std::uint32_t init[4],
           W eps, std::vector<std::uint32_t>& near) {
    faces.clear();
    next_.assign(pts.size(), kNone);
    vstamp_.assign(pts.size(), 0);
    vnext_.assign(pts.size(), kNone);
    stamp_ = 0;
    std::uint32_t a = init[0], b = init[1], c = init[2], d = init[3];
    if (orient3(pts[a], pts[b], pts[c], pts[d]) > W(0)) std::swap(b, c);  // d below (a, b, c)
    const std::uint32_t tri[4][3] = {{a, b, c}, {b, a, d}, {c, b, d}, {a, c, d}};
    for (const auto& t : tri) {
      Face f;
      f.v[0] = t[0], f.v[1] = t[1], f.v[2] = t[2];
      if (!plane(pts[t[0]], pts[t[1]], pts[t[2]], f.n, f.off)) return false;
      faces.push_back(f);
    }
    for (std::uint32_t f = 0; f < 4; ++f)
      for (int i = 0; i < 3; ++i) {
        const std::uint32_t p = faces[f].v[i], q = faces[f].v[(i + 1) % 3];
        for (std::uint32_t g = 0; g < 4; ++g)
          for (int j = 0; j < 3; ++j)
            if (faces[g].v[j] == q && faces[g].v[(j + 1) % 3] == p) faces[f].adj[i] = g;
      }
    for (std::uint32_t id : ids) {
      if (id == a || id == b || id == c || id == d) continue;
      W best_d = -std::numeric_limits<W>::infinity();
      std::uint32_t best = kNone;
      for (std::uint32_t f = 0; f < 4; ++f) {
        const W h = dot(faces[f].n, pts[id]) - faces[f].off;
        if (h > best_d) best_d = h, best = f;
      }
      if (best_d > eps)
        add_conflict(best, id, best_d);
      else if (best_d > -eps)
        near.push_back(id);
    }
    std::vector<std::uint32_t> work = {0, 1, 2, 3};
    std::vector<std::uint32_t> visible, fresh, forced;
    std::vector<std::pair<std::uint32_t, int>> horizon, loop;
    // Each iteration makes one conflict point a vertex and takes it out of every list: at most
    // ids.size() iterations.
    std::size_t iterations = 0;
    while (!work.empty()) {
      const std::uint32_t f0 = work.back();
      work.pop_back();
      if (!faces[f0].alive || faces[f0].head == kNone) continue;
      if (++iterations > ids.size()) return false;
      const std::uint32_t apex = faces[f0].far;
      const V& p = pts[apex];
      // The visible region: faces more than eps below the apex, reached from f0. A horizon
      // face o whose far vertex would lie above the new face over the shared edge (the apex is
      // within eps of o's plane and over o: the new face would fold back over o) is made
      // visible too (Barber et al.'s coplanar horizon facet, merged here by removing it), and
      // the region found again; each pass adds a face, so at most faces.size() passes.
      std::uint32_t seen_visible = 0, seen_hidden = 0;
      forced.clear();
      for (;;) {
        stamp_ += 2;
        seen_visible = stamp_;
        seen_hidden = stamp_ + 1;
        visible.assign(1, f0);
        faces[f0].mark = seen_visible;
        for (std::uint32_t g : forced)
          if (faces[g].mark != seen_visible) faces[g].mark = seen_visible, visible.push_back(g);
        horizon.clear();
        for (std::size_t k = 0; k < visible.size(); ++k) {
          const std::uint32_t g = visible[k];
          for (int e = 0; e < 3; ++e) {
            const std::uint32_t h = faces[g].adj[e];
            if (faces[h].mark == seen_visible) continue;
            if (faces[h].mark != seen_hidden) {
              if (dot(faces[h].n, p) - faces[h].off > -eps) {
                faces[h].mark = seen_visible;
                visible.push_back(h);
                continue;
              }
              faces[h].mark = seen_hidden;
            }
            horizon.emplace_back(g, e);
          }
        }
        const std::size_t before = forced.size();
        for (const auto& [g, e] : horizon) {
          const std::uint32_t a = faces[g].v[e], b = faces[g].v[(e + 1) % 3];
          const Face& o = faces[faces[g].adj[e]];
          std::uint32_t far = o.v[0];
          for (int k = 0; k < 3; ++k)
            if (o.v[k] != a && o.v[k] != b) far = o.v[k];
          V n;
          W off;
          if (!plane(pts[a], pts[b], p, n, off) || dot(n, pts[far]) - off > eps)
            forced.push_back(faces[g].adj[e]);
        }
        if (forced.size() == before) break;
        if (forced.size() > faces.size()) return false;
      }
      // The horizon's edges as one loop: each vertex starts at most one edge, and the walk from
      // the first edge must use them all. No horizon (rounding made every face visible, forced
      // faces included) is the same topological failure.
      if (horizon.empty()) return false;
      for (std::size_t k = 0; k < horizon.size(); ++k) {
        const std::uint32_t s = faces[horizon[k].first].v[horizon[k].second];
        if (vstamp_[s] == seen_visible) return false;
        vstamp_[s] = seen_visible;
        vnext_[s] = static_cast<std::uint32_t>(k);
      }
      loop.clear();
      {
        std::size_t k = 0;
        do {
          loop.push_back(horizon[k]);
          if (loop.size() > horizon.size()) return false;
          const Face& g = faces[horizon[k].first];
          const std::uint32_t end = g.v[(horizon[k].second + 1) % 3];
          if (vstamp_[end] != seen_visible) return false;
          k = vnext_[end];
        } while (k != 0);
        if (loop.size() != horizon.size()) return false;
      }
      // Vertices of visible faces that are not on the horizon leave the hull.
      for (std::uint32_t g : visible)
        for (int e = 0; e < 3; ++e) {
          const std::uint32_t v = faces[g].v[e];
          if (vstamp_[v] != seen_visible && vstamp_[v] != seen_hidden) {
            vstamp_[v] = seen_hidden;
            near.push_back(v);
          }
        }
      // The cone from the apex over the horizon.
      const std::uint32_t first = static_cast<std::uint32_t>(faces.size());
      const std::uint32_t m = static_cast<std::uint32_t>(loop.size());
      fresh.clear();
      for (std::uint32_t k = 0; k < m; ++k) {
        const auto [g, e] = loop[k];
        Face nf;
        nf.v[0] = faces[g].v[e];
        nf.v[1] = faces[g].v[(e + 1) % 3];
        nf.v[2] = apex;
        const std::uint32_t out = faces[g].adj[e];
        nf.adj[0] = out;
        nf.adj[1] = first + (k + 1) % m;
        nf.adj[2] = first + (k + m - 1) % m;
        if (!plane(pts[nf.v[0]], pts[nf.v[1]], pts[nf.v[2]], nf.n, nf.off)) return false;
        Face& o = faces[out];
        bool linked = false;
        for (int j = 0; j < 3; ++j)
          if (o.adj[j] == g && o.v[j] == nf.v[1]) o.adj[j] = first + k, linked = true;
        if (!linked) return false;
        faces.push_back(nf);
        fresh.push_back(first + k);
      }
      // The visible faces' conflict points go to the first new face they are outside of.
      for (std::uint32_t g : visible) {
        faces[g].alive = false;
        for (std::uint32_t q = faces[g].head; q != kNone;) {
          const std::uint32_t nq = next_[q];
          if (q != apex) {
            W best_d = -std::numeric_limits<W>::infinity();
            bool placed = false;
            for (std::uint32_t f : fresh) {
              const W h = dot(faces[f].n, pts[q]) - faces[f].off;
              if (h > eps) {
                add_conflict(f, q, h);
                placed = true;
                break;
              }
              if (h > best_d) best_d = h;
            }
            if (!placed && best_d > -eps) near.push_back(q);
          }
          q = nq;
        }
        faces[g].head = kNone;
      }
      for (std::uint32_t f : fresh)
        if (faces[f].head != kNone) work.push_back(f);
    }
    return true;
  }

 private:
  void add_conflict(std::uint32_t f, std::uint32_t p, W h) {
    Face& face = faces[f];
    next_[p] = face.head;
    face.head = p;
    if (face.far == kNone || h > face.far_d) face.far = p, face.far_d = h;
  }

  std::vector<std::uint32_t> next_;
  std::vector<std::uint32_t> vstamp_;
  std::vector<std::uint32_t> vnext_;
  std::uint32_t stamp_ = 0;
};

}  // namespace detail

template <class T>
struct ShapeBuilder3 {
  using W = double;
  using V = Vec3<double>;
  static constexpr std::uint32_t kNone = 0xffffffffu;

  // The shape as the builder holds it before conversion to T: indices into the working points.
  struct Draft {
    int dimension = 0;
    std::vector<std::vector<std::uint32_t>> loops;  // faces (dimension 2: the polygon, once)
    std::vector<V> normals;                         // unit outward normal per loop
    std::vector<std::uint32_t> vertices;            // dimension 0 and 1 (and the loops' union)
    std::vector<W> offsets;                         // dimension 3: the planes' offsets (emit)
    W eps = 0;                                      // the plane thickness it was built with
    W extra_shift = 0;  // the dimension's own term of weld_shift (see the builder's header)
  };

  /// The bounding ball of s's vertices: centre the middle of their bounding box, radius the
  /// largest computed |v − c| times (1 + kBound3RadiusUlps·u). Each |v − c| is computed with a
  /// relative error below 4u (a rounded difference per coordinate, three rounded squares and
  /// two sums, a rounded square root) while the squares stay normal, so the factor makes the
  /// radius an upper bound; squares outside the normal range (tiny or huge shapes) leave +inf.
  static void bound(ConvexShape3<T>& s) {
    using std::sqrt;
    if (s.vertices_.empty()) return;
    Vec3<T> lo = s.vertices_[0], hi = lo;
    for (const Vec3<T>& v : s.vertices_) {
      lo = {std::min(lo.x, v.x), std::min(lo.y, v.y), std::min(lo.z, v.z)};
      hi = {std::max(hi.x, v.x), std::max(hi.y, v.y), std::max(hi.z, v.z)};
    }
    if (s.vertices_.size() == 1) {  // a point: its own ball, exactly
      s.bound_centre_ = lo;
      s.bound_radius_ = T(0);
      return;
    }
    const Vec3<T> c = T(0.5) * lo + T(0.5) * hi;
    T m2 = T(0);
    for (const Vec3<T>& v : s.vertices_) m2 = std::max(m2, length_squared(v - c));
    s.bound_centre_ = c;
    s.bound_radius_ =
        m2 >= std::numeric_limits<T>::min() && m2 <= std::numeric_limits<T>::max() / T(4)
            ? sqrt(m2) * (T(1) + T(kBound3RadiusUlps) * unit_roundoff<T>())
            : std::numeric_limits<T>::infinity();
  }

  /// ConvexShape3::parallelepiped: a 3-dimensional hull of 8 vertices, 12 edges and 6 faces whose
  /// vertex 0 has 3 neighbours spans the generators half[i] = (neighbour i − vertex 0)/2 and the
  /// centre vertex 0 + Σ half[i]; each vertex is matched to its nearest corner (the 8 corners
  /// used once), `fit` is the largest vertex–corner distance as computed (its own rounding,
  /// O(u·S), is covered by the slack of the filter that reads it: kSat3SkipSlackUlps), and each
  /// edge must join corners differing in one sign, four edges per generator.
  static void parallelepiped(ConvexShape3<T>& s) {
    using std::sqrt;
    if (s.dimension_ != 3 || s.vertices_.size() != 8 || s.edges_.size() != 12 ||
        s.planes_.size() != 6)
      return;
    const std::span<const std::uint32_t> nb = s.neighbors(0);
    if (nb.size() != 3) return;
    Parallelepiped3<T> p;
    const Vec3<T> v0 = s.vertices_[0];
    T shortest = std::numeric_limits<T>::infinity();
    for (int i = 0; i < 3; ++i) {
      p.half[i] = T(0.5) * (s.vertices_[nb[i]] - v0);
      p.half_length[i] = sqrt(length_squared(p.half[i]));
      shortest = std::min(shortest, p.half_length[i]);
    }
    p.centre = v0 + p.half[0] + p.half[1] + p.half[2];
    auto corner = [&](unsigned m) {
      Vec3<T> c = p.centre;
      for (int i = 0; i < 3; ++i) c = (m >> i & 1u) ? c + p.half[i] : c - p.half[i];
      return c;
    };
    unsigned used = 0, of[8];
    T fit2 = T(0);
    for (std::size_t v = 0; v < 8; ++v) {
      unsigned best = 0;
      T best2 = length_squared(s.vertices_[v] - corner(0));
      for (unsigned m = 1; m < 8; ++m) {
        const T d2 = length_squared(s.vertices_[v] - corner(m));
        if (d2 < best2) best2 = d2, best = m;
      }
      if (used >> best & 1u) return;  // two vertices at one corner: no parallelepiped
      used |= 1u << best;
      of[v] = best;
      fit2 = std::max(fit2, best2);
    }
    p.fit = sqrt(fit2);
    // Squares of the half edges in the normal range (no underflow in the filter's products),
    // and the vertices close to their corners.
    if (!(shortest * shortest >= std::numeric_limits<T>::min())) return;
    if (!(p.fit <= T(kParallelepiped3FitRatio) * shortest)) return;
    int count[3] = {0, 0, 0};
    for (std::size_t k = 0; k < 12; ++k) {
      const unsigned x = of[s.edges_[k].v0] ^ of[s.edges_[k].v1];
      if (x != 1u && x != 2u && x != 4u) return;  // a diagonal: no parallelepiped
      const int i = x == 1u ? 0 : (x == 2u ? 1 : 2);
      p.edge_class[k] = static_cast<std::uint8_t>(i);
      ++count[i];
    }
    if (count[0] != 4 || count[1] != 4 || count[2] != 4) return;
    for (int i = 0; i < 3; ++i) {
      p.face[i] = cross(p.half[(i + 1) % 3], p.half[(i + 2) % 3]);
      p.angle[i] = T(2) * p.fit / p.half_length[i];
    }
    for (std::size_t k = 0; k < 12; ++k)
      p.class_edges[p.edge_class[k]] |= static_cast<std::uint16_t>(1u << k);
    s.parallelepiped_.assign(1, p);
  }

  /// The climb's start table (ConvexShape3::climb_starts): for each bucket's direction c, the
  /// first vertex maximizing dot(v, c) (exact for the small integer c up to the dot's rounding;
  /// any vertex would be a correct start). Only for shapes the searches climb.
  static void climb_table(ConvexShape3<T>& s) {
    const std::size_t n = s.vertices_.size();
    if (n <= kSupport3LinearMaxVertices) return;
    s.climb_start_.assign(detail::kClimbStartEntries3, 0);
    for (int cx = -3; cx <= 3; ++cx)
      for (int cy = -3; cy <= 3; ++cy)
        for (int cz = -3; cz <= 3; ++cz) {
          const Vec3<T> c{T(cx), T(cy), T(cz)};
          std::size_t best = 0;
          T best_h = dot(s.vertices_[0], c);
          for (std::size_t i = 1; i < n; ++i) {
            const T h = dot(s.vertices_[i], c);
            if (h > best_h) best_h = h, best = i;
          }
          s.climb_start_[49 * (cx + 3) + 7 * (cy + 3) + (cz + 3)] =
              static_cast<std::uint32_t>(best);
        }
  }

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
    const T limit = max_coordinate3<T>();  // the input domain (tolerances3.hpp)
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
    ConvexShape3<T>& s = out.shape;
    s.radius_ = radius;
    s.scale_ = scale;
    s.weld_shift_ = T(0);
    if (scale == T(0)) {  // every point is the origin
      s.dimension_ = 0;
      s.kind_ = ShapeKind3::point;
      s.vertices_ = {Vec3<T>{}};
      s.adjacency_offset_ = {0, 0};
      return out;
    }
    ShapeBuilder3 b;
    b.prepare(points, scale);
    Draft draft = b.hull();
    const W shift = b.emit(draft, points, s);
    // A polytope only a few thicknesses thick has rim edges of small dihedral angle, and a point
    // just beyond such a wedge is within the thickness of both its planes: the thick hull drops
    // it, and weld_shift measures the loss (up to the thickness / the angle). The same points
    // taken as a flat polygon move by at most twice their distance to the first plane (step 8):
    // the smaller of the two shapes is kept.
    if (draft.dimension == 3 && b.flat_.valid && shift > W(2) * b.flat_.h3 + draft.eps) {
      Draft alt;
      alt.eps = draft.eps;
      b.flat(b.flat_.ids, b.flat_.p0, b.flat_.u1, b.flat_.n0, draft.eps, alt);
      ShapeResult3<T> other;
      other.shape.radius_ = radius;
      other.shape.scale_ = scale;
      if (b.emit(alt, points, other.shape) < shift) return other;
    }
    return out;
  }

 private:
  std::vector<V> pts_;               // working coordinates of every input point
  std::vector<std::uint32_t> kept_;  // the welded points (indices into pts_)
  std::vector<std::uint32_t> near_;  // points to measure against the final shape
  int exponent_ = 0;                 // working = input · 2^-exponent_
  W weld_moved_ = 0;                 // largest distance a weld moved a point (working units)
  // The shift of the hull that step 7's weld replaced (its extra_shift: a flat polygon's range
  // along its normal and dropped vertices, a segment's width): the points that hull held are
  // within this of it, and it lies within weld_moved_ of the survivors' hull, whose own terms
  // emit adds (step 8).
  W replaced_shift_ = 0;
  W unit_ = 0;        // u of T
  struct FlatBasis {  // the first polytope classification's plane, for the flat alternative
    bool valid = false;
    std::vector<std::uint32_t> ids;
    V p0, u1, n0;
    W h3 = 0;
  } flat_;

  void prepare(std::span<const Vec3<T>> points, T scale) {
    using std::ilogb;
    using std::ldexp;
    exponent_ = ilogb(double(scale));
    unit_ = W(unit_roundoff<T>());
    pts_.resize(points.size());
    for (std::size_t i = 0; i < points.size(); ++i)
      pts_[i] = {ldexp(double(points[i].x), -exponent_), ldexp(double(points[i].y), -exponent_),
                 ldexp(double(points[i].z), -exponent_)};
  }

  // A cell of the weld's grid and its hash (splitmix64's finalizer on a mix of the three).
  struct CellKey {
    std::int64_t x, y, z;
    bool operator==(const CellKey&) const = default;
  };
  static std::uint64_t cell_hash(const CellKey& k) {
    std::uint64_t h = static_cast<std::uint64_t>(k.x) * 0x9e3779b97f4a7c15ull ^
                      static_cast<std::uint64_t>(k.y) * 0xc2b2ae3d27d4eb4full ^
                      static_cast<std::uint64_t>(k.z) * 0x165667b19e3779f9ull;
    h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9ull;
    h = (h ^ (h >> 27)) * 0x94d049bb133111ebull;
    return h ^ (h >> 31);
  }

  // Step 3: in input order, a point within the weld distance (every coordinate) of a kept point
  // is dropped; else kept. A hash grid (open addressing, linear probing, at most half full) of
  // cells 64 weld distances wide, each cell's kept points chained: a point looks into the
  // neighbouring cell along an axis only when it lies within two weld distances of that side
  // (one weld distance would do; the second covers the rounding of the cell computation).
  std::vector<std::uint32_t> weld(const std::vector<std::uint32_t>& ids) {
    using std::abs;
    using std::floor;
    const W tol = W(kWeld3Ulps) * unit_ * W(1);  // S = 1 in working units (S in [1, 2))
    const W cell = W(64) * tol;
    std::size_t capacity = 16;
    while (capacity < 2 * ids.size()) capacity *= 2;
    struct Slot {
      CellKey key;
      std::uint32_t head = kNone;
    };
    std::vector<Slot> table(capacity);
    auto slot_of = [&](const CellKey& k) -> Slot& {  // the key's slot, or the empty one it takes
      std::size_t at = static_cast<std::size_t>(cell_hash(k)) & (capacity - 1);
      while (table[at].head != kNone && !(table[at].key == k)) at = (at + 1) & (capacity - 1);
      return table[at];
    };
    std::vector<std::uint32_t> chain(pts_.size(), kNone);
    std::vector<std::uint32_t> kept;
    kept.reserve(ids.size());
    for (std::uint32_t i : ids) {
      const V p = pts_[i];
      const W fx = floor(p.x / cell), fy = floor(p.y / cell), fz = floor(p.z / cell);
      const CellKey own{static_cast<std::int64_t>(fx), static_cast<std::int64_t>(fy),
                        static_cast<std::int64_t>(fz)};
      auto range = [&](W coord, W f, int& lo, int& hi) {
        lo = (coord - f * cell <= W(2) * tol) ? -1 : 0;
        hi = ((f + W(1)) * cell - coord <= W(2) * tol) ? 1 : 0;
      };
      int x0, x1, y0, y1, z0, z1;
      range(p.x, fx, x0, x1);
      range(p.y, fy, y0, y1);
      range(p.z, fz, z0, z1);
      std::uint32_t into = kNone;
      for (int dx = x0; dx <= x1 && into == kNone; ++dx)
        for (int dy = y0; dy <= y1 && into == kNone; ++dy)
          for (int dz = z0; dz <= z1 && into == kNone; ++dz) {
            const Slot& sl = slot_of(CellKey{own.x + dx, own.y + dy, own.z + dz});
            for (std::uint32_t q = sl.head; q != kNone; q = chain[q]) {
              const V e = p - pts_[q];
              if (abs(e.x) <= tol && abs(e.y) <= tol && abs(e.z) <= tol) {
                into = q;
                break;
              }
            }
          }
      if (into != kNone) {
        weld_moved_ = std::max(weld_moved_, length(p - pts_[into]));
        continue;
      }
      Slot& sl = slot_of(own);
      sl.key = own;
      chain[i] = sl.head;
      sl.head = i;
      kept.push_back(i);
    }
    return kept;
  }

  // Steps 4-7 on the welded points, with rounds and retries.
  Draft hull() {
    std::vector<std::uint32_t> ids(pts_.size());
    for (std::uint32_t i = 0; i < ids.size(); ++i) ids[i] = i;
    bool welded = false;
    W eps = W(kHull3PlaneUlps) * unit_;
    // Quickhull's own thickness: the rounding of its double predicates (the same number of ulps
    // of double); for float input far thinner than eps, so that thin shapes (slabs a few eps
    // thick, whose edges are wedges of small angle) lose no point beyond a wedge. The merge of
    // coplanar facets and the dropped collinear vertices use eps, T's tolerance.
    W qh_eps = W(kHull3PlaneUlps) * W(unit_roundoff<double>());
    int retries = 0;
    for (int round = 0;; ++round) {
      Draft d;
      d.eps = eps;
      std::vector<std::uint32_t> dropped;
      const int status = classify_and_build(ids, eps, qh_eps, d, dropped);
      if (status < 0 && flat_.valid && flat_.h3 <= W(kHull3FlatRetryThicknesses) * eps) {
        // A topological failure on a shape a few thicknesses thick: thicker planes would swallow
        // it; taken as flat, its points move by about its thickness (step 8).
        Draft f;
        f.eps = eps;
        flat(flat_.ids, flat_.p0, flat_.u1, flat_.n0, eps, f);
        return f;
      }
      if (status < 0 && retries < kHull3Retries) {  // rounding's topology: thicker planes
        ++retries;
        eps *= W(4);
        qh_eps *= W(4);
        --round;
        continue;
      }
      if (status < 0) return fallback(ids);
      if (dropped.empty() || round + 1 >= kHull3MaxRounds) {
        if (welded) return d;
        // Step 3 on the shape's vertices (the other points are inside or measured): if two were
        // welded, the hull of the survivors, again.
        welded = true;
        std::vector<std::uint32_t> survivors = weld(d.vertices);
        if (survivors.size() == d.vertices.size()) return d;
        replaced_shift_ = d.extra_shift;
        ids = std::move(survivors);
        continue;
      }
      // Step 7: the hull of the remaining vertices, again.
      std::vector<char> gone(pts_.size(), 0);
      for (std::uint32_t v : dropped) gone[v] = 1, near_.push_back(v);
      ids.clear();
      for (std::uint32_t v : d.vertices)
        if (!gone[v]) ids.push_back(v);
    }
  }

  // Never reached in the tests (every retry failing): the segment between the two farthest-apart
  // axis extremes stands in, and weld_shift measures how far that is from every point.
  Draft fallback(const std::vector<std::uint32_t>& ids) {
    Draft d;
    std::uint32_t e[2];
    extremes(ids, e);
    d.dimension = 1;
    d.vertices = {e[0], e[1]};
    near_.insert(near_.end(), ids.begin(), ids.end());
    return d;
  }

  // The farthest-apart pair among the six axis-extreme points of ids.
  void extremes(const std::vector<std::uint32_t>& ids, std::uint32_t out[2]) const {
    std::uint32_t ext[6];
    for (int k = 0; k < 6; ++k) ext[k] = ids[0];
    for (std::uint32_t i : ids) {
      const V& p = pts_[i];
      if (p.x < pts_[ext[0]].x) ext[0] = i;
      if (p.x > pts_[ext[1]].x) ext[1] = i;
      if (p.y < pts_[ext[2]].y) ext[2] = i;
      if (p.y > pts_[ext[3]].y) ext[3] = i;
      if (p.z < pts_[ext[4]].z) ext[4] = i;
      if (p.z > pts_[ext[5]].z) ext[5] = i;
    }
    W best = -1;
    out[0] = out[1] = ids[0];
    for (int i = 0; i < 6; ++i)
      for (int j = i + 1; j < 6; ++j) {
        const W l = length_squared(pts_[ext[i]] - pts_[ext[j]]);
        if (l > best) best = l, out[0] = ext[i], out[1] = ext[j];
      }
  }

  // Step 4 and the build of the found dimension. Returns -1 on a topological failure of the
  // polytope's hull, else 0; `dropped` receives the vertices step 7 removes.
  int classify_and_build(const std::vector<std::uint32_t>& ids, W eps, W qh_eps, Draft& d,
                         std::vector<std::uint32_t>& dropped) {
    std::uint32_t e[2];
    extremes(ids, e);
    const V p0 = pts_[e[0]];
    const V axis = pts_[e[1]] - p0;
    const W axis2 = length_squared(axis);
    if (!(std::sqrt(axis2) > eps)) {
      d.dimension = 0;
      d.vertices = {e[0]};
      for (std::uint32_t i : ids) d.extra_shift = std::max(d.extra_shift, length(pts_[i] - p0));
      return 0;
    }
    const V u1 = unit_vector(axis, axis2);
    std::uint32_t i2 = e[0];
    W h2 = 0;
    for (std::uint32_t i : ids) {
      const W h = length(cross(u1, pts_[i] - p0));
      if (h > h2) h2 = h, i2 = i;
    }
    if (!(h2 > eps)) {
      std::uint32_t lo = ids[0], hi = ids[0];
      for (std::uint32_t i : ids) {
        if (dot(pts_[i], u1) < dot(pts_[lo], u1)) lo = i;
        if (dot(pts_[i], u1) > dot(pts_[hi], u1)) hi = i;
      }
      d.dimension = 1;
      d.vertices = {lo, hi};
      d.extra_shift = W(2) * h2;  // see the builder's header, step 8
      return 0;
    }
    const V c = detail::accurate_cross(p0, pts_[e[1]], pts_[i2]);
    const V n0 = unit_vector(c, length_squared(c));
    std::uint32_t i3 = e[0];
    W h3 = 0;
    for (std::uint32_t i : ids) {
      const W h = std::abs(dot(n0, pts_[i] - p0));
      if (h > h3) h3 = h, i3 = i;
    }
    if (!(h3 > eps)) {
      flat(ids, p0, u1, n0, eps, d);
      return 0;
    }
    if (!flat_.valid) flat_ = {true, ids, p0, u1, n0, h3};
    std::uint32_t init[4] = {e[0], e[1], i2, i3};
    detail::QuickHull3 qh;
    std::vector<std::uint32_t> near;
    if (!qh.run(pts_, ids, init, qh_eps, near)) return -1;
    if (!faces(qh, eps, qh_eps, d, dropped)) return -1;
    // A polytope has at least 4 faces. Fewer: the merge found every triangle within eps of one
    // of two planes — a slab about eps thick whose rim faces merged into its two sides (a float
    // plate 2 ulps thick came out "dimension 3" with 4 vertices, 4 edges and 2 faces, a flat
    // polygon labelled a polytope). A topological failure: the caller takes it as flat.
    if (d.loops.size() < 4) return -1;
    near_.insert(near_.end(), near.begin(), near.end());
    return 0;
  }

  // The flat polygon: the 2D hull in the basis (u1, n0 × u1), whose orientation is CCW around n0.
  void flat(const std::vector<std::uint32_t>& ids, V p0, V u1, V n0, W eps, Draft& d) {
    // Two passes: the 2D hull projected along n0 (the first three points' plane), then along
    // its loop's Newell normal n1 (the polygon's own plane, not tilted by where the first three
    // points happened to lie within the thickness).
    W moved = 0;
    std::vector<std::uint32_t> loop = planar_loop(ids, p0, u1, n0, eps, moved);
    const V n1 = newell(loop);
    moved = 0;
    loop = planar_loop(ids, p0, u1, n1, eps, moved);
    // Step 8: every point projects along n1 into the hull of the projected vertices (up to
    // `moved`, the dropped near-collinear vertices' distances), and the same convex combination
    // of the vertices differs from the projection along n1 by a value between the smallest and
    // the largest of dot(n1, x): the range over all points bounds what flattening moved.
    W lo = std::numeric_limits<W>::infinity(), hi = -lo;
    for (std::uint32_t i : ids) {
      const W x = dot(n1, pts_[i]);
      lo = std::min(lo, x), hi = std::max(hi, x);
    }
    d.dimension = 2;
    d.extra_shift = (hi - lo) + moved;
    d.normals = {newell(loop)};
    d.vertices = loop;
    d.loops = {loop};
  }

  // The counter-clockwise (around n) hull of ids projected along n on the basis (u1 made
  // orthogonal to n, n × u1), Andrew's monotone chain with the exact orientation sign; then the
  // vertices within eps of their neighbours' chord dropped one at a time (their distances added
  // to `moved`), never below a triangle.
  std::vector<std::uint32_t> planar_loop(const std::vector<std::uint32_t>& ids, V p0, V u1, V n,
                                         W eps, W& moved) const {
    const V w = u1 - dot(u1, n) * n;
    const V e1 = unit_vector(w, length_squared(w));
    const V e2 = cross(n, e1);
    std::vector<P2> ps;
    ps.reserve(ids.size());
    for (std::uint32_t i : ids) ps.push_back({dot(pts_[i] - p0, e1), dot(pts_[i] - p0, e2), i});
    sort_lexicographic(ps, Traits2{});
    std::vector<P2> h = monotone_chain(std::span<const P2>(ps), Traits2{});
    for (bool again = true; again && h.size() > 3;) {
      again = false;
      for (std::size_t k = 0; k < h.size() && h.size() > 3; ++k) {
        const P2& a = h[(k + h.size() - 1) % h.size()];
        const P2& v = h[k];
        const P2& b = h[(k + 1) % h.size()];
        const W cx = b.x - a.x, cy = b.y - a.y;
        const W chord = std::sqrt(cx * cx + cy * cy);
        // How far v lies outside the chord a → b (to its right: the polygon is on the left).
        const W out = (cy * (v.x - a.x) - cx * (v.y - a.y)) / chord;
        const W along = cx * (v.x - a.x) + cy * (v.y - a.y);  // over the chord, as in 3D
        if (!(out > W(0)) || (!(out > eps) && along >= W(0) && along <= chord * chord)) {
          moved += std::max(W(0), out);
          h.erase(h.begin() + static_cast<std::ptrdiff_t>(k));
          again = true;
          --k;
        }
      }
    }
    std::vector<std::uint32_t> loop;
    for (const P2& p : h) loop.push_back(p.i);
    return loop;
  }

  struct P2 {
    W x, y;
    std::uint32_t i;
  };
  struct Traits2 {
    using Point = P2;
    bool less(const P2& a, const P2& b) const { return a.x < b.x || (a.x == b.x && a.y < b.y); }
    int orient(const P2& a, const P2& b, const P2& c) const {
      return detail::orient_sign(Vec2<double>{a.x, a.y}, Vec2<double>{b.x, b.y},
                                 Vec2<double>{c.x, c.y});
    }
  };

  // Newell's normal of a loop (the sum of the cross products of consecutive vertices about their
  // centroid), normalised.
  V newell(const std::vector<std::uint32_t>& loop) const {
    V c{};
    for (std::uint32_t v : loop) c = c + pts_[v];
    c = (W(1) / W(loop.size())) * c;
    V n{};
    for (std::size_t k = 0; k < loop.size(); ++k)
      n = n + detail::accurate_cross(c, pts_[loop[k]], pts_[loop[(k + 1) % loop.size()]]);
    return unit_vector(n, length_squared(n));
  }

  // Union-find over the hull's triangles.
  static std::uint32_t find(std::vector<std::uint32_t>& parent, std::uint32_t x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  }

  // Step 6 and the flags of step 7. False when a face's loop could not be formed.
  bool faces(const detail::QuickHull3& qh, W eps, W qh_eps, Draft& d,
             std::vector<std::uint32_t>& dropped) {
    using Face = detail::QuickHull3::Face;
    std::vector<std::uint32_t> index(qh.faces.size(), kNone);
    std::vector<const Face*> tri;
    for (std::size_t f = 0; f < qh.faces.size(); ++f)
      if (qh.faces[f].alive) {
        index[f] = static_cast<std::uint32_t>(tri.size());
        tri.push_back(&qh.faces[f]);
      }
    const std::uint32_t nt = static_cast<std::uint32_t>(tri.size());
    for (const Face* t : tri)
      for (int e = 0; e < 3; ++e)
        if (index[t->adj[e]] == kNone) return false;
    // Local convexity of every edge: the far vertex of each neighbour at most a few thicknesses
    // above the triangle's plane (the thick hull leaves concave edges up to one thickness), by
    // the planes of both triangles (a sliver's own plane may be rounding's). A violation is a
    // wrong visibility decision on a sliver (rounding's topology): the caller retries thicker.
    for (std::uint32_t t = 0; t < nt; ++t)
      for (int e = 0; e < 3; ++e) {
        const Face& a = *tri[t];
        const Face& b = *tri[index[a.adj[e]]];
        const std::uint32_t far_a = a.v[(e + 2) % 3];
        std::uint32_t far_b = b.v[0];
        for (int k = 0; k < 3; ++k)
          if (b.v[k] != a.v[e] && b.v[k] != a.v[(e + 1) % 3]) far_b = b.v[k];
        const W ha = dot(a.n, pts_[far_b]) - a.off, hb = dot(b.n, pts_[far_a]) - b.off;
        if (std::min(ha, hb) > W(4) * qh_eps) return false;
      }
    std::vector<std::uint32_t> parent(nt);
    std::vector<V> area(nt);
    // Vertices of each merged group (with repeats); empty for a lone triangle (its own three).
    std::vector<std::vector<std::uint32_t>> members(nt);
    for (std::uint32_t t = 0; t < nt; ++t) {
      parent[t] = t;
      const V& a = pts_[tri[t]->v[0]];
      area[t] = detail::accurate_cross(a, pts_[tri[t]->v[1]], pts_[tri[t]->v[2]]);
    }
    // Candidate merges: adjacent triangles whose four vertices lie within eps of the plane of
    // their summed area vectors (not of either triangle's own plane: a thin triangle's plane,
    // exact for its rounded vertices, may tilt by their rounding over its small height).
    struct Candidate {
      W flatness;
      std::uint32_t t, s;
    };
    std::vector<Candidate> cand;
    for (std::uint32_t t = 0; t < nt; ++t)
      for (int e = 0; e < 3; ++e) {
        const std::uint32_t s = index[tri[t]->adj[e]];
        if (s <= t) continue;
        const V sum = area[t] + area[s];
        const W s2 = length_squared(sum);
        if (!(s2 > W(0))) continue;
        const V n = unit_vector(sum, s2);
        W lo = std::numeric_limits<W>::infinity(), hi = -lo;
        for (int k = 0; k < 3; ++k) {
          const W x = dot(n, pts_[tri[t]->v[k]]), y = dot(n, pts_[tri[s]->v[k]]);
          lo = std::min({lo, x, y}), hi = std::max({hi, x, y});
        }
        if (hi - lo <= eps) cand.push_back({hi - lo, t, s});
      }
    std::sort(cand.begin(), cand.end(), [](const Candidate& x, const Candidate& y) {
      return x.flatness < y.flatness || (x.flatness == y.flatness && (x.t < y.t));
    });
    for (const Candidate& c : cand) {
      std::uint32_t g = find(parent, c.t), h = find(parent, c.s);
      if (g == h) continue;
      const V sum = area[g] + area[h];
      const W s2 = length_squared(sum);
      if (!(s2 > W(0))) continue;
      const V n = unit_vector(sum, s2);
      W lo = std::numeric_limits<W>::infinity(), hi = -lo;
      for (std::uint32_t k : {g, h}) {
        if (members[k].empty()) members[k] = {tri[k]->v[0], tri[k]->v[1], tri[k]->v[2]};
        for (std::uint32_t v : members[k]) {
          const W x = dot(n, pts_[v]);
          lo = std::min(lo, x), hi = std::max(hi, x);
        }
      }
      if (!(hi - lo <= eps)) continue;
      if (members[g].size() < members[h].size()) std::swap(g, h);
      parent[h] = g;
      area[g] = sum;
      members[g].insert(members[g].end(), members[h].begin(), members[h].end());
      std::vector<std::uint32_t>().swap(members[h]);
    }
    // Boundary loops: the directed triangle edges whose other side is another group.
    std::vector<std::uint32_t> group(nt);
    std::vector<std::uint32_t> group_id(nt, kNone);
    std::vector<std::uint32_t> roots;
    for (std::uint32_t t = 0; t < nt; ++t) {
      group[t] = find(parent, t);
      if (group_id[group[t]] == kNone) {
        group_id[group[t]] = static_cast<std::uint32_t>(roots.size());
        roots.push_back(group[t]);
      }
    }
    // The boundary edges grouped by face (a counting sort: CSR bound_at / bound).
    std::vector<std::uint32_t> bound_at(roots.size() + 1, 0);
    for (std::uint32_t t = 0; t < nt; ++t)
      for (int e = 0; e < 3; ++e)
        if (group[index[tri[t]->adj[e]]] != group[t]) ++bound_at[group_id[group[t]] + 1];
    for (std::size_t g = 0; g < roots.size(); ++g) bound_at[g + 1] += bound_at[g];
    std::vector<std::pair<std::uint32_t, std::uint32_t>> bound(bound_at.back());
    {
      std::vector<std::uint32_t> fill(bound_at.begin(), bound_at.end() - 1);
      for (std::uint32_t t = 0; t < nt; ++t)
        for (int e = 0; e < 3; ++e)
          if (group[index[tri[t]->adj[e]]] != group[t])
            bound[fill[group_id[group[t]]]++] = {tri[t]->v[e], tri[t]->v[(e + 1) % 3]};
    }
    std::vector<std::uint32_t> nextv(pts_.size(), kNone), stamp(pts_.size(), kNone);
    std::vector<char> on_loop(pts_.size(), 0);
    for (std::uint32_t g = 0; g < roots.size(); ++g) {
      std::vector<std::uint32_t> loop;
      const std::size_t b0 = bound_at[g], count = bound_at[g + 1] - b0;
      bool simple = count >= 3;
      for (std::size_t k = b0; k < b0 + count; ++k) {
        const auto [a, b] = bound[k];
        if (stamp[a] == g) simple = false;
        stamp[a] = g, nextv[a] = b;
      }
      if (simple) {
        std::uint32_t v = bound[b0].first;
        do {
          loop.push_back(v);
          if (loop.size() > count || stamp[v] != g) break;
          v = nextv[v];
        } while (v != bound[b0].first);
        simple = loop.size() == count && v == bound[b0].first;
      }
      if (simple) {
        d.loops.push_back(loop);
        d.normals.push_back(unit_vector(area[roots[g]], length_squared(area[roots[g]])));
      } else {  // split back into triangles
        for (std::uint32_t t = 0; t < nt; ++t)
          if (group[t] == roots[g]) {
            d.loops.push_back({tri[t]->v[0], tri[t]->v[1], tri[t]->v[2]});
            d.normals.push_back(tri[t]->n);
          }
      }
    }
    for (const auto& loop : d.loops)
      for (std::uint32_t v : loop) on_loop[v] = 1;
    for (std::uint32_t t = 0; t < nt; ++t)
      for (int k = 0; k < 3; ++k) {
        const std::uint32_t v = tri[t]->v[k];
        if (!on_loop[v]) near_.push_back(v), on_loop[v] = 2;  // inside a merged face
      }
    for (std::uint32_t v = 0; v < pts_.size(); ++v)
      if (on_loop[v] == 1) d.vertices.push_back(v);
    d.dimension = 3;
    // Step 7's flags: a loop vertex within eps of its loop neighbours' chord. Those dropped in one
    // round are independent (no two joined by an edge), so each dropped vertex keeps the chord's
    // ends and lies within eps of the next hull; without that, the rim of a slab a few eps thick
    // (every side face thinner than eps) lost vertex after vertex, its neighbours among them.
    std::vector<char> candidate(pts_.size(), 0);
    bool any = false;
    for (std::size_t f = 0; f < d.loops.size(); ++f) {
      const auto& loop = d.loops[f];
      const std::size_t m = loop.size();
      for (std::size_t k = 0; k < m; ++k) {
        const std::uint32_t a = loop[(k + m - 1) % m], v = loop[k], b = loop[(k + 1) % m];
        const V chord = pts_[b] - pts_[a];
        const W len = length(chord);
        const W hv = dot(d.normals[f], cross(pts_[v] - pts_[a], chord)) / len;
        // Near the chord's line and over the chord itself: a vertex beyond an end (the tip of a
        // needle whose long sides are nearly one line) is an extreme point and stays.
        const W along = dot(pts_[v] - pts_[a], chord);
        // A reflex vertex (on the chord's inner side: a merge's) always goes.
        if (!(hv > W(0)) || (!(hv > eps) && along >= W(0) && along <= len * len))
          candidate[v] = 1, any = true;
      }
    }
    if (any) {
      std::vector<std::pair<std::uint32_t, std::uint32_t>> nb;  // (vertex, neighbour), loop edges
      for (const auto& loop : d.loops)
        for (std::size_t k = 0; k < loop.size(); ++k) {
          const std::uint32_t x = loop[k], y = loop[(k + 1) % loop.size()];
          if (candidate[x]) nb.emplace_back(x, y);
          if (candidate[y]) nb.emplace_back(y, x);
        }
      std::sort(nb.begin(), nb.end());
      std::vector<char> gone(pts_.size(), 0);
      for (std::size_t k = 0; k < nb.size();) {
        const std::uint32_t v = nb[k].first;
        std::size_t j = k;
        bool free = true;
        for (; j < nb.size() && nb[j].first == v; ++j) free = free && !gone[nb[j].second];
        if (free) gone[v] = 1, dropped.push_back(v);
        k = j;
      }
    }
    return true;
  }

  // The final shape in T: vertices from the input points, planes, edges, adjacency, weld_shift.
  W emit(Draft& d, std::span<const Vec3<T>> input, ConvexShape3<T>& s) {
    using std::ldexp;
    std::vector<std::uint32_t> remap(pts_.size(), kNone);
    std::vector<std::uint32_t> order = d.vertices;
    std::sort(order.begin(), order.end());
    for (std::uint32_t v : order) {
      remap[v] = static_cast<std::uint32_t>(s.vertices_.size());
      s.vertices_.push_back(input[v]);
    }
    s.dimension_ = d.dimension;
    s.kind_ = static_cast<ShapeKind3>(d.dimension);
    // The normals as stored (rounded to T); the planes' offsets are computed with them below.
    std::vector<Vec3<T>> normals;
    std::vector<std::vector<std::uint32_t>> loops;
    for (std::size_t f = 0; f < d.loops.size(); ++f) {
      const Vec3<T> nt{T(d.normals[f].x), T(d.normals[f].y), T(d.normals[f].z)};
      d.normals[f] = {W(nt.x), W(nt.y), W(nt.z)};
      std::vector<std::uint32_t> loop;
      for (std::uint32_t v : d.loops[f]) loop.push_back(remap[v]);
      loops.push_back(loop);
      normals.push_back(nt);
      if (d.dimension == 2) {  // the other side: −n, the reversed loop
        std::reverse(loop.begin(), loop.end());
        loops.push_back(loop);
        normals.push_back(-nt);
      }
    }
    // Edges and adjacency: the directed loop edges sorted by their undirected key.
    s.face_offset_ = {0};
    struct Directed {
      std::uint64_t key;
      std::uint32_t face, pos;
    };
    std::vector<Directed> dir;
    for (std::size_t f = 0; f < loops.size(); ++f) {
      const auto& loop = loops[f];
      for (std::size_t k = 0; k < loop.size(); ++k) {
        const std::uint32_t a = loop[k], b = loop[(k + 1) % loop.size()];
        s.face_loop_.push_back(a);
        dir.push_back({(std::uint64_t(std::min(a, b)) << 32) | std::max(a, b),
                       static_cast<std::uint32_t>(f),
                       static_cast<std::uint32_t>(s.face_loop_.size() - 1)});
      }
      s.face_offset_.push_back(static_cast<std::uint32_t>(s.face_loop_.size()));
    }
    s.face_edge_loop_.assign(s.face_loop_.size(), 0);
    std::sort(dir.begin(), dir.end(), [](const Directed& x, const Directed& y) {
      return x.key < y.key || (x.key == y.key && x.pos < y.pos);
    });
    for (std::size_t k = 0; k < dir.size();) {
      const std::uint32_t e = static_cast<std::uint32_t>(s.edges_.size());
      const std::uint32_t f = dir[k].face;
      const std::uint32_t a = s.face_loop_[dir[k].pos];
      const std::uint32_t next_pos =
          dir[k].pos + 1 == s.face_offset_[f + 1] ? s.face_offset_[f] : dir[k].pos + 1;
      Edge3 edge{a, s.face_loop_[next_pos], f, kNoFace};
      s.face_edge_loop_[dir[k].pos] = e;
      std::size_t j = k + 1;
      for (; j < dir.size() && dir[j].key == dir[k].key; ++j) {
        s.face_edge_loop_[dir[j].pos] = e;
        edge.face_right = dir[j].face;
      }
      s.edges_.push_back(edge);
      k = j;
    }
    if (d.dimension == 1) s.edges_ = {Edge3{0, 1, kNoFace, kNoFace}};
    std::vector<std::uint32_t> degree(s.vertices_.size() + 1, 0);
    for (const Edge3& e : s.edges_) ++degree[e.v0 + 1], ++degree[e.v1 + 1];
    s.adjacency_offset_.assign(s.vertices_.size() + 1, 0);
    for (std::size_t v = 0; v < s.vertices_.size(); ++v)
      s.adjacency_offset_[v + 1] = s.adjacency_offset_[v] + degree[v + 1];
    s.adjacency_.assign(s.adjacency_offset_.back(), 0);
    std::vector<std::uint32_t> fill(s.adjacency_offset_.begin(), s.adjacency_offset_.end() - 1);
    for (const Edge3& e : s.edges_) {
      s.adjacency_[fill[e.v0]++] = e.v1;
      s.adjacency_[fill[e.v1]++] = e.v0;
    }
    // Planes: the offset is the largest value of dot(n, x) over every vertex (over the face's
    // vertices and their neighbours when V·F > kAllPairs: on a convex polytope a vertex above the
    // plane implies one among the neighbours, and the thick hull is convex up to its thickness),
    // so that no vertex lies above a face's plane by more than rounding; the face's flatness is
    // that offset minus its lowest vertex (a term of weld_shift).
    constexpr std::size_t kAllPairs = std::size_t{1} << 16;
    const bool all_pairs = order.size() * loops.size() <= kAllPairs;
    W flatness = 0;
    d.offsets.clear();
    for (std::size_t f = 0; f < loops.size(); ++f) {
      const V n{W(normals[f].x), W(normals[f].y), W(normals[f].z)};
      W hi = -std::numeric_limits<W>::infinity(), lo = -hi;
      for (std::uint32_t v : loops[f]) {
        const W x = dot(n, pts_[order[v]]);
        hi = std::max(hi, x), lo = std::min(lo, x);
      }
      if (all_pairs) {
        for (std::uint32_t v : order) hi = std::max(hi, dot(n, pts_[v]));
      } else {
        for (std::uint32_t v : loops[f])
          for (std::uint32_t w : s.neighbors(v)) hi = std::max(hi, dot(n, pts_[order[w]]));
      }
      flatness = std::max(flatness, hi - lo);
      s.planes_.push_back({normals[f], T(ldexp(hi, exponent_))});
      if (d.dimension == 3) d.offsets.push_back(hi);
    }
    // weld_shift (step 8).
    W worst = std::max(flatness, d.extra_shift);
    W nm = 0;
    for (std::uint32_t p : near_) nm = std::max(nm, distance_bound(d, p));
    worst = std::max(worst, nm);
    const W shift = weld_moved_ + replaced_shift_ + worst;
    s.weld_shift_ = shift > W(0) ? T(ldexp(shift, exponent_)) : T(0);
    return shift;
  }

  // Distance from pts_[p] to the segment [a, b].
  W segment_distance(V p, V a, V b) const {
    const V ab = b - a;
    const W l2 = length_squared(ab);
    W t = l2 > W(0) ? dot(p - a, ab) / l2 : W(0);
    t = std::clamp(t, W(0), W(1));
    return length(p - (a + t * ab));
  }

  // Distance from pts_[p] to the polygon `loop` (normal n): the plane distance when its projection
  // falls inside, else the distance to the nearest boundary edge.
  W polygon_distance(V p, const std::vector<std::uint32_t>& loop, V n) const {
    const W h = dot(n, p - pts_[loop[0]]);
    const V q = p - h * n;
    bool inside = true;
    W best = std::numeric_limits<W>::infinity();
    for (std::size_t k = 0; k < loop.size(); ++k) {
      const V a = pts_[loop[k]], b = pts_[loop[(k + 1) % loop.size()]];
      if (dot(n, cross(b - a, q - a)) < W(0)) inside = false;
      best = std::min(best, segment_distance(p, a, b));
    }
    return inside ? std::abs(h) : best;
  }

  // An upper bound on the distance from pts_[p] to the draft's shape (step 8).
  W distance_bound(const Draft& d, std::uint32_t p) const {
    const V x = pts_[p];
    switch (d.dimension) {
      case 0:
        return length(x - pts_[d.vertices[0]]);
      case 1:
        return segment_distance(x, pts_[d.vertices[0]], pts_[d.vertices[1]]);
      case 2:
        return polygon_distance(x, d.loops[0], d.normals[0]);
      default:
        break;
    }
    // More than the thickness inside every plane: inside the shape. Else any face polygon's
    // points are the shape's, so the distance to the nearest polygon among the faces whose planes
    // pass within the thickness of the point bounds the distance to the shape; the nearest point
    // lies on one of them (the thick hull is convex up to the thickness, so a plane the point is
    // above need not be the nearest face's: a slightly concave edge). A point within the
    // thickness of every plane it is near is measured too: beyond a wedge of small dihedral
    // angle it can be inside both planes in double and far from both faces (a point 7 beyond
    // the rim of a pyramid 88 high and 2.7e11 long, 1e-9 rad, was "inside", weld_shift 8.7e-6:
    // the fuzz smoke run's case in fuzz/findings/README.md).
    bool near_or_outside = false;
    for (std::size_t f = 0; f < d.loops.size() && !near_or_outside; ++f)
      near_or_outside = dot(d.normals[f], x) > d.offsets[f] - d.eps;
    if (!near_or_outside) return W(0);
    W best = std::numeric_limits<W>::infinity();
    for (std::size_t f = 0; f < d.loops.size(); ++f)
      if (dot(d.normals[f], x) - d.offsets[f] > -d.eps)
        best = std::min(best, polygon_distance(x, d.loops[f], d.normals[f]));
    return best;
  }
};

/// Builds the shape hull(points) ⊕ ball(radius).
///
/// Preconditions: none; every bad input is reported.
/// Failure cases: the input domain's (tolerances3.hpp): ShapeError empty, too_many_points,
///   non_finite_point / non_finite_radius, negative_radius, out_of_range (beyond
///   max_coordinate3<T>()), the message naming the point or the radius.
/// Tolerance: points within kWeld3Ulps·u·S (every coordinate) are welded, points within
/// kHull3PlaneUlps·u·S of a hull plane (line) lie on it, near-coplanar facets are one face and
/// near-collinear face vertices are dropped (tolerances3.hpp); how far that moved the shape:
/// ConvexShape3::weld_shift. Cost: O(n log n) expected (Quickhull with conflict lists).
template <class T>
ShapeResult3<T> make_shape3(std::span<const Vec3<T>> points, T radius = T(0)) {
  ShapeResult3<T> r = ShapeBuilder3<T>::build(points, radius);
  if (r.error == ShapeError::none) {
    ShapeBuilder3<T>::bound(r.shape);
    ShapeBuilder3<T>::climb_table(r.shape);
    ShapeBuilder3<T>::parallelepiped(r.shape);
  }
  return r;
}

}  // namespace minkowski::fast
