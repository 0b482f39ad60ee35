#pragma once
// minkowski/properties/judge.hpp — the tolerance model of docs/design.md as code.
//
// A fast answer (in the shape of the `--exec` protocol: only `intersects` is required) is judged
// field by field against the exact answer. Let S be the largest absolute coordinate (or radius)
// of the case, u the unit roundoff of the fast type, k the field's constant and tau the
// algorithm's own tolerance setting (Bounds::tau + tau_relative·S; allowance() is the table):
//   relation       fast and exact may disagree only when |exact signed distance| <= k·u·S;
//   distance       |fast − exact| <= k·u·S + tau          (exact distance = max(signed distance, 0));
//   depth          |fast − exact| <= k·u·S + tau          (exact depth = max(−signed distance, 0));
//   normal         v = normal·depth is valid when B translated by v is separated or touching within
//                  k·u·S (exact, reference::signed_distance_after_translation) and
//                  |v| <= exact depth + k·u·S + tau — any optimal direction passes, ties included
//                  (the tau only when the move leaves the shapes separated or touching);
//   witness        point_a within k·u·S + tau of A's surface, point_b of B's, and
//                  ||point_b − point_a| − exact distance| <= k·u·S + tau;
//   contacts       where the points are, with k = k_contact and no tau (rounding-governed): when the
//                  contact names its surface points, point_a lies within k·u·S of A's surface and
//                  point_b of B's ("each lies within k u S + tau of the surfaces it claims to be
//                  on", with tau 0) — for a rounded shape, on the disc of the feature that produced
//                  it, so not outside the shape (it may be inside when the normal is oblique);
//                  otherwise `point` lies no deeper outside either shape than the contact's depth
//                  plus k·u·S (a contact point sits between the two surfaces);
//   contact_depth  each contact's depth lies in [−(k·u·S + tau'), exact depth + k·u·S + tau'], with
//                  k = k_depth and tau' = tau + tau_contact_depth_relative·S (a clipping manifold's
//                  reference-face tolerance lets a contact be deeper than the minimum depth);
//                  and, when the exact depth exceeds the relation band k_relation·u·S
//                  (+ input_shift), the deepest contact is at least exact depth − (k·u·S + tau'):
//                  the deepest-contact rule, error exact depth − deepest depth. Derived, not
//                  guessed (docs/tolerances.md, "The deepest contact"): translating B by d·n (n an
//                  optimal direction, d the exact depth) makes the shapes touch, and the touching
//                  set lies in the plane of the reference face F (normal n), so a point p of B's
//                  support set along −n projects into F; p is d below F's plane and nothing of B
//                  is deeper. The incident edge holds that support set (2D: the most anti-parallel
//                  edge is adjacent to the support vertex, normals being monotone around a
//                  polygon), clipping keeps p, depth is linear along the clipped edge: its deepest
//                  end is exactly d deep. Rounded shapes: the same on the cores, every depth
//                  grown by the radii (cores apart: the closest features, the vertex of a
//                  face–vertex pair projecting into the face; a vertex pair's single point). So
//                  every correct clipping on an optimal face holds a contact at depth d; a
//                  clipping on a face that is not optimal (a coherence rule keeping A's face)
//                  is held to it within tau' (minkowski's manifold clips again when the first
//                  clipping lost the face's deepest vertex, manifold.hpp step 5). 3D:
//                  judge3.hpp says where the rule applies there.
// An intersecting answer whose `contacts` is present and empty fails `contacts` when the exact
// depth exceeds the relation band k_relation·u·S (+ input_shift): its error is the exact depth,
// its allowance the band. An absent `contacts` is not judged.
// A non-finite number fails the field holding it (a NaN error counts as an infinite one), and
// any field judged from it (normal·depth); so does one in a field not judged for this answer's
// relation (a separated answer's depth, say). A non-finite input_shift fails the relation.
// Every field's allowance also gets FastAnswer::input_shift, how far the engine's own shape
// construction moved the input (a weld): the fast answer is exact for the moved shapes, which lie
// that far from the case's (weld + rounding, not rounding alone).
// Errors are reported in units of u·S, so they compare across scales and types.

