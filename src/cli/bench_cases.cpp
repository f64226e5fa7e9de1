#include "cli/bench_cases.h"

#include <filesystem>
#include <system_error>

#include <algorithm>
#include <cstdint>
#include <random>
#include <stdexcept>

#include "tactics/io/scenario.h"

namespace tactics::cli {

namespace {

struct CaseSpec {
  const char* name;
  const char* about;
};

constexpr CaseSpec kCases[] = {
    {"fe", "32x32 Fire Emblem terrain, move 8, attack 1-2"},
    {"mid", "64x64 terrain, move 32, attack 1-2"},
    {"huge", "1024x1024 terrain, move 32, attack 1-2 (work should follow reach, not map size)"},
    {"long", "256x256 terrain, move 128, attack 1-1"},
    {"room", "64x64 open ground, the unit shut in an 8x8 walled room, move 255, attack 1-1"},
    {"danger",
     "the default scenario's danger zone (7 enemies), the Lord stepping around the map's "
     "centre"},
    {"field", "the default scenario's field for the enemy team on foot, the Lord stepping around"},
    {"maze",
     "256x256 maze (corridors of plains and woods, a few loops), the field from 4 player "
     "units, one of them stepping along a corridor"},
    {"rules",
     "64x64 terrain among 200 enemies, move 12, zone of control on, the mover with pass, "
     "attack 1,3 (SPEC 11)"},
    {"rules-off",
     "the rules case's board with the rules off: no zone of control, no pass, "
     "attack 1-3"},
    {"maze512",
     "512x512 maze of one-cell corridors, the field from 4 player units (on a software "
     "renderer only cpu and auto run: gpu and compute take minutes a field there)"},
    {"rules12",
     "the rules case's board in 12 named terrains (SPEC 11.1): half its non-wall cells "
     "one of 7 terrains beyond the fifth, the mover's class pricing all 12"},
    {"field1024",
     "1024x1024 terrain, the field from one player unit stepping around the centre "
     "(issue 26's peer target; on a software renderer gpu and compute do not run)"},
    {"batch",
     "10,000 fe queries on the fe board in one call, each a unit on another passable "
     "cell, answered as masks (kind and cost of every cell of every query)"},
    // SPEC §13: the same boards and walks read as hex-y-odd, to set beside their square cases.
    {"hex-fe", "the fe board read as hex-y-odd (SPEC 13): six neighbours, hex attack distance"},
    {"hex-mid", "the mid board read as hex-y-odd"},
    {"hex-field", "the field case's board read as hex-y-odd"},
    // SPEC §11.8: line of sight's cost beside the same question without it.
    {"sight",
     "the rules-off board, the mover's attack 2-8 with line of sight on (walls block, SPEC 11.8)"},
    {"sight-off", "the sight case with sight off: the same board, mover and attack 2-8"},
};

#ifndef TACTICS_SOURCE_DIR
#define TACTICS_SOURCE_DIR "."
#endif
constexpr const char* kScenarioInAssets = "scenarios/default.json";

}  // namespace

std::string benchScenarioPath() {
  // An installed bench reads the installed boards (share/tactics-grid/assets beside bin/), a
  // built one those of its source tree.
  std::error_code error;
  const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", error);
  if (!error) {
    const std::filesystem::path installed =
        exe.parent_path().parent_path() / "share/tactics-grid/assets" / kScenarioInAssets;
    if (std::filesystem::is_regular_file(installed, error)) return installed.string();
  }
  return std::string(TACTICS_SOURCE_DIR) + "/assets/" + kScenarioInAssets;
}

namespace {

// Fire Emblem-like terrain: mostly plains, woods and hills, a few mountains and walls. Draws
// with mt19937's raw output (the same on every standard library), never a distribution.
CostMap feTerrain(int width, int height, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<std::uint8_t> grey(static_cast<std::size_t>(width) * static_cast<std::size_t>(height));
  for (auto& g : grey) {
    const auto roll = rng() % 100;
    const int terrain = roll < 60 ? 0 : roll < 78 ? 1 : roll < 88 ? 2 : roll < 94 ? 3 : 4;
    g = kCanonicalGrey[static_cast<std::size_t>(terrain)];
  }
  return CostMap(width, height, std::move(grey));
}

// A short loop around the centre: the unit steps to a neighbouring cell every repetition.
std::vector<Cell> walkAround(Cell centre) {
  const Cell offsets[] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1},
                          {2, 0}, {2, 2}, {0, 2}, {-2, 0}};
  std::vector<Cell> walk;
  for (Cell o : offsets) walk.push_back({centre.x + o.x, centre.y + o.y});
  return walk;
}

