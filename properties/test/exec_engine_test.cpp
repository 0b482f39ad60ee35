// The --exec protocol's answer parser and the engine process, at unit level (the CLI test
// cli/test/exec_cli_test.sh drives whole campaigns through real and broken engines).
#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <cmath>
#include <thread>

#include "minkowski/properties/exec_engine.hpp"

// This file's names, in a namespace of their own: the test command compiles the suite as
// one translation unit (cmake/PrecompiledHeaders.cmake, minkowski_unity).
namespace exec_engine_test_cpp {

namespace {

using namespace minkowski::properties;

std::optional<FastAnswer> parse(const std::string& line, bool* skip, std::string* error) {
  return parse_protocol_answer(line, skip, error);
}

TEST(ProtocolAnswer, OnlyIntersectsIsRequiredAndEveryGivenFieldIsRead) {
  bool skip = true;
  std::string error;
  auto a = parse(R"({"intersects": false})", &skip, &error);
  ASSERT_TRUE(a) << error;
  EXPECT_FALSE(skip);
  EXPECT_FALSE(a->intersects);
  EXPECT_FALSE(a->normal || a->depth || a->distance || a->point_a || a->point_b || a->contacts);

  a = parse(
      R"({"id": "x", "intersects": true, "normal": [0, 1], "depth": 0.25, "distance": 0,)"
      R"( "point_a": [1, 2], "point_b": [1, 2.5], "contacts": [{"point": [1, 2], "depth": 0.25},)"
      R"( {"point": [3, 4], "depth": 0.5, "point_a": [3, 4.25], "point_b": [3, 3.75]}]})",
      &skip, &error);
  ASSERT_TRUE(a) << error;
  EXPECT_TRUE(a->intersects);
  EXPECT_EQ((*a->normal)[1], 1.0);
  EXPECT_EQ(*a->depth, 0.25);
  EXPECT_EQ((*a->point_b)[1], 2.5);
  ASSERT_EQ(a->contacts->size(), 2u);
  EXPECT_FALSE((*a->contacts)[0].point_a);
  EXPECT_EQ((*(*a->contacts)[1].point_b)[1], 3.75);
}

TEST(ProtocolAnswer, SkipTrueIsASkipAndSkipFalseIsAnAnswer) {
  bool skip = false;
  std::string error;
  EXPECT_FALSE(parse(R"({"skip": true})", &skip, &error));
  EXPECT_TRUE(skip);
  EXPECT_TRUE(parse(R"({"skip": false, "intersects": true})", &skip, &error)) << error;
  EXPECT_FALSE(skip);
}

TEST(ProtocolAnswer, EachMalformedFieldIsNamed) {
  const std::pair<const char*, const char*> cases[] = {
      {R"({"normal": [0, 1]})", "missing the required field \"intersects\""},
      {R"({"intersects": 1})", "\"intersects\" must be true or false"},
      {R"({"intersects": true, "normal": [0, 1, 2]})", "\"normal\" must be a pair of numbers"},
      {R"({"intersects": true, "normal": ["0", 1]})", "\"normal[0]\" must be a number"},
      {R"({"intersects": true, "depth": null})", "\"depth\" must be a number"},
      {R"({"intersects": true, "normals": [0, 1]})", "unknown field \"normals\""},
      {R"({"intersects": true, "contacts": {}})", "\"contacts\" must be an array"},
      {R"({"intersects": true, "contacts": [{"point": [0, 0]}]})",
       "contacts[0] needs both \"point\" and \"depth\""},
      {R"({"intersects": true, "contacts": [{"point": [0, 0], "depth": 0, "point_a": [0, 0]}]})",
       "\"point_a\" and \"point_b\" come together"},
      {R"({"skip": "yes"})", "\"skip\" must be true or false"},
      {R"([true])", "an answer must be a JSON object"},
      {R"({"intersects": true, "depth": 1e999,})", "not JSON"},  // not JSON besides the 1e999
      {"", "not JSON"},
  };
  for (const auto& [line, want] : cases) {
    bool skip = false;
    std::string error;
    EXPECT_FALSE(parse(line, &skip, &error)) << line;
    EXPECT_NE(error.find(want), std::string::npos) << line << " gave: " << error;
  }
}

minkowski::fixtures::Case unit_case();

// ---- 3D answers ("Protocol in 3D", docs/design.md): the same keys, 3-vectors ----------------

TEST(ProtocolAnswer3, EveryFieldIsReadWithThreeComponents) {
  bool skip = true;
  std::string error;
  const auto a = parse_protocol_answer3(
      R"({"intersects": true, "normal": [0, 0, 1], "depth": 0.25, "distance": 0,)"
      R"( "point_a": [1, 2, 3], "point_b": [1, 2, 3.5], "input_shift": 0.125,)"
      R"( "contacts": [{"point": [1, 2, 3], "depth": 0.25},)"
      R"( {"point": [3, 4, 5], "depth": 0.5, "point_a": [3, 4, 5.25], "point_b": [3, 4, 4.75]}]})",
      &skip, &error);
  ASSERT_TRUE(a) << error;
  EXPECT_FALSE(skip);
  EXPECT_TRUE(a->intersects);
  EXPECT_EQ(*a->normal, (std::array<double, 3>{0, 0, 1}));
  EXPECT_EQ(*a->depth, 0.25);
  EXPECT_EQ(*a->point_b, (std::array<double, 3>{1, 2, 3.5}));
  EXPECT_EQ(a->input_shift, 0.125);
  ASSERT_EQ(a->contacts->size(), 2u);
  EXPECT_FALSE((*a->contacts)[0].point_a);
  EXPECT_EQ((*a->contacts)[1].point, (std::array<double, 3>{3, 4, 5}));
  EXPECT_EQ(*(*a->contacts)[1].point_b, (std::array<double, 3>{3, 4, 4.75}));
  // A skip reads as in 2D.
  EXPECT_FALSE(parse_protocol_answer3(R"({"skip": true})", &skip, &error));
  EXPECT_TRUE(skip);
}

// A vector of the wrong length is malformed in either dimension: a 2D answer to a 3D case would
// otherwise be judged with a missing component, a 3D answer to a 2D case with one too many.
TEST(ProtocolAnswer3, AVectorOfAnyOtherLengthIsMalformed) {
  const std::pair<const char*, const char*> cases[] = {
      {R"({"intersects": true, "normal": [0, 1]})", "\"normal\" must be a triple of numbers"},
      {R"({"intersects": false, "point_a": [0, 1, 2, 3]})", "\"point_a\" must be a triple"},
      {R"({"intersects": true, "contacts": [{"point": [0, 0], "depth": 0}]})",
       "\"contacts[0].point\" must be a triple"},
      {R"({"intersects": true, "normal": [0, 1, "z"]})", "\"normal[2]\" must be a number"},
  };
  for (const auto& [line, want] : cases) {
    bool skip = false;
    std::string error;
    EXPECT_FALSE(parse_protocol_answer3(line, &skip, &error)) << line;
    EXPECT_NE(error.find(want), std::string::npos) << line << " gave: " << error;
  }
  bool skip = false;
  std::string error;
  EXPECT_FALSE(parse(R"({"intersects": true, "normal": [0, 0, 1]})", &skip, &error));
  EXPECT_NE(error.find("\"normal\" must be a pair of numbers"), std::string::npos) << error;
}

// Non-finite numbers follow the 2D rules: read as such (the judge fails the field), bare or spelt.
TEST(ProtocolAnswer3, NonFiniteNumbersAreReadForTheJudge) {
  bool skip = false;
  std::string error;
  const auto a = parse_protocol_answer3(
      R"({"intersects": true, "normal": [0, NaN, 1], "depth": "Infinity"})", &skip, &error);
  ASSERT_TRUE(a) << error;
  EXPECT_TRUE(std::isnan((*a->normal)[1]));
  EXPECT_TRUE(std::isinf(*a->depth));
}

minkowski::fixtures::Case3 unit_case3() {
  minkowski::fixtures::Case3 c;
  c.id = "unit3";
  c.a.points = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  c.b.points = {{2, 2, 2}};
  return c;
}

// One engine process answers cases of both dimensions, each answer read in its case's dimension;
// the 3D case line is the case's JSON with 3-vectors.
TEST(ExecEngine, AnswersA3DCaseWithA3DAnswer) {
  // Answers the 2D case; answers the second line with a 3D answer only if it holds A's first point
  // as a 3-vector (the 3D case line), else with a line that is no answer at all.
  ExecEngine e(R"(read l; echo '{"intersects": false, "normal": [1, 0]}'; )"
               R"(read l; case "$l" in *'[0.0,0.0,0.0]'*|*'[0,0,0]'*) )"
               R"(echo '{"intersects": false, "point_a": [1, 2, 3], "point_b": [4, 5, 6]}';; )"
               R"(*) echo "unexpected case line: $l";; esac; read l)",
               5.0, 0);
  const EngineReply two = e.ask(unit_case());
  ASSERT_EQ(two.outcome, EngineOutcome::answer) << two.message;
  const EngineReply3 three = e.ask(unit_case3());
  ASSERT_EQ(three.outcome, EngineOutcome::answer) << three.message;
  EXPECT_EQ(*three.answer.point_b, (std::array<double, 3>{4, 5, 6}));
  EXPECT_EQ(e.restarts(), 0);
}

TEST(ExecEngine, A2DAnswerToA3DCaseIsMalformedAndNamesTheCase) {
  ExecEngine e(R"(read l; echo '{"intersects": true, "normal": [0, 1], "depth": 1}'; read l)", 5.0,
               0);
  const EngineReply3 r = e.ask(unit_case3());
  EXPECT_EQ(r.outcome, EngineOutcome::malformed);
  EXPECT_NE(r.message.find("case unit3: malformed answer"), std::string::npos) << r.message;
  EXPECT_NE(r.message.find("\"normal\" must be a triple of numbers"), std::string::npos)
      << r.message;
}

minkowski::fixtures::Case unit_case() {
  minkowski::fixtures::Case c;
  c.id = "unit";
  c.a.points = {{0, 0}, {1, 0}, {0, 1}};
  c.b.points = {{2, 2}};
  return c;
}

TEST(ExecEngine, AnswersInOrderAndRestartsAfterAFailureUntilTheBudgetIsSpent) {
  // Answers the first case, then prints garbage: each restart answers one case, then fails.
  ExecEngine e(R"(read l; echo '{"intersects": false}'; read l; echo garbage)", 5.0, 1);
  EXPECT_EQ(e.ask(unit_case()).outcome, EngineOutcome::answer);
  const EngineReply bad = e.ask(unit_case());
  EXPECT_EQ(bad.outcome, EngineOutcome::malformed);
  EXPECT_NE(bad.message.find("case unit: malformed answer 'garbage'"), std::string::npos)
      << bad.message;
  EXPECT_EQ(e.ask(unit_case()).outcome, EngineOutcome::answer);  // restart 1
  EXPECT_EQ(e.ask(unit_case()).outcome, EngineOutcome::malformed);
  const EngineReply gave_up = e.ask(unit_case());
  EXPECT_EQ(gave_up.outcome, EngineOutcome::exhausted);
  EXPECT_TRUE(e.exhausted());
  EXPECT_EQ(e.restarts(), 1);
}

// A non-finite number is a (wrong) answer of its case, not a protocol failure: the engine is not
// restarted (with no restarts allowed, a restart would end in `exhausted`).
TEST(ExecEngine, ANonFiniteNumberIsAnAnswerAndTheEngineGoesOn) {
  ExecEngine e(R"(read l; echo '{"intersects": true, "depth": NaN}'; )"
               R"(read l; echo '{"intersects": false, "distance": 1e400}'; read l)",
               5.0, 0);
  EngineReply r = e.ask(unit_case());
  ASSERT_EQ(r.outcome, EngineOutcome::answer) << r.message;
  EXPECT_TRUE(std::isnan(*r.answer.depth));
  r = e.ask(unit_case());
  ASSERT_EQ(r.outcome, EngineOutcome::answer) << r.message;
  EXPECT_TRUE(std::isinf(*r.answer.distance));
  EXPECT_EQ(e.restarts(), 0);
}

TEST(ExecEngine, ATimeOutKillsTheWholeProcessGroupWithinTheTimeOut) {
  constexpr double kTimeout = 0.5;
  // The engine's child (sleep) holds stdout open too: only killing the group ends it.
  ExecEngine e("sleep 30 & sleep 30", kTimeout, 0);
  const auto t0 = std::chrono::steady_clock::now();
  const EngineReply r = e.ask(unit_case());
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_EQ(r.outcome, EngineOutcome::timeout);
  EXPECT_LT(secs, kTimeout + 2.0);  // + slack for a loaded machine
  EXPECT_NE(r.message.find("no answer within 0.5 s"), std::string::npos) << r.message;
}

TEST(ExecEngine, ALateExtraLineIsReportedBeforeTheNextCase) {
  ExecEngine e(
      R"(read l; echo '{"intersects": false}'; sleep 0.2; echo '{"intersects": true}'; read l)",
      5.0, 0);
  EXPECT_EQ(e.ask(unit_case()).outcome, EngineOutcome::answer);
  std::this_thread::sleep_for(std::chrono::milliseconds(600));
  const EngineReply r = e.ask(unit_case());
  EXPECT_EQ(r.outcome, EngineOutcome::extra_output);
  EXPECT_NE(r.message.find("before being asked about case unit"), std::string::npos) << r.message;
}

TEST(ExecEngine, FinishReportsLinesAfterTheLastAnswer) {
  ExecEngine e(R"(read l; echo '{"intersects": false}'; read l; echo '{"intersects": true}')", 5.0,
               0);
  EXPECT_EQ(e.ask(unit_case()).outcome, EngineOutcome::answer);
  const auto extra = e.finish();
  ASSERT_TRUE(extra);
  EXPECT_EQ(extra->outcome, EngineOutcome::extra_output);
}

// After max_consecutive failures in a row the probe (id "probe") is asked through a fresh
// process: an engine that fails on every case but answers the probe runs on (its failures are
// about the cases); one that fails on the probe too is given up.
TEST(ExecEngine, FailuresInARowAskTheProbeAndAnEngineThatAnswersItRunsOn) {
  ExecEngine e(R"(while read l; do case "$l" in *'"probe"'*) echo '{"intersects": false}';; )"
               R"(*) echo garbage;; esac; done)",
               5.0);
  e.set_max_consecutive_failures(2);
  EXPECT_EQ(e.ask(unit_case()).outcome, EngineOutcome::malformed);
  EXPECT_EQ(e.ask(unit_case()).outcome, EngineOutcome::malformed);
  EXPECT_EQ(e.ask(unit_case()).outcome, EngineOutcome::malformed);  // after the probe passed
  EXPECT_EQ(e.probes(), 1);
  EXPECT_FALSE(e.exhausted());
  // Restarts: before the second case, and the probe's fresh process (the third case is asked on
  // it).
  EXPECT_EQ(e.restarts(), 2);
}

TEST(ExecEngine, AnEngineThatFailsTheProbeTooIsGivenUp) {
  ExecEngine e("while read l; do echo garbage; done", 5.0);
  e.set_max_consecutive_failures(2);
  EXPECT_EQ(e.ask(unit_case3()).outcome, EngineOutcome::malformed);  // the 3D probe: cubes
  EXPECT_EQ(e.ask(unit_case3()).outcome, EngineOutcome::malformed);
  const EngineReply3 r = e.ask(unit_case3());
  EXPECT_EQ(r.outcome, EngineOutcome::exhausted);
  EXPECT_NE(r.message.find("failed on 2 cases in a row, then on a probe case"), std::string::npos)
      << r.message;
  EXPECT_NE(r.message.find("malformed answer 'garbage'"), std::string::npos) << r.message;
  EXPECT_TRUE(e.exhausted());
}

// Without a restart cap (the default) an engine that fails on every other case runs to the end.
TEST(ExecEngine, WithoutARestartCapEveryOtherCaseFailingNeverGivesUp) {
  ExecEngine e(R"(read l; echo '{"intersects": false}'; read l; echo garbage)", 5.0);
  for (int i = 0; i < 30; ++i) {
    EXPECT_EQ(e.ask(unit_case()).outcome, EngineOutcome::answer) << i;
    EXPECT_EQ(e.ask(unit_case()).outcome, EngineOutcome::malformed) << i;
  }
  EXPECT_EQ(e.restarts(), 29);  // after each failure but the last
  EXPECT_EQ(e.probes(), 0);
}

// isolate_every 1: a fresh process per case, so an engine that answers only its first case
// answers every case; those starts are not restarts.
TEST(ExecEngine, IsolationStartsAFreshProcessPerCase) {
  ExecEngine e(R"(read l; echo '{"intersects": false}'; read l; echo garbage)", 5.0);
  e.set_isolate_every(1);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(e.ask(unit_case()).outcome, EngineOutcome::answer) << i;
  EXPECT_EQ(e.isolation_starts(), 2u);
  EXPECT_EQ(e.restarts(), 0);
}

TEST(ExecEngine, CrashStatusIsHowTheEngineEnded) {
  EXPECT_EQ(crash_status("crash: case x: engine `a.py` crashed: exit status 134 (signal 6: "
                         "Aborted); stderr tail: boom"),
            "exit status 134 (signal 6: Aborted)");
  EXPECT_EQ(crash_status("case x: engine `a.py` crashed: killed by signal 11 (Segmentation fault)"),
            "killed by signal 11 (Segmentation fault)");
  EXPECT_EQ(crash_status("case x: malformed answer 'garbage': not JSON"), "");
}

}  // namespace

}  // namespace exec_engine_test_cpp
