// Runs a short campaign of one fast algorithm against the exact reference and says whether the
// tolerance model was violated. Compiled once with the real headers (mutation_test.sh); each
// mutant of fast/ recompiles only the adapter that includes its header — fast_adapters.cpp for a
// 2D algorithm, fast_adapters3.cpp for a 3D one — with the mutated headers ahead of the real ones
// on the include path, and links it in place of the library's copy.
//   mutant_driver DIM ALGORITHM SECONDS [ROUNDS] -> exit 0 when a violation is found ("killed in
//   round R"), 1 if not, 2 on bad arguments.
// DIM is 2 or 3 (the campaign of that dimension, run_campaign<DIM>: its families, its judge, its
// bounds). Round r runs 50·2^(r−1) cases per family with seed kDefaultSeed + r, in both
// precisions, until SECONDS of campaign time have passed or ROUNDS are done.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "minkowski/properties/campaign.hpp"
#include "minkowski/properties/dimension.hpp"

namespace {

using namespace minkowski::properties;

template <int D>
int drive(const char* name, double budget, int rounds) {
  const auto alg = Dim<D>::algorithm_from_string(name);
  if (!alg) {
    std::fprintf(stderr, "mutant_driver: no %dD algorithm '%s'\n", D, name);
    return 2;
  }
  const auto t0 = std::chrono::steady_clock::now();
  // Growing campaigns until a violation shows or the time budget is spent.
  for (std::uint64_t cases = 50, round = 1;; cases *= 2, ++round) {
    if (static_cast<int>(round) > rounds) {
      std::printf("survived %d rounds\n", rounds);
      return 1;
    }
    CampaignOptionsT<D> opt;
    opt.algorithms = {*alg};
    opt.cases_per_family = cases;
    opt.seed = kDefaultSeed + round;
    const CampaignResultT<D> r = run_campaign<D>(opt);
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (!r.violations.empty()) {
      const ViolationT<D>& v = r.violations.front();
      std::printf("killed in round %d after %.1f s (%llu cases): %s/%llu (%s) — %s\n",
                  static_cast<int>(round), secs, static_cast<unsigned long long>(r.cases),
                  v.generated.family.c_str(), static_cast<unsigned long long>(v.index),
                  to_string(v.precision), v.what.c_str());
      return 0;
    }
    if (secs > budget) {
      std::printf("survived %.1f s (%llu cases in the last round)\n", secs,
                  static_cast<unsigned long long>(r.cases));
      return 1;
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4 && argc != 5) {
    std::fprintf(stderr, "usage: mutant_driver DIM ALGORITHM SECONDS [ROUNDS]\n");
    return 2;
  }
  const std::string dim = argv[1];
  const double budget = std::atof(argv[3]);
  const int rounds = argc == 5 ? std::atoi(argv[4]) : 1 << 30;
  if (dim == "2") return drive<2>(argv[2], budget, rounds);
  if (dim == "3") return drive<3>(argv[2], budget, rounds);
  std::fprintf(stderr, "mutant_driver: DIM must be 2 or 3, not '%s'\n", argv[1]);
  return 2;
}
