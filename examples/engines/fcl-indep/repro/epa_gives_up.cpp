// Class "EPA's give-up answers accepted: the contact is a point of A" (fcl-indep/README.md).
// FCL's EPA ends with status FallBack when it cannot build a polytope around the origin (a flat
// or degenerate difference: depth 0, one vertex of GJK's simplex, convexity_based_algorithm/
// epa-inl.h:334-343) and with InvalidHull when its horizon is broken (:301), its current face
// then being the answer (:315-330). ShapeIntersectIndepImpl accepts every status but Failed
// (gjk_solver_indep-inl.h:141) and puts the contact at w0 − normal·depth/2 with w0 the support
// point of A on the answer's simplex (:144-151): with depth 0, a point of A, as far from B as
// that vertex happens to be. Traced with FCL's GJK and EPA called directly (not part of this
// program): cells-2 (a segment and a point 2.8e-17 apart) FallBack, contact 0.125 off B;
// rounded-256 (a capsule touching a box) InvalidHull, contact 7.8e-10 off B. The campaign's
// degenerate-96 (coplanar squares touching, contact 1 off B) and scale-29 (FallBack at 2e-9)
// too. Bullet's btGjkEpa2.cpp has the same fallback (bullet-gjkepa's class "EPA's fallback
// answers depth 0 with a point of A as B's witness").
// Symptom: a contact at depth 0 that lies farther from B than the exact distance allows (more
// than max(exact distance, 0) + 1e-12; the fixtures' coordinates are below 4, so 1e-12 is
// thousands of ulps). Each fixture's B must be an axis-aligned box (a point, a rectangle or a
// box: every point a corner of B's bounding box), so that its distance is the bounding box's.
#include "../../fcl/repro/fcl_repro.hpp"

/// Room for rounding in the distance from the contact to B (see above).
constexpr double kRoundingRoom = 1e-12;

/// The distance from p to B's bounding box; exits 2 when B is not that box (a point of B that
/// is not one of the box's corners, or fewer distinct points than the box has corners).
double distance_to_box(const nlohmann::json& b, const double p[3]) {
  double lo[3] = {INFINITY, INFINITY, INFINITY}, hi[3] = {-INFINITY, -INFINITY, -INFINITY};
  std::set<std::vector<double>> points;
  for (const auto& q : b.at("points")) {
    points.insert({q[0].get<double>(), q[1].get<double>(), q[2].get<double>()});
    for (int i = 0; i < 3; ++i)
      lo[i] = std::min(lo[i], q[i].get<double>()), hi[i] = std::max(hi[i], q[i].get<double>());
  }
  std::size_t corners = 1;
  for (int i = 0; i < 3; ++i) corners *= lo[i] < hi[i] ? 2 : 1;
  bool all_corners = points.size() == corners;
  for (const auto& q : points)
    for (int i = 0; i < 3; ++i) all_corners = all_corners && (q[i] == lo[i] || q[i] == hi[i]);
  if (!all_corners || b.value("radius", 0.0) != 0.0) {
    std::fprintf(stderr, "B is not an axis-aligned box, rectangle or point\n");
    std::exit(2);
  }
  double s = 0;
  for (int i = 0; i < 3; ++i) {
    const double d = std::max({lo[i] - p[i], 0.0, p[i] - hi[i]});
    s += d * d;
  }
  return std::sqrt(s);
}

int main(int argc, char** argv) {
  return fcl_repro::main_over_fixtures(
      argc, argv, fcl::GST_INDEP, "a depth-0 contact off B", [](const auto& f, const auto& r) {
        if (r.outcome != 0 || !r.collides || r.depth != 0) return false;
        const double off_b = distance_to_box(f.b, r.pos);
        std::printf("  contact %.3g from B\n", off_b);
        return off_b > std::max(f.signed_distance, 0.0) + kRoundingRoom;
      });
}
