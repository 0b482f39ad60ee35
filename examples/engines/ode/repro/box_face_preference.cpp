// ODE 0.16 failure class "dBoxBox prefers a face axis within 5% of the shallowest" (ode/README.md;
// design).
//
// dBoxBox (box.cpp) tests the 15 separating axes of two boxes and keeps the shallowest, except that
// an edge × edge axis replaces the best so far only when its depth, times fudge_factor = 1.05
// (box.cpp:362), is still smaller (the TST macro for cross-product axes, box.cpp:439): a face
// axis up to 5% deeper than the minimum wins, for more stable face contacts in a simulation.
//
// Minimal case: found/3d-box-91-turned_twice-permuted-shrunk.json — two turned boxes (exact
// integer turns: dBox through ode_box.hpp); exact depth 3.9048035 along an edge × edge axis, ODE
// answers 3.90625 along B's face normal (−1, 0, 0) (dBoxBox's return code 5: a face of box 2).
//
// Exit 0 while ODE's depth exceeds the exact one by more than 1e-6 and by at most 5%; 1 otherwise.
#include "ode_repro.hpp"

namespace case1 {  // found/3d-box-91-turned_twice-permuted-shrunk.json
const std::vector<ode_shapes::V> kA = {
    {-2.65625, -0.34375, -2.28125}, {-1.09375, -3.34375, -0.03125}, {-2.65625, 2.09375, 0.96875},
    {-1.09375, -0.90625, 3.21875},  {1.09375, 0.90625, -3.21875},   {2.65625, -2.09375, -0.96875},
    {1.09375, 3.34375, 0.03125},    {2.65625, 0.34375, 2.28125}};
const std::vector<ode_shapes::V> kB = {
    {-6.875, -1.765625, -6.234375}, {-6.875, -7.015625, -3.140625}, {-6.875, 2.359375, 0.765625},
    {-6.875, -2.890625, 3.859375},  {1.25, -1.765625, -6.234375},   {1.25, -7.015625, -3.140625},
    {1.25, 2.359375, 0.765625},     {1.25, -2.890625, 3.859375}};
/// Exact (the fixture's expected): overlapping, signed distance
constexpr double kExactSignedDistance = -3.9048035407356534926177237991857930511736e+00;
}  // namespace case1

int main() {
  dInitODE2(0);
  const double d = ode_repro::deepest(case1::kA, 0.0, case1::kB, 0.0, nullptr);
  const double exact_depth = -case1::kExactSignedDistance;
  std::printf("exact depth %.17g, ODE %.17g (ratio %.6f)\n", exact_depth, d, d / exact_depth);
  dCloseODE();
  return repro::symptom(d > exact_depth + 1e-6 && d <= 1.05 * exact_depth, "ode/README.md");
}
