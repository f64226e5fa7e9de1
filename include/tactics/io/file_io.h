#pragma once
// Input files are read whole or give a reason; output files appear whole or not at all.

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "tactics/solver/expected.h"

namespace tactics {

// All of a regular file's bytes, or why not, in a few words for an error line: "no such file",
// "not a regular file", "Permission denied", "larger than N bytes" (over `maxBytes`), or the
// read's own error ("Input/output error"). Never throws for a file that cannot be read.
Expected<std::vector<std::uint8_t>> readFileBytes(
    const std::string& path, std::uintmax_t maxBytes = std::numeric_limits<std::uintmax_t>::max());

struct OutputFile {
  std::string path;
  std::vector<std::uint8_t> bytes;
};

// Checks that `path` could be written, so a command can refuse a bad output path before doing
// any work: not a directory, and either a writable special file (a terminal, /dev/stdout) or a
// file whose directory exists and is writable. Symbolic links are followed.
std::optional<std::string> checkWritable(const std::string& path);

// True when two paths name the same file: the same device and inode when both exist (hard
// links, /dev/stdout), else the same path once links and "." / ".." are resolved.
bool sameFile(const std::string& a, const std::string& b);

// True when `path` is this process's standard output (/dev/stdout, or the file it goes to).
bool isStandardOutput(const std::string& path);

// Writes all files or none. A regular file (new or existing, through any symbolic link) is
// staged in a temporary file beside it, keeping an existing file's permissions, and renamed into
// place once every file is staged; a special file (a terminal, a pipe, /dev/stdout) is written
// directly, after the staging and before the renames; a pipe nobody reads is an error, not a
// hang. What a special file received cannot be taken back if a later one fails. Returns an
// error message on failure, with every temporary file removed.
std::optional<std::string> writeFiles(const std::vector<OutputFile>& files);

inline std::optional<std::string> writeFileAtomically(const std::string& path,
                                                      const std::vector<std::uint8_t>& bytes) {
  return writeFiles({OutputFile{path, bytes}});
}

}  // namespace tactics
