#pragma once
// The files the demo opened or saved last, remembered across runs so that the panel's Open…
// field offers them again: newest first, at most kMaxRecentFiles, each once. Kept in
// $XDG_CONFIG_HOME/tactics-grid/recent-files (~/.config/... without it), one full path a line,
// written whole or not at all. No GL.

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace tactics::app {

inline constexpr std::size_t kMaxRecentFiles = 10;

class RecentFiles {
 public:
  RecentFiles() = default;
  explicit RecentFiles(std::string storePath) : storePath_(std::move(storePath)) {}

  // The list in `storePath`, or an empty one when it does not exist or cannot be read.
  static RecentFiles load(const std::string& storePath);

  // `path` (made absolute) goes first; an older entry for the same file goes away.
  void add(const std::string& path);
  [[nodiscard]] const std::vector<std::string>& files() const { return files_; }

  // Writes the list to its store (making the folder); returns why not.
  [[nodiscard]] std::optional<std::string> save() const;

 private:
  std::string storePath_;
  std::vector<std::string> files_;
};

// $XDG_CONFIG_HOME/tactics-grid/recent-files, or HOME/.config/tactics-grid/recent-files.
std::string recentFilesStore(const char* xdgConfigHome, const std::string& home);

}  // namespace tactics::app
