// Class "sphere–capsule contact on the capsule's axis" (fcl/README.md; defect): FCL's closed-form
// sphereCapsuleIntersect places the contact at segment_point + local_normal · distance
// (sphere_capsule-inl.h:114, FCL 0.7.0), the capsule's axis point moved by the (negative)
// distance, without the capsule's radius: for touching shapes the point is on the axis, the
// capsule's radius from its surface and from the sphere. Fixtures: a capsule touching a sphere,
// and one 1 ulp away (collide still reports the contact). Symptom: collide reports a contact
// whose position lies within half the capsule's radius of its segment.
#include "fcl_repro.hpp"

namespace {
/// Distance from p to the segment [a, b].
double segment_distance(const double p[3], const nlohmann::json& a, const nlohmann::json& b) {
  double ab[3], ap[3], t = 0, len2 = 0;
  for (int i = 0; i < 3; ++i) {
    ab[i] = b[i].get<double>() - a[i].get<double>();
    ap[i] = p[i] - a[i].get<double>();
    t += ab[i] * ap[i];
    len2 += ab[i] * ab[i];
  }
  t = len2 > 0 ? std::clamp(t / len2, 0.0, 1.0) : 0.0;
  double d2 = 0;
  for (int i = 0; i < 3; ++i) d2 += (ap[i] - t * ab[i]) * (ap[i] - t * ab[i]);
  return std::sqrt(d2);
}
}  // namespace

int main(int argc, char** argv) {
  return fcl_repro::main_over_fixtures(
      argc, argv, fcl::GST_LIBCCD, "the contact lies on the capsule's axis",
      [](const auto& f, const auto& r) {
        const nlohmann::json& cap = f.a.at("points").size() == 2 ? f.a : f.b;
        const double radius = cap.value("radius", 0.0);
        return r.outcome == 0 && r.collides && cap.at("points").size() == 2 && radius > 0 &&
               segment_distance(r.pos, cap["points"][0], cap["points"][1]) < 0.5 * radius;
      });
}
