// minkowski's rows of the 3D benchmark (engine `minkowski`, double; narrow_phase3_suite.hpp).
//   distance     gjk_distance(a, b), cold (no cache)
//   penetration  penetration(a, b): GJK, then EPA when the cores overlap (depth and normal)
//   manifold     contact_manifold(a, b, margin 0): SAT + clipping, contacts of overlapping pairs
//   overlap      gjk_overlap(a, b)
//   support      large polytopes: gjk_distance with SupportMethod::linear (engine `linear`: every
//                support a scan), SupportMethod::logarithmic (engine `climb`: in 3D the
//                hill-climbing over vertex adjacency from the previous support vertex) and the
//                default SupportMethod::automatic (engine `automatic`: scan up to
//                kSupport3LinearMaxVertices vertices, climb above)
// Shapes: make_shape3 of the pair's points (polytopes: the hull vertices; boxes: the 8 corners;
// capsules: the two endpoints with the radius), built outside the timed loop.
#include "minkowski/fast/gjk3.hpp"
#include "minkowski/fast/manifold3.hpp"
#include "minkowski/fast/penetration3.hpp"
#include "minkowski/fast/shape3.hpp"
#include "narrow_phase3_kernel.hpp"

namespace minkowski::bench3 {

namespace {

using fast::ConvexShape3;

struct OursPair {
  ConvexShape3<double> a, b;
};

ConvexShape3<double> build(const Shape3Spec& s) {
  auto r = fast::make_shape3<double>(std::span<const P3>(s.points), s.radius);
  if (!r) {
    std::fprintf(stderr, "minkowski_bench 3D: make_shape3 failed: %s\n", r.message.c_str());
    std::abort();
  }
  return std::move(r.shape);
}

OursPair prepare(const Pair3& p) { return {build(p.spec.a), build(p.spec.b)}; }

Answer3 from_gjk(const fast::GjkOutput3<double>& g) {
  return {g.intersects, g.intersects ? 0.0 : g.distance, g.normal, -1};
}

Kernel3 distance(Population3 pop) {
  return make_kernel3(
      "minkowski", Query3::distance, pop, prepare,
      [](OursPair& p) { return fast::gjk_distance<double>(p.a, p.b); }, from_gjk);
}

Kernel3 support(Population3 pop, fast::SupportMethod m, const char* engine) {
  return make_kernel3(
      engine, Query3::support, pop, prepare,
      [m](OursPair& p) {
        return fast::gjk_distance<double>(p.a, p.b, nullptr, fast::GjkOptions{m});
      },
      from_gjk);
}

Kernel3 penetration(Population3 pop) {
  return make_kernel3(
      "minkowski", Query3::penetration, pop, prepare,
      [](OursPair& p) { return fast::penetration<double>(p.a, p.b); },
      [](const fast::PenetrationResult3<double>& r) {
        return Answer3{r.intersects, r.intersects ? r.depth : r.distance, r.normal, -1};
      });
}

Kernel3 manifold(Population3 pop) {
  return make_kernel3(
      "minkowski", Query3::manifold, pop, prepare,
      [](OursPair& p) { return fast::contact_manifold<double>(p.a, p.b, 0.0); },
      [](const fast::Manifold3<double>& m) {
        double deepest = 0;
        for (int i = 0; i < m.point_count; ++i)
          deepest = std::max(deepest, -m.points[i].separation);
        return Answer3{m.point_count > 0, deepest, m.point_count > 0 ? m.normal : P3{},
                       m.point_count};
      });
}

Kernel3 overlap(Population3 pop) {
  return make_kernel3(
      "minkowski", Query3::overlap, pop, prepare,
      [](OursPair& p) { return fast::gjk_overlap<double>(p.a, p.b); },
      [](bool o) {
        return Answer3{o, NAN, {}, -1};
      });
}

}  // namespace

void add_minkowski_kernels3(std::vector<KernelSpec3>& out) {
  auto all = [](Population3) { return true; };
  auto small = [](Population3 p) { return !is_large(p); };
  add_rows3(out, Query3::distance, "minkowski", all, distance);
  add_rows3(out, Query3::penetration, "minkowski", small, penetration);
  add_rows3(out, Query3::manifold, "minkowski", small, manifold);
  add_rows3(out, Query3::overlap, "minkowski", small, overlap);
  add_rows3(out, Query3::support, "linear", is_large,
            [](Population3 p) { return support(p, fast::SupportMethod::linear, "linear"); });
  add_rows3(out, Query3::support, "climb", is_large,
            [](Population3 p) { return support(p, fast::SupportMethod::logarithmic, "climb"); });
  add_rows3(out, Query3::support, "automatic", is_large,
            [](Population3 p) { return support(p, fast::SupportMethod::automatic, "automatic"); });
}

}  // namespace minkowski::bench3
