// alloc_check — no allocation per query.
//
// Replaces the global operator new/delete (every form) with counting versions, builds shapes
// first (make_shape is the one call that allocates), then runs every query of minkowski::fast on
// many pairs, in float and double, while counting. Exits 1 if any query allocated (or if the
// counter fails its own positive control), 0 otherwise. Registered as the ctest test
// bench.alloc_check when MINKOWSKI_BUILD_TESTS is on.
//
// Families: the three populations of minkowski_bench (3–8-gons); rounded shapes (points, circles,
// segments, capsules, rounded polygons, radius 0 or > 0); overlapping polygons of up to 62
// vertices each (na + nb <= kEpaMaxVertices − 3: EPA's stack polytope never fills); 256- and
// 1024-gons (any size works for GJK, SAT and clipping: support needs no storage; EPA may stop at
// polytope_full instead of growing); EPA with a tiny capacity (8) to force polytope_full; warm
// caches; compound (concave) shapes.
//
// 3D (issue 22): the populations of minkowski_bench's 3D rows (narrow_phase3_pairs.hpp, drawn
// from each population's distribution without the oracle's classification, so that this check
// stays light): random polytopes of 12 and 8–32 vertices, rotated boxes, capsules, polytopes of
// 256 and 1,024 vertices; every 3D query (gjk_distance with each support method and warm
// caches, gjk_overlap, penetration, epa, sat_query cold and warm, contact_manifold with margins
// and a warm cache, support_index / support_point / support_difference), float and double.
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <random>
#include <string>
#include <vector>

#include "minkowski/fast/compound.hpp"
#include "minkowski/fast/epa.hpp"
#include "minkowski/fast/epa3.hpp"
#include "minkowski/fast/gjk.hpp"
#include "minkowski/fast/gjk3.hpp"
#include "minkowski/fast/manifold3.hpp"
#include "minkowski/fast/penetration3.hpp"
#include "minkowski/fast/sat3.hpp"
#include "minkowski/fast/shape3.hpp"
#include "minkowski/fast/support3.hpp"
#include "minkowski/properties/internal_vertices.hpp"
#include "minkowski/fast/manifold.hpp"
#include "minkowski/fast/sat.hpp"
#include "minkowski/fast/shape.hpp"
#include "minkowski/fast/support.hpp"
#include "narrow_phase3_pairs.hpp"
#include "narrow_phase_pairs.hpp"

// ---- counting allocator -------------------------------------------------------------------------

namespace {
std::atomic<bool> g_armed{false};
std::atomic<long> g_news{0};
std::atomic<long> g_deletes{0};

[[gnu::noinline]] void* counted_alloc(std::size_t n, std::size_t align = 0) {
  if (g_armed.load(std::memory_order_relaxed)) g_news.fetch_add(1, std::memory_order_relaxed);
  if (n == 0) n = 1;
  void* p = align > alignof(std::max_align_t)
                ? std::aligned_alloc(align, (n + align - 1) / align * align)
                : std::malloc(n);
  return p;
}
[[gnu::noinline]] void counted_free(void* p) {
  if (p != nullptr && g_armed.load(std::memory_order_relaxed))
    g_deletes.fetch_add(1, std::memory_order_relaxed);
  std::free(p);
}
}  // namespace

