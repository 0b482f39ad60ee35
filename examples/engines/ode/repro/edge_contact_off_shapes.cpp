// ODE 0.16 failure class "dBoxBox's edge-edge contact on an axis that is a face normal" (ode/README.md;
// defect).
//
// Two boxes with parallel axes touching face to face, overlapping by one ulp. dBoxBox (box.cpp)
// computes every axis's overlap in double; an edge × edge axis (u2 × v2, return code 11, box.cpp:459) that is
// the same direction as a face normal gets overlap 0 where the face axis gets 4.4e-16, and the
// cross-product axes win ties in that direction (box.cpp:439, `s2*fudge_factor > s` with s2 = −0:
// the fudge factor cannot favour the face when the depths are zero). The edge-edge branch then
// makes one contact, the midpoint of the closest points of the two edges' infinite LINES
// (dLineClosestApproach, box.cpp:520-524), not of the edge segments: for parallel-axis boxes the
// lines cross at a corner of A that is 2 away from B. With the same boxes given the identity
// rotation (axes in another order) dBoxBox takes the face axis and clips 4 contacts on the face.
//
// Minimal case: found/3d-touching-391-face_face-swapped--1ulp-shrunk.json — A (x ∈ [−4, −2],
// y ∈ [−1.875, 2.125], z ∈ [1.125, 3.125], each side off by an ulp, so built by ode_box.hpp with
// its axes in the order found) on B = [−4, −2] × [−1.875, 0.125] × [−0.875, 1.125].
//
// Exit 0 while a contact lies more than 1 from B (B is axis-aligned: its box distance); 1 otherwise.
#include "ode_repro.hpp"

namespace case1 {  // found/3d-touching-391-face_face-swapped--1ulp-shrunk.json
const std::vector<ode_shapes::V> kA = {
    {-2.0000000000000004, 2.1249999999999996, 1.1249999999999998},
    {-2.0000000000000004, 2.1249999999999996, 3.1249999999999996},
    {-2.0000000000000004, -1.8750000000000002, 1.1249999999999998},
    {-2.0000000000000004, -1.8750000000000002, 3.1249999999999996},
    {-4.000000000000001, 2.1249999999999996, 1.1249999999999998},
    {-4.000000000000001, 2.1249999999999996, 3.1249999999999996},
    {-4.000000000000001, -1.8750000000000002, 1.1249999999999998},
    {-4.000000000000001, -1.8750000000000002, 3.1249999999999996}};
const std::vector<ode_shapes::V> kB = {
    {-2.0, 0.125, -0.875}, {-2.0, 0.125, 1.125}, {-2.0, -1.875, -0.875}, {-2.0, -1.875, 1.125},
    {-4.0, 0.125, -0.875}, {-4.0, 0.125, 1.125}, {-4.0, -1.875, -0.875}, {-4.0, -1.875, 1.125}};
constexpr ode_shapes::V kBLo = {-4.0, -1.875, -0.875}, kBHi = {-2.0, 0.125, 1.125};
}  // namespace case1

int main() {
  dInitODE2(0);
  const auto contacts = ode_repro::collide(case1::kA, 0.0, case1::kB, 0.0);
  double worst = 0;
  for (const dContactGeom& c : contacts.value_or(std::vector<dContactGeom>{})) {
    double d2 = 0;
    for (int i = 0; i < 3; ++i) {
      const double out = std::max({case1::kBLo[i] - c.pos[i], c.pos[i] - case1::kBHi[i], 0.0});
      d2 += out * out;
    }
    worst = std::max(worst, std::sqrt(d2));
  }
  std::printf("farthest contact from B: %.17g (exact: the shapes touch, every contact on both)\n",
              worst);
  dCloseODE();
  return repro::symptom(worst > 1.0, "ode/README.md");
}
