#pragma once
// minkowski/reference/oracle.hpp — exact answers for a pair of shapes.
//
// Everything is decided on the Minkowski difference D = A − B = hull{a_i − b_j} ⊕ disc(r_a + r_b)
// (docs/design.md, "Shape model"): the shapes intersect iff the origin lies in D, their distance is
// the distance from the origin to D, and their penetration depth is the distance from the origin to
// D's boundary. D's core points a_i − b_j are formed exactly (ExactPoint), from the hull vertices
// of A and of B only (D's hull vertices are always among those differences), and D's hull comes
// from hull_qhull_certified (Qhull proposes, exact predicates certify).
//
// Exactness:
//   - relation is exact (for radius r > 0: compare the rational q with r², never a square root);
//   - `squared` (both radii 0) is the exact squared distance or squared depth as a rational;
//   - with a radius, magnitudes are r ± sqrt(q), q rational, evaluated in 256-bit MPFR;
//   - directions are exact rational vectors (not normalized); witness points are exact rationals
//     on the cores, and 256-bit on the rounded surfaces.
//
// Conventions (docs/design.md, "The --exec protocol"): normals point from A towards B; translating
// B by the minimum translation vector separates or leaves the shapes touching. Shapes are closed:
// touching means distance exactly 0.
//
// Failure cases: InputError for a shape that is not one (see validate()). Nothing else throws
// except std::bad_alloc.

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "minkowski/reference/hull.hpp"
#include "minkowski/reference/numbers.hpp"
#include "minkowski/reference/shape.hpp"

