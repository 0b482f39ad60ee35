// Bullet 3.24 failure class "EPA's fallback answers depth 0 with a point of A as B's witness"
// (bullet-gjkepa2/README.md).
//
// For a flat Minkowski difference (two coplanar squares touching along an edge) EPA::Evaluate
// cannot build an enclosing tetrahedron and takes its Fallback branch (btGjkEpa2.cpp:755-767):
// depth 0, normal −guess, a one-vertex result. Penetration accepts it (:991) and sets witnesses[1]
// = w0 − normal·0 = w0 (:1000): B's witness is a support point of A.
//
// Minimal case: found/3d-degenerate-96-coplanar_squares-permuted-shrunk.json — A = [0, 1]² in z =
// 0, B = [−0.62, 0] × [−0.61, 0.01] in z = 0, touching along x = 0.
//
// Exit 0 while Penetration returns B's witness outside B (x > 0; B has x <= 0); 1 otherwise.
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
  const Solver2Run run = run_solver2(a, b);
  std::printf("exact: touching (signed distance %.17g)\n", case1::kExactSignedDistance);
  const bool present = run.penetration_ok && run.r.witnesses[1].x() > 1e-9;
  if (present) std::printf("B's witness has x = %.17g, but B has x <= 0\n", run.r.witnesses[1].x());
  return repro::symptom(present, "bullet-gjkepa2/README.md");
}
