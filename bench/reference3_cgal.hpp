#pragma once
// bench/reference3_cgal.hpp — the CGAL baseline of the exact 3D oracle's benchmark: the same
// answer as reference::query (relation and the exact squared distance or depth of two
// radius-0 polytopes) computed with CGAL's exact kernel, the way a CGAL user would:
//   1. the difference points a_i − b_j as Epeck points (exact: a coordinate difference that
//      rounds in double is kept as a lazy exact difference);
//   2. CGAL::convex_hull_3 of them into a Surface_mesh (triangulated faces, outward);
//   3. the origin against every face's plane (CGAL::orientation): outside any face → separated,
//      the squared distance the least CGAL::squared_distance(origin, triangle) over the faces
//      whose plane has the origin outside (the nearest point of a convex polytope lies on a face
//      visible from the point); on some plane and outside none → touching, 0; inside every one →
//      overlapping, the squared depth the least squared_distance(origin, plane);
//   4. CGAL::exact() of that least value, so the rational is computed, not just compared.
// With `full`, also the exact optimal directions' data: the nearest point of the hull
// (construct_projected_point_3 onto the nearest triangle) when separated; when overlapping, the
// normal of every face that attains the depth (ties all computed).
//
// Only polytopes whose difference is 3-dimensional (the benchmark's families); anything else
// throws std::runtime_error. Only this file's .cpp includes CGAL (it needs -frounding-math).

#include <string>
#include <vector>

#include "minkowski/reference/shape3.hpp"

namespace minkowski::bench3::cgal {

enum class Relation { separated, touching, overlapping };

struct Answer {
  Relation relation = Relation::separated;
  /// The exact squared distance / squared depth as "numerator/denominator" in lowest terms
  /// (denominator > 0, "0/1" for zero); filled only when asked (text = true).
  std::string squared;
  /// Faces of the hull (triangles) and, with `full`, how many directions were computed.
  int faces = 0;
  int directions = 0;
};

/// The answer for polytopes a and b (radii ignored: must be 0). `text` fills Answer::squared
/// (outside the timed loop: the conversion is not part of the answer's cost).
Answer exact_answer(const reference::Shape3& a, const reference::Shape3& b, bool full,
                    bool text = false);

/// "CGAL x.y.z" (the version the baseline was compiled against).
std::string version();

}  // namespace minkowski::bench3::cgal
