// ab_timing — one header tree's fast/ queries and Box2D's on the benchmark's pairs, in one
// process, for A/B comparisons of two versions of fast/ (a change against its predecessor).
//
// Build it against each tree and run the two binaries alternately, pinned, several times (the
// host's speed drifts within minutes, and only same-sitting comparisons count):
//   g++ -std=c++20 -O2 -DNDEBUG -ffp-contract=off -DMINKOWSKI_HAVE_BOX2D
//       -I<tree>/fast/include -I<repo>/bench bench/ab_timing.cpp -o ab_<name> -lbox2d
//   (one command)
//   for i in 1 2 3; do taskset -c 1 ./ab_old 0; taskset -c 1 ./ab_new 0; done
// Argument: 0 = gjk_distance vs b2Distance, 1 = contact_manifold vs b2CollidePolygons. Prints, per
// population (separated, overlapping, near contact), ours / Box2D in ns per call and the ratio:
// the best of 7 trials of 100 passes over the 1024 pairs (narrow_phase_queries.hpp: the calls
// minkowski_bench times). CMake builds it against this tree (target ab_timing) so it keeps
// compiling; the comparisons are meant to be built by hand as above.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "narrow_phase_queries.hpp"

namespace {

using namespace minkowski::bench;

template <class P, class F>
double best_ns(const std::vector<P>& pairs, F f) {
  double best = 1e300;
  for (int trial = 0; trial < 7; ++trial) {
    const auto t0 = std::chrono::steady_clock::now();
    for (int pass = 0; pass < 100; ++pass)
      for (const P& p : pairs) {
        auto r = f(p);
        escape(r);
      }
    const std::chrono::duration<double, std::nano> dt = std::chrono::steady_clock::now() - t0;
    best = std::min(best, dt.count() / (100.0 * static_cast<double>(pairs.size())));
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  const int query = argc > 1 ? std::atoi(argv[1]) : 0;
  for (Population pop : kPopulations) {
    const std::vector<PolyPair> polys = make_population(pop, 1024);
    const std::vector<ShapePair> ours = to_shapes(polys);
    double o = 0, b = 0;
    if (query == 0)
      o = best_ns(ours, [](const ShapePair& p) { return ours_distance(p); });
    else
      o = best_ns(ours, [](const ShapePair& p) { return ours_manifold(p); });
#ifdef MINKOWSKI_HAVE_BOX2D
    const std::vector<Box2dPair> box = to_box2d(polys);
    if (query == 0)
      b = best_ns(box, [](const Box2dPair& p) { return box2d_distance(p); });
    else
      b = best_ns(box, [](const Box2dPair& p) { return box2d_manifold(p); });
#endif
    if (b > 0)
      std::printf("%6.1f / %6.1f = %.2f   ", o, b, o / b);
    else
      std::printf("%6.1f   ", o);
  }
  std::printf("\n");
  return 0;
}
