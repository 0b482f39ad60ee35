#pragma once
// reference/test/brute_force3.hpp — a second exact 3D oracle for small pairs of radius 0, written
// to share nothing with the library's hulls: no hull code, no predicates, no expansions. It
// works on ALL differences a_i − b_j (not on hull vertices), in exact integers, by enumeration:
//
//   P      the difference points, exact rationals, duplicates removed; scaled by one common
//          positive rational s to integer points Q (P = s·Q), so every sign and comparison below
//          is an integer computation. Distances scale by s, squared values by s².
//   dim    the affine dimension of conv(P): the first point, the first point different from it,
//          the first one off their line, the first one off their plane.
//   inside (dimension 3) every plane through three non-collinear points of P with all of P on
//          one side is a supporting plane of conv(P); the facet planes are among them, so
//          conv(P) is the intersection of their inner half-spaces. The origin is outside iff it
//          is strictly beyond one of them, on the boundary iff it is on one of them and beyond
//          none, inside iff strictly on the inner side of all.
//   depth  (origin inside) the minimum over those planes of the squared distance (n·q)²/(n·n).
//          A supporting plane that is not a facet plane is no nearer than the boundary (the
//          perpendicular from the origin leaves conv(P) before reaching it), and one that attains
//          the depth touches the inscribed ball, so it is the (unique) tangent plane there, a
//          facet plane. The optimal directions are the distinct outward normals attaining it.
//   dist   (origin not inside) the minimum, over every point, segment and triangle of P, of the
//          squared distance from the origin to it: a point |q|²; a segment's interior when the
//          foot of the perpendicular lies strictly inside it, |q×d|²/|d|²; a triangle's interior
//          when the projection of the origin on its plane lies in it, (n·q)²/(n·n). Every
//          candidate is the distance to a point of conv(P), and the nearest point lies on a
//          boundary triangle, segment or point (conv(P) is the union of its boundary triangles
//          when flat, and a point outside sees its nearest point on the boundary), so the
//          minimum is the distance. Zero means the origin is in conv(P): on the boundary.
//   cone   (origin on the boundary) the normal cone at the origin, N = {v : v·p <= 0 for all p},
//          and generators of it: ±(p×q) filtered by membership (dimension 3: each extreme ray of
//          a pointed cone lies on two independent constraint planes); dimension 2 with normal n:
//          ±n and ±(n×p) filtered; dimension 1 along d: the plane orthogonal to d, and −d when
//          the origin is an end; dimension 0: every direction.
//
// Integers are __int128 when every |Q| coordinate is at most kInt128Bound (bound derived at the
// constant), GMP integers otherwise. The two signs evaluated O(n^4) times (a point against a
// plane, the origin's projection against a triangle's edge) are first evaluated in double with
// a forward error bound (kFilterUlps); only the undecided ones are evaluated exactly. O(n^4) in the
// number of difference points with early exits: meant for shapes of a few points.

#include <array>
#include <cmath>
#include <cstdio>
#include <boost/multiprecision/gmp.hpp>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "minkowski/reference/numbers3.hpp"

