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
//
// Exit 0 while the deepest contact exceeds the overlap of Bullet's polyhedra along the separating
// axis by more than 10% and equals that overlap divided by |cos| (relative 1e-9: a few thousand
// ulps); 1 otherwise.
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

int main() {
  ReproShape a(case1::kA, case1::kRadiusA), b(case1::kB, case1::kRadiusB);
  const btConvexPolyhedron& ha = *a.polyhedron();
  const btConvexPolyhedron& hb = *b.polyhedron();
  ReproResult out;
  btVector3 sep(0, 0, 0);
  if (!btPolyhedralContactClipping::findSeparatingAxis(ha, hb, a.transform, b.transform, sep,
                                                       out)) {
    std::printf("findSeparatingAxis: separated\n");
    return repro::symptom(false, "bullet-sat/README.md");
  }
  out.points.clear();  // findSeparatingAxis may report an edge contact; keep the clipping's only
  btVertexArray v1, v2;
  // minDist −1e30 as btConvexConvexAlgorithm.cpp:485; maxDist 0, as the adapter.
  btPolyhedralContactClipping::clipHullAgainstHull(sep, ha, hb, a.transform, b.transform, -1e30, 0,
                                                   v1, v2, out);
  const btVector3 n = sep.normalized();
  print_vec("separating axis", n);
  double deepest = 0;
  for (const ReproResult::Point& p : out.points) deepest = std::max(deepest, -p.depth);
  // The reference face: A's face most opposed to the axis (clipFaceAgainstHull's choice).
  double cos_ref = INFINITY;
  for (int f = 0; f < ha.m_faces.size(); ++f) {
    const btVector3 normal(ha.m_faces[f].m_plane[0], ha.m_faces[f].m_plane[1],
                           ha.m_faces[f].m_plane[2]);
    cos_ref = std::min(cos_ref, normal.dot(n));
  }
  const double overlap = overlap_along(ha, hb, n);
  std::printf("exact depth %.17g; overlap along the axis %.17g; cos to the reference face %.17g\n",
              -case1::kExactSignedDistance, overlap, cos_ref);
  std::printf("deepest contact %.17g; overlap / |cos| %.17g\n", deepest,
              overlap / std::fabs(cos_ref));
  const bool present = deepest > 1.1 * overlap &&
                       std::fabs(deepest - overlap / std::fabs(cos_ref)) <= 1e-9 * deepest;
  return repro::symptom(present, "bullet-sat/README.md");
}
