#pragma once
// Private: a reusable reentrant-Qhull context that proposes 2D hull vertices.
//
// Uses the C API only (Qhull::qhull_r). A process that also linked libqhullcpp would have its
// qh_fprintf replaced and die on the first C-API message (QH10025, ../shared/NOTES-deps.md).
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

  /// Runs plain `qhull` (no QJ, Q0, Qbb: see NOTES-deps.md) on n interleaved (x, y) doubles.
  /// Returns true and the input indices of the hull vertices (unordered), or false with Qhull's
  /// exit code and message. `coords` must stay alive for the call only.
  bool propose(std::vector<double>& coords, std::vector<int>& vertex_ids, int& exit_code,
               std::string& message);

 private:
  void reset_errors();
  qhT qh_;
  char* err_buf_ = nullptr;
  std::size_t err_len_ = 0;
  FILE* err_ = nullptr;
};

}  // namespace minkowski::reference::detail