// The walk's cells become plains, so the unit can always stand there.
CostMap clearWalk(const CostMap& map, const std::vector<Cell>& walk) {
  std::vector<std::uint8_t> grey = map.greyValues();
  for (Cell c : walk) grey[static_cast<std::size_t>(c.y * map.width() + c.x)] = kCanonicalGrey[0];
  return CostMap(map.width(), map.height(), std::move(grey));
}

BenchCase terrainCase(const CaseSpec& spec, int side, std::uint32_t seed, int move,
                      AttackRange attack) {
  BenchCase c;
  c.name = spec.name;
  c.about = spec.about;
  c.walk = walkAround({side / 2, side / 2});
  c.map = clearWalk(feTerrain(side, side, seed), c.walk);
  c.query.unit = c.walk.front();
  c.query.moveRange = move;
  c.query.attack = attack;
  return c;
}

// Open ground with a closed 8x8 room (walls all round) in the middle, the unit inside: a range of
// 255 that the walls cut short after a handful of passes.
BenchCase roomCase(const CaseSpec& spec) {
  constexpr int kSide = 64;
  constexpr int kRoom = 8;
  constexpr int kFirst = (kSide - kRoom) / 2;  // the room's first inner row and column
  std::vector<std::uint8_t> grey(kSide * kSide, kCanonicalGrey[0]);
  for (int i = kFirst - 1; i <= kFirst + kRoom; ++i) {
    for (const Cell wall : {Cell{i, kFirst - 1}, Cell{i, kFirst + kRoom}, Cell{kFirst - 1, i},
                            Cell{kFirst + kRoom, i}}) {
      grey[static_cast<std::size_t>(wall.y * kSide + wall.x)] = kCanonicalGrey[4];
    }
  }
  BenchCase c;
  c.name = spec.name;
  c.about = spec.about;
  c.map = CostMap(kSide, kSide, std::move(grey));
  c.walk = walkAround({kFirst + kRoom / 2, kFirst + kRoom / 2});
  c.query.unit = c.walk.front();
  c.query.moveRange = kMaxMoveRange;
  c.query.attack = {1, 1};
  return c;
}

// True when `unit` may stand on `cell` of the board: inside the map, terrain its class enters,
// nobody else there.
bool canStand(const CostMap& map, const std::vector<Unit>& units, std::size_t unit, Cell cell) {
  if (!map.contains(cell) || !units[unit].movement.passable(map.terrain(cell))) return false;
  for (std::size_t i = 0; i < units.size(); ++i) {
    if (i != unit && units[i].cell.x == cell.x && units[i].cell.y == cell.y) return false;
  }
  return true;
}

// The default scenario's board; the Lord (its first unit) walks around the map's centre, where
// most enemies' ranges meet, so every repetition asks about a different board.
Expected<BenchCase> scenarioCase(const CaseSpec& spec, BenchKind kind) {
  auto scenario = loadScenario(benchScenarioPath());
  if (!scenario) return Error{"the bench's " + std::string(spec.name) + " case needs " + scenario.error()};
  BenchCase c;
  c.name = spec.name;
  c.about = spec.about;
  c.kind = kind;
  c.map = scenario->map;
  c.units = scenario->units;
  c.mover = 0;
  c.fieldClass = scenario->classes.at("foot");
  for (Cell cell : walkAround({c.map.width() / 2, c.map.height() / 2})) {
    if (canStand(c.map, c.units, c.mover, cell)) c.walk.push_back(cell);
  }
  if (c.walk.empty()) c.walk.push_back(c.units[c.mover].cell);
  return c;
}

