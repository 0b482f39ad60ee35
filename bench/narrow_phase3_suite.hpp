#pragma once
// The 3D benchmark's pairs, ready for every engine, and the framework of its rows.
//
// narrow_phase3_suite.cpp builds each population once (lazily): pairs drawn by
// narrow_phase3_pairs.hpp, each classified by the exact oracle (reference::PreparedPair3: the
// exact signed distance rounded to double) and kept when its class accepts it; every polytope and
// box gets its exact hull (reference::shape_hull): vertices, faces counter-clockwise seen from
// outside and face planes, which is what FCL's Convex and ODE's dCreateConvex are given (Bullet
// computes its own from the points, libccd and minkowski need only the points).
//
// A row (<query>/<population>/<engine>) is a Kernel3: a plain loop over the prepared pairs,
// compiled in the engine's own translation unit (narrow_phase3_<engine>.cpp) so that engine
// calls are direct, and run in batches of one pass over the pairs. Kernels are built by
// make_kernel3 (narrow_phase3_kernel.hpp), which also checks the engine on the hand cases below
// (abort with a message if an engine answers a different question) and computes the rows'
// counters against the oracle.
#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "narrow_phase3_pairs.hpp"

namespace minkowski::bench3 {

/// A polytope's (or box's) exact hull, in double: what FCL and ODE are given.
struct Hull3Data {
  std::vector<P3> vertices;                       ///< the hull's vertices
  std::vector<std::vector<std::uint32_t>> faces;  ///< indices into vertices, ccw from outside
  std::vector<std::array<double, 4>> planes;      ///< unit outward normal (x, y, z) and offset
};

struct Pair3 {
  PairSpec3 spec;            ///< polytopes: spec.a.points / spec.b.points are the hull vertices
  Hull3Data hull_a, hull_b;  ///< empty for capsules
};

/// The pairs of population p (pair_count(p) of them), built on first use; for the large
/// populations sd is NaN (not classified).
const std::vector<Pair3>& population3(Population3 p);

/// A hand case: a pair with a hand-derived answer that every engine must reproduce (the check
/// that it is configured to answer the same question).
struct HandCase3 {
  std::string name;
  Pair3 pair;
  double sd = 0;     ///< signed distance (> 0 gap, < 0 depth)
  P3 normal{};       ///< unit, from A towards B
  int contacts = 0;  ///< expected manifold points (0: not checked)
};
/// The hand cases of shapes of the kind used in population p (polytopes, boxes or capsules).
const std::vector<HandCase3>& hand_cases3(Population3 p);

/// One benchmark row: `run(n)` makes n calls, cycling through the prepared pairs from the first;
/// `batch` is one pass over them.
struct Kernel3 {
  std::function<void(long)> run;
  long batch = 1;
  std::vector<std::pair<std::string, double>> counters;
};

enum class Query3 { distance, penetration, manifold, overlap, support };
inline const char* name(Query3 q) {
  constexpr const char* kNames[] = {"distance", "penetration", "manifold", "overlap", "support"};
  return kNames[static_cast<int>(q)];
}

struct KernelSpec3 {
  Query3 query;
  Population3 population;
  std::string engine;
  std::function<Kernel3()> make;
  std::string name() const {
    return std::string(bench3::name(query)) + "/" + bench3::name(population) + "/" + engine;
  }
};

/// Every row of the engines found at configure time (narrow_phase3_suite.cpp), in the order
/// query, population, engine.
std::vector<KernelSpec3> all_kernel_specs3();
/// The engines compiled in and their versions (for the benchmark's context).
std::string engines3_context();

// Each engine's rows (narrow_phase3_<engine>.cpp).
void add_minkowski_kernels3(std::vector<KernelSpec3>& out);
void add_bullet_kernels3(std::vector<KernelSpec3>& out);
void add_libccd_kernels3(std::vector<KernelSpec3>& out);
void add_fcl_kernels3(std::vector<KernelSpec3>& out);
void add_ode_kernels3(std::vector<KernelSpec3>& out);

}  // namespace minkowski::bench3
