#include "tactics/solver/sight.h"

#include <algorithm>

#include "tactics/solver/cost_map.h"

namespace tactics {

void SightWindow::bake(const CostMap& map, std::uint64_t blockers, const CellBox& box) {
  box_ = box.clippedTo(map.width(), map.height());
  if (box_.empty()) {
    sums_.assign(1, 0);
    cells_.clear();
    return;
  }
  cells_.assign(static_cast<std::size_t>(box_.width()) * static_cast<std::size_t>(box_.height()), 0);
  const auto stride = static_cast<std::size_t>(box_.width()) + 1;
  sums_.assign(stride * (static_cast<std::size_t>(box_.height()) + 1), 0);
  // Which bytes of the map block, decided once per byte value rather than per cell.
  bool blocking[256] = {};
  for (int byte = 0; byte < 256; ++byte) {
    const int terrain = map.terrainOfByte(static_cast<std::uint8_t>(byte));
    blocking[byte] = terrain >= 0 && terrain < 64 && ((blockers >> terrain) & 1U) != 0;
  }
  for (int y = box_.y0; y <= box_.y1; ++y) {
    const auto row = static_cast<std::size_t>(y - box_.y0) + 1;
    int inRow = 0;
    for (int x = box_.x0; x <= box_.x1; ++x) {
      const auto column = static_cast<std::size_t>(x - box_.x0) + 1;
      const bool blocks = blocking[map.grey({x, y})];
      cells_[(row - 1) * (stride - 1) + column - 1] = blocks ? 1 : 0;
      inRow += blocks ? 1 : 0;
      sums_[row * stride + column] = sums_[(row - 1) * stride + column] + inRow;
    }
  }
}

int SightWindow::count(const CellBox& area) const {
  const CellBox a = area.intersectedWith(box_);
  if (a.empty()) return 0;
  const auto stride = static_cast<std::size_t>(box_.width()) + 1;
  const auto x0 = static_cast<std::size_t>(a.x0 - box_.x0);
  const auto x1 = static_cast<std::size_t>(a.x1 - box_.x0) + 1;
  const auto y0 = static_cast<std::size_t>(a.y0 - box_.y0);
  const auto y1 = static_cast<std::size_t>(a.y1 - box_.y0) + 1;
  return sums_[y1 * stride + x1] - sums_[y0 * stride + x1] - sums_[y1 * stride + x0] +
         sums_[y0 * stride + x0];
}

bool SightWindow::inSight(Cell s, Cell t) const {
  const CellBox between{std::min(s.x, t.x), std::min(s.y, t.y), std::max(s.x, t.x),
                        std::max(s.y, t.y)};
  // No blocker between them but their own cells: nothing to walk.
  if (count(between) == (blocks(s) ? 1 : 0) + (blocks(t) ? 1 : 0)) return true;
  return forEachCrossed(s, t, [&](Cell c) { return !blocks(c); });
}

bool SightWindow::firstBlocker(Cell s, Cell t, Cell& blocker) const {
  return !forEachCrossed(s, t, [&](Cell c) {
    if (!blocks(c)) return true;
    blocker = c;
    return false;
  });
}

std::vector<std::uint32_t> sightSums(const CostMap& map, std::uint64_t blockers) {
  SightWindow window;
  window.bake(map, blockers, CellBox{0, 0, map.width() - 1, map.height() - 1});
  const auto stride = static_cast<std::size_t>(map.width()) + 1;
  std::vector<std::uint32_t> sums(stride * (static_cast<std::size_t>(map.height()) + 1), 0);
  for (int y = 0; y < map.height(); ++y) {
    for (int x = 0; x < map.width(); ++x) {
      sums[(static_cast<std::size_t>(y) + 1) * stride + static_cast<std::size_t>(x) + 1] =
          static_cast<std::uint32_t>(window.count(CellBox{0, 0, x, y}));
    }
  }
  return sums;
}

bool sightBlockersOf(const std::vector<std::string>& names,
                     const std::vector<std::string>& terrainNames, std::uint64_t& blockers,
                     std::string& problem) {
  blockers = 0;
  for (const std::string& name : names) {
    const auto at = std::find(terrainNames.begin(), terrainNames.end(), name);
    if (at == terrainNames.end()) {
      problem = "unknown terrain \"" + name + "\"";
      return false;
    }
    const auto bit = std::uint64_t{1} << (at - terrainNames.begin());
    if ((blockers & bit) != 0) {
      problem = "terrain \"" + name + "\" is named twice";
      return false;
    }
    blockers |= bit;
  }
  return true;
}

std::vector<std::string> sightBlockerNames(std::uint64_t blockers,
                                           const std::vector<std::string>& terrainNames) {
  std::vector<std::string> names;
  for (std::size_t i = 0; i < terrainNames.size() && i < 64; ++i) {
    if (((blockers >> i) & 1U) != 0) names.push_back(terrainNames[i]);
  }
  return names;
}

}  // namespace tactics