// A perfect maze carved by a depth-first walk over rooms on even cells (mt19937's raw output,
// an explicit stack), walls knocked through at random to add a few loops, and woods sprinkled
// along the corridors.
CostMap mazeMap(int side, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<std::uint8_t> grey(static_cast<std::size_t>(side * side), kCanonicalGrey[4]);
  const auto at = [&](int x, int y) -> std::uint8_t& {
    return grey[static_cast<std::size_t>(y * side + x)];
  };
  const int rooms = (side + 1) / 2;
  std::vector<bool> seen(static_cast<std::size_t>(rooms * rooms), false);
  std::vector<Cell> stack = {{0, 0}};
  seen[0] = true;
  at(0, 0) = kCanonicalGrey[0];
  const Cell steps[] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
  while (!stack.empty()) {
    const Cell room = stack.back();
    Cell options[4];
    int count = 0;
    for (Cell s : steps) {
      const Cell next{room.x + s.x, room.y + s.y};
      if (next.x < 0 || next.y < 0 || next.x >= rooms || next.y >= rooms ||
          2 * next.x >= side || 2 * next.y >= side) {
        continue;
      }
      if (!seen[static_cast<std::size_t>(next.y * rooms + next.x)]) options[count++] = next;
    }
    if (count == 0) {
      stack.pop_back();
      continue;
    }
    const Cell next = options[rng() % static_cast<std::uint32_t>(count)];
    seen[static_cast<std::size_t>(next.y * rooms + next.x)] = true;
    at(room.x + next.x, room.y + next.y) = kCanonicalGrey[0];  // the wall between the two
    at(2 * next.x, 2 * next.y) = kCanonicalGrey[0];
    stack.push_back(next);
  }
  // Loops: about one wall in 40 between two corridors opens; woods on one corridor cell in 8.
  for (int y = 0; y < side; ++y) {
    for (int x = 0; x < side; ++x) {
      const bool between = (x % 2) != (y % 2);
      if (at(x, y) == kCanonicalGrey[4] && between && rng() % 40 == 0) at(x, y) = kCanonicalGrey[0];
      if (at(x, y) == kCanonicalGrey[0] && rng() % 8 == 0) at(x, y) = kCanonicalGrey[1];
    }
  }
  return CostMap(side, side, std::move(grey));
}

// The maze with four player units in its corners (the field's sources for the enemy team) and
// one enemy; the first player steps along the corridor cells next to its corner.
BenchCase mazeCase(const CaseSpec& spec) {
  constexpr int kSide = 256;
  BenchCase c;
  c.name = spec.name;
  c.about = spec.about;
  c.kind = BenchKind::Field;
  c.map = mazeMap(kSide, 5);
  const auto player = [](const char* name, Cell cell) {
    Unit u;
    u.name = name;
    u.team = Team::Player;
    u.cell = cell;
    return u;
  };
  const int far = kSide - 2;  // the last even row and column: rooms, never walls
  c.units = {player("Lord", {0, 0}), player("Archer", {far, 0}), player("Mage", {0, far}),
             player("Knight", {far, far})};
  Unit enemy;
  enemy.name = "Fighter";
  enemy.team = Team::Enemy;
  enemy.cell = {kSide / 2, kSide / 2};
  c.units.push_back(enemy);
  c.fieldClass = MovementClass();  // foot
  for (int y = 0; y < 4; ++y) {
    for (int x = 0; x < 4; ++x) {
      if (canStand(c.map, c.units, 0, {x, y})) c.walk.push_back({x, y});
    }
  }
  return c;
}

