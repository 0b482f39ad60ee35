// Box2D 2.4.1 failure class "absolute thresholds at small scales" (box2d/README.md, cause 1).
//
// b2TestOverlap calls two shapes overlapping when b2Distance's answer is below 10·b2_epsilon
// (b2_epsilon = FLT_EPSILON ≈ 1.19e-7), and b2Distance with useRadii reports 0 when the distance is
// below b2_epsilon. Both are absolute lengths in metres, chosen for bodies of 0.1–10 m; at
// coordinates of 1e-9 they decide every answer.
//
// Minimal case: found/scale-53ac0d43ac2d0434.json — two points (circles of radius 0),
//   A = (−2^−30, −2^−30) = (−9.313225746154785e-10, −9.313225746154785e-10)
//   B = (−2^−28, −2^−28) = (−3.725290298461914e-09, −3.725290298461914e-09)
// (powers of two: exact in float). Exact answer (the fixture's "expected"): separated, signed
// distance 3.9512670478963154800e-09 (= 3·2^−30·√2), witness points A and B themselves.
//
// Build and run:  g++ -std=c++17 absolute_threshold.cpp -lbox2d && ./a.out
// Exit 0 while Box2D shows the symptom (overlap true or distance 0 for shapes 3.95e-9 apart);
// exit 1 if it no longer does — then box2d/README.md and classes.json must be revisited.
#include "print_box2d.hpp"

#include <cstdio>

/// The exact distance, from the fixture's expected.signed_distance.
constexpr double kExactDistance = 3.9512670478963154800283407537537573237987e-09;

int main() {
  b2CircleShape a;
  a.m_p.Set(-9.313225746154785e-10f, -9.313225746154785e-10f);
  a.m_radius = 0.0f;
  b2CircleShape b;
  b.m_p.Set(-3.725290298461914e-09f, -3.725290298461914e-09f);
  b.m_radius = 0.0f;
  print_circle("A", a);
  print_circle("B", b);
  const Box2dAnswer box2d = ask_box2d(a, b);
  std::printf("exact (found/scale-53ac0d43ac2d0434.json): separated, distance %.17g\n",
              kExactDistance);

  const bool symptom = box2d.overlap || box2d.distance.distance == 0.0f;
  if (symptom) {
    std::printf(
        "symptom present: shapes %.3g apart are called overlapping (%s) / at distance %.9g\n",
        kExactDistance, box2d.overlap ? "true" : "false", box2d.distance.distance);
    return 0;
  }
  std::printf("symptom absent: Box2D now separates shapes %.3g apart — revisit box2d/README.md\n",
              kExactDistance);
  return 1;
}
