#pragma once
// minkowski/properties/coverage.hpp — coverage of the configuration space: which kind of
// configuration each case is, decided on its exact answer, and how many cases of each family
// fell into each kind (a "cell"). docs/design.md, "Coverage of the configuration space".
//
// Why: a fast method can be wrong in one configuration only (SAT without the closest-vertex axis
// is wrong only for a round shape in a polygon's corner region); a campaign shows nothing about
// a configuration its generators never produce. The coverage table says which configurations a
// campaign produced and by how many cases, and lists the reachable cells it never produced.
//
// A case is classified along four axes:
//   features  the pair of core features (vertex / edge / face) that realize the answer: the
//             support sets of core(A) along n and of core(B) along −n, n an optimal direction
//             from A towards B (PairAnswer::directions), taken in the relative interior of the
//             first direction set (a cone: the sum of its generators). When separated or
//             touching these are the nearest features; when overlapping the features whose
//             difference is the facet of core(D) the minimum translation leaves by. A support
//             set of one point is a vertex, of collinear points an edge, else a face (3D).
//             On the boundary of a Voronoi region (a circle exactly on a side line's extension)
//             the optimal direction is the side's normal and the feature is the side: the larger
//             feature, as the support set says. "(r)" marks a shape with a radius > 0.
//   relation  separated / touching / overlapping (exact).
//   band      the magnitude |signed distance| relative to the case scale S (case_scale_of) and
//             to the radius r = r_a + r_b, the first that holds of:
//               zero        exactly 0 (touching);
//               ulps        <= kBandK · u_double · S: inside every double relation band;
//               float_ulps  <= kBandK · u_float · S: inside every float relation band;
//               small       <= kSmallFraction · S: near contact, far beyond rounding;
//               radius      r > 0 and <= r: comparable to the radius (a round shape near a
//                           corner within its radius of both side lines is here);
//               large       beyond all of these.
//   kinds     the shapes: point, segment, polygon (2D: full-dimensional; 3D: flat) or polytope
//             (3D), "(r)" when rounded; with the relation.
// Cell keys: features "vertex(r)-edge/separated/radius", kinds "polygon-point(r)/overlapping".
//
// Reachable cells (reachable_feature_cells): every combination except those the geometry rules
// out, derived in coverage.cpp: the radius band needs a radius; an overlap with no radius, or
// deeper than the radius (band large), has the origin inside core(D), whose optimal direction is
// a facet normal of D, so the feature dimensions add up to at least d − 1 (d the dimension).
// Kind cells: an overlap with no radius needs dim A + dim B >= d (the difference must be solid).
//
// Cost: a pass over both shapes' points in double per case, with exact rational arithmetic only
// for points within a rounding bound of the support value (ties: edges and faces) and for the
// shape-kind tests that the double filter cannot decide. It needs from the exact answer only
// what Detail::magnitudes computes: relation, signed_distance, directions.
//
// Failure cases: classify() throws std::invalid_argument for an answer with no direction (the
// oracle always gives at least one). from_json throws std::invalid_argument naming the bad key.

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "minkowski/fixtures/case_io.hpp"
#include "minkowski/reference/oracle.hpp"
#include "minkowski/reference/oracle3.hpp"