#include <array>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "minkowski/fixtures/case_io.hpp"
#include "minkowski/fixtures/protocol.hpp"
#include "minkowski/properties/tolerance_model.hpp"
#include "minkowski/reference/oracle.hpp"

namespace minkowski::properties {

/// A fast answer is an answer of the `--exec` protocol (docs/design.md, "The --exec protocol";
/// fixtures/protocol.hpp owns the struct, its keys, its writer and its reader), so what the judge
/// holds and what an engine sends are one type. Fields the judge reads: `normal` is a unit vector
/// from A towards B; `input_shift` is how far the engine moved the input when it built its shapes
/// (minkowski's fast library: ConvexShape::weld_shift of A plus that of B). The answers are then
/// exact for shapes that far from the case's, so judge() adds it to every field's allowance, the
/// relation band included; ignored unless positive, a non-finite one fails the relation.
/// A contact's point_a/point_b are the points on A's and B's surfaces behind `point`, when the
/// engine reports them (the clipping manifold does).
using FastContact = fixtures::ProtocolContact;
using FastAnswer = fixtures::ProtocolAnswer;

struct FieldVerdict {
  Field field = Field::relation;
  bool ok = true;
  double error = 0;    ///< measured error in units of u·S (relation: |signed distance|/(u·S))
  double allowed = 0;  ///< allowed error in units of u·S (tau included)
  /// The part of `allowed` that is the engine's own move of the input (FastAnswer::input_shift,
  /// the fast shapes' weld_shift), in u·S: error − shift is what the answer's arithmetic erred by
  /// at least, on the welded shapes it was given — what k bounds (docs/tolerances.md).
  double shift = 0;
  std::string detail;  ///< human-readable measured and allowed values (only when !ok)
};

struct Verdict {
  bool ok = true;
  double scale = 0;  ///< S
  /// S >= Bounds::min_scale: the fields' ok are the tolerance model's. False: the case is too small
  /// for the precision's relative bounds; errors are measured, every field is ok.
  bool asserted = true;
  std::vector<FieldVerdict> fields;
  /// First failing field, for messages ("" when ok).
  std::string summary() const;
};

/// The deepest-contact rule's error (contact_depth above; docs/tolerances.md, "The deepest
/// contact"): how far the deepest of `contacts` falls short of `exact_depth`, 0 when it does not,
/// when the rule does not apply (`applies`: the exact depth beyond the relation band and, in 3D,
/// every optimal direction a face–face contact) or when there are no contacts (the empty-manifold
/// rule judges those). A NaN depth is never the deepest (the per-contact check fails it). One
/// rule for 2D and 3D (`Contact`: FastContact or FastContact3).
template <class Contact>
double deepest_contact_shortfall(const std::vector<Contact>& contacts, double exact_depth,
                                 bool applies) {
  if (!applies || contacts.empty()) return 0;
  double deepest = -std::numeric_limits<double>::infinity();
  for (const Contact& k : contacts)
    if (k.depth > deepest) deepest = k.depth;
  return exact_depth - deepest > 0 ? exact_depth - deepest : 0.0;
}

/// Judges `fast` against `exact` for case `c`. Pure function of its inputs (no I/O).
Verdict judge(const fixtures::Case& c, const reference::PairAnswer& exact, const FastAnswer& fast,
              const Bounds& bounds);

double case_scale_of(const fixtures::Case& c);

/// reference::query(c.a, c.b, detail), answered from the Minkowski difference that judge() keeps
/// for the calling thread's current case, so a campaign builds each case's hull once for the
/// exact answer and every normal it judges. Same answer, bit for bit. Throws InputError.
reference::PairAnswer exact_answer(const fixtures::Case& c,
                                   reference::Detail detail = reference::Detail::full);

}  // namespace minkowski::properties