namespace minkowski::reference::brute3 {

using BigInt =
    boost::multiprecision::number<boost::multiprecision::gmp_int, boost::multiprecision::et_off>;

/// Largest |coordinate| of the integer points Q for the __int128 path. With |q| <= M: a cross
/// product of two differences (|d| <= 2M) is at most 2·(2M)² = 8M² per component; n·q <= 3·8M²·M
/// = 24M³, (n·q)² <= 576·M^6 < 2^10·M^6, n·n <= 3·64M^4 < 2^8·M^4; the comparison of two such
/// fractions multiplies one numerator by the other denominator: < 2^18·M^10, and the nearest
/// point's numerator (n·q)·n < 2^5·M³·2^3·M². M = 2^10 keeps every product below 2^118 < 2^127.
inline constexpr long kInt128Bound = 1L << 10;

/// Error bound of the double filter, in units of u = 2^-53 times the sum of the absolute values
/// of the monomials (evaluated in double). Each input is an integer converted to double with
/// relative error <= 2u (GMP's mpz_get_d truncates; rounding to nearest errs by u). A sign of
/// degree 4 here, (q_i × q_j)·n = Σ ±q q n over 6 monomials of three inputs each, passes through
/// 3 input conversions (6u), 2 multiplications, the subtraction in the cross product and the two
/// additions of the dot product (5u): every monomial is perturbed by at most γ_11 = 11u/(1−11u)
/// relative (Higham, "Accuracy and Stability of Numerical Algorithms", 2nd ed., §3.1), so the
/// error is at most γ_11·Σ|monomials|. The plane sign n·q − h (4 products of two inputs, h one
/// input) needs fewer (γ_8). The computed sum of |monomials| is itself within γ_8 of the true
/// one; 16u covers γ_11·(1 + γ_8) with room.
inline constexpr double kFilterUlps = 16;

enum class Location { outside, boundary, inside };
enum class ConeKind { ray, cone, all };

struct Answer {
  int dimension = 0;  ///< affine dimension of conv(P), 0..3
  Location location = Location::outside;
  /// outside: squared distance; inside: squared depth; boundary: 0.
  Rational squared;
  /// outside: the point of conv(P) nearest the origin; boundary: the origin; inside: empty.
  std::optional<RationalPoint3> nearest;
  /// outside: the one ray −nearest; inside: the distinct outward normals attaining the depth,
  /// each a ray; boundary: generators of the normal cone at the origin (kind ray when that cone
  /// is a single ray, all when P is the origin alone).
  ConeKind kind = ConeKind::ray;
  std::vector<RationalPoint3> directions;
  /// P, duplicates removed (for in_normal_cone).
  std::vector<RationalPoint3> points;

