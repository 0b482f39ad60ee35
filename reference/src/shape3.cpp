#include "minkowski/reference/shape3.hpp"

#include <cmath>
#include <string>

#include <fmt/format.h>

namespace minkowski::reference {

void validate(const Shape3& s, const std::string& name) {
  if (s.points.empty()) throw InputError(name + ": no points (a shape needs at least one)");
  if (s.points.size() > kMaxReferencePoints)
    throw InputError(fmt::format("{}: {} points, more than the limit of {}", name, s.points.size(),
                                 kMaxReferencePoints));
  if (!std::isfinite(s.radius))
    throw InputError(fmt::format("{}: radius is {} (must be finite)", name, s.radius));
  if (s.radius < 0) throw InputError(fmt::format("{}: radius {} is negative", name, s.radius));
  if (s.radius > kMaxReferenceCoordinate)
    throw InputError(fmt::format("{}: radius {} exceeds 2^1022", name, s.radius));
  for (std::size_t i = 0; i < s.points.size(); ++i) {
    const Point3& p = s.points[i];
    for (const double v : {p.x, p.y, p.z}) {
      if (!std::isfinite(v))
        throw InputError(
            fmt::format("{}: point {} has coordinate {} (must be finite)", name, i, v));
      if (std::fabs(v) > kMaxReferenceCoordinate)
        throw InputError(
            fmt::format("{}: point {} has coordinate {:.17g}, beyond ±2^1022", name, i, v));
    }
  }
}

}  // namespace minkowski::reference
