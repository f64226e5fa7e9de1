#include "core/file_io.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

#include <unistd.h>

namespace tactics {

namespace fs = std::filesystem;

std::optional<std::string> checkWritable(const std::string& path) {
  if (path.empty()) return "the output path is empty";
  const fs::path file(path);
  std::error_code ec;
  if (fs::is_directory(file, ec)) return "'" + path + "' is a directory, not a file";
  const fs::path dir = file.parent_path().empty() ? fs::path(".") : file.parent_path();
  if (!fs::is_directory(dir, ec)) {
    return "cannot write '" + path + "': directory '" + dir.string() + "' does not exist";
  }
  if (access(dir.c_str(), W_OK) != 0) {
    return "cannot write '" + path + "': directory '" + dir.string() + "' is not writable";
  }
  return std::nullopt;
}

std::optional<std::string> writeFileAtomically(const std::string& path,
                                               const std::vector<std::uint8_t>& bytes) {
  if (auto problem = checkWritable(path)) return problem;
  const std::string temporary = path + ".tmp-" + std::to_string(getpid());
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out) return "cannot write '" + path + "': " + std::strerror(errno);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    out.close();
    if (!out) {
      std::remove(temporary.c_str());
      return "cannot write '" + path + "': the write failed";
    }
  }
  std::error_code ec;
  fs::rename(temporary, path, ec);
  if (ec) {
    std::remove(temporary.c_str());
    return "cannot write '" + path + "': " + ec.message();
  }
  return std::nullopt;
}

}  // namespace tactics
