#include "cli/bench_peers.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include <libtcod/path.h>

namespace tactics::cli {

namespace {

// What stands on a cell, for the range peer.
constexpr std::uint8_t kFree = 0;
constexpr std::uint8_t kAlly = 1;     // crossed at its terrain's cost, never stopped on
constexpr std::uint8_t kBlocked = 2;  // never entered

// The cost of entering a cell per cell byte, 0 where the class cannot enter: the byte is a grey
// (its class prices it) or, on a map of named terrains, the terrain index (SPEC §1, §11.1).
std::array<std::uint8_t, 256> costTable(const CostMap& map, const MovementClass& movement) {
  std::array<std::uint8_t, 256> costs{};
  for (std::size_t byte = 0; byte < costs.size(); ++byte) {
    const int terrain = map.terrainOfByte(static_cast<std::uint8_t>(byte));
    if (terrain < kMaxTerrains) costs[byte] = static_cast<std::uint8_t>(movement.cost(terrain));
  }
  return costs;
}

std::uint32_t indexOf(Cell c, int width) { return static_cast<std::uint32_t>(c.y * width + c.x); }

std::size_t cellCount(const CostMap& map) {
  return static_cast<std::size_t>(map.width()) * static_cast<std::size_t>(map.height());
}

// A neighbour of a cell, and the direction from it back to that cell (its parent, if the path
// comes that way).
struct Neighbour {
  std::uint32_t cell = 0;
  Direction back = Direction::None;
};

// The neighbours of `cell` inside the map in the order up, down, left, right, the order in which
// the reference picks a parent among equals. Returns how many there are.
std::size_t neighbours(std::uint32_t cell, int width, int height, std::array<Neighbour, 4>& out) {
  const auto w = static_cast<std::uint32_t>(width);
  const std::uint32_t x = cell % w;
  const std::uint32_t y = cell / w;
  std::size_t count = 0;
  if (y > 0) out[count++] = {cell - w, Direction::Down};
  if (y + 1 < static_cast<std::uint32_t>(height)) out[count++] = {cell + w, Direction::Up};
  if (x > 0) out[count++] = {cell - 1, Direction::Right};
  if (x + 1 < w) out[count++] = {cell + 1, Direction::Left};
  return count;
}

const char* reachName(Reach reach) {
  switch (reach) {
    case Reach::None: return "none";
    case Reach::Reached: return "reached";
    case Reach::Attackable: return "attackable";
  }
  return "?";
}

const char* directionName(Direction d) {
  switch (d) {
    case Direction::Up: return "up";
    case Direction::Down: return "down";
    case Direction::Left: return "left";
    case Direction::Right: return "right";
    case Direction::None: break;
  }
  return "none";
}

template <class T>
std::string sizeOf(const Grid<T>& grid) {
  return std::to_string(grid.width()) + "x" + std::to_string(grid.height());
}

// "cell 4,5: travel cost 7, the reference 6".
std::string differs(Cell c, const std::string& what, const std::string& peer,
                    const std::string& reference) {
  return "cell " + toString(c) + ": " + what + " " + peer + ", the reference " + reference;
}

}  // namespace

// --- pq-dijkstra: the range ----------------------------------------------------------------------

void PqDijkstraRange::solve(const CostMap& map, const RangeQuery& query, RangeResult& result) {
  reset(map, result);
  costOf_ = costTable(map, query.movement);
  markUnits(query, map.width(), true);
  search(map, query, result);
  // The passes the GPU would run, as the reference counts them (the cells written so far are
  // the reached ones).
  int mostSteps = 0;
  for (std::uint32_t cell : written_) mostSteps = std::max(mostSteps, steps_[cell]);
  result.passes = query.moveRange == 0 ? 0 : std::min(query.moveRange, mostSteps + 1);
  markAttacks(query, map.width(), map.height(), result);
  markUnits(query, map.width(), false);
  result.written = box_;
}

// Puts back the defaults on the cells the last solve wrote, and nowhere else.
void PqDijkstraRange::reset(const CostMap& map, RangeResult& result) {
  const std::size_t cells = cellCount(map);
  if (result.width() != map.width() || result.height() != map.height() || steps_.size() != cells) {
    result = RangeResult(map.width(), map.height());
    steps_.assign(cells, 0);
    units_.assign(cells, kFree);
    written_.clear();
  }
  for (std::uint32_t cell : written_) {
    result.reach.cells()[cell] = Reach::None;
    result.travelCost.cells()[cell] = -1;
    result.parent.cells()[cell] = Direction::None;
  }
  written_.clear();
  box_ = CellBox{};
}

// Marks (or, with `on` false, clears) the cells other units stand on: allies are crossed, enemies
// block (with `pass` they are crossed like allies), and with ignore-units neither counts.
void PqDijkstraRange::markUnits(const RangeQuery& query, int width, bool on) {
  if (query.ignoreUnits) return;
  const std::uint8_t enemy = query.skills.has(Skill::Pass) ? kAlly : kBlocked;
  for (Cell c : query.allies) units_[indexOf(c, width)] = on ? kAlly : kFree;
  for (Cell c : query.enemies) units_[indexOf(c, width)] = on ? enemy : kFree;
}

void PqDijkstraRange::write(std::uint32_t cell, Reach reach, int width, RangeResult& result) {
  result.reach.cells()[cell] = reach;
  written_.push_back(cell);
  const auto w = static_cast<std::uint32_t>(width);
  const Cell c{static_cast<int>(cell % w), static_cast<int>(cell / w)};
  box_ = box_.unitedWith(CellBox{c.x, c.y, c.x, c.y});
}

// Dijkstra from the unit: cheapest cost first, then fewest steps, then the first direction in
// the order up, down, left, right (the parent the reference picks). With range >= 1 the unit's
// neighbours are reached whatever they cost (SPEC §2's one-step rule) but lead nowhere.
void PqDijkstraRange::search(const CostMap& map, const RangeQuery& query, RangeResult& result) {
  const int width = map.width();
  const int height = map.height();
  const int range = query.moveRange;
  const std::uint8_t* grey = map.greyValues().data();
  int* cost = result.travelCost.cells().data();
  Direction* parent = result.parent.cells().data();
  const std::uint32_t start = indexOf(query.unit, width);
  write(start, Reach::Reached, width, result);
  cost[start] = 0;
  steps_[start] = 0;
  if (range == 0) return;
  open_.push({0, start});
  std::array<Neighbour, 4> next;
  while (!open_.empty()) {
    const auto [at, from] = open_.top();
    open_.pop();
    if (at != cost[from]) continue;  // a cheaper entry for this cell came out earlier
    const std::size_t count = neighbours(from, width, height, next);
    for (std::size_t i = 0; i < count; ++i) {
      const std::uint32_t to = next[i].cell;
      const int enter = units_[to] == kBlocked ? 0 : costOf_[grey[to]];
      if (enter == 0) continue;
      const int total = at + enter;
      if (total > range && from != start) continue;
      const int steps = steps_[from] + 1;
      const bool fresh = cost[to] < 0;
      const bool cheaper = fresh || total < cost[to];
      const bool better =
          cheaper || (total == cost[to] &&
                      (steps < steps_[to] || (steps == steps_[to] && next[i].back < parent[to])));
      if (!better) continue;
      if (fresh) write(to, Reach::Reached, width, result);
      cost[to] = total;
      steps_[to] = steps;
      parent[to] = next[i].back;
      // A cell beyond the range (a one-step cell) is reached but expands nothing.
      if (cheaper && total <= range) open_.push({total, to});
    }
  }
}

// Every unreached cell at a distance the attack set holds from a reached cell the unit may stop
// on (not an ally's): a diamond around each such cell.
void PqDijkstraRange::markAttacks(const RangeQuery& query, int width, int height,
                                  RangeResult& result) {
  if (query.attack.none()) return;
  const int far = query.attack.maxDistance();
  std::array<bool, kMaxAttackRange + 1> inSet{};
  for (int d = 0; d <= far; ++d) inSet[static_cast<std::size_t>(d)] = query.attack.contains(d);
  const auto w = static_cast<std::uint32_t>(width);
  const std::size_t reached = written_.size();
  for (std::size_t i = 0; i < reached; ++i) {
    const std::uint32_t origin = written_[i];
    if (units_[origin] == kAlly) continue;
    const int ox = static_cast<int>(origin % w);
    const int oy = static_cast<int>(origin / w);
    for (int y = std::max(0, oy - far); y <= std::min(height - 1, oy + far); ++y) {
      const int dy = std::abs(y - oy);
      const int span = far - dy;
      for (int x = std::max(0, ox - span); x <= std::min(width - 1, ox + span); ++x) {
        if (!inSet[static_cast<std::size_t>(dy + std::abs(x - ox))]) continue;
        const std::uint32_t target = indexOf({x, y}, width);
        if (result.reach.cells()[target] == Reach::None) {
          write(target, Reach::Attackable, width, result);
        }
      }
    }
  }
}

// --- pq-dijkstra: the field ----------------------------------------------------------------------

void PqDijkstraField::solve(const CostMap& map, const FieldQuery& query, DistanceField& field) {
  const int width = map.width();
  const int height = map.height();
  const std::size_t cells = cellCount(map);
  if (field.width() != width || field.height() != height || blocked_.size() != cells) {
    field = DistanceField(width, height, kFieldUnreachable);
    blocked_.assign(cells, 0);
    written_.clear();
  }
  FieldCost* cost = field.cells().data();
  for (std::uint32_t cell : written_) cost[cell] = kFieldUnreachable;
  written_.clear();
  costOf_ = costTable(map, query.movement);
  for (Cell c : query.blockers) blocked_[indexOf(c, width)] = 1;

  for (Cell c : query.sources) {
    const std::uint32_t source = indexOf(c, width);
    if (cost[source] == 0) continue;  // listed twice
    cost[source] = 0;
    written_.push_back(source);
    open_.push({0, source});
  }
  const std::uint8_t* grey = map.greyValues().data();
  std::array<Neighbour, 4> next;
  while (!open_.empty()) {
    const auto [at, from] = open_.top();
    open_.pop();
    if (at != cost[from]) continue;  // a cheaper entry for this cell came out earlier
    const std::size_t count = neighbours(from, width, height, next);
    for (std::size_t i = 0; i < count; ++i) {
      const std::uint32_t to = next[i].cell;
      if (blocked_[to] != 0 || costOf_[grey[to]] == 0) continue;
      const FieldCost total = at + costOf_[grey[to]];
      if (cost[to] == kFieldUnreachable) {
        written_.push_back(to);
      } else if (total >= cost[to]) {
        continue;
      }
      cost[to] = total;
      open_.push({total, to});
    }
  }
  for (Cell c : query.blockers) blocked_[indexOf(c, width)] = 0;
}

// --- libtcod -------------------------------------------------------------------------------------

void LibtcodField::Free::operator()(TCOD_Dijkstra* dijkstra) const { TCOD_dijkstra_delete(dijkstra); }

LibtcodField::LibtcodField(const CostMap& map)
    : map_(&map),
      blocked_(cellCount(map), 0),
      dijkstra_(TCOD_dijkstra_new_using_function(map.width(), map.height(), &LibtcodField::enterCost,
                                                 this, 0.0f)) {}

// libtcod asks for the cost of the step from one cell to the next: entering the next, 0 when it
// cannot be entered.
float LibtcodField::enterCost(int /*xFrom*/, int /*yFrom*/, int xTo, int yTo, void* self) {
  const auto& solver = *static_cast<const LibtcodField*>(self);
  const std::size_t to = static_cast<std::size_t>(yTo) * static_cast<std::size_t>(solver.map_->width()) +
                         static_cast<std::size_t>(xTo);
  if (solver.blocked_[to] != 0) return 0.0f;
  return solver.costOf_[solver.map_->greyValues()[to]];
}

void LibtcodField::solve(const FieldQuery& query, DistanceField& field) {
  const int width = map_->width();
  if (field.width() != width || field.height() != map_->height()) {
    field = DistanceField(width, map_->height(), kFieldUnreachable);
  }
  const std::array<std::uint8_t, 256> costs = costTable(*map_, query.movement);
  std::copy(costs.begin(), costs.end(), costOf_.begin());
  for (Cell c : query.blockers) blocked_[indexOf(c, width)] = 1;
  if (query.sources.empty()) std::fill(field.cells().begin(), field.cells().end(), kFieldUnreachable);
  for (std::size_t i = 0; i < query.sources.size(); ++i) {
    TCOD_dijkstra_compute(dijkstra_.get(), query.sources[i].x, query.sources[i].y);
    takeCheapest(i == 0, field);
  }
  for (Cell c : query.blockers) blocked_[indexOf(c, width)] = 0;
}

// Reads libtcod's distances (floats, -1 where unreached) into the field: all of them after the
// first source, the cheaper one after the others. Costs are whole numbers, so rounding is exact.
void LibtcodField::takeCheapest(bool first, DistanceField& field) const {
  for (int y = 0; y < field.height(); ++y) {
    for (int x = 0; x < field.width(); ++x) {
      const float distance = TCOD_dijkstra_get_distance(dijkstra_.get(), x, y);
      const FieldCost cost = distance < 0.0f ? kFieldUnreachable
                                             : static_cast<FieldCost>(std::lround(distance));
      FieldCost& cell = field[{x, y}];
      if (first || (cost != kFieldUnreachable && (cell == kFieldUnreachable || cost < cell))) {
        cell = cost;
      }
    }
  }
}

// --- checks --------------------------------------------------------------------------------------

std::optional<std::string> rangeDifference(const RangeResult& peer, const RangeResult& reference) {
  if (peer.width() != reference.width() || peer.height() != reference.height()) {
    return "a " + sizeOf(peer.reach) + " result, the reference " + sizeOf(reference.reach);
  }
  for (int y = 0; y < reference.height(); ++y) {
    for (int x = 0; x < reference.width(); ++x) {
      const Cell c{x, y};
      if (peer.reach[c] != reference.reach[c]) {
        return differs(c, "reach", reachName(peer.reach[c]), reachName(reference.reach[c]));
      }
      if (peer.travelCost[c] != reference.travelCost[c]) {
        return differs(c, "travel cost", std::to_string(peer.travelCost[c]),
                       std::to_string(reference.travelCost[c]));
      }
      if (peer.parent[c] != reference.parent[c]) {
        return differs(c, "parent", directionName(peer.parent[c]), directionName(reference.parent[c]));
      }
    }
  }
  if (peer.passes != reference.passes) {
    return "passes " + std::to_string(peer.passes) + ", the reference " +
           std::to_string(reference.passes);
  }
  return std::nullopt;
}

std::optional<std::string> fieldDifference(const DistanceField& peer, const DistanceField& reference) {
  if (peer.width() != reference.width() || peer.height() != reference.height()) {
    return "a " + sizeOf(peer) + " field, the reference " + sizeOf(reference);
  }
  for (int y = 0; y < reference.height(); ++y) {
    for (int x = 0; x < reference.width(); ++x) {
      if (peer[{x, y}] != reference[{x, y}]) {
        return differs({x, y}, "cost", std::to_string(peer[{x, y}]), std::to_string(reference[{x, y}]));
      }
    }
  }
  return std::nullopt;
}

}  // namespace tactics::cli
