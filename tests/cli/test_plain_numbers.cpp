// SPEC §5: a number on the command line is plain decimal digits. CLI11, which parses the command
// line, converts 0x10 to 16, 010 to 8 (octal) and +5 to 5 where an option holds a number, and a
// flag's true to 1; the commands take every value as text and read it with the strict parsers,
// so 0x10, +5 and true are refused and 010 is ten.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <string>

#include "cli_run.h"

using tactics::testing::Run;
using tactics::testing::requireRefusedIn;
using tactics::testing::runTacticsGrid;
using tactics::testing::scratchDirectory;

namespace {

const std::string kMap = TACTICS_SOURCE_DIR "/assets/maps/crossroads.png";
const std::string kSolve = "solve --backend cpu --map " + kMap;

}  // namespace

TEST_CASE("0x10, +5 and true are not numbers, wherever a command takes one", "[cli]") {
  const auto dir = scratchDirectory("tactics_cli_plain_numbers");
  for (const std::string number : {"0x10", "+5", "true"}) {
    INFO(number);
    requireRefusedIn(dir, kSolve + " --unit 3,4 --move " + number,
                     "--move '" + number + "' is not allowed; expected a whole number 0..255");
    requireRefusedIn(dir, kSolve + " --unit 3,4 --move=" + number, "--move '" + number + "'");
    requireRefusedIn(dir, kSolve + " --unit 3,4 --move 3 --attack " + number, "--attack");
    requireRefusedIn(dir, kSolve + " --unit " + number + ",4 --move 3", "--unit '" + number);
    requireRefusedIn(dir, "danger --map " + kMap + " --enemy 3,4 --move " + number,
                     "--move '" + number + "' is not allowed");
    requireRefusedIn(dir, "demo --frames " + number,
                     "--frames '" + number + "' is not allowed; expected a whole number");
    requireRefusedIn(dir, "demo --soak 3 --seed " + number, "--seed '" + number + "'");
  }
}

TEST_CASE("010 is ten, not octal eight", "[cli]") {
  const auto dir = scratchDirectory("tactics_cli_plain_numbers");
  const Run run = runTacticsGrid(kSolve + " --unit 03,04 --move 010 --attack 010 --json -", dir);
  INFO(run.err);
  REQUIRE(run.exitCode == 0);
  const auto json = nlohmann::json::parse(run.out);
  CHECK(json["move"] == 10);
  CHECK(json["attack"] == nlohmann::json::array({1, 10}));
  CHECK(json["unit"] == nlohmann::json::array({3, 4}));
  requireRefusedIn(dir, kSolve + " --unit 3,4 --move 0300", "--move 0300 is out of range 0..255");
}
