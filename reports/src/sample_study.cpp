#include "minkowski/reports/sample_study.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "internal_vertices3.hpp"
#include "minkowski/fast/epa.hpp"
#include "minkowski/fast/gjk.hpp"
#include "minkowski/fast/manifold.hpp"
#include "minkowski/fast/sat.hpp"
#include "minkowski/fast/tolerances3.hpp"
#include "minkowski/properties/dimension.hpp"
#include "minkowski/properties/internal_vertices.hpp"

namespace minkowski::reports {
namespace {

using properties::Algorithm;
using properties::Algorithm3;
using properties::Dim;
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

template <class T>
Precision precision_of() {
  return std::is_same_v<T, float> ? Precision::single : Precision::double_;
}

// An answer with the weld's move of the input that the judge grants (FastAnswer::input_shift), as
// run_fast sets it.
template <class Answer, class Pair>
Answer shifted(Answer f, const Pair& p) {
  f.input_shift = static_cast<double>(p.a->weld_shift()) + static_cast<double>(p.b->weld_shift());
  return f;
}

// ---- the swept settings ------------------------------------------------------------------------

// One swept setting of dimension D in precision T: the algorithm whose bounds judge it, the field
// it controls, its default (relative units: the setting as the sweep reports it), the lowest
// setting the library can take (0: any), whether only the cases the exact answer does not call
// separated are judged, and the query run at a setting on a case's shapes (its iterations or axes
// tested written to `work`).
template <int D, class T>
struct Sweep {
  using Pair = typename Dim<D>::template Pair<T>;
  using Answer = typename Dim<D>::Answer;
  typename Dim<D>::Algo algorithm;
  const char* field;
  double default_setting;
  double lowest = 0;
  bool non_separated_only = false;
  std::optional<Answer> (*run)(const Pair&, double setting, int& work) = nullptr;
};

// The 2D library's settings: all of sweep_names().
template <class T>
std::optional<Sweep<2, T>> sweep_of2(const std::string& name) {
  using P = properties::FastPair<T>;
  const double u = fast::unit_roundoff<T>();
  if (name == "gjk_gap")
    return Sweep<2, T>{
        Algorithm::gjk,
        "distance",
        fast::kGjkGapUlps * u,
        0,
        false,
        [](const P& p, double s, int& work) -> std::optional<properties::FastAnswer> {
          fast::GjkOptions o;
          o.gap_ulps = s / fast::unit_roundoff<T>();
          const auto r = fast::gjk_distance(*p.a, *p.b, nullptr, o);
          work = r.iterations;
          return shifted(properties::to_answer(r), p);
        }};
  if (name == "epa_tolerance")
    return Sweep<2, T>{
        Algorithm::epa,
        "depth",
        fast::kEpaToleranceUlps * u,
        0,
        false,
        [](const P& p, double s, int& work) -> std::optional<properties::FastAnswer> {
          fast::EpaOptions<T> o;
          o.relative_tolerance = static_cast<T>(s);
          const auto r = fast::penetration(*p.a, *p.b, nullptr, {}, o);
          work = r.epa_iterations;
          return shifted(properties::to_answer(r), p);
        }};
  if (name == "sat_parallel_axis")
    return Sweep<2, T>{
        Algorithm::sat,
        "depth",
        fast::kSatParallelAxisUlps * u,
        0,
        false,
        [](const P& p, double s, int& work) -> std::optional<properties::FastAnswer> {
          const fast::SatResult<T> r =
              fast::sat_query(*p.a, *p.b, nullptr, fast::SatOptions{s / fast::unit_roundoff<T>()});
          work = r.axes_tested;
          return shifted(properties::to_answer(r), p);
        }};
  if (name == "manifold_reference_face")
    return Sweep<2, T>{
        Algorithm::manifold,
        "contact_depth",
        fast::kReferenceFaceRelativeTolerance,
        0,
        false,
        [](const P& p, double s, int& work) -> std::optional<properties::FastAnswer> {
          fast::ManifoldOptions o;
          o.reference_face_relative_tolerance = s;
          const auto m = fast::contact_manifold(*p.a, *p.b, T(0), nullptr, o);
          work = m.axes_tested;
          return shifted(properties::to_answer(m), p);
        }};
  if (name == "manifold_keep")
    return Sweep<2, T>{
        Algorithm::manifold,
        "contact_depth",
        fast::kSatGapErrorUlps * u,
        0,
        false,
        [](const P& p, double s, int& work) -> std::optional<properties::FastAnswer> {
          fast::ManifoldOptions o;
          o.keep_ulps = s / fast::unit_roundoff<T>();
          const auto m = fast::contact_manifold(*p.a, *p.b, T(0), nullptr, o);
          work = m.axes_tested;
          return shifted(properties::to_answer(m), p);
        }};
  return std::nullopt;
}

// The 3D library's settings. GJK's relative gap is the GjkOptions field 2D sweeps (gjk3.hpp adds
// a fixed absolute part, kGjk3GapAbsUlps); EPA's tolerance is relative to S_a + S_b as in 2D
// (default kEpa3ToleranceUlps · u). The keep limit: manifold3.hpp keeps a clipped point whose
// separation is at most margin + kSat3GapErrorUlps · u · S (S = the larger shape scale,
// sat3_detail::pair_scale), so the setting s = keep slack / S asks for margin = (s −
// kSat3GapErrorUlps · u) · S and cannot go below kSat3GapErrorUlps · u (margin >= 0). A margin
// also asks for speculative contacts of shapes apart by less than it, which 2D's keep_ulps does
// not: that sweep judges only the cases the exact answer does not call separated, where the
// margin only keeps points farther outside contact, as 2D's does. 3D SAT has no parallel-axis
// setting (it skips no face axis; sat3.hpp ignores SatOptions) and the reference-face
// preference is the constant kManifold3ReferenceFaceRelativeTolerance: no 3D rows for them.
template <class T>
std::optional<Sweep<3, T>> sweep_of3(const std::string& name) {
  using P = properties::FastPair3<T>;
  using A = std::optional<properties::FastAnswer3>;
  const double u = fast::unit_roundoff<T>();
  if (name == "gjk_gap")
    return Sweep<3, T>{Algorithm3::gjk,
                       "distance",
                       fast::kGjkGapUlps * u,
                       0,
                       false,
                       [](const P& p, double s, int& work) -> A {
                         fast::GjkOptions o;
                         o.gap_ulps = s / fast::unit_roundoff<T>();
                         const auto r = fast::gjk_distance(*p.a, *p.b, nullptr, o);
                         work = r.iterations;
                         return shifted(properties::to_answer3(r), p);
                       }};
  if (name == "epa_tolerance")
    return Sweep<3, T>{Algorithm3::penetration,
                       "depth",
                       fast::kEpa3ToleranceUlps * u,
                       0,
                       false,
                       [](const P& p, double s, int& work) -> A {
                         fast::EpaOptions<T> o = fast::epa3_default_options<T>();
                         o.relative_tolerance = static_cast<T>(s);
                         const auto r = fast::penetration(*p.a, *p.b, nullptr, {}, o);
                         work = r.epa_iterations;
                         return shifted(properties::to_answer3(r), p);
                       }};
  if (name == "manifold_keep")
    return Sweep<3, T>{Algorithm3::manifold,
                       "contact_depth",
                       fast::kSat3GapErrorUlps * u,
                       fast::kSat3GapErrorUlps * u,
                       true,
                       [](const P& p, double s, int& work) -> A {
                         const double floor = fast::kSat3GapErrorUlps * fast::unit_roundoff<T>();
                         const double scale = fast::sat3_detail::pair_scale(*p.a, *p.b);
                         const T margin = static_cast<T>(std::max(0.0, (s - floor) * scale));
                         const auto m = fast::contact_manifold(*p.a, *p.b, margin);
                         work = m.axes_tested;
                         return shifted(properties::to_answer3(m), p);
                       }};
  return std::nullopt;
}

template <int D, class T>
std::optional<Sweep<D, T>> sweep_of(const std::string& name) {
  if constexpr (D == 2)
    return sweep_of2<T>(name);
  else
    return sweep_of3<T>(name);
}

// A sweep's settings: sweep_settings() and the default, ascending, none below `lowest`.
template <int D, class T>
std::vector<double> settings_of(const Sweep<D, T>& sw) {
  std::vector<double> s;
  for (double x : sweep_settings())
    if (x >= sw.lowest && x != sw.default_setting) s.push_back(x);
  s.push_back(sw.default_setting);
  std::sort(s.begin(), s.end());
  return s;
}

// ---- each dimension's fast queries -------------------------------------------------------------

// The fast query `alg` in double on prebuilt shapes, reduced to a number (timed; the result is
// kept from being optimised away, not converted to protocol form).
double raw_query(Algorithm alg, const fast::ConvexShape<double>& a,
                 const fast::ConvexShape<double>& b) {
  switch (alg) {
    case Algorithm::sat:
      return fast::sat_query(a, b).depth;
    case Algorithm::gjk:
      return fast::gjk_distance(a, b).distance;
    case Algorithm::epa:
      return fast::penetration(a, b).depth;
    case Algorithm::manifold:
      return fast::contact_manifold(a, b).point_count;
    case Algorithm::internal_vertices:
      return properties::closest_internal_vertices(a, b).point_count;
  }
  return 0;
}
double raw_query(Algorithm3 alg, const fast::ConvexShape3<double>& a,
                 const fast::ConvexShape3<double>& b) {
  switch (alg) {
    case Algorithm3::gjk:
      return fast::gjk_distance(a, b).distance;
    case Algorithm3::penetration:
      return fast::penetration(a, b).depth;
    case Algorithm3::sat:
      return fast::sat_query(a, b).depth;
    case Algorithm3::manifold:
      return fast::contact_manifold(a, b).point_count;
  }
  return 0;
}

// Closest internal vertices in protocol form: 2D's as run_fast answers it (without a normal),
// 3D's from internal_vertices3.hpp the same way.
template <class T>
std::optional<properties::FastAnswer> internal_vertices_answer(const properties::FastPair<T>& p) {
  return properties::run_fast<T>(Algorithm::internal_vertices, p);
}
template <class T>
std::optional<properties::FastAnswer3> internal_vertices_answer(const properties::FastPair3<T>& p) {
  if (!p.a || !p.b) return std::nullopt;
  properties::FastAnswer3 f =
      shifted(properties::to_answer3(closest_internal_vertices3(*p.a, *p.b)), p);
  f.normal.reset();  // as 2D's run_fast: the method's normal is SAT's, not its own answer
  return f;
}

// Largest minus smallest depth of an answer's contacts (0 for fewer than two).
template <class Answer>
double depth_spread(const Answer& f) {
  if (!f.contacts || f.contacts->size() < 2) return 0;
  const auto [lo, hi] =
      std::minmax_element(f.contacts->begin(), f.contacts->end(),
                          [](const auto& x, const auto& y) { return x.depth < y.depth; });
  return hi->depth - lo->depth;
}

// ---- the study of one dimension ----------------------------------------------------------------

// The study of the cases of dimension D, one case at a time (add), every part's accumulators
// filled in report order the first time a case passes (so the order is that of the loops below,
// whatever the cases), then written out (finish).
template <int D>
class Study {
 public:
  using Dm = Dim<D>;
  using Case = typename Dm::Case;
  using Exact = typename Dm::Exact;
  using Answer = typename Dm::Answer;
  using Algo = typename Dm::Algo;

