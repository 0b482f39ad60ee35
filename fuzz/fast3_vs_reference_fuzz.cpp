// fuzz/fast3_vs_reference_fuzz.cpp — every fast 3D algorithm (properties/fast_adapters3.hpp:
// GJK, GJK + EPA, SAT, the clipping manifold), in float and double, on a 3D case decoded from
// arbitrary bytes, judged against the exact 3D reference (judge3 under bounds3_for).
//
// Decoding (fuzz_bytes.hpp's ByteReader gives every value: one tag byte reaches ±0, ±1, NaN, ±inf,
// ±denormals, ±1e308, the coordinate limits, "the previous value", "one ulp up"; small integers
// −16..15; or any double). Byte 0 chooses the layout:
//   even  raw: two point counts (byte % (kMaxFuzzPoints3 + 1): 0, an empty shape, is reachable),
//         radius a, radius b, then a's points (x, y, z), then b's — any cloud, any value;
//   odd   constructed, so that the fuzzer reaches the hard cases in a few bytes instead of
//         guessing them in a cloud: per shape a kind byte (point, segment, triangle, square, box,
//         tetrahedron, octahedron, a small cloud), its half-extents (hx, hy, hz), its centre, an
//         orientation byte (one of the 48 axis permutations with sign flips, exact; or the
//         3-4-5 turn about an axis, x' = 3x − 4y, y' = 4x + 3y, exact on small integers), its
//         radius, and a jitter byte (up to 3 vertex coordinates moved by ±1, ±2 or ±16 ulps:
//         near-coplanar faces, slivers, nearly parallel edges); then a placement byte: free, or
//         B moved along ±x, ±y or ±z until its extreme meets A's extreme, radii included (face–
//         face, edge–edge, vertex–face, … touching where the extreme features overlap), then
//         nudged by 0, ±1, ±2, ±16 ulps or by a decoded value; then a scale byte (both shapes,
//         radii too, times 2^e, e = the byte as int8: 2^-128 … 2^127, exact unless it under- or
//         overflows) and a far-offset byte (when its low bits are 0, a decoded value is added to
//         every coordinate: far from the origin).
// fuzz/make_seed_corpus.py writes both layouts (the repository's 3D cases raw, and one
// constructed seed per pair of kinds and placements) into the seed directory numeric3/.
//
// Asserts, aborting (a libFuzzer finding) otherwise:
//   - input the 3D reference refuses (reference::validate throws InputError) is refused by every
//     fast algorithm too (run_fast3 → nullopt with a reason);
//   - the input domain (tolerances3.hpp, "The input domain"): make_shape3 builds both shapes of
//     a case inside it and refuses a case outside it (in_domain). Layouts with byte 0 = 2 mod 4
//     put one coordinate or radius one ulp beyond float's or double's max_coordinate, so the
//     refusal is asked every few inputs, not only when the decoded values happen to be huge;
//   - every answer has only finite numbers; a precision that cannot represent the case (run_fast3
//     → nullopt, e.g. 1e200 in float) says why, and is skipped;
//   - every answer passes the tolerance model (judge3, bounds3_for(algorithm, precision)) against
//     the exact answer, asserted where the property suite asserts it: at case scales S of at least
//     min_judged_scale (bounds.hpp; below it this target does not even ask).
// The manifold is judged like the others, under its rows of kBounds3Provisional (bounds.hpp) — as
// fast3_vs_reference_test does: the property suite asserts the provisional rows as they are, and
// the manifold's known open defects (properties/test/open3/README.md) are failures its long mode
// finds, kept as fixtures, not exemptions. A finding of that class here is therefore a finding,
// listed in fuzz/findings/README.md as one of the known open 3D defects.
// A judge failure is first written as a 3D fixture (property_harness3's write_fixture3: the case,
// the exact answer, the broken field and the fast answer) into the directory named by
// $MINKOWSKI_FUZZ_FOUND, when set. No crash, UB (ASan + UBSan) or hang (libFuzzer -timeout) is
// the harness's part.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "fuzz_bytes.hpp"
#include "minkowski/fixtures/case_io.hpp"
#include "minkowski/properties/bounds.hpp"
#include "minkowski/properties/fast_adapters3.hpp"
#include "minkowski/properties/property_harness3.hpp"

