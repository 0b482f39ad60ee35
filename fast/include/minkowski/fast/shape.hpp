#pragma once
// minkowski/fast/shape.hpp — the one kind of shape: a rounded convex hull.
//
// A ConvexShape<T> is the convex hull of a finite point set, dilated by a radius r >= 0
// (docs/design.md, "Shape model"): polygon (3+ vertices, r = 0), segment (2), point (1),
// circle (1, r > 0), capsule (2, r > 0), rounded polygon (3+, r > 0).
//
// Building a shape (`make_shape`) is the only place that allocates or reports errors; every query
// on a built shape is allocation-free and exception-free.
//
// Invariants of a built shape:
//   - vertices() are in counter-clockwise order, strictly convex in exact arithmetic (the hull's
//     orientation test is exact; collinear and welded points removed), with no two equal; size()
//     is 1, 2 or >= 3;
//   - for size() >= 3, normal(i) is the outward unit normal of the edge vertices[i] ->
//   vertices[i+1];
//     for size() == 2, normal(0) is the unit normal to the right of v0 -> v1 and normal(1) its
//     opposite; for size() == 1 there are no normals;
//   - every coordinate and the radius are finite and at most max_coordinate<T>() in magnitude.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <vector>

#include "minkowski/fast/monotone_chain.hpp"
#include "minkowski/fast/tolerances.hpp"
#include "minkowski/fast/vec2.hpp"

namespace minkowski::fast {

template <class T>
class ConvexShape;

namespace detail {

// Power of two f with S·f in [1, 2) when the case scale S is below kRescaleBelow, else 1. Exact
// number types and non-IEEE types are never rescaled.
template <class T>
T working_scale(T scale) {
  if constexpr (std::numeric_limits<T>::is_iec559) {
    if (scale > T(0) && scale < T(kRescaleBelow)) {
      using std::ilogb;
      using std::ldexp;
      int k = -ilogb(scale);
      if (k > std::numeric_limits<T>::max_exponent - 1)
        k = std::numeric_limits<T>::max_exponent - 1;
      return ldexp(T(1), k);
    }
  }
  return T(1);
}

// The shape scaled by the power of two f: vertices, radius and scale times f, normals unchanged
// (exact while nothing overflows: f·S < 2 by working_scale). Allocates; used only for cases
// smaller than kRescaleBelow.
template <class T>
ConvexShape<T> scaled_copy(const ConvexShape<T>& s, T f);

}  // namespace detail

/// Why a point set could not become a shape. Every value has a message from `describe()`.
enum class ShapeError {
  none,
  empty,              ///< no points
  too_many_points,    ///< more than kMaxShapePoints points
  non_finite_point,   ///< a coordinate is NaN or infinite
  non_finite_radius,  ///< the radius is NaN or infinite
  negative_radius,    ///< radius < 0
  out_of_range,       ///< a coordinate or the radius exceeds max_coordinate<T>()
};

template <class T>
class ConvexShape {
 public:
  ConvexShape() = default;

  std::span<const Vec2<T>> vertices() const { return vertices_; }
  std::size_t size() const { return vertices_.size(); }
  const Vec2<T>& vertex(std::size_t i) const { return vertices_[i]; }
  const Vec2<T>& normal(std::size_t i) const { return normals_[i]; }
  std::span<const Vec2<T>> normals() const { return normals_; }
  T radius() const { return radius_; }
  /// Largest absolute coordinate of the vertices (S in the tolerance model), without the radius.
  T scale() const { return scale_; }
  /// How far the weld moved the input: an upper bound on the distance from any input point to
  /// this shape's core, the largest |dx| + |dy| between a welded point and the kept point it was
  /// welded into (0 when the weld dropped only exact duplicates or nothing; at most
  /// 2·kWeldUlps·u·S, up to one rounding). Every answer about this shape is exact for a core at
  /// most this far (Hausdorff distance) from the hull of the input, so a judge of the answers
  /// against the input's exact hull adds it to its bounds (properties/judge.hpp).
  T weld_shift() const { return weld_shift_; }

  /// Index of a vertex maximizing dot(vertex, d): a linear scan, fastest for small polygons.
  std::size_t support_index_linear(Vec2<T> d) const {
    std::size_t best = 0;
    T best_dot = dot(vertices_[0], d);
    for (std::size_t i = 1; i < vertices_.size(); ++i) {
      const T v = dot(vertices_[i], d);
      if (v > best_dot) {
        best_dot = v;
        best = i;
      }
    }
    return best;
  }

