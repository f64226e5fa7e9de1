#pragma once
// The arguments of `tactics-grid solve` (SPEC §5), parsed strictly: a pure function from the
// argument list to options or one error message.

#include <optional>
#include <string>
#include <vector>

#include "tactics/gpu/headless_context.h"
#include "tactics/solver/backend.h"
#include "tactics/solver/expected.h"
#include "tactics/solver/range_query.h"

namespace tactics::cli {

struct SolveArguments {
  std::string mapPath;
  std::optional<std::string> scenarioPath;  // --scenario: the map and units come from it
  RangeQuery query;                       // cells not yet checked against the map
  bool moveGiven = false;                 // --move given (overrides the scenario's unit)
  bool attackGiven = false;               // --attack given (overrides the scenario's unit)
  bool skillsGiven = false;               // --skills given (replaces the scenario's unit's)
  // --class NAME: with --map already resolved into query.movement (a preset); with --scenario
  // resolved against its classes when it is loaded (overrides the unit's class)
  std::optional<std::string> className;
  std::optional<GridLayout> grid;  // --grid: the layout of an image --map (SPEC §13)
  Backend backend = Backend::Gpu;
  gpu::GlApi gl = gpu::GlApi::Core;  // --gl: the headless context's API
  std::optional<std::string> jsonPath;    // "-" means stdout
  std::optional<std::string> statePngPath;
  bool sight = false;  // --sight (SPEC §11.8), with the terrains --blocks-sight names
  std::optional<std::vector<std::string>> blocksSight;
  bool help = false;                      // --help: print the usage, nothing else
};

inline constexpr const char* kSolveUsage =
    "usage: tactics-grid solve --map FILE --unit X,Y --move N [--attack MAX | --attack MIN-MAX]\n"
    "                          [--enemy X,Y]... [--ally X,Y]... [--grid LAYOUT]\n"
    "                          [--costs C0,C1,C2,C3,C4 | --class NAME]\n"
    "                          [--zoc] [--sight [--blocks-sight NAMES]] [--skills LIST]\n"
    "                          [--ignore-units]\n"
    "                          [--backend gpu|cpu|compute|auto] [--gl core|es] [--json FILE|-]\n"
    "                          [--state-png FILE]\n"
    "       tactics-grid solve --scenario FILE --unit X,Y [--move N] [--attack ...]\n"
    "                          [--class NAME] [--skills LIST] [--ignore-units]\n"
    "                          [--backend gpu|cpu|compute|auto] [--gl core|es] [--json FILE|-]\n"
    "                          [--state-png FILE]\n"
    "  --scenario FILE     a scenario (SPEC 6): the unit at --unit moves with its own class and\n"
    "                      ranges (--move, --attack and --class override them); the others\n"
    "                      block it as their teams say. Not with --map, --enemy, --ally or\n"
    "                      --costs\n"
    "  --map FILE          the map: a greyscale image, one pixel per cell (PNG or any image\n"
    "                      stb_image reads); terrain class = min(4, grey / 51); or a Tiled\n"
    "                      map (.tmx, .tmj, .json) whose tiles name their terrain\n"
    "  --grid LAYOUT       an image --map's grid (SPEC 13): square (default), hex-y-odd,\n"
    "                      hex-y-even, hex-x-odd or hex-x-even, as Tiled's stagger axis and\n"
    "                      index name them. A Tiled map and a scenario give their own: not\n"
    "                      with them. On hex boards --json adds \"layout\" and parents are the\n"
    "                      digits 0-5 of SPEC 13's neighbour order\n"
    "  --unit X,Y          the moving unit's cell (x from the left, y from the top)\n"
    "  --move N            Movement Range, 0..255\n"
    "  --attack MIN-MAX    attack range in Manhattan (hex) distance, 1 <= MIN <= MAX <= 255;\n"
    "                      N means 1-N, 0 means none (default 1); or a set of 2..8 ranges\n"
    "                      MIN-MAX or N, where N means exactly N: 1,3 (no 2), 1-2,4-10\n"
    "  --enemy X,Y         an enemy (impassable); repeat for more\n"
    "  --ally X,Y          an ally (can be crossed, not stopped on); repeat for more\n"
    "  --costs C0,..,C4    cost of entering each terrain class, 1..15 or x (default 1,2,4,8,x)\n"
    "  --class NAME        a movement class by name instead of --costs: a preset (foot,\n"
    "                      mounted, armour, flier) or, with --scenario, one of its classes\n"
    "  --zoc               zone of control (SPEC 11.2): a cell next to an enemy may be entered\n"
    "                      and stopped on, but travel goes no further. Only with --map: a\n"
    "                      scenario's \"rules\" decide it\n"
    "  --sight             line of sight (SPEC 11.8): a cell in attack range is attackable only\n"
    "                      when no sight-blocking cell lies between it and a stopping cell that\n"
    "                      reaches it. Square boards, --map only\n"
    "  --blocks-sight NAMES  the terrains that block sight, comma-separated (default: the one\n"
    "                      at index 4, wall; \"\" for none). Only with --sight\n"
    "  --skills LIST       the unit's skills, comma-separated: pass (cross enemies like allies),\n"
    "                      skirmisher (ignore zone of control); \"\" for none. With --scenario\n"
    "                      it replaces the unit's skills\n"
    "  --ignore-units      solve as if no other unit stood on the board (SPEC 11.6)\n"
    "  --backend B         gpu: GLSL fragment passes in a headless OpenGL 3.3 context (default);\n"
    "                      cpu: the CPU reference; compute: one compute dispatch (OpenGL 4.3);\n"
    "                      auto: the one expected fastest for the job here (gpu today). All give\n"
    "                      the same answer; --json's \"backend\" names the one that ran\n"
    "  --gl core|es        the headless context: OpenGL 3.3 core (4.3 for compute; the default)\n"
    "                      or OpenGL ES 3.0; the answers are the same bytes. compute on es exits 3\n"
    "  --json FILE|-       write the result as JSON (- for standard output)\n"
    "  --state-png FILE    write the state texture as an RGBA PNG\n"
    "Without --json the result is printed as a grid. Exit 0 on success, 2 on bad input (one\n"
    "`error:` line), 3 when no OpenGL 3.3 context (4.3 for compute) can be made.\n";

// `args` excludes the program name and the word "solve".
Expected<SolveArguments> parseSolveArguments(const std::vector<std::string>& args);

}  // namespace tactics::cli