  struct Parts {
    bool sweep = true, contacts = true, timing = true, worst = true;
  };
  Study(Parts parts, int timing_repeats) : parts_(parts), repeats_(timing_repeats) {}

  void add(const Case& c, const Exact& exact, double exact_us, const std::string& family,
           std::uint64_t index) {
    ++cases_;
    const auto pd = Dm::template make_fast_pair<double>(c);
    const auto pf = Dm::template make_fast_pair<float>(c);
    if (parts_.timing) time_case(pd, exact_us, family);
    if (parts_.sweep) {
      std::size_t k = 0;
      for (const std::string& name : sweep_names()) {
        sweep_case<double>(name, c, exact, pd, k);
        sweep_case<float>(name, c, exact, pf, k);
      }
    }
    if (parts_.contacts) {
      std::size_t k = 0;
      contacts_case<double>(c, exact, pd, family, k);
      contacts_case<float>(c, exact, pf, family, k);
    }
    if (parts_.worst) {
      std::size_t k = 0;
      for (Algo alg : Dm::all_algorithms()) {
        if (!Dm::is_judged(alg)) continue;
        worst_case<double>(alg, c, exact, pd, family, index, k);
        worst_case<float>(alg, c, exact, pf, family, index, k);
      }
    }
  }

  std::uint64_t cases() const { return cases_; }

