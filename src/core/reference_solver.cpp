#include "tactics/solver/reference_solver.h"

#include "tactics/solver/move_rules.h"

#include "attack_marks.h"

#include <algorithm>
#include <array>
#include <cstdint>

namespace tactics {

namespace {

// One cell of the search's window, as this solve knows it. A node belongs to the solve whose
// number it holds: an older number means "not reached yet, rule not read", so a solve neither
// fills its grids first nor bakes rules for cells it never reaches (a game or a bench asks
// thousands of small queries, and that whole-window work was a third of each).
struct Node {
  std::uint32_t solve = 0;
  std::uint16_t cost = 0;   // cheapest travel cost, kUnreached until a path enters the cell
  std::uint8_t steps = 0;   // among cheapest paths, the fewest steps (<= cost <= 255, or 1)
  CellRule rule = 0;        // the seam's rule, and kSettled once the search has expanded it
};

constexpr std::uint16_t kUnreached = 0xFFFF;
constexpr CellRule kSettled = 0x80;
static_assert((kSettled & (cell_rule::kCostMask | cell_rule::kNoStop | cell_rule::kHalt)) == 0,
              "kSettled must be a bit no rule uses");

// A cell waiting in Dial's buckets, with its node's index.
struct Queued {
  Cell cell;
  std::uint32_t node = 0;
};

// One of Dial's buckets: the cells queued at one travel cost. A push is a compare and a store;
// the storage only grows, in a call of its own, and is kept from one solve to the next.
class Bucket {
 public:
  void push(Queued q) {
    if (size_ == items_.size()) grow();
    items_[size_++] = q;
  }
  void clear() { size_ = 0; }
  [[nodiscard]] const Queued* begin() const { return items_.data(); }
  [[nodiscard]] const Queued* end() const { return items_.data() + size_; }

 private:
  [[gnu::noinline]] void grow() { items_.resize(items_.size() * 2 + 64); }
  std::vector<Queued> items_;
  std::size_t size_ = 0;
};

// The storage one thread's solves reuse.
struct Scratch {
  std::vector<Node> nodes;
  std::uint32_t solve = 0;
  std::vector<Bucket> buckets;
  AttackMarks marks;  // the reached cells, and those the mover may stop on
};

Scratch& scratch() {
  thread_local Scratch kept;
  return kept;
}

// The nodes of one solve: the window of cells within moveRange steps of the unit, framed by a
// ring of nodes no path enters, so that a step never needs a bounds check.
class Window {
 public:
  Window(const CostMap& map, const MoveRules& rules, Scratch& s)
      : box_(rules.reachBox()),
        stride_(static_cast<std::uint32_t>(box_.width() + 2)),
        terrain_(rules.terrainRules()),
        grey_(map.greyValues().data()),
        mapWidth_(map.width()) {
    const std::size_t count =
        std::size_t{stride_} * static_cast<std::size_t>(box_.height() + 2);
    if (s.nodes.size() < count) s.nodes.resize(count);
    if (++s.solve == 0) {  // the numbers wrapped: forget every old one
      for (Node& n : s.nodes) n.solve = 0;
      s.solve = 1;
    }
    nodes_ = s.nodes.data();
    solve_ = s.solve;
    frame();
    rules.applyUnits(box_, [&](Cell c) -> CellRule& { return at(index(c), c).rule; });
  }

  [[nodiscard]] const CellBox& box() const { return box_; }
  [[nodiscard]] std::uint32_t stride() const { return stride_; }
  [[nodiscard]] std::uint32_t index(Cell c) const {
    return static_cast<std::uint32_t>(c.y - box_.y0 + 1) * stride_ +
           static_cast<std::uint32_t>(c.x - box_.x0 + 1);
  }
  // The node of cell `c` (at `index`), its rule read from the terrain the first time this solve
  // asks for it.
  Node& at(std::uint32_t index, Cell c) {
    Node& n = nodes_[index];
    if (n.solve != solve_) {
      const auto byte = grey_[static_cast<std::ptrdiff_t>(c.y) * mapWidth_ + c.x];
      n = Node{solve_, kUnreached, 0, terrain_[byte]};
    }
    return n;
  }
  // The node at `index` if a path reached it in this solve.
  [[nodiscard]] const Node* reached(std::uint32_t index) const {
    const Node& n = nodes_[index];
    return n.solve == solve_ && n.cost != kUnreached ? &n : nullptr;
  }

