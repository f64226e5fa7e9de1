// Whole games in the real window (issue 41): a play script (--script) of the clicks and keys a
// player makes, replayed by the demo's scripted driver, each once the demo has settled. The
// default scenario's winning game is played first through the demo's rules by the test player
// (support/game_player.h), which keeps its script and log; the window must play the same game,
// fight for fight, to the same Victory; so must the script kept in assets/scripts. Waiting out
// the fog ambush (assets/scripts/fog-wait.script) must lose it.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>

#include "e2e_support.h"
#include "game_player.h"

namespace {

std::string linesStarting(const std::string& text, const std::string& prefix) {
  std::istringstream in(text);
  std::string line;
  std::string kept;
  while (std::getline(in, line)) {
    if (line.rfind(prefix, 0) == 0) kept += line + "\n";
  }
  return kept;
}

}  // namespace

TEST_CASE("demo: a play script wins the default scenario in the window", "[e2e]") {
  tactics::app::Scene scene = tactics::testing::scenarioScene("default.json");
  std::string script;
  std::string log;
  tactics::testing::play(scene, 20, &script, &log);
  REQUIRE(scene.outcome == tactics::Outcome::Won);
  const std::string path = e2e::tempPath("default-victory.script");
  std::ofstream(path) << script;
  const std::string shot = e2e::tempPath("default-victory.png");
  const e2e::Run run = e2e::demo("--script " + path + " --screenshot " + shot);
  INFO("stderr: " << run.err);
  REQUIRE(run.exitCode == 0);
  // The same fights, in the same order, as through the rules.
  CHECK(linesStarting(run.out, "fight ") == linesStarting(log, "fight "));
  CHECK(run.out.find("game won: Every enemy is routed") != std::string::npos);
  // The sample in assets/scripts is this game: remake it from `script` when the rules change.
  std::ifstream kept(std::string(TACTICS_SOURCE_DIR) + "/assets/scripts/default-victory.script");
  std::string line;
  std::string steps;
  while (std::getline(kept, line)) {
    if (!line.empty() && line[0] != '#') steps += line + "\n";
  }
  INFO("the test player's script:\n" << script);
  CHECK(steps == script);
}

TEST_CASE("demo: waiting out the fog ambush loses it in the window", "[e2e]") {
  const std::string path = std::string(TACTICS_SOURCE_DIR) + "/assets/scripts/fog-wait.script";
  const std::string shot = e2e::tempPath("fog-wait.png");
  const e2e::Run run = e2e::demo("--scenario " + std::string(TACTICS_SOURCE_DIR) +
                                 "/assets/scenarios/fog.json --script " + path + " --screenshot " +
                                 shot);
  INFO("stdout: " << run.out << "\nstderr: " << run.err);
  REQUIRE(run.exitCode == 0);
  CHECK(run.out.find("game lost: Your lord has fallen") != std::string::npos);
}

TEST_CASE("demo: a bad play script is one error line", "[e2e]") {
  const std::string path = e2e::tempPath("bad.script");
  std::ofstream(path) << "# a comment\nclick 3,20\njump 4,5\n";
  const e2e::Run run = e2e::demo("--script " + path + " --screenshot " + e2e::tempPath("bad.png"));
  CHECK(run.exitCode != 0);
  CHECK(run.err == "error: --script " + path +
                       " line 3: \"jump 4,5\": a line is click X,Y or key NAME (or # a comment)\n");
}
