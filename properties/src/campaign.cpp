#include "minkowski/properties/campaign.hpp"

#include <algorithm>
#include <cmath>
#include <chrono>
#include <condition_variable>
#include <memory>
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
  std::string protocol;  // failure kind of an engine, "" otherwise
};

struct ItemResult {
  GeneratedCase g;
  std::uint64_t index = 0;
  std::vector<AlgResult> per;  // subjects in order (fast algorithms × precisions, then the engine)
  reference::HullStats stats;
  EngineReply engine_reply;    // handed over by the engine thread
};

AlgResult evaluate(const Subject& s, const GeneratedCase& g, const reference::PairAnswer& exact, EngineReply reply) {
  AlgResult r;
  Judgement j = judge_reply(s, g.c, exact, std::move(reply));  // moved from below, not copied
  if (j.reply.outcome == EngineOutcome::skip) {
    r.skipped = true;
    return r;
  }
  r.fast = std::move(j.reply.answer);
  r.violation = j.violation;
  r.what = std::move(j.what);
  if (j.verdict) {
    r.fields = std::move(j.verdict->fields);
    r.relation_disagrees = !r.fields.empty() && r.fields[0].error > 0;
  } else {
    r.protocol = to_string(j.reply.outcome);
  }
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
    if (static_cast<double>(cum) >= need) return upper_edge(k);
  }
  return INFINITY;
}

double Histogram::upper_edge(int k) { return k == 0 ? 0 : std::exp2(static_cast<double>(k) / kBinsPerOctave + kMinExp); }

double Histogram::lower_edge(int k) { return k <= 1 ? 0 : upper_edge(k - 1); }

Cell& Cell::operator+=(const Cell& o) {
  cases += o.cases; skipped += o.skipped; violations += o.violations;
  relation_disagreements += o.relation_disagreements;
  for (const auto& [f, m] : o.max_error) max_error[f] = std::max(max_error[f], m);
  for (const auto& [f, h] : o.hist) hist[f] += h;
  for (const auto& [f, n] : o.field_violations) field_violations[f] += n;
  for (const auto& [k, n] : o.protocol) protocol[k] += n;
  return *this;
}

std::string cell_key(Algorithm a, const std::string& family, Precision p) {
  return cell_key(std::string(to_string(a)), family, p);
}

std::string cell_key(const std::string& subject, const std::string& family, Precision p) {
  return subject + "/" + family + "/" + to_string(p);
}

namespace {
/// A fast algorithm's answer as a subject's reply: skip when the type cannot represent the case.
EngineReply fast_reply(std::optional<FastAnswer> f) {
  EngineReply r;
  if (f) r.answer = std::move(*f);
  else r.outcome = EngineOutcome::skip;
  return r;
}
}  // namespace

Subject fast_subject(Algorithm alg, Precision p, const Bounds& bounds) {
  Subject s;
  s.name = to_string(alg);
  s.precision = p;
  s.bounds = bounds;
  s.judged = is_judged(alg);
  s.fast_algorithm = alg;
  s.answer = [alg, p](const fixtures::Case& c) {
    return fast_reply(p == Precision::single ? run_fast<float>(alg, c) : run_fast<double>(alg, c));
  };
  return s;
}

Judgement judge_reply(const Subject& s, const fixtures::Case& c, const reference::PairAnswer& exact,
                      EngineReply reply) {
  Judgement j;
  j.reply = std::move(reply);
  switch (j.reply.outcome) {
    case EngineOutcome::answer:
      j.verdict = judge(c, exact, j.reply.answer, s.bounds);
      j.violation = !j.verdict->ok && s.judged;
      j.what = j.verdict->summary();
      break;
    case EngineOutcome::skip: break;
    default:
      j.violation = true;
      j.what = std::string(to_string(j.reply.outcome)) + ": " + j.reply.message;
  }
  return j;
}

Judgement judge_subject(const Subject& s, const fixtures::Case& c, const reference::PairAnswer& exact) {
  return judge_reply(s, c, exact, s.answer(c));
}

namespace {
std::vector<Subject> parallel_subjects(const CampaignOptions& opt) {
  std::vector<Subject> out;
  for (Algorithm alg : opt.algorithms)
    for (Precision p : opt.precisions) out.push_back(fast_subject(alg, p, opt.bounds(alg, p)));
  return out;
}
}  // namespace

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

