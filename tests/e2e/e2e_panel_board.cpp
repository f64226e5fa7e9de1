// The panel and the board in a real window under Xvfb, driven by xdotool (e2e_drive.sh), with
// the layout the demo logs under TACTICS_LOG_LAYOUT (issue 22, items 5, 9 and 10): the camera
// keeps a fitted map fitted, the panel's edge drags and is remembered, and at 800x600 the
// painting palette's wall can be clicked and paints a wall.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <cstdint>
#include <fstream>
#include <sstream>

#include "app/rules/roster.h"
#include "app/ui/saved_settings.h"
#include "app/view/board_view.h"
#include "app/view/minimap.h"
#include "e2e_support.h"
#include "tactics/io/map_image.h"
#include "tactics/io/tiled_map.h"
#include "tactics/solver/path.h"

using tactics::Cell;
using namespace tactics::app;

namespace {

struct Drive {
  int exitCode = -1;
  std::string log;                 // the demo's standard output and error
  std::string err;                 // the driver's complaints
  std::vector<std::string> after;  // `board X0 Y0 CELL` after each action
  std::vector<int> widgetLines;    // how many widget lines the demo had logged after each
  std::vector<int> logLines;       // how many lines the demo had logged after each
  std::vector<e2e::Board> boards;  // every board line the demo logged
};

std::string scenario(const std::string& name) {
  return std::string(TACTICS_SOURCE_DIR) + "/assets/scenarios/" + name;
}

// Runs the demo with `demoArgs` through `actions` (e2e_drive.sh), its settings in `configDir`.
Drive drive(const std::string& demoArgs, const std::string& actions,
            const std::string& configDir = e2e::tempPath("config")) {
  static int counter = 0;
  const std::string log = e2e::tempPath("drive" + std::to_string(++counter) + ".log");
  const e2e::Run run = e2e::run("XDG_CONFIG_HOME=" + configDir + " " + e2e::kXvfb + "bash " +
                                TACTICS_SOURCE_DIR + "/tests/e2e/e2e_drive.sh " + TACTICS_EXE +
                                " " + log + " " + demoArgs + " -- " + actions);
  Drive result;
  result.exitCode = run.exitCode;
  result.log = e2e::readText(log);
  result.err = run.err;
  std::istringstream out(run.out);
  std::string line;
  while (std::getline(out, line)) {
    const auto board = line.find(": board ");
    if (line.rfind("after ", 0) == 0 && board != std::string::npos) {
      result.after.push_back(line.substr(board + 2));
    }
    const auto count = line.rfind(": ");
    if (line.rfind("widget lines after ", 0) == 0 && count != std::string::npos) {
      result.widgetLines.push_back(std::stoi(line.substr(count + 2)));
    }
    if (line.rfind("log lines after ", 0) == 0 && count != std::string::npos) {
      result.logLines.push_back(std::stoi(line.substr(count + 2)));
    }
  }
  std::istringstream lines(result.log);
  while (std::getline(lines, line)) {
    if (line.rfind("board ", 0) == 0) result.boards.push_back(e2e::parseBoard(line));
  }
  return result;
}

bool same(const e2e::Board& a, const e2e::Board& b) {
  return a.x0 == b.x0 && a.y0 == b.y0 && a.cell == b.cell;
}

e2e::Board boardOf(const std::string& line) {
  return e2e::parseBoard(line);
}

// The layout the demo gives a map at this window size with the default panel (view/).
BoardLayout predicted(PixelSize window, PixelSize map, std::optional<Cell> focus, bool fitted) {
  const ViewScreen screen{window, window, 1.0F, kPanelWidth};
  BoardView view;
  view.reset(screen, map, focus, std::nullopt, Cell{map.width / 2, map.height / 2});
  view.place(screen, map);
  if (fitted) {
    view.fit(map);
    view.place(screen, map);
  }
  return view.layout();
}

// An XWD image (`xwd -out`), 24 or 32 bits a pixel in true colour.
struct Xwd {
  int width = 0;
  int height = 0;
  std::vector<std::array<int, 3>> rgb;
};

Xwd readXwd(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  const std::vector<unsigned char> bytes((std::istreambuf_iterator<char>(in)),
                                         std::istreambuf_iterator<char>());
  Xwd image;
  const auto word = [&bytes](std::size_t i) {
    const std::size_t at = i * 4;
    return (std::uint32_t{bytes[at]} << 24) | (std::uint32_t{bytes[at + 1]} << 16) |
           (std::uint32_t{bytes[at + 2]} << 8) | std::uint32_t{bytes[at + 3]};
  };
  if (bytes.size() < 100) return image;
  const std::uint32_t headerSize = word(0);
  const int width = static_cast<int>(word(4));
  const int height = static_cast<int>(word(5));
  const bool lsbFirst = word(7) == 0;
  const std::uint32_t bitsPerPixel = word(11);
  const std::uint32_t bytesPerLine = word(12);
  const std::uint32_t masks[3] = {word(14), word(15), word(16)};
  const std::uint32_t colours = word(19);
  const std::size_t start = headerSize + colours * 12;
  if (bitsPerPixel != 32 && bitsPerPixel != 24) return image;
  const std::size_t bytesPerPixel = bitsPerPixel / 8;
  if (bytes.size() < start + static_cast<std::size_t>(height) * bytesPerLine) return image;
  image.width = width;
  image.height = height;
  image.rgb.resize(static_cast<std::size_t>(width * height));
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      const std::size_t at = start + static_cast<std::size_t>(y) * bytesPerLine +
                             static_cast<std::size_t>(x) * bytesPerPixel;
      std::uint32_t pixel = 0;
      for (std::size_t b = 0; b < bytesPerPixel; ++b) {
        const std::uint32_t byte = bytes[at + b];
        pixel |= lsbFirst ? byte << (8 * b) : byte << (8 * (bytesPerPixel - 1 - b));
      }
      std::array<int, 3> rgb{};
      for (int c = 0; c < 3; ++c) {
        std::uint32_t mask = masks[c];
        int shift = 0;
        while (mask != 0 && (mask & 1U) == 0) {
          mask >>= 1;
          ++shift;
        }
        rgb[static_cast<std::size_t>(c)] = static_cast<int>((pixel >> shift) & 0xFFU);
      }
      image.rgb[static_cast<std::size_t>(y * width + x)] = rgb;
    }
  }
  return image;
}

