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
// is killed and started again before the next case. At most `max_restarts` restarts; after that
// every ask() returns `exhausted` and the caller stops. SIGPIPE is ignored process-wide (a write
// to an engine that has exited gives EPIPE instead of killing minkowski).
//
// Not thread-safe: one engine is one process, asked in case order from one thread.

#include <atomic>
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
/// Default restarts after failures before the campaign gives up: enough to report a handful of
/// crashing cases in a long campaign, few enough that an engine failing on every case stops
/// within seconds.
inline constexpr int kDefaultMaxRestarts = 20;
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
  int restarts() const { return restarts_; }
  bool exhausted() const { return exhausted_; }

 private:
  /// Starts the engine if it is not running, counting restarts; a reply when it may not or cannot.
  std::optional<EngineReply> ensure_started(const std::string& name);
  /// ask() for either dimension: the case's line exchanged, the answer read by ParseAnswer.
  template <class Answer, class CaseT>
  EngineReplyT<Answer> ask_any(const CaseT& c);
  /// The reply to one answer line (read from the engine for case `name`).
  template <class Answer>
  EngineReplyT<Answer> reply_to(const std::string& name, std::string answer_line);
  /// The reply when the engine's output ended without an answer: missing or crash.
  EngineReply reply_to_silence(const std::string& name);
  EngineReply fail(EngineOutcome o, std::string message);

  std::string command_;
  double timeout_;
  int max_restarts_;
  int restarts_ = 0;
  bool started_once_ = false, exhausted_ = false;
  const std::atomic<bool>* stop_ = nullptr;
  EngineProcess process_;
  std::string last_case_;
};

}  // namespace minkowski::properties