void* operator new(std::size_t n) {
  if (void* p = counted_alloc(n)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n) {
  if (void* p = counted_alloc(n)) return p;
  throw std::bad_alloc();
}
void* operator new(std::size_t n, const std::nothrow_t&) noexcept { return counted_alloc(n); }
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept { return counted_alloc(n); }
void* operator new(std::size_t n, std::align_val_t a) {
  if (void* p = counted_alloc(n, static_cast<std::size_t>(a))) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n, std::align_val_t a) {
  if (void* p = counted_alloc(n, static_cast<std::size_t>(a))) return p;
  throw std::bad_alloc();
}
void* operator new(std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
  return counted_alloc(n, static_cast<std::size_t>(a));
}
void* operator new[](std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
  return counted_alloc(n, static_cast<std::size_t>(a));
}
void operator delete(void* p) noexcept { counted_free(p); }
void operator delete[](void* p) noexcept { counted_free(p); }
void operator delete(void* p, std::size_t) noexcept { counted_free(p); }
void operator delete[](void* p, std::size_t) noexcept { counted_free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { counted_free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { counted_free(p); }
void operator delete(void* p, std::align_val_t) noexcept { counted_free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { counted_free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { counted_free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { counted_free(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { counted_free(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept {
  counted_free(p);
}

// ---- queries ------------------------------------------------------------------------------------

namespace {

using namespace minkowski;
using namespace minkowski::fast;
using bench::P2;

template <class R>
inline void escape(const R& r) {
  asm volatile("" : : "r"(&r) : "memory");
}

struct Source {  // one shape as points + radius, in double
  std::vector<P2> points;
  double radius = 0;
};
struct SourcePair {
  Source a, b;
};

int g_failures = 0;
long g_total_queries = 0;

/// Counts the allocations of `queries` runs of f; prints one line and records a failure.
template <class F>
void check(const std::string& what, long queries, F f) {
  g_news = 0;
  g_deletes = 0;
  g_armed = true;
  f();
  g_armed = false;
  const long news = g_news, deletes = g_deletes;
  g_total_queries += queries;
  std::printf("%-76s %5ld queries: %ld new, %ld delete%s\n", what.c_str(), queries, news, deletes,
              news + deletes ? "   <-- ALLOCATES" : "");
  if (news + deletes) ++g_failures;
}

template <class T>
ConvexShape<T> build(const Source& s) {
  std::vector<Vec2<T>> pts;
  for (P2 p : s.points) pts.push_back({static_cast<T>(p.x), static_cast<T>(p.y)});
  ShapeResult<T> r = make_shape<T>(pts, static_cast<T>(s.radius));
  if (!r) {
    std::fprintf(stderr, "alloc_check: make_shape failed: %s\n", r.message.c_str());
    std::exit(2);
  }
  return std::move(r.shape);
}

template <class T>
void run_family(const std::string& family, const std::vector<SourcePair>& src) {
  const std::string tag = std::string(sizeof(T) == 4 ? "float " : "double ") + family + ": ";
  std::vector<std::pair<ConvexShape<T>, ConvexShape<T>>> pairs;
  for (const SourcePair& s : src) pairs.emplace_back(build<T>(s.a), build<T>(s.b));
  const long n = static_cast<long>(pairs.size());
  auto each = [&](auto f) {
    for (const auto& [a, b] : pairs) f(a, b);
  };
  // Which exits the EPA checks reached (so the polytope paths are known to have run).
  int epa_ran = 0, epa_full = 0, tiny_full = 0;

  check(tag + "gjk_distance (automatic, linear, logarithmic)", 3 * n, [&] {
    each([](const auto& a, const auto& b) {
      for (auto m : {SupportMethod::automatic, SupportMethod::linear, SupportMethod::logarithmic}) {
        const auto g = gjk_distance(a, b, nullptr, GjkOptions{m});
        escape(g);
      }
    });
  });
  check(tag + "gjk_distance + gjk_overlap, warm GjkCache", 2 * n, [&] {
    each([](const auto& a, const auto& b) {
      GjkCache cache;
      const auto g = gjk_distance(a, b, &cache);
      escape(g);
      const bool o = gjk_overlap(a, b, &cache);
      escape(o);
    });
  });
  check(tag + "gjk_overlap", n, [&] {
    each([](const auto& a, const auto& b) {
      const bool o = gjk_overlap(a, b);
      escape(o);
    });
  });
  check(tag + "penetration (GJK + EPA, capacity kEpaMaxVertices)", n, [&] {
    each([&](const auto& a, const auto& b) {
      const auto p = penetration(a, b);
      escape(p);
      epa_ran += p.epa_status != EpaStatus::not_run;
      epa_full += p.epa_status == EpaStatus::polytope_full;
    });
  });
  check(tag + "gjk_distance + epa<T, 8> (tiny capacity: polytope_full)", n, [&] {
    each([&](const auto& a, const auto& b) {
      const GjkOutput<T> g = gjk_distance(a, b);
      const EpaOutput<T> e = epa<T, 8>(a, b, g);
      escape(e);
      tiny_full += e.status == EpaStatus::polytope_full;
    });
  });
  std::printf(
      "    (EPA ran on %d pairs, polytope_full with kEpaMaxVertices: %d, with capacity 8: %d)\n",
      epa_ran, epa_full, tiny_full);
  check(tag + "sat_query, sat_overlap (cold and warm SatCache)", 4 * n, [&] {
    each([](const auto& a, const auto& b) {
      const auto s = sat_query(a, b);
      escape(s);
      const bool o = sat_overlap(a, b);
      escape(o);
      SatCache cache;
      const auto s2 = sat_query(a, b, &cache);
      escape(s2);
      const bool o2 = sat_overlap(a, b, &cache);
      escape(o2);
    });
  });
  check(tag + "contact_manifold (margin 0, 0.02, warm SatCache)", 3 * n, [&] {
    each([](const auto& a, const auto& b) {
      const auto m0 = contact_manifold(a, b);
      escape(m0);
      SatCache cache;
      const auto m1 = contact_manifold(a, b, T(0.02), &cache);
      escape(m1);
      const auto m2 = contact_manifold(a, b, T(0.02), &cache);
      escape(m2);
    });
  });
  check(tag + "closest_internal_vertices", n, [&] {
    each([](const auto& a, const auto& b) {
      const auto m = properties::closest_internal_vertices(a, b);
      escape(m);
    });
  });
  check(tag + "support_index / support_point / support_difference", 3 * n, [&] {
    each([](const auto& a, const auto& b) {
      const Vec2<T> d{T(0.6), T(-0.8)};
      const std::size_t i = support_index(a, d);
      escape(i);
      const auto p = support_point(b, d);
      escape(p);
      const auto w = support_difference(a, b, d);
      escape(w);
    });
  });
}

}  // namespace

namespace {

Source polygon_source(const bench::Poly& p, double radius = 0) { return {p, radius}; }

std::vector<SourcePair> population_family(bench::Population pop) {
  std::vector<SourcePair> out;
  for (const bench::PolyPair& p : bench::make_population(pop, 256))
    out.push_back({polygon_source(p.a), polygon_source(p.b)});
  return out;
}

/// Points, circles, segments, capsules, polygons and rounded polygons, near each other.
std::vector<SourcePair> rounded_family() {
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> u(0, 1);
  auto shape = [&](double cx, double cy) {
    const int n = 1 + static_cast<int>(rng() % 8);
    Source s;
    for (const bench::XY& v : bench::random_convex(rng, n, cx, cy, 0.8))
      s.points.push_back({v.x, v.y});
    s.radius = rng() % 2 ? 0.0 : 0.3 * u(rng);
    if (n <= 2 && s.radius == 0 && rng() % 2) s.radius = 0.2;
    return s;
  };
  std::vector<SourcePair> out;
  for (int i = 0; i < 512; ++i) {
    const double cx = 4 * u(rng) - 2, cy = 4 * u(rng) - 2, ang = 2 * M_PI * u(rng),
                 rho = 2.5 * u(rng);
    out.push_back({shape(cx, cy), shape(cx + rho * std::cos(ang), cy + rho * std::sin(ang))});
  }
  return out;
}

/// Overlapping n-gons with na + nb <= kEpaMaxVertices − 3 (so up to 62 + 62 = 124).
std::vector<SourcePair> epa_family() {
  std::mt19937_64 rng(12);
  std::uniform_real_distribution<double> u(0, 1);
  constexpr int kMaxEach = static_cast<int>((kEpaMaxVertices - 3) / 2);
  std::vector<SourcePair> out;
  for (int i = 0; i < 256; ++i) {
    const int na = 3 + static_cast<int>(rng() % (kMaxEach - 2));
    const int nb = i % 4 == 0 ? kMaxEach : 3 + static_cast<int>(rng() % (kMaxEach - 2));
    Source a, b;
    for (const bench::XY& v : bench::random_convex(rng, na, 0, 0, 1))
      a.points.push_back({v.x, v.y});
    for (const bench::XY& v :
         bench::random_convex(rng, nb, 1.2 * u(rng) - 0.6, 1.2 * u(rng) - 0.6, 1))
      b.points.push_back({v.x, v.y});
    out.push_back({a, b});
  }
  return out;
}

std::vector<SourcePair> large_family(int n, std::size_t count) {
  std::vector<SourcePair> out;
  for (const bench::PolyPair& p : bench::make_large_pairs(n, count))
    out.push_back({polygon_source(p.a), polygon_source(p.b)});
  return out;
}

template <class T>
void run_compound() {
  const std::string tag = std::string(sizeof(T) == 4 ? "float " : "double ") + "compound: ";
  // A concave 10-pointed star and an L shape, against each other and against convex polygons.
  std::vector<Vec2<T>> star, ell;
  for (int k = 0; k < 20; ++k) {
    const double r = k % 2 ? 0.45 : 1.0, t = 2 * M_PI * k / 20;
    star.push_back({T(r * std::cos(t)), T(r * std::sin(t))});
  }
  for (auto [x, y] :
       {std::pair{0.0, 0.0}, {2.0, 0.0}, {2.0, 0.5}, {0.5, 0.5}, {0.5, 2.0}, {0.0, 2.0}})
    ell.push_back({T(x - 0.3), T(y - 0.3)});
  auto cs = make_compound<T>(star), cl = make_compound<T>(ell, T(0.05));
  if (!cs || !cl) {
    std::fprintf(stderr, "alloc_check: make_compound failed\n");
    std::exit(2);
  }
  std::vector<ConvexShape<T>> convex;
  for (const auto& pp : bench::make_population(bench::Population::near_contact, 64))
    convex.push_back(build<T>(polygon_source(pp.b)));
  const long n = static_cast<long>(convex.size());
  check(tag + "compound_overlap, compound_manifold (4 pairings)", 8 * n, [&] {
    for (const auto& s : convex) {
      const bool o1 = compound_overlap(cs.compound, s), o2 = compound_overlap(s, cl.compound);
      const bool o3 = compound_overlap(cs.compound, cl.compound);
      const bool o4 = compound_overlap(cl.compound, cs.compound);
      escape(o1), escape(o2), escape(o3), escape(o4);
      const auto m1 = compound_manifold(cs.compound, s, T(0.02));
      const auto m2 = compound_manifold(s, cl.compound, T(0.02));
      const auto m3 = compound_manifold(cs.compound, cl.compound, T(0.02));
      const auto m4 = compound_manifold(cl.compound, cs.compound);
      escape(m1), escape(m2), escape(m3), escape(m4);
    }
  });
}

// ---- 3D -----------------------------------------------------------------------------------------

template <class T>
ConvexShape3<T> build3(const bench3::Shape3Spec& s) {
  std::vector<Vec3<T>> pts;
  for (const bench3::P3& p : s.points)
    pts.push_back({static_cast<T>(p.x), static_cast<T>(p.y), static_cast<T>(p.z)});
  ShapeResult3<T> r = make_shape3<T>(std::span<const Vec3<T>>(pts), static_cast<T>(s.radius));
  if (!r) {
    std::fprintf(stderr, "alloc_check: make_shape3 failed: %s\n", r.message.c_str());
    std::exit(2);
  }
  return std::move(r.shape);
}

template <class T>
void run_family3(const std::string& family, const std::vector<bench3::PairSpec3>& src) {
  const std::string tag =
      std::string(sizeof(T) == 4 ? "float " : "double ") + "3D " + family + ": ";
  std::vector<std::pair<ConvexShape3<T>, ConvexShape3<T>>> pairs;
  for (const bench3::PairSpec3& s : src) pairs.emplace_back(build3<T>(s.a), build3<T>(s.b));
  const long n = static_cast<long>(pairs.size());
  auto each = [&](auto f) {
    for (const auto& [a, b] : pairs) f(a, b);
  };
  int overlapping = 0, epa_ran = 0, contacts = 0;
  check(tag + "gjk_distance (automatic, linear, logarithmic = climb)", 3 * n, [&] {
    each([&](const auto& a, const auto& b) {
      for (auto m : {SupportMethod::automatic, SupportMethod::linear, SupportMethod::logarithmic}) {
        const auto g = gjk_distance(a, b, nullptr, GjkOptions{m});
        escape(g);
        overlapping += m == SupportMethod::automatic && g.intersects;
      }
    });
  });
  check(tag + "gjk_distance + gjk_overlap, warm GjkCache3", 3 * n, [&] {
    each([](const auto& a, const auto& b) {
      GjkCache3 cache;
      const auto g = gjk_distance(a, b, &cache);
      escape(g);
      const auto g2 = gjk_distance(a, b, &cache);
      escape(g2);
      const bool o = gjk_overlap(a, b, &cache);
      escape(o);
    });
  });
  check(tag + "gjk_overlap", n, [&] {
    each([](const auto& a, const auto& b) {
      const bool o = gjk_overlap(a, b);
      escape(o);
    });
  });
  check(tag + "penetration (GJK + EPA), cold and warm GjkCache3", 2 * n, [&] {
    each([&](const auto& a, const auto& b) {
      const auto p = penetration(a, b);
      escape(p);
      epa_ran += p.epa_status != EpaStatus::not_run;
      GjkCache3 cache;
      const auto p2 = penetration(a, b, &cache);
      escape(p2);
    });
  });
  check(tag + "gjk_distance + epa", n, [&] {
    each([](const auto& a, const auto& b) {
      const GjkOutput3<T> g = gjk_distance(a, b);
      const EpaOutput3<T> e = epa(a, b, g);
      escape(e);
    });
  });
  check(tag + "sat_query (cold and warm SatCache3)", 2 * n, [&] {
    each([](const auto& a, const auto& b) {
      const auto s = sat_query(a, b);
      escape(s);
      SatCache3 cache;
      const auto s2 = sat_query(a, b, &cache);
      escape(s2);
    });
  });
  check(tag + "contact_manifold (margin 0, 0.02, warm SatCache3)", 3 * n, [&] {
    each([&](const auto& a, const auto& b) {
      const auto m0 = contact_manifold(a, b);
      escape(m0);
      contacts += m0.point_count;
      SatCache3 cache;
      const auto m1 = contact_manifold(a, b, T(0.02), &cache);
      escape(m1);
      const auto m2 = contact_manifold(a, b, T(0.02), &cache);
      escape(m2);
    });
  });
  check(tag + "support_index / support_point / support_difference", 5 * n, [&] {
    each([](const auto& a, const auto& b) {
      const Vec3<T> d{T(0.48), T(-0.6), T(0.64)};
      for (auto m : {SupportMethod::automatic, SupportMethod::linear, SupportMethod::logarithmic}) {
        const std::size_t i = support_index(a, d, m);
        escape(i);
      }
      const auto p = support_point(b, d);
      escape(p);
      const auto w = support_difference(a, b, d);
      escape(w);
    });
  });
  std::printf("    (%d of %ld pairs overlapping; EPA ran on %d; %d contacts at margin 0)\n",
              overlapping, n, epa_ran, contacts);
}

std::vector<std::pair<std::string, std::vector<bench3::PairSpec3>>> families3() {
  std::vector<std::pair<std::string, std::vector<bench3::PairSpec3>>> out;
  for (bench3::Population3 p : bench3::kPopulations3) {
    const std::size_t count = p == bench3::Population3::poly1024  ? 8
                              : p == bench3::Population3::poly256 ? 32
                                                                  : 128;
    out.emplace_back(bench3::name(p), bench3::draw_unclassified(p, count));
  }
  return out;
}

template <class T>
void run_all(const std::vector<std::pair<std::string, std::vector<SourcePair>>>& families) {
  for (const auto& [name, src] : families) run_family<T>(name, src);
  run_compound<T>();
  static const auto f3 = families3();
  for (const auto& [name, src] : f3) run_family3<T>(name, src);
}

}  // namespace

int main() {
  // Positive control: the counter must see an allocation made while armed.
  check("(control: one new[] + delete[] while counting)", 1, [] {
    int* p = new int[4];
    escape(p);
    delete[] p;
  });
  if (g_failures != 1) {
    std::fprintf(stderr, "alloc_check: the counting operator new did not see the control\n");
    return 1;
  }
  g_failures = 0;
  g_total_queries = 0;

  std::vector<std::pair<std::string, std::vector<SourcePair>>> families;
  for (bench::Population pop : bench::kPopulations)
    families.emplace_back(std::string(bench::name(pop)) + " 3-8-gons", population_family(pop));
  families.emplace_back("rounded 1-8 vertices", rounded_family());
  families.emplace_back("EPA 3-62-gons overlapping", epa_family());
  families.emplace_back("256-gons", large_family(256, 32));
  families.emplace_back("1024-gons", large_family(1024, 16));
  run_all<double>(families);
  run_all<float>(families);

  std::printf(
      "\nlimits: EPA polytope on the stack, capacity kEpaMaxVertices = %zu points "
      "(never full for na + nb <= %zu; beyond: exit polytope_full, still no allocation);\n"
      "        shapes up to kMaxShapePoints = %zu vertices (support search needs no storage)\n",
      kEpaMaxVertices, kEpaMaxVertices - 3, kMaxShapePoints);
  if (g_failures) {
    std::printf("FAIL: %d query kinds allocated\n", g_failures);
    return 1;
  }
  std::printf("OK: %ld queries, no allocation\n", g_total_queries);
  return 0;
}
