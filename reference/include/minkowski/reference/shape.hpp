#pragma once
// minkowski/reference/shape.hpp — input to the exact oracle.
//
// A Shape is a finite point set and a radius (docs/design.md, "Shape model"): the convex hull of
// the points dilated by the radius. Coordinates and radius are IEEE doubles and are taken as the
// exact rationals they denote. Any number of points >= 1, in any order; duplicates and collinear
// points are allowed.

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

namespace minkowski::reference {

struct Point {
  double x = 0;
  double y = 0;
  friend bool operator==(const Point&, const Point&) = default;
};

struct Shape {
  std::vector<Point> points;
  double radius = 0;
};

/// Thrown for input that is not a shape. `what()` names the shape ("a"/"b"), the point index and
/// the offending value class.
class InputError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

/// Largest number of points per shape the oracle accepts. The Minkowski difference of two shapes
/// has |A|·|B| points; 4096 × 4096 would already be 16.7 million exact points (hundreds of MiB).
/// The hull of each shape is taken first (see oracle.hpp), so only this input cap is needed.
inline constexpr std::size_t kMaxReferencePoints = 1u << 20;

/// Largest number of Minkowski difference points the oracle forms for one pair: |hull(A)| ·
/// |hull(B)|. kMaxReferencePoints alone bounds neither memory nor time: two 100,000-point circles
/// have 10^10 difference points, and the hull certificate is quadratic in the worst case. 2^14
/// points keep one `query` line (the exact answer and every fast answer judged) interactive and
/// within a few MiB (docs/performance.md has the measurements). A pair beyond it is refused with
/// InputError naming both hull sizes and this limit (cli/test/big_input_cli_test.sh).
inline constexpr std::size_t kMaxDifferencePoints = std::size_t{1} << 14;

/// Largest |coordinate| or radius the oracle accepts (2D and 3D): with |a|, |b| <= 2^1022 the
/// difference a − b and every step of TwoSum stay finite (|a − b| <= 2^1023 < DBL_MAX), so the
/// Minkowski difference's points are exact.
inline constexpr double kMaxReferenceCoordinate = 0x1p1022;

/// Checks that `s` is a shape: at least one point, at most kMaxReferencePoints, every coordinate
/// finite, radius finite and >= 0. `name` goes into the message ("shape a").
/// Throws InputError on the first violation.
void validate(const Shape& s, const std::string& name);

}  // namespace minkowski::reference
