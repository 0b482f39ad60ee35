// Uses the installed minkowski::reference: exact answers for pairs whose relation and squared
// distance or depth are derived by hand below. Prints each answer; exits 1 on a mismatch.
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include <minkowski/reference/oracle.hpp>
#include <minkowski/version.hpp>

using namespace minkowski::reference;

namespace {

struct Expected {
  const char* name;
  Shape a, b;
  Relation relation;
  double signed_distance;  ///< exact here: every expected value is a small dyadic number
  const char* squared;     ///< exact squared distance/depth when both radii are 0, else nullptr
};

}  // namespace

int main() {
  std::printf("minkowski %s, reference consumer\n", MINKOWSKI_VERSION);
  const Shape unit_square{{{0, 0}, {1, 0}, {1, 1}, {0, 1}}, 0};
  const std::vector<Expected> cases = {
      // D = A − B is the square [−1,0]² ⊕ disc(0.5); the origin is its core's corner (0,0), so
      // the depth is the radius: signed distance −0.5.
      {"unit square vs circle r=0.5 at (1,1)", unit_square, Shape{{{1, 1}}, 0.5},
       Relation::overlapping, -0.5, nullptr},
      // The squares share the edge x = 1: distance exactly 0.
      {"unit square vs square [1,2]x[0,1]", unit_square, Shape{{{1, 0}, {2, 0}, {2, 1}, {1, 1}}, 0},
       Relation::touching, 0, "0"},
      // Nearest point of the square to (3,1) is (1,1): distance 2, squared 4.
      {"unit square vs point (3,1)", unit_square, Shape{{{3, 1}}, 0}, Relation::separated, 2, "4"},
      // [0,2]² and [1,3]² overlap in [1,2]²: pushing B by 1 along +x or +y separates them.
      {"[0,2]^2 vs [1,3]^2", Shape{{{0, 0}, {2, 0}, {2, 2}, {0, 2}}, 0},
       Shape{{{1, 1}, {3, 1}, {3, 3}, {1, 3}}, 0}, Relation::overlapping, -1, "1"},
  };

  int failures = 0;
  for (const Expected& c : cases) {
    const PairAnswer r = query(c.a, c.b);
    const std::string squared = r.squared ? to_string(*r.squared) : "-";
    const bool ok = r.relation == c.relation && r.signed_distance == c.signed_distance &&
                    (c.squared ? squared == c.squared : !r.squared);
    std::printf("  %-38s relation=%-11s squared=%-3s signed_distance=%s directions=%zu  %s\n",
                c.name, to_string(r.relation), squared.c_str(),
                to_decimal(r.signed_distance, 6).c_str(), r.directions.size(),
                ok ? "ok" : "MISMATCH");
    failures += !ok;
  }

  // Exact point location and intersection polygon.
  const bool inside = locate(unit_square, Point{0.5, 0.5}) == Relation::overlapping;
  const bool on_edge = locate(unit_square, Point{1, 0.25}) == Relation::touching;
  const auto polygon = intersection_polygon(cases[3].a, cases[3].b);  // the square [1,2]²
  const bool square = polygon && polygon->size() == 4;
  std::printf("  locate (0.5,0.5): %s, locate (1,0.25): %s, intersection vertices: %zu  %s\n",
              inside ? "inside" : "?", on_edge ? "boundary" : "?", polygon ? polygon->size() : 0,
              inside && on_edge && square ? "ok" : "MISMATCH");
  failures += !(inside && on_edge && square);

  std::printf("reference consumer: %s\n",
              failures == 0 ? "all answers as derived by hand" : "FAILED");
  return failures == 0 ? 0 : 1;
}
