// The demo's board on hex grids (SPEC §13, issue 38 item 4): where each hexagon lies in pixels,
// picking exact on the hexagon under a pixel in every layout, the camera sizing a hex board,
// and the keyboard cursor stepping to neighbours.
#include <catch2/catch.hpp>

#include <array>
#include <cmath>
#include <filesystem>
#include <random>

#include "app_boards.h"

#include "app/rules/board_save.h"
#include "app/rules/cursor.h"
#include "app/view/board_geometry.h"
#include "app/view/board_layout.h"
#include "app/view/camera.h"
#include "app/view/minimap.h"
#include "app/view/path_arrow.h"
#include "tactics/io/scenario.h"
#include "tactics/solver/topology.h"

using tactics::Cell;
using tactics::GridLayout;
using tactics::Topology;
using namespace tactics::app;

namespace {

constexpr std::array<GridLayout, 4> kHexLayouts = {GridLayout::HexYOdd, GridLayout::HexYEven,
                                                   GridLayout::HexXOdd, GridLayout::HexXEven};

// Whether point (px, py) in pixels lies strictly inside cell c's hexagon, from the corners the
// SPEC and Tiled draw (hexsidelength = cell / 2), independently of board_geometry's sums.
// Returns +1 inside, 0 on an edge, -1 outside.
int insideHexagon(GridLayout layout, Cell c, int cell, double px, double py) {
  // The pointy-top corners in the box's unit square; flat-top boxes are the same turned.
  const std::array<std::pair<double, double>, 6> pointy = {
      {{0.5, 0.0}, {1.0, 0.25}, {1.0, 0.75}, {0.5, 1.0}, {0.0, 0.75}, {0.0, 0.25}}};
  const bool rows = layout == GridLayout::HexYOdd || layout == GridLayout::HexYEven;
  const Topology topology(layout);
  const int shift = topology.parity(c);
  // The box's top-left corner written out from the SPEC's words, not from cellOrigin.
  double left = 0;
  double top = 0;
  if (rows) {
    left = c.x * cell + shift * cell / 2.0;
    top = c.y * cell * 0.75;
  } else {
    left = c.x * cell * 0.75;
    top = c.y * cell + shift * cell / 2.0;
  }
  int sign = 1;
  for (std::size_t i = 0; i < 6; ++i) {
    auto [ax, ay] = pointy[i];
    auto [bx, by] = pointy[(i + 1) % 6];
    if (!rows) {
      std::swap(ax, ay);
      std::swap(bx, by);
    }
    ax = left + ax * cell;
    ay = top + ay * cell;
    bx = left + bx * cell;
    by = top + by * cell;
    // The corners run clockwise on screen (y down) for pointy-top, anticlockwise when turned.
    const double cross = (bx - ax) * (py - ay) - (by - ay) * (px - ax);
    const double inward = rows ? cross : -cross;
    if (inward < 0) return -1;
    if (inward == 0) sign = 0;
  }
  return sign;
}

}  // namespace

TEST_CASE("hex picking: every pixel goes to the hexagon that holds its middle", "[app][hex]") {
  for (const GridLayout layout : kHexLayouts) {
    for (const int cell : {8, 12, 20}) {
      const MapShape map{5, 4, layout};
      const int width = boardWidth(map, cell);
      const int height = boardHeight(map, cell);
      INFO(tactics::layoutName(layout) << " cell " << cell);
      for (int py = -3; py < height + 3; ++py) {
        for (int px = -3; px < width + 3; ++px) {
          std::optional<Cell> expected;
          int holders = 0;
          for (int y = 0; y < map.height; ++y) {
            for (int x = 0; x < map.width; ++x) {
              const int inside = insideHexagon(layout, {x, y}, cell, px + 0.5, py + 0.5);
              REQUIRE(inside != 0);  // an even cell puts no pixel's middle on an edge
              if (inside > 0) {
                expected = Cell{x, y};
                ++holders;
              }
            }
          }
          REQUIRE(holders <= 1);
          INFO("pixel " << px << ' ' << py);
          REQUIRE(cellAtBoardPixel(map, cell, px, py) == expected);
        }
      }
    }
  }
}

