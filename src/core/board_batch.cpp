#include "tactics/solver/board_batch.h"

#include <algorithm>
#include <mutex>

#include "tactics/solver/cost_map.h"
#include "tactics/solver/reference_solver.h"
#include "tactics/solver/work_pool.h"

namespace tactics {

namespace {

constexpr std::uint8_t kNoUnitParent = 255;
constexpr int kMaxWindow = 1024;

std::size_t at2(const BoardBatch& batch, int b, int u) {
  return static_cast<std::size_t>(b) * static_cast<std::size_t>(batch.units) +
         static_cast<std::size_t>(u);
}

std::string index2(const char* name, int b, int u) {
  return std::string(name) + "[" + std::to_string(b) + ", " + std::to_string(u) + "]";
}

bool present(const BoardBatch& batch, int b, int u) { return batch.at[2 * at2(batch, b, u)] >= 0; }

bool moves(const BoardBatch& batch, int b, int u) {
  return present(batch, b, u) && (batch.movers == nullptr || batch.movers[at2(batch, b, u)] != 0);
}

AttackRange attackOf(const BoardBatch& batch, int b, int u) {
  if (batch.attack == nullptr) return AttackRange{};
  const std::int32_t* a = batch.attack + 2 * at2(batch, b, u);
  return AttackRange(a[0], a[1]);
}

std::optional<std::string> shapeProblem(const BoardBatch& batch, const BatchMasks& masks) {
  if (batch.boards < 0 || batch.units < 0) return std::string("a batch has B >= 0 boards of U >= 0 units");
  if (batch.width < 1 || batch.height < 1 || batch.width > kMaxMapSide ||
      batch.height > kMaxMapSide) {
    return "terrain is " + std::to_string(batch.width) + "x" + std::to_string(batch.height) +
           " cells; a board is 1..4096 cells a side";
  }
  if (masks.window < -1 || masks.window > kMaxWindow) {
    return "window " + std::to_string(masks.window) + " is out of range 0..1024";
  }
  if (batch.classes.empty() || batch.classes.size() > 256) {
    return std::string("costs holds ") + std::to_string(batch.classes.size()) +
           " classes; expected 1..256";
  }
  return std::nullopt;
}

std::optional<std::string> unitProblem(const BoardBatch& batch, int b, int u) {
  const std::size_t k = at2(batch, b, u);
  const std::int32_t x = batch.at[2 * k];
  const std::int32_t y = batch.at[2 * k + 1];
  if (x < 0) return std::nullopt;  // absent: nothing else of it is read
  if (x >= batch.width || y < 0 || y >= batch.height) {
    return index2("at", b, u) + " is " + std::to_string(x) + "," + std::to_string(y) +
           ", outside the " + std::to_string(batch.width) + "x" + std::to_string(batch.height) +
           " board (a negative x marks an absent unit)";
  }
  if (batch.team[k] > 2) {
    return index2("team", b, u) + " is " + std::to_string(batch.team[k]) +
           "; expected PLAYER (0), ENEMY (1) or ALLY (2)";
  }
  if (batch.move[k] < 0 || batch.move[k] > kMaxMoveRange) {
    return index2("move", b, u) + " is " + std::to_string(batch.move[k]) +
           "; expected 0..255";
  }
  if (batch.attack != nullptr) {
    const std::int32_t lo = batch.attack[2 * k];
    const std::int32_t hi = batch.attack[2 * k + 1];
    if (!(lo == 0 && hi == 0) && !(1 <= lo && lo <= hi && hi <= kMaxAttackRange)) {
      return index2("attack", b, u) + " is (" + std::to_string(lo) + ", " + std::to_string(hi) +
             "); expected (MIN, MAX) with 1 <= MIN <= MAX <= 255, or (0, 0) for none";
    }
  }
  if (batch.classOf != nullptr &&
      (batch.classOf[k] < 0 || static_cast<std::size_t>(batch.classOf[k]) >= batch.classes.size())) {
    return index2("classes", b, u) + " is " + std::to_string(batch.classOf[k]) +
           "; expected an index into costs, 0.." + std::to_string(batch.classes.size() - 1);
  }
  for (int v = 0; v < u; ++v) {
    const std::size_t o = at2(batch, b, v);
    if (batch.at[2 * o] == x && batch.at[2 * o + 1] == y) {
      return index2("at", b, u) + " is " + std::to_string(x) + "," + std::to_string(y) +
             ", the cell of " + index2("at", b, v) + "; a cell holds one unit";
    }
  }
  return std::nullopt;
}

// The cells a solve of `move` and `attack` can touch on a width x height board.
long long solveWork(int move, const AttackRange& attack, int width, int height) {
  const int reach = 2 * (move + attack.maxDistance()) + 1;
  return static_cast<long long>(std::min(reach, width)) * std::min(reach, height);
}

// The work the batch's solves can touch, in cells: whether sharing it is worth a wake-up.
long long batchWork(const BoardBatch& batch) {
  long long cells = 0;
  for (int b = 0; b < batch.boards; ++b) {
    for (int u = 0; u < batch.units; ++u) {
      if (!moves(batch, b, u)) continue;
      cells += solveWork(batch.move[at2(batch, b, u)], attackOf(batch, b, u), batch.width,
                         batch.height);
    }
  }
  return cells;
}

// One unit that does not move, or is not there: unreached everywhere.
void writeNothing(const BatchMasks& masks, std::size_t offset, std::size_t cells) {
  if (masks.cost != nullptr) std::fill_n(masks.cost + offset, cells, std::int16_t{-1});
  if (masks.kind != nullptr) std::fill_n(masks.kind + offset, cells, std::uint8_t{0});
  if (masks.parent != nullptr) std::fill_n(masks.parent + offset, cells, kNoUnitParent);
}

struct Scratch {
  std::vector<std::int16_t> cost;
  std::vector<std::uint8_t> kind;
  std::vector<std::uint8_t> parent;
};

// The first failure by (board, unit) order, whichever thread meets it.
class FirstProblem {
 public:
  void offer(std::size_t order, std::string text) {
    const std::lock_guard<std::mutex> lock(mutex_);
    if (order < order_) {
      order_ = order;
      text_ = std::move(text);
    }
  }
  [[nodiscard]] std::optional<std::string> get() const {
    if (order_ == SIZE_MAX) return std::nullopt;
    return text_;
  }

