// hull3_exact and hull3_rational (hull3.hpp): one algorithm (hull3_incremental.hpp) over two
// kernels, the staged predicates on ExactPoint3 and plain rationals.
#include <algorithm>
#include <cmath>
#include <span>

#include "hull3_certify.hpp"
#include "hull3_incremental.hpp"
#include "hull3_plane.hpp"
#include "minkowski/fast/monotone_chain.hpp"

namespace minkowski::reference {

namespace detail::hull3_impl {

inline ExactPoint project(const ExactPoint3& p, int drop) {
  return drop == 2 ? ExactPoint{p.x, p.y}
                   : (drop == 1 ? ExactPoint{p.z, p.x} : ExactPoint{p.y, p.z});
}

/// The staged exact predicates (predicates3.hpp); `expansions` only when every point is in the
/// 3D expansion domain.
struct ExactKernel {
  std::span<const ExactPoint3> pts;
  bool expansions;
  StageCounts& counts;
  double cmax[3];  ///< the largest |hi| per coordinate: the hoisted filter's static bound
  struct Plane {
    PlaneFilter3 filter;
    std::uint32_t a, b, c;
  };
  Plane plane(std::uint32_t a, std::uint32_t b, std::uint32_t c) const {
    return {make_plane_filter(pts[a], pts[b], pts[c], cmax), a, b, c};
  }
  int side(const Plane& pl, std::uint32_t d) const {
    if (const int s = pl.filter.sign(pts[d])) {
      counts.add(Stage::filter);
      return s;
    }
    return orient3d_sign(pts[pl.a], pts[pl.b], pts[pl.c], pts[d], expansions, counts);
  }
  std::size_t size() const { return pts.size(); }
  bool less(std::uint32_t a, std::uint32_t b) const { return lex_less(pts[a], pts[b]); }
  bool equal(std::uint32_t a, std::uint32_t b) const { return pts[a] == pts[b]; }
  int orient(std::uint32_t a, std::uint32_t b, std::uint32_t c, std::uint32_t d) const {
    return orient3d_sign(pts[a], pts[b], pts[c], pts[d], expansions, counts);
  }
  bool collinear(std::uint32_t a, std::uint32_t b, std::uint32_t c) const {
    return collinear3(pts[a], pts[b], pts[c], expansions, counts);
  }
  int orient2(int drop, std::uint32_t a, std::uint32_t b, std::uint32_t c) const {
    return orient_sign(project(pts[a], drop), project(pts[b], drop), project(pts[c], drop),
                       expansions, counts);
  }
  /// The 2D exact hull (hull.hpp's hull_exact) of the projected points.
  std::vector<std::uint32_t> hull2(int drop, const std::vector<std::uint32_t>& idx) const {
    std::vector<ExactPoint> flat(idx.size());
    for (std::size_t i = 0; i < idx.size(); ++i) flat[i] = project(pts[idx[i]], drop);
    std::vector<std::uint32_t> poly = hull_exact(flat, counts).vertices;
    for (std::uint32_t& v : poly) v = idx[v];
    return poly;
  }
};

/// Rationals only.
struct RationalKernel {
  std::span<const RationalPoint3> pts;
  struct Plane {
    std::uint32_t a, b, c;
  };
  Plane plane(std::uint32_t a, std::uint32_t b, std::uint32_t c) const { return {a, b, c}; }
  int side(const Plane& pl, std::uint32_t d) const { return orient(pl.a, pl.b, pl.c, d); }
  std::size_t size() const { return pts.size(); }
  static const Rational& coord(const RationalPoint3& p, int axis) {
    return axis == 0 ? p.x : (axis == 1 ? p.y : p.z);
  }
  bool less(std::uint32_t a, std::uint32_t b) const {
    for (int axis = 0; axis < 3; ++axis) {
      const Rational &u = coord(pts[a], axis), &w = coord(pts[b], axis);
      if (u != w) return u < w;
    }
    return false;
  }
  bool equal(std::uint32_t a, std::uint32_t b) const { return pts[a] == pts[b]; }
  int orient(std::uint32_t a, std::uint32_t b, std::uint32_t c, std::uint32_t d) const {
    return orient3d_sign_rational(pts[a], pts[b], pts[c], pts[d]);
  }
  int orient2(int drop, std::uint32_t a, std::uint32_t b, std::uint32_t c) const {
    const int i = (drop + 1) % 3, j = (drop + 2) % 3;
    const Rational det =
        (coord(pts[b], i) - coord(pts[a], i)) * (coord(pts[c], j) - coord(pts[a], j)) -
        (coord(pts[b], j) - coord(pts[a], j)) * (coord(pts[c], i) - coord(pts[a], i));
    return det > 0 ? 1 : (det < 0 ? -1 : 0);
  }
  bool collinear(std::uint32_t a, std::uint32_t b, std::uint32_t c) const {
    return orient2(0, a, b, c) == 0 && orient2(1, a, b, c) == 0 && orient2(2, a, b, c) == 0;
  }
  /// Andrew's monotone chain (monotone_chain.hpp) on the projected coordinates.
  std::vector<std::uint32_t> hull2(int drop, const std::vector<std::uint32_t>& idx) const {
    struct Traits {
      using Point = std::uint32_t;
      const RationalKernel* k;
      int drop;
      bool less(std::uint32_t a, std::uint32_t b) const {
        const int i = (drop + 1) % 3, j = (drop + 2) % 3;
        const Rational &ai = coord(k->pts[a], i), &bi = coord(k->pts[b], i);
        if (ai != bi) return ai < bi;
        return coord(k->pts[a], j) < coord(k->pts[b], j);
      }
      int orient(std::uint32_t a, std::uint32_t b, std::uint32_t c) const {
        return k->orient2(drop, a, b, c);
      }
    };
    const Traits traits{this, drop};
    std::vector<std::uint32_t> sorted = idx;
    fast::sort_lexicographic(sorted, traits);
    return fast::monotone_chain(std::span<const std::uint32_t>(sorted), traits);
  }
};

}  // namespace detail::hull3_impl

namespace {
/// Below this many points the prefilter's extremes and tetrahedra cost more than they save.
constexpr std::size_t kPrefilterMinPoints = 16;
}  // namespace

Hull3 hull3_exact(std::span<const ExactPoint3> points, StageCounts& counts) {
  bool expansions = true;
  detail::hull3_impl::ExactKernel kernel{points, true, counts, {0, 0, 0}};
  for (const ExactPoint3& p : points) {
    expansions = expansions && in_expansion_domain3(p);
    kernel.cmax[0] = std::max(kernel.cmax[0], std::fabs(p.x.hi));
    kernel.cmax[1] = std::max(kernel.cmax[1], std::fabs(p.y.hi));
    kernel.cmax[2] = std::max(kernel.cmax[2], std::fabs(p.z.hi));
  }
  kernel.expansions = expansions;
  // Points strictly inside a tetrahedron of extreme points (hull3_prefilter) are never vertices;
  // leaving them out saves most of their visibility tests.
  std::vector<std::uint32_t> cand;
  if (points.size() >= kPrefilterMinPoints)
    detail::hull3_prefilter(points, expansions, counts, cand);
  Hull3 h = detail::hull3_impl::incremental_hull3(kernel, std::move(cand));
  h.source = HullSource::exact_only;
  h.in_expansion_domain = expansions;
  return h;
}

Hull3 hull3_rational(std::span<const RationalPoint3> points) {
  Hull3 h = detail::hull3_impl::incremental_hull3(detail::hull3_impl::RationalKernel{points});
  h.source = HullSource::exact_only;
  h.in_expansion_domain = false;
  return h;
}

}  // namespace minkowski::reference
