// Class "GJK's duplicate test: the last four support points, squared against the tolerance"
// (fcl-indep/README.md). FCL's own GJK (GJK<S>::evaluate) ends when a new support point w is near
// one of the last four support points: (w − lastw[i]).squaredNorm() < tolerance
// (convexity_based_algorithm/gjk-inl.h:124-137; lastw at :86, all four the first point at :105,
// updated at :141), keeping its old simplex with status Valid, and ShapeDistanceIndepImpl reports
// that simplex's distance (gjk_solver_indep-inl.h:619-630). Two things make the stop early:
//   - the squared length is compared with the tolerance itself, distance_tolerance = 1e-6
//     (distance-inl.h:214, distance_request.h:109): support points within sqrt(1e-6) = 1e-3 are
//     "duplicates", and on a sphere or capsule successive support points are that close long before
//     GJK converges;
//   - lastw is not the current simplex: a support point GJK dropped and needs again ends the loop.
// Traced with a copy of gjk-inl.h printing each iteration (not part of this program): cells-8 (a
// point 0.0039 from a sphere) stops at a support point 5.5e-4 from the previous one, 9e-6 too far;
// touching-1853 (prisms touching along edges) stops when (−0.25, −0.0625, 0.125), the support
// point of its first iteration, dropped from the simplex at its third, comes back at its fifth:
// distance 0.0186 for touching shapes. Bullet's btGjkEpa2.cpp has
// the same loop (bullet-gjkepa2's class "GJK stops when a support point it dropped comes back").
// Symptom: fcl::distance more than distance_tolerance (1e-6) above the exact distance.
#include "../../fcl/repro/fcl_repro.hpp"

/// FCL's distance_tolerance default (distance_request.h:109), which bounds.json grants.
constexpr double kDistanceTolerance = 1e-6;

int main(int argc, char** argv) {
  return fcl_repro::main_over_fixtures(
      argc, argv, fcl::GST_INDEP, "distance more than 1e-6 too far",
      [](const auto& f, const auto& r) {
        return r.outcome == 0 && !r.collides &&
               r.distance - std::max(f.signed_distance, 0.0) > kDistanceTolerance;
      });
}
