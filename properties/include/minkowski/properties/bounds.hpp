#pragma once
// minkowski/properties/bounds.hpp — the documented tolerance constants of the fast algorithms.
//
// Each k is in units of u·S (DESIGN.md, "The tolerance model"). The values are not guessed: they
// sit above the worst error observed over the fixed-seed characterization campaign
// (`minkowski check --cases 5000 --seed 20261122`, all families, both precisions; the seed is
// kDefaultSeed, campaign.hpp), and a test
// (properties/test/bounds_characterization_test.cpp) keeps them two-sided: the worst observed
// error must lie in (bound/4, bound], so a bound that has become loose fails as surely as a
// regression. Tightening one is progress; loosening one needs a reason written next to it.

#include <optional>
#include <string_view>

#include "minkowski/properties/fast_adapters.hpp"

namespace minkowski::properties {

enum class Precision { single, double_ };
const char* to_string(Precision p);
/// The inverse of to_string: "float" or "double"; nullopt for anything else (a command's "both"
/// is the command's own business).
std::optional<Precision> precision_from_string(std::string_view s);

/// Bounds for `alg` in precision `p` (u set to that precision's unit roundoff, min_scale to
/// min_judged_scale(p)).
Bounds bounds_for(Algorithm alg, Precision p);

/// The smallest case scale S at which the tolerance model is asserted in precision p:
/// sqrt(min normal)/u, 2^-458 in double and 2^-39 in float. The model's errors are relative (k·u·S,
/// DESIGN.md); below this, squared distances of size u·S underflow into subnormals, whose rounding
/// is absolute, and no relative bound can hold — in float a case at 4.7e-62 is all zeros
/// (fixtures/found/fuzz-015ca905ad3666e9.json). Answers there are measured, not asserted (judge()),
/// and the fuzz target checks only that they are finite. A limit of the model as written.
double min_judged_scale(Precision p);

/// Bounds for an external engine in precision `p`: per field, the loosest bound of minkowski's
/// own judged algorithms that answer that field (bounds.cpp says which).
Bounds engine_bounds(Precision p);

/// Whether the tolerance model is asserted for `alg`: false for closest-internal-vertices, the
/// alternative contact method kept so the reports can show where it fails.
bool is_judged(Algorithm alg);

}  // namespace minkowski::properties
