#include "cli/bench_cases.h"

#include <cstdint>
#include <random>
#include <stdexcept>

namespace tactics::cli {

namespace {

struct CaseSpec {
  const char* name;
  const char* about;
};

// The danger zone case (batched solve vs one solve per enemy vs the CPU) joins this list with
// the danger zone solver.
constexpr CaseSpec kCases[] = {
    {"fe", "32x32 Fire Emblem terrain, move 8, attack 1-2"},
    {"mid", "64x64 terrain, move 32, attack 1-2"},
    {"huge", "1024x1024 terrain, move 32, attack 1-2 (work should follow reach, not map size)"},
    {"long", "256x256 terrain, move 128, attack 1-1"},
    {"room", "64x64 open ground, the unit shut in an 8x8 walled room, move 255, attack 1-1"},
};

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

BenchCase makeBenchCase(const std::string& name) {
  const auto spec = [&](int i) { return kCases[i]; };
  if (name == "fe") return terrainCase(spec(0), 32, 1, 8, {1, 2});
  if (name == "mid") return terrainCase(spec(1), 64, 2, 32, {1, 2});
  if (name == "huge") return terrainCase(spec(2), 1024, 3, 32, {1, 2});
  if (name == "long") return terrainCase(spec(3), 256, 4, 128, {1, 1});
  if (name == "room") return roomCase(spec(4));
  throw std::invalid_argument("no bench case named " + name);
}

}  // namespace tactics::cli
