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

#include <optional>
#include <string_view>
#include <vector>

#include "minkowski/fast/tolerances3.hpp"
#include "minkowski/properties/tolerance_model.hpp"

namespace minkowski::properties {

/// One bound: `algorithm` in `precision` holds `field` to k·u·S, for `reason`. A derived row
/// (k from the arithmetic's worst case, far above the errors seen) also has `envelope`, the
/// measured bound it had before (the campaigns' maxima rounded up): bounds_characterization_test
/// holds the worst observed error in (envelope/4, envelope], so an accuracy regression still
/// fails there, and engine_bounds holds `--exec` engines to it, not to our worst case. 0 for a
/// measured row (k is its measured bound).
struct BoundRow {
  Algorithm algorithm;
  Precision precision;
  Field field;
  double k;
  std::string_view reason;
  double envelope = 0;
};

/// SAT's distance and depth (sat.hpp: gap − r, r = r_A + r_B, or a vertex pair's distance − r),
/// in units of u·S: a bound derived from the arithmetic, not measured. Until 2026-11-28 they were
/// the campaigns' maxima rounded up (8), and fuzzing found a capsule and a disc 1.72·S apart
/// (S = 1.21) whose SAT distance was 9.92 u·S off (fixtures/found/fuzz-081ca546dab579c0.json): a
/// distance of order S carries a few u of it relative, and no sample bounds that. Derivation
/// (sat.hpp, face_pass: gap = min_j n̂·q'_j − n̂·p'_i, with q' = q − o and p' = p − o the vertices
/// relative to a midpoint o of the two shapes, whose own rounding cancels, n̂ the stored unit
/// normal, w = q − p):
///   - n̂ = (1/√fl(|e|²))·e for the rounded edge e: its length is 1 within 4u (|e|² 2u, the root
///     1u + u, the reciprocal u, the product u) and its direction within 2u (e's rounding u, the
///     product's u): |n̂ − n| <= 4.5u, which moves a gap by at most 4.5u·|w|;
///   - each of q', p' rounds (u per coordinate) and each projection adds γ2: 3u·|q'| and 3u·|p'|;
///   - their difference adds u·|gap| <= u·|w|.
///   Over [−S, S]², with |q'|, |p'| <= 2√2·S, 3u·(|q'| + |p'|) + 5.5u·|w| is largest with p and
///   q at opposite corners and o at a third (a0 = b0 there): 3·(2 + 2) + 5.5·2√2 = 27.6 u·S, under
///   fast::kSatGapErrorUlps = 32. The large form (dot(n̂, q − p), shapes above 16 vertices):
///   7.5u·|w| <= 21.2 u·S. A vertex pair's distance √fl(|v|²), v = q − p rounded: 3u·|v| <= 8.5
///   u·S; a face gap answered while a vertex pair lies within kSatVertexAxisUlps = 4 u·S beyond it
///   is off by at most 4 + 8.5. So a gap or pair distance is within 27.6 u·S.
/// Then r = fl(r_A + r_B) rounds (u·r <= 2u·S: S bounds each radius) and gap − r rounds (u·|gap
/// − r|: a distance is at most the gap <= 2√2·S, a depth at most r + the best gap's overlap <=
/// 2S + 2S, since the cores overlap by at most the smaller core's width <= 2S): double 27.6 + 2
/// + 4 = 33.6 u·S. In float the fast shapes are the inputs rounded to float: each point moves by
/// up to u·S per coordinate, the gap by |n·δq| + |n·δp| <= 2√2 u·S, and each radius by u·S: 33.6
/// + 2.8 + 2 = 38.4 u·S. 40 = 32 + 8 holds both.
inline constexpr double kSatMagnitudeDerivedUlps = fast::kSatGapErrorUlps + 8;

/// SAT's normal, judged as the move n̂·depth (B moved by it must be separated or touching within
/// k·u·S, and the move at most the exact depth + k·u·S; judge.cpp forms the move and its length in
/// double). The chosen face's computed gap lies within the gap's error of the exact best gap (a
/// face that wins on rounding was within it), so the depth is within kSatMagnitudeDerivedUlps;
/// the move's length adds |n̂|'s error, 4u times a depth of at most 4S (16 u·S), and the judge's
/// product and length in double, 3u·depth (12 u·S in double, nothing of note in float's u); the
/// overlap left along the face normal after the move is at most the depth's error plus the same
/// 4u·depth. 40 + 16 + 12 = 68 (the derivation's own sums: double 61.6, float 54.4). (Until
/// 2026-11-28: 12, the campaigns' maximum 11.0 rounded up.)
inline constexpr double kSatNormalDerivedUlps = kSatMagnitudeDerivedUlps + 4 * 4 + 3 * 4;

/// The bounds table: one row per judged field of each algorithm in each precision. A field an
/// algorithm does not answer has no row (its k stays 0). contact_depth has no row: it is held to
/// the depth's k (allowance()).
inline constexpr BoundRow kBoundsTable[] = {
    // SAT: relation, distance, depth, normal.
    {Algorithm::sat, Precision::double_, Field::relation, 5,
     "by design: a closest vertex pair within kSatVertexAxisUlps = 4 u·S of the face gap is not "
     "preferred, plus ~1 u·S of distance rounding"},
    {Algorithm::sat, Precision::single, Field::relation, 5, "by design, as in double"},
    // Distance, depth and normal: the derived guarantees above (kSatMagnitudeDerivedUlps,
    // kSatNormalDerivedUlps), not the campaigns' maxima; their former measured bounds (8, 8, 12)
    // are the rows' envelopes.
    {Algorithm::sat, Precision::double_, Field::distance, kSatMagnitudeDerivedUlps,
     "derived: the face gap's rounding (kSatGapErrorUlps) plus the radii's and the last "
     "subtraction's; a capsule and a disc 1.72·S apart were 9.92 u·S off (fuzz-081ca546dab579c0)",
     8},
    {Algorithm::sat, Precision::single, Field::distance, kSatMagnitudeDerivedUlps,
     "derived, as in double, with the inputs' rounding to float", 8},
    {Algorithm::sat, Precision::double_, Field::depth, kSatMagnitudeDerivedUlps,
     "derived: the depth is r − gap, the distance's arithmetic", 8},
    {Algorithm::sat, Precision::single, Field::depth, kSatMagnitudeDerivedUlps,
     "derived, as in double", 8},
    {Algorithm::sat, Precision::double_, Field::normal, kSatNormalDerivedUlps,
     "derived: the depth's bound plus the unit normal's length error and the judge's rounding "
     "times the depth", 12},
    {Algorithm::sat, Precision::single, Field::normal, kSatNormalDerivedUlps,
     "derived, as in double", 12},
    // GJK: relation, distance, witness points.
    // The relation band (derived, 2026-11-27): GJK answers "touching" for a computed core
    // distance d' <= kGjk3TouchingUlps·u·(S_A + S_B) <= 8 u·S, and the exact distance is then at
    // most d' + the computed distance's own error, which this table bounds by the distance row
    // (k = 8): a ceiling of 16 u·S, not 8 (the 8 before counted the threshold and forgot the
    // error of the distance compared with it). In float the error includes the inputs' rounding
    // to float, up to u·S per coordinate (2√3 u·S for two points), which the double runs do
    // not have: a float point 1e6 from the origin and a segment exactly 8.0 u·S apart came out
    // "intersecting" (1,000,000-case run of 2026-11-27, scale-24739, fixtures/found/). k is the
    // measured maximum's bound under that ceiling: float 16, double 8 (7.76 measured).
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
    {Algorithm::manifold, Precision::double_, Field::depth, kSatMagnitudeDerivedUlps,
     "SAT's depth, bit for bit (derived above)", 8},
    {Algorithm::manifold, Precision::single, Field::depth, kSatMagnitudeDerivedUlps,
     "SAT's depth, bit for bit (derived above)", 8},
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

// ---- 3D ------------------------------------------------------------------------------------
// The fast 3D algorithms (fast/include/minkowski/fast/*3.hpp) have a table of their own, so the
// 2D rows, enum and campaigns stay exactly as they are; the tolerance model is the same one
// (Bounds, allowance(), the judge's rules: judge3.hpp). k is again in units of u·S, S the largest
// absolute coordinate or radius of the case.

/// A fast 3D algorithm as the 3D judge runs it (properties/fast_adapters3.hpp).
enum class Algorithm3 {
  gjk,          ///< fast::gjk_distance (gjk3.hpp): relation, distance, witness points
  penetration,  ///< fast::penetration (penetration3.hpp, GJK + EPA): relation, depth, normal,
                ///< distance and witnesses when separated
  sat,          ///< fast::sat_query (sat3.hpp): relation, depth, normal; the distance when
                ///< separation_is_distance
  manifold,     ///< fast::contact_manifold (manifold3.hpp): relation, normal, contacts
};
const std::vector<Algorithm3>& all_algorithms3();
const char* to_string(Algorithm3 a);
std::optional<Algorithm3> algorithm3_from_string(std::string_view s);

/// One 3D bound: `algorithm` in `precision` holds `field` to k·u·S, for `reason`.
struct BoundRow3 {
  Algorithm3 algorithm;
  Precision precision;
  Field field;
  double k;
  std::string_view reason;
};

/// The 3D rows are measured (docs/tolerances.md, "3D bounds"): the largest error over 30,000
/// cases per algorithm and precision of fast3_vs_reference_test at the suite's seed 20261122, less
/// tau and the weld's input shift (the k a case needs), lies in (k/4, k]. The manifold's contact
/// rows were provisional until 2026-11-27 (its gross errors — a contact off a surface where
/// shapes touch on the rim of the reference face — hid its rounding maxima); they are measured
/// on `check --dim 3` since (docs/tolerances.md). The manifold's contact depth row remains SAT's.
inline constexpr bool kBounds3Provisional = false;

/// The 3D bounds table: one row per judged field of each 3D algorithm in each precision
/// (contact_depth: the depth's k, as in 2D).
inline constexpr BoundRow3 kBoundsTable3[] = {
    // GJK: relation, distance, witness points.
    // The relation band (derived, 2026-11-27): GJK answers "touching" for a computed core
    // distance d' <= kGjk3TouchingUlps·u·(S_A + S_B) <= 8 u·S, and the exact distance is then at
    // most d' + the computed distance's own error, which this table bounds by the distance row
    // (k = 8): a ceiling of 16 u·S, not 8 (the 8 before counted the threshold and forgot the
    // error of the distance compared with it). In float the error includes the inputs' rounding
    // to float, up to u·S per coordinate (2√3 u·S for two points), which the double runs do
    // not have: a float point 1e6 from the origin and a segment exactly 8.0 u·S apart came out
    // "intersecting" (1,000,000-case run of 2026-11-27, scale-24739, fixtures/found/). k is the
    // measured maximum's bound under that ceiling: float 16, double 8 (7.76 measured).
    {Algorithm3::gjk, Precision::double_, Field::relation, 8,
     "by design: a computed core distance within kGjk3TouchingUlps = 4 u·S of 0 is touching, "
     "plus rounding; observed 7.76 (touching/face_face/16ulp)"},
    {Algorithm3::gjk, Precision::single, Field::relation, 16,
     "touching threshold 8 u·S + the distance's error (ceiling 16, derived above); observed 8.0 "
     "(scale/degenerate/point, far 1e6: the inputs' rounding to float)"},
    {Algorithm3::gjk, Precision::double_, Field::distance, 8, "observed 3.69 (degenerate/point)"},
    // A pair answered touching has distance 0, so the distance row of a touching answer has the
    // relation band's ceiling (16, derived above): float 16 (observed 8.0, scale-24739's
    // distance 0 for an exact 8.0 u·S); double keeps 8 under the same ceiling.
    {Algorithm3::gjk, Precision::single, Field::distance, 16,
     "a touching answer's 0 (the relation band's ceiling 16, derived above); observed 8.0 "
     "(scale/degenerate/point, far 1e6); 4.49 on separated answers (degenerate/skew_segments)"},
    {Algorithm3::gjk, Precision::double_, Field::witness, 8, "observed 3.54 (degenerate/point)"},
    {Algorithm3::gjk, Precision::single, Field::witness, 8, "observed 3.09 (rounded/capsule_edge)"},
    // GJK + EPA: GJK's fields when separated, EPA's depth and normal when overlapping.
    {Algorithm3::penetration, Precision::double_, Field::relation, 8, "GJK's: observed 7.76"},
    {Algorithm3::penetration, Precision::single, Field::relation, 16, "GJK's: observed 8.0"},
    {Algorithm3::penetration, Precision::double_, Field::distance, 8, "GJK's: observed 3.69"},
    {Algorithm3::penetration, Precision::single, Field::distance, 16, "GJK's: observed 8.0"},
    {Algorithm3::penetration, Precision::double_, Field::witness, 8, "GJK's: observed 3.54"},
    {Algorithm3::penetration, Precision::single, Field::witness, 8, "GJK's: observed 3.09"},
    // EPA's depth (derived, tolerances3.hpp at kEpa3ToleranceUlps): EPA stops with the support
    // point up to tau = 24·u·(S_A + S_B) <= 48 u·S beyond its closest face, so its depth may
    // exceed the exact one by tau plus the face's rounding (~16 u·S): a ceiling of 64 u·S in
    // either precision. Double's k was 16, measured (8.8) below that ceiling, until the
    // 1,000,000-case run of 2026-11-27 found 20.3 (touching/vertex_edge/16ulp) and 43.2
    // (scale/polytope far 1e12) u·S, both within EPA's termination tolerance
    // (properties/test/open3/long-20261127, now fixtures/found/).
    {Algorithm3::penetration, Precision::double_, Field::depth, 64,
     "EPA's termination tolerance 48 u·S + rounding (ceiling 64, derived above); observed 43.2 "
     "(scale/polytope/random_hull, far 1e12), 20.3 (touching/vertex_edge/16ulp)"},
    // EPA's second exit with a designed error (derived, 2026-11-27): its start (epa3.hpp, "The
    // start") takes A ⊖ B for flat, depth 0, when no support point leaves GJK's simplex's plane
    // by more than kEpa3StartUlps·u·(S_A + S_B) <= 128 u·S, and GJK's touching exit leaves that
    // simplex up to 8 u·S from the origin: a depth error up to ~136 u·S, which the ceiling of
    // 64 above (the termination tolerance alone) forgot. In float 1e6 from the origin that
    // tolerance is 7.6 units: turned boxes overlapping by 4.0 (67.2 u·S) were answered depth 0
    // (1,000,000-case run, scale-13226, fixtures/found/). k is the measured maximum's bound
    // under the ceiling: float 128; double 64 (43.2 measured).
    {Algorithm3::penetration, Precision::single, Field::depth, 128,
     "EPA's flat start: kEpa3StartUlps·u·(S_A + S_B) <= 128 u·S + GJK's touching threshold "
     "(ceiling ~136, derived above); observed 67.2 (scale/box/turned_twice, far 1e6)"},
    {Algorithm3::penetration, Precision::double_, Field::normal, 64,
     "as the depth (the move normal × depth); k follows the depth's"},
    {Algorithm3::penetration, Precision::single, Field::normal, 128,
     "as the depth (the move normal × depth); k follows the depth's"},
    // SAT: relation, distance (when separation_is_distance), depth, normal.
    // SAT's relation is GJK's wherever the cores are rounded or both below dimension 3
    // (sat3.hpp, "Lower-dimensional D": no axis, or a best gap within rounding of 0, asks GJK),
    // and GJK takes a computed core distance <= kGjk3TouchingUlps·u·(S_A + S_B) <= 4·u·2S for
    // touching: a pair up to 8 u·S apart can be answered intersecting, by design. The band is
    // therefore GJK's, k = 8 (it was 4, measured on polytope families only, until the cells
    // family's segment–point pair 4.57 u·S apart and float parallel segments 5.06 u·S apart far
    // from the origin came out "intersecting": check --dim 3 --cases 10000, 2026-11-27).
    {Algorithm3::sat, Precision::double_, Field::relation, 8,
     "GJK's touching threshold 4·u·(S_A + S_B) <= 8 u·S (the derivation above); observed 4.57 "
     "(cells/vertex-vertex/separated/ulps, segment–point)"},
    {Algorithm3::sat, Precision::single, Field::relation, 16,
     "GJK's (the ceiling 16 derived at GJK's rows); observed 8.0 (scale/degenerate/point, far "
     "1e6)"},
    // SAT's distance is judged only where separation_is_distance, i.e. on its `closest` answer
    // (sat3.hpp, "Lower-dimensional D"): gjk_distance's core distance − r, the very value GJK
    // answers. Its bound is therefore GJK's distance bound, k = 8 (it was 4, measured where GJK's
    // errors happened to stay below 4, until the 1,000,000-case run of 2026-11-27 found SAT's
    // distance 4.02–4.3 u·S on a point and on rounded polytopes at 2^-5, each equal to GJK's
    // error on the same case: properties/test/open3/long-20261127, now fixtures/found/).
    {Algorithm3::sat, Precision::double_, Field::distance, 8,
     "GJK's distance (the same computed value, see above); observed 4.3 (degenerate/point)"},
    {Algorithm3::sat, Precision::single, Field::distance, 8,
     "GJK's distance (the same computed value); observed 1.57 (scale/rounded/sphere_vertex)"},
    {Algorithm3::sat, Precision::double_, Field::depth, 8,
     "observed 2.38 (containment/strictly_inside)"},
    {Algorithm3::sat, Precision::single, Field::depth, 16,
     "observed 7.86 (scale/rounded/sphere_edge, far 1e6)"},
    {Algorithm3::sat, Precision::double_, Field::normal, 8,
     "observed 3.17 (containment/identical)"},
    {Algorithm3::sat, Precision::single, Field::normal, 16,
     "observed 7.86 (scale/rounded/sphere_edge, far 1e6)"},
    // The clipping manifold: SAT's relation and axis, and where its contact points lie.
    {Algorithm3::manifold, Precision::double_, Field::relation, 8,
     "SAT's (GJK's touching threshold for rounded and lower-dimensional cores): observed 4.57"},
    {Algorithm3::manifold, Precision::single, Field::relation, 16,
     "SAT's (GJK's touching threshold + the distance's error): observed 8.0"},
    {Algorithm3::manifold, Precision::double_, Field::depth, 8,
     "SAT's depth (contact depths: every error observed is 0 or gross)"},
    {Algorithm3::manifold, Precision::single, Field::depth, 16, "provisional: SAT's"},
    // Where a contact may lie (derived): a clipped contact's point_a is an incident point
    // projected on the reference face's computed plane (manifold3.hpp, step 4), so its distance
    // from A is the computed plane's error there plus the projection's rounding, the same
    // quantities as a computed face gap's error (kSat3GapErrorUlps = 32 u·S, tolerances3.hpp,
    // an upper bound with every term at its worst); edge–edge and GJK contacts are GJK's
    // witnesses (8) or the closest points of two edges. k is the measured maximum's bound below
    // that ceiling, as everywhere in this table.
    {Algorithm3::manifold, Precision::double_, Field::contacts, 8,
     "observed 6.01 (containment/identical, swapped: a clipped point on a face 8 from the "
     "origin); 4 until the manifold's gross errors were fixed (2026-11-27) and that maximum "
     "showed; the derived ceiling is 32 (above)"},
    {Algorithm3::manifold, Precision::single, Field::contacts, 24,
     "observed 8.56 (scale, far 1e6), 2026-11-27, below the derived ceiling of 32 (above)"},
};

/// The 3D manifold's contact depths may exceed the exact depth by its reference-face tolerance
/// (fast::kManifold3ReferenceFaceRelativeTolerance, relative to S; B's face is preferred only
/// when better by more), as in 2D: 3 times it, 2D's factor (a face's extent over S there is at
/// most 2·sqrt(2)); in 3D a face's diameter is at most 2·sqrt(3)·S, so 4 times it.
inline constexpr double kManifold3ContactDepthTauRelative =
    4 * fast::kManifold3ReferenceFaceRelativeTolerance;

/// Bounds for the 3D algorithm `alg` in precision `p`: the k of its rows in kBoundsTable3, u and
/// min_scale as bounds_for(Algorithm, p).
Bounds bounds3_for(Algorithm3 alg, Precision p);

}  // namespace minkowski::properties
