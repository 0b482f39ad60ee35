#include "minkowski/reference/predicates3.hpp"

#include <gmp.h>

#include <cmath>

#include "dyadic_integers.hpp"
#include "expansion.hpp"

namespace minkowski::reference {

// orient3d_sign, stage by stage.
//
// Notation: p, q, r, s exact points, each coordinate X = Xh + Xl a normalized pair, so
// |Xl| <= u·|Xh| (u = 2^-53; a pair whose hi is subnormal has lo = 0). The determinant is
//   D = det[a; b; c],  a = q − p, b = r − p, c = s − p,
//     = a_x (b_y c_z − b_z c_y) + a_y (b_z c_x − b_x c_z) + a_z (b_x c_y − b_y c_x).
//
// Stage 1 (filter). Each difference is taken on hi parts, a_h = fl(q_h − p_h), with magnitude
// M_a = |q_h| + |p_h|. Then |a − a_h| <= |q_l| + |p_l| + |fl(q_h − p_h) − (q_h − p_h)|
// <= u·M_a + u·M_a = 2u·M_a, and |a|, |a_h| <= (1 + u)·M_a. Let P be the permanent of the
// magnitudes, P = Σ over the six monomials of M_a M_b M_c.
//   (i) input error: for one monomial, |abc − a_h b_h c_h| <= |a − a_h||b||c| + |a_h||b − b_h||c|
//       + |a_h||b_h||c − c_h| <= 6u(1 + u)² M_a M_b M_c; in all <= 6u(1 + u)²·P.
//  (ii) rounding: each monomial passes through at most five roundings (the product b_j·c_k, the
//       minor's subtraction, the product with a_i, the two additions), so it errs by at most
//       ((1 + u)^5 − 1)·|a_h b_h c_h| <= 5.0001u·(1 + u)³ M M M; in all <= 5.001u·P.
// Hence |fl(D_h) − D| <= 11.01u·P. The bound is computed as fl(16u·fl(P)), and fl(P) (nine
// roundings per monomial, all downward at worst) >= (1 − 9u)·P, so the bound exceeds 15.99u·P:
// fl(D_h) > bound implies D > 0 (and symmetrically), with the bound's own rounding well inside
// the gap. kOrient3FilterFactor = 16u.
//
// Underflow. The relative model above ignores underflow. A subnormal difference or sum is exact;
// a product that underflows errs by at most η = 2^-1075 absolutely. An error in a product b_j·c_k
// is multiplied by a_i afterwards, so (unlike 2D) no constant slack covers it: per monomial pair
// the minor errs by 2η(1 + u), then times |a_i| <= (1 + u)M_a, plus η for the product with a_i;
// with the additions' relative factors the total is <= 3.01η + 2.01η·(M_x + M_y + M_z) (the M of
// the three components of a). The bound's own underflow (its final product by 16u, the lowered
// fl(P) scaled by 16u) takes at most ~2η more. kOrient3Slack·(1 + ΣM_a) = 32η·(1 + ΣM_a), computed
// with at most three roundings and a last underflow of η, exceeds 5.1η + 2.01η·ΣM_a by far. The
// slack is added on every call: inside the expansion domain it is ~2^-767 at most, which changes
// no decision that matters, and one formula is simpler to check than two. Overflow: a product that
// overflows in D_h overflows in the bound too (the bound's terms dominate D_h's term by term, and
// rounding is monotone), so D_h or the bound is ±inf or NaN and neither comparison holds.
//
// Stage 2 (expansions), only when the caller says all four points are in_expansion_domain3
// (predicates3.hpp): every nonzero |hi| in [2^-300, 2^300], every nonzero lo a multiple of 2^-358
// with |lo| <= 2^300.
//   - Grid: a double with |v| >= 2^-300 has ulp >= 2^-352, so every hi and lo is an integer
//     multiple of g = 2^-358. Sums and TwoSum errors of multiples of g are multiples of g (a
//     rounded sum either is exact or has an ulp >= g); products of multiples of g_1 and g_2 and
//     every intermediate of Dekker's TwoProduct and split are multiples of g_1·g_2. The deepest
//     products here have three factors, multiples of g³ = 2^-1074, the subnormal spacing: every
//     value on that grid below 2^-1022 is representable, so an operation whose exact result is on
//     the grid and subnormal is exact, and one whose result is normal behaves as without
//     underflow. So no step of TwoSum, TwoProduct, split, expansion sum, scale or compress loses
//     anything to underflow.
//   - Size: |a|, |b|, |c| components <= 2^301·(1 + u); a product of three <= 2^904, the sum of six
//     <= 2^907, far below overflow, and Dekker's split multiplies by 2^27 + 1 only operands of at
//     most 2^904 (< 2^996, where 2^27·a would overflow).
// Hence the expansion stage is exact on that domain. The header's former lower bound on |lo|
// (2^-340) did not suffice: a lo of 2^-340 can have an ulp of 2^-392, and a product of three such
// components (2^-1176) underflows.
//
// Stage 3 (counted as Stage::rational): GMP integers. Every coordinate hi + lo of the points is
// an integer multiple of 2^e, e the smallest ulp exponent among their nonzero parts
// (dyadic_integers.hpp), so the three differences divided by 2^e are integer vectors, formed
// exactly in mpz, and their determinant is D / 2^(3e): the same sign. No gcd per operation, as
// rationals would need (one such determinant cost ~39,000 instructions in rationals, callgrind on
// the 3D campaign's touching family, whose ulp nudges of 0 give subnormal coordinates outside the
// expansion domain). orient3d_sign_rational and det3_sign_rational stay the independent rational
// definitions the tests compare against.

namespace {

/// 16u: the relative part of the stage-1 bound, >= the 11.01u·P derived above with the bound's own
/// rounding (>= 15.99u·P after it). A power of two, so multiplying by it is exact above underflow.
constexpr double kOrient3FilterFactor = 16.0 * kUnitRoundoff;
/// 32η = 2^-1070: the absolute part of the stage-1 bound per unit of (1 + ΣM_a), derived above.
constexpr double kOrient3Slack = 0x1p-1070;

int sign_of(const Rational& v) { return v > 0 ? 1 : (v < 0 ? -1 : 0); }

/// Per-thread mpz registers of stage 3 (initialized once: the stage allocates only when a value
/// outgrows a register's limbs).
struct IntegerScratch3 {
  static constexpr int kSlots = 13;
  mpz_t z[kSlots];
  IntegerScratch3() {
    for (mpz_t& x : z) mpz_init(x);
  }
  ~IntegerScratch3() {
    for (mpz_t& x : z) mpz_clear(x);
  }
  IntegerScratch3(const IntegerScratch3&) = delete;
  IntegerScratch3& operator=(const IntegerScratch3&) = delete;
};

/// Stage 3: sign of det(p1 − p0, q1 − q0, r1 − r0) on GMP integers at the points' common
/// power-of-two scale (derivation above). Exact for any finite coordinates.
int det3_integer(const ExactPoint3& p0, const ExactPoint3& p1, const ExactPoint3& q0,
                 const ExactPoint3& q1, const ExactPoint3& r0, const ExactPoint3& r1) {
  thread_local IntegerScratch3 scratch;
  mpz_t* z = scratch.z;
  const long e =
      detail::common_exponent({&p0.x, &p0.y, &p0.z, &p1.x, &p1.y, &p1.z, &q0.x, &q0.y, &q0.z, &q1.x,
                               &q1.y, &q1.z, &r0.x, &r0.y, &r0.z, &r1.x, &r1.y, &r1.z});
  mpz_ptr tmp = z[12];
  // z[0..2] = a, z[3..5] = b, z[6..8] = c (scaled by 2^-e), z[9..11] = b × c.
  const ExactPoint3* from[3] = {&p0, &q0, &r0};
  const ExactPoint3* to[3] = {&p1, &q1, &r1};
  for (int k = 0; k < 3; ++k) {
    detail::scaled_difference(z[3 * k], to[k]->x, from[k]->x, e, tmp);
    detail::scaled_difference(z[3 * k + 1], to[k]->y, from[k]->y, e, tmp);
    detail::scaled_difference(z[3 * k + 2], to[k]->z, from[k]->z, e, tmp);
  }
  mpz_mul(z[9], z[4], z[8]);
  mpz_submul(z[9], z[5], z[7]);
  mpz_mul(z[10], z[5], z[6]);
  mpz_submul(z[10], z[3], z[8]);
  mpz_mul(z[11], z[3], z[7]);
  mpz_submul(z[11], z[4], z[6]);
  mpz_mul(tmp, z[0], z[9]);
  mpz_addmul(tmp, z[1], z[10]);
  mpz_addmul(tmp, z[2], z[11]);
  return mpz_sgn(tmp);
}

using detail::Expansion;

/// The exact difference (u_hi + u_lo) − (v_hi + v_lo) as an expansion of at most 4 nonzero
/// components, branch-free up to the zero elimination: Shewchuk's Two_Two_Sum (1997, §2.6) on the
/// nonoverlapping pairs (u_hi, u_lo) and (−v_hi, −v_lo) — the same value detail::difference gives,
/// without its general merge.
Expansion<4> coord_difference(const ExactCoord& u, const ExactCoord& v) {
  double i, x0, j, k, x1, x2, x3;
  detail::two_sum(u.lo, -v.lo, i, x0);  // Two_One_Sum(u_hi, u_lo, −v_lo) → (j, k, x0)
  detail::two_sum(u.hi, i, j, k);
  detail::two_sum(k, -v.hi, i, x1);  // Two_One_Sum(j, k, −v_hi) → (x3, x2, x1)
  detail::two_sum(j, i, x3, x2);
  Expansion<4> d;
  d.n = 0;
  for (const double c : {x0, x1, x2, x3})
    if (c != 0) d.c[d.n++] = c;
  return d;
}

/// e·f for expansions of at most 4 components: e scaled by each component of f, the four parts
/// summed pairwise (no intermediate copies).
void product4(const Expansion<4>& e, const Expansion<4>& f, Expansion<32>& h) {
  Expansion<8> part[4];
  for (std::size_t i = 0; i < 4; ++i) {
    part[i].n = 0;
    if (i < f.n) detail::scale_expansion(e, f.c[i], part[i]);
  }
  Expansion<16> s01, s23;
  detail::expansion_sum(part[0], part[1], s01);
  detail::expansion_sum(part[2], part[3], s23);
  detail::expansion_sum(s01, s23, h);
}

/// m = b_j·c_k − b_k·c_j, compressed.
void expansion_minor(const Expansion<4>& bj, const Expansion<4>& ck, const Expansion<4>& bk,
                     const Expansion<4>& cj, Expansion<64>& m) {
  Expansion<32> p1, p2;
  product4(bj, ck, p1);
  product4(bk, detail::negated(cj), p2);
  detail::expansion_sum(p1, p2, m);
  detail::compress(m);
}

/// Stage 2a: every lo part 0 and the nine hi differences exact (TwoSum error 0), as for integer
/// or dyadic data: each minor is a TwoProduct difference (4 components), scaled by one double (8),
/// three of them summed (24) — Shewchuk's exact orient3d. Returns false when it does not apply.
/// Written for det(p1 − p0, q1 − q0, r1 − r0) (det3_sign); orient3d(p, q, r, s) is
/// det(q − p, r − p, s − p).
bool det3_small_expansion(const ExactPoint3& p0, const ExactPoint3& p1, const ExactPoint3& q0,
                          const ExactPoint3& q1, const ExactPoint3& r0, const ExactPoint3& r1,
                          int& sign) {
  const ExactPoint3* pts[6] = {&p0, &p1, &q0, &q1, &r0, &r1};
  for (const ExactPoint3* v : pts)
    if (v->x.lo != 0 || v->y.lo != 0 || v->z.lo != 0) return false;
  double d[3][3];  // d[0] = p1 − p0, d[1] = q1 − q0, d[2] = r1 − r0
  for (int k = 0; k < 3; ++k) {
    const ExactPoint3& v = *pts[2 * k + 1];
    const ExactPoint3& p = *pts[2 * k];
    const double hv[3] = {v.x.hi, v.y.hi, v.z.hi}, hp[3] = {p.x.hi, p.y.hi, p.z.hi};
    for (int c = 0; c < 3; ++c) {
      double err;
      detail::two_sum(hv[c], -hp[c], d[k][c], err);
      if (err != 0) return false;
    }
  }
  // The plain double evaluation is exact when none of its operations rounds (every TwoProduct
  // and TwoSum error 0; on the expansion domain nothing underflows inexactly, by the grid
  // argument above), and then its sign is the determinant's. Small integer and dyadic data
  // (lattices, axis-aligned boxes) decide their exact zeros here, without expansions.
  {
    double t[3], err = 0, e;
    bool exact = true;
    for (int i = 0; i < 3 && exact; ++i) {
      const int j = (i + 1) % 3, k = (i + 2) % 3;
      double p1, p2, m;
      detail::two_product(d[1][j], d[2][k], p1, e);
      exact = exact && e == 0;
      detail::two_product(d[1][k], d[2][j], p2, e);
      exact = exact && e == 0;
      detail::two_sum(p1, -p2, m, e);
      exact = exact && e == 0;
      detail::two_product(d[0][i], m, t[i], e);
      exact = exact && e == 0;
    }
    if (exact) {
      double s01, total;
      detail::two_sum(t[0], t[1], s01, e);
      err = e;
      detail::two_sum(s01, t[2], total, e);
      if (err == 0 && e == 0) {
        sign = total > 0 ? 1 : (total < 0 ? -1 : 0);
        return true;
      }
    }
  }
  Expansion<8> term[3];
  for (int i = 0; i < 3; ++i) {
    const int j = (i + 1) % 3, k = (i + 2) % 3;
    Expansion<2> plus, minus;
    detail::two_product(d[1][j], d[2][k], plus.c[1], plus.c[0]);
    detail::two_product(d[1][k], d[2][j], minus.c[1], minus.c[0]);
    minus.c[0] = -minus.c[0];
    minus.c[1] = -minus.c[1];
    plus.n = minus.n = 2;
    Expansion<4> m;
    detail::expansion_sum(plus, minus, m);
    detail::scale_expansion(m, d[0][i], term[i]);
  }
  Expansion<16> t01;
  detail::expansion_sum(term[0], term[1], t01);
  Expansion<24> sum;
  detail::expansion_sum(t01, term[2], sum);
  sign = sum.sign();
  return true;
}

/// det(p1 − p0, q1 − q0, r1 − r0) exactly on the expansion domain (the derivation above holds
/// for any three differences of points in the domain, not only for three sharing p).
int det3_expansion(const ExactPoint3& p0, const ExactPoint3& p1, const ExactPoint3& q0,
                   const ExactPoint3& q1, const ExactPoint3& r0, const ExactPoint3& r1) {
  if (int sign = 0; det3_small_expansion(p0, p1, q0, q1, r0, r1, sign)) return sign;
  auto diff = [](const ExactCoord& u, const ExactCoord& v) { return coord_difference(u, v); };
  const Expansion<4> a[3] = {diff(p1.x, p0.x), diff(p1.y, p0.y), diff(p1.z, p0.z)};
  const Expansion<4> b[3] = {diff(q1.x, q0.x), diff(q1.y, q0.y), diff(q1.z, q0.z)};
  const Expansion<4> c[3] = {diff(r1.x, r0.x), diff(r1.y, r0.y), diff(r1.z, r0.z)};
  Expansion<512> term[3];
  for (int i = 0; i < 3; ++i) {
    const int j = (i + 1) % 3, k = (i + 2) % 3;
    Expansion<64> m;
    expansion_minor(b[j], c[k], b[k], c[j], m);
    detail::expansion_product(m, a[i], term[i]);
    detail::compress(term[i]);
  }
  Expansion<1024> t01;
  detail::expansion_sum(term[0], term[1], t01);
  Expansion<1536> sum;
  detail::expansion_sum(t01, term[2], sum);
  return sum.sign();
}

}  // namespace

int orient3d_sign_rational(const RationalPoint3& p, const RationalPoint3& q,
                           const RationalPoint3& r, const RationalPoint3& s) {
  const Rational ax = q.x - p.x, ay = q.y - p.y, az = q.z - p.z;
  const Rational bx = r.x - p.x, by = r.y - p.y, bz = r.z - p.z;
  const Rational cx = s.x - p.x, cy = s.y - p.y, cz = s.z - p.z;
  return sign_of(ax * (by * cz - bz * cy) + ay * (bz * cx - bx * cz) + az * (bx * cy - by * cx));
}

int orient3d_sign(const ExactPoint3& p, const ExactPoint3& q, const ExactPoint3& r,
                  const ExactPoint3& s, bool use_expansions, StageCounts& counts) {
  // Stage 1 (bound derived above).
  const double ax = q.x.hi - p.x.hi, ay = q.y.hi - p.y.hi, az = q.z.hi - p.z.hi;
  const double bx = r.x.hi - p.x.hi, by = r.y.hi - p.y.hi, bz = r.z.hi - p.z.hi;
  const double cx = s.x.hi - p.x.hi, cy = s.y.hi - p.y.hi, cz = s.z.hi - p.z.hi;
  const double det = ax * (by * cz - bz * cy) + ay * (bz * cx - bx * cz) + az * (bx * cy - by * cx);
  const double px = std::fabs(p.x.hi), py = std::fabs(p.y.hi), pz = std::fabs(p.z.hi);
  const double max = std::fabs(q.x.hi) + px, may = std::fabs(q.y.hi) + py,
               maz = std::fabs(q.z.hi) + pz;
  const double mbx = std::fabs(r.x.hi) + px, mby = std::fabs(r.y.hi) + py,
               mbz = std::fabs(r.z.hi) + pz;
  const double mcx = std::fabs(s.x.hi) + px, mcy = std::fabs(s.y.hi) + py,
               mcz = std::fabs(s.z.hi) + pz;
  const double perm =
      max * (mby * mcz + mbz * mcy) + may * (mbz * mcx + mbx * mcz) + maz * (mbx * mcy + mby * mcx);
  const double bound = kOrient3FilterFactor * perm + kOrient3Slack * (1.0 + (max + may + maz));
  if (det > bound) {
    counts.add(Stage::filter);
    return 1;
  }
  if (-det > bound) {
    counts.add(Stage::filter);
    return -1;
  }
  if (use_expansions) {
    counts.add(Stage::expansion);
    return det3_expansion(p, q, p, r, p, s);
  }
  counts.add(Stage::rational);
  return det3_integer(p, q, p, r, p, s);
}

int det3_sign_rational(const RationalPoint3& p0, const RationalPoint3& p1, const RationalPoint3& q0,
                       const RationalPoint3& q1, const RationalPoint3& r0,
                       const RationalPoint3& r1) {
  const Rational ax = p1.x - p0.x, ay = p1.y - p0.y, az = p1.z - p0.z;
  const Rational bx = q1.x - q0.x, by = q1.y - q0.y, bz = q1.z - q0.z;
  const Rational cx = r1.x - r0.x, cy = r1.y - r0.y, cz = r1.z - r0.z;
  return sign_of(ax * (by * cz - bz * cy) + ay * (bz * cx - bx * cz) + az * (bx * cy - by * cx));
}

// det3_sign: the stages of orient3d_sign with a = p1 − p0, b = q1 − q0, c = r1 − r0. The
// derivation above never uses that the three differences share their first point: each
// difference of two normalized pairs errs by at most 2u·M (M = |hi_1| + |hi_0|) when taken on hi
// parts, so the same bound with these M holds; the expansion stage's grid and size arguments hold
// for any three differences of points of the domain.
int det3_sign(const ExactPoint3& p0, const ExactPoint3& p1, const ExactPoint3& q0,
              const ExactPoint3& q1, const ExactPoint3& r0, const ExactPoint3& r1,
              bool use_expansions, StageCounts& counts) {
  const double ax = p1.x.hi - p0.x.hi, ay = p1.y.hi - p0.y.hi, az = p1.z.hi - p0.z.hi;
  const double bx = q1.x.hi - q0.x.hi, by = q1.y.hi - q0.y.hi, bz = q1.z.hi - q0.z.hi;
  const double cx = r1.x.hi - r0.x.hi, cy = r1.y.hi - r0.y.hi, cz = r1.z.hi - r0.z.hi;
  const double det = ax * (by * cz - bz * cy) + ay * (bz * cx - bx * cz) + az * (bx * cy - by * cx);
  const double max = std::fabs(p1.x.hi) + std::fabs(p0.x.hi),
               may = std::fabs(p1.y.hi) + std::fabs(p0.y.hi),
               maz = std::fabs(p1.z.hi) + std::fabs(p0.z.hi);
  const double mbx = std::fabs(q1.x.hi) + std::fabs(q0.x.hi),
               mby = std::fabs(q1.y.hi) + std::fabs(q0.y.hi),
               mbz = std::fabs(q1.z.hi) + std::fabs(q0.z.hi);
  const double mcx = std::fabs(r1.x.hi) + std::fabs(r0.x.hi),
               mcy = std::fabs(r1.y.hi) + std::fabs(r0.y.hi),
               mcz = std::fabs(r1.z.hi) + std::fabs(r0.z.hi);
  const double perm =
      max * (mby * mcz + mbz * mcy) + may * (mbz * mcx + mbx * mcz) + maz * (mbx * mcy + mby * mcx);
  const double bound = kOrient3FilterFactor * perm + kOrient3Slack * (1.0 + (max + may + maz));
  if (det > bound) {
    counts.add(Stage::filter);
    return 1;
  }
  if (-det > bound) {
    counts.add(Stage::filter);
    return -1;
  }
  return det3_sign_exact(p0, p1, q0, q1, r0, r1, use_expansions, counts);
}

int det3_sign_exact(const ExactPoint3& p0, const ExactPoint3& p1, const ExactPoint3& q0,
                    const ExactPoint3& q1, const ExactPoint3& r0, const ExactPoint3& r1,
                    bool use_expansions, StageCounts& counts) {
  if (use_expansions) {
    counts.add(Stage::expansion);
    return det3_expansion(p0, p1, q0, q1, r0, r1);
  }
  counts.add(Stage::rational);
  return det3_integer(p0, p1, q0, q1, r0, r1);
}

bool collinear3(const ExactPoint3& p, const ExactPoint3& q, const ExactPoint3& r,
                bool use_expansions, StageCounts& counts) {
  // The 3D expansion domain lies inside the 2D one (predicates3.hpp), so use_expansions carries
  // over to the projections. The triangle is degenerate exactly when its normal
  // (q − p) × (r − p) is zero, i.e. all three projected orientations are 0.
  auto xy = [](const ExactPoint3& v) { return ExactPoint{v.x, v.y}; };
  auto yz = [](const ExactPoint3& v) { return ExactPoint{v.y, v.z}; };
  auto zx = [](const ExactPoint3& v) { return ExactPoint{v.z, v.x}; };
  return orient_sign(xy(p), xy(q), xy(r), use_expansions, counts) == 0 &&
         orient_sign(yz(p), yz(q), yz(r), use_expansions, counts) == 0 &&
         orient_sign(zx(p), zx(q), zx(r), use_expansions, counts) == 0;
}

}  // namespace minkowski::reference
