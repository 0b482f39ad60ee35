#include "minkowski/properties/judge.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace minkowski::properties {

namespace {

using reference::Real;

double to_double(const Real& r) { return static_cast<double>(r); }

/// Exact signed distance of point p to shape s (> 0 outside).
double point_signed_distance(const reference::Shape& s, std::array<double, 2> p) {
  reference::Shape point;
  point.points = {{p[0], p[1]}};
  return to_double(reference::query(s, point, reference::Detail::magnitudes).signed_distance);
}

}  // namespace

double case_scale_of(const fixtures::Case& c) {
  double s = 0;
  for (const reference::Shape* sh : {&c.a, &c.b})
    for (const reference::Point& p : sh->points) s = std::max({s, std::fabs(p.x), std::fabs(p.y)});
  return std::max({s, c.a.radius, c.b.radius, 1e-300});
}

std::string Verdict::summary() const {
  for (const FieldVerdict& f : fields)
    if (!f.ok) return f.field + ": " + f.detail;
  return "";
}

Verdict judge(const fixtures::Case& c, const reference::PairAnswer& exact, const FastAnswer& fast,
              const Bounds& b) {
  Verdict v;
  v.scale = case_scale_of(c);
  const double us = b.u * v.scale;
  const double sd = to_double(exact.signed_distance);
  const double exact_distance = std::max(sd, 0.0), exact_depth = std::max(-sd, 0.0);
  auto add = [&](std::string field, double err_abs, double k, double tau, std::string what) {
    FieldVerdict f;
    f.field = std::move(field);
    f.error = err_abs / us;
    f.allowed = k + tau / us;
    f.ok = err_abs <= k * us + tau;
    f.detail = fmt::format("{}: error {:.3g} u·S ({:.3g}), allowed {:.3g} u·S (k = {}, tau = {:.3g}), S = {:.3g}",
                           what, f.error, err_abs, f.allowed, k, tau, v.scale);
    v.ok = v.ok && f.ok;
    v.fields.push_back(std::move(f));
  };

  // Relation: a disagreement must lie inside the band |signed distance| <= k·u·S.
  const bool exact_intersects = exact.relation != reference::Relation::separated;
  {
    FieldVerdict f;
    f.field = "relation";
    f.error = fast.intersects == exact_intersects ? 0 : std::fabs(sd) / us;
    f.allowed = b.k_relation;
    f.ok = fast.intersects == exact_intersects || std::fabs(sd) <= b.k_relation * us;
    f.detail = fmt::format("fast says {}, exact is {} (signed distance {:.17g} = {:.3g} u·S), band {} u·S",
                           fast.intersects ? "intersecting" : "separated", reference::to_string(exact.relation),
                           sd, std::fabs(sd) / us, b.k_relation);
    v.ok = v.ok && f.ok;
    v.fields.push_back(std::move(f));
  }
  if (fast.distance)
    add("distance", std::fabs(*fast.distance - exact_distance), b.k_distance, b.tau,
        fmt::format("distance {:.17g} vs exact {:.17g}", *fast.distance, exact_distance));
  if (fast.depth && fast.intersects)
    add("depth", std::fabs(*fast.depth - exact_depth), b.k_depth, b.tau,
        fmt::format("depth {:.17g} vs exact {:.17g}", *fast.depth, exact_depth));
  if (fast.normal && fast.depth && fast.intersects) {
    const auto& n = *fast.normal;
    const reference::Point mtv{n[0] * *fast.depth, n[1] * *fast.depth};
    double after = 0;
    bool finite = std::isfinite(mtv.x) && std::isfinite(mtv.y);
    if (finite) after = to_double(reference::signed_distance_after_translation(c.a, c.b, mtv));
    const double overshoot = std::hypot(mtv.x, mtv.y) - exact_depth;
    // Error: how far B still overlaps after the move, or how much longer than needed the move is.
    const double err = finite ? std::max({0.0, -after, overshoot}) : INFINITY;
    add("normal", err, b.k_normal, after < 0 ? 0.0 : b.tau,
        fmt::format("mtv ({:.17g}, {:.17g}) leaves signed distance {:.3g}, exceeds depth by {:.3g}",
                    mtv.x, mtv.y, after, overshoot));
  }
  if (fast.point_a && fast.point_b && !fast.intersects) {
    const double ea = std::fabs(point_signed_distance(c.a, *fast.point_a));
    const double eb = std::fabs(point_signed_distance(c.b, *fast.point_b));
    const double gap = std::hypot((*fast.point_b)[0] - (*fast.point_a)[0], (*fast.point_b)[1] - (*fast.point_a)[1]);
    const double ed = std::fabs(gap - exact_distance);
    add("witness", std::max({ea, eb, ed}), b.k_witness, b.tau,
        fmt::format("point_a off A by {:.3g}, point_b off B by {:.3g}, |b − a| off by {:.3g}", ea, eb, ed));
  }
  if (fast.contacts && fast.intersects) {
    double worst = 0;
    std::string what = "no contacts";
    for (std::size_t i = 0; i < fast.contacts->size(); ++i) {
      const FastContact& k = (*fast.contacts)[i];
      const double da = std::max(0.0, point_signed_distance(c.a, k.point));
      const double db = std::max(0.0, point_signed_distance(c.b, k.point));
      const double dd = std::max({0.0, -k.depth, k.depth - exact_depth});
      const double e = std::max({da, db, dd});
      if (e >= worst) {
        worst = e;
        what = fmt::format("contact {} at ({:.17g}, {:.17g}) depth {:.17g}: outside A by {:.3g}, B by {:.3g}, "
                           "depth off by {:.3g} (exact depth {:.17g})",
                           i, k.point[0], k.point[1], k.depth, da, db, dd, exact_depth);
      }
    }
    add("contacts", worst, b.k_contact, b.tau, what);
  }
  return v;
}

}  // namespace minkowski::properties
