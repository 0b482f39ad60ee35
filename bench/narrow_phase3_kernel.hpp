#pragma once
// make_kernel3: one row of the 3D benchmark from an engine's three functions —
//   prepare(const Pair3&) -> Prepared   build the engine's shapes (outside the timed loop)
//   call(Prepared&) -> R                the timed query; R a small result (escaped, not read)
//   interpret(const R&) -> Answer3      the answer in our conventions (outside the timed loop)
// Before timing it checks the engine on the hand cases of the population's shape kind
// (narrow_phase3_suite.cpp): a peer that answers another question (a margin left on, a sign
// convention misread, a shape built wrongly: hand_verdict() `wrong`) aborts the benchmark with a
// message; a peer that answers the question loosely (`inaccurate`: e.g. Bullet's EPA on two
// exactly aligned cubes) is reported on stderr and counted (hand_inexact). minkowski's own
// wrong answers, those of the informative rows (libccd_mpr, fcl_mpr: MPR's depth is not the
// minimum) and the engines' known defects (known_defect below) are reported and counted
// (hand_wrong) but do not abort, so that rows of unfinished code still run; bench/ratios.py
// leaves rows with hand_wrong > 0 out of the peers. Then it computes the row's counters over the population against the oracle:
//   hit       fraction of pairs reported intersecting
//   mismatch  pairs whose intersects contradicts the exact sign (|sd| > 1e-9 only)
//   max_err   distance: max |distance − sd| over sd > 0; penetration: max |depth + sd| over
//             sd < 0; manifold: max |deepest contact depth + sd| over sd < 0 (informative: a
//             clipped manifold need not keep the deepest point)
//   bad       pairs whose error (as max_err's) exceeds kHandTolerance
//   points    manifold: mean number of contacts
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "narrow_phase3_suite.hpp"

