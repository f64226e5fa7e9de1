#include "app/ui/saved_settings.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace tactics::app {

namespace {

std::string trim(const std::string& text) {
  const auto first = text.find_first_not_of(" \t\r");
  if (first == std::string::npos) return "";
  const auto last = text.find_last_not_of(" \t\r");
  return text.substr(first, last - first + 1);
}

}  // namespace

std::optional<std::string> settingsPath(const char* xdgConfigHome, const char* home) {
  if (xdgConfigHome != nullptr && *xdgConfigHome != '\0') {
    return std::string(xdgConfigHome) + "/tactics-grid/demo.ini";
  }
  if (home != nullptr && *home != '\0') return std::string(home) + "/.config/tactics-grid/demo.ini";
  return std::nullopt;
}

// One known key's value into `settings`; the reason when the value is bad.
std::optional<std::string> readSetting(const std::string& key, const std::string& value,
                                       SavedSettings& settings) {
  if (key == "auto_end_turn") {
    if (value != "0" && value != "1") return "auto_end_turn must be 0 or 1, got '" + value + "'";
    settings.autoEndTurn = value == "1";
    return std::nullopt;
  }
  if (key != "panel_width") return std::nullopt;  // unknown keys: a newer demo's
  int width = 0;
  std::size_t used = 0;
  try {
    width = std::stoi(value, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != value.size()) {
    return "panel_width must be a whole number of pixels, got '" + value + "'";
  }
  settings.panelWidth = std::clamp(width, kMinPanelWidth, kMaxPanelWidth);
  return std::nullopt;
}

Expected<SavedSettings> parseSettings(const std::string& text) {
  SavedSettings settings;
  std::istringstream lines(text);
  std::string line;
  int number = 0;
  while (std::getline(lines, line)) {
    ++number;
    const std::string content = trim(line);
    if (content.empty() || content[0] == '#' || content[0] == ';') continue;
    const auto equals = content.find('=');
    if (equals == std::string::npos) {
      return Error{"line " + std::to_string(number) + ": expected key=value, got '" + content +
                   "'"};
    }
    if (auto problem = readSetting(trim(content.substr(0, equals)),
                                   trim(content.substr(equals + 1)), settings)) {
      return Error{"line " + std::to_string(number) + ": " + *problem};
    }
  }
  return settings;
}

std::string formatSettings(const SavedSettings& settings) {
  return "# tactics-grid demo: what the window remembers between runs\npanel_width=" +
         std::to_string(settings.panelWidth) + "\nauto_end_turn=" +
         (settings.autoEndTurn ? "1" : "0") + "\n";
}

Expected<SavedSettings> loadSettings(const std::string& path) {
  std::ifstream in(path);
  if (!in) {
    if (!std::filesystem::exists(path)) return SavedSettings{};
    return Error{"cannot read '" + path + "': " + std::strerror(errno)};
  }
  std::stringstream text;
  text << in.rdbuf();
  auto parsed = parseSettings(text.str());
  if (!parsed) return Error{path + ": " + parsed.error()};
  return parsed;
}

std::optional<std::string> saveSettings(const std::string& path, const SavedSettings& settings) {
  const std::filesystem::path file(path);
  std::error_code error;
  if (file.has_parent_path()) std::filesystem::create_directories(file.parent_path(), error);
  if (error) return "cannot create '" + file.parent_path().string() + "': " + error.message();
  const std::string temporary = path + ".tmp";
  {
    std::ofstream out(temporary, std::ios::trunc);
    out << formatSettings(settings);
    if (!out.flush()) return "cannot write '" + temporary + "'";
  }
  std::filesystem::rename(temporary, file, error);
  if (error) return "cannot write '" + path + "': " + error.message();
  return std::nullopt;
}

}  // namespace tactics::app
