#pragma once
// Temporary paths for tests that run the executable: unique per test process, because ctest -j
// and other checkouts on the same machine run the same tests side by side.

#include <unistd.h>

#include <filesystem>
#include <string>

namespace tactics::testing {

// temp/<name>.<pid>
inline std::filesystem::path uniqueTempPath(const std::string& name) {
  return std::filesystem::temp_directory_path() / (name + "." + std::to_string(::getpid()));
}

}  // namespace tactics::testing