namespace {
/// campaign_case's draw; the caller holds g_generation.
GeneratedCase draw_case(const std::string& family, std::uint64_t seed, std::uint64_t i) {
  GeneratedCase g = campaign_shrinkable(family, seed, i).value();
  g.c.id = family + "/" + std::to_string(i) + "/" + g.kind;
  return g;
}
}  // namespace

GeneratedCase campaign_case(const std::string& family, std::uint64_t seed, std::uint64_t i) {
  std::lock_guard<std::mutex> lock(g_generation);
  return draw_case(family, seed, i);
}

Violation shrink_violation(const Violation& v, const CampaignOptions& opt, int max_steps) {
  Violation best = v;
  std::optional<Subject> subject;
  if (opt.engine && v.subject == opt.engine->name) subject = opt.engine;
  else if (const auto alg = algorithm_from_string(v.subject)) subject = fast_subject(*alg, v.precision, opt.bounds(*alg, v.precision));
  else subject = fast_subject(v.algorithm, v.precision, opt.bounds(v.algorithm, v.precision));
  if (v.protocol == to_string(EngineOutcome::timeout)) return best;
  bool gave_up = false;
  auto fails = [&](const GeneratedCase& g, Violation& out) {
    EngineReply reply = subject->answer(g.c);
    if (reply.outcome == EngineOutcome::exhausted) {
      gave_up = true;
      return false;
    }
    if (!v.protocol.empty()) {  // the same protocol failure; no exact answer needed
      if (to_string(reply.outcome) != v.protocol) return false;
      out.generated = g;
      out.fast = {};
      out.what = v.protocol + ": " + reply.message;
      return true;
    }
    if (reply.outcome != EngineOutcome::answer) return false;
    const reference::PairAnswer exact = exact_answer(g.c, reference::Detail::magnitudes);
    const Judgement j = judge_reply(*subject, g.c, exact, std::move(reply));
    if (!j.violation) return false;
    out.generated = g;
    out.fast = j.reply.answer;
    out.what = j.what;
    return true;
  };
  std::unique_lock<std::mutex> lock(g_generation);
  rc::Shrinkable<GeneratedCase> current = campaign_shrinkable(v.generated.family, opt.seed, v.index);
  for (int step = 0; step < max_steps && !gave_up; ++step) {
    bool smaller = false;
    auto shrinks = current.shrinks();
    // Bounded: each accepted step restarts from a strictly smaller value; at most 1000 tries each.
    for (int tries = 0; tries < 1000 && !gave_up; ++tries) {
      auto next = shrinks.next();
      if (!next) break;
      Violation candidate = v;
      GeneratedCase smaller_case = next->value();
      smaller_case.c.id = v.generated.c.id + "/shrink";
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
  const std::vector<Subject> subjects = parallel_subjects(opt);
  const Subject* engine = opt.engine ? &*opt.engine : nullptr;

  // One slot per case, allocated by the worker that claims the case and freed by it once the
  // case is merged.
  std::vector<std::unique_ptr<ItemResult>> results(items.size());

  // Each worker merges the cases it finishes into a partial summary of its own and frees them
  // at once, on the thread that allocated them; the partials are added up after the workers end.
  // Every part of a cell adds up in any order (counts, maxima, histogram bins) and the violations
  // are put back in item order, so the result is identical for any thread count. (With all
  // results kept to the end, `check --cases 30000` held 1.08 GB at the peak, ~6 KB a case, and
  // the page faults of that memory were 7% of the campaign's CPU time; `time -v`, 2026-11-25.
  // Merged in item order into one summary under a mutex, it ran as fast as this within the
  // noise, but both cores wrote that summary and one freed what the other allocated.)
  std::vector<const Subject*> all;
  for (const Subject& s : subjects) all.push_back(&s);
  if (engine) all.push_back(engine);
  struct Partial {
    CampaignResult result;
    std::vector<std::pair<std::size_t, Violation>> violations;  // with the item they came from
    /// The cell of each (family, subject) and its per-field entries, found once by name and then
    /// reused: std::map nodes do not move. (Found by name for every answer, the keys' strings
    /// and the string comparisons were ~5% of a campaign's CPU time; perf, 2026-11-25.)
    struct FieldSlot {
      Field field;
      double* max_error;
      Histogram* hist;
    };
    struct CellSlot {
      Cell* cell = nullptr;
      std::vector<FieldSlot> fields;  // in the order the subject reports them
    };
    std::vector<CellSlot> slots;  // [family × subjects + subject]
  };
  const unsigned threads = opt.threads ? opt.threads : std::max(1u, std::thread::hardware_concurrency());
  std::vector<Partial> partials(threads);
  for (Partial& p : partials) p.slots.resize(opt.families.size() * all.size());
  auto merge_item = [&](Partial& into, std::size_t k) {
    ItemResult& r = *results[k];
    CampaignResult& out = into.result;
    ++out.cases;
    out.reference_stats += r.stats;
    for (std::size_t j = 0; j < all.size(); ++j) {
      const Subject& s = *all[j];
      const AlgResult& a = r.per[j];
      Partial::CellSlot& slot = into.slots[items[k].first * all.size() + j];
      if (!slot.cell) slot.cell = &out.cells[cell_key(s.name, r.g.family, s.precision)];
      Cell& cell = *slot.cell;
      ++cell.cases;
      if (a.skipped) { ++cell.skipped; continue; }
      if (!a.protocol.empty()) ++cell.protocol[a.protocol];
      if (a.relation_disagrees) ++cell.relation_disagreements;
      for (std::size_t i = 0; i < a.fields.size(); ++i) {
        const FieldVerdict& f = a.fields[i];
        if (i >= slot.fields.size()) slot.fields.resize(i + 1, {Field::relation, nullptr, nullptr});
        Partial::FieldSlot& fs = slot.fields[i];
        if (!fs.max_error || fs.field != f.field) {
          const std::string name = to_string(f.field);
          fs = {f.field, &cell.max_error[name], &cell.hist[name]};
        }
        *fs.max_error = std::max(*fs.max_error, f.error);
        fs.hist->add(f.error);
        if (!f.ok && s.judged) ++cell.field_violations[to_string(f.field)];
      }
      if (a.violation) {
        ++cell.violations;
        const Algorithm alg = algorithm_from_string(s.name).value_or(Algorithm::sat);
        into.violations.emplace_back(
            k, Violation{r.g, r.index, alg, s.name, s.precision, a.fast, a.what, a.protocol});
      }
    }
    results[k].reset();
  };
  std::atomic<std::size_t> next{0};
  std::atomic<std::uint64_t> done{0};
  auto stopped = [&] { return stop && stop->load(); };

  // Hand-over between the workers and the engine thread (only with an engine): a worker marks
  // its case generated, the engine thread asks the engine about cases strictly in order and
  // marks each answered; the worker then judges the answer. Items are claimed in increasing
  // order and generated before their worker waits, so the engine never waits for a case whose
  // worker is itself waiting: no deadlock. All waits re-check `stop` every kPollInterval.
  constexpr auto kPollInterval = std::chrono::milliseconds(50);  // Ctrl-C reaction time
  std::mutex hand_over;
  std::condition_variable changed;
  std::vector<char> generated(items.size(), 0), answered(items.size(), 0);
  bool halt = false;  // the engine gave up (guarded by hand_over)
  std::string fatal;

  // A worker claims kClaimBatch consecutive cases at a time and draws them under one hold of
  // the generation lock (RapidCheck's state is process-wide, see g_generation): taken once per
  // case, the lock changed hands between the two workers thousands of times a second, each time
  // a futex sleep and wake-up, and two workers ran at 1.54x one worker's rate (where two
  // one-worker campaigns side by side reach 1.95x); drawn in batches, at 1.70x (`check --cases
  // 20000`, 2026-11-25; medians 34.6k against 33.0k cases/s). Every case of a batch is drawn
  // before its worker waits for any engine answer, so the engine thread, which asks in case
  // order, never waits for a case whose worker waits for the engine.
  constexpr std::size_t kClaimBatch = 16;
  auto worker = [&](Partial& partial) {
    for (;;) {
      if (stopped()) return;
      {
        std::lock_guard<std::mutex> lock(hand_over);
        if (halt) return;
      }
      const std::size_t first = next.fetch_add(kClaimBatch);
      if (first >= items.size()) return;
      const std::size_t last = std::min(first + kClaimBatch, items.size());
      {
        std::lock_guard<std::mutex> lock(g_generation);
        for (std::size_t k = first; k < last; ++k) {
          results[k] = std::make_unique<ItemResult>();  // before generated[k]: the engine reads it
          results[k]->index = items[k].second;
          results[k]->g = draw_case(opt.families[items[k].first], opt.seed, items[k].second);
        }
      }
      if (engine) {
        std::lock_guard<std::mutex> lock(hand_over);
        for (std::size_t k = first; k < last; ++k) generated[k] = 1;
        changed.notify_all();
      }
      for (std::size_t k = first; k < last; ++k) {
        if (stopped()) return;
        ItemResult& r = *results[k];
        const reference::PairAnswer exact = exact_answer(r.g.c, reference::Detail::magnitudes);
        r.stats = exact.stats;
        r.per.reserve(subjects.size() + (engine ? 1 : 0));
        // The case's fast shapes, built on first use per precision and shared by the algorithms.
        std::optional<FastPair<float>> pair_f;
        std::optional<FastPair<double>> pair_d;
        auto ask = [&](const Subject& s) {
          if (!s.fast_algorithm) return s.answer(r.g.c);
          if (s.precision == Precision::single) {
            if (!pair_f) pair_f = make_fast_pair<float>(r.g.c);
            return fast_reply(run_fast(*s.fast_algorithm, *pair_f));
          }
          if (!pair_d) pair_d = make_fast_pair<double>(r.g.c);
          return fast_reply(run_fast(*s.fast_algorithm, *pair_d));
        };
        for (const Subject& s : subjects) r.per.push_back(evaluate(s, r.g, exact, ask(s)));
        if (engine) {
          EngineReply reply;
          {
            std::unique_lock<std::mutex> lock(hand_over);
            while (!answered[k] && !halt && !stopped()) changed.wait_for(lock, kPollInterval);
            const EngineOutcome o = results[k]->engine_reply.outcome;
            if (!answered[k] || o == EngineOutcome::exhausted || o == EngineOutcome::interrupted) return;
            reply = std::move(results[k]->engine_reply);
          }
          r.per.push_back(evaluate(*engine, r.g, exact, std::move(reply)));
        }
        merge_item(partial, k);
        const std::uint64_t d = ++done;
        if (progress && (d % 64 == 0 || d == items.size())) progress(d, items.size());
      }
    }
  };
  auto ask_engine_in_order = [&] {
    for (std::size_t k = 0; k < items.size(); ++k) {
      fixtures::Case c;
      {
        std::unique_lock<std::mutex> lock(hand_over);
        while (!generated[k] && !stopped()) changed.wait_for(lock, kPollInterval);
        if (!generated[k] || stopped()) return;
        c = results[k]->g.c;  // written before generated[k] was set, not modified after
      }
      EngineReply reply = engine->answer(c);
      std::lock_guard<std::mutex> lock(hand_over);
      if (reply.outcome == EngineOutcome::exhausted) {
        halt = true;
        fatal = reply.message;
      }
      results[k]->engine_reply = std::move(reply);
      answered[k] = 1;
      changed.notify_all();
      if (halt) return;
    }
  };

  std::vector<std::thread> pool;
  for (unsigned t = 0; t < threads; ++t) pool.emplace_back(worker, std::ref(partials[t]));
  if (engine) ask_engine_in_order();
  for (auto& th : pool) th.join();

  // The partial summaries added up; after an interruption they hold the cases that were done.
  CampaignResult out;
  out.interrupted = stopped();
  out.fatal = fatal;
  std::vector<std::pair<std::size_t, Violation>> violations;
  for (Partial& p : partials) {
    out.cases += p.result.cases;
    out.reference_stats += p.result.reference_stats;
    for (const auto& [key, cell] : p.result.cells) out.cells[key] += cell;
    for (auto& v : p.violations) violations.push_back(std::move(v));
  }
  // Item order; a case's violations were recorded in subject order and stay so (stable sort).
  std::stable_sort(violations.begin(), violations.end(),
                   [](const auto& x, const auto& y) { return x.first < y.first; });
  for (auto& v : violations) out.violations.push_back(std::move(v.second));
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

}  // namespace minkowski::properties
