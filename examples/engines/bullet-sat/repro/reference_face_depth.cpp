// Bullet 3.24 failure class "contact depths measured along the reference face's normal"
// (bullet-sat/README.md).
//
// findSeparatingAxis returns the axis of least overlap, a face normal or an edge–edge cross product
// (btPolyhedralContactClipping.cpp:250-358). clipHullAgainstHull then takes A's face most
// opposed to that axis as the reference face (clipFaceAgainstHull, :412-426), clips B's incident
// face to it and measures each contact's depth as its distance behind the reference face's plane
// (:474-480), along that face's normal, while addContactPoint pairs it with the separating axis as
// the normal (:500). When the axis is not the reference face's normal, the depth is the overlap
// along the axis divided by the cosine between the two: deeper than the penetration along the
// normal Bullet reports.
//
// Minimal case: found/3d-polytope-64-random_hull-shrunk.json — two triangles, A in the plane
// y = −1; exact depth 6.78e-4. The axis is an edge–edge axis at cos 0.7635 to A's normal (0, ±1,
// 0): the overlap of Bullet's own polyhedra along it is 6.93e-4 (the snapped vertices of the
// integer-grid class, 1.5e-5 of the error) and the deepest contact 9.08e-4 = 6.93e-4 / 0.7635.
// The campaign's scale-61 shows the same ratio (2.42e-3 / 0.537 = 4.51e-3).
// Case 2: found/3d-cells-15-edge-face-overlapping-ulps-triangle-square-shrunk.json — a triangle
// in the plane y = −0.125 and a square in z = −2.8e-17 overlapping by 2.8e-17 along z: the axis
// is (0, 0, ±1), both of A's face normals (0, ±1, 0) are perpendicular to it (cos 0), the first
// is the reference face, and the contacts' depth is their distance from A's plane: 0.125.
//
// Exit 0 while, in case 1, the deepest contact exceeds the overlap of Bullet's polyhedra along the
// separating axis by more than 10% and equals that overlap divided by |cos| (relative 1e-9: a few
// thousand ulps), and, in case 2, the reference face is perpendicular to the axis (|cos| below
// 1e-12) and the deepest contact is more than 0.1 deep (the overlap is 2.8e-17); 1 otherwise.
#include "../../bullet/repro_bullet.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

namespace case1 {  // found/3d-polytope-64-random_hull-shrunk.json
const std::vector<btVector3> kA = {{-1.0, -1.0, -1.0},  {-1.0, -1.0, -1.0}, {-1.0, -1.0, -1.0},
                                   {-1.0, -1.0, -1.0},  {-1.0, -1.0, -1.0}, {-1.0, -1.0, -1.0},
                                   {-0.48, -1.0, 0.21}, {-1.0, -1.0, -1.0}, {-0.06, -1.0, -0.43},
                                   {-1.0, -1.0, -1.0}};
constexpr double kRadiusA = 0.0;
const std::vector<btVector3> kB = {{-1.53, -2.15, -0.6699999999999999},
                                   {-1.53, -2.15, -0.6699999999999999},
                                   {-1.53, -2.15, -0.6699999999999999},
                                   {-1.53, -2.15, -0.6699999999999999},
                                   {-0.25, -0.9199999999999999, 0.030000000000000027},
                                   {-1.53, -2.15, -0.6699999999999999},
                                   {-1.53, -2.15, -0.6699999999999999},
                                   {-1.53, -2.15, -0.6699999999999999},
                                   {-1.53, -2.15, -0.6699999999999999},
                                   {-1.53, -2.15, -0.6599999999999999}};
constexpr double kRadiusB = 0.0;
/// Exact (the fixture's expected): overlapping, signed distance
constexpr double kExactSignedDistance = -6.7763906707588831587360328681333853693366e-04;
}  // namespace case1

namespace case2 {  // found/3d-cells-15-edge-face-overlapping-ulps-triangle-square-shrunk.json
const std::vector<btVector3> kA = {
    {-0.25, -0.125, 0.0}, {0.0, -0.125, 0.0}, {-0.125, -0.125, -0.125}};
constexpr double kRadiusA = 0.0;
const std::vector<btVector3> kB = {{0.0, -0.25, -2.7755575615628914e-17},
                                   {0.0, 0.0, -2.7755575615628914e-17},
                                   {-0.25, 0.0, -2.7755575615628914e-17},
                                   {-0.25, -0.25, -2.7755575615628914e-17}};
constexpr double kRadiusB = 0.0;
/// Exact (the fixture's expected): overlapping, signed distance
constexpr double kExactSignedDistance = -2.7755575615628913510590791702270507812500e-17;
}  // namespace case2