// SPEC §11's rules on a 64x64 board: 200 enemies scattered off the walk (mt19937's raw output),
// the mover with move 12. With `rules`: zone of control, pass and the attack set 1,3; without:
// none of them and attack 1-3, the same reach.
BenchCase rulesCase(const CaseSpec& spec, bool rules) {
  constexpr int kSide = 64;
  BenchCase c = terrainCase(spec, kSide, 6, 12, {1, 3});
  std::mt19937 rng(7);
  while (c.query.enemies.size() < 200) {
    const Cell cell{static_cast<int>(rng() % kSide), static_cast<int>(rng() % kSide)};
    const bool onWalk = std::find(c.walk.begin(), c.walk.end(), cell) != c.walk.end();
    const bool taken =
        std::find(c.query.enemies.begin(), c.query.enemies.end(), cell) != c.query.enemies.end();
    if (!onWalk && !taken) c.query.enemies.push_back(cell);
  }
  if (rules) {
    c.query.zoc = true;
    c.query.skills.add(Skill::Pass);
    c.query.attack = AttackRange::list({{1, 1}, {3, 3}});
  }
  return c;
}

// The rules case with 12 named terrains (SPEC §11.1): each non-wall cell off the walk becomes,
// one time in two, one of the terrains 5..11 (mt19937's raw output), which the mover's class
// prices 1..4; the rules stay on.
BenchCase rules12Case(const CaseSpec& spec) {
  BenchCase c = rulesCase(spec, true);
  std::mt19937 rng(12);
  std::vector<std::uint8_t> cells(static_cast<std::size_t>(c.map.width() * c.map.height()));
  for (int y = 0; y < c.map.height(); ++y) {
    for (int x = 0; x < c.map.width(); ++x) {
      const int terrain = c.map.terrain({x, y});
      const bool onWalk = std::find(c.walk.begin(), c.walk.end(), Cell{x, y}) != c.walk.end();
      const bool swap = terrain != 4 && !onWalk && rng() % 2 == 0;
      cells[static_cast<std::size_t>(y * c.map.width() + x)] =
          static_cast<std::uint8_t>(swap ? 5 + static_cast<int>(rng() % 7) : terrain);
    }
  }
  std::vector<std::string> names = defaultTerrainNames();
  for (const char* extra : {"sand", "bridge", "shallows", "road", "marsh", "ruins", "snow"}) {
    names.emplace_back(extra);
  }
  c.map = CostMap::named(c.map.width(), c.map.height(), cells, names);
  constexpr std::array<std::uint8_t, 7> kExtraCosts = {2, 1, 3, 1, 4, 2, 3};
  MovementClass movement = c.query.movement;
  for (std::size_t i = 0; i < kExtraCosts.size(); ++i) {
    movement = movement.withCost(kTerrainClasses + static_cast<int>(i), kExtraCosts[i]);
  }
  c.query.movement = movement;
  return c;
}

// The maze case's generator on a 512x512 board: one-cell corridors, the field from four player
// units in the corners, the first stepping next to its corner.
BenchCase maze512Case(const CaseSpec& spec) {
  constexpr int kSide = 512;
  BenchCase c = mazeCase(spec);
  c.map = mazeMap(kSide, 11);
  c.gpuOnlyOnHardware = true;
  const int far = kSide - 2;
  c.units[1].cell = {far, 0};
  c.units[2].cell = {0, far};
  c.units[3].cell = {far, far};
  c.units[4].cell = {kSide / 2, kSide / 2};
  if (c.map.terrain(c.units[4].cell) == 4) c.units[4].cell = {2, 2};
  c.walk.clear();
  for (int y = 0; y < 4; ++y) {
    for (int x = 0; x < 4; ++x) {
      if (canStand(c.map, c.units, 0, {x, y})) c.walk.push_back({x, y});
    }
  }
  return c;
}

