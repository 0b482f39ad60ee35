#pragma once
// minkowski/reports/svg_writer.hpp — a small writer of SVG 1.1 documents for case drawings.
//
// Coordinates given to the writer are in drawing units (pixels); the caller maps world
// coordinates to them (case_drawing.cpp). Text is XML-escaped; numbers are written with 2 decimals
// (a drawing, not data). Every element may carry a `class` naming what it shows, which is how
// the tests find "the Minkowski difference" or "the origin" in a drawing.

#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace minkowski::reports {

struct SvgPoint {
  double x = 0, y = 0;
};

/// Presentation attributes of one element; empty strings are left out.
struct SvgStyle {
  SvgStyle(std::string stroke_ = "black", double stroke_width_ = 1, std::string fill_ = "none",
           double fill_opacity_ = 1, std::string dash_ = "", std::string marker_end_ = "")
      : stroke(std::move(stroke_)),
        stroke_width(stroke_width_),
        fill(std::move(fill_)),
        fill_opacity(fill_opacity_),
        dash(std::move(dash_)),
        marker_end(std::move(marker_end_)) {}
  std::string stroke;
  double stroke_width;
  std::string fill;
  double fill_opacity;
  std::string dash;        ///< stroke-dasharray, e.g. "4 3"
  std::string marker_end;  ///< id of a marker defined with arrow_marker()
};

class SvgWriter {
 public:
  SvgWriter(double width, double height);
  /// Defines an arrow head marker `id` in `color` (use it as SvgStyle::marker_end).
  void arrow_marker(const std::string& id, const std::string& color);
  /// Defines a clip path `id`: the rectangle at `at` of size w × h (use it in begin_group).
  void clip_rect(const std::string& id, SvgPoint at, double w, double h);
  /// Opens a group of class `cls` with a <title>; `clip`, when not empty, is the id of a clip path
  /// defined with clip_rect(): nothing drawn in the group shows outside it.
  void begin_group(const std::string& cls, const std::string& title = "",
                   const std::string& clip = "");
  void end_group();
  void polygon(const std::vector<SvgPoint>& pts, const SvgStyle& s, const std::string& cls = "");
  /// A path in SVG path syntax (built by the caller, e.g. with arcs for rounded shapes).
  void path(const std::string& d, const SvgStyle& s, const std::string& cls = "");
  void circle(SvgPoint c, double r, const SvgStyle& s, const std::string& cls = "");
  void line(SvgPoint a, SvgPoint b, const SvgStyle& s, const std::string& cls = "");
  /// anchor: "start", "middle" or "end".
  void text(SvgPoint at, const std::string& str, double size = 12,
            const std::string& anchor = "start", const std::string& cls = "",
            const std::string& color = "black");
  void rect(SvgPoint at, double w, double h, const SvgStyle& s, const std::string& cls = "");
  /// The finished document.
  std::string str() const;

  static std::string num(double v);
  static std::string escape(const std::string& s);

 private:
  static std::string attrs(const SvgStyle& s, const std::string& cls);
  double width_, height_;
  std::ostringstream defs_, body_;
  int open_groups_ = 0;
};

}  // namespace minkowski::reports
