#include "minkowski/properties/judge3.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "exact_support.hpp"
#include "minkowski/reference/predicates3.hpp"

namespace minkowski::properties {

namespace {

using V3 = std::array<double, 3>;

bool same_shape(const reference::Shape3& x, const reference::Shape3& y) {
  return x.radius == y.radius && x.points == y.points;
}

double scale_of(const reference::Shape3& a, const reference::Shape3& b) {
  double s = 0;
  for (const reference::Shape3* sh : {&a, &b})
    for (const reference::Point3& p : sh->points)
      s = std::max({s, std::fabs(p.x), std::fabs(p.y), std::fabs(p.z)});
  return std::max({s, a.radius, b.radius, 1e-300});
}

/// |(x, y, z)| without overflow or underflow in between (as judge.cpp's std::hypot).
double norm(double x, double y, double z) { return std::hypot(x, y, z); }

/// The exact questions judge3() asks about one case, from pairs prepared once per case (the 3D
/// form of judge.cpp's PreparedCase: a 3D hull of the difference costs far more than the fast
/// answers it judges, and every algorithm in both precisions asks about the same case).
class PreparedCase3 {
 public:
  static PreparedCase3& of(const fixtures::Case3& c) {
    thread_local PreparedCase3 memo;
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
  const reference::PreparedPair3& pair() {
    if (!pair_) pair_.emplace(a_, b_);
    return *pair_;
  }
  double scale() {
    if (!scale_) scale_ = scale_of(a_, b_);
    return *scale_;
  }
  /// Signed distance between A and B + v (v finite).
  double after_translation(const V3& v) { return cached(kTranslation, v); }
  /// Signed distance of point p to A (which = 0) or B (which = 1), > 0 outside; a point that is
  /// not finite is infinitely far (an error the judge reports, not an exception).
  double point_distance(int which, const V3& p) {
    if (!std::isfinite(p[0]) || !std::isfinite(p[1]) || !std::isfinite(p[2])) return INFINITY;
    return cached(which, p);
  }

 private:
  static constexpr int kTranslation = 2;
  struct PointAnswer {
    int which;  ///< 0: distance to A, 1: to B, kTranslation: after translating B
    V3 p;       ///< compared with == (−0 and +0 are one point; NaN never matches)
    double distance;
  };
  /// Bound on the kept answers per case (searched linearly; beyond it answers are not kept):
  /// eight fast answers per case, each asking about at most ten points.
  static constexpr std::size_t kMaxPointAnswers = 96;

  double cached(int which, const V3& p) {
    for (const PointAnswer& k : point_answers_)
      if (k.which == which && k.p == p) return k.distance;
    double d;
    if (which == kTranslation) {
      d = pair().signed_distance_after_translation_rounded({p[0], p[1], p[2]});
    } else {
      std::optional<reference::PreparedPair3>& slot = which == 0 ? a_point_ : b_point_;
      if (!slot) slot = which == 0 ? pair().a_against_point() : pair().b_against_point();
      d = slot->signed_distance_after_translation_rounded({p[0], p[1], p[2]});
    }
    if (point_answers_.size() < kMaxPointAnswers) point_answers_.push_back({which, p, d});
    return d;
  }

  bool valid_ = false;
  reference::Shape3 a_, b_;
  std::optional<reference::PreparedPair3> pair_, a_point_, b_point_;
  std::optional<double> scale_;
  std::vector<PointAnswer> point_answers_;
};

nlohmann::ordered_json number_json(double d) {
  if (std::isnan(d)) return "NaN";
  if (std::isinf(d)) return d > 0 ? "Infinity" : "-Infinity";
  return d;
}

nlohmann::ordered_json triple_json(const V3& p) {
  return nlohmann::ordered_json::array({number_json(p[0]), number_json(p[1]), number_json(p[2])});
}

std::string triple_text(const V3& p) {
  return fmt::format("({:.17g}, {:.17g}, {:.17g})", p[0], p[1], p[2]);
}

/// Whether the points of a shape attaining the largest m·p span a plane (its support set along m
/// is a face, not a vertex or an edge), decided exactly. A floating-point filter first: only the
/// points whose dot product may, within its rounding bound, equal the largest are candidates, and
/// fewer than three candidates cannot span a plane (the common answer, no exact arithmetic);
/// otherwise the candidates attaining the largest are found exactly (exact_support.hpp: GMP
/// integers, no rationals) and whether they span a plane with the reference's staged exact
/// predicates. m: an exact direction (not normalized), flipped when `negate`.
bool support_set_is_face(const std::vector<reference::Point3>& pts,
                         const reference::RationalPoint3& m, bool negate) {
  if (pts.size() < 3) return false;
  // m's integer multiple, rounded and scaled by a power of two (exact_support.hpp): each
  // component off by < 2u of itself, or by a subnormal step.
  thread_local exact_support::IntegerDirection<3> dir;
  if (!dir.set({&m.x, &m.y, &m.z})) return false;
  const double sign = negate ? -1.0 : 1.0;
  const V3 md{sign * dir.approx[0], sign * dir.approx[1], sign * dir.approx[2]};
  // |computed − exact| of a dot product: the rounding of md (2u per component) and of the three
  // products and two sums (< 3u of Σ|md_i·p_i| each way), 5u in all, within kFilterUlps = 8u,
  // plus one smallest subnormal per product for underflow: kFilterUlps·u·Σ|md_i·p_i| +
  // kFilterUlps·2^-1074.
  constexpr double kFilterUlps = 8, kU = 0x1p-53, kTiny = 0x1p-1074;
  thread_local std::vector<double> dot, err;
  dot.resize(pts.size());
  err.resize(pts.size());
  double lowest_max = -INFINITY;
  for (std::size_t i = 0; i < pts.size(); ++i) {
    const reference::Point3& p = pts[i];
    dot[i] = md[0] * p.x + md[1] * p.y + md[2] * p.z;
    err[i] =
        kFilterUlps *
        (kU * (std::fabs(md[0] * p.x) + std::fabs(md[1] * p.y) + std::fabs(md[2] * p.z)) + kTiny);
    lowest_max = std::max(lowest_max, dot[i] - err[i]);
  }
  thread_local std::vector<std::size_t> cand;
  cand.clear();
  for (std::size_t i = 0; i < pts.size(); ++i)
    if (dot[i] + err[i] >= lowest_max) cand.push_back(i);
  if (cand.size() < 3) return false;
  // Exactly: the candidates attaining the largest m·p (the shape's largest is among them).
  thread_local std::vector<std::uint8_t> is_top;
  exact_support::exact_maxima<3>(
      cand.size(),
      [&](std::size_t i, int k) {
        const reference::Point3& p = pts[cand[i]];
        return k == 0 ? p.x : (k == 1 ? p.y : p.z);
      },
      dir, negate ? -1 : 1, is_top);
  thread_local std::vector<reference::ExactPoint3> set;
  set.clear();
  for (std::size_t j = 0; j < cand.size(); ++j)
    if (is_top[j]) set.push_back(reference::exact(pts[cand[j]]));
  // Two distinct points q0, q1, then any q not collinear with them (collinear3: the staged exact
  // test, the same answer as (q1 − q0) × (q − q0) ≠ 0 in rationals; its stage counts discarded).
  if (set.size() < 3) return false;
  const reference::ExactPoint3& q0 = set[0];
  std::size_t k1 = 1;
  while (k1 < set.size() && set[k1] == q0) ++k1;
  if (k1 == set.size()) return false;
  reference::StageCounts ignored;
  const bool d01 = reference::in_expansion_domain3(q0) && reference::in_expansion_domain3(set[k1]);
  for (std::size_t k = k1 + 1; k < set.size(); ++k) {
    const bool d = d01 && reference::in_expansion_domain3(set[k]);
    if (!reference::collinear3(q0, set[k1], set[k], d, ignored)) return true;
  }
  return false;
}

/// Where the deepest-contact rule applies in 3D (judge3.hpp): every optimal direction of the
/// exact answer is a ray m along which A's support set (along m) and B's (along −m) are both
/// faces — a face–face contact. Cones (the origin on an edge or vertex of D, a flat D) and "all"
/// are not.
bool every_direction_face_face(const reference::PairAnswer3& exact, const reference::Shape3& a,
                               const reference::Shape3& b) {
  if (exact.directions.empty()) return false;
  for (const reference::DirectionSet3& s : exact.directions) {
    if (s.kind != reference::DirectionSet3::Kind::ray || s.generators.empty()) return false;
    if (!support_set_is_face(a.points, s.generators[0], false) ||
        !support_set_is_face(b.points, s.generators[0], true))
      return false;
  }
  return true;
}

}  // namespace

nlohmann::ordered_json protocol_json(const FastAnswer3& a) {
  nlohmann::ordered_json j;
  j["intersects"] = a.intersects;
  if (a.normal) j["normal"] = triple_json(*a.normal);
  if (a.depth) j["depth"] = number_json(*a.depth);
  if (a.distance) j["distance"] = number_json(*a.distance);
  if (a.point_a) j["point_a"] = triple_json(*a.point_a);
  if (a.point_b) j["point_b"] = triple_json(*a.point_b);
  if (a.contacts) {
    nlohmann::ordered_json ks = nlohmann::ordered_json::array();
    for (const FastContact3& k : *a.contacts) {
      nlohmann::ordered_json kj;
      kj["point"] = triple_json(k.point);
      kj["depth"] = number_json(k.depth);
      if (k.point_a) kj["point_a"] = triple_json(*k.point_a);
      if (k.point_b) kj["point_b"] = triple_json(*k.point_b);
      ks.push_back(std::move(kj));
    }
    j["contacts"] = std::move(ks);
  }
  if (!(a.input_shift <= 0)) j["input_shift"] = number_json(a.input_shift);
  return j;
}

reference::PairAnswer3 exact_answer3(const fixtures::Case3& c, reference::Detail detail) {
  return PreparedCase3::of(c).pair().query(detail);
}

double case_scale_of(const fixtures::Case3& c) { return scale_of(c.a, c.b); }

Verdict judge3(const fixtures::Case3& c, const reference::PairAnswer3& exact,
               const FastAnswer3& fast, const Bounds& b) {
  Verdict v;
  v.fields.reserve(8);
  PreparedCase3& prepared = PreparedCase3::of(c);
  v.scale = prepared.scale();
  const double us = b.u * v.scale;
  const double sd = static_cast<double>(exact.signed_distance);
  const double exact_distance = std::max(sd, 0.0), exact_depth = std::max(-sd, 0.0);
  const double shift =
      std::isfinite(fast.input_shift) && fast.input_shift > 0 ? fast.input_shift : 0.0;
  // As judge(): `what` is formatted only for a failing field; a NaN error is an infinite one.
  auto add = [&](Field field, double err_abs, double k, double tau_field, auto what) {
    const double tau = tau_field + shift;
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

  // Relation: a disagreement must lie inside the band |signed distance| <= k·u·S (+ shift).
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
    if (!std::isfinite(fast.input_shift)) {
      f.error = INFINITY;
      f.ok = false;
      f.detail = fmt::format("input_shift is {}: not a finite move of the input", fast.input_shift);
    }
    v.ok = v.ok && f.ok;
    v.fields.push_back(std::move(f));
  }
  auto add_allowed = [&](Field field, double err_abs, auto what) {
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
    const V3& n = *fast.normal;
    const V3 mtv{n[0] * *fast.depth, n[1] * *fast.depth, n[2] * *fast.depth};
    const bool finite = std::isfinite(mtv[0]) && std::isfinite(mtv[1]) && std::isfinite(mtv[2]);
    const double after = finite ? prepared.after_translation(mtv) : 0.0;
    const double overshoot = norm(mtv[0], mtv[1], mtv[2]) - exact_depth;
    const double err = finite ? std::max({0.0, -after, overshoot}) : INFINITY;
    const Allowance a = allowance(b, Field::normal, v.scale);
    add(Field::normal, err, a.k, after < 0 ? 0.0 : a.tau, [&] {
      return fmt::format("mtv {} leaves signed distance {:.3g}, exceeds depth by {:.3g}",
                         triple_text(mtv), after, overshoot);
    });
  }
  if (fast.point_a && fast.point_b && !fast.intersects) {
    const double ea = std::fabs(prepared.point_distance(0, *fast.point_a));
    const double eb = std::fabs(prepared.point_distance(1, *fast.point_b));
    const V3 &pa = *fast.point_a, &pb = *fast.point_b;
    const double gap = norm(pb[0] - pa[0], pb[1] - pa[1], pb[2] - pa[2]);
    const double ed = std::fabs(gap - exact_distance);
    add_allowed(Field::witness, std::max({ea, eb, ed}), [&] {
      return fmt::format(
          "point_a {} off A by {:.3g}, point_b {} off B by {:.3g}, |b − a| off by "
          "{:.3g}",
          triple_text(pa), ea, triple_text(pb), eb, ed);
    });
  }
  if (fast.contacts && fast.intersects) {
    double worst_place = 0, worst_depth = 0, place_da = 0, place_db = 0;
    std::size_t place_i = 0, depth_i = 0;
    double deepest = -INFINITY;  // the deepest contact's depth (deepest-contact rule, below)
    std::size_t deepest_i = 0;
    for (std::size_t i = 0; i < fast.contacts->size(); ++i) {
      const FastContact3& k = (*fast.contacts)[i];
      if (k.depth > deepest) deepest = k.depth, deepest_i = i;
      const double dd =
          std::isnan(k.depth) ? INFINITY : std::max({0.0, -k.depth, k.depth - exact_depth});
      double da, db;
      if (k.point_a && k.point_b) {
        // On the surface each claims; a rounded shape's point may be inside it (judge.cpp).
        const double sa = prepared.point_distance(0, *k.point_a),
                     sb = prepared.point_distance(1, *k.point_b);
        da = c.a.radius == 0 ? std::fabs(sa) : std::max(sa, 0.0);
        db = c.b.radius == 0 ? std::fabs(sb) : std::max(sb, 0.0);
      } else {  // between the surfaces: outside neither by more than the contact's depth
        const double slack = std::max(k.depth, 0.0);
        da = std::max(0.0, prepared.point_distance(0, k.point) - slack);
        db = std::max(0.0, prepared.point_distance(1, k.point) - slack);
      }
      if (std::isnan(da)) da = INFINITY;
      if (std::isnan(db)) db = INFINITY;
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
      const FastContact3& k = (*fast.contacts)[i];
      return fmt::format("contact {} at {} depth {:.17g}", i, triple_text(k.point), k.depth);
    };
    const bool none = fast.contacts->empty();
    // The deepest-contact rule (judge3.hpp), only beyond the relation band and where every
    // optimal direction is a face–face contact (asked last: it is the one exact computation).
    const bool deep_rule = !none && exact_depth > k_relation * us + shift &&
                           every_direction_face_face(exact, c.a, c.b);
    const double shortfall = deepest_contact_shortfall(*fast.contacts, exact_depth, deep_rule);
    const bool short_deepest = shortfall > worst_depth;
    if (short_deepest) worst_depth = shortfall;
    if (none) {
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
  // A non-finite number in a field not judged for this answer's relation still fails its field.
  {
    auto bad = [](double d) { return !std::isfinite(d); };
    auto bad3 = [&](const std::optional<V3>& p) {
      return p && (bad((*p)[0]) || bad((*p)[1]) || bad((*p)[2]));
    };
    auto non_finite = [&](Field field, const char* name) {
      add(field, INFINITY, 0.0, 0.0, [&] {
        return fmt::format(
            "{} is not finite (a field not judged in this answer, but a "
            "non-finite number is always wrong)",
            name);
      });
    };
    if (!fast.intersects && fast.depth && bad(*fast.depth)) non_finite(Field::depth, "depth");
    if (!(fast.intersects && fast.depth) && bad3(fast.normal)) non_finite(Field::normal, "normal");
    if (!(fast.point_a && fast.point_b && !fast.intersects) &&
        (bad3(fast.point_a) || bad3(fast.point_b)))
      non_finite(Field::witness, "point_a or point_b");
    if (!fast.intersects && fast.contacts) {
      bool point = false, depth = false;
      for (const FastContact3& k : *fast.contacts) {
        point = point || bad(k.point[0]) || bad(k.point[1]) || bad(k.point[2]) || bad3(k.point_a) ||
                bad3(k.point_b);
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
