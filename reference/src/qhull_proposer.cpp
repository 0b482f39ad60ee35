#include "qhull_proposer.hpp"

#include <cstdlib>

namespace minkowski::reference::detail {

QhullProposer::QhullProposer() {
  reset_errors();
  qh_zero(&qh_, err_);
}

QhullProposer::~QhullProposer() {
  qh_freeqhull(&qh_, qh_ALL);
  int curlong = 0, totlong = 0;
  qh_memfreeshort(&qh_, &curlong, &totlong);
  if (err_) std::fclose(err_);
  std::free(err_buf_);
}

void QhullProposer::reset_errors() {
  if (err_) std::fclose(err_);
  std::free(err_buf_);
  err_buf_ = nullptr;
  err_len_ = 0;
  err_ = open_memstream(&err_buf_, &err_len_);
}

bool QhullProposer::propose(std::vector<double>& coords, std::vector<int>& vertex_ids,
                            int& exit_code, std::string& message) {
  vertex_ids.clear();
  char command[] = "qhull";
  const int n = static_cast<int>(coords.size() / 2);
  exit_code = qh_new_qhull(&qh_, 2, n, coords.data(), False, command, nullptr, err_);
  if (exit_code == 0) {
    vertexT* vertex;
    qhT* qh = &qh_;  // FORALLvertices refers to `qh`
    FORALLvertices { vertex_ids.push_back(qh_pointid(qh, vertex->point)); }
  }
  // Keep Qhull's short-memory pools between calls: qh_init_B skips qh_initqhull_mem when they
  // exist (qhmem.LASTsize != 0), so only the first call of a thread pays for their set-up.
  qh_freeqhull(&qh_, !qh_ALL);
  std::fflush(err_);
  if (exit_code != 0 || err_len_ > (1u << 20)) {  // keep warnings from growing the stream
    message.assign(err_buf_ ? err_buf_ : "", err_len_);
    if (message.size() > 400) message.resize(400);
    reset_errors();
    qh_.qhmem.ferr = err_;  // the pools survive; only the error stream is new
    qh_.ferr = err_;
  }
  return exit_code == 0;
}

}  // namespace minkowski::reference::detail
