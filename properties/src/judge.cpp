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
  Bounds bb = b;
  bb.tau = b.tau + b.tau_relative * v.scale;
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
    add("distance", std::fabs(*fast.distance - exact_distance), b.k_distance, bb.tau,
        fmt::format("distance {:.17g} vs exact {:.17g}", *fast.distance, exact_distance));
  if (fast.depth && fast.intersects)
    add("depth", std::fabs(*fast.depth - exact_depth), b.k_depth, bb.tau,
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
    add("normal", err, b.k_normal, after < 0 ? 0.0 : bb.tau,
        fmt::format("mtv ({:.17g}, {:.17g}) leaves signed distance {:.3g}, exceeds depth by {:.3g}",
                    mtv.x, mtv.y, after, overshoot));
  }
  if (fast.point_a && fast.point_b && !fast.intersects) {
    const double ea = std::fabs(point_signed_distance(c.a, *fast.point_a));
    const double eb = std::fabs(point_signed_distance(c.b, *fast.point_b));
    const double gap = std::hypot((*fast.point_b)[0] - (*fast.point_a)[0], (*fast.point_b)[1] - (*fast.point_a)[1]);
    const double ed = std::fabs(gap - exact_distance);
    add("witness", std::max({ea, eb, ed}), b.k_witness, bb.tau,
        fmt::format("point_a off A by {:.3g}, point_b off B by {:.3g}, |b − a| off by {:.3g}", ea, eb, ed));
  }
  if (fast.contacts && fast.intersects) {
    // Two fields: where the points are (rounding-governed, k_contact) and how deep they claim to
    // be (governed by the algorithm's own setting tau, e.g. a reference-face tolerance).
    double worst_place = 0, worst_depth = 0;
    std::string place_what = "no contacts", depth_what = "no contacts";
    for (std::size_t i = 0; i < fast.contacts->size(); ++i) {
      const FastContact& k = (*fast.contacts)[i];
      const double dd = std::max({0.0, -k.depth, k.depth - exact_depth});
      double da, db;
      if (k.point_a && k.point_b) {
        // On the surface each claims — for a polygon exactly its boundary. For a rounded shape a
        // clipped point lies on the disc of the feature that produced it (core point ± r·normal),
        // which may be inside the shape when the normal is oblique to the core's edge; such a
        // point is accepted as long as it is not outside its shape.
        const double sa = point_signed_distance(c.a, *k.point_a), sb = point_signed_distance(c.b, *k.point_b);
        da = c.a.radius == 0 ? std::fabs(sa) : std::max(sa, 0.0);
        db = c.b.radius == 0 ? std::fabs(sb) : std::max(sb, 0.0);
      } else {  // between the surfaces: outside neither by more than the contact's depth
        const double slack = std::max(k.depth, 0.0);
        da = std::max(0.0, point_signed_distance(c.a, k.point) - slack);
        db = std::max(0.0, point_signed_distance(c.b, k.point) - slack);
      }
      const std::string at = fmt::format("contact {} at ({:.17g}, {:.17g}) depth {:.17g}", i, k.point[0], k.point[1], k.depth);
      if (std::max(da, db) >= worst_place) {
        worst_place = std::max(da, db);
        place_what = fmt::format("{}: off A by {:.3g}, off B by {:.3g}", at, da, db);
      }
      if (dd >= worst_depth) {
        worst_depth = dd;
        depth_what = fmt::format("{}: depth outside [0, exact depth {:.17g}] by {:.3g}", at, exact_depth, dd);
      }
    }
    add("contacts", worst_place, b.k_contact, 0, place_what);
    add("contact_depth", worst_depth, b.k_depth, bb.tau + b.tau_contact_depth_relative * v.scale, depth_what);
  }
  return v;
}

}  // namespace minkowski::properties
