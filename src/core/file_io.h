#pragma once
// Output files appear whole or not at all.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tactics {

// Checks that `path` could be created: its directory exists and is writable, and it is not a
// directory itself. Lets a command refuse a bad output path before doing any work.
std::optional<std::string> checkWritable(const std::string& path);

// Writes to a temporary file beside `path`, then renames it into place. Returns an error message
// on failure, after removing the temporary file.
std::optional<std::string> writeFileAtomically(const std::string& path,
                                               const std::vector<std::uint8_t>& bytes);

}  // namespace tactics
