#pragma once
// minkowski/fast/simd.hpp — whether SSE2 intrinsics are used, and the branch-free select built
// on them.
//
// SSE2 is the x86-64 baseline. Every fast path that uses it (sat.hpp's face scan, select_greater
// below) gives bit-identical results to the portable code, which is used on other targets or when
// MINKOWSKI_FAST_NO_SIMD is defined.

#include <type_traits>

#if (defined(__SSE2__) || defined(_M_X64)) && !defined(MINKOWSKI_FAST_NO_SIMD)
#include <emmintrin.h>
#define MINKOWSKI_FAST_SSE2 1
#endif

namespace minkowski::fast::detail {

/// a > b ? x : y, without a branch for double where SSE2 is used; the same value as the ternary,
/// NaN included (an unordered comparison selects y). g++ -O2 compiles such a select of doubles to
/// a conditional jump, which mispredicts whenever the comparison is a coin toss: GJK's edge_cross
/// (gjk.hpp) picks the nearer end of a simplex edge this way, on the benchmark's near-contact
/// pairs about as often one way as the other (docs/performance.md). Both x and y are evaluated.
template <class T>
inline T select_greater(T a, T b, T x, T y) {
#ifdef MINKOWSKI_FAST_SSE2
  if constexpr (std::is_same_v<T, double>) {
    const __m128d m = _mm_cmpgt_sd(_mm_set_sd(a), _mm_set_sd(b));
    return _mm_cvtsd_f64(_mm_or_pd(_mm_and_pd(m, _mm_set_sd(x)), _mm_andnot_pd(m, _mm_set_sd(y))));
  }
#endif
  return a > b ? x : y;
}

}  // namespace minkowski::fast::detail
