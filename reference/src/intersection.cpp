// Exact A ∩ B for two radius-0 shapes: the hull of one shape clipped (Sutherland–Hodgman) by the
// half-planes that describe the other, all in rationals.
#include <algorithm>
#include <span>

#include "minkowski/fast/monotone_chain.hpp"
#include "minkowski/reference/oracle.hpp"
#include "minkowski/reference/predicates.hpp"

namespace minkowski::reference {

namespace {

/// The closed half-plane alpha·x + beta·y + gamma >= 0.
struct HalfPlane {
  Rational alpha, beta, gamma;
  Rational eval(const RationalPoint& p) const { return alpha * p.x + beta * p.y + gamma; }
};

/// Left of the directed line p -> q: cross(q − p, x − p) >= 0.
HalfPlane left_of(const RationalPoint& p, const RationalPoint& q) {
  const Rational dx = q.x - p.x, dy = q.y - p.y;
  return {-dy, dx, dy * p.x - dx * p.y};
}

/// dot(x − p, d) >= 0.
HalfPlane ahead_of(const RationalPoint& p, const RationalPoint& d) {
  return {d.x, d.y, -(d.x * p.x + d.y * p.y)};
}

std::vector<RationalPoint> hull_points(const Shape& s) {
  std::vector<RationalPoint> out;
  for (const std::uint32_t i : shape_hull(s))
    out.push_back({Rational(s.points[i].x), Rational(s.points[i].y)});
  return out;
}

/// Half-planes whose intersection is exactly conv(s) — also for a segment or a point.
std::vector<HalfPlane> half_planes(const std::vector<RationalPoint>& h) {
  std::vector<HalfPlane> out;
  if (h.size() == 1) {
    const Rational zero = 0, one = 1;
    out.push_back({one, zero, -h[0].x});
    out.push_back({-one, zero, h[0].x});
    out.push_back({zero, one, -h[0].y});
    out.push_back({zero, -one, h[0].y});
  } else if (h.size() == 2) {
    const RationalPoint d{h[1].x - h[0].x, h[1].y - h[0].y};
    out.push_back(left_of(h[0], h[1]));
    out.push_back(left_of(h[1], h[0]));
    out.push_back(ahead_of(h[0], d));
    out.push_back(ahead_of(h[1], {-d.x, -d.y}));
  } else {
    for (std::size_t k = 0; k < h.size(); ++k) out.push_back(left_of(h[k], h[(k + 1) % h.size()]));
  }
  return out;
}

std::vector<RationalPoint> clip(const std::vector<RationalPoint>& poly, const HalfPlane& hp) {
  std::vector<RationalPoint> out;
  const std::size_t n = poly.size();
  for (std::size_t i = 0; i < n; ++i) {
    const RationalPoint& cur = poly[i];
    const RationalPoint& nxt = poly[(i + 1) % n];
    const Rational fc = hp.eval(cur), fn = hp.eval(nxt);
    if (fc >= 0) out.push_back(cur);
    if ((fc > 0 && fn < 0) || (fc < 0 && fn > 0)) {
      const Rational t = fc / (fc - fn);
      out.push_back({cur.x + t * (nxt.x - cur.x), cur.y + t * (nxt.y - cur.y)});
    }
  }
  return out;
}

/// The monotone chain's traits (minkowski/fast/monotone_chain.hpp) on rational points: exact
/// lexicographic order and exact orientation.
struct RationalChainTraits {
  using Point = RationalPoint;
  bool less(const RationalPoint& a, const RationalPoint& b) const {
    return a.x < b.x || (a.x == b.x && a.y < b.y);
  }
  int orient(const RationalPoint& a, const RationalPoint& b, const RationalPoint& c) const {
    return orient_sign_rational(a, b, c);
  }
};

/// Canonical form: counter-clockwise, strictly convex, from the lexicographically smallest point
/// (the exact monotone chain in rationals).
std::vector<RationalPoint> canonical(std::vector<RationalPoint> pts) {
  const RationalChainTraits traits{};
  fast::sort_lexicographic(pts, traits);
  pts.erase(std::unique(pts.begin(), pts.end()), pts.end());
  return fast::monotone_chain(std::span<const RationalPoint>(pts), traits);
}

}  // namespace

std::optional<std::vector<RationalPoint>> intersection_polygon(const Shape& a, const Shape& b) {
  validate(a, "shape a");
  validate(b, "shape b");
  if (a.radius != 0 || b.radius != 0) return std::nullopt;
  std::vector<RationalPoint> poly = hull_points(a);
  for (const HalfPlane& hp : half_planes(hull_points(b))) {
    poly = clip(poly, hp);
    if (poly.empty()) break;
  }
  return canonical(std::move(poly));
}

}  // namespace minkowski::reference
