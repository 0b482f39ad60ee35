#include "minkowski/properties/exec_engine.hpp"

#include <algorithm>
#include <csignal>

#include <fmt/format.h>

#include "minkowski/fixtures/protocol.hpp"

namespace minkowski::properties {

const char* to_string(EngineOutcome o) {
  switch (o) {
    case EngineOutcome::answer:
      return "answer";
    case EngineOutcome::skip:
      return "skip";
    case EngineOutcome::malformed:
      return "malformed";
    case EngineOutcome::missing:
      return "missing";
    case EngineOutcome::crash:
      return "crash";
    case EngineOutcome::timeout:
      return "timeout";
    case EngineOutcome::extra_output:
      return "extra_output";
    case EngineOutcome::exhausted:
      return "exhausted";
    case EngineOutcome::interrupted:
      return "interrupted";
  }
  return "?";
}

bool is_failure(EngineOutcome o) {
  return o == EngineOutcome::malformed || o == EngineOutcome::missing ||
         o == EngineOutcome::crash || o == EngineOutcome::timeout ||
         o == EngineOutcome::extra_output;
}

std::string crash_status(const std::string& message) {
  static const std::string kMark = "` crashed: ", kTail = "; stderr tail: ";
  const std::size_t at = message.find(kMark);
  if (at == std::string::npos) return "";
  const std::size_t from = at + kMark.size();
  const std::size_t to = message.find(kTail, from);
  return message.substr(from, to == std::string::npos ? std::string::npos : to - from);
}

namespace {

std::string quote(const std::string& s) {
  // Appended piece by piece: GCC 12 warns (-Warray-bounds, a false positive) on substr() + "…".
  std::string q = "'";
  q.append(s, 0, kQuoteChars);
  if (s.size() > kQuoteChars) q.append("…");
  for (char& ch : q)
    if (ch == '\n' || ch == '\r' || ch == '\t') ch = ' ';
  q.push_back('\'');
  return q;
}

std::string first_line(const std::string& s) { return s.substr(0, s.find('\n')); }

/// A reply without an answer in another dimension's type (the outcome and message carry over).
template <class Answer, class From>
EngineReplyT<Answer> without_answer(EngineReplyT<From> r) {
  return {r.outcome, {}, std::move(r.message)};
}

std::optional<FastAnswer> parse_answer(const std::string& line, bool* skip, std::string* error,
                                       const FastAnswer*) {
  return parse_protocol_answer(line, skip, error);
}
std::optional<FastAnswer3> parse_answer(const std::string& line, bool* skip, std::string* error,
                                        const FastAnswer3*) {
  return parse_protocol_answer3(line, skip, error);
}

}  // namespace

ExecEngine::ExecEngine(std::string command, double timeout_seconds, int max_restarts)
    : command_(std::move(command)),
      timeout_(timeout_seconds),
      max_restarts_(max_restarts),
      process_(command_) {
  std::signal(SIGPIPE, SIG_IGN);
}

EngineReply ExecEngine::fail(EngineOutcome o, std::string message) {
  process_.kill_group();  // out of step with the cases, or dead: the next ask() starts it again
  return {o, {}, std::move(message)};
}

std::optional<EngineReply> ExecEngine::ensure_started(const std::string& name) {
  if (exhausted_)
    return EngineReply{
        EngineOutcome::exhausted,
        {},
        fmt::format("engine `{}` gave up earlier; case {} not asked", command_, name)};
  if (process_.running()) return std::nullopt;
  if (started_once_ && !planned_start_) {
    if (max_restarts_ != kNoRestartLimit && restarts_ >= max_restarts_) {
      exhausted_ = true;
      return EngineReply{
          EngineOutcome::exhausted,
          {},
          fmt::format(
              "engine `{}` failed {} times; no restarts left (limit {}), stopping before case {}",
              command_, restarts_ + 1, max_restarts_, name)};
    }
    ++restarts_;
  }
  started_once_ = true;
  planned_start_ = false;
  asked_since_start_ = 0;
  std::string why;
  if (!process_.start(&why)) {
    exhausted_ = true;
    return EngineReply{
        EngineOutcome::exhausted, {}, fmt::format("cannot start engine `{}`: {}", command_, why)};
  }
  return std::nullopt;
}

EngineReply ExecEngine::reply_to_silence(const std::string& name) {
  // An orderly end (status 0, or output closed while still running) is a missing answer;
  // a non-zero status or a signal is a crash.
  const std::string how = process_.reap(kExitGraceSeconds);
  const bool orderly = how == "exit status 0" || how.rfind("still running", 0) == 0;
  if (orderly)
    return fail(
        EngineOutcome::missing,
        fmt::format(
            "case {}: missing answer: engine `{}` closed its output without answering ({}){}", name,
            command_, how, process_.stderr_tail()));
  // /bin/sh's status when it cannot find or run the command
  const char* hint = how == "exit status 127"   ? " (the shell could not find the command)"
                     : how == "exit status 126" ? " (the command is not executable)"
                                                : "";
  return fail(EngineOutcome::crash, fmt::format("case {}: engine `{}` crashed: {}{}{}", name,
                                                command_, how, hint, process_.stderr_tail()));
}

template <class Answer>
EngineReplyT<Answer> ExecEngine::reply_to(const std::string& name, std::string answer_line) {
  if (!answer_line.empty() && answer_line.back() == '\r') answer_line.pop_back();
  if (!is_blank(process_.pending()))
    return without_answer<Answer>(
        fail(EngineOutcome::extra_output,
             fmt::format("case {}: engine wrote more than one line: answer {} followed by {}", name,
                         quote(answer_line), quote(first_line(process_.pending())))));
  bool skip = false;
  std::string error;
  std::optional<Answer> f =
      parse_answer(answer_line, &skip, &error, static_cast<const Answer*>(nullptr));
  EngineReplyT<Answer> reply;
  if (skip)
    reply.outcome = EngineOutcome::skip;
  else if (!f)
    return without_answer<Answer>(
        fail(EngineOutcome::malformed,
             fmt::format("case {}: malformed answer {}: {}", name, quote(answer_line), error)));
  else
    reply.answer = std::move(*f);
  return reply;
}

namespace {
/// The answer type of a case's dimension.
template <class CaseT>
struct AnswerOf {
  using type = FastAnswer;
};
template <>
struct AnswerOf<fixtures::Case3> {
  using type = FastAnswer3;
};

/// The probe: two unit squares (cubes) one unit apart along x, radius 0 — a case every engine
/// represents and answers (separated by 1, far from every tolerance band).
fixtures::Case probe_case(const fixtures::Case*) {
  fixtures::Case c;
  c.id = "probe";
  c.a.points = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
  c.b.points = {{2, 0}, {3, 0}, {3, 1}, {2, 1}};
  return c;
}
fixtures::Case3 probe_case(const fixtures::Case3*) {
  fixtures::Case3 c;
  c.id = "probe";
  for (double x : {0.0, 1.0})
    for (double y : {0.0, 1.0})
      for (double z : {0.0, 1.0}) {
        c.a.points.push_back({x, y, z});
        c.b.points.push_back({x + 2, y, z});
      }
  return c;
}
}  // namespace

template <class CaseT>
std::optional<EngineReply> ExecEngine::probe(const std::string& before) {
  process_.kill_group();  // a fresh process: the probe asks whether the engine can start at all
  ++probes_;
  const std::string failures = last_failure_;
  const auto r =
      exchange<typename AnswerOf<CaseT>::type>(probe_case(static_cast<const CaseT*>(nullptr)));
  if (r.outcome == EngineOutcome::answer || r.outcome == EngineOutcome::skip) {
    consecutive_failures_ = 0;
    return std::nullopt;
  }
  if (r.outcome == EngineOutcome::exhausted || r.outcome == EngineOutcome::interrupted)
    return without_answer<FastAnswer>(r);
  exhausted_ = true;
  process_.kill_group();
  return EngineReply{
      EngineOutcome::exhausted,
      {},
      fmt::format("engine `{}` failed on {} cases in a row, then on a probe case every engine "
                  "answers (two unit squares or cubes 1 apart: {}): it is broken, not failing on "
                  "particular cases; stopping before case {}. Its last failure: {}",
                  command_, consecutive_failures_, r.message, before, failures)};
}

template <class Answer, class CaseT>
EngineReplyT<Answer> ExecEngine::ask_any(const CaseT& c) {
  const std::string name = c.id.empty() ? std::string("(no id)") : c.id;
  if (!exhausted_ && consecutive_failures_ >= max_consecutive_)
    if (auto gave_up = probe<CaseT>(name)) return without_answer<Answer>(std::move(*gave_up));
  EngineReplyT<Answer> reply = exchange<Answer>(c);
  if (is_failure(reply.outcome)) {
    ++consecutive_failures_;
    last_failure_ = reply.message;
  } else if (reply.outcome == EngineOutcome::answer || reply.outcome == EngineOutcome::skip) {
    consecutive_failures_ = 0;
  }
  return reply;
}

template <class Answer, class CaseT>
EngineReplyT<Answer> ExecEngine::exchange(const CaseT& c) {
  using Reply = EngineReplyT<Answer>;
  const std::string name = c.id.empty() ? std::string("(no id)") : c.id;
  // Isolation: a fresh process every isolate_every_ cases. What the old one wrote unasked is
  // checked first (below, as for any case), so that an extra line is not lost with it.
  const bool isolate_now = isolate_every_ != kNoIsolation && process_.running() &&
                           asked_since_start_ >= isolate_every_ &&
                           is_blank(process_.read_unasked());
  if (isolate_now) {
    process_.kill_group();
    ++isolation_starts_;
    planned_start_ = true;  // not a restart
  }
  if (auto refused = ensure_started(name)) return without_answer<Answer>(std::move(*refused));

  // Output nobody asked for yet: an extra answer to the previous case that arrived late.
  if (const std::string& unasked = process_.read_unasked(); !is_blank(unasked))
    return without_answer<Answer>(fail(
        EngineOutcome::extra_output,
        fmt::format(
            "engine wrote {} before being asked about case {} (more lines than cases: an extra "
            "answer to case {}?)",
            quote(first_line(unasked)), name, last_case_)));
  process_.clear_pending();
  last_case_ = name;
  ++asked_since_start_;

  const EngineProcess::Reply r = process_.exchange(fixtures::case_line(c) + "\n", timeout_, stop_);
  using S = EngineProcess::Status;
  switch (r.status) {
    case S::too_long:
      return without_answer<Answer>(
          fail(EngineOutcome::malformed,
               fmt::format("case {}: answer line longer than {} bytes without a newline: {}", name,
                           kMaxAnswerLineBytes, quote(r.line))));
    case S::interrupted:
      return without_answer<Answer>(
          fail(EngineOutcome::interrupted,
               fmt::format("case {}: interrupted; engine `{}` killed", name, command_)));
    case S::timeout:
      return without_answer<Answer>(
          fail(EngineOutcome::timeout,
               fmt::format("case {}: no answer within {} s; engine `{}` killed (process group){}",
                           name, timeout_, command_, process_.stderr_tail())));
    case S::poll_failed:
      return without_answer<Answer>(
          fail(EngineOutcome::crash, fmt::format("case {}: poll failed: {}", name, r.line)));
    case S::closed:
      return without_answer<Answer>(reply_to_silence(name));
    case S::line:
      break;
  }
  Reply reply = reply_to<Answer>(name, r.line);
  // Answered but gone, or answered before reading the whole case: out of step from here on.
  if ((reply.outcome == EngineOutcome::answer || reply.outcome == EngineOutcome::skip) &&
      (r.stdout_closed || !r.request_written))
    process_.kill_group();
  return reply;
}

EngineReply ExecEngine::ask(const fixtures::Case& c) { return ask_any<FastAnswer>(c); }

EngineReply3 ExecEngine::ask(const fixtures::Case3& c) { return ask_any<FastAnswer3>(c); }

std::optional<EngineReply> ExecEngine::finish() {
  if (!process_.running()) return std::nullopt;
  const std::string extra = process_.close_input_and_drain(std::min(timeout_, kExitGraceSeconds));
  process_.reap(kExitGraceSeconds);
  if (is_blank(extra)) return std::nullopt;
  return EngineReply{
      EngineOutcome::extra_output,
      {},
      fmt::format("engine wrote more lines than cases: after its answer to case {} it wrote {}",
                  last_case_, quote(first_line(extra)))};
}

}  // namespace minkowski::properties
