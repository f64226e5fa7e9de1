#include "tactics/solver/danger_zone.h"

#include <algorithm>
#include <cstdlib>

#include "tactics/solver/move_rules.h"
#include "tactics/solver/reference_solver.h"

#include "attack_runs.h"

namespace tactics {

namespace {

// The origins row by row: per row, the number of origins in columns 0..x-1 (prefix[y][x]), so
// a window is O(1), and the box they lie in.
struct OriginRows {
  explicit OriginRows(const Grid<std::uint8_t>& origins)
      : width(origins.width()),
        top(origins.height()),
        left(origins.width()),
        prefix(static_cast<std::size_t>(origins.height()),
               std::vector<int>(static_cast<std::size_t>(origins.width()) + 1, 0)) {
    for (int y = 0; y < origins.height(); ++y) {
      auto& row = prefix[static_cast<std::size_t>(y)];
      for (int x = 0; x < width; ++x) {
        const int origin = origins[{x, y}] ? 1 : 0;
        row[static_cast<std::size_t>(x) + 1] = row[static_cast<std::size_t>(x)] + origin;
        if (origin) {
          left = std::min(left, x);
          right = std::max(right, x);
        }
      }
      if (row.back() > 0) {
        top = std::min(top, y);
        bottom = std::max(bottom, y);
      }
    }
  }
  // True when row `y` holds an origin in columns first..last (clipped to the map).
  [[nodiscard]] bool anyBetween(int y, int first, int last) const {
    first = std::max(first, 0);
    last = std::min(last, width - 1);
    const auto& row = prefix[static_cast<std::size_t>(y)];
    return first <= last &&
           row[static_cast<std::size_t>(last) + 1] > row[static_cast<std::size_t>(first)];
  }

