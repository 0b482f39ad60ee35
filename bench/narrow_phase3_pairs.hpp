#pragma once
// Geometry of the 3D side-by-side benchmark (minkowski_bench's 3D rows, the instruction-count
// driver and alloc_check): seeded random pairs of 3D shapes, as plain data that every engine
// turns into its own shapes. Standard library and vec3.hpp only, so that alloc_check (built in
// the test command's `ci` tree) can use it without the oracle; the classification of the pairs by
// the exact oracle lives in narrow_phase3_suite.{hpp,cpp}.
//
// Shapes (Shape3Spec): a polytope (its points; all of them are vertices of their hull up to the
// rounding of the coordinates: they lie on a sphere), a box (centre, half extents, rotation; the
// 8 corners for the engines that take points), a capsule (segment p0–p1 and a radius).
//
// Populations (the middle part of a row's name <query>/<population>/<engine>):
//   poly12_separated     12 vs 12 points on unit spheres, centres 2.2–3 apart (the oracle's
//                        benchmark family random12_separated: the peer figures)
//   poly12_overlapping   the same, centres at most 0.5 apart (family random12_overlapping)
//   poly12_near_contact  the same, centres 1–2.1 apart, kept when |signed distance| <= kBand,
//                        half of them with sd > 0 and half with sd <= 0
//   poly8to32_*          8–32 points each (uniform, independently), same three classes, the
//                        overlapping class with centres up to 1.2 apart
//   box_separated        rotated boxes, half extents 0.25–1, centres 0–3 apart, sd > kBand
//   box_overlapping      the same, sd < −kBand
//   capsule_separated    capsules (segment 0.5–2 long, radius 0.1–0.5, random axis), sd > kBand
//   capsule_overlapping  the same, sd < −kBand
//   poly256, poly1024    n points on unit spheres, centres 0–3 apart: a separated/overlapping
//                        mix, not classified (the large-polytope support rows)
// The classes are decided by the exact signed distance (narrow_phase3_suite.cpp); draw_pair()
// only draws the geometry from the class's distribution.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "minkowski/fast/vec3.hpp"

