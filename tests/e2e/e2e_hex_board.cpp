// The demo on a hex board (SPEC §13, issue 38 item 4): the shaders draw the hovered hexagon
// where view/board_geometry.h (the mouse's picking) says it is. Two screenshots that differ only
// in the hovered cell differ just inside each of the hexagon's six edges, and not in the
// neighbours just across them.
#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>

#include "e2e_support.h"

#include "app/view/board_geometry.h"
#include "tactics/solver/topology.h"

using tactics::Cell;
using tactics::GridLayout;
using namespace tactics::app;

namespace {

std::string hexScenario(GridLayout layout) {
  const std::string path = e2e::tempPath(std::string("hex-") + tactics::layoutName(layout) + ".json");
  std::ofstream out(path);
  out << "{\"map\": \"" << e2e::crossroadsPath() << "\", \"grid\": \"" << tactics::layoutName(layout)
      << "\", \"units\": [{\"name\": \"Lord\", \"team\": \"player\", \"at\": [2, 2], \"move\": 3,"
         " \"attack\": \"1\"}]}\n";
  return path;
}

struct Shot {
  e2e::Board board;
  e2e::Image image;
};

Shot hovering(const std::string& scenario, Cell hover, const std::string& name) {
  const std::string png = e2e::tempPath(name + ".png");
  const e2e::Run run = e2e::demo("--scenario " + scenario + " --window 800x600 --cell 32 --hover " +
                                 std::to_string(hover.x) + "," + std::to_string(hover.y) +
                                 " --screenshot " + png);
  INFO(run.err);
  REQUIRE(run.exitCode == 0);
  Shot shot{e2e::parseBoard(run.out), e2e::loadImage(png)};
  REQUIRE(shot.board.ok);
  REQUIRE(shot.image.width == 800);
  return shot;
}

}  // namespace

TEST_CASE("hex screenshot: the cursor's hexagon is drawn where picking puts it", "[e2e][hex]") {
  for (const GridLayout layout : {GridLayout::HexYEven, GridLayout::HexXOdd}) {
    INFO(tactics::layoutName(layout));
    const std::string scenario = hexScenario(layout);
    const Cell hovered{7, 8};
    const Shot with = hovering(scenario, hovered, std::string("with-") + tactics::layoutName(layout));
    const Shot without = hovering(scenario, {12, 3}, std::string("without-") + tactics::layoutName(layout));
    REQUIRE(with.board.cell == 32);
    REQUIRE(with.board.x0 == without.board.x0);
    REQUIRE(with.board.y0 == without.board.y0);
    const int cell = with.board.cell;
    const PixelPoint box = cellOrigin(layout, hovered, cell);
    const double cx = with.board.x0 + box.x + cell / 2.0;
    const double cy = with.board.y0 + box.y + cell / 2.0;
    const auto differs = [&](double x, double y) {
      const int px = static_cast<int>(std::floor(x));
      const int py = static_cast<int>(std::floor(y));
      return with.image.at(px, py) != without.image.at(px, py);
    };
    CHECK(differs(cx, cy));
    for (int k = 0; k < 6; ++k) {
      INFO("edge " << k);
      const auto [ex, ey] = edgeMiddle(layout, k);
      const double mx = with.board.x0 + box.x + ex * cell;
      const double my = with.board.y0 + box.y + ey * cell;
      const double length = std::hypot(mx - cx, my - cy);
      const double ux = (mx - cx) / length;
      const double uy = (my - cy) / length;
      // The outline: a pixel inside the edge. The neighbour across: three pixels beyond it.
      CHECK(differs(mx - 1.5 * ux, my - 1.5 * uy));
      CHECK_FALSE(differs(mx + 3.0 * ux, my + 3.0 * uy));
    }
  }
}