/// The overlap of the two polyhedra's vertex sets along the unit axis n: the smaller of the two
/// ways, as TestSepAxis measures it (btPolyhedralContactClipping.cpp:83-103).
double overlap_along(const btConvexPolyhedron& a, const btConvexPolyhedron& b, const btVector3& n) {
  double min_a = INFINITY, max_a = -INFINITY, min_b = INFINITY, max_b = -INFINITY;
  for (int i = 0; i < a.m_vertices.size(); ++i) {
    min_a = std::min(min_a, a.m_vertices[i].dot(n));
    max_a = std::max(max_a, a.m_vertices[i].dot(n));
  }
  for (int i = 0; i < b.m_vertices.size(); ++i) {
    min_b = std::min(min_b, b.m_vertices[i].dot(n));
    max_b = std::max(max_b, b.m_vertices[i].dot(n));
  }
  return std::min(max_a - min_b, max_b - min_a);
}

/// Bullet's answer on one case: the deepest clipped contact, the overlap of its polyhedra along
/// the separating axis, and the cosine between that axis and A's reference face's normal.
struct Measured {
  bool separated = false;
  double deepest = 0, overlap = 0, cos_ref = INFINITY;
};
Measured measure(const std::vector<btVector3>& pa, double ra, const std::vector<btVector3>& pb,
                 double rb) {
  ReproShape a(pa, ra), b(pb, rb);
  const btConvexPolyhedron& ha = *a.polyhedron();
  const btConvexPolyhedron& hb = *b.polyhedron();
  Measured m;
  ReproResult out;
  btVector3 sep(0, 0, 0);
  if (!btPolyhedralContactClipping::findSeparatingAxis(ha, hb, a.transform, b.transform, sep,
                                                       out)) {
    m.separated = true;
    return m;
  }
  out.points.clear();  // findSeparatingAxis may report an edge contact; keep the clipping's only
  btVertexArray v1, v2;
  // minDist −1e30 as btConvexConvexAlgorithm.cpp:485; maxDist 0, as the adapter.
  btPolyhedralContactClipping::clipHullAgainstHull(sep, ha, hb, a.transform, b.transform, -1e30, 0,
                                                   v1, v2, out);
  const btVector3 n = sep.normalized();
  print_vec("  separating axis", n);
  for (const ReproResult::Point& p : out.points) m.deepest = std::max(m.deepest, -p.depth);
  // The reference face: A's first face most opposed to the axis (clipFaceAgainstHull's choice).
  for (int f = 0; f < ha.m_faces.size(); ++f) {
    const btVector3 normal(ha.m_faces[f].m_plane[0], ha.m_faces[f].m_plane[1],
                           ha.m_faces[f].m_plane[2]);
    if (normal.dot(n) < m.cos_ref) m.cos_ref = normal.dot(n);
  }
  m.overlap = overlap_along(ha, hb, n);
  std::printf(
      "  overlap along the axis %.17g; cos to the reference face %.17g; deepest contact "
      "%.17g\n",
      m.overlap, m.cos_ref, m.deepest);
  return m;
}

int main() {
  std::printf("case 1 (exact depth %.17g):\n", -case1::kExactSignedDistance);
  const Measured m1 = measure(case1::kA, case1::kRadiusA, case1::kB, case1::kRadiusB);
  const bool present1 =
      !m1.separated && m1.deepest > 1.1 * m1.overlap &&
      std::fabs(m1.deepest - m1.overlap / std::fabs(m1.cos_ref)) <= 1e-9 * m1.deepest;
  if (present1)
    std::printf("  deepest contact = overlap / |cos| = %.17g\n",
                m1.overlap / std::fabs(m1.cos_ref));
  std::printf("case 2 (exact depth %.17g):\n", -case2::kExactSignedDistance);
  const Measured m2 = measure(case2::kA, case2::kRadiusA, case2::kB, case2::kRadiusB);
  const bool present2 = !m2.separated && std::fabs(m2.cos_ref) < 1e-12 && m2.deepest > 0.1;
  if (present2) std::printf("  the reference face is perpendicular to the axis\n");
  return repro::symptom(present1 && present2, "bullet-sat/README.md");
}
