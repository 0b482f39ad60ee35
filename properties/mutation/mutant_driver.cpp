// Runs a short campaign of one fast algorithm against the exact reference and says whether the
// tolerance model was violated. Compiled once per mutant of fast/ (mutation_test.sh), with the
// mutated headers ahead of the real ones on the include path; fast_adapters.cpp is the only
// translation unit that includes the algorithm headers, so it is compiled alongside.
//   mutant_driver ALGORITHM SECONDS [ROUNDS] -> exit 0 when a violation is found ("killed in
//   round R"), 1 if not.
// Round r runs 50·2^r cases per family with seed kDefaultSeed + r + 1, until SECONDS or ROUNDS.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "minkowski/properties/campaign.hpp"

int main(int argc, char** argv) {
  using namespace minkowski::properties;
  if (argc != 3 && argc != 4) {
    std::fprintf(stderr, "usage: mutant_driver ALGORITHM SECONDS [ROUNDS]\n");
    return 2;
  }
  const auto alg = algorithm_from_string(argv[1]);
  if (!alg) return 2;
  const double budget = std::atof(argv[2]);
  const int rounds = argc == 4 ? std::atoi(argv[3]) : 1 << 30;
  const auto t0 = std::chrono::steady_clock::now();
  // Growing campaigns until a violation shows or the time budget is spent.
  for (std::uint64_t cases = 50, seed = 1;; cases *= 2, ++seed) {
    if (static_cast<int>(seed) > rounds) {
      std::printf("survived %d rounds\n", rounds);
      return 1;
    }
    CampaignOptions opt;
    opt.algorithms = {*alg};
    opt.cases_per_family = cases;
    opt.seed = kDefaultSeed + seed;
    const CampaignResult r = run_campaign(opt);
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (!r.violations.empty()) {
      std::printf("killed in round %d after %.1f s (%llu cases): %s — %s\n", static_cast<int>(seed),
                  secs, static_cast<unsigned long long>(r.cases),
                  r.violations.front().generated.c.id.c_str(), r.violations.front().what.c_str());
      return 0;
    }
    if (secs > budget) {
      std::printf("survived %.1f s (%llu cases in the last round)\n", secs,
                  static_cast<unsigned long long>(r.cases));
      return 1;
    }
  }
}
