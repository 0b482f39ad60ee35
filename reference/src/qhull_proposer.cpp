#include "qhull_proposer.hpp"

#include <cstdlib>

namespace minkowski::reference::detail {

QhullProposer::QhullProposer() {
  reset_errors();
  qh_zero(&qh_, err_);
}

QhullProposer::~QhullProposer() {
  qh_freeqhull(&qh_, qh_ALL);  // safe after any run, successful or not
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

bool QhullProposer::run_fresh(std::vector<double>& coords, int& exit_code) {
  char command[] = "qhull";
  if (primed_) qh_freeqhull(&qh_, !qh_ALL);
  primed_ = false;
  qhT* qh = &qh_;
  // The steps of qh_new_qhull (libqhull_r/user_r.c) for 2-D hulls without output, with a
  // snapshot of the detroundoff-updated fields taken just before qh_qhull.
  if (!qh->qhmem.ferr)
    qh_meminit(qh, err_);
  else
    qh_memcheck(qh);
  qh_initqhull_start(qh, nullptr, nullptr, err_);
  exit_code = setjmp(qh->errexit);
  if (exit_code == 0) {
    qh->NOerrexit = False;
    qh_initflags(qh, command);
    qh_init_B(qh, coords.data(), static_cast<int>(coords.size() / 2), 2, False);
    pristine_ = {qh->premerge_centrum, qh->postmerge_centrum, qh->premerge_cos, qh->postmerge_cos,
                 qh->MINvisible,       qh->MAXcoplanar,       qh->MINoutside};
    qh_qhull(qh);
    qh_check_output(qh);
    qh_prepare_output(qh);
  }
  qh->NOerrexit = True;
  return exit_code == 0;
}

bool QhullProposer::run_again(std::vector<double>& coords, int& exit_code) {
  qh_freebuild(&qh_, True);
  qhT* qh = &qh_;
  exit_code = setjmp(qh->errexit);
  if (exit_code == 0) {
    qh->NOerrexit = False;
    qh->first_point = coords.data();
    qh->num_points = static_cast<int>(coords.size() / 2);
    qh->POINTSmalloc = False;
    qh->QHULLfinished = False;
    qh->premerge_centrum = pristine_.premerge_centrum;
    qh->postmerge_centrum = pristine_.postmerge_centrum;
    qh->premerge_cos = pristine_.premerge_cos;
    qh->postmerge_cos = pristine_.postmerge_cos;
    qh->MINvisible = pristine_.MINvisible;
    qh->MAXcoplanar = pristine_.MAXcoplanar;
    qh->MINoutside = pristine_.MINoutside;
    // The options record (qh.qhull_options) is text that Qhull only prints (error messages,
    // summaries), yet qh_detroundoff appends a dozen formatted options to it on every run, each
    // strncat scanning the whole record; so a rerun starts from an empty record, and its error
    // messages list the options of that run.
    qh->qhull_options[0] = '\0';
    qh->qhull_optionlen = 0;
    if (qh->num_points < 3) qh_errexit(qh, qh_ERRinput, nullptr, nullptr);  // as qh_init_B would
    qh_qhull(qh);
    qh_check_output(qh);
  }
  qh->NOerrexit = True;
  return exit_code == 0;
}

bool QhullProposer::propose(std::vector<double>& coords, std::vector<int>& vertex_ids,
                            int& exit_code, std::string& message) {
  vertex_ids.clear();
  const bool ok = primed_ ? run_again(coords, exit_code) : run_fresh(coords, exit_code);
  if (ok) {
    vertexT* vertex;
    qhT* qh = &qh_;  // FORALLvertices refers to `qh`
    FORALLvertices { vertex_ids.push_back(qh_pointid(qh, vertex->point)); }
    primed_ = true;
  } else {
    // After an error Qhull's state is only good for freeing; start over next time.
    qh_freeqhull(&qh_, !qh_ALL);
    primed_ = false;
  }
  std::fflush(err_);
  if (!ok || err_len_ > (1u << 20)) {  // keep warnings from growing the stream
    message.assign(err_buf_ ? err_buf_ : "", err_len_);
    if (message.size() > 400) message.resize(400);
    reset_errors();
    qh_.qhmem.ferr = err_;  // the pools survive; only the error stream is new
    qh_.ferr = err_;
  }
  return ok;
}

}  // namespace minkowski::reference::detail
