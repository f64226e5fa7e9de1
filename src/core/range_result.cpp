#include "tactics/solver/range_result.h"

#include <algorithm>
#include <stdexcept>

namespace tactics {

CellKind cellKind(const RangeQuery& query, const RangeResult& result, Cell c) {
  if (c == query.unit) return CellKind::Start;
  switch (result.reach[c]) {
    case Reach::None: return CellKind::None;
    case Reach::Attackable: return CellKind::Attack;
    case Reach::Reached: break;
  }
  if (!query.ignoreUnits) {
    for (const auto* side : {&query.allies, &query.enemies}) {
      if (std::find(side->begin(), side->end(), c) != side->end()) return CellKind::Pass;
    }
  }
  return CellKind::Move;
}

void writeKinds(const RangeQuery& query, const RangeResult& result, std::uint8_t* kinds) {
  constexpr std::uint8_t kKindOf[] = {static_cast<std::uint8_t>(CellKind::None),
                                      static_cast<std::uint8_t>(CellKind::Move),
                                      static_cast<std::uint8_t>(CellKind::Attack)};
  const std::vector<Reach>& reach = result.reach.cells();
  for (std::size_t i = 0; i < reach.size(); ++i) kinds[i] = kKindOf[static_cast<int>(reach[i])];
  const auto at = [&](Cell c) {
    return static_cast<std::size_t>(c.y) * static_cast<std::size_t>(result.width()) +
           static_cast<std::size_t>(c.x);
  };
  if (!query.ignoreUnits) {
    for (const auto* side : {&query.allies, &query.enemies}) {
      for (const Cell c : *side) {
        if (result.reached(c)) kinds[at(c)] = static_cast<std::uint8_t>(CellKind::Pass);
      }
    }
  }
  kinds[at(query.unit)] = static_cast<std::uint8_t>(CellKind::Start);
}

std::vector<std::uint8_t> encodeState(const CostMap& map, const RangeResult& result) {
  std::vector<std::uint8_t> rgba;
  rgba.reserve(static_cast<std::size_t>(map.width() * map.height()) * 4);
  for (int y = 0; y < map.height(); ++y) {
    for (int x = 0; x < map.width(); ++x) {
      const Cell c{x, y};
      const Reach reach = result.reach[c];
      rgba.push_back(map.grey(c));
      rgba.push_back(reach == Reach::Reached      ? state_bytes::kReached
                     : reach == Reach::Attackable ? state_bytes::kAttackable
                                                  : state_bytes::kNone);
      rgba.push_back(static_cast<std::uint8_t>(reach == Reach::Reached ? result.travelCost[c] : 0));
      rgba.push_back(stateParentByte(map.layout(), result.parent[c]));
    }
  }
  return rgba;
}

void writeMasks(const RangeQuery& query, const RangeResult& result, std::int16_t* cost,
                std::uint8_t* kind, std::uint8_t* parent) {
  // Travel costs fit: at most 255, or 15 for a neighbour reached by the one-step rule.
  if (cost != nullptr) {
    std::transform(result.travelCost.cells().begin(), result.travelCost.cells().end(), cost,
                   [](int c) { return static_cast<std::int16_t>(c); });
  }
  if (kind != nullptr) writeKinds(query, result, kind);
  if (parent != nullptr) {
    std::transform(result.parent.cells().begin(), result.parent.cells().end(), parent,
                   [&](Direction d) { return parentCode(result.layout, d); });
  }
}

void clearForRefill(RangeResult& result, int width, int height, GridLayout layout) {
  if (result.width() != width || result.height() != height) {
    result = RangeResult(width, height, layout);
  } else {
    // Row by row, each grid's run of the row at once.
    const CellBox box = result.written.clippedTo(width, height);
    for (int y = box.y0; y <= box.y1 && !box.empty(); ++y) {
      const auto first = static_cast<std::ptrdiff_t>(y) * width + box.x0;
      std::fill_n(result.reach.cells().begin() + first, box.width(), Reach::None);
      std::fill_n(result.travelCost.cells().begin() + first, box.width(), -1);
      std::fill_n(result.parent.cells().begin() + first, box.width(), Direction::None);
    }
  }
  result.layout = layout;
  result.written = CellBox{};
  result.passes = 0;
}

void decodeStateBox(const CellBox& box, const std::vector<std::uint8_t>& rgba, RangeResult& result) {
  if (rgba.size() != static_cast<std::size_t>(box.area()) * 4) {
    throw std::invalid_argument("decodeStateBox: wrong number of bytes");
  }
  decodeStateBox(box, rgba.data(), static_cast<std::size_t>(box.width()) * 4, result);
}

void decodeStateBox(const CellBox& box, const std::uint8_t* rgba, std::size_t rowBytes,
                    RangeResult& result) {
  for (int y = box.y0; y <= box.y1; ++y) {
    const std::uint8_t* texel = rgba + static_cast<std::size_t>(y - box.y0) * rowBytes;
    for (int x = box.x0; x <= box.x1; ++x, texel += 4) {
      const Cell c{x, y};
      const std::uint8_t g = texel[1];
      const Reach reach = g >= 192 ? Reach::Reached : g >= 64 ? Reach::Attackable : Reach::None;
      result.reach[c] = reach;
      result.travelCost[c] = reach == Reach::Reached ? texel[2] : -1;
      result.parent[c] = parentOfStateByte(result.layout, texel[3]);
    }
  }
  result.written = result.written.unitedWith(box);
}

RangeResult decodeState(int width, int height, GridLayout layout,
                        const std::vector<std::uint8_t>& rgba) {
  if (rgba.size() != static_cast<std::size_t>(width * height) * 4) {
    throw std::invalid_argument("decodeState: wrong number of bytes");
  }
  RangeResult result(width, height, layout);
  decodeStateBox(CellBox{0, 0, width - 1, height - 1}, rgba, result);
  return result;
}

}  // namespace tactics