  std::vector<SweepPoint> sweep() const {
    std::vector<SweepPoint> out;
    for (const SweepAcc& a : sweep_) {
      SweepPoint p = a.point;
      p.max_error = a.errors.empty() ? 0 : *std::max_element(a.errors.begin(), a.errors.end());
      p.p99_error = quantile(a.errors, 0.99);
      p.mean_iterations = p.judged ? a.work / p.judged : 0;
      out.push_back(p);
    }
    return out;
  }
  const std::vector<ContactRow>& contacts() const { return contacts_; }
  const std::optional<ContactExample>& example() const { return example_; }
  std::vector<TimingRow> timing() const {
    std::vector<TimingRow> out;
    for (const std::string& fam : family_order_) {
      const TimingAcc& t = timing_.at(fam);
      TimingRow row;
      row.family = fam;
      row.cases = t.exact_us.size();
      row.exact_us = median(t.exact_us);
      for (const auto& [alg, v] : t.fast_ns) row.fast_ns[alg] = median(v);
      out.push_back(row);
    }
    return out;
  }
  std::vector<WorstCase> worst() const {
    std::vector<WorstCase> out;
    for (const WorstAcc& w : worst_)
      if (w.found) out.push_back(w.worst);
    return out;
  }

 private:
  struct SweepAcc {
    SweepPoint point;
    std::vector<double> errors;
    double work = 0;
  };
  struct TimingAcc {
    std::vector<double> exact_us;
    std::map<std::string, std::vector<double>> fast_ns;
  };
  struct WorstAcc {
    bool found = false;
    double ratio = -1;
    WorstCase worst;
  };

