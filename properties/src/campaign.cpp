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
  for (unsigned char c : f) {
    h ^= c;
    h *= 0x100000001b3ull;
  }
  return h;
}

template <int D>
struct AlgResult {
  bool skipped = false;
  bool violation = false;
  bool relation_disagrees = false;
  std::vector<FieldVerdict> fields;
  typename Dim<D>::Answer fast;
  std::string what;
  std::string protocol;  // failure kind of an engine, "" otherwise
};

template <int D>
struct ItemResult {
  typename Dim<D>::Generated g;
  std::uint64_t index = 0;
  std::vector<AlgResult<D>> per;  // subjects in order (fast algorithms × precisions, then engine)
  reference::HullStats stats;
  Classification coverage;  // the case's cell (coverage.hpp), from its exact answer
  EngineReplyT<typename Dim<D>::Answer> engine_reply;  // handed over by the engine thread
};

template <int D>
AlgResult<D> evaluate(const SubjectT<D>& s, const typename Dim<D>::Generated& g,
                      const typename Dim<D>::Exact& exact,
                      EngineReplyT<typename Dim<D>::Answer> reply) {
  AlgResult<D> r;
  JudgementT<D> j = judge_reply<D>(s, g.c, exact, std::move(reply));  // moved, not copied
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

template <int D>
rc::Shrinkable<typename Dim<D>::Generated> campaign_shrinkable(const std::string& family,
                                                               std::uint64_t seed, std::uint64_t i);

}  // namespace

