#pragma once
// minkowski/properties/fast_adapters.hpp — each fast algorithm, run on a case, answered in the
// protocol form the judge reads. Used by the property suites, `minkowski query` and `check`.
//
// The case's double coordinates are converted to T (rounding to nearest for float: the change is
// at most u·S, inside every bound of the tolerance model). A case T cannot represent (a shape
// make_shape refuses, e.g. coordinates beyond max_coordinate<float>()) yields nullopt and the
// reason; it is skipped, never judged.

#include <optional>
#include <string>
#include <vector>

#include "minkowski/fast/epa.hpp"
#include "minkowski/fast/gjk.hpp"
#include "minkowski/fast/manifold.hpp"
#include "minkowski/fast/sat.hpp"
#include "minkowski/fast/shape.hpp"
#include "minkowski/fixtures/case_io.hpp"
#include "minkowski/properties/judge.hpp"
#include "minkowski/properties/tolerance_model.hpp"

namespace minkowski::properties {

/// Runs `alg` in precision T (float or double) on case `c`.
template <class T>
std::optional<FastAnswer> run_fast(Algorithm alg, const fixtures::Case& c,
                                   std::string* why_not = nullptr);

/// A case's two shapes in precision T, built once for every algorithm asked about them: building
/// them (make_shape's exact hull and weld, two allocations each) costs more than most queries,
/// and `check` asks five algorithms per precision.
template <class T>
struct FastPair {
  std::optional<fast::ConvexShape<T>> a, b;  ///< both set, or neither
  std::string why_not;                       ///< why T cannot represent the case (when unset)
};

template <class T>
FastPair<T> make_fast_pair(const fixtures::Case& c);

/// Runs `alg` on a prepared pair: the same answer as run_fast(alg, c) on the case it was made of;
/// nullopt when the pair could not be made.
template <class T>
std::optional<FastAnswer> run_fast(Algorithm alg, const FastPair<T>& pair);

/// One fast algorithm's output in protocol form — the conversions run_fast applies, for callers
/// that run an algorithm with options of their own (the report's tolerance sweeps).
///   SatResult          intersects, normal; depth when intersecting, else distance when
///                      separation_is_distance (otherwise the separation is only a face gap)
///   GjkOutput          intersects, distance; witness points when separated
///   PenetrationResult  intersects, normal, distance; depth when intersecting, else witnesses
///   Manifold           intersects = (point_count > 0); then the contacts, and the normal unless
///                      with_normal is false (closest_internal_vertices: the normal is an input)
template <class T>
FastAnswer to_answer(const fast::SatResult<T>& r);
template <class T>
FastAnswer to_answer(const fast::GjkOutput<T>& r);
template <class T>
FastAnswer to_answer(const fast::PenetrationResult<T>& r);
template <class T>
FastAnswer to_answer(const fast::Manifold<T>& m, bool with_normal = true);

/// Builds the fast shape of a reference shape in precision T (nullopt + reason if refused).
template <class T>
std::optional<fast::ConvexShape<T>> to_fast_shape(const reference::Shape& s, std::string* why_not);

extern template std::optional<FastAnswer> run_fast<float>(Algorithm, const fixtures::Case&,
                                                          std::string*);
extern template std::optional<FastAnswer> run_fast<double>(Algorithm, const fixtures::Case&,
                                                           std::string*);
extern template FastPair<float> make_fast_pair<float>(const fixtures::Case&);
extern template FastPair<double> make_fast_pair<double>(const fixtures::Case&);
extern template std::optional<FastAnswer> run_fast<float>(Algorithm, const FastPair<float>&);
extern template std::optional<FastAnswer> run_fast<double>(Algorithm, const FastPair<double>&);
extern template FastAnswer to_answer<float>(const fast::SatResult<float>&);
extern template FastAnswer to_answer<double>(const fast::SatResult<double>&);
extern template FastAnswer to_answer<float>(const fast::GjkOutput<float>&);
extern template FastAnswer to_answer<double>(const fast::GjkOutput<double>&);
extern template FastAnswer to_answer<float>(const fast::PenetrationResult<float>&);
extern template FastAnswer to_answer<double>(const fast::PenetrationResult<double>&);
extern template FastAnswer to_answer<float>(const fast::Manifold<float>&, bool);
extern template FastAnswer to_answer<double>(const fast::Manifold<double>&, bool);

}  // namespace minkowski::properties
