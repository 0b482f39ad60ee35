// Tests of make_shape3 (fast/include/minkowski/fast/shape3.hpp): hand-derived hulls.
#include <gtest/gtest.h>

#include <vector>

#include "minkowski/fast/shape3.hpp"

namespace {

using minkowski::fast::make_shape3;
using minkowski::fast::Vec3;

// The unit cube with a point inside and one on an edge: 8 vertices, 6 faces, 12 edges
// (V − E + F = 2), every face a square with a unit axis normal.
TEST(Shape3, CubeWithInteriorAndEdgePoints) {
  std::vector<Vec3<double>> p;
  for (int i = 0; i < 8; ++i) p.push_back({double(i & 1), double((i >> 1) & 1), double(i >> 2)});
  p.push_back({0.5, 0.5, 0.5});
  p.push_back({0.5, 0, 0});
  const auto r = make_shape3<double>(p);
  ASSERT_TRUE(r) << r.message;
  EXPECT_EQ(r.shape.dimension(), 3);
  EXPECT_EQ(r.shape.size(), 8u);
  EXPECT_EQ(r.shape.face_count(), 6u);
  EXPECT_EQ(r.shape.edges().size(), 12u);
  for (std::size_t f = 0; f < r.shape.face_count(); ++f) {
    EXPECT_EQ(r.shape.face_vertices(f).size(), 4u);
    const auto n = r.shape.face_plane(f).normal;
    EXPECT_DOUBLE_EQ(std::abs(n.x) + std::abs(n.y) + std::abs(n.z), 1.0);
  }
}

// A flat square: dimension 2, two faces with opposite normals ±z, four edges.
TEST(Shape3, FlatSquareHasTwoFaces) {
  const std::vector<Vec3<float>> p = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
  const auto r = make_shape3<float>(p);
  ASSERT_TRUE(r) << r.message;
  EXPECT_EQ(r.shape.dimension(), 2);
  EXPECT_EQ(r.shape.face_count(), 2u);
  EXPECT_EQ(r.shape.edges().size(), 4u);
  EXPECT_EQ(std::abs(r.shape.face_plane(0).normal.z), 1.0f);
  EXPECT_EQ(r.shape.face_plane(0).normal.z, -r.shape.face_plane(1).normal.z);
}

}  // namespace
