#include "minkowski/properties/bounds.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "minkowski/fast/tolerances.hpp"

namespace minkowski::properties {

const char* to_string(Precision p) { return p == Precision::single ? "float" : "double"; }

std::optional<Precision> precision_from_string(std::string_view s) {
  for (Precision p : {Precision::single, Precision::double_})
    if (s == to_string(p)) return p;
  return std::nullopt;
}

const char* to_string(Field f) {
  switch (f) {
    case Field::relation:
      return "relation";
    case Field::distance:
      return "distance";
    case Field::depth:
      return "depth";
    case Field::normal:
      return "normal";
    case Field::witness:
      return "witness";
    case Field::contacts:
      return "contacts";
    case Field::contact_depth:
      return "contact_depth";
  }
  return "?";
}

std::optional<Field> field_from_string(std::string_view s) {
  for (Field f : kAllFields)
    if (s == to_string(f)) return f;
  return std::nullopt;
}

namespace {

/// The member of `b` holding field f's own k (const or not, as b); contact_depth has none.
template <class B>
auto k_member(B& b, Field f) -> decltype(&b.k_relation) {
  switch (f) {
    case Field::relation:
      return &b.k_relation;
    case Field::distance:
      return &b.k_distance;
    case Field::depth:
      return &b.k_depth;
    case Field::normal:
      return &b.k_normal;
    case Field::witness:
      return &b.k_witness;
    case Field::contacts:
      return &b.k_contact;
    case Field::contact_depth:
      return nullptr;
  }
  return nullptr;
}

}  // namespace

double* Bounds::k_of(Field f) { return k_member(*this, f); }

double Bounds::k(Field f) const {
  return *k_member(*this, f == Field::contact_depth ? Field::depth : f);
}

Allowance allowance(const Bounds& b, Field field, double scale) {
  const double tau = b.tau + b.tau_relative * scale;
  switch (field) {
    case Field::relation:
      return {b.k_relation, 0};
    case Field::contacts:
      return {b.k_contact, 0};
    case Field::contact_depth:
      return {b.k_depth, tau + b.tau_contact_depth_relative * scale};
    default:
      return {b.k(field), tau};
  }
}

Allowance allowance(const Bounds& b, std::string_view field, double scale) {
  const std::optional<Field> f = field_from_string(field);
  return f ? allowance(b, *f, scale) : Allowance{};
}

double allowed_us(const Bounds& b, Field field, double scale) {
  const Allowance a = allowance(b, field, scale);
  return a.k + a.tau / (b.u * scale);
}

double allowed_us(const Bounds& b, std::string_view field, double scale) {
  const Allowance a = allowance(b, field, scale);
  return a.k + a.tau / (b.u * scale);
}

bool is_judged(Algorithm alg) { return alg != Algorithm::internal_vertices; }

double min_judged_scale(Precision p) {
  auto of = []<class T>(T) {
    return std::sqrt(static_cast<double>(std::numeric_limits<T>::min())) /
           static_cast<double>(fast::unit_roundoff<T>());
  };
  return p == Precision::single ? of(0.0f) : of(0.0);
}

namespace {

/// u and min_scale of precision p, no k yet.
Bounds unbounded(Precision p) {
  Bounds b;
  b.u = p == Precision::double_ ? fast::unit_roundoff<double>() : fast::unit_roundoff<float>();
  b.min_scale = min_judged_scale(p);
  return b;
}

}  // namespace

Bounds bounds_for(Algorithm alg, Precision p) {
  Bounds b = unbounded(p);
  for (const BoundRow& row : kBoundsTable)
    if (row.algorithm == alg && row.precision == p) *b.k_of(row.field) = row.k;
  if (alg == Algorithm::manifold) b.tau_contact_depth_relative = kManifoldContactDepthTauRelative;
  return b;
}

// An external engine (`check --exec`) may answer any field with any algorithm. Each field is held
// to the loosest bound among minkowski's own judged algorithms that answer that field in the same
// precision — the accuracy this suite shows to be achievable by at least one of its methods, and
// no stricter than what minkowski holds itself to on its campaigns. A derived row (SAT's distance,
// depth and normal, whose worst case the arithmetic allows far above any error seen) counts with
// its measured envelope (BoundRow::envelope): an engine is held to what our methods achieve, not
// excused by our worst case:
//   relation  max(sat, gjk, epa, manifold)   distance  max(sat, gjk, epa)
//   depth     max(sat, epa, manifold)        normal    max(sat, epa)
//   witness   max(gjk, epa)                  contacts  manifold, and its reference-face tolerance
// for contact depths. `check --exec --bounds FILE` replaces any of these.
Bounds engine_bounds(Precision p) {
  Bounds b = unbounded(p);
  for (const BoundRow& row : kBoundsTable)
    if (row.precision == p && is_judged(row.algorithm)) {
      double& k = *b.k_of(row.field);
      k = std::max(k, row.envelope > 0 ? row.envelope : row.k);  // derived rows: the envelope
    }
  b.tau_contact_depth_relative = kManifoldContactDepthTauRelative;
  return b;
}

const std::vector<Algorithm3>& all_algorithms3() {
  static const std::vector<Algorithm3> all = {Algorithm3::gjk, Algorithm3::penetration,
                                              Algorithm3::sat, Algorithm3::manifold};
  return all;
}

const char* to_string(Algorithm3 a) {
  switch (a) {
    case Algorithm3::gjk:
      return "gjk";
    case Algorithm3::penetration:
      return "penetration";
    case Algorithm3::sat:
      return "sat";
    case Algorithm3::manifold:
      return "manifold";
  }
  return "?";
}

std::optional<Algorithm3> algorithm3_from_string(std::string_view s) {
  for (Algorithm3 a : all_algorithms3())
    if (s == to_string(a)) return a;
  return std::nullopt;
}

Bounds bounds3_for(Algorithm3 alg, Precision p) {
  Bounds b = unbounded(p);
  for (const BoundRow3& row : kBoundsTable3)
    if (row.algorithm == alg && row.precision == p) *b.k_of(row.field) = row.k;
  if (alg == Algorithm3::manifold) b.tau_contact_depth_relative = kManifold3ContactDepthTauRelative;
  return b;
}

}  // namespace minkowski::properties