// The mean colour of a cell's inner half (the hover frame and grid lines left out).
std::array<int, 3> cellColour(const Xwd& image, const e2e::Board& board, Cell c) {
  std::array<long, 3> sum{};
  long count = 0;
  const int x0 = board.x0 + c.x * board.cell + board.cell / 4;
  const int y0 = board.y0 + c.y * board.cell + board.cell / 4;
  for (int y = y0; y < y0 + board.cell / 2; ++y) {
    for (int x = x0; x < x0 + board.cell / 2; ++x) {
      if (x < 0 || y < 0 || x >= image.width || y >= image.height) continue;
      const auto& p = image.rgb[static_cast<std::size_t>(y * image.width + x)];
      for (std::size_t k = 0; k < 3; ++k) sum[k] += p[k];
      ++count;
    }
  }
  if (count == 0) return {-1, -1, -1};
  return {static_cast<int>(sum[0] / count), static_cast<int>(sum[1] / count),
          static_cast<int>(sum[2] / count)};
}

}  // namespace

TEST_CASE("panel and board: the keyboard cursor never pans a map wholly in view", "[e2e]") {
  // fortress.json after F: the cursor to row 0, along it, down to row 17 and back.
  const Drive fortress = drive("--scenario " + scenario("fortress.json") + " --window 1280x720",
                               "key:f keys:20:Up keys:25:Left keys:24:Right keys:20:Down "
                               "keys:20:Up");
  INFO("driver: " << fortress.err << "\ndemo: " << fortress.log);
  REQUIRE(fortress.exitCode == 0);
  REQUIRE(fortress.boards.size() == 1);
  CHECK(fortress.boards[0].ok);

  // The default map (32x24, fitted at 28-pixel cells): the cursor round its edges. Then,
  // zoomed in, the same keys do pan: they reached the demo.
  const Drive plain = drive("--window 1280x720",
                            "keys:24:Up keys:32:Right keys:24:Down keys:32:Left wheel:4 "
                            "keys:24:Up");
  INFO("driver: " << plain.err << "\ndemo: " << plain.log);
  REQUIRE(plain.exitCode == 0);
  REQUIRE(plain.after.size() == 6);
  for (std::size_t i = 1; i < 4; ++i) CHECK(plain.after[i] == plain.after[0]);
  CHECK(boardOf(plain.after[0]).cell == 28);
  CHECK(boardOf(plain.after[4]).cell > 28);
  CHECK(plain.after[5] != plain.after[4]);  // the cursor walked off the zoomed view
}

