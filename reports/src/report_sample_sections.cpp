// The report sections measured on the sample study: tolerance sweep, contact points, time per
// case, worst cases.
#include "report_parts.hpp"

#include <map>

#include <fmt/format.h>

#include "minkowski/fast/manifold.hpp"
#include "minkowski/fast/tolerances.hpp"
#include "minkowski/reports/case_drawing.hpp"

namespace minkowski::reports::detail {

namespace {
// A drawing of `algorithm`'s own answer (DrawOptions' other members keep their defaults; an
// aggregate initializer naming only these two warns under -Wextra).
DrawOptions drawn_as(Algorithm algorithm, Precision precision) {
  DrawOptions o;
  o.algorithm = algorithm;
  o.precision = precision;
  return o;
}
}  // namespace

// ---- 3. tolerance sweep ------------------------------------------------------------------------

void section_sweep(Report& r, const SampleStudy& st) {
  auto& md = r.md();
  // Every figure below is formatted from the constant it names (fast/tolerances.hpp, the settings
  // of sweep_settings()), so the prose cannot go stale when a default moves.
  const std::vector<double> settings = sweep_settings();
  md << fmt::format(
      "\n## 3. Tolerance sweep\n\n"
      "The plots show how the error of the field a tolerance controls (left axis, u·S) and the "
      "share of cases "
      "violating the documented bounds (right axis) move as the tolerance goes from {} to {}, on a "
      "fixed "
      "sample of {} campaign cases ({} per family, seed {}).\n\n"
      "GJK's setting is its termination gap relative to the distance (`GjkOptions::gap_ulps` × u); "
      "EPA's is its "
      "termination tolerance relative to the shapes' scale (`EpaOptions::relative_tolerance`, tau "
      "/ S). Vertical "
      "dotted lines mark the defaults ({}u for GJK, {}u for EPA; u differs between float and "
      "double). Violations "
      "are judged against the default bounds, so a setting whose error the bounds do not cover "
      "shows as "
      "violations: that is the price of the setting.\n\n"
      "SAT's parallel-axis epsilon (`SatOptions::parallel_axis_ulps` × u, default {}u) is how far "
      "from "
      "exactly opposite (|n + m| for unit normals) a face normal of B may be and still be skipped "
      "as the same "
      "axis as A's best; the field is SAT's depth. The clipping tolerances are the reference-face "
      "preference "
      "(`ManifoldOptions::reference_face_relative_tolerance`, default {}: B's face is the "
      "reference only when "
      "its gap beats A's by more than this times the shorter face) and the keep limit "
      "(`ManifoldOptions::keep_ulps` × u × S, default {}u·S: a contact point is kept when its "
      "separation is at "
      "most that); the field is the contacts' depth (`contact_depth`, outside [0, exact "
      "depth]).\n\n"
      "Not swept: the constants of `fast/tolerances.hpp` with no options field (e.g. EPA's "
      "`kEpaNearEdgeUlps`, "
      "the compound shapes' `kContactWeldUlps`), and the gap-rounding floor of the reference-face "
      "choice (`kSatGapErrorUlps` "
      "there is a rounding bound, not a setting). The sweep is of the 2D fast library: the 3D "
      "library's tolerances are not swept here.\n",
      g(settings.front()), g(settings.back()), st.cases, r.in().sample.per_family,
      r.in().sample.seed, g(fast::kGjkGapUlps), g(fast::kEpaToleranceUlps),
      g(fast::kSatParallelAxisUlps), g(fast::ManifoldOptions{}.reference_face_relative_tolerance),
      g(fast::ManifoldOptions{}.keep_ulps));
  Csv csv({"tolerance", "precision", "field", "setting", "is_default", "judged", "failures",
           "failure_rate", "max_error", "p99_error", "mean_iterations"});
  for (const SweepPoint& p : st.sweep)
    csv.add({p.tolerance, p.precision, p.field, fmt::format("{:.6g}", p.setting),
             p.is_default ? "1" : "0", std::to_string(p.judged), std::to_string(p.failures),
             g(p.judged ? double(p.failures) / p.judged : 0), g(p.max_error), g(p.p99_error),
             g(p.mean_iterations)});
  r.csv("sweep.csv", csv);
  struct Plot {
    const char* title;
    const char* xlabel;
    const char* ylabel_field;
    const char* says;  // one sentence: what the figure shows
  };
  const std::map<std::string, Plot> plots = {
      {"gjk_gap",
       {"GJK termination gap", "GJK gap / distance (log scale)", "distance",
        "The figure shows GJK's distance error and violations against its termination gap."}},
      {"epa_tolerance",
       {"EPA termination tolerance", "EPA tolerance tau / S (log scale)", "depth",
        "The figure shows EPA's depth error and violations against its termination tolerance."}},
      {"sat_parallel_axis",
       {"SAT parallel-axis epsilon", "parallel-axis epsilon |n + m| (log scale)", "depth",
        "The figure shows SAT's depth error and violations as more and more of B's face normals "
        "count as "
        "parallel to A's best one and are skipped."}},
      {"manifold_reference_face",
       {"Clipping: reference-face tolerance", "reference-face tolerance / shorter face (log scale)",
        "contact depth",
        "The figure shows how far the clipped contacts' depths stray from the exact depth as A's "
        "face is kept as "
        "the reference against a better face of B by more and more."}},
      {"manifold_keep",
       {"Clipping: keep limit", "keep limit / S (log scale)", "contact depth",
        "The figure shows the clipped contacts' depth error and violations as points farther and "
        "farther "
        "outside contact are kept."}},
  };
  for (const std::string& tol : sweep_names()) {
    const Plot& pl = plots.at(tol);
    md << fmt::format(
        "\n### {}\n\n{}\n\n| {} setting | precision | max error (u·S) | p99 | violations | mean "
        "iterations |\n|---|---|---|---|---|---|\n",
        pl.title, pl.says, tol);
    std::string defaults;
    for (const std::string prec : {"double", "float"}) {
      Csv d({"setting", "max_error", "p99_error", "failure_percent", "mean_iterations"});
      for (const SweepPoint& p : st.sweep) {
        if (p.tolerance != tol || p.precision != prec) continue;
        d.add({fmt::format("{:.6g}", p.setting), g(p.max_error), g(p.p99_error),
               g(p.judged ? 100.0 * p.failures / p.judged : 0), g(p.mean_iterations)});
        md << fmt::format("| {:.3g}{} | {} | {} | {} | {} | {} |\n", p.setting,
                          p.is_default ? " (default)" : "", prec, g(p.max_error), g(p.p99_error),
                          pct(p.failures, p.judged), g(p.mean_iterations));
        if (p.is_default)
          defaults +=
              fmt::format("set arrow from {0}, graph 0 to {0}, graph 1 nohead dt 3 lc rgb '{1}'\n",
                          p.setting, prec == "double" ? "#1f77b4" : "#e6730b");
      }
      r.csv(fmt::format("sweep_{}_{}.csv", tol, prec), d);
    }
    r.plot(
        "sweep_" + tol,
        fmt::format(
            "set title '{0}: error and violations as the setting moves ({1} cases)'\n"
            "set logscale x\nset format x '10^{{%L}}'\nset logscale y\nset format y '10^{{%L}}'\n"
            "set xlabel '{2}'\nset ylabel '{3} error (u·S; 0 drawn at {4})'\n"
            "set y2label 'cases violating the bounds (%)'\nset y2range [-3:100]\nset y2tics\nset "
            "ytics nomirror\n"
            "{5}f(x) = x > {4} ? x : {4}\n"
            "plot 'sweep_{6}_double.csv' skip 1 using 1:(f($2)) w lp pt 7 lc rgb '#1f77b4' t 'max "
            "error, double', \\\n"
            " 'sweep_{6}_float.csv' skip 1 using 1:(f($2)) w lp pt 5 lc rgb '#e6730b' t 'max "
            "error, float', \\\n"
            " 'sweep_{6}_double.csv' skip 1 using 1:4 axes x1y2 w l dt 2 lw 2 lc rgb '#1f77b4' t "
            "'violations, double', \\\n"
            " 'sweep_{6}_float.csv' skip 1 using 1:4 axes x1y2 w l dt 2 lw 2 lc rgb '#e6730b' t "
            "'violations, float'\n",
            pl.title, st.cases, pl.xlabel, pl.ylabel_field, kLogFloor, defaults, tol),
        900, 500);
  }
}

// ---- 5. contact points --------------------------------------------------------------------------

void section_contacts(Report& r, const SampleStudy& st) {
  const properties::Summary& s = r.in().summary;
  auto& md = r.md();
  md << "\n## 5. Contact points: clipping against closest internal vertices\n\n"
        "The drawings show one overlapping case answered by clipping (`contact_manifold`) and by "
        "closest internal "
        "vertices; the table counts, on the sample's overlapping cases, how often each method "
        "finds no point, puts "
        "a point off the surfaces (judged with the manifold's bounds), or gives one depth to two "
        "points whose "
        "clipped depths differ. 2D cases only (closest internal vertices is a 2D method).\n\n"
        "| method | precision | overlapping cases | no point | contact off the surfaces | one "
        "depth for two points | points |\n"
        "|---|---|---|---|---|---|---|\n";
  Csv csv(
      {"method", "precision", "overlapping", "no_points", "off_surface", "single_depth", "points"});
  for (const ContactRow& c : st.contacts) {
    csv.add({c.method, c.precision, std::to_string(c.overlapping), std::to_string(c.no_points),
             std::to_string(c.off_surface), std::to_string(c.single_depth),
             std::to_string(c.points)});
    md << fmt::format("| {} | {} | {} | {} | {} | {} | {} |\n", c.method, c.precision,
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
      "\nOver the whole campaign, {} of {} closest-internal-vertices answers with contacts have a "
      "contact error above the bound clipping is held to (k_contact, u·S; placement gets no "
      "tau).\n",
      above, judged);
  if (st.contact_example) {
    md << fmt::format("\nExample: {}.\n\n", st.contact_example_why);
    for (Algorithm a : {Algorithm::manifold, Algorithm::internal_vertices}) {
      const std::string name = fmt::format("contact_example_{}", properties::to_string(a));
      r.file(name + ".svg", draw_case(*st.contact_example, drawn_as(a, Precision::double_)));
      md << fmt::format("![{0}]({0}.svg)\n", name);
    }
    r.file("contact_example.json", fixtures::case_to_json(*st.contact_example).dump() + "\n");
  } else {
    md << "\nNo overlapping case in this sample left closest internal vertices without a point.\n";
  }
}

// ---- 7. time per case --------------------------------------------------------------------------

void section_timing(Report& r, const SampleStudy& st) {
  auto& md = r.md();
  md << fmt::format(
      "\n## 7. Time per case: fast against exact\n\n"
      "The plot shows the median time of one exact answer (`reference::query`, magnitudes only) "
      "and of each fast "
      "query in double, per family, measured in this run on the sample.\n\n"
      "Machine: {}. This is not a benchmark: other work shared the machine, fast queries are timed "
      "with "
      "`steady_clock` over {} repetitions on prebuilt shapes (use `bench/` for figures to quote). "
      "{}\n\n",
      describe_machine(), r.in().sample.timing_repeats,
      r.in().summary.seconds > 0
          ? fmt::format("Campaign wall time: {:.1f} s for {} cases ({:.0f} cases/s, every "
                        "algorithm in both precisions "
                        "judged).",
                        r.in().summary.seconds, r.in().summary.cases,
                        r.in().summary.cases / r.in().summary.seconds)
          : "Campaign wall time: not known (merged shards do not add wall time across machines).");
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
      const double ns = value_or(t.fast_ns, a, 0.0);
      row.push_back(g(ns));
      md << " " << g(ns) << " |";
    }
    const double m = value_or(t.fast_ns, "manifold", 0.0);
    md << " " << (m > 0 ? fmt::format("{:.0f}×", t.exact_us * 1000 / m) : "–") << " |\n";
    csv.add(row);
  }
  r.csv("timing.csv", csv);
  std::string plots =
      "plot 'timing.csv' skip 1 using 3:xtic(1) t 'exact (reference)' lc rgb '#555555'";
  const char* colors[] = {"#1f77b4", "#2ca02c", "#9467bd", "#e6730b", "#d62728"};
  for (std::size_t i = 0; i < algs.size(); ++i)
    plots += fmt::format(", '' skip 1 using (${} / 1000) t 'fast {}' lc rgb '{}'", 4 + i, algs[i],
                         colors[i % 5]);
  r.plot("timing",
         "set title 'Median time per case (one run on a shared machine; not a benchmark)'\n"
         "set style data histograms\nset style histogram clustered gap 1\nset style fill solid 0.8 "
         "border -1\n"
         "set logscale y\nset format y '10^{%L}'\nset ylabel 'time per case (µs, log scale)'\nset "
         "xlabel 'case family'\n"
         "set xtics noenhanced\n" +
             plots + "\n",
         1000, 480);
}

