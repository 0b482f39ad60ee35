#include "minkowski/reports/svg_writer.hpp"

#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

namespace minkowski::reports {

SvgWriter::SvgWriter(double width, double height) : width_(width), height_(height) {}

std::string SvgWriter::num(double v) {
  if (!std::isfinite(v)) throw std::invalid_argument("SVG coordinate is not finite");
  return fmt::format("{:.2f}", v);
}

std::string SvgWriter::escape(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string SvgWriter::attrs(const SvgStyle& s, const std::string& cls) {
  std::string a;
  if (!cls.empty()) a += fmt::format(" class=\"{}\"", escape(cls));
  a += fmt::format(" stroke=\"{}\" stroke-width=\"{}\" fill=\"{}\"", s.stroke, num(s.stroke_width),
                   s.fill);
  if (s.fill != "none" && s.fill_opacity < 1)
    a += fmt::format(" fill-opacity=\"{}\"", num(s.fill_opacity));
  if (!s.dash.empty()) a += fmt::format(" stroke-dasharray=\"{}\"", s.dash);
  if (!s.marker_end.empty()) a += fmt::format(" marker-end=\"url(#{})\"", s.marker_end);
  return a;
}

void SvgWriter::arrow_marker(const std::string& id, const std::string& color) {
  defs_ << fmt::format(
      "<marker id=\"{}\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"4.5\" "
      "markerHeight=\"4.5\" "
      "orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"{}\"/></marker>\n",
      escape(id), color);
}

void SvgWriter::clip_rect(const std::string& id, SvgPoint at, double w, double h) {
  defs_ << fmt::format(
      "<clipPath id=\"{}\"><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/></clipPath>\n",
      escape(id), num(at.x), num(at.y), num(w), num(h));
}

void SvgWriter::begin_group(const std::string& cls, const std::string& title,
                            const std::string& clip) {
  body_ << fmt::format("<g class=\"{}\"", escape(cls));
  if (!clip.empty()) body_ << fmt::format(" clip-path=\"url(#{})\"", escape(clip));
  body_ << ">";
  if (!title.empty()) body_ << "<title>" << escape(title) << "</title>";
  body_ << "\n";
  ++open_groups_;
}

void SvgWriter::end_group() {
  if (open_groups_ == 0) throw std::logic_error("SvgWriter: end_group without begin_group");
  body_ << "</g>\n";
  --open_groups_;
}

void SvgWriter::polygon(const std::vector<SvgPoint>& pts, const SvgStyle& s,
                        const std::string& cls) {
  std::string p;
  for (const SvgPoint& q : pts) p += num(q.x) + "," + num(q.y) + " ";
  body_ << fmt::format("<polygon points=\"{}\"{}/>\n", p, attrs(s, cls));
}

void SvgWriter::path(const std::string& d, const SvgStyle& s, const std::string& cls) {
  body_ << fmt::format("<path d=\"{}\"{}/>\n", d, attrs(s, cls));
}

void SvgWriter::circle(SvgPoint c, double r, const SvgStyle& s, const std::string& cls) {
  body_ << fmt::format("<circle cx=\"{}\" cy=\"{}\" r=\"{}\"{}/>\n", num(c.x), num(c.y), num(r),
                       attrs(s, cls));
}

void SvgWriter::line(SvgPoint a, SvgPoint b, const SvgStyle& s, const std::string& cls) {
  body_ << fmt::format("<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"{}/>\n", num(a.x), num(a.y),
                       num(b.x), num(b.y), attrs(s, cls));
}

void SvgWriter::rect(SvgPoint at, double w, double h, const SvgStyle& s, const std::string& cls) {
  body_ << fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"{}/>\n", num(at.x),
                       num(at.y), num(w), num(h), attrs(s, cls));
}

void SvgWriter::text(SvgPoint at, const std::string& str, double size, const std::string& anchor,
                     const std::string& cls, const std::string& color) {
  body_ << fmt::format(
      "<text x=\"{}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"{}\" text-anchor=\"{}\" "
      "fill=\"{}\"{}>{}</text>\n",
      num(at.x), num(at.y), num(size), anchor, color,
      cls.empty() ? "" : " class=\"" + escape(cls) + "\"", escape(str));
}

std::string SvgWriter::str() const {
  if (open_groups_ != 0) throw std::logic_error("SvgWriter: unclosed group");
  return fmt::format(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} "
      "{1}\">\n"
      "<defs>\n{2}</defs>\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n{3}</svg>\n",
      num(width_), num(height_), defs_.str(), body_.str());
}

}  // namespace minkowski::reports
