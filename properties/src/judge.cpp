#include "minkowski/properties/judge.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace minkowski::properties {

namespace {

using reference::Real;

double to_double(const Real& r) { return static_cast<double>(r); }

bool same_shape(const reference::Shape& x, const reference::Shape& y) {
  return x.radius == y.radius && x.points == y.points;
}

/// case_scale_of for the shapes a and b.
double scale_of(const reference::Shape& a, const reference::Shape& b) {
  double s = 0;
  for (const reference::Shape* sh : {&a, &b})
    for (const reference::Point& p : sh->points) s = std::max({s, std::fabs(p.x), std::fabs(p.y)});
  return std::max({s, a.radius, b.radius, 1e-300});
}

/// The exact questions judge() asks about one case — the signed distance after a translation of
/// B, and the signed distance of a point to A or to B — answered from Minkowski differences built
/// once (reference::PreparedPair). A campaign judges ten fast answers per case (five algorithms,
/// two precisions), which would otherwise each rebuild and certify the hulls; this memo keeps the
/// last case seen by the calling thread. It is a cache, not a change of answer: PreparedPair
/// answers bit for bit as the one-shot functions do. Distances are asked already rounded to double
/// (signed_distance_after_translation_rounded): the same doubles as rounding the 257-bit exact
/// values, mostly certified with floating-point expansions instead of computed with GMP and MPFR.
class PreparedCase {
 public:
  static PreparedCase& of(const fixtures::Case& c) {
    thread_local PreparedCase memo;
    if (!memo.valid_ || !same_shape(memo.a_, c.a) || !same_shape(memo.b_, c.b)) {
      memo.a_ = c.a;
      memo.b_ = c.b;
      memo.valid_ = true;
      memo.pair_.reset();
      memo.scale_.reset();
      memo.a_point_.reset();
      memo.b_point_.reset();
      memo.point_answers_.clear();
    }
    return memo;
  }
  const reference::PreparedPair& pair() {
    if (!pair_) pair_.emplace(a_, b_);
    return *pair_;
  }
  /// case_scale_of(the case), computed once per case (a pass over every point of both shapes,
  /// which the ten answers of a case each repeated).
  double scale() {
    if (!scale_) scale_ = scale_of(a_, b_);
    return *scale_;
  }
  /// Signed distance between A and B + v.
  double after_translation(reference::Point v) {
    const std::array<double, 2> p{v.x, v.y};
    for (const PointAnswer& k : point_answers_)
      if (k.which == kTranslation && k.p == p) return k.distance;
    const double d = pair().signed_distance_after_translation_rounded(v);
    if (point_answers_.size() < kMaxPointAnswers) point_answers_.push_back({kTranslation, p, d});
    return d;
  }
  /// Signed distance of point p to A (which = 0) or B (which = 1), > 0 outside.
  /// Several fast answers of one case often report the same point (GJK and EPA share their
  /// witnesses, the two contact algorithms their clipped points, algorithms their MTVs), so
  /// answers are kept per case: the same exact question, the same answer.
  /// A point that is not finite is infinitely far (an error the judge reports, not an exception
  /// that would end a campaign; bounds_table_test.cpp,
  /// ANonFinitePointIsAnInfiniteErrorNotAnException).
  double point_distance(int which, std::array<double, 2> p) {
    if (!std::isfinite(p[0]) || !std::isfinite(p[1])) return INFINITY;
    for (const PointAnswer& k : point_answers_)
      if (k.which == which && k.p == p) return k.distance;
    std::optional<reference::PreparedPair>& slot = which == 0 ? a_point_ : b_point_;
    if (!slot) slot = which == 0 ? pair().a_against_point() : pair().b_against_point();
    const double d = slot->signed_distance_after_translation_rounded({p[0], p[1]});
    if (point_answers_.size() < kMaxPointAnswers) point_answers_.push_back({which, p, d});
    return d;
  }

