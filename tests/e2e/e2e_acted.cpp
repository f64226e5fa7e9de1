// A unit that has acted is not movable again (issue 22 items 3 and 11), in the real window
// driven by xdotool (e2e_acted.sh): the Lord walks, and the Wait/Back menu opens beside it; it
// waits, and is clicked again. Its token stays greyed, its range is drawn muted (greys, not the
// player's blue), and a click on a cell of that range does not move it.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <sstream>

#include "app/rules/roster.h"
#include "e2e_support.h"
#include "tactics/io/map_image.h"
#include "tactics/solver/reference_solver.h"

using tactics::Cell;
using namespace tactics::app;

namespace {

// The last "board X0 Y0 CELL" line of a live run's log.
e2e::Board lastBoard(const std::string& log) {
  std::istringstream lines(log);
  std::string line;
  e2e::Board board;
  while (std::getline(lines, line)) {
    if (line.rfind("board ", 0) == 0) board = e2e::parseBoard(line);
  }
  return board;
}

int countLines(const std::string& log, const std::string& prefix) {
  std::istringstream lines(log);
  std::string line;
  int count = 0;
  while (std::getline(lines, line)) count += line.rfind(prefix, 0) == 0 ? 1 : 0;
  return count;
}

// An X window dump (xwd's ZPixmap, 24 or 32 bits a pixel, true colour) as an RGB image.
e2e::Image loadXwd(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  const std::vector<unsigned char> bytes((std::istreambuf_iterator<char>(in)),
                                         std::istreambuf_iterator<char>());
  e2e::Image image;
  const auto field = [&](std::size_t i) {  // the header's CARD32s are big-endian
    const std::size_t at = i * 4;
    if (at + 4 > bytes.size()) return std::uint32_t{0};
    return (std::uint32_t{bytes[at]} << 24U) | (std::uint32_t{bytes[at + 1]} << 16U) |
           (std::uint32_t{bytes[at + 2]} << 8U) | std::uint32_t{bytes[at + 3]};
  };
  const std::uint32_t headerSize = field(0);
  const std::uint32_t format = field(2);
  const auto width = static_cast<int>(field(4));
  const auto height = static_cast<int>(field(5));
  const std::uint32_t byteOrder = field(7);
  const std::uint32_t bitsPerPixel = field(11);
  const std::uint32_t bytesPerLine = field(12);
  const std::uint32_t masks[3] = {field(14), field(15), field(16)};
  const std::uint32_t colours = field(19);
  const std::size_t start = headerSize + static_cast<std::size_t>(colours) * 12;
  const std::uint32_t pixelBytes = bitsPerPixel / 8;
  if (format != 2 || (pixelBytes != 3 && pixelBytes != 4) ||
      start + static_cast<std::size_t>(bytesPerLine) * static_cast<std::size_t>(height) > bytes.size()) {
    return image;
  }
  image.width = width;
  image.height = height;
  image.rgb.reserve(static_cast<std::size_t>(width * height * 3));
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      const std::size_t at = start + static_cast<std::size_t>(y) * bytesPerLine +
                             static_cast<std::size_t>(x) * pixelBytes;
      std::uint32_t value = 0;
      for (std::uint32_t b = 0; b < pixelBytes; ++b) {
        const std::uint32_t byte = bytes[at + b];
        value |= byteOrder == 0 ? byte << (8 * b) : byte << (8 * (pixelBytes - 1 - b));
      }
      for (std::uint32_t mask : masks) {
        std::uint32_t shift = 0;
        while (mask != 0 && ((mask >> shift) & 1U) == 0) ++shift;
        image.rgb.push_back(static_cast<unsigned char>((value & mask) >> shift));
      }
    }
  }
  return image;
}

// How blue a token is: the most blue over red and green inside the cell's shield.
int tokenBlue(const e2e::Image& image, const e2e::Board& board, Cell c) {
  int most = -255;
  for (int dy = board.cell / 4; dy < board.cell * 3 / 4; ++dy) {
    for (int dx = board.cell / 4; dx < board.cell * 3 / 4; ++dx) {
      const auto p = image.at(board.x0 + c.x * board.cell + dx, board.y0 + c.y * board.cell + dy);
      most = std::max(most, p[2] - std::max(p[0], p[1]));
    }
  }
  return most;
}

}  // namespace

