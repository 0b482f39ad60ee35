#pragma once
// minkowski/fast/manifold3.hpp — contact manifold of two 3D rounded convex hulls: reference face,
// incident face clipped against the reference face's side planes, reduced to at most 4 points;
// edge–edge contacts as the closest points of the two edges.
//
// What this header answers
//   contact_manifold(a, b, margin, cache)  up to four contact points sharing one normal (from A
//                                          towards B), each with its own separation (negative =
//                                          penetrating) and feature ids. No allocation.
//
// Method (the 3D form of manifold.hpp; E. Catto, "Contact Manifolds", GDC 2007; D. Gregorius,
// "Robust Contact Creation for Physics Simulations", GDC 2015):
//   1. SAT (sat3.hpp) with early exit at a core gap above r + margin (r = r_A + r_B): then no
//      point. A warm cache whose axis still separates by more costs one axis test; before SAT,
//      cores whose bounding balls are apart by more than r + margin (bounding_balls_apart,
//      gjk3.hpp; ~20 instructions) have no point either, and the cache is left as it was.
//   2. Cores apart with rounded or lower-dimensional shapes (SAT's `closest` answer, core
//      distance δ from GJK): if the better of the two best faces has a gap within
//      kManifold3ClosestFaceRelativeTolerance · δ (+ the gap's rounding) of δ, the contact is
//      that face's (step 4: a sphere over a face gives 1 point, a capsule lying on a box 2);
//      otherwise, or if the clipping keeps nothing, one point at the closest points (a sphere at
//      a box's edge or corner, capsules across each other, two spheres along their centres).
//   3. Cores touching or overlapping: the best axis. An edge pair is used only when its gap
//      beats both best faces by more than the reference tolerance below (coherence: faces are
//      preferred, as Gregorius 2015 recommends); it gives one point, the closest points of the
//      two edge segments, with separation = SAT's gap − r. Otherwise the reference face is A's
//      best face unless B's is better by more than kManifold3ReferenceFaceRelativeTolerance ×
//      the shorter of the two faces' first edges (+ the gap's rounding): nearly equal faces keep
//      A's, so the roles do not swap from frame to frame (2D: kReferenceFaceRelativeTolerance).
//   4. Incident feature: the other shape's face most anti-parallel to the reference normal n
//      among the faces at its support vertex along −n (a flat polygon: the side facing n; a
//      segment: itself; a point: itself). Clipped against the reference face's side planes
//      (Sutherland–Hodgman, on the stack; a segment parametrically), each surviving point p with
//      separation s = n·p − offset − r <= margin (+ the gap's rounding) is a contact: point on the
//      incident surface p − r_inc·n, on the reference surface (its projection on the face)
//      + r_ref·n. The incident support vertex keeps its exact coordinates and its height is
//      formed exactly as SAT formed the face gap, so the deepest point of a face manifold has
//      separation −(SAT depth) bit for bit when that vertex survives the clipping.
//   5. More than 4 points: reduced to 4: the deepest; then the point farthest from it; then the
//      point maximising the triangle's area with those two; then the point that adds the most
//      area outside that triangle (the largest area of a triangle it forms with one of the
//      triangle's edges, on that edge's outer side). This keeps the deepest point and, among
//      the rest, a quadrilateral close to the largest (the greedy choice of Gregorius 2015).
//   Clipping kept nothing. In exact arithmetic the clipping of a touching pair keeps nothing
//   only where the reference face's prism meets the incident feature in its rim alone: what the
//   shapes share is a point or a segment on the reference face's boundary (a vertex on an edge,
//   parallel edges touching, an edge through a corner, a vertex on a face of a nearly tied
//   neighbour); rounding decides the side-plane tests there, and the surviving part is empty or
//   not. When SAT's best core gap is >= −kSat3GapErrorUlps·u·S (touching up to rounding) the
//   contact is where the cores touch: GJK's witness points, one point, separation = core
//   distance − r (for cores overlapping by rounding GJK's final tetrahedron holds the origin and
//   the same barycentric weights give a point of A ∩ B; for parallel edges a point of the two
//   segments' overlap). Any support vertex instead (as before 2026-11-27) may lie at the far end
//   of the incident feature, off the reference shape (properties/test/open3, coverage_findings:
//   0.1 off A or B; fixtures now in fixtures/found). With the cores overlapping beyond rounding,
//   the face was preferred by the coherence rule to a better axis that need not share its
//   contact region: SAT's edge pair gives its edge–edge contact (a nearly tied face whose
//   clipping was empty put the support vertex 0.02 off B:
//   fixtures/found/3d-containment-4830-touching_inside-swapped-shrunk.json); else B's best face
//   is clipped when A's was used; else the incident support vertex alone.
//
// Spheres and capsules (both cores points or segments, ShapeKind3), chosen once per query from
// the kinds: after the bounding balls, the cores' closest points in closed form (segment3.hpp;
// GJK for segments within kSegment3ParallelSine2 of parallel). Cores apart by more than r +
// margin: no point. Otherwise one contact at the closest points (crossing capsules, a sphere at
// a capsule's end), or, for two segments within kManifold3CapsuleParallelSine2 of parallel whose
// overlap along A's segment is longer than the gap's rounding, two: at each end of that overlap,
// the point of A's segment and its closest point on B's, separation along the closest-points
// normal n (a capsule lying along another), when both are within the margin. Every separation
// is then >= the core distance − r: n separates the cores, so n·(b − a) >= the core distance for
// all a in A's core and b in B's. Cores touching or crossing (within GJK's touching band) take the
// general path below. The cache is neither read nor written on this path.
//
// Feature ids (ContactFeature3, always A's feature in type_a/index_a): a kept incident vertex is
// (reference face, incident vertex); a point made by a side plane on an incident edge is
// (reference edge of that side, incident edge); a reference face's corner inside the incident
// face is (reference vertex, incident face); an edge–edge contact is (edge, edge); a closest-
// points contact names a vertex where GJK's simplex has one on that shape, else none; a point or
// segment incident shape names its vertex (vertex) or, for clipped segment ends, its edge 0.
//
// Failure cases (returned as data): no point (separated by more than the margin, or every
// clipped point above it); coincident sphere centres: normal (1, 0, 0), one point.
// Tolerances: kSat3GapErrorUlps, kManifold3ReferenceFaceRelativeTolerance,
// kManifold3ClosestFaceRelativeTolerance, kManifold3MaxClipVertices (tolerances3.hpp).

