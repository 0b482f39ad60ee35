#pragma once
// minkowski/reports/case_drawing.hpp — `minkowski render`: one case as an SVG drawing.
//
// Two panels with their own axes (world units, y up):
//   left   the shapes A and B (rounded shapes drawn with their radius, the core hull dashed), the
//          exact intersection polygon A ∩ B (radius-0 pairs), the exact closest points, and the
//          fast algorithm's contact points and closest points;
//   right  the Minkowski difference A − B (its exact hull from the reference's staged predicates,
//          dilated by r_a + r_b), the origin, the exact minimum translation vectors / closest
//          point (every tied direction) and the fast answer's normal × depth (or distance).
// A title states the exact relation and signed distance and the fast answer's worst error
// against the tolerance model; a legend names every mark. Elements carry classes ("shape-a",
// "shape-b", "minkowski-difference", "origin", "legend", "exact-normal", "fast-normal",
// "contact", "closest-exact", "closest-fast") so that tests can find them.
//
// A 3D case (draw_case(const fixtures::Case3&)) is drawn as two rows of three orthographic views
// each — top (x–y, seen from +z), front (x–z, seen from −y), side (y–z, seen from +x) — at one
// scale per row, with a scale bar:
//   upper row  A and B: each shape's silhouette filled (the projection of its exact hull, dilated
//              by its radius: a sphere is a disc, a capsule a stadium), the edges of its exact hull
//              (reference::shape_hull; faces from the reference, not the fast shape) solid where a
//              face adjoining them faces the viewer and dashed where the shape itself hides them,
//              the exact intersection polytope A ∩ B (radius-0 pairs, its silhouette), the exact
//              witness points and the fast answer's contacts (each with normal × depth) and
//              closest points;
//   lower row  A − B: the exact hull of the differences of the shapes' hull vertices
//              (hull3_difference_certified, as the oracle builds it) dilated by r_a + r_b, the
//              origin, every exact optimal direction (MTVs, the rays of a contact cone, or the
//              closest point of A − B) and the fast answer's normal × depth (or closest point).
// A vector along the line of sight of a view is drawn as ⊙ (towards the viewer) or ⊗ (away).
// The classes are those of 2D, and each panel is a group of class "view" and "view-top",
// "view-front" or "view-side".
//
// Failure cases: reference::InputError for a shape that is not valid. A fast algorithm that
// cannot represent the case (e.g. coordinates beyond float's range) is drawn without its answer
// and the title says why.

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "minkowski/fixtures/case_io.hpp"
#include "minkowski/properties/bounds.hpp"
#include "minkowski/properties/judge.hpp"
#include "minkowski/properties/judge3.hpp"

namespace minkowski::reports {

struct DrawOptions {
  properties::Algorithm algorithm = properties::Algorithm::manifold;
  properties::Precision precision = properties::Precision::double_;
  /// An answer to draw instead of running `algorithm` — an external engine's, kept in a fixture's
  /// provenance ("fast_answer") — judged with `bounds` (default: properties::engine_bounds of
  /// `precision`) and named `label` in the title and legend.
  std::optional<properties::FastAnswer> answer;
  std::optional<properties::Bounds> bounds;
  std::string label = "engine";
  /// The fast 3D algorithm run on a 3D case (`algorithm` is 2D's), and a 3D answer to draw
  /// instead of running it (judged with `bounds` as above).
  properties::Algorithm3 algorithm3 = properties::Algorithm3::manifold;
  std::optional<properties::FastAnswer3> answer3;
  /// The given answer (`answer`, `answer3`) is a contact method's: with no point it reads "no
  /// contact point", not "apart" (as a fast manifold's own answer does).
  bool given_is_contact_method = false;
};

/// The answer a fixture's provenance stores ("fast_answer": the answer that broke the tolerance
/// model), in protocol form; nullopt when the fixture has none or it is not a protocol answer.
std::optional<properties::FastAnswer> stored_answer(const nlohmann::json& fixture);

/// The same for a 3D fixture: its provenance's "fast_answer" read as a 3D protocol answer.
std::optional<properties::FastAnswer3> stored_answer3(const nlohmann::json& fixture);

/// The SVG document of case `c`.
std::string draw_case(const fixtures::Case& c, const DrawOptions& options = {});

/// The SVG document of the 3D case `c` (three orthographic views; see the top of this file).
std::string draw_case(const fixtures::Case3& c, const DrawOptions& options = {});

/// The SVG document of a case of either dimension.
std::string draw_case(const fixtures::AnyCase& c, const DrawOptions& options = {});

}  // namespace minkowski::reports
