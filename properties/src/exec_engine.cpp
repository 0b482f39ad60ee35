#include "minkowski/properties/exec_engine.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <csignal>
#include <cstring>
#include <thread>

#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/format.h>

namespace minkowski::properties {

const char* to_string(EngineOutcome o) {
  switch (o) {
    case EngineOutcome::answer: return "answer";
    case EngineOutcome::skip: return "skip";
    case EngineOutcome::malformed: return "malformed";
    case EngineOutcome::missing: return "missing";
    case EngineOutcome::crash: return "crash";
    case EngineOutcome::timeout: return "timeout";
    case EngineOutcome::extra_output: return "extra_output";
    case EngineOutcome::exhausted: return "exhausted";
    case EngineOutcome::interrupted: return "interrupted";
  }
  return "?";
}

namespace {

using Clock = std::chrono::steady_clock;

std::string quote(const std::string& s) {
  std::string q = s.size() > kQuoteChars ? s.substr(0, kQuoteChars) + "…" : s;
  for (char& ch : q)
    if (ch == '\n' || ch == '\r' || ch == '\t') ch = ' ';
  return "'" + q + "'";
}

bool blank(const std::string& s) { return s.find_first_not_of(" \t\r\n") == std::string::npos; }

}  // namespace

// ---- the process -------------------------------------------------------------------------------

ExecEngine::ExecEngine(std::string command, double timeout_seconds, int max_restarts)
    : command_(std::move(command)), timeout_(timeout_seconds), max_restarts_(max_restarts) {
  std::signal(SIGPIPE, SIG_IGN);
}

ExecEngine::~ExecEngine() {
  if (pid_ <= 0) return;
  if (in_ >= 0) ::close(in_), in_ = -1;
  reap(kExitGraceSeconds);
}

bool ExecEngine::start(std::string* error) {
  int in[2], out[2], err[2];
  if (::pipe2(in, O_CLOEXEC) != 0) { *error = std::strerror(errno); return false; }
  if (::pipe2(out, O_CLOEXEC) != 0) { *error = std::strerror(errno); ::close(in[0]); ::close(in[1]); return false; }
  if (::pipe2(err, O_CLOEXEC) != 0) {
    *error = std::strerror(errno);
    for (int fd : {in[0], in[1], out[0], out[1]}) ::close(fd);
    return false;
  }
  const pid_t pid = ::fork();
  if (pid < 0) {
    *error = std::strerror(errno);
    for (int fd : {in[0], in[1], out[0], out[1], err[0], err[1]}) ::close(fd);
    return false;
  }
  if (pid == 0) {  // child: async-signal-safe calls only (the parent may have threads)
    ::setpgid(0, 0);
    ::signal(SIGPIPE, SIG_DFL);
    ::dup2(in[0], 0);
    ::dup2(out[1], 1);
    ::dup2(err[1], 2);
    ::execl("/bin/sh", "sh", "-c", command_.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  ::setpgid(pid, pid);  // also here: whichever runs first, the group exists before we kill it
  ::close(in[0]);
  ::close(out[1]);
  ::close(err[1]);
  pid_ = pid;
  in_ = in[1];
  out_ = out[0];
  err_ = err[0];
  for (int fd : {in_, out_, err_}) ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
  out_buffer_.clear();
  err_tail_.clear();
  return true;
}

void ExecEngine::kill_group() {
  if (pid_ > 0) {
    ::kill(-pid_, SIGKILL);
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
    pid_ = -1;
  }
  for (int* fd : {&in_, &out_, &err_})
    if (*fd >= 0) ::close(*fd), *fd = -1;
}

std::string ExecEngine::reap(double grace_seconds) {
  std::string how = "still running";
  const auto deadline = Clock::now() + std::chrono::duration<double>(grace_seconds);
  int status = 0;
  // Bounded: polls every millisecond until the grace period ends, draining stderr meanwhile.
  for (;;) {
    if (err_ >= 0) {
      char buf[4096];
      const ssize_t n = ::read(err_, buf, sizeof buf);
      if (n > 0) err_tail_.append(buf, static_cast<std::size_t>(n));
      if (err_tail_.size() > kStderrTailBytes) err_tail_.erase(0, err_tail_.size() - kStderrTailBytes);
    }
    const pid_t r = ::waitpid(pid_, &status, WNOHANG);
    if (r == pid_) {
      if (WIFEXITED(status)) {
        const int code = WEXITSTATUS(status);
        how = fmt::format("exit status {}", code);
        // /bin/sh reports a child killed by signal n as 128 + n.
        if (code > 128 && code < 128 + NSIG) how += fmt::format(" (signal {}: {})", code - 128, ::strsignal(code - 128));
      }
      else if (WIFSIGNALED(status))
        how = fmt::format("killed by signal {} ({})", WTERMSIG(status), ::strsignal(WTERMSIG(status)));
      pid_ = -1;
      break;
    }
    if (Clock::now() >= deadline) {
      how = "still running after closing its output; killed";
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  kill_group();  // the group may outlive the shell; closes the pipes
  return how;
}

std::string ExecEngine::stderr_tail() const {
  if (blank(err_tail_)) return "";
  std::string t = err_tail_;
  while (!t.empty() && (t.back() == '\n' || t.back() == '\r')) t.pop_back();
  // The last kStderrTailLines lines, on one line of the report.
  std::size_t from = t.size();
  for (std::size_t lines = 0; from > 0 && lines < kStderrTailLines;)
    if (t[--from] == '\n' && ++lines == kStderrTailLines) ++from;
  t = t.substr(from);
  for (std::size_t at; (at = t.find('\n')) != std::string::npos;) t.replace(at, 1, " | ");
  return "; stderr tail: " + t;
}

EngineReply ExecEngine::fail(EngineOutcome o, std::string message) {
  kill_group();  // out of step with the cases, or dead: the next ask() starts it again
  return {o, {}, std::move(message)};
}

EngineReply ExecEngine::ask(const fixtures::Case& c) {
  const std::string name = c.id.empty() ? std::string("(no id)") : c.id;
  if (exhausted_)
    return {EngineOutcome::exhausted, {}, fmt::format("engine `{}` gave up earlier; case {} not asked", command_, name)};
  if (pid_ <= 0) {
    if (started_once_) {
      if (restarts_ >= max_restarts_) {
        exhausted_ = true;
        return {EngineOutcome::exhausted, {},
                fmt::format("engine `{}` failed {} times; no restarts left (limit {}), stopping before case {}",
                            command_, restarts_ + 1, max_restarts_, name)};
      }
      ++restarts_;
    }
    started_once_ = true;
    std::string why;
    if (!start(&why)) {
      exhausted_ = true;
      return {EngineOutcome::exhausted, {}, fmt::format("cannot start engine `{}`: {}", command_, why)};
    }
  }

  // Output nobody asked for yet: an extra answer to the previous case that arrived late.
  {
    char buf[65536];
    const ssize_t n = ::read(out_, buf, sizeof buf);
    if (n > 0) out_buffer_.append(buf, static_cast<std::size_t>(n));
    if (!blank(out_buffer_))
      return fail(EngineOutcome::extra_output,
                  fmt::format("engine wrote {} before being asked about case {} (more lines than cases: an extra "
                              "answer to case {}?)",
                              quote(out_buffer_.substr(0, out_buffer_.find('\n'))), name, last_case_));
    out_buffer_.clear();
  }
  last_case_ = name;

  const std::string line = fixtures::case_line(c) + "\n";
  std::size_t written = 0;
  const auto deadline = Clock::now() + std::chrono::duration<double>(timeout_);
  std::size_t newline = std::string::npos;
  bool eof = false;
  // Bounded by the deadline: every pass either makes progress or polls until it.
  while ((newline = out_buffer_.find('\n')) == std::string::npos && !eof) {
    if (out_buffer_.size() > kMaxAnswerLineBytes)
      return fail(EngineOutcome::malformed,
                  fmt::format("case {}: answer line longer than {} bytes without a newline: {}", name,
                              kMaxAnswerLineBytes, quote(out_buffer_)));
    if (stop_ && stop_->load())
      return fail(EngineOutcome::interrupted, fmt::format("case {}: interrupted; engine `{}` killed", name, command_));
    const auto left = deadline - Clock::now();
    if (left <= Clock::duration::zero())
      return fail(EngineOutcome::timeout,
                  fmt::format("case {}: no answer within {} s; engine `{}` killed (process group){}", name, timeout_,
                              command_, stderr_tail()));
    pollfd fds[3];
    nfds_t n = 0;
    const bool writing = in_ >= 0 && written < line.size();
    if (writing) fds[n++] = {in_, POLLOUT, 0};
    const nfds_t out_at = n;
    fds[n++] = {out_, POLLIN, 0};
    const nfds_t err_at = n;
    if (err_ >= 0) fds[n++] = {err_, POLLIN, 0};
    const int ms = static_cast<int>(std::ceil(std::chrono::duration<double, std::milli>(left).count()));
    const int ready = ::poll(fds, n, std::clamp(ms, 1, kStopPollMilliseconds));
    if (ready < 0 && errno != EINTR) return fail(EngineOutcome::crash, fmt::format("case {}: poll failed: {}", name, std::strerror(errno)));
    if (ready <= 0) continue;
    if (writing && fds[0].revents) {
      const ssize_t w = ::write(in_, line.data() + written, line.size() - written);
      if (w > 0) written += static_cast<std::size_t>(w);
      else if (w < 0 && errno != EAGAIN && errno != EINTR) ::close(in_), in_ = -1;  // EPIPE: it stopped reading
    }
    if (err_ >= 0 && fds[err_at].revents) {
      char buf[4096];
      const ssize_t r = ::read(err_, buf, sizeof buf);
      if (r > 0) {
        err_tail_.append(buf, static_cast<std::size_t>(r));
        if (err_tail_.size() > kStderrTailBytes) err_tail_.erase(0, err_tail_.size() - kStderrTailBytes);
      } else if (r == 0) {
        ::close(err_), err_ = -1;
      }
    }
    if (fds[out_at].revents) {
      char buf[65536];
      const ssize_t r = ::read(out_, buf, sizeof buf);
      if (r > 0) out_buffer_.append(buf, static_cast<std::size_t>(r));
      else if (r == 0) eof = true;
    }
  }

  std::string answer_line;
  if (newline != std::string::npos) {
    answer_line = out_buffer_.substr(0, newline);
    out_buffer_.erase(0, newline + 1);
  } else if (!blank(out_buffer_)) {  // a last line without its newline, then EOF
    answer_line = out_buffer_;
    out_buffer_.clear();
  } else {
    // An orderly end (status 0, or output closed while still running) is a missing answer;
    // a non-zero status or a signal is a crash.
    const std::string how = reap(kExitGraceSeconds);
    const bool orderly = how == "exit status 0" || how.rfind("still running", 0) == 0;
    return fail(orderly ? EngineOutcome::missing : EngineOutcome::crash,
                orderly ? fmt::format("case {}: missing answer: engine `{}` closed its output without answering ({}){}",
                                      name, command_, how, stderr_tail())
                        : fmt::format("case {}: engine `{}` crashed: {}{}{}", name, command_, how,
                                      // /bin/sh's status when it cannot find or run the command
                                      how == "exit status 127"   ? " (the shell could not find the command)"
                                      : how == "exit status 126" ? " (the command is not executable)"
                                                                 : "",
                                      stderr_tail()));
  }
  if (!answer_line.empty() && answer_line.back() == '\r') answer_line.pop_back();
  if (!blank(out_buffer_))
    return fail(EngineOutcome::extra_output,
                fmt::format("case {}: engine wrote more than one line: answer {} followed by {}", name,
                            quote(answer_line), quote(out_buffer_.substr(0, out_buffer_.find('\n')))));
  bool skip = false;
  std::string error;
  const std::optional<FastAnswer> f = parse_protocol_answer(answer_line, &skip, &error);
  EngineReply reply;
  if (skip) reply.outcome = EngineOutcome::skip;
  else if (!f) return fail(EngineOutcome::malformed, fmt::format("case {}: malformed answer {}: {}", name, quote(answer_line), error));
  else reply.answer = *f;
  if (eof || written < line.size()) kill_group();  // answered but gone, or answered before reading the case
  return reply;
}

std::optional<EngineReply> ExecEngine::finish() {
  if (pid_ <= 0) return std::nullopt;
  if (in_ >= 0) ::close(in_), in_ = -1;
  const auto deadline = Clock::now() + std::chrono::duration<double>(std::min(timeout_, kExitGraceSeconds));
  // Bounded by the exit grace period: reads what the engine still writes until it closes its output.
  while (Clock::now() < deadline && out_buffer_.size() <= kMaxAnswerLineBytes) {
    pollfd fd{out_, POLLIN, 0};
    const int ms = static_cast<int>(std::ceil(std::chrono::duration<double, std::milli>(deadline - Clock::now()).count()));
    if (::poll(&fd, 1, std::max(ms, 1)) <= 0) continue;
    char buf[65536];
    const ssize_t r = ::read(out_, buf, sizeof buf);
    if (r > 0) out_buffer_.append(buf, static_cast<std::size_t>(r));
    else if (r == 0 || errno != EAGAIN) break;
  }
  const std::string extra = out_buffer_;
  reap(kExitGraceSeconds);
  if (blank(extra)) return std::nullopt;
  return EngineReply{EngineOutcome::extra_output, {},
                     fmt::format("engine wrote more lines than cases: after its answer to case {} it wrote {}",
                                 last_case_, quote(extra.substr(0, extra.find('\n'))))};
}

}  // namespace minkowski::properties
