#pragma once
// Shape builders shared by the fast/ unit tests (not installed).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <utility>
#include <vector>

#include "minkowski/fast/shape.hpp"

namespace minkowski::fast::test_support {

/// make_shape from double coordinates, failing the test if the shape is refused. `domain`: by
/// default InputDomain::as_given, so that the tests written before the input domain (issue 25)
/// keep pinning how the algorithms treat subnormal coordinates and slivers — the special cases
/// for them are still in the code; on shapes inside the domain both give the same shape. Tests of
/// the domain itself pass InputDomain::enforce (or call make_shape).
template <class T>
ConvexShape<T> shape(std::initializer_list<std::pair<double, double>> pts, double radius = 0,
                     InputDomain domain = InputDomain::as_given) {
  std::vector<Vec2<T>> v;
  for (auto [x, y] : pts) v.push_back({T(x), T(y)});
  auto r = make_shape<T>(v, T(radius), domain);
  EXPECT_TRUE(r) << r.message;
  return r.shape;
}

/// The axis-aligned box [x0, x1] × [y0, y1], optionally rounded.
template <class T>
ConvexShape<T> box(double x0, double y0, double x1, double y1, double radius = 0) {
  return shape<T>({{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}, radius);
}

/// Comparison tolerance of contact tests: 256 u of T.
template <class T>
double tol() {
  return 64.0 * double(std::numeric_limits<T>::epsilon()) / 2 * 8;
}

/// Index of the vertex of s at (x, y) within 1e-6 (fails the test if there is none).
template <class T>
std::uint32_t vertex_near(const ConvexShape<T>& s, double x, double y) {
  for (std::size_t i = 0; i < s.size(); ++i)
    if (std::abs(double(s.vertex(i).x) - x) < 1e-6 && std::abs(double(s.vertex(i).y) - y) < 1e-6)
      return static_cast<std::uint32_t>(i);
  ADD_FAILURE() << "no vertex at (" << x << ", " << y << ")";
  return 0;
}

}  // namespace minkowski::fast::test_support
