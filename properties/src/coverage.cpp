#include "minkowski/properties/coverage.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>

#include "minkowski/properties/judge.hpp"
#include "minkowski/properties/judge3.hpp"
#include "exact_support.hpp"
#include "minkowski/reference/predicates3.hpp"

namespace minkowski::properties {

namespace {

using reference::Rational;
using reference::Real;
using reference::Relation;

/// Unit roundoffs of double and float, for the bands (coverage.hpp).
constexpr double kUDouble = 0x1p-53;
constexpr double kUFloat = 0x1p-24;

/// Rounding bound of the double filters below, relative to the sum of absolute products: a
/// direction component rounded from a rational errs by < 1 ulp (mpq_get_d truncates: 2u), a dot
/// product or 2×2 / 3×3 determinant of rounded differences by at most ~6u (Higham, "Accuracy and
/// Stability of Numerical Algorithms", §3.1: γ_n for n <= 3 terms, plus one rounding per
/// difference). 16u covers both with room; a larger bound only sends more cases to the exact path.
constexpr double kFilterBound = 16 * kUDouble;
/// Absolute slack for underflow in the filters: each product of the filters may lose up to half a
/// subnormal ulp; 64 of them are far more than any dot product or determinant here takes.
constexpr double kUnderflowSlack = 64 * std::numeric_limits<double>::denorm_min();

template <int D>
using P = std::array<double, D>;
template <int D>
using RP = std::array<Rational, D>;

P<2> arr(const reference::Point& p) { return {p.x, p.y}; }
P<3> arr(const reference::Point3& p) { return {p.x, p.y, p.z}; }

template <int D>
std::vector<P<D>> points_of(const auto& shape) {
  std::vector<P<D>> out;
  out.reserve(shape.points.size());
  for (const auto& p : shape.points) out.push_back(arr(p));
  return out;
}

template <int D>
RP<D> sub(const RP<D>& a, const RP<D>& b) {
  RP<D> r;
  for (int k = 0; k < D; ++k) r[k] = a[k] - b[k];
  return r;
}

template <int D>
RP<D> rational(const P<D>& p) {
  RP<D> r;
  for (int k = 0; k < D; ++k) r[k] = Rational(p[k]);
  return r;
}

template <int D>
bool is_zero(const RP<D>& v) {
  for (const Rational& c : v)
    if (c != 0) return false;
  return true;
}

template <int D>
using Direction = exact_support::IntegerDirection<D>;

template <int D>
void direction_of(const RP<D>& v, Direction<D>& out) {
  std::array<const Rational*, D> c;
  for (int k = 0; k < D; ++k) c[k] = &v[k];
  if (!out.set(c)) throw std::invalid_argument("coverage: an optimal direction is the zero vector");
}

/// The support set of `pts` along v (sign +1) or −v (sign −1): the distinct points p maximizing
/// sign·p·v, exactly. A double filter keeps only the points that could reach the maximum; near
/// a tie the candidates are compared exactly (exact_support.hpp: GMP integers, no rationals).
/// The filter's direction is v's integer multiple rounded (< 2u per component, as the division
/// by v's largest component and mpq_get_d's truncation it replaces; kFilterBound covers it).
template <int D>
std::vector<P<D>> support(const std::vector<P<D>>& pts, const Direction<D>& dir, int sign) {
  P<D> vd;
  for (int k = 0; k < D; ++k) vd[k] = sign * dir.approx[k];
  thread_local std::vector<double> approx, err;
  approx.resize(pts.size());
  err.resize(pts.size());
  double best = -INFINITY, best_err = 0;
  for (std::size_t i = 0; i < pts.size(); ++i) {
    double s = 0, mag = 0;
    for (int k = 0; k < D; ++k) {
      s += pts[i][k] * vd[k];
      mag += std::fabs(pts[i][k] * vd[k]);
    }
    approx[i] = s;
    err[i] = kFilterBound * mag + kUnderflowSlack;
    if (s > best) best = s, best_err = err[i];
  }
  std::vector<P<D>> cand;
  for (std::size_t i = 0; i < pts.size(); ++i)
    if (approx[i] + err[i] >= best - best_err &&
        std::find(cand.begin(), cand.end(), pts[i]) == cand.end())
      cand.push_back(pts[i]);
  if (cand.size() <= 1) return cand;
  // Near a tie: decide exactly.
  thread_local std::vector<std::uint8_t> is_top;
  exact_support::exact_maxima<D>(
      cand.size(), [&](std::size_t i, int k) { return cand[i][k]; }, dir, sign, is_top);
  std::vector<P<D>> out;
  for (std::size_t i = 0; i < cand.size(); ++i)
    if (is_top[i]) out.push_back(cand[i]);
  return out;
}

/// Affine dimension (0..D) of a set of points, exactly; stops at the first witness of each
/// dimension. Double filters decide most tests; undecided ones are done in rationals.
int affine_dimension(const std::vector<P<2>>& pts) {
  const P<2>& p0 = pts.front();
  std::size_t i1 = 0;
  while (i1 < pts.size() && pts[i1] == p0) ++i1;
  if (i1 == pts.size()) return 0;
  const P<2>& p1 = pts[i1];
  const double ax = p1[0] - p0[0], ay = p1[1] - p0[1];
  for (std::size_t i = i1 + 1; i < pts.size(); ++i) {
    const double bx = pts[i][0] - p0[0], by = pts[i][1] - p0[1];
    const double l = ax * by, r = ay * bx;
    if (std::fabs(l - r) > kFilterBound * (std::fabs(l) + std::fabs(r)) + kUnderflowSlack) return 2;
  }
  // Two distinct points (a segment, an edge's support set) are a line: nothing to decide.
  if (i1 + 1 == pts.size()) return 1;
  // Undecided or collinear in double: exactly.
  const RP<2> a = sub<2>(rational<2>(p1), rational<2>(p0));
  for (std::size_t i = i1 + 1; i < pts.size(); ++i) {
    const RP<2> b = sub<2>(rational<2>(pts[i]), rational<2>(p0));
    if (a[0] * b[1] != a[1] * b[0]) return 2;
  }
  return 1;
}

/// In 3D with the reference's staged exact predicates (predicates3.hpp: a filter, then
/// expansions or big integers; the stage counts are discarded): p1 the first point other than p0,
/// p2 the first not collinear with them, then solid iff some point is off their plane. The same
/// exact answer as rationals, without a rational operation where the filter decides (these
/// classifications were 10% of the 3D campaign's instructions in rationals).
int affine_dimension(const std::vector<P<3>>& pts) {
  const P<3>& p0 = pts.front();
  std::size_t i1 = 0;
  while (i1 < pts.size() && pts[i1] == p0) ++i1;
  if (i1 == pts.size()) return 0;
  auto exact = [](const P<3>& p) { return reference::exact(reference::Point3{p[0], p[1], p[2]}); };
  reference::StageCounts ignored;
  const reference::ExactPoint3 e0 = exact(p0), e1 = exact(pts[i1]);
  const bool d01 = reference::in_expansion_domain3(e0) && reference::in_expansion_domain3(e1);
  std::size_t i2 = i1 + 1;
  reference::ExactPoint3 e2;
  bool d2 = false;
  for (; i2 < pts.size(); ++i2) {
    e2 = exact(pts[i2]);
    d2 = d01 && reference::in_expansion_domain3(e2);
    if (!reference::collinear3(e0, e1, e2, d2, ignored)) break;
  }
  if (i2 >= pts.size()) return 1;
  for (std::size_t i = i2 + 1; i < pts.size(); ++i) {
    const reference::ExactPoint3 e = exact(pts[i]);
    const bool d = d2 && reference::in_expansion_domain3(e);
    if (reference::orient3d_sign(e0, e1, e2, e, d, ignored) != 0) return 3;
  }
  return 2;
}

ShapeKind kind_of(int dim) {
  switch (dim) {
    case 0:
      return ShapeKind::point;
    case 1:
      return ShapeKind::segment;
    case 2:
      return ShapeKind::polygon;
    default:
      return ShapeKind::polytope;
  }
}

template <int D>
Feature feature_of(const std::vector<P<D>>& support_set) {
  const int d = affine_dimension(support_set);
  return d == 0 ? Feature::vertex : (d == 1 ? Feature::edge : Feature::face);
}

/// A direction in the relative interior of a 2D direction set (coverage.hpp).
RP<2> interior(const reference::DirectionSet& s) {
  const RP<2> f{s.from.x, s.from.y};
  if (s.kind == reference::DirectionSet::Kind::ray) return f;
  const RP<2> t{s.to.x, s.to.y};
  const Rational cr = f[0] * t[1] - f[1] * t[0];
  if (cr > 0) return {f[0] + t[0], f[1] + t[1]};
  if (cr < 0) return {-(f[0] + t[0]), -(f[1] + t[1])};  // an arc of more than 180°
  if (f[0] * t[0] + f[1] * t[1] > 0) return f;          // from = to: a ray
  return {-f[1], f[0]};                                 // a half-plane: its middle
}

/// A direction in the relative interior of a 3D direction set: the sum of its generators (all
/// coefficients positive), or, when they sum to 0 (the cone is then a linear subspace), any one.
RP<3> interior(const reference::DirectionSet3& s) {
  if (s.generators.empty()) throw std::invalid_argument("coverage: a direction set is empty");
  const auto& g0 = s.generators.front();
  if (s.kind == reference::DirectionSet3::Kind::ray) return {g0.x, g0.y, g0.z};
  RP<3> sum{0, 0, 0};
  for (const auto& g : s.generators) sum[0] += g.x, sum[1] += g.y, sum[2] += g.z;
  if (is_zero<3>(sum)) return {g0.x, g0.y, g0.z};
  return sum;
}

bool is_all(const reference::DirectionSet& s) {
  return s.kind == reference::DirectionSet::Kind::all;
}
bool is_all(const reference::DirectionSet3& s) {
  return s.kind == reference::DirectionSet3::Kind::all;
}

template <int D>
Classification classify_impl(const auto& c, const auto& exact, double scale) {
  if (exact.directions.empty())
    throw std::invalid_argument("coverage: the exact answer has no optimal direction");
  Classification out;
  out.dimension = D;
  out.relation = exact.relation;
  out.rounded_a = c.a.radius > 0;
  out.rounded_b = c.b.radius > 0;
  const std::vector<P<D>> pa = points_of<D>(c.a), pb = points_of<D>(c.b);
  out.kind_a = kind_of(affine_dimension(pa));
  out.kind_b = kind_of(affine_dimension(pb));
  const auto& dir = exact.directions.front();
  if (is_all(dir)) {  // core(D) is one point: both cores are single points
    out.feature_a = out.feature_b = Feature::vertex;
  } else {
    thread_local Direction<D> v;
    direction_of<D>(interior(dir), v);
    out.feature_a = feature_of<D>(support<D>(pa, v, +1));
    out.feature_b = feature_of<D>(support<D>(pb, v, -1));
  }
  if (exact.relation == Relation::touching) {
    out.band = Band::zero;
  } else {
    const Real mag = abs(exact.signed_distance);
    const double m = static_cast<double>(mag);
    if (m <= kBandK * kUDouble * scale)
      out.band = Band::ulps;
    else if (m <= kBandK * kUFloat * scale)
      out.band = Band::float_ulps;
    else if (m <= kSmallFraction * scale)
      out.band = Band::small;
    else if (exact.radius > 0 && mag <= Real(exact.radius))
      out.band = Band::radius;
    else
      out.band = Band::large;
  }
  return out;
}

int dim_of(Feature f) { return static_cast<int>(f); }
int dim_of(ShapeKind k) { return static_cast<int>(k); }

std::string feature_name(Feature f, bool rounded) {
  return std::string(to_string(f)) + (rounded ? "(r)" : "");
}
std::string kind_name(ShapeKind k, bool rounded) {
  return std::string(to_string(k)) + (rounded ? "(r)" : "");
}

struct Column {
  Relation relation;
  Band band;
};
const std::vector<Column>& columns() {
  static const std::vector<Column> cols = {
      {Relation::separated, Band::ulps},    {Relation::separated, Band::float_ulps},
      {Relation::separated, Band::small},   {Relation::separated, Band::radius},
      {Relation::separated, Band::large},   {Relation::touching, Band::zero},
      {Relation::overlapping, Band::ulps},  {Relation::overlapping, Band::float_ulps},
      {Relation::overlapping, Band::small}, {Relation::overlapping, Band::radius},
      {Relation::overlapping, Band::large}};
  return cols;
}

std::vector<Feature> features_of(int dimension) {
  if (dimension == 2) return {Feature::vertex, Feature::edge};
  return {Feature::vertex, Feature::edge, Feature::face};
}
std::vector<ShapeKind> kinds_of(int dimension) {
  if (dimension == 2) return {ShapeKind::point, ShapeKind::segment, ShapeKind::polygon};
  return {ShapeKind::point, ShapeKind::segment, ShapeKind::polygon, ShapeKind::polytope};
}

void check_dimension(int dimension) {
  if (dimension != 2 && dimension != 3)
    throw std::invalid_argument("coverage: dimension " + std::to_string(dimension) +
                                " is neither 2 nor 3");
}

/// Reachability of a feature cell (coverage.hpp): the radius band needs a radius; an overlap
/// with no radius or deeper than it has the origin inside core(D) and leaves by a facet of D, a
/// face of dimension d − 1 that is the difference of the two features, so their dimensions add
/// up to at least d − 1.
bool feature_cell_reachable(int dimension, Feature fa, bool ra, Feature fb, bool rb, Column col) {
  const bool rounded = ra || rb;
  if (col.band == Band::radius && !rounded) return false;
  if (col.relation == Relation::overlapping && (!rounded || col.band == Band::large) &&
      dim_of(fa) + dim_of(fb) < dimension - 1)
    return false;
  return true;
}

/// Reachability of a kind cell: with no radius an overlap needs a solid difference, so the two
/// shapes' dimensions add up to at least d (two segments in 2D cross; a point in a solid).
bool kind_cell_reachable(int dimension, ShapeKind ka, bool ra, ShapeKind kb, bool rb, Relation r) {
  return !(r == Relation::overlapping && !(ra || rb) && dim_of(ka) + dim_of(kb) < dimension);
}

std::string column_name(Column c) {
  return std::string(reference::to_string(c.relation)) + "/" + to_string(c.band);
}

std::string count_text(std::uint64_t n) {
  if (n >= 10'000'000) return std::to_string(n / 1'000'000) + "M";
  if (n >= 10'000) return std::to_string(n / 1000) + "k";
  return std::to_string(n);
}

std::map<std::string, std::uint64_t> totals(
    const std::map<std::string, std::map<std::string, std::uint64_t>>& by_family) {
  std::map<std::string, std::uint64_t> out;
  for (const auto& [family, cells] : by_family)
    for (const auto& [cell, n] : cells) out[cell] += n;
  return out;
}

std::map<std::string, std::map<std::string, std::uint64_t>> counts_from_json(
    const nlohmann::json& j, const char* what) {
  std::map<std::string, std::map<std::string, std::uint64_t>> out;
  if (!j.is_object())
    throw std::invalid_argument(std::string("coverage: \"") + what + "\" is not an object");
  for (const auto& [family, cells] : j.items()) {
    if (!cells.is_object())
      throw std::invalid_argument(std::string("coverage: \"") + what + "\"." + family +
                                  " is not an object of counts");
    for (const auto& [cell, n] : cells.items()) {
      if (!n.is_number_unsigned())
        throw std::invalid_argument(std::string("coverage: \"") + what + "\"." + family + "." +
                                    cell + " is not a count");
      out[family][cell] = n.get<std::uint64_t>();
    }
  }
  return out;
}

}  // namespace

const char* to_string(Feature f) {
  switch (f) {
    case Feature::vertex:
      return "vertex";
    case Feature::edge:
      return "edge";
    case Feature::face:
      return "face";
  }
  return "?";
}

const char* to_string(ShapeKind k) {
  switch (k) {
    case ShapeKind::point:
      return "point";
    case ShapeKind::segment:
      return "segment";
    case ShapeKind::polygon:
      return "polygon";
    case ShapeKind::polytope:
      return "polytope";
  }
  return "?";
}

const char* to_string(Band b) {
  switch (b) {
    case Band::zero:
      return "zero";
    case Band::ulps:
      return "ulps";
    case Band::float_ulps:
      return "float_ulps";
    case Band::small:
      return "small";
    case Band::radius:
      return "radius";
    case Band::large:
      return "large";
  }
  return "?";
}

std::string Classification::feature_cell() const {
  return feature_name(feature_a, rounded_a) + "-" + feature_name(feature_b, rounded_b) + "/" +
         reference::to_string(relation) + "/" + to_string(band);
}

std::string FeatureCell::key() const {
  return feature_name(feature_a, rounded_a) + "-" + feature_name(feature_b, rounded_b) + "/" +
         reference::to_string(relation) + "/" + to_string(band);
}

std::string KindCell::key() const {
  return kind_name(kind_a, rounded_a) + "-" + kind_name(kind_b, rounded_b) + "/" +
         reference::to_string(relation);
}

std::string Classification::kind_cell() const {
  return kind_name(kind_a, rounded_a) + "-" + kind_name(kind_b, rounded_b) + "/" +
         reference::to_string(relation);
}

Classification classify(const fixtures::Case& c, const reference::PairAnswer& exact) {
  return classify_impl<2>(c, exact, case_scale_of(c));
}

Classification classify(const fixtures::Case3& c, const reference::PairAnswer3& exact) {
  return classify_impl<3>(c, exact, case_scale_of(c));
}

const std::vector<std::string>& feature_rows(int dimension) {
  check_dimension(dimension);
  static const auto make = [](int d) {
    std::vector<std::string> rows;
    for (Feature fa : features_of(d))
      for (bool ra : {false, true})
        for (Feature fb : features_of(d))
          for (bool rb : {false, true})
            rows.push_back(feature_name(fa, ra) + "-" + feature_name(fb, rb));
    return rows;
  };
  static const std::vector<std::string> rows2 = make(2), rows3 = make(3);
  return dimension == 2 ? rows2 : rows3;
}

const std::vector<std::string>& band_columns() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const Column& c : columns()) out.push_back(column_name(c));
    return out;
  }();
  return names;
}

