#pragma once
// Private: a reusable reentrant-Qhull context that proposes 3D hull facets (hull3.hpp's
// hull3_qhull_certified). The 3D counterpart of qhull_proposer.hpp, with the same reuse scheme
// (see there): a full qh_new_qhull-style first run, then qh_freebuild + qh_qhull on each new
// point set with the point-dependent precision fields restored. C API only (Qhull::qhull_r);
// Qhull's messages go to a memory stream, never to the terminal.

#include <cstdio>
#include <string>
#include <vector>

extern "C" {
#include <libqhull_r/qhull_ra.h>
}

namespace minkowski::reference::detail {

/// Qhull's facets: facet k has the vertex ids ids[begin[k] .. begin[k + 1]) (indices of points in
/// the coordinate array), in the cyclic order qh_facet3vertex gives, and Qhull's outward unit
/// normal normal[3k .. 3k + 3) (rounded: used only to pick a test point, never to decide).
struct Qhull3Facets {
  std::vector<int> ids;
  std::vector<int> begin;
  std::vector<double> normal;
  void clear() {
    ids.clear();
    begin.assign(1, 0);
    normal.clear();
  }
  std::size_t size() const { return begin.empty() ? 0 : begin.size() - 1; }
};

class Qhull3Proposer {
 public:
  Qhull3Proposer();
  ~Qhull3Proposer();
  Qhull3Proposer(const Qhull3Proposer&) = delete;
  Qhull3Proposer& operator=(const Qhull3Proposer&) = delete;

  /// Runs `qhull Q0` (no merging: every facet a triangle; hull3.cpp says why) on n interleaved
  /// (x, y, z) doubles. Returns true and the facets, or false with Qhull's exit code and message
  /// (at most 400 characters). `coords` must stay alive for the call only.
  bool propose(std::vector<double>& coords, Qhull3Facets& facets, int& exit_code,
               std::string& message);

  /// Forget the primed context: the next propose() is a full first run (for tests).
  void reset() {
    if (primed_) qh_freeqhull(&qh_, !qh_ALL);
    primed_ = false;
  }

 private:
  void reset_errors();
  bool run_fresh(std::vector<double>& coords, Qhull3Facets& facets, int& exit_code);
  bool run_again(std::vector<double>& coords, Qhull3Facets& facets, int& exit_code);
  void read_facets(Qhull3Facets& facets);
  qhT qh_;
  bool primed_ = false;
  struct Pristine {
    realT premerge_centrum, postmerge_centrum, premerge_cos, postmerge_cos;
    realT MINvisible, MAXcoplanar, MINoutside;
  } pristine_{};
  char* err_buf_ = nullptr;
  std::size_t err_len_ = 0;
  FILE* err_ = nullptr;
};

}  // namespace minkowski::reference::detail
