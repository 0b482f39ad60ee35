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
//   - the shape is inside the input domain (tolerances.hpp, "The input domain"): no nonzero
//     coordinate or radius below kFlushUlps·u·S, and for size() >= 3 every vertex more than
//     detail::sliver_threshold (kSliverUlps·u·min(S, L/2), L its longer edge) from its
//     neighbours' chord (then every turn is left in rounded arithmetic too); what the welds
//     moved is weld_shift();
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

/// Whether make_shape puts a shape into the input domain (tolerances.hpp, "The input domain").
/// `enforce` (the default, and what every judged caller uses): values below u·S flushed, sliver
/// vertices welded. `as_given`: neither (the point weld, the range checks and the exact hull
/// stay); the shape may lie outside the domain, where the tolerance bounds are not promised.
/// For the unit tests that pin how the algorithms treat such shapes while their special cases
/// for them are still in the code (fast/test/test_shapes.hpp).
enum class InputDomain : std::uint8_t { enforce, as_given };

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
  /// this shape's core (and from the input's rounded hull to the shape). The sum of the domain's
  /// three welds (tolerances.hpp, "The input domain"): the flush (the largest |dx| + |dy| a
  /// coordinate flush moved a point by, plus a flushed radius; <= 3u·S), the point weld (the
  /// largest |dx| + |dy| between a welded point and the kept point it was welded into; <=
  /// 2·kWeldUlps·u·S) and the sliver weld (the largest distance from a dropped sliver vertex to
  /// the polygon, measured; about kSliverUlps·u·S at most). 0 when nothing but exact duplicates or
  /// collinear points was dropped. Every answer about this shape is exact for a core at
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

// ---- The sliver weld (tolerances.hpp, kSliverUlps) -------------------------------------------
//
// A vertex's distance from its neighbours' chord is measured in double on the vertices scaled by
// a power of two f (S·f in [1, 2), exact: every nonzero coordinate is >= u·S after the flush, so
// none underflows), with the differences split exactly (two_diff) and the products formed with
// fma: the computed cross product errs by about 2u_d of itself plus O(u_d²)·|b − a|·|c − a|, far
// below the threshold 16·u_T·S·f, so the decision is the exact one but for a band of relative
// width ~1e-15 around the threshold. Exact number types (not IEC 559) weld no slivers: their
// orientation test has no rounding.

/// a − b as an unevaluated sum hi + lo, exactly (Knuth's TwoSum on a and −b).
struct SplitDiff {
  double hi, lo;
};
inline SplitDiff two_diff(double a, double b) {
  const double s = a - b, bb = s - a;
  return {s, (a - (s - bb)) - (b + bb)};
}

/// cross(b − a, c − a) for doubles, accurate to a few units of its own rounding plus
/// O(u²)·|b − a|·|c − a| (see above).
inline double accurate_cross(Vec2<double> a, Vec2<double> b, Vec2<double> c) {
  using std::fma;
  const SplitDiff ux = two_diff(b.x, a.x), uy = two_diff(b.y, a.y);
  const SplitDiff vx = two_diff(c.x, a.x), vy = two_diff(c.y, a.y);
  const double p = ux.hi * vy.hi, q = uy.hi * vx.hi;
  const double ep = fma(ux.hi, vy.hi, -p), eq = fma(uy.hi, vx.hi, -q);
  const double corr =
      (ep - eq) + ((ux.hi * vy.lo + ux.lo * vy.hi) - (uy.hi * vx.lo + uy.lo * vx.hi));
  return (p - q) + corr;
}

/// The sliver threshold of vertex b between its neighbours a and c (tolerances.hpp,
/// kSliverUlps): kSliverUlps · u · min(S, L/2), L = max(|b − a|₁, |c − b|₁), u the unit roundoff
/// of the type the vertices are kept in (`unit`) and S the shape's scale, all in one unit (the
/// caller's, scaled or not). At most kSliverUlps·u·S. Computed in double; its rounding (a few
/// u_d relative) is far inside the derivation's margin (5u·L against 8u·L).
inline double sliver_threshold(Vec2<double> a, Vec2<double> b, Vec2<double> c, double scale,
                               double unit) {
  using std::abs;
  const double l = std::max(abs(b.x - a.x) + abs(b.y - a.y), abs(c.x - b.x) + abs(c.y - b.y));
  return kSliverUlps * unit * std::min(scale, l / 2);
}

