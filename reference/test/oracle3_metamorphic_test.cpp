// Metamorphic tests of the exact 3D oracle: transformations of a pair whose effect on the exact
// answer is known without knowing the answer.
//   swap A and B:        D' = −D: relation and squared values equal, directions (and cones, MTVs,
//                        core_a − core_b) negated;
//   translate both by t: D' = D exactly when every a + t and b + t is exact (dyadic t on lattice
//                        and dyadic shapes; checked): everything equal;
//   signed permutation of the axes M (permute, negate): D' = M·D: magnitudes equal, directions,
//                        MTVs and core_a − core_b mapped by M (M is orthogonal);
//   scale by 2^k:        D' = 2^k·D (exact in doubles): squared values ×4^k, signed distances
//                        ×2^k (bit for bit: MPFR rounds 2^k·x exactly as x), vectors ×2^k;
//   permute the points:  the same sets: everything equal.
// Each on random-double, lattice, box, touching, flat and rotated-box pairs, some with radii. A
// failure prints the seed, the case as a JSON line, the transformation and what differs.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <random>
#include <sstream>

#include "brute_force3.hpp"  // case_json, same_direction only
#include "minkowski/reference/oracle3.hpp"

// This file's names, in a namespace of their own: the test command compiles the suite as
// one translation unit (cmake/PrecompiledHeaders.cmake, minkowski_unity).
namespace oracle3_metamorphic_test_cpp {

namespace oracle3_metamorphic {

using namespace minkowski::reference;
using Rng = std::mt19937_64;

constexpr std::uint64_t kSeed = 20261128;
constexpr int kMaxPrinted = 8;

std::string str(const RationalPoint3& p) {
  return "(" + to_string(p.x) + ", " + to_string(p.y) + ", " + to_string(p.z) + ")";
}
bool same_direction(const RationalPoint3& u, const RationalPoint3& v) {
  return brute3::same_direction(u, v);
}

/// A transformation of a pair and its known effect on the answer.
struct Transform {
  std::string name;
  std::function<void(Shape3&, Shape3&)> apply;               ///< transforms the pair in place
  std::function<RationalPoint3(const RationalPoint3&)> vec;  ///< effect on vectors (linear)
  Rational squared_factor = 1;                               ///< effect on squared values
  int log2_scale = 0;                                        ///< signed distance ×2^this
};

std::vector<RationalPoint3> cone_probes(const DirectionSet3& d) {
  std::vector<RationalPoint3> out;
  for (int x = -1; x <= 1; ++x)
    for (int y = -1; y <= 1; ++y)
      for (int z = -1; z <= 1; ++z)
        if (x || y || z) out.push_back({x, y, z});
  for (const RationalPoint3& g : d.generators) {
    out.push_back(g);
    out.push_back({-g.x, -g.y, -g.z});
  }
  return out;
}

/// Does set t equal the image under T.vec of set r?
bool same_set(const DirectionSet3& r, const DirectionSet3& t, const Transform& T) {
  using Kind = DirectionSet3::Kind;
  if (r.kind != t.kind) return false;
  if (r.kind == Kind::all) return true;
  if (r.generators.empty() || t.generators.empty()) return false;
  if (r.kind == Kind::ray) {
    if (!same_direction(t.generators[0], T.vec(r.generators[0]))) return false;
    if (r.mtv.has_value() != t.mtv.has_value()) return false;
    return !r.mtv || *t.mtv == T.vec(*r.mtv);
  }
  for (const RationalPoint3& v : cone_probes(r))
    if (t.contains(T.vec(v)) != r.contains(v)) return false;
  for (const RationalPoint3& g : r.generators)
    if (!t.contains(T.vec(g))) return false;
  return true;
}

/// What differs between t (the transformed pair's answer) and the image of r; empty if nothing.
std::string compare(const PairAnswer3& r, const PairAnswer3& t, const Transform& T) {
  std::ostringstream err;
  if (r.relation != t.relation)
    err << "relation " << to_string(r.relation) << " -> " << to_string(t.relation) << "\n";
  if (r.core_location != t.core_location)
    err << "core_location " << to_string(r.core_location) << " -> " << to_string(t.core_location)
        << "\n";
  if (r.core_squared * T.squared_factor != t.core_squared)
    err << "core_squared " << to_string(r.core_squared) << " -> " << to_string(t.core_squared)
        << "\n";
  if (r.squared.has_value() != t.squared.has_value() ||
      (r.squared && *r.squared * T.squared_factor != *t.squared))
    err << "squared differs\n";
  const Real scaled = T.log2_scale >= 0 ? r.signed_distance * Real(std::ldexp(1.0, T.log2_scale))
                                        : r.signed_distance / Real(std::ldexp(1.0, -T.log2_scale));
  if (scaled != t.signed_distance)
    err << "signed_distance " << to_decimal(r.signed_distance) << " -> "
        << to_decimal(t.signed_distance) << "\n";
  if (r.difference_dimension != t.difference_dimension ||
      r.difference_points != t.difference_points || r.difference_vertices != t.difference_vertices)
    err << "difference dimension/points/vertices " << r.difference_dimension << "/"
        << r.difference_points << "/" << r.difference_vertices << " -> " << t.difference_dimension
        << "/" << t.difference_points << "/" << t.difference_vertices << "\n";
  if (r.directions.size() != t.directions.size()) {
    err << "direction sets " << r.directions.size() << " -> " << t.directions.size() << "\n";
  } else {
    for (const DirectionSet3& d : r.directions) {
      int found = 0;
      for (const DirectionSet3& e : t.directions) found += same_set(d, e, T);
      if (found != 1)
        err << "direction set " << (d.generators.empty() ? "all" : str(d.generators[0]))
            << " matched " << found << " times\n";
    }
  }
  if (r.witness.has_value() != t.witness.has_value()) {
    err << "witness presence differs\n";
  } else if (r.witness) {
    const RationalPoint3 dr{r.witness->core_a.x - r.witness->core_b.x,
                            r.witness->core_a.y - r.witness->core_b.y,
                            r.witness->core_a.z - r.witness->core_b.z};
    const RationalPoint3 dt{t.witness->core_a.x - t.witness->core_b.x,
                            t.witness->core_a.y - t.witness->core_b.y,
                            t.witness->core_a.z - t.witness->core_b.z};
    if (!(T.vec(dr) == dt)) err << "core_a − core_b " << str(dr) << " -> " << str(dt) << "\n";
  }
  return err.str();
}

// ---- Pairs ---------------------------------------------------------------------------------

int pick(Rng& rng, int lo, int hi) {
  return lo + static_cast<int>(rng() % static_cast<std::uint64_t>(hi - lo + 1));
}
Shape3 lattice_shape(Rng& rng, int n, int range) {
  Shape3 s;
  for (int i = 0; i < n; ++i)
    s.points.push_back({double(pick(rng, -range, range)), double(pick(rng, -range, range)),
                        double(pick(rng, -range, range))});
  return s;
}
Shape3 lattice_box(Rng& rng) {
  int lo[3], hi[3];
  for (int k = 0; k < 3; ++k) {
    lo[k] = pick(rng, -3, 2);
    hi[k] = pick(rng, lo[k], 3);
  }
  Shape3 s;
  for (int i = 0; i < 8; ++i)
    s.points.push_back({double(i & 1 ? hi[0] : lo[0]), double(i & 2 ? hi[1] : lo[1]),
                        double(i & 4 ? hi[2] : lo[2])});
  return s;
}

/// A pair from one of six families (by i), with radii in one case of four; `dyadic` says
/// whether its coordinates are small dyadic numbers (translations by dyadic vectors are exact).
void make_pair(Rng& rng, int i, Shape3& a, Shape3& b, bool& dyadic) {
  std::uniform_real_distribution<double> unit(-1, 1);
  dyadic = true;
  switch (i % 6) {
    case 0:  // random doubles
      dyadic = false;
      a.points.clear();
      b.points.clear();
      for (int k = pick(rng, 1, 5); k > 0; --k)
        a.points.push_back({unit(rng), unit(rng), unit(rng)});
      {
        const double ox = 1.5 * unit(rng), oy = 1.5 * unit(rng), oz = 1.5 * unit(rng);
        for (int k = pick(rng, 1, 5); k > 0; --k)
          b.points.push_back({ox + unit(rng), oy + unit(rng), oz + unit(rng)});
      }
      break;
    case 1:
      a = lattice_shape(rng, pick(rng, 1, 5), 3);
      b = lattice_shape(rng, pick(rng, 1, 5), 3);
      break;
    case 2:
      a = lattice_box(rng);
      b = lattice_box(rng);
      break;
    case 3: {  // boxes shifted along x to touch: max_x(A) = min_x(B)
      a = lattice_box(rng);
      b = lattice_box(rng);
      const double shift = a.points[1].x - b.points[0].x;
      for (Point3& p : b.points) p.x += shift;
      break;
    }
    case 5: {  // a rotated box (faces planar up to rounding: Qhull's repaired path) and points
      dyadic = false;
      const double t1 = 3 * unit(rng), t2 = 3 * unit(rng);
      a.points.clear();
      b.points.clear();
      for (int k = 0; k < 8; ++k) {
        const double x = k & 1 ? 0.5 : -0.5, y = k & 2 ? 0.625 : -0.625, z = k & 4 ? 0.75 : -0.75;
        const double x1 = std::cos(t1) * x - std::sin(t1) * y,
                     y1 = std::sin(t1) * x + std::cos(t1) * y;
        a.points.push_back(
            {x1, std::cos(t2) * y1 - std::sin(t2) * z, std::sin(t2) * y1 + std::cos(t2) * z});
      }
      for (int k = pick(rng, 1, 3); k > 0; --k)
        b.points.push_back({unit(rng), unit(rng), unit(rng)});
      break;
    }
    default:  // flat: both in z = 0, or in z = 0 and z = 1
      a = lattice_shape(rng, pick(rng, 1, 4), 3);
      b = lattice_shape(rng, pick(rng, 1, 4), 3);
      for (Point3& p : a.points) p.z = 0;
      {
        const double z = rng() % 2 ? 0 : 1;
        for (Point3& p : b.points) p.z = z;
      }
  }
  a.radius = b.radius = 0;
  if (rng() % 4 == 0) {
    a.radius = 0.25 * pick(rng, 0, 4);
    b.radius = rng() % 2 ? 0.5 : unit(rng) * unit(rng);
    if (b.radius < 0) b.radius = -b.radius;
  }
}

bool exact_sum(double x, double t) { return Rational(x + t) == Rational(x) + Rational(t); }

std::vector<Transform> transforms(Rng& rng, bool dyadic) {
  std::vector<Transform> out;
  auto identity = [](const RationalPoint3& v) { return v; };
  out.push_back({"swap A and B", [](Shape3& a, Shape3& b) { std::swap(a, b); },
                 [](const RationalPoint3& v) {
                   return RationalPoint3{-v.x, -v.y, -v.z};
                 }});
  if (dyadic) {
    const Point3 t{std::ldexp(double(pick(rng, -999, 999)), -pick(rng, 0, 8)),
                   std::ldexp(double(pick(rng, -999, 999)), -pick(rng, 0, 8)),
                   std::ldexp(double(pick(rng, -999, 999)), -pick(rng, 0, 8))};
    std::ostringstream name;
    name << "translate by (" << t.x << ", " << t.y << ", " << t.z << ")";
    out.push_back({name.str(),
                   [t](Shape3& a, Shape3& b) {
                     for (Shape3* s : {&a, &b})
                       for (Point3& p : s->points) {
                         // Precondition of the relation D' = D: every sum exact.
                         if (!exact_sum(p.x, t.x) || !exact_sum(p.y, t.y) || !exact_sum(p.z, t.z))
                           throw std::logic_error("inexact translation");
                         p = {p.x + t.x, p.y + t.y, p.z + t.z};
                       }
                   },
                   identity});
  }
  {
    std::array<int, 3> perm{0, 1, 2};
    std::shuffle(perm.begin(), perm.end(), rng);
    const std::array<int, 3> sign{rng() % 2 ? -1 : 1, rng() % 2 ? -1 : 1, rng() % 2 ? -1 : 1};
    // (M v)_k = sign_k · v_{perm_k}
    std::ostringstream name;
    name << "axes: new k = " << sign[0] << "·old " << perm[0] << ", " << sign[1] << "·old "
         << perm[1] << ", " << sign[2] << "·old " << perm[2];
    auto map_d = [perm, sign](const Point3& p) {
      const double c[3] = {p.x, p.y, p.z};
      return Point3{sign[0] * c[perm[0]], sign[1] * c[perm[1]], sign[2] * c[perm[2]]};
    };
    out.push_back({name.str(),
                   [map_d](Shape3& a, Shape3& b) {
                     for (Shape3* s : {&a, &b})
                       for (Point3& p : s->points) p = map_d(p);
                   },
                   [perm, sign](const RationalPoint3& v) {
                     const Rational* c[3] = {&v.x, &v.y, &v.z};
                     return RationalPoint3{sign[0] * *c[perm[0]], sign[1] * *c[perm[1]],
                                           sign[2] * *c[perm[2]]};
                   }});
  }
  {
    const int k = pick(rng, -30, 30);
    const double s = std::ldexp(1.0, k);
    const Rational sr = Rational(s);
    out.push_back({"scale by 2^" + std::to_string(k),
                   [s](Shape3& a, Shape3& b) {
                     for (Shape3* sh : {&a, &b}) {
                       for (Point3& p : sh->points) p = {p.x * s, p.y * s, p.z * s};
                       sh->radius *= s;
                     }
                   },
                   [sr](const RationalPoint3& v) {
                     return RationalPoint3{v.x * sr, v.y * sr, v.z * sr};
                   },
                   sr * sr, k});
  }
  {
    const std::uint64_t shuffle_seed = rng();
    out.push_back({"permute the points",
                   [shuffle_seed](Shape3& a, Shape3& b) {
                     Rng r(shuffle_seed);
                     std::shuffle(a.points.begin(), a.points.end(), r);
                     std::shuffle(b.points.begin(), b.points.end(), r);
                   },
                   identity});
  }
  return out;
}

// Default: 300 pairs × 5 transformations (4 for random doubles and rotated boxes: no
// translation); with MINKOWSKI_LONG_TESTS 6,000 pairs.
TEST(Oracle3Metamorphic, TransformedPairsHaveTransformedAnswers) {
#ifdef MINKOWSKI_LONG_TESTS
  const int count = 6000;
#else
  const int count = 300;
#endif
  Rng rng(kSeed);
  int failures = 0, checks = 0;
  for (int i = 0; i < count; ++i) {
    Shape3 a, b;
    bool dyadic = false;
    make_pair(rng, i, a, b, dyadic);
    const PairAnswer3 r = query(a, b);
    for (const Transform& T : transforms(rng, dyadic)) {
      Shape3 ta = a, tb = b;
      T.apply(ta, tb);
      ++checks;
      std::string msg;
      try {
        msg = compare(r, query(ta, tb), T);
      } catch (const std::exception& x) {
        msg = std::string("query threw: ") + x.what();
      }
      if (!msg.empty() && ++failures <= kMaxPrinted)
        ADD_FAILURE() << "seed " << kSeed << ", pair " << i << ", " << T.name << ":\n"
                      << brute3::case_json(a, b) << "\n"
                      << msg;
    }
  }
  EXPECT_EQ(failures, 0) << "of " << checks << " transformed pairs";
}

}  // namespace oracle3_metamorphic

}  // namespace oracle3_metamorphic_test_cpp