 private:
  template <class U>
  friend struct ShapeBuilder;
  template <class U>
  friend ConvexShape<U> detail::scaled_copy(const ConvexShape<U>&, U);
  std::vector<Vec2<T>> vertices_;
  std::vector<Vec2<T>> normals_;
  T radius_{};
  T scale_{};
  T weld_shift_{};
};

/// Outcome of make_shape: `error == ShapeError::none` means `shape` is valid; otherwise
/// `message` names what was wrong (which point, which value).
template <class T>
struct ShapeResult {
  ShapeError error = ShapeError::none;
  std::string message;
  ConvexShape<T> shape;
  explicit operator bool() const { return error == ShapeError::none; }
};

inline const char* describe(ShapeError e) {
  switch (e) {
    case ShapeError::none:
      return "no error";
    case ShapeError::empty:
      return "shape has no points";
    case ShapeError::too_many_points:
      return "shape has too many points";
    case ShapeError::non_finite_point:
      return "point coordinate is NaN or infinite";
    case ShapeError::non_finite_radius:
      return "radius is NaN or infinite";
    case ShapeError::negative_radius:
      return "radius is negative";
    case ShapeError::out_of_range:
      return "coordinate or radius too large for the number type";
  }
  return "unknown error";
}

namespace detail {

// The orientation test of make_shape's hull, exact.
//
// Andrew's monotone chain decides each turn by the sign of orient(a, b, c) = cross(b − a, c − a),
// and returns a convex polygon only if those signs are consistent with one another; a rounded
// cross product is not. Products that underflow keep no relative accuracy: at scale 1 the points
// (−2^-1074, 1.00004), (0, 0), (0, 0.5) have orientation +2.5e-324 exactly, both products rounded
// to −2^-1074, the cross came out 0 and the chain dropped a corner of the hull
// (fixtures/found/fuzz-979ec46dc36daf46.json). Differences that round do the same at any scale:
// five points a few ulps apart near (−2^31, −2^31) with (0, 7) gave a "hull" that visited one
// corner twice, its two faces there opposite (fixtures/found/fuzz-7a5d8ebd1a78a9fa.json), and SAT
// answered a depth of 0 for an overlap 4.95 deep.
//
// So the rounded cross product decides only where its error bound proves its sign: |error| <=
// (3 + 16u)·u·(|t1| + |t2|) for t1 = u.x·v.y, t2 = u.y·v.x (J. R. Shewchuk, "Adaptive precision
// floating-point arithmetic and fast robust geometric predicates", Discrete Comput. Geom. 18,
// 1997, the bound ccwerrboundA of orient2d), valid when no product underflows, which
// |t1| + |t2| >= normalize_below2 ensures up to a negligible 2^-1075. Elsewhere the sign is exact:
// orient expands to six products of coordinates, bx·cy − bx·ay − ax·cy − by·cx + by·ax + ay·cx
// (the ax·ay terms cancel), and each product of two doubles is an integer below 2^106 times a
// power of two; they are summed into two big integers (the positive and the negative terms) and
// compared. No rounding anywhere, for any finite doubles (and floats, which convert exactly).

/// Sum of products of doubles, exactly, as two unsigned big integers in units of 2^kLowBit.
class ExactProductSum {
 public:
  /// Adds (negative: subtracts) x · y.
  void add(double x, double y, bool negative) {
    if (x == 0.0 || y == 0.0) return;
    if ((x < 0.0) != (y < 0.0)) negative = !negative;
    int ex = 0, ey = 0;
    using std::frexp, std::ldexp, std::abs;
    // |x| = mx · 2^(ex − 53) with mx an integer below 2^53 (frexp's mantissa is in [0.5, 1)).
    const auto mx = static_cast<std::uint64_t>(ldexp(frexp(abs(x), &ex), 53));
    const auto my = static_cast<std::uint64_t>(ldexp(frexp(abs(y), &ey), 53));
    const int shift = (ex - 53) + (ey - 53) - kLowBit;  // >= 0: ex, ey >= -1073
    std::uint32_t* z = negative ? neg_ : pos_;
    // mx·my from 32-bit halves: each partial product and the middle sum fit 64 bits.
    const std::uint64_t xl = mx & 0xffffffffu, xh = mx >> 32, yl = my & 0xffffffffu, yh = my >> 32;
    add_at(z, shift, xl * yl);
    add_at(z, shift + 32, xh * yl + xl * yh);
    add_at(z, shift + 64, xh * yh);
  }

