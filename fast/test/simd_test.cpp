// Tests of fast/simd.hpp: select_greater is the ternary a > b ? x : y, without a jump where SSE2 is
// used. Expected values are the ternary's, written out by hand.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "minkowski/fast/simd.hpp"

// This file's names, in a namespace of their own: the test command compiles the suite as
// one translation unit (cmake/PrecompiledHeaders.cmake, minkowski_unity).
namespace simd_test_cpp {

namespace {

using minkowski::fast::detail::select_greater;

template <class T>
class SelectGreaterTyped : public ::testing::Test {};
using Types = ::testing::Types<float, double>;
TYPED_TEST_SUITE(SelectGreaterTyped, Types);

TYPED_TEST(SelectGreaterTyped, PicksXOnlyWhenAIsGreater) {
  using T = TypeParam;
  const T x = T(3.5), y = T(-7.25);
  EXPECT_EQ(select_greater(T(1), T(0), x, y), x);
  EXPECT_EQ(select_greater(T(0), T(1), x, y), y);
  EXPECT_EQ(select_greater(T(2), T(2), x, y), y);  // equal: not greater
  EXPECT_EQ(select_greater(T(-1), T(-2), x, y), x);
  const T tiny = std::numeric_limits<T>::denorm_min();
  EXPECT_EQ(select_greater(tiny, T(0), x, y), x);
  EXPECT_EQ(select_greater(T(0), tiny, x, y), y);
}

TYPED_TEST(SelectGreaterTyped, SignedZerosAndNaNSelectY) {
  using T = TypeParam;
  const T x = T(1), y = T(2), nan = std::numeric_limits<T>::quiet_NaN();
  EXPECT_EQ(select_greater(T(0), T(-0.0), x, y), y);  // +0 > −0 is false
  EXPECT_EQ(select_greater(nan, T(0), x, y), y);
  EXPECT_EQ(select_greater(T(0), nan, x, y), y);
  EXPECT_EQ(select_greater(nan, nan, x, y), y);
  // The selected value is returned bit for bit, signed zero and NaN payload included.
  EXPECT_TRUE(std::signbit(select_greater(T(1), T(0), T(-0.0), T(0))));
  EXPECT_FALSE(std::signbit(select_greater(T(0), T(1), T(-0.0), T(0))));
  EXPECT_TRUE(std::isnan(select_greater(T(1), T(0), nan, T(0))));
  const T inf = std::numeric_limits<T>::infinity();
  EXPECT_EQ(select_greater(inf, T(1e30), x, y), x);
  EXPECT_EQ(select_greater(-inf, T(-1e30), x, y), y);
}

}  // namespace

}  // namespace simd_test_cpp