  /// v·p <= 0 for every p of P: v is an outward normal of conv(P) at the origin (meaningful on
  /// the boundary, where the origin belongs to conv(P)).
  bool in_normal_cone(const RationalPoint3& v) const {
    for (const RationalPoint3& p : points)
      if (v.x * p.x + v.y * p.y + v.z * p.z > 0) return false;
    return true;
  }
};

/// Same direction: u and v nonzero, parallel (u × v = 0) and pointing the same way (u·v > 0).
inline bool same_direction(const RationalPoint3& u, const RationalPoint3& v) {
  const Rational cx = u.y * v.z - u.z * v.y, cy = u.z * v.x - u.x * v.z, cz = u.x * v.y - u.y * v.x;
  return cx == 0 && cy == 0 && cz == 0 && u.x * v.x + u.y * v.y + u.z * v.z > 0;
}

namespace detail {

template <class Int>
struct V3 {
  Int x, y, z;
};
template <class Int>
V3<Int> sub(const V3<Int>& a, const V3<Int>& b) {
  return {a.x - b.x, a.y - b.y, a.z - b.z};
}
template <class Int>
V3<Int> neg(const V3<Int>& a) {
  return {-a.x, -a.y, -a.z};
}
template <class Int>
V3<Int> cross(const V3<Int>& a, const V3<Int>& b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
template <class Int>
Int dot(const V3<Int>& a, const V3<Int>& b) {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}
template <class Int>
bool is_zero(const V3<Int>& a) {
  return a.x == 0 && a.y == 0 && a.z == 0;
}
template <class Int>
bool same_dir(const V3<Int>& u, const V3<Int>& v) {
  return is_zero(cross(u, v)) && dot(u, v) > 0;
}

inline Rational to_rat(const BigInt& v) { return Rational(v); }
inline Rational to_rat(__int128 v) {
  const bool negative = v < 0;
  const unsigned __int128 u =
      negative ? static_cast<unsigned __int128>(-(v + 1)) + 1 : static_cast<unsigned __int128>(v);
  Rational r = Rational(static_cast<unsigned long long>(u >> 64));
  r *= Rational(BigInt(1) << 64);
  r += Rational(static_cast<unsigned long long>(u & ~0ULL));
  return negative ? Rational(-r) : r;
}
template <class Int>
RationalPoint3 to_rat(const V3<Int>& v) {
  return {to_rat(v.x), to_rat(v.y), to_rat(v.z)};
}

/// The brute-force answer on integer points (squared and nearest in Q's units).
template <class Int>
struct CoreAnswer {
  int dimension = 0;
  Location location = Location::outside;
  Int num = 0, den = 1;  ///< squared = num/den
  V3<Int> nearest_num{0, 0, 0};
  Int nearest_den = 1;  ///< nearest = nearest_num / nearest_den
  ConeKind kind = ConeKind::ray;
  std::vector<V3<Int>> directions;
};

template <class Int>
int affine_dimension(const std::vector<V3<Int>>& q) {
  std::size_t i1 = 0;
  while (i1 < q.size() && is_zero(sub(q[i1], q[0]))) ++i1;
  if (i1 == q.size()) return 0;
  const V3<Int> d1 = sub(q[i1], q[0]);
  std::size_t i2 = 0;
  while (i2 < q.size() && is_zero(cross(d1, sub(q[i2], q[0])))) ++i2;
  if (i2 == q.size()) return 1;
  const V3<Int> n = cross(d1, sub(q[i2], q[0]));
  for (const V3<Int>& p : q)
    if (dot(n, sub(p, q[0])) != 0) return 3;
  return 2;
}

/// a/b < c/d for b, d > 0.
template <class Int>
bool less_fraction(const Int& a, const Int& b, const Int& c, const Int& d) {
  return a * d < c * b;
}

inline double to_d(const BigInt& v) { return v.convert_to<double>(); }
inline double to_d(__int128 v) { return static_cast<double>(v); }

struct D3 {
  double x, y, z;
};
template <class Int>
D3 to_d(const V3<Int>& v) {
  return {to_d(v.x), to_d(v.y), to_d(v.z)};
}

/// The points q with what the enumerations reuse: q in double, and every cross product
/// c_ij = q_i × q_j exactly and in double. (q_j − q_i) × (q_k − q_i) = c_ij + c_jk + c_ki.
template <class Int>
struct Points {
  const std::vector<V3<Int>>& q;
  std::vector<D3> qd;
  std::vector<V3<Int>> c;
  std::vector<D3> cd;
  explicit Points(const std::vector<V3<Int>>& pts) : q(pts) {
    const std::size_t n = q.size();
    c.resize(n * n);
    cd.resize(n * n);
    for (std::size_t i = 0; i < n; ++i) {
      qd.push_back(to_d(q[i]));
      for (std::size_t j = 0; j < n; ++j) {
        c[i * n + j] = cross(q[i], q[j]);
        cd[i * n + j] = to_d(c[i * n + j]);
      }
    }
  }
  const V3<Int>& cross_of(std::size_t i, std::size_t j) const { return c[i * q.size() + j]; }
  const D3& cross_d(std::size_t i, std::size_t j) const { return cd[i * q.size() + j]; }
  /// (q_j − q_i) × (q_k − q_i), exactly.
  V3<Int> normal(std::size_t i, std::size_t j, std::size_t k) const {
    const V3<Int>&a = cross_of(i, j), &b = cross_of(j, k), &d = cross_of(k, i);
    return {a.x + b.x + d.x, a.y + b.y + d.y, a.z + b.z + d.z};
  }
};

/// The filter's verdict on a value computed in double with error at most kFilterUlps·u·perm:
/// +1 or −1 when certain, 0 when not (then the caller decides exactly). Non-finite values
/// (GMP integers beyond double's range) are never certain.
inline int filtered_sign(double value, double perm) {
  const double bound = kFilterUlps * 0x1p-53 * perm;
  if (!std::isfinite(bound) || !std::isfinite(value)) return 0;
  return value > bound ? 1 : value < -bound ? -1 : 0;
}

/// Sign of n·q_m − h (the side of point m of the plane n·x = h), filtered.
template <class Int>
int plane_side(const Points<Int>& p, const V3<Int>& n, const D3& nd, const Int& h, double hd,
               std::size_t m) {
  const D3& x = p.qd[m];
  const double a = nd.x * x.x, b = nd.y * x.y, c = nd.z * x.z;
  const int f =
      filtered_sign(a + b + c - hd, std::fabs(a) + std::fabs(b) + std::fabs(c) + std::fabs(hd));
  if (f != 0) return f;
  const Int e = dot(n, p.q[m]) - h;
  return e > 0 ? 1 : e < 0 ? -1 : 0;
}

/// Sign of (q_u × q_v)·n with n = c_ij + c_jk + c_ki, filtered (see kFilterUlps).
template <class Int>
int edge_side(const Points<Int>& p, std::size_t u, std::size_t v, std::size_t i, std::size_t j,
              std::size_t k, const V3<Int>& n) {
  const D3 &e = p.cross_d(u, v), &a = p.cross_d(i, j), &b = p.cross_d(j, k), &c = p.cross_d(k, i);
  const double value = e.x * (a.x + b.x + c.x) + e.y * (a.y + b.y + c.y) + e.z * (a.z + b.z + c.z);
  const double perm = std::fabs(e.x) * (std::fabs(a.x) + std::fabs(b.x) + std::fabs(c.x)) +
                      std::fabs(e.y) * (std::fabs(a.y) + std::fabs(b.y) + std::fabs(c.y)) +
                      std::fabs(e.z) * (std::fabs(a.z) + std::fabs(b.z) + std::fabs(c.z));
  const int f = filtered_sign(value, perm);
  if (f != 0) return f;
  const Int s = dot(p.cross_of(u, v), n);
  return s > 0 ? 1 : s < 0 ? -1 : 0;
}

/// Squared distance from the origin to conv(q) by points, segment interiors and triangle
/// interiors (see the file comment), with the nearest point.
template <class Int>
void distance(const Points<Int>& pts, CoreAnswer<Int>& out) {
  const std::vector<V3<Int>>& q = pts.q;
  bool first = true;
  auto offer = [&](const Int& num, const Int& den, const V3<Int>& pnum, const Int& pden) {
    if (first || less_fraction(num, den, out.num, out.den)) {
      first = false;
      out.num = num;
      out.den = den;
      out.nearest_num = pnum;
      out.nearest_den = pden;
    }
  };
  const std::size_t n = q.size();
  for (std::size_t i = 0; i < n; ++i) offer(dot(q[i], q[i]), Int(1), q[i], Int(1));
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j) {
      const V3<Int> d = sub(q[j], q[i]);
      const Int ad = dot(q[i], d), dd = dot(d, d);
      // Foot q_i + t·d with t = −(q_i·d)/(d·d) strictly inside (0, 1).
      if (!(ad < 0 && -ad < dd)) continue;
      const V3<Int> c = cross(q[i], d);
      // q_i·dd − ad·d, over dd.
      offer(dot(c, c), dd,
            V3<Int>{q[i].x * dd - ad * d.x, q[i].y * dd - ad * d.y, q[i].z * dd - ad * d.z}, dd);
    }
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j)
      for (std::size_t k = j + 1; k < n; ++k) {
        // The projection λ·n of the origin on the plane of q_i q_j q_k (n = (q_j − q_i) ×
        // (q_k − q_i)) lies in the triangle iff for each edge (u, v), ((v − u) × (λn − u))·n >= 0;
        // the λn term vanishes ((x × n)·n = 0), leaving (q_u × q_v)·n >= 0.
        const V3<Int> nn = pts.normal(i, j, k);
        if (is_zero(nn)) continue;
        if (edge_side(pts, i, j, i, j, k, nn) < 0 || edge_side(pts, j, k, i, j, k, nn) < 0 ||
            edge_side(pts, k, i, i, j, k, nn) < 0)
          continue;
        const Int h = dot(nn, q[i]);
        offer(h * h, dot(nn, nn), V3<Int>{h * nn.x, h * nn.y, h * nn.z}, dot(nn, nn));
      }
}

/// Membership in N = {v : v·p <= 0 for all p}.
template <class Int>
bool in_cone(const std::vector<V3<Int>>& q, const V3<Int>& v) {
  if (is_zero(v)) return false;
  for (const V3<Int>& p : q)
    if (dot(v, p) > 0) return false;
  return true;
}

template <class Int>
void add_generator(const std::vector<V3<Int>>& q, const V3<Int>& v, std::vector<V3<Int>>& out) {
  if (!in_cone(q, v)) return;
  for (const V3<Int>& g : out)
    if (same_dir(g, v)) return;
  out.push_back(v);
}

/// Generators of the normal cone at the origin (which lies in conv(q)); see the file comment.
template <class Int>
void normal_cone(const std::vector<V3<Int>>& q, CoreAnswer<Int>& out) {
  out.directions.clear();
  const V3<Int> ex{1, 0, 0}, ey{0, 1, 0};
  if (out.dimension == 0) {
    out.kind = ConeKind::all;
    return;
  }
  out.kind = ConeKind::cone;
  if (out.dimension == 1) {
    V3<Int> d{0, 0, 0};
    for (const V3<Int>& p : q)
      if (!is_zero(p)) d = p;
    V3<Int> e1 = cross(d, ex);
    if (is_zero(e1)) e1 = cross(d, ey);
    const V3<Int> e2 = cross(d, e1);
    for (const V3<Int>& g : {e1, neg(e1), e2, neg(e2), d, neg(d)})
      add_generator(q, g, out.directions);
    return;
  }
  if (out.dimension == 2) {
    V3<Int> n{0, 0, 0};
    for (std::size_t i = 0; i < q.size() && is_zero(n); ++i)
      for (std::size_t j = i + 1; j < q.size() && is_zero(n); ++j) n = cross(q[i], q[j]);
    add_generator(q, n, out.directions);
    add_generator(q, neg(n), out.directions);
    for (const V3<Int>& p : q) {
      const V3<Int> v = cross(n, p);
      add_generator(q, v, out.directions);
      add_generator(q, neg(v), out.directions);
    }
    return;
  }
  for (std::size_t i = 0; i < q.size(); ++i)
    for (std::size_t j = i + 1; j < q.size(); ++j) {
      const V3<Int> v = cross(q[i], q[j]);
      add_generator(q, v, out.directions);
      add_generator(q, neg(v), out.directions);
    }
  if (out.directions.size() == 1) out.kind = ConeKind::ray;
}

template <class Int>
CoreAnswer<Int> solve(const std::vector<V3<Int>>& q) {
  CoreAnswer<Int> out;
  out.dimension = affine_dimension(q);
  const Points<Int> pts(q);
  if (out.dimension == 3) {
    bool beyond = false, on = false, have_depth = false;
    Int best_num = 0, best_den = 1;
    std::vector<V3<Int>> best_normals;
    const std::size_t n = q.size();
    for (std::size_t i = 0; i < n && !beyond; ++i)
      for (std::size_t j = i + 1; j < n && !beyond; ++j)
        for (std::size_t k = j + 1; k < n && !beyond; ++k) {
          V3<Int> nn = pts.normal(i, j, k);
          if (is_zero(nn)) continue;
          Int h = dot(nn, q[i]);
          const D3 nd = to_d(nn);
          const double hd = to_d(h);
          bool pos = false, negs = false;
          for (std::size_t m = 0; m < n && !(pos && negs); ++m) {
            if (m == i || m == j || m == k) continue;
            const int s = plane_side(pts, nn, nd, h, hd, m);
            pos |= s > 0;
            negs |= s < 0;
          }
          if (pos && negs) continue;  // not a supporting plane
          if (pos) {                  // outward: every point on the side n·p <= h
            nn = neg(nn);
            h = -h;
          }
          // The origin is beyond the plane iff n·0 > h.
          if (h < 0) {
            beyond = true;
          } else if (h == 0) {
            on = true;
          } else {
            const Int num = h * h, den = dot(nn, nn);
            if (!have_depth || less_fraction(num, den, best_num, best_den)) {
              have_depth = true;
              best_num = num;
              best_den = den;
              best_normals.assign(1, nn);
            } else if (!less_fraction(best_num, best_den, num, den)) {
              bool seen = false;
              for (const V3<Int>& g : best_normals) seen |= same_dir(g, nn);
              if (!seen) best_normals.push_back(nn);
            }
          }
        }
    if (!beyond && !on) {
      out.location = Location::inside;
      out.num = best_num;
      out.den = best_den;
      out.directions = best_normals;
      return out;
    }
    if (!beyond) {
      out.location = Location::boundary;
      out.num = 0;
      normal_cone(q, out);
      return out;
    }
  }
  distance(pts, out);
  if (out.num == 0) {
    out.location = Location::boundary;
    normal_cone(q, out);
  } else {
    out.location = Location::outside;
    out.directions.assign(1, neg(out.nearest_num));
  }
  return out;
}

template <class Int>
Answer finish(const CoreAnswer<Int>& c, const Rational& scale, std::vector<RationalPoint3> pts) {
  Answer a;
  a.dimension = c.dimension;
  a.location = c.location;
  a.kind = c.kind;
  a.points = std::move(pts);
  a.squared = c.location == Location::boundary
                  ? Rational(0)
                  : Rational(to_rat(c.num) / to_rat(c.den) * scale * scale);
  if (c.location != Location::inside) {
    const Rational f = scale / to_rat(c.nearest_den);
    const RationalPoint3 p = to_rat(c.nearest_num);
    a.nearest = c.location == Location::boundary ? RationalPoint3{0, 0, 0}
                                                 : RationalPoint3{p.x * f, p.y * f, p.z * f};
  }
  for (const V3<Int>& d : c.directions) a.directions.push_back(to_rat(d));
  return a;
}

}  // namespace detail