  // Time per case: the exact answer's (measured by the caller), then each fast query's median
  // over the repetitions, on the double shapes.
  void time_case(const typename Dm::template Pair<double>& p, double exact_us,
                 const std::string& family) {
    if (!p.a || !p.b) return;
    if (!timing_.count(family)) family_order_.push_back(family);
    TimingAcc& t = timing_[family];
    t.exact_us.push_back(exact_us);
    for (Algo alg : Dm::all_algorithms()) {
      std::vector<double> ns;
      volatile double sink = 0;
      for (int r = 0; r < repeats_; ++r) {
        const auto t0 = Clock::now();
        sink = sink + raw_query(alg, *p.a, *p.b);
        ns.push_back(std::chrono::duration<double, std::nano>(Clock::now() - t0).count());
      }
      t.fast_ns[Dm::to_string(alg)].push_back(median(ns));
    }
  }

  template <class T>
  void sweep_case(const std::string& name, const Case& c, const Exact& exact,
                  const typename Dm::template Pair<T>& pair, std::size_t& k) {
    const auto sw = sweep_of<D, T>(name);
    if (!sw) return;
    const Precision prec = precision_of<T>();
    const properties::Bounds bounds = Dm::bounds_for(sw->algorithm, prec);
    for (double s : settings_of(*sw)) {
      if (k == sweep_.size()) {
        SweepAcc a;
        a.point.dim = D;
        a.point.tolerance = name;
        a.point.precision = properties::to_string(prec);
        a.point.field = sw->field;
        a.point.setting = s;
        a.point.is_default = s == sw->default_setting;
        sweep_.push_back(std::move(a));
      }
      SweepAcc& a = sweep_[k++];
      if (!pair.a || !pair.b) continue;
      if (sw->non_separated_only && exact.relation == reference::Relation::separated) continue;
      int work = 0;
      const auto f = sw->run(pair, s, work);
      if (!f) continue;
      const properties::Verdict v = Dm::judge(c, exact, *f, bounds);
      ++a.point.judged;
      a.work += work;
      if (!v.ok) ++a.point.failures;
      if (const auto* fv = field_of(v, a.point.field)) a.errors.push_back(fv->error);
    }
  }

  // Contact points on an overlapping case: clipping against closest internal vertices, both judged
  // with the manifold's bounds.
  template <class T>
  void contacts_case(const Case& c, const Exact& exact, const typename Dm::template Pair<T>& pair,
                     const std::string& family, std::size_t& k) {
    const Precision prec = precision_of<T>();
    const Algo manifold = *Dm::algorithm_from_string("manifold");
    if (k == contacts_.size()) {
      for (const char* method : {"manifold", "internal_vertices"}) {
        ContactRow row;
        row.dim = D;
        row.method = method;
        row.precision = properties::to_string(prec);
        contacts_.push_back(row);
      }
    }
    ContactRow& clip = contacts_[k++];
    ContactRow& civ = contacts_[k++];
    if (exact.relation != reference::Relation::overlapping) return;
    const auto fm = Dm::template run_fast<T>(manifold, pair);
    const auto fi = internal_vertices_answer(pair);
    if (!fm || !fi) return;
    const properties::Bounds mb = Dm::bounds_for(manifold, prec);
    std::optional<double> clip_spread;
    for (auto [row, f] : {std::pair{&clip, &*fm}, std::pair{&civ, &*fi}}) {
      ++row->overlapping;
      const std::size_t n = f->contacts ? f->contacts->size() : 0;
      row->points += n;
      if (n == 0) {
        ++row->no_points;
        continue;
      }
      const properties::Verdict v = Dm::judge(c, exact, *f, mb);
      const auto* fv = field_of(v, "contacts");
      if (fv && !fv->ok) ++row->off_surface;
      if (n < 2) continue;
      const double spread = depth_spread(*f);
      if (row == &clip)
        clip_spread = spread;
      else if (spread == 0 && clip_spread && *clip_spread > mb.k_contact * mb.u * v.scale)
        ++row->single_depth;
    }
    // The example: polygons (a "plus sign") rather than the degenerate family's crossing
    // segments.
    const bool better = !example_ || (example_->family == "degenerate" && family != "degenerate");
    if (prec == Precision::double_ && better && (!fi->contacts || fi->contacts->empty())) {
      example_ = ContactExample{
          c,
          family,
          "closest internal vertices finds no contact point although the shapes overlap",
          D,
          {}};
      if constexpr (D == 3) example_->internal_vertices3 = *fi;
    }
  }