void Histogram::add(double e) {
  ++count;
  if (!(e > 0)) {
    ++bins[0];
    return;
  }
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

double Histogram::upper_edge(int k) {
  return k == 0 ? 0 : std::exp2(static_cast<double>(k) / kBinsPerOctave + kMinExp);
}

double Histogram::lower_edge(int k) { return k <= 1 ? 0 : upper_edge(k - 1); }

Cell& Cell::operator+=(const Cell& o) {
  cases += o.cases;
  skipped += o.skipped;
  violations += o.violations;
  relation_disagreements += o.relation_disagreements;
  for (const auto& [f, m] : o.max_error) {
    const auto mine = max_error.find(f);
    const auto theirs = o.max_error_allowed.find(f);
    const bool known = theirs != o.max_error_allowed.end();
    if (mine == max_error.end() || m > mine->second) {  // their worst case is the worst
      max_error[f] = m;
      if (known)
        max_error_allowed[f] = theirs->second;
      else
        max_error_allowed.erase(f);
    } else if (m == mine->second && known) {  // a tie: the smaller allowance
      const auto [a, fresh] = max_error_allowed.try_emplace(f, theirs->second);
      if (!fresh) a->second = std::min(a->second, theirs->second);
    }
  }
  for (const auto& [f, m] : o.max_error_beyond_shift) {
    double& mine = max_error_beyond_shift[f];
    mine = std::max(mine, m);
  }
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

std::string cell_key(Algorithm3 a, const std::string& family, Precision p) {
  return cell_key3(std::string(to_string(a)), family, p);
}

std::string cell_key3(const std::string& subject, const std::string& family, Precision p) {
  return cell_key_of<3>(subject, family, p);
}

namespace {
/// A fast algorithm's answer as a subject's reply: skip when the type cannot represent the case.
template <class Answer>
EngineReplyT<Answer> fast_reply(std::optional<Answer> f) {
  EngineReplyT<Answer> r;
  if (f)
    r.answer = std::move(*f);
  else
    r.outcome = EngineOutcome::skip;
  return r;
}
}  // namespace

namespace {
template <int D>
SubjectT<D> fast_subject_of(typename Dim<D>::Algo alg, Precision p, const Bounds& bounds) {
  SubjectT<D> s;
  s.name = Dim<D>::to_string(alg);
  s.precision = p;
  s.bounds = bounds;
  s.judged = Dim<D>::is_judged(alg);
  s.fast_algorithm = alg;
  s.answer = [alg, p](const typename Dim<D>::Case& c) {
    return fast_reply(p == Precision::single ? Dim<D>::template run_fast<float>(alg, c)
                                             : Dim<D>::template run_fast<double>(alg, c));
  };
  return s;
}
}  // namespace

Subject fast_subject(Algorithm alg, Precision p, const Bounds& bounds) {
  return fast_subject_of<2>(alg, p, bounds);
}

Subject3 fast_subject(Algorithm3 alg, Precision p, const Bounds& bounds) {
  return fast_subject_of<3>(alg, p, bounds);
}

template <int D>
JudgementT<D> judge_reply(const SubjectT<D>& s, const typename Dim<D>::Case& c,
                          const typename Dim<D>::Exact& exact,
                          EngineReplyT<typename Dim<D>::Answer> reply) {
  JudgementT<D> j;
  j.reply = std::move(reply);
  switch (j.reply.outcome) {
    case EngineOutcome::answer:
      j.verdict = Dim<D>::judge(c, exact, j.reply.answer, s.bounds);
      j.violation = !j.verdict->ok && s.judged;
      j.what = j.verdict->summary();
      break;
    case EngineOutcome::skip:
      break;
    default:
      j.violation = true;
      j.what = std::string(to_string(j.reply.outcome)) + ": " + j.reply.message;
  }
  return j;
}

template <int D>
JudgementT<D> judge_subject(const SubjectT<D>& s, const typename Dim<D>::Case& c,
                            const typename Dim<D>::Exact& exact) {
  return judge_reply<D>(s, c, exact, s.answer(c));
}

namespace {
template <int D>
std::vector<SubjectT<D>> parallel_subjects(const CampaignOptionsT<D>& opt) {
  std::vector<SubjectT<D>> out;
  for (const auto alg : opt.algorithms)
    for (Precision p : opt.precisions) out.push_back(fast_subject(alg, p, opt.bounds(alg, p)));
  return out;
}
}  // namespace

namespace {
/// The random stream of case i of `family`. A 3D family's salt is that of "3d/<family>", so that
/// a 3D family named as a 2D one (containment, …) draws from streams of its own; 2D's as always.
template <int D>
rc::Shrinkable<typename Dim<D>::Generated> campaign_shrinkable(const std::string& family,
                                                               std::uint64_t seed,
                                                               std::uint64_t i) {
  const std::uint64_t salt = family_salt(std::string(Dim<D>::key_prefix) + family);
  const rc::Random random(mix(seed ^ mix(salt ^ mix(i))));
  const int size = static_cast<int>(i % 101);  // every RapidCheck size 0..100 in turn
  return Dim<D>::gen_family(family)(random, size);
}
}  // namespace

/// RapidCheck's gen::exec keeps its generation context in process-wide state (ImplicitParam),
/// not per thread: concurrent generation corrupts it ("operator* is not allowed in this
/// context"). Generation is cheap next to judging, so it is serialized.
std::mutex g_generation;

namespace {
/// campaign_case's draw; the caller holds g_generation. The case's id is its family, index and
/// kind ("3d/" before them in 3D: a fixture's name tells its dimension).
template <int D>
typename Dim<D>::Generated draw_case(const std::string& family, std::uint64_t seed,
                                     std::uint64_t i) {
  typename Dim<D>::Generated g = campaign_shrinkable<D>(family, seed, i).value();
  g.c.id = std::string(Dim<D>::key_prefix) + family + "/" + std::to_string(i) + "/" + g.kind;
  return g;
}
}  // namespace

template <int D>
typename Dim<D>::Generated campaign_case_of(const std::string& family, std::uint64_t seed,
                                            std::uint64_t i) {
  std::lock_guard<std::mutex> lock(g_generation);
  return draw_case<D>(family, seed, i);
}

GeneratedCase campaign_case(const std::string& family, std::uint64_t seed, std::uint64_t i) {
  return campaign_case_of<2>(family, seed, i);
}

GeneratedCase3 campaign_case3(const std::string& family, std::uint64_t seed, std::uint64_t i) {
  return campaign_case_of<3>(family, seed, i);
}

template <int D>
ViolationT<D> shrink_violation(const ViolationT<D>& v, const CampaignOptionsT<D>& opt,
                               int max_steps) {
  using Generated = typename Dim<D>::Generated;
  ViolationT<D> best = v;
  std::optional<SubjectT<D>> subject;
  if (opt.engine && v.subject == opt.engine->name)
    subject = opt.engine;
  else if (const auto alg = Dim<D>::algorithm_from_string(v.subject))
    subject = fast_subject(*alg, v.precision, opt.bounds(*alg, v.precision));
  else
    subject = fast_subject(v.algorithm, v.precision, opt.bounds(v.algorithm, v.precision));
  if (v.protocol == to_string(EngineOutcome::timeout)) return best;
  bool gave_up = false;
  // An engine's budget (kShrinkMaxEngineAsks, …): every candidate is a process exchange, every
  // failing one a restart, every time-out a wait of the whole time-out.
  const bool external = subject->in_case_order;
  int asks = 0, failures = 0, timeouts = 0;
  const std::string crash = crash_status(v.what);
  auto fails = [&](const Generated& g, ViolationT<D>& out) {
    EngineReplyT<typename Dim<D>::Answer> reply = subject->answer(g.c);
    if (reply.outcome == EngineOutcome::exhausted) {
      gave_up = true;
      return false;
    }
    if (external) {
      failures += is_failure(reply.outcome);
      timeouts += reply.outcome == EngineOutcome::timeout;
      if (++asks >= kShrinkMaxEngineAsks || failures >= kShrinkMaxEngineFailures ||
          timeouts >= kShrinkMaxEngineTimeouts)
        gave_up = true;  // this candidate still counts; no further one is asked
    }
    if (!v.protocol.empty()) {  // the same protocol failure; no exact answer needed
      if (to_string(reply.outcome) != v.protocol) return false;
      if (crash_status(reply.message) != crash) return false;  // a crash that ends the same way
      out.generated = g;
      out.fast = {};
      out.what = v.protocol + ": " + reply.message;
      return true;
    }
    if (reply.outcome != EngineOutcome::answer) return false;
    const typename Dim<D>::Exact exact = Dim<D>::exact_answer(g.c, reference::Detail::magnitudes);
    const JudgementT<D> j = judge_reply<D>(*subject, g.c, exact, std::move(reply));
    if (!j.violation) return false;
    out.generated = g;
    out.fast = j.reply.answer;
    out.what = j.what;
    return true;
  };
  std::unique_lock<std::mutex> lock(g_generation);
  rc::Shrinkable<Generated> current = campaign_shrinkable<D>(v.generated.family, opt.seed, v.index);
  for (int step = 0; step < max_steps && !gave_up; ++step) {
    bool smaller = false;
    auto shrinks = current.shrinks();
    // Bounded: each accepted step restarts from a strictly smaller value; at most 1000 tries each.
    for (int tries = 0; tries < 1000 && !gave_up; ++tries) {
      auto next = shrinks.next();
      if (!next) break;
      ViolationT<D> candidate = v;
      Generated smaller_case = next->value();
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

namespace {

/// One worker's share of the result: the cases it judged, added up as it goes (every part of a
/// cell adds up in any order: counts, maxima, histogram bins), and its violations with the item
/// they came from, put back in item order at the end. Each worker frees the cases it merged on
/// the thread that allocated them, so the result never holds more than the cases in flight.
template <int D>
struct Partial {
  CampaignResultT<D> result;
  std::vector<std::pair<std::size_t, ViolationT<D>>> violations;
  /// A field's entries in its cell, found once by name and then reused (std::map nodes do not
  /// move), so that merging an answer compares enums, not strings.
  struct FieldSlot {
    Field field;
    double* max_error;
    double* max_error_allowed;
    double* max_error_beyond_shift;
    Histogram* hist;
  };
  struct CellSlot {
    Cell* cell = nullptr;
    std::vector<FieldSlot> fields;  // in the order the subject reports them
  };
  std::vector<CellSlot> slots;  // [family × subjects + subject]
};

/// The case's fast shapes, built on first use per precision and shared by the algorithms.
template <int D>
struct FastPairs {
  const typename Dim<D>::Case& c;
  std::optional<typename Dim<D>::template Pair<float>> single;
  std::optional<typename Dim<D>::template Pair<double>> double_;

  EngineReplyT<typename Dim<D>::Answer> ask(const SubjectT<D>& s) {
    if (!s.fast_algorithm) return s.answer(c);
    if (s.precision == Precision::single) {
      if (!single) single = Dim<D>::template make_fast_pair<float>(c);
      return fast_reply(Dim<D>::template run_fast<float>(*s.fast_algorithm, *single));
    }
    if (!double_) double_ = Dim<D>::template make_fast_pair<double>(c);
    return fast_reply(Dim<D>::template run_fast<double>(*s.fast_algorithm, *double_));
  }
};

/// One run of run_campaign: the work list, the worker threads that draw, answer, judge and merge
/// cases, and the engine thread that asks an external engine in case order.
///
/// Hand-over between the workers and the engine thread (only with an engine): a worker marks its
/// cases generated, the engine thread asks the engine about cases strictly in order and marks each
/// answered; the worker then judges the answer. Items are claimed in increasing order and a whole
/// batch is generated before its worker waits for any answer, so the engine never waits for a
/// case whose worker is itself waiting: no deadlock. All waits re-check `stop` every
/// kPollInterval.
template <int D>
class CampaignRun {
  using Case = typename Dim<D>::Case;
  using Reply = EngineReplyT<typename Dim<D>::Answer>;
  using Partial = properties::Partial<D>;

 public:
  CampaignRun(const CampaignOptionsT<D>& opt,
              const std::function<void(std::uint64_t, std::uint64_t)>& progress,
              const std::atomic<bool>* stop)
      : opt_(opt),
        progress_(progress),
        stop_(stop),
        subjects_(parallel_subjects<D>(opt)),
        engine_(opt.engine ? &*opt.engine : nullptr) {
    for (std::size_t f = 0; f < opt.families.size(); ++f)
      for (std::uint64_t i = 0; i < opt.cases_per_family; ++i)
        if (i % std::max(1u, opt.shards) == opt.shard) items_.emplace_back(f, i);
    results_.resize(items_.size());
    for (const SubjectT<D>& s : subjects_) all_.push_back(&s);
    if (engine_) all_.push_back(engine_);
    generated_.assign(items_.size(), 0);
    answered_.assign(items_.size(), 0);
  }

  CampaignResultT<D> run() {
    const unsigned threads =
        opt_.threads ? opt_.threads : std::max(1u, std::thread::hardware_concurrency());
    std::vector<Partial> partials(threads);
    for (Partial& p : partials) p.slots.resize(opt_.families.size() * all_.size());
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < threads; ++t) pool.emplace_back([this, &p = partials[t]] { work(p); });
    if (engine_) ask_engine_in_order();
    for (auto& th : pool) th.join();
    return add_up(partials);
  }

 private:
  /// Ctrl-C reaction time of every wait.
  static constexpr auto kPollInterval = std::chrono::milliseconds(50);
  /// Cases a worker claims and draws under one hold of the generation lock (RapidCheck's state is
  /// process-wide, see g_generation): taken once per case, the lock would change hands between
  /// the workers for every case, each time a sleep and a wake-up.
  static constexpr std::size_t kClaimBatch = 16;

  bool stopped() const { return stop_ && stop_->load(); }

  bool halted() {
    std::lock_guard<std::mutex> lock(hand_over_);
    return halt_;
  }

  /// A worker: claims batches of cases until none is left, the run is stopped or the engine gave
  /// up.
  void work(Partial& partial) {
    for (;;) {
      if (stopped() || halted()) return;
      const std::size_t first = next_.fetch_add(kClaimBatch);
      if (first >= items_.size()) return;
      const std::size_t last = std::min(first + kClaimBatch, items_.size());
      draw_batch(first, last);
      if (engine_) mark_generated(first, last);
      for (std::size_t k = first; k < last; ++k) {
        if (stopped() || !judge_item(k)) return;
        merge_item(partial, k);
        report_progress();
      }
    }
  }

  void draw_batch(std::size_t first, std::size_t last) {
    std::lock_guard<std::mutex> lock(g_generation);
    for (std::size_t k = first; k < last; ++k) {
      results_[k] = std::make_unique<ItemResult<D>>();  // before generated_[k]: the engine reads it
      results_[k]->index = items_[k].second;
      results_[k]->g = draw_case<D>(opt_.families[items_[k].first], opt_.seed, items_[k].second);
    }
  }

  void mark_generated(std::size_t first, std::size_t last) {
    std::lock_guard<std::mutex> lock(hand_over_);
    for (std::size_t k = first; k < last; ++k) generated_[k] = 1;
    changed_.notify_all();
  }

  /// The exact answer of case k, and every subject's answer judged against it. False when the
  /// engine's answer will not come (the run stopped or the engine gave up).
  bool judge_item(std::size_t k) {
    ItemResult<D>& r = *results_[k];
    const typename Dim<D>::Exact exact = Dim<D>::exact_answer(r.g.c, reference::Detail::magnitudes);
    r.stats = exact.stats;
    r.coverage = classify(r.g.c, exact);
    r.per.reserve(all_.size());
    FastPairs<D> pairs{r.g.c, {}, {}};
    for (const SubjectT<D>& s : subjects_)
      r.per.push_back(evaluate<D>(s, r.g, exact, pairs.ask(s)));
    if (engine_) {
      std::optional<Reply> reply = await_engine_reply(k);
      if (!reply) return false;
      r.per.push_back(evaluate<D>(*engine_, r.g, exact, std::move(*reply)));
    }
    return true;
  }

  std::optional<Reply> await_engine_reply(std::size_t k) {
    std::unique_lock<std::mutex> lock(hand_over_);
    while (!answered_[k] && !halt_ && !stopped()) changed_.wait_for(lock, kPollInterval);
    const EngineOutcome o = results_[k]->engine_reply.outcome;
    if (!answered_[k] || o == EngineOutcome::exhausted || o == EngineOutcome::interrupted)
      return std::nullopt;
    return std::move(results_[k]->engine_reply);
  }

  /// The engine thread: asks the engine about every case in order, as the workers draw them.
  void ask_engine_in_order() {
    for (std::size_t k = 0; k < items_.size(); ++k) {
      Case c;
      {
        std::unique_lock<std::mutex> lock(hand_over_);
        while (!generated_[k] && !stopped()) changed_.wait_for(lock, kPollInterval);
        if (!generated_[k] || stopped()) return;
        c = results_[k]->g.c;  // written before generated_[k] was set, not modified after
      }
      Reply reply = engine_->answer(c);
      std::lock_guard<std::mutex> lock(hand_over_);
      if (reply.outcome == EngineOutcome::exhausted) {
        halt_ = true;
        fatal_ = reply.message;
      }
      results_[k]->engine_reply = std::move(reply);
      answered_[k] = 1;
      changed_.notify_all();
      if (halt_) return;
    }
  }

  /// Adds judged case k into `into` and frees it.
  void merge_item(Partial& into, std::size_t k) {
    ItemResult<D>& r = *results_[k];
    CampaignResultT<D>& out = into.result;
    ++out.cases;
    out.reference_stats += r.stats;
    out.reference_by_family[r.g.family] += r.stats;
    out.coverage.add(r.g.family, r.coverage);
    for (std::size_t j = 0; j < all_.size(); ++j) {
      const SubjectT<D>& s = *all_[j];
      const AlgResult<D>& a = r.per[j];
      typename Partial::CellSlot& slot = into.slots[items_[k].first * all_.size() + j];
      if (!slot.cell) slot.cell = &out.cells[cell_key_of<D>(s.name, r.g.family, s.precision)];
      Cell& cell = *slot.cell;
      ++cell.cases;
      if (a.skipped) {
        ++cell.skipped;
        continue;
      }
      if (!a.protocol.empty()) ++cell.protocol[a.protocol];
      if (a.relation_disagrees) ++cell.relation_disagreements;
      merge_fields(slot, s, a.fields);
      if (a.violation) {
        ++cell.violations;
        // The first algorithm when the subject is not one (an engine): not meaningful then.
        const auto alg = Dim<D>::algorithm_from_string(s.name).value_or(typename Dim<D>::Algo{});
        into.violations.emplace_back(
            k, ViolationT<D>{r.g, r.index, alg, s.name, s.precision, a.fast, a.what, a.protocol});
      }
    }
    results_[k].reset();
  }

  static void merge_fields(typename Partial::CellSlot& slot, const SubjectT<D>& s,
                           const std::vector<FieldVerdict>& fields) {
    Cell& cell = *slot.cell;
    for (std::size_t i = 0; i < fields.size(); ++i) {
      const FieldVerdict& f = fields[i];
      if (i >= slot.fields.size())
        slot.fields.resize(i + 1, {Field::relation, nullptr, nullptr, nullptr, nullptr});
      typename Partial::FieldSlot& fs = slot.fields[i];
      if (!fs.max_error || fs.field != f.field) {
        const std::string name = to_string(f.field);
        // No case yet: error 0 with an allowance larger than any, so the first case sets both.
        fs = {f.field, &cell.max_error[name],
              &cell.max_error_allowed.try_emplace(name, INFINITY).first->second,
              &cell.max_error_beyond_shift[name], &cell.hist[name]};
      }
      if (f.error > *fs.max_error ||
          (f.error == *fs.max_error && f.allowed < *fs.max_error_allowed)) {
        *fs.max_error = f.error;
        *fs.max_error_allowed = f.allowed;
      }
      // (A NaN error is infinite in the judge already; max keeps the larger.)
      *fs.max_error_beyond_shift = std::max(*fs.max_error_beyond_shift, f.error - f.shift);
      fs.hist->add(f.error);
      if (!f.ok && s.judged) ++cell.field_violations[to_string(f.field)];
    }
  }

  void report_progress() {
    const std::uint64_t d = ++done_;
    if (progress_ && (d % 64 == 0 || d == items_.size())) progress_(d, items_.size());
  }

  /// The partial results added up; after an interruption they hold the cases that were done.
  CampaignResultT<D> add_up(std::vector<Partial>& partials) {
    CampaignResultT<D> out;
    out.interrupted = stopped();
    out.fatal = fatal_;
    std::vector<std::pair<std::size_t, ViolationT<D>>> violations;
    for (Partial& p : partials) {
      out.cases += p.result.cases;
      out.reference_stats += p.result.reference_stats;
      for (const auto& [family, h] : p.result.reference_by_family)
        out.reference_by_family[family] += h;
      out.coverage += p.result.coverage;
      for (const auto& [key, cell] : p.result.cells) out.cells[key] += cell;
      for (auto& v : p.violations) violations.push_back(std::move(v));
    }
    // Item order; a case's violations were recorded in subject order and stay so (stable sort).
    std::stable_sort(violations.begin(), violations.end(),
                     [](const auto& x, const auto& y) { return x.first < y.first; });
    for (auto& v : violations) out.violations.push_back(std::move(v.second));
    return out;
  }

  const CampaignOptionsT<D>& opt_;
  const std::function<void(std::uint64_t, std::uint64_t)>& progress_;
  const std::atomic<bool>* stop_;
  const std::vector<SubjectT<D>> subjects_;  // the fast library's, answered on the workers
  const SubjectT<D>* engine_;                // the external engine, or null
  std::vector<const SubjectT<D>*> all_;  // subjects_, then engine_: the order of ItemResult::per
  std::vector<std::pair<std::size_t, std::uint64_t>> items_;  // (family, index) of this shard
  /// One slot per case, allocated by the worker that claims the case and freed by it once merged.
  std::vector<std::unique_ptr<ItemResult<D>>> results_;
  std::atomic<std::size_t> next_{0};
  std::atomic<std::uint64_t> done_{0};
  std::mutex hand_over_;
  std::condition_variable changed_;
  std::vector<char> generated_, answered_;  // guarded by hand_over_
  bool halt_ = false;                       // the engine gave up (guarded by hand_over_)
  std::string fatal_;
};

}  // namespace

template <int D>
CampaignResultT<D> run_campaign(const CampaignOptionsT<D>& opt,
                                const std::function<void(std::uint64_t, std::uint64_t)>& progress,
                                const std::atomic<bool>* stop) {
  const auto t0 = std::chrono::steady_clock::now();
  CampaignResultT<D> out = CampaignRun<D>(opt, progress, stop).run();
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

#define MINKOWSKI_CAMPAIGN_INSTANTIATE(D)                                                      \
  template CampaignResultT<D> run_campaign<D>(                                                 \
      const CampaignOptionsT<D>&, const std::function<void(std::uint64_t, std::uint64_t)>&,    \
      const std::atomic<bool>*);                                                               \
  template Dim<D>::Generated campaign_case_of<D>(const std::string&, std::uint64_t,            \
                                                 std::uint64_t);                               \
  template ViolationT<D> shrink_violation<D>(const ViolationT<D>&, const CampaignOptionsT<D>&, \
                                             int);                                             \
  template JudgementT<D> judge_subject<D>(const SubjectT<D>&, const Dim<D>::Case&,             \
                                          const Dim<D>::Exact&);                               \
  template JudgementT<D> judge_reply<D>(const SubjectT<D>&, const Dim<D>::Case&,               \
                                        const Dim<D>::Exact&, EngineReplyT<Dim<D>::Answer>);
MINKOWSKI_CAMPAIGN_INSTANTIATE(2)
MINKOWSKI_CAMPAIGN_INSTANTIATE(3)
#undef MINKOWSKI_CAMPAIGN_INSTANTIATE

}  // namespace minkowski::properties
