#pragma once
// minkowski/fast/sat.hpp — the separating-axis test (SAT) on rounded convex hulls: overlap,
// minimum translation vector (MTV), and a lower bound on the distance when separated.
//
// What this header answers
//   sat_query(a, b, cache)    relation, MTV (unit normal from A towards B and depth) when the
//                             shapes intersect, the gap along the best separating axis when not.
//   sat_overlap(a, b, cache)  only the relation, stopping at the first separating axis; free of
//                             square roots (a pure predicate, usable with exact number types).
//   SatCache                  the last separating axis as feature ids: a separated pair that is
//                             queried again is answered by one axis test.
//
// Every shape is a rounded convex hull core ⊕ disc(r) (shape.hpp): 1, 2 or 3+ core vertices.
// Neither function allocates or throws. Preconditions: both shapes were built by make_shape.
//
// ---------------------------------------------------------------------------------------------
// Derivation (the reader may skip to the API below)
//
// Let D = B ⊖ A = {b − a} be the Minkowski difference of the cores and r = r_A + r_B. Translating
// B by t moves D to D + t, and the rounded shapes intersect iff dist(0, D) <= r.
//
// Axes as directions, not lines. For a unit direction n the gap of B beyond A along n is
//     g(n) = min_b n·b − max_a n·a = min over d in D of n·d,
// and B must be pushed along n by  r − g(n)  to separate. Every outward normal of D is either an
// outward face normal of B or the reverse of one of A's, so the push directions that can be
// optimal are  +n_A(i)  (faces of A) and  −n_B(j)  (faces of B). Each costs one projection of the
// other shape:  g(+n_A(i)) = min_j n_A(i)·(b_j − a_i),  g(−n_B(j)) = min_i n_B(j)·(a_i − b_j).
//
// Containment (docs/design.md, "SAT: circles, capsules, containment, caching"). Testing each axis
// as a line, one takes the interval overlap o = min(maxA, maxB) − max(minA, minB) and, when one
// interval contains the other, adds the smaller of |minA − minB| and |maxA − maxB| (flipping the
// axis towards that end). That corrected overlap equals min(maxA − minB, maxB − minA): the smaller
// of the two one-sided pushes. Here each one-sided push is a direction of its own; every direction
// the exact MTV can take is in our set, and every direction outside it only adds upper bounds, so
// the minimum over our set equals the minimum of the corrected overlaps over the same faces —
// containment included — at one projection per direction instead of two. Example: B = [1,2]²
// inside A = [0,4]²: pushes are 3 (+x), 2 (−x), 3 (+y), 2 (−y); the MTV is 2 along −x, the line
// test's 1 + min(1, 2).
//
// Parallel axes. Opposite faces that face each other (stacked boxes) push B in the same direction
// and have the same gap: a face of B whose push direction −n_B(j) equals that of A's best face
// (|n_A + n_B| <= kSatParallelAxisUlps · u) is not tested. Any other parallel pair cannot change
// the answer (see face_pass below). Opposite directions along one line (the two normals of a
// segment, opposite faces of a box) are different one-sided tests and are both kept. At an exact
// touching contact the skipped face may have rounded to a gap a few u·S above the tested one, so
// swapping A and B can turn "touching" into "separated by ~1e-16" (inside the tolerance band).
//
// Rounded shapes: the vertex–vertex axis. g is concave on the arc of directions where it is
// positive (a minimum of functions |d| cos(θ − θ_d), each concave where positive), and its
// breakpoints are exactly the face directions above. So when the cores are separated, the largest
// gap lies on the best face direction or inside one of the two pieces next to it, and the closest
// point of D to the origin lies on the face of D behind the best face: the closest points between
// the best face's edge and the other shape's incident feature (its edge most anti-parallel to the
// face normal, or its single vertex) are the closest points of the cores. If they are two
// vertices, the axis from A's vertex to B's vertex beats every face axis; for a circle against a
// polygon this is the usual "closest polygon vertex to the centre" axis. Otherwise the best face
// gap is the distance, and it is reported as computed (it is more accurate than a distance
// formula). The closest features are found from endpoint-to-segment distances (see
// closest_features), never from the general segment–segment formula, which loses all accuracy on
// near-parallel edges in float. In exact arithmetic the best face is adjacent to the closest
// vertex of D; in floating point, faces along a nearly collinear chain have equal gaps up to
// rounding and the pass may pick one that is not, so the pair found is certified (the vertices
// are extreme along the axis joining them, or the interior distance equals the face gap) and, if
// it is not, the closest pair is found over all feature pairs (rare; closest_features). This
// refinement runs when r > 0 and the best face gap is not
// clearly negative (cores overlapping: the face answer + r is already exact), and also when both
// cores have at most two vertices (points and segments): then D may be a segment or a point with
// no interior, and a zero face gap does not mean contact (two collinear segments end to end, a
// point beyond the end of a segment). For polygons of radius 0 it runs where the best gap is within
// its rounding of zero: a corner sharper than a unit normal can resolve has face gaps that round
// to 0 however far away the other shape is (see needs_refinement).
//
// Tolerance and accuracy. Face gaps are formed from coordinates relative to a point between the
// shapes (see face_pass), so their error scales with the shapes' extent and distance, not with
// their distance from the origin. The refinement trigger "not clearly negative" is best gap >=
// −kSatGapErrorUlps · u · S with S = max(scale A, scale B), the error bound of a computed gap.
// Measured against an exact brute force on 200,000 random pairs of 1–7-vertex shapes with and
// without radii (S <= 4): largest error 1.3e-15 in double, 5.3 u·S in float.
// ---------------------------------------------------------------------------------------------

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "minkowski/fast/shape.hpp"
#include "minkowski/fast/simd.hpp"
#include "minkowski/fast/tolerances.hpp"
#include "minkowski/fast/vec2.hpp"

