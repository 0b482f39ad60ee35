// Box2D 2.4.1 failure class "radius as a thin skin" (box2d/README.md, cause 3).
//
// Box2D designs m_radius as a skin of b2_polygonRadius = 0.01 m: b2CollidePolygons tests only the
// cores' face normals and clips the incident edge against side planes pushed out by the total
// radius (b2_collide_polygon.cpp). With radii that are not thin, a clipped contact point can land
// outside both rounded shapes.
//
// Minimal case: found/rounded-ece40080c22e5460.json (its hulls; the fixture repeats points), the
// fixture's doubles rounded to float as the adapter does:
//   A = triangle (−1, −1), (0.05, 0.35), (−0.97, 0.52), radius 0.22
//   B = triangle (−1.54, 0.78), (−1.54, 0.79), (−0.68, 0.78), radius 0.15
// Exact answer (the fixture's "expected"): overlapping, depth 0.10999999999999998668, witness
// points (−0.97, 0.74) on A and (−0.97, 0.63) on B. Box2D's second contact is (−0.31, 0.63):
// B's nearest core point is its vertex (−0.68, 0.78), √(0.37² + 0.15²) − 0.15 = 0.249 away from
// B's rounded boundary (hand derivation; the judge reported "off B by 0.249").
//
// Build and run:  g++ -std=c++17 radius_as_thin_skin.cpp -lbox2d && ./a.out
// Exit 0 while Box2D shows the symptom (a contact point farther outside B than Box2D's own skin);
// exit 1 if it no longer does — then revisit box2d/README.md and classes.json.
#include "print_box2d.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

/// B's core triangle and radius, in double, to measure where Box2D's contact points lie.
constexpr double kB[3][2] = {{-1.54, 0.78}, {-1.54, 0.79}, {-0.68, 0.78}};
constexpr double kRadiusB = 0.15;
/// A contact point farther than Box2D's own skin b2_polygonRadius = 0.01 m (b2_common.h) outside
/// B is the symptom: a thin-skin model may misplace points by its skin, not more. Observed: 0.249.
constexpr double kSymptomOutside = 0.01;

/// Distance from p to segment [s, t] (double; the points are hand-checked above).
double to_segment(double px, double py, const double* s, const double* t) {
  const double dx = t[0] - s[0], dy = t[1] - s[1];
  const double u =
      std::clamp(((px - s[0]) * dx + (py - s[1]) * dy) / (dx * dx + dy * dy), 0.0, 1.0);
  return std::hypot(px - (s[0] + u * dx), py - (s[1] + u * dy));
}

/// How far p lies outside B's rounded shape (negative inside it).
double outside_b(double px, double py) {
  double d = INFINITY;
  int left_turns = 0;  // p is inside the core triangle when it is on the same side of all 3 edges
  for (int i = 0; i < 3; ++i) {
    const double* s = kB[i];
    const double* t = kB[(i + 1) % 3];
    d = std::min(d, to_segment(px, py, s, t));
    left_turns += (t[0] - s[0]) * (py - s[1]) - (t[1] - s[1]) * (px - s[0]) > 0;
  }
  const bool inside_core = left_turns == 0 || left_turns == 3;
  return (inside_core ? -d : d) - kRadiusB;
}

int main() {
  const b2Vec2 va[3] = {{-1.0f, -1.0f}, {0.05f, 0.35f}, {-0.97f, 0.52f}};
  const b2Vec2 vb[3] = {{-1.54f, 0.78f}, {-1.54f, 0.79f}, {-0.68f, 0.78f}};
  b2PolygonShape a;
  a.Set(va, 3);
  a.m_radius = 0.22f;  // the case's radius in place of Box2D's 0.01 skin
  b2PolygonShape b;
  b.Set(vb, 3);
  b.m_radius = 0.15f;
  print_polygon("A", a);
  print_polygon("B", b);
  const Box2dAnswer box2d = ask_box2d(a, b);
  std::printf(
      "exact (found/rounded-ece40080c22e5460.json): overlapping, depth 0.11, witness (-0.97, 0.74) "
      "on A, "
      "(-0.97, 0.63) on B\n");

  double worst = -INFINITY;
  for (int i = 0; i < box2d.manifold.pointCount; ++i) {
    const double out = outside_b(box2d.world.points[i].x, box2d.world.points[i].y);
    std::printf("  point %d lies %.6g outside B's rounded shape\n", i, out);
    worst = std::max(worst, out);
  }
  if (worst > kSymptomOutside) {
    std::printf(
        "symptom present: a contact point %.3g outside B (more than the %.3g skin Box2D designs "
        "for)\n",
        worst, kSymptomOutside);
    return 0;
  }
  std::printf("symptom absent: every contact point within %.3g of B — revisit box2d/README.md\n",
              kSymptomOutside);
  return 1;
}