TEST_CASE("panel and board: a resize keeps a fitted map fitted and a zoomed view's centre",
          "[e2e]") {
  const PixelSize fortressMap{24, 18};
  const Drive fitted = drive("--scenario " + scenario("fortress.json") + " --window 1280x720",
                             "key:f resize:800x500 resize:1280x720");
  INFO("driver: " << fitted.err << "\ndemo: " << fitted.log);
  REQUIRE(fitted.exitCode == 0);
  REQUIRE(fitted.after.size() == 3);
  const BoardLayout large = predicted({1280, 720}, fortressMap, std::nullopt, true);
  const BoardLayout small = predicted({800, 500}, fortressMap, std::nullopt, true);
  REQUIRE(small.cell < large.cell);
  const e2e::Board atLarge = boardOf(fitted.after[0]);
  const e2e::Board atSmall = boardOf(fitted.after[1]);
  CHECK((atLarge.x0 == large.x0 && atLarge.y0 == large.y0 && atLarge.cell == large.cell));
  // 800x500: the whole map at the largest cells that fit, centred; back: as it was.
  CHECK((atSmall.x0 == small.x0 && atSmall.y0 == small.y0 && atSmall.cell == small.cell));
  CHECK(same(boardOf(fitted.after[2]), atLarge));

  // Zoomed in on the default map: the cell in the middle of the board stays in the middle.
  const Drive zoomed = drive("--window 1280x720", "wheel:3 resize:800x500 resize:1100x700");
  INFO("driver: " << zoomed.err << "\ndemo: " << zoomed.log);
  REQUIRE(zoomed.exitCode == 0);
  REQUIRE(zoomed.after.size() == 3);
  const auto middle = [](const e2e::Board& b, PixelSize window) {
    const PixelRect area = boardArea({window, window, {32, 24}, kPanelWidth, 12});
    return Cell{(area.x + area.width / 2 - b.x0) / b.cell,
                (area.y + area.height / 2 - b.y0) / b.cell};
  };
  const e2e::Board first = boardOf(zoomed.after[0]);
  REQUIRE(first.cell > 28);
  const Cell centre = middle(first, {1280, 720});
  CHECK(middle(boardOf(zoomed.after[1]), {800, 500}) == centre);
  CHECK(boardOf(zoomed.after[1]).cell == first.cell);
  CHECK(middle(boardOf(zoomed.after[2]), {1100, 700}) == centre);
}

TEST_CASE("panel and board: the panel's edge drags its width, which the next run remembers",
          "[e2e]") {
  const std::string config = e2e::tempPath("config-drag");
  const Drive dragged = drive("--window 1280x720", "paneledge:-120", config);
  INFO("driver: " << dragged.err << "\ndemo: " << dragged.log);
  REQUIRE(dragged.exitCode == 0);
  const std::string saved = e2e::readText(config + "/tactics-grid/demo.ini");
  const auto width = parseSettings(saved);
  REQUIRE(width.ok());
  // The drag was 120 pixels; the first few may land before the panel sees the press.
  CHECK(width->panelWidth >= kPanelWidth + 60);
  CHECK(width->panelWidth <= kPanelWidth + 130);
  // The fitted default map shrank into the narrower board area.
  REQUIRE(dragged.boards.size() >= 2);
  CHECK(dragged.boards.back().cell < dragged.boards.front().cell);

  const Drive again = drive("--window 1280x720", "sleep:0", config);
  INFO("again: " << again.log);
  REQUIRE(again.exitCode == 0);
  std::ostringstream expected;
  expected << "widget panel " << 1280 - width->panelWidth << " 0 " << width->panelWidth << " 720";
  CHECK(again.log.find(expected.str()) != std::string::npos);
  REQUIRE_FALSE(again.boards.empty());
  CHECK(same(again.boards.front(), dragged.boards.back()));
}

