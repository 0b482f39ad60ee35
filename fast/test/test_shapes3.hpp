#pragma once
// Hand-made 3D test shapes shared by sat3_test.cpp and manifold3_test.cpp: a shape from points
// given in double (converted to T exactly for the small dyadic values the tests use), and an
// axis-aligned box.
#include <gtest/gtest.h>

#include <initializer_list>
#include <vector>

#include "minkowski/fast/shape3.hpp"

namespace test_shapes3 {

using minkowski::fast::ConvexShape3;
using minkowski::fast::Vec3;

/// make_shape3 of the points (in T) with the radius; a failed build fails the calling test.
template <class T>
ConvexShape3<T> shape(std::initializer_list<Vec3<double>> pts, double radius = 0) {
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

}  // namespace test_shapes3
