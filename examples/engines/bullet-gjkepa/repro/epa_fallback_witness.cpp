// Bullet 3.24 failure class "EPA's fallback answers depth 0 with a point of A as B's witness"
// (bullet-gjkepa/README.md).
//
// When GJK ends inside but its simplex cannot be grown into a tetrahedron enclosing the origin (two
// coplanar squares touching at an edge: a flat Minkowski difference), EPA::Evaluate takes its
// Fallback branch (btGjkEpa2.cpp:755-767): depth 0, normal −guess, and a one-vertex result.
// Penetration accepts it (:991) and sets witnesses[1] = w0 − normal·0 = w0 (:1000), a support point
// of A; the pair detector reports that point as the point on B.
//
// Minimal case: found/3d-degenerate-96-coplanar_squares-permuted-shrunk.json — A = the unit square
// [0, 1]² in z = 0, B = [−0.62, 0] × [−0.61, 0.01] in z = 0: they touch along x = 0, exactly.
//
// Exit 0 while Bullet reports a point on B that lies outside B (x > 0, B has x <= 0); 1 otherwise.
#include "../../bullet/repro_bullet.hpp"

#include <cmath>
#include <cstdio>
#include <vector>

namespace case1 {  // found/3d-degenerate-96-coplanar_squares-permuted-shrunk.json
const std::vector<btVector3> kA = {
    {0.0, 0.0, 0.0}, {1.0, 0.0, 0.0}, {1.0, 1.0, 0.0}, {0.0, 1.0, 0.0}};
constexpr double kRadiusA = 0.0;
const std::vector<btVector3> kB = {{-0.62, -0.61, 0.0},
                                   {0.0, -0.61, 0.0},
                                   {0.0, 0.010000000000000009, 0.0},
                                   {-0.62, 0.010000000000000009, 0.0}};
constexpr double kRadiusB = 0.0;
/// Exact (the fixture's expected): touching, signed distance
constexpr double kExactSignedDistance = 0;
}  // namespace case1

int main() {
  ReproShape a(case1::kA, case1::kRadiusA), b(case1::kB, case1::kRadiusB);
  const PairDetectorRun run = run_pair_detector(a, b);
  print_pair_detector(run);
  std::printf("exact: touching (signed distance %.17g)\n", case1::kExactSignedDistance);
  const bool present = run.result.points.size() == 1 && run.result.points[0].point_on_b.x() > 1e-9;
  if (present)
    std::printf("pointOnB has x = %.17g, but every point of B has x <= 0\n",
                run.result.points[0].point_on_b.x());
  return repro::symptom(present, "bullet-gjkepa/README.md");
}
