#pragma once
// fcl_repro.hpp — what the FCL repro programs share (fcl/repro/*.cpp, fcl-indep/repro/*.cpp):
// read a found/ fixture's case and exact answer with nlohmann-json and call FCL 0.7 on it directly
// — no minkowski code. Each repro program passes its class's fixtures as arguments and exits 0
// while FCL still shows the class's symptom on every one of them, 1 when it no longer does (revisit
// the README's class), 2 when a fixture cannot be read or holds a shape FCL cannot represent.
//
// Shapes as minkowski_exec_fcl builds them (its header comment), except that a polytope is an
// fcl::Convex of the case's points with no faces: FCL's GJK reads only vertices (findExtremeVertex
// scans them all when the mesh has no faces, convex-inl.h:262-300), so the support is the same.
// Each query runs in a child process (fork), so an FCL assertion or exception is an observed
// outcome ("aborted", "threw") instead of the end of the repro.
#include <fcl/geometry/shape/box.h>
#include <fcl/geometry/shape/capsule.h>
#include <fcl/geometry/shape/convex.h>
#include <fcl/geometry/shape/sphere.h>
#include <fcl/narrowphase/collision.h>
#include <fcl/narrowphase/collision_object.h>
#include <fcl/narrowphase/distance.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace fcl_repro {

struct Fixture {
  std::string path;
  nlohmann::json a, b;
  std::string relation;        ///< exact: "separated", "touching" or "overlapping"
  double signed_distance = 0;  ///< exact, rounded to double
  double exact_depth() const { return signed_distance < 0 ? -signed_distance : 0.0; }
};

inline Fixture load(const char* path) {
  std::ifstream in(path);
  if (!in) {
    std::fprintf(stderr, "%s: cannot open\n", path);
    std::exit(2);
  }
  try {
    const nlohmann::json j = nlohmann::json::parse(in);
    return {
        path, j.at("a"), j.at("b"), j.at("expected").at("relation").get<std::string>(),
        std::strtod(j.at("expected").at("signed_distance").get<std::string>().c_str(), nullptr)};
  } catch (const nlohmann::json::exception& e) {
    std::fprintf(stderr, "%s: not a fixture: %s\n", path, e.what());
    std::exit(2);
  }
}

inline fcl::CollisionObjectd object(const nlohmann::json& s) {
  const double r = s.value("radius", 0.0);
  std::vector<fcl::Vector3d> p;
  for (const auto& q : s.at("points")) {
    const fcl::Vector3d v(q[0].get<double>(), q[1].get<double>(), q[2].get<double>());
    if (std::find(p.begin(), p.end(), v) == p.end()) p.push_back(v);
  }
  fcl::Transform3d pose = fcl::Transform3d::Identity();
  if (r > 0 && p.size() == 1) {
    pose.translation() = p[0];
    return fcl::CollisionObjectd(std::make_shared<fcl::Sphered>(r), pose);
  }
  if (r > 0 && p.size() == 2) {
    const fcl::Vector3d d = p[1] - p[0];
    pose.linear() =
        Eigen::Quaterniond::FromTwoVectors(fcl::Vector3d::UnitZ(), d / d.norm()).toRotationMatrix();
    pose.translation() = (p[0] + p[1]) / 2;
    return fcl::CollisionObjectd(std::make_shared<fcl::Capsuled>(r, d.norm()), pose);
  }
  if (r > 0) {
    std::fprintf(stderr, "a rounded polytope: FCL has no such shape\n");
    std::exit(2);
  }
  std::set<double> xs, ys, zs;
  for (const auto& v : p) xs.insert(v[0]), ys.insert(v[1]), zs.insert(v[2]);
  if (p.size() == 8 && xs.size() == 2 && ys.size() == 2 && zs.size() == 2) {
    const fcl::Vector3d lo(*xs.begin(), *ys.begin(), *zs.begin());
    const fcl::Vector3d hi(*xs.rbegin(), *ys.rbegin(), *zs.rbegin());
    pose.translation() = (lo + hi) / 2;
    return fcl::CollisionObjectd(std::make_shared<fcl::Boxd>(hi - lo), pose);
  }
  auto verts = std::make_shared<std::vector<fcl::Vector3d>>(p);
  auto faces = std::make_shared<std::vector<int>>();
  return fcl::CollisionObjectd(std::make_shared<fcl::Convexd>(verts, 0, faces, false), pose);
}