 private:
  // The ring around the box: entered by no path (it lies outside the window or the map).
  void frame() {
    const Node wall{solve_, kUnreached, 0, 0};
    const std::uint32_t rows = static_cast<std::uint32_t>(box_.height() + 2);
    for (std::uint32_t x = 0; x < stride_; ++x) {
      nodes_[x] = wall;
      nodes_[(rows - 1) * stride_ + x] = wall;
    }
    for (std::uint32_t y = 1; y + 1 < rows; ++y) {
      nodes_[y * stride_] = wall;
      nodes_[y * stride_ + stride_ - 1] = wall;
    }
  }

  CellBox box_;
  std::uint32_t stride_;
  std::array<CellRule, 256> terrain_;
  const std::uint8_t* grey_;
  std::ptrdiff_t mapWidth_;
  Node* nodes_ = nullptr;
  std::uint32_t solve_ = 0;
};

// Where a search writes each cell it settles. A RangeResult takes reach, cost and the parent
// the GPU passes pick; masks (a caller's arrays) take cost and kind, and parents when asked.
class ResultSink {
 public:
  static constexpr bool kParents = true;
  explicit ResultSink(RangeResult& result)
      : result_(result), width_(static_cast<std::size_t>(result.width())) {}
  void settled(Cell c, int cost, bool /*mayStop*/) {
    const std::size_t at = index(c);
    result_.reach.cells()[at] = Reach::Reached;
    result_.travelCost.cells()[at] = cost;
  }
  void parent(Cell c, Direction dir) { result_.parent.cells()[index(c)] = dir; }

 private:
  [[nodiscard]] std::size_t index(Cell c) const {
    return static_cast<std::size_t>(c.y) * width_ + static_cast<std::size_t>(c.x);
  }
  RangeResult& result_;
  std::size_t width_;
};

template <bool Parents>
class MaskSink {
 public:
  static constexpr bool kParents = Parents;
  MaskSink(const RangeMasks& masks, int width)
      : masks_(masks), width_(static_cast<std::size_t>(width)) {}
  void settled(Cell c, int cost, bool mayStop) {
    const std::size_t at = index(c);
    masks_.cost[at] = static_cast<std::int16_t>(cost);
    masks_.kind[at] = static_cast<std::uint8_t>(mayStop ? CellKind::Move : CellKind::Pass);
  }
  void parent(Cell c, Direction dir) {
    if constexpr (Parents) masks_.parent[index(c)] = static_cast<std::uint8_t>(dir);
  }
  void attacked(Cell c) { masks_.kind[index(c)] = static_cast<std::uint8_t>(CellKind::Attack); }
  void start(Cell c) { masks_.kind[index(c)] = static_cast<std::uint8_t>(CellKind::Start); }

 private:
  [[nodiscard]] std::size_t index(Cell c) const {
    return static_cast<std::size_t>(c.y) * width_ + static_cast<std::size_t>(c.x);
  }
  const RangeMasks& masks_;
  std::size_t width_;
};

// Dial's algorithm from the unit, writing each cell into the sink as it settles: one bucket
// per travel cost 0..range. A cell that halts travel (SPEC §2's one-step cells beyond the range,
// and whatever the rules seam says halts) is settled like any other but expands nothing; every
// other cell beyond the range is never reached.
template <class Sink>
class RangeSearch {
 public:
  RangeSearch(const Topology& topology, const RangeQuery& query, Window& window, Scratch& s,
              Sink& sink)
      : topology_(topology),
        neighbours_(topology.neighbourCount()),
        query_(query),
        window_(window),
        s_(s),
        sink_(sink),
        start_(window.index(query.unit)) {
    // A step in the window is an index offset; on a hex board it depends on the cell's parity.
    const auto stride = static_cast<std::int64_t>(window.stride());
    for (int parity = 0; parity < 2; ++parity) {
      for (int k = 0; k < neighbours_; ++k) {
        const Offset o = topology.offset(parity, k);
        steps_[static_cast<std::size_t>(parity)][static_cast<std::size_t>(k)] = {
            o, static_cast<std::uint32_t>(o.dx + o.dy * stride)};
      }
    }
  }

