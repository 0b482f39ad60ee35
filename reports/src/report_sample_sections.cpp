// The report sections measured on the sample study: tolerance sweep, contact points, time per
// case, worst cases.
#include "report_parts.hpp"

#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "minkowski/fast/manifold.hpp"
#include "minkowski/fast/tolerances.hpp"
#include "minkowski/fast/tolerances3.hpp"
#include "minkowski/reports/case_drawing.hpp"

namespace minkowski::reports::detail {

// ---- 3. tolerance sweep ------------------------------------------------------------------------

namespace {
// How section 3 names and draws each swept tolerance.
struct SweepPlot {
  const char* title;
  const char* xlabel;
  const char* ylabel_field;
  const char* says;  // one sentence: what the figure shows
};
const std::map<std::string, SweepPlot>& sweep_plots() {
  static const std::map<std::string, SweepPlot> plots = {
      {"gjk_gap",
       {"GJK termination gap", "GJK gap / distance (log scale)", "distance",
        "The figures show GJK's distance error and violations against its termination gap."}},
      {"epa_tolerance",
       {"EPA termination tolerance", "EPA tolerance tau / S (log scale)", "depth",
        "The figures show EPA's depth error and violations against its termination tolerance."}},
      {"sat_parallel_axis",
       {"SAT parallel-axis epsilon", "parallel-axis epsilon |n + m| (log scale)", "depth",
        "The figure shows SAT's depth error and violations as more and more of B's face normals "
        "count as parallel to A's best one and are skipped."}},
      {"manifold_reference_face",
       {"Clipping: reference-face tolerance", "reference-face tolerance / shorter face (log scale)",
        "contact depth",
        "The figure shows how far the clipped contacts' depths stray from the exact depth as A's "
        "face is kept as the reference against a better face of B by more and more."}},
      {"manifold_keep",
       {"Clipping: keep limit", "keep limit / S (log scale)", "contact depth",
        "The figures show the clipped contacts' depth error and violations as points farther and "
        "farther outside contact are kept."}},
  };
  return plots;
}

// Why the 3D library has no rows for a swept tolerance (empty: it has them).
std::string no_3d_rows_why(const std::string& tol) {
  if (tol == "sat_parallel_axis")
    return "3D SAT skips no face axis as parallel (`sat3.hpp` ignores `SatOptions`); its "
           "parallel-edge limit `kSat3ParallelEdgeUlps` is a constant, not a setting";
  if (tol == "manifold_reference_face")
    return "the 3D clipping's preference is the constant "
           "`kManifold3ReferenceFaceRelativeTolerance`, not a setting";
  return "";
}

// The fast algorithm whose bounds judge a swept tolerance in dimension `dim`.
std::string swept_algorithm(const std::string& tol, int dim) {
  if (tol == "gjk_gap") return "gjk";
  if (tol == "epa_tolerance") return dim == 3 ? "penetration" : "epa";
  if (tol == "sat_parallel_axis") return "sat";
  return "manifold";
}

// One tolerance's points of one dimension: its CSVs (sweep_[3d_]<tol>_<precision>.csv) and its
// plot (sweep_[3d_]<tol>.svg): per precision the worst error (points), the share of violations
// (dashed, right axis), the default (dotted vertical) and the documented allowance of the field
// (dash-dot horizontal: k + tau in u·S, allowed_us at S = 1; a 3D case adds its weld shift).
// Nothing when the dimension has no points for the tolerance.
void sweep_plot(Report& r, const std::vector<SweepPoint>& points, const std::string& tol, int dim,
                std::uint64_t cases) {
  const SweepPlot& pl = sweep_plots().at(tol);
  const std::string name = fmt::format("sweep_{}{}", dim == 3 ? "3d_" : "", tol);
  std::string defaults, allowed;
  for (const std::string prec : {"double", "float"}) {
    const char* color = prec == "double" ? "#1f77b4" : "#e6730b";
    Csv d({"setting", "max_error", "p99_error", "failure_percent", "mean_iterations"});
    std::string field;
    for (const SweepPoint& p : points) {
      if (p.dim != dim || p.tolerance != tol || p.precision != prec) continue;
      d.add({fmt::format("{:.6g}", p.setting), g(p.max_error), g(p.p99_error),
             g(p.judged ? 100.0 * p.failures / p.judged : 0), g(p.mean_iterations)});
      field = p.field;
      if (p.is_default)
        defaults +=
            fmt::format("set arrow from {0}, graph 0 to {0}, graph 1 nohead dt 3 lc rgb '{1}'\n",
                        p.setting, color);
    }
    if (d.rows() == 0) continue;
    r.csv(fmt::format("{}_{}.csv", name, prec), d);
    if (const auto b = bounds_of(swept_algorithm(tol, dim), dim, prec))
      allowed += fmt::format(", \\\n {} w l dt 4 lw 1.5 lc rgb '{}' t 'allowed, {}'",
                             properties::allowed_us(*b, field, 1.0), color, prec);
  }
  if (defaults.empty()) return;
  const std::string which = dim == 3 ? "3D" : "2D";
  r.plot(
      name,
      fmt::format(
          "set title '{0} ({1}): error and violations as the setting moves ({2} {1} cases)'\n"
          "set logscale x\nset format x '10^{{%L}}'\nset xrange [1e-17:1]\n"
          "set logscale y\nset format y '10^{{%L}}'\n"
          "set xlabel '{3}; dotted: the defaults'\n"
          "set ylabel 'max {4} error (u·S, log scale)'\n"
          "set y2label 'cases violating the bounds (%)'\nset y2range [-3:100]\nset y2tics\n"
          "set ytics nomirror\n"
          "{6}f(x) = x > {5} ? x : {5}\n"
          "plot '{7}_double.csv' skip 1 using 1:(f($2)) w lp pt 7 lc rgb '#1f77b4' t "
          "'max error, double', \\\n"
          " '{7}_float.csv' skip 1 using 1:(f($2)) w lp pt 5 lc rgb '#e6730b' t "
          "'max error, float', \\\n"
          " '{7}_double.csv' skip 1 using 1:4 axes x1y2 w l dt 2 lw 2 lc rgb '#1f77b4' t "
          "'violations, double (right axis)', \\\n"
          " '{7}_float.csv' skip 1 using 1:4 axes x1y2 w l dt 2 lw 2 lc rgb '#e6730b' t "
          "'violations, float (right axis)'{8}\n",
          pl.title, which, cases, pl.xlabel, pl.ylabel_field, kLogFloor, defaults, name, allowed),
      900, 500);
}
}  // namespace

void section_sweep(Report& r, const SampleStudy& st) {
  auto& md = r.md();
  // Every figure below is formatted from the constant it names (fast/tolerances.hpp,
  // tolerances3.hpp, the settings of sweep_settings()), so the prose cannot go stale when a
  // default moves.
  const std::vector<double> settings = sweep_settings();
  md << fmt::format(
      "\n## 3. Tolerance sweep\n\n"
      "The plots show how the error of the field a tolerance controls (left axis, u·S) and the "
      "share of cases violating the documented bounds (right axis) move as the tolerance goes "
      "from {} to {}, on a fixed sample of {} 2D campaign cases ({} per family, seed {}).\n\n"
      "GJK's setting is its termination gap relative to the distance (`GjkOptions::gap_ulps` × u); "
      "EPA's is its termination tolerance relative to the shapes' scale "
      "(`EpaOptions::relative_tolerance`, tau / S). Vertical dotted lines mark the defaults ({}u "
      "for GJK, {}u for EPA; u differs between float and double). Violations are judged against "
      "the default bounds, so a setting whose error the bounds do not cover shows as violations: "
      "that is the price of the setting.\n\n"
      "SAT's parallel-axis epsilon (`SatOptions::parallel_axis_ulps` × u, default {}u) is how far "
      "from exactly opposite (|n + m| for unit normals) a face normal of B may be and still be "
      "skipped as the same axis as A's best; the field is SAT's depth. The clipping tolerances "
      "are the reference-face preference (`ManifoldOptions::reference_face_relative_tolerance`, "
      "default {}: B's face is the reference only when its gap beats A's by more than this times "
      "the shorter face) and the keep limit (`ManifoldOptions::keep_ulps` × u × S, default {}u·S: "
      "a contact point is kept when its separation is at most that); the field is the contacts' "
      "depth (`contact_depth`, outside [0, exact depth]).\n\n"
      "How to read a figure: points are the worst error (left axis, u·S; 0 is drawn at {}), "
      "dashed lines the share of cases violating the bounds (right axis), dotted verticals the "
      "defaults, dash-dot horizontals what the bounds allow the field (k + tau in u·S; a 3D case "
      "adds its weld shift): a point above its dash-dot line is a violation.\n\n"
      "Not swept: the constants of `fast/tolerances.hpp` and `tolerances3.hpp` with no options "
      "field (e.g. EPA's `kEpaNearEdgeUlps`, the compound shapes' `kContactWeldUlps`), and the "
      "gap-rounding floor of the reference-face choice (`kSatGapErrorUlps` there is a rounding "
      "bound, not a setting).\n",
      g(settings.front()), g(settings.back()), st.cases, r.in().sample.per_family,
      r.in().sample.seed, g(fast::kGjkGapUlps), g(fast::kEpaToleranceUlps),
      g(fast::kSatParallelAxisUlps), g(fast::ManifoldOptions{}.reference_face_relative_tolerance),
      g(fast::ManifoldOptions{}.keep_ulps), g(kLogFloor));
  if (st.cases3 > 0)
    md << fmt::format(
        "\n**3D**: the 3D fast library on {} 3D campaign cases (the first {} of each 3D family; "
        "figures `sweep_3d_*`), for the settings with the same meaning that the 3D library has. "
        "GJK's gap is the same `GjkOptions::gap_ulps` (3D adds a fixed absolute part, "
        "`kGjk3GapAbsUlps` = {}u·S); EPA's tolerance is `EpaOptions::relative_tolerance` of "
        "`penetration` (3D default `kEpa3ToleranceUlps` = {}u); the keep limit is "
        "`contact_manifold`'s margin / S plus its fixed rounding allowance `kSat3GapErrorUlps`·u, "
        "so it starts at {}u. A margin also asks for speculative contacts of shapes apart by less "
        "than it (2D's keep limit does not), so the 3D keep sweep judges only the cases the exact "
        "answer does not call separated. No 3D rows for SAT's parallel-axis epsilon and the "
        "reference-face preference: {}; {}.\n",
        st.cases3, r.in().sample.per_family, g(fast::kGjk3GapAbsUlps), g(fast::kEpa3ToleranceUlps),
        g(fast::kSat3GapErrorUlps), no_3d_rows_why("sat_parallel_axis"),
        no_3d_rows_why("manifold_reference_face"));
  md << "\nEach table below reads, per setting, *max error (u·S) · share of the cases judged "
        "that violate the bounds* for each dimension and precision; **bold**: the default; –: not "
        "a setting of that column (the defaults differ with u; 3D's keep limit starts at its "
        "floor). p99 and mean iterations: `sweep_[3d_]<tolerance>_<precision>.csv`.\n";
  Csv csv({"dimension", "tolerance", "precision", "field", "setting", "is_default", "judged",
           "failures", "failure_rate", "max_error", "p99_error", "mean_iterations"});
  for (const SweepPoint& p : st.sweep)
    csv.add({std::to_string(p.dim), p.tolerance, p.precision, p.field,
             fmt::format("{:.6g}", p.setting), p.is_default ? "1" : "0", std::to_string(p.judged),
             std::to_string(p.failures), g(p.judged ? double(p.failures) / p.judged : 0),
             g(p.max_error), g(p.p99_error), g(p.mean_iterations)});
  r.csv("sweep.csv", csv);
  // The table's columns: (dimension, precision), 3D only with a 3D sample.
  std::vector<std::pair<int, std::string>> columns = {{2, "double"}, {2, "float"}};
  if (st.cases3 > 0) columns.insert(columns.end(), {{3, "double"}, {3, "float"}});
  for (const std::string& tol : sweep_names()) {
    const SweepPlot& pl = sweep_plots().at(tol);
    md << fmt::format("\n### {}\n\n{}\n\n| {} setting |", pl.title, pl.says, tol);
    for (const auto& [dim, prec] : columns) md << fmt::format(" {}D {} |", dim, prec);
    md << "\n|---|";
    for (std::size_t i = 0; i < columns.size(); ++i) md << "---|";
    md << "\n";
    // setting -> column -> cell, settings ascending.
    std::map<double, std::map<std::size_t, std::string>> cells;
    for (const SweepPoint& p : st.sweep)
      for (std::size_t i = 0; i < columns.size(); ++i)
        if (p.tolerance == tol && p.dim == columns[i].first && p.precision == columns[i].second) {
          const std::string cell =
              fmt::format("{} · {}", g(p.max_error), pct(p.failures, p.judged));
          cells[p.setting][i] = p.is_default ? "**" + cell + "**" : cell;
        }
    for (const auto& [setting, row] : cells) {
      md << fmt::format("| {:.3g} |", setting);
      for (std::size_t i = 0; i < columns.size(); ++i)
        md << " " << value_or(row, i, std::string("–")) << " |";
      md << "\n";
    }
    if (st.cases3 > 0 && !no_3d_rows_why(tol).empty())
      md << fmt::format("\nNo 3D rows: {}.\n", no_3d_rows_why(tol));
    sweep_plot(r, st.sweep, tol, 2, st.cases);
    sweep_plot(r, st.sweep, tol, 3, st.cases3);
  }
}

// ---- 5. contact points --------------------------------------------------------------------------

void section_contacts(Report& r, const SampleStudy& st) {
  const properties::Summary& s = r.in().summary;
  auto& md = r.md();
  md << "\n## 5. Contact points: clipping against closest internal vertices\n\n"
        "The drawings show one overlapping case answered by clipping (`contact_manifold`) and by "
        "closest internal vertices; the table counts, on the sample's overlapping cases, how "
        "often each method finds no point, puts a point off the surfaces (judged with the "
        "manifold's bounds), or gives one depth to two or more points whose clipped depths "
        "differ (by more than k_contact·u·S).\n\n"
        "3D rows: the same study on the 3D sample, clipping by the 3D `contact_manifold` (up to "
        "4 points) against the same method on 3D shapes (`reports/src/internal_vertices3.hpp`: "
        "the deepest vertex along SAT's normal and its deepest neighbour along the hull's edges, "
        "of A inside B then of B inside A, up to 2 points, all of SAT's depth).\n\n"
        "| dimension | method | precision | overlapping cases | no point | contact off the "
        "surfaces | one depth for several points | points |\n"
        "|---|---|---|---|---|---|---|---|\n";
  Csv csv({"dimension", "method", "precision", "overlapping", "no_points", "off_surface",
           "single_depth", "points"});
  for (const ContactRow& c : st.contacts) {
    csv.add({std::to_string(c.dim), c.method, c.precision, std::to_string(c.overlapping),
             std::to_string(c.no_points), std::to_string(c.off_surface),
             std::to_string(c.single_depth), std::to_string(c.points)});
    md << fmt::format("| {}D | {} | {} | {} | {} | {} | {} | {} |\n", c.dim, c.method, c.precision,
                      c.overlapping, pct(c.no_points, c.overlapping),
                      pct(c.off_surface, c.overlapping), pct(c.single_depth, c.overlapping),
                      c.points);
  }
  r.csv("contacts.csv", csv);
  // Over the whole campaign: internal vertices' contact errors against the manifold's bound.
  std::uint64_t judged = 0, above = 0;
  for (const auto& [key, c] : s.cells) {
    const Key k = split_key(key);
    if (k.algorithm != "internal_vertices" || !c.hist.count("contacts")) continue;
    const properties::Bounds mb =
        properties::bounds_for(Algorithm::manifold, precision_from(k.precision));
    judged += c.hist.at("contacts").count;
    above += count_above(c.hist.at("contacts"), properties::allowed_us(mb, "contacts", 1));
  }
  md << fmt::format(
      "\nOver the whole 2D campaign, {} of {} closest-internal-vertices answers with contacts "
      "have a contact error above the bound clipping is held to (k_contact, u·S; placement gets "
      "no tau). (The 3D campaign does not run the method: the 3D rows above are the sample's.)\n",
      above, judged);
  for (int dim : {2, 3}) {
    const auto e = std::find_if(st.contact_examples.begin(), st.contact_examples.end(),
                                [&](const ContactExample& x) { return x.dim == dim; });
    if (e == st.contact_examples.end()) {
      if (dim == 2 || st.cases3 > 0)
        md << fmt::format(
            "\nNo overlapping {}D case in this sample left closest internal vertices without a "
            "point.\n",
            dim);
      continue;
    }
    const std::string stem = dim == 3 ? "contact_example_3d" : "contact_example";
    md << fmt::format(
        "\n{}D example ({} family): {}. First drawing: clipping; second: closest internal "
        "vertices{}.\n\n",
        dim, e->family, e->why,
        dim == 3 ? " (each drawing: A and B in three views above, A − B below)" : "");
    for (Algorithm a : {Algorithm::manifold, Algorithm::internal_vertices}) {
      const std::string name = fmt::format("{}_{}", stem, properties::to_string(a));
      DrawOptions o;
      o.algorithm = a;
      o.precision = Precision::double_;
      if (dim == 3 && a == Algorithm::internal_vertices) {
        o.answer3 = e->internal_vertices3;
        o.bounds = properties::bounds3_for(properties::Algorithm3::manifold, Precision::double_);
        o.label = "closest internal vertices";
        o.given_is_contact_method = true;
      }
      r.file(name + ".svg", draw_case(e->c, o));
      md << fmt::format("![{0}]({0}.svg)\n", name);
    }
    r.file(stem + ".json", fixtures::case_to_json(e->c).dump() + "\n");
  }
}

// ---- 7. time per case --------------------------------------------------------------------------

namespace {
// One dimension's timing table and plot (timing.csv / timing.svg in 2D, timing3.* in 3D): the
// median exact time and each fast algorithm's median time per family.
void timing_table(Report& r, const std::vector<TimingRow>& rows,
                  const std::vector<std::string>& algs, int dim) {
  auto& md = r.md();
  const std::string pre = dim == 3 ? "3d/" : "", name = dim == 3 ? "timing3" : "timing";
  const std::string which = dim == 3 ? "3D " : "";
  std::vector<std::string> header{"family", "cases", "exact_us"};
  for (const auto& a : algs) header.push_back(a + "_ns");
  Csv csv(header);
  md << fmt::format("| {}family | cases | exact (µs) |", which);
  for (const auto& a : algs) md << " " << pre << a << " (ns) |";
  md << " exact / " << pre << "manifold |\n|---|---|---|";
  for (std::size_t i = 0; i <= algs.size(); ++i) md << "---|";
  md << "\n";
  for (const TimingRow& t : rows) {
    std::vector<std::string> row{t.family, std::to_string(t.cases), g(t.exact_us)};
    md << fmt::format("| {} | {} | {} |", t.family, t.cases, g(t.exact_us));
    for (const auto& a : algs) {
      const double ns = value_or(t.fast_ns, a, 0.0);
      row.push_back(g(ns));
      md << " " << g(ns) << " |";
    }
    const double m = value_or(t.fast_ns, "manifold", 0.0);
    md << " " << (m > 0 ? fmt::format("{:.0f}×", t.exact_us * 1000 / m) : "–") << " |\n";
    csv.add(row);
  }
  r.csv(name + ".csv", csv);
  std::string plots = fmt::format(
      "plot '{}.csv' skip 1 using 3:xtic(1) t 'exact {}(reference)' lc rgb '#555555'", name, which);
  const char* colors[] = {"#1f77b4", "#2ca02c", "#9467bd", "#e6730b", "#d62728"};
  for (std::size_t i = 0; i < algs.size(); ++i)
    plots += fmt::format(", '' skip 1 using (${} / 1000) t 'fast {}{}' lc rgb '{}'", 4 + i, pre,
                         algs[i], colors[i % 5]);
  r.plot(name,
         fmt::format("set title 'Median time per {}case (one run on a shared machine; not a "
                     "benchmark)'\n"
                     "set style data histograms\nset style histogram clustered gap 1\n"
                     "set style fill solid 0.8 border -1\n"
                     "set logscale y\nset format y '10^{{%L}}'\n"
                     "set ylabel 'time per case (µs, log scale)'\nset xlabel '{}case family'\n"
                     "set xtics rotate by -30 noenhanced\nset bmargin 7\n",
                     which, which) +
             plots + "\n",
         1000, 480);
}
}  // namespace

void section_timing(Report& r, const SampleStudy& st) {
  auto& md = r.md();
  md << fmt::format(
      "\n## 7. Time per case: fast against exact\n\n"
      "The plot shows the median time of one exact answer (the reference's prepared pair, then "
      "its query, magnitudes only) and of each fast query in double, per family, measured in "
      "this run on the sample.\n\n"
      "Machine: {}. This is not a benchmark: other work shared the machine, fast queries are timed "
      "with `steady_clock` over {} repetitions on prebuilt shapes (use `bench/` for figures to "
      "quote). {}\n\n",
      describe_machine(), r.in().sample.timing_repeats,
      r.in().summary.seconds > 0
          ? fmt::format("Campaign wall time: {:.1f} s for {} cases ({:.0f} cases/s, every "
                        "algorithm in both precisions judged).",
                        r.in().summary.seconds, r.in().summary.cases,
                        r.in().summary.cases / r.in().summary.seconds)
          : "Campaign wall time: not known (merged shards do not add wall time across machines).");
  std::vector<std::string> algs;
  for (Algorithm a : properties::all_algorithms()) algs.push_back(properties::to_string(a));
  timing_table(r, st.timing, algs, 2);
}

void section_timing3(Report& r, const SampleStudy& st) {
  if (st.timing3.empty()) return;
  r.md() << "\n### 3D\n\nThe plot shows the same medians for the 3D families: one exact 3D "
            "answer (`properties::exact_answer3`: the 3D reference's prepared pair, then its "
            "query) against each fast 3D query in double, timed as in 2D.\n\n";
  std::vector<std::string> algs;
  for (properties::Algorithm3 a : properties::all_algorithms3())
    algs.push_back(properties::to_string(a));
  timing_table(r, st.timing3, algs, 3);
}

// ---- 9. worst cases -----------------------------------------------------------------------------

void section_worst(Report& r, const SampleStudy& st) {
  auto& md = r.md();
  md << "\n## 9. Worst cases\n\n"
        "Each drawing shows the sample case where an algorithm came closest to (or beyond) its "
        "documented bound: "
        "the field with the largest error / allowed, drawn with `minkowski render` (a 3D case in "
        "three orthographic views: A and B above, A − B with the origin below).\n\n"
        "| algorithm | precision | family, index | field | error (u·S) | allowed | drawing | case "
        "|\n"
        "|---|---|---|---|---|---|---|---|\n";
  for (const WorstCase& w : st.worst) {
    const std::string alg = algorithm_label(w.algorithm, w.dim);
    const std::string name =
        fmt::format("worst_{}{}_{}", w.dim == 3 ? "3d_" : "", w.algorithm, w.precision);
    DrawOptions o;
    o.precision = precision_from(w.precision);
    if (w.dim == 3)
      o.algorithm3 = *properties::algorithm3_from_string(w.algorithm);
    else
      o.algorithm = *properties::algorithm_from_string(w.algorithm);
    r.file(name + ".svg", draw_case(w.c, o));
    r.file(name + ".json", fixtures::case_to_json(w.c).dump() + "\n");
    md << fmt::format(
        "| {} | {} | {} #{} | {} | {} | {} | [{}.svg]({}.svg) | [{}.json]({}.json) |\n", alg,
        w.precision, w.family, w.index, w.field, g(w.error), g(w.allowed), name, name, name, name);
  }
}

}  // namespace minkowski::reports::detail
