// ode_repro.hpp — what the ODE repro programs (ode/repro/*.cpp) share: dCollide on the geoms the
// adapter builds (ode_shapes.hpp), with every contact printed, and the verdict
// (common/repro_symptom.hpp). No minkowski code.
#pragma once

#include <repro_symptom.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "../ode_shapes.hpp"

namespace ode_repro {

/// dCollide(A, B) on the geoms the adapter builds, every contact printed; nullopt (with the
/// reason printed) when the adapter would skip the case.
inline std::optional<std::vector<dContactGeom>> collide(const std::vector<ode_shapes::V>& pa,
                                                        double ra,
                                                        const std::vector<ode_shapes::V>& pb,
                                                        double rb) {
  std::string why;
  auto a = ode_shapes::make_ode_shape(pa, ra, &why);
  auto b = ode_shapes::make_ode_shape(pb, rb, &why);
  if (!a || !b) {
    std::printf("the adapter would skip this case: %s\n", why.c_str());
    return std::nullopt;
  }
  std::vector<dContactGeom> c(ode_shapes::kMaxContacts);
  const int n =
      dCollide(a->geom, b->geom, ode_shapes::kMaxContacts, c.data(), sizeof(dContactGeom));
  c.resize(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i)
    std::printf(
        "  contact %d: pos (%.17g, %.17g, %.17g) normal (%.17g, %.17g, %.17g) depth %.17g\n", i,
        c[i].pos[0], c[i].pos[1], c[i].pos[2], c[i].normal[0], c[i].normal[1], c[i].normal[2],
        c[i].depth);
  std::printf("dCollide: %d contact(s)\n", n);
  return c;
}

/// The deepest contact's depth of collide() (−1: no contact, −2: the adapter would skip the
/// case); the first contact goes to *first when not null.
inline double deepest(const std::vector<ode_shapes::V>& pa, double ra,
                      const std::vector<ode_shapes::V>& pb, double rb, dContactGeom* first) {
  const auto c = collide(pa, ra, pb, rb);
  if (!c) return -2;
  double d = -1;
  for (const dContactGeom& g : *c) d = std::max(d, static_cast<double>(g.depth));
  if (!c->empty() && first) *first = c->front();
  return d;
}

}  // namespace ode_repro
