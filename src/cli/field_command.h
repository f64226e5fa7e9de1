#pragma once

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "cli/map_board.h"
#include "tactics/gpu/headless_context.h"
#include "tactics/solver/backend.h"
#include "tactics/solver/expected.h"

namespace tactics::cli {

class CommandEnv;

struct FieldArguments {
  std::string scenarioPath;            // empty with --map
  std::optional<std::string> mapPath;  // --map: the board is the map and the cells below
  std::optional<GridLayout> grid;      // --grid: the layout of an image --map (SPEC §13)
  BoardCells cells;
  std::string teamName;
  std::string className;
  Backend backend = Backend::Auto;      // SPEC §10: auto unless --backend says otherwise
  gpu::GlApi gl = gpu::GlApi::Core;     // --gl: the headless context's API
  std::optional<std::string> jsonPath;  // "-" means stdout
  bool help = false;
};

// The flags alone, strictly: a pure function, no file is read. `args` as for runField.
Expected<FieldArguments> parseFieldArguments(const std::vector<std::string>& args);

// `tactics-grid field ...` (SPEC §10): `args` excludes the program name and "field".
// With `env`, its files and solvers come from there (SPEC §12's server lends its own);
// without, from a FileEnv: the files read and a context made for this one command.
int runField(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
             CommandEnv& env);
int runField(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace tactics::cli