const std::vector<FeatureCell>& reachable_feature_cell_parts(int dimension) {
  check_dimension(dimension);
  static const auto make = [](int d) {
    std::vector<FeatureCell> cells;
    for (Feature fa : features_of(d))
      for (bool ra : {false, true})
        for (Feature fb : features_of(d))
          for (bool rb : {false, true})
            for (const Column& col : columns())
              if (feature_cell_reachable(d, fa, ra, fb, rb, col))
                cells.push_back({fa, fb, ra, rb, col.relation, col.band});
    return cells;
  };
  static const std::vector<FeatureCell> cells2 = make(2), cells3 = make(3);
  return dimension == 2 ? cells2 : cells3;
}

const std::vector<std::string>& reachable_feature_cells(int dimension) {
  check_dimension(dimension);
  static const auto make = [](int d) {
    std::vector<std::string> keys;
    for (const FeatureCell& c : reachable_feature_cell_parts(d)) keys.push_back(c.key());
    return keys;
  };
  static const std::vector<std::string> keys2 = make(2), keys3 = make(3);
  return dimension == 2 ? keys2 : keys3;
}

const std::vector<KindCell>& reachable_kind_cell_parts(int dimension) {
  check_dimension(dimension);
  static const auto make = [](int d) {
    std::vector<KindCell> cells;
    for (ShapeKind ka : kinds_of(d))
      for (bool ra : {false, true})
        for (ShapeKind kb : kinds_of(d))
          for (bool rb : {false, true})
            for (Relation r : {Relation::separated, Relation::touching, Relation::overlapping})
              if (kind_cell_reachable(d, ka, ra, kb, rb, r)) cells.push_back({ka, kb, ra, rb, r});
    return cells;
  };
  static const std::vector<KindCell> cells2 = make(2), cells3 = make(3);
  return dimension == 2 ? cells2 : cells3;
}