// Random terrain (the range cases' generator) on a 1024x1024 board with one player unit, the
// field's one source for the enemy team, stepping around the centre: issue 26's question for the
// peers, a whole-map Dijkstra fill from one source.
BenchCase field1024Case(const CaseSpec& spec) {
  constexpr int kSide = 1024;
  BenchCase c = terrainCase(spec, kSide, 13, 0, {0, 0});
  c.kind = BenchKind::Field;
  c.gpuOnlyOnHardware = true;
  Unit lord;
  lord.name = "Lord";
  lord.team = Team::Player;
  lord.cell = c.walk.front();
  c.units = {lord};
  c.fieldClass = MovementClass();  // foot
  return c;
}

// The fe board and question for every passable cell in turn, 10,000 times in all.
BenchCase batchCase(const CaseSpec& spec) {
  BenchCase c = terrainCase(spec, 32, 1, 8, {1, 2});
  c.kind = BenchKind::Batch;
  c.batchSize = 10000;
  for (int y = 0; y < c.map.height(); ++y) {
    for (int x = 0; x < c.map.width(); ++x) {
      if (c.query.movement.passable(c.map.terrain({x, y}))) c.cells.push_back({x, y});
    }
  }
  return c;
}

}  // namespace

std::vector<std::string> benchCaseNames() {
  std::vector<std::string> names;
  for (const CaseSpec& spec : kCases) names.emplace_back(spec.name);
  return names;
}

std::vector<std::string> benchCaseDescriptions() {
  std::vector<std::string> lines;
  for (const CaseSpec& spec : kCases) lines.push_back(std::string(spec.name) + ": " + spec.about);
  return lines;
}

std::vector<std::pair<std::string, std::string>> benchPairs() { return {{"sight", "sight-off"}}; }

Expected<BenchCase> makeBenchCase(const std::string& name) {
  const auto spec = [&](int i) { return kCases[i]; };
  if (name == "fe") return terrainCase(spec(0), 32, 1, 8, {1, 2});
  if (name == "mid") return terrainCase(spec(1), 64, 2, 32, {1, 2});
  if (name == "huge") return terrainCase(spec(2), 1024, 3, 32, {1, 2});
  if (name == "long") return terrainCase(spec(3), 256, 4, 128, {1, 1});
  if (name == "room") return roomCase(spec(4));
  if (name == "danger") return scenarioCase(spec(5), BenchKind::Danger);
  if (name == "field") return scenarioCase(spec(6), BenchKind::Field);
  if (name == "maze") return mazeCase(spec(7));
  if (name == "rules") return rulesCase(spec(8), true);
  if (name == "rules-off") return rulesCase(spec(9), false);
  if (name == "maze512") return maze512Case(spec(10));
  if (name == "rules12") return rules12Case(spec(11));
  if (name == "field1024") return field1024Case(spec(12));
  if (name == "batch") return batchCase(spec(13));
  // The square case's board and question, the grid hex-y-odd.
  const auto hex = [&](Expected<BenchCase> square, int i) -> Expected<BenchCase> {
    if (!square) return square;
    square->name = spec(i).name;
    square->about = spec(i).about;
    square->map.setLayout(GridLayout::HexYOdd);
    return square;
  };
  if (name == "hex-fe") return hex(makeBenchCase("fe"), 14);
  if (name == "hex-mid") return hex(makeBenchCase("mid"), 15);
  if (name == "hex-field") return hex(makeBenchCase("field"), 16);
  if (name == "sight" || name == "sight-off") {
    const bool on = name == "sight";
    BenchCase c = rulesCase(spec(on ? 17 : 18), false);
    c.query.attack = AttackRange(2, 8);
    c.query.sight.on = on;
    return c;
  }
  throw std::invalid_argument("no bench case named " + name);
}

}  // namespace tactics::cli
