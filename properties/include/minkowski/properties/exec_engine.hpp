#pragma once
// minkowski/properties/exec_engine.hpp — an external collision engine behind the `--exec`
// protocol (docs/design.md, "The --exec protocol"), asked one case at a time.
//
// ExecEngine runs the engine as an EngineProcess (engine_process.hpp: `/bin/sh -c CMD` in its own
// process group, non-blocking pipes, one deadline per answer) and gives its lines their protocol
// meaning (fixtures/protocol.hpp): ask(case) writes the case line and reads one answer line.
// Every outcome is distinct and its message names the case (by id):
//   answer        a well-formed answer (parse_protocol_answer)
//   skip          {"skip": true}: the engine cannot represent the case; counted, never judged
//   malformed     the line is not a protocol answer (quoted, truncated to kQuoteChars)
//   missing       the engine closed its stdout (or exited with status 0) without answering
//   crash         the engine died: exit status or signal, and the tail of its stderr
//   timeout       no answer within the time-out: the process group is killed
//   extra_output  the engine wrote more than one line for one case (detected when the extra
//                 line is already there when the answer is read, or before the next case is
//                 written; a line that arrives later than that is read as the next answer)
// After any outcome but answer and skip the engine is out of step with the cases (or dead): it
// is killed and started again before the next case. Such a failure is a finding about that case
// (the campaign writes it as a fixture and counts it by kind), not the end of the run: an engine
// that aborts on an assertion or loops forever on some inputs is restarted as often as it fails.
//
// When is an engine broken rather than failing on particular cases? After
// `max_consecutive_failures` failures in a row (no answer or skip between them), the next ask()
// first asks a probe case any engine answers — two unit squares (cubes in 3D) one unit apart —
// through a fresh process. If the probe gets an answer or a skip, the failures were about the
// cases (a family of capsules that the engine asserts on fails case after case): the count starts
// again and the campaign goes on. If the probe fails too, the engine cannot answer anything —
// it does not start, does not speak the protocol, hangs on every input — and every ask() from
// then on returns `exhausted`, whose message says so and quotes the last failure. Bounded: every
// ask() costs at most one probe and one case, each at most the time-out plus kExitGraceSeconds.
//
// Optional caps: `max_restarts` (default kNoRestartLimit: none) ends the run after that many
// restarts (exhausted); `isolate_every` N > 0 starts a fresh process every N cases whether or not
// the engine failed (N = 1: one process per case), for engines whose state a failure or a case
// may spoil; those planned starts are not restarts. SIGPIPE is ignored process-wide (a write to
// an engine that has exited gives EPIPE instead of killing minkowski).
//
// Not thread-safe: one engine is one process, asked in case order from one thread.

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>

#include "minkowski/fixtures/case_io.hpp"
#include "minkowski/properties/engine_process.hpp"
#include "minkowski/properties/judge.hpp"
#include "minkowski/properties/judge3.hpp"
#include "minkowski/properties/protocol_answer.hpp"

namespace minkowski::properties {

/// Default time-out per answer. An engine answers a case in microseconds to milliseconds; 10 s
/// leaves room for a slow interpreter starting up (python3 imports) on a loaded machine.
inline constexpr double kDefaultAnswerTimeoutSeconds = 10.0;
/// `max_restarts` meaning "no cap": an engine is restarted after every failure, as often as it
/// fails (each restart follows a case that is recorded as a finding); only the probe (below)
/// decides that an engine is broken.
inline constexpr int kNoRestartLimit = -1;
inline constexpr int kDefaultMaxRestarts = kNoRestartLimit;
/// Failures in a row after which the engine is probed (a trivial case through a fresh process):
/// 8 keeps the probe's cost at most one extra exchange per 8 failures, and bounds what an engine
/// that cannot answer anything costs before the run gives up: 8 + 1 failures, at the default
/// time-out 90 s for an engine that hangs on every input, well under a second for one that
/// cannot start. A family on which an engine fails case after case passes the probe and runs on.
inline constexpr int kDefaultMaxConsecutiveFailures = 8;
/// isolate_every meaning "one process for the whole run" (a fresh one only after a failure).
inline constexpr std::uint64_t kNoIsolation = 0;
/// Characters of an offending line quoted in a message.
inline constexpr std::size_t kQuoteChars = 200;

enum class EngineOutcome {
  answer,
  skip,
  malformed,
  missing,
  crash,
  timeout,
  extra_output,
  exhausted,
  interrupted
};
const char* to_string(EngineOutcome o);
/// Whether `o` is an engine failure: a finding about its case after which the engine is
/// restarted (malformed, missing, crash, timeout, extra_output).
bool is_failure(EngineOutcome o);

/// What tells one crash from another in a failure message (a reply's, or a violation's `what`):
/// for a crash, how the engine ended ("exit status 134 (signal 6: Aborted)", "killed by signal 11
/// (Segmentation fault)"); "" for any other message. The campaign keeps one fixture per kind of
/// crash, and shrinking a crash keeps candidates that end the same way.
std::string crash_status(const std::string& message);

/// What one ask() brought back; Answer is FastAnswer (2D) or FastAnswer3 (3D).
template <class Answer>
struct EngineReplyT {
  EngineOutcome outcome = EngineOutcome::answer;
  Answer answer;        ///< outcome == answer
  std::string message;  ///< all other outcomes: what happened, naming the case
};
using EngineReply = EngineReplyT<FastAnswer>;
using EngineReply3 = EngineReplyT<FastAnswer3>;

class ExecEngine {
 public:
  /// Does not start the process yet (the first ask() does). Ignores SIGPIPE process-wide.
  ExecEngine(std::string command, double timeout_seconds = kDefaultAnswerTimeoutSeconds,
             int max_restarts = kDefaultMaxRestarts);
  /// At least 1 (values below are taken as 1): the probe after that many failures in a row.
  void set_max_consecutive_failures(int n) { max_consecutive_ = n < 1 ? 1 : n; }
  /// A fresh process every n cases (kNoIsolation: only after failures).
  void set_isolate_every(std::uint64_t n) { isolate_every_ = n; }
  ExecEngine(const ExecEngine&) = delete;
  ExecEngine& operator=(const ExecEngine&) = delete;

