#pragma once
// reports/src/report_parts.hpp — shared pieces of the report's sections (private to reports/):
// cell keys, precision names, histogram counts, number formatting, a CSV table, and the Report that
// collects index.md and the files written. Each section is a function of its own, in
// report_summary_sections.cpp (from the campaign summary) or report_sample_sections.cpp (from
// the sample study).

#include <algorithm>
#include <compare>
#include <map>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "minkowski/properties/bounds.hpp"
#include "minkowski/reports/gnuplot.hpp"
#include "minkowski/reports/files.hpp"
#include "minkowski/reports/report_writer.hpp"

namespace minkowski::reports::detail {

using properties::Algorithm;
using properties::Histogram;
using properties::Precision;

// Values of 0 cannot sit on a log axis: plots draw them at this floor (u·S), and say so.
constexpr double kLogFloor = 1e-3;

// A cell's key split: "<algorithm>/<family>/<precision>" (2D) or "3d/<algorithm>/<family>/
// <precision>" (3D; properties::cell_key_of). `dim` is 2 or 3.
struct Key {
  std::string algorithm, family, precision;
  int dim = 2;
};

inline Key split_key(const std::string& key) {
  const bool three = key.rfind("3d/", 0) == 0;
  const std::string k = three ? key.substr(3) : key;
  const auto a = k.find('/'), b = k.rfind('/');
  if (a == std::string::npos || a == b) return {k, "", "", three ? 3 : 2};
  return {k.substr(0, a), k.substr(a + 1, b - a - 1), k.substr(b + 1), three ? 3 : 2};
}

// How the report names an algorithm of dimension `dim`: "gjk" in 2D, "3d/gjk" in 3D (the prefix
// of its cells' keys), so that rows of both dimensions read apart.
inline std::string algorithm_label(const std::string& algorithm, int dim) {
  return dim == 3 ? "3d/" + algorithm : algorithm;
}

// The order of the report's rows: by algorithm, the 3D algorithm beside its 2D twin (3D's
// "penetration" is GJK + EPA, 2D's "epa"), then by dimension.
inline std::string twin_order(const std::string& algorithm) {
  return algorithm == "penetration" ? "epa" : algorithm;
}

// The documented bounds of a cell's algorithm and precision (bounds_for in 2D, bounds3_for in
// 3D); nullopt for a subject that is not a fast algorithm (an engine's "exec").
inline std::optional<properties::Bounds> bounds_of(const std::string& algorithm, int dim,
                                                   const std::string& precision) {
  const Precision p = properties::precision_from_string(precision).value_or(Precision::double_);
  if (dim == 3) {
    const auto a = properties::algorithm3_from_string(algorithm);
    if (!a) return std::nullopt;
    return properties::bounds3_for(*a, p);
  }
  const auto a = properties::algorithm_from_string(algorithm);
  if (!a) return std::nullopt;
  return properties::bounds_for(*a, p);
}

// Whether an algorithm's answers are held to its bounds (2D's internal_vertices is not; every 3D
// algorithm is).
inline bool judged(const std::string& algorithm, int dim) {
  if (dim == 3) return properties::algorithm3_from_string(algorithm).has_value();
  const auto a = properties::algorithm_from_string(algorithm);
  return a && properties::is_judged(*a);
}

// The precision of a summary's cell key or a report row: one the campaign wrote, so always
// "float" or "double"; double for anything else.
inline Precision precision_from(const std::string& p) {
  return properties::precision_from_string(p).value_or(Precision::double_);
}

// Entries of `h` certainly above `limit`: bins whose lower edge exceeds it (a bin straddling the
// limit is not counted, so this is a lower bound with 1/8-octave resolution).
inline std::uint64_t count_above(const Histogram& h, double limit) {
  std::uint64_t n = 0;
  for (int k = 1; k < Histogram::kBins; ++k)
    if (Histogram::lower_edge(k) > limit) n += h.bins[k];
  return n;
}

// The value of `key` in map `m`, or `otherwise` when it has none.
template <class M, class K, class V>
V value_or(const M& m, const K& key, V otherwise) {
  const auto it = m.find(key);
  return it == m.end() ? otherwise : V(it->second);
}

// The worst error observed per (algorithm, field, precision) over every family's cell of a
// summary, with the family it was seen in (the first in key order on ties). Sections 1, 2 and 4
// all read it.
// Ordered by twin_order (a 3D algorithm beside its 2D twin), field, dimension, precision.
struct AlgorithmField {
  std::string order, field;
  int dim = 2;
  std::string precision, algorithm;
  auto operator<=>(const AlgorithmField&) const = default;
  std::string label() const { return algorithm_label(algorithm, dim) + "." + field; }
};
struct Worst {
  double max = 0;  ///< u·S
  std::string family;
  /// The allowance of the case that erred by `max` (Cell::max_error_allowed: k, tau and, in 3D,
  /// the fast shapes' weld shift), u·S; 0 when the summary does not keep it.
  double allowed_of_case = 0;
};
inline std::map<AlgorithmField, Worst> worst_errors(const properties::Summary& s) {
  std::map<AlgorithmField, Worst> w;
  for (const auto& [key, c] : s.cells) {
    const Key k = split_key(key);
    for (const auto& [field, m] : c.max_error) {
      Worst& o = w[{twin_order(k.algorithm), field, k.dim, k.precision, k.algorithm}];
      if (o.family.empty() || m > o.max)
        o = {m, k.family, value_or(c.max_error_allowed, field, 0.0)};
    }
  }
  return w;
}

inline std::string g(double v) { return fmt::format("{:.3g}", v); }
inline std::string pct(std::uint64_t n, std::uint64_t of) {
  return of ? fmt::format("{:.2f}%", 100.0 * n / of) : "–";
}

// A CSV table: header and rows; cells must not contain commas (checked).
class Csv {
 public:
  explicit Csv(std::vector<std::string> header) : cols_(header.size()) { add(std::move(header)); }
  void add(std::vector<std::string> row) {
    if (row.size() != cols_) throw std::logic_error("CSV row of the wrong width");
    for (const auto& c : row)
      if (c.find_first_of(",\n\"") != std::string::npos)
        throw std::logic_error("CSV cell with a comma: " + c);
    rows_.push_back(std::move(row));
  }
  std::size_t rows() const { return rows_.size() - 1; }  ///< without the header
  std::string str() const {
    std::string s;
    for (const auto& r : rows_) {
      for (std::size_t i = 0; i < r.size(); ++i) s += (i ? "," : "") + r[i];
      s += "\n";
    }
    return s;
  }