/// The brute-force answer for the point set P (non-empty).
inline Answer solve(std::vector<RationalPoint3> p) {
  if (p.empty()) throw std::invalid_argument("brute3::solve: no points");
  // Duplicates removed (quadratic: the sets are small).
  std::vector<RationalPoint3> pts;
  for (RationalPoint3& x : p) {
    bool seen = false;
    for (const RationalPoint3& y : pts) seen |= x == y;
    if (!seen) pts.push_back(std::move(x));
  }
  // P = scale·Q with Q integer: scale = g/L, L the lcm of the denominators, g the gcd of the
  // integer coordinates P·L (1 when all are 0).
  BigInt lcm_den = 1;
  for (const RationalPoint3& x : pts)
    for (const Rational* c : {&x.x, &x.y, &x.z})
      lcm_den = boost::multiprecision::lcm(lcm_den, BigInt(boost::multiprecision::denominator(*c)));
  std::vector<std::array<BigInt, 3>> ints;
  BigInt g = 0;
  for (const RationalPoint3& x : pts) {
    std::array<BigInt, 3> v;
    int k = 0;
    for (const Rational* c : {&x.x, &x.y, &x.z}) {
      v[k] = BigInt(boost::multiprecision::numerator(*c)) *
             (lcm_den / BigInt(boost::multiprecision::denominator(*c)));
      g = boost::multiprecision::gcd(g, v[k]);
      ++k;
    }
    ints.push_back(v);
  }
  if (g == 0) g = 1;
  BigInt largest = 0;
  for (std::array<BigInt, 3>& v : ints)
    for (BigInt& c : v) {
      c /= g;
      if (abs(c) > largest) largest = abs(c);
    }
  const Rational scale = Rational(g) / Rational(lcm_den);
  if (largest <= kInt128Bound) {
    std::vector<detail::V3<__int128>> q;
    for (const auto& v : ints)
      q.push_back({static_cast<__int128>(v[0].convert_to<long>()),
                   static_cast<__int128>(v[1].convert_to<long>()),
                   static_cast<__int128>(v[2].convert_to<long>())});
    return detail::finish(detail::solve(q), scale, std::move(pts));
  }
  std::vector<detail::V3<BigInt>> q;
  for (const auto& v : ints) q.push_back({v[0], v[1], v[2]});
  return detail::finish(detail::solve(q), scale, std::move(pts));
}

