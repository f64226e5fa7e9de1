// Issue 40's batches of boards: solveBatch against solving each unit alone (queryFor on its
// board, the reference solver), with absent units, non-movers, every team, zone of control, a
// window and parents; the errors name the array and the index; the work pool runs every item
// once whatever the thread count.
#include <catch2/catch.hpp>

#include <atomic>
#include <random>

#include "tactics/solver/board_batch.h"
#include "tactics/solver/cost_map.h"
#include "tactics/solver/reference_solver.h"
#include "tactics/solver/work_pool.h"

using namespace tactics;

namespace {

// A random batch and the arrays it points into.
struct Arrays {
  BoardBatch batch;
  std::vector<std::uint8_t> terrain, team, movers;
  std::vector<std::int32_t> at, move, attack, classOf;
};

Arrays makeBatch(std::uint64_t seed, int boards, int units, int width, int height) {
  std::mt19937_64 rng(seed);
  const auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  Arrays a;
  a.terrain.resize(static_cast<std::size_t>(boards * width * height));
  for (auto& t : a.terrain) t = static_cast<std::uint8_t>(pick(0, 9) < 7 ? pick(0, 3) : pick(0, 5));
  for (int b = 0; b < boards; ++b) {
    std::vector<int> taken;
    for (int u = 0; u < units; ++u) {
      int x = -1, y = 0;
      if (pick(0, 5) != 0) {  // some absent
        for (int tries = 0; tries < 20; ++tries) {
          const int cx = pick(0, width - 1), cy = pick(0, height - 1);
          if (std::find(taken.begin(), taken.end(), cy * width + cx) != taken.end()) continue;
          x = cx;
          y = cy;
          taken.push_back(cy * width + cx);
          // Plains under every unit: each class can stand there.
          a.terrain[static_cast<std::size_t>((b * height + cy) * width + cx)] = 0;
          break;
        }
      }
      a.at.push_back(x);
      a.at.push_back(y);
      a.team.push_back(static_cast<std::uint8_t>(pick(0, 2)));
      a.move.push_back(pick(0, 7));
      const int lo = pick(0, 2);
      a.attack.push_back(lo);
      a.attack.push_back(lo == 0 ? 0 : pick(lo, 3));
      a.classOf.push_back(pick(0, 1));
      a.movers.push_back(static_cast<std::uint8_t>(pick(0, 4) != 0));
    }
  }
  a.batch.boards = boards;
  a.batch.units = units;
  a.batch.width = width;
  a.batch.height = height;
  a.batch.terrain = a.terrain.data();
  a.batch.at = a.at.data();
  a.batch.team = a.team.data();
  a.batch.move = a.move.data();
  a.batch.attack = a.attack.data();
  a.batch.classOf = a.classOf.data();
  a.batch.movers = a.movers.data();
  a.batch.classes = {MovementClass(), MovementClass({1, 1, 3, 15, 0}).withCost(5, 2)};
  return a;
}

// Every unit of the batch solved alone, compared with the batch's masks (window -1 or M).
void checkAgainstSolo(const Arrays& a, const BatchMasks& masks) {
  const BoardBatch& batch = a.batch;
  const std::size_t cells = batchAnswerCells(batch, masks);
  const std::size_t boardCells = static_cast<std::size_t>(batch.width * batch.height);
  int solved = 0;
  for (int b = 0; b < batch.boards; ++b) {
    std::vector<int> indices;
    const std::vector<Unit> units = boardUnits(batch, b, &indices);
    const std::uint8_t* t = batch.terrain + static_cast<std::size_t>(b) * boardCells;
    // The batch's terrain count is its largest index + 1 (at least 5), on every board.
    const std::size_t all = static_cast<std::size_t>(batch.boards) * boardCells;
    const int most = std::max(4, static_cast<int>(*std::max_element(batch.terrain, batch.terrain + all)));
    CostMap map = CostMap::ofTerrainIndices(batch.width, batch.height,
                                            std::vector<std::uint8_t>(t, t + boardCells), most + 1);
    map.setLayout(batch.layout);
    for (int u = 0; u < batch.units; ++u) {
      const std::size_t k = static_cast<std::size_t>(b * batch.units + u);
      std::vector<std::int16_t> cost(boardCells, -1);
      std::vector<std::uint8_t> kind(boardCells, 0), parent(boardCells, 255);
      const auto found = std::find(indices.begin(), indices.end(), u);
      const bool moving = found != indices.end() && batch.movers[k] != 0;
      if (moving) {
        const RangeQuery q = queryFor(units, static_cast<std::size_t>(found - indices.begin()),
                                      batch.rules);
        REQUIRE_FALSE(validate(map, q));
        solveReference(map, q, RangeMasks{cost.data(), kind.data(), parent.data()});
        ++solved;
      }
      const Cell centre = moving ? units[static_cast<std::size_t>(found - indices.begin())].cell
                                 : Cell{0, 0};
      for (std::size_t i = 0; i < cells; ++i) {
        std::size_t from = i;
        bool on = true;
        if (masks.window >= 0) {
          const int side = 2 * masks.window + 1;
          const int x = centre.x - masks.window + static_cast<int>(i) % side;
          const int y = centre.y - masks.window + static_cast<int>(i) / side;
          on = moving && x >= 0 && y >= 0 && x < batch.width && y < batch.height;
          from = on ? static_cast<std::size_t>(y * batch.width + x) : 0;
        }
        INFO("board " << b << " unit " << u << " cell " << i);
        REQUIRE(masks.cost[k * cells + i] == (on ? cost[from] : -1));
        REQUIRE(masks.kind[k * cells + i] == (on ? kind[from] : 0));
        if (masks.parent != nullptr) REQUIRE(masks.parent[k * cells + i] == (on ? parent[from] : 255));
      }
    }
  }
  CHECK(solved > 0);
}

}  // namespace