  EngineReply ask(const fixtures::Case& c);
  /// A 3D case: the same exchange, the case line case_to_json(Case3), the answer read with
  /// 3-vectors (parse_protocol_answer3: a 2D vector is malformed). One engine process may be
  /// asked about cases of both dimensions; each answer is read in its case's dimension.
  EngineReply3 ask(const fixtures::Case3& c);

  /// Closes the engine's stdin and reads what it still writes until it exits (at most
  /// kExitGraceSeconds, or the time-out if shorter): a non-empty line there is an extra answer to
  /// the last case. Returns that reply (extra_output), or nullopt if the engine ended cleanly.
  std::optional<EngineReply> finish();

  /// While waiting for an answer, ask() checks *stop every kStopPollMilliseconds; once it is
  /// true the engine is killed and ask() returns `interrupted` (Ctrl-C does not wait for a hung
  /// engine's time-out). May be null.
  void set_stop_flag(const std::atomic<bool>* stop) { stop_ = stop; }

  const std::string& command() const { return command_; }
  /// Starts after a failure (the first start and planned isolation starts are not counted).
  int restarts() const { return restarts_; }
  /// Planned starts of a fresh process (isolate_every), and probes asked and passed.
  std::uint64_t isolation_starts() const { return isolation_starts_; }
  int probes() const { return probes_; }
  bool exhausted() const { return exhausted_; }

 private:
  /// Starts the engine if it is not running, counting restarts; a reply when it may not or cannot.
  std::optional<EngineReply> ensure_started(const std::string& name);
  /// ask() for either dimension: the probe when it is due, then exchange().
  template <class Answer, class CaseT>
  EngineReplyT<Answer> ask_any(const CaseT& c);
  /// One case's line exchanged, the answer read in its dimension; no failure counting.
  template <class Answer, class CaseT>
  EngineReplyT<Answer> exchange(const CaseT& c);
  /// After max_consecutive_ failures in a row: a trivial case of CaseT's dimension through a
  /// fresh process. nullopt when it is answered (the count starts again), else `exhausted`.
  template <class CaseT>
  std::optional<EngineReply> probe(const std::string& before);
  /// The reply to one answer line (read from the engine for case `name`).
  template <class Answer>
  EngineReplyT<Answer> reply_to(const std::string& name, std::string answer_line);
  /// The reply when the engine's output ended without an answer: missing or crash.
  EngineReply reply_to_silence(const std::string& name);
  EngineReply fail(EngineOutcome o, std::string message);

  std::string command_;
  double timeout_;
  int max_restarts_;
  int max_consecutive_ = kDefaultMaxConsecutiveFailures;
  std::uint64_t isolate_every_ = kNoIsolation;
  int restarts_ = 0, probes_ = 0, consecutive_failures_ = 0;
  std::uint64_t isolation_starts_ = 0, asked_since_start_ = 0;
  bool started_once_ = false, exhausted_ = false;
  bool planned_start_ = false;  ///< the next start is an isolation start, not a restart
  std::string last_failure_;    ///< the message of the latest failure (quoted when giving up)
  const std::atomic<bool>* stop_ = nullptr;
  EngineProcess process_;
  std::string last_case_;
};

}  // namespace minkowski::properties