 private:
  std::mutex mutex_;
  std::size_t order_ = SIZE_MAX;
  std::string text_;
};

}  // namespace

int batchTerrainCount(const BoardBatch& batch) {
  const std::size_t cells = static_cast<std::size_t>(batch.boards) *
                            static_cast<std::size_t>(batch.width) *
                            static_cast<std::size_t>(batch.height);
  const std::uint8_t most =
      cells == 0 ? 0 : *std::max_element(batch.terrain, batch.terrain + cells);
  return std::max(static_cast<int>(most) + 1, kTerrainClasses);
}

CostMap batchBoard(const BoardBatch& batch, int b, int terrainCount) {
  const std::size_t cells =
      static_cast<std::size_t>(batch.width) * static_cast<std::size_t>(batch.height);
  const std::uint8_t* first = batch.terrain + static_cast<std::size_t>(b) * cells;
  CostMap map = CostMap::ofTerrainIndices(batch.width, batch.height,
                                          std::vector<std::uint8_t>(first, first + cells),
                                          terrainCount);
  map.setLayout(batch.layout);
  return map;
}

bool batchMoves(const BoardBatch& batch, int b, int u) { return moves(batch, b, u); }

void writeBatchNothing(const BoardBatch& batch, const BatchMasks& masks, int b, int u) {
  const std::size_t cells = batchAnswerCells(batch, masks);
  writeNothing(masks, at2(batch, b, u) * cells, cells);
}

void writeBatchAnswer(const BoardBatch& batch, const BatchMasks& masks, int b, int u,
                      const RangeMasks& board, Cell unit) {
  const std::size_t cells = batchAnswerCells(batch, masks);
  const std::size_t offset = at2(batch, b, u) * cells;
  const auto copy = [&](std::size_t from, std::size_t to, std::size_t n) {
    if (masks.cost != nullptr && board.cost != nullptr)
      std::copy_n(board.cost + from, n, masks.cost + offset + to);
    if (masks.kind != nullptr && board.kind != nullptr)
      std::copy_n(board.kind + from, n, masks.kind + offset + to);
    if (masks.parent != nullptr && board.parent != nullptr)
      std::copy_n(board.parent + from, n, masks.parent + offset + to);
  };
  if (masks.window < 0) {
    copy(0, 0, cells);
    return;
  }
  // The window around the unit, row by row; cells off the board unreached.
  const int m = masks.window;
  const auto side = static_cast<std::size_t>(2 * m + 1);
  writeNothing(masks, offset, cells);
  const int x0 = std::max(0, unit.x - m);
  const int x1 = std::min(batch.width - 1, unit.x + m);
  if (x0 > x1) return;
  for (int y = std::max(0, unit.y - m); y <= std::min(batch.height - 1, unit.y + m); ++y) {
    copy(static_cast<std::size_t>(y) * static_cast<std::size_t>(batch.width) +
             static_cast<std::size_t>(x0),
         static_cast<std::size_t>(y - unit.y + m) * side + static_cast<std::size_t>(x0 - unit.x + m),
         static_cast<std::size_t>(x1 - x0 + 1));
  }
}

namespace {

void solveBoard(const BoardBatch& batch, const BatchMasks& masks, int terrains, int b,
                FirstProblem& problems) {
  const std::size_t boardCells =
      static_cast<std::size_t>(batch.width) * static_cast<std::size_t>(batch.height);
  const std::size_t answerCells = batchAnswerCells(batch, masks);
  std::optional<CostMap> map;
  std::vector<int> indices;
  std::vector<Unit> units;
  thread_local Scratch scratch;
  for (int u = 0; u < batch.units; ++u) {
    if (!moves(batch, b, u)) {
      writeBatchNothing(batch, masks, b, u);
      continue;
    }
    if (!map) {
      map = batchBoard(batch, b, terrains);
      units = boardUnits(batch, b, &indices);
    }
    const auto mover = static_cast<std::size_t>(
        std::find(indices.begin(), indices.end(), u) - indices.begin());
    const RangeQuery query = queryFor(units, mover, batch.rules);
    if (auto bad = validate(*map, query)) {
      problems.offer(at2(batch, b, u), "board " + std::to_string(b) + ", unit " +
                                           std::to_string(u) + ": " + *bad);
      writeBatchNothing(batch, masks, b, u);
      continue;
    }
    // Whole boards with both costs and kinds asked for: straight into the answer.
    if (masks.window < 0 && masks.cost != nullptr && masks.kind != nullptr) {
      const std::size_t offset = at2(batch, b, u) * answerCells;
      solveReference(*map, query,
                     RangeMasks{masks.cost != nullptr ? masks.cost + offset : nullptr,
                                masks.kind != nullptr ? masks.kind + offset : nullptr,
                                masks.parent != nullptr ? masks.parent + offset : nullptr});
      continue;
    }
    // Else the solver writes whole boards, costs and kinds always (cheap), parents when asked,
    // and the answer takes what it asked for.
    scratch.cost.resize(boardCells);
    scratch.kind.resize(boardCells);
    scratch.parent.resize(masks.parent != nullptr ? boardCells : 0);
    const RangeMasks board{scratch.cost.data(), scratch.kind.data(),
                           masks.parent != nullptr ? scratch.parent.data() : nullptr};
    solveReference(*map, query, board);
    writeBatchAnswer(batch, masks, b, u, board, query.unit);
  }
}

}  // namespace

std::size_t batchAnswerCells(const BoardBatch& batch, const BatchMasks& masks) {
  if (masks.window >= 0) {
    const auto side = static_cast<std::size_t>(2 * masks.window + 1);
    return side * side;
  }
  return static_cast<std::size_t>(batch.width) * static_cast<std::size_t>(batch.height);
}

std::optional<std::string> batchProblem(const BoardBatch& batch, const BatchMasks& masks) {
  if (auto bad = shapeProblem(batch, masks)) return bad;
  const std::size_t cells = static_cast<std::size_t>(batch.boards) *
                            static_cast<std::size_t>(batch.width) *
                            static_cast<std::size_t>(batch.height);
  const auto far = std::find_if(batch.terrain, batch.terrain + cells,
                                [](std::uint8_t t) { return t >= kMaxTerrains; });
  if (far != batch.terrain + cells) {
    const auto i = static_cast<std::size_t>(far - batch.terrain);
    const auto w = static_cast<std::size_t>(batch.width);
    const auto hw = w * static_cast<std::size_t>(batch.height);
    return "terrain[" + std::to_string(i / hw) + ", " + std::to_string(i % hw / w) + ", " +
           std::to_string(i % w) + "] is " + std::to_string(*far) +
           "; expected a terrain index 0..63";
  }
  for (int b = 0; b < batch.boards; ++b) {
    for (int u = 0; u < batch.units; ++u) {
      if (auto bad = unitProblem(batch, b, u)) return bad;
    }
  }
  return std::nullopt;
}

std::vector<Unit> boardUnits(const BoardBatch& batch, int b, std::vector<int>* indices) {
  std::vector<Unit> units;
  if (indices != nullptr) indices->clear();
  for (int u = 0; u < batch.units; ++u) {
    if (!present(batch, b, u)) continue;
    const std::size_t k = at2(batch, b, u);
    Unit unit;
    unit.team = static_cast<Team>(batch.team[k]);
    unit.cell = Cell{batch.at[2 * k], batch.at[2 * k + 1]};
    unit.moveRange = batch.move[k];
    unit.attack = attackOf(batch, b, u);
    unit.movement = batch.classes[batch.classOf != nullptr ? static_cast<std::size_t>(batch.classOf[k]) : 0];
    units.push_back(std::move(unit));
    if (indices != nullptr) indices->push_back(u);
  }
  return units;
}

std::optional<std::string> solveBatch(const BoardBatch& batch, const BatchMasks& masks,
                                      unsigned threads) {
  if (auto bad = batchProblem(batch, masks)) return bad;
  const int terrains = batchTerrainCount(batch);
  if (batchWork(batch) < kCellsWorthSharing) threads = 1;
  FirstProblem problems;
  runInPool(static_cast<std::size_t>(batch.boards), threads,
            [&](std::size_t begin, std::size_t end) {
              for (std::size_t b = begin; b < end; ++b) {
                solveBoard(batch, masks, terrains, static_cast<int>(b), problems);
              }
            });
  return problems.get();
}

void solveQueries(const CostMap& map, const std::vector<RangeQuery>& queries,
                  const RangeMasks& out, unsigned threads) {
  const std::size_t cells =
      static_cast<std::size_t>(map.width()) * static_cast<std::size_t>(map.height());
  long long work = 0;
  for (const RangeQuery& q : queries) work += solveWork(q.moveRange, q.attack, map.width(), map.height());
  if (work < kCellsWorthSharing) threads = 1;
  runInPool(queries.size(), threads, [&](std::size_t begin, std::size_t end) {
    // The reference writes costs and kinds together: where one was not asked for, a spare.
    thread_local Scratch spare;
    for (std::size_t k = begin; k < end; ++k) {
      RangeMasks masks{out.cost != nullptr ? out.cost + k * cells : nullptr,
                       out.kind != nullptr ? out.kind + k * cells : nullptr,
                       out.parent != nullptr ? out.parent + k * cells : nullptr};
      if (masks.cost == nullptr) {
        spare.cost.resize(cells);
        masks.cost = spare.cost.data();
      }
      if (masks.kind == nullptr) {
        spare.kind.resize(cells);
        masks.kind = spare.kind.data();
      }
      solveReference(map, queries[k], masks);
    }
  });
}

}  // namespace tactics
