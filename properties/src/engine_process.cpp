#include "minkowski/properties/engine_process.hpp"

#include <algorithm>
#include <cerrno>
#include <chrono>
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

namespace {

using Clock = std::chrono::steady_clock;

void close_fd(int* fd) {
  if (*fd >= 0) ::close(*fd), *fd = -1;
}

}  // namespace

EngineProcess::~EngineProcess() {
  if (pid_ <= 0) return;
  close_fd(&in_);
  reap(kExitGraceSeconds);
}

bool EngineProcess::start(std::string* error) {
  int in[2], out[2], err[2];
  if (::pipe2(in, O_CLOEXEC) != 0) {
    *error = std::strerror(errno);
    return false;
  }
  if (::pipe2(out, O_CLOEXEC) != 0) {
    *error = std::strerror(errno);
    for (int fd : {in[0], in[1]}) ::close(fd);
    return false;
  }
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

void EngineProcess::kill_group() {
  if (pid_ > 0) {
    ::kill(-pid_, SIGKILL);
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
    pid_ = -1;
  }
  for (int* fd : {&in_, &out_, &err_}) close_fd(fd);
}

void EngineProcess::keep_stderr(const char* data, std::size_t n) {
  err_tail_.append(data, n);
  if (err_tail_.size() > kStderrTailBytes) err_tail_.erase(0, err_tail_.size() - kStderrTailBytes);
}

std::string EngineProcess::reap(double grace_seconds) {
  std::string how = "still running";
  const auto deadline = Clock::now() + std::chrono::duration<double>(grace_seconds);
  int status = 0;
  // Bounded: polls every millisecond until the grace period ends, draining stderr meanwhile.
  for (;;) {
    if (err_ >= 0) {
      char buf[4096];
      const ssize_t n = ::read(err_, buf, sizeof buf);
      if (n > 0) keep_stderr(buf, static_cast<std::size_t>(n));
    }
    const pid_t r = ::waitpid(pid_, &status, WNOHANG);
    if (r == pid_) {
      if (WIFEXITED(status)) {
        const int code = WEXITSTATUS(status);
        how = fmt::format("exit status {}", code);
        // /bin/sh reports a child killed by signal n as 128 + n.
        if (code > 128 && code < 128 + NSIG)
          how += fmt::format(" (signal {}: {})", code - 128, ::strsignal(code - 128));
      } else if (WIFSIGNALED(status)) {
        how = fmt::format("killed by signal {} ({})", WTERMSIG(status),
                          ::strsignal(WTERMSIG(status)));
      }
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

std::string EngineProcess::stderr_tail() const {
  if (is_blank(err_tail_)) return "";
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

const std::string& EngineProcess::read_unasked() {
  char buf[65536];
  const ssize_t n = ::read(out_, buf, sizeof buf);
  if (n > 0) out_buffer_.append(buf, static_cast<std::size_t>(n));
  return out_buffer_;
}

EngineProcess::Reply EngineProcess::exchange(const std::string& request, double timeout_seconds,
                                             const std::atomic<bool>* stop) {
  Reply reply;
  std::size_t written = 0;
  const auto deadline = Clock::now() + std::chrono::duration<double>(timeout_seconds);
  std::size_t newline = std::string::npos;
  bool eof = false;
  auto stopped = [&](Status s, std::string line = {}) {
    reply.status = s;
    reply.line = std::move(line);
    reply.stdout_closed = eof;
    reply.request_written = written == request.size();
    return reply;
  };
  // Bounded by the deadline: every pass either makes progress or polls until it.
  while ((newline = out_buffer_.find('\n')) == std::string::npos && !eof) {
    if (out_buffer_.size() > kMaxAnswerLineBytes) return stopped(Status::too_long, out_buffer_);
    if (stop && stop->load()) return stopped(Status::interrupted);
    const auto left = deadline - Clock::now();
    if (left <= Clock::duration::zero()) return stopped(Status::timeout);
    pollfd fds[3];
    nfds_t n = 0;
    const bool writing = in_ >= 0 && written < request.size();
    if (writing) fds[n++] = {in_, POLLOUT, 0};
    const nfds_t out_at = n;
    fds[n++] = {out_, POLLIN, 0};
    const nfds_t err_at = n;
    if (err_ >= 0) fds[n++] = {err_, POLLIN, 0};
    const int ms =
        static_cast<int>(std::ceil(std::chrono::duration<double, std::milli>(left).count()));
    const int ready = ::poll(fds, n, std::clamp(ms, 1, kStopPollMilliseconds));
    if (ready < 0 && errno != EINTR) return stopped(Status::poll_failed, std::strerror(errno));
    if (ready <= 0) continue;
    if (writing && fds[0].revents) {
      const ssize_t w = ::write(in_, request.data() + written, request.size() - written);
      if (w > 0)
        written += static_cast<std::size_t>(w);
      else if (w < 0 && errno != EAGAIN && errno != EINTR)
        close_fd(&in_);  // EPIPE: it stopped reading
    }
    if (err_ >= 0 && fds[err_at].revents) {
      char buf[4096];
      const ssize_t r = ::read(err_, buf, sizeof buf);
      if (r > 0)
        keep_stderr(buf, static_cast<std::size_t>(r));
      else if (r == 0)
        close_fd(&err_);
    }
    if (fds[out_at].revents) {
      char buf[65536];
      const ssize_t r = ::read(out_, buf, sizeof buf);
      if (r > 0)
        out_buffer_.append(buf, static_cast<std::size_t>(r));
      else if (r == 0)
        eof = true;
    }
  }
  if (newline != std::string::npos) {
    std::string line = out_buffer_.substr(0, newline);
    out_buffer_.erase(0, newline + 1);
    return stopped(Status::line, std::move(line));
  }
  if (!is_blank(out_buffer_)) {  // a last line without its newline, then the end of stdout
    std::string line = std::move(out_buffer_);
    out_buffer_.clear();
    return stopped(Status::line, std::move(line));
  }
  return stopped(Status::closed);
}

const std::string& EngineProcess::close_input_and_drain(double seconds) {
  close_fd(&in_);
  const auto deadline = Clock::now() + std::chrono::duration<double>(seconds);
  // Bounded by `seconds`: reads what the child still writes until it closes its output.
  while (out_ >= 0 && Clock::now() < deadline && out_buffer_.size() <= kMaxAnswerLineBytes) {
    pollfd fd{out_, POLLIN, 0};
    const int ms = static_cast<int>(
        std::ceil(std::chrono::duration<double, std::milli>(deadline - Clock::now()).count()));
    if (::poll(&fd, 1, std::max(ms, 1)) <= 0) continue;
    char buf[65536];
    const ssize_t r = ::read(out_, buf, sizeof buf);
    if (r > 0)
      out_buffer_.append(buf, static_cast<std::size_t>(r));
    else if (r == 0 || errno != EAGAIN)
      break;
  }
  return out_buffer_;
}

bool is_blank(const std::string& s) { return s.find_first_not_of(" \t\r\n") == std::string::npos; }

}  // namespace minkowski::properties