namespace minkowski::reference {

enum class Relation { separated, touching, overlapping };
const char* to_string(Relation r);

/// Where the origin lies relative to the core hull of D (D without its radius).
enum class CoreLocation { outside, boundary, inside };
const char* to_string(CoreLocation c);

/// A set of optimal directions from A towards B (exact, not normalized).
///   ray:  the single direction `from`;
///   cone: every direction from `from` counter-clockwise to `to` (angle < 360°; a normal cone at
///         a vertex of D, or a half-plane at the end of a segment-shaped D);
///   all:  every direction (D's core is a single point at the origin).
/// `mtv`, for rays of a radius-0 pair, is the exact minimum translation vector (translate B by it).
struct DirectionSet {
  enum class Kind { ray, cone, all };
  Kind kind = Kind::ray;
  RationalPoint from;
  RationalPoint to;
  std::optional<RationalPoint> mtv;
  /// True when direction v (any length) belongs to the set, exactly.
  bool contains(const RationalPoint& v) const;
};

/// Closest points. core_a ∈ core(A), core_b ∈ core(B) with core_a − core_b the point of core(D)
/// nearest the origin (exact). point_a, point_b lie on the rounded surfaces: core moved by the
/// radius along the normal (equal to the core points when both radii are 0).
struct Witness {
  RationalPoint core_a;
  RationalPoint core_b;
  Real point_a[2];
  Real point_b[2];
};

struct PairAnswer {
  Relation relation = Relation::separated;
  CoreLocation core_location = CoreLocation::outside;
  Rational radius;        ///< r_a + r_b, exact
  Rational core_squared;  ///< squared distance from the origin to core(D)'s boundary (outside:
                          ///< to core(D); inside: depth below its boundary; boundary: 0)
  Real signed_distance;   ///< > 0 separated, 0 touching, < 0 overlapping (depth = −this)
  /// Both radii 0: the exact squared distance (separated), squared depth (overlapping), or 0.
  std::optional<Rational> squared;
  /// Closest points when the origin is not inside core(D) (always when separated or touching).
  std::optional<Witness> witness;
  /// Every optimal direction from A towards B: the separating normal when separated; the
  /// penetration (minimum translation) directions when overlapping, ties included; the contact
  /// normals (a cone at a vertex contact) when touching.
  std::vector<DirectionSet> directions;
  // Provenance of the hull (for reports).
  HullSource hull_source = HullSource::exact_only;
  std::uint32_t difference_points = 0;    ///< |hull(A)| · |hull(B)|
  std::uint32_t difference_vertices = 0;  ///< vertices of core(D)'s hull
  HullStats stats;
};

/// How much of the answer to compute.
///   full:       everything in PairAnswer;
///   magnitudes: relation, core_squared, squared, signed_distance and directions only — no
///               witness points and no mtv vectors (the rational interpolation of witness points
///               is about a quarter of the cost of a query).
enum class Detail { full, magnitudes };

/// The exact answer for shapes a and b. Throws InputError for invalid shapes.
PairAnswer query(const Shape& a, const Shape& b, Detail detail = Detail::full);

/// Exact signed distance between A and B translated by v (B + v): > 0 separated, 0 touching,
/// < 0 overlapping (256-bit; the sign is exact). Used to judge a fast minimum translation
/// vector: translating B by a valid MTV leaves the shapes separated or touching. Throws
/// InputError for invalid shapes or a non-finite v.
Real signed_distance_after_translation(const Shape& a, const Shape& b, Point v);

/// The pair A, B prepared once — both validated, D's core points formed and its hull built and
/// certified — to answer many questions about it: the pair query and the signed distance after
/// any number of translations of B. A judge asks one query and several translations per case
/// (one per fast normal it checks); without this each rebuilt the hull. Answers are identical,
/// bit for bit, to query() and signed_distance_after_translation() (which use it). Cheap to
/// copy (shared, immutable); const methods are safe to call from several threads.
/// Throws InputError for invalid shapes (as query()).
class PreparedPair {
 public:
  PreparedPair(const Shape& a, const Shape& b);
  /// s against the single point (0, 0): signed_distance_after_translation(p) is then the exact
  /// signed distance of point p to s (> 0 outside). D is s's own exact hull, so Qhull is not
  /// asked (hull_source exact_only). Throws InputError for an invalid s.
  static PreparedPair against_point(const Shape& s);
  /// against_point(a()) and against_point(b()), reusing the shapes' hulls this pair already
  /// built (a judge asks point distances to both shapes of every case). Same answers.
  PreparedPair a_against_point() const;
  PreparedPair b_against_point() const;
  const Shape& a() const;
  const Shape& b() const;
  PairAnswer query(Detail detail = Detail::full) const;
  Real signed_distance_after_translation(Point v) const;
  /// signed_distance_after_translation(v) rounded to the nearest double (ties to even): what a
  /// judge compares against floating-point answers. Mostly decided without GMP or MPFR: when one
  /// hull feature is certainly nearest, the rounding is certified with exact floating-point
  /// expansions (reference/src/rounded_distance.hpp); otherwise the exact value is rounded. The
  /// two agree bit for bit except when the exact value lies within 2^-250 relative of a point
  /// halfway between two doubles (exactly halfway included, when the 257-bit value is not
  /// exact), where rounding the 257-bit value is a double rounding and this answer is the
  /// correctly rounded one. Throws as the exact form.
  double signed_distance_after_translation_rounded(Point v) const;
  struct Impl;

 private:
  PreparedPair() = default;
  std::shared_ptr<const Impl> impl_;
};

/// Exact point-in-shape: separated = outside, touching = on the boundary, overlapping = inside.
Relation locate(const Shape& s, Point p);

/// The exact intersection A ∩ B as a convex polygon (counter-clockwise, no repeated vertex; may
/// have 0 vertices when disjoint, 1 or 2 when the contact is a point or a segment).
/// Returns nullopt when either radius is > 0: the region then has circular arcs.
std::optional<std::vector<RationalPoint>> intersection_polygon(const Shape& a, const Shape& b);

/// The exact hull of one shape's points (indices into s.points), as used by query().
std::vector<std::uint32_t> shape_hull(const Shape& s);

}  // namespace minkowski::reference
