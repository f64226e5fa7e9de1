#pragma once
// Helpers for the e2e suites: run the real tactics-grid binary (under its own Xvfb when it needs a
// window), read its screenshots, and rebuild what it shows with the CPU reference.

#include <stb_image.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "app/rules/roster.h"
#include "tactics/solver/cost_map.h"
#include "tactics/solver/grid.h"

namespace e2e {

struct Run {
  int exitCode = -1;
  std::string out;
  std::string err;
};

inline std::string readText(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

inline std::string tempPath(const std::string& name) {
  static const std::string dir = [] {
    char pattern[] = "/tmp/tactics-e2e-XXXXXX";
    const char* made = mkdtemp(pattern);
    return std::string(made ? made : "/tmp");
  }();
  return dir + "/" + name;
}

// Runs a shell command, capturing stdout and stderr.
inline Run run(const std::string& command) {
  static int counter = 0;
  const std::string base = tempPath("run" + std::to_string(++counter));
  const int status = std::system((command + " >" + base + ".out 2>" + base + ".err").c_str());
  Run result;
  result.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  result.out = readText(base + ".out");
  result.err = readText(base + ".err");
  return result;
}

// An X server of its own for each run (tests/support/xvfb-each, `xvfb-run -a` without its race
// for a display number): window tests run side by side.
inline const std::string kXvfb =
    std::string(TACTICS_SOURCE_DIR) + "/tests/support/xvfb-each -s '-screen 0 1600x1000x24' ";

inline Run demo(const std::string& args) {
  return run(std::string(kXvfb) + TACTICS_EXE + " demo " + args);
}

struct Board {
  int x0 = 0;
  int y0 = 0;
  int cell = 0;
  bool ok = false;
};

// Parses "board X0 Y0 CELL" (the whole of stdout in scripted mode).
// The last line of a scripted run is `board X0 Y0 CELL`; logged moves may come before it.
inline Board parseBoard(const std::string& out) {
  Board board;
  const auto start = out.rfind("board ");
  if (start == std::string::npos || (start > 0 && out[start - 1] != '\n')) return board;
  std::istringstream in(out.substr(start));
  std::string word;
  in >> word >> board.x0 >> board.y0 >> board.cell;
  std::string rest;
  board.ok = word == "board" && !in.fail() && !(in >> rest) && board.cell > 0;
  return board;
}

struct Image {
  int width = 0;
  int height = 0;
  std::vector<unsigned char> rgb;

  [[nodiscard]] std::array<int, 3> at(int x, int y) const {
    const auto i = (static_cast<std::size_t>(y) * static_cast<std::size_t>(width) +
                    static_cast<std::size_t>(x)) * 3;
    return {rgb[i], rgb[i + 1], rgb[i + 2]};
  }
};

inline Image loadImage(const std::string& path) {
  Image image;
  int channels = 0;
  unsigned char* pixels = stbi_load(path.c_str(), &image.width, &image.height, &channels, 3);
  if (pixels) {
    image.rgb.assign(pixels, pixels + static_cast<std::size_t>(image.width * image.height * 3));
    stbi_image_free(pixels);
  }
  return image;
}

inline std::array<int, 3> centreOf(const Image& image, const Board& board, tactics::Cell c) {
  return image.at(board.x0 + c.x * board.cell + board.cell / 2,
                  board.y0 + c.y * board.cell + board.cell / 2);
}

inline std::string crossroadsPath() {
  return std::string(TACTICS_SOURCE_DIR) + "/assets/maps/crossroads.png";
}

}  // namespace e2e