/// FCL's raw answer, written by the child into shared memory.
struct Answer {
  int outcome = 0;  ///< 0 answered, 1 aborted (a signal), 2 threw, 3 other exit
  bool collides = false;
  int contacts = 0;
  double depth = NAN;               ///< the first contact's
  double pos[3] = {NAN, NAN, NAN};  ///< the first contact's position
  double normal[3] = {NAN, NAN, NAN};
  double distance = NAN;
  double p0[3] = {NAN, NAN, NAN}, p1[3] = {NAN, NAN, NAN};
};

/// fcl::collide (contacts) and, when not colliding, fcl::distance (signed, nearest points), as
/// minkowski_exec_fcl calls them, in a child process.
inline Answer run(const Fixture& f, fcl::GJKSolverType solver) {
  auto* shared = static_cast<Answer*>(
      mmap(nullptr, sizeof(Answer), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0));
  *shared = Answer{};
  std::fflush(stdout);
  const pid_t child = fork();
  if (child == 0) {
    try {
      const fcl::CollisionObjectd oa = object(f.a), ob = object(f.b);
      fcl::CollisionRequestd creq(64, true);
      creq.gjk_solver_type = solver;
      fcl::CollisionResultd cres;
      fcl::collide(&oa, &ob, creq, cres);
      shared->collides = cres.isCollision();
      shared->contacts = static_cast<int>(cres.numContacts());
      if (cres.numContacts() > 0) {
        const auto& k = cres.getContact(0);
        shared->depth = k.penetration_depth;
        for (int i = 0; i < 3; ++i) shared->normal[i] = k.normal[i];
        for (int i = 0; i < 3; ++i) shared->pos[i] = k.pos[i];
      } else {
        fcl::DistanceRequestd dreq(true, true);
        dreq.gjk_solver_type = solver;
        fcl::DistanceResultd dres;
        fcl::distance(&oa, &ob, dreq, dres);
        shared->distance = dres.min_distance;
        for (int i = 0; i < 3; ++i) shared->p0[i] = dres.nearest_points[0][i];
        for (int i = 0; i < 3; ++i) shared->p1[i] = dres.nearest_points[1][i];
      }
    } catch (const std::exception& e) {
      std::printf("  FCL threw: %.160s\n", e.what());
      std::fflush(stdout);
      _exit(3);
    }
    _exit(0);
  }
  int status = 0;
  waitpid(child, &status, 0);
  Answer out = *shared;
  munmap(shared, sizeof(Answer));
  out.outcome = WIFSIGNALED(status)        ? 1
                : WEXITSTATUS(status) == 3 ? 2
                : WEXITSTATUS(status)      ? 3
                                           : 0;
  return out;
}

inline void print(const Fixture& f, const Answer& r, const char* solver) {
  static const char* outcome[] = {"answered", "aborted", "threw", "exited"};
  std::printf(
      "%s\n  exact: %s, signed distance %.17g\n  FCL %s: %s; collides %d (%d contacts): "
      "depth %.17g normal (%.17g, %.17g, %.17g); distance %.17g, points (%.17g, %.17g, "
      "%.17g) (%.17g, %.17g, %.17g)\n",
      f.path.c_str(), f.relation.c_str(), f.signed_distance, solver, outcome[r.outcome], r.collides,
      r.contacts, r.depth, r.normal[0], r.normal[1], r.normal[2], r.distance, r.p0[0], r.p0[1],
      r.p0[2], r.p1[0], r.p1[1], r.p1[2]);
}

/// Runs `symptom` on every fixture named on the command line; exit status as the header says.
template <class F>
int main_over_fixtures(int argc, char** argv, fcl::GJKSolverType solver, const char* symptom_text,
                       F symptom) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s FIXTURE...\n", argv[0]);
    return 2;
  }
  int shown = 0;
  for (int i = 1; i < argc; ++i) {
    const Fixture f = load(argv[i]);
    const Answer r = run(f, solver);
    print(f, r, solver == fcl::GST_LIBCCD ? "GST_LIBCCD" : "GST_INDEP");
    const bool s = symptom(f, r);
    std::printf("  %s: %s\n", symptom_text, s ? "yes" : "NO (the class no longer shows)");
    shown += s;
  }
  return shown == argc - 1 ? 0 : 1;
}

}  // namespace fcl_repro
