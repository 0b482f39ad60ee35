// fuzz/reference_hull3_fuzz.cpp — the exact 3D hulls on arbitrary point sets.
//
// Bytes → two point sets A and B (fuzz_bytes.hpp's ByteReader: special values, small integers,
// any double), then the exact difference points a_i − b_j as the 3D oracle forms them. Layout:
// byte 0 and byte 1 give the point counts of A and B (count = byte % (kMaxFuzzPoints3 + 1), 0
// read as 1), then the x, y, z of A's points, then B's. A coordinate that is not finite or beyond
// the reference's coordinate limit (±2^1022, shape.hpp) makes the input uninteresting (skipped):
// such shapes are refused before any hull is built.
//
// Asserts, aborting (a libFuzzer finding) otherwise: hull3_qhull_certified (Qhull proposes, the
// certificate checks, hull3_exact repairs) equals hull3_exact, whatever the path; on at most
// kMaxBrute points both equal hull3_brute_force (rationals, no shared code). Neither may crash;
// neither prints (Qhull's messages are captured).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "fuzz_bytes.hpp"
#include "minkowski/reference/hull3.hpp"
#include "minkowski/reference/shape.hpp"

namespace {

using namespace minkowski;

/// Points per set: up to 12 × 12 = 144 difference points, the size of the 3D oracle's common
/// 12-vertex polytope pairs.
constexpr std::size_t kMaxFuzzPoints3 = 12;
/// The brute force is O(n^4) in rationals: only on small difference sets.
constexpr std::size_t kMaxBrute = 10;

[[noreturn]] void fail(const std::vector<reference::Point3>& a,
                       const std::vector<reference::Point3>& b, const std::string& what) {
  std::string json = "{\"a\": [";
  char buf[96];
  for (const auto* set : {&a, &b}) {
    for (std::size_t i = 0; i < set->size(); ++i) {
      std::snprintf(buf, sizeof buf, "%s[%.17g, %.17g, %.17g]", i ? ", " : "", (*set)[i].x,
                    (*set)[i].y, (*set)[i].z);
      json += buf;
    }
    json += set == &a ? "], \"b\": [" : "]}";
  }
  std::fprintf(stderr, "reference_hull3_fuzz: %s\ncase: %s\n", what.c_str(), json.c_str());
  std::abort();
}

std::string describe(const reference::Hull3& h) {
  std::string s = "dimension " + std::to_string(h.dimension) + ", " +
                  std::to_string(h.vertices.size()) + " vertices, " +
                  std::to_string(h.facets.size()) + " facets, source " + to_string(h.source);
  return s;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::ByteReader r(data, size);
  const auto na = r.byte(), nb = r.byte();
  if (!na || !nb) return 0;
  std::vector<reference::Point3> sets[2];
  const std::size_t counts[2] = {std::max<std::size_t>(1, *na % (kMaxFuzzPoints3 + 1)),
                                 std::max<std::size_t>(1, *nb % (kMaxFuzzPoints3 + 1))};
  for (int s = 0; s < 2; ++s)
    for (std::size_t i = 0; i < counts[s]; ++i) {
      double v[3];
      for (double& c : v) {
        const auto x = r.value();
        if (!x) return 0;
        if (!std::isfinite(*x) || std::fabs(*x) > reference::kMaxReferenceCoordinate) return 0;
        c = *x;
      }
      sets[s].push_back({v[0], v[1], v[2]});
    }
  std::vector<reference::ExactPoint3> d;
  for (const auto& p : sets[0])
    for (const auto& q : sets[1]) d.push_back(reference::exact_difference(p, q));

  reference::HullStats stats;
  reference::StageCounts counts3;
  reference::Hull3 certified = reference::hull3_qhull_certified(d, stats);
  const reference::Hull3 exact = reference::hull3_exact(d, counts3);
  if (certified.in_expansion_domain != exact.in_expansion_domain)
    fail(sets[0], sets[1], "the two hulls disagree on the expansion domain");
  const reference::HullSource source = certified.source;
  certified.source = exact.source;
  if (!(certified == exact))
    fail(sets[0], sets[1],
         "hulls disagree: certified (" + describe(certified) + " via " + to_string(source) +
             "), exact (" + describe(exact) + ")");
  if (d.size() <= kMaxBrute) {
    std::vector<reference::RationalPoint3> q;
    for (const auto& p : d) q.push_back(reference::to_rational(p));
    reference::Hull3 brute = reference::hull3_brute_force(q);
    brute.source = exact.source;
    brute.in_expansion_domain = exact.in_expansion_domain;
    if (!(brute == exact))
      fail(
          sets[0], sets[1],
          "hulls disagree: brute force (" + describe(brute) + "), exact (" + describe(exact) + ")");
  }
  return 0;
}