/// P = {a_i − b_j} over ALL points of both shapes (radii ignored).
inline Answer solve(const Shape3& a, const Shape3& b) {
  std::vector<RationalPoint3> p;
  for (const Point3& x : a.points)
    for (const Point3& y : b.points)
      p.push_back({Rational(x.x) - Rational(y.x), Rational(x.y) - Rational(y.y),
                   Rational(x.z) - Rational(y.z)});
  return solve(std::move(p));
}

/// The pair as a case line ({"a": {"points": [[x, y, z], ...], "radius": r}, "b": ...}), every
/// double with 17 significant digits (round trip), for failure messages.
inline std::string case_json(const Shape3& a, const Shape3& b) {
  std::string out = "{";
  char buf[96];
  for (int k = 0; k < 2; ++k) {
    const Shape3& s = k == 0 ? a : b;
    out += k == 0 ? "\"a\": {\"points\": [" : ", \"b\": {\"points\": [";
    for (std::size_t i = 0; i < s.points.size(); ++i) {
      std::snprintf(buf, sizeof buf, "%s[%.17g, %.17g, %.17g]", i ? ", " : "", s.points[i].x,
                    s.points[i].y, s.points[i].z);
      out += buf;
    }
    std::snprintf(buf, sizeof buf, "], \"radius\": %.17g}", s.radius);
    out += buf;
  }
  return out + "}";
}

