#pragma once
// minkowski/fast/support.hpp — support mappings: the vertex of a shape farthest along a direction.
//
// The support function of a set S is h_S(d) = max over x in S of dot(x, d); a point reaching that
// maximum is a support point. GJK and EPA only ever touch a shape through its support points
// (Gilbert, Johnson & Keerthi, "A fast procedure for computing the distance between complex
// objects in three-dimensional space", IEEE J. Robotics and Automation 4(2), 1988).
//
// What this header answers
//   support_index_linear(v, n, d)  index of a vertex maximizing dot(v[i], d); O(n) scan.
//   support_index_log(v, n, d, m)  the same on a counter-clockwise strictly convex polygon, O(log n)
//                                  (m: the largest absolute coordinate, for the tie band).
//   support_index_climb(v, n, d, start, m)  the same by walking from a start vertex to the maximum:
//                                  O(distance walked), a few steps when `start` was the support
//                                  vertex of a nearby direction — as in GJK and EPA iterations.
//   support_index(shape, d)        picks the linear scan or the logarithmic search by size
//                                  (kSupportLinearMaxVertices).
//   support_point(shape, d)        the support point of the rounded shape (core vertex + radius).
//   support_difference(a, b, d)    a support point of the Minkowski difference of the cores,
//                                  A ⊖ B = {a - b}, with the two vertex indices it came from.
//
// Radius policy. GJK and EPA work on the cores (radius 0): for a rounded shape the support point is
// the core's support vertex plus r · d/|d|, so the radius only shifts h_S(d) by r|d| and never
// changes which core vertex is chosen. The radii ra + rb are therefore applied once, at the end of
// a query (distance − ra − rb, depth + ra + rb, witness points moved along the normal), as Box2D
// does (b2Distance with useRadii). This keeps every iteration free of square roots.
//
// Ties. Several vertices may maximize dot(v, d) (an edge perpendicular to d: a "plateau", or d =
// 0). Every function here returns one of them; which one is unspecified, and callers must not
// depend on it. In floating point the computed dot products are each within γ2·m·(|dx| + |dy|) of
// the exact ones (m the largest absolute coordinate), so two that differ by less than twice that
// may be in either order exactly: a computed local maximum need not be the exact one, and a walk
// that trusted it stopped at a vertex 21 below the maximum (detail::climb_through_ties). The
// logarithmic and climbing searches therefore compare values with a tie band (kClimbTieUlps,
// detail::climb_band): they step only on a rise larger than the band, walk through values within
// it, and return a vertex whose exact value is within the band of the maximum; among vertices
// that tie that way, the one of largest computed value. The linear scan returns the largest
// computed value, which is within the same band.
//
// None of these functions allocates or throws.

#include <cstddef>
#include <cstdint>
#include <limits>

#include "minkowski/fast/shape.hpp"
#include "minkowski/fast/vec2.hpp"

// Inlining control for the hot paths of GJK and EPA: left to itself, g++ keeps the support search
// and the simplex solver as calls, which costs GJK a large share of its time on small polygons
// (docs/performance.md). The O(log n) search is kept out of line so that the common small-polygon
// path stays compact. Unoptimized builds (no __OPTIMIZE__: the sanitized test builds at -O0) get
// plain `inline`: forcing the inlining there gains nothing and builds functions so large that
// fast3_tests and fast_tests took 1.8x the compile time (docs/performance.md).
#if (defined(__GNUC__) || defined(__clang__)) && defined(__OPTIMIZE__)
#define MINKOWSKI_FAST_INLINE [[gnu::always_inline]] inline
#define MINKOWSKI_FAST_NOINLINE [[gnu::noinline]]
#else
#define MINKOWSKI_FAST_INLINE inline
#define MINKOWSKI_FAST_NOINLINE
#endif

