#include "minkowski/reports/sample_study.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "minkowski/fast/epa.hpp"
#include "minkowski/fast/gjk.hpp"
#include "minkowski/properties/internal_vertices.hpp"
#include "minkowski/fast/manifold.hpp"
#include "minkowski/fast/sat.hpp"
#include "minkowski/properties/fast_adapters.hpp"
#include "minkowski/properties/fast_adapters3.hpp"
#include "minkowski/properties/judge3.hpp"

namespace minkowski::reports {
namespace {

using properties::Algorithm;
using properties::FastAnswer;
using properties::Precision;
using Clock = std::chrono::steady_clock;

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

double quantile(std::vector<double> v, double q) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const std::size_t k =
      std::min(v.size() - 1, static_cast<std::size_t>(std::ceil(q * v.size())) - (q > 0 ? 1 : 0));
  return v[k];
}

const properties::FieldVerdict* field_of(const properties::Verdict& v, const std::string& name) {
  for (const auto& f : v.fields)
    if (properties::to_string(f.field) == name) return &f;
  return nullptr;
}

struct SampleCase {
  properties::GeneratedCase g;
  std::uint64_t index = 0;
  reference::PairAnswer exact;
  double exact_us = 0;
};

// GJK distance with a given gap, in protocol form.
template <class T>
std::optional<FastAnswer> gjk_with_gap(const fixtures::Case& c, double gap_ulps, int& iterations) {
  const auto a = properties::to_fast_shape<T>(c.a, nullptr),
             b = properties::to_fast_shape<T>(c.b, nullptr);
  if (!a || !b) return std::nullopt;
  fast::GjkOptions o;
  o.gap_ulps = gap_ulps;
  const fast::GjkOutput<T> r = fast::gjk_distance(*a, *b, nullptr, o);
  iterations = r.iterations;
  return properties::to_answer(r);
}

// GJK + EPA with a given EPA tolerance, in protocol form.
template <class T>
std::optional<FastAnswer> epa_with_tolerance(const fixtures::Case& c, double relative,
                                             int& iterations) {
  const auto a = properties::to_fast_shape<T>(c.a, nullptr),
             b = properties::to_fast_shape<T>(c.b, nullptr);
  if (!a || !b) return std::nullopt;
  fast::EpaOptions<T> o;
  o.relative_tolerance = static_cast<T>(relative);
  const fast::PenetrationResult<T> r = fast::penetration(*a, *b, nullptr, {}, o);
  iterations = r.epa_iterations;
  return properties::to_answer(r);
}

// SAT with a given parallel-axis epsilon, in protocol form.
template <class T>
std::optional<FastAnswer> sat_with_parallel_axis(const fixtures::Case& c, double parallel_ulps,
                                                 int& axes) {
  const auto a = properties::to_fast_shape<T>(c.a, nullptr),
             b = properties::to_fast_shape<T>(c.b, nullptr);
  if (!a || !b) return std::nullopt;
  const fast::SatResult<T> r = fast::sat_query(*a, *b, nullptr, fast::SatOptions{parallel_ulps});
  axes = r.axes_tested;
  return properties::to_answer(r);
}

// Clipping with given manifold options, in protocol form.
template <class T>
std::optional<FastAnswer> manifold_with(const fixtures::Case& c, const fast::ManifoldOptions& o,
                                        int& axes) {
  const auto a = properties::to_fast_shape<T>(c.a, nullptr),
             b = properties::to_fast_shape<T>(c.b, nullptr);
  if (!a || !b) return std::nullopt;
  const fast::Manifold<T> m = fast::contact_manifold(*a, *b, T(0), nullptr, o);
  axes = m.axes_tested;
  return properties::to_answer(m);
}

// Median ns per call of the fast query `alg` in double on prebuilt shapes.
double time_fast(Algorithm alg, const fast::ConvexShape<double>& a,
                 const fast::ConvexShape<double>& b, int repeats) {
  std::vector<double> ns;
  volatile double sink = 0;
  for (int r = 0; r < repeats; ++r) {
    const auto t0 = Clock::now();
    switch (alg) {
      case Algorithm::sat:
        sink = sink + fast::sat_query(a, b).depth;
        break;
      case Algorithm::gjk:
        sink = sink + fast::gjk_distance(a, b).distance;
        break;
      case Algorithm::epa:
        sink = sink + fast::penetration(a, b).depth;
        break;
      case Algorithm::manifold:
        sink = sink + fast::contact_manifold(a, b).point_count;
        break;
      case Algorithm::internal_vertices:
        sink = sink + properties::closest_internal_vertices(a, b).point_count;
        break;
    }
    ns.push_back(std::chrono::duration<double, std::nano>(Clock::now() - t0).count());
  }
  return median(ns);
}

template <class T>
Precision precision_of() {
  return std::is_same_v<T, float> ? Precision::single : Precision::double_;
}

// One swept setting: which algorithm answers, the field it controls, its default (relative units:
// the setting as the sweep reports it), and the query run at a setting.
template <class T>
struct Sweep {
  Algorithm algorithm;
  const char* field;
  double default_setting;
  std::optional<FastAnswer> (*run)(const fixtures::Case&, double setting, int& iterations);
};

template <class T>
Sweep<T> sweep_of(const std::string& name) {
  const double u = fast::unit_roundoff<T>();
  if (name == "gjk_gap")
    return {Algorithm::gjk, "distance", fast::kGjkGapUlps * u,
            [](const fixtures::Case& c, double s, int& it) {
              return gjk_with_gap<T>(c, s / fast::unit_roundoff<T>(), it);
            }};
  if (name == "epa_tolerance")
    return {
        Algorithm::epa, "depth", fast::kEpaToleranceUlps * u,
        [](const fixtures::Case& c, double s, int& it) { return epa_with_tolerance<T>(c, s, it); }};
  if (name == "sat_parallel_axis")
    return {Algorithm::sat, "depth", fast::kSatParallelAxisUlps * u,
            [](const fixtures::Case& c, double s, int& it) {
              return sat_with_parallel_axis<T>(c, s / fast::unit_roundoff<T>(), it);
            }};
  if (name == "manifold_reference_face")
    return {Algorithm::manifold, "contact_depth", fast::kReferenceFaceRelativeTolerance,
            [](const fixtures::Case& c, double s, int& it) {
              fast::ManifoldOptions o;
              o.reference_face_relative_tolerance = s;
              return manifold_with<T>(c, o, it);
            }};
  // "manifold_keep"
  return {Algorithm::manifold, "contact_depth", fast::kSatGapErrorUlps * u,
          [](const fixtures::Case& c, double s, int& it) {
            fast::ManifoldOptions o;
            o.keep_ulps = s / fast::unit_roundoff<T>();
            return manifold_with<T>(c, o, it);
          }};
}

template <class T>
void sweep_one(const std::vector<SampleCase>& cases, const std::string& name,
               std::vector<SweepPoint>& out) {
  const Sweep<T> sw = sweep_of<T>(name);
  const Precision p = precision_of<T>();
  const properties::Bounds bounds = properties::bounds_for(sw.algorithm, p);
  const double def = sw.default_setting;
  std::vector<double> settings = sweep_settings();
  settings.push_back(def);
  std::sort(settings.begin(), settings.end());
  for (double s : settings) {
    SweepPoint sp;
    sp.tolerance = name;
    sp.precision = properties::to_string(p);
    sp.field = sw.field;
    sp.setting = s;
    sp.is_default = s == def;
    std::vector<double> errors;
    double iterations = 0;
    for (const SampleCase& sc : cases) {
      int it = 0;
      const auto f = sw.run(sc.g.c, s, it);
      if (!f) continue;
      const properties::Verdict v = properties::judge(sc.g.c, sc.exact, *f, bounds);
      ++sp.judged;
      iterations += it;
      if (!v.ok) ++sp.failures;
      if (const auto* fv = field_of(v, sp.field)) errors.push_back(fv->error);
    }
    sp.max_error = errors.empty() ? 0 : *std::max_element(errors.begin(), errors.end());
    sp.p99_error = quantile(errors, 0.99);
    sp.mean_iterations = sp.judged ? iterations / sp.judged : 0;
    out.push_back(sp);
  }
}

struct SampleCase3 {
  properties::GeneratedCase3 g;
  std::uint64_t index = 0;
  reference::PairAnswer3 exact;
  double exact_us = 0;
};

// The 3D part of the study: the first opt.per_family cases of each of opt.families3, their time
// per case and the worst case per 3D algorithm and precision (appended to st.worst, dim 3).
void study3(const SampleOptions& opt, SampleStudy& st) {
  std::vector<SampleCase3> cases;
  for (const std::string& fam : opt.families3)
    for (std::uint64_t i = 0; i < opt.per_family; ++i) {
      SampleCase3 sc;
      sc.g = properties::campaign_case3(fam, opt.seed, i);
      sc.index = i;
      const auto t0 = Clock::now();
      sc.exact = properties::exact_answer3(sc.g.c, reference::Detail::magnitudes);
      sc.exact_us = std::chrono::duration<double, std::micro>(Clock::now() - t0).count();
      cases.push_back(std::move(sc));
    }
  st.cases3 = cases.size();
  for (const std::string& fam : opt.families3) {
    TimingRow row;
    row.family = fam;
    std::vector<double> exact_us;
    std::map<std::string, std::vector<double>> fast_ns;
    for (const SampleCase3& sc : cases) {
      if (sc.g.family != fam) continue;
      const auto pair = properties::make_fast_pair3<double>(sc.g.c);
      if (!pair.a) continue;
      ++row.cases;
      exact_us.push_back(sc.exact_us);
      for (properties::Algorithm3 alg : properties::all_algorithms3()) {
        std::vector<double> ns;
        volatile bool sink = false;
        for (int r = 0; r < opt.timing_repeats; ++r) {
          const auto t0 = Clock::now();
          sink = sink ^ properties::run_fast3<double>(alg, pair).has_value();
          ns.push_back(std::chrono::duration<double, std::nano>(Clock::now() - t0).count());
        }
        fast_ns[properties::to_string(alg)].push_back(median(ns));
      }
    }
    row.exact_us = median(exact_us);
    for (auto& [alg, v] : fast_ns) row.fast_ns[alg] = median(v);
    st.timing3.push_back(row);
  }
  for (properties::Algorithm3 alg : properties::all_algorithms3())
    for (Precision p : {Precision::double_, Precision::single}) {
      std::optional<WorstCase> w;
      double worst_ratio = -1;
      const properties::Bounds bounds = properties::bounds3_for(alg, p);
      for (const SampleCase3& sc : cases) {
        const auto f = p == Precision::single ? properties::run_fast3<float>(alg, sc.g.c)
                                              : properties::run_fast3<double>(alg, sc.g.c);
        if (!f) continue;
        const properties::Verdict v = properties::judge3(sc.g.c, sc.exact, *f, bounds);
        for (const auto& fv : v.fields) {
          if (!(fv.allowed > 0)) continue;
          const double ratio = fv.error / fv.allowed;
          if (ratio > worst_ratio) {
            worst_ratio = ratio;
            w = WorstCase{properties::to_string(alg),
                          properties::to_string(p),
                          sc.g.family,
                          properties::to_string(fv.field),
                          sc.index,
                          fv.error,
                          fv.allowed,
                          sc.g.c,
                          3};
          }
        }
      }
      if (w) st.worst.push_back(std::move(*w));
    }
}

}  // namespace

