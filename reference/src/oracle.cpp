#include "minkowski/reference/oracle.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <initializer_list>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>

#include "approx.hpp"
#include "dyadic_integers.hpp"
#include "rounded_distance.hpp"

namespace minkowski::reference {

const char* to_string(Relation r) {
  switch (r) {
    case Relation::separated:
      return "separated";
    case Relation::touching:
      return "touching";
    case Relation::overlapping:
      return "overlapping";
  }
  return "?";
}

const char* to_string(CoreLocation c) {
  switch (c) {
    case CoreLocation::outside:
      return "outside";
    case CoreLocation::boundary:
      return "boundary";
    case CoreLocation::inside:
      return "inside";
  }
  return "?";
}

namespace {

using detail::Approx;

Rational cross(const RationalPoint& a, const RationalPoint& b) { return a.x * b.y - a.y * b.x; }
Rational dot(const RationalPoint& a, const RationalPoint& b) { return a.x * b.x + a.y * b.y; }
RationalPoint sub(const RationalPoint& a, const RationalPoint& b) { return {a.x - b.x, a.y - b.y}; }
RationalPoint neg(const RationalPoint& a) { return {-a.x, -a.y}; }
/// Outward normal of a counter-clockwise edge direction e: e rotated by −90°.
RationalPoint perp_right(const RationalPoint& e) { return {e.y, -e.x}; }
RationalPoint lerp(const RationalPoint& a, const RationalPoint& b, const Rational& t) {
  return {a.x + t * (b.x - a.x), a.y + t * (b.y - a.y)};
}
Real to_real(const Rational& q) {
  Real r;
  r.backend() = q.backend();  // mpfr_set_q: one correctly rounded conversion
  return r;
}

ExactPoint exact(const Point& p) { return {{p.x, 0}, {p.y, 0}}; }
RationalPoint rational(const Point& p) { return {Rational(p.x), Rational(p.y)}; }

/// The Minkowski difference core: exact points, the (i, j) they came from, and the hull.
struct Difference {
  std::vector<ExactPoint> pts;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> from;  // indices into a.points, b.points
  std::vector<std::uint32_t> hull;                            // CCW indices into pts
  bool expansions = true;
};

/// A feature of core(D)'s hull that may hold the point nearest the origin.
struct Feature {
  bool is_edge = false;
  std::size_t k = 0;  ///< vertex k, or edge k -> k+1 (positions in the hull order)
};

struct Evaluated {
  Feature f;
  Rational q;  ///< exact squared distance from the origin to the feature (point or line)
};

/// Exact squared distances on integers. Every coordinate in a query is a double or the exact
/// sum of two (ExactCoord), i.e. an integer times a power of two: with E the smallest exponent of
/// the unit in the last place among the doubles involved, each difference v − q is an integer
/// times 2^E, and |v − q|² (or cross(a, b)² / |b − a|²) is an integer expression times 2^(2E).
/// Evaluating that with GMP integers and forming the rational once gives the same canonical
/// rational as the chain of Rational operations (exact values have one canonical form) without a
/// gcd per operation and without allocating: the integers are kept per thread and reused
/// (Rational temporaries and their gcds would otherwise weigh on every campaign).
struct DyadicScratch {
  static constexpr int kSlots = 8;  ///< ax, ay, bx, by, two products, a term, spare
  mpz_t z[kSlots];
  DyadicScratch() {
    for (mpz_t& x : z) mpz_init(x);
  }
  ~DyadicScratch() {
    for (mpz_t& x : z) mpz_clear(x);
  }
  DyadicScratch(const DyadicScratch&) = delete;
  DyadicScratch& operator=(const DyadicScratch&) = delete;
};

DyadicScratch& dyadic_scratch() {
  thread_local DyadicScratch s;
  return s;
}

using detail::common_exponent;
using detail::scaled_difference;

/// r = r · 2^k (k may be negative); mpq_mul_2exp / mpq_div_2exp keep r canonical.
void scale_by_power_of_two(mpq_ptr r, long k) {
  if (k >= 0)
    mpq_mul_2exp(r, r, static_cast<mp_bitcnt_t>(k));
  else
    mpq_div_2exp(r, r, static_cast<mp_bitcnt_t>(-k));
}

class Solver {
 public:
  /// Answers questions about the query point q relative to core(D) (q is the origin for a
  /// pair query: "where is the origin in D" is "do A and B intersect").
  Solver(const PreparedPair::Impl& prepared, HullStats& stats, const ExactPoint& q);

