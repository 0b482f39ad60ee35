// fuzz/reference_hull_fuzz.cpp — the exact reference on arbitrary point sets (fuzz_bytes.hpp).
//
// Asserts, aborting (a libFuzzer finding) otherwise:
//   - an invalid shape is refused with reference::InputError by validate and by query;
//   - for valid shapes, the three hull constructions of the Minkowski difference points a_i − b_j
//     (exact TwoSum pairs, as the oracle forms them) give the same vertex sequence: Qhull proposed
//     and certified, the exact monotone chain, the rational gift-wrapping walk;
//   - query(a, b) gives a finite signed distance whose sign matches the relation (separated > 0,
//     touching = 0, overlapping < 0), and locate(a, p) for b's first point agrees with
//     query(a, {p, radius 0}) on the relation;
//   - the rounded signed distance (PreparedPair::signed_distance_after_translation_rounded,
//     certified with expansions) equals the exact one rounded to double, bit for bit (or is its
//     even neighbour: a tie the exact path's 257-bit value rounds the other way): at the origin,
//     at b's first point as a translation, and for that point against a alone.
#include <bit>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <tuple>
#include <vector>

#include "fuzz_bytes.hpp"
#include "minkowski/reference/hull.hpp"
#include "minkowski/reference/oracle.hpp"

namespace {

using namespace minkowski;

/// Points per shape: up to 32 × 32 = 1024 difference points, so the quadratic rational walk stays
/// within milliseconds per input.
constexpr std::size_t kMaxFuzzPoints = 32;

[[noreturn]] void fail(const fixtures::Case& c, const std::string& what) {
  fuzz::fail_with_case("reference_hull_fuzz", c, what);
}

std::vector<reference::ExactPoint> vertex_points(const std::vector<reference::ExactPoint>& pts,
                                                 const reference::HullResult& h) {
  std::vector<reference::ExactPoint> out;
  for (const std::uint32_t i : h.vertices) out.push_back(pts[i]);
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto decoded = fuzz::decode_case(data, size, kMaxFuzzPoints);
  if (!decoded) return 0;
  const fixtures::Case& c = *decoded;
  try {
    reference::validate(c.a, "shape a");
    reference::validate(c.b, "shape b");
  } catch (const reference::InputError&) {
    try {
      (void)reference::query(c.a, c.b);
    } catch (const reference::InputError&) {
      return 0;  // refused by both, as it must be
    }
    fail(c, "query answered a case validate refuses");
  }

  std::vector<reference::ExactPoint> d;
  for (const auto& p : c.a.points)
    for (const auto& q : c.b.points)
      d.push_back({reference::exact_difference(p.x, q.x), reference::exact_difference(p.y, q.y)});
  reference::HullStats stats;
  reference::StageCounts counts;
  const auto certified = vertex_points(d, reference::hull_qhull_certified(d, stats));
  const auto chain = vertex_points(d, reference::hull_exact(d, counts));
  const auto walk = vertex_points(d, reference::hull_boundary_walk(d));
  if (certified != chain || chain != walk)
    fail(c, "hulls disagree: certified " + std::to_string(certified.size()) + ", chain " +
                std::to_string(chain.size()) + ", walk " + std::to_string(walk.size()) +
                " vertices");

  const reference::PairAnswer ans = reference::query(c.a, c.b);
  if (!boost::multiprecision::isfinite(ans.signed_distance))
    fail(c, "signed distance is not finite");
  const int sign = ans.signed_distance > 0 ? 1 : ans.signed_distance < 0 ? -1 : 0;
  const int expected = ans.relation == reference::Relation::separated  ? 1
                       : ans.relation == reference::Relation::touching ? 0
                                                                       : -1;
  if (sign != expected)
    fail(c, std::string("relation ") + reference::to_string(ans.relation) +
                " but signed distance of sign " + std::to_string(sign));

  const reference::Point p = c.b.points.front();
  const reference::Relation where = reference::locate(c.a, p);
  const reference::PairAnswer point =
      reference::query(c.a, reference::Shape{{p}, 0}, reference::Detail::magnitudes);
  if (where != point.relation)
    fail(c, std::string("locate says ") + reference::to_string(where) + ", query says " +
                reference::to_string(point.relation));

  const reference::PreparedPair pair(c.a, c.b);
  const reference::PreparedPair a_alone = pair.a_against_point();
  for (const auto& [prepared, v, what] :
       {std::tuple{&pair, reference::Point{0, 0}, "pair at the origin"},
        std::tuple{&pair, p, "pair translated by b's first point"},
        std::tuple{&a_alone, p, "b's first point against a"}}) {
    const double rounded = prepared->signed_distance_after_translation_rounded(v);
    const double exact = static_cast<double>(prepared->signed_distance_after_translation(v));
    // The one allowed difference: an exact tie, which the rounded form settles to even while
    // the 257-bit exact value, inexact when the inputs span ~256 bits, may round the other way
    // (rounded_distance.hpp). Then the two are neighbours and the rounded one is even.
    const bool tie_to_even = std::nextafter(exact, rounded) == rounded &&
                             (std::bit_cast<std::uint64_t>(rounded) & 1u) == 0;
    if (std::bit_cast<std::uint64_t>(rounded) != std::bit_cast<std::uint64_t>(exact) &&
        !tie_to_even) {
      char values[96];
      std::snprintf(values, sizeof values, " is %.17g, the exact one rounds to %.17g", rounded,
                    exact);
      fail(c, std::string("rounded signed distance of the ") + what + values);
    }
  }
  return 0;
}
