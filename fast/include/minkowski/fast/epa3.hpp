#pragma once
// minkowski/fast/epa3.hpp — EPA in 3D: penetration depth and normal of two overlapping cores from
// GJK's final simplex.
//
// Algorithm: the Expanding Polytope Algorithm of van den Bergen, "Proximity queries and penetration
// depth computation on 3D game objects", GDC 2001 (also Collision Detection in Interactive 3D
// Environments, 2003, §4.3.7). The 2D epa.hpp is the same algorithm on a polygon; read its header
// first (what it answers, the candidate answers, the statuses).
//
// What it answers. When the cores intersect, the origin lies in A ⊖ B. The core penetration depth
// is the distance from the origin to the boundary of A ⊖ B, and the direction of the nearest
// boundary point is the normal: B moved by normal · depth touches A. With radii the depth is
// core depth + ra + rb along the same normal.
//
// The iteration. A convex polytope P ⊂ A ⊖ B holding the origin is kept as a closed triangle mesh
// of points of A ⊖ B: each face has its vertices counter-clockwise seen from outside, its unit
// outward normal n, its origin distance d = n·p, and its three neighbours (across each edge). The
// face with the least d gives a lower bound on the depth (P ⊂ A ⊖ B); the support point s of
// A ⊖ B along its n gives the upper bound h = n·s (B moved by h·n is apart), and every h is kept as
// a candidate answer. If h − d <= tau, the face lies on the boundary up to tau: stop. Otherwise s
// lies beyond the face and P becomes the hull of P and s: the faces that see s (n·s > d), found
// from the closest face across neighbours (so they form one connected patch), are removed; their
// boundary, the horizon, must be one simple loop of edges (checked: every horizon vertex starts
// exactly one horizon edge, and following them returns after as many steps as there are edges),
// and each horizon edge (a, b) gets the new face (a, b, s).
//
// Retired faces. When the support point s along the closest face's n is one of that face's own
// vertices, no expansion can pass the face: in exact arithmetic h = d and the face lies on the
// boundary. If the computed h − d still exceeds tau, the face's plane is not fixed by its
// vertices in T: a triangle flat by its shape (its vertices nearly collinear, its normal off by
// ~2u/sin θ, and h − d = n·(s − p) grows with the distance between them). That face is retired —
// left out of the closest-face search but kept in the mesh, where its plane still decides
// visibility — and the search goes on with the next face; its h stays a candidate, and 2d − h
// (its offset less its plane's misfit h − d, since its own offset is the least trustworthy) a
// lower bound for error_bound. fuzz3-8f910e48 (fixtures/found/): a flat triangle A and a
// tetrahedron B that share the origin as a vertex, S = 1e6: A ⊖ B holds the origin on its
// boundary (exact depth 0), EPA's closest face had three nearly collinear vertices 3.4e6 apart and
// an offset of −1.7e-5 where the plane's true one is 0, s was its own vertex, and EPA stopped with
// a core depth of 1.7e-5 (1.5e5 u·S); retired, the next face through the origin gives depth 0
// along the normal SAT finds.
//
// The start (the 3D form of the 2D "origin on a simplex edge" fix, docs/design.md). GJK ends with
// the origin strictly inside a tetrahedron (overlap) or exactly on a vertex, an edge or a face of
// its simplex (touching). A tetrahedron whose height over its largest face exceeds the start
// tolerance (kEpa3StartUlps · u · S3) is the start polytope as it is: its orientation comes from
// its volume, not from where the origin lies, so an origin near a face is harmless (that face has
// d ≈ 0 and is expanded first). Anything thinner is reduced to the sub-simplex nearest the origin
// (GJK's solver), which holds the origin, and blown up one dimension at a time, keeping the origin
// in the simplex:
//   point     the supports along ±x, ±y, ±z: the one farthest from the point makes a segment;
//   segment   the supports along ±d1, ±d2, two perpendiculars of the segment: the one farthest
//             from its line makes a triangle (the origin on its edge);
//   triangle  the supports along its two normals ±n: the one farthest from its plane makes a
//             tetrahedron (the origin on its face).
// Where no support point leaves the line (plane, point) by more than the start tolerance, A ⊖ B
// itself is flat there — a point, a segment or a flat polygon through the origin — and has no
// interior: the depth is 0 and every direction normal to it is a normal; EPA answers one of them
// (status point_difference, which in 3D covers every difference of dimension 0 to 2).
//
// The answer. depth is the least upper bound h met, error_bound = h − max(0, least d of the final
// polytope). Witness points: with the answer's face on the boundary within tau, the barycentric
// combination (of the origin's projection on that face) of the face's vertices on A and on B;
// otherwise the support vertices of s, which lie on the two support planes normal to `normal`.
//
// Exits (EpaStatus, shared with 2D), each a named branch of epa3_core:
//   converged         h − d <= tau on the closest face, and error_bound <= tau: depth within
//                     tau (+ rounding) of the exact depth.
//   max_iterations    the iteration bound (EpaOptions::max_iterations, default
//                     kEpa3MaxIterations): best answer so far, error_bound says how good.
//   polytope_full     the fixed storage (kEpa3MaxVertices vertices, kEpa3MaxFaces faces) is full.
//   degenerate_edge   a new face would have no normal in T (zero cross product), or the horizon is
//                     not one simple loop (rounding on near-coplanar faces), or retired faces
//                     leave error_bound above tau (or every face retired): best answer so far.
//   point_difference  A ⊖ B has no interior (dimension 0, 1 or 2) and contains the origin: core
//                     depth 0; the normal is +x (a point), a perpendicular of the segment, or the
//                     polygon's normal.
//   not_intersecting  the GJK result says the cores are apart: EPA is not applicable.
//
// Storage: fixed arrays on the stack (kEpa3MaxVertices points, kEpa3MaxFaces triangle slots, a
// free list for the slots of removed faces); no allocation per query, ever.
//
// Tolerance: tau = relative_tolerance · (a.scale() + b.scale()); the default options
// (epa3_default_options) take kEpa3ToleranceUlps · u (tolerances3.hpp, with the derivation).
//
// No allocation, no exceptions, no NaN for finite input (every division is by a quantity tested
// > 0). Like GJK (gjk3.hpp, "Scale"), EPA works on A ⊖ B scaled by a power of two to S3 ~ 1.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>