  const ExactPoint& q() const { return q_; }
  /// q as rationals, formed on first use (squared distances do not need it).
  const RationalPoint& rq() const {
    if (!rq_) rq_ = to_rational(q_);
    return *rq_;
  }

  const ExactPoint& v(std::size_t k) const { return d_.pts[d_.hull[k % h_]]; }
  const RationalPoint& rv(std::size_t k) const;

  int orient_origin(std::size_t k, std::size_t l) const {
    return orient_sign_fast(v(k), v(l), q_, expansions_, stats_.stages);
  }
  /// Sign of dot(O − v(k), v(l) − v(k)): > 0 when the foot of the origin on the line k→l lies
  /// beyond v(k) towards v(l).
  int foot_side(std::size_t k, std::size_t l) const {
    return dot_sign(v(k), q_, v(k), v(l), expansions_, stats_.stages);
  }
  bool foot_strictly_inside(std::size_t k) const {
    return foot_side(k, k + 1) > 0 && foot_side(k + 1, k) > 0;
  }

  Approx approx_q(const Feature& f) const {
    const Approx qx = Approx::of(q_.x), qy = Approx::of(q_.y);
    if (!f.is_edge) {
      const Approx x = Approx::of(v(f.k).x) - qx, y = Approx::of(v(f.k).y) - qy;
      return x * x + y * y;
    }
    const Approx ax = Approx::of(v(f.k).x) - qx, ay = Approx::of(v(f.k).y) - qy;
    const Approx bx = Approx::of(v(f.k + 1).x) - qx, by = Approx::of(v(f.k + 1).y) - qy;
    const Approx c = ax * by - ay * bx;
    const Approx ex = bx - ax, ey = by - ay;
    return (c * c) / (ex * ex + ey * ey);
  }

  /// Exact squared distance from q to the feature: |v − q|² for a vertex, and for an edge
  /// a→b (relative to q) cross(a, b)² / |b − a|². Computed on scaled integers (see
  /// DyadicScratch); exact, so equal to the same formula on Rationals.
  Rational exact_q(const Feature& f) const {
    mpz_t* z = dyadic_scratch().z;
    Rational out;
    const mpq_ptr r = out.backend().data();
    const ExactPoint& va = v(f.k);
    if (!f.is_edge) {
      const long e = common_exponent({&va.x, &va.y, &q_.x, &q_.y});
      scaled_difference(z[0], va.x, q_.x, e, z[6]);
      scaled_difference(z[1], va.y, q_.y, e, z[6]);
      mpz_mul(z[0], z[0], z[0]);
      mpz_addmul(z[0], z[1], z[1]);  // dx² + dy²
      mpq_set_z(r, z[0]);
      scale_by_power_of_two(r, 2 * e);
      return out;
    }
    const ExactPoint& vb = v(f.k + 1);
    const long e = common_exponent({&va.x, &va.y, &vb.x, &vb.y, &q_.x, &q_.y});
    scaled_difference(z[0], va.x, q_.x, e, z[6]);  // a
    scaled_difference(z[1], va.y, q_.y, e, z[6]);
    scaled_difference(z[2], vb.x, q_.x, e, z[6]);  // b
    scaled_difference(z[3], vb.y, q_.y, e, z[6]);
    mpz_mul(z[4], z[0], z[3]);  // c = ax·by − ay·bx   (· 2^2e)
    mpz_submul(z[4], z[1], z[2]);
    mpz_mul(z[4], z[4], z[4]);  // c²                  (· 2^4e)
    mpz_sub(z[2], z[2], z[0]);  // e = b − a           (· 2^e)
    mpz_sub(z[3], z[3], z[1]);
    mpz_mul(z[5], z[2], z[2]);
    mpz_addmul(z[5], z[3], z[3]);  // |e|²                (· 2^2e)
    mpz_set(mpq_numref(r), z[4]);
    mpz_set(mpq_denref(r), z[5]);
    mpq_canonicalize(r);
    scale_by_power_of_two(r, 2 * e);
    return out;
  }

  /// Interval enclosures of q for every candidate (in approx_scratch()); returns the smallest
  /// upper bound, which the exact minimum cannot exceed.
  static std::vector<Approx>& approx_scratch() {
    thread_local std::vector<Approx> ap;
    return ap;
  }
  double approximate(const std::vector<Feature>& cands) const {
    std::vector<Approx>& ap = approx_scratch();
    ap.resize(cands.size());
    double min_upper = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < cands.size(); ++i) {
      ap[i] = approx_q(cands[i]);
      min_upper = std::min(min_upper, ap[i].upper());
    }
    return min_upper;
  }

