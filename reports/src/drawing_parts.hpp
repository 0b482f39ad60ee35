#pragma once
// reports/src/drawing_parts.hpp — what the 2D drawing (case_drawing.cpp) and the 3D drawing
// (case_drawing3.cpp) share, written once: the colours, the world-to-pixel frame of a square
// panel, the axes with their ticks, rounded hull outlines, arrows, the legend box and the title's
// line about the fast answer. Private to minkowski::reports (not installed).
//
// Every function draws with the SvgWriter it is given; nothing here knows the dimension of the
// case except fast_vector_of, a template over the answer's vector arity.

#include <array>
#include <cmath>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "minkowski/properties/judge.hpp"
#include "minkowski/reports/svg_writer.hpp"

namespace minkowski::reports::drawing {

/// A point or vector in a panel's plane, in world units.
struct V {
  double x = 0, y = 0;
};
inline V operator+(V a, V b) { return {a.x + b.x, a.y + b.y}; }
inline V operator-(V a, V b) { return {a.x - b.x, a.y - b.y}; }
inline V operator*(double s, V a) { return {s * a.x, s * a.y}; }
inline double norm(V a) { return std::hypot(a.x, a.y); }

// An arrow shorter than kMinArrowPx on screen is drawn kShortArrowPx long instead (direction
// only), so a tiny depth still shows its direction; the legends say so.
inline constexpr double kMinArrowPx = 12, kShortArrowPx = 45;

inline const std::string kColorA = "#1f77b4", kColorB = "#e6730b", kColorD = "#7b4fa8",
                         kColorFast = "#d62728", kColorExact = "#111111", kColorInter = "#2ca02c";

/// Maps world coordinates of one square panel of side `size` pixels to pixels (uniform scale,
/// vertical axis up). (cx, cy) is the world point at the panel's centre; `span` the world length
/// of the panel's side.
struct Frame {
  double cx = 0, cy = 0, scale = 1, left = 0, top = 0, span = 1, size = 1;
  SvgPoint px(V w) const {
    return {left + size / 2 + (w.x - cx) * scale, top + size / 2 - (w.y - cy) * scale};
  }
};

/// The frame of a panel at (left, top) of side `size` showing a world square of side `span`
/// centred on (cx, cy). A span that is not positive (a single point) becomes 1e-3 of the
/// centre's magnitude (at least 1e-3), so a point still has a frame.
Frame frame_centered(double cx, double cy, double span, double left, double top, double size);

/// A frame showing every point of `pts` grown by its radius, with 10% margin on each side.
Frame frame_for(const std::vector<std::pair<V, double>>& pts, double left, double top, double size);

/// The panel's border, grid, ticks with their labels, the axis names (`h` along the bottom,
/// `v` above the left side: "x", "y", "z") and the caption above the panel. Tick labels are
/// offsets from the panel's centre (and the axis names say so) when the span is too small against
/// the centre's magnitude for 4 significant digits to tell the ticks apart.
/// With `short_offsets` the axis names say "x − x₀" and the caller names (x₀, y₀, …) elsewhere
/// (they are the frame's centre).
void draw_axes(SvgWriter& w, const Frame& f, const std::string& caption, const std::string& h = "x",
               const std::string& v = "y", bool short_offsets = false);

/// Whether draw_axes labels `f`'s ticks as offsets from its centre.
bool ticks_are_offsets(const Frame& f);

/// The origin's mark at pixel `o` (group "origin"), its label `label_dx`, `label_dy` from it.
void draw_origin(SvgWriter& w, SvgPoint o, double label_dx = 8, double label_dy = 16);

/// SVG path of a rounded hull: `hull` counter-clockwise in world coordinates (>= 2 points),
/// dilated by radius r.
std::string rounded_path(const Frame& f, const std::vector<V>& hull, double r);

/// "Nice" tick step (1, 2 or 5 times a power of ten) giving about 5 ticks over `span`.
double tick_step(double span);

/// The filled outline of the convex polygon `hull` (counter-clockwise) dilated by r: a disc for
/// one point with a radius, a dot for one point without, a thick line for a segment without.
void draw_outline(SvgWriter& w, const Frame& f, const std::vector<V>& hull, double r,
                  const std::string& color);

/// A 2D shape: the convex polygon `hull` (counter-clockwise) dilated by r, filled; a point, a
/// segment or a disc when the hull has 1 or 2 points; with a radius the core dashed. Group `cls`.
void draw_shape(SvgWriter& w, const Frame& f, const std::vector<V>& hull, double r,
                const std::string& color, const std::string& cls, const std::string& title);

/// An arrow from `from` along world vector `v`; a vector too short to see is drawn kShortArrowPx
/// long in its direction. A zero vector draws nothing.
void arrow(SvgWriter& w, const Frame& f, V from, V v, const std::string& color,
           const std::string& marker, const std::string& cls, const std::string& dash = "");

/// One line of a legend: its swatch `kind` ("fill", "dot", "square", "cross", "arrow",
/// "dasharrow", "line", "dashline"), colour and text.
struct LegendItem {
  std::string kind, color, label;
};

/// The legend box (group "legend"): the items three to a row from `top`, across `width` pixels,
/// and the grey footnote below them, one line per '\n'-separated part. Returns the box's bottom.
double draw_legend(SvgWriter& w, const std::vector<LegendItem>& items, double top, double width,
                   const std::string& footnote);

/// The answer a fixture's provenance stores ("fast_answer"), unparsed; nullptr when it has none.
inline const nlohmann::json* stored_answer_json(const nlohmann::json& fixture) {
  if (!fixture.is_object() || !fixture.contains("provenance")) return nullptr;
  const nlohmann::json& p = fixture["provenance"];
  if (!p.is_object() || !p.contains("fast_answer")) return nullptr;
  return &p["fast_answer"];
}

/// What the title's line about the fast answer says.
struct FastSummary {
  bool ran = false;
  std::string why_not;    ///< why it did not run (ran false)
  std::string alg, prec;  ///< its names
  bool intersects = false;
  std::optional<double> depth, distance;
  const properties::Verdict* verdict = nullptr;  ///< set when ran
  bool judged = true;                            ///< held to the tolerance model
  bool contact_method = false;  ///< a contact manifold of ours: "no contact point" when apart
};

/// The FastSummary of a drawing's scene: case_drawing.cpp's Scene or case_drawing3.cpp's Scene3,
/// which both keep the fast answer (`fast`), its verdict, why it did not run, its names and
/// whether it is judged.
template <class Scene>
FastSummary fast_summary_of(const Scene& sc, bool contact_method) {
  FastSummary s;
  s.ran = sc.fast.has_value();
  s.why_not = sc.why_not;
  s.alg = sc.alg;
  s.prec = sc.prec;
  if (sc.fast) {
    s.intersects = sc.fast->intersects;
    s.depth = sc.fast->depth;
    s.distance = sc.fast->distance;
    s.verdict = &*sc.verdict;
  }
  s.judged = sc.judged;
  s.contact_method = contact_method;
  return s;
}

/// "fast manifold (double): intersects, depth 0.5; worst field depth error 0.1 u·S (allowed 8)
/// — within the tolerance model", or why it was not run or not judged.
std::string fast_line(const FastSummary& s);

/// The fast answer's vector in the difference's panel: normal × depth (the MTV) when
/// intersecting, normal × the first contact's depth when only contacts are given (depth <= 0: a
/// tiny vector, direction only); the closest point of A − B (point_a − point_b, or
/// −normal × distance) when not. `Answer` is the 2D or 3D fast answer (FastAnswer, FastAnswer3).
template <class Answer>
auto fast_vector_of(const Answer& fast) -> std::optional<std::decay_t<decltype(*fast.normal)>> {
  using Vec = std::decay_t<decltype(*fast.normal)>;
  auto scaled = [](double s, const Vec& v) {
    Vec out = v;
    for (double& c : out) c *= s;
    return out;
  };
  if (fast.intersects && fast.normal && fast.depth)
    return scaled(std::max(*fast.depth, 1e-300), *fast.normal);  // depth 0: direction only
  if (fast.intersects && fast.normal && fast.contacts && !fast.contacts->empty())
    return scaled(std::max((*fast.contacts)[0].depth, 1e-300), *fast.normal);
  if (!fast.intersects && fast.point_a && fast.point_b) {
    Vec out = *fast.point_a;
    for (std::size_t k = 0; k < out.size(); ++k) out[k] -= (*fast.point_b)[k];
    return out;
  }
  if (!fast.intersects && fast.normal && fast.distance)
    return scaled(-*fast.distance, *fast.normal);
  return std::nullopt;
}

}  // namespace minkowski::reports::drawing