  template <class T>
  void worst_case(Algo alg, const Case& c, const Exact& exact,
                  const typename Dm::template Pair<T>& pair, const std::string& family,
                  std::uint64_t index, std::size_t& k) {
    if (k == worst_.size()) worst_.emplace_back();
    WorstAcc& w = worst_[k++];
    const auto f = Dm::template run_fast<T>(alg, pair);
    if (!f) return;
    const Precision prec = precision_of<T>();
    const properties::Verdict v = Dm::judge(c, exact, *f, Dm::bounds_for(alg, prec));
    for (const auto& fv : v.fields) {
      if (!(fv.allowed > 0) || !(fv.error / fv.allowed > w.ratio)) continue;
      w.ratio = fv.error / fv.allowed;
      w.found = true;
      w.worst = WorstCase{Dm::to_string(alg),
                          properties::to_string(prec),
                          family,
                          properties::to_string(fv.field),
                          index,
                          fv.error,
                          fv.allowed,
                          c,
                          D};
    }
  }

  Parts parts_;
  int repeats_;
  std::uint64_t cases_ = 0;
  std::vector<SweepAcc> sweep_;
  std::vector<ContactRow> contacts_;
  std::optional<ContactExample> example_;
  std::vector<std::string> family_order_;
  std::map<std::string, TimingAcc> timing_;
  std::vector<WorstAcc> worst_;
};

// The first opt.per_family cases of each of `families` (campaign_case_of<D>), each studied whole.
template <int D>
Study<D> study_families(const std::vector<std::string>& families, const SampleOptions& opt) {
  Study<D> study({}, opt.timing_repeats);
  for (const std::string& fam : families)
    for (std::uint64_t i = 0; i < opt.per_family; ++i) {
      const auto g = properties::campaign_case_of<D>(fam, opt.seed, i);
      const auto t0 = Clock::now();
      const auto exact = Dim<D>::exact_answer(g.c, reference::Detail::magnitudes);
      const double us = std::chrono::duration<double, std::micro>(Clock::now() - t0).count();
      study.add(g.c, exact, us, g.family, i);
    }
  return study;
}

Study<3> study3_of(const std::vector<StudyCase3>& cases, Study<3>::Parts parts) {
  Study<3> study(parts, 1);
  for (std::size_t i = 0; i < cases.size(); ++i)
    study.add(cases[i].c, cases[i].exact, 0, cases[i].family, i);
  return study;
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

std::vector<SweepPoint> sweep3(const std::vector<StudyCase3>& cases) {
  return study3_of(cases, Study<3>::Parts{true, false, false, false}).sweep();
}

std::vector<ContactRow> contact_study3(const std::vector<StudyCase3>& cases,
                                       std::optional<ContactExample>* example) {
  const Study<3> study = study3_of(cases, Study<3>::Parts{false, true, false, false});
  if (example) *example = study.example();
  return study.contacts();
}

SampleStudy run_sample_study(const SampleOptions& opt) {
  const auto t_start = Clock::now();
  SampleStudy st;
  const Study<2> two = study_families<2>(opt.families, opt);
  const Study<3> three = study_families<3>(opt.families3, opt);
  st.cases = two.cases();
  st.cases3 = three.cases();
  st.sweep = two.sweep();
  const std::vector<SweepPoint> sweep3 = three.sweep();
  st.sweep.insert(st.sweep.end(), sweep3.begin(), sweep3.end());
  st.contacts = two.contacts();
  st.contacts.insert(st.contacts.end(), three.contacts().begin(), three.contacts().end());
  st.timing = two.timing();
  st.timing3 = three.timing();
  st.worst = two.worst();
  for (WorstCase& w : three.worst()) st.worst.push_back(std::move(w));
  for (const auto& e : {two.example(), three.example()})
    if (e) st.contact_examples.push_back(*e);
  st.seconds = std::chrono::duration<double>(Clock::now() - t_start).count();
  return st;
}

}  // namespace minkowski::reports