  int width;
  int top, bottom = -1, left, right = -1;
  std::vector<std::vector<int>> prefix;
};

// A hex board's threat: the origins a cell sees on a row dy away are runs of columns that depend
// on the cell's parity (distance is symmetric: the cells it could be attacked from are those it
// reaches).
void markHex(const OriginRows& o, const AttackRange& attack, const Topology& topology,
             Grid<std::uint8_t>& threat) {
  const int hi = attack.maxDistance();
  AttackRuns runs;
  runs.build(topology, attack);
  for (int y = std::max(0, o.top - hi); y <= std::min(threat.height() - 1, o.bottom + hi); ++y) {
    for (int x = std::max(0, o.left - hi); x <= std::min(threat.width() - 1, o.right + hi); ++x) {
      const int parity = topology.parity({x, y});
      bool hit = false;
      for (int row = std::max(o.top, y - hi); row <= std::min(o.bottom, y + hi) && !hit; ++row) {
        const int dy = row - y;
        for (const AttackRuns::Run* r = runs.begin(parity, dy); r != runs.end(parity, dy) && !hit;
             ++r) {
          hit = o.anyBetween(row, x + r->lo, x + r->hi);
        }
      }
      if (hit) threat[{x, y}] = 1;
    }
  }
}

void markWithin(const Grid<std::uint8_t>& origins, const AttackRange& attack,
                Grid<std::uint8_t>& threat, GridLayout layout, const CostMap* map,
                const SightRule& sight) {
  if (attack.none()) return;
  const OriginRows o(origins);
  if (o.bottom < 0) return;
  // One step moves at most one row and one column on every layout, so the origins' box grown
  // by the reach bounds the threat.
  const Topology topology(layout);
  if (topology.hex()) {
    markHex(o, attack, topology, threat);
    return;
  }
  const std::vector<AttackSpan> spans = attack.merged();
  const int hi = attack.maxDistance();
  // Line of sight (SPEC §11.8, square boards): blockers of the box the threat can reach.
  const bool sightOn = map != nullptr && sight.on;
  SightWindow sightWindow;
  if (sightOn) sightWindow.bake(*map, sight.blockers, CellBox{o.left, o.top, o.right, o.bottom}.grownBy(hi));
  const auto isOrigin = [&](Cell c) { return origins[c] != 0; };
  // Each range of the set per origin (SPEC §11.4): on a row dy away, the columns min..max - dy
  // to either side.
  for (int y = std::max(0, o.top - hi); y <= std::min(threat.height() - 1, o.bottom + hi); ++y) {
    for (int x = std::max(0, o.left - hi); x <= std::min(threat.width() - 1, o.right + hi); ++x) {
      bool hit = false;
      for (int row = std::max(o.top, y - hi); row <= std::min(o.bottom, y + hi) && !hit; ++row) {
        const int dy = std::abs(row - y);
        for (std::size_t i = 0; i < spans.size() && !hit; ++i) {
          if (dy > spans[i].max) continue;
          const int far = spans[i].max - dy;
          const int near = std::max(0, spans[i].min - dy);
          hit = o.anyBetween(row, x - far, x - near) || o.anyBetween(row, x + near, x + far);
        }
      }
      if (hit && sightOn) hit = sightWindow.seenFrom(Cell{x, y}, spans, isOrigin);
      if (hit) threat[{x, y}] = 1;
    }
  }
}

}  // namespace

void markThreatened(const Grid<std::uint8_t>& origins, const AttackRange& attack,
                    Grid<std::uint8_t>& threat, GridLayout layout) {
  markWithin(origins, attack, threat, layout, nullptr, SightRule{});
}

void markThreatened(const Grid<std::uint8_t>& origins, const AttackRange& attack,
                    Grid<std::uint8_t>& threat, const CostMap& map, const SightRule& sight) {
  markWithin(origins, attack, threat, map.layout(), &map, sight);
}

Grid<std::uint8_t> stoppingCells(const CostMap& map, const RangeQuery& query,
                                 const RangeResult& range) {
  const MoveRules moveRules(map, query);
  const RuleWindow cellRules = moveRules.bake(moveRules.reachBox());
  Grid<std::uint8_t> origins(map.width(), map.height(), 0);
  const CellBox& box = cellRules.box();
  for (int y = box.y0; y <= box.y1; ++y) {
    for (int x = box.x0; x <= box.x1; ++x) {
      origins[{x, y}] = range.reached({x, y}) && cell_rule::mayStop(cellRules[{x, y}]) ? 1 : 0;
    }
  }
  return origins;
}

namespace {

// The query that solves only the movement of units[index]: SPEC §3's red area excludes reached
// cells, which §7's threat includes, so the threat is marked from the stopping cells instead.
// The danger zone is the player's view (SPEC §11.5): each enemy's range is solved on the board
// as the player knows it, hidden enemies absent.
RangeQuery movementQuery(const std::vector<Unit>& units, std::size_t index, BoardRules rules) {
  RangeQuery query = queryFor(units, index, rules, View::Player);
  query.attack = {0, 0};
  return query;
}

}  // namespace

Grid<std::uint8_t> threatOf(const CostMap& map, const std::vector<Unit>& units, std::size_t index,
                            BoardRules rules) {
  Grid<std::uint8_t> threat(map.width(), map.height(), 0);
  const Unit& unit = units[index];
  if (unit.attack.none() || !knownTo(Team::Player, unit)) return threat;
  const RangeQuery query = movementQuery(units, index, rules);
  markThreatened(stoppingCells(map, query, solveReference(map, query)), unit.attack, threat, map,
                 query.sight);
  return threat;
}

Grid<std::uint8_t> dangerZone(const CostMap& map, const std::vector<Unit>& units,
                              BoardRules rules) {
  return dangerZone(
      map, units,
      [&map](const RangeQuery& query, RangeResult& range) { solveReference(map, query, range); },
      rules);
}

Grid<std::uint8_t> dangerZone(const CostMap& map, const std::vector<Unit>& units,
                              const MovementSolve& solveMovement, BoardRules rules) {
  Grid<std::uint8_t> count(map.width(), map.height(), 0);
  Grid<std::uint8_t> threat(map.width(), map.height(), 0);
  RangeResult range;
  for (std::size_t i = 0; i < units.size(); ++i) {
    if (units[i].team != Team::Enemy || units[i].attack.none() || units[i].hidden) continue;
    const RangeQuery query = movementQuery(units, i, rules);
    solveMovement(query, range);
    std::fill(threat.cells().begin(), threat.cells().end(), std::uint8_t{0});
    markThreatened(stoppingCells(map, query, range), units[i].attack, threat, map, query.sight);
    for (std::size_t c = 0; c < count.cells().size(); ++c) {
      if (threat.cells()[c] && count.cells()[c] < kMaxDangerCount) ++count.cells()[c];
    }
  }
  return count;
}

}  // namespace tactics
