#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "tactics/solver/expected.h"

namespace tactics::cli {

inline constexpr const char* kImportTiledUsage =
    "usage: tactics-grid import-tiled MAP --out FILE.png\n"
    "  MAP            a Tiled map: .tmx (XML) or .tmj/.json (JSON), orthogonal or hexagonal, finite;\n"
    "                 a hexagonal one's PNG reads back with the --grid the summary names; each\n"
    "                 cell's terrain comes from the topmost layer whose tile has a `terrain`\n"
    "                 property (plains, forest, hills, mountains, wall or 0..4) or such a class\n"
    "  --out FILE.png where to write the cost map: one grey pixel per cell, with the canonical\n"
    "                 greys 0, 76, 127, 178, 255 (plains .. wall)\n";

struct ImportTiledArguments {
  std::string mapPath;
  std::string outPath;
  bool help = false;
};

// The words alone, strictly: a pure function, no file is read. `args` as for runImportTiled.
Expected<ImportTiledArguments> parseImportTiledArguments(const std::vector<std::string>& args);

// `tactics-grid import-tiled ...`: `args` excludes the program name and "import-tiled".
int runImportTiled(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace tactics::cli
