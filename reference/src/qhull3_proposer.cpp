#include "qhull3_proposer.hpp"

#include <cstdlib>

namespace minkowski::reference::detail {

Qhull3Proposer::Qhull3Proposer() {
  reset_errors();
  qh_zero(&qh_, err_);
}

Qhull3Proposer::~Qhull3Proposer() {
  qh_freeqhull(&qh_, qh_ALL);  // safe after any run, successful or not
  int curlong = 0, totlong = 0;
  qh_memfreeshort(&qh_, &curlong, &totlong);
  if (err_) std::fclose(err_);
  std::free(err_buf_);
}

void Qhull3Proposer::reset_errors() {
  if (err_) std::fclose(err_);
  std::free(err_buf_);
  err_buf_ = nullptr;
  err_len_ = 0;
  err_ = open_memstream(&err_buf_, &err_len_);
}

bool Qhull3Proposer::run_fresh(std::vector<double>& coords, Qhull3Facets& facets, int& exit_code) {
  char command[] = "qhull Q0";
  if (primed_) qh_freeqhull(&qh_, !qh_ALL);
  primed_ = false;
  qhT* qh = &qh_;
  // The steps of qh_new_qhull (libqhull_r/user_r.c) without output, with a snapshot of the
  // fields qh_detroundoff updates in place taken just before qh_qhull (qhull_proposer.hpp).
  if (!qh->qhmem.ferr)
    qh_meminit(qh, err_);
  else
    qh_memcheck(qh);
  qh_initqhull_start(qh, nullptr, nullptr, err_);
  exit_code = setjmp(qh->errexit);
  if (exit_code == 0) {
    qh->NOerrexit = False;
    qh_initflags(qh, command);
    qh_init_B(qh, coords.data(), static_cast<int>(coords.size() / 3), 3, False);
    pristine_ = {qh->premerge_centrum, qh->postmerge_centrum, qh->premerge_cos, qh->postmerge_cos,
                 qh->MINvisible,       qh->MAXcoplanar,       qh->MINoutside};
    qh_qhull(qh);
    qh_check_output(qh);
    qh_prepare_output(qh);
    read_facets(facets);  // inside the setjmp: qh_facet3vertex may call qh_errexit
  }
  qh->NOerrexit = True;
  return exit_code == 0;
}

bool Qhull3Proposer::run_again(std::vector<double>& coords, Qhull3Facets& facets, int& exit_code) {
  qh_freebuild(&qh_, True);
  qhT* qh = &qh_;
  exit_code = setjmp(qh->errexit);
  if (exit_code == 0) {
    qh->NOerrexit = False;
    qh->first_point = coords.data();
    qh->num_points = static_cast<int>(coords.size() / 3);
    qh->POINTSmalloc = False;
    qh->QHULLfinished = False;
    qh->premerge_centrum = pristine_.premerge_centrum;
    qh->postmerge_centrum = pristine_.postmerge_centrum;
    qh->premerge_cos = pristine_.premerge_cos;
    qh->postmerge_cos = pristine_.postmerge_cos;
    qh->MINvisible = pristine_.MINvisible;
    qh->MAXcoplanar = pristine_.MAXcoplanar;
    qh->MINoutside = pristine_.MINoutside;
    // As in qhull_proposer.cpp: a rerun starts from an empty options record.
    qh->qhull_options[0] = '\0';
    qh->qhull_optionlen = 0;
    if (qh->num_points < 4) qh_errexit(qh, qh_ERRinput, nullptr, nullptr);  // as qh_init_B would
    qh_qhull(qh);
    qh_check_output(qh);
    // qh_prepare_output (done by the first run) only triangulates or reports for options we do
    // not set; after merging it also recomputes nothing we read, so reruns skip it as the 2D
    // proposer does.
    read_facets(facets);  // inside the setjmp: qh_facet3vertex may call qh_errexit
  }
  qh->NOerrexit = True;
  return exit_code == 0;
}

void Qhull3Proposer::read_facets(Qhull3Facets& out) {
  qhT* qh = &qh_;  // FORALLfacets and FOREACHvertex_ refer to `qh`
  facetT* facet;
  vertexT *vertex, **vertexp;
  FORALLfacets {
    if (!facet->normal) continue;  // never for a finished 3-d hull; skipped rather than trusted
    setT* vertices = qh_facet3vertex(qh, facet);
    FOREACHvertex_(vertices) out.ids.push_back(qh_pointid(qh, vertex->point));
    qh_settempfree(qh, &vertices);
    out.begin.push_back(static_cast<int>(out.ids.size()));
    for (int k = 0; k < 3; ++k) out.normal.push_back(facet->normal[k]);
  }
}

bool Qhull3Proposer::propose(std::vector<double>& coords, Qhull3Facets& facets, int& exit_code,
                             std::string& message) {
  facets.clear();
  const bool ok =
      primed_ ? run_again(coords, facets, exit_code) : run_fresh(coords, facets, exit_code);
  if (ok) {
    primed_ = true;
  } else {
    facets.clear();
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