const std::vector<std::string>& reachable_kind_cells(int dimension) {
  check_dimension(dimension);
  static const auto make = [](int d) {
    std::vector<std::string> keys;
    for (const KindCell& c : reachable_kind_cell_parts(d)) keys.push_back(c.key());
    return keys;
  };
  static const std::vector<std::string> keys2 = make(2), keys3 = make(3);
  return dimension == 2 ? keys2 : keys3;
}

void Coverage::add(const std::string& family, const Classification& c) {
  dimension = c.dimension;
  ++features[family][c.feature_cell()];
  ++kinds[family][c.kind_cell()];
}

Coverage& Coverage::operator+=(const Coverage& o) {
  if (o.empty()) return *this;
  if (!empty() && o.dimension != dimension)
    throw std::invalid_argument("coverage: cannot add " + std::to_string(o.dimension) +
                                "D counts to " + std::to_string(dimension) + "D counts");
  dimension = o.dimension;
  for (const auto& [family, cells] : o.features)
    for (const auto& [cell, n] : cells) features[family][cell] += n;
  for (const auto& [family, cells] : o.kinds)
    for (const auto& [cell, n] : cells) kinds[family][cell] += n;
  return *this;
}

std::map<std::string, std::uint64_t> Coverage::feature_totals() const { return totals(features); }
std::map<std::string, std::uint64_t> Coverage::kind_totals() const { return totals(kinds); }

