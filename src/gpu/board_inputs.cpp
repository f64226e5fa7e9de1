#include "board_inputs.h"

namespace tactics::gpu {

namespace {
constexpr GLuint kUnreached = 0xFFFFFFFFu;
}  // namespace

std::array<int, kTerrainClasses> terrainCostUniform(const MovementClass& movement) {
  std::array<int, kTerrainClasses> costs{};
  for (int t = 0; t < kTerrainClasses; ++t) {
    costs[static_cast<std::size_t>(t)] = movement.passable(t) ? movement.cost(t) : 0;
  }
  return costs;
}

std::vector<std::uint8_t> terrainClasses(const CostMap& map) {
  std::vector<std::uint8_t> classes;
  classes.reserve(map.greyValues().size());
  for (std::uint8_t grey : map.greyValues()) {
    classes.push_back(static_cast<std::uint8_t>(terrainClass(grey)));
  }
  return classes;
}

namespace {

// The greys of `cells` out of the whole map's bytes: GL_UNPACK_ROW_LENGTH picks the sub-rectangle.
void uploadGreyBox(GLuint mapTexture, const CostMap& map, const CellBox& cells, GLenum format) {
  glBindTexture(GL_TEXTURE_2D, mapTexture);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, map.width());
  const std::size_t first =
      static_cast<std::size_t>(cells.y0) * static_cast<std::size_t>(map.width()) +
      static_cast<std::size_t>(cells.x0);
  glTexSubImage2D(GL_TEXTURE_2D, 0, cells.x0, cells.y0, cells.width(), cells.height(), format,
                  GL_UNSIGNED_BYTE, map.greyValues().data() + first);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
  glBindTexture(GL_TEXTURE_2D, 0);
}

}  // namespace

void uploadGreys(GLuint mapTexture, const CostMap& map, const CellBox& cells) {
  uploadGreyBox(mapTexture, map, cells, GL_RED);
}

void uploadGreyIntegers(GLuint mapTexture, const CostMap& map, const CellBox& cells) {
  uploadGreyBox(mapTexture, map, cells, GL_RED_INTEGER);
}

void OccupantTexels::rewrite(GLuint texture, const RangeQuery& query) {
  glBindTexture(GL_TEXTURE_2D, texture);
  const auto write = [](Cell c, Occupant value) {
    const auto byte = static_cast<std::uint8_t>(value);
    glTexSubImage2D(GL_TEXTURE_2D, 0, c.x, c.y, 1, 1, GL_RED_INTEGER, GL_UNSIGNED_BYTE, &byte);
  };
  for (Cell c : occupied_) write(c, Occupant::None);
  occupied_.clear();
  for (Cell c : query.allies) write(c, Occupant::Ally);
  for (Cell c : query.enemies) write(c, Occupant::Enemy);
  occupied_.insert(occupied_.end(), query.allies.begin(), query.allies.end());
  occupied_.insert(occupied_.end(), query.enemies.begin(), query.enemies.end());
}

std::vector<std::uint8_t> fieldOccupantBits(const FieldQuery& query, int width, int height) {
  std::vector<std::uint8_t> bits(
      static_cast<std::size_t>(width) * static_cast<std::size_t>(height), 0);
  const auto at = [&](Cell c) -> std::uint8_t& {
    return bits[static_cast<std::size_t>(c.y) * static_cast<std::size_t>(width) +
                static_cast<std::size_t>(c.x)];
  };
  for (Cell c : query.sources) at(c) |= kFieldSourceBit;
  for (Cell c : query.blockers) at(c) |= kFieldBlockerBit;
  return bits;
}

DistanceField fieldFromCosts(const std::vector<GLuint>& costs, int width, int height) {
  DistanceField field(width, height, kFieldUnreachable);
  for (std::size_t i = 0; i < costs.size(); ++i) {
    if (costs[i] != kUnreached) field.cells()[i] = static_cast<FieldCost>(costs[i]);
  }
  return field;
}

}  // namespace tactics::gpu
