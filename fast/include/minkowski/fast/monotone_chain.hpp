#pragma once
// minkowski/fast/monotone_chain.hpp — Andrew's monotone chain (A. M. Andrew, "Another efficient
// algorithm for convex hulls in two dimensions", IPL 9(5), 1979): the convex hull of points
// sorted lexicographically, in O(n) orientation tests after the sort.
//
// One algorithm for all its users, parameterised the way CGAL parameterises its hull algorithms:
// by a traits object that says what a point is, how two points are ordered and how a turn is
// decided.
//   - fast/shape.hpp (make_shape): points are Vec2<T>, the order compares x then y, the turn is
//     detail::orient_sign (a floating-point filter backed by an exact sum of products);
//   - reference/src/hull.cpp (hull_exact and the certification of Qhull's proposal): points are
//     indices into an array of exact points, the order is lex_less, the turn is the staged exact
//     predicate orient_sign_fast, which also counts which stage decided;
//   - reference/src/intersection.cpp (the canonical form of an exact intersection polygon):
//     points are rational, the turn is orient_sign_rational.
// Standard library only, like the rest of fast/ (which never includes reference/).
//
// Traits requirements (MonotoneChainTraits):
//   typename Point;                         copyable, default-constructible
//   bool less(Point a, Point b) const;      strict lexicographic order: x, then y
//   int orient(Point a, Point b, Point c) const;
//                                           sign of cross(b − a, c − a): > 0 counter-clockwise,
//                                           < 0 clockwise, 0 collinear
//
// Contract of monotone_chain (the users rely on every clause; changing one changes answers):
//   - input sorted by traits.less with no two points equal; each user removes coincident points
//     between the sort and the chain in its own way (the oracle drops exact duplicates, the engine
//     welds points within its weld distance), which is why sorting and the chain are separate
//     calls;
//   - a turn with orient <= 0 is popped, so collinear points are dropped and, when orient is
//     exact, the result is the strictly convex hull: counter-clockwise, starting at the first
//     (lexicographically smallest) point, no three consecutive vertices collinear;
//   - one or two input points are returned as they are; three or more give at least two vertices
//     (the lower pass keeps at least two, the upper pass adds at least one more before the closing
//     point is dropped), and points all on one line give exactly the first and the last;
//   - orient is called in a fixed sequence, so a caller that counts its calls (the oracle's stage
//     statistics) sees the same counts for the same input.

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <span>
#include <vector>

namespace minkowski::fast {

template <class Traits>
concept MonotoneChainTraits = requires(const Traits& t, const typename Traits::Point& p) {
  { t.less(p, p) } -> std::convertible_to<bool>;
  { t.orient(p, p, p) } -> std::convertible_to<int>;
};

/// Sorts `points` into the order monotone_chain requires (traits.less). std::sort: points that
/// compare equal may end in any order, the same one for the same input.
template <MonotoneChainTraits Traits>
void sort_lexicographic(std::vector<typename Traits::Point>& points, const Traits& traits) {
  using Point = typename Traits::Point;
  std::sort(points.begin(), points.end(),
            [&traits](const Point& a, const Point& b) { return traits.less(a, b); });
}

/// The strictly convex hull of `sorted` (sorted by traits.less, no two points equal), counter-
/// clockwise from sorted.front(); see the contract above.
template <MonotoneChainTraits Traits>
std::vector<typename Traits::Point> monotone_chain(std::span<const typename Traits::Point> sorted,
                                                   const Traits& traits) {
  using Point = typename Traits::Point;
  const std::size_t n = sorted.size();
  if (n <= 2) return std::vector<Point>(sorted.begin(), sorted.end());
  std::vector<Point> hull(2 * n);
  std::size_t k = 0;
  for (std::size_t i = 0; i < n; ++i) {  // lower chain, left to right
    while (k >= 2 && traits.orient(hull[k - 2], hull[k - 1], sorted[i]) <= 0) --k;
    hull[k++] = sorted[i];
  }
  for (std::size_t i = n - 1, lower = k + 1; i-- > 0;) {  // upper chain, right to left
    while (k >= lower && traits.orient(hull[k - 2], hull[k - 1], sorted[i]) <= 0) --k;
    hull[k++] = sorted[i];
  }
  hull.resize(k - 1);  // the last point repeats the first
  return hull;
}

}  // namespace minkowski::fast
