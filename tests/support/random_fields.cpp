#include "random_fields.h"

#include <algorithm>
#include <random>
#include <sstream>

namespace tactics::testing {

namespace {

using Rng = std::mt19937_64;

int uniform(Rng& rng, int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }
bool chance(Rng& rng, double p) { return std::uniform_real_distribution<double>(0, 1)(rng) < p; }

std::uint8_t greyOf(int terrain) { return kCanonicalGrey[static_cast<std::size_t>(terrain)]; }

// Open ground: any grey value, walls at a density of 0..35%.
std::vector<std::uint8_t> openTerrain(Rng& rng, int width, int height) {
  const double wallDensity = uniform(rng, 0, 35) / 100.0;
  std::vector<std::uint8_t> grey(static_cast<std::size_t>(width * height));
  for (auto& g : grey) {
    g = static_cast<std::uint8_t>(chance(rng, wallDensity) ? uniform(rng, 204, 255)
                                                           : uniform(rng, 0, 203));
  }
  return grey;
}

// A perfect maze carved by a random depth-first walk: rooms on even cells, walls between,
// a few extra openings so some cells have two ways in, and weighted ground in the corridors.
std::vector<std::uint8_t> mazeTerrain(Rng& rng, int width, int height) {
  std::vector<std::uint8_t> grey(static_cast<std::size_t>(width * height), greyOf(4));
  const auto at = [&](int x, int y) -> std::uint8_t& {
    return grey[static_cast<std::size_t>(y * width + x)];
  };
  const auto ground = [&] {
    return chance(rng, 0.7) ? greyOf(0) : greyOf(uniform(rng, 1, 3));
  };
  std::vector<Cell> stack{{0, 0}};
  at(0, 0) = ground();
  const std::array<Cell, 4> moves = {{{0, -2}, {0, 2}, {-2, 0}, {2, 0}}};
  while (!stack.empty()) {
    const Cell here = stack.back();
    std::vector<Cell> open;
    for (Cell m : moves) {
      const Cell next{here.x + m.x, here.y + m.y};
      if (next.x >= 0 && next.y >= 0 && next.x < width && next.y < height &&
          terrainClass(at(next.x, next.y)) == 4) {
        open.push_back(next);
      }
    }
    if (open.empty()) {
      stack.pop_back();
      continue;
    }
    const Cell next = open[static_cast<std::size_t>(uniform(rng, 0, static_cast<int>(open.size()) - 1))];
    at((here.x + next.x) / 2, (here.y + next.y) / 2) = ground();
    at(next.x, next.y) = ground();
    stack.push_back(next);
  }
  const int openings = uniform(rng, 0, (width * height) / 60);
  for (int i = 0; i < openings; ++i) at(uniform(rng, 0, width - 1), uniform(rng, 0, height - 1)) = ground();
  return grey;
}

MovementClass randomClass(Rng& rng) {
  if (chance(rng, 0.3)) return MovementClass();  // foot
  std::array<std::uint8_t, kTerrainClasses> costs{};
  for (auto& cost : costs) {
    cost = chance(rng, 0.15) ? MovementClass::kImpassable
                             : static_cast<std::uint8_t>(uniform(rng, 1, MovementClass::kMaxCost));
  }
  if (chance(rng, 0.8)) costs[4] = MovementClass::kImpassable;
  costs[0] = static_cast<std::uint8_t>(uniform(rng, 1, MovementClass::kMaxCost));  // ground passes
  return MovementClass(costs);
}

}  // namespace

std::string RandomField::describe() const {
  std::ostringstream out;
  out << "seed " << seed << ": " << map.sizeText()
      << (isHex(map.layout()) ? std::string(" ") + layoutName(map.layout()) : std::string())
      << (maze ? " maze" : " open map") << ", costs "
      << query.movement.toString() << ", " << query.sources.size() << " sources, "
      << query.blockers.size() << " blockers";
  return out.str();
}

RandomField makeRandomField(std::uint64_t seed, RandomFieldLimits limits, GridLayout layout) {
  Rng rng(seed);
  RandomField c;
  c.seed = seed;
  c.maze = seed % 2 == 1;
  const int side = c.maze ? limits.maxMazeSide : limits.maxOpenSide;
  // Mazes are mostly large, so that their paths wind a long way.
  const int smallest = c.maze ? std::max(1, side / 3) : 1;
  int width = uniform(rng, smallest, side);
  int height = uniform(rng, smallest, side);
  if (chance(rng, 0.1)) (chance(rng, 0.5) ? width : height) = 1;  // strips
  c.map = CostMap(width, height, c.maze ? mazeTerrain(rng, width, height)
                                        : openTerrain(rng, width, height));
  c.map.setLayout(layout);
  c.query.movement = randomClass(rng);

  // Hostile units: sources that block each other; and blockers that are no source.
  const int cells = width * height;
  std::vector<int> order(static_cast<std::size_t>(cells));
  for (int i = 0; i < cells; ++i) order[static_cast<std::size_t>(i)] = i;
  std::shuffle(order.begin(), order.end(), rng);
  const int wanted = chance(rng, 0.05) ? 0 : chance(rng, 0.7) ? uniform(rng, 1, 2) : uniform(rng, 1, 12);
  const int sources = std::min(cells, wanted);
  // In a maze one blocker cuts off a whole branch: only a few there.
  const int blockerHi = c.maze ? 3 : std::max(1, cells / 20);
  const int extraBlockers = std::min(cells - sources, uniform(rng, 0, blockerHi));
  for (int i = 0; i < sources + extraBlockers; ++i) {
    const int index = order[static_cast<std::size_t>(i)];
    const Cell cell{index % width, index / width};
    if (i < sources) c.query.sources.push_back(cell);
    if (i >= sources || chance(rng, 0.8)) c.query.blockers.push_back(cell);
  }
  return c;
}

DistanceField bruteForceField(const CostMap& map, const FieldQuery& query) {
  const Topology topology = map.topology();
  DistanceField field(map.width(), map.height(), kFieldUnreachable);
  for (Cell s : query.sources) field[s] = 0;
  const auto blocked = [&](Cell c) {
    return std::find(query.blockers.begin(), query.blockers.end(), c) != query.blockers.end() ||
           !query.movement.passable(map.terrain(c));
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (int y = 0; y < map.height(); ++y) {
      for (int x = 0; x < map.width(); ++x) {
        const Cell c{x, y};
        if (blocked(c)) continue;
        for (int k = 0; k < topology.neighbourCount(); ++k) {
          const Cell n = topology.neighbour(c, k);
          if (!map.contains(n) || field[n] == kFieldUnreachable) continue;
          const FieldCost total = field[n] + query.movement.cost(map.terrain(c));
          if (field[c] == kFieldUnreachable || total < field[c]) {
            field[c] = total;
            changed = true;
          }
        }
      }
    }
  }
  return field;
}

std::optional<std::string> compareFields(const DistanceField& actual,
                                         const DistanceField& expected) {
  if (actual.width() != expected.width() || actual.height() != expected.height()) {
    return "the field is " + std::to_string(actual.width()) + "x" +
           std::to_string(actual.height()) + ", expected " + std::to_string(expected.width()) +
           "x" + std::to_string(expected.height());
  }
  for (int y = 0; y < expected.height(); ++y) {
    for (int x = 0; x < expected.width(); ++x) {
      const Cell c{x, y};
      if (actual[c] != expected[c]) {
        return "cell " + toString(c) + " is " + std::to_string(actual[c]) + ", expected " +
               std::to_string(expected[c]);
      }
    }
  }
  return std::nullopt;
}

}  // namespace tactics::testing
