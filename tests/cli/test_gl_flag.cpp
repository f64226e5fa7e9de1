// --gl core|es (SPEC §5): every command that makes a GL context can make it OpenGL ES 3.0, and
// the answers are the same bytes; compute on ES exits 3 with the reason; a bad value is one
// error line.
#include <catch2/catch.hpp>

#include <string>

#include "cli_run.h"
#include "temp_paths.h"

using tactics::testing::Run;
using tactics::testing::runTacticsGrid;

namespace {

const std::string kScenario = "'" TACTICS_SOURCE_DIR "/assets/scenarios/default.json'";

Run run(const std::string& args) {
  return runTacticsGrid(args, tactics::testing::scratchDirectory("tactics_cli_gl"));
}

}  // namespace

TEST_CASE("gl es gives the same answers as the core context on solve, danger and field",
          "[cli][gl]") {
  const std::string commands[] = {
      "solve --scenario " + kScenario + " --unit 3,20 --attack 1-2 --backend gpu --json -",
      "solve --scenario " + kScenario + " --unit 5,21 --backend gpu --json -",
      "danger --scenario " + kScenario + " --backend gpu --json -",
      "field --scenario " + kScenario + " --team enemy --class foot --backend gpu --json -",
      "field --scenario " + kScenario + " --team player --class mounted --backend gpu --json -",
  };
  for (const std::string& command : commands) {
    INFO(command);
    const Run core = run(command + " --gl core");
    const Run es = run(command + " --gl es");
    INFO(core.err << es.err);
    REQUIRE(core.exitCode == 0);
    REQUIRE(es.exitCode == 0);
    CHECK(es.out == core.out);
    CHECK(es.out.find("\"backend\":\"gpu\"") != std::string::npos);
  }
}

TEST_CASE("gl es with the compute backend exits 3 and says why", "[cli][gl]") {
  for (const std::string& command :
       {"solve --scenario " + kScenario + " --unit 3,20", "danger --scenario " + kScenario,
        "field --scenario " + kScenario + " --team enemy --class foot"}) {
    INFO(command);
    const Run es = run(command + " --backend compute --gl es");
    CHECK(es.exitCode == 3);
    CHECK(es.out.empty());
    CHECK(es.err.rfind("error: ", 0) == 0);
    CHECK(es.err.find("OpenGL ES 3.0") != std::string::npos);
    CHECK(es.err.find('\n') == es.err.size() - 1);
  }
}

TEST_CASE("gl flag takes core or es only, on every command that makes a context", "[cli][gl]") {
  for (const std::string& command :
       {"solve --scenario " + kScenario + " --unit 3,20", "danger --scenario " + kScenario,
        "field --scenario " + kScenario + " --team enemy --class foot", std::string("bench --quick")}) {
    INFO(command);
    const Run bad = run(command + " --gl gles");
    CHECK(bad.exitCode == 2);
    CHECK(bad.err.rfind("error: ", 0) == 0);
    CHECK(bad.err.find("--gl 'gles' is not allowed; expected core") != std::string::npos);
    CHECK(bad.err.find('\n') == bad.err.size() - 1);
  }
}