TEST_CASE("panel and board: at 800x600 the palette's wall swatch paints a wall", "[e2e]") {
  auto map = tactics::loadMap(e2e::crossroadsPath());
  REQUIRE(map.ok());
  const std::vector<Unit> units = defaultRoster(*map);
  // The default view at 800x600 (BoardControl: centred on the player's units).
  long sumX = 0;
  long sumY = 0;
  long players = 0;
  for (const Unit& unit : units) {
    if (unit.team != Team::Player) continue;
    sumX += unit.cell.x;
    sumY += unit.cell.y;
    ++players;
  }
  REQUIRE(players > 0);
  const Cell focus{static_cast<int>(sumX / players), static_cast<int>(sumY / players)};
  const BoardLayout layout = predicted({800, 600}, {map->width(), map->height()}, focus, false);
  // A plains cell well inside the view, two cells or more from every unit.
  std::optional<Cell> target;
  for (int y = 0; y < map->height() && !target; ++y) {
    for (int x = 0; x < map->width() && !target; ++x) {
      const Cell c{x, y};
      const int left = layout.cellX(x);
      const int top = layout.cellY(y);
      const bool inside = left >= layout.area.x + layout.cell * 2 &&
                          top >= layout.area.y + layout.cell * 2 &&
                          left + layout.cell * 3 <= layout.area.x + layout.area.width &&
                          top + layout.cell * 3 <= layout.area.y + layout.area.height;
      const bool clear = std::all_of(units.begin(), units.end(), [c](const Unit& u) {
        return tactics::manhattan(u.cell, c) >= 2;
      });
      if (inside && clear && map->terrain(c) == 0) target = c;
    }
  }
  REQUIRE(target);
  const Cell park{target->x + 1, target->y + 1};  // where the pointer rests for the pictures
  const std::string before = e2e::tempPath("wall-before.xwd");
  const std::string after = e2e::tempPath("wall-after.xwd");
  const std::string cell = std::to_string(target->x) + "," + std::to_string(target->y);
  const std::string rest = std::to_string(park.x) + "," + std::to_string(park.y);
  // Scroll the panel to its foot, open Paint terrain, scroll again, edit mode (T), the wall.
  const Drive painted =
      drive("--map " + e2e::crossroadsPath() + " --window 800x600",
            "scrollpanel:40 widget:paint-terrain scrollpanel:40 key:t widget:wall hover:" + rest +
                " shot:" + before + " cell:" + cell + " hover:" + rest + " shot:" + after);
  INFO("driver: " << painted.err << "\ndemo: " << painted.log);
  REQUIRE(painted.exitCode == 0);
  REQUIRE_FALSE(painted.boards.empty());
  const e2e::Board board = painted.boards.back();
  REQUIRE((board.x0 == layout.x0 && board.y0 == layout.y0 && board.cell == layout.cell));
  // The wall swatch was drawn wholly inside the 800x600 window when it was clicked.
  const auto wall = painted.log.rfind("widget wall ");
  REQUIRE(wall != std::string::npos);
  std::istringstream words(painted.log.substr(wall + 12));
  int x = 0, y = 0, w = 0, h = 0;
  words >> x >> y >> w >> h;
  CHECK(x >= 800 - kPanelWidth);
  CHECK(x + w <= 800);
  CHECK(y >= 0);
  CHECK(y + h <= 600);

  const Xwd first = readXwd(before);
  const Xwd second = readXwd(after);
  REQUIRE(first.width == 800);
  REQUIRE(second.width == 800);
  const std::array<int, 3> grass = cellColour(first, board, *target);
  const std::array<int, 3> painted_ = cellColour(second, board, *target);
  INFO("before " << grass[0] << "," << grass[1] << "," << grass[2] << " after " << painted_[0]
                 << "," << painted_[1] << "," << painted_[2]);
  // Grass is green; the wall is grey stone.
  CHECK(grass[1] > grass[0] + 30);
  CHECK(std::abs(painted_[0] - painted_[1]) < 30);
  CHECK(std::abs(painted_[1] - painted_[2]) < 30);
  // A cell left alone is unchanged.
  const Cell other{target->x - 1, target->y - 1};
  const std::array<int, 3> a = cellColour(first, board, other);
  const std::array<int, 3> b = cellColour(second, board, other);
  CHECK(std::abs(a[0] - b[0]) + std::abs(a[1] - b[1]) + std::abs(a[2] - b[2]) < 6);
}