TEST_CASE("batch: every unit as if solved alone on its board") {
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    Arrays a = makeBatch(seed, 6, 5, 9 + static_cast<int>(seed % 5), 7 + static_cast<int>(seed % 3));
    if (seed % 3 == 0) a.batch.rules.zoc = true;
    if (seed % 4 == 0) a.batch.layout = GridLayout::HexXEven;
    const std::size_t n = static_cast<std::size_t>(6 * 5) * batchAnswerCells(a.batch, BatchMasks{});
    std::vector<std::int16_t> cost(n, 7);
    std::vector<std::uint8_t> kind(n, 7), parent(n, 7);
    const BatchMasks masks{cost.data(), kind.data(), seed % 2 == 0 ? parent.data() : nullptr, -1};
    INFO("seed " << seed);
    const auto problem = solveBatch(a.batch, masks, seed % 2 == 0 ? 1u : 3u);
    INFO(problem.value_or(""));
    REQUIRE_FALSE(problem);
    checkAgainstSolo(a, masks);
  }
}

TEST_CASE("batch: a window centred on each unit") {
  for (std::uint64_t seed = 20; seed <= 26; ++seed) {
    Arrays a = makeBatch(seed, 4, 4, 11, 9);
    BatchMasks masks;
    masks.window = static_cast<int>(seed % 4);
    const std::size_t n = static_cast<std::size_t>(4 * 4) * batchAnswerCells(a.batch, masks);
    std::vector<std::int16_t> cost(n, 7);
    std::vector<std::uint8_t> kind(n, 7), parent(n, 7);
    masks.cost = cost.data();
    masks.kind = kind.data();
    masks.parent = parent.data();
    INFO("seed " << seed);
    const auto problem = solveBatch(a.batch, masks, 2);
    INFO(problem.value_or(""));
    REQUIRE_FALSE(problem);
    checkAgainstSolo(a, masks);
  }
}

TEST_CASE("batch: bad values are named by array and index") {
  Arrays a = makeBatch(5, 2, 3, 6, 6);
  std::vector<std::int16_t> cost(2 * 3 * 36);
  std::vector<std::uint8_t> kind(2 * 3 * 36);
  const BatchMasks masks{cost.data(), kind.data(), nullptr, -1};
  a.at = {0, 0, 1, 1, 2, 2, 0, 0, 3, 3, -1, 9};
  a.batch.at = a.at.data();
  a.team[4] = 7;
  REQUIRE(solveBatch(a.batch, masks, 1));
  CHECK(*solveBatch(a.batch, masks, 1) == "team[1, 1] is 7; expected PLAYER (0), ENEMY (1) or ALLY (2)");
  a.team[4] = 1;
  a.move[2] = 300;
  CHECK(*solveBatch(a.batch, masks, 1) == "move[0, 2] is 300; expected 0..255");
  a.move[2] = 3;
  a.at[8] = 0;
  a.at[9] = 0;
  CHECK(*solveBatch(a.batch, masks, 1) ==
        "at[1, 1] is 0,0, the cell of at[1, 0]; a cell holds one unit");
  a.at[8] = 6;
  CHECK(*solveBatch(a.batch, masks, 1) ==
        "at[1, 1] is 6,0, outside the 6x6 board (a negative x marks an absent unit)");
  a.at[8] = 3;
  a.attack[0] = 3;
  a.attack[1] = 2;
  CHECK(*solveBatch(a.batch, masks, 1) ==
        "attack[0, 0] is (3, 2); expected (MIN, MAX) with 1 <= MIN <= MAX <= 255, or (0, 0) for none");
  a.attack[1] = 3;
  a.classOf[4] = 2;
  CHECK(*solveBatch(a.batch, masks, 1) == "classes[1, 1] is 2; expected an index into costs, 0..1");
  a.classOf[5] = 2;  // an absent unit's other values are never read
  a.classOf[4] = 0;
  a.terrain[40] = 70;
  CHECK(*solveBatch(a.batch, masks, 1) == "terrain[1, 0, 4] is 70; expected a terrain index 0..63");
  a.terrain[40] = 4;
  // A unit on a cell its class cannot enter: the solve's own message, with the board and unit.
  a.terrain[0] = 4;
  a.movers[0] = 1;
  const auto standing = solveBatch(a.batch, masks, 1);
  REQUIRE(standing);
  CHECK(standing->rfind("board 0, unit 0: unit 0,0 stands on", 0) == 0);
}

TEST_CASE("batch: the work pool runs every item exactly once") {
  for (const unsigned threads : {1u, 2u, 5u}) {
    for (const std::size_t count : {std::size_t{1}, std::size_t{7}, std::size_t{1000}}) {
      std::vector<std::atomic<int>> seen(count);
      runInPool(count, threads, [&](std::size_t begin, std::size_t end) {
        for (std::size_t i = begin; i < end; ++i) ++seen[i];
        // A nested batch runs on its caller's thread.
        runInPool(3, threads, [](std::size_t, std::size_t) {});
      });
      for (std::size_t i = 0; i < count; ++i) REQUIRE(seen[i].load() == 1);
    }
  }
}
