#include "tactics/solver/route.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <utility>

#include "tactics/solver/path.h"

namespace tactics {

RouteBoard::RouteBoard(const CostMap& map, RangeQuery query, const RangeResult& range)
    : query_(std::move(query)), topology_(map.topology()), range_(&range) {
  // Every reached cell lies within moveRange steps of the unit: the rules of that box are all
  // the route rules consult.
  const MoveRules moveRules(map, query_);
  moveRules.bake(moveRules.reachBox(), rules_);
  // Line of sight (SPEC §11.8) between the stopping cells and the cells they can attack.
  if (query_.sight.on && !topology_.hex() && !query_.attack.none()) {
    sight_.bake(map, query_.sight.blockers, moveRules.reachBox().grownBy(query_.attack.maxDistance()));
  }
}

bool RouteBoard::canAttack(Cell from, Cell target) const {
  if (!query_.attack.contains(topology_.distance(from, target))) return false;
  return !query_.sight.on || topology_.hex() || sight_.inSight(from, target);
}

bool RouteBoard::reached(Cell cell) const {
  return range_->reach.contains(cell) && range_->reached(cell);
}

bool RouteBoard::stopping(Cell cell) const {
  return reached(cell) && rules_.box().contains(cell) && cell_rule::mayStop(rules_[cell]);
}

int RouteBoard::entry(Cell cell) const {
  return rules_.box().contains(cell) ? cell_rule::entryCost(rules_[cell]) : 0;
}

bool RouteBoard::haltsTravel(Cell cell) const {
  return cell != query_.unit && rules_.box().contains(cell) && !cell_rule::continues(rules_[cell]);
}

Route startRoute(const RouteBoard& board) {
  return {board.unit()};
}

void enterCell(Route& route, Cell h, const RouteBoard& board) {
  if (route.empty() || route.front() != board.unit()) route = startRoute(board);
  // Rule 1: outside the blue area (enemy cells are never reached).
  if (!board.reached(h)) return;
  // Rule 2: stepping back onto the route cuts it just after h.
  const auto onRoute = std::find(route.begin(), route.end(), h);
  if (onRoute != route.end()) {
    route.erase(onRoute + 1, route.end());
    return;
  }
  // Rule 3: the next cell fits the movement left (or it is the unit's first step), and travel
  // goes on from the route's end (SPEC §11.2: not from a zone of control cell).
  const bool next = board.topology().neighbourIndex(route.back(), h) >= 0;
  const bool fits = routeCost(route, board) + board.entry(h) <= board.moveRange();
  const bool goesOn = route.size() == 1 || !board.haltsTravel(route.back());
  if (next && goesOn && (fits || route.size() == 1)) {
    route.push_back(h);
    return;
  }
  // Rule 4: the cheapest path from the unit; a corrupt result leaves the route as it was.
  Route cheapest = pathTo(board.range(), board.unit(), h);
  if (!cheapest.empty()) route = std::move(cheapest);
}

int routeCost(const Route& route, const RouteBoard& board) {
  int cost = 0;
  for (std::size_t i = 1; i < route.size(); ++i) cost += board.entry(route[i]);
  return cost;
}

bool arrowShows(const Route& route, Cell hovered, const RouteBoard& board) {
  return !route.empty() && route.front() == board.unit() && route.back() == hovered &&
         board.stopping(hovered);
}

std::optional<Route> attackRoute(const Route& route, Cell target, const RouteBoard& board) {
  const RangeResult& range = board.range();
  if (!range.reach.contains(target) || range.reach[target] != Reach::Attackable)
    return std::nullopt;
  const AttackRange& attack = board.attack();
  const int reach = attack.maxDistance();
  const auto inRange = [&](Cell from) { return board.canAttack(from, target); };
  if (!route.empty() && route.front() == board.unit() && board.stopping(route.back()) &&
      inRange(route.back())) {
    return route;
  }
  // Row order over the cells within reach of the target (a distance bounds the rows and the
  // columns on every layout): the first of equal costs has the smaller y, then the smaller x.
  std::optional<Cell> best;
  const int top = std::max(0, target.y - reach);
  const int bottom = std::min(range.height() - 1, target.y + reach);
  const int left = std::max(0, target.x - reach);
  const int right = std::min(range.width() - 1, target.x + reach);
  for (int y = top; y <= bottom; ++y) {
    for (int x = left; x <= right; ++x) {
      const Cell c{x, y};
      if (!board.stopping(c) || !inRange(c)) continue;
      if (!best || range.travelCost[c] < range.travelCost[*best]) best = c;
    }
  }
  if (!best) return std::nullopt;
  Route path = pathTo(range, board.unit(), *best);
  if (path.empty()) return std::nullopt;
  return path;
}

namespace {

// A cell's centre as drawn (SPEC §13), in units that keep it integral, and the weights that turn
// those units into true lengths: with hexes of side s,
// - hex-y-* (pointy-top): a cell is sqrt(3) s wide and rows lie 1.5 s apart; u counts half cell
//   widths (sqrt(3) s / 2), v rows (1.5 s); a shifted row's centres lie half a cell right.
//   Squared length (in s^2 / 4): 3 du^2 + 9 dv^2.
// - hex-x-* (flat-top): columns lie 1.5 s apart and a cell is sqrt(3) s tall; u counts columns
//   (1.5 s), v half cell heights (sqrt(3) s / 2); a shifted column's centres lie half a cell down.
//   Squared length: 9 du^2 + 3 dv^2.
struct HexPlane {
  std::int64_t wu = 0;
  std::int64_t wv = 0;
  Topology topology;