TEST_CASE("panel and board: a live window logs no board lines as it zooms, unless asked", "[e2e]") {
  // The wheel turned three notches over the board, F, and the window closed: without
  // TACTICS_LOG_LAYOUT standard output has no board line; with it, one per new layout.
  const auto zoomAndQuit = [](const std::string& env) {
    const std::string log = e2e::tempPath("quiet" + std::to_string(env.size()) + ".log");
    const std::string script =
        env + " " + TACTICS_EXE + " demo --window 1280x720 >" + log + " 2>&1 & demo=$!; " +
        "window=$(xdotool search --sync --onlyvisible --name tactics-grid | head -n 1); "
        "sleep 2; xdotool mousemove --window $window 400 300; sleep 0.3; "
        "for n in 1 2 3; do xdotool click 4; sleep 0.3; done; xdotool key f; sleep 1; "
        "kill $demo; wait $demo; true";
    const e2e::Run run = e2e::run(std::string(e2e::kXvfb) + "bash -c '" + script + "'");
    return e2e::readText(log);
  };
  const std::string quiet = zoomAndQuit("XDG_CONFIG_HOME=" + e2e::tempPath("config-quiet"));
  INFO("quiet: " << quiet);
  CHECK(quiet.find("board ") == std::string::npos);
  const std::string logged =
      zoomAndQuit("TACTICS_LOG_LAYOUT=1 XDG_CONFIG_HOME=" + e2e::tempPath("config-quiet"));
  INFO("logged: " << logged);
  std::size_t lines = 0;
  for (auto at = logged.find("board "); at != std::string::npos; at = logged.find("board ", at + 1))
    ++lines;
  CHECK(lines >= 4);  // the first layout, three zooms (and F)
  // A scripted run prints its one board line at the end.
  const e2e::Run shot = e2e::demo("--screenshot " + e2e::tempPath("quiet.png") + " --cell 40");
  REQUIRE(shot.exitCode == 0);
  CHECK(shot.out.find("board ") == shot.out.rfind("board "));
  CHECK(e2e::parseBoard(shot.out).cell == 40);
}

