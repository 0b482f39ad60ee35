#include "minkowski/reports/case_drawing.hpp"

#include "minkowski/properties/exec_engine.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

#include <fmt/format.h>

#include "minkowski/properties/fast_adapters.hpp"
#include "minkowski/properties/judge.hpp"
#include "minkowski/reference/hull.hpp"
#include "minkowski/reference/oracle.hpp"
#include "minkowski/reports/svg_writer.hpp"

namespace minkowski::reports {
namespace {

using properties::FastAnswer;
using reference::Rational;
using reference::Real;

struct V {
  double x = 0, y = 0;
};
V operator+(V a, V b) { return {a.x + b.x, a.y + b.y}; }
V operator-(V a, V b) { return {a.x - b.x, a.y - b.y}; }
V operator*(double s, V a) { return {s * a.x, s * a.y}; }
double norm(V a) { return std::hypot(a.x, a.y); }

// Page layout, in pixels: a title band, two square panels side by side, a legend band.
constexpr double kWidth = 1120, kHeight = 730;
constexpr double kPanel = 440;               // side of each square panel
constexpr double kPanelTop = 90;             // below the two title lines and the panel captions
constexpr double kPanelLeft[2] = {90, 640};  // room on the left of each panel for y tick labels
constexpr double kLegendTop = kPanelTop + kPanel + 75;  // below the x-axis labels
// An arrow shorter than this on screen is drawn at kMinArrowPx instead (direction only), so a
// tiny depth still shows its direction; the legend says so.
constexpr double kMinArrowPx = 12, kShortArrowPx = 45;

const std::string kColorA = "#1f77b4", kColorB = "#e6730b", kColorD = "#7b4fa8",
                  kColorFast = "#d62728", kColorExact = "#111111", kColorInter = "#2ca02c";

double to_d(const Rational& q) { return q.convert_to<double>(); }
double to_d(const Real& r) { return r.convert_to<double>(); }
V to_v(const reference::RationalPoint& p) { return {to_d(p.x), to_d(p.y)}; }
V to_v(const reference::Point& p) { return {p.x, p.y}; }
V to_v(const std::array<double, 2>& p) { return {p[0], p[1]}; }

// Maps world coordinates of one panel to pixels (uniform scale, y up).
struct Frame {
  double cx = 0, cy = 0, scale = 1, left = 0, top = 0, span = 1;
  SvgPoint px(V w) const {
    return {left + kPanel / 2 + (w.x - cx) * scale, top + kPanel / 2 - (w.y - cy) * scale};
  }
};

// A frame showing every point of `pts` grown by the radius `pad` of each, with 10% margin.
Frame frame_for(const std::vector<std::pair<V, double>>& pts, double left) {
  double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;
  for (const auto& [p, r] : pts) {
    x0 = std::min(x0, p.x - r), x1 = std::max(x1, p.x + r);
    y0 = std::min(y0, p.y - r), y1 = std::max(y1, p.y + r);
  }
  Frame f;
  f.left = left;
  f.top = kPanelTop;
  f.cx = (x0 + x1) / 2;
  f.cy = (y0 + y1) / 2;
  double span = std::max(x1 - x0, y1 - y0) * 1.2;
  if (!(span > 0))
    span = std::max({std::fabs(f.cx), std::fabs(f.cy), 1.0}) * 1e-3;  // a single point
  f.span = span;
  f.scale = kPanel / span;
  return f;
}

// "Nice" tick step (1, 2 or 5 times a power of ten) giving about 5 ticks over `span`.
double tick_step(double span) {
  const double raw = span / 5, p = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * p >= raw) return m * p;
  return 10 * p;
}

void draw_axes(SvgWriter& w, const Frame& f, const std::string& caption) {
  SvgStyle frame{"#555555", 1};
  w.begin_group("axes");
  w.rect({f.left, f.top}, kPanel, kPanel, frame);
  const double step = tick_step(f.span), half = f.span / 2;
  // Tick labels are coordinates, or offsets from the panel centre when the span is too small
  // against the centre's magnitude for 4 significant digits to tell ticks apart.
  const bool offset = std::max(std::fabs(f.cx), std::fabs(f.cy)) > 1e3 * f.span;
  const double ox = offset ? f.cx : 0, oy = offset ? f.cy : 0;
  SvgStyle tick{"#555555", 1}, grid{"#dddddd", 0.7};
  for (int axis = 0; axis < 2; ++axis) {
    const double c = axis == 0 ? f.cx : f.cy;
    const double first = std::ceil((c - half) / step) * step;
    for (int k = 0; k < 12; ++k) {  // bounded: span / step <= 5 / 1 ticks, plus slack
      const double t = first + k * step;
      if (t > c + half) break;
      if (axis == 0) {
        const SvgPoint p = f.px({t, f.cy});
        w.line({p.x, f.top}, {p.x, f.top + kPanel}, grid);
        w.line({p.x, f.top + kPanel}, {p.x, f.top + kPanel + 5}, tick);
        w.text({p.x, f.top + kPanel + 18}, fmt::format("{:.4g}", t - ox), 11, "middle");
      } else {
        const SvgPoint p = f.px({f.cx, t});
        w.line({f.left, p.y}, {f.left + kPanel, p.y}, grid);
        w.line({f.left - 5, p.y}, {f.left, p.y}, tick);
        w.text({f.left - 8, p.y + 4}, fmt::format("{:.4g}", t - oy), 11, "end");
      }
    }
  }
  const std::string xl = offset ? fmt::format("x − {:.17g} (world units)", ox) : "x (world units)";
  const std::string yl = offset ? fmt::format("y − {:.17g}", oy) : "y";
  w.text({f.left + kPanel / 2, f.top + kPanel + 36}, xl, 12, "middle");
  w.text({f.left - 8, f.top - 6}, yl, 12, "end");
  w.text({f.left + kPanel / 2, f.top - 10}, caption, 14, "middle");
  w.end_group();
}

// SVG path of a rounded hull: `hull` counter-clockwise in world coordinates, radius r.
std::string rounded_path(const Frame& f, const std::vector<V>& hull, double r) {
  const double rp = r * f.scale;
  const std::size_t n = hull.size();
  auto normal = [&](std::size_t i) {  // outward unit normal of edge i -> i+1
    const V e = hull[(i + 1) % n] - hull[i];
    const double l = norm(e);
    return l > 0 ? V{e.y / l, -e.x / l} : V{0, -1};
  };
  std::string d;
  for (std::size_t i = 0; i < n; ++i) {
    const V nprev = normal((i + n - 1) % n), ncur = normal(i);
    const SvgPoint s = f.px(hull[i] + r * nprev), e = f.px(hull[i] + r * ncur);
    d += fmt::format("{}{},{} ", i == 0 ? "M" : "L", SvgWriter::num(s.x), SvgWriter::num(s.y));
    // The corner arc turns counter-clockwise in the world, which the y-down screen shows as
    // clockwise: the negative-angle direction of SVG, sweep-flag 0 (1 drew the arcs inward).
    if (rp > 0)
      d += fmt::format("A{0},{0} 0 0 0 {1},{2} ", SvgWriter::num(rp), SvgWriter::num(e.x),
                       SvgWriter::num(e.y));
  }
  return d + "Z";
}

void draw_shape(SvgWriter& w, const Frame& f, const std::vector<V>& hull, double r,
                const std::string& color, const std::string& cls, const std::string& title) {
  w.begin_group(cls, title);
  SvgStyle solid{color, 2, color, 0.18};
  if (hull.size() == 1 && r > 0) {
    w.circle(f.px(hull[0]), r * f.scale, solid);
  } else if (hull.size() == 1) {
    w.circle(f.px(hull[0]), 4, {color, 2, color, 1});  // a point shape
  } else if (hull.size() == 2 && r == 0) {
    w.line(f.px(hull[0]), f.px(hull[1]), {color, 3});  // a segment
  } else {
    w.path(rounded_path(f, hull, r), solid);
  }
  if (r > 0 && hull.size() >= 2) {  // the core, dashed
    std::vector<SvgPoint> core;
    for (V p : hull) core.push_back(f.px(p));
    w.polygon(core, {color, 1, "none", 1, "4 3"});
  }
  w.end_group();
}

std::vector<V> hull_of(const reference::Shape& s) {
  std::vector<V> out;
  for (std::uint32_t i : reference::shape_hull(s)) out.push_back(to_v(s.points[i]));
  return out;
}

// The core of D = A − B: the exact hull of the differences of the shapes' hull vertices.
std::vector<V> difference_hull(const reference::Shape& a, const reference::Shape& b) {
  std::vector<reference::ExactPoint> pts;
  for (std::uint32_t i : reference::shape_hull(a))
    for (std::uint32_t j : reference::shape_hull(b))
      pts.push_back({reference::exact_difference(a.points[i].x, b.points[j].x),
                     reference::exact_difference(a.points[i].y, b.points[j].y)});
  reference::StageCounts counts;
  const reference::HullResult h = reference::hull_exact(pts, counts);
  std::vector<V> out;
  for (std::uint32_t k : h.vertices)
    out.push_back({pts[k].x.hi + pts[k].x.lo, pts[k].y.hi + pts[k].y.lo});
  return out;
}

// An arrow from `from` along world vector `v`; a vector too short to see is drawn at a fixed
// length in its direction.
void arrow(SvgWriter& w, const Frame& f, V from, V v, const std::string& color,
           const std::string& marker, const std::string& cls, const std::string& dash = "") {
  const SvgPoint a = f.px(from);
  SvgPoint b = f.px(from + v);
  const double len = std::hypot(b.x - a.x, b.y - a.y), nv = norm(v);
  if (!(nv > 0)) return;
  if (len < kMinArrowPx) b = {a.x + v.x / nv * kShortArrowPx, a.y - v.y / nv * kShortArrowPx};
  w.line(a, b, {color, 2.2, "none", 1, dash, marker}, cls);
}

// The answer to draw: the given one (an engine's, kept in a fixture), or `options.algorithm` run
// on the case (nullopt and why_not when its precision cannot represent the case).
std::optional<FastAnswer> answer_to_draw(const fixtures::Case& c, const DrawOptions& options,
                                         std::string& why_not) {
  if (options.answer) return options.answer;
  return options.precision == properties::Precision::single
             ? properties::run_fast<float>(options.algorithm, c, &why_not)
             : properties::run_fast<double>(options.algorithm, c, &why_not);
}

// Exact vectors in D's panel: the MTVs (overlapping; every tied direction), the closest point of D
// (separated), the contact normals (touching: direction only).
struct ExactVectors {
  std::vector<V> vectors;
  double all_directions_depth = 0;  // > 0: every direction is optimal (concentric discs)
};

ExactVectors exact_vectors_of(const reference::PairAnswer& exact, double sd) {
  ExactVectors out;
  if (exact.relation == reference::Relation::separated && exact.witness) {
    out.vectors.push_back({to_d(exact.witness->point_a[0]) - to_d(exact.witness->point_b[0]),
                           to_d(exact.witness->point_a[1]) - to_d(exact.witness->point_b[1])});
    return out;
  }
  const double depth = std::max(-sd, 0.0);
  for (const reference::DirectionSet& ds : exact.directions) {
    if (ds.kind == reference::DirectionSet::Kind::all) {
      out.all_directions_depth = depth;
      continue;
    }
    std::vector<V> dirs{to_v(ds.from)};
    if (ds.kind == reference::DirectionSet::Kind::cone) dirs.push_back(to_v(ds.to));
    for (std::size_t k = 0; k < dirs.size(); ++k) {
      const double l = norm(dirs[k]);
      if (!(l > 0)) continue;
      if (k == 0 && ds.mtv && depth > 0)
        out.vectors.push_back(to_v(*ds.mtv));
      else
        out.vectors.push_back((depth > 0 ? depth : 1e-300) / l * dirs[k]);
    }
  }
  return out;
}

// The fast answer's vector in D's panel: normal × depth (MTV) when intersecting, the closest
// point of D (point_a − point_b, or −normal × distance) when not.
std::optional<V> fast_vector_of(const FastAnswer& fast) {
  if (fast.intersects && fast.normal && fast.depth)
    return std::max(*fast.depth, 1e-300) * to_v(*fast.normal);  // depth 0: direction only
  if (fast.intersects && fast.normal && fast.contacts && !fast.contacts->empty())
    return (*fast.contacts)[0].depth * to_v(*fast.normal);
  if (!fast.intersects && fast.point_a && fast.point_b)
    return to_v(*fast.point_a) - to_v(*fast.point_b);
  if (!fast.intersects && fast.normal && fast.distance) return -*fast.distance * to_v(*fast.normal);
  return std::nullopt;
}

// What is drawn, gathered before drawing: the case, its exact answer, the fast answer and verdict.
struct Scene {
  // query() validates both shapes (InputError naming "shape a" or "shape b").
  Scene(const fixtures::Case& c_in, const DrawOptions& options_in)
      : c(c_in),
        options(options_in),
        exact(reference::query(c_in.a, c_in.b, reference::Detail::full)) {}
  const fixtures::Case& c;
  const DrawOptions& options;
  reference::PairAnswer exact;
  double sd = 0;        // exact signed distance
  double radius = 0;    // r_a + r_b
  bool given = false;   // an engine's stored answer, not ours to run
  bool judged = false;  // held to the tolerance model
  std::string why_not;  // why the fast algorithm did not run
  std::optional<FastAnswer> fast;
  std::optional<properties::Verdict> verdict;
  std::vector<V> ha, hb, hd;  // hulls of A, B and D = A − B
  ExactVectors exact_vectors;
  std::optional<V> fast_vector;
  std::string alg, prec;  // the fast answer's names in the title and legend
};

Scene scene_of(const fixtures::Case& c, const DrawOptions& options) {
  Scene sc(c, options);
  sc.sd = to_d(sc.exact.signed_distance) + 0.0;  // + 0.0: print -0 as 0
  sc.radius = c.a.radius + c.b.radius;
  sc.given = options.answer.has_value();
  sc.fast = answer_to_draw(c, options, sc.why_not);
  if (sc.fast)
    sc.verdict = properties::judge(
        c, sc.exact, *sc.fast,
        sc.given ? options.bounds.value_or(properties::engine_bounds(options.precision))
                 : properties::bounds_for(options.algorithm, options.precision));
  sc.judged = sc.given || properties::is_judged(options.algorithm);
  sc.ha = hull_of(c.a);
  sc.hb = hull_of(c.b);
  sc.hd = difference_hull(c.a, c.b);
  sc.exact_vectors = exact_vectors_of(sc.exact, sc.sd);
  if (sc.fast) sc.fast_vector = fast_vector_of(*sc.fast);
  sc.alg = sc.given ? options.label : properties::to_string(options.algorithm);
  sc.prec = properties::to_string(options.precision);
  return sc;
}

// Frames: everything drawn must be inside its panel. First the world panel, then D's.
std::pair<Frame, Frame> frames_of(const Scene& sc) {
  std::vector<std::pair<V, double>> world, config;
  for (V p : sc.ha) world.push_back({p, sc.c.a.radius});
  for (V p : sc.hb) world.push_back({p, sc.c.b.radius});
  if (sc.fast && sc.fast->contacts)
    for (const auto& k : *sc.fast->contacts) world.push_back({to_v(k.point), 0});
  for (V p : sc.hd) config.push_back({p, sc.radius});
  config.push_back({{0, 0}, 0});
  for (V v : sc.exact_vectors.vectors) config.push_back({v, 0});
  config.push_back({{0, 0}, sc.exact_vectors.all_directions_depth});
  if (sc.fast_vector && std::isfinite(sc.fast_vector->x) && std::isfinite(sc.fast_vector->y))
    config.push_back({*sc.fast_vector, 0});
  return {frame_for(world, kPanelLeft[0]), frame_for(config, kPanelLeft[1])};
}

// The title's second line: the fast answer, its worst field and its verdict.
std::string fast_line_of(const Scene& sc) {
  if (!sc.fast) return fmt::format("fast {} ({}): not run — {}", sc.alg, sc.prec, sc.why_not);
  const FastAnswer& fast = *sc.fast;
  const properties::FieldVerdict* worst = nullptr;
  for (const auto& fv : sc.verdict->fields)
    if (fv.field != properties::Field::relation &&
        (!worst ||
         fv.error / std::max(fv.allowed, 1e-300) > worst->error / std::max(worst->allowed, 1e-300)))
      worst = &fv;
  std::string mag;
  if (fast.depth)
    mag = fmt::format(", depth {:.6g}", *fast.depth);
  else if (fast.distance)
    mag = fmt::format(", distance {:.6g}", *fast.distance);
  const bool contact_method =
      !sc.given && (sc.options.algorithm == properties::Algorithm::manifold ||
                    sc.options.algorithm == properties::Algorithm::internal_vertices);
  const std::string says = fast.intersects  ? "intersects"
                           : contact_method ? "no contact point"
                                            : "apart";
  std::string line = fmt::format("fast {} ({}): {}{}", sc.alg, sc.prec, says, mag);
  if (worst && sc.judged)
    line += fmt::format("; worst field {} error {:.3g} u·S (allowed {:.3g})",
                        properties::to_string(worst->field), worst->error, worst->allowed);
  else if (worst)
    line += fmt::format("; worst field {} error {:.3g} u·S", properties::to_string(worst->field),
                        worst->error);
  if (!sc.judged)
    line += " — not held to the tolerance model (kept to show where it fails)";
  else if (!sc.verdict->asserted)
    line +=
        " — not held to the tolerance model: the case is below the precision's smallest judged "
        "scale";
  else
    line += sc.verdict->ok ? " — within the tolerance model" : " — VIOLATES the tolerance model";
  return line;
}

// Title: what the case is, the exact answer, the fast answer and its verdict.
void draw_title(SvgWriter& w, const Scene& sc) {
  w.text({20, 26},
         fmt::format("case {}: exact {} (signed distance {:.6g}; S = {:.4g})",
                     sc.c.id.empty() ? "(no id)" : sc.c.id, reference::to_string(sc.exact.relation),
                     sc.sd, properties::case_scale_of(sc.c)),
         16, "start", "title");
  w.text({20, 48}, fast_line_of(sc), 13, "start", "subtitle",
         sc.fast && sc.verdict && !sc.verdict->ok ? kColorFast : "black");
}

// Left panel: the shapes, their exact intersection and closest points, the fast answer's points.
void draw_shapes_panel(SvgWriter& w, const Frame& fw, const Scene& sc) {
  const fixtures::Case& c = sc.c;
  draw_axes(w, fw, "shapes A and B (world)");
  draw_shape(w, fw, sc.ha, c.a.radius, kColorA, "shape-a", "shape A");
  draw_shape(w, fw, sc.hb, c.b.radius, kColorB, "shape-b", "shape B");
  if (const auto poly = reference::intersection_polygon(c.a, c.b); poly && poly->size() >= 3) {
    std::vector<SvgPoint> pts;
    for (const auto& p : *poly) pts.push_back(fw.px(to_v(p)));
    w.polygon(pts, {kColorInter, 1, kColorInter, 0.35}, "intersection");
  }
  const reference::PairAnswer& exact = sc.exact;
  if (exact.witness && exact.relation != reference::Relation::overlapping) {
    const V pa{to_d(exact.witness->point_a[0]), to_d(exact.witness->point_a[1])};
    const V pb{to_d(exact.witness->point_b[0]), to_d(exact.witness->point_b[1])};
    w.begin_group("closest-exact", "exact closest points");
    w.line(fw.px(pa), fw.px(pb), {kColorExact, 1, "none", 1, "3 3"});
    w.circle(fw.px(pa), 4.5, {kColorExact, 1, kColorExact});
    w.circle(fw.px(pb), 4.5, {kColorExact, 1, kColorExact});
    w.end_group();
  }
  const std::optional<FastAnswer>& fast = sc.fast;
  if (fast && fast->point_a && fast->point_b) {
    w.begin_group("closest-fast", "fast closest points");
    for (const auto& p : {*fast->point_a, *fast->point_b}) {
      const SvgPoint q = fw.px(to_v(p));
      w.rect({q.x - 5, q.y - 5}, 10, 10, {kColorFast, 1.8});
    }
    w.end_group();
  }
  if (fast && fast->contacts) {
    w.begin_group("contact", "fast contact points, each with its normal × depth");
    for (const auto& k : *fast->contacts) {
      const SvgPoint q = fw.px(to_v(k.point));
      if (fast->normal)
        arrow(w, fw, to_v(k.point), k.depth * to_v(*fast->normal), kColorFast, "head-fast",
              "contact-normal");
      w.line({q.x - 6, q.y - 6}, {q.x + 6, q.y + 6}, {kColorFast, 2.5});
      w.line({q.x - 6, q.y + 6}, {q.x + 6, q.y - 6}, {kColorFast, 2.5});
    }
    w.end_group();
  }
}

// Right panel: the Minkowski difference, the exact and fast vectors, and the origin.
void draw_difference_panel(SvgWriter& w, const Frame& fd, const Scene& sc) {
  draw_axes(w, fd, "Minkowski difference A − B");
  draw_shape(w, fd, sc.hd, sc.radius, kColorD, "minkowski-difference",
             "A − B (exact hull, dilated by r_a + r_b)");
  w.begin_group("exact-normal", "exact: MTVs (every tied direction) or the closest point of A − B");
  for (V v : sc.exact_vectors.vectors) arrow(w, fd, {0, 0}, v, kColorExact, "head-exact", "");
  if (const double depth = sc.exact_vectors.all_directions_depth;
      depth > 0) {  // every direction ties: the circle of MTV tips
    w.circle(fd.px({0, 0}), depth * fd.scale, {kColorExact, 1.5, "none", 1, "2 3"});
    const SvgPoint o = fd.px({0, 0});
    w.text({o.x, o.y - depth * fd.scale - 6}, "every direction is an MTV", 11, "middle");
  }
  w.end_group();
  if (sc.fast_vector) {
    w.begin_group("fast-normal", "fast: normal × depth, or the closest point");
    arrow(w, fd, {0, 0}, *sc.fast_vector, kColorFast, "head-fast", "", "6 3");
    w.end_group();
  }
  const SvgPoint o = fd.px({0, 0});
  w.begin_group("origin", "the origin: A and B intersect iff it lies in A − B");
  w.circle(o, 5, {"black", 1.5, "white"});
  w.line({o.x - 9, o.y}, {o.x + 9, o.y}, {"black", 1.2});
  w.line({o.x, o.y - 9}, {o.x, o.y + 9}, {"black", 1.2});
  w.text({o.x + 8, o.y + 16}, "origin", 11);
  w.end_group();
}

// Legend: one swatch per mark, in two rows.
void draw_legend(SvgWriter& w, const Scene& sc) {
  w.begin_group("legend", "legend");
  struct Item {
    std::string kind, color, label;
  };
  const std::vector<Item> items = {
      {"fill", kColorA, "shape A (dashed: core)"},
      {"fill", kColorB, "shape B (dashed: core)"},
      {"fill", kColorInter, "exact A ∩ B"},
      {"fill", kColorD, "A − B (exact hull ⊕ r_a + r_b)"},
      {"dot", kColorExact, "exact closest points"},
      {"square", kColorFast, "fast closest points"},
      {"cross", kColorFast, "fast contact points (arrow: normal × depth)"},
      {"arrow", kColorExact, "exact MTV / closest point of A − B"},
      {"dasharrow", kColorFast, fmt::format("fast {} ({}) normal × depth", sc.alg, sc.prec)},
  };
  w.rect({20, kLegendTop - 20}, kWidth - 40, 116, {"#999999", 1, "white"});
  for (std::size_t i = 0; i < items.size(); ++i) {
    const double x = 35 + (i % 3) * 360, y = kLegendTop + (i / 3) * 26;
    const Item& it = items[i];
    if (it.kind == "fill")
      w.rect({x, y - 10}, 22, 14, {it.color, 1.5, it.color, 0.3});
    else if (it.kind == "dot")
      w.circle({x + 11, y - 3}, 4.5, {it.color, 1, it.color});
    else if (it.kind == "square")
      w.rect({x + 6, y - 8}, 10, 10, {it.color, 1.8});
    else if (it.kind == "cross") {
      w.line({x + 5, y - 9}, {x + 17, y + 3}, {it.color, 2.5});
      w.line({x + 5, y + 3}, {x + 17, y - 9}, {it.color, 2.5});
    } else {
      w.line({x, y - 3}, {x + 24, y - 3},
             {it.color, 2.2, "none", 1, it.kind == "dasharrow" ? "6 3" : "",
              it.kind == "dasharrow" ? "head-fast" : "head-exact"});
    }
    w.text({x + 30, y + 1}, it.label, 11.5);
  }
  w.text(
      {35, kLegendTop + 82},
      fmt::format(
          "Arrows shorter than {:.0f} px are drawn {:.0f} px long (direction only). Units: world "
          "coordinates of the case; u·S as in the tolerance model.",
          kMinArrowPx, kShortArrowPx),
      11, "start", "", "#444444");
  w.end_group();
}

}  // namespace

std::string draw_case(const fixtures::Case& c, const DrawOptions& options) {
  const Scene sc = scene_of(c, options);
  const auto [fw, fd] = frames_of(sc);
  SvgWriter w(kWidth, kHeight);
  w.arrow_marker("head-exact", kColorExact);
  w.arrow_marker("head-fast", kColorFast);
  draw_title(w, sc);
  draw_shapes_panel(w, fw, sc);
  draw_difference_panel(w, fd, sc);
  draw_legend(w, sc);
  return w.str();
}

std::optional<properties::FastAnswer> stored_answer(const nlohmann::json& fixture) {
  if (!fixture.is_object() || !fixture.contains("provenance")) return std::nullopt;
  const nlohmann::json& p = fixture["provenance"];
  if (!p.is_object() || !p.contains("fast_answer")) return std::nullopt;
  bool skip = false;
  std::string error;
  auto a = properties::parse_protocol_answer(p["fast_answer"].dump(), &skip, &error);
  if (skip) return std::nullopt;
  return a;
}

}  // namespace minkowski::reports