TEST_CASE("hex picking: hexagons tile the board and odd cell sizes still pick one cell", "[app][hex]") {
  for (const GridLayout layout : kHexLayouts) {
    const MapShape map{6, 5, layout};
    const int cell = 13;  // not a multiple of 4: corners fall between pixels
    std::vector<int> pixels(static_cast<std::size_t>(map.width * map.height), 0);
    for (int py = 0; py < boardHeight(map, cell); ++py) {
      for (int px = 0; px < boardWidth(map, cell); ++px) {
        const auto c = cellAtBoardPixel(map, cell, px, py);
        if (!c) continue;
        // A picked pixel lies inside or on the edge of the hexagon picked.
        CHECK(insideHexagon(layout, *c, cell, px + 0.5, py + 0.5) >= 0);
        ++pixels[static_cast<std::size_t>(c->y * map.width + c->x)];
      }
    }
    // Every hexagon has about the same area: 3/4 of its box.
    for (const int count : pixels) CHECK(std::abs(count - 13 * 13 * 3 / 4) <= 13);
  }
}

TEST_CASE("hex board: centres map back and neighbours meet at the edge middles", "[app][hex]") {
  for (const GridLayout layout : kHexLayouts) {
    INFO(tactics::layoutName(layout));
    const MapShape map{7, 6, layout};
    const Topology topology(layout);
    const int cell = 24;
    for (int y = 0; y < map.height; ++y) {
      for (int x = 0; x < map.width; ++x) {
        const Cell c{x, y};
        const double cx = cellCentreX(layout, c, cell);
        const double cy = cellCentreY(layout, c, cell);
        CHECK(cellAtBoardPixel(map, cell, static_cast<int>(cx), static_cast<int>(cy)) == c);
        const auto [px, py] = boardPointPixels(layout, x + 0.5, y + 0.5, cell);
        CHECK(px == cx);
        CHECK(py == cy);
        for (int k = 0; k < 6; ++k) {
          // The middle of edge k is half way to neighbour k's centre.
          const Cell n = topology.neighbour(c, k);
          const auto [ex, ey] = edgeMiddle(layout, k);
          const PixelPoint box = cellOrigin(layout, c, cell);
          CHECK(box.x + ex * cell == Approx((cx + cellCentreX(layout, n, cell)) / 2));
          CHECK(box.y + ey * cell == Approx((cy + cellCentreY(layout, n, cell)) / 2));
        }
      }
    }
  }
}

TEST_CASE("hex board: its pixel size and the fitted cell", "[app][hex]") {
  CHECK(boardWidth({10, 8, GridLayout::HexYOdd}, 32) == 10 * 32 + 16);
  CHECK(boardHeight({10, 8, GridLayout::HexYOdd}, 32) == 7 * 24 + 32);
  CHECK(boardWidth({10, 8, GridLayout::HexXEven}, 32) == 9 * 24 + 32);
  CHECK(boardHeight({10, 8, GridLayout::HexXEven}, 32) == 8 * 32 + 16);
  CHECK(boardWidth({10, 8}, 32) == 320);  // square boards as before
  const PixelSize area{700, 500};
  for (const GridLayout layout : kHexLayouts) {
    const MapShape map{17, 11, layout};
    const int cell = fitCell(map, area);
    CHECK(cell % 4 == 0);
    CHECK(boardWidth(map, cell) <= area.width);
    CHECK(boardHeight(map, cell) <= area.height);
    CHECK((boardWidth(map, cell + 4) > area.width || boardHeight(map, cell + 4) > area.height));
  }
}

TEST_CASE("hex camera: fit, zoom and centre keep whole-pixel corners", "[app][hex]") {
  const PixelRect area{12, 12, 900, 680};
  for (const GridLayout layout : kHexLayouts) {
    const MapShape map{60, 50, layout};
    const Camera fit = fitCamera(area, map);
    CHECK(fit.cell % 4 == 0);
    CHECK(showsWholeMap(fit, area, map));
    Camera zoomed = fit;
    for (int i = 0; i < 6; ++i) {
      const Camera next = zoomAt(zoomed, area, map, 300, 200, 1, 1.0F);
      CHECK(next.cell % 4 == 0);
      CHECK(next.cell > zoomed.cell);
      zoomed = next;
    }
    const Camera centred = centredCamera(area, map, {30, 25}, 30);
    CHECK(centred.cell == 28);
    // The centred cell's centre is the area's middle, give or take the rounding of halves.
    const BoardLayout view = layoutFor(centred, area, map, 1.0F, 1.0F);
    CHECK(view.cellAtPixel(area.x + area.width / 2, area.y + area.height / 2) == Cell{30, 25});
    // Moving the cursor to a cell at the board's far corner brings its hexagon into view.
    const Camera kept = keepInView(centred, area, map, {59, 49});
    CHECK(cellInView(kept, area, {59, 49}, layout));
  }
}

