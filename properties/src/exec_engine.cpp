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

namespace {

std::string quote(const std::string& s) {
  std::string q = s.size() > kQuoteChars ? s.substr(0, kQuoteChars) + "…" : s;
  for (char& ch : q)
    if (ch == '\n' || ch == '\r' || ch == '\t') ch = ' ';
  return "'" + q + "'";
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
  if (started_once_) {
    if (restarts_ >= max_restarts_) {
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

template <class Answer, class CaseT>
EngineReplyT<Answer> ExecEngine::ask_any(const CaseT& c) {
  using Reply = EngineReplyT<Answer>;
  const std::string name = c.id.empty() ? std::string("(no id)") : c.id;
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
