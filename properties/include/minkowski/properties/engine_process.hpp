#pragma once
// minkowski/properties/engine_process.hpp — the child process behind `check --exec`: `/bin/sh -c
// CMD` in its own process group, with pipes on its stdin, stdout and stderr, spoken to one line at
// a time. It knows lines, deadlines and exit statuses, nothing of cases or answers (exec_engine.hpp
// gives the lines their meaning and counts restarts).
//
// Never blocks forever: the pipes are non-blocking and one poll() loop writes the request, drains
// stderr and reads stdout against one deadline, so a child that reads nothing, writes only to
// stderr, or never answers costs at most the time-out. The child's process group is killed, not
// only the shell, so its own children cannot keep the pipes open.
//
// Not thread-safe: one process, spoken to from one thread.

#include <atomic>
#include <string>

namespace minkowski::properties {

/// Bytes of the child's stderr kept (the tail), and how many of its last lines stderr_tail()
/// quotes (a stack trace's last lines name the failure; more drowns the message).
inline constexpr std::size_t kStderrTailBytes = 2000;
inline constexpr std::size_t kStderrTailLines = 5;
/// A line longer than this is not waited for to end (a manifold of 8 contacts is < 1 KiB; 1 MiB
/// bounds memory against a child that writes without newlines).
inline constexpr std::size_t kMaxAnswerLineBytes = 1 << 20;
/// After the child closes stdout, how long to wait for it to exit before killing it, to tell a
/// crash (status, signal) from an orderly exit.
inline constexpr double kExitGraceSeconds = 2.0;
/// How often a wait on the child looks at the stop flag (Ctrl-C reaction time).
inline constexpr int kStopPollMilliseconds = 100;

class EngineProcess {
 public:
  /// What exchange() got back.
  enum class Status {
    line,         ///< a line (`line`; a last line without its newline counts when stdout ended)
    closed,       ///< stdout ended with nothing (or only blanks) pending: reap() tells why
    too_long,     ///< more than kMaxAnswerLineBytes without a newline (`line`: what came)
    timeout,      ///< no line before the deadline
    interrupted,  ///< *stop became true while waiting
    poll_failed,  ///< poll(2) failed (`line`: strerror)
  };
  struct Reply {
    Status status = Status::closed;
    std::string line;
    bool stdout_closed = false;    ///< stdout ended (after the line, if any)
    bool request_written = false;  ///< the whole request went into the child's stdin
  };

  explicit EngineProcess(std::string command) : command_(std::move(command)) {}
  /// Closes stdin, waits up to kExitGraceSeconds for an exit, then kills the group.
  ~EngineProcess();
  EngineProcess(const EngineProcess&) = delete;
  EngineProcess& operator=(const EngineProcess&) = delete;

  /// Starts the child (forgetting the previous one's buffers). False with *error (strerror) when
  /// the pipes or fork(2) fail; a command that does not exist starts and exits 127.
  bool start(std::string* error);
  bool running() const { return pid_ > 0; }

  /// Writes `request` and reads one line, until `timeout_seconds` have passed; checks *stop
  /// (may be null) every kStopPollMilliseconds. What follows the line stays pending.
  Reply exchange(const std::string& request, double timeout_seconds, const std::atomic<bool>* stop);

  /// Reads, without waiting, what the child has written and not been asked for; returns what is
  /// pending (blank or empty when nothing was).
  const std::string& read_unasked();
  /// What is pending after exchange()'s line.
  const std::string& pending() const { return out_buffer_; }
  void clear_pending() { out_buffer_.clear(); }

  /// Closes the child's stdin and reads what it still writes until it closes stdout, at most
  /// `seconds`; returns everything pending.
  const std::string& close_input_and_drain(double seconds);

  /// Waits up to `grace_seconds` for the child to exit, then kills the group. Returns how it
  /// ended: "exit status N" (with the signal when the shell reports 128 + N), "killed by signal
  /// S (NAME)", or "still running after closing its output; killed".
  std::string reap(double grace_seconds);
  /// Kills the process group at once and closes the pipes.
  void kill_group();
  /// "; stderr tail: <last lines, joined by ' | '>", or "" when the child wrote nothing there.
  std::string stderr_tail() const;

 private:
  void keep_stderr(const char* data, std::size_t n);

  std::string command_;
  int pid_ = -1, in_ = -1, out_ = -1, err_ = -1;
  std::string out_buffer_, err_tail_;
};

/// Whether s holds nothing but spaces, tabs and line ends (a blank protocol line or stderr tail).
bool is_blank(const std::string& s);

}  // namespace minkowski::properties
