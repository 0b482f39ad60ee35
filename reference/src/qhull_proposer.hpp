#pragma once
// Private: a reusable reentrant-Qhull context that proposes 2D hull vertices.
//
// Uses the C API only (Qhull::qhull_r). A process that also linked libqhullcpp would have its
// qh_fprintf replaced and die on the first C-API message (QH10025; docs/exactness.md).
// Qhull's messages go to a memory stream, never to the terminal.

#include <cstdio>
#include <string>
#include <vector>

extern "C" {
#include <libqhull_r/qhull_ra.h>
}

namespace minkowski::reference::detail {

class QhullProposer {
 public:
  QhullProposer();
  ~QhullProposer();
  QhullProposer(const QhullProposer&) = delete;
  QhullProposer& operator=(const QhullProposer&) = delete;

  /// Runs plain `qhull` (no QJ, Q0, Qbb: docs/exactness.md) on n interleaved (x, y) doubles.
  ///
  /// Context reuse: qh_new_qhull re-parses options, re-seeds and re-tests Qhull's random
  /// generator (1,000 draws), rebuilds its buffers and records every derived option with
  /// sprintf — a large share of a small 2-D call. After one successful run we instead use the
  /// sequence Qhull itself uses to rebuild a hull ('TRn' reruns, qh_build_withrestart):
  /// qh_freebuild(qh, True), then qh_qhull on the new points, which re-runs qh_initbuild
  /// (qh_maxmin and qh_detroundoff recompute the point-dependent precision constants). The few
  /// fields qh_detroundoff accumulates or sets only once are restored first (Pristine). The
  /// first run replicates qh_new_qhull step by step (user_r.c) to capture them. Any error drops
  /// back to a full first run on the next call.
  /// Returns true and the input indices of the hull vertices (unordered), or false with Qhull's
  /// exit code and message. `coords` must stay alive for the call only.
  bool propose(std::vector<double>& coords, std::vector<int>& vertex_ids, int& exit_code,
               std::string& message);

  /// Forget the primed context: the next propose() is a full first run (for tests).
  void reset() {
    if (primed_) qh_freeqhull(&qh_, !qh_ALL);
    primed_ = false;
  }

 private:
  void reset_errors();
  bool run_fresh(std::vector<double>& coords, int& exit_code);
  bool run_again(std::vector<double>& coords, int& exit_code);
  qhT qh_;
  bool primed_ = false;  ///< a successful run left options, buffers and pools set up
  /// Fields qh_detroundoff updates in place (+= or only-if-default), captured between qh_init_B
  /// and the first qh_qhull and restored before every rerun, so that each run's precision
  /// constants derive from its own points, as in a fresh qh_new_qhull.
  struct Pristine {
    realT premerge_centrum, postmerge_centrum, premerge_cos, postmerge_cos;
    realT MINvisible, MAXcoplanar, MINoutside;
  } pristine_{};
  char* err_buf_ = nullptr;
  std::size_t err_len_ = 0;
  FILE* err_ = nullptr;
};

}  // namespace minkowski::reference::detail