  /// The candidates achieving the exact minimum of q (ties all returned, in input order).
  std::vector<Evaluated> minimize(const std::vector<Feature>& cands) const {
    const double min_upper = approximate(cands);
    std::vector<Approx>& ap = approx_scratch();
    std::vector<Evaluated> best;
    for (std::size_t i = 0; i < cands.size(); ++i) {
      // Certainly larger than another candidate. Written so that a NaN bound (inf − inf when the
      // double approximation overflows, e.g. coordinates near 1e211) never prunes: pruning every
      // candidate would leave `best` empty (FuzzFindings.OverflowingErrorBoundsPruneNothing).
      if (ap[i].lower() > min_upper) continue;
      Rational q = exact_q(cands[i]);
      if (best.empty() || q < best.front().q) {
        best.clear();
        best.push_back({cands[i], std::move(q)});
      } else if (q == best.front().q) {
        best.push_back({cands[i], std::move(q)});
      }
    }
    return best;
  }

  /// The exact minimum of q over the candidates (minimize(cands).front().q), into `out`,
  /// without collecting the ties. `out` must not be the per-thread scratch value.
  void min_q(const std::vector<Feature>& cands, Rational& out) const {
    const double min_upper = approximate(cands);
    std::vector<Approx>& ap = approx_scratch();
    thread_local Rational q;
    bool first = true;
    for (std::size_t i = 0; i < cands.size(); ++i) {
      if (ap[i].lower() > min_upper) continue;  // certainly larger (a NaN bound never prunes)
      q = exact_q(cands[i]);
      if (first || q < out) std::swap(out, q);
      first = false;
    }
  }

  /// The one feature among the candidates that the interval enclosures leave as possibly
  /// nearest (a vertex listed twice counts once), or nullopt when several remain.
  std::optional<Feature> sole_nearest(const std::vector<Feature>& cands) const {
    const double min_upper = approximate(cands);
    const std::vector<Approx>& ap = approx_scratch();
    std::optional<Feature> sole;
    for (std::size_t i = 0; i < cands.size(); ++i) {
      if (ap[i].lower() > min_upper) continue;  // certainly larger (a NaN bound never prunes)
      const Feature& f = cands[i];
      if (sole && (sole->is_edge != f.is_edge || sole->k % h_ != f.k % h_)) return std::nullopt;
      sole = f;
    }
    return sole;
  }

  /// Exact point of the feature nearest the origin (the foot of the origin on an edge).
  RationalPoint closest_point(const Feature& f, Rational* t_out = nullptr) const {
    if (!f.is_edge) return rv(f.k);
    const RationalPoint& s = rv(f.k);  // kept by the prepared pair: no copy
    const RationalPoint e = sub(rv(f.k + 1), s);
    const Rational t = dot(sub(rq(), s), e) / dot(e, e);
    if (t_out) *t_out = t;
    return {s.x + t * e.x, s.y + t * e.y};
  }

  /// The closest point and the core points of A and B behind it (core_a − core_b = p).
  void closest(const Feature& f, RationalPoint& p, RationalPoint& core_a,
               RationalPoint& core_b) const {
    const auto [ia, jb] = d_.from[d_.hull[f.k % h_]];
    Rational t;
    p = closest_point(f, &t);
    if (!f.is_edge) {
      core_a = rational(a_.points[ia]);
      core_b = rational(b_.points[jb]);
      return;
    }
    const auto [ia2, jb2] = d_.from[d_.hull[(f.k + 1) % h_]];
    core_a = lerp(rational(a_.points[ia]), rational(a_.points[ia2]), t);
    core_b = lerp(rational(b_.points[jb]), rational(b_.points[jb2]), t);
  }

  /// Outward normal of hull edge k (for h == 2, edges 0: v0->v1 and 1: v1->v0).
  RationalPoint edge_normal(std::size_t k) const { return perp_right(sub(rv(k + 1), rv(k))); }

 private:
  const Shape& a_;
  const Shape& b_;
  const Difference& d_;
  const PreparedPair::Impl& prepared_;
  HullStats& stats_;
  std::size_t h_;
  ExactPoint q_;
  /// The predicates' expansion stage is exact only when every point involved is in its domain:
  /// D's points and q. Unchecked, a translation of (2^-1074, 2^-1074) into a triangle would be
  /// located on its boundary (ReferenceHand.TinyTranslationIsLocatedExactly).
  bool expansions_;
  mutable std::optional<RationalPoint> rq_;  ///< see rq()
};

}  // namespace