/// x ∈ conv(points), closed: the origin is not outside conv(points − x).
inline bool contains(const std::vector<Point3>& points, const RationalPoint3& x) {
  std::vector<RationalPoint3> p;
  for (const Point3& y : points)
    p.push_back({Rational(y.x) - x.x, Rational(y.y) - x.y, Rational(y.z) - x.z});
  return solve(std::move(p)).location != Location::outside;
}

/// The number of vertices of conv(points): the distinct points that are not in the hull of the
/// other distinct points.
inline std::size_t vertex_count(const std::vector<RationalPoint3>& points) {
  std::vector<RationalPoint3> distinct;
  for (const RationalPoint3& x : points) {
    bool seen = false;
    for (const RationalPoint3& y : distinct) seen |= x == y;
    if (!seen) distinct.push_back(x);
  }
  if (distinct.size() <= 2) return distinct.size();
  std::size_t count = 0;
  for (std::size_t i = 0; i < distinct.size(); ++i) {
    std::vector<RationalPoint3> rest;
    for (std::size_t j = 0; j < distinct.size(); ++j)
      if (j != i)
        rest.push_back({distinct[j].x - distinct[i].x, distinct[j].y - distinct[i].y,
                        distinct[j].z - distinct[i].z});
    count += solve(std::move(rest)).location == Location::outside;
  }
  return count;
}

inline std::vector<RationalPoint3> rational_points(const Shape3& s) {
  std::vector<RationalPoint3> out;
  for (const Point3& p : s.points) out.push_back(to_rational(p));
  return out;
}

}  // namespace minkowski::reference::brute3
