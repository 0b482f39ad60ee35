// Metamorphic properties of the fast 3D answers: a case C from the 3D generators
// (generators3.hpp), an exact transformation T, the fast answer f on C and f' on C' = T(C), and
// f' mapped back by T's inverse (T⁻¹f') compared with f and with C's exact answer. Every fast 3D
// algorithm (GJK, GJK + EPA, SAT, the clipping manifold), in float and double. The 2D suite's
// metamorphic relations (fast_vs_reference_test.cpp) in 3D, in the same structure.
//
// Per transformation, bit-identical or within the judge's bounds, and why. The counts are
// T⁻¹f' == f over the default run (300 cases, seed 20261122), which each property prints.
//   swap A and B   GJK: bit-identical (300 of 300 per precision; 30,000 of 30,000 in a long
//                  run). GJK works on points a − b, which the swap negates exactly
//                  (fl(b − a) = −fl(a − b)); its start point a0 − b0 is negated too, its search
//                  direction −v then asks the same supports of A and of B in the same directions
//                  with the same hints, and every later operation on negated inputs gives the
//                  negated or the same result (rounding to nearest is symmetric): the signed-volume
//                  solver's weights (ratios of determinants negated together), |v|², the
//                  stopping tests; the witnesses are the same weighted sums of the same vertices,
//                  exchanged, and point_a = ca + ra·n becomes cb − rb·n exactly.
//                  GJK + EPA, SAT, manifold: within bounds (220–291 of 300 identical). EPA grows
//                  its polytope from GJK's simplex in an order that depends on which faces come
//                  first; SAT tests A's faces before B's and keeps the first of tied axes; the
//                  manifold prefers A's reference face unless B's is better by a tolerance.
//                  T⁻¹f' negates the normal and exchanges point_a and point_b (in each contact
//                  too); depth and distance stay.
//   translation    within bounds (0 of 300 identical). C' = C + t is exact (per axis t = m·2^e,
//   by t           the largest such step not above the drawn one for which every coordinate's sum
//                  is exact: TwoSum's error 0), so the exact answers translate exactly; but the
//                  fast code rounds other operands (a − b from translated points) and its S'
//                  grows with t. T⁻¹f' is held to S' (the judge's u scaled by S'/S); moving its
//                  points back (p − t, rounded in double) moves each by at most sqrt(3)·u·2·S_max
//                  (half an ulp per coordinate, |p| ≤ 2·S_max with S_max = max(S, S')), which
//                  T⁻¹f' carries as input shift: the judge grants it to every field, as a weld's.
//   axis           within bounds (237–288 of 300 identical). Permuted and negated coordinates
//   permutations   are exact and so are their products, but the fast code sums x, y and z in a
//   and sign flips fixed order (dot, cross, |v|²), so a permutation rounds sums in another order;
//                  the hull builder starts from the first of tied axis extremes and sorts flat
//                  polygons lexicographically, so a flip changes which of tied points starts a
//                  loop. Normals and points map back exactly (the inverse permutation and flips).
//   scaling by 2^k bit-identical (every field, contacts in order) when C and C' lie in T's
//                  scaling domain (in_scaling_domain: S in [cbrt(min normal)/u, cbrt(max)] and
//                  no nonzero input value below the smallest normal), in each precision: all of
//                  the default run's 293 (double) and 257 (float) cases there, and 13,099 and
//                  11,613 of a 30,000-case run. make_shape3 multiplies the points by the power of
//                  two that puts S in [1, 2) (shape3.hpp, step 2) and builds the hull there with
//                  thresholds relative to S; GJK and EPA rescale the case by working_scale3's
//                  power of two (gjk3.hpp); SAT and the manifold normalise vectors by
//                  frexp/ldexp; every other operation is a sum, product, quotient or square root
//                  of numbers that all scale by powers of two, and rounds the scaled exact result
//                  to the scaled rounded one while nothing leaves the normal range (a subnormal is
//                  rounded to an absolute grid; the domain keeps products of up to three lengths
//                  between u·S and S normal). The adapters' float conversion scales the same way.
//                  Outside the domain: within bounds (there sat and manifold in double differed
//                  in 32 and 42 of 226 cases of the 30,000-case run).
//   vertex order   within bounds (248–274 of 300 identical): a permutation of each shape's
//                  points, and one point repeated. The hull is the same set, but make_shape3
//                  keeps its vertices in input order (shape3.hpp, emit), Quickhull takes the
//                  first of tied extremes and the support search the first of tied vertices, so
//                  the answer may come from another feature of the same hull: any optimal one
//                  passes the judge.
// "Within bounds" means: T⁻¹f' passes judge3 against C's exact answer under bounds3_for of the
// algorithm and precision, with u scaled by S'/(λ·S) where T scales by λ (k·u·S is then k u·S'
// of the case f' was computed on); and f and T⁻¹f' agree as the 2D suite asks: the same relation
// unless C's exact signed distance lies within both relation bands, depths and distances within
// the sum of both allowances. f itself is fast3_vs_reference_test's (the same generator and
// seed). A precision that cannot represent C or C' (run_fast3 → nullopt) is skipped for that
// case, and so is one whose S or S' lies below min_judged_scale (nothing is asserted there).
//
// The manifold is judged under its rows as in fast3_vs_reference_test, every field asserted.
// Until 2026-11-27 a transformed manifold answer whose only failing field was `contacts` was
// counted instead (kManifoldContactsOpen): the manifold put a contact off a surface where the
// shapes touch on the rim of the reference face (parallel edges, a vertex on an edge or a far
// face); fixed in manifold3.hpp ("Clipping kept nothing", side_distance).
//
// Seeded through RC_PARAMS (CMake sets the seed and the case count: 300 per property, 30,000
// with MINKOWSKI_LONG_TESTS). A failure records the case whose answer broke (C' for a judged
// T⁻¹f', C for bit-identity and the f-to-f' comparison) with the transformation in its "broke"
// text and its kind, and writes it as a 3D fixture under fixtures/found/
// (property_harness3).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <iostream>
#include <limits>
#include <map>
#include <random>
#include <tuple>

