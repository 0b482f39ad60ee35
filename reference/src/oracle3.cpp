// The exact 3D oracle (oracle3.hpp): where a point q lies relative to core(D), D = A − B, and the
// answers that follow from it. q is the origin for a pair query and v for the signed distance
// after translating B by v (dist(A, B + v) is the distance from v to D).
//
// How q is located, by the dimension of core(D) (hull3.hpp's conventions):
//   3: the sign of every facet plane at q (an interval filter on a normal prepared once, then
//      orient3d_sign). All <= 0 and none 0: inside; the depth is the smallest distance to a facet
//      plane (inside a convex polytope the boundary's nearest point lies on the nearest facet
//      plane), compared with intervals and evaluated exactly for the candidates the intervals
//      cannot separate (ties all kept). Some 0, none > 0: on the boundary, in the relative
//      interior of one facet (one zero), of an edge (two zeros) or at a vertex (three or more).
//      Some > 0: outside; the nearest point lies on a visible facet. A search in doubles picks
//      the feature (facet interior, edge, vertex) that looks nearest, and the choice is
//      certified exactly with the normal-cone conditions that make a point of D nearest to q
//      (below, certify()); if certification fails (near-degenerate input), every feature of the
//      visible facets is considered exactly (lazy_nearest()).
//   2: the polygon's plane at q; off the plane, the nearest feature of the polygon; in the plane,
//      the exact 2D orientations of q against the edges on a coordinate projection that keeps
//      the polygon's orientation.
//   1, 0: collinearity and the foot of q on the segment; equality with the point.
//
// Exact values are computed on GMP integers: every coordinate is an integer times a power of two
// (a double, or the exact sum of two), so with E the smallest exponent of a last bit among the
// doubles involved every difference is an integer times 2^E and each squared distance is an
// integer ratio times 2^(2E) (the same device as src/oracle.cpp's DyadicScratch). A rational is
// reduced (one gcd) only when it is part of the answer; candidates are compared as unreduced
// ratios, and a translation's depth goes to MPFR unreduced (mpfr_set_q rounds either form the
// same way). Directions and witnesses are formed the same way, with power-of-two denominators
// where the value allows it (facet normals, separating directions), so that no rational
// arithmetic runs per operation.
//
// The answer's magnitudes follow src/oracle.cpp exactly (signed_distance_of): −r on the
// boundary, −(sqrt(q) + r) inside, sqrt(q) or (q − r²)/(sqrt(q) + r) outside, in 257-bit MPFR;
// the rounded form is decided exactly (round_signed_distance).
#include "minkowski/reference/oracle3.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <initializer_list>
#include <limits>
#include <numeric>
#include <string>

#include "approx.hpp"
#include "dyadic_integers.hpp"
#include "oracle3_internal.hpp"

