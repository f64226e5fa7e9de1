#pragma once
// Finding the demo's maps from any working directory: next to the executable (../assets or
// ./assets, from /proc/self/exe), then the source tree baked in at build time. No GL.

#include <optional>
#include <string>
#include <vector>

namespace tactics::app {

// The assets directory, if one of the candidates holds maps/.
std::optional<std::string> findAssetsDir();

// The candidates findAssetsDir() tries, in order (for error messages).
std::vector<std::string> assetCandidates();

// Map images (png, bmp, tga, jpg) and Tiled maps (tmx, tmj, json) in `dir`, sorted by name, as full paths.
std::vector<std::string> listMaps(const std::string& dir);

// Scenario files (.json) in `dir`, sorted by name, as full paths.
std::vector<std::string> listScenarios(const std::string& dir);

// "crossroads" for ".../crossroads.png".
std::string mapName(const std::string& path);

// The window's title: "tactics-grid — riverford.tmx", with " *" while there are unsaved edits.
std::string windowTitle(const std::string& file, bool unsaved);

}  // namespace tactics::app
