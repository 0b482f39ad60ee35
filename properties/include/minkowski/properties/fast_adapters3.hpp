#pragma once
// minkowski/properties/fast_adapters3.hpp — each fast 3D algorithm, run on a 3D case, answered in
// the form the 3D judge reads (FastAnswer3, judge3.hpp). Used by the 3D property suite and by
// `minkowski query` on 3D lines.
//
// As in 2D (fast_adapters.hpp): the case's double coordinates are converted to T (rounding to
// nearest for float, a change of at most u·S), a case T cannot represent (a shape make_shape3
// refuses) yields nullopt and the reason, and every answer carries input_shift = A's weld_shift
// plus B's, which the judge grants to every field.

#include <optional>
#include <string>

#include "minkowski/fast/gjk3.hpp"
#include "minkowski/fast/manifold3.hpp"
#include "minkowski/fast/penetration3.hpp"
#include "minkowski/fast/sat3.hpp"
#include "minkowski/fast/shape3.hpp"
#include "minkowski/fixtures/case_io.hpp"
#include "minkowski/properties/bounds.hpp"
#include "minkowski/properties/judge3.hpp"

namespace minkowski::properties {

/// A case's two shapes in precision T, built once for every algorithm asked about them.
template <class T>
struct FastPair3 {
  std::optional<fast::ConvexShape3<T>> a, b;  ///< both set, or neither
  std::string why_not;                        ///< why T cannot represent the case (when unset)
};

template <class T>
FastPair3<T> make_fast_pair3(const fixtures::Case3& c);

/// Runs `alg` on a prepared pair; nullopt when the pair could not be made.
template <class T>
std::optional<FastAnswer3> run_fast3(Algorithm3 alg, const FastPair3<T>& pair);

/// Runs `alg` in precision T (float or double) on case `c`.
template <class T>
std::optional<FastAnswer3> run_fast3(Algorithm3 alg, const fixtures::Case3& c,
                                     std::string* why_not = nullptr);

/// One fast 3D algorithm's output as a FastAnswer3 (the conversions run_fast3 applies):
///   GjkOutput3          intersects, distance; witness points when separated
///   PenetrationResult3  intersects, normal, distance; depth when intersecting, else witnesses
///   SatResult3          intersects, normal; depth when intersecting, else distance when
///                       separation_is_distance (otherwise the separation is only a face gap)
///   Manifold3           intersects = (point_count > 0); then the normal and the contacts, each
///                       with depth = −separation and its surface points point_a, point_b
template <class T>
FastAnswer3 to_answer3(const fast::GjkOutput3<T>& r);
template <class T>
FastAnswer3 to_answer3(const fast::PenetrationResult3<T>& r);
template <class T>
FastAnswer3 to_answer3(const fast::SatResult3<T>& r);
template <class T>
FastAnswer3 to_answer3(const fast::Manifold3<T>& m);

/// The fast shape of a reference shape in precision T (nullopt + reason if refused).
template <class T>
std::optional<fast::ConvexShape3<T>> to_fast_shape3(const reference::Shape3& s,
                                                    std::string* why_not);

extern template FastPair3<float> make_fast_pair3<float>(const fixtures::Case3&);
extern template FastPair3<double> make_fast_pair3<double>(const fixtures::Case3&);
extern template std::optional<FastAnswer3> run_fast3<float>(Algorithm3, const FastPair3<float>&);
extern template std::optional<FastAnswer3> run_fast3<double>(Algorithm3, const FastPair3<double>&);
extern template std::optional<FastAnswer3> run_fast3<float>(Algorithm3, const fixtures::Case3&,
                                                            std::string*);
extern template std::optional<FastAnswer3> run_fast3<double>(Algorithm3, const fixtures::Case3&,
                                                             std::string*);

}  // namespace minkowski::properties