std::vector<std::string> Coverage::empty_feature_cells() const {
  const auto t = feature_totals();
  std::vector<std::string> out;
  for (const std::string& cell : reachable_feature_cells(dimension))
    if (!t.contains(cell)) out.push_back(cell);
  return out;
}

std::vector<std::string> Coverage::empty_kind_cells() const {
  const auto t = kind_totals();
  std::vector<std::string> out;
  for (const std::string& cell : reachable_kind_cells(dimension))
    if (!t.contains(cell)) out.push_back(cell);
  return out;
}

nlohmann::json Coverage::to_json() const {
  nlohmann::json j;
  j["dimension"] = dimension;
  j["features"] = features;
  j["kinds"] = kinds;
  return j;
}

Coverage Coverage::from_json(const nlohmann::json& j) {
  if (!j.is_object()) throw std::invalid_argument("coverage: not a JSON object");
  Coverage c;
  if (!j.contains("dimension") || !j["dimension"].is_number_integer())
    throw std::invalid_argument("coverage: \"dimension\" missing or not an integer");
  c.dimension = j["dimension"].get<int>();
  check_dimension(c.dimension);
  if (j.contains("features")) c.features = counts_from_json(j["features"], "features");
  if (j.contains("kinds")) c.kinds = counts_from_json(j["kinds"], "kinds");
  return c;
}

