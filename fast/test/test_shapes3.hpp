#pragma once
// Hand-made 3D test shapes shared by sat3_test.cpp, manifold3_test.cpp and penetration3_test.cpp:
// a shape from points given in double (converted to T exactly for the small dyadic values the
// tests use), an axis-aligned box, and two fuzz cases whose answer is a face of A ⊖ B built by
// nearly parallel edges.
#include <gtest/gtest.h>

#include <initializer_list>
#include <vector>

#include "minkowski/fast/shape3.hpp"

namespace test_shapes3 {

using minkowski::fast::ConvexShape3;
using minkowski::fast::Vec3;

/// make_shape3 of the points (in T) with the radius; a failed build fails the calling test.
template <class T>
ConvexShape3<T> shape(const std::vector<Vec3<double>>& pts, double radius = 0) {
  std::vector<Vec3<T>> v;
  for (const auto& p : pts) v.push_back({T(p.x), T(p.y), T(p.z)});
  auto r = minkowski::fast::make_shape3<T>(v, T(radius));
  EXPECT_TRUE(r) << r.message;
  return r.shape;
}

/// The axis-aligned box [x0, x1] × [y0, y1] × [z0, z1], optionally rounded.
template <class T>
ConvexShape3<T> box(double x0, double y0, double z0, double x1, double y1, double z1,
                    double radius = 0) {
  return shape<T>({{x0, y0, z0},
                   {x1, y0, z0},
                   {x0, y1, z0},
                   {x1, y1, z0},
                   {x0, y0, z1},
                   {x1, y0, z1},
                   {x0, y1, z1},
                   {x1, y1, z1}},
                  radius);
}

/// Two fuzz cases (double) whose minimum translation is along a face of A ⊖ B built by nearly
/// parallel long edges, with the exact core depth from the exact reference (the fixture's
/// signed distance + ra + rb): fixtures/found/fuzz3-514fd175085e9c36.json (edges 1.7e6 long,
/// ~3e-6 rad apart, S = 1e6) and fuzz3-8ccaaf6c1e966148.json (a needle triangle's edges 2.7e11
/// long against B's edge, 4.6e-10 rad apart, S = 1.6e11).
struct NearlyParallelCase {
  const char* name;
  std::vector<Vec3<double>> a, b;
  double ra, rb;
  double core_depth;  // exact, rounded to double
  double scale;       // S: the largest |coordinate|
};
inline std::vector<NearlyParallelCase> nearly_parallel_cases() {
  return {
      {"fuzz3-514fd175085e9c36",
       {{5.0, 1.0, 2.0},
        {5.163923913720384e-149, 2.0, 2.121995807e-314},
        {0.0, 0.0, 0.0},
        {999999.2899932861, -1000000.78, 999999.91}},
       {{999999.22, -1000000.28, 999999.1},
        {1000000.22, -1000000.21, 999999.29},
        {-1000000.78, 999999.91, 999999.22},
        {-1000000.28, -2.7225539896543142e-40, -2.7226523566839745e-40},
        {1.7489777085311e-310, 0.0, 2.0},
        {1.0, 5.0, 0.0},
        {-0.0, -5.88426463282443e-287, 14.0}},
       2.0,
       1.0,
       3.2648370084771287109802922114736447301756 - 3.0,
       1000000.78},
      {"fuzz3-8ccaaf6c1e966148",
       {{2.0, 0.0, 0.0},
        {1.0, 1.0, 0.0},
        {1.0, 1.0, 0.0},
        {156842099720.00885, 156842099844.51764, 156842099844.51764}},
       {{156842099844.51764, 156842099844.51764, 156842099844.51764},
        {156842099844.51764, 156842099844.51764, 4.483094640249066e-120},
        {7.0, 7.0, 7.0},
        {7.0, 7.0, 7.0},
        {7.0, 7.0, 4.483094640249093e-120},
        {7.0, 7.0, 7.0},
        {7.0, 7.0, 7.0}},
       2.0,
       0.0,
       2.7042616532213217731550876393839383732993 - 2.0,
       156842099844.51764},
  };
}

}  // namespace test_shapes3