 private:
  static constexpr int kTranslation = 2;  ///< PointAnswer::which of after_translation()
  struct PointAnswer {
    int which;                ///< 0: distance to A, 1: to B, kTranslation: after translating B
    std::array<double, 2> p;  ///< compared with == (−0 and +0 are one point; NaN never matches)
    double distance;
  };
  /// Bound on the kept answers per case (searched linearly): ten fast answers per case ask about
  /// six questions each (two witness points or two per contact, one MTV); beyond it answers
  /// are simply not kept.
  static constexpr std::size_t kMaxPointAnswers = 64;
  bool valid_ = false;
  reference::Shape a_, b_;
  std::optional<reference::PreparedPair> pair_, a_point_, b_point_;
  std::optional<double> scale_;
  std::vector<PointAnswer> point_answers_;
};

}  // namespace

reference::PairAnswer exact_answer(const fixtures::Case& c, reference::Detail detail) {
  return PreparedCase::of(c).pair().query(detail);
}

double case_scale_of(const fixtures::Case& c) { return scale_of(c.a, c.b); }

std::string Verdict::summary() const {
  for (const FieldVerdict& f : fields)
    if (!f.ok) return std::string(to_string(f.field)) + ": " + f.detail;
  return "";
}

Verdict judge(const fixtures::Case& c, const reference::PairAnswer& exact, const FastAnswer& fast,
              const Bounds& b) {
  Verdict v;
  v.fields.reserve(8);  // at most one per field name allowance() knows: no reallocation
  PreparedCase& prepared = PreparedCase::of(c);
  v.scale = prepared.scale();
  const double us = b.u * v.scale;
  const double sd = to_double(exact.signed_distance);
  const double exact_distance = std::max(sd, 0.0), exact_depth = std::max(-sd, 0.0);
  // `what` describes the measurement; it is formatted only for a failing field (formatting every
  // field of every answer would cost a good part of a campaign's time).
  // `tau` is the allowance's, or 0 where judge() withholds it (normal).
  // The input's move by the engine's own shape construction (FastAnswer::input_shift), granted
  // to every field.
  const double shift =
      std::isfinite(fast.input_shift) && fast.input_shift > 0 ? fast.input_shift : 0.0;
  auto add = [&](Field field, double err_abs, double k, double tau_field, auto what) {
    const double tau = tau_field + shift;
    // A NaN error (a NaN in the answer) is an infinite one: it fails, and it is the worst error
    // of its cell (a NaN would compare as neither larger nor smaller than any other).
    if (std::isnan(err_abs)) err_abs = INFINITY;
    FieldVerdict f;
    f.field = field;
    f.error = err_abs / us;
    f.allowed = k + tau / us;
    f.shift = shift / us;
    f.ok = err_abs <= k * us + tau;
    if (!f.ok)
      f.detail = fmt::format(
          "{}: error {:.3g} u·S ({:.3g}), allowed {:.3g} u·S (k = {}, tau = {:.3g}), S = {:.3g}",
          what(), f.error, err_abs, f.allowed, k, tau, v.scale);
    v.ok = v.ok && f.ok;
    v.fields.push_back(std::move(f));
  };

  // Relation: a disagreement must lie inside the band |signed distance| <= k·u·S.
  const bool exact_intersects = exact.relation != reference::Relation::separated;
  const double k_relation = allowance(b, Field::relation, v.scale).k;
  {
    FieldVerdict f;
    f.field = Field::relation;
    f.error = fast.intersects == exact_intersects ? 0 : std::fabs(sd) / us;
    f.allowed = k_relation + shift / us;
    f.shift = shift / us;
    f.ok = fast.intersects == exact_intersects || std::fabs(sd) <= k_relation * us + shift;
    if (!f.ok)
      f.detail = fmt::format(
          "fast says {}, exact is {} (signed distance {:.17g} = {:.3g} u·S), band {:.3g} u·S",
          fast.intersects ? "intersecting" : "separated", reference::to_string(exact.relation), sd,
          std::fabs(sd) / us, f.allowed);
    // An input_shift that is not finite (NaN, or infinite: an unbounded move of the input) claims
    // an allowance that is no bound at all; it is a wrong answer, charged to the relation, the one
    // field every answer has (the shift widens its band first).
    if (!std::isfinite(fast.input_shift)) {
      f.error = INFINITY;
      f.ok = false;
      f.detail = fmt::format("input_shift is {}: not a finite move of the input", fast.input_shift);
    }
    v.ok = v.ok && f.ok;
    v.fields.push_back(std::move(f));
  }
  auto add_allowed = [&](Field field, double err_abs, auto what) {  // k and tau from allowance()
    const Allowance a = allowance(b, field, v.scale);
    add(field, err_abs, a.k, a.tau, what);
  };
  if (fast.distance)
    add_allowed(Field::distance, std::fabs(*fast.distance - exact_distance), [&] {
      return fmt::format("distance {:.17g} vs exact {:.17g}", *fast.distance, exact_distance);
    });
  if (fast.depth && fast.intersects)
    add_allowed(Field::depth, std::fabs(*fast.depth - exact_depth), [&] {
      return fmt::format("depth {:.17g} vs exact {:.17g}", *fast.depth, exact_depth);
    });
  if (fast.normal && fast.depth && fast.intersects) {
    const auto& n = *fast.normal;
    const reference::Point mtv{n[0] * *fast.depth, n[1] * *fast.depth};
    double after = 0;
    bool finite = std::isfinite(mtv.x) && std::isfinite(mtv.y);
    if (finite) after = prepared.after_translation(mtv);
    const double overshoot = std::hypot(mtv.x, mtv.y) - exact_depth;
    // Error: how far B still overlaps after the move, or how much longer than needed the move is.
    const double err = finite ? std::max({0.0, -after, overshoot}) : INFINITY;
    const Allowance a = allowance(b, Field::normal, v.scale);
    add(Field::normal, err, a.k, after < 0 ? 0.0 : a.tau, [&] {
      return fmt::format(
          "mtv ({:.17g}, {:.17g}) leaves signed distance {:.3g}, exceeds depth by {:.3g}", mtv.x,
          mtv.y, after, overshoot);
    });
  }
  if (fast.point_a && fast.point_b && !fast.intersects) {
    const double ea = std::fabs(prepared.point_distance(0, *fast.point_a));
    const double eb = std::fabs(prepared.point_distance(1, *fast.point_b));
    const double gap = std::hypot((*fast.point_b)[0] - (*fast.point_a)[0],
                                  (*fast.point_b)[1] - (*fast.point_a)[1]);
    const double ed = std::fabs(gap - exact_distance);
    add_allowed(Field::witness, std::max({ea, eb, ed}), [&] {
      return fmt::format("point_a off A by {:.3g}, point_b off B by {:.3g}, |b − a| off by {:.3g}",
                         ea, eb, ed);
    });
  }
  if (fast.contacts && fast.intersects) {
    // Two fields: where the points are (rounding-governed, k_contact) and how deep they claim to
    // be (governed by the algorithm's own setting tau, e.g. a reference-face tolerance).
    double worst_place = 0, worst_depth = 0;
    double place_da = 0, place_db = 0;
    std::size_t place_i = 0, depth_i = 0;
    double deepest = -INFINITY;  // the deepest contact's depth (deepest-contact rule, below)
    std::size_t deepest_i = 0;
    for (std::size_t i = 0; i < fast.contacts->size(); ++i) {
      const FastContact& k = (*fast.contacts)[i];
      if (k.depth > deepest) deepest = k.depth, deepest_i = i;
      // (std::max would pass over a NaN depth: it compares as neither larger nor smaller.)
      const double dd =
          std::isnan(k.depth) ? INFINITY : std::max({0.0, -k.depth, k.depth - exact_depth});
      double da, db;
      if (k.point_a && k.point_b) {
        // On the surface each claims — for a polygon exactly its boundary. For a rounded shape a
        // clipped point lies on the disc of the feature that produced it (core point ± r·normal),
        // which may be inside the shape when the normal is oblique to the core's edge; such a
        // point is accepted as long as it is not outside its shape.
        const double sa = prepared.point_distance(0, *k.point_a),
                     sb = prepared.point_distance(1, *k.point_b);
        da = c.a.radius == 0 ? std::fabs(sa) : std::max(sa, 0.0);
        db = c.b.radius == 0 ? std::fabs(sb) : std::max(sb, 0.0);
      } else {  // between the surfaces: outside neither by more than the contact's depth
        const double slack = std::max(k.depth, 0.0);
        da = std::max(0.0, prepared.point_distance(0, k.point) - slack);
        db = std::max(0.0, prepared.point_distance(1, k.point) - slack);
      }
      if (std::max(da, db) >= worst_place) {
        worst_place = std::max(da, db);
        place_i = i, place_da = da, place_db = db;
      }
      if (dd >= worst_depth) {
        worst_depth = dd;
        depth_i = i;
      }
    }
    auto at = [&](std::size_t i) {
      const FastContact& k = (*fast.contacts)[i];
      return fmt::format("contact {} at ({:.17g}, {:.17g}) depth {:.17g}", i, k.point[0],
                         k.point[1], k.depth);
    };
    const bool none = fast.contacts->empty();
    // The deepest-contact rule (judge.hpp, "contact_depth"; derived in docs/tolerances.md): beyond
    // the relation band, a clipping on a reference face whose normal is an optimal direction keeps
    // a point exactly as deep as the exact depth, so the deepest contact may fall short of it by
    // no more than the contact-depth allowance. In 2D this holds for every such clipping.
    const double shortfall = deepest_contact_shortfall(*fast.contacts, exact_depth,
                                                       exact_depth > k_relation * us + shift);
    const bool short_deepest = shortfall > worst_depth;
    if (short_deepest) worst_depth = shortfall;
    if (none) {
      // An intersecting answer that gives `contacts` at all must give at least one where the
      // shapes overlap beyond the relation band: the error is the exact depth the missing
      // manifold leaves undescribed, allowed the relation band (plus the input's shift). Inside
      // the band — touching, or overlap within rounding — an empty manifold is a fair answer.
      add(Field::contacts, exact_depth, k_relation, 0.0, [&] {
        return fmt::format(
            "empty contacts: no contact point for shapes overlapping by exact depth {:.17g}, "
            "beyond the relation band",
            exact_depth);
      });
    } else {
      add_allowed(Field::contacts, worst_place, [&] {
        return fmt::format("{}: off A by {:.3g}, off B by {:.3g}", at(place_i), place_da, place_db);
      });
    }
    add_allowed(Field::contact_depth, worst_depth, [&] {
      if (none) return std::string("no contacts");
      if (short_deepest)
        return fmt::format("deepest {}: shallower than exact depth {:.17g} by {:.3g}",
                           at(deepest_i), exact_depth, worst_depth);
      return fmt::format("{}: depth outside [0, exact depth {:.17g}] by {:.3g}", at(depth_i),
                         exact_depth, worst_depth);
    });
  }
  // A non-finite number in a field that is not judged for this answer's relation (a depth of a
  // separated answer, witness points of an intersecting one, …) is still a wrong answer: it fails
  // the field holding it. Nothing is recorded for a finite unjudged field, as before.
  {
    auto bad = [](double d) { return !std::isfinite(d); };
    auto bad2 = [&](const std::optional<std::array<double, 2>>& p) {
      return p && (bad((*p)[0]) || bad((*p)[1]));
    };
    auto non_finite = [&](Field field, const char* name) {
      add(field, INFINITY, 0.0, 0.0, [&] {
        return fmt::format(
            "{} is not finite (a field not judged in this answer, but a "
            "non-finite number is always wrong)",
            name);
      });
    };
    // The conditions under which the fields above are judged, negated.
    if (!fast.intersects && fast.depth && bad(*fast.depth)) non_finite(Field::depth, "depth");
    if (!(fast.intersects && fast.depth) && bad2(fast.normal)) non_finite(Field::normal, "normal");
    if (!(fast.point_a && fast.point_b && !fast.intersects) &&
        (bad2(fast.point_a) || bad2(fast.point_b)))
      non_finite(Field::witness, "point_a or point_b");
    if (!fast.intersects && fast.contacts) {
      bool point = false, depth = false;
      for (const FastContact& k : *fast.contacts) {
        point = point || bad(k.point[0]) || bad(k.point[1]) || bad2(k.point_a) || bad2(k.point_b);
        depth = depth || bad(k.depth);
      }
      if (point) non_finite(Field::contacts, "a contact's point");
      if (depth) non_finite(Field::contact_depth, "a contact's depth");
    }
  }
  if (v.scale < b.min_scale) {  // measured, not asserted (Bounds::min_scale)
    v.asserted = false;
    v.ok = true;
    for (FieldVerdict& f : v.fields) f.ok = true, f.detail.clear();
  }
  return v;
}

}  // namespace minkowski::properties
