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
// Failure cases: reference::InputError for a shape that is not valid. A fast algorithm that
// cannot represent the case (e.g. coordinates beyond float's range) is drawn without its answer
// and the title says why.

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "minkowski/fixtures/case_io.hpp"
#include "minkowski/properties/bounds.hpp"
#include "minkowski/properties/judge.hpp"

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
};

/// The answer a fixture's provenance stores ("fast_answer": the answer that broke the tolerance
/// model), in protocol form; nullopt when the fixture has none or it is not a protocol answer.
std::optional<properties::FastAnswer> stored_answer(const nlohmann::json& fixture);

/// The SVG document of case `c`.
std::string draw_case(const fixtures::Case& c, const DrawOptions& options = {});

}  // namespace minkowski::reports