namespace {

using namespace minkowski;
using reference::Point3;
using reference::Shape3;

/// Points per raw shape: 12 × 12 = 144 difference points, the size of the 3D oracle's common
/// 12-vertex polytope pairs (as reference_hull3_fuzz), small enough that one input under ASan
/// stays around a millisecond.
constexpr std::size_t kMaxFuzzPoints3 = 12;
/// Points of a constructed "cloud" kind: a few, around the kind's centre.
constexpr std::size_t kMaxCloudPoints = 8;
/// Jitters per constructed shape (each one vertex coordinate moved by a few ulps).
constexpr int kMaxJitters = 3;
/// The ulp steps a jitter or a touching nudge takes: the generators3.hpp nudges (±1, ±2, ±16).
constexpr int kUlpSteps[] = {1, -1, 2, -2, 16, -16};

[[noreturn]] void fail(const fixtures::Case3& c, const std::string& what) {
  std::fprintf(stderr, "fast3_vs_reference_fuzz: %s\ncase: %s\n", what.c_str(),
               fixtures::case_to_json(c).dump().c_str());
  std::abort();
}

bool finite(const std::optional<std::array<double, 3>>& p) {
  return !p || (std::isfinite((*p)[0]) && std::isfinite((*p)[1]) && std::isfinite((*p)[2]));
}

bool all_finite(const properties::FastAnswer3& f) {
  if (!finite(f.normal) || !finite(f.point_a) || !finite(f.point_b)) return false;
  if (f.depth && !std::isfinite(*f.depth)) return false;
  if (f.distance && !std::isfinite(*f.distance)) return false;
  if (!std::isfinite(f.input_shift)) return false;
  if (f.contacts)
    for (const auto& k : *f.contacts)
      if (!std::isfinite(k.depth) || !finite(k.point) || !finite(k.point_a) || !finite(k.point_b))
        return false;
  return true;
}

/// `v` moved by `steps` ulps (nextafter, |steps| <= 16: bounded).
double step_ulps(double v, int steps) {
  const double towards = steps > 0 ? INFINITY : -INFINITY;
  for (int i = 0; i < std::abs(steps); ++i) v = std::nextafter(v, towards);
  return v;
}

double& coord(Point3& p, int axis) { return axis == 0 ? p.x : axis == 1 ? p.y : p.z; }

/// One orientation: bytes 0..47 an axis permutation (byte / 8) with sign flips (byte % 8),
/// 48..63 the 3-4-5 turn about axis byte % 3 (x' = 3x − 4y, y' = 4x + 3y: the rotation by
/// cos = 3/5, sin = 4/5 times 5, exact on integers below 2^50).
Point3 orient(Point3 p, std::uint8_t o) {
  o %= 64;
  if (o < 48) {
    static constexpr int kPerm[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                        {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    const int* perm = kPerm[o / 8];
    Point3 q;
    for (int i = 0; i < 3; ++i) coord(q, i) = ((o >> i) & 1 ? -1.0 : 1.0) * coord(p, perm[i]);
    return q;
  }
  const int axis = o % 3, i = (axis + 1) % 3, j = (axis + 2) % 3;
  Point3 q = p;
  coord(q, i) = 3 * coord(p, i) - 4 * coord(p, j);
  coord(q, j) = 4 * coord(p, i) + 3 * coord(p, j);
  return q;
}

/// The unit template of a kind (points with coordinates in {−1, 0, 1}), scaled by the
/// half-extents later. Kind 7 (a cloud) has no template: its points are decoded.
std::vector<Point3> kind_template(int kind) {
  switch (kind) {
    case 0:  // a point
      return {{0, 0, 0}};
    case 1:  // a segment
      return {{-1, -1, -1}, {1, 1, 1}};
    case 2:  // a triangle (flat, generally oblique)
      return {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    case 3:  // a square in the plane z = 0 (flat polygon; hz moves nothing)
      return {{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0}};
    case 4: {  // a box
      std::vector<Point3> v;
      for (int i = 0; i < 8; ++i)
        v.push_back({i & 1 ? 1.0 : -1.0, i & 2 ? 1.0 : -1.0, i & 4 ? 1.0 : -1.0});
      return v;
    }
    case 5:  // a tetrahedron (alternate corners of the box)
      return {{1, 1, 1}, {1, -1, -1}, {-1, 1, -1}, {-1, -1, 1}};
    default:  // 6: an octahedron
      return {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
  }
}

/// Reads one constructed shape; nullopt when the bytes run out. `kind_out` receives its kind.
std::optional<Shape3> read_constructed(fuzz::ByteReader& r, int* kind_out) {
  const auto kind_byte = r.byte();
  if (!kind_byte) return std::nullopt;
  const int kind = *kind_byte % 8;
  *kind_out = kind;
  double h[3], centre[3];
  for (double& v : h) {
    const auto x = r.value();
    if (!x) return std::nullopt;
    v = *x;
  }
  for (double& v : centre) {
    const auto x = r.value();
    if (!x) return std::nullopt;
    v = *x;
  }
  const auto o = r.byte();
  const auto radius = r.value();
  if (!o || !radius) return std::nullopt;
  Shape3 s;
  s.radius = *radius;
  std::vector<Point3> local;
  if (kind == 7) {  // a small cloud: count, then points relative to the centre
    const auto n = r.byte();
    if (!n) return std::nullopt;
    for (std::size_t i = 0; i < std::size_t{*n} % kMaxCloudPoints + 1; ++i) {
      Point3 p;
      for (int a = 0; a < 3; ++a) {
        const auto x = r.value();
        if (!x) return std::nullopt;
        coord(p, a) = *x;
      }
      local.push_back(p);
    }
  } else {
    for (Point3 p : kind_template(kind)) {
      for (int a = 0; a < 3; ++a) coord(p, a) *= h[a];
      local.push_back(p);
    }
  }
  for (const Point3& p : local) {
    const Point3 q = orient(p, *o);
    s.points.push_back({q.x + centre[0], q.y + centre[1], q.z + centre[2]});
  }
  const auto jitter = r.byte();
  if (!jitter) return std::nullopt;
  for (int j = 0; j < *jitter % (kMaxJitters + 1); ++j) {
    const auto what = r.byte();
    if (!what) return std::nullopt;
    Point3& p = s.points[(*what / 18) % s.points.size()];
    coord(p, *what % 3) = step_ulps(coord(p, *what % 3), kUlpSteps[(*what / 3) % 6]);
  }
  return s;
}

/// The largest value of side·x_axis over the shape's points, plus its radius: how far the shape
/// reaches along ±axis.
double reach(const Shape3& s, int axis, double side) {
  double m = -INFINITY;
  for (Point3 p : s.points) m = std::max(m, side * coord(p, axis));
  return m + s.radius;
}

/// The constructed layout (byte 0 odd). `kind` receives a short description for the fixture.
std::optional<fixtures::Case3> decode_constructed(fuzz::ByteReader& r, std::string* kind) {
  fixtures::Case3 c;
  int ka = 0, kb = 0;
  auto a = read_constructed(r, &ka);
  if (!a) return std::nullopt;
  auto b = read_constructed(r, &kb);
  if (!b) return std::nullopt;
  c.a = std::move(*a);
  c.b = std::move(*b);
  static constexpr const char* kKinds[] = {"point", "segment", "triangle", "square",
                                           "box",   "tetra",   "octa",     "cloud"};
  *kind = std::string(kKinds[ka]) + "/" + kKinds[kb];
  const auto placement = r.byte(), scale = r.byte(), far = r.byte();
  if (!placement || !scale || !far) return std::nullopt;
  if (*placement % 8 != 0) {  // touching along ±axis, then nudged
    const int axis = (*placement / 8) % 3;
    const double side = (*placement / 24) % 2 ? 1.0 : -1.0;
    // B's reach towards A (−side) meets A's reach along side: shift B by the gap.
    const double shift = reach(c.a, axis, side) + reach(c.b, axis, -side);
    for (Point3& p : c.b.points) coord(p, axis) += side * shift;
    const int nudge = *placement % 8;  // 1: exact, 2..7: ±1, ±2, ±16 ulps; see below
    if (nudge >= 2)
      for (Point3& p : c.b.points)
        coord(p, axis) = step_ulps(coord(p, axis), static_cast<int>(side) * kUlpSteps[nudge - 2]);
    *kind += "/touch" + std::to_string(axis) + (side > 0 ? "+" : "-") + "/" + std::to_string(nudge);
  }
  const int e = static_cast<std::int8_t>(*scale);
  if (e != 0)
    for (Shape3* s : {&c.a, &c.b}) {
      for (Point3& p : s->points)
        for (int i = 0; i < 3; ++i) coord(p, i) = std::ldexp(coord(p, i), e);
      s->radius = std::ldexp(s->radius, e);
    }
  if (*far % 4 == 0) {
    double offset[3];
    for (double& v : offset) {
      const auto x = r.value();
      if (!x) return std::nullopt;
      v = *x;
    }
    for (Shape3* s : {&c.a, &c.b})
      for (Point3& p : s->points)
        for (int i = 0; i < 3; ++i) coord(p, i) += offset[i];
    *kind += "/far";
  }
  *kind += "/2^" + std::to_string(e);
  return c;
}

/// The raw layout (byte 0 even): counts, radii, points — any cloud.
std::optional<fixtures::Case3> decode_raw(fuzz::ByteReader& r) {
  const auto na = r.byte(), nb = r.byte();
  if (!na || !nb) return std::nullopt;
  fixtures::Case3 c;
  const auto ra = r.value(), rb = r.value();
  if (!ra || !rb) return std::nullopt;
  c.a.radius = *ra;
  c.b.radius = *rb;
  for (auto [shape, n] :
       {std::pair{&c.a, *na % (kMaxFuzzPoints3 + 1)}, std::pair{&c.b, *nb % (kMaxFuzzPoints3 + 1)}})
    for (std::size_t i = 0; i < n; ++i) {
      Point3 p;
      for (int a = 0; a < 3; ++a) {
        const auto x = r.value();
        if (!x) return std::nullopt;
        coord(p, a) = *x;
      }
      shape->points.push_back(p);
    }
  return c;
}

void store_finding(const fixtures::Case3& c, const std::string& kind, const std::string& name,
                   const std::string& broke, const properties::FastAnswer3& fast) {
  const char* dir = std::getenv("MINKOWSKI_FUZZ_FOUND");
  if (!dir) return;
  properties::FailureRecord3 r;
  r.generated.c = c;
  r.generated.c.id = "fuzz3";
  r.generated.family = "fuzz";
  r.generated.kind = kind;
  r.property = "fuzz/fast3_vs_reference_fuzz: " + name;
  r.what = broke;
  r.fast = fast;
  std::fprintf(stderr, "fixture: %s\n", properties::write_fixture3(dir, r).c_str());
}

/// Whether `c`'s shapes lie in make_shape3's input domain for T (tolerances3.hpp, "The input
/// domain"): every coordinate and radius, rounded to T, finite and at most max_coordinate<T>() in
/// magnitude, the radius >= 0 before rounding, 1 to kMaxShapePoints points. Nothing else: the
/// domain has no limit on a shape's proportions (a needle is inside) or on the ratio of the two
/// shapes' scales.
template <class T>
bool in_domain(const fixtures::Case3& c) {
  const T limit = fast::max_coordinate<T>();
  auto ok = [&](double v) {
    const T t = static_cast<T>(v);
    return std::isfinite(t) && !(std::abs(t) > limit);
  };
  for (const Shape3* s : {&c.a, &c.b}) {
    if (s->points.empty() || s->points.size() > fast::kMaxShapePoints) return false;
    if (!(s->radius >= 0) || !ok(s->radius)) return false;
    for (const Point3& q : s->points)
      if (!ok(q.x) || !ok(q.y) || !ok(q.z)) return false;
  }
  return true;
}

template <class T>
void check_precision(const fixtures::Case3& c, bool valid, const reference::PairAnswer3* exact,
                     properties::Precision p, const std::string& kind) {
  const properties::FastPair3<T> pair = properties::make_fast_pair3<T>(c);
  // The domain's promise, both ways: inside, make_shape3 builds both shapes; outside, it refuses
  // with a message (never a silent answer).
  const bool inside = in_domain<T>(c);
  if (inside && !pair.a)
    fail(c, std::string("make_shape3<") + properties::to_string(p) +
                "> refused a case inside its domain: " + pair.why_not);
  if (!inside && pair.a)
    fail(c, std::string("make_shape3<") + properties::to_string(p) +
                "> built a shape outside its domain");
  for (properties::Algorithm3 alg : properties::all_algorithms3()) {
    const std::string name =
        std::string(properties::to_string(alg)) + "/" + properties::to_string(p);
    const auto f = properties::run_fast3<T>(alg, pair);
    if (!f) {
      if (pair.why_not.empty()) fail(c, name + " refused the case without a reason");
      continue;
    }
    if (!valid) fail(c, name + " answered a case the reference refuses as invalid");
    if (!all_finite(*f)) fail(c, name + " answered with NaN or infinity");
    if (!exact) continue;  // below the smallest judged scale
    const properties::Verdict v =
        properties::judge3(c, *exact, *f, properties::bounds3_for(alg, p));
    if (!v.ok) {
      store_finding(c, kind, name, v.summary(), *f);
      fail(c, name + " outside the tolerance model: " + v.summary());
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::ByteReader r(data, size);
  const auto layout = r.byte();
  if (!layout) return 0;
  std::string kind = "raw";
  auto decoded = *layout % 2 ? decode_constructed(r, &kind) : decode_raw(r);
  if (!decoded) return 0;
  if (*layout % 4 == 2) {  // outside the domain: one value just beyond a type's limit
    const auto which = r.byte();
    if (!which) return 0;
    std::vector<double*> values;
    for (Shape3* s : {&decoded->a, &decoded->b}) {
      values.push_back(&s->radius);
      for (Point3& q : s->points) values.insert(values.end(), {&q.x, &q.y, &q.z});
    }
    // float's or double's max_coordinate, one ulp (of double) beyond, with either sign (a
    // radius stays positive: a negative one is refused as such).
    const double limit = *which & 1 ? static_cast<double>(fast::max_coordinate<float>())
                                    : fast::max_coordinate<double>();
    double* v = values[(*which / 4) % values.size()];
    const bool is_radius = v == &decoded->a.radius || v == &decoded->b.radius;
    *v = (*which & 2 && !is_radius ? -1.0 : 1.0) * std::nextafter(limit, INFINITY);
    kind += "/beyond_limit";
  }
  const fixtures::Case3& c = *decoded;
  // A crash (SEGV, sanitizer report) leaves no case behind: with MINKOWSKI_FUZZ_PRINT_CASE set,
  // every input's case is printed before it runs (replay one crash-* file to read its case).
  if (std::getenv("MINKOWSKI_FUZZ_PRINT_CASE") != nullptr)
    std::fprintf(stderr, "fast3_vs_reference_fuzz: case (%s): %s\n", kind.c_str(),
                 fixtures::case_to_json(c).dump().c_str());
  bool valid = true;
  try {
    reference::validate(c.a, "shape a");
    reference::validate(c.b, "shape b");
  } catch (const reference::InputError&) {
    valid = false;
  }
  // The exact answer once per case (judge3 keeps the prepared pair for this case); only where a
  // precision's judgement is asserted: S >= min_judged_scale (the float limit is the larger).
  std::optional<reference::PairAnswer3> exact;
  const double scale = valid ? properties::case_scale_of(c) : 0;
  if (valid && scale >= properties::min_judged_scale(properties::Precision::double_))
    exact = properties::exact_answer3(c, reference::Detail::magnitudes);
  const bool judge_float =
      exact && scale >= properties::min_judged_scale(properties::Precision::single);
  check_precision<float>(c, valid, judge_float ? &*exact : nullptr, properties::Precision::single,
                         kind);
  check_precision<double>(c, valid, exact ? &*exact : nullptr, properties::Precision::double_,
                          kind);
  return 0;
}