#include <cmath>
#include <cstdint>
#include <optional>

#include "minkowski/fast/gjk3.hpp"
#include "minkowski/fast/sat3.hpp"
#include "minkowski/fast/shape3.hpp"
#include "minkowski/fast/tolerances3.hpp"
#include "minkowski/fast/vec3.hpp"

namespace minkowski::fast {

/// Kind of feature a 3D contact point comes from on one shape.
enum class FeatureType3 : std::uint8_t { vertex, edge, face, none };

/// Feature pair that produced a contact point, for matching points across frames.
struct ContactFeature3 {
  FeatureType3 type_a = FeatureType3::none;
  FeatureType3 type_b = FeatureType3::none;
  std::uint32_t index_a = 0;
  std::uint32_t index_b = 0;
  friend constexpr bool operator==(const ContactFeature3&, const ContactFeature3&) = default;
};

/// One contact point.
template <class T>
struct ManifoldPoint3 {
  Vec3<T> point;       ///< midway between point_a and point_b
  Vec3<T> point_a;     ///< on A's surface
  Vec3<T> point_b;     ///< on B's surface
  T separation;        ///< signed gap along the normal: < 0 penetrating (depth = −separation)
  ContactFeature3 id;  ///< features of A and B that produced the point
};

/// Which rule produced the manifold.
enum class ManifoldKind3 : std::uint8_t { none, face_a, face_b, edge_edge, closest };

/// Contact manifold: at most four points sharing one normal.
template <class T>
struct Manifold3 {
  Vec3<T> normal{};             ///< unit, from A towards B; meaningful when point_count > 0
  ManifoldPoint3<T> points[4];  ///< points[0 .. point_count)
  int point_count = 0;          ///< 0..4
  ManifoldKind3 kind = ManifoldKind3::none;
  std::uint32_t reference_face = 0;  ///< face index on the reference shape (face_a / face_b)
  int axes_tested = 0;
};

namespace manifold3_detail {

/// A feature in reference/incident order before it is expressed for A and B.
struct Feature {
  FeatureType3 type;
  std::uint32_t index;
};

/// A vertex of the clipped polygon: its point (on the incident core), its feature pair, and the
/// feature of the polygon edge that leaves it (an incident edge, or a reference side plane).
/// Trivial types without member initialisers: the clipping buffers on the stack are not cleared.
template <class T>
struct ClipVertex {
  T x, y, z;
  Feature ref, inc;
  bool after_is_side;   ///< the edge after this vertex lies on reference side `after`
  std::uint32_t after;  ///< incident edge id, or side index in the reference loop
  Vec3<T> p() const { return {x, y, z}; }
};

template <class T>
struct Candidate {
  T x, y, z;  ///< on the incident core
  T sep;      ///< core height above the reference plane
  Feature ref, inc;
  Vec3<T> p() const { return {x, y, z}; }
};

template <class T>
void add_point(Manifold3<T>& m, bool ref_is_a, Vec3<T> n_ref, Vec3<T> inc_core, T core_sep, T r_ref,
               T r_inc, Feature ref, Feature inc) {
  const Vec3<T> on_ref = inc_core - core_sep * n_ref;
  const Vec3<T> qr = on_ref + r_ref * n_ref, qi = inc_core - r_inc * n_ref;
  ManifoldPoint3<T>& mp = m.points[m.point_count++];
  mp.point_a = ref_is_a ? qr : qi;
  mp.point_b = ref_is_a ? qi : qr;
  mp.point = T(0.5) * (mp.point_a + mp.point_b);
  mp.separation = core_sep - r_ref - r_inc;
  mp.id = ref_is_a ? ContactFeature3{ref.type, inc.type, ref.index, inc.index}
                   : ContactFeature3{inc.type, ref.type, inc.index, ref.index};
}

/// Greedy reduction to 4 (header comment, step 5); writes the chosen indices to `pick`.
template <class T>
int reduce_to_four(const Candidate<T>* c, int n, Vec3<T> normal, int pick[4]) {
  if (n <= 4) {
    for (int i = 0; i < n; ++i) pick[i] = i;
    return n;
  }
  int i0 = 0;
  for (int i = 1; i < n; ++i)
    if (c[i].sep < c[i0].sep) i0 = i;
  int i1 = i0 == 0 ? 1 : 0;
  T best = T(-1);
  for (int i = 0; i < n; ++i) {
    const T d = length_squared(c[i].p() - c[i0].p());
    if (i != i0 && d > best) best = d, i1 = i;
  }
  int i2 = -1;
  best = T(-1);
  T sign = T(1);
  for (int i = 0; i < n; ++i) {
    if (i == i0 || i == i1) continue;
    const T s = dot(cross(c[i1].p() - c[i0].p(), c[i].p() - c[i0].p()), normal);
    const T area = s < T(0) ? -s : s;
    if (area > best) best = area, i2 = i, sign = s < T(0) ? T(-1) : T(1);
  }
  // Triangle (i0, i1, i2) turns by `sign` around the normal; a point outside edge (p, q) has
  // sign · n·((q − p) × (x − p)) < 0, and adds that much (twice the area).
  const int tri[3] = {i0, i1, i2};
  int i3 = -1;
  best = T(0);
  for (int i = 0; i < n; ++i) {
    if (i == i0 || i == i1 || i == i2) continue;
    for (int e = 0; e < 3; ++e) {
      const Vec3<T> p = c[tri[e]].p(), q = c[tri[(e + 1) % 3]].p();
      const T s = -sign * dot(cross(q - p, c[i].p() - p), normal);
      if (s > best) best = s, i3 = i;
    }
  }
  pick[0] = i0, pick[1] = i1, pick[2] = i2;
  if (i3 < 0) return 3;
  pick[3] = i3;
  return 4;
}

/// Closest points of the segments [p0, p1] and [q0, q1]: s, t in [0, 1] minimising
/// |p0 + s·d1 − q0 − t·d2| (the clamped solution of the 2×2 normal equations; parallel
/// segments take s from the overlap's start). Output c1, c2.
template <class T>
void closest_segment_points(Vec3<T> p0, Vec3<T> p1, Vec3<T> q0, Vec3<T> q1, Vec3<T>& c1,
                            Vec3<T>& c2) {
  const Vec3<T> d1o = p1 - p0, d2o = q1 - q0;
  // s and t are ratios of degree-4 products (a·e − b², b·f − c·e), which overflow float from
  // coordinates of about 4e9: the three vectors are scaled by one power of two first (exact,
  // s and t unchanged), as sat3_detail::pow2_scaled does for edge-pair axes.
  Vec3<T> d1 = d1o, d2 = d2o, w = p0 - q0;
  {
    using std::frexp, std::ldexp;
    T m = max_abs(d1);
    if (max_abs(d2) > m) m = max_abs(d2);
    if (max_abs(w) > m) m = max_abs(w);
    if (m > T(0)) {
      int ex = 0;
      (void)frexp(m, &ex);
      auto sc = [ex](Vec3<T> v) {
        return Vec3<T>{ldexp(v.x, -ex), ldexp(v.y, -ex), ldexp(v.z, -ex)};
      };
      d1 = sc(d1), d2 = sc(d2), w = sc(w);
    }
  }
  const T a = dot(d1, d1), e = dot(d2, d2), f = dot(d2, w);
  auto clamp01 = [](T x) { return x < T(0) ? T(0) : (x > T(1) ? T(1) : x); };
  T s = T(0), t = T(0);
  if (!(a > T(0)) && !(e > T(0))) {
  } else if (!(a > T(0))) {
    t = clamp01(f / e);
  } else {
    const T c = dot(d1, w);
    if (!(e > T(0))) {
      s = clamp01(-c / a);
    } else {
      const T b = dot(d1, d2);
      const T den = a * e - b * b;
      s = den > T(0) ? clamp01((b * f - c * e) / den) : T(0);
      t = (b * s + f) / e;
      if (t < T(0)) {
        t = T(0), s = clamp01(-c / a);
      } else if (t > T(1)) {
        t = T(1), s = clamp01((b - c) / a);
      }
    }
  }
  c1 = p0 + s * d1o;
  c2 = q0 + t * d2o;
}

/// Signed side of p against the side plane through v0 with outward normal s (any length):
/// s·(p − v0), > 0 outside. Formed on p − v0, not as s·p − s·v0: far from the origin s·p and
/// s·v0 are each about |s|·S and their difference loses everything below ~u·|s|·S, while p − v0
/// is small where the test matters (p near the side; exact there by Sterbenz' lemma when p and v0
/// are within a factor 2 coordinatewise), so the error is ~u·|s|·|p − v0|. (On the double case of
/// coverage_findings' triangle edge through a cube corner, the old form cut the corner away and
/// this one keeps it: fast/test/manifold3_test.cpp, TriangleEdgeThroughCubeCorner.)
template <class T>
T side_distance(Vec3<T> s, Vec3<T> p, Vec3<T> v0) {
  return dot(s, p - v0);
}

/// A reference corner of the clipped polygon: where the line through the reference face's vertex
/// v along its normal n meets the incident face's plane ip — the point the clipping's two side
/// planes at v cut from the incident face, formed from v instead of interpolated. The clipping
/// interpolates it along a polygon edge that lies on the first side plane, between two earlier
/// crossings of incident edges; when the incident face is far larger than the reference face
/// those crossings are up to ~S away, and their rounding (a few u·S each, off the side plane)
/// reaches the corner: a corner of a unit face 1e12 from the origin came out 13 ulps beside it,
/// 14.7 u·S off A (9 beyond A's weld) against 13.5 allowed (fuzz3-ad61782bfd01ec1d). Formed from
/// v, the corner lies on the line through v along n up to the rounding of v + h·n (one rounding
/// per coordinate), and its height h = (ip.offset − ip.normal·v) / (ip.normal·n) carries the
/// plane's evaluation error at v (a few u·S) over |ip.normal·n|, which moves it along n only.
/// Not formed when the incident face is tilted by more than kManifold3CornerPlaneCosine from
/// anti-parallel (that division would amplify it): the interpolated corner stands.
template <class T>
std::optional<Vec3<T>> corner_on_plane(Vec3<T> v, Vec3<T> n, const Plane3<T>& ip) {
  const T dn = dot(ip.normal, n);
  if (!(dn <= -T(kManifold3CornerPlaneCosine))) return std::nullopt;
  const T h = (ip.offset - dot(ip.normal, v)) / dn;
  return v + h * n;
}

/// Face contact: clip the incident feature of I against reference face `rf` of R and write the
/// kept points (at most 4) to m. Returns false when the clipping kept nothing (no point written).
template <class T>
bool face_contact(const ConvexShape3<T>& R, const ConvexShape3<T>& I, bool ref_is_a,
                  std::uint32_t rf, T margin, T tol, Manifold3<T>& m) {
  const Plane3<T> plane = R.face_plane(rf);
  const Vec3<T> n = plane.normal;
  const auto rv = R.face_vertices(rf);
  const auto re = R.face_edges(rf);
  const std::size_t nr = rv.size();
  const T r_ref = R.radius(), r_inc = I.radius();
  const T keep = margin + r_ref + r_inc + tol;  // core height limit

  constexpr std::size_t kCap = kManifold3MaxClipVertices;
  ClipVertex<T> buf[2][kCap];
  std::size_t count = 0;
  const std::uint32_t support = sat3_detail::min_vertex(I, n);
  const Feature ref_face{FeatureType3::face, rf};

  if (I.dimension() >= 2) {
    // Incident face: the most anti-parallel to n among the faces at the support vertex.
    std::uint32_t fi = 0;
    T best = T(2);
    if (I.dimension() == 2) {
      fi = dot(I.face_plane(0).normal, n) <= dot(I.face_plane(1).normal, n) ? 0 : 1;
    } else {
      // Where the support along −n is an edge (or a face) of I, only the faces holding that
      // edge meet the reference face's prism where the shapes are deepest; a face at one end of
      // the edge alone may lie wholly outside it. (Deep containment, 1,000,000-case run of
      // 2026-11-27: A's support edge from (0, 1, 4) to (−8, −7, 4) under B's small face; the
      // face most anti-parallel at (0, 1, 4) did not hold the edge, its clipping kept nothing,
      // and the fallback vertex (0, 1, 4) projected 4.8 off B's face:
      // fixtures/found/3d-containment-110875-touching_inside-shrunk.json.) So when an edge at
      // the support vertex ties with it (its other end within the gap's rounding `tol` of the
      // support's height), the faces are taken from the tied edges only.
      const T hs = dot(n, I.vertex(support));
      auto tied = [&](const Edge3& e) {
        const std::uint32_t w = e.v0 == support ? e.v1 : e.v0;
        return dot(n, I.vertex(w)) - hs <= tol;
      };
      bool any_tied = false;
      for (const Edge3& e : I.edges())
        if ((e.v0 == support || e.v1 == support) && tied(e)) any_tied = true;
      for (const Edge3& e : I.edges()) {
        if (e.v0 != support && e.v1 != support) continue;
        if (any_tied && !tied(e)) continue;
        const T dl = dot(I.face_plane(e.face_left).normal, n);
        const T dr = dot(I.face_plane(e.face_right).normal, n);
        if (dl < best) best = dl, fi = e.face_left;
        if (dr < best) best = dr, fi = e.face_right;
      }
    }
    const auto iv = I.face_vertices(fi);
    const auto ie = I.face_edges(fi);
    for (std::size_t k = 0; k < iv.size() && count < kCap; ++k) {
      const Vec3<T> q = I.vertex(iv[k]);
      buf[0][count++] =
          ClipVertex<T>{q.x, q.y, q.z, ref_face, {FeatureType3::vertex, iv[k]}, false, ie[k]};
    }
    // Sutherland–Hodgman against each side plane s_j·x <= s_j·v_j, s_j = e_j × n (outward).
    int cur = 0;
    for (std::size_t j = 0; j < nr && count > 0; ++j) {
      const Vec3<T> v0 = R.vertex(rv[j]);
      const Vec3<T> v1 = R.vertex(rv[j + 1 == nr ? 0 : j + 1]);
      const Vec3<T> s = cross(v1 - v0, n);
      const ClipVertex<T>* in = buf[cur];
      ClipVertex<T>* out = buf[1 - cur];
      std::size_t oc = 0;
      for (std::size_t k = 0; k < count; ++k) {
        const ClipVertex<T>& p = in[k];
        const ClipVertex<T>& q = in[k + 1 == count ? 0 : k + 1];
        const Vec3<T> pp = p.p(), qp = q.p();
        const T dp = side_distance(s, pp, v0), dq = side_distance(s, qp, v0);
        if (dp <= T(0) && oc < kCap) out[oc++] = p;
        if ((dp <= T(0)) != (dq <= T(0)) && oc < kCap) {
          const T t = dp / (dp - dq);
          ClipVertex<T> x;
          const Vec3<T> xp = pp + t * (qp - pp);
          x.x = xp.x, x.y = xp.y, x.z = xp.z;
          if (p.after_is_side) {  // the segment lies on side plane p.after: a reference corner
            const std::uint32_t k2 = p.after;
            const std::uint32_t corner =
                (k2 + 1 == nr ? 0 : k2 + 1) == j ? rv[j] : rv[j + 1 == nr ? 0 : j + 1];
            x.ref = {FeatureType3::vertex, corner};
            x.inc = {FeatureType3::face, fi};
            // Only where the two sides meet at that vertex: a segment on side k2 can also cross a
            // side j further round, outside the face, before the side next to k2 is clipped (k2
            // = 0 and its neighbour nr − 1 comes last), and that point must stay where it is, to
            // be clipped away later.
            const bool adjacent =
                (k2 + 1 == nr ? 0 : k2 + 1) == j || (j + 1 == nr ? 0 : j + 1) == k2;
            if (adjacent)
              if (const auto c = corner_on_plane(R.vertex(corner), n, I.face_plane(fi)))
                x.x = c->x, x.y = c->y, x.z = c->z;
          } else {
            x.ref = {FeatureType3::edge, re[j]};
            x.inc = {FeatureType3::edge, p.after};
          }
          if (dp <= T(0)) {  // leaving: the next edge runs along this side
            x.after_is_side = true, x.after = static_cast<std::uint32_t>(j);
          } else {  // entering: the rest of p→q
            x.after_is_side = p.after_is_side, x.after = p.after;
          }
          out[oc++] = x;
        }
      }
      count = oc;
      cur = 1 - cur;
    }
    // Points below the reference plane (+ margin).
    Candidate<T> cand[kCap];
    int nc = 0;
    for (std::size_t k = 0; k < count; ++k) {
      const ClipVertex<T>& v = buf[cur][k];
      const T h = dot(n, v.p()) - plane.offset;
      if (h <= keep) cand[nc++] = Candidate<T>{v.x, v.y, v.z, h, v.ref, v.inc};
    }
    if (nc == 0) return false;
    int pick[4];
    const int np = reduce_to_four(cand, nc, n, pick);
    for (int k = 0; k < np; ++k) {
      const Candidate<T>& c = cand[pick[k]];
      add_point(m, ref_is_a, n, c.p(), c.sep, r_ref, r_inc, c.ref, c.inc);
    }
    return true;
  }

  // A segment or a point: clip parametrically against the side planes.
  const Vec3<T> p0 = I.vertex(0);
  const Vec3<T> p1 = I.vertex(I.size() > 1 ? 1 : 0);
  T t0 = T(0), t1 = T(1);
  Feature f0{FeatureType3::vertex, 0}, f1{FeatureType3::vertex, I.size() > 1 ? 1u : 0u};
  Feature r0 = ref_face, r1 = ref_face;
  for (std::size_t j = 0; j < nr; ++j) {
    const Vec3<T> v0 = R.vertex(rv[j]);
    const Vec3<T> v1 = R.vertex(rv[j + 1 == nr ? 0 : j + 1]);
    const Vec3<T> s = cross(v1 - v0, n);
    const T d0 = side_distance(s, p0, v0), d1 = side_distance(s, p1, v0);
    if (d0 > T(0) && d1 > T(0)) return false;
    if (d0 > T(0) || d1 > T(0)) {
      const T t = d0 / (d0 - d1);
      if (d0 > T(0)) {
        if (t > t0) t0 = t, f0 = {FeatureType3::edge, 0}, r0 = {FeatureType3::edge, re[j]};
      } else {
        if (t < t1) t1 = t, f1 = {FeatureType3::edge, 0}, r1 = {FeatureType3::edge, re[j]};
      }
    }
  }
  if (t0 > t1) return false;
  // The ends keep their exact coordinates when no side plane cut them.
  const Vec3<T> c0 = t0 == T(0) ? p0 : p0 + t0 * (p1 - p0);
  const Vec3<T> c1 = t1 == T(1) ? p1 : p0 + t1 * (p1 - p0);
  const T h0 = dot(n, c0) - plane.offset, h1 = dot(n, c1) - plane.offset;
  const bool single = I.size() == 1 || c0 == c1;
  int added = 0;
  if (h0 <= keep) add_point(m, ref_is_a, n, c0, h0, r_ref, r_inc, r0, f0), ++added;
  if (!single && h1 <= keep) add_point(m, ref_is_a, n, c1, h1, r_ref, r_inc, r1, f1), ++added;
  return added > 0;
}

/// The feature of `shape` (A when on_a, else B) in GJK's final simplex, from its distinct vertices
/// there: one vertex is that vertex; two that are the ends of an edge are that edge; two or more
/// on one face are that face (the first found); anything else (vertices that share no edge or
/// face) is none. Until 2026-11-28 a simplex with several vertices of the shape gave a value-
/// initialised Feature, which reads as vertex 0. Edges and faces are found by a scan: only the
/// GJK-based contacts ask (touching or nearly parallel cores, spheres and capsules).
template <class T>
Feature simplex_feature(const ConvexShape3<T>& shape, const GjkSimplex3<T>& s, bool on_a) {
  std::uint32_t v[4];
  int n = 0;
  for (int i = 0; i < s.count && i < 4; ++i) {
    const std::uint32_t x = on_a ? s.points[i].ia : s.points[i].ib;
    bool seen = false;
    for (int k = 0; k < n; ++k) seen = seen || v[k] == x;
    if (!seen) v[n++] = x;
  }
  if (n == 0) return {FeatureType3::none, 0};
  if (n == 1) return {FeatureType3::vertex, v[0]};
  const auto edges = shape.edges();
  if (n == 2)
    for (std::size_t e = 0; e < edges.size(); ++e)
      if ((edges[e].v0 == v[0] && edges[e].v1 == v[1]) ||
          (edges[e].v0 == v[1] && edges[e].v1 == v[0]))
        return {FeatureType3::edge, static_cast<std::uint32_t>(e)};
  for (std::size_t f = 0; f < shape.face_count(); ++f) {
    const auto fv = shape.face_vertices(f);
    bool all = true;
    for (int k = 0; k < n && all; ++k) {
      bool in = false;
      for (const std::uint32_t w : fv) in = in || w == v[k];
      all = in;
    }
    if (all) return {FeatureType3::face, static_cast<std::uint32_t>(f)};
  }
  return {FeatureType3::none, 0};
}

/// The feature of a core's point at parameter x (segment3.hpp): its vertex at an end or for a
/// point core, else the segment's edge 0.
template <class T>
Feature param_feature(const ConvexShape3<T>& s, T x) {
  if (s.dimension() == 0 || x == T(0)) return {FeatureType3::vertex, 0};
  if (x == T(1)) return {FeatureType3::vertex, 1};
  return {FeatureType3::edge, 0};
}

/// Spheres and capsules (both cores points or segments) whose cores are apart beyond GJK's
/// touching band (header comment, "Spheres and capsules"). False when the cores touch or cross:
/// the general path answers then, and `m` is left untouched.
template <class T>
bool low_dimensional_manifold(const ConvexShape3<T>& a, const ConvexShape3<T>& b, T margin,
                              Manifold3<T>& m) {
  using std::sqrt;
  const T ra = a.radius(), rb = b.radius(), r = ra + rb;
  const detail::Closest3Scale<T> sc = detail::closest3_scale(a, b);
  const T f = sc.f;
  const detail::Closest3<T> c = detail::closest_points_low3(a, b, f, sc.touch2);
  if (c.exit == detail::Closest3Exit::touching) return false;
  T d;
  Vec3<T> n, pa, pb;  // pa, pb: the closest points on the surfaces
  Feature fa, fb;
  if (c.exit == detail::Closest3Exit::answered) {
    d = (T(1) / f) * sqrt(c.dist2);
    n = -unit_vector(c.v, c.dist2);
    pa = detail::core_point3(a, c.s) + ra * n;
    pb = detail::core_point3(b, c.t) - rb * n;
    fa = param_feature(a, c.s), fb = param_feature(b, c.t);
  } else {  // nearly parallel segments: GJK's closest points
    const GjkOutput3<T> g = detail::gjk3_distance_loop(a, b, nullptr, GjkOptions{}, true);
    const bool apart = g.status != GjkStatus::overlap && g.status != GjkStatus::touching;
    if (!apart || !(g.core_distance > T(0)) || !(length_squared(g.normal) > T(0))) return false;
    d = g.core_distance, n = g.normal, pa = g.point_a, pb = g.point_b;
    fa = simplex_feature(a, g.simplex, true), fb = simplex_feature(b, g.simplex, false);
  }
  m.axes_tested += 1;
  if (d - r > margin) return true;  // apart beyond the margin: no point
  m.normal = n;
  m.kind = ManifoldKind3::closest;
  m.reference_face = 0;
  auto add = [&](Vec3<T> qa, Vec3<T> qb, T sep, Feature ea, Feature eb) {
    ManifoldPoint3<T>& p = m.points[m.point_count++];
    p.point_a = qa;
    p.point_b = qb;
    p.point = T(0.5) * (qa + qb);
    p.separation = sep;
    p.id = ContactFeature3{ea.type, eb.type, ea.index, eb.index};
  };
  // Two capsules lying along each other (kManifold3CapsuleParallelSine2): a contact at each end
  // of the overlap of B's projection on A's segment, each end's point on A with its closest
  // point on B, separation measured along n (never below d: n separates the cores).
  if (a.dimension() == 1 && b.dimension() == 1 && c.sin2 <= T(kManifold3CapsuleParallelSine2)) {
    const Vec3<T> A0 = a.vertex(0), B0 = b.vertex(0);
    const Vec3<T> d1 = f * (a.vertex(1) - A0), d2 = f * (b.vertex(1) - B0);
    const T aa = dot(d1, d1), ee = dot(d2, d2);
    const T u0 = dot(f * (B0 - A0), d1) / aa, u1 = dot(f * (b.vertex(1) - A0), d1) / aa;
    T lo = u0 < u1 ? u0 : u1, hi = u0 < u1 ? u1 : u0;
    if (lo < T(0)) lo = T(0);
    if (hi > T(1)) hi = T(1);
    const T tol = sat3_detail::gap_error_bound(sat3_detail::pair_scale(a, b));
    if (hi > lo && (hi - lo) * (sqrt(aa) / f) > tol) {
      Vec3<T> qa[2], qb[2];
      T sep[2];
      Feature ea[2], eb[2];
      const T ends[2] = {lo, hi};
      bool both = true;
      for (int k = 0; k < 2; ++k) {
        const Vec3<T> ca = detail::core_point3(a, ends[k]);
        T t = dot(f * (ca - B0), d2) / ee;
        t = t < T(0) ? T(0) : (t > T(1) ? T(1) : t);
        const Vec3<T> cb = detail::core_point3(b, t);
        sep[k] = dot(cb - ca, n) - r;
        qa[k] = ca + ra * n, qb[k] = cb - rb * n;
        ea[k] = param_feature(a, ends[k]), eb[k] = param_feature(b, t);
        both = both && sep[k] <= margin + tol;
      }
      if (both) {
        for (int k = 0; k < 2; ++k) add(qa[k], qb[k], sep[k], ea[k], eb[k]);
        return true;
      }
    }
  }
  add(pa, pb, d - r, fa, fb);
  return true;
}

/// Length of a face's first edge (the size used by the reference-face tolerance).
template <class T>
T first_edge_length(const ConvexShape3<T>& s, std::uint32_t f) {
  const auto v = s.face_vertices(f);
  return length(s.vertex(v[1]) - s.vertex(v[0]));
}

}  // namespace manifold3_detail

/// Contact manifold of A and B with contacts up to `margin` apart (see the header comment).
///
/// Preconditions: a, b built by make_shape3; margin >= 0. cache: optional, as in sat_query (a
/// separated pair whose cached axis still separates by more than margin costs one axis test).
/// Failure cases: none reported (see the header comment). Tolerances: see the header comment.
template <class T>
Manifold3<T> contact_manifold(const ConvexShape3<T>& a, const ConvexShape3<T>& b, T margin = T(0),
                              SatCache3* cache = nullptr) {
  using namespace manifold3_detail;
  using sat3_detail::Axis;
  Manifold3<T> m;
  const T r = a.radius() + b.radius();
  const T stop = r + margin;
  auto remember = [&](const Axis<T>& ax) {
    if (cache != nullptr && ax.axis != SatAxis3::none && ax.axis != SatAxis3::closest)
      *cache = SatCache3{ax.axis, ax.index_a, ax.index_b};
  };

  // Spheres and capsules (header comment, "Spheres and capsules"), chosen from the kinds.
  if (detail::low_dimensional_pair(a, b)) {
    if (bounding_balls_apart(a, b, stop)) return m;
    if (low_dimensional_manifold(a, b, margin, m)) return m;
  }
  if (cache != nullptr && cache->axis != SatAxis3::none) {
    Axis<T> ax;
    if (sat3_detail::cached_axis(a, b, *cache, ax)) {
      m.axes_tested = 1;
      if (ax.gap > stop) return m;
    }
  }
  // Cores farther apart than r + margin by their bounding balls (step 1): no point, no axis.
  if (bounding_balls_apart(a, b, stop)) return m;
  const sat3_detail::CoreAnswer<T> ans = sat3_detail::core_answer(a, b, stop, cache, m.axes_tested);
  const sat3_detail::Pass<T>& pass = ans.pass;
  if (pass.stopped) {
    remember(pass.best);
    return m;
  }
  const T tol = sat3_detail::gap_error_bound(sat3_detail::pair_scale(a, b));
  const bool on_b_better = pass.face_b.gap > pass.face_a.gap;

  auto face_manifold = [&](bool use_b) {
    const bool ref_is_a = !use_b;
    const std::uint32_t f = use_b ? pass.face_b.index_b : pass.face_a.index_a;
    if (!face_contact(use_b ? b : a, use_b ? a : b, ref_is_a, f, margin, tol, m)) return false;
    m.kind = use_b ? ManifoldKind3::face_b : ManifoldKind3::face_a;
    m.reference_face = f;
    m.normal = use_b ? -b.face_plane(f).normal : a.face_plane(f).normal;
    return true;
  };

  if (ans.closest) {
    const T d = ans.core_distance;
    if (d - r > margin) return m;
    const Axis<T>& face = on_b_better ? pass.face_b : pass.face_a;
    if (face.axis != SatAxis3::none &&
        face.gap >= d - tol - T(kManifold3ClosestFaceRelativeTolerance) * d &&
        face_manifold(on_b_better))
      return m;
    m.point_count = 0;
    const GjkOutput3<T>& g = ans.gjk;
    ManifoldPoint3<T>& p = m.points[m.point_count++];
    p.point_a = g.point_a;
    p.point_b = g.point_b;
    p.point = T(0.5) * (g.point_a + g.point_b);
    p.separation = d - r;
    const Feature fa = simplex_feature(a, g.simplex, true);
    const Feature fb = simplex_feature(b, g.simplex, false);
    p.id = ContactFeature3{fa.type, fb.type, fa.index, fb.index};
    m.normal = g.normal;
    m.kind = ManifoldKind3::closest;
    return m;
  }

  if (ans.no_axis) {  // cores of dimension <= 1 that touch: points, a point on a segment, segments
    const Vec3<T> n = sat3_detail::fallback_normal(a, b);
    // A point both cores share: GJK's (it ran: core_answer asks it whenever no axis exists and
    // the cores are lower-dimensional), which is right for two segments touching end to end too;
    // a vertex of a one-point core otherwise. (A single-point choice put the contact of two
    // collinear segments meeting at (-4,-4,-4) at B's far end (-1,-1,-1):
    // fixtures/found/degenerate-collinear_segments-f3126746a752c5bc.json.)
    // Each shape's own point: GJK's touching exit takes cores up to kGjk3TouchingUlps·u·(S_A +
    // S_B) apart for touching, and B's copy of A's point was off B by that distance (4.57 u·S:
    // fixtures/found/3d-cells-7764-vertex-vertex-separated-ulps-segment-point-shrunk.json).
    const bool g = ans.gjk.simplex.count > 0;
    const Vec3<T> v = a.dimension() == 0 ? a.vertex(0) : b.vertex(0);
    const Vec3<T> ca = g ? ans.gjk.point_a - a.radius() * ans.gjk.normal : v;
    const Vec3<T> cb = g ? ans.gjk.point_b + b.radius() * ans.gjk.normal : v;
    ManifoldPoint3<T>& p = m.points[m.point_count++];
    p.point_a = ca + a.radius() * n;
    p.point_b = cb - b.radius() * n;
    p.point = T(0.5) * (p.point_a + p.point_b);
    p.separation = -r;
    p.id = ContactFeature3{a.dimension() == 0 ? FeatureType3::vertex : FeatureType3::edge,
                           b.dimension() == 0 ? FeatureType3::vertex : FeatureType3::edge, 0, 0};
    m.normal = n;
    m.kind = ManifoldKind3::closest;
    return m;
  }

  const Axis<T>& best = pass.best;
  remember(best);
  // Reference face choice (header comment, step 3).
  T size = T(0);
  if (pass.face_a.axis != SatAxis3::none && pass.face_b.axis != SatAxis3::none) {
    const T la = first_edge_length(a, pass.face_a.index_a);
    const T lb = first_edge_length(b, pass.face_b.index_b);
    size = la < lb ? la : lb;
  }
  const T rel = T(kManifold3ReferenceFaceRelativeTolerance) * size + tol;
  const bool have_a = pass.face_a.axis != SatAxis3::none;
  const bool have_b = pass.face_b.axis != SatAxis3::none;
  const bool use_b = have_b && (!have_a || pass.face_b.gap > pass.face_a.gap + rel);
  const T face_gap = use_b ? pass.face_b.gap : pass.face_a.gap;
  const bool have_face = have_a || have_b;

  auto edge_edge_contact = [&] {
    const Edge3& ea = a.edges()[best.index_a];
    const Edge3& eb = b.edges()[best.index_b];
    Vec3<T> ca, cb;
    closest_segment_points(a.vertex(ea.v0), a.vertex(ea.v1), b.vertex(eb.v0), b.vertex(eb.v1), ca,
                           cb);
    const Vec3<T> n = best.normal;
    ManifoldPoint3<T>& p = m.points[m.point_count++];
    p.point_a = ca + a.radius() * n;
    p.point_b = cb - b.radius() * n;
    p.point = T(0.5) * (p.point_a + p.point_b);
    p.separation = best.gap - r;
    p.id = ContactFeature3{FeatureType3::edge, FeatureType3::edge, best.index_a, best.index_b};
    m.normal = n;
    m.kind = ManifoldKind3::edge_edge;
    m.reference_face = 0;
    return m;
  };
  if (best.axis == SatAxis3::edge_edge && (!have_face || best.gap > face_gap + rel))
    return edge_edge_contact();
  if (!have_face) return m;
  if (face_manifold(use_b)) return m;
  // Clipping kept nothing (header comment, "Clipping kept nothing").
  const ConvexShape3<T>& R = use_b ? b : a;
  const ConvexShape3<T>& I = use_b ? a : b;
  const std::uint32_t f = use_b ? pass.face_b.index_b : pass.face_a.index_a;
  const Plane3<T> pl = R.face_plane(f);
  m.kind = use_b ? ManifoldKind3::face_b : ManifoldKind3::face_a;
  m.reference_face = f;
  m.normal = use_b ? -pl.normal : pl.normal;
  if (best.gap >= -tol) {  // the cores touch up to rounding: where they touch
    GjkOutput3<T> g = ans.gjk;
    if (g.status == GjkStatus::empty_shape) g = gjk_distance(a, b);  // core_answer did not ask
    if (g.status != GjkStatus::empty_shape) {
      const T sep = g.core_distance - r;
      if (sep > margin + tol) {
        m.point_count = 0, m.kind = ManifoldKind3::none;
        return m;
      }
      ManifoldPoint3<T>& p = m.points[m.point_count++];
      p.point_a = (g.point_a - a.radius() * g.normal) + a.radius() * m.normal;
      p.point_b = (g.point_b + b.radius() * g.normal) - b.radius() * m.normal;
      p.point = T(0.5) * (p.point_a + p.point_b);
      p.separation = sep;
      const Feature fa = simplex_feature(a, g.simplex, true);
      const Feature fb = simplex_feature(b, g.simplex, false);
      p.id = ContactFeature3{fa.type, fb.type, fa.index, fb.index};
      return m;
    }
  }
  // Overlapping cores: the face was preferred to SAT's best axis by the coherence rule (step 3).
  // An edge pair: its contact. B's face not taken because A's was as good: B's face.
  if (best.axis == SatAxis3::edge_edge) return edge_edge_contact();
  m.kind = ManifoldKind3::none;
  if (!use_b && have_b && face_manifold(true)) return m;
  m.kind = use_b ? ManifoldKind3::face_b : ManifoldKind3::face_a;
  m.normal = use_b ? -pl.normal : pl.normal;
  m.reference_face = f;
  // Else the incident support vertex alone, if within the margin.
  const std::uint32_t v = sat3_detail::min_vertex(I, pl.normal);
  const T h = dot(pl.normal, I.vertex(v)) - pl.offset;
  if (h - r > margin + tol) {
    m.kind = ManifoldKind3::none;
    return m;
  }
  add_point(m, !use_b, pl.normal, I.vertex(v), h, R.radius(), I.radius(),
            Feature{FeatureType3::face, f}, Feature{FeatureType3::vertex, v});
  return m;
}

}  // namespace minkowski::fast
