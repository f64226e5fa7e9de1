#pragma once
// Output files appear whole or not at all.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tactics {

struct OutputFile {
  std::string path;
  std::vector<std::uint8_t> bytes;
};

// Checks that `path` could be written, so a command can refuse a bad output path before doing
// any work: not a directory, and either a writable special file (a terminal, /dev/stdout) or a
// file whose directory exists and is writable. Symbolic links are followed.
std::optional<std::string> checkWritable(const std::string& path);

// True when two paths name the same file once symbolic links and "." / ".." are resolved.
bool sameFile(const std::string& a, const std::string& b);

// Writes all files or none. A regular file (new or existing, through any symbolic link) is
// staged in a temporary file beside it and renamed into place once every file is staged; a
// special file (a terminal, a pipe, /dev/stdout) is written directly. Returns an error message
// on failure, with every temporary file removed.
std::optional<std::string> writeFiles(const std::vector<OutputFile>& files);

inline std::optional<std::string> writeFileAtomically(const std::string& path,
                                                      const std::vector<std::uint8_t>& bytes) {
  return writeFiles({OutputFile{path, bytes}});
}

}  // namespace tactics