 private:
  std::size_t cols_;
  std::vector<std::vector<std::string>> rows_;
};

// The width in pixels of a plot with one x tic per row: 900 (the 2D plots' width) up to 25
// tics, then 36 px per tic, so that the rotated labels of a report of both dimensions stay legible.
inline int plot_width(std::size_t tics) {
  constexpr std::size_t kTicsAt900 = 25, kPixelsPerTic = 36;
  return static_cast<int>(std::max<std::size_t>(
      900, std::min(tics, std::size_t{200}) * kPixelsPerTic * (tics > kTicsAt900)));
}

class Report {
 public:
  explicit Report(const ReportInput& in) : in_(in) {}

  void file(const std::string& name, const std::string& content) {
    write_text_file(in_.out / name, content);
    out_.files.push_back(name);
  }
  void csv(const std::string& name, const Csv& c) { file(name, c.str()); }
  void plot(const std::string& name, const std::string& body, int w = 900, int h = 480) {
    if (!in_.plots) return;
    run_gnuplot(in_.out, name, body, w, h);
    out_.files.push_back(name + ".svg");
    md_ << fmt::format("\n![{0}]({0}.svg)\n", name);
  }
  std::ostringstream& md() { return md_; }
  const ReportInput& in() const { return in_; }
  ReportOutcome& outcome() { return out_; }

 private:
  const ReportInput& in_;
  ReportOutcome out_;
  std::ostringstream md_;
};

void section_errors(Report& r);
void section_bounds(Report& r);
void section_float_double(Report& r);
void section_reference(Report& r);
void section_reference3(Report& r);
void section_coverage(Report& r);
void section_engines(Report& r);
void section_sweep(Report& r, const SampleStudy& st);
void section_contacts(Report& r, const SampleStudy& st);
void section_timing(Report& r, const SampleStudy& st);
void section_timing3(Report& r, const SampleStudy& st);
void section_worst(Report& r, const SampleStudy& st);

}  // namespace minkowski::reports::detail