#include <fmt/format.h>

#include "minkowski/properties/bounds.hpp"
#include "minkowski/properties/fast_adapters3.hpp"
#include "minkowski/properties/property_harness3.hpp"

// This file's names, in a namespace of their own: the test command compiles the suite as
// one translation unit (cmake/PrecompiledHeaders.cmake, minkowski_unity).
namespace metamorphic3_test_cpp {

namespace {

using namespace minkowski;
using namespace minkowski::properties;
using reference::Point3;
using Vec = std::array<double, 3>;


const std::string kFixtureDir = std::string(MINKOWSKI_SOURCE_DIR) + "/fixtures/found";

void run(const std::string& name, const std::function<void()>& prop) {
  std::string path;
  if (!check_with_fixture3(name, prop, kFixtureDir, &path))
    ADD_FAILURE() << name << " failed; shrunk counterexample written to "
                  << (path.empty() ? "(none)" : path);
}

// --- transformations ---------------------------------------------------------------------------

/// An exact affine map x ↦ λ·P(x) + t (P an axis permutation with sign flips, λ a power of two,
/// t a translation) and what it does to answers.
struct Affine {
  std::array<int, 3> perm{0, 1, 2};  ///< P(x)_i = sign_i · x_perm[i]
  std::array<double, 3> sign{1, 1, 1};
  double lambda = 1;
  Vec t{0, 0, 0};

