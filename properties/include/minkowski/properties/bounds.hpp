#pragma once
// minkowski/properties/bounds.hpp — the documented tolerance constants of the fast algorithms.
//
// Each k is in units of u·S (docs/design.md, "Tolerance model"). The values are not guessed: they
// sit above the worst error observed over the fixed-seed characterization campaigns
// (`minkowski check --cases 5000`, and the long mode's `--cases 170000`, at the default seed
// kDefaultSeed, all families, both precisions), and a test
// (properties/test/bounds_characterization_test.cpp) keeps them two-sided: the worst observed
// error must lie in (bound/4, bound], so a bound that has become loose fails as surely as a
// regression. Tightening one is progress; loosening one needs a reason written next to it.
// docs/tolerances.md gives each bound's observed maxima and the history of its changes.

#include <string_view>

#include "minkowski/properties/tolerance_model.hpp"

namespace minkowski::properties {

/// One bound: `algorithm` in `precision` holds `field` to k·u·S, for `reason`.
struct BoundRow {
  Algorithm algorithm;
  Precision precision;
  Field field;
  double k;
  std::string_view reason;
};

/// The bounds table: one row per judged field of each algorithm in each precision. A field an
/// algorithm does not answer has no row (its k stays 0). contact_depth has no row: it is held to
/// the depth's k (allowance()).
inline constexpr BoundRow kBoundsTable[] = {
    // SAT: relation, distance, depth, normal.
    {Algorithm::sat, Precision::double_, Field::relation, 5,
     "by design: a closest vertex pair within kSatVertexAxisUlps = 4 u·S of the face gap is not "
     "preferred, plus ~1 u·S of distance rounding"},
    {Algorithm::sat, Precision::single, Field::relation, 5, "by design, as in double"},
    {Algorithm::sat, Precision::double_, Field::distance, 8,
     "above the campaigns' maxima (two ulps of a distance longer than S); as GJK's distance"},
    {Algorithm::sat, Precision::single, Field::distance, 8, "above the campaigns' maxima"},
    {Algorithm::sat, Precision::double_, Field::depth, 8, "above the campaigns' maxima"},
    {Algorithm::sat, Precision::single, Field::depth, 8, "above the campaigns' maxima"},
    {Algorithm::sat, Precision::double_, Field::normal, 12, "above the campaigns' maxima"},
    {Algorithm::sat, Precision::single, Field::normal, 12, "above the campaigns' maxima"},
    // GJK: relation, distance, witness points.
    {Algorithm::gjk, Precision::double_, Field::relation, 2, "above the campaigns' maxima"},
    {Algorithm::gjk, Precision::single, Field::relation, 6,
     "above the long campaign's maximum (scale family)"},
    {Algorithm::gjk, Precision::double_, Field::distance, 8,
     "above the campaigns' maxima (degenerate family)"},
    {Algorithm::gjk, Precision::single, Field::distance, 8,
     "above the campaigns' maxima (scale family)"},
    {Algorithm::gjk, Precision::double_, Field::witness, 8,
     "as the distance: the witnesses' gap |b − a| is a distance"},
    {Algorithm::gjk, Precision::single, Field::witness, 8,
     "as the distance: the witnesses' gap |b − a| is a distance"},
    // EPA (GJK + EPA): as GJK when separated, and depth and normal when overlapping.
    {Algorithm::epa, Precision::double_, Field::relation, 2, "GJK's relation"},
    {Algorithm::epa, Precision::single, Field::relation, 6, "GJK's relation"},
    {Algorithm::epa, Precision::double_, Field::distance, 8, "GJK's distance"},
    {Algorithm::epa, Precision::single, Field::distance, 8, "GJK's distance"},
    {Algorithm::epa, Precision::double_, Field::depth, 48,
     "above EPA's guarantee: termination tolerance kEpaToleranceUlps·u·(Sa + Sb) <= 32 u·S plus "
     "~12 u·S of rounding"},
    {Algorithm::epa, Precision::single, Field::depth, 64,
     "above EPA's guarantee, as in double, with float's rounding"},
    {Algorithm::epa, Precision::double_, Field::normal, 48,
     "as EPA's depth: the normal is judged as the move normal × depth"},
    {Algorithm::epa, Precision::single, Field::normal, 64,
     "as EPA's depth: the normal is judged as the move normal × depth"},
    {Algorithm::epa, Precision::double_, Field::witness, 8,
     "GJK's witnesses when separated (EPA answers them)"},
    {Algorithm::epa, Precision::single, Field::witness, 8,
     "GJK's witnesses when separated (EPA answers them)"},
    // The clipping manifold: SAT's relation and axis, and where its contact points lie.
    {Algorithm::manifold, Precision::double_, Field::relation, 5,
     "as SAT, whose relation the manifold reports"},
    {Algorithm::manifold, Precision::single, Field::relation, 5,
     "as SAT, whose relation the manifold reports"},
    {Algorithm::manifold, Precision::double_, Field::depth, 8,
     "as SAT, whose axis the manifold uses"},
    {Algorithm::manifold, Precision::single, Field::depth, 8,
     "as SAT, whose axis the manifold uses"},
    {Algorithm::manifold, Precision::double_, Field::contacts, 24,
     "above the campaigns' maxima (near_touching family)"},
    {Algorithm::manifold, Precision::single, Field::contacts, 12,
     "above the campaigns' maxima (convex family)"},
    // Closest internal vertices: not judged (is_judged), reported only to show where it fails.
    {Algorithm::internal_vertices, Precision::double_, Field::relation, 1e300, "not judged"},
    {Algorithm::internal_vertices, Precision::single, Field::relation, 1e300, "not judged"},
    {Algorithm::internal_vertices, Precision::double_, Field::depth, 1e300, "not judged"},
    {Algorithm::internal_vertices, Precision::single, Field::depth, 1e300, "not judged"},
    {Algorithm::internal_vertices, Precision::double_, Field::contacts, 1e300, "not judged"},
    {Algorithm::internal_vertices, Precision::single, Field::contacts, 1e300, "not judged"},
};

/// The manifold's contact depths may exceed the exact depth by its own reference-face tolerance
/// (fast::kReferenceFaceRelativeTolerance of the shorter face, which is at most 2·sqrt(2)·S
/// long): Bounds::tau_contact_depth_relative of the manifold. It applies to contact depths only.
inline constexpr double kManifoldContactDepthTauRelative =
    3 * fast::kReferenceFaceRelativeTolerance;

/// Bounds for `alg` in precision `p`: the k of its rows in kBoundsTable, u set to that
/// precision's unit roundoff, min_scale to min_judged_scale(p).
Bounds bounds_for(Algorithm alg, Precision p);

/// The smallest case scale S at which the tolerance model is asserted in precision p:
/// sqrt(min normal)/u, 2^-458 in double and 2^-39 in float. The model's errors are relative (k·u·S,
/// docs/design.md); below this, squared distances of size u·S underflow into subnormals, whose
/// rounding is absolute, and no relative bound can hold — in float a case at 4.7e-62 is all zeros
/// (fixtures/found/fuzz-015ca905ad3666e9.json). Answers there are measured, not asserted (judge()),
/// and the fuzz target checks only that they are finite. A limit of the model as written.
double min_judged_scale(Precision p);

/// Bounds for an external engine in precision `p`: per field, the loosest bound of minkowski's
/// own judged algorithms that answer that field (bounds.cpp says which).
Bounds engine_bounds(Precision p);

/// Whether the tolerance model is asserted for `alg`: false for closest-internal-vertices, the
/// alternative contact method kept so the reports can show where it fails.
bool is_judged(Algorithm alg);

}  // namespace minkowski::properties
