// The 3D benchmark's populations (classified by the exact oracle), hulls and hand cases; the list
// of rows of the engines found at configure time. See narrow_phase3_suite.hpp.
#include "narrow_phase3_suite.hpp"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <map>
#include <mutex>

#include "minkowski/reference/oracle3.hpp"
#include "minkowski/reference/shape3.hpp"

namespace minkowski::bench3 {

namespace {

reference::Shape3 to_reference(const Shape3Spec& s) {
  reference::Shape3 r;
  for (const P3& p : s.points) r.points.push_back({p.x, p.y, p.z});
  r.radius = s.radius;
  return r;
}

/// The exact hull of a polytope's or box's points; the spec's points become the hull's vertices
/// (for a polytope: points the rounding pushed onto or inside the hull are dropped, so that every
/// engine gets exactly the same vertex set).
Hull3Data hull_of(Shape3Spec& s) {
  Hull3Data h;
  if (s.kind == Shape3Spec::Kind::capsule) return h;
  const reference::Hull3 exact = reference::shape_hull(to_reference(s));
  if (exact.dimension != 3) {
    std::fprintf(stderr, "minkowski_bench 3D: a generated polytope is flat (dimension %d)\n",
                 exact.dimension);
    std::abort();
  }
  std::map<std::uint32_t, std::uint32_t> index;
  for (std::uint32_t v : exact.vertices) {
    index[v] = static_cast<std::uint32_t>(h.vertices.size());
    h.vertices.push_back(s.points[v]);
  }
  for (const auto& f : exact.facets) {
    std::vector<std::uint32_t> face;
    for (std::uint32_t v : f) face.push_back(index.at(v));
    // Newell's normal of the loop (robust for any planar polygon), then the largest offset.
    P3 n{};
    for (std::size_t i = 0; i < face.size(); ++i) {
      const P3 p = h.vertices[face[i]], q = h.vertices[face[(i + 1) % face.size()]];
      n = n + P3{(p.y - q.y) * (p.z + q.z), (p.z - q.z) * (p.x + q.x), (p.x - q.x) * (p.y + q.y)};
    }
    n = (1 / fast::length(n)) * n;
    double offset = -INFINITY;
    for (std::uint32_t v : face) offset = std::max(offset, fast::dot(n, h.vertices[v]));
    h.faces.push_back(std::move(face));
    h.planes.push_back({n.x, n.y, n.z, offset});
  }
  if (s.kind == Shape3Spec::Kind::polytope) s.points = h.vertices;
  return h;
}

double exact_signed_distance(const Shape3Spec& a, const Shape3Spec& b) {
  try {
    const reference::PreparedPair3 pp(to_reference(a), to_reference(b));
    return pp.signed_distance_after_translation_rounded({0, 0, 0});
  } catch (const std::exception& e) {
    std::fprintf(stderr, "minkowski_bench 3D: the oracle refused a pair: %s\n", e.what());
    std::abort();
  }
}

Pair3 finish(PairSpec3 spec) {
  Pair3 p;
  p.hull_a = hull_of(spec.a);
  p.hull_b = hull_of(spec.b);
  p.spec = std::move(spec);
  return p;
}

std::vector<Pair3> build_population(Population3 pop) {
  const auto t0 = std::chrono::steady_clock::now();
  const std::size_t count = pair_count(pop);
  std::mt19937_64 rng(seed_of(pop));
  std::vector<Pair3> out;
  std::size_t pos = 0, neg = 0, drawn = 0;
  const bool near =
      pop == Population3::poly12_near_contact || pop == Population3::poly8to32_near_contact;
  while (out.size() < count) {
    ++drawn;
    Pair3 p = finish(draw_pair(pop, rng));
    if (!is_large(pop)) {
      p.spec.sd = exact_signed_distance(p.spec.a, p.spec.b);
      if (!accepts(pop, p.spec.sd)) continue;
      if (near) {  // half with sd > 0, half with sd <= 0
        std::size_t& half = p.spec.sd > 0 ? pos : neg;
        if (half >= count / 2) continue;
        ++half;
      }
    }
    out.push_back(std::move(p));
  }
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::fprintf(stderr, "minkowski_bench 3D: population %s: %zu pairs (%zu drawn) in %.1f s\n",
               name(pop), out.size(), drawn, s);
  return out;
}

// ---- hand cases ---------------------------------------------------------------------------------

/// A rotation by angle t about the unit axis u (Rodrigues).
Mat3 axis_angle(P3 u, double t) {
  const double c = std::cos(t), s = std::sin(t), k = 1 - c;
  return {{{c + u.x * u.x * k, u.x * u.y * k - u.z * s, u.x * u.z * k + u.y * s},
           {u.y * u.x * k + u.z * s, c + u.y * u.y * k, u.y * u.z * k - u.x * s},
           {u.z * u.x * k - u.y * s, u.z * u.y * k + u.x * s, c + u.z * u.z * k}}};
}
Mat3 multiply(const Mat3& a, const Mat3& b) {
  Mat3 r{};
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 3; ++k) r[i][j] += a[i][k] * b[k][j];
  return r;
}
constexpr Mat3 kIdentity{{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};

/// Two unit cubes (half extents 0.5): A centred at the origin, B at (x, 0.1, 0.2), the whole case
/// rotated by g. For x = 0.75 they overlap by 0.5 − (0.75 − 0.5) = 0.25 along x (the y and z
/// overlaps are 0.9 and 0.8, and an edge–edge axis of two aligned cubes is a face axis), so the
/// depth is 0.25 and the normal g·(1, 0, 0); B's face x = 0.25 clipped by A's face x = 0.5 gives
/// 4 contacts (y in [−0.4, 0.5], z in [−0.3, 0.5]). For x = 1.5 the gap is 1.5 − 1 = 0.5 along x
/// and the boxes' y and z ranges overlap, so the distance is 0.5 with normal g·(1, 0, 0).
HandCase3 cubes(const std::string& name, double x, const Mat3& g, bool as_box) {
  HandCase3 h;
  h.name = name;
  const P3 half{0.5, 0.5, 0.5};
  Shape3Spec a = detail::make_box({0, 0, 0}, half, g);
  Shape3Spec b = detail::make_box(detail::apply(g, {x, 0.1, 0.2}), half, g);
  if (!as_box) {
    a.kind = b.kind = Shape3Spec::Kind::polytope;
    a.centre = b.centre = {};
  }
  h.pair = finish({a, b, NAN});
  h.sd = x < 1 ? -0.25 : 0.5;
  h.normal = detail::apply(g, {1, 0, 0});
  h.contacts = x < 1 ? 4 : 0;
  return h;
}

/// Two capsules of radius 0.25 and half length 1: A along x at the origin, B along y centred at
/// (0, 0, z), the whole case rotated by g. The axes cross at core distance z (the closest points
/// are (0, 0, 0) and (0, 0, z), interior to both segments), so the signed distance is z − 0.5
/// with normal g·(0, 0, 1): −0.1 for z = 0.4 (one contact), 0.3 for z = 0.8.
HandCase3 capsules(const std::string& name, double z, const Mat3& g) {
  HandCase3 h;
  h.name = name;
  const Mat3 along_x = axis_angle({0, 1, 0}, M_PI / 2);   // local z → world x
  const Mat3 along_y = axis_angle({1, 0, 0}, -M_PI / 2);  // local z → world y
  h.pair = finish(
      {detail::make_capsule({0, 0, 0}, multiply(g, along_x), 1.0, 0.25),
       detail::make_capsule(detail::apply(g, {0, 0, z}), multiply(g, along_y), 1.0, 0.25), NAN});
  h.sd = z - 0.5;
  h.normal = detail::apply(g, {0, 0, 1});
  h.contacts = z < 0.5 ? 1 : 0;
  return h;
}

std::vector<HandCase3> build_hand_cases(Population3 p) {
  const Mat3 g = axis_angle((1 / std::sqrt(3.0)) * P3{1, 1, 1}, 0.5);
  std::vector<HandCase3> out;
  if (is_capsule(p)) {
    out.push_back(capsules("capsules crossing, overlap 0.1", 0.4, kIdentity));
    out.push_back(capsules("capsules crossing, gap 0.3", 0.8, kIdentity));
    out.push_back(capsules("capsules crossing, overlap 0.1, rotated", 0.4, g));
    out.push_back(capsules("capsules crossing, gap 0.3, rotated", 0.8, g));
  } else {
    const bool as_box = is_box(p);
    out.push_back(cubes("unit cubes, overlap 0.25 along x", 0.75, kIdentity, as_box));
    out.push_back(cubes("unit cubes, gap 0.5 along x", 1.5, kIdentity, as_box));
    out.push_back(cubes("unit cubes, overlap 0.25, rotated", 0.75, g, as_box));
    out.push_back(cubes("unit cubes, gap 0.5, rotated", 1.5, g, as_box));
  }
  return out;
}

}  // namespace

const std::vector<Pair3>& population3(Population3 p) {
  static std::mutex m;
  static std::map<Population3, std::vector<Pair3>> cache;
  std::lock_guard<std::mutex> lock(m);
  auto it = cache.find(p);
  if (it == cache.end()) it = cache.emplace(p, build_population(p)).first;
  return it->second;
}

const std::vector<HandCase3>& hand_cases3(Population3 p) {
  static std::mutex m;
  static std::map<int, std::vector<HandCase3>> cache;
  const int kind = is_capsule(p) ? 2 : is_box(p) ? 1 : 0;
  std::lock_guard<std::mutex> lock(m);
  auto it = cache.find(kind);
  if (it == cache.end()) it = cache.emplace(kind, build_hand_cases(p)).first;
  return it->second;
}

std::vector<KernelSpec3> all_kernel_specs3() {
  std::vector<KernelSpec3> specs;
  add_minkowski_kernels3(specs);
#ifdef MINKOWSKI_HAVE_BULLET
  add_bullet_kernels3(specs);
#endif
#ifdef MINKOWSKI_HAVE_LIBCCD
  add_libccd_kernels3(specs);
#endif
#ifdef MINKOWSKI_HAVE_FCL
  add_fcl_kernels3(specs);
#endif
#ifdef MINKOWSKI_HAVE_ODE
  add_ode_kernels3(specs);
#endif
  std::stable_sort(specs.begin(), specs.end(), [](const KernelSpec3& x, const KernelSpec3& y) {
    if (x.query != y.query) return x.query < y.query;
    return x.population < y.population;
  });
  return specs;
}

std::string engines3_context() {
  std::string s = "minkowski (double)";
#ifdef MINKOWSKI_HAVE_BULLET
  s += "; bullet 3.24 (double)";
#endif
#ifdef MINKOWSKI_HAVE_LIBCCD
  s += "; libccd 2.1 (double)";
#endif
#ifdef MINKOWSKI_HAVE_FCL
  s += "; fcl 0.7.0";
#endif
#ifdef MINKOWSKI_HAVE_ODE
  s += "; ode 0.16 (double)";
#endif
  return s;
}

}  // namespace minkowski::bench3