  // Returns the most steps of a reached cell's path.
  int run() {
    const int range = query_.moveRange;
    Node& start = window_.at(start_, query_.unit);
    start.cost = 0;
    start.steps = 0;
    auto& buckets = s_.buckets;
    for (auto& bucket : buckets) bucket.clear();
    if (buckets.size() < static_cast<std::size_t>(range) + 1) {
      buckets.resize(static_cast<std::size_t>(range) + 1);
    }
    buckets[0].push({query_.unit, start_});
    for (int cost = 0; cost <= range; ++cost) {
      for (const Queued q : buckets[static_cast<std::size_t>(cost)]) {
        Node& from = window_.at(q.node, q.cell);
        if (from.rule & kSettled) continue;  // a cheaper (or shorter) entry came out earlier
        from.rule |= kSettled;
        settle(q, from);
        if (range == 0 || (q.node != start_ && !cell_rule::continues(from.rule))) continue;
        expand(q, from, cost);
      }
    }
    return mostSteps_;
  }

 private:
  void expand(const Queued& q, const Node& from, int cost) {
    const int range = query_.moveRange;
    const int steps = from.steps + 1;
    const auto& moves = movesOf(q.cell);
    for (int k = 0; k < neighbours_; ++k) {
      const Move& m = moves[static_cast<std::size_t>(k)];
      const Cell c{q.cell.x + m.offset.dx, q.cell.y + m.offset.dy};
      const std::uint32_t index = q.node + m.index;
      Node& to = window_.at(index, c);
      if (!cell_rule::enterable(to.rule)) continue;
      const int total = cost + cell_rule::entryCost(to.rule);
      if (total > range && q.node != start_) continue;
      if (total < to.cost || (total == to.cost && steps < to.steps)) {
        to.cost = static_cast<std::uint16_t>(total);
        to.steps = static_cast<std::uint8_t>(steps);
        if (total <= range) {
          s_.buckets[static_cast<std::size_t>(total)].push({c, index});
        } else {
          // SPEC §2's one-step rule: a neighbour of the start beyond the range, reached only
          // from the start, and final now.
          settle({c, index}, to);
        }
      }
    }
  }

  // Writes a cell whose cost and steps are final into the sink, with its parent: the first
  // neighbour in the board's order (up, down, left, right; SPEC §13's on hex) that leads on and held its final cost one pass before
  // this cell reached its own (the parent the synchronous passes settle on). Every such
  // neighbour is cheaper, so it settled earlier.
  void settle(const Queued& q, const Node& node) {
    const bool mayStop = cell_rule::mayStop(node.rule);
    sink_.settled(q.cell, node.cost, mayStop);
    mostSteps_ = std::max(mostSteps_, int{node.steps});
    s_.marks.reached(q.cell, mayStop);
    if (!Sink::kParents || q.node == start_) return;
    const int enter = cell_rule::entryCost(node.rule);
    const auto& moves = movesOf(q.cell);
    for (int k = 0; k < neighbours_; ++k) {
      const std::uint32_t index = q.node + moves[static_cast<std::size_t>(k)].index;
      const Node* n = window_.reached(index);
      if (n == nullptr || !leads(index, *n)) continue;
      if (n->cost + enter == node.cost && n->steps + 1 == node.steps) {
        sink_.parent(q.cell, neighbourDirection(k));
        return;
      }
    }
  }

  // A reached cell can lead on to its neighbours: the start, or a cell within the range that
  // does not halt travel.
  [[nodiscard]] bool leads(std::uint32_t index, const Node& n) const {
    return index == start_ || (n.cost <= query_.moveRange && cell_rule::continues(n.rule));
  }

  // One step from a node: where it goes on the map and in the window.
  struct Move {
    Offset offset;
    std::uint32_t index = 0;
  };
  using Moves = std::array<Move, Topology::kMaxNeighbours>;
  [[nodiscard]] const Moves& movesOf(Cell c) const {
    return steps_[static_cast<std::size_t>(topology_.parity(c))];
  }