TEST_CASE("panel and board: zoomed in, the minimap shows the whole map, the units and the view",
          "[e2e]") {
  auto map = tactics::loadMap(e2e::crossroadsPath());
  REQUIRE(map.ok());
  const PixelSize size{map->width(), map->height()};
  const std::vector<Unit> units = defaultRoster(*map);
  const std::string path = e2e::tempPath("minimap.png");
  const e2e::Run run = e2e::demo("--map " + e2e::crossroadsPath() + " --screenshot " + path +
                                 " --cell 56 --window 1280x720");
  INFO(run.err);
  REQUIRE(run.exitCode == 0);
  const e2e::Board board = e2e::parseBoard(run.out);
  REQUIRE(board.ok);
  const e2e::Image image = e2e::loadImage(path);
  REQUIRE(image.width == 1280);
  // The layout the demo drew, and the inset it gives (view/minimap.h).
  BoardLayout layout;
  layout.x0 = board.x0;
  layout.y0 = board.y0;
  layout.cell = board.cell;
  layout.map = size;
  layout.area = boardArea({{1280, 720}, {1280, 720}, size, kPanelWidth, 12});
  const auto minimap = placeMinimap(layout, 1.0F);
  REQUIRE(minimap);
  const auto near = [](std::array<int, 3> a, std::array<int, 3> b, int tolerance) {
    return std::abs(a[0] - b[0]) <= tolerance && std::abs(a[1] - b[1]) <= tolerance &&
           std::abs(a[2] - b[2]) <= tolerance;
  };
  // Terrain in flat class colours (minimap.frag), sampled in the middle of a cell well away
  // from the dots and the view's rectangle.
  const PixelRect view = minimap->viewRect(layout);
  int checked = 0;
  for (int y = 0; y < size.height; ++y) {
    for (int x = 0; x < size.width; ++x) {
      const Cell c{x, y};
      const BoardPoint at = minimap->pixelAt({x + 0.5, y + 0.5});
      const int px = static_cast<int>(at.x);
      const int py = static_cast<int>(at.y);
      const bool nearView = std::abs(px - view.x) <= 3 || std::abs(px - view.x - view.width) <= 3 ||
                            std::abs(py - view.y) <= 3 || std::abs(py - view.y - view.height) <= 3;
      const bool nearUnit = std::any_of(units.begin(), units.end(), [c](const Unit& u) {
        return tactics::manhattan(u.cell, c) <= 2;
      });
      if (nearView || nearUnit || minimap->cellPixels < 3) continue;
      const std::array<std::array<int, 3>, 5> colours = {
          {{107, 163, 71}, {41, 102, 46}, {179, 153, 92}, {133, 120, 112}, {56, 77, 133}}};
      INFO("cell " << x << "," << y);
      CHECK(near(image.at(px, py), colours[static_cast<std::size_t>(map->terrain(c))], 3));
      ++checked;
    }
  }
  CHECK(checked > 100);
  // Each unit a dot in its team's colour.
  for (const Unit& unit : units) {
    const BoardPoint at = minimap->pixelAt({unit.cell.x + 0.5, unit.cell.y + 0.5});
    const std::array<int, 3> dot = image.at(static_cast<int>(at.x), static_cast<int>(at.y));
    INFO(unit.name << " " << dot[0] << "," << dot[1] << "," << dot[2]);
    if (unit.team == Team::Player) CHECK((dot[2] > 200 && dot[0] < 80));
    if (unit.team == Team::Enemy) CHECK((dot[0] > 200 && dot[2] < 80));
    if (unit.team == Team::Ally) CHECK((dot[1] > 140 && dot[0] < 80));
  }
  // The view's rectangle: the part of the map the board shows, outlined in white.
  REQUIRE(view.width > 4);
  REQUIRE(view.width < minimap->rect.width);
  const int midY = view.y + view.height / 2;
  const bool leftEdge = view.x > minimap->rect.x;
  const int edgeX = leftEdge ? view.x : view.x + view.width - 1;
  bool white = false;
  for (int dx = -1; dx <= 1; ++dx) {
    const auto p = image.at(edgeX + dx, midY);
    white = white || (p[0] > 200 && p[1] > 200 && p[2] > 200);
  }
  CHECK(white);

  // Fitted, no minimap: the inset's place shows the board's own terrain.
  const std::string fittedPath = e2e::tempPath("no-minimap.png");
  const e2e::Run fitted = e2e::demo("--map " + e2e::crossroadsPath() + " --screenshot " +
                                    fittedPath + " --window 1280x720");
  REQUIRE(fitted.exitCode == 0);
  const e2e::Image plain = e2e::loadImage(fittedPath);
  const e2e::Board whole = e2e::parseBoard(fitted.out);
  REQUIRE(whole.cell == 28);
  const auto frame = plain.at(minimap->rect.x - 1, minimap->rect.y + minimap->rect.height / 2);
  CHECK(frame[0] + frame[1] + frame[2] > 120);  // not the minimap's dark frame
}

TEST_CASE("panel and board: a click on the minimap centres the board there", "[e2e]") {
  // Zoomed in on the default map's bottom-left (--cell), then the minimap's middle clicked.
  const Drive jumped =
      drive("--map " + e2e::crossroadsPath() + " --cell 56 --window 1280x720", "widget:minimap");
  INFO("driver: " << jumped.err << "\ndemo: " << jumped.log);
  REQUIRE(jumped.exitCode == 0);
  REQUIRE(jumped.after.size() == 1);
  REQUIRE(jumped.log.find("widget minimap ") != std::string::npos);
  const e2e::Board board = boardOf(jumped.after[0]);
  REQUIRE(board.cell == 56);
  const PixelRect area = boardArea({{1280, 720}, {1280, 720}, {32, 24}, kPanelWidth, 12});
  const double middleX = (area.x + area.width / 2.0 - board.x0) / board.cell;
  const double middleY = (area.y + area.height / 2.0 - board.y0) / board.cell;
  CHECK(middleX == Approx(16).margin(1));
  CHECK(middleY == Approx(12).margin(1));
  // And it was not a click on the board: nothing selected or moved.
  CHECK(jumped.log.find("move ") == std::string::npos);
}

