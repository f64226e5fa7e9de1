#pragma once
// The bench's peers (issue 26 item 7): what a game developer would write or link instead of this
// project's solvers, answering the same questions into the same results, so that `bench` times
// them beside the reference and checks every answer against it. Bench code, not library code:
// only the bench and its tests use them.

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <queue>
#include <string>
#include <utility>
#include <vector>

#include "tactics/solver/cost_map.h"
#include "tactics/solver/distance_field.h"
#include "tactics/solver/range_query.h"
#include "tactics/solver/range_result.h"

struct TCOD_Dijkstra;  // libtcod's Dijkstra map (libtcod/path.h), kept out of this header

namespace tactics::cli {

// A plain Dijkstra over a std::priority_queue of (cost, cell index) with lazy deletion: an entry
// whose cost is no longer the cell's is skipped when it comes out. Costs come from a 256-entry
// table of the movement class's cost per cell byte, built per query. Its buffers (the queue's
// storage, per-cell step counts and unit marks, the list of cells it wrote) live as long as the
// solver, and each query resets only the cells the previous one wrote.
using PeerEntry = std::pair<std::int32_t, std::uint32_t>;  // (cost, cell index)
using PeerQueue = std::priority_queue<PeerEntry, std::vector<PeerEntry>, std::greater<PeerEntry>>;

// The unit's range (SPEC §2, §3): travel costs, parents and attack cells equal cell by cell to
// solveReference's, and its passes count.
class PqDijkstraRange {
 public:
  // It knows allies, enemies, `pass` and ignore-units, not zone of control (SPEC §11.2).
  static bool answers(const RangeQuery& query) { return !query.zoc && !query.sight.on; }

  // Solves a valid query that answers() accepts into `result`, which must be the result this
  // solver filled last or one of another size than the map (then it is made afresh).
  void solve(const CostMap& map, const RangeQuery& query, RangeResult& result);
  // The cells the last solve wrote: reached and attackable.
  [[nodiscard]] std::size_t cellsWritten() const { return written_.size(); }

 private:
  void reset(const CostMap& map, RangeResult& result);
  void markUnits(const RangeQuery& query, int width, bool on);
  void search(const CostMap& map, const RangeQuery& query, RangeResult& result);
  void markAttacks(const RangeQuery& query, int width, int height, RangeResult& result);
  void write(std::uint32_t cell, Reach reach, int width, RangeResult& result);

  PeerQueue open_;
  std::array<std::uint8_t, 256> costOf_{};  // entry cost per cell byte, 0: impassable
  std::vector<std::int32_t> steps_;         // per cell; valid where the result has a cost
  std::vector<std::uint8_t> units_;         // per cell: kFree, kAlly or kBlocked
  std::vector<std::uint32_t> written_;      // the cells the last solve wrote
  CellBox box_;                             // and the box around them
};

// The distance field (SPEC §10): equal cell by cell to solveFieldReference's.
class PqDijkstraField {
 public:
  // Solves a query whose cells lie in the map into `field`, which must be the field this solver
  // filled last or one of another size than the map (then it is made afresh).
  void solve(const CostMap& map, const FieldQuery& query, DistanceField& field);
  [[nodiscard]] std::size_t cellsWritten() const { return written_.size(); }

 private:
  PeerQueue open_;
  std::array<std::uint8_t, 256> costOf_{};
  std::vector<std::uint8_t> blocked_;   // per cell, set for the query's blockers only
  std::vector<std::uint32_t> written_;  // the cells the last solve reached
};

// libtcod's Dijkstra (Debian libtcod-dev, TCOD_dijkstra_new_using_function) with the same costs:
// its callback returns the cost of entering a cell (0: impassable or a blocker) and diagonals
// cost 0, which libtcod reads as "no diagonal moves". libtcod takes one root: a field with
// several sources is one run per source, the cheapest kept per cell.
class LibtcodField {
 public:
  // One libtcod Dijkstra map of the map's size; the map must outlive the solver.
  explicit LibtcodField(const CostMap& map);

  // Solves a query whose cells lie in the map into `field` (every cell written).
  void solve(const FieldQuery& query, DistanceField& field);

 private:
  static float enterCost(int xFrom, int yFrom, int xTo, int yTo, void* self);
  void takeCheapest(bool first, DistanceField& field) const;

  struct Free {
    void operator()(TCOD_Dijkstra* dijkstra) const;
  };
  const CostMap* map_;
  std::array<float, 256> costOf_{};
  std::vector<std::uint8_t> blocked_;
  // The callback's user data is this object: it stays where it is made.
  std::unique_ptr<TCOD_Dijkstra, Free> dijkstra_;
};

// The first cell where a peer's answer differs from the reference's, as one line ("cell 4,5:
// travel cost 7, the reference 6"), or nullopt when they are equal: reach, travel cost and
// parent of every cell, and the passes count.
std::optional<std::string> rangeDifference(const RangeResult& peer, const RangeResult& reference);
// The same for fields: every cell's cost.
std::optional<std::string> fieldDifference(const DistanceField& peer, const DistanceField& reference);

}  // namespace tactics::cli