void section_timing3(Report& r, const SampleStudy& st) {
  if (st.timing3.empty()) return;
  auto& md = r.md();
  md << "\n### 3D\n\nThe plot shows the same medians for the 3D families: one exact 3D answer "
        "(`properties::exact_answer3`: the 3D reference's prepared pair, then its query) against "
        "each fast 3D query in double (the time includes "
        "converting its result to protocol form, as the campaign does).\n\n";
  std::vector<std::string> algs;
  for (properties::Algorithm3 a : properties::all_algorithms3())
    algs.push_back(properties::to_string(a));
  std::vector<std::string> header{"family", "cases", "exact_us"};
  for (const auto& a : algs) header.push_back(a + "_ns");
  Csv csv(header);
  md << "| 3D family | cases | exact (µs) |";
  for (const auto& a : algs) md << " 3d/" << a << " (ns) |";
  md << " exact / 3d/manifold |\n|---|---|---|";
  for (std::size_t i = 0; i <= algs.size(); ++i) md << "---|";
  md << "\n";
  for (const TimingRow& t : st.timing3) {
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
  r.csv("timing3.csv", csv);
  std::string plots =
      "plot 'timing3.csv' skip 1 using 3:xtic(1) t 'exact 3D (reference)' lc rgb '#555555'";
  const char* colors[] = {"#1f77b4", "#2ca02c", "#9467bd", "#e6730b", "#d62728"};
  for (std::size_t i = 0; i < algs.size(); ++i)
    plots += fmt::format(", '' skip 1 using (${} / 1000) t 'fast 3d/{}' lc rgb '{}'", 4 + i,
                         algs[i], colors[i % 5]);
  r.plot("timing3",
         "set title 'Median time per 3D case (one run on a shared machine; not a benchmark)'\n"
         "set style data histograms\nset style histogram clustered gap 1\nset style fill solid 0.8 "
         "border -1\n"
         "set logscale y\nset format y '10^{%L}'\nset ylabel 'time per case (µs, log scale)'\nset "
         "xlabel '3D case family'\n"
         "set xtics rotate by -30 noenhanced\nset bmargin 7\n" +
             plots + "\n",
         1000, 480);
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
