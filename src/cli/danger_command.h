#pragma once
// `tactics-grid danger`: the danger zone of a scenario's enemies, or of enemies placed on a map
// (SPEC §7), as a grid for people or as JSON.

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "cli/map_board.h"
#include "tactics/gpu/headless_context.h"
#include "tactics/solver/backend.h"
#include "tactics/solver/expected.h"
#include "tactics/solver/grid.h"
#include "tactics/solver/units.h"

namespace tactics::cli {

class CommandEnv;

inline constexpr const char* kDangerUsage =
    "usage: tactics-grid danger --scenario FILE [--backend gpu|cpu|compute|auto] [--gl core|es] "
    "[--json FILE|-]\n"
    "       tactics-grid danger --map FILE --enemy X,Y... --move N [--attack SET]\n"
    "                           [--costs C0,..,C4 | --class NAME] [--unit X,Y] [--ally X,Y]...\n"
    "                           [--zoc] [--sight [--blocks-sight NAMES]] [--grid LAYOUT]\n"
    "                           [--backend ...] [--json FILE|-]\n"
    "  --scenario FILE     a scenario (SPEC 6): its enemies' threat, each solved with its own\n"
    "                      class, move and attack range, players and allies blocking it\n"
    "  --map FILE          instead of --scenario: an image or Tiled map, with the units below\n"
    "  --grid LAYOUT       an image --map's grid (SPEC 13): square (default), hex-y-odd,\n"
    "                      hex-y-even, hex-x-odd or hex-x-even; not with a Tiled map\n"
    "  --enemy X,Y         an enemy's cell; repeat for more. Every enemy moves with the same\n"
    "  --move N            Movement Range, 0..255 (required with --map)\n"
    "  --attack SET        attack range MIN-MAX, N meaning 1-N, 0 none (default 1); or a set of\n"
    "                      2..8 ranges, N meaning exactly N there: 1,3 (no 2) or 1-2,4-10\n"
    "  --costs C0,..,C4    and the same movement class: five costs, 1..15 or x (default foot)\n"
    "  --class NAME        or a class by name: foot, mounted, armour or flier\n"
    "  --unit X,Y          a player unit's cell: it blocks the enemies and can be hit\n"
    "  --ally X,Y          an ally's cell, the player's side too; repeat for more\n"
    "  --zoc               zone of control (SPEC 11.2): each enemy halts next to a player or an\n"
    "                      ally. Only with --map: a scenario's \"rules\" decide it\n"
    "  --sight             line of sight (SPEC 11.8): a cell is threatened only when in sight of\n"
    "                      an enemy's stopping cell in range. Square boards, --map only\n"
    "  --blocks-sight NAMES  the terrains that block sight, comma-separated (default wall; \"\"\n"
    "                      for none). Only with --sight\n"
    "  --backend B         gpu: one batched GLSL solve for every enemy in a headless OpenGL 3.3\n"
    "                      context (default); cpu: the CPU reference; compute: one compute\n"
    "                      dispatch per enemy (OpenGL 4.3); auto: the one expected fastest here\n"
    "                      (gpu today). All give the same counts\n"
    "  --gl core|es        the headless context: OpenGL 3.3 core (4.3 for compute; the default)\n"
    "                      or OpenGL ES 3.0; the answers are the same bytes. compute on es exits "
    "3\n"
    "  --json FILE|-       write {\"width\":W,\"height\":H,\"backend\":B,\"count\":[H\n"
    "                      arrays of W ints]}, B naming the backend that ran\n"
    "Without --json the counts are printed as a grid: . no enemy, 1-9 enemies, + 10 or more.\n"
    "Exit 0 on success, 2 on bad input (one `error:` line), 3 when no OpenGL 3.3 context (4.3\n"
    "for compute) can be made.\n";

struct DangerArguments {
  std::optional<std::string> scenarioPath;
  std::optional<std::string> mapPath;  // --map: the board is the cells and the enemy below
  std::optional<GridLayout> grid;      // --grid: the layout of an image --map (SPEC §13)
  BoardCells cells;
  Unit enemy;  // --move, --attack and --costs/--class: every --map enemy's
  Backend backend = Backend::Gpu;
  gpu::GlApi gl = gpu::GlApi::Core;     // --gl: the headless context's API
  std::optional<std::string> jsonPath;  // "-" means stdout
  bool zoc = false;                     // --zoc: zone of control on a --map board (SPEC §11.2)
  bool sight = false;                   // --sight: line of sight on a --map board (SPEC §11.8)
  std::optional<std::vector<std::string>> blocksSight;  // --blocks-sight
  bool help = false;
};

// The flags alone, strictly: a pure function, no file is read. `args` as for runDanger.
Expected<DangerArguments> parseDangerArguments(const std::vector<std::string>& args);

// `args` excludes the program name and "danger".
// With `env`, its files and solvers come from there (SPEC §12's server lends its own);
// without, from a FileEnv: the files read and a context made for this one command.
int runDanger(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
              CommandEnv& env);
int runDanger(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// {"width":W,"height":H,"backend":"B","count":[[...],...]} with one row per line, and a newline
// at the end; B names the backend that ran (never auto).
std::string formatDangerJson(const Grid<std::uint8_t>& count, Backend backend);

}  // namespace tactics::cli
