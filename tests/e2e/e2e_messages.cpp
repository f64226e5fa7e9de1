// Messages where the player looks (issue 37, item 6; e2e_messages.sh), at 800x600 and 1280x720:
// a file that is no board and a unit that cannot be placed each show a toast over the board (and
// are logged), the panel's copies of them wrap inside the panel, and T scrolls the panel to the
// level editor's palette.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>

#include "e2e_support.h"
#include "tactics/io/scenario.h"

using namespace tactics;

namespace {

struct Rect {
  int x = 0, y = 0, width = 0, height = 0;
};

// The last `widget NAME X Y W H` line of the log at or after `from`.
std::optional<Rect> lastWidget(const std::string& log, const std::string& name,
                               std::size_t from = 0) {
  std::optional<Rect> found;
  std::istringstream lines(log.substr(std::min(from, log.size())));
  std::string line;
  const std::string prefix = "widget " + name + " ";
  while (std::getline(lines, line)) {
    if (line.rfind(prefix, 0) != 0) continue;
    Rect r;
    std::istringstream(line.substr(prefix.size())) >> r.x >> r.y >> r.width >> r.height;
    found = r;
  }
  return found;
}

// The panel's sections end above its status line (2 text lines, panel.cpp), and left of their
// scrollbar and padding (ImGui's default style).
constexpr int kStatusLine = 51;
constexpr int kScrollbarAndPadding = 22;

void checkMessagesAt(const std::string& size, int width, int height) {
  namespace fs = std::filesystem;
  const fs::path dir = e2e::tempPath("messages_" + size);
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string scenario = std::string(TACTICS_SOURCE_DIR) + "/assets/scenarios/default.json";
  const auto board = loadScenario(scenario);
  REQUIRE(board);
  const Cell lord{3, 20};  // seen at both sizes
  REQUIRE(board->units.at(0).cell == lord);
  const std::string bad = (dir / "notes.txt").string();
  std::ofstream(bad) << "not a map\n";
  const std::string log = (dir / "demo.log").string();
  const e2e::Run run = e2e::run(std::string(e2e::kXvfb) + "bash " + TACTICS_SOURCE_DIR +
                                "/tests/e2e/e2e_messages.sh " + TACTICS_EXE + " " + log + " " +
                                scenario + " " + size + " " + bad + " " + std::to_string(lord.x) +
                                " " + std::to_string(lord.y));
  const std::string said = e2e::readText(log);
  INFO("size " << size << "\ndriver: " << run.err << "\ndemo: " << said);
  REQUIRE(run.exitCode == 0);

  // Both messages logged as toasts.
  CHECK(said.find("toast error: map '" + bad + "': not a readable image") != std::string::npos);
  CHECK(said.find("toast error: cannot place a unit: " + board->units[0].name +
                  " already stands on 3,20") != std::string::npos);

  const std::size_t editing = said.find("\nedit mode on\n");
  REQUIRE(editing != std::string::npos);
  const auto panel = lastWidget(said, "panel");
  REQUIRE(panel);
  CHECK(panel->x + panel->width == width);
  // The toast over the board, left of the panel, inside the window.
  const auto toast = lastWidget(said, "toast", editing);
  REQUIRE(toast);
  CHECK(toast->x >= 0);
  CHECK(toast->x + toast->width <= panel->x);
  CHECK(toast->y >= 0);
  CHECK(toast->y + toast->height <= height);
  // T scrolled the panel to the palette: its first terrain is in view.
  const auto plains = lastWidget(said, "plains", editing);
  REQUIRE(plains);
  CHECK(plains->y >= panel->y);
  CHECK(plains->y + plains->height <= panel->y + panel->height - kStatusLine);
  // The panel's copies of the messages wrap inside it.
  for (const char* message : {"board-problem", "edit-message"}) {
    const auto drawn = lastWidget(said, message);
    INFO(message);
    REQUIRE(drawn);
    CHECK(drawn->x + drawn->width <= panel->x + panel->width - kScrollbarAndPadding);
  }
}

}  // namespace

TEST_CASE("messages: a file that is no board and a refused unit show over the board, the "
          "panel's copies wrap, and T brings the palette into view",
          "[e2e][messages]") {
  checkMessagesAt("800x600", 800, 600);
  checkMessagesAt("1280x720", 1280, 720);
}
