// Uses the installed minkowski::fast: builds shapes with make_shape and asks GJK for their
// distance and overlap. Every expected value is derived by hand below; exits 1 on a mismatch.
#include <cmath>
#include <cstdio>
#include <vector>

#include <minkowski/fast/gjk.hpp>
#include <minkowski/fast/shape.hpp>
#include <minkowski/version.hpp>

namespace mf = minkowski::fast;
using V = mf::Vec2<double>;

int main() {
  int failures = 0;
  auto check = [&](bool ok, const char* what) {
    std::printf("  %-58s %s\n", what, ok ? "ok" : "MISMATCH");
    failures += !ok;
  };
  std::printf("minkowski %s, fast consumer\n", MINKOWSKI_VERSION);

  // The box [0,2]×[0,1], given with a redundant point (1,0) on its bottom edge and an interior
  // point: make_shape keeps the 4 corners, counter-clockwise from the lowest-leftmost.
  const std::vector<V> box_points{{2, 1}, {0, 0}, {1, 0}, {2, 0}, {1, 0.5}, {0, 1}};
  const mf::ShapeResult<double> box = mf::make_shape<double>(box_points);
  if (!box) {
    std::printf("make_shape failed: %s\n", box.message.c_str());
    return 1;
  }
  check(box.shape.size() == 4 && box.shape.vertex(0) == V{0, 0} && box.shape.vertex(2) == V{2, 1},
        "box: 4 corners, ccw from (0,0)");
  check(box.shape.normal(1) == V{1, 0}, "box: normal of edge (2,0)->(2,1) is +x");
  check(box.shape.vertex(box.shape.support_index_linear(V{1, 1})) == V{2, 1},
        "box: support point in direction (1,1) is (2,1)");

  // A circle of radius 0.75 centred at (3, 0.5): its centre is 1 from the box's right edge, so
  // the distance is 1 − 0.75 = 0.25 and they do not overlap.
  const std::vector<V> centre{{3, 0.5}};
  const mf::ShapeResult<double> circle = mf::make_shape<double>(centre, 0.75);
  const mf::GjkOutput<double> d = mf::gjk_distance(box.shape, circle.shape);
  std::printf("  gjk_distance(box, circle at (3,0.5) r=0.75): intersects=%d distance=%.17g\n",
              d.intersects, d.distance);
  check(!d.intersects && std::abs(d.distance - 0.25) <= 1e-15, "distance is 0.25");
  check(!mf::gjk_overlap(box.shape, circle.shape), "gjk_overlap: false");

  // The same circle at (2.5, 0.5): its centre is 0.5 from the box, less than the radius.
  const std::vector<V> nearer{{2.5, 0.5}};
  const mf::ShapeResult<double> circle2 = mf::make_shape<double>(nearer, 0.75);
  check(mf::gjk_overlap(box.shape, circle2.shape), "circle at (2.5,0.5): gjk_overlap true");

  std::printf("fast consumer: %s\n", failures == 0 ? "all answers as derived by hand" : "FAILED");
  return failures == 0 ? 0 : 1;
}
