// Fog in the window (SPEC §11.5): scripted screenshots of assets/scenarios/fog.json, whose
// Assassin (7,21) and Shade (11,14) hide. Their cells show no token until a walk runs into the
// Assassin (a scripted --click); the same scenario with nobody hidden draws both tokens.
#include <catch2/catch.hpp>

#include <fstream>

#include "e2e_support.h"

using tactics::Cell;

namespace {

const std::string kSource = TACTICS_SOURCE_DIR;
const std::string kFog = kSource + "/assets/scenarios/fog.json";

struct Shot {
  e2e::Run run;
  e2e::Board board;
  e2e::Image image;
};

Shot shoot(const std::string& name, const std::string& scenario, const std::string& args) {
  const std::string path = e2e::tempPath(name + ".png");
  Shot shot;
  shot.run = e2e::demo("--scenario " + scenario + " --window 1280x720 --select 5,21 --screenshot " +
                       path + " " + args);
  INFO("stderr: " << shot.run.err);
  REQUIRE(shot.run.exitCode == 0);
  shot.board = e2e::parseBoard(shot.run.out);
  REQUIRE(shot.board.ok);
  shot.image = e2e::loadImage(path);
  REQUIRE(shot.image.width == 1280);
  return shot;
}

// How many pixels of the cell are a token's red (an enemy's shield).
int redPixels(const Shot& shot, Cell c) {
  int red = 0;
  for (int y = 0; y < shot.board.cell; ++y) {
    for (int x = 0; x < shot.board.cell; ++x) {
      const auto p = shot.image.at(shot.board.x0 + c.x * shot.board.cell + x,
                                   shot.board.y0 + c.y * shot.board.cell + y);
      red += p[0] > 170 && p[1] < 90 && p[2] < 90 ? 1 : 0;
    }
  }
  return red;
}

// fog.json with nobody hidden, its map named by an absolute path.
std::string seenScenario() {
  std::string text = e2e::readText(kFog);
  const std::string map = "\"../maps/crossroads.png\"";
  text.replace(text.find(map), map.size(), "\"" + kSource + "/assets/maps/crossroads.png\"");
  for (std::size_t at = text.find("\"hidden\": true"); at != std::string::npos;
       at = text.find("\"hidden\": true")) {
    text.replace(at, std::string("\"hidden\": true").size(), "\"hidden\": false");
  }
  const std::string path = e2e::tempPath("fog-seen.json");
  std::ofstream(path) << text;
  return path;
}

}  // namespace

TEST_CASE("fog: hidden enemies are not drawn until an ambush reveals one", "[e2e][fog]") {
  const Shot fog = shoot("fog", kFog, "--hover 8,21");
  const Shot seen = shoot("fog-seen", seenScenario(), "--hover 8,21");
  const int tokenRed = redPixels(seen, {7, 21});
  INFO("a drawn enemy token has " << tokenRed << " red pixels in its cell");
  CHECK(tokenRed > seen.board.cell * seen.board.cell / 8);
  CHECK(redPixels(seen, {11, 14}) > seen.board.cell * seen.board.cell / 8);
  CHECK(redPixels(fog, {7, 21}) == 0);
  CHECK(redPixels(fog, {11, 14}) == 0);

  // The Cavalier clicked onto 8,21 runs into the Assassin: it stops at 6,21, the Assassin shows.
  const Shot ambush = shoot("fog-ambush", kFog, "--click 8,21 --frames 30");
  CHECK(ambush.run.out.find("move Cavalier 5,21 -> 6,21 path 5,21 6,21\n") != std::string::npos);
  CHECK(ambush.run.out.find("ambush: Cavalier stopped at 6,21 by Assassin at 7,21\n") !=
        std::string::npos);
  CHECK(redPixels(ambush, {7, 21}) > ambush.board.cell * ambush.board.cell / 8);
  CHECK(redPixels(ambush, {11, 14}) == 0);  // the Shade still hides
}
