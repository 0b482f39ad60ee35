#include "drawing_parts.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace minkowski::reports::drawing {

Frame frame_centered(double cx, double cy, double span, double left, double top, double size) {
  Frame f;
  f.left = left;
  f.top = top;
  f.size = size;
  f.cx = cx;
  f.cy = cy;
  if (!(span > 0)) span = std::max({std::fabs(cx), std::fabs(cy), 1.0}) * 1e-3;  // a single point
  f.span = span;
  f.scale = size / span;
  return f;
}

Frame frame_for(const std::vector<std::pair<V, double>>& pts, double left, double top,
                double size) {
  double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;
  for (const auto& [p, r] : pts) {
    x0 = std::min(x0, p.x - r), x1 = std::max(x1, p.x + r);
    y0 = std::min(y0, p.y - r), y1 = std::max(y1, p.y + r);
  }
  return frame_centered((x0 + x1) / 2, (y0 + y1) / 2, std::max(x1 - x0, y1 - y0) * 1.2, left, top,
                        size);
}

double tick_step(double span) {
  const double raw = span / 5, p = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * p >= raw) return m * p;
  return 10 * p;
}

bool ticks_are_offsets(const Frame& f) {
  return std::max(std::fabs(f.cx), std::fabs(f.cy)) > 1e3 * f.span;
}

void draw_origin(SvgWriter& w, SvgPoint o, double label_dx, double label_dy) {
  w.begin_group("origin", "the origin: A and B intersect iff it lies in A − B");
  w.circle(o, 5, {"black", 1.5, "white"});
  w.line({o.x - 9, o.y}, {o.x + 9, o.y}, {"black", 1.2});
  w.line({o.x, o.y - 9}, {o.x, o.y + 9}, {"black", 1.2});
  w.text({o.x + label_dx, o.y + label_dy}, "origin", 11);
  w.end_group();
}

void draw_axes(SvgWriter& w, const Frame& f, const std::string& caption, const std::string& h,
               const std::string& v, bool short_offsets) {
  SvgStyle frame{"#555555", 1};
  w.begin_group("axes");
  w.rect({f.left, f.top}, f.size, f.size, frame);
  const double step = tick_step(f.span), half = f.span / 2;
  // Tick labels are coordinates, or offsets from the panel centre when the span is too small
  // against the centre's magnitude for 4 significant digits to tell ticks apart.
  const bool offset = ticks_are_offsets(f);
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
        w.line({p.x, f.top}, {p.x, f.top + f.size}, grid);
        w.line({p.x, f.top + f.size}, {p.x, f.top + f.size + 5}, tick);
        w.text({p.x, f.top + f.size + 18}, fmt::format("{:.4g}", t - ox), 11, "middle");
      } else {
        const SvgPoint p = f.px({f.cx, t});
        w.line({f.left, p.y}, {f.left + f.size, p.y}, grid);
        w.line({f.left - 5, p.y}, {f.left, p.y}, tick);
        w.text({f.left - 8, p.y + 4}, fmt::format("{:.4g}", t - oy), 11, "end");
      }
    }
  }
  const std::string xl = !offset         ? h + " (world units)"
                         : short_offsets ? fmt::format("{0} − {0}₀ (world units)", h)
                                         : fmt::format("{} − {:.17g} (world units)", h, ox);
  const std::string yl = !offset         ? v
                         : short_offsets ? fmt::format("{0} − {0}₀", v)
                                         : fmt::format("{} − {:.17g}", v, oy);
  w.text({f.left + f.size / 2, f.top + f.size + 36}, xl, 12, "middle");
  w.text({f.left - 8, f.top - 6}, yl, 12, "end");
  w.text({f.left + f.size / 2, f.top - 10}, caption, 14, "middle");
  w.end_group();
}

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

void draw_outline(SvgWriter& w, const Frame& f, const std::vector<V>& hull, double r,
                  const std::string& color) {
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
}

void draw_shape(SvgWriter& w, const Frame& f, const std::vector<V>& hull, double r,
                const std::string& color, const std::string& cls, const std::string& title) {
  w.begin_group(cls, title);
  draw_outline(w, f, hull, r, color);
  if (r > 0 && hull.size() >= 2) {  // the core, dashed
    std::vector<SvgPoint> core;
    for (V p : hull) core.push_back(f.px(p));
    w.polygon(core, {color, 1, "none", 1, "4 3"});
  }
  w.end_group();
}