const std::vector<std::string>& sweep_names() {
  static const std::vector<std::string> names = {"gjk_gap", "epa_tolerance", "sat_parallel_axis",
                                                 "manifold_reference_face", "manifold_keep"};
  return names;
}

std::vector<double> sweep_settings() {
  std::vector<double> s;
  for (int e = -16; e <= -1; ++e) s.push_back(std::pow(10.0, e));
  return s;
}

SampleStudy run_sample_study(const SampleOptions& opt) {
  const auto t_start = Clock::now();
  SampleStudy st;
  std::vector<SampleCase> cases;
  for (const std::string& fam : opt.families) {
    for (std::uint64_t i = 0; i < opt.per_family; ++i) {
      SampleCase sc;
      sc.g = properties::campaign_case(fam, opt.seed, i);
      sc.index = i;
      const auto t0 = Clock::now();
      sc.exact = reference::query(sc.g.c.a, sc.g.c.b, reference::Detail::magnitudes);
      sc.exact_us = std::chrono::duration<double, std::micro>(Clock::now() - t0).count();
      cases.push_back(std::move(sc));
    }
  }
  st.cases = cases.size();

  // Tolerance sweep.
  for (const std::string& name : sweep_names()) {
    sweep_one<double>(cases, name, st.sweep);
    sweep_one<float>(cases, name, st.sweep);
  }

  // Timing, per family.
  for (const std::string& fam : opt.families) {
    TimingRow row;
    row.family = fam;
    std::vector<double> exact_us;
    std::map<std::string, std::vector<double>> fast_ns;
    for (const SampleCase& sc : cases) {
      if (sc.g.family != fam) continue;
      const auto a = properties::to_fast_shape<double>(sc.g.c.a, nullptr),
                 b = properties::to_fast_shape<double>(sc.g.c.b, nullptr);
      if (!a || !b) continue;
      ++row.cases;
      exact_us.push_back(sc.exact_us);
      for (Algorithm alg : properties::all_algorithms())
        fast_ns[properties::to_string(alg)].push_back(time_fast(alg, *a, *b, opt.timing_repeats));
    }
    row.exact_us = median(exact_us);
    for (auto& [alg, v] : fast_ns) row.fast_ns[alg] = median(v);
    st.timing.push_back(row);
  }

  // Contact points: clipping vs closest internal vertices, and the worst case per algorithm.
  std::string example_family;
  for (Precision p : {Precision::double_, Precision::single}) {
    ContactRow clip{"manifold", properties::to_string(p)},
        civ{"internal_vertices", properties::to_string(p)};
    const properties::Bounds mb = properties::bounds_for(Algorithm::manifold, p);
    for (const SampleCase& sc : cases) {
      if (sc.exact.relation != reference::Relation::overlapping) continue;
      auto run = [&](Algorithm alg) {
        return p == Precision::single ? properties::run_fast<float>(alg, sc.g.c)
                                      : properties::run_fast<double>(alg, sc.g.c);
      };
      const auto fm = run(Algorithm::manifold), fi = run(Algorithm::internal_vertices);
      if (!fm || !fi) continue;
      std::optional<double> clip_spread;
      for (auto [row, f] : {std::pair{&clip, &*fm}, std::pair{&civ, &*fi}}) {
        ++row->overlapping;
        const std::size_t n = f->contacts ? f->contacts->size() : 0;
        row->points += n;
        if (n == 0) {
          ++row->no_points;
          continue;
        }
        const properties::Verdict v = properties::judge(sc.g.c, sc.exact, *f, mb);
        const auto* fv = field_of(v, "contacts");
        if (fv && !fv->ok) ++row->off_surface;
        if (n == 2) {
          const double spread = std::fabs((*f->contacts)[0].depth - (*f->contacts)[1].depth);
          if (row == &clip)
            clip_spread = spread;
          else if (spread == 0 && clip_spread && *clip_spread > mb.k_contact * mb.u * v.scale)
            ++row->single_depth;
        }
      }
      // Prefer polygons (a "plus sign") over the degenerate family's crossing segments.
      const bool better =
          !st.contact_example || (example_family == "degenerate" && sc.g.family != "degenerate");
      if (p == Precision::double_ && better && (!fi->contacts || fi->contacts->empty())) {
        example_family = sc.g.family;
        st.contact_example = sc.g.c;
        st.contact_example_why =
            "closest internal vertices finds no contact point although the shapes overlap";
      }
    }
    st.contacts.push_back(clip);
    st.contacts.push_back(civ);
  }

  for (Algorithm alg : properties::all_algorithms()) {
    if (!properties::is_judged(alg)) continue;
    for (Precision p : {Precision::double_, Precision::single}) {
      std::optional<WorstCase> w;
      double worst_ratio = -1;
      for (const SampleCase& sc : cases) {
        const auto f = p == Precision::single ? properties::run_fast<float>(alg, sc.g.c)
                                              : properties::run_fast<double>(alg, sc.g.c);
        if (!f) continue;
        const properties::Verdict v =
            properties::judge(sc.g.c, sc.exact, *f, properties::bounds_for(alg, p));
        for (const auto& fv : v.fields) {
          if (!(fv.allowed > 0)) continue;
          const double ratio = fv.error / fv.allowed;
          if (ratio > worst_ratio) {
            worst_ratio = ratio;
            w = WorstCase{properties::to_string(alg),
                          properties::to_string(p),
                          sc.g.family,
                          properties::to_string(fv.field),
                          sc.index,
                          fv.error,
                          fv.allowed,
                          sc.g.c,
                          2};
          }
        }
      }
      if (w) st.worst.push_back(*w);
    }
  }
  study3(opt, st);
  st.seconds = std::chrono::duration<double>(Clock::now() - t_start).count();
  return st;
}

}  // namespace minkowski::reports
