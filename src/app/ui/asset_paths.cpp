#include "app/ui/asset_paths.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <system_error>

namespace tactics::app {

namespace fs = std::filesystem;

std::vector<std::string> assetCandidates() {
  std::vector<std::string> candidates;
#ifdef __EMSCRIPTEN__
  // The web build's page preloads them here (web/CMakeLists.txt).
  candidates.emplace_back("/assets");
#endif
  std::error_code error;
  const fs::path exe = fs::read_symlink("/proc/self/exe", error);
  if (!error) {
    candidates.push_back((exe.parent_path() / "assets").string());
    candidates.push_back((exe.parent_path().parent_path() / "assets").string());
    candidates.push_back((exe.parent_path().parent_path() / "share/tactics-grid/assets").string());
  }
#if defined(TACTICS_SOURCE_DIR) && !defined(__EMSCRIPTEN__)
  candidates.push_back(std::string(TACTICS_SOURCE_DIR) + "/assets");
#endif
  return candidates;
}

std::optional<std::string> findAssetsDir() {
  for (const std::string& dir : assetCandidates()) {
    std::error_code error;
    if (fs::is_directory(fs::path(dir) / "maps", error)) return dir;
  }
  return std::nullopt;
}

std::vector<std::string> listMaps(const std::string& dir) {
  std::vector<std::string> maps;
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(dir, error)) {
    std::string extension = entry.path().extension().string();
    std::transform(extension.begin(), extension.end(), extension.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (entry.is_regular_file(error) &&
        (extension == ".png" || extension == ".bmp" || extension == ".tga" ||
         extension == ".jpg" || extension == ".jpeg" || extension == ".tmx" ||
         extension == ".tmj" || extension == ".json")) {
      maps.push_back(entry.path().string());
    }
  }
  std::sort(maps.begin(), maps.end());
  return maps;
}

std::vector<std::string> listScenarios(const std::string& dir) {
  std::vector<std::string> scenarios;
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(dir, error)) {
    if (entry.is_regular_file(error) && entry.path().extension() == ".json") {
      scenarios.push_back(entry.path().string());
    }
  }
  std::sort(scenarios.begin(), scenarios.end());
  return scenarios;
}

std::string mapName(const std::string& path) { return fs::path(path).stem().string(); }

std::string windowTitle(const std::string& file, bool unsaved) {
  return "tactics-grid — " + fs::path(file).filename().string() + (unsaved ? " *" : "");
}

}  // namespace tactics::app
