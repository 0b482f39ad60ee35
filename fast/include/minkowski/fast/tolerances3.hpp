#pragma once
// minkowski/fast/tolerances3.hpp — every tolerance and work bound of the fast 3D narrow phase.
//
// Notation as in tolerances.hpp: u is the unit roundoff of T, S the case scale. Each constant says
// where its value comes from (a derivation, a cited figure, or the fixture that pins it).

#include <cstddef>

#include "minkowski/fast/tolerances.hpp"

namespace minkowski::fast {

// ---- 3D shapes (shape3.hpp) -----------------------------------------------------------------
// (owned by the shape work)

// ---- 3D support searches (support3.hpp) -----------------------------------------------------
// (owned by the shape work)

// ---- 3D GJK (gjk3.hpp) ----------------------------------------------------------------------
// (owned by the GJK/EPA work)

// ---- 3D EPA (epa3.hpp, penetration3.hpp) ----------------------------------------------------
// (owned by the GJK/EPA work)

// ---- 3D SAT (sat3.hpp) ----------------------------------------------------------------------
// (owned by the SAT/manifold work)

// ---- 3D contact manifolds (manifold3.hpp) ---------------------------------------------------
// (owned by the SAT/manifold work)

}  // namespace minkowski::fast