  Topology topology_;
  int neighbours_;
  std::array<Moves, 2> steps_{};  // by the cell's parity
  const RangeQuery& query_;
  Window& window_;
  Scratch& s_;
  Sink& sink_;
  std::uint32_t start_;
  int mostSteps_ = 0;
};

// The relaxation passes the GPU runs for this answer: pass k settles the cells whose fewest-step
// cheapest path has k steps; the pass after the last of those changes nothing, and no more than
// moveRange passes are ever needed.
int passesFor(const RangeQuery& query, int mostSteps) {
  const int range = query.moveRange;
  return range == 0 ? 0 : std::min(range, mostSteps + 1);
}

}  // namespace

RangeResult solveReference(const CostMap& map, const RangeQuery& query) {
  RangeResult result(map.width(), map.height());
  result.written = CellBox{};  // fresh: every cell holds its defaults
  solveReference(map, query, result);
  return result;
}

void solveReference(const CostMap& map, const RangeQuery& query, RangeResult& result) {
  clearForRefill(result, map.width(), map.height(), map.layout());
  // Work in the window of cells within moveRange steps, never the whole map, on the rules the
  // seam gives, read as the search reaches each cell.
  Scratch& s = scratch();
  const MoveRules rules(map, query);
  Window window(map, rules, s);
  s.marks.begin(window.box(), query.attack, map.width(), map.height(), map.layout());
  s.marks.useSight(map, query.sight);
  ResultSink sink(result);
  const int mostSteps = RangeSearch<ResultSink>(map.topology(), query, window, s, sink).run();
  result.written = window.box();
  result.passes = passesFor(query, mostSteps);
  s.marks.mark(result);
}

namespace {

template <bool Parents>
int solveMasks(const CostMap& map, const RangeQuery& query, const RangeMasks& masks) {
  const auto cells = static_cast<std::size_t>(map.width()) * static_cast<std::size_t>(map.height());
  std::fill(masks.cost, masks.cost + cells, std::int16_t{-1});
  std::fill(masks.kind, masks.kind + cells, static_cast<std::uint8_t>(CellKind::None));
  if constexpr (Parents)
    std::fill(masks.parent, masks.parent + cells, parentCode(map.layout(), Direction::None));
  Scratch& s = scratch();
  const MoveRules rules(map, query);
  Window window(map, rules, s);
  s.marks.begin(window.box(), query.attack, map.width(), map.height(), map.layout());
  s.marks.useSight(map, query.sight);
  MaskSink<Parents> sink(masks, map.width());
  const int mostSteps = RangeSearch<MaskSink<Parents>>(map.topology(), query, window, s, sink).run();
  // Every reached cell holds a kind now, so a marked cell still at None is an attack cell.
  s.marks.forEachAttacked([&](Cell c) { sink.attacked(c); });
  sink.start(query.unit);
  return passesFor(query, mostSteps);
}

}  // namespace

int solveReference(const CostMap& map, const RangeQuery& query, const RangeMasks& masks) {
  return masks.parent != nullptr ? solveMasks<true>(map, query, masks)
                                 : solveMasks<false>(map, query, masks);
}

namespace {

// markAttackable's work, under `sight` on `map` when given (SPEC §11.8).
void markFrom(RangeResult& result, const AttackRange& attack, const RuleWindow& rules,
              const CostMap* map, const SightRule& sight) {
  if (attack.none()) return;
  // Stopping cells: reached, and the mover may end its move there (SPEC §3). Reached cells all
  // lie in the result's written box and in the rules' box.
  const CellBox searched =
      result.written.clippedTo(result.width(), result.height()).intersectedWith(rules.box());
  if (searched.empty()) return;
  AttackMarks marks;
  marks.begin(searched, attack, result.width(), result.height(), result.layout);
  if (map != nullptr) marks.useSight(*map, sight);
  for (int y = searched.y0; y <= searched.y1; ++y) {
    for (int x = searched.x0; x <= searched.x1; ++x) {
      const Reach reach = result.reach[{x, y}];
      if (reach == Reach::None) continue;
      marks.reached({x, y}, reach == Reach::Reached && cell_rule::mayStop(rules[{x, y}]));
    }
  }
  marks.mark(result);
}

}  // namespace

void markAttackable(RangeResult& result, const AttackRange& attack, const RuleWindow& rules) {
  markFrom(result, attack, rules, nullptr, SightRule{});
}

void applySight(const CostMap& map, const RangeQuery& query, RangeResult& result) {
  if (!query.sight.on || query.attack.none() || map.topology().hex()) return;
  const CellBox written = result.written.clippedTo(result.width(), result.height());
  for (int y = written.y0; y <= written.y1; ++y) {
    for (int x = written.x0; x <= written.x1; ++x) {
      if (result.reach[{x, y}] == Reach::Attackable) result.reach[{x, y}] = Reach::None;
    }
  }
  const MoveRules moveRules(map, query);
  markFrom(result, query.attack, moveRules.bake(moveRules.reachBox()), &map, query.sight);
}

}  // namespace tactics
