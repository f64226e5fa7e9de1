#include "cli/command_flags.h"

#include <initializer_list>
#include <utility>

#include "cli/movement_flags.h"
#include "cmdline/flags.h"
#include "tactics/solver/parse.h"

namespace tactics::cli {

namespace {

using Problem = std::optional<std::string>;

// `into` set to what a strict parser read, or its error.
template <class T>
Problem store(std::optional<T>& into, Expected<T> parsed) {
  if (!parsed) return parsed.error();
  into = std::move(*parsed);
  return std::nullopt;
}

Problem storeCell(std::vector<Cell>& into, std::string_view flag, const std::string& value) {
  std::optional<Cell> cell;
  if (auto problem = store(cell, parseCell(value, flag))) return problem;
  into.push_back(*cell);
  return std::nullopt;
}

// The readers: each flag's value into CommandFlags. A path or a name as given:
template <std::optional<std::string> CommandFlags::*kField>
Problem text(CommandFlags& f, std::string_view, const std::string& value) {
  f.*kField = value;
  return std::nullopt;
}
// A switch, on:
template <bool CommandFlags::*kField>
Problem on(CommandFlags& f, std::string_view, const std::string&) {
  f.*kField = true;
  return std::nullopt;
}

Problem readUnit(CommandFlags& f, std::string_view flag, const std::string& value) {
  return store(f.cells.unit, parseCell(value, flag));
}
Problem readEnemy(CommandFlags& f, std::string_view flag, const std::string& value) {
  return storeCell(f.cells.enemies, flag, value);
}
Problem readAlly(CommandFlags& f, std::string_view flag, const std::string& value) {
  return storeCell(f.cells.allies, flag, value);
}
Problem readMove(CommandFlags& f, std::string_view flag, const std::string& value) {
  return store(f.move, parseInteger(value, 0, kMaxMoveRange, flag));
}
Problem readAttack(CommandFlags& f, std::string_view flag, const std::string& value) {
  return store(f.attack, parseAttackRange(value, flag));
}
Problem readGrid(CommandFlags& f, std::string_view flag, const std::string& value) {
  const auto layout = parseLayout(value);
  if (!layout) {
    return std::string(flag) + " '" + value + "' is not a layout; expected " + layoutNames();
  }
  f.grid = *layout;
  return std::nullopt;
}
Problem readCosts(CommandFlags& f, std::string_view, const std::string& value) {
  return store(f.costs, parseCostsFlag(value));
}
Problem readSkills(CommandFlags& f, std::string_view flag, const std::string& value) {
  return store(f.skills, parseSkills(value, flag));
}
// --blocks-sight NAME,...: the names as given ("" none); checked against the map's terrains once
// the map is read (sightRuleFor).
Problem readBlocksSight(CommandFlags& f, std::string_view flag, const std::string& value) {
  std::vector<std::string> names;
  std::size_t start = 0;
  while (!value.empty() && start <= value.size()) {
    const std::size_t comma = std::min(value.find(',', start), value.size());
    names.push_back(value.substr(start, comma - start));
    if (names.back().empty()) {
      return std::string(flag) + " '" + value + "' has an empty name; expected terrain names "
             "separated by commas, or \"\" for none";
    }
    start = comma + 1;
  }
  f.blocksSight = std::move(names);
  return std::nullopt;
}
Problem readCursor(CommandFlags& f, std::string_view flag, const std::string& value) {
  return storeCell(f.cursor, flag, value);
}
Problem readBackend(CommandFlags& f, std::string_view flag, const std::string& value) {
  return store(f.backend, parseBackend(value, flag));
}
Problem readGl(CommandFlags& f, std::string_view flag, const std::string& value) {
  std::optional<gpu::GlApi> api;
  if (auto problem = store(api, gpu::parseGlApi(value, flag))) return problem;
  f.gl = *api;
  return std::nullopt;
}
Problem readStatePng(CommandFlags& f, std::string_view, const std::string& value) {
  if (value == "-") return "--state-png needs a file path, not '-'";
  f.statePngPath = value;
  return std::nullopt;
}

using R = RequestValue;

// Each flag, once.
constexpr CommandFlag kMap{flags::kMap, R::Map, text<&CommandFlags::mapPath>};
constexpr CommandFlag kScenario{flags::kScenario, R::Text, text<&CommandFlags::scenarioPath>};
constexpr CommandFlag kUnit{{"--unit", "X,Y"}, R::Cell, readUnit};
constexpr CommandFlag kEnemy{{"--enemy", "X,Y", Takes::EachTime}, R::Cells, readEnemy};
constexpr CommandFlag kAlly{{"--ally", "X,Y", Takes::EachTime}, R::Cells, readAlly};
constexpr CommandFlag kClass{
    {"--class", "a movement class NAME: foot, mounted, armour, flier or a scenario's"},
    R::Text,
    text<&CommandFlags::className>};
constexpr CommandFlag kGrid{
    {"--grid", "LAYOUT of an image --map: square, hex-y-odd, hex-y-even, hex-x-odd or hex-x-even"},
    R::Text,
    readGrid};
constexpr CommandFlag kMove{{"--move", "a whole number 0..255"}, R::Whole, readMove};
constexpr CommandFlag kAttack{
    {"--attack", "MAX, MIN-MAX or a set of ranges, e.g. 1-2 or 1,3"}, R::Attack, readAttack};
constexpr CommandFlag kCosts{{"--costs", "C0,C1,C2,C3,C4, each 1..15 or x"}, R::Costs, readCosts};
constexpr CommandFlag kZoc{{"--zoc", "", Takes::Nothing}, R::Switch, on<&CommandFlags::zoc>};
constexpr CommandFlag kSight{{"--sight", "", Takes::Nothing}, R::Switch, on<&CommandFlags::sight>};
constexpr CommandFlag kBlocksSight{
    {"--blocks-sight", "a comma-separated list of terrain names (\"\" for none)",
     Takes::ValueOrEmpty},
    R::Names,
    readBlocksSight};
constexpr CommandFlag kSkills{
    {"--skills", "a comma-separated list of pass, skirmisher (\"\" for none)", Takes::ValueOrEmpty},
    R::Skills,
    readSkills};
constexpr CommandFlag kIgnoreUnits{
    {"--ignore-units", "", Takes::Nothing}, R::Switch, on<&CommandFlags::ignoreUnits>};
constexpr CommandFlag kTeam{
    {"--team", "player, enemy or ally"}, R::Text, text<&CommandFlags::team>};
constexpr CommandFlag kCursor{
    {"--cursor", "one or more cells X,Y", Takes::List}, R::Cells, readCursor};
constexpr CommandFlag kBackend{{"--backend", "auto, cpu, gpu or compute"}, R::Text, readBackend};
constexpr CommandFlag kGl{flags::kGl, R::None, readGl};
constexpr CommandFlag kJson{
    {"--json", "FILE, or - for standard output"}, R::None, text<&CommandFlags::jsonPath>};
constexpr CommandFlag kStatePng{{"--state-png", "FILE"}, R::None, readStatePng};

// The groups. The board: where it comes from, who stands on it, the class they move with
// (solve, danger, field).
constexpr CommandFlag kBoardGroup[] = {kMap, kScenario, kGrid, kUnit, kEnemy, kAlly, kClass};
// How the unit, or every enemy, moves (solve, danger).
constexpr CommandFlag kMovementGroup[] = {kMove, kAttack, kCosts, kZoc, kSight, kBlocksSight};
// The solvers: which backend, in which headless context (solve, danger, field, serve).
constexpr CommandFlag kSolverGroup[] = {kBackend, kGl};

using Group = std::pair<const CommandFlag*, const CommandFlag*>;

template <std::size_t N>
constexpr Group group(const CommandFlag (&flags)[N]) {
  return {flags, flags + N};
}
Group single(const CommandFlag& flag) {
  return {&flag, &flag + 1};
}

std::vector<CommandFlag> joined(std::initializer_list<Group> groups) {
  std::vector<CommandFlag> all;
  for (const Group& g : groups) all.insert(all.end(), g.first, g.second);
  return all;
}

}  // namespace

const std::vector<CommandFlag>& solveFlags() {
  static const auto flags =
      joined({group(kBoardGroup), group(kMovementGroup), single(kSkills), single(kIgnoreUnits),
              group(kSolverGroup), single(kJson), single(kStatePng)});
  return flags;
}

const std::vector<CommandFlag>& dangerFlags() {
  static const auto flags =
      joined({group(kBoardGroup), group(kMovementGroup), group(kSolverGroup), single(kJson)});
  return flags;
}

const std::vector<CommandFlag>& fieldFlags() {
  static const auto flags =
      joined({group(kBoardGroup), single(kTeam), group(kSolverGroup), single(kJson)});
  return flags;
}

const std::vector<CommandFlag>& routeFlags() {
  static const auto flags =
      joined({single(kScenario), single(kUnit), single(kCursor), single(kJson)});
  return flags;
}

const std::vector<CommandFlag>& serveFlags() {
  static const auto flags = joined({group(kSolverGroup)});
  return flags;
}

Expected<CommandLine> readCommandLine(const std::vector<std::string>& args,
                                      const std::vector<CommandFlag>& flags,
                                      std::string_view command) {
  CommandLine line;
  auto given = readFlags(args, flags, command, line.flags);
  if (!given) return Error{given.error()};
  line.given = std::move(*given);
  return line;
}

std::optional<std::string> scenarioClash(const GivenFlags& given,
                                         const std::vector<std::string_view>& clashes,
                                         std::string_view what) {
  for (std::string_view clash : clashes) {
    if (given.has(clash)) {
      return std::string(clash) + " cannot be combined with --scenario, which gives " +
             std::string(what) + "; use one or the other";
    }
  }
  return std::nullopt;
}

std::optional<std::string> zocClash(const GivenFlags& given) {
  if (!given.has("--zoc")) return std::nullopt;
  return "--zoc cannot be combined with --scenario, whose \"rules\" decide zone of control; use "
         "--zoc only with --map";
}

std::optional<std::string> sightClash(const GivenFlags& given, bool scenario) {
  if (scenario) {
    for (const char* flag : {"--sight", "--blocks-sight"}) {
      if (given.has(flag)) {
        return std::string(flag) + " cannot be combined with --scenario, whose \"rules\" and "
               "\"blocks_sight\" decide line of sight; use " + flag + " only with --map";
      }
    }
    return std::nullopt;
  }
  if (given.has("--blocks-sight") && !given.has("--sight")) {
    return std::string("--blocks-sight needs --sight: it says which terrains block the line of "
                       "sight that --sight turns on (SPEC 11.8)");
  }
  return std::nullopt;
}

Expected<SightRule> sightRuleFor(const CostMap& map, bool sight,
                                 const std::optional<std::vector<std::string>>& blocks) {
  SightRule rule;
  rule.on = sight;
  if (!sight) return rule;
  if (map.topology().hex()) {
    return Error{std::string("--sight: line of sight is defined on square boards only, and this "
                             "map is ") + layoutName(map.layout()) + " (SPEC 11.8)"};
  }
  if (blocks) {
    std::string problem;
    if (!sightBlockersOf(*blocks, map.terrainNames(), rule.blockers, problem)) {
      std::string names;
      for (const std::string& name : map.terrainNames()) names += (names.empty() ? "" : ", ") + name;
      return Error{"--blocks-sight: " + problem + "; the map's terrains: " + names};
    }
  }
  return rule;
}

std::optional<std::string> gridClash(const GivenFlags& given) {
  if (!given.has("--grid")) return std::nullopt;
  return "--grid cannot be combined with --scenario, whose map and \"grid\" give the layout; use "
         "--grid only with an image --map";
}

}  // namespace tactics::cli