bool DirectionSet::contains(const RationalPoint& v) const {
  if (v.x == 0 && v.y == 0) return false;
  switch (kind) {
    case Kind::all:
      return true;
    case Kind::ray:
      return cross(from, v) == 0 && dot(from, v) > 0;
    case Kind::cone: {
      const Rational turn = cross(from, to);
      if (turn > 0) return cross(from, v) >= 0 && cross(v, to) >= 0;
      if (turn == 0 && dot(from, to) < 0) return cross(from, v) >= 0;  // half-plane
      // reflex cone (> 180°): everything except the open cone from `to` to `from`
      return !(cross(to, v) > 0 && cross(v, from) > 0);
    }
  }
  return false;
}

std::vector<std::uint32_t> shape_hull(const Shape& s) {
  std::vector<ExactPoint> pts(s.points.size());
  for (std::size_t i = 0; i < pts.size(); ++i) pts[i] = exact(s.points[i]);
  StageCounts counts;
  return hull_exact(pts, counts).vertices;
}

/// The pair's shapes and the Minkowski difference core with its hull, built once.
struct PreparedPair::Impl {
  Shape a, b;
  std::vector<std::uint32_t> hull_a, hull_b;  ///< shape_hull(a), shape_hull(b)
  Difference d;
  HullSource hull_source = HullSource::exact_only;
  HullStats build_stats;  ///< the hull's construction (copied into every answer)
  /// r_a + r_b exact and in Real, converted once here instead of in every answer.
  Rational radius;
  Real radius_real;
  /// to_rational(d.pts[d.hull[k]]) for hull position k, converted on first use and kept (a
  /// judge asks a dozen questions per pair, each about a few vertices; converting all of them
  /// eagerly cost more than it saved). Safe from several threads: a slot is written once, under
  /// the mutex, and published by its ready flag. (Not std::call_once: glibc's pthread_once
  /// makes a futex wake-up system call on every first call, one per converted vertex.)
  const RationalPoint& rational_vertex(std::size_t k) const {
    if (!rational_ready_[k].load(std::memory_order_acquire)) {
      std::lock_guard<std::mutex> lock(rational_mutex_);
      if (!rational_ready_[k].load(std::memory_order_relaxed)) {
        rational_hull_[k].emplace(to_rational(d.pts[d.hull[k]]));
        rational_ready_[k].store(true, std::memory_order_release);
      }
    }
    return *rational_hull_[k];
  }
  void finish() {
    rational_hull_.assign(d.hull.size(), std::nullopt);
    rational_ready_ = std::make_unique<std::atomic<bool>[]>(d.hull.size());
    radius = Rational(a.radius) + Rational(b.radius);
    // Real(a) + Real(b) rounds the exact sum once, as to_real(radius) does (both round to
    // nearest), without the rational conversion.
    radius_real = Real(a.radius) + Real(b.radius);
  }

 private:
  /// Empty until converted: a default RationalPoint is four GMP integers, each allocated, and
  /// most slots are never converted.
  mutable std::vector<std::optional<RationalPoint>> rational_hull_;
  mutable std::unique_ptr<std::atomic<bool>[]> rational_ready_;
  mutable std::mutex rational_mutex_;
};

