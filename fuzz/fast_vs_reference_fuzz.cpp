// fuzz/fast_vs_reference_fuzz.cpp — every fast algorithm (properties/fast_adapters.hpp), in float
// and double, on a case decoded from arbitrary bytes (fuzz_bytes.hpp: NaN, ±inf, denormals,
// ±1e308, duplicate points, zero-length edges, empty shapes).
//
// Asserts, aborting (a libFuzzer finding) otherwise:
//   - input the reference refuses (reference::validate throws InputError) is refused by every
//     fast algorithm too: run_fast returns nullopt with a non-empty reason;
//   - for valid input, every answer a fast algorithm gives has only finite numbers, and every
//     judged algorithm's answer passes the tolerance model (properties/judge.hpp with the bounds of
//     properties/src/bounds.cpp) against the exact answer — asserted, as everywhere, only when the
//     case's scale S is at least properties::min_judged_scale (bounds.hpp; below it this target
//     does not even ask). A precision that cannot
//     represent the case (run_fast → nullopt, e.g. 1e200 in float) must say why, and is skipped.
//   - the input domain's contract (fast/tolerances.hpp, "The input domain") on every shape
//     make_shape accepts, in float and double: the bytes draw mostly from outside the domain
//     (subnormals, coordinates 1e300 apart, slivers), and make_shape must refuse them (the
//     reason checked above) or weld them into it: no nonzero coordinate or radius below u·S, the
//     reported weld_shift at most (kSliverUlps + 2·kWeldUlps + 3)·u·S, and every input point and
//     the input radius within weld_shift of the built shape (check_domain). The answers on the
//     welded shapes — inside the domain — are the judged ones: the judge grants weld_shift and
//     judges the input's exact hull.
// A judge failure is first written as a fixture (fixtures::write_fixture) into the directory named
// by $MINKOWSKI_FUZZ_FOUND, when set, so that it can join fixtures/found/.
// No crash, UB (the fuzz preset builds with ASan + UBSan) or hang (libFuzzer -timeout) is the
// harness's part.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <string>

#include "fuzz_bytes.hpp"
#include "minkowski/fixtures/answer_json.hpp"
#include "minkowski/fixtures/fixture_io.hpp"
#include "minkowski/properties/bounds.hpp"
#include "minkowski/properties/fast_adapters.hpp"

