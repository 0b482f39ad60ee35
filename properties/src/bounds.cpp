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

bool is_judged(Algorithm alg) { return alg != Algorithm::internal_vertices; }

double min_judged_scale(Precision p) {
  auto of = []<class T>(T) {
    return std::sqrt(static_cast<double>(std::numeric_limits<T>::min())) / static_cast<double>(fast::unit_roundoff<T>());
  };
  return p == Precision::single ? of(0.0f) : of(0.0);
}

// Where the numbers come from. Two campaigns, seed 20261122, all six families:
//   short: `minkowski check --cases 5000`   (30,000 cases; re-run by bounds_characterization_test)
//   long:  `minkowski check --cases 170000` (1,020,000 cases; the long mode, README)
// Worst observed error per field in u·S, short / long (family of the long maximum); the bound is
// the next convenient value above the long maximum:
//
//   sat      double  relation 1.46/2.68 [near_touching]  distance 3.85/5.13  depth 3.47/5.93  normal 6.34/8.85
//   sat      float   relation 0.24/3.83 [scale]  distance 4.52/6.41 [scale]  depth 4.04/5.45  normal 6.06/8.39
//   gjk      double  relation 1.46/1.83 [rounded]  distance 4.82/5.71 [degenerate]  witness 3.85/4.55 [degenerate]
//   gjk      float   relation 0.68/4.90 [scale]  distance 5.18/6.65 [scale]  witness 5.20/6.65 [scale]
//   epa      double  as gjk, and depth 5.85/20.4 [scale], normal 5.85/20.4 [scale]
//   epa      float   as gjk, and depth 29.9/31.6 [scale], normal 29.9/31.6 [scale]
//   manifold double  relation 1.46/2.68  contacts 6.30/18.3 [near_touching]
//   manifold float   relation 0.24/3.83  contacts 5.71/9.38 [convex]
//
// (The first long run also showed errors of 1e5..1e15 u·S — SAT distances for rounded shapes,
// float SAT/manifold at coordinates near 2^38, one manifold contact at near-touching: defects,
// fixed in sat.hpp/manifold.hpp with unit tests; the figures above are after the fixes.)
// Float SAT and manifold errors were larger until 2026-11-25 (relation 14.4/19.4, distance
// 4.41/11.1, depth 4.04/17.0, normal 6.06/19.4 u·S; bounds 24, 12, 24, 24; manifold contacts
// 5.13/12.0, bound 16) and were put down to small shapes far from the origin. They were a defect:
// SAT's closest-pair certificate allowed a slack of 32 u·S·|v| (kSatGapErrorUlps), so where S
// was far larger than the pair it certified a vertex pair whose neighbour lay closer by tens of
// degrees (fuzz finding fixtures/found/fuzz-772924ed54f244a0.json; kSatCertifyUlps,
// fast/tolerances.hpp). After the fix the same campaigns give the figures above. Likewise GJK's and
// EPA's float relation (6.08) and distance (13.4; bounds 8 and 16) tails: the support search's
// hill climb stopped where two vertices' computed values tied (fuzz finding
// fixtures/found/fuzz-37f4487101ae823b.json; detail::climb, fast/support.hpp). Witness points were
// put down as an order of magnitude less accurate than distances (151/223 double, 62/149 float;
// bounds 256 and 160) until 2026-11-25. That was a defect: GJK formed them as t0·p0 + t1·p1, and
// the weights of a short simplex edge far from the origin, whose sum is 1 only to a relative error
// of about u·|w|/|e|, multiplied |p| by that error (fuzz finding
// fixtures/found/fuzz-6ed580722afbe10b.json; fast/gjk.hpp, weighted_point). Formed from the
// points' midpoint, the same campaigns give the figures above, and the witness is held to the
// distance's bound: its gap |b − a| is a distance, judged against the same exact one. EPA's depth and normal bounds are not
// set from its observed tail (the scale family's near-parallel polygons, where the closest face
// is nearly degenerate) but above its documented guarantee: its termination tolerance
// kEpaToleranceUlps·u·(Sa + Sb) <= 32 u·S plus ~12 u·S of rounding (fast/tolerances.hpp). With
// the former tolerance of 64 u·S the long campaign's tail was 44.0 (double) / 56.3 (float) u·S and
// the fuzzer found a case using 60 u·S of it, over the bound (fixtures/found/fuzz-015ca905ad3666e9.json);
// since the tolerance was halved (2026-11-24) the same campaigns give the figures above.
// SAT's distance in double was held to 6 u·S, above the long campaign's 5.13, until 2026-11-26.
// Then seven more long campaigns (`minkowski check --cases 170000 --seed 2026112N`, N = 6..9, and
// seeds 20261130..20261132: 7.14M cases) found two cases over it: 6.56 u·S for a point 1.67·S from
// the inside of a segment (degenerate family, fixtures/found/degenerate-568f169dea2ba970.json) and
// 6.61 u·S for a rounded segment and a disc 2.09 apart at S = 1.21 (rounded family,
// fixtures/found/rounded-4b3b7e5aa7e43c3f.json). Each is two ulps of a distance longer than S, and
// both come from rounding, not from a defect. In the first, the segment's computed unit normal is
// 1.5e-16 short of unit length, which costs 2.5 u·S at that distance, and the face gap's
// evaluation adds 2.8 u·S. In the second, the rounded normal accounts for about 3.3 u·S. (The
// gaps' exact values for the rounded normals were computed in rational arithmetic.) Both lie far
// inside the face gap's derived bound, kSatGapErrorUlps = 32 u·S (fast/tolerances.hpp). The
// bound is now 8, as in float and as GJK's distance: the next convenient value above the new
// maximum. The same seven campaigns came close to four other bounds without crossing them: SAT
// double depth 7.25 of 8 and normal 11.0 of 12 (scale family), SAT float distance 7.59 of 8
// (degenerate), and manifold double contacts 23.5 of 24 (near_touching).
// SAT's relation (and the manifold's, which is SAT's) is held to 5 u·S in both precisions, above
// the campaigns' maxima (2.68 double, 3.83 float): SAT answers the best face, not the closest
// vertex pair, unless the pair is farther apart than max(face gap, 0) by more than
// kSatVertexAxisUlps · u · S = 4 u·S (fast/tolerances.hpp: closer than that the pair may be
// rounding's). Two shapes whose face gaps are all about 0 — collinear slivers meeting end to end —
// are then called intersecting while up to 4 u·S apart, plus the distance's own rounding (~1 u·S).
// The fuzzer found such a pair 3.48 u·S apart while the bound was 3
// (fixtures/found/fuzz-268062c583cef940.json).
// Manifold contact depths may exceed the exact depth by the manifold's own reference-face
// tolerance (fast::kReferenceFaceRelativeTolerance of the shorter face, which is at most
// 2·sqrt(2)·S long): tau_contact_depth_relative = 3 · kReferenceFaceRelativeTolerance (it applies
// to contact depths only; the manifold reports no other field that a tau loosens). Observed: 1.5e-4·S.
Bounds bounds_for(Algorithm alg, Precision p) {
  Bounds b;
  const bool d = p == Precision::double_;
  b.u = d ? fast::unit_roundoff<double>() : fast::unit_roundoff<float>();
  b.min_scale = min_judged_scale(p);
  switch (alg) {
    case Algorithm::sat:
      b.k_relation = 5;  // by design, not from the campaigns: see "SAT's relation" above
      b.k_distance = 8;  // double was 6 until 2026-11-26: see "SAT's distance in double" above
      b.k_depth = 8;
      b.k_normal = 12;
      break;
    case Algorithm::gjk:
      b.k_relation = d ? 2 : 6;
      b.k_distance = 8;
      b.k_witness = 8;  // as the distance: see "Witness points" above
      break;
    case Algorithm::epa:
      b.k_relation = d ? 2 : 6;
      b.k_distance = 8;
      b.k_depth = d ? 48 : 64;
      b.k_normal = d ? 48 : 64;
      b.k_witness = 8;  // GJK's witnesses when separated (EPA answers them)
      break;
    case Algorithm::manifold:
      b.k_relation = 5;  // as SAT, whose relation the manifold reports
      b.k_depth = 8;  // as SAT, whose axis the manifold uses
      b.k_contact = d ? 24 : 12;
      b.tau_contact_depth_relative = 3 * fast::kReferenceFaceRelativeTolerance;
      break;
    case Algorithm::internal_vertices:
      // Not judged (is_judged): reported only, to show where the method fails.
      b.k_relation = b.k_depth = b.k_contact = 1e300;
      break;
  }
  return b;
}