  Vec linear(const Vec& x) const {
    Vec y;
    for (int i = 0; i < 3; ++i) y[i] = sign[i] * x[perm[i]];
    return y;
  }
  Vec linear_inverse(const Vec& y) const {
    Vec x;
    for (int i = 0; i < 3; ++i) x[perm[i]] = sign[i] * y[i];
    return x;
  }
  Point3 apply(const Point3& p) const {
    const Vec y = linear({p.x, p.y, p.z});
    return {lambda * y[0] + t[0], lambda * y[1] + t[1], lambda * y[2] + t[2]};
  }
  /// The inverse on a point of the transformed case (rounded when t is not 0: see the header).
  Vec point_back(const Vec& q) const {
    return linear_inverse({(q[0] - t[0]) / lambda, (q[1] - t[1]) / lambda, (q[2] - t[2]) / lambda});
  }
  fixtures::Case3 apply(fixtures::Case3 c) const {
    for (reference::Shape3* s : {&c.a, &c.b}) {
      for (Point3& p : s->points) p = apply(p);
      s->radius *= lambda;
    }
    return c;
  }
  /// T⁻¹f': directions by P⁻¹, points by the inverse map, lengths by 1/λ; `extra_shift` (how far
  /// the rounded inverse may move a point) added to the input shift.
  FastAnswer3 answer_back(FastAnswer3 f, double extra_shift) const {
    auto dir = [&](std::optional<Vec>& v) {
      if (v) v = linear_inverse(*v);
    };
    auto pt = [&](std::optional<Vec>& v) {
      if (v) v = point_back(*v);
    };
    dir(f.normal);
    pt(f.point_a);
    pt(f.point_b);
    if (f.depth) *f.depth /= lambda;
    if (f.distance) *f.distance /= lambda;
    if (f.contacts)
      for (FastContact3& k : *f.contacts) {
        k.point = point_back(k.point);
        pt(k.point_a);
        pt(k.point_b);
        k.depth /= lambda;
      }
    f.input_shift = f.input_shift / lambda + extra_shift;
    return f;
  }
};

/// T⁻¹f' of the swap: the normal negated, the witnesses exchanged.
FastAnswer3 swap_back(FastAnswer3 f) {
  if (f.normal) f.normal = Vec{-(*f.normal)[0], -(*f.normal)[1], -(*f.normal)[2]};
  std::swap(f.point_a, f.point_b);
  if (f.contacts)
    for (FastContact3& k : *f.contacts) std::swap(k.point_a, k.point_b);
  return f;
}

double& coord(Point3& p, int axis) { return axis == 0 ? p.x : axis == 1 ? p.y : p.z; }

/// Whether x + t is exact (TwoSum's error term is 0; Knuth, TAOCP vol. 2, 4.2.2).
bool sum_is_exact(double x, double t) {
  const double s = x + t, bb = s - x;
  return std::isfinite(s) && (x - (s - bb)) + (t - bb) == 0;
}

/// The translation of the property: per axis m·2^(e0 + j), e0 the exponent of the ulp of the
/// axis' largest |coordinate|, m and j drawn; j lowered until every coordinate's sum is exact
/// (j = 0 moves by m ulps of the largest coordinate, within every coordinate's binade: exact
/// unless a sum crosses a power of two upwards). Bounded: at most kMaxTranslationBits + 1 tries.
constexpr int kMaxTranslationBits = 60;  // up to 2^60 ulps: about 2^8 · S for a double case
Vec exact_translation(const fixtures::Case3& c, const std::array<int, 3>& m,
                      const std::array<int, 3>& j) {
  Vec t{0, 0, 0};
  for (int axis = 0; axis < 3; ++axis) {
    double largest = 0;
    for (const reference::Shape3* s : {&c.a, &c.b})
      for (Point3 p : s->points) largest = std::max(largest, std::fabs(coord(p, axis)));
    if (largest == 0) largest = 1;
    const int e0 = std::ilogb(largest) - std::numeric_limits<double>::digits + 1;
    for (int jj = j[axis]; jj >= 0; --jj) {
      const double cand = std::ldexp(static_cast<double>(m[axis]), e0 + jj);
      bool exact = std::isfinite(cand);
      for (const reference::Shape3* s : {&c.a, &c.b})
        for (Point3 p : s->points) exact = exact && sum_is_exact(coord(p, axis), cand);
      if (exact) {
        t[axis] = cand;
        break;
      }
    }
  }
  return t;
}

// --- judging -----------------------------------------------------------------------------------

/// Whether case `c` lies where scaling by a power of two is exact in precision T (the header):
/// its scale S within [cbrt(min normal)/u, cbrt(max)] of T — products of up to three lengths
/// between u·S and S, as the hull's volumes and the algorithms' cross and dot products form in
/// the case's own coordinates, neither underflow nor overflow — and every nonzero input value at
/// least T's smallest normal (its conversion to T is then relative, not to an absolute grid).
template <class T>
bool in_scaling_domain(const fixtures::Case3& c) {
  using L = std::numeric_limits<T>;
  const double u = fast::unit_roundoff<T>();
  const double lo = std::cbrt(static_cast<double>(L::min())) / u;
  const double hi = std::cbrt(static_cast<double>(L::max()));
  const double s = case_scale_of(c);
  if (s < lo || s > hi) return false;
  auto ok = [&](double v) { return v == 0 || std::fabs(v) >= static_cast<double>(L::min()); };
  for (const reference::Shape3* sh : {&c.a, &c.b}) {
    if (!ok(sh->radius)) return false;
    for (const Point3& p : sh->points)
      if (!ok(p.x) || !ok(p.y) || !ok(p.z)) return false;
  }
  return true;
}

std::optional<FastAnswer3> fast_on(Algorithm3 alg, Precision p, const fixtures::Case3& c) {
  return p == Precision::single ? run_fast3<float>(alg, c) : run_fast3<double>(alg, c);
}

/// bounds3_for(alg, p) held to a case of scale `ratio`·S: the relative parts scaled.
Bounds scaled_bounds(Algorithm3 alg, Precision p, double ratio) {
  Bounds b = bounds3_for(alg, p);
  b.u *= ratio;
  b.tau_relative *= ratio;
  b.tau_contact_depth_relative *= ratio;
  return b;
}

/// How often T⁻¹f' was bit-identical to f, per "transformation alg/precision": printed after each
/// property (the measurements behind the choices of the header).
std::map<std::string, std::pair<long, long>> g_identical;  // key → (identical, compared)

void report_identical(const std::string& transformation) {
  for (const auto& [key, n] : g_identical)
    if (key.rfind(transformation + " ", 0) == 0)
      std::cout << fmt::format("  {:<40} bit-identical {:>5} of {:>5}\n", key, n.first, n.second);
}

/// How one transformation is judged.
enum class Expect { identical, within_bounds };

/// |error| that judge3 allows `field` of an answer with input shift `shift` under `b` on a case
/// of scale S: k·u·S + tau + shift (allowance(), tolerance_model.hpp).
double allowed(const Bounds& b, Field field, double scale, double shift) {
  const Allowance a = allowance(b, field, scale);
  return a.k * b.u * scale + a.tau + shift;
}

/// Runs every algorithm in both precisions on C and C' = T(C), maps f' back with `back` and
/// asserts `expect` (see the header): bit-identical, or within bounds — T⁻¹f' passes judge3
/// against C's exact answer under bounds3_for scaled by `ratio` = S'/(λ·S), and f and T⁻¹f'
/// agree as the 2D suite's same_up_to_tolerance asks: the same relation unless C's exact signed
/// distance lies within both relation bands, depths (distances) within the sum of both
/// allowances. f itself is judged by fast3_vs_reference_test (the same generator and seed).
void check_transformed(const GeneratedCase3& g, const fixtures::Case3& transformed,
                       const std::function<FastAnswer3(const FastAnswer3&)>& back, double ratio,
                       const std::function<Expect(Algorithm3, Precision)>& expect,
                       const std::string& name, const std::string& transformation,
                       const std::string& describe) {
  RC_TAG(g.family);
  const double s = case_scale_of(g.c), s2 = case_scale_of(transformed);
  std::optional<reference::PairAnswer3> exact;
  for (Algorithm3 alg : all_algorithms3())
    for (Precision p : {Precision::single, Precision::double_}) {
      const auto f = fast_on(alg, p, g.c), f2 = fast_on(alg, p, transformed);
      if (!f || !f2) continue;  // a precision that cannot represent C or C'
      if (s < min_judged_scale(p) || s2 < min_judged_scale(p)) continue;  // nothing asserted
      const std::string key = fmt::format("{}/{} {}", to_string(alg), to_string(p), describe);
      const FastAnswer3 mapped = back(*f2);
      const Expect e = expect(alg, p);
      auto& count =
          g_identical[fmt::format("{} {}/{}{}", transformation, to_string(alg), to_string(p),
                                  e == Expect::identical ? " (asserted)" : "")];
      count.first += mapped == *f;
      ++count.second;
      if (e == Expect::identical) {
        if (!(mapped == *f)) {
          record_failure3({g, name,
                           fmt::format("{}: T⁻¹f' is not bit-identical to f: f' mapped back {}",
                                       key, protocol_json(mapped).dump()),
                           *f});
          RC_FAIL("not bit-identical: " + key);
        }
        continue;
      }
      if (!exact) exact = exact_answer3(g.c, reference::Detail::magnitudes);
      const Bounds b = bounds3_for(alg, p), b2 = scaled_bounds(alg, p, ratio);
      std::string what;
      const double sd = std::fabs(static_cast<double>(exact->signed_distance));
      if (f->intersects != mapped.intersects &&
          sd > allowed(b, Field::relation, s, f->input_shift) +
                   allowed(b2, Field::relation, s, mapped.input_shift))
        what = "the relation changed";
      for (const auto& [field, x, y] : {std::tuple{Field::depth, f->depth, mapped.depth},
                                        std::tuple{Field::distance, f->distance, mapped.distance}})
        if (x && y && f->intersects == mapped.intersects &&
            std::fabs(*x - *y) >
                allowed(b, field, s, f->input_shift) + allowed(b2, field, s, mapped.input_shift))
          what = fmt::format("{} {:.17g} on C, {:.17g} from C'", to_string(field), *x, *y);
      if (!what.empty()) {
        record_failure3({g, name, key + ": f and T⁻¹f' disagree: " + what, *f});
        RC_FAIL(key + ": " + what);
      }
      const Verdict v = judge3(g.c, *exact, mapped, b2);
      if (!v.ok) {
        GeneratedCase3 g2{transformed, g.family, g.kind + "/" + describe};
        record_failure3({g2, name, key + ": T⁻¹f' against C's exact answer: " + v.summary(), *f2});
      }
      RC_ASSERT(v.ok);
    }
}

std::function<Expect(Algorithm3, Precision)> always(Expect e) {
  return [e](Algorithm3, Precision) { return e; };
}

// --- the properties ----------------------------------------------------------------------------

TEST(Metamorphic3, SwappingAAndBNegatesTheNormalAndSwapsTheWitnesses) {
  const std::string name = "3D: swap A and B";
  run(name, [name] {
    const GeneratedCase3 g = *gen3_any();
    fixtures::Case3 s = g.c;
    std::swap(s.a, s.b);
    check_transformed(
        g, s, swap_back, 1,
        [](Algorithm3 alg, Precision) {
          return alg == Algorithm3::gjk ? Expect::identical : Expect::within_bounds;
        },
        name, "swap", "swap");
  });
  report_identical("swap");
}

TEST(Metamorphic3, ADyadicTranslationOfBothShapesTranslatesTheAnswer) {
  const std::string name = "3D: dyadic translation";
  run(name, [name] {
    const GeneratedCase3 g = *gen3_any();
    std::array<int, 3> m{}, j{};
    for (int i = 0; i < 3; ++i) {
      m[i] = *rc::gen::inRange(-8, 9);
      j[i] = *rc::gen::inRange(0, kMaxTranslationBits + 1);
    }
    Affine a;
    a.t = exact_translation(g.c, m, j);
    const fixtures::Case3 moved = a.apply(g.c);
    const double s = case_scale_of(g.c), s2 = case_scale_of(moved);
    RC_PRE(s > 0);
    // The rounded p' − t of answer_back (in double, whatever the precision): at most half an
    // ulp of |p' − t| ≤ u·|p' − t| per coordinate, u = 2^-53. A point an answer gives lies on
    // or between the shapes, |p| ≤ 2·S_max with S_max = max(S, S') (S counts the radius too), so
    // sqrt(3)·u·2·S_max bounds how far the inverse moves it; wrong points fail the judge anyway.
    const double back_shift = std::sqrt(3.0) * 0x1p-53 * 2 * std::max(s, s2);
    check_transformed(
        g, moved, [&](const FastAnswer3& f) { return a.answer_back(f, back_shift); }, s2 / s,
        always(Expect::within_bounds), name, "translate",
        fmt::format("translate({:g},{:g},{:g})", a.t[0], a.t[1], a.t[2]));
  });
  report_identical("translate");
}

TEST(Metamorphic3, AxisPermutationsAndSignFlipsMapTheAnswer) {
  const std::string name = "3D: axis permutation and sign flips";
  run(name, [name] {
    const GeneratedCase3 g = *gen3_any();
    static constexpr std::array<std::array<int, 3>, 6> kPerms{
        {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}};
    const int o = *rc::gen::inRange(1, 48);  // 0 is the identity
    Affine a;
    a.perm = kPerms[static_cast<std::size_t>(o / 8)];
    for (int i = 0; i < 3; ++i) a.sign[i] = (o >> i) & 1 ? -1.0 : 1.0;
    check_transformed(
        g, a.apply(g.c), [&](const FastAnswer3& f) { return a.answer_back(f, 0); }, 1,
        always(Expect::within_bounds), name, "permute",
        fmt::format("perm({},{},{}) signs({:+g},{:+g},{:+g})", a.perm[0], a.perm[1], a.perm[2],
                    a.sign[0], a.sign[1], a.sign[2]));
  });
  report_identical("permute");
}

TEST(Metamorphic3, ScalingByAPowerOfTwoScalesTheAnswerBitForBit) {
  const std::string name = "3D: scaling by 2^k";
  run(name, [name] {
    const GeneratedCase3 g = *gen3_any();
    const int k = *rc::gen::inRange(1, 41) * (*rc::gen::arbitrary<bool>() ? 1 : -1);  // ±1…40
    Affine a;
    a.lambda = std::ldexp(1.0, k);
    const fixtures::Case3 scaled = a.apply(g.c);
    const bool float_ok = in_scaling_domain<float>(g.c) && in_scaling_domain<float>(scaled);
    const bool double_ok = in_scaling_domain<double>(g.c) && in_scaling_domain<double>(scaled);
    RC_TAG(float_ok ? "float bit-identical" : "float within bounds");
    check_transformed(
        g, scaled, [&](const FastAnswer3& f) { return a.answer_back(f, 0); }, 1,
        [&](Algorithm3, Precision p) {
          return (p == Precision::single ? float_ok : double_ok) ? Expect::identical
                                                                 : Expect::within_bounds;
        },
        name, "scale", fmt::format("scale(2^{})", k));
  });
  report_identical("scale");
}

TEST(Metamorphic3, ReorderedAndRepeatedInputPointsGiveAnAnswerWithinBounds) {
  const std::string name = "3D: vertex order";
  run(name, [name] {
    const GeneratedCase3 g = *gen3_any();
    fixtures::Case3 c = g.c;
    std::mt19937_64 rng(*rc::gen::arbitrary<std::uint64_t>());
    for (reference::Shape3* s : {&c.a, &c.b}) {
      std::shuffle(s->points.begin(), s->points.end(), rng);
      s->points.push_back(s->points[rng() % s->points.size()]);  // a repeated point
    }
    check_transformed(
        g, c, [](const FastAnswer3& f) { return f; }, 1, always(Expect::within_bounds), name,
        "reorder", "reordered");
  });
  report_identical("reorder");
}

}  // namespace

}  // namespace metamorphic3_test_cpp