namespace {

using namespace minkowski;

/// Points per shape: enough for every support-search path (linear, binary search, climbing) and
/// EPA's polytope, small enough that one input stays well under a millisecond.
constexpr std::size_t kMaxFuzzPoints = 16;

[[noreturn]] void fail(const fixtures::Case& c, const std::string& what) {
  fuzz::fail_with_case("fast_vs_reference_fuzz", c, what);
}

bool finite(const std::optional<std::array<double, 2>>& p) {
  return !p || (std::isfinite((*p)[0]) && std::isfinite((*p)[1]));
}

bool all_finite(const properties::FastAnswer& f) {
  if (!finite(f.normal) || !finite(f.point_a) || !finite(f.point_b)) return false;
  if (f.depth && !std::isfinite(*f.depth)) return false;
  if (f.distance && !std::isfinite(*f.distance)) return false;
  if (f.contacts)
    for (const auto& k : *f.contacts)
      if (!std::isfinite(k.depth) || !finite(k.point) || !finite(k.point_a) || !finite(k.point_b))
        return false;
  return true;
}

void store_finding(const fixtures::Case& c, const std::string& alg, const std::string& broke) {
  const char* dir = std::getenv("MINKOWSKI_FUZZ_FOUND");
  if (!dir) return;
  fixtures::Fixture f;
  f.c = c;
  f.expected = fixtures::answer_to_json(reference::query(c.a, c.b));
  f.provenance =
      fixtures::Provenance("fuzz/fast_vs_reference_fuzz").algorithm(alg).broke(broke).json();
  std::fprintf(stderr, "fixture: %s\n", fixtures::write_fixture(dir, f, "fuzz").c_str());
}

/// Distance from (px, py) to the segment from (ax, ay) to (cx, cy), in long double.
long double segment_distance(long double px, long double py, long double ax, long double ay,
                             long double cx, long double cy) {
  const long double dx = cx - ax, dy = cy - ay, wx = px - ax, wy = py - ay;
  const long double dd = dx * dx + dy * dy;
  long double t = dd > 0 ? (dx * wx + dy * wy) / dd : 0;
  t = t < 0 ? 0 : (t > 1 ? 1 : t);
  return std::hypot(wx - t * dx, wy - t * dy);
}

/// Distance from p to the shape's core, in long double (0 inside): for float shapes exact to far
/// below u·S, for double ones to about 2^-62·S (the caller allows 2^-60·S).
template <class T>
long double core_distance(const fast::ConvexShape<T>& s, long double px, long double py) {
  const auto v = s.vertices();
  const std::size_t n = v.size();
  if (n == 1) return std::hypot(px - v[0].x, py - v[0].y);
  long double best = INFINITY;
  bool inside = n >= 3;
  for (std::size_t i = 0; i < (n == 2 ? 1 : n); ++i) {
    const fast::Vec2<T> a = v[i], b = v[(i + 1) % n];
    const long double cross = (static_cast<long double>(b.x) - a.x) * (py - a.y) -
                              (static_cast<long double>(b.y) - a.y) * (px - a.x);
    if (cross < 0) inside = false;
    best = std::min(best, segment_distance(px, py, a.x, a.y, b.x, b.y));
  }
  return inside ? 0 : best;
}

/// How far a long double distance of this file may be off at shape scale S.
long double slack_of(long double scale) { return std::ldexp(1.0L, -60) * scale; }

/// The input domain's contract on one accepted shape (see the file comment); aborts otherwise.
template <class T>
void check_domain(const fixtures::Case& c, const reference::Shape& in, const char* which) {
  std::string why;
  const auto built = properties::to_fast_shape<T>(in, &why);
  if (!built) return;  // refused: the reason is checked with the answers
  const fast::ConvexShape<T>& s = *built;
  const std::string name = std::string(which) + (sizeof(T) == 4 ? "/float" : "/double");
  const long double u = fast::unit_roundoff<T>(), scale = s.scale();
  const long double shift = s.weld_shift();
  for (const fast::Vec2<T>& v : s.vertices())
    for (T x : {v.x, v.y})
      if (x != T(0) && std::abs(x) < T(fast::kFlushUlps) * T(u) * s.scale())
        fail(c, name + ": a coordinate below the domain's flush was kept");
  if (s.radius() != T(0) && s.radius() < T(fast::kFlushUlps) * T(u) * s.scale())
    fail(c, name + ": a radius below the domain's flush was kept");
  // No sliver left: every polygon vertex more than its threshold kSliverUlps·u·min(S, L/2) (L
  // its longer edge, L1 norm: fast::detail::sliver_threshold) from the segment between its
  // neighbours (measured in long double: to 2^-60·S, a relative 2^-9 of the threshold in double
  // where L/2 >= S; a smaller threshold gets the same absolute slack), and then every turn left
  // in T's own rounded arithmetic where nothing underflows. The threshold is computed in double
  // on the vertices and S scaled by the power of two 2^e that brings S to [1, 2) (exact): at
  // subnormal scale 16u·S itself underflows to T's grid (S = 1.47e-309: 0.53 of 2^-1074 came out
  // 2^-1074, and a vertex 0.71·2^-1074 from its chord, rightly kept, was called a sliver:
  // fuzz/findings' fast_vs_reference_fuzz-sliver-kept-bf29ffb4.bin).
  const auto v = s.vertices();
  const std::size_t n = v.size();
  const int e = s.scale() > T(0) ? -std::ilogb(s.scale()) : 0;
  for (std::size_t i = 0; n >= 3 && i < n; ++i) {
    const fast::Vec2<T> p0 = v[(i + n - 1) % n], p1 = v[i], p2 = v[(i + 1) % n];
    auto d = [e](fast::Vec2<T> p) {
      return fast::Vec2<double>{std::ldexp(double(p.x), e), std::ldexp(double(p.y), e)};
    };
    const long double tau = std::ldexp(
        static_cast<long double>(fast::detail::sliver_threshold(
            d(p0), d(p1), d(p2), std::ldexp(double(scale), e), double(u))),
        -e);
    if (!(segment_distance(p1.x, p1.y, p0.x, p0.y, p2.x, p2.y) > tau - 2 * slack_of(scale)))
      fail(c, name + ": a sliver vertex was kept");
    if (s.scale() >= T(fast::kRescaleBelow) && !(fast::cross(p1 - p0, p2 - p0) > T(0)))
      fail(c, name + ": a kept turn is not left in rounded arithmetic");
  }
  // The weld's move: the flush (<= 3u·S), the point weld (<= 2·kWeldUlps·u·S) and the sliver weld
  // (kSliverUlps·u·S per sliver; nearest first keeps a chain near it: 2·kSliverUlps allowed).
  // weld_shift is a T rounded up at most twice (the sliver move's conversion, the sum's step up:
  // shape.hpp), each by one spacing of T at the value: 2u relative where it is normal (inside
  // the 1e-6), denorm_min where it is subnormal — a T bound cannot be below T's grid, and a
  // shape of subnormal scale moved by less than 2^-1074 reports 2^-1074 (fast/test/shape_test.cpp,
  // ShapeDomain.TheSliverMoveOfASubnormalShapeIsRoundedUpNotToZero).
  const long double most = (2 * fast::kSliverUlps + 2 * fast::kWeldUlps + 3) * u * scale;
  const long double grid = 2 * static_cast<long double>(std::numeric_limits<T>::denorm_min());
  if (!(shift <= most * (1 + 1e-6L) + grid))
    fail(c, name + ": weld_shift " + std::to_string(double(shift)) + " above its bound");
  const long double slack = slack_of(scale);
  for (const reference::Point& p : in.points) {
    const long double d = core_distance(s, static_cast<T>(p.x), static_cast<T>(p.y));
    if (d > shift + slack) fail(c, name + ": an input point lies beyond weld_shift of the shape");
  }
  if (static_cast<long double>(static_cast<T>(in.radius)) - s.radius() > shift + slack)
    fail(c, name + ": the radius shrank by more than weld_shift");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto decoded = fuzz::decode_case(data, size, kMaxFuzzPoints);
  if (!decoded) return 0;
  const fixtures::Case& c = *decoded;
  bool valid = true;
  try {
    reference::validate(c.a, "shape a");
    reference::validate(c.b, "shape b");
  } catch (const reference::InputError&) {
    valid = false;
  }
  for (const reference::Shape* s : {&c.a, &c.b}) {
    const char* which = s == &c.a ? "make_shape(a)" : "make_shape(b)";
    check_domain<float>(c, *s, which);
    check_domain<double>(c, *s, which);
  }
  std::optional<reference::PairAnswer> exact;
  if (valid) exact = reference::query(c.a, c.b);
  for (properties::Algorithm alg : properties::all_algorithms())
    for (properties::Precision p :
         {properties::Precision::single, properties::Precision::double_}) {
      const std::string name =
          std::string(properties::to_string(alg)) + "/" + properties::to_string(p);
      std::string why;
      const auto f = p == properties::Precision::single
                         ? properties::run_fast<float>(alg, c, &why)
                         : properties::run_fast<double>(alg, c, &why);
      if (!f) {
        if (why.empty()) fail(c, name + " refused the case without a reason");
        continue;
      }
      if (!valid) fail(c, name + " answered a case the reference refuses as invalid");
      if (!all_finite(*f)) fail(c, name + " answered with NaN or infinity");
      if (!properties::is_judged(alg)) continue;
      // Not asserted below the smallest judged scale (judge() would measure and pass it): skip
      // the exact work, as denormal-laden inputs are a good share of this target's.
      if (properties::case_scale_of(c) < properties::min_judged_scale(p)) continue;
      const properties::Verdict v =
          properties::judge(c, *exact, *f, properties::bounds_for(alg, p));
      if (!v.ok) {
        store_finding(c, name, v.summary());
        fail(c, name + " outside the tolerance model: " + v.summary());
      }
    }
  return 0;
}