/// Distance from b to the line through a and c (a != c), signed: > 0 right of a → c (outside a
/// counter-clockwise polygon whose consecutive vertices are a, b, c).
inline double chord_height(Vec2<double> a, Vec2<double> b, Vec2<double> c) {
  using std::sqrt;
  const double dx = c.x - a.x, dy = c.y - a.y;
  return accurate_cross(a, b, c) / sqrt(dx * dx + dy * dy);
}

/// Distance from p to the segment [a, c] (a != c), for the reported weld shift.
inline double segment_distance(Vec2<double> p, Vec2<double> a, Vec2<double> c) {
  using std::abs, std::sqrt;
  const double dx = c.x - a.x, dy = c.y - a.y, wx = p.x - a.x, wy = p.y - a.y;
  const double t = dx * wx + dy * wy;
  if (t <= 0) return sqrt(wx * wx + wy * wy);
  if (t >= dx * dx + dy * dy) return sqrt((p.x - c.x) * (p.x - c.x) + (p.y - c.y) * (p.y - c.y));
  return abs(accurate_cross(a, p, c)) / sqrt(dx * dx + dy * dy);
}

/// Drops the sliver vertices of a strictly convex counter-clockwise polygon `hull` (size >= 3) at
/// shape scale S (> 0) until none is left: a vertex whose distance from its current neighbours'
/// chord (the segment between them) is at most its tau = sliver_threshold (<= kSliverUlps·u·S).
/// Stops at two vertices (a segment). Returns an upper bound on the distance from every dropped
/// vertex to the resulting polygon (0 when none was dropped): each dropped vertex's distance to the
/// segment that replaced it, measured as above and rounded up. That is the Hausdorff distance of
/// the two polygons (the result lies inside the input, and the distance to it is convex along the
/// input's edges): one sliver moves the hull by at most tau; successive drops along a nearly
/// straight chain can add up (the measured value says by how much; a chain of k slivers in a row at
/// most k·tau; dropping the nearest first keeps it near tau). Work O(n log n): each vertex is
/// examined once and again only when a neighbour was dropped. Allocates only when a sliver exists.
template <class T>
T weld_slivers(std::vector<Vec2<T>>& hull, T scale) {
  if constexpr (!std::numeric_limits<T>::is_iec559) {
    return T(0);
  } else {
    using std::ilogb, std::ldexp;
    const std::size_t n = hull.size();
    if (n < 3 || !(scale > T(0))) return T(0);
    // The common case, nothing allocated: no vertex near its chord's line (the segment is no
    // nearer). First a plain filter in double, unscaled: det = cross(b − a, c − a) errs by at most
    // 5u_d·(|t1| + |t2|) <= 5u_d·|b − a|·|c − a| (u_d <= u_T; floats' differences and products
    // are exact in double), and 5u_d·|b − a| <= tau (tau >= 8u_T·|b − a| when L/2 <= S, else
    // 16u_T·S >= 5u_d·2√2·S), so det > 2·tau·(|vx| + |vy|) proves a distance above tau. Valid
    // while no product underflows: float input never does in double, double input from S >=
    // 2^-480 on (differences of at least ulp(u·S), products of at least 2^-1022). Vertices it
    // cannot clear get the accurate measurement.
    const double unit = double(unit_roundoff<T>());
    auto as_double = [&](std::size_t i) {
      return Vec2<double>{double(hull[i].x), double(hull[i].y)};
    };
    std::size_t first = 0;  // the first vertex the filter cannot clear
    if (sizeof(T) < sizeof(double) || double(scale) >= 0x1p-480) {
      for (; first < n; ++first) {
        const Vec2<double> pa = as_double(first == 0 ? n - 1 : first - 1), pb = as_double(first),
                           pc = as_double(first + 1 == n ? 0 : first + 1);
        const double ux = pb.x - pa.x, uy = pb.y - pa.y;
        const double vx = pc.x - pa.x, vy = pc.y - pa.y;
        const double clear = 2 * sliver_threshold(pa, pb, pc, double(scale), unit);
        if (!(ux * vy - uy * vx > clear * (std::abs(vx) + std::abs(vy)))) break;
      }
      if (first == n) return T(0);
    }
    const int e = -ilogb(scale);  // S·2^e in [1, 2)
    auto at = [&](std::size_t i) {
      return Vec2<double>{ldexp(double(hull[i].x), e), ldexp(double(hull[i].y), e)};
    };
    const double scaled = ldexp(double(scale), e);  // S·2^e in [1, 2)
    auto tau_of = [&](Vec2<double> a, Vec2<double> b, Vec2<double> c) {
      return sliver_threshold(a, b, c, scaled, unit);
    };
    bool any = false;
    for (std::size_t i = first; i < n && !any; ++i) {
      const Vec2<double> a = at(i == 0 ? n - 1 : i - 1), b = at(i), c = at(i + 1 == n ? 0 : i + 1);
      any = !(chord_height(a, b, c) > tau_of(a, b, c));
    }
    if (!any) return T(0);

    struct Node {
      Vec2<double> p;
      std::uint32_t prev, next;
      bool alive;
    };
    std::vector<Node> v(n);
    for (std::size_t i = 0; i < n; ++i)
      v[i] = {at(i), static_cast<std::uint32_t>(i == 0 ? n - 1 : i - 1),
              static_cast<std::uint32_t>(i + 1 == n ? 0 : i + 1), true};
    // Smallest distance first (as Visvalingam–Whyatt simplify a line): on a finely sampled arc
    // the vertices left are then evenly spaced, and the dropped ones lie within about a quarter of
    // tau of the result, where any other order can stack the moves (measured on float n-gons of a
    // unit circle: 1e6 points, a move of 400 u·S in index order). A heap of (distance, vertex,
    // stamp); an entry whose vertex was dropped or got a new neighbour since (stamp) is stale.
    // The distance is to the chord as a segment, not its line: at the end of a thin triangle a
    // vertex lies near the line through the other two and far from the segment between them.
    struct Entry {
      double h;
      std::uint32_t i, stamp;
      bool operator<(const Entry& o) const { return h > o.h || (h == o.h && i > o.i); }
    };
    std::vector<std::uint32_t> stamp(n, 0);
    std::vector<Entry> heap;
    heap.reserve(3 * n);
    auto height = [&](std::uint32_t k) {
      return segment_distance(v[k].p, v[v[k].prev].p, v[v[k].next].p);
    };
    for (std::size_t k = 0; k < n; ++k)
      heap.push_back({height(static_cast<std::uint32_t>(k)), static_cast<std::uint32_t>(k), 0});
    std::make_heap(heap.begin(), heap.end());
    std::size_t alive = n;
    // Bounded: each iteration pops one entry; n are pushed at the start and two per dropped
    // vertex (at most n − 2 drops): at most 3n iterations.
    while (!heap.empty() && alive > 2) {
      std::pop_heap(heap.begin(), heap.end());
      const Entry e = heap.back();
      heap.pop_back();
      if (!v[e.i].alive || e.stamp != stamp[e.i]) continue;  // stale
      const std::uint32_t a = v[e.i].prev, c = v[e.i].next;
      // Not a sliver now: kept unless a neighbour is dropped later, which pushes it again (each
      // vertex has its own threshold, so the nearest one not being a sliver ends nothing).
      if (!(e.h <= tau_of(v[a].p, v[e.i].p, v[c].p))) continue;
      v[e.i].alive = false;
      v[a].next = c;
      v[c].prev = a;
      --alive;
      for (const std::uint32_t k : {a, c}) {
        heap.push_back({height(k), k, ++stamp[k]});
        std::push_heap(heap.begin(), heap.end());
      }
    }
    // The measured move: every dropped vertex against the segment between the kept vertices
    // around it (the vertex after it in the original order that is kept, and that one's prev).
    double shift = 0;
    std::vector<Vec2<T>> kept;
    kept.reserve(alive);
    for (std::size_t i = 0; i < n; ++i) {
      if (v[i].alive) {
        kept.push_back(hull[i]);
        continue;
      }
      std::size_t k = i;
      while (!v[k].alive) k = k + 1 == n ? 0 : k + 1;  // ends: at least two vertices are kept
      shift = std::max(shift, segment_distance(v[i].p, v[v[k].prev].p, v[k].p));
    }
    hull = std::move(kept);
    // Back to the shape's units, rounded up: the measurement's relative error is a few u_d, and
    // its absolute error O(u_d²·S) (2^-90 at S·f < 2 covers it): `moved`, in the scaled units,
    // bounds the move from above. Multiplying by 2^-e is exact only while the product is a normal
    // double; below 2^-1022 (every move of a double shape of scale S below 2^-973, the moves
    // being <= 16u·S; larger shapes' moves far below u·S) it is rounded to the nearest multiple
    // of 2^-1074, down as often as up, even to 0
    // (fast_vs_reference_fuzz's smoke run: S = 3.8e-311, a move of 1.4e-326 reported as 0;
    // fast/test/shape_test.cpp, ShapeDomain.TheSliverMoveOfASubnormalShapeIsRoundedUpNotToZero).
    // Scaling the result back up by 2^e is exact (no overflow: it is at most `moved`), so
    // comparing it with `moved` tells a rounding down, which one step up undoes.
    const double moved = shift * (1 + 0x1p-40) + 0x1p-90;
    double up = ldexp(moved, -e);
    if (ldexp(up, e) < moved) up = std::nextafter(up, std::numeric_limits<double>::infinity());
    T out = static_cast<T>(up);
    if (double(out) < up) out = std::nextafter(out, std::numeric_limits<T>::infinity());
    return out;
  }
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

  static ShapeResult<T> build(std::span<const Vec2<T>> points, T radius,
                              InputDomain domain = InputDomain::enforce) {
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

    // The domain's flush (tolerances.hpp, kFlushUlps): coordinates and a radius below u·S are 0.
    // `flushed` is the largest |dx| + |dy| it moved a point by; the radius's move adds to it.
    const T flush =
        domain == InputDomain::enforce ? T(kFlushUlps) * unit_roundoff<T>() * scale : T(0);
    std::vector<Vec2<T>> pts(points.begin(), points.end());
    T flushed = T(0);
    for (Vec2<T>& p : pts) {
      T moved = T(0);
      if (p.x != T(0) && abs(p.x) < flush) moved += abs(p.x), p.x = T(0);
      if (p.y != T(0) && abs(p.y) < flush) moved += abs(p.y), p.y = T(0);
      flushed = std::max(flushed, moved);
    }
    if (radius != T(0) && radius < flush) flushed += radius, radius = T(0);
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
    // The domain's sliver weld (tolerances.hpp, kSliverUlps); a polygon may become a segment.
    const T sliver = domain == InputDomain::enforce ? detail::weld_slivers(hull, scale) : T(0);

    ConvexShape<T>& s = out.shape;
    s.vertices_ = std::move(hull);
    s.radius_ = radius;
    s.scale_ = scale;
    // The three moves one after the other: their sum bounds the Hausdorff distance (rounded up).
    s.weld_shift_ = shift + flushed + sliver;
    if (s.weld_shift_ > T(0) && (shift != T(0)) + (flushed != T(0)) + (sliver != T(0)) > 1)
      s.weld_shift_ = std::nextafter(s.weld_shift_, std::numeric_limits<T>::infinity());
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
/// Tolerance (the input domain, tolerances.hpp): coordinates and a radius below kFlushUlps·u·S
/// become 0, points within kWeldUlps·u·S of each other are welded, vertices within kSliverUlps·u·S
/// of their neighbours' chord are dropped (a triangle may become a segment); how far that moved
/// the hull: ConvexShape::weld_shift. Collinear points are dropped (which moves nothing).
/// `domain`: InputDomain::as_given skips the flush and the sliver weld (unit tests only).
template <class T>
ShapeResult<T> make_shape(std::span<const Vec2<T>> points, T radius = T(0),
                          InputDomain domain = InputDomain::enforce) {
  return ShapeBuilder<T>::build(points, radius, domain);
}

}  // namespace minkowski::fast
