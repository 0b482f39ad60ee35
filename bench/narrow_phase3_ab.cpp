// A/B driver of the fast 3D narrow phase (issue 22; docs/performance.md, "2026-11-28: issue 22's
// manifold work"): the benchmark's populations (narrow_phase3_pairs.hpp) classified by our own
// penetration() instead of the exact oracle (so it builds in seconds from the headers alone and
// runs under callgrind without the oracle's setup), and four uses:
//   drv dump FILE [N]   contact_manifold (margins 0 and 0.05, both orders), sat_query,
//                       penetration, gjk_overlap and gjk_distance of N pairs (default 1,000) of
//                       every small population, written byte for byte: `cmp` of two builds'
//                       files says whether a change kept the answers bit for bit
//   drv time REPS POP.. CPU time per call (best of 5 passes over 1,024 pairs, REPS loops each)
//   drv cg POP [N]      one pass over N pairs (default 512), for
//                       valgrind --tool=callgrind --toggle-collect='run_man*' (or run_sat*, ...)
//   MODE=manifold|sat|penetration|distance|overlap selects the query of `time` and `cg`.
// The CMake target `narrow_phase3_ab` builds it against this tree; for an A/B, build it by hand
// against each header tree under test, e.g.
//   g++ -std=c++20 -O2 -g1 -DNDEBUG -I fast/include -I bench bench/narrow_phase3_ab.cpp -o drv
// and for an A/B the same with -I pointing at the other tree (git archive <rev> fast/include).
// Run old and new alternated (the host's speed moves by tens of percent within minutes).
#include <chrono>
#include <ctime>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>
#include "minkowski/fast/gjk3.hpp"
#include "minkowski/fast/manifold3.hpp"
#include "minkowski/fast/penetration3.hpp"
#include "minkowski/fast/sat3.hpp"
#include "minkowski/fast/shape3.hpp"
#include "narrow_phase3_pairs.hpp"
// CPU time of this process (the host is shared: real time stretches with the load).
static double cpu_ns() {
  timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return t.tv_sec * 1e9 + t.tv_nsec;
}
using namespace minkowski;
using namespace minkowski::bench3;
using S = fast::ConvexShape3<double>;
struct P {
  S a, b;
};
static S build(const Shape3Spec& s) {
  auto r = fast::make_shape3<double>(std::span<const P3>(s.points), s.radius);
  if (!r) {
    std::fprintf(stderr, "build failed\n");
    std::abort();
  }
  return std::move(r.shape);
}
// classify by our own penetration (approximate, for the driver only)
static std::vector<P> pop(Population3 p, std::size_t n, std::uint64_t salt = 0) {
  std::mt19937_64 rng(seed_of(p) + salt);
  std::vector<P> out;
  bool nc = p == Population3::poly12_near_contact || p == Population3::poly8to32_near_contact;
  std::size_t pos = 0, neg = 0;
  for (int guard = 0; out.size() < n && guard < 2000000; ++guard) {
    auto sp = draw_pair(p, rng);
    P q{build(sp.a), build(sp.b)};
    auto r = fast::penetration<double>(q.a, q.b);
    double sd = r.intersects ? -r.depth : r.distance;
    if (!accepts(p, sd)) continue;
    if (nc) {
      if (sd > 0) {
        if (pos >= n / 2) continue;
        ++pos;
      } else {
        if (neg >= n - n / 2) continue;
        ++neg;
      }
    }
    out.push_back(std::move(q));
  }
  return out;
}
static Population3 byname(const char* s) {
  for (auto p : kPopulations3)
    if (!std::strcmp(name(p), s)) return p;
  std::fprintf(stderr, "pop?\n");
  std::exit(2);
}
static std::string mode() {
  const char* m = std::getenv("MODE");
  return m ? m : "manifold";
}
volatile double sink;
__attribute__((noinline)) double run_man(const std::vector<P>& v, int reps) {
  double s = 0;
  for (int r = 0; r < reps; ++r)
    for (auto& q : v) {
      auto m = fast::contact_manifold<double>(q.a, q.b, 0.0);
      s += m.point_count + m.normal.x;
    }
  return s;
}
__attribute__((noinline)) double run_sat(const std::vector<P>& v, int reps) {
  double s = 0;
  for (int r = 0; r < reps; ++r)
    for (auto& q : v) {
      auto m = fast::sat_query<double>(q.a, q.b);
      s += m.separation;
    }
  return s;
}
__attribute__((noinline)) double run_pen(const std::vector<P>& v, int reps) {
  double s = 0;
  for (int r = 0; r < reps; ++r)
    for (auto& q : v) {
      auto m = fast::penetration<double>(q.a, q.b);
      s += m.depth + m.distance;
    }
  return s;
}
__attribute__((noinline)) double run_dist(const std::vector<P>& v, int reps) {
  double s = 0;
  for (int r = 0; r < reps; ++r)
    for (auto& q : v) {
      auto m = fast::gjk_distance<double>(q.a, q.b);
      s += m.distance;
    }
  return s;
}
__attribute__((noinline)) double run_ov(const std::vector<P>& v, int reps) {
  double s = 0;
  for (int r = 0; r < reps; ++r)
    for (auto& q : v) {
      s += fast::gjk_overlap<double>(q.a, q.b);
    }
  return s;
}
static double run(const std::vector<P>& v, int reps) {
  if (mode() == "overlap") return run_ov(v, reps);
  auto m = mode();
  if (m == "sat") return run_sat(v, reps);
  if (m == "penetration") return run_pen(v, reps);
  if (m == "distance") return run_dist(v, reps);
  return run_man(v, reps);
}
template <class X>
static void put(FILE* f, const X& x) {
  std::fwrite(&x, sizeof x, 1, f);
}
int main(int argc, char** argv) {
  if (argc < 2) return 2;
  std::string cmd = argv[1];
  if (cmd == "dump") {  // all small populations, N pairs each, several salts; floats and doubles
    FILE* f = std::fopen(argv[2], "wb");
    std::size_t n = argc > 3 ? std::atoi(argv[3]) : 1000;
    for (auto p : kPopulations3) {
      if (is_large(p)) continue;
      auto v = pop(p, n, 77);
      for (auto& q : v) {
        for (int sw = 0; sw < 2; ++sw) {
          const S& a = sw ? q.b : q.a;
          const S& b = sw ? q.a : q.b;
          auto m = fast::contact_manifold<double>(a, b, sw ? 0.05 : 0.0);
          put(f, m.point_count);
          put(f, m.kind);
          put(f, m.reference_face);
          put(f, m.normal);
          for (int i = 0; i < m.point_count; ++i) {
            auto& c = m.points[i];
            put(f, c.point_a);
            put(f, c.point_b);
            put(f, c.separation);
            put(f, c.id.type_a);
            put(f, c.id.type_b);
            put(f, c.id.index_a);
            put(f, c.id.index_b);
          }
          auto s = fast::sat_query<double>(a, b);
          put(f, s.intersects);
          put(f, s.separation);
          put(f, s.normal);
          put(f, s.axis);
          put(f, s.index_a);
          put(f, s.index_b);
          auto pe = fast::penetration<double>(a, b);
          put(f, pe.intersects);
          put(f, pe.depth);
          put(f, pe.distance);
          put(f, pe.normal);
          bool ov = fast::gjk_overlap<double>(a, b);
          put(f, ov);
          auto g = fast::gjk_distance<double>(a, b);
          put(f, g.distance);
          put(f, g.point_a);
          put(f, g.point_b);
          put(f, g.normal);
        }
      }
    }
    std::fclose(f);
    return 0;
  }
  if (cmd == "time") {  // drv time REPS pop...
    int reps = std::atoi(argv[2]);
    for (int i = 3; i < argc; ++i) {
      auto v = pop(byname(argv[i]), 1024);
      run(v, 1);
      double best = 1e30;
      for (int k = 0; k < 5; ++k) {
        double t0 = cpu_ns();
        sink = run(v, reps);
        double ns = (cpu_ns() - t0) / (reps * v.size());
        if (ns < best) best = ns;
      }
      std::printf("%s %s %.1f\n", mode().c_str(), argv[i], best);
    }
    return 0;
  }
  if (cmd == "cg") {  // drv cg pop [n]
    std::size_t n = argc > 3 ? std::atoi(argv[3]) : 512;
    auto v = pop(byname(argv[2]), n);
    sink = run(v, 1);
    return 0;
  }
  return 2;
}