namespace minkowski::fast {

/// Which feature(s) define a SAT axis.
enum class SatAxis : std::uint8_t {
  none,           ///< no axis (an empty cache)
  face_a,         ///< outward normal of A's face index_a; B is pushed along +normal
  face_b,         ///< outward normal of B's face index_b; B is pushed along −normal
  vertex_vertex,  ///< direction from A's core vertex index_a to B's core vertex index_b
};

/// Settings of sat_query; the defaults are the documented tolerances (tolerances.hpp). Exposed
/// so that the report can sweep them; production code keeps the defaults.
struct SatOptions {
  /// B's face normals within parallel_axis_ulps · u of −(A's best normal) are not tested
  /// (kSatParallelAxisUlps). 0 still skips an exactly opposite normal (the test is <=).
  double parallel_axis_ulps = kSatParallelAxisUlps;
};

/// Warm-start cache: the last best (or separating) axis of a pair, as feature ids, so it stays
/// meaningful when the shapes move. Zero-initialised = empty. One cache per pair of shapes; a cache
/// whose indices do not fit the shapes is ignored, never read out of range.
struct SatCache {
  SatAxis axis = SatAxis::none;
  std::uint32_t index_a = 0;  ///< face of A (face_a) or vertex of A (vertex_vertex)
  std::uint32_t index_b = 0;  ///< face of B (face_b) or vertex of B (vertex_vertex)
};

/// Answer of sat_query.
template <class T>
struct SatResult {
  /// The closed rounded shapes share a point (touching counts). Decided without square roots, as
  /// sat_overlap decides it; `separation` agrees in sign (it is clamped to 0 where one rounding of
  /// a square root would contradict the predicate).
  bool intersects = false;
  /// Signed gap along `normal`, radii included. > 0: separated, and B lies at least this far
  /// beyond A along `normal` — a LOWER BOUND on the Euclidean distance, not the distance, unless
  /// `separation_is_distance`. <= 0: −separation is the penetration depth.
  T separation{};
  /// max(0, −separation): translating B by normal · depth leaves the shapes touching. It is the
  /// exact minimum translation (up to rounding) for every pair of this shape model.
  T depth{};
  /// Unit vector from A towards B: the MTV direction when intersecting, the separating axis when
  /// not. For two single points at the same place (concentric circles) every direction is an MTV;
  /// (1, 0) is returned.
  Vec2<T> normal{};
  SatAxis axis = SatAxis::none;  ///< the feature(s) `normal` comes from
  std::uint32_t index_a = 0;     ///< A's face or vertex of `axis` (0 when unused)
  std::uint32_t index_b = 0;     ///< B's face or vertex of `axis` (0 when unused)
  /// When separated: true if `separation` is the Euclidean distance (closest features were
  /// computed: rounded shapes, points and segments), false if it is only the best face gap.
  bool separation_is_distance = false;
  /// Axis tests performed: one per face direction projected, one for a cached axis, one for the
  /// closest-features refinement (vertex–vertex axis). A cache hit on a separated pair gives 1.
  int axes_tested = 0;
};

namespace sat_detail {

/// Best face direction of one shape: its gap, the face, and the other shape's support vertex
/// along the push direction reversed (the vertex that attains the minimum).
template <class T>
struct Face {
  T gap{};
  std::uint32_t face = 0;
  std::uint32_t support = 0;  ///< generic pass only; use FacePass::support()
  bool valid = false;
};

template <class T>
struct FacePass {
  Face<T> a;  ///< best (or stopping) face of A
  /// Best (or stopping) face of B among those that could beat A's best; invalid if none could.
  Face<T> b;
  int tested = 0;        ///< face directions projected in full (pruned faces not counted)
  bool stopped = false;  ///< a face gap exceeded `stop`; that face is the one recorded last
  bool stopped_on_b = false;
  bool local = false;  ///< gaps were formed in the local frame at `origin` (see height())
  Vec2<T> origin{};

  /// dot(n, p − v) exactly as the pass formed its gaps, so that a point's height above a face
  /// agrees bit for bit with the face gap it realises (the manifold's deepest point is SAT's
  /// depth).
  T height(Vec2<T> n, Vec2<T> p, Vec2<T> v) const {
    if (!local) return n.x * (p.x - v.x) + n.y * (p.y - v.y);
    return (n.x * (p.x - origin.x) + n.y * (p.y - origin.y)) -
           (n.x * (v.x - origin.x) + n.y * (v.y - origin.y));
  }