namespace {

Solver::Solver(const PreparedPair::Impl& prepared, HullStats& stats, const ExactPoint& q)
    : a_(prepared.a),
      b_(prepared.b),
      d_(prepared.d),
      prepared_(prepared),
      stats_(stats),
      h_(prepared.d.hull.size()),
      q_(q),
      expansions_(prepared.d.expansions && in_expansion_domain(q)) {}

const RationalPoint& Solver::rv(std::size_t k) const { return prepared_.rational_vertex(k % h_); }

/// Shape s against a single point at the origin: D = s, whose hull is s's own exact hull (the
/// differences s_i − 0 are s_i exactly), so Qhull is not asked.
/// `hull` is shape_hull(s) (already validated), or nullptr to compute it here.
std::shared_ptr<const PreparedPair::Impl> prepare_against_point(
    const Shape& s, const std::vector<std::uint32_t>* hull = nullptr) {
  if (!hull) validate(s, "shape");
  auto impl = std::make_shared<PreparedPair::Impl>();
  impl->a = s;
  impl->b.points = {{0, 0}};
  impl->hull_a = hull ? *hull : shape_hull(s);
  impl->hull_b = {0};
  Difference& d = impl->d;
  d.hull.reserve(impl->hull_a.size());
  d.pts.reserve(impl->hull_a.size());
  d.from.reserve(impl->hull_a.size());
  for (const std::uint32_t i : impl->hull_a) {
    d.hull.push_back(static_cast<std::uint32_t>(d.pts.size()));
    d.pts.push_back(exact(s.points[i]));
    d.from.emplace_back(i, 0);
  }
  d.expansions = std::all_of(d.pts.begin(), d.pts.end(),
                             [](const ExactPoint& p) { return in_expansion_domain(p); });
  impl->hull_source = HullSource::exact_only;
  impl->build_stats.by_source[static_cast<int>(HullSource::exact_only)] = 1;
  impl->finish();
  return impl;
}

std::shared_ptr<const PreparedPair::Impl> prepare(const Shape& a, const Shape& b) {
  validate(a, "shape a");
  validate(b, "shape b");
  auto impl = std::make_shared<PreparedPair::Impl>();
  impl->a = a;
  impl->b = b;
  // D's core points from the hull vertices of A and B (D's hull vertices are among them).
  impl->hull_a = shape_hull(a);
  impl->hull_b = shape_hull(b);
  const std::vector<std::uint32_t>& ha = impl->hull_a;
  const std::vector<std::uint32_t>& hb = impl->hull_b;
  if (ha.size() > kMaxDifferencePoints / hb.size())
    throw InputError(
        "shapes a and b have " + std::to_string(ha.size()) + " and " + std::to_string(hb.size()) +
        " hull vertices: their Minkowski difference would have more than kMaxDifferencePoints = " +
        std::to_string(kMaxDifferencePoints) + " points");
  Difference& d = impl->d;
  d.pts.reserve(ha.size() * hb.size());
  d.from.reserve(ha.size() * hb.size());
  for (const std::uint32_t i : ha)
    for (const std::uint32_t j : hb) {
      d.pts.push_back({exact_difference(a.points[i].x, b.points[j].x),
                       exact_difference(a.points[i].y, b.points[j].y)});
      d.from.emplace_back(i, j);
    }
  HullResult hull = hull_qhull_certified(d.pts, impl->build_stats);
  d.expansions = hull.in_expansion_domain;
  d.hull = std::move(hull.vertices);
  impl->hull_source = hull.source;
  impl->finish();
  return impl;
}

/// Where q lies relative to core(D): on its boundary (the feature, and how to form the optimal
/// directions there), inside, or outside; for the last two the features that may be nearest.
struct BoundaryDirection {
  enum class Kind { all, cone, ray };
  Kind kind;
  std::size_t from,
      to;  ///< cone: from the normal of edge `from` to that of edge `to`; ray: edge `from`
};
struct Location {
  std::vector<Feature> candidates;
  std::vector<BoundaryDirection> boundary_dirs;
  std::optional<Feature> boundary_feature;
  bool inside = false;
};

/// Where the solver's point lies relative to core(D) (h hull vertices). The answer is kept in a
/// per-thread Location, valid until the next call on the same thread: its vectors keep their
/// capacity, where a fresh Location cost two or three allocations per question (the judge asks
/// a dozen per case).
const Location& locate_in_difference(const Solver& s, std::size_t h) {
  thread_local Location loc;
  loc.candidates.clear();
  loc.boundary_dirs.clear();
  loc.boundary_feature.reset();
  loc.inside = false;
  std::vector<Feature>& candidates = loc.candidates;
  std::vector<BoundaryDirection>& boundary_dirs = loc.boundary_dirs;
  std::optional<Feature>& boundary_feature = loc.boundary_feature;
  bool& inside = loc.inside;
  if (h == 1) {
    if (s.v(0) == s.q()) {
      boundary_feature = Feature{false, 0};
      boundary_dirs.push_back({BoundaryDirection::Kind::all, 0, 0});
    } else {
      candidates.push_back({false, 0});
    }
  } else if (h == 2) {
    const int side = s.orient_origin(0, 1);
    const int f0 = s.foot_side(0, 1), f1 = s.foot_side(1, 0);
    if (side == 0 && f0 >= 0 && f1 >= 0) {
      if (f0 == 0) {  // origin at v0: half-plane cone between the two edge normals
        boundary_feature = Feature{false, 0};
        boundary_dirs.push_back({BoundaryDirection::Kind::cone, 1, 0});
      } else if (f1 == 0) {  // origin at v1
        boundary_feature = Feature{false, 1};
        boundary_dirs.push_back({BoundaryDirection::Kind::cone, 0, 1});
      } else {  // inside the segment: both normals
        boundary_feature = Feature{true, 0};
        boundary_dirs.push_back({BoundaryDirection::Kind::ray, 0, 0});
        boundary_dirs.push_back({BoundaryDirection::Kind::ray, 1, 1});
      }
    } else {
      candidates.push_back({false, 0});
      candidates.push_back({false, 1});
      if (f0 > 0 && f1 > 0) candidates.push_back({true, 0});
    }
  } else {
    thread_local std::vector<int> sign;
    sign.assign(h, 0);
    bool any_negative = false, any_zero = false;
    for (std::size_t k = 0; k < h; ++k) {
      sign[k] = s.orient_origin(k, k + 1);
      any_negative |= sign[k] < 0;
      any_zero |= sign[k] == 0;
    }
    if (any_negative) {
      for (std::size_t k = 0; k < h; ++k) {
        if (sign[k] >= 0) continue;
        candidates.push_back({false, k});
        candidates.push_back({false, (k + 1) % h});
        if (s.foot_strictly_inside(k)) candidates.push_back({true, k});
      }
    } else if (any_zero) {
      std::size_t zeros = 0, first = 0;
      for (std::size_t k = 0; k < h; ++k)
        if (sign[k] == 0) {
          if (zeros++ == 0) first = k;
        }
      if (zeros == 1) {
        boundary_feature = Feature{true, first};
        boundary_dirs.push_back({BoundaryDirection::Kind::ray, first, first});
      } else {  // two adjacent edges: the origin is their common vertex
        const std::size_t vtx = (first == 0 && sign[h - 1] == 0) ? 0 : first + 1;
        boundary_feature = Feature{false, vtx % h};
        boundary_dirs.push_back({BoundaryDirection::Kind::cone, (vtx + h - 1) % h, vtx % h});
      }
    } else {
      inside = true;
      for (std::size_t k = 0; k < h; ++k) candidates.push_back({true, k});
    }
  }

  return loc;
}

DirectionSet ray(RationalPoint dir) {
  DirectionSet ds;
  ds.kind = DirectionSet::Kind::ray;
  ds.from = dir;
  ds.to = std::move(dir);
  return ds;
}

/// The optimal directions at a point on core(D)'s boundary, as located (Location::boundary_dirs).
std::vector<DirectionSet> boundary_directions(const Solver& s, const Location& loc) {
  std::vector<DirectionSet> out;
  for (const BoundaryDirection& bd : loc.boundary_dirs) {
    switch (bd.kind) {
      case BoundaryDirection::Kind::all: {
        DirectionSet all;
        all.kind = DirectionSet::Kind::all;
        out.push_back(all);
        break;
      }
      case BoundaryDirection::Kind::cone: {
        DirectionSet ds;
        ds.kind = DirectionSet::Kind::cone;
        ds.from = s.edge_normal(bd.from);
        ds.to = s.edge_normal(bd.to);
        out.push_back(std::move(ds));
        break;
      }
      case BoundaryDirection::Kind::ray:
        out.push_back(ray(s.edge_normal(bd.from)));
        break;
    }
  }
  return out;
}

/// What answer_at asks for, and of which pair.
struct AnswerRequest {
  const PreparedPair::Impl& prepared;
  bool full;         ///< Detail::full: witnesses and minimum translation vectors too
  bool directions;   ///< optimal directions wanted
  bool zero_radius;  ///< both radii 0: `squared` and the MTVs are exact rationals
};

/// q on core(D)'s boundary: touching (radius 0) or overlapping by the radius.
void answer_on_boundary(const AnswerRequest& req, const Solver& s, const Feature& f,
                        std::vector<DirectionSet> dirs, PairAnswer& ans) {
  ans.core_location = CoreLocation::boundary;
  ans.core_squared = 0;
  ans.relation = ans.radius == 0 ? Relation::touching : Relation::overlapping;
  ans.signed_distance = -req.prepared.radius_real;
  ans.directions = std::move(dirs);
  if (!req.full) return;
  Witness w;
  RationalPoint p;
  s.closest(f, p, w.core_a, w.core_b);
  w.point_a[0] = to_real(w.core_a.x);
  w.point_a[1] = to_real(w.core_a.y);
  w.point_b[0] = to_real(w.core_b.x);
  w.point_b[1] = to_real(w.core_b.y);
  ans.witness = std::move(w);
}

/// q strictly inside core(D): overlapping; depth and directions from the nearest edges (ties all).
void answer_inside(const AnswerRequest& req, const Solver& s, const Location& loc,
                   PairAnswer& ans) {
  ans.core_location = CoreLocation::inside;
  std::vector<Evaluated> best = s.minimize(loc.candidates);
  ans.core_squared = best.front().q;
  ans.relation = Relation::overlapping;
  ans.signed_distance = -(sqrt(to_real(ans.core_squared)) + req.prepared.radius_real);
  if (!req.directions) return;
  for (const Evaluated& e : best) {
    DirectionSet ds = ray(s.edge_normal(e.f.k));
    if (req.zero_radius && req.full) ds.mtv = sub(s.closest_point(e.f), s.rq());
    ans.directions.push_back(std::move(ds));
  }
}

/// q strictly outside core(D): the relation against the radius, the distance, and the one
/// direction and witness pair from the nearest feature (the nearest point of a convex set is
/// unique).
void answer_outside(const AnswerRequest& req, const Solver& s, const Location& loc,
                    PairAnswer& ans) {
  ans.core_location = CoreLocation::outside;
  std::vector<Evaluated> best = s.minimize(loc.candidates);
  ans.core_squared = best.front().q;
  const Rational r2 = ans.radius * ans.radius;
  ans.relation = ans.core_squared > r2    ? Relation::separated
                 : ans.core_squared == r2 ? Relation::touching
                                          : Relation::overlapping;
  const Real dist = sqrt(to_real(ans.core_squared));
  const Real& r_real = req.prepared.radius_real;
  // dist − r cancels when q is within 2^-256 of r²: sqrt(q) rounds to r and the difference to 0
  // while the relation (exact) says separated or overlapping (circles whose centres are
  // 5 − 2.4e-323 apart with radii 2 and 3; see
  // FuzzFindings.SignOfSignedDistanceIsExactUnderCancellation). The same value as
  // (q − r²)/(sqrt(q) + r) has an exact numerator and no cancellation, so its sign is exact.
  ans.signed_distance = ans.radius == 0 ? dist : to_real(ans.core_squared - r2) / (dist + r_real);
  if (!req.full) {
    if (req.directions) ans.directions.push_back(ray(sub(s.rq(), s.closest_point(best.front().f))));
    return;
  }
  Witness w;
  RationalPoint p;
  s.closest(best.front().f, p, w.core_a, w.core_b);
  // Unit normal from A towards B is −p/|p| (p = core_a − core_b ≠ 0 here; relative to q).
  const RationalPoint rel = sub(p, s.rq());
  const Real nx = -to_real(rel.x) / dist, ny = -to_real(rel.y) / dist;
  const Real ra = req.prepared.a.radius, rb = req.prepared.b.radius;
  w.point_a[0] = to_real(w.core_a.x) + ra * nx;
  w.point_a[1] = to_real(w.core_a.y) + ra * ny;
  w.point_b[0] = to_real(w.core_b.x) - rb * nx;
  w.point_b[1] = to_real(w.core_b.y) - rb * ny;
  ans.witness = std::move(w);
  ans.directions.push_back(ray(neg(rel)));
}

/// The answer for the point q relative to D = A − B; with q = origin, the pair query.
/// `directions`: false when only the relation and the magnitudes are wanted (a translation's
/// signed distance): the optimal directions then stay empty.
PairAnswer answer_at(const PreparedPair::Impl& prepared, const ExactPoint& q, Detail detail,
                     bool directions = true) {
  const AnswerRequest req{prepared, detail == Detail::full, directions,
                          prepared.a.radius == 0 && prepared.b.radius == 0};
  const Difference& d = prepared.d;
  PairAnswer ans;
  ans.stats = prepared.build_stats;
  ans.hull_source = prepared.hull_source;
  ans.difference_points = static_cast<std::uint32_t>(d.pts.size());
  ans.difference_vertices = static_cast<std::uint32_t>(d.hull.size());
  ans.radius = prepared.radius;

  Solver s(prepared, ans.stats, q);
  const Location& loc = locate_in_difference(s, d.hull.size());
  std::vector<DirectionSet> boundary_dirs = boundary_directions(s, loc);
  if (loc.boundary_feature)
    answer_on_boundary(req, s, *loc.boundary_feature, std::move(boundary_dirs), ans);
  else if (loc.inside)
    answer_inside(req, s, loc, ans);
  else
    answer_outside(req, s, loc, ans);
  if (req.zero_radius) ans.squared = ans.core_squared;
  return ans;
}

/// answer_at(prepared, q, Detail::magnitudes, false).signed_distance without the rest of the
/// answer (no PairAnswer, no directions, no copied statistics): the same location, the same
/// exact minimum and the same MPFR operations, so the same value bit for bit
/// (reference/test/prepared_equivalence_test.cpp checks it against an independent computation).
Real exact_signed_distance(const PreparedPair::Impl& prepared, const Solver& s,
                           const Location& loc) {
  const Real& r_real = prepared.radius_real;
  if (loc.boundary_feature) return -r_real;
  // The same MPFR operations as -(sqrt(to_real(q)) + r) and sqrt(to_real(q)) − r (each rounds
  // to nearest at Real's precision), in a reused per-thread value instead of two temporaries.
  thread_local Rational q_min;
  thread_local Real root;
  s.min_q(loc.candidates, q_min);
  mpfr_set_q(root.backend().data(), q_min.backend().data(), MPFR_RNDN);
  mpfr_sqrt(root.backend().data(), root.backend().data(), MPFR_RNDN);
  Real out;
  if (loc.inside) {
    mpfr_add(out.backend().data(), root.backend().data(), r_real.backend().data(), MPFR_RNDN);
    mpfr_neg(out.backend().data(), out.backend().data(), MPFR_RNDN);
  } else if (prepared.radius == 0) {
    out = root;
  } else {
    // As answer_at: (q − r²)/(sqrt(q) + r), whose exact numerator keeps the sign exact where
    // sqrt(q) − r would cancel to 0 (q within 2^-256 of r²).
    Real denominator;
    mpfr_add(denominator.backend().data(), root.backend().data(), r_real.backend().data(),
             MPFR_RNDN);
    const Real numerator = to_real(q_min - prepared.radius * prepared.radius);
    mpfr_div(out.backend().data(), numerator.backend().data(), denominator.backend().data(),
             MPFR_RNDN);
  }
  return out;
}

Real signed_distance_at(const PreparedPair::Impl& prepared, const ExactPoint& q) {
  HullStats ignored;
  const Solver s(prepared, ignored, q);
  return exact_signed_distance(prepared, s, locate_in_difference(s, prepared.d.hull.size()));
}

/// signed_distance_at(prepared, q) rounded to the nearest double. When a single feature is
/// certainly nearest, detail::rounded_signed_distance decides the rounding with expansions
/// (no GMP, no MPFR); otherwise, or when it declines, the exact value is rounded.
double rounded_signed_distance_at(const PreparedPair::Impl& prepared, const ExactPoint& q) {
  HullStats ignored;
  const Solver s(prepared, ignored, q);
  const Location& loc = locate_in_difference(s, prepared.d.hull.size());
  if (!loc.boundary_feature && prepared.d.expansions) {
    if (const std::optional<Feature> f = s.sole_nearest(loc.candidates)) {
      const ExactPoint* b = f->is_edge ? &s.v(f->k + 1) : nullptr;
      if (const std::optional<double> d = detail::rounded_signed_distance(
              s.v(f->k), b, q, prepared.a.radius, prepared.b.radius, loc.inside))
        return *d;
    }
  }
  return static_cast<double>(exact_signed_distance(prepared, s, loc));
}

}  // namespace

