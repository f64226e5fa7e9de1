#pragma once
// The flags of the board commands (SPEC §5), each defined once: how it is spelled, what a serve
// request's key holds for it (SPEC §12) and how its value is read. The commands take them in
// groups (command_flags.cpp): a flag added to the board group is taken by solve, danger and
// field, and by serve's requests for them, with nothing else to change but the help texts.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/map_board.h"
#include "cmdline/command_line.h"
#include "tactics/gpu/headless_context.h"
#include "tactics/solver/backend.h"
#include "tactics/solver/cost_map.h"
#include "tactics/solver/expected.h"
#include "tactics/solver/sight.h"
#include "tactics/solver/expected.h"
#include "tactics/solver/range_query.h"
#include "tactics/solver/skills.h"

namespace tactics::cli {

// What a serve request's key holds for a flag (SPEC §12). None: a request has no such key; the
// server sets the flag itself (--json -, --gl) or a request may not (--state-png: no files).
enum class RequestValue : std::uint8_t {
  None,
  Text,    // a string
  Whole,   // a whole number
  Cell,    // [X, Y]
  Cells,   // [X, Y] or [[X, Y], ...]
  Switch,  // true or false
  Attack,  // N, "MIN-MAX", or a list of N, "MIN-MAX" and [MIN, MAX]
  Costs,   // a list of 1..15 and "x"
  Skills,  // a list of names
  Names,   // a list of names, joined with commas
  Map,     // a path, or an inline map {"width", "height", "grey"}
};

// The values of the shared flags as read, each checked by itself; what a command makes of them
// together (and which default it takes) is the command's.
struct CommandFlags {
  // The board: where it comes from and who stands on it.
  std::optional<std::string> mapPath;       // --map
  std::optional<std::string> scenarioPath;  // --scenario
  BoardCells cells;                         // --unit, --enemy, --ally
  std::optional<std::string> className;     // --class: a preset, or a scenario's class
  std::optional<GridLayout> grid;           // --grid: the layout of an image --map (SPEC §13)
  // How a unit moves.
  std::optional<int> move;             // --move
  std::optional<AttackRange> attack;   // --attack
  std::optional<MovementClass> costs;  // --costs
  bool zoc = false;                    // --zoc
  bool sight = false;                  // --sight (SPEC §11.8)
  std::optional<std::vector<std::string>> blocksSight;  // --blocks-sight: terrain names
  std::optional<Skills> skills;        // --skills (solve)
  bool ignoreUnits = false;            // --ignore-units (solve)
  std::optional<std::string> team;     // --team (field)
  std::vector<Cell> cursor;            // --cursor (route)
  // What runs, and what is written.
  std::optional<Backend> backend;           // --backend
  gpu::GlApi gl = gpu::GlApi::Core;         // --gl
  std::optional<std::string> jsonPath;      // --json: "-" means standard output
  std::optional<std::string> statePngPath;  // --state-png (solve)
};

struct CommandFlag {
  FlagSpec spec;
  RequestValue request = RequestValue::None;
  std::optional<std::string> (*read)(CommandFlags& flags, std::string_view flag,
                                     const std::string& value) = nullptr;
};

// The flags each command takes, in the order its unknown-argument error lists them.
const std::vector<CommandFlag>& solveFlags();
const std::vector<CommandFlag>& dangerFlags();
const std::vector<CommandFlag>& fieldFlags();
const std::vector<CommandFlag>& routeFlags();
const std::vector<CommandFlag>& serveFlags();

// A command line read with a command's flags: the values, and which flags were given.
struct CommandLine {
  CommandFlags flags;
  GivenFlags given;
};

// `command` names the command in errors, e.g. "tactics-grid solve".
Expected<CommandLine> readCommandLine(const std::vector<std::string>& args,
                                      const std::vector<CommandFlag>& flags,
                                      std::string_view command);

// "--map cannot be combined with --scenario, which gives <what>; use one or the other" for the
// first of `clashes` given, if any.
std::optional<std::string> scenarioClash(const GivenFlags& given,
                                         const std::vector<std::string_view>& clashes,
                                         std::string_view what);

// --zoc with --scenario, whose "rules" decide zone of control: the error, if given.
std::optional<std::string> zocClash(const GivenFlags& given);

// --sight and --blocks-sight (SPEC §11.8): with --scenario, whose "rules" decide sight, an
// error; --blocks-sight without --sight an error.
std::optional<std::string> sightClash(const GivenFlags& given, bool scenario);

// The line of sight of a --map board: on when --sight, blocked by the terrains --blocks-sight
// names (default: SPEC §11.8's), each one of `map`'s. An error on a hex map, or for a name the map
// does not have (listing those it has).
Expected<SightRule> sightRuleFor(const CostMap& map, bool sight,
                                 const std::optional<std::vector<std::string>>& blocks);

// --grid with --scenario, whose map and "grid" give the layout (SPEC §13): the error, if given.
std::optional<std::string> gridClash(const GivenFlags& given);

}  // namespace tactics::cli
