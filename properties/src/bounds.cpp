#include "minkowski/properties/bounds.hpp"

#include "minkowski/fast/tolerances.hpp"

namespace minkowski::properties {

const char* to_string(Precision p) { return p == Precision::single ? "float" : "double"; }

bool is_judged(Algorithm alg) { return alg != Algorithm::internal_vertices; }

// Where the numbers come from: `minkowski check --cases 5000 --seed 20261122` (30,000 cases, all
// six families), the characterization campaign that bounds_characterization_test.cpp re-runs.
// Worst observed error per field in u·S (family in brackets), then the bound, chosen as the next
// convenient value above the observation and below four times it:
//
//   algorithm  prec    relation        distance          depth            normal            witness / contacts
//   sat        double  1.46 [rounded]  3.85 [degenerate] 3.47 [scale]     6.34 [convex]     —
//   sat        float   14.4 [scale]    4.41 [scale]      4.04 [rounded]   6.06 [convex]     —
//   gjk        double  1.46 [rounded]  4.82 [degenerate] —                —                 151 [scale]
//   gjk        float   0.68 [scale]    5.18 [scale]      —                —                 62.0 [convex]
//   epa        double  1.46 [rounded]  4.82 [degenerate] 5.85 [scale]     5.85 [scale]      151 [scale]
//   epa        float   0.68 [scale]    5.18 [scale]      40.4 [scale]     40.4 [scale]      62.0 [convex]
//   manifold   double  1.46 [rounded]  —                 —                —                 contacts 6.30 [convex]
//   manifold   float   14.4 [scale]    —                 —                —                 contacts 9.50 [scale]
//
// Float relation errors of 14.4 u·S come from small shapes far from the origin: rounding the
// input to float alone moves every vertex by up to u·S. Witness points are an order of magnitude
// less accurate than distances: on long nearly-parallel closest edges the barycentric weights are
// ill-conditioned, while the distance is not.
// Manifold contact depths may exceed the exact depth by the manifold's own reference-face
// tolerance (fast::kReferenceFaceRelativeTolerance of the shorter face, which is at most
// 2·sqrt(2)·S long): tau_relative = 3 · kReferenceFaceRelativeTolerance. Observed: 1.5e-4·S.
Bounds bounds_for(Algorithm alg, Precision p) {
  Bounds b;
  const bool d = p == Precision::double_;
  b.u = d ? 0x1p-53 : 0x1p-24;
  switch (alg) {
    case Algorithm::sat:
      b.k_relation = d ? 2 : 16;
      b.k_distance = d ? 6 : 8;
      b.k_depth = d ? 4 : 8;
      b.k_normal = 8;
      break;
    case Algorithm::gjk:
      b.k_relation = d ? 2 : 1;
      b.k_distance = d ? 6 : 8;
      b.k_witness = d ? 160 : 64;
      break;
    case Algorithm::epa:
      b.k_relation = d ? 2 : 1;
      b.k_distance = d ? 6 : 8;
      b.k_depth = d ? 8 : 48;
      b.k_normal = d ? 8 : 48;
      b.k_witness = d ? 160 : 64;
      break;
    case Algorithm::manifold:
      b.k_relation = d ? 2 : 16;
      b.k_depth = d ? 4 : 8;  // as SAT, whose axis the manifold uses
      b.k_contact = d ? 8 : 16;
      b.tau_relative = 3 * fast::kReferenceFaceRelativeTolerance;
      break;
    case Algorithm::internal_vertices:
      // Not judged (is_judged): reported only, to show where the method fails.
      b.k_relation = b.k_depth = b.k_contact = 1e300;
      break;
  }
  return b;
}

}  // namespace minkowski::properties