namespace minkowski::bench3 {

using P3 = fast::Vec3<double>;
using Mat3 = std::array<std::array<double, 3>, 3>;  // rows

enum class Population3 {
  poly12_separated,
  poly12_overlapping,
  poly12_near_contact,
  poly8to32_separated,
  poly8to32_overlapping,
  poly8to32_near_contact,
  box_separated,
  box_overlapping,
  capsule_separated,
  capsule_overlapping,
  poly256,
  poly1024,
};
inline constexpr std::array<Population3, 12> kPopulations3 = {Population3::poly12_separated,
                                                              Population3::poly12_overlapping,
                                                              Population3::poly12_near_contact,
                                                              Population3::poly8to32_separated,
                                                              Population3::poly8to32_overlapping,
                                                              Population3::poly8to32_near_contact,
                                                              Population3::box_separated,
                                                              Population3::box_overlapping,
                                                              Population3::capsule_separated,
                                                              Population3::capsule_overlapping,
                                                              Population3::poly256,
                                                              Population3::poly1024};

inline const char* name(Population3 p) {
  constexpr const char* kNames[] = {"poly12_separated",
                                    "poly12_overlapping",
                                    "poly12_near_contact",
                                    "poly8to32_separated",
                                    "poly8to32_overlapping",
                                    "poly8to32_near_contact",
                                    "box_separated",
                                    "box_overlapping",
                                    "capsule_separated",
                                    "capsule_overlapping",
                                    "poly256",
                                    "poly1024"};
  return kNames[static_cast<int>(p)];
}

inline bool is_large(Population3 p) {
  return p == Population3::poly256 || p == Population3::poly1024;
}
inline bool is_capsule(Population3 p) {
  return p == Population3::capsule_separated || p == Population3::capsule_overlapping;
}
inline bool is_box(Population3 p) {
  return p == Population3::box_separated || p == Population3::box_overlapping;
}
/// Separated or near-contact (some separated pairs): the distance query's populations.
inline bool has_separated(Population3 p) {
  return p != Population3::poly12_overlapping && p != Population3::poly8to32_overlapping &&
         p != Population3::box_overlapping && p != Population3::capsule_overlapping;
}
/// Overlapping or near-contact: the penetration and manifold queries' populations.
inline bool has_overlapping(Population3 p) {
  return !is_large(p) && p != Population3::poly12_separated &&
         p != Population3::poly8to32_separated && p != Population3::box_separated &&
         p != Population3::capsule_separated;
}

/// Width of the near-contact band and margin of the separated/overlapping classes: 5% of the
/// shapes' size (~1), as the 2D populations (narrow_phase_pairs.hpp, kContactBand).
inline constexpr double kBand = 0.05;

/// Whether signed distance sd belongs to population p (near contact: the caller balances the
/// signs). Large populations accept everything.
inline bool accepts(Population3 p, double sd) {
  switch (p) {
    case Population3::poly12_separated:
    case Population3::poly8to32_separated:
    case Population3::box_separated:
    case Population3::capsule_separated:
      return sd > kBand;
    case Population3::poly12_overlapping:
    case Population3::poly8to32_overlapping:
    case Population3::box_overlapping:
    case Population3::capsule_overlapping:
      return sd < -kBand;
    case Population3::poly12_near_contact:
    case Population3::poly8to32_near_contact:
      return std::abs(sd) <= kBand;
    case Population3::poly256:
    case Population3::poly1024:
      return true;
  }
  return false;
}

struct Shape3Spec {
  enum class Kind { polytope, box, capsule };
  Kind kind = Kind::polytope;
  std::vector<P3> points;  ///< polytope: its points; box: its 8 corners; capsule: p0, p1
  double radius = 0;       ///< capsule radius (0 otherwise)
  P3 centre{};             ///< box / capsule centre (polytope: the sphere's centre)
  P3 half{};               ///< box half extents; capsule: (0, 0, half length)
  Mat3 rotation{{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};  ///< box / capsule: local → world (columns
                                                     ///< are the local axes; capsule axis = z)
};

struct PairSpec3 {
  Shape3Spec a, b;
  double sd = NAN;  ///< exact signed distance rounded to double (NaN: not classified)
};

namespace detail {

using Rng = std::mt19937_64;

inline double uniform(Rng& rng, double lo, double hi) {
  return std::uniform_real_distribution<double>(lo, hi)(rng);
}

/// A uniformly random unit vector (normalized Gaussian; bounded retries).
inline P3 unit(Rng& rng) {
  std::normal_distribution<double> g;
  for (int tries = 0; tries < 64; ++tries) {
    const P3 v{g(rng), g(rng), g(rng)};
    const double n = fast::length(v);
    if (n > 1e-3) return (1 / n) * v;
  }
  return {1, 0, 0};
}

/// A uniformly random rotation (unit quaternion from a normalized 4D Gaussian).
inline Mat3 rotation(Rng& rng) {
  std::normal_distribution<double> g;
  double q[4] = {1, 0, 0, 0};
  for (int tries = 0; tries < 64; ++tries) {
    double n2 = 0;
    for (double& v : q) {
      v = g(rng);
      n2 += v * v;
    }
    if (n2 > 1e-6) {
      for (double& v : q) v /= std::sqrt(n2);
      break;
    }
  }
  const double w = q[0], x = q[1], y = q[2], z = q[3];
  return {{{1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)},
           {2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)},
           {2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)}}};
}

inline P3 apply(const Mat3& r, P3 v) {
  return {r[0][0] * v.x + r[0][1] * v.y + r[0][2] * v.z,
          r[1][0] * v.x + r[1][1] * v.y + r[1][2] * v.z,
          r[2][0] * v.x + r[2][1] * v.y + r[2][2] * v.z};
}

inline Shape3Spec polytope(Rng& rng, int n, P3 c) {
  Shape3Spec s;
  s.centre = c;
  for (int i = 0; i < n; ++i) s.points.push_back(c + unit(rng));
  return s;
}

/// A box: centre c, half extents h, rotation r (local → world).
inline Shape3Spec make_box(P3 c, P3 h, const Mat3& r) {
  Shape3Spec s;
  s.kind = Shape3Spec::Kind::box;
  s.centre = c;
  s.half = h;
  s.rotation = r;
  for (int i = 0; i < 8; ++i)
    s.points.push_back(
        c + apply(r, {(i & 1) ? h.x : -h.x, (i & 2) ? h.y : -h.y, (i & 4) ? h.z : -h.z}));
  return s;
}