namespace minkowski::bench3 {

/// An engine's answer in our conventions.
struct Answer3 {
  bool intersects = false;
  double value = NAN;  ///< distance (>= 0), or depth (>= 0), or the deepest contact's depth
  P3 normal{};         ///< unit, from A towards B; zero when not reported
  int points = -1;     ///< manifold contacts (-1: not a manifold)
};

template <class R>
inline void escape3(const R& r) {
  asm volatile("" : : "r"(&r) : "memory");
}

/// Tolerance of the hand checks: libccd's EPA stops at epa_tolerance 1e-4 (CCD_INIT), Bullet's
/// GJK at GJK_ACCURARY 1e-4; every engine configured correctly is far inside 1e-3 on cubes and
/// capsules of size 1.
inline constexpr double kHandTolerance = 1e-3;

/// How well answer a answers hand case h under query q: `right` (within kHandTolerance),
/// `inaccurate` (the same question answered loosely: intersects right, value within 10% (+1e-3)
/// of the expected, normal within 60° of it), or `wrong` (another question: a misconfiguration).
/// `why` says what was answered and what was expected.
enum class HandVerdict { right, inaccurate, wrong };
inline HandVerdict hand_verdict(Query3 q, const HandCase3& h, const Answer3& a, std::string& why) {
  char buf[256];
  std::snprintf(buf, sizeof buf,
                "intersects %d value %.6g normal (%.4f, %.4f, %.4f) points %d; expected sd %.6g "
                "normal (%.4f, %.4f, %.4f)",
                a.intersects, a.value, a.normal.x, a.normal.y, a.normal.z, a.points, h.sd,
                h.normal.x, h.normal.y, h.normal.z);
  why = buf;
  const bool overlapping = h.sd < 0;
  if (a.intersects != overlapping) return HandVerdict::wrong;
  // The value and normal this query must give for this case (none: only `intersects` counts).
  bool check = false;
  switch (q) {
    case Query3::overlap:
      break;
    case Query3::distance:
    case Query3::support:
      check = !overlapping;
      break;
    case Query3::penetration:
      check = overlapping;
      break;
    case Query3::manifold:
      if (overlapping && a.points < 1) return HandVerdict::wrong;
      if (!overlapping && a.points != 0) return HandVerdict::wrong;
      check = overlapping;
      break;
  }
  if (!check) return HandVerdict::right;
  const double expected = std::abs(h.sd), err = std::abs(a.value - expected);
  const double n = fast::length(a.normal);
  const double cosine = n > 0 ? fast::dot(a.normal, h.normal) / n : 1.0;  // 1: not reported
  if (!(err <= 0.1 * expected + kHandTolerance) || !(cosine >= 0.5)) return HandVerdict::wrong;
  if (err > kHandTolerance || cosine < 1 - kHandTolerance) return HandVerdict::inaccurate;
  return HandVerdict::right;
}

/// Rows whose engine answers a hand case wrongly although it is configured as documented (the
/// same shapes pass its other queries' hand cases): a defect of the engine, reported (counter
/// hand_wrong, and bench/ratios.py then leaves the row out of the peers), not a reason to stop.
///   fcl_indep penetration on capsules: FCL 0.7's GST_INDEP capsule–capsule contact gives depth
///   0.277 along −x for the crossing capsules of depth 0.1 along +z (its distance is right).
inline bool known_defect(const std::string& engine, Query3 q, Population3 pop) {
  return engine == "fcl_indep" && q == Query3::penetration && is_capsule(pop);
}

template <class Prepare, class Call, class Interpret>
Kernel3 make_kernel3(const std::string& engine, Query3 q, Population3 pop, Prepare prepare,
                     Call call, Interpret interpret) {
  using Prepared = decltype(prepare(std::declval<const Pair3&>()));
  const bool ours = engine.rfind("minkowski", 0) == 0 || engine == "linear" || engine == "climb" ||
                    engine == "automatic";
  // libccd_mpr, fcl_mpr: MPR's depth is not the minimum; no peer, not required to pass.
  const bool informative = engine.find("_mpr") != std::string::npos;
  int hand_inexact = 0, hand_wrong = 0;
  for (const HandCase3& h : hand_cases3(pop)) {
    Prepared x = prepare(h.pair);
    const Answer3 a = interpret(call(x));
    std::string why;
    const HandVerdict v = hand_verdict(q, h, a, why);
    if (v == HandVerdict::right) continue;
    ++(v == HandVerdict::wrong ? hand_wrong : hand_inexact);
    std::fprintf(stderr, "minkowski_bench 3D: %s/%s/%s answers the hand case \"%s\" %s: %s\n",
                 name(q), name(pop), engine.c_str(), h.name.c_str(),
                 v == HandVerdict::wrong ? "WRONGLY" : "inaccurately", why.c_str());
    if (v == HandVerdict::wrong && !ours && !informative && !known_defect(engine, q, pop)) {
      std::fprintf(stderr, "minkowski_bench 3D: the engine is misconfigured; stopping\n");
      std::abort();
    }
  }
  const std::vector<Pair3>& pairs = population3(pop);
  auto prepared = std::make_shared<std::vector<Prepared>>();
  prepared->reserve(pairs.size());
  for (const Pair3& p : pairs) prepared->push_back(prepare(p));

  double hit = 0, mismatch = 0, max_err = 0, points = 0, bad = 0;
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const Answer3 a = interpret(call((*prepared)[i]));
    const double sd = pairs[i].spec.sd;
    hit += a.intersects;
    if (std::isnan(sd)) continue;
    if (std::abs(sd) > 1e-9) mismatch += a.intersects != (sd < 0);
    double err = 0;
    if ((q == Query3::distance || q == Query3::support) && sd > 0 && !a.intersects)
      err = std::abs(a.value - sd);
    if ((q == Query3::penetration || q == Query3::manifold) && sd < 0 && a.intersects)
      err = std::abs(a.value + sd);
    if (std::isnan(err)) err = INFINITY;  // no value where one was due
    max_err = std::max(max_err, err);
    bad += err > kHandTolerance;
    points += std::max(a.points, 0);
  }
  Kernel3 k;
  const double n = static_cast<double>(pairs.size());
  k.counters.push_back({"hit", hit / n});
  if (!std::isnan(pairs.front().spec.sd)) {
    k.counters.push_back({"mismatch", mismatch});
    if (q != Query3::overlap) {
      k.counters.push_back({"max_err", max_err});
      k.counters.push_back({"bad", bad});
    }
  }
  if (q == Query3::manifold) k.counters.push_back({"points", points / n});
  if (hand_inexact) k.counters.push_back({"hand_inexact", hand_inexact});
  if (hand_wrong) k.counters.push_back({"hand_wrong", hand_wrong});
  k.batch = static_cast<long>(pairs.size());
  k.run = [prepared, call](long calls) mutable {
    std::vector<Prepared>& v = *prepared;
    const std::size_t mask = v.size() - 1;
    for (long i = 0; i < calls; ++i) {
      const auto r = call(v[static_cast<std::size_t>(i) & mask]);
      escape3(r);
    }
  };
  return k;
}

/// Adds the row query/pop/engine for every population `pops` accepts.
template <class Accept, class Make>
void add_rows3(std::vector<KernelSpec3>& out, Query3 q, const std::string& engine, Accept accept,
               Make make) {
  for (Population3 pop : kPopulations3)
    if (accept(pop)) out.push_back({q, pop, engine, [=] { return make(pop); }});
}

}  // namespace minkowski::bench3