namespace {

// The last `widget NAME ...` line among the log's first `lines` lines (all when negative).
std::string lastWidget(const std::string& log, const std::string& name, int lines = -1) {
  std::istringstream in(log);
  std::string line;
  std::string found;
  for (int n = 0; std::getline(in, line) && (lines < 0 || n < lines); ++n) {
    if (line.rfind("widget " + name + " ", 0) == 0) found = line;
  }
  return found;
}

// The widgets the log names among its first `lines` lines, each once.
std::vector<std::string> widgetNames(const std::string& log, int lines) {
  std::istringstream in(log);
  std::string line;
  std::vector<std::string> names;
  for (int n = 0; std::getline(in, line) && n < lines; ++n) {
    if (line.rfind("widget ", 0) != 0) continue;
    const std::string name = line.substr(7, line.find(' ', 7) - 7);
    if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
  }
  return names;
}

}  // namespace

TEST_CASE("panel and board: the first paint stroke on a Tiled map moves no panel widget", "[e2e]") {
  // riverford.tmx is drawn in its art until painted; then the board falls back to the
  // procedural terrain and the status line says so ("Procedural terrain: ..."), where it used to
  // push the painting widgets down under the pointer.
  const std::string level = std::string(TACTICS_SOURCE_DIR) + "/assets/maps/riverford.tmx";
  auto tiled = tactics::loadTiledMap(level);
  REQUIRE(tiled);
  const tactics::CostMap& map = tiled->costMap;
  const std::vector<Unit> units = defaultRoster(map);
  const PixelSize size{map.width(), map.height()};
  const BoardLayout layout = predicted({1280, 720}, size, std::nullopt, false);
  std::optional<Cell> target;
  for (int y = 2; y + 2 < size.height && !target; ++y) {
    for (int x = 2; x + 2 < size.width && !target; ++x) {
      const Cell c{x, y};
      const bool clear = std::all_of(units.begin(), units.end(), [c](const Unit& u) {
        return tactics::manhattan(u.cell, c) >= 3;
      });
      if (clear && map.terrain(c) == 0) target = c;
    }
  }
  REQUIRE(target);
  const std::string before = e2e::tempPath("art-before.xwd");
  const std::string after = e2e::tempPath("art-after.xwd");
  const std::string cell = std::to_string(target->x) + "," + std::to_string(target->y);
  const Drive painted = drive("--map " + level + " --window 1280x720",
                              "scrollpanel:40 widget:paint-terrain scrollpanel:40 key:t "
                              "widget:forest hover:0,0 shot:" +
                                  before + " cell:" + cell + " hover:0,0 shot:" + after);
  INFO("driver: " << painted.err << "\ndemo: " << painted.log);
  REQUIRE(painted.exitCode == 0);
  REQUIRE(painted.widgetLines.size() == 10);
  REQUIRE(painted.after[6] == painted.after[7]);
  const e2e::Board board = boardOf(painted.after[7]);
  REQUIRE((board.x0 == layout.x0 && board.y0 == layout.y0 && board.cell == layout.cell));
  // From before the stroke to the end, no widget moved. (The note the stroke writes, "Procedural
  // terrain: ...", appears at the panel's foot and as a toast over the board: new widgets, which
  // move none of the others.)
  REQUIRE(painted.logLines.size() == 10);
  const std::vector<std::string> names = widgetNames(painted.log, painted.logLines[6]);
  CHECK(names.size() > 5);
  for (const std::string& name : names) {
    INFO(name);
    CHECK(lastWidget(painted.log, name) == lastWidget(painted.log, name, painted.logLines[6]));
  }
  // The stroke did land: the art gave way to the procedural terrain all over the board.
  const Xwd first = readXwd(before);
  const Xwd second = readXwd(after);
  REQUIRE(first.width == 1280);
  REQUIRE(second.width == 1280);
  int changed = 0;
  int compared = 0;
  for (int y = 0; y < size.height; y += 3) {
    for (int x = 0; x < size.width; x += 3) {
      if (Cell{x, y} == Cell{0, 0}) continue;
      const auto a = cellColour(first, board, {x, y});
      const auto b = cellColour(second, board, {x, y});
      ++compared;
      if (std::abs(a[0] - b[0]) + std::abs(a[1] - b[1]) + std::abs(a[2] - b[2]) > 12) ++changed;
    }
  }
  CHECK(changed * 2 > compared);
}

