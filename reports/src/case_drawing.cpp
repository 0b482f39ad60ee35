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

#include "drawing_parts.hpp"

namespace minkowski::reports {
namespace {

using drawing::Frame;
using drawing::kColorA;
using drawing::kColorB;
using drawing::kColorD;
using drawing::kColorExact;
using drawing::kColorFast;
using drawing::kColorInter;
using drawing::V;
using properties::FastAnswer;
using reference::Rational;
using reference::Real;

// Page layout, in pixels: a title band, two square panels side by side, a legend band.
constexpr double kWidth = 1120, kHeight = 730;
constexpr double kPanel = 440;               // side of each square panel
constexpr double kPanelTop = 90;             // below the two title lines and the panel captions
constexpr double kPanelLeft[2] = {90, 640};  // room on the left of each panel for y tick labels
constexpr double kLegendTop = kPanelTop + kPanel + 75;  // below the x-axis labels

double to_d(const Rational& q) { return q.convert_to<double>(); }
double to_d(const Real& r) { return r.convert_to<double>(); }
V to_v(const reference::RationalPoint& p) { return {to_d(p.x), to_d(p.y)}; }
V to_v(const reference::Point& p) { return {p.x, p.y}; }
V to_v(const std::array<double, 2>& p) { return {p[0], p[1]}; }

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
  if (sc.fast)
    if (const auto v = drawing::fast_vector_of(*sc.fast)) sc.fast_vector = to_v(*v);
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
  return {drawing::frame_for(world, kPanelLeft[0], kPanelTop, kPanel),
          drawing::frame_for(config, kPanelLeft[1], kPanelTop, kPanel)};
}

// The title's second line: the fast answer, its worst field and its verdict.
std::string fast_line_of(const Scene& sc) {
  return drawing::fast_line(drawing::fast_summary_of(
      sc, sc.given ? sc.options.given_is_contact_method
                   : (sc.options.algorithm == properties::Algorithm::manifold ||
                      sc.options.algorithm == properties::Algorithm::internal_vertices)));
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
  drawing::draw_axes(w, fw, "shapes A and B (world)");
  drawing::draw_shape(w, fw, sc.ha, c.a.radius, kColorA, "shape-a", "shape A");
  drawing::draw_shape(w, fw, sc.hb, c.b.radius, kColorB, "shape-b", "shape B");
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
        drawing::arrow(w, fw, to_v(k.point), k.depth * to_v(*fast->normal), kColorFast, "head-fast",
                       "contact-normal");
      w.line({q.x - 6, q.y - 6}, {q.x + 6, q.y + 6}, {kColorFast, 2.5});
      w.line({q.x - 6, q.y + 6}, {q.x + 6, q.y - 6}, {kColorFast, 2.5});
    }
    w.end_group();
  }
}

// Right panel: the Minkowski difference, the exact and fast vectors, and the origin.
void draw_difference_panel(SvgWriter& w, const Frame& fd, const Scene& sc) {
  drawing::draw_axes(w, fd, "Minkowski difference A − B");
  drawing::draw_shape(w, fd, sc.hd, sc.radius, kColorD, "minkowski-difference",
                      "A − B (exact hull, dilated by r_a + r_b)");
  w.begin_group("exact-normal", "exact: MTVs (every tied direction) or the closest point of A − B");
  for (V v : sc.exact_vectors.vectors)
    drawing::arrow(w, fd, {0, 0}, v, kColorExact, "head-exact", "");
  if (const double depth = sc.exact_vectors.all_directions_depth;
      depth > 0) {  // every direction ties: the circle of MTV tips
    w.circle(fd.px({0, 0}), depth * fd.scale, {kColorExact, 1.5, "none", 1, "2 3"});
    const SvgPoint o = fd.px({0, 0});
    w.text({o.x, o.y - depth * fd.scale - 6}, "every direction is an MTV", 11, "middle");
  }
  w.end_group();
  if (sc.fast_vector) {
    w.begin_group("fast-normal", "fast: normal × depth, or the closest point");
    drawing::arrow(w, fd, {0, 0}, *sc.fast_vector, kColorFast, "head-fast", "", "6 3");
    w.end_group();
  }
  const SvgPoint o = fd.px({0, 0});
  drawing::draw_origin(w, o);
}

// Legend: one swatch per mark, in three rows.
void draw_legend(SvgWriter& w, const Scene& sc) {
  drawing::draw_legend(
      w,
      {
          {"fill", kColorA, "shape A (dashed: core)"},
          {"fill", kColorB, "shape B (dashed: core)"},
          {"fill", kColorInter, "exact A ∩ B"},
          {"fill", kColorD, "A − B (exact hull ⊕ r_a + r_b)"},
          {"dot", kColorExact, "exact closest points"},
          {"square", kColorFast, "fast closest points"},
          {"cross", kColorFast, "fast contact points (arrow: normal × depth)"},
          {"arrow", kColorExact, "exact MTV / closest point of A − B"},
          {"dasharrow", kColorFast, fmt::format("fast {} ({}) normal × depth", sc.alg, sc.prec)},
      },
      kLegendTop, kWidth,
      fmt::format(
          "Arrows shorter than {:.0f} px are drawn {:.0f} px long (direction only). Units: world "
          "coordinates of the case; u·S as in the tolerance model.",
          drawing::kMinArrowPx, drawing::kShortArrowPx));
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
  const nlohmann::json* j = drawing::stored_answer_json(fixture);
  if (!j) return std::nullopt;
  bool skip = false;
  std::string error;
  auto a = properties::parse_protocol_answer(j->dump(), &skip, &error);
  if (skip) return std::nullopt;
  return a;
}

}  // namespace minkowski::reports
