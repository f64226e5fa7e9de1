// What the demo remembers between runs (ui/saved_settings.h): the panel's width.
#include <catch2/catch.hpp>

#include <unistd.h>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "app/ui/saved_settings.h"

using namespace tactics::app;

TEST_CASE("saved settings: the file's place follows XDG_CONFIG_HOME, then HOME",
          "[app][settings]") {
  CHECK(settingsPath("/x/config", "/home/a") ==
        std::optional<std::string>("/x/config/tactics-grid/demo.ini"));
  CHECK(settingsPath("", "/home/a") ==
        std::optional<std::string>("/home/a/.config/tactics-grid/demo.ini"));
  CHECK(settingsPath(nullptr, "/home/a") ==
        std::optional<std::string>("/home/a/.config/tactics-grid/demo.ini"));
  CHECK_FALSE(settingsPath(nullptr, nullptr).has_value());
}

TEST_CASE("saved settings: the panel's width round-trips, clamped, other keys ignored",
          "[app][settings]") {
  SavedSettings wide;
  wide.panelWidth = 512;
  const auto back = parseSettings(formatSettings(wide));
  REQUIRE(back.ok());
  CHECK(*back == wide);
  CHECK(parseSettings("").ok());
  CHECK(parseSettings("")->panelWidth == kPanelWidth);
  CHECK(parseSettings("# comment\n\nnewer_key = 3\npanel_width = 2000\n")->panelWidth ==
        kMaxPanelWidth);
  CHECK(parseSettings("panel_width=10")->panelWidth == kMinPanelWidth);
}

TEST_CASE("saved settings: a broken line is an error naming it", "[app][settings]") {
  const auto noEquals = parseSettings("panel_width=400\nwidth 300\n");
  REQUIRE_FALSE(noEquals.ok());
  CHECK(noEquals.error() == "line 2: expected key=value, got 'width 300'");
  const auto notNumber = parseSettings("panel_width=wide");
  REQUIRE_FALSE(notNumber.ok());
  CHECK(notNumber.error() == "line 1: panel_width must be a whole number of pixels, got 'wide'");
  CHECK_FALSE(parseSettings("panel_width=400px").ok());
}

TEST_CASE("saved settings: saved to a new folder and loaded back, a missing file is the defaults",
          "[app][settings]") {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("tactics-settings-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  const std::string path = (dir / "tactics-grid" / "demo.ini").string();
  const auto missing = loadSettings(path);
  REQUIRE(missing.ok());
  CHECK(*missing == SavedSettings{});
  SavedSettings wide;
  wide.panelWidth = 420;
  REQUIRE_FALSE(saveSettings(path, wide).has_value());
  const auto loaded = loadSettings(path);
  REQUIRE(loaded.ok());
  CHECK(*loaded == wide);
  std::ofstream(path) << "panel_width=\n";
  const auto broken = loadSettings(path);
  REQUIRE_FALSE(broken.ok());
  CHECK(broken.error().find(path + ": line 1:") == 0);
  std::filesystem::remove_all(dir);
}

TEST_CASE("saved settings: Auto end turn round-trips, off by default, 0 or 1 only",
          "[app][settings]") {
  CHECK_FALSE(parseSettings("")->autoEndTurn);
  SavedSettings on;
  on.autoEndTurn = true;
  const auto back = parseSettings(formatSettings(on));
  REQUIRE(back.ok());
  CHECK(back->autoEndTurn);
  CHECK(*back == on);
  CHECK(parseSettings("panel_width=400\nauto_end_turn = 1\n")->autoEndTurn);
  const auto bad = parseSettings("auto_end_turn=yes");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error() == "line 1: auto_end_turn must be 0 or 1, got 'yes'");
}
