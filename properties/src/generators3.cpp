#include "minkowski/properties/generators3.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <stdexcept>
#include <utility>

#include "minkowski/properties/coverage.hpp"
#include "minkowski/properties/generators.hpp"  // cell_gap, shared with the 2D cells family
#include "draws.hpp"

namespace minkowski::properties {

// Every draw below is sequenced (one per statement or declarator, or in a braced list), never two
// among the arguments of one call or the operands of one operator: generators.cpp says why.
namespace {

using reference::Point3;
using reference::Shape3;
namespace gen = rc::gen;

Point3 add(Point3 a, Point3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
Point3 sub(Point3 a, Point3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
Point3 mul(double s, Point3 a) { return {s * a.x, s * a.y, s * a.z}; }

using draws::decimal;
double integer(int lo, int hi) { return static_cast<double>(*gen::inRange(lo, hi + 1)); }
Point3 integer_point(int lo, int hi) { return {integer(lo, hi), integer(lo, hi), integer(lo, hi)}; }

/// n random points in the cube of half-width `half` around c (the hull is whatever they span).
std::vector<Point3> cloud(int n, Point3 c, double half) {
  std::vector<Point3> pts;
  for (int i = 0; i < n; ++i)
    pts.push_back(add(c, mul(half, {decimal(-100, 100), decimal(-100, 100), decimal(-100, 100)})));
  return pts;
}

/// The 8 corners of the box [lo, hi].
std::vector<Point3> box(Point3 lo, Point3 hi) {
  std::vector<Point3> pts;
  for (double x : {lo.x, hi.x})
    for (double y : {lo.y, hi.y})
      for (double z : {lo.z, hi.z}) pts.push_back({x, y, z});
  return pts;
}

/// x moved by k ulps (k < 0: the other way) towards the sign of dir; as generators.cpp's
/// step_ulps, but a direction of 0 counts as up (a name of its own: the library's files share
/// one unity translation unit).
double step_ulps3(double x, int k, double dir) {
  const double target = dir >= 0 ? INFINITY : -INFINITY;
  for (int i = 0; i < std::abs(k); ++i) x = std::nextafter(x, k > 0 ? target : -target);
  return x;
}

double& coord(Point3& p, int i) { return i == 0 ? p.x : (i == 1 ? p.y : p.z); }
double coord(const Point3& p, int i) { return i == 0 ? p.x : (i == 1 ? p.y : p.z); }

/// An exact orthogonal map: an axis permutation with sign flips (every coordinate is copied or
/// negated, so nothing rounds).
struct SignedPermutation {
  std::array<int, 3> axis{0, 1, 2};
  std::array<double, 3> sign{1, 1, 1};
  Point3 operator()(const Point3& p) const {
    return {sign[0] * coord(p, axis[0]), sign[1] * coord(p, axis[1]), sign[2] * coord(p, axis[2])};
  }
};

SignedPermutation any_signed_permutation() {
  static constexpr std::array<std::array<int, 3>, 6> kPerms = {
      {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}};
  SignedPermutation m;
  m.axis = kPerms[*gen::inRange<std::size_t>(0, 6)];
  for (double& s : m.sign) s = *gen::element(1.0, -1.0);
  return m;
}

/// A turn about axis `axis` by cos = c/d, sin = s/d (c² + s² = d²): exact on points whose
/// coordinates are multiples of d (the turned coordinates are then integers, as are the inputs).
Point3 turn(Point3 p, int axis, double c, double s, double d) {
  const int i = (axis + 1) % 3, j = (axis + 2) % 3;
  const double pi = coord(p, i), pj = coord(p, j);
  Point3 q = p;
  coord(q, i) = (c * pi - s * pj) / d;
  coord(q, j) = (s * pi + c * pj) / d;
  return q;
}

void map_points(Shape3& s, auto f) {
  for (Point3& p : s.points) p = f(p);
}

GeneratedCase3 make(std::string family, std::string kind, Shape3 a, Shape3 b) {
  GeneratedCase3 g;
  g.c.a = std::move(a);
  g.c.b = std::move(b);
  g.family = std::move(family);
  g.kind = std::move(kind);
  g.c.id = g.family + "/" + g.kind;
  return g;
}

/// Applies a random exact signed permutation to both shapes (half of the time: the identity).
void maybe_permute(GeneratedCase3& g) {
  if (*gen::inRange(0, 2) == 0) return;
  const SignedPermutation m = any_signed_permutation();
  map_points(g.c.a, m);
  map_points(g.c.b, m);
  g.kind += "/permuted";
}

/// Nudges every coordinate of B by `ulps` towards the sign of `away` (0 counts as +).
void nudge(Shape3& b, int ulps, Point3 away) {
  for (Point3& v : b.points) {
    v.x = step_ulps3(v.x, ulps, away.x);
    v.y = step_ulps3(v.y, ulps, away.y);
    v.z = step_ulps3(v.z, ulps, away.z);
  }
}

std::string ulp_name(int ulps) { return ulps == 0 ? "exact" : std::to_string(ulps) + "ulp"; }

double det3(Point3 a, Point3 b, Point3 c) {
  return a.x * (b.y * c.z - b.z * c.y) - a.y * (b.x * c.z - b.z * c.x) +
         a.z * (b.x * c.y - b.y * c.x);
}

/// 4..10 integer points in [−8, 8]³ whose first four span a tetrahedron (so the hull is solid and
/// the centroid of the first four, a multiple of 1/4, lies strictly inside it).
std::vector<Point3> integer_solid() {
  return *gen::suchThat(gen::exec([] {
                          std::vector<Point3> pts;
                          for (int i = 0, n = *gen::inRange(4, 11); i < n; ++i)
                            pts.push_back(integer_point(-8, 8));
                          return pts;
                        }),
                        [](const std::vector<Point3>& p) {
                          return det3(sub(p[1], p[0]), sub(p[2], p[0]), sub(p[3], p[0])) != 0;
                        });
}

}  // namespace

const std::vector<std::string>& family_names3() {
  static const std::vector<std::string> names = {
      "polytope", "box", "touching", "containment", "rounded", "degenerate", "scale", "cells"};
  return names;
}

rc::Gen<GeneratedCase3> gen3_polytope() {
  return gen::exec([] {
    const Point3 d{decimal(-250, 250), decimal(-250, 250), decimal(-250, 250)};
    Shape3 a{cloud(*gen::inRange(4, 17), {0, 0, 0}, 1), 0};
    Shape3 b{cloud(*gen::inRange(4, 17), d, 1), 0};
    return make("polytope", "random_hull", std::move(a), std::move(b));
  });
}

rc::Gen<GeneratedCase3> gen3_box() {
  return gen::exec([] {
    const int kind = *gen::inRange(0, 3);
    if (kind == 0) {  // axis boxes, decimal extents
      const Point3 ha{decimal(10, 200), decimal(10, 200), decimal(10, 200)};
      const Point3 hb{decimal(10, 200), decimal(10, 200), decimal(10, 200)};
      const Point3 c{decimal(-300, 300), decimal(-300, 300), decimal(-300, 300)};
      return make("box", "axis", Shape3{box(mul(-1, ha), ha), 0},
                  Shape3{box(sub(c, hb), add(c, hb)), 0});
    }
    // Turned boxes: integer half-extents that are multiples of the turns' denominators, turned
    // exactly, then the whole case scaled by 2^-6 (exact) to sizes around 1.
    struct Turn {
      double c, s, d;
    };
    static constexpr Turn kTurns[] = {{3, 4, 5}, {4, 3, 5}, {5, 12, 13}, {12, 5, 13}};
    auto turned_box = [&](double m, const std::vector<Turn>& turns, const std::vector<int>& axes) {
      const Point3 h{m * integer(1, 4), m * integer(1, 4), m * integer(1, 4)};
      Shape3 s{box(mul(-1, h), h), 0};
      for (std::size_t t = 0; t < turns.size(); ++t)
        map_points(s,
                   [&](Point3 p) { return turn(p, axes[t], turns[t].c, turns[t].s, turns[t].d); });
      return s;
    };
    std::vector<Turn> ta, tb;
    std::vector<int> axa, axb;
    double m = 1;
    const int turns = kind;  // kind 1: one turn per box, kind 2: two
    for (int t = 0; t < turns; ++t) {
      ta.push_back(kTurns[*gen::inRange<std::size_t>(0, 4)]);
      tb.push_back(kTurns[*gen::inRange<std::size_t>(0, 4)]);
      axa.push_back(*gen::inRange(0, 3));
      axb.push_back(*gen::inRange(0, 3));
    }
    for (const Turn& t : ta) m *= t.d;
    double mb = 1;
    for (const Turn& t : tb) mb *= t.d;
    Shape3 a = turned_box(m, ta, axa), b = turned_box(mb, tb, axb);
    const double reach = 4 * (m + mb);
    const Point3 c{integer(static_cast<int>(-reach), static_cast<int>(reach)),
                   integer(static_cast<int>(-reach), static_cast<int>(reach)),
                   integer(static_cast<int>(-reach), static_cast<int>(reach))};
    map_points(b, [&](Point3 p) { return add(p, c); });
    const double s = std::ldexp(1.0, -6);
    map_points(a, [&](Point3 p) { return mul(s, p); });
    map_points(b, [&](Point3 p) { return mul(s, p); });
    GeneratedCase3 g = make("box", kind == 1 ? "turned_once" : "turned_twice", a, b);
    maybe_permute(g);
    return g;
  });
}

rc::Gen<GeneratedCase3> gen3_touching() {
  return gen::exec([] {
    const int kind = *gen::inRange(0, 5);
    Shape3 a, b;
    std::string name;
    Point3 away{0, 0, 1};
    const double w = integer(1, 3), h = integer(1, 3);
    if (kind == 0) {  // face on face: B's bottom face on A's top face, overlapping in x and y
      const Point3 ea = integer_point(1, 4), eb = integer_point(1, 4);
      const double x0 = integer(static_cast<int>(-eb.x) + 1, static_cast<int>(ea.x) - 1);
      const double y0 = integer(static_cast<int>(-eb.y) + 1, static_cast<int>(ea.y) - 1);
      a.points = box({0, 0, 0}, ea);
      b.points = box({x0, y0, ea.z}, {x0 + eb.x, y0 + eb.y, ea.z + eb.z});
      name = "face_face";
    } else if (kind == 1) {  // edge across edge: A's top ridge along x, B's bottom ridge (p, q, 0)
      const double L = integer(1, 4);
      a.points = {{-L, 0, 0}, {L, 0, 0}, {-L, -w, -h}, {L, -w, -h}, {-L, w, -h}, {L, w, -h}};
      const double p = integer(-3, 3), q = integer(0, 3);
      const Point3 e0{-p, -q, 0}, e1{p, q, 0}, side{-q, p, 0};
      if (p == 0 && q == 0) {  // no ridge: a tetrahedron's vertex on A's ridge instead
        b.points = {{0, 0, 0}, {-w, -w, h}, {w, -w, h}, {0, w, h}};
      } else {
        b.points = {e0,
                    e1,
                    add(e0, add(side, {0, 0, h})),
                    add(e0, sub({0, 0, h}, side)),
                    add(e1, add(side, {0, 0, h})),
                    add(e1, sub({0, 0, h}, side))};
      }
      name = p == 0 && q == 0 ? "vertex_edge" : (q == 0 ? "edge_edge_parallel" : "edge_edge");
    } else if (kind == 2) {  // B's vertex on A's top face
      const double s = integer(2, 4);
      a.points = box({-s, -s, -h}, {s, s, 0});
      const double x = integer(static_cast<int>(-s) + 1, static_cast<int>(s) - 1) / 2;
      const double y = integer(static_cast<int>(-s) + 1, static_cast<int>(s) - 1) / 2;
      b.points = {
          {x, y, 0}, {x - w, y - w, h}, {x + w, y - w, h}, {x + w, y + w, h}, {x - w, y + w, h}};
      name = "vertex_face";
    } else if (kind == 3) {  // B's bottom ridge lying on A's top face
      const double s = integer(2, 4);
      a.points = box({-s, -s, -h}, {s, s, 0});
      const Point3 p0{integer(static_cast<int>(-s), static_cast<int>(s)) / 2,
                      integer(static_cast<int>(-s), static_cast<int>(s)) / 2, 0};
      const Point3 e{integer(-2, 2), integer(1, 2), 0}, side{-e.y, e.x, 0};
      const Point3 p1 = add(p0, e);
      b.points = {p0,
                  p1,
                  add(p0, add(side, {0, 0, h})),
                  add(p0, sub({0, 0, h}, side)),
                  add(p1, add(side, {0, 0, h})),
                  add(p1, sub({0, 0, h}, side))};
      name = "edge_face";
    } else {  // vertex on vertex: B in the normal cone of A's corner (s, s, s)
      const double s = integer(1, 4);
      a.points = box({-s, -s, -s}, {s, s, s});
      const Point3 v{s, s, s};
      b.points = {v, add(v, {2 * w, w, w}), add(v, {w, 2 * w, w}), add(v, {w, w, 2 * w})};
      name = "vertex_vertex";
      away = {1, 1, 1};
    }
    GeneratedCase3 g;
    // An exact signed permutation (applied to `away` as well), a power-of-two scaling and a
    // dyadic translation (exact), then the ulp nudge (after the scaling: it could flush it).
    const SignedPermutation m =
        *gen::inRange(0, 2) ? any_signed_permutation() : SignedPermutation{};
    map_points(a, m);
    map_points(b, m);
    away = m(away);
    const double sc = std::ldexp(1.0, *gen::inRange(-4, 5));
    const Point3 t = mul(0.125, integer_point(-16, 16));
    for (Shape3* s : {&a, &b}) map_points(*s, [&](Point3 p) { return add(mul(sc, p), t); });
    const int ulps = *gen::element(0, 1, -1, 2, -2, 16, -16);
    nudge(b, ulps, away);
    if (*gen::inRange(0, 4) == 0) std::swap(a, b), name += "/swapped";
    return make("touching", name + "/" + ulp_name(ulps), a, b);
  });
}

rc::Gen<GeneratedCase3> gen3_containment() {
  return gen::exec([] {
    const std::vector<Point3> a = integer_solid();
    const Point3 c = mul(0.25, add(add(a[0], a[1]), add(a[2], a[3])));  // strictly inside
    const int kind = *gen::inRange(0, 4);
    Shape3 b;
    std::string name;
    if (kind == 0) {  // strictly inside: homothety 1/4 about c
      for (const Point3& v : a) b.points.push_back(add(c, mul(0.25, sub(v, c))));
      name = "strictly_inside";
    } else if (kind == 1) {  // inside, touching at a vertex: homothety 1/2 about the least point
      const Point3 v0 = *std::min_element(a.begin(), a.end(), [](Point3 p, Point3 q) {
        return std::tie(p.x, p.y, p.z) < std::tie(q.x, q.y, q.z);
      });
      for (const Point3& v : a) b.points.push_back(add(v0, mul(0.5, sub(v, v0))));
      name = "touching_inside";
    } else if (kind == 2) {
      b.points = a;
      name = "identical";
    } else {  // a sphere at c
      b = Shape3{{c}, 0.125 * integer(1, 4)};
      name = "sphere_inside";
    }
    GeneratedCase3 g = *gen::inRange(0, 2) ? make("containment", name + "/swapped", b, Shape3{a, 0})
                                           : make("containment", name, Shape3{a, 0}, b);
    maybe_permute(g);
    return g;
  });
}

rc::Gen<GeneratedCase3> gen3_rounded() {
  return gen::exec([] {
    const int kind = *gen::inRange(0, 7);
    const double s = integer(1, 4);  // the box [−s, s]³
    const double r = 0.125 * integer(1, 16);
    // The gap between the rounded shape and the box: exactly 0, or ±r/4, ±r/64 (exact where the
    // construction is exact: faces), or a decimal.
    const double gap = *gen::element(0.0, 0.25, -0.25, 1.0 / 64, -1.0 / 64) * r;
    const Shape3 cube{box({-s, -s, -s}, {s, s, s}), 0};
    auto at = [](double q) { return 0.125 * q; };
    GeneratedCase3 g;
    if (kind == 0) {  // sphere over the top face
      const Point3 c{at(integer(-8, 8)) * s, at(integer(-8, 8)) * s, s + r + gap};
      g = make("rounded", "sphere_face", cube, Shape3{{c}, r});
    } else if (kind == 1) {  // sphere off the edge x = y = s (distance t·√2 from it)
      const double t = (r + gap) / std::sqrt(2.0);
      g = make("rounded", "sphere_edge", cube, Shape3{{{s + t, s + t, at(integer(-8, 8)) * s}}, r});
    } else if (kind == 2) {  // sphere off the corner (s, s, s)
      const double t = (r + gap) / std::sqrt(3.0);
      g = make("rounded", "sphere_vertex", cube, Shape3{{{s + t, s + t, s + t}}, r});
    } else if (kind == 3) {  // capsule lying over the top face, parallel to it
      const double z = s + r + gap;
      g = make("rounded", "capsule_on_face", cube,
               Shape3{{{at(integer(-8, 8)) * s, at(integer(-8, 8)) * s, z},
                       {at(integer(-8, 8)) * s, at(integer(-8, 8)) * s, z}},
                      r});
    } else if (kind == 4) {  // capsule across the edge x = y = s, its axis along (1, −1, 0)+z
      const double t = (r + gap) / std::sqrt(2.0);
      const Point3 c{s + t, s + t, at(integer(-8, 8)) * s};
      const Point3 d{1, -1, decimal(-50, 50)};
      g = make("rounded", "capsule_edge", cube, Shape3{{sub(c, d), add(c, d)}, r});
    } else if (kind == 5) {  // tangent spheres: centres (3, 4, 12)·k apart, radii summing to 13k
      const double k = 0.25 * integer(1, 8);
      const double r1 = 13 * k * integer(1, 7) / 8;
      const int ulps = *gen::element(0, 1, -1, 2, -2, 16, -16);
      const double r2 = step_ulps3(13 * k - r1, ulps, 1);
      const Point3 c1 = mul(0.25, integer_point(-8, 8));
      g = make("rounded", "tangent_spheres/" + ulp_name(ulps), Shape3{{c1}, r1},
               Shape3{{add(c1, mul(k, {3, 4, 12}))}, r2});
    } else {  // rounded polytopes and capsules from random points
      const Point3 d{decimal(-250, 250), decimal(-250, 250), decimal(-250, 250)};
      Shape3 a{cloud(*gen::inRange(1, 9), {0, 0, 0}, 1), decimal(0, 50)};
      Shape3 b{cloud(*gen::inRange(1, 9), d, 1), decimal(0, 50)};
      g = make("rounded", "rounded_polytopes", std::move(a), std::move(b));
    }
    if (*gen::inRange(0, 4) == 0) std::swap(g.c.a, g.c.b), g.kind += "/swapped";
    maybe_permute(g);
    return g;
  });
}

rc::Gen<GeneratedCase3> gen3_degenerate() {
  return gen::exec([] {
    const int kind = *gen::inRange(0, 6);
    auto square = [](double lo_x, double lo_y, double side, double z) {
      return std::vector<Point3>{{lo_x, lo_y, z},
                                 {lo_x + side, lo_y, z},
                                 {lo_x + side, lo_y + side, z},
                                 {lo_x, lo_y + side, z}};
    };
    GeneratedCase3 g;
    if (kind == 0) {  // parallel flat squares; coplanar a third of the time
      const double z = *gen::inRange(0, 3) == 0 ? 0.0 : decimal(-200, 200);
      const double x = decimal(-150, 150), y = decimal(-150, 150), side = decimal(50, 150);
      g = make("degenerate", z == 0 ? "coplanar_squares" : "parallel_squares",
               Shape3{square(0, 0, 1, 0), 0}, Shape3{square(x, y, side, z), 0});
    } else if (kind == 1) {  // crossing flat squares: one in z = 0, one in x = const
      const double x = decimal(-50, 150), y = decimal(-150, 100), z = decimal(-150, 100);
      g = make("degenerate", "crossing_squares", Shape3{square(0, 0, 1, 0), 0},
               Shape3{{{x, y, z}, {x, y + 1, z}, {x, y + 1, z + 1}, {x, y, z + 1}}, 0});
    } else if (kind == 2) {  // two segments: skew, parallel or collinear (integer lattice)
      const Point3 p = integer_point(-4, 4), d = integer_point(-3, 3);
      Shape3 a{{p, add(p, d)}, 0};
      const int sub_kind = *gen::inRange(0, 3);
      Shape3 b;
      if (sub_kind == 0) {
        b.points = cloud(2, {0, 0, 0}, 4);
      } else {
        const Point3 q =
            sub_kind == 1 ? add(p, integer_point(-2, 2)) : add(p, mul(integer(-2, 2), d));
        b.points = {q, add(q, mul(integer(1, 2), d))};
      }
      g = make("degenerate",
               sub_kind == 0 ? "skew_segments"
                             : (sub_kind == 1 ? "parallel_segments" : "collinear_segments"),
               a, b);
    } else if (kind == 3) {  // a point against a box, a polytope, a segment or a point
      const Point3 p{decimal(-200, 200), decimal(-200, 200), decimal(-200, 200)};
      g = make("degenerate", "point", Shape3{{p}, 0},
               Shape3{cloud(*gen::element(1, 2, 4, 8), {0, 0, 0}, 1), 0});
    } else if (kind == 4) {  // a flat square against a box: lying on its top face, or crossing
      const double s = integer(1, 3);
      const double z = *gen::element(s, s + 0.5, s - 0.5);
      const double x = 0.5 * integer(-6, 4), y = 0.5 * integer(-6, 4), side = integer(1, 3);
      g = make("degenerate", "square_on_box", Shape3{box({-s, -s, -s}, {s, s, s}), 0},
               Shape3{square(x, y, side, z), 0});
    } else {  // duplicated and coplanar-heavy input: every point listed 2 or 3 times
      Shape3 a{cloud(*gen::inRange(4, 9), {0, 0, 0}, 1), 0};
      const std::size_t n = a.points.size();
      for (int rep = 0, reps = *gen::inRange(1, 3); rep < reps; ++rep)
        for (std::size_t i = 0; i < n; ++i) a.points.push_back(a.points[i]);
      const int nb = *gen::inRange(4, 9);
      const Point3 cb{decimal(-150, 150), 0, 0};
      g = make("degenerate", "duplicates", a, Shape3{cloud(nb, cb, 1), 0});
    }
    maybe_permute(g);
    return g;
  });
}

rc::Gen<GeneratedCase3> gen3_scale() {
  return gen::exec([] {
    GeneratedCase3 g = *gen::oneOf(gen3_polytope(), gen3_box(), gen3_touching(), gen3_rounded(),
                                   gen3_degenerate());
    g.kind = g.family + "/" + g.kind;
    g.family = "scale";
    // Inside make_shape3's input domain in both precisions (tolerances3.hpp, "The input domain
    // of make_shape3": |coordinate|, radius <= max_coordinate3<T>(), 1.15e18 in float): the base
    // families' coordinates and radii are of order 10^2 (below 10^3), so at most ~10^3·2^40 ≈ 1.1e15
    // here, and the far offsets add 1e12. A case beyond the limit would be refused, not judged.
    if (*gen::inRange(0, 3) != 0) {  // power-of-two scaling: ~1e-9 (2^-30) … ~1e12 (2^40)
      const int e = *gen::inRange(-30, 41);
      for (Shape3* s : {&g.c.a, &g.c.b}) {
        map_points(*s, [&](Point3 p) { return mul(std::ldexp(1.0, e), p); });
        s->radius = std::ldexp(s->radius, e);
      }
      g.kind += "/pow2_" + std::to_string(e);
    } else {  // small shapes far from the origin
      const double off = *gen::element(1e6, 1e12, -1e6);
      for (Shape3* s : {&g.c.a, &g.c.b})
        map_points(*s, [&](Point3 p) { return add(p, {off, -off, off}); });
      g.kind += off == 1e12 ? "/far_1e12" : "/far_1e6";
    }
    g.c.id = g.family + "/" + g.kind;
    return g;
  });
}

namespace {

using draws::choice;

/// The core of one side of a 3D "cells" case in its local frame: the feature through the origin,
/// the shape below it (z <= 0), so that the support along (0, 0, 1) is exactly the feature.
/// Vertex: a point, a segment going down, a flat triangle's apex (in the xz plane), a pyramid's
/// apex, or a cube's corner turned so that (0, 0, 1) points out of it: its edges k·(2, −1, −2),
/// k·(−1, 2, −2), k·(−2, −2, −1) are orthogonal and of length 3k, its normal cone is spanned by
/// −v1, −v2, −v3, and (0, 0, 1) = (2/9)(−v1) + (2/9)(−v2) + (1/9)(−v3) for k = 1 (solved by
/// hand), all coefficients positive: strictly inside. Edge (along x): a segment, a flat
/// triangle's top side, a prism's ridge. Face (z = 0, containing the origin inside): a flat
/// square, a box's top, a frustum's top. `solid`: a polytope only (the cores overlap: their
/// difference must be solid).
std::vector<Point3> cell_core3(Feature f, bool solid, std::string& name,
                               std::optional<ShapeKind> kind) {
  // The options of each feature, in order, with the kind of shape each is.
  auto pick = [&](std::initializer_list<ShapeKind> kinds) {
    int lo = -1, hi = -1, i = 0;
    for (ShapeKind k : kinds) {
      const bool ok = kind ? k == *kind : (!solid || k == ShapeKind::polytope);
      if (ok && lo < 0) lo = i;
      if (ok) hi = i + 1;
      ++i;
    }
    return choice(lo, hi);  // kinds of a feature are listed point < … < polytope: contiguous
  };
  using K = ShapeKind;
  const double w1 = integer(1, 4), w2 = integer(1, 4), w3 = integer(1, 4), w4 = integer(1, 4);
  const double h = integer(1, 4);
  if (f == Feature::vertex) {
    switch (pick({K::point, K::segment, K::polygon, K::polytope, K::polytope})) {
      case 0:
        name = "point";
        return {{0, 0, 0}};
      case 1:
        name = "segment";
        return {{0, 0, 0}, {integer(-1, 1) * h, integer(-1, 1) * h, -h}};
      case 2:
        name = "triangle";
        return {{0, 0, 0}, {-w1, 0, -h}, {w2, 0, -h}};
      case 3:
        name = "pyramid";
        return {{0, 0, 0}, {-w1, -w3, -h}, {w2, -w3, -h}, {w2, w4, -h}, {-w1, w4, -h}};
      default: {
        name = "cube_corner";
        const double k = integer(1, 2);
        const Point3 v1 = mul(k, {2, -1, -2}), v2 = mul(k, {-1, 2, -2}), v3 = mul(k, {-2, -2, -1});
        std::vector<Point3> pts;
        for (int m = 0; m < 8; ++m)
          pts.push_back(add(add(m & 1 ? v1 : Point3{0, 0, 0}, m & 2 ? v2 : Point3{0, 0, 0}),
                            m & 4 ? v3 : Point3{0, 0, 0}));
        return pts;
      }
    }
  }
  if (f == Feature::edge) {
    switch (pick({K::segment, K::polygon, K::polytope})) {
      case 0:
        name = "segment";
        return {{-w1, 0, 0}, {w2, 0, 0}};
      case 1:
        name = "triangle";
        return {{-w1, 0, 0}, {w2, 0, 0}, {0, 0, -h}};
      default:
        name = "prism";
        return {{-w1, 0, 0},   {w2, 0, 0},    {-w1, -w3, -h},
                {w2, -w3, -h}, {-w1, w4, -h}, {w2, w4, -h}};
    }
  }
  std::vector<Point3> top = {{-w1, -w3, 0}, {w2, -w3, 0}, {w2, w4, 0}, {-w1, w4, 0}};
  const int k = pick({K::polygon, K::polytope, K::polytope});
  if (k == 0) {
    name = "square";
    return top;
  }
  const double grow = k == 1 ? 0 : integer(1, 2);
  name = k == 1 ? "box" : "frustum";
  std::vector<Point3> pts = top;
  for (const Point3& p : top)
    pts.push_back({p.x + (p.x > 0 ? grow : -grow), p.y + (p.y > 0 ? grow : -grow), -h});
  return pts;
}

/// True when the differences a_i − b_j span space (the difference of the shapes is solid).
/// Exact: the local coordinates are small integers, so every difference and determinant is.
bool spans_space(const std::vector<Point3>& a, const std::vector<Point3>& b) {
  std::vector<Point3> d;
  for (const Point3& p : a)
    for (const Point3& q : b) d.push_back(sub(p, q));
  for (std::size_t i = 1; i < d.size(); ++i)
    for (std::size_t j = i + 1; j < d.size(); ++j)
      for (std::size_t k = j + 1; k < d.size(); ++k)
        if (det3(sub(d[i], d[0]), sub(d[j], d[0]), sub(d[k], d[0])) != 0) return true;
  return false;
}

}  // namespace

rc::Gen<GeneratedCase3> gen3_cells() {
  return gen::exec([] {
    // Half of the cases for a feature cell, half for a kind cell (the kinds of the two shapes
    // and the relation: a feature cell alone leaves some pairs of kinds rare). Uniform over the
    // cells at every size, and not shrunk: a shrink stays in its cell.
    if (*gen::noShrink(gen::resize(100, gen::inRange(0, 2))) == 1) {
      const auto& kinds = reachable_kind_cell_parts(3);
      return *gen3_kind_cell(
          kinds[*gen::noShrink(gen::resize(100, gen::inRange<std::size_t>(0, kinds.size())))]);
    }
    const auto& cells = reachable_feature_cell_parts(3);
    return *gen3_cell(
        cells[*gen::noShrink(gen::resize(100, gen::inRange<std::size_t>(0, cells.size())))]);
  });
}

rc::Gen<GeneratedCase3> gen3_cell(const FeatureCell& cell) { return gen3_cell(cell, {}, {}); }

rc::Gen<GeneratedCase3> gen3_cell(const FeatureCell& cell, std::optional<ShapeKind> kind_a,
                                  std::optional<ShapeKind> kind_b) {
  return gen::exec([cell, kind_a, kind_b] {
    const double ra = cell.rounded_a ? 0.125 * integer(1, 16) : 0;
    const double rb = cell.rounded_b ? 0.125 * integer(1, 16) : 0;
    const double g = cell_gap(cell, ra + rb);
    // The cores overlap (g < 0): their difference must be solid. Sides drawn freely up to
    // kTries times (a flat polygon across a segment or another flat polygon is solid too), then
    // one side a polytope.
    const bool overlap = g < 0;
    // B's plane map (z kept, so its support along z is unchanged): identity, a quarter turn or a
    // shear. Edges across each other when the cores overlap deeply: parallel edges cannot be
    // the pair an overlap leaves by (their difference is an edge of D, not a facet).
    const bool crossing_needed = overlap;  // (a quarter turn or a shear: see gen3_kind_cell)
    constexpr int kTries = 8;
    std::string na, nb;
    std::vector<Point3> a, b;
    int map = 0;
    for (int attempt = 0; attempt <= kTries; ++attempt) {
      const bool last = attempt == kTries, a_solid = last && *gen::inRange(0, 2) == 0;
      a = cell_core3(cell.feature_a, overlap && a_solid, na, kind_a);
      b = cell_core3(cell.feature_b, overlap && last && !a_solid, nb, kind_b);
      map = choice(crossing_needed ? 1 : 0, 3);
      for (Point3& p : b) {
        if (map == 1) p = {-p.y, p.x, p.z};
        if (map == 2) p = {p.x, p.x + p.y, p.z};
        p.z = -p.z;  // mirrored: B above its feature
      }
      if (!overlap || spans_space(a, b)) break;
    }
    for (Point3& p : b) p.z += g;  // B's feature at height g
    // A translation in the plane of 1 to 2 in x (S >= 1), an exact signed permutation of the
    // axes, a power of two.
    const double t_sign = *gen::element(-1.0, 1.0);
    const Point3 t{t_sign * (1 + 0.25 * integer(0, 4)), 0.25 * integer(-4, 4), 0};
    const SignedPermutation perm = any_signed_permutation();
    const double sc = std::ldexp(1.0, *gen::inRange(-3, 4));
    auto place = [&](Point3 p) { return mul(sc, perm(add(p, t))); };
    for (Point3& p : a) p = place(p);
    for (Point3& p : b) p = place(p);
    std::string shapes = na + "-" + nb;
    if (cell.feature_a == Feature::edge && cell.feature_b == Feature::edge)
      shapes += map == 0 ? "/parallel" : "/skew";
    return make("cells", cell.key() + "/" + shapes, Shape3{a, ra * sc}, Shape3{b, rb * sc});
  });
}

namespace {

/// What one side of a cells case spans, for gen3_kind_cell: the horizontal directions (0..2) and
/// whether it reaches off its feature's plane vertically (cell_core3's shapes).
struct Span {
  int horizontal;
  bool vertical;
};
Span span_of(ShapeKind k, Feature f) {
  switch (k) {
    case ShapeKind::point:
      return {0, false};
    case ShapeKind::segment:  // a vertex's segment goes down; an edge's lies along x
      return f == Feature::vertex ? Span{0, true} : Span{1, false};
    case ShapeKind::polygon:  // a face's square is horizontal; the triangles are vertical
      return f == Feature::face ? Span{2, false} : Span{1, true};
    case ShapeKind::polytope:
      return {2, true};
  }
  return {0, false};
}

}  // namespace

rc::Gen<GeneratedCase3> gen3_kind_cell(const KindCell& kc) {
  return gen::exec([kc] {
    // Features each kind can show along an axis, then a band of the relation: drawn until the
    // feature cell is reachable and, when the cores must overlap (no radius, or deep), the
    // difference is solid: some side reaches vertically and the two span the plane (B is
    // turned or sheared when the cores overlap, so two horizontal lines are not parallel).
    auto features = [](ShapeKind k) {
      switch (k) {
        case ShapeKind::point:
          return std::vector<Feature>{Feature::vertex};
        case ShapeKind::segment:
          return std::vector<Feature>{Feature::vertex, Feature::edge};
        default:
          return std::vector<Feature>{Feature::vertex, Feature::edge, Feature::face};
      }
    };
    const auto& reach = reachable_feature_cells(3);
    const bool rounded = kc.rounded_a || kc.rounded_b;
    std::vector<Band> bands = {Band::zero};
    if (kc.relation != reference::Relation::touching)
      bands = rounded ? std::vector<Band>{Band::ulps, Band::float_ulps, Band::small, Band::radius,
                                          Band::large}
                      : std::vector<Band>{Band::ulps, Band::float_ulps, Band::small, Band::large};
    const auto fa = features(kc.kind_a), fb = features(kc.kind_b);
    constexpr int kTries = 64;  // bounded; every reachable kind cell has a feasible choice
    FeatureCell cell;
    for (int t = 0; t < kTries; ++t) {
      // Not shrunk: a shrink stays in its feature cell.
      auto fixed = [](std::size_t n) {
        return *gen::noShrink(gen::resize(100, gen::inRange<std::size_t>(0, n)));
      };
      cell = {fa[fixed(fa.size())], fb[fixed(fb.size())], kc.rounded_a,
              kc.rounded_b,         kc.relation,          bands[fixed(bands.size())]};
      if (std::find(reach.begin(), reach.end(), cell.key()) == reach.end()) continue;
      const bool cores_overlap =
          kc.relation == reference::Relation::overlapping && (!rounded || cell.band == Band::large);
      if (!cores_overlap) break;
      const Span sa = span_of(kc.kind_a, cell.feature_a), sb = span_of(kc.kind_b, cell.feature_b);
      if ((sa.vertical || sb.vertical) && sa.horizontal + sb.horizontal >= 2) break;
    }
    return *gen3_cell(cell, kc.kind_a, kc.kind_b);
  });
}

rc::Gen<GeneratedCase3> gen3_family(const std::string& name) {
  if (name == "polytope") return gen3_polytope();
  if (name == "box") return gen3_box();
  if (name == "touching") return gen3_touching();
  if (name == "containment") return gen3_containment();
  if (name == "rounded") return gen3_rounded();
  if (name == "degenerate") return gen3_degenerate();
  if (name == "scale") return gen3_scale();
  if (name == "cells") return gen3_cells();
  throw std::invalid_argument("unknown 3D family: " + name);
}

rc::Gen<GeneratedCase3> gen3_any() {
  return gen::oneOf(gen3_polytope(), gen3_box(), gen3_touching(), gen3_containment(),
                    gen3_rounded(), gen3_degenerate(), gen3_scale(), gen3_cells());
}

void showValue(const GeneratedCase3& g, std::ostream& os) {
  os << g.family << "/" << g.kind << " " << fixtures::case_to_json(g.c).dump();
}

}  // namespace minkowski::properties