void arrow(SvgWriter& w, const Frame& f, V from, V v, const std::string& color,
           const std::string& marker, const std::string& cls, const std::string& dash) {
  const SvgPoint a = f.px(from);
  SvgPoint b = f.px(from + v);
  const double len = std::hypot(b.x - a.x, b.y - a.y), nv = norm(v);
  if (!(nv > 0)) return;
  if (len < kMinArrowPx) b = {a.x + v.x / nv * kShortArrowPx, a.y - v.y / nv * kShortArrowPx};
  w.line(a, b, {color, 2.2, "none", 1, dash, marker}, cls);
}

double draw_legend(SvgWriter& w, const std::vector<LegendItem>& items, double top, double width,
                   const std::string& footnote) {
  constexpr double kRow = 26;       // pixels per row of items
  constexpr double kFootLine = 15;  // pixels per footnote line
  const double rows = static_cast<double>((items.size() + 2) / 3);
  const double column = (width - 40) / 3;
  std::vector<std::string> notes;
  for (std::size_t from = 0;;) {  // bounded: each pass consumes one '\n' or ends
    const std::size_t at = footnote.find('\n', from);
    notes.push_back(footnote.substr(from, at == std::string::npos ? at : at - from));
    if (at == std::string::npos) break;
    from = at + 1;
  }
  const double height = rows * kRow + 38 + static_cast<double>(notes.size() - 1) * kFootLine;
  w.begin_group("legend", "legend");
  w.rect({20, top - 20}, width - 40, height, {"#999999", 1, "white"});
  for (std::size_t i = 0; i < items.size(); ++i) {
    const double x = 35 + static_cast<double>(i % 3) * column,
                 y = top + static_cast<double>(i / 3) * kRow;
    const LegendItem& it = items[i];
    if (it.kind == "fill")
      w.rect({x, y - 10}, 22, 14, {it.color, 1.5, it.color, 0.3});
    else if (it.kind == "dot")
      w.circle({x + 11, y - 3}, 4.5, {it.color, 1, it.color});
    else if (it.kind == "square")
      w.rect({x + 6, y - 8}, 10, 10, {it.color, 1.8});
    else if (it.kind == "cross") {
      w.line({x + 5, y - 9}, {x + 17, y + 3}, {it.color, 2.5});
      w.line({x + 5, y + 3}, {x + 17, y - 9}, {it.color, 2.5});
    } else if (it.kind == "line" || it.kind == "dashline") {
      w.line({x, y - 3}, {x + 24, y - 3},
             {it.color, 1.4, "none", 1, it.kind == "dashline" ? "4 3" : ""});
    } else {
      w.line({x, y - 3}, {x + 24, y - 3},
             {it.color, 2.2, "none", 1, it.kind == "dasharrow" ? "6 3" : "",
              it.kind == "dasharrow" ? "head-fast" : "head-exact"});
    }
    w.text({x + 30, y + 1}, it.label, 11.5);
  }
  for (std::size_t k = 0; k < notes.size(); ++k)
    w.text({35, top + rows * kRow + 4 + static_cast<double>(k) * kFootLine}, notes[k], 11, "start",
           "", "#444444");
  w.end_group();
  return top - 20 + height;
}

std::string fast_line(const FastSummary& s) {
  if (!s.ran) return fmt::format("fast {} ({}): not run — {}", s.alg, s.prec, s.why_not);
  const properties::FieldVerdict* worst = nullptr;
  for (const auto& fv : s.verdict->fields)
    if (fv.field != properties::Field::relation &&
        (!worst ||
         fv.error / std::max(fv.allowed, 1e-300) > worst->error / std::max(worst->allowed, 1e-300)))
      worst = &fv;
  std::string mag;
  if (s.depth)
    mag = fmt::format(", depth {:.6g}", *s.depth);
  else if (s.distance)
    mag = fmt::format(", distance {:.6g}", *s.distance);
  const std::string says = s.intersects       ? "intersects"
                           : s.contact_method ? "no contact point"
                                              : "apart";
  std::string line = fmt::format("fast {} ({}): {}{}", s.alg, s.prec, says, mag);
  if (worst && s.judged)
    line += fmt::format("; worst field {} error {:.3g} u·S (allowed {:.3g})",
                        properties::to_string(worst->field), worst->error, worst->allowed);
  else if (worst)
    line += fmt::format("; worst field {} error {:.3g} u·S", properties::to_string(worst->field),
                        worst->error);
  if (!s.judged)
    line += " — not held to the tolerance model (kept to show where it fails)";
  else if (!s.verdict->asserted)
    line +=
        " — not held to the tolerance model: the case is below the precision's smallest judged "
        "scale";
  else
    line += s.verdict->ok ? " — within the tolerance model" : " — VIOLATES the tolerance model";
  return line;
}

}  // namespace minkowski::reports::drawing
