#include "minkowski/properties/generators.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>

#include "minkowski/properties/coverage.hpp"
#include "minkowski/reference/oracle.hpp"
#include "draws.hpp"

namespace minkowski::properties {

// Every draw below is sequenced: one per statement or declarator, or in a braced list (evaluated
// left to right). Never two among the arguments of one call or the operands of one operator:
// their order is the compiler's (g++ 12 evaluates arguments right to left, clang 14 left to
// right), and the same seed then gives other cases under another compiler — a campaign of the
// main job's g++ build could not be reproduced with the test command's clang build
// (2026-11-28: the 2D coverage tables of `check --dim 2 --cases 1000` differed between them).
namespace {

using reference::Point;
using reference::Relation;
using reference::Shape;
namespace gen = rc::gen;

constexpr double kPi = 3.14159265358979323846;

using draws::decimal;

/// A random polygon: n points in a box around (cx, cy) (the hull is whatever they span).
std::vector<Point> cloud(int n, double cx, double cy, double half) {
  std::vector<Point> pts;
  for (int i = 0; i < n; ++i)
    pts.push_back({cx + half * decimal(-100, 100), cy + half * decimal(-100, 100)});
  return pts;
}

std::vector<Point> regular(int n, double cx, double cy, double r, double phase) {
  std::vector<Point> pts;
  for (int k = 0; k < n; ++k) {
    const double t = phase + 2 * kPi * k / n;
    pts.push_back({cx + r * std::cos(t), cy + r * std::sin(t)});
  }
  return pts;
}

/// A convex polygon with small integer vertices, counter-clockwise, at least 3 vertices:
/// exact constructions (midpoints, normals, homotheties) on it stay exact in double.
std::vector<Point> integer_convex() {
  return *gen::suchThat(gen::exec([] {
                          const int n = *gen::inRange(3, 9);
                          Shape s;
                          for (int i = 0; i < n; ++i)
                            s.points.push_back({static_cast<double>(*gen::inRange(-8, 9)),
                                                static_cast<double>(*gen::inRange(-8, 9))});
                          std::vector<Point> hull;
                          for (auto i : reference::shape_hull(s)) hull.push_back(s.points[i]);
                          return hull;
                        }),
                        [](const std::vector<Point>& h) { return h.size() >= 3; });
}

Point add(Point a, Point b) { return {a.x + b.x, a.y + b.y}; }
Point sub(Point a, Point b) { return {a.x - b.x, a.y - b.y}; }
Point scale(double s, Point a) { return {s * a.x, s * a.y}; }
Point outward(Point e) { return {e.y, -e.x}; }  // outward normal of a CCW edge direction

double step_ulps(double x, int k, double dir) {
  const double target = dir > 0 ? INFINITY : -INFINITY;
  for (int i = 0; i < std::abs(k); ++i) x = std::nextafter(x, k > 0 ? target : -target);
  return x;
}

GeneratedCase make(std::string family, std::string kind, Shape a, Shape b) {
  GeneratedCase g;
  g.c.a = std::move(a);
  g.c.b = std::move(b);
  g.family = std::move(family);
  g.kind = std::move(kind);
  g.c.id = g.family + "/" + g.kind;
  return g;
}

}  // namespace

const std::vector<std::string>& family_names() {
  static const std::vector<std::string> names = {
      "convex", "degenerate", "near_touching", "containment", "rounded", "scale", "cells"};
  return names;
}

rc::Gen<GeneratedCase> gen_convex() {
  return gen::exec([] {
    const double dx = decimal(-300, 300), dy = decimal(-300, 300);
    if (*gen::inRange(0, 2) == 0) {
      Shape a{cloud(*gen::inRange(3, 65), 0, 0, 1), 0};
      Shape b{cloud(*gen::inRange(3, 65), dx, dy, 1), 0};
      return make("convex", "random_hull", std::move(a), std::move(b));
    }
    const int na = *gen::inRange(3, 65), nb = *gen::inRange(3, 65);
    const double ra = 1 + decimal(0, 100), pa = decimal(0, 628);
    const double rb = 1 + decimal(0, 100), pb = decimal(0, 628);
    return make("convex", "regular", Shape{regular(na, 0, 0, ra, pa), 0},
                Shape{regular(nb, dx, dy, rb, pb), 0});
  });
}

rc::Gen<GeneratedCase> gen_degenerate() {
  return gen::exec([] {
    const int kind = *gen::inRange(0, 6);
    const double dx = decimal(-200, 200), dy = decimal(-200, 200);
    switch (kind) {
      case 0:  // a point against a polygon, a segment or a point
        return make("degenerate", "point", Shape{{{dx, dy}}, 0},
                    Shape{cloud(*gen::inRange(1, 5), 0, 0, 1), 0});
      case 1: {  // two segments
        Shape a{cloud(2, 0, 0, 1), 0};
        Shape b{cloud(2, dx, dy, 1), 0};
        return make("degenerate", "segments", std::move(a), std::move(b));
      }
      case 2: {  // exactly collinear point lists on integer lattice lines
        const Point p{static_cast<double>(*gen::inRange(-8, 9)),
                      static_cast<double>(*gen::inRange(-8, 9))};
        const Point d{static_cast<double>(*gen::inRange(-3, 4)),
                      static_cast<double>(*gen::inRange(1, 4))};
        Shape a, b;
        for (int i = 0, n = *gen::inRange(2, 7); i < n; ++i)
          a.points.push_back(add(p, scale(*gen::inRange(-4, 5), d)));
        b.points = cloud(*gen::inRange(1, 5), dx * 0.25, dy * 0.25, 1);
        if (*gen::inRange(0, 2))
          for (auto& q : b.points) q = add(p, scale(0.5 * *gen::inRange(-8, 9), d));
        return make("degenerate", "collinear", a, b);
      }
      case 3: {  // every vertex listed twice or three times
        Shape a{cloud(*gen::inRange(3, 9), 0, 0, 1), 0};
        const std::size_t n = a.points.size();
        for (std::size_t i = 0; i < n; ++i) a.points.push_back(a.points[i]);
        if (*gen::inRange(0, 2))
          for (std::size_t i = 0; i < n; ++i) a.points.push_back(a.points[i]);
        return make("degenerate", "duplicates", a,
                    Shape{cloud(*gen::inRange(3, 9), dx * 0.5, dy * 0.5, 1), 0});
      }
      case 5: {  // slivers at the input domain's weld threshold in double (fast/tolerances.hpp,
        // kSliverUlps = 16): the apex k·u·S above the chord, k either side of the apex's
        // threshold 16u·min(S, L/2) = 4u·S (L = w/2 + k·u·S, its longer edge in L1), so that
        // make_shape welds the triangle to a segment or keeps it; B a cloud at the apex
        const double w = 1 + decimal(0, 100);  // S = w
        const double k = *gen::element(1.5, 3.0, 3.75, 4.25, 6.0, 16.0);
        Shape a{{{0, 0}, {w, 0}, {w / 2, k * 0x1p-53 * w}}, 0};
        Shape b{cloud(*gen::inRange(1, 4), w / 2 + dx * 0.005, dy * 0.005, 1), 0};
        return make("degenerate", "sliver_threshold", a, b);
      }
      default: {  // slivers of aspect 1e9 (welded to segments in float: 1e-9 < 4u)
        const double w = 1 + decimal(0, 100);
        Shape a{{{0, 0}, {w, 0}, {w / 2, w * 1e-9}}, 0};
        Shape b{{{dx * 0.25, -1}, {dx * 0.25 + 1e-9, -1}, {dx * 0.25, 1}}, 0};
        return make("degenerate", "sliver", a, b);
      }
    }
  });
}

rc::Gen<GeneratedCase> gen_near_touching() {
  return gen::exec([] {
    const std::vector<Point> a = integer_convex();
    const std::size_t n = a.size();
    const std::size_t k = *gen::inRange<std::size_t>(0, n);
    const Point p = a[k], q = a[(k + 1) % n], e = sub(q, p), nrm = outward(e);
    const int kind = *gen::inRange(0, 3);
    Shape b;
    std::string name;
    Point away = nrm;  // direction that separates B from A
    if (kind == 0) {   // B's vertex on A's edge
      const Point t = add(p, scale(*gen::inRange(1, 4) * 0.25, e));
      b.points = {t, add(t, add(nrm, scale(0.5, e))), add(t, sub(nrm, scale(0.5, e)))};
      name = "vertex_edge";
    } else if (kind == 1) {  // B's edge along part of A's edge
      const Point t1 = add(p, scale(0.25, e)), t2 = add(p, scale(0.75, e));
      b.points = {t1, t2, add(t2, nrm), add(t1, nrm)};
      name = "edge_edge";
    } else {  // vertex against vertex, B inside A's normal cone at p
      const Point prev = a[(k + n - 1) % n], n1 = outward(sub(p, prev)), n2 = nrm;
      b.points = {p, add(p, add(n1, scale(2, n2))), add(p, add(scale(2, n1), n2))};
      name = "vertex_vertex";
      away = add(n1, n2);
    }
    // Scale by a power of two (exact), then shift B off exact contact by a few ulps along the
    // normal (0: stays touching). Scaling after the shift could flush a subnormal shift to 0.
    const double s = std::ldexp(1.0, *gen::inRange(-4, 5));
    Shape sa{a, 0};
    for (Point& v : sa.points) v = scale(s, v);
    for (Point& v : b.points) v = scale(s, v);
    const int ulps = *gen::element(0, 1, -1, 2, -2, 16, -16);
    for (Point& v : b.points) {
      v.x = step_ulps(v.x, ulps, away.x == 0 ? 1 : away.x);
      v.y = step_ulps(v.y, ulps, away.y == 0 ? 1 : away.y);
    }
    return make("near_touching", name + (ulps == 0 ? "/exact" : "/" + std::to_string(ulps) + "ulp"),
                sa, b);
  });
}

rc::Gen<GeneratedCase> gen_containment() {
  return gen::exec([] {
    const std::vector<Point> a = integer_convex();
    const int kind = *gen::inRange(0, 4);
    Shape b;
    std::string name;
    if (kind == 0) {  // strictly inside: homothety about an interior dyadic point
      const Point c = add(scale(0.25, add(a[0], a[1])), scale(0.5, a[2]));
      for (const Point& v : a) b.points.push_back(add(c, scale(0.25, sub(v, c))));
      name = "strictly_inside";
    } else if (kind == 1) {  // inside and touching: homothety about a vertex
      for (const Point& v : a) b.points.push_back(add(a[0], scale(0.5, sub(v, a[0]))));
      name = "touching_inside";
    } else if (kind == 2) {
      b.points = a;
      name = "identical";
    } else {  // concentric circle inside, or concentric circles
      const Point c = add(scale(0.25, add(a[0], a[1])), scale(0.5, a[2]));
      b = Shape{{c}, 0.125 * *gen::inRange(1, 5)};
      name = "concentric";
      if (*gen::inRange(0, 2)) {
        return make("containment", "concentric_circles", Shape{{c}, 0.25 * *gen::inRange(1, 9)}, b);
      }
    }
    if (*gen::inRange(0, 2)) return make("containment", name + "/swapped", b, Shape{a, 0});
    return make("containment", name, Shape{a, 0}, b);
  });
}

rc::Gen<GeneratedCase> gen_rounded() {
  return gen::exec([] {
    const int kind = *gen::inRange(0, 4);
    const double dx = decimal(-300, 300), dy = decimal(-300, 300);
    if (kind == 0) {  // tangent circles (3-4-5), optionally nudged by ulps
      const Point c1{0.25 * *gen::inRange(-16, 17), 0.25 * *gen::inRange(-16, 17)};
      const double k = 0.25 * *gen::inRange(1, 9);
      const double r1 = 5 * k * *gen::inRange(1, 8) / 8.0;
      double r2 = 5 * k - r1;
      const int ulps = *gen::element(0, 1, -1, 2, -2, 16, -16);
      r2 = step_ulps(r2, ulps, 1);
      const int sx = *gen::element(-1, 1), sy = *gen::element(-1, 1);
      return make("rounded", ulps == 0 ? "tangent_circles" : "near_tangent_circles",
                  Shape{{c1}, r1}, Shape{{{c1.x + sx * 3 * k, c1.y + sy * 4 * k}}, r2});
    }
    if (kind == 1) {
      Shape a{{{0, 0}}, decimal(1, 300)};
      Shape b{{{dx, dy}}, decimal(1, 300)};
      return make("rounded", "circles", std::move(a), std::move(b));
    }
    if (kind == 2) {
      Shape a{cloud(2, 0, 0, 1), decimal(1, 100)};
      Shape b{cloud(*gen::inRange(1, 5), dx, dy, 1), decimal(0, 100)};
      return make("rounded", "capsules", std::move(a), std::move(b));
    }
    Shape a{cloud(*gen::inRange(3, 9), 0, 0, 1), decimal(0, 50)};
    Shape b{cloud(*gen::inRange(3, 9), dx, dy, 1), decimal(0, 50)};
    return make("rounded", "rounded_polygons", std::move(a), std::move(b));
  });
}

rc::Gen<GeneratedCase> gen_scale() {
  return gen::exec([] {
    const int kind = *gen::inRange(0, 3);
    const double dx = decimal(-300, 300), dy = decimal(-300, 300);
    if (kind == 2) {  // same-phase regular polygons: edges parallel up to rounding
      const int n = *gen::inRange(3, 17);
      const double phase = decimal(0, 628);
      const double ra = 1 + decimal(0, 100), rb = 1 + decimal(0, 100);
      return make("scale", "near_parallel", Shape{regular(n, 0, 0, ra, phase), 0},
                  Shape{regular(n, dx, dy, rb, phase), 0});
    }
    Shape a{cloud(*gen::inRange(3, 9), 0, 0, 1), 0}, b{cloud(*gen::inRange(3, 9), dx, dy, 1), 0};
    if (*gen::inRange(0, 3) == 0) {
      a.radius = decimal(0, 50);
    }
    if (kind == 0) {  // power-of-two scaling: ~1e-9 (2^-30) … ~1e12 (2^40)
      const int e = *gen::inRange(-30, 41);
      for (Shape* s : {&a, &b}) {
        for (Point& p : s->points) p = scale(std::ldexp(1.0, e), p);
        s->radius = std::ldexp(s->radius, e);
      }
      return make("scale", "pow2_" + std::to_string(e), a, b);
    }
    const double off = *gen::element(1e6, 1e12, -1e6);  // small shapes far from the origin
    for (Shape* s : {&a, &b})
      for (Point& p : s->points) p = {p.x + off, p.y - off};
    return make("scale", off == 1e12 ? "far_1e12" : "far_1e6", a, b);
  });
}

namespace {

using draws::choice;

/// The core of one side of a "cells" case in its local frame: the feature at the origin, the
/// shape below it (y <= 0), so that the support along (0, 1) is exactly the feature. Vertex: a
/// point, a segment going down, a triangle's apex or a square's corner (right angle, its
/// bisector along (0, 1): a round shape above it is in the corner region). Edge: a segment or
/// a trapezoid's top side, both along x through the origin. `solid`: never a bare point or a
/// horizontal segment alone (the other side may be one: an overlap of the cores needs a solid
/// difference).
std::vector<Point> cell_core(Feature f, bool solid, std::string& name) {
  const double w1 = *gen::inRange(1, 5), w2 = *gen::inRange(1, 5), h = *gen::inRange(1, 5);
  if (f == Feature::vertex) {
    switch (choice(solid ? 1 : 0, 4)) {
      case 0:
        name = "point";
        return {{0, 0}};
      case 1:  // steep enough (|p| <= h) that a crossing edge cannot be left sideways sooner
        name = "segment";
        return {{0, 0}, {*gen::inRange(-1, 2) * h, -h}};
      case 2:
        name = "triangle";
        return {{0, 0}, {-w1, -h}, {w2, -h}};
      default:
        name = "corner";
        return {{0, 0}, {-w1, -w1}, {w1, -w1}, {0, -2 * w1}};
    }
  }
  if (!solid && choice(0, 3) == 0) {
    name = "segment";
    return {{-w1, 0}, {w2, 0}};
  }
  name = "trapezoid";
  return {{-w1, 0}, {w2, 0}, {w2 + *gen::inRange(0, 3), -h}, {-w1 - *gen::inRange(0, 3), -h}};
}

}  // namespace

/// The distance g between the two cores along (0, 1) that puts the case in `cell`'s relation and
/// band, given the radius sum r (bands: coverage.hpp). The local frame has S in [1, 16] (every
/// coordinate below 16, a translation of at least 1): each choice below is derived for that range.
///   ulps        d = ±m ulps of r (m <= 4, r <= 4: |d| <= 2^-49 <= 16·2^-53·S), or ±m·2^-52
///   float_ulps  d = ±m·2^-26: above 16·2^-53·16 = 2^-45, below 16·2^-24·1 = 2^-20
///   small       d = ±m·2^-12: above 16·2^-24·16 = 2^-16, below 2^-10·1
///   radius      d = ±(f/4)·r, f in 1..4, r >= 1/8: above 1/32 > 16/1024 >= S/1024, at most r
///   large       separated d = r + m/2; overlapping d = −(r + m/8), m <= 3: the cores overlap by
///               at most 3/8, less than every other way out of the shapes built above (widths
///               and heights >= 1, segments steep)
double cell_gap(const FeatureCell& cell, double r) {
  const int m = *gen::inRange(1, 5);
  const double s = cell.relation == Relation::overlapping ? -1 : 1;
  switch (cell.band) {
    case Band::zero:
      return r;
    case Band::ulps:
      return r > 0 ? step_ulps(r, static_cast<int>(s) * m, 1) : s * m * 0x1p-52;
    case Band::float_ulps:
      return r + s * m * 0x1p-26;
    case Band::small:
      return r + s * m * 0x1p-12;
    case Band::radius:
      return r + s * 0.25 * *gen::inRange(1, 5) * r;
    case Band::large:
      return s > 0 ? 2 * r + 0.5 * m : -0.125 * std::min(m, 3);
  }
  return r;
}

rc::Gen<GeneratedCase> gen_cells() {
  return gen::exec([] {
    const auto& cells = reachable_feature_cell_parts(2);
    // Uniform over the cells at every size, and not shrunk: a shrink stays in its cell.
    return *gen_cell(
        cells[*gen::noShrink(gen::resize(100, gen::inRange<std::size_t>(0, cells.size())))]);
  });
}

rc::Gen<GeneratedCase> gen_cell(const FeatureCell& cell) {
  return gen::exec([cell] {
    const double ra = cell.rounded_a ? 0.125 * *gen::inRange(1, 17) : 0;
    const double rb = cell.rounded_b ? 0.125 * *gen::inRange(1, 17) : 0;
    const double g = cell_gap(cell, ra + rb);
    // The cores overlap (g < 0): at least one side solid (coverage.hpp: a solid difference).
    const bool overlap = g < 0;
    const bool a_solid = overlap && *gen::inRange(0, 2) == 0;
    std::string na, nb;
    std::vector<Point> a = cell_core(cell.feature_a, a_solid, na);
    std::vector<Point> b = cell_core(cell.feature_b, overlap && !a_solid, nb);
    for (Point& p : b) p = {p.x, g - p.y};  // mirrored, its feature at (0, g)
    // A translation along x of 1 to 2 (S >= 1), an exact signed permutation, a power of two.
    const double t_sign = *gen::element(-1.0, 1.0);
    const double t = t_sign * (1 + 0.25 * *gen::inRange(0, 5));
    const bool swap_xy = *gen::inRange(0, 2) == 1;
    const double fx = *gen::element(1.0, -1.0), fy = *gen::element(1.0, -1.0);
    const double sc = std::ldexp(1.0, *gen::inRange(-3, 4));
    auto place = [&](Point p) {
      p = {fx * (p.x + t) * sc, fy * p.y * sc};
      return swap_xy ? Point{p.y, p.x} : p;
    };
    for (Point& p : a) p = place(p);
    for (Point& p : b) p = place(p);
    return make("cells", cell.key() + "/" + na + "-" + nb, Shape{a, ra * sc}, Shape{b, rb * sc});
  });
}

rc::Gen<GeneratedCase> gen_family(const std::string& name) {
  if (name == "convex") return gen_convex();
  if (name == "degenerate") return gen_degenerate();
  if (name == "near_touching") return gen_near_touching();
  if (name == "containment") return gen_containment();
  if (name == "rounded") return gen_rounded();
  if (name == "scale") return gen_scale();
  if (name == "cells") return gen_cells();
  throw std::invalid_argument("unknown family: " + name);
}

rc::Gen<GeneratedCase> gen_any() {
  return gen::oneOf(gen_convex(), gen_degenerate(), gen_near_touching(), gen_containment(),
                    gen_rounded(), gen_scale(), gen_cells());
}

void showValue(const GeneratedCase& g, std::ostream& os) {
  os << g.family << "/" << g.kind << " " << fixtures::case_to_json(g.c).dump();
}

}  // namespace minkowski::properties