// An external engine (`check --exec`) may answer any field with any algorithm. Each field is held
// to the loosest bound among minkowski's own judged algorithms that answer that field in the same
// precision — the accuracy this suite shows to be achievable by at least one of its methods, and
// no stricter than what minkowski holds itself to:
//   relation  max(sat, gjk, epa, manifold)   distance  max(sat, gjk, epa)
//   depth     max(sat, epa, manifold)        normal    max(sat, epa)
//   witness   max(gjk, epa)                  contacts  manifold, and its reference-face tolerance
// for contact depths. `check --exec --bounds FILE` replaces any of these.
Bounds engine_bounds(Precision p) {
  const Bounds sat = bounds_for(Algorithm::sat, p), gjk = bounds_for(Algorithm::gjk, p),
               epa = bounds_for(Algorithm::epa, p), man = bounds_for(Algorithm::manifold, p);
  Bounds b;
  b.u = sat.u;
  b.min_scale = sat.min_scale;
  b.k_relation = std::max({sat.k_relation, gjk.k_relation, epa.k_relation, man.k_relation});
  b.k_distance = std::max({sat.k_distance, gjk.k_distance, epa.k_distance});
  b.k_depth = std::max({sat.k_depth, epa.k_depth, man.k_depth});
  b.k_normal = std::max(sat.k_normal, epa.k_normal);
  b.k_witness = std::max(gjk.k_witness, epa.k_witness);
  b.k_contact = man.k_contact;
  b.tau_contact_depth_relative = man.tau_contact_depth_relative;
  return b;
}

}  // namespace minkowski::properties