  /// Sign of the sum: +1, 0 or −1.
  int sign() const {
    for (int i = kLimbs; i-- > 0;)
      if (pos_[i] != neg_[i]) return pos_[i] > neg_[i] ? 1 : -1;
    return 0;
  }

 private:
  // Lowest bit of a product: each factor's lowest bit is at least 2^(−1073 − 53) (a subnormal's
  // frexp exponent is at least −1073). Highest: below 2^(2·1024); three more bits for six terms.
  static constexpr int kLowBit = 2 * (-1073 - 53);
  static constexpr int kLimbs = (2 * 1024 - kLowBit + 3 + 64 + 31) / 32;

  // Adds v · 2^bit (bit >= 0) with carries.
  static void add_at(std::uint32_t* z, int bit, std::uint64_t v) {
    if (v == 0) return;
    int i = bit / 32;
    const int r = bit % 32;
    // v · 2^r < 2^96 in three limbs.
    std::uint64_t lo = (v & 0xffffffffu) << r;  // < 2^63
    std::uint64_t hi = (v >> 32) << r;          // < 2^63, one limb up
    std::uint64_t carry = 0;
    for (; i < kLimbs && (lo != 0 || hi != 0 || carry != 0); ++i) {
      const std::uint64_t sum = std::uint64_t(z[i]) + (lo & 0xffffffffu) + carry;
      z[i] = static_cast<std::uint32_t>(sum);
      carry = (sum >> 32) + (lo >> 32);
      lo = hi, hi = 0;
    }
  }

  std::uint32_t pos_[kLimbs] = {};
  std::uint32_t neg_[kLimbs] = {};
};

/// Sign of orient(a, b, c) for finite doubles, exactly (see above).
inline int exact_orient_sign(Vec2<double> a, Vec2<double> b, Vec2<double> c) {
  ExactProductSum s;
  s.add(b.x, c.y, false);
  s.add(b.x, a.y, true);
  s.add(a.x, c.y, true);
  s.add(b.y, c.x, true);
  s.add(b.y, a.x, false);
  s.add(a.y, c.x, false);
  return s.sign();
}

template <class T>
int sign_of(T x) {
  return (x > T(0)) - (x < T(0));
}

/// Sign of orient(a, b, c) (> 0 counter-clockwise), exact: the rounded cross product where its
/// error bound proves the sign, exact_orient_sign elsewhere. Exact number types: their own cross.
template <class T>
int orient_sign(Vec2<T> a, Vec2<T> b, Vec2<T> c) {
  const Vec2<T> u = b - a, v = c - a;
  const T t1 = u.x * v.y, t2 = u.y * v.x, det = t1 - t2;
  if constexpr (std::numeric_limits<T>::is_iec559) {
    static_assert(std::numeric_limits<T>::digits <= 53, "exact_orient_sign takes doubles");
    using std::abs;
    constexpr T u_ = unit_roundoff<T>();
    const T mag = abs(t1) + abs(t2);
    if (mag >= normalize_below2<T>() && abs(det) > (T(3) + T(16) * u_) * u_ * mag)
      return sign_of(det);
    return exact_orient_sign(Vec2<double>{double(a.x), double(a.y)},
                             Vec2<double>{double(b.x), double(b.y)},
                             Vec2<double>{double(c.x), double(c.y)});
  }
  return sign_of(det);
}

}  // namespace detail

template <class T>
struct ShapeBuilder {
  /// The unit normal to the right of edge e (e != 0). For edges of subnormal length x² + y² is
  /// subnormal or zero, and 1/length(e) would be inf and the normal NaN; unit_vector (vec2.hpp)
  /// scales such edges first.
  static Vec2<T> unit_normal(Vec2<T> e) { return perp_right(unit_vector(e, dot(e, e))); }

  /// Traits of make_shape's hull (monotone_chain.hpp): lexicographic order on (x, y) and the exact
  /// orientation sign detail::orient_sign. The chain pops on orient <= 0, so collinear points on
  /// an edge are dropped and the result is the strictly convex hull of the welded points, exactly.
  struct HullTraits {
    using Point = Vec2<T>;
    bool less(Vec2<T> a, Vec2<T> b) const { return a.x < b.x || (a.x == b.x && a.y < b.y); }
    int orient(Vec2<T> a, Vec2<T> b, Vec2<T> c) const { return detail::orient_sign(a, b, c); }
  };

