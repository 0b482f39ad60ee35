// The 3D drawing of `minkowski render` (case_drawing.hpp): two rows of three orthographic views.
// What it shares with the 2D drawing (frames, axes, rounded outlines, arrows, legend, the title's
// fast line) is drawing_parts.hpp's; this file adds what is 3D: projections, the edges of a hull
// with their visibility, and the 3D answers.
#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <vector>

#include <fmt/format.h>

#include "minkowski/properties/fast_adapters3.hpp"
#include "minkowski/properties/judge3.hpp"
#include "minkowski/properties/protocol_answer.hpp"
#include "minkowski/reference/hull3.hpp"
#include "minkowski/reference/oracle.hpp"
#include "minkowski/reference/oracle3.hpp"
#include "minkowski/reports/case_drawing.hpp"
#include "minkowski/reports/svg_writer.hpp"

#include "drawing_parts.hpp"

namespace minkowski::reports::draw3 {
namespace {

using drawing::Frame;
using drawing::kColorA;
using drawing::kColorB;
using drawing::kColorD;
using drawing::kColorExact;
using drawing::kColorFast;
using drawing::kColorInter;
using drawing::V;
using properties::FastAnswer3;
using reference::Rational;
using reference::Real;

struct V3 {
  double x = 0, y = 0, z = 0;
};
V3 operator+(V3 a, V3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
V3 operator-(V3 a, V3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
V3 operator*(double s, V3 a) { return {s * a.x, s * a.y, s * a.z}; }
double dot(V3 a, V3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
V3 cross(V3 a, V3 b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
double norm(V3 a) { return std::hypot(a.x, a.y, a.z); }  // no underflow for the 1e-300 vectors

double to_d(const Rational& q) { return q.convert_to<double>(); }
double to_d(const Real& r) { return r.convert_to<double>(); }
V3 to_v3(const reference::Point3& p) { return {p.x, p.y, p.z}; }
V3 to_v3(const reference::RationalPoint3& p) { return {to_d(p.x), to_d(p.y), to_d(p.z)}; }
V3 to_v3(const reference::ExactPoint3& p) {
  return {p.x.hi + p.x.lo, p.y.hi + p.y.lo, p.z.hi + p.z.lo};
}
V3 to_v3(const std::array<double, 3>& p) { return {p[0], p[1], p[2]}; }
V3 to_v3(const Real (&p)[3]) { return {to_d(p[0]), to_d(p[1]), to_d(p[2])}; }

// Page layout, in pixels: a title band, two rows of three square panels, a legend band.
constexpr double kWidth = 1270;
constexpr double kPanel = 330;                    // side of each square panel
constexpr double kPanelLeft[3] = {85, 505, 925};  // room on the left for the tick labels
constexpr double kRowTop[2] = {128, 570};  // below the row heading, its note, the view captions
constexpr double kLegendTop = kRowTop[1] + kPanel + 80;  // below the axis names
constexpr double kHeight = kLegendTop + 4 * 26 + 55;     // the legend's 4 rows, 2 footnote lines
// A projected vector shorter than this (in pixels) points along the line of sight: drawn ⊙ / ⊗.
constexpr double kAlongSightPx = 4;
// Arrows shorter than kMinArrowPx3 on screen are drawn kShortExactPx (exact) or kShortFastPx
// (fast) long, direction only: 2D's kMinArrowPx of 12 px left 17 px MTVs half hidden under the
// origin's 9 px mark in these smaller panels (looked at: skew boxes 0.25 deep); the fast arrow is
// shorter so that the exact arrow's head shows beyond it when both point the same way.
constexpr double kMinArrowPx3 = 30, kShortExactPx = drawing::kShortArrowPx, kShortFastPx = 34;
// Radii of the rings that mark an arrow along the line of sight: exact inside, fast outside, both
// larger than the origin's mark (9 px) they usually surround.
constexpr double kSightRingExact = 11, kSightRingFast = 15;

// One orthographic view: screen right is world axis h, screen up world axis v, and `toward` the
// world direction pointing at the viewer (right × up, so each view is seen as a right-handed
// frame from outside).
struct View {
  int h, v;
  V3 toward;
  const char *name, *caption;
};
constexpr const char* kAxis[3] = {"x", "y", "z"};
const View kViews[3] = {
    {0, 1, {0, 0, 1}, "top", "top: x–y, seen from +z"},
    {0, 2, {0, -1, 0}, "front", "front: x–z, seen from −y"},
    {1, 2, {1, 0, 0}, "side", "side: y–z, seen from +x"},
};

double coord(V3 p, int axis) { return axis == 0 ? p.x : axis == 1 ? p.y : p.z; }
V proj(const View& view, V3 p) { return {coord(p, view.h), coord(p, view.v)}; }

// A convex body to draw: its hull (vertices, and faces as vertex loops counter-clockwise seen
// from outside, indexing `pts`) of dimension 0..3, dilated by `radius`.
struct Body {
  std::vector<V3> pts;
  std::vector<std::uint32_t> vertices;
  std::vector<std::vector<std::uint32_t>> faces;
  int dimension = 0;
  double radius = 0;
};

Body body_of(const reference::Shape3& s) {
  const reference::Hull3 h = reference::shape_hull(s);
  Body b;
  for (const reference::Point3& p : s.points) b.pts.push_back(to_v3(p));
  b.vertices = h.vertices;
  b.faces = h.facets;
  b.dimension = h.dimension;
  b.radius = s.radius;
  return b;
}

// D = A − B: the exact hull of the differences of the shapes' hull vertices, built as the oracle
// builds it (hull3_difference_certified), dilated by r_a + r_b.
Body difference_body(const reference::Shape3& a, const reference::Shape3& b) {
  const reference::Hull3 ha = reference::shape_hull(a), hb = reference::shape_hull(b);
  std::vector<reference::ExactPoint3> ea, eb, d;
  for (const reference::Point3& p : a.points) ea.push_back(reference::exact(p));
  for (const reference::Point3& p : b.points) eb.push_back(reference::exact(p));
  for (std::uint32_t i : ha.vertices)
    for (std::uint32_t j : hb.vertices)
      d.push_back(reference::exact_difference(a.points[i], b.points[j]));
  reference::HullStats stats;
  const reference::Hull3 h = reference::hull3_difference_certified(ea, ha, eb, hb, d, stats);
  Body out;
  for (const reference::ExactPoint3& p : d) out.pts.push_back(to_v3(p));
  out.vertices = h.vertices;
  out.faces = h.facets;
  out.dimension = h.dimension;
  out.radius = a.radius + b.radius;
  return out;
}

// The silhouette of points `pts` in `view`: the exact 2D hull of their projections,
// counter-clockwise (reference::shape_hull of the projected points).
std::vector<V> silhouette(const View& view, const std::vector<V3>& pts) {
  reference::Shape s;
  for (V3 p : pts) {
    const V q = proj(view, p);
    s.points.push_back({q.x, q.y});
  }
  std::vector<V> out;
  for (std::uint32_t i : reference::shape_hull(s)) out.push_back({s.points[i].x, s.points[i].y});
  return out;
}

// A body in one view: its filled silhouette (with its radius), then the edges of its hull, thin,
// solid where a face adjoining them faces the viewer (or is seen edge-on) and dashed where every
// adjoining face faces away (hidden by the body itself; other bodies hide nothing: the fills are
// translucent).
void draw_body(SvgWriter& w, const Frame& f, const View& view, const Body& b,
               const std::string& color, const std::string& cls, const std::string& title) {
  w.begin_group(cls, title);
  std::vector<V3> verts;
  for (std::uint32_t i : b.vertices) verts.push_back(b.pts[i]);
  drawing::draw_outline(w, f, silhouette(view, verts), b.radius, color);
  const double width = b.radius > 0 ? 1.0 : 1.4;
  const SvgStyle front{color, width}, hidden{color, 1.0, "none", 1, b.radius > 0 ? "1 3" : "4 3"};
  if (b.vertices.size() == 1 && b.radius == 0)  // a point: a ring too, so that a witness dot on
    w.circle(f.px(proj(view, b.pts[b.vertices[0]])), 8, {color, 2});  // it leaves it visible
  if (b.dimension == 1) {
    w.line(f.px(proj(view, b.pts[b.vertices[0]])), f.px(proj(view, b.pts[b.vertices[1]])), front);
  } else if (b.dimension >= 2) {
    // Each undirected edge with the faces on its sides; a face faces the viewer when its normal
    // (Newell's, in doubles: a drawing decision only) has a positive component towards it.
    std::map<std::pair<std::uint32_t, std::uint32_t>, bool> visible;  // edge -> seen
    for (const auto& face : b.faces) {
      V3 n{};
      for (std::size_t k = 0; k < face.size(); ++k)
        n = n + cross(b.pts[face[k]], b.pts[face[(k + 1) % face.size()]]);
      const bool faces_away = b.dimension == 3 && dot(n, view.toward) < -1e-9 * norm(n);
      for (std::size_t k = 0; k < face.size(); ++k) {
        const auto e = std::minmax(face[k], face[(k + 1) % face.size()]);
        visible[e] = visible[e] || !faces_away;
      }
    }
    for (int pass = 0; pass < 2; ++pass)  // hidden edges first, so seen ones are drawn over them
      for (const auto& [e, seen] : visible)
        if (seen == (pass == 1))
          w.line(f.px(proj(view, b.pts[e.first])), f.px(proj(view, b.pts[e.second])),
                 seen ? front : hidden);
  }
  w.end_group();
}

// How an arrow is drawn when short or along the line of sight.
struct ArrowLook {
  double short_px;     ///< length of an arrow shorter than kMinArrowPx3
  double ring = 0;     ///< radius of the ⊙ / ⊗ ring; 0: nothing drawn along the line of sight
  double width = 2.2;  ///< stroke width (the arrow head grows with it)
};
// The exact arrows are drawn wider than the fast ones over them, so that where both agree (a
// correct answer) the exact arrow and its head still show around the fast one (looked at: the
// far-from-origin boxes drew one red arrow and hid the black one).
constexpr ArrowLook kExactArrow{kShortExactPx, kSightRingExact, 3.4};
constexpr ArrowLook kFastArrow{kShortFastPx, kSightRingFast, 1.8};
constexpr ArrowLook kContactArrow{kShortFastPx, 0, 2.2};

// An arrow from `from` along world vector `v`, projected in `view`. A vector shorter than
// kMinArrowPx3 on screen is drawn look.short_px long (direction only); one whose projection is
// shorter than kAlongSightPx points along the line of sight: a ring of radius look.ring around
// `from` with a dot (⊙, towards the viewer) or a cross (⊗, away).
void arrow3(SvgWriter& w, const Frame& f, const View& view, V3 from, V3 v, const ArrowLook& look,
            const std::string& color, const std::string& marker, const std::string& cls,
            const std::string& dash = "") {
  const double l = norm(v);
  if (!(l > 0) || !std::isfinite(l)) return;
  if (l * f.scale < kMinArrowPx3) v = look.short_px / (l * f.scale) * v;
  const SvgPoint a = f.px(proj(view, from)), b = f.px(proj(view, from + v));
  if (std::hypot(b.x - a.x, b.y - a.y) >= kAlongSightPx) {
    w.line(a, b, {color, look.width, "none", 1, dash, marker}, cls);
    return;
  }
  if (!(look.ring > 0)) return;
  w.circle(a, look.ring, {color, 1.6, "none", 1, dash}, cls);
  const double k = look.ring * 0.45;  // the cross inside the ring
  if (dot(v, view.toward) > 0) {
    w.circle(a, 2.4, {color, 1, color});
  } else {
    w.line({a.x - k, a.y - k}, {a.x + k, a.y + k}, {color, 1.6});
    w.line({a.x - k, a.y + k}, {a.x + k, a.y - k}, {color, 1.6});
  }
}

// Exact vectors in D's row: the MTVs (overlapping; every tied direction), the rays of a contact
// cone (touching: direction only), the closest point of D (separated).
struct ExactVectors {
  std::vector<V3> vectors;
  double all_directions_depth = 0;  // > 0: every direction is optimal (concentric spheres)
};

ExactVectors exact_vectors_of(const reference::PairAnswer3& exact, double sd) {
  ExactVectors out;
  if (exact.relation == reference::Relation::separated && exact.witness) {
    out.vectors.push_back(to_v3(exact.witness->point_a) - to_v3(exact.witness->point_b));
    return out;
  }
  const double depth = std::max(-sd, 0.0);
  for (const reference::DirectionSet3& ds : exact.directions) {
    if (ds.kind == reference::DirectionSet3::Kind::all) {
      out.all_directions_depth = depth;
      continue;
    }
    for (std::size_t k = 0; k < ds.generators.size(); ++k) {
      const V3 g = to_v3(ds.generators[k]);
      const double l = norm(g);
      if (!(l > 0)) continue;
      if (k == 0 && ds.kind == reference::DirectionSet3::Kind::ray && ds.mtv && depth > 0)
        out.vectors.push_back(to_v3(*ds.mtv));
      else
        out.vectors.push_back((depth > 0 ? depth : 1e-300) / l * g);
    }
  }
  return out;
}

// What is drawn, gathered before drawing: the case, its exact answer, the fast answer, verdict.
struct Scene3 {
  Scene3(const fixtures::Case3& c, const DrawOptions& options);
  const fixtures::Case3& c;
  const DrawOptions& options;
  reference::PairAnswer3 exact;
  double sd = 0;
  bool given = false, judged = true;
  std::string why_not, alg, prec;
  std::optional<FastAnswer3> fast;
  std::optional<properties::Verdict> verdict;
  Body a, b, d;
  std::optional<Body> intersection;
  ExactVectors exact_vectors;
  std::optional<V3> fast_vector;
};

// exact_answer3 validates both shapes (InputError naming "shape a" or "shape b").
Scene3::Scene3(const fixtures::Case3& c_in, const DrawOptions& options_in)
    : c(c_in),
      options(options_in),
      exact(properties::exact_answer3(c_in, reference::Detail::full)) {
  sd = to_d(exact.signed_distance) + 0.0;  // + 0.0: print -0 as 0
  given = options.answer3.has_value();
  if (given)
    fast = options.answer3;
  else
    fast = options.precision == properties::Precision::single
               ? properties::run_fast3<float>(options.algorithm3, c, &why_not)
               : properties::run_fast3<double>(options.algorithm3, c, &why_not);
  if (fast)
    verdict = properties::judge3(
        c, exact, *fast,
        given ? options.bounds.value_or(properties::engine_bounds(options.precision))
              : properties::bounds3_for(options.algorithm3, options.precision));
  a = body_of(c.a);
  b = body_of(c.b);
  d = difference_body(c.a, c.b);
  if (const auto poly = reference::intersection_polytope(c.a, c.b); poly && poly->dimension >= 0) {
    Body in;
    for (const auto& p : poly->points) in.pts.push_back(to_v3(p));
    for (std::uint32_t i = 0; i < in.pts.size(); ++i) in.vertices.push_back(i);
    in.faces = poly->facets;
    in.dimension = poly->dimension;
    intersection = std::move(in);
  }
  exact_vectors = exact_vectors_of(exact, sd);
  if (fast)
    if (const auto v = drawing::fast_vector_of(*fast)) fast_vector = to_v3(*v);
  alg = given ? options.label : properties::to_string(options.algorithm3);
  prec = properties::to_string(options.precision);
}

// One frame per view of a row, all at the same scale: the row's world box (every point of `pts`
// grown by its radius in world units, every point of `px_pts` by its radius in pixels: the start
// of an arrow that may be drawn a fixed number of pixels long) with 10% margin on each side, each
// view centred on its own two axes.
std::array<Frame, 3> row_frames(const std::vector<std::pair<V3, double>>& pts,
                                const std::vector<std::pair<V3, double>>& px_pts, double top) {
  std::array<Frame, 3> out;
  double scale = 0;  // pixels per world unit; 0: not known yet (first pass)
  for (int pass = 0; pass < 2; ++pass) {
    V3 lo{INFINITY, INFINITY, INFINITY}, hi{-INFINITY, -INFINITY, -INFINITY};
    auto grow = [&](V3 p, double r) {
      lo = {std::min(lo.x, p.x - r), std::min(lo.y, p.y - r), std::min(lo.z, p.z - r)};
      hi = {std::max(hi.x, p.x + r), std::max(hi.y, p.y + r), std::max(hi.z, p.z + r)};
    };
    for (const auto& [p, r] : pts) grow(p, r);
    for (const auto& [p, r] : px_pts) grow(p, scale > 0 ? r / scale : 0);
    const V3 mid = 0.5 * (lo + hi), size = hi - lo;
    const double span = std::max({size.x, size.y, size.z}) * 1.2;
    for (int k = 0; k < 3; ++k) {
      const V c = proj(kViews[k], mid);
      out[k] = drawing::frame_centered(c.x, c.y, span, kPanelLeft[k], top, kPanel);
    }
    // A zero span (one point) gets a span from its centre's magnitude, which differs per view:
    // keep the largest, so the scale is the same in all three.
    const double s = std::max({out[0].span, out[1].span, out[2].span});
    for (int k = 0; k < 3; ++k) {
      const V c = proj(kViews[k], mid);
      out[k] = drawing::frame_centered(c.x, c.y, s, kPanelLeft[k], top, kPanel);
    }
    scale = out[0].scale;
  }
  return out;
}

std::pair<std::array<Frame, 3>, std::array<Frame, 3>> frames_of(const Scene3& sc) {
  // The pixel pad of an arrow's start: its fixed length when short, and a little for the head.
  constexpr double kHeadPx = 10;
  std::vector<std::pair<V3, double>> world, config, world_px, config_px;
  for (std::uint32_t i : sc.a.vertices) world.push_back({sc.a.pts[i], sc.a.radius});
  for (std::uint32_t i : sc.b.vertices) world.push_back({sc.b.pts[i], sc.b.radius});
  if (sc.fast && sc.fast->contacts)
    for (const auto& k : *sc.fast->contacts)
      if (std::isfinite(norm(to_v3(k.point))))
        world_px.push_back({to_v3(k.point), kShortFastPx + kHeadPx});
  for (std::uint32_t i : sc.d.vertices) config.push_back({sc.d.pts[i], sc.d.radius});
  config.push_back({{0, 0, 0}, sc.exact_vectors.all_directions_depth});
  config_px.push_back({{0, 0, 0}, kShortExactPx + kHeadPx});
  for (V3 v : sc.exact_vectors.vectors) config.push_back({v, 0});
  if (sc.fast_vector && std::isfinite(norm(*sc.fast_vector)))
    config.push_back({*sc.fast_vector, 0});
  return {row_frames(world, world_px, kRowTop[0]), row_frames(config, config_px, kRowTop[1])};
}

// A row's heading above its views, its scale bar (one tick step long) at the right, and, when the
// ticks of a view are offsets from the row's centre (far from the origin), that centre.
void draw_row_heading(SvgWriter& w, const std::array<Frame, 3>& f, const std::string& heading) {
  const double y = f[0].top - 46;
  w.text({kPanelLeft[0] - 60, y}, heading, 15, "start", "row-heading");
  if (std::any_of(f.begin(), f.end(), drawing::ticks_are_offsets))
    w.text({kPanelLeft[0] - 60, y + 17},
           fmt::format("ticks are offsets from the row's centre (x₀, y₀, z₀) = ({:.17g}, {:.17g}, "
                       "{:.17g})",
                       f[0].cx, f[0].cy, f[1].cy),
           11.5, "start", "row-offsets", "#444444");
  const double step = drawing::tick_step(f[0].span), len = step * f[0].scale;
  const double right = kPanelLeft[2] + kPanel;
  w.begin_group("scale-bar", "scale bar: one tick step, the same in all three views");
  const SvgStyle bar{"#333333", 2};
  w.line({right - len, y - 4}, {right, y - 4}, bar);
  w.line({right - len, y - 9}, {right - len, y + 1}, bar);
  w.line({right, y - 9}, {right, y + 1}, bar);
  w.text({right - len - 8, y}, fmt::format("{:.4g} (same scale in all three views)", step), 12,
         "end");
  w.end_group();
}

// The clip path of a view's panel: what is drawn inside stays inside (a deep contact's arrow
// would otherwise run into the next view).
std::string clip_of(SvgWriter& w, const Frame& f, const std::string& id) {
  w.clip_rect(id, {f.left, f.top}, f.size, f.size);
  return id;
}

// The upper row: the shapes, their exact intersection and witness points, the fast points.
void draw_world_view(SvgWriter& w, const Frame& f, const View& view, const Scene3& sc) {
  drawing::draw_axes(w, f, view.caption, kAxis[view.h], kAxis[view.v], true);
  w.begin_group("panel", "", clip_of(w, f, fmt::format("clip-world-{}", view.name)));
  draw_body(w, f, view, sc.a, kColorA, "shape-a", "shape A");
  draw_body(w, f, view, sc.b, kColorB, "shape-b", "shape B");
  if (sc.intersection && sc.intersection->dimension >= 2) {
    std::vector<SvgPoint> pts;
    for (V p : silhouette(view, sc.intersection->pts)) pts.push_back(f.px(p));
    // No outline: it would cover A's or B's (looked at: deep containment hid B's entirely).
    if (pts.size() >= 3) w.polygon(pts, {"none", 1, kColorInter, 0.35}, "intersection");
  }
  const reference::PairAnswer3& exact = sc.exact;
  if (exact.witness && exact.relation != reference::Relation::overlapping) {
    const SvgPoint pa = f.px(proj(view, to_v3(exact.witness->point_a))),
                   pb = f.px(proj(view, to_v3(exact.witness->point_b)));
    w.begin_group("closest-exact", "exact witness points");
    w.line(pa, pb, {kColorExact, 1, "none", 1, "3 3"});
    w.circle(pa, 4.5, {kColorExact, 1, kColorExact});
    w.circle(pb, 4.5, {kColorExact, 1, kColorExact});
    w.end_group();
  }
  const std::optional<FastAnswer3>& fast = sc.fast;
  if (fast && fast->point_a && fast->point_b) {
    w.begin_group("closest-fast", "fast closest points");
    for (const auto& p : {*fast->point_a, *fast->point_b}) {
      const SvgPoint q = f.px(proj(view, to_v3(p)));
      w.rect({q.x - 5, q.y - 5}, 10, 10, {kColorFast, 1.8});
    }
    w.end_group();
  }
  if (fast && fast->contacts) {
    w.begin_group("contact", "fast contact points, each with its normal × depth");
    for (const auto& k : *fast->contacts) {
      const V3 p = to_v3(k.point);
      if (!std::isfinite(norm(p))) continue;
      const SvgPoint q = f.px(proj(view, p));
      if (fast->normal)
        arrow3(w, f, view, p, k.depth * to_v3(*fast->normal), kContactArrow, kColorFast,
               "head-fast", "contact-normal");
      w.line({q.x - 6, q.y - 6}, {q.x + 6, q.y + 6}, {kColorFast, 2.5});
      w.line({q.x - 6, q.y + 6}, {q.x + 6, q.y - 6}, {kColorFast, 2.5});
    }
    w.end_group();
  }
  w.end_group();
}

// The lower row: A − B, the exact and fast vectors, the origin.
void draw_difference_view(SvgWriter& w, const Frame& f, const View& view, const Scene3& sc) {
  drawing::draw_axes(w, f, view.caption, kAxis[view.h], kAxis[view.v], true);
  w.begin_group("panel", "", clip_of(w, f, fmt::format("clip-difference-{}", view.name)));
  const SvgPoint o = f.px({0, 0});
  draw_body(w, f, view, sc.d, kColorD, "minkowski-difference",
            "A − B (exact hull, dilated by r_a + r_b)");
  // The origin before the arrows, which start there and would otherwise vanish under it; its
  // label clear of the rings of the arrows along the line of sight.
  drawing::draw_origin(w, o, kSightRingFast + 2, kSightRingFast + 8);
  w.begin_group("exact-normal", "exact: MTVs (every tied direction) or the closest point of A − B");
  for (V3 v : sc.exact_vectors.vectors)
    arrow3(w, f, view, {0, 0, 0}, v, kExactArrow, kColorExact, "head-exact", "");
  if (const double depth = sc.exact_vectors.all_directions_depth; depth > 0) {
    w.circle(o, depth * f.scale, {kColorExact, 1.5, "none", 1, "2 3"});
    w.text({o.x, o.y - depth * f.scale - 6}, "every direction is an MTV", 11, "middle");
  }
  w.end_group();
  if (sc.fast_vector) {
    w.begin_group("fast-normal", "fast: normal × depth, or the closest point");
    arrow3(w, f, view, {0, 0, 0}, *sc.fast_vector, kFastArrow, kColorFast, "head-fast", "", "4 2");
    w.end_group();
  }
  w.end_group();
}

void draw_title(SvgWriter& w, const Scene3& sc) {
  w.text({20, 26},
         fmt::format("3D case {}: exact {} (signed distance {:.6g}; S = {:.4g}; A − B of "
                     "dimension {}, hull {})",
                     sc.c.id.empty() ? "(no id)" : sc.c.id, reference::to_string(sc.exact.relation),
                     sc.sd, properties::case_scale_of(sc.c), sc.exact.difference_dimension,
                     reference::to_string(sc.exact.hull_source)),
         16, "start", "title");
  const drawing::FastSummary s = drawing::fast_summary_of(
      sc, sc.given ? sc.options.given_is_contact_method
                   : sc.options.algorithm3 == properties::Algorithm3::manifold);
  w.text({20, 48}, drawing::fast_line(s), 13, "start", "subtitle",
         sc.fast && sc.verdict && !sc.verdict->ok ? kColorFast : "black");
}

void draw_legend(SvgWriter& w, const Scene3& sc) {
  drawing::draw_legend(
      w,
      {
          {"fill", kColorA, "shape A (silhouette ⊕ its radius)"},
          {"fill", kColorB, "shape B (silhouette ⊕ its radius)"},
          {"fill", kColorInter, "exact A ∩ B (silhouette)"},
          {"fill", kColorD, "A − B (exact hull ⊕ r_a + r_b)"},
          {"line", "#333333", "hull edges on the side seen"},
          {"dashline", "#333333", "hull edges the body itself hides"},
          {"dot", kColorExact, "exact witness points"},
          {"square", kColorFast, "fast closest points"},
          {"cross", kColorFast, "fast contact points (arrow: normal × depth)"},
          {"arrow", kColorExact, "exact MTV / contact cone ray / closest point of A − B"},
          {"dasharrow", kColorFast, fmt::format("fast {} ({}) normal × depth", sc.alg, sc.prec)},
      },
      kLegendTop, kWidth,
      fmt::format(
          "Arrows shorter than {:.0f} px are drawn {:.0f} px (exact) or {:.0f} px (fast) long, "
          "direction only. ⊙ / ⊗ (a ring around the arrow's start): an arrow along the line of "
          "sight, towards / away from the viewer.\nEdges and faces from the exact hulls "
          "(reference); other bodies hide nothing (translucent fills). Units: world coordinates; "
          "u·S as in the tolerance model.",
          kMinArrowPx3, kShortExactPx, kShortFastPx));
}

}  // namespace

// draw_case(Case3): here, inside draw3, so that unqualified names are this file's even in a
// unity build that also holds case_drawing.cpp.
std::string draw(const fixtures::Case3& c, const DrawOptions& options) {
  const Scene3 sc(c, options);
  const auto [fw, fd] = frames_of(sc);
  SvgWriter w(kWidth, kHeight);
  w.arrow_marker("head-exact", kColorExact);
  w.arrow_marker("head-fast", kColorFast);
  draw_title(w, sc);
  draw_row_heading(w, fw, "A and B (world coordinates)");
  draw_row_heading(w, fd, "the Minkowski difference A − B, with the origin");
  for (int k = 0; k < 3; ++k) {
    w.begin_group(fmt::format("view view-{}", kViews[k].name), kViews[k].caption);
    draw_world_view(w, fw[k], kViews[k], sc);
    w.end_group();
  }
  for (int k = 0; k < 3; ++k) {
    w.begin_group(fmt::format("view view-{}", kViews[k].name), kViews[k].caption);
    draw_difference_view(w, fd[k], kViews[k], sc);
    w.end_group();
  }
  draw_legend(w, sc);
  return w.str();
}

}  // namespace minkowski::reports::draw3

namespace minkowski::reports {

std::string draw_case(const fixtures::Case3& c, const DrawOptions& options) {
  return draw3::draw(c, options);
}

std::optional<properties::FastAnswer3> stored_answer3(const nlohmann::json& fixture) {
  const nlohmann::json* j = drawing::stored_answer_json(fixture);
  if (!j) return std::nullopt;
  bool skip = false;
  std::string error;
  auto a = properties::parse_protocol_answer3(j->dump(), &skip, &error);
  if (skip) return std::nullopt;
  return a;
}

std::string draw_case(const fixtures::AnyCase& c, const DrawOptions& options) {
  return std::visit([&](const auto& k) { return draw_case(k, options); }, c);
}

}  // namespace minkowski::reports