namespace minkowski::reference {

namespace oracle3_detail {

/// A shape's points as exact points (lo parts 0).
std::vector<ExactPoint3> exact_points(const Shape3& s) {
  std::vector<ExactPoint3> pts(s.points.size());
  for (std::size_t i = 0; i < pts.size(); ++i) pts[i] = exact(s.points[i]);
  return pts;
}

using detail::Approx;

// ---------------------------------------------------------------- rational vectors

RationalPoint3 sub3(const RationalPoint3& a, const RationalPoint3& b) {
  return {a.x - b.x, a.y - b.y, a.z - b.z};
}
RationalPoint3 neg3(const RationalPoint3& a) { return {-a.x, -a.y, -a.z}; }
RationalPoint3 scale3(const RationalPoint3& a, const Rational& t) {
  return {a.x * t, a.y * t, a.z * t};
}
RationalPoint3 cross3(const RationalPoint3& a, const RationalPoint3& b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
Rational dot3(const RationalPoint3& a, const RationalPoint3& b) {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}
bool is_zero3(const RationalPoint3& a) { return a.x == 0 && a.y == 0 && a.z == 0; }

Real to_real3(const Rational& q) {
  Real r;
  mpfr_set_q(r.backend().data(), q.backend().data(), MPFR_RNDN);
  return r;
}

// ---------------------------------------------------------------- scaled GMP integers

struct ZScratch3 {
  static constexpr int kSlots = 32;
  mpz_t z[kSlots];
  ZScratch3() {
    for (mpz_t& x : z) mpz_init(x);
  }
  ~ZScratch3() {
    for (mpz_t& x : z) mpz_clear(x);
  }
  ZScratch3(const ZScratch3&) = delete;
  ZScratch3& operator=(const ZScratch3&) = delete;
};

mpz_t* zscratch() {
  thread_local ZScratch3 s;
  return s.z;
}

/// The smallest ulp exponent among the coordinates of the given points (dyadic_integers.hpp).
long common_exponent3(std::initializer_list<const ExactPoint3*> pts) {
  long e = std::numeric_limits<long>::max();
  for (const ExactPoint3* p : pts)
    for (const ExactCoord* c : {&p->x, &p->y, &p->z})
      for (const double d : {c->hi, c->lo})
        if (d != 0) e = std::min(e, detail::ulp_exponent(d));
  return e == std::numeric_limits<long>::max() ? 0 : e;
}

/// out[0..2] = (p − q) / 2^e exactly.
void zvec(mpz_t* out, const ExactPoint3& p, const ExactPoint3& q, long e, mpz_ptr tmp) {
  detail::scaled_difference(out[0], p.x, q.x, e, tmp);
  detail::scaled_difference(out[1], p.y, q.y, e, tmp);
  detail::scaled_difference(out[2], p.z, q.z, e, tmp);
}

/// out = a × b (out distinct from a and b).
void zcross(mpz_t* out, mpz_t* a, mpz_t* b) {
  mpz_mul(out[0], a[1], b[2]);
  mpz_submul(out[0], a[2], b[1]);
  mpz_mul(out[1], a[2], b[0]);
  mpz_submul(out[1], a[0], b[2]);
  mpz_mul(out[2], a[0], b[1]);
  mpz_submul(out[2], a[1], b[0]);
}

void zdot(mpz_ptr out, mpz_t* a, mpz_t* b) {
  mpz_mul(out, a[0], b[0]);
  mpz_addmul(out, a[1], b[1]);
  mpz_addmul(out, a[2], b[2]);
}

/// num / den · 2^k as a canonical rational (den > 0).
Rational ratio_times_power(mpz_srcptr num, mpz_srcptr den, long k) {
  Rational out;
  const mpq_ptr r = out.backend().data();
  mpz_set(mpq_numref(r), num);
  mpz_set(mpq_denref(r), den);
  mpq_canonicalize(r);
  if (k >= 0)
    mpq_mul_2exp(r, r, static_cast<mp_bitcnt_t>(k));
  else
    mpq_div_2exp(r, r, static_cast<mp_bitcnt_t>(-k));
  return out;
}

// ---------------------------------------------------------------- intervals

struct A3 {
  Approx x, y, z;
};
A3 adiff(const ExactPoint3& p, const ExactPoint3& q) {
  return {Approx::of(p.x) - Approx::of(q.x), Approx::of(p.y) - Approx::of(q.y),
          Approx::of(p.z) - Approx::of(q.z)};
}
A3 across(const A3& a, const A3& b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
Approx adot(const A3& a, const A3& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

/// The sign the interval certainly has, or 0 (a NaN or infinite bound never decides).
int certain_sign(const Approx& a) { return a.v > a.e ? 1 : (-a.v > a.e ? -1 : 0); }

/// A sort key for an interval's lower end that never lets a NaN bound prune: NaN sorts first.
double lower_key(const Approx& a) {
  const double l = a.lower();
  return std::isnan(l) ? -std::numeric_limits<double>::infinity() : l;
}

// ---------------------------------------------------------------- exact signs and values

int dot_sign3(const ExactPoint3& p1, const ExactPoint3& p2, const ExactPoint3& p3,
              const ExactPoint3& p4, StageCounts& counts) {
  if (const int s = certain_sign(adot(adiff(p2, p1), adiff(p4, p3)))) {
    counts.add(Stage::filter);
    return s;
  }
  counts.add(Stage::rational);
  mpz_t* z = zscratch();
  const long e = common_exponent3({&p1, &p2, &p3, &p4});
  zvec(z + 0, p2, p1, e, z[31]);
  zvec(z + 3, p4, p3, e, z[31]);
  zdot(z[6], z + 0, z + 3);
  return mpz_sgn(z[6]);
}

namespace {
int prism_sign_with(const A3* normal, const ExactPoint3& f0, const ExactPoint3& f1,
                    const ExactPoint3& f2, const ExactPoint3& u, const ExactPoint3& w,
                    const ExactPoint3& q, StageCounts& counts) {
  const A3 n = normal ? *normal : across(adiff(f1, f0), adiff(f2, f0));
  if (const int s = certain_sign(adot(n, across(adiff(w, u), adiff(q, u))))) {
    counts.add(Stage::filter);
    return s;
  }
  counts.add(Stage::rational);
  mpz_t* z = zscratch();
  const long e = common_exponent3({&f0, &f1, &f2, &u, &w, &q});
  zvec(z + 0, f1, f0, e, z[31]);
  zvec(z + 3, f2, f0, e, z[31]);
  zcross(z + 6, z + 0, z + 3);  // n
  zvec(z + 0, w, u, e, z[31]);
  zvec(z + 3, q, u, e, z[31]);
  zcross(z + 9, z + 0, z + 3);  // (w − u) × (q − u)
  zdot(z[12], z + 6, z + 9);
  return mpz_sgn(z[12]);
}
}  // namespace

int prism_sign(const ExactPoint3& f0, const ExactPoint3& f1, const ExactPoint3& f2,
               const ExactPoint3& u, const ExactPoint3& w, const ExactPoint3& q,
               StageCounts& counts) {
  return prism_sign_with(nullptr, f0, f1, f2, u, w, q, counts);
}

Rational squared_to_point(const ExactPoint3& v, const ExactPoint3& q) {
  mpz_t* z = zscratch();
  const long e = common_exponent3({&v, &q});
  zvec(z + 0, v, q, e, z[31]);
  zdot(z[3], z + 0, z + 0);
  mpz_set_ui(z[4], 1);
  return ratio_times_power(z[3], z[4], 2 * e);
}

Rational squared_to_line(const ExactPoint3& u, const ExactPoint3& w, const ExactPoint3& q) {
  mpz_t* z = zscratch();
  const long e = common_exponent3({&u, &w, &q});
  zvec(z + 0, u, q, e, z[31]);
  zvec(z + 3, w, q, e, z[31]);
  zcross(z + 6, z + 0, z + 3);  // (u − q) × (w − q)      · 2^2e
  zdot(z[9], z + 6, z + 6);     //                         · 2^4e
  zvec(z + 0, w, u, e, z[31]);
  zdot(z[10], z + 0, z + 0);  // |w − u|²                · 2^2e
  return ratio_times_power(z[9], z[10], 2 * e);
}

/// A squared plane distance num/den · 2^(2e), not reduced: comparing two of them needs no gcd
/// (cross-multiplied integers), so only the smallest is reduced to a canonical rational.
struct PlaneRatio {
  mpz_t num, den;
  long e = 0;
  PlaneRatio() {
    mpz_init(num);
    mpz_init(den);
  }
  ~PlaneRatio() {
    mpz_clear(num);
    mpz_clear(den);
  }
  PlaneRatio(const PlaneRatio&) = delete;
  PlaneRatio& operator=(const PlaneRatio&) = delete;
};

void plane_ratio(const ExactPoint3& f0, const ExactPoint3& f1, const ExactPoint3& f2,
                 const ExactPoint3& q, PlaneRatio& out) {
  mpz_t* z = zscratch();
  const long e = common_exponent3({&f0, &f1, &f2, &q});
  zvec(z + 0, f1, f0, e, z[31]);
  zvec(z + 3, f2, f0, e, z[31]);
  zcross(z + 6, z + 0, z + 3);  // n                       · 2^2e
  zvec(z + 0, f0, q, e, z[31]);
  zdot(z[9], z + 6, z + 0);      // n · (f0 − q)            · 2^3e
  mpz_mul(out.num, z[9], z[9]);  //                         · 2^6e
  zdot(out.den, z + 6, z + 6);   // |n|²                    · 2^4e
  out.e = e;
}

/// Sign of a − b.
int compare_ratios(const PlaneRatio& a, const PlaneRatio& b) {
  mpz_t* z = zscratch();
  mpz_mul(z[20], a.num, b.den);
  mpz_mul(z[21], b.num, a.den);
  const long k = 2 * (a.e - b.e);
  if (k >= 0)
    mpz_mul_2exp(z[20], z[20], static_cast<mp_bitcnt_t>(k));
  else
    mpz_mul_2exp(z[21], z[21], static_cast<mp_bitcnt_t>(-k));
  return mpz_cmp(z[20], z[21]) > 0 ? 1 : (mpz_cmp(z[20], z[21]) < 0 ? -1 : 0);
}

Rational squared_to_plane(const ExactPoint3& f0, const ExactPoint3& f1, const ExactPoint3& f2,
                          const ExactPoint3& q) {
  thread_local PlaneRatio r;
  plane_ratio(f0, f1, f2, q, r);
  return ratio_times_power(r.num, r.den, 2 * r.e);
}

/// v[0..2] · 2^k as rationals (canonical without a gcd: the denominator is a power of two).
RationalPoint3 z_point(mpz_t* v, long k) {
  RationalPoint3 out;
  Rational* c[3] = {&out.x, &out.y, &out.z};
  for (int i = 0; i < 3; ++i) {
    const mpq_ptr r = c[i]->backend().data();
    mpq_set_z(r, v[i]);
    if (k >= 0)
      mpq_mul_2exp(r, r, static_cast<mp_bitcnt_t>(k));
    else
      mpq_div_2exp(r, r, static_cast<mp_bitcnt_t>(-k));
  }
  return out;
}

/// The facet normal (f1 − f0) × (f2 − f0), exactly.
RationalPoint3 facet_normal(const ExactPoint3& f0, const ExactPoint3& f1, const ExactPoint3& f2) {
  mpz_t* z = zscratch();
  const long e = common_exponent3({&f0, &f1, &f2});
  zvec(z + 0, f1, f0, e, z[31]);
  zvec(z + 3, f2, f0, e, z[31]);
  zcross(z + 6, z + 0, z + 3);
  return z_point(z + 6, 2 * e);
}

// ---------------------------------------------------------------- rounding

/// When rounding the 257-bit value x of V is certainly the correct rounding of V: x is within
/// 2^-254 relative of V (at most six roundings to nearest at 257 bits stand between them: the
/// conversion of q or of q − r², the square root, the radius r_a + r_b, a sum and a quotient;
/// (q − r²)/(sqrt(q) + r), used outside with a radius, has no cancellation). With d = RN(x) and
/// h the half ulp of d on x's side (the distance from d to the halfway point between d and its
/// neighbour there), x − d is exact in 257 bits (|x − d| <= h) and rd = RN53(x − d) is within
/// 2^-53·h of it; g = h − |rd| is then within 2^-52·h of the true gap h − |x − d| (the
/// subtraction rounds by at most 2^-53·h). When g > kRoundingClearance · h = 2^-50·h the true
/// gap exceeds 2^-51·h >= 2^-105·|d|, far beyond |x − V| <= 2^-254·|V|: V lies on the same side
/// of that halfway point as x (and the other halfway point is farther), so RN(V) = d. Subnormal
/// d (whose half ulp 2^-1075 is not a double) and d next to the overflow threshold take the exact
/// path.
constexpr double kRoundingClearance = 0x1p-50;

/// Sign of V − m for V of the given side (not boundary) and m a rational.
int compare_with(const Rational& q, const Rational& r, Side side, const Rational& m) {
  if (side == Side::boundary) {  // V = −r
    const Rational v = -r;
    return v > m ? 1 : (v < m ? -1 : 0);
  }
  // outside: V = s − r ⋚ m  ⇔  s ⋚ T = m + r;  inside: V = −(s + r) ⋚ m  ⇔  s ⋛ T = −(m + r).
  const Rational t = side == Side::outside ? m + r : -(m + r);
  int s_vs_t;  // sign of s − T, s = sqrt(q) >= 0
  if (t < 0)
    s_vs_t = 1;
  else {
    const Rational t2 = t * t;
    s_vs_t = q > t2 ? 1 : (q < t2 ? -1 : 0);
  }
  return side == Side::outside ? s_vs_t : -s_vs_t;
}

std::optional<double> round_if_clear(const Real& approx) {
  const double d = mpfr_get_d(approx.backend().data(), MPFR_RNDN);
  if (!std::isfinite(d)) return d;  // beyond DBL_MAX + half an ulp at 257 bits (see the header)
  if (std::fabs(d) < 0x1p-1020) return std::nullopt;
  thread_local Real residual;
  mpfr_sub_d(residual.backend().data(), approx.backend().data(), d, MPFR_RNDN);
  const double rd = mpfr_get_d(residual.backend().data(), MPFR_RNDN);
  if (rd == 0) return d;  // |x − d| < 2^-1075, far below h >= 2^-1073
  const double neighbour = std::nextafter(d, rd > 0 ? std::numeric_limits<double>::infinity()
                                                    : -std::numeric_limits<double>::infinity());
  if (!std::isfinite(neighbour)) return std::nullopt;
  const double h = std::fabs(neighbour - d) / 2;  // exact: a power of two above the subnormals
  if (h - std::fabs(rd) > kRoundingClearance * h) return d;
  return std::nullopt;
}

double round_signed_distance(const Rational& q, const Rational& r, Side side, const Real& approx) {
  if (const std::optional<double> clear = round_if_clear(approx)) return *clear;
  double d = mpfr_get_d(approx.backend().data(), MPFR_RNDN);
  // On the boundary of a radius-0 pair V = −r = 0 exactly, and approx is a zero: d = ±0 lies
  // strictly between its halfway points ±2^-1075, so the loop below would return d unchanged
  // after two rational comparisons (the judge's points on a shape's surface: most of this
  // function's calls in the 3D campaign).
  if (side == Side::boundary && d == 0 && r == 0) return d;
  // Exact: move d until V lies between its halfway points (the guess is within one double of
  // the answer, so two steps suffice; the bound is a safety net).
  constexpr int kMaxSteps = 4;
  for (int step = 0; step < kMaxSteps; ++step) {
    const double up = std::nextafter(d, std::numeric_limits<double>::infinity());
    const double down = std::nextafter(d, -std::numeric_limits<double>::infinity());
    const Rational rd(d);
    if (std::isfinite(up)) {
      const int c = compare_with(q, r, side, (rd + Rational(up)) / 2);
      if (c > 0) {
        d = up;
        continue;
      }
      if (c == 0) {  // tie: to even
        return (std::bit_cast<std::uint64_t>(d) & 1) == 0 ? d : up;
      }
    }
    if (std::isfinite(down)) {
      const int c = compare_with(q, r, side, (rd + Rational(down)) / 2);
      if (c < 0) {
        d = down;
        continue;
      }
      if (c == 0) return (std::bit_cast<std::uint64_t>(d) & 1) == 0 ? d : down;
    }
    return d;
  }
  return d;
}

// ---------------------------------------------------------------- features

struct Feature3 {
  enum class Kind : std::uint8_t { vertex, edge, facet };
  Kind kind = Kind::vertex;
  std::uint32_t a = 0;  ///< vertex, or edge start (indices into D's points)
  std::uint32_t b = 0;  ///< edge end
  std::uint32_t f = 0;  ///< facet (for an edge of a 3D hull: a facet holding a → b)
};

}  // namespace oracle3_detail

// ---------------------------------------------------------------- the prepared pair

struct PreparedPair3::Impl {
  using A3 = oracle3_detail::A3;
  using Approx = oracle3_detail::Approx;
  Shape3 a, b;
  Hull3 hull_a, hull_b;  ///< shape_hull(a), shape_hull(b)
  std::vector<ExactPoint3> pts;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> from;  ///< (i, j): pts = a_i − b_j
  Hull3 hull;
  HullSource hull_source = HullSource::exact_only;
  HullStats build_stats;
  Rational radius;
  Real radius_real;
  // Prepared once for the location (dimension 2 and 3): per facet, the interval normal
  // (f1 − f0) × (f2 − f0) and its squared length.
  std::vector<A3> normal;
  std::vector<Approx> normal2;
  /// Dimension 3: for facet f, edge position i (f[i] → f[i+1]), the facet across that edge at
  /// other_facet[facet_offset[f] + i].
  std::vector<std::uint32_t> facet_offset, other_facet;
  /// Dimension 3: the hull neighbours of vertex p (an index into pts) are
  /// neighbours[neighbour_offset[slot[p]] ..< neighbour_offset[slot[p] + 1]].
  std::vector<std::int32_t> slot;
  std::vector<std::uint32_t> neighbour_offset, neighbours;

  const ExactPoint3& p(std::uint32_t i) const { return pts[i]; }
  const std::vector<std::uint32_t>& facet(std::uint32_t f) const { return hull.facets[f]; }
  void finish();
};

void PreparedPair3::Impl::finish() {
  radius = Rational(a.radius) + Rational(b.radius);
  radius_real = Real(a.radius) + Real(b.radius);  // one rounding of the exact sum, as to_real
  const std::size_t nf = hull.facets.size();
  normal.resize(nf);
  normal2.resize(nf);
  for (std::size_t f = 0; f < nf; ++f) {
    const auto& fv = hull.facets[f];
    normal[f] = oracle3_detail::across(oracle3_detail::adiff(pts[fv[1]], pts[fv[0]]),
                                       oracle3_detail::adiff(pts[fv[2]], pts[fv[0]]));
    normal2[f] = oracle3_detail::adot(normal[f], normal[f]);
  }
  if (hull.dimension != 3) return;
  facet_offset.assign(nf + 1, 0);
  for (std::size_t f = 0; f < nf; ++f)
    facet_offset[f + 1] = facet_offset[f] + static_cast<std::uint32_t>(hull.facets[f].size());
  struct DirectedEdge {
    std::uint32_t u, w, slot;
  };
  std::vector<DirectedEdge> edges;
  edges.reserve(facet_offset[nf]);
  for (std::uint32_t f = 0; f < nf; ++f) {
    const auto& fv = hull.facets[f];
    for (std::uint32_t i = 0; i < fv.size(); ++i)
      edges.push_back({fv[i], fv[(i + 1) % fv.size()], facet_offset[f] + i});
  }
  std::vector<std::uint32_t> facet_of_slot(facet_offset[nf]);
  for (std::uint32_t f = 0; f < nf; ++f)
    for (std::uint32_t k = facet_offset[f]; k < facet_offset[f + 1]; ++k) facet_of_slot[k] = f;
  auto key_less = [](const DirectedEdge& x, const DirectedEdge& y) {
    return x.u != y.u ? x.u < y.u : x.w < y.w;
  };
  std::sort(edges.begin(), edges.end(), key_less);
  other_facet.assign(facet_offset[nf], 0);
  for (const DirectedEdge& e : edges) {
    const DirectedEdge rev{e.w, e.u, 0};
    const auto it = std::lower_bound(edges.begin(), edges.end(), rev, key_less);
    // The certified hull is a closed oriented surface: the reverse edge exists.
    if (it != edges.end() && it->u == e.w && it->w == e.u)
      other_facet[e.slot] = facet_of_slot[it->slot];
  }
  slot.assign(pts.size(), -1);
  for (std::size_t k = 0; k < hull.vertices.size(); ++k)
    slot[hull.vertices[k]] = static_cast<std::int32_t>(k);
  // Each directed edge u → w appears once: w is a neighbour of u, once.
  neighbour_offset.assign(hull.vertices.size() + 1, 0);
  for (const DirectedEdge& e : edges) ++neighbour_offset[slot[e.u] + 1];
  for (std::size_t k = 0; k < hull.vertices.size(); ++k)
    neighbour_offset[k + 1] += neighbour_offset[k];
  neighbours.resize(edges.size());
  std::vector<std::uint32_t> fill(neighbour_offset.begin(), neighbour_offset.end() - 1);
  for (const DirectedEdge& e : edges) neighbours[fill[slot[e.u]]++] = e.w;
}

namespace oracle3_detail {

using Impl3 = PreparedPair3::Impl;

// ---------------------------------------------------------------- location

/// Where q lies relative to core(D), and the exact squared distance behind it.
struct Location3 {
  CoreLocation where = CoreLocation::outside;
  /// outside: the feature holding the nearest point; boundary: the feature holding q in its
  /// relative interior (for dimension 2 the polygon is facet 0).
  Feature3 feature;
  /// outside: squared distance to core(D); inside: squared depth; boundary: 0. For a
  /// translation's distance an inside depth stays unreduced (`pending`, an integer ratio: no
  /// gcd) unless exact_q() asks for the rational.
  mutable Rational q;
  mutable const PlaneRatio* pending = nullptr;
  const Rational& exact_q() const {
    if (pending) {
      q = ratio_times_power(pending->num, pending->den, 2 * pending->e);
      pending = nullptr;
    }
    return q;
  }
  /// inside: every facet at the minimum depth. boundary of a 3D hull: the facets through q.
  std::vector<std::uint32_t> facets;
};

/// Per-thread storage of the location, reused (its vectors keep their capacity): a query or a
/// translation otherwise allocated a few vectors each time. A Location3 returned by locate() is
/// valid until the next location on the same thread.
struct LocatorScratch {
  Location3 loc;
  std::vector<std::int8_t> side;
  std::vector<Approx> svals;
};
LocatorScratch& locator_scratch() {
  thread_local LocatorScratch s;
  return s;
}

class Locator {
 public:
  /// reduce_q false: an inside depth may stay unreduced (Location3::pending).
  Locator(const Impl3& im, const ExactPoint3& q, StageCounts& counts, bool reduce_q = true)
      : im_(im),
        q_(q),
        counts_(counts),
        reduce_q_(reduce_q),
        expansions_(im.hull.in_expansion_domain && in_expansion_domain3(q)),
        loc_(locator_scratch().loc),
        side_(locator_scratch().side),
        svals_(locator_scratch().svals) {}

  const Location3& locate();
  const ExactPoint3& q() const { return q_; }

 private:
  const ExactPoint3& p(std::uint32_t i) const { return im_.pts[i]; }
  int facet_side(std::uint32_t f, Approx& s);
  void locate3();
  void locate2();
  void locate1();
  void locate0();
  bool nearest_by_search();
  bool certify(const Feature3& f);
  void lazy_nearest(const std::vector<std::uint32_t>& facets, const std::vector<Feature3>& extra);
  Rational exact_value(const Feature3& f) const;
  Approx approx_value(const Feature3& f) const;
  bool valid(const Feature3& f);
  bool edge_foot_inside(std::uint32_t u, std::uint32_t w) {
    return dot_sign3(p(u), q_, p(u), p(w), counts_) > 0 &&
           dot_sign3(p(w), q_, p(w), p(u), counts_) > 0;
  }
  int prism(std::uint32_t f, std::uint32_t u, std::uint32_t w) {
    const auto& fv = im_.facet(f);
    return prism_sign_with(&im_.normal[f], p(fv[0]), p(fv[1]), p(fv[2]), p(u), p(w), q_, counts_);
  }

  const Impl3& im_;
  ExactPoint3 q_;
  StageCounts& counts_;
  bool reduce_q_;
  bool expansions_;
  Location3& loc_;
  std::vector<std::int8_t>& side_;
  std::vector<Approx>& svals_;
};

int Locator::facet_side(std::uint32_t f, Approx& s) {
  const auto& fv = im_.facet(f);
  s = adot(im_.normal[f], adiff(q_, p(fv[0])));
  if (const int sg = certain_sign(s)) {
    counts_.add(Stage::filter);
    return sg;
  }
  return orient3d_sign(p(fv[0]), p(fv[1]), p(fv[2]), q_, expansions_, counts_);
}

const Location3& Locator::locate() {
  loc_.facets.clear();
  loc_.pending = nullptr;
  switch (im_.hull.dimension) {
    case 3:
      locate3();
      break;
    case 2:
      locate2();
      break;
    case 1:
      locate1();
      break;
    default:
      locate0();
      break;
  }
  return loc_;
}

void Locator::locate3() {
  const std::uint32_t nf = static_cast<std::uint32_t>(im_.hull.facets.size());
  side_.resize(nf);
  svals_.resize(nf);
  bool any_positive = false, any_zero = false;
  for (std::uint32_t f = 0; f < nf; ++f) {
    side_[f] = static_cast<std::int8_t>(facet_side(f, svals_[f]));
    any_positive |= side_[f] > 0;
    any_zero |= side_[f] == 0;
  }
  if (any_positive) {
    loc_.where = CoreLocation::outside;
    if (nearest_by_search()) return;
    std::vector<std::uint32_t> visible;
    for (std::uint32_t f = 0; f < nf; ++f)
      if (side_[f] > 0) visible.push_back(f);
    lazy_nearest(visible, {});
    return;
  }
  if (any_zero) {
    loc_.where = CoreLocation::boundary;
    loc_.q = 0;
    for (std::uint32_t f = 0; f < nf; ++f)
      if (side_[f] == 0) loc_.facets.push_back(f);
    const auto& f0 = im_.facet(loc_.facets[0]);
    if (loc_.facets.size() == 1) {
      loc_.feature = {Feature3::Kind::facet, 0, 0, loc_.facets[0]};
      return;
    }
    // The vertices of the first facet that lie in every other facet through q: two for an
    // edge (q in its relative interior), one for a vertex.
    std::vector<std::uint32_t> common;
    for (const std::uint32_t v : f0) {
      bool in_all = true;
      for (std::size_t k = 1; k < loc_.facets.size() && in_all; ++k) {
        const auto& fk = im_.facet(loc_.facets[k]);
        in_all = std::find(fk.begin(), fk.end(), v) != fk.end();
      }
      if (in_all) common.push_back(v);
    }
    if (loc_.facets.size() == 2 && common.size() == 2) {
      // Orient the edge as it runs in the first facet.
      const std::size_t m = f0.size();
      const std::size_t i =
          static_cast<std::size_t>(std::find(f0.begin(), f0.end(), common[0]) - f0.begin());
      const bool forward = f0[(i + 1) % m] == common[1];
      loc_.feature = {Feature3::Kind::edge, forward ? common[0] : common[1],
                      forward ? common[1] : common[0], loc_.facets[0]};
    } else {
      // Three or more facets through q (or, defensively, two sharing one vertex): q is the
      // one vertex they share.
      loc_.feature = {Feature3::Kind::vertex, common.empty() ? f0[0] : common[0], 0, 0};
    }
    return;
  }
  loc_.where = CoreLocation::inside;
  // Depth: the smallest squared distance s²/|n|² to a facet plane (ties all kept).
  thread_local std::vector<Approx> d2;
  d2.resize(nf);
  double min_upper = std::numeric_limits<double>::infinity();
  for (std::uint32_t f = 0; f < nf; ++f) {
    d2[f] = (svals_[f] * svals_[f]) / im_.normal2[f];
    min_upper = std::min(min_upper, d2[f].upper());
  }
  // The candidates the intervals cannot separate, compared exactly without reducing (two
  // slots: the best so far and the current one).
  thread_local PlaneRatio slots[2];
  int best = -1;
  for (std::uint32_t f = 0; f < nf; ++f) {
    if (d2[f].lower() > min_upper) continue;  // certainly larger (a NaN bound never prunes)
    const auto& fv = im_.facet(f);
    const int cur = best == 0 ? 1 : 0;
    plane_ratio(p(fv[0]), p(fv[1]), p(fv[2]), q_, slots[cur]);
    const int c = best < 0 ? -1 : compare_ratios(slots[cur], slots[best]);
    if (c < 0) {
      loc_.facets.clear();
      loc_.facets.push_back(f);
      best = cur;
    } else if (c == 0) {
      loc_.facets.push_back(f);
    }
  }
  if (reduce_q_)
    loc_.q = ratio_times_power(slots[best].num, slots[best].den, 2 * slots[best].e);
  else
    loc_.pending = &slots[best];
}

/// The nearest feature by a search in doubles over the visible facets' features, then certified
/// exactly. False when nothing was certified (the caller then decides exactly).
bool Locator::nearest_by_search() {
  const double qx = q_.x.hi, qy = q_.y.hi, qz = q_.z.hi;
  double best = std::numeric_limits<double>::infinity();
  Feature3 best_f;
  bool found = false;
  const std::uint32_t nf = static_cast<std::uint32_t>(im_.hull.facets.size());
  for (std::uint32_t f = 0; f < nf; ++f) {
    if (side_[f] <= 0) continue;
    const auto& fv = im_.facet(f);
    const std::size_t m = fv.size();
    const double nx = im_.normal[f].x.v, ny = im_.normal[f].y.v, nz = im_.normal[f].z.v;
    bool interior = true;
    for (std::size_t i = 0; i < m; ++i) {
      const ExactPoint3& u = p(fv[i]);
      const ExactPoint3& w = p(fv[(i + 1) % m]);
      const double ex = w.x.hi - u.x.hi, ey = w.y.hi - u.y.hi, ez = w.z.hi - u.z.hi;
      const double dx = qx - u.x.hi, dy = qy - u.y.hi, dz = qz - u.z.hi;
      const double cx = ey * dz - ez * dy, cy = ez * dx - ex * dz, cz = ex * dy - ey * dx;
      if (!(nx * cx + ny * cy + nz * cz > 0)) interior = false;
      const double dv = dx * dx + dy * dy + dz * dz;
      if (dv < best) {
        best = dv;
        best_f = {Feature3::Kind::vertex, fv[i], 0, 0};
        found = true;
      }
      const double t = dx * ex + dy * ey + dz * ez, e2 = ex * ex + ey * ey + ez * ez;
      if (t > 0 && t < e2) {
        const double de = (cx * cx + cy * cy + cz * cz) / e2;
        if (de < best) {
          best = de;
          best_f = {Feature3::Kind::edge, fv[i], fv[(i + 1) % m], f};
          found = true;
        }
      }
    }
    if (interior) {
      const double s = svals_[f].v;
      const double df = s * s / im_.normal2[f].v;
      if (df < best) {
        best = df;
        best_f = {Feature3::Kind::facet, 0, 0, f};
        found = true;
      }
    }
  }
  if (!found || !certify(best_f)) return false;
  loc_.feature = best_f;
  loc_.q = exact_value(best_f);
  return true;
}

/// True when the feature's nearest point to q is certainly the nearest point of core(D)
/// (dimension 3, q outside): q − p lies in the normal cone of D at p, p in the feature's
/// relative interior.
///   facet: q on its outer side and q's projection strictly inside it;
///   edge u → w between facets F1 (holding u → w) and F2: the foot of q strictly between u and
///     w, and q on the outer side of the planes through the edge perpendicular to F1 and F2;
///   vertex v: (q − v) · (x − v) <= 0 for every neighbour x of v (the edges generate D's
///     tangent cone at v).
bool Locator::certify(const Feature3& f) {
  switch (f.kind) {
    case Feature3::Kind::facet: {
      if (side_[f.f] <= 0) return false;
      const auto& fv = im_.facet(f.f);
      for (std::size_t i = 0; i < fv.size(); ++i)
        if (prism(f.f, fv[i], fv[(i + 1) % fv.size()]) <= 0) return false;
      return true;
    }
    case Feature3::Kind::edge: {
      const auto& fv = im_.facet(f.f);
      const std::size_t i =
          static_cast<std::size_t>(std::find(fv.begin(), fv.end(), f.a) - fv.begin());
      const std::uint32_t g = im_.other_facet[im_.facet_offset[f.f] + i];
      return edge_foot_inside(f.a, f.b) && prism(f.f, f.a, f.b) <= 0 && prism(g, f.b, f.a) <= 0;
    }
    case Feature3::Kind::vertex: {
      const std::int32_t k = im_.slot[f.a];
      for (std::uint32_t j = im_.neighbour_offset[k]; j < im_.neighbour_offset[k + 1]; ++j)
        if (dot_sign3(p(f.a), q_, p(f.a), p(im_.neighbours[j]), counts_) > 0) return false;
      return true;
    }
  }
  return false;
}

Approx Locator::approx_value(const Feature3& f) const {
  switch (f.kind) {
    case Feature3::Kind::vertex: {
      const A3 d = adiff(p(f.a), q_);
      return adot(d, d);
    }
    case Feature3::Kind::edge: {
      const A3 c = across(adiff(p(f.a), q_), adiff(p(f.b), q_));
      const A3 e = adiff(p(f.b), p(f.a));
      return adot(c, c) / adot(e, e);
    }
    case Feature3::Kind::facet: {
      const auto& fv = im_.facet(f.f);
      const Approx s = adot(im_.normal[f.f], adiff(q_, p(fv[0])));
      return (s * s) / im_.normal2[f.f];
    }
  }
  return {};
}

Rational Locator::exact_value(const Feature3& f) const {
  switch (f.kind) {
    case Feature3::Kind::vertex:
      return squared_to_point(p(f.a), q_);
    case Feature3::Kind::edge:
      return squared_to_line(p(f.a), p(f.b), q_);
    case Feature3::Kind::facet: {
      const auto& fv = im_.facet(f.f);
      return squared_to_plane(p(fv[0]), p(fv[1]), p(fv[2]), q_);
    }
  }
  return {};
}

/// Whether the feature's relative interior holds the point of its affine hull nearest q (so
/// that exact_value is the distance to a point of D).
bool Locator::valid(const Feature3& f) {
  switch (f.kind) {
    case Feature3::Kind::vertex:
      return true;
    case Feature3::Kind::edge:
      return edge_foot_inside(f.a, f.b);
    case Feature3::Kind::facet: {
      const auto& fv = im_.facet(f.f);
      for (std::size_t i = 0; i < fv.size(); ++i)
        if (prism(f.f, fv[i], fv[(i + 1) % fv.size()]) <= 0) return false;
      return true;
    }
  }
  return false;
}

/// The nearest point of D to q (q outside) among the features of the given facets and the
/// extra features, decided exactly: each candidate's value is the distance to a point of D when
/// valid, and the nearest point is in the relative interior of one valid candidate. Candidates
/// are taken in increasing order of their lower bounds and validated lazily; once a valid
/// candidate's upper bound is below the next lower bound the rest cannot win.
void Locator::lazy_nearest(const std::vector<std::uint32_t>& facets,
                           const std::vector<Feature3>& extra) {
  std::vector<Feature3> cands = extra;
  std::vector<std::uint32_t> seen;
  for (const std::uint32_t f : facets) {
    const auto& fv = im_.facet(f);
    cands.push_back({Feature3::Kind::facet, 0, 0, f});
    for (std::size_t i = 0; i < fv.size(); ++i) {
      cands.push_back({Feature3::Kind::edge, fv[i], fv[(i + 1) % fv.size()], f});
      if (std::find(seen.begin(), seen.end(), fv[i]) == seen.end()) {
        seen.push_back(fv[i]);
        cands.push_back({Feature3::Kind::vertex, fv[i], 0, 0});
      }
    }
  }
  std::vector<Approx> ap(cands.size());
  std::vector<std::size_t> order(cands.size());
  for (std::size_t i = 0; i < cands.size(); ++i) ap[i] = approx_value(cands[i]);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
    return lower_key(ap[x]) < lower_key(ap[y]);
  });
  double best_upper = std::numeric_limits<double>::infinity();
  std::vector<std::size_t> survivors;
  for (const std::size_t i : order) {
    if (ap[i].lower() > best_upper) break;  // every later lower bound is at least as large
    if (!valid(cands[i])) continue;
    survivors.push_back(i);
    const double up = ap[i].upper();
    if (up < best_upper) best_upper = up;  // a NaN bound never tightens
  }
  bool first = true;
  for (const std::size_t i : survivors) {
    if (ap[i].lower() > best_upper) continue;
    Rational v = exact_value(cands[i]);
    if (first || v < loc_.q) {
      loc_.q = std::move(v);
      loc_.feature = cands[i];
      first = false;
    }
  }
}

void Locator::locate2() {
  const auto& fv = im_.facet(0);
  const std::size_t m = fv.size();
  Approx s;
  if (facet_side(0, s) != 0) {
    loc_.where = CoreLocation::outside;
    lazy_nearest({0}, {});
    return;
  }
  // q in the polygon's plane: exact 2D orientations on the coordinate projection that drops an
  // axis k with n_k != 0 (n_k is the projected orientation of f0 f1 f2, so its sign says whether
  // the projection keeps or reverses the polygon's counter-clockwise order).
  auto project = [](const ExactPoint3& a, int k) {
    return k == 0 ? ExactPoint{a.y, a.z} : (k == 1 ? ExactPoint{a.z, a.x} : ExactPoint{a.x, a.y});
  };
  // expansions_ implies the 2D expansion domain too (predicates.hpp): the 3D one is narrower.
  int axis = -1, orientation = 0;
  for (int k = 0; k < 3 && orientation == 0; ++k) {
    axis = k;
    orientation = orient_sign(project(p(fv[0]), k), project(p(fv[1]), k), project(p(fv[2]), k),
                              expansions_, counts_);
  }
  const ExactPoint q2 = project(q_, axis);
  int zeros = 0;
  std::size_t first_zero = 0, last_zero = 0;
  bool outside = false;
  for (std::size_t i = 0; i < m && !outside; ++i) {
    const int o =
        orientation * orient_sign(project(p(fv[i]), axis), project(p(fv[(i + 1) % m]), axis), q2,
                                  expansions_, counts_);
    if (o < 0) outside = true;
    if (o == 0) {
      if (zeros++ == 0) first_zero = i;
      last_zero = i;
    }
  }
  if (outside) {
    loc_.where = CoreLocation::outside;
    lazy_nearest({0}, {});
    return;
  }
  loc_.where = CoreLocation::boundary;
  loc_.q = 0;
  if (zeros == 0) {
    loc_.feature = {Feature3::Kind::facet, 0, 0, 0};
  } else if (zeros == 1) {
    loc_.feature = {Feature3::Kind::edge, fv[first_zero], fv[(first_zero + 1) % m], 0};
  } else {
    // Two adjacent edges: q is their common vertex.
    const std::size_t v = (first_zero == 0 && last_zero == m - 1) ? 0 : last_zero;
    loc_.feature = {Feature3::Kind::vertex, fv[v], 0, 0};
  }
}

void Locator::locate1() {
  const std::uint32_t u = im_.hull.vertices[0], w = im_.hull.vertices[1];
  const int fu = dot_sign3(p(u), q_, p(u), p(w), counts_);
  const int fw = dot_sign3(p(w), q_, p(w), p(u), counts_);
  if (fu >= 0 && fw >= 0 && collinear3(p(u), p(w), q_, expansions_, counts_)) {
    loc_.where = CoreLocation::boundary;
    loc_.q = 0;
    if (fu == 0)
      loc_.feature = {Feature3::Kind::vertex, u, 0, 0};
    else if (fw == 0)
      loc_.feature = {Feature3::Kind::vertex, w, 0, 0};
    else
      loc_.feature = {Feature3::Kind::edge, u, w, 0};
    return;
  }
  loc_.where = CoreLocation::outside;
  lazy_nearest({}, {{Feature3::Kind::vertex, u, 0, 0},
                    {Feature3::Kind::vertex, w, 0, 0},
                    {Feature3::Kind::edge, u, w, 0}});
}

void Locator::locate0() {
  const std::uint32_t v = im_.hull.vertices[0];
  loc_.feature = {Feature3::Kind::vertex, v, 0, 0};
  if (p(v) == q_) {
    loc_.where = CoreLocation::boundary;
    loc_.q = 0;
  } else {
    loc_.where = CoreLocation::outside;
    loc_.q = squared_to_point(p(v), q_);
  }
}

// ---------------------------------------------------------------- answers

/// The point p of the feature nearest q (q itself on the boundary), as a convex combination of
/// D's points: indices into pts and exact weights summing to 1. On GMP integers (the points scaled
/// by a common power of two, which cancels in every weight).
struct Combination {
  std::uint32_t idx[3] = {0, 0, 0};
  Rational w[3];
  int n = 0;
};

Rational z_ratio(mpz_srcptr num, mpz_srcptr den) { return ratio_times_power(num, den, 0); }

Combination combination(const Impl3& im, const Feature3& f, const ExactPoint3& q,
                        StageCounts& counts) {
  Combination c;
  mpz_t* z = zscratch();
  switch (f.kind) {
    case Feature3::Kind::vertex:
      c.n = 1;
      c.idx[0] = f.a;
      c.w[0] = 1;
      return c;
    case Feature3::Kind::edge: {
      // t = (q − u)·(w − u) / |w − u|²; weights 1 − t on u, t on w.
      const ExactPoint3 &u = im.pts[f.a], &w = im.pts[f.b];
      const long e = common_exponent3({&u, &w, &q});
      zvec(z + 0, q, u, e, z[31]);
      zvec(z + 3, w, u, e, z[31]);
      zdot(z[6], z + 0, z + 3);
      zdot(z[7], z + 3, z + 3);
      c.n = 2;
      c.idx[0] = f.a;
      c.idx[1] = f.b;
      c.w[1] = z_ratio(z[6], z[7]);
      c.w[0] = 1 - c.w[1];
      return c;
    }
    case Feature3::Kind::facet: {
      const auto& fv = im.facet(f.f);
      const std::size_t m = fv.size();
      // The fan triangle (f0, f_k, f_k+1) holding q's projection: the first k whose closing
      // diagonal f0 → f_k+1 does not have the projection strictly on its left (the previous
      // diagonal had it on its left, and the polygon's edges all do or pass through it).
      std::size_t k = 1;
      while (k + 2 < m &&
             prism_sign_with(&im.normal[f.f], im.pts[fv[0]], im.pts[fv[1]], im.pts[fv[2]],
                             im.pts[fv[0]], im.pts[fv[k + 1]], q, counts) > 0)
        ++k;
      const ExactPoint3 &a = im.pts[fv[0]], &b = im.pts[fv[k]], &cc = im.pts[fv[k + 1]];
      // Barycentric coordinates of the projection: λ_a = N·((b − q) × (c − q))/|N|²,
      // λ_b = N·((c − q) × (a − q))/|N|², N = (b − a) × (c − a) (the n-components of the
      // projection cancel: n·(n × x) = 0).
      const long e = common_exponent3({&a, &b, &cc, &q});
      zvec(z + 0, b, a, e, z[31]);
      zvec(z + 3, cc, a, e, z[31]);
      zcross(z + 6, z + 0, z + 3);  // N
      zdot(z[9], z + 6, z + 6);     // |N|²
      zvec(z + 0, b, q, e, z[31]);
      zvec(z + 3, cc, q, e, z[31]);
      zcross(z + 10, z + 0, z + 3);
      zdot(z[13], z + 6, z + 10);
      zvec(z + 0, a, q, e, z[31]);
      zcross(z + 10, z + 3, z + 0);
      zdot(z[14], z + 6, z + 10);
      c.n = 3;
      c.idx[0] = fv[0];
      c.idx[1] = fv[k];
      c.idx[2] = fv[k + 1];
      c.w[0] = z_ratio(z[13], z[9]);
      c.w[1] = z_ratio(z[14], z[9]);
      c.w[2] = 1 - c.w[0] - c.w[1];
      return c;
    }
  }
  return c;
}

/// p − q exactly, p the point of the feature nearest q.
RationalPoint3 nearest_offset(const Impl3& im, const Feature3& f, const ExactPoint3& q) {
  mpz_t* z = zscratch();
  RationalPoint3 out;
  Rational* o[3] = {&out.x, &out.y, &out.z};
  switch (f.kind) {
    case Feature3::Kind::vertex: {
      const long e = common_exponent3({&im.pts[f.a], &q});
      zvec(z + 0, im.pts[f.a], q, e, z[31]);
      mpz_set_ui(z[3], 1);
      for (int k = 0; k < 3; ++k) *o[k] = ratio_times_power(z[k], z[3], e);
      return out;
    }
    case Feature3::Kind::edge: {
      // p − q = (u − q) + t(w − u), t = (q − u)·(w − u)/L, L = |w − u|²:
      // ((u − q)L + ((q − u)·(w − u))(w − u)) / L.
      const ExactPoint3 &u = im.pts[f.a], &w = im.pts[f.b];
      const long e = common_exponent3({&u, &w, &q});
      zvec(z + 0, u, q, e, z[31]);
      zvec(z + 3, w, u, e, z[31]);
      zdot(z[6], z + 0, z + 3);
      mpz_neg(z[6], z[6]);       // (q − u)·(w − u)      · 2^2e
      zdot(z[7], z + 3, z + 3);  // L                    · 2^2e
      for (int k = 0; k < 3; ++k) {
        mpz_mul(z[8], z[k], z[7]);
        mpz_addmul(z[8], z[6], z[3 + k]);  //           · 2^3e
        *o[k] = ratio_times_power(z[8], z[7], e);
      }
      return out;
    }
    case Feature3::Kind::facet: {
      // p − q = (n·(f0 − q)) n / |n|².
      const auto& fv = im.facet(f.f);
      const ExactPoint3 &f0 = im.pts[fv[0]], &f1 = im.pts[fv[1]], &f2 = im.pts[fv[2]];
      const long e = common_exponent3({&f0, &f1, &f2, &q});
      zvec(z + 0, f1, f0, e, z[31]);
      zvec(z + 3, f2, f0, e, z[31]);
      zcross(z + 6, z + 0, z + 3);  // n                  · 2^2e
      zvec(z + 0, f0, q, e, z[31]);
      zdot(z[9], z + 6, z + 0);   // s                    · 2^3e
      zdot(z[10], z + 6, z + 6);  // |n|²                 · 2^4e
      for (int k = 0; k < 3; ++k) {
        mpz_mul(z[11], z[9], z[6 + k]);  //              · 2^5e
        *o[k] = ratio_times_power(z[11], z[10], e);
      }
      return out;
    }
  }
  return out;
}

/// core_a and core_b of a combination (core_a − core_b = its point).
void cores(const Impl3& im, const Combination& c, RationalPoint3& core_a, RationalPoint3& core_b) {
  core_a = {0, 0, 0};
  core_b = {0, 0, 0};
  for (int i = 0; i < c.n; ++i) {
    const auto [ia, jb] = im.from[c.idx[i]];
    const Point3& pa = im.a.points[ia];
    const Point3& pb = im.b.points[jb];
    core_a.x += c.w[i] * Rational(pa.x);
    core_a.y += c.w[i] * Rational(pa.y);
    core_a.z += c.w[i] * Rational(pa.z);
    core_b.x += c.w[i] * Rational(pb.x);
    core_b.y += c.w[i] * Rational(pb.y);
    core_b.z += c.w[i] * Rational(pb.z);
  }
}

DirectionSet3 ray3(RationalPoint3 v) {
  DirectionSet3 ds;
  ds.kind = DirectionSet3::Kind::ray;
  ds.generators.push_back(std::move(v));
  return ds;
}

DirectionSet3 cone3(std::vector<RationalPoint3> generators,
                    std::vector<RationalPoint3> halfspaces) {
  DirectionSet3 ds;
  ds.kind = DirectionSet3::Kind::cone;
  ds.generators = std::move(generators);
  ds.halfspaces = std::move(halfspaces);
  return ds;
}

/// Two vectors spanning the plane perpendicular to d != 0: a = d × e_k for the axis e_k along
/// which d's component is smallest in magnitude (so a != 0), b = d × a.
void perpendicular_basis(const RationalPoint3& d, RationalPoint3& a, RationalPoint3& b) {
  const Rational ax = abs(d.x), ay = abs(d.y), az = abs(d.z);
  RationalPoint3 axis{0, 0, 0};
  if (ax <= ay && ax <= az)
    axis.x = 1;
  else if (ay <= az)
    axis.y = 1;
  else
    axis.z = 1;
  a = cross3(d, axis);
  b = cross3(d, a);
}

/// A positive multiple of q − p, p the point of the feature nearest q (q outside core(D)), with
/// a power-of-two denominator (no gcd): q − v for a vertex; L(q − p) = L(q − u) − ((q − u)·e)e
/// for an edge u → w (e = w − u, L = |e|²); for a facet, q − p = −(n·(f0 − q)/|n|²) n, so
/// ±n by the sign of n·(q − f0) (always + for a visible facet of a 3D hull).
RationalPoint3 separating_direction(const Impl3& im, const Feature3& f, const ExactPoint3& q) {
  mpz_t* z = zscratch();
  switch (f.kind) {
    case Feature3::Kind::vertex: {
      const long e = common_exponent3({&im.pts[f.a], &q});
      zvec(z + 0, q, im.pts[f.a], e, z[31]);
      return z_point(z + 0, e);
    }
    case Feature3::Kind::edge: {
      const ExactPoint3 &u = im.pts[f.a], &w = im.pts[f.b];
      const long e = common_exponent3({&u, &w, &q});
      zvec(z + 0, q, u, e, z[31]);
      zvec(z + 3, w, u, e, z[31]);
      zdot(z[6], z + 0, z + 3);  // (q − u)·e           · 2^2e
      zdot(z[7], z + 3, z + 3);  // L                   · 2^2e
      for (int k = 0; k < 3; ++k) {
        mpz_mul(z[8 + k], z[k], z[7]);
        mpz_submul(z[8 + k], z[6], z[3 + k]);  //      · 2^3e
      }
      return z_point(z + 8, 3 * e);
    }
    case Feature3::Kind::facet: {
      const auto& fv = im.facet(f.f);
      const ExactPoint3 &f0 = im.pts[fv[0]], &f1 = im.pts[fv[1]], &f2 = im.pts[fv[2]];
      const long e = common_exponent3({&f0, &f1, &f2, &q});
      zvec(z + 0, f1, f0, e, z[31]);
      zvec(z + 3, f2, f0, e, z[31]);
      zcross(z + 6, z + 0, z + 3);  // n
      zvec(z + 0, q, f0, e, z[31]);
      zdot(z[9], z + 6, z + 0);
      if (mpz_sgn(z[9]) < 0)
        for (int k = 6; k < 9; ++k) mpz_neg(z[k], z[k]);
      return z_point(z + 6, 2 * e);
    }
  }
  return {};
}

/// The normal cone of core(D) at q on its boundary (Location3::feature).
std::vector<DirectionSet3> boundary_directions(const Impl3& im, const Location3& loc) {
  std::vector<DirectionSet3> out;
  auto rp = [&](std::uint32_t i) { return to_rational(im.pts[i]); };
  const Feature3& f = loc.feature;
  switch (im.hull.dimension) {
    case 0: {
      DirectionSet3 all;
      all.kind = DirectionSet3::Kind::all;
      out.push_back(std::move(all));
      return out;
    }
    case 1: {
      const std::uint32_t u = im.hull.vertices[0], w = im.hull.vertices[1];
      const RationalPoint3 d = sub3(rp(w), rp(u));
      RationalPoint3 a, b;
      perpendicular_basis(d, a, b);
      std::vector<RationalPoint3> gens{a, neg3(a), b, neg3(b)};
      if (f.kind == Feature3::Kind::edge) {
        out.push_back(cone3(std::move(gens), {d, neg3(d)}));
      } else if (f.a == u) {  // at u: also the outward axis u − w
        gens.push_back(neg3(d));
        out.push_back(cone3(std::move(gens), {d}));
      } else {
        gens.push_back(d);
        out.push_back(cone3(std::move(gens), {neg3(d)}));
      }
      return out;
    }
    case 2: {
      const auto& fv = im.facet(0);
      const std::size_t m = fv.size();
      const RationalPoint3 r0 = rp(fv[0]);
      const RationalPoint3 e1 = sub3(rp(fv[1]), r0), e2 = sub3(rp(fv[2]), r0);
      const RationalPoint3 n = cross3(e1, e2);
      if (f.kind == Feature3::Kind::facet) {  // relative interior: the line ±n
        out.push_back(cone3({n, neg3(n)}, {e1, neg3(e1), e2, neg3(e2)}));
      } else if (f.kind == Feature3::Kind::edge) {
        const std::size_t i =
            static_cast<std::size_t>(std::find(fv.begin(), fv.end(), f.a) - fv.begin());
        const RationalPoint3 u = rp(f.a), w = rp(f.b), x = rp(fv[(i + 2) % m]);
        const RationalPoint3 e = sub3(w, u);
        out.push_back(cone3({n, neg3(n), cross3(e, n)}, {e, neg3(e), sub3(x, u)}));
      } else {
        const std::size_t i =
            static_cast<std::size_t>(std::find(fv.begin(), fv.end(), f.a) - fv.begin());
        const RationalPoint3 v = rp(f.a), prev = rp(fv[(i + m - 1) % m]),
                             next = rp(fv[(i + 1) % m]);
        out.push_back(cone3({n, neg3(n), cross3(sub3(v, prev), n), cross3(sub3(next, v), n)},
                            {sub3(prev, v), sub3(next, v)}));
      }
      return out;
    }
    default:
      break;
  }
  // Dimension 3.
  if (f.kind == Feature3::Kind::facet) {
    const auto& fv = im.facet(f.f);
    out.push_back(ray3(facet_normal(im.pts[fv[0]], im.pts[fv[1]], im.pts[fv[2]])));
    const RationalPoint3 r0 = rp(fv[0]);
    const RationalPoint3 e1 = sub3(rp(fv[1]), r0), e2 = sub3(rp(fv[2]), r0);
    out.back().halfspaces = {e1, neg3(e1), e2, neg3(e2), neg3(cross3(e1, e2))};
    return out;
  }
  std::vector<RationalPoint3> gens, halves;
  for (const std::uint32_t fi : loc.facets) {
    const auto& fv = im.facet(fi);
    gens.push_back(facet_normal(im.pts[fv[0]], im.pts[fv[1]], im.pts[fv[2]]));
  }
  if (f.kind == Feature3::Kind::edge) {
    // Tangent cone at the edge's relative interior: ±(w − u) and, in each of the two facets,
    // the direction from u to a vertex off the edge.
    const RationalPoint3 u = rp(f.a), w = rp(f.b);
    halves = {sub3(w, u), sub3(u, w)};
    for (const std::uint32_t fi : loc.facets) {
      const auto& fv = im.facet(fi);
      for (const std::uint32_t x : fv)
        if (x != f.a && x != f.b) {
          halves.push_back(sub3(rp(x), u));
          break;
        }
    }
  } else {
    const RationalPoint3 v = rp(f.a);
    const std::int32_t k = im.slot[f.a];
    for (std::uint32_t j = im.neighbour_offset[k]; j < im.neighbour_offset[k + 1]; ++j)
      halves.push_back(sub3(rp(im.neighbours[j]), v));
  }
  DirectionSet3 ds;
  ds.kind = DirectionSet3::Kind::cone;
  ds.generators = std::move(gens);
  ds.halfspaces = std::move(halves);
  out.push_back(std::move(ds));
  return out;
}

/// The signed distance of the location (one formula for query() and the translations, so that
/// both give the same value bit for bit).
/// The squared value in Real: one correct rounding of the exact rational, whether reduced or not
/// (mpfr_set_q rounds num/den correctly in either form, and the power of two is exact), so both
/// forms give the same bits.
Real real_q(const Location3& loc) {
  if (!loc.pending) return to_real3(loc.q);
  __mpq_struct alias;  // read-only view of the unreduced ratio
  alias._mp_num = *loc.pending->num;
  alias._mp_den = *loc.pending->den;
  Real out;
  mpfr_set_q(out.backend().data(), &alias, MPFR_RNDN);
  mpfr_mul_2si(out.backend().data(), out.backend().data(), 2 * loc.pending->e, MPFR_RNDN);
  return out;
}

Real signed_distance_of(const Impl3& im, const Location3& loc) {
  const Real& r = im.radius_real;
  if (loc.where == CoreLocation::boundary) return -r;
  const Real root = sqrt(real_q(loc));
  if (loc.where == CoreLocation::inside) return -(root + r);
  if (im.radius == 0) return root;
  // (q − r²)/(sqrt(q) + r): an exact numerator keeps the sign exact where sqrt(q) − r would
  // cancel (src/oracle.cpp, answer_outside).
  return to_real3(loc.exact_q() - im.radius * im.radius) / (root + r);
}

PairAnswer3 answer_at(const Impl3& im, const ExactPoint3& q, Detail detail, bool directions) {
  const bool full = detail == Detail::full;
  const bool zero_radius = im.a.radius == 0 && im.b.radius == 0;
  PairAnswer3 ans;
  ans.stats = im.build_stats;
  ans.hull_source = im.hull_source;
  ans.difference_dimension = im.hull.dimension;
  ans.difference_points = static_cast<std::uint32_t>(im.pts.size());
  ans.difference_vertices = static_cast<std::uint32_t>(im.hull.vertices.size());
  ans.radius = im.radius;
  Locator locator(im, q, ans.stats.stages);
  const Location3& loc = locator.locate();
  ans.core_location = loc.where;
  ans.core_squared = loc.q;
  ans.signed_distance = signed_distance_of(im, loc);
  switch (loc.where) {
    case CoreLocation::boundary: {
      ans.relation = im.radius == 0 ? Relation::touching : Relation::overlapping;
      if (directions) ans.directions = boundary_directions(im, loc);
      if (full) {
        Witness3 w;
        cores(im, combination(im, loc.feature, q, ans.stats.stages), w.core_a, w.core_b);
        for (int k = 0; k < 3; ++k) {
          const Rational* ca[3] = {&w.core_a.x, &w.core_a.y, &w.core_a.z};
          const Rational* cb[3] = {&w.core_b.x, &w.core_b.y, &w.core_b.z};
          w.point_a[k] = to_real3(*ca[k]);
          w.point_b[k] = to_real3(*cb[k]);
        }
        ans.witness = std::move(w);
      }
      break;
    }
    case CoreLocation::inside: {
      ans.relation = Relation::overlapping;
      if (!directions) break;
      for (const std::uint32_t fi : loc.facets) {
        const auto& fv = im.facet(fi);
        DirectionSet3 ds = ray3(facet_normal(im.pts[fv[0]], im.pts[fv[1]], im.pts[fv[2]]));
        // mtv = p − q, p the projection of q on the facet plane.
        if (zero_radius && full) ds.mtv = nearest_offset(im, {Feature3::Kind::facet, 0, 0, fi}, q);
        ans.directions.push_back(std::move(ds));
      }
      break;
    }
    case CoreLocation::outside: {
      const Rational r2 = im.radius * im.radius;
      ans.relation = loc.q > r2    ? Relation::separated
                     : loc.q == r2 ? Relation::touching
                                   : Relation::overlapping;
      if (!directions && !full) break;
      if (directions) ans.directions.push_back(ray3(separating_direction(im, loc.feature, q)));
      if (!full) break;
      const RationalPoint3 rel = nearest_offset(im, loc.feature, q);  // w − q
      Witness3 w;
      cores(im, combination(im, loc.feature, q, ans.stats.stages), w.core_a, w.core_b);
      const Real dist = sqrt(to_real3(loc.q));
      const Real n[3] = {-to_real3(rel.x) / dist, -to_real3(rel.y) / dist, -to_real3(rel.z) / dist};
      const Real ra = im.a.radius, rb = im.b.radius;
      const Rational* ca[3] = {&w.core_a.x, &w.core_a.y, &w.core_a.z};
      const Rational* cb[3] = {&w.core_b.x, &w.core_b.y, &w.core_b.z};
      for (int k = 0; k < 3; ++k) {
        w.point_a[k] = to_real3(*ca[k]) + ra * n[k];
        w.point_b[k] = to_real3(*cb[k]) - rb * n[k];
      }
      ans.witness = std::move(w);
      break;
    }
  }
  if (zero_radius) ans.squared = ans.core_squared;
  return ans;
}

ExactPoint3 translation_point(const Point3& v) {
  if (!std::isfinite(v.x) || !std::isfinite(v.y) || !std::isfinite(v.z))
    throw InputError("translation: coordinates must be finite");
  return exact(v);
}

std::shared_ptr<const Impl3> prepare_against_point(const Shape3& s, const Hull3* hull) {
  if (!hull) validate(s, "shape");
  auto im = std::make_shared<Impl3>();
  im->a = s;
  im->b.points = {Point3{0, 0, 0}};
  im->hull_a = hull ? *hull : shape_hull(s);
  im->hull_b = Hull3{};
  im->hull_b.vertices = {0};
  im->hull_b.in_expansion_domain = true;
  // D = s: its points are s's hull vertices, renumbered in order (so the hull's conventions,
  // sorted vertex lists and facets starting at their smallest index, carry over).
  const Hull3& ha = im->hull_a;
  std::vector<std::uint32_t> index(s.points.size(), 0);
  for (std::uint32_t k = 0; k < ha.vertices.size(); ++k) {
    index[ha.vertices[k]] = k;
    im->pts.push_back(exact(s.points[ha.vertices[k]]));
    im->from.emplace_back(ha.vertices[k], 0);
  }
  im->hull.dimension = ha.dimension;
  im->hull.vertices.resize(ha.vertices.size());
  std::iota(im->hull.vertices.begin(), im->hull.vertices.end(), 0u);
  im->hull.facets = ha.facets;
  for (auto& f : im->hull.facets)
    for (std::uint32_t& i : f) i = index[i];
  im->hull.source = HullSource::exact_only;
  im->hull.in_expansion_domain = std::all_of(im->pts.begin(), im->pts.end(),
                                             [](const auto& p) { return in_expansion_domain3(p); });
  im->hull_source = HullSource::exact_only;
  im->build_stats.by_source[static_cast<int>(HullSource::exact_only)] = 1;
  im->finish();
  return im;
}

std::shared_ptr<const Impl3> prepare(const Shape3& a, const Shape3& b) {
  validate(a, "shape a");
  validate(b, "shape b");
  auto im = std::make_shared<Impl3>();
  im->a = a;
  im->b = b;
  // The shapes' points as exact points, once: their hulls (as shape_hull builds them) and the
  // hull of D (hull3_difference_certified) both read them.
  const std::vector<ExactPoint3> ea = exact_points(a), eb = exact_points(b);
  StageCounts shape_counts;
  im->hull_a = hull3_exact(ea, shape_counts);
  im->hull_b = hull3_exact(eb, shape_counts);
  const std::vector<std::uint32_t>& ha = im->hull_a.vertices;
  const std::vector<std::uint32_t>& hb = im->hull_b.vertices;
  if (ha.size() > kMaxDifferencePoints / hb.size())
    throw InputError(
        "shapes a and b have " + std::to_string(ha.size()) + " and " + std::to_string(hb.size()) +
        " hull vertices: their Minkowski difference would have more than kMaxDifferencePoints = " +
        std::to_string(kMaxDifferencePoints) + " points");
  im->pts.reserve(ha.size() * hb.size());
  im->from.reserve(ha.size() * hb.size());
  for (const std::uint32_t i : ha)
    for (const std::uint32_t j : hb) {
      im->pts.push_back(exact_difference(a.points[i], b.points[j]));
      im->from.emplace_back(i, j);
    }
  // D's hull from the way D was formed (hull3.hpp, hull3_difference_certified): the exact
  // normal-cone prefilter keeps D's vertices, then an exact hull of those, or Qhull and the
  // certificate above kDifferenceExactMax kept points.
  im->hull = hull3_difference_certified(ea, im->hull_a, eb, im->hull_b, im->pts, im->build_stats);
  im->hull_source = im->hull.source;
  im->finish();
  return im;
}

}  // namespace oracle3_detail

// ---------------------------------------------------------------- public API

namespace o3 = oracle3_detail;

bool DirectionSet3::contains(const RationalPoint3& v) const {
  if (o3::is_zero3(v)) return false;
  switch (kind) {
    case Kind::all:
      return true;
    case Kind::ray:
      return !generators.empty() && o3::is_zero3(o3::cross3(generators[0], v)) &&
             o3::dot3(generators[0], v) > 0;
    case Kind::cone:
      return std::all_of(halfspaces.begin(), halfspaces.end(),
                         [&](const RationalPoint3& h) { return o3::dot3(v, h) <= 0; });
  }
  return false;
}

Hull3 shape_hull(const Shape3& s) {
  StageCounts counts;
  return hull3_exact(o3::exact_points(s), counts);
}

PreparedPair3::PreparedPair3(const Shape3& a, const Shape3& b) : impl_(o3::prepare(a, b)) {}

PreparedPair3 PreparedPair3::against_point(const Shape3& s) {
  PreparedPair3 p;
  p.impl_ = o3::prepare_against_point(s, nullptr);
  return p;
}

PreparedPair3 PreparedPair3::a_against_point() const {
  PreparedPair3 p;
  p.impl_ = o3::prepare_against_point(impl_->a, &impl_->hull_a);
  return p;
}

PreparedPair3 PreparedPair3::b_against_point() const {
  PreparedPair3 p;
  p.impl_ = o3::prepare_against_point(impl_->b, &impl_->hull_b);
  return p;
}

const Shape3& PreparedPair3::a() const { return impl_->a; }
const Shape3& PreparedPair3::b() const { return impl_->b; }

PairAnswer3 PreparedPair3::query(Detail detail) const {
  return o3::answer_at(*impl_, ExactPoint3{}, detail, true);
}

Real PreparedPair3::signed_distance_after_translation(Point3 v) const {
  const ExactPoint3 q = o3::translation_point(v);
  StageCounts ignored;
  o3::Locator locator(*impl_, q, ignored, false);
  return o3::signed_distance_of(*impl_, locator.locate());
}

double PreparedPair3::signed_distance_after_translation_rounded(Point3 v) const {
  const ExactPoint3 q = o3::translation_point(v);
  StageCounts ignored;
  o3::Locator locator(*impl_, q, ignored, false);
  const o3::Location3& loc = locator.locate();
  const Real approx = o3::signed_distance_of(*impl_, loc);
  if (const std::optional<double> clear = o3::round_if_clear(approx)) return *clear;
  const o3::Side side = loc.where == CoreLocation::boundary ? o3::Side::boundary
                        : loc.where == CoreLocation::inside ? o3::Side::inside
                                                            : o3::Side::outside;
  return o3::round_signed_distance(loc.exact_q(), impl_->radius, side, approx);
}

PairAnswer3 query(const Shape3& a, const Shape3& b, Detail detail) {
  return PreparedPair3(a, b).query(detail);
}

Real signed_distance_after_translation(const Shape3& a, const Shape3& b, Point3 v) {
  return PreparedPair3(a, b).signed_distance_after_translation(v);
}

Relation locate(const Shape3& s, Point3 p) {
  const auto im = o3::prepare_against_point(s, nullptr);
  const ExactPoint3 q = o3::translation_point(p);
  return o3::answer_at(*im, q, Detail::magnitudes, false).relation;
}

}  // namespace minkowski::reference
