#pragma once
// minkowski/properties/tolerance_model.hpp — the tolerance model's vocabulary: which algorithm,
// in which precision, which judged field, and the constants a field is held to (Bounds).
//
// Light on purpose: no fast algorithm, no exact reference. bounds.hpp (the table of k per
// algorithm, precision and field) and judge.hpp build on it; fast_adapters.hpp runs the
// algorithms it names. docs/design.md, "Tolerance model", states the model.

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "minkowski/fast/tolerances.hpp"

namespace minkowski::properties {

enum class Algorithm {
  sat,                ///< fast::sat_query: relation and MTV
  gjk,                ///< fast::gjk_distance: relation, distance, witness points
  epa,                ///< fast::penetration (GJK + EPA): relation, MTV, distance, witnesses
  manifold,           ///< fast::contact_manifold (SAT + clipping): relation, normal, contacts
  internal_vertices,  ///< fast::closest_internal_vertices: the alternative contact method
};

const std::vector<Algorithm>& all_algorithms();
const char* to_string(Algorithm a);
std::optional<Algorithm> algorithm_from_string(const std::string& s);

enum class Precision { single, double_ };
const char* to_string(Precision p);
/// The inverse of to_string: "float" or "double"; nullopt for anything else (a command's "both"
/// is the command's own business).
std::optional<Precision> precision_from_string(std::string_view s);

/// A field of an answer that judge() measures (FieldVerdict::field). Its name (to_string) is the
/// key of the field in campaign summaries, tables and reports; inside the judge it is this enum.
enum class Field {
  relation,       ///< intersecting or not; k_relation
  distance,       ///< separation distance; k_distance
  depth,          ///< penetration depth; k_depth
  normal,         ///< normal × depth as a move of B; k_normal
  witness,        ///< closest points on A and B; k_witness
  contacts,       ///< where contact points lie; k_contact
  contact_depth,  ///< each contact's depth; judged with k_depth (no k of its own)
};
inline constexpr std::array<Field, 7> kAllFields = {
    Field::relation, Field::distance, Field::depth,        Field::normal,
    Field::witness,  Field::contacts, Field::contact_depth};
const char* to_string(Field f);
/// The inverse of to_string; nullopt for a name that is no field.
std::optional<Field> field_from_string(std::string_view s);

/// The constants one algorithm is held to (k per field, in units of u·S) and its tau.
struct Bounds {
  double u = fast::unit_roundoff<double>();
  double k_relation = 0, k_distance = 0, k_depth = 0, k_normal = 0, k_witness = 0, k_contact = 0;
  double tau = 0;
  double tau_relative = 0;  ///< a further tau proportional to S (a setting relative to size)
  /// Contact depths only: a further tau proportional to S — a clipping manifold's reference-face
  /// tolerance lets a contact be deeper than the minimum depth (bounds.cpp, manifold).
  double tau_contact_depth_relative = 0;
  /// Smallest case scale S at which judge() asserts anything (bounds.cpp, min_judged_scale): below
  /// it a verdict records its errors but is ok. 0 asserts at every scale.
  double min_scale = 0;

  /// The k that field `f` is held to (contact_depth: k_depth).
  double k(Field f) const;
  /// The member holding field f's own k; contact_depth has none (nullptr).
  double* k_of(Field f);
};

/// What judge() allows one field on a case of scale S: |error| <= k·u·S + tau.
struct Allowance {
  double k = 0;  ///< in units of u·S; 0 when `b` bounds no such field
  double tau =
      0;  ///< absolute, at this S: the Bounds' tau, its tau_relative·S and, for contact depths,
          ///< tau_contact_depth_relative·S
};

/// The allowance of `field` under `b` for a case of scale S — the one table of k and tau per
/// field, used by judge() and by the report:
///   relation                  k_relation; no tau (the band is rounding only)
///   distance, depth, witness  k of the field; tau + tau_relative·S
///   normal                    k_normal; tau + tau_relative·S, which judge() grants only when the
///                             move leaves the shapes separated or touching
///   contacts                  k_contact; no tau (where the points are is rounding-governed)
///   contact_depth             k_depth; tau + tau_relative·S + tau_contact_depth_relative·S
Allowance allowance(const Bounds& b, Field field, double scale);
/// The same by the field's name (summaries and reports); an unknown name gets {0, 0}.
Allowance allowance(const Bounds& b, std::string_view field, double scale);

/// allowance(b, field, S) in units of u·S: k + tau / (u·S), as FieldVerdict::allowed. Bounds with
/// no absolute tau (every bounds_for) give the same figure at every S, up to rounding.
double allowed_us(const Bounds& b, Field field, double scale);
double allowed_us(const Bounds& b, std::string_view field, double scale);

}  // namespace minkowski::properties
