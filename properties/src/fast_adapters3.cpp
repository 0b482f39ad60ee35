#include "minkowski/properties/fast_adapters3.hpp"

#include <vector>

namespace minkowski::properties {

namespace {
template <class T>
std::array<double, 3> arr(fast::Vec3<T> v) {
  return {static_cast<double>(v.x), static_cast<double>(v.y), static_cast<double>(v.z)};
}
}  // namespace

template <class T>
std::optional<fast::ConvexShape3<T>> to_fast_shape3(const reference::Shape3& s,
                                                    std::string* why_not) {
  // A negative radius is refused before it is rounded to T (−1e-300 would become −0 in float):
  // as to_fast_shape in 2D.
  if (s.radius < 0) {
    if (why_not) *why_not = fast::describe(fast::ShapeError::negative_radius);
    return std::nullopt;
  }
  std::vector<fast::Vec3<T>> pts;
  pts.reserve(s.points.size());
  for (const reference::Point3& p : s.points)
    pts.push_back({static_cast<T>(p.x), static_cast<T>(p.y), static_cast<T>(p.z)});
  fast::ShapeResult3<T> r =
      fast::make_shape3<T>(std::span<const fast::Vec3<T>>(pts), static_cast<T>(s.radius));
  if (!r) {
    if (why_not) *why_not = r.message;
    return std::nullopt;
  }
  return std::move(r.shape);
}

template <class T>
FastAnswer3 to_answer3(const fast::GjkOutput3<T>& r) {
  FastAnswer3 f;
  f.intersects = r.intersects;
  f.distance = static_cast<double>(r.distance);
  if (!r.intersects) {
    f.point_a = arr(r.point_a);
    f.point_b = arr(r.point_b);
  }
  return f;
}

template <class T>
FastAnswer3 to_answer3(const fast::PenetrationResult3<T>& r) {
  FastAnswer3 f;
  f.intersects = r.intersects;
  f.normal = arr(r.normal);
  f.distance = static_cast<double>(r.distance);
  if (r.intersects) {
    f.depth = static_cast<double>(r.depth);
  } else {
    f.point_a = arr(r.point_a);
    f.point_b = arr(r.point_b);
  }
  return f;
}

template <class T>
FastAnswer3 to_answer3(const fast::SatResult3<T>& r) {
  FastAnswer3 f;
  f.intersects = r.intersects;
  f.normal = arr(r.normal);
  if (r.intersects)
    f.depth = static_cast<double>(r.depth);
  else if (r.separation_is_distance)
    f.distance = static_cast<double>(r.separation);
  return f;
}

template <class T>
FastAnswer3 to_answer3(const fast::Manifold3<T>& m) {
  FastAnswer3 f;
  f.intersects = m.point_count > 0;
  if (!f.intersects) return f;
  f.normal = arr(m.normal);
  std::vector<FastContact3> k;
  const int n = m.point_count < 4 ? m.point_count : 4;
  for (int i = 0; i < n; ++i)
    k.push_back({arr(m.points[i].point), -static_cast<double>(m.points[i].separation),
                 arr(m.points[i].point_a), arr(m.points[i].point_b)});
  f.contacts = std::move(k);
  return f;
}

template <class T>
FastPair3<T> make_fast_pair3(const fixtures::Case3& c) {
  FastPair3<T> p;
  auto a = to_fast_shape3<T>(c.a, &p.why_not);
  if (!a) return p;
  auto b = to_fast_shape3<T>(c.b, &p.why_not);
  if (!b) return p;
  p.a = std::move(a);
  p.b = std::move(b);
  return p;
}

template <class T>
std::optional<FastAnswer3> run_fast3(Algorithm3 alg, const FastPair3<T>& p) {
  if (!p.a || !p.b) return std::nullopt;
  const fast::ConvexShape3<T>& a = *p.a;
  const fast::ConvexShape3<T>& b = *p.b;
  FastAnswer3 f;
  switch (alg) {
    case Algorithm3::gjk:
      f = to_answer3(fast::gjk_distance(a, b));
      break;
    case Algorithm3::penetration:
      f = to_answer3(fast::penetration(a, b));
      break;
    case Algorithm3::sat:
      f = to_answer3(fast::sat_query(a, b));
      break;
    case Algorithm3::manifold:
      f = to_answer3(fast::contact_manifold(a, b));
      break;
  }
  f.input_shift = static_cast<double>(a.weld_shift()) + static_cast<double>(b.weld_shift());
  return f;
}

template <class T>
std::optional<FastAnswer3> run_fast3(Algorithm3 alg, const fixtures::Case3& c,
                                     std::string* why_not) {
  const FastPair3<T> p = make_fast_pair3<T>(c);
  if (!p.a && why_not) *why_not = p.why_not;
  return run_fast3(alg, p);
}

template FastPair3<float> make_fast_pair3<float>(const fixtures::Case3&);
template FastPair3<double> make_fast_pair3<double>(const fixtures::Case3&);
template std::optional<FastAnswer3> run_fast3<float>(Algorithm3, const FastPair3<float>&);
template std::optional<FastAnswer3> run_fast3<double>(Algorithm3, const FastPair3<double>&);
template std::optional<FastAnswer3> run_fast3<float>(Algorithm3, const fixtures::Case3&,
                                                     std::string*);
template std::optional<FastAnswer3> run_fast3<double>(Algorithm3, const fixtures::Case3&,
                                                      std::string*);
template std::optional<fast::ConvexShape3<float>> to_fast_shape3<float>(const reference::Shape3&,
                                                                        std::string*);
template std::optional<fast::ConvexShape3<double>> to_fast_shape3<double>(const reference::Shape3&,
                                                                          std::string*);
template FastAnswer3 to_answer3<float>(const fast::GjkOutput3<float>&);
template FastAnswer3 to_answer3<double>(const fast::GjkOutput3<double>&);
template FastAnswer3 to_answer3<float>(const fast::PenetrationResult3<float>&);
template FastAnswer3 to_answer3<double>(const fast::PenetrationResult3<double>&);
template FastAnswer3 to_answer3<float>(const fast::SatResult3<float>&);
template FastAnswer3 to_answer3<double>(const fast::SatResult3<double>&);
template FastAnswer3 to_answer3<float>(const fast::Manifold3<float>&);
template FastAnswer3 to_answer3<double>(const fast::Manifold3<double>&);

}  // namespace minkowski::properties
