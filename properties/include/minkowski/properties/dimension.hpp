#pragma once
// minkowski/properties/dimension.hpp — what the verification pipeline needs to know about a
// dimension, in one place, so that the campaign (campaign.hpp), `check` and the tools built on
// them are written once for 2D and 3D ("written once" in DESIGN.md, "Three dimensions").
//
// Dim<D> (D = 2 or 3) names the types and functions of dimension D:
//   Case, Generated     a case and a generated case (fixtures::Case / Case3, GeneratedCase / 3)
//   Answer              a fast or engine answer (FastAnswer / FastAnswer3)
//   Exact               the exact reference's answer (reference::PairAnswer / PairAnswer3)
//   Algo                the fast library's algorithms (Algorithm / Algorithm3)
//   Pair<T>             a case's fast shapes in precision T, built once (FastPair / FastPair3)
//   family_names()      the generator families; gen_family(name) their generators
//   all_algorithms(), to_string(Algo), algorithm_from_string(name), is_judged(Algo)
//   exact_answer(c, detail)   the exact answer from the judge's prepared pair (judge.hpp,
//                             judge3.hpp: the pair is then reused to judge the answers)
//   judge(c, exact, answer, bounds), bounds_for(Algo, Precision), case_scale(c)
//   make_fast_pair<T>(c), run_fast<T>(alg, pair), run_fast<T>(alg, c)
//   key_prefix          the prefix of a campaign cell's key: "" in 2D (keys as they always were),
//                       "3d/" in 3D, so that one summary can hold both dimensions
// Every member forwards to the dimension's own function; nothing here computes anything.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <rapidcheck.h>

#include "minkowski/fixtures/case_io.hpp"
#include "minkowski/properties/bounds.hpp"
#include "minkowski/properties/fast_adapters.hpp"
#include "minkowski/properties/fast_adapters3.hpp"
#include "minkowski/properties/generators.hpp"
#include "minkowski/properties/generators3.hpp"
#include "minkowski/properties/judge.hpp"
#include "minkowski/properties/judge3.hpp"
#include "minkowski/properties/tolerance_model.hpp"
#include "minkowski/reference/oracle.hpp"
#include "minkowski/reference/oracle3.hpp"

namespace minkowski::properties {

template <int D>
struct Dim;

template <>
struct Dim<2> {
  static constexpr int dimension = 2;
  static constexpr std::string_view key_prefix = "";
  using Case = fixtures::Case;
  using Generated = GeneratedCase;
  using Answer = FastAnswer;
  using Exact = reference::PairAnswer;
  using Algo = Algorithm;
  template <class T>
  using Pair = FastPair<T>;

  static const std::vector<std::string>& family_names() { return properties::family_names(); }
  static rc::Gen<Generated> gen_family(const std::string& name) {
    return properties::gen_family(name);
  }
  static const std::vector<Algo>& all_algorithms() { return properties::all_algorithms(); }
  static const char* to_string(Algo a) { return properties::to_string(a); }
  static std::optional<Algo> algorithm_from_string(const std::string& s) {
    return properties::algorithm_from_string(s);
  }
  static bool is_judged(Algo a) { return properties::is_judged(a); }
  static Exact exact_answer(const Case& c, reference::Detail detail) {
    return properties::exact_answer(c, detail);
  }
  static Verdict judge(const Case& c, const Exact& exact, const Answer& a, const Bounds& b) {
    return properties::judge(c, exact, a, b);
  }
  static Bounds bounds_for(Algo a, Precision p) { return properties::bounds_for(a, p); }
  static double case_scale(const Case& c) { return properties::case_scale_of(c); }
  template <class T>
  static Pair<T> make_fast_pair(const Case& c) {
    return properties::make_fast_pair<T>(c);
  }
  template <class T>
  static std::optional<Answer> run_fast(Algo a, const Pair<T>& pair) {
    return properties::run_fast<T>(a, pair);
  }
  template <class T>
  static std::optional<Answer> run_fast(Algo a, const Case& c) {
    return properties::run_fast<T>(a, c);
  }
};

template <>
struct Dim<3> {
  static constexpr int dimension = 3;
  static constexpr std::string_view key_prefix = "3d/";
  using Case = fixtures::Case3;
  using Generated = GeneratedCase3;
  using Answer = FastAnswer3;
  using Exact = reference::PairAnswer3;
  using Algo = Algorithm3;
  template <class T>
  using Pair = FastPair3<T>;

  static const std::vector<std::string>& family_names() { return properties::family_names3(); }
  static rc::Gen<Generated> gen_family(const std::string& name) {
    return properties::gen3_family(name);
  }
  static const std::vector<Algo>& all_algorithms() { return properties::all_algorithms3(); }
  static const char* to_string(Algo a) { return properties::to_string(a); }
  static std::optional<Algo> algorithm_from_string(const std::string& s) {
    return properties::algorithm3_from_string(s);
  }
  static bool is_judged(Algo) { return true; }  ///< every 3D algorithm is judged
  static Exact exact_answer(const Case& c, reference::Detail detail) {
    return properties::exact_answer3(c, detail);
  }
  static Verdict judge(const Case& c, const Exact& exact, const Answer& a, const Bounds& b) {
    return properties::judge3(c, exact, a, b);
  }
  static Bounds bounds_for(Algo a, Precision p) { return properties::bounds3_for(a, p); }
  static double case_scale(const Case& c) { return properties::case_scale_of(c); }
  template <class T>
  static Pair<T> make_fast_pair(const Case& c) {
    return properties::make_fast_pair3<T>(c);
  }
  template <class T>
  static std::optional<Answer> run_fast(Algo a, const Pair<T>& pair) {
    return properties::run_fast3<T>(a, pair);
  }
  template <class T>
  static std::optional<Answer> run_fast(Algo a, const Case& c) {
    return properties::run_fast3<T>(a, c);
  }
};

}  // namespace minkowski::properties
