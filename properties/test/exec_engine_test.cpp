// The --exec protocol's answer parser and the engine process, at unit level (the CLI test
// cli/test/exec_cli_test.sh drives whole campaigns through real and broken engines).
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <thread>

#include "minkowski/properties/exec_engine.hpp"

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

}  // namespace