  static ShapeResult<T> build(std::span<const Vec2<T>> points, T radius) {
    using std::abs;
    using std::isfinite;
    ShapeResult<T> out;
    auto fail = [&](ShapeError e, std::string detail) {
      out.error = e;
      out.message = std::string(describe(e)) + detail;
      return out;
    };
    if (points.empty()) return fail(ShapeError::empty, "");
    if (points.size() > kMaxShapePoints)
      return fail(ShapeError::too_many_points,
                  ": " + std::to_string(points.size()) + " > " + std::to_string(kMaxShapePoints));
    if (!isfinite(radius)) return fail(ShapeError::non_finite_radius, "");
    if (radius < T(0)) return fail(ShapeError::negative_radius, "");
    const T limit = max_coordinate<T>();
    if (radius > limit) return fail(ShapeError::out_of_range, " (radius)");
    T scale = 0;
    for (std::size_t i = 0; i < points.size(); ++i) {
      const Vec2<T> p = points[i];
      if (!isfinite(p.x) || !isfinite(p.y))
        return fail(ShapeError::non_finite_point, " (point " + std::to_string(i) + ")");
      if (abs(p.x) > limit || abs(p.y) > limit)
        return fail(ShapeError::out_of_range, " (point " + std::to_string(i) + ")");
      scale = std::max({scale, abs(p.x), abs(p.y)});
    }

    std::vector<Vec2<T>> pts(points.begin(), points.end());
    sort_lexicographic(pts, HullTraits{});
    // Weld: drop a point within weld distance of a kept one in both coordinates, and remember
    // how far it was from that point (weld_shift: the hull of the kept points is within that
    // distance of every dropped one). The differences are exact (two coordinates within a few
    // ulps of each other, Sterbenz), their sum rounds at most once.
    const T weld = T(kWeldUlps) * unit_roundoff<T>() * scale;
    std::vector<Vec2<T>> welded;
    welded.reserve(pts.size());
    T shift = T(0);
    for (const Vec2<T>& p : pts) {
      bool near = false;
      for (std::size_t k = welded.size(); k-- > 0;) {
        if (p.x - welded[k].x > weld) break;  // sorted by x: nothing earlier can be near
        if (abs(p.y - welded[k].y) <= weld) {
          near = true;
          shift = std::max(shift, (p.x - welded[k].x) + abs(p.y - welded[k].y));
          break;
        }
      }
      if (!near) welded.push_back(p);
    }

    // Welded points all on one line give their two extremes (monotone_chain.hpp's contract).
    std::vector<Vec2<T>> hull = monotone_chain(std::span<const Vec2<T>>(welded), HullTraits{});

    ConvexShape<T>& s = out.shape;
    s.vertices_ = std::move(hull);
    s.radius_ = radius;
    s.scale_ = scale;
    s.weld_shift_ = shift;
    const std::size_t n = s.vertices_.size();
    if (n == 2) {
      const Vec2<T> nrm = unit_normal(s.vertices_[1] - s.vertices_[0]);
      s.normals_ = {nrm, -nrm};
    } else if (n >= 3) {
      s.normals_.resize(n);
      for (std::size_t i = 0; i < n; ++i) {
        s.normals_[i] = unit_normal(s.vertices_[(i + 1) % n] - s.vertices_[i]);
      }
    }
    return out;
  }
};

namespace detail {
template <class T>
ConvexShape<T> scaled_copy(const ConvexShape<T>& s, T f) {
  ConvexShape<T> out = s;
  for (Vec2<T>& v : out.vertices_) v = f * v;
  out.radius_ = f * s.radius_;
  out.scale_ = f * s.scale_;
  out.weld_shift_ = f * s.weld_shift_;
  return out;
}
}  // namespace detail

/// Builds the shape hull(points) ⊕ disc(radius).
///
/// Preconditions: none; every bad input is reported.
/// Failure cases: see ShapeError (empty, too many points, NaN/inf, negative radius, overflow risk).
/// Tolerance: points within kWeldUlps·u·S of each other are welded (how far that moved the hull:
/// ConvexShape::weld_shift); collinear points dropped (which moves nothing).
template <class T>
ShapeResult<T> make_shape(std::span<const Vec2<T>> points, T radius = T(0)) {
  return ShapeBuilder<T>::build(points, radius);
}

}  // namespace minkowski::fast