namespace minkowski::fast {

/// Index of a shape vertex. Shapes have at most kMaxShapePoints (2^20) vertices, so 32 bits
/// suffice.
using VertexIndex = std::uint32_t;

// Search choice and tie band (kSupportLinearMaxVertices, kSupportClimbBudget, kClimbTieUlps,
// kClimbTieSubnormals): tolerances.hpp.

/// Which support search a query uses.
enum class SupportMethod {
  automatic,    ///< inside GJK/EPA: hill climbing from the previous support vertex, at most
                ///< kSupportClimbBudget steps, then the logarithmic search; for one-off queries
                ///< (support_index) linear up to kSupportLinearMaxVertices, logarithmic above
  linear,       ///< always the O(n) scan
  logarithmic,  ///< always the O(log n) search (falls back to a comparison for 1 or 2 vertices)
};

/// Index of a vertex maximizing dot(v[i], d) over i < n, by a linear scan (first maximum wins).
/// Preconditions: n >= 1. Any point order is fine; the points need not be convex.
template <class T>
MINKOWSKI_FAST_INLINE std::size_t support_index_linear(const Vec2<T>* v, std::size_t n, Vec2<T> d) {
  std::size_t best = 0;
  T best_dot = dot(v[0], d);
  for (std::size_t i = 1; i < n; ++i) {
    const T h = dot(v[i], d);
    if (h > best_dot) {
      best_dot = h;
      best = i;
    }
  }
  return best;
}

// Derivation of the logarithmic search.
//
// Let f(i) = dot(v[i], d) on a strictly convex counter-clockwise polygon (n >= 3, d != 0), indices
// taken mod n, and rising(i) = f(i+1) > f(i). Going around the polygon the edge directions turn
// monotonically through one full turn, so the sign of dot(edge i, d) changes exactly twice: the
// cyclic sequence rising(0..n-1) is one run of true and one run of false. An edge perpendicular to
// d (a plateau, f(i+1) = f(i)) counts as not rising; strict convexity allows at most one at the top
// and one at the bottom. The maximizer is the unique m with rising(m-1) and not rising(m); at a top
// plateau m is its first vertex and m+1 ties with it.
//
// If m = 0 (rising(n-1) and not rising(0)) we are done. Otherwise m lies in [1, n-1] and the
// predicate P(c) = "c >= m" is decided from f(c), f(c+1) and f(0) alone:
//   rising(0):  0 starts a rising run;    c < m iff c rises and f(c) > f(0) (still climbing from 0),
//               so P(c) = !rising(c) || f(c) < f(0)  (c past the top, or on the last climb to f(0));
//   !rising(0): 0 starts a falling run;   c >= m iff c falls and f(c) > f(0) (descending towards
//               f(n) = f(0) from the top, rather than away from f(0) at the start),
//               so P(c) = !rising(c) && f(c) > f(0).
// P is false then true on [1, n-1] and P(n-1) holds, so a binary search for the first c with P(c)
// finds m with two dot products per halving.
//
// In floating point the computed f may break the monotone pattern only where true values differ
// by a few rounding errors, that is next to a (near) tie. The search then ends near the top, or,
// where such a comparison sent it the wrong way, anywhere: a final climb (detail::climb, normally
// two comparisons) walks from there to the top, comparing values with the tie band, so the
// answer's exact value is within the band of the maximum wherever the search ended.

namespace detail {

// The tie band of the support searches along d on a polygon whose largest absolute coordinate is
// m: kClimbTieUlps · u · m · (|dx| + |dy|) plus kClimbTieSubnormals spacings of the subnormal
// numbers (tolerances.hpp). Two computed values closer than this may be in either order exactly,
// so the searches neither step nor stop on such a comparison: they treat it as a tie and let the
// first value past it decide. 0 for exact number types (u = 0, no subnormals): then only equal
// values tie.
template <class T>
MINKOWSKI_FAST_INLINE T climb_band(Vec2<T> d, T m) {
  using std::abs;
  return T(kClimbTieUlps) * unit_roundoff<T>() * m * (abs(d.x) + abs(d.y)) +
         T(kClimbTieSubnormals) * std::numeric_limits<T>::denorm_min();
}

// Result of a bounded climb: the vertex reached and whether it is a local (hence the global)
// maximum, i.e. whether the walk ended before its budget did.
struct ClimbResult {
  std::size_t index;
  bool done;
};

// Walks from v[start] towards larger values of dot(v[i], d) until no neighbour is clearly larger,
// or until `budget` dot products after the first were spent (done = false). Neighbours whose
// computed values lie within `band` of the current one (climb_band) are walked through, and the
// first value past them that is not decides: a computed tie, or an order decided by less than the
// values' rounding, can be rounding's. Two cases from the fuzzer:
//   - a sliver's vertices 5.5e-48 apart on an edge nearly perpendicular to d (values 8.8e-62
//     apart, below the rounding of values of size 8e-43) tied, the walk stopped at the first, and
//     the vertex 7e-38 further along, larger by 1.1e-51, was never reached: GJK answered
//     "separated" for cores overlapping by 190 u·S (fixtures/found/fuzz-37f4487101ae823b.json);
//   - B's vertices (−15, −15 + 2u·16) and (−15 + 7e-15, −15 + 9e-15), truly 7e-15 apart along
//     d = (−21, 22), came out in the wrong order (values of size 330, rounding 6e-14), so the
//     first looked like a local maximum; the true one, (6, 6), lay on the far side of the second
//     with a value of 6 against −15, and GJK answered "apart by 0.526" for cores overlapping by
//     6e-16 (fixtures/found/fuzz-a28f64726348c9e7.json).
// The answer is the vertex of largest computed value among those that tie with the last one
// reached; its exact value is within the band of the maximum (the exact sequence is unimodal, and
// every step the walk takes is a true rise). Without ties a climb of m steps costs m + 1 or m + 2
// dot products after the first. Requires n >= 1 and start < n; every loop is bounded by the budget
// (and by n within one run of ties), so NaN directions cannot loop.
template <class T>
MINKOWSKI_FAST_NOINLINE ClimbResult climb_through_ties(const Vec2<T>* v, std::size_t n, Vec2<T> d,
                                                       T band, std::size_t start,
                                                       std::size_t budget) {
  using std::abs;
  std::size_t i = start;
  T h = dot(v[i], d);
  std::size_t best = i;  // largest computed value among the vertices tied with v[i]
  T best_h = h;
  std::size_t spent = 0;
  // The first vertex after i (forwards or backwards) whose value is not within the band of h, with
  // that value in hv; i itself if every vertex ties; n if the budget ran out first.
  auto first_different = [&](bool forwards, T& hv) -> std::size_t {
    std::size_t j = i;
    for (;;) {
      j = forwards ? (j + 1 == n ? 0 : j + 1) : (j == 0 ? n - 1 : j - 1);
      if (j == i) return i;
      if (spent++ >= budget) return n;
      hv = dot(v[j], d);
      if (!(abs(hv - h) <= band)) return j;  // NaN counts as different (and is no rise)
      if (hv > best_h) best = j, best_h = hv;
    }
  };
  T hj{};
  bool forwards = true;
  std::size_t j = first_different(true, hj);
  if (j == n) return {best, false};
  if (j == i || !(hj > h)) {  // not rising forwards: backwards, or stay
    forwards = false;
    j = first_different(false, hj);
    if (j == n) return {best, false};
    if (j == i || !(hj > h)) return {best, true};
  }
  for (;;) {  // h rises by more than the band at every step
    i = j;
    h = hj;
    best = j;
    best_h = hj;
    j = first_different(forwards, hj);
    if (j == n) return {best, false};
    if (j == i || !(hj > h)) return {best, true};
  }
}
// A tie met by the climb at v[i] (value h): its neighbour v[j] (value hj), one step forwards or
// backwards, lies within the band of h. The common tie is an exact one, GJK's search direction
// perpendicular to a polygon edge (a simplex edge of A ⊖ B is often an edge of A or of B): the top
// of the polygon is the plateau i, j. When the vertex past j and i's other neighbour both lie
// below h by more than the band, that is settled here with two dot products: the exact maximum is
// i or j (the exact sequence is unimodal), and the one of larger computed value is returned, as
// climb_through_ties returns it (it spends three dot products on it: the tie, the value past it,
// the other side, so the shortcut needs the same budget); anything else (a longer run of ties, a
// rise past the tie, two or fewer vertices, NaN) goes to climb_through_ties. Force-inlined: as an
// out-of-line call it costs GJK distance instructions on every query (bench/instructions.py).
template <class T>
MINKOWSKI_FAST_INLINE ClimbResult climb_tie(const Vec2<T>* v, std::size_t n, Vec2<T> d, T band,
                                            std::size_t i, T h, std::size_t j, T hj, bool forwards,
                                            std::size_t budget) {
  if (budget >= 3) {
    const std::size_t past = forwards ? (j + 1 == n ? 0 : j + 1) : (j == 0 ? n - 1 : j - 1);
    const std::size_t other = forwards ? (i == 0 ? n - 1 : i - 1) : (i + 1 == n ? 0 : i + 1);
    const T low = h - band;
    if (dot(v[past], d) < low && dot(v[other], d) < low) return {hj > h ? j : i, true};
  }
  return climb_through_ties(v, n, d, band, i, budget);
}
// climb's walk once the direction is known (forwards: increasing indices): j is the neighbour
// reached with the first rise (value hj), after 2 dot products of the budget. One loop per
// direction, so the step is not chosen anew at every vertex.
template <bool kForwards, class T>
MINKOWSKI_FAST_INLINE ClimbResult climb_run(const Vec2<T>* v, std::size_t n, Vec2<T> d, T band,
                                            std::size_t j, T hj, std::size_t budget) {
  for (std::size_t spent = 2; spent < budget; ++spent) {  // h rises by more than the band
    const std::size_t i = j;
    const T h = hj;
    j = kForwards ? (i + 1 == n ? 0 : i + 1) : (i == 0 ? n - 1 : i - 1);
    hj = dot(v[j], d);
    if (!(hj > h + band))
      return hj >= h - band ? climb_tie(v, n, d, band, i, h, j, hj, kForwards, budget - spent)
                            : ClimbResult{i, true};
  }
  return {j, false};
}
// The climb's common case: values rising by more than the band, no tie met. On the first tie it
// hands over to climb_tie from where it stands (ties are rare on general input: nearly collinear
// vertices or an edge exactly perpendicular to d), so the common case costs what the plain walk
// cost, plus one addition per step. band: climb_band(d, largest absolute coordinate).
template <class T>
MINKOWSKI_FAST_INLINE ClimbResult climb(const Vec2<T>* v, std::size_t n, Vec2<T> d, T band,
                                        std::size_t start, std::size_t budget) {
  const std::size_t i = start;
  const T h = dot(v[i], d);
  const std::size_t next = i + 1 == n ? 0 : i + 1;
  const T h_next = dot(v[next], d);
  if (h_next > h + band) return climb_run<true>(v, n, d, band, next, h_next, budget);
  if (h_next >= h - band) return climb_tie(v, n, d, band, i, h, next, h_next, true, budget);
  const std::size_t prev = i == 0 ? n - 1 : i - 1;
  const T h_prev = dot(v[prev], d);
  if (h_prev > h + band) return climb_run<false>(v, n, d, band, prev, h_prev, budget);
  return h_prev >= h - band ? climb_tie(v, n, d, band, i, h, prev, h_prev, false, budget)
                            : ClimbResult{i, true};
}

}  // namespace detail

/// Index of a vertex maximizing dot(v[i], d), in O(log n) dot products.
/// Preconditions: n >= 1; for n >= 3 the vertices are counter-clockwise and strictly convex (as
/// ConvexShape guarantees); max_abs >= the largest absolute coordinate of the vertices
/// (ConvexShape::scale()), which sets the tie band (detail::climb_band). d may be any finite
/// vector; for d = 0 every vertex ties and any index is returned. Never reads outside v[0..n).
/// The vertex's exact value is within the band of the maximum (see detail::climb_through_ties).
template <class T>
std::size_t support_index_log(const Vec2<T>* v, std::size_t n, Vec2<T> d, T max_abs) {
  if (n <= 2) return (n == 2 && dot(v[1], d) > dot(v[0], d)) ? 1 : 0;
  const T band = detail::climb_band(d, max_abs);
  const T f0 = dot(v[0], d), f1 = dot(v[1], d), fn = dot(v[n - 1], d);
  // v[0] is the maximum when both neighbours lie clearly below it; a neighbour within the band
  // (a tie, possibly rounding's) is settled by the climb, which looks past it.
  if (f1 < f0 - band && fn < f0 - band) return 0;
  if (!(f1 > f0 + band) && !(fn > f0 + band)) return detail::climb(v, n, d, band, 0, 2 * n).index;
  const bool up0 = f1 > f0;
  std::size_t lo = 1, hi = n - 1;
  while (lo < hi) {
    const std::size_t c = lo + (hi - lo) / 2;  // c < hi <= n-1, so c+1 is a valid index
    const T fc = dot(v[c], d);
    const bool rising = dot(v[c + 1], d) > fc;
    const bool at_or_past_top = up0 ? (!rising || fc < f0) : (!rising && fc > f0);
    if (at_or_past_top)
      hi = c;
    else
      lo = c + 1;
  }
  // Hill climb to the top from where the search ended, through ties (no step in the monotone
  // case; the search's comparisons may be rounding's next to a tie: detail::climb).
  return detail::climb(v, n, d, band, lo, 2 * n).index;
}

/// Index of a vertex maximizing dot(v[i], d), by walking from v[start] to the neighbour with the
/// larger dot product until neither neighbour is larger by more than the tie band (ties within it
/// are looked past: detail::climb_through_ties).
///
/// Why it is right: on a strictly convex polygon the cyclic sequence dot(v[i], d) rises
/// monotonically to its maximum and falls monotonically to its minimum (see the derivation of the
/// logarithmic search above), so every local maximum is the global one, and from any start the
/// larger neighbour leads towards it. Inside GJK and EPA the start is the support vertex of the
/// previous search direction, which changes little from one iteration to the next, so the walk is
/// usually zero to two steps: two or three dot products instead of n (or 2 log2 n).
/// Preconditions: n >= 1, start < n; for n >= 3 counter-clockwise and strictly convex; max_abs as
/// in support_index_log. At most 2n dot products whatever the input (so NaN directions cannot
/// loop); vertices whose computed values lie within the tie band are walked through
/// (detail::climb_through_ties).
template <class T>
MINKOWSKI_FAST_INLINE std::size_t support_index_climb(const Vec2<T>* v, std::size_t n, Vec2<T> d,
                                                      std::size_t start, T max_abs) {
  return detail::climb(v, n, d, detail::climb_band(d, max_abs), start, 2 * n).index;
}

/// Support vertex index of a shape's core, choosing the search by size.
/// Preconditions: `s` was built by make_shape (size() >= 1, CCW strictly convex).
template <class T>
std::size_t support_index(const ConvexShape<T>& s, Vec2<T> d,
                          SupportMethod method = SupportMethod::automatic) {
  const Vec2<T>* v = s.vertices().data();
  const std::size_t n = s.size();
  switch (method) {
    case SupportMethod::linear:
      return support_index_linear(v, n, d);
    case SupportMethod::logarithmic:
      return support_index_log(v, n, d, s.scale());
    case SupportMethod::automatic:
      break;
  }
  return n <= kSupportLinearMaxVertices ? support_index_linear(v, n, d)
                                        : support_index_log(v, n, d, s.scale());
}

/// Support point of the rounded shape hull(vertices) ⊕ disc(radius) in direction d:
/// the core support vertex plus radius · d/|d| (unit_vector: accurate also for a d whose squared
/// length is subnormal). For d = 0 the core vertex is returned unchanged.
template <class T>
Vec2<T> support_point(const ConvexShape<T>& s, Vec2<T> d,
                      SupportMethod method = SupportMethod::automatic) {
  const Vec2<T> p = s.vertex(support_index(s, d, method));
  const T len2 = dot(d, d);
  if (!(len2 > T(0)) || s.radius() == T(0)) return p;
  return p + s.radius() * unit_vector(d, len2);
}

/// A point of the Minkowski difference of the cores, w = A.vertex(ia) − B.vertex(ib).
template <class T>
struct MinkowskiPoint {
  Vec2<T> w;           ///< a[ia] − b[ib]
  VertexIndex ia = 0;  ///< vertex index on A
  VertexIndex ib = 0;  ///< vertex index on B
};

/// Support point of A ⊖ B (cores) in direction d: argmax over a of dot(a, d) minus
/// argmax over b of dot(b, −d). Radii are not included (see the radius policy above).
template <class T>
MinkowskiPoint<T> support_difference(const ConvexShape<T>& a, const ConvexShape<T>& b, Vec2<T> d,
                                     SupportMethod method = SupportMethod::automatic) {
  const std::size_t ia = support_index(a, d, method);
  const std::size_t ib = support_index(b, -d, method);
  return {a.vertex(ia) - b.vertex(ib), static_cast<VertexIndex>(ia), static_cast<VertexIndex>(ib)};
}

namespace detail {

// Borrowed view of a shape's core used inside the iterative queries: a raw pointer and a count, so
// the hot loops do not go through std::vector or span bounds on every support call, and the
// largest absolute coordinate for the climb's tie band (core_view builds it from a shape). GJK's
// and EPA's functions take it by reference: passed by value to the out-of-line ones, the 24-byte
// view goes through the stack on every call.
template <class T>
struct CoreView {
  const Vec2<T>* v;
  std::size_t n;
  T m;  ///< largest absolute coordinate (ConvexShape::scale()): sets the climb's tie band
};

template <class T>
CoreView<T> core_view(const ConvexShape<T>& s) {
  return {s.vertices().data(), s.size(), s.scale()};
}

// Support searches as stateless policies, so GJK/EPA can be instantiated once per method and the
// method switch is paid once per query instead of once per support call.
template <class T>
MINKOWSKI_FAST_NOINLINE std::size_t support_index_log_outlined(const Vec2<T>* v, std::size_t n,
                                                               Vec2<T> d, T max_abs) {
  return support_index_log(v, n, d, max_abs);
}

// `hint` is the vertex index that was the support for a nearby direction (GJK: a simplex vertex;
// EPA: an end point of the edge being expanded); only the climbing search uses it. kNoHint (or any
// index >= n) means there is none — GJK's first search after a cold start: polygons of up to
// 2·kSupportClimbBudget vertices (which any climb finishes within budget) then climb from vertex 0,
// larger ones use the logarithmic search.
inline constexpr std::size_t kNoHint = static_cast<std::size_t>(-1);

struct LinearSupport {
  template <class T>
  MINKOWSKI_FAST_INLINE static std::size_t index(CoreView<T> s, Vec2<T> d, std::size_t) {
    return support_index_linear(s.v, s.n, d);
  }
};
struct LogSupport {
  template <class T>
  MINKOWSKI_FAST_INLINE static std::size_t index(CoreView<T> s, Vec2<T> d, std::size_t) {
    return support_index_log_outlined(s.v, s.n, d, s.m);
  }
};
struct AutoSupport {
  template <class T>
  MINKOWSKI_FAST_INLINE static std::size_t index(CoreView<T> s, Vec2<T> d, std::size_t hint) {
    if (hint >= s.n) {  // no hint: small polygons climb from vertex 0, large ones search
      if (s.n > 2 * kSupportClimbBudget) return support_index_log_outlined(s.v, s.n, d, s.m);
      hint = 0;
    }
    // + 2: the dot products that find the direction and the end (climb's cost without ties).
    const ClimbResult c = climb(s.v, s.n, d, climb_band(d, s.m), hint, kSupportClimbBudget + 2);
    return c.done ? c.index : support_index_log_outlined(s.v, s.n, d, s.m);
  }
};

template <class Support, class T>
MINKOWSKI_FAST_INLINE MinkowskiPoint<T> support_difference(CoreView<T> a, CoreView<T> b, Vec2<T> d,
                                                           std::size_t hint_a = 0,
                                                           std::size_t hint_b = 0) {
  const std::size_t ia = Support::index(a, d, hint_a);
  const std::size_t ib = Support::index(b, -d, hint_b);
  return {a.v[ia] - b.v[ib], static_cast<VertexIndex>(ia), static_cast<VertexIndex>(ib)};
}

// Runs f.template operator()<Policy>() with the policy matching `method`.
template <class F>
decltype(auto) with_support(SupportMethod method, F&& f) {
  switch (method) {
    case SupportMethod::linear:
      return f.template operator()<LinearSupport>();
    case SupportMethod::logarithmic:
      return f.template operator()<LogSupport>();
    case SupportMethod::automatic:
      break;
  }
  return f.template operator()<AutoSupport>();
}

}  // namespace detail
}  // namespace minkowski::fast
