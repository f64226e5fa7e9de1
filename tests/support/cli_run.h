#pragma once
// Running the real tactics-grid executable from a test: exit code, stdout and stderr, in a
// scratch directory of the test's own (so suites running side by side never share one).

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <sys/wait.h>

#include "temp_paths.h"

namespace tactics::testing {

struct Run {
  int exitCode = -1;
  std::string out;
  std::string err;
};

inline std::string slurp(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

inline void writeText(const std::filesystem::path& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

// An empty directory named after `name` (and this process) under the temporary directory.
inline std::filesystem::path scratchDirectory(const std::string& name) {
  const auto dir = uniqueTempPath(name);
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

// Runs the executable with `args` (shell-quoted where needed) from `dir`. Its output goes
// through files of this process's own, outside `dir`, so `dir` holds only what the command wrote.
// Standard input comes from `input` (nothing, by default).
inline Run runTacticsGrid(const std::string& args, const std::filesystem::path& dir,
                          const std::filesystem::path& input = "/dev/null") {
  static int counter = 0;
  const auto outFile = uniqueTempPath("tg_stdout_" + std::to_string(++counter));
  const auto errFile = uniqueTempPath("tg_stderr_" + std::to_string(counter));
  const std::string command = "cd '" + dir.string() + "' && '" TACTICS_EXE "' " + args + " >'" +
                              outFile.string() + "' 2>'" + errFile.string() + "' <'" + input.string() +
                              "'";
  const int status = std::system(command.c_str());
  Run r;
  r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = slurp(outFile);
  r.err = slurp(errFile);
  std::filesystem::remove(outFile);
  std::filesystem::remove(errFile);
  return r;
}

// A bad input: exit 2, one line on stderr starting "error: " that holds `mention`, nothing on
// stdout, and no file left in `dir` (which starts empty).
inline void requireRefusedIn(const std::filesystem::path& dir, const std::string& args,
                             const std::string& mention) {
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const Run r = runTacticsGrid(args, dir);
  INFO("args: " << args << "\nstderr: " << r.err);
  CHECK(r.exitCode == 2);
  CHECK(r.err.rfind("error: ", 0) == 0);
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  CHECK(r.err.find(mention) != std::string::npos);
  CHECK(r.out.empty());
  CHECK(std::filesystem::is_empty(dir));
}

}  // namespace tactics::testing