TEST_CASE("hex board: the layout letterboxes the hex board's own size", "[app][hex]") {
  const BoardLayout layout =
      layoutBoard({{1280, 720}, {1280, 720}, {20, 14, GridLayout::HexYOdd}, 340, 12});
  // 916 x 696 pixels: 2 * 916 / 41 = 44, 4 * 696 / 43 = 64: cells of 44.
  CHECK(layout.cell == 44);
  CHECK(layout.width() == 20 * 44 + 22);
  CHECK(layout.x0 == 12 + (916 - layout.width()) / 2);
  const auto [sx, sy] = layout.cursorAtCell({7, 5});
  CHECK(layout.cellAtCursor(sx, sy) == Cell{7, 5});
}

TEST_CASE("hex cursor: the keys step to neighbours and held keys go straight", "[app][hex]") {
  for (const GridLayout layout : kHexLayouts) {
    INFO(tactics::layoutName(layout));
    Scene scene;
    scene.map = tactics::testing::openGround(9, 9);
    scene.map.setLayout(layout);
    scene.units = {tactics::testing::unitAtCell("Lord", Team::Player, {4, 4}, 3)};
    scene.moved.assign(1, false);
    const Topology topology(layout);
    const bool rows = layout == GridLayout::HexYOdd || layout == GridLayout::HexYEven;
    // Up/Down on hex-y and Left/Right on hex-x cross the staggered lines: each press is a
    // neighbour, the sides alternate, and two presses land on the same column (row).
    for (const CursorKey key : {CursorKey::Up, CursorKey::Down, CursorKey::Left,
                                CursorKey::Right}) {
      scene.hovered = Cell{4, 4};
      const bool across = rows ? (key == CursorKey::Up || key == CursorKey::Down)
                               : (key == CursorKey::Left || key == CursorKey::Right);
      std::vector<int> sides;
      for (int i = 0; i < 4; ++i) {
        const Cell from = *scene.hovered;
        pressKey(scene, key, nullptr);
        const int k = topology.neighbourIndex(from, *scene.hovered);
        REQUIRE(k >= 0);
        sides.push_back(k);
      }
      if (across) {
        // Alternating: the first and second neighbours of the two in that direction.
        CHECK(sides[0] != sides[1]);
        CHECK(sides[0] == sides[2]);
        CHECK(sides[1] == sides[3]);
        const Cell end = *scene.hovered;
        CHECK((rows ? end.x : end.y) == 4);
      } else {
        // Along the line: always the same neighbour.
        CHECK(sides[0] == sides[3]);
      }
    }
  }
}

TEST_CASE("hex arrow: pieces join the six sides and the head points on", "[app][hex]") {
  for (const GridLayout layout : kHexLayouts) {
    INFO(tactics::layoutName(layout));
    const Topology topology(layout);
    // Every side is the opposite side's opposite, and opposite sides' edge middles face each
    // other through the centre.
    for (int k = 0; k < 6; ++k) {
      const tactics::Direction side = tactics::neighbourDirection(k);
      const tactics::Direction across = oppositeSide(side, layout);
      CHECK(oppositeSide(across, layout) == side);
      const auto [ax, ay] = edgeMiddle(layout, k);
      const auto [bx, by] = edgeMiddle(layout, tactics::neighbourOf(across));
      CHECK(ax + bx == Approx(1.0));
      CHECK(ay + by == Approx(1.0));
    }
    // A walk of six steps, each to a different neighbour index, from the middle of a board.
    std::vector<Cell> path = {{6, 6}};
    for (const int k : {3, 5, 4, 2, 0, 1}) path.push_back(topology.neighbour(path.back(), k));
    const auto pieces = arrowPieces(path, layout);
    REQUIRE(pieces.size() == path.size());
    CHECK(pieces.front().shape == ArrowShape::Tail);
    CHECK(pieces.back().shape == ArrowShape::Head);
    for (std::size_t i = 0; i + 1 < path.size(); ++i) {
      CHECK(topology.neighbour(path[i], tactics::neighbourOf(pieces[i].to)) == path[i + 1]);
      CHECK(topology.neighbour(path[i + 1], tactics::neighbourOf(pieces[i + 1].from)) == path[i]);
    }
    CHECK(pieces.back().to == oppositeSide(pieces.back().from, layout));
    // Cells that are not neighbours on this grid have no arrow.
    CHECK(arrowPieces({{6, 6}, {6, 8}}, layout).empty());
  }
}