#include "minkowski/fast/epa.hpp"  // EpaStatus, EpaOptions
#include "minkowski/fast/gjk3.hpp"
#include "minkowski/fast/shape3.hpp"
#include "minkowski/fast/tolerances3.hpp"
#include "minkowski/fast/vec3.hpp"

namespace minkowski::fast {

/// Result of epa() in 3D. All vectors are in the shapes' common (world) frame.
template <class T>
struct EpaOutput3 {
  EpaStatus status = EpaStatus::not_intersecting;  ///< which exit ended the iteration
  Vec3<T> normal;         ///< unit, from A towards B: B moved by normal · depth touches A
  T depth = T(0);         ///< penetration depth of the rounded shapes: core_depth + ra + rb
  T core_depth = T(0);    ///< penetration depth of the cores (an upper bound)
  T error_bound = T(0);   ///< core_depth − (lower bound on the exact core depth), >= 0
  Vec3<T> point_a;        ///< deepest point of A along normal (core point + ra · normal)
  Vec3<T> point_b;        ///< deepest point of B against normal (core point − rb · normal)
  int iterations = 0;     ///< support evaluations made
  int polytope_size = 0;  ///< vertices of the final polytope
};

/// The default options of the 3D EPA: tolerance kEpa3ToleranceUlps · u and iteration bound
/// kEpa3MaxIterations (EpaOptions' own defaults are the 2D values).
template <class T>
EpaOptions<T> epa3_default_options() {
  EpaOptions<T> o;
  o.relative_tolerance = epa3_default_relative_tolerance<T>();
  o.max_iterations = kEpa3MaxIterations;
  return o;
}

namespace detail {

// N objects of type U left uninitialized on creation, indexed as a plain array. Vec3 and
// MinkowskiPoint3 have default member initializers, so a plain U[N] member would be zeroed each
// time a Polytope3 is made (~19 KiB in double; ~800 instructions per penetration query,
// measured); a union with an empty constructor leaves its member alone, and a slot is written
// before it is read.
template <class U, std::size_t N>
struct UninitArray {
  union Slot {
    Slot() {}  // NOLINT: deliberately no initialization
    U v;
  };
  Slot s[N];
  U& operator[](std::size_t i) { return s[i].v; }
  const U& operator[](std::size_t i) const { return s[i].v; }
};

// The polytope. Vertex k: point w[k] (scaled) with its indices (ia, ib). Face f: vertices
// fv[f][0..2] counter-clockwise from outside; edge j runs fv[f][j] → fv[f][j + 1 mod 3] and is
// shared with face adj[f][j], in which it is edge adj_edge[f][j]. offset[f] is the face plane's
// origin distance n·p; dist[f], the key of the closest-face search, is offset[f] for a face still
// to be searched and +max for a free slot or a retired face (header, "Retired faces"), so the
// search is a plain minimum over slots [0, nf). No member has an initializer:
// a local Polytope3 costs nothing to create; only the slots used are ever touched.
template <class T>
struct Polytope3 {
  static constexpr std::size_t kV = kEpa3MaxVertices;
  static constexpr std::size_t kF = kEpa3MaxFaces;
  UninitArray<MinkowskiPoint3<T>, kV> vert;
  std::uint32_t start_face[kV];   // horizon linking: the new face whose horizon edge starts here
  std::uint32_t start_stamp[kV];  // ... valid when equal to the current step's stamp
  UninitArray<Vec3<T>, kF> n;
  T dist[kF];    // search key: offset, or kDead
  T offset[kF];  // the plane's origin distance
  std::uint16_t fv[kF][3];
  std::uint16_t adj[kF][3];
  std::uint8_t adj_edge[kF][3];
  std::uint32_t mark[kF];  // visible-patch stamp
  std::uint16_t free_slots[kF];
  std::size_t nv, nf, nfree;

