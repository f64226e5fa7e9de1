#include "app/session/recent_files.h"

#include <algorithm>
#include <filesystem>
#include <system_error>

#include "tactics/io/file_io.h"

namespace tactics::app {

namespace fs = std::filesystem;

namespace {

std::string absolute(const std::string& path) {
  std::error_code error;
  const fs::path full = fs::absolute(path, error);
  return (error ? fs::path(path) : full).lexically_normal().string();
}

}  // namespace

std::string recentFilesStore(const char* xdgConfigHome, const std::string& home) {
  const fs::path base = xdgConfigHome != nullptr && *xdgConfigHome == '/'
                            ? fs::path(xdgConfigHome)
                            : fs::path(home) / ".config";
  return (base / "tactics-grid" / "recent-files").string();
}

RecentFiles RecentFiles::load(const std::string& storePath) {
  RecentFiles recent(storePath);
  const auto bytes = readFileBytes(storePath, 64 * 1024);
  if (!bytes) return recent;
  std::string line;
  for (const std::uint8_t byte : *bytes) {
    if (byte != '\n') {
      line += static_cast<char>(byte);
      continue;
    }
    if (!line.empty() && recent.files_.size() < kMaxRecentFiles) recent.files_.push_back(line);
    line.clear();
  }
  if (!line.empty() && recent.files_.size() < kMaxRecentFiles) recent.files_.push_back(line);
  return recent;
}

void RecentFiles::add(const std::string& path) {
  const std::string full = absolute(path);
  files_.erase(std::remove_if(files_.begin(), files_.end(),
                              [&](const std::string& file) { return file == full; }),
               files_.end());
  files_.insert(files_.begin(), full);
  if (files_.size() > kMaxRecentFiles) files_.resize(kMaxRecentFiles);
}

std::optional<std::string> RecentFiles::save() const {
  if (storePath_.empty()) return std::nullopt;
  std::error_code error;
  fs::create_directories(fs::path(storePath_).parent_path(), error);
  if (error) return "cannot make the folder for " + storePath_ + ": " + error.message();
  std::vector<std::uint8_t> bytes;
  for (const std::string& file : files_) {
    bytes.insert(bytes.end(), file.begin(), file.end());
    bytes.push_back('\n');
  }
  return writeFileAtomically(storePath_, bytes);
}

}  // namespace tactics::app
