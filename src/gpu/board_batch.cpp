#include "tactics/gpu/board_batch.h"

#include <algorithm>
#include <vector>

namespace tactics::gpu {

std::optional<std::string> solveBatch(Solvers& solvers, const BoardBatch& batch,
                                      const BatchMasks& masks, Backend backend) {
  if (auto bad = batchProblem(batch, masks)) return bad;
  const int terrains = batchTerrainCount(batch);
  const std::size_t cells =
      static_cast<std::size_t>(batch.width) * static_cast<std::size_t>(batch.height);
  const CellBox whole{0, 0, batch.width - 1, batch.height - 1};
  std::vector<int> indices;
  std::vector<RangeQuery> queries;
  std::vector<int> solved;  // the unit index of each query
  std::vector<std::int16_t> cost;
  std::vector<std::uint8_t> kind;
  std::vector<std::uint8_t> parent;
  for (int b = 0; b < batch.boards; ++b) {
    queries.clear();
    solved.clear();
    const std::vector<Unit> units = boardUnits(batch, b, &indices);
    const CostMap map = batchBoard(batch, b, terrains);
    for (int u = 0; u < batch.units; ++u) {
      if (!batchMoves(batch, b, u)) {
        writeBatchNothing(batch, masks, b, u);
        continue;
      }
      const auto mover = static_cast<std::size_t>(
          std::find(indices.begin(), indices.end(), u) - indices.begin());
      queries.push_back(queryFor(units, mover, batch.rules));
      if (auto bad = validate(map, queries.back())) {
        return "board " + std::to_string(b) + ", unit " + std::to_string(u) + ": " + *bad;
      }
      solved.push_back(u);
    }
    if (queries.empty()) continue;
    solvers.updateMap(map, whole);
    cost.resize(queries.size() * cells);
    kind.resize(queries.size() * cells);
    parent.resize(masks.parent != nullptr ? queries.size() * cells : 0);
    const auto ran = solvers.rangeMany(
        queries, RangeMasks{cost.data(), kind.data(), masks.parent != nullptr ? parent.data() : nullptr},
        backend, 1);
    if (!ran) return ran.error();
    for (std::size_t k = 0; k < queries.size(); ++k) {
      const RangeMasks one{cost.data() + k * cells, kind.data() + k * cells,
                           masks.parent != nullptr ? parent.data() + k * cells : nullptr};
      writeBatchAnswer(batch, masks, b, solved[k], one, queries[k].unit);
    }
  }
  return std::nullopt;
}

}  // namespace tactics::gpu
