#pragma once
// minkowski/properties/generators3.hpp — RapidCheck generators of 3D cases, one per family, as
// generators.hpp in 2D: each yields a case, its family and the kind within it (for RC_TAG and
// the provenance of a fixture). Exact constructions (touching, containment, rotations) use small
// integers scaled by powers of two, so every coordinate is the exact double it stands for and
// the configuration (touching, inside) holds exactly; random ones use decimals k/100, so a − b is
// often not a double. Integer draws shrink towards small counts and coordinates.
//
// Families:
//   polytope     random hulls of 4–16 points (decimal coordinates), apart, near or overlapping
//   box          axis boxes; boxes turned by an exact rotation: an axis permutation with sign
//                flips, or a turn about an axis by the rational cos/sin (3/5, 4/5) or
//                (5/13, 12/13) on integer half-extents that are multiples of 5 and 13, so the
//                turned corners are integers
//   touching     exactly touching face–face, edge–edge (crossing), vertex–face, edge–face and
//                vertex–vertex on dyadic coordinates, an exact axis permutation/sign flip applied,
//                then B nudged by 0, ±1, ±2 or ±16 ulps along the separating direction
//   containment  B strictly inside A (a homothety about an inner point), inside touching
//                (about a vertex), identical, a sphere inside; swapped half of the time
//   rounded      spheres and capsules (a point or a segment + radius) near a box's face, edge or
//                vertex (gap −1/4 … +1/4 of the radius, or 0 where exact), capsule on a face
//                (parallel), spheres against spheres (3-4-12-13 tangent), rounded polytopes
//   degenerate   flat squares (parallel, coplanar, crossing), segments (skew, parallel,
//                collinear), points, against each other and against boxes
//   scale        any of the above scaled by 2^-30 … 2^40 (exact), or moved far from the origin
//   cells        coverage-guided (coverage.hpp): a reachable feature cell chosen uniformly (not
//                shrunk) and a case built for it exactly, as the 2D family (generators.hpp):
//                A's core feature through the origin facing +z — vertex (point, segment end,
//                flat triangle's apex, pyramid apex, a turned cube's corner), edge (segment,
//                flat triangle's side, prism ridge), face (flat square, box, frustum) — B's
//                facing −z, turned a quarter or sheared in its plane (edges parallel or skew),
//                at the gap that puts it in the cell's relation and band; radii 1/8…2 where the
//                cell is rounded (spheres, capsules, rounded boxes in every feature region);
//                then an exact translation, signed axis permutation and power of two. Half of
//                its cases are drawn for a kind cell instead (shape kinds and relation: the
//                features and band then drawn to suit them), so every pair of kinds appears

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include <rapidcheck.h>

#include "minkowski/fixtures/case_io.hpp"
#include "minkowski/properties/coverage.hpp"

namespace minkowski::properties {

struct GeneratedCase3 {
  fixtures::Case3 c;
  std::string family;
  std::string kind;
};

/// Names of all 3D families, in a fixed order.
const std::vector<std::string>& family_names3();

rc::Gen<GeneratedCase3> gen3_polytope();
rc::Gen<GeneratedCase3> gen3_box();
rc::Gen<GeneratedCase3> gen3_touching();
rc::Gen<GeneratedCase3> gen3_containment();
rc::Gen<GeneratedCase3> gen3_rounded();
rc::Gen<GeneratedCase3> gen3_degenerate();
rc::Gen<GeneratedCase3> gen3_scale();
rc::Gen<GeneratedCase3> gen3_cells();
/// The "cells" family's case for one given cell (a reachable 3D cell: coverage.hpp).
rc::Gen<GeneratedCase3> gen3_cell(const FeatureCell& cell);
/// The same with the kinds of the shapes fixed (each must be able to show its feature: a point
/// a vertex, a segment a vertex or an edge; coverage.hpp).
rc::Gen<GeneratedCase3> gen3_cell(const FeatureCell& cell, std::optional<ShapeKind> kind_a,
                                  std::optional<ShapeKind> kind_b);
/// A "cells" case for a kind cell: features and a band drawn to suit the kinds and the relation.
rc::Gen<GeneratedCase3> gen3_kind_cell(const KindCell& cell);

/// The generator of a family by name (throws std::invalid_argument for an unknown name).
rc::Gen<GeneratedCase3> gen3_family(const std::string& name);
/// All families, chosen uniformly.
rc::Gen<GeneratedCase3> gen3_any();

/// How RapidCheck prints a counterexample: family/kind and the case as one JSON line.
void showValue(const GeneratedCase3& g, std::ostream& os);

}  // namespace minkowski::properties