/// A capsule: centre c, axis r's third column, half length hl, radius rad.
inline Shape3Spec make_capsule(P3 c, const Mat3& r, double hl, double rad) {
  Shape3Spec s;
  s.kind = Shape3Spec::Kind::capsule;
  s.centre = c;
  s.half = {0, 0, hl};
  s.radius = rad;
  s.rotation = r;
  const P3 axis = apply(r, {0, 0, hl});
  s.points = {c - axis, c + axis};
  return s;
}

inline Shape3Spec box(Rng& rng, P3 c) {
  const P3 h{uniform(rng, 0.25, 1), uniform(rng, 0.25, 1), uniform(rng, 0.25, 1)};
  return make_box(c, h, rotation(rng));
}

inline Shape3Spec capsule(Rng& rng, P3 c) {
  const double hl = uniform(rng, 0.25, 1), rad = uniform(rng, 0.1, 0.5);
  return make_capsule(c, rotation(rng), hl, rad);
}

}  // namespace detail

/// One pair drawn from population p's distribution (not yet classified: sd = NaN).
inline PairSpec3 draw_pair(Population3 p, std::mt19937_64& rng) {
  using namespace detail;
  const P3 ca{uniform(rng, -1, 1), uniform(rng, -1, 1), uniform(rng, -1, 1)};
  const P3 u = unit(rng);
  auto dist = [&](double lo, double hi) { return ca + uniform(rng, lo, hi) * u; };
  auto count8to32 = [&] { return std::uniform_int_distribution<int>(8, 32)(rng); };
  PairSpec3 out;
  switch (p) {
    case Population3::poly12_separated:
    case Population3::poly12_overlapping:
    case Population3::poly12_near_contact: {
      const P3 cb = p == Population3::poly12_separated     ? dist(2.2, 3.0)
                    : p == Population3::poly12_overlapping ? dist(0.0, 0.5)
                                                           : dist(1.0, 2.1);
      out.a = polytope(rng, 12, ca);
      out.b = polytope(rng, 12, cb);
      break;
    }
    case Population3::poly8to32_separated:
    case Population3::poly8to32_overlapping:
    case Population3::poly8to32_near_contact: {
      const P3 cb = p == Population3::poly8to32_separated     ? dist(2.0, 3.0)
                    : p == Population3::poly8to32_overlapping ? dist(0.0, 1.2)
                                                              : dist(1.0, 2.1);
      const int na = count8to32(), nb = count8to32();
      out.a = polytope(rng, na, ca);
      out.b = polytope(rng, nb, cb);
      break;
    }
    case Population3::box_separated:
    case Population3::box_overlapping: {
      const P3 cb = dist(0.0, 3.0);
      out.a = box(rng, ca);
      out.b = box(rng, cb);
      break;
    }
    case Population3::capsule_separated:
    case Population3::capsule_overlapping: {
      const P3 cb = dist(0.0, 2.5);
      out.a = capsule(rng, ca);
      out.b = capsule(rng, cb);
      break;
    }
    case Population3::poly256:
    case Population3::poly1024: {
      const int n = p == Population3::poly256 ? 256 : 1024;
      const P3 cb = dist(0.0, 3.0);
      out.a = polytope(rng, n, ca);
      out.b = polytope(rng, n, cb);
      break;
    }
  }
  return out;
}

/// Pairs per population: a power of two (the timing loops cycle with an index mask).
inline std::size_t pair_count(Population3 p) {
  return p == Population3::poly256 ? 128 : p == Population3::poly1024 ? 32 : 1024;
}

inline std::uint64_t seed_of(Population3 p) { return 20261127u + 7919u * static_cast<int>(p); }

/// `count` pairs of population p drawn without classification (alloc_check): the distribution is
/// the population's, the classes are not enforced.
inline std::vector<PairSpec3> draw_unclassified(Population3 p, std::size_t count) {
  std::mt19937_64 rng(seed_of(p));
  std::vector<PairSpec3> out;
  for (std::size_t i = 0; i < count; ++i) out.push_back(draw_pair(p, rng));
  return out;
}

}  // namespace minkowski::bench3
