#include "minkowski/properties/campaign.hpp"

#include <algorithm>
#include <cmath>
#include <chrono>
#include <mutex>
#include <thread>

namespace minkowski::properties {

namespace {

std::uint64_t mix(std::uint64_t x) {  // splitmix64 finalizer (Steele, Lea & Flood 2014)
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

std::uint64_t family_salt(const std::string& f) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char c : f) { h ^= c; h *= 0x100000001b3ull; }
  return h;
}

struct AlgResult {
  bool skipped = false;
  bool violation = false;
  bool relation_disagrees = false;
  std::vector<FieldVerdict> fields;
  FastAnswer fast;
  std::string what;
};

struct ItemResult {
  GeneratedCase g;
  std::uint64_t index = 0;
  std::vector<AlgResult> per;  // algorithms × precisions, in option order
  reference::HullStats stats;
};

AlgResult evaluate(Algorithm alg, Precision p, const GeneratedCase& g, const reference::PairAnswer& exact,
                   const CampaignOptions& opt) {
  AlgResult r;
  const std::optional<Verdict> v = judge_case(g.c, exact, alg, p, opt, &r.fast);
  if (!v) {
    r.skipped = true;
    return r;
  }
  r.fields = v->fields;
  r.violation = !v->ok && is_judged(alg);
  r.what = v->summary();
  r.relation_disagrees = !v->fields.empty() && v->fields[0].error > 0;
  return r;
}

rc::Shrinkable<GeneratedCase> campaign_shrinkable(const std::string& family, std::uint64_t seed, std::uint64_t i);

}  // namespace

void Histogram::add(double e) {
  ++count;
  if (!(e > 0)) { ++bins[0]; return; }
  const double pos = (std::log2(e) - kMinExp) * kBinsPerOctave;
  const int k = pos < 0 ? 1 : static_cast<int>(std::min<double>(kBins - 1, 1 + std::floor(pos)));
  ++bins[k];
}

Histogram& Histogram::operator+=(const Histogram& o) {
  for (int k = 0; k < kBins; ++k) bins[k] += o.bins[k];
  count += o.count;
  return *this;
}

double Histogram::percentile(double q) const {
  if (count == 0) return 0;
  const double need = q * static_cast<double>(count);
  std::uint64_t cum = 0;
  for (int k = 0; k < kBins; ++k) {
    cum += bins[k];
    if (static_cast<double>(cum) >= need) return k == 0 ? 0 : std::exp2(static_cast<double>(k) / kBinsPerOctave + kMinExp);
  }
  return INFINITY;
}

Cell& Cell::operator+=(const Cell& o) {
  cases += o.cases; skipped += o.skipped; violations += o.violations;
  relation_disagreements += o.relation_disagreements;
  for (const auto& [f, m] : o.max_error) max_error[f] = std::max(max_error[f], m);
  for (const auto& [f, h] : o.hist) hist[f] += h;
  return *this;
}

std::string cell_key(Algorithm a, const std::string& family, Precision p) {
  return std::string(to_string(a)) + "/" + family + "/" + to_string(p);
}

namespace {
rc::Shrinkable<GeneratedCase> campaign_shrinkable(const std::string& family, std::uint64_t seed, std::uint64_t i) {
  const rc::Random random(mix(seed ^ mix(family_salt(family) ^ mix(i))));
  const int size = static_cast<int>(i % 101);  // every RapidCheck size 0..100 in turn
  return gen_family(family)(random, size);
}
}  // namespace

/// RapidCheck's gen::exec keeps its generation context in process-wide state (ImplicitParam),
/// not per thread: concurrent generation corrupts it ("operator* is not allowed in this
/// context"). Generation is cheap next to judging, so it is serialized.
std::mutex g_generation;

GeneratedCase campaign_case(const std::string& family, std::uint64_t seed, std::uint64_t i) {
  std::lock_guard<std::mutex> lock(g_generation);
  GeneratedCase g = campaign_shrinkable(family, seed, i).value();
  g.c.id = family + "/" + std::to_string(i) + "/" + g.kind;
  return g;
}

std::optional<Verdict> judge_case(const fixtures::Case& c, const reference::PairAnswer& exact, Algorithm alg,
                                  Precision p, const CampaignOptions& opt, FastAnswer* fast_out) {
  const auto fast = p == Precision::single ? run_fast<float>(alg, c) : run_fast<double>(alg, c);
  if (!fast) return std::nullopt;
  if (fast_out) *fast_out = *fast;
  return judge(c, exact, *fast, opt.bounds(alg, p));
}