TEST_CASE(
    "panel and board: scrolled down, the panel keeps its widgets still when a section "
    "above grows",
    "[e2e]") {
  // 800x600, the panel scrolled to Paint terrain; then a unit is selected on the board, which
  // fills the Selected unit section far above: the painting widgets stay where they were.
  const Drive selected = drive("--map " + e2e::crossroadsPath() + " --window 800x600",
                               "scrollpanel:40 widget:paint-terrain scrollpanel:40 cell:3,20 "
                               "hover:6,20 sleep:0.5");
  INFO("driver: " << selected.err << "\ndemo: " << selected.log);
  REQUIRE(selected.exitCode == 0);
  REQUIRE(selected.logLines.size() == 6);
  const std::string before = lastWidget(selected.log, "wall", selected.logLines[2]);
  REQUIRE_FALSE(before.empty());
  CHECK(lastWidget(selected.log, "wall") == before);
  CHECK(lastWidget(selected.log, "paint-terrain") ==
        lastWidget(selected.log, "paint-terrain", selected.logLines[2]));
  // The click did select the Lord: the Selected unit section grew (its first selection).
  CHECK(selected.widgetLines[3] > selected.widgetLines[2]);
}

TEST_CASE("panel and board: Save on a Tiled map writes nothing until units were edited, then asks "
          "before adding a units layer", "[e2e]") {
  // issue 37 item 3: `--map riverford.tmx`, no edits, Save wrote the built-in roster into the
  // file as a new `units` layer without asking.
  namespace fs = std::filesystem;
  const fs::path dir = e2e::tempPath("tiled_save");
  fs::remove_all(dir);
  fs::create_directories(dir / "maps");
  fs::copy(std::string(TACTICS_SOURCE_DIR) + "/assets/tilesets", dir / "tilesets");
  const std::string level = (dir / "maps" / "riverford.tmx").string();
  fs::copy_file(std::string(TACTICS_SOURCE_DIR) + "/assets/maps/riverford.tmx", level);
  const std::string original = e2e::readText(level);
  auto tiled = tactics::loadTiledMap(level);
  REQUIRE(tiled);
  const std::vector<Unit> units = defaultRoster(tiled->costMap);
  std::optional<Cell> free;
  for (int y = 1; y < tiled->costMap.height() && !free; ++y) {
    for (int x = 1; x < tiled->costMap.width() && !free; ++x) {
      const Cell c{x, y};
      const bool clear = std::none_of(units.begin(), units.end(),
                                      [c](const Unit& u) { return u.cell == c; });
      if (clear && tiled->costMap.terrain(c) == 0) free = c;
    }
  }
  REQUIRE(free);
  const std::string args = "--map " + level + " --window 1280x960";
  const Drive untouched = drive(args, "key:t scrollpanel:80 widget:tiled-save sleep:0.5");
  INFO("driver: " << untouched.err << "\ndemo: " << untouched.log);
  REQUIRE(untouched.exitCode == 0);
  CHECK(untouched.log.find("toast note: Nothing to save into riverford.tmx") != std::string::npos);
  CHECK(e2e::readText(level) == original);

  const std::string from = std::to_string(units[0].cell.x) + "," + std::to_string(units[0].cell.y);
  const std::string to = std::to_string(free->x) + "," + std::to_string(free->y);
  const Drive asked = drive(args, "key:t drag:" + from + ":" + to +
                                      " scrollpanel:80 widget:tiled-save sleep:0.5");
  INFO("driver: " << asked.err << "\ndemo: " << asked.log);
  REQUIRE(asked.exitCode == 0);
  CHECK(asked.log.find("moved " + units[0].name) != std::string::npos);
  CHECK(asked.log.find("widget add-units-layer ") != std::string::npos);
  CHECK(e2e::readText(level) == original);  // asked, not written

  const Drive added = drive(args, "key:t drag:" + from + ":" + to +
                                      " scrollpanel:80 widget:tiled-save sleep:0.5"
                                      " scrollpanel:20 widget:add-units-layer sleep:0.5");
  INFO("driver: " << added.err << "\ndemo: " << added.log);
  REQUIRE(added.exitCode == 0);
  CHECK(added.log.find("saved " + level) != std::string::npos);
  auto saved = tactics::loadTiledMap(level);
  REQUIRE(saved);
  CHECK(e2e::readText(level).find("name=\"units\"") != std::string::npos);
}
