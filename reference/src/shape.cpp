#include "minkowski/reference/shape.hpp"

#include <array>
#include <cmath>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "minkowski/reference/shape3.hpp"

namespace minkowski::reference {

namespace {

/// The checks of validate() for either dimension; coords(p) lists a point's coordinates.
template <class P, class Coords>
void validate_shape(const std::vector<P>& points, double radius, const std::string& name,
                    Coords coords) {
  if (points.empty()) throw InputError(name + ": no points (a shape needs at least one)");
  if (points.size() > kMaxReferencePoints)
    throw InputError(fmt::format("{}: {} points, more than the limit of {}", name, points.size(),
                                 kMaxReferencePoints));
  if (!std::isfinite(radius))
    throw InputError(fmt::format("{}: radius is {} (must be finite)", name, radius));
  if (radius < 0) throw InputError(fmt::format("{}: radius {} is negative", name, radius));
  if (radius > kMaxReferenceCoordinate)
    throw InputError(fmt::format("{}: radius {} exceeds 2^1022", name, radius));
  for (std::size_t i = 0; i < points.size(); ++i) {
    for (const double v : coords(points[i])) {
      if (!std::isfinite(v))
        throw InputError(
            fmt::format("{}: point {} has coordinate {} (must be finite)", name, i, v));
      if (std::fabs(v) > kMaxReferenceCoordinate)
        throw InputError(
            fmt::format("{}: point {} has coordinate {:.17g}, beyond ±2^1022", name, i, v));
    }
  }
}

}  // namespace

void validate(const Shape& s, const std::string& name) {
  validate_shape(s.points, s.radius, name, [](const Point& p) { return std::array{p.x, p.y}; });
}

void validate(const Shape3& s, const std::string& name) {
  validate_shape(s.points, s.radius, name, [](const Point3& p) {
    return std::array{p.x, p.y, p.z};
  });
}

}  // namespace minkowski::reference
