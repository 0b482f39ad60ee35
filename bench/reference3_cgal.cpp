// The CGAL baseline (reference3_cgal.hpp says what it computes). The only translation unit of
// the benchmark that includes CGAL, and the only one compiled with -frounding-math (CGAL's
// interval arithmetic needs it; bench/CMakeLists.txt).
#include "reference3_cgal.hpp"

#include <CGAL/Exact_predicates_exact_constructions_kernel.h>
#include <CGAL/Surface_mesh.h>
#include <CGAL/convex_hull_3.h>
#include <CGAL/version.h>

#include <sstream>
#include <stdexcept>

namespace minkowski::bench3::cgal {

namespace {

using K = CGAL::Exact_predicates_exact_constructions_kernel;
using FT = K::FT;
using Point = K::Point_3;
using Mesh = CGAL::Surface_mesh<Point>;

/// a − b as an exact number: the double difference when it is exact (TwoSum's error term is 0),
/// else CGAL's lazy exact difference. Both are exact; the first spares CGAL a lazy node per
/// coordinate on most coordinates, so the baseline is as fast as a careful user would make it.
FT exact_difference(double a, double b) {
  const double s = a - b;
  const double bb = s - a;
  const double err = (a - (s - bb)) + (-b - bb);
  return err == 0 ? FT(s) : FT(a) - FT(b);
}

std::string rational_text(const FT& x) {
  using ET = K::Exact_kernel::FT;
  const ET& e = CGAL::exact(x);
  typename CGAL::Fraction_traits<ET>::Numerator_type num;
  typename CGAL::Fraction_traits<ET>::Denominator_type den;
  typename CGAL::Fraction_traits<ET>::Decompose()(e, num, den);
  std::ostringstream os;
  os << num << "/" << den;
  return os.str();
}

}  // namespace

Answer exact_answer(const reference::Shape3& a, const reference::Shape3& b, bool full, bool text) {
  std::vector<Point> pts;
  pts.reserve(a.points.size() * b.points.size());
  for (const auto& p : a.points)
    for (const auto& q : b.points)
      pts.emplace_back(exact_difference(p.x, q.x), exact_difference(p.y, q.y),
                       exact_difference(p.z, q.z));
  Mesh mesh;
  CGAL::convex_hull_3(pts.begin(), pts.end(), mesh);
  if (mesh.number_of_faces() < 4)
    throw std::runtime_error("cgal baseline: the difference is not 3-dimensional");

  const Point origin = CGAL::ORIGIN;
  Answer answer;
  answer.faces = static_cast<int>(mesh.number_of_faces());
  // Each face's three points, outward (counter-clockwise seen from outside).
  std::vector<std::array<Point, 3>> tri;
  tri.reserve(mesh.number_of_faces());
  std::vector<CGAL::Orientation> side;
  side.reserve(mesh.number_of_faces());
  bool outside = false, on_plane = false;
  for (Mesh::Face_index f : mesh.faces()) {
    std::array<Point, 3> t;
    int k = 0;
    for (Mesh::Vertex_index v : CGAL::vertices_around_face(mesh.halfedge(f), mesh)) {
      if (k == 3) throw std::runtime_error("cgal baseline: a face is not a triangle");
      t[k++] = mesh.point(v);
    }
    // POSITIVE: the origin is on the side the outward normal (q − p) × (r − p) points to.
    const CGAL::Orientation o = CGAL::orientation(t[0], t[1], t[2], origin);
    outside |= o == CGAL::POSITIVE;
    on_plane |= o == CGAL::COPLANAR;
    tri.push_back(t);
    side.push_back(o);
  }

  FT best;
  std::size_t best_face = 0;
  bool have = false;
  if (outside) {
    answer.relation = Relation::separated;
    for (std::size_t i = 0; i < tri.size(); ++i) {
      if (side[i] != CGAL::POSITIVE) continue;
      const FT d = CGAL::squared_distance(origin, K::Triangle_3(tri[i][0], tri[i][1], tri[i][2]));
      if (!have || d < best) best = d, best_face = i, have = true;
    }
    if (full) {
      const Point nearest = K().construct_projected_point_3_object()(
          K::Triangle_3(tri[best_face][0], tri[best_face][1], tri[best_face][2]), origin);
      CGAL::exact(nearest);
      answer.directions = 1;
    }
  } else if (on_plane) {
    answer.relation = Relation::touching;
    best = FT(0);
    have = true;
  } else {
    answer.relation = Relation::overlapping;
    std::vector<FT> depth;
    depth.reserve(tri.size());
    for (const auto& t : tri) {
      depth.push_back(CGAL::squared_distance(origin, K::Plane_3(t[0], t[1], t[2])));
      if (!have || depth.back() < best) best = depth.back(), have = true;
    }
    if (full) {
      for (std::size_t i = 0; i < tri.size(); ++i) {
        if (depth[i] != best) continue;  // exact comparison: ties are all listed
        const K::Vector_3 n = CGAL::cross_product(tri[i][1] - tri[i][0], tri[i][2] - tri[i][0]);
        CGAL::exact(n);
        ++answer.directions;
      }
    }
  }
  CGAL::exact(best);
  if (text) answer.squared = rational_text(best);
  return answer;
}

std::string version() { return std::string("CGAL ") + CGAL_VERSION_STR; }

}  // namespace minkowski::bench3::cgal