TEST_CASE("hex arrow: hovering a reachable hexagon shows the route through neighbours", "[app][hex]") {
  for (const GridLayout layout : kHexLayouts) {
    INFO(tactics::layoutName(layout));
    Scene scene;
    scene.map = tactics::testing::openGround(9, 9);
    scene.map.setLayout(layout);
    scene.units = {tactics::testing::unitAtCell("Lord", Team::Player, {4, 4}, 3)};
    scene.moved.assign(1, false);
    selectUnit(scene, std::size_t{0});
    const tactics::RangeResult range = tactics::testing::solveUnit(scene, 0);
    hoverCell(scene, Cell{6, 5}, &range);
    const std::vector<Cell> path = previewPath(scene, &range);
    REQUIRE(path.size() >= 2);
    CHECK(path.front() == Cell{4, 4});
    CHECK(path.back() == Cell{6, 5});
    CHECK(arrowPieces(path, layout).size() == path.size());
  }
}

TEST_CASE("hex minimap: the inset is the board scaled down and clicks find their cells", "[app][hex]") {
  for (const GridLayout layout : kHexLayouts) {
    INFO(tactics::layoutName(layout));
    const MapShape map{120, 90, layout};
    const Camera camera = centredCamera({12, 12, 900, 680}, map, {60, 45}, 32);
    const BoardLayout board = layoutFor(camera, {12, 12, 900, 680}, map, 1.0F, 1.0F);
    const auto minimap = placeMinimap(board, 1.0F);
    REQUIRE(minimap);
    // Its aspect is the board's.
    const double boardAspect = static_cast<double>(board.width()) / board.height();
    CHECK(static_cast<double>(minimap->rect.width) / minimap->rect.height ==
          Approx(boardAspect).epsilon(0.02));
    for (const Cell c : {Cell{0, 0}, Cell{119, 89}, Cell{33, 71}, Cell{80, 12}}) {
      const BoardPoint at = minimap->pixelAt({c.x + 0.5, c.y + 0.5});
      // Where the board draws the cell's centre, scaled into the inset.
      const double scale = minimap->cellPixels / board.cell;
      CHECK(at.x == Approx(minimap->rect.x + cellCentreX(layout, c, board.cell) * scale));
      CHECK(at.y == Approx(minimap->rect.y + cellCentreY(layout, c, board.cell) * scale));
      // A click there comes back within half a cell of the centre.
      const BoardPoint back = minimap->mapPointAt(at.x, at.y);
      CHECK(std::abs(back.x - (c.x + 0.5)) <= 0.5);
      CHECK(std::abs(back.y - (c.y + 0.5)) <= 0.5);
    }
  }
}

TEST_CASE("hex board: a scenario saved from the editor keeps its grid", "[app][hex]") {
  for (const GridLayout layout : kHexLayouts) {
    INFO(tactics::layoutName(layout));
    Scene scene;
    scene.map = tactics::testing::openGround(6, 5);
    scene.map.setLayout(layout);
    scene.units = {tactics::testing::unitAtCell("Lord", Team::Player, {2, 3}, 3)};
    scene.moved.assign(1, false);
    const std::string path = (std::filesystem::temp_directory_path() /
                              (std::string("hex-save-") + tactics::layoutName(layout) + ".json"))
                                 .string();
    REQUIRE_FALSE(saveSceneAsScenario(scene, path));
    const auto back = tactics::loadScenario(path);
    REQUIRE(back);
    CHECK(back->map.layout() == layout);
    REQUIRE(back->units.size() == 1);
    CHECK(back->units[0].cell == Cell{2, 3});
    std::filesystem::remove(path);
    std::filesystem::remove(std::filesystem::path(path).replace_extension(".png"));
  }
}