std::string coverage_table(const Coverage& c, const std::string& indent) {
  const int d = c.dimension;
  const auto t = c.feature_totals();
  const std::vector<std::string>& rows = feature_rows(d);
  const auto& reach = reachable_feature_cells(d);
  auto reachable = [&](const std::string& key) {
    return std::find(reach.begin(), reach.end(), key) != reach.end();
  };
  // Column headers: relation initial and band ("s:ulps", "t:zero", "o:large").
  static constexpr int kRowWidth = 20, kColWidth = 7;
  std::string out = indent + "coverage " + std::to_string(d) +
                    "D: cases per feature pair (rows) and relation:band (s separated, t touching, "
                    "o overlapping; rad: within the radius); . empty, blank unreachable\n";
  std::string head = indent;
  head += std::string(kRowWidth, ' ');
  for (const Column& col : columns()) {
    static constexpr const char* kShort[] = {"0", "ulps", "float", "small", "rad", "large"};
    std::string h = std::string(1, reference::to_string(col.relation)[0]) + ":" +
                    kShort[static_cast<int>(col.band)];
    head += std::string(kColWidth - std::min<int>(kColWidth - 1, h.size()), ' ') + h;
  }
  out += head + "\n";
  for (const std::string& row : rows) {
    std::string line = indent + row;
    line += std::string(std::max<int>(1, kRowWidth - static_cast<int>(row.size())), ' ');
    bool any = false;
    for (const std::string& colname : band_columns()) {
      const std::string key = row + "/" + colname;
      const auto it = t.find(key);
      std::string cell = it != t.end() ? count_text(it->second) : (reachable(key) ? "." : "");
      any = any || it != t.end();
      line += std::string(kColWidth - std::min<int>(kColWidth - 1, cell.size()), ' ') + cell;
    }
    if (any) out += line + "\n";
  }
  const auto empty_f = c.empty_feature_cells();
  const auto empty_k = c.empty_kind_cells();
  out += indent + std::to_string(reach.size() - empty_f.size()) + " of " +
         std::to_string(reach.size()) + " reachable feature cells hit, " +
         std::to_string(reachable_kind_cells(d).size() - empty_k.size()) + " of " +
         std::to_string(reachable_kind_cells(d).size()) + " kind cells\n";
  for (const std::string& e : empty_f) out += indent + "coverage: empty cell " + e + "\n";
  for (const std::string& e : empty_k) out += indent + "coverage: empty kind cell " + e + "\n";
  return out;
}

}  // namespace minkowski::properties
