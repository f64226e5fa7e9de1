// The Open... field's recent files (session/recent_files.h): newest first, each once, at most
// kMaxRecentFiles, kept across runs in the user's config folder.
#include <catch2/catch.hpp>

#include <filesystem>

#include "app/session/recent_files.h"
#include "temp_paths.h"

using namespace tactics::app;
namespace fs = std::filesystem;

TEST_CASE("recent files: newest first, each once, at most ten, kept across runs",
          "[recent_files]") {
  const fs::path dir = tactics::testing::uniqueTempPath("recent_files");
  fs::remove_all(dir);
  const std::string store = (dir / "tactics-grid/recent-files").string();
  RecentFiles recent = RecentFiles::load(store);  // nothing there yet
  CHECK(recent.files().empty());
  recent.add("/maps/a.png");
  recent.add("/maps/b.json");
  recent.add("/maps/../maps/a.png");  // the same file again moves to the top
  CHECK(recent.files() == std::vector<std::string>{"/maps/a.png", "/maps/b.json"});
  recent.add("relative.tmx");  // made absolute
  CHECK(fs::path(recent.files().front()).is_absolute());
  for (int i = 0; i < 20; ++i) recent.add("/many/" + std::to_string(i) + ".png");
  CHECK(recent.files().size() == kMaxRecentFiles);
  CHECK(recent.files().front() == "/many/19.png");
  REQUIRE_FALSE(recent.save());  // the folder is made
  CHECK(RecentFiles::load(store).files() == recent.files());
  fs::remove_all(dir);
}

TEST_CASE("recent files: the store is in XDG_CONFIG_HOME, else ~/.config", "[recent_files]") {
  CHECK(recentFilesStore("/xdg", "/home/me") == "/xdg/tactics-grid/recent-files");
  CHECK(recentFilesStore(nullptr, "/home/me") == "/home/me/.config/tactics-grid/recent-files");
  // A relative XDG_CONFIG_HOME is ignored, as the XDG spec says.
  CHECK(recentFilesStore("rel", "/home/me") == "/home/me/.config/tactics-grid/recent-files");
}
