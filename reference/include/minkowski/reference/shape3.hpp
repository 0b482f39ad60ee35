#pragma once
// minkowski/reference/shape3.hpp — 3D input to the exact oracle (docs/design.md, "Three
// dimensions").
//
// A Shape3 is a finite point set in R³ and a radius: the convex hull of the points dilated by the
// radius — a point, a segment, a flat convex polygon (coplanar points) or a convex polytope; with
// a radius a sphere, a capsule, a rounded polygon, a rounded box or rounded polytope.
// Coordinates and radius are IEEE doubles taken as the exact rationals they denote. Any number of
// points >= 1 (up to kMaxReferencePoints), in any order; duplicates, collinear and coplanar
// points are allowed. The 2D input model (shape.hpp) and its limits are unchanged; both share
// InputError and kMaxReferencePoints / kMaxDifferencePoints.

#include <string>
#include <vector>

#include "minkowski/reference/shape.hpp"

namespace minkowski::reference {

struct Point3 {
  double x = 0;
  double y = 0;
  double z = 0;
  friend bool operator==(const Point3&, const Point3&) = default;
};

struct Shape3 {
  std::vector<Point3> points;
  double radius = 0;
};

/// Checks that `s` is a shape: at least one point, at most kMaxReferencePoints, every coordinate
/// finite and within ±2^1022 (so that every difference a − b of two coordinates and every step of
/// TwoSum stays finite), radius finite, >= 0 and <= 2^1022. `name` goes into the message
/// ("shape a"). Throws InputError naming the shape, the point index and the value on the first
/// violation.
void validate(const Shape3& s, const std::string& name);

}  // namespace minkowski::reference