PreparedPair::PreparedPair(const Shape& a, const Shape& b) : impl_(prepare(a, b)) {}

PreparedPair PreparedPair::against_point(const Shape& s) {
  PreparedPair p;
  p.impl_ = prepare_against_point(s);
  return p;
}

PreparedPair PreparedPair::a_against_point() const {
  PreparedPair p;
  p.impl_ = prepare_against_point(impl_->a, &impl_->hull_a);
  return p;
}

PreparedPair PreparedPair::b_against_point() const {
  PreparedPair p;
  p.impl_ = prepare_against_point(impl_->b, &impl_->hull_b);
  return p;
}

const Shape& PreparedPair::a() const { return impl_->a; }
const Shape& PreparedPair::b() const { return impl_->b; }

PairAnswer PreparedPair::query(Detail detail) const {
  return answer_at(*impl_, ExactPoint{}, detail);
}

double PreparedPair::signed_distance_after_translation_rounded(Point v) const {
  if (!std::isfinite(v.x) || !std::isfinite(v.y))
    throw InputError("translation: coordinates must be finite");
  return rounded_signed_distance_at(*impl_, ExactPoint{{v.x, 0}, {v.y, 0}});
}

Real PreparedPair::signed_distance_after_translation(Point v) const {
  if (!std::isfinite(v.x) || !std::isfinite(v.y))
    throw InputError("translation: coordinates must be finite");
  // dist(A, B + v) is the distance from the origin to D − v, i.e. from v to D.
  return signed_distance_at(*impl_, ExactPoint{{v.x, 0}, {v.y, 0}});
}

PairAnswer query(const Shape& a, const Shape& b, Detail detail) {
  return PreparedPair(a, b).query(detail);
}

Real signed_distance_after_translation(const Shape& a, const Shape& b, Point v) {
  return PreparedPair(a, b).signed_distance_after_translation(v);
}

Relation locate(const Shape& s, Point p) {
  Shape point;
  point.points = {p};
  return query(s, point).relation;
}

}  // namespace minkowski::reference