Violation shrink_violation(const Violation& v, const CampaignOptions& opt, int max_steps) {
  Violation best = v;
  auto fails = [&](const GeneratedCase& g, Violation& out) {
    const reference::PairAnswer exact = exact_answer(g.c, reference::Detail::magnitudes);
    FastAnswer fast;
    const std::optional<Verdict> verdict = judge_case(g.c, exact, v.algorithm, v.precision, opt, &fast);
    if (!verdict || verdict->ok) return false;
    out.generated = g;
    out.fast = fast;
    out.what = verdict->summary();
    return true;
  };
  std::unique_lock<std::mutex> lock(g_generation);
  rc::Shrinkable<GeneratedCase> current = campaign_shrinkable(v.generated.family, opt.seed, v.index);
  for (int step = 0; step < max_steps; ++step) {
    bool smaller = false;
    auto shrinks = current.shrinks();
    // Bounded: each accepted step restarts from a strictly smaller value; at most 1000 tries each.
    for (int tries = 0; tries < 1000; ++tries) {
      auto next = shrinks.next();
      if (!next) break;
      Violation candidate = v;
      const GeneratedCase smaller_case = next->value();
      if (fails(smaller_case, candidate)) {
        best = candidate;
        best.generated.c.id = v.generated.c.id + "/shrunk";
        current = *next;
        smaller = true;
        break;
      }
    }
    if (!smaller) break;
  }
  return best;
}

CampaignResult run_campaign(const CampaignOptions& opt,
                            const std::function<void(std::uint64_t, std::uint64_t)>& progress,
                            const std::atomic<bool>* stop) {
  const auto t0 = std::chrono::steady_clock::now();
  // The work list: (family, index) for this shard.
  std::vector<std::pair<std::size_t, std::uint64_t>> items;
  for (std::size_t f = 0; f < opt.families.size(); ++f)
    for (std::uint64_t i = 0; i < opt.cases_per_family; ++i)
      if (i % std::max(1u, opt.shards) == opt.shard) items.emplace_back(f, i);

  std::vector<ItemResult> results(items.size());
  std::vector<char> done_flag(items.size(), 0);
  std::atomic<std::size_t> next{0};
  std::atomic<std::uint64_t> done{0};
  const unsigned threads = opt.threads ? opt.threads : std::max(1u, std::thread::hardware_concurrency());
  auto worker = [&] {
    for (;;) {
      if (stop && stop->load()) return;
      const std::size_t k = next.fetch_add(1);
      if (k >= items.size()) return;
      ItemResult& r = results[k];
      r.index = items[k].second;
      r.g = campaign_case(opt.families[items[k].first], opt.seed, r.index);
      const reference::PairAnswer exact = exact_answer(r.g.c, reference::Detail::magnitudes);
      r.stats = exact.stats;
      r.stats.by_source[static_cast<int>(exact.hull_source)] += 0;
      for (Algorithm alg : opt.algorithms)
        for (Precision p : opt.precisions)
          r.per.push_back(evaluate(alg, p, r.g, exact, opt));
      done_flag[k] = 1;
      const std::uint64_t d = ++done;
      if (progress && (d % 64 == 0 || d == items.size())) progress(d, items.size());
    }
  };
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < threads; ++t) pool.emplace_back(worker);
  for (auto& th : pool) th.join();

  // Merge in item order: identical for any thread count.
  CampaignResult out;
  out.interrupted = stop && stop->load();
  for (std::size_t k = 0; k < items.size(); ++k) {
    if (!done_flag[k]) continue;
    const ItemResult& r = results[k];
    ++out.cases;
    out.reference_stats += r.stats;
    std::size_t j = 0;
    for (Algorithm alg : opt.algorithms)
      for (Precision p : opt.precisions) {
        const AlgResult& a = r.per[j++];
        Cell& cell = out.cells[cell_key(alg, r.g.family, p)];
        ++cell.cases;
        if (a.skipped) { ++cell.skipped; continue; }
        if (a.relation_disagrees) ++cell.relation_disagreements;
        for (const FieldVerdict& f : a.fields) {
          double& m = cell.max_error[f.field];
          m = std::max(m, f.error);
          cell.hist[f.field].add(f.error);
        }
        if (a.violation) {
          ++cell.violations;
          out.violations.push_back({r.g, r.index, alg, p, a.fast, a.what});
        }
      }
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

}  // namespace minkowski::properties