  static constexpr T kDead = std::numeric_limits<T>::max();
  static constexpr int kNext[3] = {1, 2, 0};

  // The face's plane from its vertices; false if the cross product is zero in T (no normal).
  MINKOWSKI_FAST_INLINE bool set_plane(std::size_t f) {
    const Vec3<T> a = vert[fv[f][0]].w, b = vert[fv[f][1]].w, c = vert[fv[f][2]].w;
    const Vec3<T> cr = triangle_normal3(a, b, c);  // from the two shorter edges (gjk3.hpp)
    const T len2 = dot(cr, cr);
    using std::sqrt;
    if (len2 >= normalize_below2<T>()) {  // the common case: cr != 0 follows
      n[f] = (T(1) / sqrt(len2)) * cr;
    } else {
      if (cr.x == T(0) && cr.y == T(0) && cr.z == T(0)) return false;
      n[f] = unit_vector(cr, len2);
    }
    offset[f] = dot(n[f], a);
    dist[f] = offset[f];
    return true;
  }

  std::size_t closest_face() const {
    std::size_t best = 0;
    T best_d = dist[0];
    for (std::size_t f = 1; f < nf; ++f) {
      if (dist[f] < best_d) {
        best_d = dist[f];
        best = f;
      }
    }
    return best;
  }

  void link(std::size_t f, int j, std::size_t g, int k) {
    adj[f][j] = static_cast<std::uint16_t>(g);
    adj_edge[f][j] = static_cast<std::uint8_t>(k);
    adj[g][k] = static_cast<std::uint16_t>(f);
    adj_edge[g][k] = static_cast<std::uint8_t>(j);
  }

