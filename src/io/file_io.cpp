#include "tactics/io/file_io.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tactics {

namespace fs = std::filesystem;

namespace {

// The file a path names once symbolic links are followed, even a link to a file that does not
// exist yet (the path itself when it is new).
fs::path resolve(const std::string& path) {
  std::error_code ec;
  fs::path p = fs::absolute(fs::path(path), ec);
  if (ec) return fs::path(path);
  for (int hops = 0; hops < 40 && fs::is_symlink(p, ec); ++hops) {
    const fs::path link = fs::read_symlink(p, ec);
    if (ec) break;
    p = link.is_absolute() ? link : p.parent_path() / link;
  }
  const fs::path resolved = fs::weakly_canonical(p, ec);
  return ec ? p : resolved;
}

// A terminal, a pipe, a device: something that exists, reached through any links, and is
// neither a regular file nor a directory. It can only be written to, not replaced. (stat()
// rather than path resolution, so that /dev/stdout -> /proc/self/fd/1 -> pipe:[...] works.)
bool isSpecial(const std::string& path) {
  struct stat info {};
  return ::stat(path.c_str(), &info) == 0 && !S_ISREG(info.st_mode) && !S_ISDIR(info.st_mode);
}

std::string cannotWrite(const std::string& path, const std::string& why) {
  return "cannot write '" + path + "': " + why;
}

// Writes all of `bytes` to an open descriptor.
bool writeAll(int fd, const std::vector<std::uint8_t>& bytes) {
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

struct Staged {
  fs::path temporary;
  fs::path target;
};

void removeAll(const std::vector<Staged>& staged) {
  for (const Staged& s : staged) ::unlink(s.temporary.c_str());
}

}  // namespace

Expected<std::vector<std::uint8_t>> readFileBytes(const std::string& path,
                                                  std::uintmax_t maxBytes) {
  // A NUL would end the name early: "map.png\0x" (from a JSON "\u0000") must not open map.png.
  if (path.find('\0') != std::string::npos) return Error{"the name holds a NUL character"};
  // A name too long, or a directory on the way that cannot be searched, is its own reason.
  std::error_code ec;
  const fs::file_status status = fs::status(path, ec);
  if (status.type() == fs::file_type::not_found) return Error{"no such file"};
  if (ec) return Error{ec.message()};
  if (!fs::is_regular_file(status)) return Error{"not a regular file"};
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return Error{std::strerror(errno)};
  // A file's size can change or lie (/proc): read until the end, up to the limit.
  std::vector<std::uint8_t> bytes;
  std::uint8_t chunk[65536];
  for (;;) {
    const ssize_t n = ::read(fd, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const std::string why = std::strerror(errno);
      ::close(fd);
      return Error{why};
    }
    if (n == 0) break;
    if (bytes.size() + static_cast<std::size_t>(n) > maxBytes) {
      ::close(fd);
      return Error{"larger than " + std::to_string(maxBytes) + " bytes"};
    }
    bytes.insert(bytes.end(), chunk, chunk + n);
  }
  ::close(fd);
  return bytes;
}

std::optional<std::string> checkWritable(const std::string& path) {
  if (path.empty()) return "the output path is empty";
  if (isSpecial(path)) {
    if (::access(path.c_str(), W_OK) != 0) return cannotWrite(path, std::strerror(errno));
    return std::nullopt;
  }
  const fs::path target = resolve(path);
  std::error_code ec;
  if (fs::is_directory(target, ec)) return cannotWrite(path, "it is a directory");
  const fs::path dir = target.parent_path().empty() ? fs::path(".") : target.parent_path();
  if (!fs::is_directory(dir, ec)) {
    return cannotWrite(path, "directory '" + dir.string() + "' does not exist");
  }
  if (::access(dir.c_str(), W_OK) != 0) {
    return cannotWrite(path, "directory '" + dir.string() + "' is not writable");
  }
  if (fs::exists(target, ec) && ::access(target.c_str(), W_OK) != 0) {
    return cannotWrite(path, "the file is not writable");
  }
  return std::nullopt;
}

bool sameFile(const std::string& a, const std::string& b) {
  struct stat first {};
  struct stat second {};
  if (::stat(a.c_str(), &first) == 0 && ::stat(b.c_str(), &second) == 0) {
    return first.st_dev == second.st_dev && first.st_ino == second.st_ino;
  }
  return resolve(a) == resolve(b);
}

bool isStandardOutput(const std::string& path) {
  struct stat file {};
  struct stat out {};
  return ::stat(path.c_str(), &file) == 0 && ::fstat(STDOUT_FILENO, &out) == 0 &&
         file.st_dev == out.st_dev && file.st_ino == out.st_ino;
}

namespace {

// Writes a regular file's bytes to a new temporary file beside its target, added to `staged`;
// a new file gets 0666 less `mask`, an existing one keeps its mode.
std::optional<std::string> stageFile(const OutputFile& file, mode_t mask,
                                     std::vector<Staged>& staged) {
  const fs::path target = resolve(file.path);
  const fs::path dir = target.parent_path().empty() ? fs::path(".") : target.parent_path();
  std::string name = (dir / ".tactics-grid-XXXXXX").string();
  const int fd = ::mkstemp(name.data());
  if (fd < 0) return cannotWrite(file.path, std::strerror(errno));
  staged.push_back({name, target});
  struct stat existing {};
  // A new file: 0666 less the umask, and always readable and writable by its owner (the web
  // build's C library reports a umask that would leave no bits at all).
  const mode_t mode = ::stat(target.c_str(), &existing) == 0 ? (existing.st_mode & 07777)
                                                            : ((0666 & ~mask) | 0600);
  const bool written = ::fchmod(fd, mode) == 0 && writeAll(fd, file.bytes);
  const int writeErrno = errno;
  if (::close(fd) != 0 || !written) {
    return cannotWrite(file.path, std::strerror(written ? errno : writeErrno));
  }
  return std::nullopt;
}

// Writes into a special file (a pipe, a device), which cannot be replaced, only written to.
std::optional<std::string> writeSpecial(const OutputFile& file) {
  // Non-blocking open: a pipe with no reader fails (ENXIO) instead of waiting forever.
  const int fd = ::open(file.path.c_str(), O_WRONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) {
    return cannotWrite(file.path,
                       errno == ENXIO ? "no process is reading it" : std::strerror(errno));
  }
  const int flags = ::fcntl(fd, F_GETFL);
  const bool written = flags >= 0 && ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) == 0 &&
                       writeAll(fd, file.bytes);
  const int writeErrno = errno;
  ::close(fd);
  if (!written) return cannotWrite(file.path, std::strerror(writeErrno));
  return std::nullopt;
}

}  // namespace

std::optional<std::string> writeFiles(const std::vector<OutputFile>& files) {
  for (const OutputFile& file : files) {
    if (auto problem = checkWritable(file.path)) return problem;
  }
  const mode_t mask = ::umask(0);
  ::umask(mask);
  // Stage every regular file beside its target, then write the special ones; a failure removes
  // what was staged.
  std::vector<Staged> staged;
  for (const OutputFile& file : files) {
    if (isSpecial(file.path)) continue;
    if (auto problem = stageFile(file, mask, staged)) {
      removeAll(staged);
      return problem;
    }
  }
  for (const OutputFile& file : files) {
    if (!isSpecial(file.path)) continue;
    if (auto problem = writeSpecial(file)) {
      removeAll(staged);
      return problem;
    }
  }
  // Then every staged file in place of its target.
  for (std::size_t i = 0; i < staged.size(); ++i) {
    if (::rename(staged[i].temporary.c_str(), staged[i].target.c_str()) != 0) {
      const std::string why = std::strerror(errno);
      removeAll({staged.begin() + static_cast<std::ptrdiff_t>(i), staged.end()});
      return cannotWrite(staged[i].target.string(), why);
    }
  }
  return std::nullopt;
}

}  // namespace tactics
