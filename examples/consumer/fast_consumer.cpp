// Uses the installed minkowski::fast: builds shapes with make_shape and asks GJK for their
// distance and overlap. Every expected value is derived by hand below; exits 1 on a mismatch.
#include <cmath>
#include <cstdio>
#include <vector>

#include <minkowski/fast/gjk.hpp>
#include <minkowski/fast/gjk3.hpp>
#include <minkowski/fast/manifold3.hpp>
#include <minkowski/fast/penetration3.hpp>
#include <minkowski/fast/shape.hpp>
#include <minkowski/fast/shape3.hpp>
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

  // 3D. The unit cube [0,1]³ built from its 8 corners and its centre: make_shape3 keeps the 8
  // corners and 6 square faces.
  using V3 = mf::Vec3<double>;
  std::vector<V3> cube_points{{0.5, 0.5, 0.5}};
  for (int i = 0; i < 8; ++i)
    cube_points.push_back({double(i & 1), double((i >> 1) & 1), double(i >> 2)});
  const mf::ShapeResult3<double> cube = mf::make_shape3<double>(cube_points);
  if (!cube) {
    std::printf("make_shape3 failed: %s\n", cube.message.c_str());
    return 1;
  }
  check(cube.shape.size() == 8 && cube.shape.face_count() == 6, "cube: 8 corners, 6 faces");

  // A sphere of radius 0.75 centred at (2, 0.5, 0.5): 1 from the face x = 1, so 0.25 apart.
  const std::vector<V3> sphere_centre{{2, 0.5, 0.5}};
  const mf::ShapeResult3<double> sphere = mf::make_shape3<double>(sphere_centre, 0.75);
  const mf::GjkOutput3<double> d3 = mf::gjk_distance(cube.shape, sphere.shape);
  std::printf("  gjk_distance(cube, sphere at (2,0.5,0.5) r=0.75): distance=%.17g\n", d3.distance);
  check(!d3.intersects && std::abs(d3.distance - 0.25) <= 1e-15, "3D distance is 0.25");

  // The cube moved by (0.75, 0.25, 0.5) overlaps the cube by 0.25 in x, 0.75 in y and 0.5 in z:
  // the shortest way out is 0.25 along +x. The moved cube's face x = 0.75 clipped to the face
  // x = 1 of the first is the rectangle y in [0.25, 1], z in [0.5, 1]: 4 contacts, each 0.25 deep.
  std::vector<V3> moved;
  for (const V3& p : cube_points) moved.push_back(p + V3{0.75, 0.25, 0.5});
  const mf::ShapeResult3<double> cube2 = mf::make_shape3<double>(moved);
  const mf::PenetrationResult3<double> pen = mf::penetration(cube.shape, cube2.shape);
  std::printf("  penetration(cube, cube moved by (0.75,0.25,0.5)): depth=%.17g normal=(%g,%g,%g)\n",
              pen.depth, pen.normal.x, pen.normal.y, pen.normal.z);
  check(
      pen.intersects && std::abs(pen.depth - 0.25) <= 1e-15 && std::abs(pen.normal.x - 1) <= 1e-15,
      "3D penetration: depth 0.25 along +x");
  const mf::Manifold3<double> m3 = mf::contact_manifold(cube.shape, cube2.shape);
  bool depths_ok = m3.point_count == 4;
  for (int i = 0; i < m3.point_count; ++i)
    depths_ok = depths_ok && std::abs(m3.points[i].separation + 0.25) <= 1e-15;
  check(depths_ok, "3D manifold: 4 contacts, each 0.25 deep");

  std::printf("fast consumer: %s\n", failures == 0 ? "all answers as derived by hand" : "FAILED");
  return failures == 0 ? 0 : 1;
}
