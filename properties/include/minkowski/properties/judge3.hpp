#pragma once
// minkowski/properties/judge3.hpp — the tolerance model of docs/design.md judging 3D answers.
//
// The same model as judge.hpp, field by field, with the same rules and the same allowance() (one
// table of k and tau per field for both dimensions); only the vectors have three components and
// the exact questions go to the 3D reference (reference/oracle3.hpp). S is the largest absolute
// coordinate or radius of the case, u the unit roundoff of the fast type, k the field's constant
// (bounds3_for(Algorithm3, Precision), bounds.hpp) and tau the algorithm's own tolerance:
//   relation       fast and exact may disagree only when |exact signed distance| <= k·u·S;
//   distance       |fast − exact| <= k·u·S + tau          (exact distance = max(signed distance, 0));
//   depth          |fast − exact| <= k·u·S + tau          (exact depth = max(−signed distance, 0));
//   normal         v = normal·depth is valid when B translated by v is separated or touching within
//                  k·u·S (exact: PreparedPair3::signed_distance_after_translation_rounded) and
//                  |v| <= exact depth + k·u·S + tau — any optimal direction passes, ties included
//                  (the tau only when the move leaves the shapes separated or touching);
//   witness        point_a within k·u·S + tau of A's surface, point_b of B's, and
//                  ||point_b − point_a| − exact distance| <= k·u·S + tau;
//   contacts       with k = k_contact and no tau: when the contact names its surface points,
//                  point_a lies within k·u·S of A's surface and point_b of B's (for a rounded
//                  shape: not outside it by more); otherwise `point` lies no deeper outside
//                  either shape than the contact's depth plus k·u·S;
//   contact_depth  each contact's depth lies in [−(k·u·S + tau'), exact depth + k·u·S + tau'], with
//                  k = k_depth and tau' = tau + tau_contact_depth_relative·S; and the
//                  deepest-contact rule of judge.hpp (deepest contact >= exact depth − (k·u·S +
//                  tau') beyond the relation band), applied only where every optimal direction m
//                  of the exact answer is a ray along which A's support set (along m) and B's
//                  (along −m) are both faces. The 2D derivation needs the incident face to hold
//                  the other shape's support set along −m; in 3D the face most anti-parallel to m
//                  need not (a vertex's Gauss-map cell can be long and thin, with another face's
//                  normal nearer to −m than the faces at the vertex), so a correct clipping that
//                  picks the incident face by "most anti-parallel" can miss the depth on a
//                  face–vertex or face–edge contact; on a face–face contact the incident face is
//                  the one face whose normal is exactly −m, holding the whole support set. Edge–
//                  edge directions are excluded too: an edge–edge contact (the closest points of
//                  the two edges) is exactly d deep, but an engine that prefers faces within a
//                  tolerance clips on a face that is not optimal. Excluded as well: the origin on
//                  an edge or vertex of D or a flat D (cone directions). docs/tolerances.md.
// An intersecting answer whose `contacts` is present and empty fails `contacts` when the exact
// depth exceeds the relation band; an absent `contacts` is not judged. A non-finite number fails
// the field holding it, judged or not; a non-finite input_shift fails the relation. Every field's
// allowance also gets FastAnswer3::input_shift (the fast shapes' weld_shift, A's plus B's).
// Errors are reported in units of u·S, as in 2D (FieldVerdict, Verdict).

#include <array>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "minkowski/fixtures/case_io.hpp"
#include "minkowski/properties/judge.hpp"  // FieldVerdict, Verdict
#include "minkowski/properties/tolerance_model.hpp"
#include "minkowski/reference/oracle3.hpp"

namespace minkowski::properties {

/// One contact of a 3D manifold: FastContact with 3-vectors.
struct FastContact3 {
  std::array<double, 3> point{};
  double depth = 0;
  std::optional<std::array<double, 3>> point_a, point_b;  ///< both or neither
  friend bool operator==(const FastContact3&, const FastContact3&) = default;
};

/// A 3D fast answer: the 2D FastAnswer (the `--exec` protocol's answer) with 3-vectors —
/// "Protocol in 3D" of docs/design.md: the same keys, three components. `normal` is a unit vector
/// from A towards B; `input_shift` how far the engine moved the input when it built its shapes.
struct FastAnswer3 {
  bool intersects = false;
  std::optional<std::array<double, 3>> normal;
  std::optional<double> depth;
  std::optional<double> distance;
  std::optional<std::array<double, 3>> point_a, point_b;
  std::optional<std::vector<FastContact3>> contacts;
  double input_shift = 0;  ///< 0: none (not written)
  friend bool operator==(const FastAnswer3&, const FastAnswer3&) = default;
};

/// The answer as a JSON object with the protocol's keys in the protocol's order (protocol.hpp):
/// intersects, normal, depth, distance, point_a, point_b, contacts, input_shift (when positive);
/// only the fields that are set; a non-finite number spelt "NaN", "Infinity" or "-Infinity".
nlohmann::ordered_json protocol_json(const FastAnswer3& a);

/// Judges `fast` against `exact` for the 3D case `c`. Pure function of its inputs (no I/O).
Verdict judge3(const fixtures::Case3& c, const reference::PairAnswer3& exact,
               const FastAnswer3& fast, const Bounds& bounds);

/// S of a 3D case: the largest absolute coordinate or radius of either shape.
double case_scale_of(const fixtures::Case3& c);

/// reference::query(c.a, c.b, detail) from the prepared pair judge3() keeps for the calling
/// thread's current case (built once per case for the exact answer and every judged normal and
/// point). Same answer, bit for bit. Throws InputError.
reference::PairAnswer3 exact_answer3(const fixtures::Case3& c,
                                     reference::Detail detail = reference::Detail::full);

}  // namespace minkowski::properties
