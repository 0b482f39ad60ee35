// Class "pos is a point of the polytope, not a contact" (libccd/README.md): ccdGJKPenetration's pos
// is the mean of the A- and B-points behind the polytope vertices nearer than the median
// (penEPAPos, ccd.c:133-173) — "position ... where force should take a place" (ccd.h), not a point
// on or between the surfaces. Symptom: pos lies outside A (or B) by more than the depth: some
// plane n·x = h(n) of the shape (n the returned direction, the axes, the cube diagonals) leaves
// pos farther out than depth.
#include "ccd_repro.hpp"

namespace {
double outside_by(const ccd_repro::Shape& s, const ccd_repro::V3& p, ccd_repro::V3 n) {
  const double len = std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
  double h = -INFINITY;
  for (const auto& q : s.points) h = std::max(h, (q[0] * n[0] + q[1] * n[1] + q[2] * n[2]) / len);
  return (p[0] * n[0] + p[1] * n[1] + p[2] * n[2]) / len - h - s.radius;
}
}  // namespace

int main(int argc, char** argv) {
  return ccd_repro::main_over_fixtures(
      argc, argv, false, "pos outside a shape by more than the depth",
      [](const auto& f, const auto& r) {
        double worst = 0;
        std::vector<ccd_repro::V3> dirs = {r.dir, {-r.dir[0], -r.dir[1], -r.dir[2]}};
        for (int x = -1; x <= 1; ++x)
          for (int y = -1; y <= 1; ++y)
            for (int z = -1; z <= 1; ++z)
              if (x || y || z) dirs.push_back({double(x), double(y), double(z)});
        for (const auto& n : dirs)
          worst = std::max({worst, outside_by(f.a, r.pos, n), outside_by(f.b, r.pos, n)});
        std::printf("  pos is outside a shape by at least %.17g\n", worst);
        return r.ret == 0 && worst > r.depth + 1e-9;
      });
}