  // The tetrahedron of the four points (in slots 0..3), outward-oriented by its volume.
  bool make_tetrahedron(const MinkowskiPoint3<T> p[4]) {
    nv = 4;
    nfree = 0;
    const bool positive = orient3(p[0].w, p[1].w, p[2].w, p[3].w) > T(0);
    vert[0] = p[0];
    vert[1] = positive ? p[1] : p[2];
    vert[2] = positive ? p[2] : p[1];
    vert[3] = p[3];
    // Volume > 0: vertex 3 is on the right-hand side of (0, 1, 2); outward faces (derivation:
    // orient3 changes sign with each transposition of its points).
    static constexpr std::uint16_t faces[4][3] = {{0, 2, 1}, {0, 1, 3}, {1, 2, 3}, {0, 3, 2}};
    // Face across each edge (fv[f][j] → fv[f][j + 1]) and that edge's index there: the reversed
    // edge, read off the table above (e.g. face 0's edge 0 → 2 is face 3's edge 2 → 0, its 2).
    static constexpr std::uint16_t across[4][3] = {{3, 2, 1}, {0, 2, 3}, {0, 3, 1}, {1, 2, 0}};
    static constexpr std::uint8_t across_edge[4][3] = {{2, 0, 0}, {2, 2, 0}, {1, 1, 1}, {2, 1, 0}};
    nf = 4;
    for (std::size_t f = 0; f < 4; ++f) {
      for (int j = 0; j < 3; ++j) {
        fv[f][j] = faces[f][j];
        adj[f][j] = across[f][j];
        adj_edge[f][j] = across_edge[f][j];
      }
      mark[f] = 0;
    }
    for (std::uint32_t k = 0; k < 4; ++k) start_stamp[k] = 0;
    return set_plane(0) && set_plane(1) && set_plane(2) && set_plane(3);
  }

  enum class Expand : std::uint8_t { ok, full, degenerate };