  /// Support vertex of `other` for the face with outward normal n: the first vertex minimising the
  /// pass's projection on n (the vertex that realises that face's gap). The generic pass found it
  /// already (`known`); the local pass recovers it here, once, for the faces a caller uses.
  std::uint32_t support(Vec2<T> n, const ConvexShape<T>& other, std::uint32_t known) const {
    if (!local) return known;
    const auto q = other.vertices();
    T m = n.x * (q[0].x - origin.x) + n.y * (q[0].y - origin.y);
    std::uint32_t k = 0;
    for (std::size_t j = 1; j < q.size(); ++j) {  // selects, not branches (see scan_local_n)
      const T v = n.x * (q[j].x - origin.x) + n.y * (q[j].y - origin.y);
      const std::uint32_t mask = 0u - static_cast<std::uint32_t>(v < m);
      k ^= (k ^ static_cast<std::uint32_t>(j)) & mask;
      m = v < m ? v : m;
    }
    return k;
  }
};

template <class T>
constexpr T square(T x) {
  return x * x;
}

// Cyclic neighbours of index i among n (no integer division: `%` by a run-time n is a 20–40
// cycle instruction, and a manifold query needs several).
constexpr std::uint32_t next_index(std::size_t i, std::size_t n) {
  return static_cast<std::uint32_t>(i + 1 == n ? 0 : i + 1);
}
constexpr std::uint32_t prev_index(std::size_t i, std::size_t n) {
  return static_cast<std::uint32_t>(i == 0 ? n - 1 : i - 1);
}

template <class T>
T pair_scale(const ConvexShape<T>& a, const ConvexShape<T>& b) {
  return a.scale() > b.scale() ? a.scale() : b.scale();
}

/// A computed face gap's rounding error bound at case scale S, kSatGapErrorUlps · u · S
/// (tolerances.hpp): gaps closer than this are a tie, and a gap within it of zero has no sign.
template <class T>
T gap_error_bound(T scale) {
  return T(kSatGapErrorUlps) * unit_roundoff<T>() * scale;
}

// ---- The face pass --------------------------------------------------------------------------
//
// gap_i = min_j dot(n_i, q_j − p_i) for every face i of P against the vertices q_j of Q, keeping
// the largest; first A's faces against B's vertices, then B's faces against A's vertices. With
// `use_stop` the pass returns as soon as a gap exceeds `stop` (the shapes are then separated by
// more than the caller cares about). The pass is most of a manifold query, so it has two forms:
//
// Small shapes (both at most kSatLocalMax vertices, the common case): both vertex lists are copied
// once into stack arrays of x and y coordinates relative to the midpoint of A's and B's first
// vertices (so the products keep the accuracy of the local extent, not of the distance to the
// origin, and swapping A and B gives the same numbers), padded to an even count by
// repeating the last vertex. gap_i = min_j (n_i · q'_j) − n_i · p'_i is then two independent
// minimum chains over a compile-time count (the two lanes of SSE2 registers for double on
// x86-64): no argmin, no data-dependent branch. The support vertex is recovered afterwards, only
// for the faces a caller uses (FacePass::support). B's faces that cannot beat A's best are
// pruned by a two-vertex bound (FacePrune below). On random overlapping 3–8-gons this form beats
// one min/argmin loop per face and Box2D 2.4.1's loop structure ported to double
// (docs/performance.md).
//
// Larger shapes: one min/argmin loop per face, in the caller's coordinates (dot(n, q − p)), with
// pruning: for any vertex q_k, gap_i <= dot(n_i, q_k − p_i), so a face whose bound with the
// previous face's support vertex does not exceed the best gap so far cannot win and costs one dot
// product instead of a projection. The answer is the same as without pruning.
//
// Parallel axes. A face of B whose push direction −n_B(j) equals the push direction of A's best
// face (within kSatParallelAxisUlps·u, by default exactly) is not projected: its gap equals that
// face's (A keeps the tie). It is the only parallel pair that can decide the answer — any other
// face of B parallel to a face of A has a gap at most that face's, which is at most A's best — so
// it is the only one checked: finding every parallel pair costs more than projecting the faces at
// these sizes.
inline constexpr std::size_t kSatLocalMax = 16;

template <class T>
struct LocalCoords {
  T x[kSatLocalMax];
  T y[kSatLocalMax];
  std::size_t n;       // vertices
  std::size_t padded;  // n rounded up to even; [n, padded) repeats vertex n − 1
};

template <class T>
inline void to_local(std::span<const Vec2<T>> v, Vec2<T> o, LocalCoords<T>& l) {
  const std::size_t n = v.size();
  std::size_t i = 0;
#ifdef MINKOWSKI_FAST_SSE2
  if constexpr (std::is_same_v<T, double> && sizeof(Vec2<T>) == 2 * sizeof(double)) {
    // Pairs of vertices, stored 16 bytes at a time: the kernel reads them back 16 bytes at a time,
    // and a 16-byte load of two separate 8-byte stores stalls store-to-load forwarding.
    const __m128d vo = _mm_set_pd(o.y, o.x);
    const double* src = &v[0].x;
    for (; i + 2 <= n; i += 2) {
      const __m128d p0 = _mm_sub_pd(_mm_loadu_pd(src + 2 * i), vo);
      const __m128d p1 = _mm_sub_pd(_mm_loadu_pd(src + 2 * i + 2), vo);
      _mm_storeu_pd(l.x + i, _mm_unpacklo_pd(p0, p1));
      _mm_storeu_pd(l.y + i, _mm_unpackhi_pd(p0, p1));
    }
    // Odd n: the last vertex and its padding copy, again 16 bytes at a time. Two 8-byte stores
    // would stall the kernel's first 16-byte load of the last pair, which reads B's copy right
    // after it is made.
    if (i < n) {
      const __m128d p = _mm_sub_pd(_mm_loadu_pd(src + 2 * i), vo);
      _mm_storeu_pd(l.x + i, _mm_unpacklo_pd(p, p));
      _mm_storeu_pd(l.y + i, _mm_unpackhi_pd(p, p));
      l.n = n;
      l.padded = n + 1;
      return;
    }
  }
#endif
  for (; i < n; ++i) {
    l.x[i] = v[i].x - o.x;
    l.y[i] = v[i].y - o.y;
  }
  l.n = n;
  l.padded = n + (n & 1u);
  if (n & 1u) {
    l.x[n] = l.x[n - 1];
    l.y[n] = l.y[n - 1];
  }
}

// min_j (nx x_j + ny y_j) over j < NP (even): two interleaved chains. For double on x86-64 the
// two chains are the two lanes of SSE2 registers (baseline on that target; `_mm_min_pd(v, m)` is
// `v < m ? v : m` per lane and the products and sums round exactly as the scalar code, so both
// forms give the same bits).
template <std::size_t NP, class T>
inline T min_projection(const T* x, const T* y, T nx, T ny) {
#ifdef MINKOWSKI_FAST_SSE2
  if constexpr (std::is_same_v<T, double>) {
    const __m128d vx = _mm_set1_pd(nx), vy = _mm_set1_pd(ny);
    __m128d m = _mm_add_pd(_mm_mul_pd(vx, _mm_loadu_pd(x)), _mm_mul_pd(vy, _mm_loadu_pd(y)));
#pragma GCC unroll 8
    for (std::size_t j = 2; j < NP; j += 2) {
      const __m128d v =
          _mm_add_pd(_mm_mul_pd(vx, _mm_loadu_pd(x + j)), _mm_mul_pd(vy, _mm_loadu_pd(y + j)));
      m = _mm_min_pd(v, m);
    }
    const double m0 = _mm_cvtsd_f64(m), m1 = _mm_cvtsd_f64(_mm_unpackhi_pd(m, m));
    return m1 < m0 ? m1 : m0;
  }
#endif
  T m0 = nx * x[0] + ny * y[0];
  T m1 = nx * x[1] + ny * y[1];
#pragma GCC unroll 8
  for (std::size_t j = 2; j < NP; j += 2) {
    const T v0 = nx * x[j] + ny * y[j];
    const T v1 = nx * x[j + 1] + ny * y[j + 1];
    m0 = v0 < m0 ? v0 : m0;
    m1 = v1 < m1 ? v1 : m1;
  }
  return m1 < m0 ? m1 : m0;
}

// Pruning of B's faces by A's best gap (the second scan, Skip). B's face can only matter if its gap
// beats A's best (best_is_b; ties keep A), and its gap is at most the height above it of any one
// vertex of A: h_k − off with h_k = n·p'_k formed as min_projection forms each of its terms, so
// min_projection − off <= h_k − off bit for bit (subtracting the same offset is monotone). A face
// whose bound, from the two vertices of A's best face, does not exceed A's best gap is therefore
// not projected: the pass's answer is the same (B's best face where it beats A's; where none does,
// a face of B no better than A's, or none, which every caller treats alike). Those two vertices
// lie on A's side facing B, so B's faces that face away from A are pruned. Once a face of B beats
// A's best, the floor is B's best so far (a face whose gap cannot exceed it is not taken either).
// A pruned face still counts as tested: its axis was tested, against a bound (axes_tested is the
// same as without pruning).
template <class T>
struct FacePrune {
  T x[2]{}, y[2]{};  ///< the two vertices of A's best face, local coordinates
  T floor{};         ///< A's best gap (raised to B's best gap while scanning)
};

// The smaller of the two vertices' projections on (nx, ny), each formed as min_projection forms
// its terms (two lanes of one SSE2 register for double on x86-64, like min_projection).
template <class T>
inline T prune_projection(const FacePrune<T>& p, T nx, T ny) {
#ifdef MINKOWSKI_FAST_SSE2
  if constexpr (std::is_same_v<T, double>) {
    const __m128d h = _mm_add_pd(_mm_mul_pd(_mm_set1_pd(nx), _mm_loadu_pd(p.x)),
                                 _mm_mul_pd(_mm_set1_pd(ny), _mm_loadu_pd(p.y)));
    return _mm_cvtsd_f64(_mm_min_sd(h, _mm_unpackhi_pd(h, h)));
  }
#endif
  const T h0 = nx * p.x[0] + ny * p.y[0], h1 = nx * p.x[1] + ny * p.y[1];
  return h1 < h0 ? h1 : h0;
}

// The vertices of P's faces relative to the origin, as scan_local_n reads them: P's local copy
// (FacesFromCopy), or P's own vertices less the origin (FacesFromShape), formed as to_local forms
// them, so both give the same bits.
template <class T>
struct FacesFromCopy {
  const LocalCoords<T>& l;
  T x(std::size_t i) const { return l.x[i]; }
  T y(std::size_t i) const { return l.y[i]; }
};
template <class T>
struct FacesFromShape {
  const Vec2<T>* v;
  Vec2<T> o;
  T x(std::size_t i) const { return v[i].x - o.x; }
  T y(std::size_t i) const { return v[i].y - o.y; }
};

// The running maximum is written as selects, but g++ -O2 compiles its update to a conditional
// jump. Forcing selects (an SSE2 compare mask for the face index, a masked blend for the gap, and
// a −inf start instead of the `valid` flag) is slower (docs/performance.md): the selects chain
// every face's update to the previous one, while the jump is mostly predicted.
template <std::size_t NP, bool Skip, class T, class Faces>
inline bool scan_local_n(const Faces& pl, std::span<const Vec2<T>> pn, const LocalCoords<T>& ql,
                         bool use_stop, T stop, Vec2<T> skip_dir, T par2, const FacePrune<T>& prune,
                         Face<T>& best_out, int& tested) {
  const std::size_t nf = pn.size();
  T best_gap{};
  std::uint32_t best_face = 0;
  bool valid = false;
  int skipped = 0;  // tested = faces reached − skipped, counted outside the loop
  bool stopped = false;
  T floor = prune.floor;
  std::size_t i = 0;
  for (; i < nf; ++i) {
    const Vec2<T> n = pn[i];
    if constexpr (Skip) {
      if (length_squared(n + skip_dir) <= par2) {  // rare: a well-predicted branch
        ++skipped;
        continue;
      }
    }
    const T off = n.x * pl.x(i) + n.y * pl.y(i);
    if constexpr (Skip) {  // the pruning above
      if (prune_projection(prune, n.x, n.y) - off <= floor) continue;
    }
    const T gap = min_projection<NP>(ql.x, ql.y, n.x, n.y) - off;
    const bool take = !valid || gap > best_gap;
    const std::uint32_t mask = 0u - static_cast<std::uint32_t>(take);
    best_face ^= (best_face ^ static_cast<std::uint32_t>(i)) & mask;
    best_gap = take ? gap : best_gap;
    valid = valid || take;
    if constexpr (Skip) floor = best_gap > floor ? best_gap : floor;
    if (use_stop && take && gap > stop) {  // earlier gaps <= stop < gap: this face is the best
      stopped = true;
      ++i;
      break;
    }
  }
  tested += static_cast<int>(i) - skipped;
  if (valid) {
    best_out.gap = best_gap;
    best_out.face = best_face;
    best_out.valid = true;
  }
  return stopped;
}

template <bool Skip, class T, class Faces>
inline bool scan_local(const Faces& pl, std::span<const Vec2<T>> pn, const LocalCoords<T>& ql,
                       bool use_stop, T stop, Vec2<T> skip_dir, T par2, const FacePrune<T>& prune,
                       Face<T>& best, int& tested) {
  static_assert(kSatLocalMax == 16, "update the dispatch below");
  switch (ql.padded) {
#define MINKOWSKI_SAT_CASE(N) \
  case N:                     \
    return scan_local_n<N, Skip>(pl, pn, ql, use_stop, stop, skip_dir, par2, prune, best, tested);
    MINKOWSKI_SAT_CASE(2)
    MINKOWSKI_SAT_CASE(4)
    MINKOWSKI_SAT_CASE(6)
    MINKOWSKI_SAT_CASE(8)
    MINKOWSKI_SAT_CASE(10)
    MINKOWSKI_SAT_CASE(12)
    MINKOWSKI_SAT_CASE(14)
    MINKOWSKI_SAT_CASE(16)
#undef MINKOWSKI_SAT_CASE
    default:
      return false;  // unreachable: 1 <= n <= kSatLocalMax
  }
}

template <class T>
FacePass<T> face_pass_local(const ConvexShape<T>& a, const ConvexShape<T>& b, bool use_stop, T stop,
                            T par2) {
  FacePass<T> p;
  LocalCoords<T> la, lb;
  const Vec2<T> o = T(0.5) * (a.vertex(0) + b.vertex(0));
  p.local = true;
  p.origin = o;
  to_local(b.vertices(), o, lb);
  to_local(a.vertices(), o, la);
  const Vec2<T> none{};
  const FacePrune<T> no_prune{};
  // A's faces read A's vertices directly, not A's copy just made: the scan does not wait on the
  // copy's stores, which complete meanwhile for B's faces. Copying A only when B's faces are
  // scanned would save instructions on separated queries but put the copy on the critical path
  // of every other one.
  if (scan_local<false>(FacesFromShape<T>{a.vertices().data(), o}, a.normals(), lb, use_stop, stop,
                        none, par2, no_prune, p.a, p.tested)) {
    p.stopped = true;
    return p;
  }
  bool stopped_b;
  if (p.a.valid) {
    const std::uint32_t f = p.a.face, f1 = next_index(f, la.n);
    const FacePrune<T> prune{{la.x[f], la.x[f1]}, {la.y[f], la.y[f1]}, p.a.gap};
    stopped_b = scan_local<true>(FacesFromCopy<T>{lb}, b.normals(), la, use_stop, stop, a.normal(f),
                                 par2, prune, p.b, p.tested);
  } else {
    stopped_b = scan_local<false>(FacesFromCopy<T>{lb}, b.normals(), la, use_stop, stop, none, par2,
                                  no_prune, p.b, p.tested);
  }
  if (stopped_b) {
    p.stopped = true;
    p.stopped_on_b = true;
  }
  return p;  // supports are found on demand (FacePass::support), for the faces actually used
}

// Generic form: faces of P against the vertices of Q in the caller's coordinates, with pruning
// (see above). `floor`: a gap the faces must beat to matter (A's best, for B's faces).
template <class T>
inline bool scan_faces(const Vec2<T>* pv, const Vec2<T>* pn, std::size_t nf, const Vec2<T>* qv,
                       std::size_t nq, bool use_stop, T stop, bool has_floor, T floor,
                       bool has_skip, Vec2<T> skip_dir, T par2, Face<T>& best_out,
                       int& tested_out) {
  Face<T> best = best_out;
  int tested = 0;
  bool has_threshold = has_floor;
  T threshold = floor;
  std::size_t k = 0;
  for (std::size_t i = 0; i < nf; ++i) {
    const Vec2<T> n = pn[i];
    if (has_skip && length_squared(n + skip_dir) <= par2) continue;
    if (has_threshold && dot(n, qv[k] - pv[i]) <= threshold) continue;
    T gap = dot(n, qv[0] - pv[i]);
    k = 0;
    for (std::size_t j = 1; j < nq; ++j) {
      const T g = dot(n, qv[j] - pv[i]);
      if (g < gap) gap = g, k = j;
    }
    ++tested;
    if (!best.valid || gap > best.gap) {
      best.gap = gap;
      best.face = static_cast<std::uint32_t>(i);
      best.support = static_cast<std::uint32_t>(k);
      best.valid = true;
    }
    if (!has_threshold || gap > threshold) threshold = gap;
    has_threshold = true;
    if (use_stop && gap > stop) {  // earlier gaps <= stop < gap: this face is the best
      best_out = best;
      tested_out += tested;
      return true;
    }
  }
  best_out = best;
  tested_out += tested;
  return false;
}

// All face directions of A, then of B.
template <class T>
FacePass<T> face_pass(const ConvexShape<T>& a, const ConvexShape<T>& b, bool use_stop, T stop,
                      double parallel_axis_ulps = kSatParallelAxisUlps) {
  const T par = T(parallel_axis_ulps) * unit_roundoff<T>();
  const T par2 = par * par;
  if (a.size() <= kSatLocalMax && b.size() <= kSatLocalMax)
    return face_pass_local(a, b, use_stop, stop, par2);
  FacePass<T> p;
  const auto av = a.vertices(), an = a.normals(), bv = b.vertices(), bn = b.normals();
  const Vec2<T> none{};
  if (scan_faces(av.data(), an.data(), an.size(), bv.data(), bv.size(), use_stop, stop, false, T(0),
                 false, none, par2, p.a, p.tested)) {
    p.stopped = true;
    return p;
  }
  // B's faces only matter if they beat A's best (ties keep A), so A's best gap prunes them.
  const Vec2<T> skip_dir = p.a.valid ? a.normal(p.a.face) : none;
  if (scan_faces(bv.data(), bn.data(), bn.size(), av.data(), av.size(), use_stop, stop, p.a.valid,
                 p.a.gap, p.a.valid, skip_dir, par2, p.b, p.tested)) {
    p.stopped = true;
    p.stopped_on_b = true;
  }
  return p;
}

/// Best of the two: A's face unless B's gap is strictly larger (or A has no faces).
template <class T>
bool best_is_b(const FacePass<T>& p) {
  return p.b.valid && (!p.a.valid || p.b.gap > p.a.gap);
}

/// Squared distance from p to the segment [a, b], and whether the closest point is an endpoint
/// (`end` 0 for a, 1 for b). Interior distances use cross(d, p − a)² / |d|², which keeps full
/// relative accuracy; forming the foot point a + t·d first would not.
template <class T>
struct PointSegment {
  T dist2{};
  bool at_end = false;
  int end = 0;
};

template <class T>
PointSegment<T> point_segment(Vec2<T> p, Vec2<T> a, Vec2<T> b) {
  const Vec2<T> d = b - a, w = p - a;
  const T t = dot(d, w), dd = dot(d, d);
  if (t <= T(0)) return {dot(w, w), true, 0};
  if (t >= dd) return {length_squared(p - b), true, 1};
  // c · (c / dd), not c · c / dd: c · c overflows float from coordinates near 2^32 on (the
  // squared distance itself only near 2^64), and a spurious inf made a farther vertex pair win.
  const T c = cross(d, w);
  return {c * (c / dd), false, 0};
}

/// The edge of `inc` to use against a face with outward normal n, given inc's support vertex k
/// along −n: of the two edges at k, the one whose normal is most anti-parallel to n.
/// Precondition: inc.size() >= 2.
template <class T>
std::uint32_t incident_edge(const ConvexShape<T>& inc, Vec2<T> n, std::uint32_t k) {
  const std::size_t nf = inc.normals().size();
  const std::uint32_t prev = prev_index(k, nf);
  return dot(n, inc.normal(prev)) < dot(n, inc.normal(k)) ? prev : k;
}

/// Closest features of two cores (closest_features, segment_pair): squared distance, and whether
/// it joins two vertices (ref_vertex, inc_vertex) — the case that needs a vertex–vertex axis.
template <class T>
struct FeaturePair {
  T dist2{};
  bool vertex_pair = false;
  std::uint32_t ref_vertex = 0;
  std::uint32_t inc_vertex = 0;
};

/// The sign of orient(a, b, c) as exact arithmetic gives it, up to O(u²)·|b − a|·|c − a|: the
/// rounded orientation where it exceeds its error bound kSatOrientErrorUlps · u · (|ux·vy| +
/// |uy·vx|) (u = b − a, v = c − a), else recomputed with compensated arithmetic
/// (detail::accurate_cross, in double; float's differences and products are exact there).
template <class T>
int orient_sign(Vec2<T> a, Vec2<T> b, Vec2<T> c) {
  const Vec2<T> u = b - a, v = c - a;
  const T p = u.x * v.y, q = u.y * v.x, o = p - q;
  if constexpr (std::numeric_limits<T>::is_iec559) {
    using std::abs;
    const T bound = T(kSatOrientErrorUlps) * unit_roundoff<T>() * (abs(p) + abs(q));
    if (!(o > bound) && !(o < -bound)) {
      const double e = detail::accurate_cross(Vec2<double>{double(a.x), double(a.y)},
                                              Vec2<double>{double(b.x), double(b.y)},
                                              Vec2<double>{double(c.x), double(c.y)});
      return (e > 0) - (e < 0);
    }
  }
  return (o > T(0)) - (o < T(0));
}

/// Closest features of one pair of core features: segment [v0, v1] (ids r0, r1) of `ref` and
/// segment [w0, w1] (ids i0, i1) of `inc` (pass w1 = w0 for a single vertex). A proper crossing
/// (distance 0) is decided on the orientations' exact signs (orient_sign): decided on rounded ones,
/// two nearly collinear segments 4.24 apart end to end crossed by rounding and a disc and a
/// capsule got the depth of the radii (fixtures/found/fuzz-bf3087c7941bb158.json).
template <class T>
FeaturePair<T> segment_pair(Vec2<T> v0, Vec2<T> v1, std::uint32_t r0, std::uint32_t r1, Vec2<T> w0,
                            Vec2<T> w1, std::uint32_t i0, std::uint32_t i1, bool inc_point) {
  FeaturePair<T> fp;
  if (inc_point) {
    const PointSegment<T> ps = point_segment(w0, v0, v1);
    fp.dist2 = ps.dist2;
    fp.vertex_pair = ps.at_end;
    fp.ref_vertex = ps.end == 0 ? r0 : r1;
    fp.inc_vertex = i0;
    return fp;
  }
  const int o1 = orient_sign(v0, v1, w0), o2 = orient_sign(v0, v1, w1);
  const int o3 = orient_sign(w0, w1, v0), o4 = orient_sign(w0, w1, v1);
  const bool split_w = o1 * o2 < 0, split_v = o3 * o4 < 0;
  if (split_w && split_v) return fp;  // proper crossing: distance 0
  const PointSegment<T> c[4] = {point_segment(w0, v0, v1), point_segment(w1, v0, v1),
                                point_segment(v0, w0, w1), point_segment(v1, w0, w1)};
  int best = 0;
  for (int k = 1; k < 4; ++k)
    if (c[k].dist2 < c[best].dist2) best = k;
  fp.dist2 = c[best].dist2;
  fp.vertex_pair = c[best].at_end;
  const std::uint32_t r[2] = {r0, r1}, w[2] = {i0, i1};
  if (best < 2) {
    fp.inc_vertex = w[best];
    fp.ref_vertex = r[c[best].end];
  } else {
    fp.ref_vertex = r[best - 2];
    fp.inc_vertex = w[c[best].end];
  }
  return fp;
}

/// Closest features of the cores by brute force: every feature pair (O(n·m)). Only the fallback
/// of closest_features when the features next to the best face are not provably the closest.
template <class T>
FeaturePair<T> closest_features_all(const ConvexShape<T>& ref, const ConvexShape<T>& inc) {
  const std::size_t nr = ref.size(), ni = inc.size();
  const std::size_t er = nr == 1 ? 1 : (nr == 2 ? 1 : nr);  // a segment's two faces: one edge
  const std::size_t ei = ni == 1 ? 1 : (ni == 2 ? 1 : ni);
  FeaturePair<T> best;
  bool have = false;
  for (std::size_t i = 0; i < er; ++i) {
    const std::uint32_t r0 = static_cast<std::uint32_t>(i), r1 = nr == 1 ? r0 : next_index(i, nr);
    for (std::size_t j = 0; j < ei; ++j) {
      const std::uint32_t i0 = static_cast<std::uint32_t>(j), i1 = ni == 1 ? i0 : next_index(j, ni);
      FeaturePair<T> fp;
      if (nr == 1 && ni == 1) {
        fp.dist2 = length_squared(inc.vertex(i0) - ref.vertex(r0));
        fp.vertex_pair = true, fp.ref_vertex = r0, fp.inc_vertex = i0;
      } else if (nr == 1) {  // ref is a point: swap roles and swap back
        const FeaturePair<T> s = segment_pair(inc.vertex(i0), inc.vertex(i1), i0, i1,
                                              ref.vertex(r0), ref.vertex(r0), r0, r0, true);
        fp.dist2 = s.dist2, fp.vertex_pair = s.vertex_pair;
        fp.ref_vertex = s.inc_vertex, fp.inc_vertex = s.ref_vertex;
      } else {
        fp = segment_pair(ref.vertex(r0), ref.vertex(r1), r0, r1, inc.vertex(i0), inc.vertex(i1),
                          i0, i1, ni == 1);
      }
      if (!have || fp.dist2 < best.dist2) best = fp, have = true;
      if (!(best.dist2 > T(0))) return best;
    }
  }
  return best;
}

/// Whether the pair found next to the best face is provably the closest pair of the cores: a vertex
/// pair (p, q) is when p is ref's extreme vertex along q − p and q is inc's extreme vertex along
/// p − q, up to the rounding of the four dot products (kSatCertifyUlps; the gap along q − p then
/// equals |q − p|); an interior pair is when its distance matches the best face gap (a lower bound
/// on the distance) within kSatGapErrorUlps · u · S.
/// `brute_force`: the pair is closest_features_all's, the closest by unsigned distance over all
/// feature pairs; only then is a neighbour accepted for its curvature (see `further` below).
template <class T>
bool closest_certified(const ConvexShape<T>& ref, const ConvexShape<T>& inc,
                       const FeaturePair<T>& fp, T best_gap, bool brute_force) {
  using std::sqrt;
  if (!(fp.dist2 > T(0))) return true;
  const T tol = gap_error_bound(pair_scale(ref, inc));
  if (!fp.vertex_pair) return best_gap >= T(0) && sqrt(fp.dist2) - best_gap <= tol;
  const Vec2<T> p = ref.vertex(fp.ref_vertex), q = inc.vertex(fp.inc_vertex);
  const Vec2<T> v = q - p;
  const T len = sqrt(fp.dist2);
  const T slack = T(kSatCertifyUlps) * unit_roundoff<T>();
  const T us = unit_roundoff<T>() * pair_scale(ref, inc);
  using std::abs;
  // `further`: whether neighbour r = p + w of p (sign +1) or r = q + w of q (sign −1, looking
  // along −v) shows that the pair is not the closest. `out` is the outward normal (unnormalised)
  // of the edge between the vertex and r; a segment (two_sided) has both sides out. In order
  // (fixtures in fixtures/found/):
  //  1. r no further along sign·v than the dot product's rounding, kSatCertifyUlps · u ·
  //     (|vx·wx| + |vy·wy|): not further (fuzz-17841afe09f9327b pins the per-component bound).
  //  2. v points into the shape's side of that edge, so it is no separating direction, and the
  //     best face gap is not positive (the cores may overlap): further, however little
  //     (fuzz-f8fafd66b0b0341b, fuzz-23b5b9e32d604370, fuzz-b6031eccb748c79c).
  //  3. r further along v̂ by at most kSatVertexAxisUlps · u · S, SAT's own vertex-axis
  //     threshold: not further; brute force picks the first of two vertices whose distances tie
  //     in T (fuzz-983b0b87891eb337). With a positive gap this comes before the into-the-shape
  //     test (fuzz-5e7efab37460b55c).
  //  4. Otherwise further, unless the pair is brute force's and v leaves the shape through the
  //     edge's outer side: a neighbour at cosine c to v then shortens the distance by at most
  //     |v|·c²/2, and one with |v|·c²/2 <= u·S, i.e. along² <= 2·u·S·|w|²/|v| (formed so that
  //     nothing overflows below the coordinate limit; an infinite right side for a tiny |v|
  //     accepts, rightly), is accepted; without it, rotated boxes side by side would fall back
  //     to the O(n·m) search in most queries. The bound is u·S, not the face gap's error
  //     (fuzz-772924ed54f244a0), and it holds for the distance from the other vertex to this
  //     shape only, not between the shapes, whose other edges may run towards this one: hence
  //     only for brute force's pair, which no feature pair is closer than (fuzz-3356071bbe6b7489).
  const bool gap_positive = best_gap > T(0);
  auto further = [&](Vec2<T> w, Vec2<T> out, bool two_sided, T sign) {
    const T dd = sign * dot(v, w);
    if (!(dd > slack * (abs(v.x * w.x) + abs(v.y * w.y)))) return false;
    const bool into = !two_sided && !(sign * dot(v, out) > T(0));  // v points into the shape
    if (into && !gap_positive) return true;
    const T along = dd / len;  // w's length along v̂: |w|·c
    if (!(along > T(kSatVertexAxisUlps) * us)) return false;
    if (!brute_force || into) return true;
    return along * along > T(2) * us * (dot(w, w) / len);
  };
  // On a convex polygon a vertex is extreme along v iff neither neighbour is further along v:
  // four dot products, not n + m. Counter-clockwise: the edge to the next vertex r has outward
  // normal perp_right(r − vertex), the edge from the previous one perp_right(vertex − r).
  const std::size_t nr = ref.size(), ni = inc.size();
  const Vec2<T> rp = ref.vertex(prev_index(fp.ref_vertex, nr)),
                rn = ref.vertex(next_index(fp.ref_vertex, nr));
  const Vec2<T> ip = inc.vertex(prev_index(fp.inc_vertex, ni)),
                in = inc.vertex(next_index(fp.inc_vertex, ni));
  return !further(rp - p, perp_right(p - rp), nr <= 2, T(1)) &&
         !further(rn - p, perp_right(rn - p), nr <= 2, T(1)) &&
         !further(ip - q, perp_right(q - ip), ni <= 2, T(-1)) &&
         !further(in - q, perp_right(in - q), ni <= 2, T(-1));
}

/// Closest features of the cores between the reference face `face` of `ref` and the incident
/// feature of `inc` (its edge at the support vertex, or its single vertex).
///
/// Two segments that do not cross are closest at an endpoint of one of them, so the distance is
/// the smallest of the four endpoint-to-segment distances (the general closest-points formula
/// divides by a·e − b², which cancels catastrophically for the near-parallel edges met here). A
/// proper crossing (orientation signs) means distance 0. `vertex_pair` says the smallest distance
/// joins two vertices (ref_vertex, inc_vertex) — the case that needs a vertex–vertex axis.
///
/// The features next to the best face are not always the closest ones: when the closest point of
/// D to the origin is a vertex of D, the face of largest gap need not be adjacent to it (a face
/// further round can have a larger gap along its own normal, up to the distance). The pair is
/// therefore certified (closest_certified, O(1)) and, if that fails, the closest pair is
/// found over all feature pairs (closest_features_all, O(n·m); rare).
template <class T>
FeaturePair<T> closest_features(const ConvexShape<T>& ref, std::uint32_t face,
                                const ConvexShape<T>& inc, std::uint32_t support, T best_gap) {
  const std::uint32_t r0 = face, r1 = next_index(face, ref.size());
  FeaturePair<T> fp;
  if (inc.size() == 1) {
    fp = segment_pair(ref.vertex(r0), ref.vertex(r1), r0, r1, inc.vertex(0), inc.vertex(0), 0u, 0u,
                      true);
  } else {
    const std::uint32_t e = incident_edge(inc, ref.normal(face), support);
    const std::uint32_t e1 = next_index(e, inc.size());
    fp = segment_pair(ref.vertex(r0), ref.vertex(r1), r0, r1, inc.vertex(e), inc.vertex(e1), e, e1,
                      false);
  }
  if (closest_certified(ref, inc, fp, best_gap, false)) return fp;
  // The brute-force pair is the closest by unsigned distance. Where the cores overlap (a best gap
  // below 0 within its rounding) that distance separates nothing: a vertex pair that does not pass
  // the certificate either is no vertex–vertex axis (the face answers).
  FeaturePair<T> all = closest_features_all(ref, inc);
  if (all.vertex_pair && !closest_certified(ref, inc, all, best_gap, true)) all.vertex_pair = false;
  return all;
}

/// Whether the closest features decide the answer instead of the best face gap: they join two
/// vertices, at a distance beyond max(face gap, 0) by more than kSatVertexAxisUlps · u · S
/// (S = pair_scale). Closer than that the face answers within the tolerance, and the vertex pair
/// may be rounding's: a point whose projection falls within u·|e| of an edge's end is classed with
/// the end's vertex, and the axis between two points that close can point anywhere
/// (fixtures/found/fuzz-66592bc933fcec92.json). A negative face gap (cores overlapping within the
/// gap's error) is no exception: there the crossing test of closest_features is rounding too
/// (fixtures/found/fuzz-85a92449f654f647.json).
template <class T>
bool use_vertex_axis(const FeaturePair<T>& fp, T best_gap, T scale) {
  if (!(fp.vertex_pair && fp.dist2 > T(0))) return false;
  const T floor = best_gap > T(0) ? best_gap : T(0);
  const T beyond = floor + T(kSatVertexAxisUlps) * unit_roundoff<T>() * scale;
  return fp.dist2 > beyond * beyond;
}

/// Whether the closest-features refinement is needed after the face pass (see the derivation):
/// never where the best face gap is clearly negative (below −kSatGapErrorUlps·u·S, its rounding);
/// otherwise for rounded shapes and for points and segments, and for polygons of radius 0 where
/// the gap is within its rounding of zero. There the face gap's sign is rounding's, and the cores
/// may still be far apart: at a corner sharper than the unit normals can resolve, every face gap
/// is exactly tiny and positive but rounds to 0, while the corner's own distance is large
/// (fixtures/found/fuzz-9ef54a9921e8c485.json; reduced in sat_test.cpp, SatTyped.
/// APointAboveASliverTrianglesSharpCornerIsSeparatedFromIt). Where the gap is clearly positive,
/// it decides the relation of polygons by itself.
/// `tol`: gap_error_bound(pair_scale(a, b)), formed once by the caller.
template <class T>
bool needs_refinement(const ConvexShape<T>& a, const ConvexShape<T>& b, T best_gap, T tol) {
  if (!(best_gap >= -tol)) return false;
  const bool thin = a.size() <= 2 && b.size() <= 2;
  if (a.radius() + b.radius() > T(0) || thin) return true;
  return best_gap <= tol;
}

/// The closest features between the best face (B's when on_b, else A's) and the other core: the
/// refinement of sat_query and sat_overlap.
template <class T>
FeaturePair<T> best_face_features(const ConvexShape<T>& a, const ConvexShape<T>& b,
                                  const FacePass<T>& pass, bool on_b, const Face<T>& best) {
  return on_b ? closest_features(b, best.face, a,
                                 pass.support(b.normal(best.face), a, best.support), best.gap)
              : closest_features(a, best.face, b,
                                 pass.support(a.normal(best.face), b, best.support), best.gap);
}

/// Gap of the cores along a cached axis, unnormalised: gap = num / sqrt(len2) (len2 = 1 for face
/// axes). `valid` is false when the cache does not fit the shapes.
template <class T>
struct AxisGap {
  bool valid = false;
  T num{};
  T len2{};
  Vec2<T> dir{};  ///< the axis, unnormalised, from A towards B
};

template <class T>
AxisGap<T> cached_axis_gap(const ConvexShape<T>& a, const ConvexShape<T>& b, const SatCache& c) {
  AxisGap<T> g;
  const auto av = a.vertices(), bv = b.vertices();
  switch (c.axis) {
    case SatAxis::none:
      return g;
    case SatAxis::face_a: {
      if (c.index_a >= a.normals().size()) return g;
      const Vec2<T> n = a.normal(c.index_a), p = av[c.index_a];
      T m = dot(n, bv[0] - p);
      for (std::size_t j = 1; j < bv.size(); ++j) {
        const T x = dot(n, bv[j] - p);
        if (x < m) m = x;
      }
      g.valid = true, g.num = m, g.len2 = T(1), g.dir = n;
      return g;
    }
    case SatAxis::face_b: {
      if (c.index_b >= b.normals().size()) return g;
      const Vec2<T> n = b.normal(c.index_b), p = bv[c.index_b];
      T m = dot(n, av[0] - p);
      for (std::size_t i = 1; i < av.size(); ++i) {
        const T x = dot(n, av[i] - p);
        if (x < m) m = x;
      }
      g.valid = true, g.num = m, g.len2 = T(1), g.dir = -n;
      return g;
    }
    case SatAxis::vertex_vertex: {
      if (c.index_a >= av.size() || c.index_b >= bv.size()) return g;
      const Vec2<T> o = av[c.index_a];
      const Vec2<T> v = bv[c.index_b] - o;
      const T len2 = dot(v, v);
      if (!(len2 > T(0))) return g;
      T max_a = dot(v, av[0] - o);
      for (std::size_t i = 1; i < av.size(); ++i) {
        const T x = dot(v, av[i] - o);
        if (x > max_a) max_a = x;
      }
      T min_b = dot(v, bv[0] - o);
      for (std::size_t j = 1; j < bv.size(); ++j) {
        const T x = dot(v, bv[j] - o);
        if (x < min_b) min_b = x;
      }
      g.valid = true, g.num = min_b - max_a, g.len2 = len2, g.dir = v;
      return g;
    }
  }
  return g;
}

/// num / sqrt(len2) > r, decided without square roots (r >= 0).
template <class T>
bool gap_exceeds(const AxisGap<T>& g, T r) {
  return g.valid && g.num > T(0) && g.num * g.num > r * r * g.len2;
}

}  // namespace sat_detail

/// SAT query: relation, minimum translation vector, and the separating gap.
///
/// Answers: whether the rounded shapes A and B intersect; if so the unit normal n (A towards B) and
/// depth such that translating B by n·depth leaves them touching, with depth minimal (the MTV);
/// if not, a separating axis and B's gap beyond A along it (a lower bound on the distance; see
/// SatResult::separation). Touching shapes intersect with depth exactly 0 when the touching
/// features are computed exactly.
///
/// cache: optional. Its axis is tested first; if it still separates the shapes the answer is that
/// axis and its gap (1 axis test; the gap may be smaller than the best axis's). Otherwise all face
/// directions are tested and the cache receives the best axis.
///
/// Preconditions: a and b built by make_shape. Failure cases: none reported — degenerate pairs
/// (coincident points, collinear segments) are answered; for coincident single points the normal is
/// the arbitrary (1, 0). Near ties between axes are decided by rounding (A's faces win exact ties).
/// Tolerance: kSatParallelAxisUlps (skipped parallel axes; options.parallel_axis_ulps),
/// kSatGapErrorUlps (refinement trigger).
/// Cost: at most 2·n·m dot products (n, m vertex counts); a square root only for a vertex axis or
/// a refined pair. No allocation.
template <class T>
SatResult<T> sat_query(const ConvexShape<T>& a, const ConvexShape<T>& b, SatCache* cache = nullptr,
                       const SatOptions& options = {}) {
  using std::sqrt;
  using namespace sat_detail;
  SatResult<T> out;
  const T r = a.radius() + b.radius();

  auto finish = [&](T sep, bool intersects) {
    if (intersects && sep > T(0)) sep = T(0);
    if (!intersects && sep < T(0)) sep = T(0);
    out.intersects = intersects;
    out.separation = sep;
    out.depth = sep < T(0) ? -sep : T(0);
    if (cache != nullptr) {
      cache->axis = out.axis;
      cache->index_a = out.index_a;
      cache->index_b = out.index_b;
    }
    return out;
  };

  if (cache != nullptr && cache->axis != SatAxis::none) {
    const AxisGap<T> g = cached_axis_gap(a, b, *cache);
    out.axes_tested = 1;
    if (gap_exceeds(g, r)) {
      const bool vv = cache->axis == SatAxis::vertex_vertex;
      const T len = vv ? sqrt(g.len2) : T(1);
      out.normal = vv ? unit_vector(g.dir, g.len2) : g.dir;
      out.axis = cache->axis;
      out.index_a = cache->index_a;
      out.index_b = cache->index_b;
      out.separation_is_distance = false;
      return finish(g.num / len - r, false);
    }
  }

  if (a.size() == 1 && b.size() == 1) {
    const Vec2<T> d = b.vertex(0) - a.vertex(0);
    const T d2 = length_squared(d);
    out.axes_tested += 1;
    out.axis = SatAxis::vertex_vertex;
    out.separation_is_distance = true;
    if (d2 > T(0)) {
      out.normal = unit_vector(d, d2);
      return finish(sqrt(d2) - r, d2 <= r * r);
    }
    out.normal = Vec2<T>{T(1), T(0)};
    return finish(-r, true);
  }

  const FacePass<T> pass = face_pass(a, b, false, T(0), options.parallel_axis_ulps);
  out.axes_tested += pass.tested;
  const bool on_b = best_is_b(pass);
  const Face<T>& best = on_b ? pass.b : pass.a;
  out.axis = on_b ? SatAxis::face_b : SatAxis::face_a;
  (on_b ? out.index_b : out.index_a) = best.face;
  out.normal = on_b ? -b.normal(best.face) : a.normal(best.face);

  const T scale = pair_scale(a, b);
  if (needs_refinement(a, b, best.gap, gap_error_bound(scale))) {
    out.axes_tested += 1;
    const FeaturePair<T> fp = best_face_features(a, b, pass, on_b, best);
    // Closest features known: a positive gap is now the distance (face case: the face gap itself,
    // which is computed more accurately than any distance formula).
    out.separation_is_distance = fp.dist2 > T(0);
    if (use_vertex_axis(fp, best.gap, scale)) {
      const T dist = sqrt(fp.dist2);
      out.index_a = on_b ? fp.inc_vertex : fp.ref_vertex;
      out.index_b = on_b ? fp.ref_vertex : fp.inc_vertex;
      out.normal = unit_vector(b.vertex(out.index_b) - a.vertex(out.index_a), fp.dist2);
      out.axis = SatAxis::vertex_vertex;
      // A face gap above r proves separation as it does in sat_overlap's early stop; both must
      // agree where the two computations differ by a rounding at touching contact.
      return finish(dist - r, fp.dist2 <= r * r && best.gap <= r);
    }
  }
  return finish(best.gap - r, best.gap <= r);
}

/// SAT overlap predicate: do the closed rounded shapes intersect (touching counts)?
///
/// Same answer as sat_query(a, b).intersects, but stops at the first axis that separates the
/// shapes and uses no square root (exact number types decide it exactly). cache: as in sat_query;
/// it receives the separating axis found, or the best axis when the shapes intersect.
/// Preconditions and failure cases: as sat_query.
template <class T>
bool sat_overlap(const ConvexShape<T>& a, const ConvexShape<T>& b, SatCache* cache = nullptr) {
  using namespace sat_detail;
  const T r = a.radius() + b.radius();
  if (cache != nullptr && cache->axis != SatAxis::none &&
      gap_exceeds(cached_axis_gap(a, b, *cache), r))
    return false;
  auto remember = [&](SatAxis axis, std::uint32_t ia, std::uint32_t ib) {
    if (cache != nullptr) *cache = SatCache{axis, ia, ib};
  };
  if (a.size() == 1 && b.size() == 1) {
    remember(SatAxis::vertex_vertex, 0, 0);
    return length_squared(b.vertex(0) - a.vertex(0)) <= r * r;
  }
  const FacePass<T> pass = face_pass(a, b, true, r);
  const bool on_b = pass.stopped ? pass.stopped_on_b : best_is_b(pass);
  const Face<T>& best = on_b ? pass.b : pass.a;
  if (on_b)
    remember(SatAxis::face_b, 0, best.face);
  else
    remember(SatAxis::face_a, best.face, 0);
  if (pass.stopped) return false;
  const T scale = pair_scale(a, b);
  if (needs_refinement(a, b, best.gap, gap_error_bound(scale))) {
    const FeaturePair<T> fp = best_face_features(a, b, pass, on_b, best);
    if (use_vertex_axis(fp, best.gap, scale)) {
      remember(SatAxis::vertex_vertex, on_b ? fp.inc_vertex : fp.ref_vertex,
               on_b ? fp.ref_vertex : fp.inc_vertex);
      return fp.dist2 <= r * r;  // best.gap <= r here: no face stopped the pass
    }
  }
  return best.gap <= r;
}

}  // namespace minkowski::fast
