// The report sections read from the campaign summary: errors, bounds, float vs double, the
// reference, engines.
#include "report_parts.hpp"

#include <cctype>
#include <cmath>
#include <map>
#include <tuple>

#include <fmt/format.h>

#include "minkowski/fast/tolerances.hpp"
#include "minkowski/reports/case_drawing.hpp"

namespace minkowski::reports::detail {

// ---- 1. errors against the exact answer -----------------------------------------------------

void section_errors(Report& r) {
  const properties::Summary& s = r.in().summary;
  auto& md = r.md();
  md << "\n## 1. Errors against the exact answer\n\n"
        "The plots show, per algorithm and field, how far the fast answers are from the exact ones "
        "over all "
        "families: the median, 99th and 99.9th percentile and the maximum, in units of u·S (u the "
        "unit "
        "roundoff of the type, S the largest coordinate of the case).\n\n"
        "Percentiles come from the campaign's log-scale histograms (1/8 octave) and are bin upper "
        "edges, at "
        "most 9% above the value. Zeros are drawn on the bottom line of the log axis. Per family: "
        "`errors.csv`.\n\n"
        "3D algorithms read `3d/<algorithm>` (the prefix of their cells' keys), each beside its 2D "
        "twin (3D's `penetration`, GJK + EPA, beside 2D's `epa`); their families are the 3D "
        "generator families (docs/design.md, \"Three dimensions\").\n";
  Csv all({"dimension", "algorithm", "family", "precision", "field", "cases", "skipped",
           "violations", "relation_disagreements", "count", "p50", "p99", "p999", "max"});
  // (algorithm, field, dimension, precision) -> the field's errors over every family.
  std::map<AlgorithmField, Histogram> agg;
  for (const auto& [key, c] : s.cells) {
    const Key k = split_key(key);
    for (const auto& [field, h] : c.hist) {
      all.add({std::to_string(k.dim), k.algorithm, k.family, k.precision, field,
               std::to_string(c.cases), std::to_string(c.skipped), std::to_string(c.violations),
               std::to_string(c.relation_disagreements), std::to_string(h.count),
               g(h.percentile(0.5)), g(h.percentile(0.99)), g(h.percentile(0.999)),
               g(value_or(c.max_error, field, 0.0))});
      agg[{twin_order(k.algorithm), field, k.dim, k.precision, k.algorithm}] += h;
    }
  }
  const auto worst = worst_errors(s);
  r.csv("errors.csv", all);
  for (const std::string prec : {"double", "float"}) {
    md << fmt::format(
        "\n**{}**\n\n| algorithm.field | answers | p50 | p99 | p99.9 | max (u·S) "
        "|\n|---|---|---|---|---|---|\n",
        prec);
    Csv byf({"field", "p50", "p99", "p999", "max"});
    for (const auto& [af, h] : agg) {
      if (af.precision != prec) continue;
      const std::string label = af.label();
      const double mx = value_or(worst, af, Worst{}).max;
      byf.add({label, g(h.percentile(0.5)), g(h.percentile(0.99)), g(h.percentile(0.999)), g(mx)});
      md << fmt::format("| {} | {} | {} | {} | {} | {} |\n", label, h.count, g(h.percentile(0.5)),
                        g(h.percentile(0.99)), g(h.percentile(0.999)), g(mx));
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
           plot_width(byf.rows()), 540);
  }
  // Relation disagreements, inside and outside the band.
  md << "\n**Relation disagreements** (fast and exact relation differ). The tolerance model allows "
        "them "
        "inside the band |exact signed distance| ≤ k·u·S; *outside* counts those certainly beyond "
        "it "
        "(histogram bins wholly above k).\n\n"
        "| algorithm | family | double: disagree / outside band | float: disagree / outside band "
        "|\n|---|---|---|---|\n";
  // (twin order, dimension, algorithm, family) -> precision -> "disagree / outside (of judged)"
  std::map<std::tuple<std::string, int, std::string, std::string>,
           std::map<std::string, std::string>>
      rel;
  for (const auto& [key, c] : s.cells) {
    const Key k = split_key(key);
    const auto bounds = bounds_of(k.algorithm, k.dim, k.precision);
    std::uint64_t outside = 0;
    if (bounds && c.hist.count("relation"))
      outside = count_above(c.hist.at("relation"), properties::allowed_us(*bounds, "relation", 1));
    rel[{twin_order(k.algorithm), k.dim, k.algorithm, k.family}][k.precision] =
        fmt::format("{} / {} (of {})", c.relation_disagreements, outside, c.cases - c.skipped);
  }
  for (const auto& [afam, byp] : rel)
    md << fmt::format("| {} | {} | {} | {} |\n",
                      algorithm_label(std::get<2>(afam), std::get<1>(afam)), std::get<3>(afam),
                      value_or(byp, "double", std::string("–")),
                      value_or(byp, "float", std::string("–")));
}

// ---- 2. observed constants next to the documented bounds ----------------------------------------

void section_bounds(Report& r) {
  const properties::Summary& s = r.in().summary;
  auto& md = r.md();
  md << "\n## 2. Observed constants next to the documented bounds\n\n"
        "The plot shows, for every field the tolerance model bounds, the worst error this campaign "
        "observed "
        "divided by what the model allows, k + tau (properties/src/bounds.cpp): below 1 holds, the "
        "gap to 1 is "
        "the margin.\n\n"
        "Where the summary keeps the allowance of the very case that erred most (its k + tau plus, "
        "for a 3D shape the fast library welded, the weld shift), the ratio is taken against it "
        "(column *allowed for that case*), so that a ratio above 1 is a violation; else against "
        "k + tau.\n\n";
  Csv csv({"dimension", "algorithm", "precision", "field", "observed_max", "family_of_max", "k",
           "allowed", "allowed_of_case", "observed_over_allowed", "margin"});
  // (algorithm, field, dimension; precision left empty) -> precision -> observed / allowed,
  // in AlgorithmField's order (a 3D row beside its 2D twin)
  std::map<AlgorithmField, std::map<std::string, double>> ratio;
  md << "| algorithm | precision | field | observed max (u·S) | family | k (u·S) | allowed: k + "
        "tau (u·S) | allowed for that case (u·S) | observed / allowed | "
        "margin allowed / observed |\n|---|---|---|---|---|---|---|---|---|---|\n";
  for (const auto& [t, o] : worst_errors(s)) {
    if (!judged(t.algorithm, t.dim)) continue;
    const auto b = bounds_of(t.algorithm, t.dim, t.precision);
    if (!b) continue;
    const double k = properties::allowance(*b, t.field, 1).k;
    if (!(k > 0)) continue;
    // What judge() allows, in u·S. bounds_for sets no absolute tau, so the figure is the same at
    // every scale S; S = 1 stands for all of them.
    const double allowed = properties::allowed_us(*b, t.field, 1);
    // The worst case's own allowance when kept (>= k + tau: a weld shift only adds).
    const bool of_case = o.allowed_of_case > 0 && std::isfinite(o.allowed_of_case);
    const double against = of_case ? std::max(allowed, o.allowed_of_case) : allowed;
    const double q = o.max / against;
    const std::string alg = algorithm_label(t.algorithm, t.dim);
    AlgorithmField row = t;
    row.precision.clear();
    ratio[row][t.precision] = q;
    const std::string margin = o.max > 0 ? g(against / o.max) : "∞";
    const std::string case_allowed = of_case ? g(o.allowed_of_case) : "–";
    csv.add({std::to_string(t.dim), t.algorithm, t.precision, t.field, g(o.max), o.family, g(k),
             g(allowed), case_allowed, g(q), margin});
    md << fmt::format("| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |\n", alg, t.precision,
                      t.field, g(o.max), o.family, g(k), g(allowed), case_allowed, g(q), margin);
  }
  r.csv("bounds.csv", csv);
  const properties::Bounds man_d = properties::bounds_for(Algorithm::manifold, Precision::double_),
                           man_f = properties::bounds_for(Algorithm::manifold, Precision::single);
  md << fmt::format(
      "\nThe manifold's contact depths (`contact_depth`) are also allowed tau = "
      "tau_contact_depth_relative × S = "
      "{} × S on top of k (properties/src/bounds.cpp derives it from "
      "`kReferenceFaceRelativeTolerance`): its reference-face preference may keep a face "
      "whose depth exceeds the minimum by that much (Box2D's coherence rule), which is {} u·S in "
      "double and {} u·S "
      "in float. Its other fields get no tau. A campaign smaller than the one that set the bounds "
      "(170,000 cases "
      "per family) sees smaller maxima, so margins here are larger than the bounds' own.\n",
      g(man_d.tau_contact_depth_relative), g(man_d.tau_contact_depth_relative / man_d.u),
      g(man_f.tau_contact_depth_relative / man_f.u));
  const properties::Bounds man3 =
      properties::bounds3_for(properties::Algorithm3::manifold, Precision::double_);
  md << fmt::format(
      "\nThe 3D manifold's contact depths get the same kind of tau, {} × S "
      "(`kManifold3ContactDepthTauRelative` in properties/include/minkowski/properties/bounds.hpp: "
      "4 × its reference-face tolerance, as a 3D face spans up to 2·sqrt(3)·S). 3D rows are "
      "`3d/<algorithm>` with the 3D bounds (`bounds3_for`).\n",
      g(man3.tau_contact_depth_relative));
  Csv data({"field", "double", "float"});
  for (const auto& [row, byp] : ratio)
    data.add({row.label(), g(value_or(byp, "double", 0.0)), g(value_or(byp, "float", 0.0))});
  r.csv("bounds_plot.csv", data);
  r.plot("bounds",
         "set title 'Worst observed error / its allowance, k + tau or the case''s own (below 1: "
         "holds)'\n"
         "set style data histograms\nset style histogram clustered gap 1\nset style fill solid "
         "0.75 border -1\n"
         "set yrange [0:1.3]\nset ylabel 'observed max / allowed'\nset xlabel 'algorithm.field'\n"
         "set xtics rotate by -40 noenhanced\nset bmargin 10\n"
         "set arrow from graph 0, first 1 to graph 1, first 1 nohead lc rgb '#d62728' dt 2 lw 2\n"
         "plot 'bounds_plot.csv' skip 1 using 2:xtic(1) t 'double' lc rgb '#1f77b4', '' skip 1 "
         "using 3 t 'float' lc rgb '#e6730b'\n",
         plot_width(data.rows()), 540);
}

// ---- 4. float against double -------------------------------------------------------------------

void section_float_double(Report& r) {
  const properties::Summary& s = r.in().summary;
  auto& md = r.md();
  md << "\n## 4. Float against double\n\n"
        "The plot shows the worst error of each field relative to the case's scale (error / S, "
        "i.e. the u·S "
        "figure times u) for float and double on the same campaign cases: what the 29 bits double "
        "adds.\n\n"
        "Both precisions answer every case of the campaign; float skips cases it cannot represent "
        "(coordinates "
        "beyond `max_coordinate<float>()`), counted in `errors.csv`.\n\n"
        "| algorithm.field | double max (u·S) | float max (u·S) | double max / S | float max / S "
        "|\n|---|---|---|---|---|\n";
  // (algorithm, field, dimension; precision left empty) -> precision -> worst, in
  // AlgorithmField's order (a 3D row beside its 2D twin)
  std::map<AlgorithmField, std::map<std::string, double>> mx;
  for (const auto& [t, w] : worst_errors(s)) {
    AlgorithmField row = t;
    row.precision.clear();
    mx[row][t.precision] = w.max;
  }
  Csv csv({"field", "double_max", "float_max", "double_max_over_S", "float_max_over_S"});
  for (const auto& [row, byp] : mx) {
    const std::string label = row.label();
    const double d = value_or(byp, "double", 0.0), f = value_or(byp, "float", 0.0);
    const double dr = d * fast::unit_roundoff<double>(), fr = f * fast::unit_roundoff<float>();
    csv.add({label, g(d), g(f), g(dr), g(fr)});
    md << fmt::format("| {} | {} | {} | {} | {} |\n", label, g(d), g(f), g(dr), g(fr));
  }
  r.csv("float_vs_double.csv", csv);
  r.plot(
      "float_vs_double",
      "set title 'Worst error relative to the case scale S, float and double'\n"
      "set style data histograms\nset style histogram clustered gap 1\nset style fill solid 0.75 "
      "border -1\n"
      "set logscale y\nset format y '10^{%L}'\nset yrange [1e-20:1]\nset ylabel 'worst error / S'\n"
      "set xlabel 'algorithm.field'\nset xtics rotate by -40 noenhanced\nset bmargin 10\n"
      "f(x) = x > 1e-20 ? x : 1e-20\n"
      "plot 'float_vs_double.csv' skip 1 using (f($4)):xtic(1) t 'double' lc rgb '#1f77b4', '' "
      "skip 1 using (f($5)) t 'float' lc rgb '#e6730b'\n",
      plot_width(mx.size()), 540);
}

// ---- 6. the reference ---------------------------------------------------------------------------

namespace {
// The 3D family of a Summary::reference_by_family key ("3d/<family>"), or "" for another key.
std::string family3_of(const std::string& key) {
  return key.rfind("3d/", 0) == 0 ? key.substr(3) : std::string();
}

// The 2D part of a summary's reference statistics: the total less the 3D families' (a summary of
// both dimensions adds them up; Summary::reference_by_family keeps the 3D ones apart).
reference::HullStats reference_stats_2d(const properties::Summary& s) {
  reference::HullStats h = s.reference_stats;
  for (const auto& [family, f] : s.reference_by_family) {
    if (family3_of(family).empty()) continue;
    for (int i = 0; i < 4; ++i) h.by_source[i] -= std::min(h.by_source[i], f.by_source[i]);
    for (int i = 0; i < 3; ++i)
      h.stages.decided[i] -= std::min(h.stages.decided[i], f.stages.decided[i]);
  }
  return h;
}

// Whether the summary holds cells of dimension `dim`.
bool has_cells(const properties::Summary& s, int dim) {
  for (const auto& [key, c] : s.cells)
    if (split_key(key).dim == dim) return true;
  return false;
}
}  // namespace

void section_reference(Report& r) {
  const properties::Summary& s = r.in().summary;
  const reference::HullStats h = reference_stats_2d(s);
  auto& md = r.md();
  const std::uint64_t hulls = h.by_source[0] + h.by_source[1] + h.by_source[2] + h.by_source[3];
  const auto& st = h.stages.decided;
  const std::uint64_t tests = st[0] + st[1] + st[2];
  md << "\n## 6. The reference: Qhull repairs and arithmetic stages\n\n"
        "The table shows which path produced the exact hull of A − B for every 2D campaign case, "
        "and which arithmetic stage decided the orientation tests behind it; the 3D table "
        "follows.\n\n";
  if (has_cells(s, 3) && s.reference_by_family.empty())
    md << "This summary's 3D campaign was written before its hull paths were kept per family "
          "(`reference_by_family`): the counts below are of both dimensions together.\n\n";
  Csv csv({"quantity", "count", "share"});
  if (!has_cells(s, 2)) {
    md << "The summary holds no 2D campaign.\n";
    r.csv("reference.csv", csv);
    return;
  }
  md << "| quantity | count | share |\n|---|---|---|\n";
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

void section_reference3(Report& r) {
  const properties::Summary& s = r.in().summary;
  auto& md = r.md();
  md << "\n### The 3D reference: hull paths per family\n\n"
        "The table shows, per 3D family, how the exact reference built each case's hull of A − B "
        "(reference/include/minkowski/reference/hull3.hpp): Qhull's proposal certified exactly "
        "as it came, or repaired (its certificate failed, or reflex edges were flipped), or "
        "refused by Qhull and built by the exact fallback (`hull3_exact`), or built exactly "
        "without asking Qhull (small differences kept by the exact normal-cone prefilter, or "
        "coordinates outside Qhull's range); and which arithmetic stage decided the orientation "
        "tests of the answer. Shares of the family's hulls; `reference3.csv` has the counts.\n\n";
  std::uint64_t kept = 0;
  for (const auto& [key, f] : s.reference_by_family) kept += !family3_of(key).empty();
  if (!kept) {
    md << (has_cells(s, 3) ? "The summary's 3D campaign did not keep its hull paths per family "
                             "(written before `reference_by_family`).\n"
                           : "The summary holds no 3D campaign (give `check --dim 3` or "
                             "`--dim all`'s summary to `--from`).\n");
    return;
  }
  md << "| family | hulls | certified | repaired | refused: exact fallback | exact only | "
        "stage: filter | expansion | rational |\n|---|---|---|---|---|---|---|---|---|\n";
  Csv csv({"family", "hulls", "qhull_certified", "qhull_repaired", "qhull_refused", "exact_only",
           "stage_filter", "stage_expansion", "stage_rational"});
  Csv plot({"family", "certified", "repaired", "refused", "exact_only"});
  reference::HullStats total;
  auto row = [&](const std::string& family, const reference::HullStats& f) {
    const auto& by = f.by_source;
    const auto& st = f.stages.decided;
    const std::uint64_t hulls = by[0] + by[1] + by[2] + by[3], tests = st[0] + st[1] + st[2];
    csv.add({family, std::to_string(hulls), std::to_string(by[0]), std::to_string(by[1]),
             std::to_string(by[2]), std::to_string(by[3]), std::to_string(st[0]),
             std::to_string(st[1]), std::to_string(st[2])});
    md << fmt::format("| {} | {} | {} | {} | {} | {} | {} | {} | {} |\n", family, hulls,
                      pct(by[0], hulls), pct(by[1], hulls), pct(by[2], hulls), pct(by[3], hulls),
                      pct(st[0], tests), pct(st[1], tests), pct(st[2], tests));
    if (family != "all")
      plot.add({family, g(hulls ? 100.0 * by[0] / hulls : 0), g(hulls ? 100.0 * by[1] / hulls : 0),
                g(hulls ? 100.0 * by[2] / hulls : 0), g(hulls ? 100.0 * by[3] / hulls : 0)});
  };
  for (const auto& [key, f] : s.reference_by_family) {
    const std::string family = family3_of(key);
    if (family.empty()) continue;
    row(family, f);
    total += f;
  }
  row("all", total);
  r.csv("reference3.csv", csv);
  r.csv("reference3_plot.csv", plot);
  r.plot("reference3",
         "set title 'How the exact 3D reference built the hull of A − B, per family'\n"
         "set style data histograms\nset style histogram rowstacked\n"
         "set style fill solid 0.8 border -1\nset boxwidth 0.7\n"
         "set yrange [0:105]\nset ylabel 'share of the family''s cases (%)'\n"
         "set xlabel '3D family'\nset xtics rotate by -30 noenhanced\nset bmargin 7\n"
         "set key outside right top\n"
         "plot 'reference3_plot.csv' skip 1 using 2:xtic(1) t 'Qhull certified' lc rgb "
         "'#2ca02c', '' skip 1 using 3 t 'Qhull repaired' lc rgb '#e6730b', '' skip 1 using 4 t "
         "'Qhull refused: exact fallback' lc rgb '#d62728', '' skip 1 using 5 t 'exact only' lc "
         "rgb '#1f77b4'\n",
         900, 480);
}

// ---- 10. coverage of the configuration space ----------------------------------------------------

void section_coverage(Report& r) {
  const properties::Summary& s = r.in().summary;
  auto& md = r.md();
  md << "\n## 10. Coverage of the configuration space\n\n"
        "The tables show every campaign case classified on its exact answer (docs/design.md, "
        "\"Coverage of the "
        "configuration space\"): the pair of core features that realizes the answer, the "
        "relation and the distance band. Rows are feature pairs, columns relation:band; `.` is a "
        "reachable cell no case fell into (a finding, listed below the table). Counts per family "
        "in coverage.csv. One table per dimension of the campaign: 2D (vertex/edge pairs), then "
        "3D (vertex/edge/face pairs).\n\n";
  if (s.coverage.empty()) {
    md << "The summary holds no coverage (written before coverage was kept).\n";
    return;
  }
  Csv csv({"dimension", "family", "axis", "cell", "cases"});
  for (const auto& [d, c] : s.coverage) {
    md << fmt::format("**{}D**\n\n```\n", d) << properties::coverage_table(c, "") << "```\n\n";
    for (const auto& [family, cells] : c.features)
      for (const auto& [cell, n] : cells)
        csv.add({std::to_string(d), family, "features", cell, std::to_string(n)});
    for (const auto& [family, cells] : c.kinds)
      for (const auto& [cell, n] : cells)
        csv.add({std::to_string(d), family, "kinds", cell, std::to_string(n)});
  }
  r.csv("coverage.csv", csv);
}

// ---- 8. engines ---------------------------------------------------------------------------------

std::string safe_name(const std::string& s) {
  std::string o;
  for (char c : s)
    o += std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' ? c : '_';
  return o;
}

// Per field: how many judged answers broke it; and the relation disagreements the tolerance band
// allows (near-touching cases where the engine and the exact answer differ by less than k·u·S).
void engine_fields_and_band(Report& r, const EngineInput& e) {
  std::map<std::string, std::uint64_t> by_field, protocol;
  std::uint64_t disagreements = 0;
  for (const auto& [key, c] : e.summary.cells) {
    for (const auto& [f, n] : c.field_violations) by_field[f] += n;
    for (const auto& [k, n] : c.protocol) protocol[k] += n;
    disagreements += c.relation_disagreements;
  }
  const std::uint64_t outside = value_or(by_field, "relation", std::uint64_t{0});
  auto& md = r.md();
  md << "\nViolations per field: ";
  if (by_field.empty()) md << "none";
  bool first = true;
  for (const auto& [f, n] : by_field) md << (first ? "" : ", ") << f << " " << n, first = false;
  md << ". Protocol failures (crash, time-out, malformed, missing): ";
  if (protocol.empty()) md << "none";
  first = true;
  for (const auto& [k, n] : protocol) md << (first ? "" : ", ") << k << " " << n, first = false;
  md << fmt::format(
      ".\n\n**Inside the tolerance band** (not violations): {} relation disagreements where the "
      "exact signed distance is within k·u·S of zero, so either answer is accepted.\n",
      disagreements >= outside ? disagreements - outside : 0);
}

// The engine's known failure classes, real defects first, then documented design choices; each
// drawn from its minimal fixture with the engine's own answer, with the script that shows it
// without minkowski.
void engine_classes(Report& r, const EngineInput& e) {
  if (e.classes.is_null()) return;
  auto& md = r.md();
  const std::string prec_name = e.classes.value("precision", std::string("double"));
  const Precision prec = precision_from(prec_name);
  md << fmt::format(
      "\nThe failure classes of {} (`{}`), **defects** (the engine is wrong) apart from "
      "**design** choices (documented behaviour the tolerance model does not grant, such as a skin "
      "radius or an absolute threshold); each is drawn from its minimal shrunk fixture with the "
      "engine's answer, and its repro calls the engine without minkowski:\n\n"
      "| kind | class | fields | minimal case | repro |\n|---|---|---|---|---|\n",
      e.classes.value("engine", e.name), (e.classes_dir / "classes.json").string());
  for (const char* kind : {"defect", "design"}) {
    int index = 0;
    for (const auto& k : e.classes["classes"]) {
      if (k.value("kind", std::string()) != kind) continue;
      std::string fields;
      for (const auto& f : k.value("fields", nlohmann::json::array()))
        fields += (fields.empty() ? "" : ", ") + f.get<std::string>();
      std::string drawing = "—";
      const auto fixtures_list = k.value("fixtures", nlohmann::json::array());
      if (!fixtures_list.empty()) {
        const auto path = e.classes_dir / fixtures_list[0].get<std::string>();
        try {
          const nlohmann::json fx = nlohmann::json::parse(read_text_file(path));
          DrawOptions d;
          d.precision = prec;
          d.label = e.name;
          // A 3D fixture (3-vectors) is drawn in three orthographic views with its 3D answer.
          const fixtures::AnyCase c = fixtures::any_case_from_json(fx, path.string(), 1);
          if (fixtures::dimension(c) == 3)
            d.answer3 = stored_answer3(fx);
          else
            d.answer = stored_answer(fx);
          const std::string name = fmt::format("engine_{}_{}_{}", safe_name(e.name), kind, ++index);
          r.file(name + ".svg", draw_case(c, d));
          drawing = fmt::format("[{}.svg]({}.svg) ({} more)", name, name, fixtures_list.size() - 1);
        } catch (const std::exception& x) {
          drawing = fmt::format("not drawn: {}", x.what());
        }
      }
      md << fmt::format("| {} | {} | {} | {} | `{}` |\n",
                        std::string(kind) == "defect" ? "**defect**" : "design",
                        k.value("name", std::string("?")), fields, drawing,
                        (e.classes_dir / k.value("repro", std::string("?"))).string());
    }
  }
}

void section_engines(Report& r) {
  auto& md = r.md();
  md << "\n## 8. Engines (`--engine NAME=summary.json`)\n\n"
        "Each table shows an external engine's campaign (`minkowski check --exec ... --json`) "
        "against the exact "
        "reference: cases, skips, violations and the worst error per field, per cell "
        "(algorithm/family/precision); "
        "then the violations per field, the near-touching disagreements the tolerance band allows, "
        "and — with "
        "`--engine-classes` — the engine's failure classes, defects apart from design choices. "
        "A 3D engine's summary (`check --exec CMD --dim 3`) has cells `3d/exec/<family>/"
        "<precision>`, and its classes' 3D fixtures are drawn in three orthographic views.\n";
  if (r.in().engines.empty()) {
    md << "\nNo engine summaries were given. Run `minkowski check --exec CMD --json e.json`, then "
          "`minkowski report --engine NAME=e.json`.\n";
    return;
  }
  for (const EngineInput& e : r.in().engines) {
    const properties::Summary& s = e.summary;
    std::uint64_t cases = 0, skipped = 0, violations = 0;
    for (const auto& [k, c] : s.cells)
      cases += c.cases, skipped += c.skipped, violations += c.violations;
    md << fmt::format(
        "\n### {}\n\nFrom `{}`: {} cases, {} skipped (the engine cannot represent the "
        "case), {} violations.\n\n| cell | cases | skipped | violations | worst error per field "
        "(u·S; the allowance of its case) |\n"
        "|---|---|---|---|---|\n",
        e.name, e.path, cases, skipped, violations);
    Csv csv({"cell", "cases", "skipped", "violations", "field", "max", "p99"});
    for (const auto& [key, c] : s.cells) {
      std::string worst;
      for (const auto& [f, m] : c.max_error) {
        // With the allowance of that same case, when the summary keeps it
        // (Cell::max_error_allowed).
        const auto a = c.max_error_allowed.find(f);
        worst += a == c.max_error_allowed.end()
                     ? fmt::format("{} {} · ", f, g(m))
                     : fmt::format("{} {} (allowed {}) · ", f, g(m), g(a->second));
        csv.add({key, std::to_string(c.cases), std::to_string(c.skipped),
                 std::to_string(c.violations), f, g(m),
                 g(value_or(c.hist, f, Histogram{}).percentile(0.99))});
      }
      if (worst.size() > 3) worst.resize(worst.size() - 4);
      md << fmt::format("| {} | {} | {} | {} | {} |\n", key, c.cases, c.skipped, c.violations,
                        worst);
    }
    r.csv("engine_" + safe_name(e.name) + ".csv", csv);
    engine_fields_and_band(r, e);
    engine_classes(r, e);
    if (e.raw.contains("worst_cases") && e.raw["worst_cases"].is_array()) {
      md << "\nWorst cases reported by the run:\n\n";
      for (const auto& w : e.raw["worst_cases"]) md << "- `" << w.dump() << "`\n";
    } else {
      md << "\nThe summary lists no worst cases; `check --exec` writes each violation's shrunk "
            "case as a "
            "fixture, which `minkowski render` draws.\n";
    }
  }
}

}  // namespace minkowski::reports::detail