  explicit HexPlane(Topology t) : topology(t) {
    const bool rowsStaggered =
        t.layout() == GridLayout::HexYOdd || t.layout() == GridLayout::HexYEven;
    wu = rowsStaggered ? 3 : 9;
    wv = rowsStaggered ? 9 : 3;
  }
  [[nodiscard]] std::array<std::int64_t, 2> centre(Cell c) const {
    const int shifted = topology.parity(c);
    const bool rowsStaggered = wu == 3;
    return rowsStaggered ? std::array<std::int64_t, 2>{2 * c.x + shifted, c.y}
                         : std::array<std::int64_t, 2>{c.x, 2 * c.y + shifted};
  }
  [[nodiscard]] std::int64_t dot(const std::array<std::int64_t, 2>& p,
                                 const std::array<std::int64_t, 2>& q) const {
    return wu * p[0] * q[0] + wv * p[1] * q[1];
  }
};

std::vector<Cell> hexCellsBetween(Cell a, Cell b, Topology topology) {
  const HexPlane plane(topology);
  const auto pa = plane.centre(a);
  const auto pb = plane.centre(b);
  const std::array<std::int64_t, 2> ab{pb[0] - pa[0], pb[1] - pa[1]};
  const std::int64_t length2 = plane.dot(ab, ab);
  // The squared distance of a point from the segment a-b, times |ab|^2 so that it stays an
  // integer: beyond either end the distance to that end, else to the line.
  const auto offSegment = [&](Cell c) {
    const auto pc = plane.centre(c);
    const std::array<std::int64_t, 2> ac{pc[0] - pa[0], pc[1] - pa[1]};
    const std::array<std::int64_t, 2> bc{pc[0] - pb[0], pc[1] - pb[1]};
    const std::int64_t along = plane.dot(ac, ab);
    if (along <= 0) return plane.dot(ac, ac) * length2;
    if (along >= length2) return plane.dot(bc, bc) * length2;
    return plane.dot(ac, ac) * length2 - along * along;
  };
  std::vector<Cell> cells;
  Cell c = a;
  for (int left = topology.distance(a, b); left > 0; --left) {
    Cell best = c;
    std::int64_t bestOff = 0;
    for (int k = 0; k < topology.neighbourCount(); ++k) {
      const Cell n = topology.neighbour(c, k);
      if (topology.distance(n, b) != left - 1) continue;
      const std::int64_t off = offSegment(n);
      if (best == c || off < bestOff) {
        best = n;
        bestOff = off;
      }
    }
    c = best;
    cells.push_back(c);
  }
  return cells;
}

}  // namespace

std::vector<Cell> cellsBetween(Cell a, Cell b, GridLayout layout) {
  if (isHex(layout)) return hexCellsBetween(a, b, Topology(layout));
  std::vector<Cell> cells;
  const int dx = b.x - a.x;
  const int dy = b.y - a.y;
  const int sx = dx > 0 ? 1 : -1;
  const int sy = dy > 0 ? 1 : -1;
  // Twice the distance of a cell's centre from the line through a and b, times its length.
  const auto offLine = [&](Cell c) { return std::abs(dx * (c.y - a.y) - dy * (c.x - a.x)); };
  Cell c = a;
  while (c != b) {
    const Cell alongX{c.x + sx, c.y};
    const Cell alongY{c.x, c.y + sy};
    if (c.x == b.x) {
      c = alongY;
    } else if (c.y == b.y) {
      c = alongX;
    } else {
      c = offLine(alongX) <= offLine(alongY) ? alongX : alongY;
    }
    cells.push_back(c);
  }
  return cells;
}

}  // namespace tactics
