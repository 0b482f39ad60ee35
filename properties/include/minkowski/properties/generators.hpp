#pragma once
// minkowski/properties/generators.hpp — RapidCheck generators, one per case family.
//
// Every generator yields a GeneratedCase: a case (two shapes) plus the family and the kind
// within it, so properties can RC_TAG/RC_CLASSIFY the mix and fixtures record where a
// counterexample came from. Coordinates are built from integers scaled by powers of two where
// exactness of the construction matters (touching configurations, containment), and from
// decimal fractions elsewhere so that a − b is often not a double. Generators shrink through
// RapidCheck's integer shrinking: a failing case shrinks towards small counts and coordinates.
//
// Families (docs/design.md, "Case and fixture files"):
//   convex        random hulls of random points, regular n-gons, 3..64 vertices
//   degenerate    segments, points, collinear and duplicated vertex lists, slivers (aspect 1e9)
//   near_touching exactly touching vertex–edge, edge–edge, vertex–vertex pairs (verified with
//                 the exact reference), then B shifted by ±1, ±2 or ±16 ulps
//   containment   strictly inside, inside touching the boundary, identical, concentric
//   rounded       circles, capsules, rounded polygons; tangent and near-tangent
//   scale         coordinates ~1e-9 … 1e12, small shapes far from the origin (1e6, 1e12),
//                 power-of-two scalings, near-parallel edges
//   cells         coverage-guided (coverage.hpp): a reachable feature cell chosen uniformly (not
//                 shrunk), then a case built for it exactly: A's core feature (vertex: a point,
//                 a segment's end, a triangle's apex, a square's corner; edge: a segment or a
//                 trapezoid's top) at the origin facing +y, B's facing −y at the gap that puts
//                 the case in the cell's relation and distance band (cell_gap in the source
//                 derives each), radii 1/8…2 where the cell is rounded; then a translation, an
//                 axis swap and sign flips and a power of two, all exact. Its kind is the cell's
//                 key and the two shapes' names; the exact answer falls in the cell it names
//                 (generators_test). Round shapes in a polygon's corner region come from it.

#include <string>
#include <vector>

#include <rapidcheck.h>

#include "minkowski/fixtures/case_io.hpp"
#include "minkowski/properties/coverage.hpp"

namespace minkowski::properties {

struct GeneratedCase {
  fixtures::Case c;
  std::string family;
  std::string kind;
};

/// Names of all families, in a fixed order.
const std::vector<std::string>& family_names();

rc::Gen<GeneratedCase> gen_convex();
rc::Gen<GeneratedCase> gen_degenerate();
rc::Gen<GeneratedCase> gen_near_touching();
rc::Gen<GeneratedCase> gen_containment();
rc::Gen<GeneratedCase> gen_rounded();
rc::Gen<GeneratedCase> gen_scale();
rc::Gen<GeneratedCase> gen_cells();
/// The "cells" family's case for one given cell (a reachable 2D cell: coverage.hpp).
rc::Gen<GeneratedCase> gen_cell(const FeatureCell& cell);
/// The gap between the two cores along the cells families' local axis ((0, 1) in 2D, (0, 0, 1) in
/// 3D) that puts a case in `cell`'s relation and distance band, given the radius sum r, in a local
/// frame with S in [1, 16] (the derivation is beside the definition in generators.cpp). Shared by
/// the 2D and 3D cells families; draws with RapidCheck, so only inside gen::exec.
double cell_gap(const FeatureCell& cell, double r);

/// The generator of a family by name (throws std::invalid_argument for an unknown name).
rc::Gen<GeneratedCase> gen_family(const std::string& name);
/// All families, chosen uniformly.
rc::Gen<GeneratedCase> gen_any();

/// How RapidCheck prints a counterexample: family/kind and the case as one JSON line (found by
/// argument-dependent lookup).
void showValue(const GeneratedCase& g, std::ostream& os);

}  // namespace minkowski::properties

namespace rc {
template <>
struct Arbitrary<minkowski::properties::GeneratedCase> {
  static Gen<minkowski::properties::GeneratedCase> arbitrary() {
    return minkowski::properties::gen_any();
  }
};
}  // namespace rc
