// The reused Qhull context must propose exactly what a fresh qh_new_qhull-style run proposes,
// whatever the scale of the previous call (detroundoff's accumulated fields are restored).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "../src/qhull_proposer.hpp"

// This file's names, in a namespace of their own: the test command compiles the suite as
// one translation unit (cmake/PrecompiledHeaders.cmake, minkowski_unity).
namespace qhull_reuse_test_cpp {

namespace {

using minkowski::reference::detail::QhullProposer;

std::vector<double> cloud(std::mt19937_64& rng, int n, double scale) {
  std::uniform_real_distribution<double> u(-1, 1);
  std::vector<double> c;
  for (int i = 0; i < 2 * n; ++i) c.push_back(scale * u(rng));
  return c;
}

TEST(ReferenceQhullReuse, ReusedContextProposesWhatAFreshRunProposes) {
  std::mt19937_64 rng(11);
  QhullProposer reused, fresh;
  int compared = 0;
  for (int i = 0; i < 3000; ++i) {
    // Alternate wildly different scales so stale precision constants would show.
    const double scale = std::ldexp(1.0, static_cast<int>(rng() % 80) - 40);
    std::vector<double> a = cloud(rng, 3 + static_cast<int>(rng() % 30), scale), b = a;
    std::vector<int> ids_reused, ids_fresh;
    int code_r = 0, code_f = 0;
    std::string msg;
    const bool ok_r = reused.propose(a, ids_reused, code_r, msg);
    fresh.reset();
    const bool ok_f = fresh.propose(b, ids_fresh, code_f, msg);
    ASSERT_EQ(ok_r, ok_f) << "set " << i;
    ASSERT_EQ(code_r, code_f) << "set " << i;
    std::sort(ids_reused.begin(), ids_reused.end());
    std::sort(ids_fresh.begin(), ids_fresh.end());
    ASSERT_EQ(ids_reused, ids_fresh) << "set " << i << " scale " << scale;
    ++compared;
  }
  EXPECT_EQ(compared, 3000);
}

TEST(ReferenceQhullReuse, ErrorsAreCapturedAndTheContextRecovers) {
  QhullProposer q;
  std::vector<int> ids;
  int code = 0;
  std::string msg;
  std::vector<double> ok = {0, 0, 1, 0, 0, 1};
  ASSERT_TRUE(q.propose(ok, ids, code, msg));
  std::vector<double> flat = {0, 0, 1, 1, 2, 2, 3, 3};  // collinear: QH6154
  EXPECT_FALSE(q.propose(flat, ids, code, msg));
  EXPECT_NE(msg.find("QH6154"), std::string::npos) << msg;
  std::vector<double> same = {1, 1, 1, 1, 1, 1};  // coincident
  EXPECT_FALSE(q.propose(same, ids, code, msg));
  EXPECT_FALSE(msg.empty());
  ASSERT_TRUE(q.propose(ok, ids, code, msg));
  EXPECT_EQ(ids.size(), 3u);
}

}  // namespace

}  // namespace qhull_reuse_test_cpp
