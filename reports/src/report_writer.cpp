#include "minkowski/reports/report_writer.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <thread>

#include <fmt/format.h>

#include "minkowski/fast/tolerances.hpp"
#include "minkowski/reports/case_drawing.hpp"
#include "minkowski/reports/files.hpp"
#include "minkowski/reports/gnuplot.hpp"

namespace minkowski::reports {
namespace {

using properties::Algorithm;
using properties::Histogram;
using properties::Precision;

// Values of 0 cannot sit on a log axis: plots draw them at this floor (u·S), and say so.
constexpr double kLogFloor = 1e-3;

struct Key {
  std::string algorithm, family, precision;
};

Key split_key(const std::string& k) {
  const auto a = k.find('/'), b = k.rfind('/');
  if (a == std::string::npos || a == b) return {k, "", ""};
  return {k.substr(0, a), k.substr(a + 1, b - a - 1), k.substr(b + 1)};
}

Precision precision_from(const std::string& p) { return p == "float" ? Precision::single : Precision::double_; }

// k of `field` in `b` (u·S); 0 when the algorithm has no bound for it.
double k_of(const properties::Bounds& b, const std::string& field) {
  if (field == "relation") return b.k_relation;
  if (field == "distance") return b.k_distance;
  if (field == "depth" || field == "contact_depth") return b.k_depth;  // judge.cpp: contact depths use k_depth
  if (field == "normal") return b.k_normal;
  if (field == "witness") return b.k_witness;
  if (field == "contacts") return b.k_contact;
  return 0;
}

// Lower edge of histogram bin k (u·S); bin 0 holds exact zeros.
double bin_lower(int k) { return k == 0 ? 0 : std::exp2((k - 1.0) / Histogram::kBinsPerOctave + Histogram::kMinExp); }

// Entries of `h` certainly above `limit`: bins whose lower edge exceeds it (a bin straddling the
// limit is not counted, so this is a lower bound with 1/8-octave resolution).
std::uint64_t count_above(const Histogram& h, double limit) {
  std::uint64_t n = 0;
  for (int k = 1; k < Histogram::kBins; ++k)
    if (bin_lower(k) > limit) n += h.bins[k];
  return n;
}

std::string g(double v) { return fmt::format("{:.3g}", v); }
std::string pct(std::uint64_t n, std::uint64_t of) { return of ? fmt::format("{:.2f}%", 100.0 * n / of) : "–"; }

// A CSV table: header and rows; cells must not contain commas (checked).
class Csv {
 public:
  explicit Csv(std::vector<std::string> header) : cols_(header.size()) { add(std::move(header)); }
  void add(std::vector<std::string> row) {
    if (row.size() != cols_) throw std::logic_error("CSV row of the wrong width");
    for (const auto& c : row)
      if (c.find_first_of(",\n\"") != std::string::npos) throw std::logic_error("CSV cell with a comma: " + c);
    rows_.push_back(std::move(row));
  }
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

// ---- 1. errors against the exact answer -----------------------------------------------------

void section_errors(Report& r) {
  const cli::Summary& s = r.in().summary;
  auto& md = r.md();
  md << "\n## 1. Errors against the exact answer\n\n"
        "The plots show, per algorithm and field, how far the fast answers are from the exact ones over all "
        "families: the median, 99th and 99.9th percentile and the maximum, in units of u·S (u the unit "
        "roundoff of the type, S the largest coordinate of the case).\n\n"
        "Percentiles come from the campaign's log-scale histograms (1/8 octave) and are bin upper edges, at "
        "most 9% above the value. Zeros are drawn on the bottom line of the log axis. Per family: `errors.csv`.\n";
  Csv all({"algorithm", "family", "precision", "field", "cases", "skipped", "violations", "relation_disagreements",
           "count", "p50", "p99", "p999", "max"});
  std::map<std::pair<std::string, std::string>, std::map<std::string, std::pair<Histogram, double>>> agg;  // (prec, alg) -> field
  for (const auto& [key, c] : s.cells) {
    const Key k = split_key(key);
    for (const auto& [field, h] : c.hist) {
      const double mx = c.max_error.count(field) ? c.max_error.at(field) : 0;
      all.add({k.algorithm, k.family, k.precision, field, std::to_string(c.cases), std::to_string(c.skipped),
               std::to_string(c.violations), std::to_string(c.relation_disagreements), std::to_string(h.count),
               g(h.percentile(0.5)), g(h.percentile(0.99)), g(h.percentile(0.999)), g(mx)});
      auto& [hist, m] = agg[{k.precision, k.algorithm}][field];
      hist += h;
      m = std::max(m, mx);
    }
  }
  r.csv("errors.csv", all);
  for (const std::string prec : {"double", "float"}) {
    md << fmt::format("\n**{}**\n\n| algorithm.field | answers | p50 | p99 | p99.9 | max (u·S) |\n|---|---|---|---|---|---|\n",
                      prec);
    Csv byf({"field", "p50", "p99", "p999", "max"});
    for (const auto& [pa, fields] : agg) {
      if (pa.first != prec) continue;
      for (const auto& [field, hm] : fields) {
        const std::string label = pa.second + "." + field;
        const Histogram& h = hm.first;
        byf.add({label, g(h.percentile(0.5)), g(h.percentile(0.99)), g(h.percentile(0.999)), g(hm.second)});
        md << fmt::format("| {} | {} | {} | {} | {} | {} |\n", label, h.count, g(h.percentile(0.5)),
                          g(h.percentile(0.99)), g(h.percentile(0.999)), g(hm.second));
      }
    }
    const std::string data = "errors_by_field_" + prec + ".csv";
    r.csv(data, byf);
    r.plot("errors_" + prec,
           fmt::format("set title 'Error against the exact answer, {0}, all families'\n"
                       "set logscale y\nset format y '10^{{%L}}'\nset yrange [{1}:*]\n"
                       "set ylabel 'error (u·S; 0 drawn at {1})'\nset xlabel 'algorithm.field'\n"
                       "set xtics rotate by -40 noenhanced\nset bmargin 10\n"
                       "f(x) = x > {1} ? x : {1}\n"
                       "plot '{2}' skip 1 using 0:(f($2)):xtic(1) w p pt 7 ps 0.9 t 'p50', \\\n"
                       " '' skip 1 using 0:(f($3)) w p pt 5 ps 0.9 t 'p99', \\\n"
                       " '' skip 1 using 0:(f($4)) w p pt 9 ps 1.1 t 'p99.9', \\\n"
                       " '' skip 1 using 0:(f($5)) w p pt 3 ps 1.3 lw 2 t 'max'\n",
                       prec, kLogFloor, data),
           900, 540);
  }
  // Relation disagreements, inside and outside the band.
  md << "\n**Relation disagreements** (fast and exact relation differ). The tolerance model allows them "
        "inside the band |exact signed distance| ≤ k·u·S; *outside* counts those certainly beyond it "
        "(histogram bins wholly above k).\n\n"
        "| algorithm | family | double: disagree / outside band | float: disagree / outside band |\n|---|---|---|---|\n";
  std::map<std::pair<std::string, std::string>, std::map<std::string, std::string>> rel;
  for (const auto& [key, c] : s.cells) {
    const Key k = split_key(key);
    const auto alg = properties::algorithm_from_string(k.algorithm);
    std::uint64_t outside = 0;
    if (alg && c.hist.count("relation"))
      outside = count_above(c.hist.at("relation"), properties::bounds_for(*alg, precision_from(k.precision)).k_relation);
    rel[{k.algorithm, k.family}][k.precision] =
        fmt::format("{} / {} (of {})", c.relation_disagreements, outside, c.cases - c.skipped);
  }
  for (const auto& [af, byp] : rel)
    md << fmt::format("| {} | {} | {} | {} |\n", af.first, af.second, byp.count("double") ? byp.at("double") : "–",
                      byp.count("float") ? byp.at("float") : "–");
}

// ---- 2. observed constants next to the documented bounds ----------------------------------------

void section_bounds(Report& r) {
  const cli::Summary& s = r.in().summary;
  auto& md = r.md();
  md << "\n## 2. Observed constants next to the documented bounds\n\n"
        "The plot shows, for every field the tolerance model bounds, the worst error this campaign observed "
        "divided by what the model allows, k + tau (properties/src/bounds.cpp): below 1 holds, the gap to 1 is "
        "the margin.\n\n";
  struct Obs { double max = 0; std::string family; };
  std::map<std::tuple<std::string, std::string, std::string>, Obs> obs;  // (alg, field, prec)
  for (const auto& [key, c] : s.cells) {
    const Key k = split_key(key);
    const auto alg = properties::algorithm_from_string(k.algorithm);
    if (!alg || !properties::is_judged(*alg)) continue;
    for (const auto& [field, m] : c.max_error) {
      Obs& o = obs[{k.algorithm, field, k.precision}];
      if (o.family.empty() || m > o.max) o = {m, k.family};
    }
  }
  Csv csv({"algorithm", "precision", "field", "observed_max", "family_of_max", "k", "allowed", "observed_over_allowed",
           "margin"});
  std::map<std::string, std::map<std::string, double>> ratio;  // label -> prec -> observed/k
  md << "| algorithm | precision | field | observed max (u·S) | family | k (u·S) | allowed: k + tau (u·S) | observed / allowed | "
        "margin allowed / observed |\n|---|---|---|---|---|---|---|---|---|\n";
  for (const auto& [t, o] : obs) {
    const auto& [alg, field, prec] = t;
    const properties::Bounds b = properties::bounds_for(*properties::algorithm_from_string(alg), precision_from(prec));
    const double k = k_of(b, field);
    if (!(k > 0)) continue;
    // judge.cpp adds tau + tau_relative·S to every field; tau (absolute) is 0 for every algorithm.
    const double allowed = k + b.tau_relative / b.u;
    const double q = o.max / allowed;
    ratio[alg + "." + field][prec] = q;
    const std::string margin = o.max > 0 ? g(allowed / o.max) : "∞";
    csv.add({alg, prec, field, g(o.max), o.family, g(k), g(allowed), g(q), margin});
    md << fmt::format("| {} | {} | {} | {} | {} | {} | {} | {} | {} |\n", alg, prec, field, g(o.max), o.family, g(k),
                      g(allowed), g(q), margin);
  }
  r.csv("bounds.csv", csv);
  md << fmt::format(
      "\nThe manifold's fields are also allowed tau = 3 × kReferenceFaceRelativeTolerance × S = {} × S on top of "
      "k: its reference-face preference may keep a face whose depth exceeds the minimum by that much (Box2D's "
      "coherence rule), which is {} u·S in double and {} u·S in float. A campaign smaller than the one that set the "
      "bounds (170,000 cases per family) sees smaller maxima, so margins here are larger than the bounds' own.\n",
      g(3 * fast::kReferenceFaceRelativeTolerance), g(3 * fast::kReferenceFaceRelativeTolerance / 0x1p-53),
      g(3 * fast::kReferenceFaceRelativeTolerance / 0x1p-24));
  Csv data({"field", "double", "float"});
  for (const auto& [label, byp] : ratio)
    data.add({label, g(byp.count("double") ? byp.at("double") : 0), g(byp.count("float") ? byp.at("float") : 0)});
  r.csv("bounds_plot.csv", data);
  r.plot("bounds",
         "set title 'Worst observed error / allowed error k + tau (below 1: holds)'\n"
         "set style data histograms\nset style histogram clustered gap 1\nset style fill solid 0.75 border -1\n"
         "set yrange [0:1.3]\nset ylabel 'observed max / (k + tau)'\nset xlabel 'algorithm.field'\n"
         "set xtics rotate by -40 noenhanced\nset bmargin 10\n"
         "set arrow from graph 0, first 1 to graph 1, first 1 nohead lc rgb '#d62728' dt 2 lw 2\n"
         "plot 'bounds_plot.csv' skip 1 using 2:xtic(1) t 'double' lc rgb '#1f77b4', '' skip 1 using 3 t 'float' lc rgb '#e6730b'\n");
}

// ---- 3. tolerance sweep ------------------------------------------------------------------------

void section_sweep(Report& r, const SampleStudy& st) {
  auto& md = r.md();
  md << fmt::format(
      "\n## 3. Tolerance sweep\n\n"
      "The plots show how the error of the field a tolerance controls (left axis, u·S) and the share of cases "
      "violating the documented bounds (right axis) move as the tolerance goes from 1e-16 to 1e-1, on a fixed "
      "sample of {} campaign cases ({} per family, seed {}).\n\n"
      "GJK's setting is its termination gap relative to the distance (`GjkOptions::gap_ulps` × u); EPA's is its "
      "termination tolerance relative to the shapes' scale (`EpaOptions::relative_tolerance`, tau / S). Vertical "
      "dotted lines mark the defaults (4u for GJK, 32u for EPA; u differs between float and double). Violations "
      "are judged against the default bounds, so a setting whose error the bounds do not cover shows as "
      "violations: that is the price of the setting.\n\n"
      "Not swept: the SAT parallel-axis epsilon (`kSatParallelAxisUlps`) and the clipping tolerances "
      "(`kReferenceFaceRelativeTolerance`, `kSatGapErrorUlps`) are constants inside `fast/sat.hpp` and "
      "`fast/manifold.hpp` with no options parameter yet.\n",
      st.cases, r.in().sample.per_family, r.in().sample.seed);
  Csv csv({"tolerance", "precision", "field", "setting", "is_default", "judged", "failures", "failure_rate",
           "max_error", "p99_error", "mean_iterations"});
  for (const SweepPoint& p : st.sweep)
    csv.add({p.tolerance, p.precision, p.field, fmt::format("{:.6g}", p.setting), p.is_default ? "1" : "0",
             std::to_string(p.judged), std::to_string(p.failures),
             g(p.judged ? double(p.failures) / p.judged : 0), g(p.max_error), g(p.p99_error), g(p.mean_iterations)});
  r.csv("sweep.csv", csv);
  for (const std::string tol : {"gjk_gap", "epa_tolerance"}) {
    md << fmt::format("\n| {} setting | precision | max error (u·S) | p99 | violations | mean iterations |\n"
                      "|---|---|---|---|---|---|\n", tol);
    std::string defaults;
    for (const std::string prec : {"double", "float"}) {
      Csv d({"setting", "max_error", "p99_error", "failure_percent", "mean_iterations"});
      for (const SweepPoint& p : st.sweep) {
        if (p.tolerance != tol || p.precision != prec) continue;
        d.add({fmt::format("{:.6g}", p.setting), g(p.max_error), g(p.p99_error),
               g(p.judged ? 100.0 * p.failures / p.judged : 0), g(p.mean_iterations)});
        md << fmt::format("| {:.3g}{} | {} | {} | {} | {} | {} |\n", p.setting, p.is_default ? " (default)" : "", prec,
                          g(p.max_error), g(p.p99_error), pct(p.failures, p.judged), g(p.mean_iterations));
        if (p.is_default)
          defaults += fmt::format("set arrow from {0}, graph 0 to {0}, graph 1 nohead dt 3 lc rgb '{1}'\n", p.setting,
                                  prec == "double" ? "#1f77b4" : "#e6730b");
      }
      r.csv(fmt::format("sweep_{}_{}.csv", tol, prec), d);
    }
    const bool gjk = tol == "gjk_gap";
    r.plot("sweep_" + tol,
           fmt::format("set title '{0}: error and violations as the setting moves ({1} cases)'\n"
                       "set logscale x\nset format x '10^{{%L}}'\nset logscale y\nset format y '10^{{%L}}'\n"
                       "set xlabel '{2}'\nset ylabel '{3} error (u·S; 0 drawn at {4})'\n"
                       "set y2label 'cases violating the bounds (%)'\nset y2range [0:100]\nset y2tics\nset ytics nomirror\n"
                       "{5}f(x) = x > {4} ? x : {4}\n"
                       "plot 'sweep_{6}_double.csv' skip 1 using 1:(f($2)) w lp pt 7 lc rgb '#1f77b4' t 'max error, double', \\\n"
                       " 'sweep_{6}_float.csv' skip 1 using 1:(f($2)) w lp pt 5 lc rgb '#e6730b' t 'max error, float', \\\n"
                       " 'sweep_{6}_double.csv' skip 1 using 1:4 axes x1y2 w l dt 2 lw 2 lc rgb '#1f77b4' t 'violations, double', \\\n"
                       " 'sweep_{6}_float.csv' skip 1 using 1:4 axes x1y2 w l dt 2 lw 2 lc rgb '#e6730b' t 'violations, float'\n",
                       gjk ? "GJK termination gap" : "EPA termination tolerance", st.cases,
                       gjk ? "GJK gap / distance (log scale)" : "EPA tolerance tau / S (log scale)",
                       gjk ? "distance" : "depth", kLogFloor, defaults, tol),
           900, 500);
  }
}

// ---- 4. float against double -------------------------------------------------------------------

void section_float_double(Report& r) {
  const cli::Summary& s = r.in().summary;
  auto& md = r.md();
  md << "\n## 4. Float against double\n\n"
        "The plot shows the worst error of each field relative to the case's scale (error / S, i.e. the u·S "
        "figure times u) for float and double on the same campaign cases: what the 29 bits double adds.\n\n"
        "Both precisions answer every case of the campaign; float skips cases it cannot represent (coordinates "
        "beyond `max_coordinate<float>()`), counted in `errors.csv`.\n\n"
        "| algorithm.field | double max (u·S) | float max (u·S) | double max / S | float max / S |\n|---|---|---|---|---|\n";
  std::map<std::string, std::map<std::string, double>> mx;
  for (const auto& [key, c] : s.cells) {
    const Key k = split_key(key);
    for (const auto& [field, m] : c.max_error) {
      double& v = mx[k.algorithm + "." + field][k.precision];
      v = std::max(v, m);
    }
  }
  Csv csv({"field", "double_max", "float_max", "double_max_over_S", "float_max_over_S"});
  for (const auto& [label, byp] : mx) {
    const double d = byp.count("double") ? byp.at("double") : 0, f = byp.count("float") ? byp.at("float") : 0;
    const double dr = d * 0x1p-53, fr = f * 0x1p-24;
    csv.add({label, g(d), g(f), g(dr), g(fr)});
    md << fmt::format("| {} | {} | {} | {} | {} |\n", label, g(d), g(f), g(dr), g(fr));
  }
  r.csv("float_vs_double.csv", csv);
  r.plot("float_vs_double",
         "set title 'Worst error relative to the case scale S, float and double'\n"
         "set style data histograms\nset style histogram clustered gap 1\nset style fill solid 0.75 border -1\n"
         "set logscale y\nset format y '10^{%L}'\nset yrange [1e-20:1]\nset ylabel 'worst error / S'\n"
         "set xlabel 'algorithm.field'\nset xtics rotate by -40 noenhanced\nset bmargin 10\n"
         "f(x) = x > 1e-20 ? x : 1e-20\n"
         "plot 'float_vs_double.csv' skip 1 using (f($4)):xtic(1) t 'double' lc rgb '#1f77b4', '' skip 1 using (f($5)) t 'float' lc rgb '#e6730b'\n");
}

// ---- 5. contact points --------------------------------------------------------------------------

void section_contacts(Report& r, const SampleStudy& st) {
  const cli::Summary& s = r.in().summary;
  auto& md = r.md();
  md << "\n## 5. Contact points: clipping against closest internal vertices\n\n"
        "The drawings show one overlapping case answered by clipping (`contact_manifold`) and by closest internal "
        "vertices; the table counts, on the sample's overlapping cases, how often each method finds no point, puts "
        "a point off the surfaces (judged with the manifold's bounds), or gives one depth to two points whose "
        "clipped depths differ.\n\n"
        "| method | precision | overlapping cases | no point | contact off the surfaces | one depth for two points | points |\n"
        "|---|---|---|---|---|---|---|\n";
  Csv csv({"method", "precision", "overlapping", "no_points", "off_surface", "single_depth", "points"});
  for (const ContactRow& c : st.contacts) {
    csv.add({c.method, c.precision, std::to_string(c.overlapping), std::to_string(c.no_points),
             std::to_string(c.off_surface), std::to_string(c.single_depth), std::to_string(c.points)});
    md << fmt::format("| {} | {} | {} | {} | {} | {} | {} |\n", c.method, c.precision, c.overlapping,
                      pct(c.no_points, c.overlapping), pct(c.off_surface, c.overlapping),
                      pct(c.single_depth, c.overlapping), c.points);
  }
  r.csv("contacts.csv", csv);
  // Over the whole campaign: internal vertices' contact errors against the manifold's bound.
  std::uint64_t judged = 0, above = 0;
  for (const auto& [key, c] : s.cells) {
    const Key k = split_key(key);
    if (k.algorithm != "internal_vertices" || !c.hist.count("contacts")) continue;
    const properties::Bounds mb = properties::bounds_for(Algorithm::manifold, precision_from(k.precision));
    judged += c.hist.at("contacts").count;
    above += count_above(c.hist.at("contacts"), mb.k_contact + mb.tau_relative / mb.u);
  }
  md << fmt::format("\nOver the whole campaign, {} of {} closest-internal-vertices answers with contacts have a "
                    "contact error above the bound clipping is held to (k + tau, u·S).\n", above, judged);
  if (st.contact_example) {
    md << fmt::format("\nExample: {}.\n\n", st.contact_example_why);
    for (Algorithm a : {Algorithm::manifold, Algorithm::internal_vertices}) {
      const std::string name = fmt::format("contact_example_{}", properties::to_string(a));
      r.file(name + ".svg", draw_case(*st.contact_example, {a, Precision::double_}));
      md << fmt::format("![{0}]({0}.svg)\n", name);
    }
    r.file("contact_example.json", fixtures::case_to_json(*st.contact_example).dump() + "\n");
  } else {
    md << "\nNo overlapping case in this sample left closest internal vertices without a point.\n";
  }
}

// ---- 6. the reference ---------------------------------------------------------------------------

void section_reference(Report& r) {
  const reference::HullStats& h = r.in().summary.reference_stats;
  auto& md = r.md();
  const std::uint64_t hulls = h.by_source[0] + h.by_source[1] + h.by_source[2] + h.by_source[3];
  const auto& st = h.stages.decided;
  const std::uint64_t tests = st[0] + st[1] + st[2];
  md << "\n## 6. The reference: Qhull repairs and arithmetic stages\n\n"
        "The table shows which path produced the exact hull of A − B for every campaign case, and which "
        "arithmetic stage decided the orientation tests behind it.\n\n"
        "| quantity | count | share |\n|---|---|---|\n";
  Csv csv({"quantity", "count", "share"});
  const std::pair<const char*, std::uint64_t> rows[] = {
      {"hull: Qhull proposal certified unchanged", h.by_source[0]},
      {"hull: Qhull proposal repaired (exact check rejected it)", h.by_source[1]},
      {"hull: Qhull refused (degenerate input)", h.by_source[2]},
      {"hull: exact only (outside Qhull's range)", h.by_source[3]},
      {"orientation: double filter decided", st[0]},
      {"orientation: expansion arithmetic decided", st[1]},
      {"orientation: rational arithmetic decided", st[2]}};
  for (std::size_t i = 0; i < std::size(rows); ++i) {
    const auto& [name, n] = rows[i];
    const std::uint64_t of = i < 4 ? hulls : tests;
    csv.add({name, std::to_string(n), g(of ? double(n) / of : 0)});
    md << fmt::format("| {} | {} | {} |\n", name, n, pct(n, of));
  }
  r.csv("reference.csv", csv);
}

// ---- 7. time per case --------------------------------------------------------------------------

void section_timing(Report& r, const SampleStudy& st) {
  auto& md = r.md();
  md << fmt::format(
      "\n## 7. Time per case: fast against exact\n\n"
      "The plot shows the median time of one exact answer (`reference::query`, magnitudes only) and of each fast "
      "query in double, per family, measured in this run on the sample.\n\n"
      "Machine: {}. This is not a benchmark: other work shared the machine, fast queries are timed with "
      "`steady_clock` over {} repetitions on prebuilt shapes (use `bench/` for figures to quote). Campaign wall "
      "time: {:.1f} s for {} cases ({}).\n\n",
      describe_machine(), r.in().sample.timing_repeats, r.in().summary.seconds, r.in().summary.cases,
      r.in().summary.seconds > 0 ? fmt::format("{:.0f} cases/s, all algorithms and precisions judged",
                                                r.in().summary.cases / r.in().summary.seconds)
                                  : "merged shards: wall time not summed");
  std::vector<std::string> algs;
  for (Algorithm a : properties::all_algorithms()) algs.push_back(properties::to_string(a));
  std::vector<std::string> header{"family", "cases", "exact_us"};
  for (const auto& a : algs) header.push_back(a + "_ns");
  Csv csv(header);
  md << "| family | cases | exact (µs) |";
  for (const auto& a : algs) md << " " << a << " (ns) |";
  md << " exact / manifold |\n|---|---|---|";
  for (std::size_t i = 0; i <= algs.size(); ++i) md << "---|";
  md << "\n";
  for (const TimingRow& t : st.timing) {
    std::vector<std::string> row{t.family, std::to_string(t.cases), g(t.exact_us)};
    md << fmt::format("| {} | {} | {} |", t.family, t.cases, g(t.exact_us));
    for (const auto& a : algs) {
      const double ns = t.fast_ns.count(a) ? t.fast_ns.at(a) : 0;
      row.push_back(g(ns));
      md << " " << g(ns) << " |";
    }
    const double m = t.fast_ns.count("manifold") ? t.fast_ns.at("manifold") : 0;
    md << " " << (m > 0 ? fmt::format("{:.0f}×", t.exact_us * 1000 / m) : "–") << " |\n";
    csv.add(row);
  }
  r.csv("timing.csv", csv);
  std::string plots = "plot 'timing.csv' skip 1 using 3:xtic(1) t 'exact (reference)' lc rgb '#555555'";
  const char* colors[] = {"#1f77b4", "#2ca02c", "#9467bd", "#e6730b", "#d62728"};
  for (std::size_t i = 0; i < algs.size(); ++i)
    plots += fmt::format(", '' skip 1 using (${} / 1000) t 'fast {}' lc rgb '{}'", 4 + i, algs[i], colors[i % 5]);
  r.plot("timing",
         "set title 'Median time per case (one run on a shared machine; not a benchmark)'\n"
         "set style data histograms\nset style histogram clustered gap 1\nset style fill solid 0.8 border -1\n"
         "set logscale y\nset format y '10^{%L}'\nset ylabel 'time per case (µs, log scale)'\nset xlabel 'case family'\n"
         "set xtics noenhanced\n" + plots + "\n", 1000, 480);
}

// ---- 8. engines ----------------------------------------------------------------------------------

std::string safe_name(const std::string& s) {
  std::string o;
  for (char c : s) o += std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' ? c : '_';
  return o;
}

void section_engines(Report& r) {
  auto& md = r.md();
  md << "\n## 8. Engines (`--engine NAME=summary.json`)\n\n"
        "Each table shows an external engine's campaign (`minkowski check --exec ... --json`) against the exact "
        "reference: cases, skips, violations and the worst error per field, per cell (algorithm/family/precision).\n";
  if (r.in().engines.empty()) {
    md << "\nNo engine summaries were given. Run `minkowski check --exec CMD --json e.json`, then "
          "`minkowski report --engine NAME=e.json`.\n";
    return;
  }
  for (const EngineInput& e : r.in().engines) {
    const cli::Summary& s = e.summary;
    std::uint64_t cases = 0, skipped = 0, violations = 0;
    for (const auto& [k, c] : s.cells) cases += c.cases, skipped += c.skipped, violations += c.violations;
    md << fmt::format("\n### {}\n\nFrom `{}`: {} judged answers, {} skipped (the engine cannot represent the "
                      "case), {} violations.\n\n| cell | cases | skipped | violations | worst error per field (u·S) |\n"
                      "|---|---|---|---|---|\n", e.name, e.path, cases, skipped, violations);
    Csv csv({"cell", "cases", "skipped", "violations", "field", "max", "p99"});
    for (const auto& [key, c] : s.cells) {
      std::string worst;
      for (const auto& [f, m] : c.max_error) {
        worst += fmt::format("{} {} · ", f, g(m));
        csv.add({key, std::to_string(c.cases), std::to_string(c.skipped), std::to_string(c.violations), f, g(m),
                 g(c.hist.count(f) ? c.hist.at(f).percentile(0.99) : 0)});
      }
      if (worst.size() > 3) worst.resize(worst.size() - 4);
      md << fmt::format("| {} | {} | {} | {} | {} |\n", key, c.cases, c.skipped, c.violations, worst);
    }
    r.csv("engine_" + safe_name(e.name) + ".csv", csv);
    if (e.raw.contains("worst_cases") && e.raw["worst_cases"].is_array()) {
      md << "\nWorst cases reported by the run:\n\n";
      for (const auto& w : e.raw["worst_cases"]) md << "- `" << w.dump() << "`\n";
    } else {
      md << "\nThe summary lists no worst cases; `check --exec` writes each violation's shrunk case as a "
            "fixture, which `minkowski render` draws.\n";
    }
  }
}

// ---- 9. worst cases -----------------------------------------------------------------------------

void section_worst(Report& r, const SampleStudy& st) {
  auto& md = r.md();
  md << "\n## 9. Worst cases\n\n"
        "Each drawing shows the sample case where an algorithm came closest to (or beyond) its documented bound: "
        "the field with the largest error / allowed, drawn with `minkowski render`.\n\n"
        "| algorithm | precision | family, index | field | error (u·S) | allowed | drawing | case |\n"
        "|---|---|---|---|---|---|---|---|\n";
  for (const WorstCase& w : st.worst) {
    const std::string name = fmt::format("worst_{}_{}", w.algorithm, w.precision);
    const auto alg = *properties::algorithm_from_string(w.algorithm);
    r.file(name + ".svg", draw_case(w.c, {alg, precision_from(w.precision)}));
    r.file(name + ".json", fixtures::case_to_json(w.c).dump() + "\n");
    md << fmt::format("| {} | {} | {} #{} | {} | {} | {} | [{}.svg]({}.svg) | [{}.json]({}.json) |\n", w.algorithm,
                      w.precision, w.family, w.index, w.field, g(w.error), g(w.allowed), name, name, name, name);
  }
}

}  // namespace

std::string describe_machine() {
  std::string model = "unknown CPU";
  std::ifstream cpu("/proc/cpuinfo");
  for (std::string line; std::getline(cpu, line);)
    if (line.rfind("model name", 0) == 0) {
      model = line.substr(line.find(':') + 2);
      break;
    }
  return fmt::format("{}, {} hardware threads", model, std::thread::hardware_concurrency());
}

ReportOutcome write_report(const ReportInput& in) {
  std::filesystem::create_directories(in.out);
  const SampleStudy st = run_sample_study(in.sample);
  Report r(in);
  r.outcome().sample_seconds = st.seconds;
  auto& md = r.md();
  const cli::Summary& s = in.summary;
  md << "# minkowski tolerance report\n\n";
  if (!in.plots)
    md << "> **Tables only: gnuplot was not found**, so no plots were drawn. Install it (Debian: `apt-get install "
          "gnuplot-nox`) and run the report again.\n\n";
  md << fmt::format(
      "Fast answers judged against the exact reference under the tolerance model of DESIGN.md. Campaign: {}; "
      "{} cases, {} violations{}. Options: `{}`. The sample studies (sweep, contacts, timing, worst cases) use the "
      "first {} cases of each family of seed {} ({:.1f} s).\n\n"
      "Units: errors are in u·S — u the unit roundoff of the fast type (2^-53 double, 2^-24 float), S the largest "
      "absolute coordinate or radius of the case — so they compare across scales and types.\n",
      in.provenance, s.cases, s.violations, s.interrupted ? " (interrupted: partial)" : "", s.options.dump(),
      in.sample.per_family, in.sample.seed, st.seconds);
  section_errors(r);
  section_bounds(r);
  section_sweep(r, st);
  section_float_double(r);
  section_contacts(r, st);
  section_reference(r);
  section_timing(r, st);
  section_engines(r);
  section_worst(r, st);
  r.file("index.md", md.str());
  return r.outcome();
}

}  // namespace minkowski::reports
