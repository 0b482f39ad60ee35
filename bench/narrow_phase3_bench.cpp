// The 3D rows of minkowski_bench: <query>/<population>/<engine> (narrow_phase3_suite.hpp lists
// the queries, narrow_phase3_pairs.hpp the populations, narrow_phase3_<engine>.cpp each engine's
// calls). Registered at static initialisation, as Google Benchmark's BENCHMARK macros do, so that
// minkowski_bench.cpp (the 2D rows) needs no change; the 3D rows come first in the output.
//
// Each row's shapes are built on its first run (the population itself once per process, by the
// exact oracle: a few seconds), outside the timing; the timed loop runs batches of one pass over
// the population's pairs (KeepRunningBatch), so time per iteration is time per call.
//
//   build/default/bench/minkowski_bench --benchmark_filter='^(distance|penetration|manifold|
//       overlap|support)/(poly|box|capsule)' --benchmark_min_time=0.2s --benchmark_repetitions=3
//   python3 bench/ratios.py run.json      (ours / fastest peer per query and population)
#include <benchmark/benchmark.h>

#include <memory>

#include "narrow_phase3_suite.hpp"

namespace minkowski::bench3 {
namespace {

[[maybe_unused]] const bool registered = [] {
  for (const KernelSpec3& spec : all_kernel_specs3()) {
    auto kernel = std::make_shared<std::unique_ptr<Kernel3>>();
    benchmark::RegisterBenchmark(spec.name().c_str(), [spec, kernel](benchmark::State& state) {
      if (!*kernel) *kernel = std::make_unique<Kernel3>(spec.make());
      Kernel3& k = **kernel;
      while (state.KeepRunningBatch(k.batch)) k.run(k.batch);
      for (const auto& [key, value] : k.counters) state.counters[key] = value;
      state.SetItemsProcessed(state.iterations());
    })->Unit(benchmark::kNanosecond);
  }
  benchmark::AddCustomContext("engines3", engines3_context());
  return true;
}();

}  // namespace
}  // namespace minkowski::bench3
