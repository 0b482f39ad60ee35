#pragma once
// properties/src/draws.hpp — RapidCheck draws that the 2D and the 3D generators share
// (generators.cpp, generators3.cpp). One definition of each, so that the library's files can be
// one unity translation unit (MINKOWSKI_UNITY_BUILD) without two file-local copies colliding.

#include <rapidcheck.h>

namespace minkowski::properties::draws {

/// A decimal coordinate k/100 — usually not a dyadic, so differences carry TwoSum tails.
inline double decimal(int lo, int hi) { return *rc::gen::inRange(lo, hi + 1) / 100.0; }

/// A choice among [lo, hi) that does not depend on RapidCheck's size (inRange narrows its range
/// at small sizes, which would hide the later shapes from most of a campaign); shrinks to lo.
inline int choice(int lo, int hi) { return *rc::gen::resize(100, rc::gen::inRange(lo, hi)); }

}  // namespace minkowski::properties::draws
