// Cross-checks: the Qhull-certified hull, the exact monotone chain and the rational boundary walk
// must produce the same vertex sequence on every point set; the staged orientation predicate
// must agree with pure rationals on every triple. Seeded, so a failure reproduces; the failing
// set is printed in full.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <sstream>

#include "minkowski/reference/hull.hpp"

// This file's names, in a namespace of their own: the test command compiles the suite as
// one translation unit (cmake/PrecompiledHeaders.cmake, minkowski_unity).
namespace hull_crosscheck_test_cpp {

namespace {

using namespace minkowski::reference;

struct Family {
  const char* name;
  int count;
};

/// Minkowski-difference-like exact points: a_i − b_j of two double sets, so lo parts are nonzero.
std::vector<ExactPoint> differences(const std::vector<std::pair<double, double>>& a,
                                    const std::vector<std::pair<double, double>>& b) {
  std::vector<ExactPoint> out;
  for (auto [ax, ay] : a)
    for (auto [bx, by] : b) out.push_back({exact_difference(ax, bx), exact_difference(ay, by)});
  return out;
}

std::vector<std::pair<double, double>> regular(int n, double cx, double cy, double r,
                                               double phase) {
  std::vector<std::pair<double, double>> v;
  for (int k = 0; k < n; ++k) {
    const double t = phase + 2 * M_PI * k / n;
    v.emplace_back(cx + r * std::cos(t), cy + r * std::sin(t));
  }
  return v;
}

std::vector<ExactPoint> make_set(const std::string& family, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> unit(-1, 1);
  std::uniform_int_distribution<int> small(1, 8);
  auto cloud = [&](int n, double scale, double off) {
    std::vector<std::pair<double, double>> v;
    for (int i = 0; i < n; ++i) v.emplace_back(off + scale * unit(rng), off + scale * unit(rng));
    return v;
  };
  if (family == "random") return differences(cloud(small(rng), 1, 0), cloud(small(rng), 1, 0));
  if (family == "collinear") {
    // Points on one line y = m x + c through exact multiples, plus a rounded copy.
    std::vector<std::pair<double, double>> a, b;
    const double m = std::ldexp(std::floor(unit(rng) * 64), -5);
    for (int i = 0; i < small(rng); ++i) {
      const double x = std::floor(unit(rng) * 1000);
      a.emplace_back(x, m * x);
    }
    b.emplace_back(0.0, 0.0);
    if (rng() % 2) b.emplace_back(0.25, m * 0.25);
    return differences(a, b);
  }
  if (family == "duplicates") {
    std::vector<std::pair<double, double>> a = cloud(small(rng), 1, 0);
    const std::size_t n = a.size();
    for (std::size_t i = 0; i < n; ++i) a.push_back(a[i]);
    std::vector<std::pair<double, double>> b = {{0.0, 0.0}};
    if (rng() % 2) b = a;  // a − a: many coincident points (the origin n times)
    return differences(a, b);
  }
  if (family == "near_parallel") {
    // Same-phase regular octagons: D's edges are parallel up to rounding (docs/exactness.md).
    const double phase = unit(rng);
    return differences(regular(8, unit(rng), unit(rng), 1 + 0.5 * unit(rng), phase),
                       regular(8, unit(rng), unit(rng), 1 + 0.5 * unit(rng), phase));
  }
  if (family == "huge_tiny") {
    const int e = static_cast<int>(rng() % 2 ? 40 : -30);
    const double s = std::ldexp(1.0, e);
    std::vector<std::pair<double, double>> a = cloud(small(rng), s, rng() % 2 ? 1e6 : 0);
    std::vector<std::pair<double, double>> b = cloud(small(rng), s * (rng() % 2 ? 1 : 1e-20), 0);
    return differences(a, b);
  }
  if (family == "extreme_range") {
    // Outside the expansion domain: forces the rational stage.
    std::vector<std::pair<double, double>> a = cloud(small(rng), 1e300, 0);
    a.emplace_back(1e-310, -1e-310);
    return differences(a, {{0.0, 0.0}, {1e-305, 0.0}});
  }
  return {};
}

std::string dump(const std::vector<ExactPoint>& pts) {
  std::ostringstream os;
  os.precision(17);
  for (const ExactPoint& p : pts)
    os << "(" << p.x.hi << "+" << p.x.lo << ", " << p.y.hi << "+" << p.y.lo << ") ";
  return os.str();
}

std::vector<ExactPoint> coords(const std::vector<ExactPoint>& pts, const HullResult& h) {
  std::vector<ExactPoint> out;
  for (const std::uint32_t i : h.vertices) out.push_back(pts[i]);
  return out;
}

TEST(ReferenceHullCrossCheck, ThreeExactHullsAgreeOnTenThousandSets) {
  const Family families[] = {{"random", 3000},        {"collinear", 1500}, {"duplicates", 1500},
                             {"near_parallel", 2500}, {"huge_tiny", 1500}, {"extreme_range", 300}};
  int total = 0, disagreements = 0;
  HullStats stats;
  for (const Family& f : families) {
    std::mt19937_64 rng(20261122);
    HullStats fam;
    for (int i = 0; i < f.count; ++i, ++total) {
      const std::vector<ExactPoint> pts = make_set(f.name, rng);
      const auto q = coords(pts, hull_qhull_certified(pts, fam));
      StageCounts counts;
      const auto e = coords(pts, hull_exact(pts, counts));
      const auto w = coords(pts, hull_boundary_walk(pts));
      if (q != e || e != w) {
        ++disagreements;
        ADD_FAILURE() << f.name << " set " << i << ": qhull " << q.size() << ", chain " << e.size()
                      << ", walk " << w.size() << " vertices; points " << dump(pts);
      }
    }
    std::printf(
        "%-14s %5d sets  qhull certified %5llu  repaired %5llu  refused %5llu  exact-only %4llu\n",
        f.name, f.count, (unsigned long long)fam.by_source[0], (unsigned long long)fam.by_source[1],
        (unsigned long long)fam.by_source[2], (unsigned long long)fam.by_source[3]);
    stats += fam;
  }
  EXPECT_GE(total, 10000);
  EXPECT_EQ(disagreements, 0);
  // The near-parallel family is where Qhull drops bulging vertices (docs/exactness.md): the repair
  // path must actually have been exercised, or this test checks nothing about it.
  EXPECT_GT(stats.by_source[static_cast<int>(HullSource::qhull_repaired)], 0u);
  EXPECT_GT(stats.by_source[static_cast<int>(HullSource::qhull_refused)], 0u);
  EXPECT_GT(stats.stages.decided[static_cast<int>(Stage::expansion)], 0u);
  EXPECT_GT(stats.stages.decided[static_cast<int>(Stage::rational)], 0u);
}

TEST(ReferencePredicates, StagedOrientationEqualsRationalOnNearDegenerateTriples) {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> unit(-1, 1);
  StageCounts counts;
  int checked = 0;
  for (int i = 0; i < 200000; ++i) {
    // p, r on a line through q (exactly representable), then r nudged by a few ulps; coordinates
    // are TwoSum differences so lo parts matter.
    const double ox = unit(rng), oy = unit(rng);
    const double dx = unit(rng), dy = unit(rng);
    const double s = std::ldexp(1.0, static_cast<int>(rng() % 60) - 30);
    auto pt = [&](double t, int ulps) {
      double x = ox + t * dx, y = oy + t * dy;
      if (ulps > 2)
        y += std::ldexp(std::fabs(y) + 1.0, -12);
      else
        for (int k = 0; k < ulps; ++k) y = std::nextafter(y, 2.0);
      return ExactPoint{exact_difference(x * s, ox * 0.375), exact_difference(y * s, oy * 0.375)};
    };
    // Three in four triples are near-collinear (0–2 ulps off the line); one in four is in general
    // position (2^40 ulps off), which the filter alone should decide.
    const int ulps = i % 4 == 0 ? (1 << 20) : static_cast<int>(rng() % 3);
    const ExactPoint p = pt(0, 0), q = pt(0.5, 0), r = pt(1.0 + unit(rng), ulps);
    const int staged = orient_sign(p, q, r, true, counts);
    const int exact = orient_sign_rational(p, q, r);
    ASSERT_EQ(staged, exact) << "triple " << i << ": " << dump({p, q, r});
    ++checked;
  }
  // Dyadic points (lo = 0, exact hi differences): exactly collinear or one unit off the line —
  // the case the two-product shortcut of stage 2 handles.
  for (int i = 0; i < 50000; ++i) {
    auto ri = [&](int range) {
      return static_cast<double>(static_cast<long>(rng() % (2 * range)) - range);
    };
    const double sx = std::ldexp(1.0, static_cast<int>(rng() % 40) - 20);
    const double ax = ri(1 << 20), ay = ri(1 << 20), dx = ri(1 << 12), dy = ri(1 << 12);
    const double t1 = ri(64), t2 = ri(64),
                 off = static_cast<double>(static_cast<int>(rng() % 3) - 1);
    auto pt = [&](double x, double y) { return ExactPoint{{x * sx, 0}, {y * sx, 0}}; };
    const ExactPoint p = pt(ax, ay), q = pt(ax + t1 * dx, ay + t1 * dy),
                     r = pt(ax + t2 * dx + off, ay + t2 * dy);
    ASSERT_EQ(orient_sign(p, q, r, true, counts), orient_sign_rational(p, q, r))
        << "dyadic " << i << ": " << dump({p, q, r});
    ++checked;
  }
  EXPECT_EQ(checked, 250000);
  // Both stages must have been needed, or the test did not probe the filter's boundary.
  EXPECT_GT(counts.decided[static_cast<int>(Stage::filter)], 1000u);
  EXPECT_GT(counts.decided[static_cast<int>(Stage::expansion)], 1000u);
}

/// Outside the expansion domain (use_expansions = false) the filter runs with an absolute slack
/// for underflow before the rational stage: the staged sign must still equal the rational one,
/// at scales from the subnormal range (where products underflow) to near overflow (where they
/// become infinite), on near-collinear and general triples alike.
TEST(ReferencePredicates, FilteredOrientationOutsideTheExpansionDomainEqualsRational) {
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> unit(-1, 1);
  StageCounts counts;
  for (int i = 0; i < 60000; ++i) {
    // Four bands of exponents: subnormal coordinates; coordinates around 2^-537, whose products
    // (and the filter's bound) fall into the subnormal range, so that the filter's relative
    // bound alone would not cover the rounding of the differences; near 2^1000, where products
    // overflow; and between, where the filter decides.
    const int band = i % 4;
    const int e = band == 0   ? -1074 + static_cast<int>(rng() % 80)
                  : band == 1 ? -570 + static_cast<int>(rng() % 70)
                  : band == 2 ? 900 + static_cast<int>(rng() % 100)
                              : static_cast<int>(rng() % 1000) - 500;
    const double ox = unit(rng), oy = unit(rng), dx = unit(rng), dy = unit(rng);
    auto pt = [&](double t, int ulps) {
      double x = std::ldexp(ox + t * dx, e), y = std::ldexp(oy + t * dy, e);
      for (int k = 0; k < ulps; ++k) y = std::nextafter(y, 2.0 * std::fabs(y) + 1.0);
      return ExactPoint{{x, 0}, {y, 0}};
    };
    const int ulps = static_cast<int>(rng() % 3);
    const bool general = (i / 4) % 2 == 0;
    const ExactPoint p = pt(0, 0), q = pt(0.5, 0);
    const ExactPoint r = general ? ExactPoint{{std::ldexp(unit(rng), e), 0},
                                              {std::ldexp(unit(rng), e), 0}}  // off the line
                                 : pt(1.0 + unit(rng), ulps);  // on it, or a few ulps off
    ASSERT_EQ(orient_sign(p, q, r, false, counts), orient_sign_rational(p, q, r))
        << "triple " << i << " at 2^" << e << ": " << dump({p, q, r});
  }
  EXPECT_GT(counts.decided[static_cast<int>(Stage::filter)], 10000u);
  EXPECT_GT(counts.decided[static_cast<int>(Stage::rational)], 1000u);
}

}  // namespace

}  // namespace hull_crosscheck_test_cpp