namespace minkowski::properties {

enum class Feature { vertex, edge, face };
enum class ShapeKind { point, segment, polygon, polytope };
enum class Band { zero, ulps, float_ulps, small, radius, large };
const char* to_string(Feature f);
const char* to_string(ShapeKind k);
const char* to_string(Band b);

/// The band multiplier: 16 u·S is above every relation bound k of the bounds tables (at most 8,
/// the 3D GJK's relation by design, bounds.hpp), so a case in `ulps` (`float_ulps`) is one where
/// a double (float) engine may legitimately disagree on the relation.
inline constexpr double kBandK = 16;
/// `small`: up to 2^-10 of the case's size — three decimal orders below S, far above the float
/// band (16 · 2^-24 = 2^-20): configurations near contact that rounding does not blur.
inline constexpr double kSmallFraction = 0x1p-10;

struct Classification {
  int dimension = 2;
  Feature feature_a = Feature::vertex, feature_b = Feature::vertex;
  bool rounded_a = false, rounded_b = false;
  ShapeKind kind_a = ShapeKind::point, kind_b = ShapeKind::point;
  reference::Relation relation = reference::Relation::separated;
  Band band = Band::large;
  /// "vertex(r)-edge/separated/radius"
  std::string feature_cell() const;
  /// "polygon-point(r)/separated"
  std::string kind_cell() const;
};

/// The classification of case c with its exact answer (any Detail).
Classification classify(const fixtures::Case& c, const reference::PairAnswer& exact);
Classification classify(const fixtures::Case3& c, const reference::PairAnswer3& exact);

/// A feature cell as its parts (a generator asked for one constructs it from these).
struct FeatureCell {
  Feature feature_a = Feature::vertex, feature_b = Feature::vertex;
  bool rounded_a = false, rounded_b = false;
  reference::Relation relation = reference::Relation::separated;
  Band band = Band::large;
  std::string key() const;  ///< as Classification::feature_cell
};
/// The reachable feature cells as parts, in the order of reachable_feature_cells.
const std::vector<FeatureCell>& reachable_feature_cell_parts(int dimension);

/// A kind cell as its parts.
struct KindCell {
  ShapeKind kind_a = ShapeKind::point, kind_b = ShapeKind::point;
  bool rounded_a = false, rounded_b = false;
  reference::Relation relation = reference::Relation::separated;
  std::string key() const;  ///< as Classification::kind_cell
};
/// The reachable kind cells as parts, in the order of reachable_kind_cells.
const std::vector<KindCell>& reachable_kind_cell_parts(int dimension);

/// Every feature cell / kind cell that some pair of shapes reaches, in table order.
const std::vector<std::string>& reachable_feature_cells(int dimension);
const std::vector<std::string>& reachable_kind_cells(int dimension);
/// Row and column names of the feature table: rows "vertex(r)-edge", columns "separated/radius"
/// and "touching/zero", in table order. A feature cell key is row + "/" + column.
const std::vector<std::string>& feature_rows(int dimension);
const std::vector<std::string>& band_columns();

/// Cases per cell per family, for one dimension. Adds up in any order (threads, shards).
struct Coverage {
  int dimension = 2;
  /// family -> feature cell -> cases
  std::map<std::string, std::map<std::string, std::uint64_t>> features;
  /// family -> kind cell -> cases
  std::map<std::string, std::map<std::string, std::uint64_t>> kinds;

  void add(const std::string& family, const Classification& c);
  /// Adds o's counts. Throws std::invalid_argument when both hold cases of different dimensions.
  Coverage& operator+=(const Coverage& o);
  bool empty() const { return features.empty() && kinds.empty(); }
  /// Cases per feature cell (or kind cell) over all families.
  std::map<std::string, std::uint64_t> feature_totals() const;
  std::map<std::string, std::uint64_t> kind_totals() const;
  /// Reachable cells no case of any family fell into, in table order.
  std::vector<std::string> empty_feature_cells() const;
  std::vector<std::string> empty_kind_cells() const;

  /// {"dimension": 2, "features": {family: {cell: n}}, "kinds": {family: {cell: n}}}
  nlohmann::json to_json() const;
  /// Throws std::invalid_argument naming the key that is not of this form.
  static Coverage from_json(const nlohmann::json& j);
};

/// The feature table as text: one row per feature pair that any case hit, one column per
/// relation/band, counts (k/M for thousands/millions), "." for empty reachable cells, " " for
/// unreachable ones; then the empty reachable cells and kind cells, one finding line each
/// ("coverage: empty cell vertex(r)-vertex/separated/radius"). `indent` starts every line.
std::string coverage_table(const Coverage& c, const std::string& indent = "  ");

}  // namespace minkowski::properties
