// The 3D form of mutant_driver.cpp: runs a short campaign of one fast 3D algorithm against the
// exact 3D reference and says whether the tolerance model was violated. Compiled once, with the
// real headers; each 3D mutant of fast/ recompiles only fast_adapters3.cpp (the one translation
// unit that includes the 3D algorithm headers) against its mutated headers
// (mutation_test.sh).
//   mutant_driver3 ALGORITHM SECONDS [ROUNDS] -> exit 0 when a violation is found ("killed"),
//   1 if not.
// Round r runs 50·2^r cases per 3D family with seed kDefaultSeed + r + 1, in both precisions,
// until SECONDS or ROUNDS.
//
// PROVISIONAL: the loop below generates, answers and judges the cases itself, in one thread, as
// the dimension-generic campaign (campaign.hpp, run_campaign for D = 3, branch camp3) will; when
// that campaign is merged this driver becomes the 2D driver's loop over CampaignOptionsT<3>.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "minkowski/properties/bounds.hpp"
#include "minkowski/properties/campaign.hpp"
#include "minkowski/properties/fast_adapters3.hpp"
#include "minkowski/properties/generators3.hpp"
#include "minkowski/properties/judge3.hpp"

namespace {

/// SplitMix64's finaliser: one case's seed from the round's seed, the family and the index.
std::uint64_t mix(std::uint64_t z) {
  z += 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

std::uint64_t salt(const std::string& s) {
  std::uint64_t h = 1469598103934665603ULL;  // FNV-1a
  for (unsigned char ch : s) h = (h ^ ch) * 1099511628211ULL;
  return h;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace minkowski;
  using namespace minkowski::properties;
  if (argc != 3 && argc != 4) {
    std::fprintf(stderr, "usage: mutant_driver3 ALGORITHM SECONDS [ROUNDS]\n");
    return 2;
  }
  const auto alg = algorithm3_from_string(argv[1]);
  if (!alg) {
    std::fprintf(stderr, "mutant_driver3: unknown 3D algorithm '%s'\n", argv[1]);
    return 2;
  }
  const double budget = std::atof(argv[2]);
  const int rounds = argc == 4 ? std::atoi(argv[3]) : 1 << 30;
  const auto t0 = std::chrono::steady_clock::now();
  auto seconds = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  };
  std::uint64_t total = 0;
  for (std::uint64_t cases = 50, round = 1;; cases *= 2, ++round) {
    if (static_cast<int>(round) > rounds) {
      std::printf("survived %d rounds (%llu cases)\n", rounds,
                  static_cast<unsigned long long>(total));
      return 1;
    }
    const std::uint64_t seed = kDefaultSeed + round;
    for (const std::string& family : family_names3()) {
      for (std::uint64_t i = 0; i < cases; ++i) {
        const rc::Random random(mix(seed ^ mix(salt(family) ^ mix(i))));
        const GeneratedCase3 g = gen3_family(family)(random, static_cast<int>(i % 101)).value();
        ++total;
        reference::PairAnswer3 exact;
        try {
          exact = exact_answer3(g.c, reference::Detail::magnitudes);
        } catch (const std::exception&) {
          continue;  // not a case the reference takes (as the campaign skips it)
        }
        for (const Precision p : {Precision::single, Precision::double_}) {
          const std::optional<FastAnswer3> f = p == Precision::single
                                                   ? run_fast3<float>(*alg, g.c, nullptr)
                                                   : run_fast3<double>(*alg, g.c, nullptr);
          if (!f) continue;
          const Verdict v = judge3(g.c, exact, *f, bounds3_for(*alg, p));
          if (!v.ok) {
            std::printf("killed in round %d after %.1f s (%llu cases): %s/%llu (%s) — %s\n",
                        static_cast<int>(round), seconds(), static_cast<unsigned long long>(total),
                        family.c_str(), static_cast<unsigned long long>(i), to_string(p),
                        v.summary().c_str());
            return 0;
          }
        }
        if (seconds() > budget) {
          std::printf("survived %.1f s (%llu cases)\n", seconds(),
                      static_cast<unsigned long long>(total));
          return 1;
        }
      }
    }
  }
}