  // P := hull(P, s), from the visible face `root`; `stamp` is unique to this step (> 0).
  Expand expand(std::size_t root, const MinkowskiPoint3<T>& s, std::uint32_t stamp, T coplanar) {
    struct HorizonEdge {
      std::uint16_t a, b;  // a → b in the removed face's loop
      std::uint16_t g;     // the kept face across it
      std::uint8_t ge;     // the edge's index in g
    };
    std::uint16_t stack[kF];
    std::uint16_t removed[kF];
    HorizonEdge horizon[kF];
    std::size_t ns = 0, nr = 0, nh = 0;
    bool repeated = false;  // a horizon vertex starts two horizon edges
    stack[ns++] = static_cast<std::uint16_t>(root);
    mark[root] = stamp;
    const Vec3<T> sw = s.w;
    while (ns > 0) {
      const std::size_t f = stack[--ns];
      removed[nr++] = static_cast<std::uint16_t>(f);
      for (int j = 0; j < 3; ++j) {
        const std::size_t g = adj[f][j];
        if (mark[g] == stamp) continue;  // in the patch already
        if (dot(n[g], sw) - offset[g] > -coplanar) {
          mark[g] = stamp;
          stack[ns++] = static_cast<std::uint16_t>(g);
        } else {
          if (nh >= kF) return Expand::degenerate;
          // Every horizon vertex starts exactly one horizon edge (judged after the checks below,
          // in the order of the statuses).
          const std::uint16_t a = fv[f][j];
          repeated = repeated || start_stamp[a] == stamp;
          start_stamp[a] = stamp;
          start_face[a] = static_cast<std::uint32_t>(nh);  // horizon index for now
          horizon[nh++] = {a, fv[f][kNext[j]], static_cast<std::uint16_t>(g), adj_edge[f][j]};
        }
      }
    }
    if (nh < 3) return Expand::degenerate;
    if (nv >= kV || nfree + nr + (kF - nf) < nh) return Expand::full;
    if (repeated) return Expand::degenerate;
    // The patch goes; its slots are reused first.
    for (std::size_t r = 0; r < nr; ++r) {
      dist[removed[r]] = kDead;
      free_slots[nfree++] = removed[r];
    }
    // The new faces are made first and the loop checked while linking them: a failed check ends
    // EPA (degenerate_edge), which reads no face of the polytope afterwards, only nv and the
    // vertices (kept as they were on that exit).
    const std::size_t m = nv++;
    vert[m] = s;
    start_stamp[m] = 0;
    std::uint16_t made[kF];
    bool planes = true;
    for (std::size_t h = 0; h < nh; ++h) {
      const std::size_t f = nfree > 0 ? free_slots[--nfree] : nf++;
      made[h] = static_cast<std::uint16_t>(f);
      fv[f][0] = horizon[h].a;
      fv[f][1] = horizon[h].b;
      fv[f][2] = static_cast<std::uint16_t>(m);
      mark[f] = 0;
      link(f, 0, horizon[h].g, horizon[h].ge);
      planes = set_plane(f) && planes;
    }
    // One loop: from edge 0, following end → start, back to edge 0 after exactly nh steps. Face
    // h = (a, b, m): its edge b → m is edge 2 (m → b reversed) of the face starting at b.
    std::size_t h = 0;
    for (std::size_t step = 1; step <= nh; ++step) {
      const std::uint16_t b = horizon[h].b;
      if (start_stamp[b] != stamp) return --nv, Expand::degenerate;
      const std::size_t next = start_face[b];
      if (next == 0 && step != nh) return --nv, Expand::degenerate;
      link(made[h], 1, made[next], 2);
      h = next;
    }
    if (h != 0) return --nv, Expand::degenerate;
    return planes ? Expand::ok : Expand::degenerate;
  }
};

// A candidate answer: unit normal n, upper bound h = n·s, the face's distance d, the support
// point's vertex indices and the face's vertices (slots of the polytope's vertex array, which
// keeps every point it was given: a face's slots stay valid after the face is removed).
template <class T>
struct Epa3Candidate {
  Vec3<T> n;
  T h;
  T d;
  VertexIndex sa, sb;
  std::uint16_t face[3];
};

// The start (see the header). `p` holds the GJK simplex scaled by f. Returns 4 when `p` holds a
// usable tetrahedron, or 0 when A ⊖ B is flat through the origin (then `flat_normal` is a unit
// normal of it and p[0] a point of A ⊖ B at the origin).
template <class T>
int epa3_start(const ConvexShape3<T>& a, const ConvexShape3<T>& b, const GjkSimplex3<T>& simplex,
               T f, T tol, SupportMethod method, MinkowskiPoint3<T> p[4], Vec3<T>& flat_normal) {
  using std::sqrt;
  int k = simplex.count;
  for (int j = 0; j < k; ++j)
    p[j] = {f * simplex.points[j].w, simplex.points[j].ia, simplex.points[j].ib};
  auto support = [&](Vec3<T> d) {
    MinkowskiPoint3<T> s = support_difference(a, b, d, p[0].ia, p[0].ib, method);
    s.w = f * s.w;
    return s;
  };
  // Keeps the sub-simplex of p[0..k) nearest the origin (GJK's solver); a flat tetrahedron: the
  // nearest of its faces.
  auto reduce = [&]() {
    Vec3<T> w[4];
    for (int j = 0; j < k; ++j) w[j] = p[j].w;
    Solve3<T> r;
    if (k == 4) {
      r = solve3_triangle(w, 1, 2, 3);
      const int faces[3][3] = {{0, 2, 3}, {0, 1, 3}, {0, 1, 2}};
      for (const auto& q : faces) {
        const Solve3<T> t = solve3_triangle(w, q[0], q[1], q[2]);
        if (t.dist2 < r.dist2) r = t;
      }
    } else {
      r = solve3(w, k);
    }
    for (int j = 0; j < r.count; ++j) p[j] = p[r.idx[j]];  // ascending: in place
    k = r.count;
  };

  if (k == 4) {
    // Height of the farthest vertex over the largest face: |V| / max |face cross| > tol.
    const T volume = orient3(p[0].w, p[1].w, p[2].w, p[3].w);
    T area2 = T(0);
    const int faces[4][3] = {{1, 2, 3}, {0, 2, 3}, {0, 1, 3}, {0, 1, 2}};
    for (const auto& q : faces) {
      const Vec3<T> c = cross(p[q[1]].w - p[q[0]].w, p[q[2]].w - p[q[0]].w);
      area2 = area2 > dot(c, c) ? area2 : dot(c, c);
    }
    if (volume * volume > tol * tol * area2 && area2 > T(0)) return 4;
    reduce();
  }
  if (k == 3) {
    const Vec3<T> c = cross(p[1].w - p[0].w, p[2].w - p[0].w);
    const T e2 = std::max({length_squared(p[1].w - p[0].w), length_squared(p[2].w - p[0].w),
                           length_squared(p[2].w - p[1].w)});
    if (!(dot(c, c) > tol * tol * e2)) reduce();  // height over the longest edge
  }
  if (k == 2 && !(length_squared(p[1].w - p[0].w) > tol * tol)) reduce();
  if (k == 2 && !(length_squared(p[1].w - p[0].w) > tol * tol)) k = 1;  // a point after all

  if (k == 1) {
    const Vec3<T> axes[6] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
    T far2 = T(0);
    MinkowskiPoint3<T> q{};
    for (const Vec3<T>& d : axes) {
      const MinkowskiPoint3<T> s = support(d);
      const T l2 = length_squared(s.w - p[0].w);
      if (l2 > far2) far2 = l2, q = s;
    }
    if (!(far2 > tol * tol)) {
      flat_normal = {T(1), T(0), T(0)};
      return 0;
    }
    p[1] = q;
    k = 2;
  }
  if (k == 2) {
    const Vec3<T> e = p[1].w - p[0].w;
    using std::abs;
    // The axis least aligned with e makes a perpendicular d1 = e × axis; d2 = e × d1.
    const Vec3<T> axis = abs(e.x) <= abs(e.y) && abs(e.x) <= abs(e.z)
                             ? Vec3<T>{1, 0, 0}
                             : (abs(e.y) <= abs(e.z) ? Vec3<T>{0, 1, 0} : Vec3<T>{0, 0, 1});
    const Vec3<T> d1 = cross(e, axis), d2 = cross(e, d1);
    const Vec3<T> dirs[4] = {d1, -d1, d2, -d2};
    const T e2 = dot(e, e);
    T far2 = T(0);  // |cross(s − p0, e)|² = (distance from the line)² · |e|²
    MinkowskiPoint3<T> q{};
    for (const Vec3<T>& d : dirs) {
      const MinkowskiPoint3<T> s = support(d);
      const Vec3<T> c = cross(s.w - p[0].w, e);
      if (dot(c, c) > far2) far2 = dot(c, c), q = s;
    }
    if (!(far2 > tol * tol * e2)) {
      flat_normal = unit_vector(d1, dot(d1, d1));
      return 0;
    }
    p[2] = q;
    k = 3;
  }
  // k == 3: a triangle holding the origin.
  const Vec3<T> nrm = triangle_normal3(p[0].w, p[1].w, p[2].w);
  const MinkowskiPoint3<T> up = support(nrm), down = support(-nrm);
  const T hu = dot(up.w - p[0].w, nrm), hd = -dot(down.w - p[0].w, nrm);  // heights · |n|
  const T hmax = hu > hd ? hu : hd;
  if (!(hmax * hmax > tol * tol * dot(nrm, nrm))) {
    flat_normal = unit_vector(nrm, dot(nrm, nrm));
    return 0;
  }
  p[3] = hu > hd ? up : down;
  return 4;
}

// Witness core points of a face from the origin's projection on it (barycentric, clamped).
template <class T>
void face_witness(const ConvexShape3<T>& a, const ConvexShape3<T>& b,
                  const MinkowskiPoint3<T> face[3], Vec3<T>& ca, Vec3<T>& cb) {
  const Vec3<T> w[3] = {face[0].w, face[1].w, face[2].w};
  T bary[4];
  simplex3_barycentric(w, 3, bary);
  const Vec3<T> pa[3] = {a.vertex(face[0].ia), a.vertex(face[1].ia), a.vertex(face[2].ia)};
  const Vec3<T> pb[3] = {b.vertex(face[0].ib), b.vertex(face[1].ib), b.vertex(face[2].ib)};
  ca = weighted_point3(pa, bary, 3);
  cb = weighted_point3(pb, bary, 3);
}

template <class T>
EpaOutput3<T> epa3_core(const ConvexShape3<T>& a, const ConvexShape3<T>& b,
                        const GjkSimplex3<T>& simplex, T tau, T coplanar, T start_tol,
                        int max_iterations, SupportMethod method, T f) {
  EpaOutput3<T> out;
  const T ra = a.radius(), rb = b.radius();
  const T inv_f = T(1) / f;
  MinkowskiPoint3<T> p[4];
  Vec3<T> flat_normal{};
  Polytope3<T> poly;
  const int started = epa3_start(a, b, simplex, f, start_tol, method, p, flat_normal);
  if (started == 0 || !poly.make_tetrahedron(p)) {
    // A ⊖ B has no interior (or, impossible above the start tolerance, a start face without a
    // normal): depth 0 along flat_normal, the common point p[0] as witness.
    out.status = started == 0 ? EpaStatus::point_difference : EpaStatus::degenerate_edge;
    out.normal = started == 0 ? flat_normal : Vec3<T>{T(1), T(0), T(0)};
    out.depth = ra + rb;
    out.point_a = a.vertex(p[0].ia) + ra * out.normal;
    out.point_b = b.vertex(p[0].ib) - rb * out.normal;
    out.polytope_size = 1;
    return out;
  }

  Epa3Candidate<T> best{};
  bool have_best = false;
  T lower = T(0);
  T retired_low = Polytope3<T>::kDead;  // the least lower bound 2d − h of a retired face
  int it = 0;
  EpaStatus status;
  for (;;) {
    const std::size_t k = poly.closest_face();
    const Vec3<T> n = poly.n[k];
    const T d = poly.dist[k];
    if (!(d < Polytope3<T>::kDead)) {  // every face retired: best is the least bound found
      status = EpaStatus::degenerate_edge;
      break;
    }
    lower = d;
    if (it >= max_iterations) {
      status = EpaStatus::max_iterations;
      break;
    }
    const MinkowskiPoint3<T>& v0 = poly.vert[poly.fv[k][0]];
    MinkowskiPoint3<T> s = support_difference(a, b, n, v0.ia, v0.ib, method);
    s.w = f * s.w;
    ++it;
    const T h = dot(s.w, n);
    if (!have_best || h < best.h) {
      have_best = true;
      best = {n, h, d, s.ia, s.ib, {poly.fv[k][0], poly.fv[k][1], poly.fv[k][2]}};
    }
    if (!(h - d > tau)) {
      status = EpaStatus::converged;
      break;
    }
    bool on_face = false;
    for (int j = 0; j < 3; ++j) {
      const MinkowskiPoint3<T>& v = poly.vert[poly.fv[k][j]];
      on_face = on_face || (v.ia == s.ia && v.ib == s.ib);
    }
    if (on_face) {  // h − d > tau yet s is the face's own vertex: retired (header)
      poly.dist[k] = Polytope3<T>::kDead;
      const T low_k = d - (h - d);
      retired_low = retired_low < low_k ? retired_low : low_k;
      continue;
    }
    const auto e = poly.expand(k, s, static_cast<std::uint32_t>(it), coplanar);
    if (e != Polytope3<T>::Expand::ok) {
      status =
          e == Polytope3<T>::Expand::full ? EpaStatus::polytope_full : EpaStatus::degenerate_edge;
      break;
    }
  }

  out.iterations = it;
  out.polytope_size = static_cast<int>(poly.nv);
  if (!have_best) {  // max_iterations == 0: the closest face as it stands
    const std::size_t k = poly.closest_face();
    const MinkowskiPoint3<T>& v0 = poly.vert[poly.fv[k][0]];
    best = {poly.n[k], poly.dist[k], poly.dist[k],
            v0.ia,     v0.ib,        {poly.fv[k][0], poly.fv[k][1], poly.fv[k][2]}};
  }
  // The exact depth is >= 0 and >= the least face offset, retired faces' bounds included.
  const T least = lower < retired_low ? lower : retired_low;
  const T low = least > T(0) ? least : T(0);
  // A retired face can leave the answer uncertified: not converged then.
  if (retired_low < Polytope3<T>::kDead && status == EpaStatus::converged && best.h - low > tau)
    status = EpaStatus::degenerate_edge;
  out.status = status;
  out.normal = best.n;
  out.core_depth = (best.h > T(0) ? best.h : T(0)) * inv_f;
  out.error_bound = best.h > low ? (best.h - low) * inv_f : T(0);
  out.depth = out.core_depth + ra + rb;
  Vec3<T> ca = a.vertex(best.sa), cb = b.vertex(best.sb);
  if (!(best.h - best.d > tau)) {
    const MinkowskiPoint3<T> face[3] = {poly.vert[best.face[0]], poly.vert[best.face[1]],
                                        poly.vert[best.face[2]]};
    face_witness(a, b, face, ca, cb);
  }
  out.point_a = ca + ra * out.normal;
  out.point_b = cb - rb * out.normal;
  return out;
}

}  // namespace detail

/// Penetration depth and direction of two 3D shapes whose cores intersect, from a GJK result.
///
/// Answers: the unit normal from A towards B, the depth (B moved by normal·depth touches A),
/// witness points, and how far the depth may exceed the exact one (error_bound).
/// Preconditions: `gjk` is gjk_distance(a, b) for these same shapes.
/// Failure cases: not_intersecting if gjk.status is neither overlap nor touching (the cores are
///   apart: the answer is gjk itself); max_iterations, polytope_full, degenerate_edge return the
///   best answer found — always a direction along which B moved by `depth` is apart or touching —
///   with error_bound saying how close it is.
/// Tolerance: depth <= exact + tau + rounding, tau = options.relative_tolerance·(Sa + Sb).
template <class T>
EpaOutput3<T> epa(const ConvexShape3<T>& a, const ConvexShape3<T>& b, const GjkOutput3<T>& gjk,
                  const EpaOptions<T>& options = epa3_default_options<T>()) {
  if (a.size() == 0 || b.size() == 0) return EpaOutput3<T>{};
  if (gjk.status != GjkStatus::overlap && gjk.status != GjkStatus::touching) return {};
  if (gjk.simplex.count < 1 || gjk.simplex.count > 4) return {};
  const T s3 = a.scale() + b.scale();
  const T f = detail::working_scale3(s3);
  const T tau = f * (options.relative_tolerance * s3);
  const T coplanar = epa3_default_relative_tolerance<T>() * (f * s3);
  const T start_tol = T(kEpa3StartUlps) * unit_roundoff<T>() * (f * s3);
  return detail::epa3_core(a, b, gjk.simplex, tau, coplanar, start_tol, options.max_iterations,
                           options.support, f);
}

}  // namespace minkowski::fast