TEST_CASE("window: a unit that has acted stays greyed, its range muted, and does not move",
          "[e2e]") {
  auto map = tactics::loadMap(e2e::crossroadsPath());
  REQUIRE(map.ok());
  std::vector<Unit> units = defaultRoster(*map);
  const auto lord = std::find_if(units.begin(), units.end(),
                                 [](const Unit& u) { return u.name == "Lord"; });
  REQUIRE(lord != units.end());
  const auto index = static_cast<std::size_t>(lord - units.begin());
  const Cell start = lord->cell;
  const tactics::RangeResult before = tactics::solveReference(*map, queryFor(units, index));
  // A free cell two steps away, then from there the farthest free cell of its new range.
  Cell to = start;
  for (int y = 0; y < map->height() && to == start; ++y) {
    for (int x = 0; x < map->width() && to == start; ++x) {
      const Cell c{x, y};
      if (before.reached(c) && !unitAt(units, c) && tactics::manhattan(c, start) == 2) to = c;
    }
  }
  REQUIRE(to != start);
  units[index].cell = to;
  const tactics::RangeResult after = tactics::solveReference(*map, queryFor(units, index));
  std::vector<Cell> blue;
  for (int y = 0; y < map->height(); ++y) {
    for (int x = 0; x < map->width(); ++x) {
      const Cell c{x, y};
      if (after.reached(c) && !unitAt(units, c)) blue.push_back(c);
    }
  }
  REQUIRE(blue.size() >= 4);
  const Cell far = *std::max_element(blue.begin(), blue.end(), [&](Cell a, Cell b) {
    return tactics::manhattan(a, to) < tactics::manhattan(b, to);
  });

  const std::string log = e2e::tempPath("acted.log");
  const std::string shot = e2e::tempPath("acted.xwd");
  const auto cells = [](Cell c) { return std::to_string(c.x) + " " + std::to_string(c.y); };
  const e2e::Run run = e2e::run(std::string(e2e::kXvfb) + "bash " + TACTICS_SOURCE_DIR +
                                "/tests/e2e/e2e_acted.sh " + TACTICS_EXE + " " + log + " " +
                                shot + " " + cells(start) + " " + cells(to) + " " + cells(far));
  const std::string said = e2e::readText(log);
  INFO("driver: " << run.err << "\ndemo: " << said);
  REQUIRE(run.exitCode == 0);
  // One move: the walk; the click on a blue cell after Wait moved nothing.
  CHECK(countLines(said, "move ") == 1);

  const e2e::Board board = lastBoard(said);
  REQUIRE(board.ok);

  // The menu after the move: a dark panel just beside the Lord's token, and
  // nothing at the top of the board where it used to open.
  const e2e::Image menu = loadXwd(shot + ".menu");
  REQUIRE(menu.width > 0);
  const auto dark = [&](int x, int y) {
    const auto p = menu.at(x, y);
    return p[0] < 60 && p[1] < 60 && p[2] < 70;
  };
  const int right = board.x0 + (to.x + 1) * board.cell;
  const int middle = board.y0 + to.y * board.cell + board.cell / 2;
  // Count the dark pixels of a box of 3x2 cells: the menu's background fills much of it; the
  // terrain has none so dark.
  const auto darkIn = [&](int x0, int y0) {
    int count = 0;
    for (int y = y0; y < y0 + 2 * board.cell; ++y) {
      for (int x = x0; x < x0 + 3 * board.cell; ++x) count += dark(x, y) ? 1 : 0;
    }
    return count;
  };
  // Beside the Lord: right, left, above or below, whichever covers no other unit
  // (ui/menu_placement.h).
  const int left = board.x0 + (to.x - 3) * board.cell;
  const int top = board.y0 + (to.y - 2) * board.cell;
  const int bottom = board.y0 + (to.y + 1) * board.cell;
  const int besides = std::max({darkIn(right, middle - board.cell), darkIn(left, middle - board.cell),
                                darkIn(left + board.cell * 3 / 2, top),
                                darkIn(left + board.cell * 3 / 2, bottom)});
  CHECK(besides > board.cell * board.cell);
  // The top of the board, over its middle: no menu there.
  const int boardMiddle = board.x0 + 16 * board.cell;
  CHECK(darkIn(boardMiddle - board.cell * 3 / 2, board.y0) < board.cell);
  const e2e::Image image = loadXwd(shot);
  REQUIRE(image.width > 0);
  // The Lord's token is greyed; another player unit that has not acted is blue.
  const auto archer = std::find_if(units.begin(), units.end(), [&](const Unit& u) {
    return u.team == Team::Player && u.name != "Lord";
  });
  REQUIRE(archer != units.end());
  CHECK(tokenBlue(image, board, archer->cell) > 80);
  CHECK(tokenBlue(image, board, to) < 30);
  // The range is drawn, muted: on the reached cells the colour moved towards grey, not blue.
  // Each cell against the same cell far from any range (the terrain alone) would need a second
  // picture; instead, blue over red stays low where the player's blue would lift it by ~70.
  std::vector<int> lift;
  for (Cell c : blue) {
    const auto p = e2e::centreOf(image, board, c);
    lift.push_back(p[2] - p[0]);
  }
  std::nth_element(lift.begin(), lift.begin() + static_cast<std::ptrdiff_t>(lift.size() / 2),
                   lift.end());
  CHECK(lift[lift.size() / 2] < 20);
}
